"""The validator (R-A0, R-G1..R-G3) on seed plans and on its message contract."""

from __future__ import annotations

import pytest
from helpers import SHARED_ABSENT, make_level, shared_level, shared_path

from strips_model.errors import PlanError
from strips_model.moves import ALPHABETS, Direction, format_plan, parse_plan
from strips_model.simulator import Event, Happening, Obstacle
from strips_model.validator import event_text, obstacle_text, validate


def test_seed_003_level1_is_valid_at_23(published_plans) -> None:
    """R-G1..R-G3: seed 003's level 1 plan reaches the demon exactly at its last letter, cost 23.

    Traced by hand: 3 kicks clear the skeleton row (the last one into the wall at (2,1)), two
    boulders are kicked aside and the hero ends at (6,6), left of the demon at (6,7).
    """
    if not published_plans:
        pytest.skip(SHARED_ABSENT)
    (plan,) = [plan for plan in published_plans if plan.source.startswith("seed 003")]
    level = shared_level(f"levels/{plan.level}")
    verdict = validate(level, parse_plan(plan.letters))
    assert verdict.valid, verdict.reason
    assert verdict.cost == 23 == level.budget
    assert verdict.goal_at == verdict.letters == 23
    assert verdict.trace[-1].state.hero == (6, 6)


def test_published_plan_is_copied_from_its_seed(published_plan) -> None:
    """Test data: every plan of the table occurs verbatim in its seed, next to its map name."""
    seed = "003" if published_plan.source.startswith("seed 003") else "000"
    (path,) = shared_path("seeds").glob(f"{seed}_*.txt")
    text = path.read_text("utf-8")
    plan = published_plan.letters
    name = published_plan.level.rsplit("/", 1)[1].removesuffix(".txt")
    if seed == "003":
        assert plan in text
    elif published_plan.level.startswith("classic/"):
        assert f"\n{name}\t{plan}\t" in text
    else:
        # The test maps are laid out as a "maps" row directly followed by its "plans" row.
        lines = text.splitlines()
        pairs = {
            map_name: map_plan
            for above, below in zip(lines, lines[1:], strict=False)
            if above.startswith("maps\t") and below.startswith("plans\t")
            for map_name, map_plan in zip(above.split("\t")[1:], below.split("\t")[1:],
                                          strict=False)
        }
        assert pairs[name] == plan


def test_published_plan_verdict(published_plan) -> None:
    """R-A0, R-G1..R-G3: each published plan is valid within the budget, or rejected with the
    exact reason the table gives (seed 000's plans for levels 3, 6 and 8)."""
    level = shared_level(f"levels/{published_plan.level}")
    alphabet = published_plan.alphabet
    directions = parse_plan(published_plan.letters, alphabet=alphabet)
    verdict = validate(level, directions, alphabet=alphabet)
    if published_plan.rejected is None:
        assert verdict.valid, verdict.reason
        assert verdict.goal_at == len(directions)
        assert verdict.cost <= level.budget
    else:
        assert not verdict.valid
        assert verdict.reason == published_plan.rejected


# ---------------------------------------------------------------------------------------------
# Messages of the CLI contract, on a drawn corridor

BOX = """
    ######
    #H  D#
    ######
    """


def test_r_a0_message() -> None:
    """R-A0: `letter N 'x': hero at (r,c) walks into a wall at (r,c) (R-A0)`."""
    verdict = validate(make_level(BOX), parse_plan("ru"))
    assert not verdict.valid and verdict.rule == "R-A0" and verdict.failed_at == 2
    assert verdict.reason == "letter 2 'u': hero at (1,2) walks into a wall at (0,2) (R-A0)"
    assert verdict.cost == 1  # only the applied letter is counted


def test_r_a0_message_outside() -> None:
    """R-A0/F3: the outside of an unenclosed grid is named as such."""
    verdict = validate(make_level("#H  D"), parse_plan("u"))
    assert verdict.reason == (
        "letter 1 'u': hero at (0,1) walks into the outside of the grid at (-1,1) (R-A0)"
    )


def test_r_g3_message() -> None:
    """R-G3: `letter N 'x': budget exceeded, A > B (R-G3)`."""
    verdict = validate(make_level(BOX, budget=1), parse_plan("rr"))
    assert not verdict.valid and verdict.rule == "R-G3"
    assert verdict.reason == "letter 2 'r': budget exceeded, 2 > 1 (R-G3)"


def test_r_g2_message() -> None:
    """R-G2: trailing letters after the goal."""
    verdict = validate(make_level(BOX), parse_plan("rrll"))
    assert not verdict.valid and verdict.rule == "R-G2" and verdict.goal_at == 2
    assert verdict.reason == "goal reached at letter 2, 2 trailing letters (R-G2)"


def test_r_g1_message() -> None:
    """R-G1: a plan that stops short of the demon."""
    verdict = validate(make_level(BOX), parse_plan("r"))
    assert not verdict.valid and verdict.rule == "R-G1" and verdict.goal_at is None
    assert verdict.reason == "plan ends with the hero at (1,2), not next to a demon (R-G1)"


def test_empty_plan_when_hero_starts_next_to_demon() -> None:
    """R-G2: starting next to a demon, the empty plan is the solution and any letter trails."""
    level = make_level("""
        #####
        #HD #
        #####
        """)
    verdict = validate(level, ())
    assert verdict.valid and verdict.cost == 0 and verdict.goal_at == 0
    trailing = validate(level, parse_plan("d"))
    assert not trailing.valid
    assert trailing.reason == "goal reached at letter 0 (the start), 1 trailing letter (R-G2)"


