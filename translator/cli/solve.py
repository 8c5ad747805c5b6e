"""`helltaker solve`: plans for levels, each replayed by the rules simulator before it is shown."""

from __future__ import annotations

import argparse
import json
import sys

from strips_model.level import Level
from strips_model.moves import format_plan
from translator.cli.arguments import (
    Subcommands,
    add_alphabet,
    add_planner,
    check_jobs,
    load_levels,
)
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.decode.solve import Solution, solve_level
from translator.planners.outcome import PlannerOptions, Status
from translator.terminal import print_table


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
    command.add_argument("--budget", type=int, metavar="N",
                         help="override the budget written in the level files")
    command.add_argument("--timeout", type=float, metavar="S",
                         help="give up on a level after S seconds (exit 3)")
    command.add_argument("--jobs", type=int, metavar="N", default=None,
                         help="solve up to N levels at once in worker processes "
                         "(default: the number of cores)")
    add_alphabet(command)
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


def command_solve(args: argparse.Namespace) -> ExitCode:
    from translator.planners.registry import prepare_planner
    from translator.planners.workers import default_jobs, run_ordered
    from translator.progress import Progress

    levels = load_levels(args.levels, args.budget)
    check_jobs(args.jobs)
    jobs = args.jobs if args.jobs is not None else default_jobs()
    prepare_planner(args.planner)
    tasks = [(args.planner, level, PlannerOptions(level.budget, args.timeout))
             for level in levels]
    worst = ExitCode.OK
    rows: list[tuple[str, ...]] = []
    results = run_ordered(_solve_task, tasks, jobs)
    with Progress(len(levels), json_mode=args.json) as progress:
        for level in levels:
            progress.start(level.source)
            solution = next(results)
            progress.done()
            worst = max(worst, _report(args, level, solution, len(levels), rows))
    if args.table:
        print_table(("level", "budget", "cost", "par", "plan", "seconds"), rows)
    return worst


def _exit_code(solution: Solution) -> ExitCode:
    if solution.status in (Status.INVALID, Status.TIMEOUT, Status.ERROR):
        return ExitCode.RUN_FAILED
    if solution.status is Status.UNSOLVABLE:
        return ExitCode.FAILED
    return ExitCode.OK


def _report(args: argparse.Namespace, level: Level, solution: Solution, level_count: int,
            rows: list[tuple[str, ...]]) -> ExitCode:
    """Print one level's result (or keep its table row); return its exit status."""
    outcome, verdict, status = solution.outcome, solution.verdict, solution.status
    if status is Status.INVALID and verdict is not None:
        # A plan the rules reject is a planner (or model) failure, never shown as a solution.
        print(f"{level.source}: {outcome.planner} returned an invalid plan: {verdict.reason}",
              file=sys.stderr)
    if outcome.status in (Status.TIMEOUT, Status.ERROR):
        print(f"{level.source}: {outcome.planner}: {outcome.status.value}", file=sys.stderr)
        if outcome.log_tail:
            print(outcome.log_tail, file=sys.stderr)
    plan = (format_plan(solution.directions, args.alphabet)
            if solution.directions is not None else None)
    cost = verdict.cost if verdict is not None else None
    if args.json:
        print(json.dumps({
            "level": level.source, "status": status.value, "plan": plan, "cost": cost,
            "budget": level.budget, "optimal": outcome.optimal and status is Status.SOLVED,
            "planner": outcome.planner, "seconds": round(solution.seconds, 3),
            "valid": verdict.valid if verdict is not None else None,
        }), flush=True)
    elif args.table:
        reference = solve_level(level, "search", PlannerOptions(level.budget))
        par = reference.verdict.cost if reference.verdict is not None else None
        rows.append((level.name, str(level.budget), str(cost) if cost is not None else "-",
                     str(par) if par is not None else "-",
                     (plan or "(empty)") if plan is not None else status.value,
                     f"{solution.seconds:.2f}"))
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
