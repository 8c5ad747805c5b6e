"""The course's family of notations: schemas as students write them, read one by one.

    Action(Direction_Up(x1,y1)):                     Action(MouvD(x,y),
        Préconditions 1 : hero(x1,y1,0) ∧ ...        PRECOND: perso(x,y) ∧ inc(y,y') ∧ ...
        Effets 1: mob(x1,y3) ∧ clear(mob(x1,y2))     EFFECT : perso(x,y') ∧ ¬perso(x,y))

The text is cut into schemas by `course_blocks.py`, each clause read by `formula.py`.
Numbered cases give one schema per case (`Name_case2`), a disjunctive precondition one per
disjunct (`Name_or2`), so the report says where each came from (reading.split_name, the
rule the PDDL reader follows too). A decrement `t--` in an
effect adds the literal with `t - 1` and deletes it with `t`; offsets stay on the terms for
strips_model/reports/arithmetic.py to compile.

Variables (`variable_rule`): a capitalised identifier, or a lowercase one whose stem (without
primes and trailing digits) is the stem of a header parameter or a single letter: `x`, `y1`,
`y'`, `t`. Any other lowercase identifier is a constant.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.reports.course_blocks import MAX_SCHEMAS, Block, BlockReader, Clause
from strips_model.reports.course_conditionals import (
    MAX_CASES,
    conditional_cases,
    implications,
)
from strips_model.reports.course_names import told_apart
from strips_model.reports.formula import Atom, Conditional, read_formula
from strips_model.reports.formula_errors import FormulaError
from strips_model.reports.reading import Reading, ReadingCounts, SkippedPart, split_name
from strips_model.schema import UNTYPED, Literal, Parameter, Schema, Term, prime_form

COURSE: Final = "course"

_STEM: Final = re.compile(r"^([^\W\d_]+)")


def variable_rule(name: str, parameters: frozenset[str]) -> bool:
    """Whether `name` is a variable: capitalised, or a lowercase identifier whose stem is a
    single letter or the stem of a header parameter (`x`, `y1`, `y''` with header `(x, y)`)."""
    if name[:1].isupper():
        return True
    stem = _STEM.match(name)
    return stem is not None and (len(stem.group(1)) == 1 or stem.group(1) in parameters)


def read_course(text: str, source: str) -> Reading:
    """The schemas of `text` in the course's notations (see the module's docstring)."""
    reader = BlockReader(text, source)
    blocks = reader.blocks()
    schemas: list[Schema] = []
    cases = disjunctions = conditionals = 0
    for block, variant in told_apart(blocks):
        try:
            built, more_cases, more_disjuncts, more_conditionals = _schemas(block, variant,
                                                                            reader)
        except FormulaError as error:
            where = error.position or block.position
            reader.skipped.append(SkippedPart(
                where, f"schema {block.name!r} skipped: {error.message}"))
            continue
        schemas.extend(built)
        if len(schemas) > MAX_SCHEMAS:
            raise SchemaError(f"more than {MAX_SCHEMAS} schemas once its cases, disjunctions "
                              "and conditionals are written out", block.position)
        cases += more_cases
        disjunctions += more_disjuncts
        conditionals += more_conditionals
    skipped = tuple(sorted(reader.skipped, key=lambda part: (part.position.line or 0,
                                                             part.position.column or 0)))
    counts = ReadingCounts(len(schemas), cases, disjunctions, reader.lines_skipped,
                           conditionals)
    return Reading(tuple(schemas), skipped, COURSE, COURSE, source, counts)


def _schemas(block: Block, variant: str | None, reader: BlockReader
             ) -> tuple[list[Schema], int, int, int]:
    """The schemas of `block`, and how many more its cases, disjunctions and conditionals
    made."""
    if not any(clause.kind == "pre" for clause in block.clauses):
        raise _at(FormulaError("no precondition clause: add `Precondition:` before the "
                               "first literal", 0), block.position)
    numbers = sorted({clause.case for clause in block.clauses if clause.case is not None})
    built: list[Schema] = []
    disjunctions = conditionals = 0
    stems = frozenset(stem.group(1) for name in block.parameters
                      if (stem := _STEM.match(name.strip())) is not None)
    chosen_cases: list[int | None] = [*numbers] or [None]
    for case in chosen_cases:
        chosen = [clause for clause in block.clauses if clause.case in (None, case)]
        name = split_name(block.name, case if len(numbers) > 1 else None, variant=variant)
        pre = implications(_conditions(chosen, "pre", reader))
        cases = conditional_cases([atom for kind in ("eff", "add", "del")
                                   for atom in _effects(chosen, kind, reader)])
        # Each bounded alone, the two multiply: six disjunctions and six conditionals in 435
        # bytes made 4,096 schemas and a minute of grounding.
        if len(pre) * len(cases) > MAX_CASES:
            raise _at(FormulaError(
                f"its disjunctions and conditionals make more than {MAX_CASES} schemas: "
                "write some of its cases as schemas of their own", 0), block.position)
        cost = _cost(chosen, reader)
        for number, disjunct in enumerate(pre, start=1):
            for when, (condition, effects) in enumerate(cases, start=1):
                label = split_name(name, disjunct=number if len(pre) > 1 else None,
                                   when=when if len(cases) > 1 else None)
                built.append(_schema(label, block, disjunct + condition, effects, cost, stems,
                                     reader))
        disjunctions += len(pre) - 1
        conditionals += len(pre) * (len(cases) - 1)
    return (built, len(built) - disjunctions - conditionals - 1, disjunctions, conditionals)


def _at(error: FormulaError, position: Position) -> FormulaError:
    error.position = position
    return error


def _clause_formula(clause: Clause, reader: BlockReader) -> list[list[tuple[Atom, int]]]:
    """The clause's disjuncts, each atom with its offset in the text."""
    joined = ""
    origins: list[int] = []
    for piece, offset in zip(clause.body, clause.offsets, strict=True):
        if joined:
            # The pieces are lines: a line break tells where a condition written without
            # parentheses starts (formula_chains.py).
            joined += "\n"
            origins.append(offset)
        joined += piece
        origins.extend(range(offset, offset + len(piece)))
    origins.append(origins[-1] + 1 if origins else clause.start)
    # A closing parenthesis of `Action(Name(args), ...)` ends the last clause.
    body = _without_unmatched_close(joined)
    try:
        dnf = read_formula(body)
    except FormulaError as error:
        raise _at(error, reader.position(origins[min(error.offset, len(origins) - 1)])) \
            from None
    return [[(_placed(atom, origins), origins[atom.offset]) for atom in conjunction]
            for conjunction in dnf]


