"""The single edits a failure calls for, most plausible first, and the schemas they edit.

A failure lists the schemas it names (verify.py); the search's set-up adds what it can learn
from the game's plan at that key press (`Leads`): the actions that applied against the game
(uses.py `wrong_uses`), the earlier writer of a fluent a move was blocked on (writers.py), the
schemas one precondition away from the game's move (near.py), and the schemas the model runs
without (models/left_out.py), which cannot be right as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import takewhile

from strips_model.errors import HelltakerError
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.models.counter_steps import SURPLUS
from translator.compare.models.left_out import LeftOut
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Kind,
    Signature,
    added_literals,
    literal_key,
    local_edits,
)
from translator.compare.repair.hints import failure_hints
from translator.compare.repair.mirror import mirror_candidates
from translator.compare.repair.near import Near, near_misses
from translator.compare.repair.suspects import suspects_of
from translator.compare.repair.uses import SchemaUses, plan_of, undecided, wrong_uses
from translator.compare.repair.verify import Failure
from translator.compare.repair.writers import Blame, blame
from translator.compare.runs.evidence import Case

_RANK = {Kind.NEGATE: 0, Kind.ARGUMENT: 1, Kind.PREDICATE: 2, Kind.REMOVE: 3, Kind.ADD: 4}


@dataclass(frozen=True, slots=True)
class Leads:
    """What the set-up learns of a model's first failure, beyond the names it lists."""

    wrong: SchemaUses = field(default_factory=SchemaUses)
    blamed: Blame = field(default_factory=Blame)
    near: Near = field(default_factory=Near)
    left_out: tuple[LeftOut, ...] = ()
    """The schemas the model runs without, and why."""
    undecided: tuple[str, ...] = ()
    """The schemas that allowed another outcome at an earlier key press (uses.py)."""
    several: bool = False
    """The leads of several failures searched as one (`together_leads`)."""

    def suspects(self, failures: Sequence[Failure], schemas: Sequence[Schema]) -> list[str]:
        """The schemas to edit, most likely first: those left out, those that allowed
        another outcome earlier, the near misses, then the names the failures list
        (suspects.py)."""
        known = {schema.name for schema in schemas}
        return [name for name in dict.fromkeys(
            (*(part.schema for part in self.left_out), *self.undecided, *self.near.schemas,
             *suspects_of(failures, schemas))) if name in known]

    def mends(self, edit: Edit) -> tuple[int, int, int]:
        """Where an edit ranks as the mend of a schema left out: (0, -n, ...) when it edits a
        literal of a predicate the reason names (`no succ chain`), n of its arguments named
        there too (`between c and c2`); where the schema lacks what its reason names (`one
        steps(C) to add`), the edits that supply a literal of it (an addition, a negation or
        another predicate made into it) before the others, and those that take one away (the
        counter it requires negated, which would switch the move off) last, the other way
        round where it holds one too many (`SURPLUS`); (1, 0, 0) for
        another edit of that schema; (2, 0, 0) else."""
        part = next((part for part in self.left_out if part.schema == edit.schema), None)
        if part is None:
            return 2, 0, 0
        reason = part.reason
        touched = [lit for lit in (edit.before, edit.after) if lit is not None]
        if not any(_says(lit.predicate, reason) for lit in touched):
            return 1, 0, 0

        def holds_named(literal: Literal | None) -> bool:
            return literal is not None and literal.positive and _says(literal.predicate, reason)

        supplies, takes = holds_named(edit.after), holds_named(edit.before)
        if SURPLUS in reason:
            # A value too many: taking one away from the clause that holds them comes first,
            # and from the other clause last (the counter it requires, negated, switches the
            # move off).
            there = Clause.EFFECT if f"adds {SURPLUS}" in reason else Clause.PRECONDITION
            supplies, takes = takes and edit.clause is there, supplies or \
                takes and edit.clause is not there
        order = 1 if part.written_wrong or supplies == takes else 0 if supplies else 2
        return 0, -sum(1 for lit in touched for term in lit.args if _says(term.name, reason)), \
            order


def _first_keys(edit: Edit, schema: Schema, counter: str | None, leads: Leads
                ) -> tuple[object, ...]:
    """What ranks an edit of `schema` before the rest: a dropped counter delete given back
    first; then the mends of a schema left out (`Leads.mends`)."""
    return (not _gives_back_a_counter_delete(edit, schema, counter), *leads.mends(edit))


def _gives_back_a_counter_delete(edit: Edit, schema: Schema, counter: str | None) -> bool:
    """Whether `edit` deletes the counter value its schema requires where the schema adds
    another and keeps that one: a counter holds one value, and a schema that keeps two is
    built all the same (its steps read from the value required to the one added), so no
    reason names it; the dropped delete is the likeliest slip there."""
    after = edit.after
    if counter is None or edit.kind is not Kind.ADD or edit.clause is not Clause.EFFECT \
            or after is None or after.positive or after.predicate != counter:
        return False
    required = {lit.args for lit in schema.preconditions
                if lit.positive and lit.predicate == counter}
    changed = {(lit.positive, lit.args) for lit in schema.effects if lit.predicate == counter}
    # One that adds the required value back holds one too many: its reason says so (SURPLUS).
    return after.args in required and not {(False, after.args), (True, after.args)} & changed \
        and any(positive and args not in required for positive, args in changed)


