"""`helltaker plans`: every distinct plan of a level within a cost bound."""

from __future__ import annotations

import argparse
import json
import sys
import time

from strips_model.errors import InputError, shown_name
from strips_model.level import Level
from strips_model.level_file import load_level
from strips_model.moves import format_plan
from translator.cli.arguments import add_alphabet, add_cluster
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import ExitCode
from translator.cli.options import add_limits, at_least, memory_limit_of
from translator.ground.horizon import MAX_HORIZON
from translator.planners.outcome import FAILURES
from translator.planners.packages import PlannerUnavailable
from translator.planners.registry import ENUMERATING_PLANNERS, Mode, require_packages
from translator.runtime.executors import open_executor
from translator.runtime.output import flush_out, print_out
from translator.runtime.processes import Limits
from translator.runtime.progress import Progress, batch_summary
from translator.runtime.results_file import ResultsFile, open_results
from translator.runtime.workers import default_jobs
from translator.solving.plan_enumeration import (
    EnumerationRequest,
    PlanEnumeration,
    endless,
    enumerate_request,
)

_RESULTS_KEY = ("level", "planner", "max_cost", "optimal_only", "limit")
"""What makes two enumerations the same for --results' resume."""

EPILOG = """\
output: one line per plan, PLAN<TAB>COST, cheapest first then alphabetical; a summary with
the count goes to stderr. --json prints one object instead:
  {"level", "max_cost", "optimal_only", "count", "min_cost", "complete", "plans", "costs",
   "planner", "seconds"}
with "plans" the key-press words and "costs" their costs, in the same order. With several
LEVELs, they are enumerated in parallel (--cluster: on a Dask cluster) and reported as each
finishes: LEVEL<TAB>PLAN<TAB>COST lines, or one JSON object per level. --results FILE also
appends each level's object, with "status" and "limit", as it finishes.

exit status: 0 at least one plan, 1 no plan within the bound (proven), 2 bad input,
3 planner error, timeout or out of memory, or a plan the rules reject; with several levels,
the worst status of any level.
"""


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "plans",
        description="Enumerate the distinct plans of LEVEL whose cost is at most the budget "
        "(or --max-cost N), with SymK's top-k search (symk_bd) or, with --planner, K* or "
        "clingo; --optimal-only keeps those of minimum cost. Every plan is "
        "replayed by the rules simulator before it is listed. Plans are words of key "
        "presses: two plans are distinct when their words differ, which includes the same "
        "route with a wait put at a different point, and words that go back and forth as "
        "long as they fit the bound.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("levels", nargs="+", metavar="LEVEL",
                         help="level files in the course format")
    bound = command.add_mutually_exclusive_group()
    bound.add_argument("--max-cost", type=at_least(0), metavar="N",
                       help="list plans of cost <= N (default: the level's budget); from "
                       "2^31 - 2 on, past SymK's integer range, N is no bound, and --limit is "
                       "needed (plans that walk back and forth never run out)")
    bound.add_argument("--optimal-only", action="store_true",
                       help="list only the plans of minimum cost (within the budget)")
    command.add_argument("--planner", choices=ENUMERATING_PLANNERS,
                         default=ENUMERATING_PLANNERS[0],
                         help="symk (default): SymK's top-k search, bounded by the max cost; "
                         "kstar: IBM's K* top-quality search (blind heuristic), after Fast "
                         "Downward has found the optimum; asp: clingo's enumeration of the "
                         "answer sets of our sequential encoding, one per plan (max cost at "
                         "most 1000). All are complete: they list the same plans")
    command.add_argument("--limit", type=at_least(1), metavar="K",
                         help="list at most the K cheapest plans")
    add_limits(command, "the enumeration")
    add_alphabet(command)
    add_cluster(command)
    command.add_argument("--results", metavar="FILE.jsonl",
                         help="append each level's JSON object to FILE as it finishes; a "
                         "rerun with the same FILE skips the levels already there with the "
                         "same planner, max cost, --optimal-only and --limit")
    command.add_argument("--json", action="store_true",
                         help="print one JSON object per level")
    command.set_defaults(handler=command_plans)


def command_plans(args: argparse.Namespace) -> ExitCode:
    levels = [load_level(path) for path in args.levels]
    bounds = [_task(args, level) for level in levels]
    try:
        require_packages(args.planner, Mode.ENUMERATE)
    except PlannerUnavailable as error:
        for level in levels:
            print(f"{shown_name(level.source)}: {error}", file=sys.stderr)
        return ExitCode.RUN_FAILED
    jobs = default_jobs()
    memory = memory_limit_of(args, min(jobs, len(bounds)))
    tasks = [EnumerationRequest(level, max_cost, args.optimal_only, args.limit,
                                Limits(args.timeout, memory), args.planner)
             for level, max_cost in bounds]
    with open_results(args.results, _RESULTS_KEY) as results:
        if results is not None:
            tasks = results.not_done(tasks, lambda task: _key(args, task.level, task.max_cost))
        return _enumerate_all(args, tasks, jobs, results)


