"""The draw ([draw.choice]): take the upcard ([draw.take]) or push it ([draw.push]).

The predicate :func:`push_allowed` ([draw.exhausted]) is asked by the lister
(:func:`list_push`), the checker (:func:`check_draw`) and anyone else who wants to know.

>>> from pushrummy import PUSH
>>> push_allowed(PUSH, stock_size=1)       # short_stock_push defaults to allowing it
True
>>> push_allowed(PUSH.replace(short_stock_push="forbidden"), stock_size=1)
False
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalMoveError
from ..events import DealEnd, Took
from ..moves import Move, Push, Take
from ..state import GameState, Phase, replace_unchecked
from ..variants import PushTo, ShortStockPush, Variant
from .turn import MAX_SEATS, Turn, end_deal, illegal, set_at, with_cards

__all__ = [
    "apply_push",
    "apply_take",
    "check_draw",
    "list_push",
    "list_take",
    "push_allowed",
]


def push_allowed(variant: Variant, stock_size: int) -> bool:
    """Whether the player to draw may push ([draw.push], [draw.exhausted]): always,
    unless ``short_stock_push`` forbids it with fewer than two stock cards left.

    Raises:
        TypeError: ``variant`` is not a variant, or ``stock_size`` not an int.
    """
    try:
        forbidden = variant.short_stock_push is ShortStockPush.FORBIDDEN
    except AttributeError:
        raise TypeError(
            f"push_allowed: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    if stock_size.__class__ is not int and (
        not isinstance(stock_size, int) or isinstance(stock_size, bool)
    ):
        raise TypeError(f"push_allowed: stock_size must be an int, not {type(stock_size).__name__}")
    return not (forbidden and stock_size < 2)


# Moves are immutable values: a draw's moves are built once per seat and shared.
_TAKES = tuple((Take(seat),) for seat in range(MAX_SEATS))
_PUSHES = tuple((Push(seat),) for seat in range(MAX_SEATS))


def list_take(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The take ([draw.take]): always possible in the draw."""
    seat = state.current_player
    assert seat is not None
    return _TAKES[seat] if seat < MAX_SEATS else (Take(seat),)


def list_push(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The push, when :func:`push_allowed`."""
    if not push_allowed(state.variant, len(state.stock)):
        return ()
    seat = state.current_player
    assert seat is not None
    return _PUSHES[seat] if seat < MAX_SEATS else (Push(seat),)


def check_draw(state: GameState, move: Any) -> None:
    """A take or a push ([draw.take], [draw.push]): a push needs stock enough
    ([draw.exhausted], with ``short_stock_push=forbidden``).

    Raises:
        IllegalMoveError: a push with fewer than two stock cards left when
            ``short_stock_push=forbidden`` ([draw.exhausted]).
    """
    if isinstance(move, Push) and not push_allowed(state.variant, len(state.stock)):
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "draw.exhausted",
            f"seat {move.seat} cannot push with {len(state.stock)} stock card(s) left "
            "(short_stock_push=forbidden): take the upcard",
        )


def apply_take(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.Take` ([draw.take])."""
    seat: int = move.seat
    upcard = state.upcard
    assert upcard is not None
    return replace_unchecked(
        state,
        phase=Phase.PLAY,
        hands=set_at(state.hands, seat, with_cards(state.hands[seat], (upcard,))),
        known=set_at(state.known, seat, (*state.known[seat], upcard)),
        upcard=None,
        taken=upcard,
        log=state.log.append(Took(seat, upcard)),
    )


def apply_push(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.Push` ([draw.push])."""
    seat: int = move.seat
    upcard = state.upcard
    assert upcard is not None
    players = state.players
    step = 1 if state.variant.push_to is PushTo.NEXT else -1
    receiver = (seat + step) % players
    stock = state.stock
    if len(stock) < 2 and state.variant.short_stock_push is ShortStockPush.END_WITHOUT_TRANSFER:
        return end_deal(state, DealEnd.EXHAUSTED, None)
    hands = set_at(state.hands, receiver, with_cards(state.hands[receiver], (*stock[:1], upcard)))
    known = set_at(state.known, receiver, (*state.known[receiver], upcard))
    if len(stock) < 2:
        # The last stock card (if any) and the upcard went to the receiver;
        # the pusher cannot draw, so the deal ends at once ([draw.exhausted]).
        log = state.log.push(seat, receiver, upcard, stock[0] if stock else None, None)
        return end_deal(
            state, DealEnd.EXHAUSTED, None, hands=hands, known=known, stock=(), upcard=None, log=log
        )
    hands = set_at(hands, seat, with_cards(hands[seat], (stock[1],)))
    return replace_unchecked(
        state,
        phase=Phase.PLAY,
        hands=hands,
        known=known,
        stock=stock[2:],
        upcard=None,
        taken=None,
        log=state.log.push(seat, receiver, upcard, stock[0], stock[1]),
    )
