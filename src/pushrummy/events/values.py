"""The events' values: what happened in a game, one frozen class per kind of event
(the table of :mod:`pushrummy.events`), and :func:`seen_by`, an event as one seat saw it."""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Final, TypeAlias

import attrs

from ..cards import Card
from ..melds import Meld
from ..variants import StakesSettlement

__all__ = [
    "EVENT_CLASSES",
    "Bought",
    "BuyPassed",
    "DealEnd",
    "DealEnded",
    "DealStarted",
    "Discarded",
    "Drew",
    "Event",
    "Exchanged",
    "GameEnded",
    "LaidDown",
    "LaidOff",
    "Melded",
    "Pushed",
    "StartingPosition",
    "StockReshuffled",
    "Took",
    "UpcardOffered",
    "seen_by",
]


class DealEnd(enum.Enum):
    """How a deal ended."""

    OUT = "out"
    """A player went out ([out.empty])."""
    EXHAUSTED = "exhausted"
    """A player had to draw from an empty stock ([draw.exhausted])."""
    TURN_LIMIT = "turn_limit"
    """``max_turns_per_deal`` was reached; scored as an exhausted stock ([game.turn_limit])."""


@attrs.frozen(slots=True)
class DealStarted:
    """Deal ``deal_number`` was dealt by ``dealer`` ([deal.dealer], [deal.upcard]).

    Attributes:
        deal_number: the deal, from 1.
        dealer: the seat that dealt.
        upcard: the natural card turned face up.
        buried: the wild cards turned up before it and buried in the stock, in order.
        hands: per seat, the hand it was dealt; ``None`` for a hand the viewer may not see.
    """

    kind: ClassVar[str] = "deal_started"
    deal_number: int
    dealer: int
    upcard: Card
    buried: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, ...]


@attrs.frozen(slots=True, kw_only=True)
class StartingPosition:
    """Deal ``deal_number`` began from this position, set up rather than dealt (like a chess
    game's starting position, FEN): a game made by :func:`pushrummy.new_position` logs it as
    its first event instead of a :class:`DealStarted`, and its log replays from it
    (:mod:`pushrummy.log_replay`). The deals before it were played elsewhere: their results
    are the state's own (:attr:`GameState.results <pushrummy.state.GameState.results>`).

    Attributes:
        deal_number: the deal under way, from 1.
        dealer: the seat that dealt it.
        turn: the turns completed in it; the seat to move is ``turn`` seats past the
            dealer's left neighbour ([deal.first]).
        drawn: whether the seat to move has taken or pushed this turn.
        hands: per seat, the cards it holds; ``None`` for a hand the viewer may not see.
        sizes: per seat, how many cards it holds.
        known: per seat, the cards everyone knows it holds ([draw.visibility]).
        owners: per meld on the table (in id order), the seat that melded it.
        melds: the melds on the table, in id order.
        laid_down: per seat, whether it has laid down this deal's contract.
        upcard: the face-up card, or ``None`` once the seat to move has drawn.
        taken: the upcard the seat to move took this turn ([discard.taken]).
        laid_down_this_turn: whether the seat to move laid down its contract this turn.
        pile: the discard pile under the upcard, oldest first ([draw.stock]; ``()`` where
            there is none, as in a push variant).

    The stock's order and the game's seed are never in it: a state holds them, no view does.
    """

    kind: ClassVar[str] = "starting_position"
    deal_number: int
    dealer: int
    turn: int
    drawn: bool
    hands: tuple[tuple[Card, ...] | None, ...]
    sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    owners: tuple[int, ...]
    melds: tuple[Meld, ...]
    laid_down: tuple[bool, ...]
    upcard: Card | None
    taken: Card | None
    laid_down_this_turn: bool
    pile: tuple[Card, ...] = ()


@attrs.frozen(slots=True)
class Took:
    """``seat`` took the upcard ``card`` ([draw.take])."""

    kind: ClassVar[str] = "took"
    seat: int
    card: Card


