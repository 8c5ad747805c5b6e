"""Actions written with the same name, told apart (issue 33): `do(act(move, D), step)` and
`do(act(push, D), step)` are two actions, `do_move` and `do_push`, never one defined twice.

The words of a header that differ between the actions of one name and are constants (a
lowercase word of several letters without primes: `move`, `moveup`) are the constants that
tell them apart: they leave the parameters and name the variant (reading.split_name). When
no constant tells two of them apart, the order they are written in does (`do_def2`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from typing import Final

from strips_model.reports.course_blocks import Block
from strips_model.reports.reading import definition_variant

_CONSTANT: Final = re.compile(r"^[^\W\dA-Z_][^\W_A-Z]*(?:_[^\W_A-Z]+)*$")
"""A lowercase word of two letters or more, digits and inner underscores allowed."""


def is_constant_word(word: str) -> bool:
    """Whether a header word is a constant when it tells actions apart: `move`, not `x`,
    `y'`, `D` or `t1`."""
    return len(word) > 1 and bool(_CONSTANT.match(word)) and not word[1:].isdigit()


def told_apart(blocks: list[Block]) -> list[tuple[Block, str | None]]:
    """Each block with the variant that names it (None: its name is its own), the constants
    that tell it apart left out of its parameters."""
    groups: dict[str, list[int]] = defaultdict(list)
    for index, block in enumerate(blocks):
        groups[block.name].append(index)
    result: list[tuple[Block, str | None]] = [(block, None) for block in blocks]
    for indices in groups.values():
        if len(indices) > 1:
            for index, (block, variant) in zip(indices, _variants([blocks[i] for i in indices]),
                                               strict=True):
                result[index] = (block, variant)
    return result


def _variants(group: list[Block]) -> list[tuple[Block, str]]:
    width = min(len(block.parameters) for block in group)
    constant_places = [
        place for place in range(width)
        if len({block.parameters[place] for block in group}) > 1
        and all(is_constant_word(block.parameters[place]) for block in group)]
    named: list[tuple[Block, str]] = []
    for block in group:
        words = [block.parameters[place] for place in constant_places]
        kept = tuple(word for place, word in enumerate(block.parameters)
                     if place not in constant_places)
        named.append((replace(block, parameters=kept),
                      "_".join(words)))
    counts: dict[str, int] = defaultdict(int)
    for _, variant in named:
        counts[variant] += 1
    seen: dict[str, int] = defaultdict(int)
    unique: list[tuple[Block, str]] = []
    for block, variant in named:
        if counts[variant] > 1:
            seen[variant] += 1
            variant = "_".join(filter(None, (variant, definition_variant(seen[variant]))))
        unique.append((block, variant))
    return unique
