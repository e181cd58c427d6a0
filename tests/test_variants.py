"""Variants and presets: RULES.md §6, every option of §2–§4, [contract.table], [score.values]."""

from __future__ import annotations

import enum
from pathlib import Path

import attrs
import pytest

import pushrummy as pr
from pushrummy._wire import Codec, wire_fields
from pushrummy.cards import JOKER, Card, Rank, Suit, make_deck, parse_card
from pushrummy.contract_spec import Contract
from pushrummy.errors import VariantError
from pushrummy.melds import WildLimit
from pushrummy.variants import (
    CAP_IT,
    DEFAULT_CARD_VALUES,
    HOUSE_OPTIONS,
    PUSH,
    BuryPosition,
    DealSpec,
    LayoffTargets,
    PushTo,
    ShortStockPush,
    Stakes,
    Variant,
    WildExchange,
)

pytestmark = pytest.mark.rule(
    "setup.players", "setup.deck", "deal.count", "contract.table", "score.values"
)

# [contract.table], written out from RULES.md.
PUSH_TABLE = [
    (6, "2 sets of 3"),
    (7, "1 set of 3 + 1 run of 4"),
    (8, "2 runs of 4"),
    (9, "3 sets of 3"),
    (10, "2 runs of 5"),
]
CAP_IT_TABLE = [
    (10, "2 sets of 3"),
    (10, "1 set of 3 + 1 run of 4"),
    (10, "2 runs of 4"),
    (10, "3 sets of 3"),
    (10, "1 run of 3 + 1 run of 7"),
]

# Every RULES.md option with its default value.
DEFAULT_OPTIONS = {
    "bury_position": BuryPosition.RANDOM,
    "push_to": PushTo.NEXT,
    "short_stock_push": ShortStockPush.TRANSFER_THEN_END,
    "take_after_contract": True,
    "min_naturals_per_meld": 0,
    "wild_limit": WildLimit.UNLIMITED,
    "max_run_length": 14,
    "contract_exact_sizes": False,
    "layoff_targets": LayoffTargets.ANY,
    "new_melds_after_contract": True,
    "same_turn_after_contract": True,
    "wild_exchange": WildExchange.NONE,
    "may_rediscard_taken": False,
    "may_discard_wild": True,
    "must_discard_to_go_out": False,
    "max_turns_per_deal": None,
}

# Enum options and every value RULES.md names for them.
ENUM_OPTIONS = {
    "bury_position": (BuryPosition, ["random", "bottom"]),
    "push_to": (PushTo, ["next", "previous"]),
    "short_stock_push": (
        ShortStockPush,
        ["transfer_then_end", "end_without_transfer", "forbidden"],
    ),
    "wild_limit": (WildLimit, ["unlimited", "at_most_naturals", "fewer_than_naturals"]),
    "layoff_targets": (LayoffTargets, ["any", "team", "own"]),
    "wild_exchange": (WildExchange, ["none", "jokers_in_runs", "any_in_runs"]),
}

BOOL_OPTIONS = [
    "take_after_contract",
    "contract_exact_sizes",
    "new_melds_after_contract",
    "same_turn_after_contract",
    "may_rediscard_taken",
    "may_discard_wild",
    "must_discard_to_go_out",
]


def expected_points(card: Card) -> int:
    """[score.values]: 3-9 → 5; 10 J Q K → 10; ace → 15; two or joker → 20."""
    if card.is_joker or card.rank is Rank.TWO:
        return 20
    if card.rank is Rank.ACE:
        return 15
    assert card.rank is not None
    return 5 if card.rank <= 9 else 10


def field_error(field: str):
    """Expect a VariantError naming ``field``."""
    return pytest.raises(VariantError, match=rf"^{field}: ")


# --- presets -------------------------------------------------------------------------------------


def test_push_preset_players_and_deck() -> None:
    assert PUSH.player_counts == (4,)
    assert PUSH.packs(4) == 2
    assert len(make_deck(PUSH.packs(4))) == 108
    assert PUSH.partnerships is True
    assert PUSH.stakes is None


