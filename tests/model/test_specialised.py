"""The task specialised to a level (translator/model/specialised.py) is equivalent to the
unspecialised one: on small random levels, with every object class present or absent, both
ground tasks have the same optimal cost (a uniform-cost search over each, here), which is the
exhaustive search's over the simulator; the specialised optimal plan, given back in the
unspecialised names, is the very sequence of actions the unspecialised model takes for its key
presses, and the rules accept it at that cost.

The property runs a few derandomized examples in the fast loop and, as `*_long` (marker
`fuzz`), HELLTAKER_FUZZ_EXAMPLES=N fresh ones (tests/conftest.py).
"""

from __future__ import annotations

import heapq
import os
import random
from typing import Any

import pytest
from helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.level_file import load_level, parse_level
from strips_model.random_level import Counts, layout_text
from strips_model.schema import helltaker_domain
from strips_model.validator import validate
from translator.ground.clingo_grounding import ground
from translator.ground.sas_format import SasTask
from translator.ground.sas_translation import translate_task
from translator.ground.sas_variables import Unreachable
from translator.model.level_facts import level_facts
from translator.model.specialised import specialise
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.fast_downward import solve_direct
from translator.planners.outcome import PlannerOptions
from translator.solving.ground_plans import ground_plan_of
from translator.solving.key_presses import key_presses

LONG_EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)
_SETTINGS: dict[str, Any] = {"deadline": None, "database": None, "print_blob": True,
                             "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("specialised-fast", derandomize=True, max_examples=10, **_SETTINGS)
settings.register_profile("specialised-fuzz", max_examples=max(LONG_EXAMPLES, 1), **_SETTINGS)


def _level(seed: int, size: int, counts: Counts) -> Level:
    text = layout_text(random.Random(f"specialised-{seed}"), size, size, counts,
                       4 * size * size, f"specialised {seed}")
    return parse_level(text, source=f"<specialised {seed} {size}x{size} {counts}>")


_LEVELS = st.builds(
    _level, st.integers(0, 10**6), st.integers(6, 6),
    st.builds(Counts, boulders=st.integers(0, 2), skeletons=st.integers(0, 2),
              spikes=st.integers(0, 1), traps=st.integers(0, 2), key=st.booleans(),
              walls=st.sampled_from([0.0, 0.15])))


def _optimum(task: SasTask) -> tuple[int, tuple[PlanStep, ...]] | None:
    """Least cost and a plan of least cost, by uniform-cost search over the task's states."""
    goal = task.goal
    start = tuple(task.initial)
    best = {start: 0}
    queue: list[tuple[int, int, tuple[int, ...], tuple[PlanStep, ...]]] = [(0, 0, start, ())]
    pushed = 0
    while queue:
        cost, _, state, plan = heapq.heappop(queue)
        if cost > best[state]:
            continue
        if all(state[variable] == value for variable, value in goal):
            return cost, plan
        for operator in task.operators:
            if any(state[variable] != value for variable, value in operator.preconditions):
                continue
            successor = list(state)
            for variable, _, value in operator.effects:
                successor[variable] = value
            after, total = tuple(successor), cost + operator.cost
            if total < best.get(after, total + 1):
                best[after] = total
                pushed += 1
                name, *arguments = operator.name.split()
                heapq.heappush(queue, (total, pushed, after, (*plan, (name, tuple(arguments)))))
    return None


def check_equivalent(level: Level) -> None:
    domain = helltaker_domain()
    facts = level_facts(level)
    specialised = specialise(level)
    try:
        full = translate_task(domain, facts, ground(domain, facts))
    except Unreachable:
        with pytest.raises(Unreachable):
            translate_task(specialised.domain, specialised.facts,
                           ground(specialised.domain, specialised.facts))
        assert solve_exhaustively(level).plan is None
        return
    small = translate_task(specialised.domain, specialised.facts,
                           ground(specialised.domain, specialised.facts))
    assert small.operator_count <= full.operator_count
    if not (level.traps_lowered or level.traps_raised):
        assert len(specialised.facts.objects["parity"]) == 1
    found, reference = _optimum(small.sas_task()), _optimum(full.sas_task())
    exhaustive = solve_exhaustively(level)
    assert (found is None) == (reference is None) == (exhaustive.plan is None)
    if found is None or reference is None:
        return
    assert found[0] == reference[0] == exhaustive.cost
    steps = specialised.restored(found[1])
    presses = key_presses(domain, steps)
    assert steps == ground_plan_of(level, presses)
    verdict = validate(level, presses)
    assert verdict.valid and verdict.cost == found[0]


@settings(settings.get_profile("specialised-fast"))
@given(level=_LEVELS)
def test_the_specialised_task_has_the_same_optimum(level: Level) -> None:
    check_equivalent(level)


@pytest.mark.fuzz
@settings(settings.get_profile("specialised-fuzz"))
@given(level=_LEVELS)
def test_the_specialised_task_has_the_same_optimum_long(level: Level) -> None:
    check_equivalent(level)


def test_a_level_without_traps_has_one_phase_and_no_absent_class() -> None:
    level = parse_level("room\n9\n#####\n#H S#\n#  D#\n#####\n")
    specialised = specialise(level)
    assert specialised.facts.objects["parity"] == ("even",)
    assert "limbo_odd" not in specialised.facts.objects["cell"]
    kept = {schema.name for schema in specialised.domain.schemas}
    assert kept == {"step_calm", "step_hurt"}
    assert set(specialised.dropped) | kept == {schema.name
                                                for schema in helltaker_domain().schemas}


def test_traps_without_skeletons_keep_both_phases_and_one_limbo() -> None:
    level = parse_level("room\n9\n######\n#HT B#\n#   D#\n######\n")
    specialised = specialise(level)
    assert specialised.facts.objects["parity"] == ("even", "odd")
    assert specialised.merged == frozenset({"limbo_even"})
    assert not any(atom[0] == "doom_site" and atom[3] != "limbo_even"
                   for atom in specialised.facts.static)
    steps = (("step_calm", ("c1_1", "c2_1", "down", "even", "odd", "limbo_even",
                            "limbo_even", "no", "no")),
             ("step_calm", ("c2_1", "c2_2", "right", "odd", "even", "limbo_even",
                            "limbo_even", "no", "no")))
    assert specialised.restored(steps) == (
        ("step_calm", ("c1_1", "c2_1", "down", "even", "odd", "limbo_even", "limbo_odd",
                       "no", "no")),
        ("step_calm", ("c2_1", "c2_2", "right", "odd", "even", "limbo_odd", "limbo_even",
                       "no", "no")))


@pytest.mark.planner
@pytest.mark.parametrize("name", ["lock_and_key.txt", "static_spikes.txt",
                                  "trap_lowered_start.txt"])
def test_fd_gives_its_plan_in_the_unspecialised_names(name: str) -> None:
    level = load_level(str(ROOT / "levels" / name))
    outcome = solve_direct(level, PlannerOptions(level.budget, 60.0))
    assert outcome.steps is not None
    assert outcome.steps == ground_plan_of(level, key_presses(helltaker_domain(),
                                                              outcome.steps))
