"""state_problems / view_problems: every invariant of a state or view, checked in one place.

Each inconsistency fuzzing found in decoded documents is built here by hand, and both the
function and the JSON decoder (which asks it) must refuse it, naming the field.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import attrs
import pytest

import pushrummy as pr
from pushrummy import Phase, state_problems, view_problems
from pushrummy.errors import DecodeError
from pushrummy.serialization import encode
from sizes import Budget


def states(variant: pr.Variant, players: int, seed: int) -> Iterator[pr.GameState]:
    state = pr.new_game(variant, seed=seed, players=players)
    rng = random.Random(seed)
    while True:
        yield state
        moves = pr.legal_moves(state)
        if not moves:
            return
        state = pr.apply_move(state, rng.choice(moves))


def first(predicate: Callable[[pr.GameState], bool], seed: int = 0) -> pr.GameState:
    for s in range(seed, seed + 50):
        for state in states(pr.PUSH, 4, s):
            if predicate(state):
                return state
    raise AssertionError("no such state in 50 games")


def where(problems: tuple[pr.Problem, ...]) -> list[str]:
    return [problem.where for problem in problems]


def refused(value: pr.GameState | pr.PlayerView, path: str, words: str) -> None:
    """Both the checker and the decoder refuse ``value``, at ``path``."""
    problems = state_problems(value) if isinstance(value, pr.GameState) else view_problems(value)
    assert problems, "no problem found"
    assert words in problems[0].message, problems
    with pytest.raises(DecodeError) as caught:
        pr.decode(encode(value))
    assert caught.value.path == path, str(caught.value)
    assert words in str(caught.value)


@pytest.mark.parametrize(
    ("variant", "players"), [(pr.PUSH, 4), (pr.CAP_IT, 4), (pr.CAP_IT, 5), (pr.CAP_IT, 6)]
)
def test_every_state_and_view_of_played_games_is_consistent(
    variant: pr.Variant, players: int, budget: Budget
) -> None:
    checked = 0
    seeds = budget.n("state_problems.games")
    for seed in range(seeds):
        for state in states(variant, players, seed):
            # The log is replayed at every deal's end and at every 16th state (a replay
            # reads the whole log: at every state the test would be quadratic).
            log = state.current_player is None or checked % 16 == 0
            assert state_problems(state, log=log) == ()
            seat = state.current_player if state.current_player is not None else 0
            assert view_problems(pr.view(state, seat), log=log) == ()
            checked += 1
    assert checked > 250 * seeds


@pytest.mark.rule("contract.laydown")
def test_a_seat_marked_laid_down_owning_no_melds() -> None:
    state = first(lambda s: s.phase is Phase.DRAW and not any(s.laid_down) and s.turn > 4)
    broken = attrs.evolve(state, laid_down=(True, *state.laid_down[1:]))
    assert where(state_problems(broken)) == ["laid_down[0]"]
    refused(broken, "$.laid_down[0]", "owns at least")
    # A view shows the same public fact, so it is refused too.
    assert where(view_problems(pr.view(broken, 1))) == ["laid_down[0]"]


@pytest.mark.rule("setup.deck")
def test_results_whose_hands_hold_more_copies_than_the_deck() -> None:
    state = first(lambda s: s.phase is Phase.DRAW and s.deal_number == 2)
    result = state.results[0]
    jokers = (pr.JOKER,) * 13
    hands = (jokers, *result.hands[1:])
    penalties = pr.deal_penalties(hands, state.variant, result.went_out)
    totals_fix = tuple(t - p + q for t, p, q in zip(state.totals, result.penalties, penalties))
    broken = attrs.evolve(
        state,
        results=(attrs.evolve(result, hands=hands, penalties=penalties),),
        totals=totals_fix,
    )
    assert "results[0].hands" in where(state_problems(broken))
    refused(broken, "$.results[0].hands", "more copies than the deck")


def _without(hand: tuple[pr.Card, ...], card: pr.Card) -> tuple[pr.Card, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


@pytest.mark.rule("score.out")
def test_hands_differ_from_the_last_result_between_deals() -> None:
    state = first(lambda s: s.phase is Phase.BETWEEN_DEALS)
    # A card the others do not know the donor holds (else "known" is the first problem).
    donor, card = next(
        (seat, card)
        for seat, hand in enumerate(state.hands)
        for card in hand
        if card not in state.known[seat]
    )
    other = (donor + 1) % state.players
    hands = list(state.hands)
    hands[donor] = _without(hands[donor], card)
    hands[other] = tuple(sorted((*hands[other], card)))
    broken = attrs.evolve(state, hands=tuple(hands))
    assert f"hands[{min(donor, other)}]" in where(state_problems(broken))
    refused(broken, f"$.hands[{min(donor, other)}]", "result shows")


@pytest.mark.rule("discard.taken")
def test_a_taken_card_that_is_nowhere() -> None:
    state = first(lambda s: s.phase is Phase.PLAY and s.taken is not None)
    seat = state.current_player
    assert seat is not None
    missing = next(
        card
        for card in pr.make_deck(2)
        if card not in state.hands[seat] and all(card not in t.meld.cards for t in state.table)
    )
    broken = attrs.evolve(state, taken=missing)
    assert where(state_problems(broken)) == ["taken"]
    refused(broken, "$.taken", "taken this turn")


@pytest.mark.rule("out.empty")
def test_a_current_player_with_no_cards_mid_deal() -> None:
    state = first(lambda s: s.phase is Phase.PLAY and s.stock)
    seat = state.current_player
    assert seat is not None
    hands = list(state.hands)
    stock = state.stock + hands[seat]
    hands[seat] = ()
    broken = attrs.evolve(state, hands=tuple(hands), stock=stock, known=((),) * state.players)
    assert where(state_problems(broken)) == [f"hands[{seat}]"]
    refused(broken, f"$.hands[{seat}]", "every seat holds a card")
    # The view of another seat sees the hand size of 0: refused as well.
    refused(pr.view(broken, (seat + 1) % state.players), f"$.hand_sizes[{seat}]", "holds a card")


@pytest.mark.rule("turn.holds")
def test_a_view_whose_legal_moves_use_cards_it_does_not_hold() -> None:
    state = first(lambda s: s.phase is Phase.PLAY)
    seat = state.current_player
    assert seat is not None
    v = pr.view(state, seat)
    foreign = next(card for card in pr.make_deck(2) if card not in v.hand)
    moves = (*v.legal_moves, pr.Discard(seat, foreign))
    broken = attrs.evolve(v, legal_moves=moves)
    assert where(view_problems(broken)) == [f"legal_moves[{len(moves) - 1}]"]
    refused(broken, f"$.legal_moves[{len(moves) - 1}]", "does not hold")


@pytest.mark.rule("draw.choice")
def test_a_view_whose_legal_moves_do_not_suit_the_phase() -> None:
    state = first(lambda s: s.phase is Phase.PLAY)
    seat = state.current_player
    assert seat is not None
    v = pr.view(state, seat)
    broken = attrs.evolve(v, legal_moves=(pr.Take(seat), *v.legal_moves))
    refused(broken, "$.legal_moves[0]", "not a move of the play phase")


def test_shape_problems_come_alone_and_do_not_crash() -> None:
    state = pr.new_game(pr.PUSH, seed=2)
    short = attrs.evolve(state, hands=state.hands[:3], laid_down=state.laid_down[:2])
    assert where(state_problems(short)) == ["hands", "laid_down"]
    wrong_players = attrs.evolve(state, players=9)
    assert where(state_problems(wrong_players)) == ["players"]
    owner = attrs.evolve(state, current_player=7)
    assert where(state_problems(owner)) == ["current_player"]


def test_wrong_types_are_type_errors() -> None:
    v = pr.view(pr.new_game(pr.PUSH, seed=1), 0)
    with pytest.raises(TypeError, match="state must be a GameState, not PlayerView"):
        state_problems(v)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view must be a PlayerView, not NoneType"):
        view_problems(None)  # type: ignore[arg-type]


def test_problems_name_their_field() -> None:
    problem = pr.Problem("hands[2]", "a hand is kept sorted")
    assert str(problem) == "hands[2]: a hand is kept sorted"
    assert str(pr.Problem("", "x")) == "(whole): x"


def test_legal_moves_of_a_view_or_a_non_state_is_a_type_error() -> None:
    v = pr.view(pr.new_game(pr.PUSH, seed=1), 0)
    with pytest.raises(
        TypeError, match=r"not PlayerView \(a view's legal moves are view.legal_moves\)"
    ):
        pr.legal_moves(v)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state must be a GameState, not NoneType"):
        pr.legal_moves(None)  # type: ignore[arg-type]


@pytest.mark.rule("deal.first")
def test_the_seat_to_move_follows_from_the_dealer_and_the_turn() -> None:
    state = first(lambda s: s.phase is Phase.DRAW and s.turn > 2)
    assert state_problems(state) == ()
    broken = attrs.evolve(state, turn=state.turn + 1)
    assert where(state_problems(broken)) == ["current_player"]
    refused(broken, "$.current_player", "is to move, not seat")
