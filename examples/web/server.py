"""A browser game: pushrummy behind a small ASGI server, played in a web page.

The server (Starlette, run by uvicorn) keeps every game state in memory and is the only code
that imports pushrummy; the page (``static/``: plain HTML, CSS and JavaScript, no build step)
sees nothing but the JSON *view* of its own seat and sends back the moves that view lists.
One or more seats are played by people, each in their own browser; pushrummy's
:class:`~pushrummy.bots.GreedyBot` plays the others, server side, right after each move,
until it is a person's turn again. Between deals any seated person deals on (``next_deal``).

Security — the server is the real use of a view:

* each human seat has its own secret token (``secrets.token_urlsafe``), sent as
  ``Authorization: Bearer <token>``; a request reads only its own seat's view and moves only
  for its own seat. Anything else (no token, a wrong one, another seat's URL, a move naming
  another seat) is ``403`` and changes nothing;
* the page keeps the token in the URL's fragment (``#game=…&seat=…&token=…``), which browsers
  never send to a server;
* a move that is not a move document is ``400`` with the decoder's JSON path
  (:class:`~pushrummy.errors.DecodeError`); a well-formed move the rules refuse is ``409``
  with the rule id (:class:`~pushrummy.errors.IllegalMoveError`); a listed move sent back
  from a view the game has moved past (its ``progress`` precondition) is ``409``
  ``{"error": "StaleMoveError", "message": "the game moved on: …"}`` and changes nothing;
* the game state (every hand, the stock, the seed) never leaves the server, and every game
  starts from a fresh 128-bit secret seed (:func:`~pushrummy.records.new_seed`);
* a request body must be declared JSON (``Content-Type: application/json``, else ``415``)
  and is at most 64 KiB (else ``413``); a request carrying another site's ``Origin`` is
  ``403``. So no other web page a player visits can start games or move (a cross-site form
  or ``text/plain`` post is refused; a cross-site JSON post needs a preflight this server
  never grants). Whatever the body (nested 30,000 deep, wrong types, odd bytes in a header),
  the answer is a 4xx, never a 500;
* a new game never drops a game in play: when ``--max-games`` are in memory, the least
  recently used game that is over, or idle for 30 minutes, makes room; with none, creation
  is ``503`` (``{"error": "Full"}``).

The API (JSON in, JSON out)::

    POST /api/games                          {"variant": "push", "players": 4, "humans": [0]}
         -> 201 {"game": ID, "players": 4, "seats": [{"seat": 0, "token": T}, ...]}
    GET  /api/games/ID/seats/S/view?since=K  -> 200 {"game", "seat", "humans", "view"}
    POST /api/games/ID/seats/S/moves         a move document -> 200 like GET .../view
    POST /api/games/ID/seats/S/matching      {"cards": ["4D", "4H"]}
         -> 200 {"cards": [...], "moves": [the listed moves that use exactly these cards]}

``view`` is the library's view document; ``since`` asks only for the events from that
index on (when the library's views carry events). Each listed move can be sent back as it
is, inside a move document: ``{"schema": "pushrummy.move", "version": 1, ...listed move}``.

A lay-down step that holds wild cards is listed as its shape (``lay_down_shape``, notation
``shape 4S *=4 *=4``); once it is sent the phase is ``filling_wilds``, the view's ``shape``
holds it (every seat sees it) and the only listed moves are its fillings (``fill_wilds``,
``fill 2C JK``) ([contract.wilds]). ``matching`` offers the meld whole instead, as one
``lay_down``, for the selection of all its cards, wilds included. The bots (GreedyBot)
choose among the listed moves, a shape and then its filling included, and the server plays
both decisions as it plays any bot move.

Run (from a clone, with the ``web`` extra: ``pip install -e ".[web]"``)::

    python examples/web/server.py            # then open http://127.0.0.1:8000/

Games live in memory only (a restart ends them), and anybody who can reach the server can
start a game (but not end another's).
"""

from __future__ import annotations

import argparse
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

try:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.base import BaseHTTPMiddleware
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles
except ImportError as exc:
    raise SystemExit(f"the web game needs the web extra: pip install -e '.[web]' ({exc})") from None

import pushrummy as pr
from pushrummy import serialization
from pushrummy.records import new_seed

