"""Reading JSON values, with paths: the strict readers the JSON decoder is built of.

Private to :mod:`pushrummy._json_decode` (and so to :mod:`pushrummy.serialization`, which
documents the format). Every reader takes a value and its JSON path (``$.table[2].cards[1]``)
and either returns the Python value or raises :class:`~pushrummy.errors.DecodeError` naming
that path; nothing else escapes.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from ._wire import INT_BITS
from .cards import Card, Rank, Suit, parse_card
from .contract_spec import Contract
from .dealing import SEED_BITS
from .errors import DecodeError, InvalidMeldError, NotationError
from .meld_shape import MeldShape
from .melds import MAX_RUN_POSITION, Meld, MeldKind


def fail(message: str, path: str) -> DecodeError:
    """The :class:`DecodeError` for the value at ``path``."""
    return DecodeError(message, path=path)


class DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise DuplicateKeyError(key)
        result[key] = value
    return result


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def short(text: str, limit: int = 40) -> str:
    shown = repr(text) if len(text) <= limit else repr(text[:limit]) + "…"
    return shown


def short_int(value: int) -> str:
    return str(value) if abs(value) < 10**30 else "a very large integer"


def describe(value: object) -> str:
    """A short description of a JSON value, for error messages."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if is_int(value):
        return short_int(value)  # type: ignore[arg-type]
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {short(value)}"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__} (not a JSON value)"


def key_path(path: str, key: str) -> str:
    if key.isascii() and key.isidentifier():
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key)}]"


