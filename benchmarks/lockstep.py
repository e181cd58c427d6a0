"""Two versions of pushrummy in one process, in lock-step: every decision timed in each in turn.

Usage::

    python benchmarks/lockstep.py BEFORE/src AFTER/src [--games 12] [--seed 1] [--no-gc]

Each ``src`` directory's ``pushrummy`` package is copied under a name of its own (``lock_a``,
``lock_b``; its imports are relative, so it runs under any name) and both are imported. Each
round plays one NEW random Push game in both (list the legal moves, pick one uniformly,
apply it checked), decision by decision: the same pick in both, which goes first
alternating, each timed in CPU time (``time.process_time``); the two must list the same
number of moves at every decision and end with the same totals. On a shared machine drift
falls on both alike, so the ratio B/A is good to about 1% where separate processes give
±5%. With ``--no-gc`` the garbage collector is off while timing and collects between games:
a collection pays for both versions' objects, so it lands on one or the other at random
(±5% a run); without it, read several runs. Prints each version's CPU time per decision,
the ratio, and the ratio per kind of decision.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def load(sources: Sequence[str]) -> list[Any]:
    """Each source tree's package, imported under a name of its own."""
    folder = Path(tempfile.mkdtemp(prefix="lockstep"))
    for name, src in zip(("lock_a", "lock_b"), sources, strict=True):
        shutil.copytree(Path(src) / "pushrummy", folder / name)
    sys.path.insert(0, str(folder))
    return [importlib.import_module(name) for name in ("lock_a", "lock_b")]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="a source tree's src/ directory (A)")
    parser.add_argument("after", help="another one (B)")
    parser.add_argument("--games", type=int, default=12, help="new Push games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-gc", action="store_true", help="no collection while timing")
    args = parser.parse_args(argv)
    engines = load((args.before, args.after))
    for pr in engines:
        pr.new_game(pr.PUSH, seed=0)  # imports and first-use setup, outside the timing
    if args.no_gc:
        gc.disable()
    total = [0.0, 0.0]
    by_kind: list[defaultdict[str, float]] = [defaultdict(float), defaultdict(float)]
    decisions = 0
    clock = time.process_time
    for round_ in range(args.games):
        seed = args.seed * 1_000_003 + round_ * 10_007
        rng = random.Random(seed)
        states = [pr.new_game(pr.PUSH, seed=seed) for pr in engines]
        while True:
            state = states[0]
            kind = state.phase.value
            if kind == "play":
                kind += " (laid down)" if state.laid_down[state.current_player] else ""
            pick = rng.random()
            counts = [0, 0]
            for which in (0, 1) if decisions % 2 == 0 else (1, 0):
                pr = engines[which]
                started = clock()
                moves = pr.legal_moves(states[which])
                if moves:
                    states[which] = pr.apply_move(states[which], moves[int(pick * len(moves))])
                spent = clock() - started
                total[which] += spent
                by_kind[which][kind] += spent
                counts[which] = len(moves)
            if counts[0] != counts[1]:
                sys.exit(f"game {seed}, decision {decisions}: {counts[0]} vs {counts[1]} moves")
            if not counts[0]:
                break
            decisions += 1
        if repr(states[0].totals) != repr(states[1].totals):
            sys.exit(f"game {seed}: totals {states[0].totals} vs {states[1].totals}")
        if args.no_gc:
            gc.collect()
    a, b = total
    print(
        f"A {a / decisions * 1e6:.2f} us, B {b / decisions * 1e6:.2f} us CPU per decision, "
        f"B/A {b / a:.3f} ({decisions} decisions, {args.games} new games, "
        f"gc {'off' if args.no_gc else 'on'})"
    )
    for kind in sorted(by_kind[0], key=lambda k: -by_kind[0][k]):
        share = by_kind[0][kind] / a * 100
        print(f"  {kind:20s} {share:5.1f}% of A   B/A {by_kind[1][kind] / by_kind[0][kind]:.3f}")


if __name__ == "__main__":
    main()
