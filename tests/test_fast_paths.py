"""The engine's private fast paths agree with the slow, validated public ones.

Performance work (issue 3) added shortcuts that skip re-validation or re-computation:
``state.replace_unchecked`` (a copy compiled from the fields), ``views._view`` (likewise),
``melds.trusted_meld`` and ``melds.grown_meld`` (melds built without re-validation),
``moves.lay_down_unchecked`` (no re-sort), the memoised :func:`~pushrummy.layoffs.layoff_map`
behind :func:`~pushrummy.layoffs.layoff_ends`, :func:`~pushrummy.contracts.single_melds`
(new melds listed directly) and the shared draw and discard moves of the move generator.
Later ones: :func:`~pushrummy.plays.discard.discardable` by card codes, the run shapes' skipped
starts and wild caps of the contract search, and the engine's acceptance, unchecked, of the
very moves ``legal_moves`` listed for the very state (``engine.listed``).
DESIGN.md §1.1: an unchecked path is private and tested against the checked one. Here.
"""

from __future__ import annotations

import pickle
import random
from itertools import combinations

import attrs
import pytest

import pushrummy as pr
from checks import offering_seat
from games import PRESETS, bots, greedy, meld_options, playout, variant_for
from pushrummy.cards import ALL_CARDS, Card, make_deck
from pushrummy.contract_spec import Contract
from pushrummy.contracts import contract_options, single_melds
from pushrummy.contracts.hands import position_code as _position_code
from pushrummy.contracts.rules import Rules as _Rules
from pushrummy.contracts.rules import rules_of as _rules_of
from pushrummy.contracts.shapes import run_shapes_of as _run_shapes_of
from pushrummy.contracts.shapes import set_shapes_of as _set_shapes_of
from pushrummy.dealing import shuffle
from pushrummy.engine import listed
from pushrummy.errors import InvalidMeldError
from pushrummy.events import DealStarted, EventLog, seen_by
from pushrummy.layoffs import lay_off, layoff_ends
from pushrummy.melds import (
    End,
    Meld,
    MeldKind,
    grown_meld,
    trusted_meld,
)
from pushrummy.moves import LayDown, lay_down_unchecked
from pushrummy.plays.discard import discardable
from pushrummy.state import GameState, Phase, next_turn_unchecked, replace_unchecked
from pushrummy.views import PlayerView, _view
from reference_moves import canonical, reference_moves, smaller_by_one
from sizes import Budget

pytestmark = pytest.mark.rule("meld.new", "layoff.card", "contract.laydown")

OPTIONS = tuple(
    meld_options(name)
    for name in (
        "default",
        "at_most_naturals",
        "fewer_min_naturals_1",
        "min_naturals_1_max_run_13",
        "fewer_max_run_13",
        "any_suits",
        "natural_twos",
    )
)
SET_OF_3 = Contract.parse("1 set of 3")
RUN_OF_3 = Contract.parse("1 run of 3")
NATURALS = [card for card in make_deck(2) if not card.is_wild]
WILDS = [card for card in make_deck(2) if card.is_wild]


def random_hand(rng: random.Random) -> tuple[Card, ...]:
    """A hand biased towards melds: a few suits or ranks, and some wilds."""
    size = rng.randint(0, 13)
    mode = rng.randrange(3)
    if mode == 0:
        suits = rng.sample(range(4), rng.randint(1, 2))
        pool = [c for c in NATURALS if c.suit in suits]
    elif mode == 1:
        ranks = rng.sample(range(1, 14), 4)
        pool = [c for c in NATURALS if c.rank in ranks]
    else:
        pool = NATURALS
    wilds = rng.choice((0, 0, 1, 1, 2, 3))
    return tuple(sorted(rng.sample(pool, min(size, len(pool))) + rng.sample(WILDS, wilds)))


def played_states(count: int) -> list[GameState]:
    """The first ``count`` states of a few seeded games (greedy and random tables, house rules
    too)."""
    games = (
        ("push", "default"),
        ("cap_it_6", "exchange_team_next_turn"),
        ("push", "previous_forbidden_keep_wilds"),
    )
    states: list[GameState] = []
    for seed, (preset, house) in enumerate(games):
        players = PRESETS[preset][1]
        variant = variant_for(preset, house, max_turns=40)
        kinds = ("rg" * players)[:players]
        states += playout(variant, players, seed, bots(kinds), max_moves=count - 1).states
    return states


