"""Lay-down steps ([contract.steps]): :func:`lay_down_steps`, :func:`can_complete_contract`
and :func:`step_order_key`.

A seat may place its contract one meld per move, and the engine lists only melds after
which the rest of the contract can still be completed. Each complete lay-down must be
reachable by exactly one sequence of listed steps, so the steps follow one order: the
*step order* of a meld is the place of its lowest natural card, rank-major (aces,
threes, fours ... kings; clubs, diamonds, hearts, spades within a rank), with melds of
wilds only after all others (they fit anywhere, so last keeps the listing short), and
ties broken by the meld's sort key. A listed step is a meld that comes first, in step
order, in some way to complete the contract; the steps after it then come later in that
order.

That order makes the check cheap. "The rest can be completed by melds that all come
after m" is, for melds whose lowest natural lies after m's, just the feasibility search
on the hand *without* the naturals up to m's lowest: the fast search, on a smaller hand.
Only melds sharing m's lowest natural (a second copy of that card) or, for a meld of
wilds only, other melds of wilds only, need a closer look: those few melds are listed
and tried one by one (:meth:`Steps.completable`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate
from typing import TypeAlias

from ..cards import JOKER_CODE, Card, wild_table
from ..contract_spec import Contract, RunSuits, run_window, runs_clash
from ..meld_shape import MeldShape
from ..melds import Meld, MeldKind
from .candidates import ANY_SUITS, Candidate
from .feasibility import one_part_fits, rest_fits, solve
from .hands import (
    ACE_HIGH,
    Hand,
    field_bits,
    hand_from_codes,
    hand_of,
    read_hand,
    tables_of,
    wild_pool,
)
from .memo import bounded_memo, remember
from .parts import (
    RUN,
    SET,
    Component,
    Plan,
    checked_melds,
    plan_for,
    plan_from,
    plan_of,
    rest_after,
    rest_after_melds,
)
from .rules import ContractRules, Rules, rules_of
from .run_suits import binds, placed_windows, run_suits_fit, windows_fit
from .shapes import build_meld, meld_shapes, wild_fills_cached
from .singles import is_minimal, longest_minimal, single_decls

_WILDS_ONLY = 64
"""The step place of a meld of wilds only: after every natural's (0..51)."""

_STEP_PLACE = tuple(
    -1 if code == JOKER_CODE else (code % 13) * 4 + code // 13 for code in range(53)
)
"""A natural's place in the step order (rank-major; a two's is read only where twos are
natural, [setup.wild]); -1 for the joker."""
_CODE_AT_PLACE = {place: code for code, place in enumerate(_STEP_PLACE) if place >= 0}


