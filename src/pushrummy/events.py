"""What happened in a game: its events, as the table saw them and as each seat saw them.

Every move appends one or more events to the state's :class:`GameLog`
(:attr:`GameState.log <pushrummy.state.GameState.log>`), so a server that keeps
only states can still tell each seat what happened since its last view. A seat's
:class:`~pushrummy.views.PlayerView` carries :attr:`~pushrummy.views.PlayerView.events`:
the same events, with what that seat cannot know redacted.

=========================  ===================================================================
event                      what happened (hidden from other seats)
=========================  ===================================================================
:class:`DealStarted`       a deal was dealt: dealer, upcard, wild upcards buried first, and
                           the dealt hands (each seat sees only its own)
:class:`Took`              a seat took the upcard ([draw.take])
:class:`Pushed`            a seat pushed the upcard to a neighbour ([draw.push]); the
                           :class:`Drew` events that follow say who got which stock card
:class:`Drew`              a seat got the top stock card (only that seat sees which)
:class:`LaidDown`          a seat placed a meld of its contract ([contract.steps]);
                           ``complete`` once the whole contract is down
:class:`Melded`            a seat put a new meld on the table ([meld.new])
:class:`LaidOff`           a seat laid a card off on a meld ([layoff.card])
:class:`Exchanged`         a seat swapped a natural for a wild in a run ([layoff.exchange])
:class:`Discarded`         a seat discarded, ending its turn ([discard.end])
:class:`DealEnded`         the deal was scored (who went out, the penalties per side)
:class:`GameEnded`         the last deal was scored (totals, winners)
=========================  ===================================================================

Appending is cheap: a log is a persistent chain that a new state extends, never
copies (DESIGN §4), and a view takes its seat's chain as it is.

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> state = pr.apply_move(state, pr.Push(state.current_player))
>>> [type(e).__name__ for e in state.log.events]
['DealStarted', 'Pushed', 'Drew', 'Drew']
>>> pr.view(state, 3).events[2], pr.view(state, 0).events[2]
(Drew(seat=3, card=Card('6C'), pushed=True), Drew(seat=3, card=None, pushed=True))
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final, TypeAlias, overload

import attrs

from .cards import Card
from .errors import SetupError, clip_repr
from .melds import Meld
from .scoring import StakesSettlement

_MOST_SEATS = 8
"""The most seats a log keeps (a variant seats 2 to 8 players)."""

__all__ = [
    "EVENT_CLASSES",
    "DealEnd",
    "DealEnded",
    "DealStarted",
    "Discarded",
    "Drew",
    "Event",
    "EventLog",
    "Exchanged",
    "GameEnded",
    "GameLog",
    "LaidDown",
    "LaidOff",
    "Melded",
    "Pushed",
    "Took",
    "describe_event",
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
    | Took
    | Pushed
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
    Drew,
    LaidDown,
    Melded,
    LaidOff,
    Exchanged,
    Discarded,
    DealEnded,
    GameEnded,
)
"""Every event class, in the order of the table above."""


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` saw it: another seat's dealt hand and stock card redacted.

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


def describe_event(event: Event, *, you: int | None = None) -> str:
    """A one-line sentence for an event feed: ``seat 2 pushes 7H to seat 3``.

    With ``you`` (a seat), that seat is "you" (the view document's event texts are
    written for the seat they are sent to). Hidden cards read as "a card".

    Raises:
        TypeError: ``event`` is not an event, or ``you`` neither an int nor ``None``.

    >>> from pushrummy.cards import parse_card
    >>> describe_event(Pushed(2, 3, parse_card("7H")))
    'seat 2 pushes 7H to seat 3'
    >>> describe_event(Pushed(2, 3, parse_card("7H")), you=3)
    'seat 2 pushes 7H to you'
    >>> describe_event(Drew(2, None, False)), describe_event(Drew(3, parse_card("9C"), True), you=3)
    ('seat 2 draws a card', 'you get 9C from the stock with the push')
    """
    if you is not None and (isinstance(you, bool) or not isinstance(you, int)):
        raise TypeError(f"you must be an int or None, not {type(you).__name__}")
    describe = _DESCRIBE.get(type(event))
    if describe is None:
        raise TypeError(f"event must be an event, not {type(event).__name__}")
    return describe(event, you)


def _who(seat: int, you: int | None, verb: str) -> str:
    """``seat 2 takes`` / ``you take`` (``verb`` given in the third person)."""
    if seat == you:
        return f"you {_base(verb)}"
    return f"seat {seat} {verb}"


def _base(verb: str) -> str:
    """The verb for "you": ``takes`` → ``take``, ``pushes`` → ``push``, ``goes`` → ``go``."""
    if verb == "goes":
        return "go"
    if verb.endswith(("shes", "ches", "xes")):
        return verb[:-2]
    return verb.removesuffix("s")


def _whose(owner: int, you: int | None, seat: int) -> str:
    """Whose meld ``seat`` plays on: ``your``, ``its own`` or ``seat 2's``."""
    if owner == you:
        return "your own" if seat == you else "your"
    return "its own" if owner == seat else f"seat {owner}'s"


