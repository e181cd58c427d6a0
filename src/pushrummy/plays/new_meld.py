"""A new meld after the contract ([meld.new]).

:func:`may_meld_new` is the rule of when a seat may meld (asked by the lister and the
checker alike): after its contract ([layoff.when]) and when ``new_melds_after_contract``
allows it. A new meld is listed only at its smallest (no smaller meld plus lay-offs: the
minimal melds of :func:`~pushrummy.contracts.single_melds`); any other valid meld is
accepted all the same.
"""

from __future__ import annotations

from typing import Any

from ..contracts.singles import single_melds_of
from ..errors import IllegalMoveError
from ..events import Melded
from ..moves import Move, NewMeld
from ..state import GameState
from .turn import (
    Turn,
    after_contract_problem,
    check_meld_rules,
    illegal,
    keeps_a_card,
    place_melds,
    require_after_contract,
    require_cards,
    require_keeps_a_card,
)

__all__ = ["apply_new_meld", "check_new_meld", "list_new_meld", "may_meld_new"]


def may_meld_new(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may meld a new meld now ([meld.new], [layoff.when])."""
    return state.variant.new_melds_after_contract and after_contract_problem(state, seat) is None


def list_new_meld(state: GameState, turn: Turn | None) -> list[Move]:
    """Every new meld at its smallest, by meld order, that leaves a card to discard when
    the variant asks for one ([out.empty])."""
    assert turn is not None
    seat = turn.seat
    if not may_meld_new(state, seat):
        return []
    search = turn.search
    variant = state.variant
    size = len(turn.hand)
    melds = single_melds_of(turn.parsed, search.meld_rules, search.canonical, True)
    if keeps_a_card(variant, size, size):  # even the whole hand may go: no meld is barred
        return [NewMeld(seat, meld) for meld in melds]
    return [NewMeld(seat, meld) for meld in melds if keeps_a_card(variant, size, len(meld.cards))]


def check_new_meld(state: GameState, move: Any) -> None:
    """A new meld after the contract ([meld.new]).

    Raises:
        ContractNotMetError: the seat has not laid down the contract ([layoff.when]).
        IllegalMoveError: the seat laid down this turn and ``same_turn_after_contract``
            is off ([layoff.when]); ``new_melds_after_contract`` is off ([meld.new]); the
            meld would empty the hand although ``must_discard_to_go_out`` ([out.empty]).
        InvalidMeldError: the meld breaks the variant's meld options ([meld.wild],
            [meld.run]).
        CardNotInHandError: the seat does not hold the meld's cards ([turn.holds]).
    """
    seat: int = move.seat
    if not may_meld_new(state, seat):
        require_after_contract(state, move, seat, "meld")
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "meld.new",
            f"seat {seat} may not meld new melds after the contract "
            "(new_melds_after_contract=False)",
        )
    check_meld_rules(state, move, seat, move.meld)
    require_cards(state, move, seat, move.meld.cards)
    require_keeps_a_card(state, move, seat, len(move.meld.cards))


def apply_new_meld(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.NewMeld` ([meld.new])."""
    seat: int = move.seat
    log = state.log.append(Melded(seat, len(state.table), move.meld))
    return place_melds(state, seat, (move.meld,), log=log)
