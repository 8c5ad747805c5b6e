"""Which of a model's goal blocks a level uses, and the goal's part of the planning view.

A report may state a goal per level (`But(hero(4, 2) | hero(5, 3))` for one, another block
for the next): each level uses the first block whose places fit it, the hero's among the
cells next to one of its demons and the demon's on one of its demons, in the coordinates its
Init is written in. A block that names no place (`hero(X, Y), goal(X, Y)`) fits every level;
with none that fits, the first block is used, and the report says so. Each level's report
says which block it used, with its line.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.level import Level
from strips_model.pddl_names import pddl_symbol
from strips_model.reports.facts import GoalBlock
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Domain, Schema, build_domain
from translator.compare.models.report_planning import goal_schemas, pddl_schema, typed_domain


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
    """`block` compiled beside the model's planning schemas `planning`."""
    goals = goal_schemas(block, planning)
    domain = typed_domain(build_domain(
        planning + tuple(pddl_schema(schema, static) for schema in goals), source))
    return GoalView(block, goals, build_domain(goals, source), domain,
                    {pddl_symbol(s.name): s for s in domain.schemas})


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


def goal_block_for(blocks: tuple[GoalBlock, ...], level: Level, coordinates: Coordinates,
                   words: Vocabulary) -> tuple[int, str]:
    """The index of the block `level` uses, and the sentence that says which (module doc)."""
    if len(blocks) <= 1:
        return 0, f"block 1 of 1, line {blocks[0].position.line}" if blocks else ""
    fits = [_fits(block, level, coordinates, words) for block in blocks]
    chosen = next((i for i, fit in enumerate(fits) if fit), None)
    how = "the first whose places are this level's"
    if chosen is None:
        chosen = next((i for i, fit in enumerate(fits) if fit is None), 0)
        how = "no block names this level's places; the first that names no place" \
            if fits[chosen] is None else "no block fits this level; the first"
    line = blocks[chosen].position.line
    return chosen, f"block {chosen + 1} of {len(blocks)}, line {line} ({how})"
