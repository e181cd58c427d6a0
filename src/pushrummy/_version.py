"""The package version (kept equal to pyproject.toml's; the wheel check in .ci/run compares them)."""

__version__ = "0.1.0.dev0"
