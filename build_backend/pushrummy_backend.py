"""pushrummy's build backend: setuptools' own, plus mypy when the compiled build is asked for.

pyproject.toml names this module as the PEP 517 backend (``backend-path``). Every hook is
setuptools'; two are wrapped:

* the wheel's build requirements gain mypy (which ships mypyc) when ``PUSHRUMMY_COMPILE=1``,
  so a pure build never needs mypy and the compiled build needs nothing installed by hand;
* editable installs are always the pure-Python package: ``PUSHRUMMY_COMPILE`` is ignored
  for them (setup.py does not see it).

setup.py sees the flag only when it builds the wheel itself: asking it for requirements
(before mypy is installed) or for metadata (which is the same for both builds) would
otherwise run mypyc for nothing, or fail.

The same approach as charset-normalizer's in-tree backend.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import build_sdist, build_wheel, get_requires_for_build_sdist

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

FLAG = "PUSHRUMMY_COMPILE"
MYPY = "mypy>=1.18,<3"
"""The mypy the compiled build installs in its isolated build environment (mypyc is part of
it); the compiled build was checked with mypy 2.4."""


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements, and mypy when the compiled build is asked for."""
    with _pure():
        requires = list(build_meta.get_requires_for_build_wheel(config_settings))
    if os.environ.get(FLAG, "") == "1":
        requires.append(MYPY)
    return requires


@contextmanager
def _pure() -> Iterator[None]:
    """Hide the compile flag from setup.py for the duration of a hook."""
    saved = os.environ.pop(FLAG, None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ[FLAG] = saved


def _flagless(hook: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        with _pure():
            return hook(*args, **kwargs)

    wrapped.__name__ = hook.__name__
    wrapped.__doc__ = "setuptools' hook of the same name, run without the compile flag."
    return wrapped


prepare_metadata_for_build_wheel = _flagless(build_meta.prepare_metadata_for_build_wheel)
build_editable = _flagless(build_meta.build_editable)
get_requires_for_build_editable = _flagless(build_meta.get_requires_for_build_editable)
prepare_metadata_for_build_editable = _flagless(build_meta.prepare_metadata_for_build_editable)
