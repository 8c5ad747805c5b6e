"""What a fresh process imports (issue 25, cold start): `helltaker --help` and the command
process of `helltaker solve` on one small level load none of the heavy libraries, and the fd
back-end, imported in the attempt's child, loads only those it uses (numpy and clingo for
its grounding). The child reserved for fd's attempt is forked before the command reads its
level and before anything of the back-end is imported, so that the child imports the back-end
while the command reads the level (translator/cli/solve.py). A module that imports one of
them at its top, on that path, fails here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers import ROOT, shared_path

TINY = "tiny\n9\n#####\n#H B#\n#  D#\n#####\n"

HEAVY = frozenset({"numpy", "rich", "dask", "distributed", "unified_planning", "matplotlib",
                   "clingo", "fast_downward", "up_fast_downward", "pysat", "PIL", "pypdf",
                   "scipy", "pandas"})
"""Libraries that each take tens of milliseconds or more to import."""

FD_NEEDS = frozenset({"numpy", "clingo"})
"""What `--planner fd` grounds with, in the child that runs the attempt."""

_SCRIPT = """
import json, sys
from translator.cli.main import main
from translator.runtime import processes
def loaded():
    return sorted(name for name in sys.modules if name.split(".")[0] in HEAVY
                  or name in HEAVY or name.startswith("translator.planners.fast_downward"))
HEAVY = set(sys.argv[1].split(","))
reserving = processes.reserve_child
def reserve(prepare):
    found["at reservation"] = loaded()
    return reserving(prepare)
processes.reserve_child = reserve
found = {}
try:
    status = main(sys.argv[2:])
except SystemExit as stopped:  # --help
    status = stopped.code
found.update({"status": status, "command": loaded()})
if sys.argv[2] == "solve" and status == 0:
    from translator.planners.registry import Mode, prepare_planner, require_packages
    prepare_planner("fd", 1)  # what the command does for fd on one level, before the fork
    require_packages("fd", Mode.SOLVE)
    found["fd prepared"] = loaded()
    import translator.planners.fast_downward  # what the fd attempt's child imports
    found["fd back-end"] = loaded()
print(json.dumps(found), file=sys.stderr)
"""


def _imported(*arguments: str, heavy: frozenset[str] = HEAVY) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-c", _SCRIPT, ",".join(sorted(heavy)), *arguments],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    found: dict[str, object] = json.loads(run.stderr.strip().splitlines()[-1])
    return found


def test_the_help_imports_no_heavy_library() -> None:
    assert _imported("--help") == {"status": 0, "command": []}


def test_solving_one_level_imports_no_heavy_library_in_the_command_process(
        tmp_path: Path) -> None:
    level = tmp_path / "tiny.txt"
    level.write_text(TINY, encoding="utf-8")
    found = _imported("solve", "--optimal", "--planner", "search", str(level))
    assert found["status"] == 0
    assert found["command"] == []
    # fd on one level: the schemas parsed, its back-end left to the attempt's child.
    assert found["fd prepared"] == []
    back_end = found["fd back-end"]
    assert isinstance(back_end, list)
    assert "translator.planners.fast_downward" in back_end
    assert {name.split(".")[0] for name in back_end} - {"translator"} <= FD_NEEDS


def test_the_attempts_child_is_reserved_before_the_back_end_is_imported(
        tmp_path: Path) -> None:
    """fd on one level: the child is forked once the arguments are read and the schemas
    parsed (lark, which both processes need, the child inherits), before the level is read
    (its absence is found after, and ends the child: exit 2) and before any heavy library."""
    found = _imported("solve", "--optimal", "--planner", "fd", str(tmp_path / "missing.txt"),
                      heavy=HEAVY | {"lark", "strips_model.level_file"})
    assert found["status"] == 2
    reserved = found["at reservation"]
    assert isinstance(reserved, list) and "strips_model.level_file" not in reserved
    assert {name.split(".")[0] for name in reserved} == {"lark"}


_IN_THE_CHILD = """
import json, sys
from translator.cli.main import main
from translator.runtime import child_side
computing = child_side._compute_and_send
def compute_and_send(function, argument, sender):  # in the attempt's child, before its job
    with open(sys.argv[1], "w") as record:
        json.dump(sorted(sys.modules), record)
    return computing(function, argument, sender)
child_side._compute_and_send = compute_and_send
status = main(sys.argv[2:])
json.dump(sorted(sys.modules), sys.stderr)
sys.exit(status)
"""


def test_solving_with_the_search_imports_no_heavy_library_in_any_process(
        tmp_path: Path) -> None:
    """`--planner search` reserves no child: neither the command nor its attempt's child,
    forked for it, imports a heavy library."""
    level = tmp_path / "tiny.txt"
    level.write_text(TINY, encoding="utf-8")
    record = tmp_path / "child.json"
    run = subprocess.run([sys.executable, "-c", _IN_THE_CHILD, str(record), "solve",
                          "--optimal", "--planner", "search", str(level)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-500:]
    command = json.loads(run.stderr.splitlines()[-1])
    child = json.loads(record.read_text(encoding="utf-8"))
    assert "translator.planners.exhaustive" in child
    for imported in (command, child):
        assert {name.split(".")[0] for name in imported} & HEAVY == set()


_ROUTE = """
import json, sys
from translator.planners import registry
children = []
forking = registry.run_in_child
def run_in_child(name, *arguments, **keywords):
    children.append(name)
    return forking(name, *arguments, **keywords)
