"""Decoding JSON documents: strict readers that report the path of every bad value.

Private to :mod:`pushrummy.serialization`, which documents the format. Every
reader takes the value and its JSON path (``$.table[2].cards[1]``) and either
returns the Python value or raises :class:`~pushrummy.errors.DecodeError` naming
that path; nothing else escapes. The fields of a variant, a state and a view are read by
looping over their declarations (:func:`~pushrummy._wire.wire_fields`,
:func:`~pushrummy._wire.wire_keys`: one reader per :class:`~pushrummy._wire.Codec`), the
read-only keys of a view checked against the view read.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from ._json_read import (
    DuplicateKeyError,
    describe,
    fail,
    is_int,
    key_path,
    no_duplicate_keys,
    read_array,
    read_bool,
    read_bools,
    read_card,
    read_cards,
    read_contract,
    read_count,
    read_enum,
    read_fields,
    read_hand,
    read_int,
    read_ints,
    read_meld,
    read_object,
    read_opt_card,
    read_opt_seat,
    read_opt_shape,
    read_per_seat,
    read_seat,
    read_seed,
    read_shape,
    read_str,
    short,
    short_int,
)
from ._wire import (
    CARD_VALUE_KEYS,
    DOCUMENT_KINDS,
    RUN_POSITIONS,
    SCHEMA_PREFIX,
    SCHEMA_VERSION,
    VARIANT_FACTS,
    Codec,
    FieldInfo,
    Kind,
    WireField,
    wild_cards,
    wire_fields,
    wire_keys,
)
from .cards import Card
from .consistency import Problem, state_problems, view_problems
from .dealing import deck_order_problem
from .english import describe_event, describe_move, is_description
from .errors import StaleMoveError, VariantError
from .events import EVENT_CLASSES, DealEnd, Drew, Event, EventLog, GameLog, StartingPosition
from .melds import MAX_RUN_POSITION, End, Meld
from .moves import Move
from .movetable import MOVE_KINDS, kind_named
from .notation import format_move
from .records import GameRecord
from .state import (
    DealResult,
    GameState,
    Outcome,
    TableMeld,
)
from .variants import (
    DealSpec,
    Stakes,
    StakesSettlement,
    Variant,
)
from .views import PlayerView

# =============================================================================================
# Decoders: melds, moves, variants
# =============================================================================================

_MOVE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    kind.name: ("type", *kind.fields) for kind in MOVE_KINDS
}
"""The fields of each move's JSON object, by its ``type`` (from the move table)."""


_LABELS: Final[dict[str, Callable[[Move], str]]] = {
    "notation": format_move,
    "description": describe_move,
}
"""The labels a listed move may carry after its fields: read-only, derived from the move."""


def _move(
    value: object,
    path: str,
    players: int | None = None,
    *,
    labels: bool | None = False,
    table: tuple[TableMeld, ...] | None = None,
) -> Move:
    """A move object; ``labels``: ``True`` they are required, ``None`` optional, ``False`` refused.

    A description names a lay-off's or an exchange's target meld as ``table`` shows it
    (a view's moves); without a table (a move sent back alone) its form is checked.
    """
    obj = read_object(value, path, "a move")
    given: dict[str, object] = {}
    if labels is not False:
        given = {name: obj[name] for name in _LABELS if name in obj}
        if labels:
            for name in _LABELS:
                if name not in given:
                    raise fail(f"missing field {name!r} of a listed move", f"{path}.{name}")
        obj = {key: item for key, item in obj.items() if key not in _LABELS}
    types = ", ".join(json.dumps(name) for name in _MOVE_FIELDS)
    if "type" not in obj:
        raise fail(f"missing field 'type' of a move (one of {types})", f"{path}.type")
    name = obj["type"]
    if not isinstance(name, str):
        raise fail(
            f"a move type must be a string (one of {types}), not {describe(name)}", f"{path}.type"
        )
    kind = kind_named(name)
    if kind is None:
        raise fail(f"unknown move type {short(name)} (expected one of {types})", f"{path}.type")
    obj = read_fields(obj, path, f"a {name} move", _MOVE_FIELDS[name])
    values = []
    for field in kind.fields:
        where = f"{path}.{field}"
        if field == "seat":
            values.append(
                read_int(
                    obj["seat"],
                    where,
                    "a seat (an integer >= 0)" if players is None else f"a seat 0..{players - 1}",
                    lo=0,
                    hi=None if players is None else players - 1,
                )
            )
        else:
            values.append(_FIELD_IN[field](obj[field], where))
    move: Move = kind.move_type(*values)
    for name, text in given.items():
        own = format_move(move) if name == "notation" else describe_move(move, table)
        fits = (
            is_description(move, text, table)
            if name == "description" and isinstance(text, str)
            else text == own
        )
        if not fits:
            raise fail(
                f"expected {json.dumps(own)}, the move's own {name} (a label is read-only), "
                f"got {describe(text)}",
                f"{path}.{name}",
            )
    return move


