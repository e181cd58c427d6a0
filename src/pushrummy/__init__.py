"""pushrummy: a rules engine for the partnership rummy game Push and its variant Cap-It.

>>> import pushrummy as pr
>>> hand = pr.parse_cards("7S 7H 7D 9C 9S 9H")
>>> pr.can_meet_contract(hand, pr.PUSH.deals[0].contract)
True
"""

from .cards import JOKER, Card, Rank, Suit, format_cards, make_deck, parse_card, parse_cards
from .contract_spec import Contract, Requirement
from .contracts import ContractRules, can_meet_contract, contract_options, explain_contract
from .errors import (
    CardNotInHandError,
    ContractNotMetError,
    DecodeError,
    GameOverError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    NotationError,
    NotYourTurnError,
    PushRummyError,
    VariantError,
    WrongPhaseError,
)
from .melds import (
    End,
    Meld,
    MeldKind,
    MeldOptions,
    MeldRules,
    WildLimit,
    check_meld,
    lay_off,
    layoff_ends,
    meld_rule_violation,
)
from .variants import (
    CAP_IT,
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

__version__ = "0.1.0.dev0"

__all__ = [
    "CAP_IT",
    "JOKER",
    "PUSH",
    "BuryPosition",
    "Card",
    "CardNotInHandError",
    "Contract",
    "ContractNotMetError",
    "ContractRules",
    "DealSpec",
    "DecodeError",
    "End",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMeldError",
    "InvalidMoveError",
    "LayoffTargets",
    "Meld",
    "MeldKind",
    "MeldOptions",
    "MeldRules",
    "NotYourTurnError",
    "NotationError",
    "PushRummyError",
    "PushTo",
    "Rank",
    "Requirement",
    "ShortStockPush",
    "Stakes",
    "Suit",
    "Variant",
    "VariantError",
    "WildExchange",
    "WildLimit",
    "WrongPhaseError",
    "__version__",
    "can_meet_contract",
    "check_meld",
    "contract_options",
    "explain_contract",
    "format_cards",
    "lay_off",
    "layoff_ends",
    "make_deck",
    "meld_rule_violation",
    "parse_card",
    "parse_cards",
]
