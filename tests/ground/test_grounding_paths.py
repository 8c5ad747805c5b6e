"""The two grounding paths give the same task: clingo's grounding with our translation
(translator/ground/clingo_grounding.py, sas_translation.py; `--planner fd`) and Fast Downward's
translator (fd_translate.py, `--planner fd-translate`, the reference), on every shared, repo
and generated level, and on a domain whose fluents take two arguments.

"The same task up to naming": the same variables (each named by the set of its values), the
same initial state and goal, and the same operators (name, cost, prevail conditions, effects
with their preconditions), as multisets. Variable numbering and order may differ.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path

import pytest
from helpers import ROOT, SHARED, shared_level_files

from strips_model.level import Level
from strips_model.level_file import load_level, parse_level
from strips_model.random_level import Counts, layout_text
from strips_model.schema import helltaker_domain, parse_domain
from translator.ground import sas_translation
from translator.ground.clingo_grounding import ground
from translator.ground.fd_translate import translate, write_pddl
from translator.ground.ground_task import translated_task
from translator.ground.sas_format import SasTask, parse_sas
from translator.ground.sas_translation import translate_task
from translator.ground.sas_variables import Unreachable
from translator.ground.sas_writer import sas_text
from translator.ground.task_arrays import TaskArrays
from translator.model.level_facts import Facts, level_facts
from translator.model.pddl_text import domain_text, problem_text
from translator.model.specialised import specialise

pytestmark = pytest.mark.planner

REPO_LEVELS = sorted(str(path) for path in (ROOT / "levels").glob("*.txt"))

GENERATED_SEEDS = 1
"""One layout per size: each size already draws every object class (boulders, skeletons, keys,
traps, spikes), and the 31 shared and repo levels give the hand-made layouts. Three seeds per
size cost the suite half a minute of Fast Downward translations for no other object class."""
GENERATED = [(7, Counts(2, 2, 1, 1, True, 0.1)), (8, Counts(4, 2, 2, 2, True, 0.15)),
             (9, Counts(6, 3, 2, 3, False, 0.1)), (10, Counts(8, 4, 3, 3, True, 0.15))]


def _generated(size: int, counts: Counts, seed: int) -> Level:
    text = layout_text(random.Random(f"grounding-{size}-{seed}"), size, size, counts,
                       4 * size * size, f"generated {size}x{size}")
    return parse_level(text, source=f"<generated {size}x{size} seed {seed}>")


def _levels() -> list[Level]:
    """Every shared and repo level, and small generated ones."""
    paths = REPO_LEVELS + [str(SHARED / "levels" / path) for path in shared_level_files()]
    generated = [_generated(size, counts, seed) for size, counts in GENERATED
                 for seed in range(GENERATED_SEEDS)]
    return [load_level(path) for path in paths] + generated


LEVELS = _levels()


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


def _trivially_solved(task: SasTask) -> bool:
    return all(task.initial[var] == value for var, value in task.goal)


@functools.cache
def _our_translation(level: Level) -> TaskArrays:
    """Our grounding and translation of a level, shared by the tests below (each level is
    grounded once for them; the determinism check grounds it again)."""
    domain, facts = helltaker_domain(), level_facts(level)
    return translate_task(domain, facts, ground(domain, facts))


@functools.cache
def _reference(level: Level) -> SasTask:
    """Fast Downward's translation of a level (a second or more on the generated rooms),
    shared by the two tests that compare with it."""
    return translated_task(level)


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: Path(level.source).name)
def test_both_paths_give_the_same_task(level: Level) -> None:
    ours = _our_translation(level).sas_task()
    reference = _reference(level)
    if _trivially_solved(reference):
        # Fast Downward writes a stand-in task (a `dummy` variable) when the goal holds at the
        # start; ours keeps the goal's variable. Both are solved by the empty plan.
        assert _trivially_solved(ours) and not ours.operators
        return
    assert canonical(ours) == canonical(reference)


def test_operators_translated_over_several_blocks_give_the_same_task(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A schema's ground actions past one block (sas_translation.BLOCK) are translated block
    by block. The default block holds more ground actions of one schema than any level here
    has (a 16 x 16 room has 1,323), so blocks of 7 stand in for a room too large for the
    suite: every schema spans several blocks, the last of each partly filled."""
    level = next(level for level in LEVELS if level.source == "<generated 10x10 seed 0>")
    domain, facts = helltaker_domain(), level_facts(level)
    grounding = ground(domain, facts)
    monkeypatch.setattr(sas_translation, "BLOCK", 7)
    assert max(len(rows) for rows in grounding.rows) > 7
    assert any(len(rows) % 7 for rows in grounding.rows)
    ours = translate_task(domain, facts, grounding).sas_task()
    assert canonical(ours) == canonical(_reference(level))
    assert canonical(ours) == canonical(_our_translation(level).sas_task())


