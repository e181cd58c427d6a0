"""Golden records: scripted deals with injected card orders and known outcomes.

Every deal here is dealt by the engine from a deck order built with
:func:`engine_helpers.deck_order` (chosen hands, upcard and stock top; the rest of the deck
fills in), played move by move through :func:`engine_helpers.play` (each move checked legal,
the input state untouched), and scored by the engine. The expected numbers were worked out by
hand from RULES.md §4–§5.
"""

from __future__ import annotations

from collections import Counter

import pytest

import pushrummy as pr
from engine_helpers import c, cards, deck_order, hand, hand_points, play, play_all, run, set_
from pushrummy import (
    CAP_IT,
    PUSH,
    DealEnd,
    Discard,
    LayDown,
    NewMeld,
    NextDeal,
    Phase,
    Push,
    Take,
)
from pushrummy.cards import Card, Rank, Suit
from pushrummy.errors import IllegalMoveError
from pushrummy.variants import ShortStockPush, Stakes

rule = pytest.mark.rule


# -- one-deal stories ---------------------------------------------------------------------------


@rule("out.empty", "draw.take", "discard.taken", "score.out")
def test_going_out_on_the_first_turn_take_lay_down_discard() -> None:
    order = deck_order(
        dealer=3,
        hands={
            0: "7C 7D 7H 9C 9D 9H",
            1: "3C 4C 5C 6C 8C 10C",
            2: "KD KD QH QH JS JS",
            3: "AS 2S JK 3D 4D 5D",
        },
        upcard="KS",
    )
    state = pr.new_game(PUSH, seed=0, dealer=3, deals=[order])
    assert state.current_player == 0
    state = play_all(
        state,
        [
            Take(0),
            LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))),
            Discard(0, c("KS")),  # the taken card, allowed: it is the only card left
        ],
    )
    assert state.phase is Phase.BETWEEN_DEALS
    (result,) = state.results
    assert result.ended_by is DealEnd.OUT and result.went_out == 0
    assert result.penalties == (0, 35 + 70)
    assert state.totals == (0, 105)
    assert state.upcard == c("KS")
    assert [tm.owner for tm in state.table] == [0, 0]


@rule("out.empty", "meld.new")
def test_going_out_without_a_discard_by_melding_every_card() -> None:
    order = deck_order(
        dealer=3,
        hands={0: "7C 7D 7H 9C 9D 9H", 1: "3C 4C 5C 6C 8C 10C", 3: "AS AD AH KC KD KH"},
        upcard="7S",
    )
    state = pr.new_game(PUSH, seed=0, dealer=3, deals=[order])
    state = play_all(state, [Take(0), LayDown(0, (set_("7C 7D 7H 7S"), set_("9C 9D 9H")))])
    assert state.phase is Phase.BETWEEN_DEALS
    assert state.upcard is None  # no discard was made
    assert state.hands[0] == ()
    assert state.results[0].went_out == 0
    assert state.results[0].penalties == (0, 35 + 75)
    # the next deal starts normally, dealt by the next dealer, with a natural upcard
    nxt = play(state, NextDeal())
    assert nxt.dealer == 0 and nxt.current_player == 1 and nxt.deal_number == 2
    assert nxt.upcard is not None and not nxt.upcard.is_wild


@rule("draw.push", "draw.visibility", "score.out")
def test_a_push_receiver_holds_the_pushed_cards_at_scoring() -> None:
    order = deck_order(
        dealer=3,
        hands={0: "7C 7D 7H 9C 9D 9H", 1: "3C 4C 5C 6C 8C 10C", 3: "3S 4S 5S 6S 8S 10S"},
        upcard="AH",
        stock="JK KS",
    )
    state = pr.new_game(PUSH, seed=0, dealer=3, deals=[order])
    state = play(state, Push(0))
    assert state.hands[1] == hand("3C 4C 5C 6C 8C 10C AH JK")
    assert state.known[1] == (c("AH"),)
    state = play_all(state, [LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))), Discard(0, c("KS"))])
    result = state.results[0]
    assert result.went_out == 0
    assert result.hands[1] == hand("3C 4C 5C 6C 8C 10C AH JK")
    assert result.penalties == (0, 35 + 15 + 20 + 35)


def _push_down_to_one_stock_card(variant: pr.Variant) -> pr.GameState:
    """Every player pushes and discards the card just drawn, until one stock card is left."""
    order = deck_order(
        variant, dealer=0, hands={}, upcard="9D", filler_seed=77
    )  # a fixed, shuffled deck
    state = pr.new_game(variant, seed=0, dealer=0, deals=[order])
    while len(state.stock) > 1:
        seat = state.current_player
        drawn = state.stock[1]
        state = play(state, Push(seat))
        state = play(state, Discard(seat, drawn))
    return state


