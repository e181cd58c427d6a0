"""The Contract Rummy preset and its new options: ``jokers_for_players`` ([setup.deck]) and
``laydown_wilds_per_meld`` ([contract.wild_cap]); the rules page's "Contract Rummy" section.

Each preset fact is checked against the rules page's statement of it (Parlett's description,
completed from Bicycle's rules), and each option by what breaking it does: a deck with the
wrong jokers fails the deck counts, a cap not enforced lists or accepts a lay-down meld with two
wild cards, a cap enforced everywhere refuses lay-offs and new melds it must allow.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pushrummy as pr
from engine_helpers import position
from pushrummy import CONTRACT_RUMMY, PUSH, LayDown, LayOff, Phase, WildExchange, parse_meld
from pushrummy.cards import JOKER, parse_card, parse_cards
from pushrummy.errors import InvalidMeldError, VariantError
from pushrummy.plays.lay_down import wild_cap_problem

rule = pytest.mark.rule


def c(text: str) -> pr.Card:
    return parse_card(text)


# -- the preset ----------------------------------------------------------------------------------


@rule("setup.players", "setup.deck")
def test_players_and_decks() -> None:
    # 3-8 players; two packs and one joker for 3-4, three packs and two jokers for 5-8
    assert CONTRACT_RUMMY.player_counts == tuple(range(3, 9))
    assert not CONTRACT_RUMMY.partnerships
    for players in CONTRACT_RUMMY.player_counts:
        packs, jokers = (2, 1) if players <= 4 else (3, 2)
        deck = Counter(CONTRACT_RUMMY.deck(players))
        assert deck[JOKER] == jokers == CONTRACT_RUMMY.jokers(players)
        assert all(deck[card] == packs for card in pr.cards.ALL_CARDS if card != JOKER)
        assert deck.total() == 52 * packs + jokers
    # every other preset keeps two jokers a pack
    assert PUSH.jokers(4) == 4 and pr.CAP_IT.jokers(6) == 6


@rule("setup.deck")
@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_dealt_game_holds_the_variants_deck(players: int) -> None:
    state = pr.new_game(CONTRACT_RUMMY, seed=players, players=players)
    held: Counter[pr.Card] = Counter(state.stock)
    for hand in state.hands:
        held.update(hand)
    held[state.upcard] += 1  # type: ignore[index]
    assert held == Counter(CONTRACT_RUMMY.deck(players))


@rule("deal.count", "contract.table")
def test_seven_deals_and_contracts() -> None:
    sizes = [deal.hand_size for deal in CONTRACT_RUMMY.deals]
    assert sizes == [10] * 4 + [12] * 3
    # Parlett: #3 #3; #3 $4; $4 $4; #3 #3 #3; #3 #3 $4; #3 $4 $4; $4 $4 $4
    parlett = ["##", "#$", "$$", "###", "##$", "#$$", "$$$"]
    for deal, pattern in zip(CONTRACT_RUMMY.deals, parlett, strict=True):
        parts = [
            ("#" if req.kind is pr.MeldKind.SET else "$", req.size)
            for req in deal.contract.requirements
            for _ in range(req.count)
        ]
        assert sorted(parts) == sorted((mark, 3 if mark == "#" else 4) for mark in pattern)


@rule("score.values")
def test_card_values() -> None:
    # Bicycle: ace, joker and wild cards 15; court cards 10; others their pip value
    for card in parse_cards("AS JK 2C"):
        assert CONTRACT_RUMMY.card_value(card) == 15
    for card in parse_cards("10H JH QH KH"):
        assert CONTRACT_RUMMY.card_value(card) == 10
    for rank in range(3, 10):
        assert CONTRACT_RUMMY.card_value(pr.Card(pr.Rank(rank), pr.Suit.CLUBS)) == rank


def test_options_are_the_rules_pages_choices() -> None:
    assert CONTRACT_RUMMY.contract_exact_sizes
    assert CONTRACT_RUMMY.laydown_wilds_per_meld == 1
    assert not CONTRACT_RUMMY.new_melds_after_contract
    assert not CONTRACT_RUMMY.same_turn_after_contract
    assert CONTRACT_RUMMY.wild_exchange is WildExchange.JOKERS_IN_RUNS
    assert not CONTRACT_RUMMY.may_rediscard_taken
    assert CONTRACT_RUMMY.max_run_length == 14
    assert pr.from_json(pr.to_json(CONTRACT_RUMMY)) == CONTRACT_RUMMY


# -- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (((4, 1), (4, 1)), "listed twice"),
        (((5, 1),), "not a player count"),
        (((4, 5),), "hold 0 to 4 jokers"),
        (((4, -1),), "hold 0 to 4 jokers"),
        (((4, "1"),), "must be ints"),
        ((4,), "pairs"),
    ],
)
def test_jokers_for_players_is_validated(value: object, message: str) -> None:
    with pytest.raises(VariantError, match=rf"^jokers_for_players: .*{message}"):
        PUSH.replace(jokers_for_players=value)


def test_a_deal_too_big_for_fewer_jokers_is_refused() -> None:
    # 8 players x 12 cards + upcard + stock need 98 cards: 2 packs without jokers have 104
    fine = CONTRACT_RUMMY.replace(packs_for_players=((8, 2),), jokers_for_players=((8, 0),))
    assert len(fine.deck(8)) == 104
    with pytest.raises(VariantError, match=r"^deals: .*the deck has 104"):
        fine.replace(deals=(pr.DealSpec(13, fine.deals[0].contract),))


@pytest.mark.parametrize("value", [-1, "1", 1.0, True])
def test_laydown_wilds_per_meld_is_validated(value: object) -> None:
    with pytest.raises(VariantError, match=r"^laydown_wilds_per_meld: must be None or an int"):
        PUSH.replace(laydown_wilds_per_meld=value)


def test_older_variant_documents_read_as_the_defaults() -> None:
    text = pr.to_json(PUSH)
    for key in ('"jokers_for_players":[],', '"laydown_wilds_per_meld":null,'):
        assert key in text
        text = text.replace(key, "")
    assert pr.from_json(text) == PUSH


# -- [contract.wild_cap] ---------------------------------------------------------------------


HAND = "7C 7D 9C 9D 9H JK 2D KS 5H 6S 4C"


@rule("contract.wild_cap")
def test_a_lay_down_meld_holds_at_most_one_wild() -> None:
    # Deal 1 (2 sets of 3): 7C JK 2D / 9C 9D 9H would lay it down with two wilds in the
    # sevens; 7C 7D JK / 9C 9D 9H with one.
    state = position(CONTRACT_RUMMY, players=4, hands={0: HAND})
    two_wilds = LayDown(0, (parse_meld("7C JK=7 2D=7"), parse_meld("9C 9D 9H")))
    with pytest.raises(InvalidMeldError, match=r"laydown_wilds_per_meld=1") as caught:
        pr.check_move(state, two_wilds)
    assert caught.value.rule == "contract.wild_cap"
    assert pr.is_legal(state, LayDown(0, (parse_meld("7C 7D JK"), parse_meld("9C 9D 9H"))))
    # without the cap the two-wild meld is a legal lay-down
    free = position(CONTRACT_RUMMY.replace(laydown_wilds_per_meld=None), players=4, hands={0: HAND})
    assert pr.is_legal(free, two_wilds)


@rule("contract.wild_cap")
def test_the_cap_is_the_listings_too() -> None:
    # no listed lay-down step (or shape) ever holds two wilds; without the cap one does
    for cap, expected in ((1, False), (None, True)):
        variant = CONTRACT_RUMMY.replace(laydown_wilds_per_meld=cap)
        state = position(variant, players=4, hands={0: HAND})
        wilds = []
        for move in pr.legal_moves(state):
            if isinstance(move, LayDown):
                wilds += [sum(x.is_wild for x in m.cards) for m in move.melds]
            elif isinstance(move, pr.LayDownShape):
                wilds.append(move.shape.wild_places)
        assert (max(wilds) >= 2) is expected, cap


@rule("contract.wild_cap")
def test_the_cap_binds_the_lay_down_only() -> None:
    # After the lay-down a second wild may be laid off onto a meld holding one
    table = [(0, parse_meld("7C 7D JK")), (0, parse_meld("9C 9H 2D"))]
    state = position(CONTRACT_RUMMY, players=4, hands={0: "2S 5H 6S"}, table=table, laid_down=[0])
    lay_off = LayOff(0, c("2S"), 0, None)
    assert lay_off in pr.legal_moves(state)
    # and new melds (where allowed) are bound by wild_limit alone
    free = CONTRACT_RUMMY.replace(new_melds_after_contract=True)
    state = position(free, players=5, hands={0: "2S JK 5H 6S"}, table=table, laid_down=[0])
    assert pr.is_legal(state, pr.NewMeld(0, parse_meld("5H 2S=6H JK=7H")))


def test_wild_cap_problem() -> None:
    meld = parse_meld("5H JK=6H 2C=7H 8H")
    assert wild_cap_problem(CONTRACT_RUMMY, meld) is not None
    assert wild_cap_problem(CONTRACT_RUMMY.replace(laydown_wilds_per_meld=2), meld) is None
    assert wild_cap_problem(CONTRACT_RUMMY.replace(laydown_wilds_per_meld=None), meld) is None
    assert (
        wild_cap_problem(CONTRACT_RUMMY.replace(laydown_wilds_per_meld=0), parse_meld("5H 6H 7H"))
        is None
    )


@rule("contract.wild_cap")
def test_can_meet_contract_obeys_the_cap() -> None:
    hand = parse_cards("7C JK 2D 9C 9H 9D")
    contract = CONTRACT_RUMMY.deals[0].contract
    assert pr.can_meet_contract(hand, contract, PUSH)
    assert not pr.can_meet_contract(hand, contract, CONTRACT_RUMMY)
    ways = pr.contract_options(parse_cards("7C 7D JK 2D 9C 9H"), contract, CONTRACT_RUMMY)
    assert ways and all(sum(x.is_wild for x in m.cards) <= 1 for way in ways for m in way)


# -- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 8])
def test_random_and_greedy_games_play_to_the_end(players: int) -> None:
    variant = CONTRACT_RUMMY.replace(max_turns_per_deal=150)
    rng = random.Random(players)
    state = pr.new_game(variant, seed=players, players=players)
    while state.phase is not Phase.GAME_OVER:
        moves = pr.legal_moves(state)
        assert moves and len(moves) <= 20_000
        move = rng.choice(moves)
        if isinstance(move, LayDown):
            assert all(sum(x.is_wild for x in m.cards) <= 1 for m in move.melds)
        state = pr.apply_move(state, move)
    assert len(state.results) == 7
    final = pr.play_game(
        pr.new_game(variant, seed=players, players=players),
        [pr.GreedyBot() for _ in range(players)],
    )
    assert final.phase is Phase.GAME_OVER and len(final.results) == 7


def test_wild_cap_problem_refuses_wrong_types() -> None:
    with pytest.raises(TypeError, match="meld must be a Meld"):
        wild_cap_problem(CONTRACT_RUMMY, "5H 6H 7H")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="variant must be a Variant"):
        wild_cap_problem(None, parse_meld("5H 6H 7H"))  # type: ignore[arg-type]
