"""Which rules of RULES.md a model can express, decided on small probe levels.

Each rule (R-A1 to R-A5, R-E1 to R-E3) and edge case (E1 to E13) has a probe: a level of a
few cells whose best plan needs that rule, or, for E12, a plan the rule rejects. The probe is
solved twice: by the exhaustive search over the simulator (the game) and by an exhaustive
search over the model's exact view (`search_exact` in translator/compare/runs/model_run.py, the
model as written, counter included). The model expresses the rule on the probe when both find
the same least cost (or both none), the model's plan is valid in the game, and the model can
follow the game's plan key by key (translator/compare/runs/divergence.py), and is equal to the
game on every state of the probe's board (translator/compare/runs/state_space.py). Otherwise
the probe is the witness, and the report says what each side found and where the model
departs, with the shortest key presses that show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from strips_model.errors import HelltakerError
from strips_model.level import Level
from strips_model.level_file import parse_level
from strips_model.moves import format_plan, parse_plan
from strips_model.validator import validate
from translator.compare.models.protocols import ComparedModel
from translator.compare.runs.divergence import along_directions, along_steps
from translator.compare.runs.model_run import accepts, search_exact
from translator.compare.runs.state_space import compare_states
from translator.planners.exhaustive import solve_exhaustively
from translator.runtime.processes import NO_LIMITS, Limits, WorkerFailed, run_in_child

PROBE_STATES: Final = 20_000
"""States of a probe compared with the game: more than any probe board reaches."""
PROBE_SECONDS: Final = 30.0
"""The bound of the model's attempt on one probe when `--timeout` gives none: a probe of a
few cells takes seed 001's model well under a second."""

RULE_TITLES: dict[str, str] = {
    "R-A1": "bump the closed lock without the key: a wait that costs 1",
    "R-A2": "walk into the lock with the key: it opens for good",
    "R-A3": "kick a boulder: it moves to a free cell, the hero stays",
    "R-A4": "kick a skeleton: it moves, or is destroyed against an obstacle",
    "R-A5": "step, taking the key on the key cell (which stays a floor cell)",
    "R-E1": "every trap flips after every action",
    "R-E2": "skeletons on spikes or on a raised trap are destroyed",
    "R-E3": "damage: +1 when the hero ends on spikes or a raised trap",
    "E1": "skeleton kicked onto static spikes: destroyed in the same action",
    "E2": "skeleton kicked onto a trap raised after the toggle: destroyed at once",
    "E3": "skeleton kicked onto a trap lowered after the toggle: dies after the next action",
    "E4": "skeleton kicked into another skeleton: destroyed",
    "E5": "skeleton kicked into the closed lock or a demon: destroyed",
    "E6": "skeleton kicked onto the key cell: it moves, the key can still be taken",
    "E7": "boulder kicked onto the key cell: it moves there",
    "E8": "boulder kicked onto spikes, a trap or the opened lock cell: it moves there",
    "E9": "boulder kicked toward an obstacle: it stays, the action costs 1 (a wait)",
    "E10": "kicking while standing on spikes costs 2",
    "E11": "damage does not toggle the traps again",
    "E12": "goal reached before the last letter: the plan is rejected",
    "E13": "a plan that spends more than the budget is rejected",
}


@dataclass(frozen=True, slots=True)
class Probe:
    situation: str
    grid: tuple[str, ...]
    budget: int
    plan: str | None = None
    """For a plan probe (E12): the key presses to judge, instead of solving."""

    def level(self) -> Level:
        text = "\n".join(self.grid)
        return parse_level(f"probe: {self.situation}\n{self.budget}\n{text}\n", "<probe>")


_STUCK_SKELETON = Probe("a skeleton kicked onto a trap that is up after the toggle",
                        ("#######", "#HMT D#", "#######"), 5)

