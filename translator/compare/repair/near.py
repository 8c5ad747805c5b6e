"""The schemas one precondition away from the game's move: who should have made it.

Where the model does not make a move the game makes (no action applies, or another does), the
names a failure lists are the schemas that came closest by the order of their literals, which
need not be the one at fault: a schema whose literal never holds (`adjacent(L, L, Dir)`) fails
first of all and ranks last. Here each schema of the key press is matched with one of its
preconditions left out; a binding that then satisfies the rest and whose effects give what
the player sees after the game's move, at the game's cost, makes the schema a near miss, and
the literal left out the one to edit. Nothing here reads a name: only what the schemas do.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from strips_model.errors import HelltakerError
from strips_model.schema import Literal, Schema
from strips_model.simulator import Move, step
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.models.observation import observe_game
from translator.compare.repair.edits import Edit
from translator.compare.repair.uses import (
    SchemaUses,
    WrittenNames,
    literal_value,
    plan_of,
    reached,
)
from translator.compare.repair.verify import Failure
from translator.compare.runs.evidence import Case
from translator.ground.exact_semantics import unify
from translator.model.level_facts import Atom

Place = tuple[str, int | None, int | None, tuple[object, ...]]
"""A literal where the file writes it (with its text, for a literal of no known place)."""


def place(literal: Literal) -> Place:
    where = literal.position
    return (where.source if where else "", where.line if where else None,
            where.column if where else None,
            () if where and where.line is not None else
            (literal.predicate, literal.args, literal.positive))


@dataclass(frozen=True, slots=True)
class Near:
    """The near misses of one failure: their schemas (by the file's names, the model's
    order) and the literal each one fails on alone."""

    schemas: tuple[str, ...] = ()
    literals: frozenset[tuple[str, Place]] = frozenset()
    unproven: frozenset[tuple[str, Place]] = frozenset()
    """Of `literals`, those not read right elsewhere: their schema was never used along the
    game's plans, or the literal fails at one of its uses. One that held at every use reads
    the game's states right, and the state is the likelier culprit (writers.py)."""
    proven: tuple[tuple[str, Literal], ...] = ()
    """The others, each with its schema's name: the literals writers.py blames a writer of."""

    def edits_the_literal(self, edit: Edit) -> bool:
        """Whether `edit` changes or removes the literal a near miss fails on alone."""
        return self.rank(edit) < 2

    def rank(self, edit: Edit) -> int:
        """0 for an edit of an unproven near literal, 1 of another near literal, 2 else."""
        if edit.before is None:
            return 2
        key = (edit.schema, place(edit.before))
        return 0 if key in self.unproven else 1 if key in self.literals else 2


def near_misses(model: ModelOrDefect, case: Case | None, failure: Failure,
                schemas: Sequence[Schema], uses: SchemaUses | None = None) -> Near:
    """The near misses of the model at the key press where `failure` departs from the game's
    plan (or the plan judged); none when it departs elsewhere."""
    plan = plan_of(case, failure.what)
    if isinstance(model, UnbuildableModel) or case is None or plan is None \
            or failure.letter is None:
        return Near()
    try:
        on = model.on(case.level)
    except HelltakerError:
        return Near()
    at = reached(on, case.level, plan, failure.letter)
    if at is None:
        return Near()
    state, atoms = at
    direction = plan[failure.letter - 1]
    outcome = step(case.level, state, direction)
    if not isinstance(outcome, Move):
        return Near()
    seen = observe_game(case.level, outcome.state)
    facts = atoms | on.static()
    by_predicate: dict[str, list[Atom]] = {}
    for atom in sorted(facts):
        by_predicate.setdefault(atom[0], []).append(atom)
    written = WrittenNames(schemas)
    names: list[str] = []
    literals: set[tuple[str, Place]] = set()
    unproven: set[tuple[str, Place]] = set()
    proven: dict[tuple[str, Place], Literal] = {}
    used = uses.uses if uses is not None else {}
    for schema, fixed in on.schemas_for(direction):
        if schema.cost != outcome.cost:
            continue
        for missing in _one_away(schema, fixed, facts, by_predicate):
            after = _applied(schema, missing[1], atoms)
            if after is not None and on.observe(after) == seen:
                name = written(schema.name)
                names.append(name)
                literals.add((name, place(missing[0])))
                at_uses = used.get(name, [])
                if not at_uses or any(literal_value(missing[0], use) is not True
                                      for use in at_uses):
                    unproven.add((name, place(missing[0])))
                else:
                    proven[name, place(missing[0])] = missing[0]
    return Near(tuple(dict.fromkeys(names)), frozenset(literals), frozenset(unproven),
                tuple((name, literal) for (name, _), literal in proven.items()))


def _one_away(schema: Schema, fixed: dict[str, str], facts: frozenset[Atom],
              by_predicate: dict[str, list[Atom]]
              ) -> Iterator[tuple[Literal, dict[str, str]]]:
    """Each (literal, binding) where the binding satisfies every precondition but that one,
    which it fails (a depth-first join that may pass over one positive literal)."""
    positive = [lit for lit in schema.preconditions if lit.positive]
    negative = [lit for lit in schema.preconditions if not lit.positive]
    found: set[tuple[int, tuple[tuple[str, str], ...]]] = set()

    def holds(literal: Literal, binding: dict[str, str]) -> bool | None:
        atom = _atom(literal, binding)
        return None if atom is None else (atom in facts) == literal.positive

    def extend(index: int, binding: dict[str, str], skipped: Literal | None
               ) -> Iterator[tuple[Literal, dict[str, str]]]:
        if index == len(positive):
            failing = [lit for lit in negative if holds(lit, binding) is not True]
            if skipped is not None and not failing and holds(skipped, binding) is False:
                yield skipped, binding
            elif skipped is None and len(failing) == 1 and holds(failing[0], binding) is False:
                yield failing[0], binding
            return
        literal = positive[index]
        for atom in by_predicate.get(literal.predicate, ()):
            extended = unify(literal, atom, binding)
            if extended is not None:
                yield from extend(index + 1, extended, skipped)
        if skipped is None:
            yield from extend(index + 1, binding, literal)

    for literal, binding in extend(0, dict(fixed), None):
        key = (schema.preconditions.index(literal), tuple(sorted(binding.items())))
        if key not in found and all(p.name in binding for p in schema.parameters):
            found.add(key)
            yield literal, binding


def _atom(literal: Literal, binding: dict[str, str]) -> Atom | None:
    """The literal's atom under `binding`; None when a variable of it is not bound."""
    if any(t.is_variable and t.name not in binding for t in literal.args):
        return None
    return (literal.predicate, *(binding[t.name] if t.is_variable else t.name
                                 for t in literal.args))


def _applied(schema: Schema, binding: dict[str, str], atoms: frozenset[Atom]
             ) -> frozenset[Atom] | None:
    """The state after the schema's effects under `binding` (deletes, then adds)."""
    ground = [(lit.positive, _atom(lit, binding)) for lit in schema.effects]
    if any(atom is None for _, atom in ground):
        return None
    adds = {atom for positive, atom in ground if positive and atom is not None}
    deletes = {atom for positive, atom in ground if not positive and atom is not None}
    return (atoms - deletes) | adds
