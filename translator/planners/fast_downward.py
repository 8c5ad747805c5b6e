"""Fast Downward on a level, three ways, and its driver on PDDL files.

`--planner fd` (and `auto` when its own search does not settle the level, automatic.py): our
schemas grounded by clingo's grounder (C++) and translated to the finite-domain task by
translator/ground/sas_translation.py, written straight to the file the search binary reads.
`--planner fd-translate` (the reference): our PDDL text translated by Fast Downward's own
translator, in this process. Both give the same task up to the numbering of variables
(tests/ground/test_grounding_paths.py); the first skips the translator's Python grounding
(0.35 ms per ground operator). Neither imports unified-planning nor starts Fast Downward's
driver. The search is A* under a cost bound of budget + 1 (FD's bound is exclusive), guided
by a pattern database over the hero's cell (`search_configuration`).

`--planner fd-up` goes through unified-planning's `OneshotPlanner` (translator/planners/
oneshot.py) and runs A* blind, under the same bound: A* never prunes a state that could still
lead to a plan within the bound, so it finds a plan whenever one fits and otherwise proves there
is none (FD exit 13, "provably unsolvable within the given bound"). LAMA with a bound does not
reopen closed nodes and misses plans on levels 6, 7 and 9.

`run_driver` runs Fast Downward's driver script on PDDL files, as users run it on what
`helltaker pddl` writes (translator/planners/pddl_driver.py).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.level_file import parse_level
from strips_model.schema import Domain, helltaker_domain
from translator.ground.ground_task import ground_and_translate
from translator.ground.sas_writer import sas_text
from translator.model.level_facts import Facts
from translator.model.specialised import specialise
from translator.planners.cost_bound import exclusive_bound
from translator.planners.exit_codes import status_of_exit
from translator.planners.fd_search import run_search
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status, Stopwatch, log_tail
from translator.planners.packages import package_directory
from translator.planners.pddl_driver import (
    PLAN_FILE,
    Driver,
    PlansAt,
    WrittenPlan,
    read_plan_file,
    run_pddl_driver,
)
from translator.runtime.temporary_folders import temporary_folder


def search_configuration(budget: int, first_values: Sequence[str]) -> str:
    """A* under the cost bound, with a pattern database over the hero's cell and the goal atom.

    That pattern database is the hero's walking distance to a demon, walls included and
    boulders ignored: admissible, so A* stays optimal and complete under the bound, and it
    halves the states expanded on level 9. Without those variables A* runs blind."""
    pattern = [index for index, name in enumerate(first_values)
               if name.startswith(("Atom hero(", "Atom won("))]
    bound = exclusive_bound(budget)
    limit = "" if bound is None else f",bound={bound}"
    if len(pattern) != 2:
        return f"astar(blind(){limit})"
    indices = ",".join(map(str, pattern))
    return f"astar(pdb(pattern=manual_pattern([{indices}])){limit})"


def readable(configuration: str) -> str:
    """The configuration as users read it: the pattern's variables named, not numbered."""
    return re.sub(r"manual_pattern\(\[\d+,\d+\]\)", "manual_pattern([hero,won])",
                  configuration)


def first_values(sas_text: str) -> list[str]:
    """The first value of each variable of a translated task (SAS format, version 3)."""
    names: list[str] = []
    lines = sas_text.split("\n")
    for index, line in enumerate(lines):
        if line == "begin_variable":
            names.append(lines[index + 4])
    return names


class TaskSource(Enum):
    """Where the finite-domain task the search reads comes from (not to be confused with
    clingo's `Grounding`, translator/ground/clingo_grounding.py: the rows it grounds)."""

    CLINGO = "fd"  # clingo's grounder and our translation
    TRANSLATOR = "fd-translate"  # Fast Downward's own translator on our PDDL


@dataclass(frozen=True, slots=True)
class _Task:
    """A task file written for the search, and what was learnt writing it."""

    first_values: tuple[str, ...]
    """The first value of each variable, which names it (`Atom hero(c1_1)`)."""
    log: str
    counts: tuple[tuple[str, int], ...]


