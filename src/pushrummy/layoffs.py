"""Lay-offs ([layoff.card]): which ends of a table meld a card fits, and the meld after it.

:func:`layoff_ends` answers "where may this card go on that meld?" (the move generator and
the bots ask it for every meld at every play decision, so its answers for a meld are
memoised as a map from card code to ends: :func:`layoff_map`); :func:`lay_off` builds the
grown meld, or says why it cannot be, with the rule id. The variant's meld options are
asked of :func:`pushrummy.melds.meld_option_problem`, as everywhere.

>>> from pushrummy import PUSH, parse_card, parse_meld
>>> run = parse_meld("5H 6H 7H")
>>> layoff_ends(run, parse_card("8H"), PUSH), layoff_ends(run, parse_card("JK"), PUSH)
((<End.HIGH: 'high'>,), (<End.LOW: 'low'>, <End.HIGH: 'high'>))
>>> from pushrummy import End
>>> lay_off(run, parse_card("4H"), End.LOW)
Meld.run('4H 5H 6H 7H')
"""

from __future__ import annotations

from .cards import ALL_CARDS, Card, wild_table
from .errors import InvalidMeldError
from .melds import (
    DEFAULT_MELD_OPTIONS,
    MAX_RUN_POSITION,
    End,
    Meld,
    MeldKind,
    MeldRules,
    meld_rule_problem,
    natural_twos_problem,
    option_problem,
    position_rank,
    require_card,
    require_meld,
    require_rules,
    set_suits_problem,
    twos_wild,
)

__all__ = ["lay_off", "layoff_ends"]  # layoff_map and layoff_entry: the engine's memo


def _extended(meld: Meld, card: Card, end: End | None, wild: bool) -> Meld | str:
    """The meld with ``card`` (a wild card if ``wild``) added at ``end``, or the reason it
    cannot be."""
    if meld.kind is MeldKind.SET:
        if end is not None:
            return "a set has no ends: lay off onto a set without an end"
        if not wild:
            assert meld.rank is not None
            if card.rank is not meld.rank:
                return f"{card} is not of the set's rank {meld.rank.symbol}"
        # How many cards, of which suits: [meld.set_suits], asked by lay_off afterwards.
        return Meld(MeldKind.SET, tuple(sorted((*meld.cards, card))), rank=meld.rank)
    assert meld.start is not None and meld.suit is not None
    if end is None:
        return "say which end of the run the card goes to (low or high)"
    position = meld.start - 1 if end is End.LOW else meld.start + len(meld.cards)
    if not 1 <= position <= MAX_RUN_POSITION:
        return f"the run cannot grow at its {end.value} end (runs do not wrap)"
    if not wild:
        wanted = position_rank(position)
        if card.suit is not meld.suit or card.rank is not wanted:
            return f"{card} does not fit; the {end.value} end needs {wanted.symbol}{meld.suit}"
    if end is End.LOW:
        return Meld(MeldKind.RUN, (card, *meld.cards), suit=meld.suit, start=position)
    return Meld(MeldKind.RUN, (*meld.cards, card), suit=meld.suit, start=meld.start)


def lay_off(
    meld: Meld,
    card: Card,
    end: End | None = None,
    rules: MeldRules = DEFAULT_MELD_OPTIONS,
) -> Meld:
    """The meld after laying off ``card`` at ``end`` ([layoff.card]).

    Sets take a natural of their rank or a wild (``end`` is ``None``): by default a
    natural of a new suit, up to 4 cards ([meld.set_suits]). Runs take a card at either end; a wild takes
    the rank of the position it fills. The variant's options must still hold
    afterwards.

    Raises:
        TypeError: ``meld`` is not a :class:`Meld`, ``card`` not a
            :class:`~pushrummy.cards.Card`, ``end`` neither an :class:`End` nor ``None``,
            or ``rules`` not meld rules.
        InvalidMeldError: the card does not fit: the wrong rank, a suit the set has or
            a full set where ``set_suits`` is ``distinct`` ([meld.set_suits]), an end given
            for a set or none for a run, a card that is not the next one at ``end``, an end
            past the aces ([layoff.card]); or the grown meld breaks the variant's options
            ([meld.wild], [meld.run]).

    >>> from pushrummy.cards import parse_card as c, parse_cards
    >>> run = Meld.run_of(parse_cards("9H 10H JH"))
    >>> lay_off(run, c("JK"), End.HIGH)
    Meld.run('9H 10H JH JK=QH')
    >>> lay_off(run, c("8S"), End.LOW)
    Traceback (most recent call last):
    ...
    pushrummy.errors.InvalidMeldError: cannot lay off 8S on 9H 10H JH: 8S does not fit; the low end needs 8H [layoff.card]
    """
    require_meld(meld, "lay_off")
    require_card(card, "lay_off")
    if rules is not DEFAULT_MELD_OPTIONS:
        require_rules(rules, "lay_off")
    if end is not None and not isinstance(end, End):
        raise TypeError(f"end must be an End or None, not {type(end).__name__}")
    result = _extended(meld, card, end, wild_table(twos_wild(rules))[card.code])
    if isinstance(result, str):
        raise InvalidMeldError(
            f"cannot lay off {card} on {meld.notation()}: {result}", rule="layoff.card"
        )
    if result.kind is MeldKind.SET:  # [layoff.card]: as [meld.set_suits] allows
        suits = set_suits_problem(rules.set_suits, result.cards, twos_wild(rules))
        if suits is not None:
            raise InvalidMeldError(
                f"cannot lay off {card} on {meld.notation()}: afterwards {suits[1]}",
                rule="layoff.card",
            )
    problem = meld_rule_problem(result, rules)
    if problem is not None:
        raise InvalidMeldError(
            f"cannot lay off {card} on {meld.notation()}: afterwards {problem[1]}",
            rule=problem[0],
        )
    return result


