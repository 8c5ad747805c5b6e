"""Solve times the seed reports published, measured on their authors' laptops (not here).

Sources, in ../shared/seeds/: seed 000 (Python state-space search and ASP, table "MAP
LEVELS"), seeds 002 and 003 (ASP with clingo and SAT with Glucose4, on an AMD Ryzen 7 4700U
laptop). Levels a method did not solve are absent.
"""

from __future__ import annotations

from typing import Final

PUBLISHED: Final[dict[str, dict[str, float]]] = {
    "ASP (seeds 002/003)": {"level1": 0.717, "level2": 0.750, "level3": 2.082, "level4": 0.771,
                            "level5": 0.662, "level6": 15.219, "level7": 7.317, "level8": 0.121,
                            "level9": 4.100},
    "SAT (seeds 002/003)": {"level1": 3.621, "level2": 2.108, "level3": 2.731, "level4": 2.384,
                            "level5": 1.675, "level6": 11.511, "level7": 3.467, "level8": 6.221,
                            "level9": 11.176},
    "Python (seed 000)": {"level1": 0.13, "level2": 0.025, "level3": 0.17, "level4": 2.4,
                          "level5": 0.43, "level6": 8.5, "level7": 4.3, "level8": 0.006,
                          "level9": 310.0},
}


def published_for(level_name: str) -> dict[str, float]:
    return {method: times[level_name] for method, times in PUBLISHED.items()
            if level_name in times}
