"""The observation encoder (pushrummy.agents.observation): a fixed-size vector from a view.

* The size depends only on the variant and the player count, and every number lies within
  the encoder's bounds, at every position of seeded games of every preset;
* the vector is a function of the view alone: equal views (built twice, read back from
  JSON, or of states that differ only in what the seat cannot see) give equal vectors, and
  a GameState is refused;
* the sections say what the layout says (hand counts, relative seats, the table, the
  prefix).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import pushrummy as pr
from games import PRESETS, melding, playout, variant_for
from pushrummy.agents import ActionCodec, ActionError, ObservationEncoder
from pushrummy.agents.codec import CARD, DISCARD, SET, STOP
from pushrummy.agents.history import HISTORY_CAP, HISTORY_EVENTS, HISTORY_KINDS, HistoryEncoder
from pushrummy.agents.observation import MAX_PREFIX, TURN_CAP
from pushrummy.meld_shape import MeldShape

SIZES = {"push": 1603, "cap_it_4": 1603, "cap_it_5": 2076, "cap_it_6": 2243}
GAMES = [
    ("push", "default", 1),
    ("push", "exchange_team_next_turn", 2),
    ("cap_it_4", "own_no_new_melds_values", 3),
    ("cap_it_5", "strict_wilds_stakes", 4),
    ("cap_it_6", "default", 5),
    ("push", "plain_rummy_draw", 9),
]


@pytest.mark.parametrize(("preset", "size"), sorted(SIZES.items()))
def test_sizes(preset: str, size: int) -> None:
    variant, players, _ = PRESETS[preset]
    encoder = ObservationEncoder(variant, players)
    assert encoder.size == size == len(encoder.high)
    assert sum(length for _, length in encoder.sections) == size
    assert repr(encoder) == f"ObservationEncoder({variant.name}, players={players}, size={size})"


@pytest.mark.parametrize(("preset", "house", "seed"), GAMES)
def test_every_position_fits_the_layout(preset: str, house: str, seed: int) -> None:
    variant = variant_for(preset, house)
    players = PRESETS[preset][1]
    encoder = ObservationEncoder(variant, players)
    histories = HistoryEncoder(variant, players)
    fresh = ObservationEncoder(variant, players)  # encodes each view once: no reuse
    codec = ActionCodec(variant, players)
    game = playout(variant, players, seed, melding())
    rng = random.Random(seed)
    phases: Counter[str] = Counter()
    for index, state in enumerate(game.states):
        phases[state.phase.value] += 1
        for seat in range(players):
            if seat != state.current_player and index % 3:
                continue  # every position for the seat to move, every third for the others
            view = pr.view(state, seat)
            prefix: tuple[int, ...] = ()
            if view.is_my_turn and rng.random() < 0.5:
                # a random pending prefix of one of the seat's legal moves
                path = codec.encode(rng.choice(view.legal_moves))
                prefix = path[: rng.randrange(len(path))]
            vector = encoder.encode(view, prefix)
            assert len(vector) == encoder.size
            assert all(type(value) is int for value in vector)
            assert all(0 <= value <= high for value, high in zip(vector, encoder.high)), [
                (i, v, h) for i, (v, h) in enumerate(zip(vector, encoder.high)) if not 0 <= v <= h
            ]
            parts = encoder.as_dict(view, prefix)
            assert [name for name, _ in encoder.sections] == list(parts)
            assert tuple(v for part in parts.values() for v in part) == vector
            for name, part in parts.items():
                assert vector[encoder.section(name)] == part
            _check_sections(view, parts, prefix)
            if prefix:  # the same view with another prefix reuses its entries
                assert encoder.encode(view) == fresh.encode(view)
            if index % 4:
                continue
            # the entries are the vector's numbers that are not 0; normalised, all in [0, 1]
            entries = encoder.entries(view, prefix)
            assert entries == {i: v for i, v in enumerate(vector) if v}
            unit = encoder.normalise(vector)
            assert all(0.0 <= u <= 1.0 for u in unit)
            assert [i for i, u in enumerate(unit) if u] == sorted(entries)
            # the history: within its bounds, its counts the deal's events read back
            history = histories.as_dict(view)
            flat = histories.encode(view)
            assert all(0 <= v <= h for v, h in zip(flat, histories.high))
            _check_history(view, history)
    assert phases["game_over"] == 1 and phases["laying_down"] > 0, phases
    assert phases["filling_wilds"] > 0, phases


def _check_history(view: pr.PlayerView, history: dict[str, tuple[int, ...]]) -> None:
    """The history's sections, read back the slow way from the view's events."""
    players, me = view.players, view.seat
    events = list(view.events)
    starts = [i for i, e in enumerate(events) if isinstance(e, pr.DealStarted)]
    deal = events[starts[-1] + 1 :] if starts else events
    for name, kind in (("took", pr.Took), ("pushed", pr.Pushed), ("discarded", pr.Discarded)):
        counts = Counter(
            ((e.seat - me) % players) * 53 + e.card.code for e in deal if isinstance(e, kind)
        )
        assert history[name] == tuple(min(counts[i], HISTORY_CAP) for i in range(players * 53)), (
            name
        )
    drawn = Counter(e.card.code for e in deal if isinstance(e, pr.Drew) and e.seat == me and e.card)
    assert history["drawn"] == tuple(drawn[c] for c in range(53))
    kinds_count = len(HISTORY_KINDS)  # the event kinds, one-hot (a set-up position: a deal start)
    row = kinds_count + players + 1 + 53
    recent = history["recent"]
    for slot in range(HISTORY_EVENTS):
        kinds = recent[slot * row : slot * row + kinds_count]
        if slot < len(events):
            assert sum(kinds) == 1
            kind = type(events[-1 - slot])
            kind = pr.DealStarted if kind is pr.StartingPosition else kind
            assert kinds.index(1) == HISTORY_KINDS.index(kind)
            seat = getattr(events[-1 - slot], "seat", None)
            seats = recent[slot * row + kinds_count : slot * row + kinds_count + 1 + players]
            assert seats.index(1) == (players if seat is None else (seat - me) % players)
        else:
            assert not any(recent[slot * row : (slot + 1) * row])


def _check_sections(
    view: pr.PlayerView, parts: dict[str, tuple[int, ...]], prefix: tuple[int, ...]
) -> None:
    """The sections say what the layout table says, read back the slow way."""
    players = view.players
    order = [(view.seat + r) % players for r in range(players)]
    counts = Counter(card.code for card in view.hand)
    assert parts["hand"] == tuple(counts[code] for code in range(53))
    assert parts["hand_sizes"] == tuple(view.hand_sizes[seat] for seat in order)
    for r, seat in enumerate(order):
        known = Counter(card.code for card in view.known[seat])
        assert parts["known"][53 * r : 53 * (r + 1)] == tuple(known[c] for c in range(53))
        on_table = Counter(c.code for t in view.table if t.owner == seat for c in t.meld.cards)
        assert parts["table_cards"][53 * r : 53 * (r + 1)] == tuple(on_table[c] for c in range(53))
    width = 12 + players
    slots = [parts["melds"][i : i + width] for i in range(0, len(parts["melds"]), width)]
    assert sum(slot[0] for slot in slots) == len(view.table)
    for table_meld in view.table:
        slot = slots[table_meld.id]
        assert slot[0] == 1 and slot[1 + order.index(table_meld.owner)] == 1
        assert slot[10 + players] == len(table_meld.meld.cards)
        assert slot[11 + players] == table_meld.meld.wild_count
        if table_meld.meld.is_run:
            assert slot[8 + players] == table_meld.meld.start
            assert slot[9 + players] == table_meld.meld.end
    upcard = parts["upcard"]
    assert upcard.index(1) == (53 if view.upcard is None else view.upcard.code) and sum(upcard) == 1
    assert parts["stock_size"] == (view.stock_size,)
    # [draw.stock]: the discard pile, only with the stock draw (the push leaves none)
    assert ("pile" in parts) == (view.variant.draw_style is pr.DrawStyle.STOCK)
    if "pile" in parts:
        pile = Counter(card.code for card in view.pile)
        assert parts["pile"] == tuple(pile[code] for code in range(53))
    assert parts["partners"][0] == 1 and sum(parts["partners"]) == (
        2 if players == 4 and view.variant.partnerships else 1
    )
    assert parts["totals"][0] == view.totals[view.side]
    assert sum(parts["phase"]) == 1 and sum(parts["current_player"]) == 1
    assert parts["phase"][[phase.value for phase in PHASES].index(view.phase.value)] == 1
    _check_shape(view, parts)
    if view.current_player is not None:
        assert parts["current_player"][order.index(view.current_player)] == 1
    assert parts["dealer"][order.index(view.dealer)] == 1
    assert parts["deal"][view.deal_number - 1] == 1
    assert sum(parts["contract"]) == view.contract.meld_count
    assert sum(parts["contract_left"]) == sum(r.count for r in view.contract_left)
    assert parts["turn"] == (min(view.turn, TURN_CAP),)
    assert sum(parts["winners"]) == (
        0
        if view.outcome is None
        else sum(1 for seat in range(players) if view.variant.side_of(seat) in view.outcome.winners)
    )
    assert parts["prefix_length"] == (len(prefix),)
    assert sum(parts["prefix_tokens"]) == len(prefix)
    assert parts["prefix_slots"] == tuple(t + 1 for t in prefix) + (0,) * (MAX_PREFIX - len(prefix))


PHASES = (
    pr.Phase.DRAW,
    pr.Phase.PLAY,
    pr.Phase.LAYING_DOWN,
    pr.Phase.FILLING_WILDS,
    pr.Phase.BETWEEN_DEALS,
    pr.Phase.GAME_OVER,
)
"""The phases in the order of the ``phase`` section."""


def _check_shape(view: pr.PlayerView, parts: dict[str, tuple[int, ...]]) -> None:
    """The shape sections: the announced shape in ``filling_wilds``, zeros otherwise."""
    shape = view.shape
    if shape is None:
        assert view.phase is not pr.Phase.FILLING_WILDS
        assert not any(parts["shape"]) and not any(parts["shape_wilds"])
        assert not any(parts["shape_naturals"])
        return
    assert view.phase is pr.Phase.FILLING_WILDS
    features = parts["shape"]
    assert features[0] == 1 and features[1:3] == ((1, 0) if shape.rank is not None else (0, 1))
    assert features[10:] == (len(shape.cards), shape.wild_places)
    # what it makes is a meld with the same features (a table meld's, without the owner)
    meld = shape.fill([pr.JOKER] * shape.wild_places)
    if meld.is_run:
        assert features[3] == 0 and features[4 + int(meld.suit)] == 1
        assert features[8:10] == (meld.start, meld.end)
        wild = {meld.start + i for i, card in enumerate(shape.cards) if card is None}
        assert parts["shape_wilds"] == tuple(int(p in wild) for p in range(1, 15))
    else:
        assert features[3] == int(meld.rank) and features[4:10] == (0,) * 6
        assert not any(parts["shape_wilds"])
    naturals = Counter(card.code for card in shape.naturals)
    assert parts["shape_naturals"] == tuple(naturals[code] for code in range(53))
    assert sum(parts["shape_wilds"]) in (0, shape.wild_places)


def test_a_shape_is_seen_by_every_seat() -> None:
    # Seed 9: seat 1 takes and may lay down the set of threes with its two deuces.
    encoder = ObservationEncoder(pr.PUSH, 4)
    drawn = pr.apply_move(pr.new_game(pr.PUSH, seed=9), pr.Take(1))
    shape = next(m for m in pr.legal_moves(drawn) if isinstance(m, pr.LayDownShape))
    filling = pr.apply_move(drawn, shape)
    for seat in range(4):
        parts = encoder.as_dict(pr.view(filling, seat))
        assert parts["phase"] == (0, 0, 0, 1, 0, 0)
        assert parts["shape"] == (1, 1, 0, 3, 0, 0, 0, 0, 0, 0, 3, 2)
        assert parts["shape_naturals"][pr.parse_card("3S").code] == 1
        assert sum(parts["shape_naturals"]) == 1 and not any(parts["shape_wilds"])
        before = encoder.as_dict(pr.view(drawn, seat))
        assert not any(before["shape"]) and before["phase"] == (0, 1, 0, 0, 0, 0)
    # a run's wild places by position
    me = pr.view(filling, 1)
    run = MeldShape.of(pr.parse_meld("2C=5H 6H 7H JK=8H"))
    parts = encoder.as_dict(attrs.evolve(me, shape=run))
    assert parts["shape"] == (1, 0, 1, 0, 0, 0, 1, 0, 5, 8, 4, 2)
    assert parts["shape_wilds"] == (0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0)
    assert [code for code, n in enumerate(parts["shape_naturals"]) if n] == [
        pr.parse_card(c).code for c in ("6H", "7H")
    ]


# -- built from the view only ----------------------------------------------------------------


def test_equal_views_give_equal_vectors() -> None:
    variant = variant_for("push")
    encoder = ObservationEncoder(variant, 4)
    game = playout(variant, 4, 21, melding())
    for state in game.states[::7]:
        for seat in range(4):
            view = pr.view(state, seat)
            again = pr.view(state, seat)
            assert again == view and encoder.encode(again) == encoder.encode(view)
            # read back from JSON: another object, equal
            copy = pr.from_json(pr.to_json(view), kind="view")
            assert copy == view and encoder.encode(copy) == encoder.encode(view)
            # a state differing only in what no seat sees: the stock's order and the seed
            hidden = attrs.evolve(state, stock=state.stock[::-1], seed=state.seed + 1)
            other = pr.view(hidden, seat)
            assert other == view and encoder.encode(other) == encoder.encode(view)


def test_a_kept_encoder_follows_the_table_meld_by_meld() -> None:
    """An encoder takes a seat's table part from that seat's last one, putting in again
    only the melds that changed: at every position of a game it must give what a new
    encoder gives, through melds added, melds changed in place (lay-offs) and tables
    emptied (a new deal)."""
    variant = variant_for("push")
    kept = ObservationEncoder(variant, 4)
    game = playout(variant, 4, 31, melding())
    last: dict[int, tuple[pr.TableMeld, ...]] = {}
    changes: Counter[str] = Counter()
    for state in game.states:
        for seat in range(4):
            view = pr.view(state, seat)
            assert kept.encode(view) == ObservationEncoder(variant, 4).encode(view)
            before, table = last.get(seat, ()), view.table
            if len(table) < len(before):
                changes["emptied"] += 1
            else:
                changes["added"] += len(table) - len(before)
                changes["changed"] += sum(old is not new for old, new in zip(before, table))
            last[seat] = table
    assert min(changes["emptied"], changes["added"], changes["changed"]) > 0, changes


def test_different_views_give_different_vectors() -> None:
    encoder = ObservationEncoder(pr.PUSH, 4)
    state = pr.new_game(pr.PUSH, seed=9)
    vectors = {encoder.encode(pr.view(state, seat)) for seat in range(4)}
    assert len(vectors) == 4  # four different hands
    after = pr.apply_move(state, pr.Take(1))
    assert encoder.encode(pr.view(after, 1)) != encoder.encode(pr.view(state, 1))
    me = pr.view(after, 1)
    assert encoder.encode(me, (SET + 2,)) != encoder.encode(me)


def test_a_state_is_refused() -> None:
    encoder = ObservationEncoder(pr.PUSH, 4)
    state = pr.new_game(pr.PUSH, seed=9)
    with pytest.raises(TypeError, match=r"view must be a PlayerView, not GameState \(obs"):
        encoder.encode(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view must be a PlayerView, not dict"):
        encoder.as_dict({})  # type: ignore[arg-type]
    histories = HistoryEncoder(pr.PUSH, 4)
    with pytest.raises(TypeError, match=r"not GameState \(a history is built from a view"):
        histories.encode(state)  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="the codec is for push with 4 players"):
        histories.encode(pr.view(pr.new_game(pr.CAP_IT, players=5, seed=9), 0))


def test_bad_prefixes_and_other_games() -> None:
    encoder = ObservationEncoder(pr.PUSH, 4)
    view = pr.view(pr.new_game(pr.PUSH, seed=9), 1)
    with pytest.raises(ActionError, match="token 276 at index 1 is out of range"):
        encoder.encode(view, (DISCARD, 276))
    with pytest.raises(ActionError, match="a pending prefix has at most 15 tokens, not 16"):
        encoder.encode(view, (SET,) + (CARD,) * 14 + (STOP,))
    with pytest.raises(TypeError, match="prefix must be a sequence of ints"):
        encoder.encode(view, "0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a token is an int"):
        encoder.encode(view, (1.0,))  # type: ignore[arg-type]
    with pytest.raises(pr.SetupError, match="the codec is for cap-it"):
        ObservationEncoder(pr.CAP_IT, 4).encode(view)
    with pytest.raises(TypeError, match="players must be an int"):
        ObservationEncoder(pr.PUSH, "4")  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="no observation section 'hands'"):
        encoder.section("hands")


def test_the_history_carries_on_only_from_the_same_events() -> None:
    # The history encoder carries a seat's counts on from its last view when the new view's
    # events begin with that view's: two games in turn, and samples that share the real
    # game's public events but not its hidden draws, give what a fresh encoder gives.
    variant = pr.PUSH.replace(max_turns_per_deal=40)
    histories = HistoryEncoder(variant, 4)
    first = playout(variant, 4, 21, melding()).states
    second = playout(variant, 4, 22, melding()).states
    rng = random.Random(3)
    checked = 0
    for index in range(0, min(len(first), len(second)), 3):
        for state in (first[index], second[index]):
            for seat in range(4):
                view = pr.view(state, seat)
                assert histories.encode(view) == HistoryEncoder(variant, 4).encode(view)
                checked += 1
        state = first[index]
        if state.phase in (pr.Phase.PLAY, pr.Phase.DRAW):
            sample = pr.sample_state(pr.view(state, 0), rng)
            other = pr.view(sample, 1)  # seat 1's draws are dealt afresh in the sample
            assert histories.encode(other) == HistoryEncoder(variant, 4).encode(other)
    assert checked > 100
    # Carried on along one game: every state, then strides longer than the recent window
    # (the rows of events read before shift down; those of more than 32 new events do not).
    for stride in (1, 29):
        carried = HistoryEncoder(variant, 4)
        for state in first[::stride]:
            view = pr.view(state, 2)
            assert carried.encode(view) == HistoryEncoder(variant, 4).encode(view)


def test_a_contract_set_of_five_has_its_own_entry() -> None:
    # With set_suits = any a contract may ask for a set of 5 or more: the contract sections
    # grow by a slot per size beyond 4 (the presets' layouts are unchanged), and every position
    # of a game encodes within its bounds.
    from pushrummy.contract_spec import Contract
    from pushrummy.variants import DealSpec

    variant = pr.CONTRACT_RUMMY.replace(
        name="big-sets",
        max_turns_per_deal=8,
        deals=(
            DealSpec(10, Contract.parse("1 set of 5")),
            DealSpec(10, Contract.parse("2 sets of 3")),
        ),
    )
    encoder = ObservationEncoder(variant, 3)
    preset = ObservationEncoder(pr.CONTRACT_RUMMY, 3)
    sections, preset_sections = dict(encoder.sections), dict(preset.sections)
    assert sections["contract"] == sections["contract_left"] == preset_sections["contract"] + 1
    rng = random.Random(4)
    state = pr.new_game(variant, players=3, seed=4)
    contracts = set()
    while state.phase is not pr.Phase.GAME_OVER:
        me = pr.view(state, state.current_player or 0)
        vector = encoder.encode(me)
        assert all(0 <= v <= h for v, h in zip(vector, encoder.high))
        contracts.add(encoder.as_dict(me)["contract"])
        state = pr.apply_move(state, rng.choice(pr.legal_moves(state)))
    # set of 3, 4, 5: "1 set of 5" marks the third entry, "2 sets of 3" the first
    assert {c[:3] for c in contracts} == {(0, 0, 1), (2, 0, 0)}, contracts
