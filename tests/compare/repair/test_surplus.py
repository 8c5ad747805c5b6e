"""A schema that adds back the counter value it requires (`¬steps(c)` slipped to `steps(c)`),
beside a second fault (issue 40: a fix per fault). The reader leaves it out, and its reason
names the value added back; the repair takes that one away first, from the effects (the
counter it requires, negated, would switch the move off); and a fix of the other fault, which
leaves this schema out still, no longer ends the search: each fault gets its fix, and the
file with the first of each is the model before the slips.

Before: the reason said no more than "expected one steps(C) to require and one to add", the
edits that take a counter value away ranked last (the precondition's first), and the search
stopped at three fixes the states then took back but for the other fault's."""

from __future__ import annotations

import time
from pathlib import Path

from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.counter_steps import SURPLUS
from translator.compare.repair.first_evidence import left_out_names
from translator.compare.repair.fixes import RepairOptions, suggest_fixes
from translator.measure.repair_bench import bench_models

KICK = "¬doomed ∧ steps(c2) ∧ ¬steps(c))\n\nAction(KickBoxEvenHurt("
"""The end of `KickBoxEvenReaping`'s effect, shared by both cases of its disjunction."""
MOVE = "¬odd ∧ steps(c2) ∧ ¬steps(c))\n\nAction(MoveOddHurtReaping"
"""The end of `MoveOddHurt`'s effect: the second fault drops its `steps(c2)`."""


def test_a_counter_value_added_back_is_taken_away_and_each_fault_gets_its_fix(
        tmp_path: Path) -> None:
    original = Path(next(p for p in bench_models() if p.endswith("textbook.txt")))
    text = original.read_text(encoding="utf-8")
    assert text.count(KICK) == 1 and text.count(MOVE) == 1
    slipped = tmp_path / "textbook.txt"
    slipped.write_text(text.replace(KICK, KICK.replace("¬steps(c)", "steps(c)"))
                       .replace(MOVE, MOVE.replace(" steps(c2) ∧", "")), encoding="utf-8")
    set_up = set_up_model(str(slipped))
    assert not isinstance(set_up.model, UnbuildableModel)
    kicks = {"KickBoxEvenReaping_or1", "KickBoxEvenReaping_or2", "KickBoxEvenReaping_or3",
             "KickBoxEvenReaping_or4", "KickBoxEvenReaping_or5"}
    left = left_out_names(set_up.model)
    assert left >= {"MoveOddHurt_or1", "MoveOddHurt_or2"} and left & kicks
    reasons = [part.reason for part in set_up.model.left_out if part.schema in kicks]
    assert reasons and all(reason.endswith(f"(it adds {SURPLUS}: it adds back the steps(c) "
                                           "it requires)") for reason in reasons)
    found = suggest_fixes(set_up, (), RepairOptions(seconds=60.0, symmetric=False,
                                                    clock=time.process_time))
    assert found.together is not None and found.together.fixed_text == text
    firsts = {(e.schema.rsplit("_or", 1)[0], e.text()) for fix in found.fixes
              for e in fix.repair.edits}
    assert ("KickBoxEvenReaping", "steps(c) -> -steps(c)") in firsts
    assert ("MoveOddHurt", "add steps(c2)") in firsts
