"""The invariant checkers (DESIGN.md §7), shared by the conformance suite, the soak and the
tests of single features. Every checker asserts; none returns a verdict.

* :func:`check_state` — the whole deck is accounted for (108 or 162 cards), hands sorted,
  table ids dense, the phase consistent with the rest, totals the sum of the deal results;
* :func:`check_final` — the game ended with an :class:`~pushrummy.Outcome`; every deal's
  penalties equal the cards left in the shown hands, the totals their sum, stakes settled;
* :func:`check_replay` — the same seed and the same moves replay to identical states, and the
  game's :class:`~pushrummy.GameRecord` replays to the final state;
* :func:`check_sampled` — every legal move applies (the input state untouched), corrupted
  moves are refused with the right error class and rule id (the input untouched), and
  ``is_legal(s, m) == (m in legal_moves(s))`` for legal and corrupted candidates alike;
* :func:`assert_round_trip` — a value survives the JSON round trip, with a stable text;
* :func:`check_views` — every seat's view shows what the seat may know and nothing else: it
  does not change when the cards hidden from the seat are dealt again
  (:func:`reshuffle_hidden`), and it does change with the seat's own cards;
* :func:`conformance` — all of the above over one seeded game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs

import pushrummy as pr
from engine_helpers import assert_rejected, snapshot
from engine_helpers import assert_unchanged as _unchanged
from games import Game, Policy, playout
from pushrummy import (
    BuyUpcard,
    ContractNotMetError,
    DealEnd,
    Discard,
    DrawStock,
    End,
    ExchangeWild,
    FillWilds,
    IllegalMoveError,
    LayDown,
    LayDownShape,
    LayOff,
    NewMeld,
    NextDeal,
    PassUpcard,
    Phase,
    Push,
    Rank,
    Take,
    UpcardOffered,
)
from pushrummy.cards import ALL_CARDS, JOKER, Card
from pushrummy.errors import (
    CardNotInHandError,
    GameOverError,
    NotYourTurnError,
    WrongPhaseError,
)
from pushrummy.meld_shape import MeldShape
from pushrummy.melds import Meld, MeldKind
from pushrummy.records import replay
from pushrummy.serialization import decode, encode, from_json, to_json
from pushrummy.state import GameState, replace_unchecked
from pushrummy.variants import WildExchange

__all__ = [
    "assert_round_trip",
    "candidates",
    "check_final",
    "check_game",
    "check_position",
    "check_replay",
    "check_sampled",
    "check_state",
    "check_views",
    "conformance",
    "corrupted",
    "deck_of",
    "hidden_from",
    "offering_seat",
    "reshuffle_hidden",
    "swap_in_hand",
]


def deck_of(variant: pr.Variant, players: int) -> Counter[Card]:
    """The whole deck of a game, as a multiset."""
    return Counter(variant.deck(players))


# -- invariants of single states ---------------------------------------------------------------


def check_state(state: GameState, deck: Counter[Card], *, log: bool = True) -> None:
    """Every invariant of the state (:func:`pushrummy.state_problems`: conservation, phase,
    turn arithmetic, table, results, totals, outcome, and with ``log`` the event log), and
    the deck this game was dealt."""
    problems = pr.state_problems(state, log=log)
    assert problems == (), [str(problem) for problem in problems]
    assert state.card_count() == sum(deck.values())


def points(card: Card, variant: pr.Variant) -> int:
    return variant.card_values[0 if card.rank is None else int(card.rank)]


def check_final(state: GameState) -> None:
    """The outcome and every deal's score, recomputed from the shown hands."""
    variant = state.variant
    assert state.phase is Phase.GAME_OVER
    assert len(state.results) == len(variant.deals)
    for number, result in enumerate(state.results, start=1):
        assert result.deal_number == number
        expected = [0] * state.side_count
        out_side = None if result.went_out is None else variant.side_of(result.went_out)
        for seat, hand in enumerate(result.hands):
            if variant.side_of(seat) != out_side:
                expected[variant.side_of(seat)] += sum(points(x, variant) for x in hand)
        assert result.penalties == tuple(expected)
        if result.ended_by is DealEnd.OUT:
            assert result.went_out is not None and result.hands[result.went_out] == ()
        else:
            assert result.went_out is None
            assert all(result.hands)
    outcome = state.outcome
    assert outcome is not None
    assert outcome.totals == state.totals
    low = min(state.totals)
    assert outcome.winners == tuple(s for s, t in enumerate(state.totals) if t == low)
    if variant.stakes is None:
        assert outcome.stakes is None
    else:
        stakes = outcome.stakes
        assert stakes is not None
        assert stakes.pot == variant.stakes.ante * state.players
        assert sum(stakes.net) == -stakes.left_in_pot
        assert stakes.left_in_pot == 0
        assert all(
            stakes.final_prizes[s] == 0 for s in range(state.players) if s not in outcome.winners
        )