STATES = played_states(150)


def test_replace_equals_evolve() -> None:
    rng = random.Random(1)
    fields = [f.name for f in attrs.fields(GameState)]
    for state in STATES[::10]:
        other = rng.choice(STATES)
        changes = {name: getattr(other, name) for name in rng.sample(fields, rng.randint(0, 5))}
        assert replace_unchecked(state, **changes) == attrs.evolve(state, **changes)
    assert replace_unchecked(STATES[0]) == STATES[0]
    with pytest.raises(TypeError):
        replace_unchecked(STATES[0], no_such_field=1)  # type: ignore[call-arg]


def test_next_turn_equals_replace() -> None:
    # [discard.end] the discard's own unrolled copy makes what replace_unchecked makes
    rng = random.Random(2)
    for state in STATES[::10]:
        other = rng.choice(STATES)
        seat = rng.randrange(state.players)
        card = rng.choice(ALL_CARDS)
        made = next_turn_unchecked(
            state, other.hands, other.known, card, other.pile, seat, other.turn, other.log
        )
        expected = attrs.evolve(
            state,
            hands=other.hands,
            known=other.known,
            upcard=card,
            pile=other.pile,
            current_player=seat,
            turn=other.turn,
            log=other.log,
            phase=Phase.DRAW,
            taken=None,
            laid_down_this_turn=False,
        )
        assert made == expected
        assert all(
            getattr(made, f.name) is getattr(expected, f.name) for f in attrs.fields(GameState)
        )


REFERENCE_HAND = 10
"""The largest hand whose moves the reference lists here (it takes seconds for 12 cards)."""


def test_view_equals_the_constructor() -> None:
    judged = filling = 0
    for state in STATES[::7]:
        for seat in range(state.players):
            moves = pr.legal_moves(state) if seat == state.current_player else ()
            fast = _view(state, seat, moves)
            assert pr.view(state, seat) == fast  # the public view is the fast one
            if moves and len(state.hands[seat]) <= REFERENCE_HAND:
                # the listing the views carry, judged by the brute-force reference generator
                # (it shares no code with the engine's move generation)
                assert len(set(fast.legal_moves)) == len(fast.legal_moves)
                assert set(fast.legal_moves) == reference_moves(state)
                judged += state.phase is not Phase.DRAW
                filling += state.phase is Phase.FILLING_WILDS
            slow = PlayerView(
                seat=seat,
                side=state.variant.side_of(seat),
                players=state.players,
                variant=state.variant,
                deal_number=state.deal_number,
                dealer=state.dealer,
                contract=state.contract,
                phase=state.phase,
                current_player=state.current_player,
                offered_by=offering_seat(state),
                hand=state.hands[seat],
                hand_sizes=tuple(len(hand) for hand in state.hands),
                known=state.known,
                upcard=state.upcard,
                table=state.table,
                stock_size=len(state.stock),
                laid_down=state.laid_down,
                laid_down_this_turn=state.laid_down_this_turn,
                taken=state.taken,
                shape=state.shape,
                turn=state.turn,
                totals=state.totals,
                results=state.results,
                outcome=state.outcome,
                events=EventLog([seen_by(event, seat) for event in state.log.events]),
                legal_moves=moves,  # what _view was given, not what it made of it
            )
            assert fast == slow
            assert hash(fast.hand) == hash(slow.hand)
            for field in attrs.fields(PlayerView):
                getattr(fast, field.name)  # every slot is set
    assert judged >= 15  # plays judged, not only draws
    assert filling >= 1  # and fillings of a shape announced ([contract.wilds])


def test_trusted_melds_equal_validated_ones() -> None:
    rng = random.Random(2)
    seen = 0
    for _ in range(200):
        hand = random_hand(rng)
        for meld in single_melds(hand, rng.choice(OPTIONS)):
            checked = Meld(meld.kind, meld.cards, rank=meld.rank, suit=meld.suit, start=meld.start)
            trusted = trusted_meld(meld.kind, meld.cards, meld.rank, meld.suit, meld.start)
            assert trusted == checked == meld
            assert hash(trusted) == hash(checked)
            assert repr(trusted) == repr(checked)
            assert {trusted: 1}[checked] == 1
            seen += 1
    assert seen > 100


