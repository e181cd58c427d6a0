"""A lay-down step with wild cards in two decisions: its shape, then its wilds ([contract.wilds]).

* Rules: ``legal_moves`` lists a step that holds wild cards as its shape, a
  :class:`~pushrummy.moves.LayDownShape`, once per shape; applying it announces the shape
  (``Phase.FILLING_WILDS``, ``state.shape``), after which the only legal moves are its
  fillings, :class:`~pushrummy.moves.FillWilds`, each laying down exactly the meld
  ``shape.fill(wilds)`` as the one-move ``LayDown`` of that meld does. Corrupted fillings and
  shapes are refused with their error and rule id, nothing else is accepted while a shape is
  announced, and a filling without one is refused. A whole ``LayDown`` with wild cards stays
  legal, unlisted.
* Proof of the listing on generated positions (``wilds.*`` in ``sizes.SIZES``): the shapes
  and the fillings listed after each expand to exactly the lay-down steps of
  :func:`pushrummy.lay_down_steps` (the listing of one ``LayDown`` per step), with no
  duplicates, in play and in the middle of a lay-down; on the smaller hands the fillings are
  also the brute-force reference's (``reference_moves.py``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pushrummy as pr
from engine_helpers import (
    assert_rejected,
    c,
    full_steps,
    listed_steps,
    play,
    played_until,
    position,
    run,
    set_,
    snapshot,
)
from engine_helpers import assert_unchanged as unchanged
from pushrummy import (
    PUSH,
    Discard,
    FillWilds,
    LayDown,
    LayDownShape,
    LayOff,
    MeldShape,
    NewMeld,
    NextDeal,
    Phase,
    Push,
    Rank,
    Suit,
    Take,
)
from pushrummy.cards import Card
from pushrummy.errors import (
    CardNotInHandError,
    ContractNotMetError,
    IllegalMoveError,
    InvalidMeldError,
    NotYourTurnError,
    WrongPhaseError,
)
from pushrummy.melds import MeldKind, meld_wild_count
from pushrummy.state import GameState
from reference_moves import reference_moves, shape_of
from sizes import Budget
from test_lay_down_steps import generated_hand
from test_perft import _random_variant

rule = pytest.mark.rule

HAND = "7C 7D 2C JK 9C 9D 9H KS"
"""Deal 1 (2 sets of 3): the nines, and sets of sevens that need one or two wild cards."""


def shape(text: str) -> MeldShape:
    """The shape of a meld in notation (its wild cards taken out)."""
    return MeldShape.of(pr.parse_meld(text))


def announced(hand: str = HAND, text: str = "7C 7D JK=7", **options: object) -> GameState:
    """Seat 0 has announced the shape of ``text`` (listed or not, but legal)."""
    state = position(hands={0: hand}, **options)  # type: ignore[arg-type]
    move = LayDownShape(0, shape(text))
    assert pr.is_legal(state, move)
    return pr.apply_move(state, move)


# -- the two decisions ------------------------------------------------------------------------


@rule("contract.wilds", "contract.steps")
def test_a_step_with_wild_cards_is_its_shape_then_its_fillings() -> None:
    state = position(hands={0: HAND})
    moves = pr.legal_moves(state)
    shapes = [m for m in moves if isinstance(m, LayDownShape)]
    assert [str(m.shape) for m in shapes] == ["7C 7D *=7", "7C *=7 *=7", "7D *=7 *=7"]
    downs = [m for m in moves if isinstance(m, LayDown)]
    assert downs == [LayDown(0, (set_("9C 9D 9H"),))]  # no wild card: one move
    sevens = shapes[0]
    assert sevens.shape.wild_places == 1 and sevens.shape.naturals == (c("7C"), c("7D"))
    filling = play(state, sevens)  # legal, listed, the input untouched
    assert filling.phase is Phase.FILLING_WILDS and filling.shape == sevens.shape
    assert filling.current_player == 0 and not filling.laid_down[0]
    # nothing is placed yet: the hands, the table and the log are as they were
    assert filling.hands == state.hands and filling.table == state.table
    assert filling.log == state.log
    # every seat sees the shape; the seat's view lists the fillings
    assert all(pr.view(filling, seat).shape == sevens.shape for seat in range(4))
    fills = pr.legal_moves(filling)
    assert fills == (FillWilds(0, (c("2C"),)), FillWilds(0, (c("JK"),)))
    assert pr.view(filling, 0).legal_moves == fills and pr.view(filling, 1).legal_moves == ()
    for fill in fills:
        meld = sevens.shape.fill(fill.wilds)
        after = play(filling, fill)
        # the meld shape.fill(wilds), laid down as its one-move LayDown lays it down
        assert after.table[-1].meld == meld and after.table[-1].owner == 0
        assert after == pr.apply_move(state, LayDown(0, (meld,)))
        assert after.phase is Phase.LAYING_DOWN and after.shape is None
        assert Counter(state.hands[0]) - Counter(after.hands[0]) == Counter(meld.cards)
        assert LayDown(0, (set_("9C 9D 9H"),)) in pr.legal_moves(after)


@rule("contract.wilds", "meld.wild")
def test_a_runs_fillings_follow_its_wild_places() -> None:
    hand = "4H 2C JK 7H 9C 9D 9S KS"  # deal 2: 1 set of 3 + 1 run of 4
    places = shape("4H 2C 2D 7H")
    assert str(places) == "4H *=5H *=6H 7H"
    listed_order = FillWilds(0, (c("2C"), c("JK")))
    other_order = FillWilds(0, (c("JK"), c("2C")))
    for option, expected in (
        (pr.WildExchange.NONE, [listed_order]),  # one order: the wild places do not matter
        (pr.WildExchange.ANY_IN_RUNS, [listed_order, other_order]),  # they do
    ):
        state = position(PUSH.replace(wild_exchange=option), deal_number=2, hands={0: hand})
        assert LayDownShape(0, places) in pr.legal_moves(state)
        filling = play(state, LayDownShape(0, places))
        assert list(pr.legal_moves(filling)) == expected
        # either order is legal, and lays the wilds down where it says, low to high
        for fill, meld in ((listed_order, run("4H 2C JK 7H")), (other_order, run("4H JK 2C 7H"))):
            assert pr.is_legal(filling, fill)
            assert pr.apply_move(filling, fill).table[-1].meld == meld == places.fill(fill.wilds)


@rule("contract.wilds", "contract.steps")
def test_a_shape_out_of_step_order_lists_every_legal_filling() -> None:
    # The sevens come first in step order, so 9C 9D * is not listed; it is legal, and then
    # every filling that makes a legal step is listed, so the lay-down goes on.
    state = position(hands={0: "7C 7D 7H 9C 9D JK 2S KS"})
    nines = LayDownShape(0, shape("9C 9D JK=9"))
    assert nines not in pr.legal_moves(state) and pr.is_legal(state, nines)
    filling = pr.apply_move(state, nines)
    assert pr.legal_moves(filling) == (FillWilds(0, (c("2S"),)), FillWilds(0, (c("JK"),)))
    laying = pr.apply_move(filling, FillWilds(0, (c("JK"),)))
    assert laying.phase is Phase.LAYING_DOWN and pr.legal_moves(laying)


@rule("contract.wilds", "contract.steps")
def test_a_shape_tied_with_the_meld_placed_is_listed_when_a_filling_comes_after_it() -> None:
    # QC QH 2H=Q is placed; QC QS * has the same lowest natural, so the sort keys order them,
    # and those hold the wild cards: with 2D the step comes before the meld placed, with JK
    # after it. The shape is listed, with the JK (a regression: it was left out when its
    # first filling came before the meld placed).
    state = position(
        phase=Phase.LAYING_DOWN,
        hands={0: "QC KC 2D QD 7S QS JK"},
        table=[(0, set_("QC QH 2H"))],
    )
    tied = LayDownShape(0, shape("QC QS JK=Q"))
    assert tied in pr.legal_moves(state)
    filling = play(state, tied)
    assert pr.legal_moves(filling) == (FillWilds(0, (c("JK"),)),)
    assert pr.is_legal(filling, FillWilds(0, (c("2D"),)))  # legal, out of step order
    assert sorted(meld for meld, _ in listed_steps(state)) == sorted(full_steps(state))
    assert set(pr.legal_moves(state)) == reference_moves(state)


# -- refusals -----------------------------------------------------------------------------------


@rule("contract.wilds", "turn.holds", "turn.seat")
def test_corrupted_fillings_are_refused() -> None:
    filling = announced()
    for wilds in ((), ("2C", "JK")):  # not one wild card a wild place
        fill = FillWilds(0, [c(x) for x in wilds])
        error = assert_rejected(filling, fill, IllegalMoveError, "contract.wilds")
        assert "takes 1 wild card(s)" in str(error)
    assert_rejected(filling, FillWilds(0, (c("7H"),)), IllegalMoveError, "contract.wilds")
    assert_rejected(filling, FillWilds(0, (c("KS"),)), IllegalMoveError, "contract.wilds")
    assert_rejected(filling, FillWilds(0, (c("2S"),)), CardNotInHandError, "turn.holds")
    assert_rejected(filling, FillWilds(1, (c("JK"),)), NotYourTurnError, "turn.seat")
    # two places, one of the wilds not held twice
    two = announced(text="7C JK=7 JK=7")
    assert pr.legal_moves(two) == (FillWilds(0, (c("2C"), c("JK"))),)
    assert_rejected(two, FillWilds(0, (c("JK"), c("JK"))), CardNotInHandError, "turn.holds")


@rule("contract.wilds", "contract.laydown", "turn.holds", "contract.steps")
def test_shapes_that_are_refused() -> None:
    state = position(hands={0: HAND})
    # no wild place: that is a LayDown
    error = assert_rejected(
        state, LayDownShape(0, shape("9C 9D 9H")), IllegalMoveError, "contract.wilds"
    )
    assert "no wild place" in str(error)
    # naturals the seat does not hold
    assert_rejected(state, LayDownShape(0, shape("7C 7H JK=7")), CardNotInHandError, "turn.holds")
    # too few wild cards for its places; no filling after which the contract can be completed
    short = position(hands={0: "7C 7D 9C 9D JK KS"})
    error = assert_rejected(
        short, LayDownShape(0, shape("7C 2C=7 JK=7")), ContractNotMetError, "contract.wilds"
    )
    assert "too few wild cards" in str(error)
    assert_rejected(
        short, LayDownShape(0, shape("9C 9D JK=9")), ContractNotMetError, "contract.steps"
    )
    # a seat that has laid down
    down = position(
        hands={0: "7C 7D JK 4H"},
        table=[(0, set_("3C 3D 3H")), (0, set_("5C 5D 5H"))],
        laid_down=[0],
    )
    error = assert_rejected(
        down, LayDownShape(0, shape("7C 7D JK=7")), IllegalMoveError, "contract.laydown"
    )
    assert type(error) is IllegalMoveError
    # before the draw, and for another seat
    drawing = position(phase=Phase.DRAW, hands={0: HAND}, upcard="KD")
    assert_rejected(drawing, LayDownShape(0, shape("7C 7D JK=7")), WrongPhaseError, "draw.choice")
    assert_rejected(state, LayDownShape(2, shape("7C 7D JK=7")), NotYourTurnError, "turn.seat")


@rule("contract.wilds")
def test_nothing_but_a_filling_while_a_shape_is_announced() -> None:
    filling = announced()
    seven = set_("7C 7D JK")
    for move in (
        Discard(0, c("KS")),
        LayDown(0, (seven,)),  # the very meld, in one move
        LayDown(0, (set_("9C 9D 9H"),)),
        LayDown(0, (seven, set_("9C 9D 9H"))),
        LayDownShape(0, shape("7C 7D JK=7")),  # announced again
        LayDownShape(0, shape("7C JK=7 JK=7")),
        NewMeld(0, set_("9C 9D 9H")),
        LayOff(0, c("KS"), 0, None),
    ):
        assert_rejected(filling, move, WrongPhaseError, "contract.wilds")
    for move in (Take(0), Push(0)):
        assert_rejected(filling, move, WrongPhaseError, "draw.choice")
    assert_rejected(filling, NextDeal(), WrongPhaseError, "turn.between")
    assert all(isinstance(move, FillWilds) for move in pr.legal_moves(filling))


@rule("contract.wilds", "draw.choice")
def test_a_filling_without_a_shape_is_refused() -> None:
    fill = FillWilds(0, (c("JK"),))
    playing = position(hands={0: HAND})
    error = assert_rejected(playing, fill, WrongPhaseError, "contract.wilds")
    assert "announced no shape" in str(error)
    laying = play(playing, LayDown(0, (set_("9C 9D 9H"),)))
    assert laying.phase is Phase.LAYING_DOWN
    assert_rejected(laying, fill, WrongPhaseError, "contract.wilds")
    drawing = position(phase=Phase.DRAW, hands={0: HAND}, upcard="KD")
    assert_rejected(drawing, fill, WrongPhaseError, "draw.choice")
    done = pr.apply_move(laying, LayDown(0, (set_("7C 7D JK"),)))
    assert done.phase is Phase.PLAY and done.laid_down[0]
    assert_rejected(done, fill, WrongPhaseError, "contract.wilds")


@rule("contract.wilds", "contract.laydown")
def test_a_lay_down_with_wild_cards_stays_legal_in_one_move_unlisted() -> None:
    state = position(hands={0: HAND})
    snap = snapshot(state)
    step = LayDown(0, (set_("7C 7D 2C"),))
    assert pr.is_legal(state, step) and step not in pr.legal_moves(state)
    stepped = pr.apply_move(state, LayDownShape(0, shape("7C 7D JK=7")))
    stepped = pr.apply_move(stepped, FillWilds(0, (c("2C"),)))
    assert pr.apply_move(state, step) == stepped
    # a whole lay-down: play() checks it is listed as shape, filling, then the nines' step,
    # and that these reach the same state
    whole = LayDown(0, (set_("9C 9D 9H"), set_("7C 7D JK")))
    after = play(state, whole)
    assert after.phase is Phase.PLAY and after.laid_down[0]
    unchanged(state, snap)


@rule("contract.wilds")
@pytest.mark.parametrize("source", ["played", "hand-made"])
def test_an_announced_shape_round_trips_through_json(source: str) -> None:
    # a game's own position, or one set up by hand (new_position): either way its log replays
    filling = played_until(pr.Phase.FILLING_WILDS) if source == "played" else announced()
    assert filling.shape is not None
    assert pr.from_json(pr.to_json(filling)) == filling
    for seat in range(filling.players):
        me = pr.view(filling, seat)
        assert pr.from_json(pr.to_json(me)) == me
    document = pr.encode(filling)
    assert document["phase"] == "filling_wilds"
    cards = document["shape"]["cards"]
    assert cards == [None if card is None else str(card) for card in filling.shape.cards]
    assert cards.count(None) == filling.shape.wild_places > 0
    if source == "hand-made":
        assert cards == ["7C", "7D", None]


# -- the listing, proven on generated positions -------------------------------------------------


def _generated_position(seed: int) -> GameState | None:
    """A PLAY position of seat 0 with a hand built around melds and a few wild cards, under
    random options and a random deal's contract; ``None`` if the hand overdraws the deck."""
    rng = random.Random(seed)
    variant = _random_variant(rng)
    hand = generated_hand(rng, rng.randint(9, 12), rng.randint(2, 4))
    try:
        return position(
            variant,
            players=4 if variant.partnerships else rng.choice([4, 5]),
            deal_number=rng.randint(1, 5),
            hands={0: hand},
            other_hand_size=5,
        )
    except ValueError:  # more copies of a card than the deck holds
        return None


