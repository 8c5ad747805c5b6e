"""Blame the writer: a move blocked on a fluent an earlier action wrote wrong is mended in
that action's effects first, when the blocked precondition reads the game right elsewhere."""

from __future__ import annotations

from functools import cache

from translator.compare.check import our_model
from translator.compare.repair.candidates import Leads, single_edits
from translator.compare.repair.edits import Clause, Kind, Signature, apply_edits, local_edits
from translator.compare.repair.search import Subject, suggest
from translator.compare.repair.suspects import suspects_of
from translator.compare.repair.uses import plan_uses
from translator.compare.repair.verify import verify
from translator.compare.repair.writers import blame
from translator.compare.runs.evidence import probe_cases


@cache
def _subject() -> Subject:
    return Subject(our_model()[0], "ours", None, probe_cases())


def _mutant() -> tuple:  # type: ignore[type-arg]
    # The lock opened leaves the doomed-skeleton slot empty (-doomed(Z) for doomed(Z)): the
    # next step is blocked on doomed(D), a precondition every other step meets.
    schemas = _subject().report.schemas
    opener = next(s for s in schemas if s.name == "open_lock")
    fault = next(e for e in local_edits(opener, Signature.of(schemas))
                 if e.kind is Kind.NEGATE and e.clause is Clause.EFFECT
                 and e.before is not None and e.before.predicate == "doomed"
                 and e.before.positive)
    return apply_edits(schemas, (fault,))


def test_the_earlier_writer_of_the_blocked_fluent_is_ranked_first() -> None:
    subject, mutant = _subject(), _mutant()
    model = subject.model(mutant)
    assert not isinstance(model, str)
    failure = verify(model, subject.cases)
    assert failure is not None and failure.blocked
    case = next(c for c in subject.cases if c.name == failure.case)
    uses = plan_uses(model, subject.cases, mutant)
    blamed = blame(model, case, failure, mutant, uses)
    assert blamed.writers[:1] == ("open_lock",)
    by_name = {s.name: s for s in mutant}
    suspects = [*suspects_of((failure,), mutant)[:6], "open_lock"]
    first = single_edits([by_name[n] for n in dict.fromkeys(suspects)], Signature.of(mutant),
                         uses, failure, None, Leads(blamed=blamed), mutant)[0]
    assert (first.schema, first.clause) == ("open_lock", Clause.EFFECT)


def test_the_top_fix_mends_the_writer_not_the_reader() -> None:
    found = suggest(_subject(), _mutant(), 60.0, two_edits=False, explain=False)
    assert found.repairs and found.repairs[0].edits[0].schema == "open_lock"
