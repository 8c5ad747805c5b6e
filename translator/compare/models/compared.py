"""A model under comparison, set up on a level: its exact semantics and its planning problem.

A model file is read in ours (`hero(C)`, `adjacent(C, N, Dir)`; translator/compare/models/ours.py)
or in a vocabulary declared as data (strips_model/reports/vocabulary.py): the one given with
`--vocabulary FILE`, else the one inferred from its schemas
(translator/compare/vocabulary/inference.py). Models of
seed 001's kind, which count moves with a counter, run through
translator/compare/models/report_model.py.

Each level gives two views of the model. The *exact* one is the schemas as read (see
strips_model/reports/schema_readings.py), ground by `Grounder` over the level's facts: replays
use it,
so what is said about a model's behaviour is about the model as written. The *planning* one
is what Fast Downward gets, which may be compiled for the grounder's sake (the report model's
counter, for one); its plans are replayed in the exact view before anything is concluded.
"""

from __future__ import annotations

import re

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.document import Report
from strips_model.reports.schema_readings import read_schemas
from strips_model.reports.vocabulary import Vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from strips_model.schema import Domain, Schema, build_domain
from translator.compare.models.init_level import init_level
from translator.compare.models.left_out import LeftOut, leave_out, without_arity_slips
from translator.compare.models.ours import OurModel
from translator.compare.models.probes import convention_by_probes
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.models.report_model import ReportModel
from translator.compare.models.unread import unread_first
from translator.compare.vocabulary.behaviour import goal_literals
from translator.compare.vocabulary.gathered_places import gather_places
from translator.compare.vocabulary.inference import InferredVocabulary, infer_vocabulary
from translator.compare.vocabulary.object_places import split_objects

OUR_VOCABULARY = frozenset({"hero", "adjacent"})
STEPPING = re.compile(r"(plus|minus)_[0-9]+")
"""The relations arithmetic terms compile to (arithmetic.py): a way to step coordinates."""


def used_predicates(schemas: tuple[Schema, ...]) -> frozenset[str]:
    return frozenset(lit.predicate for s in schemas for lit in (*s.preconditions, *s.effects))


AS_WRITTEN = "cannot be solved as written"
"""The cause of a model no planner can take as written."""
UNEXPLAINED = "is read by no reading under which it follows the game"
"""The cause of a model whose every reading tried follows none of the game's key presses
(hypotheses.py): its reading, not the model, is in question, and no verdict is given."""


class UnbuildableModel:
    """A model that no planner can take as written (an arity clash, say): the comparison
    reports why, level by level, instead of running it."""

    reading_questions: tuple[tuple[str, str], ...] = ()

    def __init__(self, report: Report, label: str, vocabulary: Vocabulary | None,
                 defect: str, evidence: tuple[str, ...] = (),
                 left_out: tuple[LeftOut, ...] = (), cause: str = AS_WRITTEN) -> None:
        self.label = label
        self.report = report
        self.words = vocabulary
        self.evidence = evidence
        self.vocabulary = f"{vocabulary.name} ({vocabulary.summary})" if vocabulary \
            else "none: no vocabulary names its predicates"
        self.schemas = report.schemas
        self.goal = "not read: the model cannot be built"
        self.defect = defect
        self.cause = cause
        """Why nothing of it is run, before the defect: `AS_WRITTEN`, or `UNEXPLAINED`."""
        self.left_out = left_out
        self.exact = Domain((), (), report.source)  # nothing is ground for it

    def on(self, level: Level) -> LevelModel:
        raise SchemaError(f"the model cannot be built: {self.defect}", Position(level.source))

    def planning_domains(self) -> tuple[Domain, ...]:
        return ()

    def init_level(self) -> Level | None:
        return init_level(self.report, self.words)


ModelOrDefect = ComparedModel | UnbuildableModel
"""A model file built: a model a level can be run with, or why none can (the one value of a
model that cannot be built)."""


def model_defect(schemas: tuple[Schema, ...]) -> SchemaError | None:
    """What keeps the schemas, read as every model is (schema_readings.py, arithmetic.py), from
    making a planning domain; None when they make one."""
    read, _ = read_schemas(schemas)
    try:
        build_domain(tuple(without_arithmetic(schema) for schema in read), "", strict=False)
    except SchemaError as error:
        return error
    return None


