"""Moves: one small frozen class per decision, named after the verbs of :doc:`/rules`.

Every player move names the seat making it, so a move read from a client is
self-describing and a move for the wrong seat is rejected with
:class:`~pushrummy.errors.NotYourTurnError`. The chance step between deals,
:class:`NextDeal`, has no seat.

=====================  ============================  ====================
move                   does                          rule
=====================  ============================  ====================
:class:`Take`          take the upcard               [draw.take]
:class:`Push`          push the upcard and a stock   [draw.push]
                       card to the receiver, draw
:class:`DrawStock`     draw the stock's top card     [draw.stock]
                       (option), the upcard stays
:class:`BuyUpcard`     buy the offered upcard, with  [buy.offer]
                       a penalty card (option)
:class:`PassUpcard`    let the offered upcard pass   [buy.offer]
:class:`LayDown`       lay down the deal's contract  [contract.laydown]
:class:`LayDownShape`  announce a lay-down step's     [contract.wilds]
                       shape, its wild places open
:class:`FillWilds`     fill those wild places         [contract.wilds]
:class:`LayOff`        add one card to a table meld  [layoff.card]
:class:`NewMeld`       meld a new set or run         [meld.new]
:class:`ExchangeWild`  swap a natural for a wild     [layoff.exchange]
                       in a run (option)
:class:`Discard`       discard, ending the turn      [discard.end]
:class:`NextDeal`      deal the next deal (chance)   [deal.count]
=====================  ============================  ====================

Moves check the types of their fields when they are built: a seat, a meld id and a
position are ints, a card a :class:`~pushrummy.cards.Card`, an end an
:class:`~pushrummy.melds.End` or ``None``. Anything else raises :class:`TypeError` —
in particular ``True`` and ``1.0``, which equal ``1`` and would make ``Take(True)`` equal
(and hash like) ``Take(1)`` although no seat is a bool. Whether the values make a legal
move is for :func:`~pushrummy.engine.check_move` to say.

The move classes are final: subclassing one raises :class:`TypeError`, since the engine,
:mod:`~pushrummy.notation` and :mod:`~pushrummy.serialization` know moves by their exact
class (to add behaviour, wrap a move instead).

>>> from pushrummy.cards import parse_card
>>> Discard(seat=1, card=parse_card("KS"))
Discard(seat=1, card=Card('KS'))
>>> Take(True)
Traceback (most recent call last):
...
TypeError: Take.seat must be an int, not bool
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NoReturn, TypeAlias, final

import attrs

from .cards import Card
from .meld_shape import MeldShape
from .melds import End, Meld

__all__ = [
    "BuyUpcard",
    "Discard",
    "DrawStock",
    "ExchangeWild",
    "FillWilds",
    "LayDown",
    "LayDownShape",
    "LayOff",
    "Move",
    "NewMeld",
    "NextDeal",
    "PassUpcard",
    "Push",
    "Take",
    "cards_used",
]

# Each move class has its own __init__: the type checks below cost less than the
# function call an ``__attrs_post_init__`` would add, and the fields are set through
# the slots' own setters (``_setter``), which is faster than attrs' generated
# ``object.__setattr__`` calls, so a checked move is built faster than before the
# checks. The common case, an exact int or Card, takes one ``type(x) is`` test.


def _setter(cls: type, name: str) -> Callable[[object, Any], None]:
    """The ``__set__`` of slot ``name`` of ``cls``: sets a frozen instance's field."""
    setter: Callable[[object, Any], None] = cls.__dict__[name].__set__
    return setter


