"""Hypothesis invariants over whole random and greedy playouts (DESIGN.md §7).

For ``PUSH``, ``CAP_IT`` with 4, 5 and 6 players and several house-rule combinations, games are
played to the end by a seeded random policy (and by :class:`pushrummy.GreedyBot`), and:

* every state accounts for the whole deck (108 or 162 cards), with a consistent phase;
* the game ends in ``GAME_OVER`` with an :class:`~pushrummy.Outcome`; every deal's penalties
  equal the cards left in the shown hands, and the totals their sum;
* the same seed and the same move choices replay to identical states;
* on sampled states: every legal move applies (the input state untouched), corrupted moves are
  refused with the right error class and rule id (the input untouched), and
  ``is_legal(s, m) == (m in legal_moves(s))`` for legal and corrupted candidates alike.

The random policy pushes only towards hands of at most 14 cards: the contract search is slow on
very large hands with many wilds, and the proof does not need them (the greedy games and
``test_golden`` exhaust the stock).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pushrummy as pr
from engine_helpers import assert_rejected, snapshot
from engine_helpers import assert_unchanged as _unchanged
from pushrummy import (
    CAP_IT,
    PUSH,
    ContractNotMetError,
    DealEnd,
    Discard,
    End,
    ExchangeWild,
    IllegalMoveError,
    LayDown,
    LayOff,
    NewMeld,
    NextDeal,
    Phase,
    Push,
    Rank,
    Take,
)
from pushrummy.cards import ALL_CARDS, Card, make_deck
from pushrummy.errors import (
    CardNotInHandError,
    GameOverError,
    NotYourTurnError,
    WrongPhaseError,
)
from pushrummy.melds import Meld, MeldKind
from pushrummy.state import GameState
from pushrummy.variants import (
    BuryPosition,
    LayoffTargets,
    PushTo,
    ShortStockPush,
    Stakes,
    WildExchange,
    WildLimit,
)

rule = pytest.mark.rule

CONFIGS: dict[str, tuple[pr.Variant, int]] = {
    "push": (PUSH.replace(max_turns_per_deal=60), 4),
    "cap_it_4": (CAP_IT.replace(max_turns_per_deal=60), 4),
    "cap_it_5": (CAP_IT.replace(max_turns_per_deal=70), 5),
    "cap_it_6": (CAP_IT.replace(max_turns_per_deal=80), 6),
    "house_previous_forbidden_keep_wilds": (
        PUSH.replace(
            max_turns_per_deal=80,
            push_to=PushTo.PREVIOUS,
            short_stock_push=ShortStockPush.FORBIDDEN,
            may_discard_wild=False,
            must_discard_to_go_out=True,
            bury_position=BuryPosition.BOTTOM,
        ),
        4,
    ),
    "house_exchange_team_next_turn": (
        PUSH.replace(
            max_turns_per_deal=80,
            wild_exchange=WildExchange.ANY_IN_RUNS,
            layoff_targets=LayoffTargets.TEAM,
            same_turn_after_contract=False,
            may_rediscard_taken=True,
            contract_exact_sizes=True,
        ),
        4,
    ),
    "house_strict_wilds_stakes": (
        CAP_IT.replace(
            max_turns_per_deal=70,
            wild_limit=WildLimit.AT_MOST_NATURALS,
            min_naturals_per_meld=1,
            max_run_length=13,
            stakes=Stakes(ante=10, round_prize=3),
        ),
        5,
    ),
    "house_own_no_new_melds_values": (
        PUSH.replace(
            max_turns_per_deal=100,
            new_melds_after_contract=False,
            layoff_targets=LayoffTargets.OWN,
            short_stock_push=ShortStockPush.END_WITHOUT_TRANSFER,
            card_values={Rank.ACE: 1, "JK": 50, Rank.KING: 25},
        ),
        4,
    ),
    "house_jokers_fewer_previous_stakes": (
        CAP_IT.replace(
            max_turns_per_deal=80,
            wild_exchange=WildExchange.JOKERS_IN_RUNS,
            wild_limit=WildLimit.FEWER_THAN_NATURALS,
            push_to=PushTo.PREVIOUS,
            stakes=Stakes(ante=7, round_prize=5),
        ),
        6,
    ),
}

MELD_MOVES = (LayDown, LayOff, NewMeld, ExchangeWild)
MAX_RECEIVER_HAND = 14


# -- playouts -----------------------------------------------------------------------------------


def random_policy(rng: random.Random) -> Callable[[GameState, tuple[Any, ...]], Any]:
    """Seeded random choices: meld actions are preferred, pushes kept to moderate hands."""

    def choose(state: GameState, moves: tuple[Any, ...]) -> Any:
        if state.phase is Phase.DRAW:
            seat = state.current_player
            assert seat is not None
            step = 1 if state.variant.push_to is PushTo.NEXT else -1
            receiver = (seat + step) % state.players
            small = len(state.hands[receiver]) < MAX_RECEIVER_HAND - 1
            if Push(seat) in moves and small and rng.random() < 0.5:
                return Push(seat)
            return Take(seat)
        melds = [m for m in moves if isinstance(m, MELD_MOVES)]
        if melds and rng.random() < 0.85:
            return rng.choice(melds)
        return rng.choice(moves)

    return choose


def greedy_policy(rng: random.Random) -> Callable[[GameState, tuple[Any, ...]], Any]:
    """GreedyBot for every seat, but a random legal move one time in ten."""
    bot = pr.GreedyBot()

    def choose(state: GameState, moves: tuple[Any, ...]) -> Any:
        seat = state.current_player
        if seat is None or rng.random() < 0.1:
            return rng.choice(moves)
        move = bot.choose(pr.view(state, seat))
        assert move in moves
        return move

    return choose


def playout(
    variant: pr.Variant, players: int, seed: int, policy: Callable[..., Any]
) -> tuple[list[GameState], list[Any]]:
    """A whole game: every state and every move on the way."""
    state = pr.new_game(variant, seed=seed, players=players)
    choose = policy(random.Random(seed))
    states, moves = [state], []
    while state.phase is not Phase.GAME_OVER:
        legal = pr.legal_moves(state)
        assert legal, f"no legal move in phase {state.phase}"
        move = choose(state, legal)
        state = pr.apply_move(state, move)
        states.append(state)
        moves.append(move)
        assert len(moves) < 20_000
    return states, moves


# -- invariants of single states ---------------------------------------------------------------


def check_state(state: GameState, deck: Counter[Card]) -> None:
    """Card conservation and phase consistency."""
    everything: Counter[Card] = Counter(state.stock)
    for h in state.hands:
        everything.update(h)
        assert list(h) == sorted(h)
    for tm in state.table:
        everything.update(tm.meld.cards)
    if state.upcard is not None:
        everything[state.upcard] += 1
    assert everything == deck
    assert state.card_count() == sum(deck.values())
    assert [tm.id for tm in state.table] == list(range(len(state.table)))
    if state.phase is Phase.DRAW:
        assert state.current_player is not None and state.upcard is not None
        assert state.taken is None
    elif state.phase is Phase.PLAY:
        assert state.current_player is not None and state.upcard is None
    elif state.phase is Phase.LAYING_DOWN:
        # [contract.steps]: part of the contract is on the table, the rest still completable.
        seat = state.current_player
        assert seat is not None and state.upcard is None and not state.laid_down[seat]
        assert state.lay_down_so_far and state.contract_left
        assert pr.can_complete_contract(
            state.hands[seat],
            state.contract,
            state.variant,
            placed=[t.meld for t in state.lay_down_so_far],
            keep_card=state.variant.must_discard_to_go_out,
        )
    else:
        assert state.current_player is None
    finished = state.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER)
    assert len(state.results) == state.deal_number - (0 if finished else 1)
    assert (state.outcome is not None) == (state.phase is Phase.GAME_OVER)
    sums = [sum(r.penalties[side] for r in state.results) for side in range(state.side_count)]
    assert tuple(sums) == state.totals


def points(card: Card, variant: pr.Variant) -> int:
    return variant.card_values[0 if card.rank is None else int(card.rank)]


def check_final(state: GameState) -> None:
    """The outcome and every deal's score, recomputed from the shown hands."""
    variant = state.variant
    assert state.phase is Phase.GAME_OVER
    assert len(state.results) == len(variant.deals)
    for number, result in enumerate(state.results, start=1):
        assert result.deal_number == number
        expected = [0] * state.side_count
        out_side = None if result.went_out is None else variant.side_of(result.went_out)
        for seat, hand in enumerate(result.hands):
            if variant.side_of(seat) != out_side:
                expected[variant.side_of(seat)] += sum(points(x, variant) for x in hand)
        assert result.penalties == tuple(expected)
        if result.ended_by is DealEnd.OUT:
            assert result.went_out is not None and result.hands[result.went_out] == ()
        else:
            assert result.went_out is None
            assert all(result.hands)
    outcome = state.outcome
    assert outcome is not None
    assert outcome.totals == state.totals
    low = min(state.totals)
    assert outcome.winners == tuple(s for s, t in enumerate(state.totals) if t == low)
    if variant.stakes is None:
        assert outcome.stakes is None
    else:
        stakes = outcome.stakes
        assert stakes is not None
        assert stakes.pot == variant.stakes.ante * state.players
        assert sum(stakes.net) == -stakes.left_in_pot
        assert stakes.left_in_pot == 0
        assert all(
            stakes.final_prizes[s] == 0 for s in range(state.players) if s not in outcome.winners
        )


