"""The single-agent Gymnasium environment (pushrummy.agents.gym_env): one learning seat,
bots at the others; and PolicyBot, a token policy playing as a bot.

Gymnasium's ``check_env`` on several configurations; the bots' moves played inside
``step``; rewards of the learner's seat against the engine's scores; one-deal episodes;
illegal tokens.

These tests need the ``rl`` extra. Without it they are skipped — except on CI (the ``CI``
variable set), which installs the extra (``.ci/run``): there a missing extra fails.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("CI"):
    import gymnasium  # CI installs the rl extra: a missing one is a failure there
else:
    gymnasium = pytest.importorskip("gymnasium", reason="the Gymnasium tests need the rl extra")

import numpy as np
from gymnasium.utils.env_checker import check_env

import pushrummy as pr
from pushrummy.agents import ActionError
from pushrummy.agents.gym_env import ENV_ID, PolicyBot, SeatEnv, random_policy

ROOT = Path(__file__).resolve().parent.parent
SHORT = pr.PUSH.replace(max_turns_per_deal=20)


class Recorder:
    """A bot that plays GreedyBot's moves and remembers the seats it was asked for."""

    def __init__(self) -> None:
        self.seats: list[int] = []
        self.greedy = pr.GreedyBot()

    def choose(self, view: pr.PlayerView) -> pr.Move:
        self.seats.append(view.seat)
        return self.greedy.choose(view)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"seat": None, "normalize": True, "history": True},
        {"episode": "deal", "rewards": "points", "partner": pr.RandomBot(3)},
        {"variant": pr.CAP_IT.replace(max_turns_per_deal=20), "players": 5, "seat": 3},
    ],
    ids=["default", "any-seat-normalised-history", "deal-points-random", "cap-it-5"],
)
def test_check_env(options: dict[str, Any]) -> None:
    options = {"variant": SHORT, **options}
    environment = gymnasium.make(ENV_ID, render_mode="ansi", **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(environment.unwrapped)
    assert not caught, [str(w.message) for w in caught]


def _episode(environment: SeatEnv, seed: int | None) -> tuple[float, int, dict[str, Any]]:
    """Masked random tokens to the episode's end: the summed reward, steps, last info."""
    observation, info = environment.reset(seed=seed)
    policy = random_policy(0 if seed is None else seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = observation["action_mask"]
        assert mask.any() and np.array_equal(environment.action_masks(), mask == 1)
        seen = pr.view(environment.game_state, environment.seat)
        assert seen.current_player == environment.seat  # every step is the learner's
        observation, reward, done, truncated, info = environment.step(policy(observation))
        assert not truncated
        total += reward
        steps += 1
    return total, steps, info


@pytest.mark.parametrize("seat", [0, 1])
def test_the_bots_play_the_other_seats(seat: int) -> None:
    opponent, partner = Recorder(), Recorder()
    environment = SeatEnv(SHORT, seat=seat, opponent=opponent, partner=partner)
    total, steps, info = _episode(environment, seed=5)
    state = environment.game_state
    assert state.phase is pr.Phase.GAME_OVER and info["totals"] == state.totals
    assert set(partner.seats) == {(seat + 2) % 4}
    assert set(opponent.seats) == {(seat + 1) % 4, (seat + 3) % 4}
    winners = state.outcome.winners  # type: ignore[union-attr]
    mine = SHORT.side_of(seat)
    assert total == ((1.0 if len(winners) == 1 else 0.0) if mine in winners else -1.0)
    assert steps > 20


def test_points_over_a_game_are_minus_the_sides_total() -> None:
    environment = SeatEnv(SHORT, seat=1, rewards="points")
    total, _, _ = _episode(environment, seed=6)
    assert total == -environment.game_state.totals[1] != 0


def test_one_deal_episodes() -> None:
    environment = SeatEnv(SHORT, episode="deal", rewards="points")
    deals = []
    for episode in range(3):
        total, _, info = _episode(environment, seed=7 if episode == 0 else None)
        state = environment.game_state
        assert state.phase in (pr.Phase.BETWEEN_DEALS, pr.Phase.GAME_OVER)
        deals.append(info["deal"])
        assert total == -state.results[-1].penalties[0]
    assert deals == [1, 2, 3]


def test_any_seat_and_repeatable() -> None:
    environment = SeatEnv(SHORT, seat=None)
    seats = set()
    for seed in range(12):
        _, info = environment.reset(seed=seed)
        seats.add(info["seat"])
    assert seats == {0, 1, 2, 3}
    first, second = SeatEnv(SHORT), SeatEnv(SHORT)
    a, _ = first.reset(seed=3)
    b, _ = second.reset(seed=3)
    assert first.game_state == second.game_state
    assert np.array_equal(a["observation"], b["observation"])


def test_illegal_tokens() -> None:
    environment = SeatEnv(SHORT, illegal_reward=-3.0)
    observation, _ = environment.reset(seed=1)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, done, _, info = environment.step(forbidden)
    assert (reward, done, info["illegal"]) == (-3.0, True, True)
    with pytest.raises(RuntimeError, match="episode is over"):
        environment.step(0)
    strict = SeatEnv(SHORT, illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(ActionError, match="not allowed here"):
        strict.step(forbidden)


def test_bad_arguments() -> None:
    with pytest.raises(pr.SetupError, match="seat must be a seat 0…3"):
        SeatEnv(seat=4)
    with pytest.raises(pr.SetupError, match="3 opponents given for 2 opponent seats"):
        SeatEnv(opponent=[pr.GreedyBot()] * 3)
    with pytest.raises(TypeError, match="opponent must be a bot"):
        SeatEnv(opponent="greedy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="episode must be 'game' or 'deal'"):
        SeatEnv(episode="hand")  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="call reset"):
        SeatEnv().step(0)


def test_a_policy_plays_as_a_bot() -> None:
    # PolicyBot spells each move from the observations the environment gives: the policy
    # sees exactly the env's observation and mask at every token of the move.
    calls: list[dict[str, Any]] = []
    inner = random_policy(4)

    def policy(observation: dict[str, Any]) -> int:
        calls.append(observation)
        return inner(observation)

    bot = PolicyBot(policy, SHORT)
    end = pr.play_game(pr.new_game(SHORT, seed=9), [bot, pr.GreedyBot()] * 2)
    assert end.is_over and len(calls) > 50
    assert all(call["action_mask"][0:2].sum() <= 2 for call in calls)
    with pytest.raises(TypeError, match="policy must be callable"):
        PolicyBot(3)  # type: ignore[arg-type]


def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / "agents.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text)
    example = next(block for block in blocks if "evaluate(learner" in block)
    code = "\n".join(line[3:] for line in example.splitlines())
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/agents.rst", "exec"), namespace)
    printed = capsys.readouterr().out
    result = namespace["result"]
    assert printed.strip() == str(result)
    assert result.games == 8 and result.losses == 8  # what the page says
    assert str(result).startswith("win rate 0.000 ± 0.000 over 8 games (0 won, 0 shared, 8 lost)")


def test_a_vector_of_games() -> None:
    # Gymnasium's vector API steps N games together (the registered id); an episode's last
    # observation has an empty mask, and the next step resets that game, ignoring its action.
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", variant=SHORT)
    observation, info = envs.reset(seed=2)
    assert observation["observation"].shape == (3, 1603)
    assert observation["action_mask"].shape == (3, 276) and info["seat"].tolist() == [0] * 3
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(400):
        masks = observation["action_mask"]
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        observation, reward, terminated, _, _ = envs.step(np.array(actions))
        ended += int(terminated.sum())
        assert all(m.any() or t for m, t in zip(observation["action_mask"], terminated))
        assert set(reward[terminated].tolist()) <= {-1.0, 0.0, 1.0}
    envs.close()
    assert ended >= 3