def _not_int(move: str, name: str, value: object) -> bool:
    """Raise unless ``value`` is an int (not a bool); the slow path of the checks."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{move}.{name} must be an int, not {type(value).__name__}")
    return False


def _not_card(move: str, value: object) -> bool:
    if not isinstance(value, Card):
        raise TypeError(f"{move}.card must be a Card, not {type(value).__name__}")
    return False


def _refuse_subclass(cls: type) -> NoReturn:
    base = cls.__mro__[1].__name__
    raise TypeError(
        f"{cls.__name__}: {base} cannot be subclassed (the engine knows moves by their exact "
        "class); wrap the move instead"
    )


@final
@attrs.frozen(slots=True, init=False)
class Take:
    """Take the upcard into hand ([draw.take])."""

    seat: int

    def __init__(self, seat: int) -> None:
        if type(seat) is not int:
            _not_int("Take", "seat", seat)
        _TAKE_SEAT(self, seat)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> Take:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> Take:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class Push:
    """Push: the top stock card and the upcard go to the receiver; then draw ([draw.push])."""

    seat: int

    def __init__(self, seat: int) -> None:
        if type(seat) is not int:
            _not_int("Push", "seat", seat)
        _PUSH_SEAT(self, seat)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> Push:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> Push:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class DrawStock:
    """Draw the top card of the stock, leaving the upcard face up ([draw.stock]; with
    ``draw_style="stock"``). From an empty stock, the discard pile is first reshuffled
    into a new stock ([draw.reshuffle]), or the deal ends ([draw.exhausted])."""

    seat: int

    def __init__(self, seat: int) -> None:
        if type(seat) is not int:
            _not_int("DrawStock", "seat", seat)
        _DRAW_STOCK_SEAT(self, seat)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> DrawStock:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> DrawStock:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class BuyUpcard:
    """Buy the upcard offered round the table, out of turn ([buy.offer]; with
    ``buying``): the seat takes it and the top stock card as a penalty ([buy.penalty])
    and does not discard; then the player in turn draws from the stock."""

    seat: int

    def __init__(self, seat: int) -> None:
        if type(seat) is not int:
            _not_int("BuyUpcard", "seat", seat)
        _BUY_SEAT(self, seat)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> BuyUpcard:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> BuyUpcard:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class PassUpcard:
    """Decline the upcard offered round the table ([buy.offer]): the offer passes to the
    next seat, or, once every seat has passed, the player in turn draws from the stock."""

    seat: int

    def __init__(self, seat: int) -> None:
        if type(seat) is not int:
            _not_int("PassUpcard", "seat", seat)
        _PASS_SEAT(self, seat)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> PassUpcard:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> PassUpcard:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


def _sorted_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    # The same melds in another order are the same lay-down: keep one order.
    try:
        result = tuple(melds)
    except TypeError:
        raise TypeError(
            f"LayDown.melds must be an iterable of Meld values, not {type(melds).__name__}"
        ) from None
    for meld in result:
        if type(meld) is not Meld and not isinstance(meld, Meld):
            raise TypeError(f"LayDown.melds must hold Meld values, not {type(meld).__name__}")
    return tuple(sorted(result)) if len(result) > 1 else result


@final
@attrs.frozen(slots=True, init=False)
class LayDown:
    """Lay down the deal's contract as exactly its number of melds ([contract.laydown]).

    The melds are kept sorted, so the same melds given in another order are
    the same move.
    """

    seat: int
    melds: tuple[Meld, ...]

    def __init__(self, seat: int, melds: Iterable[Meld]) -> None:
        if type(seat) is not int:
            _not_int("LayDown", "seat", seat)
        _SET_SEAT(self, seat)
        _SET_MELDS(self, _sorted_melds(melds))

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> LayDown:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> LayDown:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class LayDownShape:
    """The next meld of a lay-down that uses wild cards, first as its shape: its kind, place
    and naturals, its wild places open ([contract.wilds]). :class:`FillWilds` follows."""

    seat: int
    shape: MeldShape

    def __init__(self, seat: int, shape: MeldShape) -> None:
        if type(seat) is not int:
            _not_int("LayDownShape", "seat", seat)
        if type(shape) is not MeldShape:
            raise TypeError(f"LayDownShape.shape must be a MeldShape, not {type(shape).__name__}")
        _SHAPE_SEAT(self, seat)
        _SHAPE_SHAPE(self, shape)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> LayDownShape:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> LayDownShape:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


def _wild_tuple(wilds: Iterable[Card]) -> tuple[Card, ...]:
    try:
        result = tuple(wilds)
    except TypeError:
        raise TypeError(
            f"FillWilds.wilds must be an iterable of Cards, not {type(wilds).__name__}"
        ) from None
    for card in result:
        if type(card) is not Card:
            raise TypeError(f"FillWilds.wilds must hold Cards, not {type(card).__name__}")
    return result


@final
@attrs.frozen(slots=True, init=False)
class FillWilds:
    """Fill the wild places of the shape just announced (:class:`LayDownShape`) with
    ``wilds``, in the shape's order (a run's low to high), and lay the meld down
    ([contract.wilds])."""

    seat: int
    wilds: tuple[Card, ...]

    def __init__(self, seat: int, wilds: Iterable[Card]) -> None:
        if type(seat) is not int:
            _not_int("FillWilds", "seat", seat)
        _FILL_SEAT(self, seat)
        _FILL_WILDS(self, _wild_tuple(wilds))

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> FillWilds:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> FillWilds:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


def lay_down_unchecked(seat: int, melds: tuple[Meld, ...]) -> LayDown:
    """``LayDown(seat, melds)`` for melds already in canonical (sorted) order.

    For the move generator, which gets each way from
    :func:`~pushrummy.contracts.contract_options` already sorted by
    :attr:`Meld.sort_key <pushrummy.melds.Meld.sort_key>` and may list thousands of
    them: the converter would sort each again through ``Meld.__lt__``. The result is
    equal to, and indistinguishable from, the one the constructor builds.
    """
    move = _new(LayDown)
    _SET_SEAT(move, seat)
    _SET_MELDS(move, melds)
    return move


_new = object.__new__


@final
@attrs.frozen(slots=True, init=False)
class LayOff:
    """Lay off one card on table meld ``meld_id`` ([layoff.card]).

    ``end`` says which end of a run the card extends (``None`` for a set); a
    wild takes the rank of the position it fills.
    """

    seat: int
    card: Card
    meld_id: int
    end: End | None = None

    def __init__(self, seat: int, card: Card, meld_id: int, end: End | None = None) -> None:
        if type(seat) is not int:
            _not_int("LayOff", "seat", seat)
        if type(card) is not Card:
            _not_card("LayOff", card)
        if type(meld_id) is not int:
            _not_int("LayOff", "meld_id", meld_id)
        if end is not None and type(end) is not End:
            raise TypeError(f"LayOff.end must be an End or None, not {type(end).__name__}")
        _LAYOFF_SEAT(self, seat)
        _LAYOFF_CARD(self, card)
        _LAYOFF_MELD_ID(self, meld_id)
        _LAYOFF_END(self, end)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> LayOff:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> LayOff:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class NewMeld:
    """Meld a new set or run after the contract ([meld.new])."""

    seat: int
    meld: Meld

    def __init__(self, seat: int, meld: Meld) -> None:
        if type(seat) is not int:
            _not_int("NewMeld", "seat", seat)
        if type(meld) is not Meld and not isinstance(meld, Meld):
            raise TypeError(f"NewMeld.meld must be a Meld, not {type(meld).__name__}")
        _NEW_MELD_SEAT(self, seat)
        _NEW_MELD_MELD(self, meld)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> NewMeld:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> NewMeld:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class ExchangeWild:
    """Replace the wild at run ``position`` of meld ``meld_id`` by the natural it
    stands for, ``card``, and take the wild into hand ([layoff.exchange]).

    Only with the ``wild_exchange`` option.
    """

    seat: int
    meld_id: int
    position: int
    card: Card

    def __init__(self, seat: int, meld_id: int, position: int, card: Card) -> None:
        if type(seat) is not int:
            _not_int("ExchangeWild", "seat", seat)
        if type(meld_id) is not int:
            _not_int("ExchangeWild", "meld_id", meld_id)
        if type(position) is not int:
            _not_int("ExchangeWild", "position", position)
        if type(card) is not Card:
            _not_card("ExchangeWild", card)
        _EXCHANGE_SEAT(self, seat)
        _EXCHANGE_MELD_ID(self, meld_id)
        _EXCHANGE_POSITION(self, position)
        _EXCHANGE_CARD(self, card)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> ExchangeWild:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> ExchangeWild:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True, init=False)
class Discard:
    """Discard a card face up; it becomes the next player's upcard ([discard.end])."""

    seat: int
    card: Card

    def __init__(self, seat: int, card: Card) -> None:
        if type(seat) is not int:
            _not_int("Discard", "seat", seat)
        if type(card) is not Card:
            _not_card("Discard", card)
        _DISCARD_SEAT(self, seat)
        _DISCARD_CARD(self, card)

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> Discard:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> Discard:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@final
@attrs.frozen(slots=True)
class NextDeal:
    """The chance step between deals: shuffle (from the seed) and deal the next deal."""

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        _refuse_subclass(cls)

    def __copy__(self) -> NextDeal:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> NextDeal:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


