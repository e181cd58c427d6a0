"""Buying out of turn ([buy.offer], [buy.penalty], [buy.limit], [buy.who]).

With ``buying`` a player who draws from the stock first offers the upcard round the table:
``Phase.BUYING``, the seat offered it to move, until one buys it (taking it and a penalty
card, not discarding) or all pass; then the player in turn draws. Each test names what
breaking its subject does.
"""

from __future__ import annotations

import random

import pytest

import pushrummy as pr
from engine_helpers import assert_rejected, c, play, position, set_
from pushrummy import (
    CONTRACT_RUMMY,
    Bought,
    BuyPassed,
    BuyUpcard,
    Discard,
    DrawStock,
    Drew,
    GreedyBot,
    IllegalMoveError,
    NotYourTurnError,
    PassUpcard,
    Phase,
    StockReshuffled,
    Take,
    UpcardOffered,
    WrongPhaseError,
)
from pushrummy.consistency import state_problems, view_problems
from pushrummy.english import narrate_move
from pushrummy.errors import VariantError
from pushrummy.plays.buy import may_buy
from pushrummy.state import GameState, replace_unchecked

rule = pytest.mark.rule

BUYING = CONTRACT_RUMMY.replace(name="contract-rummy-buying", buying=True)
HANDS = {
    0: "3C 4C 5C 6C 8D 9D JH QH 4S 5S",
    1: "KH KD 7C 7D 9S 10S AH 3D 4D 5D",
    2: "3H 4H 5H 6H 8C 9C JD QD 6S 7S",
    3: "8H 8S 10C 10D QC QS AC AD 5H 6D",
}


def offered(variant: pr.Variant = BUYING, **changes: object) -> GameState:
    """Seat 0 of four in turn, the upcard KS, and the stock topped by 9H QD JC."""
    arguments: dict[str, object] = {
        "players": 4,
        "phase": Phase.DRAW,
        "current": 0,
        "hands": HANDS,
        "upcard": "KS",
        "stock_top": "9H QD JC",
    }
    arguments.update(changes)
    return position(variant, **arguments)  # type: ignore[arg-type]


def consistent(state: GameState) -> None:
    """The log replays to the state and to every view (a log replay that did not know the
    offer, or a view that let another seat's penalty card through, fails here)."""
    assert state_problems(state) == ()
    for seat in range(state.players):
        assert view_problems(pr.view(state, seat)) == ()


# -- [buy.offer] ----------------------------------------------------------------------------------


@rule("buy.offer", "draw.stock")
def test_the_upcard_goes_round_the_table_and_then_the_player_draws() -> None:
    """A draw from the stock offers the upcard to seats 1, 2, 3 in turn, each the seat to
    move; when all pass, seat 0 draws. A rotation that skipped a seat, started at seat 0 or
    let seat 0 draw first breaks the sequence of seats and events checked here."""
    state = offered()
    assert pr.legal_moves(state) == (Take(0), DrawStock(0))
    seats = []
    now = play(state, DrawStock(0))
    while now.phase is Phase.BUYING:
        seat = now.current_player
        assert seat is not None
        seats.append(seat)
        assert pr.legal_moves(now) == (BuyUpcard(seat), PassUpcard(seat))
        assert pr.view(now, seat).legal_moves == (BuyUpcard(seat), PassUpcard(seat))
        assert all(pr.view(now, other).legal_moves == () for other in range(4) if other != seat)
        assert now.upcard == c("KS") and now.hands == state.hands  # nothing moves yet
        # every seat's view names the seat in turn as the one offering ([buy.offer])
        assert {pr.view(now, other).offered_by for other in range(4)} == {0}
        consistent(now)
        now = play(now, PassUpcard(seat))
    assert seats == [1, 2, 3]
    assert now.phase is Phase.PLAY and now.current_player == 0
    assert pr.view(state, 0).offered_by is None and pr.view(now, 1).offered_by is None
    assert now.hands[0] == tuple(sorted((*state.hands[0], c("9H"))))
    assert now.upcard == c("KS") and now.stock == state.stock[1:]
    assert now.log.events.since(len(state.log)) == (
        UpcardOffered(0, c("KS")),
        BuyPassed(1),
        BuyPassed(2),
        BuyPassed(3),
        Drew(0, c("9H"), False),
    )
    consistent(now)


