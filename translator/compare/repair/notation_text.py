"""Edits in the model's own notation: a line to show, and the file's text with a fix applied.

The notation is learned from the file itself: the negation marker its negative literals are
written with (`-`, `¬`, `not `), the separator between two literals (`, `, ` ∧ `, ` ^ `), the
one between two arguments, each clause's keyword as written (`Effect:`, `EFFECT :`,
`Effets :`), and each term as the file spells it (`y"`, not the `y''` the reader made of it:
spelling.py). A fix changes the text only on the lines of its literals; every other byte of
the file stays as it was. Literals are found at the positions the reader gave them; a changed
literal is written in its place, an added one where it fits (placement.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from strips_model.schema import Literal, Schema
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.literal_span import Span, literal_span
from translator.compare.repair.placement import Placed, placements
from translator.compare.repair.shared_text import change, writable
from translator.compare.repair.spelling import Spelling

_CLAUSE_WORD = re.compile(r"([A-Za-zÀ-ÿ]+\s*\d*\s*:)")


Negation = tuple[str, str]
"""What a negative literal is written between: `("¬", "")`, `("clear(", ")")`."""


@dataclass(frozen=True, slots=True)
class Notation:
    negation: str
    """The mark most negative literals are written after (`¬`, `-`, `not `)."""
    separator: str
    argument_separator: str
    spelling: Spelling
    negations: Mapping[Clause, Negation] = field(default_factory=dict)
    """How each clause most often writes a negative literal (effects may delete instead)."""

    @classmethod
    def of(cls, text: str, schemas: Sequence[Schema]) -> Notation:
        lines = text.split("\n")
        negations: dict[Clause, Counter[Negation]] = {clause: Counter() for clause in Clause}
        separators: Counter[str] = Counter()
        arguments: Counter[str] = Counter()
        written: list[tuple[str, Literal, Span | None]] = []
        for schema in schemas:
            for clause in Clause:
                literals = _clause(schema, clause)
                spans = [literal_span(lines, literal) for literal in literals]
                written += ((schema.name, literal, span)
                            for literal, span in zip(literals, spans, strict=True))
                for literal, span in zip(literals, spans, strict=True):
                    if span is None:
                        continue
                    text = lines[span.line]
                    if not literal.positive:
                        negations[clause][text[span.start:span.name],
                                          text[span.atom_end:span.end]] += 1
                    if len(literal.args) > 1:
                        inner = text[span.name:span.atom_end]
                        arguments[", " if ", " in inner else ","] += 1
                for left, right in zip(spans, spans[1:], strict=False):
                    if left is not None and right is not None and left.line == right.line:
                        separators[lines[left.line][left.end:right.start]] += 1
        marks: Counter[str] = Counter()
        for counts in negations.values():
            marks.update({mark: n for (mark, closing), n in counts.items() if not closing})
        return cls(_most(marks, "-"), _most(separators, ", "), _most(arguments, ", "),
                   Spelling.of(written),
                   {clause: counts.most_common(1)[0][0]
                    for clause, counts in negations.items() if counts})

    def literal(self, literal: Literal, schema: str = "", clause: Clause | None = None) -> str:
        """`literal` as the file would write it in `schema`'s `clause`."""
        terms = (self.spelling.term(term, schema) for term in literal.args)
        inner = f"({self.argument_separator.join(terms)})" if literal.args else ""
        if literal.positive:
            return f"{literal.predicate}{inner}"
        opening, closing = self.negations.get(clause, (self.negation, "")) \
            if clause is not None else (self.negation, "")
        return f"{opening}{literal.predicate}{inner}{closing}"


def _most(counts: Counter[str], default: str) -> str:
    return counts.most_common(1)[0][0] if counts else default


def _clause(schema: Schema, clause: Clause) -> tuple[Literal, ...]:
    return schema.preconditions if clause is Clause.PRECONDITION else schema.effects


def clause_word(lines: Sequence[str], schema: Schema, clause: Clause) -> str:
    """The clause's keyword as the file writes it, or the clause's name."""
    literals = _clause(schema, clause)
    if literals and literals[0].position.line is not None \
            and literals[0].position.column is not None:
        head = lines[literals[0].position.line - 1][:literals[0].position.column - 1]
        found = _CLAUSE_WORD.findall(head)
        if found:
            return re.sub(r"\s+", " ", found[-1].replace(" :", ":")).rstrip(":").strip()
    return clause.value.capitalize()


def describe(edit: Edit, schemas: Sequence[Schema], text: str, notation: Notation,
             fix: Sequence[Edit] = ()) -> str:
    """`line 73, goDroite, Effets: add compteur(C') after compteur(C)`, in the file's
    notation; `fix` the edits made with it (a literal another removes is no place)."""
    schema = next(s for s in schemas if s.name == edit.schema)
    lines = text.split("\n")
    fix = tuple(fix) if edit in fix else (edit,)
    loose = placements(fix, schemas, _written(lines))
    placed = [taken or part for taken, part in
              zip(writable(fix, schemas, _written(lines))[fix.index(edit)],
                  loose[fix.index(edit)], strict=True)]
    # A literal the fix changes is named, as a place, as it will read.
    changed = {p.edit.before: p.edit for parts in loose for p in parts
               if p.edit.kind not in (Kind.ADD, Kind.REMOVE) and p.edit.before is not None}
    if edit.bodies is not None:
        changes = "; ".join(_change(p, lines, notation, changed) for p in placed)
        return f"line {schema.position.line}, {edit.schema}: the body of {edit.sibling} " \
            f"turned to this direction ({changes})"
    anchor = placed[0].anchor
    line = anchor.position.line if anchor is not None else schema.position.line
    word = clause_word(lines, schema, edit.clause)
    return f"line {line}, {edit.schema}, {word}: {_change(placed[0], lines, notation, changed)}"