@rule("draw.exhausted", "score.exhausted")
def test_pushing_down_the_stock_takes_41_turns() -> None:
    state = _push_down_to_one_stock_card(PUSH)
    assert len(state.stock) == 1
    assert state.turn == 41
    # each push gives the next seat two cards: seat 1 pushed 11 times (turns 1, 5, ... 41)
    # to seat 2, the others 10 times each; a pusher draws one card and discards it again
    assert [len(h) for h in state.hands] == [6 + 2 * 10, 6 + 2 * 10, 6 + 2 * 11, 6 + 2 * 10]
    assert state.card_count() == 108


@rule("draw.exhausted", "score.exhausted")
@pytest.mark.parametrize("option", list(ShortStockPush))
def test_a_push_with_one_stock_card_left(option: ShortStockPush) -> None:
    variant = PUSH.replace(short_stock_push=option)
    state = _push_down_to_one_stock_card(variant)
    seat = state.current_player
    assert seat == 2
    receiver = 3
    last, up = state.stock[0], state.upcard
    assert up is not None
    if option is ShortStockPush.FORBIDDEN:
        assert pr.legal_moves(state) == (Take(seat),)
        with pytest.raises(IllegalMoveError) as info:
            pr.apply_move(state, Push(seat))
        assert info.value.rule == "draw.exhausted"
        after = play(state, Take(seat))
        assert after.phase is Phase.PLAY and after.stock == state.stock
        return
    after = play(state, Push(seat))
    assert after.phase is Phase.BETWEEN_DEALS
    (result,) = after.results
    assert result.ended_by is DealEnd.EXHAUSTED and result.went_out is None
    if option is ShortStockPush.TRANSFER_THEN_END:
        assert after.hands[receiver] == tuple(sorted((*state.hands[receiver], last, up)))
        assert after.stock == () and after.upcard is None
        others = [s for s in range(4) if s != receiver]
        assert all(after.hands[s] == state.hands[s] for s in others)
    else:
        assert after.hands == state.hands
        assert after.stock == (last,) and after.upcard == up
    assert result.hands == after.hands
    expected = (
        hand_points(after.hands[0]) + hand_points(after.hands[2]),
        hand_points(after.hands[1]) + hand_points(after.hands[3]),
    )
    assert result.penalties == expected == after.totals
    assert GOLDEN_EXHAUSTED[option] == expected
    assert after.card_count() == 108


GOLDEN_EXHAUSTED = {
    # every card but the table's (none), the upcard and the last stock card is in a hand;
    # with the transfer, those two (25 points) go to seat 3 of side 1
    ShortStockPush.TRANSFER_THEN_END: (500, 460),
    ShortStockPush.END_WITHOUT_TRANSFER: (500, 435),
}


# -- the WE/THEY example of the reference text ----------------------------------------------------


