"""Every way to meet a contract: :func:`contract_options`.

It works in two stages, so that its work follows the size of its answer (the
:class:`_Lister`):

1. *Shapes*: a shape is a meld with its wild slots left open (a set's rank, naturals and
   number of wilds; a run's suit, start, length and which positions hold naturals).
   Combinations of shapes are picked one slot at a time (sets first, then runs; slots
   of one kind take shapes in non-decreasing list order, so each multiset once), and a
   partial pick is kept only if the feasibility search says the rest of the contract
   can still be met from the rest of the hand.
2. *Wilds*: each shape combination is filled with the hand's wild cards in every
   distinct way. Distinct shapes give distinct melds; two equal shapes in one way take
   fills in non-decreasing order, so each multiset of melds comes out once.

With a ``limit``, the ways come instead from placing lay-down steps one at a time
(:func:`_step_ways`), lazily, so the cost follows the limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import permutations

from ..cards import Card
from ..contract_spec import Contract, RunSuits, run_suits_problem
from ..errors import SetupError
from ..melds import Meld
from .candidates import Candidate, run_candidates, set_candidates
from .feasibility import fit, solve
from .hands import (
    ACE_HIGH,
    WILD_CODES,
    Hand,
    field_bits,
    hand_from_codes,
    read_hand,
    tables_of,
)
from .parts import RUN, SET, Component, Plan, plan_from, plan_of, rest_after
from .rules import ContractRules, Rules, rules_of
from .shapes import (
    KEY,
    NATURALS,
    TEMPLATE,
    USE,
    WILDS,
    Shape,
    build_meld,
    run_shapes,
    set_shapes,
    size_ok,
    wild_fills,
)
from .steps import Steps, decl_order


def contract_options(
    hand: Iterable[Card],
    contract: Contract,
    variant: ContractRules | None = None,
    *,
    limit: int | None = None,
    canonical_wilds: bool = False,
) -> tuple[tuple[Meld, ...], ...]:
    """Every distinct way to lay down ``contract`` from ``hand``, in canonical order.

    See :mod:`pushrummy.contracts` for what counts as a way, when two ways are the same,
    and the order. ``()`` when the contract cannot be met.

    A hand with several wilds has a great many ways (hundreds of thousands with five or
    six), and listing them all takes time in proportion. ``limit`` asks for at most that
    many, at a cost that follows ``limit`` rather than the whole count: they are then the
    first ways met by placing :func:`lay_down_steps` one at a time (each way sorted as
    always, the ways in that step order rather than sorted). ``canonical_wilds`` lists
    ways that differ only in which wild card fills which wild place of a run once, with
    the wilds in ascending card order along the run: the choices that differ in play
    when ``wild_exchange`` is ``none`` ([meld.wild]).

    Raises:
        TypeError: ``hand`` is not cards, ``contract`` not a contract, ``variant`` not
            ``None`` or meld options, or ``limit`` not an int or ``None``.
        SetupError: ``limit`` is negative.

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
    plan = plan_of(contract)
    rules = rules_of(variant)
    if limit is not None:
        if not isinstance(limit, int) or isinstance(limit, bool):
            raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
        if limit < 0:
            raise SetupError(f"limit must be 0 or more, not {limit}")
    parsed = read_hand(hand, rules.wild_twos)
    if limit is not None:
        finder = Steps(rules, bool(canonical_wilds), False)
        ways: list[tuple[Meld, ...]] = []
        for way in _step_ways(finder, parsed.codes, plan.comps, None):
            if len(ways) >= limit:
                break
            if _keeps_run_suits(rules, way):
                ways.append(tuple(sorted(way)))
        return tuple(ways)
    candidates: dict[Component, list[Candidate]] = {}
    if solve(parsed, plan, rules, 0, candidates) is None:
        return ()
    found = _Lister(parsed, plan.comps, rules, candidates, bool(canonical_wilds)).run()
    if rules.run_suits is RunSuits.ANY:
        return found
    return tuple(way for way in found if _keeps_run_suits(rules, way))


def _keeps_run_suits(rules: Rules, way: Iterable[Meld]) -> bool:
    """Whether a way keeps [contract.run_suits] (the checker's
    :func:`~pushrummy.contract_spec.run_suits_problem`)."""
    return run_suits_problem(rules.run_suits, way) is None


