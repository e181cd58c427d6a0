"""Can a hand meet a contract? The fast search behind :func:`can_meet_contract`.

:func:`solve` gets each distinct component's candidates (module ``candidates``) and packs
the hand's naturals into one int; :func:`fit` then picks one candidate per component by
backtracking (:func:`_pick`): scarce components first, fewest wilds first, identical
components in non-decreasing order, and "does it still fit?" one subtraction and one
mask test. A backtracking that runs long hands over to the clusters (module
``clusters``), which lead it to the same first way without a dead end (:class:`_Guided`).
:func:`rest_fits` is the same question on candidate lists already made, for the lay-down
steps, with a fast path for one component left (:func:`one_part_fits`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..contract_spec import Contract
from .candidates import Candidate, run_candidates, set_candidates
from .clusters import clustered_fit
from .hands import TABLES, Hand, field_bits, read_hand, tables_of
from .parts import RUN, Component, Plan, plan_for, plan_of
from .rules import ContractRules, Rules, rules_of
from .run_suits import binds, run_suits_fit


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
    parsed = read_hand(hand, rules.wild_twos)
    by_comp: dict[Component, list[Candidate]] = {}
    found = solve(parsed, plan, rules, 0, by_comp)
    if found is None or not binds(rules, plan.comps, ()):
        return found is not None
    return run_suits_fit(parsed.codes, parsed.wilds, plan.comps, by_comp, rules, (), False, found)


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
        lists = [candidates] * count
    else:
        if len(plan.distinct) > 1:
            # Scarce components first; identical ones stay adjacent.
            comps = tuple(sorted(comps, key=lambda comp: (len(by_comp[comp]), comp)))
        lists = [by_comp[comp] for comp in comps]
        if not all(lists):
            return False
        # floor[i]: the fewest wilds components i and after need (lists are sorted by wilds).
        floor = [0] * (len(comps) + 1)
        for i in range(len(comps) - 1, -1, -1):
            floor[i] = floor[i + 1] + lists[i][0][0]
        if floor[0] > wilds:
            return False
        same = [i > 0 and comps[i] == comps[i - 1] for i in range(len(comps))]
    budget = [_BUDGET]
    picked = len(chosen)
    try:
        return _pick(0, 0, remaining, wilds, lists, same, floor, guards, chosen, budget)
    except _OverBudget:
        del chosen[picked:]
    # A long search (many parts, and most often no way): the clusters answer instead,
    # and guide the search to the way the backtracking would have found.
    search = _Guided(comps, by_comp, lists, same, floor, guards, chosen)
    try:
        return search.pick(0, 0, remaining, wilds)
    except _OverBudget:  # beyond the clusters' reach: the backtracking, to its end
        del chosen[picked:]
    budget[0] = _UNBOUNDED
    return _pick(0, 0, remaining, wilds, lists, same, floor, guards, chosen, budget)


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
    budget: list[int],
) -> bool:
    """Backtracking: choose a candidate for component ``i`` and the rest after it.

    ``remaining`` keeps its guard bits set. Identical components take candidates in
    non-decreasing index order, so each multiset is tried once. Each call spends one of
    ``budget``; past it, :class:`_OverBudget` is raised.
    """
    if i == len(lists):
        return True
    budget[0] -= 1
    if budget[0] < 0:
        raise _OverBudget
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
        if _pick(i + 1, index, rest, wilds - need, lists, same, floor, guards, chosen, budget):
            return True
        chosen.pop()
    return False


_BUDGET = 32
"""The calls of :func:`_pick` one :func:`fit` may make before the clusters take over
(:class:`_Guided`). Play's searches make a few dozen at most: they end well within it."""


_UNBOUNDED = 1 << 62
"""A budget never spent."""


class _OverBudget(Exception):
    """The backtracking of :func:`fit` has spent its budget, or the clusters cannot tell."""


class _Guided:
    """The search of :func:`_pick`, each step checked first by :func:`clustered_fit`.

    :func:`clustered_fit` answers exactly whether the components from ``i`` on can be
    met from what is left, in time polynomial in the number of parts. This search tries
    the same candidates in the same order as :func:`_pick` and goes down only where that
    answer is yes, so it finds the same first way (``chosen``) without ever exploring a
    dead branch beyond its first step. It takes the first candidate whose rest can be
    met: with identical components in non-decreasing order, a rest that can be met at
    all can be met by candidates no earlier in the list than it (were one earlier, the
    rest with it in place of this one could be met too, and that one would have been
    taken before), so the pick after it never fails.
    """

    def __init__(
        self,
        comps: tuple[Component, ...],
        by_comp: dict[Component, list[Candidate]],
        lists: list[list[Candidate]],
        same: list[bool],
        floor: list[int],
        guards: int,
        chosen: list[Candidate],
    ) -> None:
        self.comps = comps
        self.by_comp = by_comp
        self.lists = lists
        self.same = same
        self.floor = floor
        self.guards = guards
        self.chosen = chosen
        self.known: dict[tuple[int, int, int], bool] = {}

    def can(self, i: int, remaining: int, wilds: int) -> bool:
        """Whether components ``i`` on can be met from ``remaining`` and ``wilds``; raises
        :class:`_OverBudget` if the clusters cannot tell."""
        key = (i, remaining, wilds)
        known = self.known.get(key)
        if known is None:
            answer = clustered_fit(self.comps[i:], self.by_comp, remaining, wilds, self.guards)
            if answer is None:
                raise _OverBudget
            known = self.known[key] = answer
        return known

    def pick(self, i: int, start: int, remaining: int, wilds: int) -> bool:
        if i == len(self.lists):
            return True
        if not self.can(i, remaining, wilds):
            return False
        candidates = self.lists[i]
        spare = wilds - self.floor[i + 1]
        guards = self.guards
        for index in range(start if self.same[i] else 0, len(candidates)):
            candidate = candidates[index]
            need = candidate[0]
            if need > spare:
                break  # sorted by wilds
            rest = remaining - candidate[1]
            if rest & guards != guards:
                continue
            if i + 1 < len(self.lists) and not self.can(i + 1, rest, wilds - need):
                continue
            self.chosen.append(candidate)
            if self.pick(i + 1, index, rest, wilds - need):
                return True
            self.chosen.pop()
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