def _change(placed: Placed, lines: Sequence[str], notation: Notation,
            changed: Mapping[Literal, Edit]) -> str:
    """One literal's change: the literal as written, the new one as the file would write it;
    an addition with the literal it is written next to, unless it ends its clause."""
    edit = placed.edit
    if edit.kind is Kind.ADD:
        assert edit.after is not None
        side = "before" if placed.before else "after"
        anchor = placed.anchor
        where = "" if placed.at_end or anchor is None else \
            f" {side} {_as_it_will_read(anchor, lines, notation, changed, edit.schema)}"
        return f"add {notation.literal(edit.after, edit.schema, edit.clause)}{where}"
    assert edit.before is not None
    old = _as_written(edit.before, lines, notation, edit.schema)
    if edit.kind is Kind.REMOVE:
        return f"remove {old}"
    assert edit.after is not None
    return f"{old} → {notation.literal(edit.after, edit.schema, edit.clause)}"


def _as_it_will_read(literal: Literal, lines: Sequence[str], notation: Notation,
                     changed: Mapping[Literal, Edit], schema: str) -> str:
    by = changed.get(literal)
    if by is None or by.after is None:
        return _as_written(literal, lines, notation, schema)
    return notation.literal(by.after, by.schema, by.clause)


def _written(lines: Sequence[str]) -> Callable[[Literal], bool]:
    """Whether a literal is written on its own in the file (a place for another)."""
    return lambda literal: literal_span(lines, literal) is not None


def _as_written(literal: Literal, lines: Sequence[str], notation: Notation, schema: str) -> str:
    span = literal_span(lines, literal)
    return notation.literal(literal, schema) if span is None else \
        lines[span.line][span.start:span.end]


def apply_to_text(text: str, schemas: Sequence[Schema], edits: Sequence[Edit],
                  notation: Notation | None = None) -> str | None:
    """`text` with `edits` made where their literals are written, the rest untouched; None
    when a literal cannot be found as written on its own (a LaTeX or PDF reading, an empty
    clause, a literal written with another), or is shared by the cases of a disjunction
    that the fix does not change alike (shared_text.py).
    `notation`: the file's, when known already (`Notation.of` reads the whole file)."""
    notation = notation or Notation.of(text, schemas)
    lines = text.split("\n")
    changes: list[tuple[int, int, int, str]] = []
    made: set[tuple[object, ...]] = set()  # a text several schemas share is changed once
    for placed in (part for parts in writable(edits, schemas, _written(lines))
                   for part in parts):
        span = None if placed is None or placed.anchor is None else \
            literal_span(lines, placed.anchor)
        if placed is None or span is None:
            return None
        if change(placed) in made:
            continue
        made.add(change(placed))
        edit = placed.edit
        line, start, end = span.line, span.start, span.end
        if edit.kind is Kind.ADD:
            assert edit.after is not None
            new = notation.literal(edit.after, edit.schema, edit.clause)
            changes.append((line, start, start, new + notation.separator) if placed.before
                           else (line, end, end, notation.separator + new))
        elif edit.kind is Kind.REMOVE:
            changes.extend(_removal(lines, line, start, end, notation.separator))
        else:
            assert edit.after is not None
            changes.append((line, start, end,
                            notation.literal(edit.after, edit.schema, edit.clause)))
    for line, start, end, new in sorted(changes, reverse=True):
        lines[line] = _GONE if start < 0 else lines[line][:start] + new + lines[line][end:]
    return "\n".join(line for line in lines if line is not _GONE)


_GONE = "\0a line removed\0"


def _removal(lines: list[str], line: int, start: int, end: int, separator: str
             ) -> list[tuple[int, int, int, str]]:
    """A literal removed with one separator: the one after it, else the one before it, on
    the line before when the literal was alone on its line (the line then goes). No space is
    left at a line's end, nor a line of spaces only."""
    text = lines[line]
    stripped = separator.strip()
    after, before = text[end:], text[:start]
    if stripped and after.lstrip().startswith(stripped):
        gap = len(after) - len(after.lstrip()) + len(stripped)
        rest = after[gap:]
        if rest.strip():
            return [(line, start, end + gap + (len(rest) - len(rest.lstrip())), "")]
        return [(line, -1, -1, "")] if not before.strip() else \
            [(line, len(before.rstrip()), len(text), "")]
    if stripped and before.rstrip().endswith(stripped):
        return [(line, len(before.rstrip()[:-len(stripped)].rstrip()), end, "")]
    previous = lines[line - 1].rstrip() if line > 0 else ""
    if not before.strip() and not after.strip() and stripped and previous.endswith(stripped):
        return [(line, -1, -1, ""),
                (line - 1, len(previous) - len(stripped), len(lines[line - 1]), "")]
    return [(line, start, end, "")]
