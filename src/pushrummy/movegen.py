"""Legal-move generation: every legal move of a position, in canonical order.

:func:`legal_moves` is re-exported by :mod:`pushrummy.engine`. The rules' small
questions (who may lay off where, which discards are allowed, whether a push is) are
asked of :mod:`pushrummy.predicates`, as the move checker asks them.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import ALL_CARDS, IS_WILD, Card
from .contracts.hands import Hand, read_hand
from .contracts.parts import Plan, plan_of
from .contracts.rules import Rules, meld_rules_of, rules_of
from .contracts.singles import single_melds_of
from .contracts.steps import minimal_steps, steps_of
from .layoffs import LAYOFF_MAPS, LayoffEntry, layoff_entry
from .melds import Meld, MeldKind
from .moves import (
    Discard,
    ExchangeWild,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    Push,
    Take,
    lay_down_unchecked,
)
from .predicates import (
    allowed_discards,
    discard_restricted,
    may_target,
    natural_at,
    push_allowed,
)
from .state import GameState, Phase, TableMeld
from .variants import LayoffTargets, Variant, WildExchange

# legal_moves is documented where it is public (pushrummy.engine); discardable is the
# engine's own helper (validation asks it too).
__all__: list[str] = []


_NATURAL_BITS = (1 << 52) - 1
"""The suit-major part of a read hand's ``presence``: bit ``code`` for each natural held."""

# Moves are immutable values, so the few that recur on every turn are built once and
# shared: a draw's two moves, and a discard of each card value, per seat.
_SEATS = 8  # Variant allows 2..8 players
_DRAWS = tuple((Take(seat), Push(seat)) for seat in range(_SEATS))
_TAKES = tuple((Take(seat),) for seat in range(_SEATS))
_DISCARDS = tuple(tuple(Discard(seat, card) for card in ALL_CARDS) for seat in range(_SEATS))
_NEXT_DEAL = (NextDeal(),)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move, complete and without duplicates, in canonical order.

    The order: ``Take`` then ``Push``; in play, the lay-down steps (each a
    ``LayDown`` of one meld, in the order of
    :func:`~pushrummy.contracts.lay_down_steps`), then ``LayOff`` (by meld id,
    card, end), ``NewMeld`` (by meld order), ``ExchangeWild`` (by meld id,
    position), and ``Discard`` (by card). While a lay-down is unfinished
    (``Phase.LAYING_DOWN``) only its next steps are listed ([contract.steps]).
    With ``wild_exchange`` = ``none``, melds that differ only in which wild
    card fills which wild place of a run are listed once ([meld.wild]).
    A new meld is listed only when it is no smaller meld plus lay-offs (the
    minimal melds of :func:`~pushrummy.contracts.single_melds`): a longer one is
    the listed meld and then listed ``LayOff`` moves, or one whole ``NewMeld``,
    which is legal all the same.
    Between deals the only move is :class:`~pushrummy.moves.NextDeal`; after
    the game there is none. The listing of the last state asked is kept beside it
    (states are immutable): asking again for the very same state object returns the
    same tuple, and :func:`~pushrummy.engine.apply_move` does not re-check a move
    object taken from it.

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
    moves: tuple[Move, ...]
    if phase is Phase.DRAW:
        seat = state.current_player
        assert seat is not None
        if push_allowed(state.variant, len(state.stock)):
            moves = _DRAWS[seat] if seat < _SEATS else (Take(seat), Push(seat))
        else:
            moves = _TAKES[seat] if seat < _SEATS else (Take(seat),)
    elif phase is Phase.PLAY:
        moves = _play_moves(state)
    elif phase is Phase.LAYING_DOWN:
        seat = state.current_player
        assert seat is not None
        placed = tuple(t.meld for t in state.lay_down_so_far)
        parsed = read_hand(state.hands[seat])
        moves = tuple(_lay_down_steps(state, seat, parsed, placed, _search_of(state.variant)))
    elif phase is Phase.BETWEEN_DEALS:
        moves = _NEXT_DEAL
    else:
        moves = ()
    _LAST[0] = (state, moves)
    return moves


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

_SCAN_LIMIT = 256
"""The longest listing :func:`listed` scans: past it, the move's own check costs less
than finding it (a check is a few µs; a scan some 30 ns per move)."""


