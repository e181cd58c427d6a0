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
import inspect
import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pushrummy as pr
from engine_helpers import wrong_type
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
from pushrummy.notation.melds import split_tokens
from pushrummy.predicates import natural_at as pr_natural_at
from pushrummy.records import NEW_SEED_BITS, new_seed

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
    assert split_tokens(text) == _old_tokens(text)


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
        lambda: Take(True),  # a bool is an int to mypy
        lambda: Push(1.0),  # type: ignore[arg-type]
        lambda: Discard(seat=True, card=C7H),  # a bool is an int to mypy
        lambda: Discard(1, "7H"),  # type: ignore[arg-type]
        lambda: LayOff(1, C7H, meld_id=1.0),  # type: ignore[arg-type]
        lambda: LayOff(1, C7H, 1, end="high"),  # type: ignore[arg-type]
        lambda: LayOff("1", C7H, 1),  # type: ignore[arg-type]
        lambda: NewMeld(1, "7S 7H 7D"),  # type: ignore[arg-type]
        lambda: NewMeld(False, MELD),  # a bool is an int to mypy
        lambda: ExchangeWild(1, 0, 5.0, C7H),  # type: ignore[arg-type]
        lambda: ExchangeWild(1, True, 5, C7H),  # a bool is an int to mypy
        lambda: ExchangeWild(1, 0, 5, None),  # type: ignore[arg-type]
        lambda: LayDown(True, (MELD,)),  # a bool is an int to mypy
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
    assert seat is not None
    # Before: Take(True) == Take(1) and hashed alike, so it was "in" a move list that
    # apply_move refused it from.
    with pytest.raises(TypeError, match=r"Take\.seat must be an int, not bool"):
        Take(True)
    with pytest.raises(TypeError, match="meld_id must be an int, not float"):
        LayOff(seat, C7H, 1.0)  # type: ignore[arg-type]


def test_int_fields_accept_int_subclasses_other_than_bool() -> None:
    class Seat(enum.IntEnum):
        NORTH = 0
        EAST = 1
        SOUTH = 2
        WEST = 3

    state = pr.new_game(PUSH, seed=1)
    assert state.current_player is not None
    seat = Seat(state.current_player)
    assert Take(seat) == Take(int(seat))
    assert pr.apply_move(state, Take(seat)) == pr.apply_move(state, Take(int(seat)))


def test_attrs_evolve_checks_too() -> None:
    move = LayOff(1, C7H, 2, End.HIGH)
    assert attrs.evolve(move, seat=3) == LayOff(3, C7H, 2, End.HIGH)
    with pytest.raises(TypeError):
        attrs.evolve(move, meld_id=2.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "cls", [Take, Push, LayDown, LayOff, NewMeld, ExchangeWild, Discard, NextDeal]
)
def test_move_classes_cannot_be_subclassed(cls: type) -> None:
    # A subclass broke apply_move, is_legal and to_json with a KeyError.
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("Mine", (cls,), {})


# -- cards and melds: types and values ------------------------------------------------------------


def test_cards_that_do_not_exist_are_invalid_move_errors() -> None:
    with pytest.raises(pr.InvalidMoveError, match="no such card"):
        pr.Card(pr.Rank.ACE)
    for code in (53, -1, 10**5000, True, 1.0, "1"):
        with pytest.raises(pr.InvalidMoveError) as caught:
            pr.Card.from_code(code)  # type: ignore[arg-type]
        assert short(caught.value)


@pytest.mark.parametrize("packs", [0, -1, 5, 10**6, 10**5000, True, 2.0, "2", None], ids=clip_repr)
def test_make_deck_is_bounded(packs: object) -> None:
    # make_deck(10**6) built 5.4 million cards; make_deck(0) was a plain ValueError.
    with pytest.raises(pr.SetupError) as caught:
        pr.make_deck(packs)  # type: ignore[arg-type]
    assert short(caught.value)
    assert len(pr.make_deck(pr.cards.MAX_PACKS)) == 54 * pr.cards.MAX_PACKS