@rule("buy.offer", "turn.seat", "draw.choice")
def test_only_the_seat_offered_the_upcard_buys_or_passes() -> None:
    """While the upcard is offered only its seat moves, and only to buy or pass; with no
    offer nobody buys. Checks that asked for the seat in turn rather than the seat to move
    would accept the moves refused here."""
    state = offered()
    now = play(state, DrawStock(0))
    assert now.current_player == 1
    assert_rejected(now, BuyUpcard(2), NotYourTurnError, "turn.seat")
    assert_rejected(now, DrawStock(0), NotYourTurnError, "turn.seat")
    err = assert_rejected(now, Take(1), WrongPhaseError, "buy.offer")
    assert "buy it or pass" in str(err)
    assert_rejected(state, BuyUpcard(0), WrongPhaseError, "buy.offer")
    assert_rejected(state, PassUpcard(0), WrongPhaseError, "buy.offer")
    # Without the option the draw is at once: no offer, no phase of buying.
    plain = offered(CONTRACT_RUMMY.replace(buying=False))
    drawn = play(plain, DrawStock(0))
    assert drawn.phase is Phase.PLAY and drawn.current_player == 0
    assert drawn.log.events.since(len(plain.log)) == (Drew(0, c("9H"), False),)


@rule("buy.offer")
def test_the_option_needs_the_stock_draw() -> None:
    """``buying`` without ``draw_style="stock"`` (nothing to offer instead of a push) and
    out-of-range penalty and limit values are refused naming the field."""
    with pytest.raises(VariantError) as info:
        pr.PUSH.replace(buying=True)
    assert info.value.field == "buying"
    for field, value in (("buy_penalty", 4), ("buy_penalty", -1), ("buy_limit", 0)):
        with pytest.raises(VariantError) as info:
            BUYING.replace(**{field: value})
        assert info.value.field == field
    with pytest.raises(TypeError):
        may_buy("not a variant", laid_down=False, bought=0, available=5)  # type: ignore[arg-type]


@rule("buy.offer")
def test_the_notation_json_and_words_of_buying() -> None:
    """``buy`` and ``pass`` name the moves both ways; their JSON types are ``buy_upcard``
    and ``pass_upcard``; the events read as a table would say them."""
    now = play(offered(), DrawStock(0))
    assert pr.parse_move(now, "buy") == BuyUpcard(1)
    assert pr.parse_move(now, "pass") == PassUpcard(1)
    assert (pr.format_move(BuyUpcard(1)), pr.format_move(PassUpcard(1))) == ("buy", "pass")
    for move in (BuyUpcard(1), PassUpcard(1)):
        assert pr.from_json(pr.to_json(move)) == move
    assert pr.encode(BuyUpcard(1))["type"] == "buy_upcard"
    assert pr.encode(PassUpcard(3))["type"] == "pass_upcard"
    with pytest.raises(pr.IllegalMoveError):
        pr.parse_move(now, "take")
    assert pr.describe_event(UpcardOffered(0, c("KS"))) == "seat 0 offers KS round the table"
    assert pr.describe_event(Bought(3, c("7H"), 1)) == "seat 3 buys 7H and a penalty card"
    assert pr.describe_event(Bought(3, c("7H"), 2), you=3) == "you buy 7H and 2 penalty cards"
    assert pr.describe_event(BuyPassed(2), you=2) == "you pass"
    assert pr.from_json(pr.to_json(now)) == now
    view = pr.view(now, 1)
    assert pr.from_json(pr.to_json(view)) == view


# -- [buy.penalty] --------------------------------------------------------------------------------


