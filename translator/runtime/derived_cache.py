"""What is derived from the model alone (the parsed `helltaker.strips`, the grammars'
parsers; strips_model/derived.py), computed once and kept on disk for the processes after.

Each value is one file of the user's cache folder (`platformdirs`: `~/.cache/helltaker` on
Linux), or of the folder `HELLTAKER_CACHE_DIR` names; that variable set but empty keeps
nothing. A file starts with a header naming the format and a digest of the value's sources
(the model's text and the code that derives it, docs/performance.md); a value is read back
only under the very same header, so an old or foreign file is recomputed and replaced. A
file that cannot be read, or whose value cannot be decoded (truncated, corrupt), is
recomputed too; a folder that cannot be written keeps nothing. None of this is ever an
error: the cache only saves time. Files are written whole or not at all, by the one writer
of files (atomic_write.py).

Whoever can write the folder decides what every later process reads, so values are plain
data that cannot run code when decoded (strips_model/plain_values.py, never pickle), and the
folder is used only when it is a folder of this user that nobody else may write (made so,
mode 0700, when missing); any other folder keeps nothing. With HOME pointing nowhere the
default folder is not made at all.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from typing import Any

from strips_model.derived import Derivation, keep_derived_with
from strips_model.errors import InputError
from strips_model.input_files import InputKind, read_input_bytes
from translator.runtime.atomic_write import write_files_atomically

CACHE_VARIABLE = "HELLTAKER_CACHE_DIR"
"""A folder to keep derived values in instead of the user's cache folder; empty: none."""

_FORMAT = b"helltaker derived value, format 1\n"


def cache_folder() -> str | None:
    """Where derived values are kept, or None when they are not kept."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen is not None:
        return chosen or None
    if not os.path.isdir(os.path.expanduser("~")):
        return None  # nothing is made under a home folder that does not exist
    # Imported here: only a process that derives something needs it.
    import platformdirs

    return platformdirs.user_cache_dir("helltaker", appauthor=False)


def kept(derivation: Derivation[Any]) -> Any:
    """The value stored for the derivation's sources, or the value made and stored."""
    folder = cache_folder()
    if folder is None or not _private(folder):
        return derivation.make()
    header = entry_header(derivation)
    path = os.path.join(folder, derivation.kind.replace("/", "-") + ".bin")
    data = _stored(path)
    if data is not None and data.startswith(header):
        try:
            return derivation.decode(data[len(header):])
        except Exception:  # noqa: BLE001, S110 - a corrupt entry is made again, never an error
            pass
    value = derivation.make()
    # An unwritable folder, a full disk: the next process derives it again.
    with contextlib.suppress(OSError):
        _clear_odd_entry(path)
        write_files_atomically({path: header + derivation.encode(value)})
    return value


def _clear_odd_entry(path: str) -> None:
    """Remove an entry that is not a plain file (a FIFO, a socket, a link): the writer would
    write through a FIFO, waiting for a reader that never comes, or follow a link out of the
    folder; an entry is only ever a file this cache made (a folder stays, and is not used)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        os.unlink(path)


def entry_header(derivation: Derivation[Any]) -> bytes:
    """What an entry starts with: the format, and a digest of the value's sources."""
    digest = hashlib.sha256()
    for source in derivation.sources:
        digest.update(hashlib.sha256(source).digest())
    return _FORMAT + digest.hexdigest().encode() + b"\n"


def _private(folder: str) -> bool:
    """Whether `folder` is (or is now made) a folder of this user's that others cannot write."""
    try:
        if not os.path.lexists(folder):
            os.makedirs(os.path.dirname(os.path.abspath(folder)), exist_ok=True)
            os.mkdir(folder, 0o700)
            os.chmod(folder, 0o700)  # whatever the umask
        status = os.stat(folder)
    except OSError:  # a file on the way, an unwritable parent, a race: keep nothing
        return False
    return (stat.S_ISDIR(status.st_mode) and status.st_uid == os.geteuid()
            and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def _stored(path: str) -> bytes | None:
    try:
        return read_input_bytes(path, InputKind.CACHE)
    except InputError:  # missing, unreadable, not a regular file, too big
        return None


def keep_derived_values() -> None:
    """Keep derived values on disk from now on, in this process and the ones it forks."""
    keep_derived_with(kept)
