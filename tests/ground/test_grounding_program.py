"""The program of the relaxed-reachability grounding (translator/ground/grounding_program.py):
rule bodies are joined in an order that keeps the grounder's work small."""

from __future__ import annotations

import re

from helpers import ROOT

from strips_model.level_file import load_level
from strips_model.schema import helltaker_domain
from translator.ground.grounding_program import grounding_program
from translator.model.level_facts import level_facts

FIRST_LEVEL = str(sorted((ROOT / "levels").glob("*.txt"))[0])


def test_the_program_joins_through_bound_variables() -> None:
    """`doom_site(H, P, D)` is joined before `doomed(D)` binds D on its own: otherwise every
    doomed cell is tried for every hero cell. Bodies are chains of links (`j3(..)`, `k0(..)`,
    `m2(..)`, join_chains.py): the order is that of the body with its links written out."""
    domain = helltaker_domain()
    program = grounding_program(domain, level_facts(load_level(FIRST_LEVEL)))
    names = program.names
    rules = {line.split("(")[0]: line.split(" :- ")[1] for line in program.text.splitlines()
             if " :- " in line and line[0] in "jkmo"}

    def flat(name: str) -> str:
        body = rules[name]
        for link in sorted(set(re.findall(r"\b([jkm]\d+)\(", body)), key=len, reverse=True):
            body = re.sub(rf"\b{link}\([^)]*\)", flat(link), body)
        return body

    step = flat("o0")
    assert step.index(f"{names['doom_site']}(") < step.index(f"{names['doomed']}(")
