"""Fast Downward's exit codes, read once (translator/planners/exit_codes.py), and SymK's one
exception."""

from __future__ import annotations

import pytest

from translator.planners.exit_codes import FastDownwardExit, status_of_exit, symk_status
from translator.planners.outcome import Status


@pytest.mark.parametrize(("code", "status"), [
    (0, Status.SOLVED), (2, Status.SOLVED), (10, Status.UNSOLVABLE), (11, Status.UNSOLVABLE),
    (12, Status.ERROR), (13, Status.UNSOLVABLE), (22, Status.OUT_OF_MEMORY), (23, Status.TIMEOUT),
    (33, Status.ERROR), (99, Status.ERROR), (-9, Status.ERROR)])
def test_fast_downward_exit_codes(code: int, status: Status) -> None:
    assert status_of_exit(code) is status


def test_symk_exhausting_its_bound_is_a_proof() -> None:
    exhausted = "BOUND: 5 < 6\nBOUND: 6 < 6\nSearch stopped without finding a solution.\n"
    incomplete = "BOUND: 5 < 6\nSearch stopped without finding a solution.\n"
    code = FastDownwardExit.SEARCH_UNSOLVED_INCOMPLETE
    assert symk_status(code, exhausted) is Status.UNSOLVABLE
    assert symk_status(code, incomplete) is Status.ERROR
    assert symk_status(0, exhausted) is Status.SOLVED
