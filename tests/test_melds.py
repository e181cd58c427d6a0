"""Melds and lay-offs: RULES.md [meld.set], [meld.run], [meld.wild], [meld.frozen], [layoff.card]."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pushrummy.cards import JOKER, Card, Rank, Suit, parse_card
from pushrummy.errors import IllegalMoveError, InvalidMeldError
from pushrummy.layoffs import lay_off, layoff_ends
from pushrummy.melds import (
    DEFAULT_MELD_OPTIONS,
    End,
    Meld,
    MeldKind,
    MeldOptions,
    SetSuits,
    WildLimit,
    check_meld,
    meld_rule_problem,
    meld_rule_violation,
    meld_wild_count,
    position_rank,
)
from pushrummy.rules import RULE_IDS
from pushrummy.variants import PUSH

pytestmark = pytest.mark.rule("meld.set", "meld.run", "meld.wild", "meld.frozen", "layoff.card")

SET, RUN = MeldKind.SET, MeldKind.RUN
LOW, HIGH = End.LOW, End.HIGH
RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
WILDS = tuple(parse_card(t) for t in ("2C", "2D", "2H", "2S", "JK"))


def cards(text: str) -> tuple[Card, ...]:
    """Cards in the order written (parse_cards would sort them)."""
    return tuple(parse_card(t) for t in text.split())


c = parse_card


def full_run(suit: str) -> str:
    """The 14-card run A, 2 … K, A of ``suit``."""
    return " ".join(r + suit for r in (*RANK_SYMBOLS, "A"))


def invalid(rule: str):
    """Expect an InvalidMeldError whose message ends with ``[rule]``, a RULES.md id."""
    assert rule in RULE_IDS
    return pytest.raises(InvalidMeldError, match=rf"\[{re.escape(rule)}\]$")


# --- sets ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("7C 7D 7H", Rank.SEVEN),
        ("7C 7D 7H 7S", Rank.SEVEN),
        ("7C 7D JK", Rank.SEVEN),
        ("7S 2D JK", Rank.SEVEN),
        ("7C 7D 7H 2H", Rank.SEVEN),  # the 2H is wild, standing for the missing 7S
        ("AC AD AS", Rank.ACE),
        ("KC KD 2H 2S", Rank.KING),
        ("3H JK JK JK", Rank.THREE),
        ("QS JK 2C", Rank.QUEEN),
    ],
)
def test_valid_sets(text: str, rank: Rank) -> None:
    meld = Meld.set_of(cards(text))
    assert meld.kind is SET and meld.is_set and not meld.is_run
    assert meld.rank is rank
    assert meld.suit is None and meld.start is None and meld.end is None
    assert meld.roles == (rank,) * len(meld.cards)
    assert sorted(meld.cards) == list(meld.cards)
    assert sorted(meld.cards) == sorted(cards(text))
    assert meld.wild_count == sum(1 for t in text.split() if t.startswith("2") or t == "JK")
    assert meld.natural_count == len(meld.cards) - meld.wild_count
    assert Meld(SET, cards(text), rank=rank) == meld


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        # More than 4 cards, two naturals of one suit: melds, which set_suits=distinct
        # refuses (tests/test_set_suits.py).
        ("7C 7D 8H", "meld.set"),  # different ranks
        ("7C 7D", "meld.set"),  # too few
        ("7C JK", "meld.set"),
        ("JK 2C 2D", "meld.wild"),  # only wilds: the rank must be declared
        ("JK JK JK JK", "meld.wild"),
    ],
)
def test_invalid_sets_via_set_of(text: str, rule: str) -> None:
    with invalid(rule) as info:
        Meld.set_of(cards(text))
    assert info.value.rule == rule
    assert isinstance(info.value, IllegalMoveError)


@pytest.mark.parametrize(
    ("text", "rank", "rule"),
    [
        ("7C 7D 8H", Rank.SEVEN, "meld.set"),  # wrong rank
        ("8C 8D 8H", Rank.SEVEN, "meld.set"),
        ("", Rank.SEVEN, "meld.set"),
    ],
)
def test_invalid_sets_direct(text: str, rank: Rank, rule: str) -> None:
    with invalid(rule) as info:
        Meld(SET, cards(text), rank=rank)
    assert info.value.rule == rule


@pytest.mark.rule("setup.wild", "meld.set")
@pytest.mark.parametrize("text", ["JK 2C 2D", "JK JK 2D 2S", "2C 2D 2H"])
def test_a_set_of_twos_is_a_meld_only_where_twos_are_natural(text: str) -> None:
    # A set of twos is a value (a Meld); the option decides: none while twos are wild
    # ([meld.set]), a set like any other where they are natural ([setup.wild]).
    meld = Meld(SET, cards(text), rank=Rank.TWO)
    assert meld_rule_problem(meld) == ("meld.set", "there are no sets of twos (twos are wild)")
    assert meld_rule_problem(meld, MeldOptions(wild_twos=False)) is None
    with invalid("meld.set"):
        check_meld(meld)


@pytest.mark.rule("setup.wild")
def test_natural_twos_stand_for_themselves() -> None:
    natural = MeldOptions(wild_twos=False)
    run_ = Meld.run_of(cards("AH 2H 3H 4H"))
    assert meld_rule_problem(run_, natural) is None  # A-2-3-4 with a natural two
    assert meld_wild_count(run_, natural) == 0 and meld_wild_count(run_) == 1
    # a two standing for another card, in a set or a run, is no meld where twos are natural
    for meld in (Meld.set_of(cards("9C 9D 2H")), Meld.run_of(cards("5H 2C 7H")),
                 Meld.run_of(cards("AH 2C 3H"))):  # fmt: skip
        assert meld_rule_problem(meld) is None
        problem = meld_rule_problem(meld, natural)
        assert problem is not None and problem[0] == "setup.wild", meld
    # and wilds are counted without the twos: 2 naturals and a joker keep at_most_naturals
    strict = MeldOptions(wild_twos=False, wild_limit=WildLimit.FEWER_THAN_NATURALS)
    assert meld_rule_problem(Meld.run_of(cards("2S 3S JK")), strict) is None
    assert meld_rule_problem(Meld.run_of(cards("2S 3S JK"))) is None
    assert (
        meld_rule_problem(
            Meld.run_of(cards("2S 3S JK")), MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS)
        )
        is not None
    )


def test_set_needs_a_rank_and_no_run_fields() -> None:
    with invalid("meld.wild"):
        Meld(SET, cards("7C 7D 7H"))
    with invalid("meld.wild"):
        Meld(SET, cards("7C 7D 7H"), rank=Rank.SEVEN, suit=Suit.CLUBS)
    with invalid("meld.wild"):
        Meld(SET, cards("7C 7D 7H"), rank=Rank.SEVEN, start=7)


def test_all_wild_set_with_declared_rank() -> None:
    meld = Meld.set_of(cards("JK 2C 2D"), Rank.KING)
    assert meld.rank is Rank.KING
    assert meld.roles == (Rank.KING,) * 3
    assert meld.natural_count == 0 and meld.wild_count == 3
    assert meld == Meld(SET, cards("2D JK 2C"), rank=Rank.KING)


def test_set_of_declared_rank_must_agree_with_naturals() -> None:
    assert Meld.set_of(cards("7C 7D JK"), Rank.SEVEN) == Meld.set_of(cards("7C 7D JK"))
    with invalid("meld.wild"):
        Meld.set_of(cards("7C 7D JK"), Rank.EIGHT)


def test_set_of_two_natural_ranks_is_meld_set() -> None:
    with invalid("meld.set") as info:
        Meld.set_of(cards("7C 8D 9H"))
    assert "different ranks" in str(info.value)


# --- runs ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit", "start", "roles"),
    [
        ("5H 6H 7H", Suit.HEARTS, 5, "5 6 7"),
        ("QS KS AS", Suit.SPADES, 12, "Q K A"),  # ace high
        ("AD 2D 3D", Suit.DIAMONDS, 1, "A 2 3"),  # ace low (2D is a wild at its own rank)
        ("5H JK 7H", Suit.HEARTS, 5, "5 6 7"),
        ("JK 6H 7H", Suit.HEARTS, 5, "5 6 7"),
        ("5H 6H JK", Suit.HEARTS, 5, "5 6 7"),
        ("JK JK AC", Suit.CLUBS, 12, "Q K A"),
        ("AC JK JK", Suit.CLUBS, 1, "A 2 3"),
        ("JK JK 3C", Suit.CLUBS, 1, "A 2 3"),
        ("10C JC QC KC AC", Suit.CLUBS, 10, "10 J Q K A"),
        ("2S 3H 4H", Suit.HEARTS, 2, "2 3 4"),  # a wild two of another suit
    ],
)
def test_valid_runs(text: str, suit: Suit, start: int, roles: str) -> None:
    meld = Meld.run_of(cards(text))
    assert meld.kind is RUN and meld.is_run and not meld.is_set
    assert meld.suit is suit and meld.start == start and meld.rank is None
    assert meld.end == start + len(meld.cards) - 1
    assert meld.cards == cards(text)
    assert [r.symbol for r in meld.roles] == roles.split()
    assert Meld(RUN, cards(text), suit=suit, start=start) == meld


def test_fourteen_card_run_ace_to_ace() -> None:
    meld = Meld.run_of(cards(full_run("H")))
    assert len(meld.cards) == 14
    assert meld.start == 1 and meld.end == 14
    assert meld.roles == (Rank.ACE, *[Rank(v) for v in range(2, 14)], Rank.ACE)
    assert meld.cards[0] == meld.cards[-1] == c("AH")


def test_fifteen_card_run_is_impossible() -> None:
    with invalid("meld.run"):
        Meld(RUN, (JOKER,) * 15, suit=Suit.HEARTS, start=1)
    with invalid("meld.run"):
        Meld.run_of(cards(full_run("H") + " JK"))
    with invalid("meld.run"):
        Meld.run_of(cards("JK " + full_run("H")))
    for start in range(1, 13):
        with invalid("meld.run"):
            Meld(RUN, (JOKER,) * (16 - start), suit=Suit.HEARTS, start=start)
        Meld(RUN, (JOKER,) * (15 - start), suit=Suit.HEARTS, start=start)


@pytest.mark.parametrize(
    "text",
    [
        "KH AH 2H",  # wrap
        "KH AH 2H 3H",
        "QH KH AH 2H",
        "JK AH JK",  # ace in the middle
        "JK JK AH JK",
        "5H 7H 8H",  # gap
        "7H 6H 5H",  # wrong order
        "5H 6S 7H",  # suit mismatch
        "5H 6H",  # too short
        "AH 2H",
        "JK JK JK 3H",  # would start before the low ace
    ],
)
def test_invalid_runs_via_run_of(text: str) -> None:
    with invalid("meld.run") as info:
        Meld.run_of(cards(text))
    assert info.value.rule == "meld.run"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("KH AH 2H", 13),  # K-A-2 declared explicitly
        ("QH KH AH", 11),  # misdeclared start
        ("AH 2H 3H 4H", 11),
        ("5H 6H 7H", 0),
        ("5H 6H 7H", -3),
        ("JK JK JK", 13),
        ("JK JK JK JK", 12),
        ("AH KH QH", 1),
        ("AH 2H AH", 1),
    ],
)
def test_invalid_runs_direct(text: str, start: int) -> None:
    with invalid("meld.run"):
        Meld(RUN, cards(text), suit=Suit.HEARTS, start=start)


def test_run_suit_mismatch_direct() -> None:
    with invalid("meld.run"):
        Meld(RUN, cards("5H 6S 7H"), suit=Suit.HEARTS, start=5)
    with invalid("meld.run"):
        Meld(RUN, cards("5H 6H 7H"), suit=Suit.SPADES, start=5)


def test_run_start_and_end_bounds() -> None:
    assert Meld(RUN, (JOKER,) * 3, suit=Suit.CLUBS, start=1).end == 3
    assert Meld(RUN, (JOKER,) * 3, suit=Suit.CLUBS, start=12).end == 14
    assert Meld(RUN, (JOKER,) * 14, suit=Suit.CLUBS, start=1).end == 14
    for bad_start in (0, 13, 14, 15, -1):
        with invalid("meld.run"):
            Meld(RUN, (JOKER,) * 3, suit=Suit.CLUBS, start=bad_start)


def test_all_wild_run_needs_suit_and_start() -> None:
    wilds = cards("JK 2D JK")
    with invalid("meld.wild") as info:
        Meld.run_of(wilds)
    assert "suit and start" in str(info.value)
    with invalid("meld.wild"):
        Meld.run_of(wilds, suit=Suit.CLUBS)
    with invalid("meld.wild"):
        Meld.run_of(wilds, start=Rank.TEN)
    meld = Meld.run_of(wilds, suit=Suit.CLUBS, start=Rank.TEN)
    assert meld.start == 10 and meld.suit is Suit.CLUBS
    assert meld.roles == (Rank.TEN, Rank.JACK, Rank.QUEEN)
    assert meld == Meld.run_of(wilds, suit=Suit.CLUBS, start=10)
    assert Meld.run_of(wilds, suit=Suit.CLUBS, start=Rank.ACE).start == 1
    assert Meld.run_of(wilds, suit=Suit.CLUBS, start=12).roles == (Rank.QUEEN, Rank.KING, Rank.ACE)


def test_run_direct_needs_suit_and_start_and_no_rank() -> None:
    with invalid("meld.wild"):
        Meld(RUN, cards("5H 6H 7H"), start=5)
    with invalid("meld.wild"):
        Meld(RUN, cards("5H 6H 7H"), suit=Suit.HEARTS)
    with invalid("meld.wild"):
        Meld(RUN, cards("5H 6H 7H"), suit=Suit.HEARTS, start=5, rank=Rank.FIVE)


def test_run_of_declarations_must_agree_with_naturals() -> None:
    assert Meld.run_of(cards("5H JK 7H"), suit=Suit.HEARTS, start=5) == Meld.run_of(
        cards("5H JK 7H")
    )
    with invalid("meld.wild"):
        Meld.run_of(cards("5H JK 7H"), suit=Suit.SPADES)
    with pytest.raises(InvalidMeldError) as info:
        Meld.run_of(cards("5H JK 7H"), start=4)
    assert info.value.rule in ("meld.run", "meld.wild")


def test_run_of_differently_suited_naturals() -> None:
    with invalid("meld.run"):
        Meld.run_of(cards("5H 6S JK"))


@pytest.mark.parametrize(
    "build",
    [
        lambda: Meld(SET, ["7H", "7D", "7C"], rank=Rank.SEVEN),
        lambda: Meld(SET, cards("7C 7D 7H"), rank=7),
        lambda: Meld(RUN, cards("5H 6H 7H"), suit="H", start=5),
        lambda: Meld(RUN, cards("5H 6H 7H"), suit=Suit.HEARTS, start="5"),
        lambda: Meld(RUN, cards("5H 6H 7H"), suit=Suit.HEARTS, start=5.0),
        lambda: Meld(RUN, cards("AH 2H 3H"), suit=Suit.HEARTS, start=True),
        lambda: Meld("set", cards("7C 7D 7H"), rank=Rank.SEVEN),
    ],
)
def test_wrong_types_are_type_errors(build) -> None:
    with pytest.raises(TypeError):
        build()


def test_position_rank() -> None:
    assert position_rank(1) is Rank.ACE
    assert position_rank(14) is Rank.ACE
    assert [position_rank(p) for p in range(2, 14)] == [Rank(v) for v in range(2, 14)]


# --- roles, notation, equality, order -----------------------------------------------------------


def test_notation() -> None:
    assert Meld.run_of(cards("5H JK 7H")).notation() == "5H JK=6H 7H"
    assert str(Meld.run_of(cards("5H JK 7H"))) == "5H JK=6H 7H"
    assert (
        Meld.run_of(cards("JK 2D JK"), suit=Suit.CLUBS, start=10).notation() == "JK=10C 2D=JC JK=QC"
    )
    assert Meld.run_of(cards("QS KS AS")).notation() == "QS KS AS"
    assert Meld.run_of(cards("JK KS AS")).notation() == "JK=QS KS AS"
    assert Meld.set_of(cards("JK 9S 9C")).notation() == "9C 9S JK=9"
    assert Meld.set_of(cards("JK 2C 2D"), Rank.KING).notation() == "2C=K 2D=K JK=K"


def test_run_equality_depends_on_roles() -> None:
    # [meld.wild]: the joker at 5 and the 2C at 6 is another declaration than the reverse.
    a = Meld.run_of(cards("4H JK 2C 7H"))
    b = Meld.run_of(cards("4H 2C JK 7H"))
    assert a != b
    assert sorted(a.cards) == sorted(b.cards)
    assert a.roles == b.roles
    assert a.notation() == "4H JK=5H 2C=6H 7H"
    assert b.notation() == "4H 2C=5H JK=6H 7H"
    assert a.sort_key != b.sort_key


def test_equal_wild_cards_in_different_positions() -> None:
    a = Meld(RUN, cards("JK JK JK"), suit=Suit.HEARTS, start=5)
    b = Meld(RUN, cards("JK JK JK"), suit=Suit.HEARTS, start=6)
    c_ = Meld(RUN, cards("JK JK JK"), suit=Suit.SPADES, start=5)
    d = Meld(SET, cards("JK JK JK"), rank=Rank.FIVE)
    assert len({a, b, c_, d}) == 4


def test_set_card_order_does_not_matter() -> None:
    variants = [Meld.set_of(p) for p in itertools.permutations(cards("7C JK 7H 2S"))]
    assert len(set(variants)) == 1
    assert all(v == variants[0] and hash(v) == hash(variants[0]) for v in variants)
    assert variants[0].cards == tuple(sorted(cards("7C JK 7H 2S")))
    direct = Meld(SET, cards("JK 7H 2S 7C"), rank=Rank.SEVEN)
    assert direct == variants[0] and direct.cards == variants[0].cards


def test_equal_declarations_are_equal_and_hash_equal() -> None:
    a = Meld.run_of(cards("5H JK 7H"))
    b = Meld(RUN, list(cards("5H JK 7H")), suit=Suit.HEARTS, start=5)
    assert a == b and hash(a) == hash(b)
    assert a != Meld.run_of(cards("5H 2H 7H"))
    assert a != "5H JK=6H 7H"


def test_repr() -> None:
    assert repr(Meld.run_of(cards("5H JK 7H"))) == "Meld.run('5H JK=6H 7H')"
    assert repr(Meld.set_of(cards("9S JK 9C"))) == "Meld.set('9C 9S JK=9')"


SAMPLE_MELDS = [
    Meld.set_of(cards("7C 7D 7H")),
    Meld.set_of(cards("7C 7D 7H 7S")),
    Meld.set_of(cards("7C 7D JK")),
    Meld.set_of(cards("7C 7D 2S")),
    Meld.set_of(cards("AC AD AH")),
    Meld.set_of(cards("KC KD KH")),
    Meld.set_of(cards("JK JK JK"), Rank.THREE),
    Meld.set_of(cards("JK JK JK"), Rank.FOUR),
    Meld.run_of(cards("5H 6H 7H")),
    Meld.run_of(cards("5H 6H 7H 8H")),
    Meld.run_of(cards("4H 5H 6H")),
    Meld.run_of(cards("5C 6C 7C")),
    Meld.run_of(cards("5H JK 7H")),
    Meld.run_of(cards("5H 2D 7H")),
    Meld.run_of(cards("4H JK 2C 7H")),
    Meld.run_of(cards("4H 2C JK 7H")),
    Meld.run_of(cards("QS KS AS")),
    Meld.run_of(cards("AS 2S 3S")),
    Meld.run_of(cards(full_run("S"))),
    Meld(RUN, cards("JK JK JK"), suit=Suit.DIAMONDS, start=1),
    Meld(RUN, cards("JK JK JK"), suit=Suit.DIAMONDS, start=2),
]


def test_sort_key_is_a_total_order() -> None:
    for a, b in itertools.product(SAMPLE_MELDS, repeat=2):
        assert sum([a < b, a == b, b < a]) == 1, (a, b)
        assert (a == b) == (a.sort_key == b.sort_key)
    ordered = sorted(SAMPLE_MELDS)
    assert sorted(reversed(SAMPLE_MELDS)) == ordered
    kinds = [m.kind for m in ordered]
    assert kinds == sorted(kinds, key=lambda k: k is RUN)  # sets first
    for a, b in itertools.pairwise(ordered):
        assert a < b
    assert len(set(SAMPLE_MELDS)) == len(SAMPLE_MELDS)


def test_melds_are_immutable() -> None:
    meld = Meld.run_of(cards("5H 6H 7H"))
    for name, value in [
        ("cards", ()),
        ("start", 1),
        ("suit", Suit.CLUBS),
        ("rank", Rank.ACE),
        ("kind", SET),
    ]:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(meld, name, value)
    with pytest.raises(AttributeError):
        meld.owner = 1  # type: ignore[attr-defined]
    assert meld == Meld.run_of(cards("5H 6H 7H"))
    assert isinstance(meld.cards, tuple)


def test_cards_argument_is_copied() -> None:
    source = list(cards("5H 6H 7H"))
    meld = Meld(RUN, source, suit=Suit.HEARTS, start=5)
    source.append(c("8H"))
    assert len(meld.cards) == 3


# --- variant options: meld_rule_violation / check_meld ------------------------------------------

ONE_NATURAL_SET = Meld.set_of(cards("9C JK 2S"))  # 1 natural, 2 wilds
TWO_TWO_SET = Meld.set_of(cards("9C 9D JK 2S"))  # 2 naturals, 2 wilds
TWO_ONE_SET = Meld.set_of(cards("9C 9D JK"))  # 2 naturals, 1 wild
ALL_WILD_SET = Meld.set_of(cards("JK 2C 2D"), Rank.NINE)
THREE_NATURAL_SET = Meld.set_of(cards("9C 9D 9H"))
TWO_TWO_RUN = Meld.run_of(cards("5H JK 7H 2C"))
THREE_TWO_RUN = Meld.run_of(cards("5H JK 7H 2C 9H"))
ALL_WILD_RUN = Meld(RUN, cards("JK JK JK"), suit=Suit.HEARTS, start=4)
RUN_13 = Meld.run_of(cards(full_run("C"))[:13])
RUN_14 = Meld.run_of(cards(full_run("C")))


@pytest.mark.parametrize(
    ("options", "meld", "ok"),
    [
        # defaults: any number of wilds, even only wilds; runs up to 14
        (DEFAULT_MELD_OPTIONS, ALL_WILD_SET, True),
        (DEFAULT_MELD_OPTIONS, ALL_WILD_RUN, True),
        (DEFAULT_MELD_OPTIONS, ONE_NATURAL_SET, True),
        (DEFAULT_MELD_OPTIONS, RUN_14, True),
        # min_naturals_per_meld
        (MeldOptions(min_naturals_per_meld=0), ALL_WILD_SET, True),
        (MeldOptions(min_naturals_per_meld=1), ALL_WILD_SET, False),
        (MeldOptions(min_naturals_per_meld=1), ALL_WILD_RUN, False),
        (MeldOptions(min_naturals_per_meld=1), ONE_NATURAL_SET, True),
        # wild_limit
        (MeldOptions(wild_limit=WildLimit.UNLIMITED), ONE_NATURAL_SET, True),
        (MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS), ONE_NATURAL_SET, False),
        (MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS), TWO_TWO_SET, True),
        (MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS), TWO_ONE_SET, True),
        (MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS), TWO_TWO_RUN, True),
        (MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS), ALL_WILD_RUN, False),
        (MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS), THREE_NATURAL_SET, True),
        (MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS), TWO_TWO_SET, False),
        (MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS), TWO_TWO_RUN, False),
        (MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS), TWO_ONE_SET, True),
        (MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS), THREE_TWO_RUN, True),
        (MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS), THREE_NATURAL_SET, True),
        (MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS), ONE_NATURAL_SET, False),
        # max_run_length
        (MeldOptions(max_run_length=14), RUN_14, True),
        (MeldOptions(max_run_length=13), RUN_14, False),
        (MeldOptions(max_run_length=13), RUN_13, True),
        (MeldOptions(max_run_length=13), THREE_NATURAL_SET, True),
    ],
)
def test_meld_rule_violation_and_check_meld(options: MeldOptions, meld: Meld, ok: bool) -> None:
    problem = meld_rule_violation(meld, options)
    if ok:
        assert problem is None
        check_meld(meld, options)
        return
    assert isinstance(problem, str) and problem
    expected_rule = "meld.run" if len(meld.cards) > options.max_run_length else "meld.wild"
    with invalid(expected_rule) as info:
        check_meld(meld, options)
    assert problem in str(info.value)


def test_option_names_appear_in_violations() -> None:
    assert "min_naturals_per_meld" in meld_rule_violation(  # type: ignore[operator]
        ALL_WILD_SET, MeldOptions(min_naturals_per_meld=1)
    )
    assert "at_most_naturals" in meld_rule_violation(  # type: ignore[operator]
        ONE_NATURAL_SET, MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS)
    )
    assert "fewer_than_naturals" in meld_rule_violation(  # type: ignore[operator]
        TWO_TWO_SET, MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS)
    )
    assert "max_run_length" in meld_rule_violation(  # type: ignore[operator]
        RUN_14, MeldOptions(max_run_length=13)
    )


def test_check_meld_default_rules() -> None:
    check_meld(ALL_WILD_SET)
    check_meld(RUN_14)
    assert meld_rule_violation(ALL_WILD_RUN) is None


def test_a_variant_is_meld_rules() -> None:
    strict = PUSH.replace(min_naturals_per_meld=1, wild_limit="fewer_than_naturals")
    assert meld_rule_violation(ALL_WILD_SET, strict) is not None
    assert meld_rule_violation(TWO_ONE_SET, strict) is None
    assert meld_rule_violation(TWO_TWO_SET, strict) is not None
    with invalid("meld.run"):
        check_meld(RUN_14, PUSH.replace(max_run_length=13))
    check_meld(RUN_14, PUSH)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"min_naturals_per_meld": 2},
        {"min_naturals_per_meld": -1},
        {"min_naturals_per_meld": True},
        {"min_naturals_per_meld": 1.0},
        {"max_run_length": 12},
        {"max_run_length": 15},
        {"max_run_length": 14.0},
    ],
)
def test_meld_options_reject_bad_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        MeldOptions(**kwargs)  # type: ignore[arg-type]


def test_meld_options_reject_wild_limit_strings() -> None:
    with pytest.raises(TypeError):
        MeldOptions(wild_limit="unlimited")  # type: ignore[arg-type]


class _DuckRules:
    """Meld rules by their attributes only, as the MeldRules protocol allows."""

    def __init__(self, min_naturals: object, limit: object, max_run: object) -> None:
        self.min_naturals_per_meld = min_naturals
        self.wild_limit = limit
        self.max_run_length = max_run
        self.set_suits = SetSuits.DISTINCT


@pytest.mark.parametrize(
    ("rules", "complaint"),
    [
        (object(), "rules must be meld rules"),
        (_DuckRules(0, "unlimited", 14), "rules.wild_limit must be WildLimit, not str"),
        (_DuckRules(True, WildLimit.UNLIMITED, 14), "rules.min_naturals_per_meld must be int"),
        (_DuckRules(0, WildLimit.UNLIMITED, 14.0), "rules.max_run_length must be int, not float"),
    ],
)
def test_rules_of_the_wrong_shape_are_type_errors_naming_the_option(
    rules: object, complaint: str
) -> None:
    # Not an AttributeError from deep inside (a wild limit's missing .bonus), whoever asks.
    run = Meld.run_of(cards("5H 6H 7H"))
    calls: dict[str, Callable[[], object]] = {
        "lay_off": lambda: lay_off(run, c("8H"), HIGH, rules),  # type: ignore[arg-type]
        "layoff_map": lambda: layoff_ends(run, c("8H"), rules),  # type: ignore[arg-type]
        "meld_rule_violation": lambda: meld_rule_violation(run, rules),  # type: ignore[arg-type]
    }
    for where, call in calls.items():
        with pytest.raises(TypeError, match=f"^{where}: {complaint}"):
            call()
    # Duck-typed rules of the right types are fine.
    duck = _DuckRules(1, WildLimit.AT_MOST_NATURALS, 13)
    assert layoff_ends(run, c("8H"), duck) == (HIGH,)  # type: ignore[arg-type]
    assert lay_off(run, c("JK"), HIGH, duck) == Meld.run_of(cards("5H 6H 7H JK"))  # type: ignore[arg-type]


def test_default_meld_options() -> None:
    expected = MeldOptions(
        min_naturals_per_meld=0, wild_limit=WildLimit.UNLIMITED, max_run_length=14
    )
    assert expected == DEFAULT_MELD_OPTIONS


# --- lay-offs onto sets ------------------------------------------------------------------------


def test_set_lay_off_new_suit_up_to_four() -> None:
    meld = Meld.set_of(cards("7C 7D 7H"))
    grown = lay_off(meld, c("7S"))
    assert grown == Meld.set_of(cards("7C 7D 7H 7S"))
    assert layoff_ends(meld, c("7S")) == (None,)
    for card in (c("7S"), c("JK"), c("2C"), c("2S")):
        assert lay_off(meld, card).cards == tuple(sorted((*meld.cards, card)))
    # A fifth card never fits, not even a wild.
    for card in (c("JK"), c("2H"), c("7S"), c("7C")):
        with invalid("layoff.card"):
            lay_off(grown, card)
        assert layoff_ends(grown, card) == ()


@pytest.mark.parametrize("card", ["7C", "7D", "7H", "8S", "AS", "KC"])
def test_set_lay_off_rejects_repeated_suit_or_wrong_rank(card: str) -> None:
    meld = Meld.set_of(cards("7C 7D 7H"))
    with invalid("layoff.card"):
        lay_off(meld, c(card))
    assert layoff_ends(meld, c(card)) == ()


def test_set_with_wild_two_takes_the_natural_of_that_suit() -> None:
    meld = Meld.set_of(cards("7C JK 2D"))
    assert lay_off(meld, c("7D")) == Meld.set_of(cards("7C 7D JK 2D"))
    with invalid("layoff.card"):
        lay_off(meld, c("7C"))


def test_set_has_no_ends() -> None:
    meld = Meld.set_of(cards("7C 7D 7H"))
    for end in (LOW, HIGH):
        with invalid("layoff.card"):
            lay_off(meld, c("7S"), end)


def test_lay_off_onto_all_wild_set() -> None:
    meld = Meld.set_of(cards("JK JK 2C"), Rank.FIVE)
    assert lay_off(meld, c("5C")).rank is Rank.FIVE
    with invalid("layoff.card"):
        lay_off(meld, c("6C"))


# --- lay-offs onto runs ------------------------------------------------------------------------


def test_run_grows_at_both_ends() -> None:
    run = Meld.run_of(cards("5H 6H 7H"))
    assert lay_off(run, c("4H"), LOW) == Meld.run_of(cards("4H 5H 6H 7H"))
    assert lay_off(run, c("8H"), HIGH) == Meld.run_of(cards("5H 6H 7H 8H"))
    assert lay_off(run, c("4H"), LOW).start == 4
    assert lay_off(run, c("8H"), HIGH).start == 5
    assert layoff_ends(run, c("4H")) == (LOW,)
    assert layoff_ends(run, c("8H")) == (HIGH,)
    assert layoff_ends(run, c("JK")) == (LOW, HIGH)
    assert layoff_ends(run, c("2C")) == (LOW, HIGH)


def test_wild_lay_off_takes_the_rank_of_the_end() -> None:
    run = Meld.run_of(cards("5H 6H 7H"))
    low = lay_off(run, c("JK"), LOW)
    high = lay_off(run, c("2C"), HIGH)
    assert low.notation() == "JK=4H 5H 6H 7H"
    assert low.roles[0] is Rank.FOUR
    assert high.notation() == "5H 6H 7H 2C=8H"
    assert high.roles[-1] is Rank.EIGHT


@pytest.mark.parametrize(
    ("card", "end"),
    [
        ("4H", HIGH),
        ("8H", LOW),
        ("4S", LOW),  # wrong suit
        ("8D", HIGH),
        ("3H", LOW),  # not adjacent
        ("9H", HIGH),
        ("6H", LOW),
        ("5H", HIGH),
    ],
)
def test_run_rejects_cards_that_do_not_fit(card: str, end: End) -> None:
    run = Meld.run_of(cards("5H 6H 7H"))
    with invalid("layoff.card"):
        lay_off(run, c(card), end)
    assert end not in layoff_ends(run, c(card))


def test_run_lay_off_needs_an_end() -> None:
    run = Meld.run_of(cards("5H 6H 7H"))
    with invalid("layoff.card"):
        lay_off(run, c("8H"))
    with pytest.raises(TypeError):
        lay_off(run, c("8H"), "high")  # type: ignore[arg-type]


def test_ace_lays_off_low_at_position_one() -> None:
    run = Meld.run_of(cards("2H 3H 4H"))  # the 2H is a wild at its own rank
    grown = lay_off(run, c("AH"), LOW)
    assert grown.start == 1
    assert grown.cards == cards("AH 2H 3H 4H")
    assert grown.roles[0] is Rank.ACE
    assert layoff_ends(run, c("AH")) == (LOW,)
    # Nothing goes below the low ace: no wrap.
    for card in ("KH", "JK", "AH", "2C"):
        with invalid("layoff.card"):
            lay_off(grown, c(card), LOW)
    assert layoff_ends(grown, c("JK")) == (HIGH,)
    assert layoff_ends(grown, c("KH")) == ()


def test_ace_lays_off_high_at_position_fourteen() -> None:
    run = Meld.run_of(cards("JH QH KH"))
    grown = lay_off(run, c("AH"), HIGH)
    assert grown.end == 14
    assert grown.roles[-1] is Rank.ACE
    assert layoff_ends(run, c("AH")) == (HIGH,)
    # K-A-2 is not a run: nothing goes above the high ace.
    for card in ("2H", "JK", "AH", "3H"):
        with invalid("layoff.card"):
            lay_off(grown, c(card), HIGH)
    assert layoff_ends(grown, c("JK")) == (LOW,)
    assert layoff_ends(grown, c("2H")) == (LOW,)  # as a wild standing for 10H


def test_ace_both_ends_reaches_fourteen_cards() -> None:
    run = Meld.run_of(cards(" ".join(f"{r}D" for r in RANK_SYMBOLS[1:])))
    both = lay_off(lay_off(run, c("AD"), LOW), c("AD"), HIGH)
    assert len(both.cards) == 14 and both.start == 1 and both.end == 14
    assert both == Meld.run_of(cards(full_run("D")))
    for card in (c("JK"), c("AD"), c("2D"), c("KD")):
        assert layoff_ends(both, card) == ()
        for end in (LOW, HIGH):
            with invalid("layoff.card"):
                lay_off(both, card, end)


def test_max_run_length_13_blocks_the_fourteenth_card() -> None:
    thirteen = Meld.run_of(cards(full_run("S"))[:13])  # A..K
    options = MeldOptions(max_run_length=13)
    assert layoff_ends(thirteen, c("AS")) == (HIGH,)
    assert lay_off(thirteen, c("AS"), HIGH).end == 14
    assert layoff_ends(thirteen, c("AS"), options) == ()
    assert layoff_ends(thirteen, c("JK"), options) == ()
    with invalid("meld.run") as info:
        lay_off(thirteen, c("AS"), HIGH, options)
    assert "max_run_length" in str(info.value)
    upper = Meld.run_of(cards(full_run("S"))[1:])  # 2..A
    assert layoff_ends(upper, c("AS"), options) == ()
    with invalid("meld.run"):
        lay_off(upper, c("AS"), LOW, PUSH.replace(max_run_length=13))
    twelve = Meld.run_of(cards(full_run("S"))[1:13])  # 2..K
    assert layoff_ends(twelve, c("AS"), options) == (LOW, HIGH)


def test_wild_limit_is_rechecked_after_a_lay_off() -> None:
    # [meld.wild]: "counted per meld, when melded and after every lay-off".
    meld = Meld.set_of(cards("7C 7D JK"))  # 2 naturals, 1 wild
    fewer = MeldOptions(wild_limit=WildLimit.FEWER_THAN_NATURALS)
    at_most = MeldOptions(wild_limit=WildLimit.AT_MOST_NATURALS)
    assert meld_rule_violation(meld, fewer) is None
    with invalid("meld.wild") as info:
        lay_off(meld, c("2S"), None, fewer)
    assert "fewer_than_naturals" in str(info.value)
    assert layoff_ends(meld, c("2S"), fewer) == ()
    assert layoff_ends(meld, c("7S"), fewer) == (None,)
    assert lay_off(meld, c("2S"), None, at_most).wild_count == 2

    run = Meld.run_of(cards("5H 6H JK"))  # 2 naturals, 1 wild
    grown = lay_off(run, c("JK"), HIGH, at_most)  # 2 and 2: still fine
    assert grown.wild_count == 2
    with invalid("meld.wild"):
        lay_off(grown, c("JK"), LOW, at_most)
    assert layoff_ends(grown, c("JK"), at_most) == ()
    assert layoff_ends(grown, c("4H"), at_most) == (LOW,)
    assert layoff_ends(grown, c("JK"), PUSH.replace(wild_limit="at_most_naturals")) == ()
    assert layoff_ends(grown, c("JK"), PUSH) == (LOW, HIGH)


def test_lay_off_leaves_the_input_meld_unchanged() -> None:
    run = Meld.run_of(cards("5H 6H 7H"))
    before = (run.kind, run.cards, run.suit, run.start, run.rank)
    lay_off(run, c("4H"), LOW)
    lay_off(run, c("JK"), HIGH)
    with pytest.raises(InvalidMeldError):
        lay_off(run, c("9H"), HIGH)
    assert (run.kind, run.cards, run.suit, run.start, run.rank) == before
    meld = Meld.set_of(cards("7C 7D 7H"))
    lay_off(meld, c("7S"))
    assert meld.cards == cards("7C 7D 7H")


# --- properties --------------------------------------------------------------------------------

SUITS = list(Suit)
SET_RANKS = [r for r in Rank if r is not Rank.TWO]
ALL_CARDS = [Card.from_code(code) for code in range(53)]


@st.composite
def runs(draw: st.DrawFn) -> Meld:
    suit = draw(st.sampled_from(SUITS))
    start = draw(st.integers(min_value=1, max_value=12))
    length = draw(st.integers(min_value=3, max_value=15 - start))
    chosen = []
    for position in range(start, start + length):
        if draw(st.integers(min_value=0, max_value=3)) == 0:
            chosen.append(draw(st.sampled_from(WILDS)))
        else:
            chosen.append(Card(position_rank(position), suit))
    return Meld(RUN, chosen, suit=suit, start=start)


@st.composite
def sets(draw: st.DrawFn) -> Meld:
    rank = draw(st.sampled_from(SET_RANKS))
    size = draw(st.integers(min_value=3, max_value=4))
    suits = draw(st.lists(st.sampled_from(SUITS), unique=True, max_size=size))
    chosen = [Card(rank, s) for s in suits]
    chosen += draw(
        st.lists(st.sampled_from(WILDS), min_size=size - len(chosen), max_size=size - len(chosen))
    )
    chosen = draw(st.permutations(chosen))
    return Meld(SET, chosen, rank=rank)


options_st = st.builds(
    MeldOptions,
    min_naturals_per_meld=st.sampled_from([0, 1]),
    wild_limit=st.sampled_from(list(WildLimit)),
    max_run_length=st.sampled_from([13, 14]),
)


def expected_fit(meld: Meld, card: Card, end: End | None, options: MeldOptions) -> bool:
    """An independent statement of [layoff.card] plus the options, straight from RULES.md."""
    if meld.is_set:
        if end is not None or len(meld.cards) >= 4:
            return False
        if card.is_natural and (
            card.rank is not meld.rank or card.suit in {x.suit for x in meld.cards if x.is_natural}
        ):
            return False
        length = len(meld.cards) + 1
    else:
        if end is None:
            return False
        position = meld.start - 1 if end is LOW else meld.start + len(meld.cards)  # type: ignore[operator]
        if not 1 <= position <= 14:
            return False
        wanted_rank = Rank.ACE if position in (1, 14) else Rank(position)
        if card.is_natural and (card.suit is not meld.suit or card.rank is not wanted_rank):
            return False
        length = len(meld.cards) + 1
        if length > options.max_run_length:
            return False
    naturals = sum(1 for x in (*meld.cards, card) if x.is_natural)
    wilds = length - naturals
    if naturals < options.min_naturals_per_meld:
        return False
    if options.wild_limit is WildLimit.AT_MOST_NATURALS and wilds > naturals:
        return False
    return not (options.wild_limit is WildLimit.FEWER_THAN_NATURALS and wilds >= naturals)


@given(st.one_of(runs(), sets()), st.sampled_from(ALL_CARDS), options_st)
def test_lay_off_agrees_with_layoff_ends_and_the_rules(
    meld: Meld, card: Card, options: MeldOptions
) -> None:
    before = (meld.kind, meld.cards, meld.rank, meld.suit, meld.start)
    ends = layoff_ends(meld, card, options)
    assert ends == tuple(e for e in (None, LOW, HIGH) if e in ends)  # canonical order, no repeats
    for end in (None, LOW, HIGH):
        fits = expected_fit(meld, card, end, options)
        assert (end in ends) == fits, (meld, card, end)
        if not fits:
            with pytest.raises(InvalidMeldError) as info:
                lay_off(meld, card, end, options)
            assert info.value.rule in ("layoff.card", "meld.wild", "meld.run")
            continue
        result = lay_off(meld, card, end, options)
        assert isinstance(result, Meld)
        assert result.kind is meld.kind
        assert len(result.cards) == len(meld.cards) + 1
        check_meld(result, options)
        rebuilt = Meld(
            result.kind, result.cards, rank=result.rank, suit=result.suit, start=result.start
        )
        assert rebuilt == result
        if meld.is_set:
            assert result.rank is meld.rank
            assert result.cards == tuple(sorted((*meld.cards, card)))
        elif end is LOW:
            assert result.cards == (card, *meld.cards)
            assert result.start == meld.start - 1  # type: ignore[operator]
            assert result.roles[1:] == meld.roles
        else:
            assert result.cards == (*meld.cards, card)
            assert result.start == meld.start
            assert result.roles[:-1] == meld.roles
    assert (meld.kind, meld.cards, meld.rank, meld.suit, meld.start) == before


@given(st.one_of(runs(), sets()))
def test_generated_melds_round_trip_through_friendly_constructors(meld: Meld) -> None:
    if meld.is_set:
        assert Meld.set_of(meld.cards, meld.rank) == meld
    else:
        assert Meld.run_of(meld.cards, suit=meld.suit, start=meld.start) == meld
        if meld.natural_count:
            assert Meld.run_of(meld.cards) == meld
    assert meld.notation() == str(meld)
    assert len(meld.roles) == len(meld.cards)


@given(st.lists(st.one_of(runs(), sets()), min_size=2, max_size=6))
def test_sort_order_is_total_on_generated_melds(melds: list[Meld]) -> None:
    ordered = sorted(melds)
    for a, b in itertools.pairwise(ordered):
        assert not b < a
        assert (a == b) == (a.sort_key == b.sort_key)
    assert sorted(reversed(melds)) == ordered
