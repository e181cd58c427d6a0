"""The package's shape: dependencies point one way, the engine sits above its parts, and no
module imports another's private names (DESIGN.md §2; docs/api.rst lists the layers).

Every import is read from the source, those inside functions included, so a lazy import
cannot hide a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pushrummy

SRC = Path(pushrummy.__file__).parent

# Each module's layer: a module may import only from strictly lower layers (a module of a
# package counts as the package). The order is the one docs/api.rst shows.
LAYERS: dict[str, int] = {
    "_version": 0,
    "errors": 0,
    "buildinfo": 0,
    "rules": -1,
    "cards": 1,
    "melds": 2,
    "layoffs": 3,
    "meld_shape": 3,
    "contract_spec": 3,
    "contracts": 4,
    "variants": 5,
    "moves": 6,
    "scoring": 6,
    "dealing": 6,
    "events": 7,
    "state": 8,
    "plays": 9,
    "movetable": 11,
    "engine": 12,
    "predicates": 12,
    "views": 13,
    "english": 14,
    "notation": 15,
    "records": 13,
    "log_replay": 13,
    "_wire": 3,
    "_json_encode": 16,
    "consistency": 14,
    "bots": 14,
    "sampling": 15,
    "search": 16,
    "_json_read": 15,
    "_json_decode": 16,
    "playing": 15,
    "positions": 15,
    "agents": 16,
    "serialization": 17,
    "cli": 18,
    "__init__": 19,
    "__main__": 20,
}

ENGINE_PARTS = [
    "cards",
    "melds",
    "contract_spec",
    "contracts",
    "variants",
    "moves",
    "scoring",
    "dealing",
    "events",
    "state",
    "plays",
]


def module_name(path: Path) -> str:
    """``contracts/steps.py`` → ``contracts.steps``; ``cli/__init__.py`` → ``cli``."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def top(name: str) -> str:
    return name.split(".", maxsplit=1)[0]


