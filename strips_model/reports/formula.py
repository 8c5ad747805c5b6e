"""The body of a clause in the course's notations, read into disjuncts of literals.

    hero(x1,y1,0) ∧ ¬wall(x1,y2) ∧ (¬block(x1,y2) v mob(x1,y2)) ∧ succ(y1,y2)
    perso(x,y') ∧ ¬perso(x,y), time(t--), clear(mob(x1,y2) ∧ time(t--))

Connectives `∧ ^ , and et & && \\land \\wedge` (or nothing: two literals side by side),
negation `¬ - ~ ! not non \\neg \\lnot`, disjunction `∨ v | || or ou \\lor \\vee`, grouping
parentheses; `clear(...)`, `del(...)` and `delete(...)` delete what they hold. A term is a
name with primes (`y'`, `y"`, `y’`), an integer, a name with an offset (`t-1`, `y + 2`) or a
decrement (`t--`: the literal holds `t` before and `t-1` after), or a nested term
(`pos(x,y)`: its arguments take its place). A comparison with a constant (`t>0`) is a static
literal (`greater(t, 0)`). `=>` and `when` (conditional effects) are refused with their
position: they are not compiled.

The reading is a disjunctive normal form: each disjunct is one conjunction of literals, so
a disjunctive precondition becomes one schema per disjunct. Its size is bounded
(`MAX_DISJUNCTS`): a body that would expand past it is refused, never read in part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from strips_model.errors import Position

MAX_DISJUNCTS: Final = 64

COMPARISONS: Final = {">": "greater", "<": "less", ">=": "at_least", "<=": "at_most",
                      "!=": "different", "≠": "different", "=": "equal", "≥": "at_least",
                      "≤": "at_most"}

_TOKEN: Final = re.compile(r"""
    (?P<space>\s+|\\[,;!: ]|\$)
  | (?P<implies>=>|⇒|→|\\Rightarrow|\\implies|\\to\b)
  | (?P<cmp>>=|<=|!=|≠|≥|≤|>|<|=)
  | (?P<and>∧|&&|&|\^|\\land\b|\\wedge\b)
  | (?P<or>∨|\|\||\||\\lor\b|\\vee\b)
  | (?P<not>¬|~|!|\\neg\b|\\lnot\b)
  | (?P<dec>--|\+\+)
  | (?P<sign>[-+])
  | (?P<int>\d+)
  | (?P<name>[^\W\d]\w*(?:-[^\W\d]\w*)*)(?P<primes>['"’”′]*)
  | (?P<open>[(\[{])
  | (?P<close>[)\]}])
  | (?P<comma>,)
""", re.VERBOSE)
_WORDS: Final = {"and": "and", "et": "and", "or": "or", "ou": "or", "v": "or",
                 "not": "not", "non": "not", "when": "implies"}
_OPENS: Final = re.compile(r"\s*\(")
_DELETES: Final = frozenset({"clear", "del", "delete", "supprimer"})


class FormulaError(Exception):
    """A clause body that cannot be read; `offset` is where, in the body."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.position: Position | None = None
        """Where, in the file, once the reader of the schema knows it."""


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


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str
    offset: int


def _tokens(body: str) -> list[_Token]:
    found: list[_Token] = []
    position = 0
    while position < len(body):
        match = _TOKEN.match(body, position)
        if match is None:
            raise FormulaError(f"unexpected character {body[position]!r}", position)
        kind = match.lastgroup or ""
        if kind == "primes":
            kind = "name"
        if kind == "name":
            word = match.group("name")
            primes = match.group("primes").translate(_PRIMES)
            opens = _OPENS.match(body, match.end()) is not None
            if word.lower() in _WORDS and not primes and not opens:
                kind = _WORDS[word.lower()]
            found.append(_Token(kind, word + primes, match.start()))
        elif kind != "space":
            found.append(_Token(kind, match.group(0), match.start()))
        position = match.end()
    return found


_PRIMES: Final = str.maketrans({'"': "''", "”": "''", "’": "'", "′": "'"})

_Dnf = list[list[Atom]]


class _Parser:
    def __init__(self, body: str) -> None:
        self._tokens = _tokens(body)
        self._at = 0
        self._end = len(body)

    def _peek(self, ahead: int = 0) -> _Token | None:
        index = self._at + ahead
        return self._tokens[index] if index < len(self._tokens) else None

    def _take(self, kind: str) -> _Token:
        token = self._peek()
        if token is None or token.kind != kind:
            where = token.offset if token else self._end
            found = repr(token.text) if token else "the end of the clause"
            raise FormulaError(f"expected {kind}, found {found}", where)
        self._at += 1
        return token

    def formula(self) -> _Dnf:
        result = self._disjunction()
        token = self._peek()
        if token is not None and token.kind == "implies":
            raise FormulaError(f"conditional effect ({token.text!r}) not supported: write one "
                               "schema per case", token.offset)
        if token is not None:
            raise FormulaError(f"unexpected {token.text!r}", token.offset)
        return result

    def _disjunction(self) -> _Dnf:
        result = self._conjunction()
        while (token := self._peek()) is not None and token.kind == "or":
            self._at += 1
            result = result + self._conjunction()
            _bounded(result, token.offset)
        return result

    def _conjunction(self) -> _Dnf:
        result = self._unary()
        while (token := self._peek()) is not None and token.kind in (
                "and", "comma", "not", "name", "open", "sign"):
            if token.kind in ("and", "comma"):
                self._at += 1
            right = self._unary()
            result = [left + more for left in result for more in right]
            _bounded(result, token.offset)
        return result

    def _unary(self) -> _Dnf:
        token = self._peek()
        if token is None:
            raise FormulaError("a literal is missing at the end of the clause", self._end)
        if token.kind == "implies":
            raise FormulaError(f"conditional effect ({token.text!r}) not supported: write one "
                               "schema per case", token.offset)
        if token.kind == "not" or (token.kind == "sign" and token.text == "-"):
            self._at += 1
            return _negated(self._unary(), token.offset)
        if token.kind == "open":
            self._at += 1
            inner = self._disjunction()
            self._take("close")
            return inner
        if token.kind == "name" and token.text.lower() in _DELETES and self._opens(1):
            self._at += 2
            inner = self._disjunction()
            self._take("close")
            if len(inner) != 1:
                _refuse_or(token)
            return [[_flip(atom) for atom in inner[0]]]
        if token.kind == "name" and token.text.lower() in _DELETES and (
                self._peek(1) or token).kind == "name" and self._peek(1) is not None:
            self._at += 1  # `del p(x)`
            return [[_flip(self._atom())]]
        return [[self._atom()]]

    def _opens(self, ahead: int) -> bool:
        token = self._peek(ahead)
        return token is not None and token.kind == "open"

    def _atom(self) -> Atom:
        name = self._take("name")
        following = self._peek()
        if following is not None and following.kind == "cmp":
            self._at += 1
            other = self._term()
            return Atom(COMPARISONS[following.text], (_arg(name), *other), True, name.offset)
        if not self._opens(0):
            return Atom(name.text, (), True, name.offset)
        self._at += 1
        args: list[Arg] = []
        decrement: tuple[int, int] | None = None
        while True:
            token = self._peek()
            if token is not None and token.kind == "close":
                self._at += 1
                break
            if args and (self._peek() or name).kind != "comma":
                raise FormulaError(f"literal {name.text!r} is cut off: its ')' is missing",
                                   name.offset)
            if args:
                self._at += 1
            if (self._peek(1) or name).kind == "dec":
                decrement = (len(args), -1 if (self._peek(1) or name).text == "--" else 1)
                args.append(_arg(self._take("name")))
                self._at += 1
                continue
            args.extend(self._term())
        return Atom(name.text, tuple(args), True, name.offset, decrement)

    def _term(self) -> list[Arg]:
        token = self._peek()
        if token is not None and token.kind == "open":
            # A tuple `(x,y)` as one argument: its parts are the arguments.
            self._at += 1
            parts = self._term()
            while (self._peek() or token).kind == "comma":
                self._at += 1
                parts.extend(self._term())
            self._take("close")
            return parts
        if token is not None and token.kind == "sign" and (self._peek(1) or token).kind == "int":
            self._at += 2
            return [Arg(token.text.replace("+", "") + self._tokens[self._at - 1].text,
                        is_integer=True)]
        if token is not None and token.kind == "int":
            self._at += 1
            return [Arg(token.text, is_integer=True)]
        name = self._take("name")
        if self._opens(0):
            self._at -= 1
            return list(self._atom().args)  # a nested term: flattened
        sign = self._peek()
        number = self._peek(1)
        if (sign is not None and sign.kind == "sign" and number is not None
                and number.kind == "int"):
            self._at += 2
            step = int(number.text)
            return [Arg(name.text, step if sign.text == "+" else -step)]
        return [_arg(name)]


def _arg(token: _Token) -> Arg:
    return Arg(token.text, 0, token.kind == "int")


def _refuse_or(token: _Token) -> None:
    raise FormulaError(f"a disjunction inside {token.text}(...) cannot be deleted",
                       token.offset)


def _bounded(dnf: _Dnf, offset: int) -> None:
    if len(dnf) > MAX_DISJUNCTS:
        raise FormulaError(f"the clause expands to more than {MAX_DISJUNCTS} cases", offset)


def _negated(dnf: _Dnf, offset: int) -> _Dnf:
    """¬(a ∧ b ∨ c): the disjuncts of the negation, by De Morgan."""
    result: _Dnf = [[]]
    for conjunction in dnf:
        result = [left + [_flip(atom)] for left in result for atom in conjunction]
        _bounded(result, offset)
    return result


def _flip(atom: Atom) -> Atom:
    return Atom(atom.predicate, atom.args, not atom.positive, atom.offset, atom.decrement)


def read_formula(body: str) -> list[list[Atom]]:
    """The disjuncts of `body`, each a conjunction of atoms; an empty body is one empty
    conjunction (an empty effect)."""
    if not body.strip():
        return [[]]
    return _Parser(body).formula()
