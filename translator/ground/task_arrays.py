"""The SAS+ task that our translation gives (sas_translation.py), with its operators as arrays.

One value serves every back-end: `--planner fd` writes it as the SAS+ text Fast Downward's
search reads (sas_writer.py), straight from the arrays, since a large room has hundreds of
thousands of operators; the ASP and SAT back-ends read it as `SasTask` values (`sas_task`),
the same values that parsing that text would give (tests/ground/test_grounding_paths.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from translator.ground.sas_format import Operator, SasTask, Variable
from translator.ground.sas_variables import Ints


@dataclass(frozen=True, slots=True, eq=False)  # arrays compare element-wise: identity
class OperatorBlock:
    """Operators of one schema, one row each, numbered as the task's variables and values.

    Columns are the schema's fluent literals; a column that is no prevail condition (or no
    effect) of a row has the variable -1 there. Prevail conditions and effects are listed
    in column order, as the SAS+ text lists them."""

    schema: str
    cost: int
    arguments: Ints
    """Each operator's object numbers (`TaskArrays.objects`), one column per parameter."""
    prevail_variables: Ints
    prevail_values: Ints
    effect_variables: Ints
    effect_before: Ints
    """The value required before the effect, or -1 for any."""
    effect_after: Ints


@dataclass(frozen=True, slots=True)
class TaskArrays:
    variables: tuple[Variable, ...]
    initial: tuple[int, ...]
    """The value of each variable in the initial state."""
    goal: tuple[tuple[int, int], ...]
    """(variable, value) pairs, sorted."""
    blocks: tuple[OperatorBlock, ...]
    """The operators, schema by schema in the domain's order, then by their objects' names."""
    objects: tuple[str, ...]
    """Object names by number, as `OperatorBlock.arguments` gives them."""

    @property
    def operator_count(self) -> int:
        return sum(len(block.arguments) for block in self.blocks)

    @property
    def solved_at_start(self) -> bool:
        return all(self.initial[variable] == value for variable, value in self.goal)

    def sas_task(self) -> SasTask:
        """The task as values: what `parse_sas` reads from the SAS+ text of this task."""
        names = self.objects
        operators: list[Operator] = []
        for block in self.blocks:
            # Lists, not arrays, on the per-operator path: indexing arrays element by element
            # costs several times more.
            prevail = zip(block.prevail_variables.tolist(), block.prevail_values.tolist(),
                          strict=True)
            effects = zip(block.effect_variables.tolist(), block.effect_before.tolist(),
                          block.effect_after.tolist(), strict=True)
            for arguments, (variables, values), (changed, before, after) in zip(
                    block.arguments.tolist(), prevail, effects, strict=True):
                name = " ".join([block.schema, *[names[number] for number in arguments]])
                conditions = zip(variables, values, strict=True)
                changes = zip(changed, before, after, strict=True)
                operators.append(Operator(
                    name, tuple([pair for pair in conditions if pair[0] >= 0]),
                    tuple([change for change in changes if change[0] >= 0]), block.cost))
        return SasTask(self.variables, self.initial, self.goal, tuple(operators))
