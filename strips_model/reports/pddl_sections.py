"""A PDDL domain's sections (pddl_lists.py gives its lists): the one `(define (domain NAME)
...)`, and what it declares that an action may name (types, constants, predicates)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.reports.pddl_lists import Group, Item, Symbol, position

OBJECT: Final = "object"
"""PDDL's type of every value: an untyped parameter's."""
ACTIONS: Final = (":action", ":durative-action", ":derived")
"""Sections that define what changes a state: actions (only `:action` is STRIPS)."""
_NOT_READ: Final = frozenset({":requirements", ":functions", ":domain"})
"""Sections with nothing for a schema: the requirements are read off what is written."""


@dataclass(frozen=True, slots=True)
class Declared:
    """What a domain declares: its types (`object` among them), constants, and predicates
    with their number of arguments."""

    types: frozenset[str]
    constants: frozenset[str]
    predicates: Mapping[str, int]


def sections_of(items: tuple[Item, ...], source: str) -> tuple[Group, ...]:
    """The sections of the one `(define (domain NAME) ...)` of the file."""
    defines = [item for item in items if isinstance(item, Group) and item.head == "define"]
    if len(defines) != 1 or len(items) != 1:
        raise SchemaError("a PDDL domain file holds one (define (domain NAME) ...) and nothing "
                          "else", position(items[0], source) if items else Position(source))
    define = defines[0]
    header = define.items[1] if len(define.items) > 1 else None
    if not isinstance(header, Group) or header.head != "domain" or len(header.items) != 2:
        raise SchemaError("(define must be followed by (domain NAME)", position(define, source))
    sections = define.items[2:]
    for section in sections:
        if not isinstance(section, Group) or not section.head.startswith(":"):
            raise SchemaError(f"{section}: a domain's sections are lists opening with a "
                              "keyword ((:predicates ...), (:action ...))",
                              position(section, source))
    return tuple(section for section in sections if isinstance(section, Group))


def typed(items: tuple[Item, ...], source: str) -> Iterator[tuple[Symbol, Item | None]]:
    """Each name of a typed list (`a b - t c`) with its type (None: untyped)."""
    pending: list[Symbol] = []
    index = 0
    while index < len(items):
        item = items[index]
        if isinstance(item, Symbol) and item.text == "-":
            if index + 1 == len(items) or not pending:
                raise SchemaError("'-' must stand between names and their type",
                                  position(item, source))
            yield from ((name, items[index + 1]) for name in pending)
            pending, index = [], index + 2
            continue
        if isinstance(item, Group):
            raise SchemaError(f"{item}: a name was expected here", position(item, source))
        pending.append(item)
        index += 1
    yield from ((name, None) for name in pending)


def declarations(sections: tuple[Group, ...], source: str) -> Declared:
    types: set[str] = {OBJECT}
    constants: set[str] = set()
    predicates: dict[str, int] = {}
    for section in sections:
        rest = section.items[1:]
        if section.head == ":types":
            for name, parent in typed(rest, source):
                types.add(name.text)
                if isinstance(parent, Symbol):
                    types.add(parent.text)
        elif section.head == ":constants":
            constants.update(name.text for name, _ in typed(rest, source))
        elif section.head == ":predicates":
            for item in rest:
                if not isinstance(item, Group) or not item.head:
                    raise SchemaError(f"{item}: a predicate is declared as (name ?arg ...)",
                                      position(item, source))
                predicates[item.head] = sum(1 for _ in typed(item.items[1:], source))
        elif section.head not in _NOT_READ and section.head not in ACTIONS:
            raise SchemaError(f"{section.head} is no section of a PDDL domain",
                              position(section, source))
    return Declared(frozenset(types), frozenset(constants), predicates)
