"""Fixes written back in the model's own notation: only the fix's lines change, and the file
reads back as the edited schemas (the `--repair-out` round trip), in each notation."""

from __future__ import annotations

import pytest

from strips_model.reports.notation import read_model
from translator.compare.check import our_model
from translator.compare.repair.edits import (
    Clause,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.notation_text import Notation, apply_to_text, describe

TEXTBOOK = """\
Action(MoveRight(x, y),
PRECOND: hero(x, y) ∧ succ(y, y2) ∧ ¬wall(x, y2) ∧ ¬block(x, y2)
EFFECT: hero(x, y2) ∧ ¬hero(x, y))

Action(PushRight(x, y),
PRECOND: hero(x, y) ∧ succ(y, y2) ∧ succ(y2, y3) ∧ block(x, y2) ∧ ¬wall(x, y3)
EFFECT: block(x, y3) ∧ ¬block(x, y2))
"""

FRENCH = """\
allerDroite(x, y, y2)
    Préconditions : perso(x, y), inc(y, y2), non mur(x, y2), non bloc(x, y2)
    Effets : perso(x, y2), non perso(x, y)

pousserDroite(x, y, y2, y3)
    Préconditions : perso(x, y), inc(y, y2), inc(y2, y3), bloc(x, y2),
                    non mur(x, y3)
    Effets : bloc(x, y3), non bloc(x, y2)
"""


def _ours() -> str:
    with open(our_model()[0].source, encoding="utf-8") as stream:
        return stream.read()


@pytest.mark.parametrize("text", [TEXTBOOK, FRENCH, "ours"], ids=["textbook", "french", "ours"])
def test_every_edit_written_back_reads_as_the_edited_schemas(text: str) -> None:
    text = _ours() if text == "ours" else text
    schemas = read_model(text, "model.txt").schemas
    signature = Signature.of(schemas)
    edits = [e for s in schemas for e in local_edits(s, signature)]
    edits += [e for s in schemas for c in Clause for e in list(added_literals(s, signature, c))[:4]]
    # Every seventh edit, and at most about 30: each one reads the whole file back (ours has
    # hundreds of edits, 38 s for every seventh), and the kinds of edit recur along the list.
    for edit in edits[::max(7, len(edits) // 30)]:
        fixed = apply_to_text(text, schemas, (edit,))
        assert fixed is not None, edit
        read_back = read_model(fixed, "model.txt").schemas
        assert tuple(map(schema_key, read_back)) == \
            tuple(map(schema_key, apply_edits(schemas, (edit,)))), edit
        changed = [a for a, b in zip(text.split("\n"), fixed.split("\n"), strict=False) if a != b]
        assert len(changed) <= 2 or len(text.split("\n")) != len(fixed.split("\n")), edit


def test_the_notation_is_learned_from_the_file() -> None:
    textbook = Notation.of(TEXTBOOK, read_model(TEXTBOOK, "t").schemas)
    french = Notation.of(FRENCH, read_model(FRENCH, "f").schemas)
    assert (textbook.negation, textbook.separator) == ("¬", " ∧ ")
    assert (french.negation.strip(), french.separator) == ("non", ", ")


def test_an_edit_is_described_at_its_line_with_the_clause_word_of_the_file() -> None:
    schemas = read_model(FRENCH, "f").schemas
    signature = Signature.of(schemas)
    edit = next(e for e in local_edits(schemas[1], signature)
                if e.clause is Clause.PRECONDITION and e.before is not None
                and e.before.predicate == "mur" and e.after is not None and e.after.positive)
    assert describe(edit, schemas, FRENCH, Notation.of(FRENCH, schemas)) == \
        "line 7, pousserDroite, Préconditions: non mur(x, y3) → mur(x, y3)"
