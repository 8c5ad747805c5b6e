"""Nothing refused whole (issue 33 C): a schema that cannot be built is left out with its
reason and the model runs on the others; a level that needs the schema diverges at the key
press where it was needed, and says which schema was left out; comparisons with constants
hold; a model's own Init matters only without LEVEL files."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from helpers import make_level

from strips_model.errors import Position
from strips_model.reports.facts import InitBlock
from strips_model.schema import Literal, Term
from translator.compare.check import our_model, read_model
from translator.compare.comparison import compare
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.repair.edits import Clause, Kind, Signature, apply_edits, local_edits
from translator.compare.runs.level_comparison import compare_level
from translator.measure.repair_bench import written_as_one

STEPS = {
    "moveUp": ("Y'", "Y", "X, Y'"), "moveDown": ("Y", "Y'", "X, Y'"),
    "moveLeft": ("X'", "X", "X', Y"), "moveRight": ("X", "X'", "X', Y"),
}
RIGHT = make_level("""
    #######
    #H   D#
    #######
""", 9)
LEFT = make_level("""
    ######
    #D  H#
    ######
""", 9)


def _walk(broken: dict[str, str] | None = None, counter: bool = False) -> str:
    """Four steps; `broken` replaces a schema's text (by name); `counter`: each step takes
    one from `counter(C)` and requires `greater(C, 0)`."""
    texts = []
    for name, (low, high, there) in STEPS.items():
        count = (", counter(C), plusOne(C', C), greater(C, 0)", ", counter(C'), -counter(C)") \
            if counter else ("", "")
        header = f"{name}(X, Y, C)" if counter else f"{name}(X, Y)"
        texts.append((broken or {}).get(name, (
            f"{header}\n    Precondition: hero(X, Y), plusOne({low}, {high}), -wall({there})"
            f"{count[0]}\n    Effect: hero({there}), -hero(X, Y){count[1]}\n")))
    return "\n".join(texts)


def _model(tmp_path: Path, text: str) -> ReportModel:
    path = tmp_path / "model.txt"
    path.write_text(text, encoding="utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


def test_a_literal_of_another_arity_leaves_its_schema_out_and_the_rest_runs(tmp_path):
    broken = {"moveRight": "moveRight(X, Y)\n    Precondition: hero(X, Y), plusOne(X, X'), "
                           "-wall(X')\n    Effect: hero(X', Y), -hero(X, Y)\n"}
    model = _model(tmp_path, _walk(broken))
    assert [(part.schema, part.position.line) for part in model.left_out] == [
        ("moveRight", 14)]
    assert "-wall(X') has 1 argument(s)" in model.left_out[0].reason
    ours = our_model()[1]
    # Along the plans, which only go left (LEFT), the rest of the model agrees.
    assert compare_level(model, ours, LEFT, "search", states=0).verdict == "agrees"
    right = compare_level(model, ours, RIGHT, "search")
    assert right.verdict == "diverges"
    why = right.divergences[0]
    assert "letter 1 'r'" in why and "left out of the model: moveRight" in why


def test_the_lint_names_each_schema_left_out(tmp_path):
    path = tmp_path / "model.txt"
    path.write_text(_walk({"moveUp": "moveUp(X, Y)\n    Precondition: hero(X, Y), "
                                     "plusOne(Y', Y), -wall(X, Y', Y)\n    Effect: hero(X, Y'),"
                                     " -hero(X, Y)\n"}), encoding="utf-8")
    report = read_model(str(path)).report
    comparison = compare(report, compared_model(report, str(path)), our_model(), [], "search",
                         boards=False)
    assert comparison.defect is None
    assert [(f.kind, f.schema) for f in comparison.lint if f.kind == "left-out"] == [
        ("left-out", "moveUp")]


def test_a_counter_deleted_and_not_added_back_diverges_at_that_letter(tmp_path):
    forgot = {"moveLeft": "moveLeft(X, Y, C)\n    Precondition: hero(X, Y), plusOne(X', X), "
                          "-wall(X', Y), counter(C), plusOne(C', C)\n"
                          "    Effect: hero(X', Y), -hero(X, Y), -counter(C)\n"}
    model = _model(tmp_path, _walk(forgot, counter=True))
    assert [part.schema for part in model.left_out] == ["moveLeft"]
    ours = our_model()[1]
    assert compare_level(model, ours, RIGHT, "search", states=0).verdict == "agrees"
    left = compare_level(model, ours, LEFT, "search")
    assert left.verdict == "diverges" and "letter 1 'l'" in left.divergences[0]


def test_a_comparison_with_a_constant_holds_over_the_level_numbers(tmp_path):
    """`greater(C, 0)` guards every step: it holds while the counter is above 0, so the
    model agrees on a level its budget allows, and its third step fails on a budget of 2."""
    model = _model(tmp_path, _walk(counter=True))
    ours = our_model()[1]
    assert compare_level(model, ours, RIGHT, "search").verdict == "agrees"
    # Budget 2 for 3 steps: the counter reaches 0 after two, where the guard fails. The
    # search's bound is what the guard allows (counter_steps.py `allowance`), so no plan of
    # three steps is found and then refused: the model, like the game, has none.
    tight = replace(RIGHT, budget=2)
    assert model.on(tight).cost_limit == 2
    short = compare_level(model, ours, tight, "search")
    assert short.verdict == "agrees" and short.why == (
        "neither finds a plan within the budget; equal on all 3 states reachable within the "
        "budget")


def test_an_init_that_cannot_be_rebuilt_does_not_stop_a_compare_with_levels(tmp_path):
    text = _walk()
    model = _model(tmp_path, text)
    position = Position("init")
    atoms = (Literal("hero", (Term("1", False), Term("1", False)), True, position),)
    report = replace(model.report, init=InitBlock(atoms, position))  # no demon anywhere
    rebuilt = compared_model(report, "with init")
    assert isinstance(rebuilt, ReportModel) and rebuilt.init_defect is not None
    assert compare_level(rebuilt, our_model()[1], LEFT, "search").verdict == "agrees"


def test_a_slip_in_one_case_of_a_split_disjunction_leaves_out_that_case_alone(tmp_path):
    # The cases of one written disjunction share the written literals' places, so a build
    # error pointing at a shared place must not leave out the first case, which builds.
    either = {"moveLeft": "moveLeft(X, Y, C)\n    Precondition: hero(X, Y), plusOne(X', X), "
                          "(-wall(X', Y) or -rock(X', Y)), counter(C), plusOne(C', C), "
                          "greater(C, 0)\n"
                          "    Effect: hero(X', Y), -hero(X, Y), counter(C'), -counter(C)\n"}
    path = tmp_path / "model.txt"
    path.write_text(_walk(either, counter=True), encoding="utf-8")
    report = read_model(str(path)).report
    cases = [s for s in report.schemas if written_as_one(s.name, "moveLeft_or1", report.schemas)]
    assert len(cases) == 2
    second = cases[1]
    slip = next(e for e in local_edits(second, Signature.of(report.schemas))
                if e.kind is Kind.NEGATE and e.clause is Clause.EFFECT and e.before is not None
                and e.before.predicate == "counter" and e.before.positive)
    built = compared_model(replace(report, schemas=apply_edits(report.schemas, (slip,))),
                           str(path))
    assert [part.schema for part in getattr(built, "left_out", ())] == [second.name]
