"""Fast Downward on the hot path: our PDDL text, FD's translator in-process, FD's search binary.

This is `--planner fd`. Compared with going through unified-planning's `OneshotPlanner`
(`--planner fd-up`), it skips importing unified-planning (1.3 s per process), `PDDLWriter`
(0.1-0.6 s per level) and the two Python start-ups of Fast Downward's driver and translator.
The task Fast Downward receives is the same (tests/test_fast_path.py checks it), and so is
the search: A* with a cost bound of budget + 1 (see translator/fast_downward.py).
"""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import io
import os
import re
import subprocess
import tempfile
import time
from functools import cache

from strips_model.level import Level
from strips_model.schema import Domain, helltaker_domain
from translator.planners.fd_driver import read_plan_file
from translator.encode.level_facts import level_facts
from translator.planners.outcome import PlannerOutcome, Status
from translator.encode.pddl_text import domain_text, problem_text
from translator.decode.key_presses import directions_of_named

# Fast Downward's documented search exit codes (driver/returncodes.py).
_SOLVED = {0}
_UNSOLVABLE = {11, 13}  # proven unsolvable; 13: within the given cost bound
_OUT_OF_TIME = {23}


def search_configuration(budget: int, sas_text: str) -> str:
    """A* under the cost bound, with a pattern database over the hero's cell and the goal atom.

    That pattern database is the hero's walking distance to a demon, walls included and
    boulders ignored: admissible, so A* stays optimal and complete under the bound (one
    configuration serves the default and `--optimal`), and it halves the states expanded on
    level 9 at a cost of milliseconds. Without those variables (a model of another
    vocabulary) A* runs blind.
    """
    pattern = [index for index, name in enumerate(_variable_atoms(sas_text))
               if name.startswith(("Atom hero(", "Atom won("))]
    if len(pattern) != 2:
        return f"astar(blind(),bound={budget + 1})"
    indices = ",".join(map(str, pattern))
    return f"astar(pdb(pattern=manual_pattern([{indices}])),bound={budget + 1})"


def _variable_atoms(sas_text: str) -> list[str]:
    """The first value of each variable of a translated task (SAS format, version 3)."""
    names: list[str] = []
    lines = sas_text.split("\n")
    for index, line in enumerate(lines):
        if line == "begin_variable":
            names.append(lines[index + 4])
    return names


@cache
def search_binary() -> str:
    # find_spec locates the package without importing it: up_fast_downward's __init__
    # imports unified-planning, the 1.3 s this module exists to avoid.
    spec = importlib.util.find_spec("up_fast_downward")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("up-fast-downward is not installed")
    return os.path.join(list(spec.submodule_search_locations)[0],
                        "downward", "builds", "release", "bin", "downward")


@cache
def _domain_text(domain: Domain) -> str:
    return domain_text(domain)


def translate(domain_file: str, problem_file: str, sas_file: str) -> str:
    """Run Fast Downward's translator in this process; return its log."""
    from fast_downward.translate import main as translate_main
    from fast_downward.translate import options as translate_options

    log = io.StringIO()
    translate_options.set_options([domain_file, problem_file, "--sas-file", sas_file])
    # The translator allocates many small objects that live until it ends: the cyclic
    # garbage collector only costs time here (22% of the translation on level 8).
    collecting = gc.isenabled()
    gc.disable()
    try:
        with contextlib.redirect_stdout(log):
            translate_main.main()
    finally:
        if collecting:
            gc.enable()
    return log.getvalue()


def solve_direct(level: Level, budget: int, optimal: bool = True,
                 timeout: float | None = None) -> PlannerOutcome:
    started = time.perf_counter()
    timings: list[tuple[str, float]] = []

    def lap(phase: str, since: float) -> float:
        now = time.perf_counter()
        timings.append((phase, now - since))
        return now

    domain = helltaker_domain()
    mark = time.perf_counter()
    facts = level_facts(level)
    mark = lap("model", mark)
    with tempfile.TemporaryDirectory(prefix="helltaker-") as work:
        domain_file = os.path.join(work, "domain.pddl")
        problem_file = os.path.join(work, "problem.pddl")
        sas_file = os.path.join(work, "output.sas")
        plan_file = os.path.join(work, "plan")
        with open(domain_file, "w", encoding="utf-8") as stream:
            stream.write(_domain_text(domain))
        with open(problem_file, "w", encoding="utf-8") as stream:
            stream.write(problem_text(domain, facts, "level"))
        mark = lap("pddl", mark)
        translate_log = translate(domain_file, problem_file, sas_file)
        mark = lap("translate", mark)
        with open(sas_file, encoding="utf-8") as stream:
            configuration = search_configuration(budget, stream.read())
        label = f"fd {configuration}"
        remaining = None if timeout is None else max(0.01, timeout - (mark - started))
        try:
            with open(sas_file, encoding="utf-8") as sas_stream:
                search = subprocess.run(
                    [search_binary(), "--search", configuration, "--internal-plan-file",
                     plan_file], stdin=sas_stream, capture_output=True, text=True,
                    timeout=remaining, check=False, cwd=work)
        except subprocess.TimeoutExpired as expired:
            log = (expired.stdout or b"").decode() if isinstance(expired.stdout, bytes) \
                else (expired.stdout or "")
            return PlannerOutcome(Status.TIMEOUT, None, None, label, False, _tail(log),
                                  tuple(timings))
        mark = lap("search", mark)
        log = translate_log + search.stdout + search.stderr
        counts = _counts(translate_log, search.stdout)
        if search.returncode in _SOLVED and os.path.exists(plan_file):
            actions, cost = read_plan_file(plan_file)
            directions = directions_of_named(domain, actions)
            lap("decode", mark)
            return PlannerOutcome(Status.SOLVED, directions, cost, label, True, _tail(log),
                                  tuple(timings), counts)
        if search.returncode in _UNSOLVABLE:
            return PlannerOutcome(Status.UNSOLVABLE, None, None, label, True, _tail(log),
                                  tuple(timings), counts)
        status = Status.TIMEOUT if search.returncode in _OUT_OF_TIME else Status.ERROR
        return PlannerOutcome(status, None, None, label, False,
                              f"search exit code {search.returncode}\n{_tail(log)}",
                              tuple(timings))


_COUNTED = {"operators": r"Translator operators: (\d+)",
            "variables": r"Translator variables: (\d+)",
            "expanded": r"Expanded (\d+) state"}


def _counts(translate_log: str, search_log: str) -> tuple[tuple[str, int], ...]:
    found = []
    for name, pattern in _COUNTED.items():
        match = re.search(pattern, translate_log + search_log)
        if match:
            found.append((name, int(match.group(1))))
    return tuple(found)


def _tail(log: str, lines: int = 12) -> str:
    return "\n".join(log.rstrip().splitlines()[-lines:])
