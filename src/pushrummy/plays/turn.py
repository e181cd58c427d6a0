"""What every move kind shares: the turn's checks, the rules asked by several kinds, the
hand helpers, placing melds and ending a deal.

Each move kind has its own module in :mod:`pushrummy.plays` (its predicates, lister,
checker and applier side by side); what more than one kind asks lives here, once:

* :func:`check_turn`: the checks every move shares (the game not over, the seat to move,
  the phase), run before the kind's own checker;
* :func:`after_contract_problem` ([layoff.when]): whether a seat may lay off and meld now,
  asked by the lay-off and new-meld listers and checkers alike;
* :func:`keeps_a_card` ([out.empty]): whether a play leaves a card to discard when the
  variant asks for one;
* the play context :class:`Turn` a listing reads once (the seat, its hand read for the
  contract search, the variant's search options), and the appliers' helpers
  (:func:`place_melds`, :func:`end_deal`, cards in and out of a hand).

>>> import pushrummy as pr
>>> keeps_a_card(pr.PUSH, hand_size=3, used=3)          # going out by melding is allowed
True
>>> keeps_a_card(pr.PUSH.replace(must_discard_to_go_out=True), hand_size=3, used=3)
False
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, NamedTuple, SupportsIndex

from ..cards import Card
from ..contracts.hands import Hand
from ..contracts.parts import Plan, plan_of
from ..contracts.rules import Rules, meld_rules_of, rules_of
from ..errors import (
    CardNotInHandError,
    ContractNotMetError,
    GameOverError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    NotYourTurnError,
    WrongPhaseError,
    clip_items,
)
from ..events import DealEnd, DealEnded, GameEnded
from ..meld_shape import MeldShape
from ..melds import End, Meld, meld_rule_problem
from ..moves import (
    Discard,
    ExchangeWild,
    FillWilds,
    LayDown,
    LayDownShape,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    Push,
    Take,
)
from ..scoring import deal_penalties, settle_stakes, winners
from ..state import DealResult, GameState, Outcome, Phase, TableMeld, replace_unchecked
from ..variants import DrawStyle, Variant, WildExchange

__all__ = [
    "Search",
    "Turn",
    "after_contract_problem",
    "check_turn",
    "keeps_a_card",
    "lengthens_only",
    "search_of",
]
# What the play modules share besides (illegal, require_cards, place_melds, end_deal, the
# hand helpers) is theirs: importable, not listed as public.

MAX_SEATS = 8
"""The most seats a variant has (:class:`~pushrummy.variants.Variant` allows 2..8 players):
the listers build the moves that recur on every turn once per seat up to it."""


# -- the checks every move shares ------------------------------------------------------------


def illegal(
    cls: type[IllegalMoveError], state: GameState, move: Move, rule: str, message: str
) -> IllegalMoveError:
    """An error of type ``cls`` carrying the rule, the move, its seat and the phase."""
    seat = None if isinstance(move, NextDeal) else move.seat
    return cls(message, rule=rule, move=move, seat=seat, phase=state.phase)


def contract_words(state: GameState) -> str:
    """``the deal-3 contract (2 runs of 4)``: the contract of ``state``'s deal, in words."""
    return f"the deal-{state.deal_number} contract ({state.contract})"


