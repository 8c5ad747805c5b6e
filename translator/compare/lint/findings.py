"""What the lint (translator/compare/lint/checks.py) finds: the kinds of finding, what each
costs the model, and the finding itself, which every rule makes and every report reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.errors import Position

SEVERITIES: tuple[str, ...] = ("unusable", "wrong", "style")
"""How much a kind of finding costs the model, worst first: `unusable` kinds leave schemas
that can never apply or never be instantiated, so whole parts of the model are missing;
`wrong` kinds let the model reach states the game never shows (or miss ones it does); `style`
kinds change nothing a planner sees. Reports list kinds in this order, then as KINDS does."""

KINDS: dict[str, str] = {
    # Ordered most serious first: the report lists kinds in this order (see SEVERITIES).
    "unreadable": "schemas that could not be read, left out of the model",
    "left-out": "schemas read but left out of the model, which cannot be built with them",
    "contradiction": "preconditions that can never hold together",
    "unbound-variable": "variables used in effects but bound by no parameter or precondition",
    "deleted-never-added": "fluents a schema deletes and never adds back, where others move them",
    "arity": "predicates used with different numbers of arguments",
    "typo": "predicate names that look like misspellings of another",
    "adds-without-delete": "effects that add a fluent value without deleting the old one",
    "same-name": "two schemas of one name that say different things",
    "negative-only-variable": "variables that occur only in negative preconditions",
    "free-variable": "parameters of effects that no positive precondition binds",
    "outside-vocabulary": "predicates of places the model's vocabulary does not name",
    "duplicate": "schemas identical up to renaming",
    "unused-parameter": "parameters no precondition or effect names, dropped for grounding",
    "static-in-effects": "static predicates repeated in effects (one summary line)",
    "never-required": "fluents every schema adds that nothing requires or deletes",
}

SEVERITY: dict[str, str] = {
    "unreadable": "unusable",
    "left-out": "unusable",
    "contradiction": "unusable",
    "unbound-variable": "unusable",
    # A predicate whose arity or spelling differs matches no other use of it: the literal
    # never holds or is never read, and the model silently does something else.
    "arity": "wrong",
    "typo": "wrong",
    "adds-without-delete": "wrong",
    "same-name": "wrong",
    "deleted-never-added": "wrong",
    "negative-only-variable": "wrong",
    "free-variable": "wrong",
    "outside-vocabulary": "wrong",
    "duplicate": "style",
    # Dropped by the readings before grounding (schema_readings.py): what the model does is
    # unchanged, only the time its grounding would take.
    "unused-parameter": "style",
    "static-in-effects": "style",
    "never-required": "style",
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
    grouping (translator/compare/lint/grouping.py); None: the message itself, which then names no
    schema-specific detail."""

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind, "schema": self.schema, "literal": self.literal,
                "message": self.message,
                "line": self.position.line if self.position is not None else None,
                "position": str(self.position) if self.position is not None else None}
