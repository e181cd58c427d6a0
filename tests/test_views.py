"""Player views: the one choke point for hidden information (DESIGN.md §1.4, §4).

The central property is the strong one: a view is a function of what its seat
may know. Two states that differ only in cards hidden from a seat — the stock
order, other seats' unknown cards, the seed, injected deck orders — give that
seat *equal* views. It is checked at every recorded position of seeded games
(random and mixed random/greedy tables) over PUSH, CAP_IT with 4, 5 and 6
players and every house-rule set of ``games.HOUSE_RULES``, for every seat and every
phase. The perturbations and the per-position check are in ``checks.py`` (the
conformance suite and the soak run them too).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pushrummy as pr
from checks import check_position, reshuffle_hidden, swap_in_hand
from games import BOT_GAMES as GAMES
from games import HOUSE_RULES, PRESETS, bots, playout, variant_for
from pushrummy.errors import PushRummyError, SetupError
from pushrummy.state import GameState

# --- recorded games -----------------------------------------------------------------------------


@functools.cache
def record(name: str) -> tuple[tuple[GameState, pr.Move | None], ...]:
    """Every position of a seeded game, with the move made there (None at the end)."""
    preset, house, seed, kinds, limit = GAMES[name]
    variant = variant_for(preset, house, max_turns=limit)
    return tuple(playout(variant, PRESETS[preset][1], seed, bots(kinds)).positions())


def test_the_games_cover_every_house_rule_set() -> None:
    assert {house for _, house, *_ in GAMES.values()} == set(HOUSE_RULES)


# --- the strong property, at every recorded position --------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_views_hide_exactly_the_hidden_cards(name: str) -> None:
    positions = record(name)
    rng = random.Random(name)
    phases = set()
    for index, (state, _) in enumerate(positions):
        phases.add(state.phase)
        # Known cards are really in hand (the view reports them as such).
        for seat in range(state.players):
            assert not Counter(state.known[seat]) - Counter(state.hands[seat]), (index, seat)
        if index % 3 == 0 or state.phase in (pr.Phase.BETWEEN_DEALS, pr.Phase.GAME_OVER):
            check_position(state, rng)
    buying = positions[0][0].variant.buying  # the offer of the upcard only with buying
    assert phases == set(pr.Phase) - (set() if buying else {pr.Phase.BUYING})


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_views_hide_hidden_cards_hypothesis(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(GAMES)), label="game")
    positions = record(name)
    state, _ = data.draw(st.sampled_from(positions), label="position")
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    rng = data.draw(st.randoms(use_true_random=False), label="rng")
    assert pr.view(reshuffle_hidden(state, seat, rng), seat) == pr.view(state, seat)


# --- the pushed stock card ([draw.visibility]) --------------------------------------------------


PUSH_GAMES = sorted(
    name
    for name, (_, house, *_) in GAMES.items()
    if HOUSE_RULES[house].get("draw_style", pr.DrawStyle.PUSH) is pr.DrawStyle.PUSH
)
STOCK_GAMES = sorted(set(GAMES) - set(PUSH_GAMES))


@pytest.mark.rule("draw.stock", "draw.visibility")
@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_card_drawn_from_the_stock_reaches_only_the_drawer(name: str) -> None:
    """[draw.stock]: the drawn card goes to the drawer, seen by the drawer alone; the upcard
    stays, and the next discard puts it on the pile, which every view shows."""
    positions = record(name)
    checked = piled = 0
    for (before, move), (after, _) in itertools.pairwise(positions):
        if isinstance(move, pr.Discard) and before.upcard is not None:
            assert after.pile[-1] == before.upcard and len(after.pile) == len(before.pile) + 1
            assert all(pr.view(after, seat).pile == after.pile for seat in range(after.players))
            piled += 1
        if not isinstance(move, pr.DrawStock) or not before.stock:
            continue
        if after.phase is pr.Phase.BUYING:  # the upcard offered first ([buy.offer])
            continue
        drawn = before.stock[0]
        assert Counter(after.hands[move.seat]) - Counter(before.hands[move.seat]) == Counter(
            [drawn]
        )
        assert after.upcard == before.upcard and after.known == before.known
        views = [pr.view(after, seat) for seat in range(after.players)]
        assert drawn in views[move.seat].hand
        elsewhere = swap_in_hand(after, move.seat, drawn)
        if elsewhere is None:
            continue
        assert pr.view(elsewhere, move.seat) != views[move.seat]
        for seat in range(after.players):
            if seat != move.seat:
                assert pr.view(elsewhere, seat) == views[seat]
        checked += 1
    assert checked > 0 and piled > 0


@pytest.mark.rule("buy.penalty", "draw.visibility")
def test_a_buyers_penalty_card_reaches_only_the_buyer() -> None:
    """[buy.penalty]: the bought upcard is known to all, each penalty card to the buyer
    alone: swapping one for another card changes the buyer's view and no other seat's."""
    positions = record("cap-it-5-buying")
    checked = 0
    for (before, move), (after, _) in itertools.pairwise(positions):
        if not isinstance(move, pr.BuyUpcard) or len(before.stock) <= before.variant.buy_penalty:
            continue
        seat, penalty = move.seat, before.stock[: before.variant.buy_penalty]
        assert Counter(after.hands[seat]) - Counter(before.hands[seat]) == Counter(
            [before.upcard, *penalty]
        )
        assert Counter(after.known[seat]) - Counter(before.known[seat]) == Counter([before.upcard])
        views = [pr.view(after, other) for other in range(after.players)]
        for card in penalty:
            elsewhere = swap_in_hand(after, seat, card)
            if elsewhere is None:
                continue
            assert pr.view(elsewhere, seat) != views[seat]
            for other in range(after.players):
                if other != seat:
                    assert pr.view(elsewhere, other) == views[other]
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", PUSH_GAMES)
def test_pushed_stock_card_reaches_only_the_receiver(name: str) -> None:
    positions = record(name)
    checked = 0
    for (before, move), (after, _) in itertools.pairwise(positions):
        if not isinstance(move, pr.Push) or len(before.stock) < 2:
            continue
        step = 1 if before.variant.push_to is pr.PushTo.NEXT else -1
        receiver = (move.seat + step) % before.players
        pushed, drawn = before.stock[0], before.stock[1]
        # The receiver holds the pushed card and sees it in its own hand ...
        assert Counter(after.hands[receiver]) - Counter(before.hands[receiver]) == Counter(
            [pushed, before.upcard]
        )
        assert pushed in pr.view(after, receiver).hand
        # ... everyone knows it got the upcard, nobody is told the stock card ...
        assert Counter(after.known[receiver]) - Counter(before.known[receiver]) == Counter(
            [before.upcard]
        )
        # ... and no other seat's view depends on which card it was.
        views = [pr.view(after, seat) for seat in range(after.players)]
        elsewhere = swap_in_hand(after, receiver, pushed)
        if elsewhere is None:
            continue
        assert pr.view(elsewhere, receiver) != views[receiver]
        for seat in range(after.players):
            if seat != receiver:
                assert pr.view(elsewhere, seat) == views[seat]
        # The card the pusher drew is the pusher's alone in the same way.
        drawn_elsewhere = swap_in_hand(after, move.seat, drawn)
        if drawn_elsewhere is not None:
            for seat in range(after.players):
                if seat != move.seat:
                    assert pr.view(drawn_elsewhere, seat) == views[seat]
        checked += 1
    assert checked > 0


def test_taken_upcard_is_public() -> None:
    state = pr.new_game(pr.PUSH, seed=7)
    seat = state.current_player
    assert seat is not None
    after = pr.apply_move(state, pr.Take(seat))
    for other in range(4):
        v = pr.view(after, other)
        assert v.known[seat] == (state.upcard,)
        assert v.taken == state.upcard
        assert v.upcard is None


# --- every phase -------------------------------------------------------------------------------


def first_position(name: str, phase: pr.Phase) -> GameState:
    return next(state for state, _ in record(name) if state.phase is phase)


@pytest.mark.parametrize("name", ["push-mixed", "cap-it-6-mixed"])
def test_views_between_deals_and_after_the_game(name: str) -> None:
    between = first_position(name, pr.Phase.BETWEEN_DEALS)
    over = first_position(name, pr.Phase.GAME_OVER)
    for seat in range(between.players):
        v = pr.view(between, seat)
        assert v.current_player is None and v.legal_moves == ()
        assert v.results == between.results and len(v.results) == between.deal_number
        assert v.results[-1].hands == between.hands  # shown for scoring ([score.out])
        assert v.hand == between.hands[seat]
        w = pr.view(over, seat)
        assert w.is_over and w.legal_moves == () and w.outcome == over.outcome
        assert w.outcome is not None and len(w.results) == 5
        assert w.totals == over.totals


def test_view_in_play_phase_lists_the_play_moves() -> None:
    state = pr.new_game(pr.CAP_IT, seed=4, players=6)
    seat = state.current_player
    assert seat is not None
    after = pr.apply_move(state, pr.Push(seat))
    v = pr.view(after, seat)
    assert v.phase is pr.Phase.PLAY
    assert v.legal_moves == pr.legal_moves(after)
    assert any(isinstance(m, pr.Discard) for m in v.legal_moves)
    assert v.stock_size == len(state.stock) - 2


# --- what a view never holds -------------------------------------------------------------------


def test_player_view_has_no_privileged_fields() -> None:
    fields = set(attrs.fields_dict(pr.PlayerView))
    assert not fields & {"stock", "seed", "injected", "hands"}
    v = pr.view(pr.new_game(pr.PUSH, seed=3), 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        v.hand = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        v.extra = 1  # type: ignore[attr-defined]


def test_view_is_a_value() -> None:
    state = pr.new_game(pr.CAP_IT, seed=9, players=5)
    assert pr.view(state, 2) == pr.view(state, 2)
    assert hash(pr.view(state, 2)) == hash(pr.view(state, 2))
    assert pr.view(state, 2) != pr.view(state, 3)


# --- bad seats ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", ["0", 0.0, True, None, [0]])
def test_view_rejects_non_int_seats(seat: object) -> None:
    state = pr.new_game(pr.PUSH, seed=1)
    with pytest.raises(TypeError, match="seat must be an int"):
        pr.view(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "seat"), [(4, -1), (4, 4), (6, 6), (5, 99)])
def test_view_rejects_seats_out_of_range(players: int, seat: int) -> None:
    state = pr.new_game(pr.CAP_IT, seed=1, players=players)
    with pytest.raises(SetupError, match=f"seat must be 0..{players - 1}") as info:
        pr.view(state, seat)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, PushRummyError)


def test_view_rejects_non_states() -> None:
    state = pr.new_game(pr.PUSH, seed=1)
    with pytest.raises(TypeError, match="state must be a GameState"):
        pr.view(pr.view(state, 0), 0)  # type: ignore[arg-type]


# --- moves_using ---------------------------------------------------------------------------------


def brute_cards(move: pr.Move) -> Counter[pr.Card]:
    """The cards a move plays, read field by field."""
    if isinstance(move, (pr.Discard, pr.LayOff, pr.ExchangeWild)):
        return Counter([move.card])
    if isinstance(move, pr.NewMeld):
        return Counter(move.meld.cards)
    if isinstance(move, pr.LayDown):
        return Counter(card for meld in move.melds for card in meld.cards)
    if isinstance(move, pr.LayDownShape):  # the naturals now, the wilds at the filling
        return Counter(card for card in move.shape.cards if card is not None)
    if isinstance(move, pr.FillWilds):
        return Counter(move.wilds)
    return Counter()


@pytest.mark.parametrize("name", ["push-mixed", "cap-it-5-mixed", "push-exchange"])
def test_moves_using_is_the_brute_force_reading(name: str) -> None:
    rng = random.Random(name)
    asked = unlisted = 0
    for state, _ in record(name)[::2]:
        seat = state.current_player
        if seat is None:
            continue
        me = pr.view(state, seat)
        # The cards of every listed move (and of a few random hand selections).
        selections = [list(brute_cards(move).elements()) for move in me.legal_moves]
        selections = rng.sample(selections, min(len(selections), 8))
        selections += [rng.sample(me.hand, rng.randint(0, min(4, len(me.hand)))) for _ in range(3)]
        for cards in selections:
            rng.shuffle(cards)
            want = Counter(cards)
            expected = tuple(m for m in me.legal_moves if brute_cards(m) == want)
            found = pr.moves_using(me, cards)
            # the listed moves first, then unlisted ones: each legal, using exactly the cards
            assert found[: len(expected)] == expected
            for extra in found[len(expected) :]:
                assert extra not in me.legal_moves and brute_cards(extra) == want
                assert pr.is_legal(state, extra), extra
                unlisted += 1
            assert pr.moves_using(me, iter(cards)) == found
            asked += 1
        for move in me.legal_moves:
            assert Counter(pr.cards_used(move)) == brute_cards(move)
    assert asked > 100


def test_moves_using_no_cards_gives_the_draws() -> None:
    state = pr.new_game(pr.PUSH, seed=7)
    me = pr.view(state, state.current_player)
    assert pr.moves_using(me, []) == (pr.Take(me.seat), pr.Push(me.seat))
    assert pr.moves_using(pr.view(state, (me.seat + 1) % 4), []) == ()


def test_moves_using_type_errors() -> None:
    state = pr.new_game(pr.PUSH, seed=7)
    me = pr.view(state, 0)
    with pytest.raises(TypeError):
        pr.moves_using(state, [])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pr.moves_using(me, "KS")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pr.moves_using(me, ["KS"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        pr.cards_used("take")  # type: ignore[arg-type]


# -- moves_using: every legal move using the selected cards, listed or not ---------------------


def _ready_to_lay_down(preset: str, house: str, seeds: range) -> list[GameState]:
    """Play positions where the seat to move has drawn, has not laid down, and holds the
    deal's contract."""
    found = []
    for seed in seeds:
        game = playout(variant_for(preset, house, max_turns=30), PRESETS[preset][1], seed)
        for state in game.states:
            seat = state.current_player
            if (
                state.phase is pr.Phase.PLAY
                and seat is not None
                and not state.laid_down[seat]
                and pr.can_meet_contract(state.hands[seat], state.contract, state.variant)
            ):
                found.append(state)
    return found