REFERENCE_HAND = 8
"""The largest hand whose fillings the brute-force reference lists here as well."""


def shapes_and_fillings_agree(seed: int) -> tuple[int, int, int]:
    """The listing of a generated position and of the positions of one of its lay-downs:
    shapes x fillings = the lay-down steps. Returns the shapes, the fillings and the
    listings of fillings judged by the reference."""
    state = _generated_position(seed)
    if state is None:
        return 0, 0, 0
    rng = random.Random(seed)
    shapes = fills = judged = 0
    while True:
        moves = pr.legal_moves(state)
        assert len(set(moves)) == len(moves)
        listed = [m for m in moves if isinstance(m, LayDownShape)]
        downs = [m.melds[0] for m in moves if isinstance(m, LayDown)]
        old = full_steps(state)  # one LayDown per step, as listed before [contract.wilds]
        steps = listed_steps(state)
        melds = [meld for meld, _ in steps]
        assert len(set(melds)) == len(melds), "a step reached twice"
        assert sorted(melds) == sorted(old)
        # a step without wild cards is one LayDown; one with them, its shape, once
        variant = state.variant  # [setup.wild]: its wild_twos says which cards are wild
        twos = variant.wild_twos
        assert downs == [meld for meld in old if not meld_wild_count(meld, variant)]
        assert len({m.shape for m in listed}) == len(listed)
        assert {m.shape for m in listed} == {
            shape_of(meld, twos) for meld in old if meld_wild_count(meld, variant)
        }
        shapes += len(listed)
        fills += sum(1 for meld in melds if meld_wild_count(meld, variant))
        if len(state.hands[0]) <= REFERENCE_HAND:
            for move in listed:
                filling = pr.apply_move(state, move)
                assert set(pr.legal_moves(filling)) == reference_moves(filling), move
                judged += 1
        if not steps:
            return shapes, fills, judged
        _, state = rng.choice(steps)
        if state.phase is not Phase.LAYING_DOWN:
            return shapes, fills, judged


