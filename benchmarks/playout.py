"""Playout benchmark: full games between bots, timed per decision and per game.

Usage::

    python benchmarks/playout.py                # the full run
    python benchmarks/playout.py --quick        # a smoke run (a few games each)
    python benchmarks/playout.py --games 20 --turn-limit 200 --budget 30
    python benchmarks/playout.py --bots greedy --clock cpu   # steadier on a busy machine

For PUSH (4 players) and CAP_IT (4 and 6 players), with all-random and
all-greedy tables, it plays seeded games to the end (``max_turns_per_deal`` is
set, [game.turn_limit]) and times every decision in two parts:

* **engine**: ``legal_moves(state)`` plus ``apply_move(state, move)`` (which
  validates the move) — the library's cost;
* **bot**: building the player's view and the bot's ``choose`` — the client's cost.

Decisions are grouped by kind: ``draw`` (take or push), ``discard`` (the play
decision that ends the turn), ``meld`` (lay down, lay off, new meld, exchange)
and ``deal`` (the chance step between deals). The table reports medians and
95th percentiles. Targets: a draw or discard decision at most 15 µs median
(engine), a full 5-deal greedy Push game at most 20 ms.

``--budget`` bounds the time spent per table: no new game starts after it is
used up, but every game started is played to its end (none is abandoned, so
no slow position is hidden). The slowest engine decision of every game is
reported, with what it was (deal, kind, hand size, wilds, legal moves).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pushrummy as pr

KINDS = ("draw", "discard", "meld", "deal")


@dataclass
class Tally:
    """Timings of one table (variant, players, bots) over several games."""

    engine_us: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    bot_us: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    game_ms_engine: list[float] = field(default_factory=list)
    game_ms_total: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    slowest_us: float = 0.0
    slowest_where: str = ""
    per_game: list[tuple[int, int, float, float, str]] = field(default_factory=list)
    """Per game: seed, decisions, engine ms, slowest engine decision µs and what it was."""

    def note(self, us: float, where: str) -> None:
        """Remember the slowest engine decision seen."""
        if us > self.slowest_us:
            self.slowest_us, self.slowest_where = us, where


def median(values: Sequence[float]) -> float:
    """The median; nan for no values."""
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0..1) by the nearest-rank method; nan for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))
    return ordered[index]


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``wall``: elapsed time (the default, what a caller waits). ``cpu``: this process's CPU
time, which other processes on a loaded machine disturb far less, for comparing two
versions; each reading costs some 0.4 µs more than a wall-clock one, which the per-
decision figures then include."""


def play_timed(
    state: pr.GameState,
    bots: Sequence[pr.Bot],
    tally: Tally,
    seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> pr.GameState:
    """Play one game to the end like :func:`pushrummy.play_game`, timing every decision."""
    engine_total = 0.0
    bot_total = 0.0
    decisions = 0
    next_deal = pr.NextDeal()
    engine_us: dict[str, list[float]] = {k: [] for k in KINDS}
    bot_us: dict[str, list[float]] = {k: [] for k in KINDS}
    slowest, slowest_where = 0.0, ""
    while state.phase is not pr.Phase.GAME_OVER:
        phase = state.phase
        seat = state.current_player
        hand = state.hands[seat] if seat is not None else ()
        t0 = clock()
        moves = pr.legal_moves(state)
        t1 = clock()
        if seat is None:
            move: pr.Move = next_deal
        else:
            # pr.view lists the moves again: legal_moves keeps the listing of the state
            # it was last asked about, so that costs a lookup, not a second listing.
            move = bots[seat].choose(pr.view(state, seat))
        t2 = clock()
        after = pr.apply_move(state, move)
        t3 = clock()
        if phase is pr.Phase.DRAW:
            kind = "draw"
        elif phase is pr.Phase.BETWEEN_DEALS:
            kind = "deal"
        elif isinstance(move, pr.Discard):
            kind = "discard"
        else:
            kind = "meld"
        engine = (t1 - t0) + (t3 - t2)
        engine_us[kind].append(engine * 1e6)
        bot_us[kind].append((t2 - t1) * 1e6)
        if engine > slowest:
            slowest = engine
            slowest_where = (
                f"deal {state.deal_number} {kind}: {len(hand)} cards "
                f"({sum(c.is_wild for c in hand)} wild), {len(moves)} legal moves"
            )
        engine_total += engine
        bot_total += t2 - t1
        decisions += 1
        state = after
    for kind in KINDS:
        tally.engine_us[kind].extend(engine_us[kind])
        tally.bot_us[kind].extend(bot_us[kind])
    tally.game_ms_engine.append(engine_total * 1e3)
    tally.game_ms_total.append((engine_total + bot_total) * 1e3)
    tally.decisions.append(decisions)
    tally.note(slowest * 1e6, slowest_where)
    tally.per_game.append((seed, decisions, engine_total * 1e3, slowest * 1e6, slowest_where))
    return state


def random_bots(seed: int, players: int) -> list[pr.Bot]:
    return [pr.RandomBot(seed * 100 + seat) for seat in range(players)]


def greedy_bots(seed: int, players: int) -> list[pr.Bot]:
    return [pr.GreedyBot() for _ in range(players)]


TABLES: tuple[tuple[str, pr.Variant, int], ...] = (
    ("PUSH", pr.PUSH, 4),
    ("CAP_IT", pr.CAP_IT, 4),
    ("CAP_IT", pr.CAP_IT, 6),
)
BOTS: tuple[tuple[str, Callable[[int, int], list[pr.Bot]]], ...] = (
    ("greedy", greedy_bots),
    ("random", random_bots),
)


def fmt(value: float) -> str:
    if value != value:  # nan
        return "-"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}"


