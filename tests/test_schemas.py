"""The JSON Schemas of the documents (issue 12, item 3): packaged, valid, in step with the
code, and as strict as the decoder wherever a schema can be.

* the schema files are package data, found with :mod:`importlib.resources`; each is a valid
  draft 2020-12 schema, and so is the self-contained bundle :func:`pushrummy.json_schema`
  returns; the files (resolved through a registry, offline) and the bundle agree;
* the schemas list the decoder's fields, the move table's kinds and fields, and the values of
  the library's enums; the card and contract patterns accept exactly the canonical spellings;
* every document of seeded games of every preset (and of house rules) validates: every
  state, every seat's view, every legal move, every meld on the table, the variant, the final
  record, and every card;
* against the decoder, on mutated documents: whatever the decoder accepts, the schema accepts;
  whatever the schema accepts and the decoder refuses, the decoder refuses for a reason no
  schema can express (how values relate to each other: :data:`CROSS_FIELD`). The counts are
  reported in the terminal summary.
"""

from __future__ import annotations

import copy
import functools
import importlib.resources
import json
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import pushrummy as pr
import pushrummy._json_decode as decoder
from documents import JUNK, all_paths, delete_at, random_mutation, replace_at, valid_documents
from games import PRESETS, melding, playout, variant_for
from pushrummy._wire import INT_BITS, VARIANT_FACTS, Codec, FieldInfo, wire_keys
from pushrummy.cards import ALL_CARDS, MAX_PACKS, Rank, Suit
from pushrummy.consistency import Problem
from pushrummy.contract_spec import Contract
from pushrummy.dealing import SEED_BITS
from pushrummy.errors import DecodeError, InvalidMeldError, NotationError, SetupError, VariantError
from pushrummy.melds import MAX_RUN_POSITION, End, MeldKind, WildLimit
from pushrummy.movetable import MOVE_KINDS
from pushrummy.serialization import DOCUMENT_KINDS, decode, encode, json_schema
from pushrummy.state import DealEnd, Phase
from pushrummy.variants import (
    BOOL_FIELDS,
    BuryPosition,
    LayoffTargets,
    PushTo,
    ShortStockPush,
    WildExchange,
)
from sizes import Budget

BASE = "https://pushrummy.example/schemas/"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
FILES = ("defs", *DOCUMENT_KINDS)
"""The schema files: the shared definitions, then one per document kind."""
ROOT = Path(__file__).resolve().parent.parent


def schema_file(name: str) -> Any:
    return importlib.resources.files("pushrummy") / "schemas" / f"{name}.schema.json"


@functools.cache
def file_schema(name: str) -> dict[str, Any]:
    return json.loads(schema_file(name).read_text(encoding="utf-8"))


@functools.cache
def validator(kind: str) -> Draft202012Validator:
    """A validator of the bundle :func:`json_schema` returns."""
    return Draft202012Validator(json_schema(kind))


def unreachable(uri: str) -> Resource:
    raise LookupError(f"{uri}: the schemas must resolve offline")


@functools.cache
def file_validator(kind: str) -> Draft202012Validator:
    """A validator of the schema file itself, its references resolved through a registry of
    the packaged files (never the network)."""
    registry = Registry(retrieve=unreachable).with_resources(
        (BASE + f"{name}.schema.json", Resource.from_contents(file_schema(name))) for name in FILES
    )
    return Draft202012Validator(file_schema(kind), registry=registry)


def refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from refs(item)


def kind_of(document: dict[str, Any]) -> str:
    return document["schema"].removeprefix("pushrummy.")


# =============================================================================================
# packaging and the public function
# =============================================================================================


def test_the_schema_files_are_package_data() -> None:
    folder = importlib.resources.files("pushrummy") / "schemas"
    assert folder.is_dir()
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".json"))
    assert names == sorted(f"{name}.schema.json" for name in FILES)
    for name in FILES:
        schema = file_schema(name)
        assert schema["$schema"] == DRAFT
        assert schema["$id"] == f"{BASE}{name}.schema.json"
        assert schema["title"] and schema["description"]


def test_the_wheel_takes_the_schema_files() -> None:
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "schemas/*.schema.json" in config["tool"]["setuptools"]["package-data"]["pushrummy"]
    assert not any("jsonschema" in r for r in config["project"]["dependencies"])
    assert any(
        r.startswith("jsonschema") for r in config["project"]["optional-dependencies"]["test"]
    )


def test_import_pushrummy_does_not_import_jsonschema() -> None:
    code = (
        "import sys, pushrummy; pushrummy.json_schema('view'); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jsonschema', 'referencing')))"
    )
    src = str(Path(pr.__file__).resolve().parent.parent)
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": src, "PATH": ""},
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_json_schema_is_exported_and_fresh() -> None:
    assert pr.json_schema is json_schema
    assert "json_schema" in pr.__all__ and "json_schema" in pr.serialization.__all__
    first = json_schema("view")
    first["properties"].clear()
    first["$defs"]["card"]["pattern"] = "changed"
    assert json_schema("view")["properties"]["seat"] == {"$ref": "#/$defs/seat"}
    assert json_schema("view")["$defs"]["card"] == file_schema("defs")["$defs"]["card"]


