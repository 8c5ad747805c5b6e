"""`helltaker bench`: phase timings per level and planner, speed targets, the scaling study,
seed 003's table of plan counts, and `compare`'s time per model (issue 33)."""

from __future__ import annotations

import argparse
import glob
import json
import math
import os
import sys
from dataclasses import asdict

from strips_model.errors import InputError
from strips_model.level_file import load_level
from translator.cli.arguments import add_cluster, input_paths, write_outputs
from translator.cli.bench_repair import add_repair_options, repair_bench
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import ExitCode
from translator.cli.options import add_limits, at_least, limits_of, seconds
from translator.measure.bench_report import (
    readme_summary,
    report_json,
    report_markdown,
    run_benchmark,
)
from translator.measure.benchmark import Row
from translator.measure.plan_counts import LevelCounts, count_levels, render
from translator.measure.readme_section import check_section, replace_section
from translator.measure.scaling import scaling_study
from translator.planners.registry import ENUMERATING_PLANNERS, PLANNERS
from translator.runtime.output import print_out, write_out
from translator.runtime.output_checks import check_outputs
from translator.runtime.processes import Limits
from translator.runtime.results_file import open_results
from translator.runtime.results_records import dataclass_schema
from translator.runtime.workers import default_jobs

CLASSIC_LEVELS = os.path.join("..", "shared", "levels", "classic", "level*.txt")


def _classic_levels() -> list[str]:
    """../shared's classic levels in their numeric order (level10 after level9)."""
    return sorted(glob.glob(CLASSIC_LEVELS),
                  key=lambda path: (len(os.path.basename(path)), os.path.basename(path)))


def _default_levels() -> list[str]:
    return _classic_levels() or sorted(glob.glob(os.path.join("levels", "*.txt")))


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "bench",
        description="For each LEVEL and planner: the median time of every phase (parse, "
        "model, pddl, translate, search, decode, validate) over --repeat runs, each in a "
        "fresh process, with cost, par, validity and optimality, next to the times the seed "
        "reports published (on their own machines). With the classic levels among the "
        "inputs it also times the speed targets as whole `helltaker solve` processes. "
        "--scaling instead generates levels of growing size and times Fast Downward and the "
        "exhaustive search on them, with a plot. --plan-counts instead counts the distinct "
        "plans of each classic level (SymK top-k, and again by dynamic programming over the "
        "simulator) next to the counts seed 003 published. --compare-models instead times "
        "`helltaker compare MODEL LEVEL...` for each test model and both samples.",
    )
    command.add_argument("levels", nargs="*", metavar="LEVEL",
                         help="level files (default: ../shared/levels/classic/level*.txt, "
                         "else levels/*.txt)")
    command.add_argument("--planners", default="fd,search", metavar="LIST",
                         help=f"comma-separated, from {', '.join(sorted(PLANNERS))} "
                         "(default: fd,search)")
    command.add_argument("--repeat", type=at_least(1), default=3, metavar="N",
                         help="runs per measurement; medians are reported (default 3)")
    add_limits(command, "one planner run")
    add_cluster(command)
    command.add_argument("--results", metavar="FILE.jsonl",
                         help="append each (level, planner) row to FILE as it is measured; a "
                         "rerun with the same FILE measures only the rows not there yet and "
                         "reports them all")
    command.add_argument("--no-targets", action="store_true",
                         help="skip the whole-process speed targets")
    command.add_argument("--out", metavar="DIR",
                         help="also write bench.md and bench.json (or scaling.* files) there")
    command.add_argument("--readme", metavar="FILE",
                         help="also replace the generated block of FILE (README.md) between "
                         "`<!-- bench:start -->` and `<!-- bench:end -->` (with --scaling: "
                         "`scaling:start`/`scaling:end`) with the targets and median phases")
    command.add_argument("--scaling", action="store_true",
                         help="run the scaling study instead (needs --out for the plot)")
    command.add_argument("--sizes", default="8,12,16,20,24", metavar="LIST",
                         help="scaling: sizes of the object-dense square levels, walls "
                         "included (a boulder per 8 inner cells, a skeleton per 20, spikes "
                         "and traps per 36, key and lock, 15%% walls)")
    command.add_argument("--open-sizes", default="", metavar="LIST",
                         help="scaling: sizes of empty walled rooms (default: none)")
    command.add_argument("--engines", default=",".join(("fd", "fd-translate", "search")),
                         metavar="LIST", help="scaling: planners to run, in this order "
                         "(default fd,fd-translate,search)")
    command.add_argument("--time-limit", type=seconds, default=60.0, metavar="S",
                         help="scaling: give up on a level and engine after S seconds")
    command.add_argument("--plan-counts", action="store_true",
                         help="count every plan within the budget of each classic level "
                         "LEVEL (files named levelN.txt; default: ../shared's) and write "
                         "plan-counts.md into --out (else print it); exit 1 when the planner's "
                         "and the simulation's counts differ")
    command.add_argument("--engine", choices=ENUMERATING_PLANNERS,
                         default=ENUMERATING_PLANNERS[0],
                         help="--plan-counts: the enumeration engine of `helltaker plans "
                         "--planner` (default %(default)s)")
    command.add_argument("--compare-models", action="store_true",
                         help="time `helltaker compare MODEL LEVEL... --json` as fresh "
                         "processes for each test model (tests/strips_model/reports/models) "
                         "and both samples of ../shared/models on LEVEL (default: the nine "
                         "classic levels): each model's wall and CPU seconds, the median "
                         "against issue 33's goal of 10 s; --out DIR writes compare-speed.md")
    add_repair_options(command)
    command.set_defaults(handler=command_bench)


