"""The information state: a record of past play, bounded, beside the observation.

:class:`~pushrummy.agents.observation.ObservationEncoder` says what a seat knows *now*.
Methods that learn from information states (NFSP, Deep CFR) want a record of how play got
there; :class:`HistoryEncoder` gives one of fixed size from the seat's
:class:`~pushrummy.views.PlayerView` events (:attr:`PlayerView.events
<pushrummy.views.PlayerView.events>`: the public moves of every seat and the seat's own
draws, nothing it may not see). The OpenSpiel game's ``information_state_tensor`` is the
observation followed by this vector; the environments add it with ``history=True``.

Seats are relative to the observer, as in the observation. With ``P`` players and a
window of ``H`` events (:data:`HISTORY_EVENTS`, 32):

==============  ===============  =========================================================
section         length           what
==============  ===============  =========================================================
``took``        ``P`` × 53       per seat, the upcards it took (or bought) this deal, by card
``pushed``      ``P`` × 53       per seat, the upcards it pushed this deal, by card
``discarded``   ``P`` × 53       per seat, the cards it discarded this deal, by card
``drawn``       53               the stock cards the observer drew or was pushed this deal
``recent``      ``H`` × (16+P)   the last ``H`` events of the game, the latest first, each
                + ``H`` × 53     as its kind (one-hot, 15: deal started, took, pushed, stock
                                 reshuffled, drew, laid down, melded, laid off, exchanged,
                                 discarded, deal ended, game ended, upcard offered, buy
                                 passed, bought), its seat (one-hot, ``P`` + 1, the last:
                                 none) and its cards as the observer saw them (copies of
                                 each; a meld's cards, a discard, a take, the observer's
                                 own draws; none for another seat's draw); all 0 before the
                                 game's first event
==============  ===============  =========================================================

Counts read at most :data:`HISTORY_CAP` (8). Sizes: **3025** for 4 players, **3216** for
5, **3407** for 6 (:attr:`HistoryEncoder.size`).

>>> import pushrummy as pr
>>> from pushrummy.agents.history import HistoryEncoder
>>> history = HistoryEncoder(pr.PUSH, 4)
>>> history.size
3025
>>> state = pr.apply_move(pr.new_game(pr.PUSH, seed=9), pr.Push(1))
>>> parts = history.as_dict(pr.view(state, 2))     # seat 1 pushed; seat 2 is next
>>> sum(parts["pushed"]), sum(parts["drawn"])      # seat 2 got the upcard and a stock card
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..events import (
    EVENT_CLASSES,
    Bought,
    DealStarted,
    Discarded,
    Drew,
    Event,
    EventLog,
    Exchanged,
    LaidDown,
    LaidOff,
    Melded,
    Pushed,
    StartingPosition,
    Took,
    UpcardOffered,
)
from ..variants import Variant
from ..views import PlayerView
from .codec import ActionCodec

__all__ = ["HISTORY_CAP", "HISTORY_EVENTS", "HISTORY_KINDS", "HistoryEncoder"]

HISTORY_EVENTS = 32
"""How many of the latest events the ``recent`` section holds."""
HISTORY_CAP = 8
"""The largest count a section reads (a card taken or discarded more often reads as 8)."""

HISTORY_KINDS: tuple[type[Event], ...] = tuple(
    k for k in EVENT_CLASSES if k is not StartingPosition
)
"""The kinds of event a ``recent`` row tells apart (its one-hot, in this order): the events'
own order, but a set-up position reads as the start of a deal, as
:class:`~pushrummy.events.DealStarted`."""
_KINDS = HISTORY_KINDS
_KIND_INDEX = {kind: index for index, kind in enumerate(_KINDS)}
_KIND_INDEX[StartingPosition] = _KIND_INDEX[DealStarted]
_CARDS = 53


class HistoryEncoder:
    """The history vector of a variant at a player count (the layout: the module's table).

    Attributes:
        variant: the rules.
        players: the player count.
        size: the length of every vector.
        sections: ``(name, length)`` of each section, in vector order.
        high: the largest value of each entry (the smallest is 0).
        scale: ``1 / high`` of each entry.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, or
            ``players`` not an int.
        VariantError: the variant is not played by ``players`` players.

    >>> import pushrummy as pr
    >>> [HistoryEncoder(pr.CAP_IT, p).size for p in (4, 5, 6)]
    [3025, 3216, 3407]
    """

    __slots__ = (
        "_codec",
        "_memo",
        "_row",
        "high",
        "players",
        "scale",
        "sections",
        "size",
        "variant",
    )

    def __init__(self, variant: Variant, players: int) -> None:
        codec = self._codec = ActionCodec(variant, players)  # checks the arguments
        self.variant = variant
        self.players = players
        p = players
        copies = 2 * codec.packs
        self._row = len(_KINDS) + p + 1 + _CARDS
        row_high = (1,) * (len(_KINDS) + p + 1) + (copies,) * _CARDS
        layout = [
            ("took", p * _CARDS, (HISTORY_CAP,) * (p * _CARDS)),
            ("pushed", p * _CARDS, (HISTORY_CAP,) * (p * _CARDS)),
            ("discarded", p * _CARDS, (HISTORY_CAP,) * (p * _CARDS)),
            ("drawn", _CARDS, (copies,) * _CARDS),
            ("recent", HISTORY_EVENTS * self._row, row_high * HISTORY_EVENTS),
        ]
        self.sections: tuple[tuple[str, int], ...] = tuple((n, k) for n, k, _ in layout)
        self.high: tuple[int, ...] = tuple(v for _, _, highs in layout for v in highs)
        self.size: int = len(self.high)
        self.scale: tuple[float, ...] = tuple(1.0 / high for high in self.high)
        self._memo: dict[
            int, tuple[EventLog, dict[int, int], tuple[tuple[tuple[int, int], ...], ...]]
        ] = {}

    def __repr__(self) -> str:
        return f"HistoryEncoder({self.variant.name}, players={self.players}, size={self.size})"

    def encode(self, view: PlayerView) -> tuple[int, ...]:
        """The history vector of ``view``.

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
            SetupError: ``view`` is of another variant or player count than the encoder.
        """
        values = [0] * self.size
        for index, value in self.entries(view).items():
            values[index] = value
        return tuple(values)

    def as_dict(self, view: PlayerView) -> dict[str, tuple[int, ...]]:
        """The history as its named sections (the vector is their concatenation).

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
            SetupError: ``view`` is of another variant or player count than the encoder.
        """
        vector = self.encode(view)
        parts = {}
        start = 0
        for name, length in self.sections:
            parts[name] = vector[start : start + length]
            start += length
        return parts

    def entries(self, view: PlayerView) -> dict[int, int]:
        """The vector's numbers that are not 0, by index.

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
            SetupError: ``view`` is of another variant or player count than the encoder.
        """
        self._codec.check_view(view, "a history is")
        p = self.players
        me = view.seat
        log = view.events
        block = p * _CARDS
        took, pushed, discarded, drawn = 0, block, 2 * block, 3 * block
        recent_at = drawn + _CARDS
        # This deal's counts and the latest events' rows: carried on from the seat's last
        # view when its log continues that view's (the usual step: a few events more,
        # read alone), else read afresh.
        memo = self._memo.get(me)
        fresh = None if memo is None else log.after(memo[0])
        if fresh is not None:
            assert memo is not None
            counts = memo[1]  # the memo's own: carried on in place
            rows = memo[2]
        else:
            counts = {}
            rows = ()
            fresh = tuple(log)
        for event in fresh:
            if isinstance(event, DealStarted):
                counts.clear()
            elif isinstance(event, Drew):
                if event.seat == me and event.card is not None:
                    _bump(counts, drawn + event.card.code, HISTORY_CAP)
            elif isinstance(event, (Took, Bought, Pushed, Discarded)):
                base = took if isinstance(event, (Took, Bought)) else pushed
                if isinstance(event, Discarded):
                    base = discarded
                _bump(counts, base + (event.seat - me) % p * _CARDS + event.card.code, HISTORY_CAP)
        # Each row as its entries within the row, the latest first.
        newest = [self._row_of(event, me) for event in fresh[-HISTORY_EVENTS:]]
        newest.reverse()
        rows = (*newest, *rows[: HISTORY_EVENTS - len(newest)])
        self._memo[me] = (log, counts, rows)
        out = dict(counts)
        at = recent_at
        for row in rows:
            for index, value in row:
                out[at + index] = value
            at += self._row
        return out

    def _row_of(self, event: Event, me: int) -> tuple[tuple[int, int], ...]:
        """The entries of ``event``'s ``recent`` row, by index within the row, as ``me``
        sees it."""
        p = self.players
        kinds = len(_KINDS)
        seat = getattr(event, "seat", None)
        row = {_KIND_INDEX[type(event)]: 1, kinds + (p if seat is None else (seat - me) % p): 1}
        cards_at = kinds + p + 1
        for card in _cards(event):
            row[cards_at + card.code] = row.get(cards_at + card.code, 0) + 1
        return tuple(row.items())


def _bump(counts: dict[int, int], index: int, cap: int) -> None:
    value = counts.get(index, 0)
    if value < cap:
        counts[index] = value + 1


def _cards(event: Event) -> Sequence[Card]:
    """The cards an event shows its observer."""
    if isinstance(event, (Took, Pushed, Discarded, LaidOff, UpcardOffered, Bought)):
        return (event.card,)
    if isinstance(event, Drew):
        return () if event.card is None else (event.card,)
    if isinstance(event, (LaidDown, Melded)):
        return event.meld.cards
    if isinstance(event, Exchanged):
        return (event.card, event.wild)
    return ()