def test_json_schema_refuses_what_decode_refuses() -> None:
    for kind in ("game", "", "Card", "pushrummy.card", "cards"):
        with pytest.raises(SetupError) as schema_error:
            json_schema(kind)  # type: ignore[arg-type]
        with pytest.raises(SetupError) as decode_error:
            pr.from_json("{}", kind=kind)  # type: ignore[call-overload]
        assert str(schema_error.value) == str(decode_error.value)
    for junk in (None, 1, b"card", ["card"], DOCUMENT_KINDS):
        with pytest.raises(TypeError, match="json_schema expects a document kind"):
            json_schema(junk)  # type: ignore[arg-type]


# =============================================================================================
# valid schemas, self-contained bundles
# =============================================================================================


@pytest.mark.parametrize("name", FILES)
def test_every_schema_file_is_a_valid_2020_12_schema(name: str) -> None:
    Draft202012Validator.check_schema(file_schema(name))
    assert Draft202012Validator.META_SCHEMA["$id"] == DRAFT


@pytest.mark.parametrize("kind", DOCUMENT_KINDS)
def test_every_bundle_is_valid_and_self_contained(kind: str) -> None:
    schema = json_schema(kind)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == DRAFT
    assert schema["$id"] == f"{BASE}{kind}.schema.json"
    assert schema["properties"]["schema"] == {"const": f"pushrummy.{kind}"}
    assert schema["properties"]["version"] == {"$ref": "#/$defs/version"}
    used = set(refs(schema))
    assert all(ref.startswith("#/$defs/") for ref in used), used
    assert {ref.removeprefix("#/$defs/") for ref in used} == set(schema["$defs"]), "unused $defs"
    shared = file_schema("defs")["$defs"]
    assert all(schema["$defs"][name] == shared[name] for name in schema["$defs"])


@pytest.mark.exhaustive  # every valid document and 60 mutations through both: CI runs it
def test_the_files_and_the_bundles_agree() -> None:
    rng = random.Random(5)
    documents = [(kind_of(document), document) for document in valid_documents()]
    for _ in range(60):
        original, mutated, _ = random_mutation(rng)
        documents.append((kind_of(original), mutated))
    verdicts = Counter()
    for kind, document in documents:
        verdict = validator(kind).is_valid(document)
        assert file_validator(kind).is_valid(document) == verdict
        verdicts[verdict] += 1
    assert verdicts[True] >= len(valid_documents()) and verdicts[False] > 20


# =============================================================================================
# in step with the code
# =============================================================================================


def properties(kind: str) -> list[str]:
    schema = json_schema(kind)
    if "$ref" in schema:  # move, meld, variant: the fields come from the shared definition
        return list(schema["properties"]) + list(
            schema["$defs"][kind + "_fields"].get("properties", {})
        )
    return list(schema["properties"])


def test_the_documents_have_the_decoders_fields() -> None:
    for kind, fields, optional in (
        # a state's and a view's later fields may be left out too
        ("state", decoder._STATE_FIELDS, tuple(decoder._STATE_LATER)),
        ("view", decoder._VIEW_FIELDS, tuple(decoder._VIEW_LATER)),
        ("record", decoder._RECORD_FIELDS, decoder._RECORD_OPTIONAL),
        # a variant's later options are in field order, but may be left out
        ("variant", (*decoder._VARIANT_FIELDS, *decoder.VARIANT_FACTS), decoder._VARIANT_LATER),
        ("card", ("card",), ()),
    ):
        extra = [name for name in optional if name not in fields]
        assert properties(kind) == ["schema", "version", *fields, *extra], kind
        schema = json_schema(kind)
        fields_schema = schema["$defs"].get(f"{kind}_fields", schema)
        required = [name for name in fields if name not in optional]
        assert fields_schema["required"][-len(required) :] == required
        assert not set(optional) & set(fields_schema["required"])
    defs = file_schema("defs")["$defs"]
    assert list(defs["deal_result"]["properties"]) == list(decoder._RESULT_FIELDS)
    assert list(defs["outcome"]["properties"]) == list(decoder._OUTCOME_FIELDS)
    assert list(defs["settlement"]["properties"]) == list(decoder._SETTLEMENT_FIELDS)
    assert list(defs["card_values"]["properties"]) == list(decoder.CARD_VALUE_KEYS)
    for name in ("deal_result", "outcome", "settlement", "card_values", "table_meld", "deal"):
        optional = decoder._DEAL_OPTIONAL if name == "deal" else ()
        assert defs[name]["required"] == [p for p in defs[name]["properties"] if p not in optional]
        assert defs[name]["additionalProperties"] is False, name
    # a deal's all_out ([out.all_out]) is written only when true
    assert list(defs["deal"]["properties"]) == [*decoder._DEAL_FIELDS, *decoder._DEAL_OPTIONAL]


def _plain(node: Any) -> Any:
    """A schema fragment without its descriptions, its ``$ref`` s naming the shared
    definition only (``"defs.schema.json#/$defs/seat"`` and ``"#/$defs/seat"`` are ``"seat"``)."""
    if isinstance(node, dict):
        return {
            key: value.rpartition("/")[2] if key == "$ref" else _plain(value)
            for key, value in node.items()
            if key != "description"
        }
    if isinstance(node, list):
        return [_plain(item) for item in node]
    return node


def _int_schema(info: FieldInfo) -> dict[str, Any]:
    bounds = {"minimum": info.lo, "maximum": info.hi}
    return {"$ref": "int", **{key: value for key, value in bounds.items() if value is not None}}