@attrs.frozen(slots=True)
class Pushed:
    """``seat`` pushed the upcard ``card`` to seat ``to`` ([draw.push]).

    The receiver also gets the top stock card and the pusher draws the next: the
    :class:`Drew` events that follow (fewer when the stock runs short).
    """

    kind: ClassVar[str] = "pushed"
    seat: int
    to: int
    card: Card


@attrs.frozen(slots=True)
class StockReshuffled:
    """``seat`` drew from an empty stock: the discard pile under the upcard, ``cards``,
    was shuffled into a new stock, whose top card ``seat`` then draws ([draw.reshuffle]).

    The cards are sorted: every seat saw them discarded, and nobody sees their new order.
    """

    kind: ClassVar[str] = "stock_reshuffled"
    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class UpcardOffered:
    """``seat``, the player in turn, did not take the upcard ``card`` and offers it to the
    other seats in rotation ([buy.offer]); the seat to move is the first it is offered to."""

    kind: ClassVar[str] = "upcard_offered"
    seat: int
    card: Card


@attrs.frozen(slots=True)
class BuyPassed:
    """``seat`` did not buy the upcard offered to it ([buy.offer])."""

    kind: ClassVar[str] = "buy_passed"
    seat: int


@attrs.frozen(slots=True)
class Bought:
    """``seat`` bought the offered upcard ``card`` out of turn ([buy.offer]), with
    ``penalty`` stock cards ([buy.penalty]): the :class:`Drew` events that follow (only
    ``seat`` sees which cards)."""

    kind: ClassVar[str] = "bought"
    seat: int
    card: Card
    penalty: int


@attrs.frozen(slots=True)
class Drew:
    """``seat`` got the top card of the stock: ``card``, or ``None`` for a viewer who
    may not see it. ``pushed`` is true for the card a push hands to its receiver,
    false for the pusher's own draw."""

    kind: ClassVar[str] = "drew"
    seat: int
    card: Card | None
    pushed: bool


@attrs.frozen(slots=True)
class LaidDown:
    """``seat`` placed ``meld`` of its contract as meld ``meld_id`` ([contract.steps]);
    ``complete`` when it was the last: the contract is down.

    A whole :class:`~pushrummy.moves.LayDown` makes one event per meld, the events its
    steps would make, so the log does not depend on how the lay-down was sent.
    """

    kind: ClassVar[str] = "laid_down"
    seat: int
    meld_id: int
    meld: Meld
    complete: bool


@attrs.frozen(slots=True)
class Melded:
    """``seat`` put ``meld`` on the table as meld ``meld_id`` ([meld.new])."""

    kind: ClassVar[str] = "melded"
    seat: int
    meld_id: int
    meld: Meld


@attrs.frozen(slots=True)
class LaidOff:
    """``seat`` laid ``card`` off on meld ``meld_id`` of seat ``owner``, which is now
    ``meld`` ([layoff.card])."""

    kind: ClassVar[str] = "laid_off"
    seat: int
    card: Card
    meld_id: int
    owner: int
    meld: Meld


@attrs.frozen(slots=True)
class Exchanged:
    """``seat`` put ``card`` into meld ``meld_id`` of seat ``owner`` in place of the
    wild card ``wild``, which it took into its hand; the meld is now ``meld``
    ([layoff.exchange])."""

    kind: ClassVar[str] = "exchanged"
    seat: int
    card: Card
    meld_id: int
    owner: int
    wild: Card
    meld: Meld


@attrs.frozen(slots=True)
class Discarded:
    """``seat`` discarded ``card``, the new upcard ([discard.end])."""

    kind: ClassVar[str] = "discarded"
    seat: int
    card: Card


