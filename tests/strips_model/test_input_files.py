"""The one way in (strips_model/input_files.py): regular files within their kind's cap,
standard input with the same cap, everything else refused with one line before it is read."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.errors import InputError, decode_text
from strips_model.input_files import InputKind, read_input, read_input_bytes

ROOT = Path(__file__).resolve().parents[2]


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "level.txt"
    path.write_text("Title\n3\nHD\n", encoding="utf-8")
    assert read_input(str(path), InputKind.LEVEL) == "Title\n3\nHD\n"


def test_a_file_past_its_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as stream:
        # Sparse: the size is what is refused, without writing (or reading) a byte of it.
        stream.truncate(InputKind.LEVEL.cap + 1)
    with pytest.raises(InputError) as caught:
        read_input(str(path), InputKind.LEVEL)
    assert str(caught.value) == (f"{path}: {InputKind.LEVEL.cap + 1} bytes is past the 1 MiB "
                                 "cap of a level file")
    # The same size is within the cap of a plan file.
    assert len(read_input_bytes(str(path), InputKind.PLAN)) == InputKind.LEVEL.cap + 1


@pytest.mark.parametrize(("path", "words"), [
    ("/dev/zero", "is not a regular file (a character device), expected a level file"),
    ("/dev/null", "is not a regular file (a character device), expected a level file"),
    ("/", "is a directory, expected a file"),
    ("/nonexistent/level.txt", "no such file"),
])
def test_what_is_not_a_regular_file_is_refused(path: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        read_input(path, InputKind.LEVEL)
    assert str(caught.value) == f"{path}: {words}"


def test_a_named_pipe_without_a_writer_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "level.fifo"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match=r"is not a regular file \(a named pipe\)"):
        read_input(str(fifo), InputKind.LEVEL)


def test_a_closed_standard_input_is_an_input_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(InputError, match=r"^<stdin>: standard input is closed"):
        read_input("-", InputKind.PLAN)
    closed = io.StringIO("rr")
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    with pytest.raises(InputError, match=r"^<stdin>: standard input is closed"):
        read_input("-", InputKind.PLAN)


def test_standard_input_as_text_is_read_with_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("rrdd\n"))
    assert read_input("-", InputKind.PLAN) == "rrdd\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("r" * (InputKind.LEVEL.cap + 1)))
    with pytest.raises(InputError, match=r"^<stdin>: more than the 1 MiB cap of a level file"):
        read_input("-", InputKind.LEVEL)


def test_an_endless_standard_input_stops_at_the_cap() -> None:
    """`< /dev/zero`: cap + 1 bytes are read, then the input is refused."""
    program = ("from strips_model.input_files import InputKind, read_input\n"
               "from strips_model.errors import InputError\n"
               "try:\n    read_input('-', InputKind.LEVEL)\n"
               "except InputError as error:\n    print(error)\n")
    with open("/dev/zero", "rb") as zero:
        run = subprocess.run([sys.executable, "-c", program], stdin=zero, capture_output=True,
                             text=True, timeout=30, check=True)
    assert run.stdout == "<stdin>: more than the 1 MiB cap of a level file\n"


@settings(max_examples=25, derandomize=True, deadline=None)
@given(st.binary(max_size=64))
def test_any_bytes_are_text_or_one_line_error(data: bytes) -> None:
    """Whatever a file holds, the reader gives its text or one line naming the byte."""
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"helltaker-input-{os.getpid()}.txt"
    try:
        path.write_bytes(data)
        try:
            assert read_input(str(path), InputKind.PLAN) == data.decode("utf-8")
        except InputError as error:
            assert "\n" not in str(error) and "not UTF-8" in str(error)
    finally:
        path.unlink(missing_ok=True)


@settings(max_examples=12, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ending=st.sampled_from(["\n", "\r\n", "\r"]), bom=st.booleans())
def test_any_line_ending_and_a_byte_order_mark_read_as_plain_text(
        tmp_path: Path, ending: str, bom: bool) -> None:
    """A file saved on Windows (`\\r\\n`), an old Mac (`\\r`), or with a byte-order mark reads
    as the same file saved plainly: a model, a vocabulary and a level alike."""
    from strips_model.level_file import load_level
    from strips_model.reports.notation import read_model_file
    from strips_model.reports.vocabulary import load_vocabulary, shipped_vocabularies
    from strips_model.reports.vocabulary_writer import vocabulary_toml

    def saved(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_bytes(("\ufeff" if bom else "").encode() + text.replace("\n", ending).encode())
        return str(path)

    # Positions name the file: the two readings are of files of the same name.
    model = (ROOT / "strips_model" / "helltaker.strips").read_text(encoding="utf-8")
    (tmp_path / "plain").mkdir(exist_ok=True)
    (tmp_path / "plain" / "m.strips").write_text(model, encoding="utf-8")
    assert [str(s) for s in read_model_file(saved("m.strips", model)).schemas] == \
        [str(s).replace(f"{tmp_path}/plain/", f"{tmp_path}/")
         for s in read_model_file(str(tmp_path / "plain" / "m.strips")).schemas]
    words = shipped_vocabularies()[0]
    assert load_vocabulary(saved("v.toml", vocabulary_toml(words, ()))).roles == words.roles
    level = "corridor\n5\n#####\n#H D#\n#####\n"
    (tmp_path / "lf.txt").write_text(level, encoding="utf-8")
    assert load_level(saved("l.txt", level)).walls == load_level(str(tmp_path / "lf.txt")).walls


@settings(max_examples=40, deadline=None)
@given(before=st.text(alphabet="ab \n(),", max_size=30),
       after=st.text(alphabet="ab \n", max_size=10), extra=st.integers(-3, 3), zeros=st.booleans())
def test_a_number_past_the_digits_int_reads_is_refused_at_its_place(
        before: str, after: str, extra: int, zeros: bool) -> None:
    """Issue 42: every reader may call int() on the numbers of a file (a budget, a cost, an
    offset, a vocabulary value, a solver's literal); the one way in refuses a run of more
    digits than int() converts, where it starts, so that none is a traceback."""
    limit = sys.get_int_max_str_digits()
    digits = ("0" if zeros else "7") * (limit + extra)
    text = f"{before}{digits}{after}"
    try:
        read = decode_text(text.encode(), "f")
    except InputError as error:
        assert extra > 0
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        assert str(error) == f"f:{line}:{column}: a number of {limit + extra} digits: " \
            f"at most {limit} are read"
    else:
        assert extra <= 0 and read == text


def _place(text: str, number: str) -> str:
    start = text.index(number)
    return f"{text.count(chr(10), 0, start) + 1}:{start - (text.rfind(chr(10), 0, start) + 1) + 1}"


@pytest.mark.parametrize("command", [
    ["compare", "{file}"], ["solve", "{file}"], ["compare", "{model}", "--vocabulary", "{file}"],
], ids=["model offset", "level budget", "vocabulary value"])
def test_every_command_refuses_a_long_number_in_one_line(tmp_path: Path, command: list[str]
                                                         ) -> None:
    """A model's offset, a level's budget, a vocabulary's value: read by different readers,
    refused by the same one, before any of them converts it."""
    number = "9" * 5000
    model = tmp_path / "model.txt"
    model.write_text("go(x)\n  Pre: hero(x)\n  Eff: hero(x+1), ¬hero(x)\n", encoding="utf-8")
    text = {"compare": f"go(x)\n  Pre: hero(x)\n  Eff: hero(x+{number}), ¬hero(x)\n",
            "solve": f"t\n{number}\n#HD\n",
            "--vocabulary": f"[values]\nbudget = {number}\n"}[command[-2] if len(command) > 2
                                                              else command[0]]
    path = tmp_path / "input.txt"
    path.write_text(text, encoding="utf-8")
    arguments = [part.format(file=path, model=model) for part in command]
    done = subprocess.run([sys.executable, "-m", "translator.cli", *arguments],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        f"helltaker: {path}:{_place(text, number)}: a number of 5000 digits: at most 4300 "
        "are read"]
