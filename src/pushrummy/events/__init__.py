"""What happened in a game: its events, as the table saw them and as each seat saw them.

Every move appends one or more events to the state's :class:`GameLog`
(:attr:`GameState.log <pushrummy.state.GameState.log>`), so a server that keeps
only states can still tell each seat what happened since its last view. The one
exception is a :class:`~pushrummy.moves.LayDownShape` ([contract.wilds]), which places
nothing: the shape it announces is in the state and in every view
(:attr:`GameState.shape <pushrummy.state.GameState.shape>`) until the
:class:`~pushrummy.moves.FillWilds` that follows lays the meld down, which logs its
:class:`LaidDown`. A seat's
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
:class:`StockReshuffled`   a seat drew from an empty stock: the discard pile was shuffled
                           into a new stock ([draw.reshuffle]); its cards, not their order
:class:`Drew`              a seat got the top stock card (only that seat sees which); alone,
                           after no push, a draw from the stock ([draw.stock])
:class:`LaidDown`          a seat placed a meld of its contract ([contract.steps]);
                           ``complete`` once the whole contract is down
:class:`Melded`            a seat put a new meld on the table ([meld.new])
:class:`LaidOff`           a seat laid a card off on a meld ([layoff.card])
:class:`Exchanged`         a seat swapped a natural for a wild in a run ([layoff.exchange])
:class:`Discarded`         a seat discarded, ending its turn ([discard.end])
:class:`DealEnded`         the deal was scored (who went out, the penalties per side)
:class:`GameEnded`         the last deal was scored (totals, winners)
:class:`StartingPosition`  a deal began from a position set up rather than dealt
                           (:func:`~pushrummy.new_position`): the first event of such a
                           game; each seat sees only its own hand
:class:`UpcardOffered`     the player in turn did not take the upcard and offers it round
                           the table ([buy.offer])
:class:`BuyPassed`         a seat offered the upcard did not buy it ([buy.offer])
:class:`Bought`            a seat bought the offered upcard out of turn, with penalty cards:
                           the :class:`Drew` events that follow ([buy.penalty])
=========================  ===================================================================

Appending is cheap: a log is a persistent chain that a new state extends, never
copies (DESIGN §4), and a view takes its seat's chain as it is.

The events' values are in :mod:`pushrummy.events.values`, the logs in
:mod:`pushrummy.events.log`; both are importable from here. The events in words (an
event feed's lines) are :func:`~pushrummy.english.describe_event`.

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> state = pr.apply_move(state, pr.Push(state.current_player))
>>> [type(e).__name__ for e in state.log.events]
['DealStarted', 'Pushed', 'Drew', 'Drew']
>>> pr.view(state, 3).events[2], pr.view(state, 0).events[2]
(Drew(seat=3, card=Card('6C'), pushed=True), Drew(seat=3, card=None, pushed=True))
"""

from .log import EventLog, GameLog
from .values import (
    EVENT_CLASSES,
    Bought,
    BuyPassed,
    DealEnd,
    DealEnded,
    DealStarted,
    Discarded,
    Drew,
    Event,
    Exchanged,
    GameEnded,
    LaidDown,
    LaidOff,
    Melded,
    Pushed,
    StartingPosition,
    StockReshuffled,
    Took,
    UpcardOffered,
    seen_by,
)

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
    "EventLog",
    "Exchanged",
    "GameEnded",
    "GameLog",
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