def _step_ways(
    finder: Steps,
    codes: list[int],
    rest: tuple[Component, ...],
    after: tuple[int, tuple[int, ...]] | None,
) -> Iterator[tuple[Meld, ...]]:
    """The ways to complete ``rest`` from ``codes``, lazily, by placing lay-down steps one
    at a time; each step comes after ``after`` (step place, sort key) in step order, so
    each way is met once."""
    for key, decl in finder.steps(hand_from_codes(codes, finder.rules.wild_twos), rest):
        cards = decl[3:] if decl[0] == RUN else decl[2:]
        order = decl_order(key, decl, finder.rules.wild)
        if after is not None and order < after:
            continue
        meld = build_meld(decl)
        left = rest_after(rest, decl[0], len(cards), finder.exact)
        assert left is not None
        if not left:
            yield (meld,)
            continue
        remaining = list(codes)
        for code in cards:
            remaining.remove(code)
        for tail in _step_ways(finder, remaining, left, order):
            yield (meld, *tail)


class _Lister:
    """The two-stage enumeration of :func:`contract_options` for one hand and contract."""

    def __init__(
        self,
        hand: Hand,
        comps: tuple[Component, ...],
        rules: Rules,
        candidates: dict[Component, list[Candidate]],
        canonical: bool = False,
    ) -> None:
        self.hand = hand
        self.comps = comps
        self.rules = rules
        self.ordered = not canonical
        """Whether a run's wilds fill its wild places in every order (else ascending only)."""
        self.tables = tables = tables_of(field_bits(len(hand.codes)))
        self.set_sizes = [size for kind, size in comps if kind == SET]
        self.run_sizes = [size for kind, size in comps if kind == RUN]
        # With one size per kind, every listed shape fits every component of its kind.
        self.mixed_sizes = len(set(self.set_sizes)) > 1 or len(set(self.run_sizes)) > 1
        self.candidates = candidates
        """The whole hand's feasibility candidates per component (for the prune), as
        :func:`solve` found them."""
        budget = self._wild_budget()
        # Shapes are made only up to the most wilds the budget allows a shape of the kind:
        # with fewer wilds the same shapes come, less those needing more, in the same order,
        # and the filter below would drop those anyway (often most of a wild-rich hand's).
        most_set = max(budget[size, SET] for size in range(3, ACE_HIGH + 1))
        most_run = max(budget[size, RUN] for size in range(3, ACE_HIGH + 1))
        sets = set_shapes(hand, size_ok(comps, SET, rules), rules, tables, most_set)
        runs = run_shapes(hand, size_ok(comps, RUN, rules), rules, tables, most_run)
        sets = [shape for shape in sets if shape[WILDS] <= budget[shape[KEY][3], SET]]
        runs = [shape for shape in runs if shape[WILDS] <= budget[shape[KEY][3], RUN]]
        # Fewest wilds first: a slot's loop then stops at the first shape needing more
        # wilds than are left, where it used to test every shape after it (most of the
        # search's steps). The order of exploration does not matter: run() sorts the ways.
        sets.sort(key=_wilds_of)
        runs.sort(key=_wilds_of)
        self.slots = [sets] * len(self.set_sizes) + [runs] * len(self.run_sizes)
        self.bases = [0] * len(self.set_sizes) + [len(sets)] * len(self.run_sizes)
        """Per slot, the number of its first shape: a shape's number (its slot's base plus
        its index) names it, sets and runs apart. Numbers, not identities: a shape is a
        plain tuple, which the compiled build (mypyc) passes unboxed, so ``is`` and ``id``
        would not tell two shapes apart there."""
        self.ends = [_ends_by_wilds(shapes, hand.wilds) for shapes in self.slots]
        """Per slot, per number of wilds left: the end of the slot's shapes that fit them."""
        counts = hand.counts()
        wild = rules.wild
        self.pool = [counts[code] if wild[code] else 0 for code in WILD_CODES]
        self.picked: list[Shape] = []
        self.numbers: list[int] = []
        """The number of each picked shape (see ``bases``)."""
        self.ways: list[tuple[bytes, tuple[Meld, ...]]] = []
        """Every way listed, with its sort key (see :meth:`_fill_last`)."""
        self.feasible: dict[tuple[object, ...], bool] = {}
        self.fill_memo: dict[tuple[object, ...], list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        self.meld_memo: dict[int, dict[tuple[int, ...], tuple[bytes, Meld]]] = {}
        """Per shape (by its number), per fill: the meld."""
        self.rests_memo: dict[tuple[Component, ...], list[Plan]] = {}

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
                    found = run_candidates(hand, size, hand.wilds, rules, tables.field, tables)
                else:
                    found = set_candidates(hand, size, hand.wilds, rules, tables)
                self.candidates[comp] = found
            fewest[comp] = found[0][0] if found else hand.wilds + 1
        spare = hand.wilds - sum(fewest[comp] for comp in self.comps)
        exact = rules.exact
        budget = {}
        for kind in (SET, RUN):
            needs = [(need, fewest[of, need]) for of, need in self.comps if of == kind]
            for size in range(3, ACE_HIGH + 1):
                most = -1  # no component of the kind takes this size
                for need, few in needs:
                    if (size == need if exact else size >= need) and few > most:
                        most = few
                budget[size, kind] = spare + most if most >= 0 else -1
        return budget

    def run(self) -> tuple[tuple[Meld, ...], ...]:
        remaining = self.tables.guards
        wild = self.rules.wild
        for code in self.hand.codes:
            if not wild[code]:
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
        base = self.bases[slot]
        for index in range(start, self.ends[slot][wilds]):
            shape = shapes[index]
            rest = remaining - shape[USE]
            if rest & guards != guards:
                continue
            self.picked.append(shape)
            self.numbers.append(base + index)
            if not prune or self._rest_feasible(rest, wilds - shape[WILDS]):
                self._pick(slot + 1, index, rest, wilds - shape[WILDS])
            self.picked.pop()
            self.numbers.pop()

    def _rest_feasible(self, remaining: int, wilds: int) -> bool:
        """Whether the components not yet filled can be met from what is left (a prune:
        it tries every assignment of the picked shapes to components).

        What is left is ``remaining`` (packed naturals, guard bits set) and ``wilds``.
        Its feasibility candidates are among the whole hand's (a smaller hand only
        loses candidates, and needing fewer wilds is checked on the way), so the
        feasibility search runs on those lists, with no new hand to read.
        """
        picked = tuple((shape[KEY][0], shape[KEY][3]) for shape in self.picked)
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

    def _fits(self, plan: Plan, remaining: int, wilds: int) -> bool:
        """:func:`solve` for ``plan`` from ``remaining`` and ``wilds``, on the whole hand's
        candidate lists."""
        return fit(plan, self.candidates, remaining, wilds, self.tables.guards, [])

    def _rests(self, picked: tuple[Component, ...]) -> list[Plan]:
        """The components left over by each assignment of melds ``picked`` (kind, size)."""
        comps, exact = self.comps, self.rules.exact
        rests: dict[tuple[Component, ...], None] = {}
        for chosen in permutations(range(len(comps)), len(picked)):
            if all(
                comps[c][0] == picked[i][0]
                and (picked[i][1] == comps[c][1] if exact else picked[i][1] >= comps[c][1])
                for i, c in enumerate(chosen)
            ):
                rests[tuple(comp for i, comp in enumerate(comps) if i not in chosen)] = None
        return [plan_from(rest) for rest in rests]

    def _leaf(self) -> None:
        if self.mixed_sizes:
            cut = len(self.set_sizes)
            sizes = [shape[KEY][3] for shape in self.picked]
            if not _fits_sizes(sizes[:cut], self.set_sizes, self.rules.exact):
                return
            if not _fits_sizes(sizes[cut:], self.run_sizes, self.rules.exact):
                return
        if len(self.picked) == 2:
            self._fill_pair()
        elif self.picked:
            self._fill(0, [], ())

    def _fill(self, i: int, melds: list[tuple[bytes, Meld]], previous: tuple[int, ...]) -> None:
        """Stage 2: wild cards for shape ``i`` on (there is at least one shape left)."""
        shape = self.picked[i]
        number = self.numbers[i]
        twin = i > 0 and self.numbers[i - 1] == number
        fills = self._fills_of(shape[WILDS], shape[KEY][0] == RUN and self.ordered)
        if i + 1 == len(self.picked):
            self._fill_last(shape, number, fills, melds, previous if twin else None)
            return
        pool = self.pool
        keyed = self._keyed
        for fill, taken in fills:
            if twin and fill < previous:
                continue
            melded = keyed(shape, number, fill)
            for index in taken:
                pool[index] -= 1
            melds.append(melded)
            self._fill(i + 1, melds, fill)
            melds.pop()
            for index in taken:
                pool[index] += 1

    def _fill_last(
        self,
        shape: Shape,
        number: int,
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
            ordered = sorted([*melds, keyed(shape, number, fill)])
            append((b"".join([key for key, _ in ordered]), tuple(meld for _, meld in ordered)))

    def _fill_pair(self) -> None:
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
        shape, second = self.picked
        number, second_number = self.numbers
        same = number == second_number
        fills = self._fills_of(shape[WILDS], shape[KEY][0] == RUN and self.ordered)
        pool = self.pool
        ordered = second[KEY][0] == RUN and self.ordered
        memo = self._memo_of(second_number)
        keyed = self._keyed
        append = self.ways.append
        for fill, taken in fills:
            first_key, first = keyed(shape, number, fill)
            for index in taken:
                pool[index] -= 1
            rest = self._fills_of(second[WILDS], ordered)
            for index in taken:
                pool[index] += 1
            for other, _ in rest:
                if same and other < fill:
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
        """The fills :func:`wild_fills` gives from the current pool, with their pool indices."""
        key = (*self.pool, count, ordered)
        fills = self.fill_memo.get(key)
        if fills is None:
            fills = self.fill_memo[key] = [
                (fill, tuple(WILD_CODES.index(code) for code in fill))
                for fill in wild_fills(self.pool, count, ordered)
            ]
        return fills

    def _keyed(self, shape: Shape, number: int, fill: tuple[int, ...]) -> tuple[bytes, Meld]:
        memo = self._memo_of(number)
        melded = memo.get(fill)
        if melded is None:
            melded = memo[fill] = _keyed_meld(shape, fill)
        return melded

    def _memo_of(self, number: int) -> dict[tuple[int, ...], tuple[bytes, Meld]]:
        """The meld memo of the shape numbered ``number``."""
        memo = self.meld_memo.get(number)
        if memo is None:
            memo = self.meld_memo[number] = {}
        return memo


def _fits_sizes(picked: list[int], needed: list[int], exact: bool) -> bool:
    """Whether melds of sizes ``picked`` match components of sizes ``needed`` one-to-one.

    Largest meld to largest component is a best matching: if any matching exists, so
    does this one.
    """
    pairs = zip(sorted(picked, reverse=True), sorted(needed, reverse=True), strict=True)
    if exact:
        return all(have == want for have, want in pairs)
    return all(have >= want for have, want in pairs)


def _wilds_of(shape: Shape) -> int:
    return shape[WILDS]


def _ends_by_wilds(shapes: list[Shape], most: int) -> list[int]:
    """For ``shapes`` sorted by wilds: per wild count ``0..most``, how many of the first
    shapes hold no more wilds than that."""
    ends = []
    end = 0
    for wilds in range(most + 1):
        while end < len(shapes) and shapes[end][WILDS] <= wilds:
            end += 1
        ends.append(end)
    return ends


def _keyed_meld(shape: Shape, fill: tuple[int, ...]) -> tuple[bytes, Meld]:
    if shape[KEY][0] == SET:
        codes = tuple(sorted(shape[NATURALS] + fill))
        decl = (SET, shape[KEY][1], *codes)
    else:
        wild = iter(fill)
        codes = tuple(code if code >= 0 else next(wild) for code in shape[TEMPLATE])
        decl = (RUN, shape[KEY][1], shape[KEY][2], *codes)
    # The sort key as bytes: every item is below 256, so bytes order is the tuples' order,
    # and comparing bytes (thousands of times in a big listing's sort) is a memcmp.
    return bytes((*shape[KEY], *codes)), build_meld(decl)
