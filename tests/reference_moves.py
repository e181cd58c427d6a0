"""A slow, obviously correct reference move generator, written from RULES.md alone.

It is the independent judge of :func:`pushrummy.legal_moves` (DESIGN.md §7, perft). It reads
only the plain facts of a :class:`~pushrummy.state.GameState` (phase, seat, hands, table,
flags, the variant's options) and a card's ``rank`` and ``suit``. It uses none of pushrummy's
meld checks, contract search, lay-off helpers or move generation: every rule is checked by the
small functions below, and :class:`~pushrummy.melds.Meld` / move objects are only built at the
end, to compare with the engine's answer.

Brute force, in the plainest way that stays fast for hands of 6–11 cards with few wilds:

* **Melds** of a hand: every sub-multiset of 3+ cards, every declaration of it — as a set of
  each rank A, 3–K; as a run of each suit and start position, with each natural at a position of
  its own rank and the wilds in every distinct order on the free positions — kept when
  :func:`meld_ok` accepts it.
* **LayDown** steps ([contract.steps]): every multiset of melds that fits in the hand together
  and, with the melds already placed this turn, can be matched one to one to the contract's
  parts ([contract.laydown]) is a way to finish the lay-down; the listed steps are the first
  meld of each way in the step order (:func:`step_order`), one meld per move. Only the
  *smallest* ways count: those matched to the parts so that no meld is a meld still filling
  its part plus one lay-off (:func:`smaller_by_one`), since the longer meld is the smaller one
  and then that lay-off, the same turn (with ``same_turn_after_contract`` off, lengthening the
  melds just laid is the one lay-off of that turn, [layoff.when]).
* **Shape, then wilds** ([contract.wilds]): a listed step that holds wild cards is listed as
  its shape (:func:`shape_of`: the meld with ``None`` at each wild place), once per distinct
  shape, instead of one ``LayDown`` per filling; in ``Phase.FILLING_WILDS`` the listed moves
  are the fillings of the shape announced (:func:`wilds_of`, in place order, a set's sorted)
  whose meld is one of the listed steps of the position before the shape. A shape announced
  out of step order (none of its fillings listed) lists every filling whose meld is a legal
  step: the first, or any, meld of some way to finish the lay-down (a run's wilds in
  ascending order only, with ``wild_exchange`` = ``none``: below).
* **Wild places** ([meld.wild]): with ``wild_exchange`` = ``none``, runs that differ only in
  which wild stands in which wild place are one choice: each is listed with its wilds in
  ascending order along the run (:func:`canonical`).
* **LayOff**: every (distinct card × table meld × end) checked with :func:`extend`.
* **NewMeld**: every meld of the hand that is no smaller meld plus one lay-off
  (:func:`smaller_by_one`): the others are placed as a smaller one and then lay-offs.
  **ExchangeWild**: every wild of every run.
* **Discard**: every distinct card, minus the [discard.taken] / [discard.wild] restrictions.

Positions are numbered 1 (ace low) … 13 (king), 14 (ace high).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from pushrummy.cards import Card, Rank, Suit
from pushrummy.events import Bought, DealStarted, StartingPosition
from pushrummy.meld_shape import MeldShape
from pushrummy.melds import End, Meld, MeldKind
from pushrummy.moves import (
    BuyUpcard,
    Discard,
    DrawStock,
    ExchangeWild,
    FillWilds,
    LayDown,
    LayDownShape,
    LayOff,
    NewMeld,
    NextDeal,
    PassUpcard,
    Push,
    Take,
)
from pushrummy.state import GameState, Phase

__all__ = [
    "Options",
    "hand_melds",
    "legal_steps",
    "meld_ok",
    "options_of",
    "reference_moves",
    "shape_of",
    "step_moves",
    "wilds_of",
]

SET_RANKS = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
"""[meld.set]: a set's rank is A or 3–K (1 = ace)."""
ALL_RANKS = tuple(range(1, 14))
"""[setup.wild] with ``wild_twos`` False: a set of twos too."""

