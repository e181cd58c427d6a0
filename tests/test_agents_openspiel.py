"""The OpenSpiel game (pushrummy.agents.openspiel_game) passes OpenSpiel's own random simulation
test, with serialisation, for Push and Cap-It; legal actions are the codec's masks, returns are
partnership-consistent, the chance outcomes determine the game, states round-trip through
``serialize``/``deserialize`` mid-game, clones share the frozen pushrummy states, and the
example of docs/agents.rst runs.

These tests need the ``openspiel`` extra. Without it they are skipped — except on CI (the
``CI`` variable set), which installs the extra (``.ci/run``): there a missing extra fails.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
import re
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("CI"):
    import pyspiel  # CI installs the openspiel extra: a missing one is a failure there
else:
    pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel tests need the openspiel extra")

import pushrummy as pr
from pushrummy.agents import ActionCodec, ActionError, ObservationEncoder
from pushrummy.agents import openspiel_game as module
from pushrummy.agents.codec import LAY_OFF
from pushrummy.agents.history import HistoryEncoder
from pushrummy.agents.openspiel_game import (
    CAP_IT_NAME,
    PUSH_NAME,
    PushRummyGame,
    PushRummyState,
    load_game,
)
from pushrummy.contract_spec import Contract
from pushrummy.records import replay
from pushrummy.variants import DealSpec

ROOT = Path(__file__).resolve().parent.parent

# (game string, simulations): the registered default, every player count of Cap-It with
# shorter deals, and the house rule that buries at the bottom (the deck drawn once through).
SIMULATED = [
    # whole Push games (no turn limit) are the slowest: two of them in the exhaustive run
    pytest.param(PUSH_NAME, 2, marks=pytest.mark.exhaustive),
    pytest.param(
        f"{CAP_IT_NAME}(players=4,max_turns_per_deal=30)", 1, marks=pytest.mark.exhaustive
    ),
    pytest.param(
        f"{CAP_IT_NAME}(players=5,max_turns_per_deal=30)", 1, marks=pytest.mark.exhaustive
    ),
    (f"{CAP_IT_NAME}(players=6,max_turns_per_deal=15)", 1),
    (f"{PUSH_NAME}(bury_position=bottom,max_turns_per_deal=30)", 1),
]


def sample_chance(state: Any, rng: random.Random) -> int:
    actions, probabilities = zip(*state.chance_outcomes())
    return int(rng.choices(actions, probabilities)[0])


def play(state: Any, rng: random.Random, decisions: int | None = None) -> Any:
    """Random play (chance by its probabilities) to the end, or for ``decisions`` decisions
    (and the chance outcomes after them: it stops at a decision)."""
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif decisions is not None and made >= decisions:
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


@pytest.mark.parametrize(("name", "sims"), SIMULATED)
def test_random_sim_test(name: str, sims: int) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.rule("draw.reshuffle", "deal.random")
def test_random_sim_test_with_the_plain_draw_and_reshuffles() -> None:
    """A reshuffle is a chance node: the new stock drawn card by card from the pile. Big
    hands leave a short stock, so the games reshuffle; OpenSpiel's own checks pass, records
    carry the orders drawn and replay to the same state."""
    variant = pr.CAP_IT.replace(
        name="cap-it-plain-draw",
        draw_style="stock",
        reshuffle_stock=True,
        deals=(DealSpec(20, Contract.parse("3 sets of 3")),) * 2,
    )
    game = load_game(variant, 4, max_turns_per_deal=60)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = play(game.new_initial_state(), random.Random(3))
    record = state.record()
    assert record.reshuffles, "no reshuffle in the game"
    assert pr.replay(record) == state.game_state
    assert pr.replay(pr.from_json(pr.to_json(record))) == state.game_state
    assert game.num_distinct_actions() == ActionCodec(variant, 4).size == 277


@pytest.mark.rule("buy.offer", "buy.penalty", "draw.reshuffle")
def test_random_sim_test_with_buying_and_reshuffles() -> None:
    """With buying the seat offered the upcard is the current player (OpenSpiel's
    ``current_player`` changes mid-turn), ``buy`` and ``pass`` are two more actions, and a buy
    or a last pass that empties the stock is a reshuffle's chance node like a draw's (a
    reshuffle left to the engine's seed would make the chance model inexact: the record
    would not replay)."""
    variant = pr.CAP_IT.replace(
        name="cap-it-buying",
        draw_style="stock",
        reshuffle_stock=True,
        buying=True,
        buy_penalty=2,
        deals=(DealSpec(20, Contract.parse("3 sets of 3")),) * 2,
    )
    game = load_game(variant, 4, max_turns_per_deal=60)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(3)
    offers = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seen = state.game_state
        if seen.phase is pr.Phase.BUYING:
            offers += 1
            assert state.current_player() == seen.current_player
            offered = [e for e in seen.log.events if isinstance(e, pr.UpcardOffered)][-1]
            assert seen.current_player != offered.seat
        state.apply_action(rng.choice(state.legal_actions()))
    record = state.record()
    events = state.game_state.log.events
    assert offers and any(isinstance(e, pr.Bought) for e in events)
    # every reshuffle was chance's, none the engine's own from the seed
    assert len(record.reshuffles) == sum(isinstance(e, pr.StockReshuffled) for e in events) > 0
    assert pr.replay(record) == state.game_state
    assert game.num_distinct_actions() == ActionCodec(variant, 4).size == 279


@pytest.mark.rule("setup.wild", "deal.upcard")
def test_random_sim_test_with_natural_twos() -> None:
    """With twos natural ([setup.wild]) the chance model turns a two up as a natural upcard
    (only a joker is buried), and a set of twos has its own action (one more)."""
    variant = pr.PUSH.replace(
        name="push-natural-twos",
        wild_twos=False,
        bury_position="bottom",
        deals=(DealSpec(9, Contract.parse("2 sets of 3")),) * 2,
    )
    game = load_game(variant, 4, max_turns_per_deal=30)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert game.num_distinct_actions() == ActionCodec(pr.PUSH, 4).size + 1
    two_up = 0
    for seed in range(40):  # chance's deals: a two upcard stays up
        state = game.new_initial_state()
        rng = random.Random(seed)
        while state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        seen = state.game_state
        assert seen.upcard is not None and not seen.upcard.is_joker
        two_up += seen.upcard.rank is pr.Rank.TWO
    assert two_up


def test_the_games_are_registered_with_their_types() -> None:
    names = pyspiel.registered_names()
    assert PUSH_NAME in names and CAP_IT_NAME in names
    push = pyspiel.load_game(PUSH_NAME)
    kind = push.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert push.num_players() == 4 and push.utility_sum() == 0.0
    assert push.num_distinct_actions() == ActionCodec(pr.PUSH, 4).size == 276
    assert push.max_chance_outcomes() == 53  # the card codes (more than the seats)
    assert push.observation_tensor_size() == ObservationEncoder(pr.PUSH, 4).size == 1603
    history = HistoryEncoder(pr.PUSH, 4).size
    assert push.information_state_tensor_size() == 1603 + history == 4628
    assert push.max_game_length() == 5 * 101 * (2 + 6 * 108)
    assert (push.min_utility(), push.max_utility()) == (-1.0, 1.0)
    cap_it = pyspiel.load_game(f"{CAP_IT_NAME}(players=6)")
    assert cap_it.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert cap_it.num_players() == 6 and cap_it.num_distinct_actions() == 294
    bottom = pyspiel.load_game(f"{PUSH_NAME}(bury_position=bottom)")
    assert bottom.max_chance_outcomes() == 53
    assert bottom.variant.bury_position is pr.BuryPosition.BOTTOM


def test_parameters_are_checked() -> None:
    for bad in (
        f"{PUSH_NAME}(max_turns_per_deal=0)",
        f"{PUSH_NAME}(bury_position=middle)",
    ):
        with pytest.raises(ValueError, match=r"max_turns_per_deal|bury_position"):
            pyspiel.load_game(bad)
    with pytest.raises(pr.VariantError):
        PushRummyGame({"players": 5})
    with pytest.raises(pr.SetupError, match="short_name"):
        PushRummyGame(short_name="gin")
    with pytest.raises(pr.SetupError, match="max_turns_per_deal"):
        PushRummyGame({"max_turns_per_deal": 0})
    for name in ("max_turns_per_deal", "players"):
        with pytest.raises(TypeError, match=name):
            PushRummyGame({name: "5"})
    with pytest.raises(TypeError):
        load_game("push")  # type: ignore[arg-type]


def test_the_chance_model_determines_the_whole_game() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=30)")
    state = game.new_initial_state()
    rng = random.Random(3)
    # The first dealer, then the deck order of deal 1 card by card.
    assert state.is_chance_node() and state.chance_outcomes() == [(s, 0.25) for s in range(4)]
    state.apply_action(2)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 53 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert dict(outcomes)[52] == 4 / 108  # four jokers in two packs
    assert state.game_state is None and state.action_to_string(-1, 52) == "card:JK"
    for _ in range(108):
        assert state.game_state is None
        state.apply_action(sample_chance(state, rng))
    while state.game_state is None:  # one draw more per wild upcard buried
        state.apply_action(sample_chance(state, rng))
    dealt = state.game_state
    assert dealt is not None and dealt.dealer == 2
    play(state, rng)
    record = state.record()
    assert len(record.deals) == 5 and record.dealer == 2
    assert replay(record) == state.game_state  # the injected orders replay the game exactly
    # The same history from a new state is the same game.
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state) and again.game_state == state.game_state
    # A chance outcome that is not possible is refused.
    fresh = game.new_initial_state()
    with pytest.raises(ActionError, match="chance outcome 7 is not possible here"):
        fresh.apply_action(7)


@pytest.mark.parametrize("at", [0, 7, 78])
def test_a_wild_upcard_is_buried_at_a_uniform_place(at: int) -> None:
    # [deal.upcard]: the card after a wild upcard is drawn without it, then the wild goes
    # back among the cards left to draw: every place in the stock equally likely.
    game = pyspiel.load_game(PUSH_NAME)
    state = game.new_initial_state()
    state.apply_action(0)
    deck = [card.code for card in pr.cards.make_deck(2)]
    hands = [code for code in deck if not pr.Card.from_code(code).is_wild][:24]
    rest = list(deck)
    for code in hands:
        rest.remove(code)
    for code in hands:
        state.apply_action(code)
    state.apply_action(52)  # a joker turned up: three jokers left to draw, not four
    left = dict(state.chance_outcomes())
    assert left[52] == 3 / 83
    state.apply_action(pr.parse_card("2C").code)  # a two turned up next: the joker goes back
    left = dict(state.chance_outcomes())
    assert left[52] == 4 / 83 and left[pr.parse_card("2C").code] == 1 / 83
    state.apply_action(pr.parse_card("7H").code)  # the natural upcard: both wilds are back
    left = dict(state.chance_outcomes())
    assert left[52] == 4 / 83 and left[pr.parse_card("2C").code] == 2 / 83
    stock = list(rest)
    for text in ("7H", "2C", "JK"):
        stock.remove(pr.parse_card(text).code)
    stock[at:at] = [52, pr.parse_card("2C").code]
    assert len(stock) == 83
    for code in stock:
        assert state.game_state is None
        state.apply_action(code)
    dealt = state.game_state
    assert dealt is not None and dealt.upcard == pr.parse_card("7H")
    assert [card.code for card in dealt.stock] == stock  # the burials where they were drawn
    assert dealt.log.events[0].buried == (pr.parse_card("JK"), pr.parse_card("2C"))
    assert replay(state.record()) == dealt


def test_a_deal_with_only_wilds_left_is_refused_not_drawn_forever() -> None:
    # [deal.upcard]: 2 players × 26 cards from one pack leave the two jokers: no natural
    # upcard can be turned, and buried wilds going back would make chance draw forever.
    variant = pr.CAP_IT.replace(
        packs_for_players=((2, 1),),
        deals=(pr.DealSpec(26, pr.Contract.parse("2 sets of 3")),),
    )
    state = load_game(variant, players=2).new_initial_state()
    state.apply_action(0)
    for card in pr.make_deck(1):
        if not card.is_joker:  # the hands take every card but the jokers
            state.apply_action(card.code)
    state.apply_action(52)  # a joker turned up; only the other joker is left to draw
    with pytest.raises(pr.SetupError, match=r"no natural upcard can be turned \[deal\.upcard\]"):
        state.chance_outcomes()


def test_the_bottom_house_rule_draws_the_deck_once_through() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(bury_position=bottom)")
    state = game.new_initial_state()
    state.apply_action(0)
    codes = [card.code for card in pr.cards.make_deck(2)]
    codes.remove(52)
    codes.insert(24, 52)  # the first card after the hands is a joker
    for code in codes[:25]:
        state.apply_action(code)
    assert dict(state.chance_outcomes())[52] == 3 / 83  # no wild goes back
    for code in codes[25:]:
        state.apply_action(code)
    dealt = state.game_state
    assert dealt is not None and dealt.stock[-1] == pr.parse_card("JK")


@pytest.mark.parametrize(("variant", "players"), [(pr.PUSH, 4), (pr.CAP_IT, 5)])
def test_legal_actions_are_the_codec_masks(variant: pr.Variant, players: int) -> None:
    game = load_game(variant, players, max_turns_per_deal=15)
    codec = ActionCodec(variant.replace(max_turns_per_deal=15), players)
    encoder = ObservationEncoder(variant.replace(max_turns_per_deal=15), players)
    state = game.new_initial_state()
    rng = random.Random(11)
    checked = spelled = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert state.legal_actions() == [a for a, _ in outcomes]
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        seen = state.player_view(seat)
        legal = state.legal_actions()
        assert legal == list(codec.legal_tokens(seen, state.prefix))
        assert state.legal_actions_mask() == list(codec.mask(seen, state.prefix))
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == []
        if checked % 7 == 0:  # the tensors are the encoder's, the prefix the mover's own
            for other in range(players):
                prefix = state.prefix if other == seat else ()
                seen = state.player_view(other)
                vector = encoder.encode(seen, prefix)
                assert state.observation_tensor(other) == [float(v) for v in vector]
                # the information state: the observation, then the record of past play
                history = HistoryEncoder(encoder.variant, players).encode(seen)
                assert state.information_state_tensor(other) == [
                    float(v) for v in (*vector, *history)
                ]
            assert "spelling" not in state.observation_string((seat + 1) % players)
        spelled += bool(state.prefix)
        checked += 1
        state.apply_action(rng.choice(legal))
    assert checked > 100 and spelled > 0


def test_the_information_state_string_has_perfect_recall() -> None:
    # Nothing a seat has seen is forgotten: its event lines only ever grow, and they are
    # the events of its view, as it saw them (never another seat's hidden card).
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=30)")
    state = game.new_initial_state()
    rng = random.Random(11)
    before: dict[int, list[str]] = {seat: [] for seat in range(4)}
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        for seat in range(4):
            text = state.information_state_string(seat)
            events = [line for line in text.splitlines() if line.startswith("event ")]
            seen = state.player_view(seat).events
            assert events == [
                f"event {i}: {pr.describe_event(e, you=seat)}" for i, e in enumerate(seen)
            ]
            assert events[: len(before[seat])] == before[seat]
            before[seat] = events
            assert text.startswith(state.observation_string(seat))
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100 and all(len(lines) > 100 for lines in before.values())


def _to_shapes(state: Any, rng: random.Random) -> list[pr.LayDownShape]:
    """Random play until the player to move, spelling nothing, may announce two shapes or
    more ([contract.wilds]); those shapes."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        moves = state.player_view(state.current_player()).legal_moves
        shapes = [m for m in moves if isinstance(m, pr.LayDownShape)]
        if not state.prefix and len(shapes) > 1:
            return shapes
        state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no position with two shapes in the game")


