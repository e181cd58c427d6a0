"""Laying down the contract ([contract.laydown]), whole or one meld at a time
([contract.steps]), a meld with wild cards in two decisions: its shape, then its wilds
([contract.wilds]).

The lister lists the next meld of the contract, one move each, in the step order of
:func:`~pushrummy.contracts.lay_down_steps` (only melds after which the rest can still be
completed); the checker accepts any lay-down, whole or partial, after which the contract
can be completed; the applier puts the melds on the table in step order. Whether the rest
can be completed is asked of the contract search (:mod:`pushrummy.contracts`) by both.

A listed step that holds wild cards is listed as its shape
(:class:`~pushrummy.moves.LayDownShape`), once per shape; then the legal fillings of its
wild places (:class:`~pushrummy.moves.FillWilds`). A filling is checked as the
:class:`~pushrummy.moves.LayDown` of the meld it makes, by the same checker, and a shape
is legal when some filling of it is.

A shape's fillings are legal all together or not at all: the checker reads the wild cards
of a filled meld only through their number, which is the shape's (the meld options count
wilds, the contract search counts the wilds left; which wild stands where, or which kind it
is, is never read). So the shape's checker and the listing of a shape announced out of step
order check one filling, the first, not each of the (up to 10!/2⁵ = 113,400) arrangements.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import attrgetter
from typing import Any

from ..cards import IS_WILD, Card, wild_table
from ..contract_spec import Contract, RunSuits, run_suits_problem
from ..contracts import (
    all_out_ways,
    can_complete_all_out,
    can_complete_contract,
    contract_left,
    step_order_key,
)
from ..contracts.all_out import loose_sizes
from ..contracts.hands import Hand
from ..contracts.parts import rest_after_melds
from ..contracts.shapes import build_meld
from ..contracts.steps import (
    StepSearch,
    StepShape,
    first_step_search,
    minimal_steps,
    step_keeps_run_suits,
    step_shape,
    steps_of,
)
from ..errors import ContractNotMetError, IllegalMoveError, InvalidMeldError
from ..events import LaidDown
from ..meld_shape import MeldShape
from ..melds import Meld, MeldKind, trusted_meld
from ..moves import FillWilds, LayDown, LayDownShape, Move, lay_down_unchecked
from ..state import GameState, Phase, replace_unchecked
from ..variants import Variant
from .turn import (
    Turn,
    check_meld_rules,
    contract_words,
    illegal,
    place_melds,
    require_cards,
    require_keeps_a_card,
    search_of,
    set_at,
    without_cards,
)

__all__ = [
    "STEP_MOVES",
    "StepDraw",
    "apply_fill_wilds",
    "apply_lay_down",
    "apply_lay_down_shape",
    "check_fill_wilds",
    "check_lay_down",
    "check_lay_down_shape",
    "fillings",
    "list_fill_wilds",
    "list_lay_down",
    "list_lay_down_shape",
    "step_draw",
    "wild_cap_problem",
]


def list_lay_down(state: GameState, turn: Turn | None) -> list[Move]:
    """The first or next meld of the contract, one move each ([contract.steps]): nothing
    once the seat has laid down; while a lay-down is unfinished, its next steps. Where
    lay-offs may follow in the same turn (:func:`~pushrummy.contracts.steps.minimal_steps`),
    each step at its smallest for its part: a longer meld is that one and then lay-offs."""
    assert turn is not None
    seat = turn.seat
    if state.laid_down[seat]:
        return []
    placed = (
        tuple(t.meld for t in state.lay_down_so_far) if state.phase is Phase.LAYING_DOWN else ()
    )
    return _listed_steps(state, turn, placed)[0]


def list_lay_down_shape(state: GameState, turn: Turn | None) -> list[Move]:
    """The shapes of the next lay-down steps that hold wild cards, one move per shape
    ([contract.wilds]), in the order of :func:`list_lay_down`'s steps."""
    assert turn is not None
    seat = turn.seat
    if state.laid_down[seat]:
        return []
    return _listed_steps(state, turn, _placed(state))[1]


