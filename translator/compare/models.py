"""A model under comparison, set up on a level: its exact semantics and its planning problem.

A model file is read in ours (`hero(C)`, `adjacent(C, N, Dir)`; translator/compare/our_model.py)
or in a vocabulary declared as data (strips_model/reports/vocabulary.py): the one given with
`--vocabulary FILE`, else the shipped one its predicates match (vocabularies/*.toml). Models of
seed 001's kind, which count moves with a counter, run through
translator/compare/report_model.py.

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
from strips_model.reports.vocabulary import Vocabulary, matching_vocabulary, shipped_vocabularies
from strips_model.schema import Schema, build_domain
from translator.compare.arithmetic import without_arithmetic
from translator.compare.observation import Observation
from translator.compare.our_model import OurModel
from translator.compare.readings import read_schemas
from translator.compare.report_model import ReportModel
from translator.ground.exact_semantics import GroundAction
from translator.model.level_facts import Atom


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


OUR_VOCABULARY = frozenset({"hero", "adjacent"})
COUNTED_ROLES = ("counter", "successor", "demon", "wall", "boulder", "skeleton", "key", "lock",
                 "trap", "spikes")
"""What the report model kind (translator/compare/report_model.py) reads a level with: a
counter(N) of moves left and its successor relation, and every part of the game."""
COUNTED_VALUES = ("trap_lowered", "trap_raised", "lock_closed", "lock_opened")


def used_predicates(schemas: tuple[Schema, ...]) -> frozenset[str]:
    return frozenset(lit.predicate for s in schemas for lit in (*s.preconditions, *s.effects))


class UnbuildableModel:
    """A model that no planner can take as written (an arity clash, say): the comparison
    reports why, level by level, instead of running it."""

    def __init__(self, report: Report, label: str, vocabulary: Vocabulary | None,
                 defect: str) -> None:
        self.label = label
        self.words = vocabulary
        self.vocabulary = f"{vocabulary.name} ({vocabulary.summary})" if vocabulary \
            else "none: no vocabulary names its predicates"
        self.schemas = report.schemas
        self.goal = "not read: the model cannot be built"
        self.defect = defect

    def on(self, level: Level) -> LevelModel:
        raise SchemaError(f"the model cannot be built: {self.defect}", Position(level.source))


def model_defect(schemas: tuple[Schema, ...]) -> str | None:
    """What keeps the schemas, read as every model is (readings.py, arithmetic.py), from
    making a planning domain; None when they make one."""
    read, _ = read_schemas(schemas)
    try:
        build_domain(tuple(without_arithmetic(schema) for schema in read), "", strict=False)
    except SchemaError as error:
        return str(error)
    return None


def compared_model(report: Report, label: str, vocabulary: Vocabulary | None = None
                   ) -> ComparedModel | UnbuildableModel:
    """The model a file describes: in `vocabulary` when given, else in ours when its
    predicates are ours, else in the shipped vocabulary its predicates match."""
    used = used_predicates(report.schemas)
    if vocabulary is None:
        if used >= OUR_VOCABULARY:
            return OurModel(report, label)
        vocabulary = matching_vocabulary(used)
    if vocabulary is None:
        raise SchemaError(
            "the schemas use none of the shipped vocabularies' hero predicates "
            f"({', '.join(v.required('hero') for v in shipped_vocabularies())}) nor ours "
            f"({', '.join(sorted(OUR_VOCABULARY))}): write a vocabulary file saying which "
            "predicate plays which part (`helltaker compare --vocabulary-template "
            f"{report.source}` drafts one) and pass it with --vocabulary FILE",
            Position(report.source))
    defect = model_defect(report.schemas)
    if defect is not None:
        return UnbuildableModel(report, label, vocabulary, defect)
    missing = [role for role in COUNTED_ROLES if vocabulary.predicate(role) is None]
    missing += [name for name in COUNTED_VALUES if name not in dict(vocabulary.values)]
    if missing:
        raise SchemaError(
            f"the model reads a level in the vocabulary {vocabulary.name} "
            f"({vocabulary.source}), which lacks {', '.join(missing)}: compare can run models "
            "that count moves with a counter(N) and its successor relation and name every "
            "part of the game (seed 001's kind); this one is not supported yet",
            Position(report.source))
    try:
        return ReportModel(report, label, vocabulary)
    except SchemaError as error:
        # Read, linted, but not translatable as written (a variable its compilation cannot
        # place, no goal): the comparison says so level by level.
        return UnbuildableModel(report, label, vocabulary, str(error))


def model_or_defect(report: Report, label: str, vocabulary: Vocabulary | None = None
                    ) -> ComparedModel | UnbuildableModel:
    """`compared_model`, with a model no vocabulary can run (none matches, or the one that
    does lacks a role) kept as unbuildable: the schemas were read, so they are still linted
    and reported; only unreadable input stops a comparison."""
    try:
        return compared_model(report, label, vocabulary)
    except SchemaError as error:
        return UnbuildableModel(report, label, vocabulary, error.message)
