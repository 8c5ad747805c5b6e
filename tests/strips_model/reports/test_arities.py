"""A literal whose number of arguments differs from its predicate's other uses (issue 33):
the model is read whole, the literal recorded with the edit that fixes it."""

from __future__ import annotations

from strips_model.reports.notation import read_model


def test_an_arity_clash_is_recorded_not_refused() -> None:
    text = ("Move(x, y)\nPrecondition: at(x) ∧ adj(x, y)\nEffect: at(y) ∧ ¬at(x)\n\n"
            "Kick(x, y)\nPrecondition: at(x, y) ∧ mob(y)\nEffect: ¬mob(y)\n")
    reading = read_model(text, "m.txt")
    assert [schema.name for schema in reading.schemas] == ["Move", "Kick"]
    (clash,) = reading.arity_clashes()
    assert (clash.schema, clash.predicate, clash.found, clash.expected) == ("Kick", "at", 2, 1)
    assert str(clash).startswith("m.txt:6:15: at has 2 arguments here but 1 elsewhere "
                                 "(first at line 2): write it with 1")
    assert reading.clashing_schemas() == frozenset({"Kick"})


def test_a_model_without_clashes_records_none() -> None:
    text = "Move(x, y)\nPrecondition: at(x)\nEffect: at(y)\n"
    assert read_model(text, "m.txt").arity_clashes() == ()
