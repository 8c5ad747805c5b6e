"""Counters counting up (issue 33, 5): `time(t)` deleted and `time(t+1)` added, or
`next(t, t2)` with `time(t2)` added, bounded by a `limit(N)`/`max(M)` fact holding the budget;
each level's Init starts them at 0, the search's bound is what their own guards allow, and a
slip diverges at the letter where it shows.

Models: tests/compare/models/counters/ (walks between walls, written for these tests); on the
classic levels, the team's textbook model (translator/measure/repair_models/textbook.txt) with
its counter turned to count up, by text substitution.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from helpers import ROOT, make_level, shared_level
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema, build_domain
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.counter_steps import allowance, counter_alone, counter_steps
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level
from translator.compare.runs.mechanic_boards import distinct_boards
from translator.compare.runs.state_bound import STATES
from translator.ground.exact_semantics import Grounder
from translator.model.level_facts import Facts

COUNTERS = Path(__file__).parent / "counters"
UP = ("up_limit.txt", "up_arithmetic.txt")
CORRIDOR = "#######\n#H   D#\n#######"
DETOUR = """
#######
#H    #
# ### #
#    D#
#######"""


def model_of(tmp_path: Path, text: str, name: str = "model.txt") -> ReportModel:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


def _verdict(model: ReportModel, grid: str, budget: int, states: int = STATES
             ) -> tuple[str, str]:
    found = compare_level(model, our_model()[1], make_level(grid, budget), "search",
                          states=states)
    return found.verdict, found.why


@pytest.mark.parametrize("name", UP)
def test_a_counter_counting_up_is_read_and_agrees(tmp_path: Path, name: str) -> None:
    model = model_of(tmp_path, (COUNTERS / name).read_text(encoding="utf-8"))
    assert model.counting_up and not model.left_out
    assert all(counter_steps(s, model.words).upward for s in model.exact.schemas)
    on_level = model.on(make_level(CORRIDOR, 3))
    assert ("time", "0") in on_level.initial() and on_level.cost_limit == 3
    assert _verdict(model, CORRIDOR, 3) == (
        "agrees", "its plan is valid in the game at the least cost, 3, and it follows the "
        "game along both plans; equal on all 4 states reachable within the budget")
    assert _verdict(model, CORRIDOR, 2)[0] == "agrees"  # neither finds a plan
    assert _verdict(model, DETOUR, 6)[0] == "agrees"


def _slipped(old: str, new: str) -> str:
    """up_limit.txt with `old` replaced by `new` in goRight only."""
    text = (COUNTERS / "up_limit.txt").read_text(encoding="utf-8")
    at = text.index("goRight")
    return text[:at] + text[at:].replace(old, new)


def test_a_step_that_takes_two_diverges_at_its_first_letter(tmp_path: Path) -> None:
    model = model_of(tmp_path, _slipped("next(t, t2)", "next(t, t1) ∧ next(t1, t2)").replace(
        "goRight(x, y, x2, t, t2, n)", "goRight(x, y, x2, t, t1, t2, n)"))
    verdict, why = _verdict(model, CORRIDOR, 3)
    assert verdict == "diverges"
    assert "letter 1 'r'" in why and "cost: 1 vs 2" in why


def test_a_value_deleted_and_none_added_leaves_its_schema_out(tmp_path: Path) -> None:
    model = model_of(tmp_path, _slipped("∧ time(t2) ∧ ¬time(t)", "∧ ¬time(t)"))
    assert [part.schema for part in model.left_out] == ["goRight"]
    verdict, why = _verdict(model, CORRIDOR, 3)
    assert verdict == "diverges" and "letter 1 'r'" in why and "left out" in why
    # Along the plans, which only go left, the rest of the model runs and agrees; on every
    # reachable state a key press right is missing.
    assert _verdict(model, "#######\n#D   H#\n#######", 3, states=0)[0] == "agrees"
    verdict, why = _verdict(model, "#######\n#D   H#\n#######", 3)
    assert verdict == "diverges" and "key presses 'lr'" in why and "left out" in why


def test_a_bound_one_too_loose_passes_the_budget_at_its_last_letter(tmp_path: Path) -> None:
    text = (COUNTERS / "up_limit.txt").read_text(encoding="utf-8").replace("t < n", "t <= n")
    model = model_of(tmp_path, text)
    assert model.on(make_level(CORRIDOR, 2)).cost_limit == 3
    verdict, why = _verdict(model, CORRIDOR, 2)
    assert verdict == "diverges" and "letter 3 'r': budget exceeded" in why


def test_a_counter_kept_above_zero_is_bounded_by_its_guard(tmp_path: Path) -> None:
    # Counting down with `t > 0` stops at 0: the search's bound is the budget, not one more,
    # so no plan one step too long is found and then refused by the model.
    model = model_of(tmp_path, (COUNTERS / "down_guarded.txt").read_text(encoding="utf-8"))
    assert not model.counting_up
    assert model.on(make_level(CORRIDOR, 2)).cost_limit == 2
    assert _verdict(model, CORRIDOR, 2) == ("agrees", "neither finds a plan within the budget; "
                                            "equal on all 3 states reachable within the budget")