def _we_they_game() -> pr.GameState:
    """Five deals whose scores reproduce the reference's WE/THEY table.

    WE = seats 0 and 2 (side 0), THEY = seats 1 and 3 (side 1). The first dealer is seat 3,
    so deals 1–5 are opened by seats 0, 1, 2, 3, 0.
    """
    deal1 = deck_order(
        dealer=3,
        hands={
            0: "7C 7D 7H 9C 9D 9H",
            1: "8C 8D 4C 4D 4H 3S",
            2: "KC QD JH 10C 9S 3H",
            3: "5C 5D 6C 6D 9S 10S",
        },
        upcard="8S",
        stock="8H 6S",
    )
    deal2 = deck_order(
        PUSH,
        dealer=0,
        deal_number=2,
        hands={
            0: "KC KD QC QD JC JD 9C",
            1: "7C 7D 7H 3S 4S 5S 6S",
            2: "AC AD 3H 4H 5H 6H 8H",
            3: "10D 10H 8D 8S 4D 4C 3C",
        },
        upcard="KH",
    )
    deal3 = deck_order(
        PUSH,
        dealer=1,
        deal_number=3,
        hands={
            0: "7C 8C 9C JD QS 7H 8H 9D",
            1: "3H 4H 5H 6H 7S 8S 9S AH",
            2: "3S 4S 5S 6S 9H 10H JH QH",
            3: "3C 4C 5C 6C 3D 4D AC KS",
        },
        upcard="5D",
        stock="6D AD 10S AS",
    )
    deal4 = deck_order(
        PUSH,
        dealer=2,
        deal_number=4,
        hands={
            0: "10C 10D 10H 10S JC JD JH JS QC",
            1: "3S 4S 5S 6S 7S 8S 9S AH AD",
            2: "QD QH QS KC KD KH KS 10C 10D",
            3: "3C 3D 3H 4C 4D 4H 5C 5D 5H",
        },
        upcard="6S",
    )
    deal5 = deck_order(
        PUSH,
        dealer=3,
        deal_number=5,
        hands={
            0: "3D 4D 5D 6D 7D 9H 10H JH QH KH",
            1: "KC KD KH KS QC QD QH QS JC JD",
            2: "3S 4S 5S 6S 7S 8S 9S 3H 4H 5H",
            3: "JH JS 10C 10D 10S 10H 4C 5C 6C 7C",
        },
        upcard="AS",
    )
    state = pr.new_game(PUSH, seed=0, dealer=3, deals=[deal1, deal2, deal3, deal4, deal5])
    scripts = [
        [  # deal 1: THEY's seat 1 lays down from a push it received; WE go out; THEY +40
            Push(0),  # seat 1 receives 8H and 8S; seat 0 draws 6S
            Discard(0, c("6S")),
            Take(1),
            LayDown(1, (set_("8C 8D 8H 8S"), set_("4C 4D 4H"))),
            Discard(1, c("3S")),  # seat 1 keeps 6S: 5
            Take(2),
            Discard(2, c("KC")),
            Take(3),
            Discard(3, c("10S")),  # seat 3 keeps 5C 5D 6C 6D 9S KC: 35
            Take(0),
            LayDown(0, (set_("7C 7D 7H"), set_("9C 9D 9H"))),
            Discard(0, c("10S")),
        ],
        [  # deal 2: THEY go out at once; WE +120
            Take(1),
            LayDown(1, (set_("7C 7D 7H"), run("3S 4S 5S 6S"))),
            Discard(1, c("KH")),
        ],
        [  # deal 3: both THEY players lay down from pushes; WE go out; THEY +60 (four aces)
            Push(2),  # seat 3 receives 6D and 5D; seat 2 draws AD
            Discard(2, c("AD")),
            Take(3),
            LayDown(3, (run("3C 4C 5C 6C"), run("3D 4D 5D 6D"))),
            Discard(3, c("KS")),  # seat 3 keeps AC AD
            Push(0),  # seat 1 receives 10S and KS; seat 0 draws AS
            Discard(0, c("AS")),
            Take(1),
            LayDown(1, (run("3H 4H 5H 6H"), run("7S 8S 9S 10S"))),
            Discard(1, c("KS")),  # seat 1 keeps AH AS
            Take(2),
            LayDown(2, (run("3S 4S 5S 6S"), run("9H 10H JH QH"))),
            Discard(2, c("KS")),
        ],
        [  # deal 4: THEY go out at once; WE +180 (eighteen ten-pointers)
            Take(3),
            LayDown(3, (set_("3C 3D 3H"), set_("4C 4D 4H"), set_("5C 5D 5H"))),
            Discard(3, c("6S")),
        ],
        [  # deal 5: WE go out at once; THEY +180
            Take(0),
            LayDown(0, (run("3D 4D 5D 6D 7D"), run("9H 10H JH QH KH"))),
            Discard(0, c("AS")),
        ],
    ]
    for number, script in enumerate(scripts, start=1):
        assert state.deal_number == number
        state = play_all(state, script)
        assert state.results[-1].ended_by is DealEnd.OUT
        if number < 5:
            state = play(state, NextDeal())
    return state


@rule("score.values", "score.out", "game.end", "deal.dealer", "draw.push")
def test_the_we_they_example_through_the_engine() -> None:
    state = _we_they_game()
    assert state.phase is Phase.GAME_OVER
    running = []
    totals = [0, 0]
    for result in state.results:
        totals = [t + p for t, p in zip(totals, result.penalties)]
        running.append(tuple(totals))
    we = [t[0] for t in running]
    they = [t[1] for t in running]
    assert we == [0, 120, 120, 300, 300]
    assert they == [40, 40, 100, 100, 280]
    assert [r.went_out for r in state.results] == [0, 1, 2, 3, 0]
    assert [r.dealer for r in state.results] == [3, 0, 1, 2, 3]
    assert state.outcome is not None
    assert state.outcome.totals == (300, 280)
    assert state.outcome.winners == (1,)  # "THEY" win after the last round
    assert not state.outcome.is_draw
    # the THEY hands of deal 3: four aces
    assert state.results[2].hands[1] == hand("AH AS")
    assert state.results[2].hands[3] == hand("AC AD")


