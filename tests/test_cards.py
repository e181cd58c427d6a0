"""Cards, decks and card notation: RULES.md [setup.deck], [setup.wild] and "Notation"."""

from __future__ import annotations

import itertools
import pickle
import re
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pushrummy as pr
from pushrummy.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)
from pushrummy.errors import NotationError

pytestmark = pytest.mark.rule("setup.deck", "setup.wild")

# --- an independent model of the notation, written from RULES.md -----------------------------

RANK_SYMBOLS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUIT_LETTERS = ["C", "D", "H", "S"]
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CANONICAL = [r + s for s in SUIT_LETTERS for r in RANK_SYMBOLS] + ["JK"]

# Case-insensitive for ASCII letters only ('ſ' is not 's'); T is 10; the four suit symbols.
_CARD_RE = re.compile(r"(A|[2-9]|10|T|J|Q|K)([CDHS♣♦♥♠])|JK", re.ASCII | re.IGNORECASE)


def reference_canonical(text: str) -> str | None:
    """The canonical notation of ``text`` if it is one card, per RULES.md, else None."""
    token = text.strip()
    match = _CARD_RE.fullmatch(token)
    if match is None:
        return None
    if match.group(1) is None:
        return "JK"
    rank = match.group(1).upper()
    suit = match.group(2).upper()
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS.get(suit, suit)


def reference_tokens(text: str) -> list[str]:
    """Tokens of a card list: separated by blanks and/or commas."""
    return text.replace(",", " ").split()


# --- the 53 card values ------------------------------------------------------------------------


@pytest.mark.parametrize("text", CANONICAL)
def test_every_card_value_formats_and_reparses(text: str) -> None:
    card = parse_card(text)
    assert str(card) == text
    assert parse_card(str(card)) == card
    assert repr(card) == f"Card({text!r})"


def test_there_are_53_distinct_card_values() -> None:
    cards = [parse_card(t) for t in CANONICAL]
    assert len(set(cards)) == 53
    assert len({c.code for c in cards}) == 53


@pytest.mark.parametrize("rank_index", range(13))
@pytest.mark.parametrize("suit_index", range(4))
def test_rank_and_suit_of_parsed_card(rank_index: int, suit_index: int) -> None:
    card = parse_card(RANK_SYMBOLS[rank_index] + SUIT_LETTERS[suit_index])
    assert card.rank is Rank(rank_index + 1)
    assert card.suit is Suit(suit_index)
    assert card == Card(Rank(rank_index + 1), Suit(suit_index))
    assert not card.is_joker


def test_joker_has_neither_rank_nor_suit() -> None:
    joker = parse_card("JK")
    assert joker.rank is None and joker.suit is None
    assert joker.is_joker
    assert joker == JOKER
    assert Card() == joker
    assert str(Card()) == "JK"


def test_rank_and_suit_symbols() -> None:
    assert [str(r) for r in Rank] == RANK_SYMBOLS
    assert [r.symbol for r in Rank] == RANK_SYMBOLS
    assert [str(s) for s in Suit] == SUIT_LETTERS
    assert [s.symbol for s in Suit] == list(SUIT_SYMBOLS)


# --- accepted input forms ------------------------------------------------------------------------


@pytest.mark.parametrize("suit", SUIT_LETTERS)
def test_t_is_accepted_for_ten(suit: str) -> None:
    assert parse_card("T" + suit) == parse_card("10" + suit)
    assert parse_card("t" + suit.lower()) == parse_card("10" + suit)
    assert str(parse_card("T" + suit)) == "10" + suit


@pytest.mark.parametrize(("symbol", "letter"), sorted(SUIT_SYMBOLS.items()))
def test_suit_symbols_are_accepted(symbol: str, letter: str) -> None:
    for rank in RANK_SYMBOLS:
        assert parse_card(rank + symbol) == parse_card(rank + letter)
        assert str(parse_card(rank + symbol)) == rank + letter
    assert parse_card("t" + symbol) == parse_card("10" + letter)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("as", "AS"),
        ("aS", "AS"),
        ("qh", "QH"),
        ("10d", "10D"),
        ("kc", "KC"),
        ("jk", "JK"),
        ("Jk", "JK"),
        ("jK", "JK"),
        ("js", "JS"),
    ],
)
def test_parsing_is_case_insensitive(text: str, canonical: str) -> None:
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", [" 10H", "10H ", "  10h  ", "\t10H\n", "\u00a010H\u3000"])
def test_blanks_around_a_card_are_ignored(text: str) -> None:
    assert parse_card(text) == Card(Rank.TEN, Suit.HEARTS)