def check_turn(state: GameState, move: Move, phases: frozenset[Phase]) -> None:
    """The checks every move shares ([turn.seat], [turn.between], [draw.choice],
    [contract.steps]): the state is a state, the game not over, the mover the seat to
    move, and the phase one of ``phases`` (the move kind's, from
    :data:`pushrummy.movetable.MOVE_KINDS`). The kind's own checker comes next.

    ``move`` is a move: :func:`~pushrummy.engine.check_move` checks its class first. Its
    constructor checked every field's type; a move changed past it (``object.__setattr__``,
    an unpickled forgery) is refused here.

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState`.
        InvalidMoveError: a field of the move has the wrong type.
        GameOverError: the game is over ([turn.between]).
        WrongPhaseError: a :class:`~pushrummy.moves.NextDeal` during a deal, or a
            player's move between deals ([turn.between]); a draw after the draw, or
            another move before it ([draw.choice]); anything but a buy or a pass while the
            upcard is offered, or either with no offer ([buy.offer]); anything but the next
            lay-down step
            while a lay-down is unfinished ([contract.steps]); anything but a filling while
            a shape is announced, or a filling without one ([contract.wilds]).
        NotYourTurnError: the move's seat is not the seat to move, or not in the game
            ([turn.seat]).
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    _check_shape(move)
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise illegal(
            GameOverError, state, move, "turn.between", "the game is over: there is no move"
        )
    if isinstance(move, NextDeal):
        if phase not in phases:
            raise illegal(
                WrongPhaseError,
                state,
                move,
                "turn.between",
                "the next deal is dealt only after a deal has ended",
            )
        return
    seat = move.seat
    if phase is Phase.BETWEEN_DEALS:
        raise illegal(
            WrongPhaseError,
            state,
            move,
            "turn.between",
            f"deal {state.deal_number} is over; the next move is dealing the next deal",
        )
    if seat != state.current_player:
        if not 0 <= seat < state.players:
            why = (
                f"there is no seat {seat} in a game of {state.players} players "
                f"(seats 0..{state.players - 1})"
            )
        else:
            why = f"it is seat {state.current_player}'s turn, not seat {seat}'s"
        raise illegal(NotYourTurnError, state, move, "turn.seat", why)
    if phase in phases:
        return
    if phase is Phase.BUYING:
        raise illegal(
            WrongPhaseError,
            state,
            move,
            "buy.offer",
            f"seat {seat} is offered the upcard {state.upcard}: buy it or pass",
        )
    if Phase.BUYING in phases:  # a buy or a pass, with no offer
        raise illegal(
            WrongPhaseError,
            state,
            move,
            "buy.offer",
            f"seat {seat} is offered no upcard: an upcard is bought only when the player "
            "in turn offers it",
        )
    if Phase.DRAW in phases:  # a take or a push, after the draw
        raise illegal(
            WrongPhaseError,
            state,
            move,
            "draw.choice",
            f"seat {seat} has already drawn this turn; now meld, lay off or discard",
        )
    if phase is Phase.FILLING_WILDS:
        raise illegal(
            WrongPhaseError,
            state,
            move,
            "contract.wilds",
            f"seat {seat} must first fill the wild places of {state.shape}",
        )
    if Phase.FILLING_WILDS in phases and phase is not Phase.DRAW:
        raise illegal(
            WrongPhaseError,
            state,
            move,
            "contract.wilds",
            f"seat {seat} has announced no shape whose wild places to fill",
        )
    if phase is Phase.LAYING_DOWN:
        still = " + ".join(str(req) for req in state.contract_left)
        raise illegal(
            WrongPhaseError,
            state,
            move,
            "contract.steps",
            f"seat {seat} must first finish laying down {contract_words(state)}: "
            f"{still} still to place",
        )
    raise illegal(
        WrongPhaseError,
        state,
        move,
        "draw.choice",
        f"seat {seat} must first take the upcard or "
        + ("draw from the stock" if state.variant.draw_style is DrawStyle.STOCK else "push"),
    )


def _require_int(move: Move, name: str, label: str) -> None:
    """Refuse ``move`` if its field ``name`` (called ``label`` in the message) is not an int
    (a bool is not one). The field is read as whatever it holds, not as the int it is
    declared to be: the compiled build would refuse the read itself with its own
    ``TypeError``."""
    value: object = getattr(move, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidMoveError(f"{label} must be an int, not {value!r}")


def _check_shape(move: Move) -> None:
    """Refuse a move whose fields have the wrong types (changed past the constructor's
    checks) with :class:`~pushrummy.errors.InvalidMoveError`."""
    kind = type(move)
    # The moves of every turn, well formed, pass with a few exact type tests; anything
    # else takes the full path below and its messages.
    if kind is Discard:
        if type(move.seat) is int and type(move.card) is Card:  # type: ignore[union-attr]
            return
    elif (kind is Take or kind is Push) and type(move.seat) is int:  # type: ignore[union-attr]
        return
    if isinstance(move, NextDeal):
        return
    _require_int(move, "seat", f"{type(move).__name__}.seat")
    if isinstance(move, (LayOff, ExchangeWild, Discard)) and not isinstance(move.card, Card):
        raise InvalidMoveError(f"{type(move).__name__}.card must be a Card, not {move.card!r}")
    if isinstance(move, LayDown) and not all(isinstance(m, Meld) for m in move.melds):
        raise InvalidMoveError("LayDown.melds must all be Meld values")
    if isinstance(move, LayDownShape) and not isinstance(move.shape, MeldShape):
        raise InvalidMoveError(f"LayDownShape.shape must be a MeldShape, not {move.shape!r}")
    if isinstance(move, FillWilds) and not (
        isinstance(move.wilds, tuple) and all(isinstance(c, Card) for c in move.wilds)
    ):
        raise InvalidMoveError(f"FillWilds.wilds must be a tuple of Cards, not {move.wilds!r}")
    if isinstance(move, NewMeld) and not isinstance(move.meld, Meld):
        raise InvalidMoveError(f"NewMeld.meld must be a Meld, not {move.meld!r}")
    if isinstance(move, (LayOff, ExchangeWild)):
        _require_int(move, "meld_id", "meld_id")
    if isinstance(move, LayOff) and move.end is not None and not isinstance(move.end, End):
        raise InvalidMoveError(f"LayOff.end must be an End or None, not {move.end!r}")
    if isinstance(move, ExchangeWild):
        _require_int(move, "position", "ExchangeWild.position")


def require_cards(state: GameState, move: Move, seat: int, cards: Sequence[Card]) -> None:
    """Raise :class:`~pushrummy.errors.CardNotInHandError` ([turn.holds]) unless ``seat``
    holds every card of ``cards`` (copies counted)."""
    hand = state.hands[seat]
    if len(cards) == 1:
        # The common case (a discard, a lay-off): a membership test, no Counters.
        if cards[0] in hand:
            return
    else:
        have = [0] * 53
        for card in hand:
            have[card.code] += 1
        for card in cards:
            have[card.code] -= 1
        if min(have) >= 0:
            return
    short = Counter(cards) - Counter(hand)
    missing = clip_items(sorted(short.elements()))
    raise illegal(
        CardNotInHandError, state, move, "turn.holds", f"seat {seat} does not hold {missing}"
    )


# -- rules several kinds ask -------------------------------------------------------------------


def int_argument(function: str, name: str, value: SupportsIndex) -> int:
    """``value``, the argument ``name`` of the rule predicate ``function``, as the int it is.

    The predicates annotate their int arguments ``SupportsIndex`` and ask this: so the
    compiled build, too, hands them over as they came rather than converting a ``bool`` to 0
    or 1 at the call (docs/speed.rst), and both builds refuse one alike.

    Raises:
        TypeError: ``value`` is not an int (an int subclass is one, a ``bool`` is not).
    """
    if type(value) is int:
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{function}: {name} must be an int, not {type(value).__name__}")
    return int(value)


def keeps_a_card(variant: Variant, hand_size: SupportsIndex, used: SupportsIndex) -> bool:
    """Whether playing ``used`` of a hand's ``hand_size`` cards is allowed by [out.empty]:
    always, unless ``must_discard_to_go_out`` asks the seat to keep a card to discard.

    ``hand_size`` and ``used`` are ints, not bools, in both builds (:func:`int_argument`).

    Raises:
        TypeError: ``variant`` is not a variant, or ``hand_size`` or ``used`` not an int.
    """
    try:
        keep = variant.must_discard_to_go_out
    except AttributeError:
        raise TypeError(
            f"keeps_a_card: variant must be a Variant, not {type(variant).__name__}"
        ) from None
    size = int_argument("keeps_a_card", "hand_size", hand_size)
    return not (keep and int_argument("keeps_a_card", "used", used) >= size)


def require_keeps_a_card(state: GameState, move: Move, seat: int, used: int) -> None:
    """Raise [out.empty]'s error unless :func:`keeps_a_card` allows playing ``used`` cards."""
    if not keeps_a_card(state.variant, len(state.hands[seat]), used):
        raise illegal(
            IllegalMoveError,
            state,
            move,
            "out.empty",
            f"seat {seat} must keep a card to discard (must_discard_to_go_out)",
        )


