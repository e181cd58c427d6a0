"""JSON wire format: explicit, versioned codecs for every public value (:doc:`/frontend`).

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
record     :class:`~.records.GameRecord`          variant, seed, players, dealer, deals, moves, [human]
=========  =====================================  ===========================================

:func:`to_json` / :func:`from_json` work on JSON text; :func:`encode` /
:func:`decode` on the equivalent Python ``dict``; :func:`json_schema` gives the JSON Schema
(draft 2020-12) of each kind. Nested values (the moves of a
record, the variant of a state) are plain objects without ``schema`` and
``version``: only the top level carries them.

Conventions inside documents:

* **Cards** are strings in canonical notation: ``"10H"``, ``"AS"``, ``"JK"``
  (:ref:`notation <rules-notation>`). Decoding is strict: ``"th"`` is rejected with a hint
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

**Labels.** The legal moves of a view document carry two more fields after the move's
own: ``"notation"``, the move's text (:func:`~pushrummy.notation.format_move`), and
``"description"``, a one-line sentence (:func:`~pushrummy.english.describe_move` in the
view: a lay-off or exchange names its target by owner and cards, ``seat 2's run 5H–8H``),
for a front end to show. They are read-only: a move document may carry them, so a client
can send a listed move back as it is, but only when they are the move's own (anything else
is a ``DecodeError`` at the label; a move sent back alone has no table, so the words naming
a lay-off's or exchange's target are checked for their form,
:func:`~pushrummy.english.is_description`); a record's moves carry none.

>>> from_json('{"schema":"pushrummy.move","version":1,"type":"take","seat":0,'
...           '"notation":"take","description":"seat 0 takes the upcard"}')
Take(seat=0)
>>> from_json('{"schema":"pushrummy.move","version":1,"type":"take","seat":0,"notation":"push"}')
Traceback (most recent call last):
...
pushrummy.errors.DecodeError: $.notation: expected "take", the move's own notation (a label is read-only), got the string 'push'

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
order, then two read-only facts of the rules, for front ends: ``wild_cards``, the wild card
values (the twos and the joker; the joker alone where ``wild_twos`` is false, [setup.wild]), and
``run_positions``, the rank at each position of a run, ``"1"`` (ace low) to ``"14"``
(ace high). The decoder requires them as written here. ``card_values`` maps ``"JK"``, ``"A"``, ``"2"`` … ``"K"`` to points;
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
  "jokers_for_players": [],
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
  "draw_style": "push",
  "push_to": "next",
  "short_stock_push": "transfer_then_end",
  "take_after_contract": true,
  "reshuffle_stock": false,
  "wild_twos": true,
  "min_naturals_per_meld": 0,
  "wild_limit": "unlimited",
  "max_run_length": 14,
  "set_suits": "distinct",
  "contract_exact_sizes": false,
  "laydown_wilds_per_meld": null,
  "contract_run_suits": "any",
  "layoff_targets": "any",
  "new_melds_after_contract": true,
  "same_turn_after_contract": true,
  "wild_exchange": "none",
  "may_rediscard_taken": false,
  "may_discard_wild": true,
  "must_discard_to_go_out": false,
  "max_turns_per_deal": null,
  "buying": false,
  "buy_penalty": 1,
  "buy_limit": null,
  "buy_after_contract": true,
  "wild_cards": [
    "2C",
    "2D",
    "2H",
    "2S",
    "JK"
  ],
  "run_positions": {
    "1": "A",
    "2": "2",
    "3": "3",
    "4": "4",
    "5": "5",
    "6": "6",
    "7": "7",
    "8": "8",
    "9": "9",
    "10": "10",
    "11": "J",
    "12": "Q",
    "13": "K",
    "14": "A"
  }
}
>>> from_json(to_json(pr.CAP_IT)) == pr.CAP_IT
True

States, views and records
-------------------------

See :func:`encode` for the fields of a state and a view, and :class:`~pushrummy.records.GameRecord`
for the record (the save format).

>>> state = pr.new_game(pr.PUSH, seed=7)
>>> from_json(to_json(state)) == state
True
>>> record = pr.GameRecord.start(pr.PUSH, seed=7).with_move(pr.Take(state.current_player))
>>> pr.replay(from_json(to_json(record))) == pr.apply_move(state, pr.Take(state.current_player))
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

import functools
import json
from typing import Any, Final, Literal, overload

from ._json_decode import decode_document, parse_json
from ._json_encode import encode_document
from ._wire import (
    DOCUMENT_KINDS,
    SCHEMA_VERSION,
    JSONObject,
    Kind,
)
from .cards import Card
from .errors import SetupError, clip_repr
from .melds import Meld
from .moves import Move

# GameRecord and replay live in records.py (one concept per module); the design lists them
# here, so they stay importable from this module too (explicit re-exports).
from .records import GameRecord as GameRecord  # noqa: PLC0414
from .records import replay as replay  # noqa: PLC0414
from .state import GameState
from .variants import Variant
from .views import PlayerView

At = GameState | PlayerView | None
"""What a move document's precondition is checked against (``at=``): the game it is for."""

