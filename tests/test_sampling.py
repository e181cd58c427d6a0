"""sample_state: a full state drawn from a seat's view (determinisation for search).

The sample must be a state the seat cannot tell from the real one (its view equals the given
view, events and legal moves included), consistent by every invariant, with the hidden cards
dealt uniformly (a chi-square test over many samples) and a history that accounts for every
seat's cards.
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import attrs
import pytest

import pushrummy as pr
from games import PRESETS, bots, combinations, greedy, melding, playout, variant_for
from pushrummy.events import (
    Bought,
    DealStarted,
    Discarded,
    Drew,
    Exchanged,
    LaidDown,
    LaidOff,
    Melded,
    Pushed,
    Took,
)
from pushrummy.sampling import sample_state, unseen_cards
from pushrummy.state import DEAL_PHASES, GameState, replace_unchecked
from pushrummy.variants import BuryPosition

COMBINATIONS = combinations()


@functools.cache
def game_positions(index: int) -> tuple[tuple[str, GameState], ...]:
    """States spread over a seeded game of the ``index``-th (preset, house rules) pair."""
    preset, house = COMBINATIONS[index]
    variant = variant_for(preset, house)
    players = PRESETS[preset][1]
    policy = (greedy(0.2), melding(), bots("gr" * 4))[index % 3]
    game = playout(variant, players, index, policy)
    step = max(1, len(game.states) // 12)
    between = [s for s in game.states if s.phase is pr.Phase.BETWEEN_DEALS][:2]
    return tuple(
        (f"{preset}/{house}", state) for state in (*game.states[::step], *between, game.final)
    )


@functools.cache
def positions() -> tuple[tuple[str, GameState], ...]:
    """States spread over seeded games of every preset and house-rule set, played when a test
    first asks (not at collection, where every pytest-xdist worker of both runs would play
    them)."""
    return tuple(p for index in range(len(COMBINATIONS)) for p in game_positions(index))


def test_the_positions_cover_every_phase() -> None:
    phases = {state.phase for _, state in positions()}
    assert phases >= {pr.Phase.DRAW, pr.Phase.PLAY, pr.Phase.BETWEEN_DEALS, pr.Phase.GAME_OVER}


@pytest.mark.parametrize("index", range(len(COMBINATIONS)), ids=["/".join(c) for c in COMBINATIONS])
def test_a_sample_is_consistent_and_looks_the_same_to_its_seat(index: int) -> None:
    """Every fifth position of the pair's game (every other: the exhaustive test below)."""
    for name, state in game_positions(index)[::5]:
        rng = random.Random(name)
        for seat in range(state.players):
            me = pr.view(state, seat)
            sample = sample_state(me, rng)
            assert pr.state_problems(sample) == ()
            assert pr.view(sample, seat) == me
            assert pr.view(sample, seat).events == me.events
            if state.current_player == seat:
                assert pr.legal_moves(sample) == me.legal_moves
            assert sample.injected == (None,) * len(state.variant.deals)


@pytest.mark.exhaustive
def test_every_position_samples_consistently() -> None:
    # Every other position, in the exhaustive run (the default run's test above takes every
    # fifth position of each game).
    rng = random.Random(5)
    for _, state in positions()[1::2]:
        for seat in range(state.players):
            me = pr.view(state, seat)
            sample = sample_state(me, rng)
            assert pr.state_problems(sample) == (), (seat, state.phase)
            assert pr.view(sample, seat) == me


def test_laying_down_samples_let_the_layer_finish() -> None:
    # A seat part-way through its lay-down must be able to complete it from the sampled
    # hand (state_problems checks [contract.steps]); the view does not show that hand.
    variant = variant_for("push")
    seen = 0
    for seed in range(6):
        game = playout(variant, 4, seed, melding())
        for state in game.states:
            if state.phase is not pr.Phase.LAYING_DOWN:
                continue
            for seat in range(4):
                if seat != state.current_player:
                    seen += 1
                    sample = sample_state(pr.view(state, seat), random.Random(seen))
                    assert pr.state_problems(sample) == ()
    assert seen > 0


