"""Every error is a library error: what fuzzing found, each fixed and kept fixed.

* **No hangs**: the text parsers are linear in their input; dealing ends even when every
  card left after the deal is wild.
* **Short messages**: a message quotes the bad input, but never more than its first
  characters (a 200,000-card deck order does not make a 600 KB message).
* **Types**: a bool is not a seat and a float not a meld id; move classes are final;
  wrong Python types raise :class:`TypeError`, wrong values a
  :class:`~pushrummy.errors.PushRummyError` subclass — never a bare ``KeyError``,
  ``IndexError``, ``AttributeError`` or ``ValueError``.
* **Unpredictable games**: the seeds pushrummy picks have 128 secret bits, and such seeds
  work everywhere (games, records and their JSON, the command line).
"""

from __future__ import annotations

import enum
import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pushrummy as pr
from pushrummy import (
    PUSH,
    Discard,
    End,
    ExchangeWild,
    LayDown,
    LayOff,
    NewMeld,
    NextDeal,
    NotationError,
    Push,
    PushRummyError,
    Take,
)
from pushrummy.errors import CLIP_LIMIT, clip, clip_repr
from pushrummy.notation import _tokens

BIG = 64_000
"""Long enough that a quadratic parser takes seconds (the suite would visibly slow down),
short enough that a linear one takes milliseconds."""

SHORT_MESSAGE = 600
"""An error message quoting long inputs (the text, the bad token in it) is at most this long."""

C7H = pr.parse_card("7H")


def short(error: BaseException) -> bool:
    return len(str(error)) <= SHORT_MESSAGE


# -- the clipping helpers ---------------------------------------------------------------------


def test_clip_keeps_short_texts_and_cuts_long_ones() -> None:
    assert clip("x" * CLIP_LIMIT) == "x" * CLIP_LIMIT
    long = clip("x" * (CLIP_LIMIT + 5000))
    assert long == "x" * CLIP_LIMIT + "… (5,000 more characters)"


def test_clip_repr_survives_values_that_cannot_be_shown() -> None:
    class Unprintable:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert clip_repr(10**5000) == f"<an int of {(10**5000).bit_length()} bits>"
    assert clip_repr(Unprintable()) == "<a Unprintable that cannot be shown>"
    assert clip_repr([1] * 10_000).startswith("[1, 1, 1")


# -- notation: linear, with short messages --------------------------------------------------------


def _old_tokens(text: str) -> list[str]:
    """The tokenizer as it was (quadratic on long runs of blanks): the reference."""
    glued = re.sub(r"[\s,]*=[\s,]*", "=", text.replace("/", " / "))
    return [t for t in re.split(r"[\s,]+", glued) if t]


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=" ,=/\t\n\u3000aJK7HS", max_size=16))
def test_tokens_are_those_of_the_old_tokenizer(text: str) -> None:
    assert _tokens(text) == _old_tokens(text)


@pytest.mark.parametrize("blank", [" ", ",", "\t", " ,", " = "])
def test_parse_move_is_linear_in_long_runs_of_blanks(blank: str) -> None:
    state = pr.new_game(PUSH, seed=7)
    with pytest.raises(NotationError) as caught:
        pr.parse_move(state, "take" + blank * BIG + "x")
    assert short(caught.value)
    assert caught.value.text.endswith("x")  # the attribute keeps the whole text


@pytest.mark.parametrize("blank", [" ", ",", "=", " =", "/"])
def test_parse_meld_is_linear_in_long_runs_of_blanks(blank: str) -> None:
    with pytest.raises(PushRummyError) as caught:
        pr.parse_meld("5H" + blank * BIG + "JK=6H 7H x")
    assert short(caught.value)


def test_parse_meld_of_many_cards_has_a_short_message() -> None:
    with pytest.raises(pr.InvalidMeldError) as caught:
        pr.parse_meld("7H " * BIG)
    assert short(caught.value)