def _melds_in(value: object, path: str) -> tuple[Meld, ...]:
    melds = read_array(value, path, "a list of melds")
    return tuple(read_meld(m, f"{path}[{i}]") for i, m in enumerate(melds))


def _end_in(value: object, path: str) -> End | None:
    if value is None:
        return None
    if value not in ("low", "high"):
        raise fail(f'expected "low", "high" or null (for a set), got {describe(value)}', path)
    return End(value)


def _position_in(value: object, path: str) -> int:
    return read_int(value, path, f"a run position 1..{MAX_RUN_POSITION}", lo=1, hi=MAX_RUN_POSITION)


_FIELD_IN: Final[dict[str, Callable[[object, str], Any]]] = {
    "card": read_card,
    "meld_id": lambda value, path: read_count(value, path, "a meld id"),
    "position": _position_in,
    "end": _end_in,
    "meld": read_meld,
    "melds": _melds_in,
    "shape": read_shape,
    "wilds": lambda value, path: read_cards(value, path, "a list of wild cards"),
}
"""How each field of a move other than its seat is read (the move table's ``fields``)."""


_VARIANT_WIRE: Final = wire_fields(Variant)
_VARIANT_FIELDS: Final = tuple(field.key for field in _VARIANT_WIRE)
"""The fields of a variant document: every field of :class:`Variant`, in its order."""
_VARIANT_KEY: Final = {field.name: field.key for field in _VARIANT_WIRE}
_VARIANT_LATER: Final[dict[str, object]] = {
    field.key: getattr(field.default, "value", field.default)  # an enum's default: its string
    for field in _VARIANT_WIRE
    if field.info.later
}
"""Options added after the first variant documents (``FieldInfo.later``), with their
defaults: a document written before an option existed leaves it out and reads as its
default."""


def _variant(value: object, path: str) -> Variant:
    given = read_object(value, path, "a variant")
    if _VARIANT_LATER:
        given = {**_VARIANT_LATER, **given}
    obj = read_fields(given, path, "a variant", (*_VARIANT_FIELDS, *VARIANT_FACTS))
    wilds = list(wild_cards(obj["wild_twos"]))
    if obj["wild_cards"] != wilds:
        raise fail(
            f"expected {json.dumps(wilds)}: the wild cards, a fact of the rules "
            "([setup.wild], by wild_twos), not an option",
            f"{path}.wild_cards",
        )
    if obj["run_positions"] != dict(RUN_POSITIONS):
        raise fail(
            f"expected {json.dumps(dict(RUN_POSITIONS))}: the rank at each run position, a "
            "fact of the rules ([meld.run]), not an option",
            f"{path}.run_positions",
        )
    args = {
        field.name: _VARIANT_IN[field.info.codec](obj[field.key], f"{path}.{field.key}", field.info)
        for field in _VARIANT_WIRE
    }
    try:
        return Variant(**args)
    except VariantError as exc:
        field = exc.field.split(".")[0]
        where = f"{path}.{_VARIANT_KEY[field]}" if field in _VARIANT_KEY else path
        raise fail(f"invalid variant: {exc.message}", where) from exc
    except (TypeError, ValueError) as exc:  # a safety net: Variant should raise VariantError
        raise fail(f"invalid variant: {str(exc)[:200]}", path) from exc


def _pairs_in(value: object, path: str, what: str) -> tuple[tuple[int, int], ...]:
    """A list of ``[players, what]`` pairs of counts."""
    pairs = []
    for i, pair in enumerate(read_array(value, path, f"a list of [players, {what}]")):
        where = f"{path}[{i}]"
        items = read_array(pair, where, f"a [players, {what}] pair", 2)
        pairs.append(
            (
                read_count(items[0], f"{where}[0]", "players"),
                read_count(items[1], f"{where}[1]", what),
            )
        )
    return tuple(pairs)


def _packs_in(value: object, path: str, info: FieldInfo) -> tuple[tuple[int, int], ...]:
    return _pairs_in(value, path, "packs")


def _jokers_in(value: object, path: str, info: FieldInfo) -> tuple[tuple[int, int], ...]:
    return _pairs_in(value, path, "jokers")


_DEAL_FIELDS = ("hand_size", "contract")
_DEAL_OPTIONAL = ("all_out",)
"""A deal's fields written only when not their default (``all_out``: when true)."""


def _deals_in(value: object, path: str, info: FieldInfo) -> tuple[DealSpec, ...]:
    deals = []
    for i, item in enumerate(read_array(value, path, "a list of deals")):
        where = f"{path}[{i}]"
        # all_out ([out.all_out]) is written only when true: older documents have none
        names = _DEAL_FIELDS + (
            ("all_out",) if isinstance(item, dict) and "all_out" in item else ()
        )
        deal = read_fields(item, where, "a deal", names)
        hand_size = read_int(deal["hand_size"], f"{where}.hand_size", "a hand size >= 1", lo=1)
        contract = read_contract(deal["contract"], f"{where}.contract")
        all_out = read_bool(deal["all_out"], f"{where}.all_out") if "all_out" in deal else False
        deals.append(DealSpec(hand_size, contract, all_out=all_out))
    return tuple(deals)


