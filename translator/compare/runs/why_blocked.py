"""Why a model has no action for a key press: the schema of that key that came closest to
applying, and the literal that failed (`why_blocked`), for the divergence's sentence
(divergence.py) and the repair's ranking (repair/blocked.py)."""

from __future__ import annotations

from collections.abc import Iterator

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.models.protocols import LevelModel
from translator.compare.vocabulary.words import name_direction
from translator.ground.exact_semantics import unify
from translator.model.level_facts import Atom


def why_blocked(model: LevelModel, atoms: frozenset[Atom], direction: Direction) -> str:
    """The schema of this key press that came closest to applying, and the literal that failed."""
    facts = atoms | model.static()
    best: tuple[int, str] | None = None
    for schema, fixed in model.schemas_for(direction):
        for score, reason in _attempts(schema, fixed, facts):
            if best is None or score > best[0]:
                best = (score, f"{schema.name} fails on {reason}")
    why = best[1] if best is not None else "no schema stands for this key press"
    # A schema left out of the model (models/left_out.py) may be the one this key needed.
    left = tuple(part for part in model.left_out
                 if name_direction(part.schema, "en") in (None, Direction(direction)))
    if left:
        named = "; ".join(f"{part.schema} at {part.position}: {part.reason}" for part in left[:3])
        more = f" (and {len(left) - 3} more)" if len(left) > 3 else ""
        return f"{why}; left out of the model: {named}{more}"
    return why


def _ground(literal: Literal, binding: dict[str, str]) -> str:
    args = ", ".join(binding.get(t.name, t.name) if t.is_variable else t.name
                     for t in literal.args)
    return f"{'' if literal.positive else '-'}{literal.predicate}({args})"


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
    for score, literal, binding, atom in precondition_attempts(schema, fixed, facts):
        if literal is None:
            continue
        if atom is not None:
            yield score, f"{_ground(literal, binding)}: {atom[0]}({', '.join(atom[1:])}) holds"
        else:
            yield score, f"{_ground(literal, binding)}, which does not hold"
