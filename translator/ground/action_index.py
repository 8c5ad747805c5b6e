"""The ground actions a level can reach, ground once and looked up by the atoms they need:
what exact_semantics.py's `Grounder` answers from once it has been asked for many states (an
exhaustive comparison asks for thousands; joining the schemas anew in each cost a millisecond
a state). reachable_index.py builds it.

Each action is filed under two of its positive fluent preconditions, the rarest by how many
atoms of their predicate the initial state holds (the hero's cell, a counter's value), so a
state is answered by looking up its own atoms and checking the few actions filed there. Where
an action is filed changes only how fast it is found: every answer is checked against all its
needs and forbids, and answers come in the order of `IndexedAction.order`.

A schema whose parameters fall into independent parts (schema_parts.py) is filed part by
part; its actions in a state are the products of its parts that apply there, each product
made once and kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import product

from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom


@dataclass(frozen=True, slots=True)
class IndexedAction:
    order: tuple[int, tuple[tuple[str, str], ...]]
    """Its schema's number in the domain, then its binding: the order answers are given in."""
    action: GroundAction
    needs: frozenset[Atom]
    """Its positive fluent preconditions."""
    forbids: frozenset[Atom]
    """Its negative fluent preconditions."""
    part: int = 0
    """Its position among its schema's parts (schema_parts.py); 0 for a schema not cut."""


Filed = tuple[Atom | None, Atom | None, IndexedAction]
"""An action with the two needs it is filed under (None, None: it needs nothing; a second
None: it needs one atom)."""


Shapes = Mapping[int, tuple[int, tuple[str, ...]]]
"""For each schema filed part by part, by its number: how many parts it has, and its
parameters' names in order."""


class _Filed:
    """Entries by the needs they are filed under, answered by a state's own atoms."""

    def __init__(self, actions: Iterable[Filed]) -> None:
        self.always: list[IndexedAction] = []
        self.filed: dict[Atom, dict[Atom | None, list[IndexedAction]]] = {}
        for first, second, entry in actions:
            if first is None:
                self.always.append(entry)
            else:
                self.filed.setdefault(first, {}).setdefault(second, []).append(entry)

    def matching(self, state: frozenset[Atom]) -> list[IndexedAction]:
        found = [entry for entry in self.always if state.isdisjoint(entry.forbids)]
        filed = self.filed
        for atom in state:
            by_second = filed.get(atom)
            if by_second is None:
                continue
            for second, entries in by_second.items():
                if second is None or second in state:
                    found.extend(entry for entry in entries if entry.needs <= state
                                 and state.isdisjoint(entry.forbids))
        return found


def _leading_parts(entries: list[Filed], shapes: Shapes) -> dict[int, int]:
    """For each cut schema, the part it is looked up by, its other parts looked up only where
    that one applies: the part fewest states match. That is the part of the most conditions
    (the hero's cells with what lies around them, not the counter that every state holds a
    value of), then of the most actions; a part with no action first, as the schema applies
    nowhere."""
    weights: dict[tuple[int, int], tuple[int, int]] = {}
    for _, _, entry in entries:
        if entry.order[0] in shapes:
            key = (entry.order[0], entry.part)
            rows = weights.get(key, (0, 0))[1]
            weights[key] = (len(entry.needs) + len(entry.forbids), rows + 1)

    def lead(number: int, part: int) -> tuple[bool, int, int]:
        conditions, rows = weights.get((number, part), (0, 0))
        return rows == 0, conditions, rows

    return {number: max(range(parts), key=partial(lead, number))
            for number, (parts, _) in shapes.items()}


class ActionIndex:
    """Reachable ground actions by their rarest needs (the module doc)."""

    def __init__(self, actions: Iterable[Filed], universe: frozenset[Atom],
                 shapes: Shapes | None = None) -> None:
        self.universe = universe
        """Every atom a reachable state can hold: a state with another is not answered."""
        self._shapes = shapes or {}
        entries = list(actions)
        self._leading = _leading_parts(entries, self._shapes)
        main: list[Filed] = []
        rest: dict[tuple[int, int], list[Filed]] = {}
        for filed in entries:
            entry = filed[2]
            leading = self._leading.get(entry.order[0])
            if leading is None or entry.part == leading:
                main.append(filed)
            else:
                rest.setdefault((entry.order[0], entry.part), []).append(filed)
        self._main = _Filed(main)
        self._rest = {key: _Filed(rest.get(key, ())) for key in (
            (number, part) for number, (parts, _) in self._shapes.items()
            for part in range(parts) if part != self._leading[number])}
        self._joined: dict[tuple[int, ...], IndexedAction] = {}

    def applicable(self, state: frozenset[Atom]) -> list[GroundAction]:
        found = self._main.matching(state)
        if self._shapes:
            found = self._whole(found, state)
        found.sort(key=lambda entry: entry.order)
        return [entry.action for entry in found]

    def _whole(self, found: list[IndexedAction], state: frozenset[Atom]
               ) -> list[IndexedAction]:
        """The entries found, each cut schema's leading part joined with its other parts
        that apply in `state` into its actions."""
        whole: list[IndexedAction] = []
        others: dict[int, list[list[IndexedAction]]] = {}
        for entry in found:
            number = entry.order[0]
            shape = self._shapes.get(number)
            if shape is None:
                whole.append(entry)
                continue
            groups = others.get(number)
            if groups is None:
                groups = others[number] = [
                    [] if part == entry.part else self._rest[number, part].matching(state)
                    for part in range(shape[0])]
            groups[entry.part].append(entry)
        for groups in others.values():
            if all(groups):
                whole.extend(map(self._joined_parts, product(*groups)))
        return whole

    def _joined_parts(self, parts: tuple[IndexedAction, ...]) -> IndexedAction:
        # Entries live as long as the index: their identities name the product.
        key = tuple(map(id, parts))
        known = self._joined.get(key)
        if known is None:
            number = parts[0].order[0]
            values = dict(pair for part in parts for pair in part.action.binding)
            binding = tuple((name, values[name]) for name in self._shapes[number][1])
            first = parts[0].action
            action = GroundAction(first.schema, binding,
                                  frozenset().union(*(p.action.add for p in parts)),
                                  frozenset().union(*(p.action.delete for p in parts)),
                                  first.cost)
            known = self._joined[key] = IndexedAction(
                (number, binding), action, frozenset().union(*(p.needs for p in parts)),
                frozenset().union(*(p.forbids for p in parts)))
        return known
