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

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..contract_spec import Contract, RunSuits, run_suits_problem
from ..melds import Meld, SetSuits, WildLimit
from .listing import contract_options
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
    )

    contract_exact_sizes = False

    def __init__(self, variant: ContractRules) -> None:
        self.min_naturals_per_meld: int = variant.min_naturals_per_meld
        self.wild_limit: WildLimit = variant.wild_limit
        self.max_run_length: int = variant.max_run_length
        self.set_suits: SetSuits = getattr(variant, "set_suits", SetSuits.DISTINCT)
        self.laydown_wilds_per_meld: int | None = getattr(variant, "laydown_wilds_per_meld", None)
        self.contract_run_suits: RunSuits = getattr(variant, "contract_run_suits", RunSuits.ANY)


def _options_key(variant: ContractRules) -> tuple[object, ...]:
    return (
        variant.min_naturals_per_meld,
        variant.wild_limit,
        variant.max_run_length,
        getattr(variant, "set_suits", SetSuits.DISTINCT),
        getattr(variant, "laydown_wilds_per_meld", None),
        getattr(variant, "contract_run_suits", RunSuits.ANY),
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
    """
    cards = tuple(sorted(hand))
    placed = tuple(placed)
    key = (cards, contract, _options_key(variant), placed, bool(canonical_wilds))
    known = _WAYS.get(key)
    if known is not None:
        return known
    return remember(_WAYS, key, _ways(cards, contract, variant, placed, bool(canonical_wilds)))


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
    rest = Contract(left)
    if sum(req.size * req.count for req in left) > len(cards):
        return ()
    option = loose.contract_run_suits
    found = []
    for way in contract_options(cards, rest, loose, canonical_wilds=canonical_wilds):
        if sum(len(meld.cards) for meld in way) != len(cards):
            continue
        if placed and run_suits_problem(option, (*placed, *way)) is not None:
            continue
        found.append(way)
    return tuple(found)


_WAYS: dict[tuple[object, ...], tuple[tuple[Meld, ...], ...]] = bounded_memo(512)
"""Memo of :func:`all_out_ways` (the checker and the lister of one position ask alike)."""


def can_complete_all_out(
    hand: Iterable[Card], contract: Contract, variant: ContractRules, placed: Sequence[Meld] = ()
) -> bool:
    """Whether ``hand`` completes ``contract`` after ``placed`` with every card it holds
    ([out.all_out]): :func:`all_out_ways` is not empty."""
    return bool(all_out_ways(hand, contract, variant, placed))
