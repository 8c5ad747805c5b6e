"""Reading clingo's model back as integer rows (translator/ground/shown_atoms.py): by one call
into clingo's C function per atom into fixed-width slots, or by clingo's public API when its
internal module is not what the fast path expects. Both must give every shown atom, grouped
by predicate name, whatever the names' lengths, the arities and the numbers' widths."""

from __future__ import annotations

import clingo
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from translator.ground import shown_atoms
from translator.ground.shown_atoms import shown_rows

# Names as the grounding program writes them (`o16`, `f3`) and longer ones; arities 0 to 9.
PREDICATES = st.dictionaries(
    st.from_regex(r"[a-z][a-z0-9]{0,9}", fullmatch=True).filter(lambda name: name != "not"),
    st.integers(0, 9),
    min_size=1, max_size=5)


@st.composite
def programs(draw: st.DrawFn) -> dict[str, set[tuple[int, ...]]]:
    arities = draw(PREDICATES)
    return {name: draw(st.sets(st.tuples(*[st.integers(0, 10**6)] * arity),
                               min_size=1, max_size=4 if arity == 0 else 30))
            for name, arity in arities.items()}


def _read(atoms: dict[str, set[tuple[int, ...]]]) -> dict[str, list[tuple[int, ...]]]:
    facts = [f"{name}({','.join(map(str, row))})." if row else f"{name}."
             for name, rows in atoms.items() for row in rows]
    shows = [f"#show {name}/{len(next(iter(rows)))}." for name, rows in atoms.items()]
    control = clingo.Control(["--warn=none"])
    control.add("base", [], "\n".join(facts + shows))
    control.ground([("base", [])])
    longest = max(len(text) for text in facts)
    with control.solve(yield_=True) as models:
        found = next(shown_rows(model, longest) for model in models)
    assert all(rows.dtype == np.int64 and rows.ndim == 2 for rows in found.values())
    return {name: sorted(map(tuple, rows.tolist())) for name, rows in found.items()}


@settings(max_examples=15, derandomize=True, deadline=None)
@given(programs())
def test_every_shown_atom_comes_back_as_its_row(atoms: dict[str, set[tuple[int, ...]]]) -> None:
    assert _read(atoms) == {name: sorted(rows) for name, rows in atoms.items()}


def test_the_public_api_gives_the_same_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    atoms = {"o16": {(1, 22, 333, 4444, 55555, 0, 7, 8)}, "o1": {(3, 4), (5, 6)},
             "f10": {(9,)}, "won": {()}}
    fast = _read(atoms)

    def moved(*_: object) -> None:
        raise ImportError("clingo._internal")

    monkeypatch.setattr(shown_atoms, "_written_slots", moved)
    assert _read(atoms) == fast == {name: sorted(rows) for name, rows in atoms.items()}
