"""A slow, obviously correct brute-force reference for the contract search.

This module is the independent judge of :mod:`pushrummy.contracts` (DESIGN.md §7).
It is written from RULES.md alone and does **not** use pushrummy's meld or
contract code to decide anything: it reads only a card's ``rank`` and ``suit``
and a contract's ``requirements``, checks every rule with its own code, and
builds :class:`pushrummy.melds.Meld` objects only at the very end, so that its
answers can be compared with the fast search.

How it works, in three brute-force steps:

1. Enumerate every sub-multiset of the hand (copies of a card are
   indistinguishable, RULES.md [setup.deck]).
2. For each sub-multiset enumerate every *declaration* ([meld.wild]): as a set,
   every set rank; as a run, every suit, every start position and every
   placement of the cards on the run's positions. Keep the declarations that
   pass :func:`meld_problem`, a direct transcription of the rules.
3. Combine the melds into ways of meeting a contract: every multiset of exactly
   ``meld_count`` melds whose cards fit in the hand together and that can be
   matched one to one to the contract's components ([contract.laydown]).

The only optimisations are ones that are obviously harmless, each marked where it
is made:

* the melds of a hand are listed once per hand and options, and reused across
  contracts;
* a sub-multiset whose naturals have two ranks *and* two suits can be neither a
  set nor a run, and neither can any larger one, so it is not grown;
* the house options depend only on a meld's kind and its numbers of naturals and
  wilds, so a sub-multiset they forbid is skipped before it is declared;
* a set containing a natural can only have that natural's rank, and a run only
  its suit; a natural stands at a position of its own rank (the only place it may
  go) and the wilds fill the other positions in every distinct order;
* for combining, melds are grouped by kind and card multiset (fitting in the hand
  and matching the components depend only on that); a partial combination stops
  growing once it needs more copies of a card than the hand holds or cannot be
  matched to the components any more.

Every meld listed is checked again by :func:`meld_problem`'s two halves.

Vocabulary: a *position* is 1 (ace low), 2, …, 13 (king), 14 (ace high).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pushrummy.cards import Card, Rank, Suit
from pushrummy.melds import Meld, MeldKind

__all__ = [
    "DEFAULT_OPTIONS",
    "MeldTable",
    "RefMeld",
    "RefOptions",
    "assignable",
    "can_meet",
    "candidate_melds",
    "contract_components",
    "fits_component",
    "from_meld",
    "is_wild",
    "meld_key",
    "meld_problem",
    "meld_table",
    "option_problem",
    "options_of",
    "to_meld",
    "way_key",
    "ways",
]

SET_RANKS = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
"""[meld.set] "A set's rank is A or 3–K (there are no natural twos)."  (1 = ace)"""
ALL_RANKS = tuple(range(1, 14))
"""[setup.wild] with ``wild_twos`` False: twos are natural, so a set may be of twos."""

LOWEST_POSITION = 1
"""[meld.run] Ace low is position 1."""
HIGHEST_POSITION = 14
"""[meld.run] Ace high is position 14; runs do not wrap, so no position is above it."""

SUITS = (0, 1, 2, 3)
"""Clubs, diamonds, hearts, spades (the values of :class:`pushrummy.cards.Suit`)."""


# -- cards ---------------------------------------------------------------------


def rank_of(card: Card) -> int | None:
    """The card's rank as an int (1 = ace … 13 = king), ``None`` for the joker."""
    return None if card.rank is None else int(card.rank)


def suit_of(card: Card) -> int | None:
    """The card's suit as an int 0–3, ``None`` for the joker."""
    return None if card.suit is None else int(card.suit)


def is_wild(card: Card, wild_twos: bool) -> bool:
    """[setup.wild] "Jokers are wild; twos are wild too unless the variant's option
    ``wild_twos`` is False (then a two is a natural card of rank 2)." """
    return card.rank is None or (wild_twos and int(card.rank) == 2)


def card_key(card: Card) -> tuple[int, int]:
    """A fixed total order on card values (naturals by suit then rank, the joker last)."""
    if card.rank is None:
        return (9, 0)
    return (int(card.suit), int(card.rank))  # type: ignore[arg-type]