HIGH_ACE = 14


def wild(card: Card, twos: bool) -> bool:
    """[setup.wild]: jokers (no rank), and every two unless ``wild_twos`` is False (``twos``)."""
    return card.rank is None or (twos and int(card.rank) == 2)


def joker(card: Card) -> bool:
    return card.rank is None


def rank_at(position: int) -> int:
    """The rank (1 = ace) a run position stands for."""
    return 1 if position == HIGH_ACE else position


def positions_of(rank: int) -> tuple[int, ...]:
    """Where a natural of ``rank`` may stand in a run: an ace low or high."""
    return (1, HIGH_ACE) if rank == 1 else (rank,)


# -- options ------------------------------------------------------------------------------------

Options = tuple[Any, ...]


def options_of(state: GameState) -> Options:
    """The variant's options as plain values (strings, ints, bools, ``None``)."""
    v = state.variant
    return (
        v.min_naturals_per_meld,
        v.wild_limit.value,
        v.max_run_length,
        v.contract_exact_sizes,
        v.laydown_wilds_per_meld,
        v.set_suits.value,
        v.wild_twos,
        v.contract_run_suits.value,
    )


# -- melds ------------------------------------------------------------------------------------


def meld_ok(kind: str, cards: Sequence[Card], key: int, opts: Options) -> bool:
    """RULES.md [meld.set], [meld.run], [meld.wild] and the meld options, checked directly.

    ``kind`` is ``"set"`` (``key`` = its rank) or ``("run", suit, start)`` packed as
    ``"run"`` with ``key`` = ``suit * 100 + start``. For a run, ``cards[i]`` stands at
    position ``start + i``.
    """
    min_naturals, wild_limit, max_run = opts[:3]
    twos = opts[6]
    naturals = [x for x in cards if not wild(x, twos)]
    wilds = len(cards) - len(naturals)
    if len(naturals) < min_naturals:
        return False
    if wild_limit == "at_most_naturals" and wilds > len(naturals):
        return False
    if wild_limit == "fewer_than_naturals" and wilds >= len(naturals):
        return False
    if kind == "set":
        if key not in (SET_RANKS if twos else ALL_RANKS) or len(cards) < 3:
            return False
        if not all(int(x.rank) == key for x in naturals):
            return False
        if opts[5] == "any":  # [meld.set_suits]: any suits, any number of cards
            return True
        suits = [int(x.suit) for x in naturals]  # distinct: different suits, at most 4
        return len(cards) <= 4 and len(set(suits)) == len(suits)
    suit, start = divmod(key, 100)
    end = start + len(cards) - 1
    if len(cards) < 3 or start < 1 or end > HIGH_ACE or len(cards) > max_run:
        return False
    return all(
        wild(x, twos) or (int(x.suit) == suit and int(x.rank) == rank_at(start + i))
        for i, x in enumerate(cards)
    )


def _to_meld(kind: str, cards: Sequence[Card], key: int) -> Meld:
    if kind == "set":
        return Meld(MeldKind.SET, tuple(sorted(cards)), rank=Rank(key))
    suit, start = divmod(key, 100)
    return Meld(MeldKind.RUN, tuple(cards), suit=Suit(suit), start=start)


def _sub_multisets(hand: Counter[Card]) -> Iterator[list[Card]]:
    distinct = sorted(hand)
    for counts in itertools.product(*(range(hand[x] + 1) for x in distinct)):
        yield [x for x, n in zip(distinct, counts) for _ in range(n)]