@pytest.mark.rule("contract.steps")
@pytest.mark.parametrize(
    ("preset", "house"),
    [
        ("push", "default"),
        pytest.param("cap_it_4", "exchange_team_next_turn", marks=pytest.mark.exhaustive),
    ],
)
def test_moves_using_finds_every_legal_meld_listed_or_not(preset: str, house: str) -> None:
    # Every meld of every way to lay the contract down is found as a first step, in any
    # order (listed or not), and every whole way as one lay-down; everything found is legal.
    # (Cap-It with exchangeable wilds in the exhaustive run only: its ten-card lay-downs
    # with six wilds take a second each; test_moves_using_is_the_brute_force_reading
    # reads hands with exchangeable wilds in the default run.)
    states = _ready_to_lay_down(preset, house, range(6))
    assert len(states) >= 10
    unlisted = whole = 0
    canonical = states[0].variant.wild_exchange is pr.WildExchange.NONE
    for state in states:
        seat = state.current_player
        assert seat is not None
        me = pr.view(state, seat)
        ways = pr.contract_options(state.hands[seat], state.contract, state.variant, limit=12)
        for way in ways:
            for meld in way:
                found = pr.moves_using(me, meld.cards)
                assert all(pr.is_legal(state, move) for move in found)
                step = pr.LayDown(seat, (meld,))
                if pr.is_legal(state, step):
                    steps = {m.melds for m in found if isinstance(m, pr.LayDown)}
                    # the step itself, or (wilds not exchangeable) its class's representative
                    assert (meld,) in steps or canonical, (meld, found)
                    assert any(len(m) == 1 for m in steps), (meld, found)
                    if step not in me.legal_moves:
                        unlisted += 1
                        parsed = pr.parse_move(me, pr.format_move(step))  # the text too
                        assert pr.is_legal(state, parsed) and parsed in found, (step, parsed)
            everything = [card for meld in way for card in meld.cards]
            found = pr.moves_using(me, everything)
            assert all(pr.is_legal(state, move) for move in found)
            if pr.is_legal(state, pr.LayDown(seat, way)):
                assert any(isinstance(m, pr.LayDown) and len(m.melds) == len(way) for m in found)
                whole += 1
    assert unlisted > 0 and whole > 0  # the unlisted path was taken


