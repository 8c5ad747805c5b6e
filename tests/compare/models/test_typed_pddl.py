"""What a PDDL domain written for a planner brings that a course report does not, each of which
once gave a false verdict on such a model: types of its own (cells, directions and numbers
apart), the direction the last argument of a relation that names no direction constant, a
counter stepping a chain that no place needs, and an exactly-one slot (`doomed nowhere`) that
every move trades and the level must start with."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from compare.pddl_encoding import CANONICAL, domain_text
from helpers import make_level, shared_level
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from strips_model.errors import Position
from strips_model.reports.facts import GoalBlock
from strips_model.reports.vocabulary import parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from strips_model.schema import Literal, Parameter, Schema, Term, build_domain, parse_schemas
from translator.compare.check import our_model, set_up_model
from translator.compare.models.counter_steps import successor_numbers_places
from translator.compare.models.report_init import generated_init
from translator.compare.models.report_model import ReportModel
from translator.compare.models.report_planning import NUMBER_TYPE, goal_schemas, planning_facts
from translator.compare.models.start_flags import slots_at_start
from translator.compare.runs.level_comparison import compare_level
from translator.runtime.processes import Limits

_HERE = Position("domain.pddl")
_NAME = st.text("abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=6)


def _lit(predicate: str, *args: str, positive: bool = True) -> Literal:
    return Literal(predicate, tuple(Term(a, a[0].isupper()) for a in args), positive, _HERE)


def _schema(name: str, parameters: dict[str, str], pre: list[Literal],
            effects: list[Literal]) -> Schema:
    return Schema(name, tuple(Parameter(p, t) for p, t in parameters.items()), tuple(pre),
                  tuple(effects), 1, _HERE)


def _step(hero: str, slot: str, nowhere: str, cell: str = "cell") -> Schema:
    """A step that needs the slot filled somewhere and leaves it at `nowhere`."""
    return _schema("step", {"H": cell, "T": cell, "X": cell, "D": "dir"},
                   [_lit(hero, "H"), _lit("next", "H", "T", "D"), _lit(slot, "X")],
                   [_lit(hero, "H", positive=False), _lit(hero, "T"),
                    _lit(slot, "X", positive=False), _lit(slot, nowhere)])


def test_the_games_goal_takes_the_type_of_the_heros_place() -> None:
    hero = _lit("at", "GOAL_0")
    goal = goal_schemas(GoalBlock((hero, _lit("goal_cell", "GOAL_0")), (), _HERE),
                        (_step("at", "slot", "nowhere", cell="square"),))
    assert [(p.name, p.type) for p in goal[0].parameters] == [("GOAL_0", "square")]
    # A model with no types of its own: the goal's variable stays untyped, as its schemas.
    untyped = goal_schemas(GoalBlock((hero,), (), _HERE))
    assert untyped[0].parameters[0].type != "square"


def test_each_value_takes_the_type_of_the_places_it_fills() -> None:
    domain = build_domain((_step("at", "slot", "nowhere"),), "domain.pddl")
    atoms = (("at", "c_1_1"), ("next", "c_1_1", "c_2_1", "right"), ("slot", "nowhere"))
    facts = planning_facts(atoms, parse_vocabulary("[roles]\nhero = \"at\"\n", "v.toml"),
                           domain, frozenset({"at", "next", "slot"}), frozenset({"next"}))
    assert facts.objects == {"cell": ("c_1_1", "c_2_1", "nowhere"), "dir": ("right",)}
    assert NUMBER_TYPE not in facts.objects


@settings(max_examples=20, derandomize=True, deadline=None)
@given(names=st.lists(_NAME, min_size=3, max_size=3, unique=True))
def test_a_slot_every_move_trades_starts_at_its_one_constant(names: list[str]) -> None:
    hero, slot, nowhere = names
    words = parse_vocabulary(f'[roles]\nhero = "{hero}"\n', "v.toml")
    assert slots_at_start((_step(hero, slot, nowhere),), words) == {(slot, nowhere)}
    # A move that may fill it without needing it: it need not start anywhere.
    filler = _schema("fill", {"H": "cell"}, [_lit(hero, "H")],
                     [_lit(hero, "H", positive=False), _lit(hero, "H"), _lit(slot, "H")])
    assert slots_at_start((_step(hero, slot, nowhere), filler), words) == frozenset()
    # Two constants written in it: which one starts is not told.
    other = _step(hero, slot, nowhere + "x")
    assert slots_at_start((_step(hero, slot, nowhere), other), words) == frozenset()


def test_the_directions_side_is_written_without_direction_constants() -> None:
    text = '[roles]\nhero = "at"\nadjacent = "next"\n\n[directions]\nargument = "last"\n'
    words = parse_vocabulary(text, "v.toml")
    assert not words.direction_first and not words.directions
    again = parse_vocabulary(vocabulary_toml(words, ()), "v.toml")
    assert not again.direction_first


def test_a_counter_chain_no_place_needs_ends_at_the_budget() -> None:
    """Cells as one term: the chain a counter counts up along is the counter's alone, and
    ends at the budget even where the level is wider."""
    level = make_level("###########\n#H       D#\n###########", budget=4)
    text = ('[roles]\nhero = "at"\ncounter = "used"\nsuccessor = "inc"\n\n'
            '[coordinates]\ncell = "c_{x}_{y}"\n')
    atoms, _ = generated_init(level, parse_vocabulary(text, "v.toml"), counting_up=True)
    chain = sorted(int(a[2]) for a in atoms if a[0] == "inc")
    assert chain[-1] == level.budget


_RESERVED = frozenset({"and", "not", "or", "when", "either", "object", "define", "domain",
                       "forall", "exists", "imply", "number"})
_NAMES = st.lists(st.text("abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=7).filter(
    lambda name: name not in _RESERVED), min_size=len(CANONICAL), max_size=len(CANONICAL),
    unique=True).map(lambda drawn: dict(zip(CANONICAL, drawn, strict=True)))


def _whole_model(tmp_path: Path, names: Mapping[str, str] | None = None) -> ReportModel:
    path = tmp_path / "domain.pddl"
    path.write_text(domain_text(names), encoding="utf-8")
    model = set_up_model(str(path), (shared_level("levels/classic/level2.txt"),)).model
    assert isinstance(model, ReportModel), model
    return model


# Each named a part after another's sort order: the slot `doomed` sorted before `boulder`
# (read as the boulder: kicks move it too), `spikes` before `key-cell` (read as the key: both
# static, stepped on at either parity).
_FOUND = ("aaaa aaab aaac aaad aaae aaaf aaag aaah aaai aaaj aaak aaal aaam aaan aaao aaap "
          "aaaq aaar aaas aaat aaau aaav aaaw",
          "aaaa rafi sgwr yijq zrig bqrkf cjrpv ggifw saedm zkuqi ahxkyq dfvjsd hbdvzl jwfcff "
          "xkexhe dppqikk dxlmqht iarnpmc jclwrgr szkwqsh ucfzebt vosoxwv xmdewrt")


@settings(max_examples=4, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(names=_NAMES)
@example(names=dict(zip(CANONICAL, _FOUND[0].split(), strict=True)))
@example(names=dict(zip(CANONICAL, _FOUND[1].split(), strict=True)))
def test_a_whole_typed_domain_is_read_by_what_its_actions_do(
        tmp_path: Path, names: Mapping[str, str]) -> None:
    """The key a static cell with a flag (not the slot the opening needs as every move
    does), the slot no part and set at the start, no floor read into the slot."""
    model = _whole_model(tmp_path, names)
    assert model.words is not None
    roles = dict(model.words.roles)
    for role, name in (("key", "key-cell"), ("has_key", "has-key"), ("lock", "locked"),
                       ("counter", "steps-left"), ("hero", "hero-at"), ("occupied", "occupied")):
        assert roles[role] == names[name], (role, roles)
    assert names["doomed"] not in roles.values() and "floor" not in roles
    assert (names["doomed"], names["nowhere"]) in model.true_at_start


@pytest.mark.planner
def test_a_whole_typed_domain_agrees(tmp_path: Path) -> None:
    """Its goal the game's, in the hero's own type; its objects of three types."""
    model = _whole_model(tmp_path)
    row = compare_level(model, our_model()[1], shared_level("levels/classic/level2.txt"), "fd",
                        Limits(120.0))
    assert row.verdict == "agrees", row.why


def test_a_counter_chain_the_places_do_not_step_ends_at_the_budget() -> None:
    """Cells as pairs stepped by arithmetic (`X + 1`, fresh model D): the successor is the
    counter's alone, and its chain ends at the budget even where the level is wider; a model
    stepping a coordinate along it needs it over the whole grid."""
    level = make_level("###########\n#H       D#\n###########", budget=4)
    text = '[roles]\nhero = "at"\ncounter = "used"\nsuccessor = "inc"\n'
    words = parse_vocabulary(text, "v.toml")
    atoms, _ = generated_init(level, words, counting_up=True, places_stepped=False)
    assert max(int(a[2]) for a in atoms if a[0] == "inc") == level.budget
    counter_only = parse_schemas("step(X, Y, N, M)\n    Precondition: at(X, Y), used(N), "
                                 "inc(N, M)\n    Effect: -used(N), used(M)\n", "m.txt")
    stepping = parse_schemas("step(X, Y, X2)\n    Precondition: at(X, Y), inc(X, X2)\n"
                             "    Effect: -at(X, Y), at(X2, Y)\n", "m.txt")
    assert not successor_numbers_places(counter_only, words)
    assert successor_numbers_places(stepping, words)
