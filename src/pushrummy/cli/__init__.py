"""The ``pushrummy`` command: play against bots, watch bots play, simulate many games.

::

    pushrummy play [--variant push|cap-it|contract-rummy|liverpool] [--players N] [--seed N] [--seat N] [--bots greedy]
                   [--record FILE]
    pushrummy play --resume FILE [--record FILE]
    pushrummy watch [--seed N] [--variant cap-it --players 5] [--bots greedy,random]
    pushrummy simulate -n 1000 [--bots greedy,random] [--json] [--workers K]
    pushrummy replay FILE

``play``, ``watch`` and ``simulate`` take ``--variant``, ``--players``, ``--seed``,
``--stakes ANTE,PRIZE`` (Cap-It played for chips: each player's ante and the prize
for going out in a deal; the settlement is shown at the game's end), ``--max-turns``
(the ``max_turns_per_deal`` safety valve, default 200; 0 for none), ``--plain`` (no
rich formatting) and ``--ascii`` (``10H`` instead of ``10♥``); ``replay`` the last two.

``play --record FILE`` saves the game when it ends or the player leaves (``quit``,
end of input, Ctrl-C), with the seat the person played; ``play --resume FILE``
replays such a record, checking every move, and plays on from where it stopped,
the person at the record's seat again (a record without one, such as one saved by
``watch``: at ``--seat``, default 0). The record's game decides the variant, the
players, the seed and the turn limit; the other seats are bots (``--bots``). To keep
the game going, save it again with ``--record`` (the same file is fine).

The random and search bots of ``play`` draw from secret seeds of their own
(:func:`~pushrummy.records.new_seed`), so the person playing can neither foresee them nor
learn the game's seed from them; in ``watch`` and ``simulate``, where nobody plays, they
are seeded from the game's seed and its seats, so the same options play the same games.

Output uses `rich <https://rich.readthedocs.io>`_ when it is installed (the
``cli`` extra: ``pip install pushrummy[cli]``) and plain text otherwise.

Exit status: 0 on success (also when a player quits ``play`` or input ends),
1 for a failure (a file that cannot be read or written, a record that does not
replay), 2 for bad options, 130 after Ctrl-C (``play``: 128 + the signal's number
after a hang-up or SIGTERM). Each command's ``--help`` ends with the statuses it
can exit with.

>>> main(["--version"])  # the version of pushrummy/_version.py
pushrummy ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Sequence

from ..errors import PushRummyError
from .common import DEFAULT_MAX_TURNS, VARIANTS, FileError, UsageError
from .render import Output, rich_available

__all__ = ["build_parser", "main"]

_EPILOG = """\
exit status: 0 done, 1 failure (a file that cannot be read or written, a record that
does not replay), 2 bad options, 130 interrupted (Ctrl-C); each command's --help says
which apply to it."""

# Each command's own exit statuses (its --help's epilog; argparse wraps the lines again).
_EPILOGS = {
    "play": """\
exit status: 0 done (also after 'quit' or end of input), 1 failure (a record that
cannot be read, resumed or written), 2 bad options, 130 interrupted (Ctrl-C),
128 + the signal's number for a hang-up (129) or SIGTERM (143).""",
    "watch": """\
exit status: 0 done, 1 failure (--record FILE cannot be written), 2 bad options,
130 interrupted (Ctrl-C).""",
    "simulate": """\
exit status: 0 done, 2 bad options, 130 interrupted (Ctrl-C).""",
    "replay": """\
exit status: 0 done (also for a record of an unfinished game), 1 failure (FILE cannot be
read, is not a game record, or a move in it is illegal), 2 bad options, 130 interrupted
(Ctrl-C).""",
}


