"""What the commands share: variants and bots from options, and seat names.

The game loop is the library's own (:func:`pushrummy.playing.drive`, re-exported here).

>>> variant = build_variant("cap-it", max_turns=50)
>>> variant.name, variant.max_turns_per_deal
('cap-it', 50)
>>> parse_bots("greedy,random", 5)
('greedy', 'random', 'greedy', 'random', 'greedy')
>>> names = Names(build_variant("push", 0), 4, bots=("greedy", "random") * 2)
>>> names.seat(1), names.side(0)
('seat 1 (random)', 'team 0 (seats 0+2)')
"""

from __future__ import annotations

from collections.abc import Sequence

from .._wire import SEED_BITS
from ..bots import Bot, GreedyBot, RandomBot
from ..errors import clip_repr
from ..playing import GameListener, bot_source, drive
from ..records import new_seed
from ..search import SearchBot
from ..state import DealEnd, GameState
from ..variants import CAP_IT, PUSH, Variant

__all__ = [
    "BOT_KINDS",
    "VARIANTS",
    "GameListener",
    "Names",
    "UsageError",
    "bot_seed",
    "bot_source",
    "build_variant",
    "check_seed",
    "drive",
    "make_bot",
    "parse_bots",
    "turns_played",
]

VARIANTS: dict[str, Variant] = {"push": PUSH, "cap-it": CAP_IT}
"""The presets the ``--variant`` option names."""

BOT_KINDS = ("greedy", "random", "search")
"""The bots the ``--bots`` option names."""

DEFAULT_MAX_TURNS = 200
"""The default ``--max-turns``: bots that keep taking the upcard never end a deal."""


class UsageError(Exception):
    """Bad command-line options (reported like an argparse error, exit status 2)."""


def build_variant(name: str, max_turns: int | None) -> Variant:
    """The preset ``name`` with ``max_turns_per_deal`` set (``0`` or ``None``: no limit).

    Raises:
        UsageError: ``name`` is not a preset of :data:`VARIANTS`, or ``max_turns`` is
            negative.
    """
    try:
        variant = VARIANTS[name]
    except KeyError:
        raise UsageError(
            f"unknown variant {clip_repr(name)} (choose from {', '.join(VARIANTS)})"
        ) from None
    if max_turns is not None and max_turns < 0:
        raise UsageError(f"--max-turns must be 0 (no limit) or more, not {max_turns}")
    return variant.replace(max_turns_per_deal=max_turns or None)


def check_players(variant: Variant, players: int | None) -> int:
    """The number of players, checked against the variant (default: its smallest count)."""
    if players is None:
        return variant.player_counts[0]
    if players not in variant.player_counts:
        counts = ", ".join(str(c) for c in variant.player_counts)
        raise UsageError(f"{variant.name} is played by {counts} players, not {players}")
    return players


def check_seed(seed: int | None, games: int = 1) -> int:
    """The ``--seed`` of a command: the one given, or a fresh one of 128 secret bits.

    An unseeded game gets :func:`~pushrummy.records.new_seed`, so nobody can work out
    its cards from the first ones they see by trying seeds. A given seed (and, for
    ``games`` games, the last seed ``seed + games - 1``) must be below ``2**256`` in
    magnitude, the largest a game and its record take.

    Raises:
        UsageError: the seed given, or the last one, is not below ``2**256`` in magnitude.

    >>> check_seed(7), check_seed(None).bit_length() <= 128
    (7, True)
    """
    if seed is None:
        return new_seed()
    for number in (seed, seed + games - 1):
        if number.bit_length() > SEED_BITS:
            raise UsageError(f"--seed must be below 2**{SEED_BITS} in magnitude")
    return seed


