"""The exception hierarchy of DESIGN.md §5 and the attributes its errors carry."""

from __future__ import annotations

import copy
import pickle

import pytest

import pushrummy as pr
from pushrummy import errors
from pushrummy.cards import parse_card
from pushrummy.errors import (
    CardNotInHandError,
    ContractNotMetError,
    DecodeError,
    GameOverError,
    IllegalMoveError,
    InvalidMeldError,
    InvalidMoveError,
    NotationError,
    NotYourTurnError,
    PushRummyError,
    VariantError,
    WrongPhaseError,
)
from pushrummy.rules import RuleId

ILLEGAL_SUBCLASSES = [
    NotYourTurnError,
    WrongPhaseError,
    CardNotInHandError,
    InvalidMeldError,
    ContractNotMetError,
    GameOverError,
]
DIRECT_CHILDREN = [InvalidMoveError, IllegalMoveError, NotationError, DecodeError, VariantError]


# --- hierarchy -----------------------------------------------------------------------------------


def test_base_is_a_plain_exception() -> None:
    assert issubclass(PushRummyError, Exception)
    assert not issubclass(PushRummyError, ValueError)


@pytest.mark.parametrize("cls", DIRECT_CHILDREN)
def test_direct_children_are_push_rummy_and_value_errors(cls: type[Exception]) -> None:
    assert issubclass(cls, PushRummyError)
    assert issubclass(cls, ValueError)
    assert PushRummyError in cls.__bases__
    assert ValueError in cls.__bases__


@pytest.mark.parametrize("cls", ILLEGAL_SUBCLASSES)
def test_illegal_move_subclasses(cls: type[Exception]) -> None:
    assert issubclass(cls, IllegalMoveError)
    assert issubclass(cls, PushRummyError)
    assert issubclass(cls, ValueError)
    assert not issubclass(cls, InvalidMoveError)


def test_siblings_are_distinct() -> None:
    for a in DIRECT_CHILDREN:
        for b in DIRECT_CHILDREN:
            if a is not b:
                assert not issubclass(a, b), (a, b)


def test_every_exported_error_is_a_push_rummy_error() -> None:
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, PushRummyError), name
        if cls is not PushRummyError:
            assert issubclass(cls, ValueError), name


def test_package_exports_the_hierarchy() -> None:
    for cls in [PushRummyError, *DIRECT_CHILDREN, *ILLEGAL_SUBCLASSES]:
        assert getattr(pr, cls.__name__) is cls


def test_library_errors_are_caught_as_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("11S")
    with pytest.raises(PushRummyError):
        parse_card("11S")


# --- IllegalMoveError ----------------------------------------------------------------------------


@pytest.mark.parametrize("cls", [IllegalMoveError, *ILLEGAL_SUBCLASSES])
def test_illegal_move_error_carries_rule_move_seat_phase(cls: type[IllegalMoveError]) -> None:
    move = ("discard", "7H")
    err = cls("seat 2 cannot discard 7H", rule="discard.taken", move=move, seat=2, phase="play")
    assert err.rule == "discard.taken"
    assert err.move == move
    assert err.seat == 2
    assert err.phase == "play"
    assert err.message == "seat 2 cannot discard 7H"
    assert str(err) == "seat 2 cannot discard 7H [discard.taken]"
    assert str(err).endswith("[discard.taken]")


def test_illegal_move_error_defaults() -> None:
    err = IllegalMoveError("no", rule="draw.push")
    assert err.move is None and err.seat is None and err.phase is None
    assert str(err) == "no [draw.push]"


def test_illegal_move_error_needs_a_rule() -> None:
    with pytest.raises(TypeError):
        IllegalMoveError("no rule given")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        InvalidMeldError("x", "meld.set")  # type: ignore[misc]


