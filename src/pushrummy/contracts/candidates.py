"""The candidates of the feasibility search: the minimal melds that can fill a component.

For feasibility wilds are interchangeable, so a candidate is the natural cards it uses
plus a number of wilds, and only *minimal* candidates matter: every candidate has
exactly its component's size, except under a wild limit, where a longer run can qualify
when none of its parts does (:func:`_long_runs`). Candidates come from the hand's
bitmasks (per suit, the run positions held; per rank, the suits held), with per-suit and
per-rank results memoised.
"""

from __future__ import annotations

from itertools import combinations

from .hands import (
    ACE_HIGH,
    NIBBLE_1,
    NIBBLE_3,
    NIBBLE_5,
    NIBBLE_8,
    POPCOUNT16,
    SET_RANKS,
    Hand,
    Tables,
)
from .memo import bounded_memo, remember
from .parts import RUN, SET
from .rules import Rules

# A candidate is (wilds, use, info): how many wilds it needs, the packed natural cards it
# uses, and what to build it from (for examples): (SET, rank, suit bits) or
# (RUN, suit, position bits); no suit bits or position bits mean wilds only. Candidate
# lists are sorted by wilds; within one list, uses are unique.

Candidate = tuple[int, int, tuple[int, int, int]]


def set_candidates(
    hand: Hand, size: int, wilds: int, rules: Rules, tables: Tables
) -> list[Candidate]:
    found: list[Candidate] = []
    if size > rules.max_set:
        return found
    least = max(size - wilds, rules.least[size])
    if least <= size and rules.any_suits:
        found += any_suit_sets(hand, size, least, tables, rules.set_ranks)
    elif least <= size:
        # Nibble popcounts of the rank-major mask (SWAR): the ranks held in enough suits.
        ranks = x = hand.presence >> 64
        x -= x >> 1 & NIBBLE_5
        x = (x & NIBBLE_3) + (x >> 2 & NIBBLE_3)
        enough = (x + (8 - least) * NIBBLE_1) & NIBBLE_8
        while enough:
            top = enough & -enough
            enough ^= top
            rank = top.bit_length() >> 2
            held = ranks >> (4 * rank - 4) & 15
            key = (held, rank, size, least, tables.field)
            sets = _RANK_SETS.get(key)
            if sets is None:
                sets = remember(_RANK_SETS, key, _rank_sets(held, rank, size, least, tables))
            found += sets
    if size <= wilds and rules.allows(0, size):
        found.append((size, 0, (SET, 0, 0)))  # wilds only
    found.sort()
    return found


def _rank_sets(
    held: int, rank: int, size: int, least: int, tables: Tables
) -> tuple[Candidate, ...]:
    """The minimal sets of ``rank`` from the suits ``held``, with ``least`` naturals or more.

    A minimal set has exactly ``size`` cards: from a bigger one drop a wild if it has one
    (the options only get easier), else a natural (it keeps no wilds).
    """
    uses = tables.set_use[rank]
    found = []
    sub = held
    while sub:
        naturals = POPCOUNT16[sub]
        if least <= naturals <= size:
            found.append((size - naturals, uses[sub], (SET, rank, sub)))
        sub = (sub - 1) & held
    return tuple(found)


_RANK_SETS: dict[tuple[int, ...], tuple[Candidate, ...]] = bounded_memo(20_000)
"""Memo of :func:`_rank_sets` (a few thousand entries at most)."""


# -- sets of any suits ([meld.set_suits] ``any``) ----------------------------------------------

ANY_SUITS = 1 << 20
"""Marks a set candidate's info of any suits: its bits are the copies used of each suit, 4
bits a suit (``copies[suit] << 4 * suit``), not one bit a suit."""


def rank_copies(hand: Hand) -> list[tuple[int, ...]]:
    """Per rank (index 1..13), the copies held of its natural of each suit."""
    counts = hand.counts()
    return [tuple(counts[suit * 13 + rank - 1] for suit in range(4)) for rank in range(14)]


