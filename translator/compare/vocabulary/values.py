"""The state values of a model's predicates, for the vocabulary inference
(translator/compare/vocabulary/inference.py): which constants say a trap is raised, a lock
opened, a hero holding the key, read off the constants the schemas write in those places.

Numbers keep their order (0 lowered, closed, without the key; the larger value the other
state). Words (`trap(up, X, Y)`, `door(closed, X, Y)`, `hero(haskey, X, Y)`) are told apart
first by what the actions do with them, where that says it: the key flag an action writes as
it takes the key is the one with the key, the lock state an action writes over another is the
opened one (a lock never closes again). A trap's phases toggle both ways at every move and the
cost of stepping onto one does not tell them either (seed 001 charges 2 onto the phase that is
lowered before the move, as the game does; sample-a onto the one it calls raised), so they, and
any state the actions leave undecided, are read by their names (`up`/`down`, `actif`/`inactif`,
`haskey`/`nokey`: state_word_meaning); words no name tells apart are taken in alphabetical
order, and the evidence says to swap them in [values] if wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Role, Roles, Topic
from translator.compare.vocabulary.words import STATE_PAIRS, fold, state_word_meaning

_NUMBER = re.compile(r"-?[0-9]+")
_STATES = ((Role.TRAP, "trap_lowered", "trap_raised", "lowered, raised"),
           (Role.LOCK, "lock_closed", "lock_opened", "closed, opened"),
           (Role.HERO, "hero_without_key", "hero_with_key", "without the key, with it"))


def _state(literal: Literal, index: int) -> str | None:
    """The constant in a literal's state argument, if it writes one."""
    if len(literal.args) <= index or literal.args[index].is_variable:
        return None
    return literal.args[index].name


def _written_high(schemas: tuple[Schema, ...], role: Role, predicate: str, index: int,
                  roles: Roles) -> Counter[str]:
    """Votes for the word that means the second state, from what the actions do with it."""
    votes: Counter[str] = Counter()
    for schema in schemas:
        added = {v for lit in schema.effects if lit.positive and lit.predicate == predicate
                 and (v := _state(lit, index)) is not None}
        before = {v for lit in schema.preconditions if lit.positive
                  and lit.predicate == predicate and (v := _state(lit, index)) is not None}
        if role == Role.HERO:
            takes = any(lit.predicate == roles.get(Role.KEY) and not lit.positive
                        or lit.predicate == roles.get(Role.HAS_KEY) and lit.positive
                        for lit in schema.effects)
            votes.update(added - before if takes else ())
        elif role == Role.LOCK:
            votes.update(value for value in added - before if before)
    return votes


def _word_pair(found: list[str], votes: Counter[str]) -> tuple[str, str, str]:
    """(low, high, why) for word states, `found` sorted."""
    if len(found) == 1:
        (word,) = found
        antonyms = dict(STATE_PAIRS + tuple((b, a) for a, b in STATE_PAIRS))
        antonym = antonyms.get(fold(word))
        # In the word's case: `UP` -> `DOWN`, `Actif` -> `Inactif`.
        other = f"not_{word}" if antonym is None else antonym.upper() if word.isupper() \
            else antonym.capitalize() if word[:1].isupper() else antonym
        why = "its name; the other state is written by no action"
        return (word, other, why) if state_word_meaning(word) == "low" else (other, word, why)
    first, last = found
    if len(votes) == 1 and (voted := next(iter(votes))) in found:
        return (last if voted == first else first), voted, "what the actions do with them"
    meaning = {word: state_word_meaning(word) for word in found}
    if meaning[first] == "high" != meaning[last] or meaning[last] == "low" != meaning[first]:
        return last, first, "their names"
    if meaning[last] == "high" != meaning[first] or meaning[first] == "low" != meaning[last]:
        return first, last, "their names"
    return first, last, "alphabetical order, no name or action telling them apart"


def state_values(facts: SchemaFacts, roles: Roles, starts: Mapping[str, int]
                 ) -> tuple[list[tuple[str, int | str]], list[Evidence]]:
    """State values of a trap, a lock and a hero with a key flag, with the reason;
    `starts`: where a predicate's place starts, when not first (the state is the first
    argument besides the place)."""
    schemas, arity, width = facts.read, facts.arity, facts.width
    values: list[tuple[str, int | str]] = []
    evidence: list[Evidence] = []
    for role, low_name, high_name, said in _STATES:
        predicate = roles.get(role)
        if predicate is None or arity[predicate] <= width:
            continue
        index = 0 if starts.get(predicate, 0) else width
        written: Counter[str] = Counter(
            value for s in schemas for lit in (*s.preconditions, *s.effects)
            if lit.predicate == predicate and (value := _state(lit, index)) is not None)
        if all(_NUMBER.fullmatch(value) for value in written):
            found = sorted({int(value) for value in written})
            # One value written (a trap only ever tested raised, `spike_dynamic(x, y, 1)`)
            # is read in the usual 0/1 pair.
            pair: tuple[int | str, int | str] = (0, 1) if set(found) <= {0, 1} \
                else (found[0], found[-1])
            why = "the values it uses, in order"
        else:
            # More than two words: the two written most, the others being no state.
            words = sorted(word for word, _ in written.most_common(2))
            low, high, why = _word_pair(words, _written_high(schemas, role, predicate,
                                                              index, roles))
            pair = (low, high)
        values += [(low_name, pair[0]), (high_name, pair[1])]
        evidence.append(Evidence(Topic.STATE_VALUES, (
            f"{predicate} has a state argument: {pair[0]}, {pair[1]} read as {said} ({why}; "
            "swap them in [values] if the model means the other way)")))
    return values, evidence

