"""``pushrummy play``: you against bots in the terminal.

The human's seat sees only its :func:`~pushrummy.views.view`: its hand, hand
sizes, publicly known cards, the table, the upcard and the scores. A move is
chosen by its number in the printed list or typed in notation
(:func:`~pushrummy.notation.parse_move`); bad input gets a one-line error (the
library's message, with the rule id for an illegal move) and a new prompt.

Leaving: ``quit`` or end of input (Ctrl-D) exit with status 0; Ctrl-C exits
with status 130. With ``--record FILE`` the game so far is saved either way.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Sequence

from ..bots import Bot, GreedyBot
from ..engine import new_game
from ..errors import PushRummyError
from ..moves import Discard, ExchangeWild, LayDown, LayOff, Move, NewMeld, NextDeal, Push, Take
from ..notation import format_move, parse_move
from ..playing import GameListener, drive
from ..state import GameState, Phase
from ..views import PlayerView, view
from .common import (
    Names,
    UsageError,
    build_variant,
    check_players,
    check_seed,
    make_bot,
    parse_bots,
)
from .describe import deal_ended, deal_started, game_over, narrate, table_lines
from .render import Output, Segment
from .watch import save_record

__all__ = ["MAX_INPUT", "PlaySession", "order_moves", "run"]

MAX_INPUT = 500
"""Longer input lines are rejected unread (the longest lay-down is far shorter)."""

COMPACT_OVER = 30
"""Move lists longer than this are shown compactly (``moves`` shows them all)."""

GROUP_SHOWN = 8
"""In a compact list, how many moves of a large group (lay-downs, melds, lay-offs) are shown."""

_NUMBER = re.compile(r"#?([0-9]{1,9})")
_KIND_ORDER = (Take, Push, LayDown, LayOff, NewMeld, ExchangeWild, Discard, NextDeal)
_KIND_NAMES = {
    LayDown: "lay-downs",
    LayOff: "lay-offs",
    NewMeld: "new melds",
    ExchangeWild: "exchanges",
    Discard: "discards",
}

HELP = """\
Type the number of a move from the list, or the move itself:
  take                         take the upcard
  push                         push the upcard and a stock card to the next player, then draw
  down 7S 7H 7D / 9C 9S JK=9   lay down the contract: melds separated by '/', each wild
                               with its role (JK=9 in a set of 9s, JK=6H in a run); the
                               whole contract at once, or one meld at a time (down 7S 7H 7D,
                               then down 9C 9S JK=9 in the same turn)
  meld 5H JK=6H 7H             meld a new set or run (after your contract)
  off 9H on 3 [low|high]       lay off a card on table meld [3]
  exchange 6H on 2             give the card a wild in run [2] stands for, take the wild
  discard KS                   discard a card, ending your turn
