"""The ground task of a level as Fast Downward's translator writes it (SAS+, format version 3),
read into values that other back-ends encode (answer-set programs, CNF).

Fast Downward's translator does the relaxed reachability analysis and finds the mutex groups
that give multi-valued variables; reading its output gives every back-end the same ground task,
and it is the task Fast Downward's own search solves. Our model has no conditional effects and
no axioms; a task with either is refused (RunError) rather than encoded wrongly.
"""

from __future__ import annotations

import os
import tempfile

from strips_model.level import Level
from translator.encode.level_facts import level_facts
from translator.encode.sas_format import SasTask, parse_sas
from translator.planners.fast_downward import translate, write_pddl


def ground_task(level: Level) -> SasTask:
    """Our PDDL for `level`, translated by Fast Downward's translator in this process."""
    with tempfile.TemporaryDirectory(prefix="helltaker-") as work:
        domain_file, problem_file = write_pddl(work, level_facts(level))
        sas_file = os.path.join(work, "output.sas")
        log = translate(domain_file, problem_file, sas_file)
        with open(sas_file, encoding="utf-8") as stream:
            task = parse_sas(stream.read())
    return SasTask(task.variables, task.initial, task.goal, task.operators, log)