def _common(parser: argparse.ArgumentParser, *, seed_help: str) -> None:
    parser.add_argument(
        "--variant",
        choices=tuple(VARIANTS),
        default="push",
        help="the rules: push (4 players in two partnerships), cap-it (4-6 players, "
        "each for themselves), contract-rummy (3-8 players, buying out of turn) or liverpool "
        "(contract-rummy with only the jokers wild and the last deal all out); default push",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="number of players (cap-it: 4, 5 or 6; contract-rummy, liverpool: 3 to 8)",
    )
    parser.add_argument("--seed", type=int, metavar="N", help=seed_help)
    parser.add_argument(
        "--stakes",
        metavar="ANTE,PRIZE",
        help="play cap-it for chips: each player pays ANTE into the pot, going out in a deal "
        "takes PRIZE from it, the winner takes the rest (such as 10,5)",
    )
    parser.add_argument(
        "--max-turns",
        type=int,
        default=DEFAULT_MAX_TURNS,
        metavar="T",
        help=f"end a deal after T turns, scored as an exhausted stock (default "
        f"{DEFAULT_MAX_TURNS}; 0: no limit)",
    )
    parser.add_argument("--plain", action="store_true", help="plain text output, without rich")
    parser.add_argument(
        "--ascii", action="store_true", help="write cards as 10H, not 10♥ (automatic when needed)"
    )


def _version() -> str:
    from .._version import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pushrummy`` command."""
    from . import play, simulate, watch

    parser = argparse.ArgumentParser(
        prog="pushrummy",
        description="Push and Cap-It rummy in the terminal: play against bots, watch bots "
        "play, or simulate many games.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"pushrummy {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = commands.add_parser(
        "play",
        help="play against bots (in Push your partner is a bot too)",
        description="Play against bots. Choose a move by its number, or type it in notation "
        "(take, push, down ..., meld ..., off ..., discard KS); 'help' explains, 'quit' leaves.",
        epilog=_EPILOGS["play"],
    )
    _common(p, seed_help="the game's seed (default: random, printed)")
    play.add_arguments(p)

    p = commands.add_parser(
        "watch",
        help="bots play a whole game; print the transcript",
        description="Bots play a whole game: every move, each deal's result, the final totals.",
        epilog=_EPILOGS["watch"],
    )
    _common(p, seed_help="the game's seed (default: random, printed)")
    watch.add_watch_arguments(p)

    p = commands.add_parser(
        "simulate",
        help="play many bot games and print statistics",
        description="Play many bot games and print statistics: wins per side, penalties, how "
        "deals ended, turns, contracts made, speed. Game i uses seed S+i; the numbers depend "
        "only on the options, never on --workers.",
        epilog=_EPILOGS["simulate"],
    )
    _common(p, seed_help="the first game's seed (default 1)")
    simulate.add_arguments(p)

    p = commands.add_parser(
        "replay",
        help="print the transcript of a recorded game (a GameRecord JSON file)",
        description="Replay a GameRecord JSON file (from --record), checking every move.",
        epilog=_EPILOGS["replay"],
    )
    p.add_argument("--plain", action="store_true", help="plain text output, without rich")
    p.add_argument("--ascii", action="store_true", help="write cards as 10H, not 10♥")
    watch.add_replay_arguments(p)
    return parser


def _setup_streams() -> None:
    """Never fail on a character the terminal cannot show, or on undecodable input."""
    for stream, errors in ((sys.stdout, "backslashreplace"), (sys.stderr, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, io.UnsupportedOperation):
                stream.reconfigure(errors=errors)
    if isinstance(sys.stdin, io.TextIOWrapper):
        with contextlib.suppress(ValueError, io.UnsupportedOperation):
            sys.stdin.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pushrummy`` command with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    _setup_streams()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, bad options
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    if args.command is None:
        parser.print_help()
        return 2
    use_rich = not args.plain and rich_available()
    out = Output(sys.stdout, use_rich=use_rich, unicode=False if args.ascii else None)
    try:
        return _run(args, out, use_rich=use_rich)
    except UsageError as exc:
        sys.stderr.write(f"pushrummy {args.command}: error: {exc}\n")
        return 2
    except (PushRummyError, FileError) as exc:
        sys.stderr.write(f"pushrummy {args.command}: error: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130
    except BrokenPipeError:
        # The reader went away (`pushrummy watch | head`): stop quietly.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1


def _run(args: argparse.Namespace, out: Output, *, use_rich: bool) -> int:
    from . import play, simulate, watch

    if args.command == "play":
        return play.run(args, out)
    if args.command == "watch":
        return watch.run_watch(args, out)
    if args.command == "simulate":
        return simulate.run(args, out, use_rich=use_rich)
    return watch.run_replay(args, out)
