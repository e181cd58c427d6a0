"""Random Push playouts against RLCard's gin rummy, game by game in one process, CPU time.

Usage (RLCard and NumPy installed; pushrummy whichever build the interpreter imports)::

    PYTHONPATH=src python benchmarks/peer.py --seed 1            # the pure build of this clone
    cd /tmp && PYTHONPATH=/tmp/pushrummy-compiled python /path/to/benchmarks/peer.py --seed 1

(the second: the compiled wheel installed with ``pip install --no-deps --target
/tmp/pushrummy-compiled``, run from outside the clone; the Speed page says more). Each round
plays one NEW Push game (list the legal moves, pick one uniformly, apply it checked) and then
``--gin-games`` NEW gin games of RLCard (its legal actions, one picked uniformly, applied):
the two take turns, so drift on a shared machine falls on both alike. Seeds advance with the
round, so no memo has seen a hand. Prints each engine's CPU time (``time.process_time``) and
wall time per decision over all rounds, and pushrummy's ratio to RLCard, with
``pushrummy.compiled``.

With ``--split``, each round also plays a third new Push game (another seed) whose decisions
are timed in two parts: the lay-down listers (the move kinds ``lay_down``,
``lay_down_shape`` and ``fill_wilds`` of :data:`pushrummy.movetable.MOVE_KINDS`, called
first on a :class:`~pushrummy.plays.turn.Turn` read as the engine reads one) and the rest
(the listing and the move, less a second run of those listers: see
:func:`lay_down_listing`); it prints the lay-down listers' share of the time, and what the
rest of a decision costs against RLCard's decision at the playout's ratio (the timing
itself adds a few µs a decision, to both parts; those games also fill the engine's memos, as
more new games would).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import pushrummy as pr
from pushrummy.contracts.hands import read_hand
from pushrummy.movetable import MOVE_KINDS
from pushrummy.plays.turn import Turn, search_of

LAY_DOWN_KINDS = ("lay_down", "lay_down_shape", "fill_wilds")
"""The move kinds whose listers ``--split`` times apart."""


def push_game(seed: int) -> int:
    """One random playout of a new Push game; its number of decisions."""
    rng = random.Random(seed)
    state = pr.new_game(pr.PUSH, seed=seed)
    decisions = 0
    while True:
        moves = pr.legal_moves(state)
        if not moves:
            return decisions
        state = pr.apply_move(state, rng.choice(moves))
        decisions += 1


def lay_down_listing(seed: int) -> tuple[float, float, int]:
    """One random playout of a new Push game, split: the CPU time of the lay-down listers and
    that of the rest of each decision, and the game's decisions.

    At every decision of a turn the lay-down listers run first, on a turn read as the engine
    reads one, and are timed (the lay-down share); then the listing and the move are timed
    (the rest), less the time of the lay-down listers run once more before the move (the
    listing ran them again, with the memos the first run filled, as this run finds them)."""
    listers = {  # by phase, as the engine lists them
        phase: [
            kind.generate
            for kind in MOVE_KINDS
            if kind.name in LAY_DOWN_KINDS and phase in kind.phases
        ]
        for phase in (pr.Phase.PLAY, pr.Phase.LAYING_DOWN, pr.Phase.FILLING_WILDS)
    }
    clock = time.process_time
    rng = random.Random(seed)
    state = pr.new_game(pr.PUSH, seed=seed)
    decisions = 0
    lay_down = rest = 0.0
    while True:
        phase_listers = listers.get(state.phase)
        turn = None
        if phase_listers:
            started = clock()
            seat = state.current_player
            assert seat is not None
            hand = state.hands[seat]
            search = search_of(state.variant)
            turn = Turn(seat, hand, read_hand(hand, search.rules.wild_twos), search)
            for lister in phase_listers:
                lister(state, turn)
            lay_down += clock() - started
        started = clock()
        moves = pr.legal_moves(state)
        rest += clock() - started
        if not moves:
            return lay_down, rest, decisions
        if phase_listers:
            started = clock()
            for lister in phase_listers:
                lister(state, turn)
            rest -= clock() - started
        started = clock()
        state = pr.apply_move(state, rng.choice(moves))
        rest += clock() - started
        decisions += 1


def gin_games(game: Any, rng: random.Random, count: int) -> int:
    """``count`` random playouts of new gin games of RLCard's engine; their decisions."""
    decisions = 0
    for _ in range(count):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            decisions += 1
    return decisions


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=12, help="new Push games")
    parser.add_argument("--gin-games", type=int, default=4, help="new gin games per round")
    parser.add_argument(
        "--split", action="store_true", help="also time the lay-down listers apart (see above)"
    )
    args = parser.parse_args(argv)
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        sys.exit("benchmarks/peer.py needs RLCard and NumPy (pip install rlcard)")
    game = GinRummyGame()
    game.np_random = np.random.RandomState(args.seed)
    gin_rng = random.Random(args.seed)
    pr.new_game(pr.PUSH, seed=0)  # imports and first-use setup, outside the timing
    cpu = {"push": 0.0, "gin": 0.0}
    wall = {"push": 0.0, "gin": 0.0}
    count = {"push": 0, "gin": 0}
    split = {"lay_down": 0.0, "rest": 0.0}
    split_count = 0
    for round_ in range(args.rounds):
        seed = args.seed * 1_000_003 + round_ * 10_007
        if args.split:  # another new game: a seed after the last round's
            lay_down, rest, decisions = lay_down_listing(
                args.seed * 1_000_003 + args.rounds * 10_007 + round_
            )
            split["lay_down"] += lay_down
            split["rest"] += rest
            split_count += decisions
        for name in ("push", "gin"):
            started, clock = time.process_time(), time.perf_counter()
            if name == "push":
                count[name] += push_game(seed)
            else:
                count[name] += gin_games(game, gin_rng, args.gin_games)
            cpu[name] += time.process_time() - started
            wall[name] += time.perf_counter() - clock
    per_cpu = {name: cpu[name] / count[name] * 1e6 for name in cpu}
    per_wall = {name: wall[name] / count[name] * 1e6 for name in wall}
    print(f"pushrummy.compiled = {pr.compiled}")
    print(
        f"Push, {args.rounds} new games, {count['push']} decisions: "
        f"{per_cpu['push']:.1f} us CPU, {per_wall['push']:.1f} us wall per decision"
    )
    print(
        f"RLCard gin, {args.rounds * args.gin_games} new games, {count['gin']} decisions: "
        f"{per_cpu['gin']:.1f} us CPU, {per_wall['gin']:.1f} us wall per decision"
    )
    print(
        f"pushrummy/RLCard per decision: CPU {per_cpu['push'] / per_cpu['gin']:.2f}, "
        f"wall {per_wall['push'] / per_wall['gin']:.2f}"
    )
    if args.split:
        share = split["lay_down"] / (split["lay_down"] + split["rest"])
        rest = per_cpu["push"] * (1 - share) / per_cpu["gin"]
        print(
            f"split, {args.rounds} other new Push games, {split_count} decisions: the lay-down "
            f"listers take {share:.0%} of a decision's CPU time; the rest of a decision, at "
            f"the playout's ratio, {rest:.2f} x RLCard's"
        )


if __name__ == "__main__":
    main()
