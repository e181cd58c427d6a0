"""Encoding values as JSON documents: the encoders of the wire format.

Private to :mod:`pushrummy.serialization`, which documents the format. The fields of a
variant, a state and a view are written by looping over their declarations
(:func:`~pushrummy._wire.wire_fields`, :func:`~pushrummy._wire.wire_keys`): one encoder per
:class:`~pushrummy._wire.Codec`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs

from ._wire import (
    CARD_VALUE_KEYS,
    RUN_POSITIONS,
    SCHEMA_PREFIX,
    SCHEMA_VERSION,
    Codec,
    JSONObject,
    wild_cards,
    wire_fields,
    wire_keys,
)
from .cards import JOKER, Card
from .dealing import SEED_BITS
from .english import describe_event, describe_move
from .errors import SetupError
from .events import DealEnd, Event, EventLog
from .meld_shape import MeldShape
from .melds import End, Meld, MeldKind
from .moves import Move
from .movetable import MOVE_CLASSES, kind_of
from .notation import format_move
from .records import GameRecord
from .state import DealResult, GameState, Outcome, TableMeld
from .variants import StakesSettlement, Variant
from .views import PlayerView


def encode_document(obj: object, events_since: int) -> JSONObject:
    """The document of ``obj`` (:func:`pushrummy.serialization.encode`, its arguments checked).

    Raises:
        TypeError: ``obj`` has no document kind, or holds a value of a wrong type.
        SetupError: a state's or record's seed does not fit a document.
    """
    if isinstance(obj, Card):
        return _document("card", {"card": _card_out(obj)})
    if isinstance(obj, MOVE_CLASSES):
        return _document("move", _encode_move(obj))
    if isinstance(obj, Meld):
        return _document("meld", _encode_meld(obj))
    if isinstance(obj, Variant):
        return _document("variant", _encode_variant(obj))
    if isinstance(obj, GameState):
        return _document("state", _encode_state(obj))
    if isinstance(obj, PlayerView):
        return _document("view", _encode_view(obj, events_since))
    if isinstance(obj, GameRecord):
        return _document("record", _encode_record(obj))
    raise TypeError(
        f"cannot encode a {type(obj).__name__}: expected a Card, move, Meld, Variant, "
        "GameState, PlayerView or GameRecord"
    )


def _document(kind: str, body: JSONObject) -> JSONObject:
    return {"schema": SCHEMA_PREFIX + kind, "version": SCHEMA_VERSION, **body}


# =============================================================================================
# Encoders
# =============================================================================================


def _card_out(card: object) -> str:
    if not isinstance(card, Card):
        raise TypeError(f"expected a Card, not {type(card).__name__}")
    return str(card)


def _cards_out(cards: Iterable[object]) -> list[str]:
    return [_card_out(card) for card in cards]


def _opt_card_out(card: object) -> str | None:
    return None if card is None else _card_out(card)


def _int_out(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an int, not {type(value).__name__}")
    return int(value)


def _seed_out(seed: object) -> int:
    number = _int_out(seed)
    if number.bit_length() > SEED_BITS:
        raise SetupError(f"a seed must be below 2**{SEED_BITS} in magnitude to be saved as JSON")
    return number


def _encode_meld(meld: Meld) -> JSONObject:
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        return {"kind": "set", "rank": meld.rank.symbol, "cards": _cards_out(meld.cards)}
    assert meld.suit is not None and meld.start is not None
    return {
        "kind": "run",
        "suit": meld.suit.letter,
        "start": meld.start,
        "cards": _cards_out(meld.cards),
    }


def _meld_out(meld: object) -> JSONObject:
    if not isinstance(meld, Meld):
        raise TypeError(f"expected a Meld, not {type(meld).__name__}")
    return _encode_meld(meld)


def _shape_out(shape: object) -> JSONObject:
    if not isinstance(shape, MeldShape):
        raise TypeError(f"expected a MeldShape, not {type(shape).__name__}")
    out = _encode_meld(shape.fill([JOKER] * shape.wild_places))
    out["cards"] = [None if card is None else str(card) for card in shape.cards]
    return out


def _encode_outcome(outcome: Outcome | None) -> JSONObject | None:
    if outcome is None:
        return None
    stakes = outcome.stakes
    return {
        "totals": list(outcome.totals),
        "winners": list(outcome.winners),
        "stakes": None if stakes is None else _encode_stakes(stakes),
    }


def _encode_stakes(stakes: StakesSettlement) -> JSONObject:
    return {
        "pot": stakes.pot,
        "round_prizes": list(stakes.round_prizes),
        "final_prizes": list(stakes.final_prizes),
        "net": list(stakes.net),
        "left_in_pot": stakes.left_in_pot,
    }


def _encode_move(move: Move) -> JSONObject:
    kind = kind_of(move)
    out: JSONObject = {"type": kind.name}
    for field in kind.fields:
        out[field] = _FIELD_OUT[field](getattr(move, field))
    return out


def _end_out(end: object) -> str | None:
    if end is not None and not isinstance(end, End):
        raise TypeError(f"LayOff.end must be an End or None, not {type(end).__name__}")
    return None if end is None else end.value


def _melds_out(melds: object) -> list[JSONObject]:
    if not isinstance(melds, tuple):
        raise TypeError(f"LayDown.melds must be a tuple of melds, not {type(melds).__name__}")
    return [_meld_out(meld) for meld in melds]


_FIELD_OUT: Final[dict[str, Callable[[Any], Any]]] = {
    "seat": _int_out,
    "card": _card_out,
    "meld_id": _int_out,
    "position": _int_out,
    "end": _end_out,
    "meld": _meld_out,
    "melds": _melds_out,
    "shape": _shape_out,
    "wilds": _cards_out,
}
"""How each field of a move (the move table's ``fields``) is written."""


def _encode_variant(variant: Variant) -> JSONObject:
    out = {key: write(getattr(variant, name)) for key, name, write in _VARIANT_OUT}
    out["wild_cards"] = list(wild_cards(variant.wild_twos))
    out["run_positions"] = dict(RUN_POSITIONS)
    return out


def _encode_table(table: Iterable[TableMeld]) -> list[JSONObject]:
    return [{"id": t.id, "owner": t.owner, "meld": _meld_out(t.meld)} for t in table]


def _encode_result(result: DealResult) -> JSONObject:
    return {
        "deal_number": result.deal_number,
        "dealer": result.dealer,
        "ended_by": result.ended_by.value,
        "went_out": result.went_out,
        "hands": [_cards_out(hand) for hand in result.hands],
        "penalties": list(result.penalties),
    }


def _encode_state(state: GameState) -> JSONObject:
    return {key: write(getattr(state, name)) for key, name, write in _STATE_OUT}


def _encode_view(view: PlayerView, events_since: int) -> JSONObject:
    """A view's keys, in order, each as its declaration says (:data:`_VIEW_OUT`)."""
    return {key: write(view, name, events_since) for key, name, write in _VIEW_OUT}


def _encode_seen(events: EventLog, seat: int, since: int) -> list[JSONObject]:
    """A view's events from index ``since`` on, each with its index and its text."""
    return [
        {"index": index, **_encode_event(event), "text": describe_event(event, you=seat)}
        for index, event in enumerate(events.since(since), start=since)
    ]


def _encode_event(event: Event) -> JSONObject:
    out: JSONObject = {"type": event.kind}
    for field in attrs.fields(type(event)):
        out[field.name] = _event_value(getattr(event, field.name))
    return out


def _event_value(value: object) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Meld):
        return _encode_meld(value)
    if isinstance(value, tuple):
        return [_event_value(item) for item in value]
    if isinstance(value, DealEnd):
        return value.value
    if isinstance(value, StakesSettlement):
        return _encode_stakes(value)
    return value  # an int, a bool or None


