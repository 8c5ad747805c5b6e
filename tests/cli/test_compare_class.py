"""`helltaker compare MODEL... [LEVEL...]`: a class graded in one run. The fast ones give no
LEVEL (each model is linted and probed, with no planner); the one with a level starts Fast
Downward."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import ROOT, check_probes_here, leave_out_boards

from strips_model.reports.reading import skipped_schemas
from translator.cli.compare_class import split_models
from translator.cli.main import main
from translator.compare.check import read_model
from translator.compare.grading.table import HEADER

MODELS = ROOT / "tests" / "strips_model" / "reports" / "models"
CLASS = [str(MODELS / "m1_ours.txt"), str(MODELS / "m2_textbook.md")]
OUR_MODEL = str(ROOT / "strips_model" / "helltaker.strips")
CORRIDOR = "Corridor\n3\n#####\n#H  D\n#####\n"
BROKEN = "# A report\n\n    go(X)\n        Precondition : at(X\n        Effect : -at(X)\n"


def _rows(out: str) -> dict[str, list[str]]:
    """The table's rows by model, cells stripped."""
    lines = [line for line in out.splitlines() if line.startswith("| ")]
    cells = [[cell.strip() for cell in line.strip().strip("|").split(" | ")] for line in lines]
    assert cells[0] == list(HEADER)
    return {row[0]: row for row in cells[1:]}


@dataclass(frozen=True)
class Graded:
    alone: dict[str, object]
    """`compare CLASS[0] --json` alone."""
    alone_report: str
    """... and its `-o FILE.md`."""
    records: list[dict[str, object]]
    """`compare CLASS[0] CLASS[1] BROKEN --json -o folder`."""
    status: int
    folder: Path
    broken: str


