"""The log of a game's events: :class:`GameLog` (the whole log a state holds, with each
seat's redacted log alongside) and :class:`EventLog` (the events as one viewpoint saw them).

Appending is cheap: a log is a persistent chain that a new state extends, never copies
(DESIGN §4), and a view takes its seat's chain as it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeAlias, overload

from ..cards import Card
from ..errors import SetupError, clip_repr
from .values import EVENT_CLASSES, DealStarted, Drew, Event, Pushed, StartingPosition, seen_by

__all__ = ["EventLog", "GameLog"]

_MOST_SEATS = 8
"""The most seats a log keeps (a variant seats 2 to 8 players)."""

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

    def _tail(self, start: int) -> tuple[Event, ...]:
        """The events from ``start`` (``0 <= start <= len``) on, walking back only as far
        as ``start`` (not the game's whole history)."""
        items = self._items
        if items is not None:
            return items[start:]
        length = self._length
        tail: list[Event] = [None] * (length - start)  # type: ignore[list-item]
        chain = self._public
        for i in range(length - start - 1, -1, -1):
            assert chain is not None
            chain, tail[i] = chain
        chain = self._overrides
        while chain is not None:  # their indices fall, newest first
            chain, (index, event) = chain
            if index < start:
                break
            if index < length:
                tail[index - start] = Drew(*event) if type(event) is tuple else event
        return tuple(tail)

    def after(self, earlier: EventLog) -> tuple[Event, ...] | None:
        """The events that follow ``earlier``'s when this log continues ``earlier`` (a
        later view of the same seat in the same game: it holds ``earlier``'s very events,
        shared, and more), else ``None``. The cost is that of the new events only, so a
        reader that keeps its last log reads each event once (the information state's
        history, :mod:`pushrummy.agents.history`, does).

        Raises:
            TypeError: ``earlier`` is not an :class:`EventLog`.

        >>> import pushrummy as pr
        >>> state = pr.new_game(pr.PUSH, seed=9)
        >>> before = pr.view(state, 2).events
        >>> later = pr.view(pr.apply_move(state, pr.Push(1)), 2).events
        >>> [type(event).__name__ for event in later.after(before)]
        ['Pushed', 'Drew', 'Drew']
        >>> before.after(later) is None, later.after(pr.view(state, 3).events) is None
        (True, True)
        """
        if not isinstance(earlier, EventLog):
            raise TypeError(f"earlier must be an EventLog, not {type(earlier).__name__}")
        start = earlier._length
        if start > self._length:
            return None
        chain = self._public
        for _ in range(self._length - start):
            assert chain is not None
            chain = chain[0]
        if chain is not earlier._public:
            return None
        chain = self._overrides
        while chain is not None and chain[1][0] >= start:
            chain = chain[0]
        if chain is not earlier._overrides:
            return None
        return self._tail(start)

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
        return self._tail(min(index, self._length))

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
        if kind is DealStarted or kind is StartingPosition:
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
        return self._drawn(draws, Pushed(seat, to, card))

    def _drawn(
        self, draws: Sequence[tuple[int, Card | None, bool]], first: Event | None = None
    ) -> GameLog:
        """This log with these draws (seat, card, pushed): a hidden draw in the public
        chain, the card in the drawer's and the private chain (as the plain triple: the
        :class:`Drew` is only made when a log is read). ``first``: a public event before
        them (the push), appended as :meth:`append` would, in the same new log."""
        public, private, mine = self._public, self._private, list(self._mine)
        index = self._length
        if first is not None:
            public = (public, first)
            index += 1
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

    def newest_first(self) -> Iterator[Event]:
        """The events as every seat saw them (another seat's cards hidden), newest first:
        a walk back that stops where its reader stops (a few events back, not the
        game's whole history)."""
        chain = self._public
        while chain is not None:
            chain, event = chain
            yield event

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