def _run_arrangements(
    sub: list[Card], suit: int, start: int, twos: bool
) -> Iterator[tuple[Card, ...]]:
    """Every distinct placement of ``sub`` on the run positions ``start …``: each natural at a
    position of its rank, the wilds in every distinct order on the rest."""
    length = len(sub)
    span = range(start, start + length)
    naturals = [x for x in sub if not wild(x, twos)]
    wilds = [x for x in sub if wild(x, twos)]
    if any(int(x.suit) != suit for x in naturals):
        return
    choices = [[p for p in positions_of(int(x.rank)) if p in span] for x in naturals]
    seen: set[tuple[Card, ...]] = set()
    for placed in itertools.product(*choices):
        if len(set(placed)) != len(placed):
            continue
        free = [p for p in span if p not in placed]
        for order in set(itertools.permutations(wilds)):
            row: dict[int, Card] = dict(zip(placed, naturals))
            row.update(zip(free, order))
            arranged = tuple(row[p] for p in span)
            if arranged not in seen:
                seen.add(arranged)
                yield arranged


@lru_cache(maxsize=4096)
def hand_melds(hand: tuple[Card, ...], opts: Options) -> tuple[Meld, ...]:
    """Every valid, completely declared meld whose cards are in ``hand`` (no duplicates)."""
    found: dict[tuple[Any, ...], Meld] = {}
    for sub in _sub_multisets(Counter(hand)):
        if len(sub) < 3:
            continue
        for rank in SET_RANKS if opts[6] else ALL_RANKS:
            if meld_ok("set", sub, rank, opts):
                key = ("set", rank, tuple(sorted(sub)))
                found[key] = _to_meld("set", sub, rank)
        for suit in range(4):
            for start in range(1, HIGH_ACE - len(sub) + 2):
                for arranged in _run_arrangements(sub, suit, start, opts[6]):
                    packed = suit * 100 + start
                    if meld_ok("run", arranged, packed, opts):
                        found[("run", packed, arranged)] = _to_meld("run", arranged, packed)
    return tuple(found[k] for k in sorted(found, key=repr))


def _fits(cards: Sequence[Card], hand: Counter[Card]) -> bool:
    need = Counter(cards)
    return all(hand[x] >= n for x, n in need.items())


def _matches(melds: Sequence[Meld], parts: Sequence[tuple[str, int]], opts: Options) -> bool:
    """[contract.laydown]: the melds can be matched one to one to the contract's parts (each
    exactly its size under ``contract_exact_sizes``); [contract.wild_cap]: none holds more
    wild cards than ``laydown_wilds_per_meld``; [contract.run_suits]: their runs keep
    ``contract_run_suits``."""
    exact, cap = opts[3], opts[4]
    if len(melds) != len(parts):
        return False
    if cap is not None and any(sum(1 for x in m.cards if wild(x, opts[6])) > cap for m in melds):
        return False
    if not _run_suits_ok(melds, opts[7]):
        return False
    for order in itertools.permutations(melds):
        if all(
            m.kind.value == kind and (len(m.cards) == size if exact else len(m.cards) >= size)
            for m, (kind, size) in zip(order, parts)
        ):
            return True
    return False


def _run_suits_ok(melds: Sequence[Meld], rule: str) -> bool:
    """RULES [contract.run_suits], read directly: under "distinct" no two runs of the
    lay-down share a suit; under "apart" no run of a suit starts at the place right after
    the last place of another run of that suit (places 1..14, wild places counted)."""
    if rule == "any":
        return True
    runs = [m for m in melds if m.kind is MeldKind.RUN]
    for a, b in itertools.combinations(runs, 2):
        if a.suit != b.suit:
            continue
        if rule == "distinct":
            return False
        a_end = int(a.start) + len(a.cards) - 1
        b_end = int(b.start) + len(b.cards) - 1
        if a_end + 1 == b.start or b_end + 1 == a.start:
            return False
    return True


def _multisets(
    hand: tuple[Card, ...], parts: tuple[tuple[str, int], ...], opts: Options, count: int
) -> Iterator[tuple[list[Meld], list[Card]]]:
    """Every multiset of ``count`` melds (of the contract's kinds, no smaller than its
    smallest part) that fit in the hand together, with the cards they use."""
    kinds = {kind for kind, _ in parts}
    smallest = min(size for _, size in parts)
    pool = [m for m in hand_melds(hand, opts) if m.kind.value in kinds and len(m.cards) >= smallest]
    have = Counter(hand)

    def grow(
        start: int, chosen: list[Meld], used: list[Card]
    ) -> Iterator[tuple[list[Meld], list[Card]]]:
        if len(chosen) == count:
            yield chosen, used
            return
        for i in range(start, len(pool)):
            cards = used + list(pool[i].cards)
            if _fits(cards, have):
                yield from grow(i, [*chosen, pool[i]], cards)

    yield from grow(0, [], [])


