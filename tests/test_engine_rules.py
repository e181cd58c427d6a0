"""One or more tests for every rule of RULES.md §1–§5 and every house-rule option.

Each test carries ``@pytest.mark.rule(<ids>)`` naming the rules it proves. Illegal moves must
raise the specific error class with the right ``.rule`` and leave the state untouched
(:func:`engine_helpers.assert_rejected`); legal moves are applied through
:func:`engine_helpers.play`, which also checks the input state is untouched and that the move
is among ``legal_moves``.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import pushrummy as pr
from engine_helpers import (
    assert_rejected,
    c,
    cards,
    deck_order,
    hand,
    hand_points,
    play,
    play_all,
    position,
    run,
    set_,
    wrong_type,
)
from games import greedy, playout
from pushrummy import (
    CAP_IT,
    PUSH,
    ContractNotMetError,
    DealEnd,
    Discard,
    End,
    ExchangeWild,
    IllegalMoveError,
    InvalidMeldError,
    LayDown,
    LayOff,
    Meld,
    MeldKind,
    NewMeld,
    NextDeal,
    Phase,
    Push,
    Rank,
    Suit,
    Take,
    WildLimit,
    check_meld,
)
from pushrummy.cards import Card, make_deck
from pushrummy.errors import (
    CardNotInHandError,
    GameOverError,
    NotYourTurnError,
    SetupError,
    VariantError,
    WrongPhaseError,
)
from pushrummy.plays.draw import take_allowed
from pushrummy.variants import (
    BuryPosition,
    LayoffTargets,
    PushTo,
    ShortStockPush,
    Stakes,
    WildExchange,
)
from reference_moves import reference_moves

rule = pytest.mark.rule


def everything(state: pr.GameState) -> Counter[Card]:
    """Every card of a state as a multiset (hands, stock, upcard, table)."""
    out: Counter[Card] = Counter()
    for cards_ in state.hands:
        out.update(cards_)
    out.update(state.stock)
    if state.upcard is not None:
        out[state.upcard] += 1
    for tm in state.table:
        out.update(tm.meld.cards)
    return out


def my_deck(packs: int) -> Counter[Card]:
    """The deck of RULES.md [setup.deck], built without make_deck: packs × 52 + 2 jokers a pack."""
    deck: Counter[Card] = Counter()
    for suit in Suit:
        for rank in Rank:
            deck[Card(rank, suit)] = packs
    deck[Card()] = 2 * packs
    return deck


def end_deal_quickly(state: pr.GameState) -> pr.GameState:
    """With ``max_turns_per_deal=1``: take the upcard and discard another card."""
    seat = state.current_player
    state = play(state, Take(seat))
    card = next(x for x in state.hands[seat] if x != state.taken)
    return play(state, Discard(seat, card))


# =============================================================================================
# §1 Players, teams, cards
# =============================================================================================


@rule("setup.players")
def test_push_is_four_players_in_two_fixed_partnerships() -> None:
    state = pr.new_game(PUSH, seed=1)
    assert state.players == 4
    assert len(state.hands) == 4
    assert state.side_count == 2
    assert [state.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert state.totals == (0, 0)
    for players in (2, 3, 5, 6):
        with pytest.raises(VariantError):
            pr.new_game(PUSH, seed=1, players=players)


@rule("setup.players")
@pytest.mark.parametrize("players", [4, 5, 6])
def test_cap_it_is_four_to_six_individual_players(players: int) -> None:
    state = pr.new_game(CAP_IT, seed=1, players=players)
    assert state.players == players
    assert state.side_count == players
    assert [state.side_of(seat) for seat in range(players)] == list(range(players))
    assert state.totals == (0,) * players


@rule("setup.players")
@pytest.mark.parametrize("players", [2, 3, 7])
def test_cap_it_rejects_other_player_counts(players: int) -> None:
    with pytest.raises(VariantError):
        pr.new_game(CAP_IT, seed=1, players=players)


@rule("setup.players")
def test_partnership_variant_must_have_four_players() -> None:
    with pytest.raises(VariantError) as info:
        PUSH.replace(packs_for_players=((6, 3),))
    assert info.value.field == "partnerships"


@rule("setup.deck")
@pytest.mark.parametrize(
    ("variant", "players", "packs", "total"),
    [(PUSH, 4, 2, 108), (CAP_IT, 4, 2, 108), (CAP_IT, 5, 3, 162), (CAP_IT, 6, 3, 162)],
)
def test_the_deck_is_two_or_three_packs_with_their_jokers(
    variant: pr.Variant, players: int, packs: int, total: int
) -> None:
    state = pr.new_game(variant, seed=3, players=players)
    assert state.card_count() == total
    assert everything(state) == my_deck(packs)
    assert sum(my_deck(packs).values()) == total


@rule("setup.deck")
def test_an_injected_deck_must_be_the_whole_deck() -> None:
    order = list(make_deck(2))
    order[0] = c("JK")  # one AC too few, one joker too many
    with pytest.raises(SetupError):
        pr.new_game(PUSH, seed=1, deals=[order])
    with pytest.raises(SetupError):
        pr.new_game(PUSH, seed=1, deals=[list(make_deck(2))[:-1]])
    with pytest.raises(SetupError):  # a 108-card deck for a 162-card game
        pr.new_game(CAP_IT, seed=1, players=5, deals=[list(make_deck(2))])


@rule("setup.deck", "turn.holds")
def test_copies_are_indistinguishable_and_counted() -> None:
    # One 7H in hand: a move using two copies is refused, naming turn.holds.
    state = position(hands={0: "7H 7D 7C 9C 9D 9H KS"})
    two_sevens = LayDown(0, (set_("7H 7D 7C"), set_("7H 7S JK")))
    assert_rejected(state, two_sevens, CardNotInHandError, "turn.holds")
    assert_rejected(state, Discard(0, c("QS")), CardNotInHandError, "turn.holds")
    # Two copies in hand: either copy is "the" 7H; discarding one leaves the other.
    state = position(hands={0: "7H 7H 7C 9C 9D 9H KS"})
    after = play(state, Discard(0, c("7H")))
    assert Counter(after.hands[0])[c("7H")] == 1


@rule("setup.wild")
def test_twos_and_jokers_are_wild_in_sets_and_runs() -> None:
    assert all(x.is_wild for x in cards("2C 2D 2H 2S JK"))
    assert not any(x.is_wild for x in cards("AC 3D 10H KS"))
    # A two and a joker each stand for the rank of a set.
    state = position(hands={0: "7C 7D 2S 9C 9D JK KS"})
    laid = LayDown(0, (set_("7C 7D 2S"), set_("9C 9D JK")))
    after = play(state, laid)
    assert after.hands[0] == cards("KS")
    assert [tm.meld.roles for tm in after.table] == [(Rank.SEVEN,) * 3, (Rank.NINE,) * 3]
    # A two of another suit stands for any card in a run.
    meld = run("5H 2C 7H")
    assert meld.roles == (Rank.FIVE, Rank.SIX, Rank.SEVEN)
    assert meld.suit is Suit.HEARTS


@rule("setup.wild", "meld.set")
def test_twos_never_make_a_set_of_twos_but_may_stand_for_another_rank() -> None:
    twos = Meld(MeldKind.SET, cards("2C 2D 2H"), rank=Rank.TWO)  # a value: the rules judge it
    with pytest.raises(InvalidMeldError) as info:
        check_meld(twos, PUSH)
    assert info.value.rule == "meld.set"
    meld = set_("2C 2D 2H", Rank.KING)
    assert meld.rank is Rank.KING
    assert meld.wild_count == 3
    assert check_meld(meld, PUSH) is None


NATURAL_TWOS = PUSH.replace(wild_twos=False)
"""Push with only the jokers wild: twos are natural cards of rank 2 ([setup.wild])."""


@rule("setup.wild", "meld.set", "meld.run", "contract.wilds")
def test_with_wild_twos_off_twos_make_sets_of_twos_and_runs_a_2_3() -> None:
    # deal 2: 1 set of 3 + 1 run of 4, from a set of twos and A-2-3-4 with a natural two
    down = LayDown(0, (set_("2C 2D 2H", Rank.TWO), run("AS 2S 3S 4S")))
    for variant, legal in ((NATURAL_TWOS, True), (PUSH, False)):
        state = position(variant, deal_number=2, hands={0: "2C 2D 2H AS 2S 3S 4S 9D"})
        assert pr.is_legal(state, down) is legal
        moves = pr.legal_moves(state)
        if legal:  # (with five wild cards the reference takes a minute: natural twos only)
            assert set(moves) == reference_moves(state)  # the brute-force reference agrees
        # A-2-3-4 holds no wild card only where the two is natural: a LayDown, not a shape
        run_down = LayDown(0, (run("AS 2S 3S 4S"),))
        assert (run_down in moves) is legal
    state = position(NATURAL_TWOS, deal_number=2, hands={0: "2C 2D 2H AS 2S 3S 4S 9D"})
    assert pr.parse_move(state, "down 2C 2D 2H / AS 2S 3S 4S") == down
    assert pr.format_move(down) == "down 2C 2D 2H / AS 2S 3S 4S"
    assert pr.apply_move(state, down).laid_down[0]


@rule("setup.wild", "meld.wild")
def test_with_wild_twos_off_a_two_stands_for_nothing_but_itself() -> None:
    hand_ = "9C 9D 2H 5S 6S 2C 8S JK"
    nines, five_to_eight = set_("9C 9D 2H"), run("5S 6S 2C 8S")  # a two as a 9, as a 7S
    for variant in (NATURAL_TWOS, PUSH):
        state = position(variant, deal_number=2, hands={0: hand_})
        for meld in (nines, five_to_eight):
            move = LayDown(0, (meld,))
            if variant.wild_twos:
                assert pr.is_legal(state, move) or move not in pr.legal_moves(state)
            else:
                assert_rejected(state, move, InvalidMeldError, "setup.wild")
        assert set(pr.legal_moves(state)) == reference_moves(state)
    # the joker stays wild: 5S 6S JK=7S 8S is a run either way
    state = position(NATURAL_TWOS, deal_number=3, hands={0: "5S 6S JK 8S 9H 10H JH QH 3C"})
    assert pr.is_legal(state, LayDown(0, (run("5S 6S JK 8S"), run("9H 10H JH QH"))))


@rule("setup.wild", "deal.upcard")
def test_with_wild_twos_off_a_two_upcard_is_not_buried() -> None:
    for variant, upcard in ((NATURAL_TWOS, "2C"), (PUSH, "7H")):
        order = deck_order(variant, dealer=0, hands={}, upcard="2C", stock="7H 8H")
        state = pr.new_game(variant, seed=1, dealer=0, deals=[order])
        assert state.upcard == c(upcard)
        first = state.log.events[0]
        assert isinstance(first, pr.DealStarted)
        assert first.buried == (() if variant is NATURAL_TWOS else (c("2C"),))
    # a joker upcard is still buried
    order = deck_order(NATURAL_TWOS, dealer=0, hands={}, upcard="JK", stock="2D 8H")
    assert pr.new_game(NATURAL_TWOS, seed=1, dealer=0, deals=[order]).upcard == c("2D")


@rule("setup.wild", "score.values", "discard.wild", "layoff.exchange")
def test_with_wild_twos_off_a_two_scores_discards_and_is_exchanged_as_a_natural() -> None:
    # scored by card_values of rank 2 (the joker keeps its own)
    cheap = NATURAL_TWOS.replace(card_values={Rank.TWO: 2})
    assert cheap.card_value(c("2C")) == 2 and cheap.card_value(c("JK")) == 20
    assert not NATURAL_TWOS.is_wild(c("2C")) and NATURAL_TWOS.is_wild(c("JK"))
    # [discard.wild]: no wild card discarded, but a two is none
    for variant, two_ok in ((NATURAL_TWOS, True), (PUSH, False)):
        state = position(variant.replace(may_discard_wild=False), hands={0: "2C JK 5H 9S"})
        moves = pr.legal_moves(state)
        assert (Discard(0, c("2C")) in moves) is two_ok
        assert Discard(0, c("JK")) not in moves and Discard(0, c("5H")) in moves
    # [layoff.exchange]: a joker at a two's place is exchanged for the natural two
    for variant, ok in ((NATURAL_TWOS, True), (PUSH, False)):
        jokers = variant.replace(wild_exchange=WildExchange.JOKERS_IN_RUNS)
        table = [(1, run("AH JK 3H", suit=Suit.HEARTS, start=1))]
        state = position(jokers, hands={0: "2H 9S 9D"}, table=table, laid_down={0, 1})
        exchange = ExchangeWild(0, 0, 2, c("2H"))
        assert (exchange in pr.legal_moves(state)) is ok
        assert set(pr.legal_moves(state)) == reference_moves(state)


# =============================================================================================
# §2 The deal
# =============================================================================================


@rule("deal.count")
def test_five_deals_of_push_hand_sizes() -> None:
    assert [d.hand_size for d in PUSH.deals] == [6, 7, 8, 9, 10]
    assert [d.hand_size for d in CAP_IT.deals] == [10] * 5
    variant = PUSH.replace(max_turns_per_deal=1)
    state = pr.new_game(variant, seed=5)
    sizes = []
    for number in range(1, 6):
        assert state.deal_number == number
        assert state.phase is Phase.DRAW
        sizes.append({len(h) for h in state.hands})
        state = end_deal_quickly(state)
        if number < 5:
            assert state.phase is Phase.BETWEEN_DEALS
            assert state.current_player is None
            assert pr.legal_moves(state) == (NextDeal(),)
            state = play(state, NextDeal())
    assert sizes == [{6}, {7}, {8}, {9}, {10}]
    assert state.phase is Phase.GAME_OVER
    assert len(state.results) == 5
    assert pr.legal_moves(state) == ()


@rule("deal.count")
@pytest.mark.parametrize("players", [4, 5, 6])
def test_cap_it_deals_ten_cards_every_deal(players: int) -> None:
    variant = CAP_IT.replace(max_turns_per_deal=1)
    state = pr.new_game(variant, seed=2, players=players)
    for number in range(1, 6):
        assert {len(h) for h in state.hands} == {10}
        assert state.deal_number == number
        state = end_deal_quickly(state)
        if number < 5:
            state = play(state, NextDeal())
    assert state.phase is Phase.GAME_OVER


@rule("deal.count", "turn.between")
def test_the_next_deal_is_dealt_only_between_deals() -> None:
    state = pr.new_game(PUSH, seed=4)
    assert_rejected(state, NextDeal(), WrongPhaseError, "turn.between")
    between = end_deal_quickly(pr.new_game(PUSH.replace(max_turns_per_deal=1), seed=4))
    assert between.phase is Phase.BETWEEN_DEALS
    seat = (between.dealer + 1) % 4
    assert_rejected(between, Take(seat), WrongPhaseError, "turn.between")
    assert_rejected(between, Push(seat), WrongPhaseError, "turn.between")
    assert_rejected(between, Discard(seat, between.hands[seat][0]), WrongPhaseError, "turn.between")


@rule("deal.dealer")
def test_first_dealer_is_random_from_the_seed_or_given() -> None:
    dealers = [pr.new_game(PUSH, seed=seed).dealer for seed in range(40)]
    assert set(dealers) == {0, 1, 2, 3}  # every seat can deal first
    assert dealers == [pr.new_game(PUSH, seed=seed).dealer for seed in range(40)]
    for dealer in range(4):
        assert pr.new_game(PUSH, seed=9, dealer=dealer).dealer == dealer
    with pytest.raises(SetupError):
        pr.new_game(PUSH, seed=9, dealer=4)


@rule("deal.dealer")
def test_the_deal_passes_clockwise() -> None:
    variant = CAP_IT.replace(max_turns_per_deal=1)
    state = pr.new_game(variant, seed=8, players=5, dealer=3)
    dealers = [state.dealer]
    while state.phase is not Phase.GAME_OVER:
        state = end_deal_quickly(state)
        if state.phase is Phase.BETWEEN_DEALS:
            state = play(state, NextDeal())
            dealers.append(state.dealer)
    assert dealers == [3, 4, 0, 1, 2]
    assert [r.dealer for r in state.results] == dealers


@rule("deal.dealer", "deal.random")
@pytest.mark.parametrize(("variant", "players", "dealer"), [(PUSH, 4, 2), (CAP_IT, 5, 4)])
def test_cards_are_dealt_one_at_a_time_from_the_dealers_left(
    variant: pr.Variant, players: int, dealer: int
) -> None:
    rng = random.Random(11)
    size = variant.deals[0].hand_size
    dealt = players * size
    order = list(make_deck(variant.packs(players)))
    rng.shuffle(order)
    naturals = [i for i in range(dealt, len(order)) if not order[i].is_wild]
    order[dealt], order[naturals[0]] = order[naturals[0]], order[dealt]
    state = pr.new_game(variant, seed=0, players=players, dealer=dealer, deals=[order])
    for seat in range(players):
        mine = [order[i] for i in range(dealt) if (dealer + 1 + i) % players == seat]
        assert state.hands[seat] == tuple(sorted(mine))
    assert state.upcard == order[dealt]
    assert state.stock == tuple(order[dealt + 1 :])


@rule("deal.upcard")
def test_the_next_card_is_the_upcard_and_the_rest_the_stock() -> None:
    order = deck_order(dealer=0, hands={}, upcard="7H", stock="8H 9H")
    state = pr.new_game(PUSH, seed=1, dealer=0, deals=[order])
    assert state.upcard == c("7H")
    assert state.stock[:2] == cards("8H 9H")
    assert len(state.stock) == 108 - 24 - 1


@rule("deal.upcard")
def test_a_wild_upcard_is_buried_at_the_bottom_with_bury_position_bottom() -> None:
    variant = PUSH.replace(bury_position=BuryPosition.BOTTOM)
    order = deck_order(variant, dealer=0, hands={}, upcard="JK", stock="2C 7H 8H")
    state = pr.new_game(variant, seed=1, dealer=0, deals=[order])
    assert state.upcard == c("7H")  # JK and 2C both buried, in turn
    assert state.stock[-2:] == (c("JK"), c("2C"))
    assert state.stock[:-2] == tuple(order[24 + 3 :])
    assert state.card_count() == 108


@rule("deal.upcard", "deal.random")
def test_a_wild_upcard_is_buried_at_a_seeded_random_position_by_default() -> None:
    assert PUSH.bury_position is BuryPosition.RANDOM
    bottoms = []
    for seed in range(60):
        state = pr.new_game(PUSH, seed=seed)
        first = state.log.events[0]
        assert isinstance(first, pr.DealStarted)
        if first.buried:
            bottoms.append(state.stock[-1] == first.buried[-1])
            assert pr.new_game(PUSH, seed=seed) == state  # from the seed
    assert bottoms and not all(bottoms)  # not always at the bottom


@rule("deal.upcard", "deal.random")
def test_with_an_injected_order_a_wild_upcard_is_buried_at_the_bottom() -> None:
    # All randomness is injectable (DESIGN §6a): an injected order fixes the whole deal.
    order = deck_order(dealer=0, hands={}, upcard="JK", stock="7H 8H", filler_seed=5)
    for seed in range(4):
        state = pr.new_game(PUSH, seed=seed, dealer=0, deals=[order])
        assert state.upcard == c("7H")
        assert state.stock == (*order[26:], c("JK"))


@rule("deal.first")
def test_the_dealers_left_neighbour_plays_first_then_clockwise() -> None:
    for dealer in range(4):
        state = pr.new_game(PUSH, seed=6, dealer=dealer)
        assert state.current_player == (dealer + 1) % 4
        assert state.phase is Phase.DRAW
        seats = []
        for _ in range(5):
            seat = state.current_player
            seats.append(seat)
            state = play(state, Push(seat))
            state = play(state, Discard(seat, state.hands[seat][-1]))
        assert seats == [(dealer + 1 + i) % 4 for i in range(5)]


@rule("turn.seat")
def test_moves_for_another_seat_are_refused() -> None:
    state = pr.new_game(PUSH, seed=6, dealer=0)
    for seat in (0, 2, 3, 7, -1):
        error = assert_rejected(state, Take(seat), NotYourTurnError, "turn.seat")
        assert_rejected(state, Push(seat), NotYourTurnError, "turn.seat")
        # A seat outside the game is refused as such, not as "not your turn".
        outside = not 0 <= seat < 4
        assert ("there is no seat" in str(error)) is outside
        assert ("(seats 0..3)" in str(error)) is outside  # the seats it could be
        assert ("turn, not seat" in str(error)) is not outside
    after = play(state, Take(1))
    assert_rejected(after, Discard(2, after.hands[2][0]), NotYourTurnError, "turn.seat")


@rule("deal.random")
def test_a_seed_and_a_list_of_moves_replay_exactly() -> None:
    variant = PUSH.replace(max_turns_per_deal=4)

    def drive(seed: int) -> list[pr.GameState]:
        state = pr.new_game(variant, seed=seed)
        states = [state]
        for step in range(60):
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.BETWEEN_DEALS:
                state = pr.apply_move(state, NextDeal())
            elif state.phase is Phase.DRAW:
                seat = state.current_player
                state = pr.apply_move(state, Push(seat) if step % 3 else Take(seat))
            else:
                seat = state.current_player
                allowed = [m for m in (Discard(seat, x) for x in state.hands[seat])]
                state = pr.apply_move(state, next(m for m in allowed if pr.is_legal(state, m)))
            states.append(state)
        return states

    first, second = drive(21), drive(21)
    assert first == second
    assert first[0] != pr.new_game(variant, seed=22)
    assert first[0].hands != pr.new_game(variant, seed=22, dealer=first[0].dealer).hands


@rule("deal.random")
def test_injected_orders_apply_to_their_deals_only() -> None:
    order = deck_order(dealer=1, hands={2: "7C 7D 7H 9C 9D 9H"}, upcard="KS")
    state = pr.new_game(PUSH, seed=3, dealer=1, deals=[order])
    assert state.hands[2] == hand("7C 7D 7H 9C 9D 9H")
    plain = pr.new_game(PUSH, seed=3, dealer=1)
    assert plain.hands != state.hands
    # Deal 2 (not injected) is shuffled from the seed, exactly as without the injection.
    v = PUSH.replace(max_turns_per_deal=1)
    a = play(end_deal_quickly(pr.new_game(v, seed=3, dealer=1, deals=[order])), NextDeal())
    b = play(end_deal_quickly(pr.new_game(v, seed=3, dealer=1)), NextDeal())
    assert a.hands == b.hands and a.stock == b.stock and a.upcard == b.upcard


# =============================================================================================
# §3 A turn — draw
# =============================================================================================


@rule("draw.choice")
def test_a_turn_starts_with_take_or_push_and_nothing_else() -> None:
    state = pr.new_game(PUSH, seed=2, dealer=3)
    assert state.phase is Phase.DRAW
    assert pr.legal_moves(state) == (Take(0), Push(0))
    hand = state.hands[0]
    assert_rejected(state, Discard(0, hand[0]), WrongPhaseError, "draw.choice")
    meld = LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H")))
    assert_rejected(state, meld, WrongPhaseError, "draw.choice")
    assert_rejected(state, LayOff(0, hand[0], 0, None), WrongPhaseError, "draw.choice")
    assert_rejected(state, NewMeld(0, set_("7C 7D 7H")), WrongPhaseError, "draw.choice")
    assert_rejected(state, ExchangeWild(0, 0, 3, c("3H")), WrongPhaseError, "draw.choice")


@rule("draw.choice")
@pytest.mark.parametrize("first", ["take", "push"])
def test_only_one_draw_per_turn(first: str) -> None:
    state = pr.new_game(PUSH, seed=2, dealer=3)
    after = play(state, Take(0) if first == "take" else Push(0))
    assert after.phase is Phase.PLAY
    assert_rejected(after, Take(0), WrongPhaseError, "draw.choice")
    assert_rejected(after, Push(0), WrongPhaseError, "draw.choice")


@rule("draw.take")
def test_take_puts_the_upcard_in_hand_and_leaves_the_stock() -> None:
    state = pr.new_game(PUSH, seed=2, dealer=3)
    up = state.upcard
    after = play(state, Take(0))
    assert after.hands[0] == tuple(sorted((*state.hands[0], up)))
    assert after.upcard is None
    assert after.stock == state.stock
    assert after.hands[1:] == state.hands[1:]
    assert after.phase is Phase.PLAY
    assert after.current_player == 0
    assert after.taken == up


@rule("draw.take")
def test_take_after_contract_is_an_option_on_by_default() -> None:
    assert PUSH.take_after_contract is True and CAP_IT.take_after_contract is True
    assert PUSH.replace(take_after_contract=False).take_after_contract is False
    with pytest.raises(VariantError, match=r"^take_after_contract: must be True or False"):
        PUSH.replace(take_after_contract="no")
    with pytest.raises(VariantError, match=r"^take_after_contract: must be True or False"):
        PUSH.replace(take_after_contract=0)


def _down_at_the_draw(
    variant: pr.Variant, *, laid_down: int = 2, stock_size: int | None = None
) -> pr.GameState:
    """Seat 2 to draw in deal 1; seat ``laid_down`` has laid down 2 sets of 3."""
    return position(
        variant,
        phase=Phase.DRAW,
        current=2,
        hands={2: "3C 4C 5C 9D"},
        table=[(laid_down, set_("7C 7D 7H")), (laid_down, set_("9C 9H 9S"))],
        laid_down=[laid_down],
        upcard="KS",
        stock_size=stock_size,
    )


@rule("draw.take")
def test_once_down_a_seat_must_push_under_take_after_contract_false() -> None:
    variant = PUSH.replace(take_after_contract=False)
    state = _down_at_the_draw(variant)
    assert pr.legal_moves(state) == (Push(2),)
    err = assert_rejected(state, Take(2), IllegalMoveError, "draw.take")
    assert "take_after_contract=False" in str(err)
    after = play(state, Push(2))  # the push is the draw
    assert after.phase is Phase.PLAY and len(after.hands[2]) == 5
    # the predicate the lister and the checker ask
    assert not take_allowed(variant, laid_down=True, stock_size=len(state.stock))
    assert take_allowed(variant, laid_down=False, stock_size=len(state.stock))
    assert take_allowed(PUSH, laid_down=True, stock_size=len(state.stock))
    # the default, and a seat whose partner (not itself) has laid down, may take
    assert pr.legal_moves(_down_at_the_draw(PUSH)) == (Take(2), Push(2))
    assert pr.legal_moves(_down_at_the_draw(variant, laid_down=0)) == (Take(2), Push(2))
    play(_down_at_the_draw(variant, laid_down=0), Take(2))


@rule("draw.take", "draw.exhausted")
def test_once_down_a_seat_takes_when_it_may_not_push_either() -> None:
    variant = PUSH.replace(take_after_contract=False, short_stock_push=ShortStockPush.FORBIDDEN)
    state = _down_at_the_draw(variant, stock_size=1)
    assert pr.legal_moves(state) == (Take(2),)  # a turn can always draw
    assert_rejected(state, Push(2), IllegalMoveError, "draw.exhausted")
    assert take_allowed(variant, laid_down=True, stock_size=1)
    assert not take_allowed(variant, laid_down=True, stock_size=2)
    play(state, Take(2))
    roomy = _down_at_the_draw(variant, stock_size=3)
    assert pr.legal_moves(roomy) == (Push(2),)
    assert_rejected(roomy, Take(2), IllegalMoveError, "draw.take")


def test_take_allowed_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="variant must be a Variant"):
        take_allowed("push", laid_down=True, stock_size=3)  # type: ignore[arg-type]
    # In the compiled build (docs/speed.rst) the compiled function's entry check refuses an
    # int for the bool first, with mypyc's message.
    with pytest.raises(TypeError, match=wrong_type("laid_down must be a bool")):
        take_allowed(PUSH, laid_down=1, stock_size=3)  # type: ignore[arg-type]
    # A bool for the int is refused in both builds (annotated SupportsIndex, so the compiled
    # entry does not convert it), and an int subclass taken as the int it is.
    with pytest.raises(TypeError, match="take_allowed: stock_size must be an int, not bool"):
        take_allowed(PUSH, laid_down=True, stock_size=True)
    with pytest.raises(TypeError, match="take_allowed: stock_size must be an int, not float"):
        take_allowed(PUSH, laid_down=True, stock_size=1.0)  # type: ignore[arg-type]

    class Size(int):
        pass

    variant = PUSH.replace(take_after_contract=False, short_stock_push="forbidden")
    for size in range(4):
        assert take_allowed(variant, laid_down=True, stock_size=Size(size)) == take_allowed(
            variant, laid_down=True, stock_size=size
        )


@rule("draw.take")
@pytest.mark.parametrize(("preset", "players", "seed"), [(PUSH, 4, 1), (CAP_IT, 5, 2)])
def test_games_play_to_the_end_with_take_after_contract_false(
    preset: pr.Variant, players: int, seed: int
) -> None:
    variant = preset.replace(take_after_contract=False, max_turns_per_deal=60)
    game = playout(variant, players, seed, greedy())
    assert game.states[-1].phase is Phase.GAME_OVER
    refused = 0
    for state in game.states:
        if state.phase is not Phase.DRAW:
            continue
        seat = state.current_player
        assert seat is not None
        moves = pr.legal_moves(state)
        assert set(moves) == reference_moves(state)  # the brute-force reference agrees
        assert all(pr.is_legal(state, move) for move in moves)
        if state.laid_down[seat] and Push(seat) in moves:
            assert Take(seat) not in moves and not pr.is_legal(state, Take(seat))
            with pytest.raises(IllegalMoveError) as info:
                pr.check_move(state, Take(seat))
            assert info.value.rule == "draw.take"
            refused += 1
    assert refused > 0  # the rule came into play


@rule("draw.push", "setup.players")
@pytest.mark.parametrize("pusher", [0, 1, 2, 3])
def test_push_gives_stock_top_and_upcard_to_the_next_player_then_draws(pusher: int) -> None:
    state = pr.new_game(PUSH, seed=12, dealer=(pusher - 1) % 4)
    up, top, second = state.upcard, state.stock[0], state.stock[1]
    after = play(state, Push(pusher))
    receiver = (pusher + 1) % 4
    assert state.side_of(receiver) != state.side_of(pusher)  # in Push, always an opponent
    assert after.hands[receiver] == tuple(sorted((*state.hands[receiver], top, up)))
    assert after.hands[pusher] == tuple(sorted((*state.hands[pusher], second)))
    for seat in range(4):
        if seat not in (pusher, receiver):
            assert after.hands[seat] == state.hands[seat]
    assert after.stock == state.stock[2:]
    assert after.upcard is None
    assert after.phase is Phase.PLAY and after.current_player == pusher
    assert after.taken is None
    assert after.card_count() == 108


@rule("draw.push")
def test_push_to_previous_gives_the_cards_to_the_right_neighbour() -> None:
    variant = PUSH.replace(push_to=PushTo.PREVIOUS)
    assert PUSH.push_to is PushTo.NEXT
    state = pr.new_game(variant, seed=12, dealer=0)
    up, top, second = state.upcard, state.stock[0], state.stock[1]
    after = play(state, Push(1))
    assert after.hands[0] == tuple(sorted((*state.hands[0], top, up)))
    assert after.hands[2] == state.hands[2]
    assert after.hands[1] == tuple(sorted((*state.hands[1], second)))
    # In Cap-It the previous player of seat 0 is the last seat.
    cap = CAP_IT.replace(push_to=PushTo.PREVIOUS)
    state = pr.new_game(cap, seed=1, players=6, dealer=5)
    after = play(state, Push(0))
    assert len(after.hands[5]) == 12 and len(after.hands[1]) == 10 and len(after.hands[0]) == 11


@rule("draw.push")
def test_the_pusher_may_discard_the_card_drawn() -> None:
    state = pr.new_game(PUSH, seed=12, dealer=3)
    drawn = state.stock[1]
    after = play(state, Push(0))
    end = play(after, Discard(0, drawn))
    assert end.upcard == drawn


@rule("draw.visibility")
def test_the_upcard_is_public_the_pushed_stock_card_is_not() -> None:
    state = pr.new_game(PUSH, seed=13, dealer=3)
    up, top = state.upcard, state.stock[0]
    after = play(state, Push(0))
    assert after.known[1] == (up,)  # everyone knows the receiver holds the upcard
    assert top not in after.known[1] or top == up  # the stock card is not public
    assert after.known[0] == ()  # the card the pusher drew is not public either
    taken = play(pr.new_game(PUSH, seed=13, dealer=3), Take(0))
    assert taken.known[0] == (up,)


@rule("draw.visibility")
def test_a_known_card_is_forgotten_once_played() -> None:
    state = position(phase=Phase.DRAW, hands={0: "7C 7D 9C 9D 9H KS"}, upcard="7H")
    after = play(state, Take(0))
    assert after.known[0] == (c("7H"),)
    laid = play(after, LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))))
    assert laid.known[0] == ()


@rule("draw.visibility")
def test_a_known_card_is_forgotten_once_discarded_or_laid_off() -> None:
    table = [(0, run("6H 7H 8H"))]
    state = position(hands={0: "KS 5H 9C", 1: "KS 4D 4S"}, table=table, laid_down=[0])
    state = attrs.evolve(state, known=((c("KS"), c("5H")), (c("KS"),), (), ()))
    assert play(state, Discard(0, c("KS"))).known == ((c("5H"),), (c("KS"),), (), ())
    assert play(state, LayOff(0, c("5H"), 0, End.LOW)).known == ((c("KS"),), (c("KS"),), (), ())
    assert play(state, Discard(0, c("9C"))).known == state.known  # nothing known was played


@rule("draw.visibility")
def test_views_hide_the_pushed_stock_card() -> None:
    state = position(
        phase=Phase.DRAW, hands={0: "3C 4C 5C 6C 8D 9D"}, upcard="KS", stock_top="QH JD"
    )
    after = play(state, Push(0))
    receiver = pr.view(after, 1)
    assert c("QH") in receiver.hand and c("KS") in receiver.hand
    for seat in range(4):
        v = pr.view(after, seat)
        assert v.known[1] == (c("KS"),)
        assert v.hand_sizes[1] == len(state.hands[1]) + 2
        assert c("QH") not in v.known[1]
    assert c("JD") in pr.view(after, 0).hand  # the pusher's own draw
    assert pr.view(after, 1).known[0] == ()


@rule("draw.exhausted", "score.exhausted")
def test_push_with_one_stock_card_transfers_then_ends_by_default() -> None:
    assert PUSH.short_stock_push is ShortStockPush.TRANSFER_THEN_END
    state = position(
        phase=Phase.DRAW, current=2, hands={2: "3C 4C 5C 6C 8D 9D"}, upcard="KS", stock_size=1
    )
    last = state.stock[0]
    after = play(state, Push(2))
    assert after.phase is Phase.BETWEEN_DEALS
    assert after.hands[3] == tuple(sorted((*state.hands[3], last, c("KS"))))
    assert after.hands[2] == state.hands[2]  # the pusher could not draw
    assert after.stock == () and after.upcard is None
    result = after.results[-1]
    assert result.ended_by is DealEnd.EXHAUSTED and result.went_out is None
    side0 = hand_points(after.hands[0]) + hand_points(after.hands[2])
    side1 = hand_points(after.hands[1]) + hand_points(after.hands[3])
    assert result.penalties == (side0, side1)
    assert after.totals == (side0, side1)
    assert after.card_count() == 108


@rule("draw.exhausted", "score.exhausted")
def test_push_with_one_stock_card_ends_without_transfer() -> None:
    variant = PUSH.replace(short_stock_push=ShortStockPush.END_WITHOUT_TRANSFER)
    state = position(
        variant, phase=Phase.DRAW, current=2, hands={2: "3C 4C 5C"}, upcard="KS", stock_size=1
    )
    after = play(state, Push(2))
    assert after.phase is Phase.BETWEEN_DEALS
    assert after.hands == state.hands
    result = after.results[-1]
    assert result.ended_by is DealEnd.EXHAUSTED and result.went_out is None
    assert result.hands == state.hands
    assert result.penalties == (
        hand_points(state.hands[0]) + hand_points(state.hands[2]),
        hand_points(state.hands[1]) + hand_points(state.hands[3]),
    )


@rule("draw.exhausted")
def test_push_with_one_stock_card_is_forbidden_with_the_option() -> None:
    variant = PUSH.replace(short_stock_push=ShortStockPush.FORBIDDEN)
    state = position(
        variant, phase=Phase.DRAW, current=2, hands={2: "3C 4C 5C"}, upcard="KS", stock_size=1
    )
    assert pr.legal_moves(state) == (Take(2),)
    err = assert_rejected(state, Push(2), IllegalMoveError, "draw.exhausted")
    assert err.seat == 2
    after = play(state, Take(2))  # taking never needs the stock
    assert after.phase is Phase.PLAY and after.stock == state.stock
    roomy = position(
        variant, phase=Phase.DRAW, current=2, hands={2: "3C 4C 5C"}, upcard="KS", stock_size=3
    )
    assert pr.legal_moves(roomy) == (Take(2), Push(2))


@rule("draw.exhausted")
def test_the_last_deal_ends_the_game_on_an_exhausted_stock() -> None:
    state = position(
        phase=Phase.DRAW, deal_number=5, current=1, hands={1: "3C 4C 5C"}, upcard="KS", stock_size=1
    )
    after = play(state, Push(1))
    assert after.phase is Phase.GAME_OVER
    assert after.outcome is not None
    assert after.results[-1].ended_by is DealEnd.EXHAUSTED


# =============================================================================================
# §3 Melds
# =============================================================================================


@rule("meld.set", "meld.set_suits")
def test_sets_of_three_or_four_of_one_rank_different_suits() -> None:
    assert set_("7C 7D 7H").rank is Rank.SEVEN
    assert len(set_("7C 7D 7H 7S").cards) == 4
    assert set_("AC AD AH").rank is Rank.ACE
    for bad in ("7C 7D", "7C 7D 8H"):
        with pytest.raises(InvalidMeldError) as info:
            set_(bad)
        assert info.value.rule == "meld.set"
    # Two naturals of one suit (even with a wild), a fifth card: melds that Push's
    # set_suits=distinct refuses ([meld.set_suits]).
    for bad in ("7C 7C 7D", "7C 7D 7H 7S JK", "7C 7C JK"):
        with pytest.raises(InvalidMeldError) as info:
            check_meld(set_(bad), PUSH)
        assert info.value.rule == "meld.set_suits"


@rule("meld.set", "contract.laydown")
def test_a_set_of_four_and_two_sets_of_one_rank_may_be_laid_down() -> None:
    state = position(hands={0: "7C 7D 7H 7S 9C 9D 9H"})
    after = play(state, LayDown(0, (set_("7C 7D 7H 7S"), set_("9C 9D 9H"))))
    assert after.phase is Phase.BETWEEN_DEALS  # every card melded: out
    state = position(hands={0: "7C 7C 7D 7H 7S 2D KS"})
    after = play(state, LayDown(0, (set_("7C 7D 7H"), set_("7C 7S 2D"))))
    assert [tm.meld.rank for tm in after.table] == [Rank.SEVEN, Rank.SEVEN]


@rule("meld.set", "layoff.card")
def test_a_set_grows_by_a_new_suit_or_a_wild_up_to_four() -> None:
    table = [(1, set_("7C 7D 7H"))]
    state = position(hands={0: "7S 7C JK 2D 9H"}, table=table, laid_down=[0, 1])
    grown = play(state, LayOff(0, c("7S"), 0, None))
    assert grown.table[0].meld.cards == cards("7C 7D 7H 7S")
    assert_rejected(state, LayOff(0, c("7C"), 0, None), InvalidMeldError, "layoff.card")
    assert_rejected(state, LayOff(0, c("9H"), 0, None), InvalidMeldError, "layoff.card")
    wild = play(state, LayOff(0, c("JK"), 0, None))
    assert wild.table[0].meld.roles == (Rank.SEVEN,) * 4
    assert_rejected(grown, LayOff(0, c("JK"), 0, None), InvalidMeldError, "layoff.card")
    assert_rejected(wild, LayOff(0, c("7S"), 0, None), InvalidMeldError, "layoff.card")
    # a set has no ends
    assert_rejected(state, LayOff(0, c("7S"), 0, End.HIGH), InvalidMeldError, "layoff.card")


@rule("meld.run")
def test_runs_ace_low_or_high_never_both_no_wrap() -> None:
    assert run("AH 2H 3H").start == 1
    assert run("QS KS AS").roles == (Rank.QUEEN, Rank.KING, Rank.ACE)
    assert run("QS KS AS").start == 12
    for bad in ("KS AS 2S", "KS AS 3S", "3H 4H 6H", "3H 4D 5H"):
        with pytest.raises(InvalidMeldError) as info:
            run(bad)
        assert info.value.rule == "meld.run"
    with pytest.raises(InvalidMeldError):
        Meld(MeldKind.RUN, cards("JK JK JK"), suit=Suit.SPADES, start=13)  # K-A-2: wraps


@rule("meld.run", "layoff.card")
def test_runs_grow_at_either_end_until_the_high_ace() -> None:
    table = [(1, run("QH KH AH")), (1, run("AD 2S 3D"))]
    state = position(hands={0: "JH AH 2C 4D 9C"}, table=table, laid_down=[0, 1])
    low = play(state, LayOff(0, c("JH"), 0, End.LOW))
    assert low.table[0].meld.start == 11
    assert low.table[0].meld.cards == cards("JH") + run("QH KH AH").cards
    # nothing beyond the high ace or below the low ace: runs do not wrap
    assert_rejected(state, LayOff(0, c("2C"), 0, End.HIGH), InvalidMeldError, "layoff.card")
    assert_rejected(state, LayOff(0, c("AH"), 0, End.HIGH), InvalidMeldError, "layoff.card")
    assert_rejected(state, LayOff(0, c("2C"), 1, End.LOW), InvalidMeldError, "layoff.card")
    assert_rejected(state, LayOff(0, c("4D"), 1, End.LOW), InvalidMeldError, "layoff.card")
    assert_rejected(state, LayOff(0, c("9C"), 0, End.LOW), InvalidMeldError, "layoff.card")
    assert_rejected(state, LayOff(0, c("JH"), 0, None), InvalidMeldError, "layoff.card")
    high = play(state, LayOff(0, c("4D"), 1, End.HIGH))
    assert high.table[1].meld.roles == (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR)


@rule("meld.run")
def test_the_longest_run_has_fourteen_cards_or_thirteen_with_the_option() -> None:
    assert PUSH.max_run_length == 14
    full = [(1, run("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"))]
    assert full[0][1].start == 2
    state = position(hands={0: "AH 9C"}, table=full, laid_down=[0, 1], other_hand_size=8)
    # position 2 empty: ace low at position 1 completes 14 cards
    after = play(state, LayOff(0, c("AH"), 0, End.LOW))
    assert len(after.table[0].meld.cards) == 14
    short = PUSH.replace(max_run_length=13)
    state13 = position(short, hands={0: "AH 9C"}, table=full, laid_down=[0, 1], other_hand_size=8)
    assert_rejected(state13, LayOff(0, c("AH"), 0, End.LOW), InvalidMeldError, "meld.run")


@rule("meld.run")
def test_a_fourteen_card_new_meld_needs_max_run_length_14() -> None:
    hand = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 9C"
    meld = run("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    table = [(0, set_("7C 7D 7S"))]
    state = position(hands={0: hand}, table=table, laid_down=[0], other_hand_size=8)
    after = play(state, NewMeld(0, meld))
    assert after.hands[0] == cards("9C")
    short = PUSH.replace(max_run_length=13)
    state = position(short, hands={0: hand}, table=table, laid_down=[0], other_hand_size=8)
    assert_rejected(state, NewMeld(0, meld), InvalidMeldError, "meld.run")
    thirteen = run("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    play(state, NewMeld(0, thirteen))


@rule("meld.run", "meld.new")
def test_two_runs_of_one_suit_may_lie_side_by_side() -> None:
    table = [(1, run("3H 4H 5H"))]
    state = position(hands={0: "6H 7H 8H 9C"}, table=table, laid_down=[0, 1])
    after = play(state, NewMeld(0, run("6H 7H 8H")))
    assert [tm.meld for tm in after.table] == [run("3H 4H 5H"), run("6H 7H 8H")]
    assert [tm.owner for tm in after.table] == [1, 0]
    assert [tm.id for tm in after.table] == [0, 1]


@rule("meld.wild")
def test_a_meld_may_be_only_wilds_and_must_be_fully_declared() -> None:
    assert set_("JK 2C 2D", Rank.KING).roles == (Rank.KING,) * 3
    with pytest.raises(InvalidMeldError) as info:
        set_("JK 2C 2D")  # no rank declared
    assert info.value.rule == "meld.wild"
    with pytest.raises(InvalidMeldError) as info:
        run("JK 2C JK")  # no suit or start declared
    assert info.value.rule == "meld.wild"
    assert run("JK 2C JK", suit=Suit.SPADES, start=Rank.TEN).roles == (
        Rank.TEN,
        Rank.JACK,
        Rank.QUEEN,
    )
    with pytest.raises(InvalidMeldError) as info:
        Meld(MeldKind.RUN, cards("5H 6H 7H"), suit=Suit.HEARTS)  # start missing
    assert info.value.rule == "meld.wild"
    # one natural: the player declares where the wilds stand
    a, b = run("JK 5H 2C"), run("5H JK 2C")
    assert a != b and a.start == 4 and b.start == 5


@rule("meld.wild", "meld.new")
def test_an_all_wild_meld_is_legal_by_default_but_not_with_min_naturals_1() -> None:
    table = [(0, set_("7C 7D 7H"))]
    meld = set_("JK 2C 2D", Rank.KING)
    state = position(hands={0: "JK 2C 2D 9H 9S"}, table=table, laid_down=[0])
    play(state, NewMeld(0, meld))
    wild_run = run("JK 2C 2D", suit=Suit.SPADES, start=5)
    play(state, NewMeld(0, wild_run))
    strict = PUSH.replace(min_naturals_per_meld=1)
    state = position(strict, hands={0: "JK 2C 2D 9H 9S"}, table=table, laid_down=[0])
    assert_rejected(state, NewMeld(0, meld), InvalidMeldError, "meld.wild")
    assert_rejected(state, NewMeld(0, wild_run), InvalidMeldError, "meld.wild")


@rule("meld.wild", "contract.laydown")
def test_min_naturals_per_meld_applies_to_the_contract() -> None:
    hand = "7C JK 2D 9C 9D 9H KS"
    laid = LayDown(0, (set_("7C JK 2D"), set_("9C 9D 9H")))
    play(position(hands={0: hand}), laid)
    play(position(PUSH.replace(min_naturals_per_meld=1), hands={0: hand}), laid)
    all_wild = LayDown(0, (set_("JK 2D 2C", Rank.SEVEN), set_("9C 9D 9H")))
    hand2 = "2C JK 2D 9C 9D 9H KS"
    play(position(hands={0: hand2}), all_wild)
    strict = position(PUSH.replace(min_naturals_per_meld=1), hands={0: hand2})
    assert_rejected(strict, all_wild, InvalidMeldError, "meld.wild")


@rule("meld.wild")
@pytest.mark.parametrize(
    ("limit", "legal"),
    [
        (WildLimit.UNLIMITED, {"7C JK 2D", "7C 7D JK", "7C 7D JK 2S", "7C 7D 7H JK"}),
        (WildLimit.AT_MOST_NATURALS, {"7C 7D JK", "7C 7D JK 2S", "7C 7D 7H JK"}),
        (WildLimit.FEWER_THAN_NATURALS, {"7C 7D JK", "7C 7D 7H JK"}),
    ],
)
def test_wild_limit_counts_wilds_against_naturals_per_meld(
    limit: WildLimit, legal: set[str]
) -> None:
    variant = PUSH.replace(wild_limit=limit)
    table = [(1, set_("9C 9D 9H"))]
    for text in ("7C JK 2D", "7C 7D JK", "7C 7D JK 2S", "7C 7D 7H JK"):
        hand = text + " KS QS"
        state = position(variant, hands={0: hand}, table=table, laid_down=[0, 1])
        move = NewMeld(0, set_(text))
        if text in legal:
            play(state, move)
        else:
            assert_rejected(state, move, InvalidMeldError, "meld.wild")


@rule("meld.wild", "layoff.card")
def test_wild_limit_is_checked_after_every_lay_off() -> None:
    table = [(1, set_("7C 7D JK")), (1, run("5H 6H JK"))]
    for limit, ok in [
        (WildLimit.UNLIMITED, True),
        (WildLimit.AT_MOST_NATURALS, True),
        (WildLimit.FEWER_THAN_NATURALS, False),
    ]:
        variant = PUSH.replace(wild_limit=limit)
        state = position(variant, hands={0: "2S 2C 9C"}, table=table, laid_down=[0, 1])
        for move in (LayOff(0, c("2S"), 0, None), LayOff(0, c("2S"), 1, End.HIGH)):
            if ok:
                play(state, move)
            else:
                assert_rejected(state, move, InvalidMeldError, "meld.wild")
    strict = PUSH.replace(wild_limit=WildLimit.AT_MOST_NATURALS)
    grown = position(
        strict, hands={0: "2S 2C 9C"}, table=[(1, set_("7C 7D JK 2H"))], laid_down=[0, 1]
    )
    assert_rejected(grown, LayOff(0, c("2S"), 0, None), InvalidMeldError, "layoff.card")
    state = position(strict, hands={0: "2S 2C 9C"}, table=[(1, run("5H JK 7H"))], laid_down=[0, 1])
    after = play(state, LayOff(0, c("2S"), 0, End.HIGH))  # 2 wilds, 2 naturals
    assert_rejected(after, LayOff(0, c("2C"), 0, End.LOW), InvalidMeldError, "meld.wild")


@rule("meld.wild", "layoff.card")
def test_a_wild_lays_off_with_the_rank_of_the_end_it_fills() -> None:
    table = [(1, run("5H 6H 7H"))]
    state = position(hands={0: "JK 9C"}, table=table, laid_down=[0, 1])
    low = play(state, LayOff(0, c("JK"), 0, End.LOW))
    high = play(state, LayOff(0, c("JK"), 0, End.HIGH))
    assert low.table[0].meld.roles[0] is Rank.FOUR
    assert high.table[0].meld.roles[-1] is Rank.EIGHT


@rule("meld.frozen")
def test_table_melds_are_never_split_joined_reordered_or_redeclared() -> None:
    first, second = run("3H 4H JK"), run("7H 8H 9H")  # JK declared as 5H
    table = [(1, first), (2, second), (3, set_("QC QD QH"))]
    state = position(hands={0: "6H 2C QS 9C"}, table=table, laid_down=[0, 1, 2, 3])
    after = play(state, LayOff(0, c("6H"), 0, End.HIGH))
    # 3H 4H JK 6H and 7H 8H 9H stay two melds: nothing joins them
    assert after.table[0].meld.cards == (*first.cards, c("6H"))
    assert after.table[0].meld.roles == (Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX)
    assert after.table[1] == state.table[1]
    assert [(tm.id, tm.owner) for tm in after.table] == [(0, 1), (1, 2), (2, 3)]
    # a card only ever extends an end; the old cards keep their places and roles
    low = play(after, LayOff(0, c("2C"), 1, End.LOW))
    assert low.table[1].meld.cards[1:] == second.cards
    assert low.table[1].meld.roles == (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE)
    assert low.table[0] == after.table[0]
    # a set grows only up to 4 cards
    full = play(low, LayOff(0, c("QS"), 2, None))
    assert len(full.table[2].meld.cards) == 4
    assert full.table[:2] == low.table[:2]


# =============================================================================================
# §3 The contract
# =============================================================================================


@rule("contract.table")
def test_the_contract_of_each_deal() -> None:
    push = ["2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3", "2 runs of 5"]
    cap = [*push[:4], "1 run of 3 + 1 run of 7"]
    assert [str(d.contract) for d in PUSH.deals] == push
    assert [str(d.contract) for d in CAP_IT.deals] == cap
    for number in range(1, 6):
        assert position(deal_number=number, hands={}).contract == PUSH.deals[number - 1].contract
        assert (
            position(CAP_IT, deal_number=number, hands={}).contract
            == CAP_IT.deals[number - 1].contract
        )


@rule("contract.table", "contract.laydown")
def test_each_deal_demands_its_own_contract() -> None:
    two_sets = LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H")))
    deal1 = position(deal_number=1, hands={0: "7C 7D 7H 9C 9D 9H KS"})
    play(deal1, two_sets)
    deal2 = position(deal_number=2, hands={0: "7C 7D 7H 9C 9D 9H KS QS"})
    assert_rejected(deal2, two_sets, ContractNotMetError, "contract.laydown")
    set_run = LayDown(0, (set_("7C 7D 7H"), run("9H 10H JH QH")))
    deal2b = position(deal_number=2, hands={0: "7C 7D 7H 9H 10H JH QH KS"})
    play(deal2b, set_run)
    deal5 = position(deal_number=5, hands={0: "3D 4D 5D 6D 7D 9H 10H JH QH KH AS"})
    runs = LayDown(0, (run("3D 4D 5D 6D 7D"), run("9H 10H JH QH KH")))
    play(deal5, runs)
    cap5 = position(CAP_IT, deal_number=5, hands={0: "3D 4D 5D 6D 7D 9H 10H JH QH KH AS"})
    assert_rejected(cap5, runs, ContractNotMetError, "contract.laydown")
    cap_runs = LayDown(0, (run("3D 4D 5D"), run("7D 8D 9D 10D JD QD KD")))
    cap5b = position(CAP_IT, deal_number=5, hands={0: "3D 4D 5D 7D 8D 9D 10D JD QD KD AS"})
    play(cap5b, cap_runs)


@rule("contract.laydown")
def test_nothing_is_melded_or_laid_off_before_the_contract() -> None:
    table = [(1, set_("QC QD QH"))]
    state = position(hands={0: "QS 7C 7D 7H 9C 9D 9H"}, table=table, laid_down=[1])
    assert_rejected(state, LayOff(0, c("QS"), 0, None), ContractNotMetError, "layoff.when")
    assert_rejected(state, NewMeld(0, set_("7C 7D 7H")), ContractNotMetError, "layoff.when")
    after = play(state, LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))))
    play(after, LayOff(0, c("QS"), 0, None))


@rule("contract.laydown")
def test_the_contract_is_exactly_its_number_of_melds_of_the_right_kinds() -> None:
    hand = "7C 7D 7H 9C 9D 9H KC KD KH"
    state = position(hands={0: hand})
    # One meld is a step of the lay-down ([contract.steps]), not the whole of it.
    step = play(state, LayDown(0, (set_("7C 7D 7H"),)))
    assert step.phase is Phase.LAYING_DOWN and not step.laid_down[0]
    assert_rejected(
        step,
        LayDown(0, (set_("9C 9D 9H"), set_("KC KD KH"))),
        ContractNotMetError,
        "contract.laydown",
    )
    three = LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"), set_("KC KD KH")))
    assert_rejected(state, three, ContractNotMetError, "contract.laydown")
    assert_rejected(state, LayDown(0, ()), ContractNotMetError, "contract.laydown")
    # deal 2: a set and a run, not two sets or two runs
    deal2 = position(deal_number=2, hands={0: "7C 7D 7H 3S 4S 5S 6S 8S 9S 10S JS"})
    assert_rejected(
        deal2,
        LayDown(0, (run("3S 4S 5S 6S"), run("8S 9S 10S JS"))),
        ContractNotMetError,
        "contract.laydown",
    )
    # a run of 3 is not a run of 4
    assert_rejected(
        deal2,
        LayDown(0, (set_("7C 7D 7H"), run("3S 4S 5S"))),
        ContractNotMetError,
        "contract.laydown",
    )
    play(deal2, LayDown(0, (set_("7C 7D 7H"), run("3S 4S 5S 6S"))))


@rule("contract.laydown", "contract.steps")
def test_one_long_run_never_counts_as_two() -> None:
    state = position(deal_number=3, hands={0: "3S 4S 5S 6S 7S 8S 9S 10S KH"})
    # The long run counts as one run of the two, and KH cannot make the other.
    error = assert_rejected(
        state,
        LayDown(0, (run("3S 4S 5S 6S 7S 8S 9S 10S"),)),
        ContractNotMetError,
        "contract.steps",
    )
    assert "cannot make 1 run of 4" in str(error)
    # the same cards as two separate runs of one suit are fine
    after = play(state, LayDown(0, (run("3S 4S 5S 6S"), run("7S 8S 9S 10S"))))
    assert len(after.table) == 2


@rule("contract.laydown", "out.empty")
def test_longer_components_count_and_may_take_every_card() -> None:
    state = position(deal_number=3, hands={0: "3S 4S 5S 6S 7S 9H 10H JH QH"})
    after = play(state, LayDown(0, (run("3S 4S 5S 6S 7S"), run("9H 10H JH QH"))))
    assert after.phase is Phase.BETWEEN_DEALS
    assert after.results[-1].went_out == 0


@rule("contract.laydown")
def test_contract_exact_sizes() -> None:
    hand = "7C 7D 7H 7S 9C 9D 9H KS"
    four = LayDown(0, (set_("7C 7D 7H 7S"), set_("9C 9D 9H")))
    three = LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H")))
    assert not PUSH.contract_exact_sizes
    play(position(hands={0: hand}), four)
    exact = position(PUSH.replace(contract_exact_sizes=True), hands={0: hand})
    assert_rejected(exact, four, ContractNotMetError, "contract.laydown")
    after = play(exact, three)
    # after the contract the fourth seven may be laid off as usual
    play(after, LayOff(0, c("7S"), 0, None))
    runs = position(
        PUSH.replace(contract_exact_sizes=True),
        deal_number=3,
        hands={0: "3S 4S 5S 6S 7S 9H 10H JH QH"},
    )
    assert_rejected(
        runs,
        LayDown(0, (run("3S 4S 5S 6S 7S"), run("9H 10H JH QH"))),
        ContractNotMetError,
        "contract.laydown",
    )
    play(runs, LayDown(0, (run("4S 5S 6S 7S"), run("9H 10H JH QH"))))


@rule("contract.laydown")
def test_the_contract_is_laid_down_once() -> None:
    state = position(hands={0: "7C 7D 7H 9C 9D 9H KC KD KH QS"}, laid_down=[0])
    again = LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H")))
    assert_rejected(state, again, IllegalMoveError, "contract.laydown")


@rule("contract.laydown", "meld.set")
def test_a_lay_down_with_an_invalid_meld_is_refused_as_a_meld_error() -> None:
    strict = PUSH.replace(wild_limit=WildLimit.FEWER_THAN_NATURALS)
    state = position(strict, hands={0: "7C JK 2D 9C 9D 9H KS"})
    laid = LayDown(0, (set_("7C JK 2D"), set_("9C 9D 9H")))
    assert_rejected(state, laid, InvalidMeldError, "meld.wild")


@rule("contract.own")
def test_a_partners_contract_does_not_qualify_you() -> None:
    table = [(2, set_("QC QD QH")), (2, set_("5C 5D 5H"))]
    state = position(hands={0: "QS 5S 7C 7D 7H 8C 8D 8H"}, table=table, laid_down=[2])
    assert state.side_of(2) == state.side_of(0)
    assert_rejected(state, LayOff(0, c("QS"), 0, None), ContractNotMetError, "layoff.when")
    assert_rejected(state, NewMeld(0, set_("7C 7D 7H")), ContractNotMetError, "layoff.when")
    after = play(state, LayDown(0, (set_("7C 7D 7H"), set_("8C 8D 8H"))))
    play(after, LayOff(0, c("QS"), 0, None))  # now on the partner's meld


# =============================================================================================
# §3 After the contract
# =============================================================================================


@rule("layoff.when", "meld.new", "layoff.card")
def test_lay_offs_and_new_melds_in_the_same_turn_as_the_contract() -> None:
    assert PUSH.same_turn_after_contract
    table = [(1, run("3H 4H 5H"))]
    state = position(
        deal_number=2, hands={0: "7C 7D 7H 9S 10S JS QS 6H KC KD KH"}, table=table, laid_down=[1]
    )
    after = play(state, LayDown(0, (set_("7C 7D 7H"), run("9S 10S JS QS"))))
    after = play(after, LayOff(0, c("6H"), 0, End.HIGH))  # on an opponent's run
    after = play(after, NewMeld(0, set_("KC KD KH")))
    assert after.phase is Phase.BETWEEN_DEALS  # every card melded
    assert after.results[-1].went_out == 0


@rule("layoff.when")
def test_as_often_as_they_like() -> None:
    table = [(1, run("5H 6H 7H")), (0, set_("9C 9D 9H"))]
    state = position(hands={0: "4H 3H 8H 9S KS"}, table=table, laid_down=[0, 1])
    after = play_all(
        state,
        [
            LayOff(0, c("4H"), 0, End.LOW),
            LayOff(0, c("8H"), 0, End.HIGH),
            LayOff(0, c("3H"), 0, End.LOW),
            LayOff(0, c("9S"), 1, None),
        ],
    )
    assert after.hands[0] == cards("KS")
    assert after.phase is Phase.PLAY


@rule("layoff.when")
def test_same_turn_after_contract_false_waits_for_the_next_turn() -> None:
    variant = PUSH.replace(same_turn_after_contract=False)
    table = [(1, run("3H 4H 5H"))]
    hand = "7C 7D 7H 9C 9D 9H 6H KC KD KH"
    state = position(variant, hands={0: hand}, table=table, laid_down=[1])
    after = play(state, LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))))
    assert after.laid_down_this_turn
    assert_rejected(after, LayOff(0, c("6H"), 0, End.HIGH), IllegalMoveError, "layoff.when")
    assert_rejected(after, NewMeld(0, set_("KC KD KH")), IllegalMoveError, "layoff.when")
    moves = pr.legal_moves(after)
    assert moves and all(isinstance(m, Discard) for m in moves)
    # next turn (laid down on an earlier turn): allowed
    later = position(
        variant,
        hands={0: "6H KC KD KH QS"},
        table=table,
        laid_down=[0, 1],
        laid_down_this_turn=False,
    )
    play(later, LayOff(0, c("6H"), 0, End.HIGH))
    play(later, NewMeld(0, set_("KC KD KH")))


@rule("layoff.when", "contract.laydown")
def test_same_turn_after_contract_false_lengthens_the_melds_just_laid() -> None:
    # Lengthening its own melds of the lay-down is laying them down longer: the one lay-off
    # of that turn, unless the contract's sizes are exact.
    variant = PUSH.replace(same_turn_after_contract=False)
    table = [(1, run("3H 4H 5H")), (2, set_("KC KD KH"))]  # an opponent's, the partner's
    hand = "7C 7D 7H 9C 9D 9H 7S 6H KS QS"
    state = position(variant, hands={0: hand}, table=table, laid_down=[1, 2])
    after = play(state, LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))))
    assert {m for m in pr.legal_moves(after) if not isinstance(m, Discard)} == {
        LayOff(0, c("7S"), 2, None)
    }
    longer = play(after, LayOff(0, c("7S"), 2, None))
    assert longer.table[2].meld == set_("7C 7D 7H 7S")
    assert_rejected(longer, LayOff(0, c("6H"), 0, End.HIGH), IllegalMoveError, "layoff.when")
    assert_rejected(longer, LayOff(0, c("KS"), 1, None), IllegalMoveError, "layoff.when")
    assert_rejected(longer, NewMeld(0, set_("KC KD KH")), IllegalMoveError, "layoff.when")
    exact = position(
        variant.replace(contract_exact_sizes=True), hands={0: hand}, table=table, laid_down=[1, 2]
    )
    after = play(exact, LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))))
    assert_rejected(after, LayOff(0, c("7S"), 2, None), IllegalMoveError, "layoff.when")
    assert all(isinstance(m, Discard) for m in pr.legal_moves(after))


@rule("layoff.card")
@pytest.mark.parametrize(
    ("targets", "allowed_owners"),
    [
        (LayoffTargets.ANY, {0, 1, 2, 3}),
        (LayoffTargets.TEAM, {0, 2}),
        (LayoffTargets.OWN, {0}),
    ],
)
def test_layoff_targets(targets: LayoffTargets, allowed_owners: set[int]) -> None:
    variant = PUSH.replace(layoff_targets=targets)
    table = [
        (0, run("3C 4C 5C")),
        (1, run("3D 4D 5D")),
        (2, run("3H 4H 5H")),
        (3, run("3S 4S 5S")),
    ]
    state = position(variant, hands={0: "6C 6D 6H 6S KC"}, table=table, laid_down=[0, 1, 2, 3])
    for owner, suit in zip(range(4), "CDHS"):
        move = LayOff(0, c("6" + suit), owner, End.HIGH)
        if owner in allowed_owners:
            play(state, move)
        else:
            assert_rejected(state, move, IllegalMoveError, "layoff.card")


@rule("layoff.card")
def test_team_targets_in_cap_it_mean_your_own_melds() -> None:
    variant = CAP_IT.replace(layoff_targets=LayoffTargets.TEAM)
    table = [(0, run("3C 4C 5C")), (2, run("3H 4H 5H"))]
    state = position(variant, hands={0: "6C 6H KC"}, table=table, laid_down=[0, 2])
    play(state, LayOff(0, c("6C"), 0, End.HIGH))
    assert_rejected(state, LayOff(0, c("6H"), 1, End.HIGH), IllegalMoveError, "layoff.card")


@rule("layoff.card")
def test_a_lay_off_names_an_existing_meld() -> None:
    state = position(hands={0: "6C KC"}, table=[(1, run("3C 4C 5C"))], laid_down=[0, 1])
    assert_rejected(state, LayOff(0, c("6C"), 1, End.HIGH), IllegalMoveError, "layoff.card")
    assert_rejected(state, LayOff(0, c("6C"), -1, End.HIGH), IllegalMoveError, "layoff.card")
    assert_rejected(state, LayOff(0, c("7C"), 0, End.HIGH), CardNotInHandError, "turn.holds")


@rule("meld.new")
def test_new_melds_after_contract_false() -> None:
    variant = PUSH.replace(new_melds_after_contract=False)
    table = [(0, set_("9C 9D 9H")), (1, run("3H 4H 5H"))]
    state = position(variant, hands={0: "KC KD KH 6H QS"}, table=table, laid_down=[0, 1])
    assert_rejected(state, NewMeld(0, set_("KC KD KH")), IllegalMoveError, "meld.new")
    play(state, LayOff(0, c("6H"), 1, End.HIGH))  # lay-offs are still allowed
    assert not any(isinstance(m, NewMeld) for m in pr.legal_moves(state))
    play(
        position(hands={0: "KC KD KH 6H QS"}, table=table, laid_down=[0, 1]),
        NewMeld(0, set_("KC KD KH")),
    )


@rule("meld.new", "meld.set", "meld.run")
def test_new_melds_must_be_valid_melds_of_three_or_more() -> None:
    table = [(0, set_("9C 9D 9H"))]
    state = position(hands={0: "KC KD 3S 4S 5S QS"}, table=table, laid_down=[0])
    play(state, NewMeld(0, run("3S 4S 5S")))
    with pytest.raises(InvalidMeldError):
        set_("KC KD")
    assert_rejected(state, NewMeld(0, set_("KC KD KS")), CardNotInHandError, "turn.holds")


@rule("layoff.exchange")
def test_wilds_on_the_table_never_come_back_by_default() -> None:
    assert PUSH.wild_exchange is WildExchange.NONE
    table = [(1, run("5H JK 7H"))]
    state = position(hands={0: "6H KC"}, table=table, laid_down=[0, 1])
    assert_rejected(state, ExchangeWild(0, 0, 6, c("6H")), IllegalMoveError, "layoff.exchange")


@rule("layoff.exchange")
@pytest.mark.parametrize("option", [WildExchange.JOKERS_IN_RUNS, WildExchange.ANY_IN_RUNS])
def test_exchange_a_joker_in_a_run(option: WildExchange) -> None:
    variant = PUSH.replace(wild_exchange=option)
    table = [(1, run("5H JK 7H")), (1, set_("9C 9D JK"))]
    state = position(variant, hands={0: "6H 9S KC"}, table=table, laid_down=[0, 1])
    after = play(state, ExchangeWild(0, 0, 6, c("6H")))
    assert after.table[0].meld.cards == cards("5H 6H 7H")
    assert after.table[0].meld.start == 5
    assert after.hands[0] == tuple(sorted(cards("9S KC JK")))
    assert after.known[0] == (c("JK"),)
    assert after.phase is Phase.PLAY
    # never in a set
    assert_rejected(state, ExchangeWild(0, 1, 9, c("9S")), IllegalMoveError, "layoff.exchange")
    # only for the card the wild stands for
    assert_rejected(state, ExchangeWild(0, 0, 6, c("KC")), IllegalMoveError, "layoff.exchange")
    assert_rejected(state, ExchangeWild(0, 0, 5, c("6H")), IllegalMoveError, "layoff.exchange")
    assert_rejected(state, ExchangeWild(0, 0, 9, c("6H")), IllegalMoveError, "layoff.exchange")
    # only after the contract
    before = position(variant, hands={0: "6H 9S KC"}, table=table, laid_down=[1])
    assert_rejected(before, ExchangeWild(0, 0, 6, c("6H")), ContractNotMetError, "layoff.exchange")
    # the natural must be in hand
    none = position(variant, hands={0: "9S KC"}, table=table, laid_down=[0, 1])
    assert_rejected(none, ExchangeWild(0, 0, 6, c("6H")), CardNotInHandError, "turn.holds")


@rule("layoff.exchange")
@pytest.mark.parametrize(
    ("option", "two_ok"),
    [(WildExchange.JOKERS_IN_RUNS, False), (WildExchange.ANY_IN_RUNS, True)],
)
def test_exchange_a_two_in_a_run_only_with_any_in_runs(option: WildExchange, two_ok: bool) -> None:
    variant = PUSH.replace(wild_exchange=option)
    table = [(1, run("5H 2C 7H"))]
    state = position(variant, hands={0: "6H KC"}, table=table, laid_down=[0, 1])
    move = ExchangeWild(0, 0, 6, c("6H"))
    if two_ok:
        after = play(state, move)
        assert c("2C") in after.hands[0]
    else:
        assert_rejected(state, move, IllegalMoveError, "layoff.exchange")


@rule("layoff.exchange", "meld.run")
def test_exchange_a_joker_standing_for_an_ace_low_or_high() -> None:
    variant = PUSH.replace(wild_exchange=WildExchange.JOKERS_IN_RUNS)
    table = [(1, run("QH KH JK")), (2, run("JK 2S 3S"))]  # JK = AH (high), JK = AS (low)
    state = position(variant, hands={0: "AH AS KC"}, table=table, laid_down=[0, 1])
    high = play(state, ExchangeWild(0, 0, 14, c("AH")))
    assert high.table[0].meld.cards == cards("QH KH AH")
    low = play(state, ExchangeWild(0, 1, 1, c("AS")))
    assert low.table[1].meld.cards == cards("AS 2S 3S")
    assert_rejected(state, ExchangeWild(0, 0, 1, c("AH")), IllegalMoveError, "layoff.exchange")
    assert_rejected(state, ExchangeWild(0, 1, 14, c("AS")), IllegalMoveError, "layoff.exchange")


@rule("layoff.exchange")
def test_a_wild_standing_for_a_two_has_no_natural_to_exchange() -> None:
    variant = PUSH.replace(wild_exchange=WildExchange.ANY_IN_RUNS)
    table = [(1, run("AH JK 3H"))]  # the joker stands for 2H, itself a wild
    state = position(variant, hands={0: "2H KC"}, table=table, laid_down=[0, 1])
    assert_rejected(state, ExchangeWild(0, 0, 2, c("2H")), IllegalMoveError, "layoff.exchange")
    assert not any(isinstance(m, ExchangeWild) for m in pr.legal_moves(state))


# =============================================================================================
# §3 Discard and going out
# =============================================================================================


@rule("discard.end")
def test_a_discard_ends_the_turn_and_becomes_the_next_upcard() -> None:
    state = position(hands={1: "3C 4D 8S KH QC JS AC"}, current=1)
    after = play(state, Discard(1, c("KH")))
    assert after.upcard == c("KH")
    assert after.hands[1] == hand("3C 4D 8S QC JS AC")
    assert after.phase is Phase.DRAW
    assert after.current_player == 2
    assert after.turn == state.turn + 1
    assert after.taken is None
    assert_rejected(after, Discard(1, c("QC")), NotYourTurnError, "turn.seat")


@rule("discard.end")
def test_the_discard_is_compulsory_there_is_no_pass() -> None:
    state = position(hands={1: "3C 4D 8S KH QC JS AC"}, current=1)
    moves = pr.legal_moves(state)
    assert moves == tuple(Discard(1, x) for x in sorted(set(state.hands[1])))
    assert_rejected(state, Take(1), WrongPhaseError, "draw.choice")
    assert_rejected(state, NextDeal(), WrongPhaseError, "turn.between")


@rule("discard.taken")
def test_the_taken_upcard_may_not_be_discarded_the_same_turn() -> None:
    assert not PUSH.may_rediscard_taken
    state = position(phase=Phase.DRAW, hands={0: "7H 3C 4D 8S KH QC"}, upcard="7H")
    after = play(state, Take(0))
    assert_rejected(after, Discard(0, c("7H")), IllegalMoveError, "discard.taken")
    assert Discard(0, c("7H")) not in pr.legal_moves(after)
    play(after, Discard(0, c("KH")))
    relaxed = position(
        PUSH.replace(may_rediscard_taken=True),
        phase=Phase.DRAW,
        hands={0: "7H 3C 4D 8S KH QC"},
        upcard="7H",
    )
    after = play(relaxed, Take(0))
    end = play(after, Discard(0, c("7H")))
    assert end.upcard == c("7H")


@rule("discard.taken")
def test_the_taken_value_may_go_when_every_card_left_has_that_value() -> None:
    state = position(hands={0: "7H 7H"}, taken="7H", laid_down=[0], table=[(0, set_("9C 9D 9H"))])
    after = play(state, Discard(0, c("7H")))
    assert after.hands[0] == cards("7H")
    state = position(hands={0: "7H"}, taken="7H", laid_down=[0], table=[(0, set_("9C 9D 9H"))])
    out = play(state, Discard(0, c("7H")))
    assert out.results[-1].went_out == 0


@rule("discard.taken", "draw.push")
def test_a_pushed_card_carries_no_discard_restriction() -> None:
    state = position(
        phase=Phase.DRAW, hands={0: "3C 4D 8S KH QC JS"}, upcard="7H", stock_top="8C 9C"
    )
    after = play(state, Push(0))
    play(after, Discard(0, c("9C")))
    assert after.taken is None


@rule("discard.wild")
def test_wilds_may_be_discarded_unless_the_option_forbids_it() -> None:
    assert PUSH.may_discard_wild
    hand = "JK 2C 3C 4D 8S"
    play(position(hands={0: hand}), Discard(0, c("JK")))
    play(position(hands={0: hand}), Discard(0, c("2C")))
    strict = position(PUSH.replace(may_discard_wild=False), hands={0: hand})
    assert_rejected(strict, Discard(0, c("JK")), IllegalMoveError, "discard.wild")
    assert_rejected(strict, Discard(0, c("2C")), IllegalMoveError, "discard.wild")
    assert [m.card for m in pr.legal_moves(strict)] == list(cards("3C 4D 8S"))
    # a hand of wilds only must still be able to end the turn
    only = position(
        PUSH.replace(may_discard_wild=False),
        hands={0: "JK 2C"},
        laid_down=[0],
        table=[(0, set_("9C 9D 9H"))],
    )
    play(only, Discard(0, c("JK")))


@rule("out.empty", "score.out")
def test_going_out_by_discarding_the_last_card() -> None:
    state = position(phase=Phase.DRAW, hands={0: "7C 7D 7H 9C 9D 9H"}, upcard="KS")
    state = play(state, Take(0))
    state = play(state, LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))))
    assert state.hands[0] == cards("KS") and state.phase is Phase.PLAY
    out = play(state, Discard(0, c("KS")))  # the taken card, but the only one left
    assert out.phase is Phase.BETWEEN_DEALS
    assert out.current_player is None
    result = out.results[-1]
    assert result.ended_by is DealEnd.OUT and result.went_out == 0
    assert out.upcard == c("KS")
    assert result.hands[0] == ()
    assert result.penalties == (0, hand_points(out.hands[1]) + hand_points(out.hands[3]))


@rule("out.empty")
def test_going_out_by_laying_off_the_last_card() -> None:
    table = [(1, run("5H 6H 7H"))]
    state = position(hands={0: "8H"}, table=table, laid_down=[0, 1])
    out = play(state, LayOff(0, c("8H"), 0, End.HIGH))
    assert out.phase is Phase.BETWEEN_DEALS and out.results[-1].went_out == 0


@rule("out.empty")
def test_must_discard_to_go_out() -> None:
    variant = PUSH.replace(must_discard_to_go_out=True)
    assert not PUSH.must_discard_to_go_out
    all_seven = LayDown(0, (set_("7C 7D 7H 7S"), set_("9C 9D 9H")))
    state = position(variant, hands={0: "7C 7D 7H 7S 9C 9D 9H"})
    assert_rejected(state, all_seven, IllegalMoveError, "out.empty")
    play(state, LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))))
    table = [(1, run("5H 6H 7H"))]
    last = position(variant, hands={0: "8H"}, table=table, laid_down=[0, 1])
    assert_rejected(last, LayOff(0, c("8H"), 0, End.HIGH), IllegalMoveError, "out.empty")
    assert pr.legal_moves(last) == (Discard(0, c("8H")),)
    out = play(last, Discard(0, c("8H")))
    assert out.results[-1].went_out == 0
    meld_all = position(variant, hands={0: "KC KD KH"}, table=table, laid_down=[0, 1])
    assert_rejected(meld_all, NewMeld(0, set_("KC KD KH")), IllegalMoveError, "out.empty")


# =============================================================================================
# §4 Scoring
# =============================================================================================


@rule("score.values")
def test_card_values_of_cards_left_in_hand() -> None:
    values = {
        "3C": 5,
        "9D": 5,
        "10H": 10,
        "JS": 10,
        "QC": 10,
        "KD": 10,
        "AH": 15,
        "2S": 20,
        "JK": 20,
    }
    for text, points in values.items():
        assert pr.hand_value(cards(text), PUSH) == points
    # through the engine: seat 1 keeps 3C 10H AH 2S JK 9D = 75, seat 3 keeps QC KD = 20
    table = [(1, run("5H 6H 7H"))]
    state = position(
        hands={0: "8H", 1: "3C 10H AH 2S JK 9D", 2: "4S", 3: "QC KD"}, table=table, laid_down=[0, 1]
    )
    out = play(state, LayOff(0, c("8H"), 0, End.HIGH))
    assert out.results[-1].penalties == (0, 95)


@rule("score.values")
def test_card_values_option() -> None:
    variant = PUSH.replace(card_values={Rank.ACE: 1, "JK": 50, Rank.KING: 13})
    table = [(1, run("5H 6H 7H"))]
    state = position(
        variant,
        hands={0: "8H", 1: "AH KD JK 3C", 2: "4S", 3: "2C QC"},
        table=table,
        laid_down=[0, 1],
    )
    out = play(state, LayOff(0, c("8H"), 0, End.HIGH))
    assert out.results[-1].penalties == (0, 1 + 13 + 50 + 5 + 20 + 10)
    with pytest.raises(VariantError):
        PUSH.replace(card_values={Rank.ACE: -1})


@rule("score.out")
def test_push_the_partner_of_the_player_out_scores_nothing() -> None:
    table = [(1, run("5H 6H 7H"))]
    state = position(
        current=2,
        hands={0: "AH AD KS", 1: "3C 4C", 2: "8H", 3: "JK"},
        table=table,
        laid_down=[1, 2],
        totals=(10, 20),
    )
    out = play(state, LayOff(2, c("8H"), 0, End.HIGH))
    result = out.results[-1]
    assert result.went_out == 2
    assert result.penalties == (0, 5 + 5 + 20)
    assert out.totals == (10, 20 + 30)
    assert result.hands[0] == hand("AH AD KS")  # shown, but not counted


@rule("score.out")
def test_cap_it_every_other_player_adds_their_own_hand() -> None:
    table = [(1, run("5H 6H 7H"))]
    state = position(
        CAP_IT,
        players=5,
        current=3,
        hands={0: "AH", 1: "3C 4C", 2: "KS KD", 3: "8H", 4: "JK 2C"},
        table=table,
        laid_down=[1, 3],
    )
    out = play(state, LayOff(3, c("8H"), 0, End.HIGH))
    assert out.results[-1].penalties == (15, 10, 20, 0, 40)
    assert out.totals == (15, 10, 20, 0, 40)


@rule("score.exhausted", "game.turn_limit")
def test_turn_limit_ends_the_deal_scored_as_exhausted() -> None:
    assert PUSH.max_turns_per_deal is None
    variant = PUSH.replace(max_turns_per_deal=3)
    state = pr.new_game(variant, seed=30, dealer=0)
    for turn in range(3):
        assert state.phase is Phase.DRAW
        seat = state.current_player
        state = play(state, Push(seat))
        state = play(state, Discard(seat, state.hands[seat][0]))
        assert state.turn == turn + 1 or state.phase is Phase.BETWEEN_DEALS
    assert state.phase is Phase.BETWEEN_DEALS
    result = state.results[-1]
    assert result.ended_by is DealEnd.TURN_LIMIT and result.went_out is None
    assert result.penalties == (
        hand_points(state.hands[0]) + hand_points(state.hands[2]),
        hand_points(state.hands[1]) + hand_points(state.hands[3]),
    )
    with pytest.raises(VariantError):
        PUSH.replace(max_turns_per_deal=0)


@rule("game.turn_limit", "out.empty")
def test_going_out_on_the_last_allowed_turn_is_still_going_out() -> None:
    variant = PUSH.replace(max_turns_per_deal=1)
    state = position(variant, phase=Phase.DRAW, hands={0: "7C 7D 7H 9C 9D 9H"}, upcard="KS")
    state = play_all(
        state, [Take(0), LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))), Discard(0, c("KS"))]
    )
    result = state.results[-1]
    assert result.ended_by is DealEnd.OUT and result.went_out == 0
    assert result.penalties[0] == 0


@rule("game.turn_limit")
def test_without_a_limit_a_deal_can_go_on() -> None:
    state = pr.new_game(PUSH, seed=31, dealer=0)
    for _ in range(200):  # everybody takes and discards a different card: no end
        seat = state.current_player
        state = play(state, Take(seat))
        card = next(x for x in state.hands[seat] if x != state.taken)
        state = play(state, Discard(seat, card))
    assert state.phase is Phase.DRAW and state.turn == 200 and not state.results


@rule("game.end", "turn.between")
def test_lowest_total_wins_after_the_fifth_deal() -> None:
    table = [(1, run("5H 6H 7H"))]
    state = position(
        deal_number=5,
        hands={0: "8H", 1: "3C", 3: "4C"},
        table=table,
        laid_down=[0, 1],
        totals=(300, 270),
    )
    out = play(state, LayOff(0, c("8H"), 0, End.HIGH))
    assert out.phase is Phase.GAME_OVER
    assert out.outcome is not None
    assert out.outcome.totals == (300, 280) == out.totals
    assert out.outcome.winners == (1,)
    assert not out.outcome.is_draw
    assert_rejected(out, NextDeal(), GameOverError, "turn.between")
    assert_rejected(out, Take(1), GameOverError, "turn.between")
    assert pr.legal_moves(out) == ()


@rule("game.end")
def test_equal_lowest_totals_are_a_draw() -> None:
    table = [(1, run("5H 6H 7H"))]
    state = position(
        deal_number=5,
        hands={0: "8H", 1: "3C", 3: "4C"},
        table=table,
        laid_down=[0, 1],
        totals=(290, 280),
    )
    out = play(state, LayOff(0, c("8H"), 0, End.HIGH))
    assert out.outcome.winners == (0, 1)
    assert out.outcome.is_draw
    cap = position(
        CAP_IT,
        players=6,
        deal_number=5,
        current=0,
        hands={0: "8H", 1: "3C", 2: "4C", 3: "KS", 4: "AC", 5: "9D"},
        table=table,
        laid_down=[0, 1],
        totals=(50, 45, 45, 40, 30, 45),
    )
    out = play(cap, LayOff(0, c("8H"), 0, End.HIGH))
    assert out.totals == (50, 50, 50, 50, 45, 50)
    assert out.outcome.winners == (4,)


@rule("game.end")
def test_the_per_deal_history_is_kept() -> None:
    variant = PUSH.replace(max_turns_per_deal=2)
    state = pr.new_game(variant, seed=40)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.BETWEEN_DEALS:
            state = play(state, NextDeal())
        else:
            state = end_deal_quickly(state)
    assert [r.deal_number for r in state.results] == [1, 2, 3, 4, 5]
    totals = [0, 0]
    for r in state.results:
        totals = [t + p for t, p in zip(totals, r.penalties)]
    assert tuple(totals) == state.totals == state.outcome.totals


# =============================================================================================
# §5 Cap-It stakes
# =============================================================================================


@rule("stakes.pot", "stakes.deal", "stakes.final")
def test_stakes_settlement_rules() -> None:
    stakes = Stakes(ante=10, round_prize=15)
    s = pr.settle_stakes(stakes, 4, [0, 0, None, 1, 2], [3], 0)
    assert s.pot == 40
    # deals 1-3 prizes 15+15, the exhausted deal keeps its prize, deal 4 only 10 were left
    assert s.round_prizes == (30, 10, 0, 0)
    assert s.final_prizes == (0, 0, 0, 0)
    assert s.left_in_pot == 0
    assert sum(s.net) == 0
    s = pr.settle_stakes(Stakes(ante=5, round_prize=2), 5, [None] * 5, [1, 2, 4], 2)
    assert s.pot == 25
    # 25 split three ways: 8 each, the one extra chip to the first tied seat left of seat 2
    assert s.final_prizes == (0, 8, 8, 0, 9)
    assert s.left_in_pot == 0
    assert sum(s.net) == 0


@rule("stakes.pot", "stakes.deal", "stakes.final")
def test_stakes_through_the_engine() -> None:
    variant = CAP_IT.replace(stakes=Stakes(ante=7, round_prize=3), max_turns_per_deal=1)
    assert CAP_IT.stakes is None
    state = pr.new_game(variant, seed=41, players=4, dealer=0)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.BETWEEN_DEALS:
            state = play(state, NextDeal())
        else:
            state = end_deal_quickly(state)
    outcome = state.outcome
    assert outcome.stakes is not None
    assert outcome.stakes.pot == 28
    assert outcome.stakes.round_prizes == (0, 0, 0, 0)  # every deal hit the turn limit
    winners = outcome.winners
    share, extra = divmod(28, len(winners))
    last_dealer = state.dealer
    order = [(last_dealer + 1 + i) % 4 for i in range(4)]
    lucky = [seat for seat in order if seat in winners][:extra]
    expected = tuple((share + (seat in lucky)) if seat in winners else 0 for seat in range(4))
    assert outcome.stakes.final_prizes == expected
    assert outcome.stakes.left_in_pot == 0
    assert outcome.stakes.net == tuple(p - 7 for p in outcome.stakes.final_prizes)
    with pytest.raises(VariantError):
        PUSH.replace(stakes=Stakes(ante=1, round_prize=1))
    with pytest.raises(VariantError):
        Stakes(ante=-1, round_prize=1)