def test_a_shape_then_its_wild_cards_are_two_decisions_of_one_seat() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=30)")
    codec = game.codec
    rng = random.Random(4)
    state = game.new_initial_state()
    shapes = _to_shapes(state, rng)
    seat = state.current_player()
    strings = set()
    for shape in shapes[:3]:
        after = state.clone()
        for token in codec.encode(shape):
            assert token in after.legal_actions() and after.current_player() == seat
            after.apply_action(token)
        game_state = after.game_state
        assert game_state.phase is pr.Phase.FILLING_WILDS and game_state.shape == shape.shape
        assert after.current_player() == seat and after.prefix == ()
        # the legal actions are the fillings' first tokens, named as the codec names them
        fills = pr.legal_moves(game_state)
        assert fills and all(isinstance(m, pr.FillWilds) for m in fills)
        first = sorted({codec.encode(m)[0] for m in fills})
        assert after.legal_actions() == first
        assert [after.action_to_string(seat, a) for a in first] == [
            codec.token_name(a) for a in first
        ]
        # every seat sees the shape, in its strings; the state's text says it too
        assert f"shape {shape.shape}" in str(after)
        for other in range(4):
            assert f"shape {shape.shape}, seat {seat} fills it" in after.observation_string(other)
        strings.add(tuple(after.information_state_string(o) for o in range(4)))
        again = game.deserialize_state(after.serialize())
        assert str(again) == str(after) and again.game_state == game_state
        # filling it lays the meld down: the seat then goes on with its turn
        fill = rng.choice(fills)
        for token in codec.encode(fill):
            assert after.current_player() == seat
            after.apply_action(token)
        assert after.game_state.shape is None
        assert after.game_state.table[-1].meld == shape.shape.fill(fill.wilds)
    # different shapes, different information states (every seat's)
    assert len(strings) == len(shapes[:3])
    for seat_strings in zip(*strings):
        assert len(set(seat_strings)) == len(strings)