def test_push_preset_deals_match_contract_table() -> None:
    assert len(PUSH.deals) == 5
    assert [d.hand_size for d in PUSH.deals] == [6, 7, 8, 9, 10]
    for deal, (size, contract) in zip(PUSH.deals, PUSH_TABLE, strict=True):
        assert isinstance(deal, DealSpec)
        assert deal.hand_size == size
        assert deal.contract == Contract.parse(contract)
        assert str(deal.contract) == contract


def test_cap_it_preset_players_and_decks() -> None:
    assert CAP_IT.player_counts == (4, 5, 6)
    assert CAP_IT.packs(4) == 2
    assert CAP_IT.packs(5) == 3
    assert CAP_IT.packs(6) == 3
    assert [len(make_deck(CAP_IT.packs(n))) for n in (4, 5, 6)] == [108, 162, 162]
    assert CAP_IT.partnerships is False


def test_cap_it_preset_deals_match_contract_table() -> None:
    assert len(CAP_IT.deals) == 5
    assert [d.hand_size for d in CAP_IT.deals] == [10] * 5
    for deal, (size, contract) in zip(CAP_IT.deals, CAP_IT_TABLE, strict=True):
        assert deal.hand_size == size
        assert deal.contract == Contract.parse(contract)
        assert str(deal.contract) == contract


@pytest.mark.parametrize("variant", [PUSH, CAP_IT], ids=["push", "cap-it"])
def test_presets_use_every_default_option(variant: Variant) -> None:
    for name, value in DEFAULT_OPTIONS.items():
        assert getattr(variant, name) == value, name
        if isinstance(value, bool) or value is None:
            assert getattr(variant, name) is value, name


def test_cap_it_is_push_in_everything_else() -> None:
    differing = {"name", "packs_for_players", "partnerships", "deals", "stakes"}
    for field in attrs.fields(Variant):
        if field.name not in differing:
            assert getattr(CAP_IT, field.name) == getattr(PUSH, field.name), field.name


def test_every_rules_option_is_a_variant_field() -> None:
    names = set(attrs.fields_dict(Variant))
    assert set(DEFAULT_OPTIONS) <= names
    assert {"card_values", "stakes", "deals", "packs_for_players", "partnerships"} <= names


@pytest.mark.parametrize("variant", [PUSH, CAP_IT], ids=["push", "cap-it"])
def test_card_values(variant: Variant) -> None:
    for code in range(53):
        card = Card.from_code(code)
        assert variant.card_value(card) == expected_points(card), card
    assert variant.card_values == DEFAULT_CARD_VALUES


def test_default_card_values_table() -> None:
    # Indexed by rank value, the joker at 0.
    assert DEFAULT_CARD_VALUES[0] == 20
    assert DEFAULT_CARD_VALUES[Rank.ACE] == 15
    assert DEFAULT_CARD_VALUES[Rank.TWO] == 20
    assert [DEFAULT_CARD_VALUES[v] for v in range(3, 10)] == [5] * 7
    assert [DEFAULT_CARD_VALUES[v] for v in range(10, 14)] == [10] * 4
    assert len(DEFAULT_CARD_VALUES) == 14


