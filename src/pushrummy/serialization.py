"""JSON wire format: explicit, versioned codecs for every public value (DESIGN.md §6).

The JSON form is a documented contract, not a dump of the Python classes. A
front end (or a save file) sees *documents*; every top-level document is a
JSON object that starts with its schema name and version::

    {"schema": "pushrummy.<kind>", "version": 1, ...the fields of the kind...}

=========  =====================================  ===========================================
kind       Python value                           fields after ``schema`` and ``version``
=========  =====================================  ===========================================
card       :class:`~pushrummy.cards.Card`         ``card``
move       any :data:`~pushrummy.moves.Move`      the move object (``type``, ``seat``, ...)
meld       :class:`~pushrummy.melds.Meld`         the meld object (``kind``, ``cards``, ...)
variant    :class:`~pushrummy.variants.Variant`   every variant field, by its name
state      :class:`~pushrummy.state.GameState`    the whole privileged state (server side only)
view       :class:`~pushrummy.views.PlayerView`   what one seat may know, with its legal moves
record     :class:`GameRecord`                    variant, seed, players, dealer, deals, moves
=========  =====================================  ===========================================

:func:`to_json` / :func:`from_json` work on JSON text; :func:`encode` /
:func:`decode` on the equivalent Python ``dict``. Nested values (the moves of a
record, the variant of a state) are plain objects without ``schema`` and
``version``: only the top level carries them.

Conventions inside documents:

* **Cards** are strings in canonical notation: ``"10H"``, ``"AS"``, ``"JK"``
  (RULES.md "Notation"). Decoding is strict: ``"th"`` is rejected with a hint
  to write ``"10H"``, so one value has exactly one spelling.
* **Ranks** are their symbols (``"A"``, ``"2"`` … ``"10"``, ``"J"``, ``"Q"``,
  ``"K"``), **suits** their letters (``"C"``, ``"D"``, ``"H"``, ``"S"``).
* **Enums** (phases, options, run ends) are their ``.value`` strings.
* **Contracts** are their canonical text: ``"1 set of 3 + 1 run of 4"``.
* Integers are JSON integers below ``2**63`` in magnitude (seeds: below
  ``2**256``); ``true``/``false`` and ``1.0`` are never accepted as integers.
* Absent values are ``null``; every field is always present (nothing is
  silently defaulted), and unknown fields are rejected.
* Hands and a set's cards are multisets: any order is accepted on input and
  kept sorted. Everything else keeps its order: a run's cards (low to high),
  the stock (top card first), deck orders, ``known`` cards (oldest first).

Text stability: :func:`to_json` is deterministic. Object keys are **not**
sorted alphabetically: they come in the documented order shown in the samples
(``schema`` and ``version`` first, then the fields in the order listed here
and in :func:`encode`); lists keep their game order (hands sorted, the stock top card first,
table melds by id). Without ``indent`` the text is compact (no blanks), with
``indent`` it uses ``", "`` and ``": "``; non-ASCII text (a variant's name) is
``\\u``-escaped. ``to_json(from_json(text), indent=n) == text`` for every
text that ``to_json(..., indent=n)`` produced.

Errors: malformed input raises :class:`~pushrummy.errors.DecodeError` — and
nothing else — whose message starts with the JSON path of the offending value
(``$.moves[3].card``) and says what was expected. Invalid JSON text is reported
with its line and column; bad card notation, invalid melds and invalid variants
become a ``DecodeError`` at their path, with the original error chained as
``__cause__``. States and views are checked for internal consistency (sizes,
seats, the phase, the scores, and card conservation: a state's cards must be
exactly the deck).

Cards and moves
---------------

>>> import pushrummy as pr
>>> to_json(pr.parse_card("10H"))
'{"schema":"pushrummy.card","version":1,"card":"10H"}'
>>> from_json('{"schema": "pushrummy.card", "version": 1, "card": "JK"}')
Card('JK')
>>> to_json(pr.Discard(seat=1, card=pr.parse_card("7H")))
'{"schema":"pushrummy.move","version":1,"type":"discard","seat":1,"card":"7H"}'
>>> from_json('{"schema":"pushrummy.move","version":1,"type":"take","seat":0}')
Take(seat=0)

The move objects, one per move class::

    {"type": "take", "seat": 0}
    {"type": "push", "seat": 0}
    {"type": "lay_down", "seat": 0, "melds": [<meld>, ...]}
    {"type": "lay_off", "seat": 0, "card": "JK", "meld_id": 3, "end": "high"}
    {"type": "new_meld", "seat": 0, "meld": <meld>}
    {"type": "exchange_wild", "seat": 0, "meld_id": 1, "position": 6, "card": "6H"}
    {"type": "discard", "seat": 1, "card": "7H"}
    {"type": "next_deal"}

``end`` is ``"low"``, ``"high"``, or ``null`` for a lay-off onto a set.

Melds
-----

A set records its rank, a run its suit and ``start``, the run position of its
first card (1 = ace low, 2 … 13 = king, 14 = ace high); a run's cards are listed
low to high, so a wild's role is its place in the list.

>>> to_json(pr.Meld.set_of(pr.parse_cards("9C 9S JK")))
'{"schema":"pushrummy.meld","version":1,"kind":"set","rank":"9","cards":["9C","9S","JK"]}'
>>> text = '{"schema":"pushrummy.meld","version":1,"kind":"run","suit":"H","start":5,"cards":["5H","JK","7H"]}'
>>> from_json(text)
Meld.run('5H JK=6H 7H')
>>> print(to_json(pr.LayOff(0, pr.parse_card("JK"), 3, pr.End.HIGH), indent=2))
{
  "schema": "pushrummy.move",
  "version": 1,
  "type": "lay_off",
  "seat": 0,
  "card": "JK",
  "meld_id": 3,
  "end": "high"
}

Variants
--------

Every field of :class:`~pushrummy.variants.Variant` by its name, in field
order. ``card_values`` maps ``"JK"``, ``"A"``, ``"2"`` … ``"K"`` to points;
``stakes`` is ``null`` or ``{"ante": .., "round_prize": ..}``. A decoded variant
is built through ``Variant(...)``, so it is validated: a
:class:`~pushrummy.errors.VariantError` surfaces as a ``DecodeError`` at the
offending field, with the ``VariantError`` chained as its cause.

>>> print(to_json(pr.PUSH, indent=2))
{
  "schema": "pushrummy.variant",
  "version": 1,
  "name": "push",
  "packs_for_players": [
    [
      4,
      2
    ]
  ],
  "partnerships": true,
  "deals": [
    {
      "hand_size": 6,
      "contract": "2 sets of 3"
    },
    {
      "hand_size": 7,
      "contract": "1 set of 3 + 1 run of 4"
    },
    {
      "hand_size": 8,
      "contract": "2 runs of 4"
    },
    {
      "hand_size": 9,
      "contract": "3 sets of 3"
    },
    {
      "hand_size": 10,
      "contract": "2 runs of 5"
    }
  ],
  "card_values": {
    "JK": 20,
    "A": 15,
    "2": 20,
    "3": 5,
    "4": 5,
    "5": 5,
    "6": 5,
    "7": 5,
    "8": 5,
    "9": 5,
    "10": 10,
    "J": 10,
    "Q": 10,
    "K": 10
  },
  "stakes": null,
  "bury_position": "random",
  "push_to": "next",
  "short_stock_push": "transfer_then_end",
  "min_naturals_per_meld": 0,
  "wild_limit": "unlimited",
  "max_run_length": 14,
  "contract_exact_sizes": false,
  "layoff_targets": "any",
  "new_melds_after_contract": true,
  "same_turn_after_contract": true,
  "wild_exchange": "none",
  "may_rediscard_taken": false,
  "may_discard_wild": true,
  "must_discard_to_go_out": false,
  "max_turns_per_deal": null
}
>>> from_json(to_json(pr.CAP_IT)) == pr.CAP_IT
True

States, views and records
-------------------------

See :func:`encode` for the fields of a state and a view, and :class:`GameRecord`
for the record (the save format).

>>> state = pr.new_game(pr.PUSH, seed=7)
>>> from_json(to_json(state)) == state
True
>>> record = GameRecord.start(pr.PUSH, seed=7).with_move(pr.Take(state.current_player))
>>> replay(from_json(to_json(record))) == pr.apply_move(state, pr.Take(state.current_player))
True

Errors carry the path of the bad value:

>>> from_json('{"schema":"pushrummy.move","version":1,"type":"discard","seat":1,"card":"7X"}')
Traceback (most recent call last):
...
pushrummy.errors.DecodeError: $.card: bad card: bad card '7X': unknown suit 'X' (suits are C D H S or ♣ ♦ ♥ ♠)
>>> from_json('{"schema":"pushrummy.move","version":1,"type":"take","seat":true}')
Traceback (most recent call last):
...
pushrummy.errors.DecodeError: $.seat: expected a seat (an integer >= 0), got true
>>> from_json('{"schema": "pushrummy.card", "version": 1, "card": "JK",}')
Traceback (most recent call last):
...
pushrummy.errors.DecodeError: $: invalid JSON: Expecting property name enclosed in double quotes at line 1 column 57
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Literal, TypeVar, overload

import attrs

from .cards import Card, Rank, Suit, make_deck, parse_card
from .contract_spec import Contract
from .engine import apply_move, new_game
from .errors import (
    DecodeError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    NotationError,
    VariantError,
)
from .melds import MAX_RUN_POSITION, End, Meld, MeldKind, WildLimit, meld_rule_violation
from .moves import (
    MOVE_TYPES,
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
from .state import (
    DealEnd,
    DealResult,
    GameState,
    Outcome,
    Phase,
    StakesSettlement,
    TableMeld,
)
from .variants import (
    PUSH,
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

__all__ = [
    "DOCUMENT_KINDS",
    "SCHEMA_VERSION",
    "GameRecord",
    "decode",
    "encode",
    "from_json",
    "replay",
    "to_json",
]

SCHEMA_VERSION: Final = 1
"""The version every document carries; decoding any other version is an error."""

DOCUMENT_KINDS: Final = ("card", "move", "meld", "variant", "state", "view", "record")
"""The document kinds: a document's ``schema`` is ``"pushrummy."`` plus one of these."""

