"""Lint findings grouped by pattern: seed 001 keeps today's findings, only gathered, and the
report says each pattern once, most serious kind first."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

from helpers import shared_path

from strips_model.errors import Position
from strips_model.reports.document import load_report
from translator.compare.lint.checks import lint
from translator.compare.lint.findings import KINDS, SEVERITIES, SEVERITY, Finding
from translator.compare.lint.grouping import FindingGroup, group_findings
from translator.compare.report.markdown import _lint

REPORT = "seeds/001_1103b020ed6d817c.txt"

# The lint of seed 001 before grouping existed: a digest of its sorted findings (kind, schema,
# literal, message, line), kept instead of the findings so that no text of the third-party seed
# is copied here.
SEED_001_FINDINGS = 170
SEED_001_DIGEST = "5175672168487ed7f99daf8f5210cc9331102baea1c7135afec38d6927516b1c"


def _seed_001() -> tuple[Finding, ...]:
    report = load_report(str(shared_path(REPORT)))
    return lint(report.schemas, report.init, report.goal)


def _digest(findings: tuple[Finding, ...]) -> str:
    rows = sorted(json.dumps([f.kind, f.schema, f.literal, f.message,
                              f.position.line if f.position else None]) for f in findings)
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()


def _expand(groups: tuple[FindingGroup, ...]) -> tuple[Finding, ...]:
    """Every finding of every group, put back at its index in the lint's list."""
    placed = sorted(((index, finding) for group in groups
                     for index, finding in zip(group.indices, group.findings, strict=True)),
                    key=lambda pair: pair[0])
    return tuple(finding for _, finding in placed)


def test_seed_001_gives_the_same_findings_as_before_grouping() -> None:
    findings = _seed_001()
    assert len(findings) == SEED_001_FINDINGS
    assert _digest(findings) == SEED_001_DIGEST


def test_expanding_the_groups_gives_back_every_finding() -> None:
    findings = _seed_001()
    groups = group_findings(findings)
    assert Counter(_expand(groups)) == Counter(findings)
    assert _expand(groups) == findings
    assert sum(len(group.findings) for group in groups) == len(findings)


def test_seed_001_unbound_variables_are_one_pattern_over_108_schemas() -> None:
    groups = group_findings(_seed_001())
    unbound = [group for group in groups if group.kind == "unbound-variable"]
    assert len(unbound) == 1
    assert len(unbound[0].findings) == 168 and len(unbound[0].schemas) == 108
    assert unbound[0].schema_list().endswith("and 105 more")
    assert [group.kind for group in groups] == [
        "unbound-variable", "adds-without-delete", "static-in-effects"]


def test_markdown_lint_says_each_pattern_once_with_the_findings_folded() -> None:
    findings = _seed_001()
    lines = _lint(group_findings(findings))
    table_rows = [line for line in lines if line.startswith("| ") and "line" not in line[:8]]
    assert len(table_rows) == 168  # every finding is still there, inside <details>
    unfolded = []
    inside = False
    for line in lines:
        inside = (inside or line.startswith("<details>")) and line != "</details>"
        if not inside and line.startswith("- "):
            unfolded.append(line)
    assert len(unfolded) == 3
    assert unfolded[0].startswith("- **168 findings in 108 schema(s)**")


def _finding(kind: str, schema: str | None, message: str, pattern: str | None = None) -> Finding:
    return Finding(kind, schema, "p(X)", message, Position("m.strips", 1, 1), pattern)


def test_groups_come_most_serious_kind_first_then_largest() -> None:
    findings = (
        _finding("static-in-effects", None, "plusOne repeated"),
        _finding("duplicate", "b", "identical to a", "identical"),
        _finding("unbound-variable", "s", "X bound nowhere", "bound nowhere"),
        _finding("unbound-variable", "t", "Y bound nowhere", "bound nowhere"),
        _finding("unbound-variable", "u", "Z read", "read"),
        _finding("contradiction", "c", "requires both", "both"),
    )
    groups = group_findings(findings)
    assert [(g.kind, g.pattern, len(g.findings)) for g in groups] == [
        ("contradiction", "both", 1), ("unbound-variable", "bound nowhere", 2),
        ("unbound-variable", "read", 1), ("duplicate", "identical", 1),
        ("static-in-effects", "plusOne repeated", 1)]
    assert _expand(groups) == findings


def test_without_a_pattern_the_message_less_its_schema_is_the_pattern() -> None:
    findings = (_finding("arity", "goUp", "goUp uses p with 2 arguments"),
                _finding("arity", "goDown", "goDown uses p with 2 arguments"))
    (group,) = group_findings(findings)
    assert group.pattern == "<schema> uses p with 2 arguments"
    assert group.schemas == ("goUp", "goDown")


def test_every_kind_has_a_severity_in_the_declared_order() -> None:
    assert set(SEVERITY) == set(KINDS)
    ranks = [SEVERITIES.index(SEVERITY[kind]) for kind in KINDS]
    assert ranks == sorted(ranks)


def test_json_groups_point_at_the_lint_list() -> None:
    findings = _seed_001()
    groups = [group.as_json() for group in group_findings(findings)]
    indices = sorted(i for group in groups for i in group["findings"])  # type: ignore[attr-defined]
    assert indices == list(range(len(findings)))
    assert groups[0]["count"] == 168 and groups[0]["severity"] == "unusable"
