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


DELETING = """\
Action(Direction_Up(x1,y1)):
    Préconditions : hero(x1,y1,0) ∧ ¬wall(x1,y2) ∧ ¬block(x1,y2) ∧ succ(y1,y2)
    Effets : hero(x1,y2,0) ∧ clear(hero(x1,y1,0))

Action(Push_up_block(x1,y1)):
    Préconditions : hero(x1,y1,z) ∧ block(x1,y2) ∧ ¬block(x1,y3) ∧ succ(y1,y2) ∧ succ(y2,y3)
    Effets : block(x1,y3) ∧ clear(block(x1,y2)) ∧ time(t--)

Action(Kill(x1,y1)):
    Préconditions : hero(x1,y1,z) ∧ mob(x1,y2) ∧ succ(y1,y2)
    Effets : clear(mob(x1,y2) ∧ hero(x1,y1,z))
"""
"""Effects deleted as the course writes them (as sample-a.md of ../shared/models does): one
literal a delete holds, a group of them, and a decrement that is two literals in one."""


def test_a_deleted_literal_is_written_with_its_delete_and_never_into_another() -> None:
    schemas = read_model(DELETING, "model.md").schemas
    signature = Signature.of(schemas)
    edits = [e for s in schemas for e in local_edits(s, signature)]
    edits += [e for s in schemas for c in Clause for e in list(added_literals(s, signature, c))[:6]]
    written = 0
    for edit in edits:
        fixed = apply_to_text(DELETING, schemas, (edit,))
        # Kill's effects and the decrement are written with another literal each: a fix
        # there (or placed there: Kill's effects have no other) is not written into them.
        shared = (edit.schema == "Kill" and edit.clause is Clause.EFFECT) or (
            edit.before is not None and edit.before.predicate == "time")
        assert (fixed is None) == shared, edit
        if fixed is not None:
            written += 1
            assert tuple(map(schema_key, read_model(fixed, "model.md").schemas)) == \
                tuple(map(schema_key, apply_edits(schemas, (edit,)))), edit
    assert written > len(edits) // 2
    negate = next(e for e in edits if e.schema == "Direction_Up" and e.clause is Clause.EFFECT
                  and e.kind.value == "negate" and e.index == 0)
    assert describe(negate, schemas, DELETING, Notation.of(DELETING, schemas)).endswith(
        "Effets: hero(x1,y2,0) → clear(hero(x1,y2,0))")


SPLIT = """\
Action(Move_Up_spike(x1,y1)):
    Préconditions : hero(x1,y1,z) ∧ succ(y1,y2) ∧ (spike_static(x1,y2) v spike_dynamic(x1,y2,1))
    Effets : hero(x1,y2,z) ∧ clear(hero(x1,y1,z))
"""
"""A disjunction, read as two schemas that share the text around it (sample-a.md)."""


def test_the_text_the_cases_of_a_disjunction_share_changes_only_when_each_case_does() -> None:
    schemas = read_model(SPLIT, "model.md").schemas
    assert [s.name for s in schemas] == ["Move_Up_spike_or1", "Move_Up_spike_or2"]
    signature = Signature.of(schemas)
    edits = [e for s in schemas for e in local_edits(s, signature)]
    edits += [e for s in schemas for c in Clause
              for e in list(added_literals(s, signature, c))[::6]]
    own = 0
    for edit in edits:
        fixed = apply_to_text(SPLIT, schemas, (edit,))
        # One case's change of a shared literal is no change of the file; an addition goes
        # next to the case's own literal, inside the disjunction (none in the effects).
        alone = edit.clause is Clause.PRECONDITION and (
            edit.before is None or edit.before.predicate.startswith("spike"))
        assert (fixed is not None) == alone, edit
        # Removing a case's only literal leaves no disjunction: a limit of writing back.
        if fixed is not None and edit.kind.value != "remove":
            own += 1
            assert tuple(map(schema_key, read_model(fixed, "model.md").schemas)) == \
                tuple(map(schema_key, apply_edits(schemas, (edit,)))), edit
    assert own > 10
    both = tuple(e for e in edits if e.clause is Clause.EFFECT and e.kind.value == "negate"
                 and e.index == 0)
    assert len(both) == 2  # the same change in each case: the shared text takes it, once
    fixed = apply_to_text(SPLIT, schemas, both)
    assert fixed is not None and "Effets : clear(hero(x1,y2,z)) ∧ clear(hero(x1,y1,z))" in fixed
    assert tuple(map(schema_key, read_model(fixed, "model.md").schemas)) == \
        tuple(map(schema_key, apply_edits(schemas, both)))
