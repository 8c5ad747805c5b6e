"""The lint's four rules on how values flow (translator/compare/lint/flow_rules.py), each on
a small model that has the defect and on the same model without it, and the lint of a model
that cannot be run at all: still every finding, in the JSON with what was skipped."""

from __future__ import annotations

import json
from pathlib import Path

from strips_model.schema import helltaker_domain, parse_schemas
from translator.cli.main import main
from translator.compare.lint.checks import lint

MOVES = """\
go_right(X, Y)
  Precondition: hero(X), next(X, Y)
  Effect: -hero(X), hero(Y)

go_left(X, Y)
  Precondition: hero(X), next(Y, X)
  Effect: -hero(X), hero(Y)
"""
PUSH = """
push_right(X, Y, Z)
  Precondition: hero(X), next(X, Y), next(Y, Z), rock(Y)
  Effect: -rock(Y), rock(Z), {hero_effect}
"""


def _at(text: str, line: int, snippet: str) -> str:
    """Where `snippet` starts on `line` of `text`, as a finding's position."""
    return f"m:{line}:{text.splitlines()[line - 1].index(snippet) + 1}"


def _kinds(text: str, kind: str) -> list[tuple[str | None, str, str]]:
    return [(f.schema, f.literal, str(f.position)) for f in lint(parse_schemas(text, "m"))
            if f.kind == kind]


def test_a_push_that_deletes_the_hero_and_never_adds_it_back() -> None:
    broken = MOVES + PUSH.format(hero_effect="-hero(X)")
    assert _kinds(broken, "deleted-never-added") == [
        ("push_right", "-hero(X)", _at(broken, 11, "hero(X)"))]
    fixed = MOVES + PUSH.format(hero_effect="-hero(X), hero(Y)")
    assert _kinds(fixed, "deleted-never-added") == []
    # A fluent no other schema moves may go for good: a rock destroyed is no finding.
    alone = MOVES + "\nsmash(X, Y)\n  Precondition: hero(X), next(X, Y), rock(Y)\n" \
        "  Effect: -rock(Y)\n"
    assert _kinds(alone, "deleted-never-added") == []


def test_a_fluent_every_schema_adds_and_nothing_reads() -> None:
    counted = MOVES.replace("hero(Y)\n", "hero(Y), moved\n")
    assert _kinds(counted, "never-required") == [(None, "moved", _at(counted, 3, "moved"))]
    # Once one precondition reads it (or one effect deletes it), it is no bookkeeping.
    read = counted.replace("Precondition: hero(X), next(X, Y)",
                           "Precondition: hero(X), next(X, Y), -moved")
    assert _kinds(read, "never-required") == []


def test_a_variable_bound_only_by_negative_preconditions() -> None:
    loose = MOVES.replace("Precondition: hero(X), next(X, Y)",
                          "Precondition: hero(X), next(X, Y), -wall(W)")
    assert _kinds(loose, "negative-only-variable") == [
        ("go_right", "-wall(W)", _at(loose, 2, "wall(W)"))]
    assert _kinds(MOVES.replace("hero(X), next(X, Y)", "hero(X), next(X, Y), -wall(Y)"),
                  "negative-only-variable") == []


def test_a_parameter_of_an_effect_that_no_precondition_binds() -> None:
    free = MOVES.replace("go_right(X, Y)\n  Precondition: hero(X), next(X, Y)",
                         "go_right(X, Y)\n  Precondition: hero(X)")
    assert _kinds(free, "free-variable") == [("go_right", "hero(Y)", _at(free, 3, "hero(Y)"))]
    assert _kinds(MOVES, "free-variable") == []


def test_our_model_has_none_of_the_four() -> None:
    assert lint(helltaker_domain().schemas) == ()


def test_a_model_that_cannot_be_run_is_still_linted(tmp_path: Path, capsys) -> None:
    # No vocabulary names `pos`, no level and no Init: nothing can be run, all is reported.
    model = tmp_path / "other.md"
    model.write_text("move(X, Y)\n  Precondition: pos(X)\n  Effect: -pos(X), pos(Y)\n"
                     "\nbroken(X)\n  Precondition: pos(X\n  Effect: -pos(X)\n", "utf-8")
    assert main(["compare", str(model), "--json", "--jobs", "1"]) == 1
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert {"schemas", "skipped", "lint", "lint_groups"} <= set(result)
    assert result["levels"] == [] and "vocabular" in result["defect"]
    kinds = {finding["kind"] for finding in result["lint"]}
    assert {"free-variable", "unreadable"} <= kinds
    (skipped,) = result["skipped"]
    assert skipped["position"].startswith(f"{model}:6:")
    assert "cannot be run" in captured.err and "no level compared" in captured.err
    # The report claims no departure from the game for a model nothing of which ran.
    assert main(["compare", str(model), "--jobs", "1"]) == 1
    verdict = [line for line in capsys.readouterr().out.splitlines() if "Verdict" in line]
    assert verdict == ["- Verdict: not run: nothing of the compared model could be run (the "
                       "reason above), so no departure from the game is shown."]


def test_a_hero_forgotten_by_several_pushes_is_found_at_each() -> None:
    """Issue 33 D: two pushes that lose the hero, among moves that keep it: both found (each
    used to see the other, which does not add a hero back, and say nothing)."""
    pull = PUSH.replace("push_right", "push_left").replace("next(X, Y), next(Y, Z)",
                                                           "next(Y, X), next(Z, Y)")
    broken = MOVES + PUSH.format(hero_effect="-hero(X)") + pull.format(hero_effect="-hero(X)")
    assert [schema for schema, _, _ in _kinds(broken, "deleted-never-added")] == [
        "push_right", "push_left"]
