"""Buying out of turn ([buy.offer], with ``buying``): a player who does not take the upcard
offers it round the table; each other seat in rotation may buy it ([buy.offer]), taking the
top stock card with it as a penalty and not discarding ([buy.penalty]), within the limits of
[buy.limit] and [buy.who]; once it is bought or every seat has passed, the player in turn
draws from the stock ([draw.stock]).

The offer is :class:`~pushrummy.state.Phase` ``BUYING``: ``current_player`` is the seat the
upcard is offered to (so everything that asks who acts reads the acting seat), and the player
in turn is the seat of the log's last :class:`~pushrummy.events.UpcardOffered`
(:func:`offerer`; a view shows it as its ``offered_by``). A seat that may not buy
(:func:`may_buy`) is not asked; if no seat may, the draw from the stock is made at once, with
no offer.

The predicate :func:`may_buy` is asked by the rotation (:func:`next_buyer`), the lister
(:func:`list_buy`), the checker (:func:`check_buy`) and the bots.

>>> from pushrummy import CONTRACT_RUMMY
>>> buying = CONTRACT_RUMMY.replace(buying=True, buy_limit=2)
>>> may_buy(buying, laid_down=False, bought=1, available=9)
True
>>> may_buy(buying, laid_down=False, bought=2, available=9)     # [buy.limit]
False
>>> may_buy(buying, laid_down=False, bought=0, available=1)     # the penalty, and a draw left
False
>>> may_buy(buying.replace(buy_after_contract=False), laid_down=True, bought=0, available=9)
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import IllegalMoveError
from ..events import Bought, BuyPassed, DealStarted, Event, StartingPosition, UpcardOffered
from ..moves import BuyUpcard, Move, PassUpcard
from ..state import GameState, Phase, replace_unchecked
from ..variants import Variant
from .draw import draw_from_stock
from .turn import MAX_SEATS, Turn, illegal, set_at, with_cards

__all__ = [
    "apply_buy",
    "apply_pass",
    "available_cards",
    "buys_this_deal",
    "check_buy",
    "list_buy",
    "list_pass",
    "may_buy",
    "next_buyer",
    "offer_or_draw",
    "offered_by",
    "offerer",
]


def may_buy(variant: Variant, *, laid_down: bool, bought: int, available: int) -> bool:
    """Whether a seat offered the upcard may buy it: the variant has ``buying``
    ([buy.offer]); the seat has not laid down its contract, or ``buy_after_contract``
    allows it ([buy.who]); it has bought fewer than ``buy_limit`` times this deal
    ([buy.limit]); and the stock (with the pile a reshuffle would add) holds its penalty
    cards and one more, for the player in turn's draw ([buy.penalty]).

    Raises:
        TypeError: ``variant`` is not a variant.
    """
    try:
        buying, after, limit = variant.buying, variant.buy_after_contract, variant.buy_limit
        penalty = variant.buy_penalty
    except AttributeError:
        raise TypeError(
            f"may_buy: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    return (
        buying
        and (after or not laid_down)
        and (limit is None or bought < limit)
        and available >= penalty + 1
    )


def available_cards(state: GameState) -> int:
    """The cards a draw may still reach: the stock, and the pile under the upcard when an
    empty stock is reshuffled ([draw.reshuffle])."""
    return len(state.stock) + (len(state.pile) if state.variant.reshuffle_stock else 0)


def offered_by(newest_first: Iterable[Event]) -> int | None:
    """The seat in turn whose upcard is on offer ([buy.offer]): the seat of the last
    :class:`~pushrummy.events.UpcardOffered`, when only passes have followed it; else
    ``None``. Reads events newest first (a state's
    :meth:`~pushrummy.events.GameLog.newest_first`, or ``reversed(view.events)``)."""
    for event in newest_first:
        kind = type(event)
        if kind is UpcardOffered:
            return event.seat  # type: ignore[union-attr]
        if kind is not BuyPassed:
            return None
    return None


def offerer(state: GameState) -> int | None:
    """The seat in turn whose upcard is on offer while ``Phase.BUYING`` ([buy.offer]):
    :func:`offered_by` of the state's log; ``None`` in every other phase. A view's
    ``offered_by`` (:class:`~pushrummy.views.PlayerView`) is this.

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.CONTRACT_RUMMY, seed=3, players=3)
    >>> state.phase, offerer(state)
    (<Phase.DRAW: 'draw'>, None)
    >>> offered = pr.apply_move(state, pr.DrawStock(state.current_player))
    >>> offered.phase, offerer(offered), offered.current_player
    (<Phase.BUYING: 'buying'>, 0, 1)
    """
    if state.phase is not Phase.BUYING:
        return None
    return offered_by(state.log.newest_first())


def buys_this_deal(newest_first: Iterable[Event], players: int) -> tuple[int, ...]:
    """How many times each seat has bought in the deal under way ([buy.limit]), read from
    its events newest first back to the deal's start."""
    counts = [0] * players
    for event in newest_first:
        kind = type(event)
        if kind is Bought:
            counts[event.seat] += 1  # type: ignore[union-attr]
        elif kind is DealStarted or kind is StartingPosition:
            break
    return tuple(counts)


def _may_buy_now(state: GameState, seat: int, bought: tuple[int, ...] | None) -> bool:
    if bought is None:
        bought = _bought(state)
    return may_buy(
        state.variant,
        laid_down=state.laid_down[seat],
        bought=bought[seat],
        available=available_cards(state),
    )


