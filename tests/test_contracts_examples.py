"""Hand-picked examples for the contract search, with answers reasoned out by hand.

Each test says why its expected answer is right. The brute-force comparison on random
hands lives elsewhere; these pin down the rules one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest

from pushrummy import (
    CAP_IT,
    PUSH,
    Contract,
    ContractRules,
    Meld,
    MeldKind,
    MeldOptions,
    Rank,
    WildLimit,
    can_meet_contract,
    contract_options,
    explain_contract,
    parse_cards,
)
from pushrummy.cards import Card

SETS_2 = PUSH.deals[0].contract  # 2 sets of 3
SET_RUN = PUSH.deals[1].contract  # 1 set of 3 + 1 run of 4
RUNS_2 = PUSH.deals[2].contract  # 2 runs of 4
SETS_3 = PUSH.deals[3].contract  # 3 sets of 3
RUN_3_7 = CAP_IT.deals[4].contract  # 1 run of 3 + 1 run of 7
RUN_3 = Contract.parse("1 run of 3")
RUN_4 = Contract.parse("1 run of 4")

AT_MOST = PUSH.replace(wild_limit=WildLimit.AT_MOST_NATURALS)
FEWER = PUSH.replace(wild_limit=WildLimit.FEWER_THAN_NATURALS)
ONE_NATURAL = PUSH.replace(min_naturals_per_meld=1)
MAX_13 = PUSH.replace(max_run_length=13)
EXACT = PUSH.replace(contract_exact_sizes=True)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def run(text: str) -> Meld:
    """A run from its cards given in rank order (parse_cards would sort them)."""
    return Meld.run_of([parse_cards(token)[0] for token in text.split()])


def set_of(text: str, rank: Rank | None = None) -> Meld:
    return Meld.set_of(cards(text), rank)


def notations(ways: tuple[tuple[Meld, ...], ...]) -> list[str]:
    return [" / ".join(str(meld) for meld in way) for way in ways]


def check_consistent(
    hand: tuple[Card, ...], contract: Contract, variant: ContractRules | None
) -> None:
    """The invariants every answer keeps: no duplicates, canonical order, agreement."""
    ways = contract_options(hand, contract, variant)
    assert len(set(ways)) == len(ways)
    for way in ways:
        assert list(way) == sorted(way)
    keys = [tuple(meld.sort_key for meld in way) for way in ways]
    assert keys == sorted(keys)
    assert can_meet_contract(hand, contract, variant) is bool(ways)


# -- the acceptance example ------------------------------------------------------------


def test_issue_acceptance_example() -> None:
    hand = cards("7S 7H 7D 9C 9S 9H")
    assert can_meet_contract(hand, PUSH.deals[0].contract) is True
    # Six cards, two sets of at least three: each set takes its three cards, one way.
    assert contract_options(hand, SETS_2) == ((set_of("7D 7H 7S"), set_of("9C 9H 9S")),)


def test_defaults_are_push_options() -> None:
    hand = cards("5H 2C JK 8H 9H 7C 7D 7S")
    for contract in (SETS_2, SET_RUN, RUNS_2, RUN_4):
        expected = contract_options(hand, contract, PUSH)
        assert contract_options(hand, contract) == expected
        # MeldOptions has no contract_exact_sizes; the search takes it as False.
        options = cast(ContractRules, MeldOptions())
        assert contract_options(hand, contract, options) == expected


# -- runs: aces, no wrapping, twos ---------------------------------------------------------


def test_k_a_2_is_not_a_run() -> None:
    # K-A-2-3 would wrap. 2H is wild, so the only runs of 3 are A-2-3 (2H as the two)
    # and Q-K-A (2H as the queen); no run of 4 exists at all.
    hand = cards("KH AH 2H 3H")
    assert can_meet_contract(hand, RUN_4) is False
    assert notations(contract_options(hand, RUN_3)) == ["AH 2H 3H", "2H=QH KH AH"]
    # Without the wild, K and A are a pair of naturals with nothing to make 3.
    assert can_meet_contract(cards("KS AS 3S"), RUN_3) is False


def test_q_k_a_and_a_2_3_are_runs() -> None:
    assert contract_options(cards("QD KD AD"), RUN_3) == ((run("QD KD AD"),),)
    assert run("QD KD AD").start == 12
    # The 2C is wild and stands for the 2D between the ace (low) and the 3.
    assert contract_options(cards("AD 2C 3D"), RUN_3) == ((run("AD 2C 3D"),),)
    assert run("AD 2C 3D").start == 1


def test_two_standing_for_its_own_rank_is_still_wild() -> None:
    # A 2 3 of hearts with the 2H in its own place: one way.
    assert contract_options(cards("AH 2H 3H"), RUN_3) == ((run("AH 2H 3H"),),)
    # AH with two wilds: A-2-3 (wilds at 2 and 3, two orders) or Q-K-A (wilds at Q and
    # K, two orders): 4 ways ...
    hand = cards("AH 2H 2S")
    assert len(contract_options(hand, RUN_3)) == 4
    # ... but 2H counts as a wild even at the two's place, so 2 wilds to 1 natural
    # breaks at_most_naturals.
    assert can_meet_contract(hand, RUN_3, AT_MOST) is False


def test_two_wilds_in_swapped_roles_are_two_ways() -> None:
    # 4H and 7H fix the window 4-7; the 2C and the joker fill 5 and 6 either way round.
    ways = contract_options(cards("4H 2C JK 7H"), RUN_4)
    assert notations(ways) == ["4H 2C=5H JK=6H 7H", "4H JK=5H 2C=6H 7H"]


def test_fourteen_card_run() -> None:
    # A (low) 2 3 ... K A (high): both aces, the 2H at the two's place.
    hand = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    run_14 = Contract.parse("1 run of 14")
    ways = contract_options(hand, run_14)
    assert len(ways) == 1
    (meld,) = ways[0]
    assert (meld.start, len(meld.cards)) == (1, 14)
    assert can_meet_contract(hand, run_14, MAX_13) is False
    # Runs of at least 13: positions 1-13, 2-14 and the 14-card run.
    run_13 = Contract.parse("1 run of 13")
    assert len(contract_options(hand, run_13)) == 3
    # With max_run_length=13 the 14-card run is gone.
    assert len(contract_options(hand, run_13, MAX_13)) == 2


def test_one_ace_cannot_be_low_and_high() -> None:
    hand = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert can_meet_contract(hand, Contract.parse("1 run of 14")) is False
    assert can_meet_contract(hand, Contract.parse("1 run of 13")) is True


def test_cap_it_last_contract() -> None:
    # Seven hearts make the only run of 7; the three clubs the only run of 3.
    hand = cards("3C 4C 5C 5H 6H 7H 8H 9H 10H JH")
    assert contract_options(hand, RUN_3_7) == ((run("3C 4C 5C"), run("5H 6H 7H 8H 9H 10H JH")),)
    # Two runs of 4 would need 8 hearts (the clubs are only 3 and there are no wilds).
    assert can_meet_contract(hand, RUNS_2) is False


# -- sets -------------------------------------------------------------------------------------


def test_two_identical_sets_from_the_double_deck() -> None:
    # Each set of 7s takes one natural per suit, and only D, H and S are here, so each set
    # is exactly 7D 7H 7S; the two copies make it twice. The multiset {M, M}: one way.
    hand = cards("7S 7H 7D 7S 7H 7D")
    meld = set_of("7D 7H 7S")
    assert contract_options(hand, SETS_2) == ((meld, meld),)


def test_two_sets_sharing_suits() -> None:
    # 7C 7D 7H 7H 7S 7S: two 7H must go to different sets, and so must two 7S, so the
    # sets are 7H 7S + C and 7H 7S + D.
    hand = cards("7C 7D 7H 7H 7S 7S")
    assert contract_options(hand, SETS_2) == ((set_of("7C 7H 7S"), set_of("7D 7H 7S")),)


def test_set_refuses_second_natural_of_a_suit() -> None:
    assert can_meet_contract(cards("7H 7H 7S"), Contract.parse("1 set of 3")) is False
    # With a joker: 7H 7S JK, once (the second 7H never joins).
    ways = contract_options(cards("7H 7H 7S JK"), Contract.parse("1 set of 3"))
    assert ways == ((set_of("7H 7S JK"),),)


def test_set_of_four_counts_as_set_of_three() -> None:
    # Four 7s: any 3 of them (4 ways) or all 4 (1 way), each with the 9s.
    ways = contract_options(cards("7C 7D 7H 7S 9C 9H 9S"), SETS_2)
    assert len(ways) == 5
    assert (set_of("7C 7D 7H 7S"), set_of("9C 9H 9S")) in ways


def test_no_sets_of_twos() -> None:
    # Three twos are three wilds: a set of any of the 12 ranks A, 3..K, never of twos.
    ways = contract_options(cards("2C 2D 2H"), Contract.parse("1 set of 3"))
    assert [way[0].rank for way in ways] == [Rank.ACE, *(Rank(r) for r in range(3, 14))]


# -- all-wild melds and the options -----------------------------------------------------------


def test_all_wild_melds() -> None:
    # 9C 9H 9S + JK JK JK as a set of any of 12 ranks: 12 ways. Or the 9s split 2 + 1,
    # each part topped up with jokers (2+1 and 1+2 wilds): 3 ways (which 9 is alone).
    hand = cards("JK JK JK 9C 9S 9H")
    ways = contract_options(hand, SETS_2)
    assert len(ways) == 15
    # Sorted within the way: the set of 9s before the set of kings.
    assert (set_of("9C 9H 9S"), set_of("JK JK JK", Rank.KING)) in ways
    assert (set_of("9C JK JK"), set_of("9H 9S JK")) in ways
    # An all-wild run: any suit and start; 3 jokers as a run of 3: 4 suits x 12 starts.
    assert len(contract_options(cards("JK JK JK"), RUN_3)) == 48


def test_min_naturals_per_meld() -> None:
    hand = cards("JK JK JK 9C 9S 9H")
    # Without all-wild sets only the 3 split ways remain.
    assert len(contract_options(hand, SETS_2, ONE_NATURAL)) == 3
    assert can_meet_contract(cards("JK JK JK 2C 2D 2H"), SETS_2) is True
    assert can_meet_contract(cards("JK JK JK 2C 2D 2H"), SETS_2, ONE_NATURAL) is False


def test_wild_limit_at_most_naturals() -> None:
    # The split ways need a set of one 9 and two jokers: more wilds than naturals.
    assert can_meet_contract(cards("JK JK JK 9C 9S 9H"), SETS_2, AT_MOST) is False
    # Two naturals and two wilds: at most as many wilds (ok), not fewer (refused).
    set_4 = Contract.parse("1 set of 4")
    assert can_meet_contract(cards("9C 9H JK 2D"), set_4) is True
    assert can_meet_contract(cards("9C 9H JK 2D"), set_4, AT_MOST) is True
    assert can_meet_contract(cards("9C 9H JK 2D"), set_4, FEWER) is False


def test_wild_limit_fewer_than_naturals_needs_a_longer_run() -> None:
    # 5H W W 8H 9H keeps fewer_than_naturals (2 < 3), but every 4 cards of it have
    # 2 wilds to 2 naturals. So the only ways are the 5-card run, wilds either order.
    hand = cards("5H 2C JK 8H 9H")
    ways = contract_options(hand, RUN_4, FEWER)
    assert notations(ways) == ["5H 2C=6H JK=7H 8H 9H", "5H JK=6H 2C=7H 8H 9H"]
    # Under contract_exact_sizes the run must be exactly 4: impossible.
    fewer_exact = FEWER.replace(contract_exact_sizes=True)
    assert can_meet_contract(hand, RUN_4, fewer_exact) is False
    assert len(contract_options(hand, RUN_4)) > 2  # by default shorter runs count too


def test_max_run_length() -> None:
    hand = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    run_14 = Contract.parse("1 run of 14")
    assert can_meet_contract(hand, run_14) is True
    assert can_meet_contract(hand, run_14, MAX_13) is False


def test_contract_exact_sizes() -> None:
    # Four 7s: by default the 4-card set is a fifth way; with exact sizes it is not.
    hand = cards("7C 7D 7H 7S 9C 9H 9S")
    assert len(contract_options(hand, SETS_2)) == 5
    ways = contract_options(hand, SETS_2, EXACT)
    assert len(ways) == 4
    assert all(len(meld.cards) == 3 for way in ways for meld in way)


def test_options_keep_invariants() -> None:
    hands = ["JK JK JK 9C 9S 9H", "5H 2C JK 8H 9H", "7C 7D 7H 7S 9C 9H 9S", "KH AH 2H 3H"]
    for text in hands:
        for variant in (None, PUSH, AT_MOST, FEWER, ONE_NATURAL, MAX_13, EXACT):
            for contract in (SETS_2, SET_RUN, RUNS_2, RUN_3, RUN_4):
                check_consistent(cards(text), contract, variant)


# -- explanations ------------------------------------------------------------------------------


def test_explain_met() -> None:
    text = explain_contract(cards("7S 7H 7D 9C 9S 9H"), SETS_2)
    assert text == "can be met, for example: 7D 7H 7S / 9C 9H 9S"


def test_explain_one_run_short() -> None:
    # 5H-8H is one run of 4. A second run needs 9C or 9S plus 3 wilds (or the hearts split
    # 3 + 1, needing 1 + 3 wilds): 3 more wilds at best.
    text = explain_contract(cards("5H 6H 7H 8H 9C 9S"), RUNS_2)
    assert text == (
        "cannot meet 2 runs of 4: the best is 1 run of 4 (5H 6H 7H 8H); it would take 3 more wilds"
    )


def test_explain_too_few_cards() -> None:
    # 7S 7H need a wild to be a set; a second set needs 3 more: 4 wilds in all.
    text = explain_contract(cards("7S 7H"), SETS_2)
    assert text == (
        "cannot meet 2 sets of 3: not even one set of 3 can be made; it would take 4 more wilds"
    )


def test_explain_one_more_wild() -> None:
    text = explain_contract(cards("9C 9S JK 4D 4H"), SETS_2)
    assert text.startswith("cannot meet 2 sets of 3: the best is 1 set of 3 (")
    assert text.endswith("; it would take 1 more wild")


def test_explain_when_wilds_cannot_help() -> None:
    # Under at_most_naturals a set needs two natural 9s (or two of another rank): extra
    # wilds never make the set; the run 5H-8H is fine.
    text = explain_contract(cards("9C JK 2S 5H 6H 7H 8H"), SET_RUN, AT_MOST)
    assert text == (
        "cannot meet 1 set of 3 + 1 run of 4: the best is 1 run of 4 (5H 6H 7H 8H); "
        "no number of extra wilds would do under wild_limit=at_most_naturals "
        "(more natural cards are needed)"
    )


def test_explain_impossible_component() -> None:
    text = explain_contract(cards("JK JK JK JK JK"), Contract.parse("1 set of 5"))
    assert text == (
        "cannot meet 1 set of 5: no set has more than 4 cards, and the contract asks for a set of 5"
    )
    text = explain_contract(cards("JK JK JK"), Contract.parse("1 run of 14"), MAX_13)
    assert text.endswith("no run is longer than 13, and the contract asks for a run of 14")


# -- input handling ------------------------------------------------------------------------------


@pytest.mark.parametrize("function", [can_meet_contract, contract_options, explain_contract])
def test_type_errors(function: Callable[..., object]) -> None:
    with pytest.raises(TypeError):
        function(["7H"], SETS_2)
    with pytest.raises(TypeError):
        function([*cards("7S 7H"), 7], SETS_2)
    with pytest.raises(TypeError):
        function("7S 7H 7D", SETS_2)
    with pytest.raises(TypeError):
        function(None, SETS_2)
    with pytest.raises(TypeError):
        function(cards("7S 7H 7D"), "2 sets of 3")
    with pytest.raises(TypeError):
        function(cards("7S 7H 7D"), SETS_2, object())


def test_hand_is_not_mutated_and_any_iterable_works() -> None:
    hand = list(cards("7S 7H JK 9C 9S 9H"))
    hand.reverse()
    before = list(hand)
    assert can_meet_contract(hand, SETS_2) is True
    ways = contract_options(hand, SETS_2)
    explain_contract(hand, SETS_2)
    assert hand == before
    assert contract_options(iter(hand), SETS_2) == ways
    assert contract_options(set(hand), SETS_2) == ways  # no copies here, so the same
    assert can_meet_contract((c for c in hand), SETS_2) is True


def test_empty_hand() -> None:
    assert can_meet_contract([], SETS_2) is False
    assert contract_options((), SETS_2) == ()


def test_melds_are_valid_and_kinds_match() -> None:
    from pushrummy import meld_rule_violation

    for variant in (PUSH, AT_MOST, ONE_NATURAL):
        for way in contract_options(cards("5H 6H 7H 2C JK 9D 9S 9C"), SET_RUN, variant):
            assert [meld.kind for meld in way] == [MeldKind.SET, MeldKind.RUN]
            assert all(meld_rule_violation(meld, variant) is None for meld in way)
