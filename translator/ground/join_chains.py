"""Rule bodies as chains of two-literal joins, shared between rules: FD's join trees for clingo.

clingo's grounder evaluates a recursive rule semi-naively: once per recursive body literal,
with that literal matched against the atoms new in this round and the others against all
atoms, in an order it picks per variant. A schema's body of twelve literals, six of them
fluent, is then joined six ways per round, and a poor variant enumerates cells for cells
(60x60 dense levels spent 60 µs per ground action there). A chain of rules
`j2(..) :- j1(..), l2.` keeps every join to two literals: a new atom on either side meets
an index of the other side, and the cost follows the number of partial matches.

Runs of static literals are joined once, outside the recursion, into blocks (`k3(..)`).
Links are named by their body up to variable naming, so schemas whose bodies start alike
share them: every Helltaker schema starts with the hero, the phase and the doomed slot, and
that prefix is joined once for all seventeen. The order therefore prefers literals many
schemas have, among those joined through a bound variable, then the fewest expected matches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from strips_model.schema import Literal

Arity = Callable[[Literal, set[str]], float]
"""The expected matches of a literal given the variables already bound."""


@dataclass(frozen=True, slots=True)
class BodyLiteral:
    predicate: str
    """The program's name of the predicate."""
    terms: tuple[str, ...]
    """The program's variable names (`X3`) and object numbers (`12`)."""
    variables: tuple[str, ...]
    """The variable names in it, in order of first appearance."""
    recursive: bool
    """Of a fluent predicate (or a block with one): reachability derives its atoms."""

    @property
    def text(self) -> str:
        return f"{self.predicate}({','.join(self.terms)})" if self.terms else self.predicate


def popularity(bodies: Sequence[Sequence[Literal]]) -> Counter[str]:
    """In how many rules each literal occurs, written over the schemas' own variable names."""
    return Counter(text for body in bodies for text in {str(literal) for literal in body})


def join_order(literals: list[Literal], fan_out: Arity, common: Counter[str]) -> list[Literal]:
    """The positive literals in join order, the negative ones last (their variables bound).

    Never a cross product while a connected literal remains; literals binding nothing new
    (filters: they only shrink the links) before those that bind; then the ones most rules
    share (their links are shared), then the fewest expected matches."""
    remaining = [literal for literal in literals if literal.positive and _has_variable(literal)]
    bound: set[str] = set()
    ordered: list[Literal] = []
    # Worked out once: `key` runs for every remaining literal at every step.
    texts = {id(literal): str(literal) for literal in remaining}
    variables = {id(literal): {term.name for term in literal.args if term.is_variable}
                 for literal in remaining}

    def key(literal: Literal) -> tuple[bool, bool, int, float, str]:
        names, text = variables[id(literal)], texts[id(literal)]
        unconnected = bool(bound) and bool(names) and names.isdisjoint(bound)
        return (unconnected, not names <= bound, -common[text], fan_out(literal, bound), text)

    while remaining:
        best = min(remaining, key=key)
        remaining.remove(best)
        ordered.append(best)
        bound.update(term.name for term in best.args if term.is_variable)
    # Literals without variables (`has_key(yes)`) last: anywhere they cost one look-up,
    # and first they would keep the schema out of the links the others share.
    return ordered + [literal for literal in literals
                      if literal.positive and not _has_variable(literal)] \
        + [literal for literal in literals if not literal.positive]


def _has_variable(literal: Literal) -> bool:
    return any(term.is_variable for term in literal.args)




