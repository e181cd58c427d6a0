"""Legal-move generation: every legal move of a position, in canonical order.

:func:`legal_moves` is re-exported by :mod:`pushrummy.engine`. The rules' small
questions (who may lay off where, which discards are allowed, whether a push is) are
asked of :mod:`pushrummy.predicates`, as the move checker asks them.
"""

from __future__ import annotations

from .cards import ALL_CARDS, IS_WILD, Card
from .contracts import lay_down_steps
from .contracts.hands import Hand, read_hand
from .contracts.rules import meld_rules_of
from .contracts.singles import single_melds_of
from .layoffs import LAYOFF_MAPS, layoff_entry
from .melds import MeldKind
from .moves import (
    Discard,
    ExchangeWild,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    Push,
    Take,
    lay_down_unchecked,
)
from .predicates import (
    discard_restricted,
    discardable_codes,
    may_target,
    natural_at,
    push_allowed,
)
from .state import GameState, Phase
from .variants import LayoffTargets, Variant, WildExchange

# legal_moves is documented where it is public (pushrummy.engine); discardable is the
# engine's own helper (validation asks it too).
__all__: list[str] = []


_NATURAL_BITS = (1 << 52) - 1
"""The suit-major part of a read hand's ``presence``: bit ``code`` for each natural held."""

# Moves are immutable values, so the few that recur on every turn are built once and
# shared: a draw's two moves, and a discard of each card value, per seat.
_SEATS = 8  # Variant allows 2..8 players
_DRAWS = tuple((Take(seat), Push(seat)) for seat in range(_SEATS))
_TAKES = tuple((Take(seat),) for seat in range(_SEATS))
_DISCARDS = tuple(tuple(Discard(seat, card) for card in ALL_CARDS) for seat in range(_SEATS))
_NEXT_DEAL = (NextDeal(),)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move, complete and without duplicates, in canonical order.

    The order: ``Take`` then ``Push``; in play, the lay-down steps (each a
    ``LayDown`` of one meld, in the order of
    :func:`~pushrummy.contracts.lay_down_steps`), then ``LayOff`` (by meld id,
    card, end), ``NewMeld`` (by meld order), ``ExchangeWild`` (by meld id,
    position), and ``Discard`` (by card). While a lay-down is unfinished
    (``Phase.LAYING_DOWN``) only its next steps are listed ([contract.steps]).
    With ``wild_exchange`` = ``none``, melds that differ only in which wild
    card fills which wild place of a run are listed once ([meld.wild]).
    Between deals the only move is :class:`~pushrummy.moves.NextDeal`; after
    the game there is none.

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState` (a
            :class:`~pushrummy.views.PlayerView` carries its seat's legal moves itself,
            as ``view.legal_moves``).
    """
    if state.__class__ is not GameState and not isinstance(state, GameState):
        hint = " (a view's legal moves are view.legal_moves)" if hasattr(state, "seat") else ""
        raise TypeError(f"state must be a GameState, not {type(state).__name__}{hint}")
    phase = state.phase
    if phase is Phase.DRAW:
        seat = state.current_player
        assert seat is not None
        if push_allowed(state.variant, len(state.stock)):
            return _DRAWS[seat] if seat < _SEATS else (Take(seat), Push(seat))
        return _TAKES[seat] if seat < _SEATS else (Take(seat),)
    if phase is Phase.PLAY:
        return _play_moves(state)
    if phase is Phase.LAYING_DOWN:
        seat = state.current_player
        assert seat is not None
        return tuple(_lay_down_steps(state, seat))
    if phase is Phase.BETWEEN_DEALS:
        return _NEXT_DEAL
    return ()


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
    laid_down = state.laid_down[seat]
    if not laid_down:
        moves.extend(_lay_down_steps(state, seat))
    elif _may_meld_after_contract(state):
        # The hand read once for both (single_melds would read it again).
        parsed = read_hand(hand)
        if not (keep_one and len(hand) == 1):
            _add_lay_offs(moves, state, seat, parsed, variant)
        if variant.new_melds_after_contract:
            canonical = variant.wild_exchange is WildExchange.NONE
            for meld in single_melds_of(parsed, meld_rules_of(variant), canonical):
                if keep_one and len(meld.cards) == len(hand):
                    continue
                moves.append(NewMeld(seat, meld))
    if laid_down and variant.wild_exchange is not WildExchange.NONE:
        moves.extend(_exchanges(state, seat))
    if seat >= _SEATS:
        moves.extend([Discard(seat, card) for card in discardable(state, seat)])
    elif not discard_restricted(variant, state.taken):
        # discardable() without a restriction to apply: every distinct card, by code.
        discards = _DISCARDS[seat]
        moves.extend([discards[code] for code in sorted({card.code for card in hand})])
    else:
        discards = _DISCARDS[seat]
        moves.extend([discards[card.code] for card in discardable(state, seat)])
    return tuple(moves)


def _lay_down_steps(state: GameState, seat: int) -> list[Move]:
    """The first or next meld of the contract, one move each ([contract.steps])."""
    variant = state.variant
    placed = tuple(t.meld for t in state.lay_down_so_far)
    steps = lay_down_steps(
        state.hands[seat],
        variant.deals[state.deal_number - 1].contract,
        variant,
        placed=placed,
        canonical_wilds=variant.wild_exchange is WildExchange.NONE,
        keep_card=variant.must_discard_to_go_out,
    )
    return [lay_down_unchecked(seat, (meld,)) for meld in steps]


def _add_lay_offs(
    moves: list[Move], state: GameState, seat: int, hand: Hand, variant: Variant
) -> None:
    """Append every lay-off, by meld id, card and end ([layoff.card])."""
    naturals = hand.presence & _NATURAL_BITS  # bit ``code`` for every natural held
    wild_codes = sorted({code for code in hand.codes if IS_WILD[code]}) if hand.wilds else []
    any_target = variant.layoff_targets is LayoffTargets.ANY
    maps = LAYOFF_MAPS
    for target in state.table:
        if not any_target and not may_target(variant, seat, target.owner):
            continue
        meld = target.meld
        # layoff_map's memo, looked up here: this loop runs for every meld on the table
        # at every play decision, and usually nothing in the hand fits.
        entry = maps.get(id(meld))
        if entry is None or entry[0] is not meld or entry[1] is not variant:
            entry = layoff_entry(meld, variant)
        hits = entry[3] & naturals
        fits, wild_ends = entry[2]
        if not hits and not (wild_ends and wild_codes):
            continue
        codes = []
        while hits:
            bit = hits & -hits
            codes.append(bit.bit_length() - 1)
            hits ^= bit
        if wild_ends and wild_codes:
            codes += wild_codes
            codes.sort()
        meld_id = target.id
        for code in codes:
            card = ALL_CARDS[code]
            for end in wild_ends if IS_WILD[code] else fits[code]:
                moves.append(LayOff(seat, card, meld_id, end))


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
            natural = natural_at(meld, meld.start + index)
            if natural is not None and natural in hand:
                moves.append(ExchangeWild(seat, target.id, meld.start + index, natural))
    return moves


def discardable(state: GameState, seat: int) -> list[Card]:
    """The distinct cards ``seat`` may discard now ([discard.taken], [discard.wild]), by
    :func:`~pushrummy.predicates.discardable_codes`."""
    codes = [card.code for card in state.hands[seat]]
    return [ALL_CARDS[code] for code in discardable_codes(codes, state.variant, state.taken)]
