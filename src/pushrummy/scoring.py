"""Scoring: card values, deal penalties, winners and Cap-It stakes
(:ref:`rules-scoring`, :ref:`rules-stakes`).

Everything here is a pure function of plain values, so a caller can score a
physical game, re-score a record under other card values, or apply another
tie-break from the per-deal history.

>>> from pushrummy.cards import parse_cards
>>> from pushrummy.variants import PUSH
>>> hand_value(parse_cards("7H KS AD 2C JK"), PUSH)
70
>>> hands = [parse_cards("7H"), parse_cards("KS"), (), parse_cards("AD JK")]
>>> deal_penalties(hands, PUSH, went_out=2)    # seat 2 went out: side 0 scores nothing
(0, 45)
>>> deal_penalties(hands, PUSH, went_out=None)  # exhausted stock: everyone counts
(5, 45)
>>> winners((300, 280))
(1,)

Wrong Python types raise :class:`TypeError`; a seat that is not in the game, or no
sides at all, :class:`~pushrummy.errors.SetupError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .errors import SetupError, clip_repr
from .variants import Stakes, StakesSettlement, Variant

# StakesSettlement is a value of the outcome and lives with the variant's Stakes; this module
# makes it (settle_stakes), and it stays importable from here.

__all__ = [
    "deal_penalties",
    "hand_value",
    "settle_stakes",
    "winners",
]


def hand_value(cards: Iterable[Card], variant: Variant) -> int:
    """The points ``cards`` count when left in hand ([score.values]).

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, or
            ``cards`` is a str, not iterable, or holds something that is not a
            :class:`~pushrummy.cards.Card`.
    """
    _check_variant(variant)
    if isinstance(cards, str):
        raise TypeError("hand_value takes Card values, not a str (parse it with parse_cards)")
    values = variant.card_values
    total = 0
    for card in cards:
        if type(card) is not Card and not isinstance(card, Card):
            raise TypeError(f"hand_value takes Card values, not {type(card).__name__}")
        total += values[0 if card.rank is None else card.rank]
    return total


def _check_variant(variant: object) -> None:
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")


def _check_seat(seat: object, players: int, what: str) -> None:
    """:class:`TypeError` unless ``seat`` is an int; :class:`SetupError` unless a seat."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"{what} must be a seat (an int), not {type(seat).__name__}")
    if not 0 <= seat < players:
        raise SetupError(
            f"{what} must be a seat 0..{players - 1} of a {players}-player game, "
            f"not {clip_repr(seat)}"
        )


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    if players < 1:
        raise SetupError(f"players must be at least 1, not {clip_repr(players)}")
    return players


