"""A benchmark suite of generated levels: each level checked and solved optimally by the
exhaustive search over the simulator, exported as PDDL with a reference plan.

Level i's seed is derived from the suite's seed and i alone, so a suite is a pure function
of its request: the same request gives the same bytes, whatever the machine, unless a
candidate's check hits its time or memory limit on one machine and not on another.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.random_level import Counts
from strips_model.schema import helltaker_domain
from translator.generate.difficulty import Difficulty, Targets, measure
from translator.generate.generator import CheckFailed, Generated, GenerationError, generate_level
from translator.generate.hard_levels import generate_hard_level
from translator.generate.plan_mechanics import PlanMechanics, plan_mechanics
from translator.model.level_facts import level_facts
from translator.model.pddl_text import problem_text
from translator.runtime.processes import Limits
from translator.solving.ground_plans import format_ground_plan, ground_plan_of

CHECKING_PLANNER = "search"
"""The simulator-based exhaustive search: it shares no code with the PDDL model, so a
planner that reads the suite is checked against an independent optimum."""

SEEDS_PER_PROBLEM = 5
"""Level seeds tried for one problem before the suite gives up: a seed fails when none of
its candidate layouts is solvable, or when checking one hits a limit."""


@dataclass(frozen=True, slots=True)
class SuiteRequest:
    count: int
    seed: int
    width: int
    height: int
    counts: Counts
    slack: int = 0
    limits: Limits = Limits(60.0, None)
    targets: Targets = Targets()
    search_steps: int = 0
    """Local search steps towards `targets` (hard_levels.py); 0 and no targets: the sampled
    levels as they are."""


@dataclass(frozen=True, slots=True)
class SuiteProblem:
    name: str
    """`p01`, ...: the stem of its files."""
    seed: int
    """The level's own seed: `helltaker generate --seed` with it gives the same level."""
    level_text: str
    level: Level
    optimum: int
    expanded: int | None
    plan: tuple[Direction, ...]
    ground_plan: str
    """The reference plan as Fast Downward writes one, `; cost = N` last."""
    problem_pddl: str
    mechanics: PlanMechanics
    skipped: tuple[str, ...] = ()
    """One line for each seed tried before `seed` that gave no level, and why."""
    difficulty: Difficulty | None = None
    """The reference plan's difficulty measures (optimal plans counted)."""


def problem_names(count: int) -> list[str]:
    """`p01` ... zero-padded to the width of `count`, at least two digits as benchmark sets
    name them."""
    width = max(2, len(str(count)))
    return [f"p{index:0{width}d}" for index in range(1, count + 1)]


def level_seed(suite_seed: int, index: int, retry: int = 0) -> int:
    """A seed for problem `index` (1-based), independent of every other problem's, so
    changing --count keeps the problems they share."""
    digest = hashlib.sha256(f"helltaker-suite/{suite_seed}/{index}/{retry}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def build_problem(request: SuiteRequest, index: int, name: str,
                  on_failure: Callable[[str], None]) -> SuiteProblem:
    """Problem `index` of the suite; each seed that yields no level is reported to
    `on_failure` in one line, and recorded with the problem, before the next is tried."""
    skipped: list[str] = []
    failure: CheckFailed | GenerationError | None = None
    for retry in range(SEEDS_PER_PROBLEM):
        seed = level_seed(request.seed, index, retry)
        try:
            generated = _generate(request, seed)
        except (GenerationError, CheckFailed) as error:
            # A check past its limits skips the seed too, so one pathological candidate does
            # not end a long run; the README lists what was skipped, since a faster machine
            # or longer --timeout might have kept it.
            failure = error
            skipped.append(f"level seed {seed}: {str(error).splitlines()[0]}")
            on_failure(f"{name}: {skipped[-1]}")
            continue
        return _problem(name, seed, generated, tuple(skipped))
    message = (f"{name}: no level from {SEEDS_PER_PROBLEM} seeds; use fewer objects or "
               "walls, a larger grid, or a longer --timeout")
    raise CheckFailed(message) if isinstance(failure, CheckFailed) \
        else GenerationError(message)


def _generate(request: SuiteRequest, seed: int) -> Generated:
    if request.targets.any or request.search_steps:
        return generate_hard_level(request.width, request.height, request.counts, seed,
                                   request.targets, request.search_steps, request.slack,
                                   limits=request.limits)
    return generate_level(request.width, request.height, request.counts, seed,
                          request.slack, planner=CHECKING_PLANNER, limits=request.limits)


def _problem(name: str, seed: int, generated: Generated,
             skipped: tuple[str, ...]) -> SuiteProblem:
    plan = generated.plan
    if plan is None:  # the checking planner searches over key presses: it always has them
        raise GenerationError(f"{name}: the checking planner returned no key presses")
    level = generated.level
    facts = level_facts(level)
    return SuiteProblem(
        name, seed, generated.text, level, generated.optimum, generated.expanded, plan,
        format_ground_plan(ground_plan_of(level, plan), generated.optimum),
        problem_text(helltaker_domain(), facts, name), plan_mechanics(level, plan), skipped,
        generated.difficulty or measure(level, plan, generated.optimum,
                                        generated.expanded or 0))
