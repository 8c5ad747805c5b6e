"""Mutants of a model: edits of the repair's own edit space (edits.py) applied to its schemas,
for the repair benchmark (translator/measure/repair_bench.py), which measures how often the
repair finds each slip's inverse.

Mutants are drawn by a seeded generator, the operators taken in turn, so a small sample
measures every operator.
"""

from __future__ import annotations

import random

from strips_model.schema import Schema
from translator.compare.check import ModelSetUp
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Kind,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.mirror import direction_words, mirror_edits

OPERATORS = ("remove precondition", "remove effect", "negate precondition", "negate effect",
             "argument", "predicate", "add precondition", "add effect", "mirror")


def operator(edit: Edit) -> str:
    if edit.kind in (Kind.ARGUMENT, Kind.PREDICATE, Kind.MIRROR):
        return str(edit.kind)
    return f"{edit.kind} {edit.clause}"


def _edits_of(schema: Schema, signature: Signature, name: str,
              schemas: tuple[Schema, ...], words: tuple[str, ...]) -> list[Edit]:
    """The edits of one schema that one operator makes; a mirror mutant copies a sibling
    direction's body as written (the slip its repair turns back)."""
    if name == "mirror":
        return list(mirror_edits(schema, schemas, words, turn=False))
    if name.startswith("add "):
        return list(added_literals(schema, signature, Clause(name.removeprefix("add "))))
    return [edit for edit in local_edits(schema, signature) if operator(edit) == name]


def mutants(schemas: tuple[Schema, ...], count: int, faults: int, seed: int,
            words: tuple[str, ...] = ()) -> list[tuple[Edit, ...]]:
    """`count` mutants of `faults` edits each, the operators taken in turn: for each fault a
    schema drawn at random, then one of its edits of the operator (a model of hundreds of
    schemas has millions of additions: they are never all listed). An operator no schema of
    a sample offers is left out of the turn (mirror, without direction `words` in the
    schemas' names)."""
    signature = Signature.of(schemas)
    rng = random.Random(seed)
    names = [name for name in OPERATORS
             if any(_edits_of(schema, signature, name, schemas, words) for schema in
                    rng.sample(list(schemas), min(len(schemas), 40)))]
    drawn: list[tuple[Edit, ...]] = []
    for index in range(count):
        picked: list[Edit] = []
        while len(picked) < faults:
            name = names[(index + len(picked)) % len(names)]
            pool = _edits_of(rng.choice(schemas), signature, name, schemas, words)
            if not pool:
                continue
            edit = rng.choice(pool)
            if all((edit.schema, edit.clause, edit.index) != (e.schema, e.clause, e.index)
                   for e in picked):
                picked.append(edit)
        drawn.append(tuple(picked))
    return drawn


def mutants_of(set_up: ModelSetUp, count: int, faults: int, seed: int
               ) -> list[tuple[Edit, ...]]:
    """`mutants` of the model `set_up` holds, a mirror mutant where its names say their
    direction in its vocabulary's words."""
    schemas = set_up.file.report.schemas
    return mutants(schemas, count, faults, seed, direction_words(schemas, set_up.model.words))


def mutated(schemas: tuple[Schema, ...], faults: tuple[Edit, ...]) -> tuple[Schema, ...]:
    return apply_edits(schemas, faults)


def gives_back(mutant: tuple[Schema, ...], edits: tuple[Edit, ...],
               schemas: tuple[Schema, ...]) -> bool:
    """Whether `edits` turn the mutant back into the model's own schemas."""
    return tuple(map(schema_key, apply_edits(mutant, edits))) == tuple(map(schema_key, schemas))
