"""Temporary folders named for their owner (translator/runtime/temporary_folders.py): a later
command removes those whose owner is gone, and only those."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from translator.runtime.temporary_folders import (
    make_temporary_folder,
    remove_orphaned_folders,
    temporary_folder,
    temporary_prefix,
)


def _dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_folders_of_dead_owners_are_removed_and_no_other(tmp_path: Path) -> None:
    dead, alive = _dead_pid(), os.getpid()
    orphan = tmp_path / f"helltaker-{dead}-fd-abc"
    (orphan / "inside").mkdir(parents=True)
    (orphan / "inside" / "plan.1").write_text("(step)\n")
    kept = [tmp_path / f"helltaker-{alive}-abc", tmp_path / "helltaker-abcdefgh",
            tmp_path / f"other-{dead}-x"]
    for folder in kept:
        folder.mkdir()
    a_file = tmp_path / f"helltaker-{dead}-file"
    a_file.write_text("not a folder: not ours to remove")
    assert remove_orphaned_folders(str(tmp_path)) == [str(orphan)]
    assert sorted(os.listdir(tmp_path)) == sorted([a_file.name] + [f.name for f in kept])


def test_folders_are_named_for_this_process_and_removed_with_the_block() -> None:
    assert temporary_prefix("symk") == f"helltaker-{os.getpid()}-symk-"
    with temporary_folder("fd") as folder:
        assert os.path.basename(folder).startswith(f"helltaker-{os.getpid()}-fd-")
    assert not os.path.exists(folder)
    made = make_temporary_folder()
    try:
        assert os.path.basename(made).startswith(f"helltaker-{os.getpid()}-")
    finally:
        os.rmdir(made)