def test_an_action_that_is_not_legal_is_refused() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=30)")
    state = play(game.new_initial_state(), random.Random(5), decisions=0)
    assert not state.is_chance_node()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(ActionError, match="is not allowed here"):
        state.apply_action(illegal)
    assert str(state) == before  # nothing applied


def test_returns_are_partnership_consistent() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=10)")
    for seed in range(4):
        state = play(game.new_initial_state(), random.Random(seed))
        returns = state.returns()
        outcome = state.game_state.outcome
        assert returns[0] == returns[2] and returns[1] == returns[3]
        assert sum(returns) == 0 and returns in ([1, -1, 1, -1], [-1, 1, -1, 1], [0, 0, 0, 0])
        if outcome.is_draw:
            assert returns == [0, 0, 0, 0]
        else:
            (winner,) = outcome.winners
            assert returns[winner] == 1
        assert state.rewards() == returns
    cap_it = pyspiel.load_game(f"{CAP_IT_NAME}(players=5,max_turns_per_deal=10)")
    for seed in range(3):
        state = play(cap_it.new_initial_state(), random.Random(seed))
        returns = state.returns()
        winners = state.game_state.outcome.winners
        assert all(returns[s] == -1 for s in range(5) if s not in winners)
        assert all(returns[s] == (1 if len(winners) == 1 else 0) for s in winners)


