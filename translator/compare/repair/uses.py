"""Where each schema is used along the game's plans: the ground states a precondition must hold in.

The game's optimal plan of each case is replayed in the model as written, each key press by
an action that does what the game does, as far as the model follows. An added precondition is
a candidate only when it holds at every such use of its schema: one that fails somewhere
would block a move the game makes (the research tools keep their candidates alike). A use
counts only where its action alone does what the game does: where another would as well (a
wrong precondition lets a bump stand for a kick that leaves everything in place), failing
there leaves the move to the other, and ruling a candidate out there would rule out the fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from strips_model.errors import HelltakerError
from strips_model.level import Level, State
from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from strips_model.simulator import Move, step
from translator.compare.models.observation import observe_game
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.runs.evidence import Case
from translator.ground.ground_action import GroundAction
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
    unwalked: tuple[str, ...] = ()
    """The cases whose plans the repair's bound left unwalked (`plan_uses`): fewer uses, so
    fewer candidates ruled out here, none taken unverified."""

    def always_holds(self, edit: Edit) -> bool:
        """An added or changed precondition that holds wherever its schema was used (a
        literal over a variable the ground action does not bind is kept: undecided here)."""
        if edit.kind in (Kind.REMOVE, Kind.MIRROR) or edit.clause is not Clause.PRECONDITION:
            return True
        assert edit.after is not None
        return all(literal_value(edit.after, use) is not False
                   for use in self.uses.get(edit.schema, ()))

    def blocks(self, edit: Edit) -> bool:
        """Whether an edited precondition of a schema used here is false at every use (these
        being where it applied against the game): one that holds at any of them leaves the
        divergence as it is, and a removed one can only let the schema apply more."""
        if edit.clause is not Clause.PRECONDITION or edit.schema not in self.uses:
            return True
        if edit.kind is Kind.REMOVE:
            return False
        assert edit.after is not None
        return all(literal_value(edit.after, use) is False for use in self.uses[edit.schema])


    def blocking_rank(self, edit: Edit, schema: Schema, named: set[tuple[str, bool]],
                      hero: str) -> tuple[bool, ...]:
        """Where an edit of `schema` ranks as the cure of its action applied against the game
        (these uses), most plausible first: an edit of that schema's precondition, an added
        literal, or a written absence made a presence, before another change (the least
        changes that stop the action there: a slip that negated a precondition is undone so,
        and an addition that blocks the same uses must not push it out of the alternatives
        kept; a presence made an absence unbinds what it named, and ranks as a change), one
        that does not contradict a precondition written (which would kill the schema), on a
        predicate the failure names (`named`) other than the hero's (whose move is what the
        action does, not why it must not), over a place the schema already names, negative
        (a cell that must not hold something). Every other edit ranks after, all alike."""
        shown = edit.after or edit.before
        if edit.schema not in self.uses or edit.clause is not Clause.PRECONDITION \
                or shown is None:
            return (True,) * 6
        # A negated literal contradicts what it replaces, which is no longer written.
        written = {(lit.predicate, lit.args, lit.positive) for lit in schema.preconditions
                   if lit != edit.before}
        places = {lit.args for lit in (*schema.preconditions, *schema.effects)}
        restored = edit.kind is Kind.NEGATE and shown.positive
        return (False, edit.kind is not Kind.ADD and not restored,
                (shown.predicate, shown.args, not shown.positive) in written,
                (shown.predicate, shown.positive) not in named or shown.predicate == hero,
                shown.args not in places, shown.positive)


def literal_value(literal: Literal, use: Use) -> bool | None:
    """The literal's truth at the use; None when the action does not bind a variable of it."""
    values: list[str] = []
    for term in literal.args:
        if term.is_variable and term.offset == 0:
            if term.name not in use.binding:
                return None
            values.append(use.binding[term.name])
        elif term.is_variable:
            return None
        else:
            values.append(term.name)
    return ((literal.predicate, *values) in use.facts) == literal.positive


class WrittenNames:
    """The file's name of each schema the model builds: a split case (`name_or2`, one case of
    a written disjunction) is its written schema's, the longest written name it starts with."""

    def __init__(self, schemas: Sequence[Schema]) -> None:
        self._longest_first = sorted((s.name for s in schemas), key=len, reverse=True)
        self._known = {s.name: s.name for s in schemas}

    def __call__(self, name: str) -> str:
        found = self._known.get(name)
        if found is None:
            found = self._known[name] = next(
                (w for w in self._longest_first if name.startswith(w)), name)
        return found


def _doing(on: LevelModel, atoms: frozenset[Atom], direction: Direction, outcome: Move,
           level: Level) -> Iterator[GroundAction]:
    """The model's actions that do what the game does on this key press, in a fixed order."""
    seen = observe_game(level, outcome.state)
    return (a for a in sorted(on.applicable(atoms), key=lambda a: (a.schema, a.binding))
            if on.direction(a) == direction and a.cost == outcome.cost
            and on.observe(a.apply(atoms)) == seen)


