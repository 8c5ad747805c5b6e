"""A level's ground task, composed once: clingo's grounding (clingo_grounding.py) translated by
us (sas_translation.py), with the one policy for a goal out of reach.

`ground_and_translate` is that composition, which `--planner fd` writes for the search binary
(translator/planners/fast_downward.py) and `ground_task` gives as values (SAS+, format version
3) to the ASP and SAT back-ends and the `asp` and `cnf` exports. `translated_task` is the
reference: our unspecialised PDDL translated by Fast Downward's translator
(tests/ground/test_grounding_paths.py checks that both paths agree up to the numbering of
variables, on the unspecialised and on the specialised task). Ground actions of the
specialised task may name a merged object (`even` for both trap phases): the back-ends give
their plans back through `Specialised.restored`. Our model has no conditional effects and no
axioms; a task with either is refused (RunError) rather than encoded wrongly.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from strips_model.level import Level
from strips_model.schema import Domain
from translator.ground.clingo_grounding import ground
from translator.ground.sas_format import SasTask, Variable, parse_sas
from translator.ground.sas_translation import translate_task
from translator.ground.sas_variables import Unreachable
from translator.ground.task_arrays import TaskArrays
from translator.model.level_facts import Facts, level_facts
from translator.model.specialised import Specialised
from translator.runtime.temporary_folders import temporary_folder


@dataclass(frozen=True, slots=True)
class TranslatedGrounding:
    """Our translation of clingo's grounding, and how many ground actions it started from."""

    task: TaskArrays
    ground_actions: int


def ground_and_translate(domain: Domain, facts: Facts,
                         grounded: Callable[[], None] = lambda: None
                         ) -> TranslatedGrounding | None:
    """clingo's grounding of `domain` over `facts`, translated to SAS+; None when the goal is
    out of reach. `grounded` is called between the two steps (a stopwatch's lap).

    A goal out of reach is a proof that the level has no plan: relaxed reachability
    over-approximates every state a plan can reach, so a goal it misses no plan reaches. The
    one policy is therefore "unsolvable, no search", whoever asked; asking Fast Downward's
    translator instead (as the ASP and SAT path once did) costs its Python grounding to learn
    the same thing."""
    grounding = ground(domain, facts)
    grounded()
    try:
        return TranslatedGrounding(translate_task(domain, facts, grounding),
                                   grounding.action_count)
    except Unreachable:
        return None


UNREACHABLE_GOAL = SasTask((Variable("var0", ("NegatedAtom goal()", "Atom goal()")),), (0,),
                           ((0, 1),), (), "the goal is unreachable in the ground task")
"""The task of a level whose goal is out of reach: one variable whose goal value no operator
gives, so every back-end and every export reads it as unsolvable."""


def ground_task(specialised: Specialised) -> SasTask:
    """A level's specialised task, the one `--planner fd` searches, as values
    (`UNREACHABLE_GOAL` when the goal is out of reach).

    A level whose goal is reached at the start is left to Fast Downward's translator, whose
    stand-in task for it every back-end already reads."""
    domain, facts = specialised.domain, specialised.facts
    translated = ground_and_translate(domain, facts)
    if translated is None:
        return UNREACHABLE_GOAL
    if translated.task.solved_at_start:
        return _translated(facts, domain)
    return translated.task.sas_task()


def translated_task(level: Level) -> SasTask:
    """Our unspecialised PDDL for `level`, translated by Fast Downward's translator in this
    process."""
    return _translated(level_facts(level), None)


def _translated(facts: Facts, domain: Domain | None) -> SasTask:
    # Imported here: Fast Downward's translator is not on `--planner fd`'s path, which
    # imports this module for `ground_and_translate`.
    from translator.ground.fd_translate import translate, write_pddl

    with temporary_folder("translate") as work:
        domain_file, problem_file = write_pddl(work, facts, domain)
        sas_file = os.path.join(work, "output.sas")
        log = translate(domain_file, problem_file, sas_file)
        with open(sas_file, encoding="utf-8") as stream:
            task = parse_sas(stream.read())
    return SasTask(task.variables, task.initial, task.goal, task.operators, log)
