"""``random_move``: a uniformly random legal move without listing every lay-down step.

Checked against the listing itself: the sampler's candidates that pass the lister's test,
with the other moves of the play phase, are exactly ``legal_moves`` (no move missing, none
extra, none twice); every move it draws is listed; over many draws every listed move
appears; and a chi-square test of uniformity passes on positions with many choices, where
the same test rejects a plausibly wrong sampler (one that falls back to the other moves
instead of drawing again when a candidate is not listed).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

import pushrummy as pr
from pushrummy.contracts.hands import read_hand
from pushrummy.engine import listed
from pushrummy.movetable import MOVE_KINDS
from pushrummy.plays.lay_down import STEP_MOVES, StepDraw, step_draw
from pushrummy.plays.turn import Turn, search_of

PRESETS = {
    "push": pr.PUSH,
    "cap_it": pr.CAP_IT,
    "push_no_same_turn": pr.PUSH.replace(same_turn_after_contract=False),
    "push_must_discard": pr.PUSH.replace(must_discard_to_go_out=True),
    "cap_it_exact": pr.CAP_IT.replace(contract_exact_sizes=True),
}


def _draw_and_others(state: pr.GameState) -> tuple[StepDraw | None, list[pr.Move]]:
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    search = search_of(state.variant)
    turn = Turn(seat, hand, read_hand(hand, search.rules.wild_twos), search)
    draw = step_draw(state, turn)
    others = [
        move
        for kind in MOVE_KINDS
        if pr.Phase.PLAY in kind.phases and kind.move_type not in STEP_MOVES
        for move in kind.generate(state, turn)
    ]
    return draw, others


def _game_states(variant: pr.Variant, seed: int) -> Iterator[pr.GameState]:
    """Every state of a seeded random game."""
    rng = random.Random(seed)
    state = pr.new_game(variant, seed=seed)
    while state.phase is not pr.Phase.GAME_OVER:
        yield state
        moves = pr.legal_moves(state)
        state = pr.apply_move(state, moves[rng.randrange(len(moves))])


def _sampled_positions(variant: pr.Variant, seeds: range) -> Iterator[pr.GameState]:
    """The play positions of seeded games in which the seat may begin its lay-down."""
    for seed in seeds:
        for state in _game_states(variant, seed):
            if state.phase is pr.Phase.PLAY and _draw_and_others(state)[0] is not None:
                yield state


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_candidates_that_pass_are_the_listed_steps(name: str) -> None:
    """The sampler's universe is the listing, in every play position: the candidates the
    lister's test passes (each once) and the other moves of the phase are ``legal_moves``,
    as a multiset (the other moves alone where no lay-down may begin)."""
    positions = 0
    rejected = 0
    for state in _game_states(PRESETS[name], 1):
        if state.phase is not pr.Phase.PLAY:
            continue
        draw, others = _draw_and_others(state)
        if draw is None:
            assert Counter(others) == Counter(pr.legal_moves(state))
            continue
        steps = [draw.move(index) for index in range(draw.count)]
        passing = [move for move in steps if move is not None]
        rejected += len(steps) - len(passing)
        assert Counter(passing + others) == Counter(pr.legal_moves(state))
        assert all(isinstance(move, STEP_MOVES) for move in passing)
        positions += 1
    # The check saw positions where the lay-down could begin, and candidates turned away
    # (without them the rejection step would go untested).
    assert positions >= 20, positions
    assert rejected > 0


@pytest.mark.parametrize("name", ["push", "cap_it"])
def test_every_drawn_move_is_listed_and_every_listed_move_is_drawn(name: str) -> None:
    """Over whole seeded games, every move drawn is legal (listed, and applied); on
    positions with a few choices, many draws reach every listed move."""
    reached = 0
    for number, state in enumerate(_game_states(PRESETS[name], 11)):
        rng = random.Random(number)
        moves = pr.legal_moves(state)
        drawn = pr.random_move(state, rng)
        assert drawn in moves
        if 2 <= len(moves) <= 12 and state.phase is pr.Phase.PLAY and reached < 15:
            seen = {pr.random_move(state, rng) for _ in range(40 * len(moves))}
            assert seen == set(moves)
            reached += 1
    assert reached >= 5, reached


def _chi_square_critical(df: int, z: float = 3.719) -> float:
    """The chi-square quantile for ``df`` degrees of freedom at the normal quantile ``z``
    (3.719: p = 1e-4), by the Wilson-Hilferty approximation."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def _chi_square(counts: Counter[pr.Move], moves: tuple[pr.Move, ...], draws: int) -> float:
    expected = draws / len(moves)
    return sum((counts[move] - expected) ** 2 / expected for move in moves)