def test_returns_are_zero_before_the_end() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=10)")
    state = play(game.new_initial_state(), random.Random(1), decisions=30)
    assert state.returns() == [0.0] * 4 and state.rewards() == [0.0] * 4


def test_serialize_round_trips_mid_game() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=20)")
    rng = random.Random(8)
    state = game.new_initial_state()
    checked = 0
    for decisions in (0, 25, 60, 200):
        play(state, rng, decisions=decisions - checked if decisions > checked else 0)
        checked = decisions
        # Mid-spelling too: advance until some prefix is pending, when one comes soon.
        text = pyspiel.serialize_game_and_state(game, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert str(again_game) == str(game)
        assert str(again) == str(state) and again.history() == state.history()
        assert again.game_state == state.game_state and again.prefix == state.prefix
        for seat in range(4):
            assert again.observation_tensor(seat) == state.observation_tensor(seat)
            assert again.information_state_string(seat) == state.information_state_string(seat)
        assert game.deserialize_state(state.serialize()).history() == state.history()
        # Both go on alike.
        twin = random.Random(decisions)
        play(again, twin, decisions=15)
        play(state.clone(), random.Random(decisions), decisions=15)
    # A pending prefix survives the round trip: play a new game, starting a multi-token move
    # (a lay-off or a meld: tokens from LAY_OFF on) whenever one is legal.
    state = game.new_initial_state()
    while not state.prefix:
        if state.is_terminal():
            pytest.fail("no multi-token move in the game")
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        longer = [a for a in legal if a >= LAY_OFF]
        state.apply_action(rng.choice(longer or legal))
    again = game.deserialize_state(state.serialize())
    assert again.prefix == state.prefix and str(again) == str(state)
    assert "spelling" in again.observation_string(again.current_player())
    assert again.legal_actions() == state.legal_actions()


def test_clones_share_the_frozen_states() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=20)")
    state = play(game.new_initial_state(), random.Random(2), decisions=40)
    clone = state.clone()
    assert isinstance(clone, PushRummyState)
    assert clone.game_state is state.game_state  # not copied
    assert clone._progress is state._progress
    for copied in (copy.copy(state), copy.deepcopy(state)):
        assert isinstance(copied, PushRummyState) and copied.game_state is state.game_state
        assert str(copied) == str(state) and copied.history() == state.history()
    unpickled = pickle.loads(pickle.dumps(state))  # through serialize: a replay
    assert str(unpickled) == str(state) and unpickled.game_state == state.game_state
    clone.apply_action(clone.legal_actions()[0])
    assert clone.game_state is not state.game_state or clone.prefix != state.prefix
    assert len(clone.history()) == len(state.history()) + 1


