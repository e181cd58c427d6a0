"""[out.all_out]: a deal played all out (``DealSpec.all_out``, Liverpool's last deal).

Checked by what breaking it does: a lay-down that leaves a card is refused (naming the rule)
where the same lay-down is legal in a deal not played all out; a lay-down with every card goes
out at once, with melds longer than the parts even under ``contract_exact_sizes``; the lister
lists only steps that lead to a lay-down of every card, and agrees with the brute-force
reference (``reference_moves.py``); the option survives JSON and the schema; games with an
all-out deal play to the end and keep every invariant.
"""

from __future__ import annotations

import random

import pytest

import pushrummy as pr
from checks import conformance
from engine_helpers import position, three_runs_hand
from games import greedy
from pushrummy import CONTRACT_RUMMY, PUSH, Contract, DealSpec, Discard, LayDown, parse_meld
from pushrummy.contracts import all_out_ways
from pushrummy.errors import ContractNotMetError, DecodeError, VariantError
from reference_moves import reference_moves
from sizes import Budget

rule = pytest.mark.rule

RUNS = Contract.parse("3 runs of 4")
LAST_ALL_OUT = CONTRACT_RUMMY.replace(
    name="contract-rummy-all-out",
    deals=(*CONTRACT_RUMMY.deals[:-1], DealSpec(12, RUNS, all_out=True)),
)
HAND = "3H 4H 5H 6H 7H 9S 10S JS QS 3C 4C 5C 6C"


def m(text: str) -> pr.Meld:
    return parse_meld(text)


def at_last_deal(variant: pr.Variant, hand: str = HAND) -> pr.GameState:
    return position(variant, players=3, deal_number=7, hands={0: hand})


@rule("out.all_out")
def test_the_option_is_a_deals_and_validated() -> None:
    deal = DealSpec(12, RUNS, all_out=True)
    assert deal.all_out and not DealSpec(12, RUNS).all_out
    assert repr(DealSpec(12, RUNS)) == "DealSpec(hand_size=12, contract=Contract('3 runs of 4'))"
    with pytest.raises(VariantError, match="all_out must be True or False"):
        DealSpec(12, RUNS, all_out=1)  # type: ignore[arg-type]
    # JSON: written only when true, read back
    text = pr.to_json(LAST_ALL_OUT)
    assert text.count('"all_out":true') == 1 and '"all_out"' not in pr.to_json(PUSH)
    assert pr.from_json(text) == LAST_ALL_OUT
    assert pr.from_json(text.replace('"all_out":true', '"all_out":false')).deals[-1] == DealSpec(
        12, RUNS
    )
    with pytest.raises(DecodeError, match=r"deals\[6\]\.all_out"):
        pr.from_json(text.replace('"all_out":true', '"all_out":"yes"'))


@rule("out.all_out", "out.empty")
def test_a_lay_down_with_every_card_goes_out_at_once() -> None:
    state = at_last_deal(LAST_ALL_OUT)
    whole = LayDown(0, (m("3C 4C 5C 6C"), m("3H 4H 5H 6H 7H"), m("9S 10S JS QS")))
    assert pr.is_legal(state, whole)
    after = pr.apply_move(state, whole)
    assert after.phase is pr.Phase.GAME_OVER  # the last deal: the game ends
    assert after.results[-1].went_out == 0 and after.results[-1].penalties[0] == 0
    # in Contract Rummy's own last deal (exact sizes) the run of 5 is no part of the contract
    with pytest.raises(ContractNotMetError) as caught:
        pr.check_move(at_last_deal(CONTRACT_RUMMY), whole)
    assert caught.value.rule == "contract.laydown"


@rule("out.all_out")
def test_a_lay_down_that_leaves_a_card_is_refused() -> None:
    state = at_last_deal(LAST_ALL_OUT)
    twelve = LayDown(0, (m("3C 4C 5C 6C"), m("3H 4H 5H 6H"), m("9S 10S JS QS")))
    with pytest.raises(ContractNotMetError, match="every card") as caught:
        pr.check_move(state, twelve)
    assert caught.value.rule == "out.all_out"
    # the same lay-down is Contract Rummy's, which discards the 7H afterwards
    assert pr.is_legal(at_last_deal(CONTRACT_RUMMY), twelve)


@rule("out.all_out", "contract.steps")
def test_a_step_is_refused_when_the_rest_cannot_take_every_card() -> None:
    state = at_last_deal(LAST_ALL_OUT)
    first = pr.apply_move(state, LayDown(0, (m("3C 4C 5C 6C"),)))
    assert first.phase is pr.Phase.LAYING_DOWN
    with pytest.raises(ContractNotMetError) as caught:
        pr.check_move(first, LayDown(0, (m("3H 4H 5H 6H"),)))  # 7H would be left over
    assert caught.value.rule == "out.all_out"
    assert pr.is_legal(first, LayDown(0, (m("3H 4H 5H 6H 7H"),)))


