"""Cutting a text in the course's notations into schemas and their clauses (`course.py`).

A header is `Action(Name(args))`, `Action(Name(args), ...` (the parenthesis closing after the
effect), `Name(args):` or `name(args)`, on a line of its own or with its first clause after
it, as a list item or a heading; a line is a header only when a clause keyword follows it.
Clause keywords are English or French, any case, with or without accents, numbers or plurals
(`Precondition(s)`, `PRECOND`, `Pre`, `Préconditions 2`, `Conditions`, `Effect(s)`, `Effets`,
`Add`, `Delete`, `Cost`), always with a colon.

A schema runs from its header to the end of its last clause. A clause runs on over blank
lines and onto the lines that continue it (a connective at either end, or literals only);
a comment, separator or fence inside a schema is listed as skipped and does not cut it;
prose or a heading ends it. Every other non-blank line between the first and the last schema
is listed as skipped, with its position and why.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Final

from strips_model.errors import Position
from strips_model.reports.course_lines import (
    KEYWORD,
    NAME,
    OPENING,
    nonblank,
    split_trailing_headers,
)
from strips_model.reports.reading import SkippedPart

_HEADER: Final = re.compile(
    rf"^[\s>*#+-]*(?:\$|\\\[)?\s*(?:(?:Action|ACTION|action)\s*\(\s*)?({NAME}(?: [A-Z]\w*)*)\s*"
    r"\(((?:[^()]|\([^()]*\))*)\)\s*(\))?\s*[:,.;]?\s*")

MAX_SCHEMAS: Final = 10_000
"""More precondition clauses than this is no hand-written model: refused before reading, so
that a huge file is refused in a second rather than read for minutes."""


def opening_clauses(text: str) -> int:
    """How many precondition clauses `text` opens: an upper bound on its schemas."""
    return sum(1 for _ in OPENING.finditer(text))


_SEPARATOR: Final = re.compile(r"^\s*(?:-{3,}|_{3,}|\*{3,}|={3,})\s*$")
_BREAK: Final = re.compile(r"^\s*(?:#|//|%|--|```|~~~|\\(?:begin|end)\b)")
_CONTINUES: Final = re.compile(r"^\s*(?:∧|∨|\^|&|,|¬|~|\(|\)|and\b|et\b|or\b|ou\b|v\b|"
                               r"\\land|\\lor|\\vee|\\wedge|\\neg|\\lnot|"
                               rf"(?:(?:not|non)\s+)?-?\s*{NAME}\s*\(|"
                               rf"{NAME}\s*(?:[<>≤≥≠=∧∨^&]|!=))")
"""A line that goes on with the clause before it: a connective, a literal (`not mob(x, y)`
too), a comparison (`t>0 ∧ man(x,y)`) or a literal without arguments before a connective
(`r ∧ p(x)`). Prose may start with a word and a comma, `|` (a table) or `Non`: those lines
continue a clause only after a connective, or as the first line of a precondition an effect
follows."""
_ACTION_ALONE: Final = re.compile(r"^[\s>*#+-]*(?:Action|ACTION|action)\s*\(\s*$")
"""`Action(` on a line of its own: the header of the next schema starts here."""
_FACTS: Final = re.compile(r"^\s*(?:Init|But|Goal|Objectif)\s*\(")
"""An `Init(...)` or goal block (document.py reads them): never part of a schema."""
_ENDS_OPEN: Final = re.compile(r"(?:∧|∨|\^|&|\||,|\(|¬|~|\band|\bet|\bor|\bou|\bnot|\bnon|"
                               r"\\land|\\wedge|\\lor|\\vee|\\neg|\\lnot)\s*$")


@dataclass(slots=True)
class Clause:
    kind: str
    """`pre`, `eff`, `add`, `del` or `cost`."""
    case: int | None
    start: int
    """Offset of its body in the text."""
    body: list[str] = field(default_factory=list)
    """Its text, each piece with the offset it starts at."""
    offsets: list[int] = field(default_factory=list)


def _kind(word: str) -> str:
    word = word.lower()
    if word.startswith(("pr", "cond")):
        return "pre"
    if word.startswith(("add", "ajout")):
        return "add"
    if word.startswith(("del", "suppr")):
        return "del"
    if word.startswith("co"):
        return "cost"
    return "eff"


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(index + 1 for index, char in enumerate(text) if char == "\n")
    return starts


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    parameters: tuple[str, ...]
    position: Position
    clauses: tuple[Clause, ...]


class BlockReader:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.line_starts = _line_starts(text)
        self.lines, self.starts = split_trailing_headers(text.split("\n"), self.line_starts)
        """The lines read, a header at the end of a line being a line of its own, and the
        offset each starts at."""
        self.skipped: list[SkippedPart] = []
        self.lines_skipped = 0

    def position(self, offset: int) -> Position:
        line = bisect_right(self.line_starts, offset) - 1
        return Position(self.source, line + 1, offset - self.line_starts[line] + 1)

    def skip_line(self, index: int, reason: str) -> None:
        self.lines_skipped += 1
        indent = len(self.lines[index]) - len(self.lines[index].lstrip())
        self.skipped.append(SkippedPart(self.position(self.starts[index] + indent), reason))

    def header_at(self, index: int, opening_only: bool = False) -> re.Match[str] | None:
        """The header on line `index`: `name(args)` followed, on its line or within a few
        lines (page marks, fences and other lines without a literal may lie between), by a
        clause keyword; with `opening_only`, by a precondition keyword."""
        match = _HEADER.match(self.lines[index])
        if match is None or KEYWORD.fullmatch(match.group(1) + ":"):
            return None
        keyword = OPENING if opening_only else KEYWORD
        rest = _code(self.lines[index][match.end():]).strip()
        if rest:
            # `Action(Name(args), PRECOND: ...` on one line; a literal in a formula is no header.
            return match if keyword.match(rest) else None
        for later in nonblank(self.lines, index + 1):
            stripped = later.strip().lstrip("-*> ")
            if KEYWORD.match(stripped):
                return match if keyword.match(stripped) else None
            if "(" in stripped or _HEADER.match(later):
                return None
        return None

    def effect_follows(self, index: int) -> bool:
        """Whether an effect, add, delete or cost clause comes within a few lines after
        `index` with no header-like line (`name(...`) before it: the lines between are a
        page break or prose inside the schema."""
        for later in nonblank(self.lines, index):
            stripped = later.strip().lstrip("-*> ")
            if KEYWORD.match(stripped):
                return OPENING.match(stripped) is None
            if _HEADER.match(later):
                return False
        return False

    def blocks(self) -> list[Block]:
        found: list[Block] = []
        index = 0
        first = True
        while index < len(self.lines):
            header = self.header_at(index)
            if header is None:
                if not first and self.lines[index].strip() and \
                        not _ACTION_ALONE.match(self.lines[index]):
                    self.skip_line(index, _why(self.lines[index]))
                index += 1
                continue
            first = False
            index, block = self.block(index, header)
            found.append(block)
        # Lines after the last schema are not between schemas: not listed.
        while self.skipped and found and self.skipped[-1].position.line is not None and \
                self.skipped[-1].position.line > _last_line(found, self):
            self.skipped.pop()
            self.lines_skipped -= 1
        return found

    def block(self, index: int, header: re.Match[str]) -> tuple[int, Block]:
        start = self.starts[index]
        # PDF extraction may space out a camel-case name (`wall Kill Down`): joined again.
        name = header.group(1).replace("\\_", "_").replace(" ", "")
        # The words of nested terms are parameters, their function names are not:
        # `act(moveup, (x,y), time(t))` has the parameters moveup, x, y and t.
        words = re.sub(rf"{NAME}\s*\(", "(", header.group(2))
        parameters = tuple(part.strip() for part in re.split(r"[(),]", words) if part.strip())
        clauses: list[Clause] = []
        self.clause_text(start + header.end(), self.lines[index][header.end():], clauses)
        index += 1
        between: list[int] = []
        """Blank, comment, separator or fence lines since the last line of the schema."""
        while index < len(self.lines):
            line = self.lines[index]
            last = clauses[-1].body[-1] if clauses and clauses[-1].body else ""
            # After an open clause (`..., doom_site(H, P, D),`) a literal on a line of its own
            # followed by `Effect:` continues it; only a precondition opens another schema.
            # So does a clause with nothing yet (`PRECOND :` then `p(X)` on the next line).
            open_clause = bool(clauses) and (not "".join(clauses[-1].body).strip()
                                             or bool(_ENDS_OPEN.search(last)))
            if line.strip() and (self.header_at(index, opening_only=open_clause) is not None
                                 or _ACTION_ALONE.match(line) or _FACTS.match(line)):
                break
            if not line.strip() or _BREAK.match(line) or _SEPARATOR.match(line):
                between.append(index)
                index += 1
                continue
            stripped = line.strip()
            if not stripped.startswith("--"):
                stripped = stripped.lstrip("-*> ")
            if not clauses and not KEYWORD.match(stripped):
                between.append(index)  # a page mark between a header and its first clause
                index += 1
                continue
            if KEYWORD.match(stripped):
                self.clause_text(self.starts[index] + line.index(stripped), stripped, clauses)
            elif clauses and (_CONTINUES.match(line) or _ENDS_OPEN.search(last) or (
                    clauses[-1].kind == "pre" and not "".join(clauses[-1].body).strip()
                    and self.effect_follows(index))):
                # `Conditions:` alone on its line: the next line is its body when an
                # effect follows, whatever it starts with (`not r ∧ ...`).
                self.clause_text(self.starts[index], line, clauses)
            elif self.effect_follows(index):
                between.append(index)  # a page break between a precondition and its effect
                index += 1
                continue
            else:
                break
            # Lines inside the schema that are not part of it: listed, never a cut.
            for inside in between:
                if self.lines[inside].strip():
                    self.skip_line(inside, "comment, separator or page mark inside a schema")
            between = []
            index += 1
        index = between[0] if between else index
        position = self.position(start + header.start(1))
        return index, Block(name, parameters, position, tuple(clauses))

    def clause_text(self, offset: int, text: str, clauses: list[Clause]) -> None:
        """The clauses that `text` (at `offset`) opens or continues."""
        text = _code(text)
        matches = list(KEYWORD.finditer(text))
        if not matches:
            if clauses and text.strip():
                clauses[-1].body.append(text)
                clauses[-1].offsets.append(offset)
            return
        if clauses and text[:matches[0].start()].strip():
            clauses[-1].body.append(text[:matches[0].start()])
            clauses[-1].offsets.append(offset)
        for number, match in enumerate(matches):
            end = matches[number + 1].start() if number + 1 < len(matches) else len(text)
            case = int(match.group(2)) if match.group(2) else None
            clause = Clause(_kind(match.group(1)), case, offset + match.end())
            clause.body.append(text[match.end():end])
            clause.offsets.append(offset + match.end())
            clauses.append(clause)


def _last_line(blocks: list[Block], reader: BlockReader) -> int:
    last = blocks[-1]
    ends = [offset for clause in last.clauses for offset in clause.offsets]
    return reader.position(max(ends)).line or 0 if ends else last.position.line or 0


_COMMENT: Final = re.compile(r"//.*$|(?<=\s)#.*$|(?<!\\)%.*$")


def _code(line: str) -> str:
    """The line without its end-of-line comment (`//`, ` #`, `%`), its length kept."""
    comment = _COMMENT.search(line)
    return line if comment is None else line[:comment.start()] + " " * (
        len(line) - comment.start())


def _why(line: str) -> str:
    if _SEPARATOR.match(line):
        return "separator between schemas"
    if _BREAK.match(line):
        return "comment, heading, fence or markup between schemas"
    return "prose between schemas: no clause keyword (`Precondition:`, `Effect:`) follows it"

