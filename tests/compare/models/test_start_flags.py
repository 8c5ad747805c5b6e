"""Flags a model written without negated flags needs true when a level starts
(translator/compare/models/start_flags.py), known by what the actions do under any names: a
flag no action adds that some action needs or deletes (`nokey`, `playing`), and the complement
of a flag the game starts without (`even` beside the parity flag `odd`)."""

from __future__ import annotations

import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.vocabulary import Vocabulary, parse_vocabulary
from strips_model.schema import parse_schemas
from translator.compare.models.start_flags import true_at_start

MODEL = """
tk(X, Y)
    Precondition: hr(X, Y), kq, ev
    Effect: hr(X, Y), -kq, hk, -ev, od
bp(X, Y)
    Precondition: hr(X, Y), kq, od, pl
    Effect: hr(X, Y), ev, -od, dm
op(X, Y)
    Precondition: hr(X, Y), hk, ev, dm
    Effect: hr(X, Y), -ev, od, -dm, -pl
"""
"""`kq` deleted with the key taken and never added: true at the start; `ev` swapped with the
parity flag `od`: true; `pl` needed and deleted by the last move, never added: true; `dm`
added by one action and deleted by another: false, as the key held `hk` and `od` are."""


def _words(parity: str, key: str) -> Vocabulary:
    return parse_vocabulary(f'name = "v"\n[roles]\nhero = "hr"\nhas_key = "{key}"\n'
                            f'trap_parity = "{parity}"\n', "v.toml")


def test_the_flags_that_start_true_are_told_by_what_the_actions_do() -> None:
    schemas = parse_schemas(MODEL, "m.txt")
    assert true_at_start(schemas, _words("od", "hk")) == {"kq", "ev", "pl"}
    # With no parity read, `ev` and `od` are two flags both changed by actions: neither is
    # known to start true.
    words = _words("od", "hk")
    unread = replace(words, roles=tuple(p for p in words.roles if p[0] != "trap_parity"))
    assert true_at_start(schemas, unread) == {"kq", "pl"}


@settings(max_examples=10, deadline=None)
@given(letters=st.lists(st.text("bcdfghjklmnpqrstvwxz", min_size=4, max_size=4),
                        min_size=6, max_size=6, unique=True))
def test_the_flags_that_start_true_whatever_their_names(letters: list[str]) -> None:
    names = dict(zip(("kq", "ev", "pl", "dm", "hk", "od"), letters, strict=True))
    text = re.sub(r"\b[a-z]{2}\b", lambda m: names.get(m.group(0), m.group(0)), MODEL)
    schemas = parse_schemas(text, "m.txt")
    found = true_at_start(schemas, _words(names["od"], names["hk"]))
    assert found == {names["kq"], names["ev"], names["pl"]}
