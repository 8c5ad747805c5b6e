"""The vocabulary inference as named steps over one set of facts
(translator/compare/vocabulary/inference.py, facts.py, roles.py): the roles enum is the
vocabulary's roles, the facts are read once, and each sentence of evidence is written by the
step that decides it, never written and taken back."""

from __future__ import annotations

from pathlib import Path

from strips_model.reports.vocabulary import PLACED_ROLES, ROLES
from strips_model.schema import Schema
from translator.compare.check import read_model
from translator.compare.vocabulary.adjacency import find_adjacency
from translator.compare.vocabulary.inference import (
    adjacency_step,
    hero_step,
    infer_vocabulary,
    parts_by_what_actions_do,
)
from translator.compare.vocabulary.roles import PLACED, Role
from translator.compare.vocabulary.structure import schema_facts

MODELS = Path(__file__).parents[2] / "strips_model" / "reports" / "models"


def _schemas(name: str) -> tuple[Schema, ...]:
    return read_model(str(MODELS / name)).report.schemas


def test_the_roles_enum_is_the_vocabularys_roles_in_order() -> None:
    assert tuple(role.value for role in Role) == ROLES
    assert tuple(role.value for role in PLACED) == PLACED_ROLES


def test_the_vocabulary_names_roles_as_plain_strings() -> None:
    words = infer_vocabulary(_schemas("m2_textbook.md"), "m2", True).vocabulary
    assert words.roles
    assert all(type(role) is str for role, _ in words.roles)
    assert all(type(role) is str for role, _ in words.places)


def test_the_facts_name_the_hero_and_its_place() -> None:
    facts = schema_facts(_schemas("m11_relation_per_direction.txt"), True, (), ())
    assert facts.hero is not None and facts.hero in facts.fluents
    assert facts.width in (1, 2)
    found = hero_step(facts)
    assert dict(found.roles) == {Role.HERO: facts.hero}
    assert [e.about for e in found.evidence] == [Role.HERO]


def test_an_adjacency_relation_says_the_coordinates_once() -> None:
    schemas = _schemas("m11_relation_per_direction.txt")
    facts = schema_facts(schemas, True, (), ())
    adjacency = find_adjacency(facts)
    assert adjacency is not None
    assert set(adjacency_step(adjacency).roles) <= {
        Role.ADJACENT_UP, Role.ADJACENT_DOWN, Role.ADJACENT_LEFT, Role.ADJACENT_RIGHT}
    evidence = infer_vocabulary(schemas, "m11", True).evidence
    coordinates = [line for line in evidence if line.startswith("coordinates:")]
    assert coordinates == ["coordinates: the column first and rows downward, as RULES.md "
                           "counts them; any other reads the moves alike, since each level's "
                           "Init lists the adjacency relation in the same one"]
    assert not any(line.startswith("no key press") for line in evidence)


def test_without_adjacency_the_displacements_say_the_coordinates() -> None:
    evidence = infer_vocabulary(_schemas("m2_textbook.md"), "m2", True).evidence
    coordinates = [line for line in evidence if line.startswith("coordinates:")]
    assert len(coordinates) == 1
    assert coordinates[0].startswith("coordinates: the first argument of a place is the ")


def test_parts_by_what_actions_do_return_only_new_roles() -> None:
    facts = schema_facts(_schemas("m2_textbook.md"), True, (), ())
    before = {**hero_step(facts).roles}
    found = parts_by_what_actions_do(facts, before)
    assert found.roles
    assert not set(found.roles) & set(before)
    assert [e.about for e in found.evidence] == list(found.roles)
