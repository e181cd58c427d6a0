"""Game records: a whole game as its start and its moves, and :func:`replay`.

A :class:`GameRecord` is the save format of a game: the arguments of
:func:`~pushrummy.engine.new_game` plus every move applied. :func:`replay`
rebuilds the state, checking every move. Its JSON document is written and read
by :mod:`pushrummy.serialization` (kind ``record``).

A game that must not be predictable — any game a server deals to players who
should not know the cards — needs a seed nobody can guess: :func:`new_seed`
draws one of 128 secret bits, and :meth:`GameRecord.start` uses it when no seed
is given (see "Seeds and servers" in the front-end guide).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from .cards import Card
from .dealing import SEED_BITS
from .engine import apply_move, new_game
from .errors import IllegalMoveError, InvalidMoveError, SetupError, clip_repr
from .moves import Move
from .movetable import MOVE_CLASSES
from .state import GameState
from .variants import PUSH, Variant

__all__ = ["NEW_SEED_BITS", "GameRecord", "new_seed", "replay"]

NEW_SEED_BITS = 128
"""How many secret random bits :func:`new_seed` draws."""


def new_seed() -> int:
    """A fresh seed of :data:`NEW_SEED_BITS` (128) secret random bits, from :mod:`secrets`.

    Use it for every game whose cards players must not be able to work out: a
    seed from a small range (say, below a million) can be found from the first
    cards a player sees by trying every seed, and then every card of the game is
    known. 128 bits cannot be tried out.

    >>> seed = new_seed()
    >>> 0 <= seed < 2**128
    True
    """
    return secrets.randbits(NEW_SEED_BITS)


def _check_int(name: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"GameRecord.{name} must be an int, not {type(value).__name__}")

    return check


def _check_seed(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    _check_int("seed")(_, attribute, value)
    if value.bit_length() > SEED_BITS:
        # new_game refuses it too, and a record's JSON could not hold it.
        raise SetupError(f"GameRecord.seed must be below 2**{SEED_BITS} in magnitude")


def _deal_orders(value: Iterable[Iterable[Card] | None]) -> tuple[tuple[Card, ...] | None, ...]:
    if value is None:
        return ()
    if isinstance(value, (str, bytes)):
        raise TypeError(f"GameRecord.deals must be deck orders, not {type(value).__name__}")
    orders = tuple(None if order is None else tuple(order) for order in value)
    for order in orders:
        if order is not None and not all(isinstance(card, Card) for card in order):
            raise TypeError("GameRecord.deals must hold deck orders of cards (or None)")
    return orders


def _stock_orders(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"GameRecord.reshuffles must be stock orders, not {type(value).__name__}")
    orders = tuple(tuple(order) for order in value)
    if not all(isinstance(card, Card) for order in orders for card in order):
        raise TypeError("GameRecord.reshuffles must hold stock orders of cards")
    return orders


def _move_tuple(value: Iterable[Move]) -> tuple[Move, ...]:
    moves = tuple(value)
    for move in moves:
        if not isinstance(move, MOVE_CLASSES):
            raise TypeError(f"GameRecord.moves must hold moves, not {type(move).__name__}")
    return moves


def _check_human(record: GameRecord, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    _check_int("human")(record, attribute, value)
    if not 0 <= value < record.players:
        raise SetupError(
            f"GameRecord.human must be a seat 0..{record.players - 1} or None, not {value}"
        )


def _check_variant(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Variant):
        raise TypeError(f"GameRecord.variant must be a Variant, not {type(value).__name__}")


@attrs.frozen(slots=True, kw_only=True)
class GameRecord:
    """A whole game as its start and its moves: the save format, which replays exactly.

    A game is determined by how it started — the variant, the seed, the number
    of players, the first dealer and any injected deck orders (the arguments of
    :func:`~pushrummy.engine.new_game`) — and the moves played since.
    :func:`replay` rebuilds the state; the record is immutable, so recording a
    game means replacing the record by ``record.with_move(move)`` after every
    move applied.

    Attributes:
        variant: the rules.
        seed: the game's seed ([deal.random]).
        players: the number of players.
        dealer: the first deal's dealer.
        deals: injected deck orders per deal, in deal order (``None``: shuffled
            from the seed); fewer entries than deals means the rest are shuffled.
        moves: every move applied, the chance moves (``NextDeal``) included.
        human: the seat a person played (``pushrummy play`` saves it, and
            ``pushrummy play --resume`` seats the person there again), or ``None``:
            bots only, or not recorded — records saved before this field existed load
            with ``None``, and ``--resume`` then seats the person at ``--seat`` (0 by
            default).
        reshuffles: injected stock orders for the game's reshuffles of the discard pile,
            in the order they happen ([draw.reshuffle]; ``()``: shuffled from the seed, as
            :attr:`GameState.reshuffles <pushrummy.state.GameState.reshuffles>`). A
            document holds ``"reshuffles"`` only when there are some.

    >>> import pushrummy as pr
    >>> record = GameRecord.start(pr.PUSH, seed=7)
    >>> record.players, record.dealer, record.deals
    (4, 1, (None, None, None, None, None))
    >>> state = record.initial_state()
    >>> record = record.with_move(pr.Push(state.current_player))
    >>> replay(record) == pr.apply_move(state, pr.Push(2))
    True

    The record document (nested moves have no ``schema``/``version``)::

        {"schema": "pushrummy.record", "version": 1,
         "variant": {<the variant fields>},
         "seed": 7, "players": 4, "dealer": 1,
         "deals": [null, null, null, null, null],
         "moves": [{"type": "push", "seat": 2}]}

    ``deals`` holds a deck order (a list of the whole deck's cards, first card
    dealt first) or ``null`` per deal. ``"human": 0`` follows ``moves`` when the
    record names the person's seat; a document without it is a record with
    ``human=None``.
    """

    variant: Variant = attrs.field(validator=_check_variant)
    seed: int = attrs.field(validator=_check_seed)
    players: int = attrs.field(validator=_check_int("players"))
    dealer: int = attrs.field(validator=_check_int("dealer"))
    deals: tuple[tuple[Card, ...] | None, ...] = attrs.field(default=(), converter=_deal_orders)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_move_tuple)
    human: int | None = attrs.field(default=None, validator=_check_human)
    reshuffles: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_stock_orders)

    @classmethod
    def start(
        cls,
        variant: Variant = PUSH,
        *,
        seed: int | None = None,
        players: int | None = None,
        dealer: int | None = None,
        deals: Sequence[Sequence[Card] | None] | None = None,
    ) -> GameRecord:
        """The record of a new game, with no moves yet.

        Takes the arguments of :func:`~pushrummy.engine.new_game` (and checks
        them the same way); the defaults it fills in — the seed (:func:`new_seed`:
        128 secret bits), the player count, the dealer chosen from the seed — are
        stored explicitly.

        Raises:
            TypeError, VariantError, SetupError: as :func:`~pushrummy.engine.new_game`,
                for arguments that cannot start a game.

        >>> record = GameRecord.start()
        >>> record.seed.bit_length() <= 128, replay(record).deal_number
        (True, 1)
        """
        if seed is None:
            seed = new_seed()
        state = new_game(variant, seed=seed, players=players, dealer=dealer, deals=deals)
        return cls(
            variant=variant,
            seed=seed,
            players=state.players,
            dealer=state.dealer,
            deals=state.injected,
        )

    def with_move(self, move: Move) -> GameRecord:
        """A copy with ``move`` appended. Not checked here: :func:`replay` checks every move.

        Raises:
            TypeError: ``move`` is not a move (an instance of one of the move classes).
        """
        if not isinstance(move, MOVE_CLASSES):
            raise TypeError(f"not a move: {clip_repr(move)}")
        return attrs.evolve(self, moves=(*self.moves, move))

    def initial_state(self) -> GameState:
        """The state before the first move: :func:`~pushrummy.engine.new_game` of the record.

        Raises:
            TypeError: an entry of :attr:`deals` holds something that is not a
                :class:`~pushrummy.cards.Card`.
            VariantError: the variant is not played by :attr:`players` players.
            SetupError: :attr:`dealer` is not a seat, :attr:`deals` holds more orders
                than the game has deals or an order that is not the whole deck, or the
                first deal leaves only wild cards to turn up ([deal.upcard]).
        """
        return new_game(
            self.variant,
            seed=self.seed,
            players=self.players,
            dealer=self.dealer,
            deals=self.deals,
            reshuffles=self.reshuffles,
        )


_MOVE_REPR = 300
"""How much of a move an error message shows: a whole lay-down of long runs, but not a
lay-down of 100,000 melds."""


def replay(record: GameRecord) -> GameState:
    """The state after every move of ``record``, each checked by :func:`~pushrummy.engine.apply_move`.

    An illegal move raises the engine's error, of the same class and with the
    same ``rule``, ``move``, ``seat`` and ``phase``, its message prefixed with
    the move's index in the record; the engine's original error is chained as
    ``__cause__``.

    Raises:
        TypeError: ``record`` is not a :class:`GameRecord`, or an entry of its ``deals``
            holds something that is not a :class:`~pushrummy.cards.Card`.
        VariantError: the record's variant is not played by its number of players.
        SetupError: the record's start is invalid (see :meth:`GameRecord.initial_state`),
            or a :class:`~pushrummy.moves.NextDeal` deals a deal that leaves only wild
            cards to turn up ([deal.upcard]).
        IllegalMoveError: a move is illegal where it is played: the engine's error, as
            above.
        InvalidMoveError: a move is malformed (its message is prefixed the same way).

    >>> import pushrummy as pr
    >>> record = GameRecord.start(pr.PUSH, seed=7)
    >>> replay(record.with_move(pr.Take(2)).with_move(pr.Take(2)))
    Traceback (most recent call last):
    ...
    pushrummy.errors.WrongPhaseError: record move 1 (Take(seat=2)): seat 2 has already drawn this turn; now meld, lay off or discard [draw.choice]
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"replay expects a GameRecord, not {type(record).__name__}")
    state = record.initial_state()
    for index, move in enumerate(record.moves):
        try:
            state = apply_move(state, move)
        except IllegalMoveError as exc:
            raise type(exc)(
                f"record move {index} ({clip_repr(move, _MOVE_REPR)}): {exc.message}",
                rule=exc.rule,
                move=exc.move,
                seat=exc.seat,
                phase=exc.phase,
            ) from exc
        except InvalidMoveError as exc:
            raise InvalidMoveError(
                f"record move {index} ({clip_repr(move, _MOVE_REPR)}): {exc}"
            ) from exc
    return state