def test_long_card_texts_have_short_messages() -> None:
    for text in ("7H " * BIG + "7X", "Q" * BIG + "H", "7H," * BIG + "ZZ" * BIG):
        with pytest.raises(NotationError) as caught:
            pr.parse_cards(text)
        assert short(caught.value)
    with pytest.raises(NotationError) as caught:
        pr.parse_card("Q" * BIG)
    assert short(caught.value)


def test_long_move_texts_have_short_messages() -> None:
    state = pr.new_game(PUSH, seed=7)
    for text in (
        "x" * BIG,
        "discard " + "K" * BIG,
        "take " + "it " * BIG,
        "off 7H on " + "9" * BIG,
    ):
        with pytest.raises(NotationError) as caught:
            pr.parse_move(state, text)
        assert short(caught.value)


# -- moves: typed fields, final classes -----------------------------------------------------------

MELD = pr.parse_meld("7S 7H 7D")


@pytest.mark.parametrize(
    "build",
    [
        lambda: Take(True),  # type: ignore[arg-type]
        lambda: Push(1.0),  # type: ignore[arg-type]
        lambda: Discard(seat=True, card=C7H),  # type: ignore[arg-type]
        lambda: Discard(1, "7H"),  # type: ignore[arg-type]
        lambda: LayOff(1, C7H, meld_id=1.0),  # type: ignore[arg-type]
        lambda: LayOff(1, C7H, 1, end="high"),  # type: ignore[arg-type]
        lambda: LayOff("1", C7H, 1),  # type: ignore[arg-type]
        lambda: NewMeld(1, "7S 7H 7D"),  # type: ignore[arg-type]
        lambda: NewMeld(False, MELD),  # type: ignore[arg-type]
        lambda: ExchangeWild(1, 0, 5.0, C7H),  # type: ignore[arg-type]
        lambda: ExchangeWild(1, True, 5, C7H),  # type: ignore[arg-type]
        lambda: ExchangeWild(1, 0, 5, None),  # type: ignore[arg-type]
        lambda: LayDown(True, (MELD,)),  # type: ignore[arg-type]
        lambda: LayDown(1, MELD),  # type: ignore[arg-type]
        lambda: LayDown(1, [MELD, "7S 7H 7D"]),  # type: ignore[list-item]
    ],
)
def test_moves_refuse_wrong_types_when_built(build: Any) -> None:
    with pytest.raises(TypeError):
        build()


def test_a_bool_seat_is_never_taken_for_a_seat() -> None:
    state = pr.new_game(PUSH, seed=7)
    seat = state.current_player
    assert seat == 2
    # Before: Take(True) == Take(1) and hashed alike, so it was "in" a move list that
    # apply_move refused it from.
    with pytest.raises(TypeError, match=r"Take\.seat must be an int, not bool"):
        Take(True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="meld_id must be an int, not float"):
        LayOff(seat, C7H, 1.0)  # type: ignore[arg-type]


def test_int_fields_accept_int_subclasses_other_than_bool() -> None:
    class Seat(enum.IntEnum):
        NORTH = 0
        EAST = 1
        SOUTH = 2
        WEST = 3

    state = pr.new_game(PUSH, seed=1)
    seat = Seat(state.current_player)
    assert Take(seat) == Take(int(seat))
    assert pr.apply_move(state, Take(seat)) == pr.apply_move(state, Take(int(seat)))


def test_attrs_evolve_checks_too() -> None:
    move = LayOff(1, C7H, 2, End.HIGH)
    assert attrs.evolve(move, seat=3) == LayOff(3, C7H, 2, End.HIGH)
    with pytest.raises(TypeError):
        attrs.evolve(move, meld_id=2.0)


@pytest.mark.parametrize(
    "cls", [Take, Push, LayDown, LayOff, NewMeld, ExchangeWild, Discard, NextDeal]
)
def test_move_classes_cannot_be_subclassed(cls: type) -> None:
    # A subclass broke apply_move, is_legal and to_json with a KeyError.
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("Mine", (cls,), {})
