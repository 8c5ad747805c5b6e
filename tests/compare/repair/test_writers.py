"""The effect that wrote the fact a blocked move fails on: our model with a kicked skeleton's
cell left occupied, which shows only where the hero later steps onto it."""

from __future__ import annotations

from translator.compare.check import our_model
from translator.compare.repair.edits import Clause, Signature, apply_edits, local_edits
from translator.compare.repair.evidence import probe_cases
from translator.compare.repair.search import Subject
from translator.compare.repair.verify import Failure, verify
from translator.compare.repair.writers import writer_edits


def test_the_effect_that_left_the_fact_is_edited_though_another_schema_is_blocked() -> None:
    report = our_model()[0]
    subject = Subject(report, "ours", None, probe_cases(symmetric=False))
    fault = next(e for s in report.schemas for e in local_edits(s, Signature.of(report.schemas))
                 if (e.schema, e.text()) == ("kick_skeleton_calm", "-occupied(S) -> occupied(S)"))
    mutant = apply_edits(report.schemas, (fault,))
    model = subject.model(mutant)
    assert not isinstance(model, str)
    failure = verify(model, subject.cases)
    assert failure is not None and "has no action" in failure.what
    assert "kick_skeleton_calm" not in failure.suspects[:1]
    case = next(c for c in subject.cases if c.name == failure.case)
    edits = writer_edits(model, case, failure, mutant)
    assert edits and {(e.schema, e.clause) for e in edits} == {
        ("kick_skeleton_calm", Clause.EFFECT)}
    assert fault.inverse() in edits


def test_a_failure_of_another_kind_names_no_writer() -> None:
    report = our_model()[0]
    subject = Subject(report, "ours", None, probe_cases(symmetric=False))
    model = subject.model(report.schemas)
    assert not isinstance(model, str)
    case = subject.cases[0]
    other = Failure(case.name, case.rules, 1, "on the game's plan: the model applies "
                    "step_calm(H=c1_1) where the game does otherwise", ("step_calm",))
    assert writer_edits(model, case, other, report.schemas) == []
