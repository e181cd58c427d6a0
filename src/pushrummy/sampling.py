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
from .contracts import can_complete_contract, contract_left
from .errors import SetupError
from .events import (
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
    the upcard and the cards publicly known to be in other hands (between deals, the
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
            another seat is laying down and no deal in 10,000 tries lets it finish.
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
    laying = view.current_player if view.phase in LAYING_PHASES else None
    need = 0  # the wild cards the laying seat's unknown cards must hold ([contract.wilds])
    if laying is not None and laying != seat and view.shape is not None:
        need = view.shape.wild_places - sum(card.is_wild for card in public[laying])
    for _ in range(_TRIES):
        if need > 0:
            assert laying is not None
            pool = _with_wilds(pool, sum(slots[:laying]), slots[laying], need, rng)
        else:
            rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        at = 0
        for s in range(players):
            hands.append(tuple(sorted((*public[s], *pool[at : at + slots[s]]))))
            at += slots[s]
        if laying is None or laying == seat or _can_finish(view, hands[laying]):
            break
    else:
        raise SetupError(
            f"no deal of the unseen cards in {_TRIES} tries lets seat {laying} complete "
            f"its lay-down of {view.contract} [contract.steps]"
        )
    stock = (*pool[at:], *bottom)
    events = _history(view, hands, rng)
    return GameState(
        **{name: getattr(view, name) for name in COPIED_FIELDS},
        seed=rng.getrandbits(64),
        injected=(None,) * len(view.variant.deals),
        hands=tuple(hands),
        stock=stock,
        log=GameLog(players, events),
    )


def _with_wilds(
    pool: list[Card], start: int, count: int, need: int, rng: random.Random
) -> list[Card]:
    """``pool`` in a uniformly random order given that its ``count`` cards from ``start`` on
    (a seat's unknown cards) hold at least ``need`` wild cards: the number of wilds there is
    drawn from its hypergeometric law cut below ``need``, then which wilds and which naturals,
    and the order of the rest, uniformly. Exact: a deal that fails the cut has probability 0
    given it, and every other keeps its probability relative to the rest.

    A seat filling a shape holds the wild cards that fill it ([contract.wilds]); drawing its
    hand uniformly and rejecting the hands without them needs thousands of tries when the
    wilds are few among the unseen cards (a shape of six wild places)."""
    wilds = [card for card in pool if card.is_wild]
    naturals = [card for card in pool if not card.is_wild]
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

_TRIES = 10_000
"""How many deals of the unseen cards :func:`sample_state` tries while another seat is
laying down its contract (a sample must let it complete the lay-down)."""


def _can_finish(view: PlayerView, hand: tuple[Card, ...]) -> bool:
    """Whether the seat laying down could complete its contract from ``hand`` (through a
    filling of the shape it announced, in ``Phase.FILLING_WILDS``)."""
    placed = [entry.meld for entry in view.lay_down_so_far]
    keep = view.variant.must_discard_to_go_out
    shape = view.shape
    if shape is None:
        return can_complete_contract(
            hand, view.contract, view.variant, placed=placed, keep_card=keep
        )
    for fill in fillings(hand, shape):
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
    if view.variant.bury_position is not BuryPosition.BOTTOM:
        return []
    start = next((e for e in reversed(view.events) if type(e) is DealStarted), None)
    if start is None or not isinstance(start, DealStarted):
        return []
    keep = min(view.stock_size, len(start.buried))
    return list(start.buried[len(start.buried) - keep :])


def _history(
    view: PlayerView, hands: Sequence[tuple[Card, ...]], rng: random.Random
) -> list[Event]:
    """The view's events with every hidden card filled in (see the module's notes)."""
    events: list[Event] = list(view.events)
    starts = [i for i, event in enumerate(events) if type(event) in (DealStarted, StartingPosition)]
    first = events[0] if events else None
    before = first.deal_number - 1 if isinstance(first, StartingPosition) else 0  # played elsewhere
    for number, start in enumerate(starts, start=before):
        end = starts[number - before + 1] if number - before + 1 < len(starts) else len(events)
        final = view.results[number].hands if number < len(view.results) else tuple(hands)
        _fill_deal(events, start, end, final, view.seat, view.players, rng)
    return events


def _fill_deal(
    events: list[Event],
    start: int,
    end: int,
    final: Sequence[Sequence[Card]],
    seat: int,
    players: int,
    rng: random.Random,
) -> None:
    """Fill in the hidden cards of the deal whose events are ``events[start:end]``, given
    every seat's hand at its end (or now), in place. A deal that began from a set-up
    position (:class:`~pushrummy.events.StartingPosition`) starts with each seat's size and
    publicly known cards as it gives them."""
    dealt = events[start]
    assert isinstance(dealt, (DealStarted, StartingPosition))
    own = dealt.hands[seat]
    sizes = dealt.sizes if isinstance(dealt, StartingPosition) else (len(own or ()),) * players
    at_start = dealt.known if isinstance(dealt, StartingPosition) else ((),) * players
    known: list[list[Card]] = [list(cards) for cards in at_start]
    draws: list[list[int]] = [[] for _ in range(players)]
    plays: list[list[tuple[int, Card]]] = [[] for _ in range(players)]

    def play(who: int, card: Card, index: int) -> None:
        # As the engine forgets a played card: a known copy first ([draw.visibility]).
        if card in known[who]:
            known[who].remove(card)
        else:
            plays[who].append((index, card))

    for index in range(start + 1, end):
        event = events[index]
        kind = type(event)
        if kind is Took:
            assert isinstance(event, Took)
            known[event.seat].append(event.card)
        elif kind is Pushed:
            assert isinstance(event, Pushed)
            known[event.to].append(event.card)
        elif kind is Drew:
            assert isinstance(event, Drew)
            draws[event.seat].append(index)
        elif kind is LaidDown or kind is Melded:
            assert isinstance(event, (LaidDown, Melded))
            for card in event.meld.cards:
                play(event.seat, card, index)
        elif kind is LaidOff or kind is Discarded:
            assert isinstance(event, (LaidOff, Discarded))
            play(event.seat, event.card, index)
        elif kind is Exchanged:
            assert isinstance(event, Exchanged)
            play(event.seat, event.card, index)
            known[event.seat].append(event.wild)
    hidden_hands: list[tuple[Card, ...] | None] = list(dealt.hands)
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
        times = [start] * size + draws[other]
        if len(times) != len(plays[other]) + len(rest):
            raise SetupError(
                f"deal {dealt.deal_number}: seat {other}'s cards do not add up "
                f"({len(times)} dealt or drawn, {len(plays[other]) + len(rest)} played or held)"
            )
        cards: list[Card | None] = [None] * len(times)
        free = list(range(len(times)))
        for when, card in plays[other]:
            earlier = [i for i in free if times[i] < when]
            if not earlier:
                raise SetupError(
                    f"deal {dealt.deal_number}: seat {other} played {card} before it "
                    "could have held it"
                )
            slot = earlier[rng.randrange(len(earlier))]
            free.remove(slot)
            cards[slot] = card
        rng.shuffle(rest)
        for slot, card in zip(free, rest, strict=True):
            cards[slot] = card
        hidden_hands[other] = tuple(
            sorted([*at_start[other], *(c for c in cards[:size] if c is not None)])
        )
        for slot, index in enumerate(draws[other], start=size):
            drew = events[index]
            assert isinstance(drew, Drew)
            events[index] = Drew(drew.seat, cards[slot], drew.pushed)
    events[start] = attrs.evolve(dealt, hands=tuple(hidden_hands))
