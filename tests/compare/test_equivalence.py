"""The STRIPS model says exactly what the simulator does (issue: model equivalence).

In sampled states of every level, the applicable ground actions of `helltaker.strips`
correspond one to one to the legal key presses, with the same successor and cost.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import ROOT, SHARED, shared_level_files, shared_params

from strips_model.level import load_level, parse_level
from strips_model.random_level import random_level_text
from strips_model.schema import helltaker_domain, parse_domain
from translator.compare.equivalence import compare, sample_states

STATES_PER_LEVEL = 200
RANDOM_LEVELS = 50
MODEL_TEXT = (ROOT / "strips_model" / "helltaker.strips").read_text("utf-8")


@pytest.mark.parametrize("relpath", shared_params(shared_level_files()))
def test_model_matches_simulator_on_shared_levels(relpath: str) -> None:
    level = load_level(str(SHARED / "levels" / relpath))
    states = sample_states(level, STATES_PER_LEVEL, seed=2026)
    assert compare(helltaker_domain(), level, states) == []


@pytest.mark.parametrize("path", sorted(p.name for p in (ROOT / "levels").glob("*.txt")))
def test_model_matches_simulator_on_repo_levels(path: str) -> None:
    level = load_level(str(ROOT / "levels" / path))
    assert compare(helltaker_domain(), level, sample_states(level, STATES_PER_LEVEL, 7)) == []


def test_sampling_gives_the_count_asked_or_every_reachable_state() -> None:
    """Small maps have fewer reachable states than the sample size: then all are checked."""
    big = load_level(str(ROOT / "levels" / "level1.txt"))
    states = sample_states(big, STATES_PER_LEVEL, 3)
    assert len(set(states)) == len(states) == STATES_PER_LEVEL
    corridor = parse_level("c\n9\n#H  D#\n")
    assert set(sample_states(corridor, STATES_PER_LEVEL, 3)) == {
        corridor.start,
        *(s for s in sample_states(corridor, 1000, 4)),
    }
    assert len(sample_states(corridor, STATES_PER_LEVEL, 3)) == 3  # start, 1 and 2 steps right


def test_model_matches_simulator_on_random_levels() -> None:
    checked = 0
    for seed in range(RANDOM_LEVELS):
        rng = random.Random(seed)
        level = parse_level(random_level_text(rng, rng.randint(4, 9), rng.randint(4, 8)),
                            source=f"<random {seed}>")
        states = sample_states(level, 60, seed)
        mismatches = compare(helltaker_domain(), level, states)
        assert mismatches == [], f"seed {seed}: {mismatches[0]}"
        checked += len(states)
    assert checked > RANDOM_LEVELS * 10


def _broken(old: str, new: str) -> str:
    assert MODEL_TEXT.count(old) >= 1, old
    return MODEL_TEXT.replace(old, new, 1)


# Each mutation is a plausible modelling slip; the check must catch every one.
MUTATIONS = {
    "step ignores obstacles": ("hero(H), adjacent(H, N, Dir), -occupied(N), calm(N, P),",
                               "hero(H), adjacent(H, N, Dir), calm(N, P),"),
    "spikes cost 1": ("    Cost: 2\n\n# ---- R-A1", "    Cost: 1\n\n# ---- R-A1"),
    "doomed skeleton never dies": (
        "Effect: -skeleton(S), -occupied(S), skeleton(M), occupied(M), doomed(M),\n"
        "            -phase(P), phase(Q),\n            -doomed(D), -skeleton(D), -occupied(D)",
        "Effect: -skeleton(S), -occupied(S), skeleton(M), occupied(M), doomed(M),\n"
        "            -phase(P), phase(Q),\n            -doomed(D)"),
    "key not taken": ("Effect: -hero(H), hero(N), has_key(K), won(G),",
                      "Effect: -hero(H), hero(N), won(G),"),
}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_a_broken_schema_is_caught(mutation: str) -> None:
    domain = parse_domain(_broken(*MUTATIONS[mutation]), "broken.strips")
    found = 0
    for path in sorted((ROOT / "levels").glob("*.txt")) + sorted(
            Path(SHARED / "levels").glob("*/*.txt")):
        level = load_level(str(path))
        found += len(compare(domain, level, sample_states(level, 100, 1)))
        if found:
            break
    assert found > 0, f"the mutation {mutation!r} went unnoticed"