def test_cap_it_and_house_rules_through_load_game() -> None:
    variant = pr.CAP_IT.replace(bury_position=pr.BuryPosition.BOTTOM, max_turns_per_deal=8)
    game = load_game(variant, 6, max_turns_per_deal=50)
    assert game.variant.max_turns_per_deal == 8  # the variant's lower limit stays
    assert game.max_chance_outcomes() == 53 and game.num_players() == 6
    state = play(game.new_initial_state(), random.Random(4))
    assert state.is_terminal() and len(state.game_state.results) == 5
    assert state.game_state.variant == variant
    middle = play(game.new_initial_state(), random.Random(6), decisions=50)
    again = game.deserialize_state(middle.serialize())
    assert str(again) == str(middle) and again.game_state.variant == variant


def test_strings_and_observation_before_the_first_deal() -> None:
    game = pyspiel.load_game(PUSH_NAME)
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    assert "dealing" in state.observation_string(0)
    assert state.player_view(0) is None
    with pytest.raises(pr.SetupError):
        state.record()
    state.apply_action(0)
    assert state.action_to_string(-1, 5) == "card:6C"


def test_the_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "MISSING_EXTRA", ImportError("No module named 'pyspiel'"))
    with pytest.raises(ImportError, match=re.escape('pip install "pushrummy[openspiel]"')):
        load_game()
    with pytest.raises(ImportError, match="openspiel extra"):
        PushRummyGame()


