"""The game state: one frozen value holding everything about a game in progress.

A :class:`GameState` is privileged: it holds every hand and the stock order,
so it is never sent to a client — :func:`pushrummy.views.view` makes the safe
per-seat projection. States are created by :func:`pushrummy.engine.new_game`
and advanced only by :func:`pushrummy.engine.apply_move`, which returns a new
state and leaves its input untouched.

What kind of decision is pending is explicit (:doc:`/engine`): read
:attr:`GameState.phase` and :attr:`GameState.current_player`.

=========================  ====================  ===========================================
phase                      current_player        what happens
=========================  ====================  ===========================================
``Phase.DRAW``             the seat to move      take the upcard, or push ([draw.choice])
``Phase.PLAY``             the seat to move      lay down, lay off, meld, exchange, discard
``Phase.LAYING_DOWN``      the seat to move      the next meld of a lay-down ([contract.steps])
``Phase.BETWEEN_DEALS``    ``None``              chance: :class:`~pushrummy.moves.NextDeal`
``Phase.GAME_OVER``        ``None``              nothing; :attr:`GameState.outcome` is set
=========================  ====================  ===========================================
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from .cards import Card
from .contract_spec import Contract, Requirement
from .contracts import contract_left
from .events import DealEnd, GameLog
from .melds import Meld
from .moves import Move
from .scoring import StakesSettlement
from .variants import Variant

__all__ = [
    "DealEnd",
    "DealResult",
    "GameState",
    "Outcome",
    "Phase",
    "TableMeld",
    "install_engine",
    "pending_contract",
    "unfinished_lay_down",
]


class Phase(enum.Enum):
    """What kind of decision the game is waiting for."""

    DRAW = "draw"
    """The current player takes the upcard or pushes."""
    PLAY = "play"
    """The current player has drawn: meld actions, then a discard (or going out)."""
    LAYING_DOWN = "laying_down"
    """The current player has placed part of the contract and must place the rest
    (:class:`~pushrummy.moves.LayDown` moves only) before anything else ([contract.steps]).
    The melds placed so far are on the table; :attr:`GameState.contract_left` says what
    is still to place."""
    BETWEEN_DEALS = "between_deals"
    """A deal has ended and been scored; the chance move :class:`~pushrummy.moves.NextDeal`
    deals the next one. ``current_player`` is ``None``."""
    GAME_OVER = "game_over"
    """The last deal has been scored; :attr:`GameState.outcome` says who won."""


@attrs.frozen(slots=True)
class TableMeld:
    """A meld on the table, with the id lay-offs name it by and the seat that melded it.

    Ids count from 0 in the order melds reach the table in a deal, so two
    identical runs are still told apart.
    """

    id: int
    owner: int
    meld: Meld

    def __copy__(self) -> TableMeld:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> TableMeld:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@attrs.frozen(slots=True)
class DealResult:
    """The scored result of one deal ([score.out], [score.exhausted]).

    Attributes:
        deal_number: 1 for the first deal.
        dealer: the seat that dealt.
        ended_by: how the deal ended.
        went_out: the seat that went out, or ``None``.
        hands: every seat's cards at the end (shown for scoring, so public).
        penalties: points added to each side's total by this deal.
    """

    deal_number: int
    dealer: int
    ended_by: DealEnd
    went_out: int | None
    hands: tuple[tuple[Card, ...], ...]
    penalties: tuple[int, ...]

    def __copy__(self) -> DealResult:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> DealResult:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game ([game.end]).

    Attributes:
        totals: each side's penalty total after the last deal.
        winners: the sides sharing the lowest total (more than one: a draw).
        stakes: the stakes settlement, when the variant plays for stakes.
    """

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    stakes: StakesSettlement | None = None

    @property
    def is_draw(self) -> bool:
        """True when more than one side shares the lowest total."""
        return len(self.winners) > 1

    def __copy__(self) -> Outcome:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> Outcome:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


