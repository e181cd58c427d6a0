"""Push and Cap-It as registered OpenSpiel games (Python games, ``pyspiel``).

Needs the ``openspiel`` extra (``pip install "pushrummy[openspiel]"``: ``open_spiel``). The
module imports without it, so that the package's tests and docs can see it, but building a
game then raises :class:`ImportError` saying what to install. Importing it with OpenSpiel
installed registers two games:

=================================  ===========  ===================================================
short name                         players      parameters (defaults)
=================================  ===========  ===================================================
``python_pushrummy_push``          4            ``players`` (4), ``max_turns_per_deal`` (100),
                                                ``bury_position`` (``"random"``)
``python_pushrummy_cap_it``        4, 5 or 6    the same, ``players`` 4 by default
=================================  ===========  ===================================================

For example (docs/agents.rst runs a game with OpenSpiel's MCTS)::

   import pyspiel
   import pushrummy.agents.openspiel_game  # registers the games

   game = pyspiel.load_game("python_pushrummy_push(max_turns_per_deal=40)")
   state = game.new_initial_state()  # the first chance node: the first dealer

* **Game type**: sequential, imperfect information, explicit stochastic chance, terminal
  rewards. Push (two sides) is zero-sum; Cap-It is general-sum (see *Returns*).
* **Actions**: the tokens of :class:`~pushrummy.agents.codec.ActionCodec`
  (``num_distinct_actions()`` is its :attr:`~pushrummy.agents.codec.ActionCodec.size`: 276
  for Push and Cap-It with 4 players, 294 with 5 or 6). A move of several tokens takes
  several decisions of the same player; the state keeps the pending prefix
  (:attr:`PushRummyState.prefix`) and applies the move when its path is complete. The legal
  actions are exactly :meth:`ActionCodec.legal_tokens
  <pushrummy.agents.codec.ActionCodec.legal_tokens>` of the seat's view and prefix. A
  lay-down step with wild cards is two moves of the same player ([contract.wilds]): its
  shape, then (in :attr:`~pushrummy.state.Phase.FILLING_WILDS`, the shape public) the wild
  cards of its wild places; the action strings are the tokens' names, so ``card:JK`` in a
  shape marks a wild place and in a filling is the joker.
* **Chance** (``max_chance_outcomes()`` = ``max(53, players)``); the chance outcomes
  determine the whole game, exactly as the rules deal it:

  1. the first dealer: a seat, uniform;
  2. before each deal (at the game's start, and between deals, in
     :attr:`~pushrummy.state.Phase.BETWEEN_DEALS`), the deck, one card at a time: the
     outcomes are the distinct cards (by :attr:`Card.code <pushrummy.cards.Card.code>`,
     0…52) the next card can be, each with probability *copies / cards* of what is left
     to draw from, so every order is equally likely. First the hands, then the upcard.
     A wild upcard is buried at a uniformly random place in the stock ([deal.upcard]):
     the next card is drawn without it, and then it goes back among the cards left to
     draw — a card buried at a random place in a shuffled stock is a card shuffled into
     it — so the stock is drawn with the buried wilds in it, exactly as likely at every
     place. The drawn cards are the deal's order *with its burials placed*
     (:func:`~pushrummy.dealing.deck_order_problem`): one card more than the deck per
     wild turned up; which wilds are buried so far, and when the order is whole, the
     dealing module says (:func:`~pushrummy.dealing.upcard_turning`). With ``bury_position="bottom"`` (the house rule) the deck is drawn
     once through and the engine buries a wild upcard at the bottom.
     (:func:`~pushrummy.engine.new_game`'s ``deals`` deals the order.)
  3. with ``reshuffle_stock`` ([draw.reshuffle], a variant of :func:`load_game`), when a
     player's ``draw-stock`` finds the stock empty and a discard pile to reshuffle: the new
     stock, one card at a time from the pile's cards (by code, each with probability
     *copies / cards* left), top card first, so every order is equally likely; when it is
     whole it is injected as the reshuffle's order
     (:attr:`GameState.reshuffles <pushrummy.state.GameState.reshuffles>`) and the draw is
     applied. :meth:`PushRummyState.record` carries the orders drawn
     (:attr:`GameRecord.reshuffles <pushrummy.records.GameRecord.reshuffles>`).

* **Returns** (also the rewards at the end; 0 before): a seat gets its *side's* result —
  in Push both partners the same. +1 to every seat of the side with the lowest total if it
  is alone, 0 to the seats of sides sharing the lowest total (a draw), -1 to every other
  seat ([game.end]), as the PettingZoo environment's ``"outcome"`` rewards. With two sides
  (Push) the returns sum to 0; in Cap-It a win gives ``+1`` and ``-1`` to each of the
  others, so the sum is not constant (general-sum).
* **Length**: a game is finite because every deal is bounded by ``max_turns_per_deal``
  ([game.turn_limit]; the deal then ends as on an exhausted stock). ``max_game_length()``
  bounds the decisions (tokens): per turn, a draw, at most three tokens per card of the
  hand to play it (a meld of ``k`` cards, ``w`` of them wild, takes ``k + 2`` tokens, and
  ``w`` more when its shape and its wild cards are two moves: at most ``3k``) or to
  exchange it, and a discard, with the hand at most the deck, and with ``buying`` the
  offer's answers, one a seat ([buy.offer]):
  ``deals × (max_turns_per_deal + 1) × (2 + (players - 1 with buying) + 6 × deck)``. It is
  a bound, far above real games.
* **Observations**: ``observation_tensor(p)`` is the vector of
  :class:`~pushrummy.agents.observation.ObservationEncoder` from seat ``p``'s
  :class:`~pushrummy.views.PlayerView` with its own pending prefix (``()`` for a seat that
  is not spelling a move; others never see a prefix), its sections as the observation's
  named parts; all zeros before the first deal is dealt. It is a summary of what the seat
  knows now (its hand, the table, the publicly known cards, the scores, the announced
  shape, the prefix). ``information_state_tensor(p)`` is that vector **followed by a record
  of past play** (:class:`~pushrummy.agents.history.HistoryEncoder`: per seat the upcards it
  took and pushed and the cards it discarded this deal, the seat's own draws, and the last
  32 events in order), for methods that learn from information states (NFSP, Deep CFR):
  bounded, so not perfect recall. The strings are text of the same view, and
  ``information_state_string(p)`` adds every event the seat has seen, in order, as it saw
  it (:attr:`PlayerView.events <pushrummy.views.PlayerView.events>`: its own dealt hands
  and draws, everyone's public moves): that string has perfect recall, so tabular
  algorithms that key on it (CFR) get true information sets.
* **Resampling**: ``resample_from_infostate(p, sampler)`` is a state seat ``p`` cannot
  tell from this one (the same information-state string and tensors), the cards it cannot
  see dealt at random by :func:`~pushrummy.sampling.sample_state` (seeded from
  ``sampler()``), so OpenSpiel's *Python* ``ISMCTSBot``
  (``open_spiel.python.algorithms.ismcts``) searches Push. A resampled state has no
  history of chance outcomes (the deals it was drawn from are not known): it plays on,
  clones and returns as any state, but ``serialize()`` and :meth:`PushRummyState.record`
  refuse it (:class:`~pushrummy.errors.SetupError`). Resample only at a seat's decision
  (not at a chance node); a pending prefix of another seat is dropped (``p`` cannot see
  it). OpenSpiel's C++ ``ISMCTSBot`` (``pyspiel.ISMCTSBot``) crashes on Python games (it
  segfaults on OpenSpiel's own Python kuhn poker too): use the Python one.
* **Serialisation**: ``serialize()``/``deserialize`` keep the state's history of actions
  (the chance draws and the tokens) and rebuild the state by replaying it; a state's
  :meth:`~PushRummyState.record` is the pushrummy :class:`~pushrummy.records.GameRecord`
  of the game so far (its JSON through :mod:`pushrummy.serialization`), which replays to
  the same :class:`~pushrummy.state.GameState`.
* **Cloning** shares the frozen pushrummy states: the Python side of a state is one
  immutable object (replaced, never changed, by every action) whose ``__deepcopy__``
  returns itself.

:func:`load_game` builds a game of any :class:`~pushrummy.variants.Variant` (house rules
included) without the registry. See :doc:`/agents` for an example with OpenSpiel's MCTS.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..dealing import Turning, check_deck_order, upcard_turning
from ..engine import apply_move, new_game
from ..english import describe_event
from ..errors import SetupError
from ..events import StockReshuffled
from ..moves import BuyUpcard, DrawStock, Move, NextDeal, PassUpcard
from ..records import GameRecord
from ..sampling import sample_state
from ..state import GameState, Phase, replace_unchecked
from ..variants import CAP_IT, PUSH, BuryPosition, Variant
from ..views import PlayerView, view
from .codec import ActionCodec, ActionError
from .history import HistoryEncoder
from .observation import ObservationEncoder

MISSING_EXTRA: ImportError | None = None
"""Why the ``openspiel`` extra cannot be imported, or ``None`` when it can."""

if TYPE_CHECKING:
    import numpy as np
    import pyspiel
else:
    try:
        import numpy as np
        import pyspiel
    except ImportError as error:  # the openspiel extra is not installed
        MISSING_EXTRA = error
        pyspiel = None

# The classes are OpenSpiel's protocol, documented in docs/agents.rst but not exported: build
# a game with ``pyspiel.load_game`` (after importing this module) or :func:`load_game`, and
# its states with ``game.new_initial_state()``.
__all__ = ["CAP_IT_NAME", "DEFAULT_MAX_TURNS", "PUSH_NAME", "load_game"]

PUSH_NAME = "python_pushrummy_push"
"""The registered short name of Push."""
CAP_IT_NAME = "python_pushrummy_cap_it"
"""The registered short name of Cap-It."""
DEFAULT_MAX_TURNS = 100
"""The registered games' default ``max_turns_per_deal``."""

