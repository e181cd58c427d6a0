"""The LIVERPOOL preset: Contract Rummy with the differences the Liverpool sources agree on.

``pushrummy.LIVERPOOL`` is ``CONTRACT_RUMMY.replace(...)`` of a handful of options (docs/rules.rst,
"Liverpool"): every pack's two jokers, only the jokers wild (twos natural and worth 2), the last
deal's three runs laid down all out, and no taking of the upcard or buying once laid down. Each
option is tested on its own elsewhere (test_wild_twos, test_all_out, test_buying, the house
rules of the conformance suite); here: that the preset is exactly those changes, that they meet
in one game (an all-out deal with natural twos against the reference move generator), and a
whole game of bots under every invariant.
"""

from __future__ import annotations

import random

import attrs
import pytest

import pushrummy as pr
from checks import conformance
from engine_helpers import position, three_runs_hand
from games import greedy
from pushrummy import CONTRACT_RUMMY, LIVERPOOL, LayDown, LayDownShape, Rank
from pushrummy.contracts import all_out_ways
from reference_moves import reference_moves
from sizes import Budget

rule = pytest.mark.rule

CHANGED = {
    "name",
    "jokers_for_players",
    "wild_twos",
    "card_values",
    "deals",
    "take_after_contract",
    "buy_after_contract",
}
"""The fields in which LIVERPOOL differs from CONTRACT_RUMMY (the rules page's list)."""


def test_the_preset_is_contract_rummy_with_the_sources_differences() -> None:
    differ = {
        field.name
        for field in attrs.fields(pr.Variant)
        if getattr(LIVERPOOL, field.name) != getattr(CONTRACT_RUMMY, field.name)
    }
    assert differ == CHANGED
    assert LIVERPOOL.name == "liverpool" and not LIVERPOOL.wild_twos
    assert not LIVERPOOL.take_after_contract and not LIVERPOOL.buy_after_contract
    # the deals: Contract Rummy's, the last one all out
    assert [(d.hand_size, d.contract) for d in LIVERPOOL.deals] == [
        (d.hand_size, d.contract) for d in CONTRACT_RUMMY.deals
    ]
    assert [d.all_out for d in LIVERPOOL.deals] == [False] * 6 + [True]
    # scores: a two its pips, everything else as Contract Rummy's
    values = LIVERPOOL.card_values
    assert values[Rank.TWO] == 2
    assert [v for r, v in enumerate(values) if r != Rank.TWO] == [
        v for r, v in enumerate(CONTRACT_RUMMY.card_values) if r != Rank.TWO
    ]
    assert pr.from_json(pr.to_json(LIVERPOOL)) == LIVERPOOL


@rule("setup.deck", "setup.wild")
@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_every_pack_brings_its_two_jokers_and_only_they_are_wild(players: int) -> None:
    deck = LIVERPOOL.deck(players)
    packs = LIVERPOOL.packs(players)
    assert packs == CONTRACT_RUMMY.packs(players)
    assert len(deck) == 54 * packs
    assert sum(card.is_joker for card in deck) == 2 * packs
    assert [card for card in deck if LIVERPOOL.is_wild(card)] == [
        card for card in deck if card.is_joker
    ]


def _last_deal(hand: str) -> pr.GameState:
    return position(LIVERPOOL, players=4, deal_number=7, hands={0: hand})


@rule("out.all_out", "setup.wild")
def test_an_all_out_lay_down_uses_natural_twos_as_themselves() -> None:
    # 13 cards, three runs, two of them through a natural two: all out at once
    state = _last_deal("AH 2H 3H 4H 2S 3S 4S 5S 6S 9C 10C JC QC")
    steps = 0
    while state.phase in (pr.Phase.PLAY, pr.Phase.LAYING_DOWN):
        moves = pr.legal_moves(state)
        step = next(x for x in moves if isinstance(x, LayDown))  # no wild card: whole melds
        assert not any(isinstance(x, pr.Discard) for x in moves) or not steps
        state = pr.apply_move(state, step)
        steps += 1
    assert steps == 3 and not state.hands[0] and state.results[-1].went_out == 0
    assert [str(t.meld) for t in state.table] == ["AH 2H 3H 4H", "2S 3S 4S 5S 6S", "9C 10C JC QC"]
    # the record reads back: the 5-card run is a lay-down of an all-out deal (sizes at least)
    assert pr.from_json(pr.to_json(state)) == state
    for seat in range(4):
        mine = pr.view(state, seat)
        assert pr.from_json(pr.to_json(mine)) == mine
    # a two cannot stand in for a missing card: with the 7S for the 6S there is no way out,
    # where a wild two would go out at once (3S 4S 5S 2S=6S 7S, AH 2H 3H 4H, 9C-QC)
    hand = "AH 2H 3H 4H 2S 3S 4S 5S 7S 9C 10C JC QC"
    stuck = _last_deal(hand)
    assert not any(isinstance(x, (LayDown, LayDownShape)) for x in pr.legal_moves(stuck))
    runs = LIVERPOOL.deals[-1].contract
    assert not all_out_ways(pr.parse_cards(hand), runs, LIVERPOOL)
    twos_wild = LIVERPOOL.replace(name="liverpool-twos-wild", wild_twos=True)
    assert all_out_ways(pr.parse_cards(hand), runs, twos_wild)
    wild_state = position(twos_wild, players=4, deal_number=7, hands={0: hand})
    assert any(isinstance(x, (LayDown, LayDownShape)) for x in pr.legal_moves(wild_state))


def _hand(rng: random.Random) -> str:
    """13 cards around three runs, some through natural twos, sometimes with a joker."""
    extras = ["JK", "2D", "5H", "KS", "2C", "AC"]
    return three_runs_hand(rng, lowest=1, extras=extras, swap=0.4, swaps=["JK", "2S", "2H"])


@rule("out.all_out", "setup.wild")
def test_the_last_deal_s_moves_equal_the_reference(budget: Budget) -> None:
    rng = random.Random(27)
    count = budget.n("all_out.reference")
    laid = 0
    for _ in range(count):
        state = _last_deal(_hand(rng))
        moves = pr.legal_moves(state)
        assert set(moves) == reference_moves(state)
        for move in moves:
            if isinstance(move, (LayDown, LayDownShape)):
                child = pr.apply_move(state, move)
                assert set(pr.legal_moves(child)) == reference_moves(child)
                laid += 1
    assert laid >= count // 4


@rule("draw.take", "buy.who")
@pytest.mark.parametrize("seed", [5, pytest.param(6, marks=pytest.mark.exhaustive)])
def test_a_whole_game_keeps_every_invariant(seed: int) -> None:
    variant = LIVERPOOL.replace(max_turns_per_deal=60)
    game = conformance(variant, 4, seed, greedy(), samples=3)
    assert game.states[-1].phase is pr.Phase.GAME_OVER
    asked = 0
    for state in game.states:
        seat = state.current_player
        if seat is None or not state.laid_down[seat]:
            continue
        # once laid down a seat never takes the upcard and is never offered it
        assert state.phase is not pr.Phase.BUYING, "a laid-down seat was offered the upcard"
        if state.phase is pr.Phase.DRAW:
            asked += 1
            assert not any(isinstance(x, pr.Take) for x in pr.legal_moves(state))
    assert asked > 0
