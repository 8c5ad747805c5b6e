"""How a model file spells each term, so that a fix writes `y"` where the student wrote `y"`.

The readers normalise primes (`y"`, `y”` -> `y''`; `y’`, `y′` -> `y'`: strips_model/schema.py
`prime_form`, strips_model/reports/formula.py) and offsets (`y+1` -> `y + 1`) before a
term reaches a schema, so a term written back as the schema holds it is the normal form, not
the file's. The file's own spelling is read back from the text at each literal's position:
each argument as written, in the schema it is written in, else anywhere in the file; for a
variable the file never writes, its stem with the primes the way the file writes one prime
and two after its other variables (literal_span.py gives no place to a literal written
otherwise than as its terms, `time(t--)`, which the reader makes `time(t)` and `time(t - 1)`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from strips_model.schema import Literal, Term
from translator.compare.repair.literal_span import Span


@dataclass(frozen=True, slots=True)
class Spelling:
    in_schema: Mapping[tuple[str, str], str]
    """(schema, term in normal form) -> the term as that schema most often writes it."""
    in_file: Mapping[str, str]
    """Term in normal form -> as the file most often writes it."""
    primes: Mapping[int, str]
    """How many primes -> how the file most often writes that many after a stem."""

    @classmethod
    def of(cls, written: Iterable[tuple[str, Literal, Span | None]]) -> Spelling:
        """From each literal of the file: (its schema's name, the literal, where it is
        written: literal_span.py)."""
        own: Counter[tuple[str, str, str]] = Counter()
        anywhere: Counter[tuple[str, str]] = Counter()
        primes: Counter[tuple[int, str]] = Counter()
        for schema, literal, span in written:
            texts = () if span is None else span.args
            for term, text in zip(literal.args if texts else (), texts, strict=True):
                normal = str(term)
                own[schema, normal, text] += 1
                anywhere[normal, text] += 1
                stem, count = _primed(term)
                if count and term.is_variable and not term.offset and text.startswith(stem):
                    primes[count, text[len(stem):]] += 1
        return cls(_most(own), _most(anywhere), _most(primes))

    def term(self, term: Term, schema: str = "") -> str:
        """`term` as the file writes it in `schema`, else anywhere, else with the file's
        primes; in its normal form when the file gives no other."""
        normal = str(term)
        written = self.in_schema.get((schema, normal)) or self.in_file.get(normal)
        if written is not None:
            return written
        stem, count = _primed(term)
        if not term.is_variable or term.offset or not count:
            return normal
        known = self.primes
        if count in known:
            return stem + known[count]
        pairs, single = divmod(count, 2) if 2 in known else (0, count)
        return stem + known.get(2, "''") * pairs + known.get(1, "'") * single


def _primed(term: Term) -> tuple[str, int]:
    """A variable's stem and how many primes follow it (`y''`: `y`, 2)."""
    stem = term.name.rstrip("'")
    return stem, len(term.name) - len(stem)


def _most(counts: Counter[tuple[Any, ...]]) -> dict[Any, str]:
    """(key..., spelling) counted -> each key's most frequent spelling (the first met of
    those as frequent)."""
    best: dict[Any, tuple[int, str]] = {}
    for (*key, text), count in counts.items():
        at = key[0] if len(key) == 1 else tuple(key)
        if at not in best or count > best[at][0]:
            best[at] = count, text
    return {at: text for at, (_, text) in best.items()}
