"""Melds: sets and runs with declared wild roles, their validation, and lay-offs.

A :class:`Meld` is a complete declaration ([meld.wild]): its kind, its cards
and what every wild stands for.

* A **set** records its rank; every wild in it stands for that rank.
  Its cards are kept sorted.
* A **run** records its suit and the *position* of its first card; its cards are
  kept in rank order, so ``cards[i]`` stands for position ``start + i``.
  Positions are 1 (ace low), 2 … 13 (king) and 14 (ace high).

Two melds are equal exactly when they have the same kind, cards and roles.

>>> from pushrummy.cards import parse_card as c, parse_cards
>>> m = Meld.run_of([c("5H"), c("JK"), c("7H")])   # low to high: the naturals fix the run
>>> m
Meld.run('5H JK=6H 7H')
>>> m.roles
(<Rank.FIVE: 5>, <Rank.SIX: 6>, <Rank.SEVEN: 7>)
>>> Meld.set_of(parse_cards("9C 9S JK"))
Meld.set('9C 9S JK=9')
>>> Meld.set_of(parse_cards("9C 9D"))
Traceback (most recent call last):
...
pushrummy.errors.InvalidMeldError: set of 9s 9C 9D: a set has at least 3 cards, not 2 [meld.set]

Option checks ([meld.wild], ``max_run_length``, ``set_suits``, ``wild_twos``) are separate,
because they depend on the variant. A meld's twos are wild as a value (a two may stand for any
card), and ``wild_twos=False`` ([setup.wild]) asks each two to stand for itself: in a set of
twos, or at the two's place of a run of its suit (:func:`natural_twos_problem`); :func:`meld_option_problem` states the counted ones once and
:func:`set_suits_problem` the suits of a set ([meld.set_suits]: by default a set's naturals
have different suits, so ``9C 9C JK`` is a meld only where ``set_suits`` is ``any``);
:func:`meld_rule_violation`, :func:`meld_rule_problem` and :func:`check_meld` ask them.
Lay-offs ([layoff.card]) are in :mod:`pushrummy.layoffs`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Protocol, SupportsIndex

import attrs

from .cards import IS_WILD, MAX_PACKS, Card, Rank, Suit, wild_table
from .errors import InvalidMeldError, InvalidMoveError, VariantError, clip_items, clip_repr

__all__ = [
    "DEFAULT_MELD_OPTIONS",
    "End",
    "Meld",
    "MeldKind",
    "MeldOptions",
    "MeldRules",
    "SetSuits",
    "WildLimit",
    "check_meld",
    "meld_option_problem",
    "meld_rule_problem",
    "meld_rule_violation",
    "meld_wild_count",
    "natural_twos_problem",
    "position_rank",
    "set_suits_problem",
]

MAX_RUN_POSITION = 14
"""Ace high. Positions run from 1 (ace low) to 14 (ace high)."""

MAX_SET_CARDS = 10 * MAX_PACKS
"""The most cards a set can hold in any deck: each pack's 4 naturals of the set's rank, 4
twos and 2 jokers, in the largest deck (:data:`~pushrummy.cards.MAX_PACKS` packs). How many a
variant allows is its ``set_suits`` ([meld.set_suits])."""


class MeldKind(enum.Enum):
    """The two kinds of meld."""

    SET = "set"
    RUN = "run"


class WildLimit(enum.Enum):
    """The ``wild_limit`` option of [meld.wild], counted per meld."""

    UNLIMITED = "unlimited"
    """Any number of wilds, even only wilds (the default)."""
    AT_MOST_NATURALS = "at_most_naturals"
    """A meld holds no more wilds than naturals."""
    FEWER_THAN_NATURALS = "fewer_than_naturals"
    """A meld holds fewer wilds than naturals."""

    @property
    def bonus(self) -> int:
        """How many more wilds than naturals a meld may hold: ``wilds <= naturals + bonus``
        is the whole option (a large number when unlimited). The contract search computes
        with this number; :func:`meld_option_problem` states the rule with it."""
        return _BONUS[self]


_BONUS = {
    WildLimit.UNLIMITED: 1 << 20,  # more than any meld's cards
    WildLimit.AT_MOST_NATURALS: 0,
    WildLimit.FEWER_THAN_NATURALS: -1,
}


class SetSuits(enum.Enum):
    """The ``set_suits`` option of [meld.set_suits]: which suits a set's naturals may have."""

    DISTINCT = "distinct"
    """Pairwise different suits, so a set holds at most 4 cards, wilds included (the
    default)."""
    ANY = "any"
    """Any suits: a set is 3 or more cards of one rank, two ``7H`` may share it, and it has
    no most cards but the deck's (Contract Rummy with two or three packs)."""


