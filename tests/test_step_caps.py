"""The lay-down step search's wild caps (:meth:`~pushrummy.contracts.steps.StepSearch.wild_caps`)
only skip shapes the search would drop: the steps listed with the caps are the steps listed
without them, shape by shape and fill by fill, on wild-heavy hands of every kind of contract
(twos wild and twos natural), while the caps do make fewer candidate shapes.

Breaking the caps shows here: a cap one wild too tight loses listed steps (the first test
fails); caps never applied (``wild_caps`` returning ``None``) make as many shapes as
before (the second test fails).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import pushrummy as pr
from pushrummy.contracts import steps as steps_module
from pushrummy.contracts.hands import Hand, read_hand
from pushrummy.contracts.parts import Component, plan_of
from pushrummy.contracts.rules import rules_of
from pushrummy.contracts.steps import (
    StepSearch,
    first_step_search,
    last_feasible_place,
    one_part_tops,
    steps_of,
)

_PACK = [pr.Card.from_code(code) for code in range(52)]
_JOKER = pr.Card.from_code(52)


# Both tests set StepSearch.wild_caps on the class; compiled callers (docs/speed.rst) call
# the compiled method itself, so in the compiled build the two searches would be one and
# the same and prove nothing. The pure build's run tests this same source.
_PATCHES_THE_SEARCH = pytest.mark.skipif(
    pr.compiled, reason="patches StepSearch.wild_caps, which compiled callers do not read"
)


@contextmanager
def _no_caps() -> Iterator[None]:
    """Every shape of the hand searched, as before the caps."""
    saved = StepSearch.wild_caps
    StepSearch.wild_caps = lambda self, exact: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        StepSearch.wild_caps = saved  # type: ignore[method-assign]


def _hands(variant: pr.Variant, seed: str, count: int) -> Iterator[tuple[Hand, pr.Contract]]:
    """Random hands of 10 to 26 cards from two packs, three to seven of them wild (four
    jokers, and the twos where they are wild), each with one of the variant's contracts."""
    rng = random.Random(seed)
    rules = rules_of(variant)
    wilds = [_JOKER] * 4
    if variant.wild_twos:
        wilds += [card for card in _PACK if card.rank == pr.Rank.TWO] * 2
    naturals = [card for card in _PACK * 2 if not (variant.wild_twos and card.rank == pr.Rank.TWO)]
    for _ in range(count):
        hand = rng.sample(naturals, rng.randrange(7, 20)) + rng.sample(
            wilds, rng.randint(3, min(7, len(wilds)))
        )
        contract = rng.choice(variant.deals).contract
        yield read_hand(sorted(hand), rules.wild_twos), contract


VARIANTS = [pr.PUSH, pr.CAP_IT, pr.CONTRACT_RUMMY, pr.LIVERPOOL]


def contract_parts(contract: pr.Contract) -> tuple[Component, ...]:
    """The contract's parts as the search spells them."""
    return plan_of(contract).comps


@_PATCHES_THE_SEARCH
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
@pytest.mark.parametrize("shapes", [True, False])
def test_caps_keep_every_listed_step(variant: pr.Variant, shapes: bool) -> None:
    rules = rules_of(variant)
    compared = 0
    # Every fill of every shape (``shapes`` False) lists many more steps: fewer hands.
    for hand, contract in _hands(variant, f"caps {variant.name} {shapes}", 120 if shapes else 20):
        plan = plan_of(contract)
        for canonical in (False, True):
            capped = steps_of(hand, plan, rules, (), canonical, False, minimal=True, shapes=shapes)
            with _no_caps():
                steps_module._LAST_SEARCH[0] = None
                every = steps_of(
                    hand, plan, rules, (), canonical, False, minimal=True, shapes=shapes
                )
            assert capped == every
            compared += bool(every)
    assert compared > 10  # hands with steps, for the comparison to mean something


@_PATCHES_THE_SEARCH
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_caps_make_fewer_shapes(variant: pr.Variant) -> None:
    rules = rules_of(variant)
    fewer = 0
    for hand, contract in _hands(variant, f"fewer {variant.name}", 120):
        plan = plan_of(contract)
        capped = first_step_search(hand, plan, rules, False, False, minimal=True)
        with _no_caps():
            every = first_step_search(hand, plan, rules, False, False, minimal=True)
        if capped is None or every is None:
            assert capped is every is None
            continue
        assert set(capped.shapes) <= set(every.shapes)
        fewer += len(capped.shapes) < len(every.shapes)
    assert fewer >= 1


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_one_part_tops_are_the_bisections_answers(variant: pr.Variant) -> None:
    """:func:`~pushrummy.contracts.steps.one_part_tops` (every number of wilds at once, from
    the candidates' lowest naturals) gives what :func:`last_feasible_place` finds by
    bisection with the feasibility test, for every part of every contract of the variant."""
    rules = rules_of(variant)
    compared = feasible = 0
    for hand, contract in _hands(variant, f"tops {variant.name}", 80):
        search = first_step_search(hand, plan_of(contract), rules, False, False, minimal=True)
        if search is None:
            continue
        up_to, breaks = steps_module._place_sums(search.naturals_held, search.tables.units)
        for part in set(contract_parts(contract)):
            if part not in search.by_comp:
                continue
            tops = one_part_tops(search.by_comp[part], search.wilds_held)
            expected = [
                last_feasible_place(
                    search.full,
                    up_to,
                    wilds,
                    (part,),
                    search.by_comp,
                    search.tables.guards,
                    breaks,
                    {},
                )
                for wilds in range(search.wilds_held + 1)
            ]
            assert tops == expected
            compared += 1
            feasible += sum(top >= 0 for top in tops)
    assert compared > 50 and feasible > 50
