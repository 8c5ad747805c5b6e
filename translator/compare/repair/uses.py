"""Where each schema is used along the game's plans: the ground states a precondition must hold in.

The game's optimal plan of each case is replayed in the model as written, each key press by
an action that does what the game does, as far as the model follows. An added precondition is
a candidate only when it holds at every such use of its schema: one that fails somewhere
would block a move the game makes (the research tools keep their candidates alike).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from strips_model.errors import HelltakerError
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from strips_model.simulator import Move, step
from translator.compare.models.compared import ComparedModel, LevelModel
from translator.compare.models.observation import observe_game
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.evidence import Case
from translator.ground.exact_semantics import GroundAction
from translator.model.level_facts import Atom

_MOST_USES = 400
"""Uses kept per schema: enough to rule out a literal that fails anywhere on the evidence."""


@dataclass(frozen=True, slots=True)
class Use:
    binding: dict[str, str]
    facts: frozenset[Atom]
    """The state before the action, with the level's static facts."""


@dataclass(slots=True)
class SchemaUses:
    uses: dict[str, list[Use]] = field(default_factory=dict)

    def always_holds(self, edit: Edit) -> bool:
        """An added or changed precondition that holds wherever its schema was used (a
        literal over a variable the ground action does not bind is kept: undecided here)."""
        if edit.kind in (Kind.REMOVE, Kind.MIRROR) or edit.clause is not Clause.PRECONDITION:
            return True
        assert edit.after is not None
        return all(_holds(edit.after, use) for use in self.uses.get(edit.schema, ()))


def _holds(literal: Literal, use: Use) -> bool:
    values: list[str] = []
    for term in literal.args:
        if term.is_variable and term.offset == 0:
            if term.name not in use.binding:
                return True
            values.append(use.binding[term.name])
        elif term.is_variable:
            return True
        else:
            values.append(term.name)
    return ((literal.predicate, *values) in use.facts) == literal.positive


def followed(on: LevelModel, level: Level, plan: Sequence[Direction]) -> list[GroundAction]:
    """The model's actions that do what the game does along `plan`, as far as it follows."""
    state, atoms = level.start, on.initial()
    actions: list[GroundAction] = []
    for direction in plan:
        outcome = step(level, state, direction)
        if not isinstance(outcome, Move):
            break
        seen = observe_game(level, outcome.state)
        action = next((a for a in sorted(on.applicable(atoms),
                                         key=lambda a: (a.schema, a.binding))
                       if on.direction(a) == direction and a.cost == outcome.cost
                       and on.observe(a.apply(atoms)) == seen), None)
        if action is None:
            break
        actions.append(action)
        state, atoms = outcome.state, action.apply(atoms)
    return actions


def plan_uses(model: ComparedModel, cases: Sequence[Case],
              schemas: Sequence[Schema]) -> SchemaUses:
    """The uses of each schema (by the file's names) along the game's plans of `cases`."""
    names = sorted((s.name for s in schemas), key=len, reverse=True)
    found = SchemaUses()
    for case in cases:
        if case.plan is None:
            continue
        try:
            on = model.on(case.level)
        except HelltakerError:
            continue
        atoms, static = on.initial(), on.static()
        for action in followed(on, case.level, case.plan):
            name = next((n for n in names if action.schema.startswith(n)), action.schema)
            kept = found.uses.setdefault(name, [])
            if len(kept) < _MOST_USES:
                kept.append(Use(dict(action.binding), atoms | static))
            atoms = action.apply(atoms)
    return found