# --- strict errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1H",
        "11S",
        "10",
        "H",
        "JKK",
        "10HH",
        "X",
        "0H",
        "1 0H",
        "10 H",
        "J K",
        "JOKER",
        "HA",
        "AA",
        "2",
        "K",
        "1OH",
        "7♡",  # white suit symbols are not in the notation
        "7♤",
        "7ſ",  # long s upper-cases to S, but it is not S
        "ßH",
        "7\u212a",  # KELVIN SIGN is not K
        "\u212aH",
        "１０H",  # full-width digits
        "7H,",
        "7H.",
    ],
)
def test_junk_is_a_notation_error_naming_the_token(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    err = info.value
    assert err.token == text.strip()
    assert repr(text.strip()) in str(err)
    assert err.text == text


@pytest.mark.parametrize("text", ["", " ", "\t\n"])
def test_empty_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert "empty" in str(info.value)
    assert info.value.text == text


def test_padded_junk_names_the_stripped_token() -> None:
    with pytest.raises(NotationError) as info:
        parse_card("  11S ")
    assert info.value.token == "11S"
    assert "'11S'" in str(info.value)


@pytest.mark.parametrize("value", [None, 10, b"AS", ["AS"], Card(Rank.ACE, Suit.SPADES)])
def test_parse_card_rejects_non_str_with_type_error(value: object) -> None:
    with pytest.raises(TypeError):
        parse_card(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 10, b"AS", ["AS"], ("AS", "KS")])
def test_parse_cards_rejects_non_str_with_type_error(value: object) -> None:
    with pytest.raises(TypeError):
        parse_cards(value)  # type: ignore[arg-type]


# --- parse_cards ---------------------------------------------------------------------------------


def test_parse_cards_blanks_and_commas_and_sorted_result() -> None:
    expected = (
        Card(Rank.SEVEN, Suit.DIAMONDS),
        Card(Rank.SEVEN, Suit.HEARTS),
        Card(Rank.SEVEN, Suit.SPADES),
        JOKER,
    )
    assert parse_cards("7S 7H 7D JK") == expected
    assert parse_cards("7S,7H,7D,JK") == expected
    assert parse_cards("7s, 7h ,7d ,  jk") == expected
    assert parse_cards("\n7S\t7H\r\n7D   JK ") == expected
    assert parse_cards("JK,,7D , , 7H 7S,") == expected


def test_parse_cards_keeps_copies() -> None:
    assert parse_cards("7H 7H JK JK") == (parse_card("7H"),) * 2 + (JOKER,) * 2


@pytest.mark.parametrize("text", ["", "   ", ",", " , ,\t"])
def test_parse_cards_of_nothing_is_the_empty_hand(text: str) -> None:
    assert parse_cards(text) == ()