def _card_text(card: Card | None) -> str:
    return "a card" if card is None else str(card)


def _describe_deal(event: DealStarted, you: int | None) -> str:
    buried = ""
    if event.buried:
        buried = f" ({' '.join(map(str, event.buried))} turned up and buried first)"
    text = (
        f"deal {event.deal_number}: {_who(event.dealer, you, 'deals')}; "
        f"the upcard is {event.upcard}{buried}"
    )
    if you is not None and 0 <= you < len(event.hands):
        hand = event.hands[you]
        if hand is not None:
            text += f"; your hand: {' '.join(map(str, hand))}"
    return text


def _describe_drew(event: Drew, you: int | None) -> str:
    if event.pushed:
        return (
            f"{_who(event.seat, you, 'gets')} {_card_text(event.card)} from the stock with the push"
        )
    return f"{_who(event.seat, you, 'draws')} {_card_text(event.card)}"


def _describe_laid_down(event: LaidDown, you: int | None) -> str:
    rest = "the contract is down" if event.complete else "more of the contract to come"
    return f"{_who(event.seat, you, 'lays')} down {event.meld.notation()}; {rest}"


def _describe_deal_end(event: DealEnded, you: int | None) -> str:
    if event.ended_by is DealEnd.OUT and event.went_out is not None:
        how = f"{_who(event.went_out, you, 'goes')} out"
    elif event.ended_by is DealEnd.TURN_LIMIT:
        how = "the turn limit is reached"
    else:
        how = "the stock is exhausted"
    penalties = ", ".join(map(str, event.penalties))
    return f"deal {event.deal_number} ends: {how}; penalties by side: {penalties}"


def _describe_game_end(event: GameEnded, you: int | None) -> str:
    totals = ", ".join(map(str, event.totals))
    if len(event.winners) == 1:
        won = f"side {event.winners[0]} wins"
    else:
        won = "sides " + " and ".join(map(str, event.winners)) + " share the win"
    return f"the game is over: totals by side {totals}; {won}"


_DESCRIBE: Final[dict[type[Any], Callable[[Any, int | None], str]]] = {
    DealStarted: _describe_deal,
    Took: lambda e, you: f"{_who(e.seat, you, 'takes')} {e.card}",
    Pushed: lambda e, you: (
        f"{_who(e.seat, you, 'pushes')} {e.card} to {'you' if e.to == you else f'seat {e.to}'}"
    ),
    Drew: _describe_drew,
    LaidDown: _describe_laid_down,
    Melded: lambda e, you: f"{_who(e.seat, you, 'melds')} {e.meld.notation()}",
    LaidOff: lambda e, you: (
        f"{_who(e.seat, you, 'lays')} off {e.card} on {_whose(e.owner, you, e.seat)} meld {e.meld_id}, "
        f"now {e.meld.notation()}"
    ),
    Exchanged: lambda e, you: (
        f"{_who(e.seat, you, 'puts')} {e.card} into {_whose(e.owner, you, e.seat)} meld {e.meld_id} "
        f"for {e.wild}, taking {e.wild}; now {e.meld.notation()}"
    ),
    Discarded: lambda e, you: f"{_who(e.seat, you, 'discards')} {e.card}",
    DealEnded: _describe_deal_end,
    GameEnded: _describe_game_end,
}
if set(_DESCRIBE) != set(EVENT_CLASSES):  # pragma: no cover
    raise RuntimeError("events.describe_event does not describe every event class")


