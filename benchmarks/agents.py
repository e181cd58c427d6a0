"""Agents benchmark: CPU time per step of the RL interfaces, on new games, side by side.

Usage::

    python benchmarks/agents.py                 # 20 rounds, about a minute
    python benchmarks/agents.py --rounds 5      # a smoke run
    python benchmarks/agents.py --profile pettingzoo   # where a step's time goes
    python benchmarks/agents.py --before ../old/src    # beside another version, same process

Every round plays one *new* game (a fresh seed: nothing is a replay the caches have seen)
of each subject, interleaved in one process, with a masked uniformly random policy, and
times it with the process's CPU clock (wall time beside it). A *step* is one decision of
the framework (a token in pushrummy, an action in gin rummy) including what a learner
reads at it: the observation and the mask; a *move* is a whole pushrummy move (several
tokens for a meld). Subjects:

* ``pettingzoo``: :class:`pushrummy.agents.pettingzoo_env.PushRummyEnv` (Push,
  ``max_turns_per_deal=100``), ``env.last()`` then ``env.step()``;
* ``pettingzoo-normalised``: the same with ``normalize=True`` (what the RLlib recipe uses);
* ``seat-env``: :class:`pushrummy.agents.gym_env.SeatEnv`, GreedyBot at the three other
  seats (their moves are inside the learner's steps, so this is per *learner* step);
* ``openspiel-gin-rummy``: OpenSpiel's C++ ``gin_rummy`` through pyspiel, with
  ``observation_tensor()`` and ``legal_actions()`` at every decision;
* ``pettingzoo-gin-rummy-v4``: PettingZoo's classic ``gin_rummy_v4`` (on RLCard's gin
  rummy), its ``raw_env`` as pushrummy's above, with the same loop — the Python
  environment of another card game a learner would use instead.

With ``--before DIR`` (a folder holding another version's ``pushrummy`` package, such as
an older checkout's ``src``), that version is copied under the name ``pushrummy_before``
and imported beside this one, and its PettingZoo environment joins the subjects as
``pettingzoo-before``, ``pettingzoo-normalised-before`` and
``pettingzoo-history-before`` (with ``--only``, the twins of the PettingZoo subjects
chosen): before and after in the same process and the same minutes, game by game. Each
version plays each seed as often as the other: the engine's memos are process-wide, so a
version that played a seed twice (two subjects of one version) would find the second game
in its memos, and look some 10% faster than it is. Each subject and its twin are also
compared game by game (the median of the per-game CPU ratios and its quartiles): a mean
over a dozen games moves with its one or two slowest ones.

The two gin rummies are optional: a subject whose package is missing is left out with a
printed line. ``gin_rummy_v4`` needs ``rlcard`` and a PettingZoo that still ships it
(``pip install "pettingzoo[classic]<1.27"``: 1.27 dropped it).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import pstats
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import pushrummy as pr
from pushrummy.agents.pettingzoo_env import PushRummyEnv

VARIANT = pr.PUSH.replace(max_turns_per_deal=100)


def pettingzoo(seed: int, **options: object) -> tuple[int, int]:
    """One game; (steps, moves)."""
    env = PushRummyEnv(VARIANT, **options)  # type: ignore[arg-type]
    return random_aec_game(env, seed, lambda: not env.pending_prefix)


def random_aec_game(env: Any, seed: int, move_done: Callable[[], bool]) -> tuple[int, int]:
    """One game of a PettingZoo AEC environment, each step a uniformly random legal action;
    (steps, moves), a move counted where ``move_done()`` says one ended."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = moves = 0
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
        moves += move_done()
    return steps, moves


def pettingzoo_normalised(seed: int) -> tuple[int, int]:
    return pettingzoo(seed, normalize=True)


def pettingzoo_history(seed: int) -> tuple[int, int]:
    return pettingzoo(seed, normalize=True, history=True)


def seat_env(seed: int) -> tuple[int, int]:
    from pushrummy.agents.gym_env import SeatEnv, random_policy

    env = SeatEnv(VARIANT)
    policy = random_policy(seed)
    observation, _ = env.reset(seed=seed)
    steps = 0
    done = False
    while not done:
        observation, _, done, _, _ = env.step(policy(observation))
        steps += 1
    return steps, steps


def gin_rummy_v4(seed: int) -> tuple[int, int]:
    from pettingzoo.classic import gin_rummy_v4 as gin

    return random_aec_game(gin.raw_env(), seed, lambda: True)


def gin_rummy(seed: int) -> tuple[int, int]:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    state = game.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=False)
            state.apply_action(rng.choices(actions, probabilities)[0])
            continue
        state.observation_tensor()
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal))
        steps += 1
    return steps, steps


SUBJECTS: dict[str, Callable[[int], tuple[int, int]]] = {
    "pettingzoo": pettingzoo,
    "pettingzoo-normalised": pettingzoo_normalised,
    "pettingzoo-history": pettingzoo_history,
    "seat-env": seat_env,
    "openspiel-gin-rummy": gin_rummy,
    "pettingzoo-gin-rummy-v4": gin_rummy_v4,
}

