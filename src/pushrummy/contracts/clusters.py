"""Feasibility by independent clusters: :func:`clustered_fit`, the answer of the feasibility
search in time that grows with the number of the contract's parts instead of multiplying.

The backtracking of :func:`~pushrummy.contracts.feasibility.fit` picks one candidate per
component. When the answer is "no", it must try every combination of candidates before
it knows, and a hand of many small melds in separate places (a contract of ``k`` runs of
3, a hand of ``k`` runs of 4) has exponentially many in ``k``: each place offers a few
candidates, and the picks multiply.

Here the same question is answered another way. Two candidates *interact* only if they
use a card code in common: candidates that share none never compete for a card. So the
candidates that fit what is left fall into *clusters* (the connected groups of the
"shares a card code" relation: for runs, a stretch of one suit's positions; for sets, a
rank's suits), and a cluster's cards matter to no other cluster; only the wilds are
shared by all. Cards no candidate uses are in no cluster. For each cluster a table says,
for every multiset ``S`` of the contract's components, the fewest wilds with which the
cluster's cards fill ``S`` (:func:`_cluster_table`). Tables combine cluster by cluster,
the wilds adding up (:func:`clustered_fit`); the components no cluster fills are left to
melds of wilds only. The contract can be met exactly when the combined tables fill all
of it within the wilds held.

A cluster's table is made by a sweep over its card codes in rank-major order: the first
code held is either used by one more candidate (one whose first card it is: every card
that candidate uses is still held, so none comes before), or by none, and then dropped.
Memoised on what is left of the cluster, this visits each reachable remainder once. For
runs a remainder is what is left after some position of the suit, less the few cards the
melds started before it took; for sets, the rest of a rank; so the work grows with the
cluster, not with the number of ways to pick its melds. (Sets and runs mixed in one dense
cluster can leave holes far ahead in any order, and contracts of many different parts
make big tables: past a bound of work (:data:`_MOST_WORK`) the backtracking answers.)
Tables are memoised across calls by the cluster's content (its cards and candidates): the
lay-down steps ask about many hands that differ in one place, and the clusters elsewhere
recur.

Multisets ``S`` are packed into ints (:class:`Multisets`), so a table is a dict of ints.
"""

from __future__ import annotations

from .candidates import Candidate
from .memo import bounded_memo, remember
from .parts import Component

_NONE = 1 << 30
"""More wilds than any hand holds: "cannot"."""


class Multisets:
    """Multisets of one contract's components, packed into ints: ``counts[t]`` of the
    ``t``-th distinct component at most.

    Each component has a field wide enough for twice its count, and a multiset is the
    sum of its components' units (:attr:`units`). A sum of two multisets holds too many of
    some component exactly when adding :attr:`offset` sets one of the fields' top bits
    (:attr:`tops`): one addition and one mask test, as for the packed cards.
    """

    __slots__ = ("counts", "full", "offset", "shifts", "tops", "units", "widths")

    def __init__(self, counts: tuple[int, ...]) -> None:
        self.counts = counts
        self.shifts: list[int] = []
        self.widths: list[int] = []
        shift = offset = tops = full = 0
        for count in counts:
            width = count.bit_length() + 1  # 2 ** (width - 1) > count
            top = 1 << (width - 1)
            self.shifts.append(shift)
            self.widths.append(width)
            offset += (top - 1 - count) << shift
            tops += top << shift
            full += count << shift
            shift += width
        self.units = [1 << shift for shift in self.shifts]
        self.offset = offset
        self.tops = tops
        self.full = full
        """The contract's own multiset."""

    def short(self, s: int) -> list[int]:
        """Per component, how many more the contract has than the multiset ``s``."""
        left = self.full - s
        fields = zip(self.shifts, self.widths, strict=True)
        return [left >> shift & (1 << width) - 1 for shift, width in fields]


def multisets_of(counts: tuple[int, ...]) -> Multisets:
    """The :class:`Multisets` of ``counts``, memoised."""
    packing = _MULTISETS.get(counts)
    if packing is None:
        packing = remember(_MULTISETS, counts, Multisets(counts))
    return packing