def _encode_listed(move: Move, view: PlayerView) -> JSONObject:
    """A listed move: its object, then its labels (read-only, derived from the move and the
    view's table) and its precondition, the view's progress."""
    out = _encode_move(move)
    out["notation"] = format_move(move)
    out["description"] = describe_move(move, view)
    out["progress"] = view.progress
    return out


def _encode_record(record: GameRecord) -> JSONObject:
    out: JSONObject = {
        "variant": _encode_variant(record.variant),
        "seed": _seed_out(record.seed),
        "players": record.players,
        "dealer": record.dealer,
        "deals": [None if order is None else _cards_out(order) for order in record.deals],
        "moves": [_encode_move(m) for m in record.moves],
    }
    if record.human is not None:  # written only when known: older records have no such field
        out["human"] = record.human
    if record.reshuffles:  # written only when injected ([draw.reshuffle]), as "human"
        out["reshuffles"] = [_cards_out(order) for order in record.reshuffles]
    return out


def _same(value: Any) -> Any:
    return value


_CODEC_OUT: Final[dict[Codec, Callable[[Any], Any]]] = {
    Codec.STR: _same,
    Codec.BOOL: _same,
    Codec.ENUM: lambda member: member.value,
    Codec.INT: _same,
    Codec.OPT_INT: _same,
    Codec.COUNT: _same,
    Codec.PACKS: lambda pairs: [[players, packs] for players, packs in pairs],
    Codec.JOKERS: lambda pairs: [[players, jokers] for players, jokers in pairs],
    Codec.DEALS: lambda deals: [
        {"hand_size": deal.hand_size, "contract": str(deal.contract)}
        | ({"all_out": True} if deal.all_out else {})
        for deal in deals
    ],
    Codec.CARD_VALUES: lambda values: dict(zip(CARD_VALUE_KEYS, values, strict=True)),
    Codec.STAKES: lambda stakes: (
        None if stakes is None else {"ante": stakes.ante, "round_prize": stakes.round_prize}
    ),
    Codec.VARIANT: _encode_variant,
    Codec.SEED: _seed_out,
    Codec.DECK_ORDERS: lambda orders: [
        None if order is None else _cards_out(order) for order in orders
    ],
    Codec.STOCK_ORDERS: lambda orders: [_cards_out(order) for order in orders],
    Codec.PLAYERS: _same,
    Codec.DEAL_NUMBER: _same,
    Codec.SEAT: _same,
    Codec.OPT_SEAT: _same,
    Codec.HANDS: lambda hands: [_cards_out(hand) for hand in hands],
    Codec.SEAT_CARDS: lambda per_seat: [_cards_out(cards) for cards in per_seat],
    Codec.CARDS: _cards_out,
    Codec.OPT_CARD: _opt_card_out,
    Codec.OPT_SHAPE: lambda shape: None if shape is None else _shape_out(shape),
    Codec.SEAT_FLAGS: list,
    Codec.TABLE: _encode_table,
    Codec.RESULTS: lambda results: [_encode_result(r) for r in results],
    Codec.TOTALS: list,
    Codec.OUTCOME: _encode_outcome,
    Codec.LOG: lambda log: [_encode_event(event) for event in log.events],
    Codec.SIDE: _same,
    Codec.CONTRACT: str,
    Codec.HAND: _cards_out,
    Codec.SEAT_COUNTS: list,
    Codec.SIDES: list,
    Codec.CONTRACT_PARTS: lambda parts: [str(part) for part in parts],
    Codec.PROGRESS: _same,
}
"""How a field of each :class:`~pushrummy._wire.Codec` is written."""


