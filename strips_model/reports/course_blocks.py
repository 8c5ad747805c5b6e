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
from dataclasses import dataclass, field
from typing import Final

from strips_model.errors import Position
from strips_model.reports.reading import SkippedPart

# Markdown escapes its underscores (`push\_block`): the backslashes are dropped from names.
_NAME: Final = r"[^\W\d](?:[\w-]|\\_)*"
_HEADER: Final = re.compile(
    rf"^[\s>*#+-]*(?:\$|\\\[)?\s*(?:(?:Action|ACTION|action)\s*\(\s*)?({_NAME})\s*"
    r"\(((?:[^()]|\([^()]*\))*)\)\s*(\))?\s*[:,]?\s*")
_KEYWORD: Final = re.compile(
    r"(?i)\b(pr[eé]cond(?:ition)?s?|pr[eé]|conditions?|effects?|effets?|effect|eff|adds?|"
    r"ajouts?|deletes?|del|suppressions?|cost|co[uû]t)\s*(\d+)?\s*:")
_OPENING: Final = re.compile(r"(?i)\b(?:pr[eé]cond(?:ition)?s?|pr[eé]|conditions?)\s*\d*\s*:")

MAX_SCHEMAS: Final = 10_000
"""More precondition clauses than this is no hand-written model: refused before reading, so
that a huge file is refused in a second rather than read for minutes."""


def opening_clauses(text: str) -> int:
    """How many precondition clauses `text` opens: an upper bound on its schemas."""
    return sum(1 for _ in _OPENING.finditer(text))


_SEPARATOR: Final = re.compile(r"^\s*(?:-{3,}|_{3,}|\*{3,}|={3,})\s*$")
_BREAK: Final = re.compile(r"^\s*(?:#|//|%|--|```|~~~|\\(?:begin|end)\b)")
_CONTINUES: Final = re.compile(r"^\s*(?:∧|∨|\^|&|,|¬|~|\(|\)|and\b|et\b|or\b|ou\b|v\b|\\land|"
                               rf"\\wedge|\\neg|\\lnot|-?\s*{_NAME}\s*\()")
_ENDS_OPEN: Final = re.compile(r"(?:∧|∨|\^|&|,|\(|\band|\bet|\bor|\bou|\\land|\\wedge)\s*$")


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
        self.lines = text.split("\n")
        self.starts = _line_starts(text)
        self.skipped: list[SkippedPart] = []
        self.lines_skipped = 0

    def position(self, offset: int) -> Position:
        line = _bisect(self.starts, offset)
        return Position(self.source, line + 1, offset - self.starts[line] + 1)

    def skip_line(self, index: int, reason: str) -> None:
        self.lines_skipped += 1
        column = len(self.lines[index]) - len(self.lines[index].lstrip()) + 1
        self.skipped.append(SkippedPart(Position(self.source, index + 1, column), reason))

    def header_at(self, index: int) -> re.Match[str] | None:
        match = _HEADER.match(self.lines[index])
        if match is None or _KEYWORD.fullmatch(match.group(1) + ":"):
            return None
        rest = self.lines[index][match.end():].strip()
        if rest:
            # `Action(Name(args), PRECOND: ...` on one line; a literal in a formula is no header.
            return match if _KEYWORD.match(rest) else None
        for later in self.lines[index + 1:index + 4]:
            if later.strip():
                return match if _KEYWORD.match(later.strip().lstrip("-*> ")) else None
        return None

    def blocks(self) -> list[Block]:
        found: list[Block] = []
        index = 0
        first = True
        while index < len(self.lines):
            header = self.header_at(index)
            if header is None:
                if not first and self.lines[index].strip():
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
        first_line = index
        start = self.starts[index]
        name = header.group(1).replace("\\_", "_")
        parameters = tuple(part.strip() for part in re.split(r"[(),]", header.group(2))
                           if part.strip())
        clauses: list[Clause] = []
        self.clause_text(start + header.end(), self.lines[index][header.end():], clauses)
        index += 1
        between: list[int] = []
        """Blank, comment, separator or fence lines since the last line of the schema."""
        while index < len(self.lines):
            line = self.lines[index]
            if line.strip() and self.header_at(index) is not None:
                break
            if not line.strip() or _BREAK.match(line) or _SEPARATOR.match(line):
                between.append(index)
                index += 1
                continue
            stripped = line.strip()
            if not stripped.startswith("--"):
                stripped = stripped.lstrip("-*> ")
            last = clauses[-1].body[-1] if clauses and clauses[-1].body else ""
            if _KEYWORD.match(stripped):
                self.clause_text(self.starts[index] + line.index(stripped), stripped, clauses)
            elif clauses and (_CONTINUES.match(line) or _ENDS_OPEN.search(last)):
                self.clause_text(self.starts[index], line, clauses)
            else:
                break
            # Lines inside the schema that are not part of it: listed, never a cut.
            for inside in between:
                if self.lines[inside].strip():
                    self.skip_line(inside, "comment or separator inside a schema")
            between = []
            index += 1
        index = between[0] if between else index
        column = header.start(1) + 1
        position = Position(self.source, first_line + 1, column)
        return index, Block(name, parameters, position, tuple(clauses))

    def clause_text(self, offset: int, text: str, clauses: list[Clause]) -> None:
        """The clauses that `text` (at `offset`) opens or continues."""
        text = _code(text)
        matches = list(_KEYWORD.finditer(text))
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


def _bisect(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low
