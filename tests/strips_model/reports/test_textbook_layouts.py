"""The textbook layouts of the reports' annexes (`Action(...)`, `PRECOND:`, `EFFECT:`), read by
the one model reader (strips_model/reports/notation.py), as `compare` and `diff` read them."""

from __future__ import annotations

import pytest
from helpers import shared_path

from strips_model.errors import SchemaError
from strips_model.reports.notation import read_model
from strips_model.reports.reading import skipped_schemas
from strips_model.schema import UNTYPED, Schema, Term

MOVE = """\
Action(move_right(X,Y))
PRECOND :
at (X, Y)  $\\wedge$   $\\neg$  wall (X, Y + 1)
EFFECT :
at (X, Y + 2)  $\\wedge$   $\\neg$  at(X - 1, Y)
"""


def only(text: str) -> Schema:
    reading = read_model(text, "t.md")
    assert reading.skipped == ()
    (schema,) = reading.schemas
    return schema


def literals(text: str) -> list[str]:
    return [str(literal) for literal in only(text).preconditions]


def test_an_action_reads_into_a_schema_of_cost_one_with_untyped_parameters() -> None:
    schema = only(MOVE)
    assert schema.name == "move_right"
    assert [(p.name, p.type) for p in schema.parameters] == [("X", UNTYPED), ("Y", UNTYPED)]
    assert [str(lit) for lit in schema.preconditions] == ["at(X, Y)", "-wall(X, Y + 1)"]
    assert [str(lit) for lit in schema.effects] == ["at(X, Y + 2)", "-at(X - 1, Y)"]
    assert schema.cost == 1
    assert (schema.position.source, schema.position.line, schema.position.column) == (
        "t.md", 1, 8)
    wall = schema.preconditions[1]
    assert (wall.position.line, wall.position.column) == (3, 31)


def test_offsets_are_carried_by_variables() -> None:
    schema = only(MOVE)
    assert schema.preconditions[1].args == (Term("X", True), Term("Y", True, 1))
    assert schema.effects[0].args[1] == Term("Y", True, 2)
    assert schema.effects[1].args[0] == Term("X", True, -1)
    assert str(Term("X", True, -1)) == "X - 1" and str(Term("Y", True)) == "Y"


def test_offsets_without_spaces() -> None:
    assert literals("Action(a(X,Y)) PRECOND: door(X,Y+1), door(X-1,Y) EFFECT:") == [
        "door(X, Y + 1)", "door(X - 1, Y)"]


@pytest.mark.parametrize("conjunction", ["∧", "^", ",", "and", "$\\wedge$", "\\wedge", "\\land"])
def test_every_conjunction_spelling(conjunction: str) -> None:
    text = f"Action(a(X)) PRECOND: p(X) {conjunction} q(X) EFFECT: r(X)"
    assert literals(text) == ["p(X)", "q(X)"]


@pytest.mark.parametrize("negation", ["¬", "-", "not", "$\\neg$", "\\neg", "\\lnot"])
def test_every_negation_spelling(negation: str) -> None:
    text = f"Action(a(X)) PRECOND: p(X) ∧ {negation} q(X) EFFECT: {negation} r"
    schema = only(text)
    assert [str(lit) for lit in schema.preconditions] == ["p(X)", "-q(X)"]
    assert [str(lit) for lit in schema.effects] == ["-r"]


@pytest.mark.parametrize("precondition", ["PRECOND", "Precond", "PRECONDITION", "Precondition",
                                          "precondition"])
@pytest.mark.parametrize("effect", ["EFFECT", "Effect", "effect", "Effects"])
def test_clause_keywords_in_any_case(precondition: str, effect: str) -> None:
    assert literals(f"Action(a()) {precondition} : p {effect}: q") == ["p"]


@pytest.mark.parametrize("end", [",", ".", ":", ";"])
def test_header_may_end_with_punctuation(end: str) -> None:
    assert only(f"Action(a(X)){end}\nPRECOND: p(X)\nEFFECT: q(X)\n").name == "a"


def test_constants_and_integers_in_arguments() -> None:
    assert literals("Action(havekey()) PRECOND: have(key), counter(-1) EFFECT:") == [
        "have(key)", "counter(-1)"]


def test_markdown_escapes_are_read_as_underscores() -> None:
    schema = only("Action(push\\_monster\\_right(X,Y))\nPRECOND: is\\_mob(X,Y)\nEFFECT: at(X,Y)")
    assert schema.name == "push_monster_right"
    assert schema.preconditions[0].predicate == "is_mob"


