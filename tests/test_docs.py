"""The documentation is tested: its examples run, and its rule anchors are complete.

* README.md and every docs/*.rst page with ``>>>`` examples run as doctests (the
  Sphinx doctest builder runs the docs pages too; running them here gives the
  same check with plain ``python -m pytest``).
* docs/rules.rst has a label ``rule-<id>`` for every rule id, and every rule id
  used in the docs or in src/pushrummy (``rule="meld.set"``, ``[meld.set]`` in a
  docstring or comment) has one, so every error's rule links to its rule.
"""

from __future__ import annotations

import ast
import doctest
import importlib.util
import io
import re
import tokenize
from pathlib import Path

import pytest

from pushrummy.movetable import MOVE_KINDS
from pushrummy.state import Phase

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SRC = ROOT / "src" / "pushrummy"
RULES_PAGE = DOCS / "rules.rst"

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

LABEL = re.compile(r"^\s*(?:- )?\.\. _rule-([a-z]+\.[a-z_]+):\s*$", re.MULTILINE)
RULE_ROLE = re.compile(r":rule:`([^`]*)`")
BRACKETED = re.compile(r"\[([a-z]+\.[a-z_]+)\]")
RULE_ID = re.compile(r"[a-z]+\.[a-z_]+")


def _run_doctests(path: Path) -> doctest.TestResults:
    results = doctest.testfile(
        str(path), module_relative=False, optionflags=FLAGS, encoding="utf-8", verbose=False
    )
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed"
    return results


def test_readme_examples() -> None:
    results = _run_doctests(ROOT / "README.md")
    assert results.attempted > 0, "the README quick start has no examples"