SCHEMA_OF_CODEC: dict[Codec, Callable[[FieldInfo], Any]] = {
    Codec.STR: lambda info: {"type": "string", "minLength": 1},
    Codec.BOOL: lambda info: {"type": "boolean"},
    Codec.ENUM: lambda info: {"enum": [member.value for member in info.enum_type or ()]},
    Codec.INT: _int_schema,
    Codec.OPT_INT: lambda info: {"anyOf": [_int_schema(info), {"type": "null"}]},
    Codec.COUNT: lambda info: {"$ref": "count"},
    Codec.PACKS: lambda info: {
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "array",
            "prefixItems": [
                {"$ref": "int", "minimum": 2, "maximum": 8},
                {"$ref": "int", "minimum": 1, "maximum": MAX_PACKS},
            ],
            "minItems": 2,
            "items": False,
        },
    },
    Codec.JOKERS: lambda info: {
        "type": "array",
        "items": {
            "type": "array",
            "prefixItems": [
                {"$ref": "int", "minimum": 2, "maximum": 8},
                {"$ref": "int", "minimum": 0, "maximum": 2 * MAX_PACKS},
            ],
            "minItems": 2,
            "items": False,
        },
    },
    Codec.DEALS: lambda info: {"type": "array", "minItems": 1, "items": {"$ref": "deal"}},
    Codec.CARD_VALUES: lambda info: {"$ref": "card_values"},
    Codec.STAKES: lambda info: {"anyOf": [{"$ref": "stakes"}, {"type": "null"}]},
    Codec.VARIANT: lambda info: {"$ref": "variant"},
    Codec.SEED: lambda info: {"$ref": "seed"},
    Codec.DECK_ORDERS: lambda info: {"type": "array", "items": {"$ref": "deck_order_or_null"}},
    Codec.STOCK_ORDERS: lambda info: {"type": "array", "items": {"$ref": "cards"}},
    Codec.PLAYERS: lambda info: {"$ref": "players"},
    Codec.DEAL_NUMBER: lambda info: {"$ref": "int", "minimum": 1},
    Codec.SEAT: lambda info: {"$ref": "seat"},
    Codec.OPT_SEAT: lambda info: {"$ref": "seat_or_null"},
    Codec.HANDS: lambda info: {"$ref": "per_seat_cards"},
    Codec.SEAT_CARDS: lambda info: {"$ref": "per_seat_cards"},
    Codec.CARDS: lambda info: {"$ref": "cards"},
    Codec.OPT_CARD: lambda info: {"$ref": "card_or_null"},
    Codec.OPT_SHAPE: lambda info: {"$ref": "shape_or_null"},
    Codec.SEAT_FLAGS: lambda info: {"$ref": "per_seat_flags"},
    Codec.TABLE: lambda info: {"$ref": "table"},
    Codec.RESULTS: lambda info: {"$ref": "results"},
    Codec.TOTALS: lambda info: {"$ref": "totals"},
    Codec.OUTCOME: lambda info: {"$ref": "outcome_or_null"},
    Codec.LOG: lambda info: {"$ref": "log"},
    Codec.SIDE: lambda info: {"$ref": "side"},
    Codec.CONTRACT: lambda info: {"$ref": "contract"},
    Codec.HAND: lambda info: {"$ref": "cards"},
    Codec.SEAT_COUNTS: lambda info: {"type": "array", "items": {"$ref": "count"}},
    Codec.SEEN: lambda info: {"$ref": "seen_events"},
    Codec.LISTED: lambda info: {"$ref": "listed_moves"},
    Codec.SIDES: lambda info: {"type": "array", "items": {"$ref": "side"}},
    Codec.CONTRACT_PARTS: lambda info: {"type": "array", "items": {"$ref": "contract_part"}},
    Codec.SINCE: lambda info: {"$ref": "count"},
    Codec.PROGRESS: lambda info: {"$ref": "progress"},
}
"""The schema of a field of each codec, the one the schema files must give it."""


def test_every_codec_has_its_schema() -> None:
    assert set(SCHEMA_OF_CODEC) == set(Codec)


def test_the_schema_files_are_the_field_declarations() -> None:
    # The schema files are static; the fields of a variant, a state and a view are declared
    # once, in their classes (FieldInfo metadata, with the read-only keys beside a field): the
    # files must list exactly those keys, in order, each with the schema of its codec (an
    # enum's values, an integer's bounds).
    defs = file_schema("defs")["$defs"]
    for properties, required, value_class, facts in (
        (
            defs["variant_fields"]["properties"],
            defs["variant_fields"]["required"],
            pr.Variant,
            VARIANT_FACTS,
        ),
        (
            file_schema("state")["properties"],
            file_schema("state")["required"][2:],
            pr.GameState,
            (),
        ),
        (
            file_schema("view")["properties"],
            file_schema("view")["required"][2:],
            pr.PlayerView,
            (),
        ),
    ):
        declared = wire_keys(value_class)
        keys = [key for key, _, _ in declared]
        listed = [name for name in properties if name not in ("schema", "version")]
        assert listed == [*keys, *facts], value_class.__name__
        later = {key for key, _, info in declared if info.later}  # may be left out
        assert required == [*(key for key in keys if key not in later), *facts], (
            value_class.__name__
        )
        for key, _, info in declared:
            expected = SCHEMA_OF_CODEC[info.codec](info)
            given = _plain(properties[key])
            if info.codec is Codec.ENUM and "$ref" in given:  # the phase of a state and a view
                given = _plain(defs[given["$ref"]])
            assert given == expected, f"{value_class.__name__}: {key}"


