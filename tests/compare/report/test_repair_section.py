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