def after_contract_problem(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not lay off or meld now ([layoff.when]), or ``None`` when it may:
    ``"not laid down"`` before the seat has laid down its contract, ``"same turn"`` in the
    turn it laid down when ``same_turn_after_contract`` is off."""
    if not state.laid_down[seat]:
        return "not laid down"
    if state.laid_down_this_turn and not state.variant.same_turn_after_contract:
        return "same turn"
    return None


def lengthens_only(state: GameState, seat: int) -> bool:
    """Whether ``seat``, in the turn it laid its contract down with
    ``same_turn_after_contract`` off, may still lay off onto the melds it has just laid down
    ([layoff.when]): lengthening them is laying them down longer, which the contract allows
    ([contract.laydown]) unless ``contract_exact_sizes``. Those are its only lay-offs, and it
    makes no new meld, until its next turn."""
    variant = state.variant
    return after_contract_problem(state, seat) == "same turn" and not variant.contract_exact_sizes


def require_after_contract(state: GameState, move: Move, seat: int, verb: str) -> None:
    """Raise [layoff.when]'s error when :func:`after_contract_problem` finds one; ``verb``
    names the play (``"lay off"``, ``"meld"``)."""
    problem = after_contract_problem(state, seat)
    if problem is None:
        return
    if problem == "not laid down":
        raise illegal(
            ContractNotMetError,
            state,
            move,
            "layoff.when",
            f"seat {seat} cannot {verb} before laying down {contract_words(state)}",
        )
    raise illegal(
        IllegalMoveError,
        state,
        move,
        "layoff.when",
        f"seat {seat} laid down this turn and may {verb} only from the next turn on "
        "(same_turn_after_contract=False)",
    )


def check_meld_rules(state: GameState, move: Move, seat: int, meld: Meld) -> None:
    """Raise :class:`~pushrummy.errors.InvalidMeldError` when ``meld`` breaks the variant's
    meld options ([meld.wild], [meld.run])."""
    problem = meld_rule_problem(meld, state.variant)
    if problem is not None:
        rule, why = problem
        raise illegal(
            InvalidMeldError, state, move, rule, f"seat {seat} cannot meld {meld.notation()}: {why}"
        )


# -- the listing's context -------------------------------------------------------------------


class Search(NamedTuple):
    """The contract search's view of a variant."""

    variant: Variant
    plans: tuple[Plan, ...]
    """Each deal's contract, as the search plans it."""
    rules: Rules
    """The interned rules of the contract search."""
    meld_rules: Rules
    """Those of a new meld after the contract (sizes never exact)."""
    canonical: bool
    """Whether melds differing only in which wild fills which place are listed once
    ([meld.wild]: with ``wild_exchange`` = ``none``)."""


_SEARCH: dict[int, Search] = {}
""":class:`Search` by ``id(variant)``, looked up once per listing instead of asking
``plan_of``, ``rules_of`` and ``meld_rules_of``. Holding the variant keeps its id from
being reused meanwhile; emptied when full."""


def search_of(variant: Variant) -> Search:
    """The contract search's view of ``variant`` (memoised by identity)."""
    search = _SEARCH.get(id(variant))
    if search is not None and search.variant is variant:
        return search
    plans = tuple(plan_of(deal.contract) for deal in variant.deals)
    canonical = variant.wild_exchange is WildExchange.NONE
    if len(_SEARCH) >= 64:
        _SEARCH.clear()
    search = Search(variant, plans, rules_of(variant), meld_rules_of(variant), canonical)
    _SEARCH[id(variant)] = search
    return search


class Turn(NamedTuple):
    """What a listing reads once and every lister of the phase shares."""

    seat: int
    """The seat to move."""
    hand: tuple[Card, ...]
    """Its hand."""
    parsed: Hand
    """The hand read for the contract search (:func:`~pushrummy.contracts.hands.read_hand`)."""
    search: Search
    """The variant's search options."""


# -- the appliers' helpers -------------------------------------------------------------------

_CODE = attrgetter("code")
"""Sort key of cards: their int code, the order Card's comparisons define."""


def with_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` with ``cards`` added, sorted."""
    # Sorting by the int code (a C-level key) rather than through Card.__lt__.
    return tuple(sorted((*hand, *cards), key=_CODE))


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card`` (which it holds: the move was validated)."""
    # Hands are sorted by code: a binary search by the int code (a C-level key), where
    # tuple.index would call Card.__eq__ on every card before it. A hand out of order
    # (made by hand) falls back to the scan.
    index = bisect_left(hand, card.code, key=_CODE)
    if index == len(hand) or hand[index].code != card.code:
        index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def without_cards(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` less one copy of each card of ``cards`` (which it holds)."""
    # Found by code (ints compare in C), not by list.remove, which calls Card.__eq__ on
    # every card before the one it finds: the same card goes (the first of equal ones).
    remaining = list(hand)
    codes = [card.code for card in remaining]
    for card in cards:
        index = codes.index(card.code)
        del codes[index]
        del remaining[index]
    return tuple(remaining)


def forget(known: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """Played cards no longer count as publicly known to be in hand ([draw.visibility])."""
    if not known:
        return known
    remaining = list(known)
    codes = [card.code for card in remaining]  # by code, as without_cards
    for card in cards:
        code = card.code
        if code in codes:
            index = codes.index(code)
            del codes[index]
            del remaining[index]
    return tuple(remaining)


def forget_one(known: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """:func:`forget` for one card."""
    code = card.code
    for index, other in enumerate(known):  # by code, as without_cards
        if other.code == code:
            return known[:index] + known[index + 1 :]
    return known


def forget_in(
    known: tuple[tuple[Card, ...], ...], seat: int, card: Card
) -> tuple[tuple[Card, ...], ...]:
    """``known`` with ``card`` forgotten from ``seat``'s known cards: ``known`` itself (the
    same tuple) when it was not known, as mostly (others know a few cards of a hand)."""
    mine = known[seat]
    less = forget_one(mine, card)
    return known if less is mine else set_at(known, seat, less)


def set_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def place_melds(state: GameState, seat: int, melds: Sequence[Meld], **extra: Any) -> GameState:
    """The state after ``seat`` puts ``melds`` on the table (a lay-down or a new meld);
    ``extra`` are the move's other field changes. Going out ends the deal ([out.empty])."""
    cards = [c for m in melds for c in m.cards]
    hand = without_cards(state.hands[seat], cards)
    first_id = len(state.table)
    table = state.table + tuple(
        TableMeld(id=first_id + i, owner=seat, meld=m) for i, m in enumerate(melds)
    )
    changes: dict[str, Any] = {
        "hands": set_at(state.hands, seat, hand),
        "known": set_at(state.known, seat, forget(state.known[seat], cards)),
        "table": table,
        **extra,
    }
    if not hand:
        return end_deal(state, DealEnd.OUT, seat, **changes)
    return replace_unchecked(state, **changes)


