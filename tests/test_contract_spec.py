"""Contract specifications ([contract.table], [contract.laydown]): Requirement and Contract."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pushrummy as pr
from pushrummy.contract_spec import Contract, Requirement
from pushrummy.errors import NotationError, VariantError
from pushrummy.melds import MeldKind

pytestmark = pytest.mark.rule("contract.table", "contract.laydown")

SET, RUN = MeldKind.SET, MeldKind.RUN


# --- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "components", "min_cards"),
    [
        ("2 sets of 3", [(SET, 3), (SET, 3)], 6),
        ("1 set of 3 + 1 run of 4", [(SET, 3), (RUN, 4)], 7),
        ("2 runs of 4", [(RUN, 4), (RUN, 4)], 8),
        ("3 sets of 3", [(SET, 3)] * 3, 9),
        ("2 runs of 5", [(RUN, 5), (RUN, 5)], 10),
        ("1 run of 3 + 1 run of 7", [(RUN, 3), (RUN, 7)], 10),
        ("1 set of 4", [(SET, 4)], 4),
        ("1 run of 14", [(RUN, 14)], 14),
    ],
)
def test_contract_table_forms(
    text: str, components: list[tuple[MeldKind, int]], min_cards: int
) -> None:
    contract = Contract.parse(text)
    assert contract.components == tuple(components)
    assert contract.min_cards == min_cards
    assert contract.meld_count == len(components)
    assert str(contract) == text
    assert repr(contract) == f"Contract({text!r})"
    assert Contract.parse(str(contract)) == contract


@pytest.mark.parametrize(
    "text",
    [
        "1 set of 3 + 1 run of 4",
        "1 set of 3+1 run of 4",
        "1 set of 3, 1 run of 4",
        "1 set of 3 and 1 run of 4",
        "1 set of 3 AND 1 run of 4",
        "1 Set Of 3 + 1 RUN OF 4",
        "  1 set of 3   +   1 run  of  4  ",
        "1 set of 3\n+ 1 run of 4",
    ],
)
def test_separators_spacing_and_case(text: str) -> None:
    assert Contract.parse(text) == Contract(
        (Requirement(SET, 3), Requirement(RUN, 4)),
    )


def test_requirements_keep_the_order_given() -> None:
    contract = Contract.parse("2 runs of 4, 1 set of 3")
    assert str(contract) == "2 runs of 4 + 1 set of 3"
    assert contract.components == ((RUN, 4), (RUN, 4), (SET, 3))
    assert contract != Contract.parse("1 set of 3 + 2 runs of 4")


def test_parse_equals_explicit_construction() -> None:
    assert Contract.parse("2 runs of 5") == Contract((Requirement(RUN, 5, count=2),))
    assert Contract.parse("3 sets of 3") == Contract([Requirement(SET, 3, count=3)])


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("2 sets of two", "2 sets of two"),
        ("0 sets of 3", "0 sets of 3"),
        ("1 set of 2", "1 set of 2"),
        ("1 run of 0", "1 run of 0"),
        ("2 pairs of 3", "2 pairs of 3"),
        ("sets of 3", "sets of 3"),
        ("2 sets 3", "2 sets 3"),
        ("two sets of 3", "two sets of 3"),
        ("-1 sets of 3", "-1 sets of 3"),
        ("2 sets of 3 + 1 run of four", "1 run of four"),
        ("1 set of 3 + 0 runs of 4", "0 runs of 4"),
        ("2 sets of 3 or 1 run of 4", "2 sets of 3 or 1 run of 4"),
    ],
)
def test_bad_parts_are_notation_errors_naming_the_part(text: str, token: str) -> None:
    with pytest.raises(NotationError) as info:
        Contract.parse(text)
    assert info.value.token == token
    assert info.value.text == text
    assert repr(token) in str(info.value)


@pytest.mark.parametrize("text", ["", "   ", "+", " , and "])
def test_empty_contract_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Contract.parse(text)
    assert "empty" in str(info.value)


@pytest.mark.parametrize("value", [None, 6, b"2 sets of 3", ["2 sets of 3"]])
def test_parse_rejects_non_str(value: object) -> None:
    with pytest.raises(TypeError):
        Contract.parse(value)  # type: ignore[arg-type]


# --- Requirement -------------------------------------------------------------------------------


def test_requirement_str_and_defaults() -> None:
    assert str(Requirement(SET, 3)) == "1 set of 3"
    assert str(Requirement(RUN, 4, count=2)) == "2 runs of 4"
    assert Requirement(SET, 3).count == 1


@pytest.mark.parametrize("size", [2, 1, 0, -3])
def test_requirement_size_at_least_3(size: int) -> None:
    with pytest.raises(VariantError, match=r"^size: must be at least 3"):
        Requirement(SET, size)


@pytest.mark.parametrize("value", [True, 3.0, "3"])
def test_requirement_size_and_count_must_be_ints(value: object) -> None:
    with pytest.raises(TypeError, match="must be an int"):
        Requirement(SET, value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be an int"):
        Requirement(SET, 3, count=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [0, -1])
def test_requirement_count_at_least_1(count: int) -> None:
    with pytest.raises(VariantError, match=r"^count: must be at least 1"):
        Requirement(RUN, 4, count=count)


def test_requirement_kind_must_be_a_meld_kind() -> None:
    with pytest.raises(TypeError):
        Requirement("set", 3)  # type: ignore[arg-type]


def test_requirement_count_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        Requirement(SET, 3, 2)  # type: ignore[misc]


# --- Contract ----------------------------------------------------------------------------------


def test_contract_needs_requirements() -> None:
    with pytest.raises(ValueError):
        Contract(())
    with pytest.raises(ValueError):
        Contract([])
    with pytest.raises(TypeError):
        Contract(("2 sets of 3",))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Contract((Requirement(SET, 3), (SET, 3)))  # type: ignore[arg-type]


def test_contract_is_frozen_and_hashable() -> None:
    contract = Contract.parse("2 sets of 3")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        contract.requirements = ()  # type: ignore[misc]
    assert isinstance(Contract([Requirement(SET, 3)]).requirements, tuple)
    assert hash(contract) == hash(Contract.parse("2 SETS OF 3"))
    assert len({contract, Contract.parse("2 sets of 3"), Contract.parse("2 runs of 4")}) == 2


def test_package_reexports() -> None:
    assert pr.Contract is Contract
    assert pr.Requirement is Requirement


# --- properties --------------------------------------------------------------------------------

requirements = st.builds(
    Requirement,
    st.sampled_from([SET, RUN]),
    st.integers(min_value=3, max_value=14),
    count=st.integers(min_value=1, max_value=4),
)
contracts = st.builds(Contract, st.lists(requirements, min_size=1, max_size=4))


@given(contracts)
def test_str_round_trip(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(str(contract).upper()) == contract
    assert Contract.parse(str(contract).replace(" + ", ", ")) == contract
    assert Contract.parse(str(contract).replace(" + ", " and ")) == contract


@given(contracts)
def test_components_min_cards_and_meld_count_agree(contract: Contract) -> None:
    components = contract.components
    assert len(components) == contract.meld_count
    assert sum(size for _, size in components) == contract.min_cards
    expanded = [(r.kind, r.size) for r in contract.requirements for _ in range(r.count)]
    assert list(components) == expanded
    assert contract.meld_count == sum(r.count for r in contract.requirements)