SEEDS = st.integers(min_value=0, max_value=2**32)


@rule("contract.wilds", "contract.steps")
def test_shapes_and_fillings_expand_to_the_lay_down_steps(budget: Budget) -> None:
    seen = [0, 0, 0]

    def check(seed: int) -> None:
        for i, count in enumerate(shapes_and_fillings_agree(seed)):
            seen[i] += count

    budget.settings("wilds.generated")(given(seed=SEEDS)(check))()
    examples = budget.n("wilds.generated")
    print(f"\n{examples} positions: {seen[0]} shapes, {seen[1]} fillings, {seen[2]} judged")
    # the positions do hold shapes, most with several fillings, and some small enough for
    # the reference: the proof is not vacuous
    assert seen[0] > 2 * examples and seen[1] > seen[0] and seen[2] > examples // 4, seen


def test_the_shape_helpers_of_the_reference_agree_with_meld_shape() -> None:
    # reference_moves.shape_of is written from the rules; MeldShape.of is the library's
    for text in ("7C 7D JK", "7S 2C=7 JK=7", "4H 2C JK 7H", "2D 5S 6S 2S", "QH KH JK"):
        meld = pr.parse_meld(text)
        assert shape_of(meld, True) == MeldShape.of(meld, wild_twos=True)
    assert shape_of(set_("7C 7D 7H"), True).wild_places == 0
    assert MeldShape.of(run("4H 2C JK 7H")).fill([Card(), c("2D")]) == run("4H JK 2D 7H")