def layoff_ends(
    meld: Meld, card: Card, rules: MeldRules = DEFAULT_MELD_OPTIONS
) -> tuple[End | None, ...]:
    """Every way ``card`` can be laid off on ``meld``: ``(None,)`` for a set,
    the fitting ends of a run (low first), or ``()``.

    Exactly the ends ``end`` for which :func:`lay_off` accepts ``(meld, card, end)``.

    Raises:
        TypeError: ``meld`` is not a :class:`Meld`, ``card`` not a
            :class:`~pushrummy.cards.Card`, or ``rules`` not meld rules.

    >>> from pushrummy.cards import parse_card as c, parse_cards
    >>> run = Meld.run_of(parse_cards("9H 10H JH"))
    >>> layoff_ends(run, c("JK"))
    (<End.LOW: 'low'>, <End.HIGH: 'high'>)
    >>> layoff_ends(run, c("QH"))
    (<End.HIGH: 'high'>,)
    >>> layoff_ends(Meld.set_of(parse_cards("9C 9S 9D")), c("9C"))
    ()
    """
    if type(card) is not Card:
        require_card(card, "layoff_ends")
    naturals, wilds = layoff_map(meld, rules)
    code = card.code
    return wilds if wild_table(twos_wild(rules))[code] else naturals.get(code, _NO_ENDS)


_NO_ENDS: tuple[End | None, ...] = ()
_SET_END: tuple[End | None, ...] = (None,)
_LOW: tuple[End | None, ...] = (End.LOW,)
_HIGH: tuple[End | None, ...] = (End.HIGH,)
_BOTH: tuple[End | None, ...] = (End.LOW, End.HIGH)
_JOKER = 52


def layoff_map(
    meld: Meld, rules: MeldRules = DEFAULT_MELD_OPTIONS
) -> tuple[dict[int, tuple[End | None, ...]], tuple[End | None, ...]]:
    """What can be laid off on ``meld``: the ends for each natural card that fits (by
    :attr:`~pushrummy.cards.Card.code`), and the ends for any wild.

    :func:`layoff_ends` in one piece, for the move generator and validation. A meld
    stays on the table as the same object from state to state until it grows, so the
    answer is memoised by the identity of the meld and the options (an int-keyed
    lookup: hashing a meld and a variant costs more than the answer), and no
    :class:`Meld` is built to find it (only :func:`lay_off` builds the grown meld).
    The result is shared: do not change it.
    """
    entry = LAYOFF_MAPS.get(id(meld))
    if entry is None or entry[0] is not meld or entry[1] is not rules:
        require_meld(meld, "layoff_map")
        require_rules(rules, "layoff_map")
        entry = layoff_entry(meld, rules)
    return entry[2]