def _fallback_sampler(state: pr.GameState, rng: random.Random) -> pr.Move:
    """A wrong sampler (the control): a candidate that is not listed is replaced by one of
    the other moves instead of drawing again."""
    draw, others = _draw_and_others(state)
    assert draw is not None
    index = rng.randrange(len(others) + draw.count)
    if index < len(others):
        return others[index]
    move = draw.move(index - len(others))
    return move if move is not None else others[rng.randrange(len(others))]


def _uniformity_positions() -> list[pr.GameState]:
    """Positions with many choices, several lay-down steps, and candidates the test turns
    away (at least a third of them: what a sampler that does not redraw gets wrong)."""
    found: list[pr.GameState] = []
    for name in ("push", "cap_it"):
        for state in _sampled_positions(PRESETS[name], range(1, 3)):
            draw, others = _draw_and_others(state)
            assert draw is not None
            moves = pr.legal_moves(state)
            steps = len(moves) - len(others)
            if 15 <= len(moves) <= 40 and steps >= 5 and draw.count - steps >= draw.count / 3:
                found.append(state)
                if len(found) % 3 == 0:
                    break
    return found


@pytest.mark.parametrize(
    ("sampler", "uniform"),
    [(pr.random_move, True), (_fallback_sampler, False)],
    ids=["random_move", "control-fallback"],
)
def test_uniform_by_chi_square(
    sampler: Callable[[pr.GameState, random.Random], pr.Move], uniform: bool
) -> None:
    """random_move passes a chi-square test of uniformity (p = 1e-4) on each position; the
    control sampler fails it on some, with the same positions and draws."""
    positions = _uniformity_positions()
    assert len(positions) >= 4
    failed = 0
    for number, state in enumerate(positions):
        moves = pr.legal_moves(state)
        rng = random.Random(number)
        draws = 100 * len(moves)
        counts = Counter(sampler(state, rng) for _ in range(draws))
        assert set(counts) <= set(moves)
        if _chi_square(counts, moves, draws) > _chi_square_critical(len(moves) - 1):
            failed += 1
    print(f"{failed} of {len(positions)} positions fail")
    if uniform:
        assert failed == 0
    else:
        assert failed >= len(positions) // 2


def test_deterministic_and_pure() -> None:
    """The same state and seed give the same move; the state is not changed; the move drawn
    is applied without being checked again (as a listed move is)."""
    for state in _sampled_positions(pr.CAP_IT, range(5, 6)):
        before = pr.to_json(state)
        first = pr.random_move(state, random.Random(3))
        assert listed(state, first)
        assert pr.random_move(state, random.Random(3)) == first
        assert pr.to_json(state) == before
        pr.apply_move(state, first)


def test_whole_games_with_random_move() -> None:
    """Seeded games played with random_move alone reach their end, with every state
    consistent (apply_move's results round-trip through JSON)."""
    for variant, seed in ((pr.PUSH, 21), (pr.CAP_IT, 22)):
        rng = random.Random(seed)
        state = pr.new_game(variant, seed=seed)
        decisions = 0
        while state.phase is not pr.Phase.GAME_OVER:
            state = pr.apply_move(state, pr.random_move(state, rng))
            decisions += 1
        assert pr.from_json(pr.to_json(state)) == state
        assert decisions > 100
        with pytest.raises(pr.GameOverError):
            pr.random_move(state, rng)


def test_bad_arguments() -> None:
    state = pr.new_game(pr.PUSH, seed=1)
    with pytest.raises(TypeError, match="rng"):
        pr.random_move(state, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        pr.random_move(pr.view(state, 0), random.Random(1))  # type: ignore[arg-type]
