"""A study on a generated suite: every shipped planner on levels of graded size and density.

Levels come from the suite generator (suite.py), each checked and solved by the exhaustive
search, which also gives its difficulty measures (optimum, states expanded, optimal plans).
Level i belongs to grade (i - 1) mod len(GRADES), and its seed derives from the study's seed
and i alone, so a larger --count keeps every level a smaller one had.

Every (level, planner) attempt runs in a process forked for it (run_in_child): its CPU time
and peak memory are that process's and its children's, not what earlier attempts left in a
reused worker. Each finished level and attempt is one record handed to a `RecordStore` (the
command line's resumable --results file), so a killed study resumes where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from strips_model.level import parse_level
from strips_model.random_level import Counts
from translator.generate.generator import CheckFailed, GenerationError
from translator.generate.suite import SuiteRequest, build_problem
from translator.measure.process_usage import process_usage
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import PLANNERS, prepare_planner
from translator.runtime.executors import open_executor
from translator.runtime.processes import Limits, WorkerFailed, run_in_child
from translator.solving.solve import solve_level

Record = dict[str, object]

SIZES = (6, 8, 10, 12)
"""Square levels, walls included: the smallest a plan must cross a few objects in, up to the
largest on which the slow planners still finish some levels within seconds."""

LEVEL_KIND = "level"
RUN_KIND = "run"
GENERATION_SECONDS = 120.0
"""Checking and measuring one level (exhaustive search, optimal plans counted): a level past
it is recorded as not generated rather than holding up the study."""
SAFETY_SECONDS = 60.0
"""Past the planner's own time limit, for decoding and validating its plan: only a hung
attempt reaches it."""


@dataclass(frozen=True, slots=True)
class Density:
    name: str
    cells_per_boulder: int
    cells_per_skeleton: int
    cells_per_spike: int
    cells_per_trap: int
    key: bool
    walls: float


DENSITIES = (
    Density("sparse", 16, 36, 36, 0, False, 0.10),
    Density("medium", 10, 20, 20, 36, True, 0.15),
    Density("dense", 7, 14, 14, 20, True, 0.22),
)


@dataclass(frozen=True, slots=True)
class Grade:
    number: int
    """1 for the smallest, sparsest levels, up to len(GRADES)."""
    size: int
    density: str
    counts: Counts

    @property
    def label(self) -> str:
        return f"{self.size}x{self.size} {self.density}"


def _counts(size: int, density: Density) -> Counts:
    inner = (size - 2) ** 2

    def per(cells: int) -> int:
        return 0 if cells == 0 else max(1, inner // cells)

    return Counts(per(density.cells_per_boulder), per(density.cells_per_skeleton),
                  per(density.cells_per_spike), per(density.cells_per_trap), density.key,
                  density.walls)


GRADES = tuple(Grade(number, size, density.name, _counts(size, density))
               for number, (size, density) in enumerate(
                   ((size, density) for size in SIZES for density in DENSITIES), start=1))
"""Ordered by size, then density: the order the plots read as difficulty."""


class RecordStore(Protocol):
    """Where records go as they are made (translator/runtime/results_file.py ResultsFile)."""

    done: dict[tuple[object, ...], dict[str, object]]

    def append(self, record: Mapping[str, object]) -> None: ...


KEY_FIELDS = ("kind", "level", "planner")
"""What identifies a record in the store: a level's has planner None."""


@dataclass(frozen=True, slots=True)
class StudyRequest:
    count: int
    seed: int
    planners: tuple[str, ...]
    timeout: float
    memory: int | None
    cluster: str | None = None
    jobs: int = 1


def shipped_planners() -> tuple[str, ...]:
    return tuple(PLANNERS)


NAME_DIGITS = 4
"""Level names are `p0001`...: one width for every count up to 9999, so that a larger study
resumes from a smaller one's results (the names are the results file's keys)."""


def level_names(count: int) -> list[str]:
    width = max(NAME_DIGITS, len(str(count)))
    return [f"p{index:0{width}d}" for index in range(1, count + 1)]


