"""Bot benchmark: SearchBot against GreedyBot, and the new GreedyBot against the old one.

Usage::

    python benchmarks/bots.py                        # the full run: 400 games each
    python benchmarks/bots.py --search-games 40      # fewer search games (they are slow)
    python benchmarks/bots.py --search-games 0       # the greedy reports only
    python benchmarks/bots.py --quick                # a smoke run
    python benchmarks/bots.py --workers 4            # games in parallel processes
    python benchmarks/bots.py --games 0 --search-games 0 --deals 60   # the paired-deal proxy

Three reports, all on PUSH (4 players, ``max_turns_per_deal=200``), game ``i`` seeded
``seed + i``, with the sides alternated (in even games the bot under test holds seats 0
and 2, in odd games seats 1 and 3), so neither side gets the better seats:

* **search vs greedy**: SearchBot's side against GreedyBot's: the share of games won
  (a shared win counts half, ± its standard error) and the median (and 90th percentile)
  time of SearchBot's decisions, every decision it was asked for included, wall-clock
  and CPU time (the latter not inflated by other processes). Bar: 60% and 200 ms.
* **new greedy vs old greedy**: the same, for GreedyBot against :class:`OldGreedyBot`,
  the GreedyBot before it stopped circulating unwanted cards. Bar: 55%.
* **exhausted stock**: the share of deals ending on an exhausted stock (or the turn
  limit) in all-old-greedy and all-new-greedy games, and the most discards of one card
  in a deal (the "K♣ pushed and discarded eleven times" of issue 9), before and after.

A head-to-head report ends with every game's share in seed order (``shares:``), and the
proxy with every deal's score (``scores:``), so that runs can be pooled and checked game by
game. To quote a figure, run it on seeds no earlier run or setting choice has used (the
bots are deterministic, so a seed range measured before is the same games again), decide
the number of games before starting, and report them all.

and, with ``--deals N``, a quicker, lower-variance proxy for comparing SearchBot settings:

* **paired deals**: deal ``i`` is deal ``1 + i % 5`` of the game seeded ``seed + i``, reached
  by all-GreedyBot play; it is played to its end twice from the same state, once with
  SearchBot on seats 0 and 2 and once on seats 1 and 3 (GreedyBot on the others). Its
  score is the mean over the two plays of SearchBot's side's penalty less GreedyBot's side's
  (lower is better; same cards, so most of the deal's luck cancels). Reported: the mean
  over the deals with its standard error, and SearchBot's decision times.

SearchBot's options (``--playouts``, ``--horizon`` (0: rollouts to the deal's end),
``--min-playouts`` (0: never stop early), ``--margin``, ``--discards``, ``--evaluation``)
are SearchBot's own defaults unless given; a head-to-head prints the bot it measured.

It reports; it never asserts (timings depend on the machine).
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

import pushrummy as pr
from pushrummy.events import DealEnd, DealStarted, Discarded
from pushrummy.moves import Discard
from pushrummy.state import DEAL_PHASES
from pushrummy.views import PlayerView


class OldGreedyBot(pr.GreedyBot):
    """GreedyBot as it was before issue 9: it discarded its most expensive useless card
    even when that was the upcard it had just been pushed, so one unwanted card could go
    round the table (discarded, pushed on, discarded again) for a whole deal.

    Kept here, and only here, for comparison; its draw and meld play are GreedyBot's
    (asked through ``GreedyBot.choose``), and only its choice among the discards is the
    old one, written here with the public card attributes.
    """

    __slots__ = ()

    def choose(self, view: PlayerView) -> pr.Move:
        move = super().choose(view)
        if not isinstance(move, Discard):
            return move
        return old_discard(view, [m for m in view.legal_moves if isinstance(m, Discard)])


def _positions(card: pr.Card) -> tuple[int, ...]:
    """Run positions of a natural: an ace is low (1) or high (14)."""
    assert card.rank is not None
    rank = int(card.rank)
    return (1, 14) if rank == 1 else (rank,)


def old_discard(view: PlayerView, discards: list[Discard]) -> Discard:
    """The old GreedyBot's discard: the wilds last, then the cards with the fewest partners
    (naturals of the same rank in other suits, for sets; same-suit naturals one or two
    places away, for runs; counted up to 2), the most expensive first."""
    values = view.variant.card_values
    if view.laid_down[view.seat]:
        sets = runs = True
    else:
        kinds = {requirement.kind for requirement in view.contract.requirements}
        sets, runs = pr.MeldKind.SET in kinds, pr.MeldKind.RUN in kinds
    by_rank: collections.defaultdict[int, int] = collections.defaultdict(int)
    by_suit: collections.defaultdict[int, int] = collections.defaultdict(int)
    for card in view.hand:
        if card.is_wild:
            continue
        assert card.rank is not None and card.suit is not None
        by_rank[int(card.rank)] |= 1 << int(card.suit)
        for p in _positions(card):
            by_suit[int(card.suit)] |= 1 << (p + 2)
    best = discards[0]
    best_key: tuple[bool, int, int] | None = None
    for move in discards:
        card = move.card
        rank = 0 if card.rank is None else int(card.rank)
        if card.is_wild:
            key = (True, 0, -values[rank])
        else:
            assert card.suit is not None
            suit = int(card.suit)
            partners = 0
            if sets:
                partners += (by_rank[rank] & ~(1 << suit)).bit_count()
            if runs:
                mask = by_suit[suit]
                for p in _positions(card):
                    partners += ((mask >> p) & 0b11011).bit_count()
            key = (False, min(partners, 2), -values[rank])
        if best_key is None or key < best_key:
            best, best_key = move, key
    return best


VARIANT = pr.PUSH.replace(max_turns_per_deal=200)


class Timed:
    """A bot whose decisions are timed (seconds: wall-clock in ``times``, this process's
    CPU time in ``cpu``, which other processes competing for the cores do not inflate)."""

    def __init__(self, bot: pr.Bot) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: PlayerView) -> pr.Move:
        start, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        return move


SEARCH: dict[str, object] = {}
"""SearchBot's keyword arguments besides its seed (set from the command line)."""


