"""Write several output files all or none, each appearing whole or not at all."""

from __future__ import annotations

import errno
import os
import tempfile


def write_files_atomically(files: dict[str, bytes]) -> None:
    """Stage every file beside its target, then rename them all into place.

    A reader never sees a half-written picture, and when any file fails (unwritable
    directory, a target that is a directory) none of the targets is touched.
    """
    for path in files:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "is a directory", path)
    umask = os.umask(0)
    os.umask(umask)
    staged: list[tuple[str, str]] = []
    try:
        for path, data in files.items():
            directory = os.path.dirname(os.path.abspath(path))
            os.makedirs(directory, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=directory, prefix=".tmp-")
            staged.append((temporary, path))
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            # mkstemp creates 0600 files; give them the mode a plain open() would.
            os.chmod(temporary, 0o666 & ~umask)
        for temporary, path in staged:
            os.replace(temporary, path)
    finally:
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)
