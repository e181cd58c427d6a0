"""``pushrummy watch`` (bots play a game, shown as a transcript) and ``pushrummy replay``."""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..engine import new_game
from ..errors import PushRummyError
from ..moves import Move, NextDeal, Push, Take
from ..records import GameRecord, new_seed
from ..serialization import from_json, to_json
from ..state import GameState
from .common import (
    FileError,
    GameListener,
    Names,
    UsageError,  # noqa: F401 (raised through build_variant and the others: Raises sections)
    bot_seed,
    bot_source,
    build_variant,
    check_players,
    check_seed,
    drive,
    make_bot,
    parse_bots,
    parse_stakes,
    plural,
)
from .describe import deal_ended, deal_started, game_over, narrate
from .render import Output

__all__ = ["Transcript", "random_seed", "read_text", "run_replay", "run_watch", "save_record"]


def random_seed() -> int:
    """A fresh seed for a game the user did not seed (printed, so it can be replayed).

    128 secret bits (:func:`~pushrummy.records.new_seed`): a player who sees the first
    cards cannot find the seed, and with it every card, by trying seeds.
    """
    return new_seed()


class Transcript(GameListener):
    """Prints a game as it goes: every move (unless ``brief``), every deal's result, the end."""

    def __init__(
        self, out: Output, names: Names, *, brief: bool = False, show_hands: bool = False
    ) -> None:
        self.out = out
        self.names = names
        self.brief = brief
        self.show_hands = show_hands
        self.moves: list[Move] = []

    def deal_started(self, state: GameState) -> None:
        if not self.brief:
            deal_started(self.out, state, self.names, show_hands=self.show_hands)

    def moved(self, before: GameState, move: Move, after: GameState) -> None:
        self.moves.append(move)
        if self.brief or isinstance(move, NextDeal):
            return
        line = narrate(self.out, before, move, after, self.names)
        if not line:  # a shape: its meld is told once filled
            return
        prefix = f"{before.turn + 1:>4}  " if isinstance(move, (Take, Push)) else "      "
        self.out.line(prefix + line)

    def deal_ended(self, state: GameState) -> None:
        deal_ended(self.out, state, self.names)

    def game_over(self, state: GameState) -> None:
        game_over(self.out, state, self.names)


