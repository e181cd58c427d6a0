"""Shared pytest configuration: Hypothesis profiles, the size of every sampled check, the
``rule`` marker, and the soak's tally in the terminal summary.

Two sets of tests (see the ``exhaustive`` marker in ``pyproject.toml``):

* ``python -m pytest`` — the default run: every test, the heavy differential and reference
  checks on a sample;
* ``python -m pytest -m exhaustive`` — those checks in full, the conformance suite on more
  games and the soak (``.ci/run`` runs both sets, so CI runs every check in full).

A test that takes the :func:`budget` fixture runs once in each set: ``[default]`` in the
default run, ``[exhaustive]`` (marked ``exhaustive``) in the other. It reads its sizes with
``budget.n(key)`` (loops over generated hands or games) or ``budget.settings(key)``
(Hypothesis examples) from ``sizes.SIZES``, the one table of sizes. (``-m`` filters named
tests too: ``python -m pytest -m exhaustive "tests/test_soak.py::test_soak[exhaustive-push]"``
runs one exhaustive test; ``-m ""`` runs both sets.)

Hypothesis profiles: ``default`` (Hypothesis's defaults but no deadline: these machines are
shared and slow, and a deadline is no correctness check), ``ci`` (as Hypothesis's own ``ci``
profile: derandomized, so a CI run is repeatable, no example database, failing examples
printed as reproduction blobs) and ``exhaustive`` (``ci`` with the health checks for slow and
large data off). The profile is ``--hypothesis-profile`` or ``HYPOTHESIS_PROFILE`` if given,
else ``exhaustive`` when ``-m`` selects the exhaustive set, else ``ci`` on a CI machine (the
``CI`` variable and the like, as Hypothesis detects it), else ``default``.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from sizes import Budget

# -- Hypothesis profiles -------------------------------------------------------------------------

# Hypothesis loads its own "ci" profile on a CI machine: remember that before replacing it.
_IN_CI = settings.get_current_profile_name() == "ci"

settings.register_profile("default", settings.get_profile("default"), deadline=None)
settings.register_profile(
    "ci",
    settings.get_profile("default"),
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "exhaustive",
    settings.get_profile("ci"),
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)

# -- sizes ---------------------------------------------------------------------------------------


@pytest.fixture(
    params=[
        pytest.param("default", id="default"),
        pytest.param("exhaustive", id="exhaustive", marks=pytest.mark.exhaustive),
    ]
)
def budget(request: pytest.FixtureRequest) -> Budget:
    """The sizes of the run: the test runs once in the default set, once in the exhaustive."""
    return Budget(request.param)


# -- tallies: the soak's and the JSON Schemas' ---------------------------------------------------------

TALLY = pytest.StashKey[Counter[str]]()


@pytest.fixture
def tally(request: pytest.FixtureRequest) -> Counter[str]:
    """A counter reported in the terminal summary (games and decisions played)."""
    return request.config.stash.setdefault(TALLY, Counter())


SCHEMA_TALLY = pytest.StashKey[Counter[str]]()


@pytest.fixture
def schema_tally(request: pytest.FixtureRequest) -> Counter[str]:
    """A counter reported in the terminal summary (test_schemas: the JSON Schemas' verdicts
    against the decoder's)."""
    return request.config.stash.setdefault(SCHEMA_TALLY, Counter())


_TALLIES = ((TALLY, "games played"), (SCHEMA_TALLY, "JSON Schemas against the decoder"))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A pytest-xdist worker sends its tallies to the controller (``workeroutput``)."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        for key, title in _TALLIES:
            output[title] = dict(session.config.stash.get(key, Counter()))


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: unknown when it is not loaded
def pytest_testnodedown(node: Any, error: object) -> None:
    """The controller adds up the tallies its pytest-xdist workers sent."""
    output = getattr(node, "workeroutput", None) or {}
    for key, title in _TALLIES:
        node.config.stash.setdefault(key, Counter()).update(output.get(title, {}))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    for key, title in _TALLIES:
        counts = config.stash.get(key, None)
        if counts:
            terminalreporter.section(title)
            for name in sorted(counts):
                terminalreporter.write_line(f"{name}: {counts[name]:,}")


# -- configuration -------------------------------------------------------------------------------


def _selects_exhaustive(markexpr: str) -> bool:
    return any(
        word in markexpr and f"not {word}" not in markexpr for word in ("exhaustive", "soak")
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "rule(*ids): the rule ids of docs/rules.rst (e.g. 'draw.push') the test proves"
    )
    if os.environ.get("HYPOTHESIS_PROFILE"):
        profile = os.environ["HYPOTHESIS_PROFILE"]
    elif _selects_exhaustive(config.getoption("markexpr") or ""):
        profile = "exhaustive"
    else:
        profile = "ci" if _IN_CI else "default"
    settings.load_profile(profile)  # --hypothesis-profile, if given, is loaded after this


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis profile: {settings.get_current_profile_name()}"
