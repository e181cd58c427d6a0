"""Dealing a deal: the first (:func:`start_deal`, for :func:`~pushrummy.engine.new_game`)
and each next one, the chance move :class:`~pushrummy.moves.NextDeal` between deals
([deal.count]).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..dealing import deal
from ..events import DealStarted, GameLog
from ..moves import Move, NextDeal
from ..state import DealResult, GameState, Phase
from ..variants import Variant
from .turn import Turn

__all__ = ["apply_next_deal", "check_next_deal", "list_next_deal", "start_deal"]


def start_deal(
    *,
    variant: Variant,
    seed: int,
    injected: tuple[tuple[Card, ...] | None, ...],
    players: int,
    deal_number: int,
    dealer: int,
    results: tuple[DealResult, ...],
    totals: tuple[int, ...],
    log: GameLog,
    reshuffles: tuple[tuple[Card, ...], ...] = (),
) -> GameState:
    """The state at the start of deal ``deal_number``, dealt, with the dealer's left
    neighbour to draw ([deal.first]). The arguments are those
    :func:`~pushrummy.engine.new_game` checked (for a later deal, the game's own);
    ``log`` gets the deal's :class:`~pushrummy.events.DealStarted`; ``reshuffles`` are the
    injected stock orders the game has not used yet ([draw.reshuffle]).

    Raises:
        SetupError: the deal leaves only wild cards to turn up ([deal.upcard]); or, as
            :func:`~pushrummy.dealing.deal`, a seed or deal number out of range.
        TypeError, VariantError: as :func:`~pushrummy.dealing.deal`, for arguments of the
            wrong type or a player count the variant does not allow.
    """
    dealt = deal(variant, players, seed, deal_number, dealer, injected[deal_number - 1])
    return GameState(
        variant=variant,
        seed=seed,
        injected=injected,
        reshuffles=reshuffles,
        players=players,
        deal_number=deal_number,
        dealer=dealer,
        phase=Phase.DRAW,
        current_player=(dealer + 1) % players,
        hands=dealt.hands,
        stock=dealt.stock,
        upcard=dealt.upcard,
        table=(),
        laid_down=(False,) * players,
        laid_down_this_turn=False,
        shape=None,
        taken=None,
        known=((),) * players,
        turn=0,
        results=results,
        totals=totals,
        outcome=None,
        log=log.append(DealStarted(deal_number, dealer, dealt.upcard, dealt.buried, dealt.hands)),
    )


_NEXT_DEAL: tuple[Move, ...] = (NextDeal(),)


def list_next_deal(state: GameState, turn: Turn | None) -> tuple[Move, ...]:
    """The one move between deals."""
    return _NEXT_DEAL


def check_next_deal(state: GameState, move: Any) -> None:
    """Dealing the next deal: nothing beyond :func:`~pushrummy.plays.turn.check_turn`
    ([deal.count])."""


def apply_next_deal(state: GameState, move: Any) -> GameState:
    """The state after :class:`~pushrummy.moves.NextDeal`: the next deal, dealt ([deal.count]).

    Raises:
        SetupError: the next deal leaves only wild cards to turn up ([deal.upcard];
            possible only in a variant that deals nearly the whole deck, or with an
            injected deck order).
    """
    return start_deal(
        variant=state.variant,
        seed=state.seed,
        injected=state.injected,
        players=state.players,
        deal_number=state.deal_number + 1,
        dealer=(state.dealer + 1) % state.players,
        results=state.results,
        totals=state.totals,
        log=state.log,
        reshuffles=state.reshuffles,
    )
