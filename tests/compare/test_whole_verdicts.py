"""A correct encoding's whole comparison finds no divergence: its level, every state, the
boards, the probes and the lint together (the verdict a student reads), under random names.

Each of these once read right and agreed everywhere, and was still judged to depart from the
game by the lint alone: a comparison `C <= L` (read as `at_most(C, L)`) taken for a part of a
place named twice; where a place is one cell term, a relation of two cells (`doomedAt(P, S)`)
taken for one; a fluent of the free cells (`free(P)`) that a skeleton's death adds while
the hero's next cell stays free, taken for a second value of a one-valued fluent (a second
hero); and the columns, rows and counter each stepped along a relation of their own,
not read at all (the row's relation taken for the successor, the counter's chain unknown).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from compare.agreeing import write_model
from compare.model_encodings import Encoding, random_names, render
from helpers import shared_level

from strips_model.schema import parse_schemas
from translator.compare.check import check_model
from translator.compare.lint.checks import lint


@pytest.mark.planner
@pytest.mark.parametrize("encoding", [
    Encoding(place="rows", adjacency="successor", direction_parameter=False, counter="up",
             walls="floor"),
    Encoding(notation="plain", place="cell", adjacency="per_direction",
             direction_parameter=False, traps="phase", parity="value"),
    Encoding(notation="plain", adjacency="axes", direction_parameter=False),
    Encoding(notation="plain", place="cell", adjacency="per_direction",
             direction_parameter=False, walls="free")],
    ids=lambda encoding: encoding.label)
def test_a_correct_encoding_is_found_to_agree_whole(tmp_path: Path, encoding: Encoding) -> None:
    path = write_model(tmp_path, encoding, render(encoding, random_names(5)))
    comparison = check_model(str(path), [shared_level("levels/tests/trapsmob2.txt")],
                             states=1_000)
    assert comparison.agrees, [f.message for f in comparison.lint]


def test_a_fluent_of_the_free_cells_may_gain_one_while_another_stays() -> None:
    """Not so a boulder: one pushed and left behind is two boulders."""
    (reap,) = parse_schemas("reap(P, Q, S)\n    Precondition: at(P), free(Q), mob(S), box(Q)\n"
                            "    Effect: -mob(S), free(S), box(S)\n", "m.txt")
    kinds = [(f.kind, f.literal) for f in lint((reap,), floors=frozenset({"free"}))]
    assert kinds == [("adds-without-delete", "box(S)")]
    assert ("adds-without-delete", "free(S)") in [
        (f.kind, f.literal) for f in lint((reap,))]
