"""`helltaker study`: every shipped planner on a generated suite of graded difficulty, with a
table and plots against difficulty written to the folder `-o` names (required: a run never
writes over a committed report by default)."""

from __future__ import annotations

import argparse
import datetime
import os
import shlex
import sys
import textwrap
import time

from strips_model.errors import InputError
from translator.cli.arguments import add_cluster
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.options import at_least, memory_size, seconds
from translator.measure.machine import machine_facts
from translator.measure.study import KEY_FIELDS, StudyRequest, run_study
from translator.planners.registry import PLANNERS
from translator.runtime.output import print_out
from translator.runtime.output_checks import check_outputs
from translator.runtime.results_file import ResultsFile
from translator.runtime.results_records import Field, NoneType, Schema
from translator.runtime.workers import default_jobs

DESCRIPTION = textwrap.fill(
    "Generate N levels in 12 grades (6x6 to 12x12, sparse to dense objects), each checked "
    "and measured by the exhaustive search (optimum, states expanded, optimal plans), then "
    "run every planner on every level, each attempt in a process of its own under the time "
    "and memory limits, measuring wall time, CPU time and peak memory. Records go to the "
    "--results file as they finish, so a rerun resumes; the folder gets study.md, "
    "study.json and the plots, written all at once.", width=78)

DEFAULT_RESULTS = "study-results.jsonl"


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "study",
        description=DESCRIPTION, epilog=EXIT_STATUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    command.add_argument("--count", type=at_least(1), default=1000, metavar="N",
                         help="number of levels (default 1000)")
    command.add_argument("--seed", type=int, default=1, metavar="S",
                         help="the study's seed, from which every level's derives (default 1)")
    command.add_argument("--planners", metavar="LIST",
                         help=f"comma-separated planners (default: all: {','.join(PLANNERS)})")
    command.add_argument("--timeout", type=seconds, default=10.0, metavar="S",
                         help="seconds per attempt (default 10)")
    command.add_argument("--memory-limit", type=memory_size, default=2 * 2**30,
                         metavar="SIZE", help="memory per attempt's process (default 2G)")
    command.add_argument("--jobs", type=at_least(1), default=None, metavar="N",
                         help="attempts at once (default: the machine's cores)")
    add_cluster(command)
    command.add_argument("--results", metavar="FILE.jsonl", default=None,
                         help="records as they finish; a rerun skips what FILE holds "
                         f"(default: DIR/{DEFAULT_RESULTS})")
    command.add_argument("-o", "--output", metavar="DIR", required=True,
                         help="where study.md, study.json and the plots go (required; the "
                         "shipped report is docs/study)")
    command.set_defaults(handler=command_study)


RECORD_FIELDS: Schema = {
    "kind": Field((str,), required=True), "level": Field((str,), required=True),
    "planner": Field((str, NoneType)), "grade": Field((int,)), "index": Field((int,)),
    "text": Field((str,)), "optimum": Field((int, NoneType)), "budget": Field((int,)),
    "status": Field((str,)), "cost": Field((int, NoneType)), "valid": Field((bool, NoneType)),
    "within_budget": Field((bool,)), "agrees": Field((bool, NoneType)),
    "seconds": Field((float,), least=0), "cpu": Field((float,), least=0),
    "peak_mb": Field((float,), least=0),
    "counts": Field((dict,)),
}
"""The fields of a study's records that the study reads back (study.py, study_report.py)."""


def results_header(request: StudyRequest) -> dict[str, object]:
    """The first record of a study's results file: the parameters and the machine its
    measures depend on, so that a rerun resumes only a file that a study with the same
    parameters wrote on a machine of the same kind."""
    facts = machine_facts()
    return {"kind": "study", "seed": request.seed, "timeout": request.timeout,
            "memory_limit": request.memory,
            "machine": {key: facts.get(key) for key in ("cores", "cpu", "python")}}


def planners_of(text: str | None) -> tuple[str, ...]:
    if text is None:
        return tuple(PLANNERS)
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    unknown = [name for name in names if name not in PLANNERS]
    if unknown or not names:
        raise InputError(f"--planners: unknown planner {', '.join(unknown) or '(none)'}; "
                         f"expected some of {','.join(PLANNERS)}")
    return names


def command_study(args: argparse.Namespace) -> ExitCode:
    # Here, not at the top: matplotlib (over a second), for the plots written at the end,
    # which `helltaker study --help` and a refused argument do not need.
    from translator.measure.study_report import StudyMeta, write_study

    planners = planners_of(args.planners)
    if args.timeout is None:
        raise InputError("--timeout: a study needs a finite time limit")
    jobs = args.jobs if args.jobs is not None else default_jobs()
    request = StudyRequest(args.count, args.seed, planners, args.timeout, args.memory_limit,
                           args.cluster, jobs)
    results_path = args.results or os.path.join(args.output, DEFAULT_RESULTS)
    # Before the first level: a folder that cannot be made or written is bad input, not a
    # run error after the levels were generated.
    check_outputs(files=[results_path, *(os.path.join(args.output, name)
                                         for name in ("study.md", "study.json"))],
                  folders=[args.output])
    os.makedirs(args.output, exist_ok=True)
    started = time.perf_counter()
    with ResultsFile(results_path, KEY_FIELDS, RECORD_FIELDS,
                     header=results_header(request)).open() as results:
        records = run_study(request, results, _announce)
    meta = StudyMeta(_command_line(args, planners), args.seed, args.count, planners,
                     args.timeout, None if args.memory_limit is None
                     else args.memory_limit / 2**20, machine_facts(),
                     datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
                     time.perf_counter() - started)
    try:
        paths = write_study(records, meta, args.output)
    except OSError as error:
        raise InputError(f"{args.output}: cannot write: {error.strerror}") from None
    runs = [record for record in records if record.get("kind") == "run"]
    solved = sum(record.get("within_budget") is True for record in runs)
    print(f"study: {len(runs)} runs, {solved} solved within budget, in "
          f"{meta.seconds:.0f} s", file=sys.stderr)
    for path in paths:
        print_out(path)
    return ExitCode.OK


def _announce(phase: str, total: int) -> None:
    print(f"study: {total} {phase} to go", file=sys.stderr)


def _command_line(args: argparse.Namespace, planners: tuple[str, ...]) -> str:
    words = ["helltaker", "study", "--count", str(args.count), "--seed", str(args.seed),
             "--planners", ",".join(planners), "--timeout", f"{args.timeout:g}",
             "--memory-limit", f"{args.memory_limit // 2**20}M", "-o", args.output]
    return shlex.join(words)
