"""What the repair's search learns of the model as written before its first candidate, while
the bound lasts.

Every case is checked once (the first failure is the counterexample the search starts from;
with `explain`, every failing case is listed, in the same pass), then the game's plans are
walked for where each schema is used (uses.py `plan_uses`). On a large model these passes
alone may take longer than `--repair-seconds` (seed 001's 108 schemas on about 200 cases), so
each case is started only while the bound lasts (`InTime`): the cases left are not checked,
so not searched, and said so (`Evidence.unchecked`), never taken as agreeing. A case started
in time may end past the bound by that one case's time (verify.py: a replay of the game's
plan, and on a small case the model's own search, itself bounded by `CASE_SEARCH_SECONDS`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from strips_model.schema import Schema
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.uses import SchemaUses, plan_uses
from translator.compare.repair.verify import Failure, check_case, schema_at
from translator.compare.runs.evidence import Case

InTime = Callable[[], bool]
"""Whether the repair's bound leaves time to start one more piece of work (a case checked)."""

AS_WRITTEN = "the model as written"
"""The case of a failure of the model itself, not of a level or probe."""


def always() -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Evidence:
    failures: tuple[Failure, ...] = ()
    """The failing cases of those checked (with `explain`; else the first), then the schemas
    the model cannot be built with."""
    uses: SchemaUses = field(default_factory=SchemaUses)
    unchecked: tuple[str, ...] = ()
    """The cases the bound left unchecked (none: every case was checked)."""

    @property
    def unwalked(self) -> tuple[str, ...]:
        """The cases whose game's plans the bound left unwalked (uses.py `plan_uses`)."""
        return self.uses.unwalked


def failures_in_time(model: ComparedModel, cases: Sequence[Case], in_time: InTime = always,
                     first_only: bool = False) -> tuple[tuple[Failure, ...], tuple[str, ...]]:
    """The failures of `model` on the cases checked, in the cases' order, and the names of
    those left when `in_time` said no (or, `first_only`, past the first failure: they are
    not needed, so not unchecked)."""
    failures: list[Failure] = []
    for at, case in enumerate(cases):
        if not in_time():
            return tuple(failures), tuple(c.name for c in cases[at:])
        failure = check_case(model, case)
        if failure is not None:
            failures.append(failure)
            if first_only:
                break
    return tuple(failures), ()


def failing_cases(model: ComparedModel, cases: Sequence[Case]) -> tuple[Failure, ...]:
    """Every failing case of `model`, however long it takes (the tests', and the bench's)."""
    return failures_in_time(model, cases)[0]


def left_out_names(model: ModelOrDefect) -> frozenset[str]:
    """The schemas a model that runs is run without (none for one that cannot run)."""
    if isinstance(model, UnbuildableModel):
        return frozenset()
    return frozenset(part.schema for part in model.left_out)


def left_out_failures(model: ComparedModel) -> tuple[Failure, ...]:
    """A failure for each schema the model runs without (models/left_out.py): one that
    cannot be built is a fault whether or not a level needs it."""
    return tuple(Failure(AS_WRITTEN, (), None, f"cannot be built with {part.schema}, which "
                         f"is left out: {part.reason}", (part.schema,))
                 for part in model.left_out)


def evidence_of(cases: Sequence[Case], schemas: tuple[Schema, ...], original: ModelOrDefect,
                explain: bool, whole: bool, in_time: InTime = always) -> Evidence:
    """How the model as written fails on `cases` (no failure: it agrees on every case
    checked), and where its schemas are used along the game's plans, each case started only
    `in_time`. `whole`: a schema the model runs without is a failure too."""
    if isinstance(original, UnbuildableModel):
        return Evidence((Failure(AS_WRITTEN, (), None, f"cannot be built: {original.defect}",
                                 schema_at(original.defect, schemas)),))
    failures, unchecked = failures_in_time(original, cases, in_time, first_only=not explain)
    failures += left_out_failures(original) if whole else ()
    if not failures:
        return Evidence(unchecked=unchecked)
    uses = plan_uses(original, cases, schemas, in_time)
    return Evidence(failures, uses, unchecked)
