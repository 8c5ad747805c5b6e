"""The search for one complete fix is shortened only where the failures point first at more
schemas than its edits can reach (translator/compare/repair/crowding.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from translator.compare.repair.crowding import crowded, searched_for
from translator.compare.repair.verify import Failure

_NAMES = st.lists(st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,9}", fullmatch=True), min_size=1,
                  max_size=6)


def _failures(first_suspects: list[str]) -> list[Failure]:
    # Each failure also names the others after its first: only the first counts.
    return [Failure(f"case {i}", (), 1, "the model has no action", (name, *first_suspects))
            for i, name in enumerate(first_suspects)]


@given(_NAMES, st.booleans())
def test_crowded_counts_the_distinct_first_suspects(names: list[str], two_edits: bool) -> None:
    failures = _failures(names)
    reach = 2 if two_edits else 1
    assert crowded(failures, two_edits) == (len(set(names)) > reach)
    shortened = searched_for(60.0, 0.4, failures, two_edits, 5.0)
    assert shortened == (min(60.0, 5.0 + 24.0) if len(set(names)) > reach else 60.0)
    # The share 1.0 (a search of one fault alone, partial.py) is never shortened.
    assert searched_for(60.0, 1.0, failures, two_edits, 5.0) == 60.0


def test_failures_without_suspects_are_not_crowded() -> None:
    assert not crowded([Failure("the model as written", (), None, "cannot be built", ())], True)
