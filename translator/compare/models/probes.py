"""The coordinate convention chosen on probe levels, when no action name tells the conventions
apart (translator/compare/vocabulary/inference.py `names_tie`).

Under each convention (which argument is the column, which way rows count) the model is set up
on a small probe level, and each key press from the start is played in the game and in the
model: the convention kept is the one under which the most of those moves agree, the first of
CONVENTIONS on a tie. The game's rules do not change when the grid is turned or mirrored, and a
level's Init is written in the convention chosen, so a model right in every direction agrees
alike under all four (it cannot be told from its mirror image, and the evidence says so); the
probes separate the conventions only by where a model goes wrong. (Tried on the probe in all
eight orientations, every convention sees the same eight layouts: that can never separate them.)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from strips_model.errors import HelltakerError
from strips_model.level import Level
from strips_model.level_file import level_from_rows
from strips_model.moves import Direction
from strips_model.simulator import Move, step
from translator.compare.models.observation import observe_game
from translator.compare.models.report_model import ReportModel
from translator.compare.vocabulary.behaviour import goal_literals
from translator.compare.vocabulary.inference import InferredVocabulary, infer_vocabulary

PROBE: Final = ("######", "#  M #", "# BH #", "#D   #", "######")
"""A skeleton above the hero, a boulder left of it, open floor right and below."""
CONVENTIONS: Final = ((True, False), (True, True), (False, False), (False, True))


def _agreeing_moves(model: ReportModel, level: Level) -> int:
    on_level = model.on(level)
    atoms = on_level.initial()
    agreeing = 0
    for direction in Direction:
        outcome = step(level, level.start, direction)
        options = [a for a in on_level.applicable(atoms) if on_level.direction(a) == direction]
        if not isinstance(outcome, Move):
            agreeing += not options
            continue
        seen = observe_game(level, outcome.state)
        # What the model has no predicate for, it cannot show: only the rest is compared.
        words = model.words
        seen = replace(seen, boulders=seen.boulders if words.predicate("boulder") else frozenset(),
                       skeletons=seen.skeletons if words.predicate("skeleton") else frozenset())
        agreeing += any(on_level.observe(a.apply(atoms)) == seen and a.cost == outcome.cost
                        for a in options)
    return agreeing


def convention_by_probes(model: ReportModel, has_goal_block: bool) -> InferredVocabulary:
    """The model's vocabulary inferred again under the convention the probes prefer, with
    that evidence (the default's when the probes cannot separate the conventions)."""
    level = level_from_rows("probe", 9, PROBE)
    scores: dict[tuple[bool, bool], int] = {}
    inferred: dict[tuple[bool, bool], InferredVocabulary] = {}
    for convention in CONVENTIONS:
        found = infer_vocabulary(model.schemas, model.report.source, has_goal_block,
                                 convention, goal=goal_literals(model.report.goal))
        # The cells' names were read off the model's Init, which the schemas alone lack.
        inferred[convention] = replace(
            found, vocabulary=replace(found.vocabulary, cell=model.words.cell),
            evidence=found.evidence + tuple(
                line for line in model.evidence if line.startswith("cells:")))
        try:
            candidate = ReportModel(model.report, model.label, inferred[convention].vocabulary)
            scores[convention] = _agreeing_moves(candidate, level)
        except HelltakerError:
            scores[convention] = -1
    best = max(CONVENTIONS, key=lambda c: scores[c])  # the first on a tie
    said = ", ".join(f"{'column' if c[0] else 'row'} first and rows "
                     f"{'up' if c[1] else 'down'}ward {scores[c]}" for c in CONVENTIONS)
    moves = len(Direction)
    if len(set(scores.values())) == 1:
        verdict = (f"the probes cannot separate them (each agrees with the game on "
                   f"{scores[best]} of {moves} moves): the game is the same turned or mirrored, "
                   "so a model reads alike under all four unless it goes wrong in one direction; "
                   "kept: column first, rows downward, as RULES.md counts them")
    else:
        verdict = (f"kept: the one under which most of the model's {moves} probe moves agree "
                   f"with the game ({said}; a tie goes to the first listed)")
    chosen = inferred[best]
    evidence = (*chosen.evidence, "coordinates: no action name tells the conventions apart, so "
                f"each was tried on a probe level; {verdict}")
    return replace(chosen, evidence=evidence)
