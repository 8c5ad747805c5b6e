"""Fast Downward's search on a level's ground task, grounded one of two ways.

`--planner fd` (default): our schemas grounded by clingo's grounder (C++) and translated to the
finite-domain task by translator/ground/sas_translation.py, written straight to the file the
search binary reads. `--planner fd-translate` (the reference): our PDDL text translated by Fast
Downward's own translator, in this process. Both give the same task up to the numbering of
variables (tests/ground/test_grounding_paths.py); the first skips the Python grounding that
costs the translator about 0.35 ms per ground operator. Neither imports unified-planning (1.3 s per
process) nor starts Fast Downward's driver. `fd-up` goes through unified-planning.

The search is A* under a cost bound of budget + 1 (FD's bound is exclusive), guided by a
pattern database over the hero's cell (`search_configuration`), where `fd-up` runs A* blind.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from strips_model.level import Level, parse_level
from strips_model.schema import helltaker_domain
from translator.ground.clingo_grounding import ground
from translator.ground.fd_translate import translate, write_pddl
from translator.ground.sas_arrays import sas_text
from translator.ground.sas_translation import Unreachable
from translator.model.level_facts import Facts, level_facts
from translator.planners.cost_bound import exclusive_bound
from translator.planners.exit_codes import status_of_exit
from translator.planners.fd_driver import read_plan_file
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status, log_tail
from translator.planners.packages import package_directory
from translator.runtime.processes import run_command


def search_configuration(budget: int, first_values: Sequence[str]) -> str:
    """A* under the cost bound, with a pattern database over the hero's cell and the goal atom.

    That pattern database is the hero's walking distance to a demon, walls included and
    boulders ignored: admissible, so A* stays optimal and complete under the bound (one
    configuration serves the default and `--optimal`), and it halves the states expanded on
    level 9 at a cost of milliseconds. Without those variables (a model of another
    vocabulary) A* runs blind.
    """
    pattern = [index for index, name in enumerate(first_values)
               if name.startswith(("Atom hero(", "Atom won("))]
    bound = exclusive_bound(budget)
    limit = "" if bound is None else f",bound={bound}"
    if len(pattern) != 2:
        return f"astar(blind(){limit})"
    indices = ",".join(map(str, pattern))
    return f"astar(pdb(pattern=manual_pattern([{indices}])){limit})"


def readable(configuration: str) -> str:
    """The configuration as users read it: the pattern's variables named, not numbered (the
    numbers change from level to level)."""
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


@cache
def search_binary() -> str:
    return os.path.join(package_directory("up_fast_downward"),
                        "downward", "builds", "release", "bin", "downward")


@dataclass(frozen=True, slots=True)
class _Task:
    """A task file written for the search, and what was learnt writing it."""

    first_values: tuple[str, ...]
    """The first value of each variable, which names it (`Atom hero(c1_1)`)."""
    log: str
    counts: tuple[tuple[str, int], ...]


_Lap = Callable[[str, float], float]


def _clingo_task(facts: Facts, sas_file: str, lap: _Lap, mark: float) -> _Task | None:
    """Ground with clingo and translate; None when the goal is out of reach."""
    domain = helltaker_domain()
    grounding = ground(domain, facts)
    mark = lap("ground", mark)
    try:
        task = sas_text(domain, facts, grounding)
    except Unreachable:
        lap("translate", mark)
        return None
    with open(sas_file, "w", encoding="utf-8") as stream:
        stream.write(task.text)
    lap("translate", mark)
    return _Task(tuple(variable.values[0] for variable in task.variables), "",
                 (("ground actions", grounding.action_count),
                  ("operators", task.operator_count), ("variables", len(task.variables))))


WARM_UP_LEVEL = "warm-up\n9\n#####\n#H B#\n#  D#\n#####\n"
"""A room with a boulder: grounding and translating it once runs every code path of a level."""


def warm_up() -> None:
    """Ground and translate a tiny level once in this process. The first grounding imports
    what numpy and clingo load on first use and fills the per-domain caches (30 ms); done
    before worker processes are forked, every level's worker inherits them."""
    facts = level_facts(parse_level(WARM_UP_LEVEL, source="<warm-up>"))
    domain = helltaker_domain()
    with contextlib.suppress(Unreachable):
        sas_text(domain, facts, ground(domain, facts))