def test_empty_plan_elsewhere_is_r_g1() -> None:
    """R-G1: the empty plan is no solution when the hero starts away from the demons."""
    verdict = validate(make_level(BOX), ())
    assert not verdict.valid
    assert verdict.reason == "plan ends with the hero at (1,1), not next to a demon (R-G1)"


def test_french_alphabet() -> None:
    """F2: `d` is right (droite) in fr and down in en; messages quote the plan's own letters."""
    level = make_level(BOX)
    assert parse_plan("hbgd", alphabet="fr") == ("u", "d", "l", "r")
    assert parse_plan("hbgd", alphabet="fr") == tuple(Direction)
    french = validate(level, parse_plan("dd", alphabet="fr"), alphabet="fr")
    assert french.valid and french.cost == 2
    english = validate(level, parse_plan("dd", alphabet="en"))
    assert not english.valid
    assert english.reason == "letter 1 'd': hero at (1,1) walks into a wall at (2,1) (R-A0)"
    wall = validate(level, parse_plan("dh", alphabet="fr"), alphabet="fr")
    assert wall.reason == "letter 2 'h': hero at (1,2) walks into a wall at (0,2) (R-A0)"
    assert format_plan(tuple(Direction), "fr") == "hbgd"


# ---------------------------------------------------------------------------------------------
# Key presses (F2) and the words of a trace


def test_a_direction_is_its_english_letter() -> None:
    """F2: `Direction.UP == "u"`, so plans join into their English text."""
    assert [str(direction) for direction in Direction] == ["u", "d", "l", "r"]
    assert Direction("r") is Direction.RIGHT and Direction.RIGHT == "r"
    assert "".join(parse_plan("U, d\nl r")) == "udlr"
    assert [direction.delta for direction in Direction] == [(-1, 0), (1, 0), (0, -1), (0, 1)]
    assert {"".join(letters.values()) for letters in ALPHABETS.values()} == {"udlr", "hbgd"}


def test_directions_name_the_pddl_objects() -> None:
    """The model's `dir` objects are `up`, `down`, `left`, `right`, read back in any case."""
    assert [direction.pddl_name for direction in Direction] == ["up", "down", "left", "right"]
    assert Direction.of_pddl_name("LEFT") is Direction.LEFT
    assert Direction.of_pddl_name("wall") is None


def test_a_letter_outside_the_alphabet_is_placed() -> None:
    """F2: the error names the letter, the alphabet and where the letter stands."""
    with pytest.raises(PlanError) as caught:
        parse_plan("hb\nhx", alphabet="fr", source="p.txt")
    assert str(caught.value) == "p.txt:2:2: letter 'x' is not in the 'fr' alphabet 'hbgd' (F2)"


EVENT_SENTENCES = [
    (Event(Happening.LOCK_BUMPED, (1, 2)), "bumps the closed lock at (1,2) without the key"),
    (Event(Happening.LOCK_OPENED, (1, 2)), "opens the lock at (1,2) with the key and steps in"),
    (Event(Happening.BOULDER_MOVED, (1, 2), (1, 3)), "kicks the boulder from (1,2) to (1,3)"),
    (Event(Happening.BOULDER_STUCK, (1, 2)), "kicks the boulder at (1,2), which cannot move"),
    (Event(Happening.SKELETON_MOVED, (1, 2), (2, 2)), "kicks the skeleton from (1,2) to (2,2)"),
    (Event(Happening.SKELETON_SMASHED, (1, 2)),
     "kicks the skeleton at (1,2) into an obstacle: destroyed"),
    (Event(Happening.HERO_STEPPED, (1, 2)), "steps to (1,2)"),
    (Event(Happening.KEY_TAKEN, (1, 2)), "takes the key"),
    (Event(Happening.SKELETON_IMPALED, (3, 4)),
     "skeleton at (3,4) destroyed by spikes or a raised trap"),
    (Event(Happening.HERO_HURT, (1, 2)),
     "damage: the hero's cell (1,2) is spiked after the toggle"),
]


@pytest.mark.parametrize(("event", "sentence"), EVENT_SENTENCES,
                         ids=[event.happening.name for event, _ in EVENT_SENTENCES])
def test_each_event_has_its_sentence(event: Event, sentence: str) -> None:
    """The sentences `validate --trace` and the replay pictures show, one per event."""
    assert event_text(event) == sentence


def test_every_happening_and_obstacle_is_worded() -> None:
    assert {event.happening for event, _ in EVENT_SENTENCES} == set(Happening)
    assert [obstacle_text(obstacle) for obstacle in Obstacle] == [
        "a wall", "the outside of the grid", "a demon"]


def test_trace_steps_carry_sentences_only_when_explained() -> None:
    """`explain` words each letter's events; without it the trace carries none."""
    level = make_level("""
        ######
        #HKS D
        ######
        """)
    explained = validate(level, parse_plan("rr"), explain=True).trace
    assert [step.events for step in explained] == [
        ("steps to (1,2)", "takes the key"),
        ("steps to (1,3)", "damage: the hero's cell (1,3) is spiked after the toggle"),
    ]
    assert [step.events for step in validate(level, parse_plan("rr")).trace] == [(), ()]
