"""Groups of things joined pairwise (union-find): the parameters of a schema that its literals
join (schema_parts.py), the argument places of a planning view that a variable fills together
(translator/compare/models/complement_domains.py)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

Item = TypeVar("Item", bound=Hashable)


class Groups(Generic[Item]):
    """Each item's group, named by one of its items (`find`); an item never joined is alone."""

    def __init__(self) -> None:
        self._parent: dict[Item, Item] = {}

    def find(self, item: Item) -> Item:
        parent = self._parent.setdefault(item, item)
        while parent != item:
            self._parent[item] = self._parent[parent]  # halve the path as it is walked
            item, parent = parent, self._parent[parent]
        return item

    def join(self, items: Iterable[Item]) -> None:
        """One group for `items` and every item already in a group with one of them."""
        first: Item | None = None
        for item in items:
            root = self.find(item)
            if first is None:
                first = root
            elif root != first:
                self._parent[root] = first
