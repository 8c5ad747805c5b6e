"""Static facts that hold for nearly every object of a type become one rule each
(translator/ground/uniform_facts.py)."""

from __future__ import annotations

from translator.ground.uniform_facts import SMALLEST, uniform_groups


def test_uniform_static_facts_become_rules() -> None:
    """A group of atoms agreeing after the first argument and covering nearly every object
    of its type is one rule with its exceptions; small or scattered groups stay facts."""
    cells = tuple(f"c{index}" for index in range(2 * SMALLEST))
    atoms = [("key_at", cell, "no") for cell in cells[1:]] + [("key_at", cells[0], "yes")]
    counter = iter(range(10))
    uniform = uniform_groups("s1", atoms, cells, "t0", lambda name: name.lstrip("c"),
                             lambda: f"e{next(counter)}")
    assert uniform.rules == ("s1(X,no) :- t0(X), not e0(X).",)
    assert uniform.exceptions == ("e0(0).",)
    assert uniform.remaining == [("key_at", cells[0], "yes")]
    scattered = [("adjacent", cell, other, "up")
                 for cell, other in zip(cells, cells[1:], strict=False)]
    assert uniform_groups("s0", scattered, cells, "t0", str, lambda: "e").remaining == scattered