# -- corrupted moves ------------------------------------------------------------------------------


def reseat(move: Any, seat: int) -> Any:
    return attrs.evolve(move, seat=seat)


def corrupted(state: GameState) -> list[tuple[Any, type[IllegalMoveError], str]]:
    """Moves that must be refused here, with the error class and rule id expected."""
    out: list[tuple[Any, type[IllegalMoveError], str]] = []
    if state.phase is Phase.GAME_OVER:
        return [
            (NextDeal(), GameOverError, "turn.between"),
            (Take(0), GameOverError, "turn.between"),
        ]
    if state.phase is Phase.BETWEEN_DEALS:
        seat = (state.dealer + 1) % state.players
        return [
            (Take(seat), WrongPhaseError, "turn.between"),
            (Discard(seat, ALL_CARDS[0]), WrongPhaseError, "turn.between"),
        ]
    seat = state.current_player
    assert seat is not None
    other = (seat + 1) % state.players
    hand = state.hands[seat]
    out.append((NextDeal(), WrongPhaseError, "turn.between"))
    for move in pr.legal_moves(state)[:6]:
        out.append((reseat(move, other), NotYourTurnError, "turn.seat"))
    if state.phase is Phase.BUYING:
        # [buy.offer]: the seat offered the upcard buys it or passes, nothing else
        out.append((Take(seat), WrongPhaseError, "buy.offer"))
        out.append((DrawStock(seat), WrongPhaseError, "buy.offer"))
        out.append((Discard(seat, hand[0]), WrongPhaseError, "buy.offer"))
        return out
    # [buy.offer]: with no offer, nobody buys or passes
    out.append((BuyUpcard(seat), WrongPhaseError, "buy.offer"))
    out.append((PassUpcard(seat), WrongPhaseError, "buy.offer"))
    if state.phase is Phase.DRAW:
        out.append((Discard(seat, hand[0]), WrongPhaseError, "draw.choice"))
        out.append((LayOff(seat, hand[0], 0, None), WrongPhaseError, "draw.choice"))
        return out
    out.append((Take(seat), WrongPhaseError, "draw.choice"))
    out.append((Push(seat), WrongPhaseError, "draw.choice"))
    missing = next(x for x in ALL_CARDS if x not in hand)
    if state.phase is Phase.FILLING_WILDS:
        # [contract.wilds]: nothing but a filling of the shape announced, one wild card a
        # wild place, held.
        shape = state.shape
        assert shape is not None and shape.wild_places
        places = shape.wild_places
        out.append((Discard(seat, hand[0]), WrongPhaseError, "contract.wilds"))
        out.append((LayOff(seat, hand[0], 0, End.LOW), WrongPhaseError, "contract.wilds"))
        out.append(
            (LayDown(seat, (shape.fill([JOKER] * places),)), WrongPhaseError, "contract.wilds")
        )
        out.append((LayDownShape(seat, shape), WrongPhaseError, "contract.wilds"))
        out.append((FillWilds(seat, [JOKER] * (places + 1)), IllegalMoveError, "contract.wilds"))
        out.append((FillWilds(seat, ()), IllegalMoveError, "contract.wilds"))
        natural = next(x for x in (*hand, *ALL_CARDS) if not state.variant.is_wild(x))
        out.append((FillWilds(seat, [natural] * places), IllegalMoveError, "contract.wilds"))
        absent = [x for x in ALL_CARDS if state.variant.is_wild(x) and x not in hand]
        if absent:
            out.append((FillWilds(seat, absent[:1] * places), CardNotInHandError, "turn.holds"))
        assert all(isinstance(fill, FillWilds) for fill in pr.legal_moves(state))
        return out
    # [contract.wilds]: a filling without a shape announced
    out.append((FillWilds(seat, [JOKER]), WrongPhaseError, "contract.wilds"))
    if state.phase is Phase.LAYING_DOWN:
        # [contract.steps]: nothing but the rest of the lay-down.
        out.append((Discard(seat, hand[0]), WrongPhaseError, "contract.steps"))
        out.append((LayOff(seat, hand[0], 0, End.LOW), WrongPhaseError, "contract.steps"))
        out.append((LayDown(seat, ()), ContractNotMetError, "contract.laydown"))
        steps = pr.legal_moves(state)
        assert all(isinstance(step, (LayDown, LayDownShape)) for step in steps)
        return out
    out.append((Discard(seat, missing), CardNotInHandError, "turn.holds"))
    if not state.laid_down[seat]:
        # [contract.wilds]: a shape with no wild place; a shape whose naturals are not held
        out.append((LayDownShape(seat, _unheld_shape(hand, 0)), IllegalMoveError, "contract.wilds"))
        out.append((LayDownShape(seat, _unheld_shape(hand, 1)), CardNotInHandError, "turn.holds"))
    else:
        out.append(
            (LayDownShape(seat, _unheld_shape(hand, 1)), IllegalMoveError, "contract.laydown")
        )
    if not state.laid_down[seat]:
        out.append((LayOff(seat, hand[0], 0, End.LOW), ContractNotMetError, "layoff.when"))
        wilds = pr.parse_cards("JK JK JK")
        out.append(
            (
                NewMeld(seat, Meld(MeldKind.SET, wilds, rank=Rank.KING)),
                ContractNotMetError,
                "layoff.when",
            )
        )
    else:
        if state.table:
            out.append(
                (LayDown(seat, (state.table[0].meld,)), IllegalMoveError, "contract.laydown")
            )
        variant = state.variant
        if (
            variant.same_turn_after_contract
            or not state.laid_down_this_turn
            or not variant.contract_exact_sizes  # lengthening the melds just laid
        ):
            out.append(
                (LayOff(seat, hand[0], len(state.table), None), IllegalMoveError, "layoff.card")
            )
    if state.variant.wild_exchange is WildExchange.NONE:
        out.append((ExchangeWild(seat, 0, 1, hand[0]), IllegalMoveError, "layoff.exchange"))
    return out


