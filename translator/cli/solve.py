"""`helltaker solve`: plans for levels, each replayed by the rules simulator before it is shown."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

from strips_model.errors import HelltakerError, InputError
from strips_model.level import Level, load_level
from strips_model.moves import format_plan
from translator.cli.arguments import (
    Subcommands,
    add_alphabet,
    add_cluster,
    add_planner,
    write_outputs,
)
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode, exit_code_of
from translator.cli.options import BUDGET_HELP, add_limits, at_least
from translator.planners.outcome import FAILURES, PlannerOptions, Status
from translator.runtime.terminal import print_table
from translator.solving.solve import Solution, solve_level

if TYPE_CHECKING:
    from translator.runtime.results_file import ResultsFile


def add_command(commands: Subcommands) -> None:
    command = commands.add_parser(
        "solve", help="find plans for levels and check them in the simulator",
        description="Solve each LEVEL within its budget, map the plan to key presses and "
        "validate it with the rules simulator before printing it.",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("levels", nargs="+", metavar="LEVEL", help="level files")
    add_planner(command)
    command.add_argument("--optimal", action="store_true",
                         help="ask for a minimum-cost plan; every planner of --planner is "
                         "optimal, so plans are of minimum cost with or without it (it states "
                         "the intent in scripts)")
    command.add_argument("--budget", type=at_least(0), metavar="N",
                         help=f"override the budget written in the level files ({BUDGET_HELP})")
    add_limits(command, "a level")
    command.add_argument("--jobs", type=at_least(1), metavar="N", default=None,
                         help="solve up to N levels at once in worker processes "
                         "(default: the number of cores)")
    add_cluster(command)
    add_alphabet(command)
    command.add_argument("--pddl-plan", metavar="FILE",
                         help="with one LEVEL: write the plan found as ground actions of our "
                         "PDDL domain, in Fast Downward's plan format (one `(action objects)` "
                         "per line, then `; cost = N`), for other tools; `helltaker validate "
                         "LEVEL @FILE` reads it back. Written only when the level is solved")
    command.add_argument("--results", metavar="FILE.jsonl",
                         help="append each level's JSON record to FILE as it finishes; a "
                         "rerun with the same FILE skips the levels (and planner and budget) "
                         "already there, so a killed run resumes where it stopped")
    output = command.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object per level")
    output.add_argument("--table", action="store_true",
                        help="print a table: level, budget, cost, par, plan, seconds "
                        "(par is the optimum found by the exhaustive search)")
    command.set_defaults(handler=command_solve)


def _solve_task(task: tuple[str, Level, PlannerOptions]) -> Solution:
    """One planner on one level; module-level so that worker processes can run it."""
    planner, level, options = task
    return solve_level(level, planner, options)


def _load(path: str, budget: int | None) -> Level | InputError:
    """The level, or why it cannot be read: that level's record, not the batch's end."""
    try:
        level = load_level(path)
    except InputError as error:
        return error
    return level if budget is None else level.with_budget(budget)


def command_solve(args: argparse.Namespace) -> ExitCode:
    from translator.runtime.processes import default_memory_limit
    from translator.runtime.workers import default_jobs

    if args.pddl_plan is not None and len(args.levels) != 1:
        raise InputError(f"--pddl-plan writes one plan: give one LEVEL, not {len(args.levels)}")
    entries = [_load(path, args.budget) for path in args.levels]
    levels = [entry for entry in entries if isinstance(entry, Level)]
    jobs = args.jobs if args.jobs is not None else default_jobs()
    memory = args.memory_limit or default_memory_limit(min(jobs, max(1, len(levels))))
    results_file = _open_results(args.results)
    paths = list(args.levels)
    if results_file is not None:
        kept = [(path, entry) for path, entry in zip(paths, entries, strict=True)
                if not (isinstance(entry, Level) and
                        (entry.source, args.planner, entry.budget) in results_file.done)]
        if len(kept) != len(entries):
            print(f"{args.results}: {len(entries) - len(kept)} level(s) already there, "
                  "skipped", file=sys.stderr)
        paths, entries = [path for path, _ in kept], [entry for _, entry in kept]
        levels = [entry for entry in entries if isinstance(entry, Level)]
    args.results_file = results_file
    try:
        return _solve_all(args, paths, entries, levels, jobs, memory)
    finally:
        if results_file is not None:
            results_file.close()


def _open_results(path: str | None) -> ResultsFile | None:
    if path is None:
        return None
    from translator.runtime.results_file import ResultsFile

    return ResultsFile(path, ("level", "planner", "budget")).open()


def _solve_all(args: argparse.Namespace, paths: list[str], entries: list[Level | InputError],
               levels: list[Level], jobs: int, memory: int | None) -> ExitCode:
    """Report every level: JSON records as levels finish, text in input order, the table at
    the end."""
    from translator.planners.registry import prepare_planner
    from translator.runtime.executors import open_executor, prepared
    from translator.runtime.progress import Progress, batch_summary
    from translator.runtime.workers import in_input_order

    tasks = [(args.planner, level, PlannerOptions(level.budget, args.timeout, memory))
             for level in levels]
    positions = [position for position, entry in enumerate(entries) if isinstance(entry, Level)]
    worst = ExitCode.OK
    rows: dict[int, tuple[str, ...]] = {}
    statuses: list[Status] = []
    started = time.monotonic()
    with Progress(len(entries), json_mode=args.json) as progress:
        for position, (path, entry) in enumerate(zip(paths, entries, strict=True)):
            if isinstance(entry, InputError):  # bad files need no worker: reported first
                worst = max(worst, _report_bad_level(args, path, entry, rows, position))
                statuses.append(Status.ERROR)
                progress.done(failed=True)
        if tasks:
            with open_executor(args.cluster, jobs) as executor:
                # The rate is the executor's: counted from when its workers are ready, not
                # including a cluster's start-up.
                started = time.monotonic()
                progress.start()
                finished = executor.run(_solve_task, tasks,
                                        prepared(prepare_planner, args.planner))
                # JSON records name their level and stream as levels finish; text is read by
                # people and keeps the order of the command line.
                for index, result in finished if args.json else in_input_order(finished):
                    level, position = levels[index], positions[index]
                    status = result.status if isinstance(result, Solution) else Status.ERROR
                    statuses.append(status)
                    progress.done(failed=status not in (Status.SOLVED, Status.UNSOLVABLE))
                    if isinstance(result, BaseException):
                        worst = max(worst, _report_failed_task(args, level, result, rows,
                                                               position))
                    else:
                        if args.pddl_plan is not None and result.status is Status.SOLVED:
                            _write_pddl_plan(args.pddl_plan, level, result)
                        worst = max(worst, _report(args, level, result, len(entries), rows,
                                                   position, memory))
                    if progress.finished < len(entries):
                        progress.start()
    if args.table:
        print_table(("level", "budget", "cost", "par", "plan", "seconds"),
                    [rows[position] for position in sorted(rows)])
    if len(entries) > 1:
        solved = statuses.count(Status.SOLVED)
        unsolvable = statuses.count(Status.UNSOLVABLE)
        print(batch_summary(solved, len(statuses) - solved - unsolvable, unsolvable,
                            time.monotonic() - started), file=sys.stderr, flush=True)
    return worst


def _write_pddl_plan(path: str, level: Level, solution: Solution) -> None:
    """The planner's own actions; for a planner that plans key presses (the exhaustive
    search), the actions of our model that those key presses take."""
    from translator.solving.ground_plans import format_ground_plan, ground_plan_of

    assert solution.directions is not None and solution.verdict is not None
    steps = solution.outcome.steps
    if steps is None:
        steps = ground_plan_of(level, solution.directions)
    write_outputs({path: format_ground_plan(steps, solution.verdict.cost)}, path)


def _exit_code(solution: Solution) -> ExitCode:
    if solution.status in FAILURES:
        return ExitCode.RUN_FAILED
    if solution.status is Status.UNSOLVABLE:
        return ExitCode.FAILED
    return ExitCode.OK


def _report_bad_level(args: argparse.Namespace, path: str, error: InputError,
                      rows: dict[int, tuple[str, ...]], position: int) -> ExitCode:
    _report_error(args, path, None, str(error), f"helltaker: {error}",
                  (path, "-", "-", "-", Status.ERROR.value, "-"), rows, position)
    return exit_code_of(error)


def _report_failed_task(args: argparse.Namespace, level: Level, error: BaseException,
                        rows: dict[int, tuple[str, ...]], position: int) -> ExitCode:
    """A task that gave no solution (its worker died, Dask lost it): that level's error
    record, with the reason on one line."""
    lines = str(error).strip().splitlines()
    message = lines[0] if lines else type(error).__name__
    _report_error(args, level.source, level.budget, message, f"{level.source}: {message}",
                  (level.name, str(level.budget), "-", "-", Status.ERROR.value, "-"), rows,
                  position)
    return exit_code_of(error) if isinstance(error, HelltakerError) else ExitCode.RUN_FAILED


def _report_error(args: argparse.Namespace, source: str, budget: int | None, message: str,
                  line: str, row: tuple[str, ...], rows: dict[int, tuple[str, ...]],
                  position: int) -> None:
    """A level that has no solution to report: its error record, or a line on stderr and
    its table row."""
    record = {"level": source, "status": Status.ERROR.value, "plan": None, "cost": None,
              "budget": budget, "optimal": False, "planner": args.planner, "seconds": 0.0,
              "valid": None, "message": message}
    if args.results_file is not None:
        args.results_file.append(record)
    if args.json:
        print(json.dumps(record), flush=True)
    else:
        print(line, file=sys.stderr, flush=True)
        if args.table:
            rows[position] = row


def _failure_message(solution: Solution) -> str | None:
    """One line saying why the run gave no valid plan; None when it did, or proved none."""
    outcome, verdict = solution.outcome, solution.verdict
    if solution.status is Status.INVALID and verdict is not None:
        return f"{outcome.planner} returned an invalid plan: {verdict.reason}"
    if outcome.status in FAILURES:
        last = outcome.log_tail.strip().splitlines()[-1:] or [outcome.status.value]
        return last[0]
    return None


def _report(args: argparse.Namespace, level: Level, solution: Solution, level_count: int,
            rows: dict[int, tuple[str, ...]], position: int, memory: int | None) -> ExitCode:
    """Print one level's result (or keep its table row); return its exit status."""
    outcome, verdict, status = solution.outcome, solution.verdict, solution.status
    message = _failure_message(solution)
    if status is Status.INVALID and not args.json:
        # A plan the rules reject is a planner (or model) failure, never shown as a solution.
        print(f"{level.source}: {message}", file=sys.stderr)
    if outcome.status in FAILURES and not args.json:
        print(f"{level.source}: {outcome.planner}: {outcome.status.value}", file=sys.stderr)
        if outcome.log_tail:
            print(outcome.log_tail, file=sys.stderr)
    plan = (format_plan(solution.directions, args.alphabet)
            if solution.directions is not None else None)
    cost = verdict.cost if verdict is not None else None
    record = {
        "level": level.source, "status": status.value, "plan": plan, "cost": cost,
        "budget": level.budget, "optimal": outcome.optimal and status is Status.SOLVED,
        "planner": outcome.planner, "seconds": round(solution.seconds, 3),
        "valid": verdict.valid if verdict is not None else None, "message": message,
    }
    if args.results_file is not None:
        # Keyed by the planner's name as asked, not its configuration, for the resume.
        args.results_file.append({**record, "planner": args.planner})
    if args.json:
        print(json.dumps(record), flush=True)
    elif args.table:
        reference = solve_level(level, "search", PlannerOptions(level.budget, args.timeout,
                                                                memory))
        par = reference.verdict.cost if reference.verdict is not None else None
        rows[position] = (level.name, str(level.budget),
                          str(cost) if cost is not None else "-",
                          str(par) if par is not None else "-",
                          (plan or "(empty)") if plan is not None else status.value,
                          f"{solution.seconds:.2f}")
    elif plan is not None and status is Status.SOLVED:
        print(plan if level_count == 1 else f"{level.source}\t{plan}", flush=True)
        print(f"{level.source}: solved, cost {cost}/{level.budget}"
              f"{' (optimal)' if outcome.optimal else ''}, {solution.seconds:.2f} s, "
              f"{outcome.planner}", file=sys.stderr)
    elif status is Status.UNSOLVABLE:
        print(f"{level.source}: no plan within budget {level.budget} "
              f"(proven by {outcome.planner})", file=sys.stderr)
        if level_count > 1:
            print(f"{level.source}\tunsolvable", flush=True)
    return _exit_code(solution)