def _card_values_in(value: object, path: str, info: FieldInfo) -> tuple[int, ...]:
    values = read_fields(value, path, "a card-value table", CARD_VALUE_KEYS)
    return tuple(read_count(values[key], key_path(path, key), "points") for key in CARD_VALUE_KEYS)


def _stakes_in(value: object, path: str, info: FieldInfo) -> Stakes | None:
    if value is None:
        return None
    stakes = read_fields(value, path, "stakes (or null)", ("ante", "round_prize"))
    return Stakes(
        read_count(stakes["ante"], f"{path}.ante", "an ante in chips"),
        read_count(stakes["round_prize"], f"{path}.round_prize", "a round prize in chips"),
    )


def _enum_in(value: object, path: str, info: FieldInfo) -> enum.Enum:
    assert info.enum_type is not None  # a FieldInfo of Codec.ENUM names its enum
    return read_enum(value, path, info.enum_type)


def _int_in(value: object, path: str, info: FieldInfo) -> int:
    return read_int(value, path, info.what, lo=info.lo, hi=info.hi)


_VARIANT_IN: Final[dict[Codec, Callable[[object, str, FieldInfo], Any]]] = {
    Codec.STR: lambda value, path, info: read_str(value, path, info.what),
    Codec.PACKS: _packs_in,
    Codec.JOKERS: _jokers_in,
    Codec.BOOL: lambda value, path, info: read_bool(value, path),
    Codec.DEALS: _deals_in,
    Codec.CARD_VALUES: _card_values_in,
    Codec.STAKES: _stakes_in,
    Codec.ENUM: _enum_in,
    Codec.INT: _int_in,
    Codec.OPT_INT: lambda value, path, info: None if value is None else _int_in(value, path, info),
}
"""How a variant field of each codec is read (its declaration: :func:`wire_fields`)."""


# =============================================================================================
# Decoders: states, views, records
# =============================================================================================

_STATE_WIRE: Final = wire_fields(GameState)
_STATE_FIELDS: Final = tuple(field.key for field in _STATE_WIRE)
"""The fields of a state document: every field of :class:`GameState`, in its order."""
_STATE_LATER: Final[dict[str, object]] = {
    field.key: list(field.default) for field in _STATE_WIRE if field.info.later
}
"""Fields added after the first state documents (``FieldInfo.later``; each a list of cards),
read as their (empty) default when a document leaves them out."""
_VIEW_WIRE: Final = wire_fields(PlayerView)
_VIEW_NAMES: Final = tuple(field.name for field in _VIEW_WIRE)
_VIEW_KEYS: Final = wire_keys(PlayerView)
_VIEW_FIELDS: Final = tuple(key for key, _, _ in _VIEW_KEYS)
_VIEW_LATER: Final[dict[str, object]] = {
    field.key: list(field.default) if isinstance(field.default, tuple) else field.default
    for field in _VIEW_WIRE
    if field.info.later
}
"""A view's fields added after the first view documents (as :data:`_STATE_LATER`)."""
"""The keys of a view document: every field of :class:`PlayerView` and the read-only keys
beside them, in order."""
_RECORD_FIELDS: Final = ("variant", "seed", "players", "dealer", "deals", "moves")
_RECORD_OPTIONAL: Final = ("human", "reshuffles")
"""Fields a record may leave out: ``human`` (the seat a person played; ``null`` if absent)."""
_RESULT_FIELDS: Final = ("deal_number", "dealer", "ended_by", "went_out", "hands", "penalties")
_OUTCOME_FIELDS: Final = ("totals", "winners", "stakes")
_SETTLEMENT_FIELDS: Final = ("pot", "round_prizes", "final_prizes", "net", "left_in_pot")


@attrs.frozen(slots=True)
class _Game:
    """What a state's or a view's fields are read against: the variant and the seats."""

    variant: Variant
    players: int
    sides: int


def _players(value: object, path: str, variant: Variant) -> int:
    players = read_int(value, path, "a number of players")
    if players not in variant.player_counts:
        counts = ", ".join(str(c) for c in variant.player_counts)
        raise fail(f"the variant {variant.name!r} is for {counts} players, not {players}", path)
    return players


def _game(obj: Mapping[str, Any], path: str) -> tuple[_Game, dict[str, Any]]:
    """Decode the variant and the number of players of a state or a view, read first: the
    other fields are read against them. The consistency of the fields is checked once the
    whole value is built, by :mod:`pushrummy.consistency`."""
    variant = _variant(obj["variant"], f"{path}.variant")
    players = _players(obj["players"], f"{path}.players", variant)
    game = _Game(variant, players, variant.side_count(players))
    return game, {"variant": variant, "players": players}


def _read_state_field(obj: Mapping[str, Any], path: str, field: WireField, game: _Game) -> Any:
    return _FIELD_IN_GAME[field.info.codec](obj[field.key], f"{path}.{field.key}", field.info, game)


