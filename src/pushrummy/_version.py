"""The package version, written here and nowhere else: pyproject.toml reads it
(``dynamic = ["version"]``), and the wheel's metadata, ``pushrummy.__version__``, the
``pushrummy --version`` command and the docs' release all come from it."""

__version__ = "0.1.0.dev0"
