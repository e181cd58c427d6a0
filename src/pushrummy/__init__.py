"""pushrummy: a rules engine for the partnership rummy game Push and its variant Cap-It.

>>> import pushrummy as pr
>>> hand = pr.parse_cards("7S 7H 7D 9C 9S 9H")
>>> pr.can_meet_contract(hand, pr.PUSH.deals[0].contract)
True
"""

from .bots import Bot, DecisionLimitError, GreedyBot, RandomBot, play_game
from .cards import JOKER, Card, Rank, Suit, format_cards, make_deck, parse_card, parse_cards
from .contract_spec import Contract, Requirement
from .contracts import ContractRules, can_meet_contract, contract_options, explain_contract
from .engine import apply_move, check_move, is_legal, legal_moves, new_game
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
    SetupError,
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
from .moves import Discard, ExchangeWild, LayDown, LayOff, Move, NewMeld, NextDeal, Push, Take
from .notation import describe_move, format_meld, format_move, parse_meld, parse_move
from .records import GameRecord, replay
from .scoring import deal_penalties, hand_value, settle_stakes, winners
from .serialization import decode, encode, from_json, to_json
from .state import DealEnd, DealResult, GameState, Outcome, Phase, StakesSettlement, TableMeld
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
from .views import PlayerView, view

__version__ = "0.1.0.dev0"

__all__ = [
    "CAP_IT",
    "JOKER",
    "PUSH",
    "Bot",
    "BuryPosition",
    "Card",
    "CardNotInHandError",
    "Contract",
    "ContractNotMetError",
    "ContractRules",
    "DealEnd",
    "DealResult",
    "DealSpec",
    "DecisionLimitError",
    "DecodeError",
    "Discard",
    "End",
    "ExchangeWild",
    "GameOverError",
    "GameRecord",
    "GameState",
    "GreedyBot",
    "IllegalMoveError",
    "InvalidMeldError",
    "InvalidMoveError",
    "LayDown",
    "LayOff",
    "LayoffTargets",
    "Meld",
    "MeldKind",
    "MeldOptions",
    "MeldRules",
    "Move",
    "NewMeld",
    "NextDeal",
    "NotYourTurnError",
    "NotationError",
    "Outcome",
    "Phase",
    "PlayerView",
    "Push",
    "PushRummyError",
    "PushTo",
    "RandomBot",
    "Rank",
    "Requirement",
    "SetupError",
    "ShortStockPush",
    "Stakes",
    "StakesSettlement",
    "Suit",
    "TableMeld",
    "Take",
    "Variant",
    "VariantError",
    "WildExchange",
    "WildLimit",
    "WrongPhaseError",
    "__version__",
    "apply_move",
    "can_meet_contract",
    "check_meld",
    "check_move",
    "contract_options",
    "deal_penalties",
    "decode",
    "describe_move",
    "encode",
    "explain_contract",
    "format_cards",
    "format_meld",
    "format_move",
    "from_json",
    "hand_value",
    "is_legal",
    "lay_off",
    "layoff_ends",
    "legal_moves",
    "make_deck",
    "meld_rule_violation",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_meld",
    "parse_move",
    "play_game",
    "replay",
    "settle_stakes",
    "to_json",
    "view",
    "winners",
]