def _placed(atom: Atom, origins: list[int]) -> Atom:
    """A conditional's atoms with their offsets in the text (course_conditionals.py)."""
    if atom.when is None:
        return atom

    def moved(atoms: tuple[Atom, ...]) -> tuple[Atom, ...]:
        return tuple(replace(inner, offset=origins[inner.offset]) for inner in atoms)

    return replace(atom, when=Conditional(tuple(map(moved, atom.when.condition)),
                                          moved(atom.when.effect)))


def _without_unmatched_close(body: str) -> str:
    """`body` without the parentheses that close the header's `Action(` and without the
    comma that ends the clause in `Action(Move(x), PRECOND: a(x), EFFECT: b(x))`, blanked so
    that offsets hold."""
    depth = 0
    kept = list(body)
    for index, char in enumerate(body):
        if char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                kept[index] = " "
            else:
                depth -= 1
    end = len(kept)
    while end and (kept[end - 1].isspace() or kept[end - 1] in ",;"):
        end -= 1
    kept[end:] = " " * (len(kept) - end)
    return "".join(kept)


def _conditions(clauses: list[Clause], kind: str, reader: BlockReader
                ) -> list[list[tuple[Atom, int]]]:
    result: list[list[tuple[Atom, int]]] = [[]]
    for clause in clauses:
        if clause.kind == kind:
            dnf = _clause_formula(clause, reader)
            result = [left + right for left in result for right in dnf]
    return result


