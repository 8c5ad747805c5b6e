"""`helltaker diff`: models read in any notation, paired by name or content, differences grouped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import shared_path

from strips_model.errors import SchemaError
from strips_model.reports.course import COURSE
from strips_model.reports.notation import LATEX, read_model, read_model_file
from strips_model.reports.reading import skipped_schemas
from strips_model.schema import parse_schemas
from translator.cli.main import main
from translator.compare.diff.schemas import BY_CONTENT, Difference, diff_schemas
from translator.compare.diff.text import group_differences, render_diff

MODEL = """\
goUp(X, Y)
    Precondition: at(X, Y), plusOne(Y, Y'), -wall(X, Y')
    Effect: at(X, Y'), -at(X, Y)

goDown(X, Y)
    Precondition: at(X, Y), plusOne(Y', Y), -wall(X, Y')
    Effect: at(X, Y'), -at(X, Y)
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["diff", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_identical_files_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.strips", MODEL)
    b = write(tmp_path, "b.strips", MODEL)
    status, out, _ = run(capsys, a, b)
    assert status == 0
    assert out.rstrip().endswith("identical")


def test_renamed_variables_and_reordered_literals_are_identical() -> None:
    renamed = (MODEL.replace("X", "A").replace("Y", "B")
               .replace("at(A, B), plusOne(B, B'), -wall(A, B')",
                        "-wall(A, B'), plusOne(B, B'), at(A, B)"))
    diff = diff_schemas(parse_schemas(MODEL), parse_schemas(renamed))
    assert diff.identical
    assert [pair.paired_by for pair in diff.pairs] == ["name", "name"]


def test_one_literal_changed_is_reported_with_both_sides(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.strips", MODEL)
    tail = "\n    Effect: at(X, Y'), -at(X, Y)\n\ngoDown"
    b = write(tmp_path, "b.strips", MODEL.replace(f"-wall(X, Y'){tail}", f"-wall(X, Y''){tail}"))
    status, out, _ = run(capsys, a, b)
    assert status == 1
    assert "precondition: A -wall(X, Y')  |  B -wall(X, Y'')" in out
    (pair,) = [pair for pair in diff_schemas(parse_schemas(MODEL), read_model_file(b).schemas).pairs
               if pair.differences]
    assert pair.name_a == "goUp"
    assert pair.differences == (Difference("precondition", "-wall(X, Y')", "-wall(X, Y'')"),)


def test_a_schema_on_one_side_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra = MODEL + "\nwait(X)\n    Precondition: at(X)\n    Effect: at(X)\n    Cost: 2\n"
    diff = diff_schemas(parse_schemas(extra), parse_schemas(MODEL))
    assert [schema.name for schema in diff.only_a] == ["wait"] and not diff.only_b
    status, out, _ = run(capsys, write(tmp_path, "a.strips", MODEL),
                         write(tmp_path, "b.strips", extra))
    assert status == 1
    assert "only in B (1): wait" in out


def test_pairing_by_content_when_names_differ() -> None:
    renamed = MODEL.replace("goUp(X, Y)", "moveUp(P, Q)").replace(
        "at(X, Y), plusOne(Y, Y'), -wall(X, Y')\n    Effect: at(X, Y'), -at(X, Y)\n\ngoDown",
        "at(P, Q), plusOne(Q, R), -wall(P, R)\n    Effect: at(P, R), -at(P, Q)\n\ngoDown")
    diff = diff_schemas(parse_schemas(MODEL), parse_schemas(renamed))
    assert not diff.only_a and not diff.only_b and not diff.identical
    (pair,) = [pair for pair in diff.pairs if pair.paired_by == BY_CONTENT]
    assert (pair.name_a, pair.name_b, pair.differences) == ("goUp", "moveUp", ())
    assert "A goUp = B moveUp" in render_diff(diff)


def test_a_repeated_difference_is_one_group_with_its_count() -> None:
    many = "".join(f"move{n}(X)\n    Precondition: at(X), -wall(X)\n    Effect: seen(X)\n\n"
                   for n in range(40))
    changed = many.replace("-wall(X)", "-rock(X)").replace(
        "move7(X)\n    Precondition: at(X), -rock(X)", "move7(X)\n    Precondition: at(X)")
    diff = diff_schemas(parse_schemas(many), parse_schemas(changed))
    groups = group_differences(diff)
    assert [(str(g.difference), len(g.schemas)) for g in groups] == [
        ("precondition only in A: -wall(X)", 40),
        ("precondition only in B: -rock(X)", 39)]
    text = render_diff(diff)
    assert " 40 schemas  precondition only in A: -wall(X)" in text
    assert "move0, move1, move2, move3, move4, move5, ... and 34 more" in text
    assert len(text.splitlines()) < 10


def test_bad_file_exits_2_with_file_line_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "good.strips", MODEL)
    bad = write(tmp_path, "bad.strips", "goUp(X)\n    Precondition: at(X @)\n    Effect: at(X)\n")
    status, out, err = run(capsys, good, bad)
    assert status == 2 and out == ""
    assert err.startswith(f"helltaker: {bad}:2:24: no schema could be read: schema 'goUp' "
                          "skipped: ")
    assert len(err.splitlines()) == 1
    status, _, err = run(capsys, good, str(tmp_path / "missing.strips"))
    assert status == 2 and "no such file" in err


def test_one_bad_schema_is_skipped_and_counted_not_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = MODEL.replace("plusOne(Y', Y)", "plusOne(Y' @ Y)")
    reading = read_model(broken, "m.strips", plain=True)
    assert [schema.name for schema in reading.schemas] == ["goUp"]
    (skipped,) = reading.skipped
    assert str(skipped.position) == "m.strips:6:40"  # the `@`
    status, out, _ = run(capsys, write(tmp_path, "a.strips", MODEL),
                         write(tmp_path, "b.strips", broken))
    assert status == 1
    assert "1 schema read, 1 skipped;" in out and "unexpected character '@'" in out


def test_primes_as_a_conversion_prints_them_are_primes() -> None:
    # `Y"` (a word processor's two primes), `Y’` and `Y′` (PDF extraction): once an error,
    # now read as `Y''` and `Y'`, the same schemas as the plain primes.
    printed = (MODEL.replace("plusOne(Y', Y)", "plusOne(Y’, Y)")
               .replace("-wall(X, Y')\n    Effect: at(X, Y'), -at(X, Y)\n\ngoDown",
                        "-wall(X, Y′)\n    Effect: at(X, Y\"), -at(X, Y)\n\ngoDown"))
    read = read_model(printed, "m.strips", plain=True).schemas
    diff = diff_schemas(read, parse_schemas(MODEL.replace("at(X, Y'), -at(X, Y)\n\ngoDown",
                                                          "at(X, Y''), -at(X, Y)\n\ngoDown")))
    assert diff.identical


def test_every_notation_is_read_by_the_course_reader() -> None:
    assert read_model(MODEL, "m.strips", plain=True).notation == COURSE
    textbook = ("Action(goUp(X,Y))\nPRECOND: at(X, Y) ∧ ¬wall(X, Y + 1)\n"
                "EFFECT: at(X, Y + 1) ∧ ¬at(X, Y)\n")
    assert read_model(textbook, "t.md").notation == COURSE
    latex = ("  goUp(X,Y)\n\n $\\begin{aligned} & \\textbf{Precondition:} \\text{at}(X,Y), "
             "\\text{-wall}(X,Y') \\end{aligned}$\n\nEffect: at(X,Y')\n")
    reading = read_model(latex, "l.md")
    assert (reading.notation, reading.inner) == (LATEX, COURSE)
    (schema,) = reading.schemas
    wall = schema.preconditions[1]
    assert (wall.position.line, wall.position.column) == (3, latex.split("\n")[2].index("wall") + 1)
    with pytest.raises(SchemaError, match="no schema found"):
        read_model("just prose\n", "p.md")


def test_a_clause_continued_on_the_next_line_is_kept_and_prose_is_not() -> None:
    report = ("Some prose (with parentheses).\n\n  go(X)\n  Precondition: at(X), -\n\n"
              "  wall(X), door(X)\n\nMore prose here (not a literal).\n  Effect: at(X)\n")
    reading = read_model(report, "r.md")
    (schema,) = reading.schemas
    assert [str(lit) for lit in schema.preconditions] == ["at(X)", "-wall(X)", "door(X)"]
    assert [str(lit) for lit in schema.effects] == ["at(X)"]
    # The prose inside the schema is listed, not read; the prose before it is no part of it.
    assert [part.position.line for part in reading.skipped] == [8]


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.strips", MODEL)
    status, out, _ = run(capsys, a, a, "--json")
    data = json.loads(out)
    assert status == 0 and data["identical"] is True
    assert data["a"]["schemas"] == 2 and data["a"]["skipped"] == []


SEED_000 = "seeds/000_7131312d8b49f832.txt"
SEED_001 = "seeds/001_1103b020ed6d817c.txt"


def test_seed_000_against_seed_001(capsys: pytest.CaptureFixture[str]) -> None:
    seed_000, seed_001 = str(shared_path(SEED_000)), str(shared_path(SEED_001))
    a, b = read_model_file(seed_000), read_model_file(seed_001)
    # 108 headers, as in seed 001: 96 on their own line, 9 glued by the conversion to the
    # effect before them, 3 with their name cut into words (`wall Kill Down ...`, joined
    # again). `Y''` printed as `Y"` by the conversion is read as `Y''`; a literal written
    # after another without its comma is read by the course's looser notation.
    assert (a.notation, a.inner, len(a.schemas), len(skipped_schemas(a.skipped))) == (
        LATEX, COURSE, 102, 6)
    assert (b.notation, len(b.schemas), len(skipped_schemas(b.skipped))) == (COURSE, 108, 0)
    assert sum("is cut off" in part.reason for part in a.skipped) == 5
    diff = diff_schemas(a.schemas, b.schemas)
    assert (len(diff.pairs), len(diff.only_a), len(diff.only_b)) == (102, 0, 6)
    assert sum(bool(pair.differences) for pair in diff.pairs) == 16
    groups = {str(g.difference): g.schemas for g in group_differences(diff)}
    assert groups["effect: A counter(C')  |  B counter(C'')"] == (
        "pushRockLeftWhileOnOpenTrap", "pushRockRightWhileOnOpenTrap", "pushRockLeftWhileOnTrap")
    assert groups["effect: A -rock(X, Y'')  |  B -rock(X, Y')"] == ("pushRockUp",)
    # The conversion moved a sign out of `\operatorname{-rock}`: read as written, told apart.
    assert groups["precondition: A rock(X, Y'')  |  B -rock(X, Y'')"] == (
        "pushSkeletonUp", "pushSkeletonUpWithChangingTrapOpen")
    status, out, _ = run(capsys, seed_000, seed_001)
    assert status == 1
    assert "102 schemas read, 6 skipped;" in out
    # Every schema of seed 001 missing from seed 000's reading is one seed 000 could not read.
    assert "only in B, skipped in A (6): goUp, " in out and "only in B (" not in out


def test_a_parameter_added_in_the_middle_does_not_make_every_literal_differ() -> None:
    wider = MODEL.replace("goUp(X, Y)", "goUp(X, C, Y)").replace(
        "Effect: at(X, Y'), -at(X, Y)\n\ngoDown", "Effect: at(X, Y'), -at(X, Y), c(C)\n\ngoDown")
    diff = diff_schemas(parse_schemas(MODEL), parse_schemas(wider))
    (pair,) = [pair for pair in diff.pairs if pair.differences]
    assert pair.differences == (Difference("parameters", "(X, Y)", "(X, C, Y)"),
                                Difference("effect", None, "c(C)"))


def test_a_sign_lost_is_one_literal_changed() -> None:
    flipped = MODEL.replace("-wall(X, Y')\n    Effect: at(X, Y'), -at(X, Y)\n\ngoDown",
                            "wall(X, Y')\n    Effect: at(X, Y'), -at(X, Y)\n\ngoDown")
    diff = diff_schemas(parse_schemas(MODEL), parse_schemas(flipped))
    (pair,) = [pair for pair in diff.pairs if pair.differences]
    assert pair.differences == (Difference("precondition", "-wall(X, Y')", "wall(X, Y')"),)


def test_a_header_glued_to_the_previous_effect_opens_its_own_schema() -> None:
    report = ("  go(X)\n  Precondition: at(X)\n  Effect: -at(X), gone(X) stay(Y)\n\n"
              "  Precondition: at(Y)\n  Effect: at(Y)\n")
    go, stay = read_model(report, "r.md").schemas
    assert (go.name, stay.name) == ("go", "stay")
    column = report.split("\n")[2].index("stay") + 1
    assert (stay.position.line, stay.position.column) == (3, column)
    assert [str(lit) for lit in go.effects] == ["-at(X)", "gone(X)"]


def test_a_name_cut_into_words_is_its_own_schema_its_words_joined() -> None:
    report = ("  go(X)\n  Precondition: at(X)\n  Effect: at(X)\n\n"
              "  go Back Home (X)\n  Precondition: at(X)\n  Effect: home(X)\n")
    reading = read_model(report, "r.md")
    go, home = reading.schemas
    assert [str(lit) for lit in go.effects] == ["at(X)"]
    assert (home.name, str(home.position)) == ("goBackHome", "r.md:5:3")
    assert [str(lit) for lit in home.effects] == ["home(X)"] and not reading.skipped


def test_a_literal_cut_off_is_reported_at_the_literal() -> None:
    report = ("  go(X)\n\n $\\textbf{Precondition:} \\text{at}(X), -\\operatorname{lock}(X$\n\n"
              "Effect: at(X)\n")
    with pytest.raises(SchemaError) as caught:
        read_model(report, "r.md")
    column = report.split("\n")[2].index("lock") + 1
    assert str(caught.value) == (f"r.md:3:{column}: no schema could be read: schema 'go' "
                                 "skipped: literal 'lock(X' is cut off: its ')' is missing")


def test_a_missing_comma_is_read_as_two_literals_side_by_side() -> None:
    report = ("  go(X)\n  Precondition: at(X), -wall(X) demon(X)\n  Effect: at(X)\n\n"
              "  stay(X)\n  Precondition: at(X)\n  Effect: at(X)\n")
    reading = read_model(report, "r.md")
    go, _ = reading.schemas
    assert [str(lit) for lit in go.preconditions] == ["at(X)", "-wall(X)", "demon(X)"]
    assert str(go.preconditions[2].position) == (
        f"r.md:2:{report.split(chr(10))[1].index('demon') + 1}")
    assert not reading.skipped


def test_a_missing_comma_with_a_literal_cut_off_is_still_reported() -> None:
    report = ("  go(X)\n  Precondition: at(X), -wall(X demon(X)\n  Effect: at(X)\n\n"
              "  stay(X)\n  Precondition: at(X)\n  Effect: at(X)\n")
    (skipped,) = read_model(report, "r.md").skipped
    assert skipped.reason.startswith("schema 'go' skipped: ")
