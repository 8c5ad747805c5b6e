"""One checker for verdicts and fixes (issue 41 item 4): a fix is verified the way a verdict is
given, by the verdict's own checkers, not a copy of them.

A complete fix (it agrees on every case's plans) is verified only when the fixed model is
equal to the game on every state of each level and probe it was judged on (state_space.py
`compare_states`, at the verdict's bound `STATES` a level: a level with more states is
compared on its first `STATES` in order of cost, as its verdict is) and on every generated
board the verdict checks (board_check.py `check_board`, every state of each of
mechanic_boards.py's boards), or, where the model still differs there as it did before (a
fault no case's plan shows), when it keeps every agreement of the model it edits on those
same states: it is then kept as the fix of the fault the cases show, that difference told,
never called equal to the game. A fix of one fault among several (partial.py) cannot be equal to
the game anywhere its other faults show; it must keep the agreement of the model it edits on
every board (kept_agreement.py, the check partial.py makes on each level) as well; one
after which every case agrees is judged as a complete fix.

Only the few fixes that passed the cases' plans come here, and each is judged cheapest first:
the probes' small boards, then the generated boards, then the levels, smallest first; the
first difference stops it, and is told in the verdict's words with its key presses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import closing, suppress
from dataclasses import dataclass, replace

from strips_model.errors import HelltakerError
from strips_model.schema import Schema
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import apply_edits
from translator.compare.repair.every_state_parts import (
    FORMER_LEVEL_STATES,
    PartOutcome,
    cheapest_first,
    part_outcomes,
    parts_of,
)
from translator.compare.repair.kept_agreement import keeps_agreement
from translator.compare.repair.search_terms import Repair, Subject
from translator.compare.runs.board_check import check_board
from translator.compare.runs.evidence import Case
from translator.compare.runs.mechanic_boards import BOARD_STATES, Board, distinct_boards
from translator.compare.runs.state_bound import STATES
from translator.compare.runs.state_space import compare_states


@dataclass(frozen=True, slots=True)
class StateVerdict:
    """A fix on every state of the levels and boards: where it first differs, if it does."""

    states: int
    """States compared, over every level and board."""
    differs: str | None
    """The level or board and the claim, with its key presses, where the fixed model differs."""
    formerly_accepted: bool = False
    """It differs only where the former verifier did not look (a generated board, or past the
    first `FORMER_LEVEL_STATES` states of a level): that verifier called it verified. Judged
    only when asked (`former`): the repair bench counts it, no user is shown it."""
    bounded: tuple[str, ...] = ()
    """The levels compared on their first `bound` states only (more are reachable): there the
    fix is "equal on the first N states", not on all."""
    at: str | None = None
    """The case or board where it first differs (`differs`)."""
    remaining: str | None = None
    """Where the fixed model still differs from the game as the model as written did (another
    fault, shown by no case's plan): the fix keeps every agreement of that model on every
    state, so it mends its own fault without being equal to the game."""


def on_every_state(subject: Subject, written: tuple[Schema, ...], repair: Repair,
                   cases: Sequence[Case], boards: Sequence[Board] | None = None,
                   bound: int = STATES, *, former: bool = False) -> StateVerdict:
    """The fixed model against the game on every state of each case's level (the cases in one
    orientation: evidence.py with `symmetric` off; a plan probe judges a plan, not states) and
    of every board (`distinct_boards` when None)."""
    return _fixed_verdict(subject.fixed(written, repair), cases, boards, bound, former=former)


def _fixed_verdict(model: ModelOrDefect, cases: Sequence[Case],
                   boards: Sequence[Board] | None = None, bound: int = STATES, jobs: int = 1,
                   *, former: bool = False) -> StateVerdict:
    if isinstance(model, UnbuildableModel):
        return StateVerdict(0, f"the fixed model cannot be built: {model.defect}")
    return equal_to_the_game(model, cases, distinct_boards() if boards is None else boards,
                             bound, jobs, former=former)


def equal_to_the_game(model: ComparedModel, cases: Sequence[Case], boards: Sequence[Board],
                      bound: int = STATES, jobs: int = 1, *, former: bool = False
                      ) -> StateVerdict:
    """`model` against the game, cheapest first (the module doc), stopping at the first
    difference; on up to `jobs` cores (every_state_parts.py)."""
    return each_equal_to_the_game((model,), cases, boards, bound, jobs, former=former)[0]


def each_equal_to_the_game(models: Sequence[ComparedModel], cases: Sequence[Case],
                           boards: Sequence[Board], bound: int = STATES, jobs: int = 1,
                           *, former: bool = False) -> list[StateVerdict]:
    """Each of `models` against the game (`equal_to_the_game`), all of them compared on
    each part in turn. `former`: a model that differs where the former verifier did not
    look is compared again as that verifier would (`formerly_accepted`), one more comparison
    of each level that the repair bench alone reads."""
    compared, bounded = [0] * len(models), [list[str]() for _ in models]
    first: dict[int, PartOutcome] = {}
    parts = parts_of(cases, boards)
    with closing(part_outcomes(models, parts, bound, jobs, first)) as outcomes:
        for each in outcomes:
            for number, outcome in enumerate(each):
                if outcome is None or number in first:
                    continue
                compared[number] += outcome.states
                bounded[number] += outcome.bounded
                if outcome.differs is not None:
                    first[number] = outcome
            if len(first) == len(models):
                break
    levels = [case for case in cases if case.judged is None]
    verdicts = []
    for number, model in enumerate(models):
        states, where = compared[number], first.get(number)
        verdicts.append(StateVerdict(states, None, bounded=tuple(bounded[number]))
                        if where is None else
                        StateVerdict(states, where.differs, former and where.unseen_before
                                     and _formerly_equal(model, levels),
                                     tuple(bounded[number]), where.at))
    return verdicts


def fixes_on_every_state(subject: Subject, written: tuple[Schema, ...],
                         repairs: Sequence[Repair], cases: Sequence[Case], jobs: int = 1,
                         *, former: bool = False) -> dict[Repair, StateVerdict]:
    """Each fixed model against the game on every state (`on_every_state`), the fixes
    compared together: each part compares all of them in one process, where a first fix and
    its alternatives share the groundings of every schema but the one each edits."""
    fixed = {repair: subject.fixed(written, repair) for repair in repairs}
    built = {repair: model for repair, model in fixed.items()
             if not isinstance(model, UnbuildableModel)}
    verdicts = dict(zip(built, each_equal_to_the_game(list(built.values()), cases,
                                                      distinct_boards(), STATES, jobs,
                                                      former=former),
                        strict=True))
    return {repair: verdicts.get(repair) or _fixed_verdict(model, cases, former=former)
            for repair, model in fixed.items()}


def _formerly_equal(model: ComparedModel, levels: Sequence[Case]) -> bool:
    """Whether the former verifier accepted `model`: equal on each level's first
    `FORMER_LEVEL_STATES` states (asked only of a fix rejected where it did not look)."""
    return all(compare_states(model.on(case.level), FORMER_LEVEL_STATES).divergence is None
               for case in levels)


def warm_boards(model: ComparedModel) -> None:
    """The model as written compared on every generated board once, inside a grounding memo
    (fixes.py `warmed_groundings`): a fix compared there then grounds anew only the schemas it
    edits (a quarter of the time on the repair bench's models)."""
    for board in distinct_boards():
        with suppress(HelltakerError):  # the fix's own comparison says why, if it must
            check_board(model, board)


def board_cases() -> tuple[Case, ...]:
    """The generated boards as cases of the evidence (their game plan unneeded: only their
    states are judged), for kept_agreement.py."""
    return tuple(Case(board.name, board.level, None, board.cost, ()) for board in
                 distinct_boards())


def fault_fix_verdict(subject: Subject, written: tuple[Schema, ...], repair: Repair,
                      cases: Sequence[Case], in_time: Callable[[], bool] = lambda: True,
                      jobs: int = 1, *, former: bool = False) -> StateVerdict:
    """A fix of one fault among several (partial.py) once found: one after which every case
    agrees is judged as a complete fix (`complete_fix_verdict`); another must keep the
    model's agreement on every board (`kept_on_boards`)."""
    if repair.still_failing == 0:
        return complete_fix_verdict(subject, written, repair, cases, in_time, jobs,
                                    former=former)
    return kept_on_boards(subject, written, repair)


def complete_fix_verdict(subject: Subject, written: tuple[Schema, ...], repair: Repair,
                         cases: Sequence[Case], in_time: Callable[[], bool] = lambda: True,
                         jobs: int = 1, first: StateVerdict | None = None,
                         *, former: bool = False) -> StateVerdict:
    """A fix after which every case agrees, on every state (`on_every_state`). Where the fixed
    model still differs from the game, the fix is rejected unless that difference was the
    model's already: a model may hold a fault no case's plan shows (only a board or a level's
    state does), and the fix of the fault the cases show is then right, though not equal to the
    game. That holds when the fixed model keeps every agreement of the model it edits on every
    state of the same levels and boards; it is then kept, with the difference left told. Past
    the bound (`in_time` false) that second check is not begun: the fix is rejected. The first
    comparison runs on up to `jobs` cores (every_state_parts.py), unless given (`first`:
    `fixes_on_every_state`). `former`: as `each_equal_to_the_game`'s."""
    if first is None:
        first = _fixed_verdict(subject.fixed(written, repair), cases, jobs=jobs, former=former)
    verdict = first
    if verdict.differs is None:
        return verdict
    if not in_time():
        return replace(verdict, differs=unequal_why(verdict.differs))
    # Built again only here, for a fix that differs: most do not.
    fixed = subject.fixed(written, repair)
    before = subject.model(apply_edits(written, repair.after))
    if not isinstance(before, UnbuildableModel) and not isinstance(fixed, UnbuildableModel):
        # Before where it differs the fixed model is the game: no agreement lost there.
        small, large = cheapest_first(cases)
        ordered = [*small, *board_cases(), *large]
        start = next((n for n, case in enumerate(ordered) if case.name == verdict.at), 0)
        with suppress(HelltakerError):  # a case that cannot be run keeps the rejection
            kept = keeps_agreement(before, fixed, ordered[start:], STATES)
            if kept.why is None:
                return replace(verdict, differs=None, remaining=verdict.differs,
                               states=verdict.states + kept.states)
    return replace(verdict, differs=unequal_why(verdict.differs))


def unequal_why(differs: str) -> str:
    """Why a fix that agrees on every case's plans is rejected, as a report says it."""
    return f"it agrees on every plan but differs from the game on a state ({differs})"


def kept_on_boards(subject: Subject, written: tuple[Schema, ...], repair: Repair
                   ) -> StateVerdict:
    """A fix of one fault among several against the model it edits (the file as written with
    the fixes of the faults before it made, `repair.after`): wherever that model is what the
    game is on a board, the fixed one must be too."""
    before = subject.model(apply_edits(written, repair.after))
    fixed = subject.fixed(written, repair)
    if isinstance(before, UnbuildableModel) or isinstance(fixed, UnbuildableModel):
        return StateVerdict(0, None)  # partial.py built both already; nothing to keep
    try:
        kept = keeps_agreement(before, fixed, board_cases(), BOARD_STATES)
    except HelltakerError as error:
        return StateVerdict(0, f"it cannot be run on a generated board: {error}", True)
    return StateVerdict(kept.states, kept.why, kept.why is not None)
