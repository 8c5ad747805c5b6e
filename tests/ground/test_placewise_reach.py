"""The place-wise analysis (placewise_reach.py) only leaves out schemas relaxed reachability
never applies: clingo's grounding with it is the grounding without it, on random domains and
facts, on our model with a precondition dropped, cut into parts, and on a real model of
hundreds of schemas, where it leaves most of them out."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from helpers import shared_level
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.errors import Position
from strips_model.schema import Domain, Literal, Parameter, Schema, Term, build_domain
from translator.compare.check import our_model, set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.runs.evidence import probe_cases
from translator.compare.runs.grounding_budget import GROUNDING_BUDGET
from translator.ground import clingo_grounding
from translator.ground.clingo_grounding import Grounding, ground
from translator.ground.grounding_estimate import count_grounding
from translator.ground.placewise_reach import possibly_applicable
from translator.ground.schema_parts import cut_domain
from translator.measure.repair_bench import bench_models
from translator.model.level_facts import Facts, level_facts

OBJECTS = ("a", "b", "c")
ARITIES = {"p": 0, "q": 1, "r": 2, "s": 1, "t": 2}
AT = Position("<generated>", 1, 1)
EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)


@contextmanager
def _every_schema_kept() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(clingo_grounding, "possibly_applicable",
                      lambda domain, facts: tuple(True for _ in domain.schemas))
        yield


def _same_as_unfiltered(domain: Domain, facts: Facts) -> Grounding:
    filtered = ground(domain, facts)
    with _every_schema_kept():
        whole = ground(domain, facts)
    assert filtered.schemas == whole.schemas
    assert filtered.atoms == whole.atoms
    assert filtered.actions == whole.actions
    return filtered


@st.composite
def _literals(draw: st.DrawFn, variables: tuple[str, ...], most: int) -> tuple[Literal, ...]:
    found = []
    for _ in range(draw(st.integers(0, most))):
        predicate = draw(st.sampled_from(sorted(ARITIES)))
        args = tuple(Term(name, name in variables) for name in draw(st.lists(
            st.sampled_from((*variables, *OBJECTS)), min_size=ARITIES[predicate],
            max_size=ARITIES[predicate])))
        found.append(Literal(predicate, args, draw(st.booleans()), AT))
    return tuple(found)


@st.composite
def _domains(draw: st.DrawFn) -> tuple[Domain, Facts]:
    """A few schemas of up to two parameters over five predicates, with random facts: the
    predicates no schema changes are static."""
    schemas = []
    for number in range(draw(st.integers(1, 6))):
        variables = tuple(f"X{n}" for n in range(draw(st.integers(0, 2))))
        schemas.append(Schema(f"a{number}", tuple(Parameter(v, "obj") for v in variables),
                              draw(_literals(variables, 3)), draw(_literals(variables, 2)), 1,
                              AT))
    domain = build_domain(tuple(schemas), "generated")
    changed = {literal.predicate for schema in schemas for literal in schema.effects}
    atoms = [(name, *draw(st.lists(st.sampled_from(OBJECTS), min_size=arity, max_size=arity)))
             for name, arity in ARITIES.items() for _ in range(draw(st.integers(0, 3)))]
    return domain, Facts({"obj": OBJECTS},
                         frozenset(atom for atom in atoms if atom[0] not in changed),
                         frozenset(atom for atom in atoms if atom[0] in changed), ())


@settings(max_examples=max(EXAMPLES, 60), derandomize=not EXAMPLES, deadline=None)
@given(task=_domains())
def test_random_domains_ground_the_same(task: tuple[Domain, Facts]) -> None:
    _same_as_unfiltered(*task)


LEVELS = [case.level for case in probe_cases(symmetric=False)]


@settings(max_examples=max(EXAMPLES // 10, 6), derandomize=not EXAMPLES, deadline=None)
@given(drop=st.integers(0, 400), at=st.integers(0, 100), parts=st.booleans())
def test_our_model_edited_grounds_the_same(drop: int, at: int, parts: bool) -> None:
    """One precondition dropped (a schema may then reach more), whole or cut into parts."""
    schemas = our_model()[0].schemas
    schema = schemas[drop % len(schemas)]
    gone = drop % len(schema.preconditions)
    edited = replace(schema, preconditions=schema.preconditions[:gone]
                     + schema.preconditions[gone + 1:])
    domain = build_domain(tuple(edited if s is schema else s for s in schemas), "edited")
    if parts:
        domain = cut_domain(domain).domain
    _same_as_unfiltered(domain, level_facts(LEVELS[at % len(LEVELS)]))


@pytest.mark.parametrize("number", [2, 8])
def test_a_real_model_of_hundreds_of_schemas_keeps_few(number: int) -> None:
    """The course's French model splits its disjunctions into 849 planning schemas; a classic
    level reaches a few dozen, and the analysis keeps under half. The grounding budget's count,
    made of the kept schemas alone, is still at least the grounding."""
    path = next(path for path in bench_models() if path.endswith("course_fr.txt"))
    level = shared_level(f"levels/classic/level{number}.txt")
    compared = set_up_model(path, [level]).model
    assert not isinstance(compared, UnbuildableModel)
    task = compared.on(level).planning_task()
    assert task is not None
    domain, facts = task
    kept = possibly_applicable(domain, facts)
    grounding = _same_as_unfiltered(domain, facts)
    reached = [len(rows) > 0 for rows in grounding.rows]
    assert all(keep for keep, has in zip(kept, reached, strict=True) if has)
    assert sum(reached) <= sum(kept) < len(domain.schemas) // 2
    counted = count_grounding(domain, facts, GROUNDING_BUDGET, joined=True)
    assert len(counted.schemas) == sum(kept)
    assert counted.actions >= grounding.action_count > 0
