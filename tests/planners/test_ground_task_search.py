"""What the ASP and SAT back-ends share (translator/planners/ground_task_search.py): the
solver's answer on the level's ground task made an outcome, the plan restored to the
unspecialised names."""

from __future__ import annotations

from helpers import ROOT

from strips_model.errors import RunError
from strips_model.ground_plan import PlanStep
from strips_model.level_file import load_level
from translator.ground.sas_format import SasTask
from translator.model.specialised import Specialised, specialise
from translator.planners.ground_task_search import TaskAnswer, solve_ground_task
from translator.planners.outcome import PlannerOptions, Status, Stopwatch


def _level1() -> Specialised:
    return specialise(load_level(str(ROOT / "levels" / "level1.txt")))


def test_each_answer_is_its_outcome() -> None:
    specialised, options = _level1(), PlannerOptions(budget=23)
    seen: list[SasTask] = []

    def none_fits(task: SasTask, budget: int, clock: Stopwatch) -> TaskAnswer:
        seen.append(task)
        clock.lap("search")
        return TaskAnswer(None, None, (("actions", len(task.operators)),))

    outcome = solve_ground_task(specialised, options, "label", none_fits)
    assert outcome.status is Status.UNSOLVABLE and outcome.optimal
    assert [phase for phase, _ in outcome.timings] == ["translate", "search"]
    assert outcome.counts == (("actions", len(seen[0].operators)),) and seen[0].operators

    def stopped(task: SasTask, budget: int, clock: Stopwatch) -> TaskAnswer:
        return TaskAnswer(None, None, (), "stopped early")

    outcome = solve_ground_task(specialised, options, "label", stopped)
    assert outcome.status is Status.ERROR and outcome.log_tail == "stopped early"

    def refuses(task: SasTask, budget: int, clock: Stopwatch) -> TaskAnswer:
        raise RunError("cannot encode")

    outcome = solve_ground_task(specialised, options, "label", refuses)
    assert (outcome.status, outcome.planner, outcome.log_tail) == (
        Status.ERROR, "label", "cannot encode")


def test_a_plan_comes_back_in_the_unspecialised_names() -> None:
    specialised = _level1()
    answered: list[tuple[PlanStep, ...]] = []

    def first_operator(task: SasTask, budget: int, clock: Stopwatch) -> TaskAnswer:
        name, *arguments = task.operators[0].name.split()
        answered.append(((name, tuple(arguments)),))
        return TaskAnswer(answered[0], task.operators[0].cost, ())

    outcome = solve_ground_task(specialised, PlannerOptions(budget=23), "label",
                                first_operator)
    assert outcome.status is Status.SOLVED and outcome.optimal
    assert outcome.steps == specialised.restored(answered[0])