# -- corrupted moves ------------------------------------------------------------------------------


def reseat(move: Any, seat: int) -> Any:
    return attrs.evolve(move, seat=seat)


def corrupted(state: GameState) -> list[tuple[Any, type[IllegalMoveError], str]]:
    """Moves that must be refused here, with the error class and rule id expected."""
    out: list[tuple[Any, type[IllegalMoveError], str]] = []
    if state.phase is Phase.GAME_OVER:
        return [
            (NextDeal(), GameOverError, "turn.between"),
            (Take(0), GameOverError, "turn.between"),
        ]
    if state.phase is Phase.BETWEEN_DEALS:
        seat = (state.dealer + 1) % state.players
        return [
            (Take(seat), WrongPhaseError, "turn.between"),
            (Discard(seat, ALL_CARDS[0]), WrongPhaseError, "turn.between"),
        ]
    seat = state.current_player
    assert seat is not None
    other = (seat + 1) % state.players
    hand = state.hands[seat]
    out.append((NextDeal(), WrongPhaseError, "turn.between"))
    for move in pr.legal_moves(state)[:6]:
        out.append((reseat(move, other), NotYourTurnError, "turn.seat"))
    if state.phase is Phase.DRAW:
        out.append((Discard(seat, hand[0]), WrongPhaseError, "draw.choice"))
        out.append((LayOff(seat, hand[0], 0, None), WrongPhaseError, "draw.choice"))
        return out
    out.append((Take(seat), WrongPhaseError, "draw.choice"))
    out.append((Push(seat), WrongPhaseError, "draw.choice"))
    missing = next(x for x in ALL_CARDS if x not in hand)
    if state.phase is Phase.LAYING_DOWN:
        # [contract.steps]: nothing but the rest of the lay-down.
        out.append((Discard(seat, hand[0]), WrongPhaseError, "contract.steps"))
        out.append((LayOff(seat, hand[0], 0, End.LOW), WrongPhaseError, "contract.steps"))
        out.append((LayDown(seat, ()), ContractNotMetError, "contract.laydown"))
        assert all(isinstance(step, LayDown) for step in pr.legal_moves(state))
        return out
    out.append((Discard(seat, missing), CardNotInHandError, "turn.holds"))
    if not state.laid_down[seat]:
        out.append((LayOff(seat, hand[0], 0, End.LOW), ContractNotMetError, "layoff.when"))
        wilds = pr.parse_cards("JK JK JK")
        out.append(
            (
                NewMeld(seat, Meld(MeldKind.SET, wilds, rank=Rank.KING)),
                ContractNotMetError,
                "layoff.when",
            )
        )
    else:
        if state.table:
            out.append(
                (LayDown(seat, (state.table[0].meld,)), IllegalMoveError, "contract.laydown")
            )
        if state.variant.same_turn_after_contract or not state.laid_down_this_turn:
            out.append(
                (LayOff(seat, hand[0], len(state.table), None), IllegalMoveError, "layoff.card")
            )
    if state.variant.wild_exchange is WildExchange.NONE:
        out.append((ExchangeWild(seat, 0, 1, hand[0]), IllegalMoveError, "layoff.exchange"))
    return out