def test_layoff_ends_and_grown_agree_with_lay_off() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(300):
        hand = random_hand(rng)
        rules = rng.choice(OPTIONS)
        melds = single_melds(hand, rules)
        if not melds:
            continue
        meld = rng.choice(melds)
        for card in (*ALL_CARDS, *ALL_CARDS):  # twice: the second answer is memoised
            ends = layoff_ends(meld, card, rules)
            candidates = (None,) if meld.kind is MeldKind.SET else (End.LOW, End.HIGH)
            fitting = []
            for end in (None, End.LOW, End.HIGH):
                try:
                    grown = lay_off(meld, card, end, rules)
                except InvalidMeldError:
                    continue
                assert end in candidates
                fitting.append(end)
                assert grown_meld(meld, card, end) == grown
                assert repr(grown_meld(meld, card, end)) == repr(grown)
                checked += 1
            assert ends == tuple(fitting), (meld, card, rules)
    assert checked > 500


def test_layoff_answers_memoised_by_shape_stay_exact() -> None:
    # layoff_entry memoises by the meld's shape (rank and suits or suit and start, size,
    # wilds) and the options: melds grown by lay-offs are new objects of shapes seen
    # before, asked under other options in between. Each answer must still be lay_off's.
    rng = random.Random(31)
    checked = 0
    for _ in range(150):
        rules = rng.choice(OPTIONS)
        melds = single_melds(random_hand(rng), rules)
        if not melds:
            continue
        meld = rng.choice(melds)
        for _ in range(3):  # grow it card by card: new objects, shapes often seen
            for other in (rng.choice(OPTIONS), rules):  # another option set first
                for card in ALL_CARDS:
                    fitting = []
                    for end in (None, End.LOW, End.HIGH):
                        try:
                            lay_off(meld, card, end, other)
                        except InvalidMeldError:
                            continue
                        fitting.append(end)
                    assert layoff_ends(meld, card, other) == tuple(fitting), (meld, card, other)
                    checked += 1
            grown = [
                lay_off(meld, card, end, rules)
                for card in ALL_CARDS
                for end in layoff_ends(meld, card, rules)
            ]
            if not grown:
                break
            meld = rng.choice(grown)
    assert checked > 10_000


def test_the_search_memos_hold_only_what_the_collector_need_not_track() -> None:
    # Every full garbage collection walks every object it tracks; memos of up to 50,000
    # entries holding tracked objects (a Rules object, an Enum member) in their keys made
    # pauses of up to 60 ms in long runs. Keys of ints only are untracked after one pass.
    import gc

    from pushrummy.contracts import candidates, shapes, steps
    from pushrummy.layoffs import _BY_SHAPE

    for seed in range(3):
        for variant in (pr.PUSH, pr.CAP_IT.replace(wild_limit=pr.WildLimit.AT_MOST_NATURALS)):
            limited = variant.replace(max_turns_per_deal=120)
            playout(limited, 4, seed, greedy())
            playout(limited, 4, seed)
    hand = pr.parse_cards("2C 2D 2H 7H 8H 9S 9C 9D QC KC JK")
    for contract in ("1 set of 3 + 1 run of 4", "2 sets of 3", "2 runs of 4"):
        assert contract_options(hand, Contract.parse(contract))
    for _ in range(3):  # a collection untracks a tuple whose items it untracked before
        gc.collect()
    memos = {
        "_RANK_SETS": candidates._RANK_SETS,
        "_SUIT_RUNS": candidates._SUIT_RUNS,
        "_SET_SHAPES": shapes._SET_SHAPES,
        "_RUN_SHAPES": shapes._RUN_SHAPES,
        "_SET_SHAPE_LISTS": shapes._SET_SHAPE_LISTS,
        "_RUN_SHAPE_LISTS": shapes._RUN_SHAPE_LISTS,
        "_FILLS_CACHE": shapes._FILLS_CACHE,
        "_TIES": steps._TIES,
        "_FEASIBLE": steps._FEASIBLE,
        "_BY_SHAPE": _BY_SHAPE,
    }
    for name, memo in memos.items():
        assert memo, f"{name} was not used"
        tracked = [key for key in memo if gc.is_tracked(key)]
        assert not tracked, (name, tracked[:3])
    for name in ("_RANK_SETS", "_SUIT_RUNS", "_SET_SHAPES", "_RUN_SHAPES", "_FILLS_CACHE"):
        values = [value for value in memos[name].values() if gc.is_tracked(value)]
        assert not values, (name, values[:3])


