"""The class table is text whatever the models are called: a file name never becomes a link
elsewhere than its report beside the summary, nor HTML, nor a terminal escape."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from translator.compare.grading.class_grading import GradeCounts, ModelGrade, Standing
from translator.compare.grading.table import class_table

HOSTILE = st.text(st.sampled_from("ab.:/<>[]()|&\"'\x1b\x07\x9b javscript"), min_size=1,
                  max_size=30)


@settings(max_examples=60, derandomize=True)
@given(name=HOSTILE)
def test_a_model_name_stays_text_and_its_link_stays_beside_the_summary(name: str) -> None:
    grade = ModelGrade(name, Standing.DEPARTS,
                       GradeCounts("course", 3, 0, (0, 0, 0), (1, 0, 0), 2, 21))
    row = class_table([grade], {name: f"{name}.md"}).splitlines()[2]
    first = row.split(" | ")[0].removeprefix("| ")
    match = re.fullmatch(r"\[(.*)\]\((.*)\)", first.rstrip())
    assert match is not None, first
    text, target = match.groups()
    assert target.startswith("./") and ":" not in target and "/" not in target[2:]
    assert not re.search(r"(?<!\\)[\[\]]", text) and "<" not in text and ">" not in text
    assert all(ord(char) >= 0x20 and not 0x7f <= ord(char) < 0xa0 for char in row)


def test_a_javascript_name_is_a_relative_file() -> None:
    grade = ModelGrade("javascript:alert(1)", Standing.DEPARTS,
                       GradeCounts("course", 3, 0, (0, 0, 0), (1, 0, 0), 2, 21))
    table = class_table([grade], {"javascript:alert(1)": "javascript:alert(1).md"})
    assert "(./javascript%3Aalert%281%29.md)" in table