@rule("score.values", "score.out", "game.end")
def test_the_we_they_table_from_the_scoring_functions() -> None:
    # The same five deals, scored from the shown hands alone.
    deals = [
        (["", "6S", "9S", "5C 5D 6C 6D 9S KC"], 0),
        (["KC KD QC QD JC JD 9C", "", "AC AD 3H 4H 5H 6H 8H", "3C"], 1),
        (["", "AH AS", "", "AC AD"], 2),
        (["10C 10D 10H 10S JC JD JH JS QC", "", "QD QH QS KC KD KH KS 10C 10D", ""], 3),
        (["", "KC KD KH KS QC QD QH QS JC JD", "", "JH JS 10C 10D 10S 10H 4C 5C 6C 7C"], 0),
    ]
    totals = (0, 0)
    table = []
    for hands, out in deals:
        penalties = pr.deal_penalties([cards(h) for h in hands], PUSH, out)
        totals = tuple(t + p for t, p in zip(totals, penalties))
        table.append(totals)
    assert table == [(0, 40), (120, 40), (120, 100), (300, 100), (300, 280)]
    assert pr.winners(totals) == (1,)


# -- Cap-It with stakes ------------------------------------------------------------------------------

FIVES = [Card(Rank(r), s) for r in range(3, 10) for s in Suit]  # the 5-point cards


def _fives(used: Counter[Card], count: int, packs: int = 3) -> list[Card]:
    """``count`` 5-point cards not yet used up (each value has ``packs`` copies)."""
    out = []
    for card in FIVES * packs:
        if len(out) == count:
            break
        if used[card] < packs:
            used[card] += 1
            out.append(card)
    assert len(out) == count
    return out


def _cap_it_order(
    players: int,
    dealer: int,
    deal_number: int,
    winner: int | None,
    winner_hand: str,
    upcard: str,
    tens: dict[int, int],
) -> list[Card]:
    """A Cap-It deck order: ``winner`` gets ``winner_hand``; every other seat ten cards worth
    50 points (5-pointers), except that seats in ``tens`` swap that many for kings (+5 each)."""
    used: Counter[Card] = Counter(cards(winner_hand))
    used[c(upcard)] += 1
    hands: dict[int, list[Card]] = {}
    if winner is not None:
        hands[winner] = list(cards(winner_hand))
    kings = iter([Card(Rank.KING, s) for s in Suit] * 3)
    for seat in range(players):
        if seat in hands:
            continue
        extra = tens.get(seat, 0)
        hands[seat] = [next(kings) for _ in range(extra)] + _fives(used, 10 - extra)
    return deck_order(
        CAP_IT, players=players, dealer=dealer, deal_number=deal_number, hands=hands, upcard=upcard
    )


WIN_1 = ("7C 7D 7H 7S 8C 8D 8H 8S 4C 5C", "6C")  # 2 sets of 4 and a run of 3: out, no discard
WIN_2 = ("9C 9D 9H 3H 4H 5H 6H 10S JS QS", "KS")  # set + run, then a run of 4: out
WIN_3 = ("3S 4S 5S 6S 7S 9H 10H JH QH KH", "8S")  # runs of 6 and 5: out
WIN_4 = ("3C 3D 3H 3S 4C 4D 4H 4S 5C 5D", "5H")  # sets of 4, 4 and 3: out
WIN_5 = ("3D 4D 5D 6D 7D 8D 9D JH QH AS", "KH")  # runs of 7 and 3, discard AS: out

WIN_MOVES = {
    WIN_1: lambda s: [
        Take(s),
        LayDown(s, (set_("7C 7D 7H 7S"), set_("8C 8D 8H 8S"))),
        NewMeld(s, run("4C 5C 6C")),
    ],
    WIN_2: lambda s: [
        Take(s),
        LayDown(s, (set_("9C 9D 9H"), run("3H 4H 5H 6H"))),
        NewMeld(s, run("10S JS QS KS")),
    ],
    WIN_3: lambda s: [
        Take(s),
        LayDown(s, (run("3S 4S 5S 6S 7S 8S"), run("9H 10H JH QH KH"))),
    ],
    WIN_4: lambda s: [
        Take(s),
        LayDown(s, (set_("3C 3D 3H 3S"), set_("4C 4D 4H 4S"), set_("5C 5D 5H"))),
    ],
    WIN_5: lambda s: [
        Take(s),
        LayDown(s, (run("3D 4D 5D 6D 7D 8D 9D"), run("JH QH KH"))),
        Discard(s, c("AS")),
    ],
}