def contract_ways(
    hand: tuple[Card, ...], parts: tuple[tuple[str, int], ...], opts: Options
) -> set[tuple[Meld, ...]]:
    """Every multiset of ``len(parts)`` melds from the hand that lays down the contract."""
    return {
        tuple(sorted(chosen))
        for chosen, _ in _multisets(hand, parts, opts, len(parts))
        if _matches(chosen, parts, opts)
    }


def _wild_order(card: Card) -> tuple[int, int]:
    """Wilds in card order: the twos by suit (clubs first), then the joker."""
    return (1, 0) if joker(card) else (0, int(card.suit))


def canonical(meld: Meld, twos: bool) -> Meld:
    """The listed form of ``meld`` when wild places do not matter: a run's wilds in
    ascending card order along the run (a set's wilds all stand for its rank anyway)."""
    if meld.kind is not MeldKind.RUN:
        return meld
    places = [i for i, x in enumerate(meld.cards) if wild(x, twos)]
    wilds = sorted((meld.cards[i] for i in places), key=_wild_order)
    cards = list(meld.cards)
    for i, x in zip(places, wilds):
        cards[i] = x
    return _to_meld("run", cards, int(meld.suit) * 100 + int(meld.start))


def step_order(meld: Meld, twos: bool) -> tuple[Any, ...]:
    """[contract.steps]: the order in which the steps of a lay-down are listed: by the
    meld's lowest natural card, rank-major (A, 3, 4 .. K; clubs first within a rank), melds
    of wilds only last; ties by the meld's sort key."""
    places = [(int(x.rank) - 1) * 4 + int(x.suit) for x in meld.cards if not wild(x, twos)]
    return (min(places) if places else 99, meld.sort_key)


def smallest_way(
    placed: Sequence[Meld],
    chosen: Sequence[Meld],
    parts: Sequence[tuple[str, int]],
    opts: Options,
) -> bool:
    """Whether ``placed`` and ``chosen`` can be matched one to one to the contract's parts
    with no meld of ``chosen`` longer than its part and a smaller meld plus one lay-off
    (:func:`smaller_by_one`)."""
    melds = [*placed, *chosen]
    if len(melds) != len(parts):
        return False
    for order in itertools.permutations(range(len(melds))):
        ok = True
        for index, (kind, size) in zip(order, parts):
            m = melds[index]
            if m.kind.value != kind or len(m.cards) < size:
                ok = False
                break
            if index >= len(placed) and len(m.cards) > size and smaller_by_one(m, opts):
                ok = False
                break
        if ok:
            return True
    return False


def lay_down_steps(
    hand: tuple[Card, ...],
    parts: tuple[tuple[str, int], ...],
    placed: Sequence[Meld],
    opts: Options,
    keep_one: bool,
    canonical_wilds: bool,
    smallest: bool = False,
    all_cards: bool = False,
) -> set[Meld]:
    """The listed next steps of a lay-down: the step-order-first meld of every way to finish
    it from ``hand`` after ``placed``, no earlier in step order than the melds placed. With
    ``all_cards`` ([out.all_out]) only the ways that use every card of ``hand``."""
    count = len(parts) - len(placed)
    if count <= 0:
        return set()
    twos = opts[6]

    def order(meld: Meld) -> tuple[Any, ...]:
        return step_order(meld, twos)

    firsts: set[Meld] = set()
    for chosen, used in _multisets(hand, parts, opts, count):
        if keep_one and len(used) >= len(hand):
            continue
        if all_cards and len(used) != len(hand):
            continue
        if smallest and not smallest_way(placed, chosen, parts, opts):
            continue
        if _matches([*placed, *chosen], parts, opts):
            melds = [canonical(m, twos) for m in chosen] if canonical_wilds else chosen
            firsts.add(min(melds, key=order))
    if placed:
        # Steps in step order: only melds after those placed, unless none of those completes
        # the lay-down (melds placed out of order), when every first meld is listed.
        bound = max(order(meld) for meld in placed)
        later = {meld for meld in firsts if order(meld) >= bound}
        if later:
            return later
    return firsts


