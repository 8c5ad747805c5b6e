"""The Python face of the toolkit: the few calls a notebook session needs.

Each call is the entry of one stage; `translator/__init__.py` exports them lazily, so that
`import translator` costs nothing until one is used. A session reads top-down:

>>> from translator import load_level, solve, validate_plan
>>> level = load_level("levels/level1.txt")
>>> (level.name, level.budget)
('level1', 23)
>>> validate_plan(level, "dlllllllddlddrruurrrrdr").valid
True

The types a session meets are exported with the calls:

>>> from translator import Level, Solution, Verdict, PddlTexts, Comparison
>>> isinstance(level, Level), Comparison.__name__
(True, 'Comparison')

docs/api.md shows the whole session, with a unified-planning engine of the user's choice.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from strips_model import level_file as level_files
from strips_model.level import Level
from strips_model.moves import Direction, format_plan, parse_plan
from strips_model.schema import helltaker_domain
from strips_model.validator import Verdict, validate
from translator.api_arguments import (
    alphabet_argument,
    count_argument,
    level_argument,
    levels_argument,
    path_argument,
    plan_argument,
    seconds_argument,
    text_argument,
)
from translator.compare.runs.state_bound import STATES
from translator.model.level_facts import level_facts
from translator.model.pddl_text import (
    MODEL_NAME,
    PddlTexts,
    helltaker_domain_text,
    problem_name,
    problem_text,
)
from translator.planners.catalogue import DEFAULT_PLANNER, SOLVE_DEFAULT, known_planner
from translator.planners.outcome import PlannerOptions
from translator.render.frames import replay
from translator.render.text import render
from translator.runtime.atomic_write import write_files_atomically
from translator.runtime.processes import Limits
from translator.solving.key_presses import key_presses as key_presses_of_steps
from translator.solving.solve import Solution, solve_level

if TYPE_CHECKING:
    from unified_planning.model import Problem
    from unified_planning.plans import SequentialPlan

    from translator.compare.comparison import Comparison

__all__ = ["Level", "PddlTexts", "Solution", "Verdict", "compare_model", "draw", "key_presses",
           "load_level", "pddl_text", "plan_text", "solve", "up_problem", "validate_plan",
           "write_pddl"]


def load_level(path: str | os.PathLike[str]) -> Level:
    """A level file in the course format (RULES.md section 1).

    >>> load_level("levels/lock_and_key.txt").budget
    14
    """
    return level_files.load_level(path_argument("path", path))


def up_problem(level: Level) -> Problem:
    """The unified-planning `Problem` of `level`: our schemas grounded on its facts, action
    costs as the quality metric. Any unified-planning engine that takes it can solve it.

    >>> problem = up_problem(load_level("levels/level1.txt"))
    >>> sorted(action.name for action in problem.actions)[:3]
    ['bump_lock_calm', 'bump_lock_hurt', 'crush_skeleton_calm']
    """
    from translator.model.model_cache import helltaker_parts
    from translator.model.up_problem import build_problem  # unified-planning: 1 s to import

    level = level_argument(level)
    return build_problem(helltaker_parts(), level_facts(level), MODEL_NAME)


def write_pddl(level: Level, folder: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write `domain.pddl` and `problem.pddl` of `level` into `folder` (created if needed),
    both or neither, as unified-planning's `PDDLWriter` writes them; return their paths.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     domain, problem = write_pddl(load_level("levels/level1.txt"), folder)
    ...     domain.read_text().startswith("(define (domain")
    True
    """
    from translator.model.model_cache import helltaker_parts
    from translator.model.pddl_writer import pddl_texts  # unified-planning, as above

    level, folder = level_argument(level), path_argument("folder", folder)
    texts = pddl_texts(helltaker_parts(), level)
    domain, problem = Path(folder, "domain.pddl"), Path(folder, "problem.pddl")
    # The level's own file is never written over (a level saved as folder/problem.pddl).
    write_files_atomically({str(domain): texts.domain.encode(),
                            str(problem): texts.problem.encode()}, [level.source])
    return domain, problem


def pddl_text(level: Level) -> PddlTexts:
    """The domain and problem text of `level` in PDDL, written straight from our schemas
    (without unified-planning); `write_pddl` writes the same task through it.

    >>> texts = pddl_text(load_level("levels/level1.txt"))
    >>> texts.domain.startswith("(define (domain"), "(problem level1)" in texts.problem
    (True, True)
    """
    facts = level_facts(level_argument(level))
    return PddlTexts(helltaker_domain_text(),
                     problem_text(helltaker_domain(), facts, problem_name(level)))


