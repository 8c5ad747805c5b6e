"""Seed report 001's model translated and compared with the game: names, readings, the
generated Init, the exact view, divergences and rule coverage."""

from __future__ import annotations

import re
from functools import cache

import pytest
from helpers import ROOT, make_level, shared_level, shared_path

from strips_model.level_file import load_level
from strips_model.moves import Direction
from strips_model.pddl_names import original_name, pddl_symbol
from strips_model.reports.document import Report, load_report
from strips_model.reports.init_level import report_vocabulary
from strips_model.schema import UNTYPED, helltaker_domain
from strips_model.validator import validate
from translator.compare.comparison import compare_level
from translator.compare.models.compared import compared_model
from translator.compare.models.report_init import generated_init
from translator.compare.models.report_model import ReportModel
from translator.compare.models.report_planning import constant_name, counter_cost
from translator.compare.runs.coverage import PROBE_STATES, PROBES, check_probe, distinct_probes
from translator.compare.runs.divergence import along_directions
from translator.compare.runs.model_run import accepts, search_exact, solve_model
from translator.compare.runs.state_space import compare_states
from translator.compare.runs.why_blocked import why_blocked
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.outcome import Status

REPORT = "seeds/001_1103b020ed6d817c.txt"
SEED_001 = report_vocabulary()


@cache
def _report() -> Report:
    return load_report(str(shared_path(REPORT)))


@cache
def _model() -> ReportModel:
    model = compared_model(_report(), "report")
    assert isinstance(model, ReportModel)
    return model


@cache
def _ours():  # type: ignore[no-untyped-def]
    return compared_model(load_report(str(ROOT / "strips_model" / "helltaker.strips")), "ours")


@pytest.mark.parametrize(("name", "letter"), [
    ("goUp", "u"), ("goDown", "d"), ("pushRockLeft", "l"), ("wallKillRight", "r"),
    ("obtainKeyDown", "d"), ("goUpOnOpenTrapWithChangingTrapOpen", "u"),
    ("rockKillLeftWhileOnTrap", "l"), ("waitHere", None),
])
def test_action_names_map_to_key_presses(name: str, letter: str | None) -> None:
    assert SEED_001.direction_of(name) == letter


SKELETON = SEED_001.required("skeleton")


def test_every_report_schema_has_a_direction_and_its_counter_cost() -> None:
    for schema in _report().schemas:
        assert SEED_001.direction_of(schema.name) is not None, schema.name
        effects = " ".join(map(str, schema.effects))
        # The text's own accounting: counter(C'') two steps below C, counter(C') one.
        expected = 2 if "counter(C'')" in effects else 1
        assert counter_cost(schema, SEED_001)[0] == expected, schema.name


def test_the_planning_view_keeps_the_models_names_and_has_no_object_type() -> None:
    # The one PDDL writer spells the names (strips_model/pddl_names.py); the view keeps them.
    planning = _model().planning
    names = {s.name for s in planning.schemas} | {p.name for p in planning.predicates}
    assert {"goUp", "plusOne", "helltaker"} <= names
    assert {original_name(pddl_symbol(name)) for name in names} == names
    assert UNTYPED not in planning.types() and planning.types() == ("num",)
    assert (constant_name("-1"), constant_name("43")) == ("m1", "n43")
    static = {"wall", "demon", "key", "openTrap", "plusOne"}
    for schema in planning.schemas:
        assert not any(not lit.positive and lit.predicate in static
                       for lit in schema.preconditions), schema.name
        assert not any(lit.predicate in ("counter", "plusOne") for lit in schema.effects)
    goals = [s for s in planning.schemas if s.name.startswith("reach_goal")]
    assert len(goals) == 4 and all(s.cost == 0 for s in goals)


def test_static_effect_literals_are_read_as_preconditions() -> None:
    go_up = next(s for s in _model().exact.schemas if s.name == "goUp")
    assert "plusOne(C', C)" in map(str, go_up.preconditions)
    assert not any(lit.predicate == "plusOne" for lit in go_up.effects)
    assert [p.name for p in go_up.parameters][-2:] == ["Y'", "C'"]