def test_the_moves_are_the_move_table() -> None:
    defs = file_schema("defs")["$defs"]
    branches = [branch["$ref"].removeprefix("#/$defs/") for branch in defs["move_fields"]["oneOf"]]
    assert branches == [kind.name for kind in MOVE_KINDS]
    for kind in MOVE_KINDS:
        branch = defs[kind.name]
        assert branch["properties"]["type"] == {"const": kind.name}
        assert list(branch["properties"]) == ["type", *kind.fields], kind.name
        assert branch["required"] == ["type", *kind.fields], kind.name
    assert defs["move"] == {
        "description": defs["move"]["description"],
        "$ref": "#/$defs/move_fields",
        "unevaluatedProperties": False,
    }


def test_the_enums_are_the_librarys() -> None:
    defs = file_schema("defs")["$defs"]
    variant = defs["variant_fields"]["properties"]
    assert defs["phase"]["enum"] == [phase.value for phase in Phase]
    assert defs["deal_result"]["properties"]["ended_by"]["enum"] == [e.value for e in DealEnd]
    assert defs["lay_off"]["properties"]["end"]["enum"] == [end.value for end in End] + [None]
    assert defs["run"]["properties"]["suit"]["enum"] == [suit.letter for suit in Suit]
    # every rank: a set of twos is a meld where twos are natural ([setup.wild], wild_twos)
    assert defs["set"]["properties"]["rank"]["enum"] == [rank.symbol for rank in Rank]
    assert [branch["$ref"] for branch in defs["meld_fields"]["oneOf"]] == [
        f"#/$defs/{kind.value}" for kind in MeldKind
    ]
    for name, enum_type in (
        ("bury_position", BuryPosition),
        ("push_to", PushTo),
        ("short_stock_push", ShortStockPush),
        ("wild_limit", WildLimit),
        ("layoff_targets", LayoffTargets),
        ("wild_exchange", WildExchange),
    ):
        assert variant[name]["enum"] == [member.value for member in enum_type], name
    for name in BOOL_FIELDS:
        assert variant[name] == {"type": "boolean"}, name


def test_the_limits_are_the_librarys() -> None:
    defs = file_schema("defs")["$defs"]
    players, packs = defs["variant_fields"]["properties"]["packs_for_players"]["items"][
        "prefixItems"
    ]
    assert packs["maximum"] == MAX_PACKS
    assert (players["minimum"], players["maximum"]) == (
        defs["players"]["minimum"],
        defs["players"]["maximum"],
    )
    assert defs["run"]["properties"]["start"]["maximum"] == MAX_RUN_POSITION - 2
    assert defs["run"]["properties"]["cards"]["maxItems"] == MAX_RUN_POSITION
    assert defs["exchange_wild"]["properties"]["position"]["maximum"] == MAX_RUN_POSITION
    assert defs["int"]["exclusiveMaximum"] == 2**INT_BITS == -defs["int"]["exclusiveMinimum"]
    assert defs["seed"]["exclusiveMaximum"] == 2**SEED_BITS == -defs["seed"]["exclusiveMinimum"]


def card_accepted(text: str) -> bool:
    return validator("card").is_valid({"schema": "pushrummy.card", "version": 1, "card": text})


def decoder_accepts(document: Any, kind: str) -> bool:
    try:
        decode(document, kind=kind)  # type: ignore[call-overload]
    except DecodeError:
        return False
    return True


def test_the_card_pattern_is_the_canonical_notation() -> None:
    canonical = {str(card) for card in ALL_CARDS}
    assert len(canonical) == 53
    tokens = ["", "A", "a", "0", "1", *map(str, range(2, 12)), "T", "t", "J", "j", "Q", "K", "JK"]
    suits = ["", "C", "D", "H", "S", "c", "h", "X", "K", "♥", "JK"]
    candidates = {rank + suit for rank in tokens for suit in suits}
    candidates |= {f"{text}{space}" for text in ("7H", "JK", "10S") for space in ("\n", " ", "\t")}
    candidates |= {f" {text}" for text in ("7H", "JK")} | {"10♥", "7h", "jk", "Jk", "JOKER"}
    assert canonical <= candidates
    for text in sorted(candidates):
        document = {"schema": "pushrummy.card", "version": 1, "card": text}
        assert card_accepted(text) == (text in canonical) == decoder_accepts(document, "card"), text


def canonical_contract(text: str) -> bool:
    """What the decoder accepts as a contract on its own (the rest depends on the deal)."""
    try:
        contract = Contract.parse(text)
    except NotationError:
        return False
    # A set of 5 to 14 is a variant's with set_suits=any ([meld.set_suits]): the variant
    # refuses it under distinct.
    return str(contract) == text and all(
        requirement.size <= 14 for requirement in contract.requirements
    )


def test_the_contract_patterns_are_the_canonical_text() -> None:
    parts = [
        f"{count} {noun} of {size}"
        for count in ("0", "1", "2", "9", "10", "01", "100", "999", "1000")
        for noun in ("set", "sets", "run", "runs", "Set")
        for size in ("2", "3", "4", "5", "9", "13", "14", "15", "03", "100")
    ]
    rng = random.Random(3)
    contracts = parts + [" + ".join(rng.sample(parts, rng.randint(2, 3))) for _ in range(400)]
    contracts += ["2 sets of 3 +", "2 sets of 3+1 run of 4", "2 sets of 3, 1 run of 4"]
    contracts += ["2 sets of 3 and 1 run of 4", " 2 sets of 3", "2 sets of 3\n", "2  sets of 3"]
    contracts += ["1 set of 3 + 1 run of 4", "1 run of 3 + 1 run of 7", "2 runs of 14"]
    contract = Draft202012Validator(file_schema("defs")["$defs"]["contract"])
    part = Draft202012Validator(file_schema("defs")["$defs"]["contract_part"])
    verdicts: Counter[bool] = Counter()
    for text in contracts:
        expected = canonical_contract(text)
        verdicts[expected] += 1
        assert contract.is_valid(text) == expected, text
        assert part.is_valid(text) == (expected and " + " not in text), text
    assert verdicts[True] > 40 and verdicts[False] > 400, verdicts


