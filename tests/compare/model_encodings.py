"""Structurally different encodings of the same game, written from RULES.md (issue "The
reading is a hypothesis the game tests", item 7).

Students encode the one game in structurally different ways; the checker must read them
all. `model_text(encoding, names)` writes a complete correct model (every rule the probes
check: steps, walls, boulders kicked, skeletons kicked and crushed, the key and the lock,
spikes and traps costing extra, a skeleton doomed on a trap (E3), the move budget) for one
choice on each axis of `Encoding`, in the plain notation of `strips_model/helltaker.strips`
or the textbook one, its predicate and action names drawn from `names` (a hypothesis
strategy may give random letters). `schemas(...)` gives the same model as data, so that a
test can drop one precondition or effect of one schema (`render(..., schemas)`).

Every model is built the same way as the team's textbook model: one schema per case, per
parity of the number of actions taken (a flag every action flips; a trap is raised now by
its initial phase and the flag, R-T1), per cost (1, or 2 when the hero ends on spikes or on
a trap raised after the toggle, R-E3) and per doomed skeleton (a flag, and a relation from
the hero's cell to the cell of the skeleton that dies at the end of this action, E3).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

Notation = Literal["plain", "textbook"]
Place = Literal["pair", "rows", "cell"]
Adjacency = Literal["successor", "arithmetic", "direction", "per_direction", "axes"]
Moves = Literal["directed", "undirected"]
KeyHeld = Literal["flag", "state", "hero", "flags"]
Counter = Literal["successor", "arithmetic", "up"]
Traps = Literal["two", "phase"]
Walls = Literal["negated", "floor", "free", "occupied"]
Goal = Literal["cells", "flag", "demon", "only_goal"]
Lock = Literal["removed", "state"]
Parts = Literal["own", "kind", "all", "after", "content"]
Parity = Literal["flag", "flags", "tick", "value"]
Spikes = Literal["negated", "floor", "safe", "complement"]
Damage = Literal["cost", "action"]

DIRECTIONS = ("up", "down", "left", "right")
"""In this order: a model whose four relations no name reads is read by their first uses."""
_DELTA = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
"""(column, row) offsets, rows counted downward as RULES.md counts them."""
_PAIRS = {"pair": ("x", "y"), "rows": ("i", "j")}
"""The variables of a place's two coordinates, in the order written (`Encoding.place`)."""


def _delta(encoding: Encoding, direction: str) -> tuple[int, int]:
    """The step toward `direction` on the place's first and second coordinates."""
    dx, dy = _DELTA[direction]
    return (dy, dx) if encoding.place == "rows" else (dx, dy)