def end_deal(
    state: GameState, ended_by: DealEnd, went_out: int | None, **changes: Any
) -> GameState:
    """The state after the deal ends ([out.empty], [draw.exhausted], [game.turn_limit];
    scored by [score.out], [score.exhausted]); ``changes`` are the ending move's own field changes (applied
    first), so a move that ends the deal still makes one copy of the state."""
    variant = state.variant
    hands = changes.get("hands", state.hands)
    penalties = deal_penalties(hands, variant, went_out)
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    result = DealResult(
        deal_number=state.deal_number,
        dealer=state.dealer,
        ended_by=ended_by,
        went_out=went_out,
        hands=hands,
        penalties=penalties,
    )
    results = (*state.results, result)
    last = state.deal_number == len(variant.deals)
    outcome = _outcome(state, results, totals) if last else None
    log = changes.get("log", state.log).append(
        DealEnded(state.deal_number, ended_by, went_out, penalties)
    )
    if outcome is not None:
        log = log.append(GameEnded(outcome.totals, outcome.winners, outcome.stakes))
    # The deal's end overrides what the move set (a lay-down that goes out
    # leaves laid_down_this_turn False, as after any turn).
    changes.update(
        phase=Phase.GAME_OVER if last else Phase.BETWEEN_DEALS,
        current_player=None,
        taken=None,
        laid_down_this_turn=False,
        results=results,
        totals=totals,
        outcome=outcome,
        log=log,
    )
    return replace_unchecked(state, **changes)


def _outcome(state: GameState, results: tuple[DealResult, ...], totals: tuple[int, ...]) -> Outcome:
    best = winners(totals)
    stakes = None
    if state.variant.stakes is not None:
        stakes = settle_stakes(
            state.variant.stakes,
            state.players,
            [r.went_out for r in results],
            best,
            state.dealer,
        )
    return Outcome(totals=totals, winners=best, stakes=stakes)