STATIC = Path(__file__).resolve().parent / "static"
VARIANTS = {
    "push": pr.PUSH,
    "cap-it": pr.CAP_IT,
    "contract-rummy": pr.CONTRACT_RUMMY,
    "liverpool": pr.LIVERPOOL,
}
MAX_BODY = 64 * 1024
"""The largest request body read (a lay-down of a whole hand is well under 2 KiB): 413 beyond."""
IDLE_SECONDS = 30 * 60.0
"""A game nobody has asked about for this long may make room for a new one (as a finished
game may at once); a live game in use is never dropped."""
MAX_BOT_MOVES = 100_000
"""A guard against a bot loop that never reaches a person's turn (it never should)."""

Json = dict[str, Any]


class Game:
    """One game: the privileged state, the human seats' tokens and the bots."""

    def __init__(self, variant: pr.Variant, players: int, humans: list[int], now: float) -> None:
        self.id = secrets.token_urlsafe(16)
        self.used = now
        self.state = pr.new_game(variant, seed=new_seed(), players=players)
        self.tokens = {seat: secrets.token_urlsafe(32) for seat in humans}
        self.bots = {seat: pr.GreedyBot() for seat in range(players) if seat not in humans}
        self.advance()

    @property
    def humans(self) -> list[int]:
        return sorted(self.tokens)

    def holds(self, seat: int, token: str) -> bool:
        """Whether ``token`` is the secret of human ``seat`` (compared in constant time;
        a token of other than ASCII characters is no secret this server made)."""
        secret = self.tokens.get(seat)
        return secret is not None and token.isascii() and secrets.compare_digest(secret, token)

    def advance(self) -> None:
        """Play the bots' moves until a person is to move, the deal is over, or the game is."""
        for _ in range(MAX_BOT_MOVES):
            seat = self.state.current_player
            if seat is None or seat in self.tokens:
                return
            move = self.bots[seat].choose(pr.view(self.state, seat))
            self.state = pr.apply_move(self.state, move)
        raise RuntimeError("the bots did not reach a person's turn")

    def play(self, seat: int, move: pr.Move) -> None:
        """Apply a person's move (checked by the engine), then the bots' moves."""
        if not isinstance(move, pr.NextDeal) and move.seat != seat:
            raise Forbidden(f"seat {seat} cannot move for seat {move.seat}")
        self.state = pr.apply_move(self.state, move)
        self.advance()

    def envelope(self, seat: int, since: int = 0) -> Json:
        """What a seat's page receives: its view document, and which seats are people."""
        # Only the events the page has not shown yet (its own count is "since").
        document = serialization.encode(pr.view(self.state, seat), events_since=since)
        return {"game": self.id, "seat": seat, "humans": self.humans, "view": document}


class Forbidden(Exception):
    """The request may not read or act for that seat: 403, nothing changed."""


class Full(Exception):
    """No room for another game: every game in memory is live and in use. 503."""