def set_suits_problem(
    set_suits: SetSuits, cards: Sequence[Card], wild_twos: bool
) -> tuple[str, str] | None:
    """The rule id and reason a set of ``cards`` breaks the ``set_suits`` option, or ``None``.

    The one statement of [meld.set_suits]: with ``distinct`` a set holds at most 4 cards and
    no two naturals of one suit; with ``any`` every set of 3 or more cards keeps it.
    :func:`meld_rule_problem` (so the move checker, the views and the consistency checks)
    and the lay-offs ask it; the contract search reads the option as :class:`SetSuits`.
    ``wild_twos`` is the variant's [setup.wild] option (twos are naturals when it is False).

    Raises:
        TypeError: ``set_suits`` is not a :class:`SetSuits`.

    >>> from pushrummy.cards import parse_cards
    >>> set_suits_problem(SetSuits.DISTINCT, parse_cards("9C 9C JK"), wild_twos=True)
    ('meld.set_suits', 'two naturals of suit C: set_suits=distinct needs naturals of different suits')
    >>> set_suits_problem(SetSuits.ANY, parse_cards("9C 9C JK"), wild_twos=True) is None
    True
    """
    if set_suits.__class__ is not SetSuits:
        raise TypeError(f"set_suits must be a SetSuits, not {type(set_suits).__name__}")
    if set_suits is SetSuits.ANY:
        return None
    if len(cards) > 4:
        return (
            "meld.set_suits",
            f"{len(cards)} cards: set_suits=distinct allows sets of at most 4",
        )
    seen = 0
    wild = wild_table(wild_twos is not False)
    for card in cards:
        suit = card.suit
        if suit is None or wild[card.code]:
            continue
        if seen >> suit._value_ & 1:
            return (
                "meld.set_suits",
                f"two naturals of suit {suit.letter}: "
                "set_suits=distinct needs naturals of different suits",
            )
        seen |= 1 << suit._value_
    return None


class End(enum.Enum):
    """The end of a run a card is laid off at."""

    LOW = "low"
    HIGH = "high"


class MeldRules(Protocol):
    """The meld options a check needs. A :class:`~pushrummy.variants.Variant` is one."""

    @property
    def min_naturals_per_meld(self) -> int: ...

    @property
    def wild_limit(self) -> WildLimit: ...

    @property
    def max_run_length(self) -> int: ...

    @property
    def set_suits(self) -> SetSuits: ...

    # ``wild_twos`` ([setup.wild]) is read where present (a Variant, MeldOptions): rules
    # without it keep twos wild (:func:`twos_wild`).


def twos_wild(rules: object) -> bool:
    """Whether ``rules`` keep twos wild ([setup.wild]): their ``wild_twos``, True where
    they have none (meld rules from before the option)."""
    return getattr(rules, "wild_twos", True) is not False


def check_meld_options(min_naturals_per_meld: object, max_run_length: object) -> None:
    """:class:`~pushrummy.errors.VariantError` unless the two numeric meld options have
    allowed values (0 or 1; 13 or 14). :class:`MeldOptions` and
    :class:`~pushrummy.variants.Variant` both ask this."""
    if type(min_naturals_per_meld) is not int or min_naturals_per_meld not in (0, 1):
        raise VariantError(
            f"must be 0 or 1, not {clip_repr(min_naturals_per_meld)}", field="min_naturals_per_meld"
        )
    if type(max_run_length) is not int or max_run_length not in (13, 14):
        raise VariantError(
            f"must be 13 or 14, not {clip_repr(max_run_length)}", field="max_run_length"
        )


def meld_option_problem(
    rules: MeldRules, naturals: int, wilds: int, run_length: int = 0
) -> tuple[str, str] | None:
    """The rule id and reason a meld of these counts breaks the meld options, or ``None``.

    The one statement of the options ([meld.wild]: ``min_naturals_per_meld``,
    ``wild_limit``; [meld.run]: ``max_run_length``, for a run of ``run_length`` cards —
    0 for a set). :func:`meld_rule_violation`, :func:`check_meld`, the lay-off maps and
    the move checker ask it.

    Raises:
        TypeError: ``rules`` is not meld rules (a :class:`~pushrummy.variants.Variant`
            or :class:`MeldOptions`), or a count is not an int.

    >>> meld_option_problem(MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS), 1, 2)
    ('meld.wild', '2 wilds to 1 natural: wild_limit=at_most_naturals allows at most as many wilds as naturals')
    >>> meld_option_problem(MeldOptions(max_run_length=13), 14, 0, 14)
    ('meld.run', '14 cards: max_run_length=13 allows runs of at most 13')
    """
    require_rules(rules, "meld_option_problem")
    for name, value in (("naturals", naturals), ("wilds", wilds), ("run_length", run_length)):
        if type(value) is not int:
            raise TypeError(
                f"meld_option_problem: {name} must be an int, not {type(value).__name__}"
            )
    return option_problem(rules, naturals, wilds, run_length)


