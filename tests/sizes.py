"""The size of every sampled check, in the default run and in the exhaustive run.

The one table of sizes: the tests read them through the ``budget`` fixture of ``conftest.py``
(a :class:`Budget`), never as numbers of their own.
"""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import HealthCheck, settings

SIZES: dict[str, tuple[int, ...]] = {
    # key: (default run, exhaustive run[, soak run: the exhaustive size when not given])
    # test_contract_reference: Hypothesis examples, each compared against all six contracts
    "reference.uniform": (300, 1200),
    "reference.meld_dense": (150, 1300),
    "reference.wild_heavy": (30, 500),
    # test_run_suits: generated hands of runs, against the references ([contract.run_suits])
    "run_suits.search": (25, 200),
    "run_suits.steps": (15, 50),
    # test_all_out: generated last-deal hands whose moves are compared with the reference
    "all_out.reference": (2, 6),
    # test_lay_down_steps: generated hands
    "steps.wild_heavy": (15, 50),
    "steps.ordinary": (80, 900),
    "steps.small_reference": (15, 80),
    "steps.canonical": (35, 150),
    # test_lay_down_minimal: generated hands, every legal lay-down mapped to a listed one
    "steps.minimal": (20, 50),
    # test_contract_clusters: seeded hands of contracts of many parts, the clusters' answer
    # against the backtracking's
    "clusters.hands": (100, 800),
    # test_fast_paths: generated hands whose every new meld is rebuilt from a listed one
    "new_melds.ordinary": (20, 120),
    "new_melds.wild_heavy": (5, 12),
    # test_lay_down_wilds: Hypothesis examples (generated positions, shapes and fillings)
    "wilds.generated": (30, 200),
    # test_perft: Hypothesis examples (generated positions)
    "perft.generated": (40, 150),
    "perft.near_misses": (14, 40),
    # test_conformance: seeded games per (preset, house rules) and policy
    "conformance.random": (1, 1),
    "conformance.greedy": (1, 1),
    # test_conformance: states of each game (besides the last and every deal's end) that get
    # the heavy checks; greedy games two thirds of them
    "conformance.samples": (3, 4),
    # test_soak: seeded games in all, shared equally by the presets (over every house-rule
    # set and policy); the soak run (`python -m pytest -m soak`, outside CI) plays 10,000
    "soak.games": (24, 400, 10000),
    # test_state_problems: seeded games per (preset, players) whose every state and view is
    # checked
    "state_problems.games": (1, 2),
    # test_log_replay: rounds of its six seeded games whose positions' logs are mutated
    "log_replay.rounds": (1, 2),
    # test_schemas: seeded games whose every document is validated; randomly mutated
    # documents; junk values tried on each value of the small documents (all: 100)
    "schemas.games": (3, 4),
    "schemas.mutations": (200, 400),
    "schemas.junk": (8, 30),
}
"""Every sampled check's size, in the default run and in the exhaustive run."""

BUDGETS = ("default", "exhaustive", "soak")


@attrs.frozen
class Budget:
    """The sizes of one run: ``name`` is ``default``, ``exhaustive`` or ``soak``."""

    name: str

    @property
    def exhaustive(self) -> bool:
        return self.name != "default"

    def n(self, key: str) -> int:
        """The size ``key`` in this run (see :data:`SIZES`)."""
        sizes = SIZES[key]
        return sizes[min(BUDGETS.index(self.name), len(sizes) - 1)]

    def settings(self, key: str, **changes: Any) -> settings:
        """Hypothesis settings for ``n(key)`` examples, derandomized (the checks count what
        they saw, so the examples must not change between runs), without a database."""
        return settings(
            settings.default,
            max_examples=self.n(key),
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=[
                HealthCheck.too_slow,
                HealthCheck.data_too_large,
                HealthCheck.filter_too_much,
            ],
            **changes,
        )