# The slots' setters, looked up once (they are what attrs' __init__ ends up calling).
_TAKE_SEAT = _setter(Take, "seat")
_PUSH_SEAT = _setter(Push, "seat")
_DRAW_STOCK_SEAT = _setter(DrawStock, "seat")
_BUY_SEAT = _setter(BuyUpcard, "seat")
_PASS_SEAT = _setter(PassUpcard, "seat")
_SET_SEAT = _setter(LayDown, "seat")
_SET_MELDS = _setter(LayDown, "melds")
_SHAPE_SEAT = _setter(LayDownShape, "seat")
_SHAPE_SHAPE = _setter(LayDownShape, "shape")
_FILL_SEAT = _setter(FillWilds, "seat")
_FILL_WILDS = _setter(FillWilds, "wilds")
_LAYOFF_SEAT = _setter(LayOff, "seat")
_LAYOFF_CARD = _setter(LayOff, "card")
_LAYOFF_MELD_ID = _setter(LayOff, "meld_id")
_LAYOFF_END = _setter(LayOff, "end")
_NEW_MELD_SEAT = _setter(NewMeld, "seat")
_NEW_MELD_MELD = _setter(NewMeld, "meld")
_EXCHANGE_SEAT = _setter(ExchangeWild, "seat")
_EXCHANGE_MELD_ID = _setter(ExchangeWild, "meld_id")
_EXCHANGE_POSITION = _setter(ExchangeWild, "position")
_EXCHANGE_CARD = _setter(ExchangeWild, "card")
_DISCARD_SEAT = _setter(Discard, "seat")
_DISCARD_CARD = _setter(Discard, "card")


