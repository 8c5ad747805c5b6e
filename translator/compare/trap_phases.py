"""Which of a trap's two words is raised, asked of the game when nothing else tells.

A trap's phases toggle both ways, so what the actions do with them does not say which is which
(vocabulary/values.py), and words no name tells apart (`qa`, `zb`, or any a student invents)
are first taken in alphabetical order. The other order is then a reading of its own: the model
is scored under both on the game's plans and the probes (reading_scores.py), and the order it
follows more of is kept, the evidence saying so (hypotheses.py asks this first).
"""

from __future__ import annotations

from dataclasses import replace

from translator.compare.models.compared import ModelOrDefect, UnbuildableModel, reread
from translator.compare.models.protocols import ComparedModel
from translator.compare.reading_scores import ScoredReading, overruled, score_reading
from translator.compare.runs.evidence import Case
from translator.compare.vocabulary.words import state_word_meaning

_PHASES = ("trap_lowered", "trap_raised")


def _swapped(model: ComparedModel) -> ModelOrDefect | None:
    """`model` with its trap's phase words the other way round; None when they are numbers
    (0 lowered, as they are ordered), a name tells one of them, or they are a phase's."""
    words = model.words
    assert words is not None
    values = dict(words.values)
    # A phase written as a value starts at its raised word: the other order is the same
    # model under renamed values (vocabulary/valued_parity.py), nothing to test.
    if "trap_flip" in dict(words.roles) or not all(
            isinstance(values.get(phase), str) for phase in _PHASES) or any(
            state_word_meaning(str(values[phase])) for phase in _PHASES):
        return None
    turned = {**values, "trap_lowered": values["trap_raised"],
              "trap_raised": values["trap_lowered"]}
    return reread(model, replace(words, values=tuple(turned.items())))


def phases_tested(model: ComparedModel, first: ScoredReading, cases: tuple[Case, ...]
                  ) -> tuple[ComparedModel, ScoredReading]:
    """`model` and its score (`first`) under the order of its trap's phase words the game
    prefers (module doc)."""
    other = _swapped(model)
    if other is None or isinstance(other, UnbuildableModel) or other.words is None:
        return model, first
    found = score_reading(other, other.words.roles, cases)
    if found is None or found.score <= first.score:
        return model, first
    values = dict(other.words.values)
    trap = dict(other.words.roles).get("trap", "the trap")
    said = tuple(overruled(sentence) if sentence.startswith(f"{trap} has a state argument")
                 else sentence for sentence in model.evidence)
    line = (f"{trap}'s phases: {values['trap_raised']} read as raised, "
            f"{values['trap_lowered']} as lowered, the order under which the model follows "
            f"more of the game ({found.shown()} key presses against {first.shown()} the other "
            "way); no name tells them apart")
    kept = reread(other, other.words, (*said, line))
    return (model, first) if isinstance(kept, UnbuildableModel) else (kept, found)