def parse_bots(text: str, count: int) -> tuple[str, ...]:
    """``count`` bot kinds from a comma-separated list, repeated in turn to fill every seat.

    Raises:
        UsageError: the list names a bot that is not one of :data:`BOT_KINDS`, or more
            bots than ``count``.
    """
    kinds = tuple(part.strip().lower() for part in text.split(","))
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise UsageError(
                f"unknown bot {clip_repr(kind)} in --bots {clip_repr(text)} "
                f"(bots are {', '.join(BOT_KINDS)})"
            )
    if len(kinds) > count:
        raise UsageError(f"--bots names {len(kinds)} bots for {count} seats")
    return tuple(kinds[i % len(kinds)] for i in range(count))


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of a random bot: derived from the game's seed and its seat."""
    return game_seed * 100 + seat


def make_bot(kind: str, game_seed: int, seat: int) -> Bot:
    """A bot of ``kind`` for ``seat``, seeded from the game's seed (random and search bots).

    Raises:
        UsageError: ``kind`` is not one of :data:`BOT_KINDS`.
    """
    if kind == "greedy":
        return GreedyBot()
    if kind == "random":
        return RandomBot(bot_seed(game_seed, seat))
    if kind == "search":
        return SearchBot(seed=bot_seed(game_seed, seat))
    raise UsageError(f"unknown bot {clip_repr(kind)}")


class Names:
    """How seats and sides are called in the output.

    Args:
        variant: the rules (partnerships or not).
        players: the number of players.
        bots: the bot kind per seat, or ``None`` (a replay: bots unknown).
        human: the human's seat in ``play``.
    """

    def __init__(
        self,
        variant: Variant,
        players: int,
        *,
        bots: Sequence[str | None] | None = None,
        human: int | None = None,
    ) -> None:
        self.variant = variant
        self.players = players
        self.bots: tuple[str | None, ...] = tuple(bots) if bots is not None else (None,) * players
        self.human = human

    def short(self, seat: int) -> str:
        """``seat 2``, or ``seat 2 (you)`` for the human."""
        return f"seat {seat} (you)" if seat == self.human else f"seat {seat}"

    def seat(self, seat: int) -> str:
        """The seat with its player: ``seat 1 (random)``, ``seat 0 (you)``, ``seat 2 (partner)``."""
        if seat == self.human:
            return f"seat {seat} (you)"
        tags = []
        if (
            self.human is not None
            and self.variant.partnerships
            and self.variant.side_of(seat) == self.variant.side_of(self.human)
        ):
            tags.append("partner")
        kind = self.bots[seat]
        if kind is not None:
            tags.append(kind)
        return f"seat {seat} ({', '.join(tags)})" if tags else f"seat {seat}"

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats playing for ``side``."""
        return tuple(s for s in range(self.players) if self.variant.side_of(s) == side)

    def side(self, side: int) -> str:
        """``team 0 (seats 0+2)`` in partnerships, ``seat 3`` otherwise (with ``you``)."""
        seats = self.seats_of(side)
        mine = self.human is not None and self.human in seats
        if not self.variant.partnerships:
            return f"seat {side} (you)" if mine else f"seat {side}"
        who = "+".join(str(s) for s in seats)
        return f"team {side} (seats {who}{', you' if mine else ''})"

    def side_short(self, side: int) -> str:
        """``team 0`` in partnerships, ``seat 3`` otherwise."""
        return f"team {side}" if self.variant.partnerships else f"seat {side}"

    def side_seats(self, side: int) -> str:
        """The seats of a side: ``0+2``."""
        return "+".join(str(s) for s in self.seats_of(side))

    def side_bots(self, side: int) -> str:
        """The bots of a side: ``greedy+random`` (``?`` for unknown)."""
        return "+".join(
            "you" if s == self.human else (self.bots[s] or "?") for s in self.seats_of(side)
        )


def turns_played(state: GameState) -> int:
    """Turns played in the deal that just ended (the last one counts, even if unfinished)."""
    result = state.results[-1]
    return state.turn if result.ended_by is DealEnd.TURN_LIMIT else state.turn + 1
