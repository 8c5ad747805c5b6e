"""The study's difficulty grades: square levels of growing size and object density, and the
grade and name of each level of the study.

Level i belongs to grade (i - 1) mod len(GRADES), and its name is `p` and i on four digits, so
a larger study keeps every level, and every name, of a smaller one.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.random_level import Counts

SIZES = (6, 8, 10, 12)
"""Square levels, walls included: the smallest a plan must cross a few objects in, up to the
largest on which the slow planners still finish some levels within seconds."""


@dataclass(frozen=True, slots=True)
class Density:
    name: str
    cells_per_boulder: int
    cells_per_skeleton: int
    cells_per_spike: int
    cells_per_trap: int
    key: bool
    walls: float


DENSITIES = (
    Density("sparse", 16, 36, 36, 0, False, 0.10),
    Density("medium", 10, 20, 20, 36, True, 0.15),
    Density("dense", 7, 14, 14, 20, True, 0.22),
)


@dataclass(frozen=True, slots=True)
class Grade:
    number: int
    """1 for the smallest, sparsest levels, up to len(GRADES)."""
    size: int
    density: str
    counts: Counts

    @property
    def label(self) -> str:
        return f"{self.size}x{self.size} {self.density}"


def _counts(size: int, density: Density) -> Counts:
    inner = (size - 2) ** 2

    def per(cells: int) -> int:
        return 0 if cells == 0 else max(1, inner // cells)

    return Counts(per(density.cells_per_boulder), per(density.cells_per_skeleton),
                  per(density.cells_per_spike), per(density.cells_per_trap), density.key,
                  density.walls)


GRADES = tuple(Grade(number, size, density.name, _counts(size, density))
               for number, (size, density) in enumerate(
                   ((size, density) for size in SIZES for density in DENSITIES), start=1))
"""Ordered by size, then density: the order the plots read as difficulty."""


NAME_DIGITS = 4
"""Level names are `p0001`...: one width for every count up to 9999, so that a larger study
resumes from a smaller one's results (the names are the results file's keys)."""


def level_names(count: int) -> list[str]:
    width = max(NAME_DIGITS, len(str(count)))
    return [f"p{index:0{width}d}" for index in range(1, count + 1)]


def grade_of(index: int) -> Grade:
    """Level `index` (1-based): round-robin over the grades, so every count is balanced."""
    return GRADES[(index - 1) % len(GRADES)]
