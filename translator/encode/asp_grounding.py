"""Relaxed reachability grounding of a domain over a level's facts, by clingo's grounder (C++).

The relaxed reachability analysis that Fast Downward's translator runs in Python is a Datalog
program: an action is reachable when its positive preconditions are (fluent atoms reachable,
static atoms true), its negative static preconditions false and its parameters of the right
type; an atom is reachable when it is initial or added by a reachable action. Negative fluent
preconditions are ignored, as Fast Downward ignores them. That program is positive apart from
negations of facts, so clingo's grounder alone computes its least model; the solver only
hands that model over. Each schema's body is grounded as a chain of two-element joins
shared between schemas (join_chains.py), as Fast Downward's join trees do.

Objects are numbered and predicates and schemas are named by their index in the program, so
no name of the model needs ASP quoting and answers are read back by position.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from strips_model.schema import Domain, Literal, Parameter, Schema
from translator.encode.join_chains import BodyLiteral, Links, join_order, popularity
from translator.encode.level_facts import Atom, Facts

GroundAction = tuple[str, tuple[str, ...]]
"""(schema name, objects in the order of the schema's parameters)."""


@dataclass(frozen=True, slots=True)
class Grounding:
    atoms: frozenset[Atom]
    """Fluent atoms reachable in the relaxed task, the initial ones included."""
    actions: tuple[GroundAction, ...]
    """Reachable ground actions, schema by schema in the domain's order, then by name."""


class _Numbering:
    """Object names to the integers the program uses (as program text), and back."""

    def __init__(self, facts: Facts) -> None:
        self.names: list[str] = []
        self.text: dict[str, str] = {}
        for objects in facts.objects.values():
            for name in objects:
                self.of(name)

    def of(self, name: str) -> str:
        found = self.text.get(name)
        if found is None:
            found = self.text[name] = str(len(self.names))
            self.names.append(name)
        return found


def _facts_text(prefix: str, atoms: list[Atom], numbering: _Numbering) -> list[str]:
    """One fact per atom; the order does not matter, answers are sorted when read back.
    Written per arity without an inner join: a 300x300 level has a million static facts."""
    text = numbering.text
    try:
        if not atoms or len(atoms[0]) == 1:
            return [f"{prefix}." for _ in atoms]
        if len(atoms[0]) == 2:
            return [f"{prefix}({text[atom[1]]})." for atom in atoms]
        if len(atoms[0]) == 3:
            return [f"{prefix}({text[atom[1]]},{text[atom[2]]})." for atom in atoms]
        return [f"{prefix}({','.join([text[argument] for argument in atom[1:]])})."
                for atom in atoms]
    except KeyError:  # an object the level does not list among its objects
        for atom in atoms:
            for argument in atom[1:]:
                numbering.of(argument)
        return _facts_text(prefix, atoms, numbering)


def _by_predicate(atoms: Iterable[Atom]) -> dict[str, list[Atom]]:
    groups: dict[str, list[Atom]] = {}
    for atom in atoms:
        groups.setdefault(atom[0], []).append(atom)
    return groups


def grounding_program(domain: Domain, facts: Facts) -> tuple[str, _Numbering, dict[str, str]]:
    """The program, the object numbering, and the program's name of each predicate."""
    numbering = _Numbering(facts)
    fluent = {predicate.name for predicate in domain.predicates if predicate.fluent}
    names: dict[str, str] = {}

    def name_of(predicate: str) -> str:
        if predicate not in names:
            names[predicate] = f"{'f' if predicate in fluent else 's'}{len(names)}"
        return names[predicate]

    types = {type_name: f"t{index}" for index, type_name in enumerate(facts.objects)}
    declared = {predicate.name: predicate.types for predicate in domain.predicates}
    lines: list[str] = []
    for type_name, objects in facts.objects.items():
        lines.extend(f"{types[type_name]}({numbering.of(name)})." for name in objects)
    static = _by_predicate(facts.static)
    for group in (static, _by_predicate(facts.initial)):
        for predicate in sorted(group):
            lines.extend(_facts_text(name_of(predicate), group[predicate], numbering))
    sizes = _sizes(domain, facts, static)
    common = popularity([_joined(schema, fluent) for schema in domain.schemas])
    links = Links()
    rules: list[str] = []
    for index, schema in enumerate(domain.schemas):
        rules.extend(_schema_rules(f"o{index}", schema, fluent, name_of, types, numbering,
                                   declared, sizes, common, links))
    # What `ground` reads back: the actions and the fluent atoms, as one model's symbols.
    arities = {predicate.name: len(predicate.types) for predicate in domain.predicates}
    shown = [f"#show o{index}/{len(schema.parameters)}."
             for index, schema in enumerate(domain.schemas)]
    shown.extend(f"#show {name}/{arities.get(predicate, 0)}."
                 for predicate, name in names.items() if name.startswith("f"))
    return "\n".join(lines + links.rules + rules + shown) + "\n", numbering, names


def _joined(schema: Schema, fluent: set[str]) -> list[Literal]:
    """The preconditions relaxed reachability joins: all but negated fluents."""
    return [literal for literal in schema.preconditions
            if literal.positive or literal.predicate not in fluent]


def _schema_rules(head_name: str, schema: Schema, fluent: set[str], name_of: Callable[[str], str],
                  types: dict[str, str], numbering: _Numbering,
                  declared: dict[str, tuple[str, ...]], sizes: _Sizes, common: Counter[str],
                  links: Links) -> Iterable[str]:
    variables = {parameter.name: f"X{position}"
                 for position, parameter in enumerate(schema.parameters)}

    def terms(literal: Literal) -> tuple[str, ...]:
        words = []
        for term in literal.args:
            if term.offset:
                raise ValueError(f"{schema.name}: arithmetic terms must be compiled away "
                                 "before grounding")
            words.append(variables[term.name] if term.is_variable
                         else numbering.of(term.name))
        return tuple(words)

    def body_literal(literal: Literal) -> BodyLiteral:
        names = tuple(dict.fromkeys(variables[term.name] for term in literal.args
                                    if term.is_variable))
        return BodyLiteral(name_of(literal.predicate), terms(literal), names,
                           literal.predicate in fluent)

    def term_text(literal: Literal) -> str:
        return body_literal(literal).text

    ordered = join_order(_joined(schema, fluent), sizes.fan_out, common)
    joined = [body_literal(literal) for literal in ordered if literal.positive]
    filters = [f"not {term_text(literal)}" for literal in ordered if not literal.positive]
    for parameter in schema.parameters:
        guard = types.get(parameter.type)
        if guard is not None and not _typed_by_precondition(schema, parameter, declared):
            filters.append(f"{guard}({variables[parameter.name]})")
    arguments = ",".join(variables[parameter.name] for parameter in schema.parameters)
    head = f"{head_name}({arguments})" if arguments else head_name
    yield links.chain(head, joined, filters)
    for literal in schema.effects:
        if literal.positive:
            yield f"{term_text(literal)} :- {head}."


@dataclass(frozen=True, slots=True)
class _Sizes:
    """How many atoms a predicate has, and how many distinct objects at each position: what
    the join order estimates a literal's fan-out from. Fluent predicates count every atom
    their types allow (a bound on what relaxed reachability can give)."""

    atoms: dict[str, int]
    distinct: dict[str, tuple[int, ...]]

    def fan_out(self, literal: Literal, bound: set[str]) -> float:
        estimate = float(self.atoms.get(literal.predicate, 1))
        distinct = self.distinct.get(literal.predicate, ())
        for position, term in enumerate(literal.args):
            if not term.is_variable or term.name in bound:
                estimate /= max(1, distinct[position] if position < len(distinct) else 1)
        return estimate


def _sizes(domain: Domain, facts: Facts, static: dict[str, list[Atom]]) -> _Sizes:
    atoms = {predicate: len(group) for predicate, group in static.items()}
    distinct = {predicate: tuple(len({atom[position] for atom in group})
                                 for position in range(1, len(group[0])))
                for predicate, group in static.items()}
    for predicate in domain.predicates:
        if predicate.fluent:
            sizes = tuple(len(facts.objects.get(type_name, ())) or
                          sum(len(objects) for objects in facts.objects.values())
                          for type_name in predicate.types)
            atoms[predicate.name] = math.prod(sizes)
            distinct[predicate.name] = sizes
    return _Sizes(atoms, distinct)


def _typed_by_precondition(schema: Schema, parameter: Parameter,
                           declared: dict[str, tuple[str, ...]]) -> bool:
    """Whether a positive precondition binds the parameter at a position of its own type:
    the atoms that can match are then of that type, and a type guard would only cost."""
    for literal in schema.preconditions:
        if literal.positive:
            types = declared.get(literal.predicate, ())
            for term, type_name in zip(literal.args, types, strict=False):
                if term.is_variable and term.name == parameter.name and \
                        type_name == parameter.type:
                    return True
    return False


def ground(domain: Domain, facts: Facts) -> Grounding:
    import clingo

    program, numbering, names = grounding_program(domain, facts)
    control = clingo.Control(["--warn=none"])
    control.add("base", [], program)
    control.ground([("base", [])])
    # The program is positive (negations are of facts): grounding decides every atom, and
    # its one model lists the shown atoms in one call, where walking the symbolic atoms
    # costs several calls into clingo per atom.
    texts: dict[str, list[str]] = {}
    with control.solve(yield_=True) as models:
        for model in models:
            for symbol in model.symbols(shown=True):
                text = str(symbol)
                opening = text.find("(")
                texts.setdefault(text[:opening] if opening >= 0 else text, []).append(text)
            break
    objects = {text: name for name, text in numbering.text.items()}
    actions: list[GroundAction] = []
    for index, schema in enumerate(domain.schemas):
        found = [(schema.name, arguments) for arguments in _read(texts.get(f"o{index}", []),
                                                                 objects)]
        found.sort()
        actions.extend(found)
    fluents: set[Atom] = set()
    for predicate, name in names.items():
        if name.startswith("f"):
            fluents.update((predicate, *arguments)
                           for arguments in _read(texts.get(name, []), objects))
    return Grounding(frozenset(fluents), tuple(actions))


def _read(texts: list[str], objects: dict[str, str]) -> list[tuple[str, ...]]:
    """`o3(12,4,7)` read back as the objects numbered 12, 4 and 7."""
    if not texts or "(" not in texts[0]:
        return [() for _ in texts]
    get = objects.__getitem__
    opening = texts[0].index("(") + 1
    return [tuple(map(get, text[opening:-1].split(","))) for text in texts]
