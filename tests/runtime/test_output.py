"""The one writer of standard output, the output checks made before any work, and the atomic
writers leaving nothing behind when the disk fills up."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.errors import InputError, RunError
from translator.runtime import output
from translator.runtime.atomic_folder import write_folder
from translator.runtime.atomic_write import write_files_atomically
from translator.runtime.output_checks import check_outputs


class _Full(io.StringIO):
    """A stream on a full device."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class _Gone(io.StringIO):
    """A stream whose reader went away."""

    def flush(self) -> None:
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def test_lines_and_text_reach_standard_output(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    output.print_out("a")
    output.write_out("b", flush=True)
    output.STANDARD_OUTPUT.write("c\n")
    assert stream.getvalue() == "a\nbc\n"


@pytest.mark.parametrize(("stream", "reason"), [(None, "it is closed"),
                                                (_Full(), "No space left on device")])
def test_a_closed_or_full_standard_output_is_a_run_error(
        monkeypatch: pytest.MonkeyPatch, stream: io.StringIO | None, reason: str) -> None:
    monkeypatch.setattr(sys, "stdout", stream)
    with pytest.raises(RunError) as raised:
        output.print_out("plan")
    assert not isinstance(raised.value, InputError)
    assert str(raised.value) == f"cannot write to standard output: {reason}"


def test_a_broken_pipe_stays_a_broken_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", _Gone())
    output.print_out("plan")  # buffered: the reader's absence shows at the flush
    with pytest.raises(BrokenPipeError):
        output.flush_out()


def test_outputs_that_can_be_written_pass_and_leave_nothing(tmp_path: Path) -> None:
    check_outputs([str(tmp_path / "a.svg"), str(tmp_path / "new" / "deeper" / "b.svg")],
                  [str(tmp_path / "folder")])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("files", "folders", "message"), [
    (["FILE/x.svg"], [], "FILE/x.svg: cannot write there: FILE is not a directory"),
    ([], ["FILE/sub"], "FILE/sub: cannot write there: FILE is not a directory"),
    (["DIR"], [], "DIR: is a directory, expected a file to write"),
    (["DIR/a.svg", "DIR/../NAME/a.svg"], [], "DIR/../NAME/a.svg: named twice as an output "
     "(also as DIR/a.svg)"),
    (["DIR/out"], ["DIR/out"], "DIR/out: named twice as an output (also as DIR/out)"),
])
def test_outputs_that_cannot_be_written_are_bad_input(
        tmp_path: Path, files: list[str], folders: list[str], message: str) -> None:
    (tmp_path / "FILE").write_text("x")
    def real(path: str) -> str:
        return (path.replace("FILE", str(tmp_path / "FILE")).replace("DIR", str(tmp_path))
                .replace("NAME", tmp_path.name))

    with pytest.raises(InputError) as raised:
        check_outputs([real(path) for path in files], [real(path) for path in folders])
    assert str(raised.value) == real(message)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["FILE"]


def test_a_folder_without_write_permission_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    with pytest.raises(InputError) as raised:
        check_outputs([str(tmp_path / "new" / "a.svg")])
    assert str(raised.value) == f"{tmp_path}/new/a.svg: cannot write there: {tmp_path} is " \
        "not writable"


def test_a_folder_that_refuses_a_real_file_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the permission bits do not show (a read-only mount, root on one): the probe."""
    def read_only(**arguments: object) -> tuple[int, str]:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr("tempfile.mkstemp", read_only)
    with pytest.raises(InputError) as raised:
        check_outputs(folders=[str(tmp_path / "out")])
    assert str(raised.value) == f"{tmp_path}/out: cannot write there: Read-only file system"


_FULL_DISK = """
import resource, signal, sys
from translator.runtime.atomic_folder import write_folder
from translator.runtime.atomic_write import write_files_atomically
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
target = sys.argv[1]
writers = [lambda: write_files_atomically({target + "/new/deeper/a.svg": b"x" * 4000}),
           lambda: write_folder(target + "/new/suite", {"sub/a.txt": b"x" * 4000})]
for write in writers:
    try:
        write()
    except OSError as error:
        print(error.errno)
"""
"""Both writers under a file-size limit of 1000 bytes (the kernel's answer to a full disk,
EFBIG instead of ENOSPC): each must fail, and leave neither a temporary file nor a folder."""


def test_a_full_disk_leaves_no_folder_and_no_temporary_file(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-c", _FULL_DISK, str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.split() == [str(errno.EFBIG)] * 2
    assert list(tmp_path.iterdir()) == []


def test_the_writers_still_write(tmp_path: Path) -> None:
    write_files_atomically({str(tmp_path / "new" / "a.txt"): b"a"})
    write_folder(str(tmp_path / "suite"), {"sub/b.txt": b"b"})
    assert (tmp_path / "new" / "a.txt").read_bytes() == b"a"
    assert (tmp_path / "suite" / "sub" / "b.txt").read_bytes() == b"b"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["new", "suite"]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_text_past_the_outputs_encoding_is_written_escaped(
        encoding: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under PYTHONIOENCODING=ascii (or a C locale) a title with `é` or `→` is written with
    backslash escapes, as Python's own stderr writes it, never a UnicodeEncodeError."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict")
    monkeypatch.setattr(sys, "stdout", stream)
    output.print_out("péché → ok", flush=True)
    written = raw.getvalue().decode(encoding)
    assert written.endswith(" ok\n") and "\\u2192" in written
    assert ("\\xe9" in written) == (encoding == "ascii")
