"""Output paths checked before any work starts, so that a run of minutes is not lost to a
folder it cannot write or to two outputs that would overwrite each other. The checks create
nothing: a folder that does not exist yet is made only when its files are written
(translator/runtime/atomic_write.py)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence

from strips_model.errors import InputError, Position
from translator.runtime.output_guard import output_target


def check_outputs(files: Sequence[str] = (), folders: Sequence[str] = (),
                  inputs: Sequence[str] = ()) -> None:
    """Refuse, as bad input naming the path, any output file or folder that could not be
    written: its place is not a folder, cannot be created or is not writable; a file that is
    a folder; two outputs that are one path; and, by the output guard (output_guard.py), a
    file that would replace one of `inputs` or that is neither a regular file, a character
    device nor a FIFO. A command writing into a folder lists in `files` the files it will
    write there, so that none of them is checked only when the work is done."""
    seen: dict[str, str] = {}
    for path, is_folder in [*((path, False) for path in files),
                            *((path, True) for path in folders)]:
        resolved = os.path.realpath(path)
        if resolved in seen:
            raise InputError(f"named twice as an output (also as {seen[resolved]})",
                             Position(path))
        seen[resolved] = path
        if is_folder:
            _check_folder(path, path)
            continue
        if os.path.isdir(path):
            raise InputError("is a directory, expected a file to write", Position(path))
        target = output_target(path, inputs)
        # Written through in place, a device or a FIFO needs no room beside it (/dev is not
        # writable, and need not be).
        if not target.through:
            _check_folder(os.path.dirname(os.path.abspath(target.path)), path)


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
