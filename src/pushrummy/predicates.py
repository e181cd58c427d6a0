"""The rules' small questions, each answered once, in the module of its move kind
(:mod:`pushrummy.plays`), and gathered here for anyone who asks: who may lay off on a meld,
which natural a run place stands for, which wild may be exchanged, whether a push is
allowed, which cards may be discarded.

The listers and checkers of :mod:`pushrummy.plays`, the bots, the notation and the front
ends all ask these functions, so a rule cannot be read one way when moves are listed and
another when they are checked. They take plain values (a variant, a seat, a meld, a few
cards), not a whole state or view, so a state and a player's view ask them alike.

>>> from pushrummy import PUSH, parse_cards, parse_meld
>>> may_target(PUSH, seat=1, owner=3)      # partners: seats 1 and 3 are one side
True
>>> natural_at(parse_meld("5H JK=6H 7H"), 6, PUSH.wild_twos)
Card('6H')
>>> push_allowed(PUSH, stock_size=1)       # short_stock_push defaults to allowing it
True
>>> discardable_cards(parse_cards("7H 9C"), PUSH, taken=parse_cards("7H")[0])
[Card('9C')]
"""

from __future__ import annotations

from .plays.discard import (
    allowed_discards,
    discard_restricted,
    discardable_cards,
    discardable_codes,
)
from .plays.draw import push_allowed
from .plays.exchange import exchangeable, natural_at
from .plays.lay_off import may_target
from .plays.turn import keeps_a_card

__all__ = [
    "allowed_discards",
    "discard_restricted",
    "discardable_cards",
    "discardable_codes",
    "exchangeable",
    "keeps_a_card",
    "may_target",
    "natural_at",
    "push_allowed",
]
