"""The engine: start a game, list the legal moves, check and apply a move.

Every function here is pure: it reads a :class:`~pushrummy.state.GameState`
and returns values or a new state; the state passed in never changes.
:func:`apply_move` always validates (:doc:`/design`): an illegal move raises a
specific :class:`~pushrummy.errors.IllegalMoveError` that names the rule.

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> state.phase, state.current_player == (state.dealer + 1) % 4
(<Phase.DRAW: 'draw'>, True)
>>> pr.legal_moves(state) == (pr.Take(state.current_player), pr.Push(state.current_player))
True
>>> after = pr.apply_move(state, pr.Take(state.current_player))
>>> after.phase, len(after.hands[after.current_player]) - len(state.hands[state.current_player])
(<Phase.PLAY: 'play'>, 1)
>>> pr.apply_move(after, pr.Take(after.current_player))
Traceback (most recent call last):
...
pushrummy.errors.WrongPhaseError: seat 2 has already drawn this turn; now meld, lay off or discard [draw.choice]
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .dealing import check_deck_order, first_dealer
from .errors import IllegalMoveError, InvalidMoveError, SetupError
from .events import GameLog
from .movegen import legal_moves, listed
from .moves import Move
from .movetable import kind_of
from .state import GameState, install_engine
from .transitions import start_deal
from .validation import check_turn
from .variants import PUSH, Variant

__all__ = ["apply_move", "check_move", "is_legal", "legal_moves", "new_game"]


def new_game(
    variant: Variant = PUSH,
    *,
    seed: int,
    players: int | None = None,
    dealer: int | None = None,
    deals: Sequence[Sequence[Card] | None] | None = None,
) -> GameState:
    """A new game, with the first deal dealt and the dealer's left neighbour to move.

    Args:
        variant: the rules (``PUSH``, ``CAP_IT`` or a house-rule variant).
        seed: every random event of the game derives from it ([deal.random]).
        players: the number of players (default: the variant's smallest count).
        dealer: the first dealer's seat (default: chosen at random from the seed).
        deals: exact deck orders for some deals, in deal order (``None`` entries
            and missing entries are shuffled from the seed). Each order is the
            whole deck, first card dealt first (a wild upcard is then buried at the
            bottom), or the deck with its burials placed (the stock given as it is after
            the burials): :func:`~pushrummy.dealing.deck_order_problem`.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`; ``seed``,
            ``players`` or ``dealer`` is not an int (a bool is not one); ``deals`` is not
            a sequence, or one of its orders not a sequence of
            :class:`~pushrummy.cards.Card` values.
        VariantError: the variant is not played by ``players`` players (field
            ``players``).
        SetupError: ``seed`` is not below ``2**256`` in magnitude; ``dealer`` is not a
            seat; ``deals`` holds more orders than the game has deals, or an order that
            is not the whole deck; or the deal leaves only wild cards to turn up
            ([deal.upcard]).

    >>> state = new_game(seed=1)
    >>> [len(hand) for hand in state.hands], len(state.stock), state.upcard.is_wild
    ([6, 6, 6, 6], 83, False)
    """
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if not -(2**256) < seed < 2**256:
        raise SetupError("seed must be an int with |seed| < 2**256")
    if players is None:
        players = variant.player_counts[0]
    if not isinstance(players, int) or isinstance(players, bool):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    variant.packs(players)  # raises VariantError for a player count the variant does not allow
    if dealer is None:
        dealer = first_dealer(seed, players)
    elif not isinstance(dealer, int) or isinstance(dealer, bool):
        raise TypeError(f"dealer must be an int, not {type(dealer).__name__}")
    elif not 0 <= dealer < players:
        raise SetupError(f"dealer must be a seat 0..{players - 1}, not {dealer}")
    injected = _injected_orders(deals, variant, players)
    return start_deal(
        variant=variant,
        seed=seed,
        injected=injected,
        players=players,
        deal_number=1,
        dealer=dealer,
        results=(),
        totals=(0,) * variant.side_count(players),
        log=GameLog(players),
    )


def _injected_orders(
    deals: Sequence[Sequence[Card] | None] | None, variant: Variant, players: int
) -> tuple[tuple[Card, ...] | None, ...]:
    count = len(variant.deals)
    if deals is None:
        return (None,) * count
    if isinstance(deals, str) or not isinstance(deals, Sequence):
        raise TypeError(f"deals must be a sequence of deck orders, not {type(deals).__name__}")
    if len(deals) > count:
        raise SetupError(f"{len(deals)} deck orders given for a game of {count} deals")
    orders: list[tuple[Card, ...] | None] = []
    for number, order in enumerate(deals, start=1):
        if order is None:
            orders.append(None)
            continue
        check_deck_order(order, variant, players, f"deals[{number - 1}]", number)
        orders.append(tuple(order))
    orders.extend([None] * (count - len(orders)))
    return tuple(orders)


def check_move(state: GameState, move: Move) -> None:
    """Raise the specific error that says why ``move`` is illegal; return if it is legal.

    The checks every move shares come first (the seat to move, the phase: see
    :func:`~pushrummy.validation.check_turn`), then the move kind's own, as the move
    table (:data:`~pushrummy.movetable.MOVE_KINDS`) names them.

    Raises:
        TypeError: ``state`` is not a game state or ``move`` not a move.
        InvalidMoveError: the move is malformed (a field of the wrong type; a move's
            constructor already refuses one with :class:`TypeError`).
        IllegalMoveError: the move breaks a rule; the subclass and its ``rule`` say which
            (:class:`~pushrummy.errors.NotYourTurnError`,
            :class:`~pushrummy.errors.WrongPhaseError`, …).
    """
    kind = kind_of(move)
    check_turn(state, move, kind.phases)
    kind.check(state, move)


def is_legal(state: GameState, move: Move) -> bool:
    """True when :func:`apply_move` would accept ``move``.

    Raises:
        TypeError: ``state`` is not a game state or ``move`` not a move.
    """
    try:
        check_move(state, move)
    except (IllegalMoveError, InvalidMoveError):
        return False
    return True


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``. Always validates; ``state`` is never changed.

    A move that is one of the very objects :func:`legal_moves` just listed for this
    very state is legal by construction and is not checked again (the checks would
    pass); any other move is checked as :func:`check_move` does.

    Raises:
        TypeError, InvalidMoveError, IllegalMoveError: as :func:`check_move`.
        SetupError: ``move`` is :class:`~pushrummy.moves.NextDeal` and the next deal
            leaves only wild cards to turn up ([deal.upcard]; possible only in a variant
            that deals nearly the whole deck, or with an injected deck order).
    """
    kind = kind_of(move)
    if not listed(state, move):  # a move just listed for this very state is legal
        check_turn(state, move, kind.phases)
        kind.check(state, move)
    return kind.apply(state, move)


install_engine(legal_moves, apply_move)