def _table_in(value: object, path: str, players: int) -> tuple[TableMeld, ...]:
    table = []
    for i, item in enumerate(read_array(value, path, "a list of table melds")):
        where = f"{path}[{i}]"
        entry = read_fields(item, where, "a table meld", ("id", "owner", "meld"))
        meld_id = read_count(entry["id"], f"{where}.id", "a meld id")
        owner = read_seat(entry["owner"], f"{where}.owner", players)
        meld = read_meld(entry["meld"], f"{where}.meld")
        table.append(TableMeld(id=meld_id, owner=owner, meld=meld))
    return tuple(table)


def _deck_orders_in(value: object, path: str, deals: int) -> tuple[tuple[Card, ...] | None, ...]:
    orders = read_array(value, path, "a list of deck orders or null, one per deal", deals)
    return tuple(
        None if order is None else read_cards(order, f"{path}[{i}]", "a deck order")
        for i, order in enumerate(orders)
    )


def _stock_orders_in(value: object, path: str) -> tuple[tuple[Card, ...], ...]:
    orders = read_array(value, path, "a list of stock orders (lists of cards)")
    return tuple(
        read_cards(order, f"{path}[{i}]", "a stock order") for i, order in enumerate(orders)
    )


def _hands_in(value: object, path: str, players: int) -> tuple[tuple[Card, ...], ...]:
    hands = read_per_seat(value, path, players, "hands")
    return tuple(read_hand(hand, f"{path}[{s}]") for s, hand in enumerate(hands))


def _seat_cards_in(
    value: object, path: str, players: int, what: str
) -> tuple[tuple[Card, ...], ...]:
    items = read_per_seat(value, path, players, what)
    return tuple(read_cards(item, f"{path}[{i}]") for i, item in enumerate(items))


def _since_in(value: object, path: str, info: FieldInfo) -> int:
    since = read_count(value, path, info.what)
    if since:
        raise fail(
            "a view with events_since > 0 holds only the newer events; decode a whole view "
            "(events_since 0)",
            path,
        )
    return since


_FIELD_IN_GAME: Final[dict[Codec, Callable[[object, str, FieldInfo, _Game], Any]]] = {
    Codec.SEED: lambda v, p, info, game: read_seed(v, p),
    Codec.DECK_ORDERS: lambda v, p, info, game: _deck_orders_in(v, p, len(game.variant.deals)),
    Codec.STOCK_ORDERS: lambda v, p, info, game: _stock_orders_in(v, p),
    Codec.DEAL_NUMBER: lambda v, p, info, game: read_int(
        v, p, f"a deal number 1..{len(game.variant.deals)}", 1, len(game.variant.deals)
    ),
    Codec.SEAT: lambda v, p, info, game: read_seat(v, p, game.players),
    Codec.OPT_SEAT: lambda v, p, info, game: read_opt_seat(v, p, game.players),
    Codec.ENUM: lambda v, p, info, game: _enum_in(v, p, info),
    Codec.HANDS: lambda v, p, info, game: _hands_in(v, p, game.players),
    Codec.CARDS: lambda v, p, info, game: read_cards(v, p, info.what),
    Codec.OPT_CARD: lambda v, p, info, game: read_opt_card(v, p),
    Codec.OPT_SHAPE: lambda v, p, info, game: read_opt_shape(v, p),
    Codec.TABLE: lambda v, p, info, game: _table_in(v, p, game.players),
    Codec.SEAT_FLAGS: lambda v, p, info, game: read_bools(v, p, game.players, info.what),
    Codec.BOOL: lambda v, p, info, game: read_bool(v, p),
    Codec.SEAT_CARDS: lambda v, p, info, game: _seat_cards_in(v, p, game.players, info.what),
    Codec.COUNT: lambda v, p, info, game: read_count(v, p, info.what),
    Codec.RESULTS: lambda v, p, info, game: _results(v, p, game.players, game.sides),
    Codec.TOTALS: lambda v, p, info, game: read_ints(
        v, p, game.sides, f"a list of {game.sides} side totals"
    ),
    Codec.OUTCOME: lambda v, p, info, game: _outcome(v, p, game.players, game.sides),
    Codec.LOG: lambda v, p, info, game: _log(v, p, _Seats(game.players, game.sides)),
    Codec.SIDE: lambda v, p, info, game: read_count(v, p, info.what),
    Codec.CONTRACT: lambda v, p, info, game: read_contract(v, p),
    Codec.HAND: lambda v, p, info, game: read_hand(v, p),
    Codec.SEAT_COUNTS: lambda v, p, info, game: read_ints(v, p, game.players, info.what, 0),
    Codec.SINCE: lambda v, p, info, game: _since_in(v, p, info),
    Codec.SIDES: lambda v, p, info, game: read_ints(
        v, p, game.players, "a list of sides, one per seat,", 0
    ),
    Codec.CONTRACT_PARTS: lambda v, p, info, game: v,  # compared with the view's, as written
    Codec.PROGRESS: lambda v, p, info, game: read_count(v, p, "a progress"),
}
"""How a field of a state, or a key of a view, of each codec (other than the variant and the
number of players, read first: the others are read against them) is read; a read-only key
that derives from the view is then compared with the view's (:data:`_VIEW_EXPECTED`)."""