@rule("buy.penalty", "draw.visibility")
def test_a_buyer_takes_the_upcard_and_a_hidden_penalty_card_and_the_player_draws() -> None:
    """Seat 2 buys: it gets KS (publicly known) and the stock's top card (seen by seat 2
    only), does not discard; seat 0 then draws the next card and plays. A buyer without
    its penalty card, or one whose penalty card other views show, fails here."""
    state = offered()
    now = play(play(state, DrawStock(0)), PassUpcard(1))
    bought = play(now, BuyUpcard(2))
    assert bought.phase is Phase.PLAY and bought.current_player == 0
    assert bought.hands[2] == tuple(sorted((*state.hands[2], c("KS"), c("9H"))))
    assert bought.hands[0] == tuple(sorted((*state.hands[0], c("QD"))))
    assert bought.upcard is None and bought.stock == state.stock[2:]
    assert c("KS") in bought.known[2] and c("9H") not in bought.known[2]
    assert bought.taken is None  # the player in turn took nothing: any discard goes
    new = bought.log.events.since(len(now.log))
    assert new == (Bought(2, c("KS"), 1), Drew(2, c("9H"), False), Drew(0, c("QD"), False))
    for seat in range(4):
        seen = pr.view(bought, seat).events.since(len(now.log))
        assert seen[1] == Drew(2, c("9H") if seat == 2 else None, False)
        assert seen[2] == Drew(0, c("QD") if seat == 0 else None, False)
    assert pr.describe_event(new[0]) == "seat 2 buys KS and a penalty card"
    consistent(bought)
    assert bought.card_count() == state.card_count()
    # The turn goes on as after any draw from the stock: a discard, then seat 1's turn.
    after = play(bought, Discard(0, c("3C")))
    assert after.upcard == c("3C") and after.current_player == 1 and after.pile == ()
    consistent(after)


@rule("buy.penalty")
def test_the_number_of_penalty_cards_is_an_option() -> None:
    """``buy_penalty=2`` gives the buyer two stock cards; ``0`` none (a count read from
    anywhere else changes these hands)."""
    for penalty, drawn in ((2, "9H QD"), (0, "")):
        state = offered(BUYING.replace(buy_penalty=penalty))
        bought = play(play(state, DrawStock(0)), BuyUpcard(1))
        assert bought.hands[1] == tuple(sorted((*state.hands[1], c("KS"), *map(c, drawn.split()))))
        assert len(bought.hands[0]) == len(state.hands[0]) + 1
        assert bought.log.events[len(state.log) + 1] == Bought(1, c("KS"), penalty)
        consistent(bought)


@rule("buy.penalty", "draw.visibility")
def test_a_buy_is_narrated_with_its_penalty_cards_told_once() -> None:
    """The terminal's line for a buy (``narrate_move``, as ``pushrummy watch`` and ``play``
    print it) tells the penalty card once: in brackets where the viewer sees it (a
    spectator, the buyer), not at all where it does not; the buyer's own draws are not told
    again. The line that read "seat 1 buys KS and a penalty card, seat 1 draws 9H" fails."""
    for penalty, cards, count in ((1, "9H", "a penalty card"), (2, "9H QD", "2 penalty cards")):
        now = play(offered(BUYING.replace(buy_penalty=penalty)), DrawStock(0))
        bought = play(now, BuyUpcard(1))
        drawn = str(bought.log.events[-1].card)  # type: ignore[union-attr]
        made = bought.log.events.since(len(now.log))
        assert narrate_move(made, 1) == (
            f"seat 1 buys KS and {count} ({cards}), seat 0 draws {drawn}"
        )
        mine = bought.log.seen_by(1).since(len(now.log))
        assert narrate_move(mine, 1, you=1, viewer=1) == (
            f"you buy KS and {count} ({cards}), seat 0 draws from the stock"
        )
        theirs = bought.log.seen_by(0).since(len(now.log))
        assert narrate_move(theirs, 1, you=0, viewer=0) == (
            f"seat 1 buys KS and {count}, you draw {drawn}"
        )
    bystander = bought.log.seen_by(2).since(len(now.log))
    assert narrate_move(bystander, 1, viewer=2) == (
        "seat 1 buys KS and 2 penalty cards, seat 0 draws from the stock"
    )
    # An empty stock reshuffled between two penalty cards ([draw.reshuffle]) is told after
    # the buy, and the penalty cards still once.
    three = {seat: cards for seat, cards in HANDS.items() if seat != 3}  # seat 3 holds the rest
    piled = replace_unchecked(
        offered(BUYING.replace(buy_penalty=2), hands=three, stock_top="9H QD JC 4H 5H 6D"),
        stock=(c("9H"),),
        pile=tuple(map(c, ["QD", "JC", "4H", "5H", "6D"])),
    )
    now = play(piled, DrawStock(0))
    bought = play(now, BuyUpcard(1))
    made = bought.log.events.since(len(now.log))
    assert [type(e) for e in made] == [Bought, Drew, StockReshuffled, Drew, Drew]
    second, last = (str(e.card) for e in made[3:])  # type: ignore[union-attr]
    assert narrate_move(made, 1) == (
        f"seat 1 buys KS and 2 penalty cards (9H {second}), the discards are shuffled into a "
        f"new stock (5 cards), seat 0 draws {last}"
    )