STEP_MOVES = (LayDown, LayDownShape)
"""The move kinds of the lay-down steps listed in play, which :class:`StepDraw` covers."""


class StepDraw:
    """The first lay-down step of a seat in play, to be drawn at random without listing
    every step (:func:`~pushrummy.engine.random_move`).

    ``count`` candidates, each at most one listed step (:meth:`move`): the candidates and
    their test are those of the lister (:class:`~pushrummy.contracts.steps.StepSearch`), so
    the listed steps are exactly the candidates that pass, each once, and drawing
    candidates uniformly until one passes draws the listed steps uniformly."""

    __slots__ = ("count", "listed", "parsed", "search", "seat")

    def __init__(
        self,
        search: StepSearch | None,
        seat: int,
        parsed: Hand | None = None,
        listed: list[Move] | None = None,
    ) -> None:
        self.search = search
        self.seat = seat
        self.listed = listed
        """The listed steps themselves, in an all-out deal ([out.all_out]): each candidate
        is one."""
        self.count = len(listed) if listed is not None else len(search.shapes) if search else 0
        self.parsed = parsed
        """The hand, when [contract.run_suits] binds: the lister's filter of the steps."""

    def move(self, index: int) -> Move | None:
        """The listed step of candidate ``index`` (``0 <= index < count``), as the listers
        make it (a :class:`~pushrummy.moves.LayDown` of one meld, or the shape of a meld
        with wild cards); ``None`` if that candidate is not listed."""
        if self.listed is not None:
            return self.listed[index]
        found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        search = self.search
        assert search is not None
        search.add_steps((search.shapes[index],), found, True)
        if not found:
            return None
        meld = build_meld(found[0][1])
        if self.parsed is not None and not step_keeps_run_suits(
            self.parsed, search.rest0, (), meld, search.finder
        ):
            return None
        return _step_move(self.seat, meld, search.finder.rules.wild)


def step_draw(state: GameState, turn: Turn) -> StepDraw | None:
    """The candidates of the seat's first lay-down step (:class:`StepDraw`) when it may
    begin its lay-down (in play, not laid down, no lay-down under way), the search of
    :func:`list_lay_down` and :func:`list_lay_down_shape`; ``None`` when it may not or
    its contract cannot be met at all."""
    if state.phase is not Phase.PLAY or state.laid_down[turn.seat]:
        return None
    if all_out_deal(state):  # the steps are few: listed outright
        lay_downs, shapes = _listed_steps(state, turn, ())
        return StepDraw(None, turn.seat, listed=lay_downs + shapes)
    search = turn.search
    found = first_step_search(
        turn.parsed,
        search.plans[state.deal_number - 1],
        search.rules,
        search.canonical,
        state.variant.must_discard_to_go_out,
        minimal=minimal_steps(state.variant),
    )
    if found is None:
        return None
    binds = search.rules.run_suits is not RunSuits.ANY
    return StepDraw(found, turn.seat, turn.parsed if binds else None)


def _has_wild(meld: Meld, wild: tuple[bool, ...]) -> bool:
    for card in meld.cards:  # noqa: SIM110 - a loop, not any(): the listing's hot path
        if wild[card.code]:
            return True
    return False


def _step_move(seat: int, meld: Meld, wild: tuple[bool, ...]) -> Move:
    """The move of the listed step ``meld`` of ``seat``: a
    :class:`~pushrummy.moves.LayDown` of it, or its shape if it holds wild cards.

    Moves are values, and the search's melds are memoised (the same
    :class:`~pushrummy.melds.Meld` object for the same meld): a seat that keeps its steps
    in hand is listed the same steps turn after turn, so each step's move is made once
    and kept (by seat and meld, compared by identity: the entry holds the meld).
    """
    key = (seat, id(meld), wild is IS_WILD)
    known = _STEP_MOVE.get(key)
    if known is not None and known[0] is meld:
        return known[1]
    move: Move
    if _has_wild(meld, wild):
        move = LayDownShape(seat, MeldShape.of(meld, wild_twos=wild is IS_WILD))
    else:
        move = lay_down_unchecked(seat, (meld,))
    if len(_STEP_MOVE) >= 4096:
        _STEP_MOVE.clear()
    _STEP_MOVE[key] = (meld, move)
    return move