# =============================================================================================
# every document of seeded games validates
# =============================================================================================

GAMES: list[tuple[str, str, int, int]] = [
    # (preset, house rules, max_turns_per_deal, seed): first the games the default run plays,
    # chosen so that together they list every kind of move and lay-off end, reach every phase,
    # and settle stakes; then one game per preset
    ("cap_it_4", "exchange_team_next_turn", 6, 3),
    ("cap_it_5", "strict_wilds_stakes", 3, 1),
    # the draw from the stock ([draw.stock]) and buying out of turn ([buy.offer])
    ("cap_it_4", "buying_limited", 3, 1),
    ("push", "default", 4, 1),
    ("cap_it_6", "own_no_new_melds_values", 3, 1),
    ("push", "previous_forbidden_keep_wilds", 6, 1),
    ("cap_it_5", "jokers_fewer_previous_stakes", 8, 4),
    ("push", "plain_rummy_draw", 4, 1),
]


def assert_valid(kind: str, document: dict[str, Any]) -> None:
    if not validator(kind).is_valid(document):
        errors = sorted(validator(kind).iter_errors(document), key=lambda e: e.path)
        raise AssertionError(
            f"a {kind} document the library made does not validate: "
            + "; ".join(f"{e.json_path}: {e.message[:200]}" for e in errors[:5])
        )


def test_every_card_validates() -> None:
    for card in ALL_CARDS:
        assert_valid("card", encode(card))


@pytest.mark.slow
def test_every_document_of_seeded_games_validates(budget: Budget) -> None:
    seen: Counter[str] = Counter()
    for index in range(budget.n("schemas.games")):
        preset, house, turns, seed = GAMES[index % len(GAMES)]
        seed += index // len(GAMES)
        players = PRESETS[preset][1]
        variant = variant_for(preset, house, max_turns=turns)
        game = playout(variant, players, seed, melding())
        assert_valid("variant", encode(variant))
        moves: dict[str, dict[str, Any]] = {}
        melds: dict[str, dict[str, Any]] = {}
        seen_by = [0] * players  # the events of each seat's last view validated
        for step, state in enumerate(game.states):
            # The log grows with the game: the state and every seat's view are checked with
            # the whole log at each deal's start and end and every 40 states; between them one
            # seat's view in turn, with the events new since that seat's last one, so every
            # event of every seat's log is checked in some document, once or twice (the
            # validator's time follows the size of the documents: the logs).
            whole = step % 40 == 0 or state.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER)
            if whole:
                assert_valid("state", encode(state))
            for seat in range(players) if whole else [step % players]:
                since = 0 if whole else seen_by[seat]
                assert_valid("view", encode(pr.view(state, seat), events_since=since))
                seen_by[seat] = len(state.log)
            for move in pr.legal_moves(state):
                document = encode(move)
                moves.setdefault(json.dumps(document), document)
            for table_meld in state.table:
                document = encode(table_meld.meld)
                melds.setdefault(json.dumps(document), document)
            seen[f"phase {state.phase.value}"] += 1
        for document in moves.values():
            assert_valid("move", document)
            end = document.get("end", "") if document["type"] == "lay_off" else ""
            seen[f"move {document['type']} {end}".strip()] += 1
        for document in melds.values():
            assert_valid("meld", document)
            seen[f"meld {document['kind']}"] += 1
        record = game.record()
        assert game.final.phase is Phase.GAME_OVER and len(record.moves) == len(game.states) - 1
        assert_valid("record", encode(record))
        assert game.final.outcome is not None
        seen["stakes settled"] += game.final.outcome.stakes is not None
    kinds = {f"move {kind.name}" for kind in MOVE_KINDS} - {"move lay_off"}
    kinds |= {"move lay_off low", "move lay_off high", "move lay_off None"}
    kinds |= {f"phase {phase.value}" for phase in Phase} | {"meld set", "meld run"}
    missing = sorted(kinds - set(seen))
    assert not missing, f"the games never made {missing}: choose other games"
    assert seen["stakes settled"] > 0


# =============================================================================================
# against the decoder
# =============================================================================================