_VIEW_IN: Final[dict[Codec, Callable[[object, str, _Game, Mapping[str, Any]], Any]]] = {
    Codec.SEEN: lambda v, p, game, values: _seen(
        v, p, _Seats(game.players, game.sides), values["seat"]
    ),
    Codec.LISTED: lambda v, p, game, values: tuple(
        _move(
            _listed(m, f"{p}[{i}]", values["progress"]),
            f"{p}[{i}]",
            game.players,
            labels=True,
            table=values["table"],
        )
        for i, m in enumerate(read_array(v, p, "a list of moves"))
    ),
}
"""How a view key whose codec reads it against the keys read before it (its ``seat``, its
``table``, its ``progress``) is read."""

_VIEW_EXPECTED: Final[dict[Codec, Callable[[Any], Any]]] = {
    Codec.SIDES: list,
    Codec.CONTRACT_PARTS: lambda parts: [str(part) for part in parts],
    Codec.PROGRESS: int,
}
"""The JSON a read-only key of a view must hold, from the view's property of the same
name."""

if (
    {f.info.codec for f in _VARIANT_WIRE} - set(_VARIANT_IN)
    or {f.info.codec for f in _STATE_WIRE if f.name not in ("variant", "players")}
    - set(_FIELD_IN_GAME)
    or {info.codec for _, name, info in _VIEW_KEYS if name not in ("variant", "players")}
    - {*_FIELD_IN_GAME, *_VIEW_IN}
):  # pragma: no cover - a codec without a reader fails at import
    raise RuntimeError("_json_decode cannot read every variant, state and view field")


def _results(value: object, path: str, players: int, sides: int) -> tuple[DealResult, ...]:
    items = read_array(value, path, "a list of deal results")
    results = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]"
        obj = read_fields(item, where, "a deal result", _RESULT_FIELDS)
        hands = tuple(
            read_hand(hand, f"{where}.hands[{s}]")
            for s, hand in enumerate(
                read_per_seat(obj["hands"], f"{where}.hands", players, "hands")
            )
        )
        results.append(
            DealResult(
                deal_number=read_int(
                    obj["deal_number"], f"{where}.deal_number", "a deal number", 1
                ),
                dealer=read_seat(obj["dealer"], f"{where}.dealer", players),
                ended_by=read_enum(obj["ended_by"], f"{where}.ended_by", DealEnd),
                went_out=read_opt_seat(obj["went_out"], f"{where}.went_out", players),
                hands=hands,
                penalties=read_ints(
                    obj["penalties"], f"{where}.penalties", sides, f"a list of {sides} penalties", 0
                ),
            )
        )
    return tuple(results)


def _outcome(value: object, path: str, players: int, sides: int) -> Outcome | None:
    if value is None:
        return None
    obj = read_fields(value, path, "an outcome", _OUTCOME_FIELDS)
    outcome_totals = read_ints(obj["totals"], f"{path}.totals", sides, f"a list of {sides} totals")
    winner_list = read_array(obj["winners"], f"{path}.winners", "a list of sides")
    outcome_winners = tuple(
        read_int(w, f"{path}.winners[{i}]", f"a side 0..{sides - 1}", 0, sides - 1)
        for i, w in enumerate(winner_list)
    )
    stakes = _stakes(obj["stakes"], f"{path}.stakes", players)
    return Outcome(totals=outcome_totals, winners=outcome_winners, stakes=stakes)


def _stakes(value: object, where: str, players: int) -> StakesSettlement | None:
    stakes: StakesSettlement | None = None
    if value is not None:
        s = read_fields(value, where, "a stakes settlement (or null)", _SETTLEMENT_FIELDS)
        stakes = StakesSettlement(
            pot=read_count(s["pot"], f"{where}.pot", "chips"),
            round_prizes=read_ints(
                s["round_prizes"], f"{where}.round_prizes", players, "chips per seat", 0
            ),
            final_prizes=read_ints(
                s["final_prizes"], f"{where}.final_prizes", players, "chips per seat", 0
            ),
            net=read_ints(s["net"], f"{where}.net", players, "chips per seat"),
            left_in_pot=read_count(s["left_in_pot"], f"{where}.left_in_pot", "chips"),
        )
    return stakes


@attrs.frozen(slots=True)
class _Seats:
    """What an event's fields are read against: the number of seats and sides."""

    players: int
    sides: int


def _seated_hands(value: object, path: str, seats: _Seats) -> tuple[tuple[Card, ...] | None, ...]:
    hands = read_per_seat(value, path, seats.players, "dealt hands (a hand or null per seat)")
    return tuple(
        None if hand is None else read_hand(hand, f"{path}[{i}]") for i, hand in enumerate(hands)
    )


