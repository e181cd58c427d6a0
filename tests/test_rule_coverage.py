"""Every rule of the rules page is proved by a test, and every rule id the library raises exists.

The normative rules are ``docs/rules.rst``, the repository's copy of the rules: each rule has
an anchor ``.. _rule-<id>:``. The rule ids are read from that page (nothing outside the
repository is read, and nothing here skips):

* :data:`pushrummy.rules.RULE_IDS` lists exactly the page's ids, in its order.
* For each id of the page, some test in ``tests/`` carries ``@pytest.mark.rule(<id>)``, and no
  test is marked with an id the page lacks. The marks are read from the test files' syntax
  trees: decorators ``pytest.mark.rule(...)`` (or a module alias ``rule = pytest.mark.rule``)
  on test functions and test classes, and ``pytestmark = pytest.mark.rule(...)`` (or a list of
  marks) in a module or class.
* Every rule id the library can raise (``rule="layoff.when"`` and the like in
  ``src/pushrummy``) is on the page, so no error names a rule the documentation lacks.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pushrummy
from pushrummy.rules import RULE_IDS, RuleId

TESTS = Path(__file__).resolve().parent
RULES_PAGE = TESTS.parent / "docs" / "rules.rst"
SOURCE = Path(pushrummy.__file__).parent

LABEL = re.compile(r"^[ \t]*(?:- )?\.\. _rule-([a-z]+\.[a-z_]+):[ \t]*$", re.MULTILINE)


def page_rule_ids(text: str) -> list[str]:
    """The rule ids of a rules page: its ``.. _rule-<id>:`` anchors, in page order."""
    return LABEL.findall(text)


PAGE_IDS: tuple[str, ...] = tuple(page_rule_ids(RULES_PAGE.read_text(encoding="utf-8")))
"""The rule ids of docs/rules.rst."""

PREFIXES = sorted({rule_id.split(".")[0] for rule_id in PAGE_IDS})
RULE_SHAPE = re.compile(rf"(?:{'|'.join(PREFIXES)})\.[a-z_]+")


def _is_rule_mark(node: ast.expr, aliases: set[str]) -> bool:
    """``pytest.mark.rule`` (or ``mark.rule``), or a name bound to it."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "rule"
        and (
            (isinstance(node.value, ast.Attribute) and node.value.attr == "mark")
            or (isinstance(node.value, ast.Name) and node.value.id == "mark")
        )
    )


def _aliases(tree: ast.Module) -> set[str]:
    """Module-level names bound to ``pytest.mark.rule``."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and _is_rule_mark(node.value, set()):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _mark_ids(node: ast.expr, aliases: set[str], where: str) -> list[str]:
    """The rule ids of ``node`` if it is a rule mark ``rule("a.b", ...)``, or a list or tuple
    of marks (as ``pytestmark`` may be); ``[]`` for anything else."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return [rule_id for item in node.elts for rule_id in _mark_ids(item, aliases, where)]
    if not (isinstance(node, ast.Call) and _is_rule_mark(node.func, aliases)):
        return []
    ids = []
    for arg in node.args:
        assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
            f"{where}: rule ids must be string literals"
        )
        ids.append(arg.value)
    assert ids, f"{where}: a rule mark names no rule"
    return ids


def _pytestmark_ids(body: list[ast.stmt], aliases: set[str], where: str) -> list[str]:
    return [
        rule_id
        for node in body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
        for rule_id in _mark_ids(node.value, aliases, where)
    ]