def legal_steps(
    hand: tuple[Card, ...],
    parts: tuple[tuple[str, int], ...],
    placed: Sequence[Meld],
    opts: Options,
    keep_one: bool,
    all_cards: bool = False,
) -> set[Meld]:
    """Every meld that may be laid down next, listed or not ([contract.steps]): a meld of
    some way to finish the lay-down from ``hand`` after ``placed``, in any order, with
    every assignment of wilds to a run's wild places (with ``all_cards``, of a way that
    uses every card, [out.all_out])."""
    count = len(parts) - len(placed)
    if count <= 0:
        return set()
    found: set[Meld] = set()
    for chosen, used in _multisets(hand, parts, opts, count):
        if keep_one and len(used) >= len(hand):
            continue
        if all_cards and len(used) != len(hand):
            continue
        if _matches([*placed, *chosen], parts, opts):
            found.update(chosen)
    return found


# -- shapes and fillings ([contract.wilds]) -------------------------------------------------------


def shape_of(meld: Meld, twos: bool) -> MeldShape:
    """[contract.wilds]: the meld with its wild cards taken out and their places kept: a
    set's naturals sorted then one ``None`` per wild, a run's cards with ``None`` at each
    wild place."""
    if meld.kind is MeldKind.SET:
        naturals: list[Card | None] = sorted(x for x in meld.cards if not wild(x, twos))
        cards = tuple(naturals + [None] * sum(wild(x, twos) for x in meld.cards))
        return MeldShape(MeldKind.SET, cards, rank=meld.rank)
    places = tuple(None if wild(x, twos) else x for x in meld.cards)
    return MeldShape(MeldKind.RUN, places, suit=meld.suit, start=meld.start)


def wilds_of(meld: Meld, twos: bool) -> tuple[Card, ...]:
    """The wild cards that fill the meld's shape: a run's in place order (low to high), a
    set's sorted (its wild places are alike)."""
    found = tuple(x for x in meld.cards if wild(x, twos))
    return tuple(sorted(found)) if meld.kind is MeldKind.SET else found


def step_moves(seat: int, meld: Meld, twos: bool) -> list[Any]:
    """The listed move(s) that lay ``meld`` down as one step: a ``LayDown`` of it if it
    holds no wild card, else its shape and then its filling ([contract.wilds])."""
    if not any(wild(x, twos) for x in meld.cards):
        return [LayDown(seat, (meld,))]
    return [LayDownShape(seat, shape_of(meld, twos)), FillWilds(seat, wilds_of(meld, twos))]


# -- lay-offs -------------------------------------------------------------------------------


def extend(meld: Meld, card: Card, end: End | None, opts: Options) -> bool:
    """[layoff.card]: ``card`` at ``end`` keeps ``meld`` a valid meld (options included)."""
    if meld.kind is MeldKind.SET:
        if end is not None:
            return False
        return meld_ok("set", [*meld.cards, card], int(meld.rank), opts)
    if end is None:
        return False
    suit, start = int(meld.suit), int(meld.start)
    if end is End.LOW:
        return meld_ok("run", [card, *meld.cards], suit * 100 + start - 1, opts)
    return meld_ok("run", [*meld.cards, card], suit * 100 + start, opts)


