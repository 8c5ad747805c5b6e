"""How hard a generated level is, and the targets `generate` can be asked to meet.

The measure is taken on the exhaustive search over the simulator: its optimal cost, the
states it expanded, the number of optimal plans (counted over the simulator's states, capped)
and the mechanics its optimal plan uses. Few optimal plans, many expansions and a plan that
needs several mechanics make a level harder to find by hand and by a blind planner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.simulator import Move, step
from translator.generate.plan_mechanics import count_by_simulation, plan_mechanics

PLAN_COUNT_CAP = 1000
"""Optimal plans are counted up to this many; more is reported as `1000+`."""

TARGET_MECHANICS: dict[str, tuple[tuple[str, ...], str]] = {
    "boulders": (("boulder",), "kicks a boulder (moved or not)"),
    "skeletons": (("skeleton", "impale"), "kicks a skeleton or kills one"),
    "spikes": (("spikes",), "is hurt by spikes"),
    "traps": (("trap", "trap-crossed"), "is hurt by a raised trap or crosses a lowered one"),
    "key": (("key+lock",), "picks the key and opens the lock"),
}
"""Each `--mechanics` name: the plan uses it when it shows one of these `Difficulty.mechanics`
names, and what that means in words (for --help)."""


@dataclass(frozen=True, slots=True)
class Difficulty:
    cost: int
    """The optimal cost."""
    expanded: int
    """States the exhaustive search expanded to prove it optimal."""
    optimal_plans: int | None
    """Distinct key-press plans of optimal cost, at most PLAN_COUNT_CAP; None when not
    counted."""
    mechanics: tuple[str, ...]
    """What the search's optimal plan uses: plan_mechanics' names, plus `trap-crossed`
    (the hero steps on a lowered trap) and `key+lock` (both the key and the lock)."""

    @property
    def optimal_plans_text(self) -> str:
        if self.optimal_plans is None:
            return "-"
        return f"{PLAN_COUNT_CAP}+" if self.optimal_plans >= PLAN_COUNT_CAP \
            else str(self.optimal_plans)


def used_mechanics(level: Level, plan: Sequence[Direction]) -> tuple[str, ...]:
    used = set(plan_mechanics(level, plan).mechanics)
    if {"key", "lock"} <= used:
        used.add("key+lock")
    # plan_mechanics sees damage only; walking over a lowered trap also constrains the
    # timing of a plan, so it counts as using the trap.
    state = level.start
    for direction in plan:
        move = step(level, state, direction)
        if not isinstance(move, Move):
            break
        state = move.state
        if level.is_trap(state.hero):
            used.add("trap-crossed")
    return tuple(sorted(used))


def count_optimal_plans(level: Level, cost: int) -> int:
    """Plans of exactly `cost` (the optimum), capped at PLAN_COUNT_CAP."""
    return min(PLAN_COUNT_CAP, count_by_simulation(level, cost).get(cost, 0))


def measure(level: Level, plan: Sequence[Direction], cost: int, expanded: int,
            count_plans: bool = True) -> Difficulty:
    """The difficulty of `level`, given an optimal `plan` of `cost` found by the exhaustive
    search after `expanded` expansions."""
    plans = count_optimal_plans(level, cost) if count_plans else None
    return Difficulty(cost, expanded, plans, used_mechanics(level, plan))


@dataclass(frozen=True, slots=True)
class Targets:
    """What a hard level must reach; the defaults ask for nothing."""

    mechanics: tuple[str, ...] = ()
    """Names of TARGET_MECHANICS the optimal plan must all use."""
    min_expanded: int = 0
    min_cost: int = 0
    max_optimal_plans: int | None = None

    def __post_init__(self) -> None:
        unknown = [name for name in self.mechanics if name not in TARGET_MECHANICS]
        if unknown:
            raise ValueError(f"unknown mechanic {unknown[0]!r}; expected some of "
                             f"{','.join(TARGET_MECHANICS)}")
        if self.max_optimal_plans is not None and self.max_optimal_plans >= PLAN_COUNT_CAP:
            raise ValueError(f"--max-optimal-plans must be below {PLAN_COUNT_CAP}")

    @property
    def any(self) -> bool:
        return bool(self.mechanics or self.min_expanded or self.min_cost
                    or self.max_optimal_plans is not None)

    @property
    def counts_plans(self) -> bool:
        return self.max_optimal_plans is not None

    def uses(self, difficulty: Difficulty, name: str) -> bool:
        return any(shown in difficulty.mechanics for shown in TARGET_MECHANICS[name][0])

    def unmet(self, difficulty: Difficulty) -> list[str]:
        """One phrase per target `difficulty` misses, in a fixed order."""
        missing = [f"mechanic {name}" for name in self.mechanics
                   if not self.uses(difficulty, name)]
        if difficulty.expanded < self.min_expanded:
            missing.append(f"min-expanded {self.min_expanded}")
        if difficulty.cost < self.min_cost:
            missing.append(f"min-cost {self.min_cost}")
        if self.max_optimal_plans is not None and (
                difficulty.optimal_plans is None
                or difficulty.optimal_plans > self.max_optimal_plans):
            missing.append(f"max-optimal-plans {self.max_optimal_plans}")
        return missing

    def score(self, difficulty: Difficulty) -> tuple[int, ...]:
        """Larger is harder: targets met first, then the mechanics wanted, then fewer optimal
        plans past the target, then expansions, then cost. Compared lexicographically."""
        wanted = sum(self.uses(difficulty, name) for name in self.mechanics)
        excess_plans = 0
        if self.max_optimal_plans is not None:
            plans = PLAN_COUNT_CAP if difficulty.optimal_plans is None \
                else difficulty.optimal_plans
            excess_plans = max(0, plans - self.max_optimal_plans)
        met = -len(self.unmet(difficulty))
        return (met, wanted, -excess_plans, difficulty.expanded, difficulty.cost)


def describe(difficulty: Difficulty) -> str:
    """One line: the values a target is compared with."""
    mechanics = " ".join(difficulty.mechanics) or "none"
    return (f"cost {difficulty.cost}, expanded {difficulty.expanded}, optimal plans "
            f"{difficulty.optimal_plans_text}, mechanics {mechanics}")
