"""How a hand-written model's predicates read a level: a vocabulary, declared in a TOML file.

A vocabulary names the predicate that plays each part of the game (the hero, walls,
boulders, ..., the moves counter and its successor relation or an adjacency relation on cells
with its direction constants, in [directions]), the values that say a trap's
phase and a lock's state, the coordinate convention, the words of action names that say
their key press (or, in `[keys]`, each action's key press), the actions that are no key
press, and how the goal is written. Without `--vocabulary FILE`, `compare` infers one from the
schemas (translator/compare/vocabulary_inference.py) and `--vocabulary-out FILE` writes it
(`vocabulary_toml`). The seed reports' ship in `vocabularies/`, as examples.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.input_files import InputKind, read_input
from strips_model.moves import Direction

ROLES: Final = ("hero", "demon", "wall", "boulder", "skeleton", "key", "lock", "trap", "spikes",
                "counter", "successor", "floor", "goal", "has_key", "trap_raised",
                "trap_lowered", "adjacent", "adjacent_up", "adjacent_down", "adjacent_left",
                "adjacent_right")
"""The parts of the game a predicate can play: `goal` marks the cells next to a demon
(`goal(x, y)`), `has_key` says the hero holds the key (`haskey`, `aClé`), `trap_raised` and
`trap_lowered` are traps written as two predicates (`piegeActive`, `piegeInactive`).
`adjacent` is a static relation on cells with a direction (`succ(D, P, P2)`: P2 is P's
neighbour in direction D, the direction first or last as [directions] `argument` says, its
constants as [directions] names them); `adjacent_up` ... `adjacent_right` are one relation per
direction (`haut(X, Y, X2, Y2)`: (X2, Y2) is the cell above (X, Y))."""
ADJACENT_ROLES: Final = {"adjacent_up": Direction.UP, "adjacent_down": Direction.DOWN,
                         "adjacent_left": Direction.LEFT, "adjacent_right": Direction.RIGHT}
VALUES: Final = ("trap_lowered", "trap_raised", "lock_closed", "lock_opened", "hero_without_key",
                 "hero_with_key")
"""The state values of `trap(X, Y, S)`, `lock(X, Y, S)` and a hero with a key flag,
`hero(X, Y, K)`."""
_DIRECTIONS: Final = {"up": Direction.UP, "down": Direction.DOWN, "left": Direction.LEFT,
                      "right": Direction.RIGHT}
_SECTIONS: Final = frozenset({"name", "summary", "roles", "values", "coordinates", "actions",
                              "keys", "goal", "directions"})
NO_KEY: Final = "none"
"""In [keys], an action that is no key press."""
BY_PARAMETER: Final = "parameter"
"""In [keys], an action whose key press is the direction it binds in the `adjacent` relation
(`move(D, P, P2)` with `succ(D, P, P2)`): one schema, four key presses."""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    name: str
    summary: str
    roles: tuple[tuple[str, str], ...]
    """(role, predicate), for the roles the model has."""
    values: tuple[tuple[str, int], ...]
    first_is_column: bool
    """The first coordinate of a place is the column (else the row)."""
    rows_upward: bool
    """Rows count upward from the last row (else downward from the first)."""
    direction_words: tuple[tuple[str, Direction], ...]
    not_key_presses: tuple[str, ...]
    goal: tuple[tuple[str, str | bool], ...]
    source: str
    keys: tuple[tuple[str, Direction | None], ...] = ()
    """(action, its key press or None), said per action; it wins over the name's words."""
    directions: tuple[tuple[Direction, str], ...] = ()
    """The constants of the `adjacent` relation's direction argument."""
    direction_first: bool = True
    """The `adjacent` relation's direction is its first argument (else its last)."""
    keyed_by_direction: tuple[str, ...] = ()
    """Actions whose key press is the direction they bind (BY_PARAMETER)."""

    def predicate(self, role: str) -> str | None:
        return dict(self.roles).get(role)

    def required(self, role: str) -> str:
        found = self.predicate(role)
        if found is None:
            raise SchemaError(f"the vocabulary {self.name} names no {role} predicate, which "
                              "this comparison needs", Position(self.source))
        return found

    def value(self, name: str) -> int:
        found = dict(self.values).get(name)
        if found is None:
            raise SchemaError(f"the vocabulary {self.name} gives no value {name}, which this "
                              "comparison needs", Position(self.source))
        return found

    @property
    def predicates(self) -> frozenset[str]:
        return frozenset(predicate for _, predicate in self.roles)

    def as_json(self) -> dict[str, object]:
        """The roles, values, convention and key presses, as `--json` prints them."""
        return {"name": self.name, "roles": dict(self.roles), "values": dict(self.values),
                "coordinates": {"first": "column" if self.first_is_column else "row",
                                "rows": "upward" if self.rows_upward else "downward"},
                "keys": {action: key.value if key else None for action, key in self.keys}
                | {action: BY_PARAMETER for action in self.keyed_by_direction},
                "directions": {d.name.lower(): c for d, c in self.directions},
                "not_key_presses": list(self.not_key_presses), "goal": dict(self.goal)}

    def direction_of(self, action: str) -> Direction | None:
        """The key press an action's name says: its first direction word, camel-case or
        `_`-separated (`goUp`, `pushRockLeftWhileOnTrap`, `move_top_on_spikes`), unless
        [keys] says it for this action."""
        said = dict(self.keys)
        if action in said:
            return said[action]
        if action in self.not_key_presses:
            return None
        words = {word: direction for word, direction in self.direction_words}
        for word in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", action):
            if word in words:
                return words[word]
        return None


