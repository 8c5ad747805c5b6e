"""Parts names used to tell, found by what the actions do (vocabulary/flag_parts.py), on tiny
models whose every name is random letters: a trap written as two predicates the actions swap,
the key taken with a flag, the lock whose removal needs the flag; a trap written with a phase
no action changes, the key taken with a new state of the hero."""

from __future__ import annotations

from strips_model.schema import parse_schemas
from translator.compare.vocabulary.inference import infer_vocabulary

STEP = "hq(X, Y), sx(X, X')"
KICK = "hq(X, Y), sx(X, X'), sx(X', X''), sk(X', Y)"
FLAGGED = f"""
mvr(X, Y)
    Precondition: {STEP}, -wz(X', Y), -lk(X', Y)
    Effect: hq(X', Y), -hq(X, Y)
tkr(X, Y)
    Precondition: {STEP}, ky(X', Y), -fl
    Effect: hq(X', Y), -hq(X, Y), -ky(X', Y), fl
opr(X, Y)
    Precondition: {STEP}, fl, lk(X', Y)
    Effect: hq(X', Y), -hq(X, Y), -fl, -lk(X', Y)
kdr(X, Y)
    Precondition: {KICK}, ta(X'', Y)
    Effect: -sk(X', Y), tb(X'', Y), -ta(X'', Y)
kmr(X, Y)
    Precondition: {KICK}, tb(X'', Y)
    Effect: sk(X'', Y), -sk(X', Y), ta(X'', Y), -tb(X'', Y)
ksr(X, Y)
    Precondition: {KICK}, -dm(X'', Y), -wz(X'', Y)
    Effect: sk(X'', Y), -sk(X', Y)
kwr(X, Y)
    Precondition: {KICK}, wz(X'', Y)
    Effect: -sk(X', Y)
"""
"""A key giving a flag of no argument, the lock that needs it, a trap as two predicates (the
skeleton dies where `tb` is added: `tb` is raised) and an obstacle only pushes avoid."""
PHASED = """
mvr(X, Y)
    Precondition: hq(X, Y, 0), sx(X, X'), -wz(X', Y), -lk(X', Y)
    Effect: hq(X', Y, 0), -hq(X, Y, 0)
tkr(X, Y)
    Precondition: hq(X, Y, 0), sx(X, X'), ky(X', Y)
    Effect: hq(X', Y, 1), -hq(X, Y, 0), -ky(X', Y)
spr(X, Y, Z)
    Precondition: hq(X, Y, Z), sx(X, X'), sp(X', Y)
    Effect: hq(X', Y, Z), -hq(X, Y, Z)
tpr(X, Y, Z)
    Precondition: hq(X, Y, Z), sx(X, X'), tp(X', Y, 1)
    Effect: hq(X', Y, Z), -hq(X, Y, Z)
kwr(X, Y, Z)
    Precondition: hq(X, Y, Z), sx(X, X'), sx(X', X''), sk(X', Y), wz(X'', Y)
    Effect: -sk(X', Y)
ksr(X, Y, Z)
    Precondition: hq(X, Y, Z), sx(X, X'), sx(X', X''), sk(X', Y), -wz(X'', Y), -lk(X'', Y)
    Effect: sk(X'', Y), -sk(X', Y)
"""
"""A key taken with a new state of the hero (`hq(X', Y, 1)`), a lock never opened, spikes
and a trap written with the phase it is stepped on in (`tp(X', Y, 1)`)."""


def roles(text: str, goal: str = "") -> dict[str, str]:
    """The roles of the model `text` whose goal block names `goal` (literals, none when
    empty)."""
    schemas = parse_schemas(text, "m.txt")
    named = parse_schemas(f"g()\n    Precondition: {goal}\n    Effect: g\n", "goal.txt")[0] \
        .preconditions if goal else ()
    return dict(infer_vocabulary(schemas, "m.txt", bool(goal), goal=named).vocabulary.roles)


def test_the_key_its_flag_and_the_lock_are_told_by_what_the_actions_do() -> None:
    found = roles(FLAGGED)
    assert (found["key"], found["has_key"], found["lock"]) == ("ky", "fl", "lk")


def test_two_predicates_the_actions_swap_are_a_trap_raised_where_a_skeleton_dies() -> None:
    found = roles(FLAGGED)
    assert (found["trap_raised"], found["trap_lowered"]) == ("tb", "ta")
    swapped = FLAGGED.replace("tb", "tq").replace("ta", "tb").replace("tq", "ta")
    assert (roles(swapped)["trap_raised"], roles(swapped)["trap_lowered"]) == ("ta", "tb")


def test_a_key_taken_with_a_new_state_of_the_hero_and_a_trap_with_a_fixed_phase() -> None:
    found = roles(PHASED)
    assert (found["key"], found["trap"], found["spikes"]) == ("ky", "tp", "sp")
    assert "has_key" not in found


def test_a_name_still_breaks_a_tie_the_actions_leave() -> None:
    """Two place fluents swapped where no skeleton dies: their names say which is raised."""
    text = FLAGGED.replace("-sk(X', Y), tb(X'', Y)", "tb(X'', Y)").replace(
        "tb", "trapOn").replace("ta", "trapOff")
    found = roles(text)
    assert (found["trap_raised"], found["trap_lowered"]) == ("trapOn", "trapOff")
