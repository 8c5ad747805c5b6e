"""Schemas inside LaTeX math: markup removed, positions mapped back to the original."""

from __future__ import annotations

import re

import pytest
from helpers import shared_path

from strips_model.errors import SchemaError
from strips_model.reports.latex import relocate_schema, unwrap_latex
from strips_model.reports.notation import read_model
from strips_model.schema import Schema, parse_schemas


def column_of(text: str, line: int, needle: str) -> int:
    return text.split("\n")[line - 1].index(needle) + 1


@pytest.mark.parametrize("command", ["text", "textbf", "operatorname", "mathbf", "mathrm"])
def test_styling_commands_leave_their_argument(command: str) -> None:
    assert unwrap_latex(f"\\{command}{{-rock}}(X,Y'')").text == "-rock(X,Y'')"


def test_aligned_environment_alignment_and_line_breaks() -> None:
    text = ("$\\begin{aligned} & \\textbf{Precondition:} \\text{helltaker}(X,Y), -\\\\\n"
            "& \\text{wall}(X,Y') \\end{aligned}$")
    plain = unwrap_latex(text).text
    assert "\\" not in plain and "&" not in plain and "$" not in plain
    assert plain.split() == ["Precondition:", "helltaker(X,Y),", "-", "wall(X,Y')"]
    assert plain.count("\n") == text.count("\n")


def test_array_environment_drops_its_column_specification() -> None:
    plain = unwrap_latex("$\\begin{array}{l} \\textbf{Effect:} p(X), \\\\ q(X) \\end{array}$")
    assert plain.text.split() == ["Effect:", "p(X),", "q(X)"]


def test_spacing_symbols_and_escapes() -> None:
    plain = unwrap_latex("$p(X,\\!Y) \\wedge \\neg q\\_r \\ s \\land \\lnot t$").text
    assert plain.split() == ["p(X,Y)", "∧", "¬", "q_r", "s", "∧", "¬", "t"]


def test_unknown_commands_are_kept_for_the_parser_to_report() -> None:
    assert unwrap_latex("\\mid x").text == "\\mid x"


def test_every_plain_character_maps_to_its_original() -> None:
    text = "ab $\\text{cd}$\n  & \\operatorname{-ef}(X)"
    unwrapped = unwrap_latex(text)
    assert unwrapped.text == "ab cd\n    -ef(X)"
    lines = text.split("\n")
    for line_number, line in enumerate(unwrapped.text.split("\n"), start=1):
        for column, char in enumerate(line, start=1):
            if char == " ":
                continue
            original_line, original_column = unwrapped.original_position(line_number, column)
            assert lines[original_line - 1][original_column - 1] == char
    # Past the end of a line: the end of that line in the original.
    assert unwrapped.original_position(2, 99) == (2, len(lines[1]) + 1)
    assert unwrapped.original_position(1, 99) == (1, len(lines[0]) + 1)


SCHEMA = (
    "goDown(X,Y)\n"
    "\n"
    " $\\begin{aligned} & \\textbf{Precondition:} \\text{helltaker}(X,Y), "
    "\\operatorname{plusOne}(Y',Y), -\\\\ & \\text{wall}(X,Y'), \\text{-demon}(X,Y') "
    "\\end{aligned}$\n"
    "\n"
    " $\\begin{array}{l} \\textbf{Effect:} \\ helltaker(X,Y'), \\\\ -helltaker(X,Y) "
    "\\end{array}$\n"
)


def test_our_notation_inside_latex_with_positions_in_the_original() -> None:
    reading = read_model(SCHEMA, "r.md")
    assert reading.notation == "latex"
    (schema,) = reading.schemas
    assert [str(lit) for lit in schema.preconditions] == [
        "helltaker(X, Y)", "plusOne(Y', Y)", "-wall(X, Y')", "-demon(X, Y')"]
    assert [str(lit) for lit in schema.effects] == ["helltaker(X, Y')", "-helltaker(X, Y)"]
    wall, demon = schema.preconditions[2:]
    assert (wall.position.line, wall.position.column) == (3, column_of(SCHEMA, 3, "wall"))
    assert (demon.position.line, demon.position.column) == (3, column_of(SCHEMA, 3, "demon"))
    effect = schema.effects[1]
    assert (effect.position.line, effect.position.column) == (
        5, column_of(SCHEMA, 5, "helltaker(X,Y) "))