Move: TypeAlias = (
    Take
    | Push
    | DrawStock
    | BuyUpcard
    | PassUpcard
    | LayDown
    | LayDownShape
    | FillWilds
    | LayOff
    | NewMeld
    | ExchangeWild
    | Discard
    | NextDeal
)
"""Any move."""


def cards_used(move: Move) -> tuple[Card, ...]:
    """The cards ``move`` plays from the mover's hand, in the move's order.

    A discard, a lay-off and an exchange use their one card, a new meld its meld's
    cards, a lay-down (or a lay-down step) its melds' cards, a lay-down step made in two
    decisions its shape's naturals (:class:`LayDownShape`), then its wild cards
    (:class:`FillWilds`); a draw and :class:`NextDeal` use none.

    Raises:
        TypeError: ``move`` is not a move (an instance of one of the move classes).

    >>> from pushrummy.cards import parse_card
    >>> cards_used(Discard(1, parse_card("KS"))), cards_used(Take(1))
    ((Card('KS'),), ())
    """
    if isinstance(move, (Discard, LayOff, ExchangeWild)):
        return (move.card,)
    if isinstance(move, NewMeld):
        return move.meld.cards
    if isinstance(move, LayDown):
        return tuple(card for meld in move.melds for card in meld.cards)
    if isinstance(move, FillWilds):
        return move.wilds
    if isinstance(move, LayDownShape):
        return move.shape.naturals
    if isinstance(move, (Take, Push, DrawStock, BuyUpcard, PassUpcard, NextDeal)):
        return ()
    raise TypeError(f"not a move: {type(move).__name__}")
