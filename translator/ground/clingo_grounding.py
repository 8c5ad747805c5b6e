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
no name of the model needs ASP quoting and answers are read back by position, as integer
arrays (`Grounding.rows`) that the translation indexes (sas_arrays.py). Static facts that
hold for nearly every cell are written as one rule each (uniform_facts.py): clingo parses a
fact as slowly as a rule, and a 300x300 level has a million of them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from strips_model.ground_plan import PlanStep
from strips_model.schema import Domain, Literal, Parameter, Schema
from translator.ground.join_chains import BodyLiteral, Links, join_order, popularity
from translator.ground.uniform_facts import uniform_groups
from translator.model.level_facts import Atom, Facts

if TYPE_CHECKING:
    import clingo


ObjectIds = npt.NDArray[np.int64]
"""Ground actions of one schema as rows of object numbers (`Grounding.objects`), one column
per parameter."""


@dataclass(frozen=True, slots=True, eq=False)  # arrays compare element-wise: identity
class Grounding:
    atoms: frozenset[Atom]
    """Fluent atoms reachable in the relaxed task, the initial ones included."""
    objects: tuple[str, ...]
    """Object names by the number the program gives them."""
    schemas: tuple[str, ...]
    """Schema names, in the domain's order."""
    rows: tuple[ObjectIds, ...]
    """Each schema's reachable ground actions as object numbers, sorted by object names: the
    translation indexes arrays with them (sas_arrays.py) and never builds the name tuples."""

    @property
    def action_count(self) -> int:
        return sum(len(rows) for rows in self.rows)

    @property
    def actions(self) -> tuple[PlanStep, ...]:
        """Reachable ground actions, schema by schema in the domain's order, then by name.
        Built on each call, from `rows`: the fast translation does not need them."""
        names = self.objects
        return tuple((schema, tuple(names[number] for number in row))
                     for schema, rows in zip(self.schemas, self.rows, strict=True)
                     for row in rows.tolist())


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
            for text in _symbol_texts(model.symbols(shown=True)):
                opening = text.find("(")
                texts.setdefault(text[:opening] if opening >= 0 else text, []).append(text)
            break
    names_by_number = tuple(numbering.names)
    rank = _name_ranks(names_by_number)
    rows = tuple(_sorted_rows(_read_numbers(texts.get(f"o{index}", []),
                                            len(schema.parameters)), rank)
                 for index, schema in enumerate(domain.schemas))
    objects = {text: name for name, text in numbering.text.items()}
    fluents: set[Atom] = set()
    for predicate, name in names.items():
        if name.startswith("f"):
            fluents.update((predicate, *arguments)
                           for arguments in _read(texts.get(name, []), objects))
    return Grounding(frozenset(fluents), names_by_number,
                     tuple(schema.name for schema in domain.schemas), rows)


def _symbol_texts(symbols: list[clingo.Symbol]) -> list[str]:
    """The symbols as text. `str(symbol)` asks clingo for the length, allocates a buffer and
    asks for the text, through several Python layers: 14 µs a symbol on a loaded machine,
    the largest part of the grounding's read-back (a 300x300 room has 700,000 actions).
    One call into clingo's C function per symbol, into one buffer, is 6 times faster; it
    goes through clingo's internal module, so any surprise there falls back to `str`."""
    try:
        from clingo._internal import _ffi, _lib

        size = 4096
        buffer = _ffi.new("char[]", size)
        write, read = _lib.clingo_symbol_to_string, _ffi.string
        texts = []
        for symbol in symbols:
            if not write(symbol._rep, buffer, size):  # longer than the buffer
                raise ValueError(symbol)
            texts.append(read(buffer).decode())
        return texts
    except (ImportError, AttributeError, TypeError, ValueError):
        return [str(symbol) for symbol in symbols]


def _name_ranks(names: tuple[str, ...]) -> npt.NDArray[np.int64]:
    """Each object number's place among the names in sorted order: sorting rows by ranks
    sorts them by names, as the translation's operator order (and Fast Downward's) is."""
    rank = np.empty(len(names), dtype=np.int64)
    rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
    return rank


def _read_numbers(texts: list[str], arity: int) -> ObjectIds:
    """`o3(12,4,7)`, ... read back as rows [12, 4, 7], ...: one parse of all numbers."""
    if not texts or arity == 0:
        return np.zeros((len(texts), arity), dtype=np.int64)
    opening = texts[0].index("(") + 1
    joined = ",".join([text[opening:-1] for text in texts])
    # numpy's text parser, 7 times faster than a list of strings, stops quietly at what it
    # cannot read: the count tells.
    numbers = np.fromstring(joined, dtype=np.int64, sep=",")
    if numbers.size != len(texts) * arity:
        numbers = np.array(joined.split(","), dtype=np.int64)
    return numbers.reshape(-1, arity)


def _sorted_rows(rows: ObjectIds, rank: npt.NDArray[np.int64]) -> ObjectIds:
    if len(rows) < 2 or rows.shape[1] == 0:
        return rows
    ranks = rank[rows]
    # lexsort sorts by its last key first: the first parameter is the primary key.
    return rows[np.lexsort(ranks.T[::-1])]

def _read(texts: list[str], objects: dict[str, str]) -> list[tuple[str, ...]]:
    """`o3(12,4,7)` read back as the objects numbered 12, 4 and 7."""
    if not texts or "(" not in texts[0]:
        return [() for _ in texts]
    get = objects.__getitem__
    opening = texts[0].index("(") + 1
    return [tuple(map(get, text[opening:-1].split(","))) for text in texts]
