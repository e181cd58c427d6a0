"""Ready to publish: the version written once, the sdist's contents, the project's addresses.

Building the sdist and the wheel, `twine check --strict` and the sdist's own test run are
.ci/run's package step (they need the network and a minute); these are the quick checks of
the files that step and the release workflow rely on.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import pushrummy

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict[str, Any]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    config: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config


def test_the_version_is_written_once() -> None:
    config = pyproject()
    assert "version" not in config["project"]
    assert "version" in config["project"]["dynamic"]
    attr = config["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "pushrummy._version.__version__"
    version = pushrummy.__version__
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+((a|b|rc)[0-9]+)?(\.dev[0-9]+)?", version)
    # No other file of the package, the docs or the project's configuration repeats it.
    files = [ROOT / "pyproject.toml", *(ROOT / "src").rglob("*.py"), *(ROOT / "docs").glob("*.*")]
    repeating = [
        str(path.relative_to(ROOT))
        for path in files
        if path.name != "_version.py" and path.is_file() and version in path.read_text("utf-8")
    ]
    assert repeating == []


def test_the_sdist_takes_what_the_tests_and_the_docs_read() -> None:
    rules = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    for rule in ("graft tests", "graft docs", "graft examples", "include CHANGELOG.md"):
        assert rule in rules
    # Read by tests: test_docs checks the README's commands against .ci/run, and this file
    # the release set-up.
    assert "include .ci/run .readthedocs.yaml .github/workflows/release.yml" in rules
    assert {"prune docs/_build", "prune docs/api"} <= set(rules)  # built, not sources


def test_the_release_tools_and_the_project_addresses() -> None:
    config = pyproject()
    release = config["project"]["optional-dependencies"]["release"]
    assert {re.split(r"[<>=!~ ]", r)[0] for r in release} == {"build", "twine"}
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r'pip install --quiet -e "\.\[[a-z,]*release[a-z,]*\]"', ci)
    assert 'step "package" package_check' in ci
    urls = config["project"]["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Source", "Changelog", "Issues"}
    assert urls["Documentation"] == "https://pushrummy.readthedocs.io/"
    assert urls["Changelog"].startswith(urls["Documentation"])
    assert urls["Issues"] == urls["Source"] + "/issues"
    readthedocs = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    for line in ('python: "3.11"', "- docs", "configuration: docs/conf.py"):
        assert line in readthedocs
    assert "fail_on_warning: true" in readthedocs
    assert urls["Documentation"] in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_release_workflow_builds_checks_and_publishes() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in workflow
    for command in ("python -m build", "twine check --strict", "pypa/gh-action-pypi-publish"):
        assert command in workflow
    assert "id-token: write" in workflow  # trusted publishing: no token in the repository
    assert "password" not in workflow and "secrets." not in workflow
    assert "CIBW_ENVIRONMENT: PUSHRUMMY_COMPILE=1" in workflow
    assert "CIBW_BUILD_FRONTEND: build" in workflow
