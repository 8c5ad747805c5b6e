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

A literal with no variable (a flag `odd`, `-doomed`) belongs to the first part. Parts alike
but for their variables' names (the same counter step in hundreds of schemas) are ground once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from strips_model.schema import Domain, Literal, Parameter, Schema
from strips_model.schema_memo import per_schema
from translator.ground.groups import Groups


@dataclass(frozen=True, slots=True)
class Cut:
    """A part of a schema of the domain, and where it stands there."""

    whole: int
    """The number of the schema it is a part of, in the domain's order."""
    part: int
    """Its position among that schema's parts."""
    schema: Schema
    """The part as a schema over the whole's own names."""


@dataclass(frozen=True, slots=True)
class CutDomain:
    domain: Domain
    """The schemas to ground: every schema not cut, and one of each part alike."""
    uses: tuple[tuple[Cut, ...], ...]
    """For each schema of `domain`, the parts its ground actions are (their parameters in
    the same order)."""
    shapes: dict[int, tuple[int, tuple[str, ...]]]
    """For each schema cut: how many parts it has, and its parameters' names in order."""


def parts_of(schema: Schema) -> list[tuple[Parameter, ...]]:
    """The schema's parameters grouped by the literals that join them, in order of first
    appearance among the parameters."""
    named = {parameter.name for parameter in schema.parameters}
    joined: Groups[str] = Groups()
    for literal in (*schema.preconditions, *schema.effects):
        joined.join(term.name for term in literal.args if term.is_variable and term.name in named)
    groups: dict[str, list[Parameter]] = {}
    for parameter in schema.parameters:
        groups.setdefault(joined.find(parameter.name), []).append(parameter)
    return [tuple(group) for group in groups.values()]


def cut_domain(domain: Domain) -> CutDomain:
    ground: dict[object, int] = {}
    schemas: list[Schema] = []
    uses: list[list[Cut]] = []
    shapes: dict[int, tuple[int, tuple[str, ...]]] = {}

    def add(cut: Cut, key: object) -> None:
        if key not in ground:
            ground[key] = len(schemas)
            schemas.append(cut.schema)
            uses.append([])
        uses[ground[key]].append(cut)

    for number, schema in enumerate(domain.schemas):
        parts = _parts(schema)
        if parts is None:
            add(Cut(number, 0, schema), number)
            continue
        shapes[number] = (len(parts), tuple(p.name for p in schema.parameters))
        for position, (part, key) in enumerate(parts):
            add(Cut(number, position, part), key)
    return CutDomain(replace(domain, schemas=tuple(schemas)),
                     tuple(map(tuple, uses)), shapes)


@per_schema
def _parts(schema: Schema) -> tuple[tuple[Schema, object], ...] | None:
    """The schema's parts, each with what it is but for its variables' names (`_alike`);
    None for a schema of one part. Kept by the schema: the models a repair builds share all
    their schemas but one, and a level's worker inherits what was cut before it forked (a
    model of 848 schemas: 50 ms cut, 4 ms once its schemas are)."""
    parts = parts_of(schema)
    if len(parts) < 2:
        return None
    found = []
    for position, parameters in enumerate(parts):
        names = {parameter.name for parameter in parameters}

        def mine(literal: Literal, first: bool = position == 0, names: set[str] = names) -> bool:
            variables = {term.name for term in literal.args if term.is_variable}
            return bool(variables & names) if variables else first

        part = replace(schema, parameters=parameters,
                       preconditions=tuple(filter(mine, schema.preconditions)),
                       effects=tuple(filter(mine, schema.effects)))
        found.append((part, _alike(part)))
    return tuple(found)


def _alike(part: Schema) -> object:
    """What a part is but for its variables' names: its parameters' types, and its
    literals over their positions."""
    position = {parameter.name: index for index, parameter in enumerate(part.parameters)}

    def written(literals: tuple[Literal, ...]) -> tuple[object, ...]:
        return tuple((literal.predicate, literal.positive, tuple(
            position[term.name] if term.is_variable else term.name for term in literal.args))
            for literal in literals)

    return (tuple(parameter.type for parameter in part.parameters),
            written(part.preconditions), written(part.effects), part.cost)
