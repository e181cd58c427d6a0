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

from ..state import DealResult
from ..variants import Variant

__all__ = ["deal_winners", "seat_outcomes", "seat_points"]


def deal_winners(penalties: Sequence[int]) -> tuple[int, ...]:
    """The sides with the fewest penalty points (``penalties`` by side): a deal's winners,
    by the rule that decides a game on its totals ([game.end])."""
    low = min(penalties)
    return tuple(side for side, points in enumerate(penalties) if points == low)


def seat_outcomes(variant: Variant, players: int, winners: Sequence[int]) -> tuple[float, ...]:
    """Every seat's outcome reward when the sides ``winners`` won: +1 to the seats of a
    side that won alone, 0 to the seats of sides sharing the win, -1 to every other seat."""
    alone = len(winners) == 1
    return tuple(
        (1.0 if alone else 0.0) if variant.side_of(seat) in winners else -1.0
        for seat in range(players)
    )


def seat_points(variant: Variant, players: int, result: DealResult) -> tuple[float, ...]:
    """Every seat's points reward for a deal: minus the penalty points it added to the
    seat's side."""
    return tuple(-float(result.penalties[variant.side_of(seat)]) for seat in range(players))
