"""Player views: the one choke point for hidden information (:doc:`/design`).

A :class:`~pushrummy.state.GameState` is privileged: it holds every hand and
the stock order. :func:`view` projects it onto what one seat may know, and a
:class:`PlayerView` is safe to send to that seat (or to a bot for that seat).
Information is hidden **by owner, never by phase**: whatever the phase, a view
holds

* the seat's own hand, in full;
* for every other seat only its hand size and the cards everyone knows it
  holds (taken or pushed upcards not yet played, [draw.visibility]);
* everything public: the variant, deal, dealer, contract, phase, whose turn it
  is (and, while the upcard is offered round the table, who offers it), the
  upcard, the discard pile under it ([draw.stock]), the table, the stock *size*,
  who has laid down, the card the current player took this turn, the scores and
  the scored deals (whose hands are shown for scoring at a deal's end,
  [score.out]) and the outcome;
* the legal moves, when it is the seat's turn (empty otherwise).

Never the stock order, the seed, injected deck orders, or another seat's cards
beyond the publicly known ones: the stock card of a push reaches only the
receiver's view, inside its own hand ([draw.visibility]).

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> me = pr.view(state, state.current_player)
>>> me.hand == state.hands[me.seat], me.hand_sizes, me.stock_size
(True, (6, 6, 6, 6), 83)
>>> me.legal_moves == (pr.Take(me.seat), pr.Push(me.seat))
True
>>> pr.view(state, (me.seat + 1) % 4).legal_moves     # not that seat's turn
()
>>> after = pr.apply_move(state, pr.Take(me.seat))
>>> pr.view(after, (me.seat + 2) % 4).known[me.seat] == (state.upcard,)
True
>>> pr.view(state, 4)
Traceback (most recent call last):
...
pushrummy.errors.SetupError: seat must be 0..3 in a game of 4 players, not 4
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from ._wire import WIRE, Codec, FieldInfo
from .cards import ALL_CARDS, JOKER, Card, Rank
from .contract_spec import Contract, Requirement
from .contracts import contract_left, contract_options, single_melds
from .engine import is_legal
from .engine import legal_moves as _legal_moves
from .errors import InvalidMeldError, SetupError
from .events import EventLog, GameLog
from .meld_shape import MeldShape
from .melds import Meld, MeldKind, meld_rule_problem
from .moves import FillWilds, LayDown, LayDownShape, Move, NewMeld, cards_used
from .plays.buy import offerer
from .state import (
    DealResult,
    GameState,
    Outcome,
    Phase,
    TableMeld,
    game_progress,
    pending_contract,
    unfinished_lay_down,
)
from .variants import Variant, WildExchange

__all__ = ["PlayerView", "moves_using", "view"]


_COPIED = "pushrummy.views.copied"
"""The key, in a view field's ``attrs`` metadata, of the state field it copies."""


def _own(codec: Codec, default: Any = attrs.NOTHING, **info: Any) -> Any:
    """A field of :class:`PlayerView` that is no field of its state (computed by
    :func:`view`: :data:`_COMPUTED`), with its :class:`~pushrummy._wire.FieldInfo` (and a
    ``default`` for a field that documents written before it leave out: ``later``)."""
    return attrs.field(default=default, metadata=FieldInfo(codec=codec, **info).metadata())


def _copied(name: str, default: Any = attrs.NOTHING, **beside: Any) -> Any:
    """A field of :class:`PlayerView` that is the state field ``name``, copied: declared
    with the state's field (its :class:`~pushrummy._wire.FieldInfo` is the state's, with the
    read-only keys ``beside`` it: ``before``, ``after``)."""
    info = attrs.fields_dict(GameState)[name].metadata[WIRE]
    return attrs.field(
        default=default, metadata={**attrs.evolve(info, **beside).metadata(), _COPIED: name}
    )