def listed(state: GameState, move: object) -> bool:
    """Whether ``move`` is one of the very move objects (``is``) that :func:`legal_moves`
    listed last, for this very ``state`` (``is``): then it is legal, and
    :func:`~pushrummy.engine.apply_move` applies it without checking it again.

    ``False`` says nothing (an equal move built elsewhere, another state, a long list):
    the move is then checked as any other."""
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


def _may_meld_after_contract(state: GameState) -> bool:
    seat = state.current_player
    assert seat is not None
    if not state.laid_down[seat]:
        return False
    return state.variant.same_turn_after_contract or not state.laid_down_this_turn


def _play_moves(state: GameState) -> tuple[Move, ...]:
    seat = state.current_player
    assert seat is not None
    variant = state.variant
    search = _SEARCH.get(id(variant))
    if search is None or search.variant is not variant:
        search = _search_of(variant)
    hand = state.hands[seat]
    parsed = read_hand(hand)  # read once for the lay-down steps, lay-offs and new melds
    keep_one = variant.must_discard_to_go_out
    moves: list[Move] = []
    laid_down = state.laid_down[seat]
    if not laid_down:
        moves.extend(_lay_down_steps(state, seat, parsed, (), search))
    elif _may_meld_after_contract(state):
        if not (keep_one and len(hand) == 1):
            _add_lay_offs(moves, state, seat, parsed, variant)
        if variant.new_melds_after_contract:
            for meld in single_melds_of(parsed, search.meld_rules, search.canonical, True):
                if keep_one and len(meld.cards) == len(hand):
                    continue
                moves.append(NewMeld(seat, meld))
    if laid_down and variant.wild_exchange is not WildExchange.NONE:
        moves.extend(_exchanges(state, seat))
    if seat >= _SEATS:
        moves.extend([Discard(seat, card) for card in discardable(state, seat)])
    elif not discard_restricted(variant, state.taken):
        # discardable() without a restriction to apply: every distinct card, by code.
        discards = _DISCARDS[seat]
        moves.extend(map(discards.__getitem__, sorted(set(parsed.codes))))
    else:
        discards = _DISCARDS[seat]
        moves.extend([discards[card.code] for card in discardable(state, seat)])
    return tuple(moves)


def _lay_down_steps(
    state: GameState, seat: int, parsed: Hand, placed: tuple[Meld, ...], search: _Search
) -> list[Move]:
    """The first or next meld of the contract, one move each ([contract.steps]): the
    engine's way into :func:`~pushrummy.contracts.lay_down_steps`, with the hand read,
    the melds placed (from the table) and the variant's search options at hand."""
    steps = steps_of(
        parsed,
        search.plans[state.deal_number - 1],
        search.rules,
        placed,
        search.canonical,
        state.variant.must_discard_to_go_out,
        minimal=minimal_steps(state.variant),
    )
    return [lay_down_unchecked(seat, (meld,)) for meld in steps]


class _Search(NamedTuple):
    """The contract search's view of a variant."""

    variant: Variant
    plans: tuple[Plan, ...]
    """Each deal's contract, as the search plans it."""
    rules: Rules
    """The interned rules of the contract search."""
    meld_rules: Rules
    """Those of a new meld after the contract (sizes never exact)."""
    canonical: bool
    """Whether melds differing only in which wild fills which place are listed once."""


_SEARCH: dict[int, _Search] = {}
""":class:`_Search` by ``id(variant)``, looked up once per listing instead of asking
``plan_of``, ``rules_of`` and ``meld_rules_of``. Holding the variant keeps its id from
being reused meanwhile; emptied when full."""


def _search_of(variant: Variant) -> _Search:
    search = _SEARCH.get(id(variant))
    if search is not None and search.variant is variant:
        return search
    plans = tuple(plan_of(deal.contract) for deal in variant.deals)
    canonical = variant.wild_exchange is WildExchange.NONE
    if len(_SEARCH) >= 64:
        _SEARCH.clear()
    search = _Search(variant, plans, rules_of(variant), meld_rules_of(variant), canonical)
    _SEARCH[id(variant)] = search
    return search