def deal_penalties(
    hands: Sequence[Sequence[Card]], variant: Variant, went_out: int | None
) -> tuple[int, ...]:
    """Points each side adds for a deal ([score.out], [score.exhausted]).

    ``hands`` holds every seat's cards at the end of the deal; ``went_out`` is
    the seat that went out, or ``None`` when the deal ended on an exhausted
    stock (or the turn limit). The side that went out adds nothing, not even
    the partner's cards; every other side adds its players' hands.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`; ``hands``
            is not a sequence of hands (a str is not one) or a hand not cards (as
            :func:`hand_value`); ``went_out`` is neither an int nor ``None`` (a bool is
            not an int here).
        SetupError: ``hands`` is empty, or ``went_out`` is not a seat of the
            ``len(hands)`` seats.

    >>> from pushrummy.variants import PUSH
    >>> deal_penalties([()] * 4, PUSH, went_out=9)
    Traceback (most recent call last):
    ...
    pushrummy.errors.SetupError: went_out must be a seat 0..3 of a 4-player game, not 9
    """
    _check_variant(variant)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError(f"hands must be a sequence of hands, not {type(hands).__name__}")
    players = len(hands)
    if players < 1:
        raise SetupError("hands must hold a hand per seat, not none")
    if went_out is not None:
        _check_seat(went_out, players, "went_out")
    sides = variant.side_count(players)
    out_side = None if went_out is None else variant.side_of(went_out)
    penalties = [0] * sides
    for seat, hand in enumerate(hands):
        side = variant.side_of(seat)
        if side != out_side:
            penalties[side] += hand_value(hand, variant)
    return tuple(penalties)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The sides sharing the lowest total ([game.end]); more than one is a draw.

    Raises:
        TypeError: ``totals`` is not a sequence (a str is not one), or holds something
            that is not an int (a bool is not one).
        SetupError: ``totals`` is empty: there are no sides.

    >>> winners((120, 100, 100))
    (1, 2)
    """
    if isinstance(totals, str) or not isinstance(totals, Sequence):
        raise TypeError(f"totals must be a sequence of ints, not {type(totals).__name__}")
    if not totals:
        raise SetupError("winners of no sides: totals is empty")
    for total in totals:
        if isinstance(total, bool) or not isinstance(total, int):
            raise TypeError(f"totals must hold ints, not {type(total).__name__}")
    best = min(totals)
    return tuple(side for side, total in enumerate(totals) if total == best)


def settle_stakes(
    stakes: Stakes,
    players: int,
    deal_winners: Sequence[int | None],
    final_winners: Sequence[int],
    last_dealer: int,
) -> StakesSettlement:
    """Settle Cap-It stakes ([stakes.pot], [stakes.deal], [stakes.final]).

    Every player antes into the pot. Whoever goes out in a deal takes the
    round prize (or what is left); an exhausted deal (``None``) leaves its prize
    in the pot. The overall winners split the rest equally; an indivisible
    remainder goes a chip at a time to the tied winners in seat order,
    starting left of the last dealer.

    Raises:
        TypeError: ``stakes`` is not a :class:`~pushrummy.variants.Stakes`; ``players``,
            ``last_dealer`` or a winner's seat is not an int (a bool is not one); or
            ``deal_winners`` or ``final_winners`` is not iterable.
        SetupError: ``players`` is less than 1, or ``last_dealer`` or a winner is not a
            seat of the game.

    >>> s = settle_stakes(Stakes(ante=10, round_prize=5), 4, [0, None, 2, 1, None], [1, 3], 0)
    >>> s.pot, s.round_prizes, s.final_prizes, s.left_in_pot
    (40, (5, 5, 5, 0), (0, 13, 0, 12), 0)
    >>> s.net
    (-5, 8, -5, 2)
    """
    if not isinstance(stakes, Stakes):
        raise TypeError(f"stakes must be a Stakes, not {type(stakes).__name__}")
    players = _check_players(players)
    deal_winners = tuple(deal_winners)
    final_winners = tuple(final_winners)
    for seat in deal_winners:
        if seat is not None:
            _check_seat(seat, players, "a deal winner")
    for seat in final_winners:
        _check_seat(seat, players, "a final winner")
    _check_seat(last_dealer, players, "last_dealer")
    pot = stakes.ante * players
    remaining = pot
    round_prizes = [0] * players
    for seat in deal_winners:
        if seat is None:
            continue
        prize = min(stakes.round_prize, remaining)
        round_prizes[seat] += prize
        remaining -= prize
    final_prizes = [0] * players
    if final_winners:
        share, remainder = divmod(remaining, len(final_winners))
        for seat in final_winners:
            final_prizes[seat] += share
        tied = set(final_winners)
        order = [(last_dealer + 1 + i) % players for i in range(players)]
        for seat in [s for s in order if s in tied][:remainder]:
            final_prizes[seat] += 1
        remaining = 0
    net = tuple(round_prizes[s] + final_prizes[s] - stakes.ante for s in range(players))
    return StakesSettlement(
        pot=pot,
        round_prizes=tuple(round_prizes),
        final_prizes=tuple(final_prizes),
        net=net,
        left_in_pot=remaining,
    )