def rank_at(position: int) -> int:
    """The rank standing at a run position: 1 and 14 are both the ace."""
    return 1 if position == HIGHEST_POSITION else position


# -- options -------------------------------------------------------------------


@dataclass(frozen=True)
class RefOptions:
    """The house-rule options that matter for melds and the contract."""

    min_naturals: int = 0
    """[meld.wild] ``min_naturals_per_meld``: 0 | 1."""
    wild_limit: str = "unlimited"
    """[meld.wild] ``wild_limit``: "unlimited" | "at_most_naturals" | "fewer_than_naturals"."""
    max_run_length: int = 14
    """[meld.run] ``max_run_length``: 14 | 13."""
    exact_sizes: bool = False
    """[contract.laydown] ``contract_exact_sizes``."""
    laydown_wild_cap: int | None = None
    """[contract.wild_cap] ``laydown_wilds_per_meld``: at most this many wild cards in each
    meld of the lay-down (``None``: no such limit)."""
    set_suits: str = "distinct"
    """[meld.set_suits] ``set_suits``: "distinct" (a set's naturals of pairwise different
    suits, at most 4 cards) | "any" (any suits, any number of cards)."""
    wild_twos: bool = field(kw_only=True)
    """[setup.wild] ``wild_twos``: False, only jokers are wild (twos are natural). Stated,
    never defaulted (a forgotten option would silently play twos wild)."""
    run_suits: str = "any"
    """[contract.run_suits] ``contract_run_suits``: "any" | "apart" (two runs of a suit never
    one right after the other) | "distinct" (the runs of a way in different suits)."""


DEFAULT_OPTIONS = RefOptions(wild_twos=True)  # the standard rule: twos wild


def options_of(variant: Any) -> RefOptions:
    """Read the options from any object with the variant's attribute names (``None``: defaults)."""
    if variant is None:
        return DEFAULT_OPTIONS
    limit = variant.wild_limit
    return RefOptions(
        min_naturals=int(variant.min_naturals_per_meld),
        wild_limit=str(getattr(limit, "value", limit)),
        max_run_length=int(variant.max_run_length),
        exact_sizes=bool(getattr(variant, "contract_exact_sizes", False)),
        laydown_wild_cap=getattr(variant, "laydown_wilds_per_meld", None),
        set_suits=str(getattr(getattr(variant, "set_suits", None), "value", "distinct")),
        wild_twos=bool(getattr(variant, "wild_twos", True)),
        run_suits=str(getattr(getattr(variant, "contract_run_suits", None), "value", "any")),
    )


# -- melds -------------------------------------------------------------------------


class RefMeld(NamedTuple):
    """One declared meld: the reference's own, plain representation.

    A set: ``kind="set"``, ``cards`` sorted by :func:`card_key`, ``rank`` the
    declared rank. A run: ``kind="run"``, ``cards[i]`` stands at position
    ``start + i``, ``suit`` the declared suit.
    """

    kind: str
    cards: tuple[Card, ...]
    rank: int | None = None
    suit: int | None = None
    start: int | None = None

    def __str__(self) -> str:
        if self.kind == "set":
            return f"set[{self.rank}]:" + " ".join(map(str, self.cards))
        return f"run[{'CDHS'[self.suit or 0]}@{self.start}]:" + " ".join(map(str, self.cards))


def meld_key(meld: RefMeld) -> tuple[Any, ...]:
    """A total order on reference melds (used only to make ways canonical)."""
    return (
        meld.kind,
        -1 if meld.rank is None else meld.rank,
        -1 if meld.suit is None else meld.suit,
        -1 if meld.start is None else meld.start,
        len(meld.cards),
        tuple(card_key(c) for c in meld.cards),
    )


