"""Meld shapes: melds with their wild slots left open, and the ways to fill them.

A *shape* is a set's rank, naturals and number of wilds, or a run's suit, start, length
and which positions hold naturals. Shapes depend only on a rank's or a suit's naturals,
which recur from hand to hand, so they are memoised. Two views of them:

* :data:`MeldShape`, every single meld of a hand (:func:`meld_shapes`), for
  :func:`~pushrummy.contracts.single_melds` and the lay-down steps;
* :data:`Shape`, packed for the two-stage listing of
  :func:`~pushrummy.contracts.contract_options` (:func:`set_shapes`, :func:`run_shapes`).

Then the wild fills of a shape (:func:`wild_fills`) and the :class:`~pushrummy.melds.Meld`
of a declaration (:func:`build_meld`), both memoised.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Final

from ..cards import ALL_CARDS, Rank, Suit
from ..melds import Meld, MeldKind, trusted_meld
from .candidates import rank_copies, sub_multisets
from .hands import (
    ACE_HIGH,
    NIBBLE_1,
    NIBBLE_3,
    NIBBLE_5,
    NIBBLE_8,
    POPCOUNT16,
    WILD_CODES,
    Hand,
    Tables,
    position_code,
)
from .memo import bounded_memo, remember
from .parts import RUN, SET, Component
from .rules import Rules

# -- every single meld of a hand -------------------------------------------------------------

MeldShape = tuple[int, int, int, int, tuple[int, ...], int]
"""``(kind, rank or suit, start, size, body, wilds)``: a set's body is its natural codes,
a run's its template (natural codes by position, -1 at each wild place)."""


def meld_shapes(
    hand: Hand,
    rules: Rules,
    sets: bool,
    runs: bool,
    shortest_run: int = 3,
    longest_run: int = ACE_HIGH,
    which: int | None = None,
    caps: tuple[int, int] | None = None,
) -> Iterator[MeldShape]:
    """The shapes of every single meld of ``hand`` (sets first, then runs by suit; runs of
    ``shortest_run`` to ``longest_run`` cards); with ``which``, only the sets of that rank
    and the runs of that suit.

    ``caps``: ``(sets, runs)``, the most wilds a shape of each kind may hold (fewer than
    the hand's; below 0, no shape of the kind), except the sets of aces and the runs of
    clubs when the hand holds the ace of clubs, which keep every wild (the lay-down steps'
    bound, :class:`~pushrummy.contracts.steps.StepSearch`: a shape holding the ace of
    clubs comes first in step order and is not ruled out by it)."""
    wilds = hand.wilds
    presence = hand.presence
    set_wilds = run_wilds = wilds
    ace_of_clubs = -1  # the rank or suit that keeps every wild
    if caps is not None:
        set_wilds, run_wilds = min(wilds, caps[0]), min(wilds, caps[1])
        if presence & 1:  # the ace of clubs (code 0) held
            ace_of_clubs = 0
    # Sets: a rank's naturals (one per suit) and wilds, 3 or 4 cards in all.
    by_rank = presence >> 64
    if sets and rules.any_suits:  # [meld.set_suits] any: a rank's copies and wilds
        for rank, copies in enumerate(rank_copies(hand)):
            if rank in rules.set_ranks and (which is None or rank == which):
                allowed = wilds if rank == 1 and ace_of_clubs == 0 else set_wilds
                if allowed < 0:
                    continue
                for naturals, need in any_set_shapes_of(rank, copies, allowed, rules):
                    yield SET, rank, 0, len(naturals) + need, naturals, need
        sets = False
    # The wilds the filter of ranks allows: a set of aces may keep them all.
    most = wilds if ace_of_clubs == 0 else set_wilds
    if not sets or most < 0:
        ranks: list[int] = []
    elif most < 3:
        # Nibble popcounts (SWAR, as in set_candidates): the ranks held in 3 - wilds
        # suits or more; no other rank makes a set.
        x = by_rank - (by_rank >> 1 & NIBBLE_5)
        x = (x & NIBBLE_3) + (x >> 2 & NIBBLE_3)
        enough = (x + (5 + most) * NIBBLE_1) & NIBBLE_8
        ranks = [(bit.bit_length() + 3) >> 2 for bit in _bits(enough)]
    else:
        ranks = list(rules.set_ranks)
    if which is not None:
        ranks = [rank for rank in ranks if rank == which]
    for rank in ranks:
        allowed = wilds if rank == 1 and ace_of_clubs == 0 else set_wilds
        if allowed < 0:
            continue
        held = by_rank >> (4 * rank - 4) & 15
        for naturals, need in set_shapes_of(rank, held, min(allowed, 4), rules):
            yield SET, rank, 0, len(naturals) + need, naturals, need
    if not runs:
        return
    # Runs: windows of one suit's positions; every natural in one may also give way to a
    # wild (another meld may need it), and the wilds fill the rest in every order.
    for suit in range(4) if which is None else (which,):
        allowed = wilds if suit == ace_of_clubs else run_wilds
        if allowed < 0:
            continue
        suited = presence >> (13 * suit) & 0x1FFF
        if allowed < 2:
            # A run needs three positions in a row holding 3 - wilds naturals or more
            # (a longer run with at most one wild holds such three).
            p = (suited << 1) | ((suited & 1) << ACE_HIGH)
            if allowed:
                p = (p & p >> 1) | (p & p >> 2) | (p >> 1 & p >> 2)
            else:
                p &= p >> 1 & p >> 2
            if not p:
                continue
        elif not suited and allowed < 3:
            continue
        both_aces = suited & 1 and hand.codes.count(13 * suit) >= 2
        shapes = run_shapes_of(
            suit,
            suited,
            bool(both_aces),
            min(allowed, rules.max_run),
            rules,
            shortest_run,
            longest_run,
        )
        for start, size, template, need in shapes:
            if need <= allowed:
                yield RUN, suit, start, size, template, need


