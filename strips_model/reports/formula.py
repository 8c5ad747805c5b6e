"""The body of a clause in the course's notations, read into disjuncts of literals.

    hero(x1,y1,0) ∧ ¬wall(x1,y2) ∧ (¬block(x1,y2) v mob(x1,y2)) ∧ succ(y1,y2)
    perso(x,y') ∧ ¬perso(x,y), time(t--), clear(mob(x1,y2) ∧ time(t--))

The grammar is `course_formula.lark` (an LALR parser, built once by lark_front.py, so a
clause is read in time linear in its length). Connectives `∧ ^ , and et & && \\land \\wedge`
(or nothing: two literals side by side), negation `¬ - ~ ! not non \\neg \\lnot`, disjunction
`∨ v | || or ou \\lor \\vee`, grouping parentheses; `clear(...)`, `del(...)` and
`delete(...)` delete what they hold (`clear(key)` deletes the fluent `key`). A term
is a name with primes (`y'`, `y"`, `y’`), an integer, a name with an offset (`t-1`, `y + 2`)
or a decrement (`t--`: the literal holds `t` before and `t-1` after), or a nested term
(`pos(x,y)`: its arguments take its place). A comparison with a constant (`t>0`) is a static
literal (`greater(t, 0)`, comparison.py gives its type). A conditional (`C => E`,
`when C then E`, whole or in parentheses) is one atom holding its condition and effect
(`Atom.when`): course.py makes cases of it in an effect, an implication in a precondition.
Several written one after another, `C => (E)` each on its line, are cut apart by
formula_chains.py, which reads the body's line breaks.

The reading is a disjunctive normal form: each disjunct is one conjunction of literals, so
a disjunctive precondition becomes one schema per disjunct. Its size is bounded
(`MAX_DISJUNCTS`): a body that would expand past it is refused, never read in part.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from lark import Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError

from strips_model.lark_front import grammar_parser
from strips_model.reports.comparison import COMPARISONS
from strips_model.reports.formula_chains import cut_chains
from strips_model.reports.formula_errors import FormulaError, syntax_error

GRAMMAR: Final = "reports/course_formula.lark"
MAX_DISJUNCTS: Final = 64
MAX_TREE_DEPTH: Final = 310
"""The deepest parse tree built into literals: about 100 parentheses (three levels each) or
300 negations. The builder recurses once per level and, under a small C stack (`ulimit -s
256`), a tree some 600 deep ended the process in SIGSEGV before any RecursionError."""


_PRIMES: Final = str.maketrans({'"': "''", "”": "''", "’": "'", "′": "'"})
_PRIME_CHARACTERS: Final = "'\"’”′"


@dataclass(frozen=True, slots=True)
class Arg:
    name: str
    """A variable or constant as written, primes in `'` form; an integer in digits."""
    offset: int = 0
    is_integer: bool = False


@dataclass(frozen=True, slots=True)
class Atom:
    predicate: str
    args: tuple[Arg, ...]
    positive: bool
    offset: int
    """Where the predicate's name starts in the body."""
    decrement: tuple[int, int] | None = None
    """`(argument index, step)` of a `t--` (step -1) or `t++` (step +1) in it."""
    when: Conditional | None = None
    """Set on a conditional: no literal, its condition and effect."""


@dataclass(frozen=True, slots=True)
class Conditional:
    """`condition => effect`: the effect a conjunction, the condition any formula."""

    condition: tuple[tuple[Atom, ...], ...]
    """Disjuncts of conjunctions, as `read_formula` gives them."""
    effect: tuple[Atom, ...]


@dataclass(frozen=True, slots=True)
class _Decremented:
    arg: Arg
    step: int


_Dnf = list[list[Atom]]


def _name(token: Token) -> str:
    """The name as written, its primes in `'` form (`y”` is `y''`), its markdown escapes
    dropped (`is\\_mob` is `is_mob`)."""
    text = str(token).replace("\\_", "_")
    stem = text.rstrip(_PRIME_CHARACTERS)
    return stem + text[len(stem):].translate(_PRIMES)


def _offset(token: Token) -> int:
    return token.start_pos or 0


