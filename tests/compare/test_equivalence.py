"""The STRIPS model says exactly what the simulator does (issue: model equivalence).

In sampled states of every level, the ground actions applicable under `helltaker.strips`
correspond one to one to the key presses the simulator accepts (none once the goal holds,
R-G2), with the same successor state and the same cost. The check itself lives here, the only
place that runs it; the compare report cites this file for our model's rule coverage.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import ROOT, SHARED, shared_level_files, shared_params

from strips_model.level import Level, State
from strips_model.level_file import level_from_rows, load_level, parse_level
from strips_model.moves import Direction
from strips_model.schema import Domain, helltaker_domain, parse_domain
from strips_model.simulator import Move, is_goal, step
from translator.ground.exact_semantics import Grounder
from translator.model.level_facts import level_facts, state_atoms

STATES_PER_LEVEL = 200
RANDOM_LEVELS = 50
MODEL_TEXT = (ROOT / "strips_model" / "helltaker.strips").read_text("utf-8")


@dataclass(frozen=True, slots=True)
class Mismatch:
    state: State
    direction: Direction | None
    problem: str

    def __str__(self) -> str:
        where = f"key '{self.direction}'" if self.direction else "state"
        return f"{where} in {self.state}: {self.problem}"


def sample_states(level: Level, count: int, seed: int, walk_length: int = 40) -> list[State]:
    """`count` distinct states reached by seeded random walks of legal key presses, or every
    reachable state when there are no more than `count` (then the check is exhaustive)."""
    everything = _reachable(level, limit=count + 1)
    if len(everything) <= count:
        return everything
    rng = random.Random(seed)
    seen: dict[State, None] = {level.start: None}
    attempts = 0
    while len(seen) < count and attempts < count * 4:
        attempts += 1
        state = level.start
        for _ in range(rng.randrange(1, walk_length + 1)):
            moves = _successors(level, state)
            if not moves:
                break
            state = rng.choice(moves)
            seen.setdefault(state, None)
            if len(seen) >= count:
                break
    return list(seen)


def _successors(level: Level, state: State) -> list[State]:
    if is_goal(level, state):
        return []  # the level is over (R-G2)
    return [m.state for d in Direction if isinstance(m := step(level, state, d), Move)]


def _reachable(level: Level, limit: int) -> list[State]:
    seen: dict[State, None] = {level.start: None}
    frontier = [level.start]
    while frontier and len(seen) < limit:
        successors = [s for state in frontier for s in _successors(level, state) if s not in seen]
        frontier = list(dict.fromkeys(successors))
        seen.update(dict.fromkeys(frontier))
    return list(seen)[:limit]


def mismatches_in(domain: Domain, level: Level, states: list[State]) -> list[Mismatch]:
    grounder = Grounder(domain, level_facts(level))
    mismatches: list[Mismatch] = []
    for state in states:
        atoms = state_atoms(level, state)
        model: dict[Direction, list[tuple[str, frozenset[tuple[str, ...]], int]]] = {}
        for action in grounder.applicable(atoms):
            direction = next((direction for _, value in action.binding
                              if (direction := Direction.of_pddl_name(value)) is not None), None)
            if direction is None:
                mismatches.append(Mismatch(state, None, f"{action.schema} has no direction"))
                continue
            model.setdefault(direction, []).append(
                (action.schema, action.apply(atoms), action.cost))
        game: dict[Direction, Move] = {}
        if not is_goal(level, state):
            game = {d: m for d in Direction if isinstance(m := step(level, state, d), Move)}
        for direction in Direction:
            found = model.get(direction, [])
            if direction not in game:
                if found:
                    mismatches.append(Mismatch(state, direction, "the game has no action but "
                                      f"the model applies {[f[0] for f in found]}"))
                continue
            if len(found) != 1:
                mismatches.append(Mismatch(state, direction, f"the game has one action, the "
                                  f"model {len(found)}: {[f[0] for f in found]}"))
                continue
            schema, successor, cost = found[0]
            move = game[direction]
            expected = state_atoms(level, move.state)
            if successor != expected:
                extra = sorted(successor - expected)
                missing = sorted(expected - successor)
                mismatches.append(Mismatch(state, direction, f"{schema} gives a different "
                                  f"state: extra {extra}, missing {missing}"))
            if cost != move.cost:
                mismatches.append(Mismatch(state, direction,
                                           f"{schema} costs {cost}, the game {move.cost}"))
    return mismatches


def random_level(rng: random.Random, width: int, height: int, source: str) -> Level:
    """A walled `width` x `height` level of any symbol mix, solvable or not."""
    inner = [(row, column) for row in range(1, height - 1) for column in range(1, width - 1)]
    grid = [["#"] * width for _ in range(height)]
    for row, column in inner:
        roll = rng.random()
        for symbol, share in (("#", 0.15), ("B", 0.12), ("M", 0.1), ("S", 0.06),
                              ("T", 0.1 / 2), ("U", 0.1 / 2)):
            if roll < share:
                if symbol == "B" and rng.random() < 0.3:
                    symbol = rng.choice("OPQ")  # a boulder on spikes or a trap
                grid[row][column] = symbol
                break
            roll -= share
        else:
            grid[row][column] = " "
    special = rng.sample(inner, 4)
    grid[special[0][0]][special[0][1]] = "H"
    grid[special[1][0]][special[1][1]] = "D"
    if rng.random() < 0.5:
        grid[special[2][0]][special[2][1]] = "K"
        grid[special[3][0]][special[3][1]] = "L"
    return level_from_rows(f"random {width}x{height}", 30, ["".join(row) for row in grid],
                           source)


@pytest.mark.parametrize("relpath", shared_params(shared_level_files()))
def test_model_matches_simulator_on_shared_levels(relpath: str) -> None:
    level = load_level(str(SHARED / "levels" / relpath))
    states = sample_states(level, STATES_PER_LEVEL, seed=2026)
    assert mismatches_in(helltaker_domain(), level, states) == []


@pytest.mark.parametrize("path", sorted(p.name for p in (ROOT / "levels").glob("*.txt")))
def test_model_matches_simulator_on_repo_levels(path: str) -> None:
    level = load_level(str(ROOT / "levels" / path))
    assert mismatches_in(helltaker_domain(), level, sample_states(level, STATES_PER_LEVEL, 7)) == []


def test_sampling_gives_the_count_asked_or_every_reachable_state() -> None:
    """Small maps have fewer reachable states than the sample size: then all are checked."""
    big = load_level(str(ROOT / "levels" / "level1.txt"))
    states = sample_states(big, STATES_PER_LEVEL, 3)
    assert len(set(states)) == len(states) == STATES_PER_LEVEL
    corridor = parse_level("c\n9\n#H  D#\n")
    assert set(sample_states(corridor, STATES_PER_LEVEL, 3)) == {
        corridor.start,
        *(s for s in sample_states(corridor, 1000, 4)),
    }
    assert len(sample_states(corridor, STATES_PER_LEVEL, 3)) == 3  # start, 1 and 2 steps right


def test_model_matches_simulator_on_random_levels() -> None:
    checked = 0
    for seed in range(RANDOM_LEVELS):
        rng = random.Random(seed)
        level = random_level(rng, rng.randint(4, 9), rng.randint(4, 8), f"<random {seed}>")
        states = sample_states(level, 60, seed)
        mismatches = mismatches_in(helltaker_domain(), level, states)
        assert mismatches == [], f"seed {seed}: {mismatches[0]}"
        checked += len(states)
    assert checked > RANDOM_LEVELS * 10


def _broken(old: str, new: str) -> str:
    assert MODEL_TEXT.count(old) >= 1, old
    return MODEL_TEXT.replace(old, new, 1)


# Each mutation is a plausible modelling slip; the check must catch every one.
MUTATIONS = {
    "step ignores obstacles": ("hero(H), adjacent(H, N, Dir), -occupied(N), calm(N, P),",
                               "hero(H), adjacent(H, N, Dir), calm(N, P),"),
    "spikes cost 1": ("    Cost: 2\n\n# ---- R-A1", "    Cost: 1\n\n# ---- R-A1"),
    "doomed skeleton never dies": (
        "Effect: -skeleton(S), -occupied(S), skeleton(M), occupied(M), doomed(M),\n"
        "            -phase(P), phase(Q),\n            -doomed(D), -skeleton(D), -occupied(D)",
        "Effect: -skeleton(S), -occupied(S), skeleton(M), occupied(M), doomed(M),\n"
        "            -phase(P), phase(Q),\n            -doomed(D)"),
    "key not taken": ("Effect: -hero(H), hero(N), has_key(K), won(G),",
                      "Effect: -hero(H), hero(N), won(G),"),
}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_a_broken_schema_is_caught(mutation: str) -> None:
    domain = parse_domain(_broken(*MUTATIONS[mutation]), "broken.strips")
    found = 0
    for path in sorted((ROOT / "levels").glob("*.txt")) + sorted(
            Path(SHARED / "levels").glob("*/*.txt")):
        level = load_level(str(path))
        found += len(mismatches_in(domain, level, sample_states(level, 100, 1)))
        if found:
            break
    assert found > 0, f"the mutation {mutation!r} went unnoticed"