def _everyone_takes_and_discards(state: pr.GameState) -> pr.GameState:
    """One round of turns in which each player takes the upcard and discards a 5-pointer."""
    while state.phase is Phase.DRAW:
        seat = state.current_player
        state = play(state, Take(seat))
        card = next(x for x in state.hands[seat] if x != state.taken and hand_points([x]) == 5)
        state = play(state, Discard(seat, card))
    return state


def _play_cap_it(players: int, dealer: int, plan: list, variant: pr.Variant) -> pr.GameState:
    orders = []
    for number, (winner, win, tens) in enumerate(plan, start=1):
        hand_text, upcard = win if win is not None else ("", "3C")
        orders.append(
            _cap_it_order(
                players, (dealer + number - 1) % players, number, winner, hand_text, upcard, tens
            )
        )
    state = pr.new_game(variant, seed=0, players=players, dealer=dealer, deals=orders)
    for number, (winner, win, _) in enumerate(plan, start=1):
        assert state.deal_number == number
        if winner is None:
            state = _everyone_takes_and_discards(state)
            assert state.results[-1].ended_by is DealEnd.TURN_LIMIT
        else:
            assert state.current_player == winner
            state = play_all(state, WIN_MOVES[win](winner))
            assert state.results[-1].went_out == winner
        if number < 5:
            state = play(state, NextDeal())
    assert state.phase is Phase.GAME_OVER
    return state


@rule("stakes.pot", "stakes.deal", "stakes.final", "score.out", "game.turn_limit", "game.end")
def test_cap_it_five_players_with_stakes_a_tie_and_a_deal_without_winner() -> None:
    variant = CAP_IT.replace(stakes=Stakes(ante=9, round_prize=7), max_turns_per_deal=5)
    plan = [
        (0, WIN_1, {}),
        (1, WIN_2, {}),
        (None, None, {3: 1, 4: 1}),  # deal 3: five turns, nobody out; seats 3 and 4 hold a king
        (3, WIN_4, {}),
        (4, WIN_5, {}),
    ]
    state = _play_cap_it(5, 4, plan, variant)
    assert state.card_count() == 162
    assert [r.went_out for r in state.results] == [0, 1, None, 3, 4]
    assert state.results[2].penalties == (50, 50, 50, 55, 55)
    assert state.results[0].penalties == (0, 50, 50, 50, 50)
    assert state.totals == (200, 200, 250, 205, 205)
    outcome = state.outcome
    assert outcome.winners == (0, 1) and outcome.is_draw
    stakes = outcome.stakes
    assert stakes.pot == 45
    assert stakes.round_prizes == (7, 7, 0, 7, 7)  # deal 3's prize stays in the pot
    # 45 - 28 = 17 for two tied winners: 8 each, the odd chip to seat 0, the first tied seat
    # left of the last dealer (seat 3)
    assert stakes.final_prizes == (9, 8, 0, 0, 0)
    assert stakes.net == (7, 6, -9, -2, -2)
    assert stakes.left_in_pot == 0


@rule("stakes.pot", "stakes.deal", "stakes.final", "score.out", "game.turn_limit", "game.end")
def test_cap_it_six_players_with_stakes_a_three_way_tie() -> None:
    variant = CAP_IT.replace(stakes=Stakes(ante=5, round_prize=4), max_turns_per_deal=6)
    plan = [
        (0, WIN_1, {}),
        (None, None, {4: 1}),  # deal 2: six turns, nobody out
        (2, WIN_3, {}),
        (3, WIN_4, {}),
        (4, WIN_5, {}),
    ]
    state = _play_cap_it(6, 5, plan, variant)
    assert state.card_count() == 162
    assert [r.went_out for r in state.results] == [0, None, 2, 3, 4]
    assert [r.ended_by for r in state.results][1] is DealEnd.TURN_LIMIT
    assert state.totals == (200, 250, 200, 200, 205, 250)
    outcome = state.outcome
    assert outcome.winners == (0, 2, 3)
    stakes = outcome.stakes
    assert stakes.pot == 30
    assert stakes.round_prizes == (4, 0, 4, 4, 4, 0)
    # 14 left for three: 4 each and two odd chips, seat order from left of the last dealer
    # (seat 3): seats 4, 5, 0, 1, 2, 3 -> tied seats 0 and 2 get one more
    assert stakes.final_prizes == (5, 0, 5, 4, 0, 0)
    assert stakes.net == (4, -5, 4, 3, -1, -5)
    assert sum(stakes.net) == 0