Cards: 10H or TH; suits C D H S (or ♣ ♦ ♥ ♠); JK is the joker. Jokers and twos are wild.
Commands: moves (list every legal move), show (the position again), hint (what the
greedy bot would play), help, quit."""


class Quit(Exception):
    """The player asked to leave."""


def _points(move: Move, me: PlayerView) -> int:
    """The points a lay-down or new meld takes out of the hand."""
    if isinstance(move, LayDown):
        melds = move.melds
    elif isinstance(move, NewMeld):
        melds = (move.meld,)
    else:
        return 0
    return sum(me.variant.card_value(card) for meld in melds for card in meld.cards)


def order_moves(me: PlayerView) -> list[Move]:
    """The legal moves in the order they are numbered: by kind (draws, lay-downs, lay-offs,
    new melds, exchanges, discards); lay-downs and new melds with the most points first."""
    groups: dict[type, list[Move]] = {kind: [] for kind in _KIND_ORDER}
    for move in me.legal_moves:
        groups[type(move)].append(move)
    for kind in (LayDown, NewMeld):
        groups[kind].sort(key=lambda m: -_points(m, me))
    return [move for kind in _KIND_ORDER for move in groups[kind]]


class PlaySession(GameListener):
    """One interactive game: the human at ``human``, bots at every other seat."""

    def __init__(
        self, out: Output, state: GameState, human: int, bots: Sequence[Bot | None], names: Names
    ) -> None:
        self.out = out
        self.state = state
        self.human = human
        self.bots = bots
        self.names = names
        self.moves: list[Move] = []
        self.numbered: list[Move] = []

    # -- input -----------------------------------------------------------------------------------

    def error(self, message: str) -> None:
        """One line saying what was wrong with the input."""
        if len(message) > 300:
            message = message[:300] + "..."
        self.out.line(("error: ", "bold red"), message)

    def ask(self, prompt: str) -> str:
        """A line of input.

        Raises:
            EOFError: the input has ended.
        """
        self.out.stream.flush()
        return input(prompt)

    # -- the game loop -----------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the player leaves; the exit status."""
        out = self.out
        try:
            drive(self.state, self.next_move, self)
        except Quit:
            out.line("Goodbye.")
            return 0
        except EOFError:
            out.line()
            out.line("End of input: goodbye.")
            return 0
        outcome = self.state.outcome
        assert outcome is not None
        mine = self.state.side_of(self.human)
        if mine in outcome.winners:
            out.line(("You draw!" if outcome.is_draw else "You win!", "bold green"))
        else:
            out.line(("You lose.", "bold"))
        return 0

    def next_move(self, state: GameState) -> Move:
        """The move source of the game loop: the human's, a bot's, or the next deal.

        Raises:
            Quit: the human typed ``quit``.
            EOFError: the input ended while the human was asked.
        """
        if state.phase is Phase.BETWEEN_DEALS:
            self.between_deals()
            return NextDeal()
        seat = state.current_player
        assert seat is not None
        if seat == self.human:
            return self.human_move()
        bot = self.bots[seat]
        assert bot is not None
        return bot.choose(view(state, seat))

    # -- narration (the game loop's listener) ----------------------------------------------------

    def deal_started(self, state: GameState) -> None:
        deal_started(self.out, state, self.names)

    def moved(self, before: GameState, move: Move, after: GameState) -> None:
        self.state = after
        self.moves.append(move)
        if isinstance(move, NextDeal):
            return
        line = narrate(self.out, before, move, after, self.names, viewer=self.human)
        style = "cyan" if getattr(move, "seat", None) == self.human else ""
        self.out.line(("  " + line, style))

    def deal_ended(self, state: GameState) -> None:
        deal_ended(self.out, state, self.names)

    def game_over(self, state: GameState) -> None:
        game_over(self.out, state, self.names)

    def between_deals(self) -> None:
        """Wait for the human to ask for the next deal (``help`` explains the input).

        Raises:
            Quit: the human typed ``quit``.
            EOFError: the input has ended.
        """
        number = self.state.deal_number + 1
        while True:
            answer = self.ask(f"Press Enter for deal {number} (or type quit): ").strip().lower()
            if answer in ("", "next", "n"):
                return
            if answer in ("quit", "exit", "q"):
                raise Quit
            if answer in ("help", "?"):
                self.out.line(HELP if self.out.unicode else HELP.replace(" (or ♣ ♦ ♥ ♠)", ""))
                continue
            self.error("press Enter to deal the next deal, or type quit")

    def human_move(self) -> Move:
        """Show the position and ask until the human names a legal move.

        Raises:
            Quit: the human typed ``quit``.
            EOFError: the input has ended.
        """
        me = view(self.state, self.human)
        self.numbered = order_moves(me)
        self.show(me)
        while True:
            line = self.ask("move> ")
            move = self.read_move(line, me)
            if move is not None:
                return move

    def read_move(self, line: str, me: PlayerView) -> Move | None:
        """The move ``line`` names, or ``None`` after answering a command or an error.

        Raises:
            Quit: ``line`` is ``quit`` (or ``exit``, ``q``).
        """
        if len(line) > MAX_INPUT:
            self.error(f"input too long ({len(line)} characters); type a move or 'help'")
            return None
        text = line.strip()
        word = text.lower()
        count = len(self.numbered)
        if not text:
            self.error(
                f"empty input: type a move number (1-{count}), a move such as "
                "'discard KS', or 'help'"
            )
            return None
        if word in ("quit", "exit", "q"):
            raise Quit
        if word in ("help", "h", "?"):
            self.out.line(HELP if self.out.unicode else HELP.replace(" (or ♣ ♦ ♥ ♠)", ""))
            return None
        if word in ("moves", "m"):
            self.print_moves(full=True)
            return None
        if word in ("show", "s"):
            self.show(me)
            return None
        if word == "hint":
            hint = GreedyBot().choose(me)
            self.out.line(f"hint: {self.out.notation(format_move(hint))} (the greedy bot's choice)")
            return None
        number = _NUMBER.fullmatch(text)
        if number is not None:
            index = int(number.group(1))
            if 1 <= index <= count:
                return self.numbered[index - 1]
            self.error(f"there is no move {index}: choose 1-{count} (or type 'moves')")
            return None
        try:
            return parse_move(self.state, text)
        except PushRummyError as exc:
            self.error(str(exc))
        except Exception as exc:  # never a traceback for what a player types
            self.error(f"could not read {text[:40]!r}: {type(exc).__name__}: {exc}")
        return None

    # -- display -----------------------------------------------------------------------------

    def show(self, me: PlayerView) -> None:
        """The position as the human's seat sees it, and the numbered legal moves."""
        out = self.out
        names = self.names
        dot = out.dot()
        if me.phase is Phase.DRAW:
            phase = "draw: take or push"
        elif me.phase is Phase.LAYING_DOWN:
            phase = "place the next meld of your contract"
        else:
            phase = "meld, lay off or discard"
        out.line()
        out.line(
            (
                f"Deal {me.deal_number} of {len(me.variant.deals)}{dot}contract {me.contract}"
                f"{dot}turn {me.turn + 1}{dot}your move ({phase})",
                "bold",
            )
        )
        out.line("Scores: " + dot.join(f"{names.side(s)}: {t}" for s, t in enumerate(me.totals)))
        for seat in range(me.players):
            parts: list[Segment] = [f"  {names.seat(seat)}: {me.hand_sizes[seat]} cards"]
            if seat == me.dealer:
                parts.append(", dealer")
            if me.laid_down[seat]:
                parts.append((", laid down", "green"))
            if me.known[seat] and seat != self.human:
                parts.append(", known: ")
                parts.extend(out.cards(me.known[seat]))
            out.line(*parts)
        table_lines(out, me.table, names)
        up: list[Segment] = out.cards([me.upcard]) if me.upcard is not None else ["-"]
        out.line("Upcard: ", *up, f"{dot}stock {me.stock_size} cards")
        out.line(("Your hand: ", "bold"), *out.cards(me.hand))
        if me.taken is not None and not me.variant.may_rediscard_taken:
            out.line(
                f"You took {out.card_text(me.taken)} this turn: you may not discard that card "
                "[discard.taken]"
            )
        if me.phase is Phase.LAYING_DOWN:
            still = " + ".join(str(req) for req in me.contract_left)
            out.line(f"You are laying down your contract: {still} still to place.")
        elif not me.laid_down[me.seat]:
            out.line(f"You have not laid down yet: the contract is {me.contract}.")
        self.print_moves(full=False)

    def print_moves(self, *, full: bool) -> None:
        """The numbered legal moves; a long list shows the first few of each large group."""
        out = self.out
        moves = self.numbered
        compact = not full and len(moves) > COMPACT_OVER
        out.line(f"Legal moves ({len(moves)}):")
        index = 0
        while index < len(moves):
            kind = type(moves[index])
            end = index
            while end < len(moves) and type(moves[end]) is kind:
                end += 1
            shown = end if not compact or kind is Discard else min(end, index + GROUP_SHOWN)
            for number in range(index, shown):
                out.line(f"  {number + 1:>3}. {out.notation(format_move(moves[number]))}")
            if shown < end:
                name = _KIND_NAMES.get(kind, "moves")
                out.line(
                    f"       ... {end - shown} more {name} ({shown + 1}-{end}): "
                    "type 'moves' to list them all, or type the move"
                )
            index = end


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    parser.add_argument(
        "--seat", type=int, default=0, metavar="N", help="your seat (default 0; seat 0 is team 0)"
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help="the bots at the other seats, in seat order, repeated to fill the table: "
        "greedy, random, search (default: greedy)",
    )
    parser.add_argument(
        "--record", metavar="FILE", help="save the game (so far) as a GameRecord JSON file"
    )