def smaller_by_one(meld: Meld, opts: Options) -> tuple[Meld, Card, End | None] | None:
    """A smaller valid meld, a card and an end such that laying the card off at that end
    onto the smaller meld makes ``meld`` ([layoff.card]): a run without an end card, a set
    without any one card. ``None`` when there is none."""
    cards = list(meld.cards)
    if len(cards) <= 3:
        return None
    if meld.kind is MeldKind.SET:
        rank = int(meld.rank)
        for i, card in enumerate(cards):
            rest = cards[:i] + cards[i + 1 :]
            if meld_ok("set", rest, rank, opts):
                smaller = _to_meld("set", rest, rank)
                if extend(smaller, card, None, opts):
                    return smaller, card, None
        return None
    suit, start = int(meld.suit), int(meld.start)
    for rest, key, card, end in (
        (cards[1:], suit * 100 + start + 1, cards[0], End.LOW),
        (cards[:-1], suit * 100 + start, cards[-1], End.HIGH),
    ):
        if meld_ok("run", rest, key, opts):
            smaller = _to_meld("run", rest, key)
            if extend(smaller, card, end, opts):
                return smaller, card, end
    return None


def _target_ok(state: GameState, seat: int, owner: int) -> bool:
    targets = state.variant.layoff_targets.value
    if targets == "any":
        return True
    if targets == "own":
        return owner == seat
    team = (lambda s: s % 2) if state.variant.partnerships else (lambda s: s)
    return team(owner) == team(seat)


# -- discards -------------------------------------------------------------------------------


def discards(state: GameState, seat: int) -> list[Card]:
    """[discard.taken], [discard.wild]; each restriction lapses when it covers every card in
    hand, and when both together would leave nothing, any card may go (a turn must end)."""
    hand = state.hands[seat]
    distinct = sorted(set(hand))
    ok = list(distinct)
    taken = state.taken
    restricted = taken is not None and not state.variant.may_rediscard_taken
    if restricted and not all(x == taken for x in hand):
        ok = [x for x in ok if x != taken]
    twos = state.variant.wild_twos
    if not state.variant.may_discard_wild and not all(wild(x, twos) for x in hand):
        ok = [x for x in ok if not wild(x, twos)]
    return ok or distinct


# -- the generator ----------------------------------------------------------------------------


def buying_moves(state: GameState, seat: int) -> set[Any]:
    """The moves of the seat offered the upcard, read from the rules page: a pass always
    ([buy.offer]); a buy unless the seat has laid down and ``buy_after_contract`` is off
    ([buy.who]), has bought ``buy_limit`` times in the deal (its Bought events since the
    deal's start: [buy.limit]), or the stock and the pile a reshuffle adds hold fewer than
    the penalty cards and one more ([buy.penalty])."""
    v = state.variant
    moves: set[Any] = {PassUpcard(seat)}
    bought = 0
    for event in reversed(state.log.events):
        if isinstance(event, (DealStarted, StartingPosition)):
            break
        bought += isinstance(event, Bought) and event.seat == seat
    cards_left = len(state.stock) + (len(state.pile) if v.reshuffle_stock else 0)
    if (
        (v.buy_after_contract or not state.laid_down[seat])
        and (v.buy_limit is None or bought < v.buy_limit)
        and cards_left > v.buy_penalty
    ):
        moves.add(BuyUpcard(seat))
    return moves