class HttpError(Exception):
    """A request the server refuses before reading it as JSON (413, 415): its status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class BadRequest(Exception):
    """A request body or parameter that cannot be read: 400, with the JSON path."""

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.path = path


class GameStore:
    """The games in memory: at most ``max_games``.

    A new game never pushes out a live one: when the store is full, the least recently used
    game that is over, or that nobody has asked about for ``idle_seconds``, makes room; when
    there is none, creation is refused (``503``, :class:`Full`). So anonymous creations,
    however many, cannot end a game people are playing. ``clock`` (seconds, monotonic) is
    for the tests.
    """

    def __init__(
        self,
        max_games: int = 100,
        *,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.games: OrderedDict[str, Game] = OrderedDict()

    def create(self, variant: pr.Variant, players: int, humans: list[int]) -> Game:
        now = self.clock()
        if len(self.games) >= self.max_games:
            self._make_room(now)
        game = Game(variant, players, humans, now)
        self.games[game.id] = game
        return game

    def _make_room(self, now: float) -> None:
        """Drop the least recently used game that is over or idle, else refuse (Full)."""
        for game in self.games.values():  # least recently used first
            if game.state.phase is pr.Phase.GAME_OVER or now - game.used >= self.idle_seconds:
                del self.games[game.id]
                return
        raise Full(f"the server holds {self.max_games} games in play: try again later")

    def seat(self, request: Request) -> tuple[Game, int]:
        """The game and seat of a request whose token holds that seat, else Forbidden.

        The same answer for an unknown game, a seat that is not a number, a bot's seat, a
        missing or a wrong token: the request learns nothing about other games or seats.
        """
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        game = self.games.get(request.path_params["game"])
        seat = _whole(request.path_params["seat"], 2)
        if (
            scheme.lower() != "bearer"
            or game is None
            or seat is None
            or not game.holds(seat, token.strip())
        ):
            raise Forbidden("this token does not hold that seat of that game")
        self.games.move_to_end(game.id)
        game.used = self.clock()
        return game, seat


# -- request handlers -----------------------------------------------------------------------


def _store(request: Request) -> GameStore:
    store: GameStore = request.app.state.store
    return store


async def _body(request: Request) -> bytes:
    """The request's JSON body, read no further than ``MAX_BODY`` bytes.

    Only ``application/json`` is read (else ``415``): a page elsewhere can send a form or
    ``text/plain`` across sites without asking, but not JSON (the browser asks first, and
    this server answers no such question). A body over ``MAX_BODY`` is ``413``, by its
    declared length before reading, or as it streams in.
    """
    origin = request.headers.get("origin")
    if origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}":
        raise Forbidden("a request from another site's page")
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        raise HttpError(415, "the request body must be JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length", "")
    too_big = HttpError(413, f"the request body is over {MAX_BODY} bytes")
    if declared.isascii() and declared.isdigit() and int(declared) > MAX_BODY:
        raise too_big
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


def _whole(text: str, digits: int) -> int | None:
    """A whole number of at most ``digits`` ASCII digits, else None."""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


def _json_object(body: bytes) -> Json:
    try:
        document = json.loads(body)
    except ValueError as exc:
        raise BadRequest(f"invalid JSON: {exc}") from None
    except RecursionError:
        raise BadRequest("invalid JSON: nested too deeply") from None
    if not isinstance(document, dict):
        raise BadRequest("expected a JSON object")
    return document


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def create_game(request: Request) -> Response:
    """``{"variant": "push"|"cap-it"|"contract-rummy"|"liverpool", "players": n, "humans": [seats]}``, all
    optional."""
    document = _json_object(await _body(request))
    unknown = sorted(set(document) - {"variant", "players", "humans"})
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r}", f"$.{unknown[0]}")
    name = document.get("variant", "push")
    if not isinstance(name, str) or name not in VARIANTS:
        raise BadRequest(f"variant must be one of {sorted(VARIANTS)}", "$.variant")
    players = document.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
        raise BadRequest("players must be a whole number of players", "$.players")
    humans = document.get("humans", [0])
    if (
        not isinstance(humans, list)
        or not humans
        or not all(type(seat) is int and 0 <= seat < players for seat in humans)
        or len(set(humans)) != len(humans)
    ):
        raise BadRequest(f"humans must list distinct seats 0..{players - 1}", "$.humans")
    try:
        game = _store(request).create(VARIANTS[name], players, humans)
    except (pr.SetupError, pr.VariantError) as exc:  # no game of that many players
        raise BadRequest(str(exc), "$.players") from None
    seats = [{"seat": seat, "token": game.tokens[seat]} for seat in game.humans]
    return JSONResponse({"game": game.id, "players": players, "seats": seats}, status_code=201)


def _since(request: Request) -> int:
    """The ``since`` parameter: the first event index the client has not seen (default 0)."""
    since = _whole(request.query_params.get("since", "0"), 9)
    if since is None:
        raise BadRequest("since must be an event index (a whole number)", "since")
    return since


async def get_view(request: Request) -> Response:
    game, seat = _store(request).seat(request)
    since = _since(request)
    game.advance()  # a no-op unless a bot's move is pending
    return JSONResponse(game.envelope(seat, since))


async def post_move(request: Request) -> Response:
    game, seat = _store(request).seat(request)  # 403 before the body is even read
    since = _since(request)
    body = await _body(request)
    # From here on nothing awaits: no other request runs inside this game's update.
    # DecodeError: 400 with its path; StaleMoveError (chosen in a view the game has moved
    # past: a stale page, a second tab, a retried request): 409 "the game moved on".
    move = pr.from_json(body, kind="move", at=game.state)
    game.play(seat, move)  # Forbidden: 403; IllegalMoveError: 409 with the rule
    return JSONResponse(game.envelope(seat, since))


async def matching(request: Request) -> Response:
    """Which legal moves use exactly the selected cards, listed or not
    (:func:`pushrummy.moves_using`)."""
    game, seat = _store(request).seat(request)
    document = _json_object(await _body(request))
    texts = document.get("cards")
    if set(document) != {"cards"} or not isinstance(texts, list) or len(texts) > 60:
        raise BadRequest('expected {"cards": [up to 60 cards]}')
    cards = []
    for i, text in enumerate(texts):
        try:
            card = pr.decode({"schema": "pushrummy.card", "version": 1, "card": text}, kind="card")
        except pr.DecodeError as exc:
            raise BadRequest(exc.message, f"$.cards[{i}]") from None
        cards.append(card)
    mine = pr.view(game.state, seat)
    found = pr.moves_using(mine, cards)  # the listed ones first, then legal unlisted ones
    listed = dict(zip(mine.legal_moves, serialization.encode(mine)["legal_moves"], strict=True))
    moves = [listed[move] if move in listed else _labelled(move, mine) for move in found]
    return JSONResponse({"cards": texts, "moves": moves})


def _labelled(move: pr.Move, mine: pr.PlayerView) -> dict[str, object]:
    """A move document as the view's listed moves are written: the move, then its labels."""
    document = serialization.encode(move)
    body = {key: value for key, value in document.items() if key not in ("schema", "version")}
    return {
        **body,
        "notation": pr.format_move(move),
        "description": pr.describe_move(move, mine),
        "progress": mine.progress,
    }