def _bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first, each as a power of two."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def set_shapes_of(
    rank: int, held: int, wilds: int, rules: Rules
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The sets of ``rank`` from the suits ``held`` and up to ``wilds`` wilds (at most 4):
    their natural codes and how many wilds each needs. Memoised."""
    key = (rank, held, wilds, id(rules))  # ints only: see candidates._SUIT_RUNS
    shapes = _SET_SHAPES.get(key)
    if shapes is None:
        found = []
        for suits in range(16):
            if suits & held != suits:
                continue
            naturals = tuple(suit * 13 + rank - 1 for suit in range(4) if suits >> suit & 1)
            count = len(naturals)
            for need in range(max(0, 3 - count), min(wilds, 4 - count) + 1):
                if rules.allows(count, need):
                    found.append((naturals, need))
        shapes = remember(_SET_SHAPES, key, tuple(found))
    return shapes


_SET_SHAPES: dict[tuple[object, ...], tuple[tuple[tuple[int, ...], int], ...]] = bounded_memo(
    20_000
)


def any_set_shapes_of(
    rank: int, copies: tuple[int, ...], wilds: int, rules: Rules
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """:func:`set_shapes_of` with ``set_suits=any`` ([meld.set_suits]): the sets of ``rank``
    from the ``copies`` held of each suit and up to ``wilds`` wilds, 3 to
    :attr:`~pushrummy.contracts.rules.Rules.max_set` cards. Memoised."""
    key = (rank, copies, wilds, id(rules))
    shapes = _ANY_SET_SHAPES.get(key)
    if shapes is None:
        found = []
        for chosen in sub_multisets(copies, 0, rules.max_set):
            naturals = tuple(suit * 13 + rank - 1 for suit in range(4) for _ in range(chosen[suit]))
            count = len(naturals)
            for need in range(max(0, 3 - count), min(wilds, rules.max_set - count) + 1):
                if rules.allows(count, need):
                    found.append((naturals, need))
        shapes = remember(_ANY_SET_SHAPES, key, tuple(found))
    return shapes


_ANY_SET_SHAPES: dict[tuple[object, ...], tuple[tuple[tuple[int, ...], int], ...]] = bounded_memo(
    20_000
)


def run_shapes_of(
    suit: int,
    suited: int,
    both_aces: bool,
    wilds: int,
    rules: Rules,
    smallest: int = 3,
    biggest: int = ACE_HIGH,
) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    """The runs of ``suit`` of ``smallest`` to ``biggest`` cards from its naturals
    ``suited`` (bit ``rank - 1``) and up to ``wilds`` wilds: ``(start, size, template,
    wilds needed)``, the template holding the natural's code at each position it keeps
    and -1 at each wild slot. Memoised: a suit's few naturals repeat from hand to hand."""
    key = (suit, suited, both_aces, wilds, id(rules), smallest, biggest)
    shapes = _RUN_SHAPES.get(key)
    if shapes is None:
        shapes = remember(
            _RUN_SHAPES,
            key,
            _new_run_shapes(suit, suited, both_aces, wilds, rules, smallest, biggest),
        )
    return shapes


