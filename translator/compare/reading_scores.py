"""A reading of a model's predicates scored by how much of the game it explains, and the
sentences that say so in the evidence heading the report (hypotheses.py tries the readings).
"""

from __future__ import annotations

from dataclasses import dataclass

from translator.compare.models.protocols import ComparedModel

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


Tried = list[tuple[ScoredReading, ComparedModel]]
"""Each reading tried, scored, with the model read so."""


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
