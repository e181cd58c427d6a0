"""All-out benchmark: four GreedyBots in Liverpool's last deal, and the all-out search.

Usage::

    python benchmarks/all_out.py                    # 200 deals, 2,000 hands
    python benchmarks/all_out.py --deals 50 --hands 500 --seed 1000

Two reports:

* **deals**: deal ``i`` is Liverpool's last deal (three runs of 4, laid down all out,
  [out.all_out]) alone — the variant ``LIVERPOOL`` with only its last :class:`DealSpec` —
  dealt from seed ``seed + i`` to four GreedyBots and played to its end: the share of deals
  ending by a player going out (the rest end at the turn limit, ``max_turns_per_deal``),
  the median and 90th percentile of the deal's turns, and the median and 90th percentile
  CPU time of a decision (``time.process_time``, every decision asked of a bot) and of the
  view it was made from (:func:`~pushrummy.views.view` lists the legal moves: in an all-out
  deal, the all-out search).
* **search**: hands of 12 or 13 cards of a Liverpool deck with 0 to 4 jokers, drawn at
  random or around three runs, and (a tenth as many) hoards of 20 to 45 (hand ``i``
  from ``random.Random(seed + i)``): the CPU time of
  :func:`~pushrummy.contracts.all_out_ways` and of
  :func:`~pushrummy.contracts.can_complete_all_out` (the hands differ: no memo hit), median, 99th
  percentile and maximum, by number of wilds.

It reports; it never asserts (timings depend on the machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

import pushrummy as pr
from pushrummy.contracts import all_out_ways, can_complete_all_out
from pushrummy.melds import position_rank

LAST = pr.LIVERPOOL.replace(name="liverpool-last-deal", deals=(pr.LIVERPOOL.deals[-1],))
"""Liverpool's last deal alone: three runs of 4, all out."""


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_deal(seed: int, bots: Sequence[pr.Bot]) -> tuple[bool, int, list[float], list[float]]:
    """Whether someone went out, the deal's turns, and the CPU time of each decision and of
    each view the decision was made from (the view lists the legal moves)."""
    state = pr.new_game(LAST, seed=seed, players=4)
    times: list[float] = []
    views: list[float] = []
    while state.phase is not pr.Phase.GAME_OVER:
        seat = state.current_player
        assert seat is not None
        start = time.process_time()
        me = pr.view(state, seat)
        middle = time.process_time()
        move = bots[seat].choose(me)
        times.append(time.process_time() - middle)
        views.append(middle - start)
        state = pr.apply_move(state, move)
    result = state.results[-1]
    return result.went_out is not None, state.turn, times, views


def deals_report(count: int, seed: int) -> None:
    bots = [pr.GreedyBot() for _ in range(4)]
    out = 0
    turns: list[int] = []
    times: list[float] = []
    views: list[float] = []
    for i in range(count):
        went, turn, decisions, listings = play_deal(seed + i, bots)
        out += went
        turns.append(turn)
        times.extend(decisions)
        views.extend(listings)
    print(
        f"deals: {count} (seeds {seed}..{seed + count - 1}), 4 GreedyBots, "
        f"turn limit {LAST.max_turns_per_deal}"
    )
    print(f"  went out: {out}/{count} = {out / count:.0%}; turn limit: {count - out}")
    print(f"  turns: median {statistics.median(turns):.0f}, p90 {quantile(turns, 0.9):.0f}")
    print(
        f"  decision CPU: median {statistics.median(times) * 1e3:.2f} ms, "
        f"p90 {quantile(times, 0.9) * 1e3:.2f} ms, max {max(times) * 1e3:.1f} ms "
        f"({len(times)} decisions)"
    )
    print(
        f"  view CPU (legal moves listed): median {statistics.median(views) * 1e3:.2f} ms, "
        f"p90 {quantile(views, 0.9) * 1e3:.2f} ms, max {max(views) * 1e3:.1f} ms"
    )


