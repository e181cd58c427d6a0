"""Build script: the pure-Python package by default, the compiled build when asked.

``pip wheel .`` (or ``pip install .``) builds the pure-Python package, which runs anywhere.
``PUSHRUMMY_COMPILE=1 pip wheel --no-deps .`` builds the compiled wheel: the modules listed in
``pushrummy.buildinfo.COMPILED_MODULES`` are compiled with mypyc (part of mypy, which the build
backend in ``build_backend/`` then adds to the build requirements; a C compiler and the
Python headers are needed) from the same source files, and ship next to them. Editable
installs are always pure Python. See docs/speed.rst.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"


def compiled_modules() -> tuple[str, ...]:
    """``COMPILED_MODULES`` read from pushrummy/buildinfo.py without importing the package."""
    tree = ast.parse((SRC / "pushrummy" / "buildinfo.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "COMPILED_MODULES"
            and node.value is not None
        ):
            names = ast.literal_eval(node.value)
            assert isinstance(names, tuple), names
            return names
    raise SystemExit("pushrummy/buildinfo.py defines no COMPILED_MODULES")


def module_path(name: str) -> str:
    """``pushrummy.contracts`` → ``src/pushrummy/contracts/__init__.py``; a module → its file
    (relative paths, so mypyc names the modules from the package layout under src/)."""
    base = SRC.joinpath(*name.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    if not path.is_file():
        raise SystemExit(f"COMPILED_MODULES names {name}, which has no source file")
    return path.relative_to(ROOT).as_posix()


def extensions() -> list[object]:
    """The mypyc extension modules when PUSHRUMMY_COMPILE=1, else none (a pure build)."""
    if os.environ.get("PUSHRUMMY_COMPILE", "") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as error:  # never fall back silently to a pure wheel
        raise SystemExit(
            "PUSHRUMMY_COMPILE=1 needs mypy (which ships mypyc) in the build environment: "
            "build with build isolation (the default) or install mypy first"
        ) from error
    os.chdir(ROOT)  # mypycify takes paths relative to the project
    # Two shared libraries: the engine's, and the adapters' (pushrummy.agents). A library
    # imports all its modules when one of them is first imported, so the adapters stay out
    # of ``import pushrummy`` only in a library of their own.
    groups: dict[str, list[str]] = {"pushrummy": [], "pushrummy_agents": []}
    for name in compiled_modules():
        group = "pushrummy_agents" if name.startswith("pushrummy.agents.") else "pushrummy"
        groups[group].append(module_path(name))
    paths = [path for members in groups.values() for path in members]
    separate = [(members, group) for group, members in groups.items() if members]
    return list(mypycify(paths, opt_level="3", debug_level="0", separate=separate))


setup(ext_modules=extensions())
