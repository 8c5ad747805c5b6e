"""Our problem compiled to pure STRIPS: no negative preconditions, no conditional effects,
and action costs only when asked for.

Two compilations, each returning the new problem and a way back to our actions:

- `without_negative_conditions`: unified-planning's NEGATIVE_CONDITIONS_REMOVING compiler adds
  a complementary fluent `not_F` for every fluent F tested negatively (`-won(yes)`,
  `-occupied(N)`, ...) and keeps every action's name and parameters.
- `damage_as_steps`: an action of cost c > 1 leaves c - 1 units of damage owed, which
  `endure_damage_K` actions pay one at a time before anything else can happen; the goal
  requires nothing owed. Every action then costs 1 and a plan's length is its cost, so a
  planner without action costs (pyperplan) still minimises the real cost when it minimises
  length, and a budget is a bound on plan length.

Models whose costs are all 1 are unchanged by the second compilation except for the
`settled` fluent that every action tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from unified_planning.engines import CompilationKind
from unified_planning.io import PDDLWriter
from unified_planning.model import Fluent, InstantaneousAction, Problem
from unified_planning.model.metrics import MinimizeActionCosts
from unified_planning.plans import ActionInstance
from unified_planning.shortcuts import BoolType, Compiler, Int, get_environment

from strips_model.errors import RunError
from strips_model.level import Level
from translator.model.level_facts import level_facts
from translator.model.pddl_text import MODEL_NAME, PddlTexts, problem_name
from translator.model.up_problem import ModelParts, build_problem

SETTLED = "settled"
DAMAGE_OWED = "damage_owed_"
ENDURE_DAMAGE = "endure_damage_"
STRIPS_MODEL_NAME = f"{MODEL_NAME}_strips"

PURE_STRIPS_FEATURES = frozenset({
    "ACTION_BASED", "FLAT_TYPING", "ACTIONS_COST", "INT_NUMBERS_IN_ACTIONS_COST",
})
"""Problem-kind features a pure STRIPS export may have (the costs only with --action-costs)."""

MapBack = Callable[[ActionInstance], ActionInstance | None]
"""An action of a compiled problem -> the original action it stands for, None for an action
that is no key press (paying damage)."""


class StripsCompilationError(RunError):
    """The compiled problem is not pure STRIPS, or a compiler renamed what we map back by name."""


@dataclass(frozen=True, slots=True)
class Compiled:
    problem: Problem
    map_back: MapBack


def _action_costs(problem: Problem) -> dict[str, int]:
    """Each action's cost under the problem's `MinimizeActionCosts` metric (1 without one)."""
    metrics = [m for m in problem.quality_metrics if isinstance(m, MinimizeActionCosts)]
    costs: dict[str, int] = {}
    for action in problem.actions:
        cost = metrics[0].get_action_cost(action) if metrics else None
        if cost is None:
            costs[action.name] = 1
        elif cost.is_int_constant():
            costs[action.name] = cost.int_constant_value()
        else:
            raise StripsCompilationError(f"action {action.name} has a cost that is not a "
                                         f"constant: {cost}")
    return costs


def without_negative_conditions(problem: Problem) -> Compiled:
    """unified-planning's NEGATIVE_CONDITIONS_REMOVING, with the action costs carried over."""
    costs = _action_costs(problem)
    positive = problem.clone()
    # The compiler (unified-planning 1.3) builds the new cost metric before it has mapped
    # the new actions to the old ones, which leaves every cost unset; re-add it by name.
    positive.clear_quality_metrics()
    kind = CompilationKind.NEGATIVE_CONDITIONS_REMOVING
    get_environment().credits_stream = None
    with Compiler(problem_kind=positive.kind, compilation_kind=kind) as compiler:
        result = compiler.compile(positive, kind)
    compiled = result.problem
    assert isinstance(compiled, Problem)
    renamed = sorted({a.name for a in compiled.actions} ^ {a.name for a in problem.actions})
    if renamed:
        raise StripsCompilationError(f"the negative-conditions compiler renamed actions: "
                                     f"{', '.join(renamed)}")
    if problem.quality_metrics:
        compiled.add_quality_metric(MinimizeActionCosts(
            {action: Int(costs[action.name]) for action in compiled.actions}))

    def map_back(instance: ActionInstance) -> ActionInstance | None:
        return result.map_back_action_instance(instance)

    return Compiled(compiled, map_back)


