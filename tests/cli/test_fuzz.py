"""Property-based fuzzing of the text front-ends and of the command line (issue 14 item 8).

Random bytes, level grids (well-formed and broken), plans, schema texts, reports, Init blocks
and option values go to the parsers of `strips_model` and to `main(argv)` in-process. The
properties assert the contract, not results:

- a parser returns, or raises an `InputError` whose message is one line; nothing else escapes;
  what surely breaks a level (no hero, no demon, a stray character...) is an error;
- `main` returns 0, 1, 2 or 3, or argparse exits 0 (help) or 2; input the parsers reject and
  option values outside their range (`--timeout` finite and positive, `--budget` >= 0,
  `--jobs` >= 1) exit 2 with one line on standard error; nothing prints a traceback;
- an output file (`pddl -o`, `show --svg`, `solve --pddl-plan`, `generate -o`) is absent or
  complete (it parses back), no staging file is left beside it, and no `helltaker-*` folder
  is left in the temporary directory (each run gets a private one, so other processes cannot
  disturb it).

Every property runs twice:

- in the fast loop (`pytest -m "not planner"`): a few dozen examples, derandomized (settings
  profile `helltaker-fast`), so CI sees the same examples every time;
- as a long variant (`*_long`, marker `fuzz`), deselected unless the environment variable
  HELLTAKER_FUZZ_EXAMPLES=N is set: N fresh random examples each (profile `helltaker-fuzz`),
  e.g. `HELLTAKER_FUZZ_EXAMPLES=2000 pytest -m fuzz tests/cli/test_fuzz.py`.

A failure prints the smallest falsifying example and a `@reproduce_failure` line to replay it.
`generate` runs Fast Downward, so its properties are also marked `planner`.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.errors import InputError
from strips_model.ground_plan import is_ground_plan, parse_ground_plan
from strips_model.level import Cell
from strips_model.level_file import format_level, load_level, parse_level
from strips_model.moves import ALPHABETS, parse_plan
from strips_model.reports.document import parse_report
from strips_model.reports.facts import InitBlock, parse_facts
from strips_model.reports.init_level import place_predicates, rebuild_level, report_vocabulary
from strips_model.schema import build_domain, parse_schemas
from translator.cli.main import main

_Value = TypeVar("_Value")

# -- how many examples, and how ----------------------------------------------------------------

LONG_EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)
"""Examples of each long variant; 0 (unset) leaves them out of the run."""

_SHARED_SETTINGS: dict[str, Any] = {
    # Each example may fork a worker or start a planner: time per example is not the point.
    "deadline": None,
    # No .hypothesis/ folder in the checkout; a failure prints its reproduce blob instead.
    "database": None,
    "print_blob": True,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large,
                              HealthCheck.filter_too_much, HealthCheck.large_base_example],
}
settings.register_profile("helltaker-fast", derandomize=True, **_SHARED_SETTINGS)
settings.register_profile("helltaker-fuzz", max_examples=max(LONG_EXAMPLES, 1),
                          **_SHARED_SETTINGS)


def fast_and_long(fast_examples: int, **strategies: st.SearchStrategy[Any]
                  ) -> Callable[[Callable[..., None]], tuple[Any, Any]]:
    """The property `check` as two tests: `fast_examples` derandomized examples for the fast
    loop, and the long variant of the module docstring."""

    def tests(check: Callable[..., None]) -> tuple[Any, Any]:
        fast = settings(settings.get_profile("helltaker-fast"),
                        max_examples=fast_examples)(given(**strategies)(check))
        long = settings(settings.get_profile("helltaker-fuzz"))(given(**strategies)(check))
        # Deselected (not skipped) unless HELLTAKER_FUZZ_EXAMPLES is set: tests/conftest.py.
        return fast, pytest.mark.fuzz(long)

    return tests


# -- the parsers' contract ---------------------------------------------------------------------


def assert_one_line(message: str) -> None:
    assert len(message.splitlines()) == 1, f"not one line: {message!r}"


def outcome(parse: Callable[[], _Value]) -> _Value | InputError:
    """The parser's value, or the input error it raised (checked to be one line); any other
    exception escapes and fails the test."""
    try:
        return parse()
    except InputError as error:
        assert_one_line(str(error))
        return error


# -- levels ------------------------------------------------------------------------------------

LEVEL_SYMBOLS = "HD# BKLMSTUPQO"
"""Every character of RULES.md F4 (strips_model/level.lark's ROW)."""
FILLERS = "      #BMSTUOPQ"
"""Symbols any number of cells may hold; floor most often."""
BAD_BUDGETS = ("-3", "-0x1", "abc", "1e3", "1.5", "+5", "1_0", "\u0663", "nan", "inf", "9" * 5000,
               "5 5", "\x00", "\ufeff7", "#HD#")
"""Budget lines F1 rejects (not an ASCII integer >= 0, or too long to read)."""
GOOD_BUDGETS = ("0", "007", "2147483647", str(2**63), "9" * 400, "0" * 5000 + "1")


@dataclass(frozen=True, slots=True)
class Grid:
    """A well-formed level (F1-F5): a border of walls, one hero, a demon or two."""

    title: str
    budget: str
    rows: tuple[str, ...]
    hero: Cell
    demons: frozenset[Cell]

    def text(self, newline: str = "\n") -> str:
        return newline.join((self.title, self.budget, *self.rows)) + newline


@st.composite
def grids(draw: st.DrawFn, most_columns: int = 7, most_rows: int = 6,
          most_movers: int | None = None) -> Grid:
    """`most_movers` bounds boulders and skeletons, which the searches' state counts grow with."""
    width = draw(st.integers(4, most_columns))
    height = draw(st.integers(3, most_rows))
    inner = [(row, column) for row in range(1, height - 1) for column in range(1, width - 1)]
    fillers = FILLERS if most_movers is None else FILLERS.replace("B", "").replace("M", "")
    cells = dict(zip(inner, draw(st.lists(st.sampled_from(fillers), min_size=len(inner),
                                          max_size=len(inner))), strict=True))
    if most_movers:
        for cell in draw(st.lists(st.sampled_from(inner), max_size=most_movers, unique=True)):
            cells[cell] = draw(st.sampled_from("BMOPQ"))
    order = draw(st.permutations(inner))
    hero, demons, rest = order[0], order[1:1 + draw(st.integers(1, 2))], order[3:]
    cells[hero] = "H"
    for demon in demons:
        cells[demon] = "D"
    if len(rest) >= 2 and draw(st.booleans()):
        cells[rest[0]], cells[rest[1]] = "K", "L"
    rows = tuple("".join(cells.get((row, column), "#") for column in range(width))
                 for row in range(height))
    # No BOM: parse_level drops one at the start of the file, which would change the title.
    title = draw(st.text(st.characters(exclude_characters="\r\n\ufeff", codec="utf-8"),
                         max_size=12))
    budget = draw(st.one_of(st.integers(0, 60).map(str), st.sampled_from(GOOD_BUDGETS)))
    return Grid(title, budget, rows, hero, frozenset(demons))


@st.composite
def dressed_texts(draw: st.DrawFn, grid: Grid) -> str:
    """The grid's file as F1 also allows it: a BOM, CRLF, trailing blanks, blank lines."""
    lines = [grid.title, grid.budget, *grid.rows]
    if draw(st.booleans()):
        lines = [line + draw(st.sampled_from(("", " ", "\t", " \t "))) for line in lines]
    for _ in range(draw(st.integers(0, 2))):
        lines.insert(draw(st.integers(1, len(lines))), draw(st.sampled_from(("", " ", "\t"))))
    text = draw(st.sampled_from(("\n", "\r\n"))).join(lines) + draw(
        st.sampled_from(("", "\n", "\r\n", "\n\n")))
    return ("\ufeff" if draw(st.booleans()) else "") + text


@dataclass(frozen=True, slots=True)
class Broken:
    text: str
    surely_bad: bool
    """True when the change certainly breaks F1-F5, so parsing must fail."""


def _set(rows: list[str], cell: Cell, symbol: str) -> None:
    row, column = cell
    rows[row] = rows[row][:column] + symbol + rows[row][column + 1:]


@st.composite
def broken_texts(draw: st.DrawFn) -> Broken:
    """A well-formed level with one change that breaks it, or may."""
    grid = draw(grids())
    lines = [grid.title, grid.budget, *grid.rows]
    rows = list(grid.rows)
    kind = draw(st.sampled_from(("no hero", "two heroes", "no demon", "two keys", "two locks",
                                 "stray character", "bad budget", "any budget", "no budget",
                                 "no grid", "lone carriage return", "random line", "blank")))
    surely_bad = True
    if kind == "no hero":
        rows = [row.replace("H", " ") for row in rows]
    elif kind == "two heroes":
        _set(rows, (0, 0), "H")
    elif kind == "no demon":
        rows = [row.replace("D", "#") for row in rows]
    elif kind in ("two keys", "two locks"):
        symbol = "K" if kind == "two keys" else "L"
        _set(rows, (0, 0), symbol)
        _set(rows, (0, 1), symbol)
    elif kind == "stray character":
        char = draw(st.characters())
        index = draw(st.integers(0, len(rows) - 1))
        column = draw(st.integers(0, len(rows[index])))
        rows[index] = rows[index][:column] + char + rows[index][column:]
        surely_bad = char not in LEVEL_SYMBOLS + " \t\r\n"
    if kind == "bad budget":
        lines[1] = draw(st.sampled_from(BAD_BUDGETS))
    elif kind == "any budget":
        lines[1] = draw(st.text(st.characters(exclude_characters="\r\n"), max_size=8))
        surely_bad = False
    elif kind == "no budget":
        lines = [lines[0], *rows]  # the first row is read as the budget
    elif kind == "no grid":
        lines = lines[:2]
    elif kind == "random line":
        lines.insert(draw(st.integers(0, len(lines))), draw(st.text(max_size=10)))
        surely_bad = False
    elif kind == "blank":
        return Broken(draw(st.sampled_from(("", " ", "\n", "\r\n", "\ufeff", " \n\t\n"))), True)
    else:
        lines[2:] = rows
    text = "\n".join(lines) + "\n"
    if kind == "lone carriage return":
        newlines = [index for index, char in enumerate(text) if char == "\n"]
        index = draw(st.sampled_from(newlines[:-1]))
        text = text[:index] + "\r" + text[index + 1:]
    return Broken(text, surely_bad)


def corrupted(data: bytes) -> st.SearchStrategy[bytes]:
    """`data` with a few bytes overwritten or inserted: invalid UTF-8, NUL, lone CR."""
    edits = st.lists(st.tuples(st.integers(0, max(len(data) - 1, 0)),
                               st.sampled_from((b"\x00", b"\xff", b"\xc3", b"\r", b"\xef\xbb\xbf",
                                                b"\xe2\x80\xa8", b"\n"))),
                     min_size=1, max_size=3)

    def apply(changes: list[tuple[int, bytes]]) -> bytes:
        result = data
        for index, byte in changes:
            result = result[:index] + byte + result[index + 1:]
        return result

    return edits.map(apply)


def level_bytes() -> st.SearchStrategy[bytes]:
    """Contents of a level file: well-formed, broken, corrupted, or any bytes."""
    return st.one_of(
        grids().flatmap(dressed_texts).map(str.encode),
        broken_texts().map(lambda broken: broken.text.encode("utf-8", "surrogatepass")),
        grids().flatmap(lambda grid: corrupted(grid.text().encode())),
        st.binary(max_size=120),
    )


# -- the level parser ------------------------------------------------------------------------


def check_well_formed_level(grid: Grid, data: st.DataObject) -> None:
    text = data.draw(dressed_texts(grid))
    level = parse_level(text)
    assert level.start.hero == grid.hero
    assert level.demons == grid.demons
    assert level.budget == int(grid.budget.lstrip("0") or "0")
    assert (level.height, level.width) == (len(grid.rows), len(grid.rows[0]))
    assert level.title == grid.title.strip()
    assert parse_level(format_level(level)) == level


def check_broken_level(broken: Broken) -> None:
    result = outcome(lambda: parse_level(broken.text, "broken.txt"))
    if broken.surely_bad:
        assert isinstance(result, InputError), f"accepted: {broken.text!r}"
        assert str(result).startswith("broken.txt")


def check_level_text(text: str) -> None:
    outcome(lambda: parse_level(text))


def check_level_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "level.txt")
        with open(path, "wb") as handle:
            handle.write(data)
        result = outcome(lambda: load_level(path))
        if isinstance(result, InputError):
            assert str(result).startswith(path)