_CARD_CODES = 53
_BASE_VARIANTS = {PUSH_NAME: PUSH, CAP_IT_NAME: CAP_IT}


def _require_extra() -> None:
    if MISSING_EXTRA is not None:
        raise ImportError(
            "the OpenSpiel game needs the openspiel extra: "
            f'pip install "pushrummy[openspiel]" ({MISSING_EXTRA})'
        ) from MISSING_EXTRA


# -- the Python side of a state -------------------------------------------------------------


class _Progress:
    """Everything a state holds, frozen: each action makes a new one (clones share it)."""

    __slots__ = (
        "actions",
        "dealer",
        "drawn",
        "game",
        "moves",
        "orders",
        "pending",
        "prefix",
        "resampled",
        "reshuffled",
    )

    def __init__(
        self,
        *,
        dealer: int | None = None,
        orders: tuple[tuple[Card, ...], ...] = (),
        drawn: tuple[int, ...] = (),
        game: GameState | None = None,
        prefix: tuple[int, ...] = (),
        moves: tuple[Move, ...] = (),
        actions: tuple[int, ...] = (),
        resampled: bool = False,
        pending: Move | None = None,
        reshuffled: tuple[tuple[Card, ...], ...] = (),
    ) -> None:
        self.dealer = dealer
        self.orders = orders
        self.drawn = drawn
        self.game = game
        self.prefix = prefix
        self.moves = moves
        self.actions = actions
        self.resampled = resampled
        self.pending = pending  # a draw from an empty stock, waiting for its reshuffle
        self.reshuffled = reshuffled  # the stock orders the reshuffles drew, in order

    def __copy__(self) -> _Progress:
        return self

    def __deepcopy__(self, memo: object) -> _Progress:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (OpenSpiel's serialisation of a Python state) as its history of actions.
        if self.resampled:
            raise SetupError(
                "a resampled state has no history of chance outcomes: it cannot be serialised"
            )
        return (_Replayed, (json.dumps(list(self.actions)),))

    def evolve(self, **changes: Any) -> _Progress:
        fields = {name: getattr(self, name) for name in self.__slots__}
        fields.update(changes)
        return _Progress(**fields)


class _Rules:
    """What states need of their game (the game itself is not copied with a state)."""

    __slots__ = (
        "codec",
        "deck_counts",
        "deck_size",
        "encoder",
        "history",
        "placed",
        "players",
        "variant",
    )

    def __init__(self, variant: Variant, players: int) -> None:
        self.variant = variant
        self.players = players
        # A wild upcard buried at random: drawn as a deck order with its burials placed.
        self.placed = variant.bury_position is BuryPosition.RANDOM
        self.codec = ActionCodec(variant, players)  # checks the player count
        self.encoder = ObservationEncoder(variant, players)
        self.history = HistoryEncoder(variant, players)
        deck = variant.deck(players)
        self.deck_size = len(deck)
        self.deck_counts = Counter(card.code for card in deck)

    def __copy__(self) -> _Rules:
        return self

    def __deepcopy__(self, memo: object) -> _Rules:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Rules, (self.variant, self.players))


