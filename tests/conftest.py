"""The tables of expected results, and how tests receive them.

One table of levels: every shared level with the budget and par PAR.md lists (read by the
project's own PAR.md reader), and every level of `levels/` with the budget and par it was made
with. One table of published plans: the plans the seed reports printed, with the verdict the
rules give each (valid, or the exact reason it is rejected).

Tests never import this module. A test that takes an argument named `level_case` (every
level), `shared_case`, `repo_case` or `published_plan` is run once per row (see
`pytest_generate_tests`); the `level_table` and `published_plans` fixtures hand out the whole
tables. Plain helpers are in helpers.py.
"""

from __future__ import annotations

import gc
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import ROOT, SHARED, SHARED_ABSENT, check_probes_here, leave_out_boards

from strips_model.par import read_par_table


@dataclass(frozen=True)
class LevelCase:
    path: Path
    label: str
    """`classic/level1.txt` for a shared level (its PAR.md key), `levels/x.txt` for ours."""
    budget: int
    """The budget line of the file."""
    par: int
    """Least total cost under RULES.md, damage included (R-G3)."""

    @property
    def shared(self) -> bool:
        return not self.label.startswith("levels/")


REPO_LEVELS: dict[str, tuple[int, int]] = {
    "level1.txt": (23, 23),
    "level6_report.txt": (43, 42),
    "lock_and_key.txt": (14, 14),
    "static_spikes.txt": (8, 8),
    "trap_lowered_start.txt": (10, 10),
    "trap_raised_start.txt": (6, 6),
    "skeleton_on_spikes.txt": (10, 10),
    "skeleton_on_trap.txt": (9, 9),
    "boulder_wait.txt": (5, 5),
    "boulder_on_key.txt": (12, 12),
    "hero_starts_next_to_demon.txt": (0, 0),
}
"""(budget, par) of each file in levels/; budget = par but for level 6's one move of slack, as
in PAR.md (levels/README.md says where each comes from)."""


def shared_cases() -> tuple[LevelCase, ...]:
    return tuple(LevelCase(SHARED / "levels" / row.level, row.level, row.budget, row.par)
                 for row in read_par_table(SHARED / "PAR.md"))


def repo_cases() -> tuple[LevelCase, ...]:
    return tuple(LevelCase(ROOT / "levels" / name, f"levels/{name}", budget, par)
                 for name, (budget, par) in sorted(REPO_LEVELS.items()))


@dataclass(frozen=True)
class PublishedPlan:
    level: str
    """The level file under ../shared/levels."""
    letters: str
    alphabet: str
    source: str
    """Where the seed printed it."""
    rejected: str | None = None
    """The validator's exact reason when the rules reject the plan; None when it is valid."""


_SEED_000 = "seed 000, section 2.3"
PUBLISHED_PLANS: tuple[PublishedPlan, ...] = (
    PublishedPlan("classic/level1.txt", "dlllllllddlddrruurrrrdr", "en",
                  "seed 003, Level #1 output"),
    # Seed 000 lists traps1 as "None" (no plan found), so it has no row; the exhaustive search
    # solves it. Its plans for levels 3, 6 and 8 are each one letter short of a valid plan,
    # traced by hand against RULES.md:
    # - level 3: after letter 17 the hero is at (7,5) with the key; letter 18 kicks the
    #   skeleton from (7,6) to (7,7), 19 steps to (7,6), 20 kicks the skeleton into the wall
    #   at (7,8) (destroyed, R-A4); letter 21 'h' faces the wall at (6,6). With one more 'd'
    #   the plan is valid at 32 (the par).
    # - level 6: letter 24 'b' kicks the skeleton at (6,2) into the wall at (7,2) with the hero
    #   at (5,2); letter 25 'd' faces the wall at (5,3). With a fourth 'd' in "bbddd" it is
    #   valid at 43.
    # - level 8: the hero ends at (3,5), two rows below the demon at (1,5); one more 'h'
    #   before "dd" makes it valid at 12.
    *(PublishedPlan(level, letters, "fr", _SEED_000, rejected) for level, letters, rejected in (
        ("tests/locknkey.txt", "gggddddddddd", None),
        ("tests/corridor.txt", "bbb", None),
        ("tests/spikes1.txt", "dbddh", None),
        ("tests/spikes2.txt", "dddddd", None),
        ("tests/spikes3.txt", "ddddddd", None),
        ("tests/spikes4.txt", "bbb", None),
        ("tests/trapsmob1.txt", "ddddd", None),
        ("tests/trapsmob2.txt", "ddddd", None),
        ("tests/trapsTTT.txt", "dddd", None),
        ("tests/trapsUUU.txt", "ddddd", None),
        ("classic/level1.txt", "bgbbgggggbgbbddhhddddbd", None),
        ("classic/level2.txt", "dhhhhhhdddbddbbbbggb", None),
        ("classic/level3.txt", "gggggbbbbgghbdddddddhhhhhh",
         "letter 21 'h': hero at (7,6) walks into a wall at (6,6) (R-A0)"),
        ("classic/level4.txt", "bbbdbbdddhgghhdbbdddb", None),
        ("classic/level5.txt", "bbbbddhdddbhghhgghhhh", None),
        ("classic/level6.txt", "gbddbbggbggbbdddhhbggbbbdddhhddddbbggbb",
         "letter 25 'd': hero at (5,2) walks into a wall at (5,3) (R-A0)"),
        ("classic/level7.txt", "hhbgghhdbbbggghhhhddhbddddhhddhh", None),
        ("classic/level8.txt", "hghhhhhhhdd",
         "plan ends with the hero at (3,5), not next to a demon (R-G1)"),
        ("classic/level9.txt", "dhhddddhbddghhddddbbddhhdggghhhgh", None),
    )),
)