level_texts = st.text(st.one_of(st.sampled_from(LEVEL_SYMBOLS + "\n\r\t0123456789-\ufeff"),
                                st.characters()), max_size=200)

test_well_formed_levels_parse, test_well_formed_levels_parse_long = fast_and_long(
    60, grid=grids(), data=st.data())(check_well_formed_level)
test_broken_levels_are_input_errors, test_broken_levels_are_input_errors_long = fast_and_long(
    150, broken=broken_texts())(check_broken_level)
test_any_level_text, test_any_level_text_long = fast_and_long(
    150, text=level_texts)(check_level_text)
test_any_level_file, test_any_level_file_long = fast_and_long(
    80, data=level_bytes())(check_level_file)


# -- plans ---------------------------------------------------------------------------------------


def letters_of(alphabet: str) -> str:
    return "".join(ALPHABETS[alphabet].values())


@st.composite
def plan_words(draw: st.DrawFn, alphabet: str) -> str:
    """Letters of `alphabet` in either case, with the separators plans may hold."""
    letters = letters_of(alphabet)
    return draw(st.text(st.sampled_from(letters + letters.upper() + " ,\n\t\r\u3000"),
                        max_size=30))


def check_plan_words(alphabet: str, data: st.DataObject) -> None:
    word = data.draw(plan_words(alphabet))
    directions = parse_plan(word, alphabet)
    assert len(directions) == sum(char.lower() in letters_of(alphabet) for char in word)


