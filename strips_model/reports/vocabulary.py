"""How a hand-written model's predicates read a level: a vocabulary, declared in a TOML file.

It names the predicate of each part of the game (hero, walls, ..., the counter and its
successor, or an adjacency relation with its [directions]), trap and lock state values, the
coordinate convention (and a cell constant's name pattern), the arguments before a place not
first ([places]), the words of action names per key press (or [keys] per action), actions
that are no key press, the goal's form. `compare` infers one without `--vocabulary FILE`
(translator/compare/vocabulary/inference.py); vocabulary_writer.py writes it; the seeds' ship
in `vocabularies/`.
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
from strips_model.nesting import TOML_NESTING, check_nesting
from strips_model.reports.vocabulary_lookup import by_role, cell_regex, direction_of_name

ROLES: Final = (
    "hero", "demon", "wall", "boulder", "skeleton", "key", "lock", "trap", "spikes", "counter",
    "counter_limit", "successor", "floor", "safe", "occupied", "goal", "has_key", "trap_raised",
    "trap_parity", "trap_lowered", "adjacent", "adjacent_up", "adjacent_down", "adjacent_left",
    "adjacent_right", "adjacent_any", "trap_first", "trap_next", "trap_last", "trap_none",
    "trap_flip", "successor_first", "successor_second")
"""The parts of the game a predicate can play: `floor` holds on the free cells (`empty(X, Y)`),
`safe` is a second static floor beside it (`safe(X, Y)`: no spikes there; what each leaves
out, the actions tell: translator/compare/models/floor.py), `occupied` is a floor's
complement (`obstacle(X, Y)`: on walls, demons and what stands in the way), `goal` marks the
cells next to a demon, `has_key` says the hero holds the key, `trap_raised`/`trap_lowered` are
traps as two predicates (`piegeActive`), `trap_parity` a flag every action flips when those
two give the first phase, or a value stepped along `trap_flip` (`phase(T)`, `flip(T, T2)`):
a `trap` is then raised while the phase is its state (compare/vocabulary/valued_parity.py).
`adjacent` is a static relation on cells with a direction (`succ(D, P, P2)`: P2 is P's
neighbour in direction D, the direction first or last as [directions] `argument` says, its
constants as [directions] names them); `adjacent_up` ... `adjacent_right` are one relation per
direction (`haut(X, Y, X2, Y2)`: (X2, Y2) is the cell above (X, Y)).
`trap_first`, `trap_next` (two places), `trap_last` and `trap_none` (no argument) list the
level's traps in reading order, for a turn that toggles them one by one (trap_walk.py);
`successor_first`/`_second` step one coordinate of a place each (`nextcol`, `nextrow`)."""
ADJACENT_ROLES: Final = {"adjacent_up": Direction.UP, "adjacent_down": Direction.DOWN,
                         "adjacent_left": Direction.LEFT, "adjacent_right": Direction.RIGHT}
VALUES: Final = ("trap_lowered", "trap_raised", "lock_closed", "lock_opened", "hero_without_key",
                 "hero_with_key", "key_lying", "key_taken", "successor_step")
"""The state values of `trap(X, Y, S)`, `lock(X, Y, S)`, `hero(X, Y, K)` (a key flag) and
`key(X, Y, S)` (lying, or taken): numbers, or words (`trap(up, X, Y)`, `cle(X, Y, true)`)."""
DIRECTION_KEYS: Final = {"up": Direction.UP, "down": Direction.DOWN, "left": Direction.LEFT,
                          "right": Direction.RIGHT}
"""The keys of [actions] and [keys], and the key presses they say."""
_SECTIONS: Final = frozenset({"name", "summary", "roles", "values", "coordinates", "actions",
                              "keys", "goal", "directions", "places"})
PLACED_ROLES: Final = ("hero", "demon", "wall", "boulder", "skeleton", "key", "lock", "trap",
                       "spikes", "floor", "safe", "occupied", "goal", "trap_raised", "trap_lowered")
"""The roles whose predicates hold a place: two coordinates side by side, first by default
([places] says how many arguments come before them, as in `trap(up, X, Y)`)."""
NO_KEY: Final = "none"
"""In [keys], an action that is no key press."""
BY_PARAMETER: Final = "parameter"
"""In [keys], an action whose key press is the direction it binds in the `adjacent` relation
(`move(D, P, P2)` with `succ(D, P, P2)`): one schema, four key presses."""
BY_STEP: Final = "step"
"""In [keys], an action whose key press is where it steps the hero (`move(P, P2)` with
`adj(P, P2)`, the `adjacent_any` relation): one schema, four key presses."""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    name: str
    summary: str
    roles: tuple[tuple[str, str], ...]
    """(role, predicate), for the roles the model has."""
    values: tuple[tuple[str, int | str], ...]
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
    keyed_by_step: tuple[str, ...] = ()
    """Actions whose key press is where they step the hero (BY_STEP)."""
    places: tuple[tuple[str, int], ...] = ()
    """(role, how many arguments come before its place), for the roles whose place is not
    first (`hero(K, X, Y)`: 1); any other argument is the state (a phase, a key flag)."""
    cell: str = ""
    """A place written as one constant, its name made by this pattern from the first
    coordinate and the second (`c_{x}_{y}`: `c_1_2`); empty: a place is two arguments."""

    @property
    def width(self) -> int:
        """How many arguments a place takes."""
        return 1 if self.cell else 2

    def place_start(self, predicate: str) -> int:
        """Where the place of `predicate`'s atoms starts: the arguments before it."""
        starts = dict(self.places)
        return next((starts.get(role, 0) for role, name in self.roles if name == predicate), 0)

    def place_args(self, x: str, y: str) -> tuple[str, ...]:
        """A place as the model writes it: (x, y), or its cell's one constant."""
        return (self.cell.replace("{x}", x).replace("{y}", y),) if self.cell else (x, y)

    def place_of(self, predicate: str, args: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]]:
        """An atom's arguments as (first coordinate, second, the others in order); a ValueError
        when a cell's name does not follow the pattern. An atom too short for the arguments
        [places] puts before its place has them cut as `placed` writes them: its place first."""
        width = self.width
        start = min(self.place_start(predicate), max(0, len(args) - width))
        rest = (*args[:start], *args[start + width:])
        if not self.cell:
            return args[start], args[start + 1], rest
        found = re.fullmatch(cell_regex(self.cell) or "", args[start])
        if found is None:
            raise ValueError(f"{args[start]} is no cell named as {self.cell}")
        return found.group("x"), found.group("y"), rest

    def placed(self, predicate: str, x: str, y: str, state: tuple[str, ...] = ()
               ) -> tuple[str, ...]:
        """The atom `predicate` at (x, y) with `state`, its arguments in the model's order."""
        start = min(self.place_start(predicate), len(state))
        return (predicate, *state[:start], *self.place_args(x, y), *state[start:])

    def predicate(self, role: str) -> str | None:
        return by_role(self.roles).get(role)

    def required(self, role: str) -> str:
        found = self.predicate(role)
        if found is None:
            raise SchemaError(f"the vocabulary {self.name} names no {role} predicate, which "
                              "this comparison needs", Position(self.source))
        return found

    def value(self, name: str) -> int | str:
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
                                "rows": "upward" if self.rows_upward else "downward"}
                | ({"cell": self.cell} if self.cell else {}),
                "keys": {action: key.value if key else None for action, key in self.keys}
                | {action: BY_PARAMETER for action in self.keyed_by_direction}
                | {action: BY_STEP for action in self.keyed_by_step},
                "directions": {d.name.lower(): c for d, c in self.directions},
                "not_key_presses": list(self.not_key_presses), "goal": dict(self.goal),
                "places": dict(self.places)}

    def direction_of(self, action: str) -> Direction | None:
        """The key press an action's name says: its first direction word, camel-case or
        `_`-separated (`goUp`, `pushRockLeftWhileOnTrap`, `move_top_on_spikes`), unless
        [keys] says it for this action."""
        return direction_of_name(self.keys, self.not_key_presses, self.direction_words, action)


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
    check_nesting(text, source, TOML_NESTING)  # tomllib recurses once per level
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
    numbers: dict[str, int | str] = {}
    for name, value in values.items():
        if name not in VALUES or not isinstance(value, int | str) or isinstance(value, bool) \
                or value == "":
            raise SchemaError(f"[values] takes integers or words for {', '.join(VALUES)}, "
                              f"found {name} = {value!r}", Position(source))
        numbers[name] = value
    coordinates = _table(data, "coordinates", source)
    first = coordinates.get("first", "column")
    rows = coordinates.get("rows", "downward")
    cell = coordinates.get("cell", "")
    if not isinstance(cell, str) or (cell and cell_regex(cell) is None):
        raise SchemaError("[coordinates] cell is a name with {x} and {y} once each, apart "
                          f"(\"c_{{x}}_{{y}}\"), found {cell!r}", Position(source))
    if first not in ("column", "row") or rows not in ("upward", "downward"):
        raise SchemaError("[coordinates] first is \"column\" or \"row\", rows is \"upward\" or "
                          "\"downward\"", Position(source))
    actions = _table(data, "actions", source)
    said = {key: value if isinstance(value, list) else [value]
            for key, value in actions.items() if key in DIRECTION_KEYS}
    words = tuple((_string(word, f"[actions] {key}", source), direction)
                  for key, direction in DIRECTION_KEYS.items() for word in said.get(key, []))
    skipped = actions.get("not_key_presses", [])
    if not isinstance(skipped, list) or not all(isinstance(n, str) for n in skipped):
        raise SchemaError("[actions] not_key_presses must be a list of action names",
                          Position(source))
    goal = _table(data, "goal", source)
    by_name = {key: direction for key, direction in DIRECTION_KEYS.items()}
    keys: list[tuple[str, Direction | None]] = []
    by_parameter: list[str] = []
    by_step: list[str] = []
    for action, key in _table(data, "keys", source).items():
        if key in (BY_PARAMETER, BY_STEP):
            (by_parameter if key == BY_PARAMETER else by_step).append(action)
            continue
        if key != NO_KEY and key not in by_name:
            raise SchemaError(f"[keys] {action} = {key!r}: a key is one of "
                              f"{', '.join(by_name)}, {NO_KEY!r}, {BY_PARAMETER!r} or {BY_STEP!r}",
                              Position(source))
        keys.append((action, by_name.get(str(key))))
    directions = _table(data, "directions", source)
    if directions.get("argument", "first") not in ("first", "last") or not all(
            key in (*by_name, "argument") and isinstance(value, str)
            for key, value in directions.items()):
        raise SchemaError("[directions] names the constants up, down, left, right of the "
                          "adjacent relation and its argument, \"first\" or \"last\"",
                          Position(source))
    places: dict[str, int] = {}
    for role, start in _table(data, "places", source).items():
        if role not in PLACED_ROLES or not isinstance(start, int) or isinstance(start, bool) \
                or not 0 <= start <= 8:
            raise SchemaError(f"[places] says how many arguments come before the place of "
                              f"{', '.join(PLACED_ROLES)} (0 to 8), found {role} = {start!r}",
                              Position(source))
        places[role] = start
    return Vocabulary(
        name=_string(data.get("name", source), "name", source),
        summary=str(data.get("summary", "")),
        roles=tuple((role, _string(roles[role], f"[roles] {role}", source))
                    for role in ROLES if role in roles),
        values=tuple((name, numbers[name]) for name in VALUES if name in numbers),
        first_is_column=first == "column", rows_upward=rows == "upward", cell=cell,
        direction_words=words, not_key_presses=tuple(skipped),
        goal=tuple((key, value) for key, value in goal.items()
                   if isinstance(value, str | bool)),
        source=source, keys=tuple(keys),
        directions=tuple((direction, str(directions[key])) for key, direction in by_name.items()
                         if key in directions),
        direction_first=directions.get("argument", "first") == "first",
        keyed_by_direction=tuple(by_parameter), keyed_by_step=tuple(by_step),
        places=tuple((role, places[role]) for role in PLACED_ROLES
                     if places.get(role, 0) != 0))


def load_vocabulary(path: str) -> Vocabulary:
    return parse_vocabulary(read_input(path, InputKind.MODEL), path)


def shipped_vocabularies() -> tuple[Vocabulary, ...]:
    """The seed reports' vocabularies, in file name order."""
    folder = resources.files("strips_model.reports").joinpath("vocabularies")
    found = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".toml")),
                   key=lambda entry: entry.name)
    return tuple(parse_vocabulary(entry.read_text("utf-8"), f"vocabularies/{entry.name}")
                 for entry in found)

