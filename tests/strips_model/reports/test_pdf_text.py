"""PDF reports: text extracted by pypdf, what extraction produces undone (ligatures, primes,
non-breaking spaces, hyphenation), schemas read with page:line:col positions. The PDFs are
written here by a writer of a few lines (one Helvetica font whose encoding maps five codes to
the glyphs `ﬁ ﬂ ’ ′ ”`), so the test needs no PDF library beyond the reader."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.errors import InputError
from strips_model.reports import pdf_text
from strips_model.reports.notation import read_model_file
from strips_model.reports.pdf_text import normalise
from strips_model.reports.reading import skipped_schemas
from translator.cli.main import main

_CODES = {"ﬁ": "\\001", "ﬂ": "\\002", "’": "\\003", "′": "\\004", "”": "\\005",
          "\u00a0": "\\240"}


def _escaped(line: str) -> str:
    return "".join(_CODES.get(char, "\\" + char if char in "()\\" else char) for char in line)


def tiny_pdf(pages: list[list[str]]) -> bytes:
    """A PDF with one line of text per string, `pages` of them."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", "",
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type "
               "/Encoding /BaseEncoding /WinAnsiEncoding /Differences [1 /fi /fl /quoteright "
               "/minute /quotedblright] >> >>"]
    kids = []
    for lines in pages:
        body = "BT /F1 10 Tf 12 TL 40 760 Td " + " ".join(
            f"({_escaped(line)}) Tj T*" for line in lines) + " ET"
        objects.append(f"<< /Length {len(body)} >>\nstream\n{body}\nendstream")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources "
                       f"<< /Font << /F1 3 0 R >> >> /Contents {len(objects)} 0 R >>")
        kids.append(f"{len(objects)} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>"
    data = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(data))
        data += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(data)
    data += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    data += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    data += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n"
             "%%EOF\n").encode()
    return data


REPORT_PAGES = [
    ["Our model, ﬁrst part: the hero’s moves.",
     "    move_right(X, Y, X’)",
     "        Precondition: hero(X, Y), next(X, X’), ﬂoor(X’, Y)",
     "        Effect: -hero(X, Y), hero(X’, Y)"],
    ["Then a push, written after some hyphen-",
     "ated prose.",
     "    push_right(X, X′, X”, Y)",
     "        Precondition: hero(X, Y), next(X, X′), next(X′, X”), rock(X′, Y)",
     "        Effect: -rock(X′, Y),\u00a0rock(X”, Y)"],
]


def test_a_pdf_report_is_read_by_its_content_with_page_positions(tmp_path: Path) -> None:
    # A name that does not say PDF: the content does.
    path = tmp_path / "report.txt"
    path.write_bytes(tiny_pdf(REPORT_PAGES))
    reading = read_model_file(str(path))
    # The prose between the two schemas is listed, at its page's position; nothing else is.
    assert reading.notation == "pdf" and not skipped_schemas(reading.skipped)
    assert {part.reason.split(":")[0] for part in reading.skipped} == {"prose between schemas"}
    assert all(part.position.source.endswith(":2") for part in reading.skipped)
    move, push = reading.schemas
    assert [str(lit) for lit in move.preconditions] == [
        "hero(X, Y)", "next(X, X')", "floor(X', Y)"]
    assert [str(lit) for lit in push.effects] == ["-rock(X', Y)", "rock(X'', Y)"]
    # FILE:PAGE:LINE:COL, the line counted in the page's extracted text.
    assert str(move.position).startswith(f"{path}:1:2:")
    assert str(push.position).startswith(f"{path}:2:")
    assert str(push.effects[1].position).startswith(f"{path}:2:")


def test_extraction_artefacts_are_undone_line_for_line() -> None:
    text = "ﬁrst ﬂoor X’ Y′ Z” W″ a\u00a0b c\u2212d\nthe pre-\nconditions hold\nhero(X) -\nwall(X)"
    lines = normalise(text).split("\n")
    assert lines[0] == "first floor X' Y' Z'' W'' a b c-d"
    # A word cut at a line's end is joined on its first line; the lines stay as many.
    assert lines[1:3] == ["the preconditions", "hold"]
    # A hyphen after a space is a negation, not a cut word.
    assert lines[3:] == ["hero(X) -", "wall(X)"]


def test_names_and_numbers_cut_at_a_line_end_are_joined_whole() -> None:
    text = ("Pre: coun-\nter(C) ∧ at(x)\nEff: -counter(-\n1) ∧ time(t-\n1)\n"
            "push-\nblock(y) ∧ push-block(z)")
    lines = normalise(text).split("\n")
    # The literal is joined with its arguments, the hyphen of the cut dropped.
    assert lines[0:2] == ["Pre: counter(C)", "∧ at(x)"]
    # A minus sign cut from its number, after `(` or after a name, stays a minus.
    assert lines[2:5] == ["Eff: -counter(-1)", "∧ time(t-1)", ""]
    # A name the text writes with its hyphen elsewhere keeps it.
    assert lines[5:] == ["push-block(y)", "∧ push-block(z)"]


