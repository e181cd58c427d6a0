"""Benchmark of the contract search: can_meet_contract and contract_options.

Run from the repository root, either way (``benchmarks`` has no ``__init__.py`` on purpose:
``python -m`` then imports it as a namespace package)::

    python benchmarks/contracts.py            # full run, about a minute or two
    python benchmarks/contracts.py --quick    # a smaller run, a few seconds
    python -m benchmarks.contracts --quick

Hand sets (fixed seeds, so every run times the same hands):

* ``uniform``: 10 cards drawn from the 108-card deck;
* ``dense``: 8-10 naturals from 2 suits x 5 consecutive ranks (both copies) and 0-2 wilds;
* ``wild4-10``: 4 to 10 wilds, naturals up to 10 cards;
* ``big``: 14 to 16 cards drawn from the deck.

Each hand is timed with ``time.perf_counter_ns``: the mean per call over repeated calls,
best of three rounds (so that the OS preempting the process does not count); the table
shows the median, 95th percentile and maximum of those per-hand times in microseconds,
for every distinct contract of PUSH and CAP_IT, plus how many ways ``contract_options``
found (mean / max). The garbage collector is paused while timing so that its pauses do
not land on whichever call happens to trigger them.

``contract_options`` lists every way, and wild-heavy hands have a great many (every
wild is a distinct card in every role it can take), so it is timed on the first hands
of ``wild4-10`` that hold at most ``--max-option-wilds`` wilds (5 by default); the
``growth`` table shows how the number of ways explodes beyond that.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from pushrummy import CAP_IT, PUSH, Card, Contract, can_meet_contract, contract_options
from pushrummy.cards import ALL_CARDS, make_deck

DECK = make_deck(2)
WILDS = [card for card in DECK if card.is_wild]
NATURALS = [card for card in DECK if not card.is_wild]

Hand = tuple[Card, ...]


def contracts() -> list[Contract]:
    """Every distinct contract of PUSH and CAP_IT, in deal order."""
    seen: dict[str, Contract] = {}
    for variant in (PUSH, CAP_IT):
        for deal in variant.deals:
            seen.setdefault(str(deal.contract), deal.contract)
    return list(seen.values())


def uniform_hands(rng: random.Random, count: int) -> list[Hand]:
    return [tuple(rng.sample(DECK, 10)) for _ in range(count)]


def dense_hands(rng: random.Random, count: int) -> list[Hand]:
    hands = []
    for _ in range(count):
        suits = rng.sample(range(4), 2)
        low = rng.randint(3, 9)  # 5 ranks from low, no twos (they are wild)
        pool = [ALL_CARDS[suit * 13 + rank - 1] for suit in suits for rank in range(low, low + 5)]
        wilds = rng.randint(0, 2)
        hand = rng.sample(pool * 2, rng.randint(8, 10) - wilds) + rng.sample(WILDS, wilds)
        hands.append(tuple(hand))
    return hands


def wild_heavy_hands(rng: random.Random, count: int) -> list[Hand]:
    hands = []
    for _ in range(count):
        wilds = rng.randint(4, 10)
        hands.append(tuple(rng.sample(WILDS, wilds) + rng.sample(NATURALS, 10 - wilds)))
    return hands


def big_hands(rng: random.Random, count: int) -> list[Hand]:
    return [tuple(rng.sample(DECK, rng.randint(14, 16))) for _ in range(count)]


def per_call_us(call: Callable[[], object], min_ns: int, rounds: int = 3) -> float:
    """The time of one call: the mean over repeats lasting ``min_ns`` (at least one call),
    the best of ``rounds`` such rounds, so that a round the OS preempted does not count."""
    best = float("inf")
    for _ in range(rounds):
        repeats = 0
        start = time.perf_counter_ns()
        elapsed = 0
        while repeats == 0 or elapsed < min_ns:
            call()
            repeats += 1
            elapsed = time.perf_counter_ns() - start
        best = min(best, elapsed / repeats / 1000)
    return best


def summary(times: Sequence[float]) -> str:
    if not times:
        return f"{'-':>7} {'-':>7} {'-':>8}"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.median(ordered):7.1f} {p95:7.1f} {ordered[-1]:8.1f}"


def bind(
    function: Callable[[Hand, Contract], object], hand: Hand, contract: Contract
) -> Callable[[], object]:
    def call() -> object:
        return function(hand, contract)

    return call


def bench_set(
    name: str, hands: list[Hand], option_hands: list[Hand], contract: Contract, min_ns: int
) -> tuple[str, float, float]:
    met = sum(can_meet_contract(hand, contract) for hand in hands)
    gc.collect()
    gc.disable()
    try:
        meet_times = [per_call_us(bind(can_meet_contract, h, contract), min_ns) for h in hands]
        option_times = []
        ways = []
        for hand in option_hands:
            ways.append(len(contract_options(hand, contract)))
            option_times.append(per_call_us(bind(contract_options, hand, contract), min_ns))
    finally:
        gc.enable()
    way_text = f"{statistics.mean(ways):8.1f} {max(ways):6d}" if ways else f"{'-':>8} {'-':>6}"
    line = (
        f"{name:9} {contract!s:24} {100 * met / len(hands):5.1f}%  {summary(meet_times)}   "
        f"{summary(option_times)}   {way_text}"
    )
    return line, max(meet_times), max(option_times, default=0.0)


def growth(max_wilds: int) -> None:
    """Ways and time of contract_options as wilds replace the naturals of one hand."""
    print("\ngrowth: contract_options on 10-card hands, k wilds + 10-k fixed naturals")
    base = [card for card in NATURALS if card.rank is not None and card.rank.value in (5, 6, 7)]
    rng = random.Random(7)
    naturals = rng.sample(base, 10)
    wilds = rng.sample(WILDS, 10)
    print(f"{'wilds':>5}  {'contract':24} {'ways':>8} {'ms':>9}")
    for k in range(3, max_wilds + 1):
        hand = tuple(wilds[:k] + naturals[: 10 - k])
        for contract in (PUSH.deals[0].contract, PUSH.deals[1].contract):
            start = time.perf_counter_ns()
            count = len(contract_options(hand, contract))
            ms = (time.perf_counter_ns() - start) / 1e6
            print(f"{k:5d}  {contract!s:24} {count:8d} {ms:9.1f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands, shorter timings")
    parser.add_argument("--max-option-wilds", type=int, default=5, metavar="N")
    args = parser.parse_args(argv)
    count, option_count, min_ns = (150, 40, 20_000) if args.quick else (1000, 150, 30_000)
    sets = {
        "uniform": uniform_hands(random.Random(1), count),
        "dense": dense_hands(random.Random(2), count),
        "wild4-10": wild_heavy_hands(random.Random(3), count),
        "big": big_hands(random.Random(4), count),
    }
    print(f"python {sys.version.split()[0]}; {count} hands per set, {option_count} for options")
    print(f"{'':9} {'':24} {'':6}  {'can_meet_contract (us)':>24}   {'contract_options (us)':>24}")
    print(
        f"{'set':9} {'contract':24} {'met':>6}  {'median':>7} {'p95':>7} {'max':>8}   "
        f"{'median':>7} {'p95':>7} {'max':>8}   {'ways':>8} {'max':>6}"
    )
    worst_meet = worst_options = 0.0
    for name, hands in sets.items():
        option_hands = [h for h in hands if sum(c.is_wild for c in h) <= args.max_option_wilds]
        for contract in contracts():
            line, meet, options = bench_set(
                name, hands, option_hands[:option_count], contract, min_ns
            )
            print(line, flush=True)
            worst_meet, worst_options = max(worst_meet, meet), max(worst_options, options)
    print(
        f"\nslowest hand: can_meet_contract {worst_meet:.1f} us, contract_options {worst_options:.1f} us"
    )
    growth(7 if not args.quick else 6)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
