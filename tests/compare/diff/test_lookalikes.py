"""A letter that looks like another is named in the diff (issue 42: a Cyrillic `е` in one
model's predicate made a difference nobody could see)."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from strips_model.reports.notation import read_model
from translator.compare.diff.lookalikes import named_lookalikes
from translator.compare.diff.schemas import diff_schemas
from translator.compare.diff.text import render_diff

LOOKALIKES = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441",
              "x": "\u0445", "y": "\u0443", "i": "\u0456"}
"""Latin letters and the Cyrillic letters fonts draw the same."""


def _model(predicate: str) -> str:
    return f"go(x)\n  Pre: {predicate}(x)\n  Eff: {predicate}(x)\n"


@given(name=st.text(alphabet="aeopcxyiklmnrt", min_size=1, max_size=10), data=st.data())
def test_a_predicate_with_a_lookalike_letter_is_told_apart_in_the_diff(
        name: str, data: st.DataObject) -> None:
    at = data.draw(st.sampled_from([i for i, c in enumerate(name) if c in LOOKALIKES] or [-1]))
    if at < 0:
        return
    forged = name[:at] + LOOKALIKES[name[at]] + name[at + 1:]
    text = render_diff(diff_schemas(read_model(_model(name), "a").schemas,
                                    read_model(_model(forged), "b").schemas))
    marked = [line for line in text.splitlines() if "[not ASCII:" in line]
    mimic = LOOKALIKES[name[at]]
    assert marked and all(line.endswith(f"[not ASCII: U+{ord(mimic):04X} "
                                        f"{unicodedata.name(mimic)}]") for line in marked)
    assert any(f"only in B: {forged}(x)" in line for line in marked)


def test_accented_latin_letters_show_themselves_and_are_not_named() -> None:
    assert named_lookalikes("precondition only in B: clé(x)") == \
        "precondition only in B: clé(x)"
    assert named_lookalikes("a\u200bb") == "a\u200bb  [not ASCII: U+200B ZERO WIDTH SPACE]"
