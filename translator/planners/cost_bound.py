"""Cost bounds as Fast Downward and SymK read them: exclusive, and C++ `int`s.

RULES.md F1 allows any non-negative budget. A bound past the planners' integer range cannot be
written in their configuration strings, and it cannot cut anything either (no plan the search
can represent costs that much), so it is left out: the search runs unbounded, and the plan it
returns is still validated against the real budget.
"""

from __future__ import annotations

LARGEST_BOUND = 2**31 - 2
"""The largest bound Fast Downward and SymK read: their `int`s have 32 bits, and their option
parser refuses the largest, 2^31 - 1 ("absolute value of integer constant too large"), which
they keep for infinity."""


def exclusive_bound(largest_cost: int) -> int | None:
    """The bound that admits plans of cost <= `largest_cost`; None when it cannot be written."""
    bound = largest_cost + 1
    return bound if bound <= LARGEST_BOUND else None
