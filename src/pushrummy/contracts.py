"""The contract search ([contract.laydown]): can a hand meet a deal's contract, and how.

**Definitions.** A *way* to lay down ``contract`` from ``hand`` is a multiset of exactly
``contract.meld_count`` melds such that

* together they use no more copies of any card than the hand holds (a hand is a multiset:
  copies from the double deck are equal values, and both copies may be used);
* every meld is valid: structurally ([meld.set], [meld.run], checked when a
  :class:`~pushrummy.melds.Meld` is built) and under the variant's meld options
  (``meld_rule_violation(meld, variant) is None``: ``min_naturals_per_meld``,
  ``wild_limit``, ``max_run_length``);
* the melds can be matched one-to-one to ``contract.components``, each meld to a
  component of its kind and at least its size (exactly its size when the variant has
  ``contract_exact_sizes``).

All twos and jokers are wild, always: a ``2H`` at the two's place of a hearts run is still
a wild, for ``wild_limit`` as everywhere. A meld of wilds only is allowed by default; its
declaration is part of the meld, so ``JK JK JK`` as a set of 5s and as a set of 6s are
two different melds. Two ways are *the same* exactly when they are the same multiset of
melds, a meld being its kind, its cards and every card's declared role (that is
:class:`~pushrummy.melds.Meld` equality): the same melds in another order are one way,
while ``JK=5H 2C=6H`` and ``2C=5H JK=6H`` make two different runs.

**Canonical order.** :func:`contract_options` lists every way exactly once. Each way's
melds are sorted by :attr:`Meld.sort_key <pushrummy.melds.Meld.sort_key>` (sets before
runs, then rank or suit, start, length and card codes), and the ways are sorted by the
tuple of their melds' sort keys.

``variant`` may be any object with the :class:`ContractRules` fields (a
:class:`~pushrummy.variants.Variant` or a :class:`~pushrummy.melds.MeldOptions`, which
counts as ``contract_exact_sizes=False``); ``None`` means Push's default options.
``can_meet_contract(h, c, v) == bool(contract_options(h, c, v))`` always holds.

>>> from pushrummy import PUSH, WildLimit, parse_cards
>>> sets, set_run, runs = (PUSH.deals[i].contract for i in range(3))
>>> hand = parse_cards("7S 7H 7D 9C 9S 9H")
>>> can_meet_contract(hand, sets)
True
>>> contract_options(hand, sets)
((Meld.set('7D 7H 7S'), Meld.set('9C 9H 9S')),)
>>> explain_contract(hand, sets)
'can be met, for example: 7D 7H 7S / 9C 9H 9S'

Two wilds filling the same gaps in the other order make another run, so another way:

>>> from pushrummy import Contract
>>> for way in contract_options(parse_cards("4H 2C JK 7H"), Contract.parse("1 run of 4")):
...     print(" / ".join(str(meld) for meld in way))
4H 2C=5H JK=6H 7H
4H JK=5H 2C=6H 7H

When the contract cannot be met, :func:`explain_contract` says how close the hand is:

>>> explain_contract(parse_cards("5H 6H 7H 8H 9C 9S"), runs)
'cannot meet 2 runs of 4: the best is 1 run of 4 (5H 6H 7H 8H); it would take 3 more wilds'

House rules change the answers:

>>> hand = parse_cards("9C JK 2S 5H 6H 7H 8H")
>>> can_meet_contract(hand, set_run)
True
>>> can_meet_contract(hand, set_run, PUSH.replace(wild_limit=WildLimit.AT_MOST_NATURALS))
False

**How the search works.** :func:`can_meet_contract` never lists melds. For feasibility
wilds are interchangeable, so a candidate meld is just the natural cards it uses plus a
number of wilds, and only *minimal* candidates matter: dropping cards from a meld of a
solution leaves a solution as long as the smaller meld still qualifies, so every
candidate has exactly its component's size, except under a wild limit, where a longer
run can qualify when none of its parts does (``5H JK JK 8H 9H`` under
``fewer_than_naturals``). Candidates come from bitmasks (per suit, the run positions
held; per rank, the suits held), with per-suit and per-rank results memoised; the
natural cards a candidate uses are packed into one integer, a few bits per card code,
so "does it still fit in what is left of the hand?" is one subtraction and one mask
test. A small backtracking search then picks one candidate per component, fewest wilds
first, identical components in non-decreasing order.

:func:`contract_options` works in two stages so that its work follows the size of its
answer: it combines meld *shapes* (a meld with its wild slots left open), keeping a
partial combination only if the feasibility search says the rest of the contract can
still be met, then fills the wild slots with the hand's wild cards in every distinct
way. Each Meld is built once and reused by every way that holds it. Hands with many
wilds have a great many ways (each wild is a distinct card in every role it can take),
and listing them takes time in proportion.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import combinations, permutations
from typing import Final, NamedTuple, Protocol, TypeVar

from .cards import ALL_CARDS, Card, Rank, Suit
from .contract_spec import Contract, Requirement
from .errors import SetupError
from .melds import DEFAULT_MELD_OPTIONS, Meld, MeldKind, MeldRules, WildLimit, _trusted_meld

__all__ = [
    "Contract",
    "ContractRules",
    "Requirement",
    "can_complete_contract",
    "can_meet_contract",
    "contract_left",
    "contract_options",
    "explain_contract",
    "lay_down_steps",
    "single_melds",
    "step_order_key",
]


class ContractRules(MeldRules, Protocol):
    """The options the search obeys. A :class:`~pushrummy.variants.Variant` is one."""

    @property
    def contract_exact_sizes(self) -> bool: ...


# -- memos ---------------------------------------------------------------------------

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedMemo(dict[K, V]):
    """The memo of a pure function: a dict that empties itself when it is full.

    Reading is the dict's own, at the dict's speed: ``memo.get(key)`` (``None`` on a miss,
    where ``None`` is not a value), ``key in memo``, and ``memo[key]``, which on a miss
    computes, stores and returns the value when the memo has a ``compute`` function (else
    raises ``KeyError``). Writing is :meth:`put`, which first empties the memo if it holds
    ``limit`` entries.

    Why empty it all rather than evict the least recently used: the functions memoised
    are pure, so forgetting costs only recomputing, and play asks for the same few
    thousand keys over and over, so an emptied memo refills with what matters within a
    few calls; an LRU would add bookkeeping to every hit (hits far outnumber misses) to
    save those refills. The limits bound memory (a few to a few tens of MB per memo) and
    the pause of one clear.

    Interning tables (one :class:`_Rules` per options) are plain dicts, never emptied:
    their values' ids are parts of memo keys.
    """

    __slots__ = ("compute", "limit")

    def __init__(self, limit: int, compute: Callable[[K], V] | None = None) -> None:
        super().__init__()
        self.limit = limit
        """The most entries held; :meth:`put` empties the memo when it holds this many."""
        self.compute = compute
        """The function memoised, for ``memo[key]``; ``None`` when callers compute."""

    def put(self, key: K, value: V) -> V:
        """Store ``value`` at ``key`` (emptying the memo first if it is full); return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __missing__(self, key: K) -> V:
        if self.compute is None:
            raise KeyError(key)
        return self.put(key, self.compute(key))


# -- card tables ---------------------------------------------------------------------

_JOKER_CODE = 52
_WILD_CODES = (1, 14, 27, 40, _JOKER_CODE)
"""2C, 2D, 2H, 2S and the joker."""
_IS_WILD = tuple(code == 52 or code % 13 == 1 for code in range(53))
_SET_RANKS = (1, *range(3, 14))
"""The ranks a set may have: A and 3..K (twos are wild)."""
_POPCOUNT16 = tuple(bin(i).count("1") for i in range(16))
_ACE_HIGH = 14


def _position_code(suit: int, position: int) -> int:
    """The code of the natural card standing at ``position`` (1..14) of a ``suit`` run."""
    return suit * 13 + (0 if position == _ACE_HIGH else position - 1)


# -- options ---------------------------------------------------------------------------


