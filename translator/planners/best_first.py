"""One best-first search: A* with an admissible heuristic, Dijkstra without one.

States are expanded cheapest estimate first (cost so far + heuristic), ties broken by cost
so far and then by the order in which states were reached, so a search gives the same plan
on every run. A successor is kept only when its estimate fits the cost bound and it is
reached more cheaply than before; the first goal taken from the queue is therefore a
cheapest plan within the bound, and running out of states proves that no plan fits it.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from strips_model.errors import RunError

Node = TypeVar("Node", bound=Hashable)
Label = TypeVar("Label")

_CLOCK_EVERY = 1024
"""The most expansions between two looks at the clock: on the simulator's states reading it
costs more than expanding one."""
_LOOK_EVERY_SECONDS = 0.02
"""The time aimed at between two looks: a model whose expansions take 10 ms each (forced
bookkeeping chains, repair/verify.py) held a 2 s search for 14 s when the clock was read
every 1,024 expansions."""


class SearchTimeout(RunError):
    """The search ran past its time limit."""


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[Label]):
    plan: tuple[Label, ...] | None
    """The labels of a cheapest path to a goal, or None when none fits the bound."""
    cost: int | None
    expanded: int


def _zero(_: object) -> int:
    return 0


def best_first_search(
    start: Node,
    successors: Callable[[Node], Iterable[tuple[Label, Node, int]]],
    is_goal: Callable[[Node], bool],
    bound: int,
    heuristic: Callable[[Node], int] = _zero,
    time_limit: float | None = None,
) -> SearchResult[Label]:
    """A cheapest path from `start` to a goal costing at most `bound`.

    `successors(node)` gives (label, successor, step cost) in a fixed order; `heuristic` must
    never overestimate the cost to a goal. Raises SearchTimeout after `time_limit` seconds.
    """
    if is_goal(start):
        return SearchResult((), 0, 0)
    best: dict[Node, int] = {start: 0}
    parent: dict[Node, tuple[Node, Label]] = {}
    tie = itertools.count()
    queue: list[tuple[int, int, int, Node]] = [(heuristic(start), 0, next(tie), start)]
    expanded = 0
    began = time.perf_counter()
    deadline = None if time_limit is None else began + time_limit
    next_look = 1
    # Bound once: the loop below runs hundreds of thousands of times on a classic level.
    push, pop, cost_so_far, beyond = heapq.heappush, heapq.heappop, best.get, bound + 1
    while queue:
        _, cost, _, node = pop(queue)
        if cost > best[node]:
            continue  # reached more cheaply after this entry was queued
        if is_goal(node):
            plan: list[Label] = []
            while node in parent:
                node, label = parent[node]
                plan.append(label)
            return SearchResult(tuple(reversed(plan)), cost, expanded)
        expanded += 1
        if deadline is not None and expanded >= next_look:
            now = time.perf_counter()
            if now > deadline:
                # Worded as the process runner words a timeout: one message whichever side
                # stops first.
                raise SearchTimeout(f"stopped after {time_limit:g} s ({expanded} states "
                                    "expanded)")
            # The next look after about _LOOK_EVERY_SECONDS at the rate seen so far.
            rate = expanded / max(now - began, _LOOK_EVERY_SECONDS)
            next_look = expanded + max(1, min(_CLOCK_EVERY, int(rate * _LOOK_EVERY_SECONDS)))
        for label, successor, step_cost in successors(node):
            new_cost = cost + step_cost
            estimate = new_cost + heuristic(successor)
            if estimate > bound or new_cost >= cost_so_far(successor, beyond):
                continue
            best[successor] = new_cost
            parent[successor] = (node, label)
            push(queue, (estimate, new_cost, next(tie), successor))
    return SearchResult(None, None, expanded)
