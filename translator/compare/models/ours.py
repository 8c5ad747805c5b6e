"""A model in our vocabulary (`hero(C)`, `adjacent(C, N, Dir)`, ...) on a level.

Both views are the same here: the schemas need no compiling, the level's facts come from
translator/model/level_facts.py, and the search is the one `helltaker solve` uses. This is how
`helltaker compare` reads strips_model/helltaker.strips, or a variant of it, as the REPORT.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.pddl_names import pddl_symbol
from strips_model.reports.document import Report
from strips_model.reports.schema_readings import read_schemas
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Domain, Schema, build_domain
from translator.compare.models.init_level import init_level
from translator.compare.models.left_out import LeftOut
from translator.compare.models.observation import Observation
from translator.compare.models.protocols import LevelModel
from translator.ground.exact_semantics import Grounder
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import (
    PARITY,
    Atom,
    Facts,
    cell_of_name,
    level_facts,
)
from translator.model.pddl_text import domain_text, problem_text
from translator.planners.fast_downward import blind_search_configuration
from translator.solving.key_presses import DIRECTION_TYPE

_level_facts = lru_cache(maxsize=512)(level_facts)
"""A level's facts, the same for every variant of the model set up on it (a repair sets
hundreds up on the same levels)."""


_SEEN = ("hero", "boulder", "skeleton", "locked")
"""The predicates of ours whose cells the player sees."""


class OurModel:
    vocabulary = "ours (hero, adjacent, occupied, phase)"
    words: Vocabulary | None = None
    """Our own predicates need no vocabulary."""
    evidence: tuple[str, ...] = ()

    left_out: tuple[LeftOut, ...] = ()
    """Our model builds whole."""
    reading_questions: tuple[tuple[str, str], ...] = ()

    def __init__(self, report: Report, label: str) -> None:
        self.label = label
        self.report = report
        self.schemas = report.schemas
        self.goal = "won(yes), added by the moves that end next to a demon"
        read, _ = read_schemas(report.schemas)
        self.exact = build_domain(read, report.source)

    def on(self, level: Level) -> OurLevelModel:
        return OurLevelModel(self, level)

    def planning_domains(self) -> tuple[Domain, ...]:
        return (self.exact,)

    def init_level(self) -> Level | None:
        return init_level(self.report, self.words)


class OurLevelModel(LevelModel):
    init_note = "translator/model/level_facts.py"
    goal_note = "the game's (R-G1)"
    notes: tuple[str, ...] = ()
    left_out: tuple[LeftOut, ...] = ()

    def __init__(self, model: OurModel, level: Level) -> None:
        self.model = model
        self.level = level
        self.cost_limit = level.budget
        self.search = blind_search_configuration(level.budget)
        traps = level.traps_lowered | level.traps_raised
        self._raised = {parity: frozenset(c for c in traps if level.hurts(c, parity))
                        for parity in PARITY}
        # An exhaustive comparison observes each state again for every key press reaching it.
        self._seen: dict[frozenset[Atom], Observation] = {}

    @cached_property
    def _facts(self) -> Facts:
        return _level_facts(self.level)

    @cached_property
    def _grounder(self) -> Grounder:
        return Grounder(self.model.exact, self._facts)

    def initial(self) -> frozenset[Atom]:
        return self._facts.initial

    def static(self) -> frozenset[Atom]:
        return self._facts.static

    def schemas_for(self, direction: Direction) -> list[tuple[Schema, dict[str, str]]]:
        value = direction.pddl_name
        return [(schema, {p.name: value for p in schema.parameters if p.type == DIRECTION_TYPE})
                for schema in self.model.exact.schemas]

    def applicable(self, atoms: frozenset[Atom]) -> list[GroundAction]:
        return self._grounder.applicable(atoms)

    def direction(self, action: GroundAction) -> Direction | None:
        return next((direction for _, value in action.binding
                     if (direction := Direction.of_pddl_name(value)) is not None), None)

    def goal_holds(self, atoms: frozenset[Atom]) -> bool:
        return all(goal in atoms for goal in self._facts.goal)

    def observe(self, atoms: frozenset[Atom]) -> Observation:
        seen = self._seen.get(atoms)
        if seen is None:
            seen = self._seen[atoms] = self._observed(atoms)
        return seen

    def _observed(self, atoms: frozenset[Atom]) -> Observation:
        # One pass over the atoms: an exhaustive comparison observes thousands of states.
        cells: dict[str, set[tuple[int, int]]] = {name: set() for name in _SEEN}
        for atom in atoms:
            if atom[0] in cells and len(atom) == 2:
                cell = cell_of_name(atom[1])
                if cell is not None:
                    cells[atom[0]].add(cell)
        has_key = ("has_key", "yes") in atoms
        parity = next((p for p, name in PARITY.items() if ("phase", name) in atoms), 0)
        return Observation(
            hero=frozenset(cells["hero"]), boulders=frozenset(cells["boulder"]),
            skeletons=frozenset(cells["skeleton"]),
            key_taken=has_key, lock_open=has_key or not cells["locked"],
            raised_traps=self._raised[parity],
        )

    def planning_task(self) -> tuple[Domain, Facts]:
        return self.model.exact, self._facts

    def pddl_texts(self) -> tuple[str, str]:
        return (domain_text(self.model.exact),
                problem_text(self.model.exact, self._facts, self.level.name))

    def decode(self, step: PlanStep) -> tuple[str, dict[str, str]] | None:
        # Fast Downward's plans name actions and objects as the PDDL text does (pddl_text.py).
        name, arguments = step
        schema = next(s for s in self.model.exact.schemas if pddl_symbol(s.name) == name)
        objects = {pddl_symbol(o): o for names in self._facts.objects.values() for o in names}
        return schema.name, {p.name: objects.get(value, value) for p, value in
                             zip(schema.parameters, arguments, strict=True)}