def _says(word: str, reason: str) -> bool:
    """Whether `reason` names `word` as a word of its own (or as the `not_` form of it that
    a compiled negation is written with)."""
    return re.search(rf"(?<![A-Za-z0-9']){re.escape(word)}(?![\w'])", reason) is not None


def leads_of(model: ModelOrDefect, case: Case | None, failure: Failure,
             schemas: Sequence[Schema], uses: SchemaUses) -> Leads:
    """The leads of `failure`, the first of `model` (built from `schemas`) on `case`."""
    if isinstance(model, UnbuildableModel):
        return Leads()
    if case is None:
        return Leads(left_out=model.left_out)
    plan = plan_of(case, failure.what)
    try:
        earlier = undecided(model.on(case.level), case.level, plan, failure.letter or 0,
                            schemas) if plan is not None else []
    except HelltakerError:
        earlier = []
    near = near_misses(model, case, failure, schemas, uses)
    return Leads(wrong_uses(model, case, failure.what, failure.letter, schemas),
                 blame(model, case, failure, schemas, uses, near), near, model.left_out,
                 tuple(earlier))


def together_leads(model: ModelOrDefect, failed: Sequence[tuple[Case | None, Failure]],
                   schemas: Sequence[Schema], uses: SchemaUses) -> Leads:
    """The leads of several failures searched as one (partial.py: targets that point at one
    schema in different ways): the first's, with the actions each applied against the game
    (`wrong`), which one edited precondition must then block all at once. Only literals
    written are changed (`single_edits`): an added literal names what one failure shows (a
    boulder, the key), rarely what all of them do."""
    each = [leads_of(model, case, failure, schemas, uses) for case, failure in failed]
    wrong = SchemaUses()
    for leads in each:
        for name, found in leads.wrong.uses.items():
            wrong.uses.setdefault(name, []).extend(found)
    return replace(each[0], wrong=wrong, several=True)


def single_edits(schemas: Sequence[Schema], signature: Signature, uses: SchemaUses,
                 failure: Failure | None = None, vocabulary: Vocabulary | None = None,
                 leads: Leads | None = None, every: tuple[Schema, ...] = (),
                 in_time: Callable[[], bool] | None = None) -> list[Edit]:
    """The candidate edits of one schema, most plausible first: those of the literal the
    failure names, then the clause its kind of failure calls for (effects for a wrong
    successor, preconditions otherwise), negations before removals before additions. An
    edited precondition must hold wherever the game's plans use the schema, and fail where
    its schema applied against the game (`wrong`). A schema whose sibling directions, turned,
    agree on another body comes first of all (mirror.py, among `every` schema); the turned
    bodies of the suspects' siblings first of the edits the blocking ranks alike. Before
    all, the edits of a schema left out on what its reason names (`Leads.mends`); then the
    literal a near miss fails on alone where it is not read right elsewhere (near.py); then,
    when a move is blocked on a fluent an earlier action wrote (`leads.blamed`, writers.py),
    that writer's effects on it; next, the other near literals (`_first_keys` before all).
    Past the repair's bound (`in_time`), no more edits are made: none would be tried."""
    leads = leads or Leads()
    blamed, near = leads.blamed, leads.near
    named, effects_first = failure_hints(failure, vocabulary)
    order = {schema.name: rank for rank, schema in enumerate(schemas)}
    stuck = {(name, literal_key(literal)) for name, literal in failure.blocked} \
        if failure is not None else set()

    wrong, by_name = leads.wrong, {schema.name: schema for schema in schemas}
    hero = (vocabulary.predicate("hero") if vocabulary is not None else None) or "hero"
    counter = vocabulary.predicate("counter") if vocabulary is not None else None

    def rank(edit: Edit) -> tuple[object, ...]:
        if edit.bodies is not None:  # a few at most, each a likely slip of a whole case
            return (True, 2, 0, 0, True, 1, 0, True) + (True,) * 6 + (True, True, 0, False, -1)
        literal = edit.before or edit.after
        assert literal is not None
        return (*_first_keys(edit, by_name[edit.schema], counter, leads),
                near.rank(edit) != 0, *blamed.rank(edit),
                near.rank(edit) == 2,
                *wrong.blocking_rank(edit, by_name[edit.schema], named, hero),
                edit.before is None or (edit.schema, literal_key(edit.before)) not in stuck,
                (literal.predicate, literal.positive) not in named, _RANK[edit.kind] // 4,
                (edit.clause is Clause.EFFECT) != effects_first,
                _RANK[edit.kind] * 100 + order[edit.schema])

    def made(edits: Iterable[Edit], bound: Callable[[], bool] | None = in_time
             ) -> Iterable[Edit]:
        return edits if bound is None else takewhile(lambda _: bound(), edits)

    # The near literal's own uses were picked by it (a free variable bound the way it
    # allows), so they do not rule out its edits.
    edits = [e for e in made(e for schema in schemas for e in local_edits(schema, signature))
             if (uses.always_holds(e) or near.edits_the_literal(e)) and wrong.blocks(e)]
    # Several failures searched as one: a literal added names what one of them shows.
    edits += [] if leads.several else [
        e for e in made(e for schema in schemas for clause in Clause
                        for e in added_literals(schema, signature, clause))
        if uses.always_holds(e) and wrong.blocks(e)]
    odd, turned = mirror_candidates(schemas, every, vocabulary) \
        if in_time is None or in_time() else ([], [])
    return odd + sorted(edits + turned, key=rank)
