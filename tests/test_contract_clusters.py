"""The contract search's clusters (:mod:`pushrummy.contracts.clusters`) against its
backtracking, and the growth they are there to stop.

When the backtracking of ``fit`` runs long it hands over to ``clustered_fit``, which
answers cluster by cluster and guides the backtracking to the way it would have found.
On seeded hands of contracts of many parts (sets and runs, every option setting):

* ``clustered_fit``'s answer, when it gives one, is the backtracking's run to its end;
* ``fit`` through the clusters from its first step finds the same first way as the
  backtracking (the example :func:`~pushrummy.explain_contract` shows), and so does
  ``fit`` as play runs it.

Then a contract of ``k`` runs of 3 and a hand of ``k`` runs of 4 plus two wilds (the
``k runs`` group of ``benchmarks/movelists.py``): the backtracking's steps grew
exponentially in ``k`` (half a million at ``k`` = 10); they must stay few.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pushrummy import (
    CAP_IT,
    PUSH,
    Card,
    Contract,
    Rank,
    Suit,
    Variant,
    WildLimit,
    lay_down_steps,
    make_deck,
    parse_cards,
)
from pushrummy.contracts import clusters, feasibility
from pushrummy.contracts.candidates import Candidate, run_candidates, set_candidates
from pushrummy.contracts.hands import field_bits, read_hand, tables_of
from pushrummy.contracts.parts import RUN, plan_of
from pushrummy.contracts.rules import rules_of
from sizes import Budget

VARIANTS = [
    PUSH,
    CAP_IT,
    PUSH.replace(wild_limit=WildLimit.AT_MOST_NATURALS),
    PUSH.replace(wild_limit=WildLimit.FEWER_THAN_NATURALS),
    PUSH.replace(contract_exact_sizes=True),
    PUSH.replace(min_naturals_per_meld=0),
]


def _case(rng: random.Random) -> tuple[Contract, list[Card], Variant]:
    """A contract of 4 to 7 parts and a hand with runs in a few places, some wilds."""
    parts = []
    for _ in range(rng.randint(4, 7)):
        if rng.random() < 0.3:
            parts.append(f"1 set of {rng.choice([3, 3, 4])}")
        else:
            parts.append(f"1 run of {rng.choice([3, 3, 3, 4, 5])}")
    deck = [card for card in make_deck(3) if not card.is_wild]
    rng.shuffle(deck)
    hand = deck[: rng.randint(0, 6)]
    for _ in range(rng.randint(3, 9)):
        suit = rng.choice(list(Suit))
        start = rng.randint(3, 10)
        stop = min(start + rng.randint(2, 5), 14)
        hand += [Card(Rank(rank), suit) for rank in range(start, stop)]
    hand += parse_cards(" ".join(rng.choice(["2C", "2D", "JK"]) for _ in range(rng.randint(0, 4))))
    return Contract.parse(" + ".join(parts)), hand, rng.choice(VARIANTS)


def test_the_clusters_answer_as_the_backtracking_does(
    budget: Budget, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(2024)
    in_play = feasibility._BUDGET
    answered = {True: 0, False: 0}
    for _ in range(budget.n("clusters.hands")):
        contract, hand, variant = _case(rng)
        plan = plan_of(contract)
        rules = rules_of(variant)
        parsed = read_hand(hand, rules.wild_twos)
        field = field_bits(len(parsed.codes))
        tables = tables_of(field)
        by_comp: dict[tuple[int, int], list[Candidate]] = {}
        for kind, size in plan.distinct:
            if kind == RUN:
                found = run_candidates(parsed, size, parsed.wilds, rules, field, tables)
            else:
                found = set_candidates(parsed, size, parsed.wilds, rules, tables)
            by_comp[kind, size] = found
        if not all(by_comp.values()):
            continue
        # What is left: the hand less a few of its naturals, as the lay-down steps ask.
        remaining = tables.guards + sum(tables.units[code] for code in parsed.codes)
        for code in parsed.codes:
            if rng.random() < 0.05:
                remaining -= tables.units[code]
        wilds = rng.randint(0, parsed.wilds)

        def search(steps: int) -> tuple[bool, list[Candidate]]:
            monkeypatch.setattr(feasibility, "_BUDGET", steps)
            chosen: list[Candidate] = []
            found = feasibility.fit(plan, by_comp, remaining, wilds, tables.guards, chosen)
            return found, chosen

        expected = search(1 << 40)  # the backtracking to its end
        assert search(0) == expected, (contract, hand, wilds)  # the clusters from the start
        assert search(in_play) == expected, (contract, hand, wilds)  # as play runs it
        answer = clusters.clustered_fit(plan.comps, by_comp, remaining, wilds, tables.guards)
        if answer is not None:
            assert answer == expected[0], (contract, hand, wilds)
            answered[answer] += 1
    # Both answers, and most cases within the clusters' reach.
    assert min(answered.values()) >= budget.n("clusters.hands") // 10, answered


def _k_runs(k: int) -> tuple[Contract, list[Card]]:
    """The ``k runs`` position of benchmarks/movelists.py: its contract and hand."""
    naturals = [card for card in make_deck(3) if not card.is_wild]
    rng = random.Random(k)
    hand: list[Card] = []
    for _ in range(k):
        suit = rng.choice(list(Suit))
        start = rng.randint(3, 10)
        run = [Card(Rank(rank), suit) for rank in range(start, start + 4)]
        if all(run.count(card) <= naturals.count(card) for card in run):
            for card in run:
                naturals.remove(card)
            hand += run
    hand += parse_cards("2C JK")
    return Contract.parse(f"{k} run{'s' if k > 1 else ''} of 3"), sorted(hand)


@pytest.mark.parametrize("minimal", [True, False], ids=["minimal", "every size"])
def test_k_runs_of_3_take_few_steps(minimal: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    picks = 0
    pick = feasibility._pick

    def counted(*args: Any) -> bool:
        nonlocal picks
        picks += 1
        return pick(*args)

    monkeypatch.setattr(feasibility, "_pick", counted)
    listed = []
    for k in (9, 10, 11):
        contract, hand = _k_runs(k)
        picks = 0
        steps = lay_down_steps(hand, contract, CAP_IT, minimal=minimal)
        listed.append(len(steps))
        # Before the clusters: 550,000 at k = 10 (minimal), 2.7 million (every size).
        assert picks < 40_000, (k, picks)
    assert listed == ([86, 68, 57] if minimal else [457, 376, 465])  # as before the clusters