class _Replayed:
    """A pickled :class:`_Progress`: the history of actions, replayed by the state it is
    set on (``PushRummyState.__setattr__``)."""

    __slots__ = ("actions",)

    def __init__(self, text: str) -> None:
        self.actions = tuple(json.loads(text))


# -- the game -------------------------------------------------------------------------------


def _game_type(short_name: str) -> Any:
    partnership = short_name == PUSH_NAME
    counts = _BASE_VARIANTS[short_name].player_counts
    return pyspiel.GameType(
        short_name=short_name,
        long_name="pushrummy " + ("Push" if partnership else "Cap-It"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if partnership
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": min(counts),
            "max_turns_per_deal": DEFAULT_MAX_TURNS,
            "bury_position": BuryPosition.RANDOM.value,
        },
    )


_GameBase: Any = object if pyspiel is None else pyspiel.Game
_StateBase: Any = object if pyspiel is None else pyspiel.State


def _int_parameter(values: dict[str, Any], name: str) -> int:
    """The game parameter ``name`` as an int, or a TypeError naming it."""
    value = values[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"the parameter {name} must be an int, not {type(value).__name__}")
    return value


class PushRummyGame(_GameBase):  # type: ignore[misc]
    """Push or Cap-It as an OpenSpiel game (the module says what it offers).

    Built by ``pyspiel.load_game(name)`` from the parameters, or by :func:`load_game` from
    a variant.

    Args:
        params: the game parameters: ``players``, ``max_turns_per_deal``,
            and ``bury_position`` (``"random"`` or ``"bottom"``).
        short_name: :data:`PUSH_NAME` or :data:`CAP_IT_NAME`.
        variant: the rules, instead of the registered variant with the parameters' house
            rules (:func:`load_game`).

    Attributes:
        variant: the rules played, with the turn limit.
        players: the player count.
        codec: the :class:`~pushrummy.agents.codec.ActionCodec` of the actions.
        encoder: the :class:`~pushrummy.agents.observation.ObservationEncoder` of the
            tensors.

    Raises:
        ImportError: the ``openspiel`` extra is not installed.
        TypeError: a parameter has the wrong type.
        SetupError: a parameter is out of range, or ``short_name`` unknown (a ``ValueError``).
        VariantError: the variant is not played by ``players`` players.
    """

    def __init__(
        self,
        params: dict[str, Any] | None = None,
        *,
        short_name: str = PUSH_NAME,
        variant: Variant | None = None,
    ) -> None:
        _require_extra()
        if short_name not in _BASE_VARIANTS:
            raise SetupError(f"short_name must be {PUSH_NAME!r} or {CAP_IT_NAME!r}")
        game_type = _game_type(short_name)
        values = dict(game_type.parameter_specification)
        values.update(params or {})
        players = _int_parameter(values, "players")
        max_turns = _int_parameter(values, "max_turns_per_deal")
        if max_turns < 1:
            raise SetupError(f"max_turns_per_deal must be at least 1, not {max_turns}")
        if variant is None:
            try:
                bury = BuryPosition(values["bury_position"])
            except ValueError:
                raise SetupError(
                    f"bury_position must be 'random' or 'bottom', not {values['bury_position']!r}"
                ) from None
            variant = _BASE_VARIANTS[short_name].replace(bury_position=bury)
        if variant.max_turns_per_deal is None or variant.max_turns_per_deal > max_turns:
            variant = variant.replace(max_turns_per_deal=max_turns)
        rules = _Rules(variant, players)
        self.rules = rules
        self.variant = variant
        self.players = players
        self.codec = rules.codec
        self.encoder = rules.encoder
        turns = variant.max_turns_per_deal
        assert turns is not None
        partnership = variant.side_count(players) == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=max(_CARD_CODES, players),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if partnership else None,
            max_game_length=len(variant.deals)
            * (turns + 1)
            * (2 + (players - 1) * variant.buying + 6 * rules.deck_size),
        )
        if partnership and game_type.utility != pyspiel.GameType.Utility.ZERO_SUM:
            raise SetupError("a partnership variant is played as python_pushrummy_push")
        if not partnership and game_type.utility == pyspiel.GameType.Utility.ZERO_SUM:
            raise SetupError("an individual variant is played as python_pushrummy_cap_it")
        values["players"] = players
        super().__init__(game_type, info, values)

    def new_initial_state(self) -> PushRummyState:
        """The state before the first chance outcome (the first dealer)."""
        return PushRummyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PushRummyObserver:
        """The observer OpenSpiel asks for the tensors and strings.

        Raises:
            ValueError: ``params`` is not empty (the observer has no parameters).
        """
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        return PushRummyObserver(self, info_state=perfect_recall)


