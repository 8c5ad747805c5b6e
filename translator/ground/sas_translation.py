"""A grounded level (asp_grounding.py) as the finite-domain task Fast Downward's search reads.

The steps are those of Fast Downward's translator after its grounding, so that both paths
give the same task up to the numbering of variables (tests/ground/test_grounding_paths.py):
1. variables: each group of a lifted invariant (invariants.py) holding exactly one atom at
   the start is a multi-valued variable (its atoms and "none of those"); every other fluent
   atom is a binary variable;
2. operators: preconditions and effects as values (an add wins over a delete of the same
   atom; a delete in a group that the action also adds to is implied); an action whose
   preconditions contradict each other is dropped, an effect that restates its precondition
   is no effect;
3. one pass of reachability in each variable's transition graph: values no operator can
   reach from the initial value go, with the operators that require them, and variables left
   with one value go;
4. relevance: only variables the goal depends on through the causal graph stay, and
   operators left without effects go.

sas_arrays.py does the same steps with arrays and writes the text directly (what
`--planner fd` runs); this module is its reference, and its fallback for domains the arrays
do not cover.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import itemgetter

from strips_model.schema import Domain, Literal, Schema
from translator.ground.clingo_grounding import Grounding
from translator.ground.invariants import counted_positions
from translator.ground.sas_format import NONE_OF_THOSE, Operator, SasTask, Variable
from translator.model.level_facts import Atom, Facts


class Unreachable(Exception):
    """The goal cannot be reached: no task is written, the level is unsolvable."""


Key = tuple[str, object]
"""An atom as the translation looks it up: (predicate, argument, or tuple of arguments)."""


def atom_key(atom: Atom) -> Key:
    return (atom[0], atom[1] if len(atom) == 2 else atom[1:])


def _atom_name(atom: Atom, negated: bool = False) -> str:
    word = "NegatedAtom" if negated else "Atom"
    return f"{word} {atom[0]}({', '.join(atom[1:])})"


_Getter = Callable[[tuple[str, ...]], object]


@dataclass(frozen=True, slots=True)
class _Template:
    """Where each fluent literal of a schema takes its arguments from, for fast grounding."""

    schema: Schema
    constants: tuple[str, ...]
    required: tuple[tuple[str, Callable[[tuple[str, ...]], object]], ...]
    forbidden: tuple[tuple[str, Callable[[tuple[str, ...]], object]], ...]
    adds: tuple[tuple[str, Callable[[tuple[str, ...]], object]], ...]
    deletes: tuple[tuple[str, Callable[[tuple[str, ...]], object]], ...]


def _template(schema: Schema, fluent: set[str]) -> _Template:
    positions = {parameter.name: index for index, parameter in enumerate(schema.parameters)}
    constants: list[str] = []

    def getter(literal: Literal) -> Callable[[tuple[str, ...]], object]:
        indices = []
        for term in literal.args:
            if term.is_variable:
                indices.append(positions[term.name])
            else:
                constants.append(term.name)
                indices.append(len(positions) + len(constants) - 1)
        if not indices:
            return lambda _: ()
        return itemgetter(*indices)

    def of(literals: Iterable[Literal], positive: bool) -> tuple[tuple[str, Callable[
            [tuple[str, ...]], object]], ...]:
        return tuple((literal.predicate, getter(literal)) for literal in literals
                     if literal.predicate in fluent and literal.positive == positive)

    required, forbidden = of(schema.preconditions, True), of(schema.preconditions, False)
    adds, deletes = of(schema.effects, True), of(schema.effects, False)
    return _Template(schema, tuple(constants), required, forbidden, adds, deletes)


class Variables:
    """The task's variables before pruning, and the (variable, value) of each fluent atom;
    sas_arrays.py builds its look-up arrays from the same."""

    def __init__(self, domain: Domain, facts: Facts, atoms: frozenset[Atom]) -> None:
        counted = counted_positions(domain)
        groups: dict[tuple[str, tuple[str, ...]], list[Atom]] = defaultdict(list)
        singles: list[Atom] = []
        for atom in sorted(atoms):
            position = counted.get(atom[0])
            if position is None:
                singles.append(atom)
            else:
                arguments = atom[1:]
                groups[(atom[0], arguments[:position] + arguments[position + 1:])].append(atom)
        self.values: list[list[str]] = []
        self.initial: list[int] = []
        self.of: dict[Key, tuple[int, int]] = {}
        """Atom -> (variable, value meaning the atom holds)."""
        self.tables: dict[str, dict[object, tuple[int, int]]] = {}
        """The same by predicate, then arguments: the per-action look-ups then hash no
        (predicate, arguments) tuple."""
        self.binary: list[bool] = []
        for members in groups.values():
            at_start = [atom for atom in members if atom in facts.initial]
            if len(members) > 1 and len(at_start) == 1:
                self._add(members, members.index(at_start[0]))
            else:
                singles.extend(members)
        for atom in sorted(singles):
            self._add([atom], 0 if atom in facts.initial else 1)

    def _add(self, members: list[Atom], initial: int) -> None:
        variable = len(self.values)
        if len(members) == 1:
            self.values.append([_atom_name(members[0]), _atom_name(members[0], negated=True)])
        else:
            self.values.append([_atom_name(atom) for atom in members] + [NONE_OF_THOSE])
        self.binary.append(len(members) == 1)
        self.initial.append(initial)
        for value, atom in enumerate(members):
            key = atom_key(atom)
            self.of[key] = self.tables.setdefault(atom[0], {})[key[1]] = (variable, value)


_RawOperator = tuple[str, dict[int, int], dict[int, int], int]
"""(name, conditions variable -> value, effects variable -> value, cost)."""


def _operators(domain: Domain, grounding: Grounding, variables: Variables) -> list[_RawOperator]:
    fluent = {predicate.name for predicate in domain.predicates if predicate.fluent}
    tables = variables.tables

    def bound(literals: tuple[tuple[str, _Getter], ...]) -> tuple[tuple[dict[object, tuple[
            int, int]], _Getter], ...]:
        return tuple((tables.get(predicate, {}), get) for predicate, get in literals)

    templates = {}
    for schema in domain.schemas:
        template = _template(schema, fluent)
        templates[schema.name] = (template.constants, bound(template.required),
                                  bound(template.forbidden), bound(template.adds),
                                  bound(template.deletes), schema.cost)
    binary, sizes = variables.binary, [len(v) for v in variables.values]
    none_value = [1 if binary[variable] else sizes[variable] - 1
                  for variable in range(len(sizes))]
    found: list[_RawOperator] = []
    append = found.append
    for schema_name, arguments in grounding.actions:
        constants, required_at, forbidden_at, adds_at, deletes_at, cost = \
            templates[schema_name]
        full = arguments + constants if constants else arguments
        required = [table[get(full)] for table, get in required_at]
        conditions = dict(required)
        # Preconditions contradict each other when one variable is asked two values.
        if len(conditions) < len(set(required)):
            continue
        for table, get in forbidden_at:
            entry = table.get(get(full))
            if entry is not None and conditions.setdefault(entry[0], 1) != 1:
                break
        else:
            effects = dict([table[get(full)] for table, get in adds_at])
            for table, get in deletes_at:
                entry = table.get(get(full))
                if entry is not None and entry[0] not in effects:
                    # A delete of an atom the action does not add (back): "none of those".
                    effects[entry[0]] = none_value[entry[0]]
            for variable, value in conditions.items():
                if effects.get(variable) == value:
                    del effects[variable]
            if effects:
                append((" ".join((schema_name, *arguments)), conditions, effects, cost))
    return found


def _reachable_values(variables: Variables, operators: list[_RawOperator]) -> list[set[int]]:
    """Values reachable from the initial one in each variable's transition graph."""
    arcs: list[dict[int, set[int]]] = [defaultdict(set) for _ in variables.values]
    from_any: list[set[int]] = [set() for _ in variables.values]
    for _, conditions, effects, _ in operators:
        for variable, post in effects.items():
            pre = conditions.get(variable)
            if pre is None:
                from_any[variable].add(post)
            else:
                arcs[variable][pre].add(post)
    reached: list[set[int]] = []
    for variable, initial in enumerate(variables.initial):
        seen = {initial} | from_any[variable]
        frontier = list(seen)
        while frontier:
            for post in arcs[variable].get(frontier.pop(), ()):
                if post not in seen:
                    seen.add(post)
                    frontier.append(post)
        reached.append(seen)
    return reached


