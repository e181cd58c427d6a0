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
((Meld.set('7D 7H 7S', rank=7), Meld.set('9C 9H 9S', rank=9)),)
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

from collections.abc import Iterable, Iterator
from itertools import combinations, permutations
from typing import NamedTuple, Protocol

from .cards import ALL_CARDS, Card, Rank, Suit
from .contract_spec import Contract, Requirement
from .melds import DEFAULT_MELD_OPTIONS, Meld, MeldKind, MeldRules, WildLimit

__all__ = [
    "Contract",
    "ContractRules",
    "Requirement",
    "can_meet_contract",
    "contract_options",
    "explain_contract",
]


class ContractRules(MeldRules, Protocol):
    """The options the search obeys. A :class:`~pushrummy.variants.Variant` is one."""

    @property
    def contract_exact_sizes(self) -> bool: ...


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


# -- contracts ---------------------------------------------------------------------------

_Component = tuple[bool, int]
"""``(is_run, size)``."""


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
    comps = tuple(sorted((kind is MeldKind.RUN, size) for kind, size in contract.components))
    plan = _Plan(comps, tuple(dict.fromkeys(comps)), sum(size for _, size in comps))
    if len(_PLAN_CACHE) > 256:
        _PLAN_CACHE.clear()
    # Holding the contract keeps its id from being reused by another object.
    _PLAN_CACHE[id(contract)] = (contract, plan)
    return plan


def _plan_from(comps: tuple[_Component, ...]) -> _Plan:
    comps = tuple(sorted(comps))
    return _Plan(comps, tuple(dict.fromkeys(comps)), sum(size for _, size in comps))


_PLAN_CACHE: dict[int, tuple[Contract, _Plan]] = {}


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


_TABLES: dict[int, _Tables] = {}


def _tables(field: int) -> _Tables:
    table = _TABLES.get(field)
    if table is None:
        units = tuple(1 << (code * field) for code in range(53))
        set_use = tuple(
            tuple(
                sum(units[suit * 13 + rank - 1] for suit in range(4) if suits >> suit & 1)
                for suits in range(16)
            )
            for rank in range(14)
        )
        spread = tuple(
            sum(1 << (i * field) for i in range(7) if bits >> i & 1) for bits in range(128)
        )
        guards = sum(1 << (code * field + field - 1) for code in range(53))
        table = _TABLES[field] = _Tables(field, units, guards, set_use, spread)
    return table


# -- feasibility: candidates ---------------------------------------------------------------
#
# A candidate is (wilds, use, info): how many wilds it needs, the packed natural cards it
# uses, and what to build it from (for examples): ("set", rank, suit bits) or
# ("run", suit, position bits); no suit bits or position bits mean wilds only. Candidate
# lists are sorted by wilds; within one list, uses are unique.

_Candidate = tuple[int, int, tuple[str, int, int]]

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
                sets = _RANK_SETS[key] = _rank_sets(held, rank, size, least, tables)
            found += sets
    if size <= wilds and rules.allows(0, size):
        found.append((size, 0, ("set", 0, 0)))  # wilds only
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
            found.append((size - naturals, uses[sub], ("set", rank, sub)))
        sub = (sub - 1) & held
    return tuple(found)


_RANK_SETS: dict[tuple[object, ...], tuple[_Candidate, ...]] = {}
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
                if len(_SUIT_RUNS) >= 50_000:
                    _SUIT_RUNS.clear()
                _SUIT_RUNS[key] = runs
            found += runs
    if size <= wilds and rules.allows(0, size):
        found.append((size, 0, ("run", 0, 0)))  # wilds only
    found.sort()
    return found


_SUIT_RUNS: dict[tuple[object, ...], tuple[_Candidate, ...]] = {}
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
        found[use] = (need, use, ("run", suit, bits))


# -- feasibility: search ---------------------------------------------------------------------


