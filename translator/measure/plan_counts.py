"""The seed 003 table of solution counts, reproduced: `helltaker bench --plan-counts`.

For each classic level: the published count next to ours, the distinct key-press plans of
cost <= budget and of minimum cost (SymK top-k, every plan replayed by the simulator), a
breakdown of the plans that spend the budget's slack, and a second count that shares no code
with the planner: dynamic programming over the simulator's states, layer by cost.
Writes Markdown (docs/plan-counts.md in the repository).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from strips_model.errors import InputError, Position, RunError
from strips_model.level import Level, State
from strips_model.level_file import load_level
from strips_model.moves import Direction
from strips_model.simulator import Move, step
from translator.generate.plan_mechanics import count_by_simulation
from translator.planners.outcome import Status
from translator.runtime.processes import Limits
from translator.solving.plan_enumeration import FoundPlan, enumerate_plans

PUBLISHED_SEED_003: dict[int, int] = {1: 8, 2: 3, 3: 1, 4: 2, 5: 26, 6: 39, 7: 2, 8: 4, 9: 2}
"""Seed 003, section "Number of different solutions per level": answer sets of the authors'
ASP encoding (clingo -n0), horizon = the level's budget."""

COMMAND = "helltaker bench --plan-counts --out docs"


def _is_wait(before: State, after: State) -> bool:
    """R-T3: the action changed nothing but the trap phase."""
    return (before.hero, before.boulders, before.skeletons, before.has_key,
            before.lock_closed) == (after.hero, after.boulders, after.skeletons,
                                    after.has_key, after.lock_closed)


def _wait_positions(level: Level, directions: tuple[Direction, ...]) -> list[int]:
    positions, state = [], level.start
    for index, direction in enumerate(directions):
        outcome = step(level, state, direction)
        assert isinstance(outcome, Move)
        if _is_wait(state, outcome.state):
            positions.append(index)
        state = outcome.state
    return positions


@dataclass(frozen=True, slots=True)
class SlackPlans:
    """The plans that cost more than the minimum, by how they spend the extra moves."""

    wait_added: int
    """A minimum-cost plan with one wait (a kick of a boulder that cannot move, a bump of
    the closed lock: R-T3) added at some point."""
    routes_with_wait: int
    """How many minimum-cost plans those come from."""
    other: Counter[tuple[int, int]]
    """The rest, by (letters, damage)."""


def slack_plans(level: Level, plans: Sequence[FoundPlan]) -> SlackPlans:
    cheapest = min(plan.cost for plan in plans)
    minimal = {plan.directions for plan in plans if plan.cost == cheapest}
    wait_added, routes = 0, set()
    other: Counter[tuple[int, int]] = Counter()
    for plan in plans:
        if plan.cost == cheapest:
            continue
        without = [plan.directions[:k] + plan.directions[k + 1:]
                   for k in _wait_positions(level, plan.directions)]
        origins = [directions for directions in without if directions in minimal]
        if origins:
            wait_added += 1
            routes.update(origins)
        else:
            letters = len(plan.directions)
            other[(letters, plan.cost - letters)] += 1
    return SlackPlans(wait_added, len(routes), other)


@dataclass(frozen=True, slots=True)
class LevelCounts:
    number: int
    level: Level
    min_cost: int | None
    within_budget: int
    of_min_cost: int
    by_simulation: int
    slack: SlackPlans | None
    minimal_shapes: tuple[str, ...]
    """Letters and damage of the minimum-cost plans, e.g. "21 letters + 1 damage"."""
    seconds: float = 0.0
    """The enumeration's time, replay of every plan included."""


def count_level(number: int, level: Level, limits: Limits, engine: str = "symk"
                ) -> LevelCounts:
    result = enumerate_plans(level, level.budget, limits=limits, engine=engine)
    if result.status not in (Status.SOLVED, Status.UNSOLVABLE) or not result.complete:
        raise RunError(f"{result.search}: {result.status.value}\n{result.message}",
                       Position(level.source))
    simulated = sum(count_by_simulation(level, level.budget).values())
    cheapest = [plan for plan in result.plans if plan.cost == result.min_cost]
    slack = slack_plans(level, result.plans) if len(cheapest) < len(result.plans) else None
    shapes = Counter((len(p.directions), p.cost - len(p.directions)) for p in cheapest)
    shape_text = tuple(f"{count} of {letters} letters and {damage} damage"
                       for (letters, damage), count in sorted(shapes.items(), reverse=True))
    return LevelCounts(number, level, result.min_cost, len(result.plans), len(cheapest),
                       simulated, slack, shape_text, result.seconds)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _slack_text(slack: SlackPlans | None) -> str:
    if slack is None:
        return "-"
    parts = []
    if slack.wait_added:
        parts.append(f"{slack.wait_added} add a wait to one of "
                     f"{_plural(slack.routes_with_wait, 'minimum-cost plan')}")
    for (letters, damage), count in sorted(slack.other.items(), reverse=True):
        parts.append(f"{count} of {letters} letters and {damage} damage")
    return "; ".join(parts)


ENGINE_WORDS = {"symk": "SymK top-k search", "kstar": "K* top-quality search",
                "asp": "clingo's answer sets"}


