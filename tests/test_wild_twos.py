"""The option ``wild_twos`` ([setup.wild]): with it off only the jokers are wild and a two is a
natural card of rank 2 everywhere the engine decides wildness.

The rule tests of the option (sets of twos, ``A-2-3-4``, a two standing for nothing but itself,
the upcard, scoring, discards, exchanges) are in ``test_engine_rules.py``; the meld checks in
``test_melds.py``. Here: whole games of ``CONTRACT_RUMMY`` and ``PUSH`` with twos natural
through every invariant of the conformance checks, their listings against the brute-force
reference, the notation, JSON (with the schema) and the action codec under the option.
"""

from __future__ import annotations

import json
import random

import pytest
from jsonschema import Draft202012Validator

import pushrummy as pr
from checks import conformance
from engine_helpers import position, run
from games import greedy, meld_variant, melding, playout
from pushrummy import CONTRACT_RUMMY, PUSH, LayDown, LayDownShape, Meld, Rank
from pushrummy.agents import ActionCodec, ActionError, ObservationEncoder
from pushrummy.agents.codec import meld_tokens
from pushrummy.agents.history import HistoryEncoder
from pushrummy.cards import make_deck
from pushrummy.errors import DecodeError, NotationError
from pushrummy.meld_shape import MeldShape
from pushrummy.serialization import json_schema
from reference_moves import reference_moves
from test_contract_reference import compare

NATURAL_PUSH = PUSH.replace(wild_twos=False, max_turns_per_deal=40)
NATURAL_CONTRACT = CONTRACT_RUMMY.replace(wild_twos=False, max_turns_per_deal=40)

REFERENCE_HAND = 10
"""The largest hand whose listing the reference judges here (it takes seconds past that)."""


@pytest.mark.rule("setup.wild")
@pytest.mark.parametrize(
    ("variant", "players", "seed", "policy"),
    [
        pytest.param(NATURAL_PUSH, 4, 31, "melding", id="push-melding"),
        pytest.param(NATURAL_CONTRACT, 3, 32, "melding", id="contract-melding"),
        # GreedyBot's games of the option: the exhaustive run (the default run's conformance
        # plays one, games.HOUSE_RULES["natural_twos"])
        pytest.param(
            NATURAL_PUSH, 4, 131, "greedy", id="push-greedy", marks=pytest.mark.exhaustive
        ),
        pytest.param(
            NATURAL_CONTRACT, 3, 132, "greedy", id="contract-greedy", marks=pytest.mark.exhaustive
        ),
    ],
)
def test_games_with_natural_twos_keep_every_invariant(
    variant: pr.Variant, players: int, seed: int, policy: str
) -> None:
    # every invariant of the conformance checks (legal moves apply, corrupted ones are
    # refused with their rule, JSON round trips, views hide what they must), then the
    # listings of the game's small-hand positions against the brute-force reference
    chosen = melding() if policy == "melding" else greedy()
    game = conformance(variant, players, seed, chosen, samples=4)
    rng = random.Random(seed)
    positions = [state for state, _ in game.positions()]
    rng.shuffle(positions)
    judged = twos = 0
    for state in positions:
        seat = state.current_player
        if seat is None or len(state.hands[seat]) > REFERENCE_HAND:
            continue
        if judged == 25:
            break
        assert set(pr.legal_moves(state)) == reference_moves(state)
        judged += 1
        twos += any(card.rank is Rank.TWO for card in state.hands[seat])
    assert judged >= 5 and twos >= 1, (judged, twos)  # not vacuous: hands holding twos judged


@pytest.mark.rule("setup.wild")
def test_a_natural_game_melds_twos_as_naturals() -> None:
    # Over a few greedy games, twos go to the table as naturals (a set of twos, a two at
    # its place in a run) and never stand for another card.
    found = {"set of twos": 0, "two in a run": 0}
    for seed in range(4):
        for state, _ in playout(NATURAL_CONTRACT, 3, seed, greedy(0.0)).positions():
            for entry in state.table:
                meld = entry.meld
                for index, card in enumerate(meld.cards):
                    if card.rank is not Rank.TWO:
                        continue
                    if meld.rank is not None:
                        assert meld.rank is Rank.TWO, meld
                        found["set of twos"] += 1
                    else:
                        assert meld.start is not None
                        assert meld.start + index == 2 and card.suit is meld.suit, meld
                        found["two in a run"] += 1
    assert all(found.values()), found


@pytest.mark.rule("setup.wild", "contract.wilds")
def test_the_notation_reads_twos_by_the_variant() -> None:
    hand = "2C 2D 2H AS 2S 3S JK 9D"
    natural = position(NATURAL_PUSH, deal_number=2, hands={0: hand})
    wild = position(PUSH, deal_number=2, hands={0: hand})
    # a set of twos, written bare, is read only where twos are natural
    down = pr.parse_move(natural, "down 2C 2D 2H")
    assert down == LayDown(0, (Meld.set_of(pr.parse_cards("2C 2D 2H"), Rank.TWO),))
    assert pr.format_move(down) == "down 2C 2D 2H"
    with pytest.raises(pr.PushRummyError):
        pr.parse_move(wild, "down 2C 2D 2H")
    # a shape keeps a natural two among its naturals; where twos are wild it may not
    shape = pr.parse_move(natural, "shape AS 2S 3S *")
    assert isinstance(shape, LayDownShape) and shape.shape.naturals == pr.parse_cards("AS 2S 3S")
    assert pr.format_move(shape) == "shape AS 2S 3S *=4S"
    assert pr.parse_move(natural, pr.format_move(shape)) == shape
    with pytest.raises(NotationError, match="shape leaves its wild places open"):
        pr.parse_move(wild, "shape AS 2S 3S *")
    # a natural two stands for nothing else: 2C=A is no reading where twos are natural
    with pytest.raises(pr.InvalidMeldError, match="twos are natural") as info:
        pr.parse_move(natural, "down AS 2C=A 2D=A")
    assert info.value.rule == "setup.wild"


