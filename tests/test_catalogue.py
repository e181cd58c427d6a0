"""Catalogue counts of the melds the 108-card deck can make, by three independent methods.

**What is counted.** A *3-card meld* is a declaration as RULES.md [meld.wild] defines it and
:class:`pushrummy.Meld` equality compares it: its kind, its cards and every card's role.

* A set is counted once per (declared rank, multiset of 3 card values): ``JK JK 2C`` is 12
  different sets (ranks A, 3–K) and ``7H 7S JK`` one (a natural fixes the rank).
* A run is counted once per (suit, start position, sequence of 3 card values in position
  order): ``5H JK 2C`` and ``5H 2C JK`` are two runs, and so are ``JK JK JK`` as 5-6-7 of
  hearts and as 6-7-8 of hearts.
* The cards must be available in the 108-card deck: at most 2 copies of each natural and of
  each two, at most 4 jokers (so ``2C 2C 2C`` is impossible, ``JK JK JK`` is fine).

Counts are under the default options unless stated; ``max_run_length`` and
``contract_exact_sizes`` do not matter for 3 cards.

The three methods:

1. the brute-force reference (:mod:`reference_contracts`) over every 3-card sub-multiset of
   the deck (stored below as literals);
2. a closed form derived by hand (:func:`closed_form`);
3. pushrummy's own :class:`~pushrummy.Meld` validation, trying declarations of every triple
   of cards whose naturals share a rank (sets) or a suit (runs).
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from math import comb

import pytest

from games import meld_variant
from pushrummy import (
    JOKER,
    Card,
    InvalidMeldError,
    Meld,
    MeldKind,
    Rank,
    Suit,
    make_deck,
    meld_rule_violation,
    parse_card,
    parse_cards,
)
from reference_contracts import (
    DEFAULT_OPTIONS,
    candidate_melds,
    from_meld,
    is_wild,
    option_problem,
    options_of,
)

DECK = Counter(make_deck(2))
WILD_VALUES = (*parse_cards("2C 2D 2H 2S"), JOKER)

CATALOGUE = {
    # option setting: (sets, runs)
    "default": {
        "set natural only": 48,
        "set with wilds": 1080,
        "set all wild": 372,
        "run natural only": 40,
        "run with wilds": 4040,
        "run all wild": 5808,
    },
    "min_naturals_1": {"set": 1128, "run": 4080},
    "at_most_naturals": {"set": 408, "run": 680},
    "fewer_than_naturals": {"set": 408, "run": 680},
}
TOTAL_3_CARD_MELDS = 11388
"""1500 sets + 9888 runs."""

OPTION_SETTINGS = {name: options_of(meld_variant(name)) for name in CATALOGUE}


def _wild_count(cards: tuple[Card, ...]) -> int:
    return sum(1 for c in cards if is_wild(c, DEFAULT_OPTIONS.wild_twos))


def classify(kind: str, cards: tuple[Card, ...]) -> str:
    wilds = _wild_count(cards)
    if wilds == 0:
        return f"{kind} natural only"
    return f"{kind} all wild" if wilds == len(cards) else f"{kind} with wilds"


@pytest.fixture(scope="module")
def reference_melds() -> tuple:
    """Method 1: every valid 3-card meld of the deck, by the brute-force reference."""
    return candidate_melds(DECK, DEFAULT_OPTIONS, sizes=(3, 3))


def closed_form(option: str = "default") -> dict[str, int]:
    """Method 2: the counts from first principles.

    Wild multisets: W(m) = multisets of m wild cards from the deck's 5 wild values (JK x4,
    each two x2) = multisets of m from 5 values, minus those holding one two 3 times:
    W(0)=1, W(1)=5, W(2)=C(6,2)=15, W(3)=C(7,3)-4=31.

    Sets of rank R (12 ranks): k naturals of distinct suits, C(4,k) ways, and 3-k wilds.

    Runs (4 suits x starts 1..12): each position holds its natural (not at position 2: the
    two is wild) or one of 5 wild values; the 4 sequences using one two three times are
    impossible. With k naturals among the positions that have one, choose which.
    """
    wild_multisets = {0: 1, 1: 5, 2: comb(6, 2), 3: comb(7, 3) - 4}
    allowed = {
        "default": lambda n, w: True,
        "min_naturals_1": lambda n, w: n >= 1,
        "at_most_naturals": lambda n, w: w <= n,
        "fewer_than_naturals": lambda n, w: w < n,
    }[option]
    sets: Counter[int] = Counter()  # by number of naturals
    for k in range(4):
        if allowed(k, 3 - k):
            sets[k] = 12 * comb(4, k) * wild_multisets[3 - k]
    runs: Counter[int] = Counter()
    for start in range(1, 13):
        has_natural = [position != 2 for position in range(start, start + 3)]
        slots = sum(has_natural)  # positions that may hold their natural
        for k in range(slots + 1):  # naturals used
            wilds = 3 - k
            sequences = comb(slots, k) * 5**wilds - (4 if k == 0 else 0)
            if allowed(k, wilds):
                runs[k] += 4 * sequences
    if option != "default":
        return {"set": sum(sets.values()), "run": sum(runs.values())}
    return {
        "set natural only": sets[3],
        "set with wilds": sets[1] + sets[2],
        "set all wild": sets[0],
        "run natural only": runs[3],
        "run with wilds": runs[1] + runs[2],
        "run all wild": runs[0],
    }


def pushrummy_count() -> Counter[str]:
    """Method 3: count the Meld objects pushrummy's own validation accepts.

    Sets (then kept if the default options, ``set_suits=distinct``, accept them): every
    multiset of 3 card values (within the deck's copies) from the 4 naturals of
    one rank and the 5 wild values, every declared rank (all 13, twos included: pushrummy
    must refuse those). Runs: every sequence of 3 (within copies) from the 12 naturals of
    one suit and the 5 wild values, with ``Meld.run_of`` inferring the start from the
    naturals, or every suit and start 0..15 when the cards are all wild.
    """
    found: set[Meld] = set()

    def available(cards: tuple[Card, ...]) -> bool:
        return all(DECK[c] >= k for c, k in Counter(cards).items())

    for rank in Rank:
        if rank is Rank.TWO:
            continue
        pool = [Card(rank, suit) for suit in Suit] + list(WILD_VALUES)
        for cards in itertools.combinations_with_replacement(pool, 3):
            if not available(cards):
                continue
            for declared in Rank:
                with contextlib.suppress(InvalidMeldError):
                    found.add(Meld(MeldKind.SET, cards, rank=declared))
    for suit in Suit:
        pool = [Card(rank, suit) for rank in Rank if rank is not Rank.TWO] + list(WILD_VALUES)
        for cards in itertools.product(pool, repeat=3):
            if not available(cards):
                continue
            if all(c.is_wild for c in cards):
                for start in range(16):
                    with contextlib.suppress(InvalidMeldError):
                        found.add(Meld(MeldKind.RUN, cards, suit=suit, start=start))
            else:
                with contextlib.suppress(InvalidMeldError):
                    found.add(Meld.run_of(cards))
    # The default options: a set's naturals of different suits ([meld.set_suits]).
    kept = [m for m in found if meld_rule_violation(m) is None]
    return Counter(classify(m.kind.value, m.cards) for m in kept)


def test_reference_catalogue_of_3_card_melds(reference_melds: tuple) -> None:
    counts = Counter(classify(m.kind, m.cards) for m in reference_melds)
    assert dict(counts) == CATALOGUE["default"]
    assert len(reference_melds) == TOTAL_3_CARD_MELDS == sum(CATALOGUE["default"].values())
    assert len(set(reference_melds)) == len(reference_melds)


@pytest.mark.parametrize("option", ["min_naturals_1", "at_most_naturals", "fewer_than_naturals"])
def test_reference_catalogue_under_options(reference_melds: tuple, option: str) -> None:
    options = OPTION_SETTINGS[option]
    kept = [m for m in reference_melds if option_problem(m, options) is None]
    assert dict(Counter(m.kind for m in kept)) == CATALOGUE[option]


@pytest.mark.parametrize("option", list(CATALOGUE))
def test_closed_form_agrees(option: str) -> None:
    assert closed_form(option) == CATALOGUE[option]


def test_closed_form_sanity() -> None:
    # per rank: 4 natural-only sets, 6 x 5 with one wild, 4 x 15 with two, 31 all-wild
    assert closed_form()["set natural only"] + closed_form()["set with wilds"] == 12 * (4 + 30 + 60)
    # per suit: 10 windows without the two's position (6^3 - 4 = 212) and 2 with (6*5*6 - 4)
    assert sum(v for k, v in closed_form().items() if k.startswith("run")) == 4 * (
        10 * 212 + 2 * 176
    )


def test_pushrummy_validation_agrees(reference_melds: tuple) -> None:
    assert dict(pushrummy_count()) == CATALOGUE["default"]


def test_same_melds_not_just_same_numbers(reference_melds: tuple) -> None:
    """The reference's all-wild sets are exactly the 31 wild multisets x 12 ranks."""
    all_wild_sets = {
        (m.rank, m.cards) for m in reference_melds if m.kind == "set" and _wild_count(m.cards) == 3
    }
    multisets = {
        frozenset(Counter(cards).items())
        for cards in itertools.combinations_with_replacement(WILD_VALUES, 3)
        if all(DECK[c] >= k for c, k in Counter(cards).items())
    }
    assert len(multisets) == 31
    assert len(all_wild_sets) == 31 * 12
    assert {rank for rank, _ in all_wild_sets} == {1, *range(3, 14)}
    assert {frozenset(Counter(cards).items()) for _, cards in all_wild_sets} == multisets
    # and a couple of spot checks, converted from pushrummy melds
    assert from_meld(Meld.set_of(parse_cards("7H 7S JK"))) in set(reference_melds)
    queen_king_ace = tuple(parse_card(t) for t in ("QS", "KS", "AS"))
    assert from_meld(Meld.run_of(queen_king_ace)) in set(reference_melds)
