"""Fuzzing the JSON decoder: junk and mutated documents only ever raise DecodeError, at the right path."""

from __future__ import annotations

import contextlib
import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pushrummy as pr
import pushrummy._json_decode as ser
from documents import (
    delete_at,
    json_values,
    mutations,
    replace_at,
    valid_documents,
)
from games import recorded_game
from pushrummy.cards import JOKER, make_deck, parse_card
from pushrummy.errors import DecodeError
from pushrummy.melds import End, Meld
from pushrummy.moves import Discard, ExchangeWild, LayOff, NextDeal, Push, Take
from pushrummy.records import GameRecord
from pushrummy.serialization import decode, encode, from_json, to_json
from pushrummy.state import Phase
from pushrummy.variants import PUSH

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# =============================================================================================
# an independent reading of the error paths
# =============================================================================================

_TOKEN = re.compile(r'\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')


def path_tokens(path: str) -> list[str | int]:
    """``$.moves[3].card`` → ``["moves", 3, "card"]``; fails on a malformed path."""
    assert path.startswith("$"), path
    tokens: list[str | int] = []
    rest = path[1:]
    while rest:
        match = _TOKEN.match(rest)
        assert match is not None, f"malformed path {path!r}"
        name, index, quoted = match.groups()
        tokens.append(
            name if name is not None else int(index) if index is not None else json.loads(quoted)
        )
        rest = rest[match.end() :]
    return tokens


def assert_points_into(document: object, path: str) -> None:
    """The path names a value of ``document``, or a missing field of one of its objects."""
    node = document
    tokens = path_tokens(path)
    for position, token in enumerate(tokens):
        last = position == len(tokens) - 1
        if isinstance(token, int):
            assert isinstance(node, list) and 0 <= token < len(node), (path, document)
            node = node[token]
        else:
            assert isinstance(node, dict), (path, document)
            if token not in node:
                assert last, f"{path}: only the last step may be a missing field"
                return
            node = node[token]


def check_decoder(document: object) -> DecodeError | None:
    """Decode ``document`` as a dict and as text: only DecodeError, with a path into it."""
    errors = []
    for attempt in (lambda: decode(document), lambda: from_json(json.dumps(document))):
        try:
            attempt()
        except DecodeError as error:
            assert str(error).startswith(error.path + ": ")
            assert error.message
            assert_points_into(document, error.path)
            errors.append(error)
    assert len(errors) in (0, 2), "decode and from_json disagree"
    if errors:
        assert str(errors[0]) == str(errors[1])
        return errors[0]
    return None


# =============================================================================================
# junk
# =============================================================================================

FIELDS_BY_KIND: dict[str, tuple[str, ...]] = {
    "card": ("card",),
    "move": tuple(sorted({name for names in ser._MOVE_FIELDS.values() for name in names})),
    "meld": ("kind", "rank", "suit", "start", "cards"),
    "variant": ser._VARIANT_FIELDS,
    "state": ser._STATE_FIELDS,
    "view": ser._VIEW_FIELDS,
    "record": ser._RECORD_FIELDS,
}


@st.composite
def schema_shaped(draw: st.DrawFn) -> dict[str, Any]:
    """Junk with the right schema and (mostly) the right field names."""
    kind = draw(st.sampled_from(ser.DOCUMENT_KINDS))
    document: dict[str, Any] = {
        "schema": f"pushrummy.{kind}",
        "version": draw(st.sampled_from([1, 1, 1, 2, 0, True, "1", 1.0])),
    }
    for name in draw(st.lists(st.sampled_from(FIELDS_BY_KIND[kind]), unique=True, max_size=8)):
        document[name] = draw(json_values)
    return document


@FUZZ
@given(st.text())
def test_arbitrary_text(text: str) -> None:
    try:
        from_json(text)
    except DecodeError as error:
        assert error.path.startswith("$")


@FUZZ
@given(st.binary())
def test_arbitrary_bytes(data: bytes) -> None:
    with contextlib.suppress(DecodeError):
        from_json(data)


@FUZZ
@given(json_values)
def test_arbitrary_json_values(value: Any) -> None:
    check_decoder(value)


@FUZZ
@given(schema_shaped())
def test_schema_shaped_junk(value: dict[str, Any]) -> None:
    check_decoder(value)


# =============================================================================================
# mutated valid documents
# =============================================================================================


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations())
def test_mutated_documents(mutation: tuple[Any, str]) -> None:
    document, _ = mutation
    check_decoder(document)