def command_bench(args: argparse.Namespace) -> ExitCode:
    args.limits = limits_of(args)
    _check_outputs(args)
    if args.scaling:
        return _scaling(args)
    if args.plan_counts:
        return _plan_counts(args)
    if args.repair:
        return repair_bench(args)
    if args.compare_models:
        return _compare_speed(args)
    planners = [name.strip() for name in args.planners.split(",") if name.strip()]
    unknown = [name for name in planners if name not in PLANNERS]
    if unknown or not planners:
        raise InputError(f"unknown planner(s) {unknown}; choose from {sorted(PLANNERS)}")
    levels = args.levels or _default_levels()
    if not levels:
        raise InputError("no levels given and none found in ../shared or levels/")
    for path in levels:
        load_level(path)  # bad input fails here, before any timing
    with open_results(args.results, ("source", "planner"), dataclass_schema(Row),
                      closed=True) as results:
        known = {} if results is None else {
            (str(record["source"]), str(record["planner"])): Row(**record)  # type: ignore[arg-type]
            for record in results.done.values()
            if record.get("source") in levels and record.get("planner") in planners}
        if known:
            print(f"{args.results}: {len(known)} row(s) already there, not measured again",
                  file=sys.stderr)
        report = run_benchmark(levels, planners, args.repeat, args.limits,
                               not args.no_targets, args.cluster, known,
                               None if results is None else
                               lambda row: results.append(asdict(row)))
    markdown = report_markdown(report)
    print_out(markdown)
    if args.readme:
        replace_section(args.readme, "bench", readme_summary(report))
    if args.out:
        write_outputs({os.path.join(args.out, "bench.md"): markdown,
                       os.path.join(args.out, "bench.json"):
                       json.dumps(report_json(report), indent=2) + "\n"}, args.out,
                      input_paths(args))
    return ExitCode.OK


def _compare_speed(args: argparse.Namespace) -> ExitCode:
    from translator.measure.compare_speed import bench_models, speed_markdown, time_models

    levels = args.levels or _classic_levels()
    if not levels:
        raise InputError(f"no levels given and none at {CLASSIC_LEVELS}")
    for path in levels:
        load_level(path)  # bad input fails here, before any timing
    rows = time_models(bench_models(), levels, args.repeat, lambda row: print(
        f"{row.model}: {row.wall:.2f} s wall, {row.cpu:.2f} s CPU", file=sys.stderr))
    text = speed_markdown(rows, levels, args.repeat, default_jobs())
    if args.out:
        write_outputs({os.path.join(args.out, "compare-speed.md"): text}, args.out,
                      input_paths(args))
    print_out(text)
    return ExitCode.OK


def _check_outputs(args: argparse.Namespace) -> None:
    """--out and --readme, refused before minutes of measuring: each mode's files in --out,
    and the block --readme must hold."""
    if args.readme:
        if args.plan_counts or args.compare_models:
            raise InputError("--readme applies to the bench and --scaling, not "
                             + ("--plan-counts" if args.plan_counts else "--compare-models"))
        check_section(args.readme, "scaling" if args.scaling else "bench")
    names = (["plan-counts.md"] if args.plan_counts else ["repair-bench.md"] if args.repair else
             ["compare-speed.md"] if args.compare_models else
             [f"scaling.{extension}" for extension in ("md", "json", "png", "svg")] if args.scaling
             else ["bench.md", "bench.json"])
    files = [os.path.join(args.out, name) for name in names] if args.out else []
    check_outputs(files + ([args.readme] if args.readme else []), inputs=input_paths(args))


def _sizes(option: str, text: str) -> list[int]:
    try:
        sizes = [int(size) for size in text.split(",") if size.strip()]
    except ValueError:
        raise InputError(f"{option} must be integers, found {text!r}") from None
    if sizes and min(sizes) < 6:
        raise InputError(f"{option} must list sizes of at least 6")
    return sizes


def _scaling(args: argparse.Namespace) -> ExitCode:
    # Here, not at the top: matplotlib (over a second), which only the scaling study's plots
    # need.
    from translator.measure import scaling_report

    sizes = {"dense": _sizes("--sizes", args.sizes),
             "open": _sizes("--open-sizes", args.open_sizes)}
    if not sizes["dense"] and not sizes["open"]:
        raise InputError("--sizes and --open-sizes are both empty: nothing to measure")
    engines = tuple(name.strip() for name in args.engines.split(",") if name.strip())
    unknown = [name for name in engines if name not in PLANNERS]
    if unknown or not engines:
        raise InputError(f"--engines: unknown planner {', '.join(unknown) or '(none)'}; "
                         f"known: {', '.join(PLANNERS)}")
    limit = args.time_limit if args.time_limit is not None else math.inf
    study = scaling_study(sizes, limit, engines)
    print_out(scaling_report.write_scaling(study, args.out))
    if args.readme:
        replace_section(args.readme, "scaling", scaling_report.readme_summary(study))
    return ExitCode.OK


def _plan_counts(args: argparse.Namespace) -> ExitCode:
    paths = args.levels or _classic_levels()
    if not paths:
        raise InputError(f"no levels given and none at {CLASSIC_LEVELS}")

    def report(row: LevelCounts) -> None:
        print(f"level {row.number}: {row.within_budget} plans within budget, "
              f"{row.of_min_cost} of minimum cost, {row.seconds:.2f} s ({args.engine})",
              file=sys.stderr)

    limits = args.limits if args.timeout is not None else \
        Limits(120.0, args.limits.memory)
    rows = count_levels(paths, limits, report, args.engine)
    text = render(rows, args.engine)
    if args.out:
        write_outputs({os.path.join(args.out, "plan-counts.md"): text}, args.out,
                      input_paths(args))
    else:
        write_out(text)
    disagree = any(row.by_simulation != row.within_budget for row in rows)
    return ExitCode.FAILED if disagree else ExitCode.OK
