"""Move-list sizes and listing times: the budget of DESIGN.md §3, "Move lists stay small".

Usage::

    python benchmarks/movelists.py             # the full run (300 games per group)
    python benchmarks/movelists.py --quick     # a smoke run

Four groups of positions, and for every decision of the player to move: the number of
legal moves, the time of ``legal_moves`` and the size of the player's view as JSON
(``to_json(view(state, seat))``, what a server sends).

1. **greedy** — games between :class:`~pushrummy.GreedyBot` players: PUSH, CAP_IT 4p and
   6p and PUSH with ``wild_exchange=any_in_runs``. Budget: ≤ 2,000 moves, ≤ 50 ms,
   ≤ 500 KB.
2. **five wilds** — hand-built positions before the contract: 15-16 cards holding all five
   different wilds (2C 2D 2H 2S JK), as pushes make them, every deal's contract. Budget:
   ≤ 5,000 moves, ≤ 100 ms.
3. **random** — games between :class:`~pushrummy.RandomBot` players (hands grow large).
4. **pushed** — games in which one seat receives every push (its right-hand neighbour
   always pushes, it always takes the upcard), legal play under PUSH's defaults: its hand
   grows by two cards a round, past 40. Once as a seat that never lays down (lay-down
   steps on a huge hand), once as a seat that lays down at once (new melds on a huge hand).
   Budget for 3 and 4: no cross product — ≤ 20,000 moves, ≤ 200 ms, ≤ 2 MB views, and time
   in proportion to the moves listed (µs per move is reported for the largest lists).
5. **huge** — hand-built positions before the contract: 61 cards of which 10 wild (what a
   seat fed by pushes reaches), every deal of PUSH and of CAP_IT (4 players) and of
   CONTRACT_RUMMY (5 players), a few hands
   each, and after each the fillings of its three shapes with the most wild places
   ([contract.wilds]). Same budget as 3 and 4.
6. **k runs** — a custom contract of k runs of 3 (k = 1 .. 11; CAP_IT with three packs for
   4 players, 3k cards dealt), a hand of k runs of 4 in random places plus two wilds: the
   listing must not grow exponentially in k. Same budget.

Times are wall-clock on a shared machine: compare runs made in the same minutes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import attrs

import pushrummy as pr

Position = tuple[str, pr.GameState]


@dataclass
class Group:
    """What one group of positions measured."""

    name: str
    budget: tuple[int, float, int]
    """Most moves, most ms per ``legal_moves``, most view bytes."""
    positions: int = 0
    most_moves: tuple[int, str] = (0, "")
    slowest_ms: tuple[float, str] = (0.0, "")
    largest_view: tuple[int, str] = (0, "")
    per_move_us: list[float] = field(default_factory=list)
    """µs per listed move, for lists of 1,000 moves or more."""

    def measure(self, where: str, state: pr.GameState, views: bool) -> tuple[pr.Move, ...]:
        seat = state.current_player
        assert seat is not None
        start = time.perf_counter()
        moves = pr.legal_moves(state)
        ms = (time.perf_counter() - start) * 1e3
        hand = state.hands[seat]
        what = (
            f"{where}, deal {state.deal_number} {state.phase.value}: {len(hand)} cards "
            f"({sum(c.is_wild for c in hand)} wild), {len(moves)} moves"
        )
        self.positions += 1
        if len(moves) > self.most_moves[0]:
            self.most_moves = (len(moves), what)
        if ms > self.slowest_ms[0]:
            self.slowest_ms = (ms, what)
        if len(moves) >= 1000:
            self.per_move_us.append(ms * 1e3 / len(moves))
        if views:
            size = len(pr.to_json(pr.view(state, seat)).encode())
            if size > self.largest_view[0]:
                self.largest_view = (size, what)
        return moves

    def report(self) -> None:
        most, ms, kb = self.budget
        print(f"\n{self.name}: {self.positions:,} positions")
        flag = "ok" if self.most_moves[0] <= most else "OVER"
        print(
            f"  most moves    {self.most_moves[0]:>9,}  (budget {most:,}: {flag})  {self.most_moves[1]}"
        )
        flag = "ok" if self.slowest_ms[0] <= ms else "OVER"
        print(
            f"  slowest       {self.slowest_ms[0]:>9.1f} ms  (budget {ms:g}: {flag})  {self.slowest_ms[1]}"
        )
        if self.largest_view[0]:
            flag = "ok" if self.largest_view[0] <= kb * 1000 else "OVER"
            print(
                f"  largest view  {self.largest_view[0] / 1000:>9,.0f} KB  (budget {kb:,}: {flag})"
                f"  {self.largest_view[1]}"
            )
        if self.per_move_us:
            values = sorted(self.per_move_us)
            print(
                f"  µs per listed move in lists of 1,000+: median {values[len(values) // 2]:.1f},"
                f" max {values[-1]:.1f} (n={len(values)})"
            )


def play(
    state: pr.GameState,
    choose: Callable[[pr.GameState, tuple[pr.Move, ...]], pr.Move],
    group: Group,
    where: str,
    views: bool,
    watch: Callable[[pr.GameState], Group | None] | None = None,
    stop: Callable[[pr.GameState], bool] | None = None,
) -> None:
    """Play a game to its end, measuring every decision in ``group``, or in the group
    ``watch`` names for it (``None``: not measured); ``stop`` ends the game early."""
    if watch is None:
        watch = lambda state: group  # noqa: E731
    while not state.is_over:
        if stop is not None and stop(state):
            return
        if state.current_player is None:
            state = pr.apply_move(state, pr.NextDeal())
            continue
        target = watch(state)
        moves = target.measure(where, state, views) if target else pr.legal_moves(state)
        state = pr.apply_move(state, choose(state, moves))


def greedy_choice(state: pr.GameState, moves: tuple[pr.Move, ...]) -> pr.Move:
    seat = state.current_player
    assert seat is not None
    return pr.GreedyBot().choose(pr.view(state, seat))


def greedy_games(games: int, views: bool) -> Group:
    group = Group(
        "greedy games (PUSH, CAP_IT 4p, 6p, PUSH + wild exchange, CONTRACT_RUMMY 3p, 8p)",
        (2000, 50, 500),
    )
    tables = [
        ("PUSH", pr.PUSH, 4),
        ("CAP_IT 4p", pr.CAP_IT, 4),
        ("CAP_IT 6p", pr.CAP_IT, 6),
        ("PUSH any_in_runs", pr.PUSH.replace(wild_exchange=pr.WildExchange.ANY_IN_RUNS), 4),
        ("CONTRACT_RUMMY 3p", pr.CONTRACT_RUMMY, 3),
        ("CONTRACT_RUMMY 8p", pr.CONTRACT_RUMMY, 8),
    ]
    for index in range(games):
        name, variant, players = tables[index % len(tables)]
        limited = variant.replace(max_turns_per_deal=200)
        state = pr.new_game(limited, seed=index, players=players)
        play(state, greedy_choice, group, f"{name} seed {index}", views)
    return group


NATURALS = [card for card in pr.make_deck(2) if not card.is_wild]
FIVE_WILDS = pr.parse_cards("2C 2D 2H 2S JK")


def five_wild_positions(count: int) -> Iterator[Position]:
    """15-16-card hands with all five different wilds, before the contract (deals 1-5)."""
    rng = random.Random(5)
    for index in range(count):
        deal_number = index % 5 + 1
        state = pr.new_game(pr.PUSH, seed=index)
        size = rng.randint(15, 16)
        pool = list(NATURALS)
        rng.shuffle(pool)
        hand = tuple(sorted([*pool[: size - 5], *FIVE_WILDS]))
        yield f"five wilds #{index}", _with_hand(state, deal_number, hand)


def _with_hand(state: pr.GameState, deal_number: int, hand: tuple[pr.Card, ...]) -> pr.GameState:
    """A PLAY position of ``deal_number`` whose current player holds ``hand``; the rest of the
    deck is dealt to the other seats (8 cards each) and the stock, so the deck stays whole."""
    seat = state.current_player
    assert seat is not None
    deck = list(state.variant.deck(state.players))
    for card in hand:
        deck.remove(card)
    random.Random(deal_number).shuffle(deck)
    hands = []
    for other in range(state.players):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(deck[:8])))
            del deck[:8]
    return attrs.evolve(
        state,
        deal_number=deal_number,
        phase=pr.Phase.PLAY,
        hands=tuple(hands),
        stock=tuple(deck),
        upcard=None,
    )


HOUSE_RULES: dict[str, dict[str, object]] = {
    "default": {},
    "no_same_turn": {"same_turn_after_contract": False},  # steps listed at every size
    "at_most_naturals": {"wild_limit": pr.WildLimit.AT_MOST_NATURALS},
    "must_discard": {"must_discard_to_go_out": True},
}
"""House rules the 61-card positions can be played under (``--house``)."""


def huge_positions(hands_per_deal: int, house: str = "default") -> Iterator[Position]:
    """61-card hands holding 10 wilds, before the contract, every deal of PUSH and CAP_IT (4
    players) and of CONTRACT_RUMMY (5 players: three packs and two jokers)."""
    changes = HOUSE_RULES[house]
    for name, preset, players in (
        ("PUSH", pr.PUSH, 4),
        ("CAP_IT", pr.CAP_IT, 4),
        ("CONTRACT_RUMMY", pr.CONTRACT_RUMMY, 5),
    ):
        variant = preset.replace(**changes) if changes else preset
        wilds = [card for card in variant.deck(players) if card.is_wild]
        for deal_number in range(1, len(variant.deals) + 1):
            for index in range(hands_per_deal):
                rng = random.Random(1000 * deal_number + index)
                pool = list(NATURALS)
                rng.shuffle(pool)
                hand = tuple(sorted([*pool[:51], *rng.sample(wilds, 10)]))
                state = pr.new_game(variant, seed=index, players=players)
                yield f"{name} 61 cards #{index}", _with_hand(state, deal_number, hand)


def k_runs_positions(most: int) -> Iterator[Position]:
    """A contract of k runs of 3 (k = 1 .. ``most``) and a hand of k runs of 4 plus 2 wilds."""
    naturals = [card for card in pr.make_deck(3) if not card.is_wild]
    for k in range(1, most + 1):
        contract = pr.Contract.parse(f"{k} run{'s' if k > 1 else ''} of 3")
        variant = pr.CAP_IT.replace(
            name=f"{k} runs of 3",
            packs_for_players=((4, 3),),
            deals=(pr.DealSpec(max(3 * k, 10), contract),),
        )
        rng = random.Random(k)
        pool = list(naturals)
        hand: list[pr.Card] = []
        for _ in range(k):
            suit = rng.choice(list(pr.Suit))
            start = rng.randint(3, 10)
            run = [pr.Card(pr.Rank(rank), suit) for rank in range(start, start + 4)]
            if all(run.count(card) <= pool.count(card) for card in run):
                for card in run:
                    pool.remove(card)
                hand += run
        hand += pr.parse_cards("2C JK")
        state = pr.new_game(variant, seed=k, players=4)
        yield f"{k} runs of 3, {len(hand)} cards", _with_hand(state, 1, tuple(sorted(hand)))


def random_games(games: int, views: bool) -> Group:
    group = Group("random games (PUSH, CAP_IT 4p, 6p, CONTRACT_RUMMY 3p, 8p)", (20000, 200, 2000))
    tables = [
        ("PUSH", pr.PUSH, 4),
        ("CAP_IT 4p", pr.CAP_IT, 4),
        ("CAP_IT 6p", pr.CAP_IT, 6),
        ("CONTRACT_RUMMY 3p", pr.CONTRACT_RUMMY, 3),
        ("CONTRACT_RUMMY 8p", pr.CONTRACT_RUMMY, 8),
    ]
    for index in range(games):
        name, variant, players = tables[index % len(tables)]
        state = pr.new_game(variant.replace(max_turns_per_deal=400), seed=index, players=players)
        pick = random.Random(index).choice
        play(state, lambda s, moves, pick=pick: pick(moves), group, f"{name} seed {index}", views)
    return group


def pushed_games(games: int, views: bool, lay_down: bool) -> tuple[Group, Group]:
    """Seat 1 receives every push: seat 0 always pushes, seat 1 always takes the upcard.

    Two groups: the receiver's positions with 34-47 cards and at most five wilds (the
    hands the budget is set for), and all the others (smaller hands, up to 50 cards, or
    more wilds: reported, for the record). A game stops once the receiver holds more
    than 50 cards."""
    how = "lays down at once" if lay_down else "never lays down"
    budgeted = Group(
        f"pushed hands of 34-47 cards, <= 5 wilds (receiver {how})", (20000, 200, 2000)
    )
    others = Group(f"pushed hands, all other sizes (receiver {how})", (20000, 200, 2000))

    def watch(state: pr.GameState) -> Group | None:
        if state.current_player != 1 or state.phase is pr.Phase.DRAW:
            return None
        hand = state.hands[1]
        if 34 <= len(hand) <= 47 and sum(card.is_wild for card in hand) <= 5:
            return budgeted
        return others

    for index in range(games):
        state = pr.new_game(pr.PUSH, seed=index, dealer=3)
        play(
            state,
            _receiver_policy(random.Random(index), lay_down),
            budgeted,
            f"pushed seed {index}",
            views,
            watch,
            stop=lambda state: len(state.hands[1]) > 50,  # far past 47: enough
        )
    return budgeted, others


def _receiver_policy(
    rng: random.Random, lay_down: bool
) -> Callable[[pr.GameState, tuple[pr.Move, ...]], pr.Move]:
    def choose(state: pr.GameState, moves: tuple[pr.Move, ...]) -> pr.Move:
        seat = state.current_player
        assert seat is not None
        kinds = {type(m) for m in moves}
        if seat == 0 and pr.Push in kinds:
            return pr.Push(0)
        if seat == 1:
            if pr.Take in kinds:
                return pr.Take(1)
            steps = [m for m in moves if isinstance(m, pr.LayDown)]
            if lay_down and steps:
                return steps[0]
        if pr.Take in kinds:
            return pr.Take(seat) if rng.random() < 0.5 else rng.choice(moves)
        discards = [m for m in moves if isinstance(m, pr.Discard)]
        return rng.choice(discards or list(moves))

    return choose


def huge_groups(
    hands_per_deal: int, most_runs: int, views: bool, house: str = "default", deals: str = ""
) -> list[Group]:
    """Groups 5 and 6, each position on its own line as well (they are few)."""
    budget = (20000, 200, 2000)
    groups = []
    for name in ("PUSH", "CAP_IT", "CONTRACT_RUMMY"):
        groups.append(Group(f"huge: 61 cards, 10 wilds, {name}, every deal ({house})", budget))
    runs = Group("k runs of 3, k = 1 ..", budget)
    for where, state in huge_positions(hands_per_deal, house):
        if deals and str(state.deal_number) not in deals.split(","):
            continue
        group = groups[("PUSH", "CAP_IT", "CONTRACT_RUMMY").index(where.split()[0])]
        moves = _measure_loudly(group, where, state, views)
        # The fillings ([contract.wilds]) of the shapes with the most wild places.
        shapes = [move for move in moves if isinstance(move, pr.LayDownShape)]
        shapes.sort(key=lambda move: -move.shape.wild_places)
        for shape in shapes[:3]:
            filling = pr.apply_move(state, shape)
            _measure_loudly(group, f"{where} after shape {shape.shape}", filling, views)
    for where, state in k_runs_positions(most_runs):
        _measure_loudly(runs, where, state, views)
    return [*groups, runs]


def _measure_loudly(
    group: Group, where: str, state: pr.GameState, views: bool
) -> tuple[pr.Move, ...]:
    start = time.perf_counter()
    moves = group.measure(where, state, False)
    ms = (time.perf_counter() - start) * 1e3
    size = len(pr.to_json(pr.view(state, state.current_player or 0)).encode()) if views else 0
    if size > group.largest_view[0]:
        group.largest_view = (size, where)
    steps = sum(isinstance(move, (pr.LayDown, pr.LayDownShape)) for move in moves)
    fills = sum(isinstance(move, pr.FillWilds) for move in moves)
    what = f"{fills:,} fillings" if fills else f"{steps:,} lay-down steps and shapes"
    print(
        f"  {where}, deal {state.deal_number}: {len(moves):,} moves ({what}),"
        f" {ms:,.0f} ms, view {size / 1000:,.0f} KB",
        flush=True,
    )
    return moves


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few games per group")
    parser.add_argument("--games", type=int, default=None, help="games per group (default 300)")
    parser.add_argument("--no-views", action="store_true", help="skip the view JSON sizes")
    parser.add_argument(
        "--huge-only", action="store_true", help="only the 61-card and k-runs groups (5, 6)"
    )
    parser.add_argument("--huge", action="store_true", help="the groups 5 and 6 too")
    parser.add_argument("--huge-hands", type=int, default=2, help="61-card hands per deal")
    parser.add_argument("--most-runs", type=int, default=11, help="k of the last k-runs contract")
    parser.add_argument(
        "--house", choices=sorted(HOUSE_RULES), default="default", help="61-card positions' rules"
    )
    parser.add_argument("--deals", default="", help="61-card positions of these deals (1,3,..)")
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else (8 if args.quick else 300)
    views = not args.no_views
    print(f"pushrummy {pr.__version__}, Python {sys.version.split()[0]}: {games} games per group")
    started = time.perf_counter()
    if args.huge_only:
        for group in huge_groups(args.huge_hands, args.most_runs, views, args.house, args.deals):
            group.report()
        print(f"\n{time.perf_counter() - started:.0f} s in all")
        return 0
    groups = [greedy_games(games, views)]
    five = Group("five wilds: 15-16 cards, all five wilds, before the contract", (5000, 100, 2000))
    for where, state in five_wild_positions(games):
        five.measure(where, state, views)
    groups.append(five)
    groups.append(random_games(games, views))
    groups.extend(pushed_games(max(2, games // 10), views, lay_down=False))
    groups.extend(pushed_games(max(2, games // 10), views, lay_down=True))
    if args.huge or args.quick or args.games is None:
        groups.extend(huge_groups(args.huge_hands, args.most_runs, views))
    for group in groups:
        group.report()
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