def _bought(state: GameState) -> tuple[int, ...]:
    if state.variant.buy_limit is None:  # nobody's count matters: no walk back
        return (0,) * state.players
    return buys_this_deal(state.log.newest_first(), state.players)


def next_buyer(state: GameState, offerer: int, after: int) -> int | None:
    """The next seat after ``after``, in rotation, that the upcard ``offerer`` offers is
    offered to: the first that :func:`may_buy`; ``None`` once the rotation is back at
    ``offerer`` ([buy.offer])."""
    players = state.players
    bought = _bought(state)
    seat = (after + 1) % players
    while seat != offerer:
        if _may_buy_now(state, seat, bought):
            return seat
        seat = (seat + 1) % players
    return None


def offer_or_draw(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.DrawStock`: with ``buying``, the
    upcard offered to the first seat that may buy it (``Phase.BUYING``, [buy.offer]); when
    none may (or without ``buying``), the draw from the stock at once ([draw.stock]).

    Raises:
        SetupError: as :func:`~pushrummy.plays.draw.draw_from_stock`.
    """
    seat: int = move.seat
    upcard = state.upcard
    if state.variant.buying and upcard is not None:
        first = next_buyer(state, seat, seat)
        if first is not None:
            return replace_unchecked(
                state,
                phase=Phase.BUYING,
                current_player=first,
                log=state.log.append(UpcardOffered(seat, upcard)),
            )
    return draw_from_stock(state, seat)


# Moves are immutable values: built once per seat and shared.
_BUYS = tuple((BuyUpcard(seat),) for seat in range(MAX_SEATS))
_PASSES = tuple((PassUpcard(seat),) for seat in range(MAX_SEATS))


def list_buy(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The buy, when :func:`may_buy` (the rotation asks only seats that may)."""
    seat = state.current_player
    assert seat is not None
    if not _may_buy_now(state, seat, None):
        return ()
    return _BUYS[seat] if seat < MAX_SEATS else (BuyUpcard(seat),)


def list_pass(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The pass: a seat offered the upcard may always let it go."""
    seat = state.current_player
    assert seat is not None
    return _PASSES[seat] if seat < MAX_SEATS else (PassUpcard(seat),)


def check_buy(state: GameState, move: Any) -> None:
    """A buy or a pass, by the seat offered the upcard (the shared checks saw to the seat
    and the phase): a buy needs :func:`may_buy`.

    Raises:
        IllegalMoveError: a buy by a seat that has laid down when ``buy_after_contract``
            is off ([buy.who]), that has bought ``buy_limit`` times this deal
            ([buy.limit]), or with too few cards left for its penalty and the draw of the
            player in turn ([buy.penalty]).
    """
    if not isinstance(move, BuyUpcard):
        return
    seat: int = move.seat
    variant = state.variant
    if variant.buying and not _may_buy_now(state, seat, None):
        if not variant.buy_after_contract and state.laid_down[seat]:
            rule, why = "buy.who", "has laid down its contract (buy_after_contract=False)"
        elif variant.buy_limit is not None and _bought(state)[seat] >= variant.buy_limit:
            rule, why = "buy.limit", f"has bought {variant.buy_limit} times this deal"
        else:
            rule, why = (
                "buy.penalty",
                f"would leave too few cards for its {variant.buy_penalty} penalty card(s) and "
                "the draw of the player in turn",
            )
        raise illegal(
            IllegalMoveError, state, move, rule, f"seat {seat} cannot buy the upcard: it {why}"
        )


def _to_offerer(state: GameState, log: Any) -> GameState:
    """The offer over: the player in turn draws from the stock ([draw.stock])."""
    seat = offerer(state)
    assert seat is not None
    return draw_from_stock(replace_unchecked(state, current_player=seat, log=log), seat)


def apply_pass(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.PassUpcard`: the offer moves on
    to the next seat that may buy, or the player in turn draws ([buy.offer]).

    Raises:
        SetupError: as :func:`~pushrummy.plays.draw.draw_from_stock`.
    """
    seat: int = move.seat
    in_turn = offerer(state)
    assert in_turn is not None
    log = state.log.append(BuyPassed(seat))
    following = next_buyer(state, in_turn, seat)
    if following is not None:
        return replace_unchecked(state, current_player=following, log=log)
    return _to_offerer(state, log)


def apply_buy(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.BuyUpcard`: the buyer takes the
    upcard (publicly known in its hand, [draw.visibility]) and ``buy_penalty`` stock cards
    (the stock reshuffled first if empty, [draw.reshuffle]) and does not discard
    ([buy.penalty]); then the player in turn draws from the stock.

    Raises:
        SetupError: as :func:`~pushrummy.plays.draw.draw_from_stock`.
    """
    seat: int = move.seat
    upcard = state.upcard
    assert upcard is not None
    in_turn = offerer(state)
    assert in_turn is not None
    penalty = state.variant.buy_penalty
    after = replace_unchecked(
        state,
        hands=set_at(state.hands, seat, with_cards(state.hands[seat], (upcard,))),
        known=set_at(state.known, seat, (*state.known[seat], upcard)),
        upcard=None,
        log=state.log.append(Bought(seat, upcard, penalty)),
    )
    for _ in range(penalty):
        after = draw_from_stock(after, seat)
        if after.phase is not Phase.PLAY:  # pragma: no cover - may_buy leaves a card to draw
            return after
    return draw_from_stock(
        replace_unchecked(after, current_player=in_turn, phase=Phase.BUYING), in_turn
    )
