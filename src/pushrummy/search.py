"""A determinised search bot: perfect-information Monte Carlo over :func:`sample_state`.

:class:`SearchBot` decides the choices that matter most in Push — take or push, and which
card to discard — by trying each candidate on many *determinisations* of its view (full
states its seat cannot tell from the real one, :func:`~pushrummy.sampling.sample_state`)
and playing each out with fast :class:`~pushrummy.bots.GreedyBot` rollouts:

1. The candidates: in the draw phase, take and push; in the play phase, when GreedyBot
   would discard, the few discards GreedyBot ranks best (``discards``, default 3). Every
   other decision (lay-downs, lay-offs, new melds, exchanges) is GreedyBot's: melding
   what can be melded is nearly always right, and it keeps the search small.
2. The budget: ``playouts`` determinisations per decision (default 12; each candidate is
   played out on the same ones, so their difference is not noise from the deal), fewer if
   ``time_limit`` (seconds) runs out first — at least one each. With ``min_playouts``
   (default 4), the search stops early once that many are played and no candidate's
   total score is ahead of GreedyBot's choice (which would then be kept whatever the
   margin): most decisions are not close, and the time saved goes to those that are.
3. A rollout plays every seat with GreedyBot until the deal ends or ``horizon`` more turns
   have been played (default 6, about 16 moves), and scores the deal from the bot's side:
   its side's penalty less the mean of the other sides'. If the deal ended, its real
   penalties; otherwise, with ``evaluation="fitted"`` (the default), each side's expected
   points (:func:`fitted_penalties`: hand points, and a bonus for a seat that has laid
   down, less for every card it still holds), with ``"hands"`` the hands' points as if the
   stock ran out ([score.exhausted]).
4. GreedyBot's choice is played unless another candidate's mean score is lower by more
   than ``margin`` standard errors of the paired differences (same determinisations):
   one deal's score varies by tens of points, and a bot that follows that noise plays
   worse than GreedyBot.

The defaults are the cheap end of what was measured: a rollout to the deal's end is
about 80 moves, most of a decision's time is spent in rollouts, and with 32 full
rollouts a decision (the defaults before) a whole game cost about 100 s of CPU for the
searching side against about 10 s now; on the paired-deal proxy
(``benchmarks/bots.py --deals``, new seeds) the cheaper settings were no weaker. The
Agents page gives the measurements and the bot's strength against GreedyBot.

Deterministic for a seed when ``time_limit`` is ``None``: the random stream of a decision
is derived from the seed and the position (deal and number of events), so the same seed
and the same view give the same move. With a time limit, how many determinisations fit
depends on the machine.

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH.replace(max_turns_per_deal=200), seed=1)
>>> me = pr.view(state, state.current_player)
>>> bot = pr.SearchBot(seed=3, playouts=4)
>>> bot.choose(me) in me.legal_moves, bot.choose(me) == pr.SearchBot(seed=3, playouts=4).choose(me)
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import attrs

from .bots import GreedyBot, no_move_error
from .engine import apply_move
from .errors import SetupError
from .moves import Discard, Move
from .sampling import sample_state
from .scoring import deal_penalties
from .state import DEAL_PHASES, GameState, Phase
from .views import PlayerView, view

__all__ = ["DOWN_CARD_WEIGHT", "DOWN_WEIGHT", "HAND_WEIGHT", "SearchBot", "fitted_penalties"]

_IN_DEAL = DEAL_PHASES
_NO_HORIZON = 1 << 62
_EVALUATIONS = ("hands", "fitted")


# The weights of fitted_penalties: least squares over the turn starts of 750 all-GreedyBot
# Push deals (seeds 600000-600149), as ``python benchmarks/search_eval.py`` prints them.
HAND_WEIGHT = 0.166
"""Expected points per point of cards in a seat's hand."""
DOWN_WEIGHT = -23.9
"""Expected points for a seat that has laid down the contract (it may soon go out)."""
DOWN_CARD_WEIGHT = 3.53
"""Expected points per card still held by a seat that has laid down."""


