"""Model, solve and check Helltaker puzzles with STRIPS and classical planners.

The Python face (translator/api.py, docs/api.md): `load_level`, `up_problem`, `write_pddl`,
`solve`, `validate_plan`, `key_presses`, `draw`, `plan_text` and `compare_model`. They are
loaded on first use, so that the command line, which imports this package first, does not pay
for them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__all__ = ["compare_model", "draw", "key_presses", "load_level", "plan_text", "solve",
           "up_problem", "validate_plan", "write_pddl"]

if TYPE_CHECKING:
    from translator.api import (
        compare_model,
        draw,
        key_presses,
        load_level,
        plan_text,
        solve,
        up_problem,
        validate_plan,
        write_pddl,
    )


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(import_module("translator.api"), name)
    raise AttributeError(f"module 'translator' has no attribute {name!r}")