@dataclass(frozen=True, slots=True)
class Encoding:
    """One choice on each axis of structure."""

    notation: Notation = "textbook"
    place: Place = "pair"
    """A place as two coordinates `at(X, Y)`, the column first; as two coordinates the row
    first, `at(I, J)` (as a grid is read line by line), `up` taking one from the first; or as
    one cell term `at(P)`."""
    adjacency: Adjacency = "direction"
    """`succ(X, X2)` on numbers, `X + 1`, `adjacent(D, P, P2)`, or one relation a direction;
    or a relation per coordinate, `succ1(X, X2)` and `succ2(Y, Y2)`, the counter down its own
    chain `dec(C2, C)` (as a typed model with columns and rows apart writes them)."""
    direction_parameter: bool = True
    """One schema with the direction a parameter (only with `adjacency="direction"`), else one
    schema per direction."""
    key: KeyHeld = "flag"
    """`key(P)` removed and a flag `haskey`; `key(P, lying)` turned `key(P, taken)` and the
    flag; `key(P)` removed and the hero's state `at(P, haskey)`; or, with no negated flag,
    `key(P)` removed, `haskey` added and `nokey` (true at the start) deleted."""
    counter: Counter = "successor"
    """The moves left, down a successor chain or by arithmetic; or the moves taken, up the
    chain to a static `limit(L)` (`C2 <= L`)."""
    traps: Traps = "two"
    """`trapDown(P)`/`trapUp(P)` by their phase at the start, or `trap(P, 0)`/`trap(P, 1)`."""
    goal: Goal = "cells"
    """`But(at(P), goal(P))` over the cells next to a demon; an action taking no key press
    that raises a flag there, `But(won)`; or `But(at(P), adjacent(D, P, Q), demon(Q))`; or
    `But(at(P), goal(P))` with `goal` named by no action: nothing keeps the hero from walking
    on once there (the planner stops, the game would too: E12 is not expressed)."""
    lock: Lock = "removed"
    """`lock(P)` deleted when opened, or `lock(P, closed)` turned `lock(P, open)`."""
    walls: Walls = "negated"
    """Where a part may arrive: `¬wall(P)` and the other parts absent; a static `floor(P)` on
    every cell that is no wall, with the other parts absent; or one fluent `free(P)` on every
    cell free for an object (RULES.md §3), kept as boulders and skeletons move and die and the
    lock opens; or its complement, one fluent `occupied(P)` on walls, demons and what stands
    in the way."""

    parts: Parts = "own"
    """Boulders and skeletons each under a predicate of its own, `box(P)` and `mob(P)`; under
    one relation told apart by a constant, `on(boulder, P)` and `on(skeleton, P)`; the hero
    too, `on(hero, P)`; the constant after the place, `on(P, boulder)`; or the contents of
    every free cell, `on(P, empty)` beside them (with `walls="free"`): a skeleton dying turns
    `on(P, skeleton)` into `on(P, empty)`."""

    parity: Parity = "flag"
    """The number of actions taken, even or odd: a flag `odd` every action flips (required
    absent by the actions taken after an even number), or two flags swapped, `even` (true at
    the start) and `odd`, each required present; or `odd` flipped as each turn ends, by an
    action of no key press, `Tick`, that every other action leaves due (a flag `tick` each
    adds and requires absent); or the phase a value, `phase(T)`, stepped along a static
    `flip(T, T2)` by every action, the traps a static `trap(P, T)` (the trap at P is raised
    while the phase is T): one schema for both parities (with `traps="phase"` only)."""
    spikes: Spikes = "negated"
    """Where the hero steps without harm: `¬spike(P)`; or, with a static floor, the floor
    alone, which then holds on no spikes (`floor(P)` for a safe step, `spike(P)` for the step
    that hurts, `floor(P) ∨ spike(P)` where a boulder lands); or a static `safe(P)`, no spikes
    there, required where `¬spike(P)` would be (beside a floor, a second one); or that
    `safe(P)` alone, with `¬safe(P)` where the step hurts: no spike predicate at all."""
    damage: Damage = "cost"
    """What hurts costs 2 in the action itself; or the action costs 1 and raises a flag
    `hurt` that every action (and the goal) requires absent, which an action of no key press,
    `Damage`, takes back for one more move."""
    moves: Moves = "directed"
    """The hero's own moves one schema per direction as every other action, or one schema for
    the four that steps along a static `adj(P, P2)` of no direction, as do taking the key,
    opening the lock and bumping into it (each ground action presses the key of its step, or
    of the cell it bumps into; the pushes and kicks, which a relation of no direction cannot
    keep in line, keep their direction)."""

    def __post_init__(self) -> None:
        if self.place == "cell" and self.adjacency in ("successor", "arithmetic", "axes"):
            raise ValueError("a place written as one cell needs a relation between cells")
        if self.direction_parameter and self.adjacency != "direction":
            raise ValueError("a direction parameter needs a relation with a direction argument")
        if self.parts == "content" and self.walls != "free":
            raise ValueError("the contents of a cell name its emptiness: walls must be free")
        if self.parts == "all" and self.key == "hero":
            raise ValueError("a hero told apart by a constant holds no key state beside it")
        if self.spikes == "floor" and self.walls != "floor":
            raise ValueError("spikes left out of the floor need a static floor")
        if self.moves == "undirected" and self.adjacency in ("successor", "arithmetic", "axes"):
            raise ValueError("moves of no direction step along a relation between places")
        if self.parity == "value" and self.traps != "phase":
            raise ValueError("a phase written as a value raises traps by a relation to it")
        if self.goal == "demon" and not self.direction_parameter:
            raise ValueError("a goal beside a demon is written through the relation of a "
                             "direction argument")

    @property
    def label(self) -> str:
        return "-".join((self.notation, self.place, self.adjacency,
                         "dparam" if self.direction_parameter else "perdir", f"key_{self.key}",
                         f"count_{self.counter}", f"traps_{self.traps}",
                         f"walls_{self.walls}", f"goal_{self.goal}", f"lock_{self.lock}",
                         f"parts_{self.parts}", f"parity_{self.parity}")
                        + ((f"spikes_{self.spikes}",) if self.spikes != "negated" else ())
                        + (("damage_action",) if self.damage == "action" else ())
                        + (("moves_undirected",) if self.moves == "undirected" else ()))


Names = Callable[[str], str]
"""The name source: a canonical name (`at`, `mob`, `PushMobUpEvenHurt`) to the one written."""


def same_names(name: str) -> str:
    return name


