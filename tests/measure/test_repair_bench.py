"""The repair benchmark's mutants and table (its numbers come from `helltaker bench
--repair`, never from a test)."""

from __future__ import annotations

from itertools import count
from pathlib import Path

import pytest

from translator.compare.check import our_model, set_up_model
from translator.compare.repair.edits import Signature, apply_edits, local_edits, schema_key
from translator.compare.repair.fixes import OPERATORS, RepairOptions, mutants, operator
from translator.measure import repair_bench
from translator.measure.repair_bench import Outcome, bench_table, run_mutant


def test_mutants_take_every_operator_in_turn_and_each_changes_the_model() -> None:
    schemas = our_model()[0].schemas
    drawn = mutants(schemas, 16, 1, seed=5)
    # Ours has one schema for every direction: no sibling to mirror.
    assert [operator(faults[0]) for faults in drawn] == \
        [name for name in OPERATORS if name != "mirror"] * 2
    assert drawn == mutants(schemas, 16, 1, seed=5)
    for (fault,) in drawn:
        mutant = apply_edits(schemas, (fault,))
        restored = apply_edits(mutant, (fault.inverse(),))
        assert tuple(map(schema_key, restored)) == tuple(map(schema_key, schemas))
    for faults in mutants(schemas, 4, 2, seed=5):
        assert len({(e.schema, e.clause, e.index) for e in faults}) == 2


def test_the_models_are_ours_alone_without_the_folder_and_every_file_in_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(repair_bench, "MODELS_FOLDER", str(tmp_path / "absent"))
    assert [Path(p).name for p in repair_bench.bench_models()] == ["helltaker.strips"]
    (tmp_path / "textbook.txt").write_text("x", encoding="utf-8")
    (tmp_path / "course_fr.txt").write_text("x", encoding="utf-8")
    monkeypatch.setattr(repair_bench, "MODELS_FOLDER", str(tmp_path))
    assert [Path(p).name for p in repair_bench.bench_models()] == \
        ["helltaker.strips", "course_fr.txt", "textbook.txt"]


def test_the_table_counts_equivalent_mutants_apart() -> None:
    def outcome(kind: str, equivalent: bool, top1: bool, seconds: float) -> Outcome:
        return Outcome("m", kind, 1, equivalent, not equivalent, top1, top1, top1, top1, top1,
                       int(top1), seconds)

    table = bench_table([outcome("argument", True, False, 1.0),
                         outcome("argument", False, True, 2.0),
                         outcome("argument", False, False, 9.0)])
    row = next(line for line in table.splitlines() if line.startswith("| argument"))
    assert row.split(" | ")[1:8] == ["3", "1", "100% (2/2)", "50% (1/2)", "50% (1/2)",
                                     "50% (1/2)", "50% (1/2)"]


def test_the_cases_of_one_written_disjunction_are_one_schema_whatever_their_names() -> None:
    import random
    from dataclasses import replace

    from translator.compare.check import read_model
    from translator.measure.repair_bench import MODELS_FOLDER, written_as_one

    schemas = read_model(str(Path(MODELS_FOLDER) / "textbook.txt")).report.schemas
    rng = random.Random(7)
    renamed = tuple(replace(s, name="".join(rng.choice("abcdefghij") for _ in range(12)))
                    for s in schemas)
    # The textbook notation writes one schema per action (no numbered cases): its split
    # disjuncts are the schemas sharing a header, and only they.
    for first in renamed:
        for second in renamed:
            assert written_as_one(first.name, second.name, renamed) == \
                (first.position == second.position)
    assert any(a.position == b.position and a.name != b.name
               for a in renamed for b in renamed)
    ours = our_model()[0].schemas
    assert not any(written_as_one(a.name, b.name, ours) for a in ours for b in ours
                   if a.name != b.name)


def test_a_mutant_search_is_bounded_on_the_clock_it_is_given() -> None:
    """Wall time plays no part: a clock that passes the bound at its second reading stops
    the repair before it checks a case; one that never moves lets it find the fix."""
    report = our_model()[0]
    set_up = set_up_model(report.source)
    step_calm = next(s for s in report.schemas if s.name == "step_calm")
    fault = next(e for e in local_edits(step_calm, Signature.of(report.schemas))
                 if e.text() == "remove hero(H)")
    ticks = count(step=100)
    stopped = run_mutant(set_up, (fault,), RepairOptions(50.0, symmetric=False,
                                                         clock=lambda: float(next(ticks))),
                         "ours")
    # No case is checked past the bound: the mutant is neither found equivalent nor detected.
    assert not stopped.equivalent and not stopped.detected
    assert not stopped.top1 and stopped.fixes == 0
    found = run_mutant(set_up, (fault,), RepairOptions(50.0, symmetric=False,
                                                       clock=lambda: 0.0), "ours")
    assert found.detected and found.top1


def test_the_bench_asks_for_the_former_verifiers_judgment_that_a_users_repair_skips(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's `formerly verified` column is judged only when asked (every_state.py
    `former`): the bench asks it of every mutant's repair; `compare --repair` does not."""
    asked: list[RepairOptions] = []

    def recorded(set_up: object, faults: object, options: RepairOptions,
                 label: str) -> Outcome:
        asked.append(options)
        raise _Stop

    monkeypatch.setattr(repair_bench, "run_mutant", recorded)
    ours = our_model()[0].source
    with pytest.raises(_Stop):
        repair_bench.run_bench(1, 0, 5.0, models=[ours])
    assert [options.former for options in asked] == [True]
    assert not RepairOptions().former


class _Stop(Exception):
    """Ends the bench at its first mutant."""