def grade_of(index: int) -> Grade:
    """Level `index` (1-based): round-robin over the grades, so every count is balanced."""
    return GRADES[(index - 1) % len(GRADES)]


def run_study(request: StudyRequest, store: RecordStore,
              progress: Callable[[str, int, bool], None] | None = None) -> list[Record]:
    """Generate the levels, then run every planner on every level; returns every record, the
    store's earlier ones included. `progress(phase, total, failed)` is called with total > 0
    when a phase starts and with total 0 after each item."""
    for planner in request.planners:
        if planner not in PLANNERS:
            raise ValueError(f"unknown planner {planner!r}")
    levels = _levels(request, store, progress)
    runs = _runs(request, store, [level for level in levels if "error" not in level],
                 progress)
    return [*levels, *runs]


def _report(progress: Callable[[str, int, bool], None] | None, phase: str, total: int,
            failed: bool = False) -> None:
    if progress is not None:
        progress(phase, total, failed)


def _levels(request: StudyRequest, store: RecordStore,
            progress: Callable[[str, int, bool], None] | None) -> list[Record]:
    names = level_names(request.count)
    records: dict[str, Record] = {}
    tasks: list[tuple[int, str, int, Limits]] = []
    for index, name in enumerate(names, start=1):
        known = store.done.get((LEVEL_KIND, name, None))
        if known is not None:
            records[name] = known
        else:
            tasks.append((index, name, request.seed, Limits(GENERATION_SECONDS,
                                                            request.memory)))
    if tasks:
        _report(progress, "levels", len(tasks))
    for _index, record in _execute(request, _level_task, tasks, lambda: None):
        store.append(record)
        records[str(record["level"])] = record
        _report(progress, "levels", 0, "error" in record)
    return [records[name] for name in names]


def _execute(request: StudyRequest, function: Callable[[tuple[object, ...]], Record],
             tasks: Sequence[tuple[object, ...]], prepare: Callable[[], object],
             ) -> Iterator[tuple[int, Record]]:
    if not tasks:
        return
    with open_executor(request.cluster, request.jobs) as executor:
        for index, result in executor.run(function, tasks, prepare):
            if isinstance(result, BaseException):
                # A lost worker: that task's failure, recorded, never the study's end.
                result = _failed_task(tasks[index], result)
            yield index, result


def _failed_task(task: tuple[object, ...], error: BaseException) -> Record:
    if len(task) == 4:  # a level's generation task
        return {"kind": LEVEL_KIND, "level": task[1], "planner": None,
                "error": _first_line(error)}
    name, planner = task[0], task[2]
    return {"kind": RUN_KIND, "level": name, "planner": planner,
            "status": Status.ERROR.value, "error": _first_line(error)}


def _first_line(error: BaseException | str) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _level_task(task: tuple[object, ...]) -> Record:
    index, name, seed, limits = task
    assert isinstance(index, int) and isinstance(name, str) and isinstance(seed, int)
    assert isinstance(limits, Limits)
    grade = grade_of(index)
    base: Record = {"kind": LEVEL_KIND, "level": name, "planner": None, "index": index,
                    "grade": grade.number, "grade_label": grade.label}
    try:
        # A child of its own, so a level whose plan count runs away is stopped, not waited on.
        return {**base, **run_in_child(f"generating {name}", _generate,
                                       (index, name, seed, limits), limits)}
    except (GenerationError, CheckFailed, WorkerFailed) as error:
        return {**base, "error": _first_line(error)}