Kind = Literal["card", "move", "meld", "variant", "state", "view", "record"]
JSONObject = dict[str, Any]

_SCHEMA_PREFIX: Final = "pushrummy."
_INT_BITS: Final = 63
"""Integers in documents are below ``2**63`` in magnitude (seeds excepted)."""
_SEED_BITS: Final = 256
"""Seeds are below ``2**256`` in magnitude (``secrets.randbits(128)`` fits)."""


# =============================================================================================
# GameRecord and replay
# =============================================================================================


def _check_int(name: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"GameRecord.{name} must be an int, not {type(value).__name__}")

    return check


def _deal_orders(value: Iterable[Iterable[Card] | None]) -> tuple[tuple[Card, ...] | None, ...]:
    if value is None:
        return ()
    return tuple(None if order is None else tuple(order) for order in value)


def _move_tuple(value: Iterable[Move]) -> tuple[Move, ...]:
    moves = tuple(value)
    for move in moves:
        if not isinstance(move, MOVE_TYPES):
            raise TypeError(f"GameRecord.moves must hold moves, not {type(move).__name__}")
    return moves


def _check_variant(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Variant):
        raise TypeError(f"GameRecord.variant must be a Variant, not {type(value).__name__}")


@attrs.frozen(slots=True, kw_only=True)
class GameRecord:
    """A whole game as its start and its moves: the save format, which replays exactly.

    A game is determined by how it started — the variant, the seed, the number
    of players, the first dealer and any injected deck orders (the arguments of
    :func:`~pushrummy.engine.new_game`) — and the moves played since.
    :func:`replay` rebuilds the state; the record is immutable, so recording a
    game means replacing the record by ``record.with_move(move)`` after every
    move applied.

    Attributes:
        variant: the rules.
        seed: the game's seed ([deal.random]).
        players: the number of players.
        dealer: the first deal's dealer.
        deals: injected deck orders per deal, in deal order (``None``: shuffled
            from the seed); fewer entries than deals means the rest are shuffled.
        moves: every move applied, the chance moves (``NextDeal``) included.

    >>> import pushrummy as pr
    >>> record = GameRecord.start(pr.PUSH, seed=7)
    >>> record.players, record.dealer, record.deals
    (4, 1, (None, None, None, None, None))
    >>> state = record.initial_state()
    >>> record = record.with_move(pr.Push(state.current_player))
    >>> replay(record) == pr.apply_move(state, pr.Push(2))
    True

    The record document (nested moves have no ``schema``/``version``)::

        {"schema": "pushrummy.record", "version": 1,
         "variant": {<the variant fields>},
         "seed": 7, "players": 4, "dealer": 1,
         "deals": [null, null, null, null, null],
         "moves": [{"type": "push", "seat": 2}]}

    ``deals`` holds a deck order (a list of the whole deck's cards, first card
    dealt first) or ``null`` per deal.
    """

    variant: Variant = attrs.field(validator=_check_variant)
    seed: int = attrs.field(validator=_check_int("seed"))
    players: int = attrs.field(validator=_check_int("players"))
    dealer: int = attrs.field(validator=_check_int("dealer"))
    deals: tuple[tuple[Card, ...] | None, ...] = attrs.field(default=(), converter=_deal_orders)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_move_tuple)

    @classmethod
    def start(
        cls,
        variant: Variant = PUSH,
        *,
        seed: int,
        players: int | None = None,
        dealer: int | None = None,
        deals: Sequence[Sequence[Card] | None] | None = None,
    ) -> GameRecord:
        """The record of a new game, with no moves yet.

        Takes the arguments of :func:`~pushrummy.engine.new_game` (and checks
        them the same way); the defaults it fills in — the player count, the
        dealer chosen from the seed — are stored explicitly.
        """
        state = new_game(variant, seed=seed, players=players, dealer=dealer, deals=deals)
        return cls(
            variant=variant,
            seed=seed,
            players=state.players,
            dealer=state.dealer,
            deals=state.injected,
        )

    def with_move(self, move: Move) -> GameRecord:
        """A copy with ``move`` appended. Not checked here: :func:`replay` checks every move."""
        if not isinstance(move, MOVE_TYPES):
            raise TypeError(f"not a move: {move!r}")
        return attrs.evolve(self, moves=(*self.moves, move))

    def initial_state(self) -> GameState:
        """The state before the first move: :func:`~pushrummy.engine.new_game` of the record."""
        return new_game(
            self.variant,
            seed=self.seed,
            players=self.players,
            dealer=self.dealer,
            deals=self.deals,
        )


