"""Plans as users give them: a word is always key presses, `@FILE`, `-` and `--plan-file`
read text; a text may be a ground plan as Fast Downward writes it, read by
strips_model/ground_plan.lark and mapped back to key presses; ground plans written out
(`format_ground_plan`, `ground_plan_of`) read back to the same key presses."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, make_level, shared_level

from strips_model.errors import PlanError, RunError
from strips_model.ground_plan import is_ground_plan, parse_ground_plan
from strips_model.moves import format_plan, parse_plan
from strips_model.schema import helltaker_domain
from strips_model.validator import validate
from translator.cli.main import main
from translator.planners.fast_downward import driver_path
from translator.planners.pddl_driver import read_plan_file
from translator.solving.ground_plans import format_ground_plan, ground_plan_of
from translator.solving.key_presses import PlanMappingError, key_presses
from translator.solving.plan_input import read_plan

LOCK_AND_KEY = str(ROOT / "levels" / "lock_and_key.txt")
SKELETON_PLAN = "rrrr"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _ground_text(level_path: str, letters: str) -> str:
    """The ground plan our model takes for `letters`, as Fast Downward would write it."""
    from strips_model.level_file import load_level

    level = load_level(level_path)
    directions = parse_plan(letters)
    return format_ground_plan(ground_plan_of(level, directions), validate(level, directions).cost)


def _error_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("helltaker: "), captured.err
    assert "Traceback" not in captured.err
    return lines[0].removeprefix("helltaker: ")


# ---- PLAN, @FILE, -, --plan-file ------------------------------------------------------------

def test_a_mistyped_plan_file_is_exit_2_naming_the_file(level_file: str, capsys) -> None:
    assert main(["validate", level_file, "@nosuchplan.txt"]) == 2
    assert _error_line(capsys) == "nosuchplan.txt: no such file"
    assert main(["validate", level_file, "--plan-file", "nosuchplan.txt"]) == 2
    assert _error_line(capsys) == "nosuchplan.txt: no such file"


def test_a_file_name_given_as_plan_is_letters_with_a_hint(level_file: str, capsys) -> None:
    assert main(["validate", level_file, "nosuchplan.txt"]) == 2
    message = _error_line(capsys)
    assert message.startswith("<plan>:1:1: letter 'n' is not in the 'en' alphabet")
    assert message.endswith("write @nosuchplan.txt to read a file")


def test_a_file_named_like_the_plan_does_not_change_the_plan(level_file: str, tmp_path: Path,
                                                             capsys) -> None:
    # Read as a file, `udlr` would be the valid plan; as letters it walks into the wall above.
    (tmp_path / "udlr").write_text(SKELETON_PLAN, encoding="utf-8")
    assert main(["validate", level_file, "udlr"]) == 1
    assert "letter 1 'u'" in capsys.readouterr().out
    assert main(["validate", level_file, "@udlr"]) == 0


def test_plan_file_forms_read_the_same_plan(level_file: str, tmp_path: Path, capsys,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "plan.txt").write_text("rr\nrr\n", encoding="utf-8")
    outputs = []
    for arguments in (["@plan.txt"], ["--plan-file", "plan.txt"], ["-"], [SKELETON_PLAN]):
        monkeypatch.setattr(sys, "stdin", io.StringIO("rr rr\n"))
        assert main(["validate", level_file, *arguments, "--json"]) == 0, arguments
        outputs.append(json.loads(capsys.readouterr().out))
    assert all(output == outputs[-1] for output in outputs) and outputs[-1]["valid"] is True


@pytest.mark.parametrize(("arguments", "words"), [
    ([], "no plan: give PLAN"),
    (["rrrr", "--plan-file", "plan.txt"], "not both"),
    (["@"], "'@' must be followed by a file name"),
])
def test_plan_given_twice_or_not_at_all_is_exit_2(level_file: str, arguments: list[str],
                                                  words: str, capsys) -> None:
    assert main(["validate", level_file, *arguments]) == 2
    assert words in _error_line(capsys)


def test_a_directory_as_plan_file_is_exit_2(level_file: str, tmp_path: Path, capsys) -> None:
    assert main(["validate", level_file, f"@{tmp_path}"]) == 2
    assert _error_line(capsys) == f"{tmp_path}: is a directory, expected a file"


# ---- ground plans -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "ground"), [
    ("udlr", False),
    ("u d, l r\n", False),
    ("", False),
    ("(step_calm a b)", True),
    ("\n  (step_calm a b)", True),
    ("; a comment\n# another\n(step_calm a b)\n", True),
    ("; cost = 0 (unit cost)\n", True),
    ("\ufeff(step_calm a b)", True),
])
def test_ground_plans_are_told_from_words_by_their_text(text: str, ground: bool) -> None:
    assert is_ground_plan(text) is ground


def test_a_ground_plan_validates_with_trace_and_json(level_file: str, tmp_path: Path,
                                                     capsys) -> None:
    text = _ground_text(level_file, SKELETON_PLAN)
    (tmp_path / "plan").write_text(text.upper(), encoding="utf-8")  # names in any case
    assert main(["validate", level_file, "@plan", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is True and data["letters"] == len(SKELETON_PLAN)
    steps = parse_ground_plan(text).steps
    assert data["actions"] == [{"name": s.name, "arguments": list(s.arguments)} for s in steps]
    assert main(["validate", level_file, "@plan", "--trace"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[1] for line in lines[:-1]] == list(SKELETON_PLAN)
    assert [line.split("  from ")[1] for line in lines[:-1]] == [str(s) for s in steps]


def test_a_word_plan_has_no_actions_in_json(level_file: str, capsys) -> None:
    assert main(["validate", level_file, SKELETON_PLAN, "--json"]) == 0
    assert "actions" not in json.loads(capsys.readouterr().out)


def test_the_empty_ground_plan_is_the_solution_when_the_hero_starts_at_the_goal(
        tmp_path: Path, capsys) -> None:
    (tmp_path / "sas_plan").write_text("; cost = 0 (unit cost)\n", encoding="utf-8")
    level = str(ROOT / "levels" / "hero_starts_next_to_demon.txt")
    assert main(["validate", level, "@sas_plan"]) == 0


def test_an_action_not_in_the_model_is_named_at_its_line(level_file: str, tmp_path: Path,
                                                         capsys) -> None:
    lines = _ground_text(level_file, SKELETON_PLAN).splitlines()
    lines[2] = "  (fly c0_1 c0_2)"
    (tmp_path / "plan").write_text("\n".join(lines), encoding="utf-8")
    assert main(["validate", level_file, "@plan"]) == 2
    assert _error_line(capsys) == "plan:3:4: action (fly c0_1 c0_2) is not in the model"


def test_an_action_with_the_wrong_arity_is_named_at_its_line(level_file: str, tmp_path: Path,
                                                             capsys) -> None:
    (tmp_path / "plan").write_text("; plan\n(step_calm c0_1 c0_2 right)\n", encoding="utf-8")
    assert main(["validate", level_file, "@plan"]) == 2
    arity = len(next(s for s in helltaker_domain().schemas if s.name == "step_calm").parameters)
    assert _error_line(capsys) == \
        f"plan:2:2: action (step_calm c0_1 c0_2 right) has 3 arguments, step_calm takes {arity}"


@pytest.mark.parametrize(("text", "message"), [
    ("(step_calm c0_1\n(step_calm c0_2)", "2:1: expected ')', a name, found '('"),
    ("(step_calm c0_1)\n  )", "2:3: expected '(', found ')'"),
    ("(step_calm c0_1 1x)", "1:17: unexpected character '1'; expected ')', a name"),
    ("()", "1:2: expected a name, found ')'"),
    ("; cost = 1\n(a)\n; cost = 2\n", "3:1: a second cost line (the first is at line 1)"),
])
def test_a_syntax_error_gives_line_and_column(text: str, message: str) -> None:
    with pytest.raises(PlanError) as error:
        read_plan(text, source="sas_plan")
    assert str(error.value) == f"sas_plan:{message}"


def test_an_action_with_other_objects_than_the_model_makes_the_plan_invalid(
        level_file: str, tmp_path: Path, capsys) -> None:
    lines = _ground_text(level_file, SKELETON_PLAN).splitlines()
    name, *arguments = lines[1].strip("()").split()
    arguments[1] = "c0_5"  # the cell the hero steps to
    lines[1] = f"({' '.join([name, *arguments])})"
    (tmp_path / "plan").write_text("\n".join(lines), encoding="utf-8")
    assert main(["validate", level_file, "@plan"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"invalid: action 2 {lines[1]} (line 2) is not what its key press")


def test_a_ground_plan_the_rules_reject_is_invalid_for_the_rules(level_file: str,
                                                                 tmp_path: Path, capsys) -> None:
    text = _ground_text(level_file, SKELETON_PLAN[:-1])
    (tmp_path / "plan").write_text(text, encoding="utf-8")
    assert main(["validate", level_file, "@plan"]) == 1
    assert "not next to a demon (R-G1)" in capsys.readouterr().out


def test_standard_input_may_hold_a_ground_plan(level_file: str, capsys,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(_ground_text(level_file, SKELETON_PLAN)))
    assert main(["validate", level_file, "-"]) == 0


# ---- ground plans written out -----------------------------------------------------------------

def test_format_ground_plan_reads_back_to_the_same_key_presses(published_plan) -> None:
    level = shared_level(f"levels/{published_plan.level}")
    directions = parse_plan(published_plan.letters, published_plan.alphabet)
    if published_plan.rejected is not None and "(R-A0)" in published_plan.rejected:
        # The model has no action for a key press the rules reject, and names it.
        letter = published_plan.rejected.split("'")[0]  # "letter 21 "
        with pytest.raises(PlanMappingError, match=f"key press {letter.split()[1]} "):
            ground_plan_of(level, directions)
        return
    steps = ground_plan_of(level, directions)
    assert key_presses(helltaker_domain(), steps) == directions
    cost = validate(level, directions).cost
    text = format_ground_plan(steps, cost)
    plan = read_plan(text, source="written")
    assert plan.directions == directions
    assert plan.ground is not None and plan.ground.cost == cost
    assert tuple(step.pair for step in plan.ground.steps) == steps
    assert format_plan(plan.directions, published_plan.alphabet) == \
        published_plan.letters.lower()


def test_ground_plan_of_every_repo_level_plan_found_by_search(repo_case) -> None:
    from strips_model.level_file import load_level
    from translator.planners.exhaustive import solve_exhaustively

    level = load_level(str(repo_case.path))
    directions = solve_exhaustively(level).plan
    assert directions is not None
    steps = ground_plan_of(level, directions)
    assert key_presses(helltaker_domain(), steps) == directions
    assert len(steps) == len(directions)


def test_fd_driver_reads_plan_files_with_the_grammar(tmp_path: Path) -> None:
    path = tmp_path / "sas_plan"
    path.write_text("(STEP_CALM C0_1 c0_2 up)\n\n(b)\n; cost = 7 (general cost)\n",
                    encoding="utf-8")
    assert read_plan_file(str(path)) == ((("step_calm", ("c0_1", "c0_2", "up")), ("b", ())), 7)
    path.write_text("(step_calm c0_1\n", encoding="utf-8")
    with pytest.raises(RunError, match="plan file cannot be read: .*sas_plan:"):
        read_plan_file(str(path))


@pytest.mark.planner
def test_a_plan_of_fast_downwards_own_driver_validates(tmp_path: Path, capsys) -> None:
    """What a user does: export with `helltaker pddl`, run the driver, validate its sas_plan."""
    assert main(["pddl", LOCK_AND_KEY, "-o", str(tmp_path)]) == 0
    run = subprocess.run([sys.executable, driver_path(), "--plan-file", "sas_plan",
                          "domain.pddl", "problem.pddl", "--search", "astar(lmcut())"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:]
    capsys.readouterr()
    assert main(["validate", LOCK_AND_KEY, "@sas_plan", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    steps, cost = read_plan_file(str(tmp_path / "sas_plan"))
    assert data["valid"] is True and data["cost"] == cost
    assert len(data["actions"]) == data["letters"] == len(steps)


def test_ground_plan_of_an_inline_level_costs_what_the_rules_say() -> None:
    level = make_level("#HMS D#", budget=5)
    directions = parse_plan(SKELETON_PLAN)
    steps = ground_plan_of(level, directions)
    # Damage steps are the `_hurt` variants: their costs add up to the rules' cost.
    schemas = {schema.name: schema.cost for schema in helltaker_domain().schemas}
    assert sum(schemas[name] for name, _ in steps) == validate(level, directions).cost


@pytest.mark.planner
@pytest.mark.parametrize("planner", ["fd", "search"])
def test_solve_writes_the_ground_plan_it_found(planner: str, tmp_path: Path, capsys) -> None:
    """`solve --pddl-plan`: the planner's actions (fd) or the model's actions for the key
    presses (search), read back by `validate @FILE` as the same plan."""
    level = str(ROOT / "levels" / "level1.txt")
    written = tmp_path / "plan.pddl"
    assert main(["solve", level, "--planner", planner, "--pddl-plan", str(written)]) == 0
    word = capsys.readouterr().out.strip()
    plan = parse_ground_plan(written.read_text(), str(written))
    assert len(plan.steps) == len(word) and plan.cost == 23
    assert main(["validate", level, f"@{written}", "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["valid"] and len(verdict["actions"]) == len(word)


def test_solve_writes_no_ground_plan_for_an_unsolved_level_or_many_levels(tmp_path: Path,
                                                                          capsys) -> None:
    level = str(ROOT / "levels" / "level1.txt")
    written = tmp_path / "plan.pddl"
    assert main(["solve", level, "--planner", "search", "--budget", "5",
                 "--pddl-plan", str(written)]) == 1
    assert not written.exists()
    assert main(["solve", level, level, "--pddl-plan", str(written)]) == 2
    assert "--pddl-plan writes one plan: give one LEVEL, not 2" in capsys.readouterr().err