@attrs.frozen(slots=True, kw_only=True)
class GameState:
    """A whole game at one moment. Frozen; never changed in place.

    Seats are numbered 0.. clockwise. A side is a partnership (Push: seats 0
    and 2 are side 0, seats 1 and 3 side 1) or a single player (Cap-It:
    side = seat).

    Attributes:
        variant: the rules being played.
        seed: the game's seed; every random event derives from it ([deal.random]).
        injected: exact deck orders given for some deals (``None`` for a shuffled deal).
        players: the number of players.
        deal_number: the current (or just finished) deal, from 1.
        dealer: the seat that dealt the current deal.
        phase: what kind of decision is pending.
        current_player: the seat to move, or ``None`` between deals and after the game.
        hands: every seat's cards, each sorted.
        stock: the face-down stock, top card first (hidden from every player).
        upcard: the face-up card, or ``None`` once it was taken or pushed this turn.
        table: the melds on the table, in id order.
        laid_down: per seat, whether it has laid down this deal's contract.
        laid_down_this_turn: whether the current player laid down the contract this turn.
        taken: the upcard the current player took this turn ([discard.taken]).
        known: per seat, the cards everyone knows it holds (taken or pushed upcards
            not yet played) ([draw.visibility]).
        turn: completed turns in this deal (for ``max_turns_per_deal``).
        results: the scored deals so far.
        totals: each side's running penalty total.
        outcome: set when the game is over.
        log: the game's events so far, and each seat's view of them
            (:mod:`pushrummy.events`).
    """

    variant: Variant
    seed: int
    injected: tuple[tuple[Card, ...] | None, ...]
    players: int
    deal_number: int
    dealer: int
    phase: Phase
    current_player: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    upcard: Card | None
    table: tuple[TableMeld, ...]
    laid_down: tuple[bool, ...]
    laid_down_this_turn: bool
    taken: Card | None
    known: tuple[tuple[Card, ...], ...]
    turn: int
    results: tuple[DealResult, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None
    log: GameLog

    @property
    def contract(self) -> Contract:
        """The current deal's contract."""
        return self.variant.deals[self.deal_number - 1].contract

    @property
    def contract_left(self) -> tuple[Requirement, ...]:
        """What of the contract the current player still has to place while
        :attr:`phase` is ``Phase.LAYING_DOWN`` (``()`` in every other phase)."""
        return pending_contract(
            self.phase, self.table, self.current_player, self.contract, self.variant
        )

    @property
    def lay_down_so_far(self) -> tuple[TableMeld, ...]:
        """The melds the current player has placed of an unfinished lay-down (``()``
        unless :attr:`phase` is ``Phase.LAYING_DOWN``).

        A seat owns no meld before its lay-down is complete, so these are exactly the
        current player's melds on the table.
        """
        return unfinished_lay_down(self.phase, self.table, self.current_player)

    @property
    def is_over(self) -> bool:
        """True once the last deal has been scored."""
        return self.phase is Phase.GAME_OVER

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for.

        Raises:
            TypeError: ``seat`` is not an int.
        """
        return self.variant.side_of(seat)

    @property
    def side_count(self) -> int:
        """How many sides the game has."""
        return self.variant.side_count(self.players)

    def card_count(self) -> int:
        """Every card in the game: hands, stock, upcard and table (for conservation checks)."""
        return (
            sum(len(h) for h in self.hands)
            + len(self.stock)
            + (self.upcard is not None)
            + sum(len(t.meld.cards) for t in self.table)
        )

    # Thin delegating methods for tab completion; the functions in
    # pushrummy.engine stay canonical. The engine sits above this module, so it hands
    # its functions down through install_engine() when it is imported (always, by
    # ``import pushrummy``) instead of being imported from here: no import cycle.

    def legal_moves(self) -> tuple[Move, ...]:
        """Same as :func:`pushrummy.engine.legal_moves`."""
        return _ENGINE.legal_moves(self)

    def apply(self, move: Move) -> GameState:
        """Same as :func:`pushrummy.engine.apply_move`.

        Raises:
            TypeError: ``move`` is not a move.
            InvalidMoveError, IllegalMoveError: the move is malformed or illegal here, as
                :func:`~pushrummy.engine.check_move` says.
            SetupError: ``move`` is :class:`~pushrummy.moves.NextDeal` and the next deal
                leaves only wild cards to turn up ([deal.upcard]).
        """
        return _ENGINE.apply_move(self, move)

    def __copy__(self) -> GameState:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


class _Engine:
    """The engine functions :meth:`GameState.legal_moves` and :meth:`GameState.apply` call."""

    def __init__(self) -> None:
        self.legal_moves: Callable[[GameState], tuple[Move, ...]] = _no_engine
        self.apply_move: Callable[[GameState, Move], GameState] = _no_engine


def _no_engine(*args: object) -> Any:  # pragma: no cover - pushrummy imports the engine
    raise RuntimeError("pushrummy.engine has not been imported")


_ENGINE = _Engine()


def install_engine(
    legal_moves: Callable[[GameState], tuple[Move, ...]],
    apply_move: Callable[[GameState, Move], GameState],
) -> None:
    """Give :class:`GameState`'s convenience methods the engine's functions.

    Called once by :mod:`pushrummy.engine` as it is imported (so by ``import pushrummy``);
    not for users.
    """
    _ENGINE.legal_moves = legal_moves
    _ENGINE.apply_move = apply_move


def unfinished_lay_down(
    phase: Phase, table: tuple[TableMeld, ...], current_player: int | None
) -> tuple[TableMeld, ...]:
    """The melds of an unfinished lay-down ([contract.steps]): in ``Phase.LAYING_DOWN``,
    the current player's melds on the table (a seat owns none before its lay-down is
    complete); ``()`` in every other phase. Shared by states and views."""
    if phase is not Phase.LAYING_DOWN:
        return ()
    return tuple(t for t in table if t.owner == current_player)


def pending_contract(
    phase: Phase,
    table: tuple[TableMeld, ...],
    current_player: int | None,
    contract: Contract,
    variant: Variant,
) -> tuple[Requirement, ...]:
    """What of ``contract`` the current player still has to place in ``Phase.LAYING_DOWN``
    (``()`` in every other phase). Shared by states and views."""
    placed = unfinished_lay_down(phase, table, current_player)
    if not placed:
        return ()
    return contract_left(contract, [t.meld for t in placed], variant) or ()


_KEEP: Any = object()
"""Marks a :func:`replace_unchecked` argument that was not given: keep the old value."""

_new = object.__new__


def replace_unchecked(
    state: GameState,
    *,
    variant: Variant = _KEEP,
    seed: int = _KEEP,
    injected: tuple[tuple[Card, ...] | None, ...] = _KEEP,
    players: int = _KEEP,
    deal_number: int = _KEEP,
    dealer: int = _KEEP,
    phase: Phase = _KEEP,
    current_player: int | None = _KEEP,
    hands: tuple[tuple[Card, ...], ...] = _KEEP,
    stock: tuple[Card, ...] = _KEEP,
    upcard: Card | None = _KEEP,
    table: tuple[TableMeld, ...] = _KEEP,
    laid_down: tuple[bool, ...] = _KEEP,
    laid_down_this_turn: bool = _KEEP,
    taken: Card | None = _KEEP,
    known: tuple[tuple[Card, ...], ...] = _KEEP,
    turn: int = _KEEP,
    results: tuple[DealResult, ...] = _KEEP,
    totals: tuple[int, ...] = _KEEP,
    outcome: Outcome | None = _KEEP,
    log: GameLog = _KEEP,
) -> GameState:
    """A copy of ``state`` with some fields changed, without re-validation.

    The engine's hot path, called once per move: ``attrs.evolve`` would rebuild
    through ``__init__``, and a loop over the field names costs twice as much as
    this unrolled form, which sets each slot through its own descriptor. Only the
    engine calls this, with values it has already checked. An unknown field name
    is a ``TypeError``, as for any function.
    """
    new = _new(GameState)
    _SET_VARIANT(new, state.variant if variant is _KEEP else variant)
    _SET_SEED(new, state.seed if seed is _KEEP else seed)
    _SET_INJECTED(new, state.injected if injected is _KEEP else injected)
    _SET_PLAYERS(new, state.players if players is _KEEP else players)
    _SET_DEAL_NUMBER(new, state.deal_number if deal_number is _KEEP else deal_number)
    _SET_DEALER(new, state.dealer if dealer is _KEEP else dealer)
    _SET_PHASE(new, state.phase if phase is _KEEP else phase)
    _SET_CURRENT_PLAYER(new, state.current_player if current_player is _KEEP else current_player)
    _SET_HANDS(new, state.hands if hands is _KEEP else hands)
    _SET_STOCK(new, state.stock if stock is _KEEP else stock)
    _SET_UPCARD(new, state.upcard if upcard is _KEEP else upcard)
    _SET_TABLE(new, state.table if table is _KEEP else table)
    _SET_LAID_DOWN(new, state.laid_down if laid_down is _KEEP else laid_down)
    _SET_LAID_DOWN_THIS_TURN(
        new, state.laid_down_this_turn if laid_down_this_turn is _KEEP else laid_down_this_turn
    )
    _SET_TAKEN(new, state.taken if taken is _KEEP else taken)
    _SET_KNOWN(new, state.known if known is _KEEP else known)
    _SET_TURN(new, state.turn if turn is _KEEP else turn)
    _SET_RESULTS(new, state.results if results is _KEEP else results)
    _SET_TOTALS(new, state.totals if totals is _KEEP else totals)
    _SET_OUTCOME(new, state.outcome if outcome is _KEEP else outcome)
    _SET_LOG(new, state.log if log is _KEEP else log)
    return new


def next_turn_unchecked(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    known: tuple[tuple[Card, ...], ...],
    upcard: Card,
    current_player: int,
    turn: int,
    log: GameLog,
) -> GameState:
    """``replace_unchecked(state, hands=hands, known=known, upcard=upcard,
    current_player=current_player, turn=turn, log=log, phase=Phase.DRAW, taken=None,
    laid_down_this_turn=False)``: the state after a discard that does not end the deal,
    the engine's most frequent transition, without the keyword parsing and the tests of
    which fields change."""
    new = _new(GameState)
    _SET_VARIANT(new, state.variant)
    _SET_SEED(new, state.seed)
    _SET_INJECTED(new, state.injected)
    _SET_PLAYERS(new, state.players)
    _SET_DEAL_NUMBER(new, state.deal_number)
    _SET_DEALER(new, state.dealer)
    _SET_PHASE(new, Phase.DRAW)
    _SET_CURRENT_PLAYER(new, current_player)
    _SET_HANDS(new, hands)
    _SET_STOCK(new, state.stock)
    _SET_UPCARD(new, upcard)
    _SET_TABLE(new, state.table)
    _SET_LAID_DOWN(new, state.laid_down)
    _SET_LAID_DOWN_THIS_TURN(new, False)
    _SET_TAKEN(new, None)
    _SET_KNOWN(new, known)
    _SET_TURN(new, turn)
    _SET_RESULTS(new, state.results)
    _SET_TOTALS(new, state.totals)
    _SET_OUTCOME(new, state.outcome)
    _SET_LOG(new, log)
    return new


def _setter(name: str) -> Any:
    """The slot's own setter: it skips the frozen ``__setattr__`` and the name lookup."""
    return GameState.__dict__[name].__set__


