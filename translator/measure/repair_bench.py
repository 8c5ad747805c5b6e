"""The repair benchmark: single-edit (and double-edit) mutants of correct models, repaired.

Each mutant is one edit of the repair's own edit space (compare/repair/edits.py) applied to a
correct model: ours, and every model file in translator/measure/repair_models/ when the folder
is there. The benchmark enters the compare stage and the repair room as `helltaker compare
--repair` does: each model is set up by the compare entry (check.py `set_up_model`) and each
mutant repaired by the repair entry (repair/fixes.py `suggest_fixes`), so what changes the
command's fixes changes the benchmark's figures. The expected fix is the inverse edit; a fix
counts as exact when it gives back the model's schemas (`inverse`) or, verified on every case,
behaves as the model on every level and probe (`equivalent`, which every verified fix does). A
mutant that agrees everywhere is
equivalent and counted apart. Mutants are drawn by a seeded generator, spread over the
operators, so a small sample measures every operator.

A fault is localised when the top fix (or, with none, the search's first suspect) edits the
schema the mutant edited as the user reads it in the file: a reader that splits one written
schema into several (one per case of a disjunction, `X_or1` and `X_or2`) gives them the very
literals of the file, at the same line and column, so a fix on `X_or2` of a fault on `X_or1`
points at the schema and the line the student wrote. Schemas are matched by those positions
(`written_as_one`), never by their names: the numbered cases of one action, each written on its
own lines, share no literal and stay apart.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from importlib import resources

from strips_model.schema import Schema
from translator.compare.check import ModelSetUp
from translator.compare.repair.fixes import (
    OPERATORS,
    Clock,
    Edit,
    RepairOptions,
    RepairReport,
    gives_back,
    mutants_of,
    mutated,
    operator,
    suggest_fixes,
    warmed_groundings,
)
from translator.measure.faulty_bases import (
    Base,
    base_faults,
    evidence_of,
    fault_pool,
    faulty_base,
    runnable_set_up,
    slip_on,
    words_of,
    written_base,
)
from translator.measure.slip_scores import SlipOutcome, p95, percent, score
from translator.runtime.workers import run_ordered

MODELS_FOLDER = os.path.join(os.path.dirname(__file__), "repair_models")
def bench_models() -> list[str]:
    """Ours and every model file of `MODELS_FOLDER`, sorted; ours alone without the folder."""
    ours = str(resources.files("strips_model").joinpath("helltaker.strips"))
    found = sorted(os.path.join(MODELS_FOLDER, name) for name in os.listdir(MODELS_FOLDER)
                   if not name.startswith((".", "_")) and name != "README.md") \
        if os.path.isdir(MODELS_FOLDER) else []
    return [ours, *found]


@dataclass(frozen=True, slots=True)
class Outcome:
    model: str
    operator: str
    faults: int
    equivalent: bool
    detected: bool
    localised: bool
    top1: bool
    top3: bool
    inverse1: bool
    """The top fix gives back the model's own schemas."""
    minimal: bool
    """The top fix has no more edits than the mutant's faults."""
    fixes: int
    seconds: float
    cpu_seconds: float = 0.0
    """The processor time of the mutant's own process (the machine may be shared)."""
    rejected: int = 0
    """Fixes verified on every case's plans that were then taken back (fixes.py `rejected`)."""
    unequal: int = 0
    """Of those, the fixes the comparison on every state of the levels and generated boards
    took back (repair/every_state.py): accepted by a verifier of the plans alone."""
    formerly: int = 0
    """Of `unequal`, those the former verifier (the plans, then each level's first 2,000
    states, no board) accepted."""


CLOCKS: dict[str, Clock] = {"cpu": time.process_time, "wall": time.perf_counter}
"""The clocks a mutant's search may be bounded on: the CPU seconds of its own process (the
default: a run gives the same outcomes whatever else the machine runs), or wall seconds (as
`compare --repair` bounds a user's search)."""


