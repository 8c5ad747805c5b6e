"""Values kept on disk as data that cannot run code when read back: JSON, with tags for what
JSON lacks (tuples, sets, dictionaries whose keys are not strings) and for the frozen
dataclasses a caller names.

Reading back builds only JSON's own values, tuples, frozensets, dictionaries and instances of
the dataclasses in the `classes` given, from their fields: no name in the bytes can reach any
other class or function. This is what a derived value kept in a shared cache folder needs
(pickle runs whatever the bytes name, docs/performance.md).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, Final

_TAG: Final = "\u0001"
"""Starts the single key of a JSON object that stands for a non-JSON value."""
_TUPLE: Final = _TAG + "t"
_FROZENSET: Final = _TAG + "f"
_PAIRS: Final = _TAG + "d"
"""A dictionary written as [key, value] pairs: keys that are not strings, or a tag."""
_INSTANCE: Final = _TAG + "c"


class NotPlainData(ValueError):
    """Bytes that are not a value this module wrote with the classes given."""


def encode(value: object) -> bytes:
    """`value` as bytes `decode` reads back; raises TypeError on a value it cannot hold."""
    return json.dumps(_plain(value), ensure_ascii=True, separators=(",", ":"),
                      allow_nan=False).encode("ascii")


def _plain(value: object) -> object:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return {_TUPLE: [_plain(item) for item in value]}
    if isinstance(value, frozenset | set):
        return {_FROZENSET: [_plain(item) for item in value]}
    if isinstance(value, dict):
        if all(isinstance(key, str) and not key.startswith(_TAG) for key in value):
            return {key: _plain(item) for key, item in value.items()}
        return {_PAIRS: [[_plain(key), _plain(item)] for key, item in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [_plain(getattr(value, field.name)) for field in dataclasses.fields(value)]
        return {_INSTANCE: [type(value).__name__, fields]}
    raise TypeError(f"not plain data: {type(value).__name__}")


def decode(data: bytes, classes: Mapping[str, type] = {}) -> Any:  # noqa: B006 - read only
    """The value `encode` wrote; NotPlainData on anything else (a class not in `classes`,
    bytes that are not JSON, nesting past Python's recursion limit)."""

    def rebuilt(obj: dict[str, Any]) -> object:
        if len(obj) != 1:
            return obj
        key, item = next(iter(obj.items()))
        if not key.startswith(_TAG):
            return obj
        if key == _TUPLE and isinstance(item, list):
            return tuple(item)
        if key == _FROZENSET and isinstance(item, list):
            return frozenset(item)
        if key == _PAIRS and isinstance(item, list):
            return {pair[0]: pair[1] for pair in item}
        if key == _INSTANCE and isinstance(item, list) and len(item) == 2:
            made = classes.get(item[0]) if isinstance(item[0], str) else None
            if made is not None and isinstance(item[1], list):
                return made(*item[1])
        raise NotPlainData(f"unknown tag {key[1:]!r}")

    try:
        return json.loads(data, object_hook=rebuilt)
    except (ValueError, TypeError, RecursionError, IndexError, KeyError) as error:
        raise NotPlainData(str(error)) from None
