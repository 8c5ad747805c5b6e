"""The program text of the relaxed-reachability grounding (clingo_grounding.py runs it).

The relaxed reachability analysis that Fast Downward's translator runs in Python is a Datalog
program: an action is reachable when its positive preconditions are (fluent atoms reachable,
static atoms true), its negative static preconditions false and its parameters of the right
type; an atom is reachable when it is initial or added by a reachable action. Negative fluent
preconditions are ignored, as Fast Downward ignores them. That program is positive apart from
negations of facts, so clingo's grounder alone computes its least model. Each schema's body
is a chain of two-element joins shared between schemas (join_chains.py), as Fast Downward's
join trees are.

Objects are numbered and predicates and schemas are named by their index in the program
(`o3` for the fourth schema, `f1`/`s1` for a fluent/static predicate), so no name of the model
needs ASP quoting and answers are read back by position. Static facts that hold for nearly
every cell are written as one rule each (uniform_facts.py): clingo parses a fact as slowly as
a rule, and a 300x300 level has a million of them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import itemgetter

from strips_model.schema import Domain, Literal, Parameter, Schema
from translator.ground.join_chains import BodyLiteral, Links, join_order, popularity
from translator.ground.uniform_facts import uniform_groups
from translator.model.level_facts import Atom, Facts


class Numbering:
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


@dataclass(frozen=True, slots=True)
class Program:
    """The program of a domain over a level's facts, and how to read its answers."""

    text: str
    numbering: Numbering
    names: dict[str, str]
    """Each predicate's name in the program (`f1`, fluent; `s2`, static)."""


def _facts_text(prefix: str, atoms: list[Atom], numbering: Numbering) -> list[str]:
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


def grounding_program(domain: Domain, facts: Facts) -> Program:
    """The program that grounds the domain's schemas over the facts."""
    numbering = Numbering(facts)
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
    exceptions = iter(range(1 << 62))
    for predicate in sorted(static):
        first_type = (declared.get(predicate) or ("",))[0]
        uniform = uniform_groups(name_of(predicate), static[predicate],
                                 facts.objects.get(first_type, ()), types.get(first_type),
                                 numbering.of, lambda: f"e{next(exceptions)}")
        lines.extend(uniform.rules)
        lines.extend(uniform.exceptions)
        lines.extend(_facts_text(name_of(predicate), uniform.remaining, numbering))
    initial = _by_predicate(facts.initial)
    for predicate in sorted(initial):
        lines.extend(_facts_text(name_of(predicate), initial[predicate], numbering))
    sizes = _sizes(domain, facts, static)
    common = popularity([_joined(schema, fluent) for schema in domain.schemas])
    links = Links()
    rules: list[str] = []
    for index, schema in enumerate(domain.schemas):
        rules.extend(_schema_rules(f"o{index}", schema, fluent, name_of, types, numbering,
                                   declared, sizes, common, links))
    # What `ground` reads back: the actions and the fluent atoms, as one model's symbols.
    arities = {predicate.name: len(predicate.types) for predicate in domain.predicates}
    # `#show.` first: with no schema and no fluent, clingo would show every atom instead.
    shown = ["#show."] + [f"#show o{index}/{len(schema.parameters)}."
                          for index, schema in enumerate(domain.schemas)]
    shown.extend(f"#show {name}/{arities.get(predicate, 0)}."
                 for predicate, name in names.items() if name.startswith("f"))
    return Program("\n".join(lines + links.rules + rules + shown) + "\n", numbering, names)


def _joined(schema: Schema, fluent: set[str]) -> list[Literal]:
    """The preconditions relaxed reachability joins: all but negated fluents."""
    return [literal for literal in schema.preconditions
            if literal.positive or literal.predicate not in fluent]


def _schema_rules(head_name: str, schema: Schema, fluent: set[str], name_of: Callable[[str], str],
                  types: dict[str, str], numbering: Numbering,
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
    distinct = {predicate: tuple(len(set(map(itemgetter(position), group)))
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