RUN = pr.parse_meld("5H 6H 7H")


@pytest.mark.parametrize(
    "call",
    [
        lambda: pr.Meld.set_of(["9C", "9S", "JK"]),  # type: ignore[list-item]
        lambda: pr.Meld.set_of("9C 9S JK"),  # type: ignore[arg-type]
        lambda: pr.Meld.set_of([pr.JOKER] * 3, "K"),  # type: ignore[arg-type]
        lambda: pr.Meld.run_of([pr.JOKER] * 3, suit=pr.Suit.HEARTS, start="5"),  # type: ignore[arg-type]
        lambda: pr.Meld.run_of([pr.JOKER] * 3, suit=pr.Suit.HEARTS, start=1.5),  # type: ignore[arg-type]
        lambda: pr.Meld.run_of([pr.JOKER] * 3, suit=pr.Suit.HEARTS, start=True),
        lambda: pr.Meld.run_of([pr.JOKER] * 3, suit="H", start=5),  # type: ignore[arg-type]
        lambda: pr.Meld.run_of(["5H", "6H", "7H"]),  # type: ignore[list-item]
        lambda: pr.check_meld(None),  # type: ignore[arg-type]
        lambda: pr.check_meld(RUN, None),  # type: ignore[arg-type]
        lambda: pr.meld_rule_violation("5H 6H 7H"),  # type: ignore[arg-type]
        lambda: pr.layoff_ends(RUN, None),  # type: ignore[arg-type]
        lambda: pr.layoff_ends(None, C7H),  # type: ignore[arg-type]
        lambda: pr.layoff_ends(RUN, pr.parse_card("8H"), 14),  # type: ignore[arg-type]
        lambda: pr.lay_off(RUN, "8H", End.HIGH),  # type: ignore[arg-type]
        lambda: pr.lay_off(None, C7H),  # type: ignore[arg-type]
        lambda: pr.format_move(LayOff(1, C7H, 0, end="high")),  # type: ignore[arg-type]
    ],
)
def test_wrong_types_are_type_errors(call: Any) -> None:
    # Each of these raised AttributeError, or (run_of's start) built a run.
    with pytest.raises(TypeError):
        call()


def test_run_of_takes_a_rank_or_an_int_start() -> None:
    wilds = [pr.JOKER] * 3
    assert pr.Meld.run_of(wilds, suit=pr.Suit.HEARTS, start=pr.Rank.FIVE).start == 5
    assert pr.Meld.run_of(wilds, suit=pr.Suit.HEARTS, start=5).start == 5


@pytest.mark.parametrize(
    "kwargs",
    [{"max_run_length": 12}, {"max_run_length": 10**5000}, {"min_naturals_per_meld": 2}],
    ids=clip_repr,
)
def test_meld_options_raise_variant_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(pr.VariantError) as caught:
        pr.MeldOptions(**kwargs)
    assert caught.value.field in kwargs
    assert short(caught.value)


def test_long_melds_have_short_messages() -> None:
    builds: list[Callable[[], object]] = [
        lambda: pr.Meld.set_of([C7H] * 200_000),
        lambda: pr.Meld(pr.MeldKind.RUN, [C7H] * 200_000, suit=pr.Suit.HEARTS, start=3),
        lambda: pr.Meld.run_of([pr.parse_card("8S")] + [C7H] * 200_000),
    ]
    for build in builds:
        with pytest.raises(pr.InvalidMeldError) as caught:
            build()
        assert short(caught.value)
        assert "more)" in str(caught.value)


# -- dealing ------------------------------------------------------------------------------------

ALL_BUT_WILDS = pr.CAP_IT.replace(
    packs_for_players=((2, 1),),  # 2 players × 26 cards from 54: 2 cards are left
    deals=(pr.DealSpec(26, pr.Contract.parse("2 sets of 3")),),
)


