"""The rules' small questions, each answered once: who may lay off on a meld, which natural a
run place stands for, whether a push is allowed, which cards may be discarded.

The move checker (:mod:`~pushrummy.validation`), the move generator
(:mod:`~pushrummy.movegen`), the bots and the notation all ask these functions, so a rule
cannot be read one way when moves are listed and another when they are checked. They take
plain values (a variant, a seat, a meld, a few cards), not a whole state or view, so a
state and a player's view ask them alike.

>>> from pushrummy import PUSH, parse_meld
>>> may_target(PUSH, seat=1, owner=3)      # partners: seats 1 and 3 are one side
True
>>> natural_at(parse_meld("5H JK=6H 7H"), 6)
Card('6H')
>>> push_allowed(PUSH, stock_size=1)       # short_stock_push defaults to allowing it
True
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import IS_WILD, JOKER_CODE, Card
from .errors import InvalidMeldError, InvalidMoveError, clip_repr
from .melds import Meld, position_rank
from .variants import LayoffTargets, ShortStockPush, Variant

__all__ = [
    "discard_restricted",
    "discardable_codes",
    "may_target",
    "natural_at",
    "push_allowed",
]


def may_target(variant: Variant, seat: int, owner: int) -> bool:
    """Whether ``seat`` may lay off on (or exchange in) a meld owned by ``owner``
    ([layoff.card]: any meld, its own side's, or its own, by the ``layoff_targets``
    option).

    Raises:
        TypeError: ``variant`` is not a variant, or ``seat`` or ``owner`` not an int.
    """
    try:
        targets = variant.layoff_targets
    except AttributeError:
        raise _not_a_variant("may_target", variant) from None
    if seat.__class__ is not int or owner.__class__ is not int:
        _require_int("may_target", "seat", seat)
        _require_int("may_target", "owner", owner)
    if targets is LayoffTargets.ANY:
        return True
    if targets is LayoffTargets.OWN:
        return owner == seat
    return variant.side_of(owner) == variant.side_of(seat)


def natural_at(meld: Meld, position: int) -> Card | None:
    """The natural card run place ``position`` of ``meld`` stands for ([layoff.exchange]);
    ``None`` for a two's place (a two there is a wild, so no natural card stands for it).

    ``meld`` is a run; the position need not be one of its places.

    Raises:
        TypeError: ``meld`` is not a meld or ``position`` not an int (a bool is not one).
        InvalidMeldError: ``meld`` is a set, which has no run places ([meld.set]).
        InvalidMoveError: ``position`` is outside 1..14.
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"natural_at expects a Meld, not {type(meld).__name__}")
    if meld.suit is None:
        raise InvalidMeldError(f"{meld.notation()} is a set: it has no run places", rule="meld.set")
    card = Card(position_rank(position), meld.suit)
    return None if card.is_wild else card


def push_allowed(variant: Variant, stock_size: int) -> bool:
    """Whether the player to draw may push ([draw.push], [draw.exhausted]): always,
    unless ``short_stock_push`` forbids it with fewer than two stock cards left.

    Raises:
        TypeError: ``variant`` is not a variant, or ``stock_size`` not an int.
    """
    try:
        forbidden = variant.short_stock_push is ShortStockPush.FORBIDDEN
    except AttributeError:
        raise _not_a_variant("push_allowed", variant) from None
    if stock_size.__class__ is not int:
        _require_int("push_allowed", "stock_size", stock_size)
    return not (forbidden and stock_size < 2)


def discard_restricted(variant: Variant, taken: Card | None) -> bool:
    """Whether any card in hand may be barred from discarding now: a taken upcard
    ([discard.taken], unless ``may_rediscard_taken``) or a wild card ([discard.wild],
    unless ``may_discard_wild``). When this is false every card in hand may go.

    Raises:
        TypeError: ``variant`` is not a variant, or ``taken`` neither a card nor ``None``.
    """
    if taken is not None and taken.__class__ is not Card and not isinstance(taken, Card):
        raise TypeError(
            f"discard_restricted: taken must be a Card or None, not {type(taken).__name__}"
        )
    try:
        return not variant.may_discard_wild or (
            taken is not None and not variant.may_rediscard_taken
        )
    except AttributeError:
        raise _not_a_variant("discard_restricted", variant) from None


def discardable_codes(codes: Iterable[int], variant: Variant, taken: Card | None) -> list[int]:
    """The distinct card codes of a hand (``codes``) that may be discarded, ascending.

    Each restriction is lifted when every card in hand falls under it, and if the two
    together would leave nothing to discard, any card may go: a turn must always be able
    to end (the rules are silent on that corner; see :doc:`/errors`).

    Raises:
        TypeError: ``codes`` are not ints, ``variant`` is not a variant, or ``taken``
            neither a card nor ``None``.
        InvalidMoveError: a code is not a card's (0..52).
    """
    distinct = sorted(set(codes))
    if not set(map(type, distinct)) <= _INT:
        raise TypeError("discardable_codes: codes must be card codes (ints)")
    if distinct and (distinct[0] < 0 or distinct[-1] > JOKER_CODE):
        bad = distinct[0] if distinct[0] < 0 else distinct[-1]
        raise InvalidMoveError(f"no card has the code {clip_repr(bad)} (codes are 0..52)")
    return allowed_discards(distinct, variant, taken)


_INT = {int}


def allowed_discards(distinct: list[int], variant: Variant, taken: Card | None) -> list[int]:
    """:func:`discardable_codes` of codes known good: card codes, distinct, ascending (a
    state's hand, as the move generator and the checker have it). The rule is here."""
    if not discard_restricted(variant, taken):
        return distinct
    allowed = distinct
    if taken is not None and not variant.may_rediscard_taken and distinct != [taken.code]:
        allowed = [code for code in allowed if code != taken.code]
    if not variant.may_discard_wild and any(not IS_WILD[code] for code in distinct):
        allowed = [code for code in allowed if not IS_WILD[code]]
    return allowed if allowed else distinct


def _not_a_variant(where: str, variant: object) -> TypeError:
    return TypeError(f"{where}: variant must be a Variant, not {type(variant).__name__}")


def _require_int(where: str, name: str, value: object) -> None:
    """:class:`TypeError` unless ``value`` is an int (a bool is not one)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{where}: {name} must be an int, not {type(value).__name__}")
