"""The repair benchmark: single-edit (and double-edit) mutants of correct models, repaired.

Each mutant is one edit of the repair's own edit space (compare/repair/edits.py) applied to a
correct model: ours, and every model file in translator/measure/repair_models/ when the folder
is there. The expected fix is the inverse edit; a fix counts as exact when it gives back the
model's schemas (`inverse`) or, verified on every case, behaves as the model on every level
and probe (`equivalent`, which every verified fix does). A mutant that agrees everywhere is
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
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources

from strips_model.schema import Schema
from translator.compare.check import read_model
from translator.compare.models.compared import model_or_defect
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Kind,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.evidence import probe_cases
from translator.compare.repair.fixes import model_vocabulary
from translator.compare.repair.mirror import direction_words, mirror_edits
from translator.compare.repair.search import Clock, Subject, suggest
from translator.compare.repair.verify import check_case
from translator.ground.grounding_memo import remembering_groundings
from translator.runtime.workers import run_ordered

MODELS_FOLDER = os.path.join(os.path.dirname(__file__), "repair_models")
OPERATORS = ("remove precondition", "remove effect", "negate precondition", "negate effect",
             "argument", "predicate", "add precondition", "add effect", "mirror")


def operator(edit: Edit) -> str:
    if edit.kind in (Kind.ARGUMENT, Kind.PREDICATE, Kind.MIRROR):
        return str(edit.kind)
    return f"{edit.kind} {edit.clause}"


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


def _edits_of(schema: Schema, signature: Signature, name: str,
              schemas: tuple[Schema, ...], words: tuple[str, ...]) -> list[Edit]:
    """The edits of one schema that one operator makes; a mirror mutant copies a sibling
    direction's body as written (the slip its repair turns back)."""
    if name == "mirror":
        return list(mirror_edits(schema, schemas, words, turn=False))
    if name.startswith("add "):
        return list(added_literals(schema, signature, Clause(name.removeprefix("add "))))
    return [edit for edit in local_edits(schema, signature) if operator(edit) == name]


def mutants(schemas: tuple[Schema, ...], count: int, faults: int, seed: int,
            words: tuple[str, ...] = ()) -> list[tuple[Edit, ...]]:
    """`count` mutants of `faults` edits each, the operators taken in turn: for each fault a
    schema drawn at random, then one of its edits of the operator (a model of hundreds of
    schemas has millions of additions: they are never all listed). An operator no schema of
    a sample offers is left out of the turn (mirror, without direction `words` in the
    schemas' names)."""
    signature = Signature.of(schemas)
    rng = random.Random(seed)
    names = [name for name in OPERATORS
             if any(_edits_of(schema, signature, name, schemas, words) for schema in
                    rng.sample(list(schemas), min(len(schemas), 40)))]
    drawn: list[tuple[Edit, ...]] = []
    for index in range(count):
        picked: list[Edit] = []
        while len(picked) < faults:
            name = names[(index + len(picked)) % len(names)]
            pool = _edits_of(rng.choice(schemas), signature, name, schemas, words)
            if not pool:
                continue
            edit = rng.choice(pool)
            if all((edit.schema, edit.clause, edit.index) != (e.schema, e.clause, e.index)
                   for e in picked):
                picked.append(edit)
        drawn.append(tuple(picked))
    return drawn


CLOCKS: dict[str, Clock] = {"cpu": time.process_time, "wall": time.perf_counter}
"""The clocks a mutant's search may be bounded on: the CPU seconds of its own process (the
default: a run gives the same outcomes whatever else the machine runs), or wall seconds (as
`compare --repair` bounds a user's search)."""


