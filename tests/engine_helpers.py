"""Shared helpers for the engine proof tests: deck orders, positions, checked moves.

* :func:`deck_order` builds an injected deck order (``new_game(..., deals=[order])``) that deals
  chosen hands, turns a chosen upcard and puts chosen cards on top of the stock, filling the rest
  of the deck with the remaining cards.
* :func:`position` builds a position (any phase, table, laid-down flags) with every card of the
  deck accounted for, with :func:`pushrummy.new_position`: a first-class state whose log replays
  to it (so it round-trips through JSON), checked as it is made.
* :func:`play` applies a move and checks the input state was left untouched;
  :func:`assert_rejected` checks a move is refused with the exact error class and rule id and
  that the state did not change.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import pytest

import pushrummy as pr
from pushrummy.cards import Card, Rank, Suit, parse_card, parse_cards
from pushrummy.contracts.steps import minimal_steps
from pushrummy.meld_shape import MeldShape
from pushrummy.melds import Meld
from pushrummy.rules import RULE_IDS
from pushrummy.state import GameState, Phase, TableMeld, replace_unchecked
from reference_moves import canonical, options_of, smaller_by_one, step_moves, step_order

__all__ = [
    "CardsLike",
    "assert_rejected",
    "c",
    "cards",
    "deck_order",
    "full_steps",
    "hand",
    "hand_points",
    "listed_steps",
    "play",
    "position",
    "run",
    "set_",
    "snapshot",
]

CardsLike = str | Sequence[Card]

# An independent transcription of [score.values]: 3-9 → 5, 10-K → 10, ace → 15, two/joker → 20.
POINTS = {
    Rank.ACE: 15,
    Rank.TWO: 20,
    **{Rank(v): 5 for v in range(3, 10)},
    **{Rank(v): 10 for v in range(10, 14)},
}


def c(text: str) -> Card:
    """One card from notation."""
    return parse_card(text)


def cards(text: CardsLike) -> tuple[Card, ...]:
    """Cards from notation in the order given (or a sequence of cards, returned as a tuple)."""
    if isinstance(text, str):
        return tuple(parse_card(token) for token in text.split())
    return tuple(text)


def hand(text: CardsLike) -> tuple[Card, ...]:
    """Cards sorted, as a hand is kept."""
    return tuple(sorted(cards(text)))


def hand_points(hand: Iterable[Card]) -> int:
    """The default [score.values] of ``hand``, computed without pushrummy's scoring code."""
    return sum(20 if card.rank is None else POINTS[card.rank] for card in hand)


def run(text: str, *, suit: Suit | None = None, start: Rank | int | None = None) -> Meld:
    """A run of the cards in ``text``, given low to high (wilds stand where they are)."""
    return Meld.run_of([parse_card(t) for t in text.split()], suit=suit, start=start)


def set_(text: str, rank: Rank | None = None) -> Meld:
    """A set of the cards in ``text`` (``rank`` only needed for an all-wild set)."""
    return Meld.set_of(parse_cards(text), rank)


def _take(pool: Counter[Card], wanted: Iterable[Card], what: str) -> None:
    for card in wanted:
        if pool[card] <= 0:
            raise ValueError(f"{what}: no copy of {card} left in the deck")
        pool[card] -= 1


def _filler(pool: Counter[Card]) -> list[Card]:
    """The cards left in ``pool``: naturals (low ranks first) before wilds, deterministic."""
    left = list(pool.elements())
    left.sort(key=lambda card: (card.is_wild, 99 if card.rank is None else int(card.rank), card))
    return left