def test_moves_using_keeps_the_listed_moves_first() -> None:
    state = _ready_to_lay_down("push", "default", range(3))[0]
    seat = state.current_player
    assert seat is not None
    me = pr.view(state, seat)
    for move in me.legal_moves:
        found = pr.moves_using(me, pr.cards_used(move))
        assert found[0] is move or move in found
        listed = [m for m in found if m in me.legal_moves]
        assert found[: len(listed)] == tuple(listed)


@pytest.mark.rule("contract.wilds")
@pytest.mark.parametrize("exchange", [False, True])
def test_moves_using_a_shape_and_its_wilds(exchange: bool) -> None:
    # Deal 2 (a set of 3 and a run of 4): 5H and three wilds make either part.
    variant = pr.PUSH.replace(wild_exchange=pr.WildExchange.ANY_IN_RUNS) if exchange else pr.PUSH
    base = pr.new_game(variant, seed=7)
    seat = base.current_player
    assert seat is not None
    hand = pr.parse_cards("5H JK JK 2C 9C 9S 9D 9D 6D 7D 8D KS")
    state = attrs.evolve(
        base,
        deal_number=2,
        phase=pr.Phase.PLAY,
        upcard=None,
        hands=tuple(hand if s == seat else h for s, h in enumerate(base.hands)),
    )
    me = pr.view(state, seat)
    # The naturals alone: the shapes they make, listed first, then the legal ones the
    # listing leaves out (here a set longer than its part), each legal.
    found = pr.moves_using(me, pr.parse_cards("5H"))
    shapes = [m for m in found if isinstance(m, pr.LayDownShape)]
    listed = [m for m in me.legal_moves if isinstance(m, pr.LayDownShape) and m in found]
    assert listed and shapes[: len(listed)] == listed
    assert all(pr.is_legal(state, m) and m.shape.naturals == (pr.parse_card("5H"),) for m in shapes)
    assert pr.format_move(shapes[-1]) == "shape 5H *=5 *=5 *=5" and shapes[-1] not in me.legal_moves
    # Naturals that make no listed step: its shapes all the same (out of step order).
    nines = pr.moves_using(me, pr.parse_cards("9C 9S"))
    assert [pr.format_move(m) for m in nines] == ["shape 9C 9S *=9", "shape 9C 9S *=9 *=9"]
    assert all(pr.is_legal(state, m) and m not in me.legal_moves for m in nines)
    # Naturals and wilds: the whole step with its wild cards, in one LayDown (unlisted).
    whole = pr.moves_using(me, pr.parse_cards("5H 2C JK JK"))
    assert whole and all(isinstance(m, pr.LayDown) and pr.is_legal(state, m) for m in whole)
    # While the shape is filled, the wild cards selected find its fillings: one per order
    # along the run when wilds may be exchanged, else the one listed for them all.
    shape = pr.parse_move(state, "shape 5H *=6H * *")
    filling = pr.apply_move(state, shape)
    mine = pr.view(filling, seat)
    fills = pr.moves_using(mine, pr.parse_cards("JK 2C JK"))
    assert all(isinstance(m, pr.FillWilds) and m in mine.legal_moves for m in fills)
    assert len(fills) == (3 if exchange else 1)
    assert pr.moves_using(mine, pr.parse_cards("JK JK")) == ()
    assert pr.moves_using(mine, pr.parse_cards("5H")) == ()
