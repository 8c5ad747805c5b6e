"""A fix in the student's own spelling: a file that writes `y"` (or `y”`, `y’`) keeps it in
the fix's line and in the fixed text, though the reader reads every one as `y''` or `y'`."""

from __future__ import annotations

from difflib import ndiff
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.notation import read_model
from strips_model.schema import Schema, Term
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.notation_text import Notation, apply_to_text, describe

PRIMED = """\
allerDroite(x, y, y', y")
    Préconditions : perso(x, y), inc(y, y'), non mur(x, y'), non bloc(x, y')
    Effets : perso(x, y'), non perso(x, y)

allerGauche(x, y, y')
    Préconditions : perso(x, y), inc(y', y), non mur(x, y'), non bloc(x, y')
    Effets : perso(x, y'), non perso(x, y)

pousserDroite(x, y, y', y")
    Préconditions : perso(x, y), inc(y, y'), inc(y', y"), bloc(x, y'),
                    non mur(x, y")
    Effets : bloc(x, y"), non bloc(x, y')
"""

_STYLES = (("'", '"'), ("’", "”"), ("'", "''"), ("′", '"'))
"""(one prime, two primes) as a file may write them."""


def _written(one: str, two: str) -> str:
    return PRIMED.replace('y"', "y\0").replace("y'", f"y{one}").replace("y\0", f"y{two}")


@cache
def _model(text: str) -> tuple[tuple[Schema, ...], tuple[Edit, ...]]:
    schemas = read_model(text, "m.txt").schemas
    signature = Signature.of(schemas)
    return schemas, (*(e for s in schemas for e in local_edits(s, signature)),
                     *(e for s in schemas for c in Clause
                       for e in added_literals(s, signature, c)))


_EDIT_COUNT = len(_model(PRIMED)[1])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_STYLES), st.integers(0, _EDIT_COUNT - 1))
def test_a_fix_writes_each_variable_as_the_file_does(style: tuple[str, str], at: int) -> None:
    one, two = style
    text = _written(one, two)
    schemas, edits = _model(text)
    edit = edits[at]
    fixed = apply_to_text(text, schemas, (edit,))
    assert fixed is not None
    assert tuple(map(schema_key, read_model(fixed, "m.txt").schemas)) == \
        tuple(map(schema_key, apply_edits(schemas, (edit,))))
    line = describe(edit, schemas, text, Notation.of(text, schemas))
    # The lines the fix writes (a removal may take a line away).
    changed = [line[2:] for line in ndiff(text.split("\n"), fixed.split("\n"))
               if line.startswith("+ ")]
    for written in (*changed, line.split(": ", 1)[1]):
        spelt = written.replace(f"y{two}", "").replace(f"y{one}", "")
        # The file writes primes only one way each: no other way may appear.
        assert not any(mark in spelt for mark in "'\"’”′"), (written, style)


def test_a_variable_the_file_never_writes_takes_its_primes_as_the_file_writes_them() -> None:
    text = _written("’", '"')
    notation = Notation.of(text, read_model(text, "m.txt").schemas)
    assert notation.spelling.term(Term("z''", True)) == 'z"'
    assert notation.spelling.term(Term("z'", True)) == "z’"
    assert notation.spelling.term(Term("y''", True), "allerGauche") == 'y"'  # from elsewhere


def test_the_line_shows_the_literal_as_written_and_the_new_one_in_the_files_spelling() -> None:
    schemas = read_model(PRIMED, "m.txt").schemas
    signature = Signature.of(schemas)
    edit = next(e for e in local_edits(schemas[2], signature)
                if e.clause is Clause.EFFECT and str(e.before) == "bloc(x, y'')"
                and str(e.after) == "bloc(x, y')")
    assert describe(edit, schemas, PRIMED, Notation.of(PRIMED, schemas)) == \
        "line 12, pousserDroite, Effets: bloc(x, y\") → bloc(x, y')"
    fixed = apply_to_text(PRIMED, schemas, (edit,))
    assert fixed is not None and "    Effets : bloc(x, y'), non bloc(x, y')" in fixed