def big_hand(rng: random.Random) -> tuple[pr.Card, ...]:
    """A hoard: the hands of 20 to 45 cards a player who buys every upcard gathers (GreedyBot
    did, before its all-out strategy): three suits, a stretch of 6 to 13 places in each, every
    card of it and its second copy half the time, with 0 to 4 jokers."""
    cards: list[pr.Card] = [pr.parse_card("JK")] * rng.randint(0, 4)
    for suit in rng.sample(list(pr.Suit), 3):
        length = rng.randint(6, 13)
        start = rng.randint(1, 15 - length)
        for p in range(start, start + length):
            card = pr.Card(position_rank(p), suit)
            cards += [card, card] if rng.random() < 0.5 else [card]
    return tuple(cards)


def random_hand(rng: random.Random, near: bool) -> tuple[pr.Card, ...]:
    """12 or 13 cards with 0 to 4 jokers: drawn from the two packs' naturals, or (``near``)
    around three runs (three runs of 4 or 5 of three suits, cut to the size, the jokers in
    place of some of their cards, a random natural added for a 13th card), the hands the
    search works hardest on."""
    jokers = rng.randint(0, 4)
    size = rng.choice((12, 13))
    naturals = [card for card in pr.LIVERPOOL.deck(4) if not card.is_joker]
    joker = pr.parse_card("JK")
    if not near:
        return (*rng.sample(naturals, size - jokers), *[joker] * jokers)
    cards: list[pr.Card] = []
    for suit in rng.sample(list(pr.Suit), 3):
        length = rng.choice((4, 4, 5))
        start = rng.randint(1, 15 - length)  # positions: 1 = ace low .. 14 = ace high
        cards += [pr.Card(position_rank(p), suit) for p in range(start, start + length)]
    rng.shuffle(cards)
    cards = [*cards[: size - 1], rng.choice(naturals)]
    cards[:jokers] = [joker] * jokers
    return tuple(cards[:size])


def search_report(count: int, seed: int) -> None:
    for kind in ("random", "near three runs", "big"):
        search_times(count if kind != "big" else max(1, count // 10), seed, kind)


def search_times(count: int, seed: int, kind: str) -> None:
    contract = LAST.deals[-1].contract
    by_wilds: dict[int, tuple[list[float], list[float]]] = {}
    found = 0
    for i in range(count):
        rng = random.Random(seed + i)
        hand = big_hand(rng) if kind == "big" else random_hand(rng, kind != "random")
        wilds = sum(card.is_joker for card in hand)
        ways_times, can_times = by_wilds.setdefault(wilds, ([], []))
        # can_complete_all_out first: it reads all_out_ways' memo but does not fill it
        start = time.process_time()
        can = can_complete_all_out(hand, contract, LAST)
        can_times.append(time.process_time() - start)
        start = time.process_time()
        ways = all_out_ways(hand, contract, LAST)
        ways_times.append(time.process_time() - start)
        assert can == bool(ways)
        found += can
    sizes = "20-45" if kind == "big" else "12-13"
    print(f"search: {count} hands of {sizes} cards, {kind} (seeds {seed}..), {found} all out")
    for wilds in sorted(by_wilds):
        ways_times, can_times = by_wilds[wilds]
        print(
            f"  {wilds} wilds ({len(ways_times)} hands): all_out_ways "
            f"{summary(ways_times)}; can_complete_all_out {summary(can_times)}"
        )
    every = [t for w in by_wilds.values() for t in w[0]]
    print(f"  all: all_out_ways {summary(every)}")


def summary(times: Sequence[float]) -> str:
    return (
        f"median {statistics.median(times) * 1e3:.2f} ms, "
        f"p99 {quantile(times, 0.99) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.deals:
        deals_report(args.deals, args.seed)
    if args.hands:
        search_report(args.hands, args.seed)


if __name__ == "__main__":
    main()