def structural_problem(meld: RefMeld, wild_twos: bool) -> str | None:
    """Why ``meld`` breaks [meld.set] / [meld.run] / [meld.wild] (no house options but
    [setup.wild]'s ``wild_twos``), or None."""
    cards = meld.cards
    naturals = [c for c in cards if not is_wild(c, wild_twos)]
    if meld.kind == "set":
        if meld.suit is not None or meld.start is not None:
            return "a set declares a rank only"
        # [meld.set] "A set's rank is A or 3–K (there are no natural twos)"; any rank when
        # twos are natural ([setup.wild]).
        if meld.rank not in (SET_RANKS if wild_twos else ALL_RANKS):
            return f"set rank {meld.rank} is not A or 3-K"
        # [meld.set] "A set is 3 or more cards of equal rank."
        if len(cards) < 3:
            return f"a set has 3 or more cards, not {len(cards)}"
        # [meld.set] "Its natural cards all have that rank." (Their suits: set_suits.)
        if any(rank_of(c) != meld.rank for c in naturals):
            return "a natural of another rank"
        # [meld.wild] "a wild in a set stands for the set's rank": nothing to check.
        if list(cards) != sorted(cards, key=card_key):
            return "set cards not in canonical order"
        return None
    if meld.kind == "run":
        if meld.rank is not None or meld.suit not in SUITS or meld.start is None:
            return "a run declares a suit and a start position"
        # [meld.run] "A run is 3 or more cards ..."
        if len(cards) < 3:
            return f"a run has at least 3 cards, not {len(cards)}"
        # [meld.run] "... in consecutive rank order. Ace is low (A-2-3) or high (Q-K-A) ...
        #  runs do not wrap (K-A-2 is not a run). The longest run is 14 cards."
        first, last = meld.start, meld.start + len(cards) - 1
        if first < LOWEST_POSITION or last > HIGHEST_POSITION:
            return f"positions {first}..{last} leave 1..14"
        for index, card in enumerate(cards):
            if is_wild(card, wild_twos):
                # [meld.wild] "Each wild in a run stands for one declared rank of that run
                # (its suit is the run's suit)" -- any wild may stand at any position,
                # a two of the run's suit at position 2 included.
                continue
            # [meld.run] "3 or more cards of one suit"
            if suit_of(card) != meld.suit:
                return f"{card} is not of the run's suit"
            # [meld.run] consecutive: the card at index i is the rank of position start + i
            if rank_of(card) != rank_at(first + index):
                return f"{card} cannot stand at position {first + index}"
        return None
    return f"unknown kind {meld.kind!r}"


def option_problem_counts(kind: str, naturals: int, wilds: int, options: RefOptions) -> str | None:
    """Why a meld of ``kind`` with these numbers of naturals and wilds breaks the options."""
    # [meld.wild] min_naturals_per_meld: 0 (default) | 1
    if naturals < options.min_naturals:
        return "too few naturals"
    # [meld.wild] wild_limit, counted per meld
    if options.wild_limit == "at_most_naturals" and not wilds <= naturals:
        return "more wilds than naturals"
    if options.wild_limit == "fewer_than_naturals" and not wilds < naturals:
        return "not fewer wilds than naturals"
    if options.wild_limit not in ("unlimited", "at_most_naturals", "fewer_than_naturals"):
        raise ValueError(f"unknown wild_limit {options.wild_limit!r}")
    # [meld.run] max_run_length: 14 (default) | 13
    if kind == "run" and naturals + wilds > options.max_run_length:
        return "run too long"
    return None


def set_suits_problem(meld: RefMeld, options: RefOptions) -> str | None:
    """Why a set breaks [meld.set_suits], or None."""
    if meld.kind != "set" or options.set_suits == "any":
        return None
    if options.set_suits != "distinct":
        raise ValueError(f"unknown set_suits {options.set_suits!r}")
    # [meld.set_suits] distinct: "a set's naturals have pairwise different suits, so it holds
    # at most 4 cards"
    if len(meld.cards) > 4:
        return f"a set has at most 4 cards, not {len(meld.cards)}"
    suits = [suit_of(c) for c in meld.cards if not is_wild(c, options.wild_twos)]
    if len(set(suits)) != len(suits):
        return "two naturals of one suit"
    return None


