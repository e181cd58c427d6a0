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

import random
from collections.abc import Sequence

from .cards import Card
from .contracts.hands import read_hand
from .dealing import SEED_BITS, check_deck_order, first_dealer
from .errors import GameOverError, IllegalMoveError, InvalidMoveError, SetupError
from .events import GameLog
from .moves import Discard, Move
from .movetable import MOVE_KINDS, kind_of
from .plays.lay_down import STEP_MOVES, StepDraw, step_draw
from .plays.next_deal import start_deal
from .plays.turn import Turn, check_turn, search_of
from .state import GameState, Phase, install_engine, replace_unchecked
from .variants import PUSH, Variant

__all__ = ["apply_move", "check_move", "is_legal", "legal_moves", "new_game", "random_move"]


def new_game(
    variant: Variant = PUSH,
    *,
    seed: int,
    players: int | None = None,
    dealer: int | None = None,
    deals: Sequence[Sequence[Card] | None] | None = None,
    reshuffles: Sequence[Sequence[Card]] = (),
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
        reshuffles: exact stock orders (top card first) for the game's reshuffles of the
            discard pile, in the order they happen ([draw.reshuffle]); each must hold
            exactly the pile it replaces (checked when it is used), and reshuffles past
            them are shuffled from the seed.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`; ``seed``,
            ``players`` or ``dealer`` is not an int (a bool is not one); ``deals`` or
            ``reshuffles`` is not a sequence, or one of its orders not a sequence of
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
    if seed.bit_length() > SEED_BITS:
        raise SetupError(f"seed must be an int with |seed| < 2**{SEED_BITS}")
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
    if isinstance(reshuffles, str) or not isinstance(reshuffles, Sequence):
        raise TypeError(
            f"reshuffles must be a sequence of stock orders, not {type(reshuffles).__name__}"
        )
    stock_orders = tuple(tuple(order) for order in reshuffles)
    if not all(isinstance(card, Card) for order in stock_orders for card in order):
        raise TypeError("reshuffles must hold stock orders of Card values")
    state = start_deal(
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
    return replace_unchecked(state, reshuffles=stock_orders) if stock_orders else state


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


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The legal moves, one of each class of equivalent moves, without duplicates, in
    canonical order: the listers of the phase's move kinds, in the order of the move table
    (:data:`~pushrummy.movetable.MOVE_KINDS`).

    The order: ``Take`` then ``Push``; in play, the lay-down steps (each a
    ``LayDown`` of one meld, in the order of
    :func:`~pushrummy.contracts.lay_down_steps`), then ``LayOff`` (by meld id,
    card, end), ``NewMeld`` (by meld order), ``ExchangeWild`` (by meld id,
    position), and ``Discard`` (by card). While a lay-down is unfinished
    (``Phase.LAYING_DOWN``) only its next steps are listed ([contract.steps]).
    What is listed, and which legal moves are accepted without being listed, is said
    once, on the :doc:`/engine` page ("What the listing promises"): with
    ``wild_exchange`` = ``none``, melds that differ only in which wild card fills which
    wild place of a run are listed once ([meld.wild]); a whole ``LayDown`` is accepted as
    its steps are listed; a new meld is listed only at its smallest (no smaller meld plus
    lay-offs). :func:`is_legal` is the membership test of every legal move.
    Between deals the only move is :class:`~pushrummy.moves.NextDeal`; after
    the game there is none. The listing of the last state asked is kept beside it
    (states are immutable): asking again for the very same state object returns the
    same tuple, and :func:`apply_move` does not re-check a move object taken from it.

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState` (a
            :class:`~pushrummy.views.PlayerView` carries its seat's legal moves itself,
            as ``view.legal_moves``).
    """
    last = _LAST[0]
    if last[0] is state:
        return last[1]
    if state.__class__ is not GameState and not isinstance(state, GameState):
        hint = " (a view's legal moves are view.legal_moves)" if hasattr(state, "seat") else ""
        raise TypeError(f"state must be a GameState, not {type(state).__name__}{hint}")
    phase = state.phase
    listers = _LISTERS[phase]
    turn = None
    if phase is Phase.PLAY or phase is Phase.LAYING_DOWN or phase is Phase.FILLING_WILDS:
        turn = _turn_of(state)
    if len(listers) == 1:
        moves = tuple(listers[0](state, turn))
    else:
        found: list[Move] = []
        for lister in listers:
            found.extend(lister(state, turn))
        moves = tuple(found)
    _LAST[0] = (state, moves)
    return moves


def _turn_of(state: GameState) -> Turn:
    """What the listers of a turn share: the seat to move, its hand read once (for the
    lay-down steps, lay-offs, new melds and discards) and the variant's search options."""
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    search = search_of(state.variant)
    return Turn(seat, hand, read_hand(hand, search.rules.wild_twos), search)


_LISTERS = {
    phase: tuple(kind.generate for kind in MOVE_KINDS if phase in kind.phases) for phase in Phase
}
"""Each phase's listers: those of its move kinds, in table order."""

_LAST: list[tuple[object, tuple[Move, ...]]] = [(object(), ())]
"""The last listing, ``(state, its legal moves)``: one entry, replaced as a whole (one
reference swap, so threads never see a state paired with another's moves).

States are immutable, so the moves of the very same state object (``is``, never
``==``: equal states would do too, but cost a deep comparison) are the same; the entry
holds the state, so its id cannot be reused meanwhile. The memory is bounded (one state
and its moves) and lives outside the state, so equality, hashing, pickling and JSON
never see it. A game loop asks ``legal_moves(state)`` and then, for the move chosen,
``apply_move(state, move)``: :func:`listed` lets the engine skip re-checking a move that
is one of the very move objects just listed for that very state."""


def random_move(state: GameState, rng: random.Random) -> Move:
    """A uniformly random legal move: each move of :func:`legal_moves` ``(state)`` is drawn
    with the same probability, as ``rng.choice(legal_moves(state))`` draws them (not with
    the same draws of ``rng``), without listing every move.

    In play, where the listing is costly (a seat that may begin its lay-down), the
    lay-down steps are not listed: a candidate of the lister's search
    (:class:`~pushrummy.plays.lay_down.StepDraw`) or one of the other moves is drawn
    uniformly, and a candidate that is not a listed step is drawn again, so each listed move
    stays equally likely while only the candidates drawn are tested. Elsewhere the moves are
    listed and one is drawn. The move returned is applied by :func:`apply_move` without
    being checked again (as a move just listed is).

    >>> import random, pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=7)
    >>> pr.random_move(state, random.Random(1)) in pr.legal_moves(state)
    True

    Raises:
        TypeError: ``state`` is not a game state or ``rng`` not a :class:`random.Random`.
        GameOverError: the game is over: there is no legal move ([game.end]).
    """
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    if state.__class__ is not GameState and not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    move: Move | None = None
    if state.phase is Phase.PLAY:
        turn = _turn_of(state)
        others: list[Move] = []
        for kind in MOVE_KINDS:
            if Phase.PLAY in kind.phases and kind.move_type not in STEP_MOVES:
                others.extend(kind.generate(state, turn))
        draw = step_draw(state, turn)  # None: no lay-down step (the others are the listing)
        move = _draw(others, draw, rng)
    if move is None:
        moves = legal_moves(state)
        if not moves:
            raise GameOverError(
                "the game is over: there is no legal move", rule="game.end", phase=state.phase
            )
        move = moves[rng.randrange(len(moves))]
    else:
        _DRAWN[0] = (state, move)
    return move


def _draw(others: list[Move], draw: StepDraw | None, rng: random.Random) -> Move | None:
    """One of ``others`` or a listed step of ``draw``, each as likely; ``None`` if there is
    neither. A candidate found not listed is set aside and never drawn again (each round
    draws uniformly among what is left, which holds every listed move)."""
    rest = len(others)
    if draw is None:
        return others[rng.randrange(rest)] if rest else None
    alive = list(range(draw.count))
    while rest + len(alive):
        index = rng.randrange(rest + len(alive))
        if index < rest:
            return others[index]
        at = index - rest
        move = draw.move(alive[at])
        if move is not None:
            return move
        alive[at] = alive[-1]
        alive.pop()
    return None


_DRAWN: list[tuple[object, object]] = [(object(), None)]
"""The last move :func:`random_move` drew and its state: :func:`apply_move` applies it
without checking it again (it was drawn from the legal moves of that very state)."""


_SCAN_LIMIT = 256
"""The longest listing :func:`listed` scans: past it, the move's own check costs less
than finding it (a check is a few µs; a scan some 30 ns per move)."""


def listed(state: GameState, move: object) -> bool:
    """Whether ``move`` is one of the very move objects (``is``) that :func:`legal_moves`
    listed last, for this very ``state`` (``is``): then it is legal, and
    :func:`apply_move` applies it without checking it again.

    ``False`` says nothing (an equal move built elsewhere, another state, a long list):
    the move is then checked as any other."""
    drawn = _DRAWN[0]
    if drawn[0] is state and drawn[1] is move:
        return True
    last = _LAST[0]
    if last[0] is not state:
        return False
    moves = last[1]
    if len(moves) > _SCAN_LIMIT:
        return False
    # Discards come last in a listing, and most decisions end with one.
    for candidate in reversed(moves) if move.__class__ is Discard else moves:
        if candidate is move:
            return True
    return False


def check_move(state: GameState, move: Move) -> None:
    """Raise the specific error that says why ``move`` is illegal; return if it is legal.

    The checks every move shares come first (the seat to move, the phase: see
    :func:`~pushrummy.plays.turn.check_turn`), then the move kind's own, as the move
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
            that deals nearly the whole deck, or with an injected deck order); or ``move``
            is a :class:`~pushrummy.moves.DrawStock` that reshuffles the discard pile with
            an injected stock order that does not hold exactly the pile ([draw.reshuffle]).
    """
    kind = kind_of(move)
    if not listed(state, move):  # a move just listed for this very state is legal
        check_turn(state, move, kind.phases)
        kind.check(state, move)
    return kind.apply(state, move)


install_engine(legal_moves, apply_move)