def test_single_melds_are_the_single_component_contract_options() -> None:
    rng = random.Random(4)
    for index in range(400):
        hand = random_hand(rng)
        options = OPTIONS[index % len(OPTIONS)]
        expected = [way[0] for way in contract_options(hand, SET_OF_3, options)]
        expected += [way[0] for way in contract_options(hand, RUN_OF_3, options)]
        assert single_melds(hand, options) == tuple(expected), hand
        assert single_melds(reversed(hand), options) == tuple(expected)


def _wild_heavy_hand(rng: random.Random) -> tuple[Card, ...]:
    """14-16 cards, 4-6 of them wild, the naturals from two suits (long runs) or four ranks."""
    wilds = rng.sample(WILDS, rng.randint(4, 6))
    if rng.random() < 0.5:
        suits = rng.sample(range(4), 2)
        pool = [c for c in NATURALS if c.suit in suits]
    else:
        ranks = rng.sample(range(1, 14), 4)
        pool = [c for c in NATURALS if c.rank in ranks]
    return tuple(sorted(wilds + rng.sample(pool, rng.randint(14, 16) - len(wilds))))


@pytest.mark.parametrize("canonical_wilds", [False, True])
def test_minimal_new_melds_and_lay_offs_make_every_new_meld(
    canonical_wilds: bool, budget: Budget
) -> None:
    """``single_melds(minimal=True)`` (the new melds ``legal_moves`` lists) are exactly the
    melds the reference finds no smaller meld plus one lay-off in, and every new meld is one
    of them and then lay-offs, each accepted by ``lay_off`` ([meld.new], [layoff.card])."""
    rng = random.Random(11)
    longer = 0
    heavy = budget.n("new_melds.wild_heavy")
    hands = [_wild_heavy_hand(rng) for _ in range(heavy)]
    hands += [random_hand(rng) for _ in range(budget.n("new_melds.ordinary"))]
    for index, hand in enumerate(hands):
        options = OPTIONS[index % len(OPTIONS)]
        opts = (options.min_naturals_per_meld, options.wild_limit.value, options.max_run_length)
        twos = options.wild_twos
        opts = (*opts, False, None, options.set_suits.value, twos, "any")
        every = single_melds(hand, options, canonical_wilds=canonical_wilds)
        minimal = single_melds(hand, options, canonical_wilds=canonical_wilds, minimal=True)
        assert minimal == tuple(m for m in every if smaller_by_one(m, opts) is None), hand
        longer += sum(len(m.cards) > 3 for m in minimal)
        listed_melds = set(minimal)
        for meld in every:
            base, lay_offs = meld, []
            while (smaller := smaller_by_one(base, opts)) is not None:
                base, card, end = smaller
                lay_offs.append((card, end))
            assert (canonical(base, twos) if canonical_wilds else base) in listed_melds, meld
            grown = canonical(base, twos) if canonical_wilds else base
            for card, end in reversed(lay_offs):
                grown = lay_off(grown, card, end, options)
            if canonical_wilds:  # the same play: the wilds' places may differ ([meld.wild])
                assert canonical(grown, twos) == canonical(meld, twos)
            else:
                assert grown == meld
    assert longer, "no minimal meld longer than 3 cards: the wild limits went untested"


def test_single_melds_ignore_exact_contract_sizes() -> None:
    hand = pr.parse_cards("5H 6H 7H 8H 9H 9C 9D 9S JK")
    exact = pr.PUSH.replace(contract_exact_sizes=True)
    assert single_melds(hand, exact) == single_melds(hand, pr.PUSH)
    assert any(len(m.cards) == 4 for m in single_melds(hand, exact) if m.kind is MeldKind.SET)