def _main(arguments: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(arguments)
    return status, out.getvalue()


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    """One model alone and a class of three, one unreadable: each model run costs seconds
    (its probes run in forked children), so the tests share these two runs; no test here is
    about the generated boards, left out, nor about the probes' children: the probes are
    checked without them."""
    root = tmp_path_factory.mktemp("graded")
    broken = root / "broken.md"
    broken.write_text(BROKEN, "utf-8")
    alone_report = root / "alone.md"
    folder = root / "graded"
    with pytest.MonkeyPatch.context() as patch:
        leave_out_boards(patch)
        check_probes_here(patch)
        _, alone = _main(["compare", CLASS[0], "--json", "-o", str(alone_report), "--jobs",
                          "1"])
        status, records = _main(["compare", *CLASS, str(broken), "--json", "-o", str(folder),
                                 "--jobs", "2"])
    return Graded(json.loads(alone), alone_report.read_text("utf-8"),
                  [json.loads(line) for line in records.splitlines()], status, folder,
                  str(broken))


def test_json_is_the_one_model_record_with_the_model(graded: Graded) -> None:
    assert [record["model"] for record in graded.records] == [*CLASS, graded.broken]
    first = graded.records[0]
    assert list(first) == ["model", *graded.alone]
    assert {key: first[key] for key in ("schemas", "lint", "skipped", "reading")} == \
        {key: graded.alone[key] for key in ("schemas", "lint", "skipped", "reading")}


def test_an_unreadable_model_is_a_row_a_record_and_exit_2(graded: Graded) -> None:
    assert graded.status == 2
    record = graded.records[-1]
    assert list(record) == ["model", "error"]
    assert str(record["error"]).startswith(
        f"{graded.broken}:4:24: no schema could be read")
    row = _rows((graded.folder / "summary.md").read_text("utf-8"))[graded.broken]
    assert row[-1] == f"unreadable: {record['error']}"


def test_output_folder_holds_every_report_and_the_summary(graded: Graded) -> None:
    assert sorted(path.name for path in graded.folder.iterdir()) == [
        "m1_ours.html", "m1_ours.md", "m2_textbook.html", "m2_textbook.md", "summary.md"]
    # Each report is the one `compare MODEL -o FILE.md` writes.
    assert (graded.folder / "m1_ours.md").read_text("utf-8") == graded.alone_report
    assert (graded.folder / "m2_textbook.html").read_text("utf-8").startswith(
        "<!DOCTYPE html>")
    rows = _rows((graded.folder / "summary.md").read_text("utf-8"))
    for model in CLASS:
        report = read_model(model).report
        row = dict(zip(HEADER, rows[f"[{model}](./{Path(model).stem}.md)"], strict=True))
        assert (int(row["schemas"]), int(row["skipped"])) == (
            len(report.schemas), len(skipped_schemas(report.skipped)))
        assert row["agrees"] == row["diverges"] == row["not run"] == "0"  # no LEVEL, no Init
        assert row["rules"].endswith("/21")


def test_levels_are_told_from_models_by_content(tmp_path: Path) -> None:
    level = tmp_path / "level.md"  # a name says nothing
    level.write_text("\ufeffCorridor\n\n 3 \n#####\n#H  D\n#####\n", "utf-8")
    bad_level = tmp_path / "bad.txt"
    bad_level.write_text("Bad\n-1\n#H D\n", "utf-8")  # a level, in error: refused as one
    no_budget = tmp_path / "no_budget.txt"
    no_budget.write_text("Title\n#H D\n", "utf-8")
    models, levels = split_models(CLASS[0], [str(level), CLASS[1], str(bad_level),
                                             str(no_budget), "-"])
    assert models == [CLASS[0], CLASS[1], str(no_budget)]
    assert levels == [str(level), str(bad_level), "-"]
    pdf = tmp_path / "report.txt"
    pdf.write_bytes(b"%PDF-1.4\n3\n")
    latin = tmp_path / "latin.txt"  # not UTF-8: a model, unreadable in its own row
    latin.write_bytes("Modèle\n\xe9t\u00e9\n".encode("latin-1"))
    assert split_models(str(level), [str(pdf), str(latin)]) == (
        [str(level), str(pdf), str(latin)], [])


@pytest.mark.parametrize("extra", [["--vocabulary-template"], ["-o", "FILE"], ["twice"],
                                   ["-o", "class.html"]])
def test_what_several_models_cannot_take_is_refused_before_any_work(
        extra: list[str], tmp_path: Path, capsys) -> None:
    file = tmp_path / "file"
    file.write_text("", "utf-8")
    models = [*CLASS[:2], CLASS[0]] if extra == ["twice"] else CLASS[:2]
    options = [str(file) if word == "FILE" else word for word in extra if word != "twice"]
    assert main(["compare", *models, *options]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1


def test_a_cluster_needs_several_models(capsys) -> None:
    assert main(["compare", CLASS[0], "--cluster", "local:1"]) == 2
    assert "more than one MODEL" in capsys.readouterr().err


@pytest.mark.planner
def test_levels_get_a_verdict_per_model(tmp_path: Path, capsys) -> None:
    corridor = tmp_path / "corridor.txt"
    corridor.write_text(CORRIDOR, "utf-8")
    broken = tmp_path / "broken.md"
    broken.write_text(BROKEN, "utf-8")
    folder = tmp_path / "graded"
    status = main(["compare", OUR_MODEL, str(broken), str(corridor), "--jobs", "2",
                   "-o", str(folder)])
    captured = capsys.readouterr()
    rows = _rows(captured.out)
    assert list(rows) == [OUR_MODEL, str(broken)]  # in the order given
    ours = dict(zip(HEADER, rows[OUR_MODEL], strict=True))
    assert (ours["agrees"], ours["diverges"], ours["not run"], ours["standing"]) == (
        "1", "0", "0", "agrees")
    assert status == 2  # the worst of the two: one model is unreadable
    assert "2 models: 1 agree, 1 unreadable in " in captured.err
    assert "models/min" in captured.err
    summary = _rows((folder / "summary.md").read_text("utf-8"))
    assert summary[f"[{OUR_MODEL}](./helltaker.md)"][1:] == rows[OUR_MODEL][1:]
