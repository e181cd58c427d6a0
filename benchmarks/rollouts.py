"""Random playouts on new games: ``rng.choice(legal_moves(state))`` against ``random_move``.

Usage::

    python benchmarks/rollouts.py                  # 5 rounds of 8 new games per way
    python benchmarks/rollouts.py --rounds 3 --games 4 --variant cap_it

Every round plays new seeded games (seeds advance with the round and differ between the two
ways), so no memo of the contract search has seen their hands: what a user running fresh
simulations pays. The two ways alternate round by round in one process, and each is timed in
CPU time (``time.process_time``) and wall time; the table gives the median over the rounds of
µs per decision, and the ratio of random_move to listing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import pushrummy as pr

Pick = Callable[[pr.GameState, random.Random], pr.Move]


def by_listing(state: pr.GameState, rng: random.Random) -> pr.Move:
    moves = pr.legal_moves(state)
    return moves[rng.randrange(len(moves))]


WAYS: dict[str, Pick] = {"listing": by_listing, "random_move": pr.random_move}

VARIANTS = {"push": pr.PUSH, "cap_it": pr.CAP_IT}


def playouts(variant: pr.Variant, seeds: range, pick: Pick) -> tuple[int, float, float]:
    """Decisions, CPU seconds and wall seconds of random games of these seeds."""
    decisions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        state = pr.new_game(variant, seed=seed)
        while state.phase is not pr.Phase.GAME_OVER:
            state = pr.apply_move(state, pick(state, rng))
            decisions += 1
    return decisions, time.process_time() - cpu, time.perf_counter() - wall


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=8, help="new games per round and way")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="push")
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    print(f"pushrummy {pr.__version__}, Python {sys.version.split()[0]}, {variant.name}")
    cpu: dict[str, list[float]] = {name: [] for name in WAYS}
    wall: dict[str, list[float]] = {name: [] for name in WAYS}
    seed = args.seed * 1_000_000
    for _ in range(args.rounds):
        for name, pick in WAYS.items():
            seeds = range(seed, seed + args.games)
            seed += args.games
            decisions, cpu_s, wall_s = playouts(variant, seeds, pick)
            cpu[name].append(cpu_s / decisions * 1e6)
            wall[name].append(wall_s / decisions * 1e6)
    for name in WAYS:
        print(
            f"{name:>12}: {statistics.median(cpu[name]):7.1f} µs CPU per decision"
            f" ({statistics.median(wall[name]):7.1f} µs wall), median of {args.rounds} rounds"
        )
    ratio = statistics.median(cpu["random_move"]) / statistics.median(cpu["listing"])
    print(f"random_move / listing (CPU): {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