def load_game(
    variant: Variant = PUSH,
    players: int | None = None,
    *,
    max_turns_per_deal: int = DEFAULT_MAX_TURNS,
) -> PushRummyGame:
    """An OpenSpiel game of ``variant`` (any house rules) without the registry.

    A turn limit of ``max_turns_per_deal`` is added unless the variant has a lower one.
    Its short name is that of Push for a partnership variant, of Cap-It otherwise. A state
    carries its variant through serialisation, so ``game.deserialize_state(text)`` rebuilds
    it. ``pyspiel.deserialize_game_and_state`` rebuilds the same state too, but pairs it with
    the registered game of the same parameters, whose variant lacks the other house rules
    (they are not parameters): keep the game from here rather than that one.

    Raises:
        ImportError: the ``openspiel`` extra is not installed.
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`.
        SetupError: ``max_turns_per_deal`` is below 1 (a ``ValueError``).
        VariantError: the variant is not played by ``players`` players.
    """
    _require_extra()
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
    if players is None:
        players = variant.player_counts[0]
    short_name = PUSH_NAME if variant.side_count(players) == 2 else CAP_IT_NAME
    return PushRummyGame(
        {
            "players": players,
            "max_turns_per_deal": max_turns_per_deal,
            "bury_position": variant.bury_position.value,
        },
        short_name=short_name,
        variant=variant,
    )