def _table(data: dict[str, object], key: str, source: str) -> dict[str, object]:
    found = data.get(key, {})
    if not isinstance(found, dict):
        raise SchemaError(f"[{key}] must be a table", Position(source))
    return found


def _string(value: object, what: str, source: str) -> str:
    if not isinstance(value, str) or not value:
        raise SchemaError(f"{what} must be a non-empty string", Position(source))
    return value


def parse_vocabulary(text: str, source: str) -> Vocabulary:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # tomllib says "(at line L, column C)"; our messages put the place first.
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        place = Position(source, int(match.group(1)), int(match.group(2))) if match \
            else Position(source)
        raise SchemaError(f"not a vocabulary file: {reason}", place) from None
    unknown = sorted(set(data) - _SECTIONS)
    if unknown:
        raise SchemaError(f"unknown key {unknown[0]!r}; a vocabulary has "
                          f"{', '.join(sorted(_SECTIONS))}", Position(source))
    roles = _table(data, "roles", source)
    for role in roles:
        if role not in ROLES:
            raise SchemaError(f"unknown role {role!r}; roles are {', '.join(ROLES)}",
                              Position(source))
    if "hero" not in roles:
        raise SchemaError("[roles] must name the hero's predicate", Position(source))
    values = _table(data, "values", source)
    numbers: dict[str, int] = {}
    for name, value in values.items():
        if name not in VALUES or not isinstance(value, int) or isinstance(value, bool):
            raise SchemaError(f"[values] takes integers for {', '.join(VALUES)}, found "
                              f"{name} = {value!r}", Position(source))
        numbers[name] = value
    coordinates = _table(data, "coordinates", source)
    first = coordinates.get("first", "column")
    rows = coordinates.get("rows", "downward")
    if first not in ("column", "row") or rows not in ("upward", "downward"):
        raise SchemaError("[coordinates] first is \"column\" or \"row\", rows is \"upward\" or "
                          "\"downward\"", Position(source))
    actions = _table(data, "actions", source)
    words = tuple((_string(actions[key], f"[actions] {key}", source), direction)
                  for key, direction in _DIRECTIONS.items() if key in actions)
    skipped = actions.get("not_key_presses", [])
    if not isinstance(skipped, list) or not all(isinstance(n, str) for n in skipped):
        raise SchemaError("[actions] not_key_presses must be a list of action names",
                          Position(source))
    goal = _table(data, "goal", source)
    by_name = {key: direction for key, direction in _DIRECTIONS.items()}
    keys: list[tuple[str, Direction | None]] = []
    by_parameter: list[str] = []
    for action, key in _table(data, "keys", source).items():
        if key == BY_PARAMETER:
            by_parameter.append(action)
            continue
        if key != NO_KEY and key not in by_name:
            raise SchemaError(f"[keys] {action} = {key!r}: a key is one of "
                              f"{', '.join(by_name)}, {NO_KEY!r} or {BY_PARAMETER!r}",
                              Position(source))
        keys.append((action, by_name.get(str(key))))
    directions = _table(data, "directions", source)
    if directions.get("argument", "first") not in ("first", "last") or not all(
            key in (*by_name, "argument") and isinstance(value, str)
            for key, value in directions.items()):
        raise SchemaError("[directions] names the constants up, down, left, right of the "
                          "adjacent relation and its argument, \"first\" or \"last\"",
                          Position(source))
    return Vocabulary(
        name=_string(data.get("name", source), "name", source),
        summary=str(data.get("summary", "")),
        roles=tuple((role, _string(roles[role], f"[roles] {role}", source))
                    for role in ROLES if role in roles),
        values=tuple((name, numbers[name]) for name in VALUES if name in numbers),
        first_is_column=first == "column", rows_upward=rows == "upward",
        direction_words=words, not_key_presses=tuple(skipped),
        goal=tuple((key, value) for key, value in goal.items()
                   if isinstance(value, str | bool)),
        source=source, keys=tuple(keys),
        directions=tuple((direction, str(directions[key])) for key, direction in by_name.items()
                         if key in directions),
        direction_first=directions.get("argument", "first") == "first",
        keyed_by_direction=tuple(by_parameter))


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def vocabulary_toml(vocabulary: Vocabulary, comments: tuple[str, ...] = ()) -> str:
    """`vocabulary` as a file `parse_vocabulary` reads back to the same value (the source
    aside); `comments` (the evidence of an inferred one) head the file."""
    names = {direction: key for key, direction in _DIRECTIONS.items()}
    lines = [f"# {line}" for line in comments] + ([""] if comments else [])
    lines += [f"name = {_quoted(vocabulary.name)}",
              f"summary = {_quoted(vocabulary.summary)}", "", "[roles]"]
    lines += [f"{role} = {_quoted(predicate)}" for role, predicate in vocabulary.roles]
    lines += ["", "[values]"] + [f"{name} = {value}" for name, value in vocabulary.values]
    lines += ["", "[coordinates]",
              f'first = "{"column" if vocabulary.first_is_column else "row"}"',
              f'rows = "{"upward" if vocabulary.rows_upward else "downward"}"', "", "[actions]"]
    lines += [f"{names[direction]} = {_quoted(word)}"
              for word, direction in vocabulary.direction_words]
    skipped = ", ".join(_quoted(name) for name in vocabulary.not_key_presses)
    lines += [f"not_key_presses = [{skipped}]", "", "[keys]"]
    lines += [f"{_quoted(action)} = {_quoted(names[key] if key else NO_KEY)}"
              for action, key in vocabulary.keys]
    lines += [f"{_quoted(action)} = {_quoted(BY_PARAMETER)}"
              for action in vocabulary.keyed_by_direction]
    if vocabulary.directions:
        lines += ["", "[directions]",
                  f'argument = "{"first" if vocabulary.direction_first else "last"}"']
        lines += [f"{names[direction]} = {_quoted(constant)}"
                  for direction, constant in vocabulary.directions]
    lines += ["", "[goal]"]
    lines += [f"{key} = {_quoted(value) if isinstance(value, str) else str(value).lower()}"
              for key, value in vocabulary.goal]
    return "\n".join(lines) + "\n"