def sub_multisets(copies: tuple[int, ...], least: int, most: int) -> list[tuple[int, ...]]:
    """Every choice of copies per suit, at most ``copies`` of each, ``least`` to ``most``
    cards in all, in a fixed order."""
    found: list[tuple[int, ...]] = []
    for clubs in range(copies[0] + 1):
        for diamonds in range(copies[1] + 1):
            for hearts in range(copies[2] + 1):
                for spades in range(copies[3] + 1):
                    if least <= clubs + diamonds + hearts + spades <= most:
                        found.append((clubs, diamonds, hearts, spades))
    return found


def any_suit_sets(
    hand: Hand, size: int, least: int, tables: Tables, set_ranks: tuple[int, ...] = SET_RANKS
) -> list[Candidate]:
    """:func:`set_candidates` with ``set_suits=any``: the minimal sets of every rank from
    the copies held, each copy a card of its own (``7H 7H 7S`` is a set); the ranks of
    ``set_ranks`` (``Rules.set_ranks``: twos only where they are natural)."""
    found: list[Candidate] = []
    units = tables.units
    for rank, copies in enumerate(rank_copies(hand)):
        if rank not in set_ranks or sum(copies) < least:
            continue
        key = (copies, rank, size, least, tables.field)
        sets = _ANY_SUIT_SETS.get(key)
        if sets is None:
            made = []
            for chosen in sub_multisets(copies, least, size):
                use = bits = 0
                for suit, count in enumerate(chosen):
                    use += count * units[suit * 13 + rank - 1]
                    bits |= count << 4 * suit
                made.append((size - sum(chosen), use, (SET, rank, ANY_SUITS | bits)))
            sets = remember(_ANY_SUIT_SETS, key, tuple(made))
        found += sets
    return found


_ANY_SUIT_SETS: dict[tuple[object, ...], tuple[Candidate, ...]] = bounded_memo(20_000)
"""Memo of :func:`any_suit_sets`' sets of one rank."""


def run_candidates(
    hand: Hand, size: int, wilds: int, rules: Rules, field: int, tables: Tables
) -> list[Candidate]:
    """Minimal runs for a component of ``size``.

    A run's resources are its natural positions ``T`` and its wild count, at least the
    gaps inside ``T`` and at least ``size - |T|``. Without a wild limit a minimal run is
    exactly ``size`` long (drop an end natural otherwise). With one, a longer run can be
    needed (``N W W N N`` keeps fewer_than_naturals where no 4 of it does); see
    :func:`_long_runs`.
    """
    if size > rules.max_run:
        return []
    least = max(size - wilds, rules.least[size])
    long_runs = rules.limited and not rules.exact
    found: list[Candidate] = []
    presence = hand.presence
    for suit in range(4):
        held = presence >> (13 * suit) & 0x1FFF
        # An ace is two positions (low and high).
        if held.bit_count() + (held & 1) >= least:
            # Longer runs (under a wild limit) are bounded by the wilds, not by ``least``.
            # Only ints in the key (rules are interned: their id is theirs for good), so
            # the garbage collector stops tracking it (it walks tracked objects at every full
            # collection).
            key = (held, suit, size, least, field, id(rules), long_runs and wilds)
            runs = _SUIT_RUNS.get(key)
            if runs is None:
                runs = _suit_runs(held, suit, size, least, wilds, field, rules, tables)
                remember(_SUIT_RUNS, key, runs)
            found += runs
    if size <= wilds and rules.allows(0, size):
        found.append((size, 0, (RUN, 0, 0)))  # wilds only
    found.sort()
    return found


_SUIT_RUNS: dict[tuple[object, ...], tuple[Candidate, ...]] = bounded_memo(50_000)
"""Memo of :func:`_suit_runs`: it depends only on its arguments, and simulations repeat them."""


