"""The hostile inputs of issue 30 (round 4), as runs of the environment suite: each case
writes its files into a run's folder and names the command, the environment variables it
adds and what the run must end with. One case per numbered finding of the issue."""

from __future__ import annotations

import os
import pickle
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from helpers import ROOT

from strips_model.derived import Derivation, package_sources
from strips_model.plain_values import encode
from translator.runtime.derived_cache import CACHE_VARIABLE, entry_header


@dataclass(frozen=True)
class Hostile:
    arguments: list[str]
    environment: dict[str, str]
    status: int
    """The exit status the run must end with."""
    stderr_lines: int
    """Lines standard error must hold, exactly."""


class _Planted:
    """Unpickling it makes the folder `marker`: a forged entry's code, from the standard
    library alone, so that the child process could run it."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (os.mkdir, (str(self.marker),))


def forged_cache(folder: Path) -> Hostile:
    """Case 1: a cache entry with the right header whose payload runs code when unpickled."""
    cache = folder / "cache"
    cache.mkdir(mode=0o700)
    header = entry_header(Derivation("domain", package_sources(), bytes, encode, bytes))
    (cache / "domain.bin").write_bytes(header + pickle.dumps(_Planted(folder / "ran")))
    return Hostile(["solve", str(folder / "a.txt"), "--planner", "search"],
                   {CACHE_VARIABLE: str(cache)}, 0, 1)


def deep_vocabulary(folder: Path) -> Hostile:
    """Case 2: a vocabulary of 1 KB nested 500 deep."""
    (folder / "deep.toml").write_text("x = " + "[" * 500 + "]" * 500 + "\n", "utf-8")
    return Hostile(["compare", str(ROOT / "strips_model" / "helltaker.strips"),
                    str(folder / "a.txt"), "--vocabulary", str(folder / "deep.toml")], {}, 2, 1)


def long_plan(folder: Path) -> Hostile:
    """Case 3: a plan of 2 M letters walking back and forth: at 400 bytes a letter it needed
    800 MB; run under an address space of 600 MB (environment_runs.run's limits)."""
    (folder / "corridor.txt").write_text("Corridor\n999999999\n#######\n#H   D#\n#######\n",
                                         "utf-8")
    (folder / "long.plan").write_text("rl" * 1_000_000, "utf-8")
    return Hostile(["validate", str(folder / "corridor.txt"), "@" + str(folder / "long.plan")],
                   {}, 1, 0)


def _pdf(content: bytes) -> bytes:
    stream = zlib.compress(content, 9)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font "
               b"<< /F1 5 0 R >> >> /Contents 4 0 R >>",
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream
               + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


def many_lines_pdf(folder: Path) -> Hostile:
    """Case 4: 2 KB of PDF holding 160,000 one-letter lines (96 s before a later cap)."""
    (folder / "lines.pdf").write_bytes(
        _pdf(b"BT /F1 10 Tf 12 TL 72 720 Td\n" + b"(a) '\n" * 160_000 + b"ET\n"))
    return Hostile(["compare", str(folder / "lines.pdf"), str(folder / "a.txt")], {}, 2, 1)


def many_workers(folder: Path) -> Hostile:
    """Case 5: a local cluster of 500 workers, on whatever this machine has."""
    return Hostile(["solve", str(folder / "a.txt"), "--cluster", "local:500"], {}, 2, 1)


def newline_name(folder: Path) -> Hostile:
    """Case 6: a level whose file name holds a newline, beside another."""
    (folder / "two\nlines.txt").write_text((folder / "b.txt").read_text("utf-8"), "utf-8")
    return Hostile(["solve", str(folder / "two\nlines.txt"), str(folder / "a.txt"),
                    "--planner", "search"], {}, 0, 3)


def truncated_pdf(folder: Path) -> Hostile:
    """Case 7: a PDF cut short, on which pypdf logs warnings of its own."""
    whole = _pdf(b"BT /F1 10 Tf 12 TL 72 720 Td\n" + b"(Move) '\n" * 100 + b"ET\n")
    (folder / "cut.pdf").write_bytes(whole[:400])
    return Hostile(["compare", str(folder / "cut.pdf"), str(folder / "a.txt")], {}, 2, 1)


CASES: dict[str, Callable[[Path], Hostile]] = {
    "forged-cache": forged_cache, "deep-vocabulary": deep_vocabulary, "long-plan": long_plan,
    "many-lines-pdf": many_lines_pdf, "many-workers": many_workers,
    "newline-name": newline_name, "truncated-pdf": truncated_pdf,
}
