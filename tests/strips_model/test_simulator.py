"""The rules simulator against RULES.md sections 3-7, one tiny drawn level per situation.

Coordinates are (row, column) with row 0 the first grid row (F2). Most levels are one row, so
the hero at column 1 is at (0, 1). Letters are English: u d l r.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import last_move, make_level, play, state

from strips_model.level import Level, State
from strips_model.moves import Direction, parse_plan
from strips_model.simulator import Event, Happening, Move, NotAnAction, Obstacle, step
from strips_model.validator import validate


def waited(level: Level, parity: int = 1) -> State:
    """The start state with only the trap parity changed: what a wait (R-T3) leaves."""
    return replace(level.start, parity=parity)


# ---------------------------------------------------------------------------------------------
# Section 3: actions


def test_r_a0_wall_is_not_an_action() -> None:
    """R-A0: facing a wall there is no action (nothing to apply, no cost)."""
    level = make_level("""
        #####
        #H D#
        #####
        """)
    for direction, cell in ((Direction.UP, (0, 1)), (Direction.DOWN, (2, 1)),
                            (Direction.LEFT, (1, 0))):
        outcome = step(level, level.start, direction)
        assert outcome == NotAnAction(Obstacle.WALL, cell)


def test_r_a0_outside_is_not_an_action() -> None:
    """R-A0/F3: the grid need not be enclosed; beyond it is a wall."""
    level = make_level("H D")
    for direction, cell in ((Direction.UP, (-1, 0)), (Direction.DOWN, (1, 0)),
                            (Direction.LEFT, (0, -1))):
        assert step(level, level.start, direction) == NotAnAction(Obstacle.OUTSIDE, cell)


def test_r_a0_demon_is_not_an_action() -> None:
    """R-A0: a demon is an obstacle, the hero never enters it."""
    level = make_level("H D")
    beside, _ = play(level, "r")
    assert step(level, beside, Direction.RIGHT) == NotAnAction(Obstacle.DEMON, (0, 2))


def test_r_a1_bump_lock_without_key() -> None:
    """R-A1: the closed lock without the key: nothing moves, cost 1.

    #HL D#
    """
    level = make_level("#HL D#")
    move = last_move(level, "r")
    assert move.cost == 1
    assert move.rules == ("R-A1", "R-E1")
    assert move.state == state((0, 1), lock_closed=True, parity=1)


def test_r_a2_open_lock_with_key() -> None:
    """R-A2: with the key the hero walks into the lock, which is gone for good (then R-A5).

    #KHL D#     take the key (l), come back (r), open the lock (r)
    """
    level = make_level("#KHL D#")
    opened, costs = play(level, "lrr")
    assert costs == [1, 1, 1]
    assert last_move(level, "lrr").rules == ("R-A2", "R-E1")
    assert opened.hero == (0, 3) and opened.has_key and not opened.lock_closed
    # Gone for good: leaving and coming back is a plain step onto the open lock cell.
    back = last_move(level, "lrrlr")
    assert back.rules[0] == "R-A5" and back.cost == 1 and back.state.hero == (0, 3)
    assert not back.state.lock_closed


def test_r_a3_kick_boulder_moves_it_hero_stays() -> None:
    """R-A3: the boulder moves to n2 when free; the hero does not move; cost 1.

    #HB  D#
    """
    level = make_level("#HB  D#")
    move = last_move(level, "r")
    assert move.cost == 1 and move.rules == ("R-A3", "R-E1")
    assert move.state == state((0, 1), boulders=((0, 3),), parity=1)


def test_r_a3_pushes_never_chain() -> None:
    """R-A3: a boulder behind a boulder blocks it; nothing moves, still cost 1.

    #HBB D#
    """
    level = make_level("#HBB D#")
    move = last_move(level, "r")
    assert move.cost == 1 and move.rules == ("R-A3", "R-E1")
    assert move.state == state((0, 1), boulders=((0, 2), (0, 3)), parity=1)


def test_r_a4_kick_skeleton_moves_it() -> None:
    """R-A4: a skeleton with a free cell behind it moves there; the hero stays; cost 1.

    #HM  D#
    """
    level = make_level("#HM  D#")
    move = last_move(level, "r")
    assert move.cost == 1 and move.rules == ("R-A4", "R-E1")
    assert move.state == state((0, 1), skeletons=((0, 3),), parity=1)


@pytest.mark.parametrize(
    ("grid", "hero", "boulders"),
    [
        pytest.param("#HM#D", (0, 1), (), id="wall"),
        pytest.param("D HM", (0, 2), (), id="outside"),
        pytest.param("#HMB D#", (0, 1), ((0, 3),), id="boulder"),
    ],
)
def test_r_a4_kick_skeleton_into_obstacle_destroys_it(
    grid: str, hero: tuple[int, int], boulders: tuple[tuple[int, int], ...]
) -> None:
    """R-A4: a skeleton kicked into a wall, the outside or a boulder is destroyed; cost 1."""
    level = make_level(grid)
    move = last_move(level, "r")
    assert move.cost == 1 and move.rules == ("R-A4", "R-E1")
    assert move.state == state(hero, boulders=boulders, parity=1)


def test_r_a5_step_and_take_key() -> None:
    """R-A5: stepping moves the hero; entering the key cell takes the key; cost 1.

    # HK D#
    """
    level = make_level("# HK D#")
    floor = last_move(level, "l")
    assert floor.cost == 1 and floor.rules == ("R-A5", "R-E1")
    assert floor.state == state((0, 1), parity=1)
    key = last_move(level, "r")
    assert key.cost == 1 and key.rules == ("R-A5", "R-E1")
    assert key.state == state((0, 3), has_key=True, parity=1)


# ---------------------------------------------------------------------------------------------
# Section 4: end of every action


def test_r_e1_every_action_flips_parity() -> None:
    """R-E1: k increases by 1 after every kind of action, whatever it did.

    #######
    #K HBM#     d bump the lock, r kick the boulder (stuck), l l take the key, r r back,
    ###L###     d open the lock and step in, d kick the skeleton into the wall
    ###M#D#
    #######
    """
    level = make_level("""
        #######
        #K HBM#
        ###L###
        ###M#D#
        #######
        """)
    expected = ["R-A1", "R-A3", "R-A5", "R-A5", "R-A5", "R-A5", "R-A2", "R-A4"]
    current = level.start
    plan = parse_plan("drllrrdd")
    for count, (letter, rule) in enumerate(zip(plan, expected, strict=True), start=1):
        outcome = step(level, current, letter)
        assert isinstance(outcome, Move), (count, letter)
        assert outcome.rules[:2] == (rule, "R-E1")
        current = outcome.state
        assert current.parity == count % 2
    assert current == state(
        (2, 3), boulders=((1, 4),), skeletons=((1, 5),), has_key=True, lock_closed=False
    )


def test_r_e1_spikes_never_change() -> None:
    """R-E1/R-E3: static spikes hurt after every action, odd or even (cost 2 each time).

    #HSB#       step onto S, then kick the stuck boulder three times
    """
    level = make_level("#HSB#D")
    final, costs = play(level, "rrrr")
    assert costs == [2, 2, 2, 2]
    assert final == state((0, 2), boulders=((0, 3),), parity=0)


def test_r_e2_reported_only_when_a_skeleton_dies() -> None:
    """R-E2: the rule id appears exactly when a skeleton is destroyed at the end of an action."""
    dies = last_move(make_level("#HMS D#"), "r")
    lives = last_move(make_level("#HM  D#"), "r")
    assert "R-E2" in dies.rules and not dies.state.skeletons
    assert "R-E2" not in lives.rules and lives.state.skeletons


@pytest.mark.parametrize(
    ("grid", "letters", "rule"),
    [
        # #HUL D#   step onto U (raised now: drops, cost 1), bump: U rises after action 2
        pytest.param("#HUL D#", "rr", "R-A1", id="bump-lock"),
        # #HUB# D   step onto U, kick the stuck boulder: U rises after action 2
        pytest.param("#HUB#D", "rr", "R-A3", id="kick-boulder"),
        # #HUM  D#  step onto U, kick the skeleton away: U rises after action 2
        pytest.param("#HUM  D#", "rr", "R-A4", id="kick-skeleton"),
    ],
)
def test_r_e3_damage_on_kicks_and_bumps(grid: str, letters: str, rule: str) -> None:
    """R-E3: a hero who stays on a trap that rises at the end of the action pays 1 more."""
    level = make_level(grid)
    _, costs = play(level, letters)
    assert costs == [1, 2]
    assert last_move(level, letters).rules == (rule, "R-E1", "R-E3")


# ---------------------------------------------------------------------------------------------
# Consequences R-T1..R-T3


@pytest.mark.parametrize(("trap", "costs"), [("T", [2, 1, 2, 1]), ("U", [1, 2, 1, 2])])
def test_r_t1_trap_phase_follows_action_parity(trap: str, costs: list[int]) -> None:
    """R-T1: T is raised after an odd number of actions, U after an even number.

    #H?L D#     step onto the trap, then bump the lock three times: the cost of each action
                shows whether the trap is raised once that action is done.
    """
    level = make_level(f"#H{trap}L D#")
    _, spent = play(level, "rrrr")
    assert spent == costs


@pytest.mark.parametrize(
    ("trap", "waits", "cost"),
    [
        pytest.param("T", "", 2, id="T-lowered-now"),
        pytest.param("U", "", 1, id="U-raised-now"),
        pytest.param("T", "u", 1, id="T-raised-now-after-a-wait"),
        pytest.param("U", "u", 2, id="U-lowered-now-after-a-wait"),
    ],
)
def test_r_t2_stepping_onto_a_trap(trap: str, waits: str, cost: int) -> None:
    """R-T2: onto a trap lowered now costs 2 (it rises), onto a trap raised now costs 1.

    #L#####
    #H?  D#     `u` bumps the lock: a wait that flips the parity
    """
    level = make_level(f"""
        #L#####
        #H{trap}  D#
        """)
    move = last_move(level, waits + "r")
    assert move.cost == cost
    assert move.state.hero == (1, 2)


@pytest.mark.parametrize(
    "grid",
    [
        pytest.param("#HL D#", id="bump-lock-without-key"),
        pytest.param("#HB#D", id="kick-stuck-boulder"),
    ],
)
def test_r_t3_waits(grid: str) -> None:
    """R-T3: a wait spends 1, flips the parity and changes nothing else."""
    level = make_level(grid)
    move = last_move(level, "r")
    assert move.cost == 1
    assert move.state == waited(level)
    again = step(level, move.state, Direction.RIGHT)
    assert isinstance(again, Move) and again.state == level.start


def test_r_t3_wall_is_not_a_wait() -> None:
    """R-T3/R-A0: walking into a wall is no action at all (no new state, no cost, no toggle).

    #H#D
    """
    level = make_level("#H#D")
    assert isinstance(step(level, level.start, Direction.RIGHT), NotAnAction)


# ---------------------------------------------------------------------------------------------
# Section 6: cost table

COST_TABLE = [
    # (situation, grid, letters; the cost is the last letter's; None = not an action)
    ("step to floor", "#H  D#", "r", 1),
    ("step to key", "#HK D#", "r", 1),
    ("step to opened lock", "#KHL  D#", "lrrlr", 1),
    ("step onto static spikes", "#HS D#", "r", 2),
    ("step onto a trap lowered now", "#HT D#", "r", 2),
    ("step onto a trap raised now", "#HU D#", "r", 1),
    ("kick a skeleton that moves", "#HM  D#", "r", 1),
    ("kick a skeleton that dies", "#HM#D", "r", 1),
    ("kick a skeleton from spikes", "#HSM  D#", "rr", 2),
    ("kick a skeleton from a trap raised after the toggle", "#HUM  D#", "rr", 2),
    ("kick a boulder that moves", "#HB  D#", "r", 1),
    ("kick a boulder that cannot move", "#HBB D#", "r", 1),
    ("kick a boulder from spikes", "#HSB#D", "rr", 2),
    ("bump the closed lock without key", "#HL D#", "r", 1),
    ("bump the closed lock from spikes", "#HSL D#", "rr", 2),
    ("walk into the lock with the key", "#KHL D#", "lrr", 1),
    ("walk into a wall", "#H#D", "r", None),
    ("walk outside", "D H", "r", None),
    ("walk into a demon", "H D", "rr", None),
]


@pytest.mark.parametrize(
    ("grid", "letters", "cost"),
    [pytest.param(grid, letters, cost, id=name) for name, grid, letters, cost in COST_TABLE],
)
def test_cost_table(grid: str, letters: str, cost: int | None) -> None:
    """Section 6: the cost of each situation (damage included)."""
    level = make_level(grid)
    before, _ = play(level, letters[:-1])
    outcome = step(level, before, Direction(letters[-1]))
    if cost is None:
        assert isinstance(outcome, NotAnAction)
    else:
        assert isinstance(outcome, Move) and outcome.cost == cost


# ---------------------------------------------------------------------------------------------
# What a key press reports: one structured event per thing that happened, in order

EVENT_TABLE = [
    # (situation, grid, letters; the events of the last letter)
    ("bump the closed lock", "#HL D#", "r", [Event(Happening.LOCK_BUMPED, (0, 2))]),
    ("open the lock", "#KHL D#", "lrr", [Event(Happening.LOCK_OPENED, (0, 3))]),
    ("kick a boulder that moves", "#HB  D#", "r",
     [Event(Happening.BOULDER_MOVED, (0, 2), (0, 3))]),
    ("kick a boulder that cannot move", "#HBB D#", "r", [Event(Happening.BOULDER_STUCK, (0, 2))]),
    ("kick a skeleton that moves", "#HM  D#", "r",
     [Event(Happening.SKELETON_MOVED, (0, 2), (0, 3))]),
    ("kick a skeleton into a wall", "#HM#D", "r", [Event(Happening.SKELETON_SMASHED, (0, 2))]),
    ("step to floor", "#H  D#", "r", [Event(Happening.HERO_STEPPED, (0, 2))]),
    ("take the key", "#HK D#", "r",
     [Event(Happening.HERO_STEPPED, (0, 2)), Event(Happening.KEY_TAKEN, (0, 2))]),
    ("a skeleton kicked onto spikes dies at the toggle", "#HMS D#", "r",
     [Event(Happening.SKELETON_MOVED, (0, 2), (0, 3)), Event(Happening.SKELETON_IMPALED, (0, 3))]),
    ("step onto spikes", "#HS D#", "r",
     [Event(Happening.HERO_STEPPED, (0, 2)), Event(Happening.HERO_HURT, (0, 2))]),
]


@pytest.mark.parametrize(
    ("grid", "letters", "events"),
    [pytest.param(grid, letters, events, id=name) for name, grid, letters, events in EVENT_TABLE],
)
def test_events_say_what_happened(grid: str, letters: str, events: list[Event]) -> None:
    """Sections 3-4: the simulator reports each outcome as events (the validator words them)."""
    assert list(last_move(make_level(grid), letters).events) == events


# ---------------------------------------------------------------------------------------------
# Section 7: edge cases


def test_e1_skeleton_kicked_onto_spikes() -> None:
    """E1: the skeleton moves onto static spikes and is destroyed in the same action.

    #HMS D#
    """
    level = make_level("#HMS D#")
    move = last_move(level, "r")
    assert move.cost == 1
    assert move.rules == ("R-A4", "R-E1", "R-E2")
    assert move.state == state((0, 1), parity=1)


@pytest.mark.parametrize(
    ("trap", "waits"),
    [pytest.param("T", "", id="T-after-1-action"), pytest.param("U", "u", id="U-after-2-actions")],
)
def test_e2_skeleton_kicked_onto_trap_raised_after_toggle(trap: str, waits: str) -> None:
    """E2: onto a trap that is raised once this action's toggle is done: destroyed now.

    #L#####
    #HM? D#     (`u` bumps the lock first so that U is raised after the kick)
    """
    level = make_level(f"""
        #L#####
        #HM{trap} D#
        """)
    move = last_move(level, waits + "r")
    assert move.cost == 1
    assert "R-E2" in move.rules
    assert move.state == state((1, 1), lock_closed=True, parity=len(waits + "r") % 2)


@pytest.mark.parametrize(
    ("trap", "waits"),
    [pytest.param("U", "", id="U-after-1-action"), pytest.param("T", "u", id="T-after-2-actions")],
)
def test_e3_skeleton_survives_the_kick_and_dies_at_the_end_of_the_next_action(
    trap: str, waits: str
) -> None:
    """E3: onto a trap lowered after this toggle: alive now, destroyed when it rises next action.

    #L######
    #HM?  D#
    """
    level = make_level(f"""
        #L######
        #HM{trap}  D#
        """)
    kicked = last_move(level, waits + "r")
    parity = len(waits + "r") % 2
    assert kicked.cost == 1 and "R-E2" not in kicked.rules
    assert kicked.state == state((1, 1), skeletons=((1, 3),), lock_closed=True, parity=parity)
    # Next action (a step that does not touch the skeleton): the trap rises under it.
    nxt = step(level, kicked.state, Direction.RIGHT)
    assert isinstance(nxt, Move)
    assert nxt.cost == 1 and nxt.rules == ("R-A5", "R-E1", "R-E2")
    assert nxt.state == state((1, 2), lock_closed=True, parity=1 - parity)


def test_e3_kicking_the_skeleton_off_the_trap_saves_it() -> None:
    """E3: a skeleton on a lowered trap that is kicked off in the next action survives.

    #HU  D#     state built directly: hero (0,1), skeleton on the U at (0,2), one action taken
                (U is lowered). In play a kick leaves the hero two cells from the skeleton, so
                the state is set up by hand rather than reached.
    """
    level = make_level("#HU  D#")
    doomed = state((0, 1), skeletons=((0, 2),), parity=1)
    assert not level.hurts((0, 2), 1) and level.hurts((0, 2), 0)
    move = step(level, doomed, Direction.RIGHT)
    assert isinstance(move, Move)
    assert move.cost == 1 and move.rules == ("R-A4", "R-E1")
    assert move.state == state((0, 1), skeletons=((0, 3),), parity=0)


def test_e4_skeleton_kicked_into_another_skeleton() -> None:
    """E4: the kicked skeleton is destroyed, the other one stays.

    #HMM D#
    """
    level = make_level("#HMM D#")
    move = last_move(level, "r")
    assert move.cost == 1
    assert move.state == state((0, 1), skeletons=((0, 3),), parity=1)


@pytest.mark.parametrize(
    ("grid", "lock_closed"),
    [pytest.param("#HML D#", True, id="closed-lock"), pytest.param("#HMD#", False, id="demon")],
)
def test_e5_skeleton_kicked_into_lock_or_demon(grid: str, lock_closed: bool) -> None:
    """E5: a skeleton kicked into the closed lock or a demon is destroyed (the lock stays)."""
    level = make_level(grid)
    move = last_move(level, "r")
    assert move.cost == 1
    assert move.state == state((0, 1), lock_closed=lock_closed, parity=1)


def test_e6_skeleton_kicked_onto_key_cell() -> None:
    """E6: the skeleton moves onto the key cell; the key stays and is taken later.

    #HMK  D#    kick (r), step (r), kick the skeleton off the key (r), take the key (r)
    """
    level = make_level("#HMK  D#")
    on_key = last_move(level, "r")
    assert on_key.cost == 1
    assert on_key.state == state((0, 1), skeletons=((0, 3),), parity=1)
    assert level.key == (0, 3)
    final, costs = play(level, "rrrr")
    assert costs == [1, 1, 1, 1]
    assert final == state((0, 3), skeletons=((0, 4),), has_key=True, parity=0)


def test_e7_boulder_kicked_onto_key_cell() -> None:
    """E7: the key cell is free for objects; the boulder moves there, the key is not taken.

    #HBK D#
    """
    level = make_level("#HBK D#")
    move = last_move(level, "r")
    assert move.cost == 1
    assert move.state == state((0, 1), boulders=((0, 3),), parity=1)


@pytest.mark.parametrize("cell", ["S", "T", "U"])
def test_e8_boulder_kicked_onto_spikes_or_trap(cell: str) -> None:
    """E8: spikes and traps in either phase are free for a boulder.

    #HB? D#
    """
    level = make_level(f"#HB{cell} D#")
    move = last_move(level, "r")
    assert move.cost == 1
    assert move.state == state((0, 1), boulders=((0, 3),), parity=1)


def test_e8_boulder_kicked_onto_opened_lock_cell() -> None:
    """E8: once opened, the lock cell is free for a boulder.

    ######D     take the key (l), back (r), open the lock (r), go round (r d d l)
    #KHL ##     and kick the boulder up into the opened lock cell (u)
    ###B ##
    ###  ##
    #######
    """
    level = make_level("""
        ######D
        #KHL ##
        ###B ##
        ###  ##
        #######
        """)
    final, costs = play(level, "lrrrddlu")
    assert costs == [1] * 8
    assert final == state((3, 3), boulders=((1, 3),), has_key=True, lock_closed=False, parity=0)


def test_e8_trap_under_a_boulder_keeps_toggling() -> None:
    """E8/R-E1: the trap under a boulder flips while covered.

    #L#####
    #HP  D#     P = boulder on a trap lowered at the start.
    u: bump the lock (a wait; the covered trap rises), r: kick the boulder off (the trap drops),
    r: step onto the trap, lowered now, so it rises and costs 2. Had the covered trap been
    frozen during the wait, it would be raised now and cost 1.
    """
    level = make_level("""
        #L#####
        #HP  D#
        """)
    final, costs = play(level, "urr")
    assert costs == [1, 1, 2]
    assert final == state((1, 2), boulders=((1, 3),), lock_closed=True, parity=1)


@pytest.mark.parametrize(
    ("grid", "hero"),
    [
        pytest.param("#HB#D", (0, 1), id="wall"),
        pytest.param("D HB", (0, 2), id="outside"),
        pytest.param("#HBD#", (0, 1), id="demon"),
        pytest.param("#HBB D#", (0, 1), id="boulder"),
        pytest.param("#HBM D#", (0, 1), id="skeleton"),
        pytest.param("#HBL D#", (0, 1), id="closed-lock"),
    ],
)
def test_e9_boulder_kicked_toward_obstacle_stays(grid: str, hero: tuple[int, int]) -> None:
    """E9: toward a wall, the outside, a demon, a boulder, a skeleton or the closed lock the
    boulder stays; the kick still costs 1 and flips the parity."""
    level = make_level(grid)
    move = last_move(level, "r")
    assert move.cost == 1 and move.rules == ("R-A3", "R-E1")
    assert move.state == waited(level)
    assert move.state.hero == hero


@pytest.mark.parametrize(
    ("grid", "expected"),
    [
        pytest.param("#HSB D#", state((0, 2), boulders=((0, 4),)), id="boulder-moves"),
        pytest.param("#HSB#D", state((0, 2), boulders=((0, 3),)), id="boulder-stuck"),
        pytest.param("#HSM D#", state((0, 2), skeletons=((0, 4),)), id="skeleton"),
        pytest.param("#HSL D#", state((0, 2), lock_closed=True), id="lock-bump"),
    ],
)
def test_e10_kick_while_standing_on_spikes_costs_2(grid: str, expected: State) -> None:
    """E10: step onto spikes (2), then kick or bump from there: 2 again (R-E3).

    #HS?..
    """
    level = make_level(grid)
    final, costs = play(level, "rr")
    assert costs == [2, 2]
    assert final == expected


def test_e11_damage_does_not_toggle_traps() -> None:
    """E11: spikes cost 2 but count as one action for the traps.

    #HST  D#    r onto spikes (2); r onto T: one action done, so T is raised now and costs 1.
                If the damage had toggled again, T would be lowered now and cost 2.
    """
    level = make_level("#HST  D#")
    final, costs = play(level, "rr")
    assert costs == [2, 1]
    assert final == state((0, 3), parity=0)


CORRIDOR = """
    ######
    #H  D#
    ######
    """


def test_e12_goal_before_last_letter_rejects_trailing_letters() -> None:
    """E12/R-G2: the level ends at the first goal action; letters after it are rejected.

    ######
    #H  D#      goal cell (1,3) is reached at letter 2
    ######
    """
    level = make_level(CORRIDOR)
    assert validate(level, parse_plan("rr")).valid
    one = validate(level, parse_plan("rrl"))
    assert not one.valid and one.goal_at == 2
    assert one.reason == "goal reached at letter 2, 1 trailing letter (R-G2)"
    # Leaving the goal and coming back does not help: the level ended at letter 2.
    back = validate(level, parse_plan("rrlr"))
    assert not back.valid and back.goal_at == 2
    assert back.reason == "goal reached at letter 2, 2 trailing letters (R-G2)"


def test_e13_counter_below_zero_rejects_at_that_action() -> None:
    """E13/R-G3: the plan fails at the first letter that takes the total over the budget."""
    level = make_level(CORRIDOR, budget=1)
    verdict = validate(level, parse_plan("rr"))
    assert not verdict.valid and verdict.failed_at == 2 and verdict.cost == 2
    assert verdict.reason == "letter 2 'r': budget exceeded, 2 > 1 (R-G3)"


def test_e13_damage_of_the_winning_action_is_charged() -> None:
    """E13/R-G3 (R-G3' off): stepping onto spikes next to the demon costs 2, even as the win.

    #HSD#
    """
    tight = make_level("#HSD#", budget=1)
    verdict = validate(tight, (Direction.RIGHT,))
    assert not verdict.valid
    assert verdict.reason == "letter 1 'r': budget exceeded, 2 > 1 (R-G3)"
    exact = validate(make_level("#HSD#", budget=2), (Direction.RIGHT,))
    assert exact.valid and exact.cost == 2  # R-G3: ending at exactly 0 is a win


def test_e13_zero_budget_and_empty_plan() -> None:
    """R-G2/R-G3: budget 0 with the hero already next to the demon: the empty plan wins."""
    level = make_level("#HD#", budget=0)
    verdict = validate(level, parse_plan(""))
    assert verdict.valid and verdict.cost == 0 and verdict.goal_at == 0