@pytest.mark.parametrize("bury", list(pr.BuryPosition))
def test_dealing_ends_when_every_card_left_is_wild(bury: pr.BuryPosition) -> None:
    # With seed 63 both cards left after the hands are wild: the burial loop re-inserted
    # the wild and turned it up again, forever.
    variant = ALL_BUT_WILDS.replace(bury_position=bury)
    with pytest.raises(pr.SetupError, match=r"no natural upcard can be turned \[deal\.upcard\]"):
        pr.new_game(variant, seed=63)
    upcard = pr.new_game(variant, seed=1).upcard  # other shuffles deal as before
    assert upcard is not None and upcard.is_natural


def test_an_injected_deck_with_only_wilds_left_cannot_be_dealt() -> None:
    deck = sorted(pr.make_deck(1), key=lambda card: card.is_wild)  # the six wilds last
    with pytest.raises(pr.SetupError, match="all 2 cards left"):
        pr.new_game(ALL_BUT_WILDS, seed=1, deals=[deck])


def test_a_long_deck_order_has_a_short_message() -> None:
    # A 200,000-card order made a 600 KB message.
    for order in ([pr.JOKER] * 200_000, list(pr.make_deck(2)) * 2000):
        with pytest.raises(pr.SetupError) as caught:
            pr.new_game(PUSH, seed=1, deals=[order])
        assert short(caught.value)
        assert "more)" in str(caught.value)


# -- variants -----------------------------------------------------------------------------------

VARIANT_JUNK = [None, 1.5, True, "x", [], [1], {1: 2}, (1, 2), object(), -1, 10**5000, [[1]]]


@pytest.mark.parametrize("name", [field.name for field in attrs.fields(pr.Variant)])
def test_every_variant_option_refuses_junk_with_a_variant_error(name: str) -> None:
    # PUSH.replace(deals=None) was a bare TypeError; an int too long to print made the
    # message itself fail with a ValueError.
    for value in VARIANT_JUNK:
        try:
            pr.PUSH.replace(**{name: value})
        except pr.VariantError as error:
            assert short(error)
            assert error.field.split(".")[0] == name


@pytest.mark.parametrize(
    ("deals", "max_run_length", "words"),
    [
        ((pr.DealSpec(10, pr.Contract.parse("1 set of 5")),), 14, "allows sets of at most 4"),
        ((pr.DealSpec(9, pr.Contract.parse("2 sets of 5")),), 14, "allows sets of at most 4"),
        ((pr.DealSpec(14, pr.Contract.parse("1 run of 14")),), 13, "max_run_length=13"),
        ((pr.DealSpec(15, pr.Contract.parse("1 run of 15")),), 14, "max_run_length=14"),
        ((pr.DealSpec(10, pr.Contract.parse("3 runs of 4")),), 14, "needs 12"),
    ],
)
def test_a_contract_no_hand_can_meet_is_refused(
    deals: tuple[pr.DealSpec, ...], max_run_length: int, words: str
) -> None:
    with pytest.raises(pr.VariantError, match=words) as caught:
        pr.PUSH.replace(deals=deals, max_run_length=max_run_length)
    assert caught.value.field == "deals"


def test_contracts_at_the_limits_are_allowed() -> None:
    for contract, hand in (("1 set of 4", 4), ("1 run of 14", 14), ("2 sets of 4", 8)):
        deal = pr.DealSpec(hand, pr.Contract.parse(contract))
        assert pr.PUSH.replace(deals=(deal,)).deals == (deal,)
    deal = pr.DealSpec(13, pr.Contract.parse("1 run of 13"))
    assert pr.PUSH.replace(deals=(deal,), max_run_length=13).deals == (deal,)


def test_player_counts_too_long_to_print() -> None:
    with pytest.raises(pr.VariantError) as caught:
        pr.new_game(PUSH, seed=1, players=10**5000)
    assert short(caught.value)


# -- scoring ------------------------------------------------------------------------------------

