"""`--results FILE`: one JSON record per line, appended as each item finishes, so that a run
killed at any point loses only the item it was working on, and a rerun with the same FILE
skips what the file already holds (resume).

A record is written with one `write` of a whole line and flushed to the disk; a run killed
in the middle of a line leaves a partial last line, which the next run drops before it
appends (no record is lost: that item had not finished). A last line that is a whole record
without its newline is kept. Every line read back is checked (results_records.py): a bad one
is `FILE:LINE: message`, exit 2.

The file is read by the one bounded reader's checks (strips_model/input_files.py: a regular
file within 256 MiB) and locked for the run (an exclusive `flock`): a second run on the same
FILE stops at once with one line and exit 2, rather than solving every item twice.

`open_results` is the resume for a command: the file open for the run (or none without
--results), `not_done` the items still to run.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import IO, TypeVar

from strips_model.errors import InputError, Position, shown_name
from strips_model.input_files import InputKind, check_regular, read_descriptor
from translator.runtime.results_records import Record, Schema, parse_record

Item = TypeVar("Item")


class ResultsFile:
    """`schema` (and `closed`) check the fields a command reads back (results_records.py);
    `header`, when given, is the file's first record: a file that starts otherwise was not
    written by this kind of run and is refused rather than resumed."""

    def __init__(self, path: str, key_fields: tuple[str, ...], schema: Schema | None = None,
                 closed: bool = False, header: Mapping[str, object] | None = None) -> None:
        self.path = path
        self.key_fields = key_fields
        self.schema = schema
        self.closed = closed
        self.header = None if header is None else dict(header)
        self.done: dict[tuple[object, ...], dict[str, object]] = {}
        self._stream: IO[str] | None = None

    def key(self, record: Mapping[str, object]) -> tuple[object, ...]:
        return tuple(record.get(field) for field in self.key_fields)

    def open(self) -> ResultsFile:
        """Lock the file, read the records already there and drop a partial last line."""
        descriptor = self._open_locked()
        try:
            data = read_descriptor(descriptor, self.path, InputKind.RESULTS)
            records, keep = self._records(data)
            if self.header is not None and records and records[0] != self.header:
                raise InputError("was not written by this run (its first record is not "
                                 f"{json.dumps(self.header)}); give another file",
                                 Position(self.path, 1))
            os.ftruncate(descriptor, keep)
            if keep and not data[:keep].endswith(b"\n"):
                # A whole last record without its newline: end its line before appending.
                os.lseek(descriptor, 0, os.SEEK_END)
                os.write(descriptor, b"\n")
            # Kept open across appends, closed by close(): one file (and lock) for the run.
            self._stream = os.fdopen(descriptor, "a", encoding="utf-8")
        except BaseException:
            os.close(descriptor)
            raise
        if self.header is not None:
            if not records:
                self._write(self.header)
            records = records[1:]
        for record in records:
            self.done[self.key(record)] = record
        return self

    def _open_locked(self) -> int:
        try:
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK
                                 | os.O_CLOEXEC, 0o644)
        except IsADirectoryError:
            raise InputError("is a directory, expected a file", Position(self.path)) from None
        except OSError as error:
            raise InputError(f"cannot open results file: {error.strerror}",
                             Position(self.path)) from None
        try:
            check_regular(descriptor, self.path, InputKind.RESULTS)
            os.set_blocking(descriptor, True)
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            raise InputError("is in use by another helltaker run (locked); wait for it or "
                             "give another file", Position(self.path)) from None
        except BaseException:
            os.close(descriptor)
            raise
        return descriptor

    def _records(self, data: bytes) -> tuple[list[Record], int]:
        """The records of `data` and how many of its bytes to keep: all but a last line
        that is not a whole record."""
        lines = data.split(b"\n")
        records: list[Record] = []
        kept = 0
        for number, line in enumerate(lines, 1):
            last = number == len(lines)
            text = line.decode("utf-8", "replace")
            if text.strip():
                # The header is no record of the run: only checked equal to ours (open()).
                header = self.header is not None and not records
                try:
                    records.append(parse_record(text, Position(self.path, number),
                                                () if header else self.key_fields,
                                                None if header else self.schema,
                                                False if header else self.closed))
                except InputError:
                    if not last:
                        raise
                    # A run killed mid-line: that item had not finished; drop the line.
                    return records, kept
            kept += len(line) + (0 if last else 1)
        return records, kept

    def append(self, record: Mapping[str, object]) -> None:
        self._write(record)
        self.done[self.key(record)] = dict(record)

    def _write(self, record: Mapping[str, object]) -> None:
        assert self._stream is not None, "open() first"
        self._stream.write(json.dumps(record) + "\n")
        self._stream.flush()
        os.fsync(self._stream.fileno())

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def not_done(self, items: Sequence[Item],
                 key: Callable[[Item], tuple[object, ...] | None]) -> list[Item]:
        """The items whose record is not here yet (a key of None: never done), in order; how
        many were skipped is said on standard error."""
        kept = [item for item in items if (known := key(item)) is None or known not in self.done]
        if len(kept) != len(items):
            print(f"{shown_name(self.path)}: {len(items) - len(kept)} level(s) already there, "
                  "skipped",
                  file=sys.stderr)
        return kept


@contextlib.contextmanager
def open_results(path: str | None, key_fields: tuple[str, ...], schema: Schema | None = None,
                 closed: bool = False) -> Iterator[ResultsFile | None]:
    """The results file at `path`, open for the block and closed after it however it ends;
    None without a path (no --results)."""
    if path is None:
        yield None
        return
    with ResultsFile(path, key_fields, schema, closed).open() as results:
        yield results
