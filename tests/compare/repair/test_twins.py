"""A slip on a line the cases of a disjunction share (translator/compare/repair/twins.py): every
case is left out, and the fix is the written line mended, the same edit in each case.

The unit properties run on a small header in random letters; the search runs on the repair
bench's textbook model, its shared effect `steps(c2)` dropped from both cases of
`MoveOddHurt` (`spike ∨ trapUp`): before, each case was mended alone, the other still left
out, and the fix offered switched the first case's counter off (`steps(c) -> ¬steps(c)`).
Now the left-out reason names the value the counter's chain reaches (`c2`), whose addition
is tried first, in both cases at once."""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from strips_model.reports.course import read_course
from strips_model.schema import Schema
from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.edits import Clause, Edit, Kind, Signature, local_edits
from translator.compare.repair.first_evidence import left_out_names
from translator.compare.repair.fixes import RepairOptions, suggest_fixes
from translator.compare.repair.twins import with_twins
from translator.measure.repair_bench import bench_models

_NAMES = st.lists(st.from_regex(r"z[a-z]{2,8}", fullmatch=True), min_size=5, max_size=5,
                  unique=True)
"""Random letters, never a clause keyword of the course's notations (`add`, `pre`, `del`)."""


def _cases(names: list[str]) -> tuple[Schema, Schema]:
    """`go`'s two cases: a shared precondition before and after the disjunction, one
    disjunct each, one shared effect."""
    go, at, p, q, r = names
    text = (f"Action({go}(x, y),\nPRECOND: {at}(x) ∧ ({p}(y) ∨ {q}(y) ∧ {q}(x)) ∧ {r}(x)\n"
            f"EFFECT: {at}(y) ∧ ¬{at}(x))\n")
    first, second = read_course(text, "<twins>").schemas
    return first, second


def _removal(schema: Schema, predicate: str) -> Edit:
    (found,) = [e for e in local_edits(schema, Signature.of((schema,)))
                if e.kind is Kind.REMOVE and e.before is not None
                and e.before.predicate == predicate]
    return found


@given(_NAMES)
def test_an_edit_of_a_shared_place_is_made_in_each_case_left_out(names: list[str]) -> None:
    first, second = _cases(names)
    both = frozenset({first.name, second.name})
    _, _, p, _, r = names
    removed = _removal(first, r)
    (twin,) = with_twins((removed,), (first, second), both)[1:]
    # The shared literal stands later in the second case (its disjunct is two literals long).
    assert (twin.schema, twin.before, twin.kind) == (second.name, removed.before, Kind.REMOVE)
    assert second.preconditions[twin.index] == removed.before and twin.index != removed.index
    added = Edit(Kind.ADD, first.name, Clause.EFFECT, len(first.effects), None,
                 first.preconditions[0])
    assert [e.schema for e in with_twins((added,), (first, second), both)] == [first.name,
                                                                                 second.name]
    # A disjunct's own literal, an addition to a precondition, a case the model runs with:
    # no twin.
    own = _removal(first, p)
    to_precondition = Edit(Kind.ADD, first.name, Clause.PRECONDITION, 0, None,
                           first.effects[0])
    for edits, left_out in (((own,), both), ((to_precondition,), both),
                            ((removed,), frozenset({first.name}))):
        assert with_twins(edits, (first, second), left_out) == edits


def test_a_counter_dropped_from_a_shared_effect_is_given_back_in_every_case(
        tmp_path: Path) -> None:
    """The whole repair as `compare --repair` runs it on the probes: the fix found first is
    the written line mended, and the file it writes is the model before the slip."""
    original = Path(next(p for p in bench_models() if p.endswith("textbook.txt")))
    text = original.read_text(encoding="utf-8")
    shared = "¬odd ∧ steps(c2) ∧ ¬steps(c))\n\nAction(MoveOddHurtReaping"
    assert text.count(shared) == 1
    slipped = tmp_path / "textbook.txt"
    slipped.write_text(text.replace(shared, shared.replace(" steps(c2) ∧", "")),
                       encoding="utf-8")
    set_up = set_up_model(str(slipped))
    assert not isinstance(set_up.model, UnbuildableModel)
    assert left_out_names(set_up.model) == {"MoveOddHurt_or1", "MoveOddHurt_or2"}
    # The reason names what is missing: the value the counter's chain reaches.
    assert all(part.reason.endswith("to add (it adds none; its succ chain reaches c2)")
               for part in set_up.model.left_out)
    found = suggest_fixes(set_up, (), RepairOptions(seconds=60.0, symmetric=False,
                                                    clock=time.process_time))
    assert found.fixes
    top = found.fixes[0]
    assert sorted((e.schema, e.text()) for e in top.repair.edits) == [
        ("MoveOddHurt_or1", "add steps(c2)"), ("MoveOddHurt_or2", "add steps(c2)")]
    assert top.repair.still_failing == 0 and top.fixed_text == text
