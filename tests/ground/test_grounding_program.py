"""The program of the relaxed-reachability grounding (translator/ground/grounding_program.py):
rule bodies are joined in an order that keeps the grounder's work small."""

from __future__ import annotations

import re
from collections.abc import Callable

from helpers import ROOT

from strips_model.level_file import load_level
from strips_model.schema import helltaker_domain
from translator.ground.grounding_program import grounding_program
from translator.model.level_facts import level_facts

FIRST_LEVEL = str(sorted((ROOT / "levels").glob("*.txt"))[0])


def _flat_bodies() -> tuple[dict[str, str], Callable[[str], str]]:
    """The program's names of the predicates, and each schema's body (`o3`) with its links
    (`j3(..)`, `k0(..)`, `m2(..)`, join_chains.py) written out: the order of its joins."""
    domain = helltaker_domain()
    program = grounding_program(domain, level_facts(load_level(FIRST_LEVEL)))
    rules = {line.split("(")[0]: line.split(" :- ")[1] for line in program.text.splitlines()
             if " :- " in line and line[0] in "jkmo"}

    def flat(name: str) -> str:
        body = rules[name]
        for link in sorted(set(re.findall(r"\b([jkm]\d+)\(", body)), key=len, reverse=True):
            body = re.sub(rf"\b{link}\([^)]*\)", flat(link), body)
        return body

    return program.names, flat


def test_the_program_joins_through_bound_variables() -> None:
    """`doom_site(H, P, D)` is joined before `doomed(D)` binds D on its own: otherwise every
    doomed cell is tried for every hero cell."""
    names, flat = _flat_bodies()
    step = flat("o0")
    assert step.index(f"{names['doom_site']}(") < step.index(f"{names['doomed']}(")


def test_a_test_of_bound_variables_is_joined_before_a_block_that_fans_out() -> None:
    """A kick tests `calm(H, P)` on the hero's cell before the chain meets the four
    neighbours (`adjacent(H, B, Dir)`): after them, it was tried once per neighbour, in a
    link as large as the schema's ground actions."""
    names, flat = _flat_bodies()
    schemas = [schema.name for schema in helltaker_domain().schemas]
    kick = flat(f"o{schemas.index('kick_boulder_calm')}")
    assert kick.index(f"{names['calm']}(") < kick.index(f"{names['adjacent']}(")
