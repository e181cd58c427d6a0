"""Which build runs: the compiled build's module list, and ``pushrummy.compiled``.

The compiled build (docs/speed.rst) compiles the modules of
:data:`pushrummy.buildinfo.COMPILED_MODULES`. Here: that list names every module of the
contract search and the play modules, and only modules that exist and declare no attrs class
(mypyc cannot compile those); ``pushrummy.compiled`` says which build is imported. When
``PUSHRUMMY_EXPECT_COMPILED`` is set (``.ci/run`` sets it to 1 for the run against the
compiled wheel, and it may be 0), the build imported must be that one: every listed module a
compiled extension module, none left in Python, or the other way round.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

import pushrummy as pr
from pushrummy import buildinfo

SRC = Path(pr.__file__).parent
HOT_PACKAGES = ("contracts", "plays")
"""Every module of these packages is compiled: the contract search and the play modules."""


def source_module(path: Path) -> str:
    """``.../pushrummy/plays/turn.py`` → ``pushrummy.plays.turn`` (``__init__`` → the package)."""
    parts = ["pushrummy", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_every_module_of_the_hot_packages_is_listed() -> None:
    hot = {source_module(p) for package in HOT_PACKAGES for p in (SRC / package).glob("*.py")}
    assert hot, "no source files found"
    missing = sorted(hot - set(buildinfo.COMPILED_MODULES))
    assert not missing, f"add these to COMPILED_MODULES: {missing}"


@pytest.mark.parametrize("name", buildinfo.COMPILED_MODULES)
def test_a_listed_module_has_a_source_file_and_no_attrs_class(name: str) -> None:
    base = SRC.joinpath(*name.split(".")[1:])
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    assert path.is_file(), f"{name}: no {path}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    decorated = [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any("attr" in ast.unparse(d) for d in node.decorator_list)
    ]
    assert not decorated, f"{name} declares attrs classes {decorated}: mypyc cannot compile them"


def test_the_list_has_no_duplicates() -> None:
    assert len(set(buildinfo.COMPILED_MODULES)) == len(buildinfo.COMPILED_MODULES)


def is_extension(name: str) -> bool:
    origin = importlib.import_module(name).__spec__.origin or ""  # type: ignore[union-attr]
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_compiled_says_which_build_is_imported() -> None:
    extensions = tuple(name for name in buildinfo.COMPILED_MODULES if is_extension(name))
    assert buildinfo.compiled_modules() == extensions
    assert pr.compiled is (extensions == buildinfo.COMPILED_MODULES)
    assert pr.compiled is buildinfo.is_compiled()
    # Never half one build and half the other (a stale extension next to edited sources).
    assert extensions in ((), buildinfo.COMPILED_MODULES), extensions


@pytest.mark.skipif(
    "PUSHRUMMY_EXPECT_COMPILED" not in os.environ,
    reason="PUSHRUMMY_EXPECT_COMPILED is not set: any build may run (.ci/run sets it)",
)
def test_the_expected_build_is_imported() -> None:
    expected = os.environ["PUSHRUMMY_EXPECT_COMPILED"] == "1"
    assert pr.compiled is expected, f"pushrummy.compiled is {pr.compiled}, from {pr.__file__}"
    for name in buildinfo.COMPILED_MODULES:
        assert is_extension(name) is expected, name
    # The engine really calls into the compiled code: its listing comes from plays.turn.
    turn = importlib.import_module("pushrummy.plays.turn")
    assert is_extension(turn.__name__) is expected
