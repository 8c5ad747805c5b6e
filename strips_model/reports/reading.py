"""What reading a model gives, whatever it was read from: the value every reader returns.

The reader of the course's notations (`notation.read_model`), the PDDL domain reader and the
PDF front (which hands its extracted text to the notation reader) all return a `Reading`, so
`compare`, `diff` and the lint take any of them alike. Nothing read is dropped in silence: a
part of the text that is not part of a schema is in `skipped`, with its position and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from strips_model.errors import Position
from strips_model.reports.arities import ArityClash, arity_clashes
from strips_model.schema import Schema

__all__ = ["Reading", "ReadingCounts", "SkippedPart", "definition_variant", "skipped_schemas",
           "split_name", "written_name"]

@dataclass(frozen=True, slots=True)
class SkippedPart:
    """A part of the text that could not be read, and why, in one line."""

    position: Position
    reason: str

    def __str__(self) -> str:
        return f"{self.position}: {self.reason}"


SKIPPED_SCHEMA: Final = re.compile(r"^schema '([^']*)' skipped: ")
"""How the reason of a skipped schema starts; other skipped parts are lines between schemas."""


def skipped_schemas(parts: tuple[SkippedPart, ...]) -> tuple[SkippedPart, ...]:
    """The schemas among the skipped parts: the lines of prose, comments and separators
    between schemas are listed too, but they are no part of the model."""
    return tuple(part for part in parts if SKIPPED_SCHEMA.match(part.reason))


def split_name(name: str, case: int | None = None, disjunct: int | None = None,
               when: int | None = None, variant: str | None = None) -> str:
    """The name of one schema split from the action `name`, the one rule of every reader:
    `NAME_VARIANT` for one of several actions written with the same name and told apart by
    the constants of their headers (`do(act(move, D))` is `do_move`) or, when no constant
    tells them apart, by the order they are written in (`do_def2`); then `NAME_caseK` for
    its numbered case K (as written: `Préconditions 2`), `NAME_orK` for the K-th disjunct of
    its precondition, `NAME_whenK` for the K-th combination of its conditional effects, in
    that order (`push_case2_or1`); None leaves a part out, so an action that is not split
    keeps its name."""
    if variant:
        name += f"_{variant}"
    for part, number in (("case", case), ("or", disjunct), ("when", when)):
        if number is not None:
            name += f"_{part}{number}"
    return name


def definition_variant(number: int) -> str:
    """The variant `split_name` gives the `number`-th action of a name written several
    times that no constant tells apart."""
    return f"def{number}"


_DEFINITION: Final = re.compile(r"_def\d+((?:_(?:case|or|when)\d+)*)$")


def written_name(name: str) -> str:
    """The name an action was written with, without the variant `split_name` gave it for
    being the K-th of its name (`push_def2_or1` was written `push`, its disjunct kept):
    what tells two schemas of one name apart when nothing else does."""
    return _DEFINITION.sub(r"\1", name)


@dataclass(frozen=True, slots=True)
class ReadingCounts:
    """What a reading did, as the top of a report says it."""

    schemas: int
    """Schemas read (after cases and disjunctions were split)."""
    cases_split: int = 0
    """Extra schemas made from the numbered cases (`Préconditions 2` ...) of an action."""
    disjunctions_expanded: int = 0
    """Extra schemas made from a disjunctive precondition, one per disjunct."""
    lines_skipped: int = 0
    """Lines between the first and last schema that belong to no schema (each listed)."""
    conditional_cases: int = 0
    """Extra schemas made from the cases of conditional effects (`C => E`)."""

    def summary(self) -> str:
        """One line: `N schemas read, C cases split, D disjunctions expanded, L lines skipped`."""
        return (f"{self.schemas} schema{'' if self.schemas == 1 else 's'} read, "
                f"{self.cases_split} case{'' if self.cases_split == 1 else 's'} split, "
                f"{self.disjunctions_expanded} disjunction"
                f"{'' if self.disjunctions_expanded == 1 else 's'} expanded, "
                f"{self.lines_skipped} line{'' if self.lines_skipped == 1 else 's'} skipped"
                + (f", {self.conditional_cases} more from the cases of conditional effects "
                   "(`_whenK`)" if self.conditional_cases else ""))


@dataclass(frozen=True, slots=True)
class Reading:
    """The schemas a model holds, the parts skipped, and how it was read.

    `notation` names the reader (`ours`, `textbook`, `latex`, `pddl`, ...); `inner` the
    notation of the schemas themselves when markup was removed first (LaTeX, PDF), else the
    same as `notation`. Positions are those of `source` (for a PDF, the front's positions).
    """

    schemas: tuple[Schema, ...]
    skipped: tuple[SkippedPart, ...]
    notation: str
    inner: str
    source: str
    counts: ReadingCounts | None = None
    """None when the reader counts only the schemas (`tally` then fills the rest with zeros)."""

    def tally(self) -> ReadingCounts:
        """The counts of this reading, `schemas` at least."""
        return self.counts or ReadingCounts(len(self.schemas))

    def arity_clashes(self) -> tuple[ArityClash, ...]:
        """The literals whose number of arguments differs from their predicate's other
        uses: read and kept, for the lint to name and the comparison to leave their schemas
        out (`clashing_schemas`)."""
        return arity_clashes(self.schemas)

    def clashing_schemas(self) -> frozenset[str]:
        """The schemas a comparison leaves out: those holding an arity clash."""
        return frozenset(clash.schema for clash in self.arity_clashes())
