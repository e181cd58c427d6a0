"""Lay-down steps listed at their smallest ([contract.steps], [layoff.when], [layoff.card]).

Lay-offs onto the melds just laid may follow the contract in the same turn (with
``same_turn_after_contract`` off, only those: lengthening them), so a lay-down whose meld is
longer than its part asks is the same play as its smallest form and then lay-offs onto it: ``legal_moves`` lists only the smallest forms
(:func:`pushrummy.contracts.steps.is_step_minimal`), and the longer ones stay legal.

Proof against the brute-force reference (``reference_moves.py``, which shares no search
code): on generated hands under several house rules, every way the reference finds to lay
the contract down is reached by placing listed steps one at a time and then laying off
listed lay-offs, to the same table and hands (up to which wild fills which place when
wilds cannot be exchanged); every listing is free of duplicates; each smallest lay-down is
reached by one sequence of steps; every lay-down the steps reach is a smallest one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

import pushrummy as pr
from engine_helpers import c, listed_steps, play_all, position, run
from games import meld_variant
from pushrummy import CAP_IT, PUSH, End, LayDown, LayOff, Meld, MeldKind, Phase
from pushrummy.cards import Card
from pushrummy.state import GameState
from reference_moves import canonical, contract_ways, options_of, smallest_way
from sizes import Budget
from test_lay_down_steps import generated_hand

rule = pytest.mark.rule

VARIANTS = [
    meld_variant(name)
    for name in (
        "default",
        "any_in_runs",
        "at_most_naturals",
        "fewer_than_naturals",
        "min_naturals_1_jokers_in_runs",
        "fewer_min_naturals_1",
    )
] + [
    PUSH.replace(must_discard_to_go_out=True),
    PUSH.replace(layoff_targets=pr.LayoffTargets.OWN),
    PUSH.replace(same_turn_after_contract=False),  # lengthening the melds just laid
    CAP_IT.replace(wild_limit=pr.WildLimit.AT_MOST_NATURALS),  # deal 5: 1 run of 3 + 1 of 7
]


def _parts(state: GameState) -> tuple[tuple[str, int], ...]:
    return tuple(
        (req.kind.value, req.size) for req in state.contract.requirements for _ in range(req.count)
    )


def _form(meld: Meld, canonical_wilds: bool, twos: bool) -> Meld:
    return canonical(meld, twos) if canonical_wilds else meld


def listed_lay_downs(state: GameState) -> Iterator[tuple[tuple[Meld, ...], GameState]]:
    """Every complete lay-down reached by listed steps (a step with wild cards: its listed
    shape, then each filling listed after it, [contract.wilds]): (its melds in order, the
    state)."""
    steps = listed_steps(state)
    assert len({meld for meld, _ in steps}) == len(steps), "a step listed twice"
    for meld, after in steps:
        if after.phase is Phase.LAYING_DOWN:
            found = False
            for melds, end in listed_lay_downs(after):
                found = True
                yield (meld, *melds), end
            assert found, f"dead end after {meld}"
        else:
            yield (meld,), after


def _grown(small: Meld, big: Meld, canonical_wilds: bool) -> list[tuple[Card, End | None]] | None:
    """The cards, with their ends, to lay off on ``small`` to make ``big`` (up to wild places
    without wild exchange), low end first; ``None`` if ``big`` does not hold ``small``."""
    if small.kind is not big.kind:
        return None
    if small.kind is MeldKind.SET:
        if small.rank != big.rank:
            return None
        rest = Counter(big.cards)
        rest.subtract(small.cards)
        if any(n < 0 for n in rest.values()):
            return None
        return [(card, None) for card in sorted(rest.elements())]
    assert small.start is not None and big.start is not None
    offset = small.start - big.start
    if small.suit != big.suit or offset < 0 or offset + len(small.cards) > len(big.cards):
        return None
    inner = big.cards[offset : offset + len(small.cards)]
    if canonical_wilds:
        same = [c.is_wild for c in inner] == [c.is_wild for c in small.cards] and Counter(
            inner
        ) == Counter(small.cards)
    else:
        same = inner == small.cards
    if not same:
        return None
    low = [(card, End.LOW) for card in reversed(big.cards[:offset])]
    high = [(card, End.HIGH) for card in big.cards[offset + len(small.cards) :]]
    return low + high


def _lay_off_to(
    state: GameState, meld_id: int, cards: list[tuple[Card, End | None]]
) -> GameState | None:
    """Lay ``cards`` off on meld ``meld_id`` one at a time, each a listed move, in some order
    (the low end's cards outward, the high end's outward): the state, or None."""
    if not cards:
        return state
    lows = [c for c in cards if c[1] is End.LOW]
    highs = [c for c in cards if c[1] is End.HIGH]
    others = [c for c in cards if c[1] is None]
    options = []
    if lows:
        options.append((lows[0], [*lows[1:], *highs, *others]))
    if highs:
        options.append((highs[0], [*lows, *highs[1:], *others]))
    for index, item in enumerate(others):
        options.append((item, [*lows, *highs, *others[:index], *others[index + 1 :]]))
    seat = state.current_player
    assert seat is not None
    for (card, end), rest in options:
        move = LayOff(seat, card, meld_id, end)
        if move in pr.legal_moves(state):
            reached = _lay_off_to(pr.apply_move(state, move), meld_id, rest)
            if reached is not None:
                return reached
    return None


def _summary(state: GameState, canonical_wilds: bool) -> tuple[object, ...]:
    twos = state.variant.wild_twos
    table = sorted(_form(t.meld, canonical_wilds, twos) for t in state.table)
    return (tuple(table), state.hands, state.phase)


def check_hand(hand: Sequence[Card], variant: pr.Variant, deal_number: int) -> tuple[int, int]:
    """The proof on one hand: how many legal lay-downs were mapped, and how many of them
    are not listed themselves (a longer meld: a listed one and lay-offs)."""
    state = position(variant, deal_number=deal_number, hands={0: " ".join(map(str, hand))})
    canonical_wilds = variant.wild_exchange is pr.WildExchange.NONE
    twos = variant.wild_twos
    opts = options_of(state)
    parts = _parts(state)
    reached = list(listed_lay_downs(state))
    # Each smallest lay-down is reached by one sequence of steps; each is a smallest one.
    keys = [tuple(sorted(melds)) for melds, _ in reached]
    assert len(set(keys)) == len(keys), "a lay-down reached by two sequences of steps"
    for melds in keys:
        assert smallest_way((), melds, parts, opts), f"not smallest: {melds}"
    mapped = unlisted = 0
    for way in contract_ways(tuple(hand), parts, opts):
        if variant.must_discard_to_go_out and sum(len(m.cards) for m in way) == len(hand):
            continue
        whole = pr.apply_move(
            state, LayDown(0, tuple(_form(m, canonical_wilds, twos) for m in way))
        )
        target = _summary(whole, canonical_wilds)
        assert _represented(way, reached, target, canonical_wilds), (
            f"no listed lay-down + lay-offs reaches {[str(m) for m in way]}"
        )
        mapped += 1
        unlisted += tuple(sorted(_form(m, canonical_wilds, twos) for m in way)) not in keys
    return mapped, unlisted


def _represented(
    way: tuple[Meld, ...],
    reached: list[tuple[tuple[Meld, ...], GameState]],
    target: tuple[object, ...],
    canonical_wilds: bool,
) -> bool:
    for melds, after in reached:
        for order in _matchings(melds, way, canonical_wilds):
            state = after
            for small_index, (big, cards) in order:
                meld_id = next(t.id for t in state.table if t.meld == melds[small_index])
                state_or_none = _lay_off_to(state, meld_id, cards)
                if state_or_none is None:
                    break
                state = state_or_none
            else:
                if _summary(state, canonical_wilds) == target:
                    return True
    return False


def _matchings(
    smalls: tuple[Meld, ...], bigs: tuple[Meld, ...], canonical_wilds: bool
) -> Iterator[list[tuple[int, tuple[Meld, list[tuple[Card, End | None]]]]]]:
    """One to one matchings of each small meld into a big meld holding it."""
    if len(smalls) != len(bigs):
        return

    def grow(
        index: int,
        free: list[int],
        acc: list[tuple[int, tuple[Meld, list[tuple[Card, End | None]]]]],
    ) -> Iterator[list[tuple[int, tuple[Meld, list[tuple[Card, End | None]]]]]]:
        if index == len(smalls):
            yield list(acc)
            return
        for j in free:
            cards = _grown(smalls[index], bigs[j], canonical_wilds)
            if cards is not None:
                yield from grow(
                    index + 1, [k for k in free if k != j], [*acc, (index, (bigs[j], cards))]
                )

    yield from grow(0, list(range(len(bigs))), [])


def _cases(count: int, seed: int) -> list[tuple[tuple[Card, ...], pr.Variant, int]]:
    rng = random.Random(seed)
    cases: list[tuple[tuple[Card, ...], pr.Variant, int]] = []
    while len(cases) < count:
        variant = rng.choice(VARIANTS)
        deal_number = rng.choice([2, 3, 5]) if rng.random() < 0.8 else rng.choice([1, 4])
        hand = generated_hand(rng, rng.randint(8, 10), rng.randint(0, 3))
        copies = Counter(hand)
        if all(n <= (4 if card.is_joker else 2) for card, n in copies.items()):
            cases.append((hand, variant, deal_number))
    return cases


def test_every_legal_lay_down_is_a_listed_one_and_lay_offs(budget: Budget) -> None:
    """Against the brute-force reference, generated hands of 8-10 cards with 0-3 wilds."""
    mapped = unlisted = 0
    for hand, variant, deal_number in _cases(budget.n("steps.minimal"), 21):
        found, longer = check_hand(hand, variant, deal_number)
        mapped += found
        unlisted += longer
    print(f"\n{mapped} legal lay-downs mapped, {unlisted} of them through lay-offs")
    # the proof is not vacuous: the exhaustive run's 50 hands map 1,967 (623 through lay-offs;
    # its former 100 hands 2,205 and 460)
    assert mapped > (1800 if budget.exhaustive else 100)
    assert unlisted > (400 if budget.exhaustive else 30)


@rule("contract.steps", "layoff.when")
def test_longer_steps_are_accepted_and_listed_at_their_smallest() -> None:
    # With same_turn_after_contract off too: the seat may lengthen the melds it has just
    # laid down ([layoff.when]), so the longer run is the listed one and a lay-off.
    hand = "3S 4S 5S 6S 7S 9D 10D JD QD KC"
    longer = LayDown(0, (run("3S 4S 5S 6S 7S"),))
    for same_turn in (True, False):
        variant = PUSH.replace(same_turn_after_contract=same_turn)
        state = position(variant, deal_number=3, hands={0: hand})
        steps = [m for m in pr.legal_moves(state) if isinstance(m, LayDown)]
        assert LayDown(0, (run("3S 4S 5S 6S"),)) in steps
        assert pr.is_legal(state, longer)
        assert longer not in steps
        laid = play_all(
            state, [LayDown(0, (run("3S 4S 5S 6S"),)), LayDown(0, (run("9D 10D JD QD"),))]
        )
        assert LayOff(0, c("7S"), 0, End.HIGH) in pr.legal_moves(laid)
        whole = LayDown(0, (run("3S 4S 5S 6S 7S"), run("9D 10D JD QD")))
        assert pr.is_legal(state, whole)


@rule("contract.steps", "meld.wild")
def test_a_wild_limit_keeps_a_longer_step_that_cannot_shrink() -> None:
    # at_most_naturals, 2 runs of 4: 3H 2C=4H 2D=5H 6H 2S=7H 8H has 3 naturals and 3 wilds;
    # without 3H or 8H it would hold 2 naturals and 3 wilds: it cannot shrink, it is listed.
    strict = PUSH.replace(wild_limit=pr.WildLimit.AT_MOST_NATURALS)
    state = position(strict, deal_number=3, hands={0: "3H 2C 2D 6H 2S 8H 9S 10S JS QS KC"})
    steps = {str(meld) for meld, _ in listed_steps(state)}
    assert "3H 2C=4H 2D=5H 6H 2S=7H 8H" in steps
    # without the limit it is 3H 2C=4H 2D=5H 6H and a lay-off of 2S=7H, then 8H
    state = position(PUSH, deal_number=3, hands={0: "3H 2C 2D 6H 2S 8H 9S 10S JS QS KC"})
    steps = {str(meld) for meld, _ in listed_steps(state)}
    assert "3H 2C=4H 2D=5H 6H 2S=7H 8H" not in steps and "3H 2C=4H 2D=5H 6H" in steps
