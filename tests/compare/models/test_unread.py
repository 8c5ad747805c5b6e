"""A model whose moves the reader skipped is told so first: the skipped schemas, their lines
and the reader's reason, before any advice about vocabularies (models/unread.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import shared_path

from translator.cli.main import main
from translator.compare.check import read_model
from translator.compare.models.compared import UnbuildableModel, compared_model

UNREADABLE = {
    "two effects without parentheses": "hero(z, y) ∧ a(z) => b(z) ∧ c(z) => (d(z))",
    "a disjunctive conditional effect": "hero(z, y) ∧ (a(z) => b(z) ∨ c(z))",
    "a literal cut off": "hero(z, y) ∧ ¬hero(x, y",
}


def _model(effect: str, directions: tuple[str, ...]) -> str:
    moves = "".join(
        f"\nGo{direction}(x, y)\nPrecondition: hero(x, y) ∧ next(x, z)\nEffect: {effect}\n"
        for direction in directions)
    return f"Remove(x, y)\nPrecondition: mob(x, y) ∧ spikes(x, y)\nEffect: ¬mob(x, y)\n{moves}"


@pytest.mark.parametrize("effect", list(UNREADABLE.values()), ids=list(UNREADABLE))
@pytest.mark.parametrize("directions", [("Right",), ("Right", "Left", "Up", "Down")])
def test_a_model_whose_moves_are_unreadable_is_told_so_first(
        tmp_path: Path, effect: str, directions: tuple[str, ...]) -> None:
    path = tmp_path / "model.txt"
    path.write_text(_model(effect, directions), "utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert isinstance(model, UnbuildableModel)
    count = f"{len(directions)} schema{'' if len(directions) == 1 else 's'}"
    assert re.match(rf"no schema (moves|steps) the hero: the reader skipped {count} that "
                    r"may \(",
                    model.defect), model.defect
    named = ", ".join(f"Go{direction} at line {7 + 4 * number}"  # its effect's line
                      for number, direction in enumerate(directions))
    assert f"({named}: " in model.defect
    assert model.defect.index("fix them and run again") < model.defect.index("vocabulary")


@pytest.mark.planner
def test_the_conditional_effects_of_the_repro_are_read_and_it_agrees(capsys,
                                                                     boards_off,
                                                                     probes_here) -> None:
    model = shared_path("repros/c-conditional-effect-then-no-hero.md")
    level = shared_path("repros/corridor.txt")
    main(["compare", str(model), str(level), "--jobs", "1"])
    out, err = capsys.readouterr()
    assert "0 schema(s) skipped" in err and "cannot be run" not in err
    assert "| corridor | 5 | cost 1, valid in the game (cost 1) | r |" in out
    assert re.search(r"\| r \| 2 \(all\) \| agrees \|", out)


def test_a_model_with_no_action_read_as_a_key_press_is_told_so(tmp_path: Path) -> None:
    """Its one move steps along a direction table (`delta(d, dx, dy)`, `plus(x, dx, x2)`)
    that no role reads: no level can be played, and the model is not run, never a divergence
    on every level. The relation the hero's place steps along is named, and a vocabulary
    file's [keys] is no way out (no level's Init could list `plus`)."""
    path = tmp_path / "model.txt"
    path.write_text(
        "Move(x, y, d, dx, dy, x2, y2, n, n2)\n    Precondition: at(x, y), delta(d, dx, dy), "
        "plus(x, dx, x2), plus(y, dy, y2), -wall(x2, y2), steps(n), succ(n2, n)\n"
        "    Effect: at(x2, y2), -at(x, y), steps(n2), -steps(n)\n", "utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert isinstance(model, UnbuildableModel)
    assert model.defect.startswith("the hero's moves step its place along plus, static "
                                   "relations no part of the game reads")
    assert model.defect.endswith("compare does not run this encoding")
    assert "[keys]" not in model.defect