def _sides_list(value: object, path: str, seats: _Seats) -> tuple[int, ...]:
    items = read_array(value, path, "a list of sides")
    return tuple(
        read_int(w, f"{path}[{i}]", f"a side 0..{seats.sides - 1}", 0, seats.sides - 1)
        for i, w in enumerate(items)
    )


_EVENT_FIELD_READERS: Final[dict[str, Callable[[object, str, _Seats], Any]]] = {
    "seat": lambda v, p, n: read_seat(v, p, n.players),
    "to": lambda v, p, n: read_seat(v, p, n.players),
    "dealer": lambda v, p, n: read_seat(v, p, n.players),
    "owner": lambda v, p, n: read_seat(v, p, n.players),
    "went_out": lambda v, p, n: read_opt_seat(v, p, n.players),
    "deal_number": lambda v, p, n: read_int(v, p, "a deal number", 1),
    "meld_id": lambda v, p, n: read_count(v, p, "a meld id"),
    "card": lambda v, p, n: read_card(v, p),
    "upcard": lambda v, p, n: read_card(v, p),
    "wild": lambda v, p, n: read_card(v, p),
    "buried": lambda v, p, n: read_cards(v, p),
    "cards": lambda v, p, n: read_cards(v, p),
    "hands": _seated_hands,
    "pushed": lambda v, p, n: read_bool(v, p),
    "complete": lambda v, p, n: read_bool(v, p),
    "meld": lambda v, p, n: read_meld(v, p),
    "ended_by": lambda v, p, n: read_enum(v, p, DealEnd),
    "penalties": lambda v, p, n: read_ints(v, p, n.sides, f"a list of {n.sides} penalties", 0),
    "totals": lambda v, p, n: read_ints(v, p, n.sides, f"a list of {n.sides} totals"),
    "winners": _sides_list,
    "stakes": lambda v, p, n: _stakes(v, p, n.players),
    "turn": lambda v, p, n: read_count(v, p, "a number of turns"),
    "penalty": lambda v, p, n: read_count(v, p, "a number of penalty cards"),
    "drawn": lambda v, p, n: read_bool(v, p),
    "sizes": lambda v, p, n: read_ints(v, p, n.players, "hand sizes, one per seat,", 0),
    "known": lambda v, p, n: tuple(
        read_hand(hand, f"{p}[{i}]")
        for i, hand in enumerate(read_per_seat(v, p, n.players, "a list of cards"))
    ),
    "owners": lambda v, p, n: tuple(
        read_seat(owner, f"{p}[{i}]", n.players)
        for i, owner in enumerate(read_array(v, p, "a list of seats"))
    ),
    "melds": lambda v, p, n: tuple(
        read_meld(meld, f"{p}[{i}]") for i, meld in enumerate(read_array(v, p, "a list of melds"))
    ),
    "laid_down": lambda v, p, n: read_bools(v, p, n.players, "a list of true/false"),
    "taken": lambda v, p, n: read_opt_card(v, p),
    "laid_down_this_turn": lambda v, p, n: read_bool(v, p),
    "pile": lambda v, p, n: read_cards(v, p),
}
"""How each field of an event object is read (the same name means the same thing in
every event)."""

_DREW_READERS: Final = {
    **_EVENT_FIELD_READERS,
    "card": lambda v, p, n: read_opt_card(v, p),  # null: a stock card the viewer may not see
}

_STARTING_READERS: Final = {
    **_EVENT_FIELD_READERS,
    "upcard": lambda v, p, n: read_opt_card(v, p),  # null: the seat to move has drawn
}

_EVENT_KINDS: Final[dict[str, tuple[type[Any], tuple[str, ...]]]] = {
    cls.kind: (cls, tuple(f.name for f in attrs.fields(cls))) for cls in EVENT_CLASSES
}
"""Each event class and its fields, by the event's JSON ``type``."""
if not {f for _, fields in _EVENT_KINDS.values() for f in fields} <= set(_EVENT_FIELD_READERS):
    raise RuntimeError("_json_decode cannot read every event field")  # pragma: no cover


def _event(value: object, path: str, seats: _Seats, extra: tuple[str, ...] = ()) -> Event:
    """One event object; ``extra`` names the read-only labels it may carry (a view's)."""
    obj = read_object(value, path, "an event")
    kind = obj.get("type")
    found = _EVENT_KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise fail(
            f"expected an event type ({', '.join(_EVENT_KINDS)}), got {describe(kind)}",
            f"{path}.type",
        )
    cls, fields = found
    if cls is StartingPosition and "pile" not in obj:
        obj = {**obj, "pile": []}  # written before a set-up position had a discard pile
    obj = read_fields(obj, path, f"a {kind} event", (*extra[:1], "type", *fields, *extra[1:]))
    readers = (
        _DREW_READERS
        if cls is Drew
        else _STARTING_READERS
        if cls is StartingPosition
        else _EVENT_FIELD_READERS
    )
    event: Event = cls(
        **{name: readers[name](obj[name], f"{path}.{name}", seats) for name in fields}
    )
    return event