def reference_moves(state: GameState) -> set[Any]:
    """The set of legal moves of ``state``, by brute force."""
    if state.phase is Phase.GAME_OVER:
        return set()
    if state.phase is Phase.BETWEEN_DEALS:
        return {NextDeal()}
    seat = state.current_player
    assert seat is not None
    v = state.variant
    if state.phase is Phase.DRAW:
        moves: set[Any] = set()
        if v.draw_style.value == "stock":
            # [draw.stock]: the plain draw instead of the push, whatever the stock holds (an
            # empty one is reshuffled or ends the deal: [draw.reshuffle], [draw.exhausted])
            moves.add(DrawStock(seat))
        elif not (v.short_stock_push.value == "forbidden" and len(state.stock) < 2):
            moves.add(Push(seat))
        # [draw.take]: once down, no take under take_after_contract=False, if it can draw
        # otherwise
        if v.take_after_contract or not state.laid_down[seat] or not moves:
            moves.add(Take(seat))
        return moves
    if state.phase is Phase.BUYING:
        return buying_moves(state, seat)
    opts = options_of(state)
    twos = opts[6]
    hand = tuple(sorted(state.hands[seat]))
    keep_one = v.must_discard_to_go_out
    canonical_wilds = v.wild_exchange.value == "none"
    moves = set()
    if not state.laid_down[seat]:
        parts = tuple(
            (req.kind.value, req.size)
            for req in state.contract.requirements
            for _ in range(req.count)
        )
        laying = state.phase in (Phase.LAYING_DOWN, Phase.FILLING_WILDS)
        placed = [tm.meld for tm in state.table if tm.owner == seat] if laying else []
        # A longer meld is a smaller one and then lay-offs: the same turn, or with
        # same_turn_after_contract off the lengthening of the melds just laid ([layoff.when]).
        smallest = True
        # [out.all_out]: a deal played all out lays down every card at once, its melds at
        # least their parts' sizes, going out with no discard.
        all_out = v.deals[state.deal_number - 1].all_out
        if all_out:
            opts = (*opts[:3], False, *opts[4:])
            keep_one = smallest = False
        steps = lay_down_steps(
            hand, parts, placed, opts, keep_one, canonical_wilds, smallest, all_out
        )
        if state.phase is Phase.FILLING_WILDS:
            # [contract.wilds]: only the fillings of the shape announced, those that make a
            # listed step; after a shape out of step order, those that make a legal step.
            shape = state.shape
            fills = {wilds_of(meld, twos) for meld in steps if shape_of(meld, twos) == shape}
            if not fills:
                legal = legal_steps(hand, parts, placed, opts, keep_one, all_out)
                if canonical_wilds:  # [meld.wild]: one order of a run's wilds
                    legal = {canonical(meld, twos) for meld in legal}
                fills = {wilds_of(meld, twos) for meld in legal if shape_of(meld, twos) == shape}
            return {FillWilds(seat, fill) for fill in fills}
        for meld in steps:
            moves.add(step_moves(seat, meld, twos)[0])  # a step with wild cards: its shape
        if laying:
            return moves  # [contract.steps]: the rest of the lay-down first
    else:
        # [layoff.when]: from the lay-down on; with same_turn_after_contract off, in the turn
        # of the lay-down only lengthening the seat's own melds (just laid), unless exact sizes.
        free = v.same_turn_after_contract or not state.laid_down_this_turn
        lengthen = not free and not v.contract_exact_sizes
        if (free or lengthen) and not (keep_one and len(hand) == 1):
            for tm in state.table:
                if not _target_ok(state, seat, tm.owner) or (lengthen and tm.owner != seat):
                    continue
                for card in set(hand):
                    for end in (None, End.LOW, End.HIGH):
                        if extend(tm.meld, card, end, opts):
                            moves.add(LayOff(seat, card, tm.id, end))
        if free and v.new_melds_after_contract:
            for meld in hand_melds(hand, opts):
                if keep_one and len(meld.cards) >= len(hand):
                    continue
                if smaller_by_one(meld, opts) is not None:
                    continue  # listed as the smaller meld, then the lay-off
                moves.add(NewMeld(seat, canonical(meld, twos) if canonical_wilds else meld))
    exchange = v.wild_exchange.value
    if state.laid_down[seat] and exchange != "none":
        for tm in state.table:
            meld = tm.meld
            if meld.kind is not MeldKind.RUN:
                continue
            for i, card in enumerate(meld.cards):
                if not wild(card, twos) or (exchange == "jokers_in_runs" and not joker(card)):
                    continue
                rank = rank_at(int(meld.start) + i)
                if rank == 2 and twos:
                    continue  # a two's place has no natural card while twos are wild
                natural = Card(Rank(rank), meld.suit)
                if natural in hand:
                    moves.add(ExchangeWild(seat, tm.id, int(meld.start) + i, natural))
    moves.update(Discard(seat, x) for x in discards(state, seat))
    return moves
