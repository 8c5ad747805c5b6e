"""Write several output files all or none, each appearing whole or not at all, and leave
nothing behind on failure: no temporary file, no folder made for them. The one writer of
output files: each passes the output guard (output_guard.py) here."""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress

from translator.runtime.output_guard import OutputTarget, output_target


def write_files_atomically(files: dict[str, bytes], inputs: Sequence[str] = ()) -> None:
    """Stage every file beside its target, then rename them all into place.

    A reader never sees a half-written picture, and when any file fails (unwritable
    directory, a target that is a directory, a full disk) none of the targets is touched.
    Every path passes the output guard first (output_guard.py): one that would replace one of
    `inputs` or a file that is not regular is refused; a device or a FIFO is written through,
    after the others are staged and before they are renamed; a link's target is replaced.
    """
    targets = {path: output_target(path, inputs) for path in files}
    for target in targets.values():
        if not target.through and os.path.isdir(target.path):
            raise IsADirectoryError(errno.EISDIR, "is a directory", target.path)
    staged: list[tuple[str, str]] = []
    with new_folders() as make_folder:
        try:
            for path, data in files.items():
                if not targets[path].through:
                    staged.append((_staged(targets[path].path, data, make_folder),
                                   targets[path].path))
            for path, data in files.items():
                if targets[path].through:
                    _write_through(targets[path], data)
            for temporary, target_path in staged:
                os.replace(temporary, target_path)
        finally:
            for temporary, _ in staged:
                if os.path.exists(temporary):
                    os.unlink(temporary)


def _staged(path: str, data: bytes, make_folder: Callable[[str], None]) -> str:
    """A temporary file beside `path` holding `data`, with the mode a plain open() gives."""
    directory = os.path.dirname(os.path.abspath(path))
    make_folder(directory)
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".tmp-")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        # mkstemp creates 0600 files; give them the mode a plain open() would.
        os.chmod(temporary, plain_mode(0o666))
    except BaseException:
        os.unlink(temporary)
        raise
    return temporary


def _write_through(target: OutputTarget, data: bytes) -> None:
    """Write `data` into what is there, a device, a FIFO or one of this process's open files,
    neither truncated nor replaced (a FIFO with no reader waits for one, as a shell's `>`)."""
    if target.descriptor is not None:
        # What this process already wrote there comes first, in the order it was written.
        for stream in (sys.stdout, sys.stderr):
            if stream is not None and not stream.closed:
                stream.flush()
        _write_all(target.descriptor, data)
        return
    descriptor = os.open(target.path, os.O_WRONLY | os.O_NOCTTY)
    try:
        _write_all(descriptor, data)
    finally:
        os.close(descriptor)


def _write_all(descriptor: int, data: bytes) -> None:
    """`os.write` until every byte is written: a pipe or a device may take fewer at once."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


@contextmanager
def new_folders() -> Iterator[Callable[[str], None]]:
    """A `makedirs` whose folders are removed again, deepest first, if the block fails."""
    made: list[str] = []

    def make_folder(directory: str) -> None:
        missing: list[str] = []
        while not os.path.isdir(directory):
            missing.append(directory)
            directory = os.path.dirname(directory)
        for folder in reversed(missing):
            os.mkdir(folder)
            made.append(folder)

    try:
        yield make_folder
    except BaseException:
        for folder in reversed(made):
            # Not empty: something else wrote there meanwhile, not ours to remove.
            with suppress(OSError):
                os.rmdir(folder)
        raise


def plain_mode(bits: int) -> int:
    """`bits` under the process's umask: the mode a plain open() or mkdir() would give."""
    umask = os.umask(0)
    os.umask(umask)
    return bits & ~umask
