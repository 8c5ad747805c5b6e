"""Which of a model's goal blocks a level uses, and the goal's part of the planning view.

A report may state a goal per level (`But(hero(4, 2) | hero(5, 3))` for one, another block
for the next): each level uses the first block whose places fit it, the hero's among the
cells next to one of its demons and the demon's on one of its demons, in the coordinates its
Init is written in. A block that names no place (`hero(X, Y), goal(X, Y)`) fits every level.

A block is written for the level of the model's own Init (D's `But(heros(7, 7, sans) | ...)`):
on a level whose Init is generated and that no block fits, the first block that names the
hero's place is read in its form, the hero on any cell next to a demon of that level (its place
constants become variables that `GOAL_CELL` binds, game_goal.py), and the report says so. On
the model's own level the block is kept as written: there a goal off the goal cells is the
model's fault. Each level's report says which block it used, with its line.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.level import Level
from strips_model.pddl_names import pddl_symbol
from strips_model.reports.facts import GoalBlock
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Domain, Literal, Schema, Term, build_domain
from translator.compare.models.game_goal import GOAL_CELL
from translator.compare.models.report_planning import (
    goal_schemas,
    merge_types,
    numbered_types,
    pddl_schema,
    typed_domain,
)


@dataclass(frozen=True, slots=True)
class GoalView:
    """One goal block compiled: its goal actions, exact and for Fast Downward."""

    block: GoalBlock
    goals: tuple[Schema, ...]
    goal_domain: Domain
    planning: Domain
    planning_schemas: dict[str, Schema]
    """Fast Downward's action names (the PDDL text's) -> the planning schema."""


def goal_view(block: GoalBlock, planning: tuple[Schema, ...], static: frozenset[str],
              source: str) -> GoalView:
    """`block` compiled beside the model's planning schemas `planning` (their number types
    merged: report_planning.py `numbered_types`)."""
    goals = goal_schemas(block, planning)
    domain = typed_domain(build_domain(
        planning + tuple(pddl_schema(schema, static) for schema in goals), source))
    return GoalView(block, goals, build_domain(goals, source), domain,
                    {pddl_symbol(s.name): s for s in domain.schemas})


@dataclass(frozen=True, slots=True)
class GoalViews:
    """A model's goal blocks compiled, and the first that names the hero's place read in its
    form on any level (module doc)."""

    views: tuple[GoalView, ...]
    any_level: tuple[int, GoalView] | None
    """The index of the block read on any level, and its view."""

    @classmethod
    def of(cls, blocks: tuple[GoalBlock, ...], planning: tuple[Schema, ...],
           static: frozenset[str], words: Vocabulary, source: str) -> GoalViews:
        general = next(((index, found) for index, block in enumerate(blocks)
                        if (found := _any_goal_cell(block, words))), None)
        planning = merge_types(planning, numbered_types(planning, words))
        return cls(tuple(goal_view(block, planning, static, source) for block in blocks),
                   None if general is None else (
                       general[0], goal_view(general[1], planning, static, source)))

    def for_level(self, level: Level, coordinates: Coordinates, words: Vocabulary,
                  own_init: bool) -> tuple[GoalView, str]:
        """The view `level` uses and the sentence that says which (module doc)."""
        blocks = tuple(view.block for view in self.views)
        fits = [_fits(block, level, coordinates, words) for block in blocks]
        if not own_init and self.any_level is not None and fits and not any(
                fit is None or fit for fit in fits):
            index, view = self.any_level
            return view, (
                f"block {index + 1} of {len(blocks)}, line {view.block.position.line}, read "
                "on any cell next to a demon: its places are not this level's goal cells (a "
                "goal written for the model's own level)")
        chosen, said = goal_block_for(blocks, fits)
        return self.views[chosen], said


def _any_goal_cell(block: GoalBlock, words: Vocabulary) -> GoalBlock | None:
    """`block` with the hero's place constants made variables bound by `GOAL_CELL`, and the
    demon's places left out; None when it names no place of the hero."""
    hero, demon = words.predicate("hero"), words.predicate("demon")
    width = words.width
    cell = tuple(Term(f"GOAL_{index}", True) for index in range(width))

    def general(lit: Literal) -> Literal | None:
        if lit.predicate == demon and all(not t.is_variable for t in lit.args):
            return None
        if lit.predicate != hero or not lit.positive or any(t.is_variable for t in lit.args):
            return lit
        start = min(words.place_start(hero), max(0, len(lit.args) - width))
        return Literal(hero, (*lit.args[:start], *cell, *lit.args[start + width:]), True,
                       lit.position)

    literals = (*block.conjuncts, *(lit for group in block.disjunctions for lit in group))
    if hero is None or not any(lit.predicate == hero and lit.positive and lit.args and all(
            not t.is_variable for t in lit.args) for lit in literals):
        return None
    def once(literals: tuple[Literal, ...]) -> tuple[Literal, ...]:  # `hero(4, 1) | hero(2, 1)`
        return tuple({str(lit): lit for lit in map(general, literals) if lit}.values())

    conjuncts = once(block.conjuncts)
    groups = tuple(kept for group in block.disjunctions if (kept := once(group)))
    reached = Literal(GOAL_CELL, cell, True, block.position)
    return GoalBlock((*conjuncts, reached), groups, block.position)


