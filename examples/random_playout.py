"""A random game from the first deal to the final outcome, using only the engine's core API.

Every decision is a uniformly random choice among ``legal_moves(state)``, applied with
``apply_move`` — which validates it, so a playout is also a quick self-check of the
engine. Between deals the only legal move is the chance step ``NextDeal``, which deals
the next deal from the game's seed. The variant sets ``max_turns_per_deal``: players who
keep taking the upcard would otherwise never shrink the stock ([game.turn_limit]).

Run:  python examples/random_playout.py [SEED]
"""

from __future__ import annotations

import argparse
import random

import pushrummy as pr


def main(seed: int = 6) -> None:
    variant = pr.PUSH.replace(max_turns_per_deal=60)
    state = pr.new_game(variant, seed=seed)
    rng = random.Random(seed)
    moves = 0
    print(f"Push, seed {seed}: deal 1, contract {state.contract}, seat {state.dealer} deals")
    while not state.is_over:
        legal = pr.legal_moves(state)  # a tuple, never empty before the game is over
        move = rng.choice(legal)
        state = pr.apply_move(state, move)  # a new state; the old one is unchanged
        moves += 1
        if state.phase in (pr.Phase.BETWEEN_DEALS, pr.Phase.GAME_OVER):
            result = state.results[-1]
            how = (
                f"seat {result.went_out} went out"
                if result.ended_by is pr.DealEnd.OUT
                else f"ended by {result.ended_by.value.replace('_', ' ')}"
            )
            print(f"deal {result.deal_number}: {how}; penalties {result.penalties}")
    outcome = state.outcome
    assert outcome is not None
    print(f"{moves} moves; final totals {outcome.totals}")
    if outcome.is_draw:
        print(f"Draw between sides {outcome.winners}")
    else:
        print(
            f"Winner: side {outcome.winners[0]} (seats {outcome.winners[0]} and {outcome.winners[0] + 2})"
        )


def number_argument(description: str, name: str, default: int) -> int:
    """The one optional whole-number argument, or a clean usage error (exit status 2)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(name, nargs="?", type=int, default=default, help=f"default {default}")
    value: int = getattr(parser.parse_args(), name)
    if value < 0:
        parser.error(f"{name} must be 0 or more, not {value}")
    return value


if __name__ == "__main__":
    main(number_argument(__doc__.splitlines()[0], "seed", 6))
