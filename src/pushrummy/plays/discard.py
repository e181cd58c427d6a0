"""The discard that ends the turn ([discard.end]), and what may be discarded
([discard.taken], [discard.wild]).

The rule is :func:`allowed_discards` (with :func:`discard_restricted`, whether any card may
be barred at all); the lister, the checker, the bots and the front ends' hints ask it, by
cards (:func:`discardable`) or by card codes (:func:`discardable_codes`).

>>> import pushrummy as pr
>>> hand = pr.parse_cards("7H 7H")
>>> [str(c) for c in discardable_cards(hand, pr.PUSH, taken=pr.parse_card("7H"))]
['7H']
>>> [str(c) for c in discardable_cards(pr.parse_cards("7H 9C"), pr.PUSH, pr.parse_card("7H"))]
['9C']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import ALL_CARDS, JOKER_CODE, Card
from ..errors import IllegalMoveError, InvalidMoveError, clip_repr
from ..events import DealEnd, Discarded
from ..moves import Discard, Move
from ..state import GameState, next_turn_unchecked
from ..variants import Variant
from .turn import MAX_SEATS, Turn, end_deal, forget_in, illegal, require_cards, set_at, without_card

__all__ = [
    "allowed_discards",
    "apply_discard",
    "check_discard",
    "discard_restricted",
    "discardable_cards",
    "discardable_codes",
    "list_discard",
]


def discard_restricted(variant: Variant, taken: Card | None) -> bool:
    """Whether any card in hand may be barred from discarding now: a taken upcard
    ([discard.taken], unless ``may_rediscard_taken``) or a wild card ([discard.wild],
    unless ``may_discard_wild``). When this is false every card in hand may go.

    Raises:
        TypeError: ``variant`` is not a variant, or ``taken`` neither a card nor ``None``.
    """
    if taken is not None and taken.__class__ is not Card and not isinstance(taken, Card):
        raise TypeError(
            f"discard_restricted: taken must be a Card or None, not {type(taken).__name__}"
        )
    try:
        return not variant.may_discard_wild or (
            taken is not None and not variant.may_rediscard_taken
        )
    except AttributeError:
        raise TypeError(
            f"discard_restricted: variant must be a Variant, not {type(variant).__name__}"
        ) from None


def allowed_discards(distinct: list[int], variant: Variant, taken: Card | None) -> list[int]:
    """The codes of ``distinct`` (a hand's distinct card codes, ascending, known good) that
    may be discarded: the rule ([discard.taken], [discard.wild]).

    Each restriction is lifted when every card in hand falls under it, and if the two
    together would leave nothing to discard, any card may go: a turn must always be able
    to end (the rules are silent on that corner; see :doc:`/errors`)."""
    if not discard_restricted(variant, taken):
        return distinct
    allowed = distinct
    if taken is not None and not variant.may_rediscard_taken and distinct != [taken.code]:
        allowed = [code for code in allowed if code != taken.code]
    wild = variant.wild_table
    if not variant.may_discard_wild and any(not wild[code] for code in distinct):
        allowed = [code for code in allowed if not wild[code]]
    return allowed if allowed else distinct


_INT = {int}


def discardable_codes(codes: Iterable[int], variant: Variant, taken: Card | None) -> list[int]:
    """The distinct card codes of a hand (``codes``) that may be discarded, ascending
    (:func:`allowed_discards` of codes checked first).

    Raises:
        TypeError: ``codes`` are not ints, ``variant`` is not a variant, or ``taken``
            neither a card nor ``None``.
        InvalidMoveError: a code is not a card's (0..52).
    """
    distinct = sorted(set(codes))
    if not set(map(type, distinct)) <= _INT:
        raise TypeError("discardable_codes: codes must be card codes (ints)")
    if distinct and (distinct[0] < 0 or distinct[-1] > JOKER_CODE):
        bad = distinct[0] if distinct[0] < 0 else distinct[-1]
        raise InvalidMoveError(f"no card has the code {clip_repr(bad)} (codes are 0..52)")
    return allowed_discards(distinct, variant, taken)


def discardable_cards(hand: Sequence[Card], variant: Variant, taken: Card | None) -> list[Card]:
    """The distinct cards of ``hand`` that may be discarded, ascending (for a view's hand,
    a hint or a bot).

    Raises:
        TypeError: a card of ``hand`` is not a :class:`~pushrummy.cards.Card`, ``variant``
            is not a variant, or ``taken`` neither a card nor ``None``.
    """
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
        raise TypeError(
            f"discardable_cards: hand must be a sequence of cards, not {type(hand).__name__}"
        )
    if not all(card.__class__ is Card or isinstance(card, Card) for card in hand):
        raise TypeError("discardable_cards: hand must hold Card values")
    discard_restricted(variant, taken)  # checks both
    codes = sorted({card.code for card in hand})
    return [ALL_CARDS[code] for code in allowed_discards(codes, variant, taken)]


def discardable(state: GameState, seat: int) -> list[Card]:
    """The distinct cards ``seat`` may discard now, by :func:`allowed_discards` (asked of
    a state's hand, whose codes are good)."""
    codes = sorted({card.code for card in state.hands[seat]})
    return [ALL_CARDS[code] for code in allowed_discards(codes, state.variant, state.taken)]


# Moves are immutable values: a discard of each card value is built once per seat.
_DISCARDS = tuple(tuple(Discard(seat, card) for card in ALL_CARDS) for seat in range(MAX_SEATS))
_DISCARDED = tuple(tuple(Discarded(seat, card) for card in ALL_CARDS) for seat in range(MAX_SEATS))
"""The event of each discard, made once as its move is (events are values too)."""


def list_discard(state: GameState, turn: Turn | None) -> list[Move]:
    """Every allowed discard, by card."""
    assert turn is not None
    seat = turn.seat
    if seat >= MAX_SEATS:
        return [Discard(seat, card) for card in discardable(state, seat)]
    # Every distinct card, by code, less those the rule bars (the hand's codes, read once
    # by the listing: discardable's, without making its cards).
    codes = sorted(set(turn.parsed.codes))
    if discard_restricted(state.variant, state.taken):
        codes = allowed_discards(codes, state.variant, state.taken)
    return list(map(_DISCARDS[seat].__getitem__, codes))


def check_discard(state: GameState, move: Any) -> None:
    """The discard that ends the turn ([discard.end]).

    Raises:
        CardNotInHandError: the seat does not hold the card ([turn.holds]).
        IllegalMoveError: the card is the upcard taken this turn ([discard.taken]), or a
            wild when ``may_discard_wild`` is off ([discard.wild]), and another card may
            go.
    """
    seat: int = move.seat
    card: Card = move.card
    require_cards(state, move, seat, [card])
    if not discard_restricted(state.variant, state.taken):
        return  # no restriction applies: every card in hand may go
    if card not in discardable(state, seat):
        if card == state.taken:
            rule, why = "discard.taken", f"{card} was taken from the upcard this turn"
        else:
            rule, why = "discard.wild", "wild cards may not be discarded (may_discard_wild=False)"
        raise illegal(
            IllegalMoveError, state, move, rule, f"seat {seat} cannot discard {card}: {why}"
        )


def apply_discard(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.Discard` ([discard.end])."""
    seat: int = move.seat
    card: Card = move.card
    hand = without_card(state.hands[seat], card)
    hands = set_at(state.hands, seat, hand)
    known = forget_in(state.known, seat, card)
    event = (
        _DISCARDED[seat][card.code]
        if seat < MAX_SEATS and card.__class__ is Card
        else Discarded(seat, card)
    )
    log = state.log.append(event)
    # An upcard left by a draw from the stock goes under the discard ([draw.stock]).
    pile = state.pile if state.upcard is None else (*state.pile, state.upcard)
    if not hand:
        return end_deal(
            state, DealEnd.OUT, seat, hands=hands, known=known, upcard=card, pile=pile, log=log
        )
    turn = state.turn + 1
    limit = state.variant.max_turns_per_deal
    if limit is not None and turn >= limit:
        return end_deal(
            state,
            DealEnd.TURN_LIMIT,
            None,
            hands=hands,
            known=known,
            upcard=card,
            pile=pile,
            turn=turn,
            log=log,
        )
    return next_turn_unchecked(
        state, hands, known, card, pile, (seat + 1) % state.players, turn, log
    )
