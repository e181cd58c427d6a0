"""Determinisation: a full game state drawn from what one seat knows.

Information-set search (PIMC, ISMCTS) plays out *possible* positions: :func:`sample_state`
turns a seat's :class:`~pushrummy.views.PlayerView` into a privileged
:class:`~pushrummy.state.GameState` that the seat cannot tell from the real one —
``view(sample_state(v, rng), v.seat) == v``, events included — with the cards the seat
cannot see dealt at random.

**What is dealt.** The *unseen* cards are the deck less everything the seat sees: its own
hand, the table, the upcard, and every other seat's publicly known cards (taken or pushed
upcards not yet played, [draw.visibility]; between deals and after the game, the hands the
last result shows). The deck is conserved (hands, stock, upcard and table hold it exactly,
:func:`~pushrummy.consistency.state_problems`), so the unseen cards are exactly the other
seats' unknown cards plus the stock. They are shuffled uniformly into those slots: each
other seat gets its hand size less its known cards, the stock the rest, in random order.

Given the cards alone this is the exact posterior (every card the seat has not seen is
exchangeable with every other), with these refinements and one approximation:

* with ``bury_position=BOTTOM`` the seat knows that the wild upcards buried at this deal's
  start lie at the bottom of the stock ([deal.upcard]); the sample puts them there;
* while another seat is part-way through its lay-down, the seat knows that seat can
  complete it ([contract.steps]): deals that do not allow it are drawn again (rejection
  sampling, so still uniform among the deals that do; a few tries on average, and a
  :class:`~pushrummy.errors.SetupError` after 10,000); a seat filling a shape holds its
  wild cards ([contract.wilds]), so how many wilds its unknown cards hold is drawn from
  its law cut below the shape's wild places before the rest (exact, and a shape of six
  wild places no longer exhausts the tries);
* approximation: with the default random burial a buried wild went into the stock, never
  into a dealt hand, so it is a little likelier than another unseen card to still be in
  the stock; the sample ignores that (it treats buried wilds like any unseen card).

* after a reshuffle of the discard pile in the deal under way ([draw.reshuffle]) the unseen
  cards are not exchangeable (the stock can hold only reshuffled cards, and each seat's
  draws came from the stock of their time): the deal is played forward instead, each card
  another seat got unseen (dealt or drawn) open until it plays a card it was not known to
  hold, which closes one of its open cards drawn from a stock that still had that card
  (chosen with weight the copies left), the rest drawn at random from their stocks at the
  end, the last stock's rest being the stock. Every such sample is consistent (its log
  replays, the stock holds only reshuffled cards the seat has not seen leave it); the
  weights are an approximation of the posterior, not the posterior.

Seats' play is not modelled either: the sample does not infer that a seat which pushed an
upcard probably holds nothing that goes with it. That is the usual determinisation.

**The history.** The sample's :attr:`~pushrummy.state.GameState.log` is a full log whose
redaction for the seat is exactly the view's events. The cards the view hides — other
seats' dealt hands and the stock cards they drew, in every deal — are filled in so that
each seat's cards are accounted for: every card a seat played that was not publicly known
to be in its hand came from its dealt hand or a draw *before* the play (chosen uniformly
among those earlier slots), and the cards it holds at the deal's end (the sample's hands,
or the hands a past deal's result shows) fill its remaining slots in random order. The
history is a possible one for the cards' movements between hands, table and upcard; it
does not claim a particular stock order at the deal's start (the state keeps no such
thing), and it is not drawn from the exact posterior over histories (no search needs it).

The sample has a fresh ``seed`` from ``rng`` (a view has no seed, and replaying the sample
from it would not reproduce this deal) and no injected deck orders.

>>> import random
>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> me = pr.view(state, 0)
>>> sample = pr.sample_state(me, random.Random(1))
>>> pr.view(sample, 0) == me, pr.state_problems(sample)
(True, ())
>>> sample.hands[0] == state.hands[0], sample.hands[1] == state.hands[1]
(True, False)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

import attrs

from .cards import Card
from .consistency import view_problems
from .contracts import can_complete_all_out, can_complete_contract, contract_left
from .errors import SetupError
from .events import (
    Bought,
    DealStarted,
    Discarded,
    Drew,
    Event,
    Exchanged,
    GameLog,
    LaidDown,
    LaidOff,
    Melded,
    Pushed,
    StartingPosition,
    StockReshuffled,
    Took,
)
from .plays.lay_down import fillings
from .state import DEAL_PHASES, LAYING_PHASES, GameState
from .variants import BuryPosition
from .views import COPIED_FIELDS, PlayerView

__all__ = ["sample_state", "unseen_cards"]

_IN_DEAL = DEAL_PHASES


def unseen_cards(view: PlayerView) -> tuple[Card, ...]:
    """The cards ``view``'s seat cannot see, sorted: the deck less its own hand, the table,
    the upcard, the discard pile and the cards publicly known to be in other hands (between deals, the
    shown hands). They are the other seats' unknown cards and the stock.

    Raises:
        TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
        SetupError: the view holds cards the deck does not (an inconsistent view).

    >>> import pushrummy as pr
    >>> me = pr.view(pr.new_game(pr.PUSH, seed=7), 0)
    >>> len(unseen_cards(me)) == me.stock_size + 3 * 6
    True
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
    return tuple(sorted(_unseen(view).elements()))


