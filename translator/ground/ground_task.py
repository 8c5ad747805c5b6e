"""The ground task of a level (SAS+, format version 3) as values that the ASP and SAT back-ends
encode: from clingo's grounding (`ground_task`, the task `--planner fd` searches) or from Fast
Downward's translator (`translated_task`, the reference; tests/ground/test_grounding_paths.py checks
that both agree up to the numbering of variables). Our model has no conditional effects and no
axioms; a task with either is refused (RunError) rather than encoded wrongly.
"""

from __future__ import annotations

import os
import tempfile

from strips_model.level import Level
from strips_model.schema import helltaker_domain
from translator.ground.clingo_grounding import ground
from translator.ground.fd_translate import translate, write_pddl
from translator.ground.sas_arrays import sas_text
from translator.ground.sas_format import SasTask, parse_sas
from translator.ground.sas_translation import Unreachable
from translator.model.level_facts import level_facts


def ground_task(level: Level) -> SasTask:
    """The level's task from clingo's grounding (translator/encode/), as `--planner fd` reads it.

    A level whose goal is out of reach, or reached at the start, is left to Fast Downward's
    translator, whose stand-in tasks for both cases every back-end already reads."""
    domain, facts = helltaker_domain(), level_facts(level)
    try:
        # The same text `--planner fd` hands its search, read back as values.
        task = parse_sas(sas_text(domain, facts, ground(domain, facts)).text)
    except Unreachable:
        return translated_task(level)
    if all(task.initial[variable] == value for variable, value in task.goal):
        return translated_task(level)
    return task


def translated_task(level: Level) -> SasTask:
    """Our PDDL for `level`, translated by Fast Downward's translator in this process."""
    with tempfile.TemporaryDirectory(prefix="helltaker-") as work:
        domain_file, problem_file = write_pddl(work, level_facts(level))
        sas_file = os.path.join(work, "output.sas")
        log = translate(domain_file, problem_file, sas_file)
        with open(sas_file, encoding="utf-8") as stream:
            task = parse_sas(stream.read())
    return SasTask(task.variables, task.initial, task.goal, task.operators, log)
