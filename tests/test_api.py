"""The Python face: every name the docs promise is exported, and its docstring examples run.

The examples solve a level with Fast Downward (planner marker); the names are checked in the
fast loop.
"""

from __future__ import annotations

import doctest
import math
import subprocess
import sys
from collections.abc import Callable

import pytest
from helpers import ROOT

import translator
from strips_model.errors import HelltakerError
from translator import api

PROMISED = ("load_level", "up_problem", "write_pddl", "pddl_text", "solve", "validate_plan",
            "compare_model")
TYPES = ("Level", "Solution", "Verdict", "PddlTexts")
HEAVY = ("numpy", "unified_planning", "clingo")


def test_the_promised_names_are_exported_and_documented() -> None:
    for name in PROMISED:
        assert name in translator.__all__
        assert getattr(translator, name) is getattr(api, name)
        assert getattr(api, name).__doc__


def test_importing_the_package_loads_no_stage() -> None:
    # The command line imports `translator` first: the face must not load any stage for it.
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, translator; "
         "print(sorted(m for m in sys.modules if m.startswith('translator.')))"],
        capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert loaded.strip() == "[]"


def test_the_types_a_user_meets_are_exported() -> None:
    for name in TYPES:
        assert name in translator.__all__
        assert getattr(translator, name) is getattr(api, name)
    from translator.compare.comparison import Comparison

    assert translator.Comparison is Comparison


def test_the_session_calls_load_neither_unified_planning_nor_numpy() -> None:
    # A fresh process: this one has imported them already.
    script = ("import sys\n"
              "from translator import load_level, solve, validate_plan, pddl_text\n"
              "level = load_level('levels/level1.txt')\n"
              "assert validate_plan(level, 'dlllllllddlddrruurrrrdr').valid\n"
              "assert '(problem level1)' in pddl_text(level).problem\n"
              f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True, cwd=ROOT).stdout
    assert loaded.strip() == "[]"


def test_an_unknown_planner_is_a_value_error_naming_the_planners() -> None:
    level = api.load_level(ROOT / "levels" / "level1.txt")
    with pytest.raises(ValueError, match="unknown planner 'dijkstra'.* fd, .*search") as raised:
        api.solve(level, "dijkstra")
    assert isinstance(raised.value, HelltakerError)


def test_a_solutions_plan_is_its_key_presses_as_a_word() -> None:
    level = api.load_level(ROOT / "levels" / "level1.txt")
    solution = api.solve(level, "search")
    assert isinstance(solution.plan, str) and set(solution.plan) <= set("udlr")
    assert api.validate_plan(level, solution.plan).valid
    assert solution.plan == api.plan_text(solution.directions or ())


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'solve_everything'"):
        translator.solve_everything  # noqa: B018 - the lookup is what is tested


@pytest.mark.planner
def test_docstring_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name levels/ relative to the repository
    results = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 8
    assert results.failed == 0


@pytest.mark.planner
@pytest.mark.parametrize(("page", "examples"), [("docs/api.md", 18), ("README.md", 3)])
def test_the_sessions_of_the_docs_run(page: str, examples: int,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # docs/api.md is a notebook session; its `>>>` lines run as written, from the repository.
    from unified_planning.shortcuts import get_environment

    # unified-planning prints its engines' credits to the stdout it saw when first imported,
    # which pytest may have closed since.
    monkeypatch.setattr(get_environment(), "credits_stream", None)
    monkeypatch.chdir(ROOT)
    # No option flags: the page passes `python -m doctest docs/api.md` as it is, so each
    # example that needs one says so itself (`# doctest: +ELLIPSIS`).
    results = doctest.testfile(str(ROOT / page), module_relative=False)
    assert results.attempted >= examples
    assert results.failed == 0


def _wrong_calls() -> list[tuple[str, Callable[[], object], type[Exception]]]:
    import translator as face

    level = face.load_level("levels/level1.txt")
    return [
        ("load_level(5)", lambda: face.load_level(5), TypeError),  # type: ignore[arg-type]
        ("solve(path)", lambda: face.solve("levels/level1.txt"), TypeError),  # type: ignore[arg-type]
        ("solve timeout -1", lambda: face.solve(level, timeout=-1), HelltakerError),
        ("solve timeout 0", lambda: face.solve(level, timeout=0), HelltakerError),
        ("solve timeout nan", lambda: face.solve(level, timeout=math.nan), HelltakerError),
        ("solve timeout str", lambda: face.solve(level, timeout="1"), TypeError),  # type: ignore[arg-type]
        ("solve planner 3", lambda: face.solve(level, 3), TypeError),  # type: ignore[arg-type]
        ("solve memory 0", lambda: face.solve(level, memory_limit=0), HelltakerError),
        ("validate plan 5", lambda: face.validate_plan(level, 5), TypeError),  # type: ignore[arg-type]
        ("validate plan ints", lambda: face.validate_plan(level, [1, 2]), TypeError),  # type: ignore[list-item]
        ("validate alphabet", lambda: face.validate_plan(level, "d", "xx"), HelltakerError),
        ("draw level None", lambda: face.draw(None), TypeError),  # type: ignore[arg-type]
        ("draw alphabet 1", lambda: face.draw(level, "d", 1), TypeError),  # type: ignore[arg-type]
        ("pddl_text str", lambda: face.pddl_text("level1"), TypeError),  # type: ignore[arg-type]
        ("write_pddl folder 3", lambda: face.write_pddl(level, 3), TypeError),  # type: ignore[arg-type]
        ("compare levels str", lambda: face.compare_model("m.md", "level1.txt"), TypeError),  # type: ignore[arg-type]
        ("compare jobs 0", lambda: face.compare_model("m.md", [level], jobs=0), HelltakerError),
        ("compare timeout inf",
         lambda: face.compare_model("m.md", [level], timeout=math.inf), HelltakerError),
        ("plan_text str", lambda: face.plan_text("ldr"), TypeError),  # type: ignore[arg-type]
        ("plan_text alphabet", lambda: face.plan_text((), "xx"), HelltakerError),
    ]


def test_wrong_arguments_are_refused_at_the_boundary(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each wrong call raises `TypeError` for a wrong type and the project's error for a wrong
    value, before any work: nothing from deep inside (`KeyError`, `AttributeError`)."""
    monkeypatch.chdir(ROOT)
    for name, call, expected in _wrong_calls():
        with pytest.raises(Exception) as raised:
            call()
        assert isinstance(raised.value, expected), (name, raised.value)
        assert not isinstance(raised.value, KeyError | AttributeError), name
