"""Defects of hand-written schemas, each found by a rule that any model can be held to.

Every finding names its schema and the literal concerned. The kinds, most serious first (the
order of KINDS, which reports follow; SEVERITIES says why):
- `unreadable`: a schema the reader skipped (a literal cut off, a header garbled): the model
  goes on without it;
- `contradiction`: a precondition requires an atom and its negation;
- `unbound-variable`: a variable of the effect that neither the header nor a precondition
  binds (when a static effect literal mentions it, the reading of
  translator/compare/readings.py binds it there; otherwise it cannot be instantiated);
- `arity` and `typo`: a predicate used with two numbers of arguments, or a rarely used name
  one or two letters away from a common one;
- `adds-without-delete`: an effect adds a new value of a fluent the schema requires, without
  deleting the value it requires: both hold afterwards (a second counter, a second hero);
- `same-name`: two schemas of one name that say different things;
- `outside-vocabulary`: a predicate of a place (two arguments) that the model's vocabulary
  does not name: a part of the game named two ways (`monster` beside `mob`);
- `duplicate`: a schema identical to an earlier one up to the names of its variables and the
  order of its literals;
- `static-in-effects`: ONE summary line for static predicates that effects repeat.

Each finding also carries its pattern: the message without what is particular to one schema,
so that a report can say a defect repeated over a hundred schemas once.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from strips_model.errors import Position
from strips_model.reports.facts import GoalBlock, InitBlock
from strips_model.schema import Literal, Schema
from strips_model.textbook import SkippedPart
from translator.compare.readings import bound_variables, read_static_effects, static_predicates

SEVERITIES: tuple[str, ...] = ("unusable", "wrong", "style")
"""How much a kind of finding costs the model, worst first: `unusable` kinds leave schemas
that can never apply or never be instantiated, so whole parts of the model are missing;
`wrong` kinds let the model reach states the game never shows (or miss ones it does); `style`
kinds change nothing a planner sees. Reports list kinds in this order, then as KINDS does."""

KINDS: dict[str, str] = {
    # Ordered most serious first: the report lists kinds in this order (see SEVERITIES).
    "unreadable": "schemas that could not be read, left out of the model",
    "contradiction": "preconditions that can never hold together",
    "unbound-variable": "variables used in effects but bound by no parameter or precondition",
    "arity": "predicates used with different numbers of arguments",
    "typo": "predicate names that look like misspellings of another",
    "adds-without-delete": "effects that add a fluent value without deleting the old one",
    "same-name": "two schemas of one name that say different things",
    "outside-vocabulary": "predicates of places the model's vocabulary does not name",
    "duplicate": "schemas identical up to renaming",
    "static-in-effects": "static predicates repeated in effects (one summary line)",
}

SEVERITY: dict[str, str] = {
    "unreadable": "unusable",
    "contradiction": "unusable",
    "unbound-variable": "unusable",
    # A predicate whose arity or spelling differs matches no other use of it: the literal
    # never holds or is never read, and the model silently does something else.
    "arity": "wrong",
    "typo": "wrong",
    "adds-without-delete": "wrong",
    "same-name": "wrong",
    "outside-vocabulary": "wrong",
    "duplicate": "style",
    "static-in-effects": "style",
}


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str
    schema: str | None
    """None for the summary line."""
    literal: str
    message: str
    position: Position | None
    pattern: str | None = None
    """What findings of one kind share, with the schema, variable and literal left out, for
    grouping (translator/compare/grouping.py); None: the message itself, which then names no
    schema-specific detail."""

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind, "schema": self.schema, "literal": self.literal,
                "message": self.message,
                "line": self.position.line if self.position is not None else None}


def lint(schemas: tuple[Schema, ...], init: InitBlock | None = None,
         goal: GoalBlock | None = None, skipped: tuple[SkippedPart, ...] = (),
         vocabulary: frozenset[str] | None = None) -> tuple[Finding, ...]:
    """Every finding; `vocabulary`: the predicates the model's vocabulary names, when it has
    one, against which predicates of places are checked."""
    static = static_predicates(schemas)
    findings: list[Finding] = [_unreadable(part) for part in skipped]
    for schema in schemas:
        findings += _adds_without_delete(schema, static)
        findings += _unbound_variables(schema, static)
        findings += _contradictions(schema)
    findings += _duplicates(schemas)
    findings += _names(schemas, init, goal)
    findings += _static_in_effects(schemas, static)
    if vocabulary is not None:
        findings += _outside_vocabulary(schemas, vocabulary)
    return tuple(findings)


def _unreadable(part: SkippedPart) -> Finding:
    named = re.match(r"schema '([^']*)' skipped: (.*)", part.reason)
    schema, reason = (named.group(1), named.group(2)) if named else (None, part.reason)
    # The pattern keeps the kind of damage and drops what is particular to one place.
    pattern = re.sub(r"'[^']*'", "…", reason)
    return Finding("unreadable", schema, "", reason, part.position, pattern)


def _adds_without_delete(schema: Schema, static: frozenset[str]) -> list[Finding]:
    deleted = {str(lit)[1:] for lit in schema.effects if not lit.positive}
    found = []
    for effect in schema.effects:
        if not effect.positive or effect.predicate in static:
            continue
        required = [lit for lit in schema.preconditions if lit.positive
                    and lit.predicate == effect.predicate and lit.args != effect.args]
        if required and not any(str(lit) in deleted for lit in required):
            kept = ", ".join(map(str, required))
            found.append(Finding("adds-without-delete", schema.name, str(effect),
                                 f"adds {effect} but does not delete {kept}, which it requires: "
                                 f"both hold afterwards", effect.position,
                                 f"adds a {effect.predicate} without deleting the "
                                 f"{effect.predicate} it requires: both hold afterwards"))
    return found


def _unbound_variables(schema: Schema, static: frozenset[str]) -> list[Finding]:
    bound = bound_variables(schema)
    _, readings = read_static_effects(schema, static)
    binders = {variable: reading.literal for reading in readings for variable in reading.binds}
    found = []
    reported: set[str] = set()
    # A fluent literal shows best where the variable is used; static ones come after.
    ordered = sorted(schema.effects, key=lambda lit: lit.predicate in static)
    for effect in ordered:
        for term in effect.args:
            if not term.is_variable or term.name in bound or term.name in reported:
                continue
            reported.add(term.name)
            binder = binders.get(term.name)
            if binder is not None:
                message = (f"{term.name} is no parameter and no precondition binds it; only the "
                           f"static {binder} of the effect does, read as a precondition")
                pattern = (f"a variable of the effect that no parameter and no precondition "
                           f"binds; only a static {binder.predicate} of the effect does, read "
                           f"as a precondition")
            else:
                message = f"{term.name} is bound nowhere: the effect cannot be instantiated"
                pattern = "a variable of the effect bound nowhere: the effect cannot be " \
                    "instantiated"
            found.append(Finding("unbound-variable", schema.name, str(effect), message,
                                 effect.position, pattern))
    return found


def _contradictions(schema: Schema) -> list[Finding]:
    positive = {str(lit) for lit in schema.preconditions if lit.positive}
    return [Finding("contradiction", schema.name, str(lit),
                    f"requires both {str(lit)[1:]} and {lit}: the schema never applies",
                    lit.position, f"requires a {lit.predicate} atom and its negation: the schema "
                    "never applies")
            for lit in schema.preconditions if not lit.positive and str(lit)[1:] in positive]


def _canonical(schema: Schema) -> tuple[object, ...]:
    """The schema with its variables renamed by first appearance, literals in a fixed order."""

    def shape(literal: Literal, part: int) -> tuple[object, ...]:
        # Offsets are kept: `at(X, Y + 1)` and `at(X, Y - 1)` are different places.
        return (part, literal.positive, literal.predicate,
                tuple(("?", t.offset) if t.is_variable else t.name for t in literal.args))

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


def _duplicates(schemas: tuple[Schema, ...]) -> list[Finding]:
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
    return found + _same_names(schemas)


def _same_names(schemas: tuple[Schema, ...]) -> list[Finding]:
    """Two schemas of one name that say different things: a copy whose name was not
    changed (seed 002's second push_block_top_on_spikes), so one direction goes missing."""
    named: dict[str, Schema] = {}
    found = []
    for schema in schemas:
        original = named.setdefault(schema.name, schema)
        if original is not schema and _canonical(original) != _canonical(schema):
            found.append(Finding(
                "same-name", schema.name, f"{schema.name}(...)",
                f"a second schema named {schema.name} (the first at line "
                f"{original.position.line}) that says something else: a copy renamed "
                "incompletely?", schema.position,
                "a second schema of the same name that says something else"))
    return found


def _outside_vocabulary(schemas: tuple[Schema, ...], known: frozenset[str]) -> list[Finding]:
    """Predicates no role of the model's vocabulary names, used as if they were one of the
    game's parts (with a place as arguments): a part the model names two ways."""
    uses: Counter[str] = Counter()
    where: dict[str, Literal] = {}
    for schema in schemas:
        for literal in (*schema.preconditions, *schema.effects):
            if literal.predicate not in known and len(literal.args) == 2:
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


def _names(schemas: tuple[Schema, ...], init: InitBlock | None,
           goal: GoalBlock | None) -> list[Finding]:
    uses: list[tuple[str | None, Literal]] = [
        (schema.name, lit)
        for schema in schemas for lit in (*schema.preconditions, *schema.effects)]
    if init is not None:
        uses += [(None, atom) for atom in init.atoms]
    if goal is not None:
        uses += [(None, lit) for lit in goal.conjuncts]
        uses += [(None, lit) for group in goal.disjunctions for lit in group]
    found = []
    arities: dict[str, Counter[int]] = defaultdict(Counter)
    for _, literal in uses:
        arities[literal.predicate][len(literal.args)] += 1
    for owner, literal in uses:
        counts = arities[literal.predicate]
        usual, _ = counts.most_common(1)[0]
        if len(counts) > 1 and len(literal.args) != usual:
            found.append(Finding("arity", owner, str(literal),
                                 f"{literal.predicate} has {len(literal.args)} arguments here but "
                                 f"{usual} in {counts[usual]} other places", literal.position,
                                 f"{literal.predicate} used with {len(literal.args)} arguments "
                                 f"instead of its usual {usual}"))
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


def _static_in_effects(schemas: tuple[Schema, ...], static: frozenset[str]) -> list[Finding]:
    repeated: Counter[str] = Counter()
    binding: Counter[str] = Counter()
    owners: dict[str, set[str]] = defaultdict(set)
    first: dict[str, Literal] = {}
    for schema in schemas:
        _, readings = read_static_effects(schema, static)
        for reading in readings:
            name = reading.literal.predicate
            owners[name].add(schema.name)
            first.setdefault(name, reading.literal)
            (binding if reading.binds else repeated)[name] += 1
    if not owners:
        return []
    parts = []
    for name in sorted(owners):
        parts.append(f"{name} in the effects of {len(owners[name])} schemas "
                     f"({repeated[name]} repeat a precondition, {binding[name]} bind new "
                     f"variables)")
    names = ", ".join(sorted(owners))
    return [Finding("static-in-effects", None, names,
                    "static predicates repeated in effects: " + "; ".join(parts)
                    + ". No effect deletes them, so adding them changes nothing: they are read "
                    "as preconditions", first[min(owners)].position)]
