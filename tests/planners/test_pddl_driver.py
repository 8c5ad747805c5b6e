"""The driver template (translator/planners/pddl_driver.py): a driver that writes plans
without end is stopped at the plan-folder cap, as a failed run, its folder removed."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from translator.planners.pddl_driver import PLAN_FOLDER_CAP, Driver, PlansAt, run_pddl_driver

_ENDLESS_PLANS = """
import itertools
for number in itertools.count(1):
    with open(f"plan.{number}", "w") as stream:
        stream.write("(step)\\n" * 512)
"""


def test_a_driver_past_the_plan_folder_cap_is_stopped_as_a_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setattr("translator.planners.pddl_driver.PLAN_FOLDER_CAP", 2**20)
    driver = Driver("endless", ("-c", _ENDLESS_PLANS), PlansAt.PLAN_FILES)
    started = time.monotonic()
    run = run_pddl_driver(driver, "(define)", "(define)", "search", timeout=60)
    assert time.monotonic() - started < 10
    assert run.overflowed and run.exit_code is None and run.plans == ()
    assert "plan files passed 1 MiB" in run.log and PLAN_FOLDER_CAP > 2**20
    assert "--limit K" in run.log and os.listdir(tmp_path) == []
