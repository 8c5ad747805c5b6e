"""Values derived from the package's own files alone (the parsed model `helltaker.strips`, the
grammars' parsers), which a caller may keep from one process to the next.

strips_model computes them and may import nothing from `translator`; the command line keeps
them on disk (translator/runtime/derived_cache.py), installed with `keep_derived_with`.
Without a keeper each value is computed once per process, as it always was.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Generic, TypeVar, cast

Value = TypeVar("Value")


@dataclass(frozen=True, slots=True)
class Derivation(Generic[Value]):
    """How to compute a value, what it is computed from, and how to store it as bytes."""

    kind: str
    """Names the value among those kept (`domain`, `parser-level.lark`)."""
    sources: tuple[bytes, ...]
    """Everything the value depends on, the code that computes it included: a keeper may
    give back a stored value only when these are unchanged."""
    make: Callable[[], Value]
    encode: Callable[[Value], bytes]
    decode: Callable[[bytes], Value]
    """Raises whatever it likes on bytes it cannot read: the keeper then makes the value."""


Keeper = Callable[[Derivation[Any]], Any]
"""Gives `derivation.make()`, or an equal value stored earlier from the same sources."""

_keepers: list[Keeper] = []


def keep_derived_with(keeper: Keeper | None) -> None:
    """Have `derive` go through `keeper` from now on (None: compute every value)."""
    _keepers[:] = [] if keeper is None else [keeper]


def derive(derivation: Derivation[Value]) -> Value:
    """The value, through the keeper installed, if any."""
    if not _keepers:
        return derivation.make()
    return cast(Value, _keepers[0](derivation))


def package_sources() -> tuple[bytes, ...]:
    """The package's own modules and grammars (not its reports subpackage), and the Python
    that runs them: a derived value read back is one this very code would compute, even in
    an editable install whose version number does not move."""
    folder = resources.files("strips_model")
    files = sorted((entry for entry in folder.iterdir()
                    if entry.name.endswith((".py", ".lark", ".strips"))),
                   key=lambda entry: entry.name)
    return (sys.version.encode(), *(entry.name.encode() + b"\0" + entry.read_bytes()
                                    for entry in files))
