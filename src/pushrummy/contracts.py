"""The contract search: can a hand meet a deal's contract, and in which distinct ways.

(Search implementation in progress.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .cards import Card
from .contract_spec import Contract, Requirement
from .melds import Meld, MeldRules

__all__ = [
    "Contract",
    "ContractRules",
    "Requirement",
    "can_meet_contract",
    "contract_options",
    "explain_contract",
]


class ContractRules(MeldRules, Protocol):
    """The options the search obeys. A :class:`~pushrummy.variants.Variant` is one."""

    @property
    def contract_exact_sizes(self) -> bool: ...


def can_meet_contract(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> bool:
    raise NotImplementedError


def contract_options(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> tuple[tuple[Meld, ...], ...]:
    raise NotImplementedError


def explain_contract(
    hand: Iterable[Card], contract: Contract, variant: ContractRules | None = None
) -> str:
    raise NotImplementedError