_SET_VARIANT = _setter("variant")
_SET_SEED = _setter("seed")
_SET_INJECTED = _setter("injected")
_SET_PLAYERS = _setter("players")
_SET_DEAL_NUMBER = _setter("deal_number")
_SET_DEALER = _setter("dealer")
_SET_PHASE = _setter("phase")
_SET_CURRENT_PLAYER = _setter("current_player")
_SET_HANDS = _setter("hands")
_SET_STOCK = _setter("stock")
_SET_UPCARD = _setter("upcard")
_SET_TABLE = _setter("table")
_SET_LAID_DOWN = _setter("laid_down")
_SET_LAID_DOWN_THIS_TURN = _setter("laid_down_this_turn")
_SET_TAKEN = _setter("taken")
_SET_KNOWN = _setter("known")
_SET_TURN = _setter("turn")
_SET_RESULTS = _setter("results")
_SET_TOTALS = _setter("totals")
_SET_OUTCOME = _setter("outcome")
_SET_LOG = _setter("log")

_FIELDS = tuple(f.name for f in attrs.fields(GameState))
# The unrolled parameters above must list every field, in order: a field added to
# GameState and forgotten here would be silently dropped from every copy.
if (
    tuple(replace_unchecked.__code__.co_varnames[1 : 1 + len(_FIELDS)]) != _FIELDS
):  # pragma: no cover
    raise RuntimeError("state.replace_unchecked is out of step with the GameState fields")