@FUZZ
@given(st.data())
def test_every_strict_prefix_of_a_document_is_invalid_json(data: st.DataObject) -> None:
    text = json.dumps(data.draw(st.sampled_from(valid_documents())))
    cut = data.draw(st.integers(0, len(text) - 1))
    with pytest.raises(DecodeError, match=r"^\$: invalid JSON: .* at line 1 column \d+$"):
        from_json(text[:cut])


def test_the_valid_documents_decode() -> None:
    for document in valid_documents():
        assert encode(decode(document)) == document


# =============================================================================================
# targeted mutations: the exact path
# =============================================================================================


def record_document() -> dict[str, Any]:
    moves = [
        Take(0),
        Discard(0, parse_card("7H")),
        Push(1),
        Discard(1, parse_card("KS")),
        NextDeal(),
    ]
    return encode(
        GameRecord(variant=PUSH, seed=1, players=4, dealer=3, deals=(make_deck(2),), moves=moves)
    )


def state_document(*, table: bool = False) -> dict[str, Any]:
    for _, state in recorded_game("push", 0):
        if state.phase is Phase.DRAW and state.results and (state.table or not table):
            return encode(state)
    raise AssertionError("no such state in the game")


def expect(document: Any, path: str, message: str = "") -> DecodeError:
    error = check_decoder(document)
    assert error is not None, f"{path}: decoded"
    assert error.path == path, str(error)
    assert re.search(message, error.message), str(error)
    return error


def test_path_of_a_bad_card_in_a_record() -> None:
    expect(
        replace_at(record_document(), ("moves", 3, "card"), "ZZ"),
        "$.moves[3].card",
        "bad card 'ZZ'",
    )
    expect(
        replace_at(record_document(), ("moves", 3, "card"), 7),
        "$.moves[3].card",
        "expected a card .*got 7",
    )


def test_path_of_a_missing_field() -> None:
    expect(
        delete_at(record_document(), ("moves", 3, "card")),
        "$.moves[3].card",
        "missing field 'card' of a discard move",
    )
    expect(
        delete_at(record_document(), ("moves", 3, "type")),
        "$.moves[3].type",
        "missing field 'type'",
    )
    expect(
        delete_at(record_document(), ("seed",)), "$.seed", "missing field 'seed' of a game record"
    )
    expect(delete_at(record_document(), ("schema",)), "$.schema", "missing field 'schema'")
    expect(delete_at(record_document(), ("version",)), "$.version", "missing field 'version'")


def test_path_of_an_unknown_field() -> None:
    expect(
        replace_at(record_document(), ("moves", 3, "extra"), 1),
        "$.moves[3].extra",
        "unknown field 'extra' in a discard move",
    )
    expect(
        replace_at(record_document(), ("bad key",), 1), '$["bad key"]', "unknown field 'bad key'"
    )
    expect(
        replace_at(record_document(), ("moves", 4, "seat"), 1),
        "$.moves[4].seat",
        "unknown field 'seat' in a next_deal move",
    )


def test_bool_is_not_an_int() -> None:
    expect(
        replace_at(record_document(), ("moves", 3, "seat"), True),
        "$.moves[3].seat",
        "expected a seat 0..3, got true",
    )
    expect(replace_at(record_document(), ("seed",), False), "$.seed", "got false")
    expect(replace_at(record_document(), ("version",), True), "$.version", "got true")
    document = encode(PUSH)
    document["max_run_length"] = True
    expect(document, "$.max_run_length", "13 or 14, got true")
    expect(
        replace_at(encode(PUSH), ("partnerships",), 1),
        "$.partnerships",
        "expected true or false, got 1",
    )


def test_out_of_range_ints() -> None:
    expect(
        replace_at(record_document(), ("moves", 3, "seat"), 4),
        "$.moves[3].seat",
        "a seat 0..3, got 4",
    )
    expect(replace_at(record_document(), ("dealer",), -1), "$.dealer", "a seat 0..3, got -1")
    expect(replace_at(record_document(), ("players",), 5), "$.players", "for 4 players, not 5")
    expect(
        replace_at(record_document(), ("moves", 0, "seat"), 10**40),
        "$.moves[0].seat",
        "a very large integer",
    )
    document = encode(ExchangeWild(0, 1, 6, parse_card("6H")))
    expect(replace_at(document, ("position",), 15), "$.position", "run position 1..14")
    expect(replace_at(document, ("meld_id",), -1), "$.meld_id", "meld id")


