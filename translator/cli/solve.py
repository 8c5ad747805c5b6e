"""`helltaker solve`: plans for levels, each replayed by the rules simulator before it is shown.

Levels run on worker processes or a Dask cluster; what is printed for each is solve_output.py.
"""

from __future__ import annotations

import argparse
import sys
import time

from strips_model.errors import InputError
from strips_model.level import Level
from strips_model.level_file import load_level
from translator.cli.arguments import add_alphabet, add_cluster, add_planner, write_outputs
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.options import BUDGET_HELP, add_limits, at_least, memory_limit_of
from translator.cli.solve_output import RESULTS_KEY, SolveOutput
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import prepare_planner
from translator.runtime.executors import open_executor, prepared
from translator.runtime.output_checks import check_outputs
from translator.runtime.progress import Progress, batch_summary
from translator.runtime.results_file import open_results
from translator.runtime.workers import default_jobs, in_input_order
from translator.solving.solve import Solution, SolveRequest, solve_request


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "solve",
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


def _load(path: str, budget: int | None) -> Level | InputError:
    """The level, or why it cannot be read: that level's record, not the batch's end."""
    try:
        level = load_level(path)
    except InputError as error:
        return error
    return level if budget is None else level.with_budget(budget)


Entry = tuple[str, Level | InputError]
"""A LEVEL argument and its level, or why it cannot be read."""


def command_solve(args: argparse.Namespace) -> ExitCode:
    if args.pddl_plan is not None and len(args.levels) != 1:
        raise InputError(f"--pddl-plan writes one plan: give one LEVEL, not {len(args.levels)}")
    if args.pddl_plan is not None:
        check_outputs([args.pddl_plan])
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
                            _write_pddl_plan(args.pddl_plan, level, result)
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


def _write_pddl_plan(path: str, level: Level, solution: Solution) -> None:
    """The planner's own actions; for a planner that plans key presses (the exhaustive
    search), the actions of our model that those key presses take."""
    # Imported here: the ground-action semantics is needed only for --pddl-plan.
    from translator.solving.ground_plans import format_ground_plan, ground_plan_of

    assert solution.directions is not None and solution.verdict is not None
    steps = solution.outcome.steps
    if steps is None:
        steps = ground_plan_of(level, solution.directions)
    write_outputs({path: format_ground_plan(steps, solution.verdict.cost)}, path)