HANDS = [pr.parse_cards("7H"), pr.parse_cards("KS"), (), pr.parse_cards("AD JK")]
STAKES = pr.Stakes(ante=10, round_prize=5)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: pr.hand_value(["AS"], PUSH), TypeError),  # type: ignore[list-item]
        (lambda: pr.hand_value("AS KS", PUSH), TypeError),  # type: ignore[arg-type]
        (lambda: pr.hand_value(HANDS[0], None), TypeError),  # type: ignore[arg-type]
        (lambda: pr.deal_penalties(HANDS, PUSH, went_out=9), pr.SetupError),
        (lambda: pr.deal_penalties(HANDS, PUSH, went_out=-1), pr.SetupError),
        (lambda: pr.deal_penalties(HANDS, PUSH, went_out=True), TypeError),
        (lambda: pr.deal_penalties([], PUSH, went_out=None), pr.SetupError),
        (lambda: pr.winners(()), pr.SetupError),
        (lambda: pr.winners(("1", "2")), TypeError),  # type: ignore[arg-type]
        (lambda: pr.settle_stakes(STAKES, 4, [0, 7], [1], 0), pr.SetupError),
        (lambda: pr.settle_stakes(STAKES, 4, [0], [4], 0), pr.SetupError),
        (lambda: pr.settle_stakes(STAKES, 4, [0], [1], -1), pr.SetupError),
        (lambda: pr.settle_stakes(STAKES, 0, [], [], 0), pr.SetupError),
        (lambda: pr.settle_stakes(STAKES, 4.0, [], [], 0), TypeError),  # type: ignore[arg-type]
        (lambda: pr.settle_stakes(None, 4, [], [], 0), TypeError),  # type: ignore[arg-type]
    ],
)
def test_scoring_refuses_bad_arguments(call: Any, error: type[Exception]) -> None:
    # deal_penalties(..., went_out=9) returned (0, 0) silently; settle_stakes raised
    # IndexError, winners(()) a plain ValueError, hand_value AttributeError.
    with pytest.raises(error):
        call()


# -- bots ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [pr.GreedyBot(), pr.RandomBot(1)])
def test_bots_want_a_view(bot: pr.Bot) -> None:
    state = pr.new_game(PUSH, seed=1)
    for junk in (None, state, "view"):
        with pytest.raises(TypeError, match="expects a PlayerView"):
            bot.choose(junk)  # type: ignore[arg-type]
    assert state.current_player is not None
    assert bot.choose(pr.view(state, state.current_player)) in pr.legal_moves(state)


# -- seeds ----------------------------------------------------------------------------------------


def test_new_seeds_have_128_secret_bits() -> None:
    seeds = {new_seed() for _ in range(8)}
    assert len(seeds) == 8
    assert all(0 <= seed < 2**NEW_SEED_BITS for seed in seeds)
    # Eight seeds all below 2**120 would happen once in 2**64 runs.
    assert max(seeds) >= 2**120


def test_a_record_started_without_a_seed_gets_a_new_one() -> None:
    records = [pr.GameRecord.start(PUSH) for _ in range(4)]
    assert len({record.seed for record in records}) == 4
    assert max(record.seed for record in records).bit_length() > 100


@pytest.mark.parametrize("seed", [2**128 - 1, -(2**128), 2**256 - 1, 12345678901234567890])
def test_big_seeds_work_everywhere(seed: int) -> None:
    record = pr.GameRecord.start(PUSH, seed=seed)
    state = pr.replay(record)
    assert state.current_player is not None
    move = pr.GreedyBot().choose(pr.view(state, state.current_player))
    record = record.with_move(move)
    text = pr.to_json(record)
    assert f'"seed":{seed},' in text
    again = pr.from_json(text, kind="record")
    assert again == record and pr.replay(again) == pr.apply_move(state, move)
    state_text = pr.to_json(pr.replay(record))
    assert pr.from_json(state_text, kind="state") == pr.replay(record)


def test_seeds_beyond_the_record_format_are_refused() -> None:
    with pytest.raises(pr.SetupError, match="seed"):
        pr.GameRecord(variant=PUSH, seed=2**256, players=4, dealer=0)
    with pytest.raises(pr.SetupError, match="seed"):
        pr.new_game(PUSH, seed=-(2**256))


