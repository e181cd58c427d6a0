"""The engine: start a game, list the legal moves, check and apply a move.

Every function here is pure: it reads a :class:`~pushrummy.state.GameState`
and returns values or a new state; the state passed in never changes.
:func:`apply_move` always validates (DESIGN.md §1.1): an illegal move raises a
specific :class:`~pushrummy.errors.IllegalMoveError` that names the rule.

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> state.phase, state.current_player == (state.dealer + 1) % 4
(<Phase.DRAW: 'draw'>, True)
>>> pr.legal_moves(state) == (pr.Take(state.current_player), pr.Push(state.current_player))
True
>>> after = pr.apply_move(state, pr.Take(state.current_player))
>>> after.phase, len(after.hands[after.current_player]) - len(state.hands[state.current_player])
(<Phase.PLAY: 'play'>, 1)
>>> pr.apply_move(after, pr.Take(after.current_player))
Traceback (most recent call last):
...
pushrummy.errors.WrongPhaseError: seat 2 has already drawn this turn; now meld, lay off or discard [draw.choice]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import permutations
from typing import Any

from .cards import Card
from .contract_spec import Contract
from .contracts import can_meet_contract, contract_options
from .dealing import check_deck_order, deal, first_dealer
from .errors import (
    CardNotInHandError,
    ContractNotMetError,
    GameOverError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    NotYourTurnError,
    SetupError,
    WrongPhaseError,
)
from .melds import End, Meld, MeldKind, lay_off, layoff_ends, meld_rule_violation, position_rank
from .moves import (
    Discard,
    ExchangeWild,
    LayDown,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    Push,
    Take,
)
from .scoring import deal_penalties, settle_stakes, winners
from .state import DealEnd, DealResult, GameState, Outcome, Phase, TableMeld, _replace
from .variants import PUSH, LayoffTargets, PushTo, ShortStockPush, Variant, WildExchange

__all__ = ["apply_move", "check_move", "is_legal", "legal_moves", "new_game"]

_SET_OF_3 = Contract.parse("1 set of 3")
_RUN_OF_3 = Contract.parse("1 run of 3")


# -- starting a game -----------------------------------------------------------


def new_game(
    variant: Variant = PUSH,
    *,
    seed: int,
    players: int | None = None,
    dealer: int | None = None,
    deals: Sequence[Sequence[Card] | None] | None = None,
) -> GameState:
    """A new game, with the first deal dealt and the dealer's left neighbour to move.

    Args:
        variant: the rules (``PUSH``, ``CAP_IT`` or a house-rule variant).
        seed: every random event of the game derives from it ([deal.random]).
        players: the number of players (default: the variant's smallest count).
        dealer: the first dealer's seat (default: chosen at random from the seed).
        deals: exact deck orders for some deals, in deal order (``None`` entries
            and missing entries are shuffled from the seed). Each order is the
            whole deck, first card dealt first.

    >>> state = new_game(seed=1)
    >>> [len(hand) for hand in state.hands], len(state.stock), state.upcard.is_wild
    ([6, 6, 6, 6], 83, False)
    """
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if players is None:
        players = variant.player_counts[0]
    if not isinstance(players, int) or isinstance(players, bool):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    variant.packs(players)  # raises VariantError for a player count the variant does not allow
    if dealer is None:
        dealer = first_dealer(seed, players)
    elif not isinstance(dealer, int) or isinstance(dealer, bool):
        raise TypeError(f"dealer must be an int, not {type(dealer).__name__}")
    elif not 0 <= dealer < players:
        raise SetupError(f"dealer must be a seat 0..{players - 1}, not {dealer}")
    injected = _injected_orders(deals, variant, players)
    return _start_deal(
        variant=variant,
        seed=seed,
        injected=injected,
        players=players,
        deal_number=1,
        dealer=dealer,
        results=(),
        totals=(0,) * variant.side_count(players),
    )


def _injected_orders(
    deals: Sequence[Sequence[Card] | None] | None, variant: Variant, players: int
) -> tuple[tuple[Card, ...] | None, ...]:
    count = len(variant.deals)
    if deals is None:
        return (None,) * count
    if isinstance(deals, str) or not isinstance(deals, Sequence):
        raise TypeError(f"deals must be a sequence of deck orders, not {type(deals).__name__}")
    if len(deals) > count:
        raise SetupError(f"{len(deals)} deck orders given for a game of {count} deals")
    orders: list[tuple[Card, ...] | None] = []
    for number, order in enumerate(deals, start=1):
        if order is None:
            orders.append(None)
            continue
        check_deck_order(order, variant, players, f"deals[{number - 1}]")
        orders.append(tuple(order))
    orders.extend([None] * (count - len(orders)))
    return tuple(orders)


def _start_deal(
    *,
    variant: Variant,
    seed: int,
    injected: tuple[tuple[Card, ...] | None, ...],
    players: int,
    deal_number: int,
    dealer: int,
    results: tuple[DealResult, ...],
    totals: tuple[int, ...],
) -> GameState:
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
    )


# -- legal moves ---------------------------------------------------------------


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move, complete and without duplicates, in canonical order.

    The order: ``Take`` then ``Push``; in play, every ``LayDown`` (in the
    order of :func:`~pushrummy.contracts.contract_options`), then ``LayOff``
    (by meld id, card, end), ``NewMeld`` (by meld order), ``ExchangeWild``
    (by meld id, position), and ``Discard`` (by card). Between deals the only
    move is :class:`~pushrummy.moves.NextDeal`; after the game there is none.
    """
    phase = state.phase
    if phase is Phase.DRAW:
        seat = state.current_player
        assert seat is not None
        if _push_allowed(state):
            return (Take(seat), Push(seat))
        return (Take(seat),)
    if phase is Phase.PLAY:
        return _play_moves(state)
    if phase is Phase.BETWEEN_DEALS:
        return (NextDeal(),)
    return ()


def is_legal(state: GameState, move: Move) -> bool:
    """True when :func:`apply_move` would accept ``move``."""
    try:
        check_move(state, move)
    except (IllegalMoveError, InvalidMoveError):
        return False
    return True


def _push_allowed(state: GameState) -> bool:
    return not (state.variant.short_stock_push is ShortStockPush.FORBIDDEN and len(state.stock) < 2)


def _may_meld_after_contract(state: GameState) -> bool:
    seat = state.current_player
    assert seat is not None
    if not state.laid_down[seat]:
        return False
    return state.variant.same_turn_after_contract or not state.laid_down_this_turn


def _play_moves(state: GameState) -> tuple[Move, ...]:
    seat = state.current_player
    assert seat is not None
    variant = state.variant
    hand = state.hands[seat]
    keep_one = variant.must_discard_to_go_out
    moves: list[Move] = []
    if not state.laid_down[seat]:
        contract = state.contract
        if can_meet_contract(hand, contract, variant):
            for way in contract_options(hand, contract, variant):
                if keep_one and sum(len(m.cards) for m in way) == len(hand):
                    continue
                moves.append(LayDown(seat, way))
    elif _may_meld_after_contract(state):
        distinct = sorted(set(hand))
        if not (keep_one and len(hand) == 1):
            for target in state.table:
                if not _may_target(state, seat, target):
                    continue
                for card in distinct:
                    if _could_extend(target.meld, card):
                        for end in layoff_ends(target.meld, card, variant):
                            moves.append(LayOff(seat, card, target.id, end))
        if variant.new_melds_after_contract:
            for meld in _new_melds(hand, variant):
                if keep_one and len(meld.cards) == len(hand):
                    continue
                moves.append(NewMeld(seat, meld))
    if state.laid_down[seat] and variant.wild_exchange is not WildExchange.NONE:
        moves.extend(_exchanges(state, seat))
    moves.extend(Discard(seat, card) for card in _discardable(state, seat))
    return tuple(moves)


def _could_extend(meld: Meld, card: Card) -> bool:
    """A cheap filter before the full lay-off check (the hot path of move generation)."""
    if card.is_wild:
        return True
    if meld.kind is MeldKind.SET:
        return card.rank is meld.rank
    return card.suit is meld.suit


def _new_melds(hand: tuple[Card, ...], variant: Variant) -> list[Meld]:
    rules = _MeldOnly(variant)
    melds = [way[0] for way in contract_options(hand, _SET_OF_3, rules)]
    melds.extend(way[0] for way in contract_options(hand, _RUN_OF_3, rules))
    return melds


class _MeldOnly:
    """A variant's meld options with exact contract sizes off: new melds have 3 or more cards."""

    __slots__ = ("max_run_length", "min_naturals_per_meld", "wild_limit")
    contract_exact_sizes = False

    def __init__(self, variant: Variant) -> None:
        self.min_naturals_per_meld = variant.min_naturals_per_meld
        self.wild_limit = variant.wild_limit
        self.max_run_length = variant.max_run_length


def _exchanges(state: GameState, seat: int) -> list[Move]:
    hand = set(state.hands[seat])
    jokers_only = state.variant.wild_exchange is WildExchange.JOKERS_IN_RUNS
    moves: list[Move] = []
    for target in state.table:
        meld = target.meld
        if meld.kind is not MeldKind.RUN:
            continue
        assert meld.start is not None
        for index, wild in enumerate(meld.cards):
            if not wild.is_wild or (jokers_only and not wild.is_joker):
                continue
            natural = _natural_for(meld, index)
            if natural is not None and natural in hand:
                moves.append(ExchangeWild(seat, target.id, meld.start + index, natural))
    return moves


def _natural_for(meld: Meld, index: int) -> Card | None:
    """The natural card run position ``start + index`` stands for (none for a two's place)."""
    assert meld.start is not None and meld.suit is not None
    card = Card(position_rank(meld.start + index), meld.suit)
    return None if card.is_wild else card


def _discardable(state: GameState, seat: int) -> list[Card]:
    """The distinct cards ``seat`` may discard now ([discard.taken], [discard.wild]).

    Each restriction is lifted when every card in hand falls under it, and if
    the two together would leave nothing to discard, any card may go: a turn
    must always be able to end (RULES.md is silent on that corner; see the
    errors page).
    """
    hand = state.hands[seat]
    variant = state.variant
    distinct = sorted(set(hand))
    allowed = distinct
    taken = state.taken
    if (
        taken is not None
        and not variant.may_rediscard_taken
        and any(card != taken for card in hand)
    ):
        allowed = [card for card in allowed if card != taken]
    if not variant.may_discard_wild and any(not card.is_wild for card in hand):
        allowed = [card for card in allowed if not card.is_wild]
    return allowed or distinct


def _may_target(state: GameState, seat: int, target: TableMeld) -> bool:
    targets = state.variant.layoff_targets
    if targets is LayoffTargets.ANY:
        return True
    if targets is LayoffTargets.OWN:
        return target.owner == seat
    return state.variant.side_of(target.owner) == state.variant.side_of(seat)


# -- checking a move -----------------------------------------------------------


def check_move(state: GameState, move: Move) -> None:
    """Raise the specific error that says why ``move`` is illegal; return if it is legal.

    Malformed moves raise :class:`~pushrummy.errors.InvalidMoveError`; moves
    that are well formed but break a rule raise a subclass of
    :class:`~pushrummy.errors.IllegalMoveError` carrying the rule id, the
    seat and the phase.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    _check_shape(move)
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise _illegal(GameOverError, state, move, "game.end", "the game is over")
    if isinstance(move, NextDeal):
        if phase is not Phase.BETWEEN_DEALS:
            raise _illegal(
                WrongPhaseError,
                state,
                move,
                "deal.count",
                "the next deal is dealt only after a deal has ended",
            )
        return
    seat = move.seat
    if phase is Phase.BETWEEN_DEALS:
        raise _illegal(
            WrongPhaseError,
            state,
            move,
            "deal.count",
            f"deal {state.deal_number} is over; the next move is dealing the next deal",
        )
    if seat != state.current_player:
        raise _illegal(
            NotYourTurnError,
            state,
            move,
            "deal.first",
            f"it is seat {state.current_player}'s turn, not seat {seat}'s",
        )
    if isinstance(move, (Take, Push)):
        if phase is not Phase.DRAW:
            raise _illegal(
                WrongPhaseError,
                state,
                move,
                "draw.choice",
                f"seat {seat} has already drawn this turn; now meld, lay off or discard",
            )
        if isinstance(move, Push) and not _push_allowed(state):
            raise _illegal(
                IllegalMoveError,
                state,
                move,
                "draw.exhausted",
                f"seat {seat} cannot push with {len(state.stock)} stock card(s) left "
                "(short_stock_push=forbidden): take the upcard",
            )
        return
    if phase is not Phase.PLAY:
        raise _illegal(
            WrongPhaseError,
            state,
            move,
            "draw.choice",
            f"seat {seat} must first take the upcard or push",
        )
    checker = _PLAY_CHECKS[type(move)]
    checker(state, move)


def _illegal(
    cls: type[IllegalMoveError], state: GameState, move: Move, rule: str, message: str
) -> IllegalMoveError:
    """An error of type ``cls`` carrying the rule, the move, its seat and the phase."""
    return cls(message, rule=rule, move=move, seat=_seat(move), phase=state.phase)


def _seat(move: Move) -> int | None:
    return None if isinstance(move, NextDeal) else move.seat


def _check_shape(move: object) -> None:
    """Reject malformed moves (wrong field types) with InvalidMoveError."""
    if not isinstance(
        move, (Take, Push, LayDown, LayOff, NewMeld, ExchangeWild, Discard, NextDeal)
    ):
        raise TypeError(f"not a move: {move!r}")
    if isinstance(move, NextDeal):
        return
    if not isinstance(move.seat, int) or isinstance(move.seat, bool):
        raise InvalidMoveError(f"{type(move).__name__}.seat must be an int, not {move.seat!r}")
    if isinstance(move, (LayOff, ExchangeWild, Discard)) and not isinstance(move.card, Card):
        raise InvalidMoveError(f"{type(move).__name__}.card must be a Card, not {move.card!r}")
    if isinstance(move, LayDown) and not all(isinstance(m, Meld) for m in move.melds):
        raise InvalidMoveError("LayDown.melds must all be Meld values")
    if isinstance(move, NewMeld) and not isinstance(move.meld, Meld):
        raise InvalidMoveError(f"NewMeld.meld must be a Meld, not {move.meld!r}")
    if isinstance(move, (LayOff, ExchangeWild)) and (
        not isinstance(move.meld_id, int) or isinstance(move.meld_id, bool)
    ):
        raise InvalidMoveError(f"meld_id must be an int, not {move.meld_id!r}")
    if isinstance(move, LayOff) and move.end is not None and not isinstance(move.end, End):
        raise InvalidMoveError(f"LayOff.end must be an End or None, not {move.end!r}")
    if isinstance(move, ExchangeWild) and (
        not isinstance(move.position, int) or isinstance(move.position, bool)
    ):
        raise InvalidMoveError(f"ExchangeWild.position must be an int, not {move.position!r}")


def _require_cards(state: GameState, move: Move, seat: int, cards: Sequence[Card]) -> None:
    have = Counter(state.hands[seat])
    need = Counter(cards)
    short = need - have
    if short:
        missing = " ".join(str(c) for c in sorted(short.elements()))
        raise _illegal(
            CardNotInHandError,
            state,
            move,
            "setup.deck",
            f"seat {seat} does not hold {missing}",
        )


def _require_not_emptying(state: GameState, move: Move, seat: int, used: int) -> None:
    if state.variant.must_discard_to_go_out and used >= len(state.hands[seat]):
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "out.empty",
            f"seat {seat} must keep a card to discard (must_discard_to_go_out)",
        )


def _contract_words(state: GameState) -> str:
    return f"the deal-{state.deal_number} contract ({state.contract})"


def _require_after_contract(state: GameState, move: Move, seat: int, verb: str) -> None:
    if not state.laid_down[seat]:
        raise _illegal(
            ContractNotMetError,
            state,
            move,
            "layoff.when",
            f"seat {seat} cannot {verb} before laying down {_contract_words(state)}",
        )
    if state.laid_down_this_turn and not state.variant.same_turn_after_contract:
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.when",
            f"seat {seat} laid down this turn and may {verb} only from the next turn on "
            "(same_turn_after_contract=False)",
        )


def _check_meld_rules(state: GameState, move: Move, seat: int, meld: Meld) -> None:
    problem = meld_rule_violation(meld, state.variant)
    if problem is not None:
        rule = "meld.run" if "max_run_length" in problem else "meld.wild"
        raise _illegal(
            InvalidMeldError,
            state,
            move,
            rule,
            f"seat {seat} cannot meld {meld.notation()}: {problem}",
        )


def _check_lay_down(state: GameState, move: Any) -> None:
    seat: int = move.seat
    if state.laid_down[seat]:
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "contract.laydown",
            f"seat {seat} has already laid down the contract this deal",
        )
    melds: tuple[Meld, ...] = move.melds
    for meld in melds:
        _check_meld_rules(state, move, seat, meld)
    _require_cards(state, move, seat, [c for m in melds for c in m.cards])
    problem = _contract_mismatch(melds, state.contract, state.variant.contract_exact_sizes)
    if problem is not None:
        raise _illegal(
            ContractNotMetError,
            state,
            move,
            "contract.laydown",
            f"seat {seat}'s lay-down does not fulfil {_contract_words(state)}: {problem}",
        )
    _require_not_emptying(state, move, seat, sum(len(m.cards) for m in melds))


def _contract_mismatch(melds: Sequence[Meld], contract: Contract, exact: bool) -> str | None:
    components = contract.components
    if len(melds) != len(components):
        return f"it has {len(melds)} meld(s), the contract {len(components)}"
    for order in permutations(melds):
        if all(
            meld.kind is kind and (len(meld.cards) == size if exact else len(meld.cards) >= size)
            for meld, (kind, size) in zip(order, components, strict=True)
        ):
            return None
    sizes = "exactly" if exact else "at least"
    return (
        f"the melds cannot be matched to its parts (each part needs its kind and {sizes} its size)"
    )


def _check_lay_off(state: GameState, move: Any) -> None:
    seat: int = move.seat
    _require_after_contract(state, move, seat, "lay off")
    target = _table_meld(state, move, seat, move.meld_id)
    if not _may_target(state, seat, target):
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.card",
            f"seat {seat} may not lay off on meld {target.id} of seat {target.owner} "
            f"(layoff_targets={state.variant.layoff_targets.value})",
        )
    _require_cards(state, move, seat, [move.card])
    try:
        lay_off(target.meld, move.card, move.end, state.variant)
    except InvalidMeldError as exc:
        raise _illegal(
            InvalidMeldError, state, move, exc.rule, f"seat {seat}: {exc.message}"
        ) from None
    _require_not_emptying(state, move, seat, 1)


def _table_meld(state: GameState, move: Move, seat: int, meld_id: int) -> TableMeld:
    if not 0 <= meld_id < len(state.table):
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.card",
            f"there is no meld {meld_id} on the table ({len(state.table)} meld(s))",
        )
    return state.table[meld_id]


def _check_new_meld(state: GameState, move: Any) -> None:
    seat: int = move.seat
    _require_after_contract(state, move, seat, "meld")
    if not state.variant.new_melds_after_contract:
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "meld.new",
            f"seat {seat} may not meld new melds after the contract "
            "(new_melds_after_contract=False)",
        )
    _check_meld_rules(state, move, seat, move.meld)
    _require_cards(state, move, seat, move.meld.cards)
    _require_not_emptying(state, move, seat, len(move.meld.cards))


def _check_exchange(state: GameState, move: Any) -> None:
    seat: int = move.seat
    option = state.variant.wild_exchange
    if option is WildExchange.NONE:
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.exchange",
            "wilds on the table can never be taken back (wild_exchange=none)",
        )
    if not state.laid_down[seat]:
        raise _illegal(
            ContractNotMetError,
            state,
            move,
            "layoff.exchange",
            f"seat {seat} cannot exchange a wild before laying down {_contract_words(state)}",
        )
    target = _table_meld(state, move, seat, move.meld_id)
    meld = target.meld
    problem = None
    if meld.kind is not MeldKind.RUN:
        problem = "only a wild in a run can be exchanged"
    else:
        assert meld.start is not None and meld.end is not None
        index = move.position - meld.start
        if not 0 <= index < len(meld.cards):
            problem = f"the run spans positions {meld.start}..{meld.end}, not {move.position}"
        elif not meld.cards[index].is_wild:
            problem = f"position {move.position} holds the natural {meld.cards[index]}"
        elif option is WildExchange.JOKERS_IN_RUNS and not meld.cards[index].is_joker:
            problem = "only jokers can be exchanged (wild_exchange=jokers_in_runs)"
        elif _natural_for(meld, index) != move.card:
            wanted = _natural_for(meld, index)
            problem = (
                f"the wild stands for {wanted}, not {move.card}"
                if wanted is not None
                else "the wild stands for a two, which has no natural card"
            )
    if problem is not None:
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.exchange",
            f"seat {seat} cannot exchange on meld {target.id}: {problem}",
        )
    _require_cards(state, move, seat, [move.card])


def _check_discard(state: GameState, move: Any) -> None:
    seat: int = move.seat
    card: Card = move.card
    _require_cards(state, move, seat, [card])
    if card not in _discardable(state, seat):
        if card == state.taken:
            rule, why = "discard.taken", f"{card} was taken from the upcard this turn"
        else:
            rule, why = "discard.wild", "wild cards may not be discarded (may_discard_wild=False)"
        raise _illegal(
            IllegalMoveError, state, move, rule, f"seat {seat} cannot discard {card}: {why}"
        )


_PLAY_CHECKS: dict[type, Any] = {
    LayDown: _check_lay_down,
    LayOff: _check_lay_off,
    NewMeld: _check_new_meld,
    ExchangeWild: _check_exchange,
    Discard: _check_discard,
}


# -- applying a move -----------------------------------------------------------


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``. Always validates; ``state`` is never changed.

    Raises the error :func:`check_move` raises for an illegal move.
    """
    check_move(state, move)
    return _apply(state, move)


def _apply(state: GameState, move: Move) -> GameState:
    if isinstance(move, Take):
        return _apply_take(state, move.seat)
    if isinstance(move, Push):
        return _apply_push(state, move.seat)
    if isinstance(move, Discard):
        return _apply_discard(state, move.seat, move.card)
    if isinstance(move, LayDown):
        return _apply_melds(state, move.seat, move.melds, lay_down=True)
    if isinstance(move, NewMeld):
        return _apply_melds(state, move.seat, (move.meld,), lay_down=False)
    if isinstance(move, LayOff):
        return _apply_lay_off(state, move)
    if isinstance(move, ExchangeWild):
        return _apply_exchange(state, move)
    return _apply_next_deal(state)


def _with_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *cards)))


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


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _apply_take(state: GameState, seat: int) -> GameState:
    upcard = state.upcard
    assert upcard is not None
    return _replace(
        state,
        phase=Phase.PLAY,
        hands=_set(state.hands, seat, _with_cards(state.hands[seat], (upcard,))),
        known=_set(state.known, seat, (*state.known[seat], upcard)),
        upcard=None,
        taken=upcard,
    )


