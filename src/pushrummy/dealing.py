"""Shuffling and dealing a deal ([deal.dealer], [deal.upcard], [deal.random]).

All randomness of a game comes from its seed through :func:`deal_rng` and
:func:`first_dealer`, so a seed plus a list of moves replays exactly. String
seeds are hashed with SHA-512 by :class:`random.Random`, which does not depend
on ``PYTHONHASHSEED`` or the process.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from operator import attrgetter
from typing import Final, TypeVar

import attrs

from .cards import Card, make_deck, wild_table
from .errors import SetupError, clip_difference, clip_items, clip_repr
from .variants import BuryPosition, Variant

_CODE = attrgetter("code")
_T = TypeVar("_T")

SEED_BITS: Final = 256
"""Seeds are below ``2**SEED_BITS`` (``2**256``) in magnitude: the seeds a game is dealt
from ([deal.random]), and so the seeds a document or the command line may carry
(``secrets.randbits(128)`` fits)."""

__all__ = [
    "SEED_BITS",
    "Dealt",
    "Turning",
    "check_deck_order",
    "deal",
    "deal_rng",
    "deck_order_problem",
    "first_dealer",
    "reshuffle_rng",
    "reshuffled_stock",
    "turned_wilds",
    "upcard_turning",
]


def deal_rng(seed: int, deal_number: int) -> random.Random:
    """The random stream of one deal: its shuffle, then its burials.

    A fresh generator per deal, seeded with the text ``pushrummy:<seed>:deal:<n>``
    (which :class:`random.Random` hashes with SHA-512), so the cards of one deal say
    nothing about the next one's; see "Seeds and servers" in the front-end guide.

    Raises:
        TypeError: ``seed`` or ``deal_number`` is not an int (a bool is not one).
        SetupError: ``seed`` is not below ``2**256`` in magnitude, or ``deal_number`` is
            not from 1 to ``2**63 - 1``.
    """
    _check_seed(seed)
    if type(deal_number) is not int or not 1 <= deal_number <= _MAX_DEALS:
        if isinstance(deal_number, bool) or not isinstance(deal_number, int):
            raise TypeError(f"deal_number must be an int, not {type(deal_number).__name__}")
        raise SetupError(f"deal_number must be 1..{_MAX_DEALS}, not {clip_repr(deal_number)}")
    return random.Random(f"pushrummy:{seed}:deal:{deal_number}")


_MAX_DEALS = 2**63 - 1
"""The largest deal number (a bound only so that its text is short)."""


def reshuffle_rng(seed: int, deal_number: int, turn: int) -> random.Random:
    """The random stream of a reshuffle of the discard pile ([draw.reshuffle]): a fresh
    generator seeded with the text ``pushrummy:<seed>:deal:<n>:reshuffle:<turn>`` (a deal
    reshuffles at most once a turn), so a reshuffle says nothing of the deal's shuffle and
    draws nothing from its stream.

    Raises:
        TypeError: ``seed``, ``deal_number`` or ``turn`` is not an int (a bool is not one).
        SetupError: ``seed`` or ``deal_number`` is out of range (as :func:`deal_rng`).
    """
    deal_rng(seed, deal_number)  # the same checks
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise TypeError(f"turn must be an int, not {type(turn).__name__}")
    return random.Random(f"pushrummy:{seed}:deal:{deal_number}:reshuffle:{turn}")


def reshuffled_stock(
    pile: Sequence[Card], seed: int, deal_number: int, turn: int
) -> tuple[Card, ...]:
    """The new stock, top card first, that the discard pile ``pile`` (oldest first) is
    shuffled into on turn ``turn`` of deal ``deal_number`` ([draw.reshuffle]), from the
    game's seed (:func:`reshuffle_rng`).

    Raises:
        TypeError, SetupError: as :func:`reshuffle_rng`.

    >>> from pushrummy.cards import parse_cards
    >>> pile = parse_cards("7H 8C 9D KS")
    >>> again = reshuffled_stock(pile, 5, 2, 40)
    >>> again == reshuffled_stock(pile, 5, 2, 40), sorted(again) == sorted(pile)
    (True, True)
    """
    cards = list(pile)
    shuffle(reshuffle_rng(seed, deal_number, turn), cards)
    return tuple(cards)


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed.bit_length() > SEED_BITS:
        raise SetupError(f"seed must be an int with |seed| < 2**{SEED_BITS}")


def first_dealer(seed: int, players: int) -> int:
    """The first dealer chosen at random from the seed ([deal.dealer]).

    Raises:
        TypeError: ``seed`` or ``players`` is not an int (a bool is not one).
        SetupError: ``seed`` is not below ``2**256`` in magnitude, or ``players`` is
            less than 1.
    """
    _check_seed(seed)
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    if players < 1:
        raise SetupError(f"players must be at least 1, not {clip_repr(players)}")
    return random.Random(f"pushrummy:{seed}:dealer").randrange(players)


def _check_variant(variant: object) -> None:
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")


@attrs.frozen(slots=True)
class Dealt:
    """The cards of a fresh deal: hands by seat, the natural upcard, the stock (top first),
    and the wild cards turned up and buried before it, in turning order ([deal.upcard])."""

    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    stock: tuple[Card, ...]
    buried: tuple[Card, ...] = ()


def turned_wilds(order: Sequence[Card], hands: int, wild_twos: bool) -> int:
    """How many wild cards follow the ``hands`` dealt cards of ``order``: the wilds turned
    up (and buried) before the natural upcard ([deal.upcard]; a two is wild unless
    ``wild_twos`` is False, [setup.wild]).

    >>> from pushrummy.cards import parse_card
    >>> order = [parse_card(text) for text in "3C 4C JK 2D 9S 5H".split()]
    >>> turned_wilds(order, 2, wild_twos=True), turned_wilds(order, 2, wild_twos=False)
    (2, 1)

    Raises:
        TypeError: ``order`` is not a sequence of :class:`~pushrummy.cards.Card` values,
            or ``hands`` not an int.
    """
    if isinstance(hands, bool) or not isinstance(hands, int):
        raise TypeError(f"hands must be an int, not {type(hands).__name__}")
    _check_cards(order, "order")
    count = 0
    wild = wild_table(wild_twos is not False)
    for card in order[hands:]:
        if not wild[card.code]:
            break
        count += 1
    return count


@attrs.frozen(slots=True)
class Turning:
    """How far turning the upcard has gone in the first cards of a deck order with its
    burials placed ([deal.upcard]): :func:`upcard_turning`.

    Attributes:
        turned: the wild cards turned up after the hands so far, in turning order.
        buried: those buried by now: each once the next card is turned (all of them once
            the natural upcard is).
        upcard: the natural upcard, once it is turned, else ``None``.
    """

    turned: tuple[Card, ...]
    buried: tuple[Card, ...]
    upcard: Card | None


def upcard_turning(order: Sequence[Card], dealt: int, wild_twos: bool) -> Turning:
    """How far turning the upcard has gone in ``order``, the first cards of a deck order
    with its burials placed (:func:`deck_order_problem`), the first ``dealt`` of them the
    hands'.

    After the hands, cards are turned up until a natural one, the upcard ([deal.upcard]). A
    wild turned up is buried once the next card is turned (that card first, so that a burial
    at the top of the stock cannot turn the same wild up again, as :func:`deal` buries). A
    chance model that draws a deal card by card (the OpenSpiel game) puts each buried wild
    back among the cards left to draw; the order is whole once the natural upcard is turned
    and the order holds the deck and the turned wilds.

    >>> from pushrummy.cards import parse_card
    >>> order = [parse_card(text) for text in "3C 4C JK 2D 9S 5H".split()]
    >>> upcard_turning(order[:4], 2, wild_twos=True)  # the 2D is showing: the JK is buried
    Turning(turned=(Card('JK'), Card('2D')), buried=(Card('JK'),), upcard=None)
    >>> upcard_turning(order, 2, wild_twos=True).upcard
    Card('9S')

    Raises:
        TypeError: ``order`` is not a sequence of :class:`~pushrummy.cards.Card` values,
            or ``dealt`` not an int.
        SetupError: ``dealt`` is negative.
    """
    count = turned_wilds(order, dealt, wild_twos)
    if dealt < 0:
        raise SetupError(f"dealt must be at least 0, not {clip_repr(dealt)}")
    turned = tuple(order[dealt : dealt + count])
    if len(order) > dealt + count:
        return Turning(turned, turned, order[dealt + count])
    return Turning(turned, turned[:-1], None)


def _check_cards(order: object, where: str) -> None:
    if isinstance(order, str) or not isinstance(order, Sequence):
        raise TypeError(f"{where} must be a sequence of Card, not {type(order).__name__}")
    for card in order:
        if not isinstance(card, Card):
            raise TypeError(f"{where} must hold Card values, not {type(card).__name__}")


def deck_order_problem(
    order: Sequence[Card], variant: Variant, players: int, deal_number: int | None = None
) -> str | None:
    """What is wrong with ``order`` as an injected deck order, or ``None`` if nothing is.

    An injected order is read in one of two ways ([deal.upcard], [deal.random]):

    * **the deck** — every card once, top first: the hands are dealt from it, then the
      upcard is turned; a wild upcard is buried at the bottom of the stock and the next
      card turned, so that the order alone decides the deal;
    * **the deck with its burials placed** (needs ``deal_number``) — the hands, then the
      *t* wild cards turned up before the first natural card (the upcard), then the stock
      exactly as it is after the burials, holding those wilds wherever they were buried:
      *t* cards more than the deck. A chance model that draws burial positions (the
      OpenSpiel game) gives its deals this way.

    Each reading must hold exactly the deck (the turned wilds counted where they were
    buried, in the stock): a message names the missing and the extra cards.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, ``order``
            not a sequence of :class:`~pushrummy.cards.Card` values, or ``deal_number``
            not an int.
        VariantError: the variant is not played by ``players`` players.
        SetupError: ``deal_number`` is not a deal of the variant.
    """
    _check_variant(variant)
    _check_cards(order, "order")
    if deal_number is not None and (
        isinstance(deal_number, bool) or not isinstance(deal_number, int)
    ):
        raise TypeError(f"deal_number must be an int, not {type(deal_number).__name__}")
    if deal_number is not None and not 1 <= deal_number <= len(variant.deals):
        raise SetupError(
            f"deal_number must be 1..{len(variant.deals)}, not {clip_repr(deal_number)}"
        )
    deck = Counter(_deck(variant, players))
    size = deck.total()
    given = Counter(order)
    if given == deck:
        return None
    whole = (
        f"is not the {size}-card deck of {players} players ({len(order):,} cards given): "
        + clip_difference(given, deck)
    )
    if len(order) <= size or deal_number is None:
        return whole
    dealt = players * variant.deals[deal_number - 1].hand_size
    turned = turned_wilds(order, dealt, variant.wild_twos)
    if len(order) != size + turned:
        return (
            f"{whole} — nor the deck with its burials placed, which has the {turned:,} wild "
            f"card{'' if turned == 1 else 's'} turned up after the hands twice "
            f"({size + turned:,} cards)"
        )
    kept = given - Counter(order[dealt : dealt + turned])
    if kept != deck:
        return (
            f"with its burials placed (the {turned} wild cards turned up after the hands, "
            f"then the stock holding them) is not the {size}-card deck of {players} players: "
            + clip_difference(kept, deck)
        )
    # Every copy turned up is in the stock (a multiset inclusion: two jokers turned up
    # need two jokers in the stock).
    lost = Counter(order[dealt : dealt + turned]) - Counter(order[dealt + turned + 1 :])
    if lost:
        return (
            "with its burials placed must hold the turned-up wild cards in the stock: "
            + clip_items(sorted(lost.elements()))
            + " turned up but not in the stock"
        )
    return None


def check_deck_order(
    order: Sequence[Card],
    variant: Variant,
    players: int,
    where: str,
    deal_number: int | None = None,
) -> None:
    """Raise :class:`~pushrummy.errors.SetupError` unless ``order`` is a whole deck, or
    (given ``deal_number``) the deck with its burials placed (:func:`deck_order_problem`).

    ``where`` names ``order`` in the message (``"deals[0]"``).

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, ``where``
            not a str, ``order`` not a sequence of :class:`~pushrummy.cards.Card`
            values (a str is not one), or ``deal_number`` not an int.
        VariantError: the variant is not played by ``players`` players.
        SetupError: ``order`` is not the deck of ``players`` players: the message lists
            the missing and the extra cards; or ``deal_number`` is not a deal of the
            variant.
    """
    _check_variant(variant)
    if not isinstance(where, str):
        raise TypeError(f"where must be a str, not {type(where).__name__}")
    _check_cards(order, where)
    problem = deck_order_problem(order, variant, players, deal_number)
    if problem is not None:
        raise SetupError(f"{where} {problem}")


def _deck(variant: Variant, players: int) -> tuple[Card, ...]:
    """The variant's deck for ``players`` (:meth:`~pushrummy.variants.Variant.deck`, a
    tuple: immutable), made once per pack and joker count."""
    key = (variant.packs(players), variant.jokers(players))
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = make_deck(*key)
    return deck


_DECKS: dict[tuple[int, int], tuple[Card, ...]] = {}
"""The new deck of each (packs, jokers) count."""


def shuffle(rng: random.Random, deck: list[Card]) -> None:
    """``rng.shuffle(deck)``: the same permutation, drawing the same random bits.

    CPython's :meth:`random.Random.shuffle` asks ``_randbelow`` (one Python call per card,
    a third of a deal's cost) for each swap; :func:`_swaps` is the same loop with that
    call inlined, used for a plain :class:`random.Random` when it agrees with this
    Python's own method (checked once, at import: :data:`_INLINE_SHUFFLE`); any other rng
    shuffles itself."""
    if _INLINE_SHUFFLE and type(rng) is random.Random:
        _swaps(rng, deck)
    else:
        rng.shuffle(deck)


def _swaps(rng: random.Random, deck: list[_T]) -> None:
    """CPython's ``Random.shuffle`` with ``_randbelow_with_getrandbits`` inlined."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(deck))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def _inline_shuffle_agrees() -> bool:
    """Whether :func:`_swaps` is this Python's ``Random.shuffle``: the same permutations
    and the same random stream after them, for a few seeds and sizes."""
    for seed in range(2):
        for size in (1, 2, 7, 108):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, other = list(range(size)), list(range(size))
            _swaps(ours, mine)
            theirs.shuffle(other)
            if mine != other or ours.getrandbits(64) != theirs.getrandbits(64):
                return False
    return True