def test_an_error_is_reported_at_its_place_in_the_latex_original() -> None:
    broken = SCHEMA.replace("\\text{-demon}(X,Y')", "\\text{-demon}(X@Y')")
    with pytest.raises(SchemaError) as caught:
        read_model(broken, "r.md")
    position = caught.value.position
    assert position is not None
    assert (position.line, position.column) == (3, column_of(broken, 3, "@"))
    assert str(caught.value).startswith(f"r.md:3:{column_of(broken, 3, '@')}: ")


def test_textbook_notation_inside_latex() -> None:
    text = ("Action(push(X,Y))\n"
            "PRECOND : $\\operatorname{at}(X, Y) \\wedge \\neg \\text{wall}(X, Y + 2)$\n"
            "EFFECT : $\\text{at}(X, Y)$\n")
    reading = read_model(text, "r.md")
    (schema,) = reading.schemas
    assert (reading.notation, reading.inner) == ("latex", "course")
    assert [str(lit) for lit in schema.preconditions] == ["at(X, Y)", "-wall(X, Y + 2)"]
    wall = schema.preconditions[1]
    assert (wall.position.line, wall.position.column) == (2, column_of(text, 2, "wall"))
    cut = text.replace("(X, Y + 2)$", "(X$")
    # Its only schema skipped, the file is refused at the place the skipped schema is cut off.
    with pytest.raises(SchemaError) as caught:
        read_model(cut, "r.md")
    position = caught.value.position
    assert position is not None
    assert (position.line, position.column) == (2, column_of(cut, 2, "wall"))


_HEADER = re.compile(r"^\s*[a-z][A-Za-z0-9_]*\([^()]*\)\s*$")


def _parse_schemas_in_latex(text: str, source: str) -> tuple[Schema, ...]:
    """Our notation inside LaTeX markup, read strictly (the first error raised, not skipped),
    every position in `text`."""
    unwrapped = unwrap_latex(text)
    try:
        schemas = parse_schemas(unwrapped.text, source)
    except SchemaError as error:
        assert error.position is not None
        raise SchemaError(error.message, unwrapped.relocate(error.position)) from None
    return tuple(relocate_schema(schema, unwrapped) for schema in schemas)


def test_seed_000_annex_read_with_our_notation() -> None:
    text = shared_path("seeds/000_7131312d8b49f832.txt").read_text("utf-8")
    lines = text.split("\n")
    headers = [index for index, line in enumerate(lines) if _HEADER.match(line)]

    def is_clause(line: str) -> bool:
        return unwrap_latex(line).text.strip().startswith(("Precondition", "Effect", "Cost"))

    read = []
    errors = []
    for number, start in enumerate(headers):
        end = headers[number + 1] if number + 1 < len(headers) else len(lines)
        # One schema at a time, prose blanked line by line: positions stay the file's.
        kept = [lines[start]] + [line if is_clause(line) else "" for line in lines[start + 1:end]]
        try:
            read.extend(_parse_schemas_in_latex("\n" * start + "\n".join(kept), "seed000"))
        except SchemaError as error:
            errors.append(error)
    assert (len(headers), len(read), len(errors)) == (97, 85, 14)
    # `Y"` written for `Y''` is `Y''` (it was an error before); what is left is damage.
    assert not any("unexpected character '\"'" in error.message for error in errors)
    go_down = next(schema for schema in read if schema.name == "goDown")
    assert (go_down.name, go_down.position.line, go_down.position.column) == ("goDown", 358, 1)
    wall = go_down.preconditions[5]
    assert str(wall) == "-wall(X, Y')"
    assert wall.position.line == 360
    assert lines[359][wall.position.column - 1:].startswith("wall}(X,Y')")
    for error in errors:
        position = error.position
        assert position is not None and position.line is not None
        assert position.column is not None
        assert position.column <= len(lines[position.line - 1]) + 1


def test_a_label_goes_with_its_key() -> None:
    unwrapped = unwrap_latex("$\\label{eq:precondition:p} \\textbf{Precondition:} p(X)$")
    assert unwrapped.text.split() == ["Precondition:", "p(X)"]
