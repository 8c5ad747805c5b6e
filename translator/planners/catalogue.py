"""The planners' names and one-line descriptions, read without importing any planner's
machinery: what the command line needs to parse `--planner` and write its help.

The registry (registry.py) builds its table on these names and descriptions and maps each
name to its back-end; a test keeps the two in step. `Preparation` is what an attempt's child
runs before its job (the back-end's imports): equal for equal planners, so that a child
reserved for a planner before the registry is even imported (processes.py `reserve_child`)
is the one that planner's attempt takes.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Protocol, cast

DEFAULT_PLANNER = "fd"

SOLVING: dict[str, str] = {
    "fd": "Fast Downward's search, A* with a pattern database over the hero's cell, bounded "
          "by the budget, on the task clingo's grounder gives (default)",
    "fd-translate": "the same search on the task Fast Downward's own translator gives (the "
                    "reference grounding, slower on big levels)",
    "fd-up": "Fast Downward through unified-planning's OneshotPlanner, blind A* "
             "(astar(blind())) bounded by the budget",
    "symk": "SymK through up-symk: optimal symbolic search sym_bd bounded by the budget",
    "pyperplan": "pyperplan through up-pyperplan: breadth-first search on a compiled variant "
                 "where damage is an extra unit step, so plan length = cost",
    "asp": "clingo on the ground task as facts for one sequential planning encoding, "
           "optimal by its #minimize over action costs",
    "sat": "Glucose 4.2 through python-sat on the ground task as CNF over budget steps, the "
           "budget as a totalizer over cost units, optimal by tightening it",
    "search": "exhaustive A* over the simulator (the reference)",
}
"""The planners that solve, in the order the help lists them: `--planner` of solve, bench,
study and compare."""

ENUMERATING: dict[str, str] = {
    "kstar": "IBM's K* top-quality search (blind heuristic), after Fast Downward has found "
             "the optimum",
}
"""Planners that only enumerate plans (`helltaker plans`), not listed above."""

LIGHT_ATTEMPTS = frozenset({"search"})
"""Solving planners whose attempt imports no package of its own: not worth a child forked
ahead of its job (every other one imports tens of milliseconds of libraries or more)."""


def describe_planners() -> str:
    """`name = description; ...`, for the `--planner` help of every command."""
    return "; ".join(f"{name} = {description}" for name, description in SOLVING.items())


class _Registry(Protocol):
    """What this module asks of registry.py: the one call a reserved child makes."""

    def prepare_attempt(self, planner: str) -> None: ...


_REGISTRY = "translator.planners.registry"
"""registry.py, imported by name: it is built on this module (an import of it here would be a
cycle), and this module is read long before the registry is worth importing. The name and the
`_Registry` protocol are checked against the module by tests/planners/test_catalogue.py."""


def registry() -> _Registry:
    """The registry module, imported on first use, typed by what this module calls of it."""
    return cast(_Registry, importlib.import_module(_REGISTRY))


@dataclass(frozen=True, slots=True)
class Preparation:
    """What the child of an attempt of `planner` runs before its job: the back-end's imports
    and the parsed schemas (the registry's `prepare_attempt`)."""

    planner: str

    def __call__(self) -> None:
        registry().prepare_attempt(self.planner)
