"""One line of a `--results` file read back as a record, every field checked, so that a file
edited by hand, damaged or written by something else is one `file:line: message` input error
(exit 2) and never a traceback further on.

Every record is a JSON object of at most `MAX_DEPTH` levels of nesting, its integers within
64 bits and its numbers finite (JSON's NaN and Infinity are refused); the key fields are
scalars; a command that reads more of its records back gives their `Field`s.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass

from strips_model.errors import InputError, Position

MAX_DEPTH = 4
"""The deepest nesting of a record: the records written hold at most an object of counts."""

MAX_INTEGER = 2**63 - 1

NoneType = type(None)

Record = dict[str, object]


@dataclass(frozen=True, slots=True)
class Field:
    """The types a field may have (exactly: a bool is no int; an int is a float), and whether
    a record must hold it."""

    types: tuple[type, ...]
    required: bool = False
    least: float | None = None
    """The smallest number the field may hold (a time or a memory peak: 0), else any."""


Schema = Mapping[str, Field]
"""What a command reads back of its records; a closed schema refuses other fields."""

_SCALARS = (str, int, float, bool, NoneType)


def dataclass_schema(cls: type) -> Schema:
    """The schema of records that are a dataclass's fields (`Row(**record)` reads them back):
    each field's annotated types, required when it has no default."""
    hints = typing.get_type_hints(cls)
    return {field.name: Field(_types_of(hints[field.name]),
                              field.default is dataclasses.MISSING
                              and field.default_factory is dataclasses.MISSING)
            for field in dataclasses.fields(cls)}


def _types_of(annotation: object) -> tuple[type, ...]:
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return tuple(kind for part in typing.get_args(annotation) for kind in _types_of(part))
    origin = typing.get_origin(annotation)
    if isinstance(origin, type):
        return (origin,)
    return (annotation,) if isinstance(annotation, type) else (object,)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number")


def parse_record(line: str, where: Position, key_fields: tuple[str, ...],
                 schema: Schema | None = None, closed: bool = False) -> Record:
    """The record of one line, or the InputError at `where` that says what is wrong."""
    record = _json_object(line, where)
    problem = _number_problem(record) or _key_problem(record, key_fields)
    if problem is None and schema is not None:
        problem = _schema_problem(record, schema, closed)
    if problem is not None:
        raise InputError(f"not a results record: {problem}", where)
    return record


def _json_object(line: str, where: Position) -> Record:
    # Brackets alone can nest past the interpreter's recursion limit: count them first.
    if _bracket_depth(line) > MAX_DEPTH:
        raise InputError(f"not a results record: nested deeper than {MAX_DEPTH} levels", where)
    try:
        value = json.loads(line, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise InputError(f"not a JSON record: {error.msg}",
                         Position(where.source, where.line, error.colno)) from None
    except ValueError as error:
        # Python refuses integers of more than 4300 digits, and _refuse_constant NaN.
        problem = "an integer is past 64 bits" if "digits" in str(error) else str(error)
        raise InputError(f"not a results record: {problem}", where) from None
    if not isinstance(value, dict):
        raise InputError("not a JSON object", Position(where.source, where.line, 1))
    return value


def _bracket_depth(line: str) -> int:
    """The deepest nesting of brackets outside strings, an upper bound of the JSON's."""
    depth = deepest = 0
    in_string = escaped = False
    for character in line:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def _number_problem(value: object) -> str | None:
    """Integers past 64 bits and non-finite numbers, anywhere in the record."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and abs(value) > MAX_INTEGER:
        return f"the integer {str(value)[:20]}... is past 64 bits"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a finite number"
    children = value.values() if isinstance(value, dict) else \
        value if isinstance(value, list) else ()
    for child in children:
        problem = _number_problem(child)
        if problem is not None:
            return problem
    return None


def _key_problem(record: Record, key_fields: tuple[str, ...]) -> str | None:
    for name in key_fields:
        if not isinstance(record.get(name), _SCALARS):
            return f"field {name!r} is {_kind(record.get(name))}, expected a string or a number"
    return None


def _schema_problem(record: Record, schema: Schema, closed: bool) -> str | None:
    for name, field in schema.items():
        if name not in record:
            if field.required:
                return f"field {name!r} is missing"
            continue
        value = record[name]
        if not _has_type(value, field.types):
            expected = " or ".join(_type_name(kind) for kind in field.types)
            return f"field {name!r} is {_kind(value)}, expected {expected}"
        if field.least is not None and isinstance(value, int | float) and value < field.least:
            return f"field {name!r} is {value:g}, below {field.least:g}"
    if closed:
        extra = sorted(set(record) - set(schema))
        if extra:
            return f"unknown field {extra[0]!r}"
    return None


def _has_type(value: object, types: tuple[type, ...]) -> bool:
    kind = type(value)
    return kind in types or (kind is int and float in types)


def _kind(value: object) -> str:
    return _type_name(type(value))


def _type_name(kind: type) -> str:
    return {str: "a string", int: "an integer", float: "a number", bool: "true or false",
            NoneType: "null", dict: "an object", list: "a list"}.get(kind, kind.__name__)
