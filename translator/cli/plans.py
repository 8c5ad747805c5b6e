"""`helltaker plans`: every distinct plan of a level within a cost bound."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from strips_model.errors import InputError
from strips_model.level import load_level
from strips_model.moves import format_plan
from translator.cli.arguments import Subcommands, add_alphabet
from translator.cli.exit_codes import ExitCode
from translator.cli.options import add_limits, at_least
from translator.planners.registry import TOP_K_PLANNERS

if TYPE_CHECKING:
    from translator.decode.plan_enumeration import PlanEnumeration

EPILOG = """\
output: one line per plan, PLAN<TAB>COST, cheapest first then alphabetical; a summary with
the count goes to stderr. --json prints one object instead:
  {"level", "max_cost", "optimal_only", "count", "min_cost", "complete", "plans", "costs",
   "planner", "seconds"}
with "plans" the key-press words and "costs" their costs, in the same order.

exit status: 0 at least one plan, 1 no plan within the bound (proven), 2 bad input,
3 planner error, timeout or out of memory, or a plan the rules reject.
"""


def add_command(commands: Subcommands) -> None:
    command = commands.add_parser(
        "plans", help="list every distinct plan of a level within a cost bound",
        description="Enumerate the distinct plans of LEVEL whose cost is at most the budget "
        "(or --max-cost N), with SymK's top-k search (symk_bd) or, with --planner, K* or "
        "clingo; --optimal-only keeps those of minimum cost. Every plan is "
        "replayed by the rules simulator before it is listed. Plans are words of key "
        "presses: two plans are distinct when their words differ, which includes the same "
        "route with a wait put at a different point, and words that go back and forth as "
        "long as they fit the bound.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("level", metavar="LEVEL", help="level file in the course format")
    bound = command.add_mutually_exclusive_group()
    bound.add_argument("--max-cost", type=at_least(0), metavar="N",
                       help="list plans of cost <= N (default: the level's budget); from "
                       "2^31 - 2 on, past SymK's integer range, N is no bound, and --limit is "
                       "needed (plans that walk back and forth never run out)")
    bound.add_argument("--optimal-only", action="store_true",
                       help="list only the plans of minimum cost (within the budget)")
    command.add_argument("--planner", choices=TOP_K_PLANNERS, default=TOP_K_PLANNERS[0],
                         help="symk (default): SymK's top-k search, bounded by the max cost; "
                         "kstar: IBM's K* top-quality search (blind heuristic), after Fast "
                         "Downward has found the optimum; asp: clingo's enumeration of the "
                         "answer sets of our sequential encoding, one per plan (max cost at "
                         "most 1000). All are complete: they list the same plans")
    command.add_argument("--limit", type=at_least(1), metavar="K",
                         help="list at most the K cheapest plans")
    add_limits(command, "the enumeration")
    add_alphabet(command)
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(handler=command_plans)


_PACKAGES = {
    "symk": (("up_symk", "up-symk"),),
    "kstar": (("kstar_planner", "kstar-planner"), ("up_fast_downward", "up-fast-downward")),
    "asp": (("clingo", "clingo"), ("up_fast_downward", "up-fast-downward")),
}
"""The Python packages each engine needs (module, pip package)."""


def command_plans(args: argparse.Namespace) -> ExitCode:
    from translator.decode.plan_enumeration import endless, enumerate_plans
    from translator.planners.horizon import MAX_HORIZON
    from translator.planners.outcome import FAILURES
    from translator.planners.packages import PlannerUnavailable, require_package
    from translator.planners.processes import Limits, default_memory_limit

    level = load_level(args.level)
    max_cost = level.budget if args.max_cost is None else args.max_cost
    if args.limit is None and endless(max_cost):
        option = "--max-cost" if args.max_cost is not None else "the level's budget"
        raise InputError(f"{option} {max_cost} is past SymK's integer range, so it bounds "
                         "nothing and the plans never run out (every plan can be padded with "
                         "back-and-forth steps): give --limit K to list the K cheapest")
    if args.planner == "asp" and max_cost > MAX_HORIZON:
        raise InputError(f"--planner asp grounds one step per unit of cost, at most "
                         f"{MAX_HORIZON}: a max cost of {max_cost} is too large for it")
    try:
        for module, package in _PACKAGES[args.planner]:
            require_package(module, package, args.planner)
    except PlannerUnavailable as error:
        print(f"{level.source}: {error}", file=sys.stderr)
        return ExitCode.RUN_FAILED
    limits = Limits(args.timeout, args.memory_limit or default_memory_limit())
    result = enumerate_plans(level, max_cost, args.optimal_only, args.limit, limits,
                             args.planner)
    if result.status in FAILURES:
        print(f"{level.source}: {result.search}: {result.status.value}", file=sys.stderr)
        if result.message:
            print(result.message, file=sys.stderr)
        return ExitCode.RUN_FAILED
    words = [format_plan(plan.directions, args.alphabet) for plan in result.plans]
    if args.json:
        print(json.dumps({
            "level": level.source, "max_cost": max_cost, "optimal_only": args.optimal_only,
            "count": len(words), "min_cost": result.min_cost, "complete": result.complete,
            "plans": words, "costs": [plan.cost for plan in result.plans],
            "planner": result.search, "seconds": round(result.seconds, 3),
        }))
    else:
        for word, plan in zip(words, result.plans, strict=True):
            print(f"{word}\t{plan.cost}")
        print(f"{level.source}: {_summary(result, args.optimal_only)}, "
              f"{result.seconds:.2f} s, {result.search}", file=sys.stderr)
    return ExitCode.OK if result.plans else ExitCode.FAILED


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
