"""The static parts left once every other rule had its say (vocabulary/leftover_parts.py), on
the random-letter models of test_flag_parts.py: the wall a skeleton dies against among several
obstacles, the lock never opened in a model with a key, the demon of a model with no goal
block; a goal block that names a demon leaves an obstacle unread."""

from __future__ import annotations

from compare.vocabulary.test_flag_parts import FLAGGED, PHASED, roles


def test_an_obstacle_left_is_the_demon_of_a_model_with_no_goal_block() -> None:
    assert roles(FLAGGED)["demon"] == "dm"
    assert "demon" not in roles(FLAGGED, goal="hq(X, Y), gl(X, Y)")


def test_of_two_obstacles_the_wall_is_the_one_a_skeleton_dies_against() -> None:
    found = roles(PHASED)
    assert (found["wall"], found["lock"]) == ("wz", "lk")
    # With the kick against `lk` instead, the two trade places.
    crushed = PHASED.replace("sk(X', Y), wz(X'', Y)", "sk(X', Y), lk(X'', Y)")
    found = roles(crushed)
    assert (found["wall"], found["lock"]) == ("lk", "wz")


def test_spikes_a_skeleton_dies_on_and_an_obstacle_no_key_opens() -> None:
    text = FLAGGED + ("kpr(X, Y)\n    Precondition: hq(X, Y), sx(X, X'), sx(X', X''), "
                      "sk(X', Y), pk(X'', Y), -wz(X'', Y)\n    Effect: -sk(X', Y)\n")
    assert roles(text)["spikes"] == "pk"
    # With no key to take, the obstacle `lk` is no lock: the demon of a model with no goal
    # block, and nothing beside a goal block.
    keyless = PHASED.replace("ky(X', Y)\n    Effect: hq(X', Y, 1)",
                             "ky(X', Y)\n    Effect: hq(X', Y, 0)")
    found = roles(keyless)
    assert found["demon"] == "lk" and found.get("lock") != "lk"
    assert "lk" not in roles(keyless, goal="hq(X, Y), gl(X, Y)").values()


def test_a_guard_on_the_heros_own_cell_is_no_spikes_a_skeleton_dies_on() -> None:
    """`ln(X, Y)`, asked of the cell the hero kicks from (no demon next to it, R-G2), beside
    the spikes `pk` the skeleton lands on: only the second is the spikes."""
    kick = ("kpr(X, Y)\n    Precondition: hq(X, Y), ln(X, Y), sx(X, X'), sx(X', X''), "
            "sk(X', Y), pk(X'', Y), -wz(X'', Y)\n    Effect: -sk(X', Y)\n")
    found = roles(FLAGGED + kick)
    assert found["spikes"] == "pk" and "ln" not in found.values(), found
    # With the spikes unwritten, the guard is still none: no spikes are read at all.
    found = roles(FLAGGED + kick.replace(", pk(X'', Y)", ""))
    assert "ln" not in found.values(), found
