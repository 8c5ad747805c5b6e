"""The reader's generality as a property (issue 22 item 5): known models rendered in random
mixes of the course's conventions read back as the same schemas.

The known models are ours (`strips_model/helltaker.strips`), seed 001's and the two samples
of ../shared/models when ../shared exists, and the small models of tests/strips_model/reports/
models/ (each in another style, some incomplete). Each is read once; its schemas are then
rendered schema by schema with a header style, clause keywords, connectives, negations,
deletes, variable case, prime forms, wrapped lines and whatever lies between schemas (prose,
separators, comments, fences) all drawn at random, and the rendering is read again: `diff`'s
comparison (translator/compare/diff/schemas.py) must find the same schemas. Types of
parameters are not part of the course's notations, so they are compared erased.

The fast loop runs a derandomized sample; the long run is opt-in like tests/cli/test_fuzz.py:
`HELLTAKER_FUZZ_EXAMPLES=500 pytest -m fuzz tests/strips_model/reports/test_notation_fuzz.py`.
The size property runs in the fast loop as counted work (`test_reading_grows_linearly`);
the ~20 MB model, read or refused within 60 s, is opt-in the same way.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_rendering import BETWEEN, render_schema

from strips_model.errors import SchemaError
from strips_model.reports import course, formula
from strips_model.reports.course_blocks import MAX_SCHEMAS, BlockReader
from strips_model.reports.notation import read_model, read_model_file
from strips_model.reports.reading import skipped_schemas
from strips_model.schema import UNTYPED, Schema
from translator.compare.diff.schemas import diff_schemas

MODELS = Path(__file__).parent / "models"
LONG_EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)

_SETTINGS: dict[str, Any] = {
    "deadline": None, "database": None, "print_blob": True,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
settings.register_profile("notation-fast", derandomize=True, max_examples=30, **_SETTINGS)
settings.register_profile("notation-fuzz", max_examples=max(LONG_EXAMPLES, 1), **_SETTINGS)


def _untyped(schemas: tuple[Schema, ...]) -> tuple[Schema, ...]:
    return tuple(replace(schema, parameters=tuple(replace(p, type=UNTYPED)
                                                  for p in schema.parameters))
                 for schema in schemas)


SHARED_MODELS = ("seeds/001_1103b020ed6d817c.txt", "models/sample-a.md", "models/sample-b.txt")


def _names() -> list[str]:
    """The known models' names, found without reading them: collection (once in every test
    process) stays cheap, and a process reads only the models of the tests it runs."""
    names = [path.name for path in MODELS.iterdir()] + ["helltaker.strips"]
    return sorted(names + [relpath for relpath in SHARED_MODELS if (SHARED / relpath).is_file()])


@cache
def known_model(name: str) -> tuple[Schema, ...]:
    """One known model by name, read once."""
    if name == "helltaker.strips":
        text = resources.files("strips_model").joinpath(name).read_text("utf-8")
        return _untyped(read_model(text, name, True).schemas)
    text = (SHARED / name if name in SHARED_MODELS else MODELS / name).read_text("utf-8")
    return _untyped(read_model(text, name, False).schemas)


def _check(name: str, data: st.DataObject) -> None:
    schemas = known_model(name)
    start = data.draw(st.integers(0, max(len(schemas) - 1, 0)))
    chosen = schemas[start:start + 12] or schemas
    text = "".join(render_schema(schema, data.draw) + data.draw(st.sampled_from(BETWEEN))
                   for schema in chosen)
    try:
        read = read_model(text, "rendered.md").schemas
    except SchemaError as error:
        raise AssertionError(f"{error}\n{text}") from None
    diff = diff_schemas(_untyped(read), chosen)
    assert diff.identical, (text, [str(p.differences) for p in diff.pairs if p.differences],
                            [s.name for s in diff.only_a], [s.name for s in diff.only_b])


@pytest.mark.parametrize("name", _names())
@settings(settings.get_profile("notation-fast"), max_examples=4)
@given(data=st.data())
def test_a_rendering_reads_back_as_the_same_schemas(name: str, data: st.DataObject) -> None:
    _check(name, data)


@pytest.mark.fuzz
@pytest.mark.parametrize("name", _names())
@settings(settings.get_profile("notation-fuzz"))
@given(data=st.data())
def test_a_rendering_reads_back_as_the_same_schemas_long(name: str,
                                                          data: st.DataObject) -> None:
    _check(name, data)


# -- one formula grammar (issue 33): random formulas in random spellings and layouts ------------

_ATOMS = {"p(x)": ("p", ("x",)), "q(x, y)": ("q", ("x", "y")), "r": ("r", ()),
          "t>0": ("greater", ("t", "0")), "t > 0": ("greater", ("t", "0"))}
"""Each atom as written, and the literal it reads as (`t>0`: a comparison literal)."""
F_AND = (" ∧ ", " ^ ", " & ", " && ", ", ", " and ", " et ", " AND ", " \\land ", "∧")
F_OR = (" ∨ ", " v ", " | ", " || ", " or ", " ou ", " OR ", " \\lor ", "∨")
F_NOT = ("¬", "¬ ", "-", "~", "!", "not ", "non ", "NOT ", "\\neg ")
F_BREAKS = ("∧", "∨", "^", "&", ",", " and", " et", " or", " ou", "\\land", "\\lor")
"""The connectives a line may end with: the clause goes on on the next line."""

Formula = tuple[Any, ...]
formulas = st.recursive(
    st.sampled_from(sorted(_ATOMS)).map(lambda atom: ("atom", atom)),
    lambda inner: st.tuples(st.just("not"), inner)
    | st.tuples(st.sampled_from(("and", "or")), inner, inner),
    max_leaves=6)


def _holds(formula: Formula, true: frozenset[tuple[str, tuple[str, ...]]]) -> bool:
    kind = formula[0]
    if kind == "atom":
        return _ATOMS[formula[1]] in true
    if kind == "not":
        return not _holds(formula[1], true)
    left, right = _holds(formula[1], true), _holds(formula[2], true)
    return left and right if kind == "and" else left or right


def _print(formula: Formula, draw: Any, outer: int = 0) -> str:
    """`formula` in random spellings, parenthesised where precedence needs it (¬ over ∧
    over ∨) and sometimes where it does not, broken after a connective now and then."""
    kind = formula[0]
    if kind == "atom":
        return str(formula[1])
    own = {"or": 1, "and": 2, "not": 3}[kind]
    if kind == "not":
        # `--p(x)` would be a decrement or a comment: a negation of a negation is grouped.
        inner = _print(formula[1], draw, own)
        text = draw(st.sampled_from(F_NOT)) + (f"({inner})" if formula[1][0] == "not"
                                               else inner)
    else:
        word = draw(st.sampled_from(F_AND if kind == "and" else F_OR))
        if draw(st.integers(0, 4)) == 0 and word.rstrip() in F_BREAKS:
            word = word.rstrip() + draw(st.sampled_from(("\n    ", "  // why\n  ", "\n\n")))
        text = _print(formula[1], draw, own) + word + _print(formula[2], draw, own)
    if own < outer or (kind != "not" and draw(st.integers(0, 3)) == 0):
        return f"({text})"
    return text


def _layout(body: str, draw: Any) -> str:
    """A schema whose precondition is `body`, its clause keywords placed at random."""
    header = draw(st.sampled_from(("Act(x, y, t)\n", "Action(Act(x, y, t),\n",
                                   "Action(\n  Act(x, y, t),\n", "- Act(x, y, t): ")))
    keyword = draw(st.sampled_from(("Precondition: ", "PRECOND:\n", "Conditions :\n  ",
                                    "Préconditions : ")))
    effect = draw(st.sampled_from(("\nEffect: done(x)", ",\nEFFECT: done(x)",
                                   "  % note\nEffets : done(x)")))
    close = ")" if header.startswith("Action") else ""
    return f"{header}{keyword}{body}{effect}{close}\n"


@settings(settings.get_profile("notation-fast"), max_examples=120)
@given(formula=formulas, data=st.data())
def test_a_formula_in_any_spelling_and_layout_reads_back_as_the_same_formula(
        formula: Formula, data: st.DataObject) -> None:
    text = _layout(_print(formula, data.draw), data.draw)
    try:
        reading = read_model(text, "formula.txt")
    except SchemaError as error:
        raise AssertionError(f"{error}\n{text}") from None
    assert not skipped_schemas(reading.skipped), text
    # The disjuncts read (one schema each) hold exactly where the formula does.
    atoms = sorted(set(_ATOMS.values()))
    for chosen in range(2 ** len(atoms)):
        true = frozenset(atom for bit, atom in enumerate(atoms) if chosen >> bit & 1)
        read = any(all(((lit.predicate, tuple(t.name for t in lit.args)) in true)
                       == lit.positive for lit in schema.preconditions)
                   for schema in reading.schemas)
        assert read == _holds(formula, true), (text, sorted(true))


def _big_model(size: int) -> str:
    schema = ("Action(Move{n}(x,y)):\n    Préconditions : hero(x,y) ∧ succ(y,y2) ∧ ¬wall(x,y2)"
              " ∧ (spike(x,y2) v trap(x,y2,1))\n    Effets : hero(x,y2) ∧ clear(hero(x,y))\n\n"
              "Some prose between two actions.\n\n")
    parts: list[str] = []
    total = 0
    number = 0
    while total < size:
        parts.append(schema.format(n=number))
        total += len(parts[-1])
        number += 1
    return "".join(parts)


@pytest.mark.fuzz
def test_a_20_mb_model_is_read_or_refused_within_60_s(tmp_path: Path) -> None:
    """Opt-in: ~20 MB of schemas (105,848 of them) through the file reader `diff` and
    `compare` use. Measured with `helltaker diff` (load average 10-14 on 2 cores): refused
    in one line (more than MAX_SCHEMAS) in 5.6 s, 86 MB resident; the largest model read
    (9,847 actions, 19,694 schemas, 1.9 MB) in 61 s, 120 MB."""
    path = tmp_path / "big.md"
    path.write_text(_big_model(20_000_000), "utf-8")
    started = time.monotonic()
    try:
        reading = read_model_file(str(path))
    except SchemaError as error:
        assert "\n" not in str(error)
    else:
        assert len(reading.schemas) > 1000
    assert time.monotonic() - started < 60


def test_the_schemas_a_model_may_hold_are_bounded_and_told_in_one_line() -> None:
    with pytest.raises(SchemaError, match=rf"^big.md: {MAX_SCHEMAS + 1} precondition clauses"):
        read_model("go(X)\n  Precondition: p(X)\n" * (MAX_SCHEMAS + 1), "big.md")


def _work(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """The work reading `text` takes, counted rather than timed: lines examined for a
    header, and characters handed to the clause grammar."""
    examined = [0, 0]
    header_at, read_formula = BlockReader.header_at, formula.read_formula

    def counted_header_at(reader: BlockReader, index: int, opening_only: bool = False) -> Any:
        examined[0] += 1
        return header_at(reader, index, opening_only)

    def counted_read_formula(body: str) -> Any:
        examined[1] += len(body)
        return read_formula(body)

    monkeypatch.setattr(BlockReader, "header_at", counted_header_at)
    monkeypatch.setattr(course, "read_formula", counted_read_formula)
    read_model(text, "big.md")
    monkeypatch.undo()
    return examined[0], examined[1]


def test_reading_grows_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four times the text, four times the work (each line looked at a bounded number of
    times, each clause parsed once by the LALR grammar, which is linear): counted, not
    timed, so that a loaded machine cannot fail it. The 20 MB run above is opt-in."""
    small, large = _big_model(6_000), _big_model(24_000)
    (headers_small, parsed_small), (headers_large, parsed_large) = (
        _work(small, monkeypatch), _work(large, monkeypatch))
    assert parsed_large <= len(large) and parsed_small <= len(small)
    assert headers_large <= 4.5 * headers_small
    assert parsed_large <= 4.5 * parsed_small