def _effects(clauses: list[Clause], kind: str, reader: BlockReader) -> list[tuple[Atom, int]]:
    found: list[tuple[Atom, int]] = []
    for clause in clauses:
        if clause.kind != kind:
            continue
        dnf = _clause_formula(clause, reader)
        if len(dnf) != 1:
            raise _at(FormulaError("a disjunction in an effect: write one schema per "
                                   "disjunct, or make it a conditional (`C => E`)", 0),
                      reader.position(clause.start))
        for atom, offset in dnf[0]:
            if kind == "del" and atom.when is not None:
                raise _at(FormulaError("a conditional in a delete clause: write it in the "
                                       "effect, its effect negated", 0), reader.position(offset))
            found.append((atom if kind != "del" else
                          Atom(atom.predicate, atom.args, False, atom.offset), offset))
    return found


MAX_COST = 2**31 - 1
"""The largest action cost a planner takes (Fast Downward's costs are 32-bit integers)."""


def _cost(clauses: list[Clause], reader: BlockReader) -> int:
    for clause in clauses:
        if clause.kind == "cost":
            text = _without_unmatched_close(" ".join(clause.body)).strip()
            if not re.fullmatch(r"-?\d+", text):
                raise _at(FormulaError(f"cost {text[:40]!r} is not an integer", 0),
                          reader.position(clause.start))
            # Checked before conversion: Python refuses to convert past 4,300 digits, and a
            # planner takes costs of 32 bits at most.
            if len(text.lstrip("-")) > len(str(MAX_COST)) or abs(int(text)) > MAX_COST:
                raise _at(FormulaError(f"cost {text[:12]}{'...' if len(text) > 12 else ''} "
                                       f"is past {MAX_COST}, the largest a planner takes", 0),
                          reader.position(clause.start))
            if int(text) < 0:  # planners take none; compare's ran without end on one
                raise _at(FormulaError(f"cost {text} is negative: a planner takes costs of "
                                       "0 or more", 0), reader.position(clause.start))
            return int(text)
    return 1


def _schema(name: str, block: Block, preconditions: list[tuple[Atom, int]],
            effects: list[tuple[Atom, int]], cost: int, stems: frozenset[str],
            reader: BlockReader) -> Schema:
    # A parameter may carry its type, as our own notation writes it: `H: cell`.
    variables: dict[str, str] = {}
    for written in block.parameters:
        variable, _, kind = written.partition(":")
        variables.setdefault(prime_form(variable.strip()), kind.strip() or UNTYPED)
    pre = [_literal(atom, offset, stems, reader, before=True) for atom, offset in preconditions]
    eff: list[Literal] = []
    for atom, offset in effects:
        eff.append(_literal(atom, offset, stems, reader, before=False))
        if atom.decrement is not None and atom.positive:
            eff.append(_literal(atom, offset, stems, reader, before=True, positive=False))
    # The header's parameters only, as the other notations read them: the variables it
    # leaves out are bound by the comparison's readings (strips_model/reports/schema_readings.py).
    parameters = tuple(Parameter(variable, kind) for variable, kind in variables.items())
    return Schema(name, parameters, tuple(pre), tuple(eff), cost, block.position)


def _literal(atom: Atom, offset: int, stems: frozenset[str], reader: BlockReader, before: bool,
             positive: bool | None = None) -> Literal:
    terms: list[Term] = []
    for index, arg in enumerate(atom.args):
        shift = arg.offset
        if atom.decrement is not None and atom.decrement[0] == index and not before:
            shift += atom.decrement[1]
        variable = not arg.is_integer and variable_rule(arg.name, stems)
        terms.append(Term(arg.name, variable, shift if variable else 0))
    return Literal(atom.predicate, tuple(terms),
                   atom.positive if positive is None else positive, reader.position(offset))