# -- the fillings: made by the counts held, checked once, bounded -------------------------------


def _product_then_filter(hand: Sequence[Card], shape: MeldShape) -> list[tuple[Card, ...]]:
    """The fillings as first defined: every tuple of the wild kinds held (a set's sorted),
    kept when the hand holds each kind as often as the tuple uses it."""
    held = Counter(card for card in hand if card.is_wild)
    kinds, places = sorted(held), shape.wild_places
    ways = (
        product(kinds, repeat=places)
        if shape.suit is not None
        else combinations_with_replacement(kinds, places)
    )
    return [fill for fill in ways if all(fill.count(k) <= n for k, n in held.items())]


def _run_shape(places: int) -> MeldShape:
    """A run of hearts from the three: ``places`` wild places, then naturals to 3 cards."""
    naturals = [Card(Rank(p), Suit.HEARTS) for p in range(3 + places, 3 + max(3, places))]
    return MeldShape(MeldKind.RUN, (None,) * places + tuple(naturals), suit=Suit.HEARTS, start=3)


def _set_shape(places: int) -> MeldShape:
    """A set of nines with ``places`` wild places (3 cards, or 4 when all are wild)."""
    naturals = tuple(Card(Rank.NINE, suit) for suit in list(Suit)[: max(0, 3 - places)])
    return MeldShape(MeldKind.SET, naturals + (None,) * places, rank=Rank.NINE)


