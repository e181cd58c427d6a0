"""State transitions: what each (already validated) move does to the state.

Private to the engine: :func:`pushrummy.engine.apply_move` validates first and
then calls the move kind's applier (``apply_take``, ``apply_lay_down`` …, named by
the move table, :data:`pushrummy.movetable.MOVE_KINDS`). Transitions build the new state with
``state.replace_unchecked`` (no re-validation) because they only ever get checked moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from .cards import Card
from .contracts import contract_left, step_order_key
from .dealing import deal
from .events import (
    DealEnd,
    DealEnded,
    DealStarted,
    Discarded,
    Exchanged,
    GameEnded,
    GameLog,
    LaidDown,
    LaidOff,
    Melded,
    Took,
)
from .melds import Meld, MeldKind, grown_meld
from .scoring import deal_penalties, settle_stakes, winners
from .state import (
    DealResult,
    GameState,
    Outcome,
    Phase,
    TableMeld,
    next_turn_unchecked,
    replace_unchecked,
)
from .variants import PushTo, ShortStockPush, Variant

__all__ = [
    "apply_discard",
    "apply_exchange",
    "apply_lay_down",
    "apply_lay_off",
    "apply_new_meld",
    "apply_next_deal",
    "apply_push",
    "apply_take",
    "start_deal",
]

_CODE = attrgetter("code")
"""Sort key of cards: their int code, the order Card's comparisons define."""


def start_deal(
    *,
    variant: Variant,
    seed: int,
    injected: tuple[tuple[Card, ...] | None, ...],
    players: int,
    deal_number: int,
    dealer: int,
    results: tuple[DealResult, ...],
    totals: tuple[int, ...],
    log: GameLog,
) -> GameState:
    """The state at the start of deal ``deal_number``, dealt, with the dealer's left
    neighbour to draw ([deal.first]). The arguments are those
    :func:`~pushrummy.engine.new_game` checked (for a later deal, the game's own);
    ``log`` gets the deal's :class:`~pushrummy.events.DealStarted`.

    Raises:
        SetupError: the deal leaves only wild cards to turn up ([deal.upcard]); or, as
            :func:`~pushrummy.dealing.deal`, a seed or deal number out of range.
        TypeError, VariantError: as :func:`~pushrummy.dealing.deal`, for arguments of the
            wrong type or a player count the variant does not allow.
    """
    dealt = deal(variant, players, seed, deal_number, dealer, injected[deal_number - 1])
    return GameState(
        variant=variant,
        seed=seed,
        injected=injected,
        players=players,
        deal_number=deal_number,
        dealer=dealer,
        phase=Phase.DRAW,
        current_player=(dealer + 1) % players,
        hands=dealt.hands,
        stock=dealt.stock,
        upcard=dealt.upcard,
        table=(),
        laid_down=(False,) * players,
        laid_down_this_turn=False,
        taken=None,
        known=((),) * players,
        turn=0,
        results=results,
        totals=totals,
        outcome=None,
        log=log.append(DealStarted(deal_number, dealer, dealt.upcard, dealt.buried, dealt.hands)),
    )


