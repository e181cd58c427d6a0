"""Moves: one small frozen class per decision, named after RULES.md's verbs.

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
:class:`LayDown`       lay down the deal's contract  [contract.laydown]
:class:`LayOff`        add one card to a table meld  [layoff.card]
:class:`NewMeld`       meld a new set or run         [meld.new]
:class:`ExchangeWild`  swap a natural for a wild     [layoff.exchange]
                       in a run (option)
:class:`Discard`       discard, ending the turn      [discard.end]
:class:`NextDeal`      deal the next deal (chance)   [deal.count]
=====================  ============================  ====================

>>> from pushrummy.cards import parse_card
>>> Discard(seat=1, card=parse_card("KS"))
Discard(seat=1, card=Card('KS'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from .cards import Card
from .melds import End, Meld

__all__ = [
    "Discard",
    "ExchangeWild",
    "LayDown",
    "LayOff",
    "Move",
    "NewMeld",
    "NextDeal",
    "Push",
    "Take",
]


@attrs.frozen(slots=True)
class Take:
    """Take the upcard into hand ([draw.take])."""

    seat: int


@attrs.frozen(slots=True)
class Push:
    """Push: the top stock card and the upcard go to the receiver; then draw ([draw.push])."""

    seat: int


def _sorted_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    # The same melds in another order are the same lay-down: keep one order.
    try:
        return tuple(sorted(melds))
    except TypeError:
        return tuple(melds)  # the engine rejects non-melds with a clear message


@attrs.frozen(slots=True)
class LayDown:
    """Lay down the deal's contract as exactly its number of melds ([contract.laydown]).

    The melds are kept sorted, so the same melds given in another order are
    the same move.
    """

    seat: int
    melds: tuple[Meld, ...] = attrs.field(converter=_sorted_melds)


def _lay_down_unchecked(seat: int, melds: tuple[Meld, ...]) -> LayDown:
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
_SET_SEAT = LayDown.__dict__["seat"].__set__  # the slots' own setters
_SET_MELDS = LayDown.__dict__["melds"].__set__


@attrs.frozen(slots=True)
class LayOff:
    """Lay off one card on table meld ``meld_id`` ([layoff.card]).

    ``end`` says which end of a run the card extends (``None`` for a set); a
    wild takes the rank of the position it fills.
    """

    seat: int
    card: Card
    meld_id: int
    end: End | None = None


@attrs.frozen(slots=True)
class NewMeld:
    """Meld a new set or run after the contract ([meld.new])."""

    seat: int
    meld: Meld


@attrs.frozen(slots=True)
class ExchangeWild:
    """Replace the wild at run ``position`` of meld ``meld_id`` by the natural it
    stands for, ``card``, and take the wild into hand ([layoff.exchange]).

    Only with the ``wild_exchange`` option.
    """

    seat: int
    meld_id: int
    position: int
    card: Card


@attrs.frozen(slots=True)
class Discard:
    """Discard a card face up; it becomes the next player's upcard ([discard.end])."""

    seat: int
    card: Card


@attrs.frozen(slots=True)
class NextDeal:
    """The chance step between deals: shuffle (from the seed) and deal the next deal."""


Move: TypeAlias = Take | Push | LayDown | LayOff | NewMeld | ExchangeWild | Discard | NextDeal
"""Any move."""

MOVE_TYPES: tuple[type, ...] = (
    Take,
    Push,
    LayDown,
    LayOff,
    NewMeld,
    ExchangeWild,
    Discard,
    NextDeal,
)