def compared_model(report: Report, label: str, vocabulary: Vocabulary | None = None
                   ) -> ComparedModel | UnbuildableModel:
    """The model a file describes: in `vocabulary` when given, else in ours when its
    predicates are ours, else in the vocabulary inferred from its schemas. A schema that
    cannot be built is left out, with its reason (models/left_out.py): never the whole model."""
    if vocabulary is None and used_predicates(report.schemas) >= OUR_VOCABULARY:
        return OurModel(report, label)
    gathered = gather_places(report)  # `at(X, hero, Y)` read as `at(hero, X, Y)`
    split = split_objects(gathered.report)  # `at(hero, X, Y)` read as `at_hero(X, Y)`
    report, slips = without_arity_slips(split.report)
    inferred = InferredVocabulary(vocabulary, ()) if vocabulary is not None else \
        infer_vocabulary(report.schemas, report.source, report.goal is not None,
                         cells=init_constants(report), goal=goal_literals(report.goal),
                         init=report.init.atoms if report.init is not None else ())
    vocabulary = inferred.vocabulary
    evidence = (*gathered.evidence, *split.evidence, *inferred.evidence) \
        if inferred.evidence else ()
    return _built(report, label, inferred, evidence, list(slips))


def _built(report: Report, label: str, inferred: InferredVocabulary, evidence: tuple[str, ...],
           left: list[LeftOut]) -> ReportModel | UnbuildableModel:
    """The model on the schemas that can be built, those left out (`left`, and those found
    here) carried by the model."""
    vocabulary = inferred.vocabulary
    if vocabulary.predicate("hero") is None:
        first = unread_first(report.skipped, "no schema moves the hero")  # the likelier cause
        return UnbuildableModel(report, label, vocabulary, first + (
            "no predicate reads as the hero (a place that every action needs exactly one "
            "of): write a vocabulary file saying which predicate plays which part "
            f"(`helltaker compare {report.source} --vocabulary-out mine.toml` drafts one) "
            "and pass it with --vocabulary FILE"), evidence, tuple(left))
    while (defect := model_defect(report.schemas)) is not None:
        rest = leave_out(report, defect)
        if rest is None:
            return UnbuildableModel(report, label, vocabulary, str(defect), evidence,
                                    tuple(left))
        report, dropped = rest
        left += dropped
    steps = vocabulary.predicate("successor") is not None or any(
        role.startswith("adjacent") for role, _ in vocabulary.roles) or any(
        STEPPING.fullmatch(name) for name in used_predicates(
            tuple(without_arithmetic(schema) for schema in report.schemas)))
    if not steps:
        # Every other part is optional: a level's part the model cannot name is left out of
        # its Init, and the level's notes say so (report_init.py).
        first = unread_first(report.skipped, "no schema steps the hero")  # the likelier cause
        return UnbuildableModel(report, label, vocabulary, first + (
            f"the model reads a level in the vocabulary {vocabulary.name}, which names no "
            "successor relation, no adjacency relation and the schemas use no arithmetic "
            "(`y + 1`): compare runs models that step coordinates with one; correct the "
            "vocabulary with --vocabulary-out and --vocabulary if a role was missed"), evidence,
            tuple(left))
    if not any(vocabulary.direction_of(schema.name) is not None
               or schema.name in vocabulary.keyed_by_direction + vocabulary.keyed_by_step
               for schema in report.schemas):
        return _no_key_press(report, label, vocabulary, evidence, tuple(left))
    while True:
        try:
            model = ReportModel(report, label, vocabulary, evidence, tuple(left))
            if inferred.names_tie:  # no name tells the conventions apart: the probes do
                chosen = convention_by_probes(model, report.goal is not None)
                model = ReportModel(report, label, chosen.vocabulary, chosen.evidence,
                                    tuple(left))
            return model
        except SchemaError as error:
            rest = leave_out(report, error)
            if rest is None:
                # Read, linted, but not translatable as written (no goal, say): the
                # comparison says so level by level.
                return UnbuildableModel(report, label, vocabulary, str(error), evidence,
                                        tuple(left))
            report, dropped = rest
            left += dropped


