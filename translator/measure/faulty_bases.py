"""Faulty bases for the repair benchmark: a correct model given one to three faults, then a
slip on top, as a student's model with faults of its own meets one more (issue 40).

The faults are the benchmark's own mutants (compare/repair/mutants.py) of the correct model,
drawn by the same seeded generator and kept only when they diverge (the model fails some
level or probe, or runs without a schema): an equivalent mutant is no fault. They are pooled
once per model (`fault_pool`), and the i-th base takes 1 + i mod 3 of them in turn
(`base_faults`), so a sample has bases of one, two and three faults alike.

The slip is a mutant of the faulty base, on a literal no fault touched (`apart`). Its
divergences are what it changes that the student can see: the levels and probes the base
agreed on and the slipped base fails, and a schema the slipped base cannot build that the
base could. A slip with none is masked by the base's faults, counted apart (`live`). Slips
are taken with the operators in turn (the i-th slip starts at the i-th operator), a masked
candidate passed over for the next, at most `SLIP_TRIES` of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.errors import InputError
from strips_model.schema import Schema
from translator.compare.check import ModelSetUp, set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.edits import Kind, literal_key
from translator.compare.repair.fixes import (
    OPERATORS,
    Edit,
    mutants,
    mutants_of,
    mutated,
    operator,
    repair_cases,
)
from translator.compare.repair.mirror import direction_words
from translator.compare.repair.search import AS_WRITTEN, failing_cases, left_out_failures
from translator.compare.repair.search_terms import Subject
from translator.compare.repair.verify import Failure, verify

MAX_FAULTS = 3
DRAWS_PER_FAULT = 8
"""Candidates drawn for each fault of the pool: most mutants of a correct model are
equivalent on the evidence (six in ten in the clean benchmark)."""
SLIP_DRAWS = 2 * len(OPERATORS)
"""Candidate slips drawn on one base: each operator twice."""
SLIP_TRIES = 6
"""Candidate slips tried on one base before the slip is counted as masked."""
UNBUILT = "cannot be built"
"""What a failure of the model as written says when no part of it runs."""


def runnable_set_up(path: str) -> ModelSetUp:
    """The model file at `path` read and built for the benchmark; bad input when it cannot
    be run at all (every mutant of it would count as detected, and none could be fixed)."""
    set_up = set_up_model(path)
    if isinstance(set_up.model, UnbuildableModel):
        raise InputError(f"{path}: cannot be run ({set_up.model.defect}); the repair "
                         "benchmark needs a model that `compare` runs")
    return set_up


def evidence_of(set_up: ModelSetUp) -> Subject:
    """The model under repair as `compare --repair` judges it without levels: the probes in
    their eight orientations (the clean benchmark's evidence too)."""
    model = set_up.model
    return Subject(set_up.file.report, model.label, model.words,
                   repair_cases(()))


def divergences(subject: Subject, schemas: tuple[Schema, ...]) -> tuple[Failure, ...]:
    """Every failure of the model with `schemas`: each failing case, then each schema it runs
    without; a single failure of the model as written when it cannot be built."""
    model = subject.model(schemas)
    if isinstance(model, UnbuildableModel):
        return (Failure(AS_WRITTEN, (), None, f"{UNBUILT}: {model.defect}", ()),)
    return failing_cases(model, subject.cases) + left_out_failures(model)


def diverges(subject: Subject, schemas: tuple[Schema, ...]) -> bool:
    """Whether a runnable model with `schemas` fails somewhere (a cheap check: it stops at the
    first failing case); an unbuildable one is no base to slip on."""
    model = subject.model(schemas)
    if isinstance(model, UnbuildableModel):
        return False
    return bool(model.left_out) or verify(model, subject.cases) is not None


def fault_pool(set_up: ModelSetUp, subject: Subject, size: int, seed: int
               ) -> tuple[Edit, ...]:
    """Up to `size` single-edit mutants of the correct model, in the order drawn, each of
    which diverges alone."""
    schemas = set_up.file.report.schemas
    pool: list[Edit] = []
    for (fault,) in mutants_of(set_up, size * DRAWS_PER_FAULT, 1, seed):
        if len(pool) == size:
            break
        if diverges(subject, mutated(schemas, (fault,))):
            pool.append(fault)
    return tuple(pool)


def apart(edit: Edit, others: Sequence[Edit]) -> bool:
    """Whether `edit` touches no literal that one of `others` touches: no literal of the same
    clause of the same schema, before or after either edit (a fault's literal as the base
    has it is its `after`; one it removed is its `before`), and no schema whose whole body
    one of them replaces or copies."""
    def literals(e: Edit) -> set[object]:
        return {literal_key(lit) for lit in (e.before, e.after) if lit is not None}

    for other in others:
        if other.schema not in (edit.schema, edit.sibling) and other.sibling != edit.schema:
            continue
        if Kind.MIRROR in (edit.kind, other.kind):
            return False
        if edit.clause is other.clause and literals(edit) & literals(other):
            return False
    return True


def base_faults(pool: Sequence[Edit], index: int) -> tuple[Edit, ...]:
    """The faults of the `index`-th base: 1 + index mod 3 of the pool, from its `index`-th
    on, each apart from those taken before it."""
    wanted = 1 + index % MAX_FAULTS
    taken: list[Edit] = []
    for step in range(len(pool)):
        fault = pool[(index + step) % len(pool)]
        if len(taken) == wanted:
            break
        if apart(fault, taken):
            taken.append(fault)
    return tuple(taken)


@dataclass(frozen=True, slots=True)
class Base:
    """A correct model with faults, or a model as written that diverges (`written_base`),
    as the slip meets it."""

    faults: tuple[Edit, ...]
    schemas: tuple[Schema, ...]
    failures: tuple[Failure, ...]
    """Every failure of the faulty base (`divergences`)."""


def written_base(subject: Subject, schemas: tuple[Schema, ...]) -> Base | None:
    """The model as written, when it already diverges (a student's model, as fresh ones do:
    one that walks on past the goal): its own faults are the base its slips meet, with no
    fault added; None for a model that agrees, or cannot be built."""
    if isinstance(subject.model(schemas), UnbuildableModel):
        return None
    failures = divergences(subject, schemas)
    return Base((), schemas, failures) if failures else None


def faulty_base(subject: Subject, schemas: tuple[Schema, ...], faults: tuple[Edit, ...]
                ) -> Base | None:
    """The base with `faults`, the last left out while together they cannot be built or do
    not diverge (two faults may cancel); None when not even the first can."""
    for count in range(len(faults), 0, -1):
        edited = mutated(schemas, faults[:count])
        if diverges(subject, edited):
            return Base(faults[:count], edited, divergences(subject, edited))
    return None


def divergence(failure: Failure) -> str:
    """A divergence as the slip's score tells it apart: its case, and for the model as written
    the schema left out too (each is a fault of its own, though all share that case)."""
    return f"{failure.case}: {failure.what}" if failure.case == AS_WRITTEN else failure.case


def slip_divergences(base: Base, failures: Sequence[Failure]) -> frozenset[str]:
    """The divergences the slip made (`failures`: the slipped base's), each as `divergence`
    tells it: the cases the base agreed on, and each schema left out (or the whole model
    unbuilt) that the base could build."""
    failing = {divergence(f) for f in base.failures}
    return frozenset(divergence(f) for f in failures if divergence(f) not in failing)


@dataclass(frozen=True, slots=True)
class Slip:
    edit: Edit
    schemas: tuple[Schema, ...]
    """The slipped base."""
    failures: tuple[Failure, ...]
    """Every failure of the slipped base."""
    cases: frozenset[str]
    """Its divergences (`slip_divergences`): case names, and for the model as written its
    failure too (`divergence`); none when the base's faults mask it."""

    @property
    def live(self) -> bool:
        return bool(self.cases)


def slip_on(subject: Subject, base: Base, index: int, seed: int,
            words: tuple[str, ...] = ()) -> Slip | None:
    """The `index`-th slip on `base`: mutants of it apart from its faults, from the
    `index`-th operator on, the first with a divergence of its own (else the last tried,
    masked); None when no mutant is apart from the faults."""
    drawn = [edit for (edit,) in mutants(base.schemas, SLIP_DRAWS, 1, seed, words)
             if apart(edit, base.faults)]
    kinds = list(dict.fromkeys(map(operator, drawn)))
    if not drawn:
        return None
    first = index % len(kinds)
    drawn.sort(key=lambda edit: (kinds.index(operator(edit)) - first) % len(kinds))
    slip: Slip | None = None
    for edit in drawn[:SLIP_TRIES]:
        slipped = mutated(base.schemas, (edit,))
        failures = divergences(subject, slipped)
        slip = Slip(edit, slipped, failures, slip_divergences(base, failures))
        if slip.live:
            break
    return slip


def words_of(set_up: ModelSetUp) -> tuple[str, ...]:
    """The direction words of the model's names, for mirror slips (mutants.py)."""
    return direction_words(set_up.file.report.schemas, set_up.model.words)
