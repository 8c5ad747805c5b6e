"""The ground task of a level (SAS+, format version 3) as values that the ASP and SAT back-ends
encode: the level's specialisation (translator/model/specialised.py) grounded by clingo and
translated by us (`ground_task`, the task `--planner fd` searches), or our unspecialised PDDL
translated by Fast Downward's translator (`translated_task`, the reference;
tests/ground/test_grounding_paths.py checks that both paths agree up to the numbering of
variables, on the unspecialised and on the specialised task). Ground actions of the
specialised task may name a merged object (`even` for both trap phases): the back-ends give
their plans back through `Specialised.restored`. Our model has no conditional effects and no
axioms; a task with either is refused (RunError) rather than encoded wrongly.
"""

from __future__ import annotations

import os

from strips_model.level import Level
from strips_model.schema import Domain
from translator.ground.clingo_grounding import ground
from translator.ground.fd_translate import translate, write_pddl
from translator.ground.sas_format import SasTask, parse_sas
from translator.ground.sas_translation import translate_task
from translator.ground.sas_variables import Unreachable
from translator.model.level_facts import Facts, level_facts
from translator.model.specialised import Specialised
from translator.runtime.temporary_folders import temporary_folder


def ground_task(specialised: Specialised) -> SasTask:
    """A level's specialised task from clingo's grounding, the one `--planner fd` searches, as
    values.

    A level whose goal is out of reach, or reached at the start, is left to Fast Downward's
    translator, whose stand-in tasks for both cases every back-end already reads."""
    domain, facts = specialised.domain, specialised.facts
    try:
        task = translate_task(domain, facts, ground(domain, facts))
    except Unreachable:
        return _translated(facts, domain)
    if task.solved_at_start:
        return _translated(facts, domain)
    return task.sas_task()


def translated_task(level: Level) -> SasTask:
    """Our unspecialised PDDL for `level`, translated by Fast Downward's translator in this
    process."""
    return _translated(level_facts(level), None)


def _translated(facts: Facts, domain: Domain | None) -> SasTask:
    with temporary_folder("translate") as work:
        domain_file, problem_file = write_pddl(work, facts, domain)
        sas_file = os.path.join(work, "output.sas")
        log = translate(domain_file, problem_file, sas_file)
        with open(sas_file, encoding="utf-8") as stream:
            task = parse_sas(stream.read())
    return SasTask(task.variables, task.initial, task.goal, task.operators, log)
