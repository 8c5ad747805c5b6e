"""The schemas the failures point at, by the file's names, most named first.

Each failure names the schema the model applied or came closest to applying, then those it
used before, then every schema of the key press (verify.py); the first named counts three
times, the others once, summed over the failures. A split case (`name_2`, a disjunct) is its
written schema's (uses.py `WrittenNames`).
"""

from __future__ import annotations

from collections.abc import Sequence

from strips_model.schema import Schema
from translator.compare.repair.uses import WrittenNames
from translator.compare.repair.verify import Failure


def _report_names(suspects: Sequence[str], schemas: Sequence[Schema]) -> list[str]:
    """Exact schema names as the file names them (a split case `name_2` is `name`'s)."""
    written, known = WrittenNames(schemas), {s.name for s in schemas}
    return list(dict.fromkeys(n for n in map(written, suspects) if n in known))


def suspects_of(failures: Sequence[Failure], schemas: Sequence[Schema]) -> list[str]:
    counts: dict[str, int] = {}
    for failure in failures:
        for rank, name in enumerate(_report_names(failure.suspects, schemas)):
            counts[name] = counts.get(name, 0) + (3 if rank == 0 else 1)
    return sorted(counts, key=lambda n: -counts[n])
