"""Exchanging a natural for the wild in its place of a run ([layoff.exchange], an option).

Whether the seat may exchange at all now is :func:`exchange_problem`, the rule of which
wild may be taken back is :func:`exchangeable`, and which natural a run place stands for is
:func:`natural_at`; the lister and the checker ask all three.

>>> from pushrummy import PUSH, WildExchange, parse_card, parse_meld
>>> natural_at(parse_meld("5H JK=6H 7H"), 6, PUSH.wild_twos)
Card('6H')
>>> jokers = PUSH.replace(wild_exchange=WildExchange.JOKERS_IN_RUNS)
>>> exchangeable(jokers, parse_card("JK")), exchangeable(jokers, parse_card("2C"))
(True, False)
>>> exchangeable(PUSH, parse_card("JK"))       # wild_exchange=none: never
False
"""

from __future__ import annotations

from typing import Any, SupportsIndex

from ..cards import Card, wild_table
from ..errors import ContractNotMetError, IllegalMoveError, InvalidMeldError
from ..events import Exchanged
from ..melds import Meld, MeldKind, position_rank
from ..moves import ExchangeWild, Move
from ..state import GameState, TableMeld, replace_unchecked
from ..variants import Variant, WildExchange
from .lay_off import table_meld
from .turn import (
    Turn,
    contract_words,
    forget_one,
    illegal,
    require_cards,
    set_at,
    with_cards,
    without_card,
)

__all__ = [
    "apply_exchange",
    "check_exchange",
    "exchange_problem",
    "exchangeable",
    "list_exchange",
    "natural_at",
]


def natural_at(meld: Meld, position: SupportsIndex, wild_twos: bool) -> Card | None:
    """The natural card run place ``position`` of ``meld`` stands for ([layoff.exchange]);
    ``None`` for a two's place while twos are wild (a two there is a wild, so no natural
    card stands for it); with ``wild_twos`` False the two itself ([setup.wild]).

    ``meld`` is a run; the position need not be one of its places. ``position`` is an int
    (not a ``bool``), annotated ``SupportsIndex`` so that the compiled build, too, hands it
    to the check rather than converting a ``bool`` to 0 or 1 (docs/speed.rst).

    Raises:
        TypeError: ``meld`` is not a meld, ``position`` not an int (a bool is not one) or
            ``wild_twos`` not a bool.
        InvalidMeldError: ``meld`` is a set, which has no run places ([meld.set]).
        InvalidMoveError: ``position`` is outside 1..14.
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"natural_at expects a Meld, not {type(meld).__name__}")
    if wild_twos.__class__ is not bool:  # as the compiled build's entry check refuses it
        raise TypeError(f"natural_at: wild_twos must be a bool, not {type(wild_twos).__name__}")
    if meld.suit is None:
        raise InvalidMeldError(f"{meld.notation()} is a set: it has no run places", rule="meld.set")
    card = Card(position_rank(position), meld.suit)
    return None if wild_table(wild_twos)[card.code] else card


def exchangeable(variant: Variant, wild: Card) -> bool:
    """Whether ``wild``, standing in a run on the table, may be exchanged under the
    variant's ``wild_exchange`` option ([layoff.exchange]): never with ``none``, a joker
    with ``jokers_in_runs``, any wild with ``any_in_runs``. A natural card never is.

    Raises:
        TypeError: ``variant`` is not a variant or ``wild`` not a card.
    """
    if wild.__class__ is not Card and not isinstance(wild, Card):
        raise TypeError(f"exchangeable: wild must be a Card, not {type(wild).__name__}")
    try:
        option = variant.wild_exchange
    except AttributeError:
        raise TypeError(
            f"exchangeable: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    if option is WildExchange.NONE or not variant.is_wild(wild):
        return False
    return option is WildExchange.ANY_IN_RUNS or wild.is_joker


def exchange_problem(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not exchange a wild now ([layoff.exchange]), or ``None`` when it may:
    ``"option off"`` when wilds on the table can never be taken back (``wild_exchange`` is
    ``none``), ``"not laid down"`` before the seat has laid down its contract."""
    if state.variant.wild_exchange is WildExchange.NONE:
        return "option off"
    if not state.laid_down[seat]:
        return "not laid down"
    return None


