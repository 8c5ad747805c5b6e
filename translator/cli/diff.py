"""`helltaker diff`: a structural comparison of two hand-written models, in any notation."""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from dataclasses import asdict

from strips_model.errors import shown_name
from strips_model.reports.notation import ModelReading, read_model_file
from strips_model.reports.reading import skipped_schemas
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.compare.diff.schemas import diff_schemas
from translator.compare.diff.text import diff_json, render_diff
from translator.runtime.output import print_out

REASONS_SHOWN = 3
"""Kinds of skip reasons listed per file; the rest are counted."""

DIFF_STATUS = """\
diff: 0 the two files hold the same schemas (up to variable names, literal order and
repetition) and none was skipped, 1 they differ or a schema of either could not be
read, 2 bad input (a file missing, not UTF-8, or with no readable schema)."""


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "diff",
        description="Read the STRIPS schemas of MODEL_A and MODEL_B (our notation, the "
        "textbook `Action(...)` notation, or either inside LaTeX math), pair them by name "
        "and, failing that, by content up to variable renaming, and list the literals "
        "present on one side only. A schema that cannot be read is skipped and counted.",
        epilog=f"{DIFF_STATUS}\n\n{EXIT_STATUS_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("model_a", metavar="MODEL_A", help="a .strips file or a report")
    command.add_argument("model_b", metavar="MODEL_B", help="a .strips file or a report")
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(handler=command_diff)


def command_diff(args: argparse.Namespace) -> ExitCode:
    reading_a = read_model_file(args.model_a)
    reading_b = read_model_file(args.model_b)
    diff = diff_schemas(reading_a.schemas, reading_b.schemas)
    same = (diff.identical and not skipped_schemas(reading_a.skipped)
            and not skipped_schemas(reading_b.skipped))
    if args.json:
        data = diff_json(diff)
        data["identical"] = same
        data["a"] = _reading_json(reading_a)
        data["b"] = _reading_json(reading_b)
        print_out(json.dumps(data))
    else:
        print_out(_reading_line("A", reading_a))
        print_out(_reading_line("B", reading_b))
        print_out(render_diff(diff, _skipped_names(reading_a), _skipped_names(reading_b)))
        print_out("identical" if same else "the models differ")
    return ExitCode.OK if same else ExitCode.FAILED


def _reading_line(side: str, reading: ModelReading) -> str:
    wrapper = "LaTeX" if reading.notation == "latex" else reading.notation.upper()
    notation = (f"{reading.inner} inside {wrapper}" if reading.notation != reading.inner
                else reading.notation)
    read = len(reading.schemas)
    counts = reading.tally()
    line = (f"{side}: {shown_name(reading.source)} ({notation} notation): {read} "
            f"schema{_s(read)} read, "
            f"{len(skipped_schemas(reading.skipped))} skipped; {counts.cases_split} "
            f"case{_s(counts.cases_split)} split, {counts.disjunctions_expanded} "
            f"disjunction{_s(counts.disjunctions_expanded)} expanded, "
            f"{counts.lines_skipped} line{_s(counts.lines_skipped)} skipped")
    kinds = _skip_kinds(reading)
    if not kinds:
        return line
    shown = [f"    {count} x {reason}  (first at {where})"
             for reason, (count, where) in list(kinds.items())[:REASONS_SHOWN]]
    if len(kinds) > REASONS_SHOWN:
        shown.append(f"    ... and {len(kinds) - REASONS_SHOWN} more kinds of reason")
    return "\n".join([line + ":", *shown])


_SKIPPED_NAME = re.compile(r"^schema '([^']*)' skipped: ")


def _skipped_names(reading: ModelReading) -> frozenset[str]:
    found = (_SKIPPED_NAME.match(part.reason) for part in reading.skipped)
    return frozenset(match.group(1) for match in found if match)


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def _skip_kinds(reading: ModelReading) -> dict[str, tuple[int, str]]:
    """Skip reasons without the schema's name, counted, the most frequent first."""
    reasons = [_SKIPPED_NAME.sub("", part.reason)
               for part in reading.skipped]
    first: dict[str, str] = {}
    for reason, part in zip(reasons, reading.skipped, strict=True):
        first.setdefault(reason, str(part.position))
    return {reason: (count, first[reason]) for reason, count in Counter(reasons).most_common()}


def _reading_json(reading: ModelReading) -> dict[str, object]:
    return {"source": reading.source, "notation": reading.notation, "inner": reading.inner,
            "schemas": len(reading.schemas), "reading": asdict(reading.tally()),
            "skipped": [{"position": str(part.position), "reason": part.reason}
                        for part in reading.skipped]}
