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

A key with a state argument (`cle(x, y, true)` where it lies, `cle(x, y, false)` once taken)
is read by what the action taking it does, whatever its constants are spelt: the constant it
deletes is the key lying, the one it adds the key taken (key_values).
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


def _key_votes(schemas: tuple[Schema, ...], predicate: str, index: int
               ) -> tuple[Counter[str], Counter[str], list[str]]:
    """Votes for the key lying (a constant an action deletes without adding it back) and
    taken (one it adds without deleting it), and every constant written, in order."""
    lying: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    written: list[str] = []
    for schema in schemas:
        def states(positive: bool, schema: Schema = schema) -> set[str]:
            return {v for lit in schema.effects if lit.positive == positive
                    and lit.predicate == predicate and (v := _state(lit, index)) is not None}
        removed, added = states(False), states(True)
        lying.update(removed - added)
        taken.update(added - removed)
        written += [v for lit in (*schema.preconditions, *schema.effects)
                    if lit.predicate == predicate and (v := _state(lit, index)) is not None]
    return lying, taken, list(dict.fromkeys(written))


def _other_state(value: str, written: list[str]) -> str:
    """The state no action writes beside `value`: another constant written, else 0/1 for a
    number, else `not_` the word (a key that is only ever deleted is taken when its lying
    atom is gone, so the other value is never read)."""
    others = [v for v in written if v != value]
    if others:
        return others[0]
    if _NUMBER.fullmatch(value):
        return "0" if value != "0" else "1"
    return f"not_{value}"


def key_values(facts: SchemaFacts, roles: Roles, starts: Mapping[str, int]
               ) -> tuple[list[tuple[str, int | str]], list[Evidence]]:
    """The key's state values, when its predicate has one argument besides its place that
    the schemas write constants in (module doc), with the reason."""
    predicate = roles.get(Role.KEY)
    if predicate is None or facts.arity[predicate] != facts.width + 1:
        return [], []
    index = 0 if starts.get(predicate, 0) else facts.width
    lying, taken, written = _key_votes(facts.read, predicate, index)
    if not written:
        return [], []
    lie = next((v for v, _ in lying.most_common() if v not in taken), None)
    took = next((v for v, _ in taken.most_common() if v != lie and v not in lying), None)
    why = "the constant an action deletes as the key is taken, and the one it adds"
    if lie is None and took is None:
        lie, took = written[0], _other_state(written[0], written)
        why = "the order they are written in, no action switching them"
    elif took is None:
        assert lie is not None
        took, why = _other_state(lie, written), "the constant an action deletes as it takes it"
    elif lie is None:
        lie, why = _other_state(took, written), "the constant an action adds as it takes it"
    pair: list[int | str] = [int(v) if _NUMBER.fullmatch(v) else v for v in (lie, took)]
    return [("key_lying", pair[0]), ("key_taken", pair[1])], [Evidence(
        Topic.STATE_VALUES, f"{predicate} has a state argument: {lie}, {took} read as the key "
        f"lying, taken ({why}; swap them in [values] if the model means the other way)")]


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
        # A trap read by a phase written as a value takes the phase's (valued_parity.py).
        if predicate is None or arity[predicate] <= width or (
                role == Role.TRAP and Role.TRAP_FLIP in roles):
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
    key, said_key = key_values(facts, roles, starts)
    return values + key, evidence + said_key

