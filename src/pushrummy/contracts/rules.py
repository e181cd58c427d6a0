"""The variant's options as the search reads them: :class:`Rules`, interned.

:func:`rules_of` checks the options once and returns the one :class:`Rules` of their
combination, so the search compares rules by identity and memo keys may hold their ids.
"""

from __future__ import annotations

from typing import Protocol

from ..cards import wild_table
from ..contract_spec import RunSuits
from ..melds import DEFAULT_MELD_OPTIONS, MeldRules, SetSuits, WildLimit, twos_wild
from .hands import ACE_HIGH, set_ranks


class ContractRules(MeldRules, Protocol):
    """The options the search obeys. A :class:`~pushrummy.variants.Variant` is one."""

    @property
    def contract_exact_sizes(self) -> bool: ...

    @property
    def laydown_wilds_per_meld(self) -> int | None: ...

    @property
    def contract_run_suits(self) -> RunSuits: ...


class Rules:
    """The options as the search uses them. Interned: one object per combination."""

    __slots__ = (
        "any_suits",
        "bonus",
        "cap",
        "exact",
        "least",
        "limited",
        "max_run",
        "max_set",
        "min_naturals",
        "run_suits",
        "set_ranks",
        "wild",
        "wild_twos",
    )

    def __init__(
        self,
        min_naturals: int,
        bonus: int,
        max_run: int,
        exact: bool,
        cap: int = -1,
        any_suits: bool = False,
        *,
        wild_twos: bool,
        run_suits: RunSuits = RunSuits.ANY,
    ) -> None:
        self.run_suits = run_suits
        """``contract_run_suits`` ([contract.run_suits]): which suits the runs of one lay-down
        may have. The candidates do not obey it (each is one meld); the search of
        :mod:`~pushrummy.contracts.run_suits` checks their combinations."""
        self.wild_twos = wild_twos
        """``wild_twos`` ([setup.wild]): False, twos are natural cards of rank 2."""
        self.wild = wild_table(wild_twos)
        """Wildness by card code under :attr:`wild_twos`."""
        self.set_ranks = set_ranks(wild_twos)
        """The ranks a set may have (twos only when they are natural)."""
        self.any_suits = any_suits
        """``set_suits=any`` ([meld.set_suits]): a set's naturals may share a suit."""
        self.max_set = ACE_HIGH if any_suits else 4
        """The most cards of a set the search builds: 4 with different suits; with any
        suits, as many as a run (a contract's set has at most 14 cards, and a longer set
        is a smaller one and lay-offs)."""
        self.min_naturals = min_naturals
        self.bonus = bonus
        """A meld with n naturals may hold up to ``n + bonus`` wilds."""
        self.cap = _UNLIMITED_BONUS if cap < 0 else cap
        """A meld of the lay-down holds at most ``cap`` wilds ([contract.wild_cap]). Under a
        cap alone a minimal meld still has exactly its part's size (dropping an end card
        never adds a wild), so :attr:`limited` stays the ``wild_limit`` option's."""
        self.max_run = max_run
        self.exact = exact
        self.limited = bonus < _UNLIMITED_BONUS
        """True when ``wild_limit`` ties the wilds of a meld to its naturals."""
        # ``2n >= size - bonus`` is ``size - n <= n + bonus``: with at least this many
        # naturals, a candidate of ``size`` cards keeps the options.
        self.least = tuple(
            max(1, min_naturals, (size - bonus + 1) // 2, size - self.cap)
            for size in range(ACE_HIGH + 1)
        )
        """Per size, the fewest naturals of a candidate with wilds to spare (at least 1)."""

    def allows(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of ``naturals`` naturals and ``wilds`` wilds keeps the options."""
        return (
            naturals >= self.min_naturals and wilds <= naturals + self.bonus and wilds <= self.cap
        )


_UNLIMITED_BONUS = WildLimit.UNLIMITED.bonus
_RULES_CACHE: dict[tuple[int, int, int, object, object, bool, bool, int], Rules] = {}
"""Interning: one :class:`Rules` per options, never dropped (memo keys hold their ids)."""


def rules_of(variant: ContractRules | MeldRules | None) -> Rules:
    if variant is None:
        return _DEFAULT_RULES
    try:
        min_naturals = variant.min_naturals_per_meld
        limit = variant.wild_limit
        max_run = variant.max_run_length
    except AttributeError:
        raise TypeError(
            "variant must be None or have the ContractRules fields "
            f"(a Variant or MeldOptions), not {type(variant).__name__}"
        ) from None
    exact = getattr(variant, "contract_exact_sizes", False)
    cap = getattr(variant, "laydown_wilds_per_meld", None)
    any_suits = getattr(variant, "set_suits", SetSuits.DISTINCT) is SetSuits.ANY
    wild_twos = twos_wild(variant)  # [setup.wild], as the meld checks read it
    run_suits = getattr(variant, "contract_run_suits", RunSuits.ANY)
    if type(min_naturals) is not int or type(max_run) is not int:
        raise TypeError("min_naturals_per_meld and max_run_length must be ints")
    # Keyed by the enums' identities: hashing an Enum member runs Python code.
    key = (min_naturals, id(limit), max_run, exact, cap, any_suits, wild_twos, id(run_suits))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = _new_rules(
            min_naturals,
            limit,
            max_run,
            exact,
            cap,
            any_suits,
            wild_twos=wild_twos,
            run_suits=run_suits,
        )
    return rules


def _new_rules(
    min_naturals: int,
    limit: object,
    max_run: int,
    exact: object,
    cap: object = None,
    any_suits: bool = False,
    *,
    wild_twos: bool,
    run_suits: object = RunSuits.ANY,
) -> Rules:
    if not isinstance(limit, WildLimit):
        raise TypeError(f"wild_limit must be a WildLimit, not {type(limit).__name__}")
    bonus = limit.bonus  # the option as melds.meld_option_problem states it
    if type(exact) is not bool:
        raise TypeError(f"contract_exact_sizes must be a bool, not {type(exact).__name__}")
    if cap is not None and (type(cap) is not int or cap < 0):
        raise TypeError(f"laydown_wilds_per_meld must be None or an int >= 0, not {cap!r}")
    if not isinstance(run_suits, RunSuits):
        raise TypeError(f"contract_run_suits must be a RunSuits, not {type(run_suits).__name__}")
    wild_cap = -1 if cap is None else cap
    return Rules(
        max(0, min_naturals),
        bonus,
        min(max_run, ACE_HIGH),
        exact,
        wild_cap,
        any_suits,
        wild_twos=wild_twos,
        run_suits=run_suits,
    )


_DEFAULT_RULES = _new_rules(
    DEFAULT_MELD_OPTIONS.min_naturals_per_meld,
    DEFAULT_MELD_OPTIONS.wild_limit,
    DEFAULT_MELD_OPTIONS.max_run_length,
    False,
    wild_twos=DEFAULT_MELD_OPTIONS.wild_twos,
)


def meld_rules_of(variant: MeldRules | None) -> Rules:
    """The search's options for a single new meld: the variant's, sizes never exact, and no
    lay-down wild cap and no rule on the suits of runs ([contract.wild_cap] and
    [contract.run_suits] bind the lay-down only)."""
    rules = rules_of(variant)
    if not rules.exact and rules.cap == _UNLIMITED_BONUS and rules.run_suits is RunSuits.ANY:
        return rules
    key = (rules.min_naturals, rules.bonus, rules.max_run, rules.any_suits, rules.wild_twos)
    loose = _LOOSE_RULES.get(key)
    if loose is None:
        loose = _LOOSE_RULES[key] = Rules(
            rules.min_naturals,
            rules.bonus,
            rules.max_run,
            False,
            any_suits=rules.any_suits,
            wild_twos=rules.wild_twos,
        )
    return loose


_LOOSE_RULES: dict[tuple[int, int, int, bool, bool], Rules] = {}
"""Interning, as :data:`_RULES_CACHE`."""