def test_generated_init_of_level6_is_the_reports_own_up_to_hand_listed_walls() -> None:
    level = shared_level("levels/classic/level6.txt")
    generated, notes = generated_init(level, SEED_001)
    assert notes == ()
    assert _report().init is not None
    own = {(a.predicate, *(t.name for t in a.args)) for a in _report().init.atoms}
    assert set(generated) <= own
    # The report lists three more walls; none of them touches a cell the hero can reach.
    reach = level.reachable_cells()
    for atom in own - set(generated):
        assert atom[0] == "wall"
        x, y = int(atom[1]), int(atom[2])
        row, column = level.height - 1 - y, x
        assert not any((row + dr, column + dc) in reach
                       for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def test_level6_uses_the_reports_own_init() -> None:
    on_level = _model().on(shared_level("levels/classic/level6.txt"))
    assert on_level.init_note.startswith("its own Init")
    assert ("counter", "43") in on_level.initial()


def test_trap_counts_other_than_two_are_documented_treatments() -> None:
    none, notes = generated_init(make_level("#####\n#H D#\n#####"), SEED_001)
    assert ("trap", "-1", "-1", "0") in none and "phantom trap" in notes[0]
    _, notes = generated_init(make_level("########\n#HTTT D#\n########"), SEED_001)
    assert "3 traps" in notes[0]


def test_exact_view_counts_the_budget_with_the_reports_counter() -> None:
    # The counter stops actions at -1 only: a 1-point action may spend budget + 1 (E13).
    corridor = make_level("######\n#H  D#\n######", budget=1)
    on_level = _model().on(corridor)
    found = search_exact(on_level, on_level.cost_limit)
    assert found.cost == 2 and found.plan is not None
    state = on_level.initial()
    for action in found.plan:
        assert action.schema.startswith("goRight")
        state = action.apply(state)
    assert ("counter", "-1") in state
    assert solve_exhaustively(corridor).plan is None


def test_the_report_lets_a_trailing_plan_through() -> None:
    corridor = make_level("######\n#H  D#\n######", budget=4)
    assert not validate(corridor, tuple("rrlr")).valid
    assert accepts(_model().on(corridor), tuple("rrlr"), 5)
    ours = _ours().on(corridor)
    assert not accepts(ours, tuple("rrlr"), 4) and accepts(ours, tuple("rr"), 4)


def test_divergence_names_the_schema_that_would_do_what_the_game_does() -> None:
    """The game destroys the skeleton kicked into the demon; the report kills one against a
    wall or a rock only. The kill that fails on its wall is named, not the push that came
    closest (runs/blame.py); without the game's step, the closest is still named."""
    level = make_level("#####\n#HMD#\n#####", budget=2)
    on = _model().on(level)
    divergence = along_directions(on, ("r", "r"))
    assert divergence is not None and divergence.letter == 1
    assert "wallKillRight fails on wall(3, 1), which does not hold" in divergence.model
    assert "destroyed" in divergence.game
    closest = why_blocked(on, on.initial(), Direction("r"))
    assert closest.startswith("pushSkeletonRight fails on -demon(3, 1): demon(3, 1) holds")


# -- rule coverage -------------------------------------------------------------------------

# Why the report cannot express these, read off its schemas (checked in the next test):
# R-A1 no schema bumps the lock; R-A5 go moves need -key and obtainKey a closed lock, so the
# key cell is a wall once the key is taken (or when the level has no lock); R-E1 an action
# names two traps; R-E2, E1-E5 only wallKill/rockKill remove a skeleton; E6/E7 obtainKey
# does not look at what stands on the key cell; E8 pushes need -lock(..., 1); E9 no kick of a
# boulder that cannot move; E12 nothing ends the level at the goal; E13 -counter(-1) lets
# the counter reach -1. Compared on every state of their boards, the probes of R-A2 and R-A3
# show two of these gaps too: the key not yet taken, the hero faces the closed lock (R-A1);
# the boulder against the wall, a kick that cannot move it (E9).
NOT_EXPRESSED = {"R-A1", "R-A2", "R-A3", "R-A5", "R-E1", "R-E2", "E1", "E2", "E3", "E4", "E5",
                 "E6", "E7", "E8", "E9", "E12", "E13"}


def test_the_report_schemas_show_the_gaps() -> None:
    schemas = _report().schemas
    removes_skeleton = [s for s in schemas
                        if any(not lit.positive and lit.predicate == SKELETON for lit in s.effects)
                        and not any(lit.positive and lit.predicate == SKELETON
                                    for lit in s.effects)]
    assert {s.name.split("Kill")[0] for s in removes_skeleton} == {"wall", "rock"}
    obtain = [s for s in schemas if s.name.startswith("obtainKey")]
    assert obtain and not any(lit.predicate in ("rock", "skeleton")
                              for s in obtain for lit in s.preconditions)
    steps = [s for s in schemas if re.fullmatch(r"go(Up|Down|Left|Right)(WithChangingTrapOpen)?",
                                                s.name)]
    assert len(steps) == 8 and all("-key" in " ".join(map(str, s.preconditions)) for s in steps)


@cache
def _coverage(which: str):  # type: ignore[no-untyped-def]
    model = _model() if which == "report" else _ours()
    return {probe: check_probe(model, probe) for probe in distinct_probes()}


@pytest.mark.parametrize("rule", sorted(PROBES))
def test_report_coverage_verdicts(rule: str) -> None:
    results = [_coverage("report")[probe] for probe in PROBES[rule]]
    expressed = all(result.expressed for result in results)
    assert expressed == (rule not in NOT_EXPRESSED), [r.model for r in results]
    if not expressed:
        probe = next(result.probe for result in results if not result.expressed)
        # Checked witness: the game and the model disagree on the probe's outcome.
        level = probe.level()
        on_level = _model().on(level)
        if probe.plan is not None:
            letters = tuple(probe.plan)
            assert validate(level, letters).valid != accepts(on_level, letters,
                                                             on_level.cost_limit)
            return
        game = solve_exhaustively(level, probe.budget)
        found = search_exact(on_level, on_level.cost_limit)
        if found.cost == game.cost:
            assert found.plan is not None
            letters = tuple(on_level.direction(action) for action in found.plan)
            if validate(level, letters).valid:
                # Same cost and a valid plan: the witness is a state of the board where the
                # model does otherwise than the game, with the presses that show it.
                check = compare_states(on_level, PROBE_STATES)
                assert check.divergence is not None and check.counterexample
                assert any(f"on the key presses '{check.counterexample}'" in divergence
                           for result in results for divergence in result.divergences)


def test_our_model_expresses_every_rule() -> None:
    failing = {probe.situation: (result.game, result.model, result.divergences)
               for probe, result in _coverage("ours").items() if not result.expressed}
    assert not failing


@pytest.mark.parametrize("rule", [rule for rule in sorted(PROBES) if rule.startswith("R-")])
def test_probes_for_rules_apply_them_in_the_game(rule: str) -> None:
    probe = PROBES[rule][0]
    level = probe.level()
    plan = tuple(probe.plan) if probe.plan else solve_exhaustively(level, probe.budget).plan
    assert plan is not None
    trace = validate(level, plan, explain=True).trace
    assert any(rule in step.rules for step in trace), [step.rules for step in trace]


def test_witness_levels_the_issue_names() -> None:
    # Three toggling traps: the model's optimum differs from the game's.
    three = check_probe(_model(), PROBES["R-E1"][0])
    assert "least cost 6" in three.game and "least cost 5" in three.model
    # A boulder kicked against a wall as a wait: the model has no such action.
    wait = check_probe(_model(), PROBES["E9"][0])
    assert any("cannot move" in d and "has no action" in d for d in wait.divergences)
    # A skeleton kicked onto spikes: the game destroys it, the model finds no plan.
    spikes = check_probe(_model(), PROBES["E1"][0])
    assert spikes.model.startswith("no plan")


# -- whole levels (Fast Downward) ----------------------------------------------------------


@pytest.mark.planner
def test_level6_the_report_finds_a_cheaper_plan_the_game_rejects() -> None:
    level = shared_level("levels/classic/level6.txt")
    on_level = _model().on(level)
    run = solve_model(on_level)
    assert run.replay_failure is None and run.cost is not None and run.directions is not None
    assert run.cost < 42  # PAR.md: the least cost under the rules
    assert not validate(level, run.directions).valid
    # Yet the game's optimal plan is one the report's model can follow key by key.
    reference = solve_exhaustively(level)
    assert reference.plan is not None
    assert along_directions(on_level, reference.plan) is None


@pytest.mark.planner
def test_our_model_compared_with_itself_agrees() -> None:
    level = load_level(str(ROOT / "levels" / "lock_and_key.txt"))
    compared = compare_level(_ours(), _ours(), level, "fd")
    assert compared.agrees and compared.divergences == ()
    assert compared.report.status is compared.ours.status is Status.SOLVED
    assert compared.report.game_cost == compared.ours.game_cost == 14


@pytest.mark.planner
def test_report_on_a_level_with_a_skeleton_on_spikes_is_unsolvable() -> None:
    level = load_level(str(ROOT / "levels" / "skeleton_on_spikes.txt"))
    compared = compare_level(_model(), _ours(), level, "search")
    assert compared.report.status is Status.UNSOLVABLE and compared.ours.status is Status.SOLVED
    assert not compared.agrees
    assert any("destroyed" in d for d in compared.divergences)


def test_our_model_reads_like_helltaker_domain() -> None:
    assert [s.name for s in _ours().exact.schemas] == [s.name for s in helltaker_domain().schemas]


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_the_probes_give_every_rule_the_same_verdict_however_batched_and_count_their_tasks(
        jobs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each probe in a child of its own, the probes batched over `jobs` workers: every rule's
    verdict is the one the probes checked here, without a child, give (`check_probe`). The
    count a progress line is given is the number of tasks that finish: it reaches its total
    and stops there. (One comparison per batching holds both claims.)"""
    from translator.compare.check import our_model
    from translator.compare.comparison import compare, compared_tasks
    from translator.compare.runs.coverage import coverage
    from translator.runtime import workers

    reference = [rule.as_json() for rule in coverage(_coverage("report"))]
    finished: list[bool] = []
    monkeypatch.setattr(workers, "task_finished", finished.append)
    batched = compare(_report(), _model(), our_model(), [], "fd", jobs=jobs, boards=False)
    assert len(finished) == compared_tasks(_model(), 0, jobs)
    assert [rule.as_json() for rule in batched.coverage] == reference
    assert {rule["verdict"] for rule in reference} >= {"expressed", "not expressed"}
