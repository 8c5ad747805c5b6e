"""The two grounding paths give the same task: clingo's grounding with our translation
(translator/ground/clingo_grounding.py, sas_translation.py; `--planner fd`) and Fast Downward's
translator (`--planner fd-translate`), on every shared, repo and generated level.

"The same task up to naming": the same variables (each named by the set of its values), the
same initial state and goal, and the same operators (name, cost, prevail conditions, effects
with their preconditions), as multisets. Variable numbering and order may differ.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from helpers import ROOT, SHARED, shared_level_files

from strips_model.level import Level, load_level, parse_level
from strips_model.random_level import Counts, layout_text
from strips_model.schema import helltaker_domain
from translator.ground.clingo_grounding import ground, grounding_program
from translator.ground.ground_task import translated_task
from translator.ground.sas_arrays import sas_text
from translator.ground.sas_format import SasTask, format_sas, parse_sas
from translator.ground.sas_translation import Unreachable, sas_task
from translator.ground.uniform_facts import SMALLEST, uniform_groups
from translator.model.level_facts import level_facts

pytestmark = pytest.mark.planner

REPO_LEVELS = sorted(str(path) for path in (ROOT / "levels").glob("*.txt"))

GENERATED = [(7, Counts(2, 2, 1, 1, True, 0.1)), (8, Counts(4, 2, 2, 2, True, 0.15)),
             (9, Counts(6, 3, 2, 3, False, 0.1)), (10, Counts(8, 4, 3, 3, True, 0.15))]


def _generated(size: int, counts: Counts, seed: int) -> Level:
    text = layout_text(random.Random(f"grounding-{size}-{seed}"), size, size, counts,
                       4 * size * size, f"generated {size}x{size}")
    return parse_level(text, source=f"<generated {size}x{size} seed {seed}>")


def _levels() -> list[Level]:
    paths = REPO_LEVELS + [str(SHARED / "levels" / path) for path in shared_level_files()]
    generated = [_generated(size, counts, seed) for size, counts in GENERATED
                 for seed in range(3)]
    return [load_level(path) for path in paths] + generated


def canonical(task: SasTask) -> tuple[object, ...]:
    keys = [tuple(sorted(variable.values)) for variable in task.variables]

    def value(variable: int, index: int) -> str | None:
        return None if index == -1 else task.variables[variable].values[index]

    return (
        sorted(keys),
        sorted((keys[var], value(var, index)) for var, index in enumerate(task.initial)),
        sorted((keys[var], value(var, index)) for var, index in task.goal),
        Counter((operator.name, operator.cost,
                 frozenset((keys[var], value(var, index)) for var, index in operator.prevail),
                 frozenset((keys[var], value(var, pre), value(var, post))
                           for var, pre, post in operator.effects))
                for operator in task.operators),
    )


def _ours(level: Level) -> SasTask:
    domain, facts = helltaker_domain(), level_facts(level)
    return sas_task(domain, facts, ground(domain, facts))


def _trivially_solved(task: SasTask) -> bool:
    return all(task.initial[var] == value for var, value in task.goal)


@pytest.mark.parametrize("level", _levels(), ids=lambda level: Path(level.source).name)
def test_both_paths_give_the_same_task(level: Level) -> None:
    ours, reference = _ours(level), translated_task(level)
    if _trivially_solved(reference):
        # Fast Downward writes a stand-in task (a `dummy` variable) when the goal holds at the
        # start; ours keeps the goal's variable. Both are solved by the empty plan.
        assert _trivially_solved(ours) and not ours.operators
        return
    assert canonical(ours) == canonical(reference)


def test_the_written_task_reads_back_whole() -> None:
    task = _ours(load_level(REPO_LEVELS[0]))
    assert canonical(parse_sas(format_sas(task))) == canonical(task)


def test_relaxed_reachability_follows_the_level() -> None:
    """A wall-locked hero reaches nothing: no action is grounded, the goal is unreachable."""
    level = parse_level("Locked\n3\n#####\n#H#D#\n#####\n", source="locked")
    domain, facts = helltaker_domain(), level_facts(level)
    grounding = ground(domain, facts)
    assert grounding.actions == ()
    with pytest.raises(Unreachable):
        sas_task(domain, facts, grounding)


def test_the_program_joins_through_bound_variables() -> None:
    """`doom_site(H, P, D)` is joined before `doomed(D)` binds D on its own: otherwise every
    doomed cell is tried for every hero cell. Bodies are chains of links (`j3(..)`, `k0(..)`,
    `m2(..)`, join_chains.py): the order is that of the body with its links written out."""
    domain = helltaker_domain()
    program, _, names = grounding_program(domain, level_facts(load_level(REPO_LEVELS[0])))
    rules = {line.split("(")[0]: line.split(" :- ")[1] for line in program.splitlines()
             if " :- " in line and line[0] in "jkmo"}

    def flat(name: str) -> str:
        body = rules[name]
        for link in sorted(set(re.findall(r"\b([jkm]\d+)\(", body)), key=len, reverse=True):
            body = re.sub(rf"\b{link}\([^)]*\)", flat(link), body)
        return body

    step = flat("o0")
    assert step.index(f"{names['doom_site']}(") < step.index(f"{names['doomed']}(")


@pytest.mark.parametrize("level", _levels() + [
    _generated(size, Counts(size, size // 2, 2, 3, True, 0.1), 0) for size in (16, 24)],
    ids=lambda level: Path(level.source).name)
def test_the_array_translation_writes_the_same_text(level: Level) -> None:
    """sas_arrays.py writes byte for byte what format_sas writes of sas_task's task, on
    every level (larger generated ones included), and the same text on each run."""
    domain, facts = helltaker_domain(), level_facts(level)
    grounding = ground(domain, facts)
    try:
        expected = format_sas(sas_task(domain, facts, grounding))
    except Unreachable:
        with pytest.raises(Unreachable):
            sas_text(domain, facts, grounding)
        return
    written = sas_text(domain, facts, grounding)
    assert written.text == expected
    assert written.operator_count == len(parse_sas(expected).operators)
    assert sas_text(domain, facts, ground(domain, facts)).text == expected


def test_grounding_rows_read_back_as_names() -> None:
    """`Grounding.actions`, built from the integer rows, lists the actions by schema and
    name, as the translation and Fast Downward's translator order them."""
    domain = helltaker_domain()
    grounding = ground(domain, level_facts(load_level(REPO_LEVELS[0])))
    actions = grounding.actions
    assert len(actions) == grounding.action_count > 0
    order = [schema.name for schema in domain.schemas]
    assert actions == tuple(sorted(actions, key=lambda action: (order.index(action[0]),
                                                                action[1])))