ALL_WILDS = [Card(Rank.TWO, suit) for suit in Suit] + [Card()]


@rule("contract.wilds")
def test_fillings_are_the_product_of_the_wild_kinds_filtered_by_the_counts_held(
    budget: Budget,
) -> None:
    # fillings() makes only what the hand can supply; it must give exactly what the first
    # definition (product, then filter) gave, in the same order.
    seen = Counter[str]()

    @given(
        wilds=st.lists(st.sampled_from(ALL_WILDS), max_size=7),
        naturals=st.lists(st.sampled_from([c("9C"), c("5H"), c("KS")]), max_size=2),
        places=st.integers(min_value=0, max_value=6),
        is_run=st.booleans(),
    )
    def check(wilds: list[Card], naturals: list[Card], places: int, is_run: bool) -> None:
        shape = _run_shape(places) if is_run else _set_shape(min(places, 4))
        hand = tuple(sorted(wilds + naturals))
        fills = list(pr.plays.lay_down.fillings(hand, shape, wild_twos=True))  # ALL_WILDS' rule
        assert fills == _product_then_filter(hand, shape)
        seen["several" if len(fills) > 1 else "one or none"] += 1

    budget.settings("wilds.generated")(check)()
    assert seen["several"] > budget.n("wilds.generated") // 4, seen  # not vacuous


