"""The draw ([draw.choice]): take the upcard ([draw.take]), or push it ([draw.push]), or
(with ``draw_style="stock"``) draw the top card of the stock ([draw.stock]), reshuffling the
discard pile into a new stock when the stock is empty ([draw.reshuffle]).

The predicates :func:`take_allowed` ([draw.take]), :func:`push_allowed`
([draw.exhausted]) and :func:`stock_draw_allowed` ([draw.stock]) are asked by the listers
(:func:`list_take`, :func:`list_push`, :func:`list_draw_stock`), the checker
(:func:`check_draw`) and anyone else who wants to know. A draw from the stock is applied in
two parts, so that a phase between the choice and the draw (the upcard offered round the
table first, Contract Rummy's buying) can call the second alone: :func:`apply_draw_stock`
is the choice, :func:`draw_from_stock` the draw (with its reshuffle).

>>> from pushrummy import PUSH
>>> push_allowed(PUSH, stock_size=1)       # short_stock_push defaults to allowing it
True
>>> push_allowed(PUSH.replace(short_stock_push="forbidden"), stock_size=1)
False
>>> take_allowed(PUSH, laid_down=True, stock_size=9)   # take_after_contract defaults to True
True
>>> take_allowed(PUSH.replace(take_after_contract=False), laid_down=True, stock_size=9)
False
>>> stock_draw_allowed(PUSH), stock_draw_allowed(PUSH.replace(draw_style="stock"))
(False, True)
>>> push_allowed(PUSH.replace(draw_style="stock"), stock_size=9)
False
"""

from __future__ import annotations

from collections import Counter
from typing import Any, SupportsIndex

from ..cards import ALL_CARDS, Card
from ..dealing import reshuffled_stock
from ..errors import IllegalMoveError, SetupError, clip_items
from ..events import DealEnd, Drew, StockReshuffled, Took
from ..moves import DrawStock, Move, Push, Take
from ..state import GameState, Phase, replace_unchecked
from ..variants import DrawStyle, PushTo, ShortStockPush, Variant
from .turn import MAX_SEATS, Turn, end_deal, illegal, int_argument, set_at, with_cards

__all__ = [
    "apply_draw_stock",
    "apply_push",
    "apply_take",
    "check_draw",
    "draw_from_stock",
    "list_draw_stock",
    "list_push",
    "list_take",
    "push_allowed",
    "stock_draw_allowed",
    "take_allowed",
]


def stock_draw_allowed(variant: Variant) -> bool:
    """Whether the player to draw may draw from the stock ([draw.stock]): with
    ``draw_style="stock"``, always (from an empty stock the pile is reshuffled, or the deal
    ends: [draw.reshuffle], [draw.exhausted]); never with the push draw.

    Raises:
        TypeError: ``variant`` is not a variant.
    """
    try:
        return variant.draw_style is DrawStyle.STOCK
    except AttributeError:
        raise TypeError(
            f"stock_draw_allowed: variant must be a Variant, not {type(variant).__name__}"
        ) from None


