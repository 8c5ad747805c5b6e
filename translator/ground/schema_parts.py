"""A schema cut into its independent parts, for the index of a level's reachable actions
(reachable_index.py, action_index.py).

Parameters that no literal of a schema joins (a counter `steps(C), succ(C2, C)` beside the
hero's cells `at(X, Y), succ(X, X2)`) are bound independently: the schema's ground actions are
every binding of one part with every binding of the other. Ground whole, a level's relaxed
grounding holds that product (243,634 actions for a student model on classic level 6, past
the index's bound, so every state was joined anew); ground part by part, it holds their sum
(6,678), and a state's applicable actions are the products of the parts that apply in it.
That is exact: an action applies when all its preconditions hold, and each precondition lies
in one part. A part's relaxed reachability over-approximates the whole schema's (its effects
count as reached when another part has no binding), which the index allows: it holds every
action a reachable state may apply, and checks each against the state.

A literal with no variable (a flag `odd`, `-doomed`) belongs to the first part.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from strips_model.schema import Domain, Literal, Parameter, Schema


@dataclass(frozen=True, slots=True)
class Cut:
    """How a schema of the cut domain stands to the domain's own schemas."""

    whole: int
    """The number of the schema it is a part of, in the domain's order."""
    part: int
    """Its position among that schema's parts."""


@dataclass(frozen=True, slots=True)
class CutDomain:
    domain: Domain
    """Every schema of the domain with two parts or more replaced by its parts, in order."""
    cuts: tuple[Cut, ...]
    """For each schema of `domain`, which schema it is a part of."""
    shapes: dict[int, tuple[int, tuple[str, ...]]]
    """For each schema cut: how many parts it has, and its parameters' names in order."""


def parts_of(schema: Schema) -> list[tuple[Parameter, ...]]:
    """The schema's parameters grouped by the literals that join them, in order of first
    appearance among the parameters."""
    root = {parameter.name: parameter.name for parameter in schema.parameters}

    def find(name: str) -> str:
        while root[name] != name:
            root[name] = root[root[name]]
            name = root[name]
        return name

    for literal in (*schema.preconditions, *schema.effects):
        names = [term.name for term in literal.args if term.is_variable and term.name in root]
        for name in names[1:]:
            root[find(name)] = find(names[0])
    groups: dict[str, list[Parameter]] = {}
    for parameter in schema.parameters:
        groups.setdefault(find(parameter.name), []).append(parameter)
    return [tuple(group) for group in groups.values()]


def cut_domain(domain: Domain) -> CutDomain:
    schemas: list[Schema] = []
    cuts: list[Cut] = []
    shapes: dict[int, tuple[int, tuple[str, ...]]] = {}
    for number, schema in enumerate(domain.schemas):
        parts = parts_of(schema)
        if len(parts) < 2:
            schemas.append(schema)
            cuts.append(Cut(number, 0))
            continue
        shapes[number] = (len(parts), tuple(p.name for p in schema.parameters))
        for position, parameters in enumerate(parts):
            names = {parameter.name for parameter in parameters}

            def mine(literal: Literal, first: bool = position == 0,
                     names: set[str] = names) -> bool:
                variables = {term.name for term in literal.args if term.is_variable}
                return bool(variables & names) if variables else first

            schemas.append(replace(
                schema, parameters=parameters,
                preconditions=tuple(filter(mine, schema.preconditions)),
                effects=tuple(filter(mine, schema.effects))))
            cuts.append(Cut(number, position))
    return CutDomain(replace(domain, schemas=tuple(schemas)), tuple(cuts), shapes)