_INLINE_SHUFFLE = _inline_shuffle_agrees()


def deal(
    variant: Variant,
    players: int,
    seed: int,
    deal_number: int,
    dealer: int,
    order: Sequence[Card] | None,
) -> Dealt:
    """Shuffle (unless ``order`` gives the deck) and deal deal ``deal_number``.

    Cards go one at a time clockwise from the dealer's left neighbour
    ([deal.dealer]); the next card is the upcard. A wild upcard is buried in
    the stock (at a random position drawn from the seed, or at the bottom) and
    the next card turned, until the upcard is natural ([deal.upcard]).

    An injected ``order`` determines the whole deal, burials included, so that nothing of
    the deal depends on the seed (an explicit chance model, or a physical deck, gives the
    order and needs no random stream; DESIGN §6a). Given as the deck, a wild upcard is
    buried at the bottom of the stock, whatever ``bury_position`` says; given as the deck
    with its burials placed, the stock is the order's, with the turned wilds where the
    order puts them (:func:`deck_order_problem` describes both).

    The other arguments are those :func:`~pushrummy.engine.new_game` has checked:
    ``deal_number`` is one of the variant's deals, ``dealer`` a seat, and ``order``, if
    given, the whole deck or the deck with its burials placed (:func:`check_deck_order`).

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, or ``seed``
            or ``deal_number`` not an int.
        VariantError: ``order`` is ``None`` and the variant is not played by ``players``
            players.
        SetupError: ``seed`` or ``deal_number`` is out of range (as :func:`deal_rng`),
            or every card left after the hands is wild, so that no natural upcard can
            ever be turned ([deal.upcard]; possible only in a variant that deals nearly
            the whole deck).
    """
    _check_variant(variant)
    rng = deal_rng(seed, deal_number)
    if order is None:
        deck = list(_deck(variant, players))
        shuffle(rng, deck)
    else:
        deck = list(order)
    hand_size = variant.deals[deal_number - 1].hand_size
    dealt = players * hand_size
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(dealt):
        hands[(dealer + 1 + i) % players].append(deck[i])
    if order is not None and len(deck) > len(_deck(variant, players)):
        # The deck with its burials placed: the turned wilds are in the stock already.
        turning = upcard_turning(deck, dealt, variant.wild_twos)
        assert turning.upcard is not None  # check_deck_order: the order is whole
        return Dealt(
            hands=tuple(tuple(sorted(hand, key=_CODE)) for hand in hands),  # Card order, by ints
            upcard=turning.upcard,
            stock=tuple(deck[dealt + len(turning.turned) + 1 :]),
            buried=turning.turned,
        )
    upcard = deck[dealt]
    stock = deck[dealt + 1 :]
    wild = variant.wild_table
    if wild[upcard.code] and all(wild[card.code] for card in stock):
        # Burying and turning only reorders these cards: the loop below would never end.
        raise SetupError(
            f"deal {deal_number}: all {len(stock) + 1} cards left after dealing "
            f"{players} hands of {hand_size} are wild, so no natural upcard can be turned "
            "[deal.upcard]"
        )
    turned: list[Card] = []
    while wild[upcard.code]:
        buried = upcard
        turned.append(buried)
        # Turn the next card first, then bury: a burial at the top of the
        # stock must not turn the same wild up again.
        upcard = stock.pop(0)
        if order is not None or variant.bury_position is BuryPosition.BOTTOM:
            stock.append(buried)
        else:
            stock.insert(rng.randint(0, len(stock)), buried)
    return Dealt(
        hands=tuple(tuple(sorted(hand, key=_CODE)) for hand in hands),  # Card order, by ints
        upcard=upcard,
        stock=tuple(stock),
        buried=tuple(turned),
    )