_MULTISETS: dict[tuple[int, ...], Multisets] = bounded_memo(256)


def clustered_fit(
    comps: tuple[Component, ...],
    by_comp: dict[Component, list[Candidate]],
    remaining: int,
    wilds: int,
    guards: int,
) -> bool | None:
    """Whether one candidate per component of ``comps`` (from ``by_comp``, each list
    sorted by wilds) fits the packed naturals ``remaining`` (guard bits set) and
    ``wilds`` together: the answer of :func:`~pushrummy.contracts.feasibility.fit`,
    found cluster by cluster. ``None`` when the tables would take too long
    (:data:`_MOST_WORK`; then ask the backtracking)."""
    types: list[Component] = []
    counts: list[int] = []
    for comp in comps:
        if types and types[-1] == comp:
            counts[-1] += 1
        elif comp in types:
            counts[types.index(comp)] += 1
        else:
            types.append(comp)
            counts.append(1)
    packing = multisets_of(tuple(counts))
    field = (guards & -guards).bit_length()  # the guard bit is a field's top bit
    marks = _marks_of(field)
    # The candidates that fit, with their footprints (a bit per card code used), into
    # clusters: (footprint of the cluster, its candidates).
    clusters: list[tuple[int, list[tuple[int, int, int, int]]]] = []
    wild_only = [_NONE] * len(types)
    for t, comp in enumerate(types):
        for need, use, _ in by_comp[comp]:
            if need > wilds:
                break  # sorted by wilds
            if not use:
                wild_only[t] = min(wild_only[t], need)
                continue
            if (remaining - use) & guards != guards:
                continue
            mark = marks.get(use) or _mark(marks, use, field)
            footprint = mark[0]
            item = (t, need, use, mark[1])
            joined = [cluster for cluster in clusters if cluster[0] & footprint]
            if not joined:
                clusters.append((footprint, [item]))
                continue
            members = [item]
            for cluster in joined:
                footprint |= cluster[0]
                members += cluster[1]
                clusters.remove(cluster)
            clusters.append((footprint, members))
    total = {0: 0}
    offset, tops = packing.offset, packing.tops
    field_mask = (1 << field) - 1
    work = _MOST_WORK
    for footprint, members in clusters:
        mask = footprint * field_mask
        members.sort()
        table = _cluster_table(remaining & mask, guards & mask, field, wilds, packing, members)
        if table is None:
            return None
        work -= len(total) * len(table)
        if work < 0:
            return None
        combined: dict[int, int] = {}
        for a, used in total.items():
            for b, more in table.items():
                s = a + b
                if (s + offset) & tops:
                    continue  # more of a component than the contract has
                both = used + more
                if both <= wilds and combined.get(s, _NONE) > both:
                    combined[s] = both
        total = combined
    if total.get(packing.full, _NONE) <= wilds:
        return True
    if min(wild_only) == _NONE:
        return False  # no meld of wilds only at all: the clusters must fill every component
    # The components no cluster fills: melds of wilds only.
    for s, used in total.items():
        wilds_only = sum(
            short * need for short, need in zip(packing.short(s), wild_only, strict=True) if short
        )
        if used + wilds_only <= wilds:
            return True
    return False