def goal_raisers(goals: tuple[Schema, ...], schemas: tuple[Schema, ...],
                 bookkeeping: tuple[str, ...], at_start: frozenset[str] = frozenset()
                 ) -> frozenset[str]:
    """The actions taking no key press that add what the goal asks (`Win` raising `won` next
    to the demon): the game is won as soon as one of them can be taken. A predicate that
    holds when a level starts (`at_start`: `aJouer`, the hero's turn, which the goal asks
    too) is no win: what gives it back ends a turn."""
    asked = {lit.predicate for goal in goals for lit in goal.preconditions
             if lit.positive and lit.predicate not in at_start}
    return frozenset(schema.name for schema in schemas if schema.name in bookkeeping
                     and any(e.positive and e.predicate in asked for e in schema.effects))


def _fits(block: GoalBlock, level: Level, coordinates: Coordinates, words: Vocabulary
          ) -> bool | None:
    """Whether the places the block names are the level's (None: it names none)."""
    hero, demon = words.predicate("hero"), words.predicate("demon")
    places = {hero: level.goal_cells(), demon: level.demons}
    wanted = {name: {coordinates.xy(cell) for cell in cells}
              for name, cells in places.items() if name is not None}
    literals = (*block.conjuncts, *(lit for group in block.disjunctions for lit in group))
    named = [lit for lit in literals if lit.predicate in wanted and lit.positive
             and all(not t.is_variable for t in lit.args)]
    if not named:
        return None
    try:
        found = [(lit.predicate, words.place_of(lit.predicate, tuple(t.name for t in lit.args)))
                 for lit in named]
        return all((int(x), int(y)) in wanted[name] for name, (x, y, _) in found)
    except (ValueError, IndexError):  # a place the vocabulary cannot read: no evidence
        return None


def goal_block_for(blocks: tuple[GoalBlock, ...], fits: list[bool | None]) -> tuple[int, str]:
    """The index of the block a level uses, given whether each `fits` it (`_fits`), and the
    sentence that says which (module doc)."""
    if len(blocks) <= 1:
        return 0, f"block 1 of 1, line {blocks[0].position.line}" if blocks else ""
    chosen = next((i for i, fit in enumerate(fits) if fit), None)
    how = "the first whose places are this level's"
    if chosen is None:
        chosen = next((i for i, fit in enumerate(fits) if fit is None), 0)
        how = "no block names this level's places; the first that names no place" \
            if fits[chosen] is None else "no block fits this level; the first"
    line = blocks[chosen].position.line
    return chosen, f"block {chosen + 1} of {len(blocks)}, line {line} ({how})"
