"""Fast Downward's search binary: the one place it runs, on a translated task file, and the one
way any stage gets a plan of a PDDL task from it.

`run_search` is the search of `--planner fd` and `fd-translate` (fast_downward.py). `plan_pddl`
is what `helltaker compare` asks for a hand-written model's planning view when our own
translation cannot take it (grounded_plan.py): its PDDL text, translated by Fast Downward's
translator in this process (no driver, no second Python start; its relaxed exploration computed
by clingo, translator/ground/datalog_model.py) and searched under a time limit. It runs where
it is called: the compare stage calls it inside the child that already bounds a level's whole
attempt (translator/compare/runs/ level_comparison.py), so no child of its own is forked under
it.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from functools import cache

from strips_model.ground_plan import PlanStep
from translator.planners.exit_codes import FastDownwardExit, status_of_exit
from translator.planners.outcome import Status, log_tail
from translator.planners.packages import package_directory
from translator.planners.pddl_driver import PLAN_FILE, read_plan_file
from translator.runtime.commands import CommandRun, run_command
from translator.runtime.temporary_folders import temporary_folder


@cache
def search_binary() -> str:
    return os.path.join(package_directory("up_fast_downward"),
                        "downward", "builds", "release", "bin", "downward")


def run_search(sas_file: str, configuration: str, work: str,
               timeout: float | None) -> CommandRun:
    """The search binary on the task in `sas_file`, in `work`, where it writes its plan file
    (`PLAN_FILE`); a timeout ends it and all it started."""
    return run_command([search_binary(), "--search", configuration, "--internal-plan-file",
                        os.path.join(work, PLAN_FILE)], work, timeout, stdin_path=sas_file)


_OPERATORS = re.compile(r"^Translator operators: (\d+)", re.M)
_PROOF = "Completely explored state space"
"""What Fast Downward prints when a complete search under the bound found no plan, whatever
its exit code."""


@dataclass(frozen=True, slots=True)
class PddlPlan:
    """What Fast Downward made of a PDDL task."""

    status: Status
    steps: tuple[PlanStep, ...] | None
    """The plan as written (names lowercased), when it found one."""
    seconds: float
    operators: int | None
    """Operators after the translation (its relaxed reachability)."""
    log_tail: str
    """The log's last lines; on an error, the exit code first."""
    refused: str | None = None
    """What Fast Downward's translator refused in the PDDL text, one phrase, when it refused
    it (`cle n2 n1 has 2 arguments where the domain declares 3`): the text is the caller's
    own, so a refusal is a fault of whoever wrote it, never of a model it was written from."""


_ARITY = re.compile(r"Predicate '([^']+)' of arity (\d+) used with (\d+) arguments\."
                    r"(?:.*?\nGot: \(([^\n]*)\))?", re.S)
"""Fast Downward's parser on a literal of another arity than its predicate's declaration."""


def refusal(message: str) -> str:
    """The translator's error `message` in one phrase: the literal and both arities when it
    is an arity mismatch, else its last two lines (the reason and the item it was about)."""
    found = _ARITY.search(message)
    if found is not None:
        literal = found.group(4) or found.group(1)
        return (f"{literal} has {found.group(3)} arguments where the domain declares "
                f"{found.group(2)}")
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    return "; ".join(lines[-2:]) or "an input the translator could not read"


def plan_pddl(domain: str, problem: str, configuration: str,
              timeout: float | None) -> PddlPlan:
    """Fast Downward's translator, in this process, on the PDDL texts `domain` and `problem`,
    then its search binary under `configuration` within `timeout` seconds in all."""
    started = time.perf_counter()
    exit_code, log, written, refused = _translate_and_search(domain, problem, configuration,
                                                             timeout)
    seconds = time.perf_counter() - started
    if refused is not None:
        return PddlPlan(Status.ERROR, None, seconds, None,
                        f"exit code {exit_code}\n{log_tail(log)}", refusal(refused))
    match = _OPERATORS.search(log)
    return searched(exit_code, log, written, seconds, int(match.group(1)) if match else None)


def searched(exit_code: int | None, log: str, written: tuple[PlanStep, ...] | None,
             seconds: float, operators: int | None) -> PddlPlan:
    """The plan of a search that ended with `exit_code` (None: past its time)."""
    status = Status.TIMEOUT if exit_code is None else status_of_exit(exit_code)
    if status is Status.ERROR and _PROOF in log:
        status = Status.UNSOLVABLE
    if status is Status.SOLVED and written is not None:
        return PddlPlan(status, written, seconds, operators, log_tail(log))
    failed = status is Status.ERROR or status is Status.SOLVED
    return PddlPlan(Status.ERROR if failed else status, None, seconds, operators,
                    f"exit code {exit_code}\n{log_tail(log)}" if failed else log_tail(log))


def _translate_and_search(domain: str, problem: str, configuration: str, timeout: float | None
                          ) -> tuple[int | None, str, tuple[PlanStep, ...] | None, str | None]:
    """The exit code (None past `timeout`), the log, the plan written and the translator's
    error when it refused the text."""
    # Imported here: Fast Downward's translator is not on `--planner fd`'s path.
    from fast_downward.translate.pddl_parser import ParseError

    from translator.ground.datalog_model import explored_by_clingo
    from translator.ground.fd_translate import translate

    started = time.perf_counter()
    with temporary_folder("fd") as work:
        files = [os.path.join(work, name) for name in ("domain.pddl", "problem.pddl")]
        sas = os.path.join(work, "output.sas")
        for path, text in zip(files, (domain, problem), strict=True):
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
        try:
            with explored_by_clingo():  # the same task file, in a fraction of the time
                log = translate(files[0], files[1], sas)
        except (ParseError, SystemExit) as error:
            # What the driver reports as exit 31 (an input error) or the translator's own exit.
            return (FastDownwardExit.TRANSLATE_INPUT_ERROR, f"translator: {error}", None,
                    str(error))
        remaining = None if timeout is None else timeout - (time.perf_counter() - started)
        if remaining is not None and remaining <= 0:
            return None, log, None, None
        exit_code, output, written = search_plan(sas, configuration, work, remaining)
        return exit_code, log + output, written, None


def search_plan(sas_file: str, configuration: str, work: str, timeout: float | None
                ) -> tuple[int | None, str, tuple[PlanStep, ...] | None]:
    """`run_search`, and the plan it wrote when it ended well: (exit code, log, plan)."""
    search = run_search(sas_file, configuration, work, timeout)
    plan = os.path.join(work, PLAN_FILE)
    written = read_plan_file(plan)[0] if search.exit_code == 0 and os.path.exists(plan) \
        else None
    return search.exit_code, search.output, written
