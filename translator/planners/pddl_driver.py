"""A planner's driver script run on PDDL text, as users run Fast Downward on what
`helltaker pddl` writes: the one template of Fast Downward's driver, SymK's and K*'s.

Each run has a temporary folder of its own: the domain and the problem are written there, the
driver runs there as `python SCRIPT... domain.pddl problem.pddl --search SEARCH` under our
process runner (its time limit, its process group), and the plans it wrote are read before
the folder goes. A planner family gives only what differs (`Driver`): the script and its
options, and where its plans are (`PlansAt`). What the exit code says is the family's to
read (translator/planners/exit_codes.py).
"""

from __future__ import annotations

import glob
import json
import os
import sys
from dataclasses import dataclass
from enum import Enum

from strips_model.errors import InputError, RunError
from strips_model.ground_plan import PlanStep, parse_ground_plan
from strips_model.input_files import InputKind, read_input
from strips_model.level import Level
from strips_model.schema import helltaker_domain
from translator.model.level_facts import level_facts
from translator.model.pddl_text import helltaker_domain_text, problem_text
from translator.runtime.commands import run_command
from translator.runtime.temporary_folders import temporary_folder

PLAN_FILE = "plan"
"""The plan file a driver is told to write (`--plan-file plan`), in its folder."""

PLAN_FOLDER_CAP = 16 * 2**20
"""Bytes of plan files a driver may write before it is stopped: a top-k search under a loose
bound writes plans by the hundred thousand, which would fill TMPDIR and take many seconds to
remove when the time limit ends it. 16 MiB is some 15,000 plans of a classic level, removed
in about 0.3 s."""


class PlansAt(Enum):
    PLAN_FILES = "plan files"
    """One plan per file, `plan` or numbered `plan.1`, `plan.2`, ... (Fast Downward, SymK)."""
    JSON = "plans.json"
    """Every plan in one JSON document, `{"plans": [{"actions": [...], "cost": N}]}` (K*)."""


@dataclass(frozen=True, slots=True)
class Driver:
    name: str
    """Names the temporary folder."""
    script: tuple[str, ...]
    """What follows `python`, before the domain and problem files: the driver script (or
    `-m module`) and its options."""
    plans_at: PlansAt


@dataclass(frozen=True, slots=True)
class WrittenPlan:
    steps: tuple[PlanStep, ...]
    cost: int | None
    """The `; cost = N` line of a plan file; None without one, and for K*'s JSON."""


@dataclass(frozen=True, slots=True)
class DriverRun:
    exit_code: int | None
    """The driver's exit code; None after a timeout or past PLAN_FOLDER_CAP."""
    plans: tuple[WrittenPlan, ...]
    """In the order the planner numbered them (cheapest first for top-k searches); none
    are read after a timeout."""
    log: str
    overflowed: bool = False
    """Stopped because its plan files passed PLAN_FOLDER_CAP: a failed run, not a timeout."""


def run_pddl_driver(driver: Driver, domain_text: str, problem_text: str, search: str,
                    timeout: float | None = None) -> DriverRun:
    """`driver` on the domain and problem texts with the search configuration `search`."""
    with temporary_folder(driver.name) as work:
        domain, problem = os.path.join(work, "domain.pddl"), os.path.join(work, "problem.pddl")
        for path, text in ((domain, domain_text), (problem, problem_text)):
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
        command = [sys.executable, *driver.script, domain, problem, "--search", search]
        run = run_command(command, work, timeout, folder_cap=PLAN_FOLDER_CAP)
        if run.overflowed:
            return DriverRun(None, (), f"{run.output}\nstopped: its plan files passed "
                             f"{PLAN_FOLDER_CAP // 2**20} MiB (give --limit K or a lower "
                             "--max-cost)", overflowed=True)
        if run.exit_code is None:
            return DriverRun(None, (), f"{run.output}\nstopped after {timeout} s")
        return DriverRun(run.exit_code, _read_plans(work, driver.plans_at), run.output)


def level_pddl(level: Level) -> tuple[str, str]:
    """The domain and problem texts of `level`, as `helltaker pddl` writes them."""
    return helltaker_domain_text(), problem_text(helltaker_domain(), level_facts(level), "level")


def _read_plans(work: str, plans_at: PlansAt) -> tuple[WrittenPlan, ...]:
    if plans_at is PlansAt.JSON:
        path = os.path.join(work, PlansAt.JSON.value)
        return _read_json_plans(path) if os.path.exists(path) else ()
    return tuple(WrittenPlan(*read_plan_file(path)) for path in _plan_files(work))


def _plan_files(directory: str) -> list[str]:
    def number(path: str) -> int:
        suffix = path.rsplit(".", 1)[-1]
        return int(suffix) if suffix.isdigit() else 0

    paths = glob.glob(os.path.join(directory, PLAN_FILE)) + \
        glob.glob(os.path.join(directory, f"{PLAN_FILE}.*"))
    return sorted(paths, key=number)


def read_plan_file(path: str) -> tuple[tuple[PlanStep, ...], int | None]:
    """The steps `(name, arguments)` and the `; cost = N` line of a Fast Downward plan file,
    names in lowercase (strips_model/ground_plan.lark). A plan file the planner wrote and we
    cannot read is a failed run, not bad input."""
    try:
        plan = parse_ground_plan(read_input(path, InputKind.PLAN), path)
    except InputError as error:
        raise RunError(f"the planner's plan file cannot be read: {error}") from None
    return tuple(step.pair for step in plan.steps), plan.cost


def _read_json_plans(path: str) -> tuple[WrittenPlan, ...]:
    with open(path, encoding="utf-8") as stream:
        document = json.load(stream)
    plans = []
    for plan in document.get("plans", ()):
        steps = []
        for action in plan["actions"]:
            name, *arguments = action.strip("()").split()
            steps.append((name, tuple(arguments)))
        plans.append(WrittenPlan(tuple(steps), None))
    return tuple(plans)
