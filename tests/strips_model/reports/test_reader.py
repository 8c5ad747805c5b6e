"""The one reader of the course's notations (issue 22 items 1 and 3): what it reads from each
small model of tests/strips_model/reports/models/, from the seeds and from the two samples,
and what it lists as skipped, with positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import shared_path

from strips_model.errors import SchemaError
from strips_model.reports.formula import read_formula
from strips_model.reports.notation import read_model, read_model_file
from strips_model.reports.reading import skipped_schemas, split_name

MODELS = Path(__file__).parent / "models"

# model: (notation, schemas, cases split, disjunctions expanded, schemas skipped)
EXPECTED = {
    "m1_ours.txt": ("course", 2, 0, 0, 0),
    "m2_textbook.md": ("course", 2, 0, 0, 0),
    "m3_french_cases.md": ("course", 3, 1, 0, 0),
    "m4_disjunction.txt": ("course", 4, 0, 2, 0),
    "m5_add_delete.txt": ("course", 2, 0, 0, 0),
    "m6_latex.tex": ("latex", 2, 0, 0, 0),
    "m7_incomplete.txt": ("course", 4, 0, 0, 1),
    "m8_counter.txt": ("course", 2, 0, 0, 0),
    "m9_list_items.md": ("course", 3, 0, 0, 0),
    "m12_damage_action.txt": ("course", 9, 0, 0, 0),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_small_model_reads_as_expected(name: str) -> None:
    reading = read_model_file(str(MODELS / name))
    counts = reading.tally()
    assert (reading.notation, counts.schemas, counts.cases_split,
            counts.disjunctions_expanded, len(skipped_schemas(reading.skipped))) == EXPECTED[name]


def test_numbered_cases_and_disjuncts_are_named_after_their_origin() -> None:
    cases = read_model_file(str(MODELS / "m3_french_cases.md"))
    assert [s.name for s in cases.schemas] == ["PousserHaut_case1", "PousserHaut_case2",
                                               "AllerHaut"]
    # The comment between the two cases is listed, and does not cut the schema.
    (comment,) = cases.skipped
    assert (comment.position.line, comment.reason) == (
        7, "comment, separator or page mark inside a schema")
    disjuncts = read_model_file(str(MODELS / "m4_disjunction.txt"))
    assert [s.name for s in disjuncts.schemas] == ["MouvPique_or1", "MouvPique_or2",
                                                   "Ouvrir_or1", "Ouvrir_or2"]
    assert [str(lit) for lit in disjuncts.schemas[3].preconditions][-1] == "clé(x, y)"


def test_what_cannot_be_read_is_listed_with_its_position_and_reason() -> None:
    reading = read_model_file(str(MODELS / "m7_incomplete.txt"))
    assert [(part.position.line, part.reason.split(":")[0]) for part in reading.skipped] == [
        (9, "prose between schemas"), (12, "schema 'PushD' skipped")]
    # The conditional effect of Piege makes two cases (issue 33; it was skipped before).
    assert [(s.name, [str(lit) for lit in s.preconditions], [str(lit) for lit in s.effects])
            for s in reading.schemas[1:3]] == [
        ("Piege_when1", ["perso(x, y)", "piegeActif(x, y)"], ["-piegeActif(x, y)"]),
        ("Piege_when2", ["perso(x, y)", "-piegeActif(x, y)"], [])]
    # A blank line inside the effect of MouvD does not cut it.
    assert [str(lit) for lit in reading.schemas[0].effects] == ["perso(x, y')", "-perso(x, y)"]


def test_terms_decrements_comparisons_and_nested_terms() -> None:
    (up, spike) = read_model_file(str(MODELS / "m8_counter.txt")).schemas
    assert [str(lit) for lit in up.preconditions] == [
        "hero(x, y)", "greater(t, 0)", "succ(y, y2)", "-wall(x, y2)"]
    assert [str(lit) for lit in up.effects] == [
        "hero(x, y2)", "time(t - 1)", "-time(t)", "-hero(x, y)"]
    assert "time(t - 2)" in [str(lit) for lit in spike.effects]


@pytest.mark.parametrize(("text", "expected"), [
    ("a(x) ∧ ¬b(x)", [["a", "-b"]]), ("a(x) ^ ~b(x)", [["a", "-b"]]),
    ("a(x), !b(x)", [["a", "-b"]]), ("a(x) and not b(x)", [["a", "-b"]]),
    ("a(x) et non b(x)", [["a", "-b"]]), ("a(x) & -b(x)", [["a", "-b"]]),
    ("a(x) && b(x)", [["a", "b"]]), ("a(x) b(x)", [["a", "b"]]),
    ("a(x) ∨ b(x)", [["a"], ["b"]]), ("a(x) v b(x)", [["a"], ["b"]]),
    ("a(x) | b(x)", [["a"], ["b"]]), ("a(x) or b(x)", [["a"], ["b"]]),
    ("a(x) ou b(x)", [["a"], ["b"]]), ("c(x) ∧ (a(x) ∨ b(x))", [["c", "a"], ["c", "b"]]),
    ("¬(a(x) ∨ b(x))", [["-a", "-b"]]), ("clear(a(x) ∧ b(x))", [["-a", "-b"]]),
    ("del a(x)", [["-a"]]), ("a(x) \\land \\lnot b(x)", [["a", "-b"]]),
])
def test_connectives_negations_and_disjunctions(text: str, expected: list[list[str]]) -> None:
    assert [[("" if atom.positive else "-") + atom.predicate for atom in conjunction]
            for conjunction in read_formula(text)] == expected


def test_prime_forms_are_one_variable() -> None:
    (conjunction,) = read_formula("p(y', y’, y′, y'', y\", y”)")
    assert [arg.name for arg in conjunction[0].args] == ["y'", "y'", "y'", "y''", "y''", "y''"]


def test_no_schema_is_one_line() -> None:
    with pytest.raises(SchemaError, match="^p.md: no schema found"):
        read_model("just prose (with parentheses)\n", "p.md")


SEEDS = {"seeds/000_7131312d8b49f832.txt": (102, 6), "seeds/001_1103b020ed6d817c.txt": (108, 0),
         "seeds/002_86e1b4b616c1ecee.txt": (81, 4), "models/sample-a.md": (28, 0),
         "models/sample-b.txt": (65, 3)}


@pytest.mark.parametrize("relpath", sorted(SEEDS))
def test_seeds_and_samples(relpath: str) -> None:
    reading = read_model_file(str(shared_path(relpath)))
    unread = skipped_schemas(reading.skipped)
    assert (len(reading.schemas), len(unread)) == SEEDS[relpath]
    assert all(part.position.line is not None for part in reading.skipped)
    # Every other part listed is one line skipped between or inside schemas, and counted.
    assert reading.tally().lines_skipped == len(reading.skipped) - len(unread)


def test_sample_a_cases_and_disjunctions_are_split() -> None:
    counts = read_model_file(str(shared_path("models/sample-a.md"))).tally()
    assert (counts.cases_split, counts.disjunctions_expanded) == (4, 4)


def test_the_layouts_pdf_extraction_leaves_are_read_around() -> None:
    """A header glued to the effect before it, a camel-case name spaced out, page marks
    between a header and its clause or between a precondition and its effect, and a
    literal alone on a line after a clause left open (it looks like a header)."""
    text = ("goUp(X, Y)\nPrecondition: at(X, Y), succ(Y, Y'),\n\nfree(X, Y')\n"
            "Effect: at(X, Y'), -at(X, Y) goDown(X, Y)\n\nIA02\n\n"
            "Precondition: at(X, Y)\n\nANNEXES\n```\nEffect: -at(X, Y)\n\n"
            "go Left Fast (X)\nPrecondition: at(X)\nEffect: -at(X)\n")
    reading = read_model(text, "r.md")
    up, down, left = reading.schemas
    assert (up.name, down.name, left.name) == ("goUp", "goDown", "goLeftFast")
    assert [str(lit) for lit in up.preconditions] == ["at(X, Y)", "succ(Y, Y')", "free(X, Y')"]
    assert [str(lit) for lit in up.effects] == ["at(X, Y')", "-at(X, Y)"]
    assert [str(lit) for lit in down.effects] == ["-at(X, Y)"]
    assert (down.position.line, down.position.column) == (5, text.split("\n")[4].index("goD") + 1)
    assert [part.position.line for part in reading.skipped] == [7, 11, 12]
    assert reading.tally().lines_skipped == 3


def test_one_naming_rule_for_every_split() -> None:
    text = ("Action(Pousser(x, y)):\n  Préconditions 1 : a(x) ∧ (b(y) v c(y))\n"
            "  Effets 1 : d(x)\n  Préconditions 2 : e(x)\n  Effets 2 : f(x)\n")
    names = [schema.name for schema in read_model(text, "r.md").schemas]
    assert names == ["Pousser_case1_or1", "Pousser_case1_or2", "Pousser_case2"]
    assert split_name("step", disjunct=2, when=1) == "step_or2_when1"  # the PDDL reader's



@pytest.mark.parametrize("digits", [10, 5000])
def test_a_cost_past_32_bits_skips_its_schema_before_any_conversion(digits: int) -> None:
    text = ("go(X)\n  Precondition: hero(X)\n  Effect: hero(X)\n  Cost: " + "9" * digits + "\n"
            "stay(X)\n  Precondition: hero(X)\n  Effect: hero(X)\n  Cost: 2147483647\n")
    reading = read_model(text, "m.strips")
    assert [schema.name for schema in reading.schemas] == ["stay"]
    assert any("is past 2147483647" in part.reason for part in reading.skipped)


@pytest.mark.parametrize(("disjunctions", "conditionals"),
                         [(k, m) for k in range(5) for m in range(5)])
def test_disjunctions_times_conditionals_are_capped_per_schema(disjunctions: int,
                                                               conditionals: int) -> None:
    """Issue 42: each bounded alone, the two multiply (6 and 6 once made 4,096 schemas of one
    435-byte header); past 64 schemas the header is skipped, saying why, and the rest read."""
    pre = "".join(f" ∧ (a{i}(x) ∨ b{i}(x))" for i in range(disjunctions))
    eff = "".join(f" ∧ (c{i}(x) => d{i}(x))" for i in range(conditionals))
    text = (f"go(x)\n  Pre: hero(x){pre}\n  Eff: hero(x){eff}\n\n"
            "stay(x)\n  Pre: hero(x)\n  Eff: hero(x)\n")
    reading = read_model(text, "m")
    made = 2 ** (disjunctions + conditionals)
    assert [s.name for s in reading.schemas][-1] == "stay"
    assert len(reading.schemas) == (made + 1 if made <= 64 else 1)
    reasons = [part.reason for part in skipped_schemas(reading.skipped)]
    assert reasons == ([] if made <= 64 else [
        "schema 'go' skipped: its disjunctions and conditionals make more than 64 schemas: "
        "write some of its cases as schemas of their own"])


def test_a_model_past_the_schemas_it_is_read_with_once_expanded_is_refused() -> None:
    pre = "".join(f" ∧ (a{i}(x) ∨ b{i}(x))" for i in range(6))
    text = "".join(f"go{n}(x)\n  Pre: hero(x){pre}\n  Eff: hero(x)\n\n" for n in range(157))
    with pytest.raises(SchemaError, match=r"^m:\d+:1: more than 10000 schemas once its cases"):
        read_model(text, "m")
