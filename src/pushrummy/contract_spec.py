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

import re
from collections.abc import Callable

import attrs

from .errors import NotationError, VariantError, clip_repr
from .melds import MeldKind

__all__ = ["Contract", "Requirement"]


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