# -- the state ------------------------------------------------------------------------------


class PushRummyState(_StateBase):  # type: ignore[misc]
    """A state of :class:`PushRummyGame`: the chance draws so far, the pushrummy
    :class:`~pushrummy.state.GameState` (once the first deal is dealt) and the pending
    token prefix.

    Raises:
        ImportError: the ``openspiel`` extra is not installed.
    """

    def __init__(self, game: PushRummyGame) -> None:
        _require_extra()
        super().__init__(game)
        self._rules: _Rules = game.rules
        self._progress = _Progress()

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, _Replayed):  # OpenSpiel's deserialisation: replay the history
            value = _replay(self._rules, value.actions)
        object.__setattr__(self, name, value)

    def __copy__(self) -> PushRummyState:
        clone: PushRummyState = self.clone()  # shares the frozen pushrummy state
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> PushRummyState:
        clone: PushRummyState = self.clone()  # the same: nothing in a state is mutable
        return clone

    # -- beyond the API ------------------------------------------------------------------

    @property
    def game_state(self) -> GameState | None:
        """The pushrummy state (hidden information included), ``None`` before the first deal."""
        return self._progress.game

    @property
    def prefix(self) -> tuple[int, ...]:
        """The tokens chosen so far of the move the player to move is spelling."""
        return self._progress.prefix

    def player_view(self, player: int) -> PlayerView | None:
        """Seat ``player``'s :class:`~pushrummy.views.PlayerView`, ``None`` before the first
        deal.

        Raises:
            SetupError: ``player`` is not a seat.
        """
        game = self._progress.game
        return None if game is None else view(game, player)

    def record(self) -> GameRecord:
        """The :class:`~pushrummy.records.GameRecord` of the game so far (the dealt deck
        orders injected, every move applied; not the draws of a deal being drawn, nor the
        pending prefix).

        Raises:
            SetupError: the first deal is not dealt yet, or the state was resampled.
        """
        progress = self._progress
        if progress.game is None:
            raise SetupError("no game yet: the first deal is still being drawn")
        if progress.resampled:
            raise SetupError("a resampled state has no record: its deals are not known")
        assert progress.dealer is not None
        return GameRecord(
            variant=self._rules.variant,
            seed=0,
            players=self._rules.players,
            dealer=progress.dealer,
            deals=progress.orders,
            moves=progress.moves,
            reshuffles=progress.reshuffled,
        )

    # -- the OpenSpiel API ------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, ``pyspiel.PlayerId.CHANCE`` or ``pyspiel.PlayerId.TERMINAL``."""
        game = self._progress.game
        if game is None or game.phase is Phase.BETWEEN_DEALS or self._progress.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.phase is Phase.GAME_OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        assert game.current_player is not None
        return game.current_player

    def is_terminal(self) -> bool:
        """True after the last deal."""
        game = self._progress.game
        return game is not None and game.phase is Phase.GAME_OVER

    def _legal_actions(self, player: int) -> list[int]:
        game = self._progress.game
        assert game is not None and player == game.current_player
        return list(self._rules.codec.legal_tokens(game, self._progress.prefix))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PushRummyState:
        """A state seat ``player_id`` cannot tell from this one, the cards it cannot see
        dealt at random (the module says how); ``probability_sampler()`` (a number in
        [0, 1), OpenSpiel's ``UniformProbabilitySampler``) seeds the deal.

        Raises:
            SetupError: the state is a chance node or terminal, or ``player_id`` is not
                a seat.
        """
        progress = self._progress
        game = progress.game
        if (
            game is None
            or game.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER)
            or progress.pending is not None
        ):
            raise SetupError("resample at a seat's decision, not at a chance or terminal node")
        seat = int(player_id)
        if not 0 <= seat < self._rules.players:
            raise SetupError(f"player_id must be a seat 0…{self._rules.players - 1}, not {seat}")
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        sample = sample_state(view(game, seat), rng)
        state = PushRummyState(self.get_game())
        state._progress = _Progress(
            dealer=progress.dealer,
            game=sample,
            prefix=progress.prefix if seat == game.current_player else (),
            resampled=True,
        )
        return state

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node and their probabilities."""
        return _chance_outcomes(self._rules, self._progress)

    def _apply_action(self, action: int) -> None:
        self._play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._progress.dealer is None:
                return f"dealer:{action}"
            return f"card:{Card.from_code(action)}"
        return self._rules.codec.token_name(int(action))

    def returns(self) -> list[float]:
        """Every seat's return: its side's result at the end (the module says how), else 0."""
        game = self._progress.game
        players = self._rules.players
        if game is None or game.outcome is None:
            return [0.0] * players
        winners = game.outcome.winners
        alone = len(winners) == 1
        return [
            ((1.0 if alone else 0.0) if game.side_of(seat) in winners else -1.0)
            for seat in range(players)
        ]

    def __str__(self) -> str:
        """The whole state as text (hidden information included): equal texts, equal states."""
        progress = self._progress
        lines = [f"dealer {progress.dealer}"]
        if progress.drawn:
            lines.append("drawn " + " ".join(str(Card.from_code(c)) for c in progress.drawn))
        game = progress.game
        if game is not None:
            lines.append(
                f"deal {game.deal_number} {game.phase.value} player {game.current_player} "
                f"turn {game.turn} totals {game.totals} upcard {game.upcard} "
                f"taken {game.taken} laid down {game.laid_down} {game.laid_down_this_turn}"
            )
            if game.shape is not None:
                lines.append(f"shape {game.shape}")
            for seat, hand in enumerate(game.hands):
                known = " ".join(map(str, game.known[seat]))
                lines.append(f"seat {seat}: " + " ".join(map(str, hand)) + f" (known {known})")
            lines.append("stock " + " ".join(map(str, game.stock)))
            for table_meld in game.table:
                lines.append(f"meld {table_meld.id} seat {table_meld.owner}: {table_meld.meld}")
            lines.append(f"moves {len(progress.moves)} events {len(game.log.events)}")
        if progress.prefix:
            lines.append("prefix " + self._rules.codec.describe(progress.prefix))
        return "\n".join(lines)

    def _play(self, action: int) -> None:
        self._progress = _advance(self._rules, self._progress, action)


def _chance_outcomes(rules: _Rules, progress: _Progress) -> list[tuple[int, float]]:
    if progress.pending is not None:  # the reshuffled stock, one card at a time
        left = _pile_left(progress)
        remaining = left.total()
        return [(code, left[code] / remaining) for code in sorted(left)]
    if progress.dealer is None:
        return [(seat, 1.0 / rules.players) for seat in range(rules.players)]
    left = _left(rules, progress)
    wild = rules.variant.wild_table
    if rules.placed and not any(not wild[code] for code in left):
        turning = _turning(rules, progress)
        if turning.turned and turning.upcard is None:  # only wilds left: no natural upcard
            raise SetupError(
                "all the cards left after the hands are wild, so no natural upcard can be "
                "turned [deal.upcard]"
            )
    remaining = left.total()
    return [(code, left[code] / remaining) for code in sorted(left) if left[code] > 0]


def _dealt(rules: _Rules, progress: _Progress) -> int:
    """How many cards the hands of the deal being drawn take."""
    number = 1 if progress.game is None else progress.game.deal_number + 1
    return rules.players * rules.variant.deals[number - 1].hand_size


def _turning(rules: _Rules, progress: _Progress) -> Turning:
    """How far the deal being drawn has turned its upcard (the dealing module's reading,
    :func:`~pushrummy.dealing.upcard_turning`, of the cards drawn after the hands)."""
    dealt = _dealt(rules, progress)
    drawn = [Card.from_code(code) for code in progress.drawn[dealt:]]
    return upcard_turning(drawn, 0, rules.variant.wild_twos)


def _left(rules: _Rules, progress: _Progress) -> Counter[int]:
    """The cards the next draw comes from: the deck less the cards drawn, and (buried at
    random) the wild upcards already buried, back among them."""
    left = Counter(rules.deck_counts)
    if rules.placed:
        left.update(card.code for card in _turning(rules, progress).buried)
    left.subtract(progress.drawn)
    return +left  # the cards with copies left


def _complete(rules: _Rules, progress: _Progress) -> bool:
    """Whether the drawn cards are the whole order of the deal: the deck, or (buried at
    random) the deck and the wilds turned up before the natural upcard."""
    if not rules.placed:
        return len(progress.drawn) == rules.deck_size
    turning = _turning(rules, progress)
    whole = rules.deck_size + len(turning.turned)
    return turning.upcard is not None and len(progress.drawn) == whole


def _pile_left(progress: _Progress) -> Counter[int]:
    """The pile's cards not yet drawn into the stock being reshuffled ([draw.reshuffle])."""
    assert progress.game is not None
    left = Counter(card.code for card in progress.game.pile)
    left.subtract(progress.drawn)
    return +left


