"""The exception hierarchy of pushrummy.

Every error the library raises on purpose is a :class:`PushRummyError`. The
hierarchy (see :doc:`/errors`)::

    PushRummyError(Exception)
    ├── InvalidMoveError(PushRummyError, ValueError)   malformed move or declaration shape
    ├── IllegalMoveError(PushRummyError, ValueError)   well formed, not legal now
    │     NotYourTurnError, WrongPhaseError, CardNotInHandError,
    │     InvalidMeldError, ContractNotMetError, GameOverError
    ├── NotationError(PushRummyError, ValueError)      card/move text; names the bad token
    ├── DecodeError(PushRummyError, ValueError)        JSON; the message carries a path
    ├── StaleMoveError(PushRummyError, ValueError)     a move chosen in a position the game left
    ├── VariantError(PushRummyError, ValueError)       invalid configuration
    └── SetupError(PushRummyError, ValueError)         arguments that cannot make a game (deals, seats, packs)

Rule-breaking errors carry the rule id (:doc:`/rules`) in :attr:`IllegalMoveError.rule`
and show it at the end of the message, so a message points at the rule it breaks:

>>> err = InvalidMeldError("a set holds at most 4 cards", rule="meld.set")
>>> str(err)
'a set holds at most 4 cards [meld.set]'
>>> err.rule
'meld.set'
>>> isinstance(err, ValueError)
True

A message quotes the bad input, but never all of a long one: :func:`clip`,
:func:`clip_repr` and :func:`clip_items` cut it short and say how much is left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from .rules import rule_id

__all__ = [
    "CardNotInHandError",
    "ContractNotMetError",
    "DecodeError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMeldError",
    "InvalidMoveError",
    "NotYourTurnError",
    "NotationError",
    "PushRummyError",
    "SetupError",
    "StaleMoveError",
    "VariantError",
    "WrongPhaseError",
]


class PushRummyError(Exception):
    """Base class of every error pushrummy raises on purpose."""


class InvalidMoveError(PushRummyError, ValueError):
    """A move that is malformed whatever the position: unknown card, bad declaration shape."""


class IllegalMoveError(PushRummyError, ValueError):
    """A well-formed move (or meld) that the rules do not allow here.

    Attributes:
        rule: the rule id (:doc:`/rules`) the move breaks (for example ``"layoff.when"``):
            always a plain ``str``; the constructor refuses an id the rules page lacks
            (a ``ValueError``, not an ``IllegalMoveError``: a bug in the caller), and
            accepts a :class:`~pushrummy.rules.RuleId`.
        move: the rejected move, if there was one.
        seat: the seat that tried it, if known.
        phase: the game phase at the time, if known.
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str,
        move: Any = None,
        seat: int | None = None,
        phase: Any = None,
    ) -> None:
        rule = rule_id(rule)
        self.message = message
        self.rule = rule
        self.move = move
        self.seat = seat
        self.phase = phase
        super().__init__(f"{message} [{rule}]")

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword-only constructor arguments need help to survive pickling
        # (multiprocessing simulations send errors between processes).
        return (
            _rebuild_illegal,
            (type(self), self.message, self.rule, self.move, self.seat, self.phase),
        )


def _rebuild_illegal(
    cls: type[IllegalMoveError],
    message: str,
    rule: str,
    move: Any,
    seat: int | None,
    phase: Any,
) -> IllegalMoveError:
    return cls(message, rule=rule, move=move, seat=seat, phase=phase)


class NotYourTurnError(IllegalMoveError):
    """The move was made by, or for, a seat whose turn it is not."""


class WrongPhaseError(IllegalMoveError):
    """The move is of a kind the current phase does not accept (e.g. a discard before drawing)."""


class CardNotInHandError(IllegalMoveError):
    """The move uses a card (or more copies of it) than the player holds."""


class InvalidMeldError(IllegalMoveError):
    """A meld, or a lay-off onto a meld, breaks a meld rule ([meld.*], [layoff.card])."""


class ContractNotMetError(IllegalMoveError):
    """A lay-down that does not fulfil the deal's contract, or a meld action before it."""


class GameOverError(IllegalMoveError):
    """A move was offered after the game ended."""


class NotationError(PushRummyError, ValueError):
    """Card or move text that cannot be parsed. The message names the bad token.

    Attributes:
        token: the offending token (or the whole text when it is empty).
        text: the whole text that was being parsed.
    """

    def __init__(self, message: str, *, token: str = "", text: str = "") -> None:
        self.token = token
        self.text = text
        super().__init__(message)