def read_object(value: object, path: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise fail(f"expected {what} (a JSON object), got {describe(value)}", path)
    for key in value:
        if not isinstance(key, str):
            raise fail(f"object keys must be strings, got {type(key).__name__} {key!r}"[:120], path)
    return value


def read_fields(value: object, path: str, what: str, names: Sequence[str]) -> dict[str, Any]:
    """``value`` as an object with exactly the fields ``names`` (no more, no fewer)."""
    obj = read_object(value, path, what)
    for key in obj:
        if key not in names:
            raise fail(
                f"unknown field {short(key)} in {what} (its fields are {', '.join(names)})",
                key_path(path, key),
            )
    for name in names:
        if name not in obj:
            raise fail(f"missing field {name!r} of {what}", key_path(path, name))
    return obj


def read_array(value: object, path: str, what: str, length: int | None = None) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        raise fail(f"expected {what} (a JSON array), got {describe(value)}", path)
    if length is not None and len(value) != length:
        raise fail(f"expected {what} with {length} entries, got {len(value)}", path)
    return value


def read_int(
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
        raise fail(f"expected {what}, got {describe(value)}", path)
    number = int(value)
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        raise fail(f"expected {what}, got {short_int(number)}", path)
    if number.bit_length() > bits:
        raise fail(
            f"expected {what}, got {short_int(number)}: "
            f"integers here are below 2**{bits} in magnitude",
            path,
        )
    return number


def read_seed(value: object, path: str) -> int:
    return read_int(value, path, "a seed (an integer)", bits=SEED_BITS)


def read_count(value: object, path: str, what: str) -> int:
    return read_int(value, path, f"{what} (an integer >= 0)", lo=0)


def read_seat(value: object, path: str, players: int) -> int:
    return read_int(value, path, f"a seat 0..{players - 1}", lo=0, hi=players - 1)


def read_opt_seat(value: object, path: str, players: int) -> int | None:
    if value is None:
        return None
    return read_int(value, path, f"a seat 0..{players - 1} or null", lo=0, hi=players - 1)


def read_bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(f"expected true or false, got {describe(value)}", path)
    return value


def read_str(value: object, path: str, what: str) -> str:
    if not isinstance(value, str):
        raise fail(f"expected {what}, got {describe(value)}", path)
    return value


E = TypeVar("E", bound=enum.Enum)


def read_enum(value: object, path: str, enum_type: type[E]) -> E:
    if isinstance(value, str):
        for member in enum_type:
            if member.value == value:
                return member
    allowed = ", ".join(json.dumps(member.value) for member in enum_type)
    raise fail(f"expected one of {allowed}, got {describe(value)}", path)


def read_card(value: object, path: str) -> Card:
    if not isinstance(value, str):
        raise fail(f"expected a card (a string such as '10H' or 'JK'), got {describe(value)}", path)
    try:
        card = parse_card(value)
    except NotationError as exc:
        raise fail(f"bad card: {exc}", path) from exc
    if str(card) != value:
        raise fail(f"{short(value)} is not canonical card notation: write {str(card)!r}", path)
    return card


def read_opt_card(value: object, path: str) -> Card | None:
    return None if value is None else read_card(value, path)


def read_cards(value: object, path: str, what: str = "a list of cards") -> tuple[Card, ...]:
    items = read_array(value, path, what)
    return tuple(read_card(item, f"{path}[{i}]") for i, item in enumerate(items))


def read_hand(value: object, path: str) -> tuple[Card, ...]:
    """A hand: a multiset of cards, kept sorted (any order is accepted)."""
    return tuple(sorted(read_cards(value, path, "a hand (a list of cards)")))


def read_per_seat(value: object, path: str, players: int, what: str) -> Sequence[Any]:
    return read_array(value, path, f"{what}, one per seat,", players)


def read_bools(value: object, path: str, players: int, what: str) -> tuple[bool, ...]:
    items = read_per_seat(value, path, players, what)
    return tuple(read_bool(item, f"{path}[{i}]") for i, item in enumerate(items))


def read_ints(
    value: object, path: str, length: int, what: str, lo: int | None = None
) -> tuple[int, ...]:
    items = read_array(value, path, what, length)
    return tuple(
        read_int(item, f"{path}[{i}]", "an integer" if lo is None else f"an integer >= {lo}", lo=lo)
        for i, item in enumerate(items)
    )


_RANK_BY_SYMBOL: Final = {rank.symbol: rank for rank in Rank}
_SUIT_BY_LETTER: Final = {suit.letter: suit for suit in Suit}


def read_meld(value: object, path: str) -> Meld:
    obj = read_object(value, path, "a meld")
    if "kind" not in obj:
        raise fail('missing field \'kind\' of a meld ("set" or "run")', f"{path}.kind")
    kind = read_enum(obj["kind"], f"{path}.kind", MeldKind)
    try:
        if kind is MeldKind.SET:
            obj = read_fields(obj, path, "a set", ("kind", "rank", "cards"))
            rank_text = obj["rank"]
            rank = _RANK_BY_SYMBOL.get(rank_text) if isinstance(rank_text, str) else None
            if rank is None:
                raise fail(
                    f"expected a rank (A, 2 … 10, J, Q or K), got {describe(rank_text)}",
                    f"{path}.rank",
                )
            cards = read_cards(obj["cards"], f"{path}.cards")
            return Meld(MeldKind.SET, cards, rank=rank)
        obj = read_fields(obj, path, "a run", ("kind", "suit", "start", "cards"))
        suit_text = obj["suit"]
        suit = _SUIT_BY_LETTER.get(suit_text) if isinstance(suit_text, str) else None
        if suit is None:
            raise fail(f"expected a suit (C, D, H or S), got {describe(suit_text)}", f"{path}.suit")
        start = read_int(
            obj["start"],
            f"{path}.start",
            f"a run position 1..{MAX_RUN_POSITION - 2} (1 = ace low)",
            lo=1,
            hi=MAX_RUN_POSITION - 2,
        )
        cards = read_cards(obj["cards"], f"{path}.cards")
        return Meld(MeldKind.RUN, cards, suit=suit, start=start)
    except InvalidMeldError as exc:
        raise fail(f"invalid meld: {exc}", path) from exc


def read_shape(value: object, path: str) -> MeldShape:
    """A meld shape: a meld object whose ``cards`` hold ``null`` at each wild place."""
    obj = read_object(value, path, "a meld shape")
    cards = read_array(obj.get("cards"), f"{path}.cards", "a list of cards and nulls")
    for i, card in enumerate(cards):
        # A two may be a natural where twos are ([setup.wild]): the variant decides.
        if card is not None and read_card(card, f"{path}.cards[{i}]").is_joker:
            raise fail(f"expected a natural card or null, got {card}", f"{path}.cards[{i}]")
    # The meld with a joker at each wild place (where it was given: a run's places matter),
    # and its jokers' places opened again (read with jokers only wild: its naturals are kept).
    return MeldShape.of(
        read_meld({**obj, "cards": ["JK" if c is None else c for c in cards]}, path),
        wild_twos=False,
    )


def read_opt_shape(value: object, path: str) -> MeldShape | None:
    return None if value is None else read_shape(value, path)


def read_contract(value: object, path: str) -> Contract:
    text = read_str(value, path, "a contract such as '2 sets of 3'")
    try:
        contract = Contract.parse(text)
    except ValueError as exc:  # NotationError; also a count with thousands of digits
        raise fail(f"bad contract: {str(exc)[:200]}", path) from exc
    if str(contract) != text:
        raise fail(
            f"{short(text)} is not a contract in canonical form: write {str(contract)!r}", path
        )
    return contract