__all__ = [
    "DOCUMENT_KINDS",
    "SCHEMA_VERSION",
    "decode",
    "encode",
    "from_json",
    "json_schema",
    "to_json",
]


# =============================================================================================
# Public entry points
# =============================================================================================


def to_json(obj: object, *, indent: int | None = None, events_since: int = 0) -> str:
    """The JSON document of ``obj``: deterministic text (see the module docs for the order).

    ``obj`` is a card, move, meld, variant, game state, player view or game
    record. For a view, ``events_since`` leaves out the events before that index
    (what the client has already shown), as :func:`encode`.

    Raises:
        TypeError: ``obj`` has no document kind, ``indent`` is neither an int, a str
            nor ``None``, or ``events_since`` is not an int.
        SetupError: a game state whose seed is not below ``2**256`` in magnitude (which
            :func:`~pushrummy.engine.new_game` never makes) cannot be saved; or
            ``events_since`` is negative, or given for a document that is not a view.

    >>> import pushrummy as pr
    >>> to_json(pr.NextDeal())
    '{"schema":"pushrummy.move","version":1,"type":"next_deal"}'
    """
    document = encode(obj, events_since=events_since)
    if indent is None:
        return json.dumps(document, separators=(",", ":"), allow_nan=False)
    return json.dumps(document, indent=indent, separators=(",", ": "), allow_nan=False)