def deck_order(
    variant: pr.Variant = pr.PUSH,
    *,
    players: int = 4,
    dealer: int,
    deal_number: int = 1,
    hands: Mapping[int, CardsLike],
    upcard: str | Card,
    stock: CardsLike = (),
    filler_seed: int | None = None,
) -> list[Card]:
    """A whole-deck order for ``new_game(deals=...)``: the given hands (missing cards of a hand
    and missing hands are filled), then ``upcard``, then ``stock`` on top of the stock, then the
    rest of the deck. Cards are dealt one at a time clockwise from the dealer's left neighbour
    ([deal.dealer]), so the order interleaves the hands.

    With ``filler_seed`` the filling cards are shuffled (deterministically), otherwise they are
    naturals from the lowest ranks up, wilds last.
    """
    size = variant.deals[deal_number - 1].hand_size
    pool: Counter[Card] = Counter(variant.deck(players))
    chosen = {seat: list(cards(h)) for seat, h in hands.items()}
    for seat, hand in chosen.items():
        if len(hand) > size:
            raise ValueError(f"seat {seat}: {len(hand)} cards for a hand of {size}")
        _take(pool, hand, f"hand of seat {seat}")
    up = c(upcard) if isinstance(upcard, str) else upcard
    _take(pool, [up], "upcard")
    top = list(cards(stock))
    _take(pool, top, "stock")
    rest = _filler(pool)
    if filler_seed is not None:
        random.Random(filler_seed).shuffle(rest)
    full = {}
    for seat in range(players):
        hand = chosen.get(seat, [])
        need = size - len(hand)
        full[seat] = hand + rest[:need]
        del rest[:need]
    order = []
    for i in range(players * size):
        seat = (dealer + 1 + i) % players
        order.append(full[seat][i // players])
    order.append(up)
    order.extend(top)
    order.extend(rest)
    return order


def position(
    variant: pr.Variant = pr.PUSH,
    *,
    players: int | None = None,
    deal_number: int = 1,
    current: int = 0,
    dealer: int | None = None,
    phase: Phase = Phase.PLAY,
    hands: Mapping[int, CardsLike],
    upcard: str | Card | None = None,
    stock_top: CardsLike = (),
    table: Sequence[tuple[int, Meld]] = (),
    laid_down: Iterable[int] = (),
    laid_down_this_turn: bool = False,
    taken: str | Card | None = None,
    shape: MeldShape | None = None,
    turn: int = 0,
    other_hand_size: int | None = None,
    totals: Sequence[int] | None = None,
    stock_size: int | None = None,
) -> GameState:
    """A position made with :func:`pushrummy.new_position`, every card of the deck accounted for
    (the deals before ``deal_number`` get :func:`earlier_results`; ``totals``, if given, are
    put in afterwards, unchecked).

    Seats missing from ``hands`` get ``other_hand_size`` filler cards (default: the deal's hand
    size). All cards not placed anywhere form the stock below ``stock_top``; with
    ``stock_size`` the stock is cut to that size and the surplus dealt into the hands of the
    seats not given in ``hands`` (so the deck stays whole). ``shape``: the shape announced, in
    ``Phase.FILLING_WILDS`` ([contract.wilds]).
    """
    if players is None:
        players = variant.player_counts[0]
    if dealer is None:
        dealer = (current - 1 - turn) % players
    pool: Counter[Card] = Counter(variant.deck(players))
    given = {seat: tuple(sorted(cards(h))) for seat, h in hands.items()}
    for seat, hand in given.items():
        _take(pool, hand, f"hand of seat {seat}")
    table_melds = tuple(
        TableMeld(id=i, owner=owner, meld=meld) for i, (owner, meld) in enumerate(table)
    )
    for tm in table_melds:
        _take(pool, tm.meld.cards, f"table meld {tm.id}")
    up = None if upcard is None else (c(upcard) if isinstance(upcard, str) else upcard)
    if up is not None:
        _take(pool, [up], "upcard")
    top = list(cards(stock_top))
    _take(pool, top, "stock")
    rest = _filler(pool)
    size = variant.deals[deal_number - 1].hand_size if other_hand_size is None else other_hand_size
    all_hands: list[tuple[Card, ...]] = []
    others = [seat for seat in range(players) if seat not in given]
    for seat in range(players):
        if seat in given:
            all_hands.append(given[seat])
        else:
            all_hands.append(tuple(sorted(rest[:size])))
            del rest[:size]
    stock = top + rest
    if stock_size is not None:
        if stock_size < len(top) or not others:
            raise ValueError("stock_size needs room for stock_top and a seat to hold the surplus")
        surplus = stock[stock_size:]
        stock = stock[:stock_size]
        for i, card in enumerate(surplus):
            seat = others[i % len(others)]
            all_hands[seat] = tuple(sorted((*all_hands[seat], card)))
    down = set(laid_down)
    took = None if taken is None else (c(taken) if isinstance(taken, str) else taken)
    # A taken upcard still in hand is publicly known there ([draw.visibility]).
    held = took is not None and took in all_hands[current]
    arguments: dict[str, Any] = {
        "hands": all_hands,
        "upcard": up,
        "stock": stock,
        "table": table,
        "laid_down": down,
        "phase": phase,
        "current_player": current,
        "dealer": dealer,
        "turn": turn,
        "deal_number": deal_number,
        "taken": took,
        "known": [[took] if held and seat == current else [] for seat in range(players)],
        "laid_down_this_turn": laid_down_this_turn,
        "shape": shape,
        "results": earlier_results(variant, players, deal_number, dealer),
    }
    try:
        state = pr.new_position(variant, **arguments)
    except pr.SetupError:
        state = _abbreviated(variant, players, arguments)
    else:  # a first-class position: its document decodes to it (its log replays to it)
        assert pr.from_json(pr.to_json(state)) == state
    assert state.card_count() == len(variant.deck(players))
    if totals is not None:  # scores no deal could have made: a position built directly
        state = replace_unchecked(state, totals=tuple(totals))
    return state


# The one impossibility a test position may have: a laid-down seat's melds left off the table
# (the rule under test does not look at them). Anything else is a mistake in the test.
_ABBREVIATIONS = ("owns at least", "owns a meld but has not laid down")


def _abbreviated(variant: pr.Variant, players: int, arguments: dict[str, Any]) -> GameState:
    """The position of ``arguments`` built directly (``replace_unchecked``), for a position whose
    only problem is an abbreviated table; re-raises ``new_position``'s error for any other."""
    base = pr.new_game(variant, seed=0, players=players, dealer=arguments["dealer"])
    down = arguments["laid_down"]
    state = replace_unchecked(
        base,
        deal_number=arguments["deal_number"],
        phase=arguments["phase"],
        current_player=arguments["current_player"],
        hands=tuple(tuple(sorted(hand)) for hand in arguments["hands"]),
        stock=tuple(arguments["stock"]),
        upcard=arguments["upcard"],
        table=tuple(
            TableMeld(id=i, owner=owner, meld=meld)
            for i, (owner, meld) in enumerate(arguments["table"])
        ),
        laid_down=tuple(seat in down for seat in range(players)),
        laid_down_this_turn=arguments["laid_down_this_turn"],
        taken=arguments["taken"],
        shape=arguments["shape"],
        known=tuple(tuple(cards) for cards in arguments["known"]),
        turn=arguments["turn"],
        results=arguments["results"],
        totals=tuple(
            sum(r.penalties[side] for r in arguments["results"])
            for side in range(variant.side_count(players))
        ),
    )
    problems = pr.state_problems(state, log=False)
    if not problems or not all(any(a in p.message for a in _ABBREVIATIONS) for p in problems):
        pr.new_position(variant, **arguments)  # raises the position's first problem
        raise AssertionError("new_position refused a position with no problem")  # pragma: no cover
    return state


def earlier_results(
    variant: pr.Variant, players: int, deal_number: int, dealer: int
) -> tuple[pr.DealResult, ...]:
    """Results for the deals before ``deal_number`` (whose dealer is ``dealer``): in each, the
    dealer's left neighbour went out and every other seat was left holding one low card."""
    results = []
    for number in range(1, deal_number):
        dealt_by = (dealer - (deal_number - number)) % players
        out = (dealt_by + 1) % players
        hands = tuple(
            () if seat == out else (c(f"3{'CDHS'[seat % 4]}"),) for seat in range(players)
        )
        penalties = pr.deal_penalties(hands, variant, out)
        results.append(pr.DealResult(number, dealt_by, pr.DealEnd.OUT, out, hands, penalties))
    return tuple(results)


def played_until(
    phase: Phase, variant: pr.Variant = pr.PUSH, seeds: range = range(1, 40)
) -> GameState:
    """The first state in ``phase`` of seeded games between GreedyBots: a position the engine
    reached by playing (where a test wants a real game's history, not a set-up one)."""
    for seed in seeds:
        state = pr.new_game(variant, seed=seed)
        bots = [pr.GreedyBot() for _ in range(state.players)]
        while state.phase is not Phase.GAME_OVER:
            if state.phase is phase:
                return state
            seat = 0 if state.current_player is None else state.current_player
            state = pr.apply_move(state, bots[seat].choose(pr.view(state, seat)))
    raise AssertionError(f"no {phase.value} position in the games of seeds {seeds}")


def contracts_ready() -> bool:
    """Whether the contract search (needed by ``legal_moves`` in play) is implemented yet."""
    try:
        pr.contract_options(parse_cards("7S 7H 7D 9C 9S 9H"), pr.PUSH.deals[0].contract)
    except NotImplementedError:
        return False
    return True


# -- checked application ------------------------------------------------------------------------


def snapshot(state: GameState) -> tuple[GameState, tuple[int, ...]]:
    """A deep copy of ``state`` and the identities of its fields, to prove it did not change."""
    fields = tuple(id(getattr(state, f.name)) for f in attrs.fields(GameState))
    return copy.deepcopy(state), fields


def assert_unchanged(state: GameState, snap: tuple[GameState, tuple[int, ...]]) -> None:
    copy_, ids = snap
    assert state == copy_
    assert tuple(id(getattr(state, f.name)) for f in attrs.fields(GameState)) == ids


def play(state: GameState, move: Any) -> GameState:
    """Apply ``move`` (which must be legal) and prove the input state was left untouched."""
    snap = snapshot(state)
    assert pr.is_legal(state, move), f"{move} should be legal"
    if contracts_ready():
        assert_listed(state, move)
    after = pr.apply_move(state, move)
    assert_unchanged(state, snap)
    assert after is not state
    if isinstance(move, pr.LayDown) and len(move.melds) > 1:
        # A whole lay-down is the same as its steps, one meld per move, in step order.
        stepped = state
        twos = state.variant.wild_twos  # [setup.wild]: the step order reads the naturals
        for meld in sorted(move.melds, key=lambda meld: step_order(meld, twos)):
            stepped = pr.apply_move(stepped, pr.LayDown(move.seat, (meld,)))
        assert stepped == after
    return after


def listed_form(state: GameState, move: Any) -> list[Any]:
    """The listed moves that make ``move`` (DESIGN.md §3): a whole lay-down as its steps in
    step order ([contract.steps]), a step with wild cards as its shape and then its filling
    ([contract.wilds]); a new meld as the smallest meld it grows from by lay-offs, then those
    lay-offs, innermost first; with ``wild_exchange`` = ``none``, every meld with its wild
    places in the listed order ([meld.wild])."""
    wilds_matter = state.variant.wild_exchange is not pr.WildExchange.NONE

    def form(meld: Meld) -> Meld:
        return meld if wilds_matter else canonical(meld, state.variant.wild_twos)

    if isinstance(move, pr.LayDown):
        # Each meld at its smallest for its part, then lay-offs the same turn (with
        # same_turn_after_contract off, the lengthening of the melds just laid).
        smallest = _smallest_lay_down(state, move.melds)
        twos = state.variant.wild_twos
        order = sorted(range(len(smallest)), key=lambda i: step_order(form(smallest[i][0]), twos))
        steps: list[Any] = [
            step for i in order for step in step_moves(move.seat, form(smallest[i][0]), twos)
        ]
        for place, index in enumerate(order):
            meld_id = len(state.table) + place
            steps += [pr.LayOff(move.seat, c, meld_id, e) for c, e in smallest[index][1]]
        return steps
    if isinstance(move, pr.NewMeld):
        meld, lay_offs = move.meld, []
        opts = options_of(state)
        while (smaller := smaller_by_one(meld, opts)) is not None:
            meld, card, end = smaller
            lay_offs.append(pr.LayOff(move.seat, card, len(state.table), end))
        return [pr.NewMeld(move.seat, form(meld)), *reversed(lay_offs)]
    return [move]


def _smallest_lay_down(
    state: GameState, melds: Sequence[Meld]
) -> list[tuple[Meld, list[tuple[Card, pr.End | None]]]]:
    """Each meld of a lay-down matched to a part of what is left of the contract, shrunk
    by :func:`smaller_by_one` while it still fills its part, with the lay-offs (innermost
    first) that grow it back."""
    if state.phase is Phase.LAYING_DOWN:
        requirements = state.contract_left
    else:
        requirements = state.contract.requirements
    parts = [(r.kind, r.size) for r in requirements for _ in range(r.count)]
    opts = options_of(state)
    for order in itertools.permutations(parts, len(melds)):
        if all(m.kind is kind and len(m.cards) >= size for m, (kind, size) in zip(melds, order)):
            break
    else:
        return [(meld, []) for meld in melds]
    shrunk = []
    for whole, (_, size) in zip(melds, order):
        meld, lay_offs = whole, []
        while len(meld.cards) > size and (smaller := smaller_by_one(meld, opts)) is not None:
            meld, card, end = smaller
            lay_offs.append((card, end))
        shrunk.append((meld, lay_offs[::-1]))
    return shrunk


def listed(state: GameState, move: Any) -> bool:
    """Whether ``move`` is listed by ``legal_moves`` up to the stated equivalences."""
    for step in listed_form(state, move):
        if step not in pr.legal_moves(state):
            return False
        state = pr.apply_move(state, step)
    return True


def assert_listed(state: GameState, move: Any) -> None:
    """``move`` is listed by ``legal_moves``, up to the two stated equivalences."""
    for step in listed_form(state, move):
        assert step in pr.legal_moves(state), f"{step} (for {move}) is legal but not listed"
        state = pr.apply_move(state, step)


def listed_steps(state: GameState) -> list[tuple[Meld, GameState]]:
    """The lay-down steps ``legal_moves`` lists, each as its meld and the state after it: a
    listed ``LayDown``'s meld, and a listed ``LayDownShape``'s shape filled by each
    ``FillWilds`` listed after it ([contract.wilds]), in listing order. Asserts that a
    shape is followed by fillings only, at least one, and that each filling lays down the
    meld ``shape.fill(wilds)``."""
    steps: list[tuple[Meld, GameState]] = []
    for move in pr.legal_moves(state):
        if isinstance(move, pr.LayDown):
            steps.append((move.melds[0], pr.apply_move(state, move)))
        elif isinstance(move, pr.LayDownShape):
            filling = pr.apply_move(state, move)
            assert filling.phase is Phase.FILLING_WILDS and filling.shape == move.shape
            fills = pr.legal_moves(filling)
            assert fills and all(isinstance(fill, pr.FillWilds) for fill in fills), move
            for fill in fills:
                meld = move.shape.fill(fill.wilds)
                after = pr.apply_move(filling, fill)
                assert after.table[-1].meld == meld
                steps.append((meld, after))
    return steps


def full_steps(state: GameState) -> tuple[Meld, ...]:
    """The lay-down steps of the seat to move as one ``LayDown`` each listed them before
    [contract.wilds] (:func:`pushrummy.lay_down_steps` with the state's options): what the
    listed shapes and fillings must expand to."""
    seat = state.current_player
    assert seat is not None and state.phase in (Phase.PLAY, Phase.LAYING_DOWN)
    if state.laid_down[seat]:
        return ()
    variant = state.variant
    return pr.lay_down_steps(
        state.hands[seat],
        state.contract,
        variant,
        placed=[t.meld for t in state.lay_down_so_far],
        canonical_wilds=variant.wild_exchange is pr.WildExchange.NONE,
        keep_card=variant.must_discard_to_go_out,
        minimal=minimal_steps(variant),
    )


def play_all(state: GameState, moves: Iterable[Any]) -> GameState:
    for move in moves:
        state = play(state, move)
    return state


def assert_rejected(
    state: GameState,
    move: Any,
    error: type[pr.IllegalMoveError],
    rule: str,
    *,
    in_legal_moves: bool = True,
) -> pr.IllegalMoveError:
    """``move`` is refused with exactly ``error`` and ``rule``, and ``state`` is unchanged.

    Also checks :func:`pushrummy.is_legal` and (with ``in_legal_moves``) that the move is not
    among the legal moves.
    """
    snap = snapshot(state)
    with pytest.raises(pr.IllegalMoveError) as info:
        pr.apply_move(state, move)
    err = info.value
    assert type(err) is error, f"{type(err).__name__} ({err}) instead of {error.__name__}"
    assert err.rule == rule, f"rule {err.rule!r} ({err}) instead of {rule!r}"
    assert err.rule in RULE_IDS
    assert err.phase is state.phase
    assert err.seat == getattr(move, "seat", None)
    assert err.move == move
    assert_unchanged(state, snap)
    with pytest.raises(error):
        pr.check_move(state, move)
    assert not pr.is_legal(state, move)
    assert_unchanged(state, snap)
    if in_legal_moves and contracts_ready():
        assert move not in pr.legal_moves(state)
    return err


def wrong_type(message: str) -> str:
    """The ``match`` pattern of the TypeError a wrong Python type raises: pushrummy's own
    ``message``; in the compiled build (docs/speed.rst) also mypyc's entry check of a
    compiled function's annotated argument ("bool object expected; got int")."""
    if pr.compiled:
        return f"{message}|object expected; got "
    return message


def three_runs_hand(
    rng: random.Random,
    *,
    lowest: int,
    extras: Sequence[str],
    swap: float,
    swaps: Sequence[str],
) -> str:
    """13 cards around three runs of 4 (an all-out deal's, [out.all_out]): three suits, each a
    run starting from ``lowest`` to 9, one card of ``extras``, and with probability ``swap`` one
    of the twelve run cards replaced by one of ``swaps`` (so that some hands lay down all out and
    some do not)."""
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    cards: list[str] = []
    for suit in rng.sample("CDHS", 3):
        start = rng.randint(lowest, 9)
        cards += [f"{names.get(r, str(r))}{suit}" for r in range(start, start + 4)]
    cards.append(rng.choice(list(extras)))
    if rng.random() < swap:
        place = rng.randrange(12)
        cards[place] = swaps[0] if len(swaps) == 1 else rng.choice(list(swaps))
    return " ".join(cards)