def _add_lay_offs(
    moves: list[Move], state: GameState, seat: int, hand: Hand, variant: Variant
) -> None:
    """Append every lay-off, by meld id, card and end ([layoff.card])."""
    naturals = hand.presence & _NATURAL_BITS  # bit ``code`` for every natural held
    table = state.table
    # The table's summary, looked up by identity: a table stays the same tuple from
    # state to state until a meld is added or grows, and this runs at every play
    # decision of a seat that has laid down, where usually nothing in the hand fits.
    summary = _TABLE_LAYOFFS.get(id(table))
    if summary is None or summary[0] is not table or summary[1] is not variant:
        summary = _table_layoffs(table, variant)
    if not (summary[2] & naturals) and not (summary[3] and hand.wilds):
        return  # no card of the hand fits any meld on the table
    wild_codes = sorted({code for code in hand.codes if IS_WILD[code]}) if hand.wilds else []
    any_target = variant.layoff_targets is LayoffTargets.ANY
    for target, entry in summary[4]:
        if not any_target and not may_target(variant, seat, target.owner):
            continue
        hits = entry[3] & naturals
        fits, wild_ends = entry[2]
        if not hits and not (wild_ends and wild_codes):
            continue
        codes = []
        while hits:
            bit = hits & -hits
            codes.append(bit.bit_length() - 1)
            hits ^= bit
        if wild_ends and wild_codes:
            codes += wild_codes
            codes.sort()
        meld_id = target.id
        for code in codes:
            card = ALL_CARDS[code]
            for end in wild_ends if IS_WILD[code] else fits[code]:
                moves.append(LayOff(seat, card, meld_id, end))


_TableLayoffs = tuple[
    tuple[TableMeld, ...],
    Variant,
    int,
    bool,
    list[tuple[TableMeld, LayoffEntry]],
]
_TABLE_LAYOFFS: dict[int, _TableLayoffs] = {}
"""What can be laid off on a whole table, by ``id(table)``: ``(table, variant, the natural
codes fitting some meld as a bitmask, whether a wild fits some meld, each meld with its
:func:`~pushrummy.layoffs.layoff_entry`)``. Holding the table and the variant keeps their
ids from being reused meanwhile. Small (emptied at 64 entries): a game has one table at a
time, and memos holding many dead tables make the garbage collector's full passes longer.
The rows are never changed once stored."""

_LAST_TABLE: list[_TableLayoffs | None] = [None]
"""The summary made last: the next table is most often this one with one meld grown or
added, so a new summary starts from it and looks up only the melds that changed."""


def _table_layoffs(table: tuple[TableMeld, ...], variant: Variant) -> _TableLayoffs:
    maps = LAYOFF_MAPS
    last = _LAST_TABLE[0]
    old = last[4] if last is not None and last[1] is variant else []
    count = len(old)
    rows = []
    naturals = 0
    wild = False
    for index, target in enumerate(table):
        if index < count and old[index][0] is target:
            row = old[index]
            entry = row[1]
        else:
            meld = target.meld
            found = maps.get(id(meld))
            if found is None or found[0] is not meld or found[1] is not variant:
                found = layoff_entry(meld, variant)
            entry = found
            row = (target, entry)
        rows.append(row)
        naturals |= entry[3]
        if entry[2][1]:
            wild = True
    if len(_TABLE_LAYOFFS) >= 64:
        _TABLE_LAYOFFS.clear()
    summary = (table, variant, naturals, wild, rows)
    _TABLE_LAYOFFS[id(table)] = _LAST_TABLE[0] = summary
    return summary


def _exchanges(state: GameState, seat: int) -> list[Move]:
    hand = set(state.hands[seat])
    jokers_only = state.variant.wild_exchange is WildExchange.JOKERS_IN_RUNS
    moves: list[Move] = []
    for target in state.table:
        meld = target.meld
        if meld.kind is not MeldKind.RUN:
            continue
        assert meld.start is not None
        for index, wild in enumerate(meld.cards):
            if not wild.is_wild or (jokers_only and not wild.is_joker):
                continue
            natural = natural_at(meld, meld.start + index)
            if natural is not None and natural in hand:
                moves.append(ExchangeWild(seat, target.id, meld.start + index, natural))
    return moves


def discardable(state: GameState, seat: int) -> list[Card]:
    """The distinct cards ``seat`` may discard now ([discard.taken], [discard.wild]), by
    :func:`~pushrummy.predicates.discardable_codes` (asked of a hand's codes, which are good)."""
    codes = sorted({card.code for card in state.hands[seat]})
    return [ALL_CARDS[code] for code in allowed_discards(codes, state.variant, state.taken)]