def marks_in(source: str, name: str) -> dict[str, set[str]]:
    """rule id -> the tests (``name::test``, ``name::Class``, or ``name`` for a module's
    ``pytestmark``) of a test file's ``source`` marked with it."""
    tree = ast.parse(source)
    aliases = _aliases(tree)
    found: dict[str, set[str]] = {}
    for rule_id in _pytestmark_ids(tree.body, aliases, name):
        found.setdefault(rule_id, set()).add(name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            is_test = node.name.startswith("test")
        elif isinstance(node, ast.ClassDef):
            is_test = node.name.startswith("Test")
        else:
            continue
        where = f"{name}::{node.name}"
        ids = [i for deco in node.decorator_list for i in _mark_ids(deco, aliases, where)]
        if isinstance(node, ast.ClassDef):
            ids += _pytestmark_ids(node.body, aliases, where)
        assert is_test or not ids, f"{where} is no test, so its rule mark proves nothing"
        for rule_id in ids:
            found.setdefault(rule_id, set()).add(where)
    return found


@functools.cache
def marked_rules() -> dict[str, set[str]]:
    """rule id -> the tests (file::name) of ``tests/`` marked with it."""
    found: dict[str, set[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        name = path.relative_to(TESTS).as_posix()
        for rule_id, tests in marks_in(path.read_text(encoding="utf-8"), name).items():
            found.setdefault(rule_id, set()).update(tests)
    return found


def test_the_rule_ids_are_the_ids_of_the_rules_page() -> None:
    assert len(PAGE_IDS) >= 30, f"docs/rules.rst: too few '.. _rule-<id>:' anchors: {PAGE_IDS}"
    duplicates = sorted({rule_id for rule_id in PAGE_IDS if PAGE_IDS.count(rule_id) > 1})
    assert not duplicates, f"docs/rules.rst has these anchors twice: {duplicates}"
    assert RULE_IDS == PAGE_IDS


def test_every_rule_has_a_marked_test() -> None:
    marked = marked_rules()
    missing = [rule_id for rule_id in PAGE_IDS if not marked.get(rule_id)]
    assert not missing, f"no test is marked @pytest.mark.rule(...) with: {missing}"


def test_markers_name_only_known_rules() -> None:
    unknown = {
        rule_id: sorted(tests)
        for rule_id, tests in marked_rules().items()
        if rule_id not in PAGE_IDS
    }  # fmt: skip
    assert not unknown, f"tests marked with rule ids docs/rules.rst lacks: {unknown}"


def test_the_mark_reader() -> None:
    """The reader sees every form of a rule mark, and only marks."""
    source = (
        "import pytest\n"
        "from pytest import mark\n"
        "rule = pytest.mark.rule\n"
        "pytestmark = [pytest.mark.slow, pytest.mark.rule('a.module')]\n"
        "@pytest.mark.rule('a.plain', 'a.second')\n"
        "def test_plain(): ...\n"
        "@rule('a.alias')\n"
        "@pytest.mark.slow\n"
        "def test_alias(): ...\n"
        "@mark.rule('a.short')\n"
        "async def test_async(): ...\n"
        "@pytest.mark.rule('a.class')\n"
        "class TestThings:\n"
        "    pytestmark = pytest.mark.rule('a.class_body')\n"
        "    @rule('a.method')\n"
        "    def test_method(self): ...\n"
        "@pytest.mark.other('a.not_rule')\n"
        "def test_other(): ...\n"
    )
    assert marks_in(source, "f") == {
        "a.module": {"f"},
        "a.plain": {"f::test_plain"},
        "a.second": {"f::test_plain"},
        "a.alias": {"f::test_alias"},
        "a.short": {"f::test_async"},
        "a.class": {"f::TestThings"},
        "a.class_body": {"f::TestThings"},
        "a.method": {"f::test_method"},
    }
    assert page_rule_ids(
        "- .. _rule-a.one:\n\n  :rule:`a.one` text [a.two]\n\n  - .. _rule-a.three_x:\n"
    ) == ["a.one", "a.three_x"]


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
    play modules' ``illegal(cls, state, move, rule, …)``, assigned to a variable named ``*rule*``,
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
                if name in ("illegal", "_illegal") and len(node.args) >= 4:
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
    unknown = {rule_id: files for rule_id, files in raised.items() if rule_id not in PAGE_IDS}
    assert not unknown, f"rule ids raised by the source but not on docs/rules.rst: {unknown}"


BRACKETED = re.compile(rf"\[((?:{'|'.join(PREFIXES)})\.[a-z_]+)\]")


def rule_id_literals() -> dict[str, set[str]]:
    """Every rule id written in ``src/pushrummy``: those an error can carry
    (:func:`raised_rule_strings`) and every ``[section.rule]`` in a string or a comment ->
    the files using them."""
    found = {rule_id: set(files) for rule_id, files in raised_rule_strings().items()}
    for path in sorted(SOURCE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        texts = [
            node.value
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ]
        texts += [line.partition("#")[2] for line in source.splitlines() if "#" in line]
        for text in texts:
            for rule_id in BRACKETED.findall(text):
                found.setdefault(rule_id, set()).add(path.name)
    return found


def test_every_rule_id_in_the_source_is_a_rule_id_member() -> None:
    # RuleId is the one list (its members are the page's anchors: test above); every rule id
    # the source spells, in an error or in a text, must be one of its members.
    members = {rule.value for rule in RuleId}
    assert tuple(members) and tuple(rule.value for rule in RuleId) == RULE_IDS
    literals = rule_id_literals()
    assert {"layoff.when", "meld.set", "setup.wild", "contract.steps"} <= set(literals)
    unknown = {rule_id: files for rule_id, files in literals.items() if rule_id not in members}
    assert not unknown, f"rule ids in src/pushrummy that are no RuleId member: {unknown}"