def _reshuffles(game: GameState, move: Move) -> bool:
    """Whether ``move`` draws from an empty stock that the pile is reshuffled into: a draw
    from the stock, or, with buying ([buy.offer]), a buy (its penalty cards, then the draw of
    the player in turn) or the last pass (that draw), when the stock holds too few cards."""
    variant = game.variant
    if not (variant.reshuffle_stock and game.pile) or len(game.stock) > variant.buy_penalty:
        return False  # a move draws at most buy_penalty + 1 cards, and a pile is needed
    if not variant.buying:
        return isinstance(move, DrawStock) and not game.stock
    if not isinstance(move, (DrawStock, BuyUpcard, PassUpcard)):
        return False
    after = apply_move(game, move)  # whether it reshuffles: its events say
    return any(type(event) is StockReshuffled for event in after.log.events.since(len(game.log)))


def _advance(rules: _Rules, progress: _Progress, action: int) -> _Progress:
    """The progress after ``action`` (a chance outcome or a token)."""
    actions = (*progress.actions, action)
    game = progress.game
    if progress.pending is not None:
        assert game is not None
        if action not in _pile_left(progress):
            raise ActionError(f"chance outcome {action} is not possible here")
        drawn = (*progress.drawn, action)
        if len(drawn) < len(game.pile):
            return progress.evolve(drawn=drawn, actions=actions)
        # The new stock is whole: inject it as the reshuffle's order, then draw.
        order = tuple(Card.from_code(code) for code in drawn)
        waiting = progress.pending
        game = apply_move(replace_unchecked(game, reshuffles=(order,)), waiting)
        return progress.evolve(
            game=game,
            drawn=(),
            pending=None,
            reshuffled=(*progress.reshuffled, order),
            moves=(*progress.moves, waiting),
            actions=actions,
        )
    if game is None or game.phase is Phase.BETWEEN_DEALS:
        if action not in dict(_chance_outcomes(rules, progress)):
            raise ActionError(f"chance outcome {action} is not possible here")
        if progress.dealer is None:
            return progress.evolve(dealer=action, actions=actions)
        return _draw(rules, progress, action).evolve(actions=actions)
    prefix = (*progress.prefix, action)
    move = rules.codec.complete(game, prefix)
    if move is None:
        return progress.evolve(prefix=prefix, actions=actions)
    if _reshuffles(game, move):  # chance draws the new stock first ([draw.reshuffle])
        return progress.evolve(prefix=(), pending=move, actions=actions)
    return progress.evolve(
        game=apply_move(game, move), prefix=(), moves=(*progress.moves, move), actions=actions
    )


