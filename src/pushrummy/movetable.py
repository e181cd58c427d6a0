"""The move table: every kind of move, with everything the library knows about it, once.

Each :class:`MoveKind` row names a move class, its JSON ``type``, its notation verb, its
fields, the phases it belongs to, the rule that defines it, and its lister, checker and
applier (from its module in :mod:`pushrummy.plays`).
Everything that treats moves kind by kind reads this table instead of keeping its own list:
the engine lists the moves of a phase with the listers of its kinds, in table order
(:func:`~pushrummy.engine.legal_moves`), and dispatches
:func:`~pushrummy.engine.check_move` and :func:`~pushrummy.engine.apply_move` through it, the JSON encoder and decoder take the wire
names and fields from it, notation its verbs, records the move classes, and the
documentation's move table (on the :doc:`/frontend` page) is generated from it. Adding a
move kind is adding a row (and its class and its play module).

>>> from pushrummy import Discard, parse_card
>>> kind = kind_of(Discard(1, parse_card("7H")))
>>> kind.name, kind.verb, kind.fields, sorted(phase.value for phase in kind.phases)
('discard', 'discard', ('seat', 'card'), ['play'])
>>> [kind.name for kind in MOVE_KINDS]
['take', 'push', 'draw_stock', 'buy_upcard', 'pass_upcard', 'lay_down', 'lay_down_shape', 'fill_wilds', 'lay_off', 'new_meld', 'exchange_wild', 'discard', 'next_deal']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .errors import clip_repr
from .moves import (
    BuyUpcard,
    Discard,
    DrawStock,
    ExchangeWild,
    FillWilds,
    LayDown,
    LayDownShape,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    PassUpcard,
    Push,
    Take,
)
from .plays.buy import apply_buy, apply_pass, check_buy, list_buy, list_pass, offer_or_draw
from .plays.discard import apply_discard, check_discard, list_discard
from .plays.draw import (
    apply_push,
    apply_take,
    check_draw,
    list_draw_stock,
    list_push,
    list_take,
)
from .plays.exchange import apply_exchange, check_exchange, list_exchange
from .plays.lay_down import (
    apply_fill_wilds,
    apply_lay_down,
    apply_lay_down_shape,
    check_fill_wilds,
    check_lay_down,
    check_lay_down_shape,
    list_fill_wilds,
    list_lay_down,
    list_lay_down_shape,
)
from .plays.lay_off import apply_lay_off, check_lay_off, list_lay_off
from .plays.new_meld import apply_new_meld, check_new_meld, list_new_meld
from .plays.next_deal import apply_next_deal, check_next_deal, list_next_deal
from .plays.turn import Turn
from .state import GameState, Phase

__all__ = ["MOVE_CLASSES", "MOVE_KINDS", "MoveKind", "kind_named", "kind_of"]


@attrs.frozen(slots=True)
class MoveKind:
    """One kind of move.

    Attributes:
        move_type: the move class.
        name: its JSON ``type`` (``"lay_down"``).
        verb: its notation verb (``"down"``).
        fields: its fields, in constructor and JSON order (``("seat", "melds")``).
        phases: the phases in which it may be played.
        rule: the rule id (:doc:`/rules`) that defines it.
        does: what it does, in a few words (the docs' move table).
        generate: its legal moves in a position of one of its phases (given the
            listing's :class:`~pushrummy.plays.turn.Turn` in play, ``None`` otherwise).
        check: its own checks, run after the ones every move shares
            (:func:`~pushrummy.plays.turn.check_turn`); raises the rule's error.
        apply: the state after it (given a checked move).
    """

    move_type: type[Any]
    name: str
    verb: str
    fields: tuple[str, ...]
    phases: frozenset[Phase]
    rule: str
    does: str
    generate: Callable[[GameState, Turn | None], Sequence[Move]] = attrs.field(repr=False)
    check: Callable[[GameState, Any], None] = attrs.field(repr=False)
    apply: Callable[[GameState, Any], GameState] = attrs.field(repr=False)


_DRAW = frozenset({Phase.DRAW})
_PLAY = frozenset({Phase.PLAY})
_BUYING = frozenset({Phase.BUYING})

MOVE_KINDS: tuple[MoveKind, ...] = (
    MoveKind(
        move_type=Take,
        name="take",
        verb="take",
        fields=("seat",),
        phases=_DRAW,
        rule="draw.take",
        does="take the upcard",
        generate=list_take,
        check=check_draw,
        apply=apply_take,
    ),
    MoveKind(
        move_type=Push,
        name="push",
        verb="push",
        fields=("seat",),
        phases=_DRAW,
        rule="draw.push",
        does="push the upcard and a stock card to the receiver, then draw",
        generate=list_push,
        check=check_draw,
        apply=apply_push,
    ),
    MoveKind(
        move_type=DrawStock,
        name="draw_stock",
        verb="draw",
        fields=("seat",),
        phases=_DRAW,
        rule="draw.stock",
        does="draw the top stock card, the upcard staying (an option); with buying, offer "
        "the upcard round the table first",
        generate=list_draw_stock,
        check=check_draw,
        apply=offer_or_draw,
    ),
    MoveKind(
        move_type=BuyUpcard,
        name="buy_upcard",
        verb="buy",
        fields=("seat",),
        phases=_BUYING,
        rule="buy.offer",
        does="buy the offered upcard out of turn, with a penalty card (an option)",
        generate=list_buy,
        check=check_buy,
        apply=apply_buy,
    ),
    MoveKind(
        move_type=PassUpcard,
        name="pass_upcard",
        verb="pass",
        fields=("seat",),
        phases=_BUYING,
        rule="buy.offer",
        does="let the offered upcard pass on",
        generate=list_pass,
        check=check_buy,
        apply=apply_pass,
    ),
    MoveKind(
        move_type=LayDown,
        name="lay_down",
        verb="down",
        fields=("seat", "melds"),
        phases=frozenset({Phase.PLAY, Phase.LAYING_DOWN}),
        rule="contract.laydown",
        does="lay down the deal's contract, or its next meld",
        generate=list_lay_down,
        check=check_lay_down,
        apply=apply_lay_down,
    ),
    MoveKind(
        move_type=LayDownShape,
        name="lay_down_shape",
        verb="shape",
        fields=("seat", "shape"),
        phases=frozenset({Phase.PLAY, Phase.LAYING_DOWN}),
        rule="contract.wilds",
        does="announce the next meld of a lay-down, its wild places open",
        generate=list_lay_down_shape,
        check=check_lay_down_shape,
        apply=apply_lay_down_shape,
    ),
    MoveKind(
        move_type=FillWilds,
        name="fill_wilds",
        verb="fill",
        fields=("seat", "wilds"),
        phases=frozenset({Phase.FILLING_WILDS}),
        rule="contract.wilds",
        does="fill the announced meld's wild places and lay it down",
        generate=list_fill_wilds,
        check=check_fill_wilds,
        apply=apply_fill_wilds,
    ),
    MoveKind(
        move_type=LayOff,
        name="lay_off",
        verb="off",
        fields=("seat", "card", "meld_id", "end"),
        phases=_PLAY,
        rule="layoff.card",
        does="add one card to a table meld",
        generate=list_lay_off,
        check=check_lay_off,
        apply=apply_lay_off,
    ),
    MoveKind(
        move_type=NewMeld,
        name="new_meld",
        verb="meld",
        fields=("seat", "meld"),
        phases=_PLAY,
        rule="meld.new",
        does="meld a new set or run",
        generate=list_new_meld,
        check=check_new_meld,
        apply=apply_new_meld,
    ),
    MoveKind(
        move_type=ExchangeWild,
        name="exchange_wild",
        verb="exchange",
        fields=("seat", "meld_id", "position", "card"),
        phases=_PLAY,
        rule="layoff.exchange",
        does="swap a natural for the wild in its place of a run (an option)",
        generate=list_exchange,
        check=check_exchange,
        apply=apply_exchange,
    ),
    MoveKind(
        move_type=Discard,
        name="discard",
        verb="discard",
        fields=("seat", "card"),
        phases=_PLAY,
        rule="discard.end",
        does="discard, ending the turn",
        generate=list_discard,
        check=check_discard,
        apply=apply_discard,
    ),
    MoveKind(
        move_type=NextDeal,
        name="next_deal",
        verb="next",
        fields=(),
        phases=frozenset({Phase.BETWEEN_DEALS}),
        rule="deal.count",
        does="deal the next deal (the chance move)",
        generate=list_next_deal,
        check=check_next_deal,
        apply=apply_next_deal,
    ),
)
"""Every kind of move, in the canonical order of :func:`~pushrummy.engine.legal_moves`'
groups (draws, lay-downs, lay-offs, new melds, exchanges, discards; then dealing)."""

MOVE_CLASSES: tuple[type[Any], ...] = tuple(kind.move_type for kind in MOVE_KINDS)
"""The move classes, for ``isinstance`` tests."""

_BY_TYPE: dict[type[Any], MoveKind] = {kind.move_type: kind for kind in MOVE_KINDS}
_BY_NAME: dict[str, MoveKind] = {kind.name: kind for kind in MOVE_KINDS}


def kind_of(move: object) -> MoveKind:
    """The row of ``move``'s class.

    Raises:
        TypeError: ``move`` is not a move: its class is not one of :data:`MOVE_CLASSES`.
    """
    kind = _BY_TYPE.get(type(move))
    if kind is None:
        raise TypeError(f"not a move: {clip_repr(move)}")
    return kind


def kind_named(name: str) -> MoveKind | None:
    """The row whose JSON ``type`` is ``name``, or ``None``."""
    return _BY_NAME.get(name)


def _moves_are_the_table() -> None:  # an import-time check of the table's completeness
    if set(MOVE_CLASSES) != set(Move.__args__):
        raise RuntimeError("pushrummy.movetable is out of step with pushrummy.moves.Move")


_moves_are_the_table()