def _place_problem(meld: Meld, position: int, card: Card, variant: Variant) -> str | None:
    """Why ``card`` cannot take the wild's place ``position`` of ``meld``, or ``None``."""
    if meld.kind is not MeldKind.RUN:
        return "only a wild in a run can be exchanged"
    assert meld.start is not None and meld.end is not None
    index = position - meld.start
    if not 0 <= index < len(meld.cards):
        return f"the run spans positions {meld.start}..{meld.end}, not {position}"
    wild = meld.cards[index]
    if not variant.is_wild(wild):
        return f"position {position} holds the natural {wild}"
    if not exchangeable(variant, wild):
        return "only jokers can be exchanged (wild_exchange=jokers_in_runs)"
    wanted = natural_at(meld, position, variant.wild_twos)
    if wanted != card:
        if wanted is None:
            return "the wild stands for a two, which has no natural card"
        return f"the wild stands for {wanted}, not {card}"
    return None


def list_exchange(state: GameState, turn: Turn | None) -> list[Move]:
    """Every exchange, by meld id and position, once the seat has laid down."""
    assert turn is not None
    seat = turn.seat
    if exchange_problem(state, seat) is not None:
        return []
    variant = state.variant
    hand = set(turn.hand)
    moves: list[Move] = []
    for target in state.table:
        meld = target.meld
        if meld.kind is not MeldKind.RUN:
            continue
        assert meld.start is not None
        for index, wild in enumerate(meld.cards):
            if not exchangeable(variant, wild):
                continue
            natural = natural_at(meld, meld.start + index, variant.wild_twos)
            if natural is not None and natural in hand:
                moves.append(ExchangeWild(seat, target.id, meld.start + index, natural))
    return moves


def check_exchange(state: GameState, move: Any) -> None:
    """Exchanging a natural for the wild in its place of a run ([layoff.exchange]).

    Raises:
        IllegalMoveError: ``wild_exchange`` is ``none``, or the meld, position or card
            does not allow the exchange ([layoff.exchange]); there is no such table meld
            ([layoff.card]).
        ContractNotMetError: the seat has not laid down the contract
            ([layoff.exchange]).
        CardNotInHandError: the seat does not hold the natural card ([turn.holds]).
    """
    seat: int = move.seat
    problem = exchange_problem(state, seat)
    if problem == "option off":
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.exchange",
            "wilds on the table can never be taken back (wild_exchange=none)",
        )
    if problem == "not laid down":
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "layoff.exchange",
            f"seat {seat} cannot exchange a wild before laying down {contract_words(state)}",
        )
    target = table_meld(state, move, move.meld_id)
    problem = _place_problem(target.meld, move.position, move.card, state.variant)
    if problem is not None:
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.exchange",
            f"seat {seat} cannot exchange on meld {target.id}: {problem}",
        )
    require_cards(state, move, seat, [move.card])


def apply_exchange(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.ExchangeWild` ([layoff.exchange])."""
    seat = move.seat
    target = state.table[move.meld_id]
    meld = target.meld
    assert meld.start is not None
    index = move.position - meld.start
    wild = meld.cards[index]
    cards = set_at(meld.cards, index, move.card)
    swapped = Meld(MeldKind.RUN, cards, suit=meld.suit, start=meld.start)
    hand = with_cards(without_card(state.hands[seat], move.card), (wild,))
    known = (*forget_one(state.known[seat], move.card), wild)  # the wild came off the table
    return replace_unchecked(
        state,
        hands=set_at(state.hands, seat, hand),
        known=set_at(state.known, seat, known),
        table=set_at(state.table, move.meld_id, TableMeld(target.id, target.owner, swapped)),
        log=state.log.append(Exchanged(seat, move.card, target.id, target.owner, wild, swapped)),
    )
