"""Added preconditions drawn at random (kept_agreement.py): on a correct encoding of
model_encodings.py, or on one with a single fault of the repair's edit space, a precondition
added to a schema the model applies; the check rejects it exactly where a plain oracle
(kept_oracle.py) finds an agreement lost, and, on a correct model, exactly where the fixed
model differs from the game on some reachable state (state_space.py)."""

from __future__ import annotations

import itertools
import os
import random
from collections import deque
from collections.abc import Callable

from compare.agreeing import FAST
from compare.repair.kept_oracle import first_loss, replays
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from strips_model.level_file import parse_level
from strips_model.schema import Schema
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
)
from translator.compare.repair.kept_agreement import Tally, kept_on_level
from translator.compare.repair.verify import rebuilt
from translator.compare.runs.state_space import compare_states

BOARDS = ("board\n10\n#######\n#HBM T#\n#K#S#U#\n#  L D#\n#######\n",
          "board\n12\n########\n#H B  K#\n#M#T#S #\n#U  L D#\n########\n")
"""Every part of the game on a few cells: 34 and 138 states reachable within the budget (the
fast loop draws on the first alone)."""
EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)
DRAWN = sorted(FAST) if EXAMPLES else ["plain-direction-parameter", "textbook-direction-parameter"]
"""The encodings drawn from: in the fast loop, one per notation of those quickest to read."""


def _applied(model: LevelModel, most: int = 100) -> list[str]:
    """The schemas the model applies in the states it reaches itself (at most `most`)."""
    seen = {model.initial()}
    queue, used = deque(seen), set()
    while queue and len(seen) < most:
        atoms = queue.popleft()
        for action in model.applicable(atoms):
            used.add(action.schema)
            if (after := action.apply(atoms)) not in seen:
                seen.add(after)
                queue.append(after)
    return sorted(used)


def _drawn(schemas: tuple[Schema, ...], rng: random.Random, clause: Clause | None,
           among: list[str] | None = None) -> Edit:
    """An edit of a schema drawn by `rng` (of those named `among`, when given): an added
    literal of `clause`, or any single edit of the repair's edit space (None)."""
    schema = rng.choice([s for s in schemas if among is None or s.name in among])
    signature = Signature.of(schemas)
    if clause is not None:
        return rng.choice(list(itertools.islice(added_literals(schema, signature, clause), 200)))
    return rng.choice([*local_edits(schema, signature), *itertools.islice(
        added_literals(schema, signature, rng.choice(list(Clause))), 200)])


# One rejected and one kept among the fast loop's few draws, whatever hypothesis draws.
@example(label="plain-direction-parameter", faulty=True, seed=3)
@example(label="textbook-direction-parameter", faulty=False, seed=0)
@settings(max_examples=max(EXAMPLES, 3), derandomize=not EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(label=st.sampled_from(DRAWN), faulty=st.booleans(), seed=st.integers(0, 10_000))
def test_an_added_precondition_is_rejected_exactly_where_it_loses_an_agreement(
        agreeing_model: Callable[[str], ComparedModel], label: str, faulty: bool,
        seed: int) -> None:
    """The written model a correct encoding, or one with a single fault of the edit space;
    the fix a precondition added to it. Rejected exactly when the oracle finds an agreement
    lost, at the same least cost, with key presses that replay; for a correct model, exactly
    when the fixed model differs from the game on some reachable state."""
    model = agreeing_model(label)
    rng = random.Random(seed)
    schemas = model.report.schemas
    written_schemas = apply_edits(schemas, [_drawn(schemas, rng, None)]) if faulty \
        else schemas
    written = rebuilt(model.report, written_schemas, "written", model.words)
    if isinstance(written, UnbuildableModel):
        return
    # A schema the model applies on the board, so that the precondition may matter there.
    applied = _applied(written.on(parse_level(BOARDS[0], "<board>")))
    if not applied:
        return
    added = _drawn(written_schemas, rng, Clause.PRECONDITION, applied)
    fixed = rebuilt(model.report, apply_edits(written_schemas, [added]), "fixed", model.words)
    if isinstance(fixed, UnbuildableModel):
        return
    for board in BOARDS if EXAMPLES else BOARDS[:1]:
        level = parse_level(board, "<board>")
        ours, theirs = written.on(level), fixed.on(level)
        _, lost = kept_on_level(ours, theirs, 100_000)
        assert (None if lost is None else lost.cost) == first_loss(ours, theirs), added.text()
        if lost is not None:
            assert replays(ours, theirs, lost), lost
        if not faulty:
            assert (lost is None) == (compare_states(theirs, 100_000).divergence is None)


@example(label="plain-direction-parameter", seed=3)
# A counter's delete dropped (`-steps(c)` of a kick): giving it back gains the key presses
# where the counter kept two values, which the comparison on every state calls divergences.
@example(label="plain-direction-parameter", seed=4096)
# Cells as terms: the second edit writes the hero at a direction (`at(down)`), seen nowhere.
@example(label="textbook-cells-lock-with-a-state", seed=344)
@settings(max_examples=max(EXAMPLES, 3), derandomize=not EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(label=st.sampled_from(DRAWN), seed=st.integers(0, 10_000))
def test_the_game_itself_gains_the_most_of_any_fix_that_keeps_every_agreement(
        agreeing_model: Callable[[str], ComparedModel], label: str, seed: int) -> None:
    """A correct encoding with a single fault drawn from the edit space is the model as
    written. Giving the fault back gains a key press (or a goal) exactly when the faulty model
    differs from the game on a reachable state; any other drawn edit that keeps every
    agreement gains no more; and a model gains nothing over itself (partial.py ranks a
    fault's fixes by what they gain)."""
    model = agreeing_model(label)
    rng = random.Random(seed)
    schemas = model.report.schemas
    level = parse_level(BOARDS[0], "<board>")
    # Of the schemas the board needs, so that the fault may show there.
    applied = _applied(model.on(level))
    faulty_schemas = apply_edits(schemas, [_drawn(schemas, rng, None, applied)])
    faulty = rebuilt(model.report, faulty_schemas, "written", model.words)
    if isinstance(faulty, UnbuildableModel):
        return
    written = faulty.on(level)
    same = Tally()
    assert kept_on_level(written, written, 100_000, tally=same)[1] is None
    assert same.gained == 0
    back = Tally()
    _, lost = kept_on_level(written, model.on(level), 100_000, tally=back)
    assert lost is None
    assert (back.gained > 0) == (compare_states(written, 100_000).divergence is not None)
    other = apply_edits(faulty_schemas, [_drawn(faulty_schemas, rng, None, applied)])
    fixed = rebuilt(model.report, other, "fixed", model.words)
    if isinstance(fixed, UnbuildableModel):
        return
    drawn = Tally()
    _, lost = kept_on_level(written, fixed.on(level), 100_000, tally=drawn)
    if lost is None:
        assert drawn.gained <= back.gained
