"""The vocabulary read from a model's text is a hypothesis, and the game tests it.

`infer_vocabulary` reads which predicate plays which part from the schemas alone, by structure
(vocabulary/). One wrong guess (a static floor read as the key, a key the model never takes
read as spikes) would then make every level diverge for an artefact of the reading, not for a
fault of the model. So, as a careful grader reads a model charitably, the inferred reading is
tested on the levels given (those the simulator solves in a few thousand states) and the rules'
probes: the game's plan of each, replayed in the model under that reading, counts the key
presses the model follows, and at the first where it departs, the parts of what the player then
sees that it gets right (and the cost), less a seventh for each other key press, in the states
on the way, that the model allows where the game does not move (a plan never walks into a wall,
so only these tell a reading that leaves the walls unread). A level holding a part the reading
names no predicate for counts nothing, so that the readings that name every part of the game
are preferred (unnamed_parts.py). When it does not follow
them all, the readings one change away (one predicate given another part, or two predicates
swapping theirs) are tested alike, and the one under which the model follows the most of the
game is used. The names of the predicates only order readings the game cannot tell apart. What
was tried, and the score of each near reading, goes into the evidence that heads the report
(reading_scores.py). A level whose divergence another reading removes, or where the reading
writes none of a static the model's own Init writes (models/unwritten_statics.py), is asked
as a question of the reading, `not run`, never a verdict on the model.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from strips_model.level import Level
from strips_model.reports.vocabulary import ROLES, VALUES, Vocabulary
from translator.compare.models.compared import (
    UNEXPLAINED,
    ModelOrDefect,
    UnbuildableModel,
    reread,
)
from translator.compare.models.protocols import ComparedModel
from translator.compare.models.report_model import ReportModel
from translator.compare.models.unnamed_parts import named_parts
from translator.compare.models.unwritten_statics import (
    never_written,
    unwritten_questions,
    unwritten_statics,
)
from translator.compare.near_readings import near_readings
from translator.compare.reading_scores import (
    PARTS,
    ScoredReading,
    Tried,
    case_scored,
    changed_sentence,
    kept_sentence,
    overruled,
    reading_questions,
    score_reading,
    whole,
)
from translator.compare.runs.evidence import Case, probe_cases, solved_level_cases
from translator.compare.trap_phases import phases_tested
from translator.runtime.progress import tasks_unshown
from translator.runtime.workers import run_batched

LEVEL_EXPANSIONS = 5000
"""The levels given are solved by the simulator's search within this many states (the `auto`
planner's budget) for their game plans; a larger one is left out of the test."""


def tested_reading(model: ModelOrDefect, levels: Sequence[Level] = (), jobs: int = 1
                   ) -> ModelOrDefect:
    """`model` under the reading of its predicates that the game explains best on `levels`
    and the probes: its own when it follows them all, or when it was given (a vocabulary
    file) or needs none. Another reading is taken only when it follows every case the
    model's own followed to the end, leaves no more of the model's text unread, and follows
    one more case to the end, or a key press more, or as much with names that fit better;
    from it, the readings one change away are tried again (two wrong guesses, as a key lost
    to the floor it was read as, are mended one after the other), `CLIMBS` times at most."""
    if isinstance(model, UnbuildableModel) or model.words is None or not model.evidence:
        return model
    tested = solved_level_cases(levels, LEVEL_EXPANSIONS)
    cases = (*tested, *probe_cases(symmetric=False))
    most = sum(map(whole, cases))
    first = score_reading(model, model.words.roles, cases)
    if first is not None and first.explained < most:
        model, first = phases_tested(model, first, cases)
    if first is None or first.explained == most:
        return model
    # A charitable reading explains more of the game without leaving more of the text unread.
    uses = Counter(lit.predicate for schema in model.report.schemas
                   for lit in (*schema.preconditions, *schema.effects))
    read = sum(uses[name] for _, name in first.roles)
    current, chosen = first, model
    tried: Tried = [(first, model)]
    # A demon or a wall the model's own reading names is no part a better reading may drop:
    # the levels would be run without it (a goal stated on cells needs no demon), and its
    # predicate would be free to read as spikes the model never plays.
    assert model.words is not None
    parts = named_parts(model.words)
    questions: tuple[tuple[str, str], ...] = ()
    for _ in range(CLIMBS):
        step = _best_near(chosen, current, cases, uses, read, parts, len(tested), jobs)
        if step.best is None:
            tried = step.tried
            questions = reading_questions(current, step.followed, cases)
            break
        (current, chosen), tried = step.best, step.tried
        if current.explained == most:
            break
    total = most // PARTS
    if current is first:
        taken = _with_evidence(model, kept_sentence(first, tried, total))
    else:
        taken = _with_evidence(chosen, changed_sentence(first, current, tried, total),
                               tuple(sorted(set(first.roles) - set(current.roles))))
    if current.explained < PARTS:
        taken = _unexplained(taken, total, cases)
    return _asked(taken, questions, levels)