def _clingo_task(domain: Domain, facts: Facts, sas_file: str, clock: Stopwatch) -> _Task | None:
    """Ground with clingo and translate; None when the goal is out of reach (the one
    policy of translator/ground/ground_task.py: unsolvable, no search)."""
    translated = ground_and_translate(domain, facts, lambda: clock.lap("ground"))
    if translated is None:
        clock.lap("translate")
        return None
    task = translated.task
    with open(sas_file, "w", encoding="utf-8") as stream:
        stream.write(sas_text(task))
    clock.lap("translate")
    return _Task(tuple(variable.values[0] for variable in task.variables), "",
                 (("ground actions", translated.ground_actions),
                  ("operators", task.operator_count), ("variables", len(task.variables))))


def _translator_task(domain: Domain, facts: Facts, sas_file: str, clock: Stopwatch) -> _Task:
    """Write our PDDL and translate it with Fast Downward's translator."""
    # Imported here: Fast Downward's translator is not on `--planner fd`'s path.
    from translator.ground.fd_translate import translate, write_pddl

    work = os.path.dirname(sas_file)
    domain_file, problem_file = write_pddl(work, facts, domain)
    clock.lap("pddl")
    log = translate(domain_file, problem_file, sas_file)
    clock.lap("translate")
    with open(sas_file, encoding="utf-8") as stream:
        return _Task(tuple(first_values(stream.read())), log, _counts(log))


WARM_UP_LEVEL = "warm-up\n9\n#####\n#H B#\n#  D#\n#####\n"
"""A room with a boulder: grounding and translating it once runs every code path of a level."""


def warm_up() -> None:
    """Ground and translate a tiny level's specialised task once in this process, as `_solve`
    does: what numpy and clingo load on first use (30 ms), then inherited by every worker
    forked after it. Per-domain caches matter little (under 1 ms: docs/performance.md)."""
    specialised = specialise(parse_level(WARM_UP_LEVEL, source="<warm-up>"))
    translated = ground_and_translate(specialised.domain, specialised.facts)
    if translated is not None:
        sas_text(translated.task)


def solve_direct(level: Level, options: PlannerOptions) -> PlannerOutcome:
    """`--planner fd`, and `auto` when its own search does not settle the level: clingo's
    grounding, Fast Downward's search, whatever the level's size (issue 31: `fd` always runs
    Fast Downward; `auto` is the planner that may let the simulator's search answer)."""
    return _solve(level, options, TaskSource.CLINGO)


def solve_with_translator(level: Level, options: PlannerOptions) -> PlannerOutcome:
    """`--planner fd-translate`: Fast Downward's translator, Fast Downward's search."""
    return _solve(level, options, TaskSource.TRANSLATOR)


def _solve(level: Level, options: PlannerOptions, source: TaskSource) -> PlannerOutcome:
    started = time.perf_counter()
    helltaker_domain()  # parsed once per process, outside the phases timed below
    clock = Stopwatch()
    specialised = specialise(level)  # plans come back in the unspecialised model's names
    clock.lap("model")
    with temporary_folder("fd") as work:
        sas_file = os.path.join(work, "output.sas")
        plan_file = os.path.join(work, PLAN_FILE)
        if source is TaskSource.CLINGO:
            task = _clingo_task(specialised.domain, specialised.facts, sas_file, clock)
        else:
            task = _translator_task(specialised.domain, specialised.facts, sas_file, clock)
        timings = clock.timings
        # Each planner says its own name: fd-translate's task is not fd's (issue 30).
        name = "fd" if source is TaskSource.CLINGO else TaskSource.TRANSLATOR.value
        if task is None:
            return PlannerOutcome(Status.UNSOLVABLE,
                                  f"{name} (goal unreachable in the ground task)",
                                  True, log_tail="the goal is unreachable in the ground task",
                                  timings=tuple(timings))
        clock.restart()
        configuration = search_configuration(options.budget, task.first_values)
        label = f"{name} {readable(configuration)}"
        remaining = None if options.timeout is None else \
            options.timeout - (clock.mark - started)
        if remaining is not None and remaining <= 0:
            # The grounding used the whole time limit: no search is started past it.
            return PlannerOutcome(Status.TIMEOUT, label, False,
                                  log_tail=f"time limit reached after {_phases_text(timings)}",
                                  timings=tuple(timings))
        search = run_search(sas_file, configuration, work, remaining)
        if search.exit_code is None:
            return PlannerOutcome(Status.TIMEOUT, label, False, log_tail=log_tail(search.output),
                                  timings=tuple(timings))
        clock.lap("search")
        log = task.log + search.output
        counts = task.counts + _counts(search.output, ("expanded",))
        status = status_of_exit(search.exit_code)
        if status is Status.SOLVED and os.path.exists(plan_file):
            steps, cost = read_plan_file(plan_file)
            return PlannerOutcome(Status.SOLVED, label, True,
                                  steps=specialised.restored(steps), cost=cost,
                                  log_tail=log_tail(log), timings=tuple(timings),
                                  counts=counts)
        if status is Status.UNSOLVABLE:
            return PlannerOutcome(Status.UNSOLVABLE, label, True, log_tail=log_tail(log),
                                  timings=tuple(timings), counts=counts)
        return PlannerOutcome(Status.ERROR if status is Status.SOLVED else status, label, False,
                              log_tail=f"search exit code {search.exit_code}\n{log_tail(log)}",
                              timings=tuple(timings))


