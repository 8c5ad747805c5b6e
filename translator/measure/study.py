"""A study on a generated suite: every shipped planner on levels of graded size and density.

Levels come from the suite generator (suite.py), each checked and solved by the exhaustive
search, which also gives its difficulty measures (optimum, states expanded, optimal plans).
Level i belongs to grade (i - 1) mod len(GRADES) (study_grades.py), and its seed derives from
the study's seed and i alone, so a larger --count keeps every level a smaller one had.

Every (level, planner) attempt runs in a process forked for it (run_in_child): its CPU time
and peak memory are that process's and its children's, not what earlier attempts left in a
reused worker. Each finished level and attempt is one record handed to a `RecordStore` (the
command line's resumable --results file), so a killed study resumes where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from strips_model.level_file import parse_level
from translator.generate.generator import CheckFailed, GenerationError
from translator.generate.suite import SuiteRequest, build_problem
from translator.measure.batch import measure_items
from translator.measure.process_usage import UsageMeter
from translator.measure.study_grades import grade_of, level_names
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import PLANNERS, prepare_planner
from translator.runtime.processes import Limits, WorkerFailed, run_in_child
from translator.solving.solve import solve_level

Record = dict[str, object]

LEVEL_KIND = "level"
RUN_KIND = "run"
GENERATION_SECONDS = 120.0
"""Checking and measuring one level (exhaustive search, optimal plans counted): a level past
it is recorded as not generated rather than holding up the study."""
SAFETY_SECONDS = 60.0
"""Past the planner's own time limit, for decoding and validating its plan: only a hung
attempt reaches it."""


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


Announce = Callable[[str, int], None]
"""`announce(phase, total)`: a phase ("levels", "runs") starts with `total` items to go."""


def run_study(request: StudyRequest, store: RecordStore,
              announce: Announce | None = None) -> list[Record]:
    """Generate the levels, then run every planner on every level; returns every record, the
    store's earlier ones included. Each phase with items to go is announced, then shown by
    a progress bar."""
    for planner in request.planners:
        if planner not in PLANNERS:
            raise ValueError(f"unknown planner {planner!r}")
    levels = _levels(request, store, announce)
    runs = _runs(request, store, [level for level in levels if "error" not in level],
                 announce)
    return [*levels, *runs]


def _levels(request: StudyRequest, store: RecordStore,
            announce: Announce | None) -> list[Record]:
    names = level_names(request.count)
    records: dict[str, Record] = {}
    tasks: list[_LevelRequest] = []
    for index, name in enumerate(names, start=1):
        known = store.done.get((LEVEL_KIND, name, None))
        if known is not None:
            records[name] = known
        else:
            tasks.append(_LevelRequest(index, name, request.seed,
                                       Limits(GENERATION_SECONDS, request.memory)))
    for record in _execute(request, "levels", _level_task, tasks, None, announce):
        store.append(record)
        records[str(record["level"])] = record
    return [records[name] for name in names]


_Task = TypeVar("_Task", "_LevelRequest", "_RunRequest")


def _execute(request: StudyRequest, phase: str, function: Callable[[_Task], Record],
             tasks: Sequence[_Task], prepare: Callable[[], object] | None,
             announce: Announce | None) -> Iterator[Record]:
    """Every task's record as it finishes, a task that failed (a lost worker) included: that
    task's failure, recorded, never the study's end."""
    if not tasks:
        return
    if announce is not None:
        announce(phase, len(tasks))
    for index, result in measure_items(function, tasks, cluster=request.cluster,
                                       jobs=request.jobs, prepare=prepare, unit=phase,
                                       failed=_failed):
        yield _failed_task(tasks[index], result) if isinstance(result, BaseException) \
            else result


def _failed(result: Record | BaseException) -> bool:
    """A level not generated, or an attempt without a solution."""
    if isinstance(result, BaseException):
        return True
    if result["kind"] == LEVEL_KIND:
        return "error" in result
    return result.get("status") != Status.SOLVED.value


def _failed_task(task: _LevelRequest | _RunRequest, error: BaseException) -> Record:
    if isinstance(task, _LevelRequest):
        return {"kind": LEVEL_KIND, "level": task.name, "planner": None,
                "error": _first_line(error)}
    return {"kind": RUN_KIND, "level": task.name, "planner": task.planner,
            "status": Status.ERROR.value, "error": _first_line(error)}


def _first_line(error: BaseException | str) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


@dataclass(frozen=True, slots=True)
class _LevelRequest:
    """Level number `index` of the study, generated from the study's `seed`."""

    index: int
    name: str
    seed: int
    limits: Limits
    """For checking and measuring it (GENERATION_SECONDS)."""


