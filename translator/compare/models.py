"""A model under comparison, set up on a level: its exact semantics and its planning problem.

Two vocabularies are known: the one of seed report 001 (`helltaker(X, Y)`, `counter(C)`,
`plusOne`; translator/compare/report_model.py) and ours (`hero(C)`, `adjacent(C, N, Dir)`;
translator/compare/our_model.py). A model file is read in the vocabulary its predicates belong to.

Each level gives two views of the model. The *exact* one is the schemas as read (see
translator/compare/readings.py), ground by `Grounder` over the level's facts: replays use it,
so what is said about a model's behaviour is about the model as written. The *planning* one
is what Fast Downward gets, which may be compiled for the grounder's sake (the report model's
counter, for one); its plans are replayed in the exact view before anything is concluded.
"""

from __future__ import annotations

from typing import Protocol

from unified_planning.model import Problem
from unified_planning.plans import ActionInstance

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.reports.document import Report
from strips_model.schema import Schema
from translator.compare.observation import Observation
from translator.compare.our_model import OurModel
from translator.compare.report_model import ReportModel
from translator.encode.grounding import GroundAction
from translator.encode.level_facts import Atom


class LevelModel(Protocol):
    """A model on one level."""

    level: Level
    init_note: str
    """Where the initial state comes from, for the report."""
    notes: tuple[str, ...]
    """Treatments this level needed (for instance a phantom trap), one sentence each."""
    search: str
    """Fast Downward search configuration, without spaces."""
    cost_limit: int
    """The most a plan may spend in this model (inclusive)."""

    def initial(self) -> frozenset[Atom]: ...

    def applicable(self, atoms: frozenset[Atom]) -> list[GroundAction]: ...

    def direction(self, action: GroundAction) -> Direction | None:
        """The key press an action stands for, None for bookkeeping actions."""
        ...

    def observe(self, atoms: frozenset[Atom]) -> Observation: ...

    def goal_holds(self, atoms: frozenset[Atom]) -> bool: ...

    def problem(self) -> Problem: ...

    def decode(self, instance: ActionInstance) -> tuple[str, dict[str, str]] | None:
        """A planner action as (schema, argument of each exact parameter it fixes), or None
        for an action that only exists in the planning view."""
        ...

    def static(self) -> frozenset[Atom]:
        """The exact view's static facts."""
        ...

    def schemas_for(self, direction: Direction) -> list[tuple[Schema, dict[str, str]]]:
        """The exact schemas that may stand for a key press, each with the binding the key
        press fixes (ours: the direction parameter)."""
        ...


class ComparedModel(Protocol):
    label: str
    vocabulary: str
    schemas: tuple[Schema, ...]
    """As written in the file."""
    goal: str
    """The goal, as the model states it."""

    def on(self, level: Level) -> LevelModel: ...


REPORT_VOCABULARY = frozenset({"helltaker", "counter", "plusOne"})
OUR_VOCABULARY = frozenset({"hero", "adjacent"})


def compared_model(report: Report, label: str) -> ComparedModel:
    """The model a file describes, in the vocabulary its predicates belong to."""
    used = {lit.predicate for s in report.schemas for lit in (*s.preconditions, *s.effects)}
    if used >= REPORT_VOCABULARY:
        return ReportModel(report, label)
    if used >= OUR_VOCABULARY:
        return OurModel(report, label)
    raise SchemaError(
        f"the schemas use neither seed 001's vocabulary ({', '.join(sorted(REPORT_VOCABULARY))}) "
        f"nor ours ({', '.join(sorted(OUR_VOCABULARY))}), so no level can be translated into it",
        Position(report.source))