def _phases_text(timings: list[tuple[str, float]]) -> str:
    """The phases done so far, for a message: `ground 0.52 s, translate 0.31 s`."""
    return ", ".join(f"{phase} {seconds:.2f} s" for phase, seconds in timings)


_COUNTED = {"operators": r"Translator operators: (\d+)",
            "variables": r"Translator variables: (\d+)",
            "expanded": r"Expanded (\d+) state"}


def _counts(log: str, names: Sequence[str] = tuple(_COUNTED)) -> tuple[tuple[str, int], ...]:
    found = []
    for name in names:
        pattern = _COUNTED[name]
        match = re.search(pattern, log)
        if match:
            found.append((name, int(match.group(1))))
    return tuple(found)


UP_ENGINE = "fast-downward"
"""unified-planning's name for Fast Downward (`--planner fd-up`)."""


def blind_search_configuration(budget: int) -> str:
    """`--planner fd-up`'s search: blind A* under the cost bound."""
    # No spaces: up-fast-downward splits the string on whitespace.
    bound = exclusive_bound(budget)
    return "astar(blind())" if bound is None else f"astar(blind(),bound={bound})"


def solve_through_up(level: Level, options: PlannerOptions) -> PlannerOutcome:
    """`--planner fd-up`: our problem as unified-planning builds it, blind A*."""
    # unified-planning takes 1.3 s to import: the registry imports it before workers fork.
    from translator.planners.oneshot import level_problem, outcome_of_run, run_oneshot

    configuration = blind_search_configuration(options.budget)
    run = run_oneshot(level_problem(level), UP_ENGINE,
                      {"fast_downward_search_config": configuration}, options.timeout)
    return outcome_of_run(run, f"fd-up {configuration}")


def driver_path() -> str:
    """The `fast-downward.py` shipped inside the up-fast-downward wheel."""
    return os.path.join(package_directory("up_fast_downward"), "downward", "fast-downward.py")


@dataclass(frozen=True, slots=True)
class FastDownwardRun:
    exit_code: int | None
    """Fast Downward's exit code (translator/planners/exit_codes.py); None after a timeout."""
    steps: tuple[PlanStep, ...]
    cost: int | None
    log: str


def run_driver(domain: str, problem: str, search: str,
               timeout: float | None = None) -> FastDownwardRun:
    """Fast Downward's driver on the PDDL files `domain` and `problem`, as users run it; the
    plan is the last it wrote."""
    driver = Driver("fd", (driver_path(), "--plan-file", PLAN_FILE), PlansAt.PLAN_FILES)
    run = run_pddl_driver(driver, Path(domain).read_text("utf-8"),
                          Path(problem).read_text("utf-8"), search, timeout)
    plan = run.plans[-1] if run.plans else WrittenPlan((), None)
    return FastDownwardRun(run.exit_code, plan.steps, plan.cost, run.log)
