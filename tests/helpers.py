"""Plain helpers for the tests: the ../shared directory, levels drawn inline, short replays.

Tests import them by name (`from helpers import make_level`): pytest puts this directory on
`sys.path` because `tests/` is not a package. Tables of expected results and fixtures live in
conftest.py, which no test imports.
"""

from __future__ import annotations

import textwrap
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from strips_model.level import Cell, Level, State
from strips_model.level_file import load_level, parse_level
from strips_model.moves import Direction
from strips_model.simulator import Move, step

ROOT = Path(__file__).resolve().parents[1]
"""The project checkout (the directory holding pyproject.toml)."""
SHARED = ROOT.parent / "shared"
"""Rules, level files, par table and seed reports shared by every checkout."""
SHARED_ABSENT = "../shared is absent: shared levels, PAR.md and seeds cannot be read"


def shared_path(relpath: str) -> Path:
    """Path of a file under ../shared; skips the test when the directory is missing."""
    if not SHARED.is_dir():
        pytest.skip(SHARED_ABSENT)
    return SHARED / relpath


def shared_level(relpath: str) -> Level:
    """Load a shared level, e.g. `shared_level("levels/classic/level1.txt")`."""
    return load_level(str(shared_path(relpath)))


def shared_params(values: list[Any]) -> list[Any]:
    """Parameters for a test over shared data: one skipped parameter when ../shared is absent."""
    if values:
        return values
    return [pytest.param(None, marks=pytest.mark.skip(reason=SHARED_ABSENT))]


def shared_level_files() -> list[str]:
    """Every shared level as a path relative to ../shared/levels, e.g. `classic/level1.txt`."""
    levels = SHARED / "levels"
    if not levels.is_dir():
        return []
    return sorted(path.relative_to(levels).as_posix() for path in levels.glob("*/*.txt"))


def make_level(grid: str, budget: int = 99, title: str = "inline") -> Level:
    """Build a level from a grid drawn in a triple-quoted string (common indentation removed).

    Draw at least one row starting with a non-blank character, or the dedent would eat
    meaningful leading floor.
    """
    rows = textwrap.dedent(grid).strip("\n")
    return parse_level(f"{title}\n{budget}\n{rows}\n", source="<inline>")


def play(level: Level, letters: str, state: State | None = None) -> tuple[State, list[int]]:
    """Apply English letters from the start (or `state`); every letter must be an action.

    Returns the final state and the cost of each letter.
    """
    current = level.start if state is None else state
    costs: list[int] = []
    for index, letter in enumerate(letters, start=1):
        outcome = step(level, current, Direction(letter))
        assert isinstance(outcome, Move), f"letter {index} {letter!r} is not an action: {outcome}"
        costs.append(outcome.cost)
        current = outcome.state
    return current, costs


def last_move(level: Level, letters: str) -> Move:
    """The `Move` of the last letter of `letters`, the earlier ones applied from the start."""
    before, _ = play(level, letters[:-1])
    outcome = step(level, before, Direction(letters[-1]))
    assert isinstance(outcome, Move), f"last letter {letters[-1]!r} is not an action: {outcome}"
    return outcome


def state(
    hero: Cell,
    boulders: tuple[Cell, ...] = (),
    skeletons: tuple[Cell, ...] = (),
    has_key: bool = False,
    lock_closed: bool = False,
    parity: int = 0,
) -> State:
    """A `State` written with tuples, for exact comparisons."""
    return State(hero, frozenset(boulders), frozenset(skeletons), has_key, lock_closed, parity)


def open_room(folder: Path, side: int, budget: int = 1000) -> str:
    """An open walled room, hero top-left, demon bottom-right, written into `folder`: its
    grounding grows as side^2, and `--planner search` takes minutes over a large one."""
    rows = ["#" * side] + ["#" + " " * (side - 2) + "#" for _ in range(side - 2)] + ["#" * side]
    rows[1] = "#H" + rows[1][2:]
    rows[side - 2] = rows[side - 2][:side - 2] + "D#"
    path = folder / f"room{side}.txt"
    path.write_text(f"room {side}\n{budget}\n" + "\n".join(rows) + "\n")
    return str(path)


def leave_out_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """`compare` (the command line's and `checked_model`'s) without the generated boards, for
    tests whose claims are about something else: the boards cost a forked child per layout
    (2 to 3 s of CPU a comparison). Their verdicts are tested in tests/compare/runs/
    (test_board_check.py, test_mechanic_boards.py), and through the command line by
    tests/cli/test_compare.py's test_our_own_model_as_report_finds_no_divergence and
    tests/cli/test_compare_class.py's test_levels_get_a_verdict_per_model."""
    from translator.compare import check, comparison

    monkeypatch.setattr(check, "compare", partial(comparison.compare, boards=False))


def check_probes_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """`compare`'s rule probes checked in this process by the function each probe's forked
    child runs (`coverage._probe_here`), without the child and its bound, for tests whose
    claims are about something else: 21 children cost about 2 s of CPU a comparison in a
    test process. The children and their bound are tested by tests/compare/test_comparison.py
    (every batching against the probes checked without a child) and
    tests/compare/runs/test_verdicts.py."""
    from translator.compare import comparison
    from translator.compare.runs import coverage

    def here(model: Any, probe: Any, limits: Any = None) -> Any:
        return coverage._probe_here((model, probe))

    monkeypatch.setattr(comparison, "bounded_probe", here)