_RUN_SHAPES: dict[tuple[object, ...], tuple[tuple[int, int, tuple[int, ...], int], ...]] = (
    bounded_memo(50_000)
)


def _new_run_shapes(
    suit: int,
    suited: int,
    both_aces: bool,
    wilds: int,
    rules: Rules,
    smallest: int,
    biggest: int = ACE_HIGH,
) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    max_run = min(rules.max_run, biggest)
    positions = (suited << 1) | ((suited & 1) << ACE_HIGH)  # an ace is low and high
    codes = _POSITION_CODES[suit]
    found = []
    window_mask = (1 << smallest) - 1
    for start in range(1, ACE_HIGH - 1):
        # Runs from ``start`` lack naturals at no fewer positions than the shortest one
        # does (see the break below): if it already needs too many wilds, or does not
        # fit, nothing starts here. Most starts of a hand's suit end here.
        longest = min(max_run, ACE_HIGH + 1 - start)
        shortest_naturals = (positions >> start & window_mask).bit_count()
        if smallest > longest or smallest - shortest_naturals > wilds:
            continue
        held = 0
        window: list[int] = []  # the window's template: natural codes, -1 for a gap
        kept: list[int] = []  # the window's natural positions, relative to start
        for end in range(start, min(start + max_run - 1, ACE_HIGH) + 1):
            if positions >> end & 1:
                held += 1
                kept.append(end - start)
                window.append(codes[end])
            else:
                window.append(-1)
            size = end - start + 1
            if size - held > wilds:
                break  # longer windows from this start lack even more naturals
            if size < smallest:
                continue
            # Both aces of the suit in one run need two aces in hand.
            double_ace = start == 1 and end == ACE_HIGH and positions & 2 and not both_aces
            for dropped in range(held + 1):
                need = size - held + dropped
                if need > wilds:
                    break
                if not rules.allows(size - need, need):
                    continue
                for gone in combinations(kept, dropped):
                    if double_ace and 0 not in gone and size - 1 not in gone:
                        continue  # one ace cannot stand at both ends
                    if gone:
                        template = list(window)
                        for index in gone:
                            template[index] = -1
                        found.append((start, size, tuple(template), need))
                    else:
                        found.append((start, size, tuple(window), need))
    return tuple(found)


_POSITION_CODES = tuple(
    tuple(-1 if position == 0 else position_code(suit, position) for position in range(15))
    for suit in range(4)
)
"""The natural card code at each run position (1..14) of each suit."""


# -- the listing's shapes ----------------------------------------------------------------------


