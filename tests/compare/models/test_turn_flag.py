"""A turn flag (`go`): every move of the hero requires and deletes it, a bookkeeping action
with no key press gives it back, and the goal asks it with the hero's place (fresh model D's
`aJouer`). It starts true, the action giving it back is forced after each key press (it ends
the turn, it wins nothing), and no opening's need of it makes it the key held."""

from __future__ import annotations

from pathlib import Path

from helpers import make_level
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.schema import parse_schemas
from translator.compare.check import our_model, set_up_model
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level
from translator.compare.vocabulary.inference import infer_vocabulary

_STEPS = {"Up": ("Y'", "Y", "X, Y'"), "Down": ("Y", "Y'", "X, Y'"),
          "Left": ("X'", "X", "X', Y"), "Right": ("X", "X'", "X', Y")}
_FREE = "-wall({c}), -demon({c}), -gate({c}), -gem({c})"


def _text(turn: str) -> str:
    """The key a state of the hero (`man(X, Y, yes)`), as D's `heros(X, Y, avec)`: no flag
    is given with it, and the opening needs the turn flag beside the hero's state."""
    blocks = []
    for name, (low, high, there) in _STEPS.items():
        step = f"plusOne({low}, {high}), {turn}"
        blocks += [
            f"move{name}(X, Y, K)\n    Precondition: man(X, Y, K), {step}, "
            f"{_FREE.format(c=there)}\n"
            f"    Effect: man({there}, K), -man(X, Y, K), -{turn}, tick\n",
            f"take{name}(X, Y)\n    Precondition: man(X, Y, no), {step}, gem({there})\n"
            f"    Effect: man({there}, yes), -man(X, Y, no), -gem({there}), -{turn}, tick\n",
            f"open{name}(X, Y)\n    Precondition: man(X, Y, yes), {step}, gate({there})\n"
            f"    Effect: man({there}, yes), -man(X, Y, yes), -gate({there}), -{turn}, tick\n"]
    blocks.append(f"endTurn()\n    Precondition: tick\n    Effect: -tick, {turn}\n    Cost: 0\n")
    return "\n".join(blocks)


_OTHERS = {"man", "plusone", "wall", "demon", "gate", "gem", "tick", "yes", "no", "and", "not"}


@settings(max_examples=20, derandomize=True, deadline=None)
@given(turn=st.text("abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8).filter(
    lambda name: name not in _OTHERS))
def test_a_turn_flag_every_move_needs_is_no_key_held(turn: str) -> None:
    """Whatever the flag is called (names only order what fits, and `aJouer` says no part)."""
    schemas = parse_schemas(_text(turn), "m.txt")
    roles = dict(infer_vocabulary(schemas, "m.txt", False).vocabulary.roles)
    assert roles.get("key") == "gem" and roles.get("lock") == "gate", roles
    assert turn not in roles.values(), roles


def test_a_turn_flag_starts_true_and_its_return_ends_the_turn_not_the_game(
        tmp_path: Path) -> None:
    level = make_level("""
        #######
        #H   D#
        #######
    """, 9)
    path = tmp_path / "model.txt"
    path.write_text(_text("qv") + "\nBut(man(4, 1, no) ∧ qv)\n", encoding="utf-8")
    model = set_up_model(str(path), (level,)).model
    assert isinstance(model, ReportModel) and ("qv",) in model.true_at_start
    compared = compare_level(model, our_model()[1], level, "search")
    assert compared.verdict == "agrees", compared.why
