"""Reading a hand: card codes, the bitmasks of the naturals held, and packed card counts.

Cards are handled as their codes (``suit * 13 + rank - 1``, the joker 52;
:attr:`Card.code <pushrummy.cards.Card.code>`). A hand is read once into a :class:`Hand`:
its codes, its number of wilds and two bitmasks of the naturals held, from which the
candidates and shapes of a suit or a rank are a shift and a mask away.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..cards import Card, wild_table
from .memo import bounded_memo, remember

# -- card tables ---------------------------------------------------------------------

JOKER_CODE = 52
WILD_CODES = (1, 14, 27, 40, JOKER_CODE)
"""2C, 2D, 2H, 2S and the joker: the cards that may be wild ([setup.wild]). A wild pool counts
them in this order; with ``wild_twos=False`` the twos' counts are always 0."""
SET_RANKS = (1, *range(3, 14))
"""The ranks a set may have while twos are wild: A and 3..K."""
ALL_SET_RANKS = tuple(range(1, 14))
"""The ranks a set may have when twos are natural (``wild_twos=False``): A..K."""


def set_ranks(wild_twos: bool) -> tuple[int, ...]:
    """The ranks a set may have under ``wild_twos`` ([setup.wild])."""
    return SET_RANKS if wild_twos else ALL_SET_RANKS


POPCOUNT16 = tuple(bin(i).count("1") for i in range(16))
ACE_HIGH = 14


def position_code(suit: int, position: int) -> int:
    """The code of the natural card standing at ``position`` (1..14) of a ``suit`` run."""
    return suit * 13 + (0 if position == ACE_HIGH else position - 1)


_WILD_INDEX = {code: index for index, code in enumerate(WILD_CODES)}


def wild_pool(hand: Hand, wild_twos: bool) -> list[int]:
    """Copies held of each wild card, in :data:`WILD_CODES` order (a natural two is no wild)."""
    pool = [0] * 5
    if hand.wilds:
        wild = wild_table(wild_twos)
        for code in hand.codes:
            if wild[code]:
                pool[_WILD_INDEX[code]] += 1
    return pool


# -- hands --------------------------------------------------------------------------------
#
# The hot path reads a hand into bitmasks once: which naturals are held, suit-major (bit =
# card code, so a suit's 13 ranks are 13 adjacent bits) and rank-major (bit = 4 * (rank - 1)
# + suit, so a rank's suits are one 4-bit nibble). Copies only matter when cards are used,
# and that is checked with packed counts (below).

_PRESENCE_OF = {
    wild_twos: tuple(
        0 if wild_table(wild_twos)[code] else (1 << code) | (1 << (64 + code % 13 * 4 + code // 13))
        for code in range(53)
    )
    for wild_twos in (True, False)
}
"""A natural's bit in :attr:`Hand.presence`: suit-major at its code, rank-major from bit 64;
by ``wild_twos``."""
_WILDNESS_OF = {
    wild_twos: tuple(int(wild) for wild in wild_table(wild_twos)) for wild_twos in (True, False)
}


class Hand(NamedTuple):
    codes: list[int]
    """The code of every card, copies included."""
    wilds: int
    presence: int
    """The naturals held (copies aside), twice: suit-major in bits 0..51 (bit ``code``,
    so a suit is 13 adjacent bits) and rank-major from bit 64 (bit ``64 + 4 * (rank - 1) +
    suit``, so a rank's suits are one 4-bit nibble)."""

    def counts(self) -> list[int]:
        """Copies held of each card code 0..52."""
        counts = [0] * 53
        for code in self.codes:
            counts[code] += 1
        return counts

    def rank_suits(self, rank: int) -> int:
        """The suits (bits 0..3) held of ``rank``."""
        return self.presence >> (60 + 4 * rank) & 15


def read_hand(hand: Iterable[Card], wild_twos: bool) -> Hand:
    if type(hand) is tuple or type(hand) is list:
        cards = hand
    elif isinstance(hand, (Card, str)):
        raise TypeError(f"hand must be an iterable of Card, not a {type(hand).__name__}")
    else:
        try:
            cards = list(hand)
        except TypeError:
            raise TypeError(
                f"hand must be an iterable of Card, not {type(hand).__name__}"
            ) from None
    codes = [card.code for card in cards if card.__class__ is Card]
    if len(codes) != len(cards):
        codes = _checked_codes(cards)
    presence = wilds = 0
    presences = _PRESENCE_OF[wild_twos]
    wildness = _WILDNESS_OF[wild_twos]
    for code in codes:
        presence |= presences[code]
        wilds += wildness[code]
    return Hand(codes, wilds, presence)


def _checked_codes(cards: Iterable[object]) -> list[int]:
    """The slow path of :func:`read_hand`: Card subclasses are fine, anything else is not."""
    codes = []
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"hand must hold Card values, not {type(card).__name__}")
        codes.append(card.code)
    return codes


def hand_of(naturals: list[int], wilds: int, wild_twos: bool) -> Hand:
    """A hand of these naturals and ``wilds`` jokers (only the number of wilds matters)."""
    codes = [*naturals, *([JOKER_CODE] * wilds)]
    presence = 0
    presences = _PRESENCE_OF[wild_twos]
    for code in naturals:
        presence |= presences[code]
    return Hand(codes, wilds, presence)


def hand_from_codes(codes: Iterable[int], wild_twos: bool) -> Hand:
    codes = list(codes)
    presence = wilds = 0
    presences = _PRESENCE_OF[wild_twos]
    wildness = _WILDNESS_OF[wild_twos]
    for code in codes:
        presence |= presences[code]
        wilds += wildness[code]
    return Hand(codes, wilds, presence)


# -- packed card counts ----------------------------------------------------------------------
#
# A multiset of cards is one int with ``field`` bits per card code, wide enough that no
# count reaches the field's top (guard) bit. The "remaining" value keeps every guard bit
# set, so subtracting a candidate's counts clears a field's guard bit exactly when that
# field underflows: one subtraction and one mask test decide "fits" for all codes at once.


def field_bits(most: int) -> int:
    """Bits per code for counts up to ``most``, plus the guard bit."""
    return max(4, most.bit_length() + 1)


class Tables(NamedTuple):
    field: int
    units: tuple[int, ...]
    """The packed value of one card, by code."""
    guards: int
    set_use: tuple[tuple[int, ...], ...]
    """The packed naturals of a set, by rank and suit bits."""
    spread: tuple[int, ...]
    """Seven position bits spread out to seven fields, for a run's naturals."""


def _new_tables(field: int) -> Tables:
    units = tuple(1 << (code * field) for code in range(53))
    set_use = tuple(
        tuple(
            sum(units[suit * 13 + rank - 1] for suit in range(4) if suits >> suit & 1)
            for suits in range(16)
        )
        for rank in range(14)
    )
    spread = tuple(sum(1 << (i * field) for i in range(7) if bits >> i & 1) for bits in range(128))
    guards = sum(1 << (code * field + field - 1) for code in range(53))
    return Tables(field, units, guards, set_use, spread)


TABLES: dict[int, Tables] = bounded_memo(64)
"""The packing tables per field width (see :func:`tables_of`)."""


def tables_of(field: int) -> Tables:
    """The packing tables for ``field`` bits per card code, memoised."""
    return TABLES.get(field) or remember(TABLES, field, _new_tables(field))


_NIBBLES = sum(1 << (4 * i) for i in range(13))
NIBBLE_1, NIBBLE_3, NIBBLE_5, NIBBLE_8 = (d * _NIBBLES for d in (1, 3, 5, 8))
