"""A front end that talks to the engine only in JSON: views in, moves out.

The two halves of this script stand for two programs (say, a game server and a web or
mobile client):

* ``GameServer`` is the only code that imports pushrummy. It keeps the privileged
  ``GameState``, answers with the JSON *view* of the client's seat
  (``to_json(view(state, seat))`` — never the state, which holds every hand and the
  stock), reads the client's move with ``from_json(text, kind="move")`` and applies it
  with ``apply_move``, which validates it. Bots play the other seats; deals are dealt
  between deals.
* ``play_client`` uses nothing but the ``json`` module. Each view document carries the
  phase, whose turn it is and the legal moves as JSON objects, so the client never
  re-implements a rule: it picks one of ``view["legal_moves"]`` and sends it back.
  (It also sends one illegal move, to show the error reply.)

Run:  python examples/json_frontend.py [SEED]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

# ---------------------------------------------------------------------------------------------
# Server side: the only code that uses pushrummy.
# ---------------------------------------------------------------------------------------------


class GameServer:
    """Holds one game; the client at ``seat`` sees views and sends moves, as JSON text."""

    def __init__(self, seed: int, seat: int = 0) -> None:
        import pushrummy as pr
        from pushrummy.serialization import from_json, to_json

        self._pr, self._to_json, self._from_json = pr, to_json, from_json
        variant = pr.PUSH.replace(max_turns_per_deal=100)
        self.state = pr.new_game(variant, seed=seed)
        self.seat = seat
        self.bots = {s: pr.GreedyBot() for s in range(self.state.players) if s != seat}

    def _advance(self) -> None:
        """Play the bots' moves and deal new deals until it is the client's turn (or the end)."""
        pr = self._pr
        while not self.state.is_over and self.state.current_player != self.seat:
            if self.state.phase is pr.Phase.BETWEEN_DEALS:
                self.state = pr.apply_move(self.state, pr.NextDeal())
            else:
                seat = self.state.current_player
                assert seat is not None  # a deal is on
                move = self.bots[seat].choose(pr.view(self.state, seat))
                self.state = pr.apply_move(self.state, move)

    def hello(self) -> str:
        """The client's first view."""
        self._advance()
        return self._to_json(self._pr.view(self.state, self.seat))

    def handle(self, request: str) -> str:
        """Apply the client's move (JSON) and answer with its next view, or an error document."""
        pr = self._pr
        try:
            move = self._from_json(request, kind="move", at=self.state)
            # A client acts for its own seat only: anything else is refused, unapplied.
            if getattr(move, "seat", None) != self.seat:
                raise pr.NotYourTurnError(
                    f"this connection plays seat {self.seat}: it cannot send "
                    f"{pr.describe_move(move)!r}",
                    rule="turn.seat",
                    move=move,
                    seat=self.seat,
                    phase=self.state.phase,
                )
            self.state = pr.apply_move(self.state, move)
        except pr.PushRummyError as exc:
            return json.dumps({"error": type(exc).__name__, "message": str(exc)})
        self._advance()
        return self._to_json(pr.view(self.state, self.seat))


# ---------------------------------------------------------------------------------------------
# Client side: json only. It could be written in any language.
# ---------------------------------------------------------------------------------------------

Json = dict[str, Any]


def pick(view: Json) -> Json:
    """Choose one of the view's legal moves: lay down, lay off or meld when possible (a meld
    of the contract with wild cards is laid down in two moves: its shape, then the wilds that
    fill it); take a wild upcard, else push; discard the card worth most (values from the
    view's variant)."""
    moves: list[Json] = view["legal_moves"]
    for wanted in ("fill_wilds", "lay_down", "lay_down_shape", "lay_off", "new_meld"):
        for move in moves:
            if move["type"] == wanted:
                return move
    if view["phase"] == "draw":
        up = view["upcard"]
        wild = up in view["variant"]["wild_cards"]  # ["2C", "2D", "2H", "2S", "JK"] or ["JK"]
        return next(m for m in moves if m["type"] == ("take" if wild else "push"))
    values = view["variant"]["card_values"]  # {"JK": 20, "A": 15, "2": 20, "3": 5, ...}
    discards = [m for m in moves if m["type"] == "discard"]
    return max(discards, key=lambda m: values["JK" if m["card"] == "JK" else m["card"][:-1]])


def report(results: list[Json]) -> None:
    for result in results:
        out = result["went_out"]
        how = "nobody went out" if out is None else f"seat {out} went out"
        print(f"deal {result['deal_number']}: {how}; penalties {result['penalties']}")


def play_client(hello: Callable[[], str], send: Callable[[str], str]) -> Json:
    """Play the game through JSON messages; the final view."""
    view = json.loads(hello())
    assert view["schema"] == "pushrummy.view"
    seen_results = 0
    tried_illegal = False
    while view["phase"] != "game_over":
        report(view["results"][seen_results:])
        seen_results = len(view["results"])
        if not tried_illegal:  # show what an illegal move gets back
            tried_illegal = True
            bad = {
                "schema": "pushrummy.move",
                "version": 1,
                "type": "discard",
                "seat": view["seat"],
                "card": "JK",
            }
            reply = json.loads(send(json.dumps(bad)))
            print(f"server refused an illegal move: {reply['error']}: {reply['message']}")
            other = dict(bad, type="push", seat=(view["seat"] + 1) % view["players"])
            del other["card"]
            reply = json.loads(send(json.dumps(other)))
            print(f"server refused another seat's move: {reply['error']}: {reply['message']}")
        move = pick(view)
        view = json.loads(send(json.dumps({"schema": "pushrummy.move", "version": 1, **move})))
        if "error" in view:
            raise RuntimeError(view["message"])
    report(view["results"][seen_results:])
    final: Json = view
    return final


def main(seed: int = 2) -> None:
    server = GameServer(seed)
    final = play_client(server.hello, server.handle)
    outcome = final["outcome"]
    mine = final["side"]
    verdict = "won" if mine in outcome["winners"] else "lost"
    print(f"final totals {outcome['totals']}: the JSON client's side {mine} {verdict}")


def number_argument(description: str, name: str, default: int) -> int:
    """The one optional whole-number argument, or a clean usage error (exit status 2)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(name, nargs="?", type=int, default=default, help=f"default {default}")
    value: int = getattr(parser.parse_args(), name)
    if value < 0:
        parser.error(f"{name} must be 0 or more, not {value}")
    return value


if __name__ == "__main__":
    main(number_argument(__doc__.splitlines()[0], "seed", 2))
