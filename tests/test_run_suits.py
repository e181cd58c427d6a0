"""[contract.run_suits]: the ``contract_run_suits`` option (runs of one suit in a lay-down).

Each value is checked by what breaking it does: the checker refuses the runs the rule forbids
(naming the rule) and accepts the ones it allows; the lister never lists a step that only
leads to forbidden runs, and the lister and the checker agree (every listed step legal, every
legal step's lay-down reachable). The contract search (``can_meet_contract``,
``contract_options``) and the lay-down steps are compared with the brute-force references
(``reference_contracts.py``, ``reference_moves.py``), which state the rule on their own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import pushrummy as pr
from engine_helpers import position
from pushrummy import CONTRACT_RUMMY, PUSH, Contract, LayDown, RunSuits, parse_cards, parse_meld
from pushrummy.contract_spec import run_suits_problem, runs_clash
from pushrummy.errors import ContractNotMetError, VariantError
from reference_contracts import options_of as ref_options
from reference_contracts import run_suits_ok, to_meld, ways
from reference_moves import contract_ways
from reference_moves import options_of as move_options
from sizes import Budget

rule = pytest.mark.rule

TWO_RUNS = Contract.parse("2 runs of 4")
THREE_RUNS = Contract.parse("3 runs of 4")
APART = PUSH.replace(contract_run_suits=RunSuits.APART)
DISTINCT = PUSH.replace(contract_run_suits=RunSuits.DISTINCT)


def m(text: str) -> pr.Meld:
    return parse_meld(text)


# -- the rule itself ------------------------------------------------------------------------------


@rule("contract.run_suits")
@pytest.mark.parametrize(
    ("first", "second", "apart", "distinct"),
    [
        ("3H 4H 5H 6H", "7H 8H 9H 10H", False, False),  # one continues the other
        ("3H 4H 5H 6H", "8H 9H 10H JH", True, False),  # a gap
        ("2H 3H 4H 5H", "4H 5H 6H 7H", True, False),  # overlapping
        ("3H 4H 5H JK=6H", "7H 8H 9H 10H", False, False),  # a wild at the end is a place
        ("3H 4H 5H", "7H 8H 9H 10H", True, False),
        ("JH QH KH AH", "AH 2H 3H 4H", True, False),  # ace high and ace low: no corner
        ("AH 2H 3H 4H", "5H 6H 7H 8H", False, False),  # ace low continues into 5
        ("3H 4H 5H 6H", "7S 8S 9S 10S", True, True),  # other suits never clash
    ],
)
def test_which_runs_clash(first: str, second: str, apart: bool, distinct: bool) -> None:
    melds = [m(first), m(second)]
    assert (run_suits_problem(RunSuits.APART, melds) is None) is apart
    assert (run_suits_problem(RunSuits.DISTINCT, melds) is None) is distinct
    assert run_suits_problem(RunSuits.ANY, melds) is None
    for option, expected in ((RunSuits.APART, apart), (RunSuits.DISTINCT, distinct)):
        windows = [(int(x.suit), x.start, x.start + len(x.cards) - 1) for x in melds]  # type: ignore[arg-type, operator]
        assert runs_clash(option, windows[0], windows[1]) is not expected


@rule("contract.run_suits")
def test_sets_are_never_runs_of_a_suit() -> None:
    melds = [m("7H 7S 7D"), m("3H 4H 5H 6H"), m("7H 8H 9H 10H")]
    assert run_suits_problem(RunSuits.APART, melds[:2]) is None
    assert run_suits_problem(RunSuits.APART, melds) is not None


@rule("contract.run_suits")
def test_the_option_is_validated_and_carried_in_json() -> None:
    assert PUSH.contract_run_suits is RunSuits.ANY
    assert CONTRACT_RUMMY.contract_run_suits is RunSuits.APART
    with pytest.raises(VariantError, match=r"^contract_run_suits: 'touching' is not one of"):
        PUSH.replace(contract_run_suits="touching")
    five = Contract.parse("5 runs of 3")
    with pytest.raises(VariantError, match=r"contract_run_suits=distinct"):
        PUSH.replace(deals=(pr.DealSpec(15, five),), contract_run_suits="distinct")
    assert PUSH.replace(deals=(pr.DealSpec(15, five),), contract_run_suits="apart")
    for variant in (APART, DISTINCT, PUSH):
        assert pr.from_json(pr.to_json(variant)) == variant
    # the default is left out of nothing: older documents without it read as "any"
    text = pr.to_json(PUSH).replace('"contract_run_suits":"any",', "")
    assert '"contract_run_suits"' not in text
    assert pr.from_json(text) == PUSH


# -- the checker ----------------------------------------------------------------------------------


HAND = "3H 4H 5H 6H 7H 8H 9H 10H JH KS"


@rule("contract.run_suits")
@pytest.mark.parametrize("variant", [APART, DISTINCT], ids=["apart", "distinct"])
def test_a_lay_down_of_forbidden_runs_is_refused(variant: pr.Variant) -> None:
    state = position(variant, deal_number=3, hands={0: HAND})
    touching = LayDown(0, (m("3H 4H 5H 6H"), m("7H 8H 9H 10H")))
    with pytest.raises(ContractNotMetError, match="contract_run_suits") as caught:
        pr.check_move(state, touching)
    assert caught.value.rule == "contract.run_suits"
    assert not pr.is_legal(state, touching)
    # under "any" it is legal
    assert pr.is_legal(position(PUSH, deal_number=3, hands={0: HAND}), touching)
    gap = LayDown(0, (m("3H 4H 5H 6H"), m("8H 9H 10H JH")))
    assert pr.is_legal(state, gap) is (variant is APART)


@rule("contract.run_suits", "contract.steps")
def test_a_step_is_refused_when_its_runs_clash_with_those_placed() -> None:
    state = position(APART, deal_number=3, hands={0: HAND})
    first = pr.apply_move(state, LayDown(0, (m("3H 4H 5H 6H"),)))
    second = LayDown(0, (m("7H 8H 9H 10H"),))
    with pytest.raises(ContractNotMetError) as caught:
        pr.check_move(first, second)
    assert caught.value.rule == "contract.run_suits"
    assert pr.is_legal(first, LayDown(0, (m("8H 9H 10H JH"),)))


@rule("contract.run_suits", "contract.steps")
def test_a_step_that_leaves_only_clashing_runs_is_refused_and_not_listed() -> None:
    # 3H..10H: under "any", 3H-6H then 7H-10H; under "apart" no second run can follow
    hand = "3H 4H 5H 6H 7H 8H 9H 10H KS QD"
    free = position(PUSH, deal_number=3, hands={0: hand})
    strict = position(APART, deal_number=3, hands={0: hand})
    step = LayDown(0, (m("3H 4H 5H 6H"),))
    assert pr.is_legal(free, step) and step in pr.legal_moves(free)
    with pytest.raises(ContractNotMetError) as caught:
        pr.check_move(strict, step)
    assert caught.value.rule == "contract.run_suits"
    assert not any(isinstance(x, (LayDown, pr.LayDownShape)) for x in pr.legal_moves(strict))
    assert not pr.can_meet_contract(parse_cards(hand), TWO_RUNS, APART)
    assert pr.can_meet_contract(parse_cards(hand), TWO_RUNS, PUSH)


@rule("contract.run_suits")
def test_a_wild_may_move_to_the_other_end_to_keep_runs_apart() -> None:
    # 3H 4H 5H + JK and 7H..10H: the joker as 2H keeps the runs apart, as 6H not
    hand = parse_cards("3H 4H 5H JK 7H 8H 9H 10H")
    options = pr.contract_options(hand, TWO_RUNS, APART)
    assert options and all(run_suits_problem(RunSuits.APART, way) is None for way in options)
    assert {str(way[0]) for way in options} == {"JK=2H 3H 4H 5H"}
    assert len(pr.contract_options(hand, TWO_RUNS, PUSH)) == 2


# -- against the references -----------------------------------------------------------------------


def _run_hand(rng: random.Random) -> tuple[pr.Card, ...]:
    """8–13 cards mostly of one or two suits, in runs, so that runs of a suit often touch."""
    suits = rng.sample(list(pr.Suit), rng.randint(1, 2))
    cards: list[pr.Card] = []
    size = rng.randint(8, 13)
    wilds = rng.choice((0, 0, 1, 1, 2))
    while len(cards) < size - wilds:
        suit = rng.choice(suits)
        start = rng.randint(1, 11)
        for position_ in range(start, min(start + rng.randint(2, 5), 15)):
            rank = 1 if position_ == 14 else position_
            if rank != 2:
                cards.append(pr.Card(pr.Rank(rank), suit))
    cards = cards[: size - wilds]
    cards += [rng.choice(parse_cards("2C 2D 2H 2S JK")) for _ in range(wilds)]
    # two packs: at most two copies of a card
    kept: list[pr.Card] = []
    for card in cards:
        if kept.count(card) < 2:
            kept.append(card)
    return tuple(sorted(kept))


CONTRACTS = [TWO_RUNS, THREE_RUNS, Contract.parse("1 set of 3 + 2 runs of 4")]
VARIANTS = [
    APART,
    DISTINCT,
    APART.replace(contract_exact_sizes=True, laydown_wilds_per_meld=1, set_suits="any"),
]


def _cases(count: int, seed: int) -> list[tuple[tuple[pr.Card, ...], Contract, pr.Variant]]:
    rng = random.Random(seed)
    return [(_run_hand(rng), rng.choice(CONTRACTS), rng.choice(VARIANTS)) for _ in range(count)]


@rule("contract.run_suits")
def test_the_search_agrees_with_the_reference(budget: Budget) -> None:
    refused = met = 0
    for hand, contract, variant in _cases(budget.n("run_suits.search"), 31):
        if len(hand) < contract.min_cards:
            continue
        expected = ways(hand, contract, variant)
        got = pr.contract_options(hand, contract, variant)
        where = f"{' '.join(map(str, hand))} | {contract} | {variant.contract_run_suits.value}"
        assert len(set(got)) == len(got), where
        assert {tuple(sorted(way)) for way in got} == {
            tuple(sorted(to_meld(x) for x in way)) for way in expected
        }, where
        assert pr.can_meet_contract(hand, contract, variant) is bool(expected), where
        unconstrained = pr.can_meet_contract(
            hand, contract, variant.replace(contract_run_suits="any")
        )
        refused += unconstrained and not expected
        met += bool(expected)
    # the rule made a difference often, and many hands still met their contract
    assert (
        refused >= budget.n("run_suits.search") // 20 and met >= budget.n("run_suits.search") // 10
    )


def _without(hand: Sequence[pr.Card], meld: pr.Meld) -> tuple[pr.Card, ...]:
    rest = list(hand)
    for card in meld.cards:
        rest.remove(card)
    return tuple(rest)


@rule("contract.run_suits", "contract.steps")
def test_the_steps_reach_the_references_lay_downs(budget: Budget) -> None:
    """Every lay-down reached by listed steps (no dead end) is one of the brute-force
    reference's, and every one of those is reached."""
    compared = 0
    for hand, contract, variant in _cases(budget.n("run_suits.steps"), 32):
        if len(hand) < contract.min_cards:
            continue
        leaves: list[tuple[pr.Meld, ...]] = []

        def walk(cards: tuple[pr.Card, ...], placed: tuple[pr.Meld, ...]) -> None:
            steps = pr.lay_down_steps(cards, contract, variant, placed=placed)
            for meld in steps:
                now = (*placed, meld)
                assert (
                    pr.can_complete_contract(_without(cards, meld), contract, variant, placed=now)
                    or pr.contract_left(contract, now, variant) == ()
                )
                if pr.contract_left(contract, now, variant) == ():
                    leaves.append(tuple(sorted(now)))
                    continue
                before = len(leaves)
                walk(_without(cards, meld), now)
                assert len(leaves) > before, f"dead end after {[str(x) for x in now]}"

        walk(hand, ())
        parts = tuple(
            (req.kind.value, req.size) for req in contract.requirements for _ in range(req.count)
        )
        state = pr.new_game(variant, seed=0)
        expected = contract_ways(hand, parts, move_options(state))
        assert len(set(leaves)) == len(leaves)
        assert set(leaves) == expected, (hand, contract, variant.contract_run_suits)
        compared += bool(expected)
    assert compared >= budget.n("run_suits.steps") // 10


def test_the_references_read_the_option() -> None:
    assert ref_options(APART).run_suits == "apart"
    assert ref_options(None).run_suits == "any"
    assert run_suits_ok([], ref_options(APART))
