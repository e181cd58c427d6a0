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
((Meld.set('7D 7H 7S'), Meld.set('9C 9H 9S')),)
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
first, identical components in non-decreasing order. When it runs long (many parts, most
often a hand that cannot meet them), the candidates are split into clusters that share no
card, each cluster makes a table of the fewest wilds with which it fills each multiset of
parts, and the tables combine: the time then grows with the number of parts, where the
backtracking's multiplies (``clusters``).

:func:`contract_options` works in two stages so that its work follows the size of its
answer: it combines meld *shapes* (a meld with its wild slots left open), keeping a
partial combination only if the feasibility search says the rest of the contract can
still be met, then fills the wild slots with the hand's wild cards in every distinct
way. Each Meld is built once and reused by every way that holds it. Hands with many
wilds have a great many ways (each wild is a distinct card in every role it can take),
and listing them takes time in proportion.

**The package**, in the order a reader may take it (each module imports only those above
it):

* ``memo``: the one memo helper (``bounded_memo`` and ``remember``), which bounds each
  process-wide memo of the search;
* ``hands``: a hand read into bitmasks, and the packed card counts;
* ``rules``: the variant's options as the search reads them;
* ``run_suits``: which combinations of candidates keep [contract.run_suits];
* ``parts``: the contract's parts (components ``(kind, size)``, with the one encoding of a
  meld's kind, ``SET`` or ``RUN``), what is left of a contract once melds count towards
  it, and :func:`contract_left`;
* ``candidates``, ``clusters`` and ``feasibility``: the fast search of
  :func:`can_meet_contract`;
* ``shapes``: meld shapes (a meld with its wild slots left open) and their wild fills;
* ``singles``: :func:`single_melds`, every set or run a hand can meld on its own;
* ``steps``: :func:`lay_down_steps`, :func:`can_complete_contract` and
  :func:`step_order_key` ([contract.steps]);
* ``listing``: :func:`contract_options`;
* ``all_out``: :func:`all_out_ways` and :func:`can_complete_all_out`, the lay-downs of a deal
  played all out ([out.all_out]);
* ``explain``: :func:`explain_contract`.

Names without a leading underscore in those modules are shared within the package (and
with the engine's own modules: :mod:`pushrummy.plays` reads hands and lists steps and single melds
through them); a leading underscore keeps a name to its module. The public API is what
this module exports (``__all__``).
"""

from __future__ import annotations

from ..contract_spec import Contract as Contract
from ..contract_spec import Requirement as Requirement
from .all_out import all_out_ways, can_complete_all_out
from .explain import explain_contract
from .feasibility import can_meet_contract
from .listing import contract_options
from .parts import contract_left
from .rules import ContractRules
from .singles import single_melds
from .steps import can_complete_contract, lay_down_steps, step_order_key

# Contract and Requirement are importable from here too, but documented (and listed) where
# they are defined: pushrummy.contract_spec.
__all__ = [
    "ContractRules",
    "all_out_ways",
    "can_complete_all_out",
    "can_complete_contract",
    "can_meet_contract",
    "contract_left",
    "contract_options",
    "explain_contract",
    "lay_down_steps",
    "single_melds",
    "step_order_key",
]