def render(rows: Sequence[LevelCounts], engine: str = "symk") -> str:
    command = COMMAND if engine == "symk" else f"{COMMAND} --engine {engine}"
    lines = [
        "# Distinct plans per classic level: seed 003's table reproduced",
        "",
        f"Generated by `{command}` (needs `../shared`); do not edit by hand.",
        "",
        "A plan is a word of key presses (RULES.md F2) that ends at the first goal state "
        "(R-G2) with a total cost, damage included, within the budget (R-G3). Our counts come "
        f"from `helltaker plans --planner {engine}` ({ENGINE_WORDS.get(engine, engine)}, every "
        "plan replayed by the simulator); "
        "the column *by simulation* counts the same words again by dynamic programming over "
        "the simulator's states, without the planner.",
        "",
        "| level | budget | min cost | published (seed 003) | ours: cost <= budget | "
        "ours: min cost | by simulation | plans that spend the slack |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        published = PUBLISHED_SEED_003.get(row.number)
        lines.append(
            f"| {row.number} | {row.level.budget} | "
            f"{row.min_cost if row.min_cost is not None else '-'} | "
            f"{published if published is not None else '-'} | {row.within_budget} | "
            f"{row.of_min_cost} | {row.by_simulation} | {_slack_text(row.slack)} |")
    lines += ["", *_explanation(rows), ""]
    return "\n".join(lines)


def _level_list(numbers: Sequence[int]) -> str:
    names = [str(n) for n in numbers]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _explanation(rows: Sequence[LevelCounts]) -> list[str]:
    same = [r.number for r in rows if PUBLISHED_SEED_003.get(r.number) == r.within_budget]
    differ = [r.number for r in rows if r.number in PUBLISHED_SEED_003
              and PUBLISHED_SEED_003[r.number] != r.within_budget]
    tight = [r.number for r in rows if r.min_cost == r.level.budget]
    disagree = [r.number for r in rows if r.by_simulation != r.within_budget]
    text = ["## Why the numbers agree, and where they differ", ""]
    if disagree:
        text += [f"**The planner and the simulation disagree on level(s) "
                 f"{_level_list(disagree)}: the model or the enumeration has a bug.**", ""]
    if same:
        text.append(f"Counting every plan of cost <= budget gives the published number on "
                    f"level{'s' if len(same) > 1 else ''} {_level_list(same)}"
                    f"{'' if differ else ', that is on every level'}.")
    if differ:
        text.append(f"It differs on level{'s' if len(differ) > 1 else ''} "
                    f"{_level_list(differ)}.")
    text += [
        "",
        "Seed 003 counts the answer sets of an ASP encoding whose horizon is the budget: one "
        "action per time step, with damage as a `hurt` step of its own and `nop` steps as "
        "padding once the goal holds. Its action set and padding differ from ours, but as far "
        "as we read its constraints those extra steps have no freedom: `nop` is the only "
        "action allowed after the goal and is not allowed before it, and `hurt` has to "
        "follow the arrival on a harmful cell. An answer set is then one word of key presses "
        "of cost <= budget, which is what we count; the equal numbers on every level bear "
        "that out.",
        "",
    ]
    if tight:
        text += [f"On level{'s' if len(tight) > 1 else ''} {_level_list(tight)} the budget "
                 "equals the minimum cost: every plan within the budget has minimum cost and "
                 "the two counts of ours are equal.", ""]
    for row in rows:
        if row.min_cost is None or row.min_cost >= row.level.budget:
            continue
        slack = row.level.budget - row.min_cost
        text += [
            f"Level {row.number} has {_plural(slack, 'move')} of slack (budget "
            f"{row.level.budget}, minimum {row.min_cost}). Only "
            f"{_plural(row.of_min_cost, 'plan')} of minimum cost "
            f"({', '.join(row.minimal_shapes)}); the other "
            f"{row.within_budget - row.of_min_cost} spend the slack: {_slack_text(row.slack)}. "
            f"The published {PUBLISHED_SEED_003.get(row.number, '-')} counts them all, so it "
            f"is a count of plans within the budget, not of optimal plans.",
            "",
        ]
    text += [
        "What counts as distinct: two plans are distinct when their words differ. The same "
        "route with a wait (R-T3) at a different point is a different word, and so a "
        "different plan, whenever both fit the budget; so is a route that takes one more "
        "step instead of one more damage. A count of routes, or of plans up to waits, would "
        "be smaller. With a larger bound (`helltaker plans --max-cost N`) words that walk "
        "back and forth count as well.",
    ]
    return text


def _level_number(path: str) -> int | None:
    match = re.search(r"level(\d+)\.txt$", path)
    return int(match.group(1)) if match else None


def count_levels(paths: Sequence[str], limits: Limits,
                 progress: Callable[[LevelCounts], None] | None = None,
                 engine: str = "symk") -> list[LevelCounts]:
    """The table's rows, one per classic level file `levelN.txt`, in the order given."""
    numbered = []
    for path in paths:
        number = _level_number(path)
        if number is None:
            raise InputError("expected a file named levelN.txt", Position(path))
        numbered.append((number, load_level(path)))
    rows = []
    for number, level in numbered:
        row = count_level(number, level, limits, engine)
        if progress is not None:
            progress(row)
        rows.append(row)
    return rows
