"""The facts of a program `helltaker asp` wrote, read back: the ground task an answer of it
must be a plan of, and the program's signature (its predicates, with arities).

Only the facts are grounded (by clingo, so that any term clingo prints reads back the same);
the encoding after them must be the one shipped (sequential.lp), the one the answer is
checked against.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from strips_model.errors import InputError, Position
from translator.ground.asp_program import encoding

if TYPE_CHECKING:
    from clingo import Control, Symbol


@dataclass(frozen=True, slots=True)
class AspAction:
    cost: int
    preconditions: tuple[tuple[int, int], ...]
    effects: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class AspTask:
    """The task the facts state: `init`, `goal`, `action`, `cost`, `pre`, `post` and the
    constants `horizon` and `bound`."""

    horizon: int
    bound: int
    initial: dict[int, int]
    goal: tuple[tuple[int, int], ...]
    actions: dict[Symbol, AspAction]
    facts: frozenset[Symbol]
    signature: frozenset[tuple[str, int]]


def asp_task(program: str, source: str) -> AspTask:
    """The task of an exported program, refused when it is not one."""
    import clingo

    if not program.endswith(encoding()):
        raise InputError("the encoding after the facts is not the one `helltaker asp` "
                         "writes: an answer cannot be checked against it", Position(source))
    control = clingo.Control(["--warn=none"])
    try:
        control.add("base", [], program[:-len(encoding())])
        control.ground([("base", [])])
        horizon, bound = (control.get_const(name) for name in ("horizon", "bound"))
    except RuntimeError as error:
        raise InputError(f"clingo cannot read the facts: {error}", Position(source)) from None
    if horizon is None or bound is None or clingo.SymbolType.Number not in (
            horizon.type, bound.type) or horizon.type != bound.type:
        raise InputError("expected `#const horizon = N.` and `#const bound = N.`",
                         Position(source))
    try:
        return _task_of(control, horizon.number, bound.number)
    except RuntimeError:  # clingo's word for a term that is not a number
        raise InputError("the facts are not those `helltaker asp` writes: variables, values "
                         "and costs must be numbers", Position(source)) from None


def _task_of(control: Control, horizon: int, bound: int) -> AspTask:
    def rows(name: str, arity: int) -> list[tuple[Symbol, ...]]:
        return [tuple(atom.symbol.arguments)
                for atom in control.symbolic_atoms.by_signature(name, arity)]

    def pairs(name: str, arity: int) -> list[tuple[Symbol, int, int]]:
        """(first argument, then the last two as numbers) of every `name` atom."""
        return [(row[0], row[-2].number, row[-1].number) for row in rows(name, arity)]

    conditions: dict[str, dict[Symbol, list[tuple[int, int]]]] = {"pre": {}, "post": {}}
    for name, table in conditions.items():
        for action, variable, value in pairs(name, 3):
            table.setdefault(action, []).append((variable, value))
    costs = {action: cost.number for action, cost in rows("cost", 2)}
    actions = {row[0]: AspAction(costs.get(row[0], 0), tuple(conditions["pre"].get(row[0], ())),
                                 tuple(conditions["post"].get(row[0], ())))
               for row in rows("action", 1)}
    facts = frozenset(atom.symbol for atom in control.symbolic_atoms if atom.is_fact)
    return AspTask(horizon, bound,
                   {variable: value for _, variable, value in pairs("init", 2)},
                   tuple((variable, value) for _, variable, value in pairs("goal", 2)),
                   actions, facts,
                   _encoding_signature() | {(atom.name, len(atom.arguments)) for atom in facts})


@cache
def _encoding_signature() -> frozenset[tuple[str, int]]:
    """Every predicate the shipped encoding names, with its arity."""
    from clingo import ast

    found: set[tuple[str, int]] = set()

    class Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:  # noqa: N802 (clingo's name)
            term = node.symbol
            if term.ast_type == ast.ASTType.Function:
                found.add((term.name, len(term.arguments)))
            return node

    visitor = Atoms()

    def visit(statement: ast.AST) -> None:
        visitor(statement)

    ast.parse_string(encoding(), visit)
    return frozenset(found)
