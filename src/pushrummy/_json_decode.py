"""Decoding JSON documents: strict readers that report the path of every bad value.

Private to :mod:`pushrummy.serialization`, which documents the format. Every
reader takes the value and its JSON path (``$.table[2].cards[1]``) and either
returns the Python value or raises :class:`~pushrummy.errors.DecodeError` naming
that path; nothing else escapes.
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs

from ._wire import (
    CARD_VALUE_KEYS,
    DOCUMENT_KINDS,
    INT_BITS,
    SCHEMA_PREFIX,
    SCHEMA_VERSION,
    SEED_BITS,
    Kind,
)
from .cards import Card, Rank, Suit, make_deck, parse_card
from .consistency import Problem, state_problems, view_problems
from .contract_spec import Contract
from .errors import DecodeError, InvalidMeldError, NotationError, VariantError, clip_items
from .melds import MAX_RUN_POSITION, End, Meld, MeldKind, WildLimit
from .moves import Move
from .movetable import MOVE_KINDS, kind_named
from .records import GameRecord
from .scoring import StakesSettlement
from .state import (
    DealEnd,
    DealResult,
    GameState,
    Outcome,
    Phase,
    TableMeld,
)
from .variants import (
    BOOL_FIELDS,
    BuryPosition,
    DealSpec,
    LayoffTargets,
    PushTo,
    ShortStockPush,
    Stakes,
    Variant,
    WildExchange,
)
from .views import PlayerView

# =============================================================================================
# Reading JSON values, with paths
# =============================================================================================


def _fail(message: str, path: str) -> DecodeError:
    """The :class:`DecodeError` for the value at ``path``."""
    return DecodeError(message, path=path)


class _DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(text: str, limit: int = 40) -> str:
    shown = repr(text) if len(text) <= limit else repr(text[:limit]) + "…"
    return shown


def _short_int(value: int) -> str:
    return str(value) if abs(value) < 10**30 else "a very large integer"


def _describe(value: object) -> str:
    """A short description of a JSON value, for error messages."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if _is_int(value):
        return _short_int(value)  # type: ignore[arg-type]
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {_short(value)}"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__} (not a JSON value)"


def _key_path(path: str, key: str) -> str:
    if key.isascii() and key.isidentifier():
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key)}]"


