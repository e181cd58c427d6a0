"""The rule ids of :doc:`/rules`, with a one-line summary each.

Every :class:`~pushrummy.errors.IllegalMoveError` carries one of these ids in
``.rule``; the documentation's rules page has an anchor per id, so a front end
can link an error to the rule it breaks. :class:`RuleId` is the one list of them, in the
order of the rules page (a test compares it with the page's ``.. _rule-<id>:`` anchors);
the errors refuse any other id, so a mistyped rule id fails the first time it is used.

>>> RULES["draw.push"]
'push: the stock top card and the upcard go to the receiver, then the pusher draws'
>>> "meld.set" in RULE_IDS
True
>>> RuleId("meld.set") is RuleId.MELD_SET, RuleId.MELD_SET == "meld.set"
(True, True)
>>> RuleId.MELD_SET.summary
'a set: 3 or more cards of one rank (which suits: meld.set_suits)'
>>> rule_id("meld.sett")
Traceback (most recent call last):
...
ValueError: 'meld.sett' is no rule id of the rules page (docs/rules.rst)
"""

from __future__ import annotations

import enum

__all__ = ["RULES", "RULE_IDS", "RuleId", "rule_id"]


class RuleId(str, enum.Enum):
    """A rule id of :doc:`/rules` (a ``str``: ``RuleId.MELD_SET == "meld.set"``), with its
    one-line :attr:`summary`."""

    summary: str

    def __new__(cls, value: str, summary: str) -> RuleId:
        member = str.__new__(cls, value)
        member._value_ = value
        member.summary = summary
        return member

    def __str__(self) -> str:
        return str(self.value)

    SETUP_PLAYERS = (
        "setup.players",
        "Push: 4 players in two partnerships; Cap-It: 4-6, Contract Rummy 3-8 individual players",
    )
    SETUP_DECK = (
        "setup.deck",
        "108 cards (two packs, 4 jokers); 162 with three packs; Contract Rummy fewer jokers",
    )
    SETUP_WILD = ("setup.wild", "jokers are wild, and twos unless option wild_twos is off")
    DEAL_COUNT = (
        "deal.count",
        "5 deals; Push hands of 6-10 cards, Cap-It 10; Contract Rummy 7 deals of 10 or 12",
    )
    DEAL_DEALER = (
        "deal.dealer",
        "the first dealer is random; the deal passes clockwise; one card at a time",
    )
    DEAL_UPCARD = (
        "deal.upcard",
        "the next card is the upcard; a wild upcard is buried in the stock",
    )
    DEAL_FIRST = ("deal.first", "the dealer's left neighbour plays first; play goes clockwise")
    DEAL_RANDOM = (
        "deal.random",
        "all randomness comes from the game's seed; deals may be injected",
    )
    DRAW_CHOICE = ("draw.choice", "a turn starts by taking the upcard or pushing, exactly one")
    DRAW_TAKE = ("draw.take", "take the upcard into hand")
    DRAW_PUSH = (
        "draw.push",
        "push: the stock top card and the upcard go to the receiver, then the pusher draws",
    )
    DRAW_STOCK = (
        "draw.stock",
        "option: take the upcard or draw the stock's top card; a discard pile forms",
    )
    DRAW_VISIBILITY = (
        "draw.visibility",
        "the upcard is public; the pushed stock card is seen by the receiver only",
    )
    DRAW_EXHAUSTED = ("draw.exhausted", "play ends when a player must draw from an empty stock")
    DRAW_RESHUFFLE = (
        "draw.reshuffle",
        "option: a draw from an empty stock shuffles the discard pile into a new stock",
    )
    BUY_OFFER = (
        "buy.offer",
        "option: an upcard not taken is offered round the table; one seat may buy it",
    )
    BUY_PENALTY = (
        "buy.penalty",
        "a buyer also draws penalty stock cards and does not discard",
    )
    BUY_LIMIT = ("buy.limit", "option: a seat buys at most so many times a deal")
    BUY_WHO = ("buy.who", "option: whether a seat that has laid down may still buy")
    MELD_SET = ("meld.set", "a set: 3 or more cards of one rank (which suits: meld.set_suits)")
    MELD_SET_SUITS = (
        "meld.set_suits",
        "option: a set's naturals of different suits (at most 4 cards), or of any suits",
    )
    MELD_RUN = (
        "meld.run",
        "a run: 3 or more cards of one suit in sequence; ace low or high, no wrap",
    )
    MELD_WILD = ("meld.wild", "wilds stand for declared cards; every meld is completely declared")
    MELD_FROZEN = (
        "meld.frozen",
        "a meld on the table is never split, joined, reordered or re-declared",
    )
    CONTRACT_TABLE = ("contract.table", "each deal's contract: the minimum first meld")
    CONTRACT_LAYDOWN = (
        "contract.laydown",
        "the contract is laid down in one move before any other meld",
    )
    CONTRACT_OWN = ("contract.own", "the contract is per player")
    CONTRACT_STEPS = (
        "contract.steps",
        "a lay-down may be placed meld by meld; the rest comes before anything else",
    )
    CONTRACT_WILDS = (
        "contract.wilds",
        "a lay-down meld with wild cards may be placed as its shape, then its wilds",
    )
    CONTRACT_WILD_CAP = (
        "contract.wild_cap",
        "option laydown_wilds_per_meld: at most that many wilds in each lay-down meld",
    )
    CONTRACT_RUN_SUITS = (
        "contract.run_suits",
        "option contract_run_suits: runs of one suit in a lay-down (any, apart, distinct)",
    )
    LAYOFF_WHEN = ("layoff.when", "after laying down, a player may lay off and meld on their turns")
    LAYOFF_CARD = ("layoff.card", "lay off one card onto a table meld, keeping it valid")
    MELD_NEW = ("meld.new", "after the contract, meld new sets and runs")
    LAYOFF_EXCHANGE = (
        "layoff.exchange",
        "option: replace a wild in a run by its natural and take the wild",
    )
    DISCARD_END = ("discard.end", "a turn ends with a compulsory discard, the next upcard")
    DISCARD_TAKEN = ("discard.taken", "a taken upcard may not be discarded in the same turn")
    DISCARD_WILD = ("discard.wild", "wild cards may be discarded (option)")
    OUT_EMPTY = ("out.empty", "a player goes out when their hand is empty; the deal ends")
    OUT_ALL_OUT = (
        "out.all_out",
        "option of a deal (all_out): the contract laid down with every card, going out at once",
    )
    TURN_SEAT = (
        "turn.seat",
        "only the seat to move may move; a seat outside the game is refused as such",
    )
    TURN_HOLDS = (
        "turn.holds",
        "a card a move plays must be in the mover's hand, as many copies as it uses",
    )
    TURN_BETWEEN = (
        "turn.between",
        "between deals the only move deals the next deal; after the last, none",
    )
    SCORE_VALUES = (
        "score.values",
        "cards left count 5 (3-9), 10 (10-K), 15 (ace), 20 (two, joker)",
    )
    SCORE_OUT = ("score.out", "the side that went out scores nothing; the others add their hands")
    SCORE_EXHAUSTED = ("score.exhausted", "on an exhausted stock every side adds its hands")
    GAME_END = ("game.end", "after the last deal the lowest total wins; equal lowest totals draw")
    GAME_TURN_LIMIT = (
        "game.turn_limit",
        "option max_turns_per_deal ends a deal as an exhausted stock",
    )
    STAKES_POT = ("stakes.pot", "every player pays the same ante into the pot")
    STAKES_DEAL = (
        "stakes.deal",
        "going out takes the round prize; an exhausted deal's prize stays",
    )
    STAKES_FINAL = (
        "stakes.final",
        "the overall winner takes the rest; ties split, remainder in seat order",
    )


RULES: dict[str, str] = {rule.value: rule.summary for rule in RuleId}
"""Every rule id, in the order of the rules page, with a summary."""

RULE_IDS: tuple[str, ...] = tuple(RULES)
"""The rule ids in the order of the rules page."""

_KNOWN: frozenset[str] = frozenset(RULES)


def rule_id(value: object) -> str:
    """``value`` as a rule id (a plain ``str``), refusing anything that is not one.

    Raises:
        TypeError: ``value`` is not a str.
        ValueError: ``value`` is not a rule id of :doc:`/rules` (a typo in the library).
    """
    if value.__class__ is str and value in _KNOWN:
        return value
    if isinstance(value, RuleId):
        return str(value.value)
    if not isinstance(value, str):
        raise TypeError(f"a rule id is a str, not {type(value).__name__}")
    if str(value) not in _KNOWN:
        raise ValueError(f"{value!r} is no rule id of the rules page (docs/rules.rst)")
    return str(value)