def test_wrong_types() -> None:
    expect(
        replace_at(record_document(), ("moves",), {}), "$.moves", "a list of moves .*got an object"
    )
    expect(
        replace_at(record_document(), ("moves", 2), "push"),
        "$.moves[2]",
        "expected a move .*got the string 'push'",
    )
    expect(
        replace_at(record_document(), ("moves", 2, "type"), "draw"),
        "$.moves[2].type",
        'unknown move type \'draw\' \\(expected one of "take", "push"',
    )
    expect(
        replace_at(record_document(), ("moves", 2, "type"), 7),
        "$.moves[2].type",
        "a move type must be a string .*not 7$",
    )
    expect(
        replace_at(encode(LayOff(0, JOKER, 1, End.LOW)), ("end",), "middle"),
        "$.end",
        '"low", "high" or null',
    )


def test_wrong_schema_and_version() -> None:
    expect(
        replace_at(record_document(), ("schema",), "pushrummy.game"),
        "$.schema",
        "unknown schema 'pushrummy.game'",
    )
    expect(replace_at(record_document(), ("schema",), "record"), "$.schema", "unknown schema")
    expect(replace_at(record_document(), ("schema",), 1), "$.schema", "expected a schema name")
    expect(replace_at(record_document(), ("version",), 2), "$.version", "unsupported version 2")
    expect(replace_at(record_document(), ("version",), "1"), "$.version", "the string '1'")
    expect([], "$", "expected a pushrummy document .*got an array")


def test_deck_orders_in_a_record() -> None:
    document = record_document()
    expect(replace_at(document, ("deals", 0, 5), "QQ"), "$.deals[0][5]", "bad card 'QQ'")
    document["deals"][0][5] = "JK"
    error = expect(document, "$.deals[0]", "not the 108-card deck .*: missing \\S+; extra JK")
    assert error.message.count("missing") == 1
    document = record_document()
    document["deals"] = [None] * 6
    expect(document, "$.deals", "at most 5 deck orders")


def test_paths_inside_a_state() -> None:
    document = state_document(table=True)
    expect(replace_at(document, ("hands", 2, 1), "1H"), "$.hands[2][1]", "unknown rank '1'")
    expect(
        replace_at(document, ("table", 0, "meld", "cards", 1), "XX"),
        "$.table[0].meld.cards[1]",
        "bad card",
    )
    expect(
        replace_at(document, ("variant", "partnerships"), 1),
        "$.variant.partnerships",
        "true or false",
    )
    expect(
        replace_at(document, ("variant", "push_to"), "left"),
        "$.variant.push_to",
        '"next", "previous"',
    )
    expect(replace_at(document, ("players",), 5), "$.players", "not 5")
    expect(replace_at(document, ("hands",), document["hands"][:3]), "$.hands", "4 entries, got 3")
    expect(replace_at(document, ("table", 0, "id"), 3), "$.table[0].id", "the meld id 0")
    expect(replace_at(document, ("phase",), "dealing"), "$.phase", '"draw", "buying", "play"')
    expect(
        replace_at(document, ("current_player",), None),
        "$.current_player",
        "needs a current player",
    )
    penalties = document["results"][0]["penalties"]
    expect(
        replace_at(document, ("results", 0, "penalties"), [penalties[0] + 5, penalties[1]]),
        "$.results[0].penalties",
        "penalties of these hands",
    )
    expect(replace_at(document, ("totals",), [0, 0]), "$.totals", "sums of the deals' penalties")
    expect(replace_at(document, ("upcard",), None), "$.upcard", "needs an upcard")
    expect(replace_at(document, ("injected", 0), ["JK"]), "$.injected[0]", "not the 108-card deck")
    meld = document["table"][0]["meld"]
    # one natural card again and again: no valid set (one suit twice) or run (one rank twice)
    natural = next(card for card in meld["cards"] if not card.startswith(("2", "JK")))
    broken = dict(meld, cards=[natural] * len(meld["cards"]))
    expect(replace_at(document, ("table", 0, "meld"), broken), "$.table[0].meld", "invalid meld")


def test_a_state_with_a_card_moved_between_places() -> None:
    document = state_document()
    card = document["stock"].pop()
    document["hands"][0].append(card)
    # Still the whole deck, but not the position the log replays to.
    expect(document, "$.log", "do not rebuild this position")
    document["hands"][1].append(card)
    expect(document, "$", "must hold exactly the 108-card deck: extra")