@pytest.mark.exhaustive  # a whole game of the docs' example: the exhaustive set (CI runs it)
def test_docs_example(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / "agents.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text)
    example = next(block for block in blocks if "MCTSBot" in block)
    code = "\n".join(line[3:] for line in example.splitlines())
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/agents.rst", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "MCTS chose" in printed
    state = namespace["state"]
    assert isinstance(state, PushRummyState) and state.game_state is not None


# -- information-set search: resample_from_infostate and OpenSpiel's Python ISMCTS ----------


def _check_resampling(state: Any) -> None:
    """At a decision: every seat's resample keeps that seat's information state (strings
    and tensors) and the legal actions of the player to move; the hidden cards change."""
    if state.is_chance_node() or state.is_terminal():
        return
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    mover = state.current_player()
    for seat in range(state.num_players()):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert pr.view(sample.game_state, seat) == pr.view(state.game_state, seat)
        assert sample.current_player() == mover
        if seat == mover:
            assert sample.legal_actions() == state.legal_actions()
            assert sample.prefix == state.prefix


def test_random_sim_test_with_resampling() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=8)")
    pyspiel.random_sim_test(
        game, num_sims=1, serialize=False, verbose=False, state_checker_fn=_check_resampling
    )


def test_resampling_deals_the_hidden_cards_afresh() -> None:
    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=30)")
    state = play(game.new_initial_state(), random.Random(5), decisions=40)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    hidden = {s.game_state.hands[(seat + 1) % 4] for s in samples}
    assert len(hidden) > 1, "every resample dealt the other seats the same cards"
    assert all(s.game_state.hands[seat] == state.game_state.hands[seat] for s in samples)
    # a resample plays on like any state, but has no history to serialise or record
    sample = play(samples[0].clone(), random.Random(1))
    assert sample.is_terminal() and len(sample.returns()) == 4
    with pytest.raises(pr.SetupError, match="resampled"):
        samples[1].record()
    with pytest.raises(pr.SetupError, match="cannot be serialised"):
        samples[1].serialize()
    with pytest.raises(pr.SetupError, match="not at a chance"):
        game.new_initial_state().resample_from_infostate(0, sampler)


def test_python_ismcts_searches_push() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"{PUSH_NAME}(max_turns_per_deal=6)")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while searched < 3:
        while state.is_chance_node():
            state.apply_action(sample_chance(state, random.Random(searched)))
        seat = state.current_player()
        legal = state.legal_actions()
        if seat % 2 == 0 and len(legal) > 1:
            policy = bot.get_policy(state)  # a search: visits per legal action
            assert {action for action, _ in policy} == set(legal)
            assert sum(p for _, p in policy) == pytest.approx(1.0)
            searched += 1
        state.apply_action(int(rng.choice(legal)))


def test_the_docs_ismcts_example(capsys: pytest.CaptureFixture[str]) -> None:
    # The page's ISMCTS block follows its MCTS block (imports, the registered games).
    text = (ROOT / "docs" / "agents.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text)
    setup = next(block for block in blocks if "MCTSBot" in block)
    example = next(block for block in blocks if "ISMCTSBot" in block)
    imports = "\n".join(line[3:] for line in setup.splitlines() if "import" in line)
    code = imports + "\n" + "\n".join(line[3:] for line in example.splitlines())
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/agents.rst", "exec"), namespace)
    printed = capsys.readouterr().out.strip()
    state = namespace["state"]
    names = {state.action_to_string(state.current_player(), a) for a in state.legal_actions()}
    assert printed in names