def run_mutant(subject: Subject, schemas: tuple[Schema, ...], faults: tuple[Edit, ...],
               seconds: float, label: str, clock: Clock = time.process_time) -> Outcome:
    """One mutant repaired, its search bounded by `seconds` of `clock`."""
    started, processor = time.perf_counter(), time.process_time()
    mutant = apply_edits(schemas, faults)
    found = suggest(subject, mutant, seconds, two_edits=len(faults) > 1, explain=False,
                    clock=clock)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - processor
    kind = operator(faults[0]) if len(faults) == 1 else "double"
    if not found.failures:
        return Outcome(label, kind, len(faults), True, False, False, False, False, False,
                       False, 0, elapsed, cpu)
    wanted = tuple(map(schema_key, schemas))
    inverse = [tuple(map(schema_key, apply_edits(mutant, r.edits))) == wanted
               for r in found.repairs]
    faulty = {edit.schema for edit in faults}
    top_schema = {e.schema for e in found.repairs[0].edits} if found.repairs \
        else set(found.suspects[:1])
    localised = any(written_as_one(a, b, mutant) for a in top_schema for b in faulty)
    return Outcome(label, kind, len(faults), False, True, localised,
                   bool(found.repairs), bool(found.repairs[:3]), bool(inverse[:1]) and inverse[0],
                   bool(found.repairs) and len(found.repairs[0].edits) <= len(faults),
                   len(found.repairs), elapsed, cpu)


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

    subject: Subject
    schemas: tuple[Schema, ...]
    seconds: float
    label: str
    clock: Clock

    def __call__(self, faults: tuple[Edit, ...]) -> Outcome:
        return run_mutant(self.subject, self.schemas, faults, self.seconds, self.label,
                          self.clock)


def run_bench(count: int, doubles: int, seconds: float, seed: int = 32,
              models: Sequence[str] | None = None,
              progress: Callable[[Outcome], None] | None = None,
              workers: int = 1, clock: Clock = time.process_time) -> list[Outcome]:
    """`count` single-edit and `doubles` double-edit mutants of each model, repaired on up
    to `workers` processes (the outcomes in the order drawn), each search bounded by
    `seconds` of `clock` (`CLOCKS`). The model as written is first
    verified on every case here: the ground actions of its schemas on the game's states are
    then known (grounding_memo.py `remembering_groundings`) to every mutant's process, which
    grounds anew only the schemas it edits and the states it reaches otherwise."""
    cases = probe_cases()
    outcomes: list[Outcome] = []
    for path in models or bench_models():
        report = read_model(path).report
        model = model_or_defect(report, path)
        label = os.path.basename(path)
        vocabulary = model_vocabulary(model)
        subject = Subject(report, label, vocabulary, cases)
        words = direction_words(report.schemas, vocabulary)
        drawn = [faults for number, size in ((count, 1), (doubles, 2))
                 for faults in mutants(report.schemas, number, size, seed, words)]
        with remembering_groundings():
            built = subject.model(report.schemas)
            if not isinstance(built, str):
                for case in cases:
                    check_case(built, case)
            job = _Mutant(subject, report.schemas, seconds, label, clock)
            for outcome in run_ordered(job, drawn, workers):
                outcomes.append(outcome)
                if progress is not None:
                    progress(outcome)
    return outcomes


def _p95(ordered: Sequence[float]) -> float:
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}% ({part}/{whole})" if whole else "-"


def bench_table(outcomes: Sequence[Outcome]) -> str:
    """One row per operator (and one for double faults, one for all single faults)."""
    header = ("| operator | mutants | equivalent | detected | localised | top-1 | top-3 "
              "| top-1 inverse | minimal | s median | s p95 | CPU s median | CPU s p95 |")
    lines = [header, "|" + "---|" * 13]
    groups = [(name, [o for o in outcomes if o.operator == name]) for name in OPERATORS]
    groups.append(("all single", [o for o in outcomes if o.faults == 1]))
    groups.append(("double", [o for o in outcomes if o.faults == 2]))
    for name, rows in groups:
        if not rows:
            continue
        live = [o for o in rows if not o.equivalent]
        times = sorted(o.seconds for o in rows)
        cpu = sorted(o.cpu_seconds for o in rows)
        fixed = [o for o in live if o.top1]
        lines.append(
            f"| {name} | {len(rows)} | {sum(o.equivalent for o in rows)} "
            f"| {_percent(sum(o.detected for o in live), len(live))} "
            f"| {_percent(sum(o.localised for o in live), len(live))} "
            f"| {_percent(len(fixed), len(live))} "
            f"| {_percent(sum(o.top3 for o in live), len(live))} "
            f"| {_percent(sum(o.inverse1 for o in live), len(live))} "
            f"| {_percent(sum(o.minimal for o in fixed), len(fixed))} "
            f"| {statistics.median(times):.1f} | {_p95(times):.1f} "
            f"| {statistics.median(cpu):.1f} | {_p95(cpu):.1f} |")
    lines.append("")
    lines.append("Sound: every fix counted was verified on every case (evidence.py) before it "
                 "was returned; the search returns no other.")
    return "\n".join(lines) + "\n"
