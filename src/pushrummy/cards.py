"""Cards, decks and card notation (:ref:`rules-cards`, :ref:`notation <rules-notation>`).

A :class:`Card` is a value: two copies of the seven of hearts from the double
deck are equal and interchangeable, which is why hands are sorted tuples of
cards and "no duplicate moves" is well defined. Jokers have neither rank nor
suit; jokers are always wild, and twos are wild unless the variant's ``wild_twos`` option
makes them natural ([setup.wild]): ask the variant (``Variant.is_wild``, or the table
:func:`wild_table`), not the card, where the variant matters.

Notation: ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` accepted for 10), suits
``C D H S`` (``♣ ♦ ♥ ♠`` accepted), joker ``JK``; parsing is case-insensitive
and strict.

>>> parse_card("10h")
Card('10H')
>>> parse_card("t♥") == parse_card("10H")
True
>>> str(parse_card("jk"))
'JK'
>>> parse_cards("7S 7H 7D JK")
(Card('7D'), Card('7H'), Card('7S'), Card('JK'))
>>> len(make_deck(2)), len(make_deck(3))
(108, 162)
>>> parse_card("1H")
Traceback (most recent call last):
...
pushrummy.errors.NotationError: bad card '1H': unknown rank '1' (ranks are A 2-10 J Q K, T for 10; JK is the joker)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Any

import attrs

from .errors import InvalidMoveError, NotationError, SetupError, clip_repr

__all__ = [
    "JOKER",
    "MAX_PACKS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "make_deck",
    "parse_card",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """A card rank. The value is the rank's low position (ace low = 1, king = 13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The notation of the rank: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self.value]

    def __str__(self) -> str:
        return self.symbol


class Suit(enum.IntEnum):
    """A suit, in bridge order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The notation of the suit: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        """The suit's symbol for display: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self.value]

    def __str__(self) -> str:
        return self.letter


_RANK_SYMBOLS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE = 52
"""The :attr:`Card.code` of the joker; naturals have codes 0–51."""


