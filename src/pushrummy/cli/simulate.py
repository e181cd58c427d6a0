"""``pushrummy simulate``: many bot games, then statistics (a table, or JSON with ``--json``).

Game ``i`` (from 0) uses the seed ``S + i`` and its random bots are seeded from that
seed and their seat, so the statistics depend only on the options — not on the
number of worker processes, which only changes the timing fields.

>>> stats = simulate(build_variant("push", 100), 4, ("greedy", "random"), seed=3, games=1)
>>> stats["games"], stats["deals"]["count"], sorted(stats["deals"]["endings"])
(1, 5, ['exhausted', 'out', 'turn_limit'])
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple, TextIO

from ..engine import new_game
from ..moves import Move, NextDeal
from ..state import GameState
from ..variants import Variant
from .common import (
    GameListener,
    Names,
    UsageError,
    bot_seed,
    bot_source,
    build_variant,
    check_players,
    check_seed,
    drive,
    make_bot,
    parse_bots,
    parse_stakes,
    plural,
    turns_played,
)
from .render import Output, rich_available

__all__ = ["GameStats", "play_one", "simulate"]


class DealStats(NamedTuple):
    """What simulate keeps of one deal."""

    ended_by: str
    went_out: int | None
    penalties: tuple[int, ...]
    turns: int
    contracts: int


class GameStats(NamedTuple):
    """What simulate keeps of one game (small, so worker processes send it back cheaply)."""

    seed: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    deals: tuple[DealStats, ...]
    decisions: int
    net: tuple[int, ...] | None = None  # chips won or lost per seat, with stakes


class _Collector(GameListener):
    def __init__(self) -> None:
        self.deals: list[DealStats] = []
        self.decisions = 0

    def moved(self, before: GameState, move: Move, after: GameState) -> None:
        if not isinstance(move, NextDeal):
            self.decisions += 1

    def deal_ended(self, state: GameState) -> None:
        result = state.results[-1]
        self.deals.append(
            DealStats(
                ended_by=result.ended_by.value,
                went_out=result.went_out,
                penalties=result.penalties,
                turns=turns_played(state),
                contracts=sum(state.laid_down),
            )
        )


class Job(NamedTuple):
    """One game to simulate."""

    variant: Variant
    players: int
    bots: tuple[str, ...]
    seed: int


def play_one(job: Job) -> GameStats:
    """Play one seeded bot game and keep its statistics.

    Raises:
        UsageError: ``job.bots`` names an unknown bot.
        VariantError, SetupError: the job cannot start a game (as
            :func:`~pushrummy.engine.new_game`: a player count the variant does not
            allow, a seed too large), or a deal cannot be dealt ([deal.upcard]).
    """
    bots = [make_bot(kind, bot_seed(job.seed, seat)) for seat, kind in enumerate(job.bots)]
    collector = _Collector()
    end = drive(
        new_game(job.variant, seed=job.seed, players=job.players), bot_source(bots), collector
    )
    assert end.outcome is not None
    return GameStats(
        seed=job.seed,
        totals=end.outcome.totals,
        winners=end.outcome.winners,
        deals=tuple(collector.deals),
        decisions=collector.decisions,
        net=None if end.outcome.stakes is None else end.outcome.stakes.net,
    )


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    # Ctrl-C is handled once, by the parent; workers just stop when it shuts the pool down.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(jobs: Sequence[Job], workers: int) -> Iterator[GameStats]:
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield play_one(job)
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint) as pool:
        try:
            yield from pool.map(play_one, jobs)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _mean(total: float, count: int) -> float:
    return round(total / count, 6) if count else 0.0


def summarize(
    games: Sequence[GameStats],
    *,
    variant: Variant,
    players: int,
    bots: Sequence[str],
    seed: int,
) -> dict[str, Any]:
    """The statistics of ``games`` as a JSON-ready dict (without the timing fields)."""
    names = Names(variant, players, bots=bots)
    sides = variant.side_count(players)
    deals = [deal for game in games for deal in game.deals]
    draws = sum(1 for game in games if len(game.winners) > 1)
    endings = {"out": 0, "exhausted": 0, "turn_limit": 0}
    for deal in deals:
        endings[deal.ended_by] += 1
    side_rows = []
    for side in range(sides):
        wins = sum(1 for game in games if game.winners == (side,))
        shared = sum(1 for game in games if len(game.winners) > 1 and side in game.winners)
        seats = names.seats_of(side)
        # A side by the library's name for it, with its seats: in Cap-It each player is a
        # side of its own ("side 2 (seat 2)"), as in the library's results and events.
        name = names.side(side) if variant.partnerships else f"side {side} (seat {seats[0]})"
        row: dict[str, Any] = {
            "side": side,
            "name": name,
            "seats": list(seats),
            "bots": [bots[s] for s in seats],
            "wins": wins,
            "draws": shared,
            "win_rate": _mean(wins, len(games)),
            "mean_penalty_per_deal": _mean(sum(d.penalties[side] for d in deals), len(deals)),
            "mean_total": _mean(sum(g.totals[side] for g in games), len(games)),
        }
        if variant.stakes is not None:  # no partnerships: a side is a seat
            net = sum(game.net[side] for game in games if game.net is not None)
            row["mean_net_chips"] = _mean(net, len(games))
        side_rows.append(row)
    return {
        "variant": variant.name,
        "players": players,
        "games": len(games),
        "seed": seed,
        "max_turns_per_deal": variant.max_turns_per_deal,
        "bots": list(bots),
        "stakes": None
        if variant.stakes is None
        else {"ante": variant.stakes.ante, "round_prize": variant.stakes.round_prize},
        "sides": side_rows,
        "draws": draws,
        "deals": {
            "count": len(deals),
            "endings": endings,
            "mean_turns": _mean(sum(d.turns for d in deals), len(deals)),
            "mean_contracts": _mean(sum(d.contracts for d in deals), len(deals)),
        },
        "decisions": sum(game.decisions for game in games),
    }


def simulate(
    variant: Variant,
    players: int,
    bots: Sequence[str],
    *,
    seed: int,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` bot games (seeds ``seed``, ``seed + 1``, ...); their statistics with timing.

    Raises:
        UsageError: ``bots`` names an unknown bot, or more bots than ``players``.
        VariantError, SetupError: as :func:`play_one`, for a game that cannot be played.
    """
    kinds = parse_bots(",".join(bots), players)
    jobs = [Job(variant, players, kinds, seed + i) for i in range(games)]
    started = time.perf_counter()
    results = []
    for done, stats in enumerate(_results(jobs, workers), start=1):
        results.append(stats)
        if progress is not None:
            progress(done)
    seconds = time.perf_counter() - started
    summary = summarize(results, variant=variant, players=players, bots=kinds, seed=seed)
    summary["timing"] = {
        "seconds": round(seconds, 3),
        "decisions_per_second": round(summary["decisions"] / seconds, 1) if seconds else 0.0,
        "workers": workers,
    }
    return summary