def check_plan_text(alphabet: str, text: str) -> None:
    outcome(lambda: parse_plan(text, alphabet, "plan.txt"))


alphabets = st.sampled_from(sorted(ALPHABETS))

test_plans_over_the_alphabet_parse, test_plans_over_the_alphabet_parse_long = fast_and_long(
    60, alphabet=alphabets, data=st.data())(check_plan_words)
test_any_plan_text, test_any_plan_text_long = fast_and_long(
    100, alphabet=alphabets, text=st.text(max_size=40))(check_plan_text)


pddl_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_\-]{0,8}", fullmatch=True)
ground_plan_lines = st.one_of(
    st.lists(pddl_names, min_size=1, max_size=5).map(lambda names: f"({' '.join(names)})"),
    st.one_of(st.integers(0, 99).map(str), st.just("9" * 5000)).map(
        lambda cost: f"; cost = {cost} (general cost)"),
    st.sampled_from(("; a comment", "# a comment", "", "  ", "\ufeff", "(", ")", "()",
                     "(step", "(1a)", ";cost=0", "; cost = -1")),
    st.text(max_size=8),
)
ground_plan_texts = st.lists(ground_plan_lines, max_size=8).map("\n".join)
"""Lines of ground plans: actions, cost lines (one too long to read), comments, junk."""


def check_ground_plan_text(text: str) -> None:
    outcome(lambda: parse_ground_plan(text, "plan.txt"))
    is_ground_plan(text)


test_any_ground_plan, test_any_ground_plan_long = fast_and_long(
    100, text=ground_plan_texts)(check_ground_plan_text)


