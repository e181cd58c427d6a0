"""Every rule of RULES.md is proved by a test, and every rule id the library raises exists.

* For each id in :data:`pushrummy.rules.RULE_IDS`, some test in ``tests/`` carries
  ``@pytest.mark.rule(<id>)`` (read from the test files' syntax trees: decorators
  ``pytest.mark.rule(...)`` or a module alias ``rule = pytest.mark.rule``).
* Every rule id the library can raise (``rule="layoff.when"`` and the like in
  ``src/pushrummy``) is in ``RULE_IDS``, so no error names a rule the documentation lacks.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

import pushrummy
from pushrummy.rules import RULE_IDS, RULES

TESTS = Path(__file__).parent
SOURCE = Path(pushrummy.__file__).parent

PREFIXES = sorted({rule_id.split(".")[0] for rule_id in RULE_IDS})
RULE_SHAPE = re.compile(rf"(?:{'|'.join(PREFIXES)})\.[a-z_]+")


def _is_rule_marker(func: ast.expr, aliases: set[str]) -> bool:
    if isinstance(func, ast.Name):
        return func.id in aliases
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rule"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
    )


def _aliases(tree: ast.Module) -> set[str]:
    """Module-level names bound to ``pytest.mark.rule``."""
    names = set()
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "rule"
            and isinstance(node.value.value, ast.Attribute)
            and node.value.value.attr == "mark"
        ):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


@functools.cache
def marked_rules() -> dict[str, set[str]]:
    """rule id -> the tests (file::name) marked with it."""
    found: dict[str, set[str]] = {}
    for path in sorted(TESTS.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = _aliases(tree)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and _is_rule_marker(deco.func, aliases):
                    for arg in deco.args:
                        assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
                            f"{path.name}::{node.name}: rule ids must be string literals"
                        )
                        found.setdefault(arg.value, set()).add(f"{path.name}::{node.name}")
    return found


def test_the_rule_ids_are_the_ids_of_rules_md() -> None:
    rules_md = Path("/work/shared/RULES.md")
    if not rules_md.exists():
        pytest.skip("RULES.md is not available here")
    text = rules_md.read_text(encoding="utf-8")
    documented = re.findall(r"^\s*- \*\*\[([a-z]+\.[a-z_]+)\]\*\*", text, flags=re.MULTILINE)
    assert tuple(documented) == RULE_IDS
    assert set(RULES) == set(RULE_IDS)


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_every_rule_has_a_marked_test(rule_id: str) -> None:
    assert marked_rules().get(rule_id), f"no test is marked @pytest.mark.rule({rule_id!r})"


def test_markers_name_only_known_rules() -> None:
    unknown = set(marked_rules()) - set(RULE_IDS)
    assert not unknown, f"tests marked with unknown rule ids: {sorted(unknown)}"


def _shaped(node: ast.AST) -> set[str]:
    """Rule-id-shaped string literals inside ``node``."""
    return {
        n.value
        for n in ast.walk(node)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and RULE_SHAPE.fullmatch(n.value)
    }


def _names(target: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def raised_rule_strings() -> dict[str, set[str]]:
    """Rule ids the library can put in an error: literals passed as ``rule=…`` or to the
    engine's ``_illegal(cls, state, move, rule, …)``, assigned to a variable named ``*rule*``,
    or returned by a function named ``*rule*`` -> the files using them."""
    found: dict[str, set[str]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ids: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "rule":
                        ids |= _shaped(kw.value)
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name == "_illegal" and len(node.args) >= 4:
                    ids |= _shaped(node.args[3])
            elif isinstance(node, ast.Assign):
                if any("rule" in n for t in node.targets for n in _names(t)):
                    ids |= _shaped(node.value)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "rule" in node.name:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        ids |= _shaped(inner.value)
        for rule_id in ids:
            found.setdefault(rule_id, set()).add(path.name)
    return found


def test_every_raised_rule_id_exists() -> None:
    raised = raised_rule_strings()
    # the scan must see the engine's errors (a sample of the ids it raises)
    assert {"layoff.when", "draw.choice", "contract.laydown", "discard.taken", "meld.set"} <= set(
        raised
    )
    unknown = {rule_id: files for rule_id, files in raised.items() if rule_id not in RULE_IDS}
    assert not unknown, f"rule ids raised by the source but not in RULE_IDS: {unknown}"