def _apply_push(state: GameState, seat: int) -> GameState:
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
        exhausted = _replace(state, hands=hands, known=known, stock=(), upcard=None)
        return _end_deal(exhausted, DealEnd.EXHAUSTED, None)
    hands = _set(hands, seat, _with_cards(hands[seat], (stock[1],)))
    return _replace(
        state,
        phase=Phase.PLAY,
        hands=hands,
        known=known,
        stock=stock[2:],
        upcard=None,
        taken=None,
    )


def _apply_melds(
    state: GameState, seat: int, melds: Sequence[Meld], *, lay_down: bool
) -> GameState:
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
    }
    if lay_down:
        changes["laid_down"] = _set(state.laid_down, seat, True)
        changes["laid_down_this_turn"] = True
    after = _replace(state, **changes)
    return _end_deal(after, DealEnd.OUT, seat) if not hand else after


def _apply_lay_off(state: GameState, move: LayOff) -> GameState:
    seat = move.seat
    target = state.table[move.meld_id]
    grown = lay_off(target.meld, move.card, move.end, state.variant)
    hand = _without_cards(state.hands[seat], (move.card,))
    after = _replace(
        state,
        hands=_set(state.hands, seat, hand),
        known=_set(state.known, seat, _forget(state.known[seat], (move.card,))),
        table=_set(state.table, move.meld_id, TableMeld(target.id, target.owner, grown)),
    )
    return _end_deal(after, DealEnd.OUT, seat) if not hand else after


