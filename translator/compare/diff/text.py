"""The schema diff as text a person reads in a minute, and as JSON.

A conversion damages many schemas the same way; the same difference is therefore said once,
with how many schemas have it and their names folded after the first few.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from strips_model.schema import Schema
from translator.compare.diff.lookalikes import named_lookalikes
from translator.compare.diff.schemas import BY_CONTENT, Difference, SchemaDiff

NAMES_SHOWN: Final = 6
"""Schema names listed in full before the rest are folded into a count."""


@dataclass(frozen=True, slots=True)
class DifferenceGroup:
    difference: Difference
    schemas: tuple[str, ...]


def group_differences(diff: SchemaDiff) -> tuple[DifferenceGroup, ...]:
    """Identical differences gathered, the most widespread first (then in file order)."""
    groups: dict[Difference, list[str]] = {}
    for pair in diff.pairs:
        for difference in pair.differences:
            groups.setdefault(difference, []).append(pair.label)
    ordered = sorted(groups.items(), key=lambda item: -len(item[1]))
    return tuple(DifferenceGroup(difference, tuple(names)) for difference, names in ordered)


def fold(names: tuple[str, ...] | list[str], shown: int = NAMES_SHOWN) -> str:
    if len(names) <= shown:
        return ", ".join(names)
    return f"{', '.join(names[:shown])}, ... and {len(names) - shown} more"


def render_diff(diff: SchemaDiff, unreadable_a: frozenset[str] = frozenset(),
                unreadable_b: frozenset[str] = frozenset()) -> str:
    """The diff as text; `unreadable_a` names the schemas of A that were skipped, so that a
    schema of B missing from A is told apart from one A could not read (and the reverse)."""
    by_content = [pair for pair in diff.pairs if pair.paired_by == BY_CONTENT]
    differing = [pair for pair in diff.pairs if pair.differences]
    lines = [
        f"schemas: {len(diff.pairs)} paired ({len(diff.pairs) - len(by_content)} by name, "
        f"{len(by_content)} by content), {len(differing)} of them differ; "
        f"{len(diff.only_a)} only in A, {len(diff.only_b)} only in B",
    ]
    if by_content:
        lines.append(f"renamed (same content up to variable names, {len(by_content)}): "
                     + fold([f"A {pair.name_a} = B {pair.name_b}" for pair in by_content]))
    groups = group_differences(diff)
    if groups:
        lines.append(f"differences ({len(groups)} kinds):")
        for group in groups:
            count = len(group.schemas)
            lines.append(f"  {count:3d} schema{'s' if count > 1 else ' '}  {group.difference}")
            lines.append(f"                {fold(group.schemas)}")
    lines += _one_side("A", "B", diff.only_a, unreadable_b)
    lines += _one_side("B", "A", diff.only_b, unreadable_a)
    return "\n".join(map(named_lookalikes, lines))


def _one_side(side: str, other: str, schemas: tuple[Schema, ...],
              unreadable: frozenset[str]) -> list[str]:
    lines: list[str] = []
    skipped = [schema.name for schema in schemas if schema.name in unreadable]
    absent = [schema.name for schema in schemas if schema.name not in unreadable]
    if absent:
        lines.append(f"only in {side} ({len(absent)}): {fold(absent, 12)}")
    if skipped:
        lines.append(f"only in {side}, skipped in {other} ({len(skipped)}): {fold(skipped, 12)}")
    return lines


def diff_json(diff: SchemaDiff) -> dict[str, object]:
    return {
        "identical": diff.identical,
        "pairs": [
            {"a": pair.name_a, "b": pair.name_b, "paired_by": pair.paired_by,
             "a_position": str(pair.position_a), "b_position": str(pair.position_b),
             "differences": [{"part": d.part, "a": d.a, "b": d.b} for d in pair.differences]}
            for pair in diff.pairs
        ],
        "groups": [{"part": g.difference.part, "a": g.difference.a, "b": g.difference.b,
                    "schemas": list(g.schemas)} for g in group_differences(diff)],
        "only_a": [{"name": s.name, "position": str(s.position)} for s in diff.only_a],
        "only_b": [{"name": s.name, "position": str(s.position)} for s in diff.only_b],
    }
