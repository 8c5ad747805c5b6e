"""A hand-written model's planning view searched by Fast Downward on the task we ground and
translate ourselves (translator/ground/ground_task.py), as `--planner fd` searches ours.

`helltaker compare` used to write the view as PDDL text for Fast Downward's translator on every
level: its Python parser and grounding were a third of a level's time on a model of 848
schemas (1.2 s of 4). clingo's grounding and our translation give the same task up to the
numbering of variables (tests/ground/test_grounding_paths.py), under the PDDL names the text
would have given (translator/ground/pddl_named.py), so the plan file reads back alike.
`plan_pddl` (fd_search.py) stays the path of a task ours does not take: an Init atom of
another arity than its predicate's (the reader then names it as a fault of the writing, never
of the model), a grounding clingo refuses, a goal true at the start.
"""

from __future__ import annotations

import os
import time

from strips_model.schema import Domain
from translator.ground.ground_task import ground_and_translate
from translator.ground.pddl_named import pddl_named
from translator.ground.sas_writer import sas_text
from translator.model.level_facts import Facts
from translator.planners.fd_search import PddlPlan, search_plan, searched
from translator.planners.outcome import Status
from translator.runtime.temporary_folders import temporary_folder

UNREACHABLE = "the goal is unreachable in the ground task"


def plan_grounded(domain: Domain, facts: Facts, configuration: str, timeout: float | None
                  ) -> PddlPlan | None:
    """Fast Downward's search under `configuration` on the task of `domain` over `facts`,
    within `timeout` seconds in all; None when the task is left to `plan_pddl`."""
    declared = {predicate.name: len(predicate.types) for predicate in domain.predicates}
    if any(len(atom) - 1 != declared.get(atom[0], len(atom) - 1)
           for atom in (*facts.static, *facts.initial)):
        return None  # Fast Downward's reader says which atom, as a fault of the writing
    started = time.perf_counter()
    try:
        translated = ground_and_translate(*pddl_named(domain, facts))
    except (RuntimeError, ValueError):  # clingo's refusal (an unsafe variable)
        return None
    if translated is None:  # relaxed reachability proves that no plan exists
        return PddlPlan(Status.UNSOLVABLE, None, time.perf_counter() - started, 0, UNREACHABLE)
    task = translated.task
    if task.solved_at_start:
        return None
    with temporary_folder("fd") as work:
        sas = os.path.join(work, "output.sas")
        with open(sas, "w", encoding="utf-8") as stream:
            stream.write(sas_text(task))
        remaining = None if timeout is None else timeout - (time.perf_counter() - started)
        if remaining is not None and remaining <= 0:
            return PddlPlan(Status.TIMEOUT, None, time.perf_counter() - started,
                            task.operator_count, "time limit reached while grounding")
        exit_code, output, written = search_plan(sas, configuration, work, remaining)
    return searched(exit_code, output, written, time.perf_counter() - started,
                    task.operator_count)