def _unheld_shape(hand: tuple[Card, ...], wild_places: int) -> MeldShape:
    """A set's shape with ``wild_places`` wild places whose first natural ``hand`` lacks."""
    rank = next(r for r in (1, *range(3, 14)) if Card(Rank(r), pr.Suit.CLUBS) not in hand)
    naturals = [Card(Rank(rank), suit) for suit in pr.Suit][: 3 - wild_places]
    return MeldShape(MeldKind.SET, (*naturals, *[None] * wild_places), rank=Rank(rank))


def candidates(state: GameState) -> list[Any]:
    """Plausible moves, legal or not, to compare is_legal with legal_moves."""
    if state.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER):
        return [NextDeal(), Take(0)]
    seat = state.current_player
    assert seat is not None
    moves: list[Any] = [NextDeal()]
    for s in range(state.players):
        moves += [Take(s), Push(s), DrawStock(s), BuyUpcard(s), PassUpcard(s)]
    values = sorted(set(ALL_CARDS))
    moves += [Discard(seat, x) for x in values]
    moves += [Discard((seat + 1) % state.players, x) for x in state.hands[seat][:3]]
    hand_values = sorted(set(state.hands[seat]))
    for tm in state.table:
        for x in hand_values:
            moves += [LayOff(seat, x, tm.id, end) for end in (None, End.LOW, End.HIGH)]
        if tm.meld.kind is MeldKind.RUN:
            start = tm.meld.start
            assert start is not None
            for i in range(-1, len(tm.meld.cards) + 1):
                for x in hand_values:
                    moves.append(ExchangeWild(seat, tm.id, start + i, x))
    for x in hand_values[:2]:
        moves.append(LayOff(seat, x, len(state.table), End.HIGH))
    return moves


def check_sampled(state: GameState, deck: Counter[Card]) -> None:
    """Heavy checks on one state."""
    legal = pr.legal_moves(state)
    assert len(set(legal)) == len(legal)
    snap = snapshot(state)
    for move in legal:
        assert pr.is_legal(state, move)
        child = pr.apply_move(state, move)
        check_state(child, deck)
    _unchanged(state, snap)
    for move, error, rule_id in corrupted(state):
        assert_rejected(state, move, error, rule_id)
    legal_set = set(legal)
    for move in candidates(state):
        assert pr.is_legal(state, move) == (move in legal_set), move
    _unchanged(state, snap)


# -- determinism ---------------------------------------------------------------------------------


_BUT_THE_LOG = tuple(field.name for field in attrs.fields(GameState) if field.name != "log")