# A chain is ``None`` (no events) or ``(previous chain, item)``: appending shares the
# whole past. A log keeps three kinds of chain:
#
# - the public chain: every event as every seat saw it (a stock card drawn as
#   ``Drew(seat, None, ...)``, a deal with no hand shown);
# - per seat, its own chain of ``(index, event)``: its own version of the events that hide
#   something from the others (its draws, its dealt hand);
# - the private chain of ``(index, event)``: the whole version of each of those events.
#
# So a public event (most of them) costs one node, a seat's log holds nothing another seat
# may not see, and the state's whole log is the public chain with the private versions put
# in. Logs wrap chains so that equality, hashing, pickling and repr walk them in a loop (a
# nested tuple compared or pickled as it is would recurse once per event).
_Chain: TypeAlias = "tuple[Any, Any] | None"


def _unwind(public: _Chain, length: int, overrides: _Chain) -> tuple[Event, ...]:
    items: list[Event] = [None] * length  # type: ignore[list-item]
    chain = public
    for i in range(length - 1, -1, -1):
        assert chain is not None
        chain, items[i] = chain
    chain = overrides
    while chain is not None:
        chain, (index, event) = chain
        if index < length:
            # a draw is kept as its (seat, card, pushed) triple until it is read
            items[index] = Drew(*event) if type(event) is tuple else event
    return tuple(items)


def _wind(events: Sequence[Event]) -> _Chain:
    chain: _Chain = None
    for event in events:
        chain = (chain, event)
    return chain


_new = object.__new__