def make(kind: str, seed: int, options: dict[str, object]) -> pr.Bot:
    """A bot of ``kind`` (``search`` with the keyword arguments ``options``)."""
    if kind == "search":
        return pr.SearchBot(seed, **options)  # type: ignore[arg-type]
    if kind == "greedy":
        return pr.GreedyBot()
    return OldGreedyBot()


def match(
    args: tuple[str, str, int, dict[str, object]],
) -> tuple[float, list[float], int, int, list[float]]:
    """One game, ``test`` against ``base`` (sides alternated by the game's parity): the
    test side's share of the win, its decision times, deals, deals on an exhausted stock."""
    test, base, seed, options = args
    side = seed % 2
    timed = [Timed(make(test, seed * 10 + s, options)) for s in range(4)]
    bots: list[pr.Bot] = [
        timed[s] if s % 2 == side else make(base, seed * 10 + s, options) for s in range(4)
    ]
    end = pr.play_game(pr.new_game(VARIANT, seed=seed), bots)
    assert end.outcome is not None
    winners = end.outcome.winners
    won = 1 / len(winners) if side in winners else 0.0
    times = [t for bot in timed for t in bot.times]
    cpu = [t for bot in timed for t in bot.cpu]
    exhausted = sum(r.ended_by is not DealEnd.OUT for r in end.results)
    return won, times, len(end.results), exhausted, cpu


def paired_deal(args: tuple[int, int, dict[str, object]]) -> tuple[float, list[float]]:
    """One proxy deal (see the module): SearchBot's side's penalty less GreedyBot's, the
    mean of the two seatings, and SearchBot's decision times."""
    seed, deal, options = args
    greedy = pr.GreedyBot()
    next_deal = pr.NextDeal()

    def until_deal(state: pr.GameState) -> pr.Move | None:
        if state.phase is pr.Phase.BETWEEN_DEALS:
            return next_deal
        if state.deal_number == deal:
            return None
        seat = state.current_player
        assert seat is not None
        return greedy.choose(pr.view(state, seat))

    start = pr.drive(pr.new_game(VARIANT, seed=seed), until_deal)
    diffs: list[float] = []
    times: list[float] = []
    for side in (0, 1):
        timed = [Timed(make("search", seed * 10 + s, options)) for s in range(4)]
        bots: list[pr.Bot] = [timed[s] if s % 2 == side else greedy for s in range(4)]
        state = start
        while state.phase in DEAL_PHASES:
            seat = state.current_player
            assert seat is not None
            state = pr.apply_move(state, bots[seat].choose(pr.view(state, seat)))
        penalties = state.results[-1].penalties
        diffs.append(penalties[side] - penalties[1 - side])
        times.extend(t for bot in timed for t in bot.cpu)
    return statistics.fmean(diffs), times


