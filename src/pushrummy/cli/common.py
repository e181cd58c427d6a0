"""What the commands share: variants and bots from options, and seat names.

The game loop is the library's own (:func:`pushrummy.playing.drive`, re-exported here).

>>> variant = build_variant("cap-it", max_turns=50)
>>> variant.name, variant.max_turns_per_deal
('cap-it', 50)
>>> parse_bots("greedy,random", 5)
('greedy', 'random', 'greedy', 'random', 'greedy')
>>> names = Names(build_variant("push", 0), 4, bots=("greedy", "random") * 2)
>>> names.seat(1), names.side(0)
('seat 1 (random)', 'side 0 (seats 0+2)')
>>> plural(1, "card"), plural(0, "card"), plural(2, "worker")
('1 card', '0 cards', '2 workers')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..bots import Bot, GreedyBot, RandomBot
from ..dealing import SEED_BITS
from ..english import who
from ..errors import VariantError, clip_repr
from ..playing import GameListener, bot_source, drive
from ..records import new_seed
from ..search import SearchBot
from ..state import DealEnd, GameState
from ..variants import CAP_IT, CONTRACT_RUMMY, LIVERPOOL, PUSH, Stakes, Variant

__all__ = [
    "BOT_KINDS",
    "VARIANTS",
    "FileError",
    "GameListener",
    "Names",
    "UsageError",
    "bot_seed",
    "bot_source",
    "build_variant",
    "check_seed",
    "drive",
    "for_you",
    "make_bot",
    "parse_bots",
    "parse_stakes",
    "plural",
    "turns_played",
]

VARIANTS: dict[str, Variant] = {
    "push": PUSH,
    "cap-it": CAP_IT,
    "contract-rummy": CONTRACT_RUMMY,
    "liverpool": LIVERPOOL,
}
"""The presets the ``--variant`` option names."""

BOT_KINDS = ("greedy", "random", "search")
"""The bots the ``--bots`` option names."""

DEFAULT_MAX_TURNS = 200
"""The default ``--max-turns``: bots that keep taking the upcard never end a deal."""


class UsageError(Exception):
    """Bad command-line options (reported like an argparse error, exit status 2)."""


class FileError(Exception):
    """A file that cannot be read or written: a failure (exit status 1), not a bad option."""


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards``: the count with the word, in the plural unless it is 1
    (``words`` when the plural is not ``word + "s"``).

    Raises:
        TypeError: ``count`` is not an int.
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"plural counts an int, not {type(count).__name__}")
    return f"{count} {word if count == 1 else (words or word + 's')}"


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


def parse_stakes(text: str | None, variant: Variant) -> Variant:
    """``variant`` with the stakes of a ``--stakes ANTE,PRIZE`` option (``None``: as it is).

    ``ANTE`` is what each player pays into the pot, ``PRIZE`` what going out in a deal
    takes from it ([stakes.pot], [stakes.deal]); the overall winner takes the rest.

    Raises:
        UsageError: the text is not two whole numbers of chips >= 0, or the variant is
            played in partnerships (stakes are settled between single players).

    >>> parse_stakes("10,5", CAP_IT).stakes
    Stakes(ante=10, round_prize=5)
    """
    if text is None:
        return variant
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2 or not all(part.isdigit() and part.isascii() for part in parts):
        raise UsageError(
            f"--stakes takes ANTE,PRIZE in whole chips (such as 10,5), not {clip_repr(text)}"
        )
    try:
        return variant.replace(stakes=Stakes(ante=int(parts[0]), round_prize=int(parts[1])))
    except VariantError as exc:
        if variant.partnerships:
            raise UsageError(
                f"--stakes is for games without partnerships (cap-it), not {variant.name}: "
                "stakes are settled between single players"
            ) from None
        raise UsageError(f"--stakes {clip_repr(text)}: {exc}") from None


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
        raise UsageError(f"--bots names {len(kinds)} bots for {plural(count, 'seat')}")
    return tuple(kinds[i % len(kinds)] for i in range(count))


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of a random or search bot at ``seat`` in ``watch`` and ``simulate``, derived
    from the game's seed so that the same options play the same games.

    Only there: no person plays those games, so there is nothing the bots' choices could
    give away. ``play`` gives each bot its own :func:`~pushrummy.records.new_seed`, as
    "Seeds and servers" in :doc:`/frontend` advises for a table where a person plays.

    >>> bot_seed(1, 2) != bot_seed(1, 3) != bot_seed(2, 2)
    True
    """
    return game_seed * 100 + seat


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of ``kind``; random and search bots draw from ``seed``.

    Raises:
        UsageError: ``kind`` is not one of :data:`BOT_KINDS`.
    """
    if kind == "greedy":
        return GreedyBot()
    if kind == "random":
        return RandomBot(seed)
    if kind == "search":
        return SearchBot(seed=seed)
    raise UsageError(f"unknown bot {clip_repr(kind)}")


class Names:
    """How seats and sides are called in the output: the human is "you".

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
        """``seat 2``, or ``you`` for the human."""
        return "you" if seat == self.human else f"seat {seat}"

    def does(self, seat: int, verb: str, verb_you: str | None = None) -> str:
        """The seat doing something: ``seat 2 takes``, ``you take`` (``verb_you``: the verb
        after "you" when it is not ``verb`` without its last ``s``).

        Raises:
            ValueError: ``verb`` does not end in ``s`` and no ``verb_you`` is given.
        """
        if verb_you is None and not verb.endswith("s"):
            raise ValueError(f"say what {verb!r} is after 'you' (verb_you)")
        return who(seat, verb, you=self.human, verb_you=verb[:-1] if verb_you is None else verb_you)

    def seat(self, seat: int) -> str:
        """The seat with its player: ``seat 1 (random)``, ``you (seat 0)``, ``seat 2 (partner)``."""
        if seat == self.human:
            return f"you (seat {seat})"
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
        """``side 0 (seats 0+2)`` in partnerships (``your side (seats 0+2)`` for the human's),
        ``seat 3`` (or ``you``) otherwise."""
        seats = self.seats_of(side)
        mine = self.human is not None and self.human in seats
        if not self.variant.partnerships:
            return "you" if mine else f"seat {side}"
        who = "+".join(str(s) for s in seats)
        return f"{'your side' if mine else f'side {side}'} (seats {who})"

    def side_short(self, side: int) -> str:
        """``side 0`` in partnerships, ``seat 3`` otherwise."""
        return f"side {side}" if self.variant.partnerships else f"seat {side}"

    def side_seats(self, side: int) -> str:
        """The seats of a side: ``0+2``."""
        return "+".join(str(s) for s in self.seats_of(side))

    def side_bots(self, side: int) -> str:
        """The bots of a side: ``greedy+random`` (``?`` for unknown)."""
        return "+".join(
            "you" if s == self.human else (self.bots[s] or "?") for s in self.seats_of(side)
        )