registry.run_in_child = run_in_child
from translator.cli.main import main
status = main(sys.argv[2:])
print(json.dumps({"status": status, "children": children,
                  "heavy": sorted(name for name in sys.modules
                                  if name.split(".")[0] in set(sys.argv[1].split(",")))}),
      file=sys.stderr)
"""


def _route(*arguments: str) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-c", _ROUTE, ",".join(sorted(HEAVY)), *arguments],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    found: dict[str, object] = json.loads(run.stderr.strip().splitlines()[-1])
    found["stdout"] = run.stdout
    return found


def test_the_default_solve_of_a_small_level_starts_no_child_and_no_heavy_library(
        tmp_path: Path) -> None:
    """`auto` (the default) settles a small level with the simulator's search in the command's
    own process: no child, no numpy or clingo, and the output names the search."""
    level = tmp_path / "tiny.txt"
    level.write_text(TINY, encoding="utf-8")
    found = _route("solve", "--optimal", "--json", str(level))
    assert found["status"] == 0
    assert found["children"] == [] and found["heavy"] == []
    record = json.loads(str(found["stdout"]))
    assert record["planner"].startswith("auto -> search") and record["valid"] is True


def test_the_defaults_search_of_a_big_level_runs_in_a_child(tmp_path: Path) -> None:
    """Over 1,250 open cells the budget of states (4 per cell) could hold more memory than
    a small level's: the search runs in a child, under the memory limit."""
    width = 40
    rows = ["#" * (width + 2), "#H" + " " * (width - 1) + "#",
            *(["#" + " " * width + "#"] * (width - 2)), "#" + " " * (width - 1) + "D#",
            "#" * (width + 2)]
    level = tmp_path / "room.txt"
    level.write_text("room\n100\n" + "\n".join(rows) + "\n", encoding="utf-8")
    found = _route("solve", "--json", str(level))
    assert found["status"] == 0 and found["children"] == ["auto"] and found["heavy"] == []
    assert json.loads(str(found["stdout"]))["planner"].startswith("auto -> search")


def test_validate_and_show_of_a_word_load_no_heavy_library_and_no_plan_grammar(
        tmp_path: Path) -> None:
    """A plan given as a word needs neither the grammar of PDDL plan files nor the schemas,
    nor (without --solve) the planners' registry. `show` colours the terminal with rich."""
    level = tmp_path / "tiny.txt"
    level.write_text(TINY, encoding="utf-8")
    heavy = HEAVY | {"strips_model.ground_plan", "strips_model.schema",
                     "translator.planners.registry"}
    for command in (("validate", str(level), "rrr"), ("show", str(level), "--plan", "rrr")):
        found = _imported(*command, heavy=heavy - {"rich"} if command[0] == "show" else heavy)
        assert found["command"] == [], command


_FORKED_AHEAD = """
import json, os, sys
from translator.runtime import processes
started, reserved = [], []
starting, reserving = processes.start_in_child, processes.reserve_child
def start_in_child(*arguments, **keywords):
    child = starting(*arguments, **keywords)
    started.append(child.pid)
    return child
def reserve_child(prepare):
    child = reserving(prepare)
    reserved.append(child.pid)
    return child
processes.start_in_child, processes.reserve_child = start_in_child, reserve_child
from translator.cli.main import main
status = main(sys.argv[1:])
def alive(pid):
    try:
        return os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        return False
print(json.dumps({"status": status, "started": started, "reserved": reserved,
                  "alive": [pid for pid in started + reserved if alive(pid)]}), file=sys.stderr)
"""


def _forked_ahead(*arguments: str) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-c", _FORKED_AHEAD, *arguments], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=False)
    found: dict[str, object] = json.loads(run.stderr.strip().splitlines()[-1])
    return found


def test_a_search_past_its_milestone_starts_fd_beside_it_and_ends_it_unused() -> None:
    """Classic level 4 takes the default's search 3,776 states: past 2,000 Fast Downward's
    attempt is started in its child beside the search; the search settles the level, and that
    child is ended. Nothing is forked ahead of the level's reading (auto is a light attempt)."""
    found = _forked_ahead("solve", "--json", str(shared_path("levels/classic/level4.txt")))
    assert found["status"] == 0
    started = found["started"]
    assert isinstance(started, list) and len(started) == 1
    assert found["reserved"] == [] and found["alive"] == []


def test_a_search_that_settles_early_forks_nothing() -> None:
    found = _forked_ahead("solve", "--json", str(ROOT / "levels" / "level1.txt"))
    assert found["status"] == 0 and found["reserved"] == [] and found["started"] == []