def _writers(cls: type) -> tuple[tuple[str, str, Callable[[Any], Any]], ...]:
    """(JSON key, attribute, writer) for every field of ``cls``, from its declarations."""
    return tuple((f.key, f.name, _CODEC_OUT[f.info.codec]) for f in wire_fields(cls))


_VARIANT_OUT: Final = _writers(Variant)
_STATE_OUT: Final = _writers(GameState)

ViewWriter = Callable[[PlayerView, str, int], Any]
"""Writes a view's key: from the view, the attribute the key is read from, and the index of
the first event the document holds."""

_VIEW_CODEC_OUT: Final[dict[Codec, ViewWriter]] = {
    Codec.SEEN: lambda view, name, since: _encode_seen(getattr(view, name), view.seat, since),
    Codec.LISTED: lambda view, name, since: [
        _encode_listed(move, view) for move in getattr(view, name)
    ],
    Codec.SINCE: lambda view, name, since: since,
}
"""How a view's key of a codec that needs more than its value is written."""


def _view_writer(codec: Codec) -> ViewWriter:
    own = _VIEW_CODEC_OUT.get(codec)
    if own is not None:
        return own
    write = _CODEC_OUT[codec]
    return lambda view, name, since: write(getattr(view, name))


_VIEW_OUT: Final = tuple(
    (key, name, _view_writer(info.codec)) for key, name, info in wire_keys(PlayerView)
)
"""(JSON key, attribute, writer) for every key of a view document, in order
(:func:`~pushrummy._wire.wire_keys`): the view's fields, those it copies from its state as
the state declares them, and the read-only keys beside them (a property of the same name,
or the document's ``events_since``)."""