def reread(model: ComparedModel, vocabulary: Vocabulary,
           evidence: tuple[str, ...] | None = None) -> ModelOrDefect:
    """The model's schemas read in another vocabulary (a reading the game tests: see
    translator/compare/hypotheses.py), with `evidence` (by default the model's own)."""
    said = model.evidence if evidence is None else evidence
    return _built(model.report, model.label, InferredVocabulary(vocabulary, said), said,
                  list(model.left_out))


def _no_key_press(report: Report, label: str, vocabulary: Vocabulary,
                  evidence: tuple[str, ...], left: tuple[LeftOut, ...]) -> UnbuildableModel:
    """A model none of whose actions reads as a key press, and why, with the way out."""
    first = unread_first(report.skipped, "no schema makes a key press")
    stepping = _unread_steps(report.schemas, vocabulary)
    if stepping:
        # A key press named in a vocabulary file would not run it: each level's Init
        # would write none of the relations its moves step along.
        return UnbuildableModel(report, label, vocabulary, first + (
            f"the hero's moves step its place along {', '.join(stepping)}, static "
            "relations no part of the game reads (compare writes an adjacency of two "
            "places, with a direction or one relation per direction, or a successor on "
            "coordinates), so no level's Init can list them and no move reads as a key "
            "press: compare does not run this encoding"), evidence, left)
    return UnbuildableModel(report, label, vocabulary, first + (
        "no action of the model reads as a key press (none moves the hero or an object "
        "one cell along a relation read as a direction, and no name says one); say each "
        "action's key press under [keys] in a vocabulary file (`helltaker compare "
        f"{report.source} --vocabulary-out mine.toml` drafts one) and pass it with "
        "--vocabulary FILE"), evidence, left)


def _unread_steps(schemas: tuple[Schema, ...], vocabulary: Vocabulary) -> tuple[str, ...]:
    """The static relations no role reads that a move of the hero requires between its place
    before and after (`xshift(D, X0, X1)` beside `yshift(D, Y0, Y1)`), sorted."""
    hero, read = vocabulary.predicate("hero"), vocabulary.predicates
    changed = {e.predicate for schema in schemas for e in schema.effects}
    found: set[str] = set()
    for schema in schemas:
        old = {t.name for e in schema.effects if e.predicate == hero and not e.positive
               for t in e.args if t.is_variable}
        new = {t.name for e in schema.effects if e.predicate == hero and e.positive
               for t in e.args if t.is_variable}
        found |= {lit.predicate for lit in schema.preconditions if lit.positive
                  and lit.predicate not in changed | read and old - new and new - old
                  and {t.name for t in lit.args} & (old - new)
                  and {t.name for t in lit.args} & (new - old)}
    return tuple(sorted(found))


def init_constants(report: Report) -> tuple[str, ...]:
    """The constants the model's own Init names (its cells, when a place is one term)."""
    if report.init is None:
        return ()
    return tuple(term.name for atom in report.init.atoms for term in atom.args)


def model_or_defect(report: Report, label: str, vocabulary: Vocabulary | None = None
                    ) -> ComparedModel | UnbuildableModel:
    """`compared_model`, with a model no vocabulary can run (none matches, or the one that
    does lacks a role) kept as unbuildable: the schemas were read, so they are still linted
    and reported; only unreadable input stops a comparison."""
    try:
        return compared_model(report, label, vocabulary)
    except SchemaError as error:
        return UnbuildableModel(report, label, vocabulary, error.message)


def vocabulary_record(model: ComparedModel | UnbuildableModel) -> dict[str, object]:
    """How the model reads a level, for `--json` and the report's head: the vocabulary's
    roles, values, convention and key presses, whether it was inferred, and the evidence."""
    words, evidence = model.words, model.evidence
    if words is None:
        return {"name": model.vocabulary, "inferred": False, "evidence": []}
    return {**words.as_json(), "inferred": bool(evidence), "evidence": list(evidence)}


def model_vocabulary_toml(model: ComparedModel | UnbuildableModel) -> str:
    """The vocabulary the model is read in, as a file `--vocabulary` reads, its evidence as
    comments; a model in our own predicates gets a file saying so and naming no role."""
    words = model.words
    if words is None:
        return ("# The model is written in our own predicates (hero, adjacent): it needs no "
                "vocabulary.\n")
    return vocabulary_toml(words, model.evidence)
