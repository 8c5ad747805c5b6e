"""The game's goal for a model that states none: the hero on a cell next to a demon (R-G1).

A model without a `But(...)` goal is still run (issue 23): it gets the goal the game has, said
in the report. The goal is written in the model's own hero predicate and one static predicate
of ours, `GOAL_CELL(X, Y)`, listed on each level for the cells next to a demon in the model's
coordinates: the goal stays one conjunction, the same on every level, and the planning view
compiles it like any report goal (translator/compare/models/report_planning.py `goal_schemas`).
"""

from __future__ import annotations

from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.reports.facts import GoalBlock
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema, Term
from translator.model.level_facts import Atom

GOAL_CELL: Final = "game_goal_cell"
GAME_GOAL_TEXT: Final = "the game's goal, the hero next to a demon (R-G1): the model states none"


def game_goal(schemas: tuple[Schema, ...], vocabulary: Vocabulary, source: str) -> GoalBlock:
    """`hero(X, Y, ...), GOAL_CELL(X, Y)`, the hero's other arguments left free."""
    hero = vocabulary.required("hero")
    arities = {len(lit.args) for s in schemas for lit in (*s.preconditions, *s.effects)
               if lit.predicate == hero}
    position = Position(source)
    width = vocabulary.width
    if len(arities) != 1 or min(arities) < width:
        raise SchemaError(f"the model states no goal, and its hero predicate {hero} is not "
                          "used with one arity of at least two (a place), so the game's goal "
                          "cannot be written in it", position)
    (arity,) = arities
    variables = tuple(Term(f"GOAL_{index}", True) for index in range(arity))
    start = min(vocabulary.place_start(hero), arity - width)
    return GoalBlock((Literal(hero, variables, True, position),
                      Literal(GOAL_CELL, variables[start:start + width], True, position)), (),
                     position)


def goal_cells(level: Level, coordinates: Coordinates, vocabulary: Vocabulary
               ) -> tuple[Atom, ...]:
    """`GOAL_CELL(X, Y)` for each open cell next to a demon, in the model's coordinates
    (`GOAL_CELL(C)` where a place is one cell constant)."""
    cells = sorted({(row + d_row, column + d_column) for row, column in level.demons
                    for d_row, d_column in (direction.delta for direction in Direction)})
    return tuple((GOAL_CELL, *vocabulary.place_args(*map(str, coordinates.xy(cell))))
                 for cell in cells if level.is_open(cell))
