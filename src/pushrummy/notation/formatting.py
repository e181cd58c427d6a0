"""Writing moves and melds in the notation: :func:`format_move`, :func:`format_meld`
(the grammar is in :mod:`pushrummy.notation`; :func:`~pushrummy.notation.parse_move` and
:func:`~pushrummy.notation.parse_meld` read the text back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card, Rank
from ..melds import Meld
from ..moves import ExchangeWild, LayOff, Move
from ..movetable import MOVE_KINDS, kind_of

__all__ = ["format_meld", "format_move"]


def format_meld(meld: Meld) -> str:
    """The notation of ``meld``, every wild with its role; :func:`parse_meld` reads it back.

    Sets list their naturals, then their wilds (``9C 9S JK=9``); runs list their
    cards low to high (``5H JK=6H 7H``).

    Raises:
        TypeError: ``meld`` is not a :class:`~pushrummy.melds.Meld`.

    >>> from pushrummy.cards import parse_cards
    >>> format_meld(Meld.set_of(parse_cards("JK 2C 9S 9C")))
    '9C 9S 2C=9 JK=9'
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"format_meld expects a Meld, not {type(meld).__name__}")
    return meld.notation()


def format_move(move: Move) -> str:
    """The notation of ``move``; :func:`parse_move` maps it back in the same position.

    The text needs no state to be read: run lay-offs always name their end,
    and an exchange names its position when the card alone does not fix it.

    Raises:
        TypeError: ``move`` is not a move (an instance of one of the move classes).

    >>> from pushrummy.cards import parse_card
    >>> from pushrummy.moves import Discard, NextDeal
    >>> format_move(Discard(1, parse_card("10H")))
    'discard 10H'
    >>> format_move(ExchangeWild(0, 4, 14, parse_card("AS")))
    'exchange AS on 4 at 14'
    >>> format_move(NextDeal())
    'next'
    """
    return _FORMAT[kind_of(move).name](move)


def _format_lay_off(move: LayOff) -> str:
    end = "" if move.end is None else f" {move.end.value}"
    return f"off {move.card} on {move.meld_id}{end}"


def _format_exchange(move: ExchangeWild) -> str:
    implied = implied_position(move.card)
    at = "" if implied == move.position else f" at {move.position}"
    return f"exchange {move.card} on {move.meld_id}{at}"


_FORMAT: dict[str, Callable[[Any], str]] = {
    "take": lambda move: "take",
    "push": lambda move: "push",
    "draw_stock": lambda move: "draw",
    "buy_upcard": lambda move: "buy",
    "pass_upcard": lambda move: "pass",
    "lay_down": lambda move: "down " + " / ".join(format_meld(m) for m in move.melds),
    "lay_down_shape": lambda move: f"shape {move.shape.notation()}",
    "fill_wilds": lambda move: "fill " + " ".join(map(str, move.wilds)),
    "lay_off": _format_lay_off,
    "new_meld": lambda move: f"meld {format_meld(move.meld)}",
    "exchange_wild": _format_exchange,
    "discard": lambda move: f"discard {move.card}",
    "next_deal": lambda move: "next",
}
"""The notation of each kind of move (by its name in the move table)."""


def implied_position(card: Card) -> int | None:
    """The one run position a natural card can stand at (aces have two; wilds none)."""
    if card.is_wild or card.rank is Rank.ACE or card.rank is None:
        return None
    return int(card.rank)


if set(_FORMAT) != {kind.name for kind in MOVE_KINDS}:  # pragma: no cover
    raise RuntimeError("pushrummy.notation is out of step with pushrummy.movetable")
