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

from strips_model.errors import InputError

DEFAULT_PLANNER = "fd"
"""The default of bench, study and compare: one planner measured the same way everywhere."""
SOLVE_DEFAULT = "auto"
"""The default of `helltaker solve` and of the Python face's `solve`: the cheapest way to an
optimal plan, whatever the level (automatic.py)."""

SOLVING: dict[str, str] = {
    "auto": "the exhaustive search over the simulator under a budget of states (5000, or 4 "
            "per open cell), then fd when it does not settle the level; the planner shown "
            "names which one did (default of solve)",
    "fd": "Fast Downward's search, A* with a pattern database over the hero's cell, bounded "
          "by the budget, on the task clingo's grounder gives (default of bench, study and "
          "compare)",
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

LIGHT_ATTEMPTS = frozenset({"auto", "search"})
"""Solving planners whose attempt imports no package of its own, or (auto) most often none:
not worth a child forked ahead of its job (every other one imports tens of milliseconds of
libraries or more)."""


class UnknownPlanner(InputError, ValueError):
    """A planner name that is none of `SOLVING`: a `ValueError` too, as Python callers of
    the face (translator/api.py) expect of a bad argument."""


def known_planner(name: str) -> str:
    """`name` when it is a solving planner's; otherwise `UnknownPlanner` naming them all."""
    if name not in SOLVING:
        raise UnknownPlanner(f"unknown planner {name!r}; the planners are "
                             f"{', '.join(SOLVING)}")
    return name


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
