"""The relaxed exploration of Fast Downward's translator, computed by clingo.

Fast Downward's translator finds what a task can reach, ignoring deletes, as the least model
of a Datalog program (`pddl_to_prolog`), which its `build_model.compute_model` computes in
pure Python, one atom at a time: on a hand-written model with a step counter (seed 001 on
classic level 7: 15,606 operators) that loop was 80% of the translation. The least model of a
positive program is one set whatever computes it, and grounding such a program with clingo
yields exactly that set, as facts. The translator's output does not depend on the order of
the model's atoms (checked on every classic level of the course's models: the task files are
byte-identical), so `clingo_model` stands in for `compute_model` inside `translate` of
fd_translate.py when asked to (`helltaker compare`'s runs of a model, fd_search.py
`plan_pddl`). A program clingo will not ground as written (an unexpected construct) falls back
to the translator's own loop: the answer is the same, only slower.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from fast_downward.translate import build_model, instantiate, normalize, pddl, pddl_to_prolog

from translator.ground.shown_atoms import shown_rows

_EXPLORE = instantiate.explore
"""The translator's own exploration, kept before `explored_by_clingo` replaces it."""

Predicate = Any
"""A Datalog predicate of the translator: a name, or the pddl.Action/Axiom it stands for."""


class _Names:
    """ASP names for the translator's predicates and objects, and back: predicates `pN`,
    objects numbers, so that the model is read back as integer rows (shown_atoms.py)."""

    def __init__(self) -> None:
        self.predicates: dict[object, str] = {}
        self.by_name: dict[str, Predicate] = {}
        self.numbers: dict[str, int] = {}
        self.objects: list[str] = []

    def predicate(self, predicate: Predicate) -> str:
        # Strings are one predicate by value; actions and axioms by identity (two actions may
        # share a name after normalisation).
        key: object = predicate if isinstance(predicate, str) else ("object", id(predicate))
        name = self.predicates.get(key)
        if name is None:
            name = f"p{len(self.predicates)}"
            self.predicates[key] = name
            self.by_name[name] = predicate
        return name

    def term(self, argument: str, variables: dict[str, str]) -> str:
        if argument.startswith("?"):
            variable = variables.get(argument)
            if variable is None:
                variable = variables[argument] = f"V{len(variables)}"
            return variable
        number = self.numbers.get(argument)
        if number is None:
            number = self.numbers[argument] = len(self.objects)
            self.objects.append(argument)
        return str(number)

    def atom(self, atom: Any, variables: dict[str, str]) -> str:
        name = self.predicate(atom.predicate)
        if not atom.args:
            return name
        return f"{name}({','.join(self.term(str(arg), variables) for arg in atom.args)})"

    def shown(self) -> list[str]:
        """`#show` lines for every predicate but the translator's auxiliary joins (`p$3`),
        which nothing after the exploration reads."""
        return [f"#show {name}/{arity}." for name, arity in self.arities.items()
                if not (isinstance(self.by_name[name], str) and "$" in self.by_name[name])]

    arities: dict[str, int]


def program_text(prog: Any, names: _Names) -> str:
    """The translator's normalised program (`PrologProgram`) as ASP text."""
    lines: list[str] = []
    names.arities = {}
    atoms = [(fact.atom, None) for fact in prog.facts] + \
        [(rule.effect, rule) for rule in prog.rules]
    for atom, rule in atoms:
        variables: dict[str, str] = {}
        body = "" if rule is None else ", ".join(
            names.atom(condition, variables) for condition in rule.conditions)
        head = names.atom(atom, variables)
        names.arities[names.predicate(atom.predicate)] = len(atom.args)
        lines.append(f"{head} :- {body}." if body else f"{head}.")
    return "\n".join(lines + names.shown()) + "\n"


def _own_loop(prog: Any) -> list[Any]:
    prog.split_rules()
    model: list[Any] = build_model.compute_model(prog)
    return model


def exploration_program(task: Any) -> Any:
    """`pddl_to_prolog.translate` without its last step, `split_rules`: the binary joins and
    their auxiliary predicates are how the translator's loop evaluates a rule, and clingo's
    grounder orders its joins itself (the split alone took as long as clingo's grounding)."""
    prog = pddl_to_prolog.PrologProgram()
    pddl_to_prolog.translate_facts(prog, task)
    for conditions, effect in normalize.build_exploration_rules(task):
        prog.add_rule(pddl_to_prolog.Rule(conditions, effect))
    prog.normalize()
    return prog


def explore(task: Any) -> Any:
    """`instantiate.explore`, its model computed by clingo."""
    return instantiate.instantiate(task, clingo_model(exploration_program(task)))


def clingo_model(prog: Any) -> list[Any]:
    """The least model of `prog` (normalised, not split) as `compute_model` returns it
    (pddl.Atom over the same predicate objects), or `compute_model`'s own answer when clingo
    cannot give it."""
    import clingo  # here: only a process that explores a task loads it

    names = _Names()
    try:
        text = program_text(prog, names)
        control = clingo.Control(["--warn=none"])
        control.add("base", [], text)
        control.ground([("base", [])])
        longest = 2 + max(map(len, names.by_name)) + \
            max(names.arities.values(), default=0) * (len(str(len(names.objects))) + 1)
        # A positive program: grounding decides every atom, and its one model holds them.
        with control.solve(yield_=True) as models:
            rows = next((shown_rows(model, longest) for model in models), None)
    except (RuntimeError, ValueError) as error:
        print(f"clingo could not explore the task ({error}): the translator's own loop")
        return _own_loop(prog)
    if rows is None:
        return _own_loop(prog)
    objects = names.objects
    atoms = [pddl.Atom(names.by_name[name], [objects[number] for number in row])
             for name, found in rows.items() for row in found.tolist()]
    print(f"{len(atoms)} atoms in the relaxed exploration (clingo)")
    return atoms


@contextlib.contextmanager
def explored_by_clingo() -> Iterator[None]:
    """Within: the translator's exploration is `explore` (this process only)."""
    instantiate.explore = explore
    try:
        yield
    finally:
        instantiate.explore = _EXPLORE
