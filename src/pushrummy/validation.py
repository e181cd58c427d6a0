"""Move validation: the checks behind :func:`~pushrummy.engine.check_move`.

:func:`check_turn` holds the checks every move shares; each move kind has its own
checker (``check_draw``, ``check_lay_down`` …), which the move table
(:data:`pushrummy.movetable.MOVE_KINDS`) names and the engine calls after it. Every
rejection is a specific :class:`~pushrummy.errors.IllegalMoveError` subclass carrying
the rule id (:doc:`/rules`), the move, the seat and the phase; malformed moves raise
:class:`~pushrummy.errors.InvalidMoveError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .cards import Card
from .contract_spec import Contract
from .contracts import can_complete_contract, contract_left
from .errors import (
    CardNotInHandError,
    ContractNotMetError,
    GameOverError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    NotYourTurnError,
    WrongPhaseError,
    clip_items,
)
from .layoffs import lay_off, layoff_ends
from .melds import End, Meld, MeldKind, meld_rule_problem
from .movegen import discardable
from .moves import Discard, ExchangeWild, LayDown, LayOff, Move, NewMeld, NextDeal, Push, Take
from .predicates import may_target, natural_at, push_allowed
from .state import GameState, Phase, TableMeld
from .variants import WildExchange

__all__ = [
    "check_discard",
    "check_draw",
    "check_exchange",
    "check_lay_down",
    "check_lay_off",
    "check_new_meld",
    "check_next_deal",
    "check_turn",
]


def check_turn(state: GameState, move: Move, phases: frozenset[Phase]) -> None:
    """The checks every move shares ([turn.seat], [turn.between], [draw.choice],
    [contract.steps]): the state is a state, the move well formed, the game not over,
    the mover the seat to move, and the phase one of ``phases`` (the move kind's, from
    :data:`pushrummy.movetable.MOVE_KINDS`). The kind's own checker comes next.

    ``move`` is a move: :func:`~pushrummy.engine.check_move` checks its class first.

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState`.
        InvalidMoveError: a field of the move has the wrong type.
        GameOverError: the game is over ([turn.between]).
        WrongPhaseError: a :class:`~pushrummy.moves.NextDeal` during a deal, or a
            player's move between deals ([turn.between]); a draw after the draw, or
            another move before it ([draw.choice]); anything but the next lay-down step
            while a lay-down is unfinished ([contract.steps]).
        NotYourTurnError: the move's seat is not the seat to move, or not in the game
            ([turn.seat]).
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    _check_shape(move)
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise _illegal(
            GameOverError, state, move, "turn.between", "the game is over: there is no move"
        )
    if isinstance(move, NextDeal):
        if phase not in phases:
            raise _illegal(
                WrongPhaseError,
                state,
                move,
                "turn.between",
                "the next deal is dealt only after a deal has ended",
            )
        return
    seat = move.seat
    if phase is Phase.BETWEEN_DEALS:
        raise _illegal(
            WrongPhaseError,
            state,
            move,
            "turn.between",
            f"deal {state.deal_number} is over; the next move is dealing the next deal",
        )
    if seat != state.current_player:
        if not 0 <= seat < state.players:
            why = f"there is no seat {seat} in a game of {state.players} players"
        else:
            why = f"it is seat {state.current_player}'s turn, not seat {seat}'s"
        raise _illegal(NotYourTurnError, state, move, "turn.seat", why)
    if phase in phases:
        return
    if Phase.DRAW in phases:  # a take or a push, after the draw
        raise _illegal(
            WrongPhaseError,
            state,
            move,
            "draw.choice",
            f"seat {seat} has already drawn this turn; now meld, lay off or discard",
        )
    if phase is Phase.LAYING_DOWN:
        still = " + ".join(str(req) for req in state.contract_left)
        raise _illegal(
            WrongPhaseError,
            state,
            move,
            "contract.steps",
            f"seat {seat} must first finish laying down {_contract_words(state)}: "
            f"{still} still to place",
        )
    raise _illegal(
        WrongPhaseError,
        state,
        move,
        "draw.choice",
        f"seat {seat} must first take the upcard or push",
    )


def check_draw(state: GameState, move: Any) -> None:
    """A take or a push ([draw.take], [draw.push]): a push needs stock enough
    ([draw.exhausted], with ``short_stock_push=forbidden``).

    Raises:
        IllegalMoveError: a push with fewer than two stock cards left when
            ``short_stock_push=forbidden`` ([draw.exhausted]).
    """
    if isinstance(move, Push) and not push_allowed(state.variant, len(state.stock)):
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "draw.exhausted",
            f"seat {move.seat} cannot push with {len(state.stock)} stock card(s) left "
            "(short_stock_push=forbidden): take the upcard",
        )


def check_next_deal(state: GameState, move: Any) -> None:
    """Dealing the next deal: nothing beyond :func:`check_turn` ([deal.count])."""


def _illegal(
    cls: type[IllegalMoveError], state: GameState, move: Move, rule: str, message: str
) -> IllegalMoveError:
    """An error of type ``cls`` carrying the rule, the move, its seat and the phase."""
    return cls(message, rule=rule, move=move, seat=_seat(move), phase=state.phase)


def _seat(move: Move) -> int | None:
    return None if isinstance(move, NextDeal) else move.seat


def _check_shape(move: Move) -> None:
    """Reject malformed moves (wrong field types) with InvalidMoveError."""
    kind = type(move)
    # The moves of every turn, well formed, pass with a few exact type tests; anything
    # else (subclasses, bad fields) takes the full path below and its messages.
    if kind is Discard:
        if type(move.seat) is int and type(move.card) is Card:  # type: ignore[union-attr]
            return
    elif (kind is Take or kind is Push) and type(move.seat) is int:  # type: ignore[union-attr]
        return
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
    hand = state.hands[seat]
    if len(cards) == 1:
        # The common case (a discard, a lay-off): a membership test, no Counters.
        if cards[0] in hand:
            return
    else:
        have = [0] * 53
        for card in hand:
            have[card.code] += 1
        for card in cards:
            have[card.code] -= 1
        if min(have) >= 0:
            return
    short = Counter(cards) - Counter(hand)
    missing = clip_items(sorted(short.elements()))
    raise _illegal(
        CardNotInHandError,
        state,
        move,
        "turn.holds",
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
    problem = meld_rule_problem(meld, state.variant)
    if problem is not None:
        rule, why = problem
        raise _illegal(
            InvalidMeldError, state, move, rule, f"seat {seat} cannot meld {meld.notation()}: {why}"
        )


def check_lay_down(state: GameState, move: Any) -> None:
    """A whole lay-down, or part of one ([contract.laydown], [contract.steps]).

    Raises:
        IllegalMoveError: the seat has already laid down this deal ([contract.laydown]),
            or would lay down every card it holds although ``must_discard_to_go_out``
            ([out.empty]).
        ContractNotMetError: a lay-down of no meld, or melds that cannot be matched to
            the contract's parts ([contract.laydown]); or a partial lay-down after which
            the cards left cannot complete the contract ([contract.steps]).
        InvalidMeldError: a meld breaks the variant's meld options ([meld.wild],
            [meld.run]).
        CardNotInHandError: the seat does not hold the melds' cards ([turn.holds]).
    """
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
    if not melds:
        raise _illegal(
            ContractNotMetError,
            state,
            move,
            "contract.laydown",
            f"seat {seat}'s lay-down has no meld",
        )
    for meld in melds:
        _check_meld_rules(state, move, seat, meld)
    _require_cards(state, move, seat, [c for m in melds for c in m.cards])
    variant = state.variant
    contract = state.contract
    placed = [t.meld for t in state.lay_down_so_far]
    left = contract_left(contract, (*placed, *melds), variant)
    if left is None:
        raise _illegal(
            ContractNotMetError,
            state,
            move,
            "contract.laydown",
            f"seat {seat}'s lay-down does not fulfil {_contract_words(state)}: "
            + _mismatch(len(placed) + len(melds), contract, variant.contract_exact_sizes),
        )
    used = sum(len(m.cards) for m in melds)
    if not left:
        _require_not_emptying(state, move, seat, used)
        return
    rest = _without(state.hands[seat], melds)
    keep = variant.must_discard_to_go_out
    if can_complete_contract(rest, contract, variant, placed=(*placed, *melds), keep_card=keep):
        return
    if keep and can_complete_contract(rest, contract, variant, placed=(*placed, *melds)):
        _require_not_emptying(state, move, seat, len(state.hands[seat]))
    still = " + ".join(str(req) for req in left)
    raise _illegal(
        ContractNotMetError,
        state,
        move,
        "contract.steps",
        f"seat {seat} cannot complete {_contract_words(state)} after "
        f"{' / '.join(m.notation() for m in melds)}: the cards left cannot make {still}",
    )


def _without(hand: tuple[Card, ...], melds: Sequence[Meld]) -> list[Card]:
    rest = list(hand)
    for meld in melds:
        for card in meld.cards:
            rest.remove(card)
    return rest


def _mismatch(count: int, contract: Contract, exact: bool) -> str:
    parts = contract.meld_count
    if count > parts:
        return f"it would have {count} melds, the contract {parts}"
    sizes = "exactly" if exact else "at least"
    return (
        f"the melds cannot be matched to its parts (each part needs its kind and {sizes} its size)"
    )


def check_lay_off(state: GameState, move: Any) -> None:
    """A lay-off of one card on a table meld ([layoff.when], [layoff.card]).

    Raises:
        ContractNotMetError: the seat has not laid down the contract ([layoff.when]).
        IllegalMoveError: the seat laid down this turn and ``same_turn_after_contract``
            is off ([layoff.when]); there is no such table meld, or ``layoff_targets``
            does not let the seat lay off on it ([layoff.card]); the lay-off would empty
            the hand although ``must_discard_to_go_out`` ([out.empty]).
        CardNotInHandError: the seat does not hold the card ([turn.holds]).
        InvalidMeldError: the card does not fit the meld at that end ([layoff.card]), or
            the grown meld would break the variant's meld options ([meld.wild],
            [meld.run]).
    """
    seat: int = move.seat
    _require_after_contract(state, move, seat, "lay off")
    target = _table_meld(state, move, seat, move.meld_id)
    if not may_target(state.variant, seat, target.owner):
        raise _illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.card",
            f"seat {seat} may not lay off on meld {target.id} of seat {target.owner} "
            f"(layoff_targets={state.variant.layoff_targets.value})",
        )
    _require_cards(state, move, seat, [move.card])
    if move.end in layoff_ends(target.meld, move.card, state.variant):
        # layoff_ends lists exactly the ends lay_off accepts, without building the
        # grown meld (apply builds it once); lay_off below only words the refusal.
        _require_not_emptying(state, move, seat, 1)
        return
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


def check_new_meld(state: GameState, move: Any) -> None:
    """A new meld after the contract ([meld.new]).

    Raises:
        ContractNotMetError: the seat has not laid down the contract ([layoff.when]).
        IllegalMoveError: the seat laid down this turn and ``same_turn_after_contract``
            is off ([layoff.when]); ``new_melds_after_contract`` is off ([meld.new]); the
            meld would empty the hand although ``must_discard_to_go_out`` ([out.empty]).
        InvalidMeldError: the meld breaks the variant's meld options ([meld.wild],
            [meld.run]).
        CardNotInHandError: the seat does not hold the meld's cards ([turn.holds]).
    """
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


def check_exchange(state: GameState, move: Any) -> None:
    """Exchanging a natural for the wild in its place of a run ([layoff.exchange]).

    Raises:
        IllegalMoveError: ``wild_exchange`` is ``none``, or the meld, position or card
            does not allow the exchange ([layoff.exchange]); there is no such table meld
            ([layoff.card]).
        ContractNotMetError: the seat has not laid down the contract
            ([layoff.exchange]).
        CardNotInHandError: the seat does not hold the natural card ([turn.holds]).
    """
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
        elif natural_at(meld, move.position) != move.card:
            wanted = natural_at(meld, move.position)
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


def check_discard(state: GameState, move: Any) -> None:
    """The discard that ends the turn ([discard.end]).

    Raises:
        CardNotInHandError: the seat does not hold the card ([turn.holds]).
        IllegalMoveError: the card is the upcard taken this turn ([discard.taken]), or a
            wild when ``may_discard_wild`` is off ([discard.wild]), and another card may
            go.
    """
    seat: int = move.seat
    card: Card = move.card
    _require_cards(state, move, seat, [card])
    variant = state.variant
    if variant.may_discard_wild and (state.taken is None or variant.may_rediscard_taken):
        return  # no restriction applies: every card in hand may go
    if card not in discardable(state, seat):
        if card == state.taken:
            rule, why = "discard.taken", f"{card} was taken from the upcard this turn"
        else:
            rule, why = "discard.wild", "wild cards may not be discarded (may_discard_wild=False)"
        raise _illegal(
            IllegalMoveError, state, move, rule, f"seat {seat} cannot discard {card}: {why}"
        )