@attrs.frozen(slots=True, kw_only=True)
class PlayerView:
    """What one seat may know about a game: safe to send to that seat.

    Built by :func:`view`; never construct one from a state by hand. Two views
    are equal exactly when the seat cannot tell the two positions apart.

    Attributes:
        seat: the seat this view belongs to.
        side: the side (partnership, or the seat itself in Cap-It) the seat plays for.
        players: the number of players.
        variant: the rules being played (public).
        deal_number: the current (or just finished) deal, from 1.
        dealer: the seat that dealt the current deal.
        contract: the current deal's contract.
        phase: what kind of decision is pending.
        current_player: the seat to move, or ``None`` between deals and after the game.
        offered_by: in ``Phase.BUYING``, the seat in turn whose upcard is offered round
            the table ([buy.offer]; ``current_player`` is the seat it is offered to);
            ``None`` in every other phase (:func:`~pushrummy.plays.buy.offerer`).
        hand: the seat's own cards, sorted.
        hand_sizes: every seat's number of cards (the own seat included).
        known: per seat, the cards everyone knows that seat holds: upcards it
            took or was pushed and has not played yet ([draw.visibility]).
            The own seat's entry is included too (what the others know of it).
        upcard: the face-up card, or ``None`` once it was taken or pushed this turn.
        pile: the discard pile under the upcard, oldest first ([draw.stock]; ``()`` with
            the push draw). Public and shown whole: every seat saw each of its cards
            discarded, so a view holds what a perfect memory would, and a seat knows which
            cards a reshuffle makes the new stock of ([draw.reshuffle]).
        table: the melds on the table, in id order.
        stock_size: how many cards are left in the face-down stock.
        laid_down: per seat, whether it has laid down this deal's contract.
        laid_down_this_turn: whether the current player laid down the contract
            this turn (matters with ``same_turn_after_contract=False``).
        shape: in ``Phase.FILLING_WILDS``, the shape the current player announced and
            fills next ([contract.wilds]; every seat sees it); ``None`` otherwise.
        taken: the upcard the current player took this turn ([discard.taken]).
        turn: completed turns in this deal (for ``max_turns_per_deal``).
        totals: each side's running penalty total.
        results: the scored deals so far, with every hand as it was shown for scoring.
        outcome: the game's result once it is over, else ``None``.
        events: the game's events as this seat saw them (:mod:`pushrummy.events`):
            its own dealt hand and stock cards in full, other seats' redacted.
            ``view.events.since(n)`` is what a client that has seen ``n`` events missed.
        legal_moves: the seat's legal moves when it is its turn, else ``()``.
    """

    seat: int = _own(Codec.SEAT)
    side: int = _own(Codec.SIDE, rule="setup.players", what="a side")
    players: int = _copied(
        "players",
        after=(
            FieldInfo(
                codec=Codec.SIDES,
                json="sides",
                rule="setup.players",
                what="each seat's side, as the variant has them",
            ),
        ),
    )
    variant: Variant = _copied("variant")
    deal_number: int = _copied("deal_number")
    dealer: int = _copied("dealer")
    contract: Contract = _own(
        Codec.CONTRACT,
        rule="contract.table",
        after=(
            FieldInfo(
                codec=Codec.CONTRACT_PARTS,
                json="contract_left",
                rule="contract.steps",
                what="what the current player still has to lay down",
            ),
        ),
    )
    phase: Phase = _copied("phase")
    current_player: int | None = _copied("current_player")
    offered_by: int | None = _own(
        Codec.OPT_SEAT,
        None,
        rule="buy.offer",
        what="the seat whose upcard is offered (a seat, or null outside the buying phase)",
        later=True,
    )
    hand: tuple[Card, ...] = _own(Codec.HAND)
    hand_sizes: tuple[int, ...] = _own(
        Codec.SEAT_COUNTS, rule="draw.visibility", what="a list of hand sizes, one per seat,"
    )
    known: tuple[tuple[Card, ...], ...] = _copied("known")
    upcard: Card | None = _copied("upcard")
    pile: tuple[Card, ...] = _copied("pile", ())
    table: tuple[TableMeld, ...] = _copied("table")
    stock_size: int = _own(Codec.COUNT, what="a stock size")
    laid_down: tuple[bool, ...] = _copied("laid_down")
    laid_down_this_turn: bool = _copied("laid_down_this_turn")
    shape: MeldShape | None = _copied("shape")
    taken: Card | None = _copied("taken")
    turn: int = _copied("turn")
    totals: tuple[int, ...] = _copied("totals")
    results: tuple[DealResult, ...] = _copied("results")
    outcome: Outcome | None = _copied("outcome")
    events: EventLog = _own(
        Codec.SEEN,
        rule="draw.visibility",
        before=(
            FieldInfo(
                codec=Codec.PROGRESS,
                json="progress",
                what="the game's progress (twice its events, plus one while a shape awaits "
                "its wild cards)",
            ),
            FieldInfo(codec=Codec.SINCE, json="events_since", what="an event index"),
        ),
    )
    legal_moves: tuple[Move, ...] = _own(Codec.LISTED)

    @property
    def lay_down_so_far(self) -> tuple[TableMeld, ...]:
        """The melds placed so far of the current player's unfinished lay-down
        (``Phase.LAYING_DOWN``; ``()`` otherwise), as
        :attr:`GameState.lay_down_so_far <pushrummy.state.GameState.lay_down_so_far>`."""
        return unfinished_lay_down(self.phase, self.table, self.current_player)

    @property
    def contract_left(self) -> tuple[Requirement, ...]:
        """What of the contract the current player still has to place while
        ``Phase.LAYING_DOWN`` (``()`` otherwise), as
        :attr:`GameState.contract_left <pushrummy.state.GameState.contract_left>`."""
        return pending_contract(
            self.phase, self.table, self.current_player, self.contract, self.variant
        )

    @property
    def progress(self) -> int:
        """How far the game has gone, as
        :attr:`GameState.progress <pushrummy.state.GameState.progress>` (the same number
        in every seat's view): the precondition a listed move's document carries back."""
        return game_progress(len(self.events), self.shape)

    @property
    def sides(self) -> tuple[int, ...]:
        """Each seat's side, by seat (:meth:`Variant.side_of <pushrummy.variants.Variant.side_of>`):
        ``(0, 1, 0, 1)`` in partnerships, ``(0, 1, …, players - 1)`` in individual play."""
        return tuple(map(self.variant.side_of, range(self.players)))

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is the one to move."""
        return self.current_player == self.seat

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.phase is Phase.GAME_OVER

    def __copy__(self) -> PlayerView:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> PlayerView:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know about ``state``: the only way a client sees the game.

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState`, or ``seat``
            not an int (a bool is not one).
        SetupError: ``seat`` is not in the game — the same error
            :func:`~pushrummy.engine.new_game` raises for a dealer seat out of range.

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.CAP_IT, seed=3, players=5)
    >>> v = pr.view(state, 0)
    >>> v.players, len(v.hand), v.hand_sizes, v.side
    (5, 10, (10, 10, 10, 10, 10), 0)
    >>> v.contract
    Contract('2 sets of 3')
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TypeError(f"seat must be an int, not {type(seat).__name__}")
    if not 0 <= seat < state.players:
        raise SetupError(
            f"seat must be 0..{state.players - 1} in a game of {state.players} players, not {seat}"
        )
    moves = _legal_moves(state) if state.current_player == seat else ()
    return _view(state, seat, moves)


def moves_using(view: PlayerView, cards: Iterable[Card]) -> tuple[Move, ...]:
    """Every legal move of the view's seat that plays exactly ``cards`` (as a multiset)
    from the hand, listed or not.

    The question a front end asks when the player has selected some cards: which moves
    use exactly these? A discard, a lay-off and an exchange use their one card, a new meld
    its meld's cards, a lay-down (or lay-down step) its melds' cards, a lay-down step's
    shape its natural cards and the filling of its wild places those wild cards
    (:func:`~pushrummy.moves.cards_used`); so no cards selected gives the draws (and
    nothing else). First the listed moves that do, in the order of
    :attr:`PlayerView.legal_moves`; then the legal moves the listing leaves to their
    representatives (:ref:`listing-promise`) that use exactly these cards: a lay-down
    step that is not first in step order or longer than its part (with wild cards: the
    whole step, in one :class:`~pushrummy.moves.LayDown`), a whole lay-down of several
    melds (among the first 256 ways the cards make), a new meld longer than its smallest
    form; natural cards alone, the shapes (:class:`~pushrummy.moves.LayDownShape`) they
    make with wild places the seat's wild cards can fill, sets first, then runs by where
    they start; while a shape is being filled (``Phase.FILLING_WILDS``), its wild cards
    in another order (:class:`~pushrummy.moves.FillWilds`). The engine's checker decides
    each (:func:`~pushrummy.engine.is_legal`, on a state holding what the view knows), so
    a person can lay the melds of a contract down in any order; the shapes and fillings
    tried are bounded (at most 256 fillings checked in all). Cards the seat does not hold
    give only the listed moves (none).

    Raises:
        TypeError: ``view`` is not a :class:`PlayerView`, or ``cards`` is not an
            iterable of :class:`~pushrummy.cards.Card` values.

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=7)
    >>> state = pr.apply_move(state, pr.Take(state.current_player))
    >>> me = pr.view(state, state.current_player)
    >>> me.hand[:2], me.taken                      # the taken upcard may not be discarded
    ((Card('AC'), Card('5C')), Card('AC'))
    >>> moves_using(me, [me.hand[1]]), moves_using(me, [me.hand[0]])
    ((Discard(seat=2, card=Card('5C')),), ())
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"cards must be an iterable of Card values, not {type(cards).__name__}")
    wanted = sorted(_card_codes(cards))
    count = len(wanted)
    found = [
        move
        for move in view.legal_moves
        if len(used := cards_used(move)) == count and sorted(c.code for c in used) == wanted
    ]
    if not count or not view.legal_moves or not _holds(view.hand, wanted):
        return tuple(found)
    selected = [ALL_CARDS[code] for code in wanted]
    laying = view.phase in (Phase.PLAY, Phase.LAYING_DOWN)
    melds = laying and count >= 3
    wild = view.variant.wild_table
    shapes = laying and not view.laid_down[view.seat] and not any(wild[c.code] for c in selected)
    fills = view.phase is Phase.FILLING_WILDS and all(wild[c.code] for c in selected)
    if not (melds or shapes or fills):
        return tuple(found)
    listed = set(found)
    probe = _own_moves_state(view)
    if melds:
        found += [
            move
            for move in _meld_moves(view, selected)
            if move not in listed and is_legal(probe, move)
        ]
    if shapes:
        found += _shape_moves(view, probe, selected, listed)
    if fills:
        found += _fill_moves(view, probe, selected, listed)
    return tuple(found)


