"""The schemas that relaxed reachability could apply, by a coarser analysis done in Python first:
the program clingo grounds (grounding_program.py) is then written for those alone.

Building the program costs by the schemas (the join order of each body, ~0.5 ms a schema),
and a student's model may have hundreds that no level reaches: one per case of a disjunction
split (848 schemas for the course's French model, of which a classic level reaches 35 to
196). Clingo's grounding of the others finds nothing, after a second of writing them.

The analysis keeps, for each predicate and place, the values its atoms may take there (a
cartesian abstraction: the places of an atom are not related). A schema may apply when every
positive precondition may match: each constant is among its place's values, and each variable
has a value at every place it occurs; its add effects then give their places the constants,
and the values left to each variable (or, bound by no precondition, every object of its type).
Repeated until nothing changes. By induction on the rounds of relaxed reachability, every atom
it reaches is within these values and every schema with an action is kept: the analysis only
over-approximates, so a schema it leaves out has no action in the least fixpoint, and adds
nothing there. The negative preconditions and types are left to clingo: they only remove.
"""

from __future__ import annotations

from collections.abc import Iterable

from strips_model.schema import Domain, Schema
from translator.model.level_facts import Atom, Facts

_Places = dict[tuple[str, int], list[set[str]]]


def possibly_applicable(domain: Domain, facts: Facts) -> tuple[bool, ...]:
    """For each schema of `domain`, whether the analysis lets it apply (the module doc). A
    schema with arithmetic terms is always kept: the program refuses it as before."""
    places: _Places = {}
    _add_atoms(places, (*facts.initial, *facts.static))
    every_object = {name for objects in facts.objects.values() for name in objects}
    kept = [any(term.offset for literal in (*schema.preconditions, *schema.effects)
                for term in literal.args) for schema in domain.schemas]
    changed = True
    while changed:
        changed = False
        for number, schema in enumerate(domain.schemas):
            values = _bindable(schema, places)
            if values is None:
                continue
            if not kept[number]:
                kept[number] = changed = True
            for literal in schema.effects:
                if literal.positive:
                    changed |= _add(places, literal.predicate, [
                        values.get(term.name) or _typed(schema, term.name, facts, every_object)
                        if term.is_variable else {term.name} for term in literal.args])
    return tuple(kept)


def _bindable(schema: Schema, places: _Places) -> dict[str, set[str]] | None:
    """The values each variable of a positive precondition may take, or None when one has
    none (or a constant is out of its place)."""
    values: dict[str, set[str]] = {}
    for literal in schema.preconditions:
        if not literal.positive:
            continue
        found = places.get((literal.predicate, len(literal.args)))
        if found is None:
            return None
        for place, term in zip(found, literal.args, strict=True):
            if not term.is_variable:
                if term.name not in place:
                    return None
                continue
            known = values.get(term.name)
            narrowed = set(place) if known is None else known & place
            if not narrowed:
                return None
            values[term.name] = narrowed
    return values


def _typed(schema: Schema, variable: str, facts: Facts, every_object: set[str]) -> set[str]:
    objects = facts.objects.get(schema.parameter_type(variable) or "", ())
    return set(objects) or every_object


def _add_atoms(places: _Places, atoms: Iterable[Atom]) -> None:
    for atom in atoms:
        _add(places, atom[0], [{value} for value in atom[1:]])


def _add(places: _Places, predicate: str, values: list[set[str]]) -> bool:
    """Whether the values were new at some place."""
    key = (predicate, len(values))
    known = places.get(key)
    if known is None:
        places[key] = [set(value) for value in values]
        return True
    grew = False
    for place, value in zip(known, values, strict=True):
        if not value <= place:
            place |= value
            grew = True
    return grew
