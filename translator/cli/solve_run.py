"""`helltaker solve`'s work, once its arguments are read (solve.py): every level loaded, run on
worker processes or a Dask cluster, and reported as solve_output.py prints it.
"""

from __future__ import annotations

import argparse
import sys
import time

from strips_model.errors import InputError
from strips_model.level import Level
from strips_model.level_file import load_level
from translator.cli.arguments import input_paths, write_outputs
from translator.cli.exit_codes import ExitCode
from translator.cli.options import memory_limit_of
from translator.cli.solve_output import RESULTS_KEY, SolveOutput
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import prepare_planner
from translator.runtime.executors import open_executor, prepared
from translator.runtime.output_checks import check_outputs
from translator.runtime.progress import Progress, batch_summary
from translator.runtime.results_file import open_results
from translator.runtime.workers import default_jobs, in_input_order
from translator.solving.solve import Solution, SolveRequest, solve_request


def _load(path: str, budget: int | None) -> Level | InputError:
    """The level, or why it cannot be read: that level's record, not the batch's end."""
    try:
        level = load_level(path)
    except InputError as error:
        return error
    return level if budget is None else level.with_budget(budget)


Entry = tuple[str, Level | InputError]
"""A LEVEL argument and its level, or why it cannot be read."""


def solve_levels(args: argparse.Namespace) -> ExitCode:
    """Every LEVEL solved and reported; the worst status is the exit status."""
    if args.pddl_plan is not None and len(args.levels) != 1:
        raise InputError(f"--pddl-plan writes one plan: give one LEVEL, not {len(args.levels)}")
    if args.pddl_plan is not None:
        check_outputs([args.pddl_plan], inputs=input_paths(args))
    entries: list[Entry] = [(path, _load(path, args.budget)) for path in args.levels]
    jobs = args.jobs if args.jobs is not None else default_jobs()
    readable = sum(isinstance(level, Level) for _, level in entries)
    memory = memory_limit_of(args, min(jobs, max(1, readable)))
    with open_results(args.results, RESULTS_KEY) as results:
        if results is not None:
            entries = results.not_done(entries, lambda entry: _resume_key(args, entry))
        output = SolveOutput(args, len(entries), results, memory)
        return _solve_all(args, entries, jobs, memory, output)


def _resume_key(args: argparse.Namespace, entry: Entry) -> tuple[object, ...] | None:
    """A readable level's key in --results; an unreadable one is never skipped."""
    level = entry[1]
    return (level.source, args.planner, level.budget) if isinstance(level, Level) else None


def _solve_all(args: argparse.Namespace, entries: list[Entry], jobs: int, memory: int | None,
               output: SolveOutput) -> ExitCode:
    """Report every level: JSON records as levels finish, text in input order, the table at
    the end."""
    positions = [position for position, (_, level) in enumerate(entries)
                 if isinstance(level, Level)]
    levels = [level for _, level in entries if isinstance(level, Level)]
    tasks = [SolveRequest(level, args.planner,
                          PlannerOptions(level.budget, args.timeout, memory))
             for level in levels]
    worst = ExitCode.OK
    statuses: list[Status] = []
    started = time.monotonic()
    with Progress(len(entries), json_mode=args.json) as progress:
        for position, (path, entry) in enumerate(entries):
            if isinstance(entry, InputError):  # bad files need no worker: reported first
                worst = max(worst, output.bad_level(path, entry, position))
                statuses.append(Status.ERROR)
                progress.done(failed=True)
        if tasks:
            with open_executor(args.cluster, jobs) as executor:
                # The rate is the executor's: counted from when its workers are ready, not
                # including a cluster's start-up.
                started = time.monotonic()
                progress.start()
                finished = executor.run(solve_request, tasks,
                                        prepared(prepare_planner, args.planner, len(tasks)))
                # JSON records name their level and stream as levels finish; text is read by
                # people and keeps the order of the command line.
                for index, result in finished if args.json else in_input_order(finished):
                    level, position = levels[index], positions[index]
                    status = result.status if isinstance(result, Solution) else Status.ERROR
                    statuses.append(status)
                    progress.done(failed=status not in (Status.SOLVED, Status.UNSOLVABLE))
                    if isinstance(result, BaseException):
                        worst = max(worst, output.failed_task(level, result, position))
                    else:
                        if args.pddl_plan is not None and result.status is Status.SOLVED:
                            _write_pddl_plan(args.pddl_plan, level, result,
                                             input_paths(args))
                        worst = max(worst, output.solution(level, result, position))
                    if progress.finished < len(entries):
                        progress.start()
    output.print_table()
    if len(entries) > 1:
        solved = statuses.count(Status.SOLVED)
        unsolvable = statuses.count(Status.UNSOLVABLE)
        print(batch_summary(solved, len(statuses) - solved - unsolvable, unsolvable,
                            time.monotonic() - started), file=sys.stderr, flush=True)
    return worst


def _write_pddl_plan(path: str, level: Level, solution: Solution,
                     inputs: tuple[str, ...]) -> None:
    """The planner's own actions; for a planner that plans key presses (the exhaustive
    search), the actions of our model that those key presses take."""
    # Imported here: the ground-action semantics is needed only for --pddl-plan.
    from translator.solving.ground_plans import format_ground_plan, ground_plan_of

    assert solution.directions is not None and solution.verdict is not None
    steps = solution.outcome.steps
    if steps is None:
        steps = ground_plan_of(level, solution.directions)
    write_outputs({path: format_ground_plan(steps, solution.verdict.cost)}, path, inputs)
