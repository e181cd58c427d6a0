"""Compare two builds of pushrummy (pure Python and compiled) on random playouts of new games.

Usage (from the project root)::

    PUSHRUMMY_COMPILE=1 python -m pip wheel --no-deps -w dist .
    python -m venv /tmp/compiled && /tmp/compiled/bin/pip install dist/pushrummy-*-cp*.whl
    python benchmarks/builds.py --build compiled=/tmp/compiled/bin/python
    python benchmarks/builds.py --build compiled=/tmp/compiled/bin/python --reps 7 --games 4

Every build runs in a process of its own (one Python process cannot import two builds of
one package). By default the first build, ``pure``, is this interpreter with ``src/`` on its
path; ``--build NAME=PYTHON`` adds one that imports pushrummy from that interpreter's
installation, ``--build NAME=PYTHON:PATH`` one with PATH put first on its ``PYTHONPATH``.

A repetition plays ``--games`` NEW Push games in each build, the same games in every build
(seeds advance with the repetition, so no repetition replays a position a memo has seen, and
each process starts with empty memos); the builds take turns within a repetition, the first
one alternating, so drift on a shared machine falls on all of them alike. A decision is what
a random playout does: list the legal moves, pick one uniformly, apply it checked (with
``--sampler random_move``: draw it with ``pushrummy.random_move``, as a rollout does). The table
gives each build's CPU time and wall time per decision (medians over the repetitions) and
the ratio of each build to the first, the median of the per-repetition ratios. Every
build must play exactly the same moves: a digest of every listing and choice is compared,
and a difference is an error.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def playout(seeds: Sequence[int], sampler: str = "list") -> dict[str, object]:
    """Play the games of ``seeds`` to the end with uniformly random moves; time them.

    ``sampler``: ``list`` lists the legal moves and picks one (each choice and the listing's
    length go into the digest); ``random_move`` draws one with :func:`pushrummy.random_move`
    (a rollout's way; each move drawn goes into the digest)."""
    import pushrummy as pr

    digest = hashlib.sha256()
    decisions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        state = pr.new_game(pr.PUSH, seed=seed)
        while state.phase is not pr.Phase.GAME_OVER:
            if sampler == "random_move":
                move = pr.random_move(state, rng)
                digest.update(repr(move).encode())
            else:
                moves = pr.legal_moves(state)
                index = rng.randrange(len(moves))
                move = moves[index]
                digest.update(b"%d/%d;" % (index, len(moves)))
            state = pr.apply_move(state, move)
            decisions += 1
        digest.update(repr(state.totals).encode())
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {
        "compiled": pr.compiled,
        "file": pr.__file__,
        "decisions": decisions,
        "cpu": cpu,
        "wall": wall,
        "digest": digest.hexdigest(),
    }


def run_child(
    python: str, path: str | None, seeds: Sequence[int], sampler: str
) -> dict[str, object]:
    """Run :func:`playout` in a fresh process of ``python``; return its result."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if path:
        env["PYTHONPATH"] = path
    out = subprocess.run(
        [
            python,
            str(Path(__file__).resolve()),
            "--sampler",
            sampler,
            "--child",
            ",".join(map(str, seeds)),
        ],
        env=env,
        cwd="/",
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def parse_build(text: str) -> tuple[str, str, str | None]:
    """``NAME=PYTHON[:PATH]`` → (name, python, path or None)."""
    name, sep, rest = text.partition("=")
    if not sep or not name or not rest:
        raise argparse.ArgumentTypeError(f"expected NAME=PYTHON[:PATH], got {text!r}")
    python, _, path = rest.partition(":")
    return name, python, path or None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="append", type=parse_build, default=[])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--games", type=int, default=3, help="new Push games per repetition")
    parser.add_argument("--seed", type=int, default=1, help="the first repetition's first seed")
    parser.add_argument(
        "--sampler",
        choices=("list", "random_move"),
        default="list",
        help="list: legal_moves and a uniform pick (default); random_move: pushrummy.random_move",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(playout([int(s) for s in args.child.split(",")], args.sampler)))
        return 0
    builds = [("pure", sys.executable, str(ROOT / "src")), *args.build]
    rows: dict[str, list[dict[str, object]]] = {name: [] for name, _, _ in builds}
    for rep in range(args.reps):
        seeds = [args.seed + rep * args.games + g for g in range(args.games)]
        order = builds if rep % 2 == 0 else builds[::-1]
        results = {
            name: run_child(python, path, seeds, args.sampler) for name, python, path in order
        }
        digests = {r["digest"] for r in results.values()}
        if len(digests) != 1:
            print(f"builds played differently on seeds {seeds}: {results}", file=sys.stderr)
            return 1
        for name, result in results.items():
            rows[name].append(result)
        print(
            f"rep {rep + 1}/{args.reps} seeds {seeds[0]}-{seeds[-1]}: "
            + ", ".join(
                f"{n} {float(str(r['cpu'])) * 1e6 / int(str(r['decisions'])):.1f} us"
                for n, r in results.items()
            ),
            flush=True,
        )
    first = builds[0][0]
    print(
        f"\n{'build':10} {'compiled':>8} {'decisions':>9} {'cpu us/dec':>10} {'wall us/dec':>11}"
        f" {'cpu ratio':>9} {'wall ratio':>10}"
    )
    for name, _, _ in builds:
        rs = rows[name]
        per = {
            k: [float(str(r[k])) * 1e6 / int(str(r["decisions"])) for r in rs]
            for k in ("cpu", "wall")
        }
        base = {
            k: [float(str(r[k])) / float(str(b[k])) for r, b in zip(rs, rows[first], strict=True)]
            for k in ("cpu", "wall")
        }
        print(
            f"{name:10} {rs[0]['compiled']!s:>8} {sum(int(str(r['decisions'])) for r in rs):>9}"
            f" {statistics.median(per['cpu']):>10.1f} {statistics.median(per['wall']):>11.1f}"
            f" {statistics.median(base['cpu']):>9.2f} {statistics.median(base['wall']):>10.2f}"
        )
    print("every build played the same moves (digests equal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