def deal_summary(results: Sequence[object]) -> str:
    """The mean paired-deal score (± its standard error) over ``results`` (of :func:`paired_deal`)."""
    scores = [r[0] for r in results]  # type: ignore[index]
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else float("nan")
    times = sorted(t for r in results for t in r[1])  # type: ignore[index]
    text = f"search side - greedy side: {mean:+.2f} ± {error:.2f} points a deal"
    if times:
        p90 = times[int(0.9 * (len(times) - 1))]
        text += (
            f"; decisions {len(times)}, CPU median {1000 * statistics.median(times):.1f} ms, "
            f"90th percentile {1000 * p90:.1f} ms"
        )
    return text


def paired_deals(deals: int, seed: int, workers: int) -> None:
    started = time.perf_counter()
    jobs = [(seed + i, 1 + i % 5, dict(SEARCH)) for i in range(deals)]
    results = run(paired_deal, jobs, workers, progress=deal_summary)
    print(f"paired deals: {deals} (seeds {seed}..{seed + deals - 1}), SearchBot {SEARCH}")
    print(f"  {deal_summary(results).replace('; ', chr(10) + '  ')}")
    print(f"  ({time.perf_counter() - started:.0f} s)")
    print(f"  scores: {' '.join(f'{r[0]:g}' for r in results)}")  # type: ignore[index]


def table(args: tuple[str, int]) -> tuple[int, int, list[int]]:
    """One game with one kind of greedy bot at every seat: deals, deals on an exhausted
    stock, and per deal the most times one card was discarded."""
    kind, seed = args
    bot: Callable[[], pr.Bot] = OldGreedyBot if kind == "old" else pr.GreedyBot
    end = pr.play_game(pr.new_game(VARIANT, seed=seed), [bot() for _ in range(4)])
    exhausted = sum(r.ended_by is not DealEnd.OUT for r in end.results)
    most: list[int] = []
    counts: collections.Counter[pr.Card] = collections.Counter()
    for event in end.log.events:
        if isinstance(event, DealStarted) and counts:
            most.append(max(counts.values()))
            counts = collections.Counter()
        elif isinstance(event, Discarded):
            counts[event.card] += 1
    if counts:
        most.append(max(counts.values()))
    return len(end.results), exhausted, most


def run(
    function: Callable[..., object],
    jobs: Sequence[object],
    workers: int,
    progress: Callable[[list[object]], str] | None = None,
) -> list[object]:
    """``function`` over ``jobs`` (in ``workers`` processes); with ``progress``, what it says
    of the results so far is printed on stderr after each one (so that a long run stopped
    early still reports)."""
    results: list[object] = []
    with ProcessPoolExecutor(workers) if workers > 1 else _Inline() as pool:
        for result in pool.map(function, jobs):
            results.append(result)
            if progress is not None:
                print(f"{len(results)}/{len(jobs)}: {progress(results)}", file=sys.stderr)
    return results


