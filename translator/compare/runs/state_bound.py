"""How many states of a level the comparison on every reachable state (state_space.py) looks
at when none is asked for: kept apart from it so that the command line can show the default
without importing the compare stage."""

from __future__ import annotations

from typing import Final

STATES: Final = 5_000
"""States compared per level when none is asked for: classic levels 1 to 3 in full (4,096,
190 and 1,990 states); the others on their 5,000 cheapest states, said so in the claim. A
student model takes 2 to 7 s for 5,000 states on one core."""
