"""Write several output files all or none, each appearing whole or not at all, and leave
nothing behind on failure: no temporary file, no folder made for them."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress


def write_files_atomically(files: dict[str, bytes]) -> None:
    """Stage every file beside its target, then rename them all into place.

    A reader never sees a half-written picture, and when any file fails (unwritable
    directory, a target that is a directory, a full disk) none of the targets is touched.
    """
    for path in files:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "is a directory", path)
    staged: list[tuple[str, str]] = []
    with new_folders() as make_folder:
        try:
            for path, data in files.items():
                directory = os.path.dirname(os.path.abspath(path))
                make_folder(directory)
                handle, temporary = tempfile.mkstemp(dir=directory, prefix=".tmp-")
                staged.append((temporary, path))
                with os.fdopen(handle, "wb") as stream:
                    stream.write(data)
                # mkstemp creates 0600 files; give them the mode a plain open() would.
                os.chmod(temporary, plain_mode(0o666))
            for temporary, path in staged:
                os.replace(temporary, path)
        finally:
            for temporary, _ in staged:
                if os.path.exists(temporary):
                    os.unlink(temporary)


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