def candidates(state: GameState) -> list[Any]:
    """Plausible moves, legal or not, to compare is_legal with legal_moves."""
    if state.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER):
        return [NextDeal(), Take(0)]
    seat = state.current_player
    assert seat is not None
    moves: list[Any] = [NextDeal()]
    for s in range(state.players):
        moves += [Take(s), Push(s)]
    values = sorted(set(ALL_CARDS))
    moves += [Discard(seat, x) for x in values]
    moves += [Discard((seat + 1) % state.players, x) for x in state.hands[seat][:3]]
    hand_values = sorted(set(state.hands[seat]))
    for tm in state.table:
        for x in hand_values:
            moves += [LayOff(seat, x, tm.id, end) for end in (None, End.LOW, End.HIGH)]
        if tm.meld.kind is MeldKind.RUN:
            start = tm.meld.start
            assert start is not None
            for i in range(-1, len(tm.meld.cards) + 1):
                for x in hand_values:
                    moves.append(ExchangeWild(seat, tm.id, start + i, x))
    for x in hand_values[:2]:
        moves.append(LayOff(seat, x, len(state.table), End.HIGH))
    return moves


def check_sampled(state: GameState, deck: Counter[Card]) -> None:
    """Heavy checks on one state."""
    legal = pr.legal_moves(state)
    assert len(set(legal)) == len(legal)
    snap = snapshot(state)
    for move in legal:
        assert pr.is_legal(state, move)
        child = pr.apply_move(state, move)
        check_state(child, deck)
    _unchanged(state, snap)
    for move, error, rule_id in corrupted(state):
        assert_rejected(state, move, error, rule_id)
    legal_set = set(legal)
    for move in candidates(state):
        assert pr.is_legal(state, move) == (move in legal_set), move
    _unchanged(state, snap)