def _check_rank(_: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not isinstance(value, Rank):
        raise TypeError(f"Card.rank must be a Rank or None, not {type(value).__name__}")


def _check_suit(_: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not isinstance(value, Suit):
        raise TypeError(f"Card.suit must be a Suit or None, not {type(value).__name__}")


@attrs.frozen(slots=True, eq=False, order=False, repr=False)
class Card:
    """A playing card: a rank and a suit, or the joker (neither).

    Cards compare, hash and sort by :attr:`code` (suit-major: clubs A…K,
    diamonds, hearts, spades, then the joker).

    >>> Card(Rank.SEVEN, Suit.HEARTS)
    Card('7H')
    >>> Card() == JOKER
    True
    >>> JOKER.is_wild, parse_card("2C").is_wild, parse_card("3C").is_wild
    (True, True, False)
    """

    rank: Rank | None = attrs.field(default=None, validator=_check_rank)
    suit: Suit | None = attrs.field(default=None, validator=_check_suit)
    code: int = attrs.field(init=False)
    """A small integer identifying the card value: ``suit * 13 + rank - 1``, joker 52."""

    @code.default
    def _code(self) -> int:
        if self.rank is None and self.suit is None:
            return JOKER_CODE
        if self.rank is None or self.suit is None:
            raise InvalidMoveError(
                "no such card: a card has both a rank and a suit, or neither (the joker)"
            )
        return self.suit * 13 + self.rank - 1

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.code == JOKER_CODE

    @property
    def is_wild(self) -> bool:
        """True for jokers and twos: wild under the default rule ([setup.wild],
        ``wild_twos=True``). Where a variant may make twos natural, ask it instead
        (``Variant.is_wild`` or :func:`wild_table`)."""
        return self.code == JOKER_CODE or self.rank is Rank.TWO

    @property
    def is_natural(self) -> bool:
        """True for every card that is not wild under the default rule (see :attr:`is_wild`)."""
        return not self.is_wild

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with the given :attr:`code` (0–52).

        Raises:
            InvalidMoveError: ``code`` is not an int from 0 to 52 — a bool, a float or a
                str included: there is no such card.

        >>> Card.from_code(0), Card.from_code(52)
        (Card('AC'), Card('JK'))
        """
        if type(code) is not int or not 0 <= code <= JOKER_CODE:
            raise InvalidMoveError(f"no card has the code {clip_repr(code)} (codes are 0..52)")
        return ALL_CARDS[code]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code != other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code < other.code
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code <= other.code
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code > other.code
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code >= other.code
        return NotImplemented

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return _RANK_SYMBOLS[self.rank] + "CDHS"[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def display(self) -> str:
        """The card with a suit symbol, for terminals: ``10♥``, ``JK``.

        >>> parse_card("10H").display()
        '10♥'
        """
        if self.rank is None or self.suit is None:
            return "JK"
        return _RANK_SYMBOLS[self.rank] + "♣♦♥♠"[self.suit]

    def __copy__(self) -> Card:
        """Frozen: a copy is the value itself."""
        return self

    def __reduce_ex__(self, protocol: Any) -> str | tuple[Any, ...]:
        """A card pickles as its code and unpickles as the shared card of that code
        (:data:`ALL_CARDS`), as the engine makes them: a state sent to another process
        (a pool of playouts, a vector of environments) keeps the identity fast paths
        (``tuple.index``, ``list.remove`` try identity before ``==``). A subclass
        pickles as usual."""
        if self.__class__ is Card:
            return (Card.from_code, (self.code,))
        return object.__reduce_ex__(self, protocol)

    def __deepcopy__(self, memo: object) -> Card:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


ALL_CARDS: tuple[Card, ...] = tuple([Card(rank, suit) for suit in Suit for rank in Rank] + [Card()])
"""The 53 distinct card values, indexed by :attr:`Card.code`."""

JOKER = ALL_CARDS[JOKER_CODE]
"""The joker."""


IS_WILD: tuple[bool, ...] = tuple(card.is_wild for card in ALL_CARDS)
"""Wildness by card code under the default rule (twos and jokers, [setup.wild]). Hot loops
index it by ``card.code`` where the ``Card.is_wild`` property would be a Python call; where a
variant may make twos natural, index :func:`wild_table` of its ``wild_twos`` instead."""

JOKERS_WILD: tuple[bool, ...] = tuple(code == JOKER_CODE for code in range(JOKER_CODE + 1))
"""Wildness by card code when twos are natural (``wild_twos=False``): the joker only."""


def wild_table(wild_twos: bool) -> tuple[bool, ...]:
    """The wild-card table of the ``wild_twos`` option ([setup.wild]), indexed by card code:
    :data:`IS_WILD` (jokers and twos) or :data:`JOKERS_WILD` (jokers only). The one place
    the option becomes wildness; ``Variant.is_wild`` reads it.

    >>> two = parse_card("2C")
    >>> wild_table(True)[two.code], wild_table(False)[two.code], wild_table(False)[JOKER_CODE]
    (True, False, True)
    """
    return IS_WILD if wild_twos else JOKERS_WILD


_RANK_TOKENS = {sym: Rank(i) for i, sym in enumerate(_RANK_SYMBOLS) if sym}
_RANK_TOKENS["T"] = Rank.TEN
_SUIT_TOKENS = {
    "C": Suit.CLUBS, "♣": Suit.CLUBS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS,
    "H": Suit.HEARTS, "♥": Suit.HEARTS,
    "S": Suit.SPADES, "♠": Suit.SPADES,
}  # fmt: skip
_SEPARATORS = re.compile(r"[\s,]+")
# Case-insensitive means ASCII letters only: str.upper() would also turn
# 'ſ' (long s) into 'S' and 'ß' into 'SS', accepting text that is not notation.
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def parse_card(text: str) -> Card:
    """Parse one card in notation (case-insensitive, surrounding blanks ignored).

    Raises:
        TypeError: ``text`` is not a str.
        NotationError: ``text`` is blank or not a card; the message names the bad token
            (an unknown rank or suit).

    >>> parse_card(" qs ")
    Card('QS')
    >>> parse_card("10X")
    Traceback (most recent call last):
    ...
    pushrummy.errors.NotationError: bad card '10X': unknown suit 'X' (suits are C D H S or ♣ ♦ ♥ ♠)
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_card expects a str, not {type(text).__name__}")
    token = text.strip()
    if not token:
        raise NotationError("empty card: expected a card such as 10H, AS or JK", text=text)
    upper = token.translate(_ASCII_UPPER)
    if upper == "JK":
        return JOKER
    if len(upper) < 2:
        raise NotationError(
            f"bad card {clip_repr(token)}: a card is a rank followed by a suit, such as 10H, or JK",
            token=token,
            text=text,
        )
    rank_text, suit_text = upper[:-1], upper[-1]
    rank = _RANK_TOKENS.get(rank_text)
    if rank is None:
        raise NotationError(
            f"bad card {clip_repr(token)}: unknown rank {clip_repr(token[:-1], 16)} "
            "(ranks are A 2-10 J Q K, T for 10; JK is the joker)",
            token=token,
            text=text,
        )
    suit = _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise NotationError(
            f"bad card {clip_repr(token)}: unknown suit {token[-1]!r} "
            "(suits are C D H S or ♣ ♦ ♥ ♠)",
            token=token,
            text=text,
        )
    return ALL_CARDS[suit * 13 + rank - 1]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by blanks or commas; the result is sorted.

    An empty (or blank) text is the empty hand.

    Raises:
        TypeError: ``text`` is not a str.
        NotationError: a token is not a card; the message says which token, by position,
            and ``token`` holds it.

    >>> parse_cards("AS, 2c 10♦")
    (Card('2C'), Card('10D'), Card('AS'))
    >>> parse_cards("")
    ()
    >>> parse_cards("7S 7X")
    Traceback (most recent call last):
    ...
    pushrummy.errors.NotationError: token 2 of '7S 7X': bad card '7X': unknown suit 'X' (suits are C D H S or ♣ ♦ ♥ ♠)
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards expects a str, not {type(text).__name__}")
    tokens = [t for t in _SEPARATORS.split(text) if t]
    cards = []
    for index, token in enumerate(tokens, start=1):
        try:
            cards.append(parse_card(token))
        except NotationError as exc:
            raise NotationError(
                f"token {index} of {clip_repr(text)}: {exc}", token=token, text=text
            ) from None
    cards.sort()
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards in notation, separated by single spaces, in the order given.

    Raises:
        TypeError: ``cards`` is not iterable, or holds something that is not a card.

    >>> format_cards(parse_cards("JK 10H 2S"))
    '10H 2S JK'
    >>> format_cards(parse_cards("10H AS"), symbols=True)
    '10♥ A♠'
    """
    items = list(cards)
    for card in items:
        if not isinstance(card, Card):
            raise TypeError(f"format_cards expects cards, not {type(card).__name__}")
    if symbols:
        return " ".join(card.display() for card in items)
    return " ".join(str(card) for card in items)


MAX_PACKS = 4
"""The most packs a deck (and so a :class:`~pushrummy.variants.Variant`) may use."""


def make_deck(packs: int = 2, jokers: int | None = None) -> tuple[Card, ...]:
    """The sorted deck of ``packs`` standard packs, each with its two jokers ([setup.deck]),
    or with ``jokers`` jokers in all when given (Contract Rummy: one joker with two packs).

    Two packs give the 108-card Push deck, three the 162-card deck of Cap-It
    for 5 or 6 players.

    Raises:
        SetupError: ``packs`` is not an int from 1 to :data:`MAX_PACKS` (a value of the
            wrong type included, such as ``2.0`` or ``True``), or ``jokers`` is neither
            ``None`` nor an int from 0 to two per pack.

    >>> deck = make_deck(2)
    >>> deck.count(JOKER), deck.count(parse_card("7H"))
    (4, 2)
    >>> len(make_deck(2, jokers=1)), len(make_deck(3, jokers=2))
    (105, 158)
    >>> make_deck(10**6)
    Traceback (most recent call last):
    ...
    pushrummy.errors.SetupError: packs must be an int from 1 to 4, not 1000000
    """
    if type(packs) is not int or not 1 <= packs <= MAX_PACKS:
        raise SetupError(f"packs must be an int from 1 to {MAX_PACKS}, not {clip_repr(packs)}")
    if jokers is None:
        jokers = 2 * packs
    elif type(jokers) is not int or not 0 <= jokers <= 2 * packs:
        raise SetupError(
            f"jokers must be None or an int from 0 to {2 * packs} (two per pack), "
            f"not {clip_repr(jokers)}"
        )
    deck = [card for card in ALL_CARDS[:JOKER_CODE] for _ in range(packs)]
    deck.extend([JOKER] * jokers)
    return tuple(deck)
