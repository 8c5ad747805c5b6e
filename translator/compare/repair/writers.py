"""Blame the writer: a move blocked on a fluent an earlier action of the plan wrote wrong.

Where the model cannot make (or makes otherwise) a move of the game because a precondition
fails on a fluent, the precondition may be wrong, or the state: an earlier action of the plan
wrote that fluent wrong (a dropped or negated effect shows only where the fluent is next
read). When the precondition, as written, held at every other use of its schema along the
game's plans, it reads the game's states right there, and the state is the likelier culprit:
the effects of the earlier actions that write the fluent's predicate are then tried first,
the latest writer first (the closest to where the wrong value was read). Where the model made
another move (none blocked), the preconditions are those the near misses fail on alone
(near.py), each read right at every use of its schema. A writer whose write was dropped
writes the predicate no more: an earlier action whose schema is a writer's twin (it changes
what the writer changes but that predicate, and reads what it reads, one predicate swapped at
most: the key taken at one trap phase, the `haskey` its twin of the other phase adds dropped)
counts as a writer too, its added effect on the predicate first. Otherwise nothing changes:
the precondition's own edits keep their rank.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.errors import HelltakerError
from strips_model.schema import Literal, Schema
from strips_model.schema_memo import per_schema
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import Clause, Edit
from translator.compare.repair.near import Near
from translator.compare.repair.uses import (
    SchemaUses,
    WrittenNames,
    followed,
    literal_value,
    plan_of,
)
from translator.compare.repair.verify import Failure
from translator.compare.runs.evidence import Case

_FAILS_ON = re.compile(r"([A-Za-z_][\w']*) fails on -?([A-Za-z_][\w']*)\(")


@dataclass(frozen=True, slots=True)
class Blame:
    """The earlier writers to try first, and the predicates whose effects are theirs."""

    writers: tuple[str, ...] = ()
    """The schemas (by the file's names) of the earlier actions, latest first."""
    predicates: frozenset[str] = frozenset()

    def rank(self, edit: Edit) -> tuple[int, int]:
        """(0, how far back its writer acted) for an effect edit of a writer on a blamed
        predicate; (1, 0) for every other edit, which keeps its own order."""
        touched = {lit.predicate for lit in (edit.before, edit.after) if lit is not None}
        if edit.clause is not Clause.EFFECT or edit.schema not in self.writers \
                or not touched & self.predicates:
            return 1, 0
        return 0, self.writers.index(edit.schema)


def blame(model: ComparedModel, case: Case, failure: Failure, schemas: Sequence[Schema],
          uses: SchemaUses, near: Near | None = None) -> Blame:
    """Whom to blame first for `failure` of the model as written on `case`: the earlier
    writers of the fluents its closest schema failed on, when that schema's failing
    precondition held at each of its uses along the game's plans (and it had some). Where
    the model made another move than the game's (no schema blocked), the near misses'
    literals that held at each use of their schemas (near.py)."""
    plan = plan_of(case, failure.what)
    if plan is None or failure.letter is None:
        return Blame()
    fluents = {lit.predicate for schema in schemas for lit in schema.effects}
    written = WrittenNames(schemas)
    failing: list[tuple[str, Literal | None]]
    if failure.blocked:
        name, literal = failure.blocked[0]
        failing, predicates = [(written(name), literal)], {literal.predicate}
    elif named := list(_FAILS_ON.finditer(failure.what))[:1]:
        failing = [(written(m.group(1)), None) for m in named]
        predicates = {m.group(2) for m in named}
    else:
        proven = list(near.proven) if near is not None else []
        failing, predicates = list(proven), {literal.predicate for _, literal in proven}
    predicates &= fluents
    if not predicates or not all(_held_elsewhere(uses, name, literal)
                                 for name, literal in failing):
        return Blame()
    try:
        on = model.on(case.level)
    except HelltakerError:
        return Blame()
    writing = _writers(schemas, frozenset(predicates))
    writers: list[str] = []
    for action in reversed(followed(on, case.level, plan[:failure.letter - 1])):
        name = written(action.schema)
        if name in writing and name not in writers:
            writers.append(name)
    return Blame(tuple(writers), frozenset(predicates))


def _writers(schemas: Sequence[Schema], predicates: frozenset[str]) -> set[str]:
    """The schemas whose effects write one of `predicates`, and their twins that write none
    (the module doc: a write dropped)."""
    writes = [schema for schema in schemas if _changed(schema) & predicates]
    return {schema.name for schema in writes} | {
        schema.name for schema in schemas if not _changed(schema) & predicates
        and any(_twin_but(schema, writer, predicates) for writer in writes)}


# Asked of every schema against every writer, at each failure a search starts from.
@per_schema
def _changed(schema: Schema) -> frozenset[str]:
    return frozenset(lit.predicate for lit in schema.effects)


@per_schema
def _read(schema: Schema) -> frozenset[str]:
    return frozenset(lit.predicate for lit in schema.preconditions)


def _twin_but(schema: Schema, writer: Schema, predicates: frozenset[str]) -> bool:
    """Whether `schema` changes what `writer` changes but `predicates`, and reads what it
    reads, one predicate at most read in place of another (a trap raised at the other
    phase): the writer's twin, its write dropped. A move is no lock's opener with its
    deletion of the lock dropped: it reads other things (walls, boulders; not the key)."""
    return _changed(schema) == _changed(writer) - predicates and \
        len(_read(schema) ^ _read(writer)) <= 2


def _held_elsewhere(uses: SchemaUses, name: str, literal: Literal | None) -> bool:
    """Whether the schema was used along the game's plans, its failing literal (when known)
    holding at each use."""
    found = uses.uses.get(name, ())
    if literal is None:
        return bool(found)
    return bool(found) and all(literal_value(literal, use) is True for use in found)
