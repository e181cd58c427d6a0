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
``Phase.DRAW``             the seat to move      take the upcard, or push or draw from the
                                                 stock ([draw.choice], [draw.stock])
``Phase.BUYING``           the seat offered the  buy the upcard the player in turn offered,
                           upcard                or pass ([buy.offer])
``Phase.PLAY``             the seat to move      lay down, lay off, meld, exchange, discard
``Phase.LAYING_DOWN``      the seat to move      the next meld of a lay-down ([contract.steps])
``Phase.FILLING_WILDS``    the seat to move      the wild cards of the shape it announced
                                                 ([contract.wilds])
``Phase.BETWEEN_DEALS``    ``None``              chance: :class:`~pushrummy.moves.NextDeal`
``Phase.GAME_OVER``        ``None``              nothing; :attr:`GameState.outcome` is set
=========================  ====================  ===========================================
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from ._wire import Codec, FieldInfo
from .cards import Card
from .contract_spec import Contract, Requirement
from .contracts import contract_left
from .events import DealEnd, GameLog
from .meld_shape import MeldShape
from .melds import Meld
from .moves import Move
from .variants import StakesSettlement, Variant

__all__ = [
    "DEAL_PHASES",
    "LAYING_PHASES",
    "TURN_PHASES",
    "DealEnd",
    "DealResult",
    "GameState",
    "Outcome",
    "Phase",
    "TableMeld",
    "game_progress",
    "install_engine",
    "pending_contract",
    "unfinished_lay_down",
]


class Phase(enum.Enum):
    """What kind of decision the game is waiting for."""

    DRAW = "draw"
    """The current player takes the upcard or pushes."""
    BUYING = "buying"
    """The player in turn did not take the upcard, and it is offered round the table
    ([buy.offer], with ``buying``): ``current_player`` is the seat offered it, which buys
    it (:class:`~pushrummy.moves.BuyUpcard`) or passes
    (:class:`~pushrummy.moves.PassUpcard`). The seat in turn is the one whose
    :class:`~pushrummy.events.UpcardOffered` is the log's last offer."""
    PLAY = "play"
    """The current player has drawn: meld actions, then a discard (or going out)."""
    LAYING_DOWN = "laying_down"
    """The current player has placed part of the contract and must place the rest
    (:class:`~pushrummy.moves.LayDown` moves only) before anything else ([contract.steps]).
    The melds placed so far are on the table; :attr:`GameState.contract_left` says what
    is still to place."""
    FILLING_WILDS = "filling_wilds"
    """The current player has announced the next meld of its lay-down as a shape
    (:class:`~pushrummy.moves.LayDownShape`, :attr:`GameState.shape`) and chooses the wild
    cards that fill its wild places (:class:`~pushrummy.moves.FillWilds` moves only)
    ([contract.wilds]). The melds placed before it, if any, are on the table."""
    BETWEEN_DEALS = "between_deals"
    """A deal has ended and been scored; the chance move :class:`~pushrummy.moves.NextDeal`
    deals the next one. ``current_player`` is ``None``."""
    GAME_OVER = "game_over"
    """The last deal has been scored; :attr:`GameState.outcome` says who won."""


DEAL_PHASES: frozenset[Phase] = frozenset(
    {Phase.DRAW, Phase.BUYING, Phase.PLAY, Phase.LAYING_DOWN, Phase.FILLING_WILDS}
)
"""The phases of a deal in progress: a seat is to move."""

TURN_PHASES: frozenset[Phase] = frozenset({Phase.PLAY, Phase.LAYING_DOWN, Phase.FILLING_WILDS})
"""The phases after the draw: the seat to move has drawn and plays."""

LAYING_PHASES: frozenset[Phase] = frozenset({Phase.LAYING_DOWN, Phase.FILLING_WILDS})
"""The phases of a lay-down under way: the seat places the rest before anything else."""


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


