"""Model, solve and check Helltaker puzzles with STRIPS and classical planners.

The Python face (translator/api.py, docs/api.md): `load_level`, `up_problem`, `write_pddl`,
`pddl_text`, `solve`, `validate_plan`, `key_presses`, `draw`, `plan_text` and `compare_model`,
and the types they give: `Level`, `Solution`, `Verdict`, `PddlTexts`, `Comparison`. They are
loaded on first use, so that the command line, which imports this package first, does not pay
for them; neither unified-planning nor numpy is loaded until a call needs it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__all__ = ["Comparison", "Level", "PddlTexts", "Solution", "Verdict", "compare_model", "draw",
           "key_presses", "load_level", "pddl_text", "plan_text", "solve", "up_problem",
           "validate_plan", "write_pddl"]

_COMPARISON = "translator.compare.comparison"
"""Where `Comparison` lives: the comparison's machinery, loaded only when it is asked for."""

if TYPE_CHECKING:
    from translator.api import (
        Level,
        PddlTexts,
        Solution,
        Verdict,
        compare_model,
        draw,
        key_presses,
        load_level,
        pddl_text,
        plan_text,
        solve,
        up_problem,
        validate_plan,
        write_pddl,
    )
    from translator.compare.comparison import Comparison


def __getattr__(name: str) -> Any:
    if name == "Comparison":
        return import_module(_COMPARISON).Comparison
    if name in __all__:
        return getattr(import_module("translator.api"), name)
    raise AttributeError(f"module 'translator' has no attribute {name!r}")