def _draw(rules: _Rules, progress: _Progress, code: int) -> _Progress:
    progress = progress.evolve(drawn=(*progress.drawn, code))
    if not _complete(rules, progress):
        return progress
    order = tuple(Card.from_code(c) for c in progress.drawn)
    orders = (*progress.orders, order)
    game = progress.game
    if game is None:
        assert progress.dealer is not None
        game = new_game(
            rules.variant,
            seed=0,
            players=rules.players,
            dealer=progress.dealer,
            deals=[order],
        )
        return progress.evolve(game=game, drawn=(), orders=orders)
    # Between deals: inject the drawn order for the next deal (the engine's own setter, with
    # the order checked as new_game checks one), then deal it.
    number = game.deal_number + 1
    check_deck_order(order, rules.variant, rules.players, "the drawn deck order", number)
    injected = list(game.injected)
    injected[number - 1] = order
    game = replace_unchecked(game, injected=tuple(injected))
    move = NextDeal()
    return progress.evolve(
        game=apply_move(game, move), drawn=(), orders=orders, moves=(*progress.moves, move)
    )


def _replay(rules: _Rules, actions: Sequence[int]) -> _Progress:
    progress = _Progress()
    for action in actions:
        progress = _advance(rules, progress, int(action))
    return progress


# -- observations ---------------------------------------------------------------------------