# -- errors -----------------------------------------------------------------------------------


async def _http_error(request: Request, exc: Exception) -> Response:
    status = exc.status if isinstance(exc, HttpError) else 400
    return JSONResponse({"error": "HttpError", "message": str(exc)}, status_code=status)


async def _full(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": "Full", "message": str(exc)}, status_code=503)


async def _forbidden(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": "Forbidden", "message": str(exc)}, status_code=403)


async def _bad_request(request: Request, exc: Exception) -> Response:
    path = exc.path if isinstance(exc, (BadRequest, pr.DecodeError)) else "$"
    name = type(exc).__name__
    return JSONResponse({"error": name, "path": path, "message": str(exc)}, status_code=400)


async def _illegal(request: Request, exc: Exception) -> Response:
    rule = exc.rule if isinstance(exc, pr.IllegalMoveError) else None
    body = {"error": type(exc).__name__, "rule": rule, "message": str(exc)}
    return JSONResponse(body, status_code=409)


async def _stale(request: Request, exc: Exception) -> Response:
    body: Json = {"error": "StaleMoveError", "message": str(exc)}
    if isinstance(exc, pr.StaleMoveError):
        body.update(progress=exc.progress, current=exc.current)
    return JSONResponse(body, status_code=409)


async def _invalid(request: Request, exc: Exception) -> Response:
    # A well-formed document whose move is malformed whatever the position.
    return JSONResponse(
        {"error": type(exc).__name__, "path": "$", "message": str(exc)}, status_code=400
    )


class SecurityHeaders(BaseHTTPMiddleware):
    """No inline script or outside resource on the page; no caching of the API's answers."""

    async def dispatch(
        self, request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        if request.url.path.startswith("/api/"):
            response.headers["Cache-Control"] = "no-store"
        return response


def create_app(
    *,
    max_games: int = 100,
    idle_seconds: float = IDLE_SECONDS,
    clock: Callable[[], float] = time.monotonic,
) -> Starlette:
    """The ASGI application; ``app.state.store`` holds the games (server side only,
    :class:`GameStore`).

    Every handler is ``async`` and does its work without awaiting in between, so requests
    never interleave inside a game's update (one event loop, no threads).
    """
    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/games/{game}/seats/{seat}/view", get_view),
            Route("/api/games/{game}/seats/{seat}/moves", post_move, methods=["POST"]),
            Route("/api/games/{game}/seats/{seat}/matching", matching, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={
            Forbidden: _forbidden,
            Full: _full,
            HttpError: _http_error,
            BadRequest: _bad_request,
            pr.DecodeError: _bad_request,
            pr.IllegalMoveError: _illegal,
            pr.StaleMoveError: _stale,
            pr.InvalidMoveError: _invalid,
        },
    )
    app.state.store = GameStore(max_games, idle_seconds=idle_seconds, clock=clock)
    return app


def main(argv: list[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1 (this machine)")
    parser.add_argument("--port", type=int, default=8000, help="default 8000")
    parser.add_argument("--max-games", type=int, default=100, help="games kept in memory")
    args = parser.parse_args(argv)
    if not 0 <= args.port < 65536:
        parser.error(f"--port must be 0..65535, not {args.port}")
    if args.max_games < 1:
        parser.error(f"--max-games must be 1 or more, not {args.max_games}")
    where = f"http://{args.host}:{args.port}/" if args.port else "the address uvicorn gives below"
    print(f"pushrummy web game: open {where} in a browser (Ctrl-C stops)", flush=True)
    uvicorn.run(create_app(max_games=args.max_games), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
