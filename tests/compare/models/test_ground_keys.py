"""A move written once for the four directions, stepping the hero along a relation of no
direction (`adj(P, P2)`): each ground action presses the key of the step it makes
(translator/compare/models/ground_keys.py). Before, such a model had its moves read as no key
press, its parts scrambled (the spikes read as the wall, the boulder as the spikes), and every
level "diverged"."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from compare.agreeing import write_model
from compare.model_encodings import Encoding, random_names, render, schemas
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.moves import Direction
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import Vocabulary, parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.ground_keys import ground_key_press, step_direction
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.verify import rebuilt, verify
from translator.compare.runs.evidence import probe_cases
from translator.ground.ground_action import GroundAction

UNDIRECTED = Encoding(notation="plain", adjacency="per_direction", direction_parameter=False,
                      moves="undirected")


_CONVENTIONS = dict(
    direction=st.sampled_from(list(Direction)), first_is_column=st.booleans(),
    rows_upward=st.booleans(), cell=st.sampled_from(["", "c_{x}_{y}", "{y}r{x}"]),
    row=st.integers(1, 8), column=st.integers(1, 8))
"""A direction, a coordinate convention, a cell pattern ("": a pair) and a cell of a 9x9 grid."""


def _words(first_is_column: bool, rows_upward: bool, cell: str) -> Vocabulary:
    return Vocabulary("v", "", (("hero", "at"),), (), first_is_column, rows_upward, (), (),
                      (), "v.toml", keyed_by_step=("Move",), cell=cell)


@given(**_CONVENTIONS)
def test_a_step_presses_its_direction_in_every_convention(
        direction: Direction, first_is_column: bool, rows_upward: bool, cell: str, row: int,
        column: int) -> None:
    """The hero's place before and after, written as each level's Init writes places (the
    grid's cell through the vocabulary's coordinates), reads back as the direction of the
    step; a hero that stays or jumps two cells presses none."""
    words = _words(first_is_column, rows_upward, cell)
    coordinates = Coordinates(9, 0, first_is_column, rows_upward)
    d_row, d_column = direction.delta

    def hero(r: int, c: int) -> tuple[str, ...]:
        return ("at", *words.place_args(*map(str, coordinates.xy((r, c)))))

    def move(r: int, c: int) -> GroundAction:
        return GroundAction("Move", (), frozenset({hero(r, c)}),
                            frozenset({hero(row, column)}), 1)

    assert step_direction(words, move(row + d_row, column + d_column)) == direction
    # A hero with a state beside its place, both of its states deleted where it stood.
    with_state = GroundAction("TakeKey", (), frozenset({(*hero(row + d_row, column + d_column),
                                                         "haskey")}),
                              frozenset({(*hero(row, column), state)
                                         for state in ("nokey", "haskey")}), 1)
    assert step_direction(words, with_state) == direction
    assert step_direction(words, move(row + 2 * d_row, column + 2 * d_column)) is None
    assert step_direction(words, GroundAction("Move", (), frozenset(), frozenset(), 1)) is None


@given(**_CONVENTIONS)
def test_a_hero_that_stays_presses_toward_the_place_its_relation_names(
        direction: Direction, first_is_column: bool, rows_upward: bool, cell: str, row: int,
        column: int) -> None:
    """A bump written once for the four directions (`adj(P, Q)`, the lock at Q, the hero
    staying at P) presses the key from P to Q as bound, in every convention; a move still
    presses the key of its step, and a bump between places that are no neighbours, none."""
    words = replace(_words(first_is_column, rows_upward, cell),
                    roles=(("hero", "at"), ("adjacent_any", "adj")), keyed_by_step=("Bump",))
    coordinates = Coordinates(9, 0, first_is_column, rows_upward)
    d_row, d_column = direction.delta
    width = 1 if cell else 2
    ends = {"Bump": (("p", "q")[:width] if width == 1 else ("x", "y"),
                     ("q",) if width == 1 else ("x2", "y2"))}

    def bump(r: int, c: int) -> GroundAction:
        here = words.place_args(*map(str, coordinates.xy((row, column))))
        there = words.place_args(*map(str, coordinates.xy((r, c))))
        names = (*ends["Bump"][0], *ends["Bump"][1])
        return GroundAction("Bump", tuple(zip(names, (*here, *there), strict=True)),
                            frozenset(), frozenset({("steps", "3")}), 1)

    assert ground_key_press(words, {}, bump(row + d_row, column + d_column), ends) == direction
    assert ground_key_press(words, {}, bump(row + 2 * d_row, column + 2 * d_column),
                            ends) is None


@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), place=st.sampled_from(["pair", "cell"]))
def test_one_move_for_four_directions_is_read_and_keyed_by_its_step_under_any_names(
        seed: int, place: str) -> None:
    """Under random names, with four direction relations no name reads beside it: the
    relation of no direction is told from them (a push steps twice along one of those), its
    moves, the key taken, the lock opened and bumped are keyed by their steps, and the file
    of its vocabulary says so and reads back."""
    encoding = replace(UNDIRECTED, place=place)  # type: ignore[arg-type]
    names = random_names(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = write_model(Path(folder), encoding, render(encoding, names))
        model = set_up_model(str(path)).model
    assert not isinstance(model, UnbuildableModel), model.defect
    words = model.words
    assert words is not None
    roles = dict(words.roles)
    assert roles["adjacent_any"] == names("adj")
    assert {roles[f"adjacent_{d}"] for d in ("up", "down", "left", "right")} == {
        names(d) for d in ("up", "down", "left", "right")}
    steps = {names(schema.name) for schema in schemas(encoding)
             if schema.name.startswith(("Move", "TakeKey", "Unlock", "Bump"))}
    assert {action.split("_or")[0] for action in words.keyed_by_step} == steps
    text = vocabulary_toml(words)
    assert f'"{words.keyed_by_step[0]}" = "step"' in text
    assert parse_vocabulary(text, words.source) == words


def test_a_schema_pressed_as_it_binds_that_binds_no_direction_is_left_out(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    """A move keyed by the direction it binds whose adjacency precondition a slip negated
    (found by the blame property's longer run) is left out with that reason, as the repair's
    variants are read in the model's vocabulary: before, it was built with no key press, and
    the blame named a sibling schema instead of it."""
    model = agreeing_model("textbook-direction-parameter")
    words = model.words
    assert words is not None and words.keyed_by_direction
    schemas = model.report.schemas
    target = next(s for s in schemas if s.name in words.keyed_by_direction)
    negated = replace(target, preconditions=tuple(
        replace(lit, positive=False) if lit.predicate == words.predicate("adjacent") else lit
        for lit in target.preconditions))
    variant = rebuilt(model.report, tuple(negated if s is target else s for s in schemas),
                      "variant", words)
    assert not isinstance(variant, UnbuildableModel), variant.defect
    reasons = {part.schema: part.reason for part in variant.left_out}
    assert reasons[target.name].endswith("but no positive adjacent precondition binds one")


def test_a_push_written_along_the_relation_of_no_direction_allows_several_outcomes() -> None:
    """A student's fault: the boulder's pushes written along `adj(P, Q), adj(Q, R)`, where
    nothing keeps R in line (R may even be P). Keyed toward Q, the push is judged at the
    first kick of a boulder as a non-determinism: one binding does what the game does, another
    kicks the boulder elsewhere."""
    text = render(UNDIRECTED)
    written = "\n\n".join(re.sub(r"\b(up|down|left|right)\(", "adj(", block)
                          if block.lstrip().startswith("PushBox") else block
                          for block in text.split("\n\n"))
    with tempfile.TemporaryDirectory() as folder:
        model = set_up_model(str(write_model(Path(folder), UNDIRECTED, written))).model
    assert not isinstance(model, UnbuildableModel) and model.words is not None
    assert any(name.startswith("PushBox") for name in model.words.keyed_by_step)
    failure = verify(model, probe_cases(symmetric=False))
    assert failure is not None and "R-A3" in failure.rules, failure
    assert "allows several outcomes" in failure.what and "PushBox" in failure.what