def run_mutant(set_up: ModelSetUp, faults: tuple[Edit, ...], options: RepairOptions,
               label: str) -> Outcome:
    """One mutant of the model `set_up` holds repaired by the repair entry, on the probes,
    its search bounded by `options` (seconds of its clock)."""
    started, processor = time.perf_counter(), time.process_time()
    schemas = set_up.file.report.schemas
    mutant = mutated(schemas, faults)
    found = suggest_fixes(set_up, (), replace(options, two_edits=len(faults) > 1,
                                              explain=False), mutant)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - processor
    kind = operator(faults[0]) if len(faults) == 1 else "double"
    if not found.failures:
        # Equivalent only when every case was checked: a bound that cut the evidence left
        # the mutant neither equivalent nor detected.
        return Outcome(label, kind, len(faults), not found.unchecked, False, False, False,
                       False, False, False, 0, elapsed, cpu, *_taken_back(found))
    # A fix of one fault among several (partial.py) is no fix of a mutant.
    repairs = [fix.repair for fix in found.fixes if not fix.repair.still_failing]
    inverse = [gives_back(mutant, r.edits, schemas) for r in repairs]
    faulty = {edit.schema for edit in faults}
    top_schema = {e.schema for e in repairs[0].edits} if repairs else set(found.suspects[:1])
    localised = any(written_as_one(a, b, mutant) for a in top_schema for b in faulty)
    return Outcome(label, kind, len(faults), False, True, localised,
                   bool(repairs), bool(repairs[:3]), bool(inverse[:1]) and inverse[0],
                   bool(repairs) and len(repairs[0].edits) <= len(faults),
                   len(repairs), elapsed, cpu, *_taken_back(found))


def _taken_back(found: RepairReport) -> tuple[int, int, int]:
    """`Outcome.rejected`, `unequal` and `formerly` of one repair."""
    return len(found.rejected), len(found.unequal), len(found.formerly_verified)


def written_as_one(first: str, second: str, schemas: Sequence[Schema]) -> bool:
    """Whether two schemas are one schema of the file: the same, or cases of one written
    schema sharing a literal at the same place of the file (a split disjunction)."""
    if first == second:
        return True
    places = {name: {(lit.position.source, lit.position.line, lit.position.column)
                     for lit in (*s.preconditions, *s.effects) if lit.position.line is not None}
              for s in schemas for name in (s.name,) if name in (first, second)}
    return len(places) == 2 and bool(places[first] & places[second])


@dataclass(frozen=True, slots=True)
class _Mutant:
    """One mutant's repair, as a worker process runs it (forked: nothing is pickled in)."""

    set_up: ModelSetUp
    options: RepairOptions
    label: str

    def __call__(self, faults: tuple[Edit, ...]) -> Outcome:
        return run_mutant(self.set_up, faults, self.options, self.label)


def run_bench(count: int, doubles: int, seconds: float, seed: int = 32,
              models: Sequence[str] | None = None,
              progress: Callable[[Outcome], None] | None = None,
              workers: int = 1, clock: Clock = time.process_time) -> list[Outcome]:
    """`count` single-edit and `doubles` double-edit mutants of each model, repaired on up
    to `workers` processes (the outcomes in the order drawn), each search bounded by
    `seconds` of `clock` (`CLOCKS`). The model as written is first verified on every case
    here (`warmed_groundings`), so every mutant's process grounds anew only the schemas it
    edits and the states it reaches otherwise."""
    outcomes: list[Outcome] = []
    # The table's `formerly verified` column: what the former verifier would have accepted.
    options = RepairOptions(seconds=seconds, clock=clock, former=True)
    for path in models or bench_models():
        set_up = runnable_set_up(path)
        label = os.path.basename(path)
        drawn = [faults for number, size in ((count, 1), (doubles, 2))
                 for faults in mutants_of(set_up, number, size, seed)]
        with warmed_groundings(set_up):
            for outcome in run_ordered(_Mutant(set_up, options, label), drawn, workers):
                outcomes.append(outcome)
                if progress is not None:
                    progress(outcome)
    return outcomes


@dataclass(frozen=True, slots=True)
class _FaultySlip:
    """The slip of one faulty base repaired and scored, as a worker process runs it."""

    set_up: ModelSetUp
    pool: tuple[Edit, ...]
    options: RepairOptions
    label: str
    seed: int

    written: Base | None = None
    """The model as written, when it diverges already: every slip's base."""

    def __call__(self, index: int) -> SlipOutcome | None:
        return run_faulty_slip(self.set_up, self.pool, index, self.options, self.label,
                               self.seed, self.written)