def _unexplained(model: ModelOrDefect, total: int, cases: Sequence[Case]) -> ModelOrDefect:
    """`model` not run at all when its best reading follows not one key press of the game's
    plans and leaves out what its moves require: whatever its levels, probes and boards then
    show is the reading's (our own PDDL domain under random names, misread, was judged to
    depart from the game on 20 of 21 rules; fresh model E, whose own Init writes statics no
    role reads, on 20 too). What is left out is, with an Init of its own, what that Init
    writes and the reading does not (unwritten_statics.py); without one (a domain), what the
    reading writes on no level. A model read whole that follows nothing (every move needing
    a flag never raised), or whose Init leaves out what its moves need, keeps its verdicts:
    that fault is its own. Its fault, if it has one, shows once a vocabulary file names its
    parts."""
    if not isinstance(model, ReportModel) or not cases:
        return model
    level = cases[0].level
    if model.report.init is not None:
        own = unwritten_statics(model, level)
        unread = ", ".join(f"{name} ({count} atom{'s' if count > 1 else ''})"
                           for name, count in own)
        said = f"the model's own Init writes {unread}, which its moves require"
    else:
        unread = ", ".join(never_written(model, level))
        said = f"its moves require {unread}"
    if not unread:
        return model
    return UnbuildableModel(
        model.report, model.label, model.words,
        f"under the reading inferred and every reading one change away, it follows none of "
        f"the {total} key presses of the game's plans on the levels and probes, and {said}, "
        "which this reading writes on no level: name the part each plays in a vocabulary "
        "file (--vocabulary-out drafts it) and pass it with --vocabulary, unless no role "
        "names it yet (a static derived from several parts, as the cells that hurt on an "
        "even turn; a parity written as a value, `phase(even)` swapped with `phase(odd)`)",
        model.evidence, model.left_out, cause=UNEXPLAINED)


def _asked(model: ModelOrDefect, questions: tuple[tuple[str, str], ...],
           levels: Sequence[Level]) -> ModelOrDefect:
    """`model`, just built, with the levels whose divergence is a question of its reading:
    another reading follows it (`questions`), or the reading writes none of a static its own
    Init writes (unwritten_statics.py)."""
    if isinstance(model, ReportModel):
        model.reading_questions = unwritten_questions(model, levels, questions)
    return model


CLIMBS = 3
"""How many times a reading the game prefers is itself changed once more, at most."""


@dataclass(frozen=True, slots=True)
class _Step:
    """The readings one change away from the current one, tried."""

    best: tuple[ScoredReading, ComparedModel] | None
    """The one the game prefers, with the model under it; None when none is preferred."""
    tried: Tried
    followed: tuple[tuple[tuple[tuple[str, str], ...], frozenset[int]], ...]
    """Each reading that reads as much of the text, with the levels (case indices) whose
    game plan it follows to the end where the current reading does not."""


def _best_near(model: ComparedModel, current: ScoredReading, cases: tuple[Case, ...],
               uses: Counter[str], read: int, parts: frozenset[str], levels: int,
               jobs: int) -> _Step:
    """The readings one change away from `model`'s (scored `current`); the first `levels`
    cases are levels. They are scored in two runs per core of `jobs` (a fork each), and read
    back in a fixed order: the step is the one one core takes."""
    assert model.words is not None
    tried: Tried = [(current, model)]
    followed = []
    open_levels = frozenset(range(levels)) - current.agreed
    near = list(near_readings(model, model.words))
    scored = partial(_near_scored, model, cases, current.agreed, parts,
                     open_levels, read, uses)
    with tasks_unshown():  # the readings are one step of the set-up, not tasks of the run
        for roles, found, agreed in run_batched(scored, near, jobs, 2 * jobs):
            if found is not None:
                tried.append((found, None))
            if agreed is not None:
                followed.append((roles, agreed))
    best, chosen = max(((t, m) for t, m in tried if sum(uses[n] for _, n in t.roles) >= read),
                       key=lambda pair: pair[0].rank)
    if best is current or not (best.agreed > current.agreed or best.score == current.score
                               or best.score >= current.score + PARTS):
        return _Step(None, tried, tuple(followed))
    # Scored in a worker: the model read so is built again here (a reading builds alike).
    built = chosen if chosen is not None else _reread(model, best.roles)
    assert not isinstance(built, UnbuildableModel)
    return _Step((best, built), tried, tuple(followed))


