"""The relaxed-reachability grounding of a domain over a level's facts, by clingo's grounder
(C++): the ground actions and fluent atoms that `--planner fd`, `asp` and `sat` translate
(sas_translation.py). It over-approximates what is reachable, as Fast Downward's grounding does;
exact_semantics.py is the exact grounding of a state, and fd_translate.py the reference.

The program (grounding_program.py) is positive apart from negations of facts: grounding
decides every atom, and the solver only hands over the one model. Its answers are read back
by position (shown_atoms.py), as integer arrays of object numbers (`Grounding.rows`) that
the translation indexes, never as tuples of names: a 300x300 room has 700,000 ground
actions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from strips_model.ground_plan import PlanStep
from strips_model.schema import Domain
from translator.ground.grounding_program import Program, grounding_program
from translator.ground.placewise_reach import possibly_applicable
from translator.ground.shown_atoms import shown_rows
from translator.model.level_facts import Atom, Facts

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
    translation indexes arrays with them (sas_translation.py), never tuples of names."""

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


def ground(domain: Domain, facts: Facts) -> Grounding:
    """The ground actions and fluent atoms reachable in the relaxed task."""
    import clingo  # here, not at the top: a process that never grounds does not load it

    kept = possibly_applicable(domain, facts)
    applicable = replace(domain, schemas=tuple(
        schema for schema, keep in zip(domain.schemas, kept, strict=True) if keep))
    program = grounding_program(applicable, facts)
    numbering, names = program.numbering, program.names
    control = clingo.Control(["--warn=none"])
    control.add("base", [], program.text)
    control.ground([("base", [])])
    # The program is positive (negations are of facts): grounding decides every atom, and
    # its one model lists the shown atoms in one call, where walking the symbolic atoms
    # costs several calls into clingo per atom.
    with control.solve(yield_=True) as models:
        shown = next((shown_rows(model, _longest_text(program, applicable)) for model in models),
                     {})
    names_by_number = tuple(numbering.names)
    rank = _name_ranks(names_by_number)
    found = iter([_sorted_rows(shown.get(f"o{index}", _no_rows(len(schema.parameters))), rank)
                  for index, schema in enumerate(applicable.schemas)])
    # The schemas left out have no action (placewise_reach.py).
    rows = tuple(next(found) if keep else _no_rows(len(schema.parameters))
                 for schema, keep in zip(domain.schemas, kept, strict=True))
    objects = names_by_number.__getitem__
    fluents: set[Atom] = set()
    for predicate, name in names.items():
        if name in shown:
            fluents.update((predicate, *map(objects, arguments))
                           for arguments in shown[name].tolist())
    return Grounding(frozenset(fluents), names_by_number,
                     tuple(schema.name for schema in domain.schemas), rows)


def _longest_text(program: Program, domain: Domain) -> int:
    """A bound on the length of a shown atom's text: its name, and each argument an object
    number with its comma (the fluents' arities are at most the schemas')."""
    arity = max([len(schema.parameters) for schema in domain.schemas] +
                [len(predicate.types) for predicate in domain.predicates])
    name = max(map(len, [*program.names.values(), f"o{len(domain.schemas)}"]))
    return name + 2 + arity * (len(str(len(program.numbering.names))) + 1)


def _no_rows(arity: int) -> ObjectIds:
    return np.zeros((0, arity), dtype=np.int64)


def _name_ranks(names: tuple[str, ...]) -> npt.NDArray[np.int64]:
    """Each object number's place among the names in sorted order: sorting rows by ranks
    sorts them by names, as the translation's operator order (and Fast Downward's) is."""
    rank = np.empty(len(names), dtype=np.int64)
    rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
    return rank


def _sorted_rows(rows: ObjectIds, rank: npt.NDArray[np.int64]) -> ObjectIds:
    if len(rows) < 2 or rows.shape[1] == 0:
        return rows
    ranks = rank[rows]
    # lexsort sorts by its last key first: the first parameter is the primary key.
    return rows[np.lexsort(ranks.T[::-1])]