def _log(value: object, path: str, seats: _Seats) -> GameLog:
    items = read_array(value, path, "a list of events")
    return GameLog(seats.players, [_event(e, f"{path}[{i}]", seats) for i, e in enumerate(items)])


def _seen(value: object, path: str, seats: _Seats, seat: int) -> EventLog:
    """A view's events: each with its index and its text, which must be its own."""
    items = read_array(value, path, "a list of events")
    events = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]"
        event = _event(item, where, seats, ("index", "text"))
        obj = read_object(item, where, "an event")
        if not is_int(obj["index"]) or obj["index"] != i:
            raise fail(f"expected {i}: the event's index in the game", f"{where}.index")
        text = describe_event(event, you=seat)
        if obj["text"] != text:
            raise fail(f"expected {json.dumps(text)}: the event's text", f"{where}.text")
        events.append(event)
    return EventLog(events)


def _refuse(problems: tuple[Problem, ...], path: str) -> None:
    """Raise the first consistency problem as a DecodeError at its JSON path."""
    if problems:
        where = problems[0].where
        if where:
            path = path + where if where.startswith("[") else f"{path}.{where}"
        raise fail(problems[0].message, path)


def _state(value: object, path: str) -> GameState:
    given = read_object(value, path, "a game state")
    if _STATE_LATER:
        given = {**_STATE_LATER, **given}
    obj = read_fields(given, path, "a game state", _STATE_FIELDS)
    game, values = _game(obj, path)
    for field in _STATE_WIRE:
        if field.name not in values:
            values[field.name] = _read_state_field(obj, path, field, game)
    state = GameState(**values)
    _refuse(state_problems(state), path)
    return state


def _view(value: object, path: str) -> PlayerView:
    """A view: its keys read in order (each against the variant, the players and the keys
    read before it), then its consistency, then the read-only keys that derive from it
    compared with the view's."""
    given = read_object(value, path, "a player view")
    if _VIEW_LATER:
        given = {**_VIEW_LATER, **given}
    obj = read_fields(given, path, "a player view", _VIEW_FIELDS)
    game, read = _game(obj, path)
    for key, name, info in _VIEW_KEYS:
        if name not in read:
            read[name] = _read_view_key(obj, path, key, info, game, read)
    result = PlayerView(**{name: read[name] for name in _VIEW_NAMES})
    _refuse(view_problems(result), path)
    for key, name, info in _VIEW_KEYS:
        derive = _VIEW_EXPECTED.get(info.codec) if name not in _VIEW_NAMES else None
        if derive is not None:
            expected = derive(getattr(result, name))
            if not _same_json(obj[key], expected):
                rule = f" ([{info.rule}])" if info.rule else ""
                raise fail(f"expected {json.dumps(expected)}: {info.what}{rule}", f"{path}.{key}")
    return result


def _listed(value: object, path: str, progress: int) -> dict[str, object]:
    """A view's listed move without its precondition, which must be the view's progress."""
    obj = read_object(value, path, "a move")
    if "progress" not in obj:
        raise fail("missing field 'progress' of a listed move (the view's)", f"{path}.progress")
    if not is_int(obj["progress"]) or obj["progress"] != progress:
        raise fail(
            f"expected {progress}, the view's progress, got {describe(obj['progress'])}",
            f"{path}.progress",
        )
    return {key: item for key, item in obj.items() if key != "progress"}


def _read_view_key(
    obj: Mapping[str, Any],
    path: str,
    key: str,
    info: FieldInfo,
    game: _Game,
    values: Mapping[str, Any],
) -> Any:
    """The value of a view's ``key``, read against the game and the fields read before it."""
    where = f"{path}.{key}"
    against = _VIEW_IN.get(info.codec)
    if against is not None:
        return against(obj[key], where, game, values)
    return _FIELD_IN_GAME[info.codec](obj[key], where, info, game)


def _same_json(given: object, expected: object) -> bool:
    """Whether the JSON value ``given`` is ``expected``, types included (``true`` is not
    ``1``, ``1.0`` not ``1``)."""
    if type(given) is not type(expected):
        return False
    if isinstance(given, list):
        assert isinstance(expected, list)
        return len(given) == len(expected) and all(map(_same_json, given, expected))
    return given == expected


def _deck_order(
    value: object, path: str, variant: Variant, players: int, index: int
) -> tuple[Card, ...]:
    """A record's deck order for deal ``index + 1``: the deck, or the deck with its burials
    placed ([deal.upcard]; the one predicate, :func:`~pushrummy.dealing.deck_order_problem`)."""
    order = read_cards(value, path, "a deck order (a list of cards) or null")
    problem = deck_order_problem(order, variant, players, index + 1)
    if problem is not None:
        raise fail(f"the deck order {problem}", path)
    return order