SPECIALISED = [load_level(path) for path in REPO_LEVELS
               if Path(path).name not in ("level1.txt", "level6_report.txt")] + [
    _generated(8, counts, 0) for counts in (Counts(0, 0, 2, 0, True, 0.1),
                                            Counts(3, 0, 1, 2, False, 0.1),
                                            Counts(0, 3, 1, 0, True, 0.1))]
"""Levels where the specialisation (translator/model/specialised.py) merges the trap phases,
the limbo markers, or drops schemas: no trap, traps without skeletons, skeletons without
traps, and the repo's small levels of one object class each."""


@pytest.mark.parametrize("level", SPECIALISED, ids=lambda level: Path(level.source).name)
def test_both_paths_give_the_same_specialised_task(level: Level, tmp_path: Path) -> None:
    specialised = specialise(level)
    domain, facts = specialised.domain, specialised.facts
    ours = translate_task(domain, facts, ground(domain, facts)).sas_task()
    domain_file, problem_file = write_pddl(str(tmp_path), facts, domain)
    translate(domain_file, problem_file, str(tmp_path / "output.sas"))
    reference = parse_sas((tmp_path / "output.sas").read_text(encoding="utf-8"))
    if _trivially_solved(reference):
        assert _trivially_solved(ours) and not ours.operators
        return
    assert canonical(ours) == canonical(reference)


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: Path(level.source).name)
def test_the_written_text_reads_back_as_the_task(level: Level) -> None:
    """`--planner fd` reads the text, the ASP and SAT back-ends the values: both are one
    task, and the text is the same on each run."""
    domain, facts = helltaker_domain(), level_facts(level)
    task = _our_translation(level)
    text = sas_text(task)
    assert parse_sas(text) == task.sas_task()
    assert task.operator_count == text.count("begin_operator")
    assert sas_text(translate_task(domain, facts, ground(domain, facts))) == text


TWO_ARGUMENTS = """
move(O: thing, A: place, B: place)
    Precondition: at(O, A), link(A, B), -closed(B)
    Effect: -at(O, A), at(O, B), seen(O, B)

shut(O: thing, B: place)
    Precondition: at(O, B), seen(O, home)
    Effect: closed(B), done(O, yes)
    Cost: 2
"""
"""Fluents of two arguments (Helltaker's have at most one), one of them a multi-valued
variable per thing (`at`), one with a constant argument (`done`)."""


@pytest.mark.parametrize("goal", [(("done", "t1", "yes"), ("seen", "t2", "p1")),
                                  (("seen", "t2", "home"), ("at", "t1", "p3"))])
def test_fluents_of_two_arguments_give_the_same_task(tmp_path: Path,
                                                     goal: tuple[tuple[str, ...], ...]) -> None:
    domain = parse_domain(TWO_ARGUMENTS)
    places = ("home", "p1", "p2", "p3")
    links = {("link", *pair) for first, second in zip(places, places[1:], strict=False)
             for pair in ((first, second), (second, first))}
    facts = Facts({"thing": ("t1", "t2"), "place": places}, frozenset(links),
                  frozenset({("at", "t1", "p1"), ("at", "t2", "p3")}), goal)
    domain_file, problem_file = tmp_path / "domain.pddl", tmp_path / "problem.pddl"
    domain_file.write_text(domain_text(domain), encoding="utf-8")
    problem_file.write_text(problem_text(domain, facts, "two"), encoding="utf-8")
    translate(str(domain_file), str(problem_file), str(tmp_path / "output.sas"))
    reference = parse_sas((tmp_path / "output.sas").read_text(encoding="utf-8"))
    ours = translate_task(domain, facts, ground(domain, facts)).sas_task()
    assert ours.operators
    assert canonical(ours) == canonical(reference)


def test_an_unreachable_goal_gives_no_task() -> None:
    """A wall-locked hero reaches nothing: no action is grounded, the goal is unreachable."""
    level = parse_level("Locked\n3\n#####\n#H#D#\n#####\n", source="locked")
    domain, facts = helltaker_domain(), level_facts(level)
    grounding = ground(domain, facts)
    assert grounding.action_count == 0
    with pytest.raises(Unreachable):
        translate_task(domain, facts, grounding)


@pytest.mark.parametrize("path", REPO_LEVELS[:6])
def test_both_paths_find_the_same_optimal_cost(path: str) -> None:
    from translator.planners.fast_downward import solve_direct, solve_with_translator
    from translator.planners.outcome import PlannerOptions

    level = load_level(path)
    options = PlannerOptions(level.budget, 60.0, None)
    ours, reference = solve_direct(level, options), solve_with_translator(level, options)
    assert (ours.status, ours.cost) == (reference.status, reference.cost)
