"""Can a hand meet a contract? The fast search behind :func:`can_meet_contract`.

:func:`solve` gets each distinct component's candidates (module ``candidates``) and packs
the hand's naturals into one int; :func:`fit` then picks one candidate per component by
backtracking (:func:`_pick`): scarce components first, fewest wilds first, identical
components in non-decreasing order, and "does it still fit?" one subtraction and one
mask test. :func:`rest_fits` is the same question on candidate lists already made, for
the lay-down steps, with a fast path for one component left (:func:`one_part_fits`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..contract_spec import Contract
from .candidates import Candidate, run_candidates, set_candidates
from .hands import TABLES, Hand, field_bits, read_hand, tables_of
from .parts import RUN, Component, Plan, plan_for, plan_of
from .rules import ContractRules, Rules, rules_of


def can_meet_contract(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> bool:
    """Whether ``hand`` can lay down ``contract`` under ``variant``'s options.

    ``hand`` is any iterable of cards (a multiset); ``variant=None`` means Push's
    defaults. Equivalent to ``bool(contract_options(hand, contract, variant))``, but much
    faster: it never lists the ways.

    Raises:
        TypeError: ``hand`` holds something that is not a card, ``contract`` is not a
            :class:`~pushrummy.contract_spec.Contract`, or ``variant`` is not ``None`` or
            meld options.

    >>> from pushrummy import PUSH, parse_cards
    >>> can_meet_contract(parse_cards("7S 7H 7D 9C 9S 9H"), PUSH.deals[0].contract)
    True
    >>> can_meet_contract(parse_cards("KH AH 2H 3H"), PUSH.deals[1].contract)
    False
    """
    plan = plan_of(contract)
    rules = rules_of(variant)
    return solve(read_hand(hand), plan, rules) is not None


# -- the search ------------------------------------------------------------------------------


def solve(
    hand: Hand,
    plan: Plan,
    rules: Rules,
    extra_wilds: int = 0,
    by_comp: dict[Component, list[Candidate]] | None = None,
) -> list[Candidate] | None:
    """One candidate per component, fitting the hand together, or ``None``.

    ``by_comp``, if given, receives the candidate list of each distinct component (for
    the lister of ``contract_options`` and the lay-down steps, which need them too).
    """
    codes = hand.codes
    if len(codes) + extra_wilds < plan.min_cards:
        return None
    wilds = hand.wilds + extra_wilds
    field = field_bits(len(codes))
    tables = TABLES.get(field) or tables_of(field)
    if by_comp is None:
        by_comp = {}
    for comp in plan.distinct:
        if comp[0] == RUN:
            found = run_candidates(hand, comp[1], wilds, rules, field, tables)
        else:
            found = set_candidates(hand, comp[1], wilds, rules, tables)
        if not found:
            return None
        by_comp[comp] = found
    remaining = tables.guards + sum(map(tables.units.__getitem__, codes))
    chosen: list[Candidate] = []
    if fit(plan, by_comp, remaining, wilds, tables.guards, chosen):
        return chosen
    return None


def fit(
    plan: Plan,
    by_comp: dict[Component, list[Candidate]],
    remaining: int,
    wilds: int,
    guards: int,
    chosen: list[Candidate],
) -> bool:
    """Whether one candidate per component of ``plan`` (from ``by_comp``) fits the packed
    naturals ``remaining`` and ``wilds`` together; the candidates go to ``chosen``."""
    comps = plan.comps
    if len(plan.distinct) == 1:
        # One kind of part (2 sets of 3, 2 runs of 4 ...): no order to find, and the tables
        # below are known without looking at the candidates one by one.
        candidates = by_comp[comps[0]]
        if not candidates:
            return False
        count = len(comps)
        least = candidates[0][0]
        if least * count > wilds:
            return False
        floor = [least * (count - i) for i in range(count + 1)]
        same = _SAME[count] if count < len(_SAME) else [i > 0 for i in range(count)]
        return _pick(0, 0, remaining, wilds, [candidates] * count, same, floor, guards, chosen)
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


_SAME = tuple([i > 0 for i in range(count)] for count in range(16))
"""For ``count`` identical components, :func:`_pick`'s ``same``: each but the first is the
same as the one before it."""


def _pick(
    i: int,
    start: int,
    remaining: int,
    wilds: int,
    lists: list[list[Candidate]],
    same: list[bool],
    floor: list[int],
    guards: int,
    chosen: list[Candidate],
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


# -- the same search on candidate lists already made ----------------------------------------


def rest_fits(
    remaining: int,
    wilds: int,
    rest: tuple[Component, ...],
    by_comp: dict[Component, list[Candidate]],
    guards: int,
    memo: dict[tuple[int, int, tuple[Component, ...]], bool],
) -> bool:
    """The fast check of :meth:`Steps.steps`: can ``rest`` be met from the packed naturals
    ``remaining`` (guard bits set) and ``wilds``, with the whole hand's candidates
    ``by_comp``? Memoised in ``memo``. (For one component left, :func:`one_part_fits`
    gives the same answer faster.)"""
    key = (remaining, wilds, rest)
    known = memo.get(key)
    if known is None:
        known = memo[key] = fit(plan_for(rest), by_comp, remaining, wilds, guards, [])
    return known


def one_part_fits(
    remaining: int,
    wilds: int,
    rest: tuple[Component, ...],
    by_comp: dict[Component, list[Candidate]],
    guards: int,
    memo: dict[tuple[int, int, tuple[Component, ...]], bool],
) -> bool:
    """:func:`rest_fits` for one component left, the fast path: whether one of its
    candidates fits the packed naturals ``remaining`` (guard bits set) and ``wilds``.

    It is correct because with one component :func:`fit` has no order of components to
    choose and no identical components to keep in order: its search is one loop over
    the candidate list, which is sorted by wilds, that stops at the first candidate
    needing more wilds than there are (none after it needs fewer) and succeeds at the
    first whose naturals are all left. That loop is this one, without the setup.

    It is there because two-part contracts are four of the five deals of Push and of
    Cap-It: once a lay-down step is placed, one part is left, and :meth:`Steps.steps`
    asks this of most shapes of the hand, where :func:`fit`'s setup (ordering the
    components, the tables of fewest wilds and of identical components, the recursive
    pick) would cost more than the scan. It takes the arguments of :func:`rest_fits`
    (and shares its memo), so that the caller picks one or the other for a call's cost.
    """
    key = (remaining, wilds, rest)
    known = memo.get(key)
    if known is None:
        known = False
        for need, use, _ in by_comp[rest[0]]:
            if need > wilds:
                break  # sorted by wilds
            if (remaining - use) & guards == guards:
                known = True
                break
        memo[key] = known
    return known