def step_order_key(meld: Meld, wild_twos: bool = True) -> tuple[int, tuple[int, ...]]:
    """Where ``meld`` comes in the step order of a lay-down ([contract.steps]).

    The place of its lowest natural card, rank-major (aces, threes .. kings; clubs,
    diamonds, hearts, spades within a rank), or 64 (after them all) for a meld of wilds
    only (twos are naturals here where ``wild_twos`` is False, [setup.wild]); then its sort
    key. :func:`lay_down_steps` lists the melds that come first in some way to
    finish the contract, and a whole lay-down goes to the table in this order, as its
    steps would.

    Raises:
        TypeError: ``meld`` is not a :class:`~pushrummy.melds.Meld`.

    >>> from pushrummy import parse_meld
    >>> melds = ["9C 9S 9H", "7S 7H 7D", "JK=7 2C=7 2D=7"]
    >>> sorted(melds, key=lambda text: step_order_key(parse_meld(text)))
    ['7S 7H 7D', '9C 9S 9H', 'JK=7 2C=7 2D=7']
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"meld must be a Meld, not {type(meld).__name__}")
    wild = wild_table(wild_twos is not False)
    places = [_STEP_PLACE[card.code] for card in meld.cards if not wild[card.code]]
    return (min(places) if places else _WILDS_ONLY, meld.sort_key)


def decl_order(
    key: tuple[int, ...], decl: tuple[int, ...], wild: tuple[bool, ...]
) -> tuple[int, tuple[int, ...]]:
    """:func:`step_order_key` of the meld of a declaration, without building it (``wild``:
    the rules' wild table, :attr:`Rules.wild <pushrummy.contracts.rules.Rules.wild>`)."""
    cards = decl[3:] if decl[0] == RUN else decl[2:]
    places = [_STEP_PLACE[code] for code in cards if not wild[code]]
    return (min(places, default=_WILDS_ONLY), key)


def lay_down_steps(
    hand: Iterable[Card],
    contract: Contract,
    variant: ContractRules | None = None,
    *,
    placed: Iterable[Meld] = (),
    canonical_wilds: bool = False,
    keep_card: bool = False,
    minimal: bool = False,
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

    With ``minimal``, only the melds at their smallest for the part they fill, and only
    whole lay-downs of such melds (:func:`is_step_minimal`): a longer meld is one of them
    and then lay-offs onto it, one card at a time, each keeping the meld valid. These are
    the steps :func:`~pushrummy.engine.legal_moves` lists when lay-offs may follow the
    contract in the same turn (:func:`minimal_steps`).

    Raises:
        TypeError: ``hand`` is not cards, ``contract`` not a contract, ``placed`` not an
            iterable of melds, or ``variant`` not ``None`` or meld options.

    >>> from pushrummy import PUSH, parse_cards, parse_meld
    >>> hand = parse_cards("7S 7H 7D 9C 9S 9H")
    >>> [str(meld) for meld in lay_down_steps(hand, PUSH.deals[0].contract)]
    ['7D 7H 7S']
    >>> [str(m) for m in lay_down_steps(parse_cards("9C 9S 9H"), PUSH.deals[0].contract,
    ...                                 placed=[parse_meld("7S 7H 7D")])]
    ['9C 9H 9S']
    >>> hand = parse_cards("3S 4S 5S 6S 7S 9D 10D JD QD")
    >>> [str(m) for m in lay_down_steps(hand, PUSH.deals[2].contract)]   # 2 runs of 4
    ['3S 4S 5S 6S', '3S 4S 5S 6S 7S', '4S 5S 6S 7S']
    >>> [str(m) for m in lay_down_steps(hand, PUSH.deals[2].contract, minimal=True)]
    ['3S 4S 5S 6S', '4S 5S 6S 7S']
    """
    plan = plan_of(contract)
    rules = rules_of(variant)
    parsed = read_hand(hand, rules.wild_twos)
    melds: tuple[Meld, ...] = ()
    if placed or not isinstance(placed, (tuple, list)):
        melds = checked_melds(placed)
    return steps_of(
        parsed, plan, rules, melds, bool(canonical_wilds), bool(keep_card), minimal=bool(minimal)
    )


def minimal_steps(variant: object) -> bool:
    """Whether :func:`~pushrummy.engine.legal_moves` lists the lay-down steps of
    ``variant`` at their smallest (``lay_down_steps(..., minimal=True)``): under every
    variant, since a longer meld is its smallest form and then lay-offs onto it, onto the
    seat's own meld (which every ``layoff_targets`` allows) in the turn of the lay-down —
    with ``same_turn_after_contract`` off too, where lengthening the melds just laid is the
    one lay-off of that turn ([layoff.when]). (With ``contract_exact_sizes`` every step has
    its part's size anyway, and lengthening waits for the next turn.)

    >>> from pushrummy import PUSH
    >>> minimal_steps(PUSH), minimal_steps(PUSH.replace(same_turn_after_contract=False))
    (True, True)
    """
    return True


def is_step_minimal(
    kind: int, size: int, naturals: int, ends: tuple[bool, bool], part: int, rules: Rules
) -> bool:
    """Whether a lay-down step is at its smallest: a meld of ``kind`` and ``size`` cards,
    ``naturals`` of them natural, filling a part of ``part`` cards, from which no card that
    could have been laid off last can be taken out leaving a meld that keeps the options
    and still fills the part (:func:`~pushrummy.contracts.singles.is_minimal`).
    ``ends``: whether a run's first and last cards are natural (ignored for a set, any
    of whose cards may come last).

    >>> from pushrummy.contracts.parts import RUN
    >>> from pushrummy.contracts.rules import rules_of
    >>> is_step_minimal(RUN, 5, 5, (True, True), 4, rules_of(None))
    False
    >>> is_step_minimal(RUN, 4, 4, (True, True), 4, rules_of(None))
    True
    """
    if size <= part:
        return True
    if kind == SET:
        natural_out, wild_out = naturals > 0, naturals < size
    else:
        natural_out, wild_out = ends[0] or ends[1], not (ends[0] and ends[1])
    return is_minimal(size, naturals, natural_out, wild_out, rules, part)


def part_filled(rest: tuple[Component, ...], kind: int, size: int) -> int:
    """The size of the part a meld of ``kind`` and ``size`` cards fills among ``rest``, as
    :func:`~pushrummy.contracts.parts.rest_after` picks it (the biggest it can fill; sizes
    not exact), or ``size`` if none."""
    part = size
    best = -1
    for comp_kind, need in rest:
        if comp_kind == kind and best < need <= size:
            best = need
    return part if best < 0 else best


def _keeping_run_suits(
    steps: tuple[Meld, ...],
    parsed: Hand,
    plan: Plan,
    placed: tuple[Meld, ...],
    finder: Steps,
) -> tuple[Meld, ...]:
    """The ``steps`` that keep [contract.run_suits] (:func:`step_keeps_run_suits`)."""
    if finder.rules.run_suits is RunSuits.ANY:
        return steps
    return tuple(
        meld for meld in steps if step_keeps_run_suits(parsed, plan.comps, placed, meld, finder)
    )


def step_keeps_run_suits(
    parsed: Hand,
    comps: tuple[Component, ...],
    placed: tuple[Meld, ...],
    meld: Meld,
    finder: Steps,
) -> bool:
    """Whether the step ``meld``, which ``finder`` lists for the hand ``parsed`` after the
    melds ``placed`` towards the contract of ``comps`` (the first meld of some way to finish
    it, ignoring [contract.run_suits]), is the first of some way that keeps the rule: its
    runs and those placed clash with none (:func:`~pushrummy.contract_spec.runs_clash`),
    and the cards left complete the rest with melds that come after it in step order and
    runs that clash with none either. So each lay-down that keeps the rule is still reached
    by exactly one sequence of listed steps ([contract.steps])."""
    melds = (*placed, meld)
    option = finder.rules.run_suits
    if not windows_fit([(window,) for window in placed_windows(melds)], option):
        return False
    rest = rest_after_melds(comps, melds, finder.exact)
    if rest is None:
        return False
    left = list(parsed.codes)
    for card in meld.cards:
        left.remove(card.code)
    twos = finder.rules.wild_twos  # [setup.wild]
    return _completes_later(
        hand_from_codes(left, twos), rest, melds, finder, step_order_key(meld, wild_twos=twos)
    )


def _completes_later(
    hand: Hand,
    rest: tuple[Component, ...],
    placed: tuple[Meld, ...],
    finder: Steps,
    bound: tuple[int, tuple[int, ...]],
) -> bool:
    """Whether ``hand`` completes ``rest`` after the melds ``placed`` (whose runs keep
    [contract.run_suits]) with melds no earlier than ``bound`` in step order whose runs keep
    it too, given that it does ignoring the rule (the caller's step was listed so).

    The steps of such a way are listed steps: its first is one of ``finder``'s steps for
    the rest, the next one of the steps after that, and so on; so this walks the listed
    steps no earlier than ``bound`` (memoised)."""
    windows = placed_windows(placed)
    if not rest or not binds(finder.rules, rest, windows):
        return True
    key = (tuple(sorted(hand.codes)), rest, windows, bound, id(finder))
    known = _LATER.get(key)
    if known is not None:
        return known
    option = finder.rules.run_suits
    found = False
    for step_key, decl in finder.steps(hand, rest):
        order = decl_order(step_key, decl, finder.rules.wild)
        if order < bound:
            continue
        meld = build_meld(decl)
        window = run_window(meld)
        if window is not None and any(runs_clash(option, window, other) for other in windows):
            continue
        after = rest_after_melds(rest, (meld,), finder.exact)
        if after is None:
            continue
        left = list(hand.codes)
        for card in meld.cards:
            left.remove(card.code)
        if _completes_later(
            hand_from_codes(left, finder.rules.wild_twos), after, (*placed, meld), finder, order
        ):
            found = True
            break
    return remember(_LATER, key, found)


_LATER: dict[tuple[object, ...], bool] = bounded_memo(20_000)
"""Memo of :func:`_completes_later`."""


def completes_within_run_suits(
    hand: Hand,
    rest: tuple[Component, ...],
    rules: Rules,
    placed: Iterable[Meld],
    keep: bool,
) -> bool:
    """Whether ``hand`` completes ``rest`` after the melds ``placed`` within
    [contract.run_suits], given that it does without the rule: the runs placed clash
    with none of each other, and the rest has a way whose runs clash with none
    (:func:`~pushrummy.contracts.run_suits.run_suits_fit`)."""
    option = rules.run_suits
    if option is RunSuits.ANY:
        return True
    windows = placed_windows(placed)
    if not windows_fit([(window,) for window in windows], option):
        return False
    if not rest or not binds(rules, rest, windows):
        return True
    by_comp: dict[Component, list[Candidate]] = {}
    found = solve(hand, plan_for(rest), rules, 0, by_comp)
    if found is None:
        return False
    return run_suits_fit(hand.codes, hand.wilds, rest, by_comp, rules, windows, keep, found)


def steps_of(
    parsed: Hand,
    plan: Plan,
    rules: Rules,
    melds: tuple[Meld, ...],
    canonical_wilds: bool,
    keep: bool,
    *,
    minimal: bool = False,
    shapes: bool = False,
    only: StepShape | None = None,
) -> tuple[Meld, ...]:
    """:func:`lay_down_steps` of a hand already read, the contract's plan, the interned
    rules and the melds placed (checked): the engine's entry, which has them at hand.

    With ``shapes``, a step with wild places comes once per shape, with the first of its
    fills (the lay-down lister turns it into the shape's move, [contract.wilds]); with
    ``only`` (:func:`step_shape`), only the steps of that one shape, every fill. Under
    [contract.run_suits] only the steps after which the contract can be completed within
    it (:func:`step_keeps_run_suits`), before the step order picks the later ones."""
    by_comp: dict[Component, list[Candidate]] | None = None
    if only is not None and not melds:
        # One shape's steps, most often the fills of a shape just listed: the search of
        # that listing has them, and the solve below would be its solve again.
        known = finder_of(rules, canonical_wilds, keep, minimal).shape_steps(
            parsed, plan.comps, only
        )
        if known is not None:
            return _keeping_run_suits(
                tuple(build_meld(decl) for _, decl in known),
                parsed,
                plan,
                melds,
                finder_of(rules, canonical_wilds, keep, minimal),
            )
    if not melds:  # the first step: made lean
        rest = plan.comps
        if not keep:
            by_comp = {}
            if solve(parsed, plan, rules, 0, by_comp) is None:
                return ()  # the contract cannot be met at all (most hands, most turns)
    else:
        left = rest_after_melds(plan.comps, melds, rules.exact)
        if not left:
            return ()
        rest = left
    finder = finder_of(rules, canonical_wilds, keep, minimal)
    steps = finder.steps(parsed, rest, by_comp, first_fill=shapes, only=only)
    if rules.run_suits is not RunSuits.ANY and steps:
        steps = [
            (key, decl)
            for key, decl in steps
            if step_keeps_run_suits(parsed, plan.comps, melds, build_meld(decl), finder)
        ]
    if melds:
        # Steps come in step order: after the melds placed, only later ones. (If the melds
        # were placed out of that order, as check_move allows, and no later meld completes
        # the contract, every completing meld is listed, so the lay-down can always go on.)
        bound = max(step_order_key(meld, wild_twos=rules.wild_twos) for meld in melds)
        later = [
            (key, decl)
            for key, decl in steps
            if decl_order(key, decl, rules.wild) >= bound
            or (shapes and only is None and _a_fill_later(finder, parsed, rest, key, decl, bound))
        ]
        if later:
            steps = later
    return tuple(build_meld(decl) for _, decl in steps)


def finder_of(rules: Rules, canonical_wilds: bool, keep: bool, minimal: bool) -> Steps:
    """The :class:`Steps` of these options (one each, kept)."""
    minimal = minimal and not rules.exact  # exact sizes: every step is at its smallest
    key = (id(rules), canonical_wilds, keep, minimal)
    finder = _FINDERS.get(key)
    if finder is None:
        finder = remember(_FINDERS, key, Steps(rules, canonical_wilds, keep, minimal))
    return finder


def first_step_search(
    parsed: Hand,
    plan: Plan,
    rules: Rules,
    canonical_wilds: bool,
    keep: bool,
    *,
    minimal: bool = False,
) -> StepSearch | None:
    """The candidates of the first lay-down step of a hand already read and their test
    (:class:`StepSearch`), the very search :func:`steps_of` runs with nothing placed;
    ``None`` when the contract cannot be met at all."""
    by_comp: dict[Component, list[Candidate]] | None = None
    if not keep:
        by_comp = {}
        if solve(parsed, plan, rules, 0, by_comp) is None:
            return None
    return finder_of(rules, canonical_wilds, keep, minimal).search(parsed, plan.comps, by_comp)


def _a_fill_later(
    finder: Steps,
    parsed: Hand,
    rest: tuple[Component, ...],
    key: tuple[int, ...],
    decl: tuple[int, ...],
    bound: tuple[int, tuple[int, ...]],
) -> bool:
    """Whether a shape listed by its first fill (sort key ``key``, declaration ``decl``),
    which comes before ``bound`` in step order, has another listed fill that comes after
    it: at ``bound``'s place the order of a shape's fills is their sort keys', which hold
    the wild cards."""
    kind, which, start, size = key[:4]
    cards = key[4:]
    wild = finder.rules.wild
    if not any(wild[code] for code in cards):
        return False
    if decl_order(key, decl, wild)[0] != bound[0]:
        return False  # an earlier place: every fill of the shape comes before the bound
    if kind == SET:
        body = tuple(code for code in cards if not wild[code])
    else:
        body = tuple(-1 if wild[code] else code for code in cards)
    fills = finder.steps(parsed, rest, only=(kind, which, start, size, body))
    return any(decl_order(other, decl, wild) >= bound for other, decl in fills)


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

    Raises:
        TypeError: ``hand`` is not cards, ``contract`` not a contract, ``placed`` not an
            iterable of melds, or ``variant`` not ``None`` or meld options.

    >>> from pushrummy import PUSH, parse_cards, parse_meld
    >>> contract = PUSH.deals[1].contract             # 1 set of 3 + 1 run of 4
    >>> can_complete_contract(parse_cards("5H 6H 7H 8H"), contract, placed=[parse_meld("9C 9S 9H")])
    True
    >>> can_complete_contract(parse_cards("5H 6H 7H 8H"), contract, placed=[parse_meld("5H 6H 7H 8H")])
    False
    """
    plan = plan_of(contract)
    rules = rules_of(variant)
    melds = checked_melds(placed)
    rest = rest_after_melds(plan.comps, melds, rules.exact)
    if rest is None:
        return False
    parsed = read_hand(hand, rules.wild_twos)
    naturals = tuple(sorted(code for code in parsed.codes if not rules.wild[code]))
    keep = bool(keep_card)
    if not Steps(rules, False, keep).feasible(naturals, parsed.wilds, rest, rules, 0):
        return False
    return completes_within_run_suits(parsed, rest, rules, melds, keep)


class Steps:
    """The lay-down steps under one set of options, and the completion check. Holds no
    state of its own between calls (the memos are module-level), so one per options is
    shared."""

    def __init__(self, rules: Rules, canonical: bool, keep: bool, minimal: bool = False) -> None:
        self.rules = rules
        self.canonical = canonical
        self.keep = keep
        self.minimal = minimal
        self.exact = rules.exact
        self.wild_only = rules.allows(0, 3)

    def longest_run(self, run_sizes: list[int]) -> int:
        """The longest run step to try: with ``minimal`` and no wild limit, a run at its
        smallest has exactly its part's size (an end card can always go while the run
        still fills its part); otherwise any length."""
        if self.minimal and run_sizes:
            return longest_minimal(self.rules, max(run_sizes))
        return ACE_HIGH

    def feasible(
        self,
        naturals: tuple[int, ...],
        wilds: int,
        rest: tuple[Component, ...],
        rules: Rules,
        spare: int,
    ) -> bool:
        """Whether ``rest`` can be met from ``naturals`` and ``wilds`` (``spare`` more cards
        stay in hand whatever happens, for ``must_discard_to_go_out``)."""
        if not rest:
            return not self.keep or spare + len(naturals) + wilds > 0
        least = _MIN_CARDS.get(rest)
        if least is None:
            least = remember(_MIN_CARDS, rest, sum(size for _, size in rest))
        if len(naturals) + wilds < least:
            return False  # too few cards (most shapes of a hand far from its contract)
        # Only ints in the key (rules are interned, so their id is theirs for good): the
        # garbage collector then stops tracking the memo's keys.
        key = (naturals, wilds, rest, id(rules), self.keep and not spare)
        known = _FEASIBLE.get(key)
        if known is None:
            known = remember(_FEASIBLE, key, self._feasible(naturals, wilds, rest, rules, spare))
        return known

    def _feasible(
        self,
        naturals: tuple[int, ...],
        wilds: int,
        rest: tuple[Component, ...],
        rules: Rules,
        spare: int,
    ) -> bool:
        plan = plan_from(rest)
        if not (self.keep and not spare):
            return solve(hand_of(list(naturals), wilds, rules.wild_twos), plan, rules) is not None
        # One card must stay in hand after the rest is laid down.
        if len(naturals) + wilds <= plan.min_cards:
            return False
        if not rules.limited:  # minimal candidates have exactly the components' sizes
            return solve(hand_of(list(naturals), wilds, rules.wild_twos), plan, rules) is not None
        if (
            wilds
            and solve(hand_of(list(naturals), wilds - 1, rules.wild_twos), plan, rules) is not None
        ):
            return True
        for index in range(len(naturals)):
            if index and naturals[index] == naturals[index - 1]:
                continue
            less = list(naturals[:index] + naturals[index + 1 :])
            if solve(hand_of(less, wilds, rules.wild_twos), plan, rules) is not None:
                return True
        return False

    def steps(
        self,
        hand: Hand,
        rest0: tuple[Component, ...],
        solved: dict[Component, list[Candidate]] | None = None,
        *,
        first_fill: bool = False,
        only: StepShape | None = None,
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every listed step ``(sort key, declaration)`` of ``hand``, sorted. ``solved``:
        the candidate lists of a :func:`solve` of ``hand`` and ``rest0`` that found a
        way (without ``keep``), when the caller has them already. With ``first_fill``, of
        a shape with wild places only its first listed fill; with ``only``, only the
        steps of that shape."""
        if only is not None:
            known = self.shape_steps(hand, rest0, only)
            if known is not None:
                return known
        search = self.search(hand, rest0, solved, only)
        if search is None:
            return []
        found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        search.add_steps(search.shapes, found, first_fill)
        found.sort()
        return found

    def shape_steps(
        self, hand: Hand, rest0: tuple[Component, ...], only: StepShape
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]] | None:
        """The listed steps of the one shape ``only`` (every fill, sorted), taken from the
        last search of every shape (:meth:`search`) when it was of this hand, these parts
        and these options; ``None`` when it was not (then :meth:`steps` searches).

        The same steps a search of that shape alone finds: its candidate, if it is one, is
        the same tuple, and :meth:`StepSearch.add_steps` reads nothing of the search but
        the hand, the parts and the options (the rest are its memos of them)."""
        last = _LAST_SEARCH[0]
        if last is None:
            return None
        finder, codes, rest, search = last
        if finder is not self or rest != rest0 or codes != tuple(hand.codes):
            return None
        found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        search.add_steps([shape for shape in search.shapes if shape[:5] == only], found, False)
        found.sort()
        return found

    def search(
        self,
        hand: Hand,
        rest0: tuple[Component, ...],
        solved: dict[Component, list[Candidate]] | None = None,
        only: StepShape | None = None,
    ) -> StepSearch | None:
        """The candidate shapes of ``hand``'s next step towards ``rest0`` and the test of
        each (:class:`StepSearch`); ``None`` when ``rest0`` cannot be met at all. With
        ``only``, that shape alone (if it is a candidate)."""
        if not rest0:
            return None
        wild = self.rules.wild
        naturals_held = sorted(code for code in hand.codes if not wild[code])
        by_comp: dict[Component, list[Candidate]] = {}
        if self.keep:
            if not self.feasible(tuple(naturals_held), hand.wilds, rest0, self.rules, 0):
                return None
        elif solved:
            by_comp = solved
        elif solve(hand, plan_for(rest0), self.rules, 0, by_comp) is None:
            return None  # the contract cannot be met at all: no shape to try
        search = StepSearch(self, hand, rest0, naturals_held, by_comp, only)
        if only is None:
            _LAST_SEARCH[0] = (self, tuple(hand.codes), rest0, search)
        return search

    def tie_possible(
        self, left: list[int], wilds_left: int, place: int, rest: tuple[Component, ...]
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
        rest: tuple[Component, ...],
        place: int,
        key: tuple[int, ...],
    ) -> bool:
        """Whether ``rest`` can be completed from ``codes`` (sorted) by melds that come
        after the meld of step place ``place`` and sort key ``key`` in step order."""
        if not rest:
            return not self.keep or len(codes) > 0
        wild = self.rules.wild
        naturals = [code for code in codes if not wild[code]]
        wilds = len(codes) - len(naturals)
        if place < _WILDS_ONLY:
            later = tuple(code for code in naturals if _STEP_PLACE[code] > place)
            if self.feasible(later, wilds, rest, self.rules, len(naturals) - len(later)):
                return True
        if not self.tie_possible(naturals, wilds, place, rest):
            return False
        best = self.best_tie(codes, rest, place)
        return best is not None and best >= key

    def best_tie(
        self, codes: tuple[int, ...], rest: tuple[Component, ...], place: int
    ) -> tuple[int, ...] | None:
        """The greatest sort key of a meld *tied* at step place ``place`` (the same lowest
        natural, or wilds only) that can be laid from ``codes`` with a completion after it
        in step order; ``None`` if there is none. A step of that place can be completed
        through such a meld exactly when its own key is at most this one. Memoised."""
        memo_key = (codes, rest, place, id(self.rules), self.canonical, self.keep, self.minimal)
        if memo_key in _TIES:
            return _TIES[memo_key]
        wild = self.rules.wild
        wild_twos = self.rules.wild_twos
        if place == _WILDS_ONLY:
            pool = tuple(code for code in codes if wild[code])
            tie_code = -1
        else:
            pool = tuple(code for code in codes if wild[code] or _STEP_PLACE[code] >= place)
            tie_code = _CODE_AT_PLACE[place]
        set_ok = any(kind == SET for kind, _ in rest)
        run_ok = any(kind == RUN for kind, _ in rest)
        best = None
        if self.minimal:
            decls = self._smallest_decls(hand_from_codes(pool, wild_twos), rest, tie_code)
        else:
            decls = single_decls(
                hand_from_codes(pool, wild_twos), self.rules, self.canonical, tie_code
            )
        for other_key, decl in reversed(decls):  # the greatest first
            kind = other_key[0]
            if not (run_ok if kind == RUN else set_ok):
                continue
            cards = decl[3:] if kind == RUN else decl[2:]
            after_rest = rest_after(rest, kind, len(cards), self.exact)
            if after_rest is None:
                continue
            if self.minimal and not is_step_minimal(
                kind,
                len(cards),
                sum(not wild[code] for code in cards),
                (not wild[cards[0]], not wild[cards[-1]]),
                part_filled(rest, kind, len(cards)),
                self.rules,
            ):
                continue
            after = list(codes)
            for code in cards:
                after.remove(code)
            if self.completable(tuple(after), after_rest, place, other_key):
                best = other_key
                break
        return remember(_TIES, memo_key, best)

    def _smallest_decls(
        self, hand: Hand, rest: tuple[Component, ...], holding: int
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """:func:`~pushrummy.contracts.singles.single_decls` of ``hand`` holding the natural
        ``holding`` (any, if -1), only those that fill a part of ``rest`` at their smallest
        (:func:`is_step_minimal`): their wilds are filled in only for those shapes."""
        pool = wild_pool(hand, self.rules.wild_twos)
        set_ok = any(kind == SET for kind, _ in rest)
        run_sizes = [size for kind, size in rest if kind == RUN]
        found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for kind, which, start, size, body, need in meld_shapes(
            hand,
            self.rules,
            set_ok,
            bool(run_sizes),
            min(run_sizes, default=3),
            self.longest_run(run_sizes),
        ):
            if holding >= 0 and holding not in body:
                continue
            if rest_after(rest, kind, size, self.exact) is None:
                continue
            ends = (body[0] >= 0, body[-1] >= 0) if kind == RUN else (False, False)
            part = part_filled(rest, kind, size)
            if not is_step_minimal(kind, size, size - need, ends, part, self.rules):
                continue
            if kind == SET:
                for fill in wild_fills_cached(pool, need, False):
                    cards = tuple(sorted(body + fill)) if fill else body
                    found.append(((kind, which, 0, size, *cards), (kind, which, *cards)))
            else:
                for fill in wild_fills_cached(pool, need, not self.canonical):
                    slot = iter(fill)
                    cards = tuple(c if c >= 0 else next(slot) for c in body)
                    found.append(((kind, which, start, size, *cards), (kind, which, start, *cards)))
        found.sort()
        return found


StepCandidate: TypeAlias = tuple[int, int, int, int, tuple[int, ...], int, tuple[Component, ...]]
"""A candidate shape of a step: ``(kind, rank or suit, start, size, body, wild places, the
parts left after it)``, as :func:`~pushrummy.contracts.shapes.meld_shapes` gives it, with the
contract's rest after it."""


class StepSearch:
    """The next lay-down step of one hand: its candidate shapes (:attr:`shapes`, every shape
    of a meld of the hand that fills an open part, and at its smallest where the steps are
    minimal) and the one test of a candidate (:meth:`add_steps`), which the lister applies to
    every candidate and the uniform sampler (:func:`~pushrummy.engine.random_move`) to the
    candidates it draws. A candidate is a listed step exactly when the test finds a fill of
    it; a shape with wild places is listed once (its first fill), so each listed step is
    one candidate."""

    __slots__ = (
        "breaks",
        "by_comp",
        "finder",
        "fit_memo",
        "full",
        "hand_wilds",
        "limits",
        "naturals_held",
        "pool",
        "rest0",
        "shapes",
        "tables",
        "up_to",
        "wilds_held",
    )

    def __init__(
        self,
        finder: Steps,
        hand: Hand,
        rest0: tuple[Component, ...],
        naturals_held: list[int],
        by_comp: dict[Component, list[Candidate]],
        only: StepShape | None = None,
    ) -> None:
        self.finder = finder
        self.rest0 = rest0
        self.naturals_held = naturals_held
        self.wilds_held = hand.wilds
        self.by_comp = by_comp
        # The fast check of a shape, as _Lister's prune: the whole hand's feasibility
        # candidates, and the hand left after the shape (less the naturals placed up to the
        # shape's lowest) as one packed int; no new hand to read per shape.
        tables = self.tables = tables_of(field_bits(len(hand.codes)))
        self.full = tables.guards + sum(map(tables.units.__getitem__, hand.codes))
        # Made on first use (a step that completes the lay-down needs neither): the packed
        # naturals of step place <= p, by p, and the places where that changes.
        self.up_to: list[int] | None = None
        self.breaks: list[int] = []
        self.fit_memo: dict[tuple[int, int, tuple[Component, ...]], bool] = {}
        # By the parts left, then by the wilds left: last_feasible_place's answer.
        self.limits: dict[tuple[Component, ...], list[int]] = {}
        self.pool = wild_pool(hand, finder.rules.wild_twos)
        wild = finder.rules.wild
        self.hand_wilds = [code for code in hand.codes if wild[code]]
        set_ok = False
        run_sizes = []
        for kind, size in rest0:
            if kind == SET:
                set_ok = True
            else:
                run_sizes.append(size)
        rules = finder.rules
        exact = finder.exact
        minimal = finder.minimal
        # By (kind, size): the parts left after such a meld, and the size of the part it
        # fills (a meld no longer than that part is at its smallest).
        rests: dict[tuple[int, int], tuple[tuple[Component, ...] | None, int]] = {}
        shapes: list[StepCandidate] = []
        runs = bool(run_sizes)
        if only is not None:  # one shape: only its rank's sets or its suit's runs
            set_ok = set_ok and only[0] == SET
            runs = runs and only[0] == RUN
        caps = None
        if by_comp and not finder.keep and hand.wilds and len(rest0) > 1:
            caps = self.wild_caps(exact)
        for kind, which, start, size, body, need in meld_shapes(
            hand,
            rules,
            set_ok,
            runs,
            min(run_sizes, default=3),
            finder.longest_run(run_sizes),
            None if only is None else only[1],
            caps,
        ):
            if only is not None and (kind, which, start, size, body) != only:
                continue
            kind_size = (kind, size)
            known = rests.get(kind_size)
            if known is None:
                known = rests[kind_size] = (
                    rest_after(rest0, kind, size, exact),
                    part_filled(rest0, kind, size),
                )
            rest, part = known
            if rest is None:
                continue
            if (
                minimal
                and size > part
                and not is_step_minimal(
                    kind,
                    size,
                    size - need,
                    (body[0] >= 0, body[-1] >= 0) if kind == RUN else (False, False),
                    part,
                    rules,
                )
            ):
                continue
            shapes.append((kind, which, start, size, body, need, rest))
        self.shapes = shapes

    def wild_caps(self, exact: bool) -> tuple[int, int] | None:
        """The most wilds a set and a run step may hold and still be listed (below 0:
        none), unless it holds the ace of clubs; ``None`` when every wild may go.

        :meth:`add_steps` drops a shape whose lowest natural lies past the last step place
        ``top`` + 1 (:func:`last_feasible_place`), and ``top`` is -1 when even the hand's
        naturals past place 0 and the wilds the shape leaves cannot complete the parts
        left after it; so a shape leaving fewer wilds than the fewest that can is never
        listed, unless its lowest natural has place 0 (the ace of clubs). The parts left
        after a step are the contract's less one part (:func:`~pushrummy.contracts.parts.rest_after`
        takes one whole part), so a kind's cap is the greatest over its parts; a part whose
        step completes the lay-down keeps every wild (so with one part left, every kind
        does: not asked then). Needs :attr:`by_comp` (a
        :func:`solve` of the whole hand); the same feasibility tests as
        :func:`last_feasible_place`'s first, sharing their memo, or with one part left
        its answers (:func:`one_part_tops`, kept for :meth:`add_steps`)."""
        wilds = self.wilds_held
        caps = [-1, -1]  # by kind: SET, RUN
        rest0 = self.rest0
        for index, part in enumerate(rest0):
            kind = part[0]
            if caps[kind] >= wilds or part in rest0[:index]:
                continue
            rest = rest_after(rest0, kind, part[1], exact)
            if not rest:
                caps[kind] = wilds
                continue
            if len(rest) == 1:
                tops = self.limits.get(rest)
                if tops is None:
                    tops = self.limits[rest] = one_part_tops(self.by_comp[rest[0]], wilds)
                for left in range(wilds - caps[kind]):
                    if tops[left] >= 0:
                        caps[kind] = wilds - left
                        break
                continue
            up_to = self.up_to
            if up_to is None:
                up_to, self.breaks = _place_sums(self.naturals_held, self.tables.units)
                self.up_to = up_to
            remaining = self.full - up_to[0]
            for left in range(wilds - caps[kind]):
                if rest_fits(
                    remaining, left, rest, self.by_comp, self.tables.guards, self.fit_memo
                ):
                    caps[kind] = wilds - left
                    break
        if caps[SET] >= wilds and caps[RUN] >= wilds:
            return None
        return (caps[SET], caps[RUN])

    def add_steps(
        self,
        shapes: Iterable[StepCandidate],
        found: list[tuple[tuple[int, ...], tuple[int, ...]]],
        first_fill: bool,
    ) -> None:
        """Append to ``found`` the listed steps ``(sort key, declaration)`` of each candidate
        of ``shapes``: its fills after which the rest of the contract can be completed by
        melds that come after it in step order (with ``first_fill``, only the first of
        them). The one test of a candidate, whether the lister passes every candidate or
        the sampler one."""
        finder = self.finder
        rules = finder.rules
        keep = finder.keep
        naturals_held = self.naturals_held
        wilds_held = self.wilds_held
        units = self.tables.units
        guards = self.tables.guards
        full = self.full
        limits = self.limits
        fit_memo = self.fit_memo
        by_comp = self.by_comp
        shape_infos = _SHAPE_INFO
        for kind, which, start, size, body, need, rest in shapes:
            shape_info = shape_infos.get(body)
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
                every = finder.feasible((), wilds_left, rest, rules, spare)
            elif place < _WILDS_ONLY and not keep:
                up_to = self.up_to
                if up_to is None:
                    up_to, self.breaks = _place_sums(naturals_held, units)
                    self.up_to = up_to
                tops = limits.get(rest)
                if tops is None:
                    if len(rest) == 1:  # one part left: every answer at once
                        tops = limits[rest] = one_part_tops(by_comp[rest[0]], wilds_held)
                    else:
                        tops = limits[rest] = [_UNKNOWN] * (wilds_held + 1)
                top = tops[wilds_left]
                if top == _UNKNOWN:
                    top = tops[wilds_left] = last_feasible_place(
                        full,
                        up_to,
                        wilds_left,
                        rest,
                        by_comp,
                        guards,
                        self.breaks,
                        fit_memo,
                        _known_bounds(tops, wilds_left),
                    )
                # Past ``top`` not even the whole hand after the shape's lowest natural,
                # with the wilds the shape leaves, completes the contract: no fit to try;
                # one place further on, not even with that natural's other copies (a tie),
                # so the shape is out. (Feasibility only falls as naturals or wilds go.)
                if place > top + 1:
                    continue
                if place <= top:
                    remaining = full - up_to[place]
                    for code in above:
                        remaining -= units[code]
                    known = fit_memo.get((remaining, wilds_left, rest))  # the fits' own memo
                    if known is not None:
                        every = known
                    else:
                        fits = one_part_fits if len(rest) == 1 else rest_fits  # the fast path
                        every = fits(remaining, wilds_left, rest, by_comp, guards, fit_memo)
            elif place < _WILDS_ONLY:
                left = _less(naturals_held, used)
                later = tuple(code for code in left if _STEP_PLACE[code] > place)
                every = finder.feasible(later, wilds_left, rest, rules, len(left) - len(later))
            if not every:
                # A tied completion needs a second copy of this shape's lowest natural
                # (or, for wilds only, a wild to spare): most shapes have none.
                if place == _WILDS_ONLY:
                    if not (finder.wild_only and wilds_left):
                        continue
                elif naturals_held.count(_CODE_AT_PLACE[place]) <= used.count(
                    _CODE_AT_PLACE[place]
                ):
                    continue
                if left is None:
                    left = _less(naturals_held, used)
                if not finder.tie_possible(left, wilds_left, place, rest):
                    continue
            base: list[int] = []
            if not every:
                # What :meth:`Steps.completable` checks before a tie is the same for every
                # fill of the shape (the naturals left, and how many wilds): checked once.
                assert left is not None
                if not rest:
                    if keep and not left and not wilds_left:
                        continue
                    every = True
                elif place < _WILDS_ONLY:
                    later = tuple(code for code in left if _STEP_PLACE[code] > place)
                    spare = len(left) - len(later)
                    every = finder.feasible(later, wilds_left, rest, rules, spare)
                if not every:
                    base = sorted(left + self.hand_wilds)
            is_run = kind == RUN
            fills = wild_fills_cached(self.pool, need, is_run and not finder.canonical)
            key_head: tuple[int, ...]
            decl_head: tuple[int, ...]
            if is_run:
                key_head = (kind, which, start, size)
                decl_head = (kind, which, start)
                holes = [index for index, code in enumerate(body) if code < 0]
            else:
                key_head = (kind, which, 0, size)
                decl_head = (kind, which)
            for fill in fills:
                if is_run:
                    if fill:
                        run = list(body)
                        for index, code in zip(holes, fill, strict=True):
                            run[index] = code
                        cards = tuple(run)
                    else:
                        cards = body
                else:
                    cards = tuple(sorted(body + fill)) if fill else body
                key = key_head + cards
                if not every:
                    # The rest of completable: a completion through a tied meld.
                    after = base.copy()
                    for code in fill:
                        after.remove(code)
                    best = finder.best_tie(tuple(after), rest, place)
                    if best is None or best < key:
                        continue
                found.append((key, decl_head + cards))
                if first_fill and need:
                    break  # the shape is listed: its fills are the next decision


_UNKNOWN = -2
"""A :attr:`StepSearch.limits` entry not yet computed (:func:`last_feasible_place` gives -1
or more)."""

_TIES: dict[tuple[object, ...], tuple[int, ...] | None] = bounded_memo(50_000)
"""Memo of :meth:`Steps.best_tie`."""

_MIN_CARDS: dict[tuple[Component, ...], int] = bounded_memo(4096)
"""The fewest cards that can meet each tuple of components (their sizes' sum): the memo
costs less than a call of ``plan_for`` on the hot path of :meth:`Steps.feasible`."""

_FEASIBLE: dict[tuple[object, ...], bool] = bounded_memo(20_000)
"""Memo of :meth:`Steps.feasible`, a pure function of its key: the same rests of the same
hands come back from step to step, turn to turn and game to game. A few MB; a bigger memo
makes a noticeable pause when it is emptied."""

_LAST_SEARCH: list[tuple[Steps, tuple[int, ...], tuple[Component, ...], StepSearch] | None] = [None]
"""The last search of every shape of a hand (:meth:`Steps.search`): its options (the
:class:`Steps`, held, so compared by identity), the hand's codes, the parts it fills and
the search, replaced as a whole. A shape announced next ([contract.wilds]) has its fills
listed from it (:meth:`Steps.shape_steps`) without a search of its own. Bounded (one
search); content-keyed, so a new hand never meets an old answer."""

_FINDERS: dict[tuple[int, bool, bool, bool], Steps] = bounded_memo(64)
"""One :class:`Steps` per options (rules are interned, so their id is theirs for good)."""


def last_feasible_place(
    full: int,
    up_to: list[int],
    wilds: int,
    rest: tuple[Component, ...],
    by_comp: dict[Component, list[Candidate]],
    guards: int,
    breaks: list[int],
    memo: dict[tuple[int, int, tuple[Component, ...]], bool],
    bounds: tuple[int, int] = (-1, _WILDS_ONLY - 1),
) -> int:
    """The greatest step place ``p`` such that ``rest`` can be met from the hand's naturals
    after ``p`` and ``wilds`` wilds (-1 if none): a shape whose lowest natural lies after
    it, leaving that many wilds, can have no completion of later melds, whatever cards it
    uses. ``bounds``: the answer is known to lie between them (the answers for fewer and
    for more wilds, which it lies between: feasibility only grows with the wilds).

    Feasibility only falls as ``p`` grows, and changes only where ``up_to`` does: at the
    places ``breaks`` of the naturals held (ascending, 0 left out). So a binary search
    over the runs of places between them finds it, one feasibility test per halving
    (:func:`rest_fits`, or :func:`one_part_fits` for one part; ``memo`` is theirs, which
    the shapes' tests share)."""
    least, most = bounds
    if most < 0:
        return -1
    fits = one_part_fits if len(rest) == 1 else rest_fits
    if least < 0 and not fits(full - up_to[0], wilds, rest, by_comp, guards, memo):
        return -1
    # starts[j]: the first place of run j; feasible at run ``low``, not known above.
    starts = [0, *breaks]
    low = bisect_right(starts, least) - 1 if least >= 0 else 0
    high = bisect_right(starts, most) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if fits(full - up_to[starts[middle]], wilds, rest, by_comp, guards, memo):
            low = middle
        else:
            high = middle - 1
    return starts[low + 1] - 1 if low + 1 < len(starts) else _WILDS_ONLY - 1


def one_part_tops(candidates: list[Candidate], wilds: int) -> list[int]:
    """:func:`last_feasible_place` for one part left, for every number of wilds from 0 to
    ``wilds`` at once, from the part's candidates (the whole hand's, sorted by wilds).

    One candidate fits the naturals after place ``p`` exactly when its lowest natural lies
    after ``p`` (the candidate is the hand's, so every copy it uses is held, and every copy
    of a card after ``p`` is left), and its wilds are no more than there are; so the last
    feasible place with ``w`` wilds is the greatest lowest place, less one, of the
    candidates needing ``w`` wilds or fewer (-1 if none; 63 for one of wilds only)."""
    tops = [-1] * (wilds + 1)
    best = -1
    index = 0
    count = len(candidates)
    for have in range(wilds + 1):
        while index < count and candidates[index][0] <= have:
            place = _lowest_place(candidates[index][2]) - 1
            if place > best:  # noqa: PLR1730 - not max(): the listing's hot path
                best = place
            index += 1
        tops[have] = best
    return tops


def _lowest_place(info: tuple[int, int, int]) -> int:
    """The step place of a candidate's lowest natural (:data:`_WILDS_ONLY` if none), from
    its info: ``(SET, rank, suits)`` (one bit a suit, or 4 bits a suit's copies with
    :data:`~pushrummy.contracts.candidates.ANY_SUITS`) or ``(RUN, suit, positions)`` (an
    ace at position 1 or 14 is rank-first, so lowest)."""
    kind, which, bits = info
    if kind == SET:
        if not bits:
            return _WILDS_ONLY
        if bits & ANY_SUITS:
            bits ^= ANY_SUITS
            return (which - 1) * 4 + ((bits & -bits).bit_length() - 1) // 4
        return (which - 1) * 4 + (bits & -bits).bit_length() - 1
    if not bits:
        return _WILDS_ONLY
    if bits & _ACE_POSITIONS:
        return which
    return ((bits & -bits).bit_length() - 2) * 4 + which


_ACE_POSITIONS = (1 << 1) | (1 << ACE_HIGH)
"""A run's ace positions: low (1) and high (14)."""


def _known_bounds(tops: list[int], wilds: int) -> tuple[int, int]:
    """Bounds of :func:`last_feasible_place` for ``wilds`` wilds from the answers already
    known for fewer wilds and for more (``tops``, by wilds; :data:`_UNKNOWN` where not
    known): the nearest of each, or the widest bounds."""
    least, most = -1, _WILDS_ONLY - 1
    for fewer in range(wilds - 1, -1, -1):
        if tops[fewer] != _UNKNOWN:
            least = tops[fewer]
            break
    for more in range(wilds + 1, len(tops)):
        if tops[more] != _UNKNOWN:
            most = tops[more]
            break
    return least, most


def _place_sums(naturals: list[int], units: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The packed ``naturals`` of step place ``p`` or lower, for every ``p`` (0..64), and
    the places after 0 where that changes (ascending): it is constant in between."""
    up_to = [0] * (_WILDS_ONLY + 1)
    for code in naturals:
        up_to[_STEP_PLACE[code]] += units[code]
    return list(accumulate(up_to)), sorted({_STEP_PLACE[code] for code in naturals} - {0})


def _shape_info(body: tuple[int, ...]) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """A shape body's natural codes, its step place, and its naturals above that place.
    Memoised: bodies (ints only) recur from hand to hand."""
    used = tuple(code for code in body if code >= 0)
    place = min([_STEP_PLACE[code] for code in used], default=_WILDS_ONLY)
    above = tuple(code for code in used if _STEP_PLACE[code] > place)
    return remember(_SHAPE_INFO, body, (used, place, above))


_SHAPE_INFO: dict[tuple[int, ...], tuple[tuple[int, ...], int, tuple[int, ...]]] = bounded_memo(
    50_000
)


StepShape: TypeAlias = tuple[int, int, int, int, tuple[int, ...]]
"""A step's shape as the search spells it: ``(kind, rank or suit, start, size, body)``, the
body a set's natural codes (sorted) or a run's codes with -1 at each wild place."""


def step_shape(shape: MeldShape) -> StepShape:
    """The search's spelling of a meld shape (for ``steps_of(..., only=...)``).

    >>> from pushrummy import parse_meld
    >>> step_shape(MeldShape.of(parse_meld("5H JK=6H 7H")))
    (1, 2, 5, 3, (30, -1, 32))
    """
    size = len(shape.cards)
    if shape.kind is MeldKind.SET:
        assert shape.rank is not None
        body = tuple(sorted(card.code for card in shape.naturals))
        return (SET, int(shape.rank), 0, size, body)
    assert shape.suit is not None and shape.start is not None
    codes = tuple(-1 if card is None else card.code for card in shape.cards)
    return (RUN, int(shape.suit), shape.start, size, codes)


def _less(codes: list[int], used: Iterable[int]) -> list[int]:
    """``codes`` less one copy of each of ``used`` (all in it)."""
    left = list(codes)
    for code in used:
        left.remove(code)
    return left
