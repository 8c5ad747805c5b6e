"""Conditional effects written one after another with no parentheses around them, cut into
one conditional per arrow before formula.py builds the normal form:

    plusOne(x, z) and hero(z, y) and not hero(x, y)
    and lowered(a, b) => (not lowered(a, b) and raised(a, b))
    and raised(a, b) => (not raised(a, b) and lowered(a, b))

reads as `... ∧ (lowered(a, b) => ...) ∧ (raised(a, b) => ...)`. The grammar
(course_formula.lark) parses the arrows of a clause as one `conditional` node of segments,
for an LALR(1) parser cannot know where a condition starts before it reaches the arrow.
The segments are cut here:

- an effect in parentheses right after an arrow is that conditional's whole effect; what
  follows it in the conjunction is unconditional, or the condition of the next arrow;
- a condition (one literal or a conjunction) starts with the first conjunct of its line, a
  leading connective aside, and never before the start of the clause or the previous
  effect: students write a conditional effect per line, after the literals that always hold.

A single arrow whose effect is not in parentheses, or written with all that precedes it on
its line and nothing after its effect, keeps the reading `C => E` always had: the
condition is everything before the arrow, the effect everything after it.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from lark import Token, Tree

from strips_model.reports.formula_errors import FormulaError

_Child = Tree[Token] | Token
_CONDITIONAL: Final = "conditional"


def cut_chains(tree: Tree[Token], body: str) -> None:
    """Cut, in place, every chain of conditionals of the parse tree of `body` (module
    docstring)."""
    breaks = [index for index, char in enumerate(body) if char == "\n"]
    for node in list(tree.iter_subtrees()):
        if node.data == _CONDITIONAL and not _is_when(node):
            _cut(node, breaks)


def _is_when(node: Tree[Token]) -> bool:
    first = node.children[0]
    return isinstance(first, Token) and first.type == "WHEN"


def _cut(node: Tree[Token], breaks: list[int]) -> None:
    segments = [child for child in node.children if isinstance(child, Tree)]
    arrows = [child for child in node.children if isinstance(child, Token)]
    effects = [_led_by_group(segment) for segment in segments[1:]]
    if any(effect is None for effect in effects[:-1]) or (effects[-1] is None and len(arrows) > 1):
        where = next(arrow for arrow, effect in zip(arrows, effects, strict=True) if effect is None)
        raise FormulaError("the effect of a conditional followed by another one is not in "
                           "parentheses: write each as `CONDITION => (EFFECT)`",
                           where.start_pos or 0)
    if effects[-1] is None:
        return  # `C => E`: its effect runs to the end of the clause, as ever
    first = _conjuncts(segments[0])
    kept, condition = _split(first, breaks, arrows[0]) if first is not None else ([], None)
    parts: list[_Child] = [*kept]
    for number, arrow in enumerate(arrows):
        effect = effects[number]
        assert effect is not None
        parts.append(Tree(_CONDITIONAL, [
            segments[0] if condition is None else _formula(condition), arrow,
            _formula(effect[:1])]))
        rest = _without_leading_tokens(effect[1:])
        if number + 1 < len(arrows):
            rest, condition = _split(rest, breaks, arrows[number + 1])
        parts.extend(rest)
    if len(parts) == 1 and len(arrows) == 1:
        return  # nothing before the condition's line, nothing after the effect: as ever
    node.data = "disjunction"
    node.children = [Tree("conjunction", parts)]


def _conjuncts(segment: Tree[Token]) -> list[_Child] | None:
    """The conjuncts of a segment that is one conjunction (tokens between them kept)."""
    if len(segment.children) != 1:
        return None  # a disjunction: a condition of its own, as `a ∨ b => E` always was
    (conjunction,) = segment.children
    assert isinstance(conjunction, Tree)
    return list(conjunction.children)


def _led_by_group(segment: Tree[Token]) -> list[_Child] | None:
    """The conjuncts of an effect segment that opens with a formula in parentheses."""
    children = _conjuncts(segment)
    if not children or not isinstance(children[0], Tree) or children[0].data != "group":
        return None
    return children


def _split(children: list[_Child], breaks: list[int], arrow: Token
           ) -> tuple[list[_Child], list[_Child]]:
    """The conjuncts that always hold and the condition of `arrow`: the conjuncts from the
    first one on the line of the last."""
    starts = [(index, _line(child, breaks)) for index, child in enumerate(children)
              if isinstance(child, Tree)]
    if not starts:
        raise FormulaError(f"{str(arrow)!r} with no condition before it: write "
                           "`CONDITION => (EFFECT)`", arrow.start_pos or 0)
    last_line = starts[-1][1]
    first = next(index for index, line in starts if line == last_line)
    kept = children[:first]
    while kept and isinstance(kept[-1], Token):
        kept.pop()  # the connective before the condition joins it to nothing now
    return kept, children[first:]


def _without_leading_tokens(children: list[_Child]) -> list[_Child]:
    index = 0
    while index < len(children) and isinstance(children[index], Token):
        index += 1
    return children[index:]


def _line(child: Tree[Token] | Token, breaks: list[int]) -> int:
    """The line a conjunct starts on: that of its first token."""
    while isinstance(child, Tree):
        child = next(grand for grand in child.children if grand is not None)
    return bisect_right(breaks, child.start_pos or 0)


def _formula(children: list[_Child]) -> Tree[Token]:
    return Tree("disjunction", [Tree("conjunction", children)])