def _cluster_table(
    remaining: int,
    guards: int,
    field: int,
    wilds: int,
    packing: Multisets,
    members: list[tuple[int, int, int, int]],
) -> dict[int, int] | None:
    """For one cluster (its packed naturals ``remaining`` with its fields' ``guards``, and
    its candidates ``members``: component index, wilds, packed use, first card code in the
    sweep's order), the
    fewest wilds (at most ``wilds``) that fill each multiset of components; ``None`` if
    the sweep would take more than :data:`_MOST_WORK`. Memoised."""
    key = (remaining, wilds, packing.counts, *members)
    if key in _TABLES:
        return _TABLES[key]
    # The candidates by their first card code in the sweep's order.
    by_first: dict[int, list[tuple[int, int, int]]] = {}
    for t, need, use, first in members:
        by_first.setdefault(first, []).append((t, need, use))
    count_bits = (1 << (field - 1)) - 1  # a field's count bits
    ranks = [mask & guards for mask in _rank_masks(field)]  # each rank's guard bits
    ranks = [(mask >> (field - 1)) * count_bits for mask in ranks if mask]
    units, offset, tops = packing.units, packing.offset, packing.tops
    memo: dict[int, dict[int, int]] = {}
    work = [_MOST_WORK]

    def sweep(left: int) -> dict[int, int]:
        known = memo.get(left)
        if known is not None:
            return known
        for rank in ranks:
            held = left & rank
            if held:
                break
        else:
            memo[left] = found = {0: 0}
            return found
        code = ((held & -held).bit_length() - 1) // field
        this = held & (count_bits << (code * field))  # the copies of the first code
        found = dict(sweep(left - this))  # no more candidates use this code
        for t, need, use in by_first.get(code, ()):
            rest = left - use
            if rest & guards != guards:
                continue
            unit = units[t]
            after = sweep(rest)
            work[0] -= len(after)
            for s, used in after.items():
                more = s + unit
                if (more + offset) & tops:
                    continue  # more of this component than the contract has
                total = used + need
                if total <= wilds and found.get(more, _NONE) > total:
                    found[more] = total
        memo[left] = found
        work[0] -= len(found)
        if work[0] < 0:
            raise _TooBig
        return found

    try:
        table: dict[int, int] | None = sweep(remaining)
    except _TooBig:
        table = None
    return remember(_TABLES, key, table)


def _marks_of(field: int) -> dict[int, tuple[int, int]]:
    """The memo of :func:`_mark` for packed uses of ``field`` bits per card code."""
    marks = _MARKS.get(field)
    if marks is None:
        marks = remember(_MARKS, field, bounded_memo(20_000))
    return marks


def _mark(marks: dict[int, tuple[int, int]], use: int, field: int) -> tuple[int, int]:
    """The footprint of a candidate's packed naturals ``use`` (the lowest bit of the field
    of every card code it uses) and its first card code in the sweep's order; memoised
    in ``marks``."""
    footprint = 0
    first = -1
    for code in range(53):
        if use >> (code * field) & ((1 << field) - 1):
            footprint |= 1 << (code * field)
            if first < 0 or _SWEEP_PLACE[code] < _SWEEP_PLACE[first]:
                first = code
    return remember(marks, use, (footprint, first))


_MARKS: dict[int, dict[int, tuple[int, int]]] = bounded_memo(64)
"""Per field width, the memo of :func:`_mark`."""


_SWEEP_PLACE = tuple((code % 13) * 4 + code // 13 for code in range(53))
"""The sweep's order of the card codes: rank-major (aces, twos .. kings; clubs .. spades
within a rank)."""


def _rank_masks(field: int) -> tuple[int, ...]:
    """Per rank (ace first), the guard bits of its four card codes' fields, memoised."""
    masks = _RANK_MASKS.get(field)
    if masks is None:
        top = 1 << (field - 1)
        masks = tuple(
            sum(top << ((suit * 13 + rank) * field) for suit in range(4)) for rank in range(13)
        )
        masks = remember(_RANK_MASKS, field, masks)
    return masks


_RANK_MASKS: dict[int, tuple[int, ...]] = bounded_memo(64)


_MOST_WORK = 20_000
"""The most table entries a cluster's sweep may read and make (a few milliseconds), and
the most pairs of entries the tables' combination may try. A cluster of runs visits a
few dozen remainders (a suffix of the cluster less what the melds started before it
took), with small tables; sets and runs mixed in one dense cluster can make remainders
without end (a set takes cards far apart in the sweep's order, and those holes add up),
and a contract of many different parts makes big tables. Past it the backtracking
answers, as if the clusters had not been asked."""


class _TooBig(Exception):
    """A cluster's sweep has visited too many remainders."""


_TABLES: dict[tuple[object, ...], dict[int, int] | None] = bounded_memo(20_000)
"""Memo of :func:`_cluster_table` (``None``: too big to make)."""
