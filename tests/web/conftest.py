"""Fixtures of the web game's tests: the example server of ``examples/web/server.py``.

The server is an example script, not part of the package, so it is loaded from its file.
The tests of this directory need the ``web`` extra (``pip install -e ".[web]"``); each test
module skips, saying so, when Starlette or uvicorn is missing — and only then.
"""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SERVER = Path(__file__).resolve().parents[2] / "examples" / "web" / "server.py"


@pytest.fixture(scope="session")
def web() -> ModuleType:
    """The module examples/web/server.py."""
    name = "pushrummy_web_example"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, SERVER)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def app(web: ModuleType) -> Any:
    """A fresh application, with no games."""
    return web.create_app()


@pytest.fixture
def fixed_seeds(web: ModuleType, monkeypatch: pytest.MonkeyPatch, request: Any) -> int:
    """The server deals its games from seeds fixed by the test's id (in a row from the one
    returned) instead of fresh secret ones, so a failing game replays: the same 128-bit
    range, the same cards each run."""
    digest = hashlib.sha256(request.node.nodeid.encode()).digest()
    first = 2**64 + int.from_bytes(digest[:8])
    seeds = itertools.count(first)
    monkeypatch.setattr(web, "new_seed", lambda: next(seeds))
    return first


@pytest.fixture
def live_server(app: Any) -> Iterator[str]:
    """The application served by uvicorn in a thread, on a free port of 127.0.0.1: its URL."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive(), "uvicorn stopped before it started"
        assert time.monotonic() < deadline, "uvicorn did not start within 30 s"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