def _reread(model: ComparedModel, roles: tuple[tuple[str, str], ...]) -> ModelOrDefect:
    """`model` under another reading of its predicates."""
    assert model.words is not None
    return reread(model, replace(model.words, roles=roles, summary=_summary(roles),
                                 places=_places(model.words, roles),
                                 values=_values(model.words, roles)))


def _near_scored(model: ComparedModel, cases: tuple[Case, ...], agreed: frozenset[int],
                 parts: frozenset[str], open_levels: frozenset[int], read: int,
                 uses: Counter[str], roles: tuple[tuple[str, str], ...]
                 ) -> tuple[tuple[tuple[str, str], ...], ScoredReading | None,
                            frozenset[int] | None]:
    """A reading one change away: its score (None where it departs on a case in `agreed`,
    or cannot be built), and, for one that reads as much of the text, the open levels whose
    game plan it follows to the end (None for one that cannot be built, or reads less)."""
    other = _reread(model, roles)
    if isinstance(other, UnbuildableModel):
        return roles, None, None
    found = score_reading(other, roles, cases, agreed, parts)
    if sum(uses[n] for _, n in roles) < read:
        return roles, found, None
    # One that departs where the current one follows may still follow a level that the
    # current one does not: the divergence there is the reading's question.
    following = found.agreed if found is not None else frozenset(
        i for i in open_levels if case_scored(other, cases[i], parts)[0] == whole(cases[i]))
    return roles, found, following & open_levels


def _places(words: Vocabulary, roles: tuple[tuple[str, str], ...]) -> tuple[tuple[str, int], ...]:
    """Where each place starts among its predicate's arguments follows the predicate."""
    start = {dict(words.roles).get(role): at for role, at in words.places}
    return tuple((role, start[name]) for role, name in roles if name in start)


_STATES = {"key": ("key_lying", "key_taken"), "lock": ("lock_closed", "lock_opened")}
"""A part with a state argument: the state it starts in, then the one an action turns it to."""


def _values(words: Vocabulary, roles: tuple[tuple[str, str], ...]
            ) -> tuple[tuple[str, int | str], ...]:
    """The state values follow the predicate: one read as the key instead of the lock starts
    in the state it started in (`closed` is then the key lying)."""
    had = {name: role for role, name in words.roles}
    values = dict(words.values)
    kept = {slot: value for slot, value in values.items()
            if not any(slot in slots for slots in _STATES.values())}
    for role, name in roles:
        before = _STATES.get(had.get(name, ""))
        if role in _STATES and before is not None and all(s in values for s in before):
            kept.update(zip(_STATES[role], (values[s] for s in before), strict=True))
    return tuple(sorted(kept.items(), key=lambda pair: VALUES.index(pair[0])))


def _with_evidence(model: ComparedModel, line: str,
                   dropped: tuple[tuple[str, str], ...] = ()) -> ComparedModel:
    """`model` with `line` closing its evidence; the sentences of the inferred roles the game
    changed (`dropped`) say so, so that no line reads as the reading used."""
    if model.words is None:
        return model
    said = tuple(overruled(sentence) if any(sentence.startswith((f"{role}: {name},",
                                                                   f"{role}: {name} ("))
                                             for role, name in dropped) else sentence
                 for sentence in model.evidence)
    return reread(model, model.words, (*said, line))


def _summary(roles: tuple[tuple[str, str], ...]) -> str:
    """The vocabulary's one-line summary, as inference.py writes it: its first four roles."""
    ordered = sorted(roles, key=lambda pair: ROLES.index(pair[0]))
    return ", ".join(f"{role} {name}" for role, name in ordered[:4])
