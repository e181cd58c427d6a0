"""The constants of the JSON wire format, shared by the encoders and the decoders.

Private: the public names are re-exported by :mod:`pushrummy.serialization`.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from .cards import ALL_CARDS, Rank
from .melds import MAX_RUN_POSITION, position_rank

SCHEMA_VERSION: Final = 1
"""The version every document carries; decoding any other version is an error."""

DOCUMENT_KINDS: Final = ("card", "move", "meld", "variant", "state", "view", "record")
"""The document kinds: a document's ``schema`` is ``"pushrummy."`` plus one of these."""

Kind = Literal["card", "move", "meld", "variant", "state", "view", "record"]
JSONObject = dict[str, Any]

SCHEMA_PREFIX: Final = "pushrummy."
INT_BITS: Final = 63
"""Integers in documents are below ``2**63`` in magnitude (seeds excepted)."""
SEED_BITS: Final = 256
"""Seeds are below ``2**256`` in magnitude (``secrets.randbits(128)`` fits)."""

CARD_VALUE_KEYS: Final = ("JK", *(rank.symbol for rank in Rank))
"""The keys of a variant's ``card_values`` object, in their documented order."""

WILD_CARDS: Final = tuple(str(card) for card in ALL_CARDS if card.is_wild)
"""A variant document's ``wild_cards``: the wild card values, in card order ([setup.wild])."""

RUN_POSITIONS: Final = tuple(
    (str(position), position_rank(position).symbol) for position in range(1, MAX_RUN_POSITION + 1)
)
"""A variant document's ``run_positions`` (as pairs): the rank at each run position, 1 to 14."""

VARIANT_FACTS: Final = ("wild_cards", "run_positions")
"""The read-only fields of a variant document after its options: facts of the rules."""