# -- progress --------------------------------------------------------------------------------


class _Progress:
    """A progress display on ``stream``: rich's bar, a plain ``\\r`` bar on a terminal, or a
    line every 10% when the stream is not a terminal."""

    def __init__(self, total: int, stream: TextIO, *, use_rich: bool, quiet: bool) -> None:
        self.total = total
        self.stream = stream
        tty = bool(getattr(stream, "isatty", lambda: False)())
        self.mode = (
            "off" if quiet else ("rich" if use_rich and tty else ("tty" if tty else "lines"))
        )
        self._rich: Any = None
        self._task: Any = None
        self._next_line = 0

    def __enter__(self) -> _Progress:
        if self.mode == "rich":
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            self._rich = Progress(
                "simulating",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(file=self.stream),
                transient=True,
            )
            self._rich.__enter__()
            self._task = self._rich.add_task("games", total=self.total)
        return self

    def update(self, done: int) -> None:
        if self.mode == "rich":
            self._rich.update(self._task, completed=done)
        elif self.mode == "tty":
            width = 30
            filled = width * done // self.total
            bar = "#" * filled + "." * (width - filled)
            self.stream.write(f"\rsimulating [{bar}] {done}/{plural(self.total, 'game')}")
            self.stream.flush()
        elif self.mode == "lines" and done * 10 >= self._next_line * self.total:
            while self._next_line * self.total <= done * 10:
                self._next_line += 1
            self.stream.write(f"simulate: {done}/{plural(self.total, 'game')}\n")
            self.stream.flush()

    def __exit__(self, *exc: object) -> None:
        if self._rich is not None:
            self._rich.__exit__(None, None, None)
        elif self.mode == "tty":
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


