"""The SAS+ reader (translator/ground/sas_format.py): the task Fast Downward's translator
writes, the reference the ASP and SAT back-ends can encode, is read whole and checked."""

from __future__ import annotations

import pytest

from strips_model.errors import RunError
from translator.ground.sas_format import parse_sas

SMALL = """begin_version
3
end_version
begin_metric
1
end_metric
2
begin_variable
var0
-1
2
Atom at(a)
Atom at(b)
end_variable
begin_variable
var1
-1
2
Atom won()
NegatedAtom won()
end_variable
0
begin_state
0
1
end_state
begin_goal
1
1 0
end_goal
1
begin_operator
go a b
1
1 1
1
0 0 0 1
3
end_operator
0
"""


def test_a_small_task_is_read_whole() -> None:
    task = parse_sas(SMALL)
    assert [variable.values for variable in task.variables] == \
        [("Atom at(a)", "Atom at(b)"), ("Atom won()", "NegatedAtom won()")]
    assert (task.initial, task.goal) == ((0, 1), ((1, 0),))
    (operator,) = task.operators
    assert (operator.name, operator.prevail, operator.effects, operator.cost) == \
        ("go a b", ((1, 1),), ((0, 0, 1),), 3)
    assert operator.preconditions == ((1, 1), (0, 0))


@pytest.mark.parametrize(("broken", "message"), [
    (SMALL.replace("0 0 0 1", "1 1 1 0 0 1"), "conditional effect"),
    (SMALL[:-2] + "1\n", "axioms"),
    (SMALL.replace("var0\n-1", "var0\n0"), "derived variables"),
    ("\n".join(SMALL.splitlines()[:12]), "ends early"),
    (SMALL.replace("begin_state\n0", "begin_state\nzero"), "expected numbers, found 'zero'"),
    (SMALL.replace("begin_goal", "begin_gaol"), "expected 'begin_goal'"),
])
def test_what_the_back_ends_cannot_encode_is_refused(broken: str, message: str) -> None:
    with pytest.raises(RunError, match=message):
        parse_sas(broken)
