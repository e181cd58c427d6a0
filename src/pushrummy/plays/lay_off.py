"""Laying off one card on a table meld ([layoff.card]), after the contract ([layoff.when]).

:func:`may_target` is the rule of whose melds a seat may lay off on (the
``layoff_targets`` option), asked by the lister, the checker, the bots and the front ends.
Which ends of a meld take a card is :func:`~pushrummy.layoffs.layoff_ends`, the meld rule.

>>> from pushrummy import PUSH
>>> may_target(PUSH, seat=1, owner=3)      # partners: seats 1 and 3 are one side
True
>>> may_target(PUSH.replace(layoff_targets="own"), seat=1, owner=3)
False
"""

from __future__ import annotations

from typing import Any, SupportsIndex

from ..cards import ALL_CARDS
from ..contracts.hands import Hand
from ..errors import IllegalMoveError, InvalidMeldError
from ..events import DealEnd, LaidOff
from ..layoffs import LAYOFF_MAPS, LayoffEntry, lay_off, layoff_ends, layoff_entry
from ..melds import grown_meld
from ..moves import LayOff, Move
from ..state import GameState, TableMeld, replace_unchecked
from ..variants import LayoffTargets, Variant
from .turn import (
    Turn,
    after_contract_problem,
    end_deal,
    forget_in,
    illegal,
    int_argument,
    keeps_a_card,
    lengthens_only,
    require_after_contract,
    require_cards,
    require_keeps_a_card,
    set_at,
    without_card,
)

__all__ = ["apply_lay_off", "check_lay_off", "list_lay_off", "may_target"]


def may_target(variant: Variant, seat: SupportsIndex, owner: SupportsIndex) -> bool:
    """Whether ``seat`` may lay off on (or exchange in) a meld owned by ``owner``
    ([layoff.card]: any meld, its own side's, or its own, by the ``layoff_targets``
    option).

    ``seat`` and ``owner`` are ints, not bools, in both builds
    (:func:`~pushrummy.plays.turn.int_argument`).

    Raises:
        TypeError: ``variant`` is not a variant, or ``seat`` or ``owner`` not an int.
    """
    try:
        targets = variant.layoff_targets
    except AttributeError:
        raise TypeError(
            f"may_target: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    mine = int_argument("may_target", "seat", seat)
    theirs = int_argument("may_target", "owner", owner)
    if targets is LayoffTargets.ANY:
        return True
    if targets is LayoffTargets.OWN:
        return theirs == mine
    return variant.side_of(theirs) == variant.side_of(mine)


_NATURAL_BITS = (1 << 52) - 1
"""The suit-major part of a read hand's ``presence``: bit ``code`` for each natural held."""


def list_lay_off(state: GameState, turn: Turn | None) -> list[Move]:
    """Every lay-off, by meld id, card and end ([layoff.card]), when the seat may lay off
    ([layoff.when]) and keeps a card to discard ([out.empty])."""
    assert turn is not None
    seat = turn.seat
    variant = state.variant
    own_only = False
    if after_contract_problem(state, seat) is not None:
        if not lengthens_only(state, seat):
            return []
        own_only = True  # only the melds it has just laid down
    if not keeps_a_card(variant, len(turn.hand), 1):
        return []
    moves: list[Move] = []
    _add_lay_offs(moves, state, seat, turn.parsed, variant, own_only)
    return moves


def _add_lay_offs(
    moves: list[Move], state: GameState, seat: int, hand: Hand, variant: Variant, own_only: bool
) -> None:
    naturals = hand.presence & _NATURAL_BITS  # bit ``code`` for every natural held
    table = state.table
    # The table's summary, looked up by identity: a table stays the same tuple from
    # state to state until a meld is added or grows, and this runs at every play
    # decision of a seat that has laid down, where usually nothing in the hand fits.
    summary = _TABLE_LAYOFFS.get(id(table))
    if summary is None or summary[0] is not table or summary[1] is not variant:
        summary = _table_layoffs(table, variant)
    if not (summary[2] & naturals) and not (summary[3] and hand.wilds):
        return  # no card of the hand fits any meld on the table
    wild = variant.wild_table
    wild_codes = sorted({code for code in hand.codes if wild[code]}) if hand.wilds else []
    any_target = variant.layoff_targets is LayoffTargets.ANY
    for target, entry in summary[4]:
        if not any_target and not may_target(variant, seat, target.owner):
            continue
        if own_only and target.owner != seat:
            continue
        hits = entry[3] & naturals
        fits, wild_ends = entry[2]
        if not hits and not (wild_ends and wild_codes):
            continue
        codes = []
        while hits:
            bit = hits & -hits
            codes.append(bit.bit_length() - 1)
            hits ^= bit
        if wild_ends and wild_codes:
            codes += wild_codes
            codes.sort()
        meld_id = target.id
        for code in codes:
            card = ALL_CARDS[code]
            for end in wild_ends if wild[code] else fits[code]:
                moves.append(LayOff(seat, card, meld_id, end))


_TableLayoffs = tuple[
    tuple[TableMeld, ...],
    Variant,
    int,
    bool,
    list[tuple[TableMeld, LayoffEntry]],
]
_TABLE_LAYOFFS: dict[int, _TableLayoffs] = {}
"""What can be laid off on a whole table, by ``id(table)``: ``(table, variant, the natural
codes fitting some meld as a bitmask, whether a wild fits some meld, each meld with its
:func:`~pushrummy.layoffs.layoff_entry`)``. Holding the table and the variant keeps their
ids from being reused meanwhile. Small (emptied at 64 entries): a game has one table at a
time, and memos holding many dead tables make the garbage collector's full passes longer.
The rows are never changed once stored."""

_LAST_TABLE: list[_TableLayoffs | None] = [None]
"""The summary made last: the next table is most often this one with one meld grown or
added, so a new summary starts from it and looks up only the melds that changed."""


def _table_layoffs(table: tuple[TableMeld, ...], variant: Variant) -> _TableLayoffs:
    maps = LAYOFF_MAPS
    last = _LAST_TABLE[0]
    old = last[4] if last is not None and last[1] is variant else []
    count = len(old)
    rows = []
    naturals = 0
    wild = False
    for index, target in enumerate(table):
        if index < count and old[index][0] is target:
            row = old[index]
            entry = row[1]
        else:
            meld = target.meld
            found = maps.get(id(meld))
            if found is None or found[0] is not meld or found[1] is not variant:
                found = layoff_entry(meld, variant)
            entry = found
            row = (target, entry)
        rows.append(row)
        naturals |= entry[3]
        if entry[2][1]:
            wild = True
    if len(_TABLE_LAYOFFS) >= 64:
        _TABLE_LAYOFFS.clear()
    summary = (table, variant, naturals, wild, rows)
    _TABLE_LAYOFFS[id(table)] = _LAST_TABLE[0] = summary
    return summary


def table_meld(state: GameState, move: Move, meld_id: int) -> TableMeld:
    """Table meld ``meld_id``; [layoff.card]'s error when there is none."""
    if not 0 <= meld_id < len(state.table):
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.card",
            f"there is no meld {meld_id} on the table ({len(state.table)} meld(s))",
        )
    return state.table[meld_id]


