"""Blame the schema that fails (issue 40 item 7): when a model has no action for a move the
game makes, the divergence names the schema that, but for the literals it fails on, would do
what the game does (translator/compare/runs/blame.py), not the one that came closest.

The property is tried on single-fault variants of the correct encodings (model_encodings.py):
a precondition added to, or negated in, the one schema that makes a move of the game's plan
on a probe, false where that schema made it. The variant is then blocked there, and both the
divergence's sentence and the repair's failure must name that schema first.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache, partial

from compare.agreeing import FAST
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from strips_model.schema import Schema
from strips_model.simulator import Move, step
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.observation import observe_game
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Kind,
    Signature,
    added_literals,
    apply_edits,
    literal_key,
    local_edits,
)
from translator.compare.repair.uses import Use, WrittenNames, literal_value, reached
from translator.compare.repair.verify import _CLOSEST, check_case, rebuilt
from translator.compare.runs.blame import Blamed, GameStep, blamed
from translator.compare.runs.divergence import (
    Divergence,
    by_direction,
    game_step,
    replay_directions,
)
from translator.compare.runs.evidence import Case, probe_cases
from translator.compare.runs.why_blocked import why_blocked
from translator.model.level_facts import Atom

EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)
ADDED = 600
QUICK = ("plain-direction-parameter", "textbook-cells-direction-parameter")
"""The encodings read fastest (a second each): the fast loop's; a fuzz run tries every one."""


@cache
def _cases() -> tuple[Case, ...]:
    return tuple(c for c in probe_cases(symmetric=False) if c.plan and c.judged is None)


def _sole_uses(on: LevelModel, case: Case) -> list[tuple[str, dict[str, str],
                                                         frozenset[Atom]]]:
    """Along the game's plan, each (schema, binding, facts before) of a key press that one
    action alone does as the game does (another doing it too would stand in for a fault)."""
    assert case.plan is not None
    found = []
    state, atoms = case.level.start, on.initial()
    for direction in case.plan:
        outcome = step(case.level, state, direction)
        assert isinstance(outcome, Move)
        seen = observe_game(case.level, outcome.state)
        doing = [a for a in by_direction(on, atoms).get(direction, [])
                 if a.cost == outcome.cost and on.observe(a.apply(atoms)) == seen]
        assert doing, "a correct encoding follows the game's plan"
        if len(doing) == 1:
            found.append((doing[0].schema, dict(doing[0].binding), atoms | on.static()))
        state, atoms = outcome.state, doing[0].apply(atoms)
    return found


def _fault(schema: Schema, signature: Signature, use: Use, rng: random.Random) -> Edit | None:
    """A precondition of `schema` negated, or one added, that is false at `use` (of the first
    `ADDED` additions the edit space gives: a schema of many variables has thousands)."""
    edits = [e for e in local_edits(schema, signature)
             if e.kind is Kind.NEGATE and e.clause is Clause.PRECONDITION]
    edits += [e for e in itertools.islice(added_literals(schema, signature,
                                                         Clause.PRECONDITION), ADDED)
              if e.after is not None and literal_value(e.after, use) is False]
    return rng.choice(edits) if edits else None


def _variant(model: ComparedModel, seed: int
             ) -> tuple[ComparedModel, Case, Edit] | None:
    """A single fault of `model` that blocks a move of the game's plan on a probe, drawn by
    `seed`: the case, and the edit. None when the reader leaves the edited schema out (a
    variable added that is no parameter): the model then runs without it, and the
    divergence names it as left out (why_blocked.py); None too when the plan's first
    divergence is no blocked move."""
    rng = random.Random(seed)
    case = rng.choice(_cases())
    schemas = model.report.schemas
    uses = _sole_uses(model.on(case.level), case)
    written = WrittenNames(schemas)
    name, binding, facts = rng.choice(uses)
    schema = next(s for s in schemas if s.name == written(name))
    edit = _fault(schema, Signature.of(schemas), Use(binding, facts), rng)
    if edit is None:
        return None
    variant = rebuilt(model.report, apply_edits(schemas, (edit,)), "variant", model.words)
    if isinstance(variant, UnbuildableModel) \
            or edit.schema in {part.schema for part in variant.left_out}:
        return None
    # A fault that another schema makes up for there (`free(q)` negated in the kill on
    # spikes: the crush then kills the same), or that lets the key press do otherwise, blocks
    # no move of the plan: the blame of a blocked move is not asked of it.
    assert case.plan is not None
    departs = replay_directions(variant.on(case.level), case.plan)[0]
    if departs is None or "has no action" not in departs.model:
        return None
    return variant, case, edit


