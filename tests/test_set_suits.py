"""[meld.set_suits]: the option ``set_suits`` (``distinct`` | ``any``) of the rules page.

With ``distinct`` (the default) a set's naturals have pairwise different suits, so a set holds
at most 4 cards; with ``any`` (Contract Rummy) a set is 3 or more cards of one rank, two ``7H``
may share it and it has no most cards. The option is checked where melds are checked (the
move checker through ``meld_rule_problem``, the lay-offs), and listed by the contract search;
the search is compared here with both brute-force references (``reference_contracts``,
``reference_moves``) on hands holding copies of one card.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import pushrummy as pr
from engine_helpers import assert_listed, assert_rejected, c, play, position, set_
from pushrummy import (
    CONTRACT_RUMMY,
    PUSH,
    Contract,
    InvalidMeldError,
    LayDown,
    LayOff,
    Meld,
    MeldKind,
    MeldOptions,
    Phase,
    SetSuits,
    VariantError,
    check_meld,
    lay_off,
    layoff_ends,
    meld_rule_problem,
    parse_cards,
)
from pushrummy.cards import Card
from pushrummy.melds import MAX_SET_CARDS, set_suits_problem
from reference_moves import canonical, contract_ways, options_of
from test_contract_reference import compare
from test_lay_down_minimal import check_hand
from test_lay_down_steps import _check_reachable, reachable

pytestmark = pytest.mark.rule("meld.set_suits")

ANY = MeldOptions(set_suits=SetSuits.ANY)
PUSH_ANY = PUSH.replace(set_suits=SetSuits.ANY)
ANY_VARIANTS = (
    CONTRACT_RUMMY,
    PUSH_ANY,
    PUSH_ANY.replace(contract_exact_sizes=True, wild_limit=pr.WildLimit.FEWER_THAN_NATURALS),
    PUSH_ANY.replace(min_naturals_per_meld=1, same_turn_after_contract=False),
)


def meld_set(text: str, rank: pr.Rank | None = None) -> Meld:
    return Meld.set_of(parse_cards(text), rank)


# -- the rule -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7C 7C 7D", "two naturals of suit C"),
        ("7H JK 7H", "two naturals of suit H"),
        ("7C 7D 7H 7S JK", "5 cards: set_suits=distinct allows sets of at most 4"),
        ("7C 7D 7H 7S 7C", "5 cards"),
        ("JK JK 2C 2D 2H", "5 cards"),
    ],
)
def test_distinct_refuses_repeated_suits_and_fifth_cards(text: str, reason: str) -> None:
    meld = meld_set(text, pr.Rank.SEVEN)  # a meld: its suits are the variant's to judge
    for rules in (PUSH, MeldOptions()):
        problem = meld_rule_problem(meld, rules)
        assert problem is not None and problem[0] == "meld.set_suits"
        assert reason in problem[1]
        with pytest.raises(InvalidMeldError, match=reason) as info:
            check_meld(meld, rules)
        assert info.value.rule == "meld.set_suits"
    for rules in (CONTRACT_RUMMY, ANY):
        assert meld_rule_problem(meld, rules) is None
        check_meld(meld, rules)


def test_any_keeps_the_other_set_rules() -> None:
    # Still one rank, at least 3 cards, no sets of twos ([meld.set]); the wild options hold.
    for text, rank in (("7C 7C 8C", None), ("7C 7C", None)):
        with pytest.raises(InvalidMeldError) as info:
            Meld.set_of(parse_cards(text), rank)
        assert info.value.rule == "meld.set"
    twos = Meld.set_of(parse_cards("JK 2C 2D"), pr.Rank.TWO)
    problem = meld_rule_problem(twos, MeldOptions(set_suits=SetSuits.ANY))
    assert problem is not None and problem[0] == "meld.set"
    strict = MeldOptions(set_suits=SetSuits.ANY, wild_limit=pr.WildLimit.FEWER_THAN_NATURALS)
    problem = meld_rule_problem(meld_set("7C 7C JK JK"), strict)
    assert problem is not None and problem[0] == "meld.wild"
    assert meld_rule_problem(meld_set("7C 7C 7C JK"), strict) is None


def test_no_set_is_bigger_than_the_largest_deck() -> None:
    # 4 packs hold 16 naturals of a rank, 16 twos and 8 jokers: 40 cards ([meld.set])
    biggest = parse_cards(" ".join(["7C 7D 7H 7S 2C 2D 2H 2S JK JK"] * 4))
    assert len(Meld.set_of(biggest).cards) == MAX_SET_CARDS == 40
    assert meld_rule_problem(Meld.set_of(biggest), ANY) is None
    with pytest.raises(InvalidMeldError, match="41 cards: no deck holds more than 40") as info:
        Meld.set_of((*biggest, c("7C")))
    assert info.value.rule == "meld.set"


def test_set_suits_problem_is_the_one_statement() -> None:
    cards = parse_cards("9C 9C JK")
    assert set_suits_problem(SetSuits.ANY, cards, wild_twos=True) is None
    assert set_suits_problem(SetSuits.DISTINCT, parse_cards("9C 9D JK"), wild_twos=True) is None
    assert set_suits_problem(SetSuits.DISTINCT, cards, wild_twos=True) == (
        "meld.set_suits",
        "two naturals of suit C: set_suits=distinct needs naturals of different suits",
    )
    with pytest.raises(TypeError, match="set_suits must be a SetSuits"):
        set_suits_problem("any", cards, wild_twos=True)  # type: ignore[arg-type]


# -- lay-offs -------------------------------------------------------------------------------------


def test_lay_offs_follow_the_option() -> None:
    full = meld_set("7C 7D 7H 7S")
    three = meld_set("7C 7D 7H")
    # distinct: a new suit only, up to 4 cards
    assert layoff_ends(three, c("7C"), PUSH) == ()
    assert layoff_ends(three, c("7S"), PUSH) == (None,)
    assert layoff_ends(full, c("JK"), PUSH) == layoff_ends(full, c("7S"), PUSH) == ()
    with pytest.raises(InvalidMeldError, match="two naturals of suit C") as info:
        lay_off(three, c("7C"), None, PUSH)
    assert info.value.rule == "layoff.card"
    with pytest.raises(InvalidMeldError, match="5 cards") as info:
        lay_off(full, c("JK"), None, PUSH)
    assert info.value.rule == "layoff.card"
    # any: every natural of the rank and every wild, however big the set
    grown = full
    for text in ("7C", "JK", "7S", "2D", "7S"):
        assert layoff_ends(grown, c(text), CONTRACT_RUMMY) == (None,)
        grown = lay_off(grown, c(text), None, CONTRACT_RUMMY)
    assert Counter(grown.cards) == Counter(parse_cards("7C 7C 7D 7H 7S 7S 7S JK 2D"))
    assert layoff_ends(grown, c("8S"), CONTRACT_RUMMY) == ()
    # the memo by the meld's shape keeps the two options apart
    assert layoff_ends(three, c("7C"), PUSH) == ()
    assert layoff_ends(three, c("7C"), ANY) == (None,)


def test_a_table_set_grows_past_four_in_a_game() -> None:
    table = [(1, meld_set("9C 9D 9H 9S"))]
    for variant, legal in (
        (CONTRACT_RUMMY, True),
        (PUSH.replace(draw_style=pr.DrawStyle.STOCK), False),
    ):
        state = position(
            variant,
            hands={0: "9C 5D 6D", 1: "3C 3D 3H 5S 5H 5C"},
            table=table,
            laid_down=[0, 1],
        )
        move = LayOff(0, c("9C"), 0, None)
        if legal:
            assert_listed(state, move)
            after = play(state, move)
            assert Counter(after.table[0].meld.cards) == Counter(parse_cards("9C 9C 9D 9H 9S"))
        else:
            assert_rejected(state, move, InvalidMeldError, "layoff.card")


# -- the contract -------------------------------------------------------------------------------


def test_a_lay_down_with_copies_of_one_card() -> None:
    state = position(
        CONTRACT_RUMMY,
        hands={0: "7H 7H 7S 9C 9C JK 5D KS"},
    )
    assert state.phase is Phase.PLAY
    move = LayDown(0, (meld_set("7H 7H 7S"),))
    assert_listed(state, move)
    after = play(state, move)
    assert after.phase is Phase.LAYING_DOWN
    # the same hand under Push's default cannot meet 2 sets of 3 at all
    sets = Contract.parse("2 sets of 3")
    hand = parse_cards("7H 7H 7S 9C 9C JK 5D KS")
    assert pr.can_meet_contract(hand, sets, CONTRACT_RUMMY)
    assert not pr.can_meet_contract(hand, sets, PUSH)
    assert pr.contract_options(hand, sets, CONTRACT_RUMMY) == (
        (meld_set("7H 7H 7S"), meld_set("9C 9C JK")),
    )
    assert "7H 7H 7S" in pr.explain_contract(parse_cards("7H 7H 7S 5D"), sets, CONTRACT_RUMMY)


def test_contract_set_sizes_follow_the_option() -> None:
    five = (pr.DealSpec(10, Contract.parse("1 set of 5")),)
    with pytest.raises(VariantError, match="set_suits=distinct allows sets of at most 4") as info:
        PUSH.replace(deals=five)
    assert info.value.field == "deals"
    variant = PUSH_ANY.replace(deals=five)
    hand = parse_cards("8C 8C 8D 8D JK 4S")
    assert pr.contract_options(hand, five[0].contract, variant) == ((meld_set("8C 8C 8D 8D JK"),),)
    with pytest.raises(VariantError, match="at most 14 cards"):
        PUSH_ANY.replace(deals=(pr.DealSpec(15, Contract.parse("1 set of 15")),))


def copies_hand(rng: random.Random, size: int, wilds: int) -> tuple[Card, ...]:
    """A hand built around sets of one or two ranks with repeated suits, and a few run cards."""
    hand: list[Card] = []
    while len(hand) < size - wilds:
        rank = pr.Rank(rng.choice([1, *range(3, 14)]))
        if rng.random() < 0.7:
            suits = [rng.choice(list(pr.Suit)) for _ in range(rng.randint(2, 4))]
            hand += [Card(rank, suit) for suit in suits]
        else:
            suit, start = rng.choice(list(pr.Suit)), rng.randint(3, 10)
            hand += [Card(pr.Rank(p), suit) for p in range(start, start + rng.randint(2, 4))]
    wild_cards = [Card(pr.Rank.TWO, s) for s in pr.Suit] + [Card()]
    hand = hand[: size - wilds] + [rng.choice(wild_cards) for _ in range(wilds)]
    # within two packs: at most 2 copies of a card, 4 jokers
    counts = Counter(hand)
    if any(n > (4 if card.is_joker else 2) for card, n in counts.items()):
        return copies_hand(rng, size, wilds)
    return tuple(sorted(hand))


def test_search_agrees_with_the_reference_on_copies() -> None:
    # contract_options and can_meet_contract against reference_contracts' brute force
    rng = random.Random(27)
    contracts = [
        Contract.parse(t)
        for t in ("2 sets of 3", "1 set of 3 + 1 run of 4", "3 sets of 3", "1 set of 4")
    ]
    met = 0
    for _ in range(120):
        hand = copies_hand(rng, rng.randint(6, 10), rng.randint(0, 2))
        variant = rng.choice(ANY_VARIANTS)
        for contract in contracts:
            met += compare(hand, contract, variant, "any suits") > 0
    assert met > 60  # many hands meet a contract only through repeated suits


def test_steps_agree_with_the_reference_on_copies() -> None:
    # the lay-down steps reach exactly contract_options, and the brute-force moves reference
    rng = random.Random(28)
    contracts = [
        Contract.parse(t) for t in ("2 sets of 3", "1 set of 3 + 1 run of 4", "3 sets of 3")
    ]
    compared = 0
    for _ in range(40):
        hand = copies_hand(rng, rng.randint(7, 9), rng.randint(0, 2))
        contract, variant = rng.choice(contracts), rng.choice(ANY_VARIANTS)
        _check_reachable(hand, contract, variant)
        parts = tuple((r.kind.value, r.size) for r in contract.requirements for _ in range(r.count))
        ways = contract_ways(hand, parts, options_of(pr.new_game(variant, seed=0)))
        canonical_wilds = variant.wild_exchange is pr.WildExchange.NONE
        if canonical_wilds:
            ways = {
                tuple(sorted(canonical(meld, variant.wild_twos) for meld in way)) for way in ways
            }
        leaves = reachable(hand, contract, variant, canonical_wilds)
        assert set(leaves) == ways
        compared += bool(ways)
    assert compared > 10


def test_every_legal_lay_down_is_listed_or_lay_offs_on_copies() -> None:
    rng = random.Random(29)
    mapped = 0
    for _ in range(30):
        hand = copies_hand(rng, rng.randint(8, 10), rng.randint(0, 2))
        variant = rng.choice(ANY_VARIANTS[1:])  # Push's deals: non-exact sizes too
        found, _ = check_hand(hand, variant, rng.choice([1, 2, 4]))
        mapped += found
    assert mapped > 20


# -- the option -----------------------------------------------------------------------------------


def test_the_option_is_validated_and_round_trips() -> None:
    assert PUSH.set_suits is SetSuits.DISTINCT and pr.CAP_IT.set_suits is SetSuits.DISTINCT
    assert CONTRACT_RUMMY.set_suits is SetSuits.ANY
    assert PUSH.replace(set_suits="any").set_suits is SetSuits.ANY
    with pytest.raises(VariantError) as info:
        PUSH.replace(set_suits="mixed")
    assert info.value.field == "set_suits"
    with pytest.raises(TypeError, match="set_suits must be a SetSuits"):
        MeldOptions(set_suits="any")  # type: ignore[arg-type]
    document = json.loads(json.dumps(pr.encode(CONTRACT_RUMMY)))
    assert document["set_suits"] == "any"
    assert pr.decode(document) == CONTRACT_RUMMY
    # an older document without the key reads as the default
    del document["set_suits"]
    assert pr.decode(document) == CONTRACT_RUMMY.replace(set_suits=SetSuits.DISTINCT)


def test_meld_kind_of_a_repeated_set() -> None:
    meld = meld_set("7H 7H 7S")
    assert meld.kind is MeldKind.SET and meld.rank is pr.Rank.SEVEN
    assert pr.parse_meld("7H 7H 7S") == meld
    assert set_("7H 7H 7S") == meld


# -- GreedyBot rates set partners as [meld.set_suits] allows --------------------------------------

#: Seat 0's hand, deal 1 of Contract Rummy (two sets of 3): two 7H (of the two packs) and pairs
#: of other ranks in two suits; nothing makes a run.
GREEDY_HAND = "7H 7H 9C 9D 4S 4D 5C 5H KS KD"


def greedy_position(variant: pr.Variant, phase: Phase, **changes: object) -> pr.GameState:
    arguments: dict[str, object] = {
        "players": 3,
        "phase": phase,
        "current": 0,
        "hands": {0: GREEDY_HAND},
        "upcard": "7S",
    }
    arguments.update(changes)
    return position(variant, **arguments)  # type: ignore[arg-type]


@pytest.mark.rule("draw.take", "buy.offer")
def test_greedy_counts_copies_of_a_suit_as_set_partners_where_sets_take_them() -> None:
    """Under ``set_suits="any"`` the upcard 7S and the hand's two 7H make a set of the
    contract, so GreedyBot takes it, buys it when offered, and does not discard a 7H as a
    card of no meld; under ``distinct`` the two 7H are one partner, and it declines 7S and
    throws a 7H first. The rating that counted distinct suits only (the old one) draws from
    the stock, passes and discards 7H under ``any`` too."""
    bot = pr.GreedyBot()
    distinct = CONTRACT_RUMMY.replace(set_suits=SetSuits.DISTINCT)
    for variant, helps in ((CONTRACT_RUMMY, True), (distinct, False)):
        drawing = greedy_position(variant, Phase.DRAW)
        choice = bot.choose(pr.view(drawing, 0))
        assert choice == (pr.Take(0) if helps else pr.DrawStock(0)), variant.set_suits
        # the upcard offered to seat 0 by seat 2 (the seat in turn), which draws instead
        offered = play(greedy_position(variant, Phase.DRAW, current=2), pr.DrawStock(2))
        assert offered.phase is Phase.BUYING and offered.current_player == 0
        bought = bot.choose(pr.view(offered, 0))
        assert bought == (pr.BuyUpcard(0) if helps else pr.PassUpcard(0)), variant.set_suits
        # after a draw from the stock (KH): every card but the 7H has a partner of another
        # suit, so only where two 7H share no set is a 7H the card of no meld to throw
        playing = greedy_position(variant, Phase.PLAY, hands={0: GREEDY_HAND + " KH"}, upcard=None)
        thrown = bot.choose(pr.view(playing, 0))
        assert isinstance(thrown, pr.Discard)
        assert (thrown.card == c("7H")) != helps, (variant.set_suits, thrown)