def push_allowed(variant: Variant, stock_size: SupportsIndex) -> bool:
    """Whether the player to draw may push ([draw.push], [draw.exhausted]): with the push
    draw (``draw_style="push"``), always, unless ``short_stock_push`` forbids it with fewer
    than two stock cards left; never with ``draw_style="stock"`` ([draw.stock]).

    ``stock_size`` is an int, not a bool, in both builds
    (:func:`~pushrummy.plays.turn.int_argument`).

    Raises:
        TypeError: ``variant`` is not a variant, or ``stock_size`` not an int.
    """
    try:
        forbidden = variant.short_stock_push is ShortStockPush.FORBIDDEN
        pushing = variant.draw_style is DrawStyle.PUSH
    except AttributeError:
        raise TypeError(
            f"push_allowed: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    size = int_argument("push_allowed", "stock_size", stock_size)
    return pushing and not (forbidden and size < 2)


def take_allowed(variant: Variant, laid_down: bool, stock_size: SupportsIndex) -> bool:
    """Whether the player to draw may take the upcard ([draw.take]): always, unless
    ``take_after_contract`` is off and they have laid down this deal's contract; then
    they must push or draw from the stock, unless that is not allowed either
    (:func:`push_allowed`; a draw from the stock always is): a turn must always be able to
    draw. ``stock_size`` is an int, not a bool, in both builds (as for :func:`push_allowed`).

    Raises:
        TypeError: ``variant`` is not a variant, ``laid_down`` not a bool, or
            ``stock_size`` not an int.
    """
    try:
        after_contract = variant.take_after_contract
    except AttributeError:
        raise TypeError(
            f"take_allowed: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    if laid_down.__class__ is not bool:
        raise TypeError(f"take_allowed: laid_down must be a bool, not {type(laid_down).__name__}")
    size = int_argument("take_allowed", "stock_size", stock_size)
    return (
        after_contract
        or not laid_down
        or not (stock_draw_allowed(variant) or push_allowed(variant, size))
    )


# Moves are immutable values: a draw's moves are built once per seat and shared.
_TAKES = tuple((Take(seat),) for seat in range(MAX_SEATS))
_PUSHES = tuple((Push(seat),) for seat in range(MAX_SEATS))
_STOCK_DRAWS = tuple((DrawStock(seat),) for seat in range(MAX_SEATS))
_TOOK = tuple(tuple(Took(seat, card) for card in ALL_CARDS) for seat in range(MAX_SEATS))
"""The event of each take, made once (events are values)."""


def list_take(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The take ([draw.take]), when :func:`take_allowed`."""
    seat = state.current_player
    assert seat is not None
    if not take_allowed(state.variant, state.laid_down[seat], len(state.stock)):
        return ()
    return _TAKES[seat] if seat < MAX_SEATS else (Take(seat),)


def list_push(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The push, when :func:`push_allowed`."""
    if not push_allowed(state.variant, len(state.stock)):
        return ()
    seat = state.current_player
    assert seat is not None
    return _PUSHES[seat] if seat < MAX_SEATS else (Push(seat),)


def list_draw_stock(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The draw from the stock, when :func:`stock_draw_allowed`."""
    if not stock_draw_allowed(state.variant):
        return ()
    seat = state.current_player
    assert seat is not None
    return _STOCK_DRAWS[seat] if seat < MAX_SEATS else (DrawStock(seat),)


def check_draw(state: GameState, move: Any) -> None:
    """A take or a push ([draw.take], [draw.push]): a take needs the seat not to have laid
    down (with ``take_after_contract=False``), a push needs stock enough
    ([draw.exhausted], with ``short_stock_push=forbidden``), and the push draw; a draw from
    the stock needs ``draw_style="stock"`` ([draw.stock]).

    Raises:
        IllegalMoveError: a take by a seat that has laid down its contract when
            ``take_after_contract=False`` and a push is allowed ([draw.take]); a push with
            fewer than two stock cards left when ``short_stock_push=forbidden``
            ([draw.exhausted]); a push with ``draw_style="stock"``, or a draw from the stock
            with ``draw_style="push"`` ([draw.stock]).
    """
    if isinstance(move, DrawStock):
        if not stock_draw_allowed(state.variant):
            raise illegal(
                IllegalMoveError,
                state,
                move,
                "draw.stock",
                f"seat {move.seat} cannot draw from the stock (draw_style='push'): "
                "take the upcard or push",
            )
        return
    if isinstance(move, Push) and state.variant.draw_style is not DrawStyle.PUSH:
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "draw.stock",
            f"seat {move.seat} cannot push (draw_style='stock'): take the upcard or draw "
            "from the stock",
        )
    if isinstance(move, Take) and not take_allowed(
        state.variant, state.laid_down[move.seat], len(state.stock)
    ):
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "draw.take",
            f"seat {move.seat} has laid down its contract and cannot take the upcard "
            "(take_after_contract=False): "
            + ("draw from the stock" if stock_draw_allowed(state.variant) else "push"),
        )
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
        log=state.log.append(
            _TOOK[seat][upcard.code]
            if seat < MAX_SEATS and upcard.__class__ is Card
            else Took(seat, upcard)
        ),
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


def apply_draw_stock(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.DrawStock` ([draw.stock]): the
    upcard stays, and the seat draws (:func:`draw_from_stock`).

    Raises:
        SetupError: as :func:`draw_from_stock`.
    """
    return draw_from_stock(state, move.seat)


def draw_from_stock(state: GameState, seat: int) -> GameState:
    """``seat`` draws the top card of the stock and plays on ([draw.stock]); from an empty
    stock, the discard pile is first shuffled into a new stock ([draw.reshuffle], with
    ``reshuffle_stock``), or, with no pile to shuffle, the deal ends ([draw.exhausted]).

    The upcard and the pile are left where they are (the next discard covers the upcard);
    a phase that comes between the choice and the draw calls this when it is over. A
    reshuffle takes the first of the state's injected stock orders
    (:attr:`~pushrummy.state.GameState.reshuffles`), or else shuffles from the seed
    (:func:`~pushrummy.dealing.reshuffled_stock`).

    Raises:
        SetupError: the injected stock order of the reshuffle does not hold exactly the
            pile's cards.
    """
    stock, pile, log, injected = state.stock, state.pile, state.log, state.reshuffles
    if not stock and state.variant.reshuffle_stock and pile:
        if injected:
            stock, injected = injected[0], injected[1:]
            if Counter(stock) != Counter(pile):
                raise SetupError(
                    f"the injected stock order of this reshuffle ({clip_items(stock)}) does "
                    f"not hold exactly the discard pile ({clip_items(sorted(pile))}) "
                    "[draw.reshuffle]"
                )
        else:
            stock = reshuffled_stock(pile, state.seed, state.deal_number, state.turn)
        log = log.append(StockReshuffled(seat, tuple(sorted(pile))))
        pile = ()
    if not stock:
        return end_deal(state, DealEnd.EXHAUSTED, None)
    card = stock[0]
    return replace_unchecked(
        state,
        phase=Phase.PLAY,
        hands=set_at(state.hands, seat, with_cards(state.hands[seat], (card,))),
        stock=stock[1:],
        pile=pile,
        reshuffles=injected,
        taken=None,
        log=log.append(Drew(seat, card, False)),
    )