class _Rules:
    """The options as the search uses them. Interned: one object per combination."""

    __slots__ = ("bonus", "exact", "least", "limited", "max_run", "min_naturals")

    def __init__(self, min_naturals: int, bonus: int, max_run: int, exact: bool) -> None:
        self.min_naturals = min_naturals
        self.bonus = bonus
        """A meld with n naturals may hold up to ``n + bonus`` wilds."""
        self.max_run = max_run
        self.exact = exact
        self.limited = bonus < _UNLIMITED_BONUS
        """True when ``wild_limit`` ties the wilds of a meld to its naturals."""
        # ``2n >= size - bonus`` is ``size - n <= n + bonus``: with at least this many
        # naturals, a candidate of ``size`` cards keeps the options.
        self.least = tuple(
            max(1, min_naturals, (size - bonus + 1) // 2) for size in range(_ACE_HIGH + 1)
        )
        """Per size, the fewest naturals of a candidate with wilds to spare (at least 1)."""

    def allows(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of ``naturals`` naturals and ``wilds`` wilds keeps the options."""
        return naturals >= self.min_naturals and wilds <= naturals + self.bonus


_UNLIMITED_BONUS = 1 << 20
_RULES_CACHE: dict[tuple[int, int, int, object], _Rules] = {}
"""Interning: one :class:`_Rules` per options, never dropped (memo keys hold their ids)."""


def _rules_of(variant: ContractRules | MeldRules | None) -> _Rules:
    if variant is None:
        return _DEFAULT_RULES
    try:
        min_naturals = variant.min_naturals_per_meld
        limit = variant.wild_limit
        max_run = variant.max_run_length
    except AttributeError:
        raise TypeError(
            "variant must be None or have the ContractRules fields "
            f"(a Variant or MeldOptions), not {type(variant).__name__}"
        ) from None
    exact = getattr(variant, "contract_exact_sizes", False)
    if type(min_naturals) is not int or type(max_run) is not int:
        raise TypeError("min_naturals_per_meld and max_run_length must be ints")
    # Keyed by the limit's identity: hashing an Enum member runs Python code.
    key = (min_naturals, id(limit), max_run, exact)
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = _new_rules(min_naturals, limit, max_run, exact)
    return rules


def _new_rules(min_naturals: int, limit: object, max_run: int, exact: object) -> _Rules:
    if limit is WildLimit.UNLIMITED:
        bonus = _UNLIMITED_BONUS
    elif limit is WildLimit.AT_MOST_NATURALS:
        bonus = 0
    elif limit is WildLimit.FEWER_THAN_NATURALS:
        bonus = -1
    else:
        raise TypeError(f"wild_limit must be a WildLimit, not {type(limit).__name__}")
    if type(exact) is not bool:
        raise TypeError(f"contract_exact_sizes must be a bool, not {type(exact).__name__}")
    return _Rules(max(0, min_naturals), bonus, min(max_run, _ACE_HIGH), exact)


_DEFAULT_RULES = _new_rules(
    DEFAULT_MELD_OPTIONS.min_naturals_per_meld,
    DEFAULT_MELD_OPTIONS.wild_limit,
    DEFAULT_MELD_OPTIONS.max_run_length,
    False,
)


# -- meld kinds ------------------------------------------------------------------------------

SET: Final = 0
RUN: Final = 1
"""The search's one encoding of a meld's kind: the int ``SET`` (0) or ``RUN`` (1), in
components ``(kind, size)``, candidates, shapes, sort keys and declarations. Plain ints keep
memo keys made of ints only (the garbage collector then stops tracking them), and order
sets before runs, as :attr:`Meld.sort_key <pushrummy.melds.Meld.sort_key>` does."""
MELD_KINDS: Final = (MeldKind.SET, MeldKind.RUN)
"""The :class:`~pushrummy.melds.MeldKind` of each kind code."""


def kind_code(kind: MeldKind) -> int:
    """The kind code (:data:`SET` or :data:`RUN`) of a :class:`~pushrummy.melds.MeldKind`."""
    return RUN if kind is MeldKind.RUN else SET


# -- contracts ---------------------------------------------------------------------------

_Component = tuple[int, int]
"""``(kind, size)``: a part of the contract, ``kind`` being :data:`SET` or :data:`RUN`."""


class _Plan(NamedTuple):
    comps: tuple[_Component, ...]
    """Every component, sorted (so identical ones are adjacent)."""
    distinct: tuple[_Component, ...]
    min_cards: int


def _plan_of(contract: Contract) -> _Plan:
    """The contract as the search wants it, cached per contract object."""
    entry = _PLAN_CACHE.get(id(contract))
    if entry is not None and entry[0] is contract:
        return entry[1]
    if not isinstance(contract, Contract):
        raise TypeError(f"contract must be a Contract, not {type(contract).__name__}")
    return _new_plan(contract)


def _new_plan(contract: Contract) -> _Plan:
    comps = tuple(sorted((kind_code(kind), size) for kind, size in contract.components))
    plan = _Plan(comps, tuple(dict.fromkeys(comps)), sum(size for _, size in comps))
    # Holding the contract keeps its id from being reused by another object.
    _PLAN_CACHE.put(id(contract), (contract, plan))
    return plan


def _plan_from(comps: tuple[_Component, ...]) -> _Plan:
    comps = tuple(sorted(comps))
    return _Plan(comps, tuple(dict.fromkeys(comps)), sum(size for _, size in comps))


_PLAN_CACHE: BoundedMemo[int, tuple[Contract, _Plan]] = BoundedMemo(256)


# -- hands --------------------------------------------------------------------------------
#
# The hot path reads a hand into bitmasks once: which naturals are held, suit-major (bit =
# card code, so a suit's 13 ranks are 13 adjacent bits) and rank-major (bit = 4 * (rank - 1)
# + suit, so a rank's suits are one 4-bit nibble). Copies only matter when cards are used,
# and that is checked with packed counts (below).

_PRESENCE = tuple(
    0 if _IS_WILD[code] else (1 << code) | (1 << (64 + code % 13 * 4 + code // 13))
    for code in range(53)
)
"""A natural's bit in :attr:`_Hand.presence`: suit-major at its code, rank-major from bit 64."""
_WILDNESS = tuple(int(wild) for wild in _IS_WILD)


class _Hand(NamedTuple):
    codes: list[int]
    """The code of every card, copies included."""
    wilds: int
    presence: int
    """The naturals held (copies aside), twice: suit-major in bits 0..51 (bit ``code``,
    so a suit is 13 adjacent bits) and rank-major from bit 64 (bit ``64 + 4 * (rank - 1) +
    suit``, so a rank's suits are one 4-bit nibble)."""

    def counts(self) -> list[int]:
        """Copies held of each card code 0..52."""
        counts = [0] * 53
        for code in self.codes:
            counts[code] += 1
        return counts

    def rank_suits(self, rank: int) -> int:
        """The suits (bits 0..3) held of ``rank``."""
        return self.presence >> (60 + 4 * rank) & 15


def _read_hand(hand: Iterable[Card]) -> _Hand:
    if type(hand) is tuple or type(hand) is list:
        cards = hand
    elif isinstance(hand, (Card, str)):
        raise TypeError(f"hand must be an iterable of Card, not a {type(hand).__name__}")
    else:
        try:
            cards = list(hand)
        except TypeError:
            raise TypeError(
                f"hand must be an iterable of Card, not {type(hand).__name__}"
            ) from None
    codes = [card.code for card in cards if card.__class__ is Card]
    if len(codes) != len(cards):
        codes = _checked_codes(cards)
    presence = wilds = 0
    for code in codes:
        presence |= _PRESENCE[code]
        wilds += _WILDNESS[code]
    return _Hand(codes, wilds, presence)


def _checked_codes(cards: Iterable[object]) -> list[int]:
    """The slow path of :func:`_read_hand`: Card subclasses are fine, anything else is not."""
    codes = []
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"hand must hold Card values, not {type(card).__name__}")
        codes.append(card.code)
    return codes


# -- packed card counts ----------------------------------------------------------------------
#
# A multiset of cards is one int with ``field`` bits per card code, wide enough that no
# count reaches the field's top (guard) bit. The "remaining" value keeps every guard bit
# set, so subtracting a candidate's counts clears a field's guard bit exactly when that
# field underflows: one subtraction and one mask test decide "fits" for all codes at once.


def _field_bits(most: int) -> int:
    """Bits per code for counts up to ``most``, plus the guard bit."""
    return max(4, most.bit_length() + 1)


class _Tables(NamedTuple):
    field: int
    units: tuple[int, ...]
    """The packed value of one card, by code."""
    guards: int
    set_use: tuple[tuple[int, ...], ...]
    """The packed naturals of a set, by rank and suit bits."""
    spread: tuple[int, ...]
    """Seven position bits spread out to seven fields, for a run's naturals."""


def _new_tables(field: int) -> _Tables:
    units = tuple(1 << (code * field) for code in range(53))
    set_use = tuple(
        tuple(
            sum(units[suit * 13 + rank - 1] for suit in range(4) if suits >> suit & 1)
            for suits in range(16)
        )
        for rank in range(14)
    )
    spread = tuple(sum(1 << (i * field) for i in range(7) if bits >> i & 1) for bits in range(128))
    guards = sum(1 << (code * field + field - 1) for code in range(53))
    return _Tables(field, units, guards, set_use, spread)


_TABLES: BoundedMemo[int, _Tables] = BoundedMemo(64, _new_tables)
"""The packing tables per field width: ``_TABLES[field]``."""


# -- feasibility: candidates ---------------------------------------------------------------
#
# A candidate is (wilds, use, info): how many wilds it needs, the packed natural cards it
# uses, and what to build it from (for examples): (SET, rank, suit bits) or
# (RUN, suit, position bits); no suit bits or position bits mean wilds only. Candidate
# lists are sorted by wilds; within one list, uses are unique.

_Candidate = tuple[int, int, tuple[int, int, int]]

_NIBBLES = sum(1 << (4 * i) for i in range(13))
_NIBBLE_1, _NIBBLE_3, _NIBBLE_5, _NIBBLE_8 = (d * _NIBBLES for d in (1, 3, 5, 8))


def _set_candidates(
    hand: _Hand, size: int, wilds: int, rules: _Rules, tables: _Tables
) -> list[_Candidate]:
    found: list[_Candidate] = []
    if size > 4:
        return found
    least = max(size - wilds, rules.least[size])
    if least <= size:
        # Nibble popcounts of the rank-major mask (SWAR): the ranks held in enough suits.
        ranks = x = hand.presence >> 64
        x -= x >> 1 & _NIBBLE_5
        x = (x & _NIBBLE_3) + (x >> 2 & _NIBBLE_3)
        enough = (x + (8 - least) * _NIBBLE_1) & _NIBBLE_8
        while enough:
            top = enough & -enough
            enough ^= top
            rank = top.bit_length() >> 2
            held = ranks >> (4 * rank - 4) & 15
            key = (held, rank, size, least, tables.field)
            sets = _RANK_SETS.get(key)
            if sets is None:
                sets = _RANK_SETS.put(key, _rank_sets(held, rank, size, least, tables))
            found += sets
    if size <= wilds and rules.allows(0, size):
        found.append((size, 0, (SET, 0, 0)))  # wilds only
    found.sort()
    return found


def _rank_sets(
    held: int, rank: int, size: int, least: int, tables: _Tables
) -> tuple[_Candidate, ...]:
    """The minimal sets of ``rank`` from the suits ``held``, with ``least`` naturals or more.

    A minimal set has exactly ``size`` cards: from a bigger one drop a wild if it has one
    (the options only get easier), else a natural (it keeps no wilds).
    """
    uses = tables.set_use[rank]
    found = []
    sub = held
    while sub:
        naturals = _POPCOUNT16[sub]
        if least <= naturals <= size:
            found.append((size - naturals, uses[sub], (SET, rank, sub)))
        sub = (sub - 1) & held
    return tuple(found)


_RANK_SETS: BoundedMemo[tuple[int, ...], tuple[_Candidate, ...]] = BoundedMemo(20_000)
"""Memo of :func:`_rank_sets` (a few thousand entries at most)."""


def _run_candidates(
    hand: _Hand, size: int, wilds: int, rules: _Rules, field: int, tables: _Tables
) -> list[_Candidate]:
    """Minimal runs for a component of ``size``.

    A run's resources are its natural positions ``T`` and its wild count, at least the
    gaps inside ``T`` and at least ``size - |T|``. Without a wild limit a minimal run is
    exactly ``size`` long (drop an end natural otherwise). With one, a longer run can be
    needed (``N W W N N`` keeps fewer_than_naturals where no 4 of it does); see
    :func:`_long_runs`.
    """
    if size > rules.max_run:
        return []
    least = max(size - wilds, rules.least[size])
    long_runs = rules.limited and not rules.exact
    found: list[_Candidate] = []
    presence = hand.presence
    for suit in range(4):
        held = presence >> (13 * suit) & 0x1FFF
        # An ace is two positions (low and high).
        if held.bit_count() + (held & 1) >= least:
            # Longer runs (under a wild limit) are bounded by the wilds, not by ``least``.
            key = (held, suit, size, least, field, rules, long_runs and wilds)
            runs = _SUIT_RUNS.get(key)
            if runs is None:
                runs = _suit_runs(held, suit, size, least, wilds, field, rules, tables)
                _SUIT_RUNS.put(key, runs)
            found += runs
    if size <= wilds and rules.allows(0, size):
        found.append((size, 0, (RUN, 0, 0)))  # wilds only
    found.sort()
    return found


_SUIT_RUNS: BoundedMemo[tuple[object, ...], tuple[_Candidate, ...]] = BoundedMemo(50_000)
"""Memo of :func:`_suit_runs`: it depends only on its arguments, and simulations repeat them."""


def _suit_runs(
    held: int,
    suit: int,
    size: int,
    least: int,
    wilds: int,
    field: int,
    rules: _Rules,
    tables: _Tables,
) -> tuple[_Candidate, ...]:
    """The minimal runs of one suit whose naturals are ``held`` (bits 0..12, ace to king).

    The result does not depend on ``wilds`` beyond ``least`` (how many naturals a run
    needs) unless runs longer than ``size`` are possible (under a wild limit).
    """
    positions = (held << 1) | ((held & 1) << _ACE_HIGH)
    found: dict[int, _Candidate] = {}
    _short_runs(found, suit, positions, size, least, field, tables.spread)
    if rules.limited and not rules.exact:
        _long_runs(found, suit, positions, size, wilds, rules, field, tables.spread)
    return tuple(found.values())


def _short_runs(
    found: dict[int, _Candidate],
    suit: int,
    positions: int,
    size: int,
    least: int,
    field: int,
    spread: tuple[int, ...],
) -> None:
    """Runs of exactly ``size`` cards, by their lowest natural and the naturals above it.

    Every natural in the run's window need not be used: another meld may need it, and a
    wild can stand in its place.
    """
    rest_of = positions
    window = (1 << size) - 1
    while rest_of:
        lowest = rest_of & -rest_of
        rest_of ^= lowest
        above = positions & (window * lowest) & ~lowest
        if above.bit_count() + 1 < least:
            continue
        sub = above
        while True:
            naturals = sub.bit_count() + 1
            if naturals >= least:
                _add_run(found, suit, sub | lowest, size - naturals, field, spread)
            if not sub:
                break
            sub = (sub - 1) & above


def _long_runs(
    found: dict[int, _Candidate],
    suit: int,
    positions: int,
    size: int,
    wilds: int,
    rules: _Rules,
    field: int,
    spread: tuple[int, ...],
) -> None:
    """Minimal runs longer than ``size`` (only under a wild limit).

    Such a run's wilds fill exactly its gaps, and they sit at the limit: were they below
    it, dropping an end natural would leave a smaller run that still qualifies. So with
    ``n`` naturals it spans ``2n + bonus`` positions, with naturals at both ends.
    """
    held = [p for p in range(1, _ACE_HIGH + 1) if positions >> p & 1]
    for i, low in enumerate(held):
        for high in held[i + 1 :]:
            span = high - low + 1
            if span > rules.max_run:
                break
            if span <= size or (span - rules.bonus) % 2:
                continue
            naturals = (span - rules.bonus) // 2
            need = span - naturals
            inner = [p for p in held if low < p < high]
            if need > wilds or not 2 <= naturals <= len(inner) + 2:
                continue
            if not rules.allows(naturals, need):
                continue
            for kept in combinations(inner, naturals - 2):
                bits = (1 << low) | (1 << high)
                for p in kept:
                    bits |= 1 << p
                if not _shrinks(bits, low, high, naturals, size, rules):
                    _add_run(found, suit, bits, need, field, spread)


def _shrinks(bits: int, low: int, high: int, naturals: int, size: int, rules: _Rules) -> bool:
    """Whether dropping the low or the high natural of a long run leaves a qualifying run."""
    rest = naturals - 1
    next_high = (bits & ~(1 << high)).bit_length() - 1
    above_low = bits >> (low + 1)
    next_low = low + 1 + ((above_low & -above_low).bit_length() - 1)
    for span in (next_high - low + 1, high - next_low + 1):
        if rules.allows(rest, max(span - rest, size - rest)):
            return True
    return False


def _add_run(
    found: dict[int, _Candidate],
    suit: int,
    bits: int,
    need: int,
    field: int,
    spread: tuple[int, ...],
) -> None:
    ranks = bits >> 1 & 0x1FFF  # bit rank - 1, as in card codes
    use = spread[ranks & 0x7F] + (spread[ranks >> 7] << (7 * field))
    if bits >> _ACE_HIGH & 1:
        # The high ace counts in the ace's field: a run holding both aces needs two
        # copies, which the search checks like any other count.
        use += 1
    use <<= 13 * suit * field
    # The same naturals make two runs only through a lone ace (low or high): keep the
    # one needing fewer wilds.
    old = found.get(use)
    if old is None or old[0] > need:
        found[use] = (need, use, (RUN, suit, bits))


# -- feasibility: search ---------------------------------------------------------------------


def _solve(
    hand: _Hand,
    plan: _Plan,
    rules: _Rules,
    extra_wilds: int = 0,
    by_comp: dict[_Component, list[_Candidate]] | None = None,
) -> list[_Candidate] | None:
    """One candidate per component, fitting the hand together, or ``None``.

    ``by_comp``, if given, receives the candidate list of each distinct component (for
    :class:`_Lister`, which needs them too).
    """
    codes = hand.codes
    if len(codes) + extra_wilds < plan.min_cards:
        return None
    wilds = hand.wilds + extra_wilds
    field = _field_bits(len(codes))
    tables = _TABLES[field]
    if by_comp is None:
        by_comp = {}
    for comp in plan.distinct:
        if comp[0] == RUN:
            found = _run_candidates(hand, comp[1], wilds, rules, field, tables)
        else:
            found = _set_candidates(hand, comp[1], wilds, rules, tables)
        if not found:
            return None
        by_comp[comp] = found
    units = tables.units
    remaining = tables.guards
    for code in codes:
        remaining += units[code]
    chosen: list[_Candidate] = []
    if _fit(plan, by_comp, remaining, wilds, tables.guards, chosen):
        return chosen
    return None


def _fit(
    plan: _Plan,
    by_comp: dict[_Component, list[_Candidate]],
    remaining: int,
    wilds: int,
    guards: int,
    chosen: list[_Candidate],
) -> bool:
    """Whether one candidate per component of ``plan`` (from ``by_comp``) fits the packed
    naturals ``remaining`` and ``wilds`` together; the candidates go to ``chosen``."""
    comps = plan.comps
    if len(plan.distinct) > 1:
        # Scarce components first; identical ones stay adjacent.
        comps = tuple(sorted(comps, key=lambda comp: (len(by_comp[comp]), comp)))
    lists = [by_comp[comp] for comp in comps]
    if not all(lists):
        return False
    # floor[i]: the fewest wilds components i and after need (each list is sorted by wilds).
    floor = [0] * (len(comps) + 1)
    for i in range(len(comps) - 1, -1, -1):
        floor[i] = floor[i + 1] + lists[i][0][0]
    if floor[0] > wilds:
        return False
    same = [i > 0 and comps[i] == comps[i - 1] for i in range(len(comps))]
    return _pick(0, 0, remaining, wilds, lists, same, floor, guards, chosen)


def _pick(
    i: int,
    start: int,
    remaining: int,
    wilds: int,
    lists: list[list[_Candidate]],
    same: list[bool],
    floor: list[int],
    guards: int,
    chosen: list[_Candidate],
) -> bool:
    """Backtracking: choose a candidate for component ``i`` and the rest after it.

    ``remaining`` keeps its guard bits set. Identical components take candidates in
    non-decreasing index order, so each multiset is tried once.
    """
    if i == len(lists):
        return True
    candidates = lists[i]
    spare = wilds - floor[i + 1]
    for index in range(start if same[i] else 0, len(candidates)):
        candidate = candidates[index]
        need = candidate[0]
        if need > spare:
            break  # sorted by wilds
        rest = remaining - candidate[1]
        if rest & guards != guards:
            continue
        chosen.append(candidate)
        if _pick(i + 1, index, rest, wilds - need, lists, same, floor, guards, chosen):
            return True
        chosen.pop()
    return False


# -- public: feasibility ---------------------------------------------------------------------


def can_meet_contract(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> bool:
    """Whether ``hand`` can lay down ``contract`` under ``variant``'s options.

    ``hand`` is any iterable of cards (a multiset); ``variant=None`` means Push's
    defaults. Equivalent to ``bool(contract_options(hand, contract, variant))``, but much
    faster: it never lists the ways.

    >>> from pushrummy import PUSH, parse_cards
    >>> can_meet_contract(parse_cards("7S 7H 7D 9C 9S 9H"), PUSH.deals[0].contract)
    True
    >>> can_meet_contract(parse_cards("KH AH 2H 3H"), PUSH.deals[1].contract)
    False
    """
    plan = _plan_of(contract)
    rules = _rules_of(variant)
    return _solve(_read_hand(hand), plan, rules) is not None


# -- enumeration ----------------------------------------------------------------------------
#
# contract_options works in two stages, so that its work follows the size of its answer.
#
# 1. *Shapes*: a shape is a meld with its wild slots left open (a set's rank, naturals and
#    number of wilds; a run's suit, start, length and which positions hold naturals).
#    Combinations of shapes are picked one slot at a time (sets first, then runs; slots
#    of one kind take shapes in non-decreasing list order, so each multiset once), and a
#    partial pick is kept only if the feasibility search says the rest of the contract
#    can still be met from the rest of the hand.
# 2. *Wilds*: each shape combination is filled with the hand's wild cards in every
#    distinct way. Distinct shapes give distinct melds; two equal shapes in one way take
#    fills in non-decreasing order, so each multiset of melds comes out once.


_Shape = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
"""A shape: ``(key, naturals, template, wilds, use)``, read through the indices below.

A plain tuple rather than a NamedTuple: shapes are memoised by the thousand, and the
garbage collector stops tracking exact tuples of ints, not tuple subclasses, so every
full collection would walk them all.
"""
_KEY: Final = 0
_NATURALS: Final = 1
_TEMPLATE: Final = 2
_WILDS: Final = 3
_USE: Final = 4
"""``key``: the sort key: kind (:data:`SET` or :data:`RUN`), rank or suit, start (0 for sets), size.
``naturals``: the natural codes used, sorted. ``template``: runs: the code at every
position, -1 for a wild slot; sets: the naturals. ``wilds``: how many wilds it holds.
``use``: the packed naturals."""


def _size_ok(comps: tuple[_Component, ...], kind: int, rules: _Rules) -> set[int]:
    """The meld sizes that can fill some component of the ``kind``."""
    sizes = [size for comp_kind, size in comps if comp_kind == kind]
    if not sizes:
        return set()
    top = rules.max_run if kind == RUN else 4
    if rules.exact:
        return {size for size in sizes if size <= top}
    return set(range(min(sizes), top + 1))


def _set_shapes(
    hand: _Hand, sizes: set[int], rules: _Rules, tables: _Tables, wilds: int
) -> list[_Shape]:
    """The set shapes of ``hand`` of the ``sizes``, holding at most ``wilds`` wilds (no
    more than the hand's)."""
    shapes: list[_Shape] = []
    if not sizes:
        return shapes  # the contract has no set
    by_rank = hand.presence >> 64
    for rank in _SET_RANKS:
        held = by_rank >> (4 * rank - 4) & 15
        if _POPCOUNT16[held] + wilds < 3:
            continue  # not even 3 cards
        for shape in _set_shape_list(rank, held, min(wilds, 4), rules, tables):
            if shape[_KEY][3] in sizes:
                shapes.append(shape)
    return shapes


def _set_shape_list(
    rank: int, held: int, wilds: int, rules: _Rules, tables: _Tables
) -> tuple[_Shape, ...]:
    """The set shapes of :func:`_set_shapes_of`, as :class:`_Shape` values. Memoised."""
    key = (rank, held, wilds, rules, tables.field)
    shapes = _SET_SHAPE_LISTS.get(key)
    if shapes is None:
        shapes = _SET_SHAPE_LISTS.put(
            key,
            tuple(
                (
                    (SET, rank, 0, len(naturals) + need),
                    naturals,
                    naturals,
                    need,
                    tables.set_use[rank][sum(1 << (code // 13) for code in naturals)],
                )
                for naturals, need in _set_shapes_of(rank, held, wilds, rules)
            ),
        )
    return shapes


_SET_SHAPE_LISTS: BoundedMemo[tuple[object, ...], tuple[_Shape, ...]] = BoundedMemo(20_000)


def _run_shapes(
    hand: _Hand, sizes: set[int], rules: _Rules, tables: _Tables, wilds: int
) -> list[_Shape]:
    """The run shapes of ``hand`` of the ``sizes``, holding at most ``wilds`` wilds (no
    more than the hand's)."""
    shapes: list[_Shape] = []
    if not sizes:
        return shapes  # the contract has no run
    smallest = min(sizes)
    for suit in range(4):
        suited = hand.presence >> (13 * suit) & 0x1FFF
        if not suited and wilds < smallest:
            continue
        both_aces = bool(suited & 1) and hand.codes.count(13 * suit) >= 2
        for shape in _run_shape_list(
            suit, suited, both_aces, min(wilds, rules.max_run), rules, tables, smallest
        ):
            if shape[_KEY][3] in sizes:
                shapes.append(shape)
    return shapes


def _run_shape_list(
    suit: int,
    suited: int,
    both_aces: bool,
    wilds: int,
    rules: _Rules,
    tables: _Tables,
    smallest: int,
) -> tuple[_Shape, ...]:
    """The run shapes of :func:`_run_shapes_of`, as :class:`_Shape` values. Memoised."""
    key = (suit, suited, both_aces, wilds, rules, tables.field, smallest)
    shapes = _RUN_SHAPE_LISTS.get(key)
    if shapes is None:
        shapes = _RUN_SHAPE_LISTS.put(
            key,
            tuple(
                _run_shape(suit, start, size, template, need, tables)
                for start, size, template, need in _run_shapes_of(
                    suit, suited, both_aces, wilds, rules, smallest
                )
            ),
        )
    return shapes


_RUN_SHAPE_LISTS: BoundedMemo[tuple[object, ...], tuple[_Shape, ...]] = BoundedMemo(20_000)


def _run_shape(
    suit: int, start: int, size: int, template: tuple[int, ...], wilds: int, tables: _Tables
) -> _Shape:
    naturals = [code for code in template if code >= 0]
    units = tables.units
    use = 0
    for code in naturals:
        use += units[code]  # a run holding both aces uses the ace twice
    naturals.sort()
    return (RUN, suit, start, size), tuple(naturals), template, wilds, use


def _fills(pool: list[int], count: int, ordered: bool) -> Iterator[tuple[int, ...]]:
    """Every way to take ``count`` wilds from ``pool`` (copies per wild code, in
    :data:`_WILD_CODES` order): sorted multisets, or sequences when ``ordered``."""
    if count == 0:
        yield ()
        return
    for index, code in enumerate(_WILD_CODES):
        if pool[index]:
            pool[index] -= 1
            for rest in _fills(pool, count - 1, ordered):
                if ordered or not rest or rest[0] >= code:
                    yield (code, *rest)
            pool[index] += 1


_MELD_CACHE: BoundedMemo[tuple[int, ...], Meld] = BoundedMemo(50_000)
"""The Meld of each declaration (a few tens of MB at most)."""


def _build_meld(decl: tuple[int, ...]) -> Meld:
    """The Meld of a declaration; cached because melds are values.

    ``decl`` is ``(SET, rank, *sorted codes)`` or ``(RUN, suit, start, *codes)``.
    The search only declares valid melds, so they are built without re-validation.
    """
    meld = _MELD_CACHE.get(decl)
    if meld is None:
        if decl[0] == SET:
            cards = tuple([ALL_CARDS[code] for code in decl[2:]])
            meld = _trusted_meld(MeldKind.SET, cards, _RANKS[decl[1]], None, None)
        else:
            cards = tuple([ALL_CARDS[code] for code in decl[3:]])
            meld = _trusted_meld(MeldKind.RUN, cards, None, _SUITS[decl[1]], decl[2])
        _MELD_CACHE.put(decl, meld)
    return meld


_RANKS: tuple[Rank, ...] = (Rank.ACE, *Rank)
"""Rank by value (index 0 unused): a tuple index instead of an Enum call."""
_SUITS: tuple[Suit, ...] = tuple(Suit)


def _fits_sizes(picked: list[int], needed: list[int], exact: bool) -> bool:
    """Whether melds of sizes ``picked`` match components of sizes ``needed`` one-to-one.

    Largest meld to largest component is a best matching: if any matching exists, so
    does this one.
    """
    pairs = zip(sorted(picked, reverse=True), sorted(needed, reverse=True), strict=True)
    if exact:
        return all(have == want for have, want in pairs)
    return all(have >= want for have, want in pairs)


class _Lister:
    """The two-stage enumeration of :func:`contract_options` for one hand and contract."""

    def __init__(
        self,
        hand: _Hand,
        comps: tuple[_Component, ...],
        rules: _Rules,
        candidates: dict[_Component, list[_Candidate]],
        canonical: bool = False,
    ) -> None:
        self.hand = hand
        self.comps = comps
        self.rules = rules
        self.ordered = not canonical
        """Whether a run's wilds fill its wild places in every order (else ascending only)."""
        self.tables = tables = _TABLES[_field_bits(len(hand.codes))]
        self.set_sizes = [size for kind, size in comps if kind == SET]
        self.run_sizes = [size for kind, size in comps if kind == RUN]
        # With one size per kind, every listed shape fits every component of its kind.
        self.mixed_sizes = len(set(self.set_sizes)) > 1 or len(set(self.run_sizes)) > 1
        self.candidates = candidates
        """The whole hand's feasibility candidates per component (for the prune), as
        :func:`_solve` found them."""
        budget = self._wild_budget()
        # Shapes are made only up to the most wilds the budget allows a shape of the kind:
        # with fewer wilds the same shapes come, less those needing more, in the same order,
        # and the filter below would drop those anyway (often most of a wild-rich hand's).
        most_set = max(budget[size, SET] for size in range(3, _ACE_HIGH + 1))
        most_run = max(budget[size, RUN] for size in range(3, _ACE_HIGH + 1))
        sets = _set_shapes(hand, _size_ok(comps, SET, rules), rules, tables, most_set)
        runs = _run_shapes(hand, _size_ok(comps, RUN, rules), rules, tables, most_run)
        sets = [shape for shape in sets if shape[_WILDS] <= budget[shape[_KEY][3], SET]]
        runs = [shape for shape in runs if shape[_WILDS] <= budget[shape[_KEY][3], RUN]]
        # Fewest wilds first: a slot's loop then stops at the first shape needing more
        # wilds than are left, where it used to test every shape after it (most of the
        # search's steps). The order of exploration does not matter: run() sorts the ways.
        sets.sort(key=_wilds_of)
        runs.sort(key=_wilds_of)
        self.slots = [sets] * len(self.set_sizes) + [runs] * len(self.run_sizes)
        self.ends = [_ends_by_wilds(shapes, hand.wilds) for shapes in self.slots]
        """Per slot, per number of wilds left: the end of the slot's shapes that fit them."""
        counts = hand.counts()
        self.pool = [counts[code] for code in _WILD_CODES]
        self.picked: list[_Shape] = []
        self.ways: list[tuple[bytes, tuple[Meld, ...]]] = []
        """Every way listed, with its sort key (see :meth:`_fill_last`)."""
        self.feasible: dict[tuple[object, ...], bool] = {}
        self.fill_memo: dict[tuple[object, ...], list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        self.meld_memo: dict[int, dict[tuple[int, ...], tuple[bytes, Meld]]] = {}
        """Per shape (by identity: shapes live as long as the lister), per fill: the meld."""
        self.rests_memo: dict[tuple[_Component, ...], list[_Plan]] = {}

    def _wild_budget(self) -> dict[tuple[int, int], int]:
        """The most wilds a shape of each size and kind may hold and still leave enough
        for the other components (each needs at least its fewest-wild candidate's)."""
        hand, rules, tables = self.hand, self.rules, self.tables
        fewest = {}
        for comp in set(self.comps):
            found = self.candidates.get(comp)
            if found is None:
                kind, size = comp
                if kind == RUN:
                    found = _run_candidates(hand, size, hand.wilds, rules, tables.field, tables)
                else:
                    found = _set_candidates(hand, size, hand.wilds, rules, tables)
                self.candidates[comp] = found
            fewest[comp] = found[0][0] if found else hand.wilds + 1
        spare = hand.wilds - sum(fewest[comp] for comp in self.comps)
        exact = rules.exact
        budget = {}
        for kind in (SET, RUN):
            needs = [(need, fewest[of, need]) for of, need in self.comps if of == kind]
            for size in range(3, _ACE_HIGH + 1):
                most = -1  # no component of the kind takes this size
                for need, few in needs:
                    if (size == need if exact else size >= need) and few > most:
                        most = few
                budget[size, kind] = spare + most if most >= 0 else -1
        return budget

    def run(self) -> tuple[tuple[Meld, ...], ...]:
        remaining = self.tables.guards
        for code in self.hand.codes:
            if not _IS_WILD[code]:
                remaining += self.tables.units[code]
        self._pick(0, 0, remaining, self.hand.wilds)
        self.ways.sort()  # sort keys differ between ways, so melds are never compared
        return tuple(way for _, way in self.ways)

    def _pick(self, slot: int, first: int, remaining: int, wilds: int) -> None:
        """Stage 1: shapes for ``slot`` on, from index ``first`` of its list if the same kind."""
        if slot == len(self.slots):
            self._leaf()
            return
        shapes = self.slots[slot]
        guards = self.tables.guards
        start = first if slot and self.slots[slot - 1] is shapes else 0
        # The prune proves that the slots after this one can still be filled. With one
        # slot left after this, listing that slot's fitting shapes directly costs less
        # than the proof (a few int operations per shape against a feasibility search).
        prune = slot + 2 < len(self.slots)
        for index in range(start, self.ends[slot][wilds]):
            shape = shapes[index]
            rest = remaining - shape[_USE]
            if rest & guards != guards:
                continue
            self.picked.append(shape)
            if not prune or self._rest_feasible(rest, wilds - shape[_WILDS]):
                self._pick(slot + 1, index, rest, wilds - shape[_WILDS])
            self.picked.pop()

    def _rest_feasible(self, remaining: int, wilds: int) -> bool:
        """Whether the components not yet filled can be met from what is left (a prune:
        it tries every assignment of the picked shapes to components).

        What is left is ``remaining`` (packed naturals, guard bits set) and ``wilds``.
        Its feasibility candidates are among the whole hand's (a smaller hand only
        loses candidates, and needing fewer wilds is checked on the way), so the
        feasibility search runs on those lists, with no new hand to read.
        """
        picked = tuple((shape[_KEY][0], shape[_KEY][3]) for shape in self.picked)
        rests = self.rests_memo.get(picked)
        if rests is None:
            rests = self.rests_memo[picked] = self._rests(picked)
        for rest in rests:
            key = (remaining, wilds, rest.comps)
            known = self.feasible.get(key)
            if known is None:
                known = self.feasible[key] = self._fits(rest, remaining, wilds)
            if known:
                return True
        return False

    def _fits(self, plan: _Plan, remaining: int, wilds: int) -> bool:
        """:func:`_solve` for ``plan`` from ``remaining`` and ``wilds``, on the whole hand's
        candidate lists."""
        return _fit(plan, self.candidates, remaining, wilds, self.tables.guards, [])

    def _rests(self, picked: tuple[_Component, ...]) -> list[_Plan]:
        """The components left over by each assignment of melds ``picked`` (kind, size)."""
        comps, exact = self.comps, self.rules.exact
        rests: dict[tuple[_Component, ...], None] = {}
        for chosen in permutations(range(len(comps)), len(picked)):
            if all(
                comps[c][0] == picked[i][0]
                and (picked[i][1] == comps[c][1] if exact else picked[i][1] >= comps[c][1])
                for i, c in enumerate(chosen)
            ):
                rests[tuple(comp for i, comp in enumerate(comps) if i not in chosen)] = None
        return [_plan_from(rest) for rest in rests]

    def _leaf(self) -> None:
        if self.mixed_sizes:
            cut = len(self.set_sizes)
            sizes = [shape[_KEY][3] for shape in self.picked]
            if not _fits_sizes(sizes[:cut], self.set_sizes, self.rules.exact):
                return
            if not _fits_sizes(sizes[cut:], self.run_sizes, self.rules.exact):
                return
        if self.picked:
            self._fill(0, [], ())

    def _fill(self, i: int, melds: list[tuple[bytes, Meld]], previous: tuple[int, ...]) -> None:
        """Stage 2: wild cards for shape ``i`` on (there is at least one shape left)."""
        shape = self.picked[i]
        twin = i > 0 and self.picked[i - 1] is shape
        fills = self._fills_of(shape[_WILDS], shape[_KEY][0] == RUN and self.ordered)
        if i + 1 == len(self.picked):
            self._fill_last(shape, fills, melds, previous if twin else None)
            return
        if i == 0 and len(self.picked) == 2:
            self._fill_pair(shape, fills)
            return
        pool = self.pool
        keyed = self._keyed
        for fill, taken in fills:
            if twin and fill < previous:
                continue
            melded = keyed(shape, fill)
            for index in taken:
                pool[index] -= 1
            melds.append(melded)
            self._fill(i + 1, melds, fill)
            melds.pop()
            for index in taken:
                pool[index] += 1

    def _fill_last(
        self,
        shape: _Shape,
        fills: list[tuple[tuple[int, ...], tuple[int, ...]]],
        melds: list[tuple[bytes, Meld]],
        previous: tuple[int, ...] | None,
    ) -> None:
        """Stage 2 for the last shape: one way per fill (this loop runs once per way).

        A way's sort key is its melds' keys run together: a meld's key states its size
        (its fourth item) before its cards, so two keys of different lengths already
        differ within their common part, and run-together keys compare exactly as the
        tuples of meld keys do, while costing one bytes object instead of a tuple of
        tuples.
        """
        keyed = self._keyed
        append = self.ways.append
        for fill, _ in fills:
            if previous is not None and fill < previous:
                continue
            ordered = sorted([*melds, keyed(shape, fill)])
            append((b"".join([key for key, _ in ordered]), tuple(meld for _, meld in ordered)))

    def _fill_pair(
        self, shape: _Shape, fills: list[tuple[tuple[int, ...], tuple[int, ...]]]
    ) -> None:
        """Stage 2 for two shapes (a two-part contract), the fast path: :meth:`_fill` of the
        first shape and :meth:`_fill_last` of the second, inlined into one loop.

        It lists the same ways as that general path: each fill of the first shape takes
        its wilds from the pool, and the second shape's fills come from what is left; when
        both slots hold the same shape its second fill is not below the first (each
        multiset of melds once); and the way's sort key is the two melds' keys in order,
        which one comparison settles (where the general path sorts a list).

        It is there because two-part contracts are four of the five deals of Push and of
        Cap-It, and this loop runs once per fill of the first meld, each of which often
        leaves only a way or two: the general path's recursion and lists would cost more
        than the ways themselves.
        """
        pool = self.pool
        second = self.picked[1]
        ordered = second[_KEY][0] == RUN and self.ordered
        memo = self._memo_of(second)
        keyed = self._keyed
        append = self.ways.append
        for fill, taken in fills:
            first_key, first = keyed(shape, fill)
            for index in taken:
                pool[index] -= 1
            rest = self._fills_of(second[_WILDS], ordered)
            for index in taken:
                pool[index] += 1
            for other, _ in rest:
                if second is shape and other < fill:
                    continue
                melded = memo.get(other)
                if melded is None:
                    melded = memo[other] = _keyed_meld(second, other)
                key, meld = melded
                if key < first_key:
                    append((key + first_key, (meld, first)))
                else:
                    append((first_key + key, (first, meld)))

    def _fills_of(self, count: int, ordered: bool) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The fills :func:`_fills` gives from the current pool, with their pool indices."""
        key = (*self.pool, count, ordered)
        fills = self.fill_memo.get(key)
        if fills is None:
            fills = self.fill_memo[key] = [
                (fill, tuple(_WILD_CODES.index(code) for code in fill))
                for fill in _fills(self.pool, count, ordered)
            ]
        return fills

    def _keyed(self, shape: _Shape, fill: tuple[int, ...]) -> tuple[bytes, Meld]:
        memo = self._memo_of(shape)
        melded = memo.get(fill)
        if melded is None:
            melded = memo[fill] = _keyed_meld(shape, fill)
        return melded

    def _memo_of(self, shape: _Shape) -> dict[tuple[int, ...], tuple[bytes, Meld]]:
        memo = self.meld_memo.get(id(shape))
        if memo is None:
            memo = self.meld_memo[id(shape)] = {}
        return memo


def _wilds_of(shape: _Shape) -> int:
    return shape[_WILDS]


def _ends_by_wilds(shapes: list[_Shape], most: int) -> list[int]:
    """For ``shapes`` sorted by wilds: per wild count ``0..most``, how many of the first
    shapes hold no more wilds than that."""
    ends = []
    end = 0
    for wilds in range(most + 1):
        while end < len(shapes) and shapes[end][_WILDS] <= wilds:
            end += 1
        ends.append(end)
    return ends


def _keyed_meld(shape: _Shape, fill: tuple[int, ...]) -> tuple[bytes, Meld]:
    if shape[_KEY][0] == SET:
        codes = tuple(sorted(shape[_NATURALS] + fill))
        decl = (SET, shape[_KEY][1], *codes)
    else:
        wild = iter(fill)
        codes = tuple(code if code >= 0 else next(wild) for code in shape[_TEMPLATE])
        decl = (RUN, shape[_KEY][1], shape[_KEY][2], *codes)
    # The sort key as bytes: every item is below 256, so bytes order is the tuples' order,
    # and comparing bytes (thousands of times in a big listing's sort) is a memcmp.
    return bytes((*shape[_KEY], *codes)), _build_meld(decl)


def _hand_of(naturals: list[int], wilds: int) -> _Hand:
    """A hand of these naturals and ``wilds`` jokers (only the number of wilds matters)."""
    codes = [*naturals, *([_JOKER_CODE] * wilds)]
    presence = 0
    for code in naturals:
        presence |= _PRESENCE[code]
    return _Hand(codes, wilds, presence)


def contract_options(
    hand: Iterable[Card],
    contract: Contract,
    variant: ContractRules | None = None,
    *,
    limit: int | None = None,
    canonical_wilds: bool = False,
) -> tuple[tuple[Meld, ...], ...]:
    """Every distinct way to lay down ``contract`` from ``hand``, in canonical order.

    See the module documentation for what counts as a way, when two ways are the same,
    and the order. ``()`` when the contract cannot be met.

    A hand with several wilds has a great many ways (hundreds of thousands with five or
    six), and listing them all takes time in proportion. ``limit`` asks for at most that
    many, at a cost that follows ``limit`` rather than the whole count: they are then the
    first ways met by placing :func:`lay_down_steps` one at a time (each way sorted as
    always, the ways in that step order rather than sorted). ``canonical_wilds`` lists
    ways that differ only in which wild card fills which wild place of a run once, with
    the wilds in ascending card order along the run: the choices that differ in play
    when ``wild_exchange`` is ``none`` ([meld.wild]).

    >>> from pushrummy import PUSH, parse_cards
    >>> contract_options(parse_cards("7S 7H 7D 7C 9C 9S 9H"), PUSH.deals[0].contract)
    ... # doctest: +NORMALIZE_WHITESPACE
    ((Meld.set('7C 7D 7H'), Meld.set('9C 9H 9S')),
     (Meld.set('7C 7D 7S'), Meld.set('9C 9H 9S')),
     (Meld.set('7C 7H 7S'), Meld.set('9C 9H 9S')),
     (Meld.set('7D 7H 7S'), Meld.set('9C 9H 9S')),
     (Meld.set('7C 7D 7H 7S'), Meld.set('9C 9H 9S')))
    >>> wild = parse_cards("2C 2D 2H 2S 2C JK JK 7H 8H 9S QC")
    >>> set_run = PUSH.deals[1].contract
    >>> len(contract_options(wild, set_run, limit=3))
    3
    >>> len(contract_options(parse_cards("4H 2C JK 7H"), Contract.parse("1 run of 4")))
    2
    >>> contract_options(parse_cards("4H 2C JK 7H"), Contract.parse("1 run of 4"),
    ...                  canonical_wilds=True)
    ((Meld.run('4H 2C=5H JK=6H 7H'),),)
    """
    plan = _plan_of(contract)
    rules = _rules_of(variant)
    if limit is not None:
        if not isinstance(limit, int) or isinstance(limit, bool):
            raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
        if limit < 0:
            raise SetupError(f"limit must be 0 or more, not {limit}")
    parsed = _read_hand(hand)
    if limit is not None:
        finder = _Steps(rules, bool(canonical_wilds), False)
        ways: list[tuple[Meld, ...]] = []
        for way in _step_ways(finder, parsed.codes, plan.comps, None):
            if len(ways) >= limit:
                break
            ways.append(tuple(sorted(way)))
        return tuple(ways)
    candidates: dict[_Component, list[_Candidate]] = {}
    if _solve(parsed, plan, rules, 0, candidates) is None:
        return ()
    return _Lister(parsed, plan.comps, rules, candidates, bool(canonical_wilds)).run()


def _step_ways(
    finder: _Steps,
    codes: list[int],
    rest: tuple[_Component, ...],
    after: tuple[int, tuple[int, ...]] | None,
) -> Iterator[tuple[Meld, ...]]:
    """The ways to complete ``rest`` from ``codes``, lazily, by placing lay-down steps one
    at a time; each step comes after ``after`` (step place, sort key) in step order, so
    each way is met once."""
    for key, decl in finder.steps(_hand_from_codes(codes), rest):
        cards = decl[3:] if decl[0] == RUN else decl[2:]
        order = _decl_order(key, decl)
        if after is not None and order < after:
            continue
        meld = _build_meld(decl)
        left = _rest_after(rest, decl[0], len(cards), finder.exact)
        assert left is not None
        if not left:
            yield (meld,)
            continue
        remaining = list(codes)
        for code in cards:
            remaining.remove(code)
        for tail in _step_ways(finder, remaining, left, order):
            yield (meld, *tail)


# -- single melds ---------------------------------------------------------------------------
#
# After the contract a player may meld any one set or run of 3 or more cards ([meld.new]).
# Those melds are exactly the ways of the one-component contracts "1 set of 3" and "1 run
# of 3" (sizes never exact), but the general lister pays for machinery a single meld does
# not need (shape combination, the feasibility prune), and the move generator asks after
# every lay-off. single_melds lists the same melds directly: ranks and windows of a suit
# that too few naturals cover to fill with the wilds held are skipped at once, and the
# set and run shapes of a rank's or suit's naturals are memoised.


def single_melds(
    hand: Iterable[Card], variant: MeldRules | None = None, *, canonical_wilds: bool = False
) -> tuple[Meld, ...]:
    """Every distinct set or run of 3 or more cards ``hand`` can meld, in canonical order.

    The same melds, in the same order, as the single melds of
    ``contract_options(hand, Contract.parse("1 set of 3"), rules)`` followed by those of
    ``"1 run of 3"``, where ``rules`` are ``variant``'s meld options with
    ``contract_exact_sizes`` off (a new meld may be any size). With ``canonical_wilds``,
    runs that differ only in which wild card fills which wild place come once, with
    their wilds in ascending card order along the run ([meld.wild]).
    """
    return _single_melds(_read_hand(hand), _meld_rules_of(variant), bool(canonical_wilds))


def _meld_rules_of(variant: MeldRules | None) -> _Rules:
    """The search's options for a single new meld: the variant's, sizes never exact."""
    rules = _rules_of(variant)
    if not rules.exact:
        return rules
    key = (rules.min_naturals, rules.bonus, rules.max_run)
    loose = _LOOSE_RULES.get(key)
    if loose is None:
        loose = _LOOSE_RULES[key] = _Rules(rules.min_naturals, rules.bonus, rules.max_run, False)
    return loose


_LOOSE_RULES: dict[tuple[int, int, int], _Rules] = {}
"""Interning, as :data:`_RULES_CACHE`."""


def _single_melds(hand: _Hand, rules: _Rules, canonical: bool = False) -> tuple[Meld, ...]:
    found = _single_decls(hand, rules, canonical)
    return tuple(_build_meld(decl) for _, decl in found)


def _wild_pool(hand: _Hand) -> list[int]:
    """Copies held of each wild card, in :data:`_WILD_CODES` order."""
    pool = [0] * 5
    if hand.wilds:
        for code in hand.codes:
            if _IS_WILD[code]:
                pool[_WILD_INDEX[code]] += 1
    return pool


def _single_decls(
    hand: _Hand, rules: _Rules, canonical: bool, holding: int = -1
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every single meld of ``hand`` as ``(sort key, declaration)``, sorted. With
    ``canonical``, a run's wilds fill its wild places in one order only (ascending card
    code), so runs differing only in which wild stands where come once ([meld.wild]).
    With ``holding`` (a natural's code), only the melds holding that card."""
    pool = _wild_pool(hand)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for kind, which, start, size, body, need in _meld_shapes(hand, rules, True, True):
        if holding >= 0 and holding not in body:
            continue
        if kind == SET:
            for fill in _fills_memo(pool, need, False):
                cards = tuple(sorted(body + fill)) if fill else body
                found.append(((SET, which, 0, size, *cards), (SET, which, *cards)))
        elif not need:
            found.append(((RUN, which, start, size, *body), (RUN, which, start, *body)))
        else:
            for fill in _fills_memo(pool, need, not canonical):
                slot = iter(fill)
                cards = tuple(c if c >= 0 else next(slot) for c in body)
                found.append(((RUN, which, start, size, *cards), (RUN, which, start, *cards)))
    found.sort()
    return found


_MeldShape = tuple[int, int, int, int, tuple[int, ...], int]
"""``(kind, rank or suit, start, size, body, wilds)``: a set's body is its natural codes,
a run's its template (natural codes by position, -1 at each wild place)."""


def _meld_shapes(
    hand: _Hand, rules: _Rules, sets: bool, runs: bool, shortest_run: int = 3
) -> Iterator[_MeldShape]:
    """The shapes of every single meld of ``hand`` (sets first, then runs by suit; runs of
    ``shortest_run`` cards or more)."""
    wilds = hand.wilds
    presence = hand.presence
    # Sets: a rank's naturals (one per suit) and wilds, 3 or 4 cards in all.
    by_rank = presence >> 64
    if not sets:
        ranks: list[int] = []
    elif wilds < 3:
        # Nibble popcounts (SWAR, as in _set_candidates): the ranks held in 3 - wilds
        # suits or more; no other rank makes a set.
        x = by_rank - (by_rank >> 1 & _NIBBLE_5)
        x = (x & _NIBBLE_3) + (x >> 2 & _NIBBLE_3)
        enough = (x + (5 + wilds) * _NIBBLE_1) & _NIBBLE_8
        ranks = [(bit.bit_length() + 3) >> 2 for bit in _bits(enough)]
    else:
        ranks = list(_SET_RANKS)
    for rank in ranks:
        held = by_rank >> (4 * rank - 4) & 15
        for naturals, need in _set_shapes_of(rank, held, min(wilds, 4), rules):
            yield SET, rank, 0, len(naturals) + need, naturals, need
    if not runs:
        return
    # Runs: windows of one suit's positions; every natural in one may also give way to a
    # wild (another meld may need it), and the wilds fill the rest in every order.
    for suit in range(4):
        suited = presence >> (13 * suit) & 0x1FFF
        if wilds < 2:
            # A run needs three positions in a row holding 3 - wilds naturals or more
            # (a longer run with at most one wild holds such three).
            p = (suited << 1) | ((suited & 1) << _ACE_HIGH)
            if wilds:
                p = (p & p >> 1) | (p & p >> 2) | (p >> 1 & p >> 2)
            else:
                p &= p >> 1 & p >> 2
            if not p:
                continue
        elif not suited and wilds < 3:
            continue
        both_aces = suited & 1 and hand.codes.count(13 * suit) >= 2
        shapes = _run_shapes_of(
            suit, suited, bool(both_aces), min(wilds, rules.max_run), rules, shortest_run
        )
        for start, size, template, need in shapes:
            if need <= wilds:
                yield RUN, suit, start, size, template, need


_WILD_INDEX = {code: index for index, code in enumerate(_WILD_CODES)}


def _bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first, each as a power of two."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def _set_shapes_of(
    rank: int, held: int, wilds: int, rules: _Rules
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The sets of ``rank`` from the suits ``held`` and up to ``wilds`` wilds (at most 4):
    their natural codes and how many wilds each needs. Memoised."""
    key = (rank, held, wilds, rules)
    shapes = _SET_SHAPES.get(key)
    if shapes is None:
        found = []
        for suits in range(16):
            if suits & held != suits:
                continue
            naturals = tuple(suit * 13 + rank - 1 for suit in range(4) if suits >> suit & 1)
            count = len(naturals)
            for need in range(max(0, 3 - count), min(wilds, 4 - count) + 1):
                if rules.allows(count, need):
                    found.append((naturals, need))
        shapes = _SET_SHAPES.put(key, tuple(found))
    return shapes


_SET_SHAPES: BoundedMemo[tuple[object, ...], tuple[tuple[tuple[int, ...], int], ...]] = BoundedMemo(
    20_000
)


def _run_shapes_of(
    suit: int, suited: int, both_aces: bool, wilds: int, rules: _Rules, smallest: int = 3
) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    """The runs of ``suit`` of ``smallest`` cards or more from its naturals ``suited`` (bit
    ``rank - 1``) and up to ``wilds`` wilds: ``(start, size, template, wilds needed)``, the
    template holding the natural's code at each position it keeps and -1 at each wild
    slot. Memoised: a suit's few naturals repeat from hand to hand."""
    key = (suit, suited, both_aces, wilds, rules, smallest)
    shapes = _RUN_SHAPES.get(key)
    if shapes is None:
        shapes = _RUN_SHAPES.put(
            key, _new_run_shapes(suit, suited, both_aces, wilds, rules, smallest)
        )
    return shapes


_RUN_SHAPES: BoundedMemo[tuple[object, ...], tuple[tuple[int, int, tuple[int, ...], int], ...]] = (
    BoundedMemo(50_000)
)


def _new_run_shapes(
    suit: int, suited: int, both_aces: bool, wilds: int, rules: _Rules, smallest: int
) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    positions = (suited << 1) | ((suited & 1) << _ACE_HIGH)  # an ace is low and high
    codes = _POSITION_CODES[suit]
    found = []
    window_mask = (1 << smallest) - 1
    for start in range(1, _ACE_HIGH - 1):
        # Runs from ``start`` lack naturals at no fewer positions than the shortest one
        # does (see the break below): if it already needs too many wilds, or does not
        # fit, nothing starts here. Most starts of a hand's suit end here.
        longest = min(rules.max_run, _ACE_HIGH + 1 - start)
        shortest_naturals = (positions >> start & window_mask).bit_count()
        if smallest > longest or smallest - shortest_naturals > wilds:
            continue
        held = 0
        window: list[int] = []  # the window's template: natural codes, -1 for a gap
        kept: list[int] = []  # the window's natural positions, relative to start
        for end in range(start, min(start + rules.max_run - 1, _ACE_HIGH) + 1):
            if positions >> end & 1:
                held += 1
                kept.append(end - start)
                window.append(codes[end])
            else:
                window.append(-1)
            size = end - start + 1
            if size - held > wilds:
                break  # longer windows from this start lack even more naturals
            if size < smallest:
                continue
            # Both aces of the suit in one run need two aces in hand.
            double_ace = start == 1 and end == _ACE_HIGH and positions & 2 and not both_aces
            for dropped in range(held + 1):
                need = size - held + dropped
                if need > wilds:
                    break
                if not rules.allows(size - need, need):
                    continue
                for gone in combinations(kept, dropped):
                    if double_ace and 0 not in gone and size - 1 not in gone:
                        continue  # one ace cannot stand at both ends
                    if gone:
                        template = list(window)
                        for index in gone:
                            template[index] = -1
                        found.append((start, size, tuple(template), need))
                    else:
                        found.append((start, size, tuple(window), need))
    return tuple(found)


_POSITION_CODES = tuple(
    tuple(-1 if position == 0 else _position_code(suit, position) for position in range(15))
    for suit in range(4)
)
"""The natural card code at each run position (1..14) of each suit."""


def _fills_memo(pool: list[int], count: int, ordered: bool) -> tuple[tuple[int, ...], ...]:
    """:func:`_fills` of ``pool``, memoised (pools and counts are few)."""
    key = (*pool, count, ordered)
    fills = _FILLS_CACHE.get(key)
    if fills is None:
        fills = _FILLS_CACHE.put(key, tuple(_fills(list(pool), count, ordered)))
    return fills


_FILLS_CACHE: BoundedMemo[tuple[object, ...], tuple[tuple[int, ...], ...]] = BoundedMemo(10_000)


# -- lay-down steps ---------------------------------------------------------------------------
#
# [contract.steps]: a seat may place its contract one meld per move, and the engine lists
# only melds after which the rest of the contract can still be completed. Each complete
# lay-down must be reachable by exactly one sequence of listed steps, so the steps follow
# one order: the *step order* of a meld is the place of its lowest natural card, rank-major
# (aces, threes, fours ... kings; clubs, diamonds, hearts, spades within a rank), with melds
# of wilds only after all others (they fit anywhere, so last keeps the listing short), and
# ties broken by the meld's sort key. A listed step is
# a meld that comes first, in step order, in some way to complete the contract; the steps
# after it then come later in that order.
#
# That order makes the check cheap. "The rest can be completed by melds that all come
# after m" is, for melds whose lowest natural lies after m's, just the feasibility search on
# the hand *without* the naturals up to m's lowest: the fast search, on a smaller hand.
# Only melds sharing m's lowest natural (a second copy of that card) or, for a meld of
# wilds only, other melds of wilds only, need a closer look: those few melds are listed
# and tried one by one (:meth:`_Steps.completable`).

_WILDS_ONLY = 64
"""The step place of a meld of wilds only: after every natural's (0..51)."""

_STEP_PLACE = tuple(-1 if _IS_WILD[code] else (code % 13) * 4 + code // 13 for code in range(53))
"""A natural's place in the step order (rank-major); -1 for a wild."""
_CODE_AT_PLACE = {place: code for code, place in enumerate(_STEP_PLACE) if place >= 0}


def step_order_key(meld: Meld) -> tuple[int, tuple[int, ...]]:
    """Where ``meld`` comes in the step order of a lay-down ([contract.steps]).

    The place of its lowest natural card, rank-major (aces, threes .. kings; clubs,
    diamonds, hearts, spades within a rank), or 64 (after them all) for a meld of wilds
    only; then its sort key. :func:`lay_down_steps` lists the melds that come first in some way to
    finish the contract, and a whole lay-down goes to the table in this order, as its
    steps would.

    >>> from pushrummy import parse_meld
    >>> melds = ["9C 9S 9H", "7S 7H 7D", "JK=7 2C=7 2D=7"]
    >>> sorted(melds, key=lambda text: step_order_key(parse_meld(text)))
    ['7S 7H 7D', '9C 9S 9H', 'JK=7 2C=7 2D=7']
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"meld must be a Meld, not {type(meld).__name__}")
    places = [_STEP_PLACE[card.code] for card in meld.cards if not card.is_wild]
    return (min(places) if places else _WILDS_ONLY, meld.sort_key)


def _rest_after(
    comps: tuple[_Component, ...], kind: int, size: int, exact: bool
) -> tuple[_Component, ...] | None:
    """The components left when a meld of this kind and size takes one, or ``None``.

    It takes the biggest component it can fill: what is left then asks no more of the
    hand than after any other choice (a meld that fills a run of 7 fills a run of 3).
    ``comps`` are sorted, so the last fitting one is the biggest.
    """
    best = -1
    for index, (comp_kind, need) in enumerate(comps):
        if comp_kind == kind and (need == size if exact else need <= size):
            best = index
    if best < 0:
        return None
    return comps[:best] + comps[best + 1 :]


def _rest_after_melds(
    comps: tuple[_Component, ...], melds: Iterable[Meld], exact: bool
) -> tuple[_Component, ...] | None:
    """The components left after ``melds`` take theirs (biggest melds first), or ``None``
    when they cannot all be matched to components."""
    sized = sorted(
        ((kind_code(meld.kind), len(meld.cards)) for meld in melds),
        key=lambda item: -item[1],
    )
    rest: tuple[_Component, ...] | None = comps
    for kind, size in sized:
        assert rest is not None
        rest = _rest_after(rest, kind, size, exact)
        if rest is None:
            return None
    return rest


class _Steps:
    """The lay-down steps under one set of options, and the completion check. Holds no
    state of its own between calls (the memos are module-level), so one per options is
    shared."""

    def __init__(self, rules: _Rules, canonical: bool, keep: bool) -> None:
        self.rules = rules
        self.canonical = canonical
        self.keep = keep
        self.exact = rules.exact
        self.wild_only = rules.allows(0, 3)

    def feasible(
        self,
        naturals: tuple[int, ...],
        wilds: int,
        rest: tuple[_Component, ...],
        rules: _Rules,
        spare: int,
    ) -> bool:
        """Whether ``rest`` can be met from ``naturals`` and ``wilds`` (``spare`` more cards
        stay in hand whatever happens, for ``must_discard_to_go_out``)."""
        if not rest:
            return not self.keep or spare + len(naturals) + wilds > 0
        if len(naturals) + wilds < _MIN_CARDS[rest]:
            return False  # too few cards (most shapes of a hand far from its contract)
        # Only ints in the key (rules are interned, so their id is theirs for good): the
        # garbage collector then stops tracking the memo's keys.
        key = (naturals, wilds, rest, id(rules), self.keep and not spare)
        known = _FEASIBLE.get(key)
        if known is None:
            known = _FEASIBLE.put(key, self._feasible(naturals, wilds, rest, rules, spare))
        return known

    def _feasible(
        self,
        naturals: tuple[int, ...],
        wilds: int,
        rest: tuple[_Component, ...],
        rules: _Rules,
        spare: int,
    ) -> bool:
        plan = _plan_from(rest)
        if not (self.keep and not spare):
            return _solve(_hand_of(list(naturals), wilds), plan, rules) is not None
        # One card must stay in hand after the rest is laid down.
        if len(naturals) + wilds <= plan.min_cards:
            return False
        if not rules.limited:  # minimal candidates have exactly the components' sizes
            return _solve(_hand_of(list(naturals), wilds), plan, rules) is not None
        if wilds and _solve(_hand_of(list(naturals), wilds - 1), plan, rules) is not None:
            return True
        for index in range(len(naturals)):
            if index and naturals[index] == naturals[index - 1]:
                continue
            less = list(naturals[:index] + naturals[index + 1 :])
            if _solve(_hand_of(less, wilds), plan, rules) is not None:
                return True
        return False

    def steps(
        self, hand: _Hand, rest0: tuple[_Component, ...]
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every listed step ``(sort key, declaration)`` of ``hand``, sorted."""
        if not rest0:
            return []
        naturals_held = sorted(code for code in hand.codes if not _IS_WILD[code])
        wilds_held = hand.wilds
        # The fast check of a shape, as _Lister's prune: the whole hand's feasibility
        # candidates, and the hand left after the shape (less the naturals placed up to the
        # shape's lowest) as one packed int; no new hand to read per shape.
        by_comp: dict[_Component, list[_Candidate]] = {}
        if self.keep:
            if not self.feasible(tuple(naturals_held), wilds_held, rest0, self.rules, 0):
                return []
        elif _solve(hand, _plan_for(rest0), self.rules, 0, by_comp) is None:
            return []  # the contract cannot be met at all: no shape to try
        tables = _TABLES[_field_bits(len(hand.codes))]
        units = tables.units
        full = tables.guards
        for code in hand.codes:
            full += units[code]
        up_to = [0] * (_WILDS_ONLY + 1)  # packed naturals of step place <= p, by p
        for code in naturals_held:
            up_to[_STEP_PLACE[code]] += units[code]
        for place in range(1, len(up_to)):
            up_to[place] += up_to[place - 1]
        fit_memo: dict[tuple[int, int, tuple[_Component, ...]], bool] = {}
        limits: dict[tuple[_Component, ...], int] = {}
        copies = [0] * 53
        for code in naturals_held:
            copies[code] += 1
        pool = _wild_pool(hand)
        set_ok = any(kind == SET for kind, _ in rest0)
        run_sizes = [size for kind, size in rest0 if kind == RUN]
        found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        exact = self.exact
        rests: dict[tuple[int, int], tuple[_Component, ...] | None] = {}
        for kind, which, start, size, body, need in _meld_shapes(
            hand, self.rules, set_ok, bool(run_sizes), min(run_sizes, default=3)
        ):
            kind_size = (kind, size)
            if kind_size in rests:
                rest = rests[kind_size]
            else:
                rest = rests[kind_size] = _rest_after(rest0, kind, size, exact)
            if rest is None:
                continue
            shape_info = _SHAPE_INFO.get(body)
            if shape_info is None:
                shape_info = _shape_info(body)
            used, place, above = shape_info
            wilds_left = wilds_held - need
            # The fast answer for the whole shape: a completion by later melds whose lowest
            # naturals come after this one's, or that hold wilds only (wild identities do
            # not matter to it).
            every = False
            left: list[int] | None = None
            if not rest:  # the step completes the lay-down
                spare = len(naturals_held) - len(used)
                every = self.feasible((), wilds_left, rest, self.rules, spare)
            elif place < _WILDS_ONLY and not self.keep:
                top = limits.get(rest)
                if top is None:
                    top = limits[rest] = _last_feasible_place(
                        full, up_to, wilds_held, rest, by_comp, tables.guards
                    )
                # Past ``top`` not even the whole hand after the shape's lowest natural
                # completes the contract: no fit to try; one place further on, not even
                # with that natural's other copies (a tie), so the shape is out.
                if place > top + 1:
                    continue
                if place <= top:
                    remaining = full - up_to[place]
                    for code in above:
                        remaining -= units[code]
                    every = _fits(remaining, wilds_left, rest, by_comp, tables.guards, fit_memo)
            elif place < _WILDS_ONLY:
                left = _less(naturals_held, used)
                later = tuple(code for code in left if _STEP_PLACE[code] > place)
                every = self.feasible(later, wilds_left, rest, self.rules, len(left) - len(later))
            if not every:
                # A tied completion needs a second copy of this shape's lowest natural
                # (or, for wilds only, a wild to spare): most shapes have none.
                if place == _WILDS_ONLY:
                    if not (self.wild_only and wilds_left):
                        continue
                elif copies[_CODE_AT_PLACE[place]] <= used.count(_CODE_AT_PLACE[place]):
                    continue
                if left is None:
                    left = _less(naturals_held, used)
                if not self._tie_possible(left, wilds_left, place, rest):
                    continue
            is_run = kind == RUN
            fills = _fills_memo(pool, need, is_run and not self.canonical)
            for fill in fills:
                if is_run:
                    slot = iter(fill)
                    cards = tuple(c if c >= 0 else next(slot) for c in body)
                    key = (RUN, which, start, size, *cards)
                    decl = (RUN, which, start, *cards)
                else:
                    cards = tuple(sorted(body + fill)) if fill else body
                    key = (SET, which, 0, size, *cards)
                    decl = (SET, which, *cards)
                if not every:
                    assert left is not None
                    after = sorted(left + [code for code in hand.codes if _IS_WILD[code]])
                    for code in fill:
                        after.remove(code)
                    if not self.completable(tuple(after), rest, place, key):
                        continue
                found.append((key, decl))
        found.sort()
        return found

    def _tie_possible(
        self, left: list[int], wilds_left: int, place: int, rest: tuple[_Component, ...]
    ) -> bool:
        """Whether a completion could need melds tied with the step in step order (then
        each fill is checked by :meth:`completable`)."""
        if place == _WILDS_ONLY:
            if not (self.wild_only and wilds_left):
                return False
            return self.feasible((), wilds_left, rest, self.rules, len(left))
        code = _CODE_AT_PLACE[place]
        if code not in left:
            return False
        tied = tuple(c for c in left if _STEP_PLACE[c] >= place)
        return self.feasible(tied, wilds_left, rest, self.rules, len(left) - len(tied))

    def completable(
        self,
        codes: tuple[int, ...],
        rest: tuple[_Component, ...],
        place: int,
        key: tuple[int, ...],
    ) -> bool:
        """Whether ``rest`` can be completed from ``codes`` (sorted) by melds that come
        after the meld of step place ``place`` and sort key ``key`` in step order."""
        if not rest:
            return not self.keep or len(codes) > 0
        naturals = [code for code in codes if not _IS_WILD[code]]
        wilds = len(codes) - len(naturals)
        if place < _WILDS_ONLY:
            later = tuple(code for code in naturals if _STEP_PLACE[code] > place)
            if self.feasible(later, wilds, rest, self.rules, len(naturals) - len(later)):
                return True
        if not self._tie_possible(naturals, wilds, place, rest):
            return False
        best = self.best_tie(codes, rest, place)
        return best is not None and best >= key

    def best_tie(
        self, codes: tuple[int, ...], rest: tuple[_Component, ...], place: int
    ) -> tuple[int, ...] | None:
        """The greatest sort key of a meld *tied* at step place ``place`` (the same lowest
        natural, or wilds only) that can be laid from ``codes`` with a completion after it
        in step order; ``None`` if there is none. A step of that place can be completed
        through such a meld exactly when its own key is at most this one. Memoised."""
        memo_key = (codes, rest, place, id(self.rules), self.canonical, self.keep)
        if memo_key in _TIES:
            return _TIES[memo_key]
        if place == _WILDS_ONLY:
            pool = tuple(code for code in codes if _IS_WILD[code])
            tie_code = -1
        else:
            pool = tuple(code for code in codes if _STEP_PLACE[code] >= place or _IS_WILD[code])
            tie_code = _CODE_AT_PLACE[place]
        set_ok = any(kind == SET for kind, _ in rest)
        run_ok = any(kind == RUN for kind, _ in rest)
        best = None
        decls = _single_decls(_hand_from_codes(pool), self.rules, self.canonical, tie_code)
        for other_key, decl in reversed(decls):  # the greatest first
            kind = other_key[0]
            if not (run_ok if kind == RUN else set_ok):
                continue
            cards = decl[3:] if kind == RUN else decl[2:]
            after_rest = _rest_after(rest, kind, len(cards), self.exact)
            if after_rest is None:
                continue
            after = list(codes)
            for code in cards:
                after.remove(code)
            if self.completable(tuple(after), after_rest, place, other_key):
                best = other_key
                break
        return _TIES.put(memo_key, best)


_TIES: BoundedMemo[tuple[object, ...], tuple[int, ...] | None] = BoundedMemo(50_000)
"""Memo of :meth:`_Steps.best_tie`."""


def _min_cards(comps: tuple[_Component, ...]) -> int:
    return sum(size for _, size in comps)


_MIN_CARDS: BoundedMemo[tuple[_Component, ...], int] = BoundedMemo(4096, _min_cards)
"""The fewest cards that can meet each tuple of components (their sizes' sum)."""

_FEASIBLE: BoundedMemo[tuple[object, ...], bool] = BoundedMemo(20_000)
"""Memo of :meth:`_Steps.feasible`, a pure function of its key: the same rests of the same
hands come back from step to step, turn to turn and game to game. A few MB; a bigger memo
makes a noticeable pause when it is emptied."""


def _hand_from_codes(codes: Iterable[int]) -> _Hand:
    codes = list(codes)
    presence = wilds = 0
    for code in codes:
        presence |= _PRESENCE[code]
        wilds += _WILDNESS[code]
    return _Hand(codes, wilds, presence)


def _requirements(comps: Iterable[_Component]) -> tuple[Requirement, ...]:
    counted: dict[_Component, int] = {}
    for comp in comps:
        counted[comp] = counted.get(comp, 0) + 1
    return tuple(
        Requirement(MELD_KINDS[kind], size, count=count) for (kind, size), count in counted.items()
    )


def _checked_melds(placed: Iterable[Meld]) -> tuple[Meld, ...]:
    if isinstance(placed, (Meld, str, bytes)):
        raise TypeError(f"placed must be an iterable of Meld, not {type(placed).__name__}")
    try:
        melds = tuple(placed)
    except TypeError:
        raise TypeError(
            f"placed must be an iterable of Meld, not {type(placed).__name__}"
        ) from None
    for meld in melds:
        if not isinstance(meld, Meld):
            raise TypeError(f"placed must hold Meld values, not {type(meld).__name__}")
    return melds


def contract_left(
    contract: Contract, placed: Iterable[Meld] = (), variant: ContractRules | None = None
) -> tuple[Requirement, ...] | None:
    """What of ``contract`` is still to lay down once the melds ``placed`` count towards it.

    ``()`` when the melds complete it, ``None`` when they cannot all count towards it
    (too many, or of a kind or size no part of it takes). Each meld counts towards the
    biggest part it can fill, which leaves the least to do.

    >>> from pushrummy import PUSH, parse_meld
    >>> contract_left(PUSH.deals[1].contract, [parse_meld("7S 7H 7D")])
    (Requirement(kind=<MeldKind.RUN: 'run'>, size=4, count=1),)
    >>> contract_left(PUSH.deals[1].contract, [parse_meld("7S 7H 7D"), parse_meld("7S 7H 7D")])
    """
    plan = _plan_of(contract)
    rules = _rules_of(variant)
    rest = _rest_after_melds(plan.comps, _checked_melds(placed), rules.exact)
    return None if rest is None else _requirements(rest)


def can_complete_contract(
    hand: Iterable[Card],
    contract: Contract,
    variant: ContractRules | None = None,
    *,
    placed: Iterable[Meld] = (),
    keep_card: bool = False,
) -> bool:
    """Whether ``hand`` can complete ``contract`` after the melds ``placed`` ([contract.steps]).

    ``placed`` are melds already laid down towards the contract (not in ``hand``).
    With ``keep_card``, a card must stay in hand afterwards (``must_discard_to_go_out``).
    With nothing placed this is :func:`can_meet_contract` (given ``keep_card=False``).

    >>> from pushrummy import PUSH, parse_cards, parse_meld
    >>> contract = PUSH.deals[1].contract             # 1 set of 3 + 1 run of 4
    >>> can_complete_contract(parse_cards("5H 6H 7H 8H"), contract, placed=[parse_meld("9C 9S 9H")])
    True
    >>> can_complete_contract(parse_cards("5H 6H 7H 8H"), contract, placed=[parse_meld("5H 6H 7H 8H")])
    False
    """
    plan = _plan_of(contract)
    rules = _rules_of(variant)
    rest = _rest_after_melds(plan.comps, _checked_melds(placed), rules.exact)
    if rest is None:
        return False
    parsed = _read_hand(hand)
    naturals = tuple(sorted(code for code in parsed.codes if not _IS_WILD[code]))
    return _Steps(rules, False, bool(keep_card)).feasible(naturals, parsed.wilds, rest, rules, 0)


def lay_down_steps(
    hand: Iterable[Card],
    contract: Contract,
    variant: ContractRules | None = None,
    *,
    placed: Iterable[Meld] = (),
    canonical_wilds: bool = False,
    keep_card: bool = False,
) -> tuple[Meld, ...]:
    """The melds that may be laid down next towards ``contract``, in canonical order.

    These are the lay-down steps :func:`~pushrummy.engine.legal_moves` lists
    ([contract.steps]): every meld of ``hand`` that fills a part of the contract still
    open after ``placed``, that comes first, in the step order
    (:func:`step_order_key`), in some way to complete the rest from the rest of ``hand``,
    and that comes after every meld ``placed`` in that order. So a listed meld never
    leads to a dead end, and placing listed melds one at a time reaches each complete
    lay-down in exactly one way: its melds in step order. (Should the melds placed be out
    of step order, which :func:`~pushrummy.engine.check_move` allows, and no later meld
    complete the contract, every meld that completes it is listed.) With ``canonical_wilds``, melds
    that differ only in which wild card fills which wild place of a run come once
    (wilds in ascending card order along the run). With ``keep_card``, a card must stay
    in hand after the whole lay-down.

    >>> from pushrummy import PUSH, parse_cards, parse_meld
    >>> hand = parse_cards("7S 7H 7D 9C 9S 9H")
    >>> [str(meld) for meld in lay_down_steps(hand, PUSH.deals[0].contract)]
    ['7D 7H 7S']
    >>> [str(m) for m in lay_down_steps(parse_cards("9C 9S 9H"), PUSH.deals[0].contract,
    ...                                 placed=[parse_meld("7S 7H 7D")])]
    ['9C 9H 9S']
    """
    plan = _plan_of(contract)
    rules = _rules_of(variant)
    keep = bool(keep_card)
    parsed = _read_hand(hand)
    if not placed and isinstance(placed, (tuple, list)):  # the first step: made lean
        melds: tuple[Meld, ...] = ()
        rest = plan.comps
        if not keep and _solve(parsed, plan, rules) is None:
            return ()  # the contract cannot be met at all (most hands, most turns)
    else:
        melds = _checked_melds(placed)
        left = _rest_after_melds(plan.comps, melds, rules.exact)
        if not left:
            return ()
        rest = left
    finder_key = (id(rules), bool(canonical_wilds), keep)
    finder = _FINDERS.get(finder_key)
    if finder is None:
        finder = _FINDERS.put(finder_key, _Steps(rules, bool(canonical_wilds), keep))
    steps = finder.steps(parsed, rest)
    if melds:
        # Steps come in step order: after the melds placed, only later ones. (If the melds
        # were placed out of that order, as check_move allows, and no later meld completes
        # the contract, every completing meld is listed, so the lay-down can always go on.)
        bound = max(step_order_key(meld) for meld in melds)
        later = [(key, decl) for key, decl in steps if _decl_order(key, decl) >= bound]
        if later:
            steps = later
    return tuple(_build_meld(decl) for _, decl in steps)


def _fits(
    remaining: int,
    wilds: int,
    rest: tuple[_Component, ...],
    by_comp: dict[_Component, list[_Candidate]],
    guards: int,
    memo: dict[tuple[int, int, tuple[_Component, ...]], bool],
) -> bool:
    """The fast check of :meth:`_Steps.steps`: can ``rest`` be met from the packed naturals
    ``remaining`` (guard bits set) and ``wilds``, with the whole hand's candidates?"""
    key = (remaining, wilds, rest)
    known = memo.get(key)
    if known is None:
        if len(rest) == 1:
            known = _one_part_fits(by_comp[rest[0]], remaining, wilds, guards)
        else:
            known = _fit(_plan_for(rest), by_comp, remaining, wilds, guards, [])
        memo[key] = known
    return known


def _one_part_fits(candidates: list[_Candidate], remaining: int, wilds: int, guards: int) -> bool:
    """:func:`_fit` for one component left, the fast path: whether one of its
    ``candidates`` fits the packed naturals ``remaining`` (guard bits set) and ``wilds``.

    It is correct because with one component :func:`_fit` has no order of components to
    choose and no identical components to keep in order: its search is one loop over
    the candidate list, which is sorted by wilds, that stops at the first candidate
    needing more wilds than there are (none after it needs fewer) and succeeds at the
    first whose naturals are all left. That loop is this one, without the setup.

    It is there because two-part contracts are four of the five deals of Push and of
    Cap-It: once a lay-down step is placed, one part is left, and :meth:`_Steps.steps`
    asks this of most shapes of the hand, where :func:`_fit`'s setup (ordering the
    components, the tables of fewest wilds and of identical components, the recursive
    pick) would cost more than the scan.
    """
    for need, use, _ in candidates:
        if need > wilds:
            return False  # sorted by wilds
        if (remaining - use) & guards == guards:
            return True
    return False


def _last_feasible_place(
    full: int,
    up_to: list[int],
    wilds: int,
    rest: tuple[_Component, ...],
    by_comp: dict[_Component, list[_Candidate]],
    guards: int,
) -> int:
    """The greatest step place ``p`` such that ``rest`` can be met from the hand's naturals
    after ``p`` and all its wilds (-1 if none): a shape whose lowest natural lies after it
    can have no completion of later melds, whatever cards it uses. Feasibility only falls
    as ``p`` grows, so a binary search finds it."""
    plan = _plan_for(rest)
    low, high = -1, _WILDS_ONLY - 1  # feasible at low (or low == -1), not known above
    if not _fit(plan, by_comp, full - up_to[0], wilds, guards, []):
        return -1
    low = 0
    while low < high:
        middle = (low + high + 1) // 2
        if _fit(plan, by_comp, full - up_to[middle], wilds, guards, []):
            low = middle
        else:
            high = middle - 1
    return low


def _shape_info(body: tuple[int, ...]) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """A shape body's natural codes, its step place, and its naturals above that place.
    Memoised: bodies (ints only) recur from hand to hand."""
    used = tuple(code for code in body if code >= 0)
    place = min([_STEP_PLACE[code] for code in used], default=_WILDS_ONLY)
    above = tuple(code for code in used if _STEP_PLACE[code] > place)
    return _SHAPE_INFO.put(body, (used, place, above))


_SHAPE_INFO: BoundedMemo[tuple[int, ...], tuple[tuple[int, ...], int, tuple[int, ...]]] = (
    BoundedMemo(50_000)
)


def _less(codes: list[int], used: Iterable[int]) -> list[int]:
    """``codes`` less one copy of each of ``used`` (all in it)."""
    left = list(codes)
    for code in used:
        left.remove(code)
    return left


def _plan_for(comps: tuple[_Component, ...]) -> _Plan:
    """:func:`_plan_from` of sorted components, memoised (contracts have few parts)."""
    return _REST_PLANS[comps]


_REST_PLANS: BoundedMemo[tuple[_Component, ...], _Plan] = BoundedMemo(4096, _plan_from)

_FINDERS: BoundedMemo[tuple[int, bool, bool], _Steps] = BoundedMemo(64)
"""One :class:`_Steps` per options (rules are interned, so their id is theirs for good)."""


def _decl_order(key: tuple[int, ...], decl: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """:func:`step_order_key` of the meld of a declaration, without building it."""
    cards = decl[3:] if decl[0] == RUN else decl[2:]
    places = [_STEP_PLACE[code] for code in cards if not _IS_WILD[code]]
    return (min(places, default=_WILDS_ONLY), key)


# -- explanation ----------------------------------------------------------------------------


def _example(hand: _Hand, chosen: list[_Candidate]) -> list[Meld]:
    """Concrete melds for a solution of :func:`_solve`, using the hand's own wilds."""
    counts = hand.counts()
    spare = [code for code in _WILD_CODES for _ in range(counts[code])]
    melds = []
    for need, _, info in chosen:
        wilds, spare = spare[:need], spare[need:]
        melds.append(_meld_from(info, wilds, need))
    return sorted(melds)


def _meld_from(info: tuple[int, int, int], wilds: list[int], need: int) -> Meld:
    kind, which, bits = info
    wild_cards = [ALL_CARDS[code] for code in wilds]
    if kind == SET:
        # Wilds only: any rank will do; call it aces.
        rank = which or 1
        naturals = [ALL_CARDS[s * 13 + rank - 1] for s in range(4) if bits >> s & 1]
        return Meld(MeldKind.SET, tuple(sorted(naturals + wild_cards)), rank=Rank(rank))
    length = bits.bit_count() + need
    low = (bits & -bits).bit_length() - 1 if bits else 1
    start = min(low, _ACE_HIGH + 1 - length)
    cards = []
    for position in range(start, start + length):
        if bits >> position & 1:
            cards.append(ALL_CARDS[_position_code(which, position)])
        else:
            cards.append(wild_cards.pop())
    return Meld(MeldKind.RUN, tuple(cards), suit=Suit(which), start=start)


def _describe(comps: Iterable[_Component]) -> str:
    return " + ".join(str(requirement) for requirement in _requirements(comps))


def _best_part(
    hand: _Hand, comps: tuple[_Component, ...], rules: _Rules
) -> tuple[tuple[_Component, ...], list[Meld]] | None:
    """The most components that can be laid down together, with an example."""
    for count in range(len(comps) - 1, 0, -1):
        for part in dict.fromkeys(combinations(comps, count)):
            chosen = _solve(hand, _plan_from(part), rules)
            if chosen is not None:
                return part, _example(hand, chosen)
    return None


def _wilds_short(hand: _Hand, comps: tuple[_Component, ...], rules: _Rules) -> int | None:
    """The fewest extra wilds that would meet the contract, or ``None`` if none would.

    A minimal candidate never needs more than 4 wilds for a set or ``max_run_length`` for a
    run, so if that many extra wilds per component do not help, nothing does. More wilds
    never hurt, so the answer is found by bisection.
    """
    plan = _plan_from(comps)
    most = sum(rules.max_run if kind == RUN else 4 for kind, _ in comps)
    if _solve(hand, plan, rules, most) is None:
        return None
    low, high = 0, most  # fails with ``low`` extra wilds, succeeds with ``high``
    while high - low > 1:
        middle = (low + high) // 2
        if _solve(hand, plan, rules, middle) is None:
            low = middle
        else:
            high = middle
    return high


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def explain_contract(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> str:
    """A short sentence saying whether and how ``hand`` can meet ``contract``.

    When it can: one example way. When it cannot: the most components of the contract
    the hand can lay down together (with an example), and how many more wilds the hand
    would need to meet all of it, or that no number of wilds would do under the options.

    >>> from pushrummy import PUSH, parse_cards
    >>> explain_contract(parse_cards("9C 9S JK 4D 4H 2C"), PUSH.deals[0].contract)
    'can be met, for example: 4D 4H 2C=4 / 9C 9S JK=9'
    >>> explain_contract(parse_cards("9C 9S JK 4D 4H"), PUSH.deals[0].contract)
    'cannot meet 2 sets of 3: the best is 1 set of 3 (4D 4H JK=4); it would take 1 more wild'
    """
    plan = _plan_of(contract)
    rules = _rules_of(variant)
    parsed = _read_hand(hand)
    comps = plan.comps
    chosen = _solve(parsed, plan, rules)
    if chosen is not None:
        example = " / ".join(str(m) for m in _example(parsed, chosen))
        return f"can be met, for example: {example}"
    impossible = _impossible(comps, rules)
    if impossible is not None:
        return f"cannot meet {contract}: {impossible}"
    part = _best_part(parsed, comps, rules)
    if part is None:
        names = " or ".join(_describe([comp]).removeprefix("1 ") for comp in dict.fromkeys(comps))
        best = f"not even one {names} can be made"
    else:
        melds = " / ".join(str(m) for m in part[1])
        best = f"the best is {_describe(part[0])} ({melds})"
    short = _wilds_short(parsed, comps, rules)
    if short is None:
        fix = "no number of extra wilds would do under " + _limits(rules)
    else:
        fix = f"it would take {_plural(short, 'more wild')}"
    return f"cannot meet {contract}: {best}; {fix}"


def _impossible(comps: tuple[_Component, ...], rules: _Rules) -> str | None:
    """Why no hand at all could fill some component, if that is so."""
    for kind, size in comps:
        if kind == SET and size > 4:
            return f"no set has more than 4 cards, and the contract asks for a set of {size}"
        if kind == RUN and size > rules.max_run:
            return (
                f"no run is longer than {rules.max_run}, and the contract asks for a run of {size}"
            )
    return None


def _limits(rules: _Rules) -> str:
    parts = []
    if rules.min_naturals:
        parts.append(f"min_naturals_per_meld={rules.min_naturals}")
    if rules.limited:
        limit = "at_most_naturals" if rules.bonus == 0 else "fewer_than_naturals"
        parts.append(f"wild_limit={limit}")
    return " and ".join(parts) + " (more natural cards are needed)"
