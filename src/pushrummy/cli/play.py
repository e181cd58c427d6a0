"""``pushrummy play``: you against bots in the terminal.

The human's seat sees only its :func:`~pushrummy.views.view`: its hand, hand
sizes, publicly known cards, the table, the upcard and the scores. A move is
chosen by its number in the printed list or typed in notation
(:func:`~pushrummy.notation.parse_move`); bad input gets a one-line error (the
library's message, with the rule id for an illegal move) and a new prompt.

Leaving: ``quit`` or end of input (Ctrl-D) exit with status 0; Ctrl-C exits
with status 130, a hang-up (the terminal closed, SIGHUP) or SIGTERM with 128 + the
signal's number. With ``--record FILE`` the game so far is saved, with the human's
seat, each time the human is asked for a move or the next deal, and on leaving in any
of those ways; each save replaces the file atomically, so it always holds a whole
record. ``--resume FILE`` plays on a game saved that way, and keeps recording to
``FILE`` unless ``--record`` names another file.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import signal
import sys
from collections.abc import Callable, Iterator, Sequence

from ..bots import Bot, GreedyBot
from ..engine import new_game
from ..errors import PushRummyError
from ..moves import (
    Discard,
    ExchangeWild,
    FillWilds,
    LayDown,
    LayDownShape,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    Take,
)
from ..movetable import MOVE_CLASSES, MOVE_KINDS
from ..notation import format_move, parse_move
from ..playing import GameListener, drive
from ..plays.discard import discardable_cards
from ..plays.turn import check_turn
from ..records import GameRecord, new_seed, replay
from ..search import SearchBot
from ..serialization import from_json
from ..state import DEAL_PHASES, GameState, Phase
from ..variants import DrawStyle, LayoffTargets, PushTo, Variant, WildExchange
from ..views import PlayerView, view
from .common import (
    DEFAULT_MAX_TURNS,
    FileError,  # noqa: F401 (raised through read_text: the Raises sections)
    Names,
    UsageError,
    build_variant,
    check_players,
    check_seed,
    for_you,
    make_bot,
    parse_bots,
    parse_stakes,
    plural,
)
from .describe import deal_ended, deal_started, game_over, narrate, table_lines
from .render import Output, Segment
from .watch import read_text, save_record

__all__ = ["MAX_INPUT", "PlaySession", "help_text", "order_moves", "run"]

MAX_INPUT = 500
"""Longer input lines are rejected unread (the longest lay-down is far shorter)."""

COMPACT_OVER = 30
"""Move lists longer than this are shown compactly (``moves`` shows them all)."""

GROUP_SHOWN = 8
"""In a compact list, how many moves of a large group (lay-downs, melds, lay-offs) are shown."""

_NUMBER = re.compile(r"#?([0-9]{1,9})")
_KIND_ORDER = MOVE_CLASSES  # the move table's order: draws, lay-downs, ..., discards
_KIND_NAMES = {
    LayDown: ("lay-down", "lay-downs"),
    LayDownShape: ("shape", "shapes"),
    FillWilds: ("filling", "fillings"),
    LayOff: ("lay-off", "lay-offs"),
    NewMeld: ("new meld", "new melds"),
    ExchangeWild: ("exchange", "exchanges"),
    Discard: ("discard", "discards"),
}


def help_text(variant: Variant, *, unicode: bool = True) -> str:
    """How to type moves, listing only the moves ``variant`` allows.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`.

    >>> from pushrummy.variants import PUSH, WildExchange
    >>> "exchange" in help_text(PUSH)
    False
    >>> "exchange 6H on 2" in help_text(PUSH.replace(wild_exchange=WildExchange.ANY_IN_RUNS))
    True
    """
    if not isinstance(variant, Variant):
        raise TypeError(f"help_text expects a Variant, not {type(variant).__name__}")
    receiver = "previous" if variant.push_to is PushTo.PREVIOUS else "next"
    draw = (
        "  draw                         draw the top card of the stock (the upcard stays)"
        if variant.draw_style is DrawStyle.STOCK
        else f"  push                         push the upcard and a stock card to the {receiver} "
        "player, then draw"
    )
    lines = [
        "Type the number of a move from the list, or the move itself:",
        "  take                         take the upcard",
        draw,
        "  down 7S 7H 7D / 9C 9S JK=9   lay down the contract: melds separated by '/', each wild",
        "                               with its role (JK=9 in a set of 9s, JK=6H in a run) unless",
        "                               only one role fits; the whole contract at once, or one meld",
        "                               at a time (down 7S 7H 7D, then down 9C 9S JK=9)",
        "  shape 9C 9S *=9              a meld of the contract with wilds, in two steps: first its",
        "                               shape, * at each wild place (its role unless only one fits),",
        "  fill JK                      then the wilds that fill its places, in order (a run's low",
        "                               to high); the list offers these, 'down' takes it whole",
    ]
    if variant.new_melds_after_contract:
        lines.append("  meld 5H JK=6H 7H             meld a new set or run (after your contract)")
    whose = {
        LayoffTargets.ANY: "table meld [3]",
        LayoffTargets.TEAM: "your side's meld [3]",
        LayoffTargets.OWN: "your own meld [3]",
    }[variant.layoff_targets]
    lines.append(f"  off 9H on 3 [low|high]       lay off a card on {whose}")
    lines.append("  off JK=9H on 3               a wild with the card it stands for, for its end")
    if variant.wild_exchange is not WildExchange.NONE:
        wild = "joker" if variant.wild_exchange is WildExchange.JOKERS_IN_RUNS else "wild"
        lines.append(
            f"  exchange 6H on 2             give the card a {wild} in run [2] stands for, "
            f"take the {wild}"
        )
    lines.append("  discard KS                   discard a card, ending your turn")
    suits = "suits C D H S (or ♣ ♦ ♥ ♠)" if unicode else "suits C D H S"
    wilds = "Jokers and twos are wild." if variant.wild_twos else "Only jokers are wild."
    lines += [
        f"Cards: 10H or TH; {suits}; JK is the joker. {wilds}",
        "Commands: moves (list every legal move), show (the position again), hint (what the",
        "greedy bot would play), help, quit.",
    ]
    return "\n".join(lines)


class Quit(Exception):
    """The player asked to leave."""


def _points(move: Move, me: PlayerView) -> int:
    """The points a lay-down, a shape (its naturals) or a new meld takes out of the hand."""
    if isinstance(move, LayDown):
        cards = [card for meld in move.melds for card in meld.cards]
    elif isinstance(move, LayDownShape):
        cards = list(move.shape.naturals)
    elif isinstance(move, NewMeld):
        cards = list(move.meld.cards)
    else:
        return 0
    return sum(me.variant.card_value(card) for card in cards)


def order_moves(me: PlayerView) -> list[Move]:
    """The legal moves in the order they are numbered: by kind (draws, lay-downs, shapes,
    fillings, lay-offs, new melds, exchanges, discards); lay-downs, shapes and new melds with
    the most points first."""
    groups: dict[type, list[Move]] = {kind: [] for kind in _KIND_ORDER}
    for move in me.legal_moves:
        groups[type(move)].append(move)
    for kind in (LayDown, LayDownShape, NewMeld):
        groups[kind].sort(key=lambda m: -_points(m, me))
    return [move for kind in _KIND_ORDER for move in groups[kind]]


class PlaySession(GameListener):
    """One interactive game: the human at ``human``, bots at every other seat."""

    def __init__(
        self,
        out: Output,
        state: GameState,
        human: int,
        bots: Sequence[Bot | None],
        names: Names,
        *,
        moves: Sequence[Move] = (),
        save: Callable[[Sequence[Move]], object] | None = None,
    ) -> None:
        self.out = out
        out.wild = state.variant.wild_table  # the cards shown as wild: the game's ([setup.wild])
        self.save = save  # saves the game's moves so far (--record), or None
        self.state = state
        self.human = human
        self.bots = bots
        self.names = names
        self.moves: list[Move] = list(moves)  # the game's moves (a resumed game's included)
        self.numbered: list[Move] = []
        in_deal = state.phase in DEAL_PHASES
        self.resumed = bool(moves) and in_deal

    # -- input -----------------------------------------------------------------------------------

    def error(self, message: str) -> None:
        """One line saying what was wrong with the input."""
        if len(message) > 300:
            message = message[:300] + "..."
        self.out.line(("error: ", "bold red"), message)

    def ask(self, prompt: str) -> str:
        """A line of input; the game so far is saved first (``--record``): waiting for the
        person is when a terminal gets closed.

        Raises:
            EOFError: the input has ended.
        """
        if self.save is not None:
            self.save(self.moves)
        self.out.stream.flush()
        return input(prompt)

    # -- the game loop -----------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the player leaves; the exit status."""
        out = self.out
        if self.state.is_over:  # a resumed game that had ended
            out.line("The game is over.")
            game_over(out, self.state, self.names)
            self._result()
            return 0
        try:
            drive(self.state, self.next_move, self)
        except Quit:
            out.line("Goodbye.")
            return 0
        except EOFError:
            out.line()
            out.line("End of input: goodbye.")
            return 0
        self._result()
        return 0

    def _result(self) -> None:
        """Whether the human won, at the end of the game."""
        outcome = self.state.outcome
        assert outcome is not None
        mine = self.state.side_of(self.human)
        if mine in outcome.winners:
            self.out.line(("You draw!" if outcome.is_draw else "You win!", "bold green"))
        else:
            self.out.line(("You lose.", "bold"))

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
        if not isinstance(bot, SearchBot):  # the other bots answer at once
            return bot.choose(view(state, seat))
        with self.out.status(f"  {self.names.seat(seat)} is thinking..."):
            return bot.choose(view(state, seat))

    # -- narration (the game loop's listener) ----------------------------------------------------

    def deal_started(self, state: GameState) -> None:
        if self.resumed:  # the deal began before the record was saved
            self.resumed = False
            deals = len(state.variant.deals)
            self.out.heading(
                f"Deal {state.deal_number} of {deals}, resumed at turn {state.turn + 1}: "
                f"contract {state.contract}"
            )
            return
        deal_started(self.out, state, self.names)

    def moved(self, before: GameState, move: Move, after: GameState) -> None:
        self.state = after
        self.moves.append(move)
        if isinstance(move, NextDeal):
            return
        line = narrate(self.out, before, move, after, self.names, viewer=self.human)
        if not line:  # a shape: its meld is told once filled
            return
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
                self.out.line(help_text(self.state.variant, unicode=self.out.unicode))
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
            self.out.line(help_text(self.state.variant, unicode=self.out.unicode))
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
            self.check_phase(text)
            return parse_move(self.state, text)
        except PushRummyError as exc:
            self.error(for_you(str(exc), self.human))
        except Exception as exc:  # never a traceback for what a player types
            self.error(f"could not read {text[:40]!r}: {type(exc).__name__}: {exc}")
        return None

    def check_phase(self, text: str) -> None:
        """Refuse a move of a kind the phase does not allow before reading the rest of it:
        ``down 7S 7H`` before the draw is answered "you must first take the upcard or push",
        not with what is wrong with its meld.

        Raises:
            WrongPhaseError: the text's verb names a kind of move that may not be played
                in this phase (the engine's own check and words, [draw.choice],
                [contract.steps], [contract.wilds]).
        """
        verb = text.split(maxsplit=1)[0].lower()
        for kind in MOVE_KINDS:
            if kind.verb == verb and kind.move_type is not NextDeal:
                if self.state.phase not in kind.phases:
                    # The checks every move shares, with the phases of the kind typed; the
                    # stand-in move only carries the seat.
                    check_turn(self.state, Take(self.human), kind.phases)
                return

    # -- display -----------------------------------------------------------------------------

    def show(self, me: PlayerView) -> None:
        """The position as the human's seat sees it, and the numbered legal moves."""
        out = self.out
        names = self.names
        dot = out.dot()
        if me.phase is Phase.DRAW:
            phase = (
                "draw: take or draw"
                if me.variant.draw_style is DrawStyle.STOCK
                else "draw: take or push"
            )
        elif me.phase is Phase.BUYING:
            penalty = plural(me.variant.buy_penalty, "penalty card")
            offerer = "" if me.offered_by is None else f" by {names.short(me.offered_by)}"
            phase = f"{me.upcard} is offered to you{offerer}: buy it (with {penalty}) or pass"
        elif me.phase is Phase.LAYING_DOWN:
            phase = "place the next meld of your contract"
        elif me.phase is Phase.FILLING_WILDS:
            phase = "fill the wild places of your meld"
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
            parts: list[Segment] = [f"  {names.seat(seat)}: {plural(me.hand_sizes[seat], 'card')}"]
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
        pile = f"{dot}pile {plural(len(me.pile), 'card')}" if me.pile else ""
        out.line("Upcard: ", *up, f"{dot}stock {plural(me.stock_size, 'card')}{pile}")
        out.line(("Your hand: ", "bold"), *out.cards(me.hand))
        taken = me.taken
        if (
            taken is not None
            and taken in me.hand
            and taken not in discardable_cards(me.hand, me.variant, taken)
        ):
            out.line(
                f"You took {out.card_text(taken)} this turn: you may not discard that card "
                "[discard.taken]"
            )
        if me.phase is Phase.LAYING_DOWN:
            still = " + ".join(str(req) for req in me.contract_left)
            out.line(f"You are laying down your contract: {still} still to place.")
        elif me.phase is Phase.FILLING_WILDS:
            shape = me.shape
            assert shape is not None
            order = ", low to high" if shape.suit is not None and shape.wild_places > 1 else ""
            out.line(
                f"You are laying down {out.notation(shape.notation())}, a meld of your contract: "
                f"choose the wild cards for its {plural(shape.wild_places, 'wild place')}"
                f"{order} (fill ...)."
            )
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
                name, names = _KIND_NAMES.get(kind, ("move", "moves"))
                out.line(
                    f"       ... {plural(end - shown, 'more ' + name, 'more ' + names)} "
                    f"({shown + 1}-{end}): "
                    "type 'moves' to list them all, or type the move"
                )
            index = end


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    parser.add_argument(
        "--seat", type=int, metavar="N", help="your seat (default 0; seat 0 is side 0)"
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help="the bots at the other seats, in seat order, repeated to fill the table: "
        "greedy, random, search (search: about 20 ms of CPU a decision at the median, 80 ms "
        "at the 90th percentile; default: greedy)",
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="save the game (so far) as a GameRecord JSON file, with your seat: at each of "
        "your turns and when it ends or you leave (quit, Ctrl-D, Ctrl-C, the terminal closed, "
        "SIGTERM); each save replaces the file whole",
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        help="play on a game saved with --record (the record decides the variant, players, "
        "seed and your seat), recording on to FILE unless --record names another",
    )
    # Unset unless given, so that --resume can refuse them (the record decides).
    parser.set_defaults(variant=None, max_turns=None)


_DECIDED_BY_THE_RECORD = ("variant", "players", "seed", "max_turns", "stakes")


def _resumed(args: argparse.Namespace, out: Output) -> tuple[GameRecord, GameState, int] | None:
    """The record of ``--resume``, its state now and the human's seat; ``None`` after
    printing why the record cannot be played on.

    Raises:
        UsageError: options the record decides were given, or ``--seat`` names another
            seat than the record's.
        FileError: the file cannot be read.
    """
    given = [name for name in _DECIDED_BY_THE_RECORD if getattr(args, name) is not None]
    if given:
        options = ", ".join("--" + name.replace("_", "-") for name in given)
        raise UsageError(f"--resume plays on the record's game: leave out {options}")
    text = read_text(args.resume)
    try:
        record = from_json(text, kind="record")
        state = replay(record)
    except PushRummyError as exc:
        out.line((f"error: cannot resume {args.resume}: {exc}", "red"))
        return None
    human = record.human
    if human is None:
        human = 0 if args.seat is None else args.seat
        if not 0 <= human < record.players:
            raise UsageError(f"--seat must be 0-{record.players - 1}, not {human}")
    elif args.seat is not None and args.seat != human:
        raise UsageError(f"{args.resume} was played from seat {human}, not --seat {args.seat}")
    return record, state, human


def run(args: argparse.Namespace, out: Output) -> int:
    """Run ``play``; the exit status.

    Raises:
        UsageError: bad options: an unknown variant or bot, a player count the variant
            does not allow, a seat not in the game, a negative ``--max-turns``, a seed
            too large, bad ``--stakes``; with ``--resume``, options the record decides
            or a ``--seat`` other than the record's.
        FileError: the file of ``--resume`` cannot be read.
    """
    if args.resume is not None:
        resumed = _resumed(args, out)
        if resumed is None:
            return 1
        record, state, human = resumed
        variant, players, seed = record.variant, record.players, record.seed
        start = record.initial_state()
        moves: Sequence[Move] = record.moves
    else:
        variant = build_variant(
            args.variant or "push", DEFAULT_MAX_TURNS if args.max_turns is None else args.max_turns
        )
        variant = parse_stakes(args.stakes, variant)
        players = check_players(variant, args.players)
        human = 0 if args.seat is None else args.seat
        if not 0 <= human < players:
            raise UsageError(f"--seat must be 0-{players - 1}, not {human}")
        seed = check_seed(args.seed)
        start = state = new_game(variant, seed=seed, players=players)
        moves = ()
    others = iter(parse_bots(args.bots, players - 1))
    kinds: list[str | None] = [None if s == human else next(others) for s in range(players)]
    # Each bot draws from its own secret seed, not one derived from the game's (printed)
    # seed: the person at the table cannot foresee the bots' choices, nor learn anything
    # about the seed from them ("Seeds and servers" in docs/frontend.rst).
    bots = [None if k is None else make_bot(k, new_seed()) for k in kinds]
    names = Names(variant, players, bots=kinds, human=human)
    out.wild = variant.wild_table
    # The seed decides every card: it is shown only to whoever chose it (--seed, or the
    # record resumed), never made up and printed, which would show the person every hand.
    shown = f", seed {seed}" if args.seed is not None or args.resume else ""
    out.line((f"pushrummy play: {variant.name}, {players} players{shown}", "bold"))
    if variant.stakes is not None:
        stakes = variant.stakes
        out.line(
            f"Stakes: {plural(stakes.ante, 'chip')} each into the pot; going out in a deal "
            f"takes {plural(stakes.round_prize, 'chip')}; the winner takes the rest"
        )
    out.line("Players: " + ", ".join(names.seat(s) for s in range(players)))
    if moves:
        out.line(
            f"Resuming {args.resume}: {plural(len(moves), 'move')} replayed; deal "
            f"{state.deal_number} of {len(variant.deals)}, turn {state.turn + 1}"
        )
    out.line("Type 'help' for how to enter moves, 'quit' to leave.")
    if sys.stdin.isatty():  # pragma: no cover - line editing for a real terminal
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401
    path = args.record or args.resume  # a resumed game keeps recording to its file

    def save(so_far: Sequence[Move]) -> object:
        return save_record(out, path, start, so_far, human=human, quiet=True)

    session = PlaySession(out, state, human, bots, names, moves=moves, save=save if path else None)
    try:
        with _signals_interrupt():
            status = session.run()
    except KeyboardInterrupt:
        out.line()
        out.line("Interrupted: goodbye.")
        status = 130
    except Hangup as exc:
        out.line()
        out.line(f"{exc}: goodbye.")
        status = 128 + exc.signum
    if path and not save_record(out, path, start, session.moves, human=human):
        return status or 1
    return status


class Hangup(Exception):
    """The terminal was closed (SIGHUP) or the process asked to stop (SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"{signal.Signals(signum).name} received")
        self.signum = signum


@contextlib.contextmanager
def _signals_interrupt() -> Iterator[None]:
    """SIGHUP and SIGTERM raise :class:`Hangup` in the game loop (as Ctrl-C raises
    KeyboardInterrupt), so the record is saved on the way out; the old handlers are put
    back after. Outside the main thread (where no handler can be set) nothing changes."""

    def stop(signum: int, frame: object) -> None:
        raise Hangup(signum)

    wanted = [getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name)]
    previous = {}
    try:
        for signum in wanted:
            previous[signum] = signal.signal(signum, stop)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
