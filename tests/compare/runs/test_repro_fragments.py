"""The shared fragments of two causes of wrong verdicts (../shared/repros), with their truths:
a header argument no literal names (`do(act(move, D), step)`), which copied every action once
per object and kept the level past its bound, and a key with a state argument
(`cle(x, y, true)` lying, `cle(x, y, false)` taken), whose Init was written without its state;
and a task the planner refuses, said as our bug rather than the model's reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import shared_path

from strips_model.level_file import load_level
from strips_model.reports.vocabulary import parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from translator.compare.check import our_model, set_up_model
from translator.compare.lint.checks import lint
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level
from translator.compare.runs.level_verdict import LevelComparison
from translator.runtime.processes import Limits

BOUND = Limits(60.0)
"""Before the fix, the unused parameter kept open-room past 300 s: a bound that fails fast."""


def _compared(model: str, level: str, vocabulary_text: str | None = None) -> LevelComparison:
    path = str(shared_path(f"repros/{model}"))
    words = None if vocabulary_text is None else parse_vocabulary(vocabulary_text, "v.toml")
    set_up = set_up_model(path, (load_level(str(shared_path(f"repros/{level}"))),), words)
    assert isinstance(set_up.model, ReportModel), set_up.model
    return compare_level(set_up.model, our_model()[1], set_up.levels[0], "fd", BOUND)


@pytest.mark.planner
def test_a_header_argument_no_literal_names_agrees_in_seconds() -> None:
    row = _compared("g-do-step-slow.md", "open-room.txt")
    assert row.verdict == "agrees", row.why
    # 360-odd moves, not one per object and value of `move` and `step`.
    assert row.report.ground_actions is not None and row.report.ground_actions < 1000
    assert row.report.seconds < 30


def test_the_lint_names_the_header_argument_no_literal_names() -> None:
    path = str(shared_path("repros/g-do-step-slow.md"))
    report = set_up_model(path).file.report
    found = [f for f in lint(report.schemas) if f.kind == "unused-parameter"]
    assert {f.literal for f in found} == {"move", "step"}
    step = next(f for f in found if f.literal == "step")
    assert step.schema == "do" and "step is a parameter of do" in step.message
    assert "remove it from the header of do" in step.message


def test_the_schema_without_it_has_nothing_to_name() -> None:
    path = str(shared_path("repros/g-do-nostep-fast.md"))
    found = [f.literal for f in lint(set_up_model(path).file.report.schemas)
             if f.kind == "unused-parameter"]
    assert found == ["move"]  # `act(move, D)`: a label no literal names either


@pytest.mark.planner
def test_a_key_with_a_state_agrees() -> None:
    row = _compared("d-key-with-state.md", "key-corridor.txt")
    assert row.verdict == "agrees", row.why
    assert row.report.plan == "rrr"


@pytest.mark.planner
def test_a_task_the_planner_refuses_is_said_as_our_bug(tmp_path: Path) -> None:
    """A vocabulary file that leaves out the key's state values: the Init then writes
    `cle(n2, n1)` where the domain declares three arguments."""
    set_up = set_up_model(str(shared_path("repros/d-key-with-state.md")))
    assert isinstance(set_up.model, ReportModel)
    text = vocabulary_toml(set_up.model.words, set_up.model.evidence)
    stateless = "\n".join(line for line in text.splitlines() if not line.startswith("key_"))
    row = _compared("d-key-with-state.md", "key-corridor.txt", stateless)
    assert row.verdict == "not run"
    assert row.report.reason == (
        "the task generated for this model is malformed (cle n2 n1 has 2 arguments where the "
        "domain declares 3): a bug of helltaker, please report it")
