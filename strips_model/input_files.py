"""The one way in: every file a command reads (levels, plans, models, vocabularies, results
files, exported encodings, solver answers, `-` for standard input) is read by `read_input`.

It lives here, in the lowest layer, and not in translator/runtime, because strips_model reads
level and model files itself and may import nothing from translator.

What it guarantees, whatever the path names:
- a regular file is read up to the cap of its kind (docs/limits.md), refused beyond it before
  a byte is read;
- `-` reads standard input, a pipe or a terminal as much as a file, with the same cap: cap + 1
  bytes at most are read, so `< /dev/zero` ends at once;
- anything else named by a path is refused without reading: a directory, a named pipe (opened
  without blocking, so a pipe with no writer cannot hang the command), a device (`/dev/zero`);
- a closed standard input is an input error, as is a file that is not UTF-8.
Every refusal is one `InputError` line, exit status 2.
"""

from __future__ import annotations

import enum
import errno
import os
import stat
import sys

from strips_model.errors import InputError, Position, decode_text

STDIN = "-"
STDIN_NAME = "<stdin>"

_MIB = 2**20
_CHUNK = _MIB


class InputKind(enum.Enum):
    """What a file holds, which decides the most bytes read of it (docs/limits.md)."""

    LEVEL = ("level file", 1 * _MIB)
    PLAN = ("plan file", 16 * _MIB)
    MODEL = ("model file", 32 * _MIB)
    DOCUMENT = ("document", 32 * _MIB)
    ENCODING = ("encoding", 256 * _MIB)
    ANSWER = ("solver answer", 256 * _MIB)
    RESULTS = ("results file", 256 * _MIB)
    CACHE = ("cache entry", 64 * _MIB)
    """A derived value kept between processes (translator/runtime/derived_cache.py)."""

    def __init__(self, noun: str, cap: int) -> None:
        self.noun = noun
        self.cap = cap


def read_input(path: str, kind: InputKind) -> str:
    """The text of `path` (`-`: standard input), decoded as UTF-8, within the cap of `kind`."""
    return decode_text(read_input_bytes(path, kind), source_name(path))


def read_input_bytes(path: str, kind: InputKind) -> bytes:
    """The bytes of `path` (`-`: standard input), within the cap of `kind`."""
    if path == STDIN:
        return _read_stdin(kind)
    descriptor = _open(path, kind)
    try:
        return _bounded_read(descriptor, kind, Position(path))
    finally:
        os.close(descriptor)


def source_name(path: str) -> str:
    """How messages name `path`: standard input as `<stdin>`."""
    return STDIN_NAME if path == STDIN else path


def require_stdin(purpose: str) -> None:
    """Refuse, before any work, a command that will read standard input when it is closed."""
    # sys.stdin is None when the command started with descriptor 0 closed (`<&-`).
    if sys.stdin is None or sys.stdin.closed:
        raise InputError(f"standard input is closed; {purpose}", Position(STDIN_NAME))


def _read_stdin(kind: InputKind) -> bytes:
    where = Position(STDIN_NAME)
    require_stdin(f"- reads the {kind.noun} from it")
    try:
        descriptor = sys.stdin.fileno()
        os.fstat(descriptor)
    except (OSError, ValueError):
        # A stdin replaced by one without a descriptor (a test's StringIO) is read as it is.
        return _bounded_text(kind, where)
    return _bounded_read(descriptor, kind, where)


def _bounded_text(kind: InputKind, where: Position) -> bytes:
    try:
        text = sys.stdin.read(kind.cap + 1)
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}", where) from None
    if len(text) > kind.cap:
        raise InputError(_past_cap(kind), where)
    return text.encode("utf-8")


def _open(path: str, kind: InputKind) -> int:
    where = Position(path)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise InputError("no such file", where) from None
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}", where) from None
    try:
        check_regular(descriptor, path, kind)
        os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def check_regular(descriptor: int, path: str, kind: InputKind) -> None:
    """Refuse an open `descriptor` that is not a regular file within the cap of `kind`; for
    files opened elsewhere (a results file opened for appending) before they are read."""
    where = Position(path)
    status = os.fstat(descriptor)
    if stat.S_ISDIR(status.st_mode):
        raise InputError("is a directory, expected a file", where)
    if not stat.S_ISREG(status.st_mode):
        raise InputError(f"is not a regular file ({_file_type(status.st_mode)}), expected "
                         f"a {kind.noun}", where)
    if status.st_size > kind.cap:
        raise InputError(f"{status.st_size} bytes is past the {_size(kind.cap)} cap of "
                         f"a {kind.noun}", where)


def read_descriptor(descriptor: int, path: str, kind: InputKind) -> bytes:
    """The rest of an open file, at most the cap of `kind` (checked by `check_regular`)."""
    return _bounded_read(descriptor, kind, Position(path))


def _bounded_read(descriptor: int, kind: InputKind, where: Position) -> bytes:
    """At most cap + 1 bytes: one byte past the cap is enough to refuse the input."""
    chunks: list[bytes] = []
    left = kind.cap + 1
    while left > 0:
        try:
            chunk = os.read(descriptor, min(_CHUNK, left))
        except BlockingIOError:
            raise InputError("cannot read: nothing to read without waiting", where) from None
        except OSError as error:
            if error.errno == errno.EBADF:
                raise InputError("standard input is closed", where) from None
            raise InputError(f"cannot read: {error.strerror}", where) from None
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    if left <= 0:
        raise InputError(_past_cap(kind), where)
    return b"".join(chunks)


def _past_cap(kind: InputKind) -> str:
    return f"more than the {_size(kind.cap)} cap of a {kind.noun}"


def _size(count: int) -> str:
    return f"{count // _MIB} MiB"


def _file_type(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"