def _task(args: argparse.Namespace, level: Level) -> tuple[Level, int]:
    """The level and its max cost, once its options are checked (bad input stops the run
    before any enumeration starts)."""
    max_cost = level.budget if args.max_cost is None else args.max_cost
    if args.limit is None and endless(max_cost):
        option = "--max-cost" if args.max_cost is not None else "the level's budget"
        raise InputError(f"{option} {max_cost} is past SymK's integer range, so it bounds "
                         "nothing and the plans never run out (every plan can be padded with "
                         "back-and-forth steps): give --limit K to list the K cheapest")
    if args.planner == "asp" and max_cost > MAX_HORIZON:
        raise InputError(f"--planner asp grounds one step per unit of cost, at most "
                         f"{MAX_HORIZON}: a max cost of {max_cost} is too large for it")
    return level, max_cost


def _key(args: argparse.Namespace, level: Level, max_cost: int) -> tuple[object, ...]:
    return (level.source, args.planner, max_cost, args.optimal_only, args.limit)


def _enumerate_all(args: argparse.Namespace, tasks: list[EnumerationRequest], jobs: int,
                   results: ResultsFile | None) -> ExitCode:
    """Report every level as it finishes; a summary line when there are several."""
    worst, counts = ExitCode.OK, {code: 0 for code in ExitCode}
    if not tasks:
        return worst
    started = time.monotonic()
    with Progress(len(tasks), json_mode=args.json) as progress, \
            open_executor(args.cluster, jobs) as executor:
        started = time.monotonic()
        progress.start()
        for index, outcome in executor.run(enumerate_request, tasks):
            level, max_cost = tasks[index].level, tasks[index].max_cost
            progress.done(failed=isinstance(outcome, BaseException) or
                          outcome.status in FAILURES)
            code = _report(args, level, max_cost, outcome, len(tasks) > 1, results)
            counts[code] += 1
            worst = max(worst, code)
            if progress.finished < len(tasks):
                progress.start()
    if len(tasks) > 1:
        print(batch_summary(counts[ExitCode.OK], len(tasks) - counts[ExitCode.OK] -
                            counts[ExitCode.FAILED], counts[ExitCode.FAILED],
                            time.monotonic() - started), file=sys.stderr, flush=True)
    return worst


def _report(args: argparse.Namespace, level: Level, max_cost: int,
            outcome: PlanEnumeration | BaseException, several: bool,
            results: ResultsFile | None) -> ExitCode:
    """Print one level's plans (or why there are none); return its exit status."""
    base = {"level": level.source, "max_cost": max_cost, "optimal_only": args.optimal_only}
    resumable = {"planner": args.planner, "limit": args.limit}
    if isinstance(outcome, BaseException) or outcome.status in FAILURES:
        if isinstance(outcome, BaseException):
            status, reason = "error", (str(outcome).strip().splitlines() or [""])[0]
            print(f"{shown_name(level.source)}: {reason}", file=sys.stderr)
        else:
            status, reason = outcome.status.value, outcome.message
            print(f"{shown_name(level.source)}: {outcome.search}: {status}", file=sys.stderr)
            if reason:
                print(reason, file=sys.stderr)
        if results is not None:
            results.append({**base, **resumable, "status": status, "message": reason})
        return ExitCode.RUN_FAILED
    words = [format_plan(plan.directions, args.alphabet) for plan in outcome.plans]
    record = {
        **base, "count": len(words), "min_cost": outcome.min_cost,
        "complete": outcome.complete, "plans": words,
        "costs": [plan.cost for plan in outcome.plans], "planner": outcome.search,
        "seconds": round(outcome.seconds, 3),
    }
    if results is not None:
        results.append({**record, **resumable, "status": outcome.status.value})
    if args.json:
        print_out(json.dumps(record), flush=True)
    else:
        prefix = f"{shown_name(level.source)}\t" if several else ""
        for word, plan in zip(words, outcome.plans, strict=True):
            print_out(f"{prefix}{word}\t{plan.cost}")
        flush_out()
        print(f"{shown_name(level.source)}: {_summary(outcome, args.optimal_only)}, "
              f"{outcome.seconds:.2f} s, {outcome.search}", file=sys.stderr)
    return ExitCode.OK if outcome.plans else ExitCode.FAILED


def _summary(result: PlanEnumeration, optimal_only: bool) -> str:
    count = len(result.plans)
    noun = "plan" if count == 1 else "plans"
    if not count:
        return f"no plan of cost <= {result.max_cost}"
    cheapest = sum(1 for plan in result.plans if plan.cost == result.min_cost)
    if optimal_only:
        text = f"{count} {noun} of minimum cost {result.min_cost}"
    else:
        text = f"{count} {noun} of cost <= {result.max_cost} ({cheapest} of minimum cost " \
               f"{result.min_cost})"
    if not result.complete:
        text += "; --limit reached, there may be more"
    return text
