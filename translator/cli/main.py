"""The `helltaker` command line.

Exit statuses (documented in `--help` and the README):
  0  success: plans valid, levels solved, files written
  1  a plan is invalid, or a level is proven unsolvable within its budget
  2  bad input (level, plan or schema file, arguments); one line `path:line:col: message`
  3  planner failure or timeout (the planner's last log lines go to stderr)
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Sequence

from strips_model.errors import HelltakerError, InputError, read_text
from strips_model.level import Level, load_level
from strips_model.moves import ALPHABETS, format_plan, parse_plan
from strips_model.validator import Verdict, validate
from translator.planners.outcome import PlannerOutcome
from translator.planners.registry import PlannerOptions

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_PLANNER = 0, 1, 2, 3

EPILOG = """\
exit status: 0 success, 1 invalid plan or level unsolvable within its budget,
2 bad input, 3 planner error or timeout.

Plans are words over an alphabet: en = u d l r (default), fr = h b g d
(haut, bas, gauche, droite). Cells are written (row,column), row 0 at the top.
"""


class _Parser(argparse.ArgumentParser):
    """argparse prints usage and exits 2 on bad arguments, which is our bad-input status."""


def _add_alphabet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--alphabet", choices=sorted(ALPHABETS), default="en",
        help="letters of plans: en = udlr (default), fr = hbgd",
    )


def build_parser() -> argparse.ArgumentParser:
    from translator.planners.registry import DEFAULT_PLANNER, PLANNERS, describe_planners

    parser = _Parser(
        prog="helltaker",
        description="Model, solve and check Helltaker puzzles with STRIPS and classical planners.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser(
        "validate", help="check a plan against the game rules (RULES.md)",
        description="Replay PLAN on LEVEL in the rules simulator and say whether it is a valid "
        "solution: every letter an action (R-A0), the goal reached exactly at the last letter "
        "(R-G1, R-G2), total cost within the budget (R-G3).",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("level", metavar="LEVEL", help="level file in the course format")
    check.add_argument(
        "plan", metavar="PLAN",
        help="the plan's letters, or a file holding them, or - for standard input",
    )
    _add_alphabet(check)
    check.add_argument("--trace", action="store_true",
                       help="print every letter with the rules it applied and the cost so far")
    check.add_argument("--json", action="store_true", help="print one JSON object")

    solve = commands.add_parser(
        "solve", help="find plans for levels and check them in the simulator",
        description="Solve each LEVEL within its budget, map the plan to key presses and "
        "validate it with the rules simulator before printing it.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.add_argument("levels", nargs="+", metavar="LEVEL", help="level files")
    solve.add_argument(
        "--planner", choices=sorted(PLANNERS), default=DEFAULT_PLANNER,
        help=f"default {DEFAULT_PLANNER}. {describe_planners()}",
    )
    solve.add_argument("--optimal", action="store_true",
                       help="return a minimum-cost plan (the default only guarantees the budget)")
    solve.add_argument("--budget", type=int, metavar="N",
                       help="override the budget written in the level files")
    solve.add_argument("--timeout", type=float, metavar="S",
                       help="give up on a level after S seconds (exit 3)")
    solve.add_argument("--jobs", type=int, metavar="N", default=None,
                       help="solve up to N levels at once in worker processes "
                       "(default: the number of cores)")
    _add_alphabet(solve)
    output = solve.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object per level")
    output.add_argument("--table", action="store_true",
                        help="print a table: level, budget, cost, par, plan, seconds "
                        "(par is the optimum found by the exhaustive search)")

    check.set_defaults(handler=command_validate)
    solve.set_defaults(handler=command_solve)
    for module_name in COMMAND_MODULES:
        # Each module adds its subcommand and sets `handler`; importing them is cheap, the
        # heavy imports (unified-planning, pictures) happen inside the handlers.
        importlib.import_module(module_name).add_command(commands)
    return parser


def read_plan_argument(text: str) -> tuple[str, str]:
    """Return (plan text, source name) for a PLAN argument."""
    if text == "-":
        return sys.stdin.read(), "<stdin>"
    if os.path.isfile(text):
        return read_text(text), text
    return text, "<plan>"


def _print_trace(verdict: Verdict) -> None:
    for item in verdict.trace:
        happened = "; ".join(item.events)
        print(f"{item.index:3d} {item.letter}  cost {item.cost}  spent {item.spent:3d}  "
              f"[{' '.join(item.rules)}]  {happened}")


def command_validate(args: argparse.Namespace) -> int:
    level = load_level(args.level)
    plan_text, source = read_plan_argument(args.plan)
    directions = parse_plan(plan_text, args.alphabet, source)
    verdict = validate(level, directions, args.alphabet, explain=args.trace)
    if args.trace and not args.json:
        _print_trace(verdict)
    if args.json:
        print(json.dumps(verdict.as_json()))
    elif verdict.valid:
        print(f"valid: {level.name}, cost {verdict.cost} <= budget {verdict.budget}, "
              f"goal at letter {verdict.goal_at}")
    else:
        print(f"invalid: {verdict.reason}")
    return EXIT_OK if verdict.valid else EXIT_FAILED


def _load_levels(paths: Sequence[str], budget: int | None) -> list[Level]:
    levels = [load_level(path) for path in paths]
    if budget is not None:
        if budget < 0:
            raise InputError(f"--budget must be non-negative, found {budget}")
        levels = [level.with_budget(budget) for level in levels]
    return levels


def _plan_level(task: tuple[str, Level, PlannerOptions]) -> tuple[PlannerOutcome, float]:
    """Run one planner on one level; module-level so that worker processes can run it."""
    from translator.planners.registry import PLANNERS

    name, level, options = task
    started = time.perf_counter()
    outcome = PLANNERS[name](level, options)
    return outcome, time.perf_counter() - started


def command_solve(args: argparse.Namespace) -> int:
    from translator.planners.workers import default_jobs, run_ordered
    from translator.planners.registry import prepare_planner
    from translator.progress import Progress

    levels = _load_levels(args.levels, args.budget)
    jobs = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        raise InputError(f"--jobs must be at least 1, found {jobs}")
    prepare_planner(args.planner)
    tasks = [(args.planner, level, PlannerOptions(level.budget, args.optimal, args.timeout))
             for level in levels]
    worst = EXIT_OK
    rows: list[tuple[str, ...]] = []
    results = run_ordered(_plan_level, tasks, jobs)
    with Progress(len(levels), json_mode=args.json) as progress:
        for level in levels:
            progress.start(level.source)
            outcome, seconds = next(results)
            progress.done()
            worst = max(worst, _report_level(args, level, outcome, seconds, len(levels), rows))
    if args.table:
        _print_table(("level", "budget", "cost", "par", "plan", "seconds"), rows)
    return worst


def _report_level(args: argparse.Namespace, level: Level, outcome: PlannerOutcome,
                  seconds: float, level_count: int, rows: list[tuple[str, ...]]) -> int:
    """Validate and print one level's result; return its exit status."""
    from translator.planners.outcome import Status
    from translator.planners.exhaustive import solve_exhaustively

    worst = EXIT_OK
    verdict = validate(level, outcome.directions) if outcome.directions is not None else None
    if outcome.status is Status.SOLVED and verdict is not None and not verdict.valid:
        # A plan the rules reject is a planner (or model) failure, never shown as a solution.
        print(f"{level.source}: {outcome.planner} returned an invalid plan: {verdict.reason}",
              file=sys.stderr)
        worst = max(worst, EXIT_PLANNER)
        status = "invalid"
    else:
        status = outcome.status.value
    if outcome.status in (Status.TIMEOUT, Status.ERROR):
        print(f"{level.source}: {outcome.planner}: {outcome.status.value}", file=sys.stderr)
        if outcome.log_tail:
            print(outcome.log_tail, file=sys.stderr)
        worst = max(worst, EXIT_PLANNER)
    elif outcome.status is Status.UNSOLVABLE:
        worst = max(worst, EXIT_FAILED)
    plan = (format_plan(outcome.directions, args.alphabet)
            if outcome.directions is not None else None)
    cost = verdict.cost if verdict is not None else None
    if args.json:
        print(json.dumps({
            "level": level.source, "status": status, "plan": plan, "cost": cost,
            "budget": level.budget, "optimal": outcome.optimal and status == "solved",
            "planner": outcome.planner, "seconds": round(seconds, 3),
            "valid": verdict.valid if verdict is not None else None,
        }), flush=True)
    elif args.table:
        reference = solve_exhaustively(level, level.budget)
        rows.append((level.name, str(level.budget), str(cost) if cost is not None else "-",
                     str(reference.cost) if reference.cost is not None else "-",
                     (plan or "(empty)") if plan is not None else status, f"{seconds:.2f}"))
    elif plan is not None and status == "solved":
        print(plan if level_count == 1 else f"{level.source}\t{plan}", flush=True)
        print(f"{level.source}: solved, cost {cost}/{level.budget}"
              f"{' (optimal)' if outcome.optimal else ''}, {seconds:.2f} s, "
              f"{outcome.planner}", file=sys.stderr)
    elif status == "unsolvable":
        print(f"{level.source}: no plan within budget {level.budget} "
              f"(proven by {outcome.planner})", file=sys.stderr)
        if level_count > 1:
            print(f"{level.source}\tunsolvable", flush=True)
    return worst


def _print_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, tuple("-" * width for width in widths), *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
              .rstrip())


COMMAND_MODULES = (
    "translator.cli.pddl",
    "translator.cli.compare",
    "translator.cli.show",
    "translator.cli.plans",
    "translator.cli.generate",
    "translator.cli.bench",
)
"""Modules that each contribute one subcommand through `add_command(commands)`."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except HelltakerError as error:
        print(f"helltaker: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (`head`, a closed pager) went away: stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
