"""Vocabulary files written: a vocabulary as the file `--vocabulary-out` writes and
`--vocabulary` reads back (`vocabulary_toml`), and an empty one to fill in
(`vocabulary_template`, `compare --vocabulary-template`); strips_model/reports/vocabulary.py
reads them.

A vocabulary may say a thing twice (an action's key press, a role's predicate: inferred
from a model whose actions share a name) where a TOML table holds each key once: the file
says each once, the one the vocabulary uses (the last, as `dict` keeps it), and the words of
one direction as a list, so that every file written reads back (issue 33).
"""

from __future__ import annotations

import re
from typing import Final

from strips_model.moves import Direction
from strips_model.reports.vocabulary import (
    BY_PARAMETER,
    BY_STEP,
    DIRECTION_KEYS,
    NO_KEY,
    ROLES,
    VALUES,
    Vocabulary,
)

_ESCAPES: Final = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n",
                   "\f": "\\f", "\r": "\\r"}


_CONTROL: Final = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
"""What a TOML comment may not hold."""


def _quoted(text: str) -> str:
    """`text` as a TOML basic string: every control character escaped."""
    return '"' + "".join(
        _ESCAPES.get(char) or (f"\\u{ord(char):04x}" if ord(char) < 0x20 or ord(char) == 0x7f
                               else char) for char in text) + '"'


def _key(name: str) -> str:
    """`name` as a TOML key: bare when it may be, else quoted."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else _quoted(name)


def _words(words: tuple[tuple[str, Direction], ...]) -> dict[Direction, list[str]]:
    """The words of each direction, a word said twice kept where it is said last (the one
    `Vocabulary.direction_of` uses)."""
    last = dict(words)
    grouped: dict[Direction, list[str]] = {}
    for word, direction in last.items():
        grouped.setdefault(direction, []).append(word)
    return grouped


def vocabulary_toml(vocabulary: Vocabulary, comments: tuple[str, ...] = ()) -> str:
    """`vocabulary` as a file `parse_vocabulary` reads back to the same value (the source
    aside); `comments` (the evidence of an inferred one) head the file."""
    names = {direction: key for key, direction in DIRECTION_KEYS.items()}
    lines = [f"# {_CONTROL.sub('?', line)}" for comment in comments
             for line in comment.splitlines() or [""]]
    lines += [""] if comments else []
    lines += [f"name = {_quoted(vocabulary.name)}",
              f"summary = {_quoted(vocabulary.summary)}", "", "[roles]"]
    lines += [f"{role} = {_quoted(predicate)}"
              for role, predicate in dict(vocabulary.roles).items()]
    lines += ["", "[values]"] + [f"{name} = {_quoted(value) if isinstance(value, str) else value}"
                                 for name, value in dict(vocabulary.values).items()]
    lines += ["", "[coordinates]",
              f'first = "{"column" if vocabulary.first_is_column else "row"}"',
              f'rows = "{"upward" if vocabulary.rows_upward else "downward"}"']
    lines += [f"cell = {_quoted(vocabulary.cell)}"] if vocabulary.cell else []
    lines += ["", "[actions]"]
    lines += [f"{names[direction]} = " + (_quoted(words[0]) if len(words) == 1 else
                                          f"[{', '.join(map(_quoted, words))}]")
              for direction, words in _words(vocabulary.direction_words).items()]
    skipped = ", ".join(_quoted(name) for name in vocabulary.not_key_presses)
    lines += [f"not_key_presses = [{skipped}]", "", "[keys]"]
    lines += [f"{_quoted(action)} = {_quoted(names[key] if key else NO_KEY)}"
              for action, key in dict(vocabulary.keys).items()
              if action not in vocabulary.keyed_by_direction + vocabulary.keyed_by_step]
    lines += [f"{_quoted(action)} = {_quoted(BY_PARAMETER)}"
              for action in dict.fromkeys(vocabulary.keyed_by_direction)]
    lines += [f"{_quoted(action)} = {_quoted(BY_STEP)}"
              for action in dict.fromkeys(vocabulary.keyed_by_step)]
    # The side of the direction matters without constants too (a PDDL domain's `?d - dir`).
    if vocabulary.directions or not vocabulary.direction_first:
        lines += ["", "[directions]",
                  f'argument = "{"first" if vocabulary.direction_first else "last"}"']
        lines += [f"{names[direction]} = {_quoted(constant)}"
                  for direction, constant in dict(vocabulary.directions).items()]
    if vocabulary.places:
        lines += ["", "[places]", "# Arguments before the place, where it is not first."]
        lines += [f"{role} = {start}" for role, start in dict(vocabulary.places).items()]
    lines += ["", "[goal]"]
    lines += [f"{_key(key)} = {_quoted(value) if isinstance(value, str) else str(value).lower()}"
              for key, value in dict(vocabulary.goal).items()]
    return "\n".join(lines) + "\n"


def vocabulary_template(predicates: frozenset[str], model: str) -> str:
    """A vocabulary file to fill in for a model whose schemas use `predicates`."""
    used = ", ".join(sorted(predicates))
    lines = [f"# Vocabulary of {model}: say which predicate plays each part of the game.",
             f"# The model's predicates: {used}.",
             "# Delete the roles the model lacks; see strips_model/reports/vocabularies/ for",
             "# filled-in examples.", "",
             f'name = "{model}"', 'summary = ""', "", "[roles]"]
    lines += [f'{role} = ""' for role in ROLES]
    lines += ["", "[values]",
              "# Only for trap(X, Y, S), lock(X, Y, S), hero(X, Y, K), key(X, Y, S) with a state:",
              '# a number, or a word in quotes (trap_raised = "up").']
    lines += [f"# {name} = 0" for name in VALUES]
    lines += ["", "[coordinates]", 'first = "column"   # or "row": the first argument of a place',
              'rows = "downward"  # or "upward": which way row numbers grow', "",
              "[actions]", "# The word of an action's name that says its key press.",
              'up = "up"', 'down = "down"', 'left = "left"', 'right = "right"',
              "not_key_presses = []", "", "[goal]", 'block = "But"', ""]
    return "\n".join(lines)