def _meld_moves(view: PlayerView, cards: list[Card]) -> list[Move]:
    """The meld moves of the view's seat that use exactly ``cards``, legal or not: each
    meld they make as a lay-down step or a new meld, and each way to lay down the whole
    contract with them (one assignment of wilds per class when wilds cannot be taken back,
    as the listing has them)."""
    seat = view.seat
    canonical = view.variant.wild_exchange is WildExchange.NONE
    size = len(cards)
    melds = []
    if size <= _LONGEST_MELD:
        melds = [
            meld
            for meld in single_melds(cards, view.variant, canonical_wilds=canonical)
            if len(meld.cards) == size
        ]
    if view.laid_down[seat]:
        return [NewMeld(seat, meld) for meld in melds]
    moves: list[Move] = [LayDown(seat, (meld,)) for meld in melds]
    if view.phase is Phase.PLAY:
        ways = contract_options(
            cards, view.contract, view.variant, canonical_wilds=canonical, limit=_WAYS
        )
        for way in ways:
            if len(way) > 1 and sum(len(meld.cards) for meld in way) == size:
                moves.append(LayDown(seat, way))
    return moves


def _shape_moves(
    view: PlayerView, probe: GameState, naturals: list[Card], listed: set[Move]
) -> list[Move]:
    """The legal shapes of a lay-down step whose naturals are exactly ``naturals`` that
    the listing leaves out: each set and run they make with as many wild places as the
    seat's wild cards can fill, legal when some filling of it makes a legal step
    ([contract.wilds]); at most :data:`_FILLINGS` fillings are checked."""
    seat = view.seat
    wild_twos = view.variant.wild_twos
    wild = view.variant.wild_table
    wilds = [card for card in view.hand if wild[card.code]]
    placed = tuple(t.meld for t in view.lay_down_so_far)
    budget = _FILLINGS
    moves: list[Move] = []
    for shape in _shapes_of(naturals, len(wilds), wild_twos):
        move = LayDownShape(seat, shape)
        if move in listed:
            continue
        meld = shape.fill([JOKER] * shape.wild_places)  # what no filling changes
        if meld_rule_problem(meld, view.variant) is not None:
            continue
        if contract_left(view.contract, (*placed, meld), view.variant) is None:
            continue
        for fill in _arrangements(wilds, shape.wild_places, ordered=shape.suit is not None):
            if budget <= 0:
                return moves
            budget -= 1
            if is_legal(probe, LayDown(seat, (shape.fill(fill),))):
                moves.append(move)
                break
    return moves


