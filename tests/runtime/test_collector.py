"""The collector paused over a phase, and as it was after, whatever the phase does."""

from __future__ import annotations

import gc

import pytest

from translator.runtime.collector import collector_paused


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_off_inside_and_as_it_was_after(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with collector_paused():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(ZeroDivisionError), collector_paused():
            _ = 1 / 0
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_comparison_leaves_the_collector_on() -> None:
    from strips_model.level_file import parse_level
    from translator.compare.check import our_model
    from translator.compare.runs.state_space import compare_states

    level = parse_level("tiny\n3\n#####\n#H D#\n#####\n", "tiny")
    assert gc.isenabled()
    checked = compare_states(our_model()[1].on(level))
    assert checked.divergence is None and gc.isenabled()