def damage_as_steps(problem: Problem) -> Compiled:
    """Every action of cost c > 1 followed by c - 1 forced `endure_damage_K` steps, all of
    cost 1; the cost metric is dropped since the plan length is the cost."""
    costs = _action_costs(problem)
    if any(cost < 1 for cost in costs.values()):
        cheap = sorted(name for name, cost in costs.items() if cost < 1)
        raise StripsCompilationError(f"damage as steps needs costs >= 1; {', '.join(cheap)} "
                                     "cost less")
    most = max(costs.values(), default=1)
    taken = {f.name for f in problem.fluents} | {a.name for a in problem.actions}
    new_names = {SETTLED} | {f"{DAMAGE_OWED}{k}" for k in range(1, most)} | {
        f"{ENDURE_DAMAGE}{k}" for k in range(1, most)}
    if taken & new_names:
        raise StripsCompilationError(f"names already in the problem: "
                                     f"{', '.join(sorted(taken & new_names))}")
    unit = problem.clone()
    unit.clear_actions()
    unit.clear_quality_metrics()
    settled = Fluent(SETTLED, BoolType())
    owed = {k: Fluent(f"{DAMAGE_OWED}{k}", BoolType()) for k in range(1, most)}
    unit.add_fluent(settled, default_initial_value=False)
    unit.set_initial_value(settled(), True)
    for fluent in owed.values():
        unit.add_fluent(fluent, default_initial_value=False)
    originals: dict[str, InstantaneousAction] = {}
    for action in problem.actions:
        assert isinstance(action, InstantaneousAction)
        originals[action.name] = action
        copy = action.clone()
        copy.add_precondition(settled())
        if costs[action.name] > 1:
            copy.add_effect(settled(), False)
            copy.add_effect(owed[costs[action.name] - 1](), True)
        unit.add_action(copy)
    for k, fluent in owed.items():
        pay = InstantaneousAction(f"{ENDURE_DAMAGE}{k}")
        pay.add_precondition(fluent())
        pay.add_effect(fluent(), False)
        pay.add_effect(owed[k - 1]() if k > 1 else settled(), True)
        unit.add_action(pay)
    # The damage of the last action counts too (R-G3): the goal waits until it is paid.
    unit.add_goal(settled())

    def map_back(instance: ActionInstance) -> ActionInstance | None:
        original = originals.get(instance.action.name)
        if original is None:
            return None
        return ActionInstance(original, instance.actual_parameters)

    return Compiled(unit, map_back)


def strips_problem(problem: Problem, action_costs: bool = False) -> Compiled:
    """Pure STRIPS: damage as steps (or action costs kept), then no negative conditions."""
    if action_costs:
        result = without_negative_conditions(problem)
    else:
        steps = damage_as_steps(problem)
        positive = without_negative_conditions(steps.problem)

        def chained(instance: ActionInstance) -> ActionInstance | None:
            middle = positive.map_back(instance)
            return steps.map_back(middle) if middle is not None else None

        result = Compiled(positive.problem, chained)
    check_pure_strips(result.problem, action_costs)
    return result


def check_pure_strips(problem: Problem, action_costs: bool) -> None:
    allowed = PURE_STRIPS_FEATURES if action_costs else PURE_STRIPS_FEATURES - {
        "ACTIONS_COST", "INT_NUMBERS_IN_ACTIONS_COST"}
    extra = sorted(problem.kind.features - allowed)
    if extra:
        raise StripsCompilationError(f"the compiled problem is not pure STRIPS: {', '.join(extra)}")


def strips_pddl_texts(parts: ModelParts, level: Level, action_costs: bool = False) -> PddlTexts:
    """Domain and problem text of the pure STRIPS compilation of `level`."""
    compiled = strips_problem(build_problem(parts, level_facts(level), MODEL_NAME),
                              action_costs).problem
    compiled.name = STRIPS_MODEL_NAME
    writer = PDDLWriter(compiled)
    problem_text = writer.get_problem().replace(
        f"(problem {STRIPS_MODEL_NAME}-problem)", f"(problem {problem_name(level)})", 1)
    return PddlTexts(writer.get_domain(), problem_text)

