"""Steps 3 and 4 of the SAS+ translation (sas_translation.py): what no plan can use goes.

3. One pass of reachability in each variable's transition graph: values no operator can
   reach from the initial value go, with the operators that require them.
4. Relevance: only variables the goal depends on through the causal graph stay.

These are the steps of Fast Downward's translator after its grounding. Both work on the
operators' columns (sas_operators.py `Slots`) and on (variable, value) pairs numbered in one
row by the variables' offsets (sas_variables.py `Variables.offsets`).
"""

from __future__ import annotations

import numpy as np

from translator.ground.sas_operators import Slots
from translator.ground.sas_variables import Ints, Mask


def reachable_values(offsets: Ints, initial: list[int], slots: list[Slots]) -> Mask:
    """Whether each (variable, value), flat by the variables' offsets, is reachable from the
    variable's initial value in its transition graph: a breadth-first search of all
    variables at once over the unique arcs (value before -> value after; an effect without
    a condition on its variable reaches its value from any)."""
    total = int(offsets[-1])
    # One integer per arc, so that np.unique sorts a flat array: (before + 1) numbered
    # within the variable, past offsets that leave room for "any", times the widest domain,
    # plus the value after. Sorted keys are sorted by the arc's source.
    sizes = np.diff(offsets)
    spaced = np.append(0, np.cumsum(sizes + 1))
    width = int(sizes.max()) if len(sizes) else 1
    # Made unique per block first: a block's hash table stays in the caches, and the
    # blocks repeat most arcs.
    keys = [np.unique(((spaced[slot.effect_variables] + slot.effect_before + 1) * width
                       + slot.effect_values)[slot.effect_variables >= 0]) for slot in slots]
    unique = np.unique(np.concatenate(keys)) if keys else np.zeros(0, dtype=np.int64)
    source, after = np.divmod(unique, width)
    owner = np.searchsorted(spaced, source, side="right") - 1
    before = source - spaced[owner] - 1
    targets = offsets[owner] + after
    anywhere = before < 0
    reached = np.zeros(total, dtype=np.bool_)
    reached[offsets[:-1] + np.asarray(initial, dtype=np.int64)] = True
    reached[targets[anywhere]] = True
    sources, targets = (offsets[owner] + before)[~anywhere], targets[~anywhere]
    first_arc = np.searchsorted(sources, np.arange(total + 1))
    frontier = np.flatnonzero(reached)
    place = np.zeros(total, dtype=np.int64)
    while len(frontier):
        begin, end = first_arc[frontier], first_arc[frontier + 1]
        lengths = end - begin
        if not lengths.any():
            break
        # The arcs of every frontier node, gathered as one index array.
        steps = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        found = targets[np.repeat(begin, lengths) + steps]
        found = found[~reached[found]]
        # Each node once, without sorting: the last write of a node's place wins.
        place[found] = np.arange(len(found))
        found = found[place[found] == np.arange(len(found))]
        reached[found] = True
        frontier = found
    return reached


def without_unreached(slot: Slots, reachable: Mask, offsets: Ints) -> Slots:
    """The operators of `slot` whose conditions are all reachable values; `reachable` has a
    last entry, True, for the conditions left out (-1)."""
    if not len(slot.rows):
        return slot
    flat = np.where(slot.condition_variables >= 0,
                    offsets[slot.condition_variables] + slot.condition_values, -1)
    keep = np.all(reachable[flat], axis=1)
    return slot if keep.all() else slot.kept(keep)


def relevant(candidates: Mask, goal: dict[int, int], slots: list[Slots], count: int) -> Mask:
    """The variables the goal depends on through the causal graph (an operator changing a
    necessary variable makes the candidates among its conditions necessary), one layer of
    the backward search per pass over all operators' columns: the layers are few, where
    the graph's edges are a dozen per operator and costly to make unique."""
    necessary = np.zeros(count + 1, dtype=np.bool_)  # the last entry answers -1: never
    necessary[list(goal)] = True
    candidates = candidates.copy()
    candidates[-1] = False
    wanted = [slot for slot in slots
              if len(slot.rows) and slot.condition_variables.shape[1]]
    changed = True
    while changed:
        changed = False
        for slot in wanted:
            hit = np.any(necessary[slot.effect_variables], axis=1)
            fresh = slot.condition_variables[hit].ravel()
            fresh = fresh[candidates[fresh] & ~necessary[fresh]]
            if len(fresh):
                necessary[fresh] = True
                changed = True
    return necessary