def _object(value: object, path: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(f"expected {what} (a JSON object), got {_describe(value)}", path)
    for key in value:
        if not isinstance(key, str):
            raise _fail(
                f"object keys must be strings, got {type(key).__name__} {key!r}"[:120], path
            )
    return value


def _fields(value: object, path: str, what: str, names: Sequence[str]) -> dict[str, Any]:
    """``value`` as an object with exactly the fields ``names`` (no more, no fewer)."""
    obj = _object(value, path, what)
    for key in obj:
        if key not in names:
            raise _fail(
                f"unknown field {_short(key)} in {what} (its fields are {', '.join(names)})",
                _key_path(path, key),
            )
    for name in names:
        if name not in obj:
            raise _fail(f"missing field {name!r} of {what}", _key_path(path, name))
    return obj


def _array(value: object, path: str, what: str, length: int | None = None) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        raise _fail(f"expected {what} (a JSON array), got {_describe(value)}", path)
    if length is not None and len(value) != length:
        raise _fail(f"expected {what} with {length} entries, got {len(value)}", path)
    return value


def _int(
    value: object,
    path: str,
    what: str = "an integer",
    lo: int | None = None,
    hi: int | None = None,
    *,
    bits: int = INT_BITS,
) -> int:
    """An integer (never a bool), in ``lo..hi`` and below ``2**bits`` in magnitude."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(f"expected {what}, got {_describe(value)}", path)
    number = int(value)
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        raise _fail(f"expected {what}, got {_short_int(number)}", path)
    if number.bit_length() > bits:
        raise _fail(
            f"expected {what}, got {_short_int(number)}: "
            f"integers here are below 2**{bits} in magnitude",
            path,
        )
    return number


def _seed(value: object, path: str) -> int:
    return _int(value, path, "a seed (an integer)", bits=SEED_BITS)


def _count(value: object, path: str, what: str) -> int:
    return _int(value, path, f"{what} (an integer >= 0)", lo=0)


def _seat(value: object, path: str, players: int) -> int:
    return _int(value, path, f"a seat 0..{players - 1}", lo=0, hi=players - 1)


def _opt_seat(value: object, path: str, players: int) -> int | None:
    if value is None:
        return None
    return _int(value, path, f"a seat 0..{players - 1} or null", lo=0, hi=players - 1)


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"expected true or false, got {_describe(value)}", path)
    return value


def _str(value: object, path: str, what: str) -> str:
    if not isinstance(value, str):
        raise _fail(f"expected {what}, got {_describe(value)}", path)
    return value


E = TypeVar("E", bound=enum.Enum)


def _enum(value: object, path: str, enum_type: type[E]) -> E:
    if isinstance(value, str):
        for member in enum_type:
            if member.value == value:
                return member
    allowed = ", ".join(json.dumps(member.value) for member in enum_type)
    raise _fail(f"expected one of {allowed}, got {_describe(value)}", path)


def _card(value: object, path: str) -> Card:
    if not isinstance(value, str):
        raise _fail(
            f"expected a card (a string such as '10H' or 'JK'), got {_describe(value)}", path
        )
    try:
        card = parse_card(value)
    except NotationError as exc:
        raise _fail(f"bad card: {exc}", path) from exc
    if str(card) != value:
        raise _fail(f"{_short(value)} is not canonical card notation: write {str(card)!r}", path)
    return card


def _opt_card(value: object, path: str) -> Card | None:
    return None if value is None else _card(value, path)


def _cards(value: object, path: str, what: str = "a list of cards") -> tuple[Card, ...]:
    items = _array(value, path, what)
    return tuple(_card(item, f"{path}[{i}]") for i, item in enumerate(items))


def _hand(value: object, path: str) -> tuple[Card, ...]:
    """A hand: a multiset of cards, kept sorted (any order is accepted)."""
    return tuple(sorted(_cards(value, path, "a hand (a list of cards)")))


def _per_seat(value: object, path: str, players: int, what: str) -> Sequence[Any]:
    return _array(value, path, f"{what}, one per seat,", players)


def _bools(value: object, path: str, players: int, what: str) -> tuple[bool, ...]:
    items = _per_seat(value, path, players, what)
    return tuple(_bool(item, f"{path}[{i}]") for i, item in enumerate(items))


def _ints(
    value: object, path: str, length: int, what: str, lo: int | None = None
) -> tuple[int, ...]:
    items = _array(value, path, what, length)
    return tuple(
        _int(item, f"{path}[{i}]", "an integer" if lo is None else f"an integer >= {lo}", lo=lo)
        for i, item in enumerate(items)
    )


def _deck_of(variant: Variant, players: int) -> Counter[Card]:
    return Counter(make_deck(variant.packs(players)))


def _multiset_difference(have: Counter[Card], want: Counter[Card]) -> str:
    missing = want - have
    extra = have - want
    parts = []
    if missing:
        parts.append("missing " + clip_items(sorted(missing.elements())))
    if extra:
        parts.append("extra " + clip_items(sorted(extra.elements())))
    return "; ".join(parts)


def _deck_order(value: object, path: str, deck: Counter[Card]) -> tuple[Card, ...]:
    order = _cards(value, path, "a deck order (a list of cards) or null")
    counted = Counter(order)
    if counted != deck:
        raise _fail(
            f"a deck order must be the whole {deck.total()}-card deck: "
            + _multiset_difference(counted, deck),
            path,
        )
    return order


# =============================================================================================
# Decoders: melds, moves, variants
# =============================================================================================

_RANK_BY_SYMBOL: Final = {rank.symbol: rank for rank in Rank}
_SUIT_BY_LETTER: Final = {suit.letter: suit for suit in Suit}


def _meld(value: object, path: str) -> Meld:
    obj = _object(value, path, "a meld")
    if "kind" not in obj:
        raise _fail('missing field \'kind\' of a meld ("set" or "run")', f"{path}.kind")
    kind = _enum(obj["kind"], f"{path}.kind", MeldKind)
    try:
        if kind is MeldKind.SET:
            obj = _fields(obj, path, "a set", ("kind", "rank", "cards"))
            rank_text = obj["rank"]
            rank = _RANK_BY_SYMBOL.get(rank_text) if isinstance(rank_text, str) else None
            if rank is None:
                raise _fail(
                    f"expected a rank (A, 2 … 10, J, Q or K), got {_describe(rank_text)}",
                    f"{path}.rank",
                )
            cards = _cards(obj["cards"], f"{path}.cards")
            return Meld(MeldKind.SET, cards, rank=rank)
        obj = _fields(obj, path, "a run", ("kind", "suit", "start", "cards"))
        suit_text = obj["suit"]
        suit = _SUIT_BY_LETTER.get(suit_text) if isinstance(suit_text, str) else None
        if suit is None:
            raise _fail(
                f"expected a suit (C, D, H or S), got {_describe(suit_text)}", f"{path}.suit"
            )
        start = _int(
            obj["start"],
            f"{path}.start",
            f"a run position 1..{MAX_RUN_POSITION - 2} (1 = ace low)",
            lo=1,
            hi=MAX_RUN_POSITION - 2,
        )
        cards = _cards(obj["cards"], f"{path}.cards")
        return Meld(MeldKind.RUN, cards, suit=suit, start=start)
    except InvalidMeldError as exc:
        raise _fail(f"invalid meld: {exc}", path) from exc


_MOVE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    kind.name: ("type", *kind.fields) for kind in MOVE_KINDS
}
"""The fields of each move's JSON object, by its ``type`` (from the move table)."""


def _move(value: object, path: str, players: int | None = None) -> Move:
    obj = _object(value, path, "a move")
    types = ", ".join(json.dumps(name) for name in _MOVE_FIELDS)
    if "type" not in obj:
        raise _fail(f"missing field 'type' of a move (one of {types})", f"{path}.type")
    name = obj["type"]
    if not isinstance(name, str):
        raise _fail(
            f"a move type must be a string (one of {types}), not {_describe(name)}", f"{path}.type"
        )
    kind = kind_named(name)
    if kind is None:
        raise _fail(f"unknown move type {_short(name)} (expected one of {types})", f"{path}.type")
    obj = _fields(obj, path, f"a {name} move", _MOVE_FIELDS[name])
    values = []
    for field in kind.fields:
        where = f"{path}.{field}"
        if field == "seat":
            values.append(
                _int(
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
    return move


def _melds_in(value: object, path: str) -> tuple[Meld, ...]:
    melds = _array(value, path, "a list of melds")
    return tuple(_meld(m, f"{path}[{i}]") for i, m in enumerate(melds))


def _end_in(value: object, path: str) -> End | None:
    if value is None:
        return None
    if value not in ("low", "high"):
        raise _fail(f'expected "low", "high" or null (for a set), got {_describe(value)}', path)
    return End(value)


def _position_in(value: object, path: str) -> int:
    return _int(value, path, f"a run position 1..{MAX_RUN_POSITION}", lo=1, hi=MAX_RUN_POSITION)


_FIELD_IN: Final[dict[str, Callable[[object, str], Any]]] = {
    "card": _card,
    "meld_id": lambda value, path: _count(value, path, "a meld id"),
    "position": _position_in,
    "end": _end_in,
    "meld": _meld,
    "melds": _melds_in,
}
"""How each field of a move other than its seat is read (the move table's ``fields``)."""


_VARIANT_FIELDS: Final = (
    "name",
    "packs_for_players",
    "partnerships",
    "deals",
    "card_values",
    "stakes",
    "bury_position",
    "push_to",
    "short_stock_push",
    "min_naturals_per_meld",
    "wild_limit",
    "max_run_length",
    "contract_exact_sizes",
    "layoff_targets",
    "new_melds_after_contract",
    "same_turn_after_contract",
    "wild_exchange",
    "may_rediscard_taken",
    "may_discard_wild",
    "must_discard_to_go_out",
    "max_turns_per_deal",
)
"""The fields of a variant document: every field of :class:`Variant`, in its order."""

_VARIANT_ENUMS: Final[dict[str, type[enum.Enum]]] = {
    "bury_position": BuryPosition,
    "push_to": PushTo,
    "short_stock_push": ShortStockPush,
    "wild_limit": WildLimit,
    "layoff_targets": LayoffTargets,
    "wild_exchange": WildExchange,
}
_VARIANT_BOOLS: Final = BOOL_FIELDS
"""The variant's yes/no options, as the variant itself lists them."""


def _contract(value: object, path: str) -> Contract:
    text = _str(value, path, "a contract such as '2 sets of 3'")
    try:
        contract = Contract.parse(text)
    except ValueError as exc:  # NotationError; also a count with thousands of digits
        raise _fail(f"bad contract: {str(exc)[:200]}", path) from exc
    if str(contract) != text:
        raise _fail(
            f"{_short(text)} is not a contract in canonical form: write {str(contract)!r}", path
        )
    return contract


def _variant(value: object, path: str) -> Variant:
    obj = _fields(value, path, "a variant", _VARIANT_FIELDS)
    args: dict[str, Any] = {}

    def at(name: str) -> str:
        return f"{path}.{name}"

    args["name"] = _str(obj["name"], at("name"), "a variant name (a string)")
    pairs = _array(obj["packs_for_players"], at("packs_for_players"), "a list of [players, packs]")
    packs_for_players = []
    for i, pair in enumerate(pairs):
        where = f"{at('packs_for_players')}[{i}]"
        items = _array(pair, where, "a [players, packs] pair", 2)
        packs_for_players.append(
            (_count(items[0], f"{where}[0]", "players"), _count(items[1], f"{where}[1]", "packs"))
        )
    args["packs_for_players"] = tuple(packs_for_players)
    for name in _VARIANT_BOOLS:
        args[name] = _bool(obj[name], at(name))
    deals = []
    for i, item in enumerate(_array(obj["deals"], at("deals"), "a list of deals")):
        where = f"{at('deals')}[{i}]"
        deal = _fields(item, where, "a deal", ("hand_size", "contract"))
        hand_size = _int(deal["hand_size"], f"{where}.hand_size", "a hand size >= 1", lo=1)
        deals.append(DealSpec(hand_size, _contract(deal["contract"], f"{where}.contract")))
    args["deals"] = tuple(deals)
    values = _fields(obj["card_values"], at("card_values"), "a card-value table", CARD_VALUE_KEYS)
    args["card_values"] = tuple(
        _count(values[key], _key_path(at("card_values"), key), "points") for key in CARD_VALUE_KEYS
    )
    stakes = obj["stakes"]
    if stakes is not None:
        stakes = _fields(stakes, at("stakes"), "stakes (or null)", ("ante", "round_prize"))
        args["stakes"] = Stakes(
            _count(stakes["ante"], at("stakes.ante"), "an ante in chips"),
            _count(stakes["round_prize"], at("stakes.round_prize"), "a round prize in chips"),
        )
    for name, enum_type in _VARIANT_ENUMS.items():
        args[name] = _enum(obj[name], at(name), enum_type)
    args["min_naturals_per_meld"] = _int(
        obj["min_naturals_per_meld"], at("min_naturals_per_meld"), "0 or 1", lo=0, hi=1
    )
    args["max_run_length"] = _int(obj["max_run_length"], at("max_run_length"), "13 or 14", 13, 14)
    limit = obj["max_turns_per_deal"]
    args["max_turns_per_deal"] = (
        None
        if limit is None
        else _int(limit, at("max_turns_per_deal"), "null or an integer >= 1", lo=1)
    )
    try:
        return Variant(**args)
    except VariantError as exc:
        field = exc.field.split(".")[0]
        where = at(field) if field in _VARIANT_FIELDS else path
        raise _fail(f"invalid variant: {exc.message}", where) from exc
    except (TypeError, ValueError) as exc:  # a safety net: Variant should raise VariantError
        raise _fail(f"invalid variant: {str(exc)[:200]}", path) from exc


# =============================================================================================
# Decoders: states, views, records
# =============================================================================================

_STATE_FIELDS: Final = (
    "variant",
    "seed",
    "injected",
    "players",
    "deal_number",
    "dealer",
    "phase",
    "current_player",
    "hands",
    "stock",
    "upcard",
    "table",
    "laid_down",
    "laid_down_this_turn",
    "taken",
    "known",
    "turn",
    "results",
    "totals",
    "outcome",
)
_VIEW_FIELDS: Final = (
    "seat",
    "side",
    "players",
    "variant",
    "deal_number",
    "dealer",
    "contract",
    "contract_left",
    "phase",
    "current_player",
    "hand",
    "hand_sizes",
    "known",
    "upcard",
    "table",
    "stock_size",
    "laid_down",
    "laid_down_this_turn",
    "taken",
    "turn",
    "totals",
    "results",
    "outcome",
    "legal_moves",
)
_RECORD_FIELDS: Final = ("variant", "seed", "players", "dealer", "deals", "moves")
_RESULT_FIELDS: Final = ("deal_number", "dealer", "ended_by", "went_out", "hands", "penalties")
_OUTCOME_FIELDS: Final = ("totals", "winners", "stakes")
_SETTLEMENT_FIELDS: Final = ("pot", "round_prizes", "final_prizes", "net", "left_in_pot")


@attrs.frozen(slots=True, kw_only=True)
class _Public:
    """The decoded fields a state and a view share, already checked for consistency."""

    variant: Variant
    players: int
    deal_number: int
    dealer: int
    phase: Phase
    current_player: int | None
    upcard: Card | None
    table: tuple[TableMeld, ...]
    laid_down: tuple[bool, ...]
    laid_down_this_turn: bool
    taken: Card | None
    known: tuple[tuple[Card, ...], ...]
    turn: int
    results: tuple[DealResult, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None


def _players(value: object, path: str, variant: Variant) -> int:
    players = _int(value, path, "a number of players")
    if players not in variant.player_counts:
        counts = ", ".join(str(c) for c in variant.player_counts)
        raise _fail(f"the variant {variant.name!r} is for {counts} players, not {players}", path)
    return players


def _public(obj: Mapping[str, Any], path: str) -> _Public:
    """Decode the fields a state and a view share (their consistency is checked once the
    whole value is built, by :mod:`pushrummy.consistency`)."""

    def at(name: str) -> str:
        return f"{path}.{name}"

    variant = _variant(obj["variant"], at("variant"))
    players = _players(obj["players"], at("players"), variant)
    sides = variant.side_count(players)
    deals = len(variant.deals)
    deal_number = _int(obj["deal_number"], at("deal_number"), f"a deal number 1..{deals}", 1, deals)
    dealer = _seat(obj["dealer"], at("dealer"), players)
    phase = _enum(obj["phase"], at("phase"), Phase)
    current = _opt_seat(obj["current_player"], at("current_player"), players)
    upcard = _opt_card(obj["upcard"], at("upcard"))
    laid_down = _bools(obj["laid_down"], at("laid_down"), players, "a list of true/false")
    laid_down_this_turn = _bool(obj["laid_down_this_turn"], at("laid_down_this_turn"))
    taken = _opt_card(obj["taken"], at("taken"))
    table = []
    for i, item in enumerate(_array(obj["table"], at("table"), "a list of table melds")):
        where = f"{at('table')}[{i}]"
        entry = _fields(item, where, "a table meld", ("id", "owner", "meld"))
        meld_id = _count(entry["id"], f"{where}.id", "a meld id")
        owner = _seat(entry["owner"], f"{where}.owner", players)
        meld = _meld(entry["meld"], f"{where}.meld")
        table.append(TableMeld(id=meld_id, owner=owner, meld=meld))
    known = tuple(
        _cards(item, f"{at('known')}[{i}]")
        for i, item in enumerate(_per_seat(obj["known"], at("known"), players, "a list of cards"))
    )
    turn = _count(obj["turn"], at("turn"), "a number of turns")
    results = _results(obj["results"], at("results"), players, sides)
    totals = _ints(obj["totals"], at("totals"), sides, f"a list of {sides} side totals")
    outcome = _outcome(obj["outcome"], at("outcome"), players, sides)
    return _Public(
        variant=variant,
        players=players,
        deal_number=deal_number,
        dealer=dealer,
        phase=phase,
        current_player=current,
        upcard=upcard,
        table=tuple(table),
        laid_down=laid_down,
        laid_down_this_turn=laid_down_this_turn,
        taken=taken,
        known=known,
        turn=turn,
        results=results,
        totals=totals,
        outcome=outcome,
    )


def _results(value: object, path: str, players: int, sides: int) -> tuple[DealResult, ...]:
    items = _array(value, path, "a list of deal results")
    results = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]"
        obj = _fields(item, where, "a deal result", _RESULT_FIELDS)
        hands = tuple(
            _hand(hand, f"{where}.hands[{s}]")
            for s, hand in enumerate(_per_seat(obj["hands"], f"{where}.hands", players, "hands"))
        )
        results.append(
            DealResult(
                deal_number=_int(obj["deal_number"], f"{where}.deal_number", "a deal number", 1),
                dealer=_seat(obj["dealer"], f"{where}.dealer", players),
                ended_by=_enum(obj["ended_by"], f"{where}.ended_by", DealEnd),
                went_out=_opt_seat(obj["went_out"], f"{where}.went_out", players),
                hands=hands,
                penalties=_ints(
                    obj["penalties"], f"{where}.penalties", sides, f"a list of {sides} penalties", 0
                ),
            )
        )
    return tuple(results)


def _outcome(value: object, path: str, players: int, sides: int) -> Outcome | None:
    if value is None:
        return None
    obj = _fields(value, path, "an outcome", _OUTCOME_FIELDS)
    outcome_totals = _ints(obj["totals"], f"{path}.totals", sides, f"a list of {sides} totals")
    winner_list = _array(obj["winners"], f"{path}.winners", "a list of sides")
    outcome_winners = tuple(
        _int(w, f"{path}.winners[{i}]", f"a side 0..{sides - 1}", 0, sides - 1)
        for i, w in enumerate(winner_list)
    )
    stakes: StakesSettlement | None = None
    if obj["stakes"] is not None:
        where = f"{path}.stakes"
        s = _fields(obj["stakes"], where, "a stakes settlement (or null)", _SETTLEMENT_FIELDS)
        stakes = StakesSettlement(
            pot=_count(s["pot"], f"{where}.pot", "chips"),
            round_prizes=_ints(
                s["round_prizes"], f"{where}.round_prizes", players, "chips per seat", 0
            ),
            final_prizes=_ints(
                s["final_prizes"], f"{where}.final_prizes", players, "chips per seat", 0
            ),
            net=_ints(s["net"], f"{where}.net", players, "chips per seat"),
            left_in_pot=_count(s["left_in_pot"], f"{where}.left_in_pot", "chips"),
        )
    return Outcome(totals=outcome_totals, winners=outcome_winners, stakes=stakes)


def _refuse(problems: tuple[Problem, ...], path: str) -> None:
    """Raise the first consistency problem as a DecodeError at its JSON path."""
    if problems:
        where = problems[0].where
        if where:
            path = path + where if where.startswith("[") else f"{path}.{where}"
        raise _fail(problems[0].message, path)


def _state(value: object, path: str) -> GameState:
    obj = _fields(value, path, "a game state", _STATE_FIELDS)
    public = _public(obj, path)
    variant, players = public.variant, public.players
    seed = _seed(obj["seed"], f"{path}.seed")
    orders = _array(
        obj["injected"],
        f"{path}.injected",
        "a list of deck orders or null, one per deal",
        len(variant.deals),
    )
    injected = tuple(
        None if order is None else _cards(order, f"{path}.injected[{i}]", "a deck order")
        for i, order in enumerate(orders)
    )
    hands = tuple(
        _hand(hand, f"{path}.hands[{s}]")
        for s, hand in enumerate(_per_seat(obj["hands"], f"{path}.hands", players, "hands"))
    )
    stock = _cards(obj["stock"], f"{path}.stock", "the stock (a list of cards)")
    state = GameState(
        variant=variant,
        seed=seed,
        injected=injected,
        players=players,
        deal_number=public.deal_number,
        dealer=public.dealer,
        phase=public.phase,
        current_player=public.current_player,
        hands=hands,
        stock=stock,
        upcard=public.upcard,
        table=public.table,
        laid_down=public.laid_down,
        laid_down_this_turn=public.laid_down_this_turn,
        taken=public.taken,
        known=public.known,
        turn=public.turn,
        results=public.results,
        totals=public.totals,
        outcome=public.outcome,
    )
    _refuse(state_problems(state), path)
    return state


def _view(value: object, path: str) -> PlayerView:
    obj = _fields(value, path, "a player view", _VIEW_FIELDS)
    public = _public(obj, path)
    players = public.players
    seat = _seat(obj["seat"], f"{path}.seat", players)
    side = _count(obj["side"], f"{path}.side", "a side")
    contract = _contract(obj["contract"], f"{path}.contract")
    hand = _hand(obj["hand"], f"{path}.hand")
    sizes = _ints(
        obj["hand_sizes"], f"{path}.hand_sizes", players, "a list of hand sizes, one per seat,", 0
    )
    stock_size = _count(obj["stock_size"], f"{path}.stock_size", "a stock size")
    moves_path = f"{path}.legal_moves"
    items = _array(obj["legal_moves"], moves_path, "a list of moves")
    moves = tuple(_move(m, f"{moves_path}[{i}]", players) for i, m in enumerate(items))
    result = PlayerView(
        seat=seat,
        side=side,
        players=players,
        variant=public.variant,
        deal_number=public.deal_number,
        dealer=public.dealer,
        contract=contract,
        phase=public.phase,
        current_player=public.current_player,
        hand=hand,
        hand_sizes=sizes,
        known=public.known,
        upcard=public.upcard,
        table=public.table,
        stock_size=stock_size,
        laid_down=public.laid_down,
        laid_down_this_turn=public.laid_down_this_turn,
        taken=public.taken,
        turn=public.turn,
        totals=public.totals,
        results=public.results,
        outcome=public.outcome,
        legal_moves=moves,
    )
    _refuse(view_problems(result), path)
    left = [str(part) for part in result.contract_left]
    if obj["contract_left"] != left:
        raise _fail(
            f"expected {json.dumps(left)}: what the current player still has to lay down "
            "([contract.steps])",
            f"{path}.contract_left",
        )
    return result


def _record(value: object, path: str) -> GameRecord:
    obj = _fields(value, path, "a game record", _RECORD_FIELDS)
    variant = _variant(obj["variant"], f"{path}.variant")
    players = _players(obj["players"], f"{path}.players", variant)
    seed = _seed(obj["seed"], f"{path}.seed")
    dealer = _seat(obj["dealer"], f"{path}.dealer", players)
    count = len(variant.deals)
    orders = _array(obj["deals"], f"{path}.deals", "a list of deck orders or null, one per deal")
    if len(orders) > count:
        raise _fail(
            f"expected at most {count} deck orders (one per deal), got {len(orders)}",
            f"{path}.deals",
        )
    deck = _deck_of(variant, players)
    deals = tuple(
        None if order is None else _deck_order(order, f"{path}.deals[{i}]", deck)
        for i, order in enumerate(orders)
    )
    items = _array(obj["moves"], f"{path}.moves", "a list of moves")
    moves = tuple(_move(m, f"{path}.moves[{i}]", players) for i, m in enumerate(items))
    return GameRecord(
        variant=variant, seed=seed, players=players, dealer=dealer, deals=deals, moves=moves
    )


def _card_body(value: object, path: str) -> Card:
    obj = _fields(value, path, "a card document", ("card",))
    return _card(obj["card"], f"{path}.card")


_DECODERS: Final[dict[str, Callable[[object, str], object]]] = {
    "card": _card_body,
    "move": _move,
    "meld": _meld,
    "variant": _variant,
    "state": _state,
    "view": _view,
    "record": _record,
}


def parse_json(text: str | bytes | bytearray) -> object:
    """The Python form of JSON ``text``: invalid JSON, duplicate keys and overly deep nesting are errors."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise _fail(
            f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", path="$"
        ) from exc
    except _DuplicateKeyError as exc:
        raise _fail(f"invalid JSON: duplicate key {exc.key!r} in an object", path="$") from None
    except RecursionError:
        raise _fail("invalid JSON: nested too deeply", path="$") from None
    except ValueError as exc:  # undecodable bytes, integers with too many digits
        raise _fail(f"invalid JSON: {exc}", path="$") from exc


def decode_document(document: object, kind: Kind | None) -> object:
    """Check a document's ``schema`` and ``version`` (and its kind, if given), then decode its body."""
    obj = _object(document, "$", "a pushrummy document")
    if "schema" not in obj:
        raise _fail(
            "missing field 'schema' (a pushrummy document starts with "
            '{"schema": "pushrummy.<kind>", "version": 1})',
            path="$.schema",
        )
    schema = obj["schema"]
    names = ", ".join(SCHEMA_PREFIX + k for k in DOCUMENT_KINDS)
    if not isinstance(schema, str):
        raise _fail(f"expected a schema name ({names}), got {_describe(schema)}", "$.schema")
    found = schema[len(SCHEMA_PREFIX) :] if schema.startswith(SCHEMA_PREFIX) else None
    if found not in DOCUMENT_KINDS:
        raise _fail(f"unknown schema {_short(schema)} (expected one of {names})", "$.schema")
    if kind is not None and found != kind:
        raise _fail(f"expected a {SCHEMA_PREFIX}{kind} document, got {_short(schema)}", "$.schema")
    if "version" not in obj:
        raise _fail("missing field 'version' (this library reads version 1)", "$.version")
    version = obj["version"]
    if not _is_int(version):
        raise _fail(f"expected the version number 1, got {_describe(version)}", "$.version")
    if version != SCHEMA_VERSION:
        raise _fail(
            f"unsupported version {_short_int(version)} "
            f"(this library reads version {SCHEMA_VERSION})",
            "$.version",
        )
    body = {key: value for key, value in obj.items() if key not in ("schema", "version")}
    return _DECODERS[found](body, "$")