# -- the tests --------------------------------------------------------------------------------


def run_checks(name: str, seed: int, policy: Callable[..., Any], samples: int) -> None:
    variant, players = CONFIGS[name]
    deck = Counter(make_deck(variant.packs(players)))
    states, moves = playout(variant, players, seed, policy)
    for state in states:
        check_state(state, deck)
    check_final(states[-1])
    # determinism: the same seed and the same choices replay to the same states
    state = pr.new_game(variant, seed=seed, players=players)
    assert state == states[0]
    for i, move in enumerate(moves):
        state = pr.apply_move(state, move)
        assert state == states[i + 1]
    # sampled heavy checks: the last state, the deal ends, and spread-out states
    rng = random.Random(seed)
    picks = {len(states) - 1}
    picks |= {i for i, s in enumerate(states) if s.phase is Phase.BETWEEN_DEALS}
    picks |= set(rng.sample(range(len(states)), min(samples, len(states))))
    for i in sorted(picks):
        check_sampled(states[i], deck)


SETTINGS = settings(
    derandomize=True,
    deadline=None,
    max_examples=6,
    suppress_health_check=[HealthCheck.too_slow],
)


@rule("setup.deck", "deal.random", "score.out", "score.exhausted", "game.end", "game.turn_limit")
@pytest.mark.parametrize("name", sorted(CONFIGS))
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_playouts(name: str, seed: int) -> None:
    run_checks(name, seed, random_policy, samples=12)


@rule("setup.deck", "deal.random", "draw.exhausted", "score.exhausted", "game.end")
@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(
    derandomize=True, deadline=None, max_examples=2, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_greedy_playouts(name: str, seed: int) -> None:
    run_checks(name, seed, greedy_policy, samples=8)


@rule("deal.random")
def test_different_seeds_give_different_games() -> None:
    variant, players = CONFIGS["push"]
    a, _ = playout(variant, players, 1, random_policy)
    b, _ = playout(variant, players, 2, random_policy)
    assert a[0] != b[0]
    assert a[-1].totals != b[-1].totals or a[-1].results != b[-1].results