def test_records_quote_long_moves_briefly() -> None:
    huge = LayDown(2, [MELD] * 100_000)
    with pytest.raises(pr.IllegalMoveError) as caught:
        pr.replay(pr.GameRecord.start(PUSH, seed=7).with_move(huge))
    assert len(str(caught.value).partition(": ")[0]) < 400
    with pytest.raises(TypeError) as type_error:
        pr.GameRecord.start(PUSH, seed=7).with_move(["take"] * 100_000)  # type: ignore[arg-type]
    assert short(type_error.value)


# -- every public function of these modules: only TypeError or a library error ---------------------

FUZZED_MODULES = (
    pr.cards,
    pr.melds,
    pr.moves,
    pr.notation,
    pr.scoring,
    pr.variants,
    pr.records,
    pr.dealing,
    pr.predicates,
    pr.events,
    pr.layoffs,
)


def _fuzz_targets() -> list[tuple[str, Callable[..., object]]]:
    targets: list[tuple[str, Callable[..., object]]] = []
    for module in FUZZED_MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, type) and issubclass(value, enum.Enum):
                continue  # Rank(99) is Python's own ValueError, as for every Enum
            if inspect.isfunction(value) or isinstance(value, type):
                targets.append((f"{module.__name__}.{name}", value))
            if isinstance(value, type):
                for attribute, member in vars(value).items():
                    if isinstance(member, classmethod):
                        targets.append((f"{name}.{attribute}", getattr(value, attribute)))
    for method in ("card_value", "packs", "side_of", "side_count"):
        targets.append((f"Variant.{method}", getattr(PUSH, method)))
    return targets


def _arity(function: Callable[..., object]) -> tuple[int, int]:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return 1, 1
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len([p for p in positional if p.default is p.empty]), len(positional)


class _OddRules:
    """Meld rules by attributes (the MeldRules protocol), of the wrong types."""

    min_naturals_per_meld = 0
    wild_limit = "unlimited"
    max_run_length = 14


@pytest.mark.parametrize(
    ("name", "function"),
    [pytest.param(name, function, id=name) for name, function in _fuzz_targets()],
)
def test_junk_arguments_raise_only_type_errors_or_library_errors(
    name: str, function: Callable[..., object]
) -> None:
    state = pr.new_game(PUSH, seed=7)
    junk: list[object] = [
        None, 0, -1, 5, 10**30, 10**5000, True, 1.5, "", "7H", "x" * 10_000, b"7H", [], {},
        object(), C7H, [C7H] * 3, ("7H",), [None], MELD, [MELD], state, PUSH, End.HIGH,
        pr.Rank.ACE, pr.Suit.HEARTS, pr.view(state, 2), Take(2), [1, 2], _OddRules(),
        pr.MeldOptions(), [99],
    ]  # fmt: skip
    rng = random.Random(name)
    low, high = _arity(function)
    for _ in range(150):
        args = [rng.choice(junk) for _ in range(rng.randint(low, max(low, high)))]
        try:
            function(*args)
        except (TypeError, PushRummyError) as error:
            assert short(error), (name, args)


