"""Which build of pushrummy is running: the pure-Python package or the compiled one.

pushrummy is one source tree. Built as usual it is pure Python; built with
``PUSHRUMMY_COMPILE=1`` (see the Speed page) the modules of :data:`COMPILED_MODULES` are
compiled to C extension modules with mypyc, from the very same files, and the rest stays
Python. Both builds give the same results; the compiled one is faster.

>>> import pushrummy as pr
>>> isinstance(pr.compiled, bool)
True
>>> pr.compiled == (compiled_modules() == COMPILED_MODULES)
True
>>> "pushrummy.contracts.steps" in COMPILED_MODULES
True
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path
from typing import Final

COMPILED_MODULES: Final[tuple[str, ...]] = (
    "pushrummy.contracts",
    "pushrummy.contracts.all_out",
    "pushrummy.contracts.candidates",
    "pushrummy.contracts.clusters",
    "pushrummy.contracts.explain",
    "pushrummy.contracts.feasibility",
    "pushrummy.contracts.hands",
    "pushrummy.contracts.listing",
    "pushrummy.contracts.memo",
    "pushrummy.contracts.parts",
    "pushrummy.contracts.rules",
    "pushrummy.contracts.run_suits",
    "pushrummy.contracts.shapes",
    "pushrummy.contracts.singles",
    "pushrummy.contracts.steps",
    "pushrummy.plays",
    "pushrummy.plays.buy",
    "pushrummy.plays.discard",
    "pushrummy.plays.draw",
    "pushrummy.plays.exchange",
    "pushrummy.plays.lay_down",
    "pushrummy.plays.lay_off",
    "pushrummy.plays.new_meld",
    "pushrummy.plays.next_deal",
    "pushrummy.plays.turn",
    "pushrummy.agents.codec",
    "pushrummy.agents.observation",
)
"""The modules the compiled build compiles (a package stands for its ``__init__``): the
contract search and the play modules, and the action codec and the observations of the
learning interfaces (``pushrummy.agents``, in a library of their own: ``import pushrummy``
does not load them). The build (``setup.py``) reads this tuple from this file; a module not
listed here stays Python in every build. Modules that declare attrs value classes (cards,
moves, events, state) are not listed: mypyc cannot compile those classes, and they stay the
attrs classes users see. (The engine's entry points, ``pushrummy.engine``, stay Python: they
check their arguments' types themselves, which the compiled build would do its own way, for
about 2% of a playout.)"""


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` that run compiled in this installation, in
    that order: all of them in the compiled build, none in the pure-Python one.

    >>> set(compiled_modules()) <= set(COMPILED_MODULES)
    True
    """
    # Where the import system would look (an extension module is found before the source
    # file next to it), without importing anything: ``pushrummy.agents`` stays out of
    # ``import pushrummy``.
    root = Path(__file__).parent
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    found = []
    for name in COMPILED_MODULES:
        base = root.joinpath(*name.split(".")[1:])
        folder, stem = (base, "__init__") if base.is_dir() else (base.parent, base.name)
        if any((folder / (stem + suffix)).is_file() for suffix in suffixes):
            found.append(name)
    return tuple(found)


def is_compiled() -> bool:
    """True when every module of :data:`COMPILED_MODULES` runs compiled (the compiled build),
    False otherwise (the pure-Python package, the default and the editable install).

    >>> is_compiled() == (len(compiled_modules()) == len(COMPILED_MODULES))
    True
    """
    return compiled_modules() == COMPILED_MODULES
