"""A schema written again in a random mix of the course's conventions (header style, clause
keywords, connectives, negations, deletes, variable case, prime forms, wrapped lines, what lies
between schemas), for the notation properties: tests/strips_model/reports/test_notation_fuzz.py
(the same schemas read back) and tests/compare/vocabulary/test_respelled_models.py (the same
roles and verdicts on whole models)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from strips_model.reports.course import variable_rule
from strips_model.schema import Literal, Schema, Term

PRE = ("Precondition:", "PRECOND:", "Pre :", "Préconditions :", "preconditions:",
       "Conditions :", "PRECONDITION :", "Precondition 1:")
EFFECT = ("Effect:", "EFFECT :", "Effets :", "effects:", "Eff:", "Effet 1 :")
AND = (" ∧ ", " ^ ", ", ", " and ", " et ", " & ", " && ", " \\land ", " ")
NOT = ("¬", "-", "~", "!", "not ", "non ", "¬ ")
DELETE = ("{negation}{literal}", "clear({literal})", "del {literal}")
ONE_PRIME = ("'", "’", "′")
TWO_PRIMES = ("''", '"', "”")
BETWEEN = ("\n", "\n\n", "\n\n-----\n\n", "\n// another action\n\n", "\n\nSome prose.\n\n",
           "\n\n___\n\n", "\n```\n\n```\n", "\n# a comment\n\n")


def _variable(term: Term, lower: bool, draw: Any) -> str:
    base = term.name.rstrip("'")
    primes = len(term.name) - len(base)
    written = (base.lower() if lower else base) + (
        draw(st.sampled_from(ONE_PRIME)) if primes == 1 else
        draw(st.sampled_from(TWO_PRIMES)) if primes == 2 else "'" * primes)
    if term.offset:
        sign = "+" if term.offset > 0 else "-"
        written += draw(st.sampled_from((f" {sign} {abs(term.offset)}",
                                         f"{sign}{abs(term.offset)}")))
    return written


def literal_text(literal: Literal, lower: bool, draw: Any, negation: str) -> str:
    args = [_variable(term, lower, draw) if term.is_variable else term.name
            for term in literal.args]
    atom = f"{literal.predicate}({', '.join(args)})" if args else literal.predicate
    return atom if literal.positive else f"{negation}{atom}"


def _can_lower(schema: Schema) -> bool:
    """Lowercase variables read back as variables, and no two collapse into one."""
    variables = {term.name for lit in (*schema.preconditions, *schema.effects)
                 for term in lit.args if term.is_variable}
    constants = {term.name for lit in (*schema.preconditions, *schema.effects)
                 for term in lit.args if not term.is_variable}
    stems = frozenset(p.name.lower().rstrip("'").rstrip("0123456789") for p in schema.parameters)
    lowered = {name.lower() for name in variables}
    return (len(lowered) == len(variables) and not lowered & constants
            and all(variable_rule(name, stems) for name in lowered)
            and not any(variable_rule(name, stems) and not name[:1].isdigit()
                        for name in constants))


def _clause(literals: list[str], draw: Any) -> str:
    joiner = draw(st.sampled_from(AND))
    if not literals:
        return ""
    if len(literals) > 3 and joiner.strip() and draw(st.booleans()):
        # Wrapped after a connective, sometimes past a blank line: the clause goes on.
        middle = len(literals) // 2
        gap = draw(st.sampled_from(("\n    ", "\n\n    ")))
        return (joiner.join(literals[:middle]) + joiner.rstrip() + gap
                + joiner.join(literals[middle:]))
    return joiner.join(literals)


def render_schema(schema: Schema, draw: Any) -> str:
    lower = _can_lower(schema) and draw(st.booleans())
    negation = draw(st.sampled_from(NOT))
    params = ", ".join(p.name.lower() if lower else p.name for p in schema.parameters)
    pre = [literal_text(lit, lower, draw, negation) for lit in schema.preconditions]
    delete = draw(st.sampled_from(DELETE))
    effects = [literal_text(lit, lower, draw, negation) if lit.positive else
               delete.format(negation=negation, literal=literal_text(replace(lit, positive=True),
                                                            lower, draw, negation))
               for lit in schema.effects]
    style = draw(st.sampled_from(("plain", "action", "action-open", "colon", "item")))
    header = {"plain": f"{schema.name}({params})\n", "action": f"Action({schema.name}({params}))\n",
              "action-open": f"Action({schema.name}({params}),\n",
              "colon": f"{schema.name}({params}):\n", "item": f"- {schema.name}({params}): "}[style]
    indent = "" if style == "item" else draw(st.sampled_from(("", "    ", "\t")))
    gap = "\n" if style == "item" else draw(st.sampled_from(("\n", "\n\n")))
    text = (header + indent + draw(st.sampled_from(PRE)) + " " + _clause(pre, draw)
            + (" " if style == "item" else gap + indent) + draw(st.sampled_from(EFFECT)) + " "
            + _clause(effects, draw))
    if schema.cost != 1:
        text += f"\n{indent}Cost: {schema.cost}" if style != "item" else f" Cost: {schema.cost}"
    return text + (")" if style == "action-open" else "") + "\n"
