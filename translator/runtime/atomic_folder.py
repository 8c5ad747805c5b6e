"""Write a whole folder at once: built beside its target under a hidden name, then renamed
into place, so a reader (or a crash) never sees it half-written."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Mapping

from translator.runtime.atomic_write import new_folders, plain_mode


def check_replaceable(target: str, force: bool) -> None:
    """Raise the error `write_folder` would for `target` before any work is done: a file, or
    a non-empty folder without `force`."""
    if os.path.lexists(target) and not os.path.isdir(target):
        raise NotADirectoryError(errno.ENOTDIR, "exists and is not a directory", target)
    if not force and os.path.isdir(target) and os.listdir(target):
        raise FileExistsError(errno.ENOTEMPTY, "exists and is not empty", target)


def write_folder(target: str, files: Mapping[str, bytes], force: bool = False) -> None:
    """Make `target` hold exactly `files` (paths relative to it). An existing non-empty
    `target` is replaced only with `force`; on any error it is left as it was, and no folder
    made for it remains."""
    check_replaceable(target, force)
    target = os.path.abspath(target)
    parent, name = os.path.split(target)
    with new_folders() as make_folder:
        make_folder(parent)
        staging = tempfile.mkdtemp(dir=parent, prefix=f".{name}.tmp-")
        aside = f"{staging}.old"
        try:
            # mkdtemp makes a 0700 folder; give it the mode a plain mkdir would.
            os.chmod(staging, plain_mode(0o777))
            for relative, data in sorted(files.items()):
                path = os.path.join(staging, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as stream:
                    stream.write(data)
            # rename() cannot replace a non-empty folder: the old one is moved aside first,
            # and moved back below should the second rename fail or be interrupted.
            if os.path.isdir(target):
                os.rename(target, aside)
            os.rename(staging, target)
        finally:
            if os.path.isdir(aside) and not os.path.lexists(target):
                os.rename(aside, target)
            shutil.rmtree(staging, ignore_errors=True)
            shutil.rmtree(aside, ignore_errors=True)
