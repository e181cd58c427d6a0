"""What a contract asks for: :class:`Requirement` and :class:`Contract` ([contract.table]).

Kept apart from the search in :mod:`pushrummy.contracts` so that
:mod:`pushrummy.variants` can name contracts without importing the search.
Both names are re-exported from :mod:`pushrummy.contracts` and the package.

>>> c = Contract.parse("1 set of 3 + 1 run of 4")
>>> c
Contract('1 set of 3 + 1 run of 4')
>>> c.components
((<MeldKind.SET: 'set'>, 3), (<MeldKind.RUN: 'run'>, 4))
>>> c.min_cards, c.meld_count
(7, 2)
>>> Contract.parse("2 runs of 5") == Contract((Requirement(MeldKind.RUN, 5, count=2),))
True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable

import attrs

from .errors import NotationError, VariantError, clip_repr
from .melds import Meld, MeldKind

__all__ = ["Contract", "Requirement", "RunSuits", "run_suits_problem", "runs_clash"]


class RunSuits(enum.Enum):
    """The ``contract_run_suits`` option of [contract.run_suits]: which suits the runs of one
    lay-down of a contract may have."""

    ANY = "any"
    """Any suits: two runs of a suit may even continue each other (``3H-6H`` and ``7H-10H``)."""
    APART = "apart"
    """Parlett's Contract Rummy: runs of one suit may overlap or have a gap between them, but
    one may not continue the other."""
    DISTINCT = "distinct"
    """Every run of the lay-down in a suit of its own."""


RunWindow = tuple[int, int, int]
"""A run as [contract.run_suits] reads it: ``(suit, low, high)``, its suit's index and the
positions (1 = ace low .. 14 = ace high) of its first and last places, wild places included."""


def runs_clash(option: RunSuits, first: RunWindow, second: RunWindow) -> bool:
    """Whether two runs of one lay-down break [contract.run_suits] under ``option``: the one
    statement of the rule, which the checker and the contract search both ask.

    Under ``distinct``, two runs of one suit clash. Under ``apart``, two runs of one suit
    clash when one continues the other: the place after the last place of one is the
    first place of the other (``3H-6H`` and ``7H-10H``), wild places counting as the places
    they stand for. An ace is the position it takes in its run (1 low, 14 high), and a run
    does not turn the corner, so ``JH-AH`` and ``AH-4H`` do not clash. Overlapping runs
    (``2H-5H`` and ``4H-7H``, from two packs) and runs with a gap (``2H-5H`` and
    ``7H-10H``) do not clash. Under ``any``, nothing clashes.

    >>> runs_clash(RunSuits.APART, (2, 3, 6), (2, 7, 10))
    True
    >>> runs_clash(RunSuits.APART, (2, 3, 6), (2, 6, 9)), runs_clash(RunSuits.APART, (2, 3, 6), (2, 8, 11))
    (False, False)
    >>> runs_clash(RunSuits.APART, (2, 11, 14), (2, 1, 4))
    False
    >>> runs_clash(RunSuits.DISTINCT, (2, 3, 6), (2, 9, 12)), runs_clash(RunSuits.DISTINCT, (2, 3, 6), (1, 7, 10))
    (True, False)
    >>> runs_clash(RunSuits.ANY, (2, 3, 6), (2, 7, 10))
    False
    """
    if first[0] != second[0] or option is RunSuits.ANY:
        return False
    if option is RunSuits.DISTINCT:
        return True
    return first[2] + 1 == second[1] or second[2] + 1 == first[1]


def run_window(meld: Meld) -> RunWindow | None:
    """The :data:`RunWindow` of ``meld``, ``None`` for a set."""
    if meld.kind is not MeldKind.RUN or meld.suit is None or meld.start is None:
        return None
    return (int(meld.suit), meld.start, meld.start + len(meld.cards) - 1)


def run_suits_problem(option: RunSuits, melds: Iterable[Meld]) -> str | None:
    """Why ``melds``, melds of one lay-down of a contract, break [contract.run_suits] under
    ``option`` (:func:`runs_clash` of two of their runs), or ``None`` when they do not.

    >>> from pushrummy import parse_meld
    >>> melds = [parse_meld("3H 4H 5H 6H"), parse_meld("7H 8H 9H 10H")]
    >>> run_suits_problem(RunSuits.APART, melds)
    '3H 4H 5H 6H and 7H 8H 9H 10H: runs of one suit, one continuing the other'
    >>> run_suits_problem(RunSuits.APART, [parse_meld("3H 4H JK=5H"), melds[1]]) is None
    True
    >>> run_suits_problem(RunSuits.DISTINCT, [parse_meld("3H 4H JK=5H"), melds[1]])
    '3H 4H JK=5H and 7H 8H 9H 10H: runs of one suit'

    Raises:
        TypeError: ``option`` is not a :class:`RunSuits` or ``melds`` holds something that
            is not a :class:`~pushrummy.melds.Meld`.
    """
    if not isinstance(option, RunSuits):
        raise TypeError(f"option must be a RunSuits, not {type(option).__name__}")
    melds = list(melds)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise TypeError(f"melds must be Melds, not {type(meld).__name__}")
    if option is RunSuits.ANY:
        return None
    runs = [(meld, window) for meld in melds if (window := run_window(meld)) is not None]
    for i, (meld, window) in enumerate(runs):
        for other, other_window in runs[i + 1 :]:
            if runs_clash(option, window, other_window):
                what = "" if option is RunSuits.DISTINCT else ", one continuing the other"
                return f"{meld.notation()} and {other.notation()}: runs of one suit{what}"
    return None


def _positive(minimum: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_: object, attribute: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(
                f"{attribute.name} must be an int, not {type(value).__name__} {clip_repr(value)}"
            )
        if value < minimum:
            raise VariantError(
                f"must be at least {minimum}, not {clip_repr(value)}", field=attribute.name
            )

    return check


@attrs.frozen(slots=True, cache_hash=True)
class Requirement:
    """``count`` melds of ``kind``, each of at least ``size`` cards.

    >>> str(Requirement(MeldKind.RUN, 4, count=2))
    '2 runs of 4'
    """

    kind: MeldKind = attrs.field(validator=attrs.validators.instance_of(MeldKind))
    size: int = attrs.field(validator=_positive(3))
    count: int = attrs.field(default=1, kw_only=True, validator=_positive(1))

    def __str__(self) -> str:
        noun = self.kind.value + ("s" if self.count != 1 else "")
        return f"{self.count} {noun} of {self.size}"


def _as_tuple(requirements: tuple[Requirement, ...] | list[Requirement]) -> tuple[Requirement, ...]:
    return tuple(requirements)


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Contract:
    """The minimum a player's first meld must contain: one or more requirements.

    Requirements are kept in the order given (it is the order the contract is
    spoken in: "1 set of 3 + 1 run of 4").
    """

    requirements: tuple[Requirement, ...] = attrs.field(converter=_as_tuple)

    @requirements.validator
    def _check(self, attribute: attrs.Attribute[tuple[Requirement, ...]], value: object) -> None:
        if not value:
            raise VariantError("a contract has at least one requirement", field="requirements")
        for req in self.requirements:
            if not isinstance(req, Requirement):
                raise TypeError(f"contract requirements must be Requirement, not {clip_repr(req)}")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ``"2 sets of 3"`` or ``"1 set of 3 + 1 run of 4"`` (``+``, ``,`` or ``and``).

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: ``text`` names no part, or a part is not ``<count> sets of
                <size>`` or ``<count> runs of <size>`` with a count of at least 1 and a size
                of at least 3 (at most three digits each); ``token`` is the bad part.

        >>> Contract.parse("2 runs of 4, 1 set of 3")
        Contract('2 runs of 4 + 1 set of 3')
        >>> Contract.parse("2 sets of two")
        Traceback (most recent call last):
        ...
        pushrummy.errors.NotationError: bad contract part '2 sets of two': expected e.g. '2 sets of 3' or '1 run of 4'
        """
        if not isinstance(text, str):
            raise TypeError(f"Contract.parse expects a str, not {type(text).__name__}")
        pieces = re.split(r"\+|,|\band\b", text, flags=re.IGNORECASE)
        parts = [p.strip() for p in pieces if p.strip()]
        if not parts:
            raise NotationError("empty contract: expected e.g. '2 sets of 3'", text=text)
        requirements = []
        for part in parts:
            match = _PART.fullmatch(part.lower())
            if match is None:
                raise NotationError(
                    f"bad contract part {clip_repr(part)}: expected e.g. '2 sets of 3' or "
                    "'1 run of 4'",
                    token=part,
                    text=text,
                )
            count, kind, size = int(match["count"]), MeldKind(match["kind"]), int(match["size"])
            if count < 1 or size < 3:
                raise NotationError(
                    f"bad contract part {clip_repr(part)}: need at least 1 meld of at least 3 "
                    "cards",
                    token=part,
                    text=text,
                )
            requirements.append(Requirement(kind, size, count=count))
        return cls(tuple(requirements))

    @property
    def components(self) -> tuple[tuple[MeldKind, int], ...]:
        """One ``(kind, minimum size)`` per meld the contract asks for."""
        return tuple((r.kind, r.size) for r in self.requirements for _ in range(r.count))

    @property
    def meld_count(self) -> int:
        """How many separate melds the contract is laid down as."""
        return sum(r.count for r in self.requirements)

    @property
    def min_cards(self) -> int:
        """The fewest cards that can fulfil the contract."""
        return sum(r.size * r.count for r in self.requirements)

    def __str__(self) -> str:
        return " + ".join(str(r) for r in self.requirements)

    def __repr__(self) -> str:
        return f"Contract({str(self)!r})"

    def __copy__(self) -> Contract:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> Contract:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


# ASCII digits only, and few of them: int() of a long or non-ASCII digit run
# would succeed or fail in surprising ways.
_PART = re.compile(
    r"(?P<count>[0-9]{1,3})\s+(?P<kind>set|run)s?\s+of\s+(?P<size>[0-9]{1,3})", re.ASCII
)
