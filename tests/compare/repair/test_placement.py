"""Where a fix writes each literal: a changed one in its place, one a mirrored body adds where
that body has it, a re-added one where the file's other schemas write it (else at the end of
its clause), and never next to a literal the same fix removes."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.errors import Position
from strips_model.reports.notation import read_model
from strips_model.schema import Literal, Schema, Term
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Kind,
    Signature,
    apply_edits,
    literal_key,
    local_edits,
    schema_key,
)
from translator.compare.repair.notation_text import Notation, apply_to_text, describe

_DIRECTIONS = (("Droite", "y, y'"), ("Gauche", "y', y"), ("Haut", "x, x'"), ("Bas", "x', x"))
_PREDICATES = ("perso", "mur", "bloc", "piege", "cle", "porte")

Clause_ = tuple[tuple[str, bool], ...]


def _model(preconditions: Clause_, copies: int) -> str:
    """`copies` sibling schemas, one a direction, their preconditions in one order."""
    blocks = []
    for name, pair in _DIRECTIONS[:copies]:
        cell = "x, y'" if "y" in pair else "x', y"
        literals = ", ".join(f"{'' if positive else 'non '}{predicate}({cell})"
                             for predicate, positive in preconditions)
        blocks.append(f"aller{name}(x, y, x', y')\n    Préconditions : perso(x, y), "
                      f"inc({pair}), {literals}\n    Effets : perso({cell}), non perso(x, y)\n")
    return "\n".join(blocks)


def _schemas(text: str) -> tuple[Schema, ...]:
    return read_model(text, "m.txt").schemas


def _removal(schema: Schema, index: int) -> Edit:
    return Edit(Kind.REMOVE, schema.name, Clause.PRECONDITION, index,
                schema.preconditions[index], None)


def _addition(schema: Schema, literal: Literal) -> Edit:
    """As the search adds a literal: at the end of the clause, written nowhere yet."""
    return Edit(Kind.ADD, schema.name, Clause.PRECONDITION, len(schema.preconditions), None,
                replace(literal, position=Position("<repair>")))


_CLAUSES = st.lists(st.tuples(st.sampled_from(_PREDICATES[1:]), st.booleans()), min_size=1,
                    max_size=4, unique_by=lambda p: p[0])


@settings(max_examples=40, deadline=None)
@given(_CLAUSES, st.integers(2, 4), st.data())
def test_a_dropped_literal_added_back_goes_where_the_siblings_write_it(
        preconditions: Clause_, copies: int, data: st.DataObject) -> None:
    original = _model(preconditions, copies)
    schemas = _schemas(original)
    schema = data.draw(st.sampled_from(schemas))
    index = data.draw(st.integers(0, len(schema.preconditions) - 1))
    mutant_text = apply_to_text(original, schemas, (_removal(schema, index),))
    assert mutant_text is not None
    mutant = _schemas(mutant_text)
    fix = _addition(next(s for s in mutant if s.name == schema.name),
                    schema.preconditions[index])
    assert apply_to_text(mutant_text, mutant, (fix,)) == original


def test_a_literal_no_other_schema_writes_goes_at_the_end_and_the_line_says_no_place() -> None:
    text = _model((("mur", False), ("bloc", False)), 2)
    schemas = _schemas(text)
    new = Literal("piege", (Term("x", True), Term("y", True)), True, Position("<repair>"))
    fix = _addition(schemas[0], new)
    fixed = apply_to_text(text, schemas, (fix,))
    assert fixed is not None and "non bloc(x, y'), piege(x, y)\n" in fixed
    line = describe(fix, schemas, text, Notation.of(text, schemas))
    assert line == "line 2, allerDroite, Préconditions: add piege(x, y)"
    back = _addition(schemas[1], schemas[0].preconditions[2])
    assert describe(back, schemas, text, Notation.of(text, schemas)).endswith(
        "add non mur(x, y') before non bloc(x, y')")


def _mirror(schema: Schema, changed: int, inserted: int, new: Literal) -> Edit:
    """The body of `schema` with its precondition `changed` negated in place and `new`
    inserted at `inserted`, as a mirrored body would be."""
    body = list(schema.preconditions)
    body[changed] = replace(body[changed], positive=not body[changed].positive)
    body.insert(inserted, new)
    return Edit(Kind.MIRROR, schema.name, Clause.PRECONDITION, 0, None, None,
                ((schema.preconditions, schema.effects), (tuple(body), schema.effects)),
                "allerGauche")


@settings(max_examples=40, deadline=None)
@given(_CLAUSES, st.data())
def test_a_mirrored_body_is_written_in_its_own_order(preconditions: Clause_,
                                                     data: st.DataObject) -> None:
    text = _model(preconditions, 2)
    schema = _schemas(text)[0]
    changed = data.draw(st.integers(0, len(schema.preconditions) - 1))
    inserted = data.draw(st.integers(0, len(schema.preconditions)))
    new = Literal("porte", (Term("x", True), Term("y", True)), True, Position("<repair>"))
    edit = _mirror(schema, changed, inserted, new)
    schemas = _schemas(text)
    fixed = apply_to_text(text, schemas, (edit,))
    assert fixed is not None
    line = describe(edit, schemas, text, Notation.of(text, schemas))
    # One literal changed in place and one added: nothing struck out and written anew.
    assert line.count(" → ") == 1 and line.count("add ") == 1 and "remove" not in line
    assert edit.bodies is not None
    read_back = _schemas(fixed)[0].preconditions
    assert list(map(literal_key, read_back)) == list(map(literal_key, edit.bodies[1][0]))


@settings(max_examples=40, deadline=None)
@given(_CLAUSES, st.data())
def test_two_edits_of_one_clause_read_back_as_the_edited_schemas(
        preconditions: Clause_, data: st.DataObject) -> None:
    text = _model(preconditions, 2)
    schemas = _schemas(text)
    signature = Signature.of(schemas)
    local = [e for e in local_edits(schemas[0], signature) if e.clause is Clause.PRECONDITION]
    first = data.draw(st.sampled_from(local))
    second = data.draw(st.sampled_from(
        [e for e in local if e.index != first.index]
        + [_addition(schemas[0], lit) for lit in schemas[1].preconditions]))
    fixed = apply_to_text(text, schemas, (first, second))
    assert fixed is not None
    assert tuple(map(schema_key, _schemas(fixed))) == \
        tuple(map(schema_key, apply_edits(schemas, (first, second))))
