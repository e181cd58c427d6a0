"""Evaluation: how often a policy beats an opponent, with its standard error.

:func:`evaluate` plays ``games`` seeded games of a policy (any :class:`~pushrummy.bots.Bot`;
a learner's token policy through :class:`~pushrummy.agents.gym_env.PolicyBot`) against an
opponent bot, **seats alternated**: in Push the policy plays one side (both partners,
unless a ``partner`` bot is given) and consecutive games deal the *same cards* with the
sides swapped, so that most of the cards' luck cancels; in Cap-It the policy plays one
seat, the opponent every other, and the same deal is played with the policy at each seat
in turn. Pure Python: no extra needed.

The result (:class:`Evaluation`) gives the win rate — wins over games, a game shared at
the lowest total counting as half a win — with its standard error
``sqrt(r (1 - r) / games)``, and the mean margin of points (the opponents' mean total less
the policy's side's, [game.end]) with its standard error. Games are independent but for
the pairing, which only lowers the variance, so the error is a conservative one.

>>> import pushrummy as pr
>>> from pushrummy.agents.evaluation import evaluate
>>> variant = pr.PUSH.replace(max_turns_per_deal=30)
>>> result = evaluate(pr.GreedyBot(), pr.RandomBot(1), games=4, seed=1, variant=variant)
>>> result.games, result.wins + result.draws + result.losses
(4, 4)
>>> result.win_rate > 0.5
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from ..bots import Bot
from ..engine import new_game
from ..errors import SetupError
from ..playing import play_game
from ..variants import PUSH, Variant

__all__ = ["Evaluation", "evaluate", "summarise"]


@attrs.frozen(slots=True)
class Evaluation:
    """The result of :func:`evaluate` (or :func:`summarise`).

    Attributes:
        games: games played.
        wins: games the policy's side won alone.
        draws: games it shared the win in.
        losses: games another side won.
        win_rate: ``(wins + draws / 2) / games``.
        standard_error: the win rate's standard error, ``sqrt(r (1 - r) / games)``.
        margin: the mean over games of the opponents' mean total less the policy's
            side's total (positive: the policy lost fewer points).
        margin_error: the margin's standard error (0 with one game).
    """

    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    standard_error: float
    margin: float
    margin_error: float

    def __str__(self) -> str:
        return (
            f"win rate {self.win_rate:.3f} ± {self.standard_error:.3f} over {self.games} "
            f"games ({self.wins} won, {self.draws} shared, {self.losses} lost), margin "
            f"{self.margin:+.1f} ± {self.margin_error:.1f} points"
        )


def summarise(scores: Sequence[float], margins: Sequence[float]) -> Evaluation:
    """An :class:`Evaluation` of games whose ``scores`` are 1 (won), 0.5 (shared) or 0
    (lost), with the margins of points of the same games.

    Raises:
        SetupError: no games, a score that is not 0, 0.5 or 1, or not one margin per game.

    >>> summarise([1, 0, 1, 1], [10, -5, 20, 15])
    Evaluation(games=4, wins=3, draws=0, losses=1, win_rate=0.75, standard_error=0.21650635094610965, margin=10.0, margin_error=5.400617248673217)
    """
    games = len(scores)
    if games == 0 or len(margins) != games:
        raise SetupError(f"{games} scores and {len(margins)} margins: one of each per game")
    wins = sum(1 for score in scores if score == 1)
    draws = sum(1 for score in scores if score == 0.5)
    losses = sum(1 for score in scores if score == 0)
    if wins + draws + losses != games:
        raise SetupError("a game's score is 1 (won), 0.5 (shared) or 0 (lost)")
    rate = (wins + draws / 2) / games
    mean = sum(margins) / games
    spread = sum((m - mean) ** 2 for m in margins) / (games - 1) if games > 1 else 0.0
    return Evaluation(
        games=games,
        wins=wins,
        draws=draws,
        losses=losses,
        win_rate=rate,
        standard_error=math.sqrt(rate * (1 - rate) / games),
        margin=mean,
        margin_error=math.sqrt(spread / games),
    )


def evaluate(
    policy: Bot,
    opponent: Bot,
    games: int,
    seed: int = 0,
    *,
    variant: Variant = PUSH,
    players: int | None = None,
    partner: Bot | None = None,
) -> Evaluation:
    """Play ``games`` games of ``policy`` against ``opponent``, seats alternated (the
    module says how), from seeds drawn from ``seed``; return the :class:`Evaluation`.

    Args:
        policy: the bot evaluated.
        opponent: the bot of every other side.
        games: how many games (at least 1; a multiple of the rotation — 2 in Push, the
            player count in Cap-It — plays every deal from every side).
        seed: the games' seeds are ``seed``, ``seed + 1`` … one per rotation.
        variant: the rules (give it a ``max_turns_per_deal`` so that games end).
        players: the player count (default: the variant's smallest).
        partner: the bot of the policy's partners (default: the policy itself).

    Raises:
        TypeError: ``games`` or ``seed`` is not an int, ``variant`` not a
            :class:`~pushrummy.variants.Variant`, or a bot has no ``choose`` method.
        SetupError: ``games`` is below 1.
        VariantError: the variant is not played by ``players`` players.
        IllegalMoveError: a bot chose an illegal move.
    """
    for name, value in (("games", games), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if games < 1:
        raise SetupError(f"games must be at least 1, not {games}")
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
    if players is None:
        players = variant.player_counts[0]
    ally = policy if partner is None else partner
    partnership = variant.side_count(players) < players
    rotation = variant.side_count(players) if partnership else players
    scores: list[float] = []
    margins: list[float] = []
    for number in range(games):
        turn = number % rotation  # the policy's side (Push) or seat (Cap-It)
        start = new_game(variant, seed=seed + number // rotation, players=players)
        if partnership:
            side = [seat for seat in range(players) if variant.side_of(seat) == turn]
            bots = [
                (policy if seat == side[0] else ally) if seat in side else opponent
                for seat in range(players)
            ]
        else:
            bots = [policy if seat == turn else opponent for seat in range(players)]
        end = play_game(start, bots)
        outcome = end.outcome
        assert outcome is not None
        mine = variant.side_of(turn) if not partnership else turn
        if mine not in outcome.winners:
            scores.append(0.0)
        else:
            scores.append(1.0 if len(outcome.winners) == 1 else 0.5)
        others = [total for side, total in enumerate(end.totals) if side != mine]
        margins.append(sum(others) / len(others) - end.totals[mine])
    return summarise(scores, margins)