def option_problem(meld: RefMeld, options: RefOptions) -> str | None:
    """Why ``meld`` breaks the house options of [meld.wild] / [meld.run] /
    [meld.set_suits], or None."""
    wilds = sum(1 for c in meld.cards if is_wild(c, options.wild_twos))
    return option_problem_counts(
        meld.kind, len(meld.cards) - wilds, wilds, options
    ) or set_suits_problem(meld, options)


def meld_problem(meld: RefMeld, options: RefOptions = DEFAULT_OPTIONS) -> str | None:
    """Why ``meld`` is not a valid meld under ``options``, or ``None`` if it is."""
    return structural_problem(meld, options.wild_twos) or option_problem(meld, options)


# -- step 1: sub-multisets -------------------------------------------------------------


def hand_counter(hand: Iterable[Card]) -> Counter[Card]:
    """The hand as a multiset of card values."""
    return Counter(hand)


def sub_multisets(
    counts: Counter[Card],
    min_size: int,
    max_size: int,
    keep: Callable[[list[Card]], bool] = lambda cards: True,
) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``counts`` with ``min_size``..``max_size`` cards, each once.

    Brute force: every non-decreasing sequence of the hand's distinct values (in a
    fixed order) that takes no value more often than the hand holds it. ``keep`` must
    be monotone (false for a multiset means false for every larger one): the search
    does not grow a multiset that ``keep`` rejects.
    """
    values = sorted(counts, key=card_key)

    def rec(first: int, chosen: list[Card]) -> Iterator[tuple[Card, ...]]:
        if len(chosen) >= min_size:
            yield tuple(chosen)
        if len(chosen) == max_size:
            return
        for j in range(first, len(values)):
            if chosen.count(values[j]) < counts[values[j]]:
                chosen.append(values[j])
                if keep(chosen):
                    yield from rec(j, chosen)
                chosen.pop()

    yield from rec(0, [])


def could_be_meld(cards: list[Card], wild_twos: bool) -> bool:
    """False if no meld can hold these cards (and then no meld can hold more of them).

    [meld.set] a set's naturals share one rank; [meld.run] a run's cards share one suit.
    """
    naturals = [c for c in cards if not is_wild(c, wild_twos)]
    return len({rank_of(c) for c in naturals}) <= 1 or len({suit_of(c) for c in naturals}) <= 1


@functools.lru_cache(maxsize=4096)
def distinct_orders(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every distinct ordering of a multiset of cards, each exactly once."""
    remaining = Counter(cards)
    values = sorted(remaining, key=card_key)
    order: list[Card] = []
    result: list[tuple[Card, ...]] = []

    def rec() -> None:
        if len(order) == len(cards):
            result.append(tuple(order))
            return
        for value in values:
            if remaining[value]:
                remaining[value] -= 1
                order.append(value)
                rec()
                order.pop()
                remaining[value] += 1

    rec()
    return tuple(result)


# -- step 2: declarations -------------------------------------------------------------


def set_declarations(cards: tuple[Card, ...], wild_twos: bool) -> Iterator[RefMeld]:
    """Every way to declare ``cards`` as a set: one candidate per set rank, then checked."""
    ordered = tuple(sorted(cards, key=card_key))
    natural_ranks = {rank_of(c) for c in cards if not is_wild(c, wild_twos)}
    # A natural's rank is the only possible rank of its set; with no natural, any rank.
    for rank in natural_ranks or (SET_RANKS if wild_twos else ALL_RANKS):
        candidate = RefMeld("set", ordered, rank=rank)
        if structural_problem(candidate, wild_twos) is None:
            yield candidate


