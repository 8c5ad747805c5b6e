"""What a failure names (hints.py): a field of what the player sees that differs names the
predicates of the roles it is written with, in the model's own vocabulary."""

from __future__ import annotations

from helpers import ROOT

from translator.compare.check import set_up_model
from translator.compare.repair.hints import failure_hints
from translator.compare.repair.verify import Failure


def test_traps_raised_wrong_name_the_flag_every_action_flips_beside_the_traps() -> None:
    """The textbook model gives each trap's first phase (`trapUp`, `trapDown`) and flips a
    flag `odd` with every action: a move that forgets to flip it (seed 34's slip `MoveOdd:
    remove -odd`) shows as traps raised wrong, so `odd` is named with the traps, both signs,
    and the effects come first."""
    set_up = set_up_model(str(ROOT / "translator/measure/repair_models/textbook.txt"))
    words = set_up.model.words
    assert words.predicate("trap_parity") == "odd"
    failure = Failure("probe R-A1", ("R-A1",), 2, "on the game's plan: letter 2 'u': the game "
                      "steps to (1,1); game vs model: raised traps: {(2,2)} vs {}", ("MoveOdd",))
    named, effects_first = failure_hints(failure, words)
    assert {("odd", True), ("odd", False)} <= named
    assert {words.predicate("trap_raised"), words.predicate("trap_lowered")} <= {
        name for name, _ in named}
    assert effects_first
