"""Our translated task (task_arrays.py) as the SAS+ text, format version 3, that Fast
Downward's search reads: what `--planner fd` writes. No mutex groups, no axioms.

Most of the text is operators, and a 300x300 room has 700,000 of them: making each
operator's lines from Python values would cost more than the translation. So the text is
assembled from string columns instead: each row of a matrix of string pieces is one
operator, the pieces of unused columns are masked out, and the rest joined in row-major
order. Every piece comes from a table built once (a number, an object's name, a (variable,
value) pair, each with its separator), so no string is made per operator but the text.
"""

from __future__ import annotations

import numpy as np

from translator.ground.task_arrays import OperatorBlock, TaskArrays


def sas_text(task: TaskArrays) -> str:
    """The SAS+ text of the task."""
    out = ["begin_version", "3", "end_version", "begin_metric", "1", "end_metric",
           str(len(task.variables))]
    for variable in task.variables:
        out += ["begin_variable", variable.name, "-1", str(len(variable.values)),
                *variable.values, "end_variable"]
    out += ["0", "begin_state", *map(str, task.initial), "end_state",
            "begin_goal", str(len(task.goal)), *(f"{var} {value}" for var, value in task.goal),
            "end_goal", str(task.operator_count)]
    pieces = _Pieces(task)
    # Each block's text ends with a newline, as the header's last line does not.
    return "\n".join(out) + "\n" + "".join([pieces.operators(block) for block in task.blocks]) \
        + "0\n"


class _Pieces:
    """The tables of string pieces that the operators' text is assembled from."""

    def __init__(self, task: TaskArrays) -> None:
        variables = task.variables
        numbers = max([len(variables)] + [len(variable.values) for variable in variables]) + 2
        self.numbers = np.array([f"{number}\n" for number in range(numbers)], dtype=object)
        # The text of each (variable, value or -1): `"v x\n"` for prevail lines and
        # `"0 v x "` for the start of effect lines, at starts[v] + 1 + x.
        self.starts = np.zeros(len(variables) + 1, dtype=np.int64)
        self.starts[1:] = np.cumsum([len(variable.values) + 1 for variable in variables])
        pairs = [f"{number} {value}" for number, variable in enumerate(variables)
                 for value in range(-1, len(variable.values))]
        self.prevail_text = np.array([f"{pair}\n" for pair in pairs] + [""], dtype=object)
        self.effect_text = np.array([f"0 {pair} " for pair in pairs] + [""], dtype=object)
        self.names = np.array([f" {name}" for name in task.objects], dtype=object)
        self.last_names = np.array([f" {name}\n" for name in task.objects], dtype=object)

    def operators(self, block: OperatorBlock) -> str:
        """The block's operators' text, each operator ending in a newline."""
        rows = block.arguments
        prevail = block.prevail_variables >= 0
        changed = block.effect_variables >= 0
        starts = self.starts
        n, arity = rows.shape
        conditions, effects = prevail.shape[1], changed.shape[1]
        # Columns: head (with the schema's name), arguments, count, prevail lines, count,
        # effect lines (two pieces each), cost and tail.
        width = 1 + arity + 1 + conditions + 1 + 2 * effects + 1
        matrix = np.empty((n, width), dtype=object)
        mask = np.ones((n, width), dtype=np.bool_)
        matrix[:, 0] = f"begin_operator\n{block.schema}" + ("" if arity else "\n")
        for column in range(arity):
            table = self.last_names if column == arity - 1 else self.names
            matrix[:, 1 + column] = table[rows[:, column]]
        at = 1 + arity
        matrix[:, at] = self.numbers[prevail.sum(axis=1)]
        matrix[:, at + 1:at + 1 + conditions] = self.prevail_text[
            np.where(prevail, starts[block.prevail_variables] + 1 + block.prevail_values, -1)]
        mask[:, at + 1:at + 1 + conditions] = prevail
        at += 1 + conditions
        matrix[:, at] = self.numbers[changed.sum(axis=1)]
        matrix[:, at + 1:at + 1 + 2 * effects:2] = self.effect_text[
            np.where(changed, starts[block.effect_variables] + 1 + block.effect_before, -1)]
        matrix[:, at + 2:at + 2 + 2 * effects:2] = self.numbers[
            np.where(changed, block.effect_after, 0)]
        mask[:, at + 1:at + 1 + 2 * effects:2] = changed
        mask[:, at + 2:at + 2 + 2 * effects:2] = changed
        matrix[:, -1] = f"{block.cost}\nend_operator\n"
        return "".join(matrix[mask].tolist())