@rule("buy.penalty", "draw.reshuffle")
def test_a_buy_needs_its_penalty_and_a_draw_left_and_reshuffles_for_them() -> None:
    """With a stock of one card and no pile nobody may buy (the player in turn's draw would
    be gone): the draw is at once. With a pile to reshuffle the buy goes on, the buyer
    drawing the last stock card and the player in turn the reshuffled pile's top."""
    three = {seat: cards for seat, cards in HANDS.items() if seat != 3}  # seat 3 holds the rest
    short = offered(hands=three, stock_top="9H", stock_size=1)
    drawn = play(short, DrawStock(0))
    assert drawn.phase is Phase.PLAY and drawn.current_player == 0
    assert not any(isinstance(e, UpcardOffered) for e in drawn.log.events)
    assert not may_buy(BUYING, laid_down=False, bought=0, available=1)
    assert may_buy(BUYING, laid_down=False, bought=0, available=2)
    piled = replace_unchecked(
        offered(hands=three, stock_top="9H QD JC 4H 5H 6D", stock_size=6),
        stock=(c("9H"),),
        pile=tuple(map(c, ["QD", "JC", "4H", "5H", "6D"])),
    )
    bought = play(play(piled, DrawStock(0)), BuyUpcard(1))
    new = bought.log.events.since(len(piled.log) + 1)
    assert [type(e) for e in new] == [Bought, Drew, StockReshuffled, Drew]
    assert new[1] == Drew(1, c("9H"), False) and new[2].seat == 0  # type: ignore[union-attr]
    assert bought.pile == () and len(bought.stock) == 4 and bought.current_player == 0
    assert bought.card_count() == piled.card_count()


# -- [buy.limit] ----------------------------------------------------------------------------------


def buy_then_round(variant: pr.Variant) -> GameState:
    """Seat 1 buys seat 0's upcard; seat 0 discards; seat 1 draws (all pass); seat 1
    discards: seat 2 in turn, to draw."""
    now = play(play(offered(variant), DrawStock(0)), BuyUpcard(1))
    now = play(now, Discard(0, c("3C")))
    now = play(now, DrawStock(1))
    while now.phase is Phase.BUYING:
        now = play(now, PassUpcard(now.current_player))  # type: ignore[arg-type]
    return play(now, Discard(1, c("KH")))


@rule("buy.limit")
def test_a_seat_that_has_bought_its_limit_is_not_offered_the_upcard() -> None:
    """With ``buy_limit=1`` seat 1, having bought once this deal, is skipped (seats 3 and 0
    are asked, then seat 2 draws); without a limit it is asked. A limit counted over the
    game, or not at all, changes who is asked."""
    for limit, asked in ((1, [3, 0]), (None, [3, 0, 1])):
        now = buy_then_round(BUYING.replace(buy_limit=limit))
        assert now.current_player == 2 and now.phase is Phase.DRAW
        now = play(now, DrawStock(2))
        seats = []
        while now.phase is Phase.BUYING:
            seats.append(now.current_player)
            now = play(now, PassUpcard(now.current_player))  # type: ignore[arg-type]
        assert seats == asked and now.current_player == 2
        consistent(now)


