"""GreedyBot in a deal played all out ([out.all_out], Liverpool's last deal).

In such a deal the contract goes down with every card held, at once, so GreedyBot plays for
an exact cover of its hand by the deal's runs: it keeps the cards of its best partial cover
and discards the stray (where the ordinary greedy discard, which counts a card's partners,
would throw a needed card and keep a duplicate), takes an upcard only when it fits that cover
(not a duplicate the ordinary rule would take for making three in a row), never buys, and
lays down all out as soon as the engine lists the lay-down. Checked on constructed hands
(each decision is the opposite of what the ordinary rule would do, or of what a wrong measure
would do), and on seeded deals: four GreedyBots go out in the seeded last deals they used to
play to the turn limit.
"""

from __future__ import annotations

import pytest

import pushrummy as pr
from engine_helpers import position
from pushrummy import LIVERPOOL, Discard, DrawStock, LayDown, LayDownShape, Phase, Take

rule = pytest.mark.rule

LAST = LIVERPOOL.replace(name="liverpool-last-deal", deals=(LIVERPOOL.deals[-1],))
"""Liverpool's last deal alone (three runs of 4, all out)."""


def _play(hand: str, phase: Phase = Phase.PLAY, upcard: str | None = None) -> pr.PlayerView:
    """Seat 0's view in Liverpool's last deal, a few turns in (a wild upcard is possible)."""
    state = position(
        LIVERPOOL, players=4, deal_number=7, hands={0: hand}, phase=phase, upcard=upcard, turn=4
    )
    return pr.view(state, 0)


def _choice(view: pr.PlayerView) -> pr.Move:
    move = pr.GreedyBot().choose(view)
    assert move in view.legal_moves
    return move


@rule("out.all_out")
def test_it_discards_the_stray_of_its_best_cover_not_a_needed_card() -> None:
    # Three runs of 4 and a second 5H: the 5H is the stray (no run takes two 5H), every
    # other card has run partners; the ordinary discard (partners, then the most expensive)
    # would throw the QS and break the spades.
    me = _play("3H 4H 5H 5H 6H 9S 10S JS QS 3C 4C 5C 6C")
    assert _choice(me) == Discard(0, pr.parse_card("5H"))
    # A card in no window at all goes before a stray that has partners.
    me = _play("3H 4H 5H 6H 9S 10S JS QS 3C 4C 5C 6C KD")
    assert _choice(me) == Discard(0, pr.parse_card("KD"))


@rule("out.all_out")
def test_it_keeps_the_card_that_fills_a_gap_and_throws_the_duplicate() -> None:
    # 3C 4C _ 6C 7C with the 5C missing and a second 4C: the runs 3H-6H and 9S-QS and the
    # clubs around the gap fit 12 of 13 places; the second 4C fits nowhere.
    me = _play("3H 4H 5H 6H 9S 10S JS QS 3C 4C 4C 6C 7C")
    assert _choice(me) == Discard(0, pr.parse_card("4C"))
    # with the gap filled by a joker the hand goes out instead (the engine lists the lay-down)
    me = _play("3H 4H 5H 6H 9S 10S JS QS 3C 4C JK 6C 7C")
    assert isinstance(_choice(me), (LayDown, LayDownShape))


@rule("out.all_out", "draw.take")
def test_it_takes_an_upcard_that_completes_a_cover_and_not_a_duplicate() -> None:
    hand = "3H 4H 5H 6H 9S 10S JS QS 3C 4C 5C 6C"
    assert _choice(_play(hand, phase=Phase.DRAW, upcard="7H")) == Take(0)
    assert _choice(_play(hand, phase=Phase.DRAW, upcard="2C")) == Take(0)
    # a second 4H would make three in a row (the ordinary rule takes it) but fits no run
    assert _choice(_play(hand, phase=Phase.DRAW, upcard="4H")) == DrawStock(0)
    assert _choice(_play(hand, phase=Phase.DRAW, upcard="KD")) == DrawStock(0)
    # the fourth wild card would be one too many: one wild a meld ([contract.wild_cap])
    wild = "3H 4H JK 6H 9S 10S JK QS 3C 4C JK 6C"
    assert _choice(_play(wild, phase=Phase.DRAW, upcard="JK")) == DrawStock(0)
    assert _choice(_play(wild, phase=Phase.DRAW, upcard="5C")) == Take(0)


@rule("out.all_out", "out.empty")
def test_it_lays_down_all_out_when_it_can() -> None:
    state = position(
        LIVERPOOL, players=4, deal_number=7, hands={0: "3H 4H 5H 6H 7H 9S 10S JS QS 3C 4C 5C 6C"}
    )
    bot = pr.GreedyBot()
    steps = 0
    while state.phase in (Phase.PLAY, Phase.LAYING_DOWN, Phase.FILLING_WILDS):
        move = bot.choose(pr.view(state, 0))
        assert not isinstance(move, Discard)
        state = pr.apply_move(state, move)
        steps += 1
    assert steps == 3 and not state.hands[0] and state.results[-1].went_out == 0


def _went_out(seed: int) -> bool:
    state = pr.new_game(LAST, seed=seed, players=4)
    end = pr.play_game(state, [pr.GreedyBot() for _ in range(4)])
    return end.results[-1].went_out is not None


@rule("out.all_out", "game.turn_limit")
def test_four_greedy_bots_go_out_of_seeded_last_deals() -> None:
    # Seeds 0-11: the GreedyBot without an all-out strategy went out of three of them (seeds
    # 1, 2 and 9), the other nine running to the turn limit (200 turns).
    out = sum(_went_out(seed) for seed in range(12))
    assert out >= 11


@pytest.mark.exhaustive
@rule("out.all_out", "game.turn_limit")
def test_four_greedy_bots_go_out_of_most_seeded_last_deals() -> None:
    # Seeds 100-199: the GreedyBot without an all-out strategy went out of 22% of 200 such
    # deals (benchmarks/all_out.py, seeds 1000-1199); now a player goes out of nearly all.
    out = sum(_went_out(seed) for seed in range(100, 200))
    assert out >= 95