_STEP_MOVE: dict[tuple[int, int, bool], tuple[Meld, Move]] = {}
""":func:`_step_move`'s moves by ``(seat, id(meld), twos wild)``, with the meld (holding it keeps its
id from being reused meanwhile). Bounded: emptied at 4,096 entries."""


_LAST_STEPS: list[tuple[object, tuple[list[Move], list[Move]]]] = [(None, ([], []))]
"""The steps of the last listing (its :class:`~pushrummy.plays.turn.Turn`, made anew by
each listing, and its moves: the lay-downs, then the shapes), which the two listers of the
lay-down steps share."""


def _listed_steps(
    state: GameState, turn: Turn, placed: tuple[Meld, ...]
) -> tuple[list[Move], list[Move]]:
    """The moves of the listed lay-down steps, in step order: those of melds without wild
    cards (:class:`~pushrummy.moves.LayDown`), and the shapes of those with some."""
    last = _LAST_STEPS[0]
    if last[0] is turn:
        return (list(last[1][0]), list(last[1][1]))
    lay_downs: list[Move] = []
    shapes: list[Move] = []
    seat = turn.seat
    wild = turn.search.rules.wild
    for meld in _steps(state, turn, placed, shapes=True):
        move = _step_move(seat, meld, wild)
        (shapes if move.__class__ is LayDownShape else lay_downs).append(move)
    _LAST_STEPS[0] = (turn, (lay_downs, shapes))
    return (list(lay_downs), list(shapes))


def _steps(
    state: GameState, turn: Turn, placed: tuple[Meld, ...], **options: Any
) -> tuple[Meld, ...]:
    """The listed lay-down steps (:func:`~pushrummy.contracts.steps.steps_of`; in an
    all-out deal, :func:`_all_out_steps`)."""
    search = turn.search
    if all_out_deal(state):
        return _all_out_steps(state, turn, placed, **options)
    return steps_of(
        turn.parsed,  # the hand, read once by the listing
        search.plans[state.deal_number - 1],
        search.rules,
        placed,
        search.canonical,
        state.variant.must_discard_to_go_out,
        minimal=minimal_steps(state.variant),
        **options,
    )


def all_out_deal(state: GameState) -> bool:
    """Whether the deal is played all out ([out.all_out])."""
    return state.variant.deals[state.deal_number - 1].all_out


def _all_out_steps(
    state: GameState,
    turn: Turn,
    placed: tuple[Meld, ...],
    *,
    shapes: bool = False,
    only: StepShape | None = None,
) -> tuple[Meld, ...]:
    """The listed steps of an all-out deal ([out.all_out]): the first meld, in step order, of
    every way to finish the lay-down with every card held
    (:func:`~pushrummy.contracts.all_out.all_out_ways`), no earlier than the melds placed
    (or every first meld, if none is later: [contract.steps]); sorted. With ``shapes``, a
    step with wild places once per shape (its first fill); with ``only``, that shape's."""
    ways = all_out_ways(
        turn.hand, state.contract, state.variant, placed, canonical_wilds=turn.search.canonical
    )
    twos = state.variant.wild_twos  # [setup.wild]

    def order(meld: Meld) -> tuple[int, tuple[int, ...]]:
        return step_order_key(meld, wild_twos=twos)

    firsts = {min(way, key=order) for way in ways if way}
    if placed:
        bound = max(order(meld) for meld in placed)
        later = {meld for meld in firsts if order(meld) >= bound}
        if later:
            firsts = later
    steps = sorted(firsts)
    if only is not None:
        return tuple(
            meld for meld in steps if step_shape(MeldShape.of(meld, wild_twos=twos)) == only
        )
    if shapes:
        wild = turn.search.rules.wild
        seen: set[MeldShape] = set()
        kept = []
        for meld in steps:
            shape = MeldShape.of(meld, wild_twos=twos)
            if not _has_wild(meld, wild) or shape not in seen:
                seen.add(shape)
                kept.append(meld)
        return tuple(kept)
    return tuple(steps)


