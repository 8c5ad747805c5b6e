"""Hard levels on purpose: a local search over layouts towards difficulty targets.

It starts from the level `generate_level` samples for the seed and proposes one local edit
per step, sometimes two or three (move, add or remove a wall; move an object, the key, the
lock, the demon or the hero). An edit is kept when the level stays solvable and its
difficulty score (`Targets.score`: targets met, then expansions, then cost) does not drop;
ties are kept so the search can cross plateaus. It stops as soon as every target is met
(without targets it takes all its steps, towards more expansions), or after its steps,
missing one. Candidates are solved by the `search` planner's A* in this process, capped in
expansions; the level kept is solved again by the `search` planner itself and its plan
replayed by the simulator. All randomness comes from one generator seeded by the request,
so a seed always gives the same level.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from strips_model.errors import HelltakerError
from strips_model.level import Cell, Level
from strips_model.level_file import format_level, level_from_rows, parse_level
from strips_model.moves import Direction
from strips_model.random_level import Counts, layout_text
from strips_model.simulator import Move, step
from translator.generate.difficulty import Difficulty, Targets, describe, measure
from translator.generate.generator import (
    CHECK_LIMITS,
    CheckFailed,
    Generated,
    GenerationError,
    generate_level,
)
from translator.planners.exhaustive import TooManyExpansions, solve_exhaustively
from translator.planners.outcome import PlannerOptions, Status
from translator.runtime.processes import Limits
from translator.solving.solve import solve_level

CHECKING_PLANNER = "search"

DEFAULT_STEPS = 1000
"""Local search steps when targets are given without --search-steps."""

_MOVABLE = "HDBMSTUKLOPQ"
"""Symbols an edit may move: everything but walls and floor (walls have their own edits)."""
_NEAR = 2
"""How far (Manhattan) a local move goes, when a free cell is that close."""
MIN_CAP = 10_000
"""Expansions a candidate's search may always use."""
_CAP_FACTOR = 5
"""... and the cap grows with the current level's: a candidate may need this many times
its expansions."""
PATIENCE = 100
"""Steps without a new best before the climb restarts."""
_SHAKE = 6
"""Edits at once when a restart shakes the best level."""


@dataclass(frozen=True, slots=True)
class _Candidate:
    rows: tuple[str, ...]
    level: Level
    """At a generous budget: the budget is set from the optimum at the end."""
    plan: tuple[Direction, ...]
    difficulty: Difficulty
    path: frozenset[Cell]
    """Cells the plan's hero walks over: where edits that make a plan harder land."""


def check_reachable(counts: Counts, targets: Targets) -> None:
    """Refuse up front a mechanic the requested objects cannot offer."""
    present = {"boulders": counts.boulders > 0, "skeletons": counts.skeletons > 0,
               "spikes": counts.spikes > 0, "traps": counts.traps > 0, "key": counts.key}
    for name in targets.mechanics:
        if not present[name]:
            option = "--key" if name == "key" else f"--{name} 1 or more"
            raise ValueError(f"--mechanics {name} needs {option}")


def generate_hard_level(width: int, height: int, counts: Counts, seed: int,
                        targets: Targets, steps: int, slack: int = 0, attempts: int = 50,
                        limits: Limits = CHECK_LIMITS) -> Generated:
    """A level meeting `targets` within `steps` local search steps from the seed's sampled
    layout; GenerationError naming the first target missed and the best values otherwise."""
    if slack < 0 or steps < 0:
        raise ValueError("slack and steps must be non-negative")
    check_reachable(counts, targets)
    start = generate_level(width, height, counts, seed, 0, CHECKING_PLANNER, attempts, limits)
    title, generous = start.level.title, 4 * width * height
    best = _evaluate(tuple(start.text.splitlines()[2:]), title, generous, targets, None)
    if best is None:  # the search planner has just solved it
        raise CheckFailed("the sampled layout failed its second check")
    rng = random.Random(f"helltaker-hard-{width}x{height}-{counts}-{seed}-{targets}")
    current, stale, restarts = best, 0, 0
    seen = {best.rows}  # a layout's verdict never changes: no need to solve it twice
    for _ in range(steps):
        if targets.any and not targets.unmet(best.difficulty):
            break  # every target met: more steps would only cost time
        if stale >= PATIENCE:
            # Stuck on a local optimum: climb again, alternately from the best level shaken
            # by several edits at once and from a fresh layout; `best` is kept either way.
            stale, restarts = 0, restarts + 1
            if restarts % 2:
                shaken: tuple[str, ...] | None = best.rows
                for _ in range(_SHAKE):
                    shaken = _edit(rng, shaken, best.path) if shaken is not None else None
            else:
                shaken = tuple(layout_text(rng, width, height, counts, generous,
                                           title).splitlines()[2:])
            restart = _evaluate(shaken, title, generous, targets, MIN_CAP) \
                if shaken is not None else None
            current = restart or best
            continue
        edited = _edits(rng, current)
        stale += 1
        if edited is None or edited in seen:
            continue
        seen.add(edited)
        cap = max(MIN_CAP, _CAP_FACTOR * current.difficulty.expanded)
        candidate = _evaluate(edited, title, generous, targets, cap)
        if candidate is None or targets.score(candidate.difficulty) < \
                targets.score(current.difficulty):
            continue
        current = candidate
        if targets.score(candidate.difficulty) > targets.score(best.difficulty):
            best, stale = candidate, 0
    return _checked(best, targets, slack, limits, start.attempts, seed, steps)