def _shapes_of(naturals: list[Card], wild_places: int, wild_twos: bool) -> Iterator[MeldShape]:
    """Every shape whose naturals are ``naturals``, with 1 to ``wild_places`` wild places:
    sets by size, then runs by start and length (twos among the naturals where
    ``wild_twos`` is False)."""
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1:
        for places in range(1, wild_places + 1):
            with contextlib.suppress(InvalidMeldError):
                meld = Meld.set_of([*naturals, *[JOKER] * places], wild_twos=wild_twos)
                yield MeldShape.of(meld, wild_twos=wild_twos)
    if len(suits) != 1:
        return
    suit = suits.pop()
    runs: list[tuple[int, int, MeldShape]] = []
    aces = [card for card in naturals if card.rank is Rank.ACE]
    others = [(int(card.rank or 0), card) for card in naturals if card.rank is not Rank.ACE]
    for high in range(len(aces) + 1):  # how many aces stand high (at 14), the rest low (at 1)
        low_aces = len(aces) - high
        spots = sorted(
            [
                *others,
                *[(1, ace) for ace in aces[:low_aces]],
                *[(14, ace) for ace in aces[low_aces:]],
            ],
            key=lambda spot: spot[0],
        )
        if len({spot for spot, _ in spots}) != len(spots):
            continue
        low, top = spots[0][0], spots[-1][0]
        gaps = top - low + 1 - len(spots)
        for below in range(low):
            for above in range(15 - top):
                places = gaps + below + above
                if not 1 <= places <= wild_places:
                    continue
                start = low - below
                cards = [JOKER] * (top + above - start + 1)
                for spot, card in spots:
                    cards[spot - start] = card
                with contextlib.suppress(InvalidMeldError):
                    meld = Meld(MeldKind.RUN, tuple(cards), suit=suit, start=start)
                    runs.append((start, len(cards), MeldShape.of(meld, wild_twos=wild_twos)))
    for _, _, shape in sorted(runs, key=lambda run: run[:2]):
        yield shape


