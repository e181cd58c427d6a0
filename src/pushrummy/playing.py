"""The game loop: play a game to its end, with bots or any other source of moves.

One loop, :func:`drive`, serves everything that plays whole games: :func:`play_game`
(bots at every seat), the command line (``pushrummy play`` asks a person for one
seat's moves, ``watch`` narrates, ``simulate`` collects statistics) and your own
programs. It asks a *move source* for the move of each position, applies it with
:func:`~pushrummy.engine.apply_move` (which validates it: an illegal move raises the
engine's error and nothing is applied), and tells a :class:`GameListener` what
happened — a deal started, a move was made, a deal ended, the game is over — so
narration, logging and statistics live in listeners, not in copies of the loop.

>>> import pushrummy as pr
>>> class Counter(pr.GameListener):
...     moves = 0
...     def moved(self, before, move, after):
...         self.moves += 1
>>> counter = Counter()
>>> start = pr.new_game(pr.PUSH.replace(max_turns_per_deal=100), seed=4)
>>> end = pr.play_game(start, [pr.GreedyBot()] * 4, listener=counter)
>>> end.is_over, counter.moves > 100
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .bots import Bot
from .engine import apply_move
from .errors import PushRummyError, SetupError, clip_repr
from .moves import Move, NextDeal
from .state import DEAL_PHASES, GameState, Phase
from .views import view

__all__ = [
    "DecisionLimitError",
    "GameListener",
    "MoveSource",
    "bot_source",
    "drive",
    "play_game",
]


class DecisionLimitError(PushRummyError, RuntimeError):
    """:func:`play_game` (or :func:`drive`) made ``max_decisions`` moves and the game
    was still not over.

    Attributes:
        state: the game as it stood when the limit was reached.
        decisions: the number of moves made.
    """

    def __init__(self, message: str, *, state: GameState | None = None, decisions: int = 0):
        self.message = message
        self.state = state
        self.decisions = decisions
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword-only constructor arguments need help to survive pickling.
        return (_rebuild_limit, (self.message, self.state, self.decisions))


def _rebuild_limit(message: str, state: GameState | None, decisions: int) -> DecisionLimitError:
    return DecisionLimitError(message, state=state, decisions=decisions)


class GameListener:
    """Hooks :func:`drive` calls as a game goes on; each does nothing by default.

    Subclass it and override the hooks you need (narration, a log, statistics).
    """

    def deal_started(self, state: GameState) -> None:
        """A deal has been dealt (``state`` is its first position)."""

    def moved(self, before: GameState, move: Move, after: GameState) -> None:
        """``move`` was applied to ``before``, giving ``after``."""

    def deal_ended(self, state: GameState) -> None:
        """A deal has ended; ``state.results[-1]`` is its result."""

    def game_over(self, state: GameState) -> None:
        """The game is over; ``state.outcome`` is set."""


MoveSource = Callable[[GameState], "Move | None"]
"""Gives the move to play in a position, or ``None`` to stop early (a record that ends,
a player who leaves)."""

_QUIET = GameListener()


def drive(
    state: GameState,
    source: MoveSource,
    listener: GameListener | None = None,
    *,
    max_decisions: int | None = None,
) -> GameState:
    """Play from ``state`` with the moves ``source`` gives until the game ends (or the
    source stops by giving ``None``); return the last state.

    ``listener`` hears of the first deal first when ``state`` is in a deal, then of
    every move, every deal's start and end, and the game's end. What ``source`` or
    ``listener`` raise goes through unchanged (``pushrummy play`` stops a game that way).

    Raises:
        DecisionLimitError: ``max_decisions`` moves were made and the game is not over.
        TypeError: ``state`` is not a game state, ``source`` not callable, ``listener``
            not a :class:`GameListener`, or the source gave something that is neither a
            move nor ``None``.
        IllegalMoveError: the source gave an illegal move (from
            :func:`~pushrummy.engine.apply_move`; the state before it is lost to the
            caller only if they did not keep it: ``listener.moved`` saw every earlier one).
        SetupError: a deal dealt on the way leaves only wild cards to turn up
            ([deal.upcard]).
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    if not callable(source):
        raise TypeError(f"source must be a function of a state, not {type(source).__name__}")
    if listener is not None and not isinstance(listener, GameListener):
        raise TypeError(f"listener must be a GameListener, not {type(listener).__name__}")
    hooks = _QUIET if listener is None else listener
    if state.phase in DEAL_PHASES:
        hooks.deal_started(state)
    decisions = 0
    while state.phase is not Phase.GAME_OVER:
        if max_decisions is not None and decisions >= max_decisions:
            raise DecisionLimitError(
                f"the game is not over after max_decisions={max_decisions} moves "
                f"(deal {state.deal_number}, phase {state.phase.value})",
                state=state,
                decisions=decisions,
            )
        move = source(state)
        if move is None:
            return state
        after = apply_move(state, move)
        decisions += 1
        if listener is not None:
            listener.moved(state, move, after)
            if isinstance(move, NextDeal):
                listener.deal_started(after)
            elif after.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER):
                listener.deal_ended(after)
        state = after
    hooks.game_over(state)
    return state