def test_push_sides_are_partnerships() -> None:
    assert [PUSH.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert PUSH.side_count(4) == 2


@pytest.mark.parametrize("players", [4, 5, 6])
def test_cap_it_every_seat_is_its_own_side(players: int) -> None:
    assert [CAP_IT.side_of(seat) for seat in range(players)] == list(range(players))
    assert CAP_IT.side_count(players) == players


@pytest.mark.parametrize(("variant", "players"), [(PUSH, 3), (PUSH, 5), (CAP_IT, 3), (CAP_IT, 7)])
def test_packs_for_unsupported_player_count(variant: Variant, players: int) -> None:
    with field_error("players") as info:
        variant.packs(players)
    assert info.value.field == "players"


def test_presets_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        PUSH.push_to = PushTo.PREVIOUS  # type: ignore[misc]
    assert PUSH.push_to is PushTo.NEXT


def test_package_reexports() -> None:
    assert pr.PUSH is PUSH and pr.CAP_IT is CAP_IT
    assert pr.Variant is Variant and pr.Stakes is Stakes and pr.DealSpec is DealSpec


# --- replace -------------------------------------------------------------------------------------


def test_replace_builds_a_new_variant_and_leaves_the_preset() -> None:
    house = PUSH.replace(wild_limit=WildLimit.AT_MOST_NATURALS, may_discard_wild=False)
    assert house.wild_limit is WildLimit.AT_MOST_NATURALS
    assert house.may_discard_wild is False
    assert PUSH.wild_limit is WildLimit.UNLIMITED
    assert PUSH.may_discard_wild is True
    assert house.deals == PUSH.deals
    assert house != PUSH
    assert PUSH.replace() == PUSH


def test_replace_revalidates() -> None:
    with field_error("max_run_length"):
        PUSH.replace(max_run_length=12)
    with field_error("partnerships"):
        PUSH.replace(packs_for_players=((6, 3),))
    with field_error("deals"):
        PUSH.replace(deals=(DealSpec(10, Contract.parse("3 runs of 4")),))


@pytest.mark.parametrize("name", ["push_too", "players", "wilds", "jokers", "PUSH_TO", "code"])
def test_replace_rejects_unknown_option_names(name: str) -> None:
    with pytest.raises(VariantError) as info:
        PUSH.replace(**{name: 1})
    assert info.value.field == name
    assert repr(name) in str(info.value)


# --- enum options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [(field, value) for field, (_, values) in ENUM_OPTIONS.items() for value in values],
)
def test_enum_options_accept_their_string_values(field: str, value: str) -> None:
    enum_type = ENUM_OPTIONS[field][0]
    variant = PUSH.replace(**{field: value})
    assert getattr(variant, field) is enum_type(value)
    assert getattr(variant, field).value == value
    assert getattr(PUSH.replace(**{field: enum_type(value)}), field) is enum_type(value)
    assert CAP_IT.replace(**{field: value}) == CAP_IT.replace(**{field: enum_type(value)})


def test_push_to_previous() -> None:
    assert PUSH.replace(push_to="previous").push_to is PushTo.PREVIOUS


def test_enum_types_have_exactly_the_rules_values() -> None:
    for enum_type, values in ENUM_OPTIONS.values():
        assert sorted(m.value for m in enum_type) == sorted(values)


BAD_ENUM_VALUES = ["", "NEXT", "Random", "bogus", 0, 1, True, None, 3.5, ["next"]]


@pytest.mark.parametrize(
    ("field", "bad"),
    [(field, bad) for field in sorted(ENUM_OPTIONS) for bad in BAD_ENUM_VALUES]
    # a member of another option's enum is no value of this one
    + [("layoff_targets", PushTo.NEXT), ("push_to", LayoffTargets.TEAM)]
    + [("wild_exchange", LayoffTargets.ANY), ("wild_limit", WildExchange.NONE)],
)
def test_enum_options_reject_bad_values(field: str, bad: object) -> None:
    with field_error(field) as info:
        PUSH.replace(**{field: bad})
    assert info.value.field == field


# --- bool options ------------------------------------------------------------------------------


@pytest.mark.parametrize("field", [*BOOL_OPTIONS, "partnerships"])
@pytest.mark.parametrize("bad", [0, 1, "yes", "False", None, 1.0])
def test_bool_options_reject_non_bools(field: str, bad: object) -> None:
    with pytest.raises(VariantError) as info:
        PUSH.replace(**{field: bad})
    assert info.value.field == field


@pytest.mark.parametrize("field", BOOL_OPTIONS)
def test_bool_options_accept_both_values(field: str) -> None:
    for value in (True, False):
        assert getattr(PUSH.replace(**{field: value}), field) is value