def _solve(
    hand: _Hand, plan: _Plan, rules: _Rules, extra_wilds: int = 0
) -> list[_Candidate] | None:
    """One candidate per component, fitting the hand together, or ``None``."""
    codes = hand.codes
    if len(codes) + extra_wilds < plan.min_cards:
        return None
    wilds = hand.wilds + extra_wilds
    field = _field_bits(len(codes))
    tables = _TABLES.get(field) or _tables(field)
    by_comp: dict[_Component, list[_Candidate]] = {}
    for comp in plan.distinct:
        if comp[0]:
            found = _run_candidates(hand, comp[1], wilds, rules, field, tables)
        else:
            found = _set_candidates(hand, comp[1], wilds, rules, tables)
        if not found:
            return None
        by_comp[comp] = found
    comps = plan.comps
    if len(by_comp) > 1:
        # Scarce components first; identical ones stay adjacent.
        comps = tuple(sorted(comps, key=lambda comp: (len(by_comp[comp]), comp)))
    lists = [by_comp[comp] for comp in comps]
    floor = [0] * (len(comps) + 1)
    for i in range(len(comps) - 1, -1, -1):
        floor[i] = floor[i + 1] + lists[i][0][0]
    if floor[0] > wilds:
        return None
    same = [i > 0 and comps[i] == comps[i - 1] for i in range(len(comps))]
    guards = tables.guards
    units = tables.units
    remaining = guards
    for code in codes:
        remaining += units[code]
    chosen: list[_Candidate] = []
    if _pick(0, 0, remaining, wilds, lists, same, floor, guards, chosen):
        return chosen
    return None


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


class _Shape(NamedTuple):
    key: tuple[int, ...]
    """Sort key: kind (0 set, 1 run), rank or suit, start (0 for sets), size."""
    naturals: tuple[int, ...]
    """The natural codes used, sorted."""
    template: tuple[int, ...]
    """Runs: the code at every position, -1 for a wild slot. Sets: the naturals."""
    wilds: int
    use: int
    """The packed naturals."""

    @property
    def size(self) -> int:
        return self.key[3]


def _size_ok(comps: tuple[_Component, ...], is_run: bool, rules: _Rules) -> set[int]:
    """The meld sizes that can fill some component of the kind."""
    sizes = [size for run, size in comps if run is is_run]
    if not sizes:
        return set()
    top = rules.max_run if is_run else 4
    if rules.exact:
        return {size for size in sizes if size <= top}
    return set(range(min(sizes), top + 1))


def _set_shapes(hand: _Hand, sizes: set[int], rules: _Rules, tables: _Tables) -> list[_Shape]:
    shapes: list[_Shape] = []
    for rank in _SET_RANKS:
        held = hand.rank_suits(rank)
        for suits in range(16):
            if suits & held != suits:
                continue
            naturals = tuple(suit * 13 + rank - 1 for suit in range(4) if suits >> suit & 1)
            use = tables.set_use[rank][suits]
            for wilds in range(min(hand.wilds, 4 - len(naturals)) + 1):
                size = len(naturals) + wilds
                if size in sizes and rules.allows(len(naturals), wilds):
                    key = (0, rank, 0, size)
                    shapes.append(_Shape(key, naturals, naturals, wilds, use))
    return shapes


def _run_shapes(hand: _Hand, sizes: set[int], rules: _Rules, tables: _Tables) -> list[_Shape]:
    shapes: list[_Shape] = []
    field, spread = tables.field, tables.spread
    for suit in range(4):
        held = hand.presence >> (13 * suit) & 0x1FFF
        positions = (held << 1) | ((held & 1) << _ACE_HIGH)
        for size in sorted(sizes):
            for start in range(1, _ACE_HIGH + 2 - size):
                window = positions & (((1 << size) - 1) << start)
                in_window = [p for p in range(start, start + size) if window >> p & 1]
                # Any held natural may give way to a wild (another meld may need it).
                for dropped in range(len(in_window) + 1):
                    wilds = size - len(in_window) + dropped
                    if wilds > hand.wilds:
                        break
                    for gone in combinations(in_window, dropped):
                        bits = window
                        for p in gone:
                            bits ^= 1 << p
                        if rules.allows(size - wilds, wilds):
                            shapes.append(_run_shape(suit, start, size, bits, wilds, field, spread))
    return shapes


