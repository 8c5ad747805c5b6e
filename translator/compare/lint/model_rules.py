"""Lint rules that compare schemas with one another: copies of a schema, two schemas of one
name, and predicate names used in ways that do not agree (two arities, a rare name close to a
common one, a name the vocabulary does not know).

Each rule gives the findings of its kind (translator/compare/lint/findings.py KINDS), in the
order of the schemas and of their literals.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from strips_model.reports.comparison import OPERATORS
from strips_model.reports.facts import GoalBlock, InitBlock
from strips_model.reports.reading import written_name
from strips_model.schema import Literal, Schema
from translator.compare.lint.findings import Finding

Use = tuple[str | None, Literal]
"""A literal, with the schema it stands in (None in the Init or the goal)."""


def _canonical(schema: Schema) -> tuple[object, ...]:
    """The schema with its variables renamed by first appearance, literals in a fixed order."""

    def shape(literal: Literal, part: int) -> tuple[object, ...]:
        # Offsets are kept: `at(X, Y + 1)` and `at(X, Y - 1)` are different places. A
        # constant is a pair too, so that `mode(on)` and `mode(X)` sort side by side.
        return (part, literal.positive, literal.predicate,
                tuple(("?", t.offset) if t.is_variable else ("=", t.name) for t in literal.args))

    tagged = sorted([(shape(lit, 0), lit) for lit in schema.preconditions]
                    + [(shape(lit, 1), lit) for lit in schema.effects], key=lambda pair: pair[0])
    names: dict[str, str] = {}
    for _, literal in tagged:
        for term in literal.args:
            if term.is_variable:
                names.setdefault(term.name, f"v{len(names)}")
    for parameter in schema.parameters:
        names.setdefault(parameter.name, f"v{len(names)}")
    renamed = frozenset((key[:3] + (tuple((names[t.name], t.offset) if t.is_variable
                                          else t.name for t in literal.args),))
                        for key, literal in tagged)
    parameters = frozenset((names[p.name], p.type) for p in schema.parameters)
    return renamed, parameters, schema.cost


def duplicates(schemas: tuple[Schema, ...]) -> list[Finding]:
    """Each schema identical to an earlier one up to renaming (`_canonical`)."""
    first: dict[tuple[object, ...], Schema] = {}
    found = []
    for schema in schemas:
        key = _canonical(schema)
        if key in first:
            original = first[key]
            found.append(Finding("duplicate", schema.name, f"{schema.name}(...)",
                                 f"identical to {original.name} (line {original.position.line}) "
                                 "up to the names of its variables", schema.position,
                                 "identical to an earlier schema up to the names of its "
                                 "variables"))
        else:
            first[key] = schema
    return found


def same_names(schemas: tuple[Schema, ...]) -> list[Finding]:
    """Two schemas of one name that say different things: a copy whose name was not
    changed (seed 002's second push_block_top_on_spikes), so one direction goes missing."""
    named: dict[str, Schema] = {}
    found = []
    for schema in schemas:
        # The reader keeps both, numbered (`push_def2`): the name as written tells them.
        name = written_name(schema.name)
        original = named.setdefault(name, schema)
        if original is not schema and _canonical(original) != _canonical(schema):
            found.append(Finding(
                "same-name", name, f"{name}(...)",
                f"a second schema named {name} (the first at line "
                f"{original.position.line}) that says something else: a copy renamed "
                "incompletely?", schema.position,
                "a second schema of the same name that says something else"))
    return found


def outside_vocabulary(schemas: tuple[Schema, ...], known: frozenset[str], width: int = 2
                       ) -> list[Finding]:
    """Predicates no role of the model's vocabulary names, used as if they were one of the
    game's parts (with a place as arguments, `width` of them): a part the model names two
    ways. Where a place is one cell term, a relation of two cells (a skeleton's cell doomed
    from the hero's) is no part; nor is a fluent some action adds (a slot for the skeleton
    doomed, `doomed(C)`): the model keeps it itself, and the states compared judge it; nor a
    comparison of two numbers (`C <= L`, read as `at_most(C, L)`)."""
    uses: Counter[str] = Counter()
    where: dict[str, Literal] = {}
    kept = {e.predicate for schema in schemas for e in schema.effects if e.positive} | set(
        OPERATORS)
    for schema in schemas:
        for literal in (*schema.preconditions, *schema.effects):
            if literal.predicate not in known | kept and len(literal.args) == width:
                uses[literal.predicate] += 1
                where.setdefault(literal.predicate, literal)
    return [Finding("outside-vocabulary", None, str(where[name]),
                    f"{name} is used {count} time(s) with a place as arguments, but the "
                    f"vocabulary names no part of the game {name}", where[name].position,
                    "a predicate of a place that the vocabulary does not name")
            for name, count in sorted(uses.items())]


def _distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`."""
    rows = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        rows[i][0] = i
    for j in range(len(b) + 1):
        rows[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1,
                             rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[-1][-1]


def predicate_uses(schemas: tuple[Schema, ...], init: InitBlock | None,
                   goal: GoalBlock | None) -> list[Use]:
    """Every literal of the model, in the order of the schemas, then the Init and the goal."""
    uses: list[Use] = [
        (schema.name, lit)
        for schema in schemas for lit in (*schema.preconditions, *schema.effects)]
    if init is not None:
        uses += [(None, atom) for atom in init.atoms]
    if goal is not None:
        uses += [(None, lit) for lit in goal.conjuncts]
        uses += [(None, lit) for group in goal.disjunctions for lit in group]
    return uses


def arities(uses: list[Use]) -> list[Finding]:
    """Each use of a predicate with other than its usual number of arguments."""
    found = []
    numbers: dict[str, Counter[int]] = defaultdict(Counter)
    for _, literal in uses:
        numbers[literal.predicate][len(literal.args)] += 1
    for owner, literal in uses:
        counts = numbers[literal.predicate]
        usual, _ = counts.most_common(1)[0]
        if len(counts) > 1 and len(literal.args) != usual:
            found.append(Finding("arity", owner, str(literal),
                                 f"{literal.predicate} has {len(literal.args)} arguments here but "
                                 f"{usual} in {counts[usual]} other places", literal.position,
                                 f"{literal.predicate} used with {len(literal.args)} arguments "
                                 f"instead of its usual {usual}"))
    return found


def typos(uses: list[Use]) -> list[Finding]:
    """Each use of a predicate used at most twice whose name is close to one used at least
    three times as often."""
    found = []
    frequency = Counter(literal.predicate for _, literal in uses)
    for owner, literal in uses:
        name = literal.predicate
        if frequency[name] > 2:
            continue
        for other, count in frequency.most_common():
            if other == name or count < 3 * frequency[name]:
                continue
            close = other.lower().replace("_", "") == name.lower().replace("_", "") \
                or _distance(name, other) <= (1 if len(name) <= 5 else 2)
            if close:
                found.append(Finding("typo", owner, str(literal),
                                     f"{name} is used {frequency[name]} time(s) and {other} "
                                     f"{count} times: a misspelling of {other}?",
                                     literal.position, f"{name} is rare and close to {other}: "
                                     f"a misspelling of {other}?"))
                break
    return found
