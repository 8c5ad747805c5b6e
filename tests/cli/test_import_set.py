"""What a fresh process imports (issue 25, cold start): `helltaker --help` and the command
process of `helltaker solve` on one small level load none of the heavy libraries, and the fd
back-end, imported in the attempt's child, loads only those it uses (numpy and clingo for
its grounding). A module that imports one of them at its top, on that path, fails here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers import ROOT

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
def loaded():
    return sorted(name for name in sys.modules if name.split(".")[0] in HEAVY
                  or name.startswith("translator.planners.fast_downward"))
HEAVY = set(sys.argv[1].split(","))
try:
    status = main(sys.argv[2:])
except SystemExit as stopped:  # --help
    status = stopped.code
found = {"status": status, "command": loaded()}
if sys.argv[2] == "solve":
    from translator.planners.registry import Mode, prepare_planner, require_packages
    prepare_planner("fd", 1)  # what the command does for fd on one level, before the fork
    require_packages("fd", Mode.SOLVE)
    found["fd prepared"] = loaded()
    import translator.planners.fast_downward  # what the fd attempt's child imports
    found["fd back-end"] = loaded()
print(json.dumps(found), file=sys.stderr)
"""


def _imported(*arguments: str) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-c", _SCRIPT, ",".join(sorted(HEAVY)), *arguments],
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