CROSS_FIELD: dict[str, str] = {
    # the reasons the decoder may refuse a document the schema accepts: how values relate to
    # each other, which JSON Schema cannot express (the message patterns of the decoder's
    # reading stage; the consistency checks are recognized by where they come from)
    "a number written with '.0' (JSON Schema: the integer 2.0 is 2)": r"got the number -?\d+\.0$",
    "a seat, side or deal number beyond the game's": (
        r"^expected a (seat|side) 0\.\.\d+( or null)?, got \d+$"
        r"|^expected a deal number 1\.\.\d+, got \d+$"
    ),
    "a player count the variant does not allow": r"^the variant .* is for .* players, not \d+$",
    "not one entry per seat, side or deal": r"with \d+ entries, got \d+$|^expected at most \d+ deck orders",
    "a meld's cards against its rank, suit or start": (
        r"^invalid meld: .*(is not of rank|two naturals of suit|is not of the run's suit"
        r"|cannot stand at position|pass the high ace)"
    ),
    "variant options that do not fit together": (
        r"^invalid variant: .*(listed twice|partnerships need exactly 4 players"
        r"|stakes are for individual play|but its contract|the deck has|packs have"
        r"|allows runs of at most|no discard pile to reshuffle"
        r"|offered round the table only instead of a draw)"
    ),
    "a deck order that is not the whole deck": r"^the deck order (is not the|with its burials placed)",
    "contract_left against the table and the hand": r"what the current player still has to lay down",
    "the sides against the variant": r"each seat's side, as the variant has them",
    "a move's labels against the move": r"the move's own (notation|description) \(a label is read-only\)",
    "a listed move's progress against the view's": r"the view's progress, got -?\d+$",
    "an event's index and text against the event": r": the event's (index in the game|text)$",
    "a view holding only the newer events": r"^a view with events_since > 0 holds only",
    "a view's progress against its events": r": the game's progress \(twice its events",
}
"""The decoder's refusals no schema can make, by the decoder's message."""
CONSISTENCY = "consistency (state_problems / view_problems)"
CAUSES: dict[str, type[Exception]] = {
    "a meld's cards against its rank, suit or start": InvalidMeldError,
    "variant options that do not fit together": VariantError,
}
EXPECTED = {
    CONSISTENCY,
    "not one entry per seat, side or deal",
    "a meld's cards against its rank, suit or start",
}
"""Reasons the default sample of mutations must meet (the others may be rare)."""


@pytest.fixture
def problems(monkeypatch: pytest.MonkeyPatch) -> list[Problem]:
    """The problems the decoder's last consistency check found (it asks
    ``state_problems``/``view_problems`` of the value it built and refuses the first)."""
    found: list[Problem] = []

    def recording(
        check: Callable[[Any], tuple[Problem, ...]],
    ) -> Callable[[Any], tuple[Problem, ...]]:
        def wrapper(value: Any) -> tuple[Problem, ...]:
            found[:] = check(value)
            return tuple(found)

        return wrapper

    for name in ("state_problems", "view_problems"):
        monkeypatch.setattr(decoder, name, recording(getattr(decoder, name)))
    return found


def cross_field(error: DecodeError, problems: list[Problem]) -> str | None:
    """Why the decoder refused a document the schema accepts, if no schema can say it."""
    if problems and error.message == problems[0].message:
        field = re.match(r"[a-z_]*", problems[0].where)
        return f"{CONSISTENCY}: {field.group() if field and field.group() else '(whole)'}"
    for reason, pattern in CROSS_FIELD.items():
        if re.search(pattern, error.message):
            cause = CAUSES.get(reason)
            if cause is None or isinstance(error.__cause__, cause):
                return reason
    return None


def compare(kind: str, document: Any, problems: list[Problem]) -> str:
    """The schema's verdict against the decoder's, as a tally key; fails on a disagreement
    the schema could have avoided."""
    schema_accepts = validator(kind).is_valid(document)
    problems.clear()
    try:
        decode(document, kind=kind)  # type: ignore[call-overload]
    except DecodeError as error:
        if not schema_accepts:
            return "both refuse"
        reason = cross_field(error, problems)
        assert reason is not None, (
            f"the schema accepts a {kind} document the decoder refuses for a reason a schema "
            f"can say: {error}"
        )
        return f"schema accepts, decoder refuses: {reason}"
    if not schema_accepts:
        errors = [
            f"{e.json_path}: {e.message[:200]}" for e in validator(kind).iter_errors(document)
        ]
        raise AssertionError(f"the schema refuses a {kind} document the decoder accepts: {errors}")
    return "both accept"


def report(counts: Counter[str], tally: Counter[str], prefix: str) -> None:
    for key, count in counts.items():
        tally[f"{prefix}: {key}"] += count


def test_mutated_documents_against_the_decoder(
    budget: Budget, problems: list[Problem], schema_tally: Counter[str]
) -> None:
    rng = random.Random(14)  # (12 met no meld-card refusal once variants grew wild_twos)
    counts: Counter[str] = Counter()
    for _ in range(budget.n("schemas.mutations")):
        original, mutated, _ = random_mutation(rng)
        counts[compare(kind_of(original), mutated, problems)] += 1
    report(counts, schema_tally, f"random mutations [{budget.name}]")
    reasons = {
        key.removeprefix("schema accepts, decoder refuses: ").split(":")[0] for key in counts
    }
    assert reasons >= EXPECTED, sorted(counts)
    assert counts["both accept"] > 0 and counts["both refuse"] > counts["both accept"]


def small_mutations(document: dict[str, Any], junk_values: int) -> Iterator[Any]:
    """Every value of ``document`` deleted and replaced by ``junk_values`` of the values of
    :data:`JUNK` (a different share for each value, all of them for the exhaustive run), and
    a field added to every object."""
    for index, steps in enumerate(all_paths(document)[1:]):
        yield delete_at(document, steps)
        for k in range(min(junk_values, len(JUNK))):
            yield replace_at(document, steps, JUNK[(index * junk_values + k) % len(JUNK)])
    for steps in all_paths(document):
        node = document
        for step in steps:
            node = node[step]
        if isinstance(node, dict):
            for key in ("extra", "type", "seat", "kind", "rank", "suit", "start", "schema", "end"):
                if key not in node:
                    yield replace_at(document, (*steps, key), 1)