def test_code_fences_around_and_inside_and_prose_between() -> None:
    text = """\
### Moves

Some prose before the first action.

```
Action(a(X))
PRECOND :
p(X)
```

```
EFFECT :
q(X)
```
Prose after the effect: not part of it.

Action(b(X))

PRECOND :

$p(X) \\wedge q(X)$

EFFECT :

$r(X)$

## Next heading
"""
    reading = read_model(text, "t.md")
    # The fences and the prose are listed, one line each; no schema is skipped.
    assert skipped_schemas(reading.skipped) == ()
    assert [part.position.line for part in reading.skipped] == [9, 11, 14, 15]
    first, second = reading.schemas
    assert (first.name, second.name) == ("a", "b")
    assert [str(lit) for lit in first.effects] == ["q(X)"]
    assert [str(lit) for lit in second.preconditions] == ["p(X)", "q(X)"]
    assert second.preconditions[1].position.line == 21


def test_a_bad_schema_is_skipped_with_its_position_and_the_others_are_read() -> None:
    text = """\
Action(a(X))
PRECOND: p(X) ∧ q(X Y)
EFFECT: r(X)

Action(b(X))
PRECOND: p(X)
EFFECT: r(X)
"""
    reading = read_model(text, "t.md")
    assert [schema.name for schema in reading.schemas] == ["b"]
    (skipped,) = reading.skipped
    assert (skipped.position.line, skipped.position.column) == (2, 17)  # at `q(X Y)`
    assert skipped.reason.startswith("schema 'a' skipped: ")
    assert str(skipped).startswith("t.md:2:17: schema 'a' skipped")
    assert "\n" not in str(skipped)


def test_a_literal_cut_off_by_the_text_is_reported_at_the_literal() -> None:
    text = """\
Action(push(X,Y))

PRECOND :

$at(X, Y) \\wedge \\neg lock(X$

EFFECT :

$at(X, Y)$
"""
    # The model's only schema unread: no model, said at the literal.
    with pytest.raises(SchemaError) as refused:
        read_model(text, "t.md")
    assert str(refused.value) == ("t.md:5:23: no schema could be read: schema 'push' "
                                  "skipped: literal 'lock(X' is cut off: its ')' is missing")


def test_a_connective_with_nothing_after_it_is_a_cut_off_literal() -> None:
    text = "Action(a(X))\nPRECOND: p(X) $\\wedge$ $\\neg$\nEFFECT: q(X)\n"
    with pytest.raises(SchemaError) as refused:
        read_model(text, "t.md")
    assert str(refused.value) == ("t.md:2:25: no schema could be read: schema 'a' skipped: "
                                  "a literal is missing at the end of the clause: delete the "
                                  "connective before it")


def test_a_missing_effect_is_an_action_that_changes_nothing() -> None:
    # Students leave effects empty (sample-b): read as written, for the lint to say.
    (schema,) = read_model("Action(a(X))\nPRECOND: p(X)\n", "t.md").schemas
    assert schema.effects == () and [str(lit) for lit in schema.preconditions] == ["p(X)"]


def test_lowercase_action_is_not_a_header() -> None:
    # ASP writes `action(up; down)`: no header of a schema, so a file of it holds no model.
    with pytest.raises(SchemaError, match="no schema found"):
        read_model("action(up; down).\n", "t.lp")


def test_seed_002_section_6_1() -> None:
    lines = shared_path("seeds/002_86e1b4b616c1ecee.txt").read_text("utf-8").split("\n")
    start = lines.index("## 6.1 STRIPS complet")
    end = lines.index("## 6.2 Fonctions Python du solveur SAT")
    # Empty lines in front of the section keep the line numbers those of the file.
    section = "\n" * start + "\n".join(lines[start:end])
    reading = read_model(section, "seed002")
    assert len(reading.schemas) == 75
    # The four push_monster_* actions end their precondition line with `\neg lock(X$`.
    unread = skipped_schemas(reading.skipped)
    assert [(part.position.line, part.position.column) for part in unread] == [
        (948, 99), (958, 99), (968, 99), (978, 99)]
    assert all("literal 'lock(X' is cut off" in part.reason for part in unread)
    assert unread[0].reason.startswith("schema 'push_monster_right' skipped")
    names = [schema.name for schema in reading.schemas]
    assert names[0] == "move_right" and names[-1] == "lock_bottom"
    assert "havekey" in names
    move_right = reading.schemas[0]
    # `\neg loc` at the end of the line is a complete nullary literal: read, not guessed.
    assert str(move_right.preconditions[-1]) == "-loc"
    assert move_right.position.line == 789