def save_record(
    out: Output,
    path: str,
    start: GameState,
    moves: Sequence[Move],
    *,
    human: int | None = None,
    quiet: bool = False,
) -> bool:
    """Write the game's :class:`~pushrummy.serialization.GameRecord` JSON to ``path``
    (``human``: the seat a person played, for ``play --resume``), atomically: the JSON is
    written to a new file beside ``path`` and renamed over it, so ``path`` always holds a
    whole record, the last one saved (never half of one, whenever the program is killed).

    Whether it was written: a file that cannot be written is reported on ``out``
    (``quiet``: only then; else a line says where the record went).

    Raises:
        TypeError: ``moves`` holds something that is not a move.
    """
    record = GameRecord(
        variant=start.variant,
        seed=start.seed,
        players=start.players,
        dealer=start.dealer,
        deals=start.injected,
        moves=tuple(moves),
        human=human,
    )
    try:
        _write_atomically(Path(path), to_json(record) + "\n")
    except OSError as exc:
        out.line((f"error: cannot write the record to {path}: {exc.strerror or exc}", "red"))
        return False
    if not quiet:
        out.line(
            f"Record saved to {path} ({plural(len(moves), 'move')}); "
            f"`pushrummy replay {path}` shows it."
        )
    return True


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` by a rename: a reader (or a crash) sees the old file or the
    new one, whole."""
    folder = path.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def add_watch_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``watch``."""
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help="comma-separated bots by seat, repeated to fill the table: greedy, random, search "
        "(search: about 20 ms of CPU a decision at the median, 80 ms at the 90th "
        "percentile; default: greedy)",
    )
    parser.add_argument(
        "--brief", action="store_true", help="only the deal results and the final score"
    )
    parser.add_argument(
        "--show-hands", action="store_true", help="show every hand at the start of each deal"
    )
    parser.add_argument("--record", metavar="FILE", help="save the game as a GameRecord JSON file")


def run_watch(args: argparse.Namespace, out: Output) -> int:
    """Bots play a whole game; print the transcript. The exit status.

    Raises:
        UsageError: bad options: an unknown variant or bot, a player count the variant
            does not allow, a negative ``--max-turns``, a seed too large.
    """
    variant = parse_stakes(args.stakes, build_variant(args.variant, args.max_turns))
    players = check_players(variant, args.players)
    seed = check_seed(args.seed)
    kinds = parse_bots(args.bots, players)
    bots = [make_bot(kind, bot_seed(seed, seat)) for seat, kind in enumerate(kinds)]
    names = Names(variant, players, bots=kinds)
    out.wild = variant.wild_table
    start = new_game(variant, seed=seed, players=players)
    limit = variant.max_turns_per_deal
    out.line(
        (f"pushrummy watch: {variant.name}, {players} players, seed {seed}", "bold"),
        ", no turn limit" if limit is None else f", at most {plural(limit, 'turn')} per deal",
    )
    out.line("Players: " + ", ".join(names.seat(s) for s in range(players)))
    if variant.partnerships:
        out.line("Sides: " + ", ".join(names.side(s) for s in range(start.side_count)))
    transcript = Transcript(out, names, brief=args.brief, show_hands=args.show_hands)
    drive(start, bot_source(bots), transcript)
    if args.record and not save_record(out, args.record, start, transcript.moves):
        return 1
    return 0


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``replay``."""
    parser.add_argument("file", metavar="FILE", help="a GameRecord JSON file ('-' for stdin)")
    parser.add_argument(
        "--brief", action="store_true", help="only the deal results and the final score"
    )
    parser.add_argument(
        "--show-hands", action="store_true", help="show every hand at the start of each deal"
    )


def read_text(path: str) -> str:
    """The text of the file at ``path`` (``-``: standard input).

    Raises:
        FileError: the file cannot be read, or is not UTF-8 text.
    """
    if path == "-":
        import sys

        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise FileError(f"cannot read {path}: {detail}") from None


def run_replay(args: argparse.Namespace, out: Output) -> int:
    """Print the transcript of a recorded game, checking every move. The exit status (1
    for a record that does not decode or replay: the error is printed).

    Raises:
        FileError: the file cannot be read (or is not UTF-8 text).
    """
    text = read_text(args.file)
    try:
        record = from_json(text, kind="record")
        start = record.initial_state()
    except PushRummyError as exc:
        out.line((f"error: {args.file} is not a valid game record: {exc}", "red"))
        return 1
    names = Names(record.variant, record.players)
    out.wild = record.variant.wild_table
    out.line(
        (f"pushrummy replay: {record.variant.name}, {record.players} players", "bold"),
        f", seed {record.seed}, {plural(len(record.moves), 'move')}",
    )
    moves: Iterator[Move] = iter(record.moves)
    index = -1

    def source(state: GameState) -> Move | None:
        nonlocal index
        index += 1
        return next(moves, None)

    transcript = Transcript(out, names, brief=args.brief, show_hands=args.show_hands)
    try:
        end = drive(start, source, transcript)
    except PushRummyError as exc:
        out.line((f"error: record move {index} is illegal: {exc}", "red"))
        return 1
    extra = len(record.moves) - (index + 1)
    if end.is_over and extra > 0:
        out.line(
            (f"error: the record has {plural(extra, 'more move')} after the game ended", "red")
        )
        return 1
    if not end.is_over:
        out.line(
            f"The record ends after {plural(len(record.moves), 'move')}, in deal {end.deal_number} "
            f"({end.phase.value}); totals so far: "
            + ", ".join(f"{names.side(s)} {t}" for s, t in enumerate(end.totals))
        )
    return 0