@rule("buy.limit")
def test_a_buy_past_the_limit_is_refused_with_its_rule() -> None:
    """A seat at its limit made the seat to move by hand: the buy is refused by
    [buy.limit], the pass allowed (a checker that forgot the count would accept it)."""
    now = buy_then_round(BUYING.replace(buy_limit=1))
    now = play(now, DrawStock(2))
    forced = replace_unchecked(now, current_player=1)
    assert pr.legal_moves(forced) == (PassUpcard(1),)
    err = assert_rejected(forced, BuyUpcard(1), IllegalMoveError, "buy.limit")
    assert "bought 1 times" in str(err)


# -- [buy.who] ------------------------------------------------------------------------------------


@rule("buy.who")
def test_a_seat_that_has_laid_down_may_not_buy_with_buy_after_contract_off() -> None:
    """Seat 1 has laid down: with ``buy_after_contract=False`` it is skipped and its buy
    refused by [buy.who]; by default it is asked like any other seat."""
    table = [(1, set_("7C 7D 7H")), (1, set_("8C 8D 8H"))]
    hands = {**HANDS, 1: "KH KD 9S"}
    for after_contract, first in ((False, 2), (True, 1)):
        variant = BUYING.replace(buy_after_contract=after_contract)
        state = offered(variant, hands=hands, table=table, laid_down=[1])
        now = play(state, DrawStock(0))
        assert now.current_player == first
    forced = replace_unchecked(
        play(
            offered(
                BUYING.replace(buy_after_contract=False), hands=hands, table=table, laid_down=[1]
            ),
            DrawStock(0),
        ),
        current_player=1,
    )
    err = assert_rejected(forced, BuyUpcard(1), IllegalMoveError, "buy.who")
    assert "laid down" in str(err)


# -- bots and whole games -------------------------------------------------------------------------


@rule("buy.offer")
def test_greedy_buys_a_card_that_completes_a_contract_part_and_passes_others() -> None:
    """Seat 1 holds KH KD: KS completes a set of the deal-1 contract (two sets), so
    GreedyBot buys it; seat 2 holds no king and no wild need, so it passes. A bot that
    never bought, or bought everything, fails one of the two."""
    now = play(offered(), DrawStock(0))
    assert GreedyBot().choose(pr.view(now, 1)) == BuyUpcard(1)
    passed = play(now, PassUpcard(1))
    assert GreedyBot().choose(pr.view(passed, 2)) == PassUpcard(2)


@rule("buy.offer", "buy.penalty")
def test_random_games_with_buying_stay_consistent() -> None:
    """Whole random games of the preset with buying: every state's log replays, every view
    hides the penalty cards, and cards are conserved (a lost penalty card or a seat left to
    move in the wrong phase breaks them)."""
    variant = BUYING.replace(buy_limit=2, max_turns_per_deal=30)
    buys = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = pr.new_game(variant, seed=seed, players=3 + 2 * seed)
        total = state.card_count()
        while not state.is_over:
            state = pr.apply_move(state, pr.random_move(state, rng))
            assert state.card_count() == total
            if state.phase is Phase.BUYING or len(state.log) % 97 == 0:
                consistent(state)
        buys += sum(isinstance(e, Bought) for e in state.log.events)
    assert buys > 0


@rule("buy.offer")
def test_every_view_names_the_seat_offering_the_upcard_across_whole_games() -> None:
    """``PlayerView.offered_by`` across whole games of the preset (GreedyBot and RandomBot,
    3 to 5 players): in every position of the buying phase, every seat's view (and its JSON
    document) names the seat of the last :class:`~pushrummy.UpcardOffered` (the seat in turn,
    never the seat offered it); in every other position, nobody. A field that read the seat
    offered it, lagged an offer behind, stayed set after the offer or was left out of the
    JSON fails here; the offers come from every seat."""
    offerers: set[int] = set()
    buying = other = 0
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        variant = CONTRACT_RUMMY.replace(max_turns_per_deal=15)
        bots = [GreedyBot() if seat % 2 else pr.RandomBot(seed + seat) for seat in range(players)]
        state = pr.new_game(variant, seed=seed, players=players)
        read, last_offer = 0, None  # the log's events read so far, and the last offer's seat
        while not state.is_over:
            events = state.log.events
            for event in events[read:]:
                if isinstance(event, UpcardOffered):
                    last_offer = event.seat
            read = len(events)
            expected = last_offer if state.phase is Phase.BUYING else None
            # every seat's view while buying, and one seat's (in turn round the table) else
            checked = range(players) if expected is not None else [len(events) % players]
            for seat in checked:
                seen = pr.view(state, seat)
                assert seen.offered_by == expected, (seed, len(state.log), seat)
                if seat == len(state.log) % players:  # one seat's document per position
                    assert pr.encode(seen)["offered_by"] == expected
            if expected is not None:
                assert expected != state.current_player
                offerers.add(expected)
                buying += 1
            else:
                other += 1
            if state.phase is Phase.BETWEEN_DEALS:
                state = pr.apply_move(state, pr.NextDeal())
                continue
            seat = state.current_player
            assert seat is not None
            state = pr.apply_move(state, bots[seat].choose(pr.view(state, seat)))
    assert buying > 100 and other > 100
    assert offerers == set(range(5))