def _checked(best: _Candidate, targets: Targets, slack: int, limits: Limits, attempts: int,
             seed: int, steps: int) -> Generated:
    """The best level with its budget set to the optimum + slack, solved again by the
    `search` planner (in a child process, under the limits), its plan replayed by the
    simulator, and measured; GenerationError when it misses a target."""
    cost = best.difficulty.cost
    text = format_level(best.level.with_budget(cost + slack))
    level = parse_level(text, source=f"<generated seed {seed}>")
    solution = solve_level(level, CHECKING_PLANNER,
                           PlannerOptions(level.budget, limits.seconds, limits.memory))
    verdict, plan = solution.verdict, solution.directions
    if solution.status is not Status.SOLVED or verdict is None or plan is None:
        raise CheckFailed(f"{solution.outcome.planner}: {solution.status.value} while "
                          f"checking the final level\n{solution.outcome.log_tail}")
    if not verdict.valid or verdict.cost != cost:
        raise CheckFailed(f"the final level's plan costs {verdict.cost}, not {cost}: "
                          f"{verdict.reason}")
    expanded = dict(solution.outcome.counts).get("expanded", best.difficulty.expanded)
    difficulty = measure(level, plan, cost, expanded)
    missing = targets.unmet(difficulty)
    if missing:
        raise GenerationError(f"target {missing[0]} not reached in {steps} search steps "
                              f"(seed {seed}); best found: {describe(difficulty)}")
    return Generated(text, level, cost, attempts, plan, expanded, difficulty)


def _evaluate(rows: tuple[str, ...], title: str, budget: int, targets: Targets,
              cap: int | None) -> _Candidate | None:
    """The candidate's optimum and difficulty, or None when it is no level, is unsolvable,
    is solved at the start, or needs more than `cap` expansions (None: no cap)."""
    try:
        level: Level = level_from_rows(title, budget, rows)
    except HelltakerError:
        return None
    try:
        result = solve_exhaustively(level, budget, expansion_limit=cap)
    except TooManyExpansions:
        return None
    if result.plan is None or not result.cost:
        return None
    difficulty = measure(level, result.plan, result.cost, result.expanded,
                         targets.counts_plans)
    return _Candidate(rows, level, result.plan, difficulty, _path(level, result.plan))


def _edits(rng: random.Random, best: _Candidate) -> tuple[str, ...] | None:
    """One local change, sometimes two or three at once: single changes alone leave the
    search stuck where every neighbour is easier (a corridor needs two walls to move)."""
    count = 1 + (rng.random() < 0.4) + (rng.random() < 0.2)
    edited: tuple[str, ...] | None = best.rows
    for _ in range(count):
        edited = _edit(rng, edited, best.path) if edited is not None else None
    return edited


_KINDS = ("move", "move", "move", "wall-move", "wall-add", "wall-remove", "onto-path",
          "onto-path")
"""Drawn uniformly: object moves most often, since the targets are about objects."""


def _edit(rng: random.Random, rows: tuple[str, ...],
          path: frozenset[Cell]) -> tuple[str, ...] | None:
    """`rows` with one local change inside the outer walls, or None when the drawn change
    does not apply (no wall to remove, no free cell). `onto-path` puts an object or a wall
    on a free cell the best level's optimal plan walks over: the quickest way to make a plan
    kick, get hurt or detour, which random moves rarely find."""
    grid = [list(row) for row in rows]
    inner = [(r, c) for r in range(1, len(grid) - 1) for c in range(1, len(grid[r]) - 1)]
    walls = [cell for cell in inner if grid[cell[0]][cell[1]] == "#"]
    free = [cell for cell in inner if grid[cell[0]][cell[1]] == " "]
    objects = [cell for cell in inner if grid[cell[0]][cell[1]] in _MOVABLE]
    on_path = [cell for cell in free if cell in path]
    kind = rng.choice(_KINDS)
    if kind == "wall-add" and free:
        row, column = rng.choice(free)
        grid[row][column] = "#"
    elif kind == "wall-remove" and walls:
        row, column = rng.choice(walls)
        grid[row][column] = " "
    elif kind in ("move", "wall-move") and free and (walls if kind == "wall-move" else objects):
        source = rng.choice(walls if kind == "wall-move" else objects)
        _swap(grid, source, _near_or_any(rng, source, free))
    elif kind == "onto-path" and on_path and objects:
        target = rng.choice(on_path)
        if rng.random() < 0.25:
            grid[target[0]][target[1]] = "#"
        else:
            _swap(grid, rng.choice(objects), target)
    else:
        return None
    return tuple("".join(row) for row in grid)


def _swap(grid: list[list[str]], source: Cell, target: Cell) -> None:
    """Move what stands at `source` to the free cell `target`."""
    grid[target[0]][target[1]], grid[source[0]][source[1]] = grid[source[0]][source[1]], " "


def _path(level: Level, plan: tuple[Direction, ...]) -> frozenset[Cell]:
    """The cells the hero walks over, start excluded."""
    cells, state = set(), level.start
    for direction in plan:
        move = step(level, state, direction)
        if not isinstance(move, Move):
            break
        state = move.state
        cells.add(state.hero)
    return frozenset(cells)


def _near_or_any(rng: random.Random, source: Cell, free: list[Cell]) -> Cell:
    """Mostly a free cell close to `source` (a small change), sometimes any free cell (a
    jump out of a local optimum)."""
    near = [cell for cell in free
            if abs(cell[0] - source[0]) + abs(cell[1] - source[1]) <= _NEAR]
    return rng.choice(near if near and rng.random() < 0.75 else free)
