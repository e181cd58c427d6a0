"""Fit SearchBot's ``evaluation="fitted"``: what a Push deal cut short is expected to cost.

Usage::

    python benchmarks/search_eval.py                    # 150 games, seeds 600000-600149
    python benchmarks/search_eval.py --games 300 --seed 700000   # a check on other seeds

All-GreedyBot Push games (``max_turns_per_deal=200``). At every turn start (the draw phase)
each seat's features are read: the points of its hand, whether it has laid down the
contract, and, if it has, how many cards it still holds. Each side's features are summed,
and least squares fits the deal's final score from the side to move's view (its side's
penalty less the other side's) on the differences of the two sides' features. Printed:
the weights (the ones ``pushrummy/search.py`` holds as ``_HAND_WEIGHT``, ``_DOWN_WEIGHT``
and ``_DOWN_CARD_WEIGHT``), and the share of the score's variance they explain on the
last 30% of the turn starts (held out), by how far the deal has gone, beside that of the
hand points alone (what ``evaluation="hands"`` scores).

Needs numpy (``pip install numpy``). It reports; it never asserts.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import pushrummy as pr

VARIANT = pr.PUSH.replace(max_turns_per_deal=200)


def side_features(state: pr.GameState, side: int) -> tuple[float, float, float]:
    """A side's hand points, seats laid down, and cards held by seats laid down."""
    values = state.variant.card_values
    points = down = down_cards = 0
    for seat, hand in enumerate(state.hands):
        if seat % 2 != side:
            continue
        points += sum(values[0 if card.rank is None else card.rank] for card in hand)
        if state.laid_down[seat]:
            down += 1
            down_cards += len(hand)
    return points, down, down_cards


def turn_starts(games: int, seed: int) -> list[tuple[int, tuple[float, ...], float]]:
    """(turn, feature differences, final score) of every turn start, from the side to move."""
    greedy = pr.GreedyBot()
    rows: list[tuple[int, tuple[float, ...], float]] = []
    for game in range(seed, seed + games):
        state = pr.new_game(VARIANT, seed=game)
        pending: list[tuple[int, int, tuple[float, ...]]] = []
        while state.phase is not pr.Phase.GAME_OVER:
            if state.phase is pr.Phase.BETWEEN_DEALS:
                penalties = state.results[-1].penalties
                for turn, side, features in pending:
                    rows.append((turn, features, penalties[side] - penalties[1 - side]))
                pending = []
                state = pr.apply_move(state, pr.NextDeal())
                continue
            seat = state.current_player
            assert seat is not None
            if state.phase is pr.Phase.DRAW:
                side = seat % 2
                mine, theirs = side_features(state, side), side_features(state, 1 - side)
                pending.append(
                    (state.turn, side, tuple(a - b for a, b in zip(mine, theirs, strict=True)))
                )
            state = pr.apply_move(state, greedy.choose(pr.view(state, seat)))
        penalties = state.results[-1].penalties
        for turn, side, features in pending:
            rows.append((turn, features, penalties[side] - penalties[1 - side]))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=600000)
    args = parser.parse_args(argv)
    try:
        import numpy as np
    except ImportError:
        print("search_eval.py needs numpy: pip install numpy", file=sys.stderr)
        return 2
    rows = turn_starts(args.games, args.seed)
    turns = np.array([r[0] for r in rows])
    x = np.array([r[1] for r in rows], dtype=float)
    y = np.array([r[2] for r in rows], dtype=float)
    train = np.arange(len(y)) < 0.7 * len(y)
    design = np.c_[x, np.ones(len(y))]
    weights = np.linalg.lstsq(design[train], y[train], rcond=None)[0]
    print(
        f"{args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), {len(y)} turn starts"
    )
    print(
        f"weights: hand point {weights[0]:.3f}, laid down {weights[1]:.2f}, "
        f"card held when down {weights[2]:.2f} (constant {weights[3]:.2f})"
    )
    for low, high in ((0, 8), (8, 16), (16, 30), (30, 1000)):
        held = ~train & (turns >= low) & (turns < high)
        if held.sum() < 3:
            continue
        fitted = 1 - (y[held] - design[held] @ weights).var() / y[held].var()
        hands = np.corrcoef(x[held, 0], y[held])[0, 1] ** 2
        print(
            f"  turns {low}-{high}: {int(held.sum())} held-out turn starts, variance explained: "
            f"fitted {fitted:.3f}, hand points alone {hands:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