Shape = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
"""A shape: ``(key, naturals, template, wilds, use)``, read through the indices below.

A plain tuple rather than a NamedTuple: shapes are memoised by the thousand, and the
garbage collector stops tracking exact tuples of ints, not tuple subclasses, so every
full collection would walk them all.
"""
KEY: Final = 0
NATURALS: Final = 1
TEMPLATE: Final = 2
WILDS: Final = 3
USE: Final = 4
"""``key``: the sort key: kind (:data:`SET` or :data:`RUN`), rank or suit, start (0 for sets), size.
``naturals``: the natural codes used, sorted. ``template``: runs: the code at every
position, -1 for a wild slot; sets: the naturals. ``wilds``: how many wilds it holds.
``use``: the packed naturals."""


def size_ok(comps: tuple[Component, ...], kind: int, rules: Rules) -> set[int]:
    """The meld sizes that can fill some component of the ``kind``."""
    sizes = [size for comp_kind, size in comps if comp_kind == kind]
    if not sizes:
        return set()
    top = rules.max_run if kind == RUN else rules.max_set
    if rules.exact:
        return {size for size in sizes if size <= top}
    return set(range(min(sizes), top + 1))


def set_shapes(
    hand: Hand, sizes: set[int], rules: Rules, tables: Tables, wilds: int
) -> list[Shape]:
    """The set shapes of ``hand`` of the ``sizes``, holding at most ``wilds`` wilds (no
    more than the hand's)."""
    shapes: list[Shape] = []
    if not sizes:
        return shapes  # the contract has no set
    if rules.any_suits:  # [meld.set_suits] any: a rank's copies
        units = tables.units
        for rank, copies in enumerate(rank_copies(hand)):
            if rank not in rules.set_ranks or sum(copies) + wilds < 3:
                continue
            for naturals, need in any_set_shapes_of(rank, copies, min(wilds, max(sizes)), rules):
                if len(naturals) + need in sizes:
                    key = (SET, rank, 0, len(naturals) + need)
                    use = sum(units[code] for code in naturals)
                    shapes.append((key, naturals, naturals, need, use))
        return shapes
    by_rank = hand.presence >> 64
    for rank in rules.set_ranks:
        held = by_rank >> (4 * rank - 4) & 15
        if POPCOUNT16[held] + wilds < 3:
            continue  # not even 3 cards
        for shape in _set_shape_list(rank, held, min(wilds, 4), rules, tables):
            if shape[KEY][3] in sizes:
                shapes.append(shape)
    return shapes