def report(rows: list[tuple[str, int, Tally]]) -> None:
    print()
    print("µs per decision, engine = legal_moves + apply_move (median / p95; n = decisions)")
    header = f"{'table':<24}{'games':>6}"
    for kind in KINDS:
        header += f"{kind:>22}"
    print(header)
    for label, games, tally in rows:
        line = f"{label:<24}{games:>6}"
        for kind in KINDS:
            values = tally.engine_us[kind]
            cell = f"{fmt(median(values))} / "
            cell += f"{fmt(percentile(values, 0.95))} n={len(values)}"
            line += f"{cell:>22}"
        print(line)
    print()
    print("µs per decision, bot = view + choose (median / p95)")
    print(header)
    for label, games, tally in rows:
        line = f"{label:<24}{games:>6}"
        for kind in KINDS:
            values = tally.bot_us[kind]
            cell = f"{fmt(median(values))} / "
            cell += f"{fmt(percentile(values, 0.95))}"
            line += f"{cell:>22}"
        print(line)
    print()
    print("per game (median / p95)")
    print(
        f"{'table':<24}{'games':>6}{'decisions':>16}{'ms engine':>20}"
        f"{'ms engine+bots':>22}   slowest engine decision"
    )
    for label, games, tally in rows:
        dec = f"{fmt(median(tally.decisions))} / {fmt(percentile(tally.decisions, 0.95))}"
        eng = f"{fmt(median(tally.game_ms_engine))} / {fmt(percentile(tally.game_ms_engine, 0.95))}"
        tot = f"{fmt(median(tally.game_ms_total))} / {fmt(percentile(tally.game_ms_total, 0.95))}"
        slow = f"{tally.slowest_us / 1e3:,.1f} ms ({tally.slowest_where})"
        print(f"{label:<24}{games:>6}{dec:>16}{eng:>20}{tot:>22}   {slow}")
    print()
    print("every game: seed, decisions, engine ms, and its slowest engine decision")
    for label, _, tally in rows:
        print(f"{label}:")
        for seed, decisions, ms, slow_us, where in tally.per_game:
            print(
                f"  seed {seed:>3}: {decisions:>5} decisions, {ms:7.1f} ms engine,"
                f" slowest {slow_us / 1e3:6.2f} ms ({where})"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help="games per table")
    parser.add_argument("--quick", action="store_true", help="a few games per table")
    parser.add_argument("--turn-limit", type=int, default=200, help="max_turns_per_deal")
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds per table before no new game starts"
    )
    parser.add_argument(
        "--bots", choices=("greedy", "random", "both"), default="both", help="which tables"
    )
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="wall: elapsed time; cpu: this process's CPU time (steadier on a loaded machine)",
    )
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else (3 if args.quick else 20)
    budget = args.budget if args.budget is not None else (4.0 if args.quick else 15.0)
    print(
        f"pushrummy {pr.__version__}, Python {sys.version.split()[0]}: up to {games} games "
        f"per table, max_turns_per_deal={args.turn_limit}, budget {budget:g} s per table "
        f"(every game started is played to its end), {args.clock} clock"
    )
    rows: list[tuple[str, int, Tally]] = []
    for bot_name, make_bots in BOTS:
        if args.bots not in ("both", bot_name):
            continue
        for name, variant, players in TABLES:
            limited = variant.replace(max_turns_per_deal=args.turn_limit)
            tally = Tally()
            started = time.perf_counter()
            played = 0
            for seed in range(games):
                if time.perf_counter() - started > budget:
                    break
                state = pr.new_game(limited, seed=seed, players=players)
                end = play_timed(state, make_bots(seed, players), tally, seed, CLOCKS[args.clock])
                assert end.outcome is not None
                played += 1
            label = f"{name} {players}p {bot_name}"
            rows.append((label, played, tally))
            print(f"  {label}: {played} games in {time.perf_counter() - started:.1f} s", flush=True)
    report(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
