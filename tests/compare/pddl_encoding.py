"""A correct model of the whole game written as a PDDL domain for a planner, from RULES.md: an
encoding the course-notation generator (model_encodings.py) does not write.

Typed (`cell`, `dir`, `num`), one relation `next(?from ?to ?d)` with the direction last and no
direction constant, one action per case and per parity of the number of actions taken (a flag
`odd` that every action flips; a trap is `trap-up` or `trap-down` by its phase at the start),
the key a static `key-cell` and a flag `has-key`, an `occupied` fluent for what stops a kicked
object, the counter `steps-left` counting down a `dec` chain, and the skeleton doomed on a
lowered trap (E3) an exactly-one slot: `(doomed nowhere)` until a kick dooms one, traded by
every action. A bookkeeping `win` adds `won` next to a demon; the domain states no goal.

`domain_text(names)` writes it with each canonical name replaced by `names`' (random letters
in a property); `CANONICAL` lists them. `domain_text(names, valued=True)` writes the parity
as a value instead: a type `parity`, `(phase ?p)` replaced by `(phase ?q)` where `(flip ?p
?q)`, the traps one static `(trap ?c ?p)` (raised while the phase is ?p), one action per case
for both parities (`VALUED` lists its names besides `CANONICAL`'s).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

CANONICAL = ("cell", "dir", "num", "nowhere", "next", "wall", "demon", "goal-cell", "spikes",
             "trap-up", "trap-down", "key-cell", "dec", "hero-at", "boulder", "skeleton",
             "locked", "occupied", "doomed", "has-key", "odd", "steps-left", "won")

VALUED = ("parity", "phase", "flip", "trap")
"""The names the domain with the parity as a value has instead of the flag and two traps."""

_PHASES = {"ev": ("(not (odd))", "(odd)", "(trap-down {})", "(trap-up {})"),
           "od": ("(odd)", "(not (odd))", "(trap-up {})", "(trap-down {})"),
           "": ("(phase ?p) (flip ?p ?q)", "(not (phase ?p)) (phase ?q)", "(trap {} ?q)",
                "(trap {} ?p)")}
"""Per parity before the action (none, with the parity a value): what it requires of the
parity, the parity after, a trap raised after the toggle and one lowered after it."""

_HEADER = """(define (domain helltaker-typed)
  (:requirements :strips :typing :negative-preconditions)
  (:types cell dir num)
  (:constants nowhere - cell)
  (:predicates (next ?from ?to - cell ?d - dir) (wall ?c - cell) (demon ?c - cell)
    (goal-cell ?c - cell) (spikes ?c - cell) (trap-up ?c - cell) (trap-down ?c - cell)
    (key-cell ?c - cell) (dec ?n ?m - num) (hero-at ?c - cell) (boulder ?c - cell)
    (skeleton ?c - cell) (locked ?c - cell) (occupied ?c - cell) (doomed ?c - cell)
    (has-key) (odd) (steps-left ?n - num) (won))
"""


def _action(name: str, parameters: str, pre: list[str], effects: list[str]) -> str:
    return (f"  (:action {name}\n    :parameters ({parameters})\n"
            f"    :precondition (and {' '.join(pre)})\n    :effect (and {' '.join(effects)}))\n")


def _damage(phase: str, cell: str) -> list[tuple[str, list[str], bool]]:
    """Where the hero ends after the action: safe, or hurt by spikes or a raised trap."""
    raised = _PHASES[phase][2].format(cell)
    return [("safe", [f"(not (spikes {cell}))", f"(not {raised})"], False),
            ("spiked", [f"(spikes {cell})"], True), ("trapped", [raised], True)]


def _landings(phase: str) -> list[tuple[str, list[str], bool, bool]]:
    """A skeleton kicked onto the free cell ?n2: (case, its preconditions, it survives, it is
    doomed)."""
    _, _, raised, lowered = (form.format("?n2") for form in _PHASES[phase])
    return [("lands", ["(not (spikes ?n2))", f"(not {raised})", f"(not {lowered})"],
             True, False),
            ("sleeps", [lowered], True, True),
            ("onspikes", ["(spikes ?n2)"], False, False),
            ("ontrap", [raised], False, False)]


def _letter(name: str, phase: str, extra: list[str], pre: list[str], effects: list[str],
            hurt: bool, doomed_next: str = "nowhere") -> str:
    """A key press: the hero on ?h facing ?n1 along ?d, not yet next to a demon; the doomed
    skeleton ?x (or nowhere) dies; the traps swap; the counter goes down 1, or 2 if hurt."""
    flag, flipped, _, _ = _PHASES[phase]
    parameters = " ".join(["?h", "?n1", *extra, "?x"]) + " - cell ?d - dir ?n ?m" + (
        " ?r" if hurt else "") + " - num" + ("" if phase else " ?p ?q - parity")
    required = ["(hero-at ?h)", "(next ?h ?n1 ?d)", "(not (goal-cell ?h))", *pre,
                "(doomed ?x)", flag, "(steps-left ?n)", "(dec ?n ?m)",
                *(["(dec ?m ?r)"] if hurt else [])]
    done = [*effects, "(not (doomed ?x))", "(not (skeleton ?x))", "(not (occupied ?x))",
            f"(doomed {doomed_next})", flipped, "(not (steps-left ?n))",
            "(steps-left ?r)" if hurt else "(steps-left ?m)"]
    return _action(f"{name}-{phase}" if phase else name, parameters, required, done)


def _phase(phase: str) -> list[str]:
    actions = []
    for case, pre, hurt in _damage(phase, "?n1"):
        actions.append(_letter(f"step-{case}", phase, [], ["(not (occupied ?n1))",
                                                           "(not (key-cell ?n1))", *pre],
                               ["(not (hero-at ?h))", "(hero-at ?n1)"], hurt))
    actions.append(_letter("step-key", phase, [], ["(not (occupied ?n1))", "(key-cell ?n1)"],
                           ["(not (hero-at ?h))", "(hero-at ?n1)", "(has-key)"], False))
    actions.append(_letter("open-lock", phase, [], ["(locked ?n1)", "(has-key)"],
                           ["(not (locked ?n1))", "(not (occupied ?n1))", "(not (hero-at ?h))",
                            "(hero-at ?n1)"], False))
    beyond = ["(next ?n1 ?n2 ?d)"]
    for case, pre, hurt in _damage(phase, "?h"):
        actions.append(_letter(f"bump-lock-{case}", phase, [],
                               ["(locked ?n1)", "(not (has-key))", *pre], [], hurt))
        actions.append(_letter(f"kick-boulder-{case}", phase, ["?n2"],
                               ["(boulder ?n1)", *beyond, "(not (occupied ?n2))", *pre],
                               ["(not (boulder ?n1))", "(not (occupied ?n1))", "(boulder ?n2)",
                                "(occupied ?n2)"], hurt))
        actions.append(_letter(f"kick-boulder-stuck-{case}", phase, ["?n2"],
                               ["(boulder ?n1)", *beyond, "(occupied ?n2)", *pre], [], hurt))
        actions.append(_letter(f"kick-skeleton-crush-{case}", phase, ["?n2"],
                               ["(skeleton ?n1)", *beyond, "(occupied ?n2)", *pre],
                               ["(not (skeleton ?n1))", "(not (occupied ?n1))"], hurt))
        for land, landing, survives, doomed in _landings(phase):
            moved = ["(skeleton ?n2)", "(occupied ?n2)"] if survives else []
            actions.append(_letter(
                f"kick-skeleton-{case}-{land}", phase, ["?n2"],
                ["(skeleton ?n1)", *beyond, "(not (occupied ?n2))", *landing, *pre],
                ["(not (skeleton ?n1))", "(not (occupied ?n1))", *moved], hurt,
                "?n2" if doomed else "nowhere"))
    return actions


def domain_text(names: Mapping[str, str] | None = None, valued: bool = False) -> str:
    """The domain, each name of `CANONICAL` (and `VALUED`) written as `names` gives it (as
    is without); `valued`: the parity a value (module doc)."""
    header = _HEADER if not valued else _HEADER.replace("(:types cell dir num)", (
        "(:types cell dir num parity)")).replace("(trap-up ?c - cell) (trap-down ?c - cell)", (
            "(trap ?c - cell ?p - parity) (flip ?p ?q - parity)")).replace(
        "(odd)", "(phase ?p - parity)")
    phases = _phase("") if valued else _phase("ev") + _phase("od")
    text = header + "".join(phases) + _action(
        "win", "?h ?dm - cell ?d - dir", ["(hero-at ?h)", "(next ?h ?dm ?d)", "(demon ?dm)"],
        ["(won)"]) + ")\n"
    if not names:
        return text
    pattern = re.compile(r"(?<![\w?-])(" + "|".join(
        sorted(map(re.escape, names), key=len, reverse=True)) + r")(?![\w-])")
    return pattern.sub(lambda found: names[found.group(1)], text)
