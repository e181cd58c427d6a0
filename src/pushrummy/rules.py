"""The rule ids of :doc:`/rules`, with a one-line summary each.

Every :class:`~pushrummy.errors.IllegalMoveError` carries one of these ids in
``.rule``; the documentation's rules page has an anchor per id, so a front end
can link an error to the rule it breaks.

>>> RULES["draw.push"]
'push: the stock top card and the upcard go to the receiver, then the pusher draws'
>>> "meld.set" in RULE_IDS
True
"""

from __future__ import annotations

__all__ = ["RULES", "RULE_IDS"]

RULES: dict[str, str] = {
    "setup.players": "Push: 4 players in two partnerships; Cap-It: 4-6 individual players",
    "setup.deck": "108 cards (two packs and 4 jokers); 162 for Cap-It with 5 or 6 players",
    "setup.wild": "jokers and all twos are wild",
    "deal.count": "5 deals; Push hands of 6-10 cards, Cap-It 10 cards each deal",
    "deal.dealer": "the first dealer is random; the deal passes clockwise; one card at a time",
    "deal.upcard": "the next card is the upcard; a wild upcard is buried in the stock",
    "deal.first": "the dealer's left neighbour plays first; play goes clockwise",
    "deal.random": "all randomness comes from the game's seed; deals may be injected",
    "draw.choice": "a turn starts by taking the upcard or pushing, exactly one",
    "draw.take": "take the upcard into hand",
    "draw.push": "push: the stock top card and the upcard go to the receiver, then the pusher draws",
    "draw.visibility": "the upcard is public; the pushed stock card is seen by the receiver only",
    "draw.exhausted": "play ends when a player must draw from an empty stock",
    "meld.set": "a set: 3 or 4 cards of one rank, naturals of different suits",
    "meld.run": "a run: 3 or more cards of one suit in sequence; ace low or high, no wrap",
    "meld.wild": "wilds stand for declared cards; every meld is completely declared",
    "meld.frozen": "a meld on the table is never split, joined, reordered or re-declared",
    "contract.table": "each deal's contract: the minimum first meld",
    "contract.laydown": "the contract is laid down in one move before any other meld",
    "contract.own": "the contract is per player",
    "contract.steps": "a lay-down may be placed meld by meld; the rest comes before anything else",
    "layoff.when": "after laying down, a player may lay off and meld on their turns",
    "layoff.card": "lay off one card onto a table meld, keeping it valid",
    "meld.new": "after the contract, meld new sets and runs",
    "layoff.exchange": "option: replace a wild in a run by its natural and take the wild",
    "discard.end": "a turn ends with a compulsory discard, the next upcard",
    "discard.taken": "a taken upcard may not be discarded in the same turn",
    "discard.wild": "wild cards may be discarded (option)",
    "out.empty": "a player goes out when their hand is empty; the deal ends",
    "turn.seat": "only the seat to move may move; a seat outside the game is refused as such",
    "turn.holds": "a card a move plays must be in the mover's hand, as many copies as it uses",
    "turn.between": "between deals the only move deals the next deal; after the last, none",
    "score.values": "cards left count 5 (3-9), 10 (10-K), 15 (ace), 20 (two, joker)",
    "score.out": "the side that went out scores nothing; the others add their hands",
    "score.exhausted": "on an exhausted stock every side adds its hands",
    "game.end": "after the last deal the lowest total wins; equal lowest totals draw",
    "game.turn_limit": "option max_turns_per_deal ends a deal as an exhausted stock",
    "stakes.pot": "every player pays the same ante into the pot",
    "stakes.deal": "going out takes the round prize; an exhausted deal's prize stays",
    "stakes.final": "the overall winner takes the rest; ties split, remainder in seat order",
}
"""Every rule id, in the order of the rules page, with a summary."""

RULE_IDS: tuple[str, ...] = tuple(RULES)
"""The rule ids in the order of the rules page."""