def _field(codec: Codec, **info: Any) -> Any:
    """A field of :class:`GameState` with its :class:`~pushrummy._wire.FieldInfo`."""
    return attrs.field(metadata=FieldInfo(codec=codec, **info).metadata())


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
        pile: the discard pile under the upcard, oldest first (public; ``()`` unless
            ``draw_style="stock"`` left an upcard for a discard to cover, [draw.stock]).
        table: the melds on the table, in id order.
        laid_down: per seat, whether it has laid down this deal's contract.
        laid_down_this_turn: whether the current player laid down the contract this turn.
        shape: in ``Phase.FILLING_WILDS``, the shape of the lay-down step whose wild places
            the current player fills ([contract.wilds]); ``None`` in every other phase.
        reshuffles: injected stock orders (top card first) for the game's coming reshuffles
            of the discard pile, the next first: a reshuffle takes the first (which must
            hold exactly the pile's cards) instead of shuffling from the seed
            ([draw.reshuffle], [deal.random]); ``()``: shuffled from the seed.
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

    variant: Variant = _field(Codec.VARIANT)
    seed: int = _field(Codec.SEED, rule="deal.random")
    injected: tuple[tuple[Card, ...] | None, ...] = _field(Codec.DECK_ORDERS, rule="deal.random")
    players: int = _field(Codec.PLAYERS, rule="setup.players")
    deal_number: int = _field(Codec.DEAL_NUMBER, rule="deal.count")
    dealer: int = _field(Codec.SEAT, rule="deal.dealer")
    phase: Phase = _field(Codec.ENUM, enum_type=Phase)
    current_player: int | None = _field(Codec.OPT_SEAT, rule="turn.seat")
    hands: tuple[tuple[Card, ...], ...] = _field(Codec.HANDS)
    stock: tuple[Card, ...] = _field(Codec.CARDS, what="the stock (a list of cards)")
    upcard: Card | None = _field(Codec.OPT_CARD, rule="deal.upcard")
    pile: tuple[Card, ...] = attrs.field(
        default=(),
        metadata=FieldInfo(
            codec=Codec.CARDS,
            rule="draw.stock",
            what="the discard pile (a list of cards)",
            later=True,
        ).metadata(),
    )
    table: tuple[TableMeld, ...] = _field(Codec.TABLE)
    laid_down: tuple[bool, ...] = _field(
        Codec.SEAT_FLAGS, rule="contract.laydown", what="a list of true/false"
    )
    laid_down_this_turn: bool = _field(Codec.BOOL, rule="layoff.when")
    shape: MeldShape | None = _field(Codec.OPT_SHAPE, rule="contract.wilds")
    reshuffles: tuple[tuple[Card, ...], ...] = attrs.field(
        default=(),
        metadata=FieldInfo(
            codec=Codec.STOCK_ORDERS,
            rule="draw.reshuffle",
            what="a list of stock orders",
            later=True,
        ).metadata(),
    )
    taken: Card | None = _field(Codec.OPT_CARD, rule="discard.taken")
    known: tuple[tuple[Card, ...], ...] = _field(
        Codec.SEAT_CARDS, rule="draw.visibility", what="a list of cards"
    )
    turn: int = _field(Codec.COUNT, rule="game.turn_limit", what="a number of turns")
    results: tuple[DealResult, ...] = _field(Codec.RESULTS, rule="score.out")
    totals: tuple[int, ...] = _field(Codec.TOTALS, rule="game.end")
    outcome: Outcome | None = _field(Codec.OUTCOME, rule="game.end")
    log: GameLog = _field(Codec.LOG)

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
    def progress(self) -> int:
        """How far the game has gone: a number that grows with every move, the same in every
        seat's view (:attr:`PlayerView.progress <pushrummy.views.PlayerView.progress>`).

        A move document may carry it back as its precondition (``"progress"``): the server
        then refuses it once the game has moved on (:class:`~pushrummy.errors.StaleMoveError`,
        :doc:`/frontend`). Its value means nothing else (:func:`game_progress`).
        """
        return game_progress(len(self.log), self.shape)

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
        """Every card in the game: hands, stock, upcard, pile and table (for conservation
        checks)."""
        return (
            sum(len(h) for h in self.hands)
            + len(self.stock)
            + (self.upcard is not None)
            + len(self.pile)
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


def game_progress(events: int, shape: MeldShape | None) -> int:
    """A game's progress: twice its number of events, plus one while a shape awaits its
    wild cards ([contract.wilds]).

    Every move but a shape adds events; a shape adds none but sets the shape, which its
    filling (adding events) clears: so the number grows with every move, and two positions
    of one game with the same progress are the same position.

    >>> game_progress(10, None)
    20
    """
    return 2 * events + (shape is not None)


def unfinished_lay_down(
    phase: Phase, table: tuple[TableMeld, ...], current_player: int | None
) -> tuple[TableMeld, ...]:
    """The melds of an unfinished lay-down ([contract.steps]): in ``Phase.LAYING_DOWN`` and
    ``Phase.FILLING_WILDS``, the current player's melds on the table (a seat owns none
    before its lay-down is complete); ``()`` in every other phase. Shared by states and
    views."""
    if phase not in LAYING_PHASES:
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
    and ``Phase.FILLING_WILDS`` once part is placed (``()`` otherwise). Shared by states and
    views."""
    placed = unfinished_lay_down(phase, table, current_player)
    if not placed:
        return ()
    return contract_left(contract, [t.meld for t in placed], variant) or ()


_KEEP: Any = object()
"""Marks a :func:`replace_unchecked` argument that was not given: keep the old value."""

FIELDS: tuple[str, ...] = tuple(field.name for field in attrs.fields(GameState))
"""The names of :class:`GameState`'s fields, in their order."""


def _copier(
    name: str, doc: str, given: tuple[str, ...], fixed: Mapping[str, object], keywords: bool
) -> Any:
    """A function ``name(state, *given)`` making a copy of ``state`` without re-validation,
    compiled once from :data:`FIELDS` (as attrs compiles ``__init__``): each slot is set
    through its own descriptor, which skips the frozen ``__setattr__`` and costs half a loop
    over the names. A field in ``given`` takes the argument (``keywords``: keyword-only, the
    old value when not given), one in ``fixed`` that value, any other the old value; so a
    field added to :class:`GameState` is copied by every copier without a word here."""
    namespace: dict[str, Any] = {"_new": object.__new__, "GameState": GameState, "_KEEP": _KEEP}
    lines = []
    for field in FIELDS:
        namespace[f"_set_{field}"] = GameState.__dict__[field].__set__
        if field in given:
            value = f"state.{field} if {field} is _KEEP else {field}" if keywords else field
        elif field in fixed:
            namespace[f"_fixed_{field}"] = fixed[field]
            value = f"_fixed_{field}"
        else:
            value = f"state.{field}"
        lines.append(f"    _set_{field}(new, {value})")
    unknown = (set(given) | set(fixed)) - set(FIELDS)
    if unknown:  # pragma: no cover - a typo here fails at import
        raise RuntimeError(f"state.{name}: no GameState fields {sorted(unknown)}")
    params = ", ".join(f"{p}=_KEEP" for p in given) if keywords else ", ".join(given)
    source = "\n".join(
        [
            f"def {name}(state, {'*, ' if keywords and given else ''}{params}):",
            "    new = _new(GameState)",
            *lines,
            "    return new",
        ]
    )
    exec(compile(source, f"<pushrummy.state.{name}>", "exec"), namespace)
    function = namespace[name]
    function.__module__ = __name__
    function.__doc__ = doc
    return function


if TYPE_CHECKING:

    def replace_unchecked(state: GameState, **changes: Any) -> GameState:
        """See below."""

    def next_turn_unchecked(
        state: GameState,
        hands: tuple[tuple[Card, ...], ...],
        known: tuple[tuple[Card, ...], ...],
        upcard: Card,
        pile: tuple[Card, ...],
        current_player: int,
        turn: int,
        log: GameLog,
    ) -> GameState:
        """See below."""

else:
    replace_unchecked = _copier(
        "replace_unchecked",
        """A copy of ``state`` with some fields (keywords, by name) changed, without
        re-validation.

        The engine's hot path, called once per move: ``attrs.evolve`` would rebuild
        through ``__init__``. Only the engine calls this, with values it has already
        checked. An unknown field name is a ``TypeError``, as for any function.
        """,
        FIELDS,
        {},
        keywords=True,
    )
    next_turn_unchecked = _copier(
        "next_turn_unchecked",
        """``replace_unchecked(state, hands=hands, known=known, upcard=upcard, pile=pile,
        current_player=current_player, turn=turn, log=log, phase=Phase.DRAW, taken=None,
        laid_down_this_turn=False)``: the state after a discard that does not end the deal,
        the engine's most frequent transition, without the keyword parsing and the tests of
        which fields change.""",
        ("hands", "known", "upcard", "pile", "current_player", "turn", "log"),
        {"phase": Phase.DRAW, "taken": None, "laid_down_this_turn": False},
        keywords=False,
    )