def _level_task(task: _LevelRequest) -> Record:
    index, name = task.index, task.name
    grade = grade_of(index)
    base: Record = {"kind": LEVEL_KIND, "level": name, "planner": None, "index": index,
                    "grade": grade.number, "grade_label": grade.label}
    try:
        # A child of its own, so a level whose plan count runs away is stopped, not waited on.
        return {**base, **run_in_child(f"generating {name}", _generate, task, task.limits)}
    except (GenerationError, CheckFailed, WorkerFailed) as error:
        return {**base, "error": _first_line(error)}


def _generate(task: _LevelRequest) -> Record:
    index, name, seed, limits = task.index, task.name, task.seed, task.limits
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
          announce: Announce | None) -> list[Record]:
    records: dict[tuple[str, str], Record] = {}
    tasks: list[_RunRequest] = []
    # Level by level, every planner on one before the next: a study stopped early still
    # compares the planners on the same levels.
    for level in levels:
        for planner in request.planners:
            key = (str(level["level"]), planner)
            known = store.done.get((RUN_KIND, *key))
            if known is not None:
                records[key] = known
            else:
                tasks.append(_run_request(level, planner, request))
    for record in _execute(request, "runs", _run_task, tasks,
                           lambda: _prepare(request.planners), announce):
        store.append(record)
        records[(str(record["level"]), str(record["planner"]))] = record
    return [records[(str(level["level"]), planner)] for level in levels
            for planner in request.planners if (str(level["level"]), planner) in records]


def _prepare(planners: Sequence[str]) -> None:
    """Imports before the workers fork: each attempt then pays only its own work."""
    for planner in planners:
        prepare_planner(planner)


@dataclass(frozen=True, slots=True)
class _RunRequest:
    """One attempt: `planner` on the level `name`, whose text is `text`."""

    name: str
    text: str
    planner: str
    optimum: int
    """The exhaustive search's cost, which the attempt's is checked against."""
    grade: int
    timeout: float
    memory: int | None


def _run_request(level: Record, planner: str, request: StudyRequest) -> _RunRequest:
    """`planner` on a generated level's record (made here or read back from the store)."""
    text, optimum, grade = level["text"], level["optimum"], level["grade"]
    assert isinstance(text, str) and isinstance(optimum, int) and isinstance(grade, int)
    return _RunRequest(str(level["level"]), text, planner, optimum, grade, request.timeout,
                       request.memory)


def _run_task(task: _RunRequest) -> Record:
    name, planner = task.name, task.planner
    base: Record = {"kind": RUN_KIND, "level": name, "planner": planner, "grade": task.grade}
    try:
        measured = run_in_child(f"{planner} on {name}", _measured_run, task,
                                Limits(task.timeout + SAFETY_SECONDS, None))
    except WorkerFailed as error:
        return {**base, "status": Status.ERROR.value, "error": _first_line(error)}
    return {**base, **measured}


def _measured_run(task: _RunRequest) -> Record:
    """In a fresh child: one attempt, its plan validated, with what it cost."""
    text, planner, optimum = task.text, task.planner, task.optimum
    timeout, memory = task.timeout, task.memory
    meter = UsageMeter()
    level = parse_level(text, source="<study>")
    solution = solve_level(level, planner, PlannerOptions(level.budget, timeout, memory))
    usage = meter.read()
    verdict, outcome = solution.verdict, solution.outcome
    status = solution.status
    cost = verdict.cost if verdict is not None and verdict.valid else None
    record: Record = {
        "status": status.value, "configuration": outcome.planner, "claimed_cost": outcome.cost,
        "cost": cost, "valid": None if verdict is None else verdict.valid,
        "optimum": optimum, "budget": level.budget,
        "within_budget": cost is not None and cost <= level.budget,
        "agrees": None if cost is None else cost == optimum,
        "seconds": round(usage.seconds, 4), "cpu": round(usage.cpu, 4),
        "peak_mb": round(usage.peak_mb, 1), "baseline_mb": round(usage.baseline_mb, 1),
        "counts": dict(outcome.counts),
    }
    if status is not Status.SOLVED and outcome.log_tail:
        record["error"] = _first_line(outcome.log_tail.strip().splitlines()[-1])
    return record
