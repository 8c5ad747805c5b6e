"""The output guard in the one writer: no output replaces an input (through symbolic or hard
links), a device or a FIFO is written through and stays what it is, a symbolic link's target
is written and the link survives, a block device or a socket is refused."""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.errors import InputError
from translator.runtime.atomic_write import write_files_atomically
from translator.runtime.output_checks import check_outputs
from translator.runtime.output_guard import output_target

LEVEL = b"a level\n7\n###\n#HD#\n###\n"


def _input(tmp_path: Path) -> Path:
    level = tmp_path / "level.txt"
    level.write_bytes(LEVEL)
    return level


def test_dev_null_is_written_through_and_stays_a_device() -> None:
    # Asked first: should the guard ever let a rename through, this test stops before it.
    assert output_target(os.devnull).through
    before = os.stat(os.devnull)
    check_outputs([os.devnull])
    write_files_atomically({os.devnull: b"picture"})
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == \
        (before.st_ino, before.st_rdev)


def test_a_fifo_is_written_through_to_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_files_atomically({str(fifo): b"through the pipe", str(tmp_path / "plain"): b"x"})
    reader.join(timeout=30)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert (tmp_path / "plain").read_bytes() == b"x"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["pipe", "plain"]


@pytest.mark.parametrize("target", ["real.txt", "sub/../real.txt", "absent.txt"])
def test_a_symbolic_link_survives_its_target_written(target: str, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "real.txt").write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    check_outputs([str(link)])
    write_files_atomically({str(link): b"new"})
    assert link.is_symlink() and os.readlink(link) == target
    assert link.read_bytes() == b"new"


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "socket"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(InputError, match="is a socket"):
            check_outputs([str(path)])
        with pytest.raises(InputError, match="is a socket"):
            write_files_atomically({str(path): b"x"})
        assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_a_block_device_is_refused() -> None:
    device = next((f"/dev/{name}" for name in sorted(os.listdir("/dev"))
                   if stat.S_ISBLK(os.lstat(f"/dev/{name}").st_mode)), None)
    if device is None:
        pytest.skip("no block device in /dev")
    with pytest.raises(InputError, match="is a block device"):
        write_files_atomically({device: b"x"})


def test_every_file_is_refused_before_any_is_written(tmp_path: Path) -> None:
    level = _input(tmp_path)
    other = tmp_path / "other.txt"
    with pytest.raises(InputError, match=f"would replace the input {level}"):
        write_files_atomically({str(other): b"x", str(level): b"y"}, [str(level)])
    assert level.read_bytes() == LEVEL and not other.exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["level.txt"]


_WAYS = ["same", "dot", "symlink", "hardlink", "symlink-to-symlink", "parent-symlink"]


def _path_to(level: Path, way: str, tmp_path: Path) -> str:
    """Another name of `level`, made as `way` says."""
    if way == "same":
        return str(level)
    if way == "dot":
        return str(level.parent / "." / level.name)
    if way == "parent-symlink":
        folder = tmp_path / "folder-link"
        folder.symlink_to(level.parent, target_is_directory=True)
        return str(folder / level.name)
    alias = tmp_path / f"alias-{way}"
    if way == "hardlink":
        os.link(level, alias)
    elif way == "symlink":
        alias.symlink_to(level)
    else:
        middle = tmp_path / "middle"
        middle.symlink_to(level)
        alias.symlink_to(middle)
    return str(alias)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(output_way=st.sampled_from(_WAYS), input_way=st.sampled_from(_WAYS),
       others=st.integers(0, 3), position=st.integers(0, 3))
def test_an_output_reaching_an_input_is_refused_whatever_the_names(
        output_way: str, input_way: str, others: int, position: int,
        tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("guard")
    for name in ("inputs", "out", "in"):
        (folder / name).mkdir()
    level = _input(folder / "inputs")
    output = _path_to(level, output_way, folder / "out")
    given_input = _path_to(level, input_way, folder / "in")
    inputs = [str(folder / f"unrelated-{index}") for index in range(others)]
    inputs.insert(min(position, len(inputs)), given_input)
    with pytest.raises(InputError) as refused:
        check_outputs([output], inputs=inputs)
    assert str(refused.value) == \
        f"{output}: would replace the input {given_input}: choose another output"
    with pytest.raises(InputError):
        write_files_atomically({output: b"overwritten"}, inputs)
    assert level.read_bytes() == LEVEL and os.path.exists(given_input)
