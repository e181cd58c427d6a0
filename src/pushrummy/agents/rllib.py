"""Ray RLlib: the environment creator, the module spec and a PPO configuration that runs.

Ray is **not** a dependency of pushrummy, nor of any of its extras (it pins its own
Gymnasium and brings PyTorch); install it beside the ``rl`` extra, with the CPU wheel of
PyTorch unless you train on a GPU (docs/agents.rst gives the command). This module imports
without Ray: every function imports it when called, and raises :class:`ImportError` naming
what to install when it is missing.

* :func:`env_creator` builds the PettingZoo environment
  (:class:`~pushrummy.agents.pettingzoo_env.PushRummyEnv`) from an RLlib ``env_config``
  dict, with the observation renamed as RLlib's action-masking module wants it
  (:class:`RLlibKeys`), inside RLlib's ``PettingZooEnv``;
* :func:`module_spec` is the ``MultiRLModuleSpec`` of one shared policy (self-play: every
  seat maps to it; partners share rewards, opponents' are opposite) with RLlib's
  ``ActionMaskingTorchRLModule``;
* :func:`ppo_config` puts them together: env runners sized from the CPUs present (one
  CPU is left to the driver and learner: asking for more runners than CPUs makes RLlib
  wait for them for ever), one-deal episodes by default (a whole Push game at 100 turns a
  deal is 1,050–1,400 tokens, longer than a runner's share of a batch, and an iteration
  that finishes no episode reports no returns), :data:`ENVS` environments stepped
  together in each runner (RLlib's work per step, most of a runner's time, is then shared
  by all of them), a batch of at least a few episodes per runner sampled in fragments of
  at most :data:`FRAGMENT` tokens per environment (one ``sample()`` call of a whole
  runner's share can outlast RLlib's 60-second ``sample_timeout_s`` on a slow or busy CPU,
  and the iteration then returns nothing), and a few epochs of large minibatches (PPO's 30
  epochs of 128 cost minutes of CPU per iteration);
* :func:`side_returns` reads the mean return of each side from a ``train()`` result
  (RLlib's ``episode_return_mean`` sums every agent's return, which is 0 in zero-sum Push).

On several machines nothing changes here: start a Ray cluster, and the env runners RLlib
places on the other nodes build their environments with :func:`env_creator` as on one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..errors import SetupError
from ..variants import CAP_IT, PUSH, Variant
from .arrays import require_rl
from .pettingzoo_env import PushRummyEnv

if TYPE_CHECKING:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo.utils import BaseWrapper
else:
    try:
        import numpy as np
        from gymnasium import spaces
        from pettingzoo.utils import BaseWrapper
    except ImportError:  # the rl extra is not installed: arrays.require_rl says so
        BaseWrapper = object

__all__ = [
    "ENVS",
    "ENV_NAME",
    "FRAGMENT",
    "POLICY",
    "RLlibKeys",
    "env_creator",
    "fragment_for",
    "make_env",
    "module_spec",
    "ppo_config",
    "runners_for",
    "side_returns",
]

ENV_NAME = "pushrummy"
"""The name :func:`ppo_config` registers :func:`env_creator` under with Ray Tune."""
POLICY = "shared"
"""The id of the one policy every seat maps to."""
FRAGMENT = 250
"""The tokens each environment of an env runner samples per ``sample()`` call in
:func:`ppo_config` (about a deal at 100 turns a deal: RLlib calls it again until the batch
is full)."""
ENVS = 16
"""The environments each env runner steps together in :func:`ppo_config`
(``num_envs_per_env_runner``): RLlib runs its module once for all of them per step, which
is most of a runner's time per token (with one environment a runner samples ~250 tokens a
CPU-second, with 16 ~1,200)."""

_VARIANTS = {"push": PUSH, "cap-it": CAP_IT}


def _require_ray() -> None:
    try:
        import ray.rllib  # noqa: F401
    except ImportError as error:
        raise ImportError(
            "this needs Ray RLlib and PyTorch: pip install torch --index-url "
            'https://download.pytorch.org/whl/cpu && pip install ".[rl]" "ray[rllib]" '
            f"({error})"
        ) from error


class RLlibKeys(BaseWrapper):  # type: ignore[misc]
    """The PettingZoo environment with its observation under ``"observations"`` and a float
    mask, as RLlib's ``ActionMaskingTorchRLModule`` reads them (it takes the mask's
    logarithm).

    Raises:
        ImportError: the ``rl`` extra is not installed.
    """

    def __init__(self, env: Any) -> None:
        require_rl("RLlibKeys")
        super().__init__(env)
        space = env.observation_space(env.possible_agents[0])  # the same for every agent
        mask = spaces.Box(0.0, 1.0, space["action_mask"].shape, np.float32)
        self._space = spaces.Dict({"observations": space["observation"], "action_mask": mask})

    def observation_space(self, agent: str) -> Any:
        """The renamed ``Dict`` space of ``agent`` (the same object every time)."""
        return self._space

    def observe(self, agent: str) -> dict[str, Any]:
        """The renamed observation of ``agent``.

        Raises:
            KeyError: ``agent`` is not one of the environment's agents.
            RuntimeError: the environment has not been reset.
        """
        seen = self.env.observe(agent)
        return {
            "observations": seen["observation"],
            "action_mask": seen["action_mask"].astype(np.float32),
        }


def make_env(config: Mapping[str, Any]) -> Any:
    """The PettingZoo environment of an ``env_config``, wrapped in :class:`RLlibKeys`
    (without RLlib's ``PettingZooEnv``: what :func:`env_creator` wraps).

    ``config`` keys: ``variant`` (a :class:`~pushrummy.variants.Variant`, or ``"push"`` /
    ``"cap-it"``; default Push), ``max_turns_per_deal`` (default 100, unless the variant has
    a lower limit), and any argument of
    :class:`~pushrummy.agents.pettingzoo_env.PushRummyEnv` (``players``, ``rewards``,
    ``episode`` — default ``"deal"`` —, ``normalize`` — default true —, ``history``,
    ``illegal_reward``).

    Raises:
        ImportError: the ``rl`` extra is not installed.
        SetupError: ``variant`` names no preset, or ``max_turns_per_deal`` is below 1.
        TypeError, ValueError, VariantError: as
            :class:`~pushrummy.agents.pettingzoo_env.PushRummyEnv`.
    """
    options = dict(config)
    variant = options.pop("variant", PUSH)
    if isinstance(variant, str):
        if variant not in _VARIANTS:
            raise SetupError(f"variant must be one of {sorted(_VARIANTS)}, not {variant!r}")
        variant = _VARIANTS[variant]
    limit = options.pop("max_turns_per_deal", 100)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise SetupError(f"max_turns_per_deal must be an int of at least 1, not {limit!r}")
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant or a preset's name, not {variant!r}")
    if variant.max_turns_per_deal is None or variant.max_turns_per_deal > limit:
        variant = variant.replace(max_turns_per_deal=limit)
    options.setdefault("episode", "deal")
    options.setdefault("normalize", True)
    return RLlibKeys(PushRummyEnv(variant, **options))


def env_creator(config: Mapping[str, Any]) -> Any:
    """RLlib's environment creator (``register_env(ENV_NAME, env_creator)``): RLlib's
    ``PettingZooEnv`` around :func:`make_env` of ``config``.

    Raises:
        ImportError: Ray RLlib or the ``rl`` extra is not installed.
        SetupError, TypeError, ValueError, VariantError: as :func:`make_env`.
    """
    _require_ray()
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    return PettingZooEnv(make_env(config))


def module_spec() -> Any:
    """The ``MultiRLModuleSpec`` of the one shared policy :data:`POLICY`, RLlib's
    ``ActionMaskingTorchRLModule`` (which samples only tokens the mask allows).

    Raises:
        ImportError: Ray RLlib is not installed.
    """
    _require_ray()
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    return MultiRLModuleSpec(
        rl_module_specs={POLICY: RLModuleSpec(module_class=ActionMaskingTorchRLModule)}
    )


def runners_for(wanted: int | None = None, cpus: int | None = None) -> int:
    """How many env runners to ask RLlib for: ``wanted`` (default: as many as there are
    CPUs to spare) but never more than the CPUs less one (``cpus``: default
    ``os.cpu_count()``), which the driver and the learner use. 0 means the driver samples.

    Raises:
        TypeError: ``wanted`` or ``cpus`` is neither an int nor ``None``.

    >>> runners_for(8, cpus=2), runners_for(None, cpus=16), runners_for(3, cpus=16)
    (1, 15, 3)
    """
    for name, value in (("wanted", wanted), ("cpus", cpus)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    spare = max(0, (cpus if cpus is not None else os.cpu_count() or 1) - 1)
    return spare if wanted is None else max(0, min(wanted, spare))


def _check_sizes(sizes: Iterable[tuple[str, object, int]]) -> None:
    """Each ``(name, value, minimum)``: a ``TypeError`` unless ``value`` is an int, a
    :class:`SetupError` if it is below ``minimum``."""
    for name, value, minimum in sizes:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if value < minimum:
            raise SetupError(f"{name} must be at least {minimum}, not {value}")


def fragment_for(batch: int, runners: int, envs: int) -> int:
    """The ``rollout_fragment_length`` of :func:`ppo_config`: the tokens each environment
    samples per call, at most :data:`FRAGMENT`, such that whole calls of every runner's
    environments (``runners``: 0 is the driver's one) fill ``batch`` within a few tokens
    (RLlib refuses a batch that fragments miss by more than 10%).

    >>> fragment_for(4000, 1, 16), fragment_for(1000, 1, 16), fragment_for(6000, 1, 16)
    (250, 63, 188)

    Raises:
        TypeError: ``batch``, ``runners`` or ``envs`` is not an int.
        SetupError: ``batch`` or ``envs`` is below 1, or ``runners`` below 0.
    """
    _check_sizes((("batch", batch, 1), ("runners", runners, 0), ("envs", envs, 1)))
    share = -(-batch // (max(1, runners) * envs))  # each environment's, rounded up
    calls = -(-share // FRAGMENT)
    return max(1, -(-share // calls))


def ppo_config(
    env_config: Mapping[str, Any] | None = None,
    *,
    runners: int | None = None,
    batch: int | None = None,
    minibatch: int = 500,
    epochs: int = 6,
    envs: int = ENVS,
) -> Any:
    """A ``PPOConfig`` that trains one shared masked policy on pushrummy.

    Args:
        env_config: the environment's options (:func:`make_env`); default one-deal
            episodes of Push, normalised observations.
        runners: the env runners wanted (capped by :func:`runners_for`).
        batch: the train batch per learner (default 4,000 per runner, at least 4,000:
            a deal at 100 turns is 150–250 tokens, so every runner finishes episodes).
        minibatch: PPO's minibatch (at most the batch).
        epochs: PPO's passes over each batch. RLlib's defaults, 30 epochs of 128, took
            7 minutes of learner time for a batch of 2,000 on a busy 2-core CPU.
        envs: the environments each runner steps together (:data:`ENVS`; RLlib's
            ``num_envs_per_env_runner``, synchronous); each samples at most
            :data:`FRAGMENT` tokens a call (:func:`fragment_for`).

    Raises:
        ImportError: Ray RLlib is not installed.
        TypeError: ``batch``, ``minibatch``, ``epochs`` or ``envs`` is not an int.
        SetupError: one of them is below 1.
    """
    sizes = (("minibatch", minibatch, 1), ("epochs", epochs, 1), ("envs", envs, 1))
    _check_sizes(sizes if batch is None else (("batch", batch, 1), *sizes))
    _require_ray()
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.tune.registry import register_env

    register_env(ENV_NAME, env_creator)
    count = runners_for(runners)
    size = batch or 4000 * max(1, count)
    return (
        PPOConfig()
        .environment(ENV_NAME, env_config=dict(env_config or {}), disable_env_checking=True)
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, *args, **kwargs: POLICY)
        .rl_module(rl_module_spec=module_spec())
        .env_runners(
            num_env_runners=count,
            num_envs_per_env_runner=envs,
            rollout_fragment_length=fragment_for(size, count, envs),
        )
        .training(
            train_batch_size_per_learner=size,
            minibatch_size=min(minibatch, size),
            num_epochs=epochs,
        )
    )


def side_returns(
    result: Mapping[str, Any], variant: Variant = PUSH, players: int | None = None
) -> dict[int, float]:
    """The mean episode return of each side in a ``train()`` result (the mean over the
    side's seats of RLlib's ``agent_episode_returns_mean``); ``{}`` when the iteration
    finished no episode.

    Raises:
        TypeError: ``result`` is not a mapping.

    >>> side_returns({"env_runners": {"agent_episode_returns_mean": {
    ...     "player_0": 0.5, "player_1": -0.5, "player_2": 0.5, "player_3": -0.5}}})
    {0: 0.5, 1: -0.5}
    """
    if not isinstance(result, Mapping):
        raise TypeError(f"result must be a mapping (a train() result), not {type(result).__name__}")
    means = result.get("env_runners", {}).get("agent_episode_returns_mean") or {}
    if players is None:
        players = variant.player_counts[0]
    sides: dict[int, list[float]] = {}
    for seat in range(players):
        value = means.get(f"player_{seat}")
        if value is not None:
            sides.setdefault(variant.side_of(seat), []).append(float(value))
    return {side: sum(values) / len(values) for side, values in sorted(sides.items())}