def _apply_exchange(state: GameState, move: ExchangeWild) -> GameState:
    seat = move.seat
    target = state.table[move.meld_id]
    meld = target.meld
    assert meld.start is not None
    index = move.position - meld.start
    wild = meld.cards[index]
    cards = _set(meld.cards, index, move.card)
    swapped = Meld(MeldKind.RUN, cards, suit=meld.suit, start=meld.start)
    hand = _with_cards(_without_cards(state.hands[seat], (move.card,)), (wild,))
    known = (*_forget(state.known[seat], (move.card,)), wild)  # the wild came off the table
    return _replace(
        state,
        hands=_set(state.hands, seat, hand),
        known=_set(state.known, seat, known),
        table=_set(state.table, move.meld_id, TableMeld(target.id, target.owner, swapped)),
    )


def _apply_discard(state: GameState, seat: int, card: Card) -> GameState:
    hand = _without_cards(state.hands[seat], (card,))
    after = _replace(
        state,
        hands=_set(state.hands, seat, hand),
        known=_set(state.known, seat, _forget(state.known[seat], (card,))),
        upcard=card,
    )
    if not hand:
        return _end_deal(after, DealEnd.OUT, seat)
    turn = state.turn + 1
    limit = state.variant.max_turns_per_deal
    if limit is not None and turn >= limit:
        return _end_deal(_replace(after, turn=turn), DealEnd.TURN_LIMIT, None)
    return _replace(
        after,
        phase=Phase.DRAW,
        current_player=(seat + 1) % state.players,
        turn=turn,
        taken=None,
        laid_down_this_turn=False,
    )


def _end_deal(state: GameState, ended_by: DealEnd, went_out: int | None) -> GameState:
    variant = state.variant
    penalties = deal_penalties(state.hands, variant, went_out)
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    result = DealResult(
        deal_number=state.deal_number,
        dealer=state.dealer,
        ended_by=ended_by,
        went_out=went_out,
        hands=state.hands,
        penalties=penalties,
    )
    results = (*state.results, result)
    last = state.deal_number == len(variant.deals)
    outcome = _outcome(state, results, totals) if last else None
    return _replace(
        state,
        phase=Phase.GAME_OVER if last else Phase.BETWEEN_DEALS,
        current_player=None,
        taken=None,
        laid_down_this_turn=False,
        results=results,
        totals=totals,
        outcome=outcome,
    )


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


def _apply_next_deal(state: GameState) -> GameState:
    return _start_deal(
        variant=state.variant,
        seed=state.seed,
        injected=state.injected,
        players=state.players,
        deal_number=state.deal_number + 1,
        dealer=(state.dealer + 1) % state.players,
        results=state.results,
        totals=state.totals,
    )