class EventLog(Sequence[Event]):
    """The events of a game as one viewpoint saw them, oldest first: an immutable
    sequence (index, slice, iterate, ``len``) whose indices are the events' indices
    in the game.

    A seat's log (:attr:`PlayerView.events <pushrummy.views.PlayerView.events>`)
    holds nothing that seat may not know.
    """

    __slots__ = ("_items", "_length", "_overrides", "_public")

    _public: _Chain
    _overrides: _Chain
    _length: int
    _items: tuple[Event, ...] | None

    def __init__(self, events: Sequence[Event] = ()) -> None:
        """A log of ``events``.

        Raises:
            TypeError: an item of ``events`` is not an event.
        """
        items = tuple(events)
        for event in items:
            if type(event) not in EVENT_CLASSES:
                raise TypeError(f"events must be events, not {type(event).__name__}")
        self._public = _wind(items)
        self._overrides = None
        self._length = len(items)
        self._items = items

    @classmethod
    def _of(cls, public: _Chain, overrides: _Chain, length: int) -> EventLog:
        log: EventLog = _new(cls)
        log._public = public
        log._overrides = overrides
        log._length = length
        log._items = None
        return log

    def _all(self) -> tuple[Event, ...]:
        items = self._items
        if items is None:
            items = self._items = _unwind(self._public, self._length, self._overrides)
        return items

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        """The event at ``index`` (a slice gives a tuple).

        Raises:
            IndexError: ``index`` is out of range, as for any sequence.
            TypeError: ``index`` is neither an int nor a slice.
        """
        if isinstance(index, bool) or not isinstance(index, (int, slice)):
            raise TypeError(f"event log indices must be ints or slices, not {type(index).__name__}")
        return self._all()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._all())

    def since(self, index: int) -> tuple[Event, ...]:
        """The events from ``index`` on: what a client that has seen ``index`` events
        has not seen yet.

        Raises:
            TypeError: ``index`` is not an int.
            SetupError: ``index`` is negative.
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        if index < 0:
            raise SetupError(f"index must be at least 0, not {index}")
        return self._all()[index:]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        if self._public is other._public and self._overrides is other._overrides:
            return True
        return self._length == other._length and self._all() == other._all()

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return f"EventLog(<{self._length} events>)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventLog, (self._all(),))

    def __copy__(self) -> EventLog:
        return self

    def __deepcopy__(self, memo: object) -> EventLog:
        return self


_HIDDEN_DRAWS: dict[tuple[int, bool], Drew] = {}
"""The public form of a draw, by seat and push (events are values, so one will do)."""


class GameLog:
    """The events of a game: the whole log (hidden cards included, as the state
    holds them) and, kept alongside, each seat's redacted log.

    Privileged, like the :class:`~pushrummy.state.GameState` that holds it: send a
    seat its :meth:`seen_by` log (a view does), never this.
    """

    __slots__ = ("_hash", "_length", "_mine", "_private", "_public")

    _public: _Chain
    _private: _Chain
    _mine: tuple[_Chain, ...]
    _length: int
    _hash: int | None

    def __init__(self, players: int, events: Sequence[Event] = ()) -> None:
        """The log of a ``players``-seat game holding ``events`` (unredacted).

        Raises:
            TypeError: ``players`` is not an int, or an item of ``events`` not an event.
            SetupError: ``players`` is not 1..8 (a variant seats 2 to 8).
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not 1 <= players <= _MOST_SEATS:
            raise SetupError(f"players must be 1..{_MOST_SEATS}, not {clip_repr(players)}")
        self._public = self._private = None
        self._mine = (None,) * players
        self._length = 0
        self._hash = None
        log = self
        for event in events:
            if type(event) not in EVENT_CLASSES:
                raise TypeError(f"events must be events, not {type(event).__name__}")
            log = log.append(event)
        self._public, self._private, self._mine = log._public, log._private, log._mine
        self._length = log._length

    @property
    def players(self) -> int:
        """The number of seats the log keeps a redacted log for."""
        return len(self._mine)

    def append(self, event: Event) -> GameLog:
        """This log with ``event`` added (the engine's hot path: no checks).

        The log itself is unchanged; the new one shares all of it.
        """
        index = self._length
        log: GameLog = _new(GameLog)
        kind = type(event)
        if kind is Drew:
            return self._drawn(((event.seat, event.card, event.pushed),))  # type: ignore[union-attr]
        if kind is DealStarted:
            log._public = (self._public, seen_by(event, -1))
            log._private = (self._private, (index, event))
            log._mine = tuple(
                [(chain, (index, seen_by(event, seat))) for seat, chain in enumerate(self._mine)]
            )
        else:
            log._public = (self._public, event)
            log._private = self._private
            log._mine = self._mine
        log._length = index + 1
        log._hash = None
        return log

    def push(
        self, seat: int, to: int, card: Card, passed: Card | None, drawn: Card | None
    ) -> GameLog:
        """This log with a push: :class:`Pushed`, then the :class:`Drew` of the stock card
        passed to ``to`` and of the pusher's own draw (each left out when ``None``: the
        stock ran short). The engine's hot path, as :meth:`append`.
        """
        draws = []
        if passed is not None:
            draws.append((to, passed, True))
        if drawn is not None:
            draws.append((seat, drawn, False))
        return self.append(Pushed(seat, to, card))._drawn(draws)

    def _drawn(self, draws: Sequence[tuple[int, Card | None, bool]]) -> GameLog:
        """This log with these draws (seat, card, pushed): a hidden draw in the public
        chain, the card in the drawer's and the private chain (as the plain triple: the
        :class:`Drew` is only made when a log is read)."""
        public, private, mine = self._public, self._private, list(self._mine)
        index = self._length
        for seat, card, pushed in draws:
            hidden = _HIDDEN_DRAWS.get((seat, pushed))
            if hidden is None:
                hidden = _HIDDEN_DRAWS[seat, pushed] = Drew(seat, None, pushed)
            public = (public, hidden)
            entry = (index, (seat, card, pushed))
            private = (private, entry)
            mine[seat] = (mine[seat], entry)
            index += 1
        log: GameLog = _new(GameLog)
        log._public, log._private, log._mine = public, private, tuple(mine)
        log._length = index
        log._hash = None
        return log

    @property
    def events(self) -> EventLog:
        """Every event, nothing redacted (privileged)."""
        return EventLog._of(self._public, self._private, self._length)

    def seen_by(self, seat: int) -> EventLog:
        """The events as ``seat`` saw them: safe to send to that seat.

        Raises:
            TypeError: ``seat`` is not an int.
            SetupError: ``seat`` is not a seat of the game.
        """
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, not {type(seat).__name__}")
        if not 0 <= seat < len(self._mine):
            raise SetupError(f"seat must be 0..{len(self._mine) - 1}, not {seat}")
        return EventLog._of(self._public, self._mine[seat], self._length)

    def __len__(self) -> int:
        return self._length

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameLog):
            return NotImplemented
        if len(self._mine) != len(other._mine) or self._length != other._length:
            return False
        if self._public is other._public and self._private is other._private:
            return True
        return self.events == other.events

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            value = self._hash = hash((len(self._mine), self.events))
        return value

    def __repr__(self) -> str:
        return f"GameLog(<{self._length} events, {self.players} seats>)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameLog, (self.players, tuple(self.events)))

    def __copy__(self) -> GameLog:
        return self

    def __deepcopy__(self, memo: object) -> GameLog:
        return self
