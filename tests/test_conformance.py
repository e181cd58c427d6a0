"""Conformance: every invariant over every preset and every house-rule set (DESIGN.md §7).

For each valid pair of :data:`games.PRESETS` (``PUSH``; ``CAP_IT`` with 4, 5 and 6 players) and
:data:`games.HOUSE_RULES`, seeded games are played to the end by a random policy that prefers
meld moves, and by :class:`pushrummy.GreedyBot` with some random moves, and
:func:`checks.conformance` checks every invariant over each game:

* every state accounts for the whole deck (108 or 162 cards), with a consistent phase;
* the game ends in ``GAME_OVER`` with an :class:`~pushrummy.Outcome`; every deal's penalties
  equal the cards left in the shown hands, and the totals their sum;
* the same seed and the same move choices replay to identical states, and so does the record;
* on sampled states (the last, every deal end, and ``conformance.samples`` more: three in
  the default run, four in the exhaustive, two thirds of that in GreedyBot's games): every
  legal move applies (the input state untouched), corrupted moves are refused with the right
  error class and rule id (the input untouched), ``is_legal(s, m) == (m in legal_moves(s))``
  for legal and corrupted candidates alike, the state, every view and the record survive the
  JSON round trip, and no view shows a card its seat may not know.

The exhaustive run (``-m exhaustive``) plays every pair with each policy (``conformance.*`` in
``sizes.SIZES`` games each); the default run plays a covering sample of the pairs: every
house-rule set with one preset and every preset with several house-rule sets, each policy on
other pairs than the other policy's (:func:`sampled`); ``test_soak.py`` plays thousands.
"""

from __future__ import annotations

import zlib

import pytest

from checks import conformance
from games import HOUSE_RULES, PRESETS, combinations, greedy, melding, playout, variant_for
from sizes import Budget

rule = pytest.mark.rule

COMBINATIONS = combinations()


def sampled(policy: int) -> list[tuple[str, str]]:
    """The default run's pairs for policy number ``policy`` (0 or 1): each house-rule set
    once, with the presets in turn (shifted by the policy, so the two policies play each
    house-rule set with different presets)."""
    presets = list(PRESETS)
    chosen = []
    turn = 2 * policy  # the presets in turn, skipping one a house-rule set does not allow
    for house in HOUSE_RULES:
        while (presets[turn % len(presets)], house) not in COMBINATIONS:
            turn += 1
        chosen.append((presets[turn % len(presets)], house))
        turn += 1
    return chosen


def cases(policy: int) -> list[object]:
    """Every pair in the exhaustive run, and every other pair of :func:`sampled` in the
    default run (the two policies' halves cover every preset and every house-rule set):
    the parameters ``(preset, house, budget name)``."""
    default = set(sampled(policy)[policy::2])
    return [
        *(
            pytest.param(p, h, "default", id=f"default-{p}-{h}")
            for p, h in COMBINATIONS
            if (p, h) in default
        ),
        *(
            pytest.param(p, h, "exhaustive", id=f"exhaustive-{p}-{h}", marks=pytest.mark.exhaustive)
            for p, h in COMBINATIONS
        ),
    ]


def test_the_default_sample_covers_every_preset_and_house_rule_set() -> None:
    for policy in (0, 1):
        chosen = sampled(policy)
        assert {house for _, house in chosen} == set(HOUSE_RULES)
        assert {preset for preset, _ in chosen} == set(PRESETS)
        assert set(chosen) <= set(COMBINATIONS)
    assert not set(sampled(0)) & set(sampled(1))
    played = [(p, h) for policy in (0, 1) for p, h, size in _values(cases(policy))]
    assert {house for _, house in played} == set(HOUSE_RULES)
    assert {preset for preset, _ in played} == set(PRESETS)


def _values(params: list[object]) -> list[tuple[str, str, str]]:
    """The default run's parameters among ``params``."""
    found = []
    for param in params:
        values = param.values  # type: ignore[attr-defined]
        if values[2] == "default":
            found.append(values)
    return found


def seeds(preset: str, house: str, count: int) -> range:
    """``count`` seeds of their own for each pair (the default run's are the first)."""
    base = zlib.crc32(f"{preset}/{house}".encode()) % 2**24
    return range(base, base + count)


def test_every_preset_and_house_rule_set_is_covered() -> None:
    assert {preset for preset, _ in COMBINATIONS} == set(PRESETS)
    assert {house for _, house in COMBINATIONS} == set(HOUSE_RULES)
    # every house-rule set with every preset it is valid for (stakes need individual play)
    for preset, (variant, _, _) in PRESETS.items():
        for house, changes in HOUSE_RULES.items():
            valid = "stakes" not in changes or not variant.partnerships
            assert ((preset, house) in COMBINATIONS) == valid, (preset, house)


@rule("setup.deck", "deal.random", "score.out", "score.exhausted", "game.end", "game.turn_limit")
@pytest.mark.parametrize(("preset", "house", "size"), cases(0))
def test_random_playouts(preset: str, house: str, size: str) -> None:
    budget = Budget(size)
    variant, players = variant_for(preset, house), PRESETS[preset][1]
    for seed in seeds(preset, house, budget.n("conformance.random")):
        conformance(variant, players, seed, melding(), samples=budget.n("conformance.samples"))


@rule("setup.deck", "deal.random", "draw.exhausted", "score.exhausted", "game.end")
@pytest.mark.parametrize(("preset", "house", "size"), cases(1))
def test_greedy_playouts(preset: str, house: str, size: str) -> None:
    budget = Budget(size)
    variant, players = variant_for(preset, house), PRESETS[preset][1]
    for seed in seeds(preset, house, budget.n("conformance.greedy")):
        samples = budget.n("conformance.samples") * 2 // 3
        conformance(variant, players, seed, greedy(), samples=samples)


@rule("deal.random")
def test_different_seeds_give_different_games() -> None:
    variant, players = variant_for("push"), PRESETS["push"][1]
    a = playout(variant, players, 1, melding())
    b = playout(variant, players, 2, melding())
    assert a.states[0] != b.states[0]
    assert a.final.totals != b.final.totals or a.final.results != b.final.results
