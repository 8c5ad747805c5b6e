"""The flag that tells a trap's phase (R-T1), found by what the actions do: a flag of no
argument every action flips, or two swapped (`even`, `odd`), or one flipped as each turn ends
by an action of no key press (`Tick`). state_parts.py reads the traps themselves."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet

from strips_model.schema import Schema
from translator.compare.vocabulary.behaviour import pick
from translator.compare.vocabulary.facts import NEARLY
from translator.compare.vocabulary.flags import complements, pending
from translator.compare.vocabulary.roles import Role


def parity_after(schema: Schema, name: str) -> bool | None:
    """Whether the flag `name` ends the action set, if the action changes it one way only."""
    after = {lit.positive for lit in schema.effects if lit.predicate == name}
    return next(iter(after)) if len(after) == 1 else None


def clocked(read: tuple[Schema, ...], name: str) -> bool:
    """No action with a place changes the parity flag `name`: it is flipped as each turn ends,
    by an action of no key press (`_clock`)."""
    return all(parity_after(schema, name) is None for schema in read
               if any(e.args for e in schema.effects))


def flipping(read: tuple[Schema, ...], name: str) -> str:
    """How the evidence says the parity flag `name` changes."""
    return "the action ending each turn flips" if clocked(read, name) else "every action flips"


def parity_ending(read: tuple[Schema, ...], name: str) -> Callable[[Schema], bool | None]:
    """Whether the parity flag `name` ends each action's turn set: as the action leaves it;
    or, where no action with a place changes it (flipped as the turn ends, `_clock`), the
    contrary of what the action requires of it."""
    if not clocked(read, name):
        return lambda schema: parity_after(schema, name)

    def flipped_after(schema: Schema) -> bool | None:
        before = {lit.positive for lit in schema.preconditions if lit.predicate == name}
        return not next(iter(before)) if len(before) == 1 else None

    return flipped_after


def _flips(schema: Schema, name: str) -> bool:
    before = {lit.positive for lit in schema.preconditions if lit.predicate == name}
    after = parity_after(schema, name)
    return after is not None and before <= {not after}


def _flipped(schemas: list[Schema], arity: Mapping[str, int], taken: AbstractSet[str],
             share: float) -> list[str]:
    """The flags of no argument that at least `share` of `schemas` flip, both ways."""
    return sorted(name for name, count in arity.items() if count == 0 and name not in taken
                  and schemas and sum(_flips(schema, name) for schema in schemas)
                  >= share * len(schemas)
                  and {True, False} <= {parity_after(schema, name) for schema in schemas})


def trap_parity(read: tuple[Schema, ...], arity: Mapping[str, int], taken: AbstractSet[str]
                ) -> str | None:
    """A flag of no argument that every action flips (required, then deleted; or required
    absent, then added): with traps written by their first phase (`trap_raised` and
    `trap_lowered` static), it says whether they have changed since (R-T1). A model that keeps
    the phase so needs it read, or every trap level reads as a divergence. A model written
    without negated flags swaps two (`even` true at the start, `odd`), each required where
    the other is added: either is read as the parity (the other, its complement, then starts
    true: models/start_flags.py), and the traps' phases by it alike. The flip may also end
    the turn in an action of no key press that every action leaves due (`_clock`)."""
    # An action that only raises a flag (`won` where the goal holds) takes no turn. Nearly
    # every one is enough: a schema that forgot to flip it is a fault of the model, which
    # the comparison then shows there, not on every level with a trap.
    turns = [schema for schema in read if any(e.args for e in schema.effects)]
    flags = _flipped(turns, arity, taken, NEARLY) or _clock(read, turns, arity, taken)
    if len(flags) == 2 and flags[1] in complements(tuple(turns), flags[0]):
        return pick(Role.TRAP_PARITY, dict.fromkeys(flags, 1))
    return flags[0] if len(flags) == 1 else None


def _clock(read: tuple[Schema, ...], turns: list[Schema], arity: Mapping[str, int],
           taken: AbstractSet[str]) -> list[str]:
    """The flags flipped as a turn ends rather than by it: every action adds a flag it
    requires absent (`tick`), which an action of no key press requires and deletes (`Tick`,
    forced after each key press: models/forced_actions.py); the flag every such action
    flips is the parity. The actions are those that require the flag: one that forgot to
    delete it is a fault of that action, not a reason to read no parity."""
    for due in sorted(pending(read, tuple(turns))):
        ends = [schema for schema in read
                if any(p.predicate == due and p.positive for p in schema.preconditions)]
        flags = _flipped(ends, arity, set(taken) | {due}, 1.0)
        if flags:
            return flags
    return []
