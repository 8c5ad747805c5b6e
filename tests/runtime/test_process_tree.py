"""An attempt's family of processes (translator/runtime/process_tree.py): the walk down its
threads' children lists finds what a reading of every process of the machine finds."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from translator.runtime import process_tree
from translator.runtime.memory_limits import MemoryWatch
from translator.runtime.process_tree import address_space, descendants, family_below

Tree = list["Tree"]

trees: st.SearchStrategy[Tree] = st.recursive(
    st.just([]), lambda inner: st.lists(inner, min_size=1, max_size=3), max_leaves=6)


def _script(tree: Tree) -> str:
    """Python that starts `tree`'s processes below itself, each a process that starts its own
    children, then sleeps."""
    spawn = "".join(f"subprocess.Popen([sys.executable, '-c', {_script(child)!r}]);"
                    for child in tree)
    return f"import subprocess, sys, time;{spawn}time.sleep(30)"


def _count(tree: Tree) -> int:
    return sum(1 + _count(child) for child in tree)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
@settings(max_examples=4, deadline=None, derandomize=True)
@given(trees)
def test_the_walk_finds_every_descendant(tree: Tree) -> None:
    root = subprocess.Popen([sys.executable, "-c", _script(tree)])
    try:
        deadline = time.monotonic() + 20
        while len(descendants(root.pid)) < _count(tree) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(family_below(root.pid)) == _count(tree)
        assert family_below(root.pid) == descendants(root.pid)
    finally:
        process_tree.kill_family(root.pid)
        root.wait()


def test_without_children_lists_the_walk_reads_every_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(process_tree, "_children_listed", lambda: False)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert family_below(os.getpid()) >= {child.pid}
    finally:
        child.kill()
        child.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
def test_the_watch_sees_a_grandchild_past_the_limit() -> None:
    """The watch judges the family it walks: a grandchild holding 300 MB more than its
    parent is past a limit the parent is within, once the watch has walked the family."""
    grow = "b = bytearray(300 * 2**20); import time; time.sleep(30)"
    parent = subprocess.Popen([sys.executable, "-c",
                               f"import subprocess, sys, time; subprocess.Popen([sys.executable, "
                               f"'-c', {grow!r}]); time.sleep(30)"])
    try:
        deadline = time.monotonic() + 20
        while not family_below(parent.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        (grandchild,) = family_below(parent.pid)
        while address_space(grandchild) < address_space(parent.pid) + 250 * 2**20 \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        limit = address_space(parent.pid) + 100 * 2**20
        watch = MemoryWatch(parent.pid, limit)
        assert not watch.exceeded()  # it knows the parent alone until its first walk
        while not watch.exceeded() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert watch.exceeded()
    finally:
        process_tree.kill_family(parent.pid)
        parent.wait()