# --- int options -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [2, -1, True, False, 1.0, 0.0, "1", None])
def test_min_naturals_per_meld_is_0_or_1(bad: object) -> None:
    with field_error("min_naturals_per_meld") as info:
        PUSH.replace(min_naturals_per_meld=bad)
    assert info.value.field == "min_naturals_per_meld"


def test_min_naturals_per_meld_values() -> None:
    assert PUSH.replace(min_naturals_per_meld=1).min_naturals_per_meld == 1
    assert PUSH.replace(min_naturals_per_meld=0).min_naturals_per_meld == 0


@pytest.mark.parametrize("bad", [12, 15, 0, True, 14.0, 13.0, "14", None])
def test_max_run_length_is_13_or_14(bad: object) -> None:
    with field_error("max_run_length") as info:
        PUSH.replace(max_run_length=bad)
    assert info.value.field == "max_run_length"


def test_max_run_length_values() -> None:
    assert PUSH.replace(max_run_length=13).max_run_length == 13
    assert PUSH.replace(max_run_length=14).max_run_length == 14


@pytest.mark.parametrize("bad", [0, -1, True, False, 1.5, "100"])
def test_max_turns_per_deal_rejects_bad_values(bad: object) -> None:
    with field_error("max_turns_per_deal") as info:
        PUSH.replace(max_turns_per_deal=bad)
    assert info.value.field == "max_turns_per_deal"


@pytest.mark.parametrize("good", [1, 2, 500, None])
def test_max_turns_per_deal_accepts_none_and_positive_ints(good: int | None) -> None:
    assert PUSH.replace(max_turns_per_deal=good).max_turns_per_deal == good


# --- players, partnerships and decks ----------------------------------------------------------


def test_six_player_partnership_is_rejected() -> None:
    with field_error("partnerships") as info:
        PUSH.replace(packs_for_players=((6, 3),))
    assert info.value.field == "partnerships"
    with field_error("partnerships"):
        CAP_IT.replace(partnerships=True)


def test_cap_it_with_partnerships_for_four_only_is_allowed() -> None:
    four = CAP_IT.replace(packs_for_players=((4, 2),), partnerships=True)
    assert four.side_of(3) == 1 and four.side_count(4) == 2


@pytest.mark.parametrize(
    "bad",
    [
        (),
        ((4, 2), (4, 3)),  # a player count twice
        ((1, 2),),
        ((9, 4),),
        ((4, 0),),
        ((4, 5),),
        ((4.0, 2),),
        ((4, 2.0),),
        (("4", 2),),
        ((4, 2, 1),),
        (4,),
        5,
    ],
)
def test_packs_for_players_rejects_bad_values(bad: object) -> None:
    with pytest.raises(VariantError) as info:
        CAP_IT.replace(packs_for_players=bad)
    assert info.value.field == "packs_for_players"


def test_not_enough_cards_for_the_deal() -> None:
    # 8 players × 10 cards + upcard + stock card = 82 > 54 (one pack).
    with field_error("deals"):
        CAP_IT.replace(packs_for_players=((8, 1),))
    # 5 players × 10 + 2 = 52 fits in one pack of 54.
    assert CAP_IT.replace(packs_for_players=((5, 1),)).packs(5) == 1


# --- deals and contracts -------------------------------------------------------------------------


def test_deal_of_10_cards_with_a_contract_needing_12_is_rejected() -> None:
    with field_error("deals") as info:
        PUSH.replace(deals=(DealSpec(10, Contract.parse("3 runs of 4")),))
    assert "12" in str(info.value)
    with field_error("deals"):
        PUSH.replace(deals=(*PUSH.deals[:4], DealSpec(10, Contract.parse("2 runs of 6"))))


def test_contract_as_large_as_the_hand_is_allowed() -> None:
    # A contract needing exactly the dealt cards, like Push deal 5 (10 cards, 2 runs of 5).
    variant = PUSH.replace(deals=(DealSpec(6, Contract.parse("2 sets of 3")),))
    assert len(variant.deals) == 1


