"""A model that never kicks, whose skeleton dies where it stands (../shared/repros fragment c):
its bookkeeping action removing the skeleton on spikes or a raised trap needs no hero, so it
opens no lock; it tells the skeleton, and which of the two trap predicates is raised. A
static floor is read by what the moves need, and written under every part of the level.
All of it under any names: every predicate is given random letters."""

from __future__ import annotations

import random
import re

from compare.model_encodings import CONSONANTS
from helpers import make_level
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.notation import read_model
from translator.compare.models.floor import free_cells, occupying
from translator.compare.vocabulary.inference import infer_vocabulary


def _go(name: str, step: str) -> str:
    """A move the other way along `plusOne`, flipping the traps by conditional effects."""
    return f"""Action(
    {name}(x, y),
    PRECOND :
        hero(x,y) and {step} and not wall(z, y) and not mob(z, y)
    ,
    EFFECT :
        hero(z, y) and not hero(x, y)
        and lowered(a, b) => (not lowered(a, b) and raised(a, b))
        and raised(a, b) => (not raised(a, b) and lowered(a, b))
    )
"""


DYING = """```python
Action(
    Remove(x, y),
    PRECOND :
        mob(x, y) and (raised(x, y) or spikes(x, y))
    ,
    EFFECT :
        not mob(x, y)
)
""" + _go("GoRight", "plusOne(x, z)") + _go("GoLeft", "plusOne(z, x)") + "```\n"

FLOOR = """
right(X, Y, X2)
    Precondition: man(X, Y), next(X, X2), empty(X2, Y), -lock(X2, Y)
    Effect: man(X2, Y), -man(X, Y)
left(X, Y, X2)
    Precondition: man(X, Y), next(X2, X), empty(X2, Y), -lock(X2, Y)
    Effect: man(X2, Y), -man(X, Y)
open(X, Y, X2)
    Precondition: man(X, Y), next(X, X2), haskey, empty(X2, Y), lock(X2, Y)
    Effect: -lock(X2, Y)
"""


def _renamed(text: str, names: tuple[str, ...], seed: int) -> tuple[str, dict[str, str]]:
    rng = random.Random(seed)
    renaming = {name: "".join(rng.choice(CONSONANTS) for _ in range(7)) for name in names}
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<![\w']){re.escape(name)}(?![\w])", renaming[name], text)
    return text, renaming


def _roles(text: str, suffix: str) -> dict[str, str]:
    reading = read_model(text, f"model{suffix}")
    return dict(infer_vocabulary(reading.schemas, "model", False).vocabulary.roles)


def test_an_effect_written_on_the_line_after_its_keyword_is_read() -> None:
    reading = read_model(DYING, "model.md")
    remove = [schema for schema in reading.schemas if schema.name.startswith("Remove")]
    assert len(remove) == 2
    assert all([str(e) for e in schema.effects] == ["-mob(x, y)"] for schema in remove)


@settings(max_examples=6, derandomize=True, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_skeleton_dying_where_it_stands_is_read_and_tells_the_raised_trap(seed: int) -> None:
    text, names = _renamed(DYING, ("mob", "raised", "lowered", "spikes", "wall", "hero",
                                   "plusOne"), seed)
    roles = _roles(text, ".md")
    assert roles.get("skeleton") == names["mob"]
    assert (roles.get("trap_raised"), roles.get("trap_lowered")) == (names["raised"],
                                                                     names["lowered"])
    assert "lock" not in roles and "key" not in roles


def test_a_floor_no_action_changes_holds_under_every_part() -> None:
    reading = read_model(FLOOR, "model.txt")
    words = infer_vocabulary(reading.schemas, "model", False).vocabulary
    assert words.predicate("floor") == "empty"
    level = make_level("#######\n#HBKL D\n#######", budget=9)
    floor = free_cells(level, occupying(reading.schemas, words))
    assert level.lock in floor and level.key in floor and level.start.boulders <= set(floor)