@rule("buy.offer")
def test_a_position_is_not_set_up_in_the_middle_of_an_offer() -> None:
    """``new_position`` refuses ``Phase.BUYING`` (its log could not say who offered the
    upcard): the draw is set up instead, and the draw from the stock offers it."""
    with pytest.raises(pr.SetupError, match="offered round the table"):
        pr.new_position(
            BUYING,
            hands=[HANDS[0], HANDS[1], HANDS[2], HANDS[3]],
            upcard="KS",
            phase=Phase.BUYING,
            current_player=1,
            seed=1,
        )


@rule("buy.offer", "buy.penalty", "buy.limit")
def test_a_forged_log_of_buying_is_refused() -> None:
    """The log replay knows the offer: an offer in a game without buying, a buy with the
    wrong number of penalty cards, a buy past the limit or a penalty draw that is missing
    are each refused where they stand (a replay that took the events on trust would not)."""
    from pushrummy.log_replay import replay_log

    state = play(play(offered(BUYING.replace(buy_limit=1)), DrawStock(0)), BuyUpcard(1))
    events = list(state.log.events)
    assert replay_log(events, state.variant, 4, None).problem is None
    at = next(i for i, e in enumerate(events) if isinstance(e, Bought))
    plain = replay_log(events, CONTRACT_RUMMY.replace(buying=False), 4, None).problem
    assert plain is not None and "buying=False" in plain[2]
    forged = [*events[:at], Bought(1, c("KS"), 2), *events[at + 1 :]]
    problem = replay_log(forged, state.variant, 4, None).problem
    assert problem is not None and problem[:2] == (at, "penalty")
    cut = replay_log(events[: at + 2], state.variant, 4, None).problem
    assert cut is not None and "seat 0's draw" in cut[2]
    # Seat 1 buying twice in a deal: a log of the unlimited game is refused with a limit.
    twice = play(buy_then_round(BUYING), DrawStock(2))
    while twice.current_player != 1:
        twice = play(twice, PassUpcard(twice.current_player))  # type: ignore[arg-type]
    twice = play(twice, BuyUpcard(1))
    events = list(twice.log.events)
    second = [i for i, e in enumerate(events) if isinstance(e, Bought)][1]
    assert replay_log(events, twice.variant, 4, None).problem is None
    limited = replay_log(events, BUYING.replace(buy_limit=1), 4, None).problem
    assert limited is not None and limited[0] == second  # seat 1 is skipped: seat 2 draws


@rule("buy.penalty", "draw.visibility")
def test_samples_of_another_seats_view_do_not_know_the_penalty_card() -> None:
    """``sample_state`` from seat 3's view after seat 1 bought: the bought KS is always in
    seat 1's hand, its penalty card (9H) only sometimes: the sample draws it like any unseen
    card. A sampler that read the penalty card from the state would always place 9H."""
    state = play(play(offered(), DrawStock(0)), BuyUpcard(1))
    me = pr.view(state, 3)
    held = 0
    for seed in range(40):
        sample = pr.sample_state(me, random.Random(seed))
        assert pr.view(sample, 3) == me
        assert c("KS") in sample.hands[1]
        held += c("9H") in sample.hands[1]
    assert 0 < held < 40
