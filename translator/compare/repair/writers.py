"""The effect that wrote the hidden fact a blocked move fails on.

Where the model has no action for a key press the game makes, the closest schema fails on one
literal (verify.py words it `name fails on literal(objects)`). When that fact is a fluent, some
earlier action along the game's plan often wrote it wrong: an effect negated, removed or
re-argued shows only later, where the fact it left stops another schema. The edits of the
effect literals of the latest action that wrote the fact (added it, for a negative literal
failing; deleted it, for a positive one) are then the likely cure, though the failure names
another schema.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from strips_model.errors import HelltakerError
from strips_model.schema import Literal, Schema
from translator.compare.models.compared import ComparedModel
from translator.compare.repair.edits import Clause, Edit, Signature, local_edits
from translator.compare.repair.evidence import Case
from translator.compare.repair.uses import followed
from translator.compare.repair.verify import Failure
from translator.model.level_facts import Atom

_FAILS_ON = re.compile(r"fails on (-?)([A-Za-z_][\w']*)\(([^)]*)\)")


def writer_edits(model: ComparedModel, case: Case, failure: Failure,
                 schemas: Sequence[Schema]) -> list[Edit]:
    """The local edits of the effects that wrote the fact the failure's blocked schema fails
    on (the latest writer along the game's plan); none when the failure is of another kind
    or the fact was never written."""
    found = _FAILS_ON.search(failure.what)
    if found is None or case.plan is None or failure.letter is None \
            or not failure.what.startswith("on the game's plan"):
        return []
    negative, predicate, objects = found.groups()
    atom: Atom = (predicate, *(o.strip() for o in objects.split(",") if o.strip()))
    try:
        on = model.on(case.level)
    except HelltakerError:
        return []
    names = sorted((s.name for s in schemas), key=len, reverse=True)
    by_name = {s.name: s for s in schemas}
    for action in reversed(followed(on, case.level, case.plan[:failure.letter - 1])):
        if atom not in (action.add if negative else action.delete):
            continue
        name = next((n for n in names if action.schema.startswith(n)), None)
        if name is None:
            return []
        schema, binding = by_name[name], dict(action.binding)
        written = {index for index, literal in enumerate(schema.effects)
                   if literal.positive == bool(negative) and _ground(literal, binding) == atom}
        return [edit for edit in local_edits(schema, Signature.of(schemas))
                if edit.clause is Clause.EFFECT and edit.index in written]
    return []


def _ground(literal: Literal, binding: dict[str, str]) -> Atom | None:
    values: list[str] = []
    for term in literal.args:
        if term.offset != 0 or (term.is_variable and term.name not in binding):
            return None
        values.append(binding[term.name] if term.is_variable else term.name)
    return (literal.predicate, *values)