def run_faulty_slip(set_up: ModelSetUp, pool: tuple[Edit, ...], index: int,
                    options: RepairOptions, label: str, seed: int,
                    written: Base | None = None) -> SlipOutcome | None:
    """The `index`-th faulty base of `pool`'s faults (or `written`, the model as written when
    it diverges already) and its slip (faulty_bases.py), the slipped base repaired by the
    repair entry as `compare --repair` repairs it (every failure listed, two edits allowed),
    then scored (slip_scores.py); None when no base or no slip could be made."""
    subject = evidence_of(set_up)
    base = written or faulty_base(subject, set_up.file.report.schemas,
                                  base_faults(pool, index))
    slip = None if base is None else slip_on(subject, base, index, seed * 1_000 + index,
                                             words_of(set_up))
    if base is None or slip is None:
        return None
    kind, told = operator(slip.edit), f"{slip.edit.schema}: {slip.edit.text()}"
    if not slip.live:
        return SlipOutcome(label, kind, len(base.faults), told, False, None, 0, 0.0, 0.0)
    started, processor = time.perf_counter(), time.process_time()
    found = suggest_fixes(set_up, (), options, slip.schemas)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - processor
    return SlipOutcome(label, kind, len(base.faults), told, True,
                       score(subject, base, slip, found.fixes), len(found.fixes), elapsed, cpu)


POOL = 8
"""Diverging faults drawn per model: bases of 1 to 3 of them in turn give 24 different ones."""


def run_faulty_bench(count: int, seconds: float, seed: int = 32,
                     models: Sequence[str] | None = None,
                     progress: Callable[[SlipOutcome], None] | None = None,
                     workers: int = 1, clock: Clock = time.process_time
                     ) -> list[SlipOutcome]:
    """`count` slips of faulty bases of each model, repaired on up to `workers` processes
    (the outcomes in the order drawn), each repair bounded by `seconds` of `clock`."""
    outcomes: list[SlipOutcome] = []
    options = RepairOptions(seconds=seconds, clock=clock)
    for path in models or bench_models():
        set_up = runnable_set_up(path)
        with warmed_groundings(set_up):
            subject = evidence_of(set_up)
            written = written_base(subject, set_up.file.report.schemas)
            pool = () if written else fault_pool(set_up, subject, min(count, POOL), seed)
            run = _FaultySlip(set_up, pool, options, os.path.basename(path), seed, written)
            for outcome in run_ordered(run, range(count) if pool or written else range(0),
                                       workers):
                if outcome is not None:
                    outcomes.append(outcome)
                    if progress is not None:
                        progress(outcome)
    return outcomes


def operator_groups(outcomes: Sequence[Outcome]) -> list[tuple[str, list[Outcome]]]:
    """The outcomes per operator, then all single faults, then double faults (none empty)."""
    groups = [(name, [o for o in outcomes if o.operator == name]) for name in OPERATORS]
    groups.append(("all single", [o for o in outcomes if o.faults == 1]))
    groups.append(("double", [o for o in outcomes if o.faults == 2]))
    return [(name, rows) for name, rows in groups if rows]


def bench_table(outcomes: Sequence[Outcome]) -> str:
    """One row per operator (and one for double faults, one for all single faults)."""
    header = ("| operator | mutants | equivalent | detected | localised | top-1 | top-3 "
              "| top-1 inverse | minimal | rejected | unequal on a state | formerly verified "
              "| s median | s p95 | CPU s median | CPU s p95 |")
    lines = [header, "|" + "---|" * 16]
    for name, rows in operator_groups(outcomes):
        live = [o for o in rows if not o.equivalent]
        times = sorted(o.seconds for o in rows)
        cpu = sorted(o.cpu_seconds for o in rows)
        fixed = [o for o in live if o.top1]
        lines.append(
            f"| {name} | {len(rows)} | {sum(o.equivalent for o in rows)} "
            f"| {percent(sum(o.detected for o in live), len(live))} "
            f"| {percent(sum(o.localised for o in live), len(live))} "
            f"| {percent(len(fixed), len(live))} "
            f"| {percent(sum(o.top3 for o in live), len(live))} "
            f"| {percent(sum(o.inverse1 for o in live), len(live))} "
            f"| {percent(sum(o.minimal for o in fixed), len(fixed))} "
            f"| {sum(o.rejected for o in rows)} | {sum(o.unequal for o in rows)} "
            f"| {sum(o.formerly for o in rows)} "
            f"| {statistics.median(times):.1f} | {p95(times):.1f} "
            f"| {statistics.median(cpu):.1f} | {p95(cpu):.1f} |")
    lines.append("")
    lines.append("Sound: every fix counted was verified on every case (evidence.py) before it "
                 "was returned, then on every state of each case's level and of every "
                 "generated board (every_state.py). `rejected`: the fixes the first accepted "
                 "and a later check took back; `unequal on a state`: of those, the fixes the "
                 "comparison on every state took back (a verifier of the plans alone accepted "
                 "them); `formerly verified`: of those, the fixes the former verifier (the "
                 "plans, then each level's first 2,000 states, no board) accepted.")
    return "\n".join(lines) + "\n"