def _random_shape(rng: random.Random, hand: tuple[Card, ...]) -> MeldShape | None:
    """A shape of the hand's naturals: a set of a rank held, or a run around a natural
    held; each natural it could use kept or made a wild place at random."""
    naturals = [card for card in hand if not card.is_wild]
    if not naturals:
        return None
    card = rng.choice(naturals)
    if rng.random() < 0.4:
        suits = sorted({x.suit for x in naturals if x.rank is card.rank}, key=int)
        keep = rng.sample(suits, rng.randint(0, min(len(suits), 3)))
        places = rng.choice([3, 4]) - len(keep)
        if card.rank is Rank.TWO or not places:
            return None
        kept = tuple(sorted(Card(card.rank, suit) for suit in keep))
        return MeldShape(MeldKind.SET, kept + (None,) * places, rank=card.rank)
    length = rng.randint(3, 8)
    position_of = 14 if card.rank is Rank.ACE and rng.random() < 0.5 else int(card.rank)
    start = rng.randint(max(1, position_of - length + 1), min(position_of, 15 - length))
    held = Counter(naturals)
    cards: list[Card | None] = []
    for p in range(start, start + length):
        natural = Card(Rank(1 if p == 14 else p), card.suit) if p != 2 else None
        if natural is not None and held[natural] and (natural == card or rng.random() < 0.6):
            held[natural] -= 1
            cards.append(natural)
        else:
            cards.append(None)
    if None not in cards:
        return None
    return MeldShape(MeldKind.RUN, tuple(cards), suit=card.suit, start=start)


def _grown(shape: MeldShape) -> MeldShape | None:
    """``shape`` with one more wild place: a set of 3 made 4, a run one longer (at its high
    end, else its low end); often legal and not listed (not a step at its smallest)."""
    if shape.kind is MeldKind.SET:
        if len(shape.cards) == 4:
            return None
        return MeldShape(MeldKind.SET, (*shape.cards, None), rank=shape.rank)
    assert shape.start is not None
    if shape.start + len(shape.cards) <= 14:
        return MeldShape(MeldKind.RUN, (*shape.cards, None), suit=shape.suit, start=shape.start)
    if shape.start > 1:
        return MeldShape(MeldKind.RUN, (None, *shape.cards), suit=shape.suit, start=shape.start - 1)
    return None


def _verdict(state: GameState, meld: pr.Meld) -> tuple[type, str] | None:
    try:
        pr.plays.lay_down.check_lay_down(state, LayDown(0, (meld,)))
    except (IllegalMoveError, InvalidMeldError) as error:
        return type(error), error.rule
    return None