def test_the_same_rng_state_gives_the_same_sample() -> None:
    state = next(s for _, s in positions()[len(positions()) // 2 :] if s.phase is pr.Phase.PLAY)
    me = pr.view(state, 1)
    first = sample_state(me, random.Random(3))
    assert first == sample_state(me, random.Random(3))
    others = {sample_state(me, random.Random(seed)).hands for seed in range(5)}
    assert len(others) > 1


def test_the_own_hand_and_public_cards_are_kept() -> None:
    for name, state in positions()[::7]:
        seat = len(name) % state.players
        me = pr.view(state, seat)
        sample = sample_state(me, random.Random(name))
        assert sample.hands[seat] == state.hands[seat]
        assert sample.table == state.table and sample.upcard == state.upcard
        assert len(sample.stock) == len(state.stock)
        for other in range(state.players):
            assert not Counter(state.known[other]) - Counter(sample.hands[other])


def test_the_unseen_cards_are_the_hidden_hands_and_the_stock() -> None:
    shapes = 0
    picked = [s for i, (_, s) in enumerate(positions()) if i % 5 == 0 or s.shape is not None]
    for state in picked:
        for seat in range(state.players):
            me = pr.view(state, seat)
            hidden: Counter[pr.Card] = Counter(state.stock)
            in_deal = state.phase in DEAL_PHASES
            for other in range(state.players):
                if other != seat and in_deal:
                    seen = Counter(state.known[other])
                    if state.shape is not None and other == state.current_player:
                        # [contract.wilds]: the naturals of the shape announced are public
                        seen |= Counter(state.shape.naturals)
                    hidden.update(Counter(state.hands[other]) - seen)
            assert Counter(unseen_cards(me)) == hidden
            shapes += state.shape is not None
    assert shapes  # positions with a shape announced are among them


def _account(state: GameState) -> None:
    """Each seat's cards in every deal of the sample's full log add up: dealt + drawn +
    taken + bought + pushed to it + wilds exchanged off the table - played = its hand at the
    end."""
    events = list(state.log.events)
    starts = [i for i, e in enumerate(events) if isinstance(e, DealStarted)]
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(events)
        dealt = events[start]
        assert isinstance(dealt, DealStarted)
        hands = [Counter(h) for h in dealt.hands if h is not None]
        assert len(hands) == state.players
        for event in events[start + 1 : end]:
            if isinstance(event, (Took, Bought)):  # a bought upcard as a taken one
                hands[event.seat][event.card] += 1
            elif isinstance(event, Pushed):
                hands[event.to][event.card] += 1
            elif isinstance(event, Drew):
                assert event.card is not None
                hands[event.seat][event.card] += 1
            elif isinstance(event, (LaidDown, Melded)):
                hands[event.seat].subtract(event.meld.cards)
            elif isinstance(event, (LaidOff, Discarded)):
                hands[event.seat][event.card] -= 1
            elif isinstance(event, Exchanged):
                hands[event.seat][event.card] -= 1
                hands[event.seat][event.wild] += 1
            for hand in hands:  # a seat never plays a card it does not hold yet
                assert min(hand.values(), default=0) >= 0, event
        finals = state.results[number].hands if number < len(state.results) else state.hands
        assert [+hand for hand in hands] == [Counter(h) for h in finals]


def test_the_sampled_history_accounts_for_every_card() -> None:
    for name, state in positions()[::4]:
        seat = len(name) % state.players
        sample = sample_state(pr.view(state, seat), random.Random(name))
        _account(sample)
    _account(positions()[-1][1])  # the check itself holds for a real game


def test_buried_wilds_stay_at_the_bottom_with_bottom_burial() -> None:
    variant = variant_for("push", "previous_forbidden_keep_wilds")
    assert variant.bury_position is BuryPosition.BOTTOM
    found = 0
    for seed in range(200):
        state = pr.new_game(variant, seed=seed)
        buried = state.log.events[0]
        assert isinstance(buried, DealStarted)
        if not buried.buried:
            continue
        found += 1
        assert state.stock[-len(buried.buried) :] == buried.buried
        for draw in range(3):
            sample = sample_state(pr.view(state, draw), random.Random(seed))
            assert sample.stock[-len(buried.buried) :] == buried.buried
        if found == 5:
            break
    assert found == 5


# -- uniformity --------------------------------------------------------------------------------

CHI2_CRITICAL_0_001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515}
"""The chi-square distribution's 0.999 quantiles by degrees of freedom."""


def chi_square(observed: list[int], weights: list[int]) -> float:
    """Pearson's statistic of ``observed`` counts against counts in proportion to ``weights``."""
    total, weight = sum(observed), sum(weights)
    expected = [total * w / weight for w in weights]
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def where_it_lands(sample: GameState, seat: int, card: pr.Card) -> int:
    """The other seat holding ``card`` (by its index among the other seats), or the stock."""
    others = [s for s in range(sample.players) if s != seat]
    for index, other in enumerate(others):
        if sample.hands[other].count(card) > sample.known[other].count(card):
            return index
    assert card in sample.stock
    return len(others)


def uniformity(state: GameState, seat: int, samples: int) -> tuple[float, int]:
    """The chi-square statistic (and its degrees of freedom) of where one unseen card (of
    which exactly one copy is unseen) lands, against the slot counts, over ``samples``."""
    me = pr.view(state, seat)
    counts = Counter(unseen_cards(me))
    card = min(c for c, n in counts.items() if n == 1)
    others = [s for s in range(state.players) if s != seat]
    weights = [me.hand_sizes[s] - len(me.known[s]) for s in others] + [me.stock_size]
    observed = [0] * len(weights)
    rng = random.Random(2024)
    for _ in range(samples):
        observed[where_it_lands(sample_state(me, rng), seat, card)] += 1
    return chi_square(observed, weights), len(weights) - 1


def mid_deal(preset: str, seed: int, moves: int) -> GameState:
    variant = variant_for(preset)
    game = playout(variant, PRESETS[preset][1], seed, greedy(0.0), max_moves=moves)
    assert game.final.phase in (pr.Phase.DRAW, pr.Phase.PLAY)
    return game.final


@pytest.mark.parametrize("preset, seed, moves", [("push", 3, 30), ("cap_it_6", 4, 39)])
def test_an_unseen_card_lands_in_proportion_to_the_slots(
    preset: str, seed: int, moves: int
) -> None:
    state = mid_deal(preset, seed, moves)
    assert any(state.known)  # some cards are publicly known: fewer slots in those hands
    statistic, freedom = uniformity(state, 0, 2000)
    assert statistic < CHI2_CRITICAL_0_001[freedom]


def test_the_chi_square_check_catches_a_bias() -> None:
    # The same statistic on a sampler that fills the hands before the stock, unshuffled.
    weights = [5, 5, 5, 80]
    rng = random.Random(1)
    biased = [0, 0, 0, 0]
    for _ in range(2000):
        slot = rng.randrange(sum(weights) // 2)  # only the first half of the slots
        biased[0 if slot < 5 else 1 if slot < 10 else 2 if slot < 15 else 3] += 1
    assert chi_square(biased, weights) > CHI2_CRITICAL_0_001[3]


# -- bad input ---------------------------------------------------------------------------------


def test_wrong_types_are_type_errors() -> None:
    state = pr.new_game(pr.PUSH, seed=1)
    with pytest.raises(TypeError, match="view must be a PlayerView"):
        sample_state(state, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        sample_state(pr.view(state, 0), 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view must be a PlayerView"):
        unseen_cards(None)  # type: ignore[arg-type]


def test_an_inconsistent_view_is_a_setup_error() -> None:
    me = pr.view(pr.new_game(pr.PUSH, seed=1), 0)
    with pytest.raises(pr.SetupError, match="the view is inconsistent"):
        sample_state(attrs.evolve(me, stock_size=me.stock_size + 1), random.Random(1))


def test_every_inconsistent_view_is_refused_before_sampling() -> None:
    """The sampler asks view_problems first: views it used to sample silently wrong (events
    that contradict the view) or crash on (IndexError) are a SetupError."""
    game = playout(variant_for("push"), 4, 11, max_moves=60)
    state = next(s for s in reversed(game.states) if s.phase is pr.Phase.PLAY and s.table)
    seat = (state.current_player + 1) % 4  # type: ignore[operator]
    me = pr.view(state, seat)
    events = list(me.events)
    index = next(i for i, e in enumerate(events) if isinstance(e, Discarded) and e.seat != seat)
    discard = events[index]
    assert isinstance(discard, Discarded)
    other = next(card for card in pr.parse_cards("AC 7D KH") if card != discard.card)
    events[index] = attrs.evolve(discard, card=other)  # the next seat took or pushed another
    broken = [
        attrs.evolve(me, events=pr.events.EventLog(events)),  # was sampled as if it were true
        attrs.evolve(me, hand_sizes=(*me.hand_sizes[:-1], me.hand_sizes[-1] + 1)),
        attrs.evolve(me, known=((), (), (), ())) if any(me.known) else me,
        attrs.evolve(me, table=me.table[1:]),
    ]
    for view in broken:
        if view is me:
            continue
        assert pr.view_problems(view)
        with pytest.raises(pr.SetupError, match="the view is inconsistent"):
            sample_state(view, random.Random(1))


# -- search plumbing: frozen values are not copied; injected deals use no randomness ------------


def test_frozen_values_are_their_own_copies() -> None:
    import copy

    _, state = positions()[len(positions()) // 3]
    me = pr.view(state, 0)
    values: list[object] = [state, me, *state.table, *state.results]
    if state.outcome is not None:
        values.append(state.outcome)
    for value in (*values, sample_state(me, random.Random(1))):
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value
    assert copy.deepcopy([state])[0] is state  # inside a container too


def test_cards_melds_moves_and_variants_are_their_own_copies() -> None:
    import copy

    kinds: dict[type, object] = {}
    for _, position in positions():
        for move in pr.legal_moves(position):
            kinds.setdefault(type(move), move)
    assert {kind.__name__ for kind in kinds} >= {"Take", "Push", "Discard", "NextDeal"}
    _, state = positions()[len(positions()) // 2]
    values: list[object] = [
        *kinds.values(),
        *(card for hand in state.hands for card in hand),
        *(table_meld.meld for table_meld in state.table),
        state.variant,
        state.contract,
    ]
    for value in values:
        assert copy.copy(value) is value, value
        assert copy.deepcopy(value) is value, value


def _placed_order(at: int) -> tuple[list[pr.Card], list[pr.Card]]:
    """A PUSH deal-1 order turning JK then 2C up (dealer 0), as the deck and as the deck with
    both buried ``at`` places from the top of the stock."""
    from engine_helpers import deck_order

    whole = deck_order(dealer=0, hands={}, upcard="JK", stock="2C 7H 8H", filler_seed=5)
    jk, two = pr.parse_card("JK"), pr.parse_card("2C")
    assert whole[24:27] == [jk, two, pr.parse_card("7H")]
    stock = list(whole[27:])
    stock[at:at] = [two, jk]
    return whole, [*whole[:27], *stock]


@pytest.mark.rule("deal.upcard")
@pytest.mark.parametrize("at", [0, 5, 80])
def test_an_injected_deal_may_place_its_burials(at: int) -> None:
    # [deal.upcard] with all randomness injectable: the deck with its burials placed gives
    # the stock exactly, so a chance model can draw where a wild upcard is buried.
    from pushrummy.consistency import state_problems
    from pushrummy.serialization import from_json, to_json

    whole, placed = _placed_order(at)
    assert len(placed) == len(whole) + 2
    state = pr.new_game(pr.PUSH, seed=3, dealer=0, deals=[placed])
    assert state.upcard == pr.parse_card("7H")
    assert list(state.stock) == placed[27:]
    assert state.stock[at : at + 2] == (pr.parse_card("2C"), pr.parse_card("JK"))
    started = state.log.events[0]
    assert isinstance(started, DealStarted)
    assert started.buried == (pr.parse_card("JK"), pr.parse_card("2C"))
    assert not state_problems(state)
    assert from_json(to_json(state)) == state
    record = pr.GameRecord.start(pr.PUSH, seed=3, dealer=0, deals=[placed])
    assert record.initial_state() == state
    assert from_json(to_json(record)) == record  # a saved record keeps its burials
    # As the deck, the same cards bury both wilds at the bottom.
    bottom = pr.new_game(pr.PUSH, seed=3, dealer=0, deals=[whole])
    assert bottom.stock[-2:] == (pr.parse_card("JK"), pr.parse_card("2C"))


@pytest.mark.rule("deal.upcard")
def test_a_placed_order_must_hold_the_deck_and_its_turned_wilds() -> None:
    from pushrummy.consistency import state_problems
    from pushrummy.dealing import check_deck_order, deck_order_problem

    _, placed = _placed_order(3)
    with pytest.raises(
        pr.SetupError,
        match=r"deals\[0\] is not the 108-card deck .* nor the deck with its burials placed.*\(110 cards\)$",
    ):
        pr.new_game(pr.PUSH, seed=3, dealer=0, deals=[[*placed, pr.parse_card("3C")]])
    swapped = [*placed]
    swapped[-1] = pr.parse_card("KS") if swapped[-1] != pr.parse_card("KS") else pr.parse_card("QS")
    with pytest.raises(pr.SetupError, match=r"burials placed .* is not the 108-card deck"):
        pr.new_game(pr.PUSH, seed=3, dealer=0, deals=[swapped])
    # A turned wild that is not in the stock (its copy was dealt instead) is refused.
    lost = [*placed]
    jk = pr.parse_card("JK")
    naturals = (i for i in range(24) if not lost[i].is_wild)
    for i in range(28, len(lost)):
        if lost[i] == jk:  # every joker of the stock changes places with a dealt natural
            j = next(naturals)
            lost[i], lost[j] = lost[j], lost[i]
    problem = deck_order_problem(lost, pr.PUSH, 4, 1)
    assert problem is not None and "turned up but not in the stock" in problem
    # Copies count: two jokers turned up need two jokers in the stock, not one.
    from engine_helpers import deck_order

    twice = deck_order(dealer=0, hands={}, upcard="JK", stock="JK 7H 8H", filler_seed=5)
    assert twice[24:27] == [jk, jk, pr.parse_card("7H")]
    stock = [jk, jk, *twice[27:]]
    placed_twice = [*twice[:27], *stock]
    assert deck_order_problem(placed_twice, pr.PUSH, 4, 1) is None
    short = [*placed_twice]
    dealt = (i for i in range(24) if not short[i].is_wild)
    kept = 0
    for i in range(27, len(short)):
        if short[i] == jk:
            kept += 1
            if kept > 1:  # all the stock's jokers but one change places with dealt naturals
                j = next(dealt)
                short[i], short[j] = short[j], short[i]
    problem = deck_order_problem(short, pr.PUSH, 4, 1)
    assert problem is not None and "JK turned up but not in the stock" in problem
    # Without the deal number (where the hands end), only the deck is an order.
    with pytest.raises(pr.SetupError, match="is not the 108-card deck"):
        check_deck_order(placed, pr.PUSH, 4, "order")
    check_deck_order(placed, pr.PUSH, 4, "order", 1)
    with pytest.raises(pr.SetupError, match=r"deal_number must be 1\.\.5"):
        check_deck_order(placed, pr.PUSH, 4, "order", 6)
    with pytest.raises(TypeError, match="deal_number"):
        check_deck_order(placed, pr.PUSH, 4, "order", True)
    # The consistency check asks the same question of a state's injected orders.
    with pytest.raises(pr.SetupError, match=r"deals\[1\] is not the 108-card deck"):
        pr.new_game(pr.PUSH, seed=3, dealer=0, deals=[None, placed])  # deal 2 deals 28 cards
    state = pr.new_game(pr.PUSH, seed=3, dealer=0, deals=[placed])
    assert not state_problems(state)
    broken = replace_unchecked(state, injected=(tuple(swapped), None, None, None, None))
    assert [problem.where for problem in state_problems(broken)] == ["injected[0]"]


@pytest.mark.rule("deal.upcard")
def test_an_injected_deal_buries_a_wild_upcard_at_the_bottom_whatever_the_seed() -> None:
    # All randomness injectable (DESIGN §6a): with the deck order given, no part of the
    # deal comes from the seed, not even where a wild upcard is buried ([deal.upcard]).
    from engine_helpers import deck_order

    assert pr.PUSH.bury_position is BuryPosition.RANDOM
    order = deck_order(dealer=0, hands={}, upcard="JK", stock="7H 8H", filler_seed=5)
    states = [pr.new_game(pr.PUSH, seed=seed, dealer=0, deals=[order]) for seed in range(8)]
    for state in states:
        assert state.upcard == pr.parse_card("7H")
        assert state.stock == (*order[26:], pr.parse_card("JK"))
    assert len({state.stock for state in states}) == 1
    shuffled = [pr.new_game(pr.PUSH, seed=seed, dealer=0) for seed in range(8)]
    assert len({state.stock for state in shuffled}) == 8  # a shuffled deal still uses the seed


def test_a_seat_filling_a_shape_of_six_wild_places_is_always_sampled() -> None:
    """Cap-It, a run of 7 announced as AH and six wild places: the seat holds six wild cards
    at least. Drawing its hand uniformly and rejecting it gave up after 10,000 tries (the
    wilds are few among the unseen cards); the sampler draws how many wilds it holds from
    their law cut below six, so every sample lets it fill the shape, and the other seats'
    hands and the stock stay uniform."""
    from pushrummy.cards import make_deck
    from pushrummy.contract_spec import Contract
    from pushrummy.variants import DealSpec

    variant = pr.CAP_IT.replace(deals=(DealSpec(10, Contract.parse("1 run of 3 + 1 run of 7")),))
    deck = list(make_deck(3))
    mine = pr.parse_cards("AH 2C 2C 2D 2H 2H 2S JK JK KS")
    for card in mine:
        deck.remove(card)
    random.Random(5).shuffle(deck)
    hands = [mine] + [deck[10 * k : 10 * (k + 1)] for k in range(4)]
    rest = deck[40:]
    upcard = next(card for card in rest if not card.is_wild)
    rest.remove(upcard)
    order = [hands[s][i] for i in range(10) for s in range(5)] + [upcard, *rest]
    state = pr.new_game(variant, seed=1, players=5, dealer=4, deals=[order])
    state = pr.apply_move(state, pr.Take(0))
    state = pr.apply_move(state, pr.parse_move(state, "shape *=8H *=9H *=10H *=JH *=QH *=KH AH"))
    assert state.phase is pr.Phase.FILLING_WILDS
    me = pr.view(state, 1)
    wild_counts: Counter[int] = Counter()
    for index in range(4):
        sample = sample_state(me, random.Random(index))
        assert pr.view(sample, 1) == me
        assert pr.state_problems(sample) == ()
        wild_counts[sum(card.is_wild for card in sample.hands[0])] += 1
    assert min(wild_counts) >= 6
