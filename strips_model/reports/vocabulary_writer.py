"""Vocabulary files written: a vocabulary as the file `--vocabulary-out` writes and
`--vocabulary` reads back (`vocabulary_toml`), and an empty one to fill in
(`vocabulary_template`, `compare --vocabulary-template`); strips_model/reports/vocabulary.py
reads them."""

from __future__ import annotations

from strips_model.reports.vocabulary import (
    BY_PARAMETER,
    DIRECTION_KEYS,
    NO_KEY,
    ROLES,
    VALUES,
    Vocabulary,
)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def vocabulary_toml(vocabulary: Vocabulary, comments: tuple[str, ...] = ()) -> str:
    """`vocabulary` as a file `parse_vocabulary` reads back to the same value (the source
    aside); `comments` (the evidence of an inferred one) head the file."""
    names = {direction: key for key, direction in DIRECTION_KEYS.items()}
    lines = [f"# {line}" for line in comments] + ([""] if comments else [])
    lines += [f"name = {_quoted(vocabulary.name)}",
              f"summary = {_quoted(vocabulary.summary)}", "", "[roles]"]
    lines += [f"{role} = {_quoted(predicate)}" for role, predicate in vocabulary.roles]
    lines += ["", "[values]"] + [f"{name} = {_quoted(value) if isinstance(value, str) else value}"
                                 for name, value in vocabulary.values]
    lines += ["", "[coordinates]",
              f'first = "{"column" if vocabulary.first_is_column else "row"}"',
              f'rows = "{"upward" if vocabulary.rows_upward else "downward"}"']
    lines += [f"cell = {_quoted(vocabulary.cell)}"] if vocabulary.cell else []
    lines += ["", "[actions]"]
    lines += [f"{names[direction]} = {_quoted(word)}"
              for word, direction in vocabulary.direction_words]
    skipped = ", ".join(_quoted(name) for name in vocabulary.not_key_presses)
    lines += [f"not_key_presses = [{skipped}]", "", "[keys]"]
    # One line per action, the key press bound to a parameter first: TOML refuses a key
    # written twice (two schemas of one name, an action in both lists).
    keyed = {action: _quoted(BY_PARAMETER) for action in vocabulary.keyed_by_direction}
    for action, key in vocabulary.keys:
        keyed.setdefault(action, _quoted(names[key] if key else NO_KEY))
    lines += [f"{_quoted(action)} = {value}" for action, value in keyed.items()]
    if vocabulary.directions:
        lines += ["", "[directions]",
                  f'argument = "{"first" if vocabulary.direction_first else "last"}"']
        lines += [f"{names[direction]} = {_quoted(constant)}"
                  for direction, constant in vocabulary.directions]
    if vocabulary.places:
        lines += ["", "[places]", "# Arguments before the place, where it is not first."]
        lines += [f"{role} = {start}" for role, start in vocabulary.places]
    lines += ["", "[goal]"]
    lines += [f"{key} = {_quoted(value) if isinstance(value, str) else str(value).lower()}"
              for key, value in vocabulary.goal]
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
    lines += ["", "[values]", "# Only for trap(X, Y, S) and lock(X, Y, S) with a state S:",
              '# a number, or a word in quotes (trap_raised = "up").']
    lines += [f"# {name} = 0" for name in VALUES]
    lines += ["", "[coordinates]", 'first = "column"   # or "row": the first argument of a place',
              'rows = "downward"  # or "upward": which way row numbers grow', "",
              "[actions]", "# The word of an action's name that says its key press.",
              'up = "up"', 'down = "down"', 'left = "left"', 'right = "right"',
              "not_key_presses = []", "", "[goal]", 'block = "But"', ""]
    return "\n".join(lines)