def check_replay(game: Game) -> None:
    """The same seed and the same choices replay to the same states; so does the record.

    Every state is compared field by field, its event log by its length only, and the last
    state whole, its log event by event: a log only grows (``tests/test_events.py``), so the
    last one holds every earlier one, and comparing every state's whole log would cost time
    quadratic in the game's length (it was most of the replay's time)."""
    state = pr.new_game(game.variant, seed=game.seed, players=game.players, deals=game.deals)
    assert state == game.states[0]
    for move, expected in zip(game.moves, game.states[1:]):
        state = pr.apply_move(state, move)
        for name in _BUT_THE_LOG:
            assert getattr(state, name) == getattr(expected, name), name
        assert len(state.log) == len(expected.log)
    assert state == game.final  # the whole log too
    assert replay(game.record()) == game.final


# -- JSON ----------------------------------------------------------------------------------------


def assert_round_trip(value: object, *, every_form: bool = True) -> str:
    """``value`` survives the JSON round trip, with a deterministic, stable text in the
    documented envelope; with ``every_form`` also indented, as bytes, and through
    :func:`~pushrummy.serialization.decode` of its document.

    Decoding is most of the cost (a state's or a view's whole log): each text is decoded once.
    """
    text = to_json(value)
    back = from_json(text)
    assert back == value
    assert to_json(back) == text  # text stability
    assert to_json(value) == text  # deterministic
    document = json.loads(text)
    assert document == encode(value)
    assert list(document)[:2] == ["schema", "version"]
    assert document["version"] == 1
    if every_form:
        assert decode(encode(value)) == value
        indented = to_json(value, indent=2)
        back = from_json(indented)
        assert back == value
        assert to_json(back, indent=2) == indented
        assert from_json(text.encode()) == value  # bytes are accepted too
    return text


# -- views: hidden information -------------------------------------------------------------------


def hidden_from(state: GameState, seat: int) -> list[pr.Card]:
    """Every card ``seat`` cannot see: the stock and other seats' cards beyond ``known``."""
    pool = list(state.stock)
    for other in range(state.players):
        if other != seat:
            pool.extend((Counter(state.hands[other]) - Counter(state.known[other])).elements())
    return pool


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with every card hidden from ``seat`` dealt again at random.

    The stock and each other seat keep their sizes, other seats keep their known
    cards, and the seed and injected deck orders change too: nothing ``seat`` may
    know changes. When the hidden cards are not all of one value, at least one
    card changes place so the perturbation is never the identity.
    """
    pool = hidden_from(state, seat)
    original = list(pool)
    rng.shuffle(pool)
    if pool == original and len(set(pool)) > 1:
        # Force a change: swap the first card with one of another value.
        other = next(i for i, card in enumerate(pool) if card != pool[0])
        pool[0], pool[other] = pool[other], pool[0]
    stock = tuple(pool[: len(state.stock)])
    rest = pool[len(state.stock) :]
    hands = list(state.hands)
    for other in range(state.players):
        if other == seat:
            continue
        count = len(state.hands[other]) - len(state.known[other])
        hands[other] = tuple(sorted([*state.known[other], *rest[:count]]))
        rest = rest[count:]
    assert not rest
    injected = tuple(
        None if order is None else tuple(rng.sample(order, len(order))) for order in state.injected
    )
    return replace_unchecked(
        state, stock=stock, hands=tuple(hands), seed=state.seed + 1, injected=injected
    )


def swap_in_hand(state: GameState, seat: int, card: pr.Card) -> GameState | None:
    """``state`` with one hidden copy of ``card`` in ``seat``'s hand swapped for a stock
    card of another value (None when the stock has none)."""
    for index, other in enumerate(state.stock):
        if other != card:
            hand = list(state.hands[seat])
            hand.remove(card)
            hands = list(state.hands)
            hands[seat] = tuple(sorted([*hand, other]))
            stock = (*state.stock[:index], card, *state.stock[index + 1 :])
            return replace_unchecked(state, hands=tuple(hands), stock=stock)
    return None


def offering_seat(state: GameState) -> int | None:
    """Who offers the upcard, read as a front end used to: in ``Phase.BUYING``, the seat of
    the log's last :class:`~pushrummy.UpcardOffered`; ``None`` in every other phase (the
    oracle of :attr:`PlayerView.offered_by <pushrummy.PlayerView.offered_by>`)."""
    if state.phase is not Phase.BUYING:
        return None
    offers = [event for event in state.log.events if isinstance(event, UpcardOffered)]
    assert offers, "the buying phase follows an offer"
    return offers[-1].seat


def check_position(state: GameState, rng: random.Random) -> None:
    """Every seat's view of ``state``: what it shows, and that it hides exactly the hidden."""
    for seat in range(state.players):
        mine = pr.view(state, seat)
        # What the seat sees of itself and of the public state.
        assert mine.seat == seat
        assert mine.hand == state.hands[seat]
        assert mine.hand_sizes == tuple(len(h) for h in state.hands)
        assert mine.known == state.known
        assert mine.stock_size == len(state.stock)
        assert mine.table == state.table
        assert mine.results == state.results
        assert mine.phase is state.phase
        assert mine.current_player == state.current_player
        assert mine.offered_by == offering_seat(state)  # [buy.offer]
        if state.current_player == seat:
            assert mine.legal_moves == pr.legal_moves(state)
            assert mine.is_my_turn
        else:
            assert mine.legal_moves == ()
            assert not mine.is_my_turn
        # The strong property: what is hidden from the seat does not change its view.
        perturbed = reshuffle_hidden(state, seat, rng)
        assert pr.view(perturbed, seat) == mine
        # ... and the check has teeth: the seat's own cards do show.
        if state.stock and state.hands[seat] and state.current_player != seat:
            changed = swap_in_hand(state, seat, state.hands[seat][0])
            if changed is not None:
                assert pr.view(changed, seat) != mine