NEEDS = {
    "openspiel-gin-rummy": ("pyspiel", 'pip install ".[openspiel]"'),
    "pettingzoo-gin-rummy-v4": (
        "pettingzoo.classic.gin_rummy_v4",
        'pip install "pettingzoo[classic]<1.27" (rlcard)',
    ),
}


def add_before(folder: str, chosen: list[str]) -> list[str]:
    """Import the ``pushrummy`` package in ``folder`` as ``pushrummy_before`` and add the
    twins of the PettingZoo subjects among ``chosen``; their names."""
    source = Path(folder) / "pushrummy"
    if not (source / "__init__.py").is_file():
        raise SystemExit(f"--before: no pushrummy package in {folder}")
    copy = Path(tempfile.mkdtemp(prefix="pushrummy-before-"))
    shutil.copytree(source, copy / "pushrummy_before")  # relative imports: any name works
    sys.path.insert(0, str(copy))
    before = importlib.import_module("pushrummy_before")
    environment = importlib.import_module("pushrummy_before.agents.pettingzoo_env")
    variant = before.PUSH.replace(max_turns_per_deal=100)

    def subject(**options: object) -> Callable[[int], tuple[int, int]]:
        def play(seed: int) -> tuple[int, int]:
            env = environment.PushRummyEnv(variant, **options)
            return random_aec_game(env, seed, lambda: not env.pending_prefix)

        return play

    twins = {
        "pettingzoo": {},
        "pettingzoo-normalised": {"normalize": True},
        "pettingzoo-history": {"normalize": True, "history": True},
    }
    names = []
    for name, options in twins.items():
        if name in chosen:
            SUBJECTS[f"{name}-before"] = subject(**options)
            names.append(f"{name}-before")
    return names


def available(names: list[str]) -> list[str]:
    """``names`` less the optional subjects whose package is missing (said on stdout)."""
    kept = []
    for name in names:
        if name in NEEDS:
            module, install = NEEDS[name]
            try:
                importlib.import_module(module)
            except ImportError as error:
                print(f"skipped {name}: {error} ({install})")
                continue
        kept.append(name)
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="games per subject")
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--profile", choices=sorted(SUBJECTS), help="profile one subject")
    parser.add_argument("--only", nargs="+", choices=sorted(SUBJECTS), help="these subjects")
    parser.add_argument("--before", metavar="DIR", help="also another version's package in DIR")
    args = parser.parse_args()
    names = available(args.only or list(SUBJECTS))
    if args.before:
        names += add_before(args.before, names)
    subjects = {name: SUBJECTS[name] for name in names}
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for number in range(args.rounds):
            SUBJECTS[args.profile](args.seed + number)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
        return
    cpu: dict[str, list[float]] = {name: [] for name in subjects}
    wall: dict[str, float] = dict.fromkeys(subjects, 0.0)
    counts: dict[str, list[int]] = {name: [0, 0] for name in subjects}
    for subject in subjects.values():  # warm up (imports, first loads), untimed
        subject(args.seed - 1)
    for number in range(args.rounds):
        order = list(subjects.items())  # interleaved: the same machine load, and the
        for name, subject in order[:: -1 if number % 2 else 1]:  # order alternated
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            steps, moves = subject(args.seed + number)
            cpu[name].append(time.process_time() - start_cpu)
            wall[name] += time.perf_counter() - start_wall
            counts[name][0] += steps
            counts[name][1] += moves
    print(f"{args.rounds} new games per subject (seeds {args.seed}…), CPU time:")
    print(f"{'subject':28} {'steps/game':>10} {'µs/step':>9} {'µs/move':>9} {'wall µs/step':>12}")
    for name in subjects:
        steps, moves = counts[name]
        total = sum(cpu[name])
        print(
            f"{name:28} {steps / args.rounds:10.0f} {total / steps * 1e6:9.1f} "
            f"{total / moves * 1e6:9.1f} {wall[name] / steps * 1e6:12.1f}"
        )
    print(f"median CPU s/game: { ({n: round(statistics.median(v), 3) for n, v in cpu.items()}) }")
    for name in subjects:  # game by game: a slow game (a long contract search) pairs up
        twin = f"{name}-before"
        if twin in subjects:
            ratios = sorted(a / b for a, b in zip(cpu[name], cpu[twin], strict=True))
            quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            print(
                f"{name} / {twin}, CPU per game: median {statistics.median(ratios):.3f} "
                f"(quartiles {quartiles[0]:.3f}–{quartiles[2]:.3f}, {len(ratios)} games)"
            )
    for reference in ("pettingzoo-gin-rummy-v4", "openspiel-gin-rummy"):
        if reference in subjects:  # a gin rummy step is one move: compare per step and per move
            base = sum(cpu[reference]) / counts[reference][0]
            ratios = {
                name: f"{sum(cpu[name]) / counts[name][0] / base:.2f} / "
                f"{sum(cpu[name]) / counts[name][1] / base:.2f}"
                for name in subjects
                if name != reference
            }
            print(f"× {reference} (per step / per move): {ratios}")


if __name__ == "__main__":
    main()
