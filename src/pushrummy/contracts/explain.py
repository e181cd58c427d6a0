"""Why a hand can or cannot meet a contract: :func:`explain_contract`.

When it can, one example way (the feasibility search's solution made into melds). When
it cannot, the most components the hand can lay down together, and how many more wilds
it would need (found by bisection: more wilds never hurt), or why no number would do.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from ..cards import ALL_CARDS, Card, Rank, Suit
from ..contract_spec import Contract, RunSuits
from ..melds import Meld, MeldKind, WildLimit
from .candidates import ANY_SUITS, Candidate
from .feasibility import solve
from .hands import ACE_HIGH, WILD_CODES, Hand, position_code, read_hand
from .listing import contract_options
from .parts import RUN, SET, Component, plan_from, plan_of, requirements
from .rules import ContractRules, Rules, rules_of
from .run_suits import binds


def explain_contract(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> str:
    """A short sentence saying whether and how ``hand`` can meet ``contract``.

    When it can: one example way. When it cannot: the most components of the contract
    the hand can lay down together (with an example), and how many more wilds the hand
    would need to meet all of it, or that no number of wilds would do under the options.

    Raises:
        TypeError: ``hand`` holds something that is not a card, ``contract`` is not a
            :class:`~pushrummy.contract_spec.Contract`, or ``variant`` is not ``None`` or
            meld options.

    >>> from pushrummy import PUSH, parse_cards
    >>> explain_contract(parse_cards("9C 9S JK 4D 4H 2C"), PUSH.deals[0].contract)
    'can be met, for example: 4D 4H 2C=4 / 9C 9S JK=9'
    >>> explain_contract(parse_cards("9C 9S JK 4D 4H"), PUSH.deals[0].contract)
    'cannot meet 2 sets of 3: the best is 1 set of 3 (4D 4H JK=4); it would take 1 more wild'
    >>> runs, apart = PUSH.deals[2].contract, PUSH.replace(contract_run_suits="apart")
    >>> explain_contract(parse_cards("3H 4H 5H 6H 7H 8H 9H 10H"), runs, apart)
    'cannot meet 2 runs of 4: its runs would continue each other (contract_run_suits=apart)'
    """
    plan = plan_of(contract)
    rules = rules_of(variant)
    cards = tuple(hand)
    parsed = read_hand(cards, rules.wild_twos)
    comps = plan.comps
    chosen = solve(parsed, plan, rules)
    if chosen is not None and binds(rules, comps, ()):
        # [contract.run_suits]: the way found may not keep it; an example that does, if any
        ways = contract_options(cards, contract, variant, limit=1)
        if ways:
            return "can be met, for example: " + " / ".join(str(m) for m in ways[0])
        what = "share a suit" if rules.run_suits is RunSuits.DISTINCT else "continue each other"
        return (
            f"cannot meet {contract}: its runs would {what} "
            f"(contract_run_suits={rules.run_suits.value})"
        )
    if chosen is not None:
        example = " / ".join(str(m) for m in _example(parsed, chosen, rules))
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


def _impossible(comps: tuple[Component, ...], rules: Rules) -> str | None:
    """Why no hand at all could fill some component, if that is so."""
    for kind, size in comps:
        if kind == SET and size > rules.max_set:
            return (
                f"no set has more than {rules.max_set} cards, and the contract asks for a set "
                f"of {size}"
            )
        if kind == RUN and size > rules.max_run:
            return (
                f"no run is longer than {rules.max_run}, and the contract asks for a run of {size}"
            )
    return None


def _best_part(
    hand: Hand, comps: tuple[Component, ...], rules: Rules
) -> tuple[tuple[Component, ...], list[Meld]] | None:
    """The most components that can be laid down together, with an example."""
    for count in range(len(comps) - 1, 0, -1):
        for part in dict.fromkeys(combinations(comps, count)):
            chosen = solve(hand, plan_from(part), rules)
            if chosen is not None:
                return part, _example(hand, chosen, rules)
    return None


def _example(hand: Hand, chosen: list[Candidate], rules: Rules) -> list[Meld]:
    """Concrete melds for a solution of :func:`solve`, using the hand's own wilds."""
    counts = hand.counts()
    spare = [code for code in WILD_CODES if rules.wild[code] for _ in range(counts[code])]
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
        if bits & ANY_SUITS:  # copies per suit, 4 bits each
            naturals = [
                ALL_CARDS[s * 13 + rank - 1] for s in range(4) for _ in range(bits >> 4 * s & 15)
            ]
        else:
            naturals = [ALL_CARDS[s * 13 + rank - 1] for s in range(4) if bits >> s & 1]
        return Meld(MeldKind.SET, tuple(sorted(naturals + wild_cards)), rank=Rank(rank))
    length = bits.bit_count() + need
    low = (bits & -bits).bit_length() - 1 if bits else 1
    start = min(low, ACE_HIGH + 1 - length)
    cards = []
    for position in range(start, start + length):
        if bits >> position & 1:
            cards.append(ALL_CARDS[position_code(which, position)])
        else:
            cards.append(wild_cards.pop())
    return Meld(MeldKind.RUN, tuple(cards), suit=Suit(which), start=start)


def _wilds_short(hand: Hand, comps: tuple[Component, ...], rules: Rules) -> int | None:
    """The fewest extra wilds that would meet the contract, or ``None`` if none would.

    A minimal candidate never needs more wilds than a set's most cards (``max_set``: 4, or
    14 with ``set_suits=any``) or ``max_run_length`` for a run, so if that many extra wilds
    per component do not help, nothing does. More wilds
    never hurt, so the answer is found by bisection.
    """
    plan = plan_from(comps)
    most = sum(rules.max_run if kind == RUN else rules.max_set for kind, _ in comps)
    if solve(hand, plan, rules, most) is None:
        return None
    low, high = 0, most  # fails with ``low`` extra wilds, succeeds with ``high``
    while high - low > 1:
        middle = (low + high) // 2
        if solve(hand, plan, rules, middle) is None:
            low = middle
        else:
            high = middle
    return high


def _describe(comps: Iterable[Component]) -> str:
    return " + ".join(str(requirement) for requirement in requirements(comps))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


_NO_CAP = WildLimit.UNLIMITED.bonus
""":attr:`Rules.cap` of a variant without ``laydown_wilds_per_meld``."""


def _limits(rules: Rules) -> str:
    parts = []
    if rules.min_naturals:
        parts.append(f"min_naturals_per_meld={rules.min_naturals}")
    if rules.limited:
        limit = "at_most_naturals" if rules.bonus == 0 else "fewer_than_naturals"
        parts.append(f"wild_limit={limit}")
    if rules.cap < _NO_CAP:
        parts.append(f"laydown_wilds_per_meld={rules.cap}")
    return " and ".join(parts) + " (more natural cards are needed)"
