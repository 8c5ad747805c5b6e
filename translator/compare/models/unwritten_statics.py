"""Static predicates a model's own Init writes that the reading writes on no level.

A student's Init is the author's word on what a level holds. A static predicate the moves
require, that the Init writes and the reading gives no part of the game (`bare(C)`: a cell
with neither spikes nor a trap; `blessantPair(C)`: one that hurts on an even turn), is never
written by the Init generated for a level: every move needing it is dead under the reading,
and what then diverges says nothing of the model. Each level's divergence is then a question
of the reading (hypotheses.py turns it into `not run`, with this sentence), never a verdict
on the model. A model whose own Init writes no such predicate keeps its verdicts: a
predicate it requires and never writes anywhere is its own fault.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from strips_model.errors import HelltakerError
from strips_model.level import Level
from strips_model.reports.schema_readings import static_predicates
from translator.compare.models.report_model import ReportModel


def unwritten_statics(model: ReportModel, level: Level) -> tuple[tuple[str, int], ...]:
    """(predicate, how many atoms of it the model's own Init holds), for the static
    predicates the moves require that its own Init writes and the Init generated for `level`
    does not; none when that Init cannot be generated (the level's run says why)."""
    init = model.report.init
    if init is None or model.words is None:
        return ()
    schemas = model.report.schemas
    required = {lit.predicate for schema in schemas for lit in schema.preconditions
                if lit.positive}
    own = Counter(atom.predicate for atom in init.atoms)
    roles = {name for _, name in model.words.roles}
    candidates = sorted(name for name in static_predicates(schemas) & required
                        if own[name] and name not in roles)
    written = _written(model, level) if candidates else None
    if written is None:
        return ()
    return tuple((name, own[name]) for name in candidates if name not in written)


def _written(model: ReportModel, level: Level) -> set[str] | None:
    """The predicates the Init generated for `level` writes; None when it cannot be
    generated (the level's run says why)."""
    try:
        on_level = model.on(level)
    except (HelltakerError, ValueError, IndexError):
        return None
    return {atom[0] for atom in on_level.initial() | on_level.static()}


def never_written(model: ReportModel, level: Level) -> tuple[str, ...]:
    """The predicates the moves require, that the reading gives no part of the game and that
    the Init generated for `level` does not write (none when that Init cannot be generated:
    the level's run says why): a static (`bare(C)`, derived from several parts), or a fluent
    whose first value no reading knows (a parity written `phase(even)`, swapped with
    `phase(odd)` by every action). Under the reading, a move needing one waits on what the
    reading left out, whatever the model says. A part's own predicate absent from a level (no
    spikes on it) is not one of them."""
    roles = {name for _, name in model.words.roles} if model.words is not None else set()
    schemas = model.report.schemas
    static = static_predicates(schemas)
    hero = model.words.predicate("hero") if model.words is not None else None
    moves = [s for s in schemas if any(e.positive and e.predicate == hero for e in s.effects)]
    needing = Counter(name for schema in moves for name in
                      {lit.predicate for lit in schema.preconditions if lit.positive})
    # A static any action needs; a fluent, only one most moves of the hero need (a fluent
    # some moves need once another action made it true, as a doomed skeleton's mark, is no
    # sign of the reading).
    required = {lit.predicate for schema in schemas for lit in schema.preconditions
                if lit.positive and (lit.predicate in static
                                     or 2 * needing[lit.predicate] > len(moves))} - roles
    written = _written(model, level)
    return () if written is None else tuple(sorted(required - written))


def unwritten_questions(model: ReportModel, levels: Sequence[Level],
                        questions: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """`questions` (level source, why), with every other level of `levels` asked about the
    statics its own Init writes and the reading does not (module doc)."""
    if not levels:
        return questions
    unwritten = unwritten_statics(model, levels[0])
    if not unwritten:
        return questions
    named = ", ".join(f"{name} ({count} atom{'s' if count > 1 else ''})"
                      for name, count in unwritten)
    why = (f"a question of the reading: the model's own Init writes {named}, static "
           "predicates its moves require, and the reading gives them no part of the game, so "
           "the Init generated for a level writes none of them and the moves needing them "
           "never apply; a vocabulary file naming the part each stands for under [roles] "
           "settles it (--vocabulary-out drafts it), unless one is derived from several "
           "parts (the cells that hurt on an even turn), which no role names")
    asked = dict(questions)
    return (*questions, *((level.source, why) for level in levels
                          if level.source not in asked))