@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["card"], at: At = None) -> Card: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["move"], at: At = None) -> Move: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: Literal["meld"], at: At = None) -> Meld: ...
@overload
def from_json(
    text: str | bytes | bytearray, *, kind: Literal["variant"], at: At = None
) -> Variant: ...
@overload
def from_json(
    text: str | bytes | bytearray, *, kind: Literal["state"], at: At = None
) -> GameState: ...
@overload
def from_json(
    text: str | bytes | bytearray, *, kind: Literal["view"], at: At = None
) -> PlayerView: ...
@overload
def from_json(
    text: str | bytes | bytearray, *, kind: Literal["record"], at: At = None
) -> GameRecord: ...
@overload
def from_json(text: str | bytes | bytearray, *, kind: None = None, at: At = None) -> object: ...
def from_json(text: str | bytes | bytearray, *, kind: Kind | None = None, at: At = None) -> object:
    """The value of a JSON document.

    With ``kind`` (``"move"``, ``"state"``, ...) a document of any other kind is
    rejected too — a server reading a client's move should say
    ``from_json(text, kind="move", at=state)``: ``at``, the game the move is for, checks
    the move document's precondition, as :func:`decode`.

    Raises:
        TypeError: ``text`` is not a str, bytes or bytearray.
        SetupError: ``kind`` is neither ``None`` nor a document kind.
        DecodeError: anything malformed: invalid JSON (also undecodable bytes, a
            duplicate key, nesting too deep), a document of another ``kind``, an unknown
            schema or version, or a bad value inside (its JSON path starts the message).
        StaleMoveError: a move document whose precondition ``at`` has moved past.

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
    return decode(parse_json(text), kind=kind, at=at)


@overload
def decode(document: object, *, kind: Literal["card"], at: At = None) -> Card: ...
@overload
def decode(document: object, *, kind: Literal["move"], at: At = None) -> Move: ...
@overload
def decode(document: object, *, kind: Literal["meld"], at: At = None) -> Meld: ...
@overload
def decode(document: object, *, kind: Literal["variant"], at: At = None) -> Variant: ...
@overload
def decode(document: object, *, kind: Literal["state"], at: At = None) -> GameState: ...
@overload
def decode(document: object, *, kind: Literal["view"], at: At = None) -> PlayerView: ...
@overload
def decode(document: object, *, kind: Literal["record"], at: At = None) -> GameRecord: ...
@overload
def decode(document: object, *, kind: None = None, at: At = None) -> object: ...
def decode(document: object, *, kind: Kind | None = None, at: At = None) -> object:
    """The value of a document in its Python form (what ``json.loads`` returns).

    Only JSON values are accepted: ``dict`` with ``str`` keys, ``list`` (or
    ``tuple``), ``str``, ``int``, ``None``, ``True``/``False``.

    A move document may carry a precondition, ``"progress"``: the
    :attr:`~pushrummy.views.PlayerView.progress` of the view it was chosen in (each of a
    view document's listed moves carries it, so a move sent back as it is has it). ``at``,
    the game the move is for (its state, or any seat's view of it), checks it: a move chosen
    in a position the game has moved past is refused, even if it is legal now (a stale
    page, a retried request, a second tab: the player would get a move they never saw).
    Without ``at``, a document with a precondition is refused; without a precondition,
    ``at`` checks nothing.

    Raises:
        TypeError: ``at`` is neither ``None``, a GameState nor a PlayerView.
        SetupError: ``kind`` is neither ``None`` nor a document kind.
        DecodeError: anything malformed, a value that is not JSON included: a document
            of another ``kind``, an unknown schema or version, or a bad value inside
            (its JSON path starts the message); a precondition without ``at``.
        StaleMoveError: a move document whose precondition is not ``at``'s progress:
            the game moved on.

    >>> decode({"schema": "pushrummy.move", "version": 1, "type": "push", "seat": 3})
    Push(seat=3)
    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=9)
    >>> listed = encode(pr.view(state, 1))["legal_moves"][0]       # chosen in this view
    >>> listed["type"], listed["progress"] == state.progress
    ('take', True)
    >>> sent = {"schema": "pushrummy.move", "version": 1, **listed}
    >>> decode(sent, kind="move", at=state)
    Take(seat=1)
    >>> later = pr.apply_move(state, pr.Push(1))
    >>> decode(sent, kind="move", at=later)                           # the game moved on
    Traceback (most recent call last):
    ...
    pushrummy.errors.StaleMoveError: the game moved on: this move was chosen at progress 2, the game is at 8
    """
    if kind is not None and kind not in DOCUMENT_KINDS:
        raise _unknown_kind(kind)
    if at is not None and not isinstance(at, (GameState, PlayerView)):
        raise TypeError(f"at must be a GameState or a PlayerView, not {type(at).__name__}")
    return decode_document(document, kind, None if at is None else at.progress)


def json_schema(kind: Kind) -> JSONObject:
    """The JSON Schema (draft 2020-12) of the documents of ``kind``, as a new ``dict``.

    The schema is self-contained (every ``$ref`` points into its own ``$defs``), so it
    validates offline; hand it to any 2020-12 validator (``jsonschema`` in Python, Ajv
    in JavaScript). It checks each value on its own — types, required and unknown
    fields, enumerated values, canonical card and contract notation, integer ranges —
    but not how values relate to each other (a seat below the number of players, card
    conservation, the turn order, the scores): :func:`decode` checks those too
    (:doc:`/frontend`). The files it is read from ship in the package, in
    ``pushrummy/schemas/``: ``<kind>.schema.json`` and the shared
    ``defs.schema.json``.

    Raises:
        TypeError: ``kind`` is not a str.
        SetupError: ``kind`` is not a document kind (the error :func:`decode` gives).

    >>> schema = json_schema("move")
    >>> schema["$schema"], schema["$id"]
    ('https://json-schema.org/draft/2020-12/schema', 'https://pushrummy.example/schemas/move.schema.json')
    >>> schema["properties"]["schema"], schema["required"]
    ({'const': 'pushrummy.move'}, ['schema', 'version'])
    >>> [branch["$ref"] for branch in schema["$defs"]["move_fields"]["oneOf"]][:3]
    ['#/$defs/take', '#/$defs/push', '#/$defs/draw_stock']
    >>> json_schema("card")["$defs"]["card"]["pattern"]
    '^(?:(?:A|[2-9]|10|J|Q|K)[CDHS]|JK)$'
    >>> json_schema("game")
    Traceback (most recent call last):
    ...
    pushrummy.errors.SetupError: kind must be one of card, move, meld, variant, state, view, record, not 'game'
    """
    if not isinstance(kind, str):
        raise TypeError(f"json_schema expects a document kind (a str), not {type(kind).__name__}")
    if kind not in DOCUMENT_KINDS:
        raise _unknown_kind(kind)
    # The kind's file refers to the shared file's $defs; bundle the ones it needs (those
    # they need too) into its own $defs, in the shared file's order.
    schema: JSONObject = _local_refs(json.loads(_schema_text(f"{kind}.schema.json")))
    shared: JSONObject = json.loads(_schema_text(_SHARED_SCHEMA))["$defs"]
    needed: set[str] = set()
    pending = _refs_in(schema)
    while pending:
        name = pending.pop()
        if name not in needed:
            needed.add(name)
            pending |= _refs_in(shared[name])
    schema["$defs"] = {name: value for name, value in shared.items() if name in needed}
    return schema


def _unknown_kind(kind: object) -> SetupError:
    return SetupError(f"kind must be one of {', '.join(DOCUMENT_KINDS)}, not {clip_repr(kind)}")


def encode(obj: object, *, events_since: int = 0) -> JSONObject:
    """The document of ``obj`` as a Python ``dict`` (what :func:`to_json` serializes).

    ``events_since`` (views only) leaves out the view's events before that index:
    a client that has shown ``n`` events asks for ``events_since=n`` and gets only
    what is new. Such a partial view cannot be decoded back into a
    :class:`~pushrummy.views.PlayerView` (it lacks the earlier events).

    Raises:
        TypeError: ``obj`` has no document kind, or ``events_since`` is not an int.
        SetupError: a game state whose seed is not below ``2**256`` in magnitude (which
            :func:`~pushrummy.engine.new_game` never makes) cannot be saved; or
            ``events_since`` is negative, or given for a document that is not a view.

    **State** (``pushrummy.state``): the whole privileged game, for saving a
    game server side — never send it to a client (send a view). Fields::

        variant        the variant object
        seed           the game's seed (an integer)
        injected       per deal: the injected deck order (a list of cards) or null
        players        the number of players
        deal_number    the current (or just finished) deal, from 1
        dealer         the seat that dealt it
        phase          "draw" | "play" | "laying_down" | "between_deals" | "game_over"
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

        seat, side, players,
        sides          per seat, the side it plays for (the variant's: [0, 1, 0, 1] in
                       partnerships, [0, 1, 2, ...] in individual play)
        variant, deal_number, dealer,
        contract       the current deal's contract text
        contract_left  in the laying_down phase, what the current player still has to
                       lay down (contract parts as text, e.g. ["1 run of 4"]); else []
        phase, current_player,
        hand           the seat's own cards (sorted)
        hand_sizes     per seat, how many cards it holds
        known          per seat, the cards everyone knows it holds
        upcard, table,
        stock_size     how many cards are left in the stock
        laid_down, laid_down_this_turn, taken, turn, totals, results, outcome
                       as in a state
        legal_moves    the seat's legal moves when it is its turn, else []: move objects,
                       each followed by its labels "notation" (format_move) and
                       "description" (describe_move in the view)

    >>> doc = encode(pr.view(pr.new_game(pr.PUSH, seed=7), 2))
    >>> doc["seat"], doc["contract"], doc["phase"], doc["current_player"], doc["stock_size"]
    (2, '2 sets of 3', 'draw', 2, 83)
    >>> doc["legal_moves"][1]
    {'type': 'push', 'seat': 2, 'notation': 'push', 'description': 'seat 2 pushes', 'progress': 2}

    A listed move can be sent back as it is: a move document may carry the two labels,
    but only the move's own (they are read-only).
    """
    if isinstance(events_since, bool) or not isinstance(events_since, int):
        raise TypeError(f"events_since must be an int, not {type(events_since).__name__}")
    if events_since:
        if not isinstance(obj, PlayerView):
            raise SetupError("events_since is for views: other documents hold no seat's events")
        if events_since < 0:
            raise SetupError(f"events_since must be at least 0, not {events_since}")
    return encode_document(obj, events_since)


# =============================================================================================
# The JSON Schemas (package data: pushrummy/schemas/*.schema.json)
# =============================================================================================

_SHARED_SCHEMA: Final = "defs.schema.json"
"""The file of the definitions the document schemas share (``$defs``)."""
_SHARED_REF: Final = _SHARED_SCHEMA + "#/$defs/"
_LOCAL_REF: Final = "#/$defs/"


@functools.cache
def _schema_text(name: str) -> str:
    # importlib.resources only when a schema is asked for: `import pushrummy` stays lean.
    from importlib import resources

    return (resources.files(__package__ or "pushrummy") / "schemas" / name).read_text("utf-8")


def _local_refs(node: Any) -> Any:
    """``node`` with every ``$ref`` into the shared file made a ``$ref`` into ``#/$defs``."""
    if isinstance(node, dict):
        return {
            key: _LOCAL_REF + value.removeprefix(_SHARED_REF)
            if key == "$ref" and isinstance(value, str) and value.startswith(_SHARED_REF)
            else _local_refs(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_local_refs(item) for item in node]
    return node


def _refs_in(node: Any) -> set[str]:
    """The names of the ``#/$defs`` entries ``node`` refers to."""
    if isinstance(node, dict):
        found = set()
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(_LOCAL_REF):
                found.add(value.removeprefix(_LOCAL_REF))
            else:
                found |= _refs_in(value)
        return found
    if isinstance(node, list):
        return {name for item in node for name in _refs_in(item)}
    return set()