def check_lay_off(state: GameState, move: Any) -> None:
    """A lay-off of one card on a table meld ([layoff.when], [layoff.card]).

    Raises:
        ContractNotMetError: the seat has not laid down the contract ([layoff.when]).
        IllegalMoveError: the seat laid down this turn, ``same_turn_after_contract``
            is off and the meld is not its own, or the contract's sizes are exact
            ([layoff.when]); there is no such table meld, or ``layoff_targets``
            does not let the seat lay off on it ([layoff.card]); the lay-off would empty
            the hand although ``must_discard_to_go_out`` ([out.empty]).
        CardNotInHandError: the seat does not hold the card ([turn.holds]).
        InvalidMeldError: the card does not fit the meld at that end ([layoff.card]), or
            the grown meld would break the variant's meld options ([meld.wild],
            [meld.run]).
    """
    seat: int = move.seat
    if lengthens_only(state, seat):
        target = table_meld(state, move, move.meld_id)
        if target.owner != seat:
            raise illegal(
                IllegalMoveError,
                state,
                move,
                "layoff.when",
                f"seat {seat} laid down this turn and may only lengthen its own melds until "
                f"its next turn, not meld {target.id} of seat {target.owner} "
                "(same_turn_after_contract=False)",
            )
    else:
        require_after_contract(state, move, seat, "lay off")
        target = table_meld(state, move, move.meld_id)
    if not may_target(state.variant, seat, target.owner):
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "layoff.card",
            f"seat {seat} may not lay off on meld {target.id} of seat {target.owner} "
            f"(layoff_targets={state.variant.layoff_targets.value})",
        )
    require_cards(state, move, seat, [move.card])
    if move.end in layoff_ends(target.meld, move.card, state.variant):
        # layoff_ends lists exactly the ends lay_off accepts, without building the
        # grown meld (apply builds it once); lay_off below only words the refusal.
        require_keeps_a_card(state, move, seat, 1)
        return
    try:
        lay_off(target.meld, move.card, move.end, state.variant)
    except InvalidMeldError as exc:
        raise illegal(
            InvalidMeldError, state, move, exc.rule, f"seat {seat}: {exc.message}"
        ) from None
    require_keeps_a_card(state, move, seat, 1)


def apply_lay_off(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.LayOff` ([layoff.card])."""
    seat = move.seat
    target = state.table[move.meld_id]
    grown = grown_meld(target.meld, move.card, move.end)  # validation proved it fits
    hand = without_card(state.hands[seat], move.card)
    hands = set_at(state.hands, seat, hand)
    known = forget_in(state.known, seat, move.card)
    table = set_at(state.table, move.meld_id, TableMeld(target.id, target.owner, grown))
    log = state.log.append(LaidOff(seat, move.card, target.id, target.owner, grown))
    if not hand:
        return end_deal(state, DealEnd.OUT, seat, hands=hands, known=known, table=table, log=log)
    return replace_unchecked(state, hands=hands, known=known, table=table, log=log)