def test_unchecked_lay_downs_equal_the_constructor() -> None:
    rng = random.Random(5)
    for _ in range(100):
        hand = random_hand(rng) + random_hand(rng)
        for way in contract_options(hand, pr.PUSH.deals[rng.randrange(5)].contract)[:20]:
            seat = rng.randrange(4)
            assert lay_down_unchecked(seat, way) == LayDown(seat, way)
            assert hash(lay_down_unchecked(seat, way)) == hash(LayDown(seat, way))


def test_shared_moves_equal_fresh_ones() -> None:
    for state in STATES:
        for move in pr.legal_moves(state):
            fresh = attrs.evolve(move)
            assert fresh == move and type(fresh) is type(move)
            assert pr.is_legal(state, fresh)


def test_listed_moves_apply_unchecked_only_for_their_own_listing() -> None:
    """apply_move skips the checks only for the very move objects legal_moves just listed
    for the very same state object, and the result is the checked path's."""
    for state in STATES[::3]:
        moves = pr.legal_moves(state)
        assert pr.legal_moves(state) is moves  # the listing is kept, not recomputed
        twin = attrs.evolve(state)  # an equal state, another object: nothing listed for it
        for move in moves:
            assert listed(state, move) == (len(moves) <= 256)
            assert not listed(state, attrs.evolve(move)) and not listed(twin, move)
            child = pr.apply_move(state, move)
            assert child == pr.apply_move(twin, move)  # the checked path
            assert pr.legal_moves(state) is moves  # applying leaves the listing in place
        if moves and state.current_player is not None:
            # A move listed for one state is checked as any other against the next state.
            child = pr.apply_move(state, moves[-1])
            pr.legal_moves(child)
            assert pr.is_legal(child, moves[-1]) == (moves[-1] in pr.legal_moves(child))
            if not pr.is_legal(child, moves[-1]):
                with pytest.raises(pr.IllegalMoveError):
                    pr.apply_move(child, moves[-1])


def reference_discardable(state: GameState, seat: int) -> list[Card]:
    """:func:`~pushrummy.plays.discard.discardable` as first written, comparing cards."""
    hand = state.hands[seat]
    variant = state.variant
    distinct = sorted(set(hand))
    if variant.may_discard_wild and (state.taken is None or variant.may_rediscard_taken):
        return distinct
    allowed = distinct
    taken = state.taken
    if (
        taken is not None
        and not variant.may_rediscard_taken
        and any(card != taken for card in hand)
    ):
        allowed = [card for card in allowed if card != taken]
    if not variant.may_discard_wild and any(not card.is_wild for card in hand):
        allowed = [card for card in allowed if not card.is_wild]
    return allowed or distinct


def test_discardable_by_codes_equals_by_cards() -> None:
    rng = random.Random(6)
    checked = 0
    for state in STATES:
        if state.phase is not pr.Phase.PLAY:
            continue
        seat = state.current_player
        assert seat is not None
        for wild in (True, False):
            for again in (True, False):
                variant = state.variant.replace(may_discard_wild=wild, may_rediscard_taken=again)
                taken = state.taken if rng.random() < 0.7 else rng.choice(state.hands[seat])
                probe = replace_unchecked(state, variant=variant, taken=taken)
                assert discardable(probe, seat) == reference_discardable(probe, seat)
                checked += 1
        only = replace_unchecked(state, hands=((state.hands[seat][0],) * 3,) * state.players)
        assert discardable(only, seat) == reference_discardable(only, seat)
    assert checked > 100


def reference_run_shapes(
    suit: int,
    suited: int,
    both_aces: bool,
    wilds: int,
    rules: _Rules,
    smallest: int,
    biggest: int = 14,
) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    """Every run shape :func:`~pushrummy.contracts._run_shapes_of` lists, in its order,
    found by trying every window (no early exits)."""
    positions = (suited << 1) | ((suited & 1) << 14)  # an ace is low and high
    found = []
    for start in range(1, 13):
        for size in range(1, min(rules.max_run, biggest) + 1):
            end = start + size - 1
            if end > 14:
                break
            if size < smallest:
                continue
            window = [
                _position_code(suit, p) if positions >> p & 1 else -1 for p in range(start, end + 1)
            ]
            kept = [index for index, code in enumerate(window) if code >= 0]
            held = len(kept)
            double_ace = start == 1 and end == 14 and positions & 2 and not both_aces
            for dropped in range(held + 1):
                need = size - held + dropped
                if need > wilds or not rules.allows(size - need, need):
                    continue
                for gone in combinations(kept, dropped):
                    if double_ace and 0 not in gone and size - 1 not in gone:
                        continue
                    template = tuple(-1 if i in gone else code for i, code in enumerate(window))
                    found.append((start, size, template, need))
    return tuple(found)


