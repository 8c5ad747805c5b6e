"""A ground task (ground_task.py, a sas_format.py `SasTask`) as an answer-set program: facts,
plus the one encoding of sequential planning shipped beside this module (sequential.lp).

Ground actions are named by ASP terms built from their PDDL names, so that clingo's answers
read as plans: `step_calm c1_1 c1_2 right` becomes `step_calm(c1_1,c1_2,right)`. A word that
is not an ASP constant is written as a quoted string, and `action_steps` reads either back.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from strips_model.ground_plan import PlanStep, step_of_name
from translator.ground.horizon import horizon_of
from translator.ground.sas_format import SasTask
from translator.model.specialised import Specialised

ENCODING_FILE = "sequential.lp"

_CONSTANT = re.compile(r"[a-z][A-Za-z0-9_]*\Z")


@cache
def encoding() -> str:
    return resources.files("translator.ground").joinpath(ENCODING_FILE).read_text("utf-8")


def action_term(name: str) -> str:
    """`step_calm c1_1 c1_2 right` as the ASP term `step_calm(c1_1,c1_2,right)`."""
    words = [word if _CONSTANT.match(word) else _quoted(word) for word in name.split()]
    if not words:
        return '""'
    head, arguments = words[0], words[1:]
    if not _CONSTANT.match(head):
        return _quoted(name)
    return f"{head}({','.join(arguments)})" if arguments else head


def _quoted(word: str) -> str:
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def task_facts(task: SasTask, horizon: int, bound: int) -> str:
    """The task as facts, with comments naming each variable's values for people."""
    lines = [f"#const horizon = {horizon}.", f"#const bound = {bound}.", ""]
    for index, variable in enumerate(task.variables):
        named = "; ".join(f"{value} = {meaning}" for value, meaning in enumerate(variable.values))
        lines.append(f"% variable {index}: {named}")
    lines.append("")
    lines.extend(f"init({index},{value})." for index, value in enumerate(task.initial))
    lines.extend(f"goal({variable},{value})." for variable, value in task.goal)
    for operator in task.operators:
        term = action_term(operator.name)
        facts = [f"action({term}).", f"cost({term},{operator.cost})."]
        facts += [f"pre({term},{variable},{value})."
                  for variable, value in operator.preconditions]
        facts += [f"post({term},{variable},{value})." for variable, _, value in operator.effects]
        lines.append(" ".join(facts))
    return "\n".join(lines) + "\n"


def asp_program(task: SasTask, bound: int, specialised: Specialised | None = None) -> str:
    """Facts and encoding in one text: `clingo FILE -n0` lists every plan of cost <= bound.

    The task of a level's `specialised` model names merged objects in its actions: a comment
    line (`Specialised.note`) tells `helltaker decode` how to give the plans their
    unspecialised names back."""
    header = ("% helltaker asp: a level's ground task and the sequential planning encoding.\n"
              "% Run `clingo FILE.lp -n0` for every plan within the bound, then\n"
              "% `helltaker decode FILE.lp ANSWERS` for a plan `helltaker validate` reads.\n")
    if specialised is not None:
        header += f"% {specialised.note()}\n"
    return header + "\n" + task_facts(task, horizon_of(task, bound), bound) + "\n" + encoding()


def step_of_term(term: object) -> PlanStep:
    """A plan step from clingo's symbol (or anything printed like one) of a ground action."""
    import clingo

    if not isinstance(term, clingo.Symbol):
        raise TypeError(f"expected a clingo symbol, found {type(term).__name__}")
    if term.type is clingo.SymbolType.String:
        return step_of_name(term.string)
    return term.name, tuple(argument.string if argument.type is clingo.SymbolType.String
                            else str(argument) for argument in term.arguments)
