"""Legal-move generation: every legal move of a position, in canonical order.

:func:`legal_moves` is re-exported by :mod:`pushrummy.engine`. The rule
predicates shared with validation (:func:`push_allowed`, :func:`discardable`,
:func:`may_target`, :func:`natural_for`) live here so both use one definition.
"""

from __future__ import annotations

from .cards import Card
from .contract_spec import Contract
from .contracts import can_meet_contract, contract_options
from .melds import Meld, MeldKind, layoff_ends, position_rank
from .moves import Discard, ExchangeWild, LayDown, LayOff, Move, NewMeld, NextDeal, Push, Take
from .state import GameState, Phase, TableMeld
from .variants import LayoffTargets, ShortStockPush, Variant, WildExchange

__all__ = ["discardable", "legal_moves", "may_target", "natural_for", "push_allowed"]


_SET_OF_3 = Contract.parse("1 set of 3")


_RUN_OF_3 = Contract.parse("1 run of 3")


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move, complete and without duplicates, in canonical order.

    The order: ``Take`` then ``Push``; in play, every ``LayDown`` (in the
    order of :func:`~pushrummy.contracts.contract_options`), then ``LayOff``
    (by meld id, card, end), ``NewMeld`` (by meld order), ``ExchangeWild``
    (by meld id, position), and ``Discard`` (by card). Between deals the only
    move is :class:`~pushrummy.moves.NextDeal`; after the game there is none.
    """
    phase = state.phase
    if phase is Phase.DRAW:
        seat = state.current_player
        assert seat is not None
        if push_allowed(state):
            return (Take(seat), Push(seat))
        return (Take(seat),)
    if phase is Phase.PLAY:
        return _play_moves(state)
    if phase is Phase.BETWEEN_DEALS:
        return (NextDeal(),)
    return ()


def push_allowed(state: GameState) -> bool:
    return not (state.variant.short_stock_push is ShortStockPush.FORBIDDEN and len(state.stock) < 2)


def _may_meld_after_contract(state: GameState) -> bool:
    seat = state.current_player
    assert seat is not None
    if not state.laid_down[seat]:
        return False
    return state.variant.same_turn_after_contract or not state.laid_down_this_turn


def _play_moves(state: GameState) -> tuple[Move, ...]:
    seat = state.current_player
    assert seat is not None
    variant = state.variant
    hand = state.hands[seat]
    keep_one = variant.must_discard_to_go_out
    moves: list[Move] = []
    if not state.laid_down[seat]:
        contract = state.contract
        if can_meet_contract(hand, contract, variant):
            for way in contract_options(hand, contract, variant):
                if keep_one and sum(len(m.cards) for m in way) == len(hand):
                    continue
                moves.append(LayDown(seat, way))
    elif _may_meld_after_contract(state):
        distinct = sorted(set(hand))
        if not (keep_one and len(hand) == 1):
            for target in state.table:
                if not may_target(state, seat, target):
                    continue
                for card in distinct:
                    if _could_extend(target.meld, card):
                        for end in layoff_ends(target.meld, card, variant):
                            moves.append(LayOff(seat, card, target.id, end))
        if variant.new_melds_after_contract:
            for meld in _new_melds(hand, variant):
                if keep_one and len(meld.cards) == len(hand):
                    continue
                moves.append(NewMeld(seat, meld))
    if state.laid_down[seat] and variant.wild_exchange is not WildExchange.NONE:
        moves.extend(_exchanges(state, seat))
    moves.extend(Discard(seat, card) for card in discardable(state, seat))
    return tuple(moves)


def _could_extend(meld: Meld, card: Card) -> bool:
    """A cheap filter before the full lay-off check (the hot path of move generation)."""
    if card.is_wild:
        return True
    if meld.kind is MeldKind.SET:
        return card.rank is meld.rank
    return card.suit is meld.suit


def _new_melds(hand: tuple[Card, ...], variant: Variant) -> list[Meld]:
    rules = _MeldOnly(variant)
    melds = [way[0] for way in contract_options(hand, _SET_OF_3, rules)]
    melds.extend(way[0] for way in contract_options(hand, _RUN_OF_3, rules))
    return melds


class _MeldOnly:
    """A variant's meld options with exact contract sizes off: new melds have 3 or more cards."""

    __slots__ = ("max_run_length", "min_naturals_per_meld", "wild_limit")
    contract_exact_sizes = False

    def __init__(self, variant: Variant) -> None:
        self.min_naturals_per_meld = variant.min_naturals_per_meld
        self.wild_limit = variant.wild_limit
        self.max_run_length = variant.max_run_length


def _exchanges(state: GameState, seat: int) -> list[Move]:
    hand = set(state.hands[seat])
    jokers_only = state.variant.wild_exchange is WildExchange.JOKERS_IN_RUNS
    moves: list[Move] = []
    for target in state.table:
        meld = target.meld
        if meld.kind is not MeldKind.RUN:
            continue
        assert meld.start is not None
        for index, wild in enumerate(meld.cards):
            if not wild.is_wild or (jokers_only and not wild.is_joker):
                continue
            natural = natural_for(meld, index)
            if natural is not None and natural in hand:
                moves.append(ExchangeWild(seat, target.id, meld.start + index, natural))
    return moves


def natural_for(meld: Meld, index: int) -> Card | None:
    """The natural card run position ``start + index`` stands for (none for a two's place)."""
    assert meld.start is not None and meld.suit is not None
    card = Card(position_rank(meld.start + index), meld.suit)
    return None if card.is_wild else card


def discardable(state: GameState, seat: int) -> list[Card]:
    """The distinct cards ``seat`` may discard now ([discard.taken], [discard.wild]).

    Each restriction is lifted when every card in hand falls under it, and if
    the two together would leave nothing to discard, any card may go: a turn
    must always be able to end (RULES.md is silent on that corner; see the
    errors page).
    """
    hand = state.hands[seat]
    variant = state.variant
    distinct = sorted(set(hand))
    allowed = distinct
    taken = state.taken
    if (
        taken is not None
        and not variant.may_rediscard_taken
        and any(card != taken for card in hand)
    ):
        allowed = [card for card in allowed if card != taken]
    if not variant.may_discard_wild and any(not card.is_wild for card in hand):
        allowed = [card for card in allowed if not card.is_wild]
    return allowed or distinct


def may_target(state: GameState, seat: int, target: TableMeld) -> bool:
    targets = state.variant.layoff_targets
    if targets is LayoffTargets.ANY:
        return True
    if targets is LayoffTargets.OWN:
        return target.owner == seat
    return state.variant.side_of(target.owner) == state.variant.side_of(seat)
