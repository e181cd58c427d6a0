"""The lay-down in steps ([contract.steps]) and wild places listed once ([meld.wild]).

* Rules: a lay-down goes down meld by meld in ``Phase.LAYING_DOWN``; nothing else until it is
  complete; a part that cannot be completed is refused; a whole lay-down is one move, in any
  meld order, and leads to the state its steps lead to.
* Proof of the move model on thousands of generated hands (in the exhaustive run; the default
  run takes the first of them, ``steps.*`` in ``sizes.SIZES``), wild-heavy ones among them: placing
  listed steps one at a time reaches every way to lay the contract down exactly once, and every
  listed step leads to at least one complete lay-down (no dead ends). The set of ways is
  compared with :func:`pushrummy.contract_options` (itself proven against a brute-force
  reference in ``test_contract_reference.py``) and, on small hands, directly with the
  brute-force reference of ``reference_moves.py``.
* ``contract_options(limit=..., canonical_wilds=...)``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import pushrummy as pr
from engine_helpers import (
    assert_rejected,
    full_steps,
    listed_steps,
    play,
    played_until,
    position,
    run,
    set_,
)
from games import meld_variant
from pushrummy import CAP_IT, PUSH, Contract, LayDown, Meld, Phase
from pushrummy.cards import ALL_CARDS, Card, parse_cards
from pushrummy.errors import ContractNotMetError, IllegalMoveError, WrongPhaseError
from pushrummy.meld_shape import MeldShape
from reference_moves import canonical, contract_ways, options_of, step_order
from sizes import Budget

rule = pytest.mark.rule

NATURALS = [card for card in ALL_CARDS if not card.is_wild]
WILDS = [card for card in ALL_CARDS if card.is_wild]
PRESET_CONTRACTS = sorted({deal.contract for deal in (*PUSH.deals, *CAP_IT.deals)}, key=str)
CONTRACTS = [
    *PRESET_CONTRACTS,
    Contract.parse("1 set of 4 + 1 run of 3"),
    Contract.parse("1 run of 4 + 1 run of 6"),
    Contract.parse("2 sets of 3 + 1 run of 4"),
]
VARIANTS = [
    meld_variant(name)
    for name in (
        "default",
        "any_in_runs",
        "exact_sizes",
        "fewer_than_naturals",
        "min_naturals_1_jokers_in_runs",
    )
]


def _without(hand: Sequence[Card], meld: Meld) -> tuple[Card, ...]:
    rest = list(hand)
    for card in meld.cards:
        rest.remove(card)
    return tuple(rest)


def reachable(
    hand: Sequence[Card], contract: Contract, variant: pr.Variant, canonical_wilds: bool
) -> list[tuple[Meld, ...]]:
    """Every complete lay-down reached by placing listed steps one at a time (with repeats,
    if any: the caller checks there are none). Asserts that no listed step is a dead end."""
    leaves: list[tuple[Meld, ...]] = []

    def walk(hand: tuple[Card, ...], placed: tuple[Meld, ...]) -> None:
        steps = pr.lay_down_steps(
            hand, contract, variant, placed=placed, canonical_wilds=canonical_wilds
        )
        assert len(set(steps)) == len(steps), "a step listed twice"
        assert list(steps) == sorted(steps), "steps out of canonical order"
        for meld in steps:
            now = (*placed, meld)
            # listed steps come in step order
            twos = variant.wild_twos
            assert not placed or step_order(meld, twos) >= step_order(placed[-1], twos)
            if pr.contract_left(contract, now, variant) == ():
                leaves.append(tuple(sorted(now)))
                continue
            before = len(leaves)
            walk(_without(hand, meld), now)
            assert len(leaves) > before, f"dead end after {[str(m) for m in now]}"

    walk(tuple(hand), ())
    return leaves


def generated_hand(rng: random.Random, size: int, wilds: int) -> tuple[Card, ...]:
    """A hand of ``size`` cards with ``wilds`` wilds, built around a few sets and runs so that
    contracts can often be met (and in many ways)."""
    hand: list[Card] = []
    while len(hand) < size - wilds:
        if rng.random() < 0.5:  # part of a set
            rank = rng.choice([1, *range(3, 14)])
            suits = rng.sample(list(pr.Suit), rng.randint(2, 4))
            hand += [Card(pr.Rank(rank), suit) for suit in suits]
        else:  # part of a run
            suit, length = rng.choice(list(pr.Suit)), rng.randint(2, 6)
            start = rng.randint(3, 14 - length)
            hand += [Card(pr.Rank(p), suit) for p in range(start, start + length)]
        if rng.random() < 0.3:
            hand.append(rng.choice(NATURALS))
    hand = hand[: size - wilds] + [rng.choice(WILDS) for _ in range(wilds)]
    return tuple(sorted(hand))


def _hands(
    count: int,
    seed: int,
    sizes: tuple[int, int],
    wilds: tuple[int, int],
    contracts: Sequence[Contract] = (),
    variants: Sequence[pr.Variant] = (),
) -> list[object]:
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        hand = generated_hand(rng, rng.randint(*sizes), rng.randint(*wilds))
        cases.append((hand, rng.choice(contracts or CONTRACTS), rng.choice(variants or VARIANTS)))
    return cases


def _check_reachable(hand: tuple[Card, ...], contract: Contract, variant: pr.Variant) -> int:
    canonical_wilds = variant.wild_exchange is pr.WildExchange.NONE
    leaves = reachable(hand, contract, variant, canonical_wilds)
    assert len(set(leaves)) == len(leaves), "a lay-down reached by two sequences of steps"
    ways = pr.contract_options(hand, contract, variant, canonical_wilds=canonical_wilds)
    assert set(leaves) == set(ways)
    return len(leaves)


# What the wild-heavy walk must reach, in each run: at most this many hands left out, at least
# this many checked and with six wilds, more ways than this in all. The exhaustive run's 50
# hands: 1 left out, 49 walked, 10 of them with six wilds, 344,208 ways (its former 100 hands:
# 1, 99, 23 and 714,297, asked for 6, 94, 20 and 400,000): in proportion.
WILD_HEAVY_REQUIRED = {
    "default": (1, 14, 3, 40_000),
    "exhaustive": (4, 46, 8, 300_000),
}


@pytest.mark.slow
def test_steps_reach_every_lay_down_once_on_wild_heavy_hands(budget: Budget) -> None:
    """Hands of 14-16 cards with 4-6 wilds (the presets' contracts, the options without
    wild exchange; with it every wild place is its own way, ten times as many, and those
    options are proven on the ordinary hands and in the perft positions): 50 in the
    exhaustive run, the first of them in the default run.

    Walking every sequence of steps costs time per way, and a few of these hands have
    millions of ways (2.6 million for one): hands with more than 100,000 are left out, and
    the test says how many (a handful) so the limit cannot hide a change.
    """
    total = checked = skipped = six_wilds = 0
    variants = [v for v in VARIANTS if v.wild_exchange is pr.WildExchange.NONE]
    cases = _hands(budget.n("steps.wild_heavy"), 11, (14, 16), (4, 6), PRESET_CONTRACTS, variants)
    for hand, contract, variant in cases:  # type: ignore[misc]
        if len(pr.contract_options(hand, contract, variant, canonical_wilds=True)) > 100_000:
            skipped += 1
            continue
        total += _check_reachable(hand, contract, variant)
        checked += 1
        six_wilds += sum(card.is_wild for card in hand) == 6
    print(
        f"\nwild-heavy hands: {checked} walked ({six_wilds} with six wilds), {skipped} left out,"
        f" {total} lay-downs reached"
    )
    most_skipped, least_checked, least_six_wilds, least_ways = WILD_HEAVY_REQUIRED[budget.name]
    assert skipped <= most_skipped, f"{skipped} hands had more than 100,000 ways"
    assert checked >= least_checked and six_wilds >= least_six_wilds
    assert total > least_ways  # the hands do have many ways: the proof is not vacuous


@pytest.mark.slow
def test_steps_reach_every_lay_down_once_on_ordinary_hands(budget: Budget) -> None:
    """Hands of 6-13 cards with 0-3 wilds, every contract shape: 1,700 in the exhaustive
    run, the first of them in the default run."""
    total = met = 0
    count = budget.n("steps.ordinary")
    for hand, contract, variant in _hands(count, 12, (6, 13), (0, 3)):  # type: ignore[misc]
        found = _check_reachable(hand, contract, variant)
        total += found
        met += found > 0
    assert met > 300 * count / 1700  # many of the hands can meet their contract


def test_steps_equal_the_brute_force_reference_on_small_hands(budget: Budget) -> None:
    """The reachable lay-downs against reference_moves.contract_ways, sharing no search code
    (150 hands in the exhaustive run, the first of them in the default run)."""
    compared = 0
    count = budget.n("steps.small_reference")
    cases = _hands(count, 13, (7, 10), (1, 2), PRESET_CONTRACTS)
    for hand, contract, variant in cases:  # type: ignore[misc]
        assert isinstance(variant, pr.Variant) and isinstance(contract, Contract)
        parts = tuple(
            (req.kind.value, req.size) for req in contract.requirements for _ in range(req.count)
        )
        ways = contract_ways(hand, parts, options_of(pr.new_game(variant, seed=0)))
        canonical_wilds = variant.wild_exchange is pr.WildExchange.NONE
        if canonical_wilds:
            ways = {
                tuple(sorted(canonical(meld, variant.wild_twos) for meld in way)) for way in ways
            }
        leaves = reachable(hand, contract, variant, canonical_wilds)
        assert len(set(leaves)) == len(leaves)
        assert set(leaves) == ways
        compared += bool(ways)
    assert compared > 40 * count / 250


def test_canonical_ways_are_the_ways_up_to_wild_places(budget: Budget) -> None:
    count = budget.n("steps.canonical")
    for hand, contract, variant in _hands(count, 14, (8, 13), (1, 4)):  # type: ignore[misc]
        every = pr.contract_options(hand, contract, variant)
        listed = pr.contract_options(hand, contract, variant, canonical_wilds=True)
        assert len(set(listed)) == len(listed)
        twos = variant.wild_twos
        assert set(listed) == {tuple(sorted(canonical(m, twos) for m in way)) for way in every}


def test_contract_options_limit_gives_a_few_ways_without_listing_them_all() -> None:
    hand = parse_cards("2C 2D 2H 2S 2C JK JK 7H 8H 9S QC")
    contract = PUSH.deals[1].contract
    every = pr.contract_options(hand, contract, canonical_wilds=True)
    first = pr.contract_options(hand, contract, limit=50)
    assert len(first) == 50 and len(set(first)) == 50
    assert all(way == tuple(sorted(way)) for way in first)
    assert pr.contract_options(hand, contract, limit=0) == ()
    # With a limit above the count, the same ways as without one (in step order).
    small = parse_cards("4H 2C JK 7H 8H 9C 9D 2S KS")
    assert set(pr.contract_options(small, contract, limit=10**6)) == set(
        pr.contract_options(small, contract)
    )
    canonical_all = pr.contract_options(hand, contract, canonical_wilds=True, limit=10**6)
    assert sorted(canonical_all) == sorted(every)
    with pytest.raises(TypeError):
        pr.contract_options(hand, contract, limit="3")  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="limit must be 0 or more"):
        pr.contract_options(hand, contract, limit=-1)


def test_move_counts_on_fixed_wild_heavy_positions() -> None:
    # The examples: hundreds of thousands of whole lay-downs, a few hundred steps
    # (each meld at its smallest: lay-offs onto it may follow the same turn, and with
    # same_turn_after_contract off lengthening the melds just laid may, [layoff.when]; every
    # size was 1,416 and 594 steps). The steps that hold wild cards are listed as their
    # shapes, then their fillings ([contract.wilds]): far fewer choices at once than the steps.
    hands = ("2C 2D 2H 2S 2C JK JK 7H 8H 9S QC", "2C 2D 10D 2H 10H 2S 9S QS JK JK")
    counts = {True: ((570, 34), (270, 21)), False: ((570, 34), (270, 21))}
    for same_turn, expected in counts.items():
        variant = PUSH.replace(same_turn_after_contract=same_turn)
        for hand, (step_count, shape_count) in zip(hands, expected, strict=True):
            state = position(variant, deal_number=2, hands={0: hand})
            melds = [meld for meld, _ in listed_steps(state)]
            assert len(melds) == len(set(melds)) == step_count
            shapes = [m for m in pr.legal_moves(state) if isinstance(m, pr.LayDownShape)]
            downs = [m for m in pr.legal_moves(state) if isinstance(m, LayDown)]
            assert len(shapes) == len(set(shapes)) == shape_count
            assert {
                MeldShape.of(meld, wild_twos=variant.wild_twos) for meld in melds if meld.wild_count
            } == {move.shape for move in shapes}
            assert [d.melds[0] for d in downs] == [m for m in melds if not m.wild_count]
            # the old listing, one LayDown per step, is what the shapes and fills expand to
            old = full_steps(state)
            assert sorted(melds) == sorted(old)


# -- the rule ------------------------------------------------------------------------------------


@rule("contract.steps")
def test_a_lay_down_goes_down_meld_by_meld() -> None:
    state = position(deal_number=2, hands={0: "7C 7D 7H 3S 4S 5S 6S KD"})
    assert state.contract_left == () and state.lay_down_so_far == ()
    first = [m for m in pr.legal_moves(state) if isinstance(m, LayDown)]
    assert first == [LayDown(0, (run("3S 4S 5S 6S"),))]  # the lowest card first: 3S
    laying = play(state, first[0])
    assert laying.phase is Phase.LAYING_DOWN and laying.current_player == 0
    assert not laying.laid_down[0] and not laying.laid_down_this_turn
    assert [str(part) for part in laying.contract_left] == ["1 set of 3"]
    assert [t.meld for t in laying.lay_down_so_far] == [run("3S 4S 5S 6S")]
    assert pr.legal_moves(laying) == (LayDown(0, (set_("7C 7D 7H"),)),)
    me = pr.view(laying, 0)
    assert me.contract_left == laying.contract_left and me.lay_down_so_far == laying.lay_down_so_far
    assert pr.view(laying, 1).contract_left == laying.contract_left  # public
    # nothing else until the lay-down is complete
    for move in (pr.Discard(0, pr.parse_card("KD")), pr.NewMeld(0, set_("7C 7D 7H"))):
        assert_rejected(laying, move, WrongPhaseError, "contract.steps")
    done = play(laying, LayDown(0, (set_("7C 7D 7H"),)))
    assert done.phase is Phase.PLAY and done.laid_down[0] and done.laid_down_this_turn
    assert done.contract_left == ()
    # the whole lay-down in one move, in any meld order, is the same
    whole = LayDown(0, (set_("7C 7D 7H"), run("3S 4S 5S 6S")))
    assert pr.apply_move(state, whole) == done


@rule("contract.steps")
def test_a_part_that_cannot_be_completed_is_refused() -> None:
    state = position(deal_number=3, hands={0: "3S 4S 5S 6S 7S 8S 9S 10S JK KD"})
    # 3S..10S as one run leaves JK KD: no second run of 4.
    error = assert_rejected(
        state, LayDown(0, (run("3S 4S 5S 6S 7S 8S 9S 10S"),)), ContractNotMetError, "contract.steps"
    )
    assert "the cards left cannot make 1 run of 4" in str(error)
    # 3S..9S leaves 10S JK KD: still none. 3S..7S leaves 8S 9S 10S JK: a run.
    assert not pr.is_legal(state, LayDown(0, (run("3S 4S 5S 6S 7S 8S 9S"),)))
    laying = play_unlisted(state, LayDown(0, (run("3S 4S 5S 6S 7S"),)))  # 3S..6S and 7S
    assert laying.phase is Phase.LAYING_DOWN
    # a second part that does not fit what is left of the contract
    assert_rejected(
        laying,
        LayDown(0, (run("8S 9S 10S JK"), run("8S 9S 10S JK"))),
        pr.CardNotInHandError,
        "turn.holds",
    )
    assert_rejected(laying, LayDown(0, ()), ContractNotMetError, "contract.laydown")


@rule("contract.steps", "out.empty")
def test_steps_keep_a_card_under_must_discard_to_go_out() -> None:
    variant = PUSH.replace(must_discard_to_go_out=True)
    state = position(variant, hands={0: "7C 7D 7H 9C 9D 9H"})
    # Laying both sets down would empty the hand: no step is listed, and none is accepted.
    assert not any(isinstance(m, LayDown) for m in pr.legal_moves(state))
    assert_rejected(state, LayDown(0, (set_("7C 7D 7H"),)), IllegalMoveError, "out.empty")
    roomy = position(variant, hands={0: "7C 7D 7H 9C 9D 9H KS"})
    laying = play(roomy, LayDown(0, (set_("7C 7D 7H"),)))
    assert pr.legal_moves(laying) == (LayDown(0, (set_("9C 9D 9H"),)),)


@rule("contract.steps")
def test_steps_placed_out_of_step_order_can_still_be_completed() -> None:
    # 9s first is accepted (any order), though the listing starts with the 7s.
    state = position(hands={0: "7C 7D 7H 9C 9D 9H KS"})
    listed = [m for m in pr.legal_moves(state) if isinstance(m, LayDown)]
    assert listed == [LayDown(0, (set_("7C 7D 7H"),))]
    laying = play_unlisted(state, LayDown(0, (set_("9C 9D 9H"),)))
    assert pr.legal_moves(laying) == (LayDown(0, (set_("7C 7D 7H"),)),)


def play_unlisted(state: pr.GameState, move: pr.Move) -> pr.GameState:
    assert pr.is_legal(state, move) and move not in pr.legal_moves(state)
    return pr.apply_move(state, move)


@rule("contract.steps")
def test_after_a_step_only_later_steps_are_listed() -> None:
    # Two ways: 7s + 9s, and 9s + Ks. The 9s start the second way, then only the Ks follow:
    # 7s after 9s would reach the first way a second time.
    state = position(hands={0: "7C 7D 7H 9C 9D 9H KC KD KH"})
    listed = [m for m in pr.legal_moves(state) if isinstance(m, LayDown)]
    assert listed == [LayDown(0, (set_("7C 7D 7H"),)), LayDown(0, (set_("9C 9D 9H"),))]
    nines = play(state, listed[1])
    assert pr.legal_moves(nines) == (LayDown(0, (set_("KC KD KH"),)),)
    assert pr.is_legal(nines, LayDown(0, (set_("7C 7D 7H"),)))  # accepted, not listed
    sevens = play(state, listed[0])
    assert pr.legal_moves(sevens) == (
        LayDown(0, (set_("9C 9D 9H"),)),
        LayDown(0, (set_("KC KD KH"),)),
    )


# -- wild places ----------------------------------------------------------------------------------


@rule("meld.wild")
def test_runs_differing_only_in_wild_places_are_one_choice_without_wild_exchange() -> None:
    hand = "4H 2C JK 7H 9C 9D 9S KS"
    listed_form = run("4H 2C JK 7H")  # 4H 2C=5H JK=6H 7H
    other_form = run("4H JK 2C 7H")  # 4H JK=5H 2C=6H 7H
    assert str(listed_form) == "4H 2C=5H JK=6H 7H" and other_form != listed_form
    state = position(deal_number=2, hands={0: hand})
    steps = [meld for meld, _ in listed_steps(state)]
    runs = [m for m in steps if m.kind is pr.MeldKind.RUN and m.start == 4 and len(m.cards) == 4]
    assert listed_form in runs and other_form not in runs
    # both are accepted; the table keeps the meld as declared
    for form in (listed_form, other_form):
        laid = pr.apply_move(state, LayDown(0, (form, set_("9C 9D 9S"))))
        assert form in [t.meld for t in laid.table]
    # with wild exchange they differ in play, and both are listed
    exchange = PUSH.replace(wild_exchange=pr.WildExchange.ANY_IN_RUNS)
    state = position(exchange, deal_number=2, hands={0: hand})
    steps = [meld for meld, _ in listed_steps(state)]
    assert listed_form in steps and other_form in steps


@rule("meld.wild", "meld.new")
def test_new_melds_list_wild_places_once_without_wild_exchange() -> None:
    hand = "4H 2C JK 7H KS QD"
    counts = {}
    for option in pr.WildExchange:
        variant = PUSH.replace(wild_exchange=option)
        state = position(variant, hands={0: hand}, table=[(0, run("5S 6S 7S"))], laid_down=[0])
        melds = [m.meld for m in pr.legal_moves(state) if isinstance(m, pr.NewMeld)]
        assert len(set(melds)) == len(melds)
        counts[option] = Counter(tuple(sorted(m.cards)) for m in melds)
        assert pr.is_legal(state, pr.NewMeld(0, run("4H JK 2C 7H")))
    none, any_ = counts[pr.WildExchange.NONE], counts[pr.WildExchange.ANY_IN_RUNS]
    assert set(none) == set(any_)  # the same card choices ...
    assert sum(none.values()) < sum(any_.values())  # ... fewer listings


@rule("meld.new", "layoff.card")
def test_new_melds_are_listed_at_their_smallest_and_longer_ones_stay_legal() -> None:
    hand = "4H 5H 6H 7H 8H 2C KS"
    state = position(hands={0: hand}, table=[(0, run("5S 6S 7S"))], laid_down=[0])
    melds = [str(m.meld) for m in pr.legal_moves(state) if isinstance(m, pr.NewMeld)]
    assert "4H 5H 6H 7H" not in melds and "4H 5H 6H" in melds and "6H 7H 8H" in melds
    assert all(len(meld.split()) == 3 for meld in melds)
    # the longer meld whole is one legal move, and it is the listed one and lay-offs
    whole = pr.NewMeld(0, run("4H 5H 6H 7H 8H"))
    assert pr.is_legal(state, whole) and whole not in pr.legal_moves(state)
    stepped = state
    for move in (
        pr.NewMeld(0, run("4H 5H 6H")),
        pr.LayOff(0, pr.parse_card("7H"), 1, pr.End.HIGH),
        pr.LayOff(0, pr.parse_card("8H"), 1, pr.End.HIGH),
    ):
        assert move in pr.legal_moves(stepped)
        stepped = pr.apply_move(stepped, move)
    after = pr.apply_move(state, whole)
    assert stepped.table == after.table and stepped.hands == after.hands
    # a wild limit keeps a longer meld from shrinking: then it is listed
    strict = PUSH.replace(wild_limit=pr.WildLimit.AT_MOST_NATURALS)
    state = position(
        strict, hands={0: "3H 2C 2D 6H KS"}, table=[(0, run("5S 6S 7S"))], laid_down=[0]
    )
    melds = [str(m.meld) for m in pr.legal_moves(state) if isinstance(m, pr.NewMeld)]
    assert "3H 2C=4H 2D=5H 6H" in melds


# -- JSON ---------------------------------------------------------------------------------------


def _laying(source: str) -> pr.GameState:
    """A position part-way through a lay-down: of a played game, or set up by hand
    (``new_position``, through the ``position`` helper) and a first step played."""
    if source == "played":
        return played_until(Phase.LAYING_DOWN)
    state = position(hands={0: "7C 7D 7H 9C 9D 9H KD"})
    return pr.apply_move(state, LayDown(0, (set_("7C 7D 7H"),)))


@rule("contract.steps")
@pytest.mark.parametrize("source", ["played", "hand-made"])
def test_laying_down_documents_round_trip_and_inconsistent_ones_are_refused(source: str) -> None:
    laying = _laying(source)  # either way its log replays to it
    seat = laying.current_player
    assert seat is not None and laying.lay_down_so_far
    text = pr.to_json(laying)
    assert pr.from_json(text) == laying
    watcher = (seat + 1) % laying.players
    view_text = pr.to_json(pr.view(laying, watcher))
    assert pr.from_json(view_text) == pr.view(laying, watcher)
    document = json.loads(text)
    assert document["phase"] == "laying_down"

    def refused(change: Callable[[dict[str, Any]], None], path: str, text: str = text) -> None:
        bad = json.loads(text)
        change(bad)
        with pytest.raises(pr.DecodeError) as info:
            pr.from_json(json.dumps(bad))
        assert info.value.path == path, info.value

    refused(lambda d: d["laid_down"].__setitem__(seat, True), "$.laid_down")

    def nothing_placed(d: dict[str, Any]) -> None:
        d["hands"][seat] = sorted(
            [*d["hands"][seat], *d["table"].pop()["meld"]["cards"]],
            key=lambda c: pr.parse_card(c).code,
        )

    refused(nothing_placed, "$.table")
    refused(lambda d: d.__setitem__("upcard", d["stock"].pop()), "$.upcard")

    # the seat's hand cannot complete the contract: trade it for stock cards that make no
    # meld (no rank thrice, no two of a suit within two ranks, no wild card)
    def no_contract(d: dict[str, Any]) -> None:
        hand, stock = d["hands"][seat], d["stock"]
        fresh: list[str] = []
        by_rank: Counter[int] = Counter()
        by_suit: dict[object, list[int]] = {}
        kept = [d["taken"]] if d["taken"] in hand else []  # the card taken this turn stays
        for text in kept + stock:
            card = pr.parse_card(text)
            if card.is_wild or card.rank is None or len(fresh) == len(hand):
                continue
            rank = int(card.rank)
            ranks = by_suit.setdefault(card.suit, [])
            near = [r for r in ranks if min(abs(rank - r), 13 - abs(rank - r)) < 3]
            if by_rank[rank] >= 2 or near:
                continue
            fresh.append(text)
            by_rank[rank] += 1
            ranks.append(rank)
        assert len(fresh) == len(hand)
        for card in fresh[len(kept) :]:
            stock.remove(card)
        for card in kept:
            hand.remove(card)
        stock += hand
        d["hands"][seat] = sorted(fresh, key=lambda c: pr.parse_card(c).code)
        d["known"][seat] = [card for card in d["known"][seat] if card in kept]

    refused(no_contract, f"$.hands[{seat}]")
    refused(lambda d: d.__setitem__("contract_left", []), "$.contract_left", view_text)


def test_lay_down_helpers_refuse_wrong_types() -> None:
    hand, contract = parse_cards("7C 7D 7H 9C 9D 9H"), PUSH.deals[0].contract
    for placed in (5, set_("7C 7D 7H"), "7C 7D 7H", [5]):
        with pytest.raises(TypeError, match="placed must"):
            pr.lay_down_steps(hand, contract, placed=placed)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="placed must"):
            pr.contract_left(contract, placed)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="meld must be a Meld"):
        pr.step_order_key("7C 7D 7H")  # type: ignore[arg-type]