def run_placements(
    cards: tuple[Card, ...], suit: int, start: int, wild_twos: bool
) -> Iterator[tuple[Card, ...]]:
    """Every distinct sequence of ``cards`` on positions ``start``.. that can be a run of ``suit``.

    A natural of rank r can only stand at a position of rank r (the ace at 1 or
    14), so try each such position for each natural; every position holds
    exactly one card; the wilds fill the positions left over in every distinct
    order. (Every sequence yielded is re-checked by :func:`structural_problem`.)
    """
    window = range(start, start + len(cards))
    naturals = [c for c in cards if not is_wild(c, wild_twos)]
    wilds = [c for c in cards if is_wild(c, wild_twos)]
    choices = []
    for card in naturals:
        if suit_of(card) != suit:
            return  # [meld.run] cards of one suit
        # the positions of the card's rank: the rank itself, and 14 too for the ace
        rank = rank_of(card)
        places = [p for p in (rank, HIGHEST_POSITION) if p in window and rank_at(p) == rank]
        if not places:
            return  # this natural has no position of its rank in the window
        choices.append(places)
    seen: set[tuple[Card, ...]] = set()
    for positions in itertools.product(*choices):
        if len(set(positions)) != len(positions):
            continue  # two cards on one position
        free = [p for p in window if p not in positions]
        for wild_order in distinct_orders(tuple(wilds)):
            at = dict(zip(positions, naturals))
            at.update(zip(free, wild_order))
            sequence = tuple(at[p] for p in window)
            if sequence not in seen:
                seen.add(sequence)
                yield sequence


def run_declarations(
    cards: tuple[Card, ...], max_length: int = 14, *, wild_twos: bool
) -> Iterator[RefMeld]:
    """Every way to declare ``cards`` as a run: every suit, start and placement, then checked."""
    if not 3 <= len(cards) <= max_length:
        return
    natural_suits = {suit_of(c) for c in cards if not is_wild(c, wild_twos)}
    # [meld.run] "cards of one suit": a natural's suit is the only possible suit.
    for suit in natural_suits or SUITS:
        for start in range(LOWEST_POSITION, HIGHEST_POSITION - len(cards) + 2):
            for sequence in run_placements(cards, suit, start, wild_twos):
                candidate = RefMeld("run", sequence, suit=suit, start=start)
                if structural_problem(candidate, wild_twos) is None:
                    yield candidate


class MeldTable(NamedTuple):
    """The valid melds of one hand under one set of options."""

    melds: tuple[RefMeld, ...]
    """Every valid meld, sorted by :func:`meld_key`."""
    groups: tuple[tuple[str, tuple[Card, ...], tuple[RefMeld, ...]], ...]
    """The same melds grouped by kind and sub-multiset: ``(kind, cards, melds)``."""
    order: dict[int, int]
    """``id(meld)`` -> index in :attr:`melds` (to sort a way by :func:`meld_key` quickly)."""


_TABLE_CACHE: dict[tuple[Any, ...], MeldTable] = {}


def _hand_key(counts: Counter[Card]) -> tuple[tuple[Card, int], ...]:
    return tuple(sorted(((c, k) for c, k in counts.items() if k), key=lambda ck: card_key(ck[0])))


def meld_table(
    hand: Iterable[Card],
    options: RefOptions = DEFAULT_OPTIONS,
    sizes: tuple[int, int] = (3, HIGHEST_POSITION),
) -> MeldTable:
    """Every meld valid under ``options`` whose cards are in the hand.

    ``sizes`` bounds the number of cards (inclusive). The options depend only on
    the meld's kind and its numbers of naturals and wilds, so a sub-multiset
    that breaks them is skipped before its declarations are listed (and every
    meld listed is checked again in full).
    """
    counts = hand_counter(hand)
    key = (
        _hand_key(counts),
        options.min_naturals,
        options.wild_limit,
        options.max_run_length,
        options.set_suits,
        options.wild_twos,
        sizes,
    )
    cached = _TABLE_CACHE.get(key)
    if cached is not None:
        return cached
    groups: list[tuple[str, tuple[Card, ...], tuple[RefMeld, ...]]] = []
    wild_twos = options.wild_twos

    def keep(cards: list[Card]) -> bool:
        return could_be_meld(cards, wild_twos)

    for cards in sub_multisets(counts, sizes[0], sizes[1], keep=keep):
        wilds = sum(1 for c in cards if is_wild(c, wild_twos))
        naturals = len(cards) - wilds
        if option_problem_counts("set", naturals, wilds, options) is None:
            declared = tuple(
                meld
                for meld in set_declarations(cards, wild_twos)
                if set_suits_problem(meld, options) is None
            )
            if declared:
                groups.append(("set", cards, declared))
        if option_problem_counts("run", naturals, wilds, options) is None:
            declared = tuple(run_declarations(cards, wild_twos=wild_twos))
            if declared:
                groups.append(("run", cards, declared))
    found = [meld for _, _, declared in groups for meld in declared]
    for meld in found:  # (structure was checked as each declaration was made)
        assert option_problem(meld, options) is None, meld
    assert len(set(found)) == len(found), "a declaration was produced twice"
    melds = tuple(sorted(found, key=meld_key))
    table = MeldTable(melds, tuple(groups), {id(m): i for i, m in enumerate(melds)})
    if len(_TABLE_CACHE) > 1024:
        _TABLE_CACHE.clear()
    _TABLE_CACHE[key] = table
    return table


