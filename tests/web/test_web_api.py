"""The web game's HTTP API (examples/web/server.py), through Starlette's TestClient.

Tokens: a request reads and acts only for the seat its token holds, anything else is 403 and
changes nothing; a bad move document is 400 with the decoder's JSON path; an illegal move 409
with the rule id; whole games are played to their end through HTTP alone. Needs the ``web``
extra (skipped, saying so, without it).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette", reason="the web game needs the web extra: pip install -e '.[web]'")
pytest.importorskip("uvicorn", reason="the web game needs the web extra: pip install -e '.[web]'")

from starlette.testclient import TestClient

import pushrummy as pr
from engine_helpers import deck_order

Json = dict[str, Any]
SERVER = Path(__file__).resolve().parents[2] / "examples" / "web" / "server.py"


@pytest.fixture
def client(app: Any) -> TestClient:
    return TestClient(app)


def new_game(client: TestClient, **body: Any) -> Json:
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 201, reply.text
    created: Json = reply.json()
    return created


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def url(game: str, seat: int | str, what: str) -> str:
    return f"/api/games/{game}/seats/{seat}/{what}"


JSON = {"Content-Type": "application/json"}


def wrap(move: Json) -> Json:
    """A listed move, sent back as it is inside a move document."""
    return {"schema": "pushrummy.move", "version": 1, **move}


# -- the page ---------------------------------------------------------------------------------


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<script src="/static/app.js"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name, kind in (("app.js", "javascript"), ("style.css", "text/css")):
        reply = client.get(f"/static/{name}")
        assert reply.status_code == 200 and kind in reply.headers["content-type"]
    assert client.get("/static/../server.py").status_code == 404


# -- games and tokens -----------------------------------------------------------------------


def test_each_human_seat_gets_its_own_secret_token(client: TestClient, app: Any) -> None:
    created = new_game(client, variant="push", players=4, humans=[0, 2])
    assert set(created) == {"game", "players", "seats"}
    assert [seat["seat"] for seat in created["seats"]] == [0, 2]
    tokens = [seat["token"] for seat in created["seats"]]
    assert len(set(tokens)) == 2 and all(len(token) >= 43 for token in tokens)  # 256 bits
    assert len(created["game"]) >= 22  # 128 bits
    game = app.state.store.games[created["game"]]
    assert sorted(game.bots) == [1, 3]
    # Games start from fresh 128-bit secret seeds (pushrummy.records.new_seed): never seen
    # by a client, and not guessable (a seed below 2**64 has chance 2**-64 here).
    other = app.state.store.games[new_game(client)["game"]]
    assert game.state.seed != other.state.seed
    assert 2**64 <= game.state.seed < 2**128 and 2**64 <= other.state.seed < 2**128
    assert str(game.state.seed) not in json.dumps(created)


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"variant": "gin"}, "$.variant"),
        ({"players": "4"}, "$.players"),
        ({"players": 5}, "$.players"),  # Push is played by 4
        ({"humans": []}, "$.humans"),
        ({"humans": [4]}, "$.humans"),
        ({"humans": [1, 1]}, "$.humans"),
        ({"seed": 1}, "$.seed"),  # the client never chooses the seed
    ],
)
def test_a_bad_new_game_request_is_400_with_its_path(
    client: TestClient, app: Any, body: Json, path: str
) -> None:
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 400, reply.text
    assert reply.json()["path"] == path
    assert not app.state.store.games


def test_a_new_game_request_that_is_not_json_is_400(client: TestClient) -> None:
    reply = client.post("/api/games", content=b"{players: 4}", headers=JSON)
    assert reply.status_code == 400 and reply.json()["path"] == "$"


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 30_000 + b"]" * 30_000,
        b'{"variant": ["push"]}',
        b'{"variant": {"push": 1}}',
        b'{"players": [4]}',
        b'{"humans": [[0]]}',
        b'{"humans": {"0": 0}}',
        b'{"players": 4, "players": 5}',
        b"\xff\xfe",
        rb'{"variant": "push\ud800"}',
    ],
)
def test_a_malformed_new_game_request_is_400_never_500(
    client: TestClient, app: Any, body: bytes
) -> None:
    reply = client.post("/api/games", content=body, headers=JSON)
    assert reply.status_code == 400, reply.text
    assert not app.state.store.games


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonx",
        "text/json",
    ],
)
def test_a_body_that_is_not_declared_json_is_415(
    client: TestClient, app: Any, my_turn: tuple[str, str, Any], content_type: str | None
) -> None:
    """The cross-site "simple" requests (a form, ``text/plain``) cannot create a game or move."""
    game_id, token, game = my_turn
    before, games = game.state, len(app.state.store.games)
    headers = {} if content_type is None else {"Content-Type": content_type}
    body = json.dumps(wrap({"type": "push", "seat": 0})).encode()
    for path, extra in (
        ("/api/games", {}),
        (url(game_id, 0, "moves"), auth(token)),
        (url(game_id, 0, "matching"), auth(token)),
    ):
        reply = client.post(path, content=body, headers={**headers, **extra})
        assert reply.status_code == 415, (path, reply.text)
    assert game.state is before and len(app.state.store.games) == games
    ok = client.post(
        url(game_id, 0, "moves"),
        content=body,
        headers={"Content-Type": "application/json; charset=utf-8", **auth(token)},
    )
    assert ok.status_code == 200, ok.text


def test_a_request_from_another_sites_page_is_403(
    client: TestClient, app: Any, my_turn: tuple[str, str, Any]
) -> None:
    game_id, token, game = my_turn
    before = game.state
    evil = {"Origin": "http://evil.example"}
    assert client.post("/api/games", json={}, headers=evil).status_code == 403
    reply = client.post(
        url(game_id, 0, "moves"),
        json=wrap({"type": "push", "seat": 0}),
        headers={**evil, **auth(token)},
    )
    assert reply.status_code == 403
    assert game.state is before and len(app.state.store.games) == 1
    same = {"Origin": "http://testserver"}  # the page's own origin, as browsers send it
    assert client.post("/api/games", json={}, headers=same).status_code == 201


@pytest.mark.parametrize(
    "value", [b"Bearer \xe9\xe9\xe9", b"Bearer " + "\u00e9t\u00e9".encode(), b"\xff"]
)
def test_an_authorization_header_of_other_bytes_is_403(
    client: TestClient, app: Any, value: bytes
) -> None:
    created = new_game(client)
    headers = [(b"authorization", value)]
    for method, what in (("GET", "view"), ("POST", "moves"), ("POST", "matching")):
        reply = client.request(
            method, url(created["game"], 0, what), headers=headers, json={"cards": []}
        )
        assert reply.status_code == 403, (what, reply.text)


def test_a_deeply_nested_body_is_400_everywhere(
    client: TestClient, my_turn: tuple[str, str, Any]
) -> None:
    game_id, token, game = my_turn
    before = game.state
    body = b"[" * 30_000 + b"]" * 30_000
    for what in ("moves", "matching"):
        reply = client.post(url(game_id, 0, what), content=body, headers={**JSON, **auth(token)})
        assert reply.status_code == 400, (what, reply.text)
    nested = b'{"cards": ' + b"[" * 30_000 + b"]" * 30_000 + b"}"
    reply = client.post(
        url(game_id, 0, "matching"), content=nested, headers={**JSON, **auth(token)}
    )
    assert reply.status_code == 400, reply.text
    assert game.state is before


# Each way of asking for what the request's token does not hold. The requests name
# (game, seat, token) with: the right game and seat and a changed token; another seat's URL
# (a bot's, or the other human's); an unknown game; a seat that is no number.
FORBIDDEN: dict[str, Callable[[str, str], tuple[str, int | str, dict[str, str]]]] = {
    "no token": lambda game, token: (game, 0, {}),
    "empty token": lambda game, token: (game, 0, auth("")),
    "wrong token": lambda game, token: (
        game,
        0,
        auth(token[:-1] + ("A" if token[-1] != "A" else "B")),
    ),
    "not bearer": lambda game, token: (game, 0, {"Authorization": f"Basic {token}"}),
    "a bot's seat": lambda game, token: (game, 1, auth(token)),
    "the other human's seat": lambda game, token: (game, 2, auth(token)),
    "a seat out of the game": lambda game, token: (game, 9, auth(token)),
    "a seat that is no number": lambda game, token: (game, "0x0", auth(token)),
    "a seat in other digits": lambda game, token: (game, "\u00b2", auth(token)),
    "seat 0 in other digits": lambda game, token: (game, "\u0660", auth(token)),
    "another game": lambda game, token: (
        ("y" if game[0] == "x" else "x") + game[1:],
        0,
        auth(token),
    ),
}


@pytest.mark.parametrize("case", sorted(FORBIDDEN))
def test_a_request_for_what_its_token_does_not_hold_is_403_and_changes_nothing(
    client: TestClient, app: Any, case: str
) -> None:
    created = new_game(client, humans=[0, 2])
    game = app.state.store.games[created["game"]]
    before = game.state
    mine = client.get(url(created["game"], 0, "view"), headers=auth(created["seats"][0]["token"]))
    assert mine.status_code == 200
    listed = mine.json()["view"]["legal_moves"]
    game_id, seat, headers = FORBIDDEN[case](created["game"], created["seats"][0]["token"])
    requests = [
        client.get(url(game_id, seat, "view"), headers=headers),
        client.post(url(game_id, seat, "matching"), headers=headers, json={"cards": []}),
    ]
    requests += [
        client.post(url(game_id, seat, "moves"), headers=headers, json=wrap(move))
        for move in listed  # each one legal for seat 0, if it is seat 0's turn
    ]
    requests.append(client.post(url(game_id, seat, "moves"), headers=headers, content=b"{bad"))
    for reply in requests:
        assert reply.status_code == 403, (case, reply.request.url, reply.text)
        assert reply.json() == {
            "error": "Forbidden",
            "message": "this token does not hold that seat of that game",
        }
        assert "view" not in reply.text and "hand" not in reply.text
    assert game.state is before


def test_a_move_for_another_seat_is_403_and_changes_nothing(client: TestClient, app: Any) -> None:
    created = new_game(client, humans=[0, 2])
    game = app.state.store.games[created["game"]]
    for human in created["seats"]:
        seat, token = human["seat"], human["token"]
        before = game.state
        for other in range(4):
            if other == seat:
                continue
            for move in ({"type": "take", "seat": other}, {"type": "push", "seat": other}):
                reply = client.post(
                    url(created["game"], seat, "moves"), headers=auth(token), json=wrap(move)
                )
                assert reply.status_code == 403, reply.text
                assert reply.json()["message"] == f"seat {seat} cannot move for seat {other}"
        assert game.state is before


# -- bad documents and illegal moves ----------------------------------------------------------


@pytest.fixture
def my_turn(client: TestClient, app: Any) -> tuple[str, str, Any]:
    """A game of one human, seat 0, whose turn it is (the bots have played): id, token, game."""
    created = new_game(client, humans=[0])
    game_id, token = created["game"], created["seats"][0]["token"]
    game = app.state.store.games[game_id]
    for _ in range(5):  # a bot may go out before seat 0's first turn: deal on
        if game.state.phase is not pr.Phase.BETWEEN_DEALS:
            break
        reply = client.post(
            url(game_id, 0, "moves"), headers=auth(token), json=wrap({"type": "next_deal"})
        )
        assert reply.status_code == 200, reply.text
    assert game.state.current_player == 0 and game.state.phase is pr.Phase.DRAW
    return game_id, token, game


BAD_DOCUMENTS = [
    (b"{bad", "$"),
    (b"\xff\xfe", "$"),
    (b"[]", "$"),
    (b'{"type": "take", "seat": 0}', "$.schema"),  # a move must come inside a move document
    (b'{"schema": "pushrummy.card", "version": 1, "card": "AS"}', "$.schema"),
    (b'{"schema": "pushrummy.move", "version": 2, "type": "take", "seat": 0}', "$.version"),
    (b'{"schema": "pushrummy.move", "version": 1, "type": "fold", "seat": 0}', "$.type"),
    (b'{"schema": "pushrummy.move", "version": 1, "type": "take", "seat": "0"}', "$.seat"),
    (
        b'{"schema": "pushrummy.move", "version": 1, "type": "discard", "seat": 0, "card": "th"}',
        "$.card",
    ),
    (
        b'{"schema": "pushrummy.move", "version": 1, "type": "lay_down", "seat": 0, "melds": '
        b'[{"kind": "set", "rank": "4", "cards": ["4D", "4X", "4S"]}]}',
        "$.melds[0].cards[1]",
    ),
    (
        b'{"schema": "pushrummy.move", "version": 1, "type": "take", "seat": 0, '
        b'"notation": "push", "description": "seat 0 pushes"}',
        "$.notation",
    ),
]


@pytest.mark.parametrize(("body", "path"), BAD_DOCUMENTS)
def test_a_bad_move_document_is_400_with_the_decoders_path(
    client: TestClient, my_turn: tuple[str, str, Any], body: bytes, path: str
) -> None:
    game_id, token, game = my_turn
    before = game.state
    reply = client.post(url(game_id, 0, "moves"), headers={**JSON, **auth(token)}, content=body)
    assert reply.status_code == 400, reply.text
    answer = reply.json()
    assert answer["error"] == "DecodeError"
    assert answer["path"] == path
    assert answer["message"].startswith(f"{path}: ")
    with pytest.raises(pr.DecodeError) as decoded:  # the very error of the library's decoder
        pr.from_json(body, kind="move")
    assert str(decoded.value) == answer["message"]
    assert game.state is before


def test_an_oversized_body_is_413(client: TestClient, my_turn: tuple[str, str, Any]) -> None:
    game_id, token, game = my_turn
    before = game.state
    body = (
        b'{"schema": "pushrummy.move", "version": 1, "type": "take", "seat": 0, "x": "'
        + b"a" * 70_000
        + b'"}'
    )
    headers = {**JSON, **auth(token)}
    reply = client.post(url(game_id, 0, "moves"), headers=headers, content=body)
    assert reply.status_code == 413 and "over 65536 bytes" in reply.json()["message"]

    def streamed() -> Any:  # no Content-Length: counted as it comes
        for _ in range(70):
            yield b" " * 1024

    reply = client.post(url(game_id, 0, "matching"), headers=headers, content=streamed())
    assert reply.status_code == 413, reply.text
    reply = client.post("/api/games", headers=JSON, content=b" " * 70_000)
    assert reply.status_code == 413, reply.text
    assert game.state is before
    # Without the seat's token, the same body is refused before it is read.
    reply = client.post(
        url(game_id, 0, "moves"), headers={**JSON, **auth(token[::-1])}, content=body
    )
    assert reply.status_code == 403


@pytest.mark.parametrize(
    ("move", "error", "rule"),
    [
        ({"type": "discard", "seat": 0, "card": "JK"}, "WrongPhaseError", "draw.choice"),
        ({"type": "next_deal"}, "WrongPhaseError", "turn.between"),
        (
            {"type": "lay_off", "seat": 0, "card": "JK", "meld_id": 0, "end": None},
            "WrongPhaseError",
            "draw.choice",
        ),
    ],
)
def test_an_illegal_move_is_409_with_the_rule_id(
    client: TestClient, my_turn: tuple[str, str, Any], move: Json, error: str, rule: str
) -> None:
    game_id, token, game = my_turn
    before = game.state
    reply = client.post(url(game_id, 0, "moves"), headers=auth(token), json=wrap(move))
    assert reply.status_code == 409, reply.text
    answer = reply.json()
    assert (answer["error"], answer["rule"]) == (error, rule)
    assert answer["message"].endswith(f"[{rule}]")
    assert game.state is before


def test_a_move_out_of_turn_is_409_with_the_rule_id(client: TestClient, app: Any) -> None:
    created = new_game(client, humans=[0, 1, 2, 3])  # no bots: nobody moves but the test
    game = app.state.store.games[created["game"]]
    waiting = next(s for s in created["seats"] if s["seat"] != game.state.current_player)
    before = game.state
    move = {"type": "take", "seat": waiting["seat"]}
    reply = client.post(
        url(created["game"], waiting["seat"], "moves"),
        headers=auth(waiting["token"]),
        json=wrap(move),
    )
    assert reply.status_code == 409, reply.text
    assert (reply.json()["error"], reply.json()["rule"]) == ("NotYourTurnError", "turn.seat")
    assert game.state is before


def test_a_move_chosen_in_a_view_the_game_moved_past_is_409_and_changes_nothing(
    client: TestClient, app: Any
) -> None:
    """A listed move sent back as it is carries the view's progress: sent again (a double
    click, a retried request) or from a stale page four turns later, it is refused — even
    where the same move is legal again — and nothing changes."""
    created = new_game(client, humans=[0, 1, 2, 3])  # no bots: nobody moves but the test
    game = app.state.store.games[created["game"]]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    me = game.state.current_player

    def view(seat: int) -> Json:
        reply = client.get(url(created["game"], seat, "view"), headers=auth(tokens[seat]))
        document: Json = reply.json()["view"]
        return document

    def post(seat: int, move: Json) -> Any:
        return client.post(
            url(created["game"], seat, "moves"), headers=auth(tokens[seat]), json=move
        )

    mine = view(me)
    take, push = (wrap(move) for move in mine["legal_moves"])
    assert mine["progress"] == take["progress"] == game.state.progress
    assert post(me, push).status_code == 200
    after = game.state
    again = post(me, push)  # a double click
    assert again.status_code == 409, again.text
    assert again.json() == {
        "error": "StaleMoveError",
        "message": f"the game moved on: this move was chosen at progress {mine['progress']}, "
        f"the game is at {after.progress}",
        "progress": mine["progress"],
        "current": after.progress,
    }
    assert game.state is after
    # Each seat discards (and the next three push, then discard): back to the same seat's
    # draw, where "take" and "push" are legal again; the stale documents are still refused.
    for turn in range(4):
        seat = game.state.current_player
        if turn:
            assert post(seat, wrap(view(seat)["legal_moves"][1])).status_code == 200  # push
        discard = next(m for m in view(seat)["legal_moves"] if m["type"] == "discard")
        assert post(seat, wrap(discard)).status_code == 200
    now = game.state
    assert (now.current_player, now.phase) == (me, pr.Phase.DRAW)
    assert pr.is_legal(now, pr.Take(me)) and pr.is_legal(now, pr.Push(me))
    for stale in (take, push):
        reply = post(me, stale)
        assert reply.status_code == 409 and reply.json()["error"] == "StaleMoveError"
    assert game.state is now
    # Without the precondition a move is only a move (a client that does not send it).
    bare = {key: value for key, value in take.items() if key != "progress"}
    assert post(me, bare).status_code == 200


# -- the view, the selection helper, the events ---------------------------------------------------


def test_the_view_is_the_seats_own_and_nothing_more(
    client: TestClient, my_turn: tuple[str, str, Any]
) -> None:
    game_id, token, game = my_turn
    reply = client.get(url(game_id, 0, "view"), headers=auth(token))
    assert reply.status_code == 200 and reply.headers["cache-control"] == "no-store"
    envelope = reply.json()
    assert set(envelope) == {"game", "seat", "humans", "view"}
    assert (envelope["game"], envelope["seat"], envelope["humans"]) == (game_id, 0, [0])
    expected = pr.encode(pr.view(game.state, 0))
    assert envelope["view"] == expected
    # The state stays on the server: no stock, no seed, no other hand.
    assert "stock" not in envelope["view"] and "seed" not in envelope["view"]
    decoded = pr.decode(envelope["view"], kind="view")
    assert decoded.hand == game.state.hands[0]


def test_matching_answers_with_moves_using(
    client: TestClient, app: Any, my_turn: tuple[str, str, Any]
) -> None:
    game_id, token, game = my_turn
    headers = auth(token)
    view = client.post(
        url(game_id, 0, "moves"), headers=headers, json=wrap({"type": "take", "seat": 0})
    ).json()["view"]
    assert view["phase"] in ("play", "laying_down") and view["current_player"] == 0
    mine = pr.view(game.state, 0)
    listed = {move["notation"]: move for move in view["legal_moves"]}
    selections = [[], view["hand"][:1], view["hand"][-1:], view["hand"][:3], view["hand"]]
    selections += [
        [card for meld in move["melds"] for card in meld["cards"]]
        for move in view["legal_moves"]
        if move["type"] == "lay_down"
    ]
    selections += [  # a shape's naturals ([contract.wilds])
        [card for card in move["shape"]["cards"] if card is not None]
        for move in view["legal_moves"]
        if move["type"] == "lay_down_shape"
    ]
    for cards in selections:
        reply = client.post(url(game_id, 0, "matching"), headers=headers, json={"cards": cards})
        assert reply.status_code == 200, reply.text
        expected = pr.moves_using(mine, [pr.parse_card(card) for card in cards])
        answer = reply.json()
        assert answer["cards"] == cards
        assert [move["notation"] for move in answer["moves"]] == [
            pr.format_move(m) for m in expected
        ]
        for move in answer["moves"]:  # listed moves as the view lists them; others legal
            if move["notation"] in listed:
                assert listed[move["notation"]] == move
            else:  # a legal move the listing leaves to its class ([contract.steps] and the like)
                assert pr.is_legal(game.state, pr.parse_move(mine, move["notation"])), move
    bad = client.post(url(game_id, 0, "matching"), headers=headers, json={"cards": ["4H", "th"]})
    assert bad.status_code == 400 and bad.json()["path"] == "$.cards[1]"
    bad = client.post(url(game_id, 0, "matching"), headers=headers, json={"card": "4H"})
    assert bad.status_code == 400 and bad.json()["path"] == "$"


def wilds_game(client: TestClient, app: Any) -> tuple[str, dict[int, str], Any]:
    """A game of two people, seats 0 and 2, dealt so that seat 0, to move first, holds a
    contract that needs its wild cards: 4H 4S 2C 9C 9D JK, the upcard 7S (Push's first deal,
    two sets of 3). The game's id, the tokens of its seats, the server's game."""
    created = new_game(client, variant="push", players=4, humans=[0, 2])
    game = app.state.store.games[created["game"]]
    order = deck_order(dealer=3, hands={0: "4S 4H 2C 9C 9D JK"}, upcard="7S")
    game.state = pr.new_game(pr.PUSH, seed=1, players=4, dealer=3, deals=[order])
    game.advance()  # nothing to play: seat 0, a person, is to move
    assert game.state.current_player == 0 and game.state.phase is pr.Phase.DRAW
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    return created["game"], tokens, game


def test_a_meld_with_wilds_goes_down_as_its_shape_then_its_fill(
    client: TestClient, app: Any
) -> None:
    """[contract.wilds] through HTTP: the listing offers the step as its shape, sending it
    shows the shape to every seat in the phase filling_wilds, whose only moves are the
    fillings; sending a fill lays the meld down. The next step goes down whole instead, as
    the one lay-down the card matching offers for all its cards, wilds included."""
    game_id, tokens, game = wilds_game(client, app)

    def post(move: Json, seat: int = 0) -> Any:
        return client.post(url(game_id, seat, "moves"), headers=auth(tokens[seat]), json=wrap(move))

    def watcher() -> Json:
        reply = client.get(url(game_id, 2, "view"), headers=auth(tokens[2]))
        assert reply.status_code == 200
        seen: Json = reply.json()["view"]
        assert seen == pr.encode(pr.view(game.state, 2))
        return seen

    reply = post({"type": "take", "seat": 0})
    assert reply.status_code == 200, reply.text
    view = reply.json()["view"]
    assert view["phase"] == "play" and view["shape"] is None
    shapes = [move for move in view["legal_moves"] if move["type"] == "lay_down_shape"]
    assert [move["notation"] for move in shapes] == ["shape 4H 4S *=4"]
    assert shapes[0]["shape"] == {"kind": "set", "rank": "4", "cards": ["4H", "4S", None]}
    assert not [move for move in view["legal_moves"] if move["type"] == "lay_down"]

    # The shape: phase filling_wilds, the shape in every seat's view, nothing laid down yet.
    reply = post(shapes[0])
    assert reply.status_code == 200, reply.text
    view = reply.json()["view"]
    assert view == pr.encode(pr.view(game.state, 0))
    assert (view["phase"], view["current_player"]) == ("filling_wilds", 0)
    assert view["shape"] == shapes[0]["shape"]
    assert view["table"] == [] and len(view["hand"]) == 7
    fills = view["legal_moves"]
    assert {move["type"] for move in fills} == {"fill_wilds"}
    assert sorted(move["notation"] for move in fills) == ["fill 2C", "fill JK"]
    seen = watcher()
    assert (seen["phase"], seen["shape"], seen["legal_moves"]) == (
        "filling_wilds",
        shapes[0]["shape"],
        [],
    )
    # Nothing but a fill: any other move is refused, and changes nothing.
    before = game.state
    for other in (
        {"type": "discard", "seat": 0, "card": "9C"},
        {key: value for key, value in shapes[0].items() if key != "progress"},  # not stale:
        {
            "type": "lay_down",
            "seat": 0,
            "melds": [{"kind": "set", "rank": "9", "cards": ["9C", "9D", "JK"]}],
        },
    ):
        reply = post(other)
        assert reply.status_code == 409, reply.text
        assert (reply.json()["error"], reply.json()["rule"]) == (
            "WrongPhaseError",
            "contract.wilds",
        )
    reply = post(shapes[0])  # as it was listed: the shape moved the game on
    assert reply.status_code == 409 and reply.json()["error"] == "StaleMoveError"
    assert game.state is before
    # Selecting the wild card finds its fill (pushrummy.moves_using).
    reply = client.post(
        url(game_id, 0, "matching"), headers=auth(tokens[0]), json={"cards": ["2C"]}
    )
    assert reply.status_code == 200, reply.text
    fill = next(move for move in fills if move["wilds"] == ["2C"])
    assert fill in reply.json()["moves"]

    # The fill lays the meld down: the next step is listed, as its shape.
    reply = post(fill)
    assert reply.status_code == 200, reply.text
    view = reply.json()["view"]
    assert view == pr.encode(pr.view(game.state, 0))
    assert (view["phase"], view["shape"]) == ("laying_down", None)
    assert [(t["owner"], sorted(t["meld"]["cards"])) for t in view["table"]] == [
        (0, ["2C", "4H", "4S"])
    ]
    assert [move["notation"] for move in view["legal_moves"]] == ["shape 9C 9D *=9"]
    assert watcher()["shape"] is None

    # The last meld, whole: select its cards, wild included, and send the lay-down offered.
    cards = ["9C", "9D", "JK"]
    reply = client.post(url(game_id, 0, "matching"), headers=auth(tokens[0]), json={"cards": cards})
    assert reply.status_code == 200, reply.text
    whole = [move for move in reply.json()["moves"] if move["type"] == "lay_down"]
    assert [
        [(meld["kind"], meld["rank"], sorted(meld["cards"])) for meld in move["melds"]]
        for move in whole
    ] == [[("set", "9", cards)]]
    reply = post(whole[0])
    assert reply.status_code == 200, reply.text
    view = reply.json()["view"]
    assert view == pr.encode(pr.view(game.state, 0))
    assert (view["phase"], view["shape"], view["laid_down"][0]) == ("play", None, True)
    assert [sorted(t["meld"]["cards"]) for t in view["table"]] == [["2C", "4H", "4S"], cards]
    assert view["hand"] == ["7S"]


def test_since_sends_only_the_events_the_page_has_not_shown(
    client: TestClient, my_turn: tuple[str, str, Any]
) -> None:
    """The page asks for the events after the last it showed: the view document carries
    ``events_since`` and only those events, each with its index and its text for the seat."""
    game_id, token, game = my_turn
    whole = client.get(url(game_id, 0, "view"), headers=auth(token)).json()["view"]
    expected = pr.encode(pr.view(game.state, 0))
    assert whole == expected and whole["events_since"] == 0 and whole["events"]
    assert (
        whole["events"][0]["type"] == "deal_started" and "your hand" in whole["events"][0]["text"]
    )
    count = len(whole["events"])
    part = client.get(url(game_id, 0, "view") + f"?since={count - 1}", headers=auth(token))
    assert part.json()["view"]["events"] == whole["events"][-1:]
    reply = client.post(
        url(game_id, 0, "moves") + f"?since={count}",
        headers=auth(token),
        json=wrap({"type": "push", "seat": 0}),
    )
    assert reply.status_code == 200
    new = reply.json()["view"]["events"]
    assert new and new[0]["index"] == count and new[0]["type"] == "pushed"
    assert new[0]["text"].startswith("you push")
    assert new == pr.encode(pr.view(game.state, 0))["events"][count:]
    # Another seat's stock cards stay hidden in the feed.
    assert all(e["card"] is None for e in new if e["type"] == "drew" and e["seat"] != 0)
    for since in ("-1", "x", "1e3", "9999999999", "\u00b2", "\u0660"):
        reply = client.get(url(game_id, 0, "view") + f"?since={since}", headers=auth(token))
        assert reply.status_code == 400 and reply.json()["path"] == "since"


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_creations_never_drop_a_live_game(web: Any) -> None:
    """A full store refuses a new game (503) rather than drop a game in play; a finished game,
    or one idle for ``idle_seconds``, makes room (the least recently used first)."""
    clock = Clock()
    app = web.create_app(max_games=3, idle_seconds=600, clock=clock)
    client = TestClient(app)
    games = [new_game(client) for _ in range(3)]

    def status(created: Json) -> int:
        token = created["seats"][0]["token"]
        reply = client.get(url(created["game"], 0, "view"), headers=auth(token))
        return int(reply.status_code)

    for _ in range(20):  # anonymous creations, however many, end no game
        reply = client.post("/api/games", json={})
        assert reply.status_code == 503 and reply.json()["error"] == "Full"
    assert [status(g) for g in games] == [200, 200, 200]
    # A finished game makes room at once.
    store = app.state.store
    store.games[games[1]["game"]].state = attrs.evolve(
        store.games[games[1]["game"]].state, phase=pr.Phase.GAME_OVER, current_player=None
    )
    fourth = new_game(client)
    assert [status(g) for g in (*games, fourth)] == [200, 403, 200, 200]
    assert client.post("/api/games", json={}).status_code == 503
    # Idle for the whole time: the least recently used idle game makes room.
    clock.now += 599
    assert status(games[2]) == 200  # used: no longer idle
    clock.now += 1
    fifth = new_game(client)  # games[0] and fourth idle 600 s; games[0] used least recently
    assert [status(g) for g in (games[0], games[2], fourth, fifth)] == [403, 200, 200, 200]


# -- whole games, through HTTP only --------------------------------------------------------


def choose(view: Json, rng: random.Random) -> Json:
    """A client's pick among the listed moves: meld when it can, else a random move."""
    moves: list[Json] = view["legal_moves"]
    for wanted in ("lay_down", "lay_down_shape", "lay_off", "new_meld"):
        melds = [move for move in moves if move["type"] == wanted]
        if melds:
            return rng.choice(melds)
    return rng.choice(moves)