def replay(record: GameRecord) -> GameState:
    """The state after every move of ``record``, each checked by :func:`~pushrummy.engine.apply_move`.

    An illegal move raises the engine's error, of the same class and with the
    same ``rule``, ``move``, ``seat`` and ``phase``, its message prefixed with
    the move's index in the record; the engine's original error is chained as
    ``__cause__``. A record whose start is invalid raises what
    :func:`~pushrummy.engine.new_game` raises.

    >>> import pushrummy as pr
    >>> record = GameRecord.start(pr.PUSH, seed=7)
    >>> replay(record.with_move(pr.Take(2)).with_move(pr.Take(2)))
    Traceback (most recent call last):
    ...
    pushrummy.errors.WrongPhaseError: record move 1 (Take(seat=2)): seat 2 has already drawn this turn; now meld, lay off or discard [draw.choice]
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"replay expects a GameRecord, not {type(record).__name__}")
    state = record.initial_state()
    for index, move in enumerate(record.moves):
        try:
            state = apply_move(state, move)
        except IllegalMoveError as exc:
            raise type(exc)(
                f"record move {index} ({move!r}): {exc.message}",
                rule=exc.rule,
                move=exc.move,
                seat=exc.seat,
                phase=exc.phase,
            ) from exc
        except InvalidMoveError as exc:
            raise InvalidMoveError(f"record move {index} ({move!r}): {exc}") from exc
    return state


# =============================================================================================
# Public entry points
# =============================================================================================


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON document of ``obj``: deterministic text (see the module docs for the order).

    ``obj`` is a card, move, meld, variant, game state, player view or game
    record; anything else raises :class:`TypeError`. A game whose seed is not
    below ``2**256`` in magnitude cannot be saved (:class:`ValueError`).

    >>> import pushrummy as pr
    >>> to_json(pr.NextDeal())
    '{"schema":"pushrummy.move","version":1,"type":"next_deal"}'
    """
    document = encode(obj)
    if indent is None:
        return json.dumps(document, separators=(",", ":"), allow_nan=False)
    return json.dumps(document, indent=indent, separators=(",", ": "), allow_nan=False)