@pytest.mark.rule("setup.wild")
def test_json_carries_the_option_and_its_wild_cards() -> None:
    variant_doc = json.loads(pr.to_json(NATURAL_PUSH))
    assert variant_doc["wild_twos"] is False and variant_doc["wild_cards"] == ["JK"]
    assert json.loads(pr.to_json(PUSH))["wild_cards"] == ["2C", "2D", "2H", "2S", "JK"]
    assert pr.from_json(pr.to_json(NATURAL_PUSH)) == NATURAL_PUSH
    # a document written before the option reads as twos wild
    old = json.loads(pr.to_json(PUSH))
    del old["wild_twos"]
    assert pr.from_json(json.dumps(old)) == PUSH
    # the wild cards are a fact of the option: the decoder and the schema refuse a mismatch
    schema = Draft202012Validator(json_schema("variant"))
    for doc, wilds in ((variant_doc, ["2C", "2D", "2H", "2S", "JK"]), (old, ["JK"])):
        bad = {**doc, "wild_cards": wilds}
        with pytest.raises(DecodeError, match="wild_cards"):
            pr.from_json(json.dumps(bad))
        assert not schema.is_valid(bad)
        assert schema.is_valid(doc)
    # a game with twos natural, its sets of twos and shapes holding twos, round trips
    twos = Meld.set_of(pr.parse_cards("2C 2D JK"), wild_twos=False)
    shape = LayDownShape(0, MeldShape.of(run("AH 2H JK"), wild_twos=False))
    for value, kind in ((twos, "meld"), (shape, "move")):
        text = pr.to_json(value)
        assert pr.from_json(text) == value
        assert Draft202012Validator(json_schema(kind)).is_valid(json.loads(text))
    state = pr.new_game(NATURAL_CONTRACT, players=3, seed=4)
    assert pr.from_json(pr.to_json(state)) == state


@pytest.mark.rule("setup.wild")
def test_the_codec_spells_a_set_of_twos_only_where_twos_are_natural() -> None:
    twos = Meld.set_of(pr.parse_cards("2C 2D 2H"), Rank.TWO)
    natural, wild = ActionCodec(NATURAL_PUSH, 4), ActionCodec(PUSH, 4)
    assert natural.size == wild.size + 1  # one token more, after the others
    path = natural.encode(pr.NewMeld(0, twos))
    assert path[0] == natural.set_of_twos and natural.token_name(path[0]) == "set:2"
    assert natural.describe(path) == "set:2 card:2C card:2D card:2H stop"
    assert wild.set_of_twos is None
    with pytest.raises(ActionError, match="set of twos"):
        meld_tokens(twos)


@pytest.mark.rule("setup.wild")
def test_the_observation_and_the_history_take_natural_twos() -> None:
    encoder = ObservationEncoder(NATURAL_CONTRACT, 3)
    history = HistoryEncoder(NATURAL_CONTRACT, 3)
    assert encoder.codec.set_of_twos is not None
    game = playout(NATURAL_CONTRACT, 3, 5, greedy(0.2))
    tables = 0
    for state, _ in game.positions():
        seat = 0 if state.current_player is None else state.current_player
        me = pr.view(state, seat)
        observed = encoder.encode(me)
        assert len(observed) == encoder.size
        assert len(history.encode(me)) == history.size
        tables += bool(state.table)
    assert tables


@pytest.mark.rule("setup.wild", "contract.laydown", "meld.set", "meld.run")
def test_the_contract_search_agrees_with_the_reference_on_hands_with_natural_twos() -> None:
    # Hands rich in twos and their neighbours (sets of twos, runs A-2-3, 2-3-4), a joker or
    # two: every way to meet each preset contract, the search's and the reference's alike,
    # under the option alone and with Contract Rummy's sets of any suits and a natural in
    # every meld. (The default run's comparisons of the other options are
    # tests/test_contract_reference.py's.)
    rng = random.Random(27)
    others = [c for c in make_deck(2) if c.rank is not None and c.rank > Rank.FIVE]
    settings = {
        "natural_twos": meld_variant("natural_twos"),
        "any_suits_min_1": meld_variant("natural_twos_any_suits_min_naturals_1"),
    }
    contracts = tuple(dict.fromkeys(d.contract for d in PUSH.deals))
    met = 0
    for index in range(24):
        twos = rng.sample([pr.Card(Rank.TWO, suit) for suit in pr.Suit], rng.randint(2, 3))
        suit = rng.choice(list(pr.Suit))
        low = rng.randint(1, 2)  # a run from the ace or from the two, a card maybe missing
        run_ = [pr.Card(Rank(r), suit) for r in range(low, low + 4) if rng.random() < 0.85]
        jokers = rng.choice([0, 0, 1, 2])
        hand = [*twos, *run_, *rng.sample(others, 2), *[pr.JOKER] * jokers]
        label = list(settings)[index % len(settings)]
        for contract in contracts:
            met += compare(hand, contract, settings[label], label) > 0
    assert met >= 10, met  # not vacuous