def _followed(on: LevelModel, level: Level, plan: Sequence[Direction], every: bool
              ) -> Iterator[tuple[frozenset[Atom], list[GroundAction]]]:
    """Along `plan` as far as the model follows: the state before each key press and the
    action that does what the game does there (with `every`, each action that does; the
    first is taken)."""
    state, atoms = level.start, on.initial()
    for direction in plan:
        outcome = step(level, state, direction)
        if not isinstance(outcome, Move):
            return
        found = _doing(on, atoms, direction, outcome, level)
        doing = list(found) if every else [a for a in (next(found, None),) if a is not None]
        if not doing:
            return
        yield atoms, doing
        state, atoms = outcome.state, doing[0].apply(atoms)


def followed(on: LevelModel, level: Level, plan: Sequence[Direction]) -> list[GroundAction]:
    """The model's actions that do what the game does along `plan`, as far as it follows."""
    return [doing[0] for _, doing in _followed(on, level, plan, every=False)]


def reached(on: LevelModel, level: Level, plan: Sequence[Direction], letter: int
            ) -> tuple[State, frozenset[Atom]] | None:
    """The game's state and the model's before key press `letter` (1-based) of `plan`, the
    model following the game up to there; None when it does not get that far."""
    if not 0 < letter <= len(plan):
        return None
    before = followed(on, level, plan[:letter - 1])
    if len(before) != letter - 1:
        return None
    state, atoms = level.start, on.initial()
    for direction, action in zip(plan, before, strict=False):
        outcome = step(level, state, direction)
        assert isinstance(outcome, Move)  # followed went past it
        state, atoms = outcome.state, action.apply(atoms)
    return state, atoms


def undecided(on: LevelModel, level: Level, plan: Sequence[Direction], letter: int,
              schemas: Sequence[Schema]) -> list[str]:
    """The schemas (by the file's names) that allowed another outcome beside the game's at a
    key press of `plan` before `letter`, latest first: an action of the key doing otherwise,
    or actions doing as the game that leave different states (which one the replay took is
    a guess). The game has one outcome: a fault shown later may be rooted there."""
    written = WrittenNames(schemas)
    found: list[list[str]] = []
    state, atoms = level.start, on.initial()
    for direction in plan[:max(0, letter - 1)]:
        outcome = step(level, state, direction)
        if not isinstance(outcome, Move):
            break
        options = [a for a in on.applicable(atoms) if on.direction(a) == direction]
        doing = list(_doing(on, atoms, direction, outcome, level))
        if not doing:
            break
        if len({a.apply(atoms) for a in doing}) > 1:
            found.append([written(a.schema) for a in doing])
        found.append([written(a.schema) for a in options if a not in doing])
        state, atoms = outcome.state, doing[0].apply(atoms)
    return list(dict.fromkeys(name for names in reversed(found) for name in names))


def plan_of(case: Case | None, what: str) -> tuple[Direction, ...] | None:
    """The plan a failure (`what`, as verify.py words it) departs on: the game's plan of the
    case or the plan it judges; None for a failure of another kind."""
    if case is None:
        return None
    return case.plan if what.startswith("on the game's plan") else \
        case.judged if what.startswith("on the plan judged") else None


def wrong_uses(model: ComparedModel, case: Case, what: str, letter: int | None,
               schemas: Sequence[Schema]) -> SchemaUses:
    """The actions the model applies at key press `letter` of the plan a failure (`what`, as
    verify.py words it) names, the game's plan of the case or the plan it judges, that do
    otherwise than the game, in the state the model reached by following the game, when
    another action does as the game there (a second outcome: a fix by a precondition must
    make them fail; without such an action, the fix may as well be in what one of them
    does, and none is returned)."""
    found = SchemaUses()
    plan = plan_of(case, what)
    if plan is None or letter is None:
        return found
    try:
        on = model.on(case.level)
    except HelltakerError:
        return found
    at = reached(on, case.level, plan, letter)
    if at is None:
        return found
    state, atoms = at
    direction = plan[letter - 1]
    outcome = step(case.level, state, direction)
    written = WrittenNames(schemas)
    options = [a for a in on.applicable(atoms) if on.direction(a) == direction]
    right = [a for a in options if isinstance(outcome, Move) and a.cost == outcome.cost
             and on.observe(a.apply(atoms)) == observe_game(case.level, outcome.state)]
    for action in (a for a in options if right and a not in right):
        found.uses.setdefault(written(action.schema), []).append(
            Use(dict(action.binding), atoms | on.static()))
    return found


def plan_uses(model: ComparedModel, cases: Sequence[Case], schemas: Sequence[Schema],
              in_time: Callable[[], bool] | None = None) -> SchemaUses:
    """The uses of each schema (by the file's names) along the game's plans of `cases`, each
    case's plan walked only while `in_time` says so (first_evidence.py)."""
    written = WrittenNames(schemas)
    found = SchemaUses()
    for at, case in enumerate(cases):
        if in_time is not None and not in_time():
            found.unwalked = tuple(c.name for c in cases[at:] if c.plan is not None)
            break
        if case.plan is None:
            continue
        try:
            on = model.on(case.level)
        except HelltakerError:
            continue
        static = on.static()
        for atoms, doing in _followed(on, case.level, case.plan, every=True):
            if len(doing) != 1:  # another action would make the move as well: no constraint
                continue
            kept = found.uses.setdefault(written(doing[0].schema), [])
            if len(kept) < _MOST_USES:
                kept.append(Use(dict(doing[0].binding), atoms | static))
    return found