@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["card"]) -> Card: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["move"]) -> Move: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["meld"]) -> Meld: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["variant"]) -> Variant: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["state"]) -> GameState: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["view"]) -> PlayerView: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["record"]) -> GameRecord: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: None = None) -> object: ...
def from_json(text: str | bytes | bytearray, *, kind: Kind | None = None) -> object:
    """The value of a JSON document. Raises :class:`~pushrummy.errors.DecodeError` for anything malformed.

    With ``kind`` (``"move"``, ``"state"``, ...) a document of any other kind is
    rejected too — a server reading a client's move should say
    ``from_json(text, kind="move")``.

    >>> from_json('{"schema":"pushrummy.card","version":1,"card":"AS"}', kind="move")
    Traceback (most recent call last):
    ...
    pushrummy.errors.DecodeError: $.schema: expected a pushrummy.move document, got 'pushrummy.card'
    >>> from_json('{"schema":"pushrummy.card","version":2,"card":"AS"}')
    Traceback (most recent call last):
    ...
    pushrummy.errors.DecodeError: $.version: unsupported version 2 (this library reads version 1)
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"from_json expects str or bytes, not {type(text).__name__}")
    try:
        document = json.loads(text, object_pairs_hook=_no_duplicate_keys)
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
    return decode(document, kind=kind)


@overload
def decode(document: object, *, kind: Literal["card"]) -> Card: ...
@overload
def decode(document: object, *, kind: Literal["move"]) -> Move: ...
@overload
def decode(document: object, *, kind: Literal["meld"]) -> Meld: ...
@overload
def decode(document: object, *, kind: Literal["variant"]) -> Variant: ...
@overload
def decode(document: object, *, kind: Literal["state"]) -> GameState: ...
@overload
def decode(document: object, *, kind: Literal["view"]) -> PlayerView: ...
@overload
def decode(document: object, *, kind: Literal["record"]) -> GameRecord: ...
@overload
def decode(document: object, *, kind: None = None) -> object: ...
def decode(document: object, *, kind: Kind | None = None) -> object:
    """The value of a document in its Python form (what ``json.loads`` returns).

    Only JSON values are accepted: ``dict`` with ``str`` keys, ``list`` (or
    ``tuple``), ``str``, ``int``, ``None``, ``True``/``False``. Raises
    :class:`~pushrummy.errors.DecodeError` for anything malformed.

    >>> decode({"schema": "pushrummy.move", "version": 1, "type": "push", "seat": 3})
    Push(seat=3)
    """
    if kind is not None and kind not in DOCUMENT_KINDS:
        raise ValueError(f"kind must be one of {', '.join(DOCUMENT_KINDS)}, not {kind!r}")
    obj = _object(document, "$", "a pushrummy document")
    if "schema" not in obj:
        raise _fail(
            "missing field 'schema' (a pushrummy document starts with "
            '{"schema": "pushrummy.<kind>", "version": 1})',
            path="$.schema",
        )
    schema = obj["schema"]
    names = ", ".join(_SCHEMA_PREFIX + k for k in DOCUMENT_KINDS)
    if not isinstance(schema, str):
        raise _fail(f"expected a schema name ({names}), got {_describe(schema)}", "$.schema")
    found = schema[len(_SCHEMA_PREFIX) :] if schema.startswith(_SCHEMA_PREFIX) else None
    if found not in DOCUMENT_KINDS:
        raise _fail(f"unknown schema {_short(schema)} (expected one of {names})", "$.schema")
    if kind is not None and found != kind:
        raise _fail(f"expected a {_SCHEMA_PREFIX}{kind} document, got {_short(schema)}", "$.schema")
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


def encode(obj: object) -> JSONObject:
    """The document of ``obj`` as a Python ``dict`` (what :func:`to_json` serializes).

    Raises :class:`TypeError` for a value that has no document kind.

    **State** (``pushrummy.state``): the whole privileged game, for saving a
    game server side — never send it to a client (send a view). Fields::

        variant        the variant object
        seed           the game's seed (an integer)
        injected       per deal: the injected deck order (a list of cards) or null
        players        the number of players
        deal_number    the current (or just finished) deal, from 1
        dealer         the seat that dealt it
        phase          "draw" | "play" | "between_deals" | "game_over"
        current_player the seat to move, or null between deals and after the game
        hands          per seat, its cards (sorted)
        stock          the face-down stock, top card first
        upcard         the face-up card, or null
        table          [{"id": 0, "owner": 1, "meld": <meld>}, ...] in id order
        laid_down      per seat, true once it laid down the contract this deal
        laid_down_this_turn  true if the current player laid down this turn
        taken          the upcard taken this turn, or null
        known          per seat, the cards everyone knows it holds, oldest first
        turn           completed turns in this deal
        results        the scored deals: [{"deal_number": 1, "dealer": 0,
                       "ended_by": "out" | "exhausted" | "turn_limit",
                       "went_out": 2 or null, "hands": [[cards], ...],
                       "penalties": [per side]}, ...]
        totals         per side, the running penalty total
        outcome        null, or after the game {"totals": [...], "winners": [sides],
                       "stakes": null or {"pot": 40, "round_prizes": [...],
                       "final_prizes": [...], "net": [...], "left_in_pot": 0}}

    >>> import pushrummy as pr
    >>> doc = encode(pr.new_game(pr.PUSH, seed=7))
    >>> list(doc)[:8]
    ['schema', 'version', 'variant', 'seed', 'injected', 'players', 'deal_number', 'dealer']
    >>> doc["phase"], doc["current_player"], doc["hands"][0], doc["upcard"], len(doc["stock"])
    ('draw', 2, ['6D', '3H', '2S', '3S', '7S', 'JK'], 'AC', 83)

    **View** (``pushrummy.view``): what one seat may know (see
    :func:`pushrummy.views.view`); safe to send to that seat. Fields::

        seat, side, players, variant, deal_number, dealer,
        contract       the current deal's contract text
        phase, current_player,
        hand           the seat's own cards (sorted)
        hand_sizes     per seat, how many cards it holds
        known          per seat, the cards everyone knows it holds
        upcard, table,
        stock_size     how many cards are left in the stock
        laid_down, laid_down_this_turn, taken, turn, totals, results, outcome
                       as in a state
        legal_moves    the seat's legal moves (move objects) when it is its turn, else []

    >>> doc = encode(pr.view(pr.new_game(pr.PUSH, seed=7), 2))
    >>> doc["seat"], doc["contract"], doc["phase"], doc["current_player"], doc["stock_size"]
    (2, '2 sets of 3', 'draw', 2, 83)
    >>> doc["legal_moves"]
    [{'type': 'take', 'seat': 2}, {'type': 'push', 'seat': 2}]
    """
    if isinstance(obj, Card):
        return _document("card", {"card": _card_out(obj)})
    if isinstance(obj, _MOVE_CLASSES):
        return _document("move", _encode_move(obj))
    if isinstance(obj, Meld):
        return _document("meld", _encode_meld(obj))
    if isinstance(obj, Variant):
        return _document("variant", _encode_variant(obj))
    if isinstance(obj, GameState):
        return _document("state", _encode_state(obj))
    if isinstance(obj, PlayerView):
        return _document("view", _encode_view(obj))
    if isinstance(obj, GameRecord):
        return _document("record", _encode_record(obj))
    raise TypeError(
        f"cannot encode a {type(obj).__name__}: expected a Card, move, Meld, Variant, "
        "GameState, PlayerView or GameRecord"
    )


def _document(kind: str, body: JSONObject) -> JSONObject:
    return {"schema": _SCHEMA_PREFIX + kind, "version": SCHEMA_VERSION, **body}


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
    if number.bit_length() > _SEED_BITS:
        raise ValueError(f"a seed must be below 2**{_SEED_BITS} in magnitude to be saved as JSON")
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


def _encode_move(move: Move) -> JSONObject:
    if isinstance(move, NextDeal):
        return {"type": "next_deal"}
    head: JSONObject = {"type": _MOVE_TYPE_NAMES[type(move)], "seat": _int_out(move.seat)}
    if isinstance(move, (Take, Push)):
        return head
    if isinstance(move, LayDown):
        return {**head, "melds": [_meld_out(m) for m in move.melds]}
    if isinstance(move, LayOff):
        if move.end is not None and not isinstance(move.end, End):
            raise TypeError(f"LayOff.end must be an End or None, not {type(move.end).__name__}")
        return {
            **head,
            "card": _card_out(move.card),
            "meld_id": _int_out(move.meld_id),
            "end": None if move.end is None else move.end.value,
        }
    if isinstance(move, NewMeld):
        return {**head, "meld": _meld_out(move.meld)}
    if isinstance(move, ExchangeWild):
        return {
            **head,
            "meld_id": _int_out(move.meld_id),
            "position": _int_out(move.position),
            "card": _card_out(move.card),
        }
    return {**head, "card": _card_out(move.card)}


_MOVE_CLASSES: Final = (Take, Push, LayDown, LayOff, NewMeld, ExchangeWild, Discard, NextDeal)

_MOVE_TYPE_NAMES: Final[dict[type, str]] = {
    Take: "take",
    Push: "push",
    LayDown: "lay_down",
    LayOff: "lay_off",
    NewMeld: "new_meld",
    ExchangeWild: "exchange_wild",
    Discard: "discard",
    NextDeal: "next_deal",
}

_CARD_VALUE_KEYS: Final = ("JK", *(rank.symbol for rank in Rank))
"""The keys of ``card_values``, in the order of ``Variant.card_values`` (joker first)."""


def _encode_variant(variant: Variant) -> JSONObject:
    stakes = variant.stakes
    return {
        "name": variant.name,
        "packs_for_players": [[players, packs] for players, packs in variant.packs_for_players],
        "partnerships": variant.partnerships,
        "deals": [
            {"hand_size": deal.hand_size, "contract": str(deal.contract)} for deal in variant.deals
        ],
        "card_values": dict(zip(_CARD_VALUE_KEYS, variant.card_values, strict=True)),
        "stakes": None
        if stakes is None
        else {"ante": stakes.ante, "round_prize": stakes.round_prize},
        "bury_position": variant.bury_position.value,
        "push_to": variant.push_to.value,
        "short_stock_push": variant.short_stock_push.value,
        "min_naturals_per_meld": variant.min_naturals_per_meld,
        "wild_limit": variant.wild_limit.value,
        "max_run_length": variant.max_run_length,
        "contract_exact_sizes": variant.contract_exact_sizes,
        "layoff_targets": variant.layoff_targets.value,
        "new_melds_after_contract": variant.new_melds_after_contract,
        "same_turn_after_contract": variant.same_turn_after_contract,
        "wild_exchange": variant.wild_exchange.value,
        "may_rediscard_taken": variant.may_rediscard_taken,
        "may_discard_wild": variant.may_discard_wild,
        "must_discard_to_go_out": variant.must_discard_to_go_out,
        "max_turns_per_deal": variant.max_turns_per_deal,
    }


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


def _encode_outcome(outcome: Outcome | None) -> JSONObject | None:
    if outcome is None:
        return None
    stakes = outcome.stakes
    return {
        "totals": list(outcome.totals),
        "winners": list(outcome.winners),
        "stakes": None
        if stakes is None
        else {
            "pot": stakes.pot,
            "round_prizes": list(stakes.round_prizes),
            "final_prizes": list(stakes.final_prizes),
            "net": list(stakes.net),
            "left_in_pot": stakes.left_in_pot,
        },
    }


def _encode_state(state: GameState) -> JSONObject:
    return {
        "variant": _encode_variant(state.variant),
        "seed": _seed_out(state.seed),
        "injected": [None if order is None else _cards_out(order) for order in state.injected],
        "players": state.players,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "phase": state.phase.value,
        "current_player": state.current_player,
        "hands": [_cards_out(hand) for hand in state.hands],
        "stock": _cards_out(state.stock),
        "upcard": _opt_card_out(state.upcard),
        "table": _encode_table(state.table),
        "laid_down": list(state.laid_down),
        "laid_down_this_turn": state.laid_down_this_turn,
        "taken": _opt_card_out(state.taken),
        "known": [_cards_out(cards) for cards in state.known],
        "turn": state.turn,
        "results": [_encode_result(r) for r in state.results],
        "totals": list(state.totals),
        "outcome": _encode_outcome(state.outcome),
    }


def _encode_view(view: PlayerView) -> JSONObject:
    return {
        "seat": view.seat,
        "side": view.side,
        "players": view.players,
        "variant": _encode_variant(view.variant),
        "deal_number": view.deal_number,
        "dealer": view.dealer,
        "contract": str(view.contract),
        "phase": view.phase.value,
        "current_player": view.current_player,
        "hand": _cards_out(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "known": [_cards_out(cards) for cards in view.known],
        "upcard": _opt_card_out(view.upcard),
        "table": _encode_table(view.table),
        "stock_size": view.stock_size,
        "laid_down": list(view.laid_down),
        "laid_down_this_turn": view.laid_down_this_turn,
        "taken": _opt_card_out(view.taken),
        "turn": view.turn,
        "totals": list(view.totals),
        "results": [_encode_result(r) for r in view.results],
        "outcome": _encode_outcome(view.outcome),
        "legal_moves": [_encode_move(m) for m in view.legal_moves],
    }


def _encode_record(record: GameRecord) -> JSONObject:
    return {
        "variant": _encode_variant(record.variant),
        "seed": _seed_out(record.seed),
        "players": record.players,
        "dealer": record.dealer,
        "deals": [None if order is None else _cards_out(order) for order in record.deals],
        "moves": [_encode_move(m) for m in record.moves],
    }


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
    bits: int = _INT_BITS,
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
    return _int(value, path, "a seed (an integer)", bits=_SEED_BITS)


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
        parts.append("missing " + " ".join(str(c) for c in sorted(missing.elements())))
    if extra:
        parts.append("extra " + " ".join(str(c) for c in sorted(extra.elements())))
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
    "take": ("type", "seat"),
    "push": ("type", "seat"),
    "lay_down": ("type", "seat", "melds"),
    "lay_off": ("type", "seat", "card", "meld_id", "end"),
    "new_meld": ("type", "seat", "meld"),
    "exchange_wild": ("type", "seat", "meld_id", "position", "card"),
    "discard": ("type", "seat", "card"),
    "next_deal": ("type",),
}


def _move(value: object, path: str, players: int | None = None) -> Move:
    obj = _object(value, path, "a move")
    types = ", ".join(json.dumps(name) for name in _MOVE_FIELDS)
    if "type" not in obj:
        raise _fail(f"missing field 'type' of a move (one of {types})", f"{path}.type")
    name = obj["type"]
    if not isinstance(name, str) or name not in _MOVE_FIELDS:
        raise _fail(
            f"unknown move type {_describe(name)} (expected one of {types})", f"{path}.type"
        )
    obj = _fields(obj, path, f"a {name} move", _MOVE_FIELDS[name])
    if name == "next_deal":
        return NextDeal()
    seat_what = "a seat (an integer >= 0)" if players is None else f"a seat 0..{players - 1}"
    seat = _int(
        obj["seat"], f"{path}.seat", seat_what, lo=0, hi=None if players is None else players - 1
    )
    if name == "take":
        return Take(seat)
    if name == "push":
        return Push(seat)
    if name == "lay_down":
        melds = _array(obj["melds"], f"{path}.melds", "a list of melds")
        return LayDown(seat, tuple(_meld(m, f"{path}.melds[{i}]") for i, m in enumerate(melds)))
    if name == "new_meld":
        return NewMeld(seat, _meld(obj["meld"], f"{path}.meld"))
    if name == "discard":
        return Discard(seat, _card(obj["card"], f"{path}.card"))
    if name == "lay_off":
        card = _card(obj["card"], f"{path}.card")
        meld_id = _count(obj["meld_id"], f"{path}.meld_id", "a meld id")
        end_value = obj["end"]
        if end_value is None:
            return LayOff(seat, card, meld_id, None)
        if end_value not in ("low", "high"):
            raise _fail(
                f'expected "low", "high" or null (for a set), got {_describe(end_value)}',
                f"{path}.end",
            )
        return LayOff(seat, card, meld_id, End(end_value))
    meld_id = _count(obj["meld_id"], f"{path}.meld_id", "a meld id")
    position = _int(
        obj["position"],
        f"{path}.position",
        f"a run position 1..{MAX_RUN_POSITION}",
        lo=1,
        hi=MAX_RUN_POSITION,
    )
    return ExchangeWild(seat, meld_id, position, _card(obj["card"], f"{path}.card"))


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
_VARIANT_BOOLS: Final = (
    "partnerships",
    "contract_exact_sizes",
    "new_melds_after_contract",
    "same_turn_after_contract",
    "may_rediscard_taken",
    "may_discard_wild",
    "must_discard_to_go_out",
)


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
    values = _fields(obj["card_values"], at("card_values"), "a card-value table", _CARD_VALUE_KEYS)
    args["card_values"] = tuple(
        _count(values[key], _key_path(at("card_values"), key), "points") for key in _CARD_VALUE_KEYS
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
    """Decode and cross-check the fields a state and a view share."""

    def at(name: str) -> str:
        return f"{path}.{name}"

    variant = _variant(obj["variant"], at("variant"))
    players = _players(obj["players"], at("players"), variant)
    sides = variant.side_count(players)
    deals = len(variant.deals)
    deal_number = _int(obj["deal_number"], at("deal_number"), f"a deal number 1..{deals}", 1, deals)
    dealer = _seat(obj["dealer"], at("dealer"), players)
    phase = _enum(obj["phase"], at("phase"), Phase)
    in_deal = phase in (Phase.DRAW, Phase.PLAY)
    current = _opt_seat(obj["current_player"], at("current_player"), players)
    if in_deal and current is None:
        raise _fail(
            f"the {phase.value} phase needs a current player, got null", at("current_player")
        )
    if not in_deal and current is not None:
        raise _fail(
            f"expected null: nobody is to move in the {phase.value} phase", at("current_player")
        )
    if phase is Phase.GAME_OVER and deal_number != deals:
        raise _fail(f"the game is over only after deal {deals}", at("phase"))
    if phase is Phase.BETWEEN_DEALS and deal_number == deals:
        raise _fail(f"after the last deal (deal {deals}) the phase is game_over", at("phase"))

    upcard = _opt_card(obj["upcard"], at("upcard"))
    if phase is Phase.DRAW and upcard is None:
        raise _fail("the draw phase needs an upcard ([draw.choice]), got null", at("upcard"))
    if phase is Phase.PLAY and upcard is not None:
        raise _fail(
            "expected null: the upcard was taken or pushed at the start of the play phase",
            at("upcard"),
        )

    laid_down = _bools(obj["laid_down"], at("laid_down"), players, "a list of true/false")
    laid_down_this_turn = _bool(obj["laid_down_this_turn"], at("laid_down_this_turn"))
    if laid_down_this_turn and (
        phase is not Phase.PLAY or current is None or not laid_down[current]
    ):
        raise _fail(
            "true only in the play phase, after the current player laid down",
            at("laid_down_this_turn"),
        )
    taken = _opt_card(obj["taken"], at("taken"))
    if taken is not None and phase is not Phase.PLAY:
        raise _fail("expected null outside the play phase", at("taken"))

    table = []
    for i, item in enumerate(_array(obj["table"], at("table"), "a list of table melds")):
        where = f"{at('table')}[{i}]"
        entry = _fields(item, where, "a table meld", ("id", "owner", "meld"))
        meld_id = _int(entry["id"], f"{where}.id", f"the meld id {i} (ids count from 0)", i, i)
        owner = _seat(entry["owner"], f"{where}.owner", players)
        if not laid_down[owner]:
            raise _fail(
                f"seat {owner} owns a meld but has not laid down (laid_down[{owner}] is false)",
                f"{where}.owner",
            )
        meld = _meld(entry["meld"], f"{where}.meld")
        problem = meld_rule_violation(meld, variant)
        if problem is not None:
            raise _fail(f"meld {meld.notation()} breaks the variant: {problem}", f"{where}.meld")
        table.append(TableMeld(id=meld_id, owner=owner, meld=meld))

    known = tuple(
        _cards(item, f"{at('known')}[{i}]")
        for i, item in enumerate(_per_seat(obj["known"], at("known"), players, "a list of cards"))
    )
    turn = _count(obj["turn"], at("turn"), "a number of turns")
    limit = variant.max_turns_per_deal
    if limit is not None and (turn > limit or (in_deal and turn >= limit)):
        raise _fail(f"max_turns_per_deal is {limit}: a deal ends after {limit} turns", at("turn"))
    if in_deal and current != (dealer + 1 + turn) % players:
        raise _fail(
            f"after {turn} turns from dealer {dealer}'s left, seat "
            f"{(dealer + 1 + turn) % players} is to move, not seat {current}",
            at("current_player"),
        )

    results = _results(obj["results"], at("results"), variant, players, deal_number, dealer, phase)
    totals = _ints(obj["totals"], at("totals"), sides, f"a list of {sides} side totals")
    summed = tuple(sum(r.penalties[side] for r in results) for side in range(sides))
    if totals != summed:
        raise _fail(
            f"the totals must be the sums of the deals' penalties, {list(summed)}", at("totals")
        )
    outcome = _outcome(
        obj["outcome"], at("outcome"), variant, players, phase, results, totals, dealer
    )
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


def _results(
    value: object,
    path: str,
    variant: Variant,
    players: int,
    deal_number: int,
    dealer: int,
    phase: Phase,
) -> tuple[DealResult, ...]:
    items = _array(value, path, "a list of deal results")
    finished = deal_number if phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER) else deal_number - 1
    if len(items) != finished:
        raise _fail(
            f"expected {finished} deal results in the {phase.value} phase of deal {deal_number}, "
            f"got {len(items)}",
            path,
        )
    sides = variant.side_count(players)
    results = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]"
        obj = _fields(item, where, "a deal result", _RESULT_FIELDS)
        number = _int(
            obj["deal_number"], f"{where}.deal_number", f"the deal number {i + 1}", i + 1, i + 1
        )
        expected_dealer = (dealer - (deal_number - number)) % players
        result_dealer = _int(
            obj["dealer"],
            f"{where}.dealer",
            f"seat {expected_dealer} (the deal passes clockwise)",
            expected_dealer,
            expected_dealer,
        )
        ended_by = _enum(obj["ended_by"], f"{where}.ended_by", DealEnd)
        went_out = _opt_seat(obj["went_out"], f"{where}.went_out", players)
        if (went_out is None) != (ended_by is not DealEnd.OUT):
            raise _fail(
                "a seat exactly when the deal ended by a player going out, else null",
                f"{where}.went_out",
            )
        hands = tuple(
            _hand(hand, f"{where}.hands[{s}]")
            for s, hand in enumerate(_per_seat(obj["hands"], f"{where}.hands", players, "hands"))
        )
        if went_out is not None and hands[went_out]:
            raise _fail(
                f"seat {went_out} went out, so its hand is empty", f"{where}.hands[{went_out}]"
            )
        penalties = _ints(
            obj["penalties"], f"{where}.penalties", sides, f"a list of {sides} penalties", 0
        )
        expected = deal_penalties(hands, variant, went_out)
        if penalties != expected:
            raise _fail(
                f"the penalties of these hands are {list(expected)} ([score.out], [score.exhausted])",
                f"{where}.penalties",
            )
        results.append(
            DealResult(
                deal_number=number,
                dealer=result_dealer,
                ended_by=ended_by,
                went_out=went_out,
                hands=hands,
                penalties=penalties,
            )
        )
    return tuple(results)


def _outcome(
    value: object,
    path: str,
    variant: Variant,
    players: int,
    phase: Phase,
    results: tuple[DealResult, ...],
    totals: tuple[int, ...],
    dealer: int,
) -> Outcome | None:
    if phase is not Phase.GAME_OVER:
        if value is not None:
            raise _fail(f"expected null: the game is not over (phase {phase.value})", path)
        return None
    if value is None:
        raise _fail("the game is over, so the outcome is needed, got null", path)
    obj = _fields(value, path, "an outcome", _OUTCOME_FIELDS)
    sides = variant.side_count(players)
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
    decoded = Outcome(totals=outcome_totals, winners=outcome_winners, stakes=stakes)
    best = winners(totals)
    expected = Outcome(
        totals=totals,
        winners=best,
        stakes=None
        if variant.stakes is None
        else settle_stakes(variant.stakes, players, [r.went_out for r in results], best, dealer),
    )
    if decoded != expected:
        raise _fail(
            f"the outcome does not follow from the results: expected {_encode_outcome(expected)}",
            path,
        )
    return decoded


def _state(value: object, path: str) -> GameState:
    obj = _fields(value, path, "a game state", _STATE_FIELDS)
    public = _public(obj, path)
    variant, players = public.variant, public.players
    seed = _seed(obj["seed"], f"{path}.seed")
    deck = _deck_of(variant, players)
    orders = _array(
        obj["injected"],
        f"{path}.injected",
        "a list of deck orders or null, one per deal",
        len(variant.deals),
    )
    injected = tuple(
        None if order is None else _deck_order(order, f"{path}.injected[{i}]", deck)
        for i, order in enumerate(orders)
    )
    hands = tuple(
        _hand(hand, f"{path}.hands[{s}]")
        for s, hand in enumerate(_per_seat(obj["hands"], f"{path}.hands", players, "hands"))
    )
    for seat, (hand, known) in enumerate(zip(hands, public.known, strict=True)):
        if Counter(known) - Counter(hand):
            raise _fail(
                f"seat {seat} is known to hold cards it does not hold: "
                + " ".join(str(c) for c in sorted((Counter(known) - Counter(hand)).elements())),
                f"{path}.known[{seat}]",
            )
    stock = _cards(obj["stock"], f"{path}.stock", "the stock (a list of cards)")
    counted = Counter(stock)
    for hand in hands:
        counted.update(hand)
    for entry in public.table:
        counted.update(entry.meld.cards)
    if public.upcard is not None:
        counted[public.upcard] += 1
    if counted != deck:
        raise _fail(
            f"the hands, stock, upcard and table must hold exactly the {deck.total()}-card deck: "
            + _multiset_difference(counted, deck),
            path,
        )
    return GameState(
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


def _view(value: object, path: str) -> PlayerView:
    obj = _fields(value, path, "a player view", _VIEW_FIELDS)
    public = _public(obj, path)
    variant, players = public.variant, public.players
    seat = _seat(obj["seat"], f"{path}.seat", players)
    side = variant.side_of(seat)
    _int(obj["side"], f"{path}.side", f"side {side} (seat {seat}'s side)", side, side)
    contract = _contract(obj["contract"], f"{path}.contract")
    expected_contract = variant.deals[public.deal_number - 1].contract
    if contract != expected_contract:
        raise _fail(
            f"deal {public.deal_number}'s contract is {str(expected_contract)!r}",
            f"{path}.contract",
        )
    hand = _hand(obj["hand"], f"{path}.hand")
    sizes = _ints(
        obj["hand_sizes"], f"{path}.hand_sizes", players, "a list of hand sizes, one per seat,", 0
    )
    if sizes[seat] != len(hand):
        raise _fail(
            f"seat {seat} holds {len(hand)} cards (its hand), not {sizes[seat]}",
            f"{path}.hand_sizes[{seat}]",
        )
    if Counter(public.known[seat]) - Counter(hand):
        raise _fail(f"seat {seat} is known to hold cards not in its hand", f"{path}.known[{seat}]")
    for other, known in enumerate(public.known):
        if len(known) > sizes[other]:
            raise _fail(
                f"seat {other} is known to hold {len(known)} cards but holds {sizes[other]}",
                f"{path}.known[{other}]",
            )
    stock_size = _count(obj["stock_size"], f"{path}.stock_size", "a stock size")
    deck = _deck_of(variant, players)
    visible = Counter(hand)
    for other, known in enumerate(public.known):
        if other != seat:
            visible.update(known)
    for entry in public.table:
        visible.update(entry.meld.cards)
    if public.upcard is not None:
        visible[public.upcard] += 1
    if visible - deck:
        raise _fail(
            "more copies of a card are visible than the deck holds: "
            + " ".join(str(c) for c in sorted((visible - deck).elements())),
            path,
        )
    total = (
        sum(sizes)
        + stock_size
        + (public.upcard is not None)
        + sum(len(entry.meld.cards) for entry in public.table)
    )
    if total != deck.total():
        raise _fail(
            f"the hands, stock, upcard and table hold {total} cards, not the {deck.total()} of the deck",
            path,
        )
    moves_path = f"{path}.legal_moves"
    items = _array(obj["legal_moves"], moves_path, "a list of moves")
    moves = tuple(_move(m, f"{moves_path}[{i}]", players) for i, m in enumerate(items))
    if moves and public.current_player != seat:
        raise _fail(f"expected []: it is not seat {seat}'s turn", moves_path)
    for i, move in enumerate(moves):
        if isinstance(move, NextDeal) or move.seat != seat:
            raise _fail(
                f"a legal move of seat {seat} is one of its own moves", f"{moves_path}[{i}]"
            )
    return PlayerView(
        seat=seat,
        side=side,
        players=players,
        variant=variant,
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
