"""Laying down the contract ([contract.laydown]), whole or one meld at a time
([contract.steps]).

The lister lists the next meld of the contract, one move each, in the step order of
:func:`~pushrummy.contracts.lay_down_steps` (only melds after which the rest can still be
completed); the checker accepts any lay-down, whole or partial, after which the contract
can be completed; the applier puts the melds on the table in step order. Whether the rest
can be completed is asked of the contract search (:mod:`pushrummy.contracts`) by both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contract_spec import Contract
from ..contracts import can_complete_contract, contract_left, step_order_key
from ..contracts.steps import minimal_steps, steps_of
from ..errors import ContractNotMetError, IllegalMoveError
from ..events import LaidDown
from ..melds import Meld
from ..moves import Move, lay_down_unchecked
from ..state import GameState, Phase
from .turn import (
    Turn,
    check_meld_rules,
    contract_words,
    illegal,
    place_melds,
    require_cards,
    require_keeps_a_card,
    set_at,
    without_cards,
)

__all__ = ["apply_lay_down", "check_lay_down", "list_lay_down"]


def list_lay_down(state: GameState, turn: Turn | None) -> list[Move]:
    """The first or next meld of the contract, one move each ([contract.steps]): nothing
    once the seat has laid down; while a lay-down is unfinished, its next steps. Where
    lay-offs may follow in the same turn (:func:`~pushrummy.contracts.steps.minimal_steps`),
    each step at its smallest for its part: a longer meld is that one and then lay-offs."""
    assert turn is not None
    seat = turn.seat
    if state.laid_down[seat]:
        return []
    placed = (
        tuple(t.meld for t in state.lay_down_so_far) if state.phase is Phase.LAYING_DOWN else ()
    )
    parsed = turn.parsed  # the hand, read once by the listing
    search = turn.search
    steps = steps_of(
        parsed,
        search.plans[state.deal_number - 1],
        search.rules,
        placed,
        search.canonical,
        state.variant.must_discard_to_go_out,
        minimal=minimal_steps(state.variant),
    )
    return [lay_down_unchecked(seat, (meld,)) for meld in steps]


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
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "contract.laydown",
            f"seat {seat} has already laid down the contract this deal",
        )
    melds: tuple[Meld, ...] = move.melds
    if not melds:
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "contract.laydown",
            f"seat {seat}'s lay-down has no meld",
        )
    for meld in melds:
        check_meld_rules(state, move, seat, meld)
    require_cards(state, move, seat, [c for m in melds for c in m.cards])
    variant = state.variant
    contract = state.contract
    placed = [t.meld for t in state.lay_down_so_far]
    left = contract_left(contract, (*placed, *melds), variant)
    if left is None:
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "contract.laydown",
            f"seat {seat}'s lay-down does not fulfil {contract_words(state)}: "
            + _mismatch(len(placed) + len(melds), contract, variant.contract_exact_sizes),
        )
    used = sum(len(m.cards) for m in melds)
    if not left:
        require_keeps_a_card(state, move, seat, used)
        return
    rest = list(without_cards(state.hands[seat], [c for m in melds for c in m.cards]))
    keep = variant.must_discard_to_go_out
    if can_complete_contract(rest, contract, variant, placed=(*placed, *melds), keep_card=keep):
        return
    if keep and can_complete_contract(rest, contract, variant, placed=(*placed, *melds)):
        require_keeps_a_card(state, move, seat, len(state.hands[seat]))
    still = " + ".join(str(req) for req in left)
    raise illegal(
        ContractNotMetError,
        state,
        move,
        "contract.steps",
        f"seat {seat} cannot complete {contract_words(state)} after "
        f"{' / '.join(m.notation() for m in melds)}: the cards left cannot make {still}",
    )


def _mismatch(count: int, contract: Contract, exact: bool) -> str:
    parts = contract.meld_count
    if count > parts:
        return f"it would have {count} melds, the contract {parts}"
    sizes = "exactly" if exact else "at least"
    return (
        f"the melds cannot be matched to its parts (each part needs its kind and {sizes} its size)"
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
        return place_melds(state, seat, melds, phase=Phase.LAYING_DOWN, log=log)
    return place_melds(
        state,
        seat,
        melds,
        log=log,
        phase=Phase.PLAY,
        laid_down=set_at(state.laid_down, seat, True),
        laid_down_this_turn=True,
    )