class DecodeError(PushRummyError, ValueError):
    """A JSON document that does not decode. The message carries a path like ``$.table[2]``.

    Attributes:
        path: the JSON path of the offending value.
    """

    def __init__(self, message: str, *, path: str = "$") -> None:
        self.message = message
        self.path = path
        super().__init__(f"{path}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Without this, unpickling would prefix the path a second time.
        return (_rebuild_keyword, (type(self), self.message, {"path": self.path}))


class StaleMoveError(PushRummyError, ValueError):
    """A move document chosen in a position the game has moved past: it carries the
    ``progress`` of the view it was listed in, and the game's progress is another
    (:attr:`GameState.progress <pushrummy.state.GameState.progress>`). The move may well be
    legal now, but it is not the move its sender saw; nothing was applied.

    Attributes:
        progress: the progress the move document was chosen at.
        current: the game's progress now.

    >>> err = StaleMoveError(progress=12, current=14)
    >>> str(err)
    'the game moved on: this move was chosen at progress 12, the game is at 14'
    >>> err.progress, err.current
    (12, 14)
    """

    def __init__(self, *, progress: int, current: int) -> None:
        self.progress = progress
        self.current = current
        super().__init__(
            f"the game moved on: this move was chosen at progress {progress}, "
            f"the game is at {current}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_stale, (type(self), self.progress, self.current))


def _rebuild_stale(cls: type[StaleMoveError], progress: int, current: int) -> StaleMoveError:
    return cls(progress=progress, current=current)


class VariantError(PushRummyError, ValueError):
    """A variant configuration that is invalid; the message names the field.

    Attributes:
        field: the name of the offending field.
    """

    def __init__(self, message: str, *, field: str) -> None:
        self.message = message
        self.field = field
        super().__init__(f"{clip(field)}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        # The keyword-only ``field`` needs help to survive pickling.
        return (_rebuild_keyword, (type(self), self.message, {"field": self.field}))


def _rebuild_keyword(
    cls: type[PushRummyError], message: str, keywords: dict[str, Any]
) -> PushRummyError:
    return cls(message, **keywords)


class SetupError(PushRummyError, ValueError):
    """Arguments that cannot start or describe a game: those of
    :func:`~pushrummy.engine.new_game` (an injected deck that is not the whole deck, a
    dealer seat out of range), a deal that leaves no natural card to turn up, a number of
    packs outside 1..4, a seat that is not in the game, scores of no sides."""


CLIP_LIMIT = 80
"""How many characters of a long input an error message quotes."""


def clip(text: str, limit: int = CLIP_LIMIT) -> str:
    """``text`` for an error message: at most ``limit`` characters, then how many more.

    A message names the bad input, but a 600 KB message helps nobody (and costs a
    server that logs it):

    >>> clip("AS KD")
    'AS KD'
    >>> clip("AS " * 40_000, limit=11)
    'AS AS AS AS… (119,989 more characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


CLIP_ITEMS = 20
"""How many items of a long list (cards, usually) an error message names."""


def clip_items(items: Iterable[object], limit: int = CLIP_ITEMS) -> str:
    """The items separated by blanks, for an error message: at most ``limit``, then how many more.

    >>> clip_items(["7H", "8H"])
    '7H 8H'
    >>> clip_items(range(100_000), limit=3)
    '0 1 2 … (99,997 more)'
    """
    shown: list[str] = []
    more = 0
    for item in items:
        if len(shown) < limit:
            shown.append(str(item))
        else:
            more += 1
    return " ".join(shown) + (f" … ({more:,} more)" if more else "")


def clip_difference(have: Counter[Any], want: Counter[Any]) -> str:
    """What ``have`` lacks and holds too many of against ``want``, for an error message:
    ``"missing …; extra …"`` (each part only if any), the items sorted and clipped by
    :func:`clip_items`.

    >>> from collections import Counter
    >>> clip_difference(Counter("aab"), Counter("abc"))
    'missing c; extra a'
    """
    parts = []
    if want - have:
        parts.append("missing " + clip_items(sorted((want - have).elements())))
    if have - want:
        parts.append("extra " + clip_items(sorted((have - want).elements())))
    return "; ".join(parts)


def clip_repr(value: object, limit: int = CLIP_LIMIT) -> str:
    """``repr(value)`` for an error message, cut by :func:`clip`.

    Also safe for values whose ``repr`` fails, such as an int too long to print
    (:func:`sys.set_int_max_str_digits`):

    >>> clip_repr("take")
    "'take'"
    >>> clip_repr(10**5000)
    '<an int of 16610 bits>'
    """
    try:
        text = repr(value)
    except Exception:  # a message must not fail on a bad value's repr
        if isinstance(value, int):
            return f"<an int of {value.bit_length()} bits>"
        return f"<a {type(value).__name__} that cannot be shown>"
    return clip(text, limit)