@pytest.mark.parametrize("bad", [(), ["2 sets of 3"], ((6, Contract.parse("2 sets of 3")),)])
def test_deals_must_be_deal_specs(bad: object) -> None:
    with field_error("deals"):
        PUSH.replace(deals=bad)


def test_deals_list_is_stored_as_tuple() -> None:
    variant = PUSH.replace(deals=list(PUSH.deals))
    assert isinstance(variant.deals, tuple)
    assert variant == PUSH


@pytest.mark.parametrize("hand_size", [0, -3, True, "6", 6.0])
def test_deal_spec_rejects_bad_hand_sizes(hand_size: object) -> None:
    with pytest.raises(VariantError) as info:
        DealSpec(hand_size, Contract.parse("2 sets of 3"))  # type: ignore[arg-type]
    assert info.value.field.startswith("deals")


def test_deal_spec_rejects_non_contracts() -> None:
    with pytest.raises(VariantError) as info:
        DealSpec(6, "2 sets of 3")  # type: ignore[arg-type]
    assert info.value.field.startswith("deals")


# --- card values -------------------------------------------------------------------------------


def test_card_values_mapping_form() -> None:
    variant = PUSH.replace(card_values={Rank.ACE: 1, Rank.KING: 25})
    assert variant.card_value(parse_card("AS")) == 1
    assert variant.card_value(parse_card("KD")) == 25
    assert variant.card_value(parse_card("QD")) == 10
    assert variant.card_value(parse_card("7C")) == 5
    assert variant.card_value(JOKER) == 20
    assert variant.card_value(parse_card("2C")) == 20


@pytest.mark.parametrize("key", ["JK", None])
def test_card_values_joker_key(key: object) -> None:
    variant = PUSH.replace(card_values={key: 50})
    assert variant.card_value(JOKER) == 50
    assert variant.card_value(parse_card("2H")) == 20  # the two keeps its own value


def test_card_values_sequence_form() -> None:
    table = tuple(range(14))
    variant = PUSH.replace(card_values=table)
    assert variant.card_values == table
    assert variant.card_value(JOKER) == 0
    for rank in Rank:
        assert variant.card_value(Card(rank, Suit.CLUBS)) == rank.value
    assert isinstance(PUSH.replace(card_values=list(table)).card_values, tuple)


@pytest.mark.parametrize(
    "bad",
    [
        {"A": 1},
        {7: 5},
        {Rank.ACE: -1},
        {Rank.ACE: 1.5},
        {Rank.ACE: True},
        {"JK": "20"},
        tuple(range(13)),
        tuple(range(15)),
        (-1, *range(13)),
        (),
    ],
)
def test_card_values_reject_bad_values(bad: object) -> None:
    with field_error("card_values") as info:
        PUSH.replace(card_values=bad)
    assert info.value.field == "card_values"


# --- stakes and name ---------------------------------------------------------------------------