def imports(path: Path) -> list[tuple[str, list[str], int]]:
    """Every import of a pushrummy module in ``path``: (module, names imported, line).

    The package's own ``__init__`` is named ``__init__``."""
    package = list(path.relative_to(SRC).parent.parts)
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: list[str]) -> list[tuple[str, list[str], int]]:
    """Every import of a pushrummy module in ``source``, the text of a module of ``package``
    (``[]`` for the top level, ``["contracts"]`` for a module of pushrummy.contracts), at
    any depth: in functions, methods, ``if`` and ``try`` blocks too."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module and node.module.split(".")[0] == "pushrummy":
                target = node.module.removeprefix("pushrummy").lstrip(".")
            else:
                continue
            names = [alias.name for alias in node.names]
            modules = [n for n in names if f"{target}.{n}".strip(".") in KNOWN]
            for name in modules:
                found.append((f"{target}.{name}".strip("."), [], node.lineno))
            rest = [n for n in names if n not in modules]
            if rest:
                found.append((target or "__init__", rest, node.lineno))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pushrummy":
                    target = alias.name.removeprefix("pushrummy").lstrip(".")
                    found.append((target or "__init__", [], node.lineno))
    return found


MODULES = sorted(SRC.rglob("*.py"))
KNOWN = {module_name(path) for path in MODULES}


def test_every_module_has_a_layer() -> None:
    missing = {top(module_name(path)) for path in MODULES} - set(LAYERS)
    assert not missing, f"give these modules a layer here and in docs/api.rst: {missing}"


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_imports_point_down(path: Path) -> None:
    here = module_name(path)
    layer = LAYERS[top(here)]
    for target, _, line in imports(path):
        if top(target) == top(here):
            continue  # inside one package (checked for cycles below)
        assert LAYERS[top(target)] < layer, (
            f"{path.name}:{line}: {here} (layer {layer}) imports {target} "
            f"(layer {LAYERS[top(target)]})"
        )


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_no_private_names_across_modules(path: Path) -> None:
    here = module_name(path)
    for target, names, line in imports(path):
        private = [n for n in names if n.startswith("_") and not n.startswith("__")]
        assert not private, f"{path.name}:{line}: {here} imports private {private} from {target}"


def test_no_import_cycles_anywhere() -> None:
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        graph.setdefault(module_name(path), set()).update(
            target for target, _, _ in imports(path) if target != module_name(path)
        )
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph:
                continue
            assert state.get(nxt) != 1, "import cycle: " + " -> ".join([*stack, node, nxt])
            if nxt not in state:
                visit(nxt, [*stack, node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])


def test_the_engine_sits_above_its_parts() -> None:
    for path in MODULES:
        here = top(module_name(path))
        if here not in ENGINE_PARTS:
            continue
        for target, _, line in imports(path):
            assert LAYERS[top(target)] < LAYERS["engine"], f"{path.name}:{line} imports {target}"


def test_the_checker_reads_imports_inside_functions() -> None:
    """The reader is not blind to the lazy imports it is there to catch."""
    source = (
        "import os\n"
        "from . import cards\n"
        "def f():\n"
        "    from .engine import legal_moves\n"
        "class C:\n"
        "    def m(self):\n"
        "        if os.name:\n"
        "            try:\n"
        "                import pushrummy.views\n"
        "            except ImportError:\n"
        "                from pushrummy.errors import _Private, SetupError\n"
        "        def inner():\n"
        "            from ..state import GameState\n"
    )
    assert sorted(imports_in(source, ["contracts"])) == [
        ("contracts", ["cards"], 2),  # no module contracts.cards: a name of the package
        ("contracts.engine", ["legal_moves"], 4),
        ("errors", ["_Private", "SetupError"], 11),
        ("state", ["GameState"], 13),
        ("views", [], 9),
    ]
    assert sorted(imports_in(source, [])) == [
        ("cards", [], 2),  # a module of the top level
        ("engine", ["legal_moves"], 4),
        ("errors", ["_Private", "SetupError"], 11),
        ("state", ["GameState"], 13),
        ("views", [], 9),
    ]


# -- wildness is stated at every call ([setup.wild]) ---------------------------------------------
#
# With ``wild_twos`` False twos are natural cards (Liverpool). A helper whose wildness argument
# has a default plays twos wild for any caller that forgets it, silently: so no function of
# the package has one, except these documented user-facing constructors, whose default is the
# standard rule (user code and doctests stay simple). Inside the package every call of them
# states it, by keyword.
WILDNESS_PARAMS = frozenset({"wild_twos", "twos", "wild", "is_wild", "wild_table"})
DEFAULTED_WILDNESS = {
    "Meld.set_of": "set_of",
    "Meld.run_of": "run_of",
    "MeldShape.of": "of",
    "step_order_key": "step_order_key",
}
"""The functions that keep a default for their wildness, by qualified name: the name called."""


def defaulted_wildness(source: str) -> list[str]:
    """The functions and methods of ``source`` with a wildness parameter that has a default,
    by qualified name (``Class.method``)."""
    found = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = child.args
                positional = [*args.posonlyargs, *args.args]
                defaulted = positional[len(positional) - len(args.defaults) :]
                defaulted += [a for a, d in zip(args.kwonlyargs, args.kw_defaults) if d]
                if any(arg.arg in WILDNESS_PARAMS for arg in defaulted):
                    found.append(prefix + child.name)
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def _called_name(node: ast.AST) -> str | None:
    """The name of :data:`DEFAULTED_WILDNESS` that ``node`` (a callee or a reference) names."""
    if isinstance(node, ast.Name) and node.id == "step_order_key":
        return node.id
    if isinstance(node, ast.Attribute):
        if node.attr in ("set_of", "run_of", "step_order_key"):
            return node.attr
        if node.attr == "of" and isinstance(node.value, ast.Name) and node.value.id == "MeldShape":
            return "MeldShape.of"
    return None


def unstated_wildness(source: str) -> list[tuple[str, int]]:
    """Every call in ``source`` of a function of :data:`DEFAULTED_WILDNESS` without the
    ``wild_twos`` keyword, and every use of one as a value (``key=step_order_key``: called
    later with its default), as (name, line)."""
    tree = ast.parse(source)
    called: set[int] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _called_name(node.func)
            if name is not None:
                called.add(id(node.func))
                if not any(keyword.arg == "wild_twos" for keyword in node.keywords):
                    found.append((name, node.lineno))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Name, ast.Attribute)) and id(node) not in called:
            name = _called_name(node)
            if name is not None and isinstance(node.ctx, ast.Load):
                found.append((name, node.lineno))
    return sorted(found, key=lambda item: item[1])


def test_only_the_user_constructors_default_their_wildness() -> None:
    found = {
        f"{module_name(path)}.{name}"
        for path in MODULES
        for name in defaulted_wildness(path.read_text(encoding="utf-8"))
    }
    expected = {
        "melds.Meld.set_of",
        "melds.Meld.run_of",
        "meld_shape.MeldShape.of",
        "contracts.steps.step_order_key",
    }
    assert found == expected, (
        f"a wildness argument with a default (make it required, and pass the variant's "
        f"wild_twos at every call): {sorted(found - expected)}; gone: {sorted(expected - found)}"
    )
    assert {name.rpartition(".")[2] for name in found} == set(DEFAULTED_WILDNESS.values())


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_every_call_states_its_wildness(path: Path) -> None:
    unstated = unstated_wildness(path.read_text(encoding="utf-8"))
    assert not unstated, (
        f"{module_name(path)}: pass wild_twos= (the variant's, [setup.wild]) at "
        + ", ".join(f"{name} (line {line})" for name, line in unstated)
    )


def test_the_wildness_checkers_see_what_they_are_there_to_catch() -> None:
    source = (
        "from .melds import Meld\n"
        "from .meld_shape import MeldShape\n"
        "from .contracts import step_order_key\n"
        "class Shape:\n"
        "    @classmethod\n"
        "    def of(cls, meld, wild_twos=True): ...\n"
        "    def fine(self, meld, *, wild_twos, twos): ...\n"
        "def helper(cards, *, keep=False, wild=IS_WILD): ...\n"
        "def fine(cards, wild_twos, keep=False): ...\n"
        "def outer():\n"
        "    def inner(card, twos=True): ...\n"
        "def f(cards, variant, melds):\n"
        "    Meld.set_of(cards, wild_twos=variant.wild_twos)\n"
        "    Meld.set_of(cards, Rank.KING)\n"
        "    Meld.run_of(cards, suit=None,\n"
        "                start=3)\n"
        "    MeldShape.of(meld, variant.wild_twos)\n"
        "    MeldShape.of(meld, wild_twos=False)\n"
        "    sorted(melds, key=step_order_key)\n"
        "    step_order_key(melds[0], **{'wild_twos': True})\n"
        "    contracts.step_order_key(melds[0], wild_twos=True)\n"
        "    other.of(meld)\n"
    )
    assert defaulted_wildness(source) == ["Shape.of", "helper", "outer.inner"]
    assert unstated_wildness(source) == [
        ("set_of", 14),
        ("run_of", 15),
        ("MeldShape.of", 17),
        ("step_order_key", 19),
        ("step_order_key", 20),
    ]