class _Builder(Transformer[Token, _Dnf]):
    """The disjunctive normal form of a parsed clause."""

    def start(self, children: list[_Dnf]) -> _Dnf:
        (dnf,) = children
        return dnf

    def conditional(self, children: list[_Dnf | Token]) -> _Dnf:
        condition, effect = (child for child in children if not isinstance(child, Token))
        where = next((_offset(child) for child in children if isinstance(child, Token)), 0)
        if len(effect) != 1:
            raise FormulaError("a disjunction in the effect of a conditional: write one "
                               "conditional per disjunct", where)
        if any(atom.when is not None for part in (*condition, *effect) for atom in part):
            raise FormulaError("a conditional inside a conditional: write its condition as "
                               "one conjunction", where)
        first = condition[0][0].offset if condition and condition[0] else where
        when = Conditional(tuple(map(tuple, condition)), tuple(effect[0]))
        return [[Atom("", (), True, first, when=when)]]

    def disjunction(self, children: list[_Dnf | Token]) -> _Dnf:
        result: _Dnf = []
        for child in children:
            if isinstance(child, Token):
                _bounded(result, _offset(child))
            else:
                result.extend(child)
        _bounded(result, 0)
        return result

    def conjunction(self, children: list[_Dnf | Token]) -> _Dnf:
        result: _Dnf = [[]]
        offset = 0
        for child in children:
            if isinstance(child, Token):
                offset = _offset(child)
            elif len(child) == 1 and len(result) == 1:
                result[0].extend(child[0])  # the common case, kept linear
            else:
                result = [left + more for left in result for more in child]
                _bounded(result, offset)
        return result

    def negation(self, children: list[_Dnf | Token]) -> _Dnf:
        sign, dnf = children
        assert isinstance(sign, Token) and not isinstance(dnf, Token)
        return negated(dnf, _offset(sign))

    def group(self, children: list[_Dnf]) -> _Dnf:
        (dnf,) = children
        return dnf

    def deleted_group(self, children: list[_Dnf | Token]) -> _Dnf:
        word, dnf = children
        assert isinstance(word, Token) and not isinstance(dnf, Token)
        if len(dnf) != 1:
            raise FormulaError(f"a disjunction inside {word}(...) cannot be deleted",
                               _offset(word))
        return [[_flip(atom) for atom in dnf[0]]]

    def deleted_atom(self, children: list[_Dnf | Token]) -> _Dnf:
        _, dnf = children
        assert not isinstance(dnf, Token)
        return [[_flip(atom) for atom in dnf[0]]]

    def bare_atom(self, children: list[Token]) -> _Dnf:
        (name,) = children
        return [[Atom(_name(name), (), True, _offset(name))]]

    def comparison(self, children: list[Token | list[Arg]]) -> _Dnf:
        name, operator, other = children
        assert isinstance(name, Token) and isinstance(operator, Token)
        assert isinstance(other, list)
        return [[Atom(COMPARISONS[str(operator)], (Arg(_name(name)), *other), True,
                      _offset(name))]]

    def applied_atom(self, children: list[Token | list[Arg] | _Decremented | None]) -> _Dnf:
        name, *arguments = children
        assert isinstance(name, Token)
        args: list[Arg] = []
        decrement: tuple[int, int] | None = None
        for argument in arguments:
            if isinstance(argument, _Decremented):
                decrement = (len(args), argument.step)
                args.append(argument.arg)
            elif isinstance(argument, list):
                args.extend(argument)
        return [[Atom(_name(name), tuple(args), True, _offset(name), decrement)]]

    def decremented(self, children: list[Token]) -> _Decremented:
        name, operator = children
        return _Decremented(Arg(_name(name)), -1 if str(operator) == "--" else 1)

    def name_term(self, children: list[Token]) -> list[Arg]:
        (name,) = children
        return [Arg(_name(name))]

    def integer_term(self, children: list[Token]) -> list[Arg]:
        (digits,) = children
        return [Arg(str(digits), is_integer=True)]

    def offset_term(self, children: list[Token]) -> list[Arg]:
        name, sign, digits = children
        step = int(digits)
        return [Arg(_name(name), step if str(sign) == "+" else -step)]

    def nested_term(self, children: list[Token | list[Arg] | _Decremented | None]
                    ) -> list[Arg]:
        # A nested term `pos(x,y)`: its arguments take its place.
        found: list[Arg] = []
        for argument in children[1:]:
            if isinstance(argument, _Decremented):
                found.append(argument.arg)
            elif isinstance(argument, list):
                found.extend(argument)
        return found

    def tuple_term(self, children: list[list[Arg]]) -> list[Arg]:
        # A tuple `(x,y)` as one argument: its parts are the arguments.
        return [arg for part in children for arg in part]


def _bounded(dnf: _Dnf, offset: int) -> None:
    if len(dnf) > MAX_DISJUNCTS:
        raise FormulaError(f"the clause expands to more than {MAX_DISJUNCTS} cases", offset)


def negated(dnf: _Dnf | tuple[tuple[Atom, ...], ...], offset: int) -> _Dnf:
    """¬(a ∧ b ∨ c): the disjuncts of the negation, by De Morgan."""
    result: _Dnf = [[]]
    for conjunction in dnf:
        result = [left + [_flip(atom)] for left in result for atom in conjunction]
        _bounded(result, offset)
    return result


def _flip(atom: Atom) -> Atom:
    if atom.when is not None:
        raise FormulaError("a conditional cannot be negated or deleted: negate its effect",
                           atom.offset)
    return Atom(atom.predicate, atom.args, not atom.positive, atom.offset, atom.decrement)


def _depth_past(tree: Tree[Token], limit: int) -> bool:
    """Whether `tree` is deeper than `limit`, found without recursion."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return False


KEPT_FORMULAS: Final = 20_000
"""Formulas read kept by their text (past it all are forgotten). A header's clauses are read
again for each of its cases; a model written per direction repeats its clauses (576 read, 320
distinct, for 288 schemas); and a process that reads many models, a class or the test suite,
meets the same clauses again and again (the fast loop parsed 18,485 clauses, 6% of its time)."""
_READ: dict[str, tuple[tuple[Atom, ...], ...]] = {}


def read_formula(body: str) -> list[list[Atom]]:
    """The disjuncts of `body`, each a conjunction of atoms; an empty body is one empty
    conjunction (an empty effect)."""
    known = _READ.get(body)
    if known is None:
        if len(_READ) >= KEPT_FORMULAS:
            _READ.clear()
        # Atoms are frozen; only the lists are made anew for each caller. A body that cannot
        # be read raises each time, its error placed by the caller.
        known = _READ[body] = tuple(map(tuple, _parsed(body)))
    return [list(conjunction) for conjunction in known]


def _parsed(body: str) -> list[list[Atom]]:
    if not body.strip():
        return [[]]
    try:
        tree = grammar_parser(GRAMMAR).parse(body)
    except (UnexpectedToken, UnexpectedCharacters, UnexpectedEOF) as error:
        raise syntax_error(error, body) from None
    if _depth_past(tree, MAX_TREE_DEPTH):
        raise FormulaError("the clause nests its parentheses too deeply", 0)
    cut_chains(tree, body)
    try:
        return _Builder().transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, FormulaError):
            raise error.orig_exc from None
        raise
    except RecursionError:
        raise FormulaError("the clause nests its parentheses too deeply", 0) from None
