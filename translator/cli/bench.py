"""`helltaker bench`: phase timings per level and planner, speed targets, scaling study."""

from __future__ import annotations

import argparse
import glob
import json
import os

from strips_model.errors import InputError
from translator.cli.arguments import Subcommands, write_outputs
from translator.cli.exit_codes import ExitCode
from translator.planners.registry import PLANNERS


def _default_levels() -> list[str]:
    shared = sorted(glob.glob(os.path.join("..", "shared", "levels", "classic", "level*.txt")))
    return shared or sorted(glob.glob(os.path.join("levels", "*.txt")))


def add_command(commands: Subcommands) -> None:
    command = commands.add_parser(
        "bench", help="time every pipeline phase; check the speed targets; scaling study",
        description="For each LEVEL and planner: the median time of every phase (parse, "
        "model, pddl, translate, search, decode, validate) over --repeat runs, each in a "
        "fresh process, with cost, par, validity and optimality, next to the times the seed "
        "reports published (on their own machines). With the classic levels among the "
        "inputs it also times the speed targets as whole `helltaker solve` processes. "
        "--scaling instead generates levels of growing size and times Fast Downward and the "
        "exhaustive search on them, with a plot.",
    )
    command.add_argument("levels", nargs="*", metavar="LEVEL",
                         help="level files (default: ../shared/levels/classic/level*.txt, "
                         "else levels/*.txt)")
    command.add_argument("--planners", default="fd,search", metavar="LIST",
                         help=f"comma-separated, from {', '.join(sorted(PLANNERS))} "
                         "(default: fd,search)")
    command.add_argument("--repeat", type=int, default=3, metavar="N",
                         help="runs per measurement; medians are reported (default 3)")
    command.add_argument("--timeout", type=float, metavar="S", help="per planner run")
    command.add_argument("--no-targets", action="store_true",
                         help="skip the whole-process speed targets")
    command.add_argument("--out", metavar="DIR",
                         help="also write bench.md and bench.json (or scaling.* files) there")
    command.add_argument("--scaling", action="store_true",
                         help="run the scaling study instead (needs --out for the plot)")
    command.add_argument("--sizes", default="8,12,16,20,24", metavar="LIST",
                         help="scaling: square level sizes, walls included")
    command.add_argument("--time-limit", type=float, default=60.0, metavar="S",
                         help="scaling: give up on a level and engine after S seconds")
    command.set_defaults(handler=command_bench)


def command_bench(args: argparse.Namespace) -> ExitCode:
    if args.repeat < 1:
        raise InputError("--repeat must be at least 1")
    if args.scaling:
        return _scaling(args)
    planners = [name.strip() for name in args.planners.split(",") if name.strip()]
    unknown = [name for name in planners if name not in PLANNERS]
    if unknown or not planners:
        raise InputError(f"unknown planner(s) {unknown}; choose from {sorted(PLANNERS)}")
    levels = args.levels or _default_levels()
    if not levels:
        raise InputError("no levels given and none found in ../shared or levels/")
    from strips_model.level import load_level
    from translator.bench.benchmark import report_json, report_markdown, run_benchmark

    for path in levels:
        load_level(path)  # bad input fails here, before any timing
    report = run_benchmark(levels, planners, args.repeat, args.timeout, not args.no_targets)
    markdown = report_markdown(report)
    print(markdown)
    if args.out:
        write_outputs({os.path.join(args.out, "bench.md"): markdown,
                       os.path.join(args.out, "bench.json"):
                       json.dumps(report_json(report), indent=2) + "\n"}, args.out)
    return ExitCode.OK


def _scaling(args: argparse.Namespace) -> ExitCode:
    from translator.bench.scaling import scaling_study, write_scaling

    try:
        sizes = [int(size) for size in args.sizes.split(",") if size.strip()]
    except ValueError:
        raise InputError(f"--sizes must be integers, found {args.sizes!r}") from None
    if not sizes or min(sizes) < 6:
        raise InputError("--sizes must list sizes of at least 6")
    study = scaling_study(sizes, args.time_limit)
    table = write_scaling(study, args.out)
    print(table)
    return ExitCode.OK
