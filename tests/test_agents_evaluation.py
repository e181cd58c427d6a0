"""Evaluation (pushrummy.agents.evaluation): the win rate and its standard error on known
coins, seats alternated, repeatable."""

from __future__ import annotations

import math
import random

import pytest

import pushrummy as pr
from pushrummy.agents.evaluation import evaluate, summarise

SHORT = pr.PUSH.replace(max_turns_per_deal=20)


@pytest.mark.parametrize("p", [0.1, 0.5, 0.8])
def test_the_standard_error_of_a_known_coin(p: float) -> None:
    # A coin of known bias p: the standard error is sqrt(r(1-r)/n) of the observed rate,
    # close to sqrt(p(1-p)/n), and the rate lies within 4 of them of p.
    rng = random.Random(int(p * 100))
    n = 4000
    scores = [1.0 if rng.random() < p else 0.0 for _ in range(n)]
    result = summarise(scores, [s * 10 - 5 for s in scores])
    assert result.wins == sum(scores) and result.losses == n - result.wins
    assert result.standard_error == pytest.approx(
        math.sqrt(result.win_rate * (1 - result.win_rate) / n)
    )
    assert result.standard_error == pytest.approx(math.sqrt(p * (1 - p) / n), rel=0.1)
    assert abs(result.win_rate - p) < 4 * result.standard_error
    # the margin is +5 for a win and -5 for a loss: mean 10r - 5, error 10 × the rate's
    assert result.margin == pytest.approx(10 * result.win_rate - 5)
    assert result.margin_error == pytest.approx(10 * result.standard_error * math.sqrt(n / (n - 1)))


def test_draws_count_half() -> None:
    result = summarise([1, 0.5, 0.5, 0], [1, 0, 0, -1])
    assert (result.wins, result.draws, result.losses, result.win_rate) == (1, 2, 1, 0.5)
    with pytest.raises(pr.SetupError, match=r"1 \(won\), 0\.5 \(shared\)"):
        summarise([0.7], [0])
    with pytest.raises(pr.SetupError, match="one of each per game"):
        summarise([], [])


class Seats:
    """GreedyBot, remembering the seats it played."""

    def __init__(self) -> None:
        self.seats: set[int] = set()

    def choose(self, view: pr.PlayerView) -> pr.Move:
        self.seats.add(view.seat)
        return pr.GreedyBot().choose(view)


def test_seats_alternate_and_the_same_bot_is_even() -> None:
    policy, opponent = Seats(), Seats()
    result = evaluate(policy, opponent, games=4, seed=3, variant=SHORT)
    assert policy.seats == opponent.seats == {0, 1, 2, 3}
    # GreedyBot against itself on the same deals from both sides: every pair of games is
    # one win each (or two shared), so the rate is exactly one half and the margin 0.
    assert result.win_rate == 0.5 and result.margin == 0.0
    again = evaluate(pr.GreedyBot(), pr.GreedyBot(), games=4, seed=3, variant=SHORT)
    assert (again.wins, again.draws, again.margin) == (result.wins, result.draws, 0.0)


def test_greedy_beats_random_in_cap_it() -> None:
    variant = pr.CAP_IT.replace(max_turns_per_deal=20)
    policy = Seats()
    result = evaluate(policy, pr.RandomBot(1), games=4, seed=2, variant=variant, players=4)
    assert policy.seats == {0, 1, 2, 3}
    assert result.win_rate > 0.5 and result.margin > 0


def test_bad_arguments() -> None:
    with pytest.raises(pr.SetupError, match="at least 1"):
        evaluate(pr.GreedyBot(), pr.GreedyBot(), games=0)
    with pytest.raises(TypeError, match="games must be an int"):
        evaluate(pr.GreedyBot(), pr.GreedyBot(), games=2.0)  # type: ignore[arg-type]