def test_every_change_of_the_small_documents_against_the_decoder(
    budget: Budget, problems: list[Problem], schema_tally: Counter[str]
) -> None:
    counts: Counter[str] = Counter()
    for document in valid_documents():
        kind = kind_of(document)
        if kind in ("card", "move", "meld", "variant"):
            for mutated in small_mutations(document, budget.n("schemas.junk")):
                counts[compare(kind, mutated, problems)] += 1
    report(counts, schema_tally, f"every change of the small documents [{budget.name}]")
    assert counts["both refuse"] > 1000 and counts["both accept"] > 100


# =============================================================================================
# the schema refuses what the decoder refuses, case by case
# =============================================================================================


def base(kind: str) -> dict[str, Any]:
    values: dict[str, object] = {
        "card": pr.parse_card("7H"),
        "meld": pr.parse_meld("5H JK=6H 7H"),
        "variant": pr.CAP_IT,
        "state": pr.new_game(pr.PUSH, seed=3),
        "view": pr.view(pr.new_game(pr.PUSH, seed=3), 0),
        "record": pr.GameRecord.start(pr.PUSH, seed=3).with_move(pr.Push(0)),
    }
    return encode(values[kind])


def move(text: str) -> dict[str, Any]:
    return {"schema": "pushrummy.move", "version": 1, **json.loads(text)}


def changed(kind: str, /, **changes: Any) -> dict[str, Any]:
    document = base(kind)
    document.update(changes)
    return document


def changed_at(kind: str, steps: tuple[Any, ...], value: Any) -> dict[str, Any]:
    return replace_at(base(kind), steps, value)


SET = {"kind": "set", "rank": "9", "cards": ["9C", "9S", "JK"]}
REFUSED: list[tuple[str, str, Any]] = [
    # (what, kind, document): both the schema and the decoder refuse it
    ("no schema", "card", {"version": 1, "card": "7H"}),
    ("another kind", "card", changed("card", schema="pushrummy.move")),
    ("version 2", "card", changed("card", version=2)),
    ("version '1'", "card", changed("card", version="1")),
    ("version true", "card", changed("card", version=True)),
    ("an unknown field", "card", changed("card", rank="7")),
    ("a missing field", "card", {"schema": "pushrummy.card", "version": 1}),
    *[
        ("card " + repr(t), "card", changed("card", card=t))
        for t in ("th", "10h", "1H", "7H\n", " 7H", "♥7", "")
    ],
    ("seat true", "move", move('{"type": "take", "seat": true}')),
    ("seat 1.5", "move", move('{"type": "take", "seat": 1.5}')),
    ("seat -1", "move", move('{"type": "take", "seat": -1}')),
    ("seat 2**63", "move", move(f'{{"type": "take", "seat": {2**63}}}')),
    ("seat null", "move", move('{"type": "push", "seat": null}')),
    ("an unknown type", "move", move('{"type": "draw", "seat": 0}')),
    ("no type", "move", move('{"seat": 0}')),
    ("next_deal with a seat", "move", move('{"type": "next_deal", "seat": 0}')),
    (
        "a discard with a meld",
        "move",
        move('{"type": "discard", "seat": 0, "card": "7H", "meld": null}'),
    ),
    (
        "end 'middle'",
        "move",
        move('{"type": "lay_off", "seat": 0, "card": "JK", "meld_id": 0, "end": "middle"}'),
    ),
    ("end missing", "move", move('{"type": "lay_off", "seat": 0, "card": "JK", "meld_id": 0}')),
    (
        "meld id -1",
        "move",
        move('{"type": "lay_off", "seat": 0, "card": "JK", "meld_id": -1, "end": null}'),
    ),
    (
        "position 15",
        "move",
        move('{"type": "exchange_wild", "seat": 0, "meld_id": 0, "position": 15, "card": "6H"}'),
    ),
    (
        "position 0",
        "move",
        move('{"type": "exchange_wild", "seat": 0, "meld_id": 0, "position": 0, "card": "6H"}'),
    ),
    (
        "melds not a list",
        "move",
        move(f'{{"type": "lay_down", "seat": 0, "melds": {json.dumps(SET)}}}'),
    ),
    # (A set of twos is a meld: the variant's wild_twos decides in a game, [setup.wild].)
    # (A set of 5 is a meld: the variant's set_suits decides in a game, [meld.set_suits].)
    (
        "a set of 2",
        "meld",
        {"schema": "pushrummy.meld", "version": 1, **SET, "cards": ["9C", "9S"]},
    ),
    ("a set with a suit", "meld", {"schema": "pushrummy.meld", "version": 1, **SET, "suit": "C"}),
    ("a run from 13", "meld", changed("meld", start=13)),
    ("a run from 0", "meld", changed("meld", start=0)),
    ("a run of 2", "meld", changed("meld", cards=["5H", "JK"])),
    ("a run of 15", "meld", changed("meld", start=1, cards=["JK"] * 15)),
    ("a run with a rank", "meld", changed("meld", rank="5")),
    ("suit 'X'", "meld", changed("meld", suit="X")),
    ("kind 'pair'", "meld", changed("meld", kind="pair")),
    ("an empty name", "variant", changed("variant", name="")),
    ("partnerships 1", "variant", changed("variant", partnerships=1)),
    ("no player counts", "variant", changed("variant", packs_for_players=[])),
    ("9 players", "variant", changed("variant", packs_for_players=[[9, 3]])),
    ("5 packs", "variant", changed("variant", packs_for_players=[[4, 5]])),
    ("a pair of 3", "variant", changed("variant", packs_for_players=[[4, 2, 1]])),
    ("no deals", "variant", changed("variant", deals=[])),
    ("hand size 0", "variant", changed_at("variant", ("deals", 0, "hand_size"), 0)),
    *[
        ("contract " + repr(text), "variant", changed_at("variant", ("deals", 0, "contract"), text))
        for text in (
            "2 set of 3",
            "1 sets of 3",
            # ("2 sets of 5" is a set_suits=any variant's; the decoder refuses it under
            # distinct, [meld.set_suits], the schema does not tie the two fields.)
            "2 sets of 15",
            "1 run of 15",
            "2 sets of 3 +",
            "02 sets of 3",
            "2 sets of 3, 1 run of 4",
        )
    ],
    (
        "no joker value",
        "variant",
        replace_at(base("variant"), ("card_values",), {k: 1 for k in decoder.CARD_VALUE_KEYS[1:]}),
    ),
    ("a value for '1'", "variant", changed_at("variant", ("card_values", "1"), 5)),
    ("a negative value", "variant", changed_at("variant", ("card_values", "K"), -5)),
    ("a negative ante", "variant", changed("variant", stakes={"ante": -1, "round_prize": 1})),
    ("stakes without a prize", "variant", changed("variant", stakes={"ante": 1})),
    ("push_to 'left'", "variant", changed("variant", push_to="left")),
    ("min naturals 2", "variant", changed("variant", min_naturals_per_meld=2)),
    ("runs of 12", "variant", changed("variant", max_run_length=12)),
    ("turn limit 0", "variant", changed("variant", max_turns_per_deal=0)),
    ("turn limit 2**63", "variant", changed("variant", max_turns_per_deal=2**63)),
    ("seed 2**256", "state", changed("state", seed=2**256)),
    ("seed -(2**256)", "record", changed("record", seed=-(2**256))),
    ("seed 1.5", "record", changed("record", seed=1.5)),
    ("9 players", "record", changed("record", players=9)),
    ("human -1", "record", changed("record", human=-1)),
    ("human '0'", "record", changed("record", human="0")),
    ("1 player", "state", changed("state", players=1)),
    ("phase 'dealing'", "state", changed("state", phase="dealing")),
    ("deal 0", "state", changed("state", deal_number=0)),
    ("a turn of -1", "state", changed("state", turn=-1)),
    ("hands not lists", "state", changed("state", hands="7H")),
    ("a stock card 'XX'", "state", changed_at("state", ("stock", 0), "XX")),
    (
        "a bad table meld",
        "state",
        changed("state", table=[{"id": 0, "owner": 0, "meld": SET, "x": 1}]),
    ),
    (
        "a result ended by 'fold'",
        "state",
        changed(
            "state",
            results=[
                {
                    "deal_number": 1,
                    "dealer": 0,
                    "ended_by": "fold",
                    "went_out": None,
                    "hands": [[]] * 4,
                    "penalties": [0, 0],
                }
            ],
        ),
    ),
    (
        "outcome stakes missing",
        "state",
        changed("state", outcome={"totals": [0, 0], "winners": [0]}),
    ),
    ("contract_left '1 set'", "view", changed("view", contract_left=["1 set"])),
    ("contract 'two sets'", "view", changed("view", contract="two sets of 3")),
    ("a hand size of -1", "view", changed_at("view", ("hand_sizes", 1), -1)),
    ("a legal move 'draw'", "view", changed("view", legal_moves=[{"type": "draw", "seat": 0}])),
    ("a stock size of 1.5", "view", changed("view", stock_size=1.5)),
    ("a state's field", "view", changed("view", stock=[])),
    ("a deck order of 'XX'", "record", changed("record", deals=[["XX"]])),
    ("a move 'fold'", "record", changed("record", moves=[{"type": "fold"}])),
]


