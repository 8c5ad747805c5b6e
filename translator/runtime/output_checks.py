"""Output paths checked before any work starts, so that a run of minutes is not lost to a
folder it cannot write or to two outputs that would overwrite each other. The checks create
nothing: a folder that does not exist yet is made only when its files are written
(translator/runtime/atomic_write.py)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence

from strips_model.errors import InputError, Position


def check_outputs(files: Sequence[str] = (), folders: Sequence[str] = ()) -> None:
    """Refuse, as bad input naming the path, any output file or folder that could not be
    written: its place is not a folder, cannot be created or is not writable; a file that is
    a folder; two outputs that are one path."""
    seen: dict[str, str] = {}
    for path, is_folder in [*((path, False) for path in files),
                            *((path, True) for path in folders)]:
        resolved = os.path.realpath(path)
        if resolved in seen:
            raise InputError(f"named twice as an output (also as {seen[resolved]})",
                             Position(path))
        seen[resolved] = path
        if not is_folder and os.path.isdir(path):
            raise InputError("is a directory, expected a file to write", Position(path))
        _check_folder(path if is_folder else os.path.dirname(os.path.abspath(path)), path)


def _check_folder(folder: str, output: str) -> None:
    """`folder` is, or can be made, a writable folder for `output` (the path the error names);
    nothing is created or left."""
    existing = os.path.abspath(folder)
    while not os.path.lexists(existing):
        existing = os.path.dirname(existing)
    if not os.path.isdir(existing):
        raise InputError(f"cannot write there: {existing} is not a directory",
                         Position(output))
    if not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"cannot write there: {existing} is not writable", Position(output))
    # os.access answers for the permission bits only: a read-only mount, a full inode table
    # or root's bypass show only when a file is really made.
    try:
        handle, probe = tempfile.mkstemp(dir=existing, prefix=".helltaker-probe-")
    except OSError as error:
        raise InputError(f"cannot write there: {error.strerror}", Position(output)) from None
    os.close(handle)
    os.unlink(probe)