CONSONANTS = "bcdfghjklmnpqrstvwxz"
"""Random names of consonants only: no word of the game's parts hides in them."""


def random_names(seed: int, length: int = 7) -> Names:
    """A name source giving each canonical name its own random letters."""
    rng = random.Random(seed)
    given: dict[str, str] = {}
    used: set[str] = set()

    def name(canonical: str) -> str:
        if canonical not in given:
            while True:
                letters = "".join(rng.choice(CONSONANTS) for _ in range(length))
                if letters not in used:
                    break
            used.add(letters)
            given[canonical] = letters
        return given[canonical]

    return name


# -- literals and schemas -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Atom:
    predicate: str
    """Canonical: the name source renames it when written."""
    args: tuple[str, ...] = ()
    negated: bool = False

    def __neg__(self) -> Atom:
        return Atom(self.predicate, self.args, not self.negated)


@dataclass(frozen=True, slots=True)
class AnyOf:
    """A disjunction of atoms (the reader splits the schema, one per case)."""

    atoms: tuple[Atom, ...]


@dataclass(frozen=True, slots=True)
class Comparison:
    """A comparison of two numbers (`c1 <= l`), written as is: no name to give."""

    text: str


Clause = Atom | AnyOf | Comparison


@dataclass(frozen=True, slots=True)
class Schema:
    name: str
    """Canonical: the name source renames it when written."""
    parameters: tuple[str, ...]
    preconditions: tuple[Clause, ...]
    effects: tuple[Atom, ...]


def _variables(term: str) -> Iterator[str]:
    for token in term.replace("+", " ").replace("-", " ").split():
        if token[0].isalpha() and token not in _CONSTANTS:
            yield token


_KINDS = {"box": "boulder", "mob": "skeleton"}
"""The constant each part is told by under one relation (`Encoding.parts`)."""
_CONSTANTS = {*DIRECTIONS, *_KINDS.values(), "hero", "empty", "lying", "taken", "nokey",
              "haskey", "closed", "open"}


