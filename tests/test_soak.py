"""The soak: thousands of seeded games, every invariant checked over each (DESIGN.md §7).

Each preset plays an equal share of the games (``soak.games`` in ``sizes.SIZES``: a few in the
default run, 400 in all in the exhaustive run that CI runs, and 10,000 in the soak run,
``python -m pytest -m soak``, outside CI; each share rounded up), cycling through every
house-rule set it allows, four policies (uniformly random moves, random moves that prefer
melding, GreedyBot with some random moves, a RandomBot/GreedyBot table) and four turn limits,
so every combination is played many times. Over each game :func:`checks.check_game` checks
every invariant of :func:`pushrummy.state_problems` at every fourth state and each deal's end
(the card count at the others), the final scores, replay and the record's JSON round trip, and on the last state and one drawn state every heavy check (every listed
move applies, corrupted moves refused, ``is_legal`` agrees, nothing mutated, JSON round trips,
views leak nothing). (The conformance suite checks every state of each game, more
heavily checked states, and the JSON text in every form; the soak checks many more games.)

The games and decisions played are counted in the terminal summary ("games played").
A failure names the game (preset, house rules, policy, turn limit, seed) to replay it.
"""

from __future__ import annotations

import time
import zlib
from collections import Counter

import pytest

from checks import check_game
from games import (
    PRESETS,
    Policy,
    bots,
    combinations,
    greedy,
    melding,
    playout,
    uniform,
    variant_for,
)
from sizes import Budget

LIMITS = (10, 16, 24, 40)
"""Turn limits per deal: short games, so that many are played; the longest reach the stock."""


def policies(players: int) -> dict[str, Policy]:
    return {
        "uniform": uniform,
        "melding": melding(),
        "greedy": greedy(),
        "bots": bots(("rg" * players)[:players]),
    }


def plan(preset: str, count: int) -> list[tuple[str, str, int, int]]:
    """The soak's games for ``preset``: (house rules, policy, turn limit, seed), cycling so
    that the first games already cover every house-rule set, then every policy and limit."""
    houses = [house for p, house in combinations() if p == preset]
    names = list(policies(PRESETS[preset][1]))
    base = zlib.crc32(f"soak/{preset}".encode()) % 2**24
    games = []
    for i in range(count):
        house = houses[i % len(houses)]
        name = names[(i // len(houses)) % len(names)]
        limit = LIMITS[(i // (len(houses) * len(names))) % len(LIMITS)]
        games.append((house, name, limit, base + i))
    return games


def test_the_plan_covers_every_combination() -> None:
    for preset in PRESETS:
        houses = {house for p, house in combinations() if p == preset}
        every = len(houses) * 4 * len(LIMITS)
        played = {(h, n, lim) for h, n, lim, _ in plan(preset, every)}
        assert len(played) == every
        seeds = [seed for *_, seed in plan(preset, 100)]
        assert len(seeds) == len(set(seeds)) == 100  # as many games as asked, none twice


@pytest.fixture(
    params=[
        pytest.param("default", id="default"),
        pytest.param("exhaustive", id="exhaustive", marks=pytest.mark.exhaustive),
        pytest.param("soak", id="soak", marks=pytest.mark.soak),
    ]
)
def soak_budget(request: pytest.FixtureRequest) -> Budget:
    """The soak's sizes: a few games in the default run, 400 in the exhaustive run,
    10,000 in the soak run (``-m soak``)."""
    return Budget(request.param)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_soak(preset: str, soak_budget: Budget, tally: Counter[str]) -> None:
    budget = soak_budget
    players = PRESETS[preset][1]
    chosen = policies(players)
    start = time.perf_counter()
    games = decisions = 0
    share = -(-budget.n("soak.games") // len(PRESETS))  # the total shared, rounded up
    for house, name, limit, seed in plan(preset, share):
        variant = variant_for(preset, house, max_turns=limit)
        where = f"{preset}, house rules {house!r}, policy {name!r}, max_turns {limit}, seed {seed}"
        try:
            game = playout(variant, players, seed, chosen[name])
            check_game(game, samples=1, deal_ends=False, thorough=False)
        except Exception as error:
            raise AssertionError(f"soak game failed: {where}: {error!r}") from error
        assert game.final.outcome is not None, where
        games += 1
        decisions += len(game.moves)
    tally[f"soak games ({budget.name})"] += games
    tally[f"soak decisions ({budget.name})"] += decisions
    print(
        f"\nsoak {preset} ({budget.name}): {games} games, {decisions} decisions, "
        f"{time.perf_counter() - start:.1f}s"
    )