def _generate(task: tuple[int, str, int, Limits]) -> Record:
    index, name, seed, limits = task
    grade = grade_of(index)
    suite = SuiteRequest(1, seed, grade.size, grade.size, grade.counts, 0, limits)
    problem = build_problem(suite, index, name, lambda line: None)
    difficulty = problem.difficulty
    return {
        "seed": problem.seed, "text": problem.level_text, "size": grade.size,
        "budget": problem.level.budget, "optimum": problem.optimum,
        "expanded": problem.expanded,
        "optimal_plans": None if difficulty is None else difficulty.optimal_plans,
        "optimal_plans_text": None if difficulty is None else difficulty.optimal_plans_text,
        "mechanics": [] if difficulty is None else list(difficulty.mechanics),
        "boulders": grade.counts.boulders, "skeletons": grade.counts.skeletons,
        "spikes": grade.counts.spikes, "traps": grade.counts.traps, "key": grade.counts.key,
        "walls": grade.counts.walls,
    }


def _runs(request: StudyRequest, store: RecordStore, levels: list[Record],
          progress: Callable[[str, int, bool], None] | None) -> list[Record]:
    records: dict[tuple[str, str], Record] = {}
    tasks: list[tuple[object, ...]] = []
    # Level by level, every planner on one before the next: a study stopped early still
    # compares the planners on the same levels.
    for level in levels:
        for planner in request.planners:
            key = (str(level["level"]), planner)
            known = store.done.get((RUN_KIND, *key))
            if known is not None:
                records[key] = known
            else:
                tasks.append((level["level"], level["text"], planner, level["optimum"],
                              level["grade"], request.timeout, request.memory))
    if tasks:
        _report(progress, "runs", len(tasks))
    for _index, record in _execute(request, _run_task, tasks,
                                   lambda: _prepare(request.planners)):
        store.append(record)
        records[(str(record["level"]), str(record["planner"]))] = record
        _report(progress, "runs", 0, record.get("status") != Status.SOLVED.value)
    return [records[(str(level["level"]), planner)] for level in levels
            for planner in request.planners if (str(level["level"]), planner) in records]


def _prepare(planners: Sequence[str]) -> None:
    """Imports before the workers fork: each attempt then pays only its own work."""
    for planner in planners:
        prepare_planner(planner)


def _run_task(task: tuple[object, ...]) -> Record:
    name, _text, planner, _optimum, grade, timeout, _memory = task
    assert isinstance(timeout, float)
    base: Record = {"kind": RUN_KIND, "level": name, "planner": planner, "grade": grade}
    try:
        measured = run_in_child(f"{planner} on {name}", _measured_run, task,
                                Limits(timeout + SAFETY_SECONDS, None))
    except WorkerFailed as error:
        return {**base, "status": Status.ERROR.value, "error": _first_line(error)}
    return {**base, **measured}


def _measured_run(task: tuple[object, ...]) -> Record:
    """In a fresh child: one attempt, its plan validated, with what it cost."""
    _name, text, planner, optimum, _grade, timeout, memory = task
    assert isinstance(text, str) and isinstance(planner, str) and isinstance(optimum, int)
    assert isinstance(timeout, float) and (memory is None or isinstance(memory, int))
    before = process_usage()
    started = time.perf_counter()
    level = parse_level(text, source="<study>")
    solution = solve_level(level, planner, PlannerOptions(level.budget, timeout, memory))
    seconds = time.perf_counter() - started
    after = process_usage()
    verdict, outcome = solution.verdict, solution.outcome
    status = solution.status
    cost = verdict.cost if verdict is not None and verdict.valid else None
    record: Record = {
        "status": status.value, "configuration": outcome.planner, "claimed_cost": outcome.cost,
        "cost": cost, "valid": None if verdict is None else verdict.valid,
        "optimum": optimum, "budget": level.budget,
        "within_budget": cost is not None and cost <= level.budget,
        "agrees": None if cost is None else cost == optimum,
        "seconds": round(seconds, 4), "cpu": round(after.cpu - before.cpu, 4),
        "peak_mb": round(after.peak_mb, 1), "baseline_mb": round(before.peak_mb, 1),
        "counts": dict(outcome.counts),
    }
    if status is not Status.SOLVED and outcome.log_tail:
        record["error"] = _first_line(outcome.log_tail.strip().splitlines()[-1])
    return record
