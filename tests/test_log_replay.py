"""A log must replay to its state: state_problems / view_problems refuse a log whose events
contradict the position (pushrummy.log_replay), and the JSON decoder with them.

Seeded games are played; their logs are mutated one way at a time (a card, a meld id, a seat
changed; an event dropped; two neighbouring events swapped; the log cut short, or taken from
an earlier position) and every mutation must be refused, naming the log. The untouched
states and views of the same games must pass (no false alarms).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

import pushrummy as pr
from games import PRESETS, playout, variant_for
from pushrummy import Phase, state_problems, view_problems
from pushrummy.cards import make_deck
from pushrummy.errors import DecodeError
from pushrummy.events import (
    DealEnded,
    DealStarted,
    Discarded,
    Drew,
    Event,
    EventLog,
    Exchanged,
    GameLog,
    LaidDown,
    LaidOff,
    Melded,
    Pushed,
    Took,
)
from pushrummy.log_replay import replay_log
from pushrummy.serialization import encode
from sizes import Budget

GAMES = [
    ("push", "default"),
    ("cap_it_4", "default"),
    ("cap_it_5", "previous_forbidden_keep_wilds"),
    ("cap_it_6", "exchange_team_next_turn"),
    ("push", "own_no_new_melds_values"),
    ("cap_it_4", "jokers_fewer_previous_stakes"),
]

_CARDS = pr.parse_cards("AC 7D KH 2S JK 9C")
_MUTABLE = (Took, Pushed, Drew, Discarded, LaidOff, Exchanged)
_COMMUTING = (LaidOff, Exchanged, Melded)
"""Plays of one turn that may come in either order (two lay-offs on different melds):
swapping them is no contradiction, so the swaps leave such pairs alone."""


def positions(budget: Budget) -> Iterator[pr.GameState]:
    """States of seeded games: in each phase of a deal, between deals, and at the end."""
    for number, (preset, house) in enumerate(GAMES * budget.n("log_replay.rounds")):
        game = playout(variant_for(preset, house, max_turns=40), PRESETS[preset][1], number)
        rng = random.Random(number)
        states = game.states
        picks = {len(states) - 1, *rng.sample(range(len(states)), 3)}
        laying = [i for i, s in enumerate(states) if s.phase is Phase.LAYING_DOWN]
        picks |= set(laying[:2])
        for index in sorted(picks):
            yield states[index]


def _other_card(card: pr.Card, rng: random.Random) -> pr.Card:
    return rng.choice([c for c in _CARDS if c != card])


def edits(
    event: Event, rng: random.Random, players: int, shown: int | None
) -> Iterator[tuple[str, Event]]:
    """The mutations of one event: a card replaced by another (a hidden card left alone),
    a meld id or a seat changed."""
    if isinstance(event, _MUTABLE) and getattr(event, "card", None) is not None:
        yield "card", attrs.evolve(event, card=_other_card(event.card, rng))  # type: ignore[union-attr]
    if isinstance(event, DealStarted):
        if not event.upcard.is_wild:
            yield "upcard", attrs.evolve(event, upcard=_other_card(event.upcard, rng))
        seat = shown if shown is not None else rng.randrange(len(event.hands))
        hand = event.hands[seat]
        assert hand is not None
        spot = rng.randrange(len(hand))
        new_hand = (*hand[:spot], _other_card(hand[spot], rng), *hand[spot + 1 :])
        yield (
            "dealt hand",
            attrs.evolve(event, hands=(*event.hands[:seat], new_hand, *event.hands[seat + 1 :])),
        )
    if isinstance(event, (LaidDown, Melded, LaidOff, Exchanged)):
        yield "meld id", attrs.evolve(event, meld_id=event.meld_id + rng.choice([-1, 1]))
    if isinstance(event, (Took, Pushed, LaidDown, Melded, LaidOff, Exchanged, Discarded)):
        yield "seat", attrs.evolve(event, seat=(event.seat + 1) % players)


def mutations(
    events: tuple[Event, ...],
    players: int,
    rng: random.Random,
    shown: int | None,
    start: int,
    count: int,
) -> Iterator[tuple[str, list[Event]]]:
    """Every mutation of ``count`` events drawn at or after ``start`` (a view's: in its
    current deal): each edit of the event, and the event dropped, swapped with the next one,
    or the log cut before it. Mutations that leave the log as it was are left out."""
    original = list(events)
    for index in sorted(rng.sample(range(start, len(events)), min(count, len(events) - start))):
        before, event, after = original[:index], events[index], original[index + 1 :]
        changed = [
            (f"{name} of {index}", [*before, edited, *after])
            for name, edited in edits(event, rng, players, shown)
        ]
        changed.append((f"drop {index}", [*before, *after]))
        if after:
            two = after[0]
            same_turn_plays = isinstance(event, _COMMUTING) and isinstance(two, _COMMUTING)
            if not same_turn_plays:
                changed.append((f"swap {index}", [*before, two, event, *after[1:]]))
        if index > start:
            changed.append((f"cut at {index}", before))
        for name, mutated in changed:
            if mutated != original:
                yield name, mutated


def test_untouched_logs_replay_to_their_states_and_views(budget: Budget) -> None:
    checked = 0
    for state in positions(budget):
        assert state_problems(state) == ()
        for seat in range(state.players):
            assert view_problems(pr.view(state, seat)) == ()
        checked += 1
    assert checked >= 4 * len(GAMES)


def test_every_mutation_of_a_state_log_is_refused(budget: Budget) -> None:
    rng = random.Random(25)
    refused = 0
    for state in positions(budget):
        events = tuple(state.log.events)
        for name, mutated in mutations(events, state.players, rng, None, 0, 8):
            broken = attrs.evolve(state, log=GameLog(state.players, mutated))
            problems = state_problems(broken)
            assert problems, f"{name}: accepted"
            assert problems[0].where.startswith("log"), (name, problems)
            refused += 1
    assert refused > 250


def test_every_mutation_of_a_view_s_current_deal_is_refused(budget: Budget) -> None:
    rng = random.Random(26)
    refused = 0
    for state in positions(budget):
        seat = rng.randrange(state.players)
        me = pr.view(state, seat)
        events = tuple(me.events)
        start = max(i for i, e in enumerate(events) if isinstance(e, DealStarted))
        for name, mutated in mutations(events, state.players, rng, seat, start, 6):
            problems = view_problems(attrs.evolve(me, events=EventLog(mutated)))
            assert problems, f"{name}: accepted"
            assert problems[0].where.startswith("events"), (name, problems)
            refused += 1
    assert refused > 150


def _hidden_card_edits(
    me: pr.PlayerView, rng: random.Random
) -> Iterator[tuple[str, pr.PlayerView]]:
    """Each earlier deal's result with one card of another seat's hand replaced by a card of
    the same value that the result's hands alone leave room for (so the scores and
    ``_results``' own deck check still hold): possible or not depending on the deal's events."""
    deck = Counter(make_deck(me.variant.packs(me.players)))
    ended = me.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER)
    for index, result in enumerate(me.results):
        shown = Counter(card for hand in result.hands for card in hand)
        others = [seat for seat, hand in enumerate(result.hands) if seat != me.seat and hand]
        if not others:
            continue
        other = rng.choice(others)
        hand = result.hands[other]
        spot = rng.randrange(len(hand))
        value = pr.hand_value([hand[spot]], me.variant)
        room = [
            card
            for card in sorted(deck)
            if card != hand[spot]
            and shown[card] < deck[card]
            and pr.hand_value([card], me.variant) == value
        ]
        for new in rng.sample(room, min(4, len(room))):
            hands = list(result.hands)
            hands[other] = tuple(sorted((*hand[:spot], new, *hand[spot + 1 :])))
            changed = attrs.evolve(result, hands=tuple(hands))
            results = (*me.results[:index], changed, *me.results[index + 1 :])
            own = hands[me.seat] if ended and index == len(me.results) - 1 else me.hand
            yield (
                f"deal {index + 1} seat {other} {hand[spot]}->{new}",
                attrs.evolve(me, results=results, hand=tuple(sorted(own))),
            )


def test_a_view_s_earlier_deals_are_checked_for_the_cards_it_never_saw(budget: Budget) -> None:
    """A view cannot see another seat's cards in an earlier deal, but its events show where
    many cards went: the cards whose origin a deal's events show and the hidden rest of the
    hands its result shows must fit in the deck. An edit of a result's hidden card is either
    refused or possible: ``sample_state`` then builds a whole state (its log checked card by
    card) that the seat cannot tell from the edited view. Without the check, 111 of 557
    sampled accepted edits had no such state (measured on the default budget)."""
    rng = random.Random(29)
    refused = possible = 0
    for state in positions(budget):
        seat = rng.randrange(state.players)
        for name, edited in _hidden_card_edits(pr.view(state, seat), rng):
            if view_problems(edited):
                refused += 1
                continue
            sample = pr.sample_state(edited, rng)
            assert pr.view(sample, seat) == edited and state_problems(sample) == (), name
            possible += 1
    assert refused > 20 and possible > 20, (refused, possible)


def test_a_log_from_an_earlier_position_is_refused() -> None:
    game = playout(variant_for("cap_it_5"), 5, 3)
    last = next(s for s in reversed(game.states[:-80]) if s.phase is Phase.PLAY)
    earlier = [s for s in game.states if len(s.log) < len(last.log)]
    for back in (1, 2, 7, 60):
        old = earlier[-back].log
        broken = attrs.evolve(last, log=old)
        assert [p.where for p in state_problems(broken)][:1] in (["log"], [f"log[{len(old)}]"])
        seen = attrs.evolve(pr.view(last, 1), events=old.seen_by(1))
        assert [p.where for p in view_problems(seen)][:1] in (["events"], [f"events[{len(old)}]"])


def test_the_decoder_names_the_event() -> None:
    state = playout(variant_for("push"), 4, 5, max_moves=30).states[-1]
    events = list(state.log.events)
    index = next(i for i, e in enumerate(events) if isinstance(e, Took) and i > 3)
    took = events[index]
    assert isinstance(took, Took)
    events[index] = attrs.evolve(took, card=_other_card(took.card, random.Random(1)))
    broken = attrs.evolve(state, log=GameLog(state.players, events))
    with pytest.raises(DecodeError) as caught:
        pr.decode(encode(broken))
    assert caught.value.path == f"$.log[{index}].card"
    assert "is not the upcard" in str(caught.value)


def test_the_replay_says_what_an_event_cannot_be() -> None:
    """Each check of the replay, by the message it gives (and so, that it is made)."""
    state = pr.new_game(pr.PUSH, seed=7)
    seat = state.current_player
    assert seat is not None
    pushed = pr.apply_move(state, pr.Push(seat))
    events = tuple(pushed.log.events)

    def problem(changed: list[Event]) -> str:
        found = replay_log(changed, pr.PUSH, 4, None).problem
        assert found is not None
        return found[2]

    deal, push, first, second = events
    assert isinstance(push, Pushed) and isinstance(first, Drew)
    assert "is not the upcard" in problem(
        [deal, Took(seat, _other_card(deal.upcard, random.Random(271)))]
    )  # type: ignore[union-attr]
    assert "turn" in problem([deal, Took((seat + 1) % 4, deal.upcard)])  # type: ignore[union-attr]
    assert "pushes to seat" in problem([deal, attrs.evolve(push, to=(seat + 2) % 4), first, second])
    assert "expected the draw" in problem([deal, push, second, first])
    assert "must first take the upcard or push" in problem(
        [deal, Discarded(seat, deal.hands[seat][0])]
    )  # type: ignore[union-attr, index]
    assert "cannot end here" in problem([*events, DealEnded(1, pr.DealEnd.OUT, None, (0, 0))])