def _run_shape(
    suit: int, start: int, size: int, bits: int, wilds: int, field: int, spread: tuple[int, ...]
) -> _Shape:
    template = tuple(
        _position_code(suit, p) if bits >> p & 1 else -1 for p in range(start, start + size)
    )
    ranks = bits >> 1 & 0x1FFF
    use = spread[ranks & 0x7F] + (spread[ranks >> 7] << (7 * field))
    if bits >> _ACE_HIGH & 1:
        use += 1
    use <<= 13 * suit * field
    naturals = tuple(sorted(code for code in template if code >= 0))
    return _Shape((1, suit, start, size), naturals, template, wilds, use)


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


_MELD_CACHE: dict[tuple[int, ...], Meld] = {}


def _build_meld(decl: tuple[int, ...]) -> Meld:
    """The Meld of a declaration, validated by Meld itself; cached because melds are values.

    ``decl`` is ``(0, rank, *sorted codes)`` for a set or ``(1, suit, start, *codes)``.
    """
    meld = _MELD_CACHE.get(decl)
    if meld is None:
        if decl[0] == 0:
            cards = tuple(ALL_CARDS[code] for code in decl[2:])
            meld = Meld(MeldKind.SET, cards, rank=Rank(decl[1]))
        else:
            cards = tuple(ALL_CARDS[code] for code in decl[3:])
            meld = Meld(MeldKind.RUN, cards, suit=Suit(decl[1]), start=decl[2])
        if len(_MELD_CACHE) >= 50_000:  # a few tens of MB at most
            _MELD_CACHE.clear()
        _MELD_CACHE[decl] = meld
    return meld


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

    def __init__(self, hand: _Hand, comps: tuple[_Component, ...], rules: _Rules) -> None:
        self.hand = hand
        self.comps = comps
        self.rules = rules
        self.tables = tables = _tables(_field_bits(len(hand.codes)))
        self.set_sizes = [size for is_run, size in comps if not is_run]
        self.run_sizes = [size for is_run, size in comps if is_run]
        # With one size per kind, every listed shape fits every component of its kind.
        self.mixed_sizes = len(set(self.set_sizes)) > 1 or len(set(self.run_sizes)) > 1
        sets = _set_shapes(hand, _size_ok(comps, False, rules), rules, tables)
        runs = _run_shapes(hand, _size_ok(comps, True, rules), rules, tables)
        budget = self._wild_budget()
        sets = [shape for shape in sets if shape.wilds <= budget[shape.size, False]]
        runs = [shape for shape in runs if shape.wilds <= budget[shape.size, True]]
        self.slots = [sets] * len(self.set_sizes) + [runs] * len(self.run_sizes)
        counts = hand.counts()
        self.pool = [counts[code] for code in _WILD_CODES]
        self.picked: list[_Shape] = []
        self.ways: list[tuple[tuple[tuple[int, ...], ...], tuple[Meld, ...]]] = []
        self.feasible: dict[tuple[object, ...], bool] = {}
        self.fill_memo: dict[tuple[object, ...], list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        self.meld_memo: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], Meld]] = {}
        self.rests_memo: dict[tuple[_Component, ...], list[_Plan]] = {}

    def _wild_budget(self) -> dict[tuple[int, bool], int]:
        """The most wilds a shape of each size and kind may hold and still leave enough
        for the other components (each needs at least its fewest-wild candidate's)."""
        hand, rules, tables = self.hand, self.rules, self.tables
        fewest = {}
        for is_run, size in set(self.comps):
            if is_run:
                found = _run_candidates(hand, size, hand.wilds, rules, tables.field, tables)
            else:
                found = _set_candidates(hand, size, hand.wilds, rules, tables)
            fewest[is_run, size] = found[0][0] if found else hand.wilds + 1
        total = sum(fewest[comp] for comp in self.comps)
        budget = {}
        for size in range(3, _ACE_HIGH + 1):
            for kind in (False, True):
                budget[size, kind] = max(
                    (
                        hand.wilds - (total - fewest[is_run, need])
                        for is_run, need in self.comps
                        if is_run is kind and (size == need if rules.exact else size >= need)
                    ),
                    default=-1,
                )
        return budget

    def run(self) -> tuple[tuple[Meld, ...], ...]:
        remaining = self.tables.guards
        for code in self.hand.codes:
            if not _IS_WILD[code]:
                remaining += self.tables.units[code]
        self._pick(
            0, 0, remaining, self.hand.wilds, [c for c in self.hand.codes if not _IS_WILD[c]]
        )
        self.ways.sort()
        return tuple(way for _, way in self.ways)

    def _pick(self, slot: int, first: int, remaining: int, wilds: int, naturals: list[int]) -> None:
        """Stage 1: shapes for ``slot`` on, from index ``first`` of its list if the same kind."""
        if slot == len(self.slots):
            self._leaf()
            return
        shapes = self.slots[slot]
        guards = self.tables.guards
        start = first if slot and self.slots[slot - 1] is shapes else 0
        for index in range(start, len(shapes)):
            shape = shapes[index]
            rest = remaining - shape.use
            if shape.wilds > wilds or rest & guards != guards:
                continue
            self.picked.append(shape)
            left = list(naturals)
            for code in shape.naturals:
                left.remove(code)
            if slot + 1 == len(self.slots) or self._rest_feasible(left, wilds - shape.wilds):
                self._pick(slot + 1, index, rest, wilds - shape.wilds, left)
            self.picked.pop()

    def _rest_feasible(self, naturals: list[int], wilds: int) -> bool:
        """Whether the components not yet filled can be met from what is left (a prune:
        it tries every assignment of the picked shapes to components)."""
        picked = tuple((shape.key[0] == 1, shape.size) for shape in self.picked)
        rests = self.rests_memo.get(picked)
        if rests is None:
            rests = self.rests_memo[picked] = self._rests(picked)
        held = tuple(sorted(naturals))
        for rest in rests:
            key = (held, wilds, rest)
            known = self.feasible.get(key)
            if known is None:
                hand = _hand_of(naturals, wilds)
                known = self.feasible[key] = _solve(hand, rest, self.rules) is not None
            if known:
                return True
        return False

    def _rests(self, picked: tuple[_Component, ...]) -> list[_Plan]:
        """The components left over by each assignment of melds ``picked`` (kind, size)."""
        comps, exact = self.comps, self.rules.exact
        rests: dict[tuple[_Component, ...], None] = {}
        for chosen in permutations(range(len(comps)), len(picked)):
            if all(
                comps[c][0] is picked[i][0]
                and (picked[i][1] == comps[c][1] if exact else picked[i][1] >= comps[c][1])
                for i, c in enumerate(chosen)
            ):
                rests[tuple(comp for i, comp in enumerate(comps) if i not in chosen)] = None
        return [_plan_from(rest) for rest in rests]

    def _leaf(self) -> None:
        if self.mixed_sizes:
            cut = len(self.set_sizes)
            sizes = [shape.size for shape in self.picked]
            if not _fits_sizes(sizes[:cut], self.set_sizes, self.rules.exact):
                return
            if not _fits_sizes(sizes[cut:], self.run_sizes, self.rules.exact):
                return
        if self.picked:
            self._fill(0, [], ())

    def _fill(
        self, i: int, melds: list[tuple[tuple[int, ...], Meld]], previous: tuple[int, ...]
    ) -> None:
        """Stage 2: wild cards for shape ``i`` on (there is at least one shape left)."""
        shape = self.picked[i]
        twin = i > 0 and self.picked[i - 1] is shape
        last = i + 1 == len(self.picked)
        pool = self.pool
        for fill, taken in self._fills_of(shape.wilds, shape.key[0] == 1):
            if twin and fill < previous:
                continue
            melded = self._keyed(shape, fill)
            if last:
                keys, way = zip(*sorted([*melds, melded]), strict=True)
                self.ways.append((keys, way))
                continue
            for index in taken:
                pool[index] -= 1
            melds.append(melded)
            self._fill(i + 1, melds, fill)
            melds.pop()
            for index in taken:
                pool[index] += 1

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

    def _keyed(self, shape: _Shape, fill: tuple[int, ...]) -> tuple[tuple[int, ...], Meld]:
        key = (id(shape), fill)  # shapes live as long as the lister
        melded = self.meld_memo.get(key)
        if melded is None:
            melded = self.meld_memo[key] = _keyed_meld(shape, fill)
        return melded


