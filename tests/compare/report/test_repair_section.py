"""The "Suggested fix" section, `repairs` in --json and the fixed file of --repair-out, from a
real search on a mutant of our model written to a file."""

from __future__ import annotations

from pathlib import Path

from strips_model.reports.notation import read_model
from translator.compare.check import our_model, set_up_model
from translator.compare.repair.edits import Signature, apply_edits, local_edits, schema_key
from translator.compare.repair.fixes import RepairOptions, suggest_fixes
from translator.compare.repair.notation_text import apply_to_text
from translator.compare.report.repair_section import repair_html, repair_markdown


def test_a_fix_is_shown_at_its_line_as_json_as_a_diff_and_written_back(tmp_path: Path) -> None:
    report = our_model()[0]
    step = next(s for s in report.schemas if s.name == "step_calm")
    fault = next(e for e in local_edits(step, Signature.of(report.schemas))
                 if e.text() == "hero(N) -> hero(H)")
    original = Path(report.source).read_text(encoding="utf-8")
    mutant_text = apply_to_text(original, report.schemas, (fault,))
    assert mutant_text is not None
    path = tmp_path / "student.strips"
    path.write_text(mutant_text, encoding="utf-8")
    schemas = read_model(mutant_text, str(path)).schemas
    found = suggest_fixes(set_up_model(str(path)), (), RepairOptions(60.0, symmetric=False))
    top = found.fixes[0]
    assert top.lines[0] == "line 62, step_calm, Effect: hero(H) → hero(N)"
    assert top.fixed_text == original
    markdown = repair_markdown(found)
    assert "## Suggested fix" in markdown and "`line 62, step_calm, Effect:" in markdown
    assert "+    Effect: -hero(H), hero(N)" in markdown
    record = found.as_json()[0]
    assert record["schema"] == "step_calm" and record["verified"] is True
    # Compared with the game on every state of the probes' boards and the generated boards.
    assert top.states is not None and top.states.states > 2_000
    assert (record["states_compared"], record["bounded_levels"]) == (top.states.states, [])
    assert f"every state of each level and generated board ({top.states.states:,} states)" \
        in markdown
    assert record["edits"][0]["kind"] == "argument"  # type: ignore[index]
    assert "R-A5" in record["rules"]  # type: ignore[operator]
    mended = record["mends"]
    assert isinstance(mended, list) and mended
    for entry, mend in zip(mended, top.mends, strict=True):
        # Each a failure of the model as written, of a case the fix makes agree, in its words.
        assert mend.failure in found.failures and entry["case"] in top.repair.fixed
        assert entry["game"] in entry["what"] and entry["model"] in entry["what"]
        assert f"- mends: {mend.text()}" in markdown or mend not in top.mends[:5]
    assert "the game steps to" in markdown and "the model applies step_calm" in markdown
    assert 'class="added"' in repair_html(found)
    fixed = read_model(top.fixed_text, "fixed").schemas
    assert tuple(map(schema_key, fixed)) == tuple(map(schema_key, report.schemas))
    assert tuple(map(schema_key, apply_edits(schemas, top.repair.edits))) == \
        tuple(map(schema_key, report.schemas))


def test_without_a_fix_the_section_names_the_vocabulary_and_shows_the_evidence() -> None:
    from translator.compare.repair.fixes import CULPRIT, RepairReport
    from translator.compare.repair.verify import Failure

    failure = Failure("level1", (), 3, "on the game's plan: letter 3 'r'", ())
    text = repair_markdown(RepairReport((failure,), (), 40, 2.0, 9))
    assert CULPRIT in text and "level1: on the game's plan: letter 3 'r'" in text


def test_each_fault_has_its_heading_and_every_fix_at_once_ends_the_section() -> None:
    """Fixes of two faults, the second verified with the first made: each fault's fix and
    alternative under its own number, the second saying with what it was verified, and the
    first fixes together last, as --repair-out writes them."""
    from translator.compare.repair.faults import together
    from translator.compare.repair.fixes import RepairReport, SuggestedFix
    from translator.compare.repair.search_terms import Repair
    from translator.compare.repair.verify import Failure

    report = our_model()[0]
    signature = Signature.of(report.schemas)
    one, other, third = [e for s in report.schemas if s.name == "step_calm"
                         for e in local_edits(s, signature)][:3]
    failures = tuple(Failure(name, (), 1, "on the game's plan: letter 1 'r'", ())
                     for name in ("level1", "probe E1"))
    repairs = (Repair((one,), ("level1",), (), 9, 1, fault=1),
               Repair((third,), ("level1",), (), 9, 1, fault=1),
               Repair((other,), ("probe E1",), (), 10, 0, fault=2, after=(one,)))
    joint = together(repairs)
    assert joint is not None and joint.edits == (one, other)

    def shown(repair: Repair) -> SuggestedFix:
        return SuggestedFix(repair, tuple(edit.text() for edit in repair.edits), None, "")

    text = repair_markdown(RepairReport(failures, tuple(map(shown, repairs)), 30, 1.0, 12,
                                        together=shown(joint)))
    heads = [line for line in text.splitlines() if line.startswith("**")]
    assert [head.split("**")[1] for head in heads] == [
        "Fault 1, fix", "Fault 1, alternative 1", "Fault 2, fix", "Every fault's fix at once"]
    assert "verified with the fix of fault 1 made" in heads[2]
    assert "every case agrees" in heads[2] and "every case agrees" in heads[3]
    assert "1 cases still fail" in heads[0]


def test_a_fix_compared_on_the_first_states_of_a_level_says_so() -> None:
    """Where a level reaches more states than the bound, the fix is equal to the game on its
    first ones only, and its heading says which levels."""
    from dataclasses import replace

    from translator.compare.repair.every_state import StateVerdict
    from translator.compare.repair.fixes import RepairReport, SuggestedFix
    from translator.compare.repair.search_terms import Repair
    from translator.compare.repair.verify import Failure
    from translator.compare.runs.state_bound import STATES

    report = our_model()[0]
    step = next(s for s in report.schemas if s.name == "step_calm")
    edit = next(iter(local_edits(step, Signature.of(report.schemas))))
    fix = SuggestedFix(Repair((edit,), ("level4",), (), 9), (edit.text(),), None, "")
    failure = Failure("level4", (), 3, "on the game's plan: letter 3 'r'", ())
    bounded = replace(fix, states=StateVerdict(12_345, None, bounded=("level4", "level9")))
    text = repair_markdown(RepairReport((failure,), (bounded,), 1, 1.0, 9))
    assert "(12,345 states); level4, level9 on their first " \
        f"{STATES:,} states in order of cost only" in text
    assert bounded.as_json()["bounded_levels"] == ["level4", "level9"]
    unbounded = repair_markdown(RepairReport((failure,), (fix,), 1, 1.0, 9))
    assert "up to the bound of a level" in unbounded and "first" not in unbounded.split("\n")[2]
