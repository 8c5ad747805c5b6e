"""What a repair search is given and what it finds: the model under repair (`Subject`), a
verified fix (`Repair`), a search's outcome (`RepairSearch`), its clock and its `Keep`.

Apart from the search (search.py) so that the modules around it (the fixes per fault, the
checks on every state, the report) name them without importing the search itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from strips_model.reports.document import Report
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema
from translator.compare.models.compared import ModelOrDefect
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import Edit, apply_edits
from translator.compare.repair.verify import Failure, rebuilt
from translator.compare.runs.evidence import Case


@dataclass(frozen=True, slots=True)
class Repair:
    edits: tuple[Edit, ...]
    fixed: tuple[str, ...]
    """The cases (levels and probes, as named in evidence.py) that failed and now agree."""
    rules: tuple[str, ...]
    """The rules whose probes failed and now agree."""
    verified_on: int
    """How many cases the edited model was run on, every one agreeing."""
    still_failing: int = 0
    """Cases failing still, of another fault (partial.py); 0: it agrees on every case."""
    fault: int = 1
    """The fault of the model it fixes, numbered in the order a student meets them (partial.py
    `faults`); the alternatives of one fault share it, and a complete fix is fault 1."""
    after: tuple[Edit, ...] = ()
    """The first fixes of the faults found before it, made before it was searched and verified
    (partial.py): its own `edits` apply to the file as written, and hold with those made."""

    def as_json(self) -> dict[str, object]:
        return {"schema": self.edits[0].schema, "edits": [e.as_json() for e in self.edits],
                "levels": list(self.fixed), "rules": list(self.rules), "verified": True,
                "verified_on": self.verified_on, "still_failing": self.still_failing,
                "fault": self.fault, "after": [e.as_json() for e in self.after]}


@dataclass(frozen=True, slots=True)
class RepairSearch:
    failures: tuple[Failure, ...]
    """Every case the model as written fails, one failure each."""
    repairs: tuple[Repair, ...]
    """At most `ALTERNATIVES` verified fixes, fewest edits first."""
    tried: int
    """Candidates verified (failed or not)."""
    seconds: float
    """On the search's clock (`suggest`)."""
    suspects: tuple[str, ...] = ()
    """The schemas the search edits, most likely first (candidates.py `Leads.suspects`)."""
    rejected: tuple[tuple[Repair, str], ...] = ()
    """Fixes verified on the cases that `keep` turned down, each with why (partial.py)."""
    unchecked: tuple[str, ...] = ()
    """The cases the bound ran out before checking (first_evidence.py): not searched."""
    unwalked: tuple[str, ...] = ()
    """The cases whose game's plans the bound ran out before walking (first_evidence.py)."""


@dataclass(frozen=True, slots=True)
class Subject:
    """The model under repair: its report, how it is read, and the evidence it is judged on."""

    report: Report
    label: str
    vocabulary: Vocabulary | None
    cases: tuple[Case, ...]

    def model(self, schemas: tuple[Schema, ...]) -> ModelOrDefect:
        return rebuilt(self.report, schemas, self.label, self.vocabulary)

    def fixed(self, written: tuple[Schema, ...], repair: Repair) -> ModelOrDefect:
        """`written` with the fixes made before `repair` (`after`), then `repair` made."""
        return self.model(apply_edits(written, (*repair.after, *repair.edits)))


Clock = Callable[[], float]
"""Seconds from some start: wall time (`time.perf_counter`) for a user, who waits; the CPU
time (`time.process_time`) for the benchmark, whose outcomes must not hang on the load."""
Keep = Callable[[tuple[Edit, ...], ComparedModel], bool]
"""Whether a candidate verified on every case is a fix still (partial.py: it keeps the model's
agreement on every state); one it turns down is not found, and the search goes on."""


def found_repair(edits: tuple[Edit, ...], failures: Sequence[Failure], cases: int,
                 left_out: int) -> Repair:
    """The fix `edits` make of `failures`, verified on `cases` cases; `left_out`: the schemas
    the fixed model still runs without, failing still."""
    rules = tuple(dict.fromkeys(r for f in failures for r in f.rules))
    fixed = tuple(dict.fromkeys(f.case for f in failures))
    return Repair(edits, fixed, rules, cases, still_failing=left_out)