@cache
def textbook(counting_up: bool) -> str:
    """The team's textbook model, its counter `steps(c)` counting down from the budget, or,
    with `counting_up`, up from 0 below `limit(l)`."""
    text = (ROOT / "translator/measure/repair_models/textbook.txt").read_text(encoding="utf-8")
    if not counting_up:
        return text
    text = text.replace("steps(c) ∧ ¬steps(0) ∧ ¬steps(1) ∧ succ(c1, c) ∧ succ(c2, c1)",
                        "steps(c) ∧ limit(l) ∧ c1 < l ∧ succ(c, c1) ∧ succ(c1, c2)")
    return text.replace("steps(c) ∧ ¬steps(0) ∧ succ(c2, c)",
                        "steps(c) ∧ limit(l) ∧ c < l ∧ succ(c, c2)")


@pytest.fixture(scope="module")
def textbook_counting_up(tmp_path_factory: pytest.TempPathFactory) -> ReportModel:
    """Read once for the module: reading the textbook model costs more than a level's run."""
    return model_of(tmp_path_factory.mktemp("textbook"), textbook(True))


@pytest.mark.planner
@pytest.mark.parametrize("number", [1, 4, 8])
def test_the_textbook_model_counting_up_agrees_on_the_classic_levels(
        textbook_counting_up: ReportModel, number: int) -> None:
    """Three of the nine, so the suite stays fast; test_counting.py takes three others. On
    the 500 cheapest states of each (the 848 schemas take 10 to 25 s for 5,000)."""
    model = textbook_counting_up
    assert model.counting_up and dict(model.words.roles)["counter_limit"] == "limit"
    level = shared_level(f"levels/classic/level{number}.txt")
    assert compare_level(model, our_model()[1], level, "search", states=500).verdict == "agrees"


def test_an_own_init_counting_up_gives_its_limit_as_the_budget(tmp_path: Path) -> None:
    text = (COUNTERS / "up_limit.txt").read_text(encoding="utf-8") + (
        "\nInit(hero(1, 1), demon(5, 1), time(0), limit(3), wall(0, 1), wall(6, 1),"
        " wall(1, 0), wall(2, 0), wall(3, 0), wall(4, 0), wall(5, 0), wall(1, 2), wall(2, 2),"
        " wall(3, 2), wall(4, 2), wall(5, 2), "
        + ", ".join(f"next({k}, {k + 1})" for k in range(7)) + ")\n")
    model = model_of(tmp_path, text)
    assert model.rebuilt is not None and model.init_defect is None
    assert model.rebuilt.level.budget == 3
    level = make_level(CORRIDOR, 3)
    assert model.on(level).init_note.startswith("its own Init")
    assert compare_level(model, our_model()[1], level, "search").verdict == "agrees"


def test_a_bound_written_as_a_value_never_reached_is_the_limit(tmp_path: Path) -> None:
    text = (COUNTERS / "up_limit.txt").read_text(encoding="utf-8")
    text = text.replace("limit(n) ∧ t < n", "¬max(t)").replace(", n)", ")")
    model = model_of(tmp_path, text)
    assert dict(model.words.roles)["counter_limit"] == "max" and model.counting_up
    assert ("max", "3") in model.on(make_level(CORRIDOR, 3)).static()
    assert _verdict(model, CORRIDOR, 3)[0] == _verdict(model, CORRIDOR, 2)[0] == "agrees"


def test_a_floor_written_as_a_value_never_reached_is_no_limit(tmp_path: Path) -> None:
    # `¬zero(t)` may keep a counter above 0 as well as below a bound: no name says a bound.
    text = (COUNTERS / "down_guarded.txt").read_text(encoding="utf-8")
    model = model_of(tmp_path, text.replace("t > 0", "¬zero(t)"))
    assert "counter_limit" not in dict(model.words.roles) and not model.counting_up


def _allowance_on_every_fact(schemas: tuple[Schema, ...], words: Vocabulary, facts: Facts,
                             ceiling: int) -> int | None:
    """`allowance` as it was, grounding on the level's facts whole: the oracle of the one
    kept by the few atoms it reads."""
    alone = counter_alone(schemas, words)
    if alone is None:
        return None
    grounder = Grounder(build_domain((alone,), "counter", strict=False), facts)
    state = frozenset(a for a in facts.initial if a[0] == words.predicate("counter"))
    taken = 0
    while taken < ceiling and (options := grounder.applicable(state)):
        state, taken = options[0].apply(state), taken + 1
    return taken


_MODELS = ("up_limit.txt", "up_arithmetic.txt", "down_guarded.txt", "textbook up",
           "textbook down")


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(_MODELS), board=st.integers(0, 10_000), budget=st.integers(0, 30),
       ceiling=st.integers(0, 31))
def test_the_counters_allowance_kept_by_what_it_reads_is_the_one_on_the_whole_facts(
        tmp_path: Path, name: str, board: int, budget: int, ceiling: int) -> None:
    """Kept per schema and the atoms it reads, the allowance answers every board and
    corridor, of any budget, as grounding on the whole of the level's facts does, counting
    up or down, asked first or again."""
    text = textbook(name.endswith("up")) if name.startswith("textbook") else \
        (COUNTERS / name).read_text(encoding="utf-8")
    model = model_of(tmp_path, text, name.replace(" ", "_") + ".txt")
    boards = distinct_boards()
    level = boards[board % len(boards)].level if name.startswith("textbook") else \
        make_level(CORRIDOR, budget)
    facts = model.on(level)._exact_facts  # what the model on the level grounds on
    expected = _allowance_on_every_fact(model.exact.schemas, model.words, facts, ceiling)
    for _ in range(2):
        assert allowance(model.exact.schemas, model.words, facts, ceiling) == expected