_VERB_FOR_YOU = {"has": "have", "is": "are", "does": "do", "was": "were"}
_POSSESSIVE = re.compile(r"\bits\b(?= (?:contract|own|hand|lay-down)\b)")


def for_you(message: str, seat: int) -> str:
    """A library message about ``seat``, said to the person who plays it: ``seat 0 must``
    becomes ``you must``, ``seat 0 has`` ``you have``, ``seat 0's`` ``your`` (``yours`` at
    the end), and any other mention of the seat ``you``. Mentions of other seats stay.

    >>> for_you("seat 0 must first take the upcard or push [draw.choice]", 0)
    'you must first take the upcard or push [draw.choice]'
    >>> for_you("seat 1 has laid down its contract and cannot take the upcard", 1)
    'you have laid down your contract and cannot take the upcard'
    >>> for_you("seat 1 holds too few wild cards", 1)
    'you hold too few wild cards'
    >>> for_you("seat 2: a run has at most 14 cards", 2)
    'a run has at most 14 cards'
    >>> for_you("it is seat 3's turn, not seat 0's", 0)
    "it is seat 3's turn, not yours"
    >>> for_you("'x' is not among seat 0's legal moves; seat 10 holds 7H", 0)
    "'x' is not among your legal moves; seat 10 holds 7H"
    """
    name = rf"\bseat {seat}\b"
    text = re.sub(rf"^{name}: ", "", message)

    def subject(match: re.Match[str]) -> str:
        verb = match.group(2)
        if verb in _VERB_FOR_YOU:
            return f"{match.group(1)}you {_VERB_FOR_YOU[verb]}"
        return match.group(1) + who(seat, verb, you=seat)

    text, subjects = re.subn(rf"(^|; |: ){name} (\w+)", subject, text)
    if subjects:
        text = _POSSESSIVE.sub("your", text)
    text = re.sub(rf"{name}'s(?= \w)", "your", text)
    text = re.sub(rf"{name}'s", "yours", text)
    return re.sub(name, "you", text)


def turns_played(state: GameState) -> int:
    """Turns played in the deal that just ended (the last one counts, even if unfinished)."""
    result = state.results[-1]
    return state.turn if result.ended_by is DealEnd.TURN_LIMIT else state.turn + 1