def _blocked(on: LevelModel, case: Case) -> tuple[Divergence, frozenset[Atom], Move]:
    """The divergence of the game's plan, where the model has no action for the game's move:
    with the model's state there, and the game's move."""
    assert case.plan is not None
    divergence, _ = replay_directions(on, case.plan)
    assert divergence is not None and divergence.direction is not None, \
        "the fault blocks the move it was drawn on"
    assert "has no action" in divergence.model, divergence.model
    at = reached(on, case.level, case.plan, divergence.letter)
    assert at is not None
    outcome = step(case.level, at[0], divergence.direction)
    assert isinstance(outcome, Move)
    return divergence, at[1], outcome


@settings(max_examples=max(EXAMPLES, 4), derandomize=not EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(label=st.sampled_from(sorted(FAST) if EXAMPLES else QUICK),
       seed=st.integers(0, 10_000))
# The traps toggled by a forced action: a move is matched with the toggle after it.
@example(label="textbook-traps-toggled-by-an-action-of-no-key-press", seed=17)
def test_a_blocked_move_names_the_schema_whose_precondition_the_game_violates(
        agreeing_model: Callable[[str], ComparedModel], label: str, seed: int) -> None:
    drawn = _variant(agreeing_model(label), seed)
    assume(drawn is not None)
    assert drawn is not None
    variant, case, edit = drawn
    assert edit.after is not None
    on = variant.on(case.level)
    divergence, atoms, outcome = _blocked(on, case)
    assert divergence.direction is not None
    game = game_step(on, outcome)
    found = blamed(on, atoms, divergence.direction, game, every=True)
    written = WrittenNames(variant.schemas)
    # The edited schema would do what the game does, but for the literal the fault wrote...
    (edited,) = [b for b in found if written(b.schema) == edit.schema]
    assert [literal_key(lit) for lit in edited.failing] == [literal_key(edit.after)]
    # ... and is named first, unless another does so as well, failing as few literals and
    # writing as few effects in vain: one step of the game cannot tell those apart (a case
    # of a disjunction beside another, a move beside the unlock whose key the player holds).
    def rank(candidate: Blamed) -> tuple[int, int]:
        return len(candidate.failing), candidate.idle

    first = found[0]
    assert rank(first) == rank(edited)
    # The search that stops at a schema none after it can beat finds the same first.
    stopped = blamed(on, atoms, divergence.direction, game)
    assert stopped[0] == first
    if [rank(b) for b in found].count(rank(edited)) == 1:
        assert first is edited
    named = [m.group(1) for m in _CLOSEST.finditer(divergence.model)]
    assert named[:1] == [first.schema], (edit.text(), divergence.model)
    # The repair's failure suspects it first, its failing literals first among its edits.
    failure = check_case(variant, case)
    assert failure is not None and failure.suspects[:1] == (first.schema,), failure
    assert failure.blocked[:len(first.failing)] == tuple((first.schema, lit)
                                                        for lit in first.failing)
    if edited in stopped:
        assert (edited.schema, edited.failing[0]) in failure.blocked


def test_without_a_schema_that_does_what_the_game_does_the_closest_is_named(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    model = agreeing_model(QUICK[1])
    drawn = next(d for d in map(partial(_variant, model), range(50)) if d is not None)
    variant, case, _ = drawn
    on = variant.on(case.level)
    divergence, atoms, outcome = _blocked(on, case)
    assert divergence.direction is not None
    blames = why_blocked(on, atoms, divergence.direction, game_step(on, outcome))
    assert blames.endswith("(but for that, it does what the game does)")
    # A step the game never takes (at a cost no schema has) blames none: the closest is named.
    never = GameStep(observe_game(case.level, outcome.state), outcome.cost + 100)
    assert blamed(on, atoms, divergence.direction, never) == []
    closest = why_blocked(on, atoms, divergence.direction, never)
    assert closest == why_blocked(on, atoms, divergence.direction)
    assert " fails on " in closest and "what the game does" not in closest


def test_a_divergence_told_without_why_differs_only_in_its_sentence(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    # The reading's score (hypotheses.py) replays without the blame's search: where the model
    # departs and what both sides show there must be what the full telling says.
    model = agreeing_model(QUICK[1])
    variant, case, _ = next(d for d in map(partial(_variant, model), range(50)) if d is not None)
    on = variant.on(case.level)
    assert case.plan is not None
    full, several = replay_directions(on, case.plan)
    quick, several_quick = replay_directions(on, case.plan, why=False)
    assert full is not None and quick is not None and " fails on " in full.model
    assert quick.model.startswith("has no action") and " fails on " not in quick.model
    assert replace(quick, model=full.model) == full and several_quick == several
