"""The SAS+ translation: a level's relaxed-reachability grounding (clingo_grounding.py) as the
finite-domain task that `--planner fd` searches and the ASP and SAT back-ends encode.

The steps are those of Fast Downward's translator after its grounding, so that both give the
same task up to the numbering of variables (tests/ground/test_grounding_paths.py compares
them on every level):
1. variables: invariant groups as multi-valued variables, other atoms binary
   (sas_variables.py);
2. operators: preconditions and effects as values (sas_operators.py);
3. reachability of values in each variable's transition graph (sas_pruning.py);
4. relevance of variables to the goal through the causal graph (sas_pruning.py);
5. renumbering (here): the variables and values left, numbered in order, and the operators
   that still change one of them.

Every step works on arrays of a block of ground actions at a time, never on one action:
a 300x300 room has 700,000 of them. The result is a `TaskArrays` (task_arrays.py), written
as SAS+ text for Fast Downward (sas_writer.py) or read as values by the ASP and SAT back-ends.
"""

from __future__ import annotations

import numpy as np

from strips_model.schema import Domain
from translator.ground.clingo_grounding import Grounding
from translator.ground.sas_format import Variable
from translator.ground.sas_operators import OperatorColumns, Slots
from translator.ground.sas_pruning import reachable_values, relevant, without_unreached
from translator.ground.sas_variables import Ints, Mask, Unreachable, Variables
from translator.ground.task_arrays import OperatorBlock, TaskArrays
from translator.model.level_facts import Facts

BLOCK = 1 << 14
"""Ground actions translated together: every array of a block fits the caches, which
matters more than the number of calls."""


def translate_task(domain: Domain, facts: Facts, grounding: Grounding) -> TaskArrays:
    """The level's finite-domain task; Unreachable when the goal is out of reach."""
    variables = Variables(domain, facts, grounding)
    goal = variables.goal(facts)
    columns = OperatorColumns(domain, variables, grounding.objects)
    blocks = [(schema.name, schema.cost, columns.slots(schema, rows[start:start + BLOCK]))
              for schema, rows in zip(domain.schemas, grounding.rows, strict=True)
              for start in range(0, len(rows), BLOCK)]
    offsets = variables.offsets
    reached = reachable_values(offsets, variables.initial, [slot for _, _, slot in blocks])
    if not all(reached[offsets[variable] + value] for variable, value in goal.items()):
        raise Unreachable("the goal is not reachable in its variable's transitions")
    reachable = np.append(reached, True)  # what conditions left out (-1) index
    blocks = [(name, cost, without_unreached(slot, reachable, offsets))
              for name, cost, slot in blocks]
    # Variables left with one value go, unless the goal names them.
    sizes = np.add.reduceat(reached.astype(np.int64), offsets[:-1]) \
        if len(reached) else np.zeros(0, dtype=np.int64)
    candidates = np.append(sizes > 1, False)
    candidates[list(goal)] = True
    necessary = relevant(candidates, goal, [slot for _, _, slot in blocks], variables.count)
    return _Renumbering(variables, reached, np.flatnonzero(necessary[:-1])).task(
        goal, blocks, grounding.objects)


class _Renumbering:
    """Old (variable, value) to new: the kept variables in order, each one's reached values
    in order. Index tables have a last entry that answers -1 (no variable, any value)."""

    def __init__(self, variables: Variables, reached: Mask, kept: Ints) -> None:
        self.variables, self.kept, offsets = variables, kept, variables.offsets
        self.new_variable = np.full(variables.count + 1, -1, dtype=np.int64)
        self.new_variable[kept] = np.arange(len(kept))
        # Flat by the variables' offsets: a value's rank among its variable's reached values.
        ranks = np.cumsum(reached) - 1
        self.first = np.append(0, np.cumsum(reached))[offsets[:-1]]
        owner = np.repeat(np.arange(variables.count), np.diff(offsets))
        self.new_value = np.append(np.where(reached, ranks - self.first[owner], -1), -1)
        self.chosen = np.flatnonzero(reached).tolist()

    def task(self, goal: dict[int, int], blocks: list[tuple[str, int, Slots]],
             objects: tuple[str, ...]) -> TaskArrays:
        variables, offsets, kept = self.variables, self.variables.offsets, self.kept.tolist()
        names = [name for values in variables.values for name in values]
        starts = self.first.tolist() + [len(self.chosen)]
        new_variables = tuple(
            Variable(f"var{new}", tuple(names[index]
                                        for index in self.chosen[starts[old]:starts[old + 1]]))
            for new, old in enumerate(kept))
        initial = tuple(int(self.new_value[offsets[old] + variables.initial[old]])
                        for old in kept)
        new_goal = tuple(sorted((int(self.new_variable[variable]),
                                 int(self.new_value[offsets[variable] + value]))
                                for variable, value in goal.items()))
        # Each block's slots are dropped once renumbered: old and new columns of all
        # operators are never alive at once (700,000 operators on a 300x300 room).
        new_blocks: list[OperatorBlock] = []
        blocks.reverse()
        while blocks:
            block = self._operators(*blocks.pop())
            if block is not None:
                new_blocks.append(block)
        return TaskArrays(new_variables, initial, new_goal, tuple(new_blocks), objects)

    def _operators(self, schema: str, cost: int, slot: Slots) -> OperatorBlock | None:
        """The operators that change a kept variable, renumbered; None if there are none."""
        effects_new = self.new_variable[slot.effect_variables]
        keep = np.any(effects_new >= 0, axis=1)
        if not keep.any():
            return None
        slot = slot.kept(keep)
        conditions_new = self.new_variable[slot.condition_variables]
        effects_new = effects_new[keep]
        # A condition on a variable the operator changes is its effect's "before", not a
        # prevail condition.
        in_effects = np.zeros(slot.condition_variables.shape, dtype=np.bool_)
        for column in range(slot.effect_variables.shape[1]):
            effect = slot.effect_variables[:, column:column + 1]
            in_effects |= (slot.condition_variables == effect) & (effect >= 0)
        prevail = (conditions_new >= 0) & ~in_effects
        return OperatorBlock(
            schema, cost, slot.rows, np.where(prevail, conditions_new, -1),
            self._value_of(slot.condition_variables, slot.condition_values),
            effects_new, self._value_of(slot.effect_variables, slot.effect_before),
            self._value_of(slot.effect_variables, slot.effect_values))

    def _value_of(self, variables: Ints, values: Ints) -> Ints:
        """The new value of each old (variable, value); -1 stays -1."""
        flat = np.where((variables >= 0) & (values >= 0),
                        self.variables.offsets[variables] + values, -1)
        return self.new_value[flat]