def test_stakes() -> None:
    with_stakes = CAP_IT.replace(stakes=Stakes(ante=10, round_prize=2))
    assert with_stakes.stakes == Stakes(10, 2)
    assert with_stakes.stakes.ante == 10 and with_stakes.stakes.round_prize == 2  # type: ignore[union-attr]
    assert CAP_IT.replace(stakes=Stakes(0, 0)).stakes == Stakes(0, 0)
    assert CAP_IT.stakes is None


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"ante": -1, "round_prize": 2}, "stakes.ante"),
        ({"ante": 10, "round_prize": -2}, "stakes.round_prize"),
        ({"ante": 1.5, "round_prize": 2}, "stakes.ante"),
        ({"ante": True, "round_prize": 2}, "stakes.ante"),
        ({"ante": 10, "round_prize": "2"}, "stakes.round_prize"),
    ],
)
def test_stakes_reject_bad_values(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(VariantError) as info:
        Stakes(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field
    assert str(info.value).startswith(field + ": ")


@pytest.mark.parametrize("bad", [10, (10, 2), {"ante": 10, "round_prize": 2}, "10/2"])
def test_stakes_must_be_a_stakes_value(bad: object) -> None:
    with field_error("stakes"):
        CAP_IT.replace(stakes=bad)


@pytest.mark.parametrize("bad", ["", None, 7])
def test_name_must_be_a_non_empty_string(bad: object) -> None:
    with field_error("name"):
        PUSH.replace(name=bad)


def test_a_house_variant_from_scratch() -> None:
    variant = Variant(
        name="quick",
        packs_for_players=[(3, 1), (4, 2)],
        partnerships=False,
        deals=[DealSpec(7, Contract.parse("1 set of 3 + 1 run of 4"))],
        push_to="previous",
        short_stock_push="forbidden",
        layoff_targets="own",
        wild_exchange="jokers_in_runs",
        bury_position="bottom",
        card_values={Rank.ACE: 11},
        max_turns_per_deal=200,
    )
    assert variant.player_counts == (3, 4)
    assert variant.packs_for_players == ((3, 1), (4, 2))
    assert variant.packs(3) == 1
    assert variant.push_to is PushTo.PREVIOUS
    assert variant.short_stock_push is ShortStockPush.FORBIDDEN
    assert variant.layoff_targets is LayoffTargets.OWN
    assert variant.wild_exchange is WildExchange.JOKERS_IN_RUNS
    assert variant.bury_position is BuryPosition.BOTTOM
    assert variant.card_value(parse_card("AH")) == 11
    assert variant.side_count(3) == 3


# -- the option table of docs/variants.rst is the fields' declarations -----------------------

VARIANTS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "variants.rst"


def option_table() -> dict[str, list[str]]:
    """The rows of the option table of docs/variants.rst (section "House-rule options"):
    option name -> its other cells (rule, default, allowed values), in the page's words."""
    text = VARIANTS_PAGE.read_text(encoding="utf-8")
    section = text.split("House-rule options\n==================\n", 1)[1]
    table = section.split(".. list-table::", 1)[1].split("\n\n", 2)[1]
    rows: dict[str, list[str]] = {}
    for row in table.split("   * - ")[1:]:
        cells = [" ".join(cell.split()) for cell in row.split("\n     - ")]
        name = cells[0].strip("`")
        assert name not in rows, f"docs/variants.rst lists {name} twice"
        rows[name] = cells[1:]
    del rows["Option"]  # the header
    return rows


def test_the_option_table_is_the_variants_fields() -> None:
    # Every house-rule option (FieldInfo.house) has a row with its rule, its default and,
    # for an enum or a bounded integer, every value it allows; the other fields are named
    # just below the table.
    rows = option_table()
    fields = {field.name: field for field in wire_fields(Variant)}
    assert sorted(rows) == sorted(HOUSE_OPTIONS)
    for name, (rule, default, allowed) in rows.items():
        info = fields[name].info
        assert rule == f":rule:`{info.rule}`", name
        value = fields[name].default
        if isinstance(value, enum.Enum):
            assert default == f'``"{value.value}"``', name
            assert (
                f"~pushrummy.{type(value).__module__.split('.')[-1]}.{type(value).__name__}`"
                in (allowed)
            ), name
            for member in type(value):
                assert f'``"{member.value}"``' in allowed, (name, member)
        elif value != DEFAULT_CARD_VALUES:
            assert default.startswith(f"``{value!r}``"), name
        if info.codec is Codec.INT:
            assert {f"``{info.lo}``", f"``{info.hi}``"} <= set(allowed.split()), name
        if info.codec is Codec.BOOL:
            assert "``True``" in allowed and "``False``" in allowed, name
    text = VARIANTS_PAGE.read_text(encoding="utf-8")
    structure = text.split("The structural fields", 1)[1].split("\n\n", 1)[0]
    for field in fields.values():
        if not field.info.house:
            assert f"``{field.name}``" in structure, field.name
