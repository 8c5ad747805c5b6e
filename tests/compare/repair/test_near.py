"""Near misses: the schema one precondition away from the game's move is suspected first, its
literal edited first, whatever the schemas are called; and a move another action makes as
well is no constraint on an edited precondition (uses.py)."""

from __future__ import annotations

import random
import string
from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.schema import Schema
from translator.compare.check import our_model
from translator.compare.repair.candidates import leads_of
from translator.compare.repair.edits import (
    Edit,
    Signature,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.near import near_misses
from translator.compare.repair.search import SUSPECTS, suggest
from translator.compare.repair.search_terms import Subject
from translator.compare.repair.uses import plan_uses
from translator.compare.repair.verify import Failure, verify
from translator.compare.runs.evidence import probe_cases


@cache
def _subject() -> Subject:
    return Subject(our_model()[0], "ours", None, probe_cases(symmetric=False))


def _fault(schema: str, text: str) -> Edit:
    schemas = _subject().report.schemas
    chosen = next(s for s in schemas if s.name == schema)
    return next(e for e in local_edits(chosen, Signature.of(schemas)) if e.text() == text)


# The lock's cell adjacent to itself: a precondition that never holds, so open_lock fails on
# its second literal, behind every schema that gets further by the order of their literals.
NEVER = ("open_lock", "adjacent(H, L, Dir) -> adjacent(L, L, Dir)")
# A bump that needs the lock open: it can stand in for a stuck kick, which leaves
# everything in place as a bump does.
STANDS_IN = ("bump_lock_calm", "locked(L) -> -locked(L)")


def _first_failure(schemas: tuple[Schema, ...]) -> tuple[object, Failure]:
    model = _subject().model(schemas)
    assert not isinstance(model, str)
    failure = verify(model, _subject().cases)
    assert failure is not None, "the mutant departs from the game"
    return model, failure


def _inverse(mutant: tuple[Schema, ...], schema: str) -> Edit:
    wanted = tuple(map(schema_key, _subject().report.schemas))
    chosen = next(s for s in mutant if s.name == schema)
    return next(e for e in local_edits(chosen, Signature.of(mutant))
                if tuple(map(schema_key, apply_edits(mutant, (e,)))) == wanted)


def test_a_precondition_that_never_holds_makes_its_schema_a_near_miss() -> None:
    mutant = apply_edits(_subject().report.schemas, (_fault(*NEVER),))
    model, failure = _first_failure(mutant)
    # The failure names it first too: the game's step blames it (runs/blame.py), where the
    # schemas that came closer by the order of their literals used to go first.
    assert failure.suspects[:1] == (NEVER[0],)
    case = next(c for c in _subject().cases if c.name == failure.case)
    uses = plan_uses(model, _subject().cases, mutant)  # type: ignore[arg-type]
    near = near_misses(model, case, failure, mutant, uses)  # type: ignore[arg-type]
    assert NEVER[0] in near.schemas
    # Never used along the game's plans: its literal is not read right anywhere.
    assert near.rank(_inverse(mutant, NEVER[0])) == 0
    leads = leads_of(model, case, failure, mutant, uses)  # type: ignore[arg-type]
    assert NEVER[0] in leads.suspects((failure,), mutant)[:SUSPECTS]


def test_the_search_mends_the_near_miss_with_the_inverse_edit() -> None:
    mutant = apply_edits(_subject().report.schemas, (_fault(*NEVER),))
    found = suggest(_subject(), mutant, 60.0, two_edits=False, explain=False)
    assert found.repairs and found.repairs[0].edits == (_inverse(mutant, NEVER[0]),)
    assert found.suspects[:1] != () and NEVER[0] in found.suspects[:SUSPECTS]


@settings(max_examples=5, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_near_misses_are_read_off_what_the_schemas_do_never_their_names(seed: int) -> None:
    rng = random.Random(seed)
    mutant = apply_edits(_subject().report.schemas, (_fault(*NEVER),))
    names: dict[str, str] = {}
    for schema in mutant:
        while (word := "".join(rng.choice(string.ascii_lowercase) for _ in range(8))) \
                in names.values():
            pass
        names[schema.name] = word
    renamed = tuple(replace(s, name=names[s.name]) for s in mutant)
    model, failure = _first_failure(mutant)
    other, other_failure = _first_failure(renamed)
    case = next(c for c in _subject().cases if c.name == failure.case)
    assert other_failure.case == failure.case and other_failure.letter == failure.letter
    near = near_misses(model, case, failure, mutant)  # type: ignore[arg-type]
    again = near_misses(other, case, other_failure, renamed)  # type: ignore[arg-type]
    assert again.schemas == tuple(names[n] for n in near.schemas)
    assert {(names[n], where) for n, where in near.literals} == set(again.literals)


def test_a_move_another_action_makes_as_well_constrains_no_precondition() -> None:
    mutant = apply_edits(_subject().report.schemas, (_fault(*STANDS_IN),))
    model, _ = _first_failure(mutant)
    uses = plan_uses(model, _subject().cases, mutant)  # type: ignore[arg-type]
    inverse = _inverse(mutant, STANDS_IN[0])
    assert uses.always_holds(inverse), "the bump's stand-in uses rule its fix out"
    # Where the bump alone does as the game, its uses count: on the model as written, the
    # fault itself (the lock required open) fails at them.
    original = _subject().model(_subject().report.schemas)
    assert not isinstance(original, str)
    written = plan_uses(original, _subject().cases, _subject().report.schemas)
    assert written.uses.get(STANDS_IN[0]) and not written.always_holds(_fault(*STANDS_IN))
