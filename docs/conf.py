"""Sphinx configuration for the pushrummy documentation.

Build: ``sphinx-build -W --keep-going -b html docs docs/_build/html``;
test the examples: ``sphinx-build -W --keep-going -b doctest docs docs/_build/doctest``.
Nothing here needs the network (no intersphinx), so the docs build offline in CI.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parent.parent
# Document the source tree even when the package is not installed (an
# installed copy is used only if src/ is missing).
sys.path.insert(0, str(ROOT / "src"))

import pushrummy  # noqa: E402

# -- Project information -----------------------------------------------------

project = "pushrummy"
author = "The pushrummy developers"
copyright = "the pushrummy developers"
release = pushrummy.__version__
version = ".".join(release.split(".")[:2])

# -- General configuration ---------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]
nitpicky = False
default_role = "literal"

# -- autodoc / napoleon ------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options: dict[str, Any] = {
    "members": True,
    "show-inheritance": True,
}
autoclass_content = "class"
# api.rst lists the modules; their pages are generated into docs/api/ (git-ignored).
autosummary_generate = True
autosummary_generate_overwrite = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- doctest (sphinx-build -b doctest) ---------------------------------------
# Only ``.. doctest::`` directives are tested here: plain ">>>" blocks also come
# from docstrings pulled in by autodoc, which pytest already runs with their
# module's globals (--doctest-modules); here they would lack those globals.
doctest_test_doctest_blocks = ""

# The same flags as pytest's doctests (pyproject.toml); exception details are checked.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"pushrummy {release}"
html_static_path: list[str] = []
html_theme_options: dict[str, Any] = {
    "source_repository": "https://github.com/pushrummy/pushrummy/",
    "source_branch": "main",
    "source_directory": "docs/",
}


# -- the :rule: role -----------------------------------------------------------


def rule_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Any,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:rule:`draw.push``` renders ``[draw.push]`` linked to its label ``rule-draw.push``.

    The labels live in rules.rst; an unknown rule id is a build warning (an error with -W).
    """
    rule_id = text.strip()
    env = inliner.document.settings.env
    ref = addnodes.pending_xref(
        rawtext,
        refdomain="std",
        reftype="ref",
        reftarget=f"rule-{rule_id}".lower(),
        refexplicit=True,
        refwarn=True,
        refdoc=env.docname,
    )
    ref += nodes.literal(rawtext, f"[{rule_id}]")
    return [ref], []


# -- the move table, generated from pushrummy.movetable ----------------------------


class MoveTable(SphinxDirective):
    """``.. move-table::`` renders :data:`pushrummy.movetable.MOVE_KINDS`: the one list of
    move kinds, so the docs cannot drift from the code."""

    def run(self) -> list[nodes.Node]:
        from pushrummy.movetable import MOVE_KINDS

        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - move",
            "     - JSON ``type``",
            "     - notation",
            "     - fields",
            "     - phases",
            "     - does",
            "     - rule",
        ]
        for kind in MOVE_KINDS:
            phases = ", ".join(f"``{phase.value}``" for phase in sorted(kind.phases, key=str))
            fields = ", ".join(f"``{field}``" for field in kind.fields) or "—"
            lines += [
                f"   * - :class:`~pushrummy.moves.{kind.move_type.__name__}`",
                f"     - ``{kind.name}``",
                f"     - ``{kind.verb}``",
                f"     - {fields}",
                f"     - {phases}",
                f"     - {kind.does}",
                f"     - :rule:`{kind.rule}`",
            ]
        return self.parse_text_to_nodes("\n".join(lines))


# -- edit/view links of generated pages ----------------------------------------------

REPOSITORY = html_theme_options["source_repository"].rstrip("/")


def source_links(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The theme's "edit"/"view source" links for pages with no source file in docs/.

    docs/api/*.rst is generated by autosummary (and git-ignored): its pages link to the
    module's file in src/ instead; the viewcode pages (_modules/…) get no edit link.
    """
    if pagename.startswith("api/"):
        module = pagename.removeprefix("api/")
        path = ROOT / "src" / Path(*module.split("."))
        target = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        relative = target.relative_to(ROOT).as_posix()
        context["theme_source_edit_link"] = f"{REPOSITORY}/edit/main/{relative}"
        context["theme_source_view_link"] = f"{REPOSITORY}/blob/main/{relative}"
    elif not context.get("page_source_suffix") or pagename.startswith("_modules/"):
        context["page_source_suffix"] = ""


def setup(app: Any) -> dict[str, Any]:
    app.add_role("rule", rule_role)
    app.connect("html-page-context", source_links)
    app.add_directive("move-table", MoveTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