def _record(value: object, path: str) -> GameRecord:
    given = read_object(value, path, "a game record")
    optional = {name: given[name] for name in _RECORD_OPTIONAL if name in given}
    required = {key: item for key, item in given.items() if key not in _RECORD_OPTIONAL}
    obj = read_fields(required, path, "a game record", _RECORD_FIELDS)
    variant = _variant(obj["variant"], f"{path}.variant")
    players = _players(obj["players"], f"{path}.players", variant)
    seed = read_seed(obj["seed"], f"{path}.seed")
    dealer = read_seat(obj["dealer"], f"{path}.dealer", players)
    count = len(variant.deals)
    orders = read_array(
        obj["deals"], f"{path}.deals", "a list of deck orders or null, one per deal"
    )
    if len(orders) > count:
        raise fail(
            f"expected at most {count} deck orders (one per deal), got {len(orders)}",
            f"{path}.deals",
        )
    deals = tuple(
        None if order is None else _deck_order(order, f"{path}.deals[{i}]", variant, players, i)
        for i, order in enumerate(orders)
    )
    items = read_array(obj["moves"], f"{path}.moves", "a list of moves")
    moves = tuple(_move(m, f"{path}.moves[{i}]", players) for i, m in enumerate(items))
    human = optional.get("human")
    if human is not None:
        human = read_seat(human, f"{path}.human", players)
    reshuffles = _stock_orders_in(optional.get("reshuffles", []), f"{path}.reshuffles")
    return GameRecord(
        variant=variant,
        seed=seed,
        players=players,
        dealer=dealer,
        deals=deals,
        moves=moves,
        human=human,
        reshuffles=reshuffles,
    )


def _card_body(value: object, path: str) -> Card:
    obj = read_fields(value, path, "a card document", ("card",))
    return read_card(obj["card"], f"{path}.card")


_DECODERS: Final[dict[str, Callable[[object, str], object]]] = {
    "card": _card_body,
    "move": lambda value, path: _move(value, path, labels=None),
    "meld": read_meld,
    "variant": _variant,
    "state": _state,
    "view": _view,
    "record": _record,
}


def parse_json(text: str | bytes | bytearray) -> object:
    """The Python form of JSON ``text``: invalid JSON, duplicate keys and overly deep nesting are errors."""
    try:
        return json.loads(text, object_pairs_hook=no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise fail(
            f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", path="$"
        ) from exc
    except DuplicateKeyError as exc:
        raise fail(f"invalid JSON: duplicate key {exc.key!r} in an object", path="$") from None
    except RecursionError:
        raise fail("invalid JSON: nested too deeply", path="$") from None
    except ValueError as exc:  # undecodable bytes, integers with too many digits
        raise fail(f"invalid JSON: {exc}", path="$") from exc


def decode_document(document: object, kind: Kind | None, at: int | None = None) -> object:
    """Check a document's ``schema`` and ``version`` (and its kind, if given), then decode its body.

    A move document's precondition (``progress``) is checked against ``at``, the game's
    progress: another is :class:`~pushrummy.errors.StaleMoveError`; without ``at`` the
    precondition cannot be checked, and is refused (a :class:`DecodeError`).
    """
    obj = read_object(document, "$", "a pushrummy document")
    if "schema" not in obj:
        raise fail(
            "missing field 'schema' (a pushrummy document starts with "
            '{"schema": "pushrummy.<kind>", "version": 1})',
            path="$.schema",
        )
    schema = obj["schema"]
    names = ", ".join(SCHEMA_PREFIX + k for k in DOCUMENT_KINDS)
    if not isinstance(schema, str):
        raise fail(f"expected a schema name ({names}), got {describe(schema)}", "$.schema")
    found = schema[len(SCHEMA_PREFIX) :] if schema.startswith(SCHEMA_PREFIX) else None
    if found not in DOCUMENT_KINDS:
        raise fail(f"unknown schema {short(schema)} (expected one of {names})", "$.schema")
    if kind is not None and found != kind:
        raise fail(f"expected a {SCHEMA_PREFIX}{kind} document, got {short(schema)}", "$.schema")
    if "version" not in obj:
        raise fail("missing field 'version' (this library reads version 1)", "$.version")
    version = obj["version"]
    if not is_int(version):
        raise fail(f"expected the version number 1, got {describe(version)}", "$.version")
    if version != SCHEMA_VERSION:
        raise fail(
            f"unsupported version {short_int(version)} "
            f"(this library reads version {SCHEMA_VERSION})",
            "$.version",
        )
    body = {key: value for key, value in obj.items() if key not in ("schema", "version")}
    if found != "move" or "progress" not in body:
        return _DECODERS[found](body, "$")
    progress = read_count(body.pop("progress"), "$.progress", "a progress (the view's)")
    move = _DECODERS[found](body, "$")
    if at is None:
        raise fail(
            "a move with a precondition (progress) is decoded against the game it is for: "
            "decode(document, kind='move', at=state)",
            "$.progress",
        )
    if progress != at:
        raise StaleMoveError(progress=progress, current=at)
    return move