class _Inline:
    """A stand-in for a process pool that runs the jobs in this process."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *args: object) -> None:
        return None

    def map(self, function: Callable[..., object], jobs: Sequence[object]) -> Iterator[object]:
        return (function(job) for job in jobs)


def summary(results: Sequence[object]) -> str:
    """The test side's wins and decision times over the games in ``results`` (of :func:`match`)."""
    games = len(results)
    shares = [r[0] for r in results]  # type: ignore[index]
    won = sum(shares)
    error = statistics.stdev(shares) / games**0.5 if games > 1 else float("nan")
    times = sorted(t for r in results for t in r[1])  # type: ignore[index]
    cpu = sorted(t for r in results for t in r[4])  # type: ignore[index]
    text = f"the tested side won {won:g} of {games} = {100 * won / games:.1f}% ± {100 * error:.1f}"
    if times:
        p90 = times[int(0.9 * (len(times) - 1))]
        text += (
            f"; its decisions: {len(times)}, median {1000 * statistics.median(times):.1f} ms, "
            f"90th percentile {1000 * p90:.1f} ms, mean {1000 * statistics.fmean(times):.1f} ms"
        )
        cpu90 = cpu[int(0.9 * (len(cpu) - 1))]
        text += (
            f"; CPU time: median {1000 * statistics.median(cpu):.1f} ms, "
            f"90th percentile {1000 * cpu90:.1f} ms"
        )
    return text


def head_to_head(
    test: str,
    base: str,
    games: int,
    seed: int,
    workers: int,
) -> None:
    started = time.perf_counter()
    jobs = [(test, base, seed + i, dict(SEARCH)) for i in range(games)]
    results = run(match, jobs, workers, progress=summary if test == "search" else None)
    print(f"{test} vs {base}: {games} games (seeds {seed}..{seed + games - 1}, sides alternated)")
    if test == "search":
        print(f"  {pr.SearchBot(0, **SEARCH)!r} (seeded per game and seat)")  # type: ignore[arg-type]
    print(f"  {summary(results).replace('; ', chr(10) + '  ')}")
    print(f"  ({time.perf_counter() - started:.0f} s)")
    # Every game's result, in seed order, so that runs can be checked and pooled game by game.
    print(f"  shares: {' '.join(f'{r[0]:g}' for r in results)}")  # type: ignore[index]


def exhaustion(games: int, seed: int, workers: int) -> None:
    for kind in ("old", "new"):
        results = run(table, [(kind, seed + i) for i in range(games)], workers)
        deals = sum(r[0] for r in results)  # type: ignore[index]
        exhausted = sum(r[1] for r in results)  # type: ignore[index]
        most = [m for r in results for m in r[2]]  # type: ignore[index]
        print(
            f"all-{kind}-greedy tables: {games} games, {deals} deals, "
            f"{100 * exhausted / deals:.1f}% ended on an exhausted stock; "
            f"the card discarded most often in a deal: {statistics.fmean(most):.1f} times "
            f"on average, {max(most)} at most"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="greedy games per report")
    parser.add_argument("--search-games", type=int, default=400, help="search games")
    parser.add_argument("--playouts", type=int, default=None, help="SearchBot's playouts")
    parser.add_argument(
        "--horizon", type=int, default=None, help="SearchBot's horizon (turns; 0: none)"
    )
    parser.add_argument("--margin", type=float, default=None, help="SearchBot's margin")
    parser.add_argument(
        "--min-playouts", type=int, default=None, help="SearchBot's min_playouts (0: none)"
    )
    parser.add_argument("--discards", type=int, default=None, help="SearchBot's discards")
    parser.add_argument("--evaluation", default=None, help="SearchBot's evaluation at the horizon")
    parser.add_argument("--deals", type=int, default=0, help="paired deals (the proxy)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few games each")
    args = parser.parse_args(argv)
    games = 6 if args.quick else args.games
    search_games = 2 if args.quick else args.search_games
    print(f"pushrummy {pr.__version__}, PUSH, 4 players, max_turns_per_deal=200")
    # SearchBot's options given on the command line (the others are its defaults).
    for name in ("playouts", "horizon", "margin", "discards", "min_playouts", "evaluation"):
        if getattr(args, name) is not None:
            SEARCH[name] = getattr(args, name)
    for name in ("horizon", "min_playouts"):
        if SEARCH.get(name) == 0:
            SEARCH[name] = None
    if args.deals:
        paired_deals(args.deals, args.seed, args.workers)
    if games:
        head_to_head("greedy", "old", games, args.seed, args.workers)
        exhaustion(games, args.seed, args.workers)
    if search_games:
        head_to_head("search", "greedy", search_games, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
