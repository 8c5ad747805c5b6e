"""PAR.md, the table of least costs of the shared levels: one reader for benchmarks and tests.

Its rows read `| classic/level1.txt | 23 | 23 |`: a level file under `levels/`, its budget and
its par (least total cost under RULES.md, damage included).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from strips_model.input_files import InputKind, read_input

_ROW = re.compile(r"^\|\s*(\S+\.txt)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*$")


@dataclass(frozen=True, slots=True)
class ParRow:
    level: str
    """The level file relative to the `levels/` folder beside PAR.md, e.g. classic/level1.txt."""
    budget: int
    par: int


def read_par_table(par_file: Path) -> tuple[ParRow, ...]:
    """Every row of a PAR.md; none when the file is absent."""
    if not par_file.is_file():
        return ()
    rows = []
    for line in read_input(str(par_file), InputKind.DOCUMENT).splitlines():
        match = _ROW.match(line.strip())
        if match:
            rows.append(ParRow(match[1], int(match[2]), int(match[3])))
    return tuple(rows)


def par_of_level(level_path: str) -> int | None:
    """The par PAR.md lists for a shared level file (PAR.md sits beside its `levels/`)."""
    path = Path(level_path).resolve()
    if len(path.parents) < 3:
        return None
    key = f"{path.parent.name}/{path.name}"
    for row in read_par_table(path.parents[2] / "PAR.md"):
        if row.level == key:
            return row.par
    return None