def option_problem(
    rules: MeldRules, naturals: int, wilds: int, run_length: int
) -> tuple[str, str] | None:
    """:func:`meld_option_problem` without the argument checks (callers in this module)."""
    if naturals < rules.min_naturals_per_meld:
        return (
            "meld.wild",
            f"no natural card: min_naturals_per_meld={rules.min_naturals_per_meld} "
            "needs a natural in every meld",
        )
    limit = rules.wild_limit
    if wilds > naturals + limit.bonus:
        plural = "s" if naturals != 1 else ""
        if limit is WildLimit.AT_MOST_NATURALS:
            return (
                "meld.wild",
                f"{wilds} wilds to {naturals} natural{plural}: "
                "wild_limit=at_most_naturals allows at most as many wilds as naturals",
            )
        return (
            "meld.wild",
            f"{wilds} wild{'s' if wilds != 1 else ''} to {naturals} natural{plural}: "
            "wild_limit=fewer_than_naturals needs fewer wilds than naturals",
        )
    if run_length > rules.max_run_length:
        return (
            "meld.run",
            f"{run_length} cards: max_run_length={rules.max_run_length} "
            f"allows runs of at most {rules.max_run_length}",
        )
    return None


def _check_min_naturals(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_meld_options(value, 14)


def _check_max_run(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_meld_options(0, value)


def _check_wild_limit(_: object, attribute: attrs.Attribute[WildLimit], value: object) -> None:
    if not isinstance(value, WildLimit):
        raise TypeError(f"wild_limit must be a WildLimit, not {type(value).__name__}")


def _check_set_suits(_: object, attribute: attrs.Attribute[SetSuits], value: object) -> None:
    if not isinstance(value, SetSuits):
        raise TypeError(f"set_suits must be a SetSuits, not {type(value).__name__}")


def _check_wild_twos(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise VariantError(f"must be True or False, not {clip_repr(value)}", field="wild_twos")


def _check_kind(_: object, attribute: attrs.Attribute[MeldKind], value: object) -> None:
    if not isinstance(value, MeldKind):
        raise TypeError(f"Meld.kind must be a MeldKind, not {type(value).__name__}")


@attrs.frozen(slots=True)
class MeldOptions:
    """A stand-alone set of meld options (the defaults are Push's).

    Useful for checking melds without a whole variant. A bad option value raises
    :class:`~pushrummy.errors.VariantError` naming the option, as in a variant.

    >>> MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS).max_run_length
    14
    """

    min_naturals_per_meld: int = attrs.field(default=0, validator=_check_min_naturals)
    wild_limit: WildLimit = attrs.field(default=WildLimit.UNLIMITED, validator=_check_wild_limit)
    max_run_length: int = attrs.field(default=14, validator=_check_max_run)
    set_suits: SetSuits = attrs.field(default=SetSuits.DISTINCT, validator=_check_set_suits)
    wild_twos: bool = attrs.field(default=True, validator=_check_wild_twos)


DEFAULT_MELD_OPTIONS = MeldOptions()
"""The default meld options of :doc:`/rules` (those of ``PUSH``)."""


def position_rank(position: SupportsIndex) -> Rank:
    """The rank a run position stands for: 1 and 14 are aces.

    Raises:
        TypeError: ``position`` is not an int (a bool is not one).
        InvalidMoveError: ``position`` is an int outside 1..14.

    >>> position_rank(1), position_rank(11), position_rank(14)
    (<Rank.ACE: 1>, <Rank.JACK: 11>, <Rank.ACE: 1>)
    """
    if type(position) is int and 1 <= position <= MAX_RUN_POSITION:
        return _POSITION_RANKS[position]  # a tuple index instead of an Enum call
    if isinstance(position, bool) or not isinstance(position, int):
        raise TypeError(f"a run position is an int, not {type(position).__name__}")
    if not 1 <= position <= MAX_RUN_POSITION:
        raise InvalidMoveError(
            f"no run position {clip_repr(position)}: positions are 1 (ace low) to 14 (ace high)"
        )
    return _POSITION_RANKS[position]


_POSITION_RANKS: tuple[Rank, ...] = (Rank.ACE, *Rank, Rank.ACE)
"""``position_rank`` by position 1..14 (index 0 is never used)."""


def _describe_cards(cards: Sequence[Card]) -> str:
    """The cards for a message, cut short if there are many (a valid meld has at most 14)."""
    return clip_items(cards) if cards else "(no cards)"


def _check_cards(cards: Iterable[Card], where: str) -> tuple[Card, ...]:
    """``cards`` as a tuple, or :class:`TypeError` if one of them is not a :class:`Card`."""
    if isinstance(cards, str):
        raise TypeError(f"{where} takes Card values, not a str (parse it with parse_cards)")
    result = tuple(cards)
    for card in result:
        if type(card) is not Card and not isinstance(card, Card):
            raise TypeError(f"{where} takes Card values, not {type(card).__name__}")
    return result


def require_meld(meld: object, where: str) -> None:
    if type(meld) is not Meld and not isinstance(meld, Meld):
        raise TypeError(f"{where} expects a Meld, not {type(meld).__name__}")


def require_rules(rules: object, where: str) -> None:
    """:class:`TypeError` unless ``rules`` has the options of :class:`MeldRules`, of their
    types (two ints, a :class:`WildLimit` and a :class:`SetSuits`; ``wild_twos``, where
    present, a bool)."""
    try:
        values = (
            rules.min_naturals_per_meld,  # type: ignore[attr-defined]
            rules.wild_limit,  # type: ignore[attr-defined]
            rules.max_run_length,  # type: ignore[attr-defined]
            rules.set_suits,  # type: ignore[attr-defined]
            getattr(rules, "wild_twos", True),
        )
    except AttributeError:
        raise TypeError(
            f"{where}: rules must be meld rules (a Variant or MeldOptions), "
            f"not {type(rules).__name__}"
        ) from None
    for name, value, kind in zip(_RULE_NAMES, values, _RULE_TYPES, strict=True):
        if value.__class__ is not kind:
            raise TypeError(
                f"{where}: rules.{name} must be {kind.__name__}, not {type(value).__name__}"
            )


_RULE_NAMES = ("min_naturals_per_meld", "wild_limit", "max_run_length", "set_suits", "wild_twos")
_RULE_TYPES = (int, WildLimit, int, SetSuits, bool)


def require_card(card: object, where: str) -> None:
    if type(card) is not Card and not isinstance(card, Card):
        raise TypeError(f"{where} expects a Card, not {type(card).__name__}")


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


_JOKER_ONLY = wild_table(False)


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class Meld:
    """A set or run with every card's role declared. Immutable and validated.

    Construct with :meth:`set_of` / :meth:`run_of` (which infer what the
    naturals make plain), or directly with the canonical fields. The
    structural rules [meld.set] and [meld.run] are checked on construction and
    raise :class:`~pushrummy.errors.InvalidMeldError` saying what is wrong.

    Attributes:
        kind: set or run.
        cards: sets: sorted; runs: in rank order, ``cards[i]`` at ``start + i``.
        rank: the set's rank (sets only).
        suit: the run's suit (runs only).
        start: the position of the run's first card (runs only; 1 = ace low).
    """

    kind: MeldKind = attrs.field(validator=_check_kind)
    cards: tuple[Card, ...] = attrs.field(converter=_card_tuple)
    rank: Rank | None = attrs.field(default=None, kw_only=True)
    suit: Suit | None = attrs.field(default=None, kw_only=True)
    start: int | None = attrs.field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        for card in self.cards:
            if not isinstance(card, Card):
                raise TypeError(f"meld cards must be Card values, not {type(card).__name__}")
        if self.kind is MeldKind.SET:
            self._validate_set()
        else:
            self._validate_run()

    def _fail(self, problem: str, rule: str) -> InvalidMeldError:
        if self.kind is MeldKind.SET:
            what = f"set of {self.rank.symbol}s" if isinstance(self.rank, Rank) else "set"
        else:
            what = "run"
        return InvalidMeldError(f"{what} {_describe_cards(self.cards)}: {problem}", rule=rule)

    def _validate_set(self) -> None:
        if self.suit is not None or self.start is not None:
            raise self._fail("a set has a rank, not a suit or start position", "meld.wild")
        if self.rank is None:
            raise self._fail("the set's rank must be declared", "meld.wild")
        if not isinstance(self.rank, Rank):
            raise TypeError(f"Meld.rank must be a Rank, not {type(self.rank).__name__}")
        # A set of twos is a value; only wild_twos=False allows it ([setup.wild]).
        if len(self.cards) < 3:
            raise self._fail(f"a set has at least 3 cards, not {len(self.cards)}", "meld.set")
        if len(self.cards) > MAX_SET_CARDS:
            raise self._fail(
                f"{len(self.cards)} cards: no deck holds more than {MAX_SET_CARDS} cards of one "
                "rank and wilds",
                "meld.set",
            )
        # Which suits, and so how many cards, is the variant's ``set_suits`` ([meld.set_suits]).
        for card in self.cards:
            if not card.is_wild and card.rank is not self.rank:
                raise self._fail(f"{card} is not of rank {self.rank.symbol}", "meld.set")
        ordered = tuple(sorted(self.cards))
        if ordered != self.cards:
            # A set's order means nothing: keep one canonical order so equal
            # declarations compare equal.
            object.__setattr__(self, "cards", ordered)

    def _validate_run(self) -> None:
        if self.rank is not None:
            raise self._fail("a run has a suit and start position, not a rank", "meld.wild")
        if self.suit is None or self.start is None:
            missing = " and ".join(
                name for name, v in (("suit", self.suit), ("start", self.start)) if v is None
            )
            raise self._fail(f"the run's {missing} must be declared", "meld.wild")
        if not isinstance(self.suit, Suit):
            raise TypeError(f"Meld.suit must be a Suit, not {type(self.suit).__name__}")
        if not isinstance(self.start, int) or isinstance(self.start, bool):
            raise TypeError(f"Meld.start must be an int, not {type(self.start).__name__}")
        length = len(self.cards)
        if length < 3:
            raise self._fail(f"a run has at least 3 cards, not {length}", "meld.run")
        if not 1 <= self.start <= MAX_RUN_POSITION - 2:
            raise self._fail(f"start position {self.start} is outside 1..12", "meld.run")
        end = self.start + length - 1
        if end > MAX_RUN_POSITION:
            raise self._fail(
                f"{length} cards from position {self.start} pass the high ace "
                "(runs do not wrap: K-A-2 is not a run)",
                "meld.run",
            )
        for index, card in enumerate(self.cards):
            if card.is_wild:
                continue
            position = self.start + index
            if card.suit is not self.suit:
                raise self._fail(f"{card} is not of the run's suit {self.suit.letter}", "meld.run")
            if card.rank is not position_rank(position):
                raise self._fail(
                    f"{card} cannot stand at position {position} "
                    f"of a run starting at {position_rank(self.start).symbol}",
                    "meld.run",
                )

    # -- friendly constructors -------------------------------------------------

    @classmethod
    def set_of(
        cls, cards: Iterable[Card], rank: Rank | None = None, *, wild_twos: bool = True
    ) -> Meld:
        """A set of ``cards``; ``rank`` is needed only when no card is natural (with
        ``wild_twos=False`` twos are natural, [setup.wild], so they name the rank).

        Raises:
            TypeError: ``cards`` is a str or not iterable, or holds something that is not
                a :class:`~pushrummy.cards.Card`; ``rank`` is neither a
                :class:`~pushrummy.cards.Rank` nor ``None``.
            InvalidMeldError: the cards make no set: naturals of different ranks, fewer
                than 3 cards ([meld.set]); a
                ``rank`` other than the naturals', or only wilds and no ``rank``
                ([meld.wild]).

        >>> from pushrummy.cards import parse_cards
        >>> Meld.set_of(parse_cards("JK 2C 2D"), Rank.KING)
        Meld.set('2C=K 2D=K JK=K')
        >>> Meld.set_of(parse_cards("JK 2C 2D"), wild_twos=False)
        Meld.set('2C 2D JK=2')
        """
        cards = _check_cards(cards, "Meld.set_of")
        if rank is not None and not isinstance(rank, Rank):
            raise TypeError(f"Meld.set_of: rank must be a Rank or None, not {type(rank).__name__}")
        wild = wild_table(wild_twos is not False)
        natural_ranks = {c.rank for c in cards if not wild[c.code]}
        if len(natural_ranks) > 1:
            ranks = " ".join(sorted(r.symbol for r in natural_ranks if r is not None))
            raise InvalidMeldError(
                f"set {_describe_cards(cards)}: naturals of different ranks ({ranks})",
                rule="meld.set",
            )
        if natural_ranks:
            (natural,) = natural_ranks
            assert natural is not None  # naturals always have a rank
            if rank is not None and rank is not natural:
                raise InvalidMeldError(
                    f"set {_describe_cards(cards)}: declared rank {rank.symbol} "
                    f"but its naturals are {natural.symbol}s",
                    rule="meld.wild",
                )
            rank = natural
        if rank is None:
            raise InvalidMeldError(
                f"set {_describe_cards(cards)}: only wilds, so the set's rank must be declared",
                rule="meld.wild",
            )
        return cls(MeldKind.SET, tuple(sorted(cards)), rank=rank)

    @classmethod
    def run_of(
        cls,
        cards: Sequence[Card],
        *,
        suit: Suit | None = None,
        start: Rank | int | None = None,
        wild_twos: bool = True,
    ) -> Meld:
        """A run of ``cards`` given in rank order, low to high.

        ``suit`` and ``start`` (the first card's rank, or its position) are
        inferred from the naturals (twos among them when ``wild_twos`` is False,
        [setup.wild]); they must be given when the run has none.
        A ``start`` of ``Rank.ACE`` or 1 is ace low.

        Raises:
            TypeError: ``cards`` is a str or not iterable, or holds something that is not
                a :class:`~pushrummy.cards.Card`; ``suit`` is neither a
                :class:`~pushrummy.cards.Suit` nor ``None``; ``start`` is neither a
                :class:`~pushrummy.cards.Rank`, an int nor ``None`` (``"5"``, ``1.5``,
                ``True``).
            InvalidMeldError: the cards make no run: naturals of different suits or out
                of sequence, fewer than 3 cards, a start outside 1..12 or a run past the
                high ace ([meld.run]); a ``suit`` other than the naturals', or only wilds
                and no ``suit`` or ``start`` ([meld.wild]).

        >>> from pushrummy.cards import parse_card as c
        >>> Meld.run_of([c("QS"), c("KS"), c("AS")])
        Meld.run('QS KS AS')
        >>> Meld.run_of([c("JK"), c("2D"), c("JK")], suit=Suit.CLUBS, start=Rank.TEN)
        Meld.run('JK=10C 2D=JC JK=QC')
        """
        cards = _check_cards(cards, "Meld.run_of")
        if suit is not None and not isinstance(suit, Suit):
            raise TypeError(f"Meld.run_of: suit must be a Suit or None, not {type(suit).__name__}")
        if start is not None and (isinstance(start, bool) or not isinstance(start, int)):
            raise TypeError(
                f"Meld.run_of: start must be a Rank, an int or None, not {type(start).__name__}"
            )
        wild = wild_table(wild_twos is not False)
        naturals = [(i, c) for i, c in enumerate(cards) if not wild[c.code]]
        if naturals:
            suits = {c.suit for _, c in naturals}
            if len(suits) > 1:
                raise InvalidMeldError(
                    f"run {_describe_cards(cards)}: naturals of different suits", rule="meld.run"
                )
            (natural_suit,) = suits
            assert natural_suit is not None
            if suit is not None and suit is not natural_suit:
                raise InvalidMeldError(
                    f"run {_describe_cards(cards)}: declared suit {suit.letter} "
                    f"but its naturals are {natural_suit.letter}",
                    rule="meld.wild",
                )
            suit = natural_suit
            if start is None:
                index, card = naturals[0]
                assert card.rank is not None
                position = int(card.rank)
                if card.rank is Rank.ACE and index > 0:
                    position = MAX_RUN_POSITION
                start = position - index
        if suit is None or start is None:
            missing = " and ".join(
                name for name, v in (("suit", suit), ("start", start)) if v is None
            )
            raise InvalidMeldError(
                f"run {_describe_cards(cards)}: only wilds, so the run's {missing} "
                "must be declared",
                rule="meld.wild",
            )
        return cls(MeldKind.RUN, cards, suit=suit, start=int(start))

    # -- derived facts ---------------------------------------------------------

    @property
    def is_set(self) -> bool:
        """True for a set."""
        return self.kind is MeldKind.SET

    @property
    def is_run(self) -> bool:
        """True for a run."""
        return self.kind is MeldKind.RUN

    @property
    def wild_count(self) -> int:
        """How many of the meld's cards are wild under the default rule (every two and joker
        counts); a variant's count is :func:`meld_wild_count`."""
        return sum(1 for c in self.cards if c.is_wild)

    @property
    def natural_count(self) -> int:
        """How many of the meld's cards are natural under the default rule."""
        return len(self.cards) - self.wild_count

    @property
    def end(self) -> int | None:
        """The position of a run's last card (``None`` for sets)."""
        return None if self.start is None else self.start + len(self.cards) - 1

    @property
    def roles(self) -> tuple[Rank, ...]:
        """The rank every card stands for, in the order of :attr:`cards`."""
        if self.start is None:
            assert self.rank is not None
            return (self.rank,) * len(self.cards)
        return tuple(position_rank(self.start + i) for i in range(len(self.cards)))

    @property
    def sort_key(self) -> tuple[int, ...]:
        """A total order on melds: sets before runs, then rank/suit, position and cards."""
        if self.kind is MeldKind.SET:
            assert self.rank is not None
            head = (0, int(self.rank), 0)
        else:
            assert self.suit is not None and self.start is not None
            head = (1, int(self.suit), self.start)
        return (*head, len(self.cards), *(c.code for c in self.cards))

    def __lt__(self, other: Meld) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self.sort_key < other.sort_key

    def notation(self) -> str:
        """The meld with every wild's role: ``9C 9S JK=9`` (a set), ``5H JK=6H 7H`` (a run).

        Sets list their naturals, then their wilds; runs list their cards low to high.
        A two standing for itself is written bare (``AH 2H 3H``; a set of twos, ``2C 2D 2H``,
        exists only where twos are natural, [setup.wild]).
        This is the meld notation of :mod:`pushrummy.notation`, which reads it back,
        and what ``str(meld)`` and error messages show.

        >>> from pushrummy.cards import parse_cards
        >>> Meld.set_of(parse_cards("JK 2C 9S 9C")).notation()
        '9C 9S 2C=9 JK=9'
        """
        if self.kind is MeldKind.SET:
            assert self.rank is not None
            # A set of twos exists only where twos are natural ([setup.wild]): its twos
            # stand for themselves, so they are written bare.
            wild = IS_WILD if self.rank is not Rank.TWO else _JOKER_ONLY
            naturals = [str(card) for card in self.cards if not wild[card.code]]
            wilds = [f"{card}={self.rank.symbol}" for card in self.cards if wild[card.code]]
            return " ".join(naturals + wilds)
        assert self.suit is not None and self.start is not None
        parts = []
        for i, card in enumerate(self.cards):
            # A two at its own place stands for itself: written bare, wild or natural.
            if card.is_wild and not (
                card.rank is Rank.TWO and card.suit is self.suit and self.start + i == 2
            ):
                parts.append(f"{card}={position_rank(self.start + i).symbol}{self.suit.letter}")
            else:
                parts.append(str(card))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        # The notation shows every wild's role, so it names the set's rank too.
        kind = "set" if self.kind is MeldKind.SET else "run"
        return f"Meld.{kind}({self.notation()!r})"

    def __copy__(self) -> Meld:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> Meld:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


def trusted_meld(
    kind: MeldKind,
    cards: tuple[Card, ...],
    rank: Rank | None,
    suit: Suit | None,
    start: int | None,
) -> Meld:
    """The :class:`Meld` of parts the caller has already proven valid, not re-validated.

    For the engine's hot paths only, like ``state.replace_unchecked``: the contract search builds
    melds that are valid by construction (and proven so against a brute-force
    reference in the tests), and a lay-off is applied only after validation said it
    fits. ``cards`` must be in canonical order (a set's sorted). The result equals the
    one the constructor builds (tests/test_fast_paths.py checks).
    """
    meld = _new_object(Meld)
    _set_attr(meld, "kind", kind)
    _set_attr(meld, "cards", cards)
    _set_attr(meld, "rank", rank)
    _set_attr(meld, "suit", suit)
    _set_attr(meld, "start", start)
    for name in _PRIVATE_SLOTS:
        _set_attr(meld, name, None)  # what __init__ leaves there: attrs' hash cache
    return meld


_new_object = object.__new__
_set_attr = object.__setattr__
_PRIVATE_SLOTS = tuple(
    name
    for name in Meld.__slots__
    if name != "__weakref__" and name not in {field.name for field in attrs.fields(Meld)}
)


def grown_meld(meld: Meld, card: Card, end: End | None) -> Meld:
    """:func:`lay_off` of a lay-off already validated (:func:`layoff_ends` lists ``end``)."""
    if meld.kind is MeldKind.SET:
        cards = tuple(sorted((*meld.cards, card), key=_card_code))
        return trusted_meld(MeldKind.SET, cards, meld.rank, None, None)
    assert meld.start is not None
    if end is End.LOW:
        return trusted_meld(MeldKind.RUN, (card, *meld.cards), None, meld.suit, meld.start - 1)
    return trusted_meld(MeldKind.RUN, (*meld.cards, card), None, meld.suit, meld.start)


def _card_code(card: Card) -> int:
    return card.code


def meld_rule_violation(meld: Meld, rules: MeldRules = DEFAULT_MELD_OPTIONS) -> str | None:
    """Why ``meld`` breaks the variant's meld options, or ``None`` if it keeps them.

    Covers ``min_naturals_per_meld`` and ``wild_limit`` ([meld.wild]),
    ``max_run_length`` ([meld.run]) and ``set_suits`` ([meld.set_suits]); the structural
    rules are checked when the meld is built.

    Raises:
        TypeError: ``meld`` is not a :class:`Meld`, or ``rules`` not meld rules (a
            :class:`~pushrummy.variants.Variant` or :class:`MeldOptions`).

    >>> from pushrummy.cards import parse_cards
    >>> m = Meld.set_of(parse_cards("9C JK 2S"))
    >>> meld_rule_violation(m) is None
    True
    >>> meld_rule_violation(m, MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS))
    '2 wilds to 1 natural: wild_limit=at_most_naturals allows at most as many wilds as naturals'
    """
    if type(meld) is not Meld:
        require_meld(meld, "meld_rule_violation")
    if rules is not DEFAULT_MELD_OPTIONS:
        require_rules(rules, "meld_rule_violation")
    problem = meld_rule_problem(meld, rules)
    return None if problem is None else problem[1]


def meld_rule_problem(
    meld: Meld, rules: MeldRules = DEFAULT_MELD_OPTIONS
) -> tuple[str, str] | None:
    """:func:`meld_rule_violation` with its rule id: ``(rule id, reason)`` or ``None``.

    Raises:
        TypeError: ``meld`` is not a :class:`Meld`, or ``rules`` not meld rules (a
            :class:`~pushrummy.variants.Variant` or :class:`MeldOptions`).

    >>> from pushrummy.cards import parse_cards
    >>> one_natural = MeldOptions(min_naturals_per_meld=1)
    >>> meld_rule_problem(Meld.set_of(parse_cards("9C JK 2S")), one_natural) is None
    True
    >>> meld_rule_problem(Meld.set_of(parse_cards("JK 2C 2S"), rank=Rank.NINE), one_natural)
    ('meld.wild', 'no natural card: min_naturals_per_meld=1 needs a natural in every meld')
    """
    if type(meld) is not Meld:
        require_meld(meld, "meld_rule_problem")
    if rules is not DEFAULT_MELD_OPTIONS:
        require_rules(rules, "meld_rule_problem")
    wild_twos = twos_wild(rules)
    twos = natural_twos_problem(meld, wild_twos)
    if twos is not None:
        return twos
    wild = wild_table(wild_twos)
    wilds = sum(wild[card.code] for card in meld.cards)
    if meld.kind is MeldKind.RUN:
        return option_problem(rules, len(meld.cards) - wilds, wilds, len(meld.cards))
    return option_problem(rules, len(meld.cards) - wilds, wilds, 0) or set_suits_problem(
        rules.set_suits, meld.cards, wild_twos
    )


def meld_wild_count(meld: Meld, rules: MeldRules = DEFAULT_MELD_OPTIONS) -> int:
    """How many of ``meld``'s cards are wild under ``rules``' ``wild_twos`` ([setup.wild]).

    Raises:
        TypeError: ``meld`` is not a :class:`Meld`.

    >>> from pushrummy.cards import parse_cards
    >>> m = Meld.run_of(parse_cards("AH 2H 3H JK"))
    >>> meld_wild_count(m), meld_wild_count(m, MeldOptions(wild_twos=False))
    (2, 1)
    """
    if type(meld) is not Meld:
        require_meld(meld, "meld_wild_count")
    wild = wild_table(twos_wild(rules))
    return sum(wild[card.code] for card in meld.cards)


def natural_twos_problem(meld: Meld, wild_twos: bool) -> tuple[str, str] | None:
    """The rule id and reason ``meld`` breaks the ``wild_twos`` option, or ``None``.

    The one statement of [setup.wild] on a meld: with twos wild there is no set of twos
    ([meld.set]); with twos natural (``wild_twos=False``) every two stands for itself, in a set
    of twos or at the two's place of a run of its suit.

    Raises:
        TypeError: ``meld`` is not a :class:`Meld` or ``wild_twos`` not a bool.

    >>> from pushrummy.cards import parse_cards
    >>> twos = Meld.set_of(parse_cards("2C 2D 2H"), Rank.TWO)
    >>> natural_twos_problem(twos, True)
    ('meld.set', 'there are no sets of twos (twos are wild)')
    >>> natural_twos_problem(twos, False) is None
    True
    >>> natural_twos_problem(Meld.set_of(parse_cards("9C 9D 2H")), False)
    ('setup.wild', '2H cannot stand for a 9: twos are natural (wild_twos=False)')
    """
    if type(meld) is not Meld:
        require_meld(meld, "natural_twos_problem")
    if type(wild_twos) is not bool:
        raise TypeError(
            f"natural_twos_problem: wild_twos must be a bool, not {type(wild_twos).__name__}"
        )
    if meld.kind is MeldKind.SET:
        if wild_twos:
            if meld.rank is Rank.TWO:
                return ("meld.set", "there are no sets of twos (twos are wild)")
            return None
        if meld.rank is Rank.TWO:
            return None
        for card in meld.cards:
            if card.rank is Rank.TWO:
                assert meld.rank is not None
                return (
                    "setup.wild",
                    f"{card} cannot stand for a {meld.rank.symbol}: "
                    "twos are natural (wild_twos=False)",
                )
        return None
    if wild_twos:
        return None
    assert meld.start is not None and meld.suit is not None
    for index, card in enumerate(meld.cards):
        if card.rank is Rank.TWO and (meld.start + index != 2 or card.suit is not meld.suit):
            role = position_rank(meld.start + index).symbol + meld.suit.letter
            return (
                "setup.wild",
                f"{card} cannot stand for {role}: twos are natural (wild_twos=False)",
            )
    return None


def check_meld(meld: Meld, rules: MeldRules = DEFAULT_MELD_OPTIONS) -> None:
    """Raise :class:`~pushrummy.errors.InvalidMeldError` if ``meld`` breaks the options.

    Raises:
        TypeError: ``meld`` is not a :class:`Meld`, or ``rules`` not meld rules (a
            :class:`~pushrummy.variants.Variant` or :class:`MeldOptions`).
        InvalidMeldError: ``meld`` breaks ``min_naturals_per_meld`` or ``wild_limit``
            ([meld.wild]), ``max_run_length`` ([meld.run]) or ``set_suits``
            ([meld.set_suits]), as :func:`meld_rule_problem`
            says; the error's ``rule`` is that rule id.
    """
    require_meld(meld, "check_meld")
    problem = meld_rule_problem(meld, rules)
    if problem is not None:
        raise InvalidMeldError(f"meld {meld.notation()}: {problem[1]}", rule=problem[0])