def test_the_rule_predicates_check_their_arguments() -> None:
    # Public (pushrummy.predicates) and asked on every listing: a junk argument is a
    # TypeError naming it, not an AttributeError from inside or a silent answer.
    from pushrummy.predicates import (
        discard_restricted,
        discardable_codes,
        keeps_a_card,
        may_target,
        push_allowed,
    )

    with pytest.raises(TypeError, match="may_target: variant must be a Variant, not MeldOptions"):
        may_target(pr.MeldOptions(), 0, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="may_target: seat must be an int, not str"):
        may_target(PUSH, "1", 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="may_target: owner must be an int, not bool"):
        may_target(PUSH, 1, True)
    with pytest.raises(TypeError, match="push_allowed: stock_size must be an int, not float"):
        push_allowed(PUSH, 1.0)  # type: ignore[arg-type]
    # A bool is no int here, in the compiled build too (which would convert it to 0 or 1
    # for a parameter annotated int: these are annotated SupportsIndex, docs/speed.rst).
    with pytest.raises(TypeError, match="push_allowed: stock_size must be an int, not bool"):
        push_allowed(PUSH, False)
    with pytest.raises(TypeError, match="may_target: seat must be an int, not bool"):
        may_target(PUSH, False, 2)
    with pytest.raises(TypeError, match="keeps_a_card: used must be an int, not bool"):
        keeps_a_card(PUSH.replace(must_discard_to_go_out=True), 1, True)
    with pytest.raises(TypeError, match="a run position is an int, not bool"):
        pr_natural_at(pr.parse_meld("AH 2H 3H"), True, True)
    # A bool parameter: mypyc's entry check refuses an int first in the compiled build.
    with pytest.raises(TypeError, match=wrong_type("natural_at: wild_twos must be a bool")):
        pr_natural_at(pr.parse_meld("AH 2H 3H"), 2, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="push_allowed: variant must be a Variant"):
        push_allowed(None, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="discard_restricted: taken must be a Card or None"):
        discard_restricted(PUSH, "7H")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="discard_restricted: variant must be a Variant"):
        discard_restricted("push", None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="codes must be card codes"):
        discardable_codes(["7H"], PUSH, None)  # type: ignore[list-item]
    with pytest.raises(pr.InvalidMoveError, match="no card has the code 99"):
        discardable_codes([3, 99], PUSH, None)
    with pytest.raises(pr.InvalidMoveError, match="no card has the code -1"):
        discardable_codes([-1, 3], PUSH.replace(may_discard_wild=False), None)

    class Seat(int):
        pass

    assert may_target(PUSH.replace(layoff_targets=pr.LayoffTargets.OWN), Seat(1), 1)
    assert not keeps_a_card(PUSH.replace(must_discard_to_go_out=True), Seat(2), Seat(2))
    assert pr_natural_at(pr.parse_meld("AH 2H 3H"), Seat(14), True) == pr.parse_card("AH")
    assert push_allowed(PUSH, Seat(0)) and not discard_restricted(PUSH, None)
    assert discardable_codes([52, 3, 3], PUSH.replace(may_discard_wild=False), None) == [3]


def test_a_log_seats_one_to_eight() -> None:
    from pushrummy.events import GameLog

    assert GameLog(8).players == 8
    for players in (0, 9, 10**30, 10**5000):
        with pytest.raises(pr.SetupError, match=r"players must be 1\.\.8") as caught:
            GameLog(players)
        assert short(caught.value)


def test_gaps_found_writing_the_raises_sections() -> None:
    """Wrong types and values that raised AttributeError/AssertionError or passed silently."""
    run = pr.parse_meld("5H 6H 7H")
    with pytest.raises(pr.InvalidMeldError, match="is a set: it has no run places"):
        pr_natural_at(pr.parse_meld("7S 7H 7D"), 7, pr.PUSH.wild_twos)
    assert pr_natural_at(run, 6, pr.PUSH.wild_twos) == pr.parse_card("6H")
    with pytest.raises(TypeError, match="natural_at expects a Meld"):
        pr_natural_at("5H 6H 7H", 6, pr.PUSH.wild_twos)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state must be a GameState"):
        pr.drive(None, lambda state: None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="source must be a function"):
        pr.drive(pr.new_game(pr.PUSH, seed=1), "bots")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="format_cards expects cards"):
        pr.format_cards(["AS"], symbols=True)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="seat must be an int"):
        pr.CAP_IT.side_of("x")  # type: ignore[arg-type]
    with pytest.raises(pr.NotationError) as caught:
        pr.Contract.parse("x" * 100_000)
    assert len(str(caught.value)) < 1_000
    with pytest.raises(TypeError, match=r"GameRecord\.deals must"):
        pr.GameRecord(variant=pr.PUSH, seed=1, players=4, dealer=0, deals="abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"GameRecord\.deals must"):
        pr.GameRecord(variant=pr.PUSH, seed=1, players=4, dealer=0, deals=[["AS"]])  # type: ignore[list-item]