def layoff_entry(meld: Meld, rules: MeldRules) -> LayoffEntry:
    """Compute and memoise :func:`layoff_map`'s answer, with the natural codes that fit
    as a bitmask (bit ``code``) besides, so that the move generator can rule a meld out
    for a whole hand with one ``&``.

    The answer depends only on a few numbers of the meld (a set's rank, suits and size, a
    run's suit, start and size, and how many wilds either holds) and on the three meld
    options, and the same melds come back game after game, so it is also memoised by
    those: a meld grown by a lay-off is a new object, but rarely a new shape, and a
    variant made anew for each game has the options of the last one."""
    cards = meld.cards
    wilds = suits = 0
    wild_twos = twos_wild(rules)
    wild = wild_table(wild_twos)
    for card in cards:
        code = card.code
        if wild[code]:
            wilds += 1
        else:
            suits |= 1 << code // 13
    # The options by value (the wild limit, a WildLimit member as require_rules and the
    # variants make sure, by identity: hashing an Enum member runs Python code, and its
    # members live as long as the process).
    options = (
        rules.min_naturals_per_meld,
        id(rules.wild_limit),
        rules.max_run_length,
        id(rules.set_suits),
        wild_twos,
        # A meld whose twos break wild_twos=False takes nothing ([setup.wild]).
        not wild_twos and natural_twos_problem(meld, False) is not None,
    )
    # Ints only in the key (a rank or suit by its value), so that the garbage collector
    # stops tracking it.
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        assert rank is not None
        key: tuple[object, ...] = (options, rank._value_, suits, wilds, len(cards))
    else:
        suit = meld.suit
        assert suit is not None
        key = (options, suit._value_, meld.start, wilds, len(cards), None)
    known = _BY_SHAPE.get(key)
    if known is None:
        found = (
            ({}, _NO_ENDS)
            if options[-1]
            else _new_layoff_map(meld, len(cards), wilds, suits, rules)
        )
        mask = 0
        for code in found[0]:
            mask |= 1 << code
        if len(_BY_SHAPE) >= 8192:
            _BY_SHAPE.clear()
        known = _BY_SHAPE[key] = (found, mask)
    if len(LAYOFF_MAPS) >= 2048:  # the melds on the tables in play (each entry holds its meld)
        LAYOFF_MAPS.clear()
    # Holding the meld and the options keeps their ids from being reused meanwhile.
    entry = LAYOFF_MAPS[id(meld)] = (meld, rules, known[0], known[1])
    return entry


_LayoffMap = tuple[dict[int, tuple[End | None, ...]], tuple[End | None, ...]]
LayoffEntry = tuple[Meld, MeldRules, _LayoffMap, int]
"""An entry of :data:`LAYOFF_MAPS`."""
LAYOFF_MAPS: dict[int, LayoffEntry] = {}
"""Memo of :func:`layoff_map` by ``id(meld)``: ``(meld, rules, answer, natural mask)``."""
_BY_SHAPE: dict[tuple[object, ...], tuple[_LayoffMap, int]] = {}
"""Memo of :func:`layoff_map`'s answer and natural mask by the meld's shape and the meld
options (see :func:`layoff_entry`); a few thousand shapes at most."""


def _keeps_options(rules: MeldRules, naturals: int, wilds: int, run_length: int) -> bool:
    """``meld_rule_violation(...) is None`` for a meld of these counts (``run_length``:
    the length of a run, 0 for a set)."""
    return option_problem(rules, naturals, wilds, run_length) is None


def _new_layoff_map(
    meld: Meld, length: int, wilds: int, suits: int, rules: MeldRules
) -> _LayoffMap:
    """The answer of :func:`layoff_map` for ``meld``, of ``length`` cards of which
    ``wilds`` are wild, its naturals of the ``suits`` (a bit per suit)."""
    naturals = length - wilds
    wild_twos = twos_wild(rules)
    fits: dict[int, tuple[End | None, ...]] = {}
    if meld.kind is MeldKind.SET:
        # [layoff.card]: a natural of the set's rank or a wild, as [meld.set_suits] allows:
        # the grown set of a natural of each suit, and of a joker (every wild alike).
        assert meld.rank is not None
        rank = int(meld.rank)
        if _keeps_options(rules, naturals + 1, wilds, 0):
            for suit in range(4):
                code = suit * 13 + rank - 1
                grown = (*meld.cards, ALL_CARDS[code])
                if set_suits_problem(rules.set_suits, grown, wild_twos) is None:
                    fits[code] = _SET_END
        wild_fits = _keeps_options(rules, naturals, wilds + 1, 0) and (
            set_suits_problem(rules.set_suits, (*meld.cards, ALL_CARDS[_JOKER]), wild_twos) is None
        )
        return fits, _SET_END if wild_fits else _NO_ENDS
    # A run grows by one position at either end, if there is one (no wrapping).
    assert meld.start is not None and meld.suit is not None
    start = meld.start
    low = start - 1 if start > 1 else 0
    high = start + length if start + length <= MAX_RUN_POSITION else 0
    if _keeps_options(rules, naturals + 1, wilds, length + 1):
        base = int(meld.suit) * 13
        for position, ends in ((low, _LOW), (high, _HIGH)):
            if position == 0 or (position == 2 and wild_twos):
                continue  # no such end, or a wild two's place (any wild fills it)
            code = base + (0 if position == MAX_RUN_POSITION else position - 1)
            fits[code] = _BOTH if code in fits else ends
    wild_ends = _NO_ENDS
    if _keeps_options(rules, naturals, wilds + 1, length + 1):
        if low:
            wild_ends = _BOTH if high else _LOW
        elif high:
            wild_ends = _HIGH
    return fits, wild_ends