def _placed(state: GameState) -> tuple[Meld, ...]:
    return tuple(t.meld for t in state.lay_down_so_far)


def _before_shape(state: GameState) -> GameState:
    """The state as it was before the shape was announced ([contract.wilds])."""
    phase = Phase.LAYING_DOWN if state.lay_down_so_far else Phase.PLAY
    return replace_unchecked(state, phase=phase, shape=None)


def fillings(hand: Sequence[Card], shape: MeldShape, wild_twos: bool) -> Iterator[tuple[Card, ...]]:
    """Every way to fill ``shape``'s wild places from the wild cards of ``hand``, each once:
    a run's in place order, a set's sorted (its wild places are alike). In lexicographic
    order of the wild cards' order (2C, 2D, 2H, 2S, JK), so the first is sorted.

    Only the ways the hand can supply are made (by the counts held, never a product of
    the wild kinds to filter): the work is the number of fillings.

    >>> from pushrummy import parse_cards, parse_meld
    >>> shape = MeldShape.of(parse_meld("5H JK=6H 7H"))
    >>> hand = parse_cards("2C 2C JK 9S")
    >>> [" ".join(map(str, fill)) for fill in fillings(hand, shape, wild_twos=True)]
    ['2C', 'JK']
    >>> [" ".join(map(str, fill)) for fill in fillings(hand, shape, wild_twos=False)]
    ['JK']
    """
    held = _wilds_held(hand, wild_table(wild_twos is not False))
    return _fill_ways(held, shape.wild_places, ordered=shape.suit is not None)


def _wilds_held(hand: Sequence[Card], wild: tuple[bool, ...]) -> dict[Card, int]:
    held: dict[Card, int] = {}
    for card in hand:
        if wild[card.code]:
            held[card] = held.get(card, 0) + 1
    return held


def _fill_ways(held: dict[Card, int], places: int, ordered: bool) -> Iterator[tuple[Card, ...]]:
    """The tuples of ``places`` wild cards using no kind more often than ``held`` holds it,
    in lexicographic order: every arrangement when ``ordered`` (``product``'s order), else
    each multiset once, sorted (``combinations_with_replacement``'s order). Made by the
    counts left, with no dead end: each step taken leads to at least one tuple."""
    kinds = sorted(held)
    left = [held[kind] for kind in kinds]
    chosen: list[Card] = []

    def extend(low: int) -> Iterator[tuple[Card, ...]]:
        need = places - len(chosen)
        if need == 1:  # the last place, without a call per tuple
            for i in range(low, len(kinds)):
                if left[i]:
                    yield (*chosen, kinds[i])
            return
        for i in range(low, len(kinds)):
            if not left[i]:
                continue
            if not ordered and sum(left[i:]) < need:
                break  # a sorted tuple takes the rest from kinds i.. only, fewer each i
            left[i] -= 1
            chosen.append(kinds[i])
            yield from extend(0 if ordered else i)
            chosen.pop()
            left[i] += 1

    if not places:
        yield ()
    elif places <= sum(left):  # else no filling; and then every step reaches a tuple
        yield from extend(0)


