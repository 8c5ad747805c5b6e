"""Issue 42: `compare --repair` counts its steps on the progress shown (a terminal's bar), each
step named, up to its total; the search itself is stubbed here, only the counting is tested."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

import pytest

from translator.compare.repair import fixes
from translator.compare.repair.fixes import REPAIR_STEPS, RepairReport, suggest_fixes
from translator.compare.repair.search_terms import Repair, RepairSearch
from translator.compare.repair.verify import Failure
from translator.runtime.progress import Progress, tasks_shown


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class NamedSteps(Progress):
    """A progress that keeps the name of every step it is told of."""

    def __init__(self, total: int) -> None:
        super().__init__(total, stream=Terminal(), unit="steps")
        self.items: list[str] = []

    def start(self, item: str = "") -> None:
        self.items.append(item)
        super().start(item)


def _stub_the_search(monkeypatch: pytest.MonkeyPatch, found: RepairSearch) -> None:
    monkeypatch.setattr(fixes, "repair_cases", lambda plans, symmetric=True: ())
    monkeypatch.setattr(fixes, "suggest", lambda *arguments, **keywords: found)
    monkeypatch.setattr(fixes, "fixes_on_every_state", lambda *arguments, **options: {})
    monkeypatch.setattr(fixes, "complete_fix_verdict",
                        lambda *arguments, **options: SimpleNamespace(differs=None))
    monkeypatch.setattr(fixes, "by_coordinates", lambda *arguments: None)
    monkeypatch.setattr(fixes, "render",
                        lambda found, *arguments: RepairReport(found.failures, (), found.tried,
                                                               found.seconds, 0))


def _set_up() -> Any:
    return SimpleNamespace(file=SimpleNamespace(report=SimpleNamespace(schemas=())),
                           model=SimpleNamespace(label="model", words=None))


@pytest.mark.parametrize(("found", "second"), [
    (RepairSearch((Failure("level", (), None, "differs", ("step",)),),
                  (Repair((), ("level",), (), 1),), 1, 0.0), "the fixes on every state"),
    (RepairSearch((), (), 0, 0.0), "each fault alone"),
])
def test_every_step_is_counted_up_to_the_total(monkeypatch: pytest.MonkeyPatch,
                                               found: RepairSearch, second: str) -> None:
    _stub_the_search(monkeypatch, found)
    progress = NamedSteps(REPAIR_STEPS)
    with tasks_shown(progress):
        progress.start("the search for a fix")
        suggest_fixes(_set_up(), ())
    assert progress.finished == REPAIR_STEPS
    assert [item for item in progress.items if item] == [
        "the search for a fix", second, "the fixes on moved boards"]


def test_without_a_progress_shown_nothing_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    _stub_the_search(monkeypatch, RepairSearch((), (), 0, 0.0))
    progress = NamedSteps(REPAIR_STEPS)  # made, but not shown: the benchmark's searches
    suggest_fixes(_set_up(), ())
    assert progress.finished == 0