def _fill_moves(
    view: PlayerView, probe: GameState, wilds: list[Card], listed: set[Move]
) -> list[Move]:
    """The legal fillings of the announced shape with exactly ``wilds`` that the listing
    leaves out: the wilds in another order along a run (when wilds cannot be taken back, only
    when no listed filling holds these wilds, and then one); at most :data:`_FILLINGS`."""
    shape = view.shape
    assert shape is not None  # the phase is FILLING_WILDS
    if len(wilds) != shape.wild_places:
        return []
    canonical = view.variant.wild_exchange is WildExchange.NONE
    if canonical and listed:
        return []  # a listed filling of these very wilds stands for every order of them
    moves: list[Move] = []
    budget = _FILLINGS
    for fill in _arrangements(wilds, len(wilds), ordered=shape.suit is not None):
        move = FillWilds(view.seat, fill)
        if move in listed:
            continue
        if budget <= 0:
            break
        budget -= 1
        if is_legal(probe, move):
            moves.append(move)
            if canonical:
                break
    return moves


def _arrangements(cards: list[Card], places: int, *, ordered: bool) -> Iterator[tuple[Card, ...]]:
    """The distinct ways to put ``places`` of ``cards`` (a multiset) in a row: in every
    order (``ordered``, a run's wild places), or sorted only (a set's), in ascending order
    of the rows."""
    left: dict[Card, int] = {}
    for card in cards:
        left[card] = left.get(card, 0) + 1
    kinds = sorted(left)
    row: list[Card] = []

    def extend(first: int) -> Iterator[tuple[Card, ...]]:
        if len(row) == places:
            yield tuple(row)
            return
        for index in range(0 if ordered else first, len(kinds)):
            card = kinds[index]
            if left[card]:
                left[card] -= 1
                row.append(card)
                yield from extend(index)
                row.pop()
                left[card] += 1

    if places <= len(cards):
        yield from extend(0)


_FILLINGS = 256
"""How many fillings of wild places :func:`moves_using` checks for one selection (the
shapes of its naturals, or the orders of a shape's wild cards): a bound on the work."""

_LONGEST_MELD = 14
"""No meld has more cards (a run from ace low to ace high, [meld.run])."""

_WAYS = 256
"""How many ways to lay the whole contract down :func:`moves_using` reads from a selection
(:func:`~pushrummy.contracts.contract_options` with ``limit``): a bound on the work a
selection of many cards can ask for; the steps of every way are found all the same."""


def _holds(hand: tuple[Card, ...], codes: list[int]) -> bool:
    """Whether ``hand`` holds the cards ``codes`` (copies counted)."""
    have = [0] * 53
    for card in hand:
        have[card.code] += 1
    for code in codes:
        have[code] -= 1
        if have[code] < 0:
            return False
    return True