def _translator_task(facts: Facts, sas_file: str, lap: _Lap, mark: float) -> _Task | None:
    work = os.path.dirname(sas_file)
    domain_file, problem_file = write_pddl(work, facts)
    mark = lap("pddl", mark)
    log = translate(domain_file, problem_file, sas_file)
    lap("translate", mark)
    with open(sas_file, encoding="utf-8") as stream:
        return _Task(tuple(first_values(stream.read())), log, _counts(log))


def _phases_text(timings: list[tuple[str, float]]) -> str:
    """The phases done so far, for a message: `ground 0.52 s, translate 0.31 s`."""
    return ", ".join(f"{phase} {seconds:.2f} s" for phase, seconds in timings)


def solve_direct(level: Level, options: PlannerOptions) -> PlannerOutcome:
    """`--planner fd`: clingo's grounding, Fast Downward's search."""
    return _solve(level, options, _clingo_task)


def solve_with_translator(level: Level, options: PlannerOptions) -> PlannerOutcome:
    """`--planner fd-translate`: Fast Downward's translator, Fast Downward's search."""
    return _solve(level, options, _translator_task)


def _solve(level: Level, options: PlannerOptions,
           write_task: Callable[[Facts, str, _Lap, float], _Task | None]) -> PlannerOutcome:
    started = time.perf_counter()
    timings: list[tuple[str, float]] = []

    def lap(phase: str, since: float) -> float:
        now = time.perf_counter()
        timings.append((phase, now - since))
        return now

    helltaker_domain()  # parsed once per process, outside the phases timed below
    mark = time.perf_counter()
    facts = level_facts(level)
    mark = lap("model", mark)
    with tempfile.TemporaryDirectory(prefix="helltaker-") as work:
        sas_file = os.path.join(work, "output.sas")
        plan_file = os.path.join(work, "plan")
        task = write_task(facts, sas_file, lap, mark)
        if task is None:
            return PlannerOutcome(Status.UNSOLVABLE, "fd (goal unreachable in the ground task)",
                                  True, log_tail="the goal is unreachable in the ground task",
                                  timings=tuple(timings))
        mark = time.perf_counter()
        configuration = search_configuration(options.budget, task.first_values)
        label = f"fd {readable(configuration)}"
        remaining = None if options.timeout is None else options.timeout - (mark - started)
        if remaining is not None and remaining <= 0:
            # The grounding used the whole time limit: no search is started past it.
            return PlannerOutcome(Status.TIMEOUT, label, False,
                                  log_tail=f"time limit reached after {_phases_text(timings)}",
                                  timings=tuple(timings))
        search = run_command([search_binary(), "--search", configuration,
                              "--internal-plan-file", plan_file], work, remaining,
                             stdin_path=sas_file)
        if search.exit_code is None:
            return PlannerOutcome(Status.TIMEOUT, label, False, log_tail=log_tail(search.output),
                                  timings=tuple(timings))
        lap("search", mark)
        log = task.log + search.output
        counts = task.counts + _counts(search.output, ("expanded",))
        status = status_of_exit(search.exit_code)
        if status is Status.SOLVED and os.path.exists(plan_file):
            steps, cost = read_plan_file(plan_file)
            return PlannerOutcome(Status.SOLVED, label, True, steps=steps, cost=cost,
                                  log_tail=log_tail(log), timings=tuple(timings),
                                  counts=counts)
        if status is Status.UNSOLVABLE:
            return PlannerOutcome(Status.UNSOLVABLE, label, True, log_tail=log_tail(log),
                                  timings=tuple(timings), counts=counts)
        return PlannerOutcome(Status.ERROR if status is Status.SOLVED else status, label, False,
                              log_tail=f"search exit code {search.exit_code}\n{log_tail(log)}",
                              timings=tuple(timings))


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
