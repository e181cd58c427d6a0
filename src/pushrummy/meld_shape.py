"""A meld's shape: its kind, where it stands and its naturals, with its wild places still
open ([contract.steps]).

A lay-down step that uses wild cards is two decisions (:class:`~pushrummy.moves.LayDownShape`
then :class:`~pushrummy.moves.FillWilds`): first the shape, then which wild cards fill its
wild places. A shape is the meld with every wild card taken out and its place kept.

>>> from pushrummy import parse_meld, parse_cards
>>> shape = MeldShape.of(parse_meld("5H JK=6H 7H 2C=8H"))
>>> shape
MeldShape.run('5H *=6H 7H *=8H')
>>> shape.wild_places, [str(card) for card in shape.naturals]
(2, ['5H', '7H'])
>>> shape.fill(parse_cards("2D JK"))
Meld.run('5H 2D=6H 7H JK=8H')
>>> MeldShape.of(parse_meld("9C 9S JK=9"))
MeldShape.set('9C 9S *=9')
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .cards import JOKER, Card, Rank, Suit, wild_table
from .melds import Meld, MeldKind

__all__ = ["MeldShape"]


def _check_cards(_: object, attribute: attrs.Attribute[object], value: object) -> None:
    if not isinstance(value, tuple):
        raise TypeError(f"MeldShape.cards must be a tuple, not {type(value).__name__}")
    for card in value:
        if card is None:
            continue
        if not isinstance(card, Card):
            raise TypeError(f"MeldShape.cards must hold Cards or None, not {type(card).__name__}")
        if card.is_joker:
            # A two may be a natural (``wild_twos=False``, [setup.wild]): whether it may
            # stand in a shape is the variant's, as every meld rule's.
            raise TypeError(f"MeldShape.cards holds naturals and None, not the wild card {card}")


@attrs.frozen(slots=True, repr=False, cache_hash=True)
class MeldShape:
    """A meld with its wild places open: ``None`` in :attr:`cards` where a wild card goes.

    Attributes:
        kind: set or run.
        cards: a set's naturals sorted, then one ``None`` per wild place; a run's cards in
            rank order, ``None`` at each wild place.
        rank: the set's rank (sets only).
        suit: the run's suit (runs only).
        start: the position of the run's first card (runs only; 1 = ace low).

    Raises:
        TypeError: a field of the wrong type, or a wild card among :attr:`cards`.
        InvalidMeldError: the shape makes no meld, whatever fills it ([meld.set], [meld.run]).
    """

    kind: MeldKind
    cards: tuple[Card | None, ...] = attrs.field(validator=_check_cards)
    rank: Rank | None = attrs.field(default=None, kw_only=True)
    suit: Suit | None = attrs.field(default=None, kw_only=True)
    start: int | None = attrs.field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        self.fill([JOKER] * self.wild_places)  # the structure of the meld, checked once

    @classmethod
    def of(cls, meld: Meld, wild_twos: bool = True) -> MeldShape:
        """The shape of ``meld``: its wild cards taken out, their places kept (its twos
        too, unless ``wild_twos`` is False and they are naturals, [setup.wild]).

        Raises:
            TypeError: ``meld`` is not a :class:`~pushrummy.melds.Meld`.

        >>> from pushrummy import parse_meld
        >>> MeldShape.of(parse_meld("AH 2H=2H 3H JK=4H"), wild_twos=False)
        MeldShape.run('AH 2H 3H *=4H')
        """
        if not isinstance(meld, Meld):
            raise TypeError(f"MeldShape.of expects a Meld, not {type(meld).__name__}")
        wild_twos = wild_twos is not False
        key = (meld, wild_twos)
        known = _OF.get(key)
        if known is not None:
            return known
        wild = wild_table(wild_twos)
        if meld.kind is MeldKind.SET:
            naturals: list[Card | None] = [card for card in meld.cards if not wild[card.code]]
            cards = tuple(naturals + [None] * (len(meld.cards) - len(naturals)))
        else:
            cards = tuple(None if wild[card.code] else card for card in meld.cards)
        # A valid meld makes a valid shape: built without validating it again.
        shape = _new_object(cls)
        for name, value in zip(
            _FIELDS, (meld.kind, cards, meld.rank, meld.suit, meld.start), strict=True
        ):
            _set_attr(shape, name, value)
        for name in _PRIVATE_SLOTS:
            _set_attr(shape, name, None)  # what __init__ leaves there: attrs' hash cache
        if len(_OF) >= 20_000:
            _OF.clear()
        _OF[key] = shape
        return shape

    @property
    def wild_places(self) -> int:
        """How many wild cards fill the shape."""
        return sum(1 for card in self.cards if card is None)

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The shape's natural cards, in :attr:`cards` order."""
        return tuple(card for card in self.cards if card is not None)

    def fill(self, wilds: Sequence[Card]) -> Meld:
        """The meld with ``wilds`` at the wild places, in order (a run's low to high).

        Raises:
            InvalidMeldError: the result breaks [meld.set] or [meld.run].
            ValueError: not one card per wild place.
        """
        if len(wilds) != self.wild_places:
            raise ValueError(
                f"the shape has {self.wild_places} wild place(s), not {len(wilds)} card(s)"
            )
        slot = iter(wilds)
        cards = tuple(next(slot) if card is None else card for card in self.cards)
        if self.kind is MeldKind.SET:
            cards = tuple(sorted(cards))
        return Meld(self.kind, cards, rank=self.rank, suit=self.suit, start=self.start)

    def notation(self) -> str:
        """The shape in meld notation, ``*`` and its role at each wild place:
        ``5H *=6H 7H`` (a run), ``9C 9S *=9`` (a set)."""
        return self.fill([JOKER] * self.wild_places).notation().replace("JK=", "*=")

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"MeldShape.{'set' if self.kind is MeldKind.SET else 'run'}({self.notation()!r})"


_new_object = object.__new__
_set_attr = object.__setattr__
_FIELDS = tuple(field.name for field in attrs.fields(MeldShape))
_PRIVATE_SLOTS = tuple(
    name for name in MeldShape.__slots__ if name != "__weakref__" and name not in _FIELDS
)
_OF: dict[tuple[Meld, bool], MeldShape] = {}
"""Memo of :meth:`MeldShape.of`: the listing turns the same melds into shapes turn after
turn (melds are values; emptied when full)."""
