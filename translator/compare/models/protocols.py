"""What every model under comparison is, whatever its notation: a `ComparedModel`, which a
level can be run with (`on`), giving a `LevelModel`.

The implementations are models/ours.py (our predicates), models/report_model.py (a vocabulary)
and models/compared.py's `UnbuildableModel`; the level models subclass `LevelModel`
explicitly, sharing what it computes the same way for both (`pddl_bytes`).
"""

from __future__ import annotations

from typing import Protocol

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.reports.document import Report
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Domain, Schema
from translator.compare.models.left_out import LeftOut
from translator.compare.models.observation import Observation
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom, Facts


class LevelModel(Protocol):
    """A model on one level."""

    level: Level
    init_note: str
    """Where the initial state comes from, for the report."""
    goal_note: str
    """Which goal the level uses (a model's goal block, with its line), for the report."""
    notes: tuple[str, ...]
    """Treatments this level needed (for instance a phantom trap), one sentence each."""
    search: str
    """Fast Downward search configuration, without spaces."""
    cost_limit: int
    """The most a plan may spend in this model (inclusive)."""
    left_out: tuple[LeftOut, ...]
    """The schemas of the model it runs without (left_out.py): a key press none of the
    others can take may have needed one."""

    def initial(self) -> frozenset[Atom]: ...

    def applicable(self, atoms: frozenset[Atom]) -> list[GroundAction]: ...

    def forced_after(self, atoms: frozenset[Atom]) -> tuple[frozenset[Atom], int] | None:
        """The state that the actions of no key press a key press forces (models/
        forced_actions.py) lead to from `atoms`, where its action left the model, and what
        they cost; None for a model that has no such action."""
        return None

    def direction(self, action: GroundAction) -> Direction | None:
        """The key press an action stands for, None for bookkeeping actions."""
        ...

    def observe(self, atoms: frozenset[Atom]) -> Observation: ...

    def goal_holds(self, atoms: frozenset[Atom]) -> bool: ...

    def pddl_texts(self) -> tuple[str, str]:
        """The planning view as PDDL, domain and problem, as the fast writer
        (translator/model/pddl_text.py) writes it: `PDDLWriter` takes seconds a level."""
        ...

    def pddl_bytes(self) -> int:
        """The size of the planning view's PDDL text, for the report."""
        return sum(len(text.encode()) for text in self.pddl_texts())

    def planning_task(self) -> tuple[Domain, Facts] | None:
        """The planning view's schemas and facts, which Fast Downward grounds: what the
        grounding budget weighs before (translator/compare/runs/grounding_budget.py); None
        for a wrapper that does not say, which is then not weighed."""
        return None

    def decode(self, step: PlanStep) -> tuple[str, dict[str, str]] | None:
        """A planner's plan step (names lowercased, as Fast Downward writes them) as (schema,
        argument of each exact parameter it fixes), or None for an action that only exists
        in the planning view."""
        ...

    def static(self) -> frozenset[Atom]:
        """The exact view's static facts."""
        ...

    def schemas_for(self, direction: Direction) -> list[tuple[Schema, dict[str, str]]]:
        """The exact schemas that may stand for a key press, each with the binding the key
        press fixes (ours: the direction parameter)."""
        ...


class ComparedModel(Protocol):
    """A model a level can be run with (`on`), and how it reads a level."""

    label: str
    vocabulary: str
    schemas: tuple[Schema, ...]
    """As written in the file."""
    goal: str
    """The goal, as the model states it."""
    left_out: tuple[LeftOut, ...]
    """The schemas of the file it runs without (left_out.py), each with its reason."""
    exact: Domain
    """The domain its exact view grounds, the same on every level."""
    reading_questions: tuple[tuple[str, str], ...]
    """(level source, why): the levels whose game plan the model follows to the end under
    another reading than its own, and not under its own (hypotheses.py): there a divergence
    is a question of the reading, not a fault of the model."""

    @property
    def report(self) -> Report:
        """The report as the model reads it (its places gathered, its objects split)."""
        ...

    @property
    def words(self) -> Vocabulary | None:
        """The vocabulary it is read in; None for a model in our own predicates."""
        ...

    @property
    def evidence(self) -> tuple[str, ...]:
        """Why that vocabulary was inferred; empty when it was given or none is needed."""
        ...

    def on(self, level: Level) -> LevelModel: ...

    def planning_domains(self) -> tuple[Domain, ...]:
        """The domains Fast Downward is given on every level alike (one per goal view): what
        each level's worker would otherwise rename and write again (comparison.py)."""
        ...

    def init_level(self) -> Level | None:
        """The level the model's own Init describes, read as the model reads it; None
        without an Init or with one that cannot be rebuilt (models/init_level.py)."""
        ...