def candidate_melds(
    hand: Iterable[Card],
    options: RefOptions = DEFAULT_OPTIONS,
    sizes: tuple[int, int] = (3, HIGHEST_POSITION),
) -> tuple[RefMeld, ...]:
    """Every meld valid under ``options`` whose cards are in the hand (sorted by :func:`meld_key`)."""
    return meld_table(hand, options, sizes).melds


# -- step 3: contracts ------------------------------------------------------------------


def contract_components(contract: Any) -> list[tuple[str, int]]:
    """One ``(kind, size)`` per meld the contract asks for, from its requirements."""
    return [(r.kind.value, r.size) for r in contract.requirements for _ in range(r.count)]


def fits_component(meld: RefMeld, component: tuple[str, int], options: RefOptions) -> bool:
    """[contract.laydown] the meld is of the stated kind and at least (or exactly) the size;
    [contract.wild_cap] it holds no more wild cards than the lay-down's limit."""
    kind, size = component
    if meld.kind != kind:
        return False
    cap = options.laydown_wild_cap
    if cap is not None and sum(1 for card in meld.cards if is_wild(card, options.wild_twos)) > cap:
        return False
    return len(meld.cards) == size if options.exact_sizes else len(meld.cards) >= size


def run_suits_ok(melds: Sequence[RefMeld], options: RefOptions) -> bool:
    """[contract.run_suits]: under "distinct", no two runs of the way share a suit; under
    "apart", no run of a suit begins one position after another run of that suit ends."""
    if options.run_suits == "any":
        return True
    runs = [m for m in melds if m.kind == "run"]
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if a.suit != b.suit:
                continue
            if options.run_suits == "distinct":
                return False
            assert a.start is not None and b.start is not None
            if a.start + len(a.cards) == b.start or b.start + len(b.cards) == a.start:
                return False
    return True


def assignable(
    melds: Sequence[RefMeld], components: Sequence[tuple[str, int]], options: RefOptions
) -> bool:
    """Can the melds be matched one to one to the components? (Tries every matching.)"""
    if len(melds) != len(components):
        return False
    return any(
        all(fits_component(m, c, options) for m, c in zip(melds, order))
        for order in itertools.permutations(components)
    )


def partially_assignable(
    melds: Sequence[RefMeld], components: Sequence[tuple[str, int]], options: RefOptions
) -> bool:
    """Can the melds be matched one to one to *some* of the components? (Needed to grow a way.)"""
    return any(
        all(fits_component(m, c, options) for m, c in zip(melds, order))
        for order in itertools.permutations(components, len(melds))
    )


