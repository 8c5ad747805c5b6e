"""Lint findings of one pattern gathered into one entry, so that a defect copied into a hundred
schemas reads as one line of a report, not a hundred.

A pattern is a kind together with the finding's `pattern` (what is left of its message once the
schema, its variables and literals are taken out), or, for a finding without one, its message
with the schema name taken out. Groups come most serious kind first (the order of
translator/compare/lint/findings.py KINDS), then largest first; inside a group the findings
keep the lint's order, and each keeps its index in the lint's list (`FindingGroup.indices`), so
the groups give back exactly what `group_findings` was given.
"""

from __future__ import annotations

from dataclasses import dataclass

from translator.compare.lint.findings import KINDS, SEVERITY, Finding

SHOWN_SCHEMAS = 3
"""Schema names a one-line entry spells out before "and N more"."""


@dataclass(frozen=True, slots=True)
class FindingGroup:
    kind: str
    pattern: str
    findings: tuple[Finding, ...]
    indices: tuple[int, ...]
    """Where each finding stands in the lint's own list (the `lint` key of the JSON)."""

    @property
    def severity(self) -> str:
        return SEVERITY.get(self.kind, "style")

    @property
    def schemas(self) -> tuple[str, ...]:
        """The schemas concerned, each once, in the order of their first finding."""
        return tuple(dict.fromkeys(f.schema for f in self.findings if f.schema is not None))

    def schema_list(self, shown: int = SHOWN_SCHEMAS) -> str:
        """The first `shown` schema names, then how many more."""
        names = self.schemas
        if not names:
            return ""
        if len(names) <= shown + 1:
            return ", ".join(names)
        return f"{', '.join(names[:shown])} and {len(names) - shown} more"

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind, "severity": self.severity, "pattern": self.pattern,
                "count": len(self.findings), "schemas": list(self.schemas),
                "findings": list(self.indices)}


def pattern_of(finding: Finding) -> str:
    if finding.pattern is not None:
        return finding.pattern
    if finding.schema is None:
        return finding.message
    # A message naming its own schema would otherwise make each schema a pattern of its own.
    return finding.message.replace(finding.schema, "<schema>")


def _kind_rank(kind: str) -> int:
    order = list(KINDS)
    # A kind the table does not know yet is listed last, never dropped.
    return order.index(kind) if kind in order else len(order)


def group_findings(findings: tuple[Finding, ...]) -> tuple[FindingGroup, ...]:
    members: dict[tuple[str, str], list[int]] = {}
    for index, finding in enumerate(findings):
        members.setdefault((finding.kind, pattern_of(finding)), []).append(index)
    groups = [FindingGroup(kind, pattern, tuple(findings[i] for i in indices), tuple(indices))
              for (kind, pattern), indices in members.items()]
    # Python's sort is stable: equal groups keep the order of their first finding.
    groups.sort(key=lambda group: (_kind_rank(group.kind), -len(group.findings)))
    return tuple(groups)