_PROBE_ONLY: dict[str, Any] = {"seed": 0, "stock": (), "reshuffles": ()}
"""The state fields a view does not carry that no check of the seat's own meld moves reads
(besides ``hands``, ``injected`` and ``log``, made in :func:`_own_moves_state`)."""


def _own_moves_state(view: PlayerView) -> GameState:
    """A state holding what ``view`` knows, for asking the engine's checker about the
    seat's own meld moves: its hand, the table and every public field; the other hands and
    the stock empty (the checks of a seat's own melds never read them)."""
    players = len(view.hand_sizes)
    values: dict[str, Any] = {name: getattr(view, name) for name in COPIED_FIELDS}
    return GameState(
        **values,
        **_PROBE_ONLY,
        hands=tuple(view.hand if seat == view.seat else () for seat in range(players)),
        injected=(None,) * len(view.variant.deals),
        log=GameLog(players),
    )


def _card_codes(cards: Iterable[Card]) -> list[int]:
    codes = []
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"cards must be Card values, not {type(card).__name__}")
        codes.append(card.code)
    return codes


_COMPUTED: dict[str, str] = {
    "seat": "seat",
    "side": "variant.side_of(seat)",
    "contract": "variant.deals[state.deal_number - 1].contract",
    "offered_by": "offerer(state)",
    "hand": "state.hands[seat]",
    "hand_sizes": "tuple(map(len, state.hands))",
    "stock_size": "len(state.stock)",
    "events": "state.log.seen_by(seat)",
    "legal_moves": "moves",
}
"""How :func:`_view` computes each field of a view that is not a field of its state (an
expression of ``state``, ``seat``, ``moves``, ``variant`` and ``offerer``); every other
field is the state's field of the same name, copied."""

COPIED_FIELDS: tuple[str, ...] = tuple(
    field.name for field in attrs.fields(PlayerView) if _COPIED in field.metadata
)
"""The fields a view copies from its state unchanged (the state's fields of the same name,
declared ``_copied``)."""


def _view_builder() -> Any:
    """``_view(state, seat, moves)``, compiled once from ``attrs.fields(PlayerView)``: every
    view field is set through its slot's own setter (skipping the frozen ``__setattr__`` and
    ``__init__``'s keyword passing; PlayerView has no validators or converters), to the
    state's field of the same name or to its expression in :data:`_COMPUTED`. A field that is
    neither fails here, at import."""
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "PlayerView": PlayerView,
        "offerer": offerer,
    }
    lines = ["def _view(state, seat, moves):", "    variant = state.variant"]
    lines.append("    new = _new(PlayerView)")
    for field in attrs.fields(PlayerView):
        name = field.name
        namespace[f"_set_{name}"] = PlayerView.__dict__[name].__set__
        if name in _COMPUTED:
            value = _COMPUTED[name]
        elif name in COPIED_FIELDS:
            value = "variant" if name == "variant" else f"state.{name}"
        else:  # pragma: no cover - a new field of PlayerView needs a way to be computed
            raise RuntimeError(f"views: no way to compute the view field {name!r}")
        lines.append(f"    _set_{name}(new, {value})")
    lines.append("    return new")
    exec(compile("\n".join(lines), "<pushrummy.views._view>", "exec"), namespace)
    return namespace["_view"]


if TYPE_CHECKING:

    def _view(state: GameState, seat: int, moves: tuple[Move, ...]) -> PlayerView:
        """See below."""

else:
    _view = _view_builder()
    _view.__module__ = __name__
    _view.__doc__ = """The view of an already validated ``seat``, with its legal moves already
    computed.

    Private: lets a game loop compute ``legal_moves`` once (and time it on its own). Every
    bot decision builds one, so it is compiled from the fields (:func:`_view_builder`).
    """


def _probe_covers_the_state() -> None:  # an import-time check: a new state field fails here
    made = {*COPIED_FIELDS, *_PROBE_ONLY, "hands", "injected", "log"}
    if made != set(attrs.fields_dict(GameState)):
        raise RuntimeError("pushrummy.views._own_moves_state is out of step with GameState")


def _fields_are_copied_or_computed() -> None:  # an import-time check of the declarations
    for field in attrs.fields(PlayerView):
        if field.metadata.get(_COPIED, field.name) != field.name or (
            (field.name in _COMPUTED) == (field.name in COPIED_FIELDS)
        ):
            raise RuntimeError(
                f"views: PlayerView.{field.name} must be copied from its namesake or computed"
            )


_probe_covers_the_state()
_fields_are_copied_or_computed()
