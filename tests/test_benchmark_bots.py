"""benchmarks/bots.py's paired-deal proxy plays each deal to its end, through every deal phase.

The proxy (``--deals N``) is how SearchBot's settings are compared, so a deal it cuts short
would make its figures wrong or, as it did, stop the run: it used to play while the phase
was DRAW, PLAY or LAYING_DOWN, left the deal at the first FILLING_WILDS and read a result
that was not there (an IndexError on deal 1 of seed 91001).
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pushrummy as pr
from pushrummy.state import DEAL_PHASES

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "bots.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmark_bots", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_paired_deal_passes_through_filling_wilds() -> None:
    bots = load_benchmark()
    seed, deal = 91001, 1
    # The deal goes through FILLING_WILDS when greedy bots play it (the condition the old
    # loop stopped at): without it this test would not test the fix.
    greedy = pr.GreedyBot()
    state = pr.new_game(bots.VARIANT, seed=seed)
    phases = set()
    while state.phase in DEAL_PHASES:
        phases.add(state.phase)
        seat = state.current_player
        assert seat is not None
        state = pr.apply_move(state, greedy.choose(pr.view(state, seat)))
    assert pr.Phase.FILLING_WILDS in phases
    score, times = bots.paired_deal((seed, deal, {"playouts": 1}))
    assert math.isfinite(score)
    assert times  # SearchBot was asked for decisions on both seatings
