"""Save a game as a ``GameRecord`` JSON file and replay it to the identical final state.

A game is fully determined by how it started (variant, seed, number of players, first
dealer, any injected deck orders) and the moves played, chance steps (``NextDeal``)
included. ``GameRecord`` holds exactly that: it is the save format. ``replay`` rebuilds
the state, checking every move with ``apply_move``. States are immutable values, so
"identical" is plain ``==``.

The script plays a Cap-It game between bots, recording every move; writes the record
to a JSON file; reads it back; replays it and compares the final states (and their
JSON). It then tampers with one move to show that a replay checks every move.

Run:  python examples/save_and_replay.py [FILE]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import attrs

import pushrummy as pr
from pushrummy.records import GameRecord, replay
from pushrummy.serialization import from_json, to_json


def play_recorded(seed: int) -> tuple[GameRecord, pr.GameState]:
    variant = pr.CAP_IT.replace(max_turns_per_deal=80)
    record = GameRecord.start(variant, seed=seed, players=5)
    state = record.initial_state()
    bots: list[pr.Bot] = [
        pr.GreedyBot(),
        pr.RandomBot(seed),
        pr.GreedyBot(),
        pr.RandomBot(seed + 1),
        pr.GreedyBot(),
    ]
    recorder = Recorder()
    # The library's game loop: bots choose from their views, NextDeal deals between deals.
    state = pr.drive(state, pr.bot_source(bots), recorder)
    return attrs.evolve(record, moves=tuple(recorder.moves)), state


class Recorder(pr.GameListener):
    """Hears every move the game loop applies (chance steps included) and keeps it."""

    def __init__(self) -> None:
        self.moves: list[pr.Move] = []

    def moved(self, before: pr.GameState, move: pr.Move, after: pr.GameState) -> None:
        self.moves.append(move)


def main(path: Path) -> None:
    record, final = play_recorded(seed=11)
    path.write_text(to_json(record), encoding="utf-8")
    print(f"saved {len(record.moves)} moves to {path} ({path.stat().st_size} bytes)")

    loaded = from_json(path.read_text(encoding="utf-8"), kind="record")
    assert loaded == record
    replayed = replay(loaded)
    same = replayed == final and to_json(replayed) == to_json(final)
    assert replayed.outcome is not None
    print(
        f"replayed to the final state: totals {replayed.outcome.totals}, winners {replayed.outcome.winners}"
    )
    print(f"identical final state: {same}")
    if not same:
        raise SystemExit(1)

    # Change one discard to a card the player does not hold: the replay stops there.
    index, move = next((i, m) for i, m in enumerate(loaded.moves) if isinstance(m, pr.Discard))
    before = replay(attrs.evolve(loaded, moves=loaded.moves[:index]))
    other = next(
        c for c in map(pr.parse_card, ("KS", "QS", "JS")) if c not in before.hands[move.seat]
    )
    forged = attrs.evolve(
        loaded,
        moves=(*loaded.moves[:index], pr.Discard(move.seat, other), *loaded.moves[index + 1 :]),
    )
    try:
        replay(forged)
        print("the forged record replayed?!")
    except pr.IllegalMoveError as exc:
        print(f"a forged record is rejected: {exc}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="where to save (default: a temp file)")
    args = parser.parse_args()
    if args.file is None:
        with tempfile.TemporaryDirectory() as tmp:
            main(Path(tmp) / "game.json")
    elif args.file.is_dir() or not args.file.parent.is_dir():
        parser.error(f"cannot write the record to {args.file}")
    else:
        main(args.file)
