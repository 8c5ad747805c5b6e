"""The textbook notation of the reports' annexes: `Action(...)`, `PRECOND:`, `EFFECT:`."""

from __future__ import annotations

import pytest
from helpers import shared_path

from strips_model.schema import UNTYPED, Schema, Term
from strips_model.textbook import parse_textbook_schemas

MOVE = """\
Action(move_right(X,Y))
PRECOND :
at (X, Y)  $\\wedge$   $\\neg$  wall (X, Y + 1)
EFFECT :
at (X, Y + 2)  $\\wedge$   $\\neg$  at(X - 1, Y)
"""


def only(text: str) -> Schema:
    reading = parse_textbook_schemas(text, "t.md")
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
    reading = parse_textbook_schemas(text, "t.md")
    assert reading.skipped == ()
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
    reading = parse_textbook_schemas(text, "t.md")
    assert [schema.name for schema in reading.schemas] == ["b"]
    (skipped,) = reading.skipped
    assert (skipped.position.line, skipped.position.column) == (2, 21)
    assert skipped.reason.startswith("schema 'a' skipped: ")
    assert str(skipped).startswith("t.md:2:21: schema 'a' skipped")
    assert "\n" not in str(skipped)


def test_a_literal_cut_off_by_the_text_is_reported_at_the_literal() -> None:
    text = """\
Action(push(X,Y))

PRECOND :

$at(X, Y) \\wedge \\neg lock(X$

EFFECT :

$at(X, Y)$
"""
    reading = parse_textbook_schemas(text, "t.md")
    assert reading.schemas == ()
    (skipped,) = reading.skipped
    assert (skipped.position.line, skipped.position.column) == (5, 23)
    assert skipped.reason == (
        "schema 'push' skipped: literal 'lock(X' is cut off: its ')' is missing")


def test_a_connective_with_nothing_after_it_is_a_cut_off_literal() -> None:
    text = "Action(a(X))\nPRECOND: p(X) $\\wedge$ $\\neg$\nEFFECT: q(X)\n"
    (skipped,) = parse_textbook_schemas(text, "t.md").skipped
    assert (skipped.position.line, skipped.position.column) == (2, 25)
    assert skipped.reason == "schema 'a' skipped: literal cut off after '\\\\neg'"


def test_a_missing_effect_is_skipped_not_fatal() -> None:
    reading = parse_textbook_schemas("Action(a(X))\nPRECOND: p(X)\n", "t.md")
    assert reading.schemas == ()
    (skipped,) = reading.skipped
    assert skipped.position.line == 2


def test_lowercase_action_is_not_a_header() -> None:
    # ASP writes `action(up; down)`: not this notation, and not an error either.
    reading = parse_textbook_schemas("action(up; down).\n", "t.lp")
    assert reading.schemas == () and reading.skipped == ()


def test_seed_002_section_6_1() -> None:
    lines = shared_path("seeds/002_86e1b4b616c1ecee.txt").read_text("utf-8").split("\n")
    start = lines.index("## 6.1 STRIPS complet")
    end = lines.index("## 6.2 Fonctions Python du solveur SAT")
    # Empty lines in front of the section keep the line numbers those of the file.
    section = "\n" * start + "\n".join(lines[start:end])
    reading = parse_textbook_schemas(section, "seed002")
    assert len(reading.schemas) == 75
    # The four push_monster_* actions end their precondition line with `\neg lock(X$`.
    assert [(part.position.line, part.position.column) for part in reading.skipped] == [
        (948, 99), (958, 99), (968, 99), (978, 99)]
    assert all("literal 'lock(X' is cut off" in part.reason for part in reading.skipped)
    assert reading.skipped[0].reason.startswith("schema 'push_monster_right' skipped")
    names = [schema.name for schema in reading.schemas]
    assert names[0] == "move_right" and names[-1] == "lock_bottom"
    assert "havekey" in names
    move_right = reading.schemas[0]
    # `\neg loc` at the end of the line is a complete nullary literal: read, not guessed.
    assert str(move_right.preconditions[-1]) == "-loc"
    assert move_right.position.line == 789
