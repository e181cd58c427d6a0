"""The one memo helper of the contract search: :class:`BoundedMemo`.

Every process-wide memo of the search is one, with its own limit; memos that live for one
call (the lister's, the lay-down steps') are plain dicts, dropped with the call.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedMemo(dict[K, V]):
    """The memo of a pure function: a dict that empties itself when it is full.

    Reading is the dict's own, at the dict's speed: ``memo.get(key)`` (``None`` on a miss,
    where ``None`` is not a value), ``key in memo``, and ``memo[key]``, which on a miss
    computes, stores and returns the value when the memo has a ``compute`` function (else
    raises ``KeyError``). Writing is :meth:`put`, which first empties the memo if it holds
    ``limit`` entries.

    Why empty it all rather than evict the least recently used: the functions memoised
    are pure, so forgetting costs only recomputing, and play asks for the same few
    thousand keys over and over, so an emptied memo refills with what matters within a
    few calls; an LRU would add bookkeeping to every hit (hits far outnumber misses) to
    save those refills. The limits bound memory (a few to a few tens of MB per memo) and
    the pause of one clear.

    Interning tables (one ``Rules`` per options, in ``rules``) are plain dicts, never
    emptied: their values' ids are parts of memo keys.
    """

    __slots__ = ("compute", "limit")

    def __init__(self, limit: int, compute: Callable[[K], V] | None = None) -> None:
        super().__init__()
        self.limit = limit
        """The most entries held; :meth:`put` empties the memo when it holds this many."""
        self.compute = compute
        """The function memoised, for ``memo[key]``; ``None`` when callers compute."""

    def put(self, key: K, value: V) -> V:
        """Store ``value`` at ``key`` (emptying the memo first if it is full); return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __missing__(self, key: K) -> V:
        if self.compute is None:
            raise KeyError(key)
        return self.put(key, self.compute(key))