def solve(level: Level, planner: str = SOLVE_DEFAULT, *, timeout: float | None = None,
          memory_limit: int | None = None) -> Solution:
    """A plan of `level` within its budget by `planner` (`helltaker solve --help` lists them),
    decoded to key presses and replayed by the rules simulator before it is returned. An
    unknown planner is a `ValueError` (and a `HelltakerError`) naming the planners.

    >>> solution = solve(load_level("levels/level1.txt"))
    >>> solution.status.value, len(solution.plan), solution.verdict.cost
    ('solved', 23, 23)
    >>> from strips_model.errors import HelltakerError
    >>> try:
    ...     solve(load_level("levels/level1.txt"), "dijkstra")
    ... except ValueError as error:
    ...     print(isinstance(error, HelltakerError), error)
    True unknown planner 'dijkstra'; the planners are auto, fd, fd-translate, ...
    """
    level, timeout = level_argument(level), seconds_argument("timeout", timeout)
    if memory_limit is not None:
        memory_limit = count_argument("memory_limit", memory_limit, 1)
    options = PlannerOptions(level.budget, timeout, memory_limit)
    return solve_level(level, known_planner(text_argument("planner", planner)), options)


def validate_plan(level: Level, plan: str | Iterable[Direction],
                  alphabet: str = "en") -> Verdict:
    """The rules' verdict on a plan: a word over the alphabet (`en`: u d l r, `fr`: h b g d)
    or key presses.

    >>> verdict = validate_plan(load_level("levels/level1.txt"), "dddd")
    >>> verdict.valid, verdict.reason is not None
    (False, True)
    """
    level, plan, alphabet = level_argument(level), plan_argument(plan), alphabet_argument(alphabet)
    directions = parse_plan(plan, alphabet) if isinstance(plan, str) else plan
    return validate(level, directions, alphabet)


def key_presses(plan: SequentialPlan | Sequence[tuple[str, Sequence[str]]]
                ) -> tuple[Direction, ...]:
    """A plan of our model back to key presses: a unified-planning plan (what an engine's
    `solve` returns as `result.plan`), or steps `(action name, object names)` as a PDDL plan
    file lists them."""
    if hasattr(plan, "actions"):
        steps = tuple((step.action.name, tuple(str(p) for p in step.actual_parameters))
                      for step in plan.actions)
    else:
        steps = tuple((name, tuple(objects)) for name, objects in plan)
    return key_presses_of_steps(helltaker_domain(), steps)


def draw(level: Level, plan: str | Iterable[Direction] | None = None,
         alphabet: str = "en") -> str:
    """The level as terminal text (plain ASCII), and with a plan every state it goes through,
    as `helltaker show` prints them.

    >>> print(draw(load_level("levels/level1.txt")).splitlines()[0])
    Level 1 (level1), budget 23
    """
    level, alphabet = level_argument(level), alphabet_argument(alphabet)
    moves = None if plan is None else plan_argument(plan)
    directions = parse_plan(moves, alphabet) if isinstance(moves, str) else moves
    return render(replay(level, directions, alphabet))


def compare_model(model: str | os.PathLike[str], levels: Sequence[Level] = (),
                  planner: str = DEFAULT_PLANNER, *, timeout: float | None = None,
                  jobs: int = 1, states: int = STATES) -> Comparison:
    """A hand-written STRIPS model (a report, a `.strips` file) checked against the game
    next to ours: its lint, its plans on `levels` (or on the level its `Init(...)` describes)
    replayed in the rules, the model compared with the game on up to `states` reachable
    states of each level, and the rules it can express. `comparison.agrees` is the verdict;
    `comparison.as_json()` the whole of it.
    """
    from translator.compare.check import check_model  # the comparison's machinery: heavy

    path, compared = path_argument("model", model), levels_argument(levels)
    limits = Limits(seconds_argument("timeout", timeout), None)
    return check_model(path, compared, known_planner(text_argument("planner", planner)), limits,
                       count_argument("jobs", jobs, 1),
                       states=count_argument("states", states, 0))


def plan_text(directions: Iterable[Direction], alphabet: str = "en") -> str:
    """Key presses as a word: `plan_text(solution.directions)` gives `ldddll...`."""
    moves = plan_argument(directions)
    if isinstance(moves, str):
        raise TypeError("directions must be an iterable of Direction, not str")
    return format_plan(moves, alphabet_argument(alphabet))
