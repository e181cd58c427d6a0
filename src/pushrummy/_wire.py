"""The constants of the JSON wire format, shared by the encoders and the decoders, and how
the fields of the values are declared for them.

Every field of :class:`~pushrummy.variants.Variant`, :class:`~pushrummy.state.GameState` and
:class:`~pushrummy.views.PlayerView` carries a :class:`FieldInfo` in its ``attrs`` metadata: its
JSON name, its :class:`Codec`, the rule it is about, and the read-only keys a document writes
beside it. The JSON encoder and decoder loop over :func:`wire_fields` (a document's keys in
order: :func:`wire_keys`), the schema test compares the schema files with them, and the docs
test the option table of :doc:`/variants`: a field is declared once.

Private: the public names are re-exported by :mod:`pushrummy.serialization`.
"""

from __future__ import annotations

import enum
from typing import Any, Final, Literal

import attrs

from .cards import ALL_CARDS, Rank
from .melds import MAX_RUN_POSITION, position_rank
from .rules import rule_id

SCHEMA_VERSION: Final = 1
"""The version every document carries; decoding any other version is an error."""

DOCUMENT_KINDS: Final = ("card", "move", "meld", "variant", "state", "view", "record")
"""The document kinds: a document's ``schema`` is ``"pushrummy."`` plus one of these."""

Kind = Literal["card", "move", "meld", "variant", "state", "view", "record"]
JSONObject = dict[str, Any]

SCHEMA_PREFIX: Final = "pushrummy."
INT_BITS: Final = 63
"""Integers in documents are below ``2**63`` in magnitude (seeds excepted: they are below
``2**256``, :data:`pushrummy.dealing.SEED_BITS`)."""

CARD_VALUE_KEYS: Final = ("JK", *(rank.symbol for rank in Rank))
"""The keys of a variant's ``card_values`` object, in their documented order."""

WILD_CARDS: Final = tuple(str(card) for card in ALL_CARDS if card.is_wild)
"""A variant document's ``wild_cards`` while twos are wild: the wild card values, in card order
([setup.wild])."""
JOKERS_ONLY: Final = ("JK",)
"""A variant document's ``wild_cards`` with ``wild_twos`` false: the joker only."""


def wild_cards(wild_twos: object) -> tuple[str, ...]:
    """A variant document's ``wild_cards`` under its ``wild_twos`` ([setup.wild])."""
    return JOKERS_ONLY if wild_twos is False else WILD_CARDS


RUN_POSITIONS: Final = tuple(
    (str(position), position_rank(position).symbol) for position in range(1, MAX_RUN_POSITION + 1)
)
"""A variant document's ``run_positions`` (as pairs): the rank at each run position, 1 to 14."""

VARIANT_FACTS: Final = ("wild_cards", "run_positions")
"""The read-only fields of a variant document after its options: facts of the rules."""

# -- the fields of the values a document carries ------------------------------------------------


class Codec(enum.Enum):
    """How a field of a value is written to JSON and read back: the encoder and the decoder
    each have one function per codec (:mod:`pushrummy._json_encode`,
    :mod:`pushrummy._json_decode`), and the schema test one schema fragment per codec."""

    STR = "str"
    """A non-empty string."""
    BOOL = "bool"
    """``true`` or ``false``."""
    ENUM = "enum"
    """The ``.value`` string of a member of :attr:`FieldInfo.enum_type`."""
    INT = "int"
    """An integer in ``lo..hi``."""
    OPT_INT = "opt_int"
    """``null`` or an integer in ``lo..hi``."""
    COUNT = "count"
    """An integer >= 0."""
    PACKS = "packs"
    """A variant's ``[players, packs]`` pairs."""
    JOKERS = "jokers"
    """A variant's ``[players, jokers]`` pairs (possibly none)."""
    DEALS = "deals"
    """A variant's deals: ``{"hand_size": .., "contract": ".."}`` objects."""
    CARD_VALUES = "card_values"
    """A variant's points per rank: an object keyed by ``"JK"``, ``"A"`` … ``"K"``."""
    STAKES = "stakes"
    """A variant's stakes, ``{"ante": .., "round_prize": ..}``, or ``null``."""
    VARIANT = "variant"
    """A variant object."""
    SEED = "seed"
    """A seed: an integer below ``2**256`` in magnitude."""
    DECK_ORDERS = "deck_orders"
    """Per deal, a deck order (a list of cards) or ``null``."""
    STOCK_ORDERS = "stock_orders"
    """Injected stock orders of the coming reshuffles: a list of lists of cards."""
    PLAYERS = "players"
    """A number of players the variant allows."""
    DEAL_NUMBER = "deal_number"
    """A deal of the variant, from 1."""
    SEAT = "seat"
    """A seat of the game."""
    OPT_SEAT = "opt_seat"
    """A seat of the game, or ``null``."""
    HANDS = "hands"
    """Per seat, a hand (a multiset of cards, kept sorted)."""
    SEAT_CARDS = "seat_cards"
    """Per seat, a list of cards (in their order)."""
    CARDS = "cards"
    """A list of cards, in their order."""
    OPT_CARD = "opt_card"
    """A card, or ``null``."""
    OPT_SHAPE = "opt_shape"
    """A meld shape (a meld whose ``cards`` hold ``null`` at each wild place), or ``null``."""
    SEAT_FLAGS = "seat_flags"
    """Per seat, ``true`` or ``false``."""
    TABLE = "table"
    """The melds on the table: ``{"id": .., "owner": .., "meld": <meld>}`` objects."""
    RESULTS = "results"
    """The scored deals."""
    TOTALS = "totals"
    """Per side, an integer."""
    OUTCOME = "outcome"
    """The outcome of a finished game, or ``null``."""
    LOG = "log"
    """The game's events, oldest first."""
    SIDE = "side"
    """A side of the game (a partnership, or a seat in individual play)."""
    CONTRACT = "contract"
    """A contract, in its canonical text."""
    HAND = "hand"
    """A hand: a multiset of cards (kept sorted)."""
    SEAT_COUNTS = "seat_counts"
    """Per seat, an integer >= 0."""
    SEEN = "seen"
    """The events as the value's ``seat`` saw them, each with its index and its text, from
    the document's ``events_since`` on."""
    LISTED = "listed"
    """Legal moves, each with its notation and its description (against the value's
    ``table``) and its precondition (the document's ``progress``)."""
    SIDES = "sides"
    """Per seat, its side (read-only: the variant's)."""
    CONTRACT_PARTS = "contract_parts"
    """Parts of a contract, each in its canonical text (read-only)."""
    PROGRESS = "progress"
    """How far the game has gone (read-only: the value's ``progress``)."""
    SINCE = "since"
    """The index of the first event a document holds (read-only: which events the encoder
    was asked for; only whole documents, from 0, are decoded)."""


