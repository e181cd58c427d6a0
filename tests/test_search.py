"""SearchBot: legal, deterministic for a seed, within its budget, and wrong input refused.

How well it plays is measured by benchmarks/bots.py, not here (no timing asserts).
"""

from __future__ import annotations

import random

import attrs
import pytest

import pushrummy as pr
from games import PRESETS, combinations, greedy, playout, variant_for
from pushrummy import search
from pushrummy.moves import Discard


def decision_points() -> list[pr.PlayerView]:
    """Views of the seat to move at positions of seeded games of every preset and house rule."""
    found = []
    for index, (preset, house) in enumerate(combinations()):
        game = playout(variant_for(preset, house), PRESETS[preset][1], index, greedy(0.2))
        picked = [s for s in game.states if s.current_player is not None]
        for state in picked[:: max(1, len(picked) // 6)]:
            assert state.current_player is not None
            found.append(pr.view(state, state.current_player))
    return found


@pytest.fixture(scope="module")
def views() -> list[pr.PlayerView]:
    """The decision points, computed when a test first needs them (not at collection, where
    every pytest-xdist worker, in the exhaustive run too, would play the games)."""
    return decision_points()


def test_the_views_include_draws_and_discards(views: list[pr.PlayerView]) -> None:
    assert {v.phase for v in views} >= {pr.Phase.DRAW, pr.Phase.PLAY}
    assert sum(1 for v in views if sum(isinstance(m, Discard) for m in v.legal_moves) > 1) > 5


def test_it_returns_a_legal_move_everywhere(views: list[pr.PlayerView]) -> None:
    bot = pr.SearchBot(seed=1, playouts=2, horizon=4)
    for me in views:
        assert bot.choose(me) in me.legal_moves


def test_it_is_deterministic_for_a_seed(views: list[pr.PlayerView]) -> None:
    for me in views[::9]:
        first = pr.SearchBot(seed=7, playouts=3, horizon=6).choose(me)
        assert pr.SearchBot(seed=7, playouts=3, horizon=6).choose(me) == first


def test_its_search_compares_the_candidates(
    monkeypatch: pytest.MonkeyPatch, views: list[pr.PlayerView]
) -> None:
    # In a draw it plays out both take and push; the budget is playouts per candidate.
    me = next(v for v in views if v.phase is pr.Phase.DRAW and len(v.legal_moves) == 2)
    calls: list[pr.Move] = []
    real = search.apply_move

    def counting(state: pr.GameState, move: pr.Move) -> pr.GameState:
        if state.phase is pr.Phase.DRAW and state.turn == me.turn:
            calls.append(move)
        return real(state, move)

    monkeypatch.setattr(search, "apply_move", counting)
    pr.SearchBot(seed=1, playouts=3, horizon=2).choose(me)
    assert sorted(map(str, calls)) == sorted(map(str, me.legal_moves * 3))


@pytest.fixture
def samples(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per determinisation SearchBot draws (its ``sample_state`` calls)."""
    drawn: list[int] = []
    real = search.sample_state

    def counting(view: pr.PlayerView, rng: random.Random) -> pr.GameState:
        drawn.append(1)
        return real(view, rng)

    monkeypatch.setattr(search, "sample_state", counting)
    return drawn


def test_a_tiny_time_limit_still_plays_one_determinisation(
    samples: list[int], views: list[pr.PlayerView]
) -> None:
    me = next(v for v in views if v.phase is pr.Phase.DRAW and len(v.legal_moves) == 2)
    move = pr.SearchBot(seed=1, playouts=50, time_limit=1e-9, horizon=2).choose(me)
    assert move in me.legal_moves
    assert len(samples) == 1


def test_min_playouts_stops_when_no_candidate_is_ahead(
    samples: list[int], views: list[pr.PlayerView]
) -> None:
    # With min_playouts, the search stops once GreedyBot's choice is ahead of every other
    # candidate (it would be kept): never fewer than min_playouts determinisations, never
    # more than playouts, and fewer in some positions.
    draws = [v for v in views if v.phase is pr.Phase.DRAW and len(v.legal_moves) == 2][:6]
    counts = []
    for me in draws:
        samples.clear()
        move = pr.SearchBot(seed=4, playouts=8, min_playouts=2, horizon=3).choose(me)
        assert move in me.legal_moves
        counts.append(len(samples))
    assert all(2 <= c <= 8 for c in counts)
    assert min(counts) < 8


def test_a_whole_game_against_greedy_bots() -> None:
    variant = variant_for("cap_it_4", max_turns=40)
    bots: list[pr.Bot] = [
        pr.SearchBot(seed=2, playouts=2, horizon=3),
        pr.GreedyBot(),
        pr.GreedyBot(),
        pr.GreedyBot(),
    ]
    end = pr.play_game(pr.new_game(variant, seed=3, players=4), bots)
    assert end.phase is pr.Phase.GAME_OVER


def test_it_moves_only_on_its_turn() -> None:
    state = pr.new_game(pr.PUSH, seed=1)
    assert state.current_player is not None
    other = (state.current_player + 1) % 4
    with pytest.raises(pr.NotYourTurnError):
        pr.SearchBot().choose(pr.view(state, other))


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="seed must be an int"):
        pr.SearchBot(seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="playouts must be an int"):
        pr.SearchBot(playouts=1.5)  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="playouts must be at least 1"):
        pr.SearchBot(playouts=0)
    with pytest.raises(TypeError, match="min_playouts must be an int"):
        pr.SearchBot(min_playouts=2.0)  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="min_playouts must be at least 2"):
        pr.SearchBot(min_playouts=1)
    assert pr.SearchBot(playouts=3, min_playouts=5).min_playouts == 3  # no early stop
    assert pr.SearchBot(playouts=3).min_playouts == 3  # the default, 4, too
    with pytest.raises(pr.SetupError, match="time_limit must be positive"):
        pr.SearchBot(time_limit=0)
    with pytest.raises(TypeError, match="time_limit must be a number"):
        pr.SearchBot(time_limit="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="evaluation must be a str"):
        pr.SearchBot(evaluation=1)  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="evaluation must be one of hands, fitted"):
        pr.SearchBot(evaluation="rollout")
    with pytest.raises(TypeError, match="expects a PlayerView"):
        pr.SearchBot().choose(pr.new_game(pr.PUSH, seed=1))  # type: ignore[arg-type]


def test_the_command_line_knows_the_search_bot() -> None:
    from pushrummy.cli.common import BOT_KINDS, bot_seed, make_bot, parse_bots

    assert "search" in BOT_KINDS
    assert parse_bots("greedy,search", 4) == ("greedy", "search", "greedy", "search")
    bot = make_bot("search", bot_seed(5, 1))
    assert isinstance(bot, pr.SearchBot)
    assert bot.seed == bot_seed(5, 1) != bot_seed(5, 3)  # seeded per game and seat


def test_the_fitted_evaluation_counts_hands_and_laid_down_seats() -> None:
    # From nobody down to one seat down, only that seat's side's expected points change, by
    # the laid-down weight and the per-card weight for every card it holds.
    state = pr.new_game(pr.PUSH.replace(max_turns_per_deal=200), seed=5)
    points = [pr.hand_value(hand, state.variant) for hand in state.hands]
    before = search.fitted_penalties(state)
    assert before == pytest.approx(
        [search.HAND_WEIGHT * (points[side] + points[side + 2]) for side in (0, 1)]
    )
    down = attrs.evolve(state, laid_down=(False, True, False, False))
    after = search.fitted_penalties(down)
    cards = len(state.hands[1])
    assert after[0] == pytest.approx(before[0])
    assert after[1] - before[1] == pytest.approx(
        search.DOWN_WEIGHT + search.DOWN_CARD_WEIGHT * cards
    )
    assert after[1] < before[1]  # with a starting hand, laying down is worth points
    with pytest.raises(TypeError, match="state must be a GameState"):
        search.fitted_penalties(pr.view(state, 0))  # type: ignore[arg-type]


def test_the_evaluation_scores_the_rollouts_cut_short(
    monkeypatch: pytest.MonkeyPatch, views: list[pr.PlayerView]
) -> None:
    # "fitted" scores a rollout stopped at the horizon with fitted_penalties, "hands" never.
    calls: list[pr.GameState] = []
    real = search.fitted_penalties

    def counting(state: pr.GameState) -> tuple[float, ...]:
        calls.append(state)
        return real(state)

    monkeypatch.setattr(search, "fitted_penalties", counting)
    me = next(v for v in views if v.phase is pr.Phase.DRAW and len(v.legal_moves) == 2)
    pr.SearchBot(seed=1, playouts=3, horizon=2, evaluation="hands").choose(me)
    assert not calls
    pr.SearchBot(seed=1, playouts=3, horizon=2, evaluation="fitted").choose(me)
    assert 0 < len(calls) <= 6  # one per rollout cut short: 3 determinisations, 2 candidates


def test_the_fitted_evaluation_is_deterministic_and_changes_choices(
    views: list[pr.PlayerView],
) -> None:
    push = [v for v in views if v.variant.side_count(v.players) == 2 and len(v.legal_moves) > 1]
    differ = checked = 0
    for me in push:  # until the two evaluations choose differently (or every position)
        fitted = pr.SearchBot(seed=3, playouts=4, horizon=3, margin=0, evaluation="fitted")
        move = fitted.choose(me)
        assert move in me.legal_moves
        again = pr.SearchBot(seed=3, playouts=4, horizon=3, margin=0, evaluation="fitted")
        assert again.choose(me) == move
        hands = pr.SearchBot(seed=3, playouts=4, horizon=3, margin=0, evaluation="hands")
        differ += move != hands.choose(me)
        checked += 1
        if differ and checked >= 8:
            break
    assert differ > 0, f"the evaluations agree at all {checked} positions"