def _public_hands(view: PlayerView) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards the view's seat sees in that hand (all of its own)."""
    if view.phase not in _IN_DEAL and view.results:
        return view.results[-1].hands
    hands = [view.known[seat] for seat in range(view.players)]
    hands[view.seat] = view.hand
    shape, filling = view.shape, view.current_player
    if shape is not None and filling is not None and filling != view.seat:
        # The naturals of the shape announced are in that hand too ([contract.wilds]).
        held = Counter(hands[filling]) | Counter(shape.naturals)
        hands[filling] = tuple(sorted(held.elements()))
    return tuple(hands)


def _unseen(view: PlayerView) -> Counter[Card]:
    unseen = Counter(view.variant.deck(view.players))
    seen: Counter[Card] = Counter()
    for hand in _public_hands(view):
        seen.update(hand)
    for entry in view.table:
        seen.update(entry.meld.cards)
    if view.upcard is not None:
        seen[view.upcard] += 1
    seen.update(view.pile)  # public: every seat saw it discarded ([draw.stock])
    if seen - unseen:
        raise SetupError(
            f"the view of seat {view.seat} shows cards the deck does not hold: "
            + " ".join(map(str, sorted((seen - unseen).elements())))
        )
    unseen.subtract(seen)
    return +unseen


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A full state that ``view``'s seat cannot tell from the real one, with the cards
    it cannot see dealt uniformly at random (see the module's notes for exactly what is
    dealt and what the sample's history claims).

    ``view(sample_state(v, rng), v.seat) == v`` (legal moves and events included), and
    :func:`~pushrummy.consistency.state_problems` finds nothing wrong with the sample.
    The same ``rng`` state gives the same sample.

    Raises:
        TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`, or ``rng`` not a
            :class:`random.Random`.
        SetupError: the view is inconsistent (:func:`~pushrummy.consistency.view_problems`
            finds a problem: say its cards, hand sizes, stock size and events do not add up to
            a deal of the deck), so no state has it as its view; or
            another seat is laying down and no deal in 200,000 tries lets it finish.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    if _CHECKED[0] is not view:  # a search samples one view many times: checked once
        problems = view_problems(view)
        if problems:
            raise SetupError(f"the view is inconsistent, so no state has it: {problems[0]}")
        _CHECKED[0] = view
    seat, players = view.seat, view.players
    public = _public_hands(view)
    pool = list(_unseen(view).elements())
    in_deal = view.phase in _IN_DEAL
    slots = [view.hand_sizes[s] - len(public[s]) if s != seat else 0 for s in range(players)]
    if any(n < 0 for n in slots) or sum(slots) + view.stock_size != len(pool):
        raise SetupError(
            f"the view of seat {seat} does not add up: {len(pool)} unseen cards for "
            f"{sum(slots)} unknown cards in other hands and a stock of {view.stock_size}"
        )
    bottom = _known_bottom(view) if in_deal else []
    if bottom:
        left = Counter(pool)
        left.subtract(bottom)
        if min(left.values(), default=0) < 0:  # pragma: no cover - a consistent view
            bottom = []
        else:
            pool = list((+left).elements())
    fresh = _reshuffled_left(view) if in_deal else None
    if fresh is not None and type(view.events[_deal_start(view.events)]) is StartingPosition:
        raise SetupError(
            "sample_state cannot yet sample a deal set up by hand (new_position) after its "
            "stock was reshuffled ([draw.reshuffle])"
        )
    laying = view.current_player if view.phase in LAYING_PHASES else None
    need = 0  # the wild cards the laying seat's unknown cards must hold ([contract.wilds])
    if laying is not None and laying != seat and view.shape is not None:
        wild = view.variant.wild_table
        need = view.shape.wild_places - sum(wild[card.code] for card in public[laying])
    for _ in range(_TRIES):
        if fresh is not None:
            # [draw.reshuffle]: the deal under way is played forward, its unseen cards drawn
            # from the stock each came from (the module's notes).
            try:
                hands, stock, events = _sample_reshuffled(view, rng)
            except _NoHistory:
                continue
        else:
            if need > 0:
                assert laying is not None
                pool = _with_wilds(
                    pool, sum(slots[:laying]), slots[laying], need, rng, view.variant.wild_table
                )
            else:
                rng.shuffle(pool)
            hands = []
            at = 0
            for s in range(players):
                hands.append(tuple(sorted((*public[s], *pool[at : at + slots[s]]))))
                at += slots[s]
            stock = (*pool[at:], *bottom)
        if laying is not None and laying != seat and not _can_finish(view, hands[laying]):
            continue
        if fresh is None:
            try:
                events = _history(view, hands, stock, rng)
            except _NoHistory:  # a past deal's reshuffles did not fit: again
                continue
        break
    else:
        raise SetupError(
            f"no deal of the unseen cards in {_TRIES} tries lets seat {laying} complete "
            f"its lay-down of {view.contract} [contract.steps]"
            if laying is not None
            else f"no deal of the unseen cards in {_TRIES} tries has a history that fits "
            "the reshuffles of the game [draw.reshuffle]"
        )
    return GameState(
        **{name: getattr(view, name) for name in COPIED_FIELDS},
        seed=rng.getrandbits(64),
        injected=(None,) * len(view.variant.deals),
        hands=tuple(hands),
        stock=stock,
        log=GameLog(players, events),
    )


def _with_wilds(
    pool: list[Card],
    start: int,
    count: int,
    need: int,
    rng: random.Random,
    wild: tuple[bool, ...],
) -> list[Card]:
    """``pool`` in a uniformly random order given that its ``count`` cards from ``start`` on
    (a seat's unknown cards) hold at least ``need`` wild cards: the number of wilds there is
    drawn from its hypergeometric law cut below ``need``, then which wilds and which naturals,
    and the order of the rest, uniformly. Exact: a deal that fails the cut has probability 0
    given it, and every other keeps its probability relative to the rest.

    A seat filling a shape holds the wild cards that fill it ([contract.wilds]); drawing its
    hand uniformly and rejecting the hands without them needs thousands of tries when the
    wilds are few among the unseen cards (a shape of six wild places)."""
    wilds = [card for card in pool if wild[card.code]]
    naturals = [card for card in pool if not wild[card.code]]
    weights = [
        math.comb(len(wilds), j) * math.comb(len(naturals), count - j)
        for j in range(need, min(len(wilds), count) + 1)
    ]
    total = sum(weights)
    if not total:  # no such deal: let the caller's check refuse every try
        rng.shuffle(pool)
        return pool
    pick = rng.randrange(total)
    j = need
    for weight in weights:
        if pick < weight:
            break
        pick -= weight
        j += 1
    rng.shuffle(wilds)
    rng.shuffle(naturals)
    mine = wilds[:j] + naturals[: count - j]
    rest = wilds[j:] + naturals[count - j :]
    rng.shuffle(rest)
    return rest[:start] + mine + rest[start:]


_CHECKED: list[object] = [object()]
"""The last view :func:`sample_state` found consistent (one entry, held so that its id is not
reused; views are immutable, so the very same object, ``is``, needs no second check)."""

_TRIES = 200_000
"""How many deals of the unseen cards :func:`sample_state` tries while another seat is
laying down its contract (a sample must let it complete the lay-down). Rejection keeps the
sample exact, and most positions need a few tries; a seat in the middle of Contract Rummy's
last lay-down (3 runs of 4, each exactly 4 cards with at most one wild) needs thousands (two
positions of the sampling tests: about 1 in 4,000 deals fits), where 10,000 tries failed one
sample in ten."""


def _can_finish(view: PlayerView, hand: tuple[Card, ...]) -> bool:
    """Whether the seat laying down could complete its contract from ``hand`` (through a
    filling of the shape it announced, in ``Phase.FILLING_WILDS``)."""
    placed = [entry.meld for entry in view.lay_down_so_far]
    keep = view.variant.must_discard_to_go_out
    shape = view.shape
    if view.variant.deals[view.deal_number - 1].all_out:  # [out.all_out]: every card
        if shape is None:
            return can_complete_all_out(hand, view.contract, view.variant, placed)
        for fill in fillings(hand, shape, view.variant.wild_twos):
            meld = shape.fill(fill)
            rest = Counter(hand)
            rest.subtract(meld.cards)
            if min(rest.values(), default=0) >= 0 and can_complete_all_out(
                list((+rest).elements()), view.contract, view.variant, [*placed, meld]
            ):
                return True
        return False
    if shape is None:
        return can_complete_contract(
            hand, view.contract, view.variant, placed=placed, keep_card=keep
        )
    for fill in fillings(hand, shape, view.variant.wild_twos):
        meld = shape.fill(fill)
        rest = Counter(hand)
        rest.subtract(meld.cards)
        if min(rest.values(), default=0) < 0:
            continue
        left = list((+rest).elements())
        if contract_left(view.contract, [*placed, meld], view.variant) == ():
            if left or not keep:
                return True
        elif can_complete_contract(
            left, view.contract, view.variant, placed=[*placed, meld], keep_card=keep
        ):
            return True
    return False


def _known_bottom(view: PlayerView) -> list[Card]:
    """With ``bury_position=BOTTOM``, the stock's bottom cards the seat knows: this deal's
    buried wilds, the last buried lowest ([deal.upcard]); fewer once the stock is shorter."""
    if view.variant.bury_position is not BuryPosition.BOTTOM or _reshuffled_left(view):
        return []  # (a reshuffle emptied the stock the wilds were buried in)
    start = next((e for e in reversed(view.events) if type(e) is DealStarted), None)
    if start is None or not isinstance(start, DealStarted):
        return []
    keep = min(view.stock_size, len(start.buried))
    return list(start.buried[len(start.buried) - keep :])


class _NoHistory(Exception):
    """The hidden cards of a sample cannot be given a history that fits the deal's
    reshuffles ([draw.reshuffle]): :func:`sample_state` draws again."""


def _sample_reshuffled(
    view: PlayerView, rng: random.Random
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], list[Event]]:
    """Hands, stock and history for a view whose deal has reshuffled ([draw.reshuffle]): the
    past deals filled as usual, the deal under way played forward
    (:func:`_fill_reshuffled`).

    Raises:
        _NoHistory: the forward play found no card for a play.
    """
    events: list[Event] = list(view.events)
    start = _deal_start(events)
    for number, first in enumerate(i for i, e in enumerate(events) if type(e) is DealStarted):
        if first == start:
            break
        end = next(i for i in range(first + 1, len(events)) if type(events[i]) is DealStarted)
        deck = Counter(view.variant.deck(view.players))
        final = view.results[number].hands
        _fill_deal(events, first, end, final, None, deck, view.seat, view.players, rng)
    deck = Counter(view.variant.deck(view.players))
    holding: list[tuple[Card, ...]] = [() for _ in range(view.players)]
    if view.shape is not None and view.current_player is not None:
        holding[view.current_player] = view.shape.naturals  # ([contract.wilds])
    held, stock = _fill_reshuffled(
        events,
        start,
        len(events),
        None,
        (),
        view.known,
        view.seat,
        view.players,
        rng,
        deck,
        holding,
    )
    hands = [
        view.hand if other == view.seat else tuple(sorted((*view.known[other], *held[other])))
        for other in range(view.players)
    ]
    if len(stock) != view.stock_size:  # pragma: no cover - a consistent view
        raise _NoHistory
    return hands, tuple(stock), events


def _reshuffled_left(view: PlayerView) -> Counter[Card] | None:
    """After a reshuffle in the deal under way ([draw.reshuffle]), the cards of the last one
    that the seat has not seen leave the stock (its own draws since): the only cards the
    stock can hold. ``None`` when the deal has not reshuffled."""
    left: Counter[Card] | None = None
    for event in view.events[_deal_start(view.events) :]:
        if type(event) is StockReshuffled:
            assert isinstance(event, StockReshuffled)
            left = Counter(event.cards)
        elif type(event) is Drew and left is not None:
            assert isinstance(event, Drew)
            if event.seat == view.seat and event.card is not None:
                left[event.card] -= 1
    return None if left is None else +left


def _deal_start(events: Sequence[Event]) -> int:
    """The index of the last :class:`~pushrummy.events.DealStarted` or
    :class:`~pushrummy.events.StartingPosition` (0 if none)."""
    for index in range(len(events) - 1, -1, -1):
        if type(events[index]) in (DealStarted, StartingPosition):
            return index
    return 0


def _history(
    view: PlayerView,
    hands: Sequence[tuple[Card, ...]],
    stock: Sequence[Card],
    rng: random.Random,
) -> list[Event]:
    """The view's events with every hidden card filled in (see the module's notes).

    Raises:
        _NoHistory: the deal's draws after a reshuffle cannot hold the cards they must.
    """
    events: list[Event] = list(view.events)
    starts = [i for i, event in enumerate(events) if type(event) in (DealStarted, StartingPosition)]
    first = events[0] if events else None
    before = first.deal_number - 1 if isinstance(first, StartingPosition) else 0  # played elsewhere
    for number, start in enumerate(starts, start=before):
        end = starts[number - before + 1] if number - before + 1 < len(starts) else len(events)
        current = number >= len(view.results)
        final = tuple(hands) if current else view.results[number].hands
        left = stock if current else None
        deck = Counter(view.variant.deck(view.players))
        _fill_deal(events, start, end, final, left, deck, view.seat, view.players, rng)
    return events


def _fill_deal(
    events: list[Event],
    start: int,
    end: int,
    final: Sequence[Sequence[Card]],
    stock: Sequence[Card] | None,
    deck: Counter[Card],
    seat: int,
    players: int,
    rng: random.Random,
) -> None:
    """Fill in the hidden cards of the deal whose events are ``events[start:end]``, given
    every seat's hand at its end (or now) and, for the deal under way, the stock (for an
    ended deal, the deck less everything else at its end), in place. A deal that began from
    a set-up position (:class:`~pushrummy.events.StartingPosition`) starts with each seat's
    size and publicly known cards as it gives them.

    A draw after a reshuffle ([draw.reshuffle]) takes a card of the reshuffled pile: the
    other seats' draws of each reshuffle are given the reshuffled cards that no one else
    drew (less the stock, under way), each to a draw of a seat that played or holds it
    later, chosen at random; the rest as for a deal without reshuffles.

    Raises:
        _NoHistory: that choice leaves a card no draw or dealt slot can hold.
    """
    dealt = events[start]
    assert isinstance(dealt, (DealStarted, StartingPosition))
    own = dealt.hands[seat]
    sizes = dealt.sizes if isinstance(dealt, StartingPosition) else (len(own or ()),) * players
    at_start = dealt.known if isinstance(dealt, StartingPosition) else ((),) * players
    known: list[list[Card]] = [list(cards) for cards in at_start]
    draws: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (index, reshuffle)
    plays: list[list[tuple[int, Card]]] = [[] for _ in range(players)]
    fresh: list[Counter[Card]] = [Counter()]  # per reshuffle (from 1): the cards to draw
    shown: Counter[Card] = Counter()  # the table's and the pile's cards at the end
    upcard: Card | None = dealt.upcard

    def play(who: int, card: Card, index: int) -> None:
        # As the engine forgets a played card: a known copy first ([draw.visibility]).
        if card in known[who]:
            known[who].remove(card)
        else:
            plays[who].append((index, card))

    for index in range(start + 1, end):
        event = events[index]
        kind = type(event)
        if kind is Took or kind is Bought:  # a bought upcard is known as a taken one
            assert isinstance(event, (Took, Bought))
            known[event.seat].append(event.card)
            upcard = None
        elif kind is Pushed:
            assert isinstance(event, Pushed)
            known[event.to].append(event.card)
            upcard = None
        elif kind is StockReshuffled:
            assert isinstance(event, StockReshuffled)
            fresh.append(Counter(event.cards))
            shown.subtract(event.cards)
        elif kind is Drew:
            assert isinstance(event, Drew)
            if event.seat == seat and event.card is not None:
                fresh[-1][event.card] -= 1  # the seat's own draw (nothing before a reshuffle)
            draws[event.seat].append((index, len(fresh) - 1))
        elif kind is LaidDown or kind is Melded:
            assert isinstance(event, (LaidDown, Melded))
            for card in event.meld.cards:
                play(event.seat, card, index)
            shown.update(event.meld.cards)
        elif kind is LaidOff or kind is Discarded:
            assert isinstance(event, (LaidOff, Discarded))
            play(event.seat, event.card, index)
            if kind is Discarded and upcard is not None:
                shown[upcard] += 1  # the upcard goes on the pile ([draw.stock])
            if kind is Discarded:
                upcard = event.card
            else:
                shown[event.card] += 1
        elif kind is Exchanged:
            assert isinstance(event, Exchanged)
            play(event.seat, event.card, index)
            known[event.seat].append(event.wild)
            shown[event.card] += 1
            shown[event.wild] -= 1
    if len(fresh) > 1:
        if stock is None:  # an ended deal: its stock is the rest of the deck
            remaining = deck.copy()
            remaining.subtract(shown)
            for hand in final:
                remaining.subtract(hand)
            if upcard is not None:
                remaining[upcard] -= 1
            stock = list((+remaining).elements())
        fresh[-1].subtract(stock)  # what is still in the stock was not drawn
    if len(fresh) > 1:
        _fill_reshuffled(events, start, end, final, stock or (), known, seat, players, rng, deck)
        return
    hidden_hands: list[tuple[Card, ...] | None] = list(dealt.hands)
    # Per other seat: its cards (each as (when it was played, or None: held), card), and its
    # slots, when each card reached the hand: the deal (time ``start``) or a draw.
    items: dict[int, list[tuple[int | None, Card]]] = {}
    times: dict[int, list[tuple[int, int]]] = {}
    for other in range(players):
        if other == seat:
            continue
        held = Counter(final[other])
        held.subtract(known[other])
        if min(held.values(), default=0) < 0:
            raise SetupError(
                f"deal {dealt.deal_number}: seat {other}'s known cards are not in its hand"
            )
        rest = list((+held).elements())
        # A slot is when the card reached the hand: the deal (time ``start``) or a draw.
        size = sizes[other] - len(at_start[other])
        times[other] = [(start, 0)] * size + draws[other]
        if len(times[other]) != len(plays[other]) + len(rest):
            raise SetupError(
                f"deal {dealt.deal_number}: seat {other}'s cards do not add up "
                f"({len(times[other])} dealt or drawn, {len(plays[other]) + len(rest)} played "
                "or held)"
            )
        items[other] = [(when, card) for when, card in plays[other]] + [(None, c) for c in rest]
    cards: dict[int, list[Card | None]] = {o: [None] * len(t) for o, t in times.items()}
    used: dict[int, set[int]] = {o: set() for o in times}
    for other, slots in times.items():
        size = len(slots) - len(draws[other])  # this seat's dealt (set-up) slots
        free = list(range(len(slots)))
        for k, (when, card) in enumerate(items[other]):
            if k in used[other] or when is None:
                continue
            earlier = [i for i in free if slots[i][0] < when]
            if not earlier:
                raise SetupError(
                    f"deal {dealt.deal_number}: seat {other} played {card} before it "
                    "could have held it"
                )
            slot = earlier[rng.randrange(len(earlier))]
            free.remove(slot)
            cards[other][slot] = card
            used[other].add(k)
        rest = [card for k, (_, card) in enumerate(items[other]) if k not in used[other]]
        rng.shuffle(rest)
        for slot, card in zip(free, rest, strict=True):
            cards[other][slot] = card
        hidden_hands[other] = tuple(
            sorted([*at_start[other], *(c for c in cards[other][:size] if c is not None)])
        )
        for slot, (index, _) in enumerate(draws[other], start=size):
            drew = events[index]
            assert isinstance(drew, Drew)
            events[index] = Drew(drew.seat, cards[other][slot], drew.pushed)
    events[start] = attrs.evolve(dealt, hands=tuple(hidden_hands))


def _fill_reshuffled(
    events: list[Event],
    start: int,
    end: int,
    final: Sequence[Sequence[Card]] | None,
    stock: Sequence[Card],
    known_end: Sequence[Sequence[Card]],
    seat: int,
    players: int,
    rng: random.Random,
    deck: Counter[Card],
    holding: Sequence[Sequence[Card]] = (),
) -> tuple[list[list[Card]], list[Card]]:
    """:func:`_fill_deal` for a deal with reshuffles ([draw.reshuffle]), played forward: every
    card another seat got unseen (dealt, or drawn) is open until that seat plays a card it
    was not known to hold, which then closes one of its open cards drawn from a stock that
    still had that card (chosen with weight the copies left). At the end, given ``final``
    (the hands at the end), the cards each seat holds close the rest, the draws of each
    reshuffle taking exactly its cards left (less ``stock``, the stock at the end); without
    it (the deal under way, sampled), ``holding`` (per seat, cards it is known to hold
    unseen: the naturals of a shape it announced) close first and each other open card is a
    card left in its stock, at random, the last stock's rest being the stock.

    Returns:
        Per seat, the unseen cards it holds at the end; and the stock (sampled, shuffled).

    Raises:
        _NoHistory: a play or a held card finds no open card that can be it.
    """
    dealt = events[start]
    assert isinstance(dealt, DealStarted)
    own = dealt.hands[seat] or ()
    size = len(own)
    pools: list[Counter[Card]] = [deck.copy()]  # per stock (the deal's, then each reshuffle)
    pools[0].subtract(own)
    pools[0][dealt.upcard] -= 1
    slots: list[tuple[int, int]] = []  # per unseen card: (seat, stock), in the order got
    values: list[Card | None] = []
    opened: list[list[int]] = [[] for _ in range(players)]
    known: list[list[Card]] = [[] for _ in range(players)]
    drew_at: dict[int, int] = {}  # event index of another seat's draw -> its slot
    # The seat's own draws from each stock, known to it, are never another seat's.
    mine: list[Counter[Card]] = [Counter()]
    for index in range(start + 1, end):
        event = events[index]
        if type(event) is StockReshuffled:
            mine.append(Counter())
        elif type(event) is Drew and event.seat == seat and event.card is not None:
            mine[-1][event.card] += 1
    reshuffles = len(mine) - 1
    pools[0].subtract(mine[0])

    def got(who: int, stock_number: int) -> int:
        slots.append((who, stock_number))
        values.append(None)
        opened[who].append(len(slots) - 1)
        return len(slots) - 1

    def close(who: int, card: Card) -> None:
        fits = [slot for slot in opened[who] if pools[slots[slot][1]][card] > 0]
        if not fits:
            raise _NoHistory
        weights = [pools[slots[slot][1]][card] for slot in fits]
        slot = rng.choices(fits, weights)[0]
        opened[who].remove(slot)
        values[slot] = card
        pools[slots[slot][1]][card] -= 1

    def play(who: int, card: Card) -> None:
        if who == seat:
            return
        if card in known[who]:
            known[who].remove(card)
        else:
            close(who, card)

    for other in range(players):
        if other != seat:
            for _ in range(size):
                got(other, 0)
    for index in range(start + 1, end):
        event = events[index]
        kind = type(event)
        if kind is Took or kind is Pushed or kind is Bought:
            assert isinstance(event, (Took, Pushed, Bought))
            known[event.to if kind is Pushed else event.seat].append(event.card)  # type: ignore[union-attr]
        elif kind is StockReshuffled:
            assert isinstance(event, StockReshuffled)
            pools.append(Counter(event.cards))
            pools[-1].subtract(mine[len(pools) - 1])
            if final is not None and len(pools) == reshuffles + 1:
                pools[-1].subtract(stock)  # the last: what the stock holds at the end
                if min(pools[-1].values(), default=0) < 0:  # was never drawn
                    raise _NoHistory
        elif kind is Drew:
            assert isinstance(event, Drew)
            if event.seat != seat:  # (the seat's own draws are out of the pools already)
                drew_at[index] = got(event.seat, len(pools) - 1)
        elif kind is LaidDown or kind is Melded:
            assert isinstance(event, (LaidDown, Melded))
            for card in event.meld.cards:
                play(event.seat, card)
        elif kind is LaidOff or kind is Discarded:
            assert isinstance(event, (LaidOff, Discarded))
            play(event.seat, event.card)
        elif kind is Exchanged:
            assert isinstance(event, Exchanged)
            play(event.seat, event.card)
            known[event.seat].append(event.wild)
    held: list[list[Card]] = [[] for _ in range(players)]
    for who, cards in enumerate(holding):
        for card in cards:
            if who != seat:
                close(who, card)
                held[who].append(card)
    order = [slot for who in range(players) for slot in opened[who]]
    rng.shuffle(order)
    if final is None:  # sampled: each open card is a card left in its stock
        for slot in order:
            who, number = slots[slot]
            left = list(pools[number].elements())
            if not left:
                raise _NoHistory
            card = left[rng.randrange(len(left))]
            pools[number][card] -= 1
            values[slot] = card
            held[who].append(card)
        rest = list(pools[-1].elements())
        rng.shuffle(rest)
        stock = rest
    else:  # the hands at the end close the rest: the reshuffles' draws first
        wanted: list[Counter[Card]] = []
        for other in range(players):
            have = Counter(final[other]) if other != seat else Counter()
            have.subtract(known[other])
            wanted.append(+have)
        order.sort(key=lambda slot: -slots[slot][1])
        for slot in order:
            who, number = slots[slot]
            pool = pools[number]
            choices = [card for card, n in wanted[who].items() if n > 0 and pool[card] > 0]
            if not choices:
                raise _NoHistory
            weights = [wanted[who][card] * pool[card] for card in choices]
            card = rng.choices(choices, weights)[0]
            wanted[who][card] -= 1
            pool[card] -= 1
            values[slot] = card
            held[who].append(card)
    hidden: list[tuple[Card, ...] | None] = list(dealt.hands)
    for other in range(players):
        if other != seat:
            theirs = [values[slot] for slot, (who, _) in enumerate(slots) if who == other]
            hidden[other] = tuple(sorted(card for card in theirs[:size] if card is not None))
    for index, slot in drew_at.items():
        drew = events[index]
        assert isinstance(drew, Drew)
        events[index] = Drew(drew.seat, values[slot], drew.pushed)
    events[start] = attrs.evolve(dealt, hands=tuple(hidden))
    return held, list(stock)
