"""Actions sharing a name (issue 33): each read and kept apart, named by the constants of
their headers or by their order (reading.split_name), never refused as defined twice."""

from __future__ import annotations

from strips_model.reports.notation import read_model
from strips_model.schema import build_domain


def test_actions_of_one_name_are_told_apart_by_their_constants() -> None:
    text = ("do(act(move, D), step)\nPrecondition: dir(D)\nEffect: moved(D)\n\n"
            "do(act(push, D), step)\nPrecondition: dir(D)\nEffect: pushed(D)\n\n"
            "- act(moveup, (x,y), (x',y'), time(t))\nPrecondition: at(x,y)\nEffect: at(x,y')\n\n"
            "- act(movedown, (x,y), (x',y'), time(t))\nPrecondition: at(x,y')\nEffect: at(x,y)\n")
    reading = read_model(text, "m.txt")
    assert [schema.name for schema in reading.schemas] == [
        "do_move", "do_push", "act_moveup", "act_movedown"]
    # The constants leave the parameters; the function names of nested terms are none.
    assert [p.name for p in reading.schemas[0].parameters] == ["D", "step"]
    assert [p.name for p in reading.schemas[2].parameters] == ["x", "y", "x'", "y'", "t"]
    build_domain(reading.schemas, "m.txt")  # no schema defined twice


def test_actions_no_constant_tells_apart_are_numbered_in_order() -> None:
    text = ("Move(x, y)\nPrecondition: at(x)\nEffect: at(y)\n\n"
            "Move(x, y)\nPrecondition: at(y)\nEffect: at(x) ∧ (a(x) => b(x))\n")
    names = [schema.name for schema in read_model(text, "m.txt").schemas]
    assert names == ["Move_def1", "Move_def2_when1", "Move_def2_when2"]