@pytest.mark.parametrize(
    ("variant", "players", "humans"),
    [
        ("push", 4, [0]),
        # two people, and Cap-It: the exhaustive set (CI runs it)
        pytest.param("push", 4, [1, 2], marks=pytest.mark.exhaustive),
        pytest.param("cap-it", 5, [3], marks=pytest.mark.exhaustive),
        ("contract-rummy", 3, [2]),
        pytest.param("liverpool", 4, [1], marks=pytest.mark.exhaustive),
    ],
)
def test_a_whole_game_through_http(
    client: TestClient,
    app: Any,
    fixed_seeds: int,
    variant: str,
    players: int,
    humans: list[int],
) -> None:
    created = new_game(client, variant=variant, players=players, humans=humans)
    game_id = created["game"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    game = app.state.store.games[game_id]
    assert game.state.seed == fixed_seeds  # a failure replays
    rng = random.Random(f"{variant}-{humans}")
    views = {
        seat: client.get(url(game_id, seat, "view"), headers=auth(token)).json()["view"]
        for seat, token in tokens.items()
    }
    sent = deals_dealt = offered = 0
    while True:
        current = next(iter(views.values()))
        phase = current["phase"]
        offered += phase == "buying"  # a person asked to buy out of turn ([buy.offer])
        if phase == "game_over":
            break
        if phase == "between_deals":
            seat = rng.choice(humans)  # any person deals on
            move: Json = {"type": "next_deal"}
            deals_dealt += 1
        else:
            seat = current["current_player"]
            assert seat in humans, "the bots play until a person is to move"
            mine = views[seat]
            assert mine["legal_moves"], mine["phase"]
            assert all(not v["legal_moves"] for s, v in views.items() if s != seat)
            move = choose(mine, rng)
        reply = client.post(
            url(game_id, seat, "moves"), headers=auth(tokens[seat]), json=wrap(move)
        )
        assert reply.status_code == 200, reply.text
        sent += 1
        assert sent < 5_000, "the game did not end"
        views[seat] = reply.json()["view"]
        for other, token in tokens.items():
            if other != seat:
                views[other] = client.get(url(game_id, other, "view"), headers=auth(token)).json()[
                    "view"
                ]
        for s, v in views.items():  # every answer is that seat's view of the server's state
            assert v == pr.encode(pr.view(game.state, s))
    final = views[humans[0]]
    assert game.state.is_over
    deals = len(final["variant"]["deals"])
    assert deals_dealt == deals - 1 and len(final["results"]) == deals
    assert final["outcome"]["totals"] == final["totals"]
    sums = [
        sum(result["penalties"][side] for result in final["results"])
        for side in range(len(final["totals"]))
    ]
    assert final["totals"] == sums
    assert final["outcome"]["winners"] == [side for side, t in enumerate(sums) if t == min(sums)]
    pr.decode(final, kind="view")  # a consistent view document to the end
    # Contract Rummy buys out of turn: the person was asked when a bot offered the upcard.
    assert (offered > 0) == game.state.variant.buying


# -- the documented start command --------------------------------------------------------------


def test_the_start_command_serves_the_game() -> None:
    """``python examples/web/server.py`` (here on a free port) serves the page and the API."""
    import httpx

    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(SERVER.parents[2] / "src"), env.get("PYTHONPATH")])
    )
    process = subprocess.Popen(
        [sys.executable, str(SERVER), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        lines = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            assert line, f"the server stopped: {''.join(lines)}"
            lines.append(line)
            found = re.search(r"running on (http://127\.0\.0\.1:\d+)", line)
            if found:
                break
        else:
            pytest.fail(f"the server did not start: {''.join(lines)}")
        assert lines[0].startswith("pushrummy web game: open")
        base = found.group(1)
        assert "/static/app.js" in httpx.get(base + "/").text
        reply = httpx.post(
            base + "/api/games", json={"variant": "cap-it", "players": 6, "humans": [5]}
        )
        assert reply.status_code == 201 and reply.json()["players"] == 6
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.parametrize("arguments", [["--port", "70000"], ["--max-games", "0"], ["--port", "x"]])
def test_the_start_command_rejects_bad_arguments(arguments: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(SERVER), *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "usage:" in done.stderr and "Traceback" not in done.stderr