def _first_filling(
    hand: Sequence[Card], shape: MeldShape, wild_twos: bool
) -> tuple[Card, ...] | None:
    """The first of :func:`fillings` (its wild cards sorted), ``None`` when ``hand`` holds
    too few wild cards for ``shape``.

    It stands for them all: a filling is legal exactly when the first one is. The checker
    (:func:`check_lay_down`) reads the filled meld's wild cards only through their number,
    which is the shape's: the meld options count wilds ([meld.wild]: ``wild_limit``,
    ``min_naturals_per_meld``), a meld's validity and the contract's parts read its kind,
    places and naturals ([meld.set], [meld.run], [contract.laydown]), holding is given (the
    fillings are of the wilds held, [turn.holds]), and the cards left complete the contract
    or keep a card by the number of wilds among them, not their kind ([contract.steps],
    [out.empty]). Which wild stands where is not read at all. (Proven in
    ``tests/test_lay_down_wilds.py`` against every filling.)
    """
    return next(fillings(hand, shape, wild_twos), None)


def list_fill_wilds(state: GameState, turn: Turn | None) -> list[Move]:
    """The fillings of the announced shape's wild places that make a listed lay-down step
    ([contract.wilds]); if the shape was announced out of step order (so none is listed),
    every legal filling (all of them or none: the first is checked, see the module's
    note), a run's once per multiset of wild cards, sorted along the run, when wilds cannot
    be taken back ([meld.wild], ``wild_exchange`` = ``none``)."""
    assert turn is not None and state.shape is not None
    shape = state.shape
    seat = turn.seat
    # _steps reads the deal and the variant, which announcing the shape left as they were.
    melds = _steps(state, turn, _placed(state), only=step_shape(shape))
    if melds:
        return [FillWilds(seat, _wilds_of(meld, shape)) for meld in melds]
    first = _first_filling(turn.hand, shape, state.variant.wild_twos)
    if first is None:
        return []
    try:
        check_lay_down(_before_shape(state), LayDown(seat, (shape.fill(first),)))
    except (IllegalMoveError, InvalidMeldError):
        return []
    ordered = shape.suit is not None and not turn.search.canonical
    ways = _fill_ways(_wilds_held(turn.hand, turn.search.rules.wild), shape.wild_places, ordered)
    return [FillWilds(seat, fill) for fill in ways]


def _wilds_of(meld: Meld, shape: MeldShape) -> tuple[Card, ...]:
    """The wild cards of ``meld`` at ``shape``'s wild places, in order."""
    if shape.suit is None:  # a set: its wilds, sorted (the naturals are the shape's)
        wilds = list(meld.cards)
        for natural in shape.naturals:
            wilds.remove(natural)
        return tuple(wilds)
    return tuple(card for card, place in zip(meld.cards, shape.cards, strict=True) if place is None)


def check_lay_down_shape(state: GameState, move: Any) -> None:
    """A shape of the next lay-down step ([contract.wilds]): legal when some filling of its
    wild places from the seat's wild cards makes a legal lay-down step.

    Raises:
        IllegalMoveError: the seat has already laid down this deal ([contract.laydown]), or
            a shape without wild places (that is a :class:`~pushrummy.moves.LayDown`) or
            holding a wild card (a two where twos are wild) ([contract.wilds]).
        CardNotInHandError: the seat does not hold the shape's naturals ([turn.holds]).
        ContractNotMetError: no filling makes a legal step ([contract.wilds]), as
            :func:`check_lay_down` says of the first.
    """
    seat: int = move.seat
    shape: MeldShape = move.shape
    if not shape.wild_places:
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "contract.wilds",
            f"the shape {shape} has no wild place: lay it down as a LayDown",
        )
    wild = state.variant.wild_table
    for card in shape.naturals:
        if wild[card.code]:
            raise illegal(
                IllegalMoveError,
                state,
                move,
                "contract.wilds",
                f"the shape {shape} holds the wild card {card}: a shape leaves every wild "
                "place open ([setup.wild]: twos are wild)",
            )
    _require_not_laid_down(state, move, seat)
    require_cards(state, move, seat, shape.naturals)
    # Legal exactly when every filling is.
    first = _first_filling(state.hands[seat], shape, state.variant.wild_twos)
    if first is not None:
        try:
            check_lay_down(state, LayDown(seat, (shape.fill(first),)))
        except IllegalMoveError as exc:
            error = exc
        else:
            return
        raise _said_of(error, state, move)
    raise illegal(
        ContractNotMetError,
        state,
        move,
        "contract.wilds",
        f"seat {seat} holds too few wild cards for the {shape.wild_places} wild place(s) "
        f"of {shape}",
    )