WIRE: Final = "pushrummy.wire"
"""The key of a field's :class:`FieldInfo` in its ``attrs`` metadata."""


@attrs.frozen(slots=True, kw_only=True)
class FieldInfo:
    """What the JSON codec, the schema and the docs know of a field of a value (a
    :class:`~pushrummy.variants.Variant` option, a :class:`~pushrummy.state.GameState` field),
    declared once with the field: ``attrs.field(metadata=FieldInfo(...).metadata())``.

    Attributes:
        codec: how the field is written and read.
        rule: the rule the field is about (:doc:`/rules`), if any; a typo fails at import.
        json: the field's name in JSON, if not its own.
        what: how a decoding error names the expected value (``"0 or 1"``).
        lo, hi: the bounds of an integer (:attr:`Codec.INT`, :attr:`Codec.OPT_INT`).
        enum_type: the enum of an :attr:`Codec.ENUM` field.
        house: a house-rule option of a variant (a row of the option table of
            :doc:`/variants`); the variant's other fields describe the presets.
        later: an option added after the first documents of version 1 were written: a
            document without it reads as the field's default (a JSON boolean or number,
            as the default is, or an enum value's string), and the schema does not require
            it.
        before, after: the read-only keys a document writes right before and right after
            the field, each a :class:`FieldInfo` whose :attr:`json` is its key: no field of
            the value but derived from it (a property of the same name: a view's ``sides``
            after its ``players``), or from how it was encoded (a view's ``events_since``
            before its ``events``). The decoder reads every key in order (against the
            keys read before it), then compares those derived from the value with it.
    """

    codec: Codec
    rule: str | None = attrs.field(default=None, converter=attrs.converters.optional(rule_id))
    json: str | None = None
    what: str = ""
    lo: int | None = None
    hi: int | None = None
    enum_type: type[enum.Enum] | None = None
    house: bool = False
    later: bool = False
    before: tuple[FieldInfo, ...] = ()
    after: tuple[FieldInfo, ...] = ()

    def metadata(self) -> dict[str, FieldInfo]:
        """The ``metadata`` argument of ``attrs.field`` that carries this."""
        return {WIRE: self}


@attrs.frozen(slots=True)
class WireField:
    """A field of a value class with its :class:`FieldInfo`: see :func:`wire_fields`."""

    name: str
    """The attribute's name."""
    key: str
    """The field's name in JSON."""
    info: FieldInfo
    default: Any
    """The field's default (``attrs.NOTHING`` if it has none)."""


def wire_fields(cls: type) -> tuple[WireField, ...]:
    """Every field of the attrs class ``cls``, in order, with its :class:`FieldInfo`.

    Raises:
        TypeError: a field of ``cls`` carries no :class:`FieldInfo` (every field of a value
            that documents carry must say how it is written).
    """
    found = []
    for field in attrs.fields(cls):
        info = field.metadata.get(WIRE)
        if not isinstance(info, FieldInfo):
            raise TypeError(f"{cls.__name__}.{field.name} has no FieldInfo in its metadata")
        found.append(WireField(field.name, info.json or field.name, info, field.default))
    return tuple(found)


def wire_keys(cls: type) -> tuple[tuple[str, str, FieldInfo], ...]:
    """Every key of a document of the attrs class ``cls``, in the order the encoder writes
    them and the decoder expects them: (key, attribute, :class:`FieldInfo`), for each field
    its :attr:`~FieldInfo.before` keys, the field, its :attr:`~FieldInfo.after` keys. A
    read-only key's attribute is the key itself (a property, or a parameter of the
    encoding such as ``events_since``).

    Raises:
        TypeError: a field of ``cls`` carries no :class:`FieldInfo`, or a read-only key
            has no :attr:`~FieldInfo.json` name, or a key comes twice.
    """
    keys: list[tuple[str, str, FieldInfo]] = []
    for field in wire_fields(cls):
        for extra in field.info.before:
            key = _read_only_key(cls, field, extra)
            keys.append((key, key, extra))
        keys.append((field.key, field.name, field.info))
        for extra in field.info.after:
            key = _read_only_key(cls, field, extra)
            keys.append((key, key, extra))
    if len({key for key, _, _ in keys}) != len(keys):
        raise TypeError(f"{cls.__name__}: a document key comes twice")
    return tuple(keys)


def _read_only_key(cls: type, field: WireField, info: FieldInfo) -> str:
    if not info.json or info.before or info.after:
        raise TypeError(
            f"{cls.__name__}.{field.name}: a read-only key beside it needs a json name "
            "(and has no keys beside it)"
        )
    return info.json