def shapes_judged(seed: int) -> Counter[str]:
    """The shapes of a generated position (its listed ones, random ones of its naturals
    and the legal ones of the listed ones' naturals, listed or not): every filling of a
    shape gets the verdict of the first, the shape is legal exactly when that is, and a
    shape announced out of step order lists every filling (a run's sorted only, when wilds
    cannot be taken back)."""
    state = _generated_position(seed)
    if state is None:
        return Counter()
    rng = random.Random(seed)
    hand = state.hands[0]
    listed = [m.shape for m in pr.legal_moves(state) if isinstance(m, LayDownShape)]
    made = [_random_shape(rng, hand) for _ in range(4)]
    me = pr.view(state, 0)
    for naturals in {s.naturals for s in listed}:
        made += [m.shape for m in pr.moves_using(me, naturals) if isinstance(m, LayDownShape)]
    seen: Counter[str] = Counter()
    for shape in sorted({*listed, *(s for s in made if s is not None)}, key=str):
        fills = list(pr.plays.lay_down.fillings(hand, shape, state.variant.wild_twos))
        verdicts = {_verdict(state, shape.fill(fill)) for fill in fills}
        assert len(verdicts) <= 1, (shape, verdicts)  # all together or not at all
        legal = verdicts == {None}
        move = LayDownShape(0, shape)
        assert pr.is_legal(state, move) is legal, shape
        several = len({tuple(sorted(fill)) for fill in fills}) > 1
        seen["shapes"] += 1
        seen["legal" if legal else "refused"] += 1
        seen["several multisets"] += several
        if not legal:
            continue
        seen["legal, several multisets"] += several
        filling = pr.apply_move(state, move)
        fills_listed = [m.wilds for m in pr.legal_moves(filling) if isinstance(m, FillWilds)]
        if shape in listed:
            assert set(fills_listed) <= set(fills)
            continue
        canonical = state.variant.wild_exchange is pr.WildExchange.NONE
        assert fills_listed == [f for f in fills if not canonical or list(f) == sorted(f)]
        seen["out of step order"] += 1
    return seen


@rule("contract.wilds", "meld.wild")
def test_a_shapes_fillings_are_legal_all_together_or_not_at_all(budget: Budget) -> None:
    # The checker of a shape and the listing of one announced out of step order check one
    # filling for all: proven here against every filling's own check.
    seen: Counter[str] = Counter()

    def check(seed: int) -> None:
        seen.update(shapes_judged(seed))

    budget.settings("wilds.generated")(given(seed=SEEDS)(check))()
    print(f"\n{dict(seen)}")
    examples = budget.n("wilds.generated")
    # not vacuous: shapes legal and refused, legal ones with fillings of several
    # multisets, and shapes announced out of step order
    assert seen["legal"] > examples and seen["refused"] > examples, seen
    assert seen["legal, several multisets"] > examples // 2, seen
    assert seen["out of step order"] > examples // 4, seen


@rule("contract.wilds", "meld.wild")
def test_a_run_out_of_step_order_lists_one_order_of_its_wilds_unless_they_come_back() -> None:
    # The set of fours comes first in step order, so the run's shape is not listed; once
    # announced, its fillings are listed as the reference lists them: one order along the
    # run when wilds cannot be taken back ([meld.wild]), every order when they can.
    run9 = shape("9H 2C=10H JK=JH QH")
    for exchange, orders in ((pr.WildExchange.NONE, 1), (pr.WildExchange.ANY_IN_RUNS, 2)):
        variant = PUSH.replace(wild_exchange=exchange)
        state = position(variant, deal_number=2, hands={0: "4C 4D 4S 9H QH 2C JK KS"})
        assert LayDownShape(0, run9) not in pr.legal_moves(state)
        filling = pr.apply_move(state, LayDownShape(0, run9))
        fills = pr.legal_moves(filling)
        assert (
            fills == (FillWilds(0, (c("2C"), c("JK"))), FillWilds(0, (c("JK"), c("2C"))))[:orders]
        )
        assert set(fills) == reference_moves(filling)
        assert pr.is_legal(filling, FillWilds(0, (c("JK"), c("2C"))))


WORST_WILDS = "2C 2C 2D 2D 2H 2H 2S 2S JK JK"
"""Ten wild cards, two of each kind: 10!/2⁵ = 113,400 ways to fill ten wild places."""

RUN_14 = "AH 2C=2H 3H 2C=4H 2C=5H 6H 2C=7H 2C=8H 9H 2C=10H 2C=JH 2C=QH 2C=KH 2C=AH"
"""A run of 14 cards, four naturals and ten wild places."""


def counted_checks(n: int) -> int:
    """The calls a monkeypatched ``plays.lay_down.check_lay_down`` counts when the engine
    checks ``n`` times: ``n``, and none in the compiled build (docs/speed.rst), whose
    compiled callers call the module's own function, not the attribute patched."""
    return 0 if pr.compiled else n