def test_run_shapes_skip_only_empty_starts() -> None:
    rng = random.Random(7)
    for index in range(600):
        rules = _rules_of(OPTIONS[index % len(OPTIONS)])
        suited = rng.getrandbits(13) & rng.getrandbits(13)
        if index % 3 == 0:
            suited &= rng.getrandbits(13)
        elif index % 10 == 1:  # dense suits: windows to the high ace, one ace or both
            suited = 0x1FFF & ~(1 << rng.randrange(13)) | 1
        both_aces = bool(suited & 1) and rng.random() < 0.5
        suit, wilds, smallest = rng.randrange(4), rng.randrange(6), rng.randint(3, 8)
        expected = reference_run_shapes(suit, suited, both_aces, wilds, rules, smallest)
        assert _run_shapes_of(suit, suited, both_aces, wilds, rules, smallest) == expected
        # The step search's windows of one size or a few (minimal steps).
        biggest = smallest + rng.randrange(3)
        expected = reference_run_shapes(suit, suited, both_aces, wilds, rules, smallest, biggest)
        got = _run_shapes_of(suit, suited, both_aces, wilds, rules, smallest, biggest)
        assert got == expected


def test_shapes_with_fewer_wilds_are_the_first_ones_filtered() -> None:
    """What lets contract_options make shapes only up to its wild budget: the shapes for
    fewer wilds are those for more, less the ones needing more, in the same order."""
    rng = random.Random(8)
    for index in range(300):
        rules = _rules_of(OPTIONS[index % len(OPTIONS)])
        suited = rng.getrandbits(13) & rng.getrandbits(13)
        both_aces = bool(suited & 1) and rng.random() < 0.5
        suit, smallest = rng.randrange(4), rng.randint(3, 6)
        runs = _run_shapes_of(suit, suited, both_aces, 5, rules, smallest)
        rank, held = rng.randint(1, 13), rng.randrange(16)
        sets = _set_shapes_of(rank, held, 4, rules)
        for wilds in range(5):
            expected_runs = tuple(shape for shape in runs if shape[3] <= wilds)
            assert _run_shapes_of(suit, suited, both_aces, wilds, rules, smallest) == expected_runs
            expected_sets = tuple(shape for shape in sets if shape[1] <= wilds)
            assert _set_shapes_of(rank, held, wilds, rules) == expected_sets


def test_inlined_shuffle_is_randoms_own() -> None:
    """A deal's shuffle (``Random.shuffle`` with ``_randbelow`` inlined) is the same
    permutation, drawing the same random bits, as ``random.Random.shuffle``."""
    for seed in range(40):
        for packs in (1, 2, 3):
            deck = list(make_deck(packs))
            ours, theirs = random.Random(f"x{seed}"), random.Random(f"x{seed}")
            mine, other = deck.copy(), deck.copy()
            shuffle(ours, mine)
            theirs.shuffle(other)
            assert mine == other
            assert ours.random() == theirs.random()


def test_a_deals_start_seen_by_each_seat_is_the_plain_copy() -> None:
    """``seen_by`` of a :class:`DealStarted` (built slot by slot) equals the event built by
    its constructor with every other seat's hand hidden."""
    for players in (2, 4, 6, 8, 20):
        hands = tuple(
            tuple(ALL_CARDS[(seat * 3 + i) % 53] for i in range(5)) for seat in range(players)
        )
        event = DealStarted(2, 1, ALL_CARDS[7], (ALL_CARDS[52],), hands)
        for seat in (-1, *range(players), players, players + 3):
            plain = DealStarted(
                2,
                1,
                ALL_CARDS[7],
                (ALL_CARDS[52],),
                tuple(hand if i == seat else None for i, hand in enumerate(hands)),
            )
            seen = seen_by(event, seat)
            assert seen == plain and hash(seen) == hash(plain) and repr(seen) == repr(plain)
            assert pickle.loads(pickle.dumps(seen)) == plain
