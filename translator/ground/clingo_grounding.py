"""The relaxed-reachability grounding of a domain over a level's facts, by clingo's grounder
(C++): the ground actions and fluent atoms that `--planner fd`, `asp` and `sat` translate
(sas_translation.py). It over-approximates what is reachable, as Fast Downward's grounding does;
exact_semantics.py is the exact grounding of a state, and fd_translate.py the reference.

The program (grounding_program.py) is positive apart from negations of facts: grounding
decides every atom, and the solver only hands over the one model. Its answers are read back
by position, as integer arrays of object numbers (`Grounding.rows`) that the translation
indexes, never as tuples of names: a 300x300 room has 700,000 ground actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from strips_model.ground_plan import PlanStep
from strips_model.schema import Domain
from translator.ground.grounding_program import grounding_program
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

    program = grounding_program(domain, facts)
    numbering, names = program.numbering, program.names
    control = clingo.Control(["--warn=none"])
    control.add("base", [], program.text)
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