# -- command ----------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``simulate``."""
    parser.add_argument(
        "-n", "--games", type=int, default=100, metavar="N", help="games to play (default 100)"
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help="comma-separated bots by seat, repeated to fill the table: greedy, random, search "
        "(search: about 20 ms of CPU a decision at the median, 80 ms at the 90th "
        "percentile, 10 s a game of Push; default: greedy)",
    )
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="K",
        help="worker processes (default 1; 0: one per CPU); results do not depend on it",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress display")


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def print_table(out: Output, stats: dict[str, Any]) -> None:
    """The statistics as tables."""
    games = stats["games"]
    limit = stats["max_turns_per_deal"]
    out.line(
        (f"{plural(games, 'game')} of {stats['variant']}, {stats['players']} players", "bold"),
        f", seeds {stats['seed']}..{stats['seed'] + games - 1}, "
        + ("no turn limit" if limit is None else f"at most {plural(limit, 'turn')} per deal"),
    )
    stakes = stats["stakes"]
    rows = [
        [
            side["name"],
            "+".join(side["bots"]),
            str(side["wins"]),
            _percent(side["wins"], games),
            str(side["draws"]),
            f"{side['mean_penalty_per_deal']:.1f}",
            f"{side['mean_total']:.1f}",
        ]
        + ([] if stakes is None else [f"{side['mean_net_chips']:+.1f}"])
        for side in stats["sides"]
    ]
    headers = ["side", "bots", "wins", "win %", "draws", "penalty/deal", "mean total"]
    title = "Sides"
    if stakes is not None:
        headers.append("chips/game")
        title += (
            f" (stakes: ante {plural(stakes['ante'], 'chip')}, "
            f"round prize {plural(stakes['round_prize'], 'chip')})"
        )
    out.table(headers, rows, right=range(2, len(headers)), title=title)
    deals = stats["deals"]
    count = deals["count"]
    endings = deals["endings"]
    timing = stats["timing"]
    rows = [
        ["games (drawn)", f"{games} ({stats['draws']})"],
        ["deals", str(count)],
        ["ended by going out", f"{endings['out']} ({_percent(endings['out'], count)})"],
        [
            "ended by exhausted stock",
            f"{endings['exhausted']} ({_percent(endings['exhausted'], count)})",
        ],
        [
            "ended by turn limit",
            f"{endings['turn_limit']} ({_percent(endings['turn_limit'], count)})",
        ],
        ["mean turns per deal", f"{deals['mean_turns']:.1f}"],
        ["contracts made per deal", f"{deals['mean_contracts']:.2f}"],
        ["decisions", str(stats["decisions"])],
        ["decisions per second", f"{timing['decisions_per_second']:,.0f}"],
        ["total time", f"{timing['seconds']:.2f} s ({plural(timing['workers'], 'worker')})"],
    ]
    out.table(["statistic", "value"], rows, right=(1,), title="Deals")


def run(args: argparse.Namespace, out: Output, *, use_rich: bool) -> int:
    """Run ``simulate``.

    Raises:
        UsageError: bad options: an unknown variant or bot, a player count the variant
            does not allow, fewer than 1 game, negative ``--workers`` or ``--max-turns``,
            a seed too large, bad ``--stakes``.
    """
    variant = parse_stakes(args.stakes, build_variant(args.variant, args.max_turns))
    players = check_players(variant, args.players)
    if args.games < 1:
        raise UsageError(f"-n must be at least 1, not {args.games}")
    if args.workers < 0:
        raise UsageError(f"--workers must be 0 (one per CPU) or more, not {args.workers}")
    workers = args.workers or os.cpu_count() or 1
    kinds = parse_bots(args.bots, players)
    seed = check_seed(1 if args.seed is None else args.seed, args.games)
    stream = sys.stderr
    with _Progress(
        args.games, stream, use_rich=use_rich and rich_available(), quiet=args.quiet
    ) as bar:
        stats = simulate(
            variant,
            players,
            kinds,
            seed=seed,
            games=args.games,
            workers=workers,
            progress=bar.update,
        )
    if args.json:
        out.stream.write(json.dumps(stats, indent=2) + "\n")
    else:
        print_table(out, stats)
    return 0