def apply_lay_down_shape(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.LayDownShape`: the shape is
    announced and the seat fills its wild places next (``Phase.FILLING_WILDS``)."""
    return replace_unchecked(state, phase=Phase.FILLING_WILDS, shape=move.shape)


def check_fill_wilds(state: GameState, move: Any) -> None:
    """A filling of the announced shape's wild places ([contract.wilds]): checked as the
    lay-down step of the meld it makes (:func:`check_lay_down`).

    Raises:
        IllegalMoveError: not one wild card per wild place, or a natural card among them
            ([contract.wilds]); else as :func:`check_lay_down` of the meld.
        InvalidMeldError, ContractNotMetError, CardNotInHandError: as
            :func:`check_lay_down` of the meld.
    """
    shape = state.shape
    assert shape is not None  # the phase is FILLING_WILDS
    wilds: tuple[Card, ...] = move.wilds
    wild = state.variant.wild_table
    if len(wilds) != shape.wild_places or not all(wild[card.code] for card in wilds):
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "contract.wilds",
            f"the shape {shape} takes {shape.wild_places} wild card(s), "
            f"not {' '.join(map(str, wilds)) or 'none'}",
        )
    meld = shape.fill(wilds)
    try:
        check_lay_down(_before_shape(state), LayDown(move.seat, (meld,)))
    except IllegalMoveError as exc:
        raise _said_of(exc, state, move) from None


def _said_of(error: IllegalMoveError, state: GameState, move: Any) -> IllegalMoveError:
    """``error``, raised by :func:`check_lay_down` of the meld a shape or a filling makes,
    said of ``move`` itself in ``state`` (its class, rule and message kept): the error names
    the move that was refused and the phase it was refused in."""
    return illegal(type(error), state, move, error.rule, error.message)


def apply_fill_wilds(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.FillWilds`: the meld it makes is
    laid down as a step (:func:`apply_lay_down`), and the shape is done with."""
    shape = state.shape
    assert shape is not None
    return _lay_down(state, move.seat, (_filled(shape, move.wilds),), shape=None)


def _filled(shape: MeldShape, wilds: Sequence[Card]) -> Meld:
    """``shape.fill(wilds)`` of a checked filling (one wild card per wild place), built
    without validating it again: the shape is valid, and wild cards at its wild places
    keep it so ([contract.wilds]). Equal to what :meth:`MeldShape.fill` builds."""
    slot = iter(wilds)
    cards = tuple([next(slot) if card is None else card for card in shape.cards])
    if shape.kind is MeldKind.SET:
        cards = tuple(sorted(cards, key=_CODE))  # a set's cards sorted, as Meld sorts them
    return trusted_meld(shape.kind, cards, shape.rank, shape.suit, shape.start)


_CODE = attrgetter("code")
"""Sort key of cards: their code, the order of Card's comparisons."""


def check_lay_down(state: GameState, move: Any) -> None:
    """A whole lay-down, or part of one ([contract.laydown], [contract.steps]).

    Raises:
        IllegalMoveError: the seat has already laid down this deal ([contract.laydown]),
            or would lay down every card it holds although ``must_discard_to_go_out``
            ([out.empty]).
        ContractNotMetError: a lay-down of no meld, or melds that cannot be matched to
            the contract's parts ([contract.laydown]); runs of one suit that the variant's
            ``contract_run_suits`` forbids ([contract.run_suits]); or a partial lay-down
            after which the cards left cannot complete the contract ([contract.steps]),
            within [contract.run_suits].
        InvalidMeldError: a meld breaks the variant's meld options ([meld.wild],
            [meld.run]).
        CardNotInHandError: the seat does not hold the melds' cards ([turn.holds]).
    """
    seat: int = move.seat
    _require_not_laid_down(state, move, seat)
    melds: tuple[Meld, ...] = move.melds
    if not melds:
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "contract.laydown",
            f"seat {seat}'s lay-down has no meld",
        )
    for meld in melds:
        check_meld_rules(state, move, seat, meld)
        problem = wild_cap_problem(state.variant, meld)
        if problem is not None:
            raise illegal(
                InvalidMeldError,
                state,
                move,
                "contract.wild_cap",
                f"seat {seat} cannot lay down {meld.notation()}: {problem}",
            )
    require_cards(state, move, seat, [c for m in melds for c in m.cards])
    variant = state.variant
    contract = state.contract
    placed = [t.meld for t in state.lay_down_so_far]
    all_out = all_out_deal(state)
    problem = run_suits_problem(variant.contract_run_suits, (*placed, *melds))
    if problem is not None:
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "contract.run_suits",
            f"seat {seat}'s lay-down breaks contract_run_suits="
            f"{variant.contract_run_suits.value}: {problem}",
        )
    parts = loose_sizes(variant) if all_out else variant  # [out.all_out]: sizes at least
    left = contract_left(contract, (*placed, *melds), parts)
    if left is None:
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "contract.laydown",
            f"seat {seat}'s lay-down does not fulfil {contract_words(state)}: "
            + _mismatch(len(placed) + len(melds), contract, parts.contract_exact_sizes),
        )
    used = sum(len(m.cards) for m in melds)
    if all_out:
        _require_all_out(state, move, seat, (*placed, *melds), left)
        return
    if not left:
        require_keeps_a_card(state, move, seat, used)
        return
    rest = list(without_cards(state.hands[seat], [c for m in melds for c in m.cards]))
    keep = variant.must_discard_to_go_out
    if can_complete_contract(rest, contract, variant, placed=(*placed, *melds), keep_card=keep):
        return
    if keep and can_complete_contract(rest, contract, variant, placed=(*placed, *melds)):
        require_keeps_a_card(state, move, seat, len(state.hands[seat]))
    still = " + ".join(str(req) for req in left)
    rule = "contract.steps"
    if variant.contract_run_suits is not RunSuits.ANY and can_complete_contract(
        rest, contract, variant.replace(contract_run_suits=RunSuits.ANY), placed=(*placed, *melds)
    ):
        rule = "contract.run_suits"
        still += f" with runs that keep contract_run_suits={variant.contract_run_suits.value}"
    raise illegal(
        ContractNotMetError,
        state,
        move,
        rule,
        f"seat {seat} cannot complete {contract_words(state)} after "
        f"{' / '.join(m.notation() for m in melds)}: the cards left cannot make {still}",
    )


