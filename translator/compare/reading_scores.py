"""A reading of a model's predicates scored by how much of the game it explains (each case,
the game's plan on a level or probe, replayed in the model read so), and the sentences that
say so in the evidence heading the report (hypotheses.py tries the readings).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from strips_model.errors import HelltakerError
from strips_model.level import State
from strips_model.moves import Direction
from strips_model.simulator import Move, step
from translator.compare.models.protocols import ComparedModel
from translator.compare.models.unnamed_parts import unnamed_parts
from translator.compare.runs.divergence import Divergence, replay_directions
from translator.compare.runs.evidence import Case
from translator.compare.vocabulary.words import role_scores
from translator.ground.ground_action import GroundAction

NEAR = 2
"""How many of the readings that come closest are named in the evidence."""
PARTS = 7
"""What a key press shows the player (observation.py's six parts) and its cost."""


@dataclass(frozen=True, slots=True)
class ScoredReading:
    roles: tuple[tuple[str, str], ...]
    explained: int
    """In sevenths of a key press: the key presses of the game's plans the model follows,
    and the parts it gets right at the first where it departs."""
    agreed: frozenset[int]
    """The cases (by index) whose game plan the model follows to the end."""
    named: int
    """How well the predicates' names fit their parts (words.py), for ties only."""
    misjudged: int = 0
    """The other key presses, in the states the model follows the game through, that it
    allows where the game does not move: what the plans alone never test (walls unread let
    the hero through them), a seventh of a key press each."""

    @property
    def score(self) -> int:
        return self.explained - self.misjudged

    @property
    def rank(self) -> tuple[int, int]:
        return self.score, self.named

    def shown(self) -> str:
        whole, parts = divmod(self.explained, PARTS)
        return f"{whole}" + (f" {parts}/{PARTS}" if parts else "")

    def off_plan(self) -> str:
        count = self.misjudged
        return (f", allowing {count} other key press{'' if count == 1 else 'es'} on the way "
                "where the game does not move") if count else ""


Tried = list[tuple[ScoredReading, ComparedModel | None]]
"""Each reading tried, scored, with the model read so where it was built in this process."""


def case_explained(model: ComparedModel, case: Case) -> int:
    """How much of the game's plan on `case` the model explains, in sevenths of a key press
    (a level whose Init would leave a part out, or that the model cannot be set up on,
    counts nothing)."""
    return case_scored(model, case)[0]


def case_scored(model: ComparedModel, case: Case, kept: frozenset[str] = frozenset()
                ) -> tuple[int, int]:
    """(explained, misjudged) on `case`: `case_explained`, and the key presses off the plan,
    in the states on its way, that the model allows where the game does not move. With
    `kept` (the demon, the wall), a reading that names none of one counts nothing either."""
    words = model.words
    if case.plan is None or (words is not None and unnamed_parts(case.level, words, kept)):
        return 0, 0
    level, plan, misjudged = case.level, case.plan, 0

    def visit(state: State, actions: Mapping[Direction, list[GroundAction]]) -> None:
        # Only a press the game refuses (a wall, a demon, the edge) is judged: none is on a
        # plan. One the model refuses where the game moves is the plan's to show, and off
        # it, a model that cannot kick yet would pay for every skeleton beside the path.
        nonlocal misjudged
        misjudged += sum(bool(actions.get(d)) for d in Direction
                         if not isinstance(step(level, state, d), Move))

    try:
        # Only where it departs and what it shows there count, not why it has no action.
        divergence, _ = replay_directions(model.on(level), plan, why=False, visit=visit)
    except (HelltakerError, ValueError):
        # ValueError: an atom of a part, under this reading, whose arguments are no cell (a
        # step counter read as the key): the reading cannot even show the board.
        return 0, 0
    explained = PARTS * len(plan) if divergence is None else \
        PARTS * (divergence.letter - 1) + _right_parts(divergence)
    return explained, misjudged


def _right_parts(divergence: Divergence) -> int:
    """At a key press where the model departs, the parts of the game's move it does make."""
    game, mine = divergence.game_after, divergence.model_after
    if not divergence.acted or game is None or mine is None:
        return 0
    return sum(a == b for (_, a), (_, b) in zip(game.parts(), mine.parts(), strict=True)) \
        + divergence.cost_agrees


def whole(case: Case) -> int:
    """A case's whole worth: its game plan's key presses, in sevenths."""
    return PARTS * len(case.plan) if case.plan is not None else 0


def score_reading(model: ComparedModel, roles: tuple[tuple[str, str], ...],
                 cases: tuple[Case, ...], kept: frozenset[int] = frozenset(),
                 parts: frozenset[str] = frozenset()) -> ScoredReading | None:
    """The model's score under its reading; None as soon as it departs on a case in `kept`
    (those are tried first): a reading never trades a case the model follows to the end for
    a gain elsewhere. `parts`: the demon and the wall, where the model's own reading names
    them, which every other must name too for a case to count (`case_scored`)."""
    order = [*sorted(kept), *(i for i in range(len(cases)) if i not in kept)]
    total, agreed, misjudged = 0, set(), 0
    for index in order:
        found, off_plan = case_scored(model, cases[index], parts)
        if found == whole(cases[index]) and cases[index].plan is not None:
            agreed.add(index)
        elif index in kept:
            return None
        total, misjudged = total + found, misjudged + off_plan
    return ScoredReading(roles, total, frozenset(agreed), _named(roles), misjudged)


def near(tried: Tried, chosen: ScoredReading, most: int) -> str:
    """The readings that come closest to the chosen one, each by what it reads otherwise."""
    others = sorted((t for t, _ in tried if t is not chosen), key=lambda t: t.rank,
                    reverse=True)
    return "; ".join(f"{differing(t, chosen)}: {t.shown()} of {most}{t.off_plan()}"
                     for t in others[:NEAR]) or "none"


def differing(reading: ScoredReading, chosen: ScoredReading) -> str:
    """What `reading` reads otherwise than `chosen`: `clé as spikes`, `empty as no part`."""
    mine, theirs = dict(reading.roles), dict(chosen.roles)
    names = {name for role, name in reading.roles if theirs.get(role) != name} | \
        {name for role, name in chosen.roles if mine.get(role) != name}
    parts = {name: role for role, name in reading.roles}
    return ", ".join(f"{name} as {parts.get(name, 'no part')}" for name in sorted(names))


def kept_sentence(first: ScoredReading, tried: Tried, most: int) -> str:
    return (f"reading tested by the game: under it the model follows {first.shown()} of the "
            f"{most} key presses of the game's plans on the levels and probes{first.off_plan()}"
            ", and no reading "
            "one change away follows more without losing a case it follows to the end or "
            f"leaving more of the text unread (the nearest: {near(tried, first, most)})")


def changed_sentence(first: ScoredReading, best: ScoredReading, tried: Tried, most: int) -> str:
    if best.score == first.score:
        return (f"reading changed by the names: {differing(best, first)} instead of "
                f"{differing(first, best)}: the game cannot tell them apart (the model follows "
                f"{best.shown()} of the {most} key presses of the game's plans on the levels "
                "and probes under either), and the names fit the parts better so; the roles "
                "above are read so")
    return (f"reading changed by the game: {differing(best, first)} instead of "
            f"{differing(first, best)}: the model then follows {best.shown()} of the {most} "
            f"key presses of the game's plans on the levels and probes{best.off_plan()}, "
            f"against {first.shown()}{first.off_plan()} as inferred above (the nearest others: "
            f"{near(tried, best, most)}); the roles above are read so")


def overruled(sentence: str) -> str:
    return f"{sentence}; the first guess, changed by the game (below)"


def _named(roles: tuple[tuple[str, str], ...]) -> int:
    return sum(role_scores(name).get(role, 0) for role, name in roles)


def reading_questions(chosen: ScoredReading,
                      followed: tuple[tuple[tuple[tuple[str, str], ...], frozenset[int]], ...],
                      cases: tuple[Case, ...]) -> tuple[tuple[str, str], ...]:
    """(level source, why) for each level whose game plan a reading one change away from
    `chosen` follows to the end where `chosen` does not (`followed`, by case index): its
    divergence disappears under that reading, so it is a question of the reading, which the
    vocabulary line given settles."""
    mine = dict(chosen.roles)
    questions = []
    for index in sorted({i for _, levels in followed for i in levels}):
        roles = next(r for r, levels in followed if index in levels)
        other = dict(roles)
        lines = ", ".join(f'`{role} = "{name}"`' for role, name in sorted(roles)
                          if mine.get(role) != name) or "its roles as they are"
        unread = ", ".join(f"{name} as no part" for role, name in sorted(chosen.roles)
                           if other.get(role) != name and name not in other.values())
        changed = ", ".join(f"{name} as {role}" for role, name in sorted(roles)
                            if mine.get(role) != name)
        questions.append((cases[index].level.source, (
            f"a question of the reading: under {', '.join(filter(None, (changed, unread)))}, "
            "the model follows the game's plan on this level to the end, and under the reading "
            "used (which follows more of the other levels and probes) it does not; a "
            f"vocabulary file with {lines} under [roles] settles which is meant "
            "(--vocabulary-out drafts it)")))
    return tuple(questions)
