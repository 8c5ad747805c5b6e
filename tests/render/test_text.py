"""`helltaker show` in the terminal: snapshots of small levels (colour off), glyphs read back
against the level files, colour rules, `--step`, exit statuses.

Snapshots live in tests/render/snapshots/show_<case>.txt. After an intended change of the output,
rewrite them with `UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/render/test_text.py`, then
read the diff (`git diff tests/render/snapshots`) before committing it.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest
from helpers import ROOT, make_level, play, shared_level_files, shared_params, shared_path

from strips_model.level import Level
from strips_model.level_file import load_level
from strips_model.moves import parse_plan
from strips_model.validator import validate
from translator.cli.main import main
from translator.cli.show import print_replay, use_colour
from translator.render.frames import Frame, replay
from translator.render.text import HEADER_PLAN_LETTERS, PLAN_CONTEXT, TerminalText, render

SNAPSHOTS = Path(__file__).parent / "snapshots"
ANSI = re.compile(r"\x1b\[[0-9;]*m")

# Plans found by the exhaustive search (translator/planners/exhaustive.py) at their level's par,
# each checked valid by the validator below, and deliberately broken variants of them.
CASES: dict[str, tuple[str, str | None, str]] = {
    # case: (repo level, plan or None for the level alone, alphabet)
    "level_alone": ("boulder_on_key", None, "en"),
    "lock_and_key_valid": ("lock_and_key", "lllrrrrrddllll", "en"),
    "lock_and_key_french": ("lock_and_key", "gggdddddbbgggg", "fr"),
    "boulder_wait_valid": ("boulder_wait", "rdddd", "en"),
    "boulder_on_key_valid": ("boulder_on_key", "rrrrrrrddlll", "en"),
    "skeleton_on_trap_valid": ("skeleton_on_trap", "rrdddddrr", "en"),
    "static_spikes_valid": ("static_spikes", "ddrrrrr", "en"),
    "wall_at_letter_4": ("lock_and_key", "llluu", "en"),  # R-A0
    "trailing_letter": ("skeleton_on_spikes", "rrrddddddu", "en"),  # R-G2
    "over_budget": ("static_spikes", "rrrdrrr", "en"),  # R-G3 after the spikes
    "ends_too_early": ("lock_and_key", "lll", "en"),  # R-G1
}
EXPECTED_RULE = {"wall_at_letter_4": "R-A0", "trailing_letter": "R-G2",
                 "over_budget": "R-G3", "ends_too_early": "R-G1"}


def repo_level(name: str) -> Level:
    return load_level(str(ROOT / "levels" / f"{name}.txt"))


def case_text(case: str, colour: bool = False) -> str:
    name, plan, alphabet = CASES[case]
    level = repo_level(name)
    directions = parse_plan(plan, alphabet) if plan is not None else None
    return render(replay(level, directions, alphabet), colour)


@pytest.mark.parametrize("case", sorted(CASES))
def test_plans_of_the_cases_have_the_intended_verdict(case: str) -> None:
    name, plan, alphabet = CASES[case]
    if plan is None:
        return
    verdict = validate(repo_level(name), parse_plan(plan, alphabet), alphabet)
    assert verdict.valid == (case not in EXPECTED_RULE), verdict.reason
    assert verdict.rule == EXPECTED_RULE.get(case)


@pytest.mark.parametrize("case", sorted(CASES))
def test_terminal_output_matches_its_snapshot(case: str) -> None:
    text = case_text(case)
    path = SNAPSHOTS / f"show_{case}.txt"
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no snapshot {path.name}: run with UPDATE_SNAPSHOTS=1 to create it"
    assert text == path.read_text(encoding="utf-8"), (
        f"output differs from {path.name}; if intended, rerun with UPDATE_SNAPSHOTS=1")


# Reading glyphs back: the start state of a level, drawn, must give back its file's grid.
GLYPH_TO_SYMBOL = {
    "##": "#", "D ": "D", ". ": " ", "  ": " ", "H ": "H", "B ": "B", "M ": "M", "K ": "K",
    "L ": "L", "**": "S", "__": "T", "^^": "U", "B*": "O", "B_": "P", "B^": "Q",
}


def grid_rows(block: str) -> list[str]:
    """The grid lines of one frame block (they start with two spaces)."""
    return [line[2:] for line in block.splitlines() if line.startswith("  ")]


def symbols(row: str) -> str:
    return "".join(GLYPH_TO_SYMBOL[row[i:i + 2].ljust(2)] for i in range(0, len(row), 2))


def level_paths() -> list[str]:
    repo = sorted(str(path) for path in (ROOT / "levels").glob("*.txt"))
    return repo + [str(shared_path(f"levels/{relpath}")) for relpath in shared_level_files()]


@pytest.mark.parametrize("path", shared_params(level_paths()))
def test_start_frame_reads_back_as_the_level_file(path: str) -> None:
    text = render(replay(load_level(path), None))
    start = text.split("\n\n")[1]
    drawn = [symbols(row).rstrip() for row in grid_rows(start)]
    lines = Path(path).read_text(encoding="utf-8").removeprefix("\ufeff").splitlines()[2:]
    expected = [line.rstrip() for line in lines if line.strip()]
    assert drawn == expected


def test_every_frame_puts_the_hero_where_the_simulator_does() -> None:
    level = repo_level("level1")
    plan = "dlddllllldlddrruurrrrdr"
    blocks = render(replay(level, parse_plan(plan))).split("\n\n")[1:-1]
    assert len(blocks) == len(plan) + 1
    for count, block in enumerate(blocks):
        expected, _ = play(level, plan[:count])
        rows = grid_rows(block)
        heroes = [(r, c // 2) for r, row in enumerate(rows) for c in range(0, len(row), 2)
                  if row[c] == "H"]
        assert heroes == [expected.hero]


def test_the_counter_is_the_budget_minus_the_simulators_costs() -> None:
    level = repo_level("static_spikes")
    plan = "ddrrrrr"
    text = case_text("static_spikes_valid")
    counters = [int(value) for value in re.findall(r"moves left (-?\d+)", text)]
    _, costs = play(level, plan)
    assert counters == [level.budget - sum(costs[:k]) for k in range(len(plan) + 1)]
    assert counters[-1] == level.budget - validate(level, parse_plan(plan)).cost


def test_hero_on_spikes_and_raised_traps_is_marked() -> None:
    level = make_level("#HSU D#")  # spikes, then a trap raised at the start
    text = render(replay(level, parse_plan("rrr")))
    blocks = text.split("\n\n")
    # After 1 action: the hero on the spikes, the U trap lowered (R-T1).
    assert grid_rows(blocks[2]) == ["##. H*__. D ##"]
    # After 2 actions the U trap is raised again, under the hero, who pays for it (R-E3).
    assert grid_rows(blocks[3]) == ["##. **H^. D ##"]
    assert "R-E3" in blocks[3]


def test_invalid_plan_points_at_the_failing_letter() -> None:
    text = case_text("wall_at_letter_4")
    *_, verdict, plan, caret = text.rstrip("\n").split("\n")
    reason = validate(repo_level("lock_and_key"), parse_plan("llluu")).reason
    assert verdict == f"invalid: {reason}"
    assert plan[caret.index("^")] == "u" and caret.index("^") == len("plan  ") + 3
    # Frames stop before the letter the game ignores: start + 3 letters.
    assert text.count("moves left") == 4


def test_colour_adds_only_styles() -> None:
    for case in ("boulder_wait_valid", "wall_at_letter_4"):
        coloured = case_text(case, colour=True)
        assert "\x1b[" in coloured
        # Plain output brackets the current letter where colour paints it instead.
        unbracketed = re.sub(r"(?m)^(plan  \S*)\[(.)\]", r"\1\2", case_text(case))
        assert ANSI.sub("", coloured) == unbracketed


def test_colour_choice_follows_the_terminal_and_no_color() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert use_colour("auto", Terminal(), {}) is True
    assert use_colour("auto", Terminal(), {"NO_COLOR": "1"}) is False
    assert use_colour("auto", Terminal(), {"NO_COLOR": ""}) is True  # no-color.org: non-empty
    assert use_colour("auto", io.StringIO(), {}) is False
    assert use_colour("always", io.StringIO(), {"NO_COLOR": "1"}) is True
    assert use_colour("never", Terminal(), {}) is False


def test_cli_prints_the_plain_replay_when_not_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    assert main(["show", path, "--plan", "lllrrrrrddllll"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out
    assert out == case_text("lock_and_key_valid")
    assert main(["show", path, "--plan", "lllrrrrrddllll", "--color", "always"]) == 0
    assert "\x1b[" in capsys.readouterr().out


def test_cli_exit_statuses(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    assert main(["show", path]) == 0
    assert main(["show", path, "--plan", "llluu"]) == 1
    capsys.readouterr()
    assert main(["show", path, "--plan", "llx"]) == 2
    err = capsys.readouterr().err
    assert err == "helltaker: <plan>:1:3: letter 'x' is not in the 'en' alphabet 'udlr' (F2)\n"
    assert main(["show", str(tmp_path / "missing.txt")]) == 2
    assert main(["show", path, "--timeout", "3"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("helltaker: ") for line in err)


def test_step_waits_for_enter_between_frames(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nq\n"))
    assert main(["show", path, "--plan", "lllrrrrrddllll", "--step"]) == 0
    captured = capsys.readouterr()
    # The start, then two Enters show letters 1 and 2; q at the third pause stops.
    assert captured.out.count("moves left") == 3
    assert captured.err.count("Enter: next letter") == 3
    assert "valid:" not in captured.out


def test_step_without_input_shows_everything(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    waits: list[int] = []
    shown = replay(repo_level("boulder_wait"), parse_plan("rdddd"))

    def wait() -> bool:
        waits.append(1)
        return True

    print_replay(shown, False, out, wait)
    assert out.getvalue() == case_text("boulder_wait_valid")
    assert len(waits) == len("rdddd")  # between the 6 frames


def test_solve_shows_the_planners_plan(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "levels" / "boulder_on_key.txt")
    assert main(["show", path, "--solve", "--planner", "search"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("valid: boulder_on_key, cost 12 <= budget 12, goal at letter 12")


def test_solve_on_an_unsolvable_level_shows_the_level_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    level = tmp_path / "tight.txt"
    level.write_text("tight\n2\n#H   D#\n", encoding="utf-8")
    assert main(["show", str(level), "--solve", "--planner", "search"]) == 1
    captured = capsys.readouterr()
    assert "no plan within budget 2" in captured.err
    assert captured.out.count("moves left") == 1


@pytest.mark.planner
def test_solve_with_fast_downward(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    assert main(["show", path, "--solve"]) == 0
    out = capsys.readouterr().out
    assert "valid: lock_and_key, cost 14 <= budget 14" in out


# A room for long plans: `rl` walks back and forth, `rrr` then ends next to the demon.
ROOM = """\
######
#H   #
#   D#
######
"""


def room_plan(pairs: int) -> str:
    return "rl" * pairs + "rrr"


def room_replay_text(plan: str) -> str:
    out = io.StringIO()
    print_replay(replay(make_level(ROOM, budget=10 * len(plan)), parse_plan(plan)), False, out)
    return out.getvalue()


def test_output_grows_linearly_with_the_plan() -> None:
    short, long = room_replay_text(room_plan(500)), room_replay_text(room_plan(1000))
    assert short.count("moves left") == 1004 and long.count("moves left") == 2004
    # Reprinting the whole plan in every frame would make this ratio about 4.
    assert len(long) < 2.5 * len(short)


def test_a_frame_shows_the_plan_around_its_letter_only() -> None:
    plan = room_plan(90)
    assert 2 * PLAN_CONTEXT + 1 < len(plan) <= HEADER_PLAN_LETTERS
    text = room_replay_text(plan)
    header, *frames, verdict = text.split("\n\n")
    assert header.splitlines()[1] == f"plan  {plan}"  # printed once, whole
    assert verdict.startswith("valid:")
    context = PLAN_CONTEXT
    for index in (1, context, context + 1, 100, len(plan) - context, len(plan)):
        (line,) = [line for line in frames[index].splitlines() if line.startswith("plan  ")]
        start, end = max(0, index - 1 - context), min(len(plan), index + context)
        expected = (("..." if start else "") + plan[start:index - 1] + f"[{plan[index - 1]}]"
                    + plan[index:end] + ("..." if end < len(plan) else ""))
        assert line == f"plan  {expected}"
    plan_lines = [line for frame in frames for line in frame.splitlines()
                  if line.startswith("plan  ")]
    assert len(plan_lines) == len(plan) and max(map(len, plan_lines)) <= 80


def test_the_header_cuts_a_very_long_plan() -> None:
    plan = room_plan(200)
    header = room_replay_text(plan).split("\n\n")[0].splitlines()
    assert header[1] == f"plan  {plan[:HEADER_PLAN_LETTERS]}... ({len(plan)} letters)"
    # Short plans are shown whole in every frame, so their header does not repeat them.
    assert not case_text("lock_and_key_valid").split("\n\n")[0].count("plan  ")


def test_the_caret_points_at_the_failing_letter_of_a_long_plan() -> None:
    plan = room_plan(100)[:-3] + "u"  # the hero is back at the start, under the wall
    text = room_replay_text(plan)
    *_, reason, plan_line, caret = text.rstrip("\n").split("\n")
    column = caret.index("^")
    assert reason.startswith(f"invalid: letter {len(plan)} 'u'") and reason.endswith("(R-A0)")
    assert plan_line[column] == "u" and plan_line[column + 1:] == ""
    assert plan_line == f"plan  ...{plan[-1 - PLAN_CONTEXT:]}"
    assert caret.endswith(f"^ letter {len(plan)}")


def test_frames_are_printed_as_they_are_made(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = replay(make_level(ROOM, budget=999), parse_plan(room_plan(20)))
    out = io.StringIO()
    printed: list[int] = []
    made: list[int] = []
    frame_text = TerminalText.frame

    def counting_frame(self: TerminalText, frame: Frame) -> str:
        made.append(frame.index)
        return frame_text(self, frame)

    def wait() -> bool:
        printed.append(out.getvalue().count("moves left"))
        return len(printed) < 5

    monkeypatch.setattr(TerminalText, "frame", counting_frame)
    print_replay(shown, False, out, wait)
    # Each pause comes right after its frame is printed, and no frame is made ahead of time.
    assert printed == [1, 2, 3, 4, 5] and made == [0, 1, 2, 3, 4]


def test_frames_view_builds_each_frame_from_the_trace() -> None:
    level = repo_level("lock_and_key")
    shown = replay(level, parse_plan("llluu"))
    frames = shown.frames
    assert len(frames) == shown.last_index + 1 == 4  # R-A0 at letter 4: the start + 3 letters
    assert list(frames) == [frames[index] for index in range(len(frames))]
    assert frames[-1] == frames[3] and frames[1:3] == (frames[1], frames[2])
    assert shown.verdict is not None
    assert [frame.state for frame in frames[1:]] == [step.state for step in shown.verdict.trace]
    with pytest.raises(IndexError):
        frames[4]


def test_show_reads_the_plan_from_plan_file(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    plan_file = tmp_path / "lock.plan"
    plan_file.write_text("lllrrrrrddllll\n", encoding="utf-8")
    assert main(["show", path, "--plan-file", str(plan_file)]) == 0
    assert capsys.readouterr().out == case_text("lock_and_key_valid")
    assert main(["show", path, "--plan-file", str(tmp_path / "missing.plan")]) == 2
    err = capsys.readouterr().err
    assert err == f"helltaker: {tmp_path / 'missing.plan'}: no such file\n"
    with pytest.raises(SystemExit) as exit_info:
        main(["show", path, "--plan", "lll", "--plan-file", str(plan_file)])
    assert exit_info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_step_cannot_share_standard_input_with_the_plan(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    for source in (["--plan", "-"], ["--plan", "@-"], ["--plan-file", "-"]):
        assert main(["show", path, *source, "--step"]) == 2
        assert "--step reads Enter from standard input" in capsys.readouterr().err