def run(args: argparse.Namespace, out: Output) -> int:
    """Run ``play``; the exit status.

    Raises:
        UsageError: bad options: an unknown variant or bot, a player count the variant
            does not allow, a seat not in the game, a negative ``--max-turns``, a seed
            too large.
    """
    variant = build_variant(args.variant, args.max_turns)
    players = check_players(variant, args.players)
    if not 0 <= args.seat < players:
        raise UsageError(f"--seat must be 0-{players - 1}, not {args.seat}")
    seed = check_seed(args.seed)
    others = iter(parse_bots(args.bots, players - 1))
    kinds: list[str | None] = [None if s == args.seat else next(others) for s in range(players)]
    bots = [None if k is None else make_bot(k, seed, s) for s, k in enumerate(kinds)]
    names = Names(variant, players, bots=kinds, human=args.seat)
    state = new_game(variant, seed=seed, players=players)
    out.line((f"pushrummy play: {variant.name}, {players} players, seed {seed}", "bold"))
    out.line("Players: " + ", ".join(names.seat(s) for s in range(players)))
    out.line("Type 'help' for how to enter moves, 'quit' to leave.")
    if sys.stdin.isatty():  # pragma: no cover - line editing for a real terminal
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401
    session = PlaySession(out, state, args.seat, bots, names)
    try:
        status = session.run()
    except KeyboardInterrupt:
        out.line()
        out.line("Interrupted: goodbye.")
        status = 130
    if args.record and not save_record(out, args.record, state, session.moves):
        return status or 1
    return status
