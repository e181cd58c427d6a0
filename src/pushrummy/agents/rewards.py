"""Rewards: what the environments give each seat, written once for all of them.

Every seat gets its *side's* reward (in Push both partners the same): an outcome (+1 to
every seat of a side that wins alone, 0 to the seats of sides sharing the win, -1 to every
other seat) or points (minus the penalty points a deal added to the side, [score.out],
[score.exhausted]). A game's outcome is the engine's ([game.end]: the lowest total wins);
a deal's outcome, for one-deal episodes, is the same rule applied to that deal's penalties.

>>> import pushrummy as pr
>>> from pushrummy.agents.rewards import deal_winners, seat_outcomes
>>> seat_outcomes(pr.PUSH, 4, (1,))
(-1.0, 1.0, -1.0, 1.0)
>>> deal_winners((40, 40, 75))
(0, 1)
>>> seat_outcomes(pr.CAP_IT, 4, deal_winners((40, 40, 75, 90)))
(0.0, 0.0, -1.0, -1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..state import DealResult, GameState
from ..variants import Variant

__all__ = ["Episode", "Rewards", "deal_winners", "seat_outcomes", "seat_points", "step_rewards"]

Rewards = Literal["outcome", "points"]
"""The kinds of reward: ``"outcome"`` (+1, 0, -1 at the episode's end) or ``"points"``
(minus the penalty points of every deal)."""
Episode = Literal["game", "deal"]
"""The episodes: a whole game, or one deal."""


def deal_winners(penalties: Sequence[int]) -> tuple[int, ...]:
    """The sides with the fewest penalty points (``penalties`` by side): a deal's winners,
    by the rule that decides a game on its totals ([game.end]).

    Raises:
        ValueError: ``penalties`` is empty.
    """
    low = min(penalties)
    return tuple(side for side, points in enumerate(penalties) if points == low)


def seat_outcomes(variant: Variant, players: int, winners: Sequence[int]) -> tuple[float, ...]:
    """Every seat's outcome reward when the sides ``winners`` won: +1 to the seats of a
    side that won alone, 0 to the seats of sides sharing the win, -1 to every other seat.

    Raises:
        TypeError: ``players`` is not an int.
    """
    alone = len(winners) == 1
    return tuple(
        (1.0 if alone else 0.0) if variant.side_of(seat) in winners else -1.0
        for seat in range(players)
    )


def seat_points(variant: Variant, players: int, result: DealResult) -> tuple[float, ...]:
    """Every seat's points reward for a deal: minus the penalty points it added to the
    seat's side.

    Raises:
        TypeError: ``players`` is not an int.
    """
    return tuple(-float(result.penalties[variant.side_of(seat)]) for seat in range(players))


def step_rewards(
    before: GameState, after: GameState, rewards: Rewards, episode: Episode
) -> tuple[float, ...] | None:
    """Every seat's reward for the move from ``before`` to ``after``, or ``None`` when it
    gives none (no deal ended): ``"points"`` after every deal; ``"outcome"`` at the
    episode's end — the deal's outcome with one-deal episodes, the game's otherwise.

    Raises:
        TypeError: ``before`` or ``after`` is not a :class:`~pushrummy.state.GameState`.

    >>> import pushrummy as pr
    >>> start = pr.new_game(pr.PUSH.replace(max_turns_per_deal=4), seed=3)
    >>> end = pr.play_game(start, [pr.GreedyBot()] * 4)
    >>> step_rewards(start, start, "outcome", "game") is None
    True
    >>> sum(step_rewards(start, end, "outcome", "game"))
    0.0
    """
    for state in (before, after):
        if not isinstance(state, GameState):
            raise TypeError(f"states must be GameStates, not {type(state).__name__}")
    variant, players = after.variant, after.players
    if len(after.results) > len(before.results):
        if rewards == "points":
            return seat_points(variant, players, after.results[-1])
        if episode == "deal":
            return seat_outcomes(variant, players, deal_winners(after.results[-1].penalties))
    if rewards == "outcome" and after.outcome is not None and episode == "game":
        return seat_outcomes(variant, players, after.outcome.winners)
    return None
