"""The Ray RLlib path (pushrummy.agents.rllib).

Without Ray: the environment RLlib gets (renamed observation, float mask, one-deal
episodes, normalised observations) plays a deal within its spaces, runners are never more
than the CPUs less one, and side returns are read per side. These need the ``rl`` extra
(skipped without it, except on CI, which installs it).

With Ray: ``test_one_ppo_iteration`` (marked ``rllib``, outside the default run and CI,
which install no Ray) builds :func:`~pushrummy.agents.rllib.ppo_config` and trains one tiny
iteration in a local Ray of 2 CPUs (one env runner; about a minute). It fails if the
environment RLlib builds or the module spec break: the module must be the masking one on
our spaces, a token the mask forbids raises in the runner (and fails ``train()``), the
iteration must sample its batch and finish deals, partners' returns must be equal and the
sides' opposite, and the losses finite. Run it with::

   pip install torch --index-url https://download.pytorch.org/whl/cpu
   pip install ".[rl,test]" "ray[rllib]"
   python -m pytest -m rllib -n 0 tests/test_agents_rllib.py
"""

from __future__ import annotations

import math
import os

import pytest

if os.environ.get("CI"):
    import pettingzoo  # CI installs the rl extra: a missing one is a failure there
else:
    pettingzoo = pytest.importorskip("pettingzoo", reason="these tests need the rl extra")

import numpy as np

import pushrummy as pr
from pushrummy.agents import rllib


def test_the_environment_rllib_gets() -> None:
    environment = rllib.make_env({"variant": "push", "max_turns_per_deal": 8})
    assert environment.unwrapped.episode == "deal"
    assert environment.unwrapped.variant.max_turns_per_deal == 8
    environment.reset(seed=1)
    agent = environment.agent_selection
    seen = environment.observe(agent)
    assert set(seen) == {"observations", "action_mask"}
    assert seen["action_mask"].dtype == np.float32 and seen["action_mask"].sum() == 2
    assert seen["observations"].min() >= 0.0 and seen["observations"].max() <= 1.0
    assert environment.observation_space(agent).contains(seen)
    assert environment.observation_space(agent) is environment.observation_space("player_3")
    # one deal to its end through the wrapper (PettingZoo's api_test samples actions with
    # the mask, which it wants as int8: the environment under it passes api_test with the
    # same options, tests/test_agents_pettingzoo.py)
    rng = np.random.default_rng(1)
    steps = 0
    for agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        assert environment.observation_space(agent).contains(observation)
        if termination or truncation:
            environment.step(None)
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    assert environment.unwrapped.game_state.phase is pr.Phase.BETWEEN_DEALS and steps > 8


def test_bad_env_configs() -> None:
    with pytest.raises(pr.SetupError, match="variant must be one of"):
        rllib.make_env({"variant": "gin"})
    with pytest.raises(pr.SetupError, match="max_turns_per_deal"):
        rllib.make_env({"max_turns_per_deal": 0})


def test_runners_leave_a_cpu() -> None:
    assert rllib.runners_for(8, cpus=2) == 1  # the recipe's 8 would hang on 2 CPUs
    assert rllib.runners_for(8, cpus=1) == 0
    assert rllib.runners_for(None, cpus=9) == 8
    assert rllib.runners_for(4, cpus=32) == 4


def test_side_returns() -> None:
    result = {
        "env_runners": {
            "episode_return_mean": 0.0,  # every agent's summed: always 0 in Push
            "agent_episode_returns_mean": {
                "player_0": 1.0,
                "player_1": -1.0,
                "player_2": 0.0,
                "player_3": -0.5,
            },
        }
    }
    assert rllib.side_returns(result) == {0: 0.5, 1: -0.75}
    assert rllib.side_returns({"env_runners": {}}) == {}
    cap_it = {"env_runners": {"agent_episode_returns_mean": {"player_4": 1.0}}}
    assert rllib.side_returns(cap_it, pr.CAP_IT, 5) == {4: 1.0}


def test_ppo_config_refuses_bad_sizes() -> None:  # checked before Ray is imported
    with pytest.raises(pr.SetupError, match="minibatch"):
        rllib.ppo_config(minibatch=0)
    with pytest.raises(TypeError, match="epochs"):
        rllib.ppo_config(epochs=2.0)  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="envs"):
        rllib.ppo_config(envs=0)
    with pytest.raises(TypeError, match="envs"):
        rllib.ppo_config(envs=None)  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="batch"):
        rllib.ppo_config(batch=0)


def test_fragment_for_fills_the_batch_and_refuses_bad_sizes() -> None:
    for batch, runners, envs in ((4000, 1, 16), (1000, 0, 16), (6000, 2, 3), (7, 1, 1)):
        fragment = rllib.fragment_for(batch, runners, envs)
        assert 1 <= fragment <= rllib.FRAGMENT
        calls = max(1, runners) * envs
        share = -(-batch // calls)
        assert -(-share // fragment) * fragment - share < -(-share // rllib.FRAGMENT)
    with pytest.raises(pr.SetupError, match="envs"):
        rllib.fragment_for(4000, 1, 0)
    with pytest.raises(pr.SetupError, match="runners"):
        rllib.fragment_for(4000, -1, 16)
    with pytest.raises(TypeError, match="batch"):
        rllib.fragment_for(4000.0, 1, 16)  # type: ignore[arg-type]


@pytest.mark.rllib
def test_one_ppo_iteration() -> None:
    pytest.importorskip("ray.rllib", reason="the RLlib smoke test needs ray[rllib] and torch")
    import ray
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    env_config = {"max_turns_per_deal": 20}
    batch = 1000
    ray.init(num_cpus=2, include_dashboard=False, ignore_reinit_error=True)
    try:
        config = rllib.ppo_config(env_config, runners=1, batch=batch, minibatch=250, epochs=1)
        # an env runner that raises (a token the mask forbids, an observation outside its
        # space) fails train() instead of being restarted into an iteration without samples
        config = config.fault_tolerance(restart_failed_env_runners=False)
        assert config.num_env_runners == 1 and config.num_envs_per_env_runner == rllib.ENVS
        assert config.rollout_fragment_length == -(-batch // rllib.ENVS)  # each env's share
        algo = config.build_algo() if hasattr(config, "build_algo") else config.build()
        try:
            module = algo.get_module(rllib.POLICY)
            result = algo.train()
        finally:
            algo.stop()
    finally:
        ray.shutdown()
    # the module spec: the masking module, on the spaces of the environment RLlib builds
    assert isinstance(module, ActionMaskingTorchRLModule)
    ours = rllib.make_env(env_config)
    assert module.observation_space_with_mask == ours.observation_space("player_0")
    assert module.action_space == ours.action_space("player_0")
    # the iteration sampled its batch and finished deals (one-deal episodes)
    assert "env_runners" in result, "the iteration sampled nothing"
    runners = result["env_runners"]
    assert runners["num_env_steps_sampled_lifetime"] >= batch, runners
    assert runners["num_episodes_lifetime"] >= 1, runners
    # partners share rewards, sides' are opposite (zero-sum)
    agents = runners["agent_episode_returns_mean"]
    assert agents["player_0"] == pytest.approx(agents["player_2"]), agents
    assert agents["player_1"] == pytest.approx(agents["player_3"]), agents
    sides = rllib.side_returns(result)
    assert set(sides) == {0, 1} and sides[0] == pytest.approx(-sides[1]), sides
    losses = result["learners"][rllib.POLICY]
    for name in ("total_loss", "policy_loss", "vf_loss", "entropy"):
        assert math.isfinite(losses[name]), (name, losses)
