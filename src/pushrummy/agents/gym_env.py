"""A single-agent Gymnasium environment: one seat learns, bots play the others.

Needs the ``rl`` extra (``pip install "pushrummy[rl]"``). :class:`SeatEnv` is a standard
``gymnasium.Env`` (``reset``/``step``, ``Discrete(n)`` actions, the observation dict of
:class:`~pushrummy.agents.arrays.Features` with its action mask) for one *learning* seat;
every other seat is a :class:`~pushrummy.bots.Bot` of your choice — a ``GreedyBot``, a
``SearchBot``, a ``RandomBot``, or any policy through :class:`PolicyBot` — and in Push the
learner's partner is a bot too. The bots' moves, and the deals between deals, are played
inside ``step``, so every step is one token of the learner. It passes Gymnasium's
``check_env``.

* **Seat** (``seat=``): the learner's seat, or ``None`` for a seat drawn at every
  ``reset`` (so that one policy learns every seat's position).
* **Actions, observations, rewards, episodes**: as the PettingZoo environment
  (:mod:`pushrummy.agents.pettingzoo_env`: ``rewards``, ``episode``, ``normalize``,
  ``history``), the reward being the learner's seat's. :meth:`SeatEnv.action_masks` gives
  the mask as booleans (what ``sb3_contrib``'s ``MaskablePPO`` asks an environment for).
* **Illegal tokens** (``illegal_reward=``): a token the mask does not allow ends the
  episode with reward ``illegal_reward`` (default -1.0, a loss) and ``info["illegal"]``
  true, so that an algorithm without masks (and Gymnasium's ``check_env``, which steps
  random actions) can run; ``None`` raises :class:`~pushrummy.agents.codec.ActionError`
  instead.
* **Seeds**: ``reset(seed=s)`` deals the same game for the same ``s``; the episode repeats
  when the bots are deterministic (``GreedyBot``; a ``RandomBot`` draws from its own
  stream, which the environment does not reset).
* ``info`` holds ``seat`` (the learner's), ``deal`` (the deal number) and, at the end of
  an episode, ``totals`` (every side's penalty total).

>>> import pushrummy as pr
>>> from pushrummy.agents.gym_env import SeatEnv
>>> env = SeatEnv(pr.PUSH.replace(max_turns_per_deal=30), opponent=pr.GreedyBot())
>>> observation, info = env.reset(seed=1)
>>> observation["observation"].shape, int(observation["action_mask"].sum()), info["seat"]
((1603,), 2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..bots import Bot, GreedyBot
from ..engine import apply_move, new_game
from ..errors import SetupError
from ..moves import Move, NextDeal
from ..state import GameState, Phase
from ..variants import PUSH, Variant
from ..views import PlayerView, view
from .arrays import Features, require_rl
from .codec import ActionCodec, ActionError
from .rewards import Episode, Rewards, step_rewards

if TYPE_CHECKING:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
else:
    try:
        import gymnasium
        import numpy as np
        from gymnasium import spaces
    except ImportError:  # the rl extra is not installed: arrays.require_rl says so
        gymnasium = None

__all__ = ["ENV_ID", "Policy", "PolicyBot", "SeatEnv", "random_policy"]

Policy = Callable[[dict[str, Any]], int]
"""A policy on tokens: from an observation dict (``"observation"``, ``"action_mask"``) to
a token."""

_EnvBase: Any = object if gymnasium is None else gymnasium.Env

ENV_ID = "pushrummy/Seat-v0"
"""The id :class:`SeatEnv` is registered under with Gymnasium (``gymnasium.make(ENV_ID,
**arguments)``) when this module is imported with the extra installed."""


def random_policy(seed: int) -> Policy:
    """A policy that picks a uniformly random token the mask allows (a baseline).

    Raises:
        ImportError: the ``rl`` extra is not installed.
    """
    require_rl("random_policy")
    rng = np.random.default_rng(seed)

    def choose(observation: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(observation["action_mask"])))

    return choose


class PolicyBot:
    """A :class:`~pushrummy.bots.Bot` that plays a token policy: it spells its move one
    token at a time, asking ``policy`` with the observation each environment would give.

    Args:
        policy: from an observation dict to a token (a trained network's masked argmax,
            :func:`random_policy` …).
        variant: the rules.
        players: the player count (default: the variant's smallest).
        normalize, history: the observations' options, as the environment it learnt in.

    Raises:
        ImportError: the ``rl`` extra is not installed.
        TypeError: ``policy`` is not callable, or ``variant`` not a
            :class:`~pushrummy.variants.Variant`; or as :class:`~pushrummy.agents.arrays.Features`.

    >>> import pushrummy as pr
    >>> bot = PolicyBot(random_policy(0), pr.PUSH)
    >>> me = pr.view(pr.new_game(pr.PUSH, seed=1), 3)
    >>> bot.choose(me) in me.legal_moves
    True
    """

    __slots__ = ("features", "policy")

    def __init__(
        self,
        policy: Policy,
        variant: Variant = PUSH,
        players: int | None = None,
        *,
        normalize: bool = False,
        history: bool = False,
    ) -> None:
        if not callable(policy):
            raise TypeError(f"policy must be callable, not {type(policy).__name__}")
        if not isinstance(variant, Variant):
            raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
        if players is None:
            players = variant.player_counts[0]
        self.policy = policy
        self.features = Features(variant, players, normalize=normalize, history=history)

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r})"

    def choose(self, view: PlayerView) -> Move:
        """The move the policy spells for ``view``.

        Raises:
            ActionError: the policy chose a token its mask did not allow.
            TypeError: the policy returned something that is not an int.
        """
        codec = self.features.codec
        prefix: tuple[int, ...] = ()
        while True:
            token = codec.check_token(self.policy(self.features.observe(view, prefix)), prefix)
            prefix = (*prefix, token)
            move = codec.complete(view, prefix)
            if move is not None:
                return move


class SeatEnv(_EnvBase):  # type: ignore[misc]
    """One learning seat against bots, as a ``gymnasium.Env`` (the module says what it
    offers).

    Args:
        variant: the rules (default ``PUSH``; give it a ``max_turns_per_deal``).
        players: the player count (default: the variant's smallest).
        seat: the learner's seat, or ``None`` for a seat drawn at every reset.
        opponent: the bot of every opponent seat (default ``GreedyBot()``), or a sequence
            of bots, one per opponent seat in turn order after the learner.
        partner: the bot of the learner's partners (Push; default ``GreedyBot()``).
        rewards: ``"outcome"`` or ``"points"``.
        episode: ``"game"`` or ``"deal"``.
        normalize: observations divided by their bounds (in [0, 1]).
        history: observations followed by the information state's history vector.
        render_mode: ``None`` or ``"ansi"``.
        illegal_reward: the reward of a token the mask forbids, which ends the episode;
            ``None``: such a token raises.

    Attributes:
        features: the :class:`~pushrummy.agents.arrays.Features` of the observations.
        codec: the :class:`~pushrummy.agents.codec.ActionCodec` of the actions.
        bots: the bot of every seat (``None`` at the learner's).

    Raises:
        ImportError: the ``rl`` extra is not installed.
        TypeError: an argument has the wrong type (a bot without ``choose``).
        SetupError: ``seat`` is not a seat, or the opponents are not one per opponent seat.
        VariantError: the variant is not played by ``players`` players.
        ValueError: ``rewards``, ``episode`` or ``render_mode`` is not one of the values
            above.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        variant: Variant = PUSH,
        players: int | None = None,
        *,
        seat: int | None = 0,
        opponent: Bot | Sequence[Bot] | None = None,
        partner: Bot | None = None,
        rewards: Rewards = "outcome",
        episode: Episode = "game",
        normalize: bool = False,
        history: bool = False,
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
    ) -> None:
        require_rl("the single-agent environment")
        if not isinstance(variant, Variant):
            raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
        if players is None:
            players = variant.player_counts[0]
        self.features = Features(variant, players, normalize=normalize, history=history)
        self.codec: ActionCodec = self.features.codec
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise SetupError(f"seat must be a seat 0…{players - 1} or None, not {seat!r}")
        if rewards not in ("outcome", "points"):
            raise ValueError(f"rewards must be 'outcome' or 'points', not {rewards!r}")
        if episode not in ("game", "deal"):
            raise ValueError(f"episode must be 'game' or 'deal', not {episode!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.variant = variant
        self.players = players
        self.fixed_seat = seat
        self.reward_kind: Rewards = rewards
        self.episode: Episode = episode
        self.render_mode = render_mode
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self._over = False
        self._opponents = _opponents(opponent, players, variant)
        self._partner = GreedyBot() if partner is None else _checked_bot(partner, "partner")
        self.observation_space = self.features.space
        self.action_space: spaces.Discrete[Any] = spaces.Discrete(self.codec.size)
        self._rng = random.Random()
        self._game: GameState | None = None
        self._seat = 0 if seat is None else seat
        self._prefix: tuple[int, ...] = ()
        self._view: PlayerView | None = None
        self.bots: tuple[Bot | None, ...] = ()

    # -- the Gymnasium API ----------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start an episode (a new game; with ``episode="deal"`` and no ``seed``, the game's
        next deal if it has one) and play the bots up to the learner's first decision.
        ``options`` is accepted and unused.

        Raises:
            TypeError: ``seed`` is neither an int nor ``None``.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
            self._rng = random.Random(seed)
        super().reset(seed=seed)
        game = self._game
        if seed is None and game is not None and game.phase is Phase.BETWEEN_DEALS:
            state = apply_move(game, NextDeal())
        else:
            if self.fixed_seat is None:
                self._seat = self._rng.randrange(self.players)
            self.bots = self._seat_bots()
            state = new_game(self.variant, seed=self._rng.getrandbits(63), players=self.players)
        self._prefix = ()
        self._over = False
        self._advance(state, state)
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play one token of the learner, then the bots up to its next decision.

        Raises:
            TypeError: ``action`` is not an int (a NumPy integer is one).
            ActionError: ``action`` is out of range or not allowed now (its mask bit is 0)
                and ``illegal_reward`` is ``None``.
            RuntimeError: the environment has not been reset, or the episode is over.
        """
        state = self._state()
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        seen = self._seen()
        try:
            token = self.codec.check_token(action, self._prefix)
            prefix = (*self._prefix, token)
            move = self.codec.complete(seen, prefix)
        except ActionError:
            if self.illegal_reward is None:
                raise
            self._over = True
            return self._observation(), self.illegal_reward, True, False, self._info(True)
        reward = 0.0
        if move is None:
            self._prefix = prefix
        else:
            self._prefix = ()
            before = state
            state, reward = self._advance(before, apply_move(before, move))
        self._over = state.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER)
        return self._observation(), reward, self._over, False, self._info()

    def render(self) -> str | None:
        """The position as text from the learner's view (``"ansi"``), else ``None``.

        Raises:
            RuntimeError: the environment has not been reset.
        """
        if self.render_mode is None:
            return None
        seen = self._seen()
        return (
            f"seat {seen.seat}, deal {seen.deal_number} ({seen.contract}), {seen.phase.value}, "
            f"hand {' '.join(map(str, seen.hand))}, upcard {seen.upcard or '-'}, "
            f"totals {' '.join(map(str, seen.totals))}"
        )

    # -- beyond the API ---------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The learner's seat in the current episode."""
        return self._seat

    @property
    def game_state(self) -> GameState:
        """The game's :class:`~pushrummy.state.GameState` (hidden information included).

        Raises:
            RuntimeError: the environment has not been reset.
        """
        return self._state()

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The learner's action mask as booleans (``sb3_contrib``'s ``MaskablePPO`` asks
        an environment for it by this name).

        Raises:
            RuntimeError: the environment has not been reset.
        """
        mask: np.ndarray[Any, Any] = self.features.mask(self._seen(), self._prefix) == 1
        return mask

    # -- inside -----------------------------------------------------------------------------

    def _state(self) -> GameState:
        if self._game is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self._game

    def _seen(self) -> PlayerView:
        if self._view is None:
            self._view = view(self._state(), self._seat)
        return self._view

    def _seat_bots(self) -> tuple[Bot | None, ...]:
        """The bot of every seat for the learner at ``self._seat``."""
        bots: list[Bot | None] = [None] * self.players
        mine = self.variant.side_of(self._seat)
        others = iter(self._opponents)
        for step in range(1, self.players):
            other = (self._seat + step) % self.players
            if self.variant.side_of(other) == mine:
                bots[other] = self._partner
            else:
                bots[other] = next(others)
        return tuple(bots)

    def _advance(self, before: GameState, state: GameState) -> tuple[GameState, float]:
        """Play the bots (and the deals) from ``state`` up to the learner's decision or the
        episode's end; the learner's reward since ``before``."""
        reward = 0.0
        while True:
            earned = step_rewards(before, state, self.reward_kind, self.episode)
            if earned is not None:
                reward += earned[self._seat]
            before = state
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.BETWEEN_DEALS:
                if self.episode == "deal":
                    break
                state = apply_move(state, NextDeal())
                continue
            seat = state.current_player
            assert seat is not None
            if seat == self._seat:
                break
            bot = self.bots[seat]
            assert bot is not None
            state = apply_move(state, bot.choose(view(state, seat)))
        self._game = state
        self._view = None
        return state, reward

    def _observation(self) -> dict[str, Any]:
        state = self._state()
        prefix = self._prefix if state.current_player == self._seat else ()
        return self.features.observe(self._seen(), prefix)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        state = self._state()
        info: dict[str, Any] = {"seat": self._seat, "deal": state.deal_number}
        if state.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER):
            info["totals"] = state.totals
        if illegal:
            info["illegal"] = True
        return info


def _checked_bot(bot: object, name: str) -> Bot:
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"{name} must be a bot with a choose(view) method, not {bot!r}")
    return bot  # type: ignore[return-value]


def _opponents(
    opponent: Bot | Sequence[Bot] | None, players: int, variant: Variant
) -> tuple[Bot, ...]:
    """One bot per opponent seat."""
    count = sum(1 for seat in range(1, players) if variant.side_of(seat) != variant.side_of(0))
    if opponent is None:
        return (GreedyBot(),) * count
    if isinstance(opponent, Sequence) and not isinstance(opponent, (str, bytes)):
        bots = tuple(_checked_bot(bot, "opponent") for bot in opponent)
        if len(bots) != count:
            raise SetupError(f"{len(bots)} opponents given for {count} opponent seats")
        return bots
    return (_checked_bot(opponent, "opponent"),) * count


if gymnasium is not None and ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=SeatEnv, disable_env_checker=True)  # type: ignore[arg-type]