@rule("out.all_out")
def test_the_listing_leads_only_to_lay_downs_of_every_card() -> None:
    state = at_last_deal(LAST_ALL_OUT)
    leaves: set[tuple[pr.Meld, ...]] = set()

    def walk(state: pr.GameState, placed: tuple[pr.Meld, ...]) -> None:
        steps = [x for x in pr.legal_moves(state) if isinstance(x, LayDown)]
        for move in steps:
            now = (*placed, *move.melds)
            child = pr.apply_move(state, move)
            if child.phase is not pr.Phase.LAYING_DOWN:
                assert child.results[-1].went_out == 0  # the hand is empty: out
                leaves.add(tuple(sorted(now)))
            else:
                walk(child, now)

    walk(state, ())
    ways = all_out_ways(pr.parse_cards(HAND), RUNS, LAST_ALL_OUT)
    assert leaves == {tuple(sorted(way)) for way in ways} and len(leaves) == 1
    # a hand that cannot lay down every card is listed no lay-down, only discards
    short = at_last_deal(LAST_ALL_OUT, "3H 4H 5H 6H 8H 9S 10S JS QS 3C 4C 5C 6C")
    assert pr.can_meet_contract(pr.parse_cards("3H 4H 5H 6H 9S 10S JS QS 3C 4C 5C 6C"), RUNS)
    moves = pr.legal_moves(short)
    assert moves and all(isinstance(x, Discard) for x in moves)


def _hand(rng: random.Random) -> str:
    """13 cards around three runs, sometimes with a wild, so that some lay down all out."""
    extras = ["JK", "7D", "KS", "2C", "8H", "QC"]
    return three_runs_hand(rng, lowest=3, extras=extras, swap=0.3, swaps=["JK"])


@rule("out.all_out")
def test_legal_moves_equal_the_reference_in_an_all_out_deal(budget: Budget) -> None:
    rng = random.Random(7)
    went = 0
    count = budget.n("all_out.reference")
    for _ in range(count):
        state = at_last_deal(LAST_ALL_OUT, _hand(rng))
        moves = pr.legal_moves(state)
        assert set(moves) == reference_moves(state)
        assert all(pr.is_legal(state, x) for x in moves)
        for move in moves:
            if isinstance(move, (LayDown, pr.LayDownShape)):
                child = pr.apply_move(state, move)
                assert set(pr.legal_moves(child)) == reference_moves(child)
                went += 1
    assert went >= count // 4


@rule("out.all_out")
@pytest.mark.parametrize("seed", [2])  # (seed 1's game: ~50 s, wild-heavy all-out hands)
def test_games_with_an_all_out_deal_keep_every_invariant(seed: int) -> None:
    variant = LAST_ALL_OUT.replace(max_turns_per_deal=60)
    game = conformance(variant, 3, seed, greedy(), samples=3)
    assert game.states[-1].phase is pr.Phase.GAME_OVER


# Hands the all-out search refuses before searching ([out.all_out] with runs only: a run
# holds one natural of each place and one wild card here), next to hands just inside that
# bound (two overlapping runs of one suit from the two packs), all against the reference.
# (A hand of four wild cards, refused for them, takes the reference 90 s: left out.)
BOUND_HANDS = {
    "3H 3H 4H 4H 5H 5H 6H 6H 7H 9S 10S JS QS": True,  # 3H-6H, 3H-7H, 9S-QS: copies in two runs
    "3H 4H 5H 5H 6H 7H 9S 10S JS QS 3C 4C 5C": False,  # a second 5H: a fourth run
    "3H 4H 2C 6H 9S 2D JS QS 3C 4C 5C 6C 7C": True,  # three wild cards, one a run
}


@rule("out.all_out")
@pytest.mark.parametrize("hand", list(BOUND_HANDS))
def test_the_hands_refused_before_the_search_agree_with_the_reference(hand: str) -> None:
    state = at_last_deal(LAST_ALL_OUT, hand)
    moves = pr.legal_moves(state)
    assert set(moves) == reference_moves(state)
    goes_out = any(isinstance(x, (LayDown, pr.LayDownShape)) for x in moves)
    assert goes_out == BOUND_HANDS[hand]
    assert bool(all_out_ways(pr.parse_cards(hand), RUNS, LAST_ALL_OUT)) == goes_out


@rule("out.all_out", "contract.steps")
def test_a_step_longer_than_its_part_leaves_a_consistent_state() -> None:
    # 15 cards (two bought): a run of 6, then runs of 4 and 5; after the first step the
    # state checker reads the melds placed with the sizes loose, as the engine does
    state = at_last_deal(LAST_ALL_OUT, "3C 4C 5C 6C 7C 8C 3D 4D 5D 6D 5H 6H 7H 8H 9H")
    first = pr.apply_move(state, LayDown(0, (m("3C 4C 5C 6C 7C 8C"),)))
    assert first.phase is pr.Phase.LAYING_DOWN
    assert pr.state_problems(first) == ()