def _search(
    hand: Iterable[Card], contract: Any, variant: Any, first_only: bool
) -> set[tuple[RefMeld, ...]]:
    counts = hand_counter(hand)
    options = options_of(variant)
    components = contract_components(contract)
    table = meld_table(counts, options)
    # Melds are grouped by kind and card multiset: whether melds fit in the hand together
    # and whether they match the components depends only on that, so combine groups
    # first and list the declarations of each group afterwards. Only groups that could
    # fill some component can be part of a way.
    groups = [
        declared
        for _, _, declared in table.groups
        if any(fits_component(declared[0], c, options) for c in components)
    ]
    representative = [declared[0] for declared in groups]

    # A multiset of cards as an int: 4 bits per distinct card value of the hand. The field of
    # value v starts at 7 - held(v) and every meld adds its copies of v, so the cards fit in
    # the hand exactly while the field is <= 7, i.e. while its bit 3 (the GUARD bit) is clear.
    # (A field never reaches 16: it is <= 7 before a meld adds at most held(v) <= 7 more.)
    values = sorted(counts, key=card_key)
    assert all(counts[v] <= 7 for v in values)
    empty = sum((7 - counts[v]) << (4 * i) for i, v in enumerate(values))
    guard = sum(8 << (4 * i) for i in range(len(values)))
    uses = [
        sum(rep.cards.count(v) << (4 * i) for i, v in enumerate(values)) for rep in representative
    ]
    found: set[tuple[RefMeld, ...]] = set()
    order = table.order  # sorting by it is sorting by meld_key

    def expand(chosen: list[int]) -> bool:
        # Every multiset of declarations: for a group chosen k times, every multiset of k
        # of its declarations; across groups, every combination.
        per_group = [
            list(itertools.combinations_with_replacement(groups[g], chosen.count(g)))
            for g in sorted(set(chosen))
        ]
        added = False
        for parts in itertools.product(*per_group):
            way = tuple(sorted((m for part in parts for m in part), key=lambda m: order[id(m)]))
            # [contract.run_suits] reads each declaration (where a run's wilds stand).
            if not run_suits_ok(way, options):
                continue
            found.add(way)
            added = True
            if first_only:
                break
        return added

    def extend(index: int, chosen: list[int], used: int) -> bool:
        if len(chosen) == len(components):
            if assignable([representative[g] for g in chosen], components, options):
                return expand(chosen) and first_only
            return False
        # Multisets of groups: choose in non-decreasing index order (a group may repeat).
        for g in range(index, len(groups)):
            now = used + uses[g]
            # [contract.laydown] separate melds: together they use no more copies than held.
            if now & guard:
                continue
            grown = [*chosen, g]
            if not partially_assignable([representative[x] for x in grown], components, options):
                continue
            if extend(g, grown, now):
                return True
        return False

    extend(0, [], empty)
    return found


def ways(hand: Iterable[Card], contract: Any, variant: Any = None) -> set[tuple[RefMeld, ...]]:
    """Every distinct way (a multiset of melds, as a canonically sorted tuple) to meet the contract."""
    return _search(hand, contract, variant, first_only=False)


def can_meet(hand: Iterable[Card], contract: Any, variant: Any = None) -> bool:
    """Is there at least one way? (Stops at the first.)"""
    return bool(_search(hand, contract, variant, first_only=True))


# -- conversion to and from pushrummy ---------------------------------------------------


def to_meld(meld: RefMeld) -> Meld:
    """The pushrummy :class:`Meld` with the same declaration."""
    if meld.kind == "set":
        assert meld.rank is not None
        return Meld(MeldKind.SET, meld.cards, rank=Rank(meld.rank))
    assert meld.suit is not None
    return Meld(MeldKind.RUN, meld.cards, suit=Suit(meld.suit), start=meld.start)


def from_meld(meld: Meld) -> RefMeld:
    """The reference's representation of a pushrummy :class:`Meld` (read field by field)."""
    if meld.kind is MeldKind.SET:
        return RefMeld(
            "set",
            tuple(sorted(meld.cards, key=card_key)),
            rank=None if meld.rank is None else int(meld.rank),
            suit=None if meld.suit is None else int(meld.suit),
            start=meld.start,
        )
    return RefMeld(
        "run",
        tuple(meld.cards),
        rank=None if meld.rank is None else int(meld.rank),
        suit=None if meld.suit is None else int(meld.suit),
        start=meld.start,
    )


def way_key(melds: Iterable[RefMeld]) -> tuple[RefMeld, ...]:
    """A way as a canonical tuple: the multiset of its melds, sorted by :func:`meld_key`."""
    return tuple(sorted(melds, key=meld_key))
