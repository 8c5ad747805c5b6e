"""Why a model has no action for a key press: the schema of that key the game's step blames
(blame.py: the one that, but for the literals it fails on, would do what the game does), else
the one that came closest to applying, and the literal that failed (`why_blocked`), for the
divergence's sentence (divergence.py) and the repair's ranking (repair/blocked.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.models.protocols import LevelModel
from translator.compare.runs.blame import GameStep, blamed
from translator.compare.vocabulary.words import name_direction
from translator.ground.exact_semantics import unify
from translator.model.level_facts import Atom


def why_blocked(model: LevelModel, atoms: frozenset[Atom], direction: Direction,
                game: GameStep | None = None) -> str:
    """The schema of this key press the game's step `game` blames, with every literal it fails
    on; without one (or when no schema would do what the game does), the schema that came
    closest to applying, and the literal that failed. Either way `<schema> fails on <literal>`
    starts the sentence (repair/verify.py reads the name off it)."""
    found = blamed(model, atoms, direction, game) if game is not None else []
    if found:
        first = found[0]
        reasons = " and on ".join(_failing(lit, first.binding) for lit in first.failing)
        why = f"{first.schema} fails on {reasons} (but for that, it does what the game does)"
    else:
        why = _closest(model, atoms, direction)
    # A schema left out of the model (models/left_out.py) may be the one this key needed.
    left = tuple(part for part in model.left_out
                 if name_direction(part.schema, "en") in (None, Direction(direction)))
    if left:
        named = "; ".join(f"{part.schema} at {part.position}: {part.reason}" for part in left[:3])
        more = f" (and {len(left) - 3} more)" if len(left) > 3 else ""
        return f"{why}; left out of the model: {named}{more}"
    return why


def _closest(model: LevelModel, atoms: frozenset[Atom], direction: Direction) -> str:
    facts = atoms | model.static()
    best: tuple[int, str] | None = None
    for schema, fixed in model.schemas_for(direction):
        for score, reason in _attempts(schema, fixed, facts):
            if best is None or score > best[0]:
                best = (score, f"{schema.name} fails on {reason}")
    return best[1] if best is not None else "no schema stands for this key press"


def _ground(literal: Literal, binding: dict[str, str]) -> str:
    args = ", ".join(binding.get(t.name, t.name) if t.is_variable else t.name
                     for t in literal.args)
    return f"{'' if literal.positive else '-'}{literal.predicate}({args})"


def _failing(literal: Literal, binding: dict[str, str]) -> str:
    """A failing literal in words: a negative one with the atom that holds."""
    if literal.positive:
        return f"{_ground(literal, binding)}, which does not hold"
    return f"{_ground(literal, binding)}: {_ground(replace(literal, positive=True), binding)} holds"


def precondition_attempts(schema: Schema, fixed: dict[str, str], facts: frozenset[Atom]
                          ) -> Iterator[tuple[int, Literal | None, dict[str, str], Atom | None]]:
    """For each way of matching the preconditions, positive ones first, in order: (literals
    satisfied, the literal then failing, the binding, the atom that makes a negative literal
    fail). A binding that satisfies every precondition yields its count and no literal.
    Shared by the divergence's explanation and the repair's ranking (repair/blocked.py)."""
    positive = [lit for lit in schema.preconditions if lit.positive]
    negative = [lit for lit in schema.preconditions if not lit.positive]
    by_predicate: dict[str, list[Atom]] = {}
    for atom in sorted(facts):
        by_predicate.setdefault(atom[0], []).append(atom)

    def extend(position: int, binding: dict[str, str]
               ) -> Iterator[tuple[int, Literal | None, dict[str, str], Atom | None]]:
        if position == len(positive):
            for count, literal in enumerate(negative):
                atom = (literal.predicate,
                        *(binding.get(t.name, t.name) if t.is_variable else t.name
                          for t in literal.args))
                if atom in facts:
                    yield position + count, literal, binding, atom
                    return
            yield len(schema.preconditions), None, binding, None
            return
        literal = positive[position]
        matched = False
        for atom in by_predicate.get(literal.predicate, ()):
            extended = unify(literal, atom, binding)
            if extended is not None:
                matched = True
                yield from extend(position + 1, extended)
        if not matched:
            yield position, literal, binding, None

    yield from extend(0, dict(fixed))


def _attempts(schema: Schema, fixed: dict[str, str],
              facts: frozenset[Atom]) -> Iterator[tuple[int, str]]:
    """(literals satisfied, the failing literal in words) for each way of matching the
    preconditions; a binding that satisfies everything yields nothing."""
    for score, literal, binding, _ in precondition_attempts(schema, fixed, facts):
        if literal is not None:
            yield score, _failing(literal, binding)