PROBES: dict[str, tuple[Probe, ...]] = {
    "R-A1": (Probe("the lock bumped once to put two traps in phase",
                   ("######", "#  T #", "#H# T#", "#L #D#", "######"), 6),),
    "R-A2": (Probe("the key fetched, then the lock opened on the way to the demon",
                   ("#######", "#KH LD#", "#######"), 4),),
    "R-A3": (Probe("a boulder kicked twice along a corridor",
                   ("######", "#HB  #", "### D#", "######"), 5),),
    # The plan crushes a skeleton against a boulder; crushing the other against the wall
    # first (a wait) puts the same kick after an odd number of actions, within the budget.
    "R-A4": (Probe("a skeleton crushed against a boulder, before or after another one "
                   "against a wall", ("#####", "#M###", "#HMB#", "##D##", "#####"), 2),),
    "R-A5": (Probe("the key cell on the only way to the demon, in a level without a lock",
                   ("######", "#HK D#", "######"), 2),
             Probe("the key taken, then its cell crossed again", ("#######", "#HK  D#",
                   "#L#####", "#######"), 5, plan="rlrrr")),
    "R-E1": (Probe("three traps, all toggling", ("########", "#HTTT D#", "########"), 6),),
    "R-E2": (_STUCK_SKELETON,),
    "R-E3": (Probe("a step onto spikes", ("#####", "#HSD#", "#####"), 2),),
    "E1": (Probe("a skeleton kicked onto spikes", ("#######", "#HMS D#", "#######"), 5),),
    "E2": (_STUCK_SKELETON,),
    "E3": (Probe("a skeleton kicked onto a trap that is down after the toggle",
                 ("#######", "#HMU D#", "#######"), 4),),
    "E4": (Probe("a skeleton kicked into another one",
                 ("######", "#HMM #", "###D##", "######"), 4),),
    "E5": (Probe("a skeleton kicked into the demon", ("#####", "#HMD#", "#####"), 2),),
    "E6": (Probe("a skeleton kicked onto the key cell, crushed off it, then the key taken",
                 ("######", "#HMK#", "###L#", "###D#", "######"), 5),),
    "E7": (Probe("a boulder kicked over the key cell, then the key taken",
                 ("#########", "#L HBK  #", "#D#######"), 8),),
    "E8": (Probe("a boulder kicked onto the opened lock cell",
                 ("######", "#KHL #", "###B #", "#D   #", "######"), 9, plan="lrrrddlul"),),
    "E9": (Probe("a boulder kicked against a wall as a wait, to put two traps in phase",
                 ("#######", "## T T#", "#H B#D#", "#######"), 6),),
    "E10": (Probe("a boulder kicked twice while the hero stands on spikes",
                  ("#######", "#HSB  #", "####D##", "#######"), 7),),
    "E11": (Probe("spikes, then a trap whose phase the damage must not change",
                  ("######", "#HSTD#", "######"), 3),),
    "E12": (Probe("a plan that walks on after reaching the goal",
                  ("######", "#H  D#", "######"), 4, plan="rrlr"),),
    "E13": (Probe("a corridor one move longer than the budget",
                  ("######", "#H  D#", "######"), 1),),
}


@dataclass(frozen=True, slots=True)
class ProbeResult:
    probe: Probe
    expressed: bool
    game: str
    """What the game (the simulator) makes of the probe."""
    model: str
    """What the model makes of it."""
    divergences: tuple[str, ...]
    """Where the model first departs from the game, on the game's plan and on its own."""
    not_run: str | None = None
    """Why the model could not be tried on the probe (then `expressed` is False)."""

    @property
    def verdict(self) -> str:
        if self.not_run is not None:
            return "not run"
        return "expressed" if self.expressed else "not expressed"

    def as_json(self) -> dict[str, object]:
        return {"situation": self.probe.situation, "level": "\n".join(self.probe.grid),
                "budget": self.probe.budget, "plan": self.probe.plan,
                "expressed": self.expressed, "verdict": self.verdict, "why": self.not_run,
                "game": self.game, "model": self.model, "divergences": list(self.divergences)}


@dataclass(frozen=True, slots=True)
class RuleCoverage:
    rule: str
    title: str
    probes: tuple[ProbeResult, ...]

    @property
    def expressed(self) -> bool:
        return all(result.expressed for result in self.probes)

    @property
    def witness(self) -> ProbeResult | None:
        """The first probe the model fails, if any."""
        return next((result for result in self.probes if not result.expressed), None)

    @property
    def verdict(self) -> str:
        """`expressed`, `not expressed` (a probe ran and is the witness), or `not run` (no
        probe failed that ran, but one could not be run)."""
        if self.expressed:
            return "expressed"
        ran = [result for result in self.probes if result.not_run is None]
        return "not expressed" if any(not result.expressed for result in ran) else "not run"

    @property
    def why(self) -> str | None:
        """What kept the rule's probe from running, for a rule `not run`."""
        if self.verdict != "not run":
            return None
        return next(result.not_run for result in self.probes if result.not_run is not None)

    def as_json(self) -> dict[str, object]:
        witness = self.witness
        return {"rule": self.rule, "title": self.title, "expressed": self.expressed,
                "verdict": self.verdict, "why": self.why,
                "witness": witness.as_json() if witness is not None else None,
                "probes": [result.as_json() for result in self.probes]}