@pytest.mark.parametrize(
    ("text", "position", "token"),
    [
        ("7S 7X", 2, "7X"),
        ("1H", 1, "1H"),
        ("AS KS 11S", 3, "11S"),
        ("AS,KS,,10,QS", 3, "10"),
        ("AS KS QS JKK 1H", 4, "JKK"),
    ],
)
def test_parse_cards_error_names_token_and_position(text: str, position: int, token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    err = info.value
    assert err.token == token
    assert err.text == text
    message = str(err)
    assert f"token {position} " in message
    assert repr(token) in message


# --- decks ---------------------------------------------------------------------------------------


def test_push_deck_is_two_packs_and_four_jokers() -> None:
    deck = make_deck(2)
    assert len(deck) == 108
    counts = Counter(deck)
    assert len(counts) == 53
    for text in CANONICAL[:-1]:
        assert counts[parse_card(text)] == 2
    assert counts[JOKER] == 4
    assert make_deck() == deck


def test_cap_it_big_deck_is_three_packs_and_six_jokers() -> None:
    deck = make_deck(3)
    assert len(deck) == 162 == 3 * 52 + 6
    counts = Counter(deck)
    assert {counts[parse_card(t)] for t in CANONICAL[:-1]} == {3}
    assert counts[JOKER] == 6


def test_single_pack() -> None:
    deck = make_deck(1)
    assert len(deck) == 54
    assert Counter(deck)[JOKER] == 2
    assert len(set(deck)) == 53


@pytest.mark.parametrize("packs", [2, 3])
def test_deck_is_sorted_and_a_tuple(packs: int) -> None:
    deck = make_deck(packs)
    assert isinstance(deck, tuple)
    assert list(deck) == sorted(deck)


@pytest.mark.parametrize("packs", [0, -1, True, 2.0, "2", None])
def test_make_deck_rejects_bad_pack_counts(packs: object) -> None:
    with pytest.raises(ValueError):
        make_deck(packs)  # type: ignore[arg-type]


def test_wild_count_in_decks() -> None:
    # [setup.wild]: the eight twos and the four jokers of the double deck.
    assert sum(c.is_wild for c in make_deck(2)) == 12
    assert sum(c.is_wild for c in make_deck(3)) == 18


# --- wildness ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", CANONICAL)
def test_only_twos_and_jokers_are_wild(text: str) -> None:
    card = parse_card(text)
    expected_wild = text == "JK" or text.startswith("2")
    assert card.is_wild is expected_wild
    assert card.is_natural is not expected_wild
    assert card.is_joker is (text == "JK")


# --- Card as a value -----------------------------------------------------------------------------


def test_copies_are_equal_and_hash_equal() -> None:
    a = parse_card("7H")
    b = Card(Rank.SEVEN, Suit.HEARTS)
    c = parse_card(" 7h ")
    assert a == b == c
    assert hash(a) == hash(b) == hash(c)
    assert (a != b) is False
    assert len({a, b, c}) == 1
    assert a != parse_card("7D")


def test_cards_are_not_equal_to_other_types() -> None:
    card = parse_card("7H")
    assert card != "7H"
    assert card != card.code
    assert (card == "7H") is False
    with pytest.raises(TypeError):
        _ = card < "7H"  # type: ignore[operator]


def test_card_order_is_suit_major_then_joker() -> None:
    ordered = [parse_card(t) for t in CANONICAL]
    assert sorted(reversed(ordered)) == ordered
    for lower, higher in itertools.pairwise(ordered):
        assert lower < higher and lower <= higher
        assert higher > lower and higher >= lower
        assert not higher < lower
    assert max(ordered) == JOKER


@given(st.sampled_from(CANONICAL), st.sampled_from(CANONICAL))
def test_card_order_is_a_total_order_consistent_with_equality(a_text: str, b_text: str) -> None:
    a, b = parse_card(a_text), parse_card(b_text)
    assert sum([a < b, a == b, a > b]) == 1
    assert (a <= b) == (a < b or a == b)
    assert (a >= b) == (a > b or a == b)
    assert (a == b) == (a_text == b_text)


def test_card_needs_both_rank_and_suit_or_neither() -> None:
    with pytest.raises(ValueError):
        Card(Rank.SEVEN)
    with pytest.raises(ValueError):
        Card(suit=Suit.HEARTS)
    with pytest.raises(ValueError):
        Card(Rank.TWO, None)


def test_card_rejects_wrong_types() -> None:
    with pytest.raises(TypeError):
        Card(7, Suit.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(Rank.SEVEN, "H")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(Rank.SEVEN, 2)  # type: ignore[arg-type]


def test_card_is_immutable() -> None:
    card = parse_card("7H")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.EIGHT  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.colour = "red"  # type: ignore[attr-defined]
    assert card == parse_card("7H")


def test_card_pickles() -> None:
    for text in CANONICAL:
        card = parse_card(text)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(card, protocol))
            assert back == card
            # It comes back as the shared card of its code, as the engine makes them.
            assert back is Card.from_code(card.code)


def test_card_subclass_pickles_as_itself() -> None:
    back = pickle.loads(pickle.dumps(_RedCard(Rank.SEVEN, Suit.HEARTS)))
    assert type(back) is _RedCard and back == parse_card("7H")


@attrs.frozen(slots=True, eq=False, order=False, repr=False)
class _RedCard(Card):
    """A subclass, for the pickling test (module level, so that pickle finds it)."""


def test_from_code_round_trip_and_bounds() -> None:
    for text in CANONICAL:
        card = parse_card(text)
        assert Card.from_code(card.code) == card
    assert Card.from_code(52) == JOKER
    for bad in (-1, 53, True, 1.0, "1", None):
        with pytest.raises(ValueError):
            Card.from_code(bad)  # type: ignore[arg-type]


def test_format_cards_keeps_order_and_shows_symbols() -> None:
    cards = [parse_card("JK"), parse_card("10H"), parse_card("AS")]
    assert format_cards(cards) == "JK 10H AS"
    assert format_cards(cards, symbols=True) == "JK 10♥ A♠"
    assert format_cards([]) == ""
    assert parse_card("10D").display() == "10♦"
    assert parse_card("QC").display() == "Q♣"


def test_package_reexports() -> None:
    assert pr.parse_card is parse_card
    assert pr.parse_cards("7H 7D JK") == parse_cards("JK 7D 7H")
    assert pr.make_deck is make_deck
    assert pr.JOKER == JOKER


# --- properties ----------------------------------------------------------------------------------

cards_st = st.builds(
    Card.from_code,
    st.integers(min_value=0, max_value=52),
)


@given(cards_st)
def test_parse_of_str_is_identity(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.display()) == card


@st.composite
def spelled_card(draw: st.DrawFn) -> tuple[str, str]:
    """A card spelled in any accepted way, and its canonical notation."""
    canonical = draw(st.sampled_from(CANONICAL))
    if canonical == "JK":
        body = draw(st.sampled_from(["JK", "jk", "Jk", "jK"]))
    else:
        rank, suit = canonical[:-1], canonical[-1]
        if rank == "10":
            rank = draw(st.sampled_from(["10", "T", "t"]))
        elif draw(st.booleans()):
            rank = rank.lower()
        symbol = {v: k for k, v in SUIT_SYMBOLS.items()}[suit]
        suit = draw(st.sampled_from([suit, suit.lower(), symbol]))
        body = rank + suit
    blanks = st.text(alphabet=" \t\n\r\u00a0", max_size=3)
    return draw(blanks) + body + draw(blanks), canonical


@given(spelled_card())
def test_every_accepted_spelling_parses_to_its_card(spelled: tuple[str, str]) -> None:
    text, canonical = spelled
    assert str(parse_card(text)) == canonical


@given(st.lists(spelled_card(), max_size=8), st.data())
def test_parse_cards_of_spelled_cards(spelled: list[tuple[str, str]], data: st.DataObject) -> None:
    separators = st.sampled_from([" ", ",", ", ", " ,", "\t", "\n", ",,"])
    text = "".join(t + data.draw(separators) for t, _ in spelled)
    result = parse_cards(text)
    assert [str(c) for c in result] == sorted(
        (c for _, c in spelled), key=lambda t: parse_card(t).code
    )


# Characters close to the notation, so the fuzzer explores the interesting neighbourhood.
NEAR_NOTATION = "A23456789TJQKCDHSacdhjkqst10 ,\t\n♣♦♥♠♡♢♧♤ſßıK１XY"
fuzz_text = st.one_of(
    st.text(max_size=12),
    st.text(alphabet=NEAR_NOTATION, max_size=6),
    st.text(alphabet=NEAR_NOTATION, max_size=25),
)


@settings(max_examples=500)
@given(fuzz_text)
def test_fuzz_parse_card_agrees_with_the_notation_model(text: str) -> None:
    expected = reference_canonical(text)
    try:
        card = parse_card(text)
    except NotationError:
        assert expected is None, f"{text!r} is valid notation for {expected}"
        return
    assert expected is not None, f"{text!r} is not notation but parsed as {card}"
    assert str(card) == expected


@settings(max_examples=500)
@given(fuzz_text)
def test_fuzz_parse_cards_agrees_with_the_notation_model(text: str) -> None:
    tokens = reference_tokens(text)
    canon = [reference_canonical(t) for t in tokens]
    try:
        cards = parse_cards(text)
    except NotationError as err:
        bad = [i for i, c in enumerate(canon) if c is None]
        assert bad, f"{text!r} is valid notation"
        assert err.token == tokens[bad[0]]
        assert f"token {bad[0] + 1} " in str(err)
        return
    assert None not in canon, f"{text!r} has a bad token but parsed as {cards}"
    assert [str(c) for c in cards] == sorted(canon, key=lambda t: parse_card(t).code)  # type: ignore[arg-type]
    assert list(cards) == sorted(cards)
