"""The head of a comparison's report: how the compared model reads a level (its vocabulary,
given or inferred) and what the inference rested on, so a wrong guess is seen first and
corrected in the file `compare --vocabulary-out FILE` writes."""

from __future__ import annotations

from collections import Counter


def vocabulary_lines(record: dict[str, object] | None) -> list[str]:
    """The section, heading included; `record` is models/compared.py `vocabulary_record`."""
    if record is None:
        return []
    how = "inferred from its schemas" if record.get("inferred") else "as given"
    lines = ["## Vocabulary", "", f"How the compared model reads a level ({how}):", ""]
    roles = record.get("roles")
    if isinstance(roles, dict) and roles:
        lines.append("- roles: " + ", ".join(f"{role} `{name}`" for role, name in roles.items()))
    values = record.get("values")
    if isinstance(values, dict) and values:
        lines.append("- values: " + ", ".join(f"{name} {value}" for name, value in values.items()))
    coordinates = record.get("coordinates")
    if isinstance(coordinates, dict):
        lines.append(f"- coordinates: the first argument of a place is the "
                     f"{coordinates['first']}, rows count {coordinates['rows']}"
                     + (f"; a place is one cell, named {coordinates['cell']}"
                        if coordinates.get("cell") else ""))
    places = record.get("places")
    if isinstance(places, dict) and places:
        lines.append("- places not first: " + ", ".join(
            f"{role} after {start} argument(s)" for role, start in places.items()))
    keys = record.get("keys")
    if isinstance(keys, dict) and keys:
        counts = Counter(str(key or "no key press") for key in keys.values())
        lines.append("- key presses (each action's in the vocabulary file): " + ", ".join(
            f"{key} {count}" for key, count in sorted(counts.items())))
    evidence = record.get("evidence")
    if isinstance(evidence, list) and evidence:
        lines += ["", "Why:", ""] + [f"- {line}" for line in evidence]
    if record.get("inferred"):
        lines += ["", "A wrong guess is corrected by writing this vocabulary out "
                  "(`--vocabulary-out FILE.toml`), editing it and passing it back with "
                  "`--vocabulary FILE.toml`."]
    return lines + [""]