def sas_task(domain: Domain, facts: Facts, grounding: Grounding) -> SasTask:
    variables = Variables(domain, facts, grounding.atoms)
    goal: dict[int, int] = {}
    for atom in facts.goal:
        entry = variables.of.get(atom_key(atom))
        if entry is None or goal.setdefault(*entry) != entry[1]:
            raise Unreachable(f"the goal {atom} is never reached")
    operators = _operators(domain, grounding, variables)
    reached = _reachable_values(variables, operators)
    if any(value not in reached[variable] for variable, value in goal.items()):
        raise Unreachable("the goal is not reachable in its variable's transitions")
    operators = [operator for operator in operators
                 if all(value in reached[variable] for variable, value in operator[1].items())]
    kept = [variable for variable, values in enumerate(reached)
            if len(values) > 1 or variable in goal]
    kept = _relevant(kept, goal, operators)
    return _renumbered(variables, reached, kept, goal, operators)


def _relevant(kept: list[int], goal: dict[int, int], operators: list[_RawOperator]) -> list[int]:
    """The variables the goal depends on, through preconditions of operators changing them.

    Passes over the operators until none adds a variable: cheaper than building the causal
    graph, since a pass usually follows several links and two or three passes settle it."""
    candidates = set(kept)
    necessary = set(goal)
    changed = True
    while changed:
        changed = False
        for _, conditions, effects, _ in operators:
            if not conditions.keys() <= necessary and not effects.keys().isdisjoint(necessary):
                fresh = conditions.keys() - necessary
                necessary.update(fresh & candidates)
                changed = changed or bool(fresh & candidates)
    return [variable for variable in kept if variable in necessary]


