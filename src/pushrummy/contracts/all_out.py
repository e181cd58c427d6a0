"""A deal laid down "all out" ([out.all_out]): the contract with every card held, at once.

In such a deal (:attr:`DealSpec.all_out <pushrummy.variants.DealSpec.all_out>`, Liverpool's
last deal) a lay-down is a way to meet the contract whose melds hold every card of the
hand, each meld at least its part's size (``contract_exact_sizes`` does not bind: 13
cards make three runs of 4 only as 4 + 4 + 5), and the player goes out with it, with no
discard. :func:`all_out_ways` lists those ways (the lay-down's melds already placed
given), from :func:`~pushrummy.contracts.contract_options` of what is left of the contract
with the sizes loose, keeping the ways that use every card and whose runs keep
[contract.run_suits] with the melds placed. Listing every way costs what the listing
costs: little for the hands of a contract deal with few wild cards, and the way the checker
and the lister of an all-out deal share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, permutations

from ..cards import Card, Rank, Suit, wild_table
from ..contract_spec import Contract, Requirement, RunSuits, run_window, runs_clash
from ..errors import InvalidMeldError
from ..melds import (
    MAX_RUN_POSITION,
    Meld,
    MeldKind,
    SetSuits,
    WildLimit,
    meld_rule_violation,
    position_rank,
    twos_wild,
)
from .feasibility import can_meet_contract
from .memo import bounded_memo, remember
from .parts import contract_left
from .rules import ContractRules


class LooseSizes:
    """A variant's contract options with ``contract_exact_sizes`` off: the melds of an
    all-out lay-down are at least their parts' sizes. Any object with the
    :class:`~pushrummy.contracts.ContractRules` fields may be given."""

    __slots__ = (
        "contract_run_suits",
        "laydown_wilds_per_meld",
        "max_run_length",
        "min_naturals_per_meld",
        "set_suits",
        "wild_limit",
        "wild_twos",
    )

    contract_exact_sizes = False

    def __init__(self, variant: ContractRules) -> None:
        self.min_naturals_per_meld: int = variant.min_naturals_per_meld
        self.wild_limit: WildLimit = variant.wild_limit
        self.max_run_length: int = variant.max_run_length
        self.set_suits: SetSuits = getattr(variant, "set_suits", SetSuits.DISTINCT)
        self.laydown_wilds_per_meld: int | None = getattr(variant, "laydown_wilds_per_meld", None)
        self.contract_run_suits: RunSuits = getattr(variant, "contract_run_suits", RunSuits.ANY)
        self.wild_twos: bool = twos_wild(variant)


def _options_key(variant: ContractRules) -> tuple[object, ...]:
    return (
        variant.min_naturals_per_meld,
        variant.wild_limit,
        variant.max_run_length,
        getattr(variant, "set_suits", SetSuits.DISTINCT),
        getattr(variant, "laydown_wilds_per_meld", None),
        getattr(variant, "contract_run_suits", RunSuits.ANY),
        twos_wild(variant),
    )


def loose_sizes(variant: ContractRules) -> LooseSizes:
    """:class:`LooseSizes` of ``variant`` (one per combination of its options, kept)."""
    key = _options_key(variant)
    loose = _LOOSE.get(key)
    if loose is None:
        loose = remember(_LOOSE, key, LooseSizes(variant))
    return loose


_LOOSE: dict[tuple[object, ...], LooseSizes] = bounded_memo(256)


def all_out_ways(
    hand: Iterable[Card],
    contract: Contract,
    variant: ContractRules,
    placed: Sequence[Meld] = (),
    *,
    canonical_wilds: bool = False,
) -> tuple[tuple[Meld, ...], ...]:
    """Every way to complete ``contract`` after the melds ``placed`` with every card of
    ``hand`` ([out.all_out]): the melds of what is left of the contract, each at least its
    part's size, using the whole hand, their runs keeping [contract.run_suits] with those
    placed; in :func:`~pushrummy.contracts.contract_options`' order. ``((),)`` when
    ``placed`` completes the contract and ``hand`` is empty; ``()`` when there is none.

    >>> from pushrummy import CONTRACT_RUMMY, parse_cards
    >>> runs = CONTRACT_RUMMY.deals[6].contract                 # 3 runs of 4
    >>> hand = parse_cards("3H 4H 5H 6H 7H 9S 10S JS QS 3C 4C 5C 6C")
    >>> for way in all_out_ways(hand, runs, CONTRACT_RUMMY):
    ...     print(" / ".join(str(meld) for meld in way))
    3C 4C 5C 6C / 3H 4H 5H 6H 7H / 9S 10S JS QS
    >>> all_out_ways(hand[:-1], runs, CONTRACT_RUMMY)          # 12 cards, one of them 7H
    ()

    Raises:
        TypeError: ``hand`` holds something that is not a card, ``contract`` is not a
            :class:`~pushrummy.contract_spec.Contract`, ``placed`` not melds, or ``variant``
            not meld options.
    """
    cards, placed = _checked(hand, contract, variant, placed)
    key = (cards, contract, _options_key(variant), placed, bool(canonical_wilds))
    known = _WAYS.get(key)
    if known is not None:
        return known
    return remember(_WAYS, key, _ways(cards, contract, variant, placed, bool(canonical_wilds)))


def _checked(
    hand: Iterable[Card], contract: Contract, variant: ContractRules, placed: Sequence[Meld]
) -> tuple[tuple[Card, ...], tuple[Meld, ...]]:
    """The hand sorted and the melds placed, after the argument types are checked."""
    cards = tuple(hand)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"hand must hold Cards, not {type(card).__name__}")
    if not isinstance(contract, Contract):
        raise TypeError(f"contract must be a Contract, not {type(contract).__name__}")
    try:
        _options_key(variant)
    except AttributeError:
        raise TypeError(
            f"variant must have the ContractRules fields, not {type(variant).__name__}"
        ) from None
    melds = tuple(placed)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise TypeError(f"placed must hold Melds, not {type(meld).__name__}")
    return tuple(sorted(cards)), melds


def _ways(
    cards: tuple[Card, ...],
    contract: Contract,
    variant: ContractRules,
    placed: tuple[Meld, ...],
    canonical_wilds: bool,
) -> tuple[tuple[Meld, ...], ...]:
    loose = loose_sizes(variant)
    left = contract_left(contract, placed, loose)
    if left is None:
        return ()
    if not left:
        return ((),) if not cards else ()
    parts = tuple(
        sorted(
            ((req.kind, req.size) for req in left for _ in range(req.count)),
            key=lambda part: (part[0].value, -part[1]),
        )
    )
    if sum(size for _, size in parts) > len(cards):
        return ()
    if not can_meet_contract(cards, Contract(left), loose):
        return ()  # not even with cards to spare (most hands, most turns)
    return tuple(sorted(_Cover(cards, loose, placed, canonical_wilds).search(parts)))


class _Cover:
    """The exact covers of a hand by melds filling the parts left ([out.all_out]): a search
    that puts the lowest natural card left into each meld it can be part of (every window
    of its suit's runs and every set of its rank, with each choice of the naturals and the
    wild cards left), the parts taking the melds biggest part first, until no card is left;
    wild cards left once the naturals are gone make melds of wilds only."""

    def __init__(
        self,
        cards: tuple[Card, ...],
        loose: LooseSizes,
        placed: tuple[Meld, ...],
        canonical_wilds: bool,
    ) -> None:
        self.loose = loose
        self.option = loose.contract_run_suits
        self.cap = loose.laydown_wilds_per_meld
        self.canonical = canonical_wilds
        self.wild = wild = wild_table(loose.wild_twos)  # [setup.wild]
        self.naturals = Counter(card for card in cards if not wild[card.code])
        self.wilds = Counter(card for card in cards if wild[card.code])
        self.windows = [w for meld in placed if (w := run_window(meld)) is not None]
        self.memo: dict[tuple[object, ...], frozenset[tuple[Meld, ...]]] = {}

    def search(
        self, parts: tuple[tuple[MeldKind, int], ...], first_only: bool = False
    ) -> frozenset[tuple[Meld, ...]]:
        """The covers of the cards left by melds filling ``parts`` (each a tuple of melds,
        sorted); with ``first_only``, one at most. Memoised by the cards left, the parts
        and the runs placed (a state reached by melds chosen in another order is one)."""
        naturals, wilds = self.naturals, self.wilds
        key = (
            tuple(sorted((+naturals).elements())),
            tuple(sorted((+wilds).elements())),
            parts,
            tuple(sorted(self.windows)),
            first_only,
        )
        known = self.memo.get(key)
        if known is not None:
            return known
        found = self.memo[key] = self._search(parts, first_only, key[0] + key[1])
        return found

    def _search(
        self,
        parts: tuple[tuple[MeldKind, int], ...],
        first_only: bool,
        cards: tuple[Card, ...],
    ) -> frozenset[tuple[Meld, ...]]:
        naturals, wilds, wild = self.naturals, self.wilds, self.wild
        if not parts:
            return _EMPTY_COVER if not cards else _NO_COVER
        if len(cards) < sum(size for _, size in parts):
            return _NO_COVER
        if not _runs_may_hold(naturals, len(cards), parts, self.loose):
            return _NO_COVER  # too many cards, or copies, for the runs (the big hands)
        if not can_meet_contract(cards, _contract_of(parts), self.loose):
            return _NO_COVER  # not even with cards to spare
        if not +naturals:
            return self._wilds_only(parts, first_only)
        card = min(+naturals)
        found: set[tuple[Meld, ...]] = set()
        for meld in self._melds_with(card, parts):
            part = _part_for(parts, meld)
            if part is None or not self._fits(meld):
                continue
            naturals.subtract(c for c in meld.cards if not wild[c.code])
            wilds.subtract(c for c in meld.cards if wild[c.code])
            window = run_window(meld)
            if window is not None:
                self.windows.append(window)
            rest = self.search(parts[:part] + parts[part + 1 :], first_only)
            if window is not None:
                self.windows.pop()
            naturals.update(c for c in meld.cards if not wild[c.code])
            wilds.update(c for c in meld.cards if wild[c.code])
            found.update(tuple(sorted((meld, *way))) for way in rest)
            if found and first_only:
                break
        return frozenset(found)

    def _fits(self, meld: Meld) -> bool:
        if meld_rule_violation(meld, self.loose) is not None:
            return False
        wild_count = sum(1 for c in meld.cards if self.wild[c.code])
        if self.cap is not None and wild_count > self.cap:
            return False
        window = run_window(meld)
        return window is None or not any(
            runs_clash(self.option, window, other) for other in self.windows
        )

    def _wild_choices(self, count: int, ordered: bool) -> list[tuple[Card, ...]]:
        """The ways to take ``count`` wild cards of those left: every order along a run
        (``ordered``, unless canonical), else sorted."""
        pool = sorted((+self.wilds).elements())
        if count > len(pool):
            return []
        if ordered and not self.canonical:
            return sorted(set(permutations(pool, count)))
        return sorted(set(combinations(pool, count)))

    def _most_wilds(self) -> int:
        held = sum((+self.wilds).values())
        return held if self.cap is None else min(held, self.cap)

    def _melds_with(self, card: Card, parts: tuple[tuple[MeldKind, int], ...]) -> Iterator[Meld]:
        kinds = {kind for kind, _ in parts}
        smallest = {kind: min(size for k, size in parts if k is kind) for kind in kinds}
        most = self._most_wilds()
        if MeldKind.SET in kinds:
            yield from self._sets_with(card, smallest[MeldKind.SET], most)
        if MeldKind.RUN in kinds:
            yield from self._runs_with(card, smallest[MeldKind.RUN], most)

    def _sets_with(self, card: Card, least: int, most: int) -> Iterator[Meld]:
        rank = card.rank
        others = Counter({c: n for c, n in (+self.naturals).items() if c.rank is rank})
        others[card] -= 1
        pool = sorted((+others).elements())
        for extra in range(len(pool) + 1):
            for more in sorted(set(combinations(pool, extra))):
                naturals = (card, *more)
                for count in range(most + 1):
                    if len(naturals) + count < max(3, least):
                        continue
                    for fill in self._wild_choices(count, ordered=False):
                        try:
                            yield Meld.set_of(
                                (*naturals, *fill), rank, wild_twos=self.loose.wild_twos
                            )
                        except InvalidMeldError:
                            continue

    def _runs_with(self, card: Card, least: int, most: int) -> Iterator[Meld]:
        suit, rank = card.suit, card.rank
        assert rank is not None  # a natural card
        held = +self.naturals
        positions = (1, MAX_RUN_POSITION) if rank is Rank.ACE else (int(rank),)
        for pos in positions:
            for start in range(1, pos + 1):
                for end in range(max(pos, start + max(3, least) - 1), MAX_RUN_POSITION + 1):
                    yield from self._runs_in(card, suit, pos, start, end, held, most)

    def _runs_in(
        self,
        card: Card,
        suit: Suit | None,
        pos: int,
        start: int,
        end: int,
        held: Counter[Card],
        most: int,
    ) -> Iterator[Meld]:
        """The runs of ``start..end`` in ``suit`` holding ``card`` at ``pos``: each other
        place its natural (if one is left) or a wild card."""
        assert suit is not None
        if end - start + 1 > self.loose.max_run_length:
            return
        naturals: list[Card | None] = []
        free: list[int] = []  # places whose natural is left: natural or wild
        forced: list[int] = []  # places with no natural left: wild
        for i, p in enumerate(range(start, end + 1)):
            natural = card if p == pos else Card(position_rank(p), suit)
            naturals.append(natural)
            if p == pos:
                continue
            if held[natural] - (natural == card) > 0:
                free.append(i)
            else:
                forced.append(i)
        if len(forced) > most:
            return
        for extra in range(most - len(forced) + 1):
            for chosen in combinations(free, extra):
                wild_places = sorted((*forced, *chosen))
                need = Counter(c for i, c in enumerate(naturals) if i not in wild_places)
                if any(held[c] < n for c, n in need.items() if c is not None):
                    continue
                for fill in self._wild_choices(len(wild_places), ordered=True):
                    cards = list(naturals)
                    for i, wild in zip(wild_places, fill, strict=True):
                        cards[i] = wild
                    try:
                        yield Meld.run_of(
                            cards,  # type: ignore[arg-type]
                            suit=suit,
                            start=start,
                            wild_twos=self.loose.wild_twos,
                        )
                    except InvalidMeldError:
                        continue

    def _wilds_only(
        self, parts: tuple[tuple[MeldKind, int], ...], first_only: bool
    ) -> frozenset[tuple[Meld, ...]]:
        """The wild cards left make the parts left, melds of wilds only, every one used."""
        kind, size = parts[0]
        held = sum((+self.wilds).values())
        rest_least = sum(s for _, s in parts[1:])
        found: set[tuple[Meld, ...]] = set()
        for count in range(size, held - rest_least + 1):
            for fill in self._wild_choices(count, ordered=kind is MeldKind.RUN):
                for meld in _wild_melds(kind, fill, self.loose.wild_twos):
                    if not self._fits(meld):
                        continue
                    self.wilds.subtract(fill)
                    window = run_window(meld)
                    if window is not None:
                        self.windows.append(window)
                    rest = self.search(parts[1:], first_only)
                    if window is not None:
                        self.windows.pop()
                    self.wilds.update(fill)
                    found.update(tuple(sorted((meld, *way))) for way in rest)
                    if found and first_only:
                        return frozenset(found)
        return frozenset(found)


_EMPTY_COVER: frozenset[tuple[Meld, ...]] = frozenset({()})
_NO_COVER: frozenset[tuple[Meld, ...]] = frozenset()


def _contract_of(parts: tuple[tuple[MeldKind, int], ...]) -> Contract:
    """The contract of ``parts``."""
    counts = Counter(parts)
    return Contract(tuple(Requirement(kind, size, count=n) for (kind, size), n in counts.items()))


def _wild_melds(kind: MeldKind, fill: tuple[Card, ...], wild_twos: bool) -> Iterator[Meld]:
    """Every declaration of a meld of the wild cards ``fill`` (in run order); a set of twos
    only where twos are natural ([setup.wild])."""
    if kind is MeldKind.SET:
        for rank in Rank:
            if rank is not Rank.TWO or not wild_twos:
                yield Meld.set_of(fill, rank, wild_twos=wild_twos)
        return
    for suit in Suit:
        for start in range(1, MAX_RUN_POSITION - len(fill) + 2):
            try:
                yield Meld.run_of(fill, suit=suit, start=start, wild_twos=wild_twos)
            except InvalidMeldError:
                continue


def _runs_may_hold(
    naturals: Counter[Card], count: int, parts: tuple[tuple[MeldKind, int], ...], loose: LooseSizes
) -> bool:
    """Whether ``count`` cards, ``naturals`` among them, may make ``parts`` when every part is
    a run (otherwise ``True``): a run holds at most ``max_run_length`` cards (14 places at
    most), at most ``laydown_wilds_per_meld`` wild cards, and at most one natural of each
    place, so the naturals of a suit need as many runs of it as the copies of any of its
    cards (an ace: two a run, low and high) and as their number needs. Necessary, not
    sufficient: a cheap refusal of the hands that hoard cards (40 and more, in which the
    search would try every window of every card before finding none)."""
    runs = len(parts)
    if any(kind is not MeldKind.RUN for kind, _ in parts):
        return True
    longest = min(loose.max_run_length, MAX_RUN_POSITION)
    if count > runs * longest:
        return False
    cap = loose.laydown_wilds_per_meld
    if cap is not None and count - sum(naturals.values()) > runs * cap:
        return False
    copies = [0, 0, 0, 0]  # per suit: the most copies of one of its cards, in runs
    held = [0, 0, 0, 0]
    for card, number in naturals.items():
        if number <= 0 or card.suit is None:
            continue
        suit = int(card.suit)
        held[suit] += number
        need = -(-number // 2) if card.rank is Rank.ACE else number
        copies[suit] = max(copies[suit], need)
    return sum(max(copies[s], -(-held[s] // longest)) for s in range(4)) <= runs


def _part_for(parts: tuple[tuple[MeldKind, int], ...], meld: Meld) -> int | None:
    """The index of the biggest part of ``meld``'s kind no bigger than it (parts sorted by
    kind, then biggest first), ``None`` if none."""
    size = len(meld.cards)
    for index, (kind, need) in enumerate(parts):
        if kind is meld.kind and need <= size:
            return index
    return None


_WAYS: dict[tuple[object, ...], tuple[tuple[Meld, ...], ...]] = bounded_memo(512)
"""Memo of :func:`all_out_ways` (the checker and the lister of one position ask alike)."""


def can_complete_all_out(
    hand: Iterable[Card], contract: Contract, variant: ContractRules, placed: Sequence[Meld] = ()
) -> bool:
    """Whether ``hand`` completes ``contract`` after ``placed`` with every card it holds
    ([out.all_out]): :func:`all_out_ways` is not empty (found without listing them all).

    Raises:
        TypeError: as :func:`all_out_ways`.
    """
    cards, placed = _checked(hand, contract, variant, placed)
    key = (cards, contract, _options_key(variant), placed, False)
    known = _WAYS.get(key)
    if known is not None:
        return bool(known)
    loose = loose_sizes(variant)
    left = contract_left(contract, placed, loose)
    if left is None:
        return False
    if not left:
        return not cards
    parts = tuple(
        sorted(
            ((req.kind, req.size) for req in left for _ in range(req.count)),
            key=lambda part: (part[0].value, -part[1]),
        )
    )
    if sum(size for _, size in parts) > len(cards):
        return False
    if not can_meet_contract(cards, Contract(left), loose):
        return False
    return bool(_Cover(cards, loose, placed, True).search(parts, first_only=True))