class Links:
    """The auxiliary rules written so far, by the canonical text of the body they join."""

    def __init__(self) -> None:
        self.rules: list[str] = []
        self._names: dict[str, str] = {}

    def chain(self, head: str, joined: Sequence[BodyLiteral], filters: Sequence[str]) -> str:
        """The rule `head :- ...` over a chain of links, each joining the previous link and
        one more element: a recursive literal, or a block of static literals joined once
        outside the recursion. Within a rule clingo picks its own join order per
        semi-naive variant, and one with a static literal in it started from the static
        literal (3 times slower on 60x60 dense levels); two-element bodies leave no choice.
        `filters` (negations, type guards) stay in the final rule, their variables bound."""
        elements = self._blocks(joined)
        previous: list[str] = []
        seen: list[str] = []
        for end in range(1, len(elements)):
            literal = elements[end - 1]
            seen.extend(name for name in literal.variables if name not in seen)
            if not previous:
                previous = [literal.text]  # the first element needs no link of its own
                continue
            name = self._name("j", elements[:end], previous + [literal.text], seen)
            previous = [f"{name}({','.join(seen)})"]
        body = previous + [literal.text for literal in elements[-1:]] + list(filters)
        return f"{head} :- {', '.join(body)}." if body else f"{head}."

    def _blocks(self, joined: Sequence[BodyLiteral]) -> list[BodyLiteral]:
        """Runs of static literals as one element per connected group of them. A static
        literal over variables the chain has bound already stays out of the blocks, an
        element of its own: in a block it would multiply the block by the chain's
        choices (`calm(H, P)` with `adjacent(H, B, Dir)` before `boulder(B)` is tested).
        It comes before the run's blocks: it only shrinks the chain, and after a block that
        fans out (four neighbours) it was tested once per neighbour, a link as large as
        the schema's actions (a quarter of the links' atoms on 60x60 dense levels)."""
        elements: list[BodyLiteral] = []
        run: list[BodyLiteral] = []
        tests: list[BodyLiteral] = []
        bound: set[str] = set()
        for literal in [*joined, None]:
            if literal is not None and not literal.recursive:
                (tests if bound and bound.issuperset(literal.variables) else run).append(literal)
                continue
            elements.extend(tests)
            for group in _connected(run):
                elements.append(group[0] if len(group) == 1 else self._block(group))
            for element in run:
                bound.update(element.variables)
            run, tests = [], []
            if literal is not None:
                elements.append(literal)
                bound.update(literal.variables)
        return self._folded(elements)

    def _folded(self, elements: list[BodyLiteral]) -> list[BodyLiteral]:
        """A static element that brings new variables, with the recursive literals right
        after it that only test those, as one unit joined before it meets the chain: the
        kicks test `boulder(B)` on the neighbour B, and the chain times four neighbours
        is far larger than the boulders' cells times four (in an open room, with no
        boulder, it was half the grounding)."""
        elements = _tests_first(elements)
        out: list[BodyLiteral] = []
        bound: set[str] = set()
        position = 0
        while position < len(elements):
            element = elements[position]
            position += 1
            unit = [element]
            own = set(element.variables)
            if bound and not element.recursive and not own <= bound:
                while position < len(elements) and elements[position].recursive and \
                        set(elements[position].variables) <= own and \
                        not set(elements[position].variables) <= bound:
                    unit.append(elements[position])
                    position += 1
            if len(unit) > 1:
                element = self._unit(unit)
            out.append(element)
            bound.update(element.variables)
        return out

    def _unit(self, unit: list[BodyLiteral]) -> BodyLiteral:
        seen = list(unit[0].variables)
        previous = unit[0].text
        name = ""
        for end in range(2, len(unit) + 1):
            name = self._name("m", unit[:end], [previous, unit[end - 1].text], seen)
            previous = f"{name}({','.join(seen)})"
        return BodyLiteral(name, tuple(seen), tuple(seen), True)

    def _block(self, group: list[BodyLiteral]) -> BodyLiteral:
        seen = list(dict.fromkeys(name for literal in group for name in literal.variables))
        name = self._name("k", group, [literal.text for literal in group], seen)
        return BodyLiteral(name, tuple(seen), tuple(seen), False)

    def _name(self, prefix: str, joined: Sequence[BodyLiteral], body: list[str],
              seen: list[str]) -> str:
        canonical = prefix + _canonical(joined)
        name = self._names.get(canonical)
        if name is None:
            name = self._names[canonical] = f"{prefix}{len(self._names)}"
            self.rules.append(f"{name}({','.join(seen)}) :- {', '.join(body)}.")
        return name


def _tests_first(elements: list[BodyLiteral]) -> list[BodyLiteral]:
    """Each recursive literal that only tests variables a static element brought moved
    right after that element (past other static elements of the run), for `_folded`."""
    out: list[BodyLiteral] = []
    bound_before: list[set[str]] = []
    bound: set[str] = set()
    for element in elements:
        names = set(element.variables)
        target = len(out)
        if element.recursive:
            # Where the literal's variables are first all bound.
            index = next((index for index, other in enumerate(out)
                          if names <= bound_before[index] | set(other.variables)), None)
            if index is not None and not out[index].recursive and bound_before[index] and \
                    names <= set(out[index].variables):
                target = index + 1
                while target < len(out) and out[target].recursive:
                    target += 1
        out.insert(target, element)
        bound_before.insert(target, set(bound) if target == len(out) - 1 else
                            set(bound_before[target - 1]) | set(out[target - 1].variables))
        bound |= names
    return out


def _connected(run: list[BodyLiteral]) -> list[list[BodyLiteral]]:
    """The literals in groups linked by shared variables, each group in the given order."""
    groups: list[list[BodyLiteral]] = []
    for literal in run:
        touching = [group for group in groups
                    if any(not set(literal.variables).isdisjoint(other.variables)
                           for other in group)]
        merged = [member for group in touching for member in group] + [literal]
        groups = [group for group in groups if group not in touching] + [merged]
    order = {id(literal): position for position, literal in enumerate(run)}
    return sorted((sorted(group, key=lambda literal: order[id(literal)]) for group in groups),
                  key=lambda group: order[id(group[0])])


def _canonical(prefix: Sequence[BodyLiteral]) -> str:
    """The prefix's text with variables renamed in order of first appearance."""
    renamed: dict[str, str] = {}
    for literal in prefix:
        for name in literal.variables:
            renamed.setdefault(name, f"V{len(renamed)}")
    return ";".join(
        f"{literal.predicate}({','.join(renamed.get(term, term) for term in literal.terms)})"
        for literal in prefix)
