"""A PettingZoo AEC environment: one agent per seat, one token per step.

Needs the ``rl`` extra (``pip install "pushrummy[rl]"``: PettingZoo, Gymnasium and NumPy).
The module imports without it, so that the package's tests and docs can see it, but
building an environment then raises :class:`ImportError` saying what to install.

* **Agents**: ``player_0`` … ``player_<P-1>``, one per seat; ``agent_selection`` is the seat
  to move. The chance step between deals (:class:`~pushrummy.moves.NextDeal`) is applied by
  the environment, so every step is a seat's.
* **Actions**: ``Discrete(n)``, the tokens of :class:`~pushrummy.agents.codec.ActionCodec`
  (``n`` = 276 for ``PUSH`` and ``CAP_IT`` with 4 players, 294 with 5 or 6). A move of
  several tokens (a lay-off, a meld) takes several steps of the same agent; the environment
  keeps the pending prefix and applies the move when its path is complete. A lay-down step
  with wild cards is two moves of the same agent, its shape then its wild cards
  ([contract.wilds]); the observation shows the shape in between. A token the mask
  does not allow raises :class:`~pushrummy.agents.codec.ActionError` (wrap the environment in
  PettingZoo's ``TerminateIllegalWrapper`` to end the game with a penalty instead).
* **Observations**: ``{"observation": float32 vector, "action_mask": int8 vector}``
  (:class:`~pushrummy.agents.arrays.Features`): the vector of
  :class:`~pushrummy.agents.observation.ObservationEncoder` from the agent's own
  :class:`~pushrummy.views.PlayerView` with its pending prefix — followed, with
  ``history=True``, by the information state's record of past play
  (:class:`~pushrummy.agents.history.HistoryEncoder`), and with ``normalize=True`` divided by
  its bounds (every number in [0, 1]) — and the mask of :meth:`ActionCodec.mask
  <pushrummy.agents.codec.ActionCodec.mask>` (all zeros when it is not the agent's turn).
* **Rewards** (``rewards=``), the same for partners (one side, one reward;
  :mod:`pushrummy.agents.rewards`):

  - ``"outcome"`` (default): 0 until the episode ends; then +1 to every seat of the side
    with the lowest total if it is alone, 0 to the seats of sides sharing the lowest total
    (a draw), -1 to every other seat ([game.end]). In Push this is zero-sum.
  - ``"points"``: after every deal, minus the penalty points that deal added to the seat's
    side ([score.out], [score.exhausted]); the sum over a game is minus the side's total.

* **Episodes** (``episode=``): ``"game"`` (default) is a whole game; ``"deal"`` is one
  deal, scored alone (``"outcome"``: the side with the fewest penalty points that deal wins
  it), so that a reward comes every few hundred steps. After a deal's episode,
  ``reset()`` without a seed goes on to the game's next deal (its totals in the
  observation), and to a new game after the last; ``reset(seed=...)`` starts a new game.
* **Terminations**: every agent at the episode's end; no truncation (give the variant a
  ``max_turns_per_deal`` to bound a deal, [game.turn_limit]).
* **Illegal tokens**: a token the mask does not allow raises
  :class:`~pushrummy.agents.codec.ActionError`; with ``illegal_reward=r`` it ends the
  episode instead, with ``r`` to every seat of the offender's *side* (its partner too: they
  share every other reward) and 0 to the others. PettingZoo's ``TerminateIllegalWrapper``
  penalises the offender alone, which in Push lets the partner profit from it.
* **Render**: ``"ansi"`` returns the position as text from the view of the agent to move
  (its hand, the table, the last events), ``"human"`` prints it.

Use :func:`env` (the environment in PettingZoo's ``OrderEnforcingWrapper``) or
:class:`PushRummyEnv` itself. See :doc:`/agents` for an example.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..engine import apply_move, new_game
from ..english import describe_event
from ..moves import Move, NextDeal
from ..state import GameState, Phase
from ..variants import PUSH, Variant
from ..views import PlayerView, view
from .arrays import Features
from .codec import ActionCodec, ActionError
from .observation import ObservationEncoder
from .rewards import Episode, Rewards, step_rewards

MISSING_EXTRA: ImportError | None = None
"""Why the ``rl`` extra cannot be imported, or ``None`` when it can."""

if TYPE_CHECKING:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
else:
    try:
        import numpy as np
        from gymnasium import spaces
        from pettingzoo import AECEnv
        from pettingzoo.utils.wrappers import OrderEnforcingWrapper
    except ImportError as error:  # the rl extra is not installed
        MISSING_EXTRA = error
        AECEnv = object

__all__ = ["PushRummyEnv", "env", "raw_env"]


_EVENTS_SHOWN = 6


class PushRummyEnv(AECEnv):  # type: ignore[misc]
    """Push or Cap-It as a PettingZoo AEC environment (the module says what it offers).

    Args:
        variant: the rules (default ``PUSH``).
        players: the player count (default: the variant's smallest).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        rewards: ``"outcome"`` or ``"points"``.
        episode: ``"game"`` or ``"deal"``.
        normalize: observations divided by their bounds (in [0, 1]).
        history: observations followed by the information state's history vector.
        illegal_reward: ``None`` (a token the mask forbids raises), or the reward of the
            offender's side when such a token ends the episode.

    Attributes:
        codec: the :class:`~pushrummy.agents.codec.ActionCodec` of the actions.
        encoder: the :class:`~pushrummy.agents.observation.ObservationEncoder` of the
            observations.
        features: the :class:`~pushrummy.agents.arrays.Features` that build them.

    Raises:
        ImportError: the ``rl`` extra (PettingZoo, Gymnasium, NumPy) is not installed.
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, or
            ``players`` not an int.
        VariantError: the variant is not played by ``players`` players.
        ValueError: ``render_mode``, ``rewards`` or ``episode`` is not one of the values
            above.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["ansi", "human"],
        "name": "pushrummy_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant = PUSH,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        rewards: Rewards = "outcome",
        episode: Episode = "game",
        normalize: bool = False,
        history: bool = False,
        illegal_reward: float | None = None,
    ) -> None:
        if MISSING_EXTRA is not None:
            raise ImportError(
                "the PettingZoo environment needs the rl extra: "
                f'pip install "pushrummy[rl]" ({MISSING_EXTRA})'
            ) from MISSING_EXTRA
        super().__init__()
        if not isinstance(variant, Variant):
            raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
        if players is None:
            players = variant.player_counts[0]
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if rewards not in ("outcome", "points"):
            raise ValueError(f"rewards must be 'outcome' or 'points', not {rewards!r}")
        if episode not in ("game", "deal"):
            raise ValueError(f"episode must be 'game' or 'deal', not {episode!r}")
        self.features = Features(variant, players, normalize=normalize, history=history)
        self.codec: ActionCodec = self.features.codec
        self.encoder: ObservationEncoder = self.features.encoder
        self.episode: Episode = episode
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self.variant = variant
        self.players = players
        self.render_mode = render_mode
        self.reward_kind: Rewards = rewards
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = dict.fromkeys(self.possible_agents, self.features.space)
        self.action_spaces: dict[str, spaces.Discrete[Any]] = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._game: GameState | None = None
        self._prefix: tuple[int, ...] = ()
        self._views: dict[int, PlayerView] = {}
        # Whether a step since the last clearing gave a reward: only then are the rewards
        # cleared and added up (most steps give none).
        self._rewarded = False

    # -- the PettingZoo API ---------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time).

        Raises:
            KeyError: ``agent`` is not one of the environment's agents.
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(n)``, the codec's tokens.

        Raises:
            KeyError: ``agent`` is not one of the environment's agents.
        """
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: from ``seed`` if given, else from the environment's own random
        stream (seeded by the last ``seed`` given). With ``episode="deal"`` and no ``seed``,
        go on to the next deal of the game if it has one. ``options`` is accepted and unused.

        Raises:
            TypeError: ``seed`` is neither an int nor ``None``.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
            self._rng = random.Random(seed)
        game = self._game
        if seed is None and game is not None and game.phase is Phase.BETWEEN_DEALS:
            self._set_game(_dealt(game))  # one-deal episodes: the game's next deal
        else:
            self._set_game(
                new_game(self.variant, seed=self._rng.getrandbits(63), players=self.players)
            )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The observation of ``agent``: its vector and its action mask.

        Raises:
            KeyError: ``agent`` is not one of the environment's agents.
            RuntimeError: the environment has not been reset.
        """
        seat = self._seats[agent]
        seen = self.view(agent)
        prefix = self._prefix if seat == self.game_state.current_player else ()
        return self.features.observe(seen, prefix)

    def step(self, action: int | None) -> None:
        """Play one token for the agent to move (``None`` for an agent whose game is over).

        Raises:
            TypeError: ``action`` is not an int (a NumPy integer is one).
            ActionError: ``action`` is out of range or not allowed now (its mask bit is 0),
                unless ``illegal_reward`` is set.
            ValueError: ``action`` is not ``None`` for an agent whose game is over.
            RuntimeError: the environment has not been reset.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        seat = self._seats[agent]
        try:
            token = self.codec.check_token(action)
            prefix = (*self._prefix, token)
            move = self.codec.complete(self.view(agent), prefix)
        except ActionError as error:  # say whose token it was
            if self.illegal_reward is not None:
                self._end_illegal(seat)
                return
            raise ActionError(f"{agent}: {error}", tokens=error.tokens, index=error.index) from None
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # else every reward is 0 already
            self._clear_rewards()
            self._rewarded = False
        if move is None:
            self._prefix = prefix
        else:
            assert state.current_player == seat
            self._play(move)
        if self._rewarded:  # else there is nothing to add
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as text, from the view of the agent to move (or of ``player_0``
        after the game): ``"ansi"`` returns it, ``"human"`` prints it.

        Raises:
            RuntimeError: the environment has not been reset.
        """
        if self.render_mode is None:
            return None
        text = self.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no process)."""

    # -- beyond the API -------------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        """The game's :class:`~pushrummy.state.GameState` (hidden information included).

        Raises:
            RuntimeError: the environment has not been reset.
        """
        if self._game is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self._game

    @property
    def pending_prefix(self) -> tuple[int, ...]:
        """The tokens chosen so far of the move the agent to move is spelling."""
        return self._prefix

    def view(self, agent: str) -> PlayerView:
        """What ``agent``'s seat may know now (its legal moves when it is to move).

        Raises:
            KeyError: ``agent`` is not one of the environment's agents.
            RuntimeError: the environment has not been reset.
        """
        seat = self._seats[agent]
        seen = self._views.get(seat)
        if seen is None:
            seen = self._views[seat] = view(self.game_state, seat)
        return seen

    def render_text(self) -> str:
        """The text :meth:`render` shows, whatever the render mode.

        Raises:
            RuntimeError: the environment has not been reset.
        """
        state = self.game_state
        seat = state.current_player if state.current_player is not None else 0
        seen = self.view(self.possible_agents[seat])
        lines = [
            f"{self.variant.name}, deal {seen.deal_number} of {len(self.variant.deals)} "
            f"({seen.contract}), {seen.phase.value}, "
            + (f"seat {seen.current_player} to move" if seen.current_player is not None else "")
        ]
        lines.append(
            f"upcard {seen.upcard or '-'}, stock {seen.stock_size}, totals "
            + " ".join(map(str, seen.totals))
        )
        for other in range(self.players):
            known = " ".join(map(str, seen.known[other]))
            down = ", laid down" if seen.laid_down[other] else ""
            lines.append(
                f"  seat {other}: {seen.hand_sizes[other]} cards{down}"
                + (f" (known: {known})" if known else "")
            )
        lines.append(f"seat {seat}'s hand: " + " ".join(map(str, seen.hand)))
        for table_meld in seen.table:
            lines.append(f"  meld {table_meld.id} (seat {table_meld.owner}): {table_meld.meld}")
        if seen.shape is not None:
            lines.append(f"shape: {seen.shape}, its wild cards next")
        if self._prefix:
            lines.append(f"spelling: {self.codec.describe(self._prefix)}")
        for event in seen.events[-_EVENTS_SHOWN:]:
            lines.append(f"  > {describe_event(event, you=seat)}")
        if seen.outcome is not None:
            winners = ", ".join(map(str, seen.outcome.winners))
            lines.append(f"game over: totals {seen.outcome.totals}, winning side(s) {winners}")
        return "\n".join(lines)

    # -- inside -------------------------------------------------------------------------

    def _set_game(self, state: GameState) -> None:
        self._game = state
        self._views = {}
        self._prefix = ()

    def _select(self) -> None:
        seat = self.game_state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _play(self, move: Move) -> None:
        state = apply_move(self.game_state, move)
        rewards = step_rewards(self.game_state, state, self.reward_kind, self.episode)
        if self.episode == "game":
            state = _dealt(state)  # chance: the environment deals
        self._set_game(state)
        if rewards is not None:
            for agent, seat in self._seats.items():
                self.rewards[agent] = rewards[seat]
            self._rewarded = True
        if state.phase in (Phase.GAME_OVER, Phase.BETWEEN_DEALS):
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()

    def _end_illegal(self, seat: int) -> None:
        """End the episode after seat ``seat``'s illegal token: ``illegal_reward`` to its
        side, 0 to the others."""
        assert self.illegal_reward is not None
        side = self.variant.side_of(seat)
        self._cumulative_rewards[self.agent_selection] = 0.0
        for agent, other in self._seats.items():
            same = self.variant.side_of(other) == side
            self.rewards[agent] = self.illegal_reward if same else 0.0
        self._rewarded = True
        self.terminations = dict.fromkeys(self.agents, True)
        self._prefix = ()
        self._accumulate_rewards()


def _dealt(state: GameState) -> GameState:
    """``state`` with the next deal dealt if it is between deals (the chance step)."""
    while state.phase is Phase.BETWEEN_DEALS:
        state = apply_move(state, NextDeal())
    return state


raw_env = PushRummyEnv
"""The environment without wrappers (PettingZoo's name for it)."""


def env(**kwargs: Any) -> OrderEnforcingWrapper:
    """:class:`PushRummyEnv` (``kwargs`` are its arguments) in PettingZoo's
    ``OrderEnforcingWrapper``, which refuses calls made before ``reset()``.

    Raises:
        ImportError: the ``rl`` extra is not installed.
        TypeError, VariantError, ValueError: as :class:`PushRummyEnv`.
    """
    environment = PushRummyEnv(**kwargs)  # first: it says when the extra is missing
    return OrderEnforcingWrapper(environment)
