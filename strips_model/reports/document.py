"""The report dialect: schemas embedded in a markdown report, as the course reports write them.

Prose, headings and code fences are blanked out line by line (never removed), so the schema
grammar's line:column positions point into the report itself. The report's `Init(...)` and
`But(...)` blocks are read the same way by the facts grammar (``facts.lark``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from strips_model.errors import SchemaError
from strips_model.input_files import InputKind, read_input
from strips_model.reports.facts import GoalBlock, InitBlock, parse_facts
from strips_model.reports.reading import SkippedPart
from strips_model.schema import Literal, Schema, parse_schemas

if TYPE_CHECKING:
    from strips_model.reports.reading import ReadingCounts

_HEADER = re.compile(r"^\s+[a-z][A-Za-z0-9_]*\s*\([^()]*\)\s*$")
_CLAUSE = re.compile(r"^\s+(Precondition|Effect|Cost)\s*:")


def schema_lines(markdown: str) -> str:
    """Keep the indented schema headers and their Precondition/Effect/Cost lines only."""
    lines = markdown.split("\n")
    # The next non-blank line after each line, found in one backward pass: looking ahead from
    # every line would take time quadratic in the blank lines of a long report.
    following = [""] * len(lines)
    upcoming = ""
    for index in range(len(lines) - 1, -1, -1):
        following[index] = upcoming
        if lines[index].strip():
            upcoming = lines[index]
    kept: list[str] = []
    for line, after in zip(lines, following, strict=True):
        is_header = bool(_HEADER.match(line)) and bool(_CLAUSE.match(after))
        kept.append(line if is_header or _CLAUSE.match(line) else "")
    return "\n".join(kept)


# -- the whole report: schemas, its Init and its goal ----------------------------------------

_BLOCK_START = re.compile(r"^\s*(Init|But)\s*\(")


def facts_lines(text: str) -> str:
    """Keep the `Init(...)` and `But(...)` blocks (from their keyword to the parenthesis that
    closes it) and blank every other line, so positions stay those of the report."""
    lines = text.split("\n")
    kept = [""] * len(lines)
    depth = 0
    for index, line in enumerate(lines):
        if depth == 0 and not _BLOCK_START.match(line):
            continue
        kept[index] = line
        depth += line.split("#", 1)[0].count("(") - line.split("#", 1)[0].count(")")
        depth = max(depth, 0)
    return "\n".join(kept)


@dataclass(frozen=True, slots=True)
class Report:
    """What a model file says: its schemas and, when it has them, an initial state and a goal."""

    schemas: tuple[Schema, ...]
    init: InitBlock | None
    goals: tuple[GoalBlock, ...]
    """Every goal block the file states, in order, each with its position: a report may
    state one per level (issue 33)."""
    source: str
    skipped: tuple[SkippedPart, ...] = ()
    """Schemas a lenient reader (notation.py) could not read and left out, and the lines
    between schemas that belong to none."""
    counts: ReadingCounts | None = None
    """What the reading did (schemas read, cases split, ...), when the file was read so."""

    @property
    def goal(self) -> GoalBlock | None:
        """The first goal the file states, None when it states none."""
        return self.goals[0] if self.goals else None

    def with_literals(self, rewrite: Callable[[Literal], Literal]) -> Report:
        """This model with every literal of its schemas, goal and Init rewritten."""

        def each(group: tuple[Literal, ...]) -> tuple[Literal, ...]:
            return tuple(map(rewrite, group))

        def each_goal(goal: GoalBlock) -> GoalBlock:
            return GoalBlock(each(goal.conjuncts), tuple(map(each, goal.disjunctions)),
                             goal.position)

        init = self.init
        if init is not None:
            init = InitBlock(each(init.atoms), init.position)
        schemas = tuple(replace(schema, preconditions=each(schema.preconditions),
                                effects=each(schema.effects)) for schema in self.schemas)
        return replace(self, schemas=schemas, init=init, goals=tuple(map(each_goal, self.goals)))


def with_goal_variables(goals: tuple[GoalBlock, ...], schemas: tuple[Schema, ...],
                        init: InitBlock | None) -> tuple[GoalBlock, ...]:
    """The goals with the lowercase names the schemas use as variables (`x`, `y`, declared
    in the headers of a leniently read model, model_file.py) read as variables too, unless a
    schema or the Init names one as a constant: `But(at(x, y), goal(x, y))` asks for any
    cell, as its writer means, where the facts grammar alone reads two constants no level
    has."""
    literals = [lit for s in schemas for lit in (*s.preconditions, *s.effects)]
    variables = {t.name for lit in literals for t in lit.args if t.is_variable}
    constants = {t.name for lit in literals for t in lit.args if not t.is_variable} | {
        t.name for atom in (init.atoms if init is not None else ()) for t in atom.args}
    meant = variables - constants

    def read(literal: Literal) -> Literal:
        return replace(literal, args=tuple(replace(t, is_variable=True) if t.name in meant
                                           else t for t in literal.args))

    return tuple(GoalBlock(tuple(map(read, goal.conjuncts)), tuple(
        tuple(map(read, group)) for group in goal.disjunctions), goal.position)
        for goal in goals)


def parse_report(text: str, source: str = "<report>", plain: bool = False) -> Report:
    """Parse a report (`plain=False`: schemas among markdown prose) or a plain schema file
    (`plain=True`: the whole text is schemas, except its Init/But blocks)."""
    text = text.removeprefix("\ufeff")
    facts_text = facts_lines(text)
    if plain:
        facts = set(index for index, line in enumerate(facts_text.split("\n")) if line)
        schema_text = "\n".join("" if index in facts else line
                                for index, line in enumerate(text.split("\n")))
    else:
        schema_text = schema_lines(text)
    schemas = parse_schemas(schema_text, source)
    init, goals = read_facts_blocks(facts_text, source)
    return Report(schemas, init, goals, source)


def read_facts(facts_text: str, source: str) -> tuple[InitBlock | None, GoalBlock | None]:
    """The Init and the first But of a text whose other lines are blank (`facts_lines`);
    `read_facts_blocks` gives every But."""
    init, goals = read_facts_blocks(facts_text, source)
    return init, goals[0] if goals else None


def read_facts_blocks(facts_text: str, source: str
                      ) -> tuple[InitBlock | None, tuple[GoalBlock, ...]]:
    """The Init and every But, in order, of a text whose other lines are blank: a report
    may state a goal per level; one initial state only, as the levels give theirs."""
    init: InitBlock | None = None
    goals: list[GoalBlock] = []
    for block in parse_facts(facts_text, source):
        if isinstance(block, InitBlock):
            if init is not None:
                raise SchemaError("a second Init block (one initial state per file)",
                                  block.position)
            init = block
        else:
            goals.append(block)
    return init, tuple(goals)


def load_report(path: str) -> Report:
    """A `.strips` file is read as plain schemas, anything else as a markdown report."""
    return parse_report(read_input(path, InputKind.MODEL), path, plain=path.endswith(".strips"))
