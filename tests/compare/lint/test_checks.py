"""The lint of hand-written schemas: the report's real defects, each kind on a small model,
and nothing on our own model."""

from __future__ import annotations

import re

from helpers import shared_path

from strips_model.reports.document import load_report
from strips_model.schema import helltaker_domain, parse_schemas
from translator.compare.lint.checks import lint

REPORT = "seeds/001_1103b020ed6d817c.txt"


def _report_blocks() -> dict[str, tuple[str, str]]:
    """Schema name -> (precondition line, effect line), read from the raw text by regex."""
    text = shared_path(REPORT).read_text("utf-8")
    pattern = re.compile(r"^\s+(\w+)\([^()]*\)\s*\n\s+Precondition\s*:(.*)\n\s+Effect\s*:(.*)$",
                         re.M)
    return {name: (pre, effect) for name, pre, effect in pattern.findall(text)}


def _report_findings():  # type: ignore[no-untyped-def]
    report = load_report(str(shared_path(REPORT)))
    return lint(report.schemas, report.init, report.goal)


def test_report_schema_adding_a_counter_without_deleting_the_old_one() -> None:
    blocks = _report_blocks()
    # In the text: the schemas whose effect adds a counter but never deletes counter(C).
    in_text = {name for name, (_, effect) in blocks.items()
               if re.search(r"(?<!-)counter\(C", effect) and "-counter(C)" not in effect}
    assert in_text == {"rockKillUpWhileOnTrap"}
    found = [f for f in _report_findings() if f.kind == "adds-without-delete"]
    assert [(f.schema, f.literal) for f in found] == [("rockKillUpWhileOnTrap", "counter(C'')")]
    assert "counter(C)" in found[0].message


def test_report_counter_variables_are_bound_only_by_effects() -> None:
    blocks = _report_blocks()
    unbound = {(f.schema, f.message.split()[0])
               for f in _report_findings() if f.kind == "unbound-variable"}
    # C' appears in no header and no precondition of any schema, only in its effect.
    assert all("C'" not in pre for pre, _ in blocks.values())
    assert {name for name, variable in unbound if variable == "C'"} == set(blocks)
    assert {name for name, variable in unbound if variable == "C''"} == {
        name for name, (_, effect) in blocks.items() if "C''" in effect}
    found = next(f for f in _report_findings() if f.schema == "goUp")
    assert found.literal == "counter(C')" and "plusOne(C', C)" in found.message


def test_report_static_predicates_in_effects_are_one_summary_line() -> None:
    found = [f for f in _report_findings() if f.kind == "static-in-effects"]
    assert len(found) == 1
    assert found[0].schema is None and found[0].literal == "plusOne"
    assert "108 schemas" in found[0].message


def test_report_has_no_other_kind_of_finding() -> None:
    kinds = {f.kind for f in _report_findings()}
    assert kinds == {"adds-without-delete", "unbound-variable", "static-in-effects"}


def test_nothing_on_our_own_model() -> None:
    assert lint(helltaker_domain().schemas) == ()


SMALL = """\
move(X, Y)
    Precondition: at(X), road(X, Y), -at(Y)
    Effect: -at(X), at(Y)
jump(A, B)
    Precondition: road(A, B), at(A), -at(B)
    Effect: at(B), -at(A)
clone(X, Y)
    Precondition: at(X), road(X, Y)
    Effect: at(Y)
stuck(X)
    Precondition: at(X), -at(X)
    Effect: -at(X)
teleport(X)
    Precondition: at(X), raod(X, X)
    Effect: -at(X), at(Z)
grow(X)
    Precondition: at(X), road(X)
    Effect: size(X, X)
rest(X)
    Precondition: at(X), road(X, X)
    Effect: road(X, X)
"""


def test_each_kind_is_found_by_schema_and_literal() -> None:
    findings = lint(parse_schemas(SMALL, "small"))
    by_kind = {}
    for finding in findings:
        by_kind.setdefault(finding.kind, []).append((finding.schema, finding.literal))
    assert by_kind["adds-without-delete"] == [("clone", "at(Y)")]
    assert by_kind["contradiction"] == [("stuck", "-at(X)")]
    assert by_kind["duplicate"] == [("jump", "jump(...)")]
    assert by_kind["unbound-variable"] == [("teleport", "at(Z)")]
    assert ("grow", "road(X)") in by_kind["arity"]
    assert by_kind["typo"] == [("teleport", "raod(X, X)")]
    assert len(by_kind["static-in-effects"]) == 1


def test_an_effect_variable_bound_nowhere_says_so() -> None:
    finding = next(f for f in lint(parse_schemas(SMALL, "small")) if f.schema == "teleport"
                   and f.kind == "unbound-variable")
    assert "bound nowhere" in finding.message
    assert (finding.position.line, finding.position.column) == (15, 21)


def test_a_constant_and_a_variable_in_one_place_of_a_predicate_lint_without_error() -> None:
    """Issue 33 D: `mode(on)` beside `mode(X)` in one schema used to raise a TypeError while
    the duplicates rule sorted the literals."""
    text = ("turn(X, M)\n  Precondition: hero(X), mode(on), mode(M)\n  Effect: -mode(on)\n\n"
            "again(X, M)\n  Precondition: hero(X), mode(M), mode(on)\n  Effect: -mode(on)\n")
    kinds = [f.kind for f in lint(parse_schemas(text, "m"))]
    assert kinds.count("duplicate") == 1