def _published_plans() -> tuple[PublishedPlan, ...]:
    return PUBLISHED_PLANS if SHARED.is_dir() else ()


_ROWS: dict[str, tuple[Callable[[], Sequence[object]], Callable[[object], str]]] = {
    "level_case": (lambda: shared_cases() + repo_cases(),
                   lambda case: case.label),  # type: ignore[attr-defined]
    "shared_case": (shared_cases, lambda case: case.label),  # type: ignore[attr-defined]
    "repo_case": (repo_cases, lambda case: case.label),  # type: ignore[attr-defined]
    "published_plan": (_published_plans,
                       lambda plan: f"{plan.level}:{plan.source}"),  # type: ignore[attr-defined]
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One run per row for each table argument a test takes; a table that needs ../shared is
    one skipped run when ../shared is absent."""
    for argument, (rows, label) in _ROWS.items():
        if argument not in metafunc.fixturenames:
            continue
        found = rows()
        if found:
            metafunc.parametrize(argument, found, ids=label)
        else:
            metafunc.parametrize(argument, [pytest.param(None, marks=pytest.mark.skip(
                reason=SHARED_ABSENT))])


SKELETON_SPIKES = "Skeleton and spikes\n5\n#HMS D#\n"
"""Kick the skeleton onto the spikes (it dies), step, step onto the spikes (2), step next to
the demon: the plan `rrrr` costs 1 + 1 + 2 + 1 = 5, the budget."""


@pytest.fixture
def level_file(tmp_path: Path) -> str:
    """A one-row level file exercising kicks, spikes and damage, solved by `rrrr`."""
    path = tmp_path / "skel.txt"
    path.write_text(SKELETON_SPIKES, encoding="utf-8")
    return str(path)


_CACHE_FOLDERS: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """Derived values (translator/runtime/derived_cache.py) are kept in a folder of the run's
    own, removed at its end, never in the user's cache folder. xdist's workers inherit the
    variable from the process that starts them, so the run shares one folder.

    Ctrl-C is given back its meaning when the run was started with SIGINT ignored, as a
    non-interactive shell starts a command put in the background with `&`: an ignored signal
    stays ignored across exec, so the commands the signal tests start would never see the
    SIGINT they are sent (tests/cli/test_environments.py, test_solve_reserved.py,
    tests/runtime/test_limits.py) and would fail for the way the suite was launched."""
    # Young collections every 10,000 allocations rather than 700: the tests build models of
    # hundreds of schemas and millions of atoms that live as long as the test, and the
    # collector's passes over them took 8 to 13 s of each worker's fast loop; 5 s after, with
    # the same peak memory (835 and 1,171 MB a worker).
    gc.set_threshold(10_000, 10, 10)
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if "HELLTAKER_CACHE_DIR" not in os.environ:
        _CACHE_FOLDERS.append(tempfile.mkdtemp(prefix="helltaker-test-cache-"))
        os.environ["HELLTAKER_CACHE_DIR"] = _CACHE_FOLDERS[-1]


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _CACHE_FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("HELLTAKER_CACHE_DIR", None)


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """What a test leaves alive (the models read, the memos kept for the run) is moved out of
    the cyclic collector's sight once its young garbage is collected: a worker of the fast
    loop ends holding 4 to 8 million objects, and each full collection rescanned them all
    (25 to 30 s of a worker's 137, and 9 s more at its end). Frozen after each test, the
    fast loop took 119 s instead of 148 s, with the same peak memory per worker (827 and
    1,217 MB against 833 and 1,130 MB, the tests shared out differently): the tests leave
    next to no cyclic garbage behind, which is all that freezing could keep."""
    gc.collect(1)
    gc.freeze()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long fuzz runs (marker `fuzz`) are opt-in: HELLTAKER_FUZZ_EXAMPLES=N runs them
    with N examples each (tests/cli/test_fuzz.py); otherwise they are left out of the run."""
    if os.environ.get("HELLTAKER_FUZZ_EXAMPLES"):
        return
    left_out = [item for item in items if item.get_closest_marker("fuzz") is not None]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item.get_closest_marker("fuzz") is None]


@pytest.fixture
def boards_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """`compare` without the generated boards for one test (helpers.py `leave_out_boards`)."""
    leave_out_boards(monkeypatch)


@pytest.fixture
def probes_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """`compare`'s rule probes checked without a forked child each, for one test (helpers.py
    `check_probes_here`)."""
    check_probes_here(monkeypatch)


@pytest.fixture(scope="session")
def level_table() -> tuple[LevelCase, ...]:
    """Every shared level (none without ../shared) and every level of levels/."""
    return shared_cases() + repo_cases()


@pytest.fixture(scope="session")
def published_plans() -> tuple[PublishedPlan, ...]:
    """Every published plan with its verdict (none without ../shared)."""
    return _published_plans()