DOC_PAGES = sorted(p for p in DOCS.glob("*.rst") if ">>>" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", DOC_PAGES, ids=[p.name for p in DOC_PAGES])
def test_docs_examples(page: Path) -> None:
    results = _run_doctests(page)
    assert results.attempted > 0


def test_docs_have_examples() -> None:
    assert {p.name for p in DOC_PAGES} >= {
        "index.rst",
        "variants.rst",
        "tutorial.rst",
        "engine.rst",
        "frontend.rst",
        "errors.rst",
    }


def test_readme_commands_match_ci() -> None:
    # The README's set-up commands are the ones a new user runs from a clean clone, and its
    # test commands (the default run and the exhaustive set) are the ones .ci/run runs.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install ".[cli]" && pushrummy watch --seed 1' in readme
    assert 'pip install -e ".[test]" && python -m pytest\n' in readme
    assert "python -m pytest -m exhaustive\n" in readme
    assert "bash .ci/run" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m pytest\n" in ci
    assert "python -m pytest -m exhaustive\n" in ci


AUTOSUMMARY_ENTRY = re.compile(r"^\s+(pushrummy(?:\.\w+)+)\s*$", re.MULTILINE)


def test_api_reference_lists_every_module() -> None:
    listed = set(AUTOSUMMARY_ENTRY.findall((DOCS / "api.rst").read_text(encoding="utf-8")))
    # Private modules (a leading underscore) are left out of the reference.
    modules = {f"pushrummy.{p.stem}" for p in SRC.glob("*.py") if not p.stem.startswith("_")}
    modules |= {f"pushrummy.{p.name}" for p in SRC.iterdir() if (p / "__init__.py").is_file()}
    missing = sorted(modules - listed)
    assert not missing, f"modules missing from docs/api.rst: {missing}"
    # A package's modules may be listed too (the reference documents where a class lives).
    modules |= {
        f"pushrummy.{'.'.join(p.relative_to(SRC).with_suffix('').parts)}"
        for p in SRC.glob("*/*.py")
        if not p.stem.startswith("_")
    }
    unknown = sorted(listed - modules)
    assert not unknown, f"docs/api.rst lists modules that do not exist: {unknown}"


def test_phase_diagram_is_well_formed_and_used() -> None:
    import xml.etree.ElementTree as ET

    svg = DOCS / "_static" / "phases.svg"
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    boxes = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    for phase in Phase:  # every phase has its box: a new phase must be drawn
        assert f"Phase.{phase.name}" in boxes, phase
    for kind in MOVE_KINDS:  # and every move kind labels an arrow
        assert re.search(rf"\b{kind.move_type.__name__}\b", text), kind.name
    assert "_static/phases.svg" in (DOCS / "engine.rst").read_text(encoding="utf-8")


# -- rule anchors -----------------------------------------------------------------


def rule_labels() -> list[str]:
    return LABEL.findall(RULES_PAGE.read_text(encoding="utf-8"))


def test_rules_page_labels_are_unique_and_cover_the_page() -> None:
    text = RULES_PAGE.read_text(encoding="utf-8")
    labels = rule_labels()
    assert len(labels) >= 30
    duplicates = sorted({label for label in labels if labels.count(label) > 1})
    assert not duplicates, f"rule labels defined twice: {duplicates}"
    mentioned = set(RULE_ROLE.findall(text)) | set(BRACKETED.findall(text))
    missing = sorted(mentioned - set(labels))
    assert not missing, f"rule ids in rules.rst without a '.. _rule-<id>:' label: {missing}"


def test_every_rule_label_introduces_its_rule() -> None:
    # Each label is followed by the rule's own id, so the anchor lands on the rule.
    text = RULES_PAGE.read_text(encoding="utf-8")
    for match in LABEL.finditer(text):
        rule_id = match.group(1)
        following = text[match.end() :].lstrip()
        assert following.startswith(f":rule:`{rule_id}`"), (
            f"label rule-{rule_id} is not followed by :rule:`{rule_id}`"
        )


def test_rule_ids_in_docs_have_labels() -> None:
    labels = set(rule_labels())
    for page in sorted(DOCS.glob("*.rst")):
        used = set(RULE_ROLE.findall(page.read_text(encoding="utf-8")))
        missing = sorted(used - labels)
        assert not missing, f"{page.name} refers to unknown rule ids: {missing}"


def test_errors_page_lists_every_rule() -> None:
    listed = set(RULE_ROLE.findall((DOCS / "errors.rst").read_text(encoding="utf-8")))
    missing = sorted(set(rule_labels()) - listed)
    assert not missing, f"errors.rst does not list the rule ids {missing}"


RULE_CALLEE = re.compile(r"fail|illegal|error|reject|violation|rule", re.IGNORECASE)


def _callee_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _constants(node: ast.AST | None) -> list[str]:
    """String constants of an expression, looking through ``a if c else b`` and ``a or b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [value for operand in node.values for value in _constants(operand)]
    return []


def _source_rule_ids(path: Path, prefixes: set[str]) -> set[str]:
    """The rule ids a module uses.

    * a ``rule=...`` keyword argument, or a value assigned to a variable ``rule``;
    * a positional argument of a call whose name says it builds an error or names a
      rule (``_fail(..., "meld.set")``, ``_illegal(..., "draw.choice", ...)``);
    * a value returned by a function whose name contains ``rule``;
    * ``[meld.set]`` in a docstring, string or comment.

    Only ids whose first part is a rule section (``meld``, ``draw`` ...) count, so
    JSON paths and field names such as ``"stakes.ante"`` elsewhere are not taken for
    rule ids.
    """

    def is_rule_id(value: str) -> bool:
        return RULE_ID.fullmatch(value) is not None and value.partition(".")[0] in prefixes

    source = path.read_text(encoding="utf-8")
    candidates: list[str] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "rule":
                    candidates += _constants(keyword.value)
            if RULE_CALLEE.search(_callee_name(node)):
                for arg in node.args:
                    candidates += _constants(arg)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == "rule":
                    candidates += _constants(node.value)
                elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    for name, value in zip(target.elts, node.value.elts, strict=False):
                        if isinstance(name, ast.Name) and name.id == "rule":
                            candidates += _constants(value)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "rule" in node.name:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return):
                    candidates += _constants(inner.value)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            candidates += BRACKETED.findall(node.value)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            candidates += BRACKETED.findall(token.string)
    return {value for value in candidates if is_rule_id(value)}


def test_rule_ids_in_source_have_labels() -> None:
    labels = set(rule_labels())
    prefixes = {label.partition(".")[0] for label in labels}
    problems = {}
    seen: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        used = _source_rule_ids(path, prefixes)
        seen |= used
        missing = sorted(used - labels)
        if missing:
            problems[str(path.relative_to(ROOT))] = missing
    assert not problems, f"rule ids without a label in docs/rules.rst: {problems}"
    assert "meld.set" in seen, "the scan found no rule ids at all; is the pattern broken?"


@pytest.mark.skipif(
    importlib.util.find_spec("pushrummy.rules") is None, reason="no pushrummy.rules module"
)
def test_rule_table_matches_rules_page() -> None:
    from pushrummy import rules

    assert list(rules.RULE_IDS) == rule_labels()


def test_the_engine_page_says_what_the_code_does() -> None:
    """The check-order table and the step order, against the engine: a draw part-way through
    a lay-down is refused for the draw ([draw.choice]) before the lay-down check, and melds of
    wilds only come last in step order."""
    import pushrummy as pr
    from pushrummy.contracts import step_order_key

    page = (DOCS / "engine.rst").read_text(encoding="utf-8")
    drawn = page.index("the seat has already drawn (part-way through a lay-down")
    assert drawn < page.index("a lay-down is part-way (``LAYING_DOWN``)")
    assert "melds of wilds\nonly last" in page
    wilds, natural = pr.parse_meld("JK=7 2C=7 2D=7"), pr.parse_meld("KS KH KD")
    assert step_order_key(natural) < step_order_key(wilds)
    state = pr.new_game(pr.PUSH, seed=9)
    state = pr.apply_move(state, pr.Take(1))
    laying = pr.apply_move(state, pr.parse_move(state, "down 4D 4H 4S"))
    assert laying.phase is pr.Phase.LAYING_DOWN
    with pytest.raises(pr.WrongPhaseError) as caught:
        pr.check_move(laying, pr.Take(1))
    assert caught.value.rule == "draw.choice"


def test_the_rules_page_follows_the_rules_text() -> None:
    """[deal.random] as RULES.md words it (the bottom burial of injected orders)."""
    page = " ".join(RULES_PAGE.read_text(encoding="utf-8").split())
    assert (
        "a wild upcard of an injected order goes to the bottom of the stock, in the order "
        "turned, whatever ``bury_position`` says" in page
    )