def check_views(state: GameState, rng: random.Random) -> None:
    """Every seat's view is consistent (:func:`pushrummy.view_problems`), and
    :func:`check_position`."""
    for seat in range(state.players):
        problems = pr.view_problems(pr.view(state, seat))
        assert problems == (), (seat, [str(problem) for problem in problems])
    check_position(state, rng)


# -- one game, every invariant -------------------------------------------------------------------


_ENDS = (Phase.BETWEEN_DEALS, Phase.GAME_OVER)


def check_game(game: Game, samples: int, *, deal_ends: bool = True, thorough: bool = True) -> int:
    """Every invariant over ``game``: conservation and phase consistency at every state
    (without ``thorough``: at every fourth state, each deal's end and the last state, and the
    card count at the others), the final scores, replay and the record's JSON round trip; and
    at the last state, every deal end (with ``deal_ends``) and ``samples`` states drawn with the game's seed, the heavy
    checks (every listed move applies, corrupted moves are refused, ``is_legal`` agrees, the
    input is never changed), the JSON round trip of the state and of every seat's view, and
    that views leak nothing. With ``thorough`` the record and the last state make the round
    trip in every form of the text (:func:`assert_round_trip`), the other states in the compact
    form (the forms differ only in how the text is read, and the last state's log holds every
    event of the game). Without ``thorough`` the round trips are the plain
    ``from_json(to_json(x)) == x``, and one seat's view, drawn with the game's seed, makes it at
    each heavily checked state rather than every seat's (decoding a view's log was a third of a
    soak game's checks; over the soak's games every seat's view makes it hundreds of times).
    Returns the number of states checked heavily."""

    def round_trip(value: object, every_form: bool) -> None:
        if thorough:
            assert_round_trip(value, every_form=every_form)
        else:
            assert from_json(to_json(value)) == value

    deck = deck_of(game.variant, game.players)
    size = sum(deck.values())
    # The log is append-only (tests/test_events.py), so reading it whole at every state
    # would only repeat itself: every 64th state and the last one check it. Without
    # ``thorough`` (the soak) every fourth state, each deal's end and the last state get
    # every check and the others their card count: the whole check of every state was
    # two fifths of a soak game's time, and the conformance suite makes it at every state.
    every = 1 if thorough else 4
    for index, state in enumerate(game.states):
        if index % every == 0 or state.phase in _ENDS or state is game.final:
            check_state(state, deck, log=index % 64 == 0 or state is game.final)
        else:
            assert state.card_count() == size, (index, state.card_count(), size)
    check_final(game.final)
    check_replay(game)
    round_trip(game.record(), True)
    rng = random.Random(game.seed)
    states = game.states
    picks = {len(states) - 1}
    if deal_ends:
        picks |= {i for i, s in enumerate(states) if s.phase is Phase.BETWEEN_DEALS}
    picks |= set(rng.sample(range(len(states)), min(samples, len(states))))
    for i in sorted(picks):
        state = states[i]
        check_sampled(state, deck)
        round_trip(state, i == len(states) - 1)
        for seat in range(state.players) if thorough else [rng.randrange(state.players)]:
            seat_view = pr.view(state, seat)
            assert from_json(to_json(seat_view)) == seat_view
        check_views(state, rng)
    return len(picks)


def conformance(
    variant: pr.Variant, players: int, seed: int, policy: Policy, *, samples: int = 12
) -> Game:
    """Play one seeded game of ``variant`` with ``players`` under ``policy`` and check every
    invariant over it (:func:`check_game`). Returns the game."""
    game = playout(variant, players, seed, policy)
    check_game(game, samples)
    return game