def bot_source(bots: Sequence[Bot]) -> MoveSource:
    """A move source where each seat's bot chooses from its own view, and the next deal
    is dealt between deals.

    >>> import pushrummy as pr
    >>> source = bot_source([pr.GreedyBot()] * 4)
    >>> source(pr.new_game(pr.PUSH, seed=1))
    Push(seat=3)
    """
    next_deal = NextDeal()

    def choose(state: GameState) -> Move:
        if state.phase is Phase.BETWEEN_DEALS:
            return next_deal
        seat = state.current_player
        assert seat is not None
        return bots[seat].choose(view(state, seat))

    return choose


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_decisions: int | None = None,
    listener: GameListener | None = None,
) -> GameState:
    """Play ``state`` to the end of the game, one bot per seat; return the final state.

    Between deals the next deal is dealt (:class:`~pushrummy.moves.NextDeal`);
    otherwise the seat to move gets its :func:`~pushrummy.views.view` and its
    bot's move is applied with :func:`~pushrummy.engine.apply_move`, which
    validates it (an illegal choice raises the engine's error). This is
    :func:`drive` with :func:`bot_source`.

    Args:
        state: where to start (any phase; a finished game is returned as is).
        bots: one :class:`~pushrummy.bots.Bot` per seat, indexed by seat.
        max_decisions: the most moves to apply (bot moves and the deals between
            deals); reaching it before the game is over raises
            :class:`DecisionLimitError`. ``None``: no limit — then the variant
            should set ``max_turns_per_deal`` ([game.turn_limit]).
        listener: told of every deal, move and the game's end (see :class:`GameListener`).

    Raises:
        TypeError: ``state`` is not a game state, ``bots`` not a sequence of bots (each
            with a ``choose`` method), ``max_decisions`` neither an int nor ``None``, or
            ``listener`` neither a :class:`GameListener` nor ``None``.
        SetupError: the number of bots is not the number of players; or a deal dealt on
            the way leaves only wild cards to turn up ([deal.upcard]).
        DecisionLimitError: see ``max_decisions``.
        IllegalMoveError: a bot chose an illegal move.

    >>> import pushrummy as pr
    >>> start = pr.new_game(pr.CAP_IT.replace(max_turns_per_deal=50), seed=2, players=6)
    >>> end = pr.play_game(start, [pr.GreedyBot()] * 6)
    >>> end.outcome.winners == pr.winners(end.totals)
    True
    >>> pr.play_game(start, [pr.GreedyBot()] * 6, max_decisions=10)
    Traceback (most recent call last):
    ...
    pushrummy.playing.DecisionLimitError: the game is not over after max_decisions=10 moves (deal 1, phase filling_wilds)
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of bots, one per seat, not {type(bots).__name__}")
    if len(bots) != state.players:
        raise SetupError(f"{len(bots)} bots given for a game of {state.players} players")
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(f"bots[{seat}] has no choose(view) method: {clip_repr(bot)}")
    if max_decisions is not None and (
        not isinstance(max_decisions, int) or isinstance(max_decisions, bool)
    ):
        raise TypeError(f"max_decisions must be an int or None, not {type(max_decisions).__name__}")
    if listener is not None and not isinstance(listener, GameListener):
        raise TypeError(f"listener must be a GameListener, not {type(listener).__name__}")
    return drive(state, bot_source(bots), listener, max_decisions=max_decisions)