def _renumbered(variables: Variables, reached: list[set[int]], kept: list[int],
                goal: dict[int, int], operators: list[_RawOperator]) -> SasTask:
    # Lists, not dicts, on the per-operator path: a dropped variable is -1, and each value
    # list ends with -1 so that "any value" (-1) indexes to itself.
    new_variable = [-1] * len(reached)
    new_value: list[list[int]] = [[] for _ in reached]
    for new, old in enumerate(kept):
        new_variable[old] = new
        table = [-1] * (len(variables.values[old]) + 1)
        for index, value in enumerate(sorted(reached[old])):
            table[value] = index
        new_value[old] = table
    out_variables = tuple(
        Variable(f"var{new}", tuple(variables.values[old][value]
                                    for value in sorted(reached[old])))
        for new, old in enumerate(kept))
    initial = tuple(new_value[old][variables.initial[old]] for old in kept)
    out_goal = tuple(sorted((new_variable[variable], new_value[variable][value])
                            for variable, value in goal.items()))
    # Memory, on a 300x300 room's 700,000 operators: each raw operator is freed as soon as
    # it is converted (popped from the end, the list reversed after), so raw and converted
    # operators are never all alive at once.
    out_operators: list[Operator] = []
    append = out_operators.append
    while operators:
        name, conditions, effects, cost = operators.pop()
        before = conditions.get
        changes = [(new_variable[variable], new_value[variable][before(variable, -1)],
                    new_value[variable][post])
                   for variable, post in effects.items() if new_variable[variable] >= 0]
        if changes:
            prevail = [(new_variable[variable], new_value[variable][value])
                       for variable, value in conditions.items()
                       if new_variable[variable] >= 0 and variable not in effects]
            append(Operator(name, tuple(prevail), tuple(changes), cost))
    out_operators.reverse()
    return SasTask(out_variables, initial, out_goal, tuple(out_operators))