# -- schemas, facts blocks, reports ----------------------------------------------------------

A_SCHEMA = """\
step(X, Y: cell, Y')
    Precondition: at(X), next(X, Y), -wall(Y), counter(Y')  # a comment
    Effect: -at(X), at(Y)
    Cost: 2
"""
AN_INIT = "Init(helltaker(1, 2), demon(3, 1), wall(0, 0), counter(9), plusOne(1, 0))"
A_GOAL = "But(demon(X, Y), plusOne(Y, H), (helltaker(X, H) | helltaker(X, B)))"
SCHEMA_TOKENS = (
    "move", "at", "wall", "cell", "helltaker", "counter", "X", "Y", "Y'", "Z''", "(", ")", ",",
    ":", "-", "|", "Precondition", "Effect", "Cost", "Init", "But", "#", ";", "0", "1", "-1",
    "9" * 5000, "\n", "    ", "\t", "\r\n", "# note\n", "; note\n", "\ufeff", A_SCHEMA, AN_INIT,
    A_GOAL,
)
schema_texts = st.lists(st.one_of(st.sampled_from(SCHEMA_TOKENS), st.text(max_size=4)),
                        max_size=30).map(lambda tokens: "".join(
                            token if index % 3 else f" {token}"
                            for index, token in enumerate(tokens)))
markdown_texts = st.lists(st.one_of(
    st.sampled_from(("# Report", "Some prose.", "```", "", "    " + A_SCHEMA.replace(
        "\n", "\n    "), AN_INIT, A_GOAL, "Init(", "    helltaker(1, 1),", ")", "But()")),
    st.text(max_size=20)), max_size=12).map("\n".join)


def check_schema_text(text: str) -> None:
    schemas = outcome(lambda: parse_schemas(text, "model.strips"))
    if not isinstance(schemas, InputError):
        for strict in (True, False):
            outcome(lambda strict=strict: build_domain(schemas, "model.strips", strict))
    blocks = outcome(lambda: parse_facts(text, "model.strips"))
    if not isinstance(blocks, InputError):
        for block in blocks:
            if isinstance(block, InitBlock):
                check_rebuilt(block)
    for plain in (True, False):
        outcome(lambda plain=plain: parse_report(text, "model.md", plain))


def check_report_text(text: str) -> None:
    report = outcome(lambda: parse_report(text, "report.md"))
    if not isinstance(report, InputError) and report.init is not None:
        check_rebuilt(report.init)


def check_rebuilt(init: InitBlock) -> None:
    """An Init rebuilds into a level whose file reads back as the same level, or fails."""
    rebuilt = outcome(lambda: rebuild_level(init))
    if not isinstance(rebuilt, InputError):
        assert parse_level(rebuilt.text, rebuilt.level.source) == rebuilt.level


@st.composite
def init_texts(draw: st.DrawFn) -> str:
    """`Init(...)` in the report's vocabulary: places, counters and successors with mostly
    small coordinates, sometimes far-flung ones, wrong arities or names."""
    coordinate = st.one_of(st.integers(-2, 6), st.integers(-10**6, 10**6),
                           st.sampled_from((str(10**30), "9" * 5000, "x", "abc"))).map(str)
    atoms = []
    for _ in range(draw(st.integers(0, 12))):
        name = draw(st.sampled_from((*place_predicates(report_vocabulary()), "helltaker",
                                     "demon", "counter", "plusOne",
                                     "other")))
        arity = draw(st.sampled_from((0, 1, 2, 2, 2, 3)))
        arguments = ", ".join(draw(coordinate) for _ in range(arity))
        atoms.append(f"{name}({arguments})" if arity or draw(st.booleans()) else name)
    return f"Init({', '.join(atoms)})"


def check_init_text(text: str) -> None:
    blocks = outcome(lambda: parse_facts(text, "report.md"))
    if not isinstance(blocks, InputError):
        (init,) = blocks
        assert isinstance(init, InitBlock)
        check_rebuilt(init)


test_any_schema_text, test_any_schema_text_long = fast_and_long(
    150, text=schema_texts)(check_schema_text)
test_any_report, test_any_report_long = fast_and_long(
    80, text=markdown_texts)(check_report_text)
test_any_init_block, test_any_init_block_long = fast_and_long(
    100, text=init_texts())(check_init_text)


# -- what fuzzing found in the parsers, kept as examples ----------------------------------------


def test_comments_after_a_schema_header_take_linear_time() -> None:
    """Many `#` after a header once made the SCHEMA_NAME lookahead backtrack exponentially."""
    with pytest.raises(InputError, match="must be followed by"):
        parse_schemas("a() " + "#" * 200 + "\n")


@pytest.mark.parametrize(("parse", "message"), [
    (lambda: parse_level("t\n" + "9" * 5000 + "\n#HD\n", "l"),
     r"^l:2:1: budget too large: 5000 digits"),
    (lambda: parse_schemas("a()\n Precondition:\n Effect:\n Cost: " + "9" * 5000, "s"),
     r"^s:4:8: cost too large"),
    (lambda: rebuild_level(init_block("Init(helltaker(0,0), demon(1,0), counter(-5))")),
     r"^r:1:34: counter\(-5\): the budget must be non-negative"),
    (lambda: rebuild_level(init_block("Init(helltaker(0,0), demon(1,0), counter(1, 2))")),
     r"^r:1:34: counter takes 1 argument, found 2"),
    (lambda: rebuild_level(init_block("Init(helltaker(0,0), demon(10000000,0), counter(5))")),
     r"^r:1:1: Init spans 10000001 x 1 cells"),
    (lambda: rebuild_level(init_block("Init(helltaker(0,0), demon(0,0), counter(5))")),
     r"^r:1:1: no hero"),
], ids=["budget digits", "cost digits", "negative counter", "counter arity", "far demon",
        "demon on the hero"])
