"""The game's words as students write them: what a predicate's name or an action's name
suggests, for the vocabulary inference (translator/compare/vocabulary/inference.py).

Names only suggest: the inference checks a suggested role against what the schemas do with
the predicate, and key presses are read off what an action does; the words of an action's
name only choose between readings the schemas leave equal. Names are compared folded:
lowercase, accents removed, only letters and digits kept (`aClé` -> `acle`,
`spike_static` -> `spikestatic`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Final

from strips_model.moves import Direction

ROLE_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "hero": ("hero", "heros", "man", "player", "perso", "personnage", "robot", "me",
             "helltaker", "joueur", "agent", "at", "pos", "position"),
    "boulder": ("block", "bloc", "blocs", "blocks", "rock", "rocks", "boulder", "boulders",
                "rocher", "stone", "pierre", "box", "caisse", "crate"),
    "skeleton": ("mob", "mobs", "monster", "monsters", "monstre", "soldat", "soldats",
                 "squelette", "squelettes", "skeleton", "skeletons", "enemy", "ennemi",
                 "minion"),
    "wall": ("wall", "walls", "mur", "murs", "obstacle"),
    "demon": ("demon", "demons", "demoness", "demone", "demones", "girl"),
    "goal": ("goal", "goals", "sortie", "exit", "target", "arrivee", "fin"),
    "key": ("key", "keys", "cle", "clef", "cles"),
    "has_key": ("haskey", "acle", "aclef", "nbkey", "nbcle", "holdkey", "holdskey",
                "gotkey", "keytaken", "possedecle", "withkey", "havekey"),
    "lock": ("lock", "locks", "porte", "portes", "door", "doors", "cadenas", "chest",
             "coffre", "locked"),
    "trap": ("trap", "traps", "piege", "pieges", "spikedynamic", "dynamicspike",
             "dynamicspikes", "spikesdynamic", "trappe"),
    "trap_raised": ("unsafetrap", "piegeactive", "piegeactif", "trapactive", "trapon",
                    "activetrap", "trapup", "raisedtrap", "trapraised"),
    "trap_lowered": ("safetrap", "piegeinactive", "piegeinactif", "trapinactive", "trapoff",
                     "inactivetrap", "trapdown", "loweredtrap", "traplowered"),
    "spikes": ("spike", "spikes", "pique", "piques", "spikestatic", "staticspike",
               "staticspikes", "spikesstatic", "opentrap", "piegefixe", "pics", "thorns"),
    "counter": ("counter", "count", "time", "hit", "hits", "actionrestant",
                "actionsrestantes", "actionrestante", "moves", "steps", "step", "budget",
                "coups", "energy", "energie", "turns", "temps", "compteur", "pas"),
    "successor": ("plusone", "succ", "successor", "next", "inc", "suivant", "plus1",
                  "adjacent", "adj", "voisin"),
    "floor": ("cell", "cells", "case", "empty", "floor", "free", "vide", "sol", "libre"),
    "safe": ("safe", "sure", "sur", "sauf", "secure", "harmless", "nospike", "nospikes",
             "sanspique", "sanspiques"),
    "occupied": ("occupied", "occupe", "occupee", "obstacle", "obstacles", "blocked", "bloque",
                 "busy", "full", "plein", "filled"),
}
"""Role -> folded names that suggest it, in English and French, with common spellings."""

DIRECTION_WORDS: Final[dict[str, Direction]] = {
    **dict.fromkeys(("up", "top", "north", "haut", "nord", "above", "dessus", "monter"),
                    Direction.UP),
    **dict.fromkeys(("down", "bottom", "south", "bas", "sud", "below", "dessous",
                     "descendre"), Direction.DOWN),
    **dict.fromkeys(("left", "west", "gauche", "ouest"), Direction.LEFT),
    **dict.fromkeys(("right", "east", "droite", "est"), Direction.RIGHT),
}
_SUFFIXES: Final = ("up", "down", "left", "right", "top", "bottom", "haut", "bas", "gauche",
                    "droite")
"""Words also read at the end of a name run together (`moveup`, `allerbas`)."""
_LETTERS: Final[dict[str, dict[str, Direction]]] = {
    "fr": {"h": Direction.UP, "b": Direction.DOWN, "g": Direction.LEFT, "d": Direction.RIGHT},
    "en": {"u": Direction.UP, "d": Direction.DOWN, "l": Direction.LEFT, "r": Direction.RIGHT},
}


def fold(name: str) -> str:
    """`aClé` -> `acle`: lowercase, no accents, letters and digits only."""
    plain = unicodedata.normalize("NFKD", name)
    return re.sub(r"[^a-z0-9]", "", "".join(c for c in plain if not unicodedata.combining(c))
                  .lower())


def _near(word: str, other: str) -> bool:
    """One edit apart (a misspelling), for words long enough not to collide by chance."""
    if min(len(word), len(other)) < 5 or abs(len(word) - len(other)) > 1:
        return False
    if len(word) == len(other):
        differ = [i for i, (a, b) in enumerate(zip(word, other, strict=True)) if a != b]
        return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1 and
                                   word[differ[0]] == other[differ[1]])
    short, long = sorted((word, other), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


@cache  # asked for each predicate of each schema: thousands of times for a large model
def role_scores(name: str) -> Mapping[str, int]:
    """How strongly a predicate's name suggests each role: 3 the word itself, 2 a misspelling
    of it, 1 a name that starts or ends with it (`wallAt`, `isBlock`)."""
    folded = fold(name)
    scores: dict[str, int] = {}
    for role, words in ROLE_WORDS.items():
        best = 0
        for word in words:
            if folded == word:
                best = 3
            elif _near(folded, word):
                best = max(best, 2)
            elif len(word) >= 3 and (folded.startswith(word) or folded.endswith(word)):
                best = max(best, 1)
        if best:
            scores[role] = best
    return MappingProxyType(scores)


def name_alphabet(actions: list[str]) -> str:
    """`fr` when the actions' trailing capitals include the French letters (`MouvG`, `MouvH`,
    `MouvB`), else `en`."""
    last = {match.group(1).lower() for action in actions
            if (match := re.search(r"[^\W_A-Z]([A-Z])$", action))}
    return "fr" if last & {"g", "h", "b"} else "en"


def name_direction(action: str, alphabet: str) -> Direction | None:
    """The key press an action's name says, if any: a direction word (`goUp`, `moveup`,
    `Push_left_block`, `AllerHaut`) or a trailing capital of `alphabet` (`MouvD`)."""
    words = [fold(word) for word in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", action)]
    for word in words:
        if word in DIRECTION_WORDS:
            return DIRECTION_WORDS[word]
    folded = fold(action)
    for word in sorted(_SUFFIXES, key=len, reverse=True):
        if folded.endswith(word) and folded != word:
            return DIRECTION_WORDS[word]
    match = re.search(r"[^\W_A-Z]([A-Z])$", action)
    if match:
        return _LETTERS[alphabet].get(match.group(1).lower())
    return None


STATE_PAIRS: Final = (("down", "up"), ("off", "on"), ("inactive", "active"), ("bas", "haut"),
                      ("closed", "open"), ("ferme", "ouvert"), ("no", "yes"),
                      ("false", "true"), ("nokey", "haskey"), ("lowered", "raised"),
                      ("safe", "unsafe"), ("inactif", "actif"), ("locked", "unlocked"),
                      ("sans", "avec"), ("non", "oui"), ("faux", "vrai"))
"""Words of a state argument, folded, in pairs (lowered, closed or without the key; raised,
opened or with it): `trap(up, X, Y)`, `door(closed, X, Y)`, `hero(X, Y, haskey)`."""
_LOW_STATES: Final = frozenset(low for low, _ in STATE_PAIRS) | {
    "close", "fermee", "lower", "hidden", "withoutkey", "sanscle", "disabled", "inactivee"}
_HIGH_STATES: Final = frozenset(high for _, high in STATE_PAIRS) | {
    "opened", "ouverte", "raise", "shown", "withkey", "aveccle", "key", "cle", "enabled",
    "activee", "danger", "dangerous"}
_NEGATIONS: Final = ("not", "non", "no", "in", "un", "sans", "without", "pas")


def state_word_meaning(word: str) -> str | None:
    """`low` (lowered, closed, without the key), `high` (raised, opened, with it) or None, by
    the word's name: listed (`up`, `fermé`), or a negation of a listed one (`nokey`,
    `unlocked`, `notActive`), or `has...`/`with...`/`avec...` (`hasKey`)."""
    folded = fold(word)
    if folded in _LOW_STATES:
        return "low"
    if folded in _HIGH_STATES:
        return "high"
    for negation in _NEGATIONS:
        rest = folded[len(negation):]
        if folded.startswith(negation) and rest in _HIGH_STATES:
            return "low"
        if folded.startswith(negation) and rest in _LOW_STATES:
            return "high"
    return "high" if folded.startswith(("has", "with", "avec")) else None
