"""Edits in the model's own notation: a line to show, and the file's text with a fix applied.

The notation is learned from the file itself: the negation marker its negative literals are
written with (`-`, `¬`, `not `), the separator between two literals (`, `, ` ∧ `, ` ^ `), the
one between two arguments, and each clause's keyword as written (`Effect:`, `EFFECT :`,
`Effets :`). A fix changes the text only on the lines of its literals; every other byte of
the file stays as it was. Literals are found at the positions the reader gave them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.schema import Literal, Schema
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.mirror import as_literal_edits

_NEGATION = re.compile(r"(¬\s*|-\s*|\\neg\s*|\bnot\s+|\bnon\s+)$")
_CLAUSE_WORD = re.compile(r"([A-Za-zÀ-ÿ]+\s*\d*\s*:)")


@dataclass(frozen=True, slots=True)
class Notation:
    negation: str
    separator: str
    argument_separator: str

    @classmethod
    def of(cls, text: str, schemas: Sequence[Schema]) -> Notation:
        lines = text.split("\n")
        negations: Counter[str] = Counter()
        separators: Counter[str] = Counter()
        arguments: Counter[str] = Counter()
        for schema in schemas:
            for clause in (schema.preconditions, schema.effects):
                spans = [_span(lines, literal) for literal in clause]
                for literal, span in zip(clause, spans, strict=True):
                    if span is None:
                        continue
                    line, start, name, end = span
                    if not literal.positive:
                        negations[lines[line][start:name]] += 1
                    inner = lines[line][name:end]
                    if len(literal.args) > 1:
                        arguments[", " if ", " in inner else ","] += 1
                for left, right in zip(spans, spans[1:], strict=False):
                    if left is not None and right is not None and left[0] == right[0]:
                        separators[lines[left[0]][left[3]:right[1]]] += 1
        return cls(_most(negations, "-"), _most(separators, ", "), _most(arguments, ", "))

    def literal(self, literal: Literal) -> str:
        inner = f"({self.argument_separator.join(map(str, literal.args))})" \
            if literal.args else ""
        return f"{'' if literal.positive else self.negation}{literal.predicate}{inner}"


def _most(counts: Counter[str], default: str) -> str:
    return counts.most_common(1)[0][0] if counts else default


def _span(lines: Sequence[str], literal: Literal) -> tuple[int, int, int, int] | None:
    """(line index, start with its negation, start of its name, end) of a literal as written
    on one line; None when the text there is not the literal (a LaTeX or PDF reading)."""
    position = literal.position
    if position.line is None or position.column is None or position.line > len(lines):
        return None
    index, name = position.line - 1, position.column - 1
    text = lines[index]
    if not text.startswith(literal.predicate, name):
        return None
    end = name + len(literal.predicate)
    if literal.args:
        opening = text.find("(", end)
        depth, cursor = 0, opening
        while 0 <= cursor < len(text):
            depth += {"(": 1, ")": -1}.get(text[cursor], 0)
            if depth == 0:
                break
            cursor += 1
        if opening < 0 or cursor >= len(text):
            return None
        end = cursor + 1
    start = name
    found = _NEGATION.search(text[:name]) if not literal.positive else None
    if found is not None:
        start = found.start()
    return index, start, name, end


def _clause(schema: Schema, clause: Clause) -> tuple[Literal, ...]:
    return schema.preconditions if clause is Clause.PRECONDITION else schema.effects


def _anchor(schema: Schema, edit: Edit) -> Literal | None:
    """The literal written in the file the edit is placed by: its own, or for an addition the
    clause's last."""
    if edit.before is not None:
        return edit.before
    literals = _clause(schema, edit.clause)
    return literals[-1] if literals else None


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


def describe(edit: Edit, schemas: Sequence[Schema], text: str, notation: Notation) -> str:
    """`line 73, goDroite, Effets: add compteur(C')`, in the file's notation."""
    schema = next(s for s in schemas if s.name == edit.schema)
    lines = text.split("\n")
    anchor = _anchor(schema, edit)
    line = anchor.position.line if anchor is not None else schema.position.line
    word = clause_word(lines, schema, edit.clause)
    if edit.bodies is not None:
        changes = "; ".join(describe(e, schemas, text, notation).split(": ", 1)[1]
                            for e in as_literal_edits(edit))
        return f"line {schema.position.line}, {edit.schema}: the body of {edit.sibling} " \
            f"turned to this direction ({changes})"
    if edit.kind is Kind.ADD:
        assert edit.after is not None
        change = f"add {notation.literal(edit.after)}"
    elif edit.kind is Kind.REMOVE:
        assert edit.before is not None
        change = f"remove {notation.literal(edit.before)}"
    else:
        assert edit.before is not None and edit.after is not None
        change = f"{notation.literal(edit.before)} → {notation.literal(edit.after)}"
    return f"line {line}, {edit.schema}, {word}: {change}"


def apply_to_text(text: str, schemas: Sequence[Schema], edits: Sequence[Edit]) -> str | None:
    """`text` with `edits` made where their literals are written, the rest untouched; None
    when a literal cannot be found as written (a LaTeX or PDF reading, an empty clause)."""
    notation = Notation.of(text, schemas)
    lines = text.split("\n")
    by_name = {s.name: s for s in schemas}
    changes: list[tuple[int, int, int, str]] = []
    for edit in (each for mirrored in edits for each in as_literal_edits(mirrored)):
        schema = by_name.get(edit.schema)
        anchor = _anchor(schema, edit) if schema is not None else None
        span = _span(lines, anchor) if anchor is not None else None
        if span is None:
            return None
        line, start, _, end = span
        if edit.kind is Kind.ADD:
            assert edit.after is not None
            changes.append((line, end, end, notation.separator + notation.literal(edit.after)))
        elif edit.kind is Kind.REMOVE:
            changes.extend(_removal(lines, line, start, end, notation.separator))
        else:
            assert edit.after is not None
            changes.append((line, start, end, notation.literal(edit.after)))
    for line, start, end, new in sorted(changes, reverse=True):
        lines[line] = _GONE if start < 0 else lines[line][:start] + new + lines[line][end:]
    return "\n".join(line for line in lines if line is not _GONE)


_GONE = "\0a line removed\0"


def _removal(lines: list[str], line: int, start: int, end: int, separator: str
             ) -> list[tuple[int, int, int, str]]:
    """A literal removed with one separator: the one after it, else the one before it, on
    the line before when the literal was alone on its line (the line then goes)."""
    text = lines[line]
    stripped = separator.strip()
    after = text[end:]
    if stripped and after.lstrip().startswith(stripped):
        gap = len(after) - len(after.lstrip()) + len(stripped)
        rest = after[gap:]
        return [(line, start, end + gap + (len(rest) - len(rest.lstrip())), "")]
    before = text[:start]
    if stripped and before.rstrip().endswith(stripped):
        return [(line, len(before.rstrip()) - len(stripped), end, "")]
    previous = lines[line - 1].rstrip() if line > 0 else ""
    if not before.strip() and not after.strip() and stripped and previous.endswith(stripped):
        return [(line, -1, -1, ""),
                (line - 1, len(previous) - len(stripped), len(lines[line - 1]), "")]
    return [(line, start, end, "")]
