"""The files of a benchmark folder, as texts: the layout planning benchmark sets use
(domain.pddl, pNN.pddl), the levels and reference plans, the metadata table and a README."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import textwrap
from collections.abc import Sequence
from typing import Final

from strips_model.random_level import Counts
from translator.generate.generator import GENERATOR_VERSION
from translator.generate.suite import SuiteProblem, SuiteRequest
from translator.model.pddl_text import helltaker_domain_text

COLUMNS = ("name", "width", "height", "budget", "optimum", "expanded", "optimal_plans",
           "letters", "damage", "kicks", "pushes", "mechanics", "boulders", "skeletons",
           "spikes", "traps", "key", "walls", "seed", "generator_version")
"""The metadata table's columns, in order, in both the CSV and the JSON file."""

Row = dict[str, object]


def suite_files(request: SuiteRequest, problems: Sequence[SuiteProblem],
                command: str) -> dict[str, str]:
    """Every file of the folder, by path relative to it. `command` is the command line that
    makes the suite, quoted in the README."""
    files = {"domain.pddl": helltaker_domain_text()}
    for problem in problems:
        files[f"{problem.name}.pddl"] = problem.problem_pddl
        files[f"levels/{problem.name}.txt"] = problem.level_text
        files[f"plans/{problem.name}.plan"] = problem.ground_plan
        files[f"plans/{problem.name}.keys"] = "".join(problem.plan) + "\n"
    rows = [metadata_row(request.counts, problem) for problem in problems]
    files["metadata.csv"] = metadata_csv(rows)
    files["metadata.json"] = json.dumps(rows, indent=2) + "\n"
    files["README.md"] = readme_text(request, problems, command)
    return files


_SUITE_ENTRIES: Final = re.compile(
    r"(domain\.pddl|p\d+\.pddl|metadata\.csv|metadata\.json|README\.md|levels|plans"
    r"|levels/p\d+\.txt|plans/p\d+\.(plan|keys))")
"""Every path `suite_files` writes, folders included."""


def foreign_entry(folder: str) -> str | None:
    """A path in `folder` that no suite writes (the first found), or None when the folder
    holds only what a suite does: `--force` replaces such a folder, never any other."""
    for root, folders, files in os.walk(folder):
        for name in sorted(folders + files):
            relative = os.path.relpath(os.path.join(root, name), folder)
            if _SUITE_ENTRIES.fullmatch(relative.replace(os.sep, "/")) is None:
                return relative
    return None


def metadata_row(counts: Counts, problem: SuiteProblem) -> Row:
    level, measured = problem.level, problem.mechanics
    return {
        "name": problem.name, "width": level.width, "height": level.height,
        "budget": level.budget, "optimum": problem.optimum, "expanded": problem.expanded,
        "optimal_plans": _optimal_plans(problem),
        "letters": measured.letters, "damage": measured.damage, "kicks": measured.kicks,
        "pushes": measured.pushes, "mechanics": list(measured.mechanics),
        "boulders": counts.boulders, "skeletons": counts.skeletons, "spikes": counts.spikes,
        "traps": counts.traps, "key": counts.key, "walls": counts.walls,
        "seed": problem.seed, "generator_version": GENERATOR_VERSION,
    }


def _optimal_plans(problem: SuiteProblem) -> int | str | None:
    """The count, or `1000+` past the cap (a string, so a capped count is never read as
    exact)."""
    difficulty = problem.difficulty
    if difficulty is None or difficulty.optimal_plans is None:
        return None
    text = difficulty.optimal_plans_text
    return difficulty.optimal_plans if text.isdigit() else text


def metadata_csv(rows: Sequence[Row]) -> str:
    text = io.StringIO()
    # "\n" rather than the csv module's "\r\n": the folder's files all end lines alike.
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([_cell(row[column]) for column in COLUMNS])
    return text.getvalue()


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return " ".join(str(item) for item in value)  # mechanics: one word each
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _search_sentence(request: SuiteRequest) -> str:
    targets = request.targets
    if not (targets.any or request.search_steps):
        return ""
    wanted = [f"an optimal plan using {', '.join(targets.mechanics)}"] \
        if targets.mechanics else []
    wanted += [f"at least {targets.min_expanded} states expanded"] \
        if targets.min_expanded else []
    wanted += [f"an optimal cost of at least {targets.min_cost}"] if targets.min_cost else []
    wanted += [f"at most {targets.max_optimal_plans} optimal plans"] \
        if targets.max_optimal_plans is not None else []
    aim = "; ".join(wanted) or "more states expanded by the exhaustive search"
    return (f" Each sampled level was then changed by a local search of at most "
            f"{request.search_steps} steps (move, add or remove a wall, move an object), "
            f"towards: {aim}.")


def readme_text(request: SuiteRequest, problems: Sequence[SuiteProblem], command: str) -> str:
    counts = request.counts
    first = problems[0].name if problems else "p01"
    optima = [problem.optimum for problem in problems]
    spread = f"{min(optima)} to {max(optima)}" if optima else "none"
    budget = f"plus {request.slack}" if request.slack else "(tight)"
    key = "a key and a lock, " if counts.key else ""
    how = textwrap.fill(
        f"Generator `{GENERATOR_VERSION}`, suite seed {request.seed}. Each level is a walled "
        f"{request.width} x {request.height} grid with {counts.boulders} boulder(s), "
        f"{counts.skeletons} skeleton(s), {counts.spikes} spike cell(s), {counts.traps} "
        f"trap(s), {key}and a share {counts.walls} of the remaining cells as walls. Its "
        f"budget is its optimal cost {budget}; optima range from {spread}. Every level was "
        "checked, and its optimum and reference plan found, by the exhaustive A* search over "
        "the rules simulator, which shares no code with the PDDL model. The same command "
        "gives the same bytes; a single level is reproduced by `helltaker generate` with its "
        "seed (`metadata.csv`) and the same options." + _search_sentence(request), width=90)
    skipped = "".join(f"- {problem.name}: {line}\n" for problem in problems
                      for line in problem.skipped)
    if skipped:
        skipped = ("\nSeeds skipped (none of their candidate layouts solvable, or a check "
                   f"past its limits):\n\n{skipped}")
    return f"""\
# Helltaker benchmark suite

{len(problems)} generated Helltaker levels as a classical planning benchmark: one PDDL domain
with action costs (damage costs one more move) and one problem per level.

## How it was made

```
{command}
```

{how}
{skipped}
## Files

- `domain.pddl`: the domain; `pNN.pddl`: the problems.
- `levels/pNN.txt`: the levels in the course format.
- `plans/pNN.plan`: an optimal reference plan as ground PDDL actions, in Fast Downward's plan
  format (`; cost = N` last); `plans/pNN.keys`: the same plan as key presses (u d l r).
- `metadata.csv`, `metadata.json`: one row per problem: size, budget, optimum, states
  expanded by the exhaustive search, the number of optimal plans (`1000+` past 1000),
  the reference plan's letters, damage, kicks and pushes
  (kicks that move the object), the mechanics it uses (boulder, skeleton, impale = a skeleton
  killed by spikes or a trap, key, lock, spikes and trap damage), the objects requested, the
  level's seed and the generator's version.

## Running a planner

```
fast-downward.py domain.pddl {first}.pddl --search "astar(blind())"
```

An optimal plan costs the `optimum` of `metadata.csv`; the budget is not in the PDDL, so a
plan within it is one whose cost is at most `budget`. Check a plan (ground actions or key
presses) against the game rules:

```
helltaker validate levels/{first}.txt @sas_plan
helltaker validate levels/{first}.txt @plans/{first}.plan
```
"""