@rule("contract.wilds", "meld.wild")
def test_the_worst_hand_made_fillings_cost_one_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # A hand-made shape of ten wild places, filled from ten wild cards (a client's state or
    # move, checked by a server): the shape's checker and the listing of its fillings ask
    # check_lay_down once, not once per filling (113,400 of them, about a minute of CPU).
    module = pr.plays.lay_down
    calls = [0]
    real = module.check_lay_down

    def counted(state: GameState, move: LayDown) -> None:
        calls[0] += 1
        real(state, move)

    monkeypatch.setattr(module, "check_lay_down", counted)
    run14 = shape(RUN_14)
    wilds = pr.parse_cards(WORST_WILDS)
    assert run14.wild_places == len(wilds) == 10
    hand = "AH 3H 6H 9H 5C 7D 8S KC " + WORST_WILDS
    for exchange in (pr.WildExchange.NONE, pr.WildExchange.ANY_IN_RUNS):
        variant = PUSH.replace(wild_exchange=exchange)
        # deal 2 (a set of 3 and a run of 4): no set is left after the run, no filling is legal
        refused = position(variant, deal_number=2, hands={0: hand})
        assert_rejected(refused, LayDownShape(0, run14), ContractNotMetError, "contract.steps")
        calls[0] = 0
        with pytest.raises(ContractNotMetError):
            module.check_lay_down_shape(refused, LayDownShape(0, run14))
        assert calls[0] == counted_checks(1)
        hand_made = position(
            variant, deal_number=2, hands={0: hand}, phase=Phase.FILLING_WILDS, shape=run14
        )
        calls[0] = 0
        assert pr.legal_moves(hand_made) == () and calls[0] == counted_checks(1)
        # deal 3 (2 runs of 4), with a run of spades: every filling is legal, none listed
        # (a run of 14 is no step at its smallest), so all are listed once announced
        legal = position(variant, deal_number=3, hands={0: hand + " 4S 5S 6S 7S"})
        assert LayDownShape(0, run14) not in pr.legal_moves(legal)
        if exchange is pr.WildExchange.NONE:  # one order along the run ([meld.wild])
            calls[0] = 0
            filling = pr.apply_move(legal, LayDownShape(0, run14))
            assert pr.legal_moves(filling) == (FillWilds(0, tuple(sorted(wilds))),)
            assert calls[0] == counted_checks(2)  # the shape's check, then the listing's
            assert pr.is_legal(filling, FillWilds(0, tuple(reversed(sorted(wilds)))))
    # With wild exchange every order is its own move (113,400 here, a second to list):
    # smaller, each order listed, in the first definition's order, for one check.
    variant = PUSH.replace(wild_exchange=pr.WildExchange.ANY_IN_RUNS)
    run8 = shape("3H 2C=4H 2C=5H 2C=6H 2C=7H 2C=8H 2C=9H 10H")
    hand = "3H 10H 5C 7D 8S KC 4S 5S 6S 7S 2C 2C 2D JK JK 2S"
    legal = position(variant, deal_number=3, hands={0: hand})
    assert LayDownShape(0, run8) not in pr.legal_moves(legal)
    calls[0] = 0
    filling = pr.apply_move(legal, LayDownShape(0, run8))
    fills = [m.wilds for m in pr.legal_moves(filling) if isinstance(m, FillWilds)]
    assert fills == _product_then_filter(filling.hands[0], run8) and calls[0] == counted_checks(2)
    assert len(fills) == math.factorial(6) // (2 * 2)
    # a set of four wild places (the most a set holds): each multiset once, one check
    four = MeldShape(MeldKind.SET, (None,) * 4, rank=Rank.NINE)
    hand_made = position(
        deal_number=1,
        hands={0: "5C 7D 8S KC " + WORST_WILDS},
        phase=Phase.FILLING_WILDS,
        shape=four,
    )
    calls[0] = 0
    fills = [m.wilds for m in pr.legal_moves(hand_made) if isinstance(m, FillWilds)]
    assert fills == _product_then_filter(hand_made.hands[0], four) and calls[0] == counted_checks(1)
