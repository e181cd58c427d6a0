"""The parts of a contract as the search reads them, and what is left of a contract.

A contract is a sorted tuple of *components* ``(kind, size)``, ``kind`` being
:data:`SET` or :data:`RUN`: the one encoding of a meld's kind throughout the search. A
:class:`Plan` adds what the feasibility search needs. When melds count towards a
contract, each takes the biggest component it can fill (:func:`rest_after`), which
leaves the least to do: :func:`contract_left` says what that is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from ..contract_spec import Contract, Requirement
from ..melds import Meld, MeldKind
from .memo import bounded_memo, remember
from .rules import ContractRules, rules_of

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


# -- plans ---------------------------------------------------------------------------------

Component = tuple[int, int]
"""``(kind, size)``: a part of the contract, ``kind`` being :data:`SET` or :data:`RUN`."""


class Plan(NamedTuple):
    comps: tuple[Component, ...]
    """Every component, sorted (so identical ones are adjacent)."""
    distinct: tuple[Component, ...]
    """Each component once, in the order the feasibility search probes them: the biggest
    first, runs before sets of a size (the rarest to fill: a hand that cannot meet the
    contract most often lacks those, and the search stops at the first component without
    a candidate)."""
    min_cards: int


def plan_of(contract: Contract) -> Plan:
    """The contract as the search wants it, cached per contract object."""
    entry = _PLAN_CACHE.get(id(contract))
    if entry is not None and entry[0] is contract:
        return entry[1]
    if not isinstance(contract, Contract):
        raise TypeError(f"contract must be a Contract, not {type(contract).__name__}")
    return _new_plan(contract)


def _new_plan(contract: Contract) -> Plan:
    comps = tuple(sorted((kind_code(kind), size) for kind, size in contract.components))
    plan = plan_from(comps)
    # Holding the contract keeps its id from being reused by another object.
    remember(_PLAN_CACHE, id(contract), (contract, plan))
    return plan


def plan_from(comps: tuple[Component, ...]) -> Plan:
    comps = tuple(sorted(comps))
    probe = tuple(sorted(dict.fromkeys(comps), key=_probe_order))
    return Plan(comps, probe, sum(size for _, size in comps))


def _probe_order(comp: Component) -> tuple[int, int]:
    return (-comp[1], -comp[0])


_PLAN_CACHE: dict[int, tuple[Contract, Plan]] = bounded_memo(256)


def plan_for(comps: tuple[Component, ...]) -> Plan:
    """:func:`plan_from` of sorted components, memoised (contracts have few parts)."""
    plan = _REST_PLANS.get(comps)
    if plan is None:
        plan = remember(_REST_PLANS, comps, plan_from(comps))
    return plan


_REST_PLANS: dict[tuple[Component, ...], Plan] = bounded_memo(4096)


# -- what is left ---------------------------------------------------------------------------


def rest_after(
    comps: tuple[Component, ...], kind: int, size: int, exact: bool
) -> tuple[Component, ...] | None:
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


def rest_after_melds(
    comps: tuple[Component, ...], melds: Iterable[Meld], exact: bool
) -> tuple[Component, ...] | None:
    """The components left after ``melds`` take theirs (biggest melds first), or ``None``
    when they cannot all be matched to components."""
    sized = sorted(
        ((kind_code(meld.kind), len(meld.cards)) for meld in melds),
        key=lambda item: -item[1],
    )
    rest: tuple[Component, ...] | None = comps
    for kind, size in sized:
        assert rest is not None
        rest = rest_after(rest, kind, size, exact)
        if rest is None:
            return None
    return rest


def checked_melds(placed: Iterable[Meld]) -> tuple[Meld, ...]:
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


def requirements(comps: Iterable[Component]) -> tuple[Requirement, ...]:
    counted: dict[Component, int] = {}
    for comp in comps:
        counted[comp] = counted.get(comp, 0) + 1
    return tuple(
        Requirement(MELD_KINDS[kind], size, count=count) for (kind, size), count in counted.items()
    )


def contract_left(
    contract: Contract, placed: Iterable[Meld] = (), variant: ContractRules | None = None
) -> tuple[Requirement, ...] | None:
    """What of ``contract`` is still to lay down once the melds ``placed`` count towards it.

    ``()`` when the melds complete it, ``None`` when they cannot all count towards it
    (too many, or of a kind or size no part of it takes). Each meld counts towards the
    biggest part it can fill, which leaves the least to do.

    Raises:
        TypeError: ``contract`` is not a contract, ``placed`` not an iterable of melds, or
            ``variant`` not ``None`` or meld options.

    >>> from pushrummy import PUSH, parse_meld
    >>> contract_left(PUSH.deals[1].contract, [parse_meld("7S 7H 7D")])
    (Requirement(kind=<MeldKind.RUN: 'run'>, size=4, count=1),)
    >>> contract_left(PUSH.deals[1].contract, [parse_meld("7S 7H 7D"), parse_meld("7S 7H 7D")])
    """
    plan = plan_of(contract)
    rules = rules_of(variant)
    rest = rest_after_melds(plan.comps, checked_melds(placed), rules.exact)
    return None if rest is None else requirements(rest)
