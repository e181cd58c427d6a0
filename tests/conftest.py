"""Shared pytest configuration: the ``rule`` marker names the RULES.md rule ids a test proves."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "rule(*ids): the RULES.md rule ids (e.g. 'draw.push') the test proves"
    )