def _suit_runs(
    held: int,
    suit: int,
    size: int,
    least: int,
    wilds: int,
    field: int,
    rules: Rules,
    tables: Tables,
) -> tuple[Candidate, ...]:
    """The minimal runs of one suit whose naturals are ``held`` (bits 0..12, ace to king).

    The result does not depend on ``wilds`` beyond ``least`` (how many naturals a run
    needs) unless runs longer than ``size`` are possible (under a wild limit).
    """
    positions = (held << 1) | ((held & 1) << ACE_HIGH)
    found: dict[int, Candidate] = {}
    _short_runs(found, suit, positions, size, least, field, tables.spread)
    if rules.limited and not rules.exact:
        _long_runs(found, suit, positions, size, wilds, rules, field, tables.spread)
    return tuple(found.values())


def _short_runs(
    found: dict[int, Candidate],
    suit: int,
    positions: int,
    size: int,
    least: int,
    field: int,
    spread: tuple[int, ...],
) -> None:
    """Runs of exactly ``size`` cards, by their lowest natural and the naturals above it.

    Every natural in the run's window need not be used: another meld may need it, and a
    wild can stand in its place.
    """
    rest_of = positions
    window = (1 << size) - 1
    while rest_of:
        lowest = rest_of & -rest_of
        rest_of ^= lowest
        above = positions & (window * lowest) & ~lowest
        if above.bit_count() + 1 < least:
            continue
        sub = above
        while True:
            naturals = sub.bit_count() + 1
            if naturals >= least:
                _add_run(found, suit, sub | lowest, size - naturals, field, spread)
            if not sub:
                break
            sub = (sub - 1) & above


def _long_runs(
    found: dict[int, Candidate],
    suit: int,
    positions: int,
    size: int,
    wilds: int,
    rules: Rules,
    field: int,
    spread: tuple[int, ...],
) -> None:
    """Minimal runs longer than ``size`` (only under a wild limit).

    Such a run's wilds fill exactly its gaps, and they sit at the limit: were they below
    it, dropping an end natural would leave a smaller run that still qualifies. So with
    ``n`` naturals it spans ``2n + bonus`` positions, with naturals at both ends.
    """
    held = [p for p in range(1, ACE_HIGH + 1) if positions >> p & 1]
    for i, low in enumerate(held):
        for high in held[i + 1 :]:
            span = high - low + 1
            if span > rules.max_run:
                break
            if span <= size or (span - rules.bonus) % 2:
                continue
            naturals = (span - rules.bonus) // 2
            need = span - naturals
            inner = [p for p in held if low < p < high]
            if need > wilds or not 2 <= naturals <= len(inner) + 2:
                continue
            if not rules.allows(naturals, need):
                continue
            for kept in combinations(inner, naturals - 2):
                bits = (1 << low) | (1 << high)
                for p in kept:
                    bits |= 1 << p
                if not _shrinks(bits, low, high, naturals, size, rules):
                    _add_run(found, suit, bits, need, field, spread)


def _shrinks(bits: int, low: int, high: int, naturals: int, size: int, rules: Rules) -> bool:
    """Whether dropping the low or the high natural of a long run leaves a qualifying run."""
    rest = naturals - 1
    next_high = (bits & ~(1 << high)).bit_length() - 1
    above_low = bits >> (low + 1)
    next_low = low + 1 + ((above_low & -above_low).bit_length() - 1)
    for span in (next_high - low + 1, high - next_low + 1):
        if rules.allows(rest, max(span - rest, size - rest)):
            return True
    return False


def _add_run(
    found: dict[int, Candidate],
    suit: int,
    bits: int,
    need: int,
    field: int,
    spread: tuple[int, ...],
) -> None:
    ranks = bits >> 1 & 0x1FFF  # bit rank - 1, as in card codes
    use = spread[ranks & 0x7F] + (spread[ranks >> 7] << (7 * field))
    if bits >> ACE_HIGH & 1:
        # The high ace counts in the ace's field: a run holding both aces needs two
        # copies, which the search checks like any other count.
        use += 1
    use <<= 13 * suit * field
    # The same naturals make two runs only through a lone ace (low or high): keep the
    # one needing fewer wilds.
    old = found.get(use)
    if old is None or old[0] > need:
        found[use] = (need, use, (RUN, suit, bits))
