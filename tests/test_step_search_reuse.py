"""The fillings of a shape are read off the last search of the same hand
(:meth:`~pushrummy.contracts.steps.Steps.shape_steps`) exactly as a search of that shape alone
finds them, first step or later, every option the engine passes.

Each shape's steps are asked twice: right after the listing of every shape of the hand (so
from that listing's search) and after a listing of another hand (so by a search of its own);
the two answers must be the same melds, in the same order, and each shape's listed fill must
be among them.
"""

from __future__ import annotations

import random

import pytest

import pushrummy as pr
from pushrummy.contracts.hands import read_hand
from pushrummy.contracts.parts import plan_of
from pushrummy.contracts.rules import rules_of
from pushrummy.contracts.steps import step_shape, steps_of
from pushrummy.meld_shape import MeldShape

_DECK = [pr.Card.from_code(code) for code in range(52)] * 2 + [pr.Card.from_code(52)] * 4
"""Push's deck: two packs and four jokers."""
_OTHER = read_hand(pr.parse_cards("3C 3D 3H 5S 6S 7S 8S"), pr.PUSH.wild_twos)


@pytest.mark.parametrize("keep", [False, True])
@pytest.mark.parametrize("canonical", [True, False])
def test_shape_steps_are_the_shapes_own_search(canonical: bool, keep: bool) -> None:
    rng = random.Random(f"reuse {canonical} {keep}")
    rules = rules_of(pr.PUSH)
    compared = 0
    for _ in range(150):
        deal = rng.choice(pr.PUSH.deals)
        plan = plan_of(deal.contract)
        hand = read_hand(sorted(rng.sample(_DECK, rng.randrange(12, 24))), rules.wild_twos)
        placed: tuple[pr.Meld, ...] = ()
        for _step in range(2):  # the first step, then one after it (when there is one)
            options = {"minimal": True}
            listed = steps_of(hand, plan, rules, placed, canonical, keep, shapes=True, **options)
            shapes = [meld for meld in listed if any(card.is_wild for card in meld.cards)]
            for meld in shapes:
                only = step_shape(MeldShape.of(meld, wild_twos=rules.wild_twos))
                reused = steps_of(hand, plan, rules, placed, canonical, keep, only=only, **options)
                steps_of(_OTHER, plan, rules, (), canonical, keep, shapes=True, **options)
                own = steps_of(hand, plan, rules, placed, canonical, keep, only=only, **options)
                assert reused == own
                assert meld in own
                compared += 1
                # The next listing of this hand searches again.
                steps_of(hand, plan, rules, placed, canonical, keep, shapes=True, **options)
            if not listed:
                break
            meld = rng.choice(listed)
            codes = list(hand.codes)
            for card in meld.cards:
                codes.remove(card.code)
            hand = read_hand([pr.Card.from_code(code) for code in codes], rules.wild_twos)
            placed = (*placed, meld)
    assert compared > 50  # the comparison ran on enough shapes to mean something
