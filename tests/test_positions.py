"""Games that start from a position set up by hand (``pushrummy.new_position``).

A set-up position is a first-class state: consistent (``state_problems``), its log replays to
it (from its :class:`~pushrummy.StartingPosition`), it round-trips through JSON, each seat's
view round-trips and shows that seat nothing it may not see, and play continues from it
through the later deals to the game's end. Bad arguments are a ``SetupError`` naming the
argument, and a tampered starting position in a document is refused.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import pushrummy as pr
from engine_helpers import earlier_results, run, set_
from pushrummy import Phase
from pushrummy.meld_shape import MeldShape

HANDS = ["7C 7D 7H 9C 9D 9H", "3C 4C 5C 6C 8S KS", "2H 5D 5S QS QH JK", "AD AS 8D 8C 10H JD"]


def _positions() -> dict[str, Callable[[], pr.GameState]]:
    def draw() -> pr.GameState:
        return pr.new_position(pr.PUSH, hands=HANDS, upcard="9S", current_player=0, seed=5)

    def play() -> pr.GameState:  # seat 0 laid down; seat 1 took KH and plays
        return pr.new_position(
            pr.PUSH,
            hands=["4S 5S", "KH KD 3C 8D 10S JS QS", "2H 5D 5S QS QH JK", "AD AS 8D 8C 10H JD"],
            table=[(0, set_("7C 7D 7H")), (0, set_("9C 9D 9H"))],
            phase=Phase.PLAY,
            current_player=1,
            turn=1,
            taken="KH",
            known=["", "KH", "", ""],
            seed=6,
        )

    def laying() -> pr.GameState:  # seat 2 placed one set of its contract
        return pr.new_position(
            pr.PUSH,
            hands=["4S 5S 6H 7S 8H 10C", "KH KD 3C 8D 10S JS", "QC QD QH 8C", "AD AS 8D 9C 10H JD"],
            table=[(2, set_("5C 5D 5H"))],
            phase=Phase.LAYING_DOWN,
            current_player=2,
            seed=7,
        )

    def filling() -> pr.GameState:  # seat 0 announced 7C 7D * and chooses its wild
        return pr.new_position(
            pr.PUSH,
            hands=["7C 7D 2C JK 9C 9D 9H KS", "3C 4C 5C 6C 8S KD", "2H 5D 5S QS QH", "AD 8D 8C JD"],
            phase=Phase.FILLING_WILDS,
            current_player=0,
            dealer=1,
            turn=2,
            shape=MeldShape.of(pr.parse_meld("7C 7D JK=7")),
            seed=8,
        )

    def later_deal() -> pr.GameState:  # Cap-It, five players, deal 3 after two scored deals
        hands = [
            "3C 4C 5C 6C 8S KS 2D 9H 9D 10C",
            "3D 4D 5D 6D 8H KH 2S 9C JC QC",
            "3H 4H 5H 6H 8C KD 2H JD QD AH",
            "3S 4S 5S 6S 8D KC JH QH AS AD",
            "7C 7D 7H 7S 10D 10H 10S JS QS AC",
        ]
        return pr.new_position(
            pr.CAP_IT,
            hands=hands,
            upcard="JK",
            dealer=4,
            turn=3,
            deal_number=3,
            results=earlier_results(pr.CAP_IT, 5, 3, 4),
            seed=9,
        )

    def run_melds() -> pr.GameState:  # deal 3 of Push: runs on the table, seat 3 to draw
        return pr.new_position(
            pr.PUSH,
            hands=["4S 5S", "KH KD 3C 8D 10S JS QS", "2H 5D 5S QS QH JK KC", "AD AS 8D 8C 10H"],
            table=[(0, run("3H 4H 5H 6H")), (0, run("7C 8C 9C 10C JC"))],
            upcard="2S",
            current_player=3,
            turn=6,
            deal_number=3,
            results=earlier_results(pr.PUSH, 4, 3, (3 - 1 - 6) % 4),
            seed=10,
        )

    def stock_pile() -> pr.GameState:  # Contract Rummy: a discard pile under the upcard
        return pr.new_position(
            pr.CONTRACT_RUMMY,
            hands=[
                "7H 7H 7S 9C 9C JK 5D KS 4C 4D",
                "3C 3D 3H 5S 5H 5C 6C 6D 6H 8S",
                "QC QD QH 8C 8D 8H 10C 10D 10H KC",
            ],
            upcard="AS",
            pile="2C 9D KD 4H",
            turn=4,
            seed=11,
        )

    return {f.__name__: f for f in (draw, play, laying, filling, later_deal, run_melds, stock_pile)}


POSITIONS = _positions()


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_set_up_position_is_a_first_class_state(name: str) -> None:
    state = POSITIONS[name]()
    assert pr.state_problems(state) == ()
    start = state.log.events[0]
    assert isinstance(start, pr.StartingPosition) and len(state.log) == 1
    assert start.hands == state.hands and start.sizes == tuple(map(len, state.hands))
    assert pr.from_json(pr.to_json(state)) == state
    assert pr.legal_moves(state)
    for seat in range(state.players):
        me = pr.view(state, seat)
        assert pr.view_problems(me) == ()
        assert pr.from_json(pr.to_json(me)) == me
        seen = me.events[0]
        assert isinstance(seen, pr.StartingPosition)
        assert seen.hands == tuple(
            hand if other == seat else None for other, hand in enumerate(state.hands)
        )
        # Hidden information stays hidden: the view's document names no card of another
        # seat's hand but those publicly known, and neither the stock nor the seed.
        document = pr.encode(me)
        assert "seed" not in document and "stock" not in document
        event = document["events"][0]
        assert event["type"] == "starting_position"
        assert "stock" not in event and "seed" not in event
        shown = Counter(card for hand in event["hands"] if hand is not None for card in hand)
        assert shown == Counter(str(card) for card in state.hands[seat])


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_play_continues_from_a_set_up_position_to_the_end_of_the_game(name: str) -> None:
    state = POSITIONS[name]()
    rng = random.Random(name)
    deals = {state.deal_number}
    moves = 0
    while not state.is_over and moves < 3000:
        state = pr.apply_move(state, pr.random_move(state, rng))
        deals.add(state.deal_number)
        moves += 1
        if moves % 97 == 0:  # a sample of the positions on the way, whole and seen
            assert pr.state_problems(state, log=False) == ()
            seat = moves % state.players
            assert pr.from_json(pr.to_json(pr.view(state, seat))) == pr.view(state, seat)
    assert state.is_over, f"{name}: not over after {moves} moves"
    assert len(deals) == len(state.variant.deals) - POSITIONS[name]().deal_number + 1
    assert isinstance(state.log.events[0], pr.StartingPosition)
    assert pr.state_problems(state) == ()  # the whole log replays, from the starting position
    assert pr.from_json(pr.to_json(state)) == state
    for seat in range(state.players):
        assert pr.from_json(pr.to_json(pr.view(state, seat))) == pr.view(state, seat)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_seat_samples_states_of_a_set_up_game_it_cannot_tell_from_the_real_one(
    name: str,
) -> None:
    rng = random.Random(name)
    for moves in (0, 30, 120):  # the starting position itself, later in its deal, later deals
        state = POSITIONS[name]()
        for _ in range(moves):
            if state.is_over:
                break
            state = pr.apply_move(state, pr.random_move(state, rng))
        for seat in range(state.players):
            me = pr.view(state, seat)
            sample = pr.sample_state(me, rng)
            assert pr.state_problems(sample) == ()
            assert pr.view(sample, seat) == me
            start = sample.log.events[0]
            assert isinstance(start, pr.StartingPosition) and None not in start.hands


def test_the_same_moves_from_the_same_position_make_the_same_game() -> None:
    first, second = POSITIONS["draw"](), POSITIONS["draw"]()
    rng = random.Random(3)
    for _ in range(60):
        move = pr.random_move(first, rng)
        first, second = pr.apply_move(first, move), pr.apply_move(second, move)
    assert first == second and first.log == second.log


def test_the_stock_defaults_to_the_cards_left_shuffled_from_the_seed() -> None:
    one = pr.new_position(pr.PUSH, hands=HANDS, upcard="9S", seed=1)
    same = pr.new_position(pr.PUSH, hands=HANDS, upcard="9S", seed=1)
    other = pr.new_position(pr.PUSH, hands=HANDS, upcard="9S", seed=2)
    assert one.stock == same.stock and one.stock != other.stock
    assert sorted(one.stock) == sorted(other.stock)
    given = pr.new_position(pr.PUSH, hands=HANDS, upcard="9S", stock=tuple(reversed(one.stock)))
    assert given.stock == tuple(reversed(one.stock))
    # a take-free push hands the stock's top card to the next seat: the order given is used
    pushed = pr.apply_move(given, pr.Push(0))
    assert given.stock[0] in pushed.hands[1]


# -- bad arguments: a SetupError naming the argument --------------------------------------------

BASE: dict[str, Any] = {"hands": HANDS, "upcard": "9S", "current_player": 0}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hands": ["7C 7D 7H 9C 9D 9H"] * 4}, "hands"),
        ({"hands": [*HANDS[:3], "AD AS 8D 8C 10H XX"]}, "hands[3]"),
        ({"hands": [*HANDS[:3], ""]}, "hands[3]"),
        ({"upcard": None}, "upcard"),
        ({"upcard": "9S 9H"}, "upcard"),
        ({"phase": Phase.PLAY}, "upcard"),
        ({"phase": Phase.BETWEEN_DEALS}, "phase"),
        ({"stock": pr.parse_cards("2C 3C")}, "stock"),
        ({"current_player": 4}, "current_player"),
        ({"dealer": 0}, "current_player"),
        ({"dealer": -1, "current_player": None}, "dealer"),
        ({"turn": -1}, "turn"),
        ({"deal_number": 6}, "deal_number"),
        ({"deal_number": 2}, "results"),
        ({"known": ["KS", "", "", ""]}, "known[0]"),
        ({"known": ["", ""]}, "known"),
        ({"taken": "7C"}, "taken"),
        ({"laid_down": [1]}, "laid_down[1]"),
        ({"table": [(5, set_("KC KD KH"))]}, "table[0]"),
        (
            {"table": [(1, set_("KC KD KH")), (1, set_("QC QD QH"))], "laid_down": []},
            "table[0].owner",
        ),
        ({"shape": MeldShape.of(pr.parse_meld("7C 7D JK=7"))}, "shape"),
        ({"laid_down_this_turn": True}, "laid_down_this_turn"),
        ({"upcard": "JK"}, "upcard"),
        ({"seed": 2**300}, "seed"),
        ({"pile": "KD"}, "pile"),  # a push variant has no discard pile ([draw.stock])
        ({"pile": "7C 7C"}, "pile"),  # a third 7C
        ({"pile": "7X"}, "pile"),
    ],
)
def test_an_impossible_position_is_a_setup_error_naming_the_argument(
    change: dict[str, Any], field: str
) -> None:
    with pytest.raises(pr.SetupError) as info:
        pr.new_position(pr.PUSH, **{**BASE, **change})
    assert str(info.value).startswith(f"{field}: "), info.value
    assert pr.new_position(pr.PUSH, **BASE).current_player == 0  # the base itself is fine


@pytest.mark.parametrize(
    "change",
    [
        {"hands": "7C 7D"},
        {"hands": [*HANDS[:3], 7]},
        {"table": [set_("KC KD KH")]},
        {"phase": "draw"},
        {"turn": True},
        {"results": [None]},
        {"laid_down_this_turn": 1},
    ],
)
def test_arguments_of_the_wrong_type_are_a_type_error(change: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        pr.new_position(pr.PUSH, **{**BASE, **change})


def test_a_player_count_the_variant_does_not_allow_is_a_variant_error() -> None:
    with pytest.raises(pr.VariantError):
        pr.new_position(pr.PUSH, hands=HANDS[:3], upcard="9S")


def test_the_contract_the_laying_seat_cannot_complete_is_refused() -> None:
    with pytest.raises(pr.SetupError, match=r"^hands\[2\]: .*\[contract.steps\]"):
        pr.new_position(
            pr.PUSH,
            hands=["4S 5S 6H 7S 8H 10C", "KH KD 3C 8D 10S JS", "QC JD 3H 8C", "AD AS 8D 9C 10H"],
            table=[(2, set_("5C 5D 5H"))],
            phase=Phase.LAYING_DOWN,
            current_player=2,
        )


# -- tampered documents ---------------------------------------------------------------------------


def _refused(text: str, edit: Callable[[dict[str, Any]], object], path: str) -> None:
    document = json.loads(text)
    edit(document)
    with pytest.raises(pr.DecodeError) as info:
        pr.from_json(json.dumps(document))
    assert info.value.path.startswith(path), info.value


def test_a_tampered_starting_position_is_refused() -> None:
    state = pr.apply_move(POSITIONS["play"](), pr.Discard(1, pr.parse_card("3C")))
    text = pr.to_json(state)
    start = json.loads(text)["log"][0]
    assert start["type"] == "starting_position"

    def swap_card(d: dict[str, Any]) -> None:
        d["log"][0]["hands"][1][0] = "AC"

    _refused(text, swap_card, "$.log")
    _refused(text, lambda d: d["log"][0]["sizes"].__setitem__(2, 5), "$.log")
    _refused(text, lambda d: d["log"][0]["owners"].__setitem__(1, 2), "$.log[0].owners[1]")
    _refused(text, lambda d: d["log"][0].__setitem__("turn", 0), "$.log")
    _refused(text, lambda d: d["log"][0].__setitem__("upcard", "5H"), "$.log[0].upcard")
    _refused(text, lambda d: d["log"].append(d["log"][0]), "$.log")
    _refused(text, lambda d: d["log"].insert(1, d["log"][0]), "$.log[1]")

    seat = 2
    view_text = pr.to_json(pr.view(state, seat))
    _refused(
        view_text,
        lambda d: d["events"][0]["hands"].__setitem__(0, ["4S", "5S"]),
        "$.events[0].hands",
    )
    _refused(
        view_text,
        lambda d: d["events"][0]["hands"].__setitem__(seat, ["QS", "QH"]),
        "$.events",
    )


def test_a_log_that_does_not_begin_with_a_deal_or_a_position_is_refused() -> None:
    state = pr.new_game(pr.PUSH, seed=1)
    start = POSITIONS["draw"]().log.events[0]
    assert pr.state_problems(state) == ()
    document = json.loads(pr.to_json(state))
    document["log"].insert(1, json.loads(pr.to_json(POSITIONS["draw"]()))["log"][0])
    with pytest.raises(pr.DecodeError) as info:
        pr.from_json(json.dumps(document))
    assert info.value.path.startswith("$.log[1]"), info.value
    assert isinstance(start, pr.StartingPosition)


# -- any arguments: a first-class state or a specific error ----------------------------------------


def _recorded_arguments(monkeypatch: pytest.MonkeyPatch) -> list[tuple[pr.Variant, dict[str, Any]]]:
    """The arguments each of :data:`POSITIONS` passes to ``new_position``."""
    calls: list[tuple[pr.Variant, dict[str, Any]]] = []
    real = pr.new_position

    def recorder(variant: pr.Variant, **arguments: Any) -> pr.GameState:
        calls.append((variant, arguments))
        return real(variant, **arguments)

    with monkeypatch.context() as patch:
        patch.setattr(pr, "new_position", recorder)
        for make in POSITIONS.values():
            make()
    return calls


def _perturbed(
    variant: pr.Variant, arguments: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    deck = list(pr.make_deck(variant.packs(len(arguments["hands"]))))
    players = len(arguments["hands"])

    def some_cards() -> str:
        return " ".join(str(card) for card in rng.sample(deck, rng.randrange(0, 9)))

    changes: dict[str, Callable[[], Any]] = {
        "hands": lambda: [
            some_cards() if rng.random() < 0.3 else hand
            for hand in arguments["hands"][: rng.choice([players, players, players - 1])]
        ],
        "upcard": lambda: rng.choice([None, "JK", str(rng.choice(deck)), "ZZ"]),
        "stock": lambda: rng.choice([None, some_cards()]),
        "table": lambda: [
            (rng.randrange(-1, players + 1), meld) for _, meld in arguments.get("table", ())
        ],
        "laid_down": lambda: rng.sample(range(-1, players + 1), rng.randrange(0, 3)),
        "known": lambda: [some_cards() if rng.random() < 0.2 else "" for _ in range(players)],
        "phase": lambda: rng.choice(list(Phase)),
        "current_player": lambda: rng.choice([None, *range(-1, players + 1)]),
        "dealer": lambda: rng.choice([None, *range(-1, players + 1)]),
        "turn": lambda: rng.randrange(-2, 60),
        "deal_number": lambda: rng.randrange(0, 7),
        "taken": lambda: rng.choice([None, str(rng.choice(deck))]),
        "laid_down_this_turn": lambda: rng.random() < 0.5,
        "shape": lambda: rng.choice([None, MeldShape.of(pr.parse_meld("7C 7D JK=7"))]),
        "results": lambda: earlier_results(
            variant, players, rng.randrange(1, 6), rng.randrange(players)
        ),
        "seed": lambda: rng.choice([0, -5, 2**255, 2**257]),
    }
    out = dict(arguments)
    for name in rng.sample(sorted(changes), rng.randrange(1, 4)):
        out[name] = changes[name]()
    return out


def test_any_arguments_make_a_first_class_state_or_a_specific_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(2025)
    made = refused = 0
    calls = _recorded_arguments(monkeypatch)
    for attempt in range(600):
        variant, base = calls[attempt % len(calls)]
        arguments = _perturbed(variant, base, rng)
        try:
            state = pr.new_position(variant, **arguments)
        except (pr.SetupError, pr.VariantError) as error:
            assert str(error).split(":")[0], error  # names what is at fault
            refused += 1
            continue
        assert pr.state_problems(state) == (), arguments
        assert pr.from_json(pr.to_json(state)) == state
        seat = rng.randrange(state.players)
        assert pr.from_json(pr.to_json(pr.view(state, seat))) == pr.view(state, seat)
        made += 1
    assert made > 30 and refused > 300, (made, refused)


def test_a_starting_position_is_checked_after_its_deal_is_over() -> None:
    """Once play has left the set-up deal, the state no longer shows that deal's position: the
    replay checks the starting position itself (the laid-down seats own their contract's
    melds, a seat part-way down has placed part of it, the taken card is known)."""
    state = POSITIONS["play"]()
    rng = random.Random(4)
    while state.deal_number == 1:
        state = pr.apply_move(state, pr.random_move(state, rng))
    assert pr.state_problems(state) == ()
    start = state.log.events[0]
    assert isinstance(start, pr.StartingPosition)
    forged = {
        "laid_down[2]": attrs.evolve(start, laid_down=(True, False, True, False)),
        "taken": attrs.evolve(start, taken=pr.parse_card("QS"), known=((),) * 4),
        "melds": attrs.evolve(start, owners=(1, 1), laid_down=(False,) * 4),  # all, not part
    }
    for field, event in forged.items():
        log = pr.GameLog(state.players, [event, *state.log.events[1:]])
        problems = pr.state_problems(attrs.evolve(state, log=log))
        assert problems and problems[0].where == f"log[0].{field}", (field, problems)
        seen = attrs.evolve(pr.view(state, 3), events=log.seen_by(3))
        problems = pr.view_problems(seen)
        assert problems and problems[0].where == f"events[0].{field}", (field, problems)


@pytest.mark.rule("draw.stock", "draw.reshuffle")
def test_a_set_up_discard_pile_is_public_and_reshuffled_into_the_stock() -> None:
    variant = pr.CONTRACT_RUMMY
    hands = POSITIONS["stock_pile"]().hands
    left = Counter(variant.deck(3))
    for hand in hands:
        left.subtract(hand)
    left[pr.parse_card("AS")] -= 1
    cards = sorted((+left).elements())
    pile, stock = cards[:-2], cards[-2:]
    state = pr.new_position(variant, hands=hands, upcard="AS", pile=pile, stock=stock, seed=3)
    assert state.pile == tuple(pile) and state.stock == tuple(stock)
    assert state.log.events[0].pile == tuple(pile)
    for seat in range(3):
        assert pr.view(state, seat).pile == tuple(pile)  # every seat saw it discarded
    # Three draws from the stock: the third reshuffles the pile (with the discards on it).
    reshuffled = None
    while reshuffled is None:
        seat = state.current_player
        if state.phase is Phase.DRAW:
            state = pr.apply_move(state, pr.DrawStock(seat))
        else:
            state = pr.apply_move(state, pr.GreedyBot().choose(pr.view(state, seat)))
        reshuffled = next((e for e in state.log.events if isinstance(e, pr.StockReshuffled)), None)
    assert Counter(pile) <= Counter(reshuffled.cards)
    assert pr.state_problems(state) == ()
    assert pr.from_json(pr.to_json(state)) == state


def test_a_starting_position_written_before_the_pile_reads_as_none() -> None:
    state = POSITIONS["draw"]()
    document = json.loads(pr.to_json(state))
    assert document["log"][0]["pile"] == []
    del document["log"][0]["pile"]
    assert pr.from_json(json.dumps(document)) == state