def test_uniform_static_facts_become_rules() -> None:
    """A group of atoms agreeing after the first argument and covering nearly every object
    of its type is one rule with its exceptions; small or scattered groups stay facts."""
    cells = tuple(f"c{index}" for index in range(2 * SMALLEST))
    atoms = [("key_at", cell, "no") for cell in cells[1:]] + [("key_at", cells[0], "yes")]
    counter = iter(range(10))
    uniform = uniform_groups("s1", atoms, cells, "t0", lambda name: name.lstrip("c"),
                             lambda: f"e{next(counter)}")
    assert uniform.rules == ("s1(X,no) :- t0(X), not e0(X).",)
    assert uniform.exceptions == ("e0(0).",)
    assert uniform.remaining == [("key_at", cells[0], "yes")]
    scattered = [("adjacent", cell, other, "up")
                 for cell, other in zip(cells, cells[1:], strict=False)]
    assert uniform_groups("s0", scattered, cells, "t0", str, lambda: "e").remaining == scattered


@pytest.mark.parametrize("path", REPO_LEVELS[:6])
def test_both_paths_find_the_same_optimal_cost(path: str) -> None:
    from translator.planners.fast_downward import solve_direct, solve_with_translator
    from translator.planners.outcome import PlannerOptions

    level = load_level(path)
    options = PlannerOptions(level.budget, 60.0, None)
    ours, reference = solve_direct(level, options), solve_with_translator(level, options)
    assert (ours.status, ours.cost) == (reference.status, reference.cost)
