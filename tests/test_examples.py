"""Every script in examples/ runs to the end and prints what it promises."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

EXPECTED = {
    "random_playout.py": ["deal 5:", "final totals"],
    "house_rules.py": [
        "wild_limit           unlimited    -> at_most_naturals",
        "2 wilds to 1 natural",
        "rejected: min_naturals_per_meld",
        "push (house rules)   totals",
    ],
    "custom_bot.py": ["HoarderBot side won", "game 1 (seed 3)"],
    "json_frontend.py": [
        "server refused an illegal move: WrongPhaseError",
        "server refused another seat's move: NotYourTurnError",
        "final totals",
    ],
    "save_and_replay.py": ["identical final state: True", "a forged record is rejected"],
}


def test_every_example_is_tested() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(EXPECTED)


BAD_ARGUMENTS = {
    "random_playout.py": ["seven"],
    "custom_bot.py": ["-3"],
    "json_frontend.py": ["2.5"],
    "save_and_replay.py": ["/nonexistent-dir/x.json"],
}


@pytest.mark.parametrize("script", sorted(BAD_ARGUMENTS))
def test_examples_reject_bad_arguments_cleanly(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *BAD_ARGUMENTS[script]],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=EXAMPLES.parent,
        check=False,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert "usage:" in done.stderr and "error:" in done.stderr


@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_example_runs(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=EXAMPLES.parent,
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    for words in EXPECTED[script]:
        assert words in done.stdout, (words, done.stdout)
    if script == "random_playout.py":
        assert "Winner: side" in done.stdout or "Draw between" in done.stdout
