"""translator/runtime/derived_cache.py: a value derived from the model is made once and read
back by the processes after; changed sources, a corrupt or foreign entry and an unwritable
folder all give the value made afresh, never an error; HELLTAKER_CACHE_DIR redirects or
(empty) disables it. The model and the grammars' parsers read back are the ones made. An
entry planted to run code when read (a pickle under the right header) runs nothing; a folder
others may write, and a home folder that does not exist, keep nothing."""

from __future__ import annotations

import os
import pickle
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from lark import Lark

from strips_model import lark_front, plain_values, schema
from strips_model.derived import Derivation, derive, keep_derived_with
from strips_model.level_file import parse_level
from strips_model.schema import Domain
from translator.runtime.derived_cache import CACHE_VARIABLE, cache_folder, kept


class Counted:
    """A derivation's `make`, counting its calls."""

    def __init__(self, value: object) -> None:
        self.value = value
        self.calls = 0

    def __call__(self) -> object:
        self.calls += 1
        return self.value


def _derivation(make: Callable[[], object], sources: tuple[bytes, ...] = (b"model",),
                kind: str = "value") -> Derivation[object]:
    return Derivation(kind, sources, make, plain_values.encode, plain_values.decode)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_made_once_then_read_back_until_a_source_changes(folder: Path) -> None:
    make = Counted({"rows": (1, 2, 3)})
    assert kept(_derivation(make)) == {"rows": (1, 2, 3)}
    assert kept(_derivation(make)) == {"rows": (1, 2, 3)}
    assert make.calls == 1
    assert kept(_derivation(make, (b"model", b"changed"))) == {"rows": (1, 2, 3)}
    assert make.calls == 2
    assert os.listdir(folder) == ["value.bin"]  # replaced, not piled up


@pytest.mark.parametrize("damage", [
    lambda data: data[:-5],                      # truncated
    lambda data: data[:data.index(b"\n", 40) + 1] + b"\x00garbage",  # corrupt payload
    lambda data: b"something else entirely",     # not ours
    lambda data: b"",                            # empty
], ids=["truncated", "corrupt", "foreign", "empty"])
def test_a_damaged_entry_is_made_again(folder: Path,
                                       damage: Callable[[bytes], bytes]) -> None:
    make = Counted([1, 2])
    kept(_derivation(make))
    entry = folder / "value.bin"
    entry.write_bytes(damage(entry.read_bytes()))
    assert kept(_derivation(make)) == [1, 2]
    assert make.calls == 2
    assert kept(_derivation(make)) == [1, 2]  # and stored whole again
    assert make.calls == 2


def test_an_entry_that_is_a_folder_or_a_fifo_is_never_read(folder: Path) -> None:
    folder.mkdir()
    os.mkfifo(folder / "value.bin")  # a read would block: refused by the one reader
    make = Counted(7)
    assert kept(_derivation(make)) == 7


def test_an_unwritable_folder_keeps_nothing_and_raises_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(CACHE_VARIABLE, str(blocker / "cache"))
    make = Counted("value")
    assert kept(_derivation(make)) == "value"
    assert kept(_derivation(make)) == "value"
    assert make.calls == 2
    assert sorted(os.listdir(tmp_path)) == ["a file"]


def test_empty_variable_disables_and_unset_means_the_users_cache_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_VARIABLE, "")
    assert cache_folder() is None
    make = Counted(1)
    kept(_derivation(make))
    kept(_derivation(make))
    assert make.calls == 2
    monkeypatch.delenv(CACHE_VARIABLE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() == str(tmp_path / "helltaker")


def test_the_model_and_a_parser_read_back_are_the_ones_made(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    parse, build = schema.parse_domain, lark_front._built

    def counted_parse(text: str, source: str) -> Domain:
        made.append("domain")
        return parse(text, source)

    def counted_build(grammar: str) -> Lark:
        made.append(grammar)
        return build(grammar)

    monkeypatch.setattr(schema, "parse_domain", counted_parse)
    monkeypatch.setattr(lark_front, "_built", counted_build)
    keep_derived_with(kept)
    lark_front.grammar_parser.cache_clear()  # built by an earlier test of this process
    try:
        first = schema.helltaker_domain.__wrapped__()
        read_back = schema.helltaker_domain.__wrapped__()
        assert isinstance(read_back, Domain) and read_back == first
        for _ in range(2):
            lark_front.grammar_parser.cache_clear()
            lark_front.grammar_parser("level.lark")
        level = parse_level("t\n5\n#####\n#H D#\n#####\n", "t")  # by the parser read back
        assert level.budget == 5 and level.start.hero == (1, 1)
    finally:
        keep_derived_with(None)
        lark_front.grammar_parser.cache_clear()
    assert made == ["domain", "schema.lark", "level.lark"]
    assert sorted(os.listdir(folder)) == \
        ["domain.bin", "parser-level.lark.bin", "parser-schema.lark.bin"]


def test_without_a_keeper_every_value_is_made() -> None:
    make = Counted(3)
    assert derive(_derivation(make)) == 3
    assert derive(_derivation(make)) == 3
    assert make.calls == 2


class Planted:
    """Unpickling this touches `marker`: what a forged entry would do instead."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Path.touch, (self.marker,))


@pytest.mark.parametrize("entry", ["domain.bin", "parser-level.lark.bin"])
def test_a_planted_entry_that_would_run_code_runs_nothing(
        folder: Path, tmp_path: Path, entry: str) -> None:
    keep_derived_with(kept)
    lark_front.grammar_parser.cache_clear()
    marker = tmp_path / "ran"
    try:
        schema.helltaker_domain.__wrapped__()
        lark_front.grammar_parser("level.lark")
        stored = (folder / entry).read_bytes()
        header = stored[:stored.index(b"\n", stored.index(b"\n") + 1) + 1]
        (folder / entry).write_bytes(header + pickle.dumps(Planted(marker)))
        lark_front.grammar_parser.cache_clear()
        domain = schema.helltaker_domain.__wrapped__()
        level = parse_level("t\n5\n#####\n#H D#\n#####\n", "t")
    finally:
        keep_derived_with(None)
        lark_front.grammar_parser.cache_clear()
    assert not marker.exists()
    assert isinstance(domain, Domain) and domain.schemas
    assert level.budget == 5
    assert (folder / entry).read_bytes()[len(header):] != pickle.dumps(Planted(marker))


@pytest.mark.parametrize("others", [stat.S_IWGRP, stat.S_IWOTH], ids=["group", "others"])
def test_a_folder_others_may_write_is_not_used(folder: Path, others: int) -> None:
    folder.mkdir()
    folder.chmod(0o755 | others)
    make = Counted([1])
    assert kept(_derivation(make)) == [1]
    assert kept(_derivation(make)) == [1]
    assert make.calls == 2
    assert os.listdir(folder) == []


def test_a_missing_folder_is_made_private(folder: Path) -> None:
    kept(_derivation(Counted(1)))
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_no_folder_is_made_under_a_home_that_does_not_exist(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_VARIABLE, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "nowhere"))
    assert cache_folder() is None
    make = Counted(2)
    assert kept(_derivation(make)) == 2
    assert os.listdir(tmp_path) == []