def test_numbers_and_sizes_past_a_limit_are_input_errors(parse: Callable[[], object],
                                                         message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse()


@pytest.mark.parametrize(("text", "message"), [
    ("t\r5\n#HD\n", "1:2: carriage return without a line feed"),
    ("t\n5\r\n#H\rD\r\n", "3:3: carriage return without a line feed"),
    ("t\n5\n#H\x0bD\n", "3:3: unknown character '\\x0b'"),
    ("t\n5\n#H\u2028D\n", "3:3: unknown character '\\u2028'"),
])
def test_lines_end_at_line_feeds_only(text: str, message: str) -> None:
    """Errors count lines as the grammar does; splitlines() also split at \\v or U+2028."""
    with pytest.raises(InputError) as error:
        parse_level(text, "l")
    assert str(error.value).startswith(f"l:{message}")


def init_block(text: str) -> InitBlock:
    (block,) = parse_facts(text, "r")
    assert isinstance(block, InitBlock)
    return block


# -- the command line ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run:
    status: int
    """What `main` returned, or argparse's exit code."""
    exited: bool
    """argparse ended the run with SystemExit."""
    out: str
    err: str


@dataclass(slots=True)
class Streams:
    out: io.StringIO = field(default_factory=io.StringIO)
    err: io.StringIO = field(default_factory=io.StringIO)
    process_err: str = ""
    """What was written on file descriptor 2, as the processes `main` starts write there."""


@contextlib.contextmanager
def _isolated(folder: Path, scratch: Path, stdin: str) -> Iterator[Streams]:
    """Run in `folder`, with `scratch` as the temporary directory of this process and of the
    processes it starts, and standard streams of our own."""
    streams = Streams()
    previous_directory, previous_tempdir = os.getcwd(), tempfile.tempdir
    with tempfile.TemporaryFile(dir=folder) as descriptor_err:
        saved_err = os.dup(2)
        os.chdir(folder)
        tempfile.tempdir = str(scratch)
        try:
            os.dup2(descriptor_err.fileno(), 2)
            with mock.patch.dict(os.environ, {"TMPDIR": str(scratch), "NO_COLOR": "1"}), \
                    mock.patch.object(sys, "stdin", io.StringIO(stdin)), \
                    contextlib.redirect_stdout(streams.out), \
                    contextlib.redirect_stderr(streams.err):
                yield streams
        finally:
            os.dup2(saved_err, 2)
            os.close(saved_err)
            os.chdir(previous_directory)
            tempfile.tempdir = previous_tempdir
            descriptor_err.seek(0)
            streams.process_err = descriptor_err.read().decode("utf-8", "replace")


def run_cli(argv: Sequence[str], folder: Path, stdin: str = "", batch: bool = False) -> Run:
    """`main(argv)` in `folder`, checked against the contract of the module docstring.

    Bad input is one line on standard error; with `batch` (several levels, each reported on
    its own) that line may come among the other levels' lines."""
    scratch = folder / ".scratch"
    scratch.mkdir(exist_ok=True)
    with _isolated(folder, scratch, stdin) as streams:
        try:
            run = Run(main(list(argv)), False, "", "")
        except SystemExit as exit_:
            assert isinstance(exit_.code, int), exit_.code
            run = Run(exit_.code, True, "", "")
    run = replace(run, out=streams.out.getvalue(), err=streams.err.getvalue())
    assert "Traceback" not in run.err + run.out + streams.process_err, \
        run.err + streams.process_err
    if run.exited:
        assert run.status in (0, 2), run
        assert run.status == 2 or run.out.startswith("usage:")
    else:
        assert isinstance(run.status, int) and run.status in (0, 1, 2, 3), run
    if run.status == 2 and not run.exited:
        if batch:
            assert any(line.startswith("helltaker: ") for line in run.err.splitlines()), run
        else:
            assert_one_line(run.err)
            assert run.err.startswith("helltaker: "), run.err
    staged = [path for path in folder.rglob(".tmp-*")]
    assert not staged, f"staging files left behind: {staged}"
    left = [path.name for path in scratch.iterdir() if path.name.startswith("helltaker-")]
    assert not left, f"temporary folders left behind: {left}"
    return run


@contextlib.contextmanager
def work_folder() -> Iterator[Path]:
    """A fresh folder per example (pytest's tmp_path is one per test, not per example)."""
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        yield Path(folder)


def write(folder: Path, name: str, data: bytes | str) -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    return name


def parses(parse: Callable[[], object]) -> bool:
    return not isinstance(outcome(parse), InputError)


PLAN_FORMS = ("word", "@FILE", "-")
"""How a PLAN argument gives the plan: the key presses themselves, `@FILE`, standard input."""


def plan_argument(plan: str, form: str, folder: Path) -> str:
    """The argument that gives `plan` in `form` (writing its file); a word that would read as
    an option (`-`) or a file (`@`) goes in a file instead."""
    if form == "-":
        return "-"
    if form == "@FILE" or plan.startswith(("-", "@")):
        return "@" + write(folder, "plan.txt", plan)
    return plan


def plan_text_of(argument: str, folder: Path, stdin: str) -> str | None:
    """The plan text a PLAN argument stands for; None when it names no readable file."""
    if argument in ("-", "@-"):
        return stdin
    if not argument.startswith("@"):
        return argument
    path = folder / argument[1:]
    if argument == "@" or not path.is_file():
        return None
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None


def plan_verdict(text: str | None, alphabet: str) -> bool | None:
    """Whether the plan reads as key presses: True, False, or None for a ground plan, which
    only replaying the model can judge."""
    if text is None:
        return False
    if is_ground_plan(text):
        return None
    return parses(lambda: parse_plan(text, alphabet))


cli_plans = st.one_of(alphabets.flatmap(plan_words),
                      st.text(st.characters(exclude_characters="\x00", codec="utf-8"),
                              max_size=12))
"""Plans as a shell passes them: any text but NUL."""


def check_validate(level: bytes, plan: str, form: str, alphabet: str,
                   flags: list[str]) -> None:
    with work_folder() as folder:
        level_name = write(folder, "level.txt", level)
        argument = plan_argument(plan, form, folder)
        run = run_cli(["validate", level_name, argument, f"--alphabet={alphabet}", *flags],
                      folder, stdin=plan)
        level_good = parses(lambda: load_level(str(folder / level_name)))
        plan_good = plan_verdict(plan_text_of(argument, folder, plan), alphabet)
        if not level_good or plan_good is False:
            assert run.status == 2, run
        elif plan_good:
            assert run.status in (0, 1), run
            if "--json" in flags:
                assert json.loads(run.out)["valid"] is (run.status == 0)


test_validate, test_validate_long = fast_and_long(
    40, level=level_bytes(), plan=cli_plans, form=st.sampled_from(PLAN_FORMS),
    alphabet=alphabets,
    flags=st.lists(st.sampled_from(("--trace", "--json")), unique=True))(check_validate)


# -- solve: option values ------------------------------------------------------------------------

NUMBERS = ("0", "-5", "-0", "1", "2", "nan", "NaN", "inf", "-inf", "Infinity", "1e300", "1e309",
           "-1e309", "1e-300", "5e-324", "0.5", "30", "2147483647", str(2**31), str(2**63),
           str(10**30), "9" * 5000, "abc", "", " 7 ", "1_0", "0x10", "\u0663", "1e3", "+3")
"""Option values at and past every edge: zero, negative, not a number, infinite, huge."""
option_values = st.one_of(st.sampled_from(NUMBERS), st.integers(-10, 2**64).map(str),
                          st.floats().map(repr), st.text(max_size=4))
"""Any value, edges first."""
sound_values = st.one_of(st.integers(1, 100), st.floats(0.5, 1e9)).map(str)
"""Values every option of `solve` takes (a float only --timeout)."""


def _number(text: str, kind: type[int] | type[float]) -> int | float | None:
    """The value argparse's `type=` makes of `text`, None when it refuses it."""
    try:
        return kind(text)
    except ValueError:
        return None


def timeout_ok(text: str | None) -> bool:
    value = _number(text, float) if text is not None else 1.0
    return value is not None and math.isfinite(value) and value > 0


def budget_ok(text: str | None) -> bool:
    value = _number(text, int) if text is not None else 0
    return value is not None and value >= 0


def jobs_ok(text: str | None) -> bool:
    value = _number(text, int) if text is not None else 1
    return value is not None and value >= 1


small_grids = grids(most_columns=6, most_rows=5, most_movers=3)
"""Levels the exhaustive search settles in a moment, whatever the budget."""


def check_solve(levels: list[Grid], timeout: str | None, budget: str | None, jobs: str | None,
                flags: list[str]) -> None:
    with work_folder() as folder:
        names = [write(folder, f"level{index}.txt", grid.text())
                 for index, grid in enumerate(levels)]
        options = [f"--{name}={value}" for name, value in
                   (("timeout", timeout), ("budget", budget), ("jobs", jobs)) if value is not None]
        run = run_cli(["solve", *names, "--planner=search", *options, *flags], folder,
                      batch=True)
        if timeout_ok(timeout) and budget_ok(budget) and jobs_ok(jobs):
            assert run.status in (0, 1, 3) and not run.exited, run
        else:
            assert run.status == 2, run


test_solve_options, test_solve_options_long = fast_and_long(
    40, levels=st.lists(small_grids, min_size=1, max_size=3),
    timeout=st.none() | sound_values | option_values,
    budget=st.none() | sound_values | option_values,
    jobs=st.none() | sound_values | option_values,
    flags=st.lists(st.sampled_from(("--json", "--table", "--optimal")), unique=True).filter(
        lambda flags: not {"--json", "--table"} <= set(flags)))(check_solve)


def check_solve_pddl_plan(grid: Grid, target: str, budget: str | None) -> None:
    """`--pddl-plan` is written only for a solved level, whole, and validate reads it back."""
    with work_folder() as folder:
        level_name = write(folder, "level.txt", grid.text())
        (folder / "a directory").mkdir()
        options = [] if budget is None else [f"--budget={budget}"]
        run = run_cli(["solve", level_name, "--planner=search", f"--pddl-plan={target}",
                       *options], folder)
        plan = folder / target
        if run.status == 0:
            assert parse_ground_plan(plan.read_text("utf-8"), target).steps is not None
            assert run_cli(["validate", level_name, f"@{target}"], folder).status == 0
        else:
            assert not plan.is_file(), f"exit {run.status}, yet {target} was written"
        if target in ("a directory", "level.txt/plan.txt"):
            assert run.status in (1, 2), run


test_solve_pddl_plan, test_solve_pddl_plan_long = fast_and_long(
    10, grid=small_grids,
    target=st.sampled_from(("plan.txt", "deep/er/plan.txt", "a directory", "level.txt/plan.txt")),
    budget=st.none() | st.sampled_from(("0", "1", "100", str(2**63))))(check_solve_pddl_plan)


# -- pddl: files written all or none -------------------------------------------------------------


def pddl_complete(text: str) -> bool:
    """A whole PDDL file: one balanced `(define ...)`, comments aside."""
    code = "\n".join(line.split(";", 1)[0] for line in text.splitlines())
    depth = 0
    for char in code:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return code.lstrip().startswith("(define") and depth == 0


def check_pddl(levels: list[bytes], same_names: bool, output: str, flags: list[str]) -> None:
    with work_folder() as folder:
        names = [write(folder, f"{index}/level.txt" if same_names else f"level{index}.txt", data)
                 for index, data in enumerate(levels)]
        write(folder, "file.txt", "not a directory")
        before = set(folder.rglob("*.pddl"))
        run = run_cli(["pddl", *names, f"--output={output}", *flags], folder)
        written = set(folder.rglob("*.pddl")) - before
        for path in written:
            assert pddl_complete(path.read_text("utf-8")), path
        if run.status == 0:
            assert len(written) == (2 if len(levels) == 1 else len(levels) + 1), written
            assert all(parses(lambda name=name: load_level(str(folder / name))) for name in names)
        else:
            assert not written, f"exit {run.status} but {written} written"
        if output.startswith("file.txt") or flags == ["--action-costs"] or not all(
                parses(lambda name=name: load_level(str(folder / name))) for name in names):
            assert run.status == 2, run


test_pddl_output, test_pddl_output_long = fast_and_long(
    10, levels=st.lists(st.one_of(*[small_grids.map(lambda grid: grid.text().encode())] * 3,
                                  level_bytes()), min_size=1, max_size=2),
    same_names=st.booleans(),
    output=st.sampled_from((".", "out", "out/nested/deeper", "file.txt", "file.txt/below")),
    flags=st.lists(st.sampled_from(("--strips", "--action-costs")), unique=True))(check_pddl)


# -- show: the terminal replay and picture files ------------------------------------------------


def check_show_terminal(level: bytes, plan: str | None, form: str, alphabet: str,
                        flags: list[str]) -> None:
    with work_folder() as folder:
        level_name = write(folder, "level.txt", level)
        argument = None if plan is None else plan_argument(plan, form, folder)
        plan_option = [] if argument is None else [f"--plan={argument}"]
        run = run_cli(["show", level_name, *plan_option, f"--alphabet={alphabet}", *flags],
                      folder, stdin=plan or "")
        level_good = parses(lambda: load_level(str(folder / level_name)))
        plan_good = True if argument is None else plan_verdict(
            plan_text_of(argument, folder, plan or ""), alphabet)
        if "--step" in flags and argument == "-":
            plan_good = False  # --step reads Enter from the standard input the plan takes
        if not level_good or plan_good is False:
            assert run.status == 2, run
        elif plan_good:
            assert run.status in (0, 1), run


test_show_terminal, test_show_terminal_long = fast_and_long(
    25, level=level_bytes(), plan=st.none() | cli_plans, form=st.sampled_from(PLAN_FORMS),
    alphabet=alphabets,
    flags=st.lists(st.sampled_from(("--color=always", "--color=never", "--step")),
                   unique=True, max_size=1))(check_show_terminal)


def svg_complete(data: bytes) -> bool:
    return ElementTree.fromstring(data).tag.endswith("svg")


def check_show_svg(grid: Grid, plan: str, alphabet: str, target: str, html: str | None) -> None:
    with work_folder() as folder:
        level_name = write(folder, "level.txt", grid.text())
        (folder / "a directory").mkdir()
        extra = [] if html is None else [f"--html={html}"]
        run = run_cli(["show", level_name, f"--plan={plan}", f"--alphabet={alphabet}",
                       f"--svg={target}", *extra], folder)
        svg = folder / target
        if run.status in (0, 1):
            assert svg_complete(svg.read_bytes())
            assert html is None or (folder / html).read_text("utf-8").rstrip().endswith(
                "</html>")
        else:
            assert run.status == 2, run
            assert not svg.is_file(), "an error, yet the SVG was written"
            assert html is None or not (folder / html).is_file()


test_show_svg, test_show_svg_long = fast_and_long(
    10, grid=grids(most_columns=6, most_rows=5), plan=alphabets.flatmap(plan_words),
    alphabet=alphabets,
    target=st.sampled_from(("out.svg", "deep/er/out.svg", "a directory", "level.txt/x.svg")),
    html=st.none() | st.sampled_from(("out.html", "out.svg", "a directory")))(check_show_svg)


# -- any argument list -------------------------------------------------------------------------

ARGUMENT_TOKENS: dict[str, tuple[str, ...]] = {
    "validate": ("level.txt", "broken.txt", "missing.txt", "a directory", "@plan.txt", "@",
                 "@missing.txt", "@a directory", "plan.txt", "rrrr", "x", "--trace", "--json",
                 "--alphabet", "fr", "en", "de", "-", "--"),
    "solve": ("level.txt", "broken.txt", "missing.txt", "--timeout", "--budget", "--jobs",
              "--memory-limit", "4G", "500M", "1K", "--json", "--table", "--optimal",
              "--pddl-plan", "plan.out",
              "--alphabet", "fr", *NUMBERS[:20]),
    "pddl": ("level.txt", "broken.txt", "missing.txt", "-o", "--output", "out", "level.txt",
             "a directory", "--strips", "--action-costs"),
    "show": ("level.txt", "broken.txt", "--plan", "rrrr", "@plan.txt", "-", "--solve", "--step",
             "--timeout", "1", "nan", "--color", "never", "--svg", "--html", "--png",
             "out.svg", "out.html", "out.png", "a directory"),
}
"""Options and values each command takes, to be shuffled into argument lists."""
COMMON_TOKENS = ("--help", "-h", "--hel", "--no-such-option", "", "\u00e9", "@plan.txt")


@st.composite
def argument_lists(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from((*ARGUMENT_TOKENS, "no-such-command")))
    pool = ARGUMENT_TOKENS.get(command, ()) + COMMON_TOKENS
    tokens = draw(st.lists(st.one_of(st.sampled_from(pool), st.text(max_size=6).filter(
        lambda token: "\x00" not in token)), max_size=8))
    # The default planner is Fast Downward: keep runs to the in-process search.
    planner = ["--planner=search"] if command in ("solve", "show") else []
    return [command, *tokens, *planner]


def check_any_arguments(argv: list[str], level: Grid, broken: Broken) -> None:
    with work_folder() as folder:
        write(folder, "level.txt", level.text())
        write(folder, "broken.txt", broken.text)
        write(folder, "plan.txt", "rrrr")
        (folder / "a directory").mkdir()
        run = run_cli(argv, folder, stdin="dd", batch=argv[0] == "solve")
        for name in ("out.svg", "out.html", "out.png"):
            if (folder / name).is_file():
                assert run.status in (0, 1), run
        if (folder / "out.svg").is_file():
            assert svg_complete((folder / "out.svg").read_bytes())
        for path in folder.rglob("*.pddl"):
            assert pddl_complete(path.read_text("utf-8")), path
        if (folder / "plan.out").is_file():
            parse_ground_plan((folder / "plan.out").read_text("utf-8"))


test_any_arguments, test_any_arguments_long = fast_and_long(
    40, argv=argument_lists(), level=small_grids, broken=broken_texts())(check_any_arguments)


# -- generate (runs Fast Downward) ---------------------------------------------------------------

SIZES = ("4", "5", "6", "3", "0", "-4", "abc", "", "1e3", "4.0")
COUNTS = ("0", "1", "2", "-1", "40", "x", str(2**63))
WALL_SHARES = ("0", "0.1", "0.5", "0.99", "1", "-0.1", "nan", "inf", "-inf", "1e300", "x")
# Sizes past a few cells are left out on purpose: nothing bounds them (the layout alone of
# --width 100000 --height 100000 would take the machine's memory).
sizes = st.one_of(st.sampled_from(("4", "5", "6")), st.sampled_from(SIZES))


def check_generate(width: str, height: str, counts: dict[str, str], walls: str, seed: str,
                   key: bool, to_file: bool) -> None:
    with work_folder() as folder:
        options = [f"--{name}={value}" for name, value in counts.items()]
        options += ["--key"] if key else []
        options += ["--output=out/level.txt"] if to_file else []
        run = run_cli(["generate", f"--width={width}", f"--height={height}", f"--walls={walls}",
                       f"--seed={seed}", *options], folder)
        target = folder / "out" / "level.txt"
        if run.status == 0:
            text = target.read_text("utf-8") if to_file else run.out
            level = parse_level(text)
            assert (level.width, level.height) == (int(width), int(height))
        else:
            assert not target.exists()
        share = _number(walls, float)
        if share is None or not 0 <= share < 1:
            assert run.status == 2, run


test_generate, test_generate_long = fast_and_long(
    8, width=sizes, height=sizes,
    counts=st.dictionaries(st.sampled_from(("boulders", "skeletons", "spikes", "traps",
                                            "slack")), st.sampled_from(COUNTS), max_size=2),
    walls=st.sampled_from(("0", "0.2")) | st.sampled_from(WALL_SHARES),
    seed=st.integers(-10, 10).map(str) | st.sampled_from((str(2**63), "x", "")),
    key=st.booleans(),
    to_file=st.booleans())(pytest.mark.planner(check_generate))
