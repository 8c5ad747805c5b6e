"""What the planners' registry (registry.py) says of each planner: what it can do, the
back-end function that does it, named so that it is imported only when used, and the packages
it needs. Values only: the table itself and the lookups are the registry's."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Mode(Enum):
    SOLVE = "solve"
    """One plan within the budget (`helltaker solve`, bench, study, compare)."""
    ENUMERATE = "enumerate"
    """Every plan within a cost bound (`helltaker plans`)."""


@dataclass(frozen=True, slots=True)
class RequiredPackage:
    module: str
    package: str
    """The pip package that provides `module`."""


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """A back-end function, named so that it is imported only when it is used."""

    module: str
    """Its module, under translator.planners."""
    function: str
    packages: tuple[RequiredPackage, ...]
    """Checked before the module is imported."""
    preload: tuple[str, ...] = ()
    """Modules its runs will import, imported once before worker processes are forked."""
    warm_up: str | None = None
    """A function of the module run once before workers are forked for several levels (see
    `prepare_planner`), for the same reason."""


@dataclass(frozen=True, slots=True)
class Planner:
    description: str
    """One line for `--help`."""
    solve: EntryPoint | None = None
    enumerate: EntryPoint | None = None
    plans_in_actions: bool = True
    """Its plans are actions of our schemas, decoded with the parsed schema file; False for a
    planner that searches over key presses itself."""
    searches_first: bool = False
    """The simulator's search first, under a budget of states (automatic.py); `solve` only
    when it does not settle the level."""

    def entry(self, mode: Mode) -> EntryPoint | None:
        return self.solve if mode is Mode.SOLVE else self.enumerate
