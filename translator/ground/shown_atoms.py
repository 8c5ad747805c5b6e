"""The shown atoms of clingo's one model of the grounding program, read back as integer rows
per predicate (clingo_grounding.py): `o3(12,4,7)` is row [12, 4, 7] of `o3`.

A 300x300 room has 700,000 ground actions, so no Python object is made per atom. Through
clingo's Python API each atom was a `Symbol`, then `str` of it (the length asked, a buffer
allocated, the text asked, decoded), then split and parsed: that was most of the
grounding's read-back. Here the symbols stay clingo's integers; each is written, by one
call into clingo's C function, into its own fixed-width slot of one zeroed buffer; numpy
groups the slots by predicate name and parses each group's numbers in one pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    import clingo

Rows = npt.NDArray[np.int64]

_NAME_BYTES = 16
"""The slot's first bytes, which hold a predicate's name and its `(`: `o16(`, `f10(`."""


def shown_rows(model: clingo.Model, longest: int) -> dict[str, Rows]:
    """Each shown predicate's atoms as rows of their integer arguments, in the model's order.
    `longest` bounds an atom's text; a longer one is a bug, and a surprise in clingo's
    internal module (a version that moved it) falls back to clingo's public API."""
    width = max(longest + 1, _NAME_BYTES + 1)  # the NUL
    try:
        slots = _written_slots(model, width)
    except (ImportError, AttributeError, TypeError, ValueError):
        texts = [str(symbol).encode() for symbol in model.symbols(shown=True)]
        width = max([width - 1, *map(len, texts)]) + 1
        slots = np.array(texts, dtype=f"S{width}").view(np.uint8).reshape(len(texts), width)
    return _rows_by_name(slots)


def _written_slots(model: clingo.Model, width: int) -> npt.NDArray[np.uint8]:
    # clingo's C interface, which its Python API does not export: the shown atoms of a model
    # read in one call, without a Python object per atom.
    from clingo._internal import _ffi, _lib  # type: ignore[attr-defined, unused-ignore]

    show = _lib.clingo_show_type_shown
    count = _ffi.new("size_t*")
    if not _lib.clingo_model_symbols_size(model._rep, show, count):
        raise ValueError(count)
    symbols = _ffi.new("clingo_symbol_t[]", count[0])
    if not _lib.clingo_model_symbols(model._rep, show, symbols, count[0]):
        raise ValueError(count)
    buffer = _ffi.new("char[]", max(1, count[0] * width))  # zeroed: each text ends in NULs
    write = _lib.clingo_symbol_to_string
    for slot, rep in enumerate(_ffi.unpack(symbols, count[0])):
        if not write(rep, buffer + slot * width, width):  # longer than its slot
            raise ValueError(rep)
    return np.frombuffer(_ffi.buffer(buffer), dtype=np.uint8)[:count[0] * width] \
        .reshape(count[0], width)


def _rows_by_name(slots: npt.NDArray[np.uint8]) -> dict[str, Rows]:
    # Each slot's name, up to its `(` (the whole text for an atom without arguments): the
    # rest of its first bytes zeroed, read as a byte string, which ends at the first NUL.
    head = slots[:, :_NAME_BYTES].copy()
    paren = head == ord("(")
    named = paren.any(axis=1)
    if (slots[~named] == ord("(")).any():
        raise ValueError(f"a predicate name of {_NAME_BYTES} bytes or more")
    ends = np.where(named, paren.argmax(axis=1), _NAME_BYTES)
    head[np.arange(_NAME_BYTES) >= ends[:, None]] = 0
    keys = head.view(f"S{_NAME_BYTES}").ravel()
    texts = slots.view(f"S{slots.shape[1]}").ravel()
    found: dict[str, Rows] = {}
    for name in np.unique(keys).tolist():
        group = texts[keys == name].tolist()
        if b"(" not in group[0]:
            found[name.decode()] = np.zeros((len(group), 0), dtype=np.int64)
            continue
        # The name and brackets out: a name never occurs inside a list of numbers.
        joined = b",".join(group).replace(name + b"(", b"").replace(b")", b"").decode()
        # numpy's text parser: 7 times faster than a list of strings.
        numbers = np.fromstring(joined, dtype=np.int64, sep=",")
        found[name.decode()] = numbers.reshape(len(group), -1)
    return found
