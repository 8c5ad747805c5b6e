"""Defects of hand-written schemas, each found by a rule that any model can be held to.

Every finding names its schema and the literal concerned. The kinds, most serious first (the
order of KINDS in translator/compare/lint/findings.py, which reports follow; SEVERITIES there
says why):
- `unreadable`: a schema the reader skipped (a literal cut off, a header garbled): the model
  goes on without it;
- `contradiction`: a precondition requires an atom and its negation;
- `unbound-variable`: a variable of the effect that neither the header nor a precondition
  binds (when a static effect literal mentions it, the reading of
  strips_model/reports/schema_readings.py binds it there; otherwise it cannot be instantiated);
- `deleted-never-added`: a fluent value a schema requires and deletes without adding one
  back, where every other schema deleting that fluent adds one (a push that loses the hero);
- `arity` and `typo`: a predicate used with two numbers of arguments, or a rarely used name
  one or two letters away from a common one;
- `adds-without-delete`: an effect adds a new value of a fluent the schema requires, without
  deleting the value it requires: both hold afterwards (a second counter, a second hero);
- `same-name`: two schemas of one name that say different things;
- `negative-only-variable` and `free-variable`: a variable that no positive precondition
  binds, occurring only in negative preconditions, or a parameter occurring in effects;
- `outside-vocabulary`: a predicate of a place (two arguments, or one where a place is one
  cell term) that the model's vocabulary does not name and no action adds: a part of the
  game named two ways (`monster` beside `mob`);
- `duplicate`: a schema identical to an earlier one up to the names of its variables and the
  order of its literals;
- `unused-parameter`: a parameter of the header that no precondition or effect names (the
  readings drop it before grounding, strips_model/reports/schema_readings.py);
- `static-in-effects`: ONE summary line for static predicates that effects repeat;
- `never-required`: a fluent every schema adds that nothing requires or deletes.

Each finding also carries its pattern: the message without what is particular to one schema,
so that a report can say a defect repeated over a hundred schemas once.

The rules that read one schema at a time are in schema_rules.py, those that compare
schemas and names with one another in model_rules.py, those on how values flow
(deletes, bookkeeping, variables no positive precondition binds) in flow_rules.py;
`lint` runs them all, on whatever was read: no level, Init, goal or vocabulary is needed.
"""

from __future__ import annotations

from strips_model.reports.facts import GoalBlock, InitBlock
from strips_model.reports.reading import SkippedPart, skipped_schemas
from strips_model.reports.schema_readings import static_predicates
from strips_model.schema import Schema
from translator.compare.lint.findings import Finding
from translator.compare.lint.flow_rules import (
    deleted_never_added,
    free_variables,
    negative_only_variables,
    never_required,
)
from translator.compare.lint.model_rules import (
    arities,
    duplicates,
    outside_vocabulary,
    predicate_uses,
    same_names,
    typos,
)
from translator.compare.lint.schema_rules import (
    adds_without_delete,
    contradictions,
    static_in_effects,
    unbound_variables,
    unreadable,
    unused_parameter_findings,
)


def lint(schemas: tuple[Schema, ...], init: InitBlock | None = None,
         goal: GoalBlock | None = None, skipped: tuple[SkippedPart, ...] = (),
         vocabulary: frozenset[str] | None = None, width: int = 2,
         floors: frozenset[str] = frozenset()) -> tuple[Finding, ...]:
    """Every finding; `vocabulary`: the predicates the model's vocabulary names, when it has
    one, against which predicates of places (`width` arguments: two coordinates, or one cell
    term) are checked; `floors`, the fluents it reads as the free cells, hold on many."""
    static = static_predicates(schemas)
    findings: list[Finding] = [unreadable(part) for part in skipped_schemas(skipped)]
    for schema in schemas:
        findings += adds_without_delete(schema, static, floors)
        findings += unbound_variables(schema, static)
        findings += contradictions(schema)
        findings += negative_only_variables(schema, static)
        findings += free_variables(schema, static)
        findings += unused_parameter_findings(schema)
    findings += deleted_never_added(schemas, static)
    findings += duplicates(schemas)
    findings += same_names(schemas)
    uses = predicate_uses(schemas, init, goal)
    findings += arities(uses)
    findings += typos(uses)
    findings += static_in_effects(schemas, static)
    findings += never_required(schemas)
    if vocabulary is not None:
        findings += outside_vocabulary(schemas, vocabulary, width)
    return tuple(findings)
