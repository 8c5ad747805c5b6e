"""`helltaker suite`: a folder of generated levels laid out as a planning benchmark."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import textwrap
import time
from collections.abc import Callable

from strips_model.errors import InputError, Position
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.generation_options import add_layout_options, add_search_options, generation_of
from translator.cli.options import at_least
from translator.generate.generator import GenerationError
from translator.generate.suite import SuiteProblem, SuiteRequest, build_problem, problem_names
from translator.generate.suite_files import foreign_entry, suite_files
from translator.runtime.atomic_folder import check_replaceable, write_folder
from translator.runtime.output import print_out
from translator.runtime.output_checks import check_outputs
from translator.runtime.progress import Progress

DESCRIPTION = textwrap.fill(
    "Generate N levels as `generate` does (same size and object options), each checked and "
    "solved optimally by the exhaustive search over the rules simulator, and write them as "
    "a benchmark folder: the PDDL domain and problems, the levels, reference plans and a "
    "metadata table. Level i's seed is derived from S and i, so the same command writes "
    "byte-identical folders. The folder is built beside DIR and renamed into place at the "
    "end: on any error or interruption nothing half-written is left.", width=78)

LAYOUT = """\
the folder:
  domain.pddl            the domain (STRIPS with negative preconditions, action costs)
  p01.pddl ...           one problem per level, numbered to the width of N
  levels/p01.txt ...     the levels in the course format
  plans/p01.plan ...     an optimal plan as ground actions, Fast Downward's format
  plans/p01.keys ...     the same plan as key presses (u d l r)
  metadata.csv, .json    per problem: size, budget, optimum, states expanded,
                         optimal plans (1000+ past 1000), the plan's letters,
                         damage, kicks, pushes and mechanics, seed, generator version
  README.md              the command that made it; how to run a planner on it

examples:
  helltaker suite --count 20 --seed 1 --width 7 --height 7 --boulders 2 \\
      --skeletons 1 --spikes 1 --key -o suite
  helltaker suite --count 5 --seed 1 --width 8 --height 8 --boulders 2 \\
      --skeletons 2 --mechanics boulders,skeletons --min-expanded 300 -o hard
  fast-downward.py suite/domain.pddl suite/p01.pddl --search "astar(blind())"
  helltaker validate suite/levels/p01.txt @sas_plan"""


MAX_SUITE = 10_000
"""The most problems a suite holds: it is built in memory and written as one folder at once
(a larger count was refused only after gigabytes of names)."""


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "suite",
        description=DESCRIPTION,
        epilog=f"{LAYOUT}\n\n{EXIT_STATUS_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("--count", type=at_least(1, MAX_SUITE), required=True, metavar="N",
                         help=f"number of levels (problems), at most {MAX_SUITE:,}: the suite "
                         "is written as one folder, all at once")
    command.add_argument("--seed", type=int, required=True, metavar="S",
                         help="the suite's seed, from which every level's seed derives")
    add_layout_options(command)
    add_search_options(command)
    command.add_argument("-o", "--output", metavar="DIR", required=True,
                         help="the folder to write; refused if it exists and is not empty")
    command.add_argument("--force", action="store_true",
                         help="replace DIR even if it is not empty (all at once, at the end), "
                         "when it holds only an earlier suite")
    command.set_defaults(handler=command_suite)


def command_suite(args: argparse.Namespace) -> ExitCode:
    asked = generation_of(args)
    request = SuiteRequest(args.count, args.seed, args.width, args.height, asked.counts,
                           args.slack, asked.limits, asked.targets, asked.steps)
    # Refused before minutes of generation, and checked again when the folder is written.
    _folder_errors(check_replaceable, args.output, args.force)
    _check_only_a_suite_is_replaced(args.output, args.force)
    check_outputs(folders=[args.output])
    started = time.perf_counter()
    problems: list[SuiteProblem] = []
    with Progress(args.count) as progress:

        def report(line: str) -> None:
            progress.close()  # the bar would overwrite the line
            print(f"helltaker: {line}", file=sys.stderr)

        for index, name in enumerate(problem_names(args.count), start=1):
            progress.start(name)
            try:
                problems.append(build_problem(request, index, name, report))
            except (ValueError, GenerationError) as error:
                raise InputError(str(error)) from None
            progress.done()
    files = suite_files(request, problems, _command_line(args, request))
    encoded = {path: text.encode("utf-8") for path, text in files.items()}
    _folder_errors(write_folder, args.output, encoded, args.force)
    seconds = time.perf_counter() - started
    print(f"suite: {len(problems)} level(s) in {seconds:.1f} s "
          f"({seconds / len(problems):.2f} s per level)", file=sys.stderr)
    print_out(args.output)
    return ExitCode.OK


def _check_only_a_suite_is_replaced(folder: str, force: bool) -> None:
    """`--force` replaces an empty folder or an earlier suite, never a folder of other files
    (`suite -o . --force` in a project folder would delete them all)."""
    if not force or not os.path.isdir(folder):
        return
    foreign = foreign_entry(folder)
    if foreign is not None:
        raise InputError(f"holds {foreign!r}, which no suite writes; --force replaces only "
                         "an empty folder or an earlier suite", Position(folder))


def _folder_errors(action: Callable[..., None], *arguments: object) -> None:
    """`action(*arguments)`, its operating-system errors as bad input naming the folder."""
    try:
        action(*arguments)
    except FileExistsError as error:
        raise InputError("exists and is not empty; use --force to replace it",
                         Position(error.filename)) from None
    except OSError as error:
        raise InputError(f"cannot write: {error.strerror}",
                         Position(error.filename or str(arguments[0]))) from None


def _command_line(args: argparse.Namespace, request: SuiteRequest) -> str:
    """The options that decide the folder's contents, every one spelled out; the output is
    named by its last component, so the same suite written elsewhere reads the same."""
    words = ["helltaker", "suite", "--count", str(args.count), "--seed", str(args.seed),
             "--width", str(args.width), "--height", str(args.height)]
    for option in ("boulders", "skeletons", "spikes", "traps"):
        words += [f"--{option}", str(getattr(args, option))]
    if args.key:
        words.append("--key")
    words += ["--walls", repr(args.walls), "--slack", str(args.slack)]
    targets = request.targets
    if targets.mechanics:
        words += ["--mechanics", ",".join(targets.mechanics)]
    for option, value in (("--min-expanded", targets.min_expanded),
                          ("--min-cost", targets.min_cost),
                          ("--max-optimal-plans", targets.max_optimal_plans)):
        if value:
            words += [option, str(value)]
    if request.search_steps:
        words += ["--search-steps", str(request.search_steps)]
    words += ["-o", os.path.basename(os.path.normpath(args.output))]
    return shlex.join(words)