def _keyed_meld(shape: _Shape, fill: tuple[int, ...]) -> tuple[tuple[int, ...], Meld]:
    if shape.key[0] == 0:
        codes = tuple(sorted(shape.naturals + fill))
        decl = (0, shape.key[1], *codes)
    else:
        wild = iter(fill)
        codes = tuple(code if code >= 0 else next(wild) for code in shape.template)
        decl = (1, shape.key[1], shape.key[2], *codes)
    return (*shape.key, *codes), _build_meld(decl)


def _hand_of(naturals: list[int], wilds: int) -> _Hand:
    """A hand of these naturals and ``wilds`` jokers (only the number of wilds matters)."""
    codes = [*naturals, *([_JOKER_CODE] * wilds)]
    presence = 0
    for code in naturals:
        presence |= _PRESENCE[code]
    return _Hand(codes, wilds, presence)


def contract_options(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> tuple[tuple[Meld, ...], ...]:
    """Every distinct way to lay down ``contract`` from ``hand``, in canonical order.

    See the module documentation for what counts as a way, when two ways are the same,
    and the order. ``()`` when the contract cannot be met.

    >>> from pushrummy import PUSH, parse_cards
    >>> contract_options(parse_cards("7S 7H 7D 7C 9C 9S 9H"), PUSH.deals[0].contract)
    ... # doctest: +NORMALIZE_WHITESPACE
    ((Meld.set('7C 7D 7H', rank=7), Meld.set('9C 9H 9S', rank=9)),
     (Meld.set('7C 7D 7S', rank=7), Meld.set('9C 9H 9S', rank=9)),
     (Meld.set('7C 7H 7S', rank=7), Meld.set('9C 9H 9S', rank=9)),
     (Meld.set('7D 7H 7S', rank=7), Meld.set('9C 9H 9S', rank=9)),
     (Meld.set('7C 7D 7H 7S', rank=7), Meld.set('9C 9H 9S', rank=9)))
    """
    plan = _plan_of(contract)
    rules = _rules_of(variant)
    parsed = _read_hand(hand)
    if _solve(parsed, plan, rules) is None:
        return ()
    return _Lister(parsed, plan.comps, rules).run()


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


def _meld_from(info: tuple[str, int, int], wilds: list[int], need: int) -> Meld:
    kind, which, bits = info
    wild_cards = [ALL_CARDS[code] for code in wilds]
    if kind == "set":
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
    counted: dict[_Component, int] = {}
    for comp in comps:
        counted[comp] = counted.get(comp, 0) + 1
    return " + ".join(
        str(Requirement(MeldKind.RUN if is_run else MeldKind.SET, size, count=count))
        for (is_run, size), count in counted.items()
    )


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
    most = sum(rules.max_run if is_run else 4 for is_run, _ in comps)
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
    'can be met, for example: 2C 4D 4H / 9C 9S JK'
    >>> explain_contract(parse_cards("9C 9S JK 4D 4H"), PUSH.deals[0].contract)
    'cannot meet 2 sets of 3: the best is 1 set of 3 (4D 4H JK); it would take 1 more wild'
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
    for is_run, size in comps:
        if not is_run and size > 4:
            return f"no set has more than 4 cards, and the contract asks for a set of {size}"
        if is_run and size > rules.max_run:
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