def _require_all_out(
    state: GameState, move: Move, seat: int, melds: tuple[Meld, ...], left: Sequence[object]
) -> None:
    """[out.all_out]: the lay-down so far (``melds``) leaves a hand that makes the rest of the
    contract with every card, or none at all once the contract is complete."""
    rest = without_cards(
        state.hands[seat], [c for m in melds[len(state.lay_down_so_far) :] for c in m.cards]
    )
    if not left:
        if rest:
            raise illegal(
                ContractNotMetError,
                state,
                move,
                "out.all_out",
                f"seat {seat} must lay down every card it holds in this deal (all out): "
                f"{len(rest)} left",
            )
        return
    if not can_complete_all_out(rest, state.contract, state.variant, melds):
        still = " + ".join(str(req) for req in left)
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "out.all_out",
            f"seat {seat} cannot finish {contract_words(state)} all out after "
            f"{' / '.join(m.notation() for m in melds)}: the {len(rest)} cards left do not "
            f"make {still} with every card",
        )


def wild_cap_problem(variant: Variant, meld: Meld) -> str | None:
    """Why ``meld`` cannot be a meld of a contract's lay-down under the variant's
    ``laydown_wilds_per_meld`` ([contract.wild_cap]), or ``None`` when it can. The contract
    search states the same limit as :attr:`~pushrummy.contracts.rules.Rules.cap`.

    Raises:
        TypeError: ``variant`` is not a variant or ``meld`` not a meld.

    >>> from pushrummy import CONTRACT_RUMMY, PUSH, parse_meld
    >>> wild_cap_problem(CONTRACT_RUMMY, parse_meld("5H JK=6H 2C=7H 8H"))
    '2 wild cards: laydown_wilds_per_meld=1 allows at most 1 in each meld of the lay-down'
    >>> wild_cap_problem(CONTRACT_RUMMY, parse_meld("5H JK=6H 7H 8H")) is None
    True
    >>> wild_cap_problem(PUSH, parse_meld("5H JK=6H 2C=7H 8H")) is None
    True
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"wild_cap_problem: meld must be a Meld, not {type(meld).__name__}")
    try:
        cap = variant.laydown_wilds_per_meld
    except AttributeError:
        raise TypeError(
            f"wild_cap_problem: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    if cap is None:
        return None
    wild = wild_table(variant.wild_twos)
    wilds = sum(1 for card in meld.cards if wild[card.code])
    if wilds <= cap:
        return None
    return (
        f"{wilds} wild cards: laydown_wilds_per_meld={cap} allows at most {cap} in each meld "
        "of the lay-down"
    )


def _require_not_laid_down(state: GameState, move: Move, seat: int) -> None:
    """A seat lays its contract down once a deal ([contract.laydown])."""
    if state.laid_down[seat]:
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "contract.laydown",
            f"seat {seat} has already laid down the contract this deal",
        )


def _mismatch(count: int, contract: Contract, exact: bool) -> str:
    parts = contract.meld_count
    if count > parts:
        return f"it would have {count} melds, the contract {parts}"
    sizes = "exactly" if exact else "at least"
    return (
        f"the melds cannot be matched to its parts (each part needs its kind and {sizes} its size)"
    )


def apply_lay_down(state: GameState, move: Any) -> GameState:
    """The state after a checked :class:`~pushrummy.moves.LayDown`: all or part of the
    contract ([contract.steps]). The melds go to the table; the
    seat has laid down once nothing of the contract is left, and until then it is
    ``Phase.LAYING_DOWN``."""
    return _lay_down(state, move.seat, move.melds)


def _lay_down(state: GameState, seat: int, melds: Sequence[Meld], **extra: Any) -> GameState:
    """:func:`apply_lay_down` of ``melds``; ``extra`` are more field changes."""
    placed = [t.meld for t in state.lay_down_so_far]
    # What is left of the contract, as contract_left says, from the search's own plan.
    search = search_of(state.variant)
    exact = search.rules.exact and not all_out_deal(state)  # [out.all_out]: sizes at least
    left = rest_after_melds(search.plans[state.deal_number - 1].comps, (*placed, *melds), exact)
    if len(melds) > 1:  # to the table in step order, as the steps would place them
        wild_twos = state.variant.wild_twos
        melds = sorted(melds, key=lambda meld: step_order_key(meld, wild_twos=wild_twos))
    log = state.log
    first_id, last = len(state.table), len(melds) - 1
    for i, meld in enumerate(melds):  # one event per meld: the events of the steps
        log = log.append(LaidDown(seat, first_id + i, meld, i == last and not left))
    if left:
        return place_melds(state, seat, melds, phase=Phase.LAYING_DOWN, log=log, **extra)
    return place_melds(
        state,
        seat,
        melds,
        log=log,
        phase=Phase.PLAY,
        laid_down=set_at(state.laid_down, seat, True),
        laid_down_this_turn=True,
        **extra,
    )
