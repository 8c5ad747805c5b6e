"""`--results FILE`: one JSON record per line, appended as each item finishes, so that a run
killed at any point loses only the item it was working on, and a rerun with the same FILE
skips what the file already holds (resume).

A record is written with one `write` of a whole line and flushed to the disk; a run killed
in the middle of a line leaves a partial last line, which the next run drops before it
appends (no record is lost: that item had not finished).

`open_results` is the resume for a command: the file open for the run (or none without
--results), `not_done` the items still to run.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import IO, TypeVar

from strips_model.errors import InputError, Position

Item = TypeVar("Item")


class ResultsFile:
    def __init__(self, path: str, key_fields: tuple[str, ...]) -> None:
        self.path = path
        self.key_fields = key_fields
        self.done: dict[tuple[object, ...], dict[str, object]] = {}
        self._stream: IO[str] | None = None

    def key(self, record: Mapping[str, object]) -> tuple[object, ...]:
        return tuple(record.get(field) for field in self.key_fields)

    def open(self) -> ResultsFile:
        """Read the records already there and drop a partial last line."""
        try:
            with open(self.path, "rb") as stream:
                data = stream.read()
        except FileNotFoundError:
            data = b""
        except OSError as error:
            raise InputError(f"cannot read results file: {error.strerror}",
                             Position(self.path)) from None
        complete = data[:data.rfind(b"\n") + 1]
        for number, line in enumerate(complete.decode("utf-8", "replace").splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise InputError(f"not a JSON record: {error.msg}",
                                 Position(self.path, number, error.colno)) from None
            if not isinstance(record, dict):
                raise InputError("not a JSON object", Position(self.path, number, 1))
            self.done[self.key(record)] = record
        try:
            # Kept open across appends, closed by close(): one file for the whole run.
            self._stream = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115
            if len(complete) != len(data):
                self._stream.truncate(len(complete))
        except OSError as error:
            raise InputError(f"cannot write results file: {error.strerror}",
                             Position(self.path)) from None
        return self

    def append(self, record: Mapping[str, object]) -> None:
        assert self._stream is not None, "open() first"
        self._stream.write(json.dumps(record) + "\n")
        self._stream.flush()
        os.fsync(self._stream.fileno())
        self.done[self.key(record)] = dict(record)

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
            print(f"{self.path}: {len(items) - len(kept)} level(s) already there, skipped",
                  file=sys.stderr)
        return kept


@contextlib.contextmanager
def open_results(path: str | None, key_fields: tuple[str, ...],
                 ) -> Iterator[ResultsFile | None]:
    """The results file at `path`, open for the block and closed after it however it ends;
    None without a path (no --results)."""
    if path is None:
        yield None
        return
    with ResultsFile(path, key_fields).open() as results:
        yield results