def _set_shape_list(
    rank: int, held: int, wilds: int, rules: Rules, tables: Tables
) -> tuple[Shape, ...]:
    """The set shapes of :func:`set_shapes_of`, as :class:`Shape` values. Memoised."""
    key = (rank, held, wilds, id(rules), tables.field)
    shapes = _SET_SHAPE_LISTS.get(key)
    if shapes is None:
        shapes = remember(
            _SET_SHAPE_LISTS,
            key,
            tuple(
                (
                    (SET, rank, 0, len(naturals) + need),
                    naturals,
                    naturals,
                    need,
                    tables.set_use[rank][sum(1 << (code // 13) for code in naturals)],
                )
                for naturals, need in set_shapes_of(rank, held, wilds, rules)
            ),
        )
    return shapes


_SET_SHAPE_LISTS: dict[tuple[object, ...], tuple[Shape, ...]] = bounded_memo(20_000)


def run_shapes(
    hand: Hand, sizes: set[int], rules: Rules, tables: Tables, wilds: int
) -> list[Shape]:
    """The run shapes of ``hand`` of the ``sizes``, holding at most ``wilds`` wilds (no
    more than the hand's)."""
    shapes: list[Shape] = []
    if not sizes:
        return shapes  # the contract has no run
    smallest = min(sizes)
    for suit in range(4):
        suited = hand.presence >> (13 * suit) & 0x1FFF
        if not suited and wilds < smallest:
            continue
        both_aces = bool(suited & 1) and hand.codes.count(13 * suit) >= 2
        for shape in _run_shape_list(
            suit, suited, both_aces, min(wilds, rules.max_run), rules, tables, smallest
        ):
            if shape[KEY][3] in sizes:
                shapes.append(shape)
    return shapes


def _run_shape_list(
    suit: int,
    suited: int,
    both_aces: bool,
    wilds: int,
    rules: Rules,
    tables: Tables,
    smallest: int,
) -> tuple[Shape, ...]:
    """The run shapes of :func:`run_shapes_of`, as :class:`Shape` values. Memoised."""
    key = (suit, suited, both_aces, wilds, id(rules), tables.field, smallest)
    shapes = _RUN_SHAPE_LISTS.get(key)
    if shapes is None:
        shapes = remember(
            _RUN_SHAPE_LISTS,
            key,
            tuple(
                _run_shape(suit, start, size, template, need, tables)
                for start, size, template, need in run_shapes_of(
                    suit, suited, both_aces, wilds, rules, smallest
                )
            ),
        )
    return shapes


_RUN_SHAPE_LISTS: dict[tuple[object, ...], tuple[Shape, ...]] = bounded_memo(20_000)


def _run_shape(
    suit: int, start: int, size: int, template: tuple[int, ...], wilds: int, tables: Tables
) -> Shape:
    naturals = [code for code in template if code >= 0]
    units = tables.units
    use = 0
    for code in naturals:
        use += units[code]  # a run holding both aces uses the ace twice
    naturals.sort()
    return (RUN, suit, start, size), tuple(naturals), template, wilds, use


# -- wild fills, and melds from declarations ------------------------------------------------


def wild_fills(pool: list[int], count: int, ordered: bool) -> Iterator[tuple[int, ...]]:
    """Every way to take ``count`` wilds from ``pool`` (copies per wild code, in
    :data:`WILD_CODES` order): sorted multisets, or sequences when ``ordered``."""
    if count == 0:
        yield ()
        return
    for index, code in enumerate(WILD_CODES):
        if pool[index]:
            pool[index] -= 1
            for rest in wild_fills(pool, count - 1, ordered):
                if ordered or not rest or rest[0] >= code:
                    yield (code, *rest)
            pool[index] += 1


def wild_fills_cached(pool: list[int], count: int, ordered: bool) -> tuple[tuple[int, ...], ...]:
    """:func:`wild_fills` of ``pool``, memoised (pools and counts are few)."""
    key = (*pool, count, ordered)
    fills = _FILLS_CACHE.get(key)
    if fills is None:
        fills = remember(_FILLS_CACHE, key, tuple(wild_fills(list(pool), count, ordered)))
    return fills


_FILLS_CACHE: dict[tuple[object, ...], tuple[tuple[int, ...], ...]] = bounded_memo(10_000)


_MELD_CACHE: dict[tuple[int, ...], Meld] = bounded_memo(12_000)
"""The Meld of each declaration. Melds are objects the garbage collector tracks (two each,
with their cards), and every full collection walks them all: 50,000 of them made pauses of
up to 60 ms in long runs, so the memo is kept to 12,000 (random playouts took the same
time with 12,000, 24,000 or 50,000)."""


def build_meld(decl: tuple[int, ...]) -> Meld:
    """The Meld of a declaration; cached because melds are values.

    ``decl`` is ``(SET, rank, *sorted codes)`` or ``(RUN, suit, start, *codes)``.
    The search only declares valid melds, so they are built without re-validation.
    """
    meld = _MELD_CACHE.get(decl)
    if meld is None:
        if decl[0] == SET:
            cards = tuple([ALL_CARDS[code] for code in decl[2:]])
            meld = trusted_meld(MeldKind.SET, cards, _RANKS[decl[1]], None, None)
        else:
            cards = tuple([ALL_CARDS[code] for code in decl[3:]])
            meld = trusted_meld(MeldKind.RUN, cards, None, _SUITS[decl[1]], decl[2])
        remember(_MELD_CACHE, decl, meld)
    return meld


_RANKS: tuple[Rank, ...] = (Rank.ACE, *Rank)
"""Rank by value (index 0 unused): a tuple index instead of an Enum call."""
_SUITS: tuple[Suit, ...] = tuple(Suit)
