"""What `helltaker solve` writes for each level, in one of three forms: a JSON record per level
(--json), a table printed at the end (--table), or the plan on standard output with a line on
standard error; and each level's record appended to --results.

The table's par column is the level's optimum within its budget: the solution's own cost when
its planner proved it optimal, no par when it proved the level unsolvable within the budget,
and the exhaustive search's answer only for a level its planner gave no answer for.
"""

from __future__ import annotations

import argparse
import json
import sys

from strips_model.errors import HelltakerError, InputError, shown_name
from strips_model.level import Level
from strips_model.moves import format_plan
from translator.cli.exit_codes import ExitCode, exit_code_of
from translator.planners.outcome import FAILURES, PlannerOptions, Status
from translator.runtime.output import print_out
from translator.runtime.results_file import ResultsFile
from translator.runtime.terminal import print_table
from translator.solving.solve import Solution, solve_level

RESULTS_KEY = ("level", "planner", "budget")
"""What identifies a level's record in --results, for the resume."""

TABLE_HEADER = ("level", "budget", "cost", "par", "plan", "seconds")


class SolveOutput:
    """The output of one `helltaker solve` run over `level_count` levels."""

    def __init__(self, args: argparse.Namespace, level_count: int,
                 results: ResultsFile | None, memory: int | None) -> None:
        self.args = args
        self.level_count = level_count
        self.results = results
        self.memory = memory
        """The memory limit of an exhaustive search for a table's par."""
        self.rows: dict[int, tuple[str, ...]] = {}
        """--table: each level's row, by its position on the command line."""

    def bad_level(self, path: str, error: InputError, position: int) -> ExitCode:
        """A level file that cannot be read."""
        self._error(path, None, str(error), f"helltaker: {error}",
                    (path, "-", "-", "-", Status.ERROR.value, "-"), position)
        return exit_code_of(error)

    def failed_task(self, level: Level, error: BaseException, position: int) -> ExitCode:
        """A task that gave no solution (its worker died, Dask lost it): that level's error
        record, with the reason on one line."""
        lines = str(error).strip().splitlines()
        message = lines[0] if lines else type(error).__name__
        self._error(level.source, level.budget, message, f"{shown_name(level.source)}: {message}",
                    (level.name, str(level.budget), "-", "-", Status.ERROR.value, "-"),
                    position)
        return exit_code_of(error) if isinstance(error, HelltakerError) else ExitCode.RUN_FAILED

    def _error(self, source: str, budget: int | None, message: str, line: str,
               row: tuple[str, ...], position: int) -> None:
        """A level that has no solution to report: its error record, or a line on stderr and
        its table row."""
        record = {"level": source, "status": Status.ERROR.value, "plan": None, "cost": None,
                  "budget": budget, "optimal": False, "planner": self.args.planner,
                  "seconds": 0.0, "valid": None, "message": message}
        if self.results is not None:
            self.results.append(record)
        if self.args.json:
            print_out(json.dumps(record), flush=True)
        else:
            print(line, file=sys.stderr, flush=True)
            if self.args.table:
                self.rows[position] = row

    def solution(self, level: Level, solution: Solution, position: int) -> ExitCode:
        """Print one level's result (or keep its table row); return its exit status."""
        args = self.args
        outcome, verdict, status = solution.outcome, solution.verdict, solution.status
        message = _failure_message(solution)
        if status is Status.INVALID and not args.json:
            # A plan the rules reject is a planner (or model) failure, never shown as a
            # solution.
            print(f"{shown_name(level.source)}: {message}", file=sys.stderr)
        if outcome.status in FAILURES and not args.json:
            print(f"{shown_name(level.source)}: {outcome.planner}: {outcome.status.value}",
                  file=sys.stderr)
            if outcome.log_tail:
                print(outcome.log_tail, file=sys.stderr)
        plan = (format_plan(solution.directions, args.alphabet)
                if solution.directions is not None else None)
        cost = verdict.cost if verdict is not None else None
        record = {
            "level": level.source, "status": status.value, "plan": plan, "cost": cost,
            "budget": level.budget, "optimal": outcome.optimal and status is Status.SOLVED,
            "planner": outcome.planner, "seconds": round(solution.seconds, 3),
            "valid": verdict.valid if verdict is not None else None, "message": message,
        }
        if self.results is not None:
            # Keyed by the planner's name as asked, not its configuration, for the resume.
            self.results.append({**record, "planner": args.planner})
        if args.json:
            print_out(json.dumps(record), flush=True)
        elif args.table:
            par = self._par(level, solution)
            self.rows[position] = (level.name, str(level.budget),
                                   str(cost) if cost is not None else "-",
                                   str(par) if par is not None else "-",
                                   (plan or "(empty)") if plan is not None else status.value,
                                   f"{solution.seconds:.2f}")
        elif plan is not None and status is Status.SOLVED:
            # The name escaped as in errors: one level is one line whatever it is called.
            print_out(plan if self.level_count == 1 else f"{shown_name(level.source)}\t{plan}",
                      flush=True)
            print(f"{shown_name(level.source)}: solved, cost {cost}/{level.budget}"
                  f"{' (optimal)' if outcome.optimal else ''}, {solution.seconds:.2f} s, "
                  f"{outcome.planner}", file=sys.stderr)
        elif status is Status.UNSOLVABLE:
            print(f"{shown_name(level.source)}: no plan within budget {level.budget} "
                  f"(proven by {outcome.planner})", file=sys.stderr)
            if self.level_count > 1:
                print_out(f"{shown_name(level.source)}\tunsolvable", flush=True)
        return _exit_code(solution)

    def _par(self, level: Level, solution: Solution) -> int | None:
        """The level's optimum within its budget, from the solution when it settles it."""
        if solution.status is Status.SOLVED and solution.outcome.optimal:
            assert solution.verdict is not None
            return solution.verdict.cost
        if solution.status is Status.UNSOLVABLE:
            return None
        reference = solve_level(level, "search", PlannerOptions(level.budget, self.args.timeout,
                                                                self.memory))
        return reference.verdict.cost if reference.verdict is not None else None

    def print_table(self) -> None:
        """--table: every row, in the order of the command line."""
        if self.args.table:
            print_table(TABLE_HEADER, [self.rows[position] for position in sorted(self.rows)])


def _exit_code(solution: Solution) -> ExitCode:
    if solution.status in FAILURES:
        return ExitCode.RUN_FAILED
    if solution.status is Status.UNSOLVABLE:
        return ExitCode.FAILED
    return ExitCode.OK


def _failure_message(solution: Solution) -> str | None:
    """One line saying why the run gave no valid plan; None when it did, or proved none."""
    outcome, verdict = solution.outcome, solution.verdict
    if solution.status is Status.INVALID and verdict is not None:
        return f"{outcome.planner} returned an invalid plan: {verdict.reason}"
    if outcome.status in FAILURES:
        last = outcome.log_tail.strip().splitlines()[-1:] or [outcome.status.value]
        return last[0]
    return None