@pytest.mark.parametrize(("what", "kind", "document"), REFUSED, ids=[r[0] for r in REFUSED])
def test_the_schema_refuses_what_the_decoder_refuses(what: str, kind: str, document: Any) -> None:
    assert not decoder_accepts(copy.deepcopy(document), kind), f"{what}: the decoder accepts it"
    assert not validator(kind).is_valid(document), f"{what}: the schema accepts it"


EDGES: list[tuple[str, str, Any]] = [
    # (what, kind, document): both accept it
    ("seat 2**63 - 1", "move", move(f'{{"type": "take", "seat": {2**63 - 1}}}')),
    ("turn limit 2**63 - 1", "variant", changed("variant", max_turns_per_deal=2**63 - 1)),
    ("seed 2**256 - 1", "record", changed("record", seed=2**256 - 1)),
    ("seed -(2**256 - 1)", "record", changed("record", seed=-(2**256 - 1))),
    ("the human's seat", "record", changed("record", human=3)),
    ("no human", "record", changed("record", human=None)),
    (
        "a set in any order",
        "meld",
        {"schema": "pushrummy.meld", "version": 1, **SET, "cards": ["JK", "9S", "9C"]},
    ),
    ("a lay-down of no melds", "move", move('{"type": "lay_down", "seat": 0, "melds": []}')),
    ("a run of 14", "meld", changed("meld", start=1, cards=["AH", *(["JK"] * 12), "AH"])),
    (
        "two parts alike",
        "variant",
        changed_at("variant", ("deals", 0, "contract"), "1 set of 3 + 1 set of 3"),
    ),
]


@pytest.mark.parametrize(("what", "kind", "document"), EDGES, ids=[r[0] for r in EDGES])
def test_both_accept_the_edge_cases(what: str, kind: str, document: Any) -> None:
    assert decoder_accepts(copy.deepcopy(document), kind), what
    assert validator(kind).is_valid(document), what
