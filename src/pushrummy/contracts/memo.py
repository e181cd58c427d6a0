"""The one memo helper of the contract search: :func:`bounded_memo` and :func:`remember`.

Every process-wide memo of the search is a plain dict made by :func:`bounded_memo`, which
gives it its limit, and written only through :func:`remember`, which empties it when it
is full. Reading is the dict's own: ``memo.get(key)`` (``None`` on a miss, where ``None``
is not a value), ``key in memo`` and ``memo[key]``. The memos are plain dicts, not a dict
subclass, because the search reads them millions of times: CPython's fast path for a
dict's ``get`` and ``[]`` is for the exact type, and a subclass costs some 10 ns more per
read, a few percent of the search.

Why empty a memo all at once rather than evict the least recently used entries: the
functions memoised are pure, so forgetting costs only recomputing, and play asks for the
same few thousand keys over and over, so an emptied memo refills with what matters within
a few calls; an LRU would add bookkeeping to every hit (hits far outnumber misses) to
save those refills. The limits bound memory (a few to a few tens of MB per memo) and the
pause of one clear.

Memos that live for one call (the lister's, the lay-down steps') are plain dicts, dropped
with the call. Interning tables (one ``Rules`` per options, in ``rules``) are plain dicts
too, never emptied: their values' ids are parts of memo keys.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_LIMITS: dict[int, int] = {}
"""The limit of each memo, by the memo's id. Memos are module globals: they live, and keep
their ids, as long as the process."""


def bounded_memo(limit: int) -> dict[K, V]:
    """A new, empty memo that :func:`remember` keeps to at most ``limit`` entries."""
    memo: dict[K, V] = {}
    _LIMITS[id(memo)] = limit
    return memo


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """Store ``value`` at ``key`` in ``memo`` (a :func:`bounded_memo`), first emptying the
    memo if it is full; return ``value``."""
    if len(memo) >= _LIMITS[id(memo)]:
        memo.clear()
    memo[key] = value
    return value