class PushRummyObserver:
    """The observer of :class:`PushRummyGame` (OpenSpiel's Python observer interface).

    Attributes:
        tensor: the observation vector (float32), zeros before the first deal; for the
            information state, followed by the history vector.
        dict: the vector's named sections (views into ``tensor``), in vector order.
        info_state: True for the information-state observer (its string also lists the
            events seen, its tensor the history).

    Raises:
        ImportError: the ``openspiel`` extra is not installed.
    """

    def __init__(self, game: PushRummyGame, *, info_state: bool = False) -> None:
        _require_extra()
        self.rules = game.rules
        self.info_state = info_state
        sections = game.encoder.sections
        if info_state:
            sections += self.rules.history.sections
        self.tensor = np.zeros(sum(length for _, length in sections), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, length in sections:
            self.dict[name] = self.tensor[start : start + length]
            start += length

    def _view(self, state: PushRummyState, player: int) -> tuple[PlayerView, Sequence[int]]:
        game = state.game_state
        assert game is not None
        prefix = state.prefix if player == game.current_player else ()
        return view(game, player), prefix

    def set_from(self, state: PushRummyState, player: int) -> None:
        """Set :attr:`tensor` to seat ``player``'s observation of ``state``."""
        if state.game_state is None:
            self.tensor.fill(0)
            return
        seen, prefix = self._view(state, player)
        values = self.rules.encoder.encode(seen, prefix)
        if self.info_state:
            values += self.rules.history.encode(seen)
        self.tensor[:] = values

    def string_from(self, state: PushRummyState, player: int) -> str:
        """Seat ``player``'s observation of ``state`` as text."""
        if state.game_state is None:
            return f"seat {player}: dealing ({len(state._progress.drawn)} cards drawn)"
        seen, prefix = self._view(state, player)
        lines = [
            f"seat {player}, deal {seen.deal_number} ({seen.contract}), {seen.phase.value}, "
            f"to move {seen.current_player}, dealer {seen.dealer}, turn {seen.turn}",
            f"hand {' '.join(map(str, seen.hand))}",
            f"upcard {seen.upcard or '-'} taken {seen.taken or '-'} stock {seen.stock_size} "
            f"totals {' '.join(map(str, seen.totals))}",
        ]
        for other in range(seen.players):
            known = " ".join(map(str, seen.known[other]))
            down = " laid down" if seen.laid_down[other] else ""
            lines.append(f"seat {other}: {seen.hand_sizes[other]} cards{down} known [{known}]")
        for table_meld in seen.table:
            lines.append(f"meld {table_meld.id} seat {table_meld.owner}: {table_meld.meld}")
        if seen.shape is not None:  # announced: its wild cards come next ([contract.wilds])
            lines.append(f"shape {seen.shape}, seat {seen.current_player} fills it")
        if prefix:
            lines.append("spelling " + self.rules.codec.describe(prefix))
        if self.info_state:
            # Perfect recall: every event the seat has seen, as it saw it, in order.
            lines.extend(
                f"event {index}: {describe_event(event, you=player)}"
                for index, event in enumerate(seen.events)
            )
        return "\n".join(lines)


class PushGame(PushRummyGame):
    """The registered Push game, :data:`PUSH_NAME` (the parameters: :class:`PushRummyGame`).

    Raises:
        ImportError, ValueError, VariantError: as :class:`PushRummyGame`.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, short_name=PUSH_NAME)


class CapItGame(PushRummyGame):
    """The registered Cap-It game, :data:`CAP_IT_NAME` (the parameters: :class:`PushRummyGame`).

    Raises:
        ImportError, ValueError, VariantError: as :class:`PushRummyGame`.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params, short_name=CAP_IT_NAME)


if pyspiel is not None:
    pyspiel.register_game(_game_type(PUSH_NAME), PushGame)
    pyspiel.register_game(_game_type(CAP_IT_NAME), CapItGame)
