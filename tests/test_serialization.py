"""The JSON wire format (DESIGN.md §6): round trips, text stability, samples, records and replay."""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import pushrummy as pr
import pushrummy._json_decode as dec
import pushrummy.serialization as ser
from checks import assert_round_trip
from games import RECORDED_GAMES, playout, recorded_game
from pushrummy._wire import Codec, FieldInfo, wire_keys
from pushrummy.cards import ALL_CARDS, JOKER, Card, Rank, Suit, make_deck
from pushrummy.contract_spec import Contract
from pushrummy.errors import (
    DecodeError,
    InvalidMoveError,
    NotYourTurnError,
    VariantError,
    WrongPhaseError,
)
from pushrummy.melds import End, Meld, MeldKind, WildLimit, position_rank
from pushrummy.moves import (
    Discard,
    ExchangeWild,
    LayDown,
    LayOff,
    NewMeld,
    NextDeal,
    Push,
    Take,
)
from pushrummy.movetable import MOVE_KINDS
from pushrummy.records import GameRecord, replay
from pushrummy.serialization import decode, encode, from_json, to_json
from pushrummy.state import GameState, Phase
from pushrummy.variants import (
    CAP_IT,
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

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# =============================================================================================
# strategies
# =============================================================================================

cards = st.sampled_from(ALL_CARDS)
WILDS = (JOKER, *(Card(Rank.TWO, suit) for suit in Suit))


@st.composite
def sets(draw: st.DrawFn) -> Meld:
    rank = draw(st.sampled_from([r for r in Rank if r is not Rank.TWO]))
    size = draw(st.integers(3, 4))
    suits = draw(st.permutations(list(Suit)))
    naturals = draw(st.integers(0, size))
    chosen = [Card(rank, suit) for suit in suits[:naturals]]
    chosen += [draw(st.sampled_from(WILDS)) for _ in range(size - naturals)]
    return Meld(MeldKind.SET, draw(st.permutations(chosen)), rank=rank)


@st.composite
def runs(draw: st.DrawFn) -> Meld:
    suit = draw(st.sampled_from(list(Suit)))
    start = draw(st.integers(1, 12))
    length = draw(st.integers(3, 14 - start + 1))
    chosen = []
    for position in range(start, start + length):
        if draw(st.booleans()):
            chosen.append(draw(st.sampled_from(WILDS)))
        else:
            chosen.append(Card(position_rank(position), suit))
    return Meld(MeldKind.RUN, chosen, suit=suit, start=start)


melds = st.one_of(sets(), runs())
seats = st.integers(0, 7)

moves = st.one_of(
    st.builds(Take, seats),
    st.builds(Push, seats),
    st.builds(LayDown, seats, st.lists(melds, min_size=1, max_size=3)),
    st.builds(LayOff, seats, cards, st.integers(0, 40), st.sampled_from([None, End.LOW, End.HIGH])),
    st.builds(NewMeld, seats, melds),
    st.builds(ExchangeWild, seats, st.integers(0, 40), st.integers(1, 14), cards),
    st.builds(Discard, seats, cards),
    st.just(NextDeal()),
)

CONTRACTS = [
    "2 sets of 3",
    "1 set of 3 + 1 run of 4",
    "2 runs of 4",
    "3 sets of 3",
    "2 runs of 5",
    "1 run of 3 + 1 run of 7",
    "1 run of 4 + 1 set of 3",
    "1 set of 4",
]


@st.composite
def variants(draw: st.DrawFn) -> Variant:
    """Random option combinations that validate (those that do not are rejected by hypothesis)."""
    base = draw(st.sampled_from([PUSH, CAP_IT]))
    changes: dict[str, Any] = {}
    if draw(st.booleans()):
        changes["name"] = draw(st.text(min_size=1, max_size=12))
    for name, enum_type in [
        ("bury_position", BuryPosition),
        ("push_to", PushTo),
        ("short_stock_push", ShortStockPush),
        ("wild_limit", WildLimit),
        ("layoff_targets", LayoffTargets),
        ("wild_exchange", WildExchange),
    ]:
        changes[name] = draw(st.sampled_from(list(enum_type)))
    for name in (
        "take_after_contract",
        "contract_exact_sizes",
        "new_melds_after_contract",
        "same_turn_after_contract",
        "may_rediscard_taken",
        "may_discard_wild",
        "must_discard_to_go_out",
    ):
        changes[name] = draw(st.booleans())
    changes["min_naturals_per_meld"] = draw(st.sampled_from([0, 1]))
    changes["max_run_length"] = draw(st.sampled_from([13, 14]))
    changes["max_turns_per_deal"] = draw(st.none() | st.integers(1, 500))
    if draw(st.booleans()):
        changes["card_values"] = tuple(
            draw(st.lists(st.integers(0, 100), min_size=14, max_size=14))
        )
    if draw(st.booleans()):
        changes["deals"] = tuple(
            DealSpec(draw(st.integers(7, 12)), Contract.parse(draw(st.sampled_from(CONTRACTS))))
            for _ in range(draw(st.integers(1, 6)))
        )
    if base is CAP_IT:
        if draw(st.booleans()):
            changes["stakes"] = Stakes(draw(st.integers(0, 1000)), draw(st.integers(0, 1000)))
        if draw(st.booleans()):
            counts = draw(st.lists(st.integers(2, 6), min_size=1, max_size=4, unique=True))
            changes["packs_for_players"] = tuple((c, draw(st.integers(2, 4))) for c in counts)
    try:
        return base.replace(**changes)
    except VariantError:
        reject()


# --- states from seeded random playouts ---------------------------------------------------------


@st.composite
def game_points(draw: st.DrawFn) -> tuple[GameRecord, GameState]:
    name = draw(st.sampled_from(sorted(RECORDED_GAMES)))
    seed = draw(st.integers(0, 3))
    game = recorded_game(name, seed)
    return game[draw(st.integers(0, len(game) - 1))]


states = game_points().map(lambda point: point[1])
records = game_points().map(lambda point: point[0])


@st.composite
def views(draw: st.DrawFn) -> pr.PlayerView:
    state = draw(states)
    return pr.view(state, draw(st.integers(0, state.players - 1)))


# =============================================================================================
# round trips
# =============================================================================================


@FAST
@given(cards)
def test_cards_round_trip(card: Card) -> None:
    text = assert_round_trip(card)
    assert json.loads(text) == {"schema": "pushrummy.card", "version": 1, "card": str(card)}


@FAST
@given(melds)
def test_melds_round_trip(meld: Meld) -> None:
    text = assert_round_trip(meld)
    document = json.loads(text)
    assert document["schema"] == "pushrummy.meld"
    assert document["cards"] == [str(card) for card in meld.cards]
    if meld.is_run:
        assert (document["kind"], document["suit"], document["start"]) == (
            "run",
            meld.suit.letter,
            meld.start,
        )
    else:
        assert (document["kind"], document["rank"]) == ("set", meld.rank.symbol)


@FAST
@given(moves)
def test_moves_round_trip(move: pr.Move) -> None:
    text = assert_round_trip(move)
    assert json.loads(text)["schema"] == "pushrummy.move"
    assert from_json(text, kind="move") == move


@pytest.mark.parametrize(
    "move_type", [Take, Push, LayDown, LayOff, NewMeld, ExchangeWild, Discard, NextDeal]
)
def test_every_move_type_has_one_row_of_the_move_table(move_type: type) -> None:
    rows = [kind for kind in MOVE_KINDS if kind.move_type is move_type]
    assert len(rows) == 1
    assert len({kind.name for kind in MOVE_KINDS}) == len(MOVE_KINDS)
    assert set(dec._MOVE_FIELDS) == {kind.name for kind in MOVE_KINDS}
    assert rows[0].fields == tuple(field.name for field in attrs.fields(move_type))


@FAST
@given(variants())
def test_variants_round_trip(variant: Variant) -> None:
    text = assert_round_trip(variant)
    assert from_json(text, kind="variant") == variant


def test_variant_document_names_every_field() -> None:
    """A new Variant option must get a codec: the document lists every field, in field order."""
    names = [field.name for field in attrs.fields(Variant)]
    assert list(dec._VARIANT_FIELDS) == names
    assert list(encode(PUSH))[2:] == [*names, "wild_cards", "run_positions"]


def test_a_variant_document_from_before_a_later_option_reads_as_its_default() -> None:
    house = PUSH.replace(take_after_contract=False)
    assert decode(encode(house)) == house
    for name, default in dec._VARIANT_LATER.items():
        field_default = attrs.fields_dict(Variant)[name].default
        assert default == getattr(field_default, "value", field_default)  # an enum's string
        document = encode(house)
        del document[name]  # written before the option existed
        assert getattr(decode(document), name) == field_default
        record = encode(GameRecord.start(house, seed=1))
        del record["variant"][name]
        loaded = decode(record)
        assert isinstance(loaded, GameRecord) and getattr(loaded.variant, name) == field_default
        # nor does the schema require it
        assert name not in pr.json_schema("variant")["$defs"]["variant_fields"]["required"]


def test_a_record_says_which_seat_was_the_human() -> None:
    record = pr.GameRecord.start(pr.PUSH, seed=3)
    assert record.human is None and "human" not in encode(record)  # as before the field
    mine = attrs.evolve(record, human=2).with_move(pr.Push(2))
    assert mine.human == 2
    document = encode(mine)
    assert list(document)[-1] == "human" and document["human"] == 2
    assert decode(document, kind="record") == mine
    # Older records, without the field (or with null), load with human=None.
    del document["human"]
    assert decode(document, kind="record").human is None
    assert decode(dict(document, human=None), kind="record").human is None
    with pytest.raises(DecodeError, match=r"^\$\.human: "):
        decode(dict(document, human=4), kind="record")
    with pytest.raises(DecodeError, match=r"^\$\.human: "):
        decode(dict(document, human="0"), kind="record")
    with pytest.raises(pr.SetupError, match=r"GameRecord\.human must be a seat 0\.\.3"):
        attrs.evolve(record, human=4)
    with pytest.raises(TypeError, match=r"GameRecord\.human must be an int"):
        attrs.evolve(record, human=True)


def test_state_and_view_documents_name_every_field() -> None:
    assert list(dec._STATE_FIELDS) == [field.name for field in attrs.fields(GameState)]
    # A view document also carries contract_left (a PlayerView property, derived from the
    # public fields) right after the contract, for front ends that read JSON only.
    fields = [field.name for field in attrs.fields(pr.PlayerView)]
    fields.insert(fields.index("contract") + 1, "contract_left")
    fields.insert(fields.index("players") + 1, "sides")  # a property too, from the variant
    fields.insert(fields.index("events"), "events_since")  # which events the document holds
    fields.insert(fields.index("events_since"), "progress")  # a property: the precondition
    assert list(dec._VIEW_FIELDS) == fields
    assert [*dec._RECORD_FIELDS, *dec._RECORD_OPTIONAL] == [
        field.name for field in attrs.fields(GameRecord)
    ]


def test_the_view_document_is_its_declarations() -> None:
    # The encoder writes, and the decoder reads, exactly the keys PlayerView declares, in
    # their order: its fields and the read-only keys beside them.
    document = encode(pr.view(pr.new_game(PUSH, seed=3), 0))
    keys = [key for key, _, _ in wire_keys(pr.PlayerView)]
    assert list(document) == ["schema", "version", *keys]
    assert list(dec._VIEW_FIELDS) == keys


def test_read_only_keys_need_a_name_and_keys_come_once() -> None:
    def declared(**beside: Any) -> type:
        info = FieldInfo(codec=Codec.COUNT, **beside)
        return attrs.make_class("Value", {"count": attrs.field(metadata=info.metadata())})

    named = FieldInfo(codec=Codec.COUNT, json="total")
    assert wire_keys(declared(before=(named,))) == (
        ("total", "total", named),
        ("count", "count", FieldInfo(codec=Codec.COUNT, before=(named,))),
    )
    assert [key for key, _, _ in wire_keys(declared(after=(named,)))] == ["count", "total"]
    with pytest.raises(TypeError, match="needs a json name"):
        wire_keys(declared(after=(FieldInfo(codec=Codec.COUNT),)))
    with pytest.raises(TypeError, match="comes twice"):
        wire_keys(declared(after=(FieldInfo(codec=Codec.COUNT, json="count"),)))
    with pytest.raises(TypeError, match="has no FieldInfo"):
        wire_keys(attrs.make_class("Bare", ["count"]))


@SLOW
@given(states)
def test_states_round_trip(state: GameState) -> None:
    assert_round_trip(state)


@SLOW
@given(views())
def test_views_round_trip(player_view: pr.PlayerView) -> None:
    text = assert_round_trip(player_view)
    document = json.loads(text)
    # a front end reads the decision from the view, never by guessing
    assert document["phase"] == player_view.phase.value
    assert document["current_player"] == player_view.current_player
    assert document["legal_moves"] == [
        {k: v for k, v in encode(m).items() if k not in ("schema", "version")}
        | {"notation": pr.format_move(m), "description": pr.describe_move(m, player_view)}
        | {"progress": player_view.progress}
        for m in player_view.legal_moves
    ]
    # every entry can be sent back as it is, labels and precondition and all
    for entry, move in zip(document["legal_moves"], player_view.legal_moves, strict=True):
        sent = {"schema": "pushrummy.move", "version": 1, **entry}
        assert decode(sent, kind="move", at=player_view) == move
    assert "stock" not in document and "seed" not in document and "hands" not in document


@SLOW
@given(records)
def test_records_round_trip(record: GameRecord) -> None:
    assert_round_trip(record)


def test_every_point_of_a_game_round_trips() -> None:
    """Every state, and every seat's view of it, of a whole game (with injected deals)."""
    for record, state in recorded_game("cap_it_5_stakes", 1):
        assert from_json(to_json(state)) == state
        for seat in range(state.players):
            seat_view = pr.view(state, seat)
            assert from_json(to_json(seat_view)) == seat_view
    assert state.is_over and state.outcome is not None and state.outcome.stakes is not None
    assert from_json(to_json(record)) == record


def test_states_of_every_phase_are_covered() -> None:
    phases = {state.phase for name in RECORDED_GAMES for _, state in recorded_game(name, 0)}
    assert phases == set(Phase)


def test_json_text_is_compact_and_in_documented_order() -> None:
    text = to_json(Discard(1, pr.parse_card("7H")))
    assert text == '{"schema":"pushrummy.move","version":1,"type":"discard","seat":1,"card":"7H"}'
    indented = to_json(Discard(1, pr.parse_card("7H")), indent=1)
    assert indented.splitlines()[1] == ' "schema": "pushrummy.move",'
    assert to_json(PUSH) == to_json(from_json(to_json(PUSH)))


def test_non_ascii_names_are_escaped() -> None:
    variant = PUSH.replace(name="Püsh ♠")
    text = to_json(variant)
    assert text.isascii()
    assert from_json(text) == variant


# =============================================================================================
# records and replay
# =============================================================================================


@pytest.mark.parametrize(("variant", "players"), [(PUSH, 4), (CAP_IT, 6)])
def test_replay_reproduces_a_recorded_random_game(variant: Variant, players: int) -> None:
    limited = variant.replace(max_turns_per_deal=12)
    points = list(playout(limited, players, 2024).points())
    record, final = points[-1]
    assert final.is_over
    assert len(record.moves) > 40
    saved = to_json(record)
    assert replay(from_json(saved, kind="record")) == final
    assert replay(record) == final
    # a prefix of the record replays to the state at that point
    record_at, state_at = points[len(points) // 2]
    assert replay(record_at) == state_at
    assert record_at.moves == record.moves[: len(record_at.moves)]


def test_record_start_stores_the_resolved_defaults() -> None:
    record = GameRecord.start(CAP_IT, seed=11)
    state = pr.new_game(CAP_IT, seed=11)
    assert (record.players, record.dealer, record.deals) == (4, state.dealer, (None,) * 5)
    assert record.moves == ()
    assert record.initial_state() == state
    assert replay(record) == state


def test_record_with_injected_deals() -> None:
    order = list(make_deck(2))
    random.Random(5).shuffle(order)
    record = GameRecord.start(PUSH, seed=3, dealer=0, deals=[order])
    assert record.deals[0] == tuple(order) and record.deals[1:] == (None,) * 4
    decoded = from_json(to_json(record))
    assert decoded == record
    assert decoded.initial_state().hands[1] == tuple(sorted(order[0:24:4]))


def test_record_with_fewer_deck_orders_than_deals() -> None:
    order = make_deck(2)
    record = GameRecord(variant=PUSH, seed=1, players=4, dealer=2, deals=[order])
    assert record.deals == (order,)
    assert from_json(to_json(record)) == record
    assert replay(record) == pr.new_game(PUSH, seed=1, dealer=2, deals=[order])


def test_records_are_immutable_values() -> None:
    record = GameRecord.start(PUSH, seed=7)
    longer = record.with_move(Take(2))
    assert record.moves == () and longer.moves == (Take(2),)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.seed = 3  # type: ignore[misc]
    assert hash(longer) == hash(GameRecord.start(PUSH, seed=7).with_move(Take(2)))


def test_record_type_errors() -> None:
    with pytest.raises(TypeError):
        GameRecord(variant="push", seed=1, players=4, dealer=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GameRecord(variant=PUSH, seed=True, players=4, dealer=0)
    with pytest.raises(TypeError):
        GameRecord(variant=PUSH, seed=1, players=4, dealer=0, moves=["take"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        GameRecord.start(PUSH, seed=1).with_move("take")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        replay("record")  # type: ignore[arg-type]


def test_replay_of_an_illegal_record_names_the_move_index() -> None:
    record = GameRecord.start(PUSH, seed=7)
    state = record.initial_state()
    seat = state.current_player
    assert seat is not None
    state = pr.apply_move(state, Take(seat))
    discard = next(m for m in pr.legal_moves(state) if isinstance(m, Discard))
    bad = record.with_move(Take(seat)).with_move(discard).with_move(Take((seat + 2) % 4))
    with pytest.raises(NotYourTurnError) as caught:
        replay(bad)
    error = caught.value
    # the engine's own error class and attributes, annotated with the index
    assert str(error).startswith(f"record move 2 (Take(seat={(seat + 2) % 4})): it is seat ")
    assert error.rule == "turn.seat" and error.seat == (seat + 2) % 4
    assert error.move == Take((seat + 2) % 4)
    assert isinstance(error.__cause__, NotYourTurnError)
    assert error.__cause__.rule == error.rule


def test_replay_wrong_phase_keeps_the_error_class() -> None:
    record = GameRecord.start(PUSH, seed=7).with_move(Take(2)).with_move(Push(2))
    with pytest.raises(
        WrongPhaseError, match=r"^record move 1 \(Push\(seat=2\)\): .*\[draw\.choice\]$"
    ) as caught:
        replay(record)
    assert caught.value.move == Push(2) and caught.value.phase is Phase.PLAY


def test_replay_of_a_malformed_move() -> None:
    with pytest.raises(TypeError):
        Take("2")  # type: ignore[arg-type]
    bad = Take(2)
    object.__setattr__(bad, "seat", "2")  # malformed past the constructor's checks
    record = GameRecord.start(PUSH, seed=7).with_move(bad)
    with pytest.raises(InvalidMoveError, match=r"^record move 0 "):
        replay(record)


@pytest.mark.parametrize(
    ("kind", "field", "bad", "message"),
    [
        ("LayOff", "seat", "2", r"LayOff\.seat must be an int, not '2'"),
        ("LayOff", "seat", True, r"LayOff\.seat must be an int, not True"),
        ("LayOff", "card", "x", r"LayOff\.card must be a Card, not 'x'"),
        ("LayOff", "meld_id", "3", r"meld_id must be an int, not '3'"),
        ("LayOff", "meld_id", False, r"meld_id must be an int, not False"),
        ("ExchangeWild", "position", "2", r"ExchangeWild\.position must be an int, not '2'"),
    ],
)
def test_a_field_malformed_past_the_constructor_is_an_invalid_move(
    kind: str, field: str, bad: object, message: str
) -> None:
    """Every field check of a move gives ``InvalidMoveError`` (in the compiled build too,
    which ``.ci/run`` runs this file against: it would read an int field as an int, and
    refuse a str with a TypeError of its own), and the state is left as it was."""
    state = pr.apply_move(pr.new_game(PUSH, seed=7), Take(2))
    card = state.hands[2][0]
    move = pr.LayOff(2, card, 0) if kind == "LayOff" else pr.ExchangeWild(2, 0, 2, card)
    object.__setattr__(move, field, bad)
    before = pr.to_json(state)
    with pytest.raises(InvalidMoveError, match=message):
        pr.apply_move(state, move)
    assert pr.to_json(state) == before


def test_replay_after_the_game_is_over() -> None:
    game = playout(PUSH.replace(max_turns_per_deal=4), 4, 1)
    record, final = game.record(), game.final
    assert final.is_over
    with pytest.raises(pr.GameOverError, match=rf"^record move {len(record.moves)} "):
        replay(record.with_move(NextDeal()))


# =============================================================================================
# documented samples, kinds, errors at the boundary
# =============================================================================================

SAMPLE_MELDS = [
    {"kind": "set", "rank": "9", "cards": ["9C", "9S", "JK"]},
    {"kind": "run", "suit": "H", "start": 5, "cards": ["5H", "JK", "7H"]},
]


def documented_move_samples() -> list[dict[str, Any]]:
    """The move objects listed in the module documentation, ``<meld>`` filled in."""
    doc = ser.__doc__
    assert doc is not None
    lines = [line.strip() for line in doc.splitlines() if line.strip().startswith('{"type"')]
    meld = json.dumps(SAMPLE_MELDS[1])
    samples = [
        json.loads(line.replace("<meld>, ...", meld).replace("<meld>", meld)) for line in lines
    ]
    assert len(samples) == 8
    return samples


def test_documented_move_samples_decode() -> None:
    decoded = [
        decode({"schema": "pushrummy.move", "version": 1, **s}) for s in documented_move_samples()
    ]
    meld = Meld.run_of([pr.parse_card("5H"), JOKER, pr.parse_card("7H")])
    assert decoded == [
        Take(0),
        Push(0),
        LayDown(0, (meld,)),
        LayOff(0, JOKER, 3, End.HIGH),
        NewMeld(0, meld),
        ExchangeWild(0, 1, 6, pr.parse_card("6H")),
        Discard(1, pr.parse_card("7H")),
        NextDeal(),
    ]
    for sample, move in zip(documented_move_samples(), decoded, strict=True):
        assert encode(move) == {"schema": "pushrummy.move", "version": 1, **sample}


def test_documented_meld_samples_decode() -> None:
    for sample in SAMPLE_MELDS:
        meld = decode({"schema": "pushrummy.meld", "version": 1, **sample})
        assert isinstance(meld, Meld)
        assert encode(meld) == {"schema": "pushrummy.meld", "version": 1, **sample}


def test_lay_off_onto_a_set_has_a_null_end() -> None:
    document = encode(LayOff(2, pr.parse_card("9D"), 0))
    assert document["end"] is None
    assert decode(document) == LayOff(2, pr.parse_card("9D"), 0, None)


def test_variant_sample_values() -> None:
    document = encode(CAP_IT.replace(stakes=Stakes(ante=10, round_prize=5), max_turns_per_deal=200))
    assert document["packs_for_players"] == [[4, 2], [5, 3], [6, 3]]
    assert document["deals"][4] == {"hand_size": 10, "contract": "1 run of 3 + 1 run of 7"}
    assert list(document["card_values"]) == [
        "JK",
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
    ]
    assert document["stakes"] == {"ante": 10, "round_prize": 5}
    assert document["max_turns_per_deal"] == 200
    assert document["partnerships"] is False


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (pr.parse_card("AS"), "card"),
        (Take(0), "move"),
        (Meld.set_of(pr.parse_cards("9C 9S JK")), "meld"),
        (PUSH, "variant"),
        (pr.new_game(seed=1), "state"),
        (pr.view(pr.new_game(seed=1), 0), "view"),
        (GameRecord.start(seed=1), "record"),
    ],
)
def test_document_kinds(value: object, kind: str) -> None:
    document = encode(value)
    assert document["schema"] == f"pushrummy.{kind}"
    assert decode(document, kind=kind) == value  # type: ignore[call-overload]
    other = "card" if kind != "card" else "move"
    with pytest.raises(DecodeError, match=rf"^\$\.schema: expected a pushrummy\.{other} document"):
        decode(document, kind=other)  # type: ignore[call-overload]
    assert set(ser.DOCUMENT_KINDS) == {"card", "move", "meld", "variant", "state", "view", "record"}


def test_encode_rejects_other_types() -> None:
    for value in (None, 3, "7H", [pr.parse_card("7H")], pr.PUSH.deals[0], pr.Stakes(1, 1)):
        with pytest.raises(TypeError):
            encode(value)
        with pytest.raises(TypeError):
            to_json(value)
    with pytest.raises(TypeError):
        encode(Discard(0, "7H"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        encode(Take(True))
    with pytest.raises(TypeError):
        encode(LayOff(0, JOKER, 0, "high"))  # type: ignore[arg-type]


def test_from_json_type_errors_and_bad_kind() -> None:
    with pytest.raises(TypeError):
        from_json({"schema": "pushrummy.card"})  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="kind must be one of"):
        decode(encode(JOKER), kind="joker")  # type: ignore[call-overload]


def test_non_canonical_notation_is_rejected_with_a_hint() -> None:
    with pytest.raises(
        DecodeError, match=r"^\$\.card: 'th' is not canonical card notation: write '10H'$"
    ):
        from_json('{"schema":"pushrummy.card","version":1,"card":"th"}')
    document = encode(PUSH)
    document["deals"][1]["contract"] = "1 run of 4 and 1 set of 3"
    with pytest.raises(
        DecodeError, match=r"^\$\.deals\[1\]\.contract: .* write '1 run of 4 \+ 1 set of 3'$"
    ):
        decode(document)


def test_an_invalid_variant_is_a_decode_error_with_the_cause_chained() -> None:
    document = encode(CAP_IT)
    document["partnerships"] = True
    with pytest.raises(DecodeError) as caught:
        decode(document)
    assert caught.value.path == "$.partnerships"
    assert str(caught.value) == (
        "$.partnerships: invalid variant: partnerships need exactly 4 players (partners opposite), not 5"
    )
    assert isinstance(caught.value.__cause__, VariantError)
    document = encode(PUSH)
    document["deals"][0] = {"hand_size": 2, "contract": "2 sets of 3"}
    with pytest.raises(DecodeError, match=r"^\$\.deals: invalid variant: deal 1 deals 2 cards"):
        decode(document)


def test_state_card_conservation_is_checked() -> None:
    state = pr.new_game(PUSH, seed=5)
    document = encode(state)
    document["stock"][0] = document["stock"][1]
    with pytest.raises(
        DecodeError,
        match=r"^\$: the hands, stock, upcard, pile and table must hold exactly the 108-card deck: missing \S+; extra \S+$",
    ):
        decode(document)
    document = encode(state)
    del document["stock"][-1]
    with pytest.raises(DecodeError, match=r"108-card deck: missing"):
        decode(document)


def test_decode_error_message_format() -> None:
    error = DecodeError("expected an integer, got true", path="$.moves[3].seat")
    assert str(error) == "$.moves[3].seat: expected an integer, got true"
    assert re.match(r"^\$", str(error))


def test_hands_and_sets_in_any_order_but_ordered_lists_keep_their_order() -> None:
    state = next(s for _, s in recorded_game("push", 0) if s.table and s.results)
    document = encode(state)
    document["hands"] = [list(reversed(hand)) for hand in document["hands"]]
    for result in document["results"]:
        result["hands"] = [list(reversed(hand)) for hand in result["hands"]]
    assert decode(document) == state
    document = encode(state)
    document["stock"] = list(reversed(document["stock"]))
    assert decode(document).stock == tuple(reversed(state.stock))
    run = encode(Meld.run_of(pr.parse_cards("5H 6H 7H")))
    run["cards"].reverse()
    with pytest.raises(DecodeError, match=r"^\$: invalid meld: "):
        decode(run)


# --- the labels of listed moves ------------------------------------------------------------------


def labelled_view() -> dict[str, Any]:
    """The document of a view with lay-offs among its legal moves (labels worth reading)."""
    for _, state in recorded_game("push", 0):
        seat = state.current_player
        if seat is not None and any(isinstance(m, LayOff) for m in pr.legal_moves(state)):
            return encode(pr.view(state, seat))
    raise AssertionError("the recorded game never offers a lay-off")


def test_listed_moves_carry_their_labels_and_go_back_as_they_are() -> None:
    document = labelled_view()
    view = decode(document, kind="view")
    for entry, move in zip(document["legal_moves"], view.legal_moves, strict=True):
        assert list(entry)[-3:] == ["notation", "description", "progress"]
        assert entry["progress"] == view.progress == document["progress"]
        assert entry["notation"] == pr.format_move(move)
        assert entry["description"] == pr.describe_move(move, view)
        if isinstance(move, LayOff):  # the target by its owner and cards, not its id
            owner = view.table[move.meld_id].owner
            assert f" on seat {owner}'s " in entry["description"]
            assert f"meld {move.meld_id}" not in entry["description"]
        assert pr.parse_move(decode(document, kind="view"), entry["notation"]) == move
        text = json.dumps({"schema": "pushrummy.move", "version": 1, **entry})
        assert pr.from_json(text, kind="move", at=view) == move
        only = {k: v for k, v in entry.items() if k not in ("description", "progress")}
        assert decode({"schema": "pushrummy.move", "version": 1, **only}) == move


# -- the precondition of a move document ---------------------------------------------------------


def test_progress_grows_with_every_move_and_every_seat_sees_it() -> None:
    """``progress`` is strictly increasing along a game (shapes and fillings included) and
    the same in every seat's view: so equal progress means the same position."""
    for _, state in recorded_game("cap_it_5_stakes", 1):
        assert {pr.view(state, seat).progress for seat in range(state.players)} == {state.progress}
    state = pr.new_game(pr.PUSH, seed=3)
    bots = [pr.GreedyBot() for _ in range(4)]
    progress = [state.progress]
    shapes = 0
    while not state.is_over:
        seat = state.current_player
        move = pr.legal_moves(state)[0] if seat is None else bots[seat].choose(pr.view(state, seat))
        shapes += isinstance(move, pr.LayDownShape)
        state = pr.apply_move(state, move)
        progress.append(state.progress)
        if seat is not None:
            assert pr.view(state, seat).progress == state.progress
    assert all(a < b for a, b in itertools.pairwise(progress)), progress
    assert shapes > 0  # the one move that adds no event is covered


def sent_back(view: pr.PlayerView, index: int = 0) -> dict[str, object]:
    """A listed move of ``view``, sent back as it is inside a move document."""
    return {"schema": "pushrummy.move", "version": 1, **encode(view)["legal_moves"][index]}


def test_a_listed_move_from_a_view_the_game_moved_past_is_stale() -> None:
    state = pr.new_game(pr.PUSH, seed=9)
    seat = state.current_player
    take = sent_back(pr.view(state, seat))
    assert decode(take, kind="move", at=state) == pr.Take(seat)
    assert decode(take, at=pr.view(state, (seat + 1) % 4)) == pr.Take(seat)  # any seat's view
    # Four turns later the same seat may take again, but not the upcard it saw.
    later = state
    for _ in range(4):
        mover = later.current_player
        later = pr.apply_move(later, pr.Push(mover))
        later = pr.apply_move(later, pr.legal_moves(later)[-1])  # a discard
    assert later.current_player == seat and pr.is_legal(later, pr.Take(seat))
    for at in (later, pr.view(later, seat)):
        with pytest.raises(pr.StaleMoveError) as stale:
            decode(take, kind="move", at=at)
        assert (stale.value.progress, stale.value.current) == (state.progress, later.progress)
    text = json.dumps(take)
    with pytest.raises(pr.StaleMoveError, match=r"^the game moved on"):
        pr.from_json(text, kind="move", at=later)
    # The same document without its precondition is only a move: nothing is checked.
    bare = {key: value for key, value in take.items() if key != "progress"}
    assert decode(bare, kind="move", at=later) == pr.Take(seat)


def test_a_precondition_is_refused_without_a_game_to_check_it_against() -> None:
    state = pr.new_game(pr.PUSH, seed=9)
    take = sent_back(pr.view(state, state.current_player))
    with pytest.raises(DecodeError, match=r"^\$\.progress: a move with a precondition"):
        decode(take, kind="move")
    with pytest.raises(DecodeError, match=r"^\$\.progress: a move with a precondition"):
        decode(take)
    for bad in (-1, "2", 2.5, None, True):
        with pytest.raises(DecodeError, match=r"^\$\.progress: "):
            decode(dict(take, progress=bad), kind="move", at=state)
    with pytest.raises(TypeError, match="at must be a GameState or a PlayerView"):
        decode(take, kind="move", at=7)  # type: ignore[call-overload]


def test_a_view_documents_progress_must_be_its_own() -> None:
    state = pr.new_game(pr.PUSH, seed=9)
    document = encode(pr.view(state, state.current_player))
    wrong = dict(
        document,
        progress=3,
        legal_moves=[dict(move, progress=3) for move in document["legal_moves"]],
    )
    with pytest.raises(DecodeError, match=r"^\$\.progress: expected 2: the game's progress"):
        decode(wrong)
    moves = [dict(move) for move in document["legal_moves"]]
    moves[1]["progress"] = 0
    with pytest.raises(DecodeError, match=r"^\$\.legal_moves\[1\]\.progress: expected 2"):
        decode(dict(document, legal_moves=moves))
    del moves[1]["progress"]
    with pytest.raises(DecodeError, match=r"^\$\.legal_moves\[1\]\.progress: missing"):
        decode(dict(document, legal_moves=moves))


@pytest.mark.parametrize("label", ["notation", "description"])
def test_labels_must_be_the_moves_own(label: str) -> None:
    document = labelled_view()
    last = len(document["legal_moves"]) - 1
    entry = document["legal_moves"][last]
    wrong = dict(entry, **{label: entry[label] + " "})
    with pytest.raises(DecodeError, match=rf"^\$\.{label}: expected .*the move's own {label}"):
        decode({"schema": "pushrummy.move", "version": 1, **wrong})
    with pytest.raises(DecodeError, match=rf"^\$\.{label}: .* got 7$"):
        decode({"schema": "pushrummy.move", "version": 1, **dict(entry, **{label: 7})})
    document["legal_moves"][last] = wrong
    with pytest.raises(DecodeError, match=rf"^\$\.legal_moves\[{last}\]\.{label}: expected"):
        decode(document)
    del document["legal_moves"][last][label]
    with pytest.raises(DecodeError, match=rf"^\$\.legal_moves\[{last}\]\.{label}: missing"):
        decode(document)


def test_record_moves_carry_no_labels() -> None:
    record = pr.GameRecord.start(pr.PUSH, seed=7).with_move(pr.Take(2))
    document = encode(record)
    document["moves"][0]["notation"] = "take"
    with pytest.raises(DecodeError, match=r"^\$\.moves\[0\]\.notation: unknown field"):
        decode(document)


def test_views_say_each_seats_side() -> None:
    for variant, players, sides in [(PUSH, 4, [0, 1, 0, 1]), (pr.CAP_IT, 5, [0, 1, 2, 3, 4])]:
        state = pr.new_game(variant, seed=3, players=players)
        player_view = pr.view(state, 1)
        assert list(player_view.sides) == sides and player_view.sides[1] == player_view.side
        document = encode(player_view)
        assert document["sides"] == sides
        assert list(document).index("sides") == list(document).index("players") + 1
        for wrong, match in [
            (sides[::-1], r"^\$\.sides: expected \[0, 1, .*each seat's side"),
            (
                [True, False] * (players // 2) + [True] * (players % 2),
                r"^\$\.sides\[0\]: expected an integer >= 0, got true",
            ),
            (sides[:-1], r"^\$\.sides: expected a list of sides, one per seat, with"),
        ]:
            with pytest.raises(DecodeError, match=match):
                decode({**document, "sides": wrong})


def test_variant_documents_state_the_wild_cards_and_run_positions() -> None:
    document = encode(pr.CAP_IT)
    assert document["wild_cards"] == [str(card) for card in ALL_CARDS if card.is_wild]
    assert document["wild_cards"] == ["2C", "2D", "2H", "2S", "JK"]
    assert document["run_positions"] == {str(p): position_rank(p).symbol for p in range(1, 15)}
    assert document["run_positions"]["1"] == document["run_positions"]["14"] == "A"
    # read-only: only the rules' own values decode, in any key order
    reordered = dict(reversed(list(document["run_positions"].items())))
    assert decode({**document, "run_positions": reordered}) == pr.CAP_IT
    for field, wrong in [
        ("wild_cards", ["2C", "2D", "2H", "2S"]),
        ("wild_cards", ["JK", "2C", "2D", "2H", "2S"]),
        ("wild_cards", None),
        ("run_positions", {**document["run_positions"], "14": "K"}),
        ("run_positions", list(document["run_positions"].values())),
    ]:
        with pytest.raises(DecodeError, match=rf"^\$\.{field}: expected .*a fact of the rules"):
            decode({**document, field: wrong})
    for field in ("wild_cards", "run_positions"):
        without = {key: value for key, value in document.items() if key != field}
        with pytest.raises(DecodeError, match=rf"^\$\.{field}: missing field"):
            decode(without)
    state_document = encode(pr.new_game(pr.PUSH, seed=1))
    state_document["variant"]["wild_cards"] = []
    with pytest.raises(DecodeError, match=r"^\$\.variant\.wild_cards: expected"):
        decode(state_document)
