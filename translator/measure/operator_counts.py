"""The ground task of each classic level and of the scaling study's landmark levels, before
and after specialisation to the level (translator/model/specialised.py): ground actions,
operators and variables of the task `--planner fd` searches, and the CPU seconds of
grounding and translation; on the classic levels also the CNF `--planner sat` encodes (its
variables and clauses over the budget's horizon). Written as the `operators` block of
docs/performance.md.

`python -m translator.measure.operator_counts --readme docs/performance.md` (`make
operator-counts`); without `--readme` the block is printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from strips_model.level import Level
from strips_model.level_file import load_level, parse_level
from strips_model.schema import Domain, helltaker_domain
from translator.ground.clingo_grounding import ground
from translator.ground.cnf_encoding import encode
from translator.ground.horizon import horizon_of
from translator.ground.sas_translation import translate_task
from translator.ground.sas_variables import Unreachable
from translator.measure.readme_section import check_section, replace_section
from translator.measure.scaling import level_text
from translator.model.level_facts import Facts, level_facts
from translator.model.specialised import specialise

SCALING = (("dense", 24), ("dense", 60), ("open", 100), ("open", 300))
COMMAND = "make operator-counts"
CNF_CELLS = 100
"""The CNF is encoded for levels of at most this many open cells: its horizon grows with the
budget, which the scaling levels set generously (4 x cells)."""


@dataclass(frozen=True, slots=True)
class Task:
    ground_actions: int
    operators: int
    variables: int
    seconds: float
    """CPU seconds of grounding and translation, specialisation included: all of it runs in
    this process, and CPU time is what a loaded machine disturbs least."""
    cnf: tuple[int, int] | None = None
    """Variables and clauses of `--planner sat`'s CNF over the budget's horizon; None when
    not encoded (a large level, or a goal out of reach)."""


@dataclass(frozen=True, slots=True)
class Row:
    level: str
    cells: int
    before: Task
    after: Task
    specialised: str


def _task(level: Level, specialised: bool) -> Task:
    started = time.process_time()
    domain: Domain
    facts: Facts
    if specialised:
        result = specialise(level)
        domain, facts = result.domain, result.facts
    else:
        domain, facts = helltaker_domain(), level_facts(level)
    grounding = ground(domain, facts)
    try:
        task = translate_task(domain, facts, grounding)
    except Unreachable:
        return Task(grounding.action_count, 0, 0, time.process_time() - started)
    seconds = time.process_time() - started
    cnf = None
    if len(level.open_cells()) <= CNF_CELLS and not task.solved_at_start:
        values = task.sas_task()
        encoding = encode(values, horizon_of(values, level.budget), level.budget)
        cnf = (encoding.variable_count, len(encoding.clauses))
    return Task(grounding.action_count, task.operator_count, len(task.variables), seconds, cnf)


def _what(level: Level) -> str:
    result = specialise(level)
    parts = []
    if "even" in result.merged:
        parts.append("one phase")
    if "limbo_even" in result.merged:
        parts.append("one limbo")
    if result.dropped:
        parts.append(f"{len(result.dropped)} schemas dropped")
    return ", ".join(parts) or "-"


def levels(classic: Path) -> list[tuple[str, Level]]:
    """The classic levels in `classic` (none if it is absent), then the scaling ones."""
    found = [(path.stem, load_level(str(path))) for path in sorted(classic.glob("level*.txt"))]
    found += [(f"{kind} {size}x{size}", parse_level(level_text(size, kind)))
              for kind, size in SCALING]
    return found


def measure(named: list[tuple[str, Level]]) -> list[Row]:
    helltaker_domain()  # parsed once, outside the times
    return [Row(name, len(level.open_cells()), _task(level, False), _task(level, True),
                _what(level)) for name, level in named]


def table(rows: list[Row]) -> str:
    lines = [f"Written by `{COMMAND}`: the ground task of `--planner fd` (and of `asp` and "
             "`sat`), before and after specialisation to the level, the CPU seconds of "
             "grounding and translating it (specialisation included), in one process, and on "
             f"levels of at most {CNF_CELLS} open cells the CNF `--planner sat` encodes over "
             "the budget's horizon.", "",
             "| level | open cells | ground actions | operators | variables | CPU seconds "
             "| µs/operator after | CNF variables | CNF clauses | specialised |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        before, after = row.before, row.after
        per_operator = f"{after.seconds / after.operators * 1e6:.1f}" if after.operators \
            else "-"
        lines.append(
            f"| {row.level} | {row.cells} | {before.ground_actions} -> {after.ground_actions} "
            f"| {before.operators} -> {after.operators} | {before.variables} -> "
            f"{after.variables} | {before.seconds:.2f} -> {after.seconds:.2f} "
            f"| {per_operator} | {_cnf(before, after, 0)} | {_cnf(before, after, 1)} "
            f"| {row.specialised} |")
    return "\n".join(lines) + "\n"


def _cnf(before: Task, after: Task, index: int) -> str:
    if before.cnf is None or after.cnf is None:
        return "-"
    return f"{before.cnf[index]} -> {after.cnf[index]}"


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m translator.measure.operator_counts")
    parser.add_argument("--readme", help="replace the `operators` block of this file")
    parser.add_argument("--classic", default="../shared/levels/classic", type=Path,
                        help="the folder of the classic levels")
    options = parser.parse_args(arguments)
    if options.readme:
        check_section(options.readme, "operators")
    text = table(measure(levels(options.classic)))
    if options.readme:
        replace_section(options.readme, "operators", text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