def test_a_pdf_with_cut_names_reads_as_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "cut.pdf"
    path.write_bytes(tiny_pdf([["step(C)", "Precondition: coun-", "ter(C) and at(x)",
                                "Effect: -counter(-", "1) and counter(C)"]]))
    (schema,) = read_model_file(str(path)).schemas
    assert [str(literal) for literal in schema.preconditions] == ["counter(C)", "at(x)"]
    assert [str(literal) for literal in schema.effects] == ["-counter(-1)", "counter(C)"]


def test_a_pdf_without_text_or_broken_is_one_line_of_bad_input(tmp_path: Path) -> None:
    empty = tmp_path / "scan.pdf"
    empty.write_bytes(tiny_pdf([[]]))
    with pytest.raises(InputError, match="holds no text"):
        read_model_file(str(empty))
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nnot a pdf at all\n")
    with pytest.raises(InputError) as caught:
        read_model_file(str(broken))
    assert "\n" not in str(caught.value) and str(broken) in str(caught.value)


@pytest.mark.parametrize(("cap", "value", "lines", "said"), [
    ("PIECES_CAP", 100, 101, "more than 100 pieces of text"),
    ("CHARACTERS_CAP", 1000, 60, "more than 1,000 characters of text"),
    ("CONTENT_CAP", 2000, 200, "bytes of content, more than 2,000"),
    ("SECONDS_CAP", -1.0, 2, "text extraction past -1 s"),
])
def test_extraction_stops_at_each_cap_as_it_goes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cap: str, value: float, lines: int,
        said: str) -> None:
    # Issue 30 case 4: a PDF of 160,000 one-letter lines took 96 s before a later cap
    # refused it; each cap now stops pypdf on the way, whatever the page holds.
    monkeypatch.setattr(pdf_text, cap, value)
    report = tmp_path / "many.pdf"
    report.write_bytes(tiny_pdf([[f"line {n} of a long page" for n in range(lines)]]))
    with pytest.raises(InputError, match="past a cap of its reader") as caught:
        read_model_file(str(report))
    assert said in str(caught.value)


def test_a_damaged_pdf_says_one_line_and_pypdf_logs_nothing(tmp_path: Path) -> None:
    # Issue 30 case 7: pypdf's own warnings (`EOF marker not found`) reached stderr. A process
    # of its own: under pytest, logging's capture would hide them.
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(tiny_pdf([["Move(X)"] * 50])[:300])
    done = subprocess.run([sys.executable, "-m", "translator.cli", "compare", str(cut)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"helltaker: {cut}: not a PDF that can be read")


def test_compare_takes_a_pdf_and_lints_it_with_page_positions(tmp_path: Path, capsys,
                                                             boards_off, probes_here) -> None:
    # The push deletes the hero and adds none back, while the move moves it.
    pages = [REPORT_PAGES[0], [*REPORT_PAGES[1][:-1],
                               "        Effect: -rock(X′, Y), rock(X”, Y), -hero(X, Y)"]]
    path = tmp_path / "report.pdf"
    path.write_bytes(tiny_pdf(pages))
    assert main(["compare", str(path), "--json", "--jobs", "1"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["schemas"] == 2
    assert all(part["reason"].startswith("prose between") for part in result["skipped"])
    (finding,) = [f for f in result["lint"] if f["kind"] == "deleted-never-added"]
    assert finding["schema"] == "push_right" and finding["literal"] == "-hero(X, Y)"
    assert finding["position"].startswith(f"{path}:2:")


_ARTEFACTS = "ﬁﬂﬀﬃﬄ’‘′”″“\u2212\u00a0\u202f\u2009\u00ad"


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from([*_ARTEFACTS, *"ab Xy'-(),\n"]), max_size=60))
def test_normalising_keeps_the_lines_and_leaves_no_artefact(text: str) -> None:
    plain = normalise(text)
    # Positions stay meaningful: as many lines as extracted, nothing left to undo.
    assert plain.count("\n") == text.count("\n")
    assert not set(plain) & set(_ARTEFACTS)
    assert normalise(plain) == plain or "-\n" in plain


def test_a_long_number_in_a_pdf_is_refused_at_its_page_line_and_column(tmp_path: Path) -> None:
    """Issue 42: a PDF's text is read as a text file's is (strips_model/errors.py
    `refuse_long_numbers`), the place given on its page."""
    path = tmp_path / "report.pdf"
    path.write_bytes(tiny_pdf([REPORT_PAGES[0], ["Cost: " + "9" * 5000]]))
    with pytest.raises(InputError) as caught:
        read_model_file(str(path))
    assert str(caught.value) == f"{path}:2:1:7: a number of 5000 digits: at most 4300 are read"