@pytest.mark.parametrize("cls", [IllegalMoveError, *ILLEGAL_SUBCLASSES])
def test_an_unknown_rule_id_fails_loudly(cls: type[IllegalMoveError]) -> None:
    # A typo in a rule id is a bug of the library: a ValueError that no caller takes for
    # an illegal move (it is no IllegalMoveError), raised where the error is built.
    for typo in ("meld.sett", "Meld.set", "meld", ""):
        with pytest.raises(ValueError, match="no rule id of the rules page") as info:
            cls("x", rule=typo)
        assert not isinstance(info.value, PushRummyError)
    with pytest.raises(TypeError):
        cls("x", rule=None)  # type: ignore[arg-type]


def test_a_rule_id_member_is_stored_as_its_str() -> None:
    err = InvalidMeldError("x", rule=RuleId.MELD_SET)
    assert err.rule == "meld.set" and type(err.rule) is str
    assert str(err) == "x [meld.set]"
    assert pickle.loads(pickle.dumps(err)).rule == "meld.set"


def test_seat_zero_is_kept() -> None:
    assert NotYourTurnError("x", rule="turn.seat", seat=0).seat == 0


# --- attributes of the other errors --------------------------------------------------------------


def test_decode_error_prefixes_its_path() -> None:
    err = DecodeError("expected a card", path="$.table[2].cards[1]")
    assert err.path == "$.table[2].cards[1]"
    assert str(err) == "$.table[2].cards[1]: expected a card"
    default = DecodeError("not JSON")
    assert default.path == "$"
    assert str(default) == "$: not JSON"


def test_variant_error_prefixes_its_field() -> None:
    err = VariantError("must be 13 or 14, not 12", field="max_run_length")
    assert err.field == "max_run_length"
    assert str(err) == "max_run_length: must be 13 or 14, not 12"
    with pytest.raises(TypeError):
        VariantError("no field")  # type: ignore[call-arg]


def test_notation_error_names_its_token() -> None:
    err = NotationError("bad card", token="1H", text="AS 1H")
    assert err.token == "1H" and err.text == "AS 1H"
    assert str(err) == "bad card"
    assert NotationError("empty").token == ""


def test_notation_error_from_the_parser() -> None:
    with pytest.raises(NotationError) as info:
        pr.parse_cards("AS 1H")
    assert info.value.token == "1H"
    assert info.value.text == "AS 1H"
    assert "'1H'" in str(info.value)


# --- pickling (errors cross process boundaries in simulations) -----------------------------------

SAMPLES = [
    PushRummyError("plain"),
    InvalidMoveError("malformed"),
    IllegalMoveError("not now", rule="draw.choice", move=("take",), seat=1, phase="draw"),
    *[
        cls("broken", rule="meld.set", move=[1, 2], seat=3, phase="play")
        for cls in ILLEGAL_SUBCLASSES
    ],
    NotationError("bad card '1H'", token="1H", text="AS 1H"),
    NotationError("empty card"),
    DecodeError("expected a string", path="$.moves[3].card"),
    DecodeError("not JSON"),
    VariantError("must be 0 or 1, not 2", field="min_naturals_per_meld"),
]

ATTRIBUTES = ("rule", "move", "seat", "phase", "message", "token", "text", "path", "field")


def _state(err: BaseException) -> tuple[object, ...]:
    return (
        type(err),
        str(err),
        err.args,
        *(getattr(err, a, "<absent>") for a in ATTRIBUTES),
    )


@pytest.mark.parametrize("err", SAMPLES, ids=lambda e: type(e).__name__)
def test_pickle_round_trip_keeps_type_message_and_attributes(err: Exception) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(err, protocol=protocol))
        assert _state(again) == _state(err)


@pytest.mark.parametrize("err", SAMPLES, ids=lambda e: type(e).__name__)
def test_copy_keeps_type_message_and_attributes(err: Exception) -> None:
    assert _state(copy.copy(err)) == _state(err)
    assert _state(copy.deepcopy(err)) == _state(err)


def test_pickled_error_can_be_raised_and_caught() -> None:
    err = pickle.loads(pickle.dumps(InvalidMeldError("x", rule="meld.run", seat=1)))
    with pytest.raises(IllegalMoveError) as info:
        raise err
    assert info.value.rule == "meld.run"
    assert str(info.value).endswith("[meld.run]")
