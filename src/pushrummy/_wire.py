"""The constants of the JSON wire format, shared by the encoders and the decoders.

Private: the public names are re-exported by :mod:`pushrummy.serialization`.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from .cards import Rank

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