def check_probe(model: ComparedModel, probe: Probe) -> ProbeResult:
    level = probe.level()
    on_level = model.on(level)
    if probe.plan is not None:
        letters = parse_plan(probe.plan)
        verdict = validate(level, letters)
        taken = accepts(on_level, letters, on_level.cost_limit)
        judged = "valid" if verdict.valid else f"rejected, {verdict.reason}"
        game = f"plan {probe.plan}: {judged}"
        shown = f"plan {probe.plan}: " + ("accepted" if taken else "rejected")
        divergence = along_directions(on_level, letters)
        found = (f"on that plan, {divergence}",) if divergence is not None else ()
        return ProbeResult(probe, verdict.valid == taken, game, shown, found)
    reference = solve_exhaustively(level, probe.budget)
    found_plan = search_exact(on_level, on_level.cost_limit)
    if reference.plan is None:
        game = f"no plan within the budget {probe.budget}"
    else:
        game = f"least cost {reference.cost}, plan {format_plan(reference.plan) or '(empty)'}"
    divergences: list[str] = []
    if reference.plan is not None:
        theirs = along_directions(on_level, reference.plan)
        if theirs is not None:
            divergences.append(f"on the game's plan, {theirs}")
    model_valid = True
    if found_plan.plan is None:
        shown = f"no plan (exhaustive search, at most {on_level.cost_limit} spent)"
    else:
        letters = tuple(d for d in map(on_level.direction, found_plan.plan) if d is not None)
        replay = validate(level, letters)
        model_valid = replay.valid
        shown = (f"least cost {found_plan.cost}, plan {format_plan(letters) or '(empty)'}, "
                 + (f"valid in the game (cost {replay.cost})" if replay.valid
                    else f"invalid in the game: {replay.reason}"))
        mine = along_steps(on_level, found_plan.plan)
        if mine is not None:
            divergences.append(f"on its own plan, {mine}")
    # Every state of the probe's board, not only the plans: a probe is a few cells.
    checked = compare_states(on_level, PROBE_STATES)
    if checked.divergence is not None:
        divergences.append(f"{checked.where}, {checked.divergence}")
    expressed = found_plan.cost == reference.cost and model_valid and not divergences
    return ProbeResult(probe, expressed, game, shown, tuple(divergences))


def bounded_probe(model: ComparedModel, probe: Probe, limits: Limits = NO_LIMITS
                  ) -> ProbeResult:
    """`check_probe` in a forked child under `limits` (`PROBE_SECONDS` when they set no
    time): a probe the model cannot be tried on, or whose search passes the bound, is
    `not run` with the reason instead of failing the comparison."""
    bound = Limits(limits.seconds if limits.seconds is not None else PROBE_SECONDS,
                   limits.memory)
    try:
        return run_in_child(f"the compared model on the probe {probe.situation!r}",
                            _probe_here, (model, probe), bound)
    except WorkerFailed as failure:
        return ProbeResult(probe, False, "not compared", "not run", (),
                           not_run=f"its attempt on the probe failed: {failure}")


def _probe_here(task: tuple[ComparedModel, Probe]) -> ProbeResult:
    model, probe = task
    try:
        return check_probe(model, probe)
    except HelltakerError as error:
        # Caught in the child: only its one line crosses back.
        return ProbeResult(probe, False, "not compared", "not run", (),
                           not_run=f"cannot be run on the probe: {error}")


def distinct_probes() -> list[Probe]:
    """Every probe once (some rules share one), in a fixed order."""
    return list(dict.fromkeys(probe for probes in PROBES.values() for probe in probes))


def coverage(results: dict[Probe, ProbeResult]) -> tuple[RuleCoverage, ...]:
    """One verdict per rule, from the results of `check_probe` on `distinct_probes()`."""
    return tuple(RuleCoverage(rule, RULE_TITLES[rule], tuple(results[p] for p in probes))
                 for rule, probes in PROBES.items())