def load_vocabulary(path: str) -> Vocabulary:
    return parse_vocabulary(read_input(path, InputKind.MODEL), path)


def shipped_vocabularies() -> tuple[Vocabulary, ...]:
    """The seed reports' vocabularies, in file name order."""
    folder = resources.files("strips_model.reports").joinpath("vocabularies")
    found = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".toml")),
                   key=lambda entry: entry.name)
    return tuple(parse_vocabulary(entry.read_text("utf-8"), f"vocabularies/{entry.name}")
                 for entry in found)


def vocabulary_template(predicates: frozenset[str], model: str) -> str:
    """A vocabulary file to fill in for a model whose schemas use `predicates`."""
    used = ", ".join(sorted(predicates))
    lines = [f"# Vocabulary of {model}: say which predicate plays each part of the game.",
             f"# The model's predicates: {used}.",
             "# Delete the roles the model lacks; see strips_model/reports/vocabularies/ for",
             "# filled-in examples.", "",
             f'name = "{model}"', 'summary = ""', "", "[roles]"]
    lines += [f'{role} = ""' for role in ROLES]
    lines += ["", "[values]", "# Only for trap(X, Y, S) and lock(X, Y, S) with a state S."]
    lines += [f"# {name} = 0" for name in VALUES]
    lines += ["", "[coordinates]", 'first = "column"   # or "row": the first argument of a place',
              'rows = "downward"  # or "upward": which way row numbers grow', "",
              "[actions]", "# The word of an action's name that says its key press.",
              'up = "up"', 'down = "down"', 'left = "left"', 'right = "right"',
              "not_key_presses = []", "", "[goal]", 'block = "But"', ""]
    return "\n".join(lines)