@attrs.frozen(slots=True)
class DealEnded:
    """Deal ``deal_number`` ended (``ended_by``; ``went_out`` is the seat that went
    out, if one did) and was scored: ``penalties`` per side ([score.out], [score.exhausted])."""

    kind: ClassVar[str] = "deal_ended"
    deal_number: int
    ended_by: DealEnd
    went_out: int | None
    penalties: tuple[int, ...]


@attrs.frozen(slots=True)
class GameEnded:
    """The last deal was scored: each side's ``totals``, the ``winners`` (the sides
    with the lowest total) and, with stakes, the settlement ([game.end])."""

    kind: ClassVar[str] = "game_ended"
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    stakes: StakesSettlement | None = None


Event: TypeAlias = (
    DealStarted
    | StartingPosition
    | Took
    | Pushed
    | StockReshuffled
    | UpcardOffered
    | BuyPassed
    | Bought
    | Drew
    | LaidDown
    | Melded
    | LaidOff
    | Exchanged
    | Discarded
    | DealEnded
    | GameEnded
)
"""Any one event."""

EVENT_CLASSES: Final[tuple[type[Any], ...]] = (
    DealStarted,
    Took,
    Pushed,
    StockReshuffled,
    Drew,
    LaidDown,
    Melded,
    LaidOff,
    Exchanged,
    Discarded,
    DealEnded,
    GameEnded,
    StartingPosition,
    UpcardOffered,
    BuyPassed,
    Bought,
)
"""Every event class, in the order of the table above (the events of buying out of turn,
added last, after the others)."""


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` saw it: another seat's dealt (or set-up) hand and stock card
    redacted.

    Raises:
        TypeError: ``event`` is not an event.

    >>> from pushrummy.cards import parse_card
    >>> seen_by(Drew(1, parse_card("9C"), False), 2)
    Drew(seat=1, card=None, pushed=False)
    """
    kind = type(event)
    if kind is Drew:
        assert isinstance(event, Drew)
        return (
            event
            if event.seat == seat or event.card is None
            else Drew(event.seat, None, event.pushed)
        )
    if kind is DealStarted:
        assert isinstance(event, DealStarted)
        return _deal_seen_by(event, seat)
    if kind is StartingPosition:
        assert isinstance(event, StartingPosition)
        hands = tuple(hand if other == seat else None for other, hand in enumerate(event.hands))
        return attrs.evolve(event, hands=hands)
    if kind not in EVENT_CLASSES:
        raise TypeError(f"event must be an event, not {kind.__name__}")
    return event


def _deal_seen_by(event: DealStarted, seat: int) -> DealStarted:
    """:func:`seen_by` of a deal's start: only ``seat``'s own hand left. Built slot by
    slot (the fields are the event's own, already checked): a deal makes one per seat
    and one for the public log."""
    hands = event.hands
    seen = object.__new__(DealStarted)
    _SET_DEAL_NUMBER(seen, event.deal_number)
    _SET_DEALER(seen, event.dealer)
    _SET_UPCARD(seen, event.upcard)
    _SET_BURIED(seen, event.buried)
    count = len(hands)
    if count > len(_NONES):  # more seats than any variant has: the plain way
        _SET_HANDS(seen, tuple(hand if i == seat else None for i, hand in enumerate(hands)))
    elif 0 <= seat < count:
        _SET_HANDS(seen, (*_NONES[:seat], hands[seat], *_NONES[: count - seat - 1]))
    else:
        _SET_HANDS(seen, _NONES[:count])
    return seen


_NONES: tuple[None, ...] = (None,) * 16
"""Enough ``None`` for every seat (a variant seats at most 8)."""
_SET_DEAL_NUMBER = DealStarted.__dict__["deal_number"].__set__
_SET_DEALER = DealStarted.__dict__["dealer"].__set__
_SET_UPCARD = DealStarted.__dict__["upcard"].__set__
_SET_BURIED = DealStarted.__dict__["buried"].__set__
_SET_HANDS = DealStarted.__dict__["hands"].__set__