def test_paths_inside_a_view() -> None:
    _, state = next(
        (r, s) for r, s in recorded_game("push", 0) if s.phase is Phase.PLAY and s.table
    )
    document = encode(pr.view(state, state.current_player))
    assert len(document["legal_moves"]) >= 2
    expect(
        replace_at(document, ("legal_moves", 1, "type"), "fold"),
        "$.legal_moves[1].type",
        "unknown move type",
    )
    expect(
        replace_at(document, ("hand_sizes", document["seat"]), 99),
        f"$.hand_sizes[{document['seat']}]",
        "holds",
    )
    expect(replace_at(document, ("contract",), "2 runs of 9"), "$.contract", "contract is")
    expect(
        replace_at(document, ("stock_size",), document["stock_size"] + 1),
        "$",
        "not the 108 of the deck",
    )
    other = encode(pr.view(state, (state.current_player + 1) % 4))
    moves = document["legal_moves"]
    expect(replace_at(other, ("legal_moves",), moves), "$.legal_moves", "not seat")


def test_invalid_json_text() -> None:
    with pytest.raises(
        DecodeError, match=r"^\$: invalid JSON: Expecting ',' delimiter at line 2 column 10$"
    ):
        from_json('{"schema":\n "pushr" + "ummy.card"}')
    with pytest.raises(DecodeError, match=r"^\$: invalid JSON: nested too deeply$"):
        from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DecodeError, match=r"^\$: invalid JSON: "):
        from_json("1" * 5000)  # more digits than Python converts
    with pytest.raises(DecodeError, match=r"^\$: invalid JSON: duplicate key 'card'"):
        from_json('{"schema":"pushrummy.card","version":1,"card":"7H","card":"8H"}')
    with pytest.raises(DecodeError, match=r"^\$: invalid JSON: "):
        from_json(b'{"schema":"pushrummy.card","card":"\xff"}')
    with pytest.raises(
        DecodeError, match=r"^\$: invalid JSON: Expecting value at line 1 column 1$"
    ):
        from_json("")


def test_nan_and_floats_are_not_ints() -> None:
    with pytest.raises(
        DecodeError, match=r"^\$\.seat: expected a seat \(an integer >= 0\), got the number nan$"
    ):
        from_json('{"schema":"pushrummy.move","version":1,"type":"take","seat":NaN}')
    with pytest.raises(DecodeError, match=r"^\$\.seat: .*got the number 1\.0$"):
        from_json('{"schema":"pushrummy.move","version":1,"type":"take","seat":1.0}')
    with pytest.raises(DecodeError, match=r"^\$\.version: .*got the number 1\.0$"):
        from_json('{"schema":"pushrummy.move","version":1.0,"type":"take","seat":1}')


def test_python_values_that_are_not_json() -> None:
    with pytest.raises(DecodeError, match=r"^\$\.card: expected a card .*got a Python Card"):
        decode({"schema": "pushrummy.card", "version": 1, "card": parse_card("7H")})
    with pytest.raises(DecodeError, match=r"^\$: object keys must be strings"):
        decode({1: 2})
    document = encode(Take(0))
    assert decode({**document, "seat": 0}) == Take(0)
    meld = encode(Meld.set_of(pr.parse_cards("9C 9S JK")))
    assert decode({**meld, "cards": ("JK", "9S", "9C")}) == decode(
        meld
    )  # tuples are arrays; sets in any order


def test_round_trip_after_failed_decodes_is_unaffected() -> None:
    """Decoding never mutates its input."""
    document = state_document()
    before = copy.deepcopy(document)
    decode(document)
    broken = replace_at(document, ("hands", 0, 0), "ZZ")
    with pytest.raises(DecodeError):
        decode(broken)
    assert document == before
    assert to_json(decode(document)) == json.dumps(document, separators=(",", ":"))


def test_integer_magnitudes() -> None:
    expect(
        replace_at(encode(PUSH), ("max_turns_per_deal",), 2**63),
        "$.max_turns_per_deal",
        "below 2\\*\\*63",
    )
    assert (
        decode(replace_at(encode(PUSH), ("max_turns_per_deal",), 2**63 - 1)).max_turns_per_deal
        == 2**63 - 1
    )
    record = record_document()
    assert decode(replace_at(record, ("seed",), -(2**255))).seed == -(2**255)
    expect(replace_at(record, ("seed",), 2**256), "$.seed", "below 2\\*\\*256")
    with pytest.raises(ValueError, match="seed"):
        encode(GameRecord(variant=PUSH, seed=2**256, players=4, dealer=0))


def test_contract_text_is_strict() -> None:
    for junk in ("1" * 5000 + " sets of 3", "\u0661 sets of 3", "2 sets of 3 +", "", "2 Sets of 3"):
        document = replace_at(encode(PUSH), ("deals", 0, "contract"), junk)
        expect(document, "$.deals[0].contract", "contract")