def apply_new_meld(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.NewMeld` ([meld.new])."""
    seat: int = move.seat
    log = state.log.append(Melded(seat, len(state.table), move.meld))
    return _apply_melds(state, seat, (move.meld,), log=log)


def _with_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    # Sorting by the int code (a C-level key) rather than through Card.__lt__.
    return tuple(sorted((*hand, *cards), key=_CODE))


def _without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card`` (which it holds: the move was validated)."""
    # list.index tries identity first, and cards are almost always the shared
    # ALL_CARDS objects, so this rarely reaches Card.__eq__.
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _without_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    remaining = list(hand)
    for card in cards:
        remaining.remove(card)
    return tuple(remaining)


def _forget(known: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """Played cards no longer count as publicly known to be in hand."""
    if not known:
        return known
    remaining = list(known)
    for card in cards:
        if card in remaining:
            remaining.remove(card)
    return tuple(remaining)


def _forget_one(known: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """:func:`_forget` for one card."""
    if card not in known:
        return known
    index = known.index(card)
    return known[:index] + known[index + 1 :]


def _forget_in(
    known: tuple[tuple[Card, ...], ...], seat: int, card: Card
) -> tuple[tuple[Card, ...], ...]:
    """``known`` with ``card`` forgotten from ``seat``'s known cards: ``known`` itself (the
    same tuple) when it was not known, as mostly (others know a few cards of a hand)."""
    mine = known[seat]
    less = _forget_one(mine, card)
    return known if less is mine else _set(known, seat, less)


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def apply_take(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.Take` ([draw.take])."""
    seat: int = move.seat
    upcard = state.upcard
    assert upcard is not None
    return replace_unchecked(
        state,
        phase=Phase.PLAY,
        hands=_set(state.hands, seat, _with_cards(state.hands[seat], (upcard,))),
        known=_set(state.known, seat, (*state.known[seat], upcard)),
        upcard=None,
        taken=upcard,
        log=state.log.append(Took(seat, upcard)),
    )


def apply_push(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.Push` ([draw.push])."""
    seat: int = move.seat
    upcard = state.upcard
    assert upcard is not None
    players = state.players
    step = 1 if state.variant.push_to is PushTo.NEXT else -1
    receiver = (seat + step) % players
    stock = state.stock
    if len(stock) < 2 and state.variant.short_stock_push is ShortStockPush.END_WITHOUT_TRANSFER:
        return _end_deal(state, DealEnd.EXHAUSTED, None)
    hands = _set(state.hands, receiver, _with_cards(state.hands[receiver], (*stock[:1], upcard)))
    known = _set(state.known, receiver, (*state.known[receiver], upcard))
    if len(stock) < 2:
        # The last stock card (if any) and the upcard went to the receiver;
        # the pusher cannot draw, so the deal ends at once ([draw.exhausted]).
        log = state.log.push(seat, receiver, upcard, stock[0] if stock else None, None)
        return _end_deal(
            state, DealEnd.EXHAUSTED, None, hands=hands, known=known, stock=(), upcard=None, log=log
        )
    hands = _set(hands, seat, _with_cards(hands[seat], (stock[1],)))
    return replace_unchecked(
        state,
        phase=Phase.PLAY,
        hands=hands,
        known=known,
        stock=stock[2:],
        upcard=None,
        taken=None,
        log=state.log.push(seat, receiver, upcard, stock[0], stock[1]),
    )


def apply_lay_down(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.LayDown`: all or part of the
    contract ([contract.steps]). The melds go to the table; the
    seat has laid down once nothing of the contract is left, and until then it is
    ``Phase.LAYING_DOWN``."""
    seat: int = move.seat
    melds: Sequence[Meld] = move.melds
    placed = [t.meld for t in state.lay_down_so_far]
    left = contract_left(state.contract, (*placed, *melds), state.variant)
    if len(melds) > 1:  # to the table in step order, as the steps would place them
        melds = sorted(melds, key=step_order_key)
    log = state.log
    first_id, last = len(state.table), len(melds) - 1
    for i, meld in enumerate(melds):  # one event per meld: the events of the steps
        log = log.append(LaidDown(seat, first_id + i, meld, i == last and not left))
    if left:
        return _apply_melds(state, seat, melds, phase=Phase.LAYING_DOWN, log=log)
    return _apply_melds(
        state,
        seat,
        melds,
        log=log,
        phase=Phase.PLAY,
        laid_down=_set(state.laid_down, seat, True),
        laid_down_this_turn=True,
    )


def _apply_melds(state: GameState, seat: int, melds: Sequence[Meld], **extra: Any) -> GameState:
    cards = [c for m in melds for c in m.cards]
    hand = _without_cards(state.hands[seat], cards)
    first_id = len(state.table)
    table = state.table + tuple(
        TableMeld(id=first_id + i, owner=seat, meld=m) for i, m in enumerate(melds)
    )
    changes: dict[str, Any] = {
        "hands": _set(state.hands, seat, hand),
        "known": _set(state.known, seat, _forget(state.known[seat], cards)),
        "table": table,
        **extra,
    }
    if not hand:
        return _end_deal(state, DealEnd.OUT, seat, **changes)
    return replace_unchecked(state, **changes)


def apply_lay_off(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.LayOff` ([layoff.card])."""
    seat = move.seat
    target = state.table[move.meld_id]
    grown = grown_meld(target.meld, move.card, move.end)  # validation proved it fits
    hand = _without_card(state.hands[seat], move.card)
    hands = _set(state.hands, seat, hand)
    known = _forget_in(state.known, seat, move.card)
    table = _set(state.table, move.meld_id, TableMeld(target.id, target.owner, grown))
    log = state.log.append(LaidOff(seat, move.card, target.id, target.owner, grown))
    if not hand:
        return _end_deal(state, DealEnd.OUT, seat, hands=hands, known=known, table=table, log=log)
    return replace_unchecked(state, hands=hands, known=known, table=table, log=log)


def apply_exchange(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.ExchangeWild` ([layoff.exchange])."""
    seat = move.seat
    target = state.table[move.meld_id]
    meld = target.meld
    assert meld.start is not None
    index = move.position - meld.start
    wild = meld.cards[index]
    cards = _set(meld.cards, index, move.card)
    swapped = Meld(MeldKind.RUN, cards, suit=meld.suit, start=meld.start)
    hand = _with_cards(_without_card(state.hands[seat], move.card), (wild,))
    known = (*_forget_one(state.known[seat], move.card), wild)  # the wild came off the table
    return replace_unchecked(
        state,
        hands=_set(state.hands, seat, hand),
        known=_set(state.known, seat, known),
        table=_set(state.table, move.meld_id, TableMeld(target.id, target.owner, swapped)),
        log=state.log.append(Exchanged(seat, move.card, target.id, target.owner, wild, swapped)),
    )


def apply_discard(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.Discard` ([discard.end])."""
    seat: int = move.seat
    card: Card = move.card
    hand = _without_card(state.hands[seat], card)
    hands = _set(state.hands, seat, hand)
    known = _forget_in(state.known, seat, card)
    log = state.log.append(Discarded(seat, card))
    if not hand:
        return _end_deal(state, DealEnd.OUT, seat, hands=hands, known=known, upcard=card, log=log)
    turn = state.turn + 1
    limit = state.variant.max_turns_per_deal
    if limit is not None and turn >= limit:
        return _end_deal(
            state,
            DealEnd.TURN_LIMIT,
            None,
            hands=hands,
            known=known,
            upcard=card,
            turn=turn,
            log=log,
        )
    return next_turn_unchecked(state, hands, known, card, (seat + 1) % state.players, turn, log)


def _end_deal(
    state: GameState, ended_by: DealEnd, went_out: int | None, **changes: Any
) -> GameState:
    """The state after the deal ends; ``changes`` are the ending move's own field changes
    (applied first), so a move that ends the deal still makes one copy of the state."""
    variant = state.variant
    hands = changes.get("hands", state.hands)
    penalties = deal_penalties(hands, variant, went_out)
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    result = DealResult(
        deal_number=state.deal_number,
        dealer=state.dealer,
        ended_by=ended_by,
        went_out=went_out,
        hands=hands,
        penalties=penalties,
    )
    results = (*state.results, result)
    last = state.deal_number == len(variant.deals)
    outcome = _outcome(state, results, totals) if last else None
    log = changes.get("log", state.log).append(
        DealEnded(state.deal_number, ended_by, went_out, penalties)
    )
    if outcome is not None:
        log = log.append(GameEnded(outcome.totals, outcome.winners, outcome.stakes))
    # The deal's end overrides what the move set (a lay-down that goes out
    # leaves laid_down_this_turn False, as after any turn).
    changes.update(
        phase=Phase.GAME_OVER if last else Phase.BETWEEN_DEALS,
        current_player=None,
        taken=None,
        laid_down_this_turn=False,
        results=results,
        totals=totals,
        outcome=outcome,
        log=log,
    )
    return replace_unchecked(state, **changes)


def _outcome(state: GameState, results: tuple[DealResult, ...], totals: tuple[int, ...]) -> Outcome:
    best = winners(totals)
    stakes = None
    if state.variant.stakes is not None:
        stakes = settle_stakes(
            state.variant.stakes,
            state.players,
            [r.went_out for r in results],
            best,
            state.dealer,
        )
    return Outcome(totals=totals, winners=best, stakes=stakes)


def apply_next_deal(state: GameState, move: Any) -> GameState:
    """The state after :class:`~pushrummy.moves.NextDeal`: the next deal, dealt ([deal.count]).

    Raises:
        SetupError: the next deal leaves only wild cards to turn up ([deal.upcard];
            possible only in a variant that deals nearly the whole deck, or with an
            injected deck order).
    """
    return start_deal(
        variant=state.variant,
        seed=state.seed,
        injected=state.injected,
        players=state.players,
        deal_number=state.deal_number + 1,
        dealer=(state.dealer + 1) % state.players,
        results=state.results,
        totals=state.totals,
        log=state.log,
    )