def fitted_penalties(state: GameState) -> tuple[float, ...]:
    """Each side's expected points for the deal under way: SearchBot's ``"fitted"`` evaluation.

    A deal cut short is worth less than its hands' points: who goes out decides most of it,
    and a seat that has laid down with few cards left is likely to. So each seat counts
    ``HAND_WEIGHT`` per point of its hand ([score.values]) and, once it has laid down,
    ``DOWN_WEIGHT`` plus ``DOWN_CARD_WEIGHT`` per card it holds; a side counts its seats.
    The weights are a least-squares fit of all-GreedyBot Push deals' final scores
    (``benchmarks/search_eval.py``); they explain little of a deal's score early in the deal
    (a few percent of its variance in the first 16 turns, about 13% after 30 turns).

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=1)
    >>> points = [pr.hand_value(hand, state.variant) for hand in state.hands]
    >>> expected = [HAND_WEIGHT * (points[side] + points[side + 2]) for side in (0, 1)]
    >>> [round(a - b, 9) for a, b in zip(fitted_penalties(state), expected)]  # nobody is down
    [0.0, 0.0]

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState`.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    variant = state.variant
    values = variant.card_values
    sides = [0.0] * variant.side_count(state.players)
    for seat, hand in enumerate(state.hands):
        points = HAND_WEIGHT * sum(values[0 if c.rank is None else c.rank] for c in hand)
        if state.laid_down[seat]:
            points += DOWN_WEIGHT + DOWN_CARD_WEIGHT * len(hand)
        sides[variant.side_of(seat)] += points
    return tuple(sides)


def _check_count(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < least:
        raise SetupError(f"{name} must be at least {least}, not {value}")
    return value


class SearchBot:
    """Picks take/push and discards by determinised Monte Carlo search (see the module).

    Args:
        seed: the bot's random seed (an int).
        playouts: determinisations per decision (at least 1).
        time_limit: seconds a decision may take at most (roughly: a rollout under way is
            finished), or ``None`` for no limit; at least one determinisation is played.
        discards: how many discards (GreedyBot's best) are compared (at least 1).
        horizon: the most turns a rollout plays before scoring the hands (at least 1), or
            ``None`` to play every rollout to the deal's end.
        margin: how many standard errors a candidate's mean score must beat GreedyBot's
            choice by for the bot to play it instead (at least 0; 0 plays the best mean).
        min_playouts: the fewest determinisations before the search may stop early
            because no candidate is ahead of GreedyBot's choice (at least 2; more than
            ``playouts`` counts as ``playouts``), or ``None`` never to stop early.
        evaluation: how a rollout cut short at the horizon is scored: ``"fitted"`` (each
            side's expected points, :func:`fitted_penalties`) or ``"hands"`` (the hands'
            points, as if the stock ran out, [score.exhausted]).

    Raises:
        TypeError: an argument has the wrong type.
        SetupError: a count is below its least value, ``margin`` is negative,
            ``time_limit`` is not positive, or ``evaluation`` is not one of the two.
    """

    __slots__ = (
        "_greedy",
        "discards",
        "evaluation",
        "horizon",
        "margin",
        "min_playouts",
        "playouts",
        "seed",
        "time_limit",
    )

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 12,
        time_limit: float | None = None,
        discards: int = 3,
        horizon: int | None = 6,
        margin: float = 1.0,
        min_playouts: int | None = 4,
        evaluation: str = "fitted",
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self.seed = seed
        self.playouts = _check_count("playouts", playouts, 1)
        if min_playouts is not None:
            # More than playouts is playouts (no early stop): the default of 4 stays valid
            # with fewer playouts.
            min_playouts = min(_check_count("min_playouts", min_playouts, 2), self.playouts)
        self.min_playouts = min_playouts
        self.discards = _check_count("discards", discards, 1)
        self.horizon = None if horizon is None else _check_count("horizon", horizon, 1)
        if isinstance(margin, bool) or not isinstance(margin, (int, float)):
            raise TypeError(f"margin must be a number, not {type(margin).__name__}")
        if not margin >= 0:
            raise SetupError(f"margin must be at least 0, not {margin}")
        self.margin = float(margin)
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
                raise TypeError(
                    f"time_limit must be a number or None, not {type(time_limit).__name__}"
                )
            if not time_limit > 0:
                raise SetupError(f"time_limit must be positive, not {time_limit}")
        self.time_limit = time_limit
        if not isinstance(evaluation, str):
            raise TypeError(f"evaluation must be a str, not {type(evaluation).__name__}")
        if evaluation not in _EVALUATIONS:
            raise SetupError(
                f"evaluation must be one of {', '.join(_EVALUATIONS)}, not {evaluation!r}"
            )
        self.evaluation = evaluation
        self._greedy = GreedyBot()

    def __repr__(self) -> str:
        return (
            f"SearchBot(seed={self.seed}, playouts={self.playouts}, "
            f"time_limit={self.time_limit}, discards={self.discards}, horizon={self.horizon}, "
            f"margin={self.margin}, min_playouts={self.min_playouts}, "
            f"evaluation={self.evaluation!r})"
        )

    def choose(self, view: PlayerView) -> Move:
        """The move with the best mean rollout score among the candidates.

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
            NotYourTurnError: it is not the view's seat's turn ([turn.seat]).
            GameOverError: the game is over ([game.end]).
        """
        if not isinstance(view, PlayerView):
            raise TypeError(f"SearchBot.choose expects a PlayerView, not {type(view).__name__}")
        moves = view.legal_moves
        if not moves:
            raise no_move_error(view, self)
        greedy = self._greedy.choose(view)
        candidates = self._candidates(view, greedy)
        if len(candidates) < 2:
            return greedy
        return self._search(view, candidates)

    def _candidates(self, view: PlayerView, greedy: Move) -> list[Move]:
        """The moves worth comparing, GreedyBot's choice first."""
        if view.phase is Phase.DRAW:
            return [greedy, *(m for m in view.legal_moves if m != greedy)]
        if not isinstance(greedy, Discard):
            return [greedy]
        chosen: list[Move] = [greedy]
        rest: list[Move] = [m for m in view.legal_moves if isinstance(m, Discard) and m != greedy]
        while rest and len(chosen) < self.discards:
            # GreedyBot's next best discard: its choice among the discards not taken yet.
            pick = self._greedy.choose(attrs.evolve(view, legal_moves=tuple(rest)))
            chosen.append(pick)
            rest.remove(pick)
        return chosen

    def _search(self, view: PlayerView, candidates: list[Move]) -> Move:
        rng = random.Random(f"pushrummy-search:{self.seed}:{view.deal_number}:{len(view.events)}")
        limit = self.time_limit
        deadline = None if limit is None else time.perf_counter() + limit
        scores: list[list[float]] = [[] for _ in candidates]
        least = self.playouts if self.min_playouts is None else self.min_playouts
        for played in range(self.playouts):
            if played and deadline is not None and time.perf_counter() > deadline:
                break
            if played >= least and not any(
                sum(scores[i]) < sum(scores[0]) for i in range(1, len(candidates))
            ):
                break  # no candidate is ahead of GreedyBot's choice: it will be kept
            sample = sample_state(view, rng)
            for index, move in enumerate(candidates):
                scores[index].append(self._rollout(apply_move(sample, move), view.seat))
        # Leave GreedyBot's choice (candidate 0) only for a candidate that beats it clearly:
        # its mean score, paired by determinisation, lower by more than ``margin`` standard
        # errors. Deal scores are noisy, and following noise plays worse than GreedyBot.
        base = scores[0]
        best, best_gain = 0, 0.0
        for index in range(1, len(candidates)):
            diffs = [a - b for a, b in zip(scores[index], base, strict=True)]
            count = len(diffs)
            mean = sum(diffs) / count
            if count < 2 or mean >= 0:
                continue
            spread = sum((d - mean) ** 2 for d in diffs) / (count - 1)
            error = (spread / count) ** 0.5
            if -mean > self.margin * error and -mean > best_gain:
                best, best_gain = index, -mean
        return candidates[best]

    def _rollout(self, state: GameState, seat: int) -> float:
        """Play ``state`` on with GreedyBot for every seat until the deal ends or the horizon
        is reached; the score of the deal for ``seat``'s side (lower is better)."""
        greedy = self._greedy
        start = state.turn
        horizon = _NO_HORIZON if self.horizon is None else self.horizon
        while state.phase in _IN_DEAL and state.turn - start < horizon:
            mover = state.current_player
            assert mover is not None
            state = apply_move(state, greedy.choose(view(state, mover)))
        if state.phase not in _IN_DEAL:
            penalties: Sequence[float] = state.results[-1].penalties
        elif self.evaluation == "fitted":
            penalties = fitted_penalties(state)
        else:
            penalties = deal_penalties(state.hands, state.variant, None)
        side = state.variant.side_of(seat)
        others = [p for s, p in enumerate(penalties) if s != side]
        return penalties[side] - sum(others) / len(others)