@dataclass
class _Builder:
    encoding: Encoding
    schemas: list[Schema] = field(default_factory=list)

    # places -------------------------------------------------------------------------------
    def origin(self) -> tuple[str, ...]:
        return _PAIRS.get(self.encoding.place, ("p",))

    def fresh(self, k: int) -> tuple[str, ...]:
        return tuple(f"{v}{k}" for v in self.origin())

    def neighbour(self, direction: str, place: tuple[str, ...], k: int
                  ) -> tuple[tuple[str, ...], list[Atom]]:
        """The place `k` steps from the hero's toward `direction`, and what says so."""
        e = self.encoding
        if e.adjacency in ("direction", "per_direction"):
            new = self.fresh(k)
            if e.adjacency == "direction":
                d = "d" if e.direction_parameter else direction
                return new, [Atom("adjacent", (d, *place, *new))]
            return new, [Atom(direction, (*place, *new))]
        dx, dy = _delta(e, direction)
        x, y = place
        if e.adjacency == "arithmetic":
            return ((_offset(x, dx), y) if dx else (x, _offset(y, dy))), []
        if dx:
            x2 = self.fresh(k)[0]
            return (x2, y), [Atom(self._along(0), (x, x2) if dx > 0 else (x2, x))]
        y2 = self.fresh(k)[1]
        return (x, y2), [Atom(self._along(1), (y, y2) if dy > 0 else (y2, y))]

    def _along(self, coordinate: int) -> str:
        """The relation stepping a place's first or second coordinate by one."""
        return _along(self.encoding, coordinate)

    # the hero -----------------------------------------------------------------------------
    def hero(self, place: tuple[str, ...], key: str = "k") -> Atom:
        if self.encoding.key == "hero":
            return Atom("at", (*place, key))
        return Atom("at", place)

    def key_lying(self, place: tuple[str, ...]) -> Atom:
        if self.encoding.key == "state":
            return Atom("key", (*place, "lying"))
        return Atom("key", place)

    def holds_key(self, held: bool) -> Atom:
        if self.encoding.key == "flags" and not held:
            return Atom("nokey")
        return Atom("haskey", (), not held)

    # traps --------------------------------------------------------------------------------
    def trap(self, place: tuple[str, ...], raised_at_start: bool) -> Atom:
        if self.encoding.traps == "phase":
            return Atom("trap", (*place, "1" if raised_at_start else "0"))
        return Atom("trapUp" if raised_at_start else "trapDown", place)

    def raised_after(self, place: tuple[str, ...], odd: bool) -> Atom:
        """A trap raised after this action's toggle: lowered at the start when the actions
        taken before it are even (R-T1); with the phase a value, raised in the phase the
        action moves to."""
        if self.encoding.parity == "value":
            return Atom("trap", (*place, "t2"))
        return self.trap(place, raised_at_start=odd)

    def lowered_after(self, place: tuple[str, ...], odd: bool) -> Atom:
        """A trap lowered after this action's toggle: with the phase a value, raised in the
        phase the action leaves (every trap is raised in one of the two)."""
        if self.encoding.parity == "value":
            return Atom("trap", (*place, "t"))
        return self.trap(place, raised_at_start=not odd)

    def hurt(self, place: tuple[str, ...], odd: bool, hurts: bool) -> list[Clause]:
        spike = self.spiked(place)
        raised = self.raised_after(place, odd)
        if hurts:
            return [AnyOf((spike, raised))]
        return [self.unspiked(place), -raised]

    def unspiked(self, place: tuple[str, ...]) -> Atom:
        """No spikes at `place`: `¬spike(P)`, or `safe(P)`."""
        return Atom("safe", place) if self.encoding.spikes in ("safe", "complement") \
            else -Atom("spike", place)

    def spiked(self, place: tuple[str, ...]) -> Atom:
        """Spikes at `place`: `spike(P)`, or `¬safe(P)`."""
        return -Atom("safe", place) if self.encoding.spikes == "complement" \
            else Atom("spike", place)

    # the counter --------------------------------------------------------------------------
    def counter(self, cost: int, guard: int | None = None
                ) -> tuple[list[Clause], list[Atom], list[str]]:
        """What the counter requires (at least `guard` moves left, `cost` by default) and
        what it becomes (`cost` spent)."""
        guard = cost if guard is None else guard
        counting = "dec" if self.encoding.adjacency == "axes" else "succ"
        guards: list[Clause] = [Atom("steps", ("c",)), -Atom("steps", ("0",))]
        if guard == 2:
            guards.append(-Atom("steps", ("1",)))
        if self.encoding.counter == "arithmetic":
            return guards, [Atom("steps", (f"c - {cost}",)), -Atom("steps", ("c",))], ["c"]
        if self.encoding.counter == "up":
            # The actions taken so far, against the budget a static `limit(L)` holds.
            reached = "c1" if cost == 1 else "c2"
            chain = [Atom(counting, ("c", "c1"))] + ([Atom(counting, ("c1", "c2"))]
                                                     if guard == 2 else [])
            bound: list[Clause] = [Atom("limit", ("l",)),
                                   Comparison(f"{'c1' if guard == 1 else 'c2'} <= l")]
            return ([Atom("steps", ("c",)), *chain, *bound],
                    [Atom("steps", (reached,)), -Atom("steps", ("c",))], [])
        chain = [Atom(counting, ("c2", "c"))] if cost == 1 else [
            Atom(counting, ("c1", "c")), Atom(counting, ("c2", "c1"))]
        return guards + chain, [Atom("steps", ("c2",)), -Atom("steps", ("c",))], []

    # the schemas --------------------------------------------------------------------------
    def add(self, family: str, direction: str | None, odd: bool, hurts: bool | None,
            reaping: bool, pre: list[Clause], eff: list[Atom]) -> None:
        here = self.origin()
        cost = 2 if hurts else 1
        paid_later = hurts and self.encoding.damage == "action"
        guards, counting, _ = self.counter(1 if paid_later else cost, guard=cost)
        if self.encoding.goal == "only_goal":
            pre = [c for c in pre if not (isinstance(c, Atom) and c.predicate == "goal")]
        preconditions: list[Clause] = [*pre, Atom("odd", (), not odd)]
        effects = [*eff, Atom("odd", (), odd)]
        if self.encoding.parity == "value":
            preconditions[-1:] = [Atom("phase", ("t",)), Atom("flip", ("t", "t2"))]
            effects[-1:] = [-Atom("phase", ("t",)), Atom("phase", ("t2",))]
        if self.encoding.parity == "flags":
            preconditions[-1] = Atom("odd" if odd else "even")
            effects.append(Atom("even", (), not odd))
        if self.encoding.parity == "tick":
            preconditions.append(-Atom("tick"))
            effects[-1] = Atom("tick")
        if self.encoding.damage == "action":
            preconditions.append(-Atom("hurt"))
            effects += [Atom("hurt")] if paid_later else []
        if reaping:
            doomed = ("s1", "s2") if self.encoding.place != "cell" else ("s",)
            preconditions += [Atom("doomed"), Atom("doomedAt", (*here, *doomed)),
                              Atom("mob", doomed)]
            effects += [-Atom("mob", doomed), -Atom("doomedAt", (*here, *doomed)),
                        *self._leaves(doomed)]
            if family != "PushMobOnTrap":
                effects.append(-Atom("doomed"))
        else:
            preconditions.append(-Atom("doomed"))
        preconditions += guards
        effects += counting
        turn = "" if self.encoding.parity == "value" else "Odd" if odd else "Even"
        name = "".join((family, (direction or "").capitalize(), turn,
                        "Hurt" if hurts else "", "Reaping" if reaping else ""))
        self.schemas.append(Schema(name, _parameters(preconditions), tuple(preconditions),
                                   tuple(effects)))

    def build(self) -> list[Schema]:
        directions: Sequence[str | None] = (
            [None] if self.encoding.direction_parameter else DIRECTIONS)
        families = [self.moves, self.take_key, self.unlock, self.bump, self.push_box,
                    self.kick_box, self.push_mob, self.doom_mob, self.kill_mob, self.crush_mob]
        for family in families:
            for direction in directions:
                for odd in (False,) if self.encoding.parity == "value" else (False, True):
                    for reaping in (False, True):
                        family(direction or "up", direction, odd, reaping)
        paid = (-Atom("hurt"),) if self.encoding.damage == "action" else ()
        if self.encoding.goal == "flag":
            here = self.origin()
            self.schemas.append(Schema("Win", tuple(v for a in here for v in _variables(a)),
                                       (self.hero(here), Atom("goal", here), -Atom("won"),
                                        *paid), (Atom("won"),)))
        if paid:
            guards, counting, _ = self.counter(1)
            # After the traps' toggle, if it is due: one action at a time is forced.
            ticked = (-Atom("tick"),) if self.encoding.parity == "tick" else ()
            self.schemas.append(Schema("Damage", _parameters([Atom("hurt"), *guards]),
                                       (Atom("hurt"), *ticked, *guards),
                                       (-Atom("hurt"), *counting)))
        if self.encoding.parity == "tick":
            for odd in (False, True):
                self.schemas.append(Schema("TickOdd" if odd else "TickEven", (),
                                           (Atom("tick"), Atom("odd", (), not odd)),
                                           (-Atom("tick"), Atom("odd", (), odd))))
        return self.schemas

    def _free(self, place: tuple[str, ...], spiked: bool = False) -> list[Clause]:
        """What says nothing stops a part at `place`; `spiked`: spikes may lie there (a
        boulder lands on them), which a floor that leaves them out must say."""
        walls = self.encoding.walls
        if walls in ("free", "occupied"):
            return [self.free(place)]
        floor: list[Clause] = [-Atom("wall", place)] if walls == "negated" else \
            [AnyOf((Atom("floor", place), Atom("spike", place)))] \
            if spiked and self.spikes_off_floor else [Atom("floor", place)]
        return [*floor, *(-Atom(p, place) for p in ("demon", "box", "mob")),
                -self.locked(place)]

    def _blocked(self, place: tuple[str, ...]) -> list[list[Clause]]:
        """The cases where something stops a part at `place`: one, or, beside a floor that
        leaves spikes out, a wall (neither floor nor spikes) and the parts apart."""
        walls = self.encoding.walls
        if walls in ("free", "occupied"):
            return [[-self.free(place)]]
        parts = (*(Atom(p, place) for p in ("demon", "box", "mob")), self.locked(place))
        if self.spikes_off_floor:
            return [[-Atom("floor", place), -Atom("spike", place), -Atom("demon", place)],
                    [AnyOf(parts)]]
        wall = -Atom("floor", place) if walls == "floor" else Atom("wall", place)
        return [[AnyOf((wall, *parts))]]

    @property
    def spikes_off_floor(self) -> bool:
        return self.encoding.spikes == "floor"

    def _landings(self, place: tuple[str, ...], odd: bool, hurts: bool
                  ) -> list[tuple[str, list[Clause]]]:
        """The cases of the hero stepping onto `place`, each with its name's suffix."""
        if not self.spikes_off_floor:
            return [("", [*self._free(place), *self.hurt(place, odd, hurts)])]
        raised = self.raised_after(place, odd)
        if not hurts:
            return [("", [*self._free(place), -raised])]
        return [("Spikes", [Atom("spike", place), -Atom("box", place), -Atom("mob", place)]),
                ("Trap", [*self._free(place), raised])]

    def locked(self, place: tuple[str, ...]) -> Atom:
        return Atom("lock", (*place, "closed") if self.encoding.lock == "state" else place)

    def _leaves(self, place: tuple[str, ...]) -> list[Atom]:
        """What says a part left `place` (a fluent `free` follows it)."""
        return [self.free(place)] if self.encoding.walls in ("free", "occupied") else []

    def _moved(self, left: tuple[str, ...], reached: tuple[str, ...]) -> list[Atom]:
        if self.encoding.walls not in ("free", "occupied"):
            return []
        return [self.free(left), -self.free(reached)]

    def free(self, place: tuple[str, ...]) -> Atom:
        """The cell free for an object: `free(P)`, or `¬occupied(P)`."""
        return -Atom("occupied", place) if self.encoding.walls == "occupied" else \
            Atom("free", place)

    def _two(self, step: str) -> tuple[tuple[str, ...], tuple[str, ...], list[Atom]]:
        n1, first = self.neighbour(step, self.origin(), 2)
        if self.encoding.adjacency in ("direction", "per_direction"):
            n2, second = self.neighbour(step, n1, 3)
        else:
            n2 = _second(self.encoding, step, self.origin(), n1)
            second = _second_atoms(self.encoding, step, n1, n2)
        return n1, n2, [*first, *second]

    def _stepping(self, step: str, direction: str | None
                  ) -> tuple[tuple[str, ...], list[Clause], str | None] | None:
        """Where the hero steps, the relation it steps along and the direction written; None
        where moves of no direction write the four as one schema, and this is not the one."""
        n1, adj = self.neighbour(step, self.origin(), 2)
        if self.encoding.moves != "undirected":
            return n1, adj, direction
        if step != "up":
            return None
        return n1, [Atom("adj", (*self.origin(), *n1))], None

    def moves(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        here = self.origin()
        stepping = self._stepping(step, direction)
        if stepping is None:
            return
        n1, adj, direction = stepping
        for hurts in (False, True):
            for suffix, landing in self._landings(n1, odd, hurts):
                pre: list[Clause] = [self.hero(here), -Atom("goal", here), *adj, *landing,
                                     -self.key_lying(n1)]
                eff = [self.hero(n1), -self.hero(here)]
                self.add("Move" + suffix, direction, odd, hurts, reaping, pre, eff)

    def take_key(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        here = self.origin()
        stepping = self._stepping(step, direction)
        if stepping is None:
            return
        n1, adj, direction = stepping
        hero_before = self.hero(here, "nokey")
        pre: list[Clause] = [hero_before, -Atom("goal", here), *adj, self.key_lying(n1),
                             -Atom("box", n1), -Atom("mob", n1)]
        eff = [self.hero(n1, "haskey"), -hero_before, -self.key_lying(n1)]
        if self.encoding.key == "state":
            eff.append(Atom("key", (*n1, "taken")))
        if self.encoding.key != "hero":
            eff.append(self.holds_key(True))
        if self.encoding.key == "flags":
            eff.append(-self.holds_key(False))
        self.add("TakeKey", direction, odd, None, reaping, pre, eff)

    def unlock(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        here = self.origin()
        stepping = self._stepping(step, direction)
        if stepping is None:
            return
        n1, adj, direction = stepping
        pre: list[Clause] = [self.hero(here, "haskey"), -Atom("goal", here), *adj,
                             self.locked(n1)]
        if self.encoding.key != "hero":
            pre.append(self.holds_key(True))
        opened = [Atom("lock", (*n1, "open"))] if self.encoding.lock == "state" else []
        eff = [self.hero(n1, "haskey"), -self.hero(here, "haskey"), -self.locked(n1), *opened,
               *self._leaves(n1)]
        self.add("Unlock", direction, odd, None, reaping, pre, eff)

    def bump(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        here = self.origin()
        stepping = self._stepping(step, direction)
        if stepping is None:
            return
        n1, adj, direction = stepping
        for hurts in (False, True):
            pre: list[Clause] = [self.hero(here, "nokey"), -Atom("goal", here), *adj,
                                 self.locked(n1)]
            if self.encoding.key != "hero":
                pre.append(self.holds_key(False))
            pre += self.hurt(here, odd, hurts)
            self.add("Bump", direction, odd, hurts, reaping, pre, [])

    def _kick(self, family: str, step: str, direction: str | None, odd: bool,
              reaping: bool, what: str, beyond: Callable[[tuple[str, ...]], list[Clause]],
              moves: Callable[[tuple[str, ...], tuple[str, ...]], list[Atom]]) -> None:
        here = self.origin()
        n1, n2, adj = self._two(step)
        for hurts in (False, True):
            pre: list[Clause] = [self.hero(here), -Atom("goal", here), *adj, Atom(what, n1),
                                 *beyond(n2), *self.hurt(here, odd, hurts)]
            self.add(family, direction, odd, hurts, reaping, pre, moves(n1, n2))

    def push_box(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        self._kick("PushBox", step, direction, odd, reaping, "box",
                   lambda place: self._free(place, spiked=True),
                   lambda a, b: [Atom("box", b), -Atom("box", a), *self._moved(a, b)])

    def _blocked_cases(self, family: str) -> list[tuple[str, Callable[[tuple[str, ...]],
                                                                    list[Clause]]]]:
        """The family's name with each case of `_blocked`, and the case."""
        count = len(self._blocked(self.origin()))
        return [(family + ("Wall" if count > 1 and case == 0 else ""),
                 lambda place, case=case: self._blocked(place)[case]) for case in range(count)]

    def kick_box(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        for family, blocked in self._blocked_cases("KickBox"):
            self._kick(family, step, direction, odd, reaping, "box", blocked, lambda a, b: [])

    def push_mob(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        def stays(place: tuple[str, ...]) -> list[Clause]:
            spikes = [] if self.spikes_off_floor else [self.unspiked(place)]
            return [*self._free(place), *spikes, -self.raised_after(place, odd),
                    -self.lowered_after(place, odd)]
        self._kick("PushMob", step, direction, odd, reaping, "mob", stays,
                   lambda a, b: [Atom("mob", b), -Atom("mob", a), *self._moved(a, b)])

    def doom_mob(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        here = self.origin()

        def doomed(place: tuple[str, ...]) -> list[Clause]:
            return [*self._free(place), self.lowered_after(place, odd)]
        self._kick("PushMobOnTrap", step, direction, odd, reaping, "mob", doomed,
                   lambda a, b: [Atom("mob", b), -Atom("mob", a), *self._moved(a, b),
                                 Atom("doomed"),
                                 Atom("doomedAt", (*here, *b))])

    def kill_mob(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        def dies(place: tuple[str, ...]) -> list[Clause]:
            return [*self._free(place),
                    AnyOf((self.spiked(place), self.raised_after(place, odd)))]

        def on_spikes(place: tuple[str, ...]) -> list[Clause]:
            return [Atom("spike", place), -Atom("box", place), -Atom("mob", place)]

        def on_trap(place: tuple[str, ...]) -> list[Clause]:
            return [*self._free(place), self.raised_after(place, odd)]

        cases = [("KillMobSpikes", on_spikes), ("KillMobTrap", on_trap)] \
            if self.spikes_off_floor else [("KillMob", dies)]
        for family, beyond in cases:
            self._kick(family, step, direction, odd, reaping, "mob", beyond,
                       lambda a, b: [-Atom("mob", a), *self._leaves(a)])

    def crush_mob(self, step: str, direction: str | None, odd: bool, reaping: bool) -> None:
        for family, blocked in self._blocked_cases("CrushMob"):
            self._kick(family, step, direction, odd, reaping, "mob", blocked,
                       lambda a, b: [-Atom("mob", a), *self._leaves(a)])


def _parameters(preconditions: Sequence[Clause]) -> tuple[str, ...]:
    """The variables the preconditions name, in their order."""
    parameters: list[str] = []
    for clause in preconditions:
        if isinstance(clause, Comparison):
            continue
        for atom in clause.atoms if isinstance(clause, AnyOf) else (clause,):
            for arg in atom.args:
                for v in _variables(arg):
                    if v not in parameters:
                        parameters.append(v)
    return tuple(parameters)


def _offset(variable: str, by: int) -> str:
    return f"{variable} + {by}" if by > 0 else f"{variable} - {-by}"


def _second(encoding: Encoding, step: str, here: tuple[str, ...], n1: tuple[str, ...]
            ) -> tuple[str, ...]:
    """The place two steps from the hero's, for the adjacencies on numbers."""
    dx, dy = _delta(encoding, step)
    x, y = here
    if encoding.adjacency == "arithmetic":
        return (_offset(x, 2 * dx), y) if dx else (x, _offset(y, 2 * dy))
    first, second = _PAIRS[encoding.place]
    return (f"{first}3", y) if dx else (x, f"{second}3")


def _second_atoms(encoding: Encoding, step: str, n1: tuple[str, ...], n2: tuple[str, ...]
                  ) -> list[Atom]:
    if encoding.adjacency == "arithmetic":
        return []
    dx, dy = _delta(encoding, step)
    a, b = (n1[0], n2[0]) if dx else (n1[1], n2[1])
    return [Atom(_along(encoding, 0 if dx else 1), (a, b) if (dx or dy) > 0 else (b, a))]


def _along(encoding: Encoding, coordinate: int) -> str:
    """`succ` for both coordinates, or one relation per coordinate (`adjacency="axes"`)."""
    return ("succ1", "succ2")[coordinate] if encoding.adjacency == "axes" else "succ"


def schemas(encoding: Encoding) -> list[Schema]:
    """The model of `encoding` as data, in canonical names."""
    built = _Builder(encoding).build()
    if encoding.parts == "own":
        return built
    kinds = {**_KINDS, "at": "hero"} if encoding.parts == "all" else \
        {**_KINDS, "free": "empty"} if encoding.parts == "content" else _KINDS

    def of_kind(atom: Atom) -> Atom:
        if atom.predicate not in kinds:
            return atom
        if encoding.parts in ("after", "content"):
            return Atom("on", (*atom.args, kinds[atom.predicate]), atom.negated)
        return Atom("on", (kinds[atom.predicate], *atom.args), atom.negated)

    def clause(written: Clause) -> Clause:
        """`box(P)` as `on(boulder, P)`, `mob(P)` as `on(skeleton, P)`, in any clause."""
        if isinstance(written, AnyOf):
            return AnyOf(tuple(map(of_kind, written.atoms)))
        return of_kind(written) if isinstance(written, Atom) else written

    return [Schema(s.name, s.parameters, tuple(map(clause, s.preconditions)),
                   tuple(map(of_kind, s.effects))) for s in built]


# -- writing ------------------------------------------------------------------------------------


def _term(arg: str, names: Names) -> str:
    """A constant that tells parts or states apart (`boulder`, `lying`, `closed`) is named as
    a predicate is (random letters under random names): it is a name of the model's own, not
    a word of the game. The directions keep theirs."""
    return names(arg) if arg in _CONSTANTS and arg not in DIRECTIONS else arg


def _atom(atom: Atom, names: Names, notation: Notation) -> str:
    sign = ("¬" if notation == "textbook" else "-") if atom.negated else ""
    name = names(atom.predicate)
    if not atom.args:
        return sign + name
    return f"{sign}{name}({', '.join(_term(arg, names) for arg in atom.args)})"


def _clause(clause: Clause, names: Names, notation: Notation) -> str:
    if isinstance(clause, Comparison):
        return clause.text
    if isinstance(clause, AnyOf):
        return "(" + " ∨ ".join(_atom(a, names, notation) for a in clause.atoms) + ")"
    return _atom(clause, names, notation)


def render(encoding: Encoding, names: Names = same_names,
           written: Sequence[Schema] | None = None) -> str:
    """The model's text: `written` (default: the encoding's own schemas) in its notation."""
    chosen = schemas(encoding) if written is None else written
    notation = encoding.notation
    joiner = " ∧ " if notation == "textbook" else ", "
    lines = [f"Helltaker, encoded as {encoding.label}.", ""]
    for schema in chosen:
        header = f"{names(schema.name)}({', '.join(schema.parameters)})"
        pre = joiner.join(_clause(c, names, notation) for c in schema.preconditions)
        eff = joiner.join(_atom(a, names, notation) for a in schema.effects)
        if notation == "textbook":
            lines += [f"Action({header},", f"PRECOND: {pre}", f"EFFECT: {eff})", ""]
        else:
            lines += [header, f"    Precondition: {pre}", f"    Effect: {eff}", ""]
    here = tuple(v.upper() for v in _PAIRS.get(encoding.place, ("p",)))
    hero = Atom("at", (*here, "K") if encoding.key == "hero" else here)
    if encoding.parts == "all":
        hero = Atom("on", ("hero", *here))
    paid = [-Atom("hurt")] if encoding.damage == "action" and encoding.goal != "flag" else []
    goal = "But(" + ", ".join(_atom(a, names, notation) for a in (hero, Atom("goal", here),
                                                                  *paid)) + ")" \
        if encoding.goal in ("cells", "only_goal") else \
        f"But({_atom(Atom('won'), names, notation)})"
    if encoding.goal == "demon":
        # The hero beside a demon, through the adjacency every move steps along.
        builder = _Builder(encoding)
        there, relation = builder.neighbour("right", here, 9)
        parts = [Atom(a.predicate, tuple(arg if arg in _CONSTANTS else arg.upper()
                                         for arg in a.args), a.negated)
                 for a in (hero, *relation, Atom("demon", there), *paid)]
        goal = f"But({', '.join(_atom(a, names, notation) for a in parts)})"
    lines += ["Goal: the hero on a cell next to a demon.", "", goal, ""]
    return "\n".join(lines)


def model_text(encoding: Encoding, names: Names = same_names) -> str:
    return render(encoding, names)
