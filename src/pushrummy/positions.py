"""Games that start from a position set up by hand: puzzles, lessons, bot test cases.

:func:`new_position` makes a first-class :class:`~pushrummy.state.GameState` from a
position described field by field — every hand, the table, the upcard, the stock, whose
turn and in which phase, the deals scored so far. Like a chess game's starting position
(FEN, PGN's ``SetUp`` tag), the position is recorded as the first event of the game's log,
a :class:`~pushrummy.events.StartingPosition`, which the log replays from instead of a
deal (:mod:`pushrummy.log_replay`). So the state passes
:func:`~pushrummy.consistency.state_problems`, round-trips through JSON, gives views that
round-trip, and plays on: legal moves, moves, the next deals (dealt from the seed).

Each seat's view of the starting position holds only its own hand: the other hands are
sizes and publicly known cards, and neither the stock's order nor the seed is in any
event.

>>> import pushrummy as pr
>>> state = pr.new_position(
...     pr.PUSH,
...     hands=["7C 7D 7H 9C 9D 9H", "3C 4C 5C 6C 8S KS", "2H 5D 5S QS QH JK", "AD AS 8D 8C 10H JD"],
...     upcard="9S",
...     current_player=0,
...     seed=5,
... )
>>> state.phase, state.current_player, state.dealer, len(state.stock)
(<Phase.DRAW: 'draw'>, 0, 3, 83)
>>> pr.state_problems(state), pr.from_json(pr.to_json(state)) == state
((), True)
>>> pr.view(state, 1).events[0].hands
(None, (Card('3C'), Card('4C'), Card('5C'), Card('6C'), Card('8S'), Card('KS')), None, None)
>>> after = pr.apply_move(state, pr.Take(0))
>>> [pr.format_move(move) for move in pr.legal_moves(after)][:2]
['down 7C 7D 7H', 'discard 7C']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import Card, parse_cards
from .consistency import state_problems
from .dealing import SEED_BITS, deal_rng, shuffle
from .errors import NotationError, SetupError, clip_items
from .events import GameLog, StartingPosition
from .meld_shape import MeldShape
from .melds import Meld
from .state import DEAL_PHASES, DealResult, GameState, Phase, TableMeld
from .variants import PUSH, Variant

__all__ = ["new_position"]

CardsLike = str | Sequence[Card]
"""Cards as notation text (``"7C 7D JK"``) or as :class:`~pushrummy.cards.Card` values."""


def new_position(
    variant: Variant = PUSH,
    *,
    hands: Sequence[CardsLike],
    upcard: Card | str | None = None,
    pile: CardsLike = (),
    stock: CardsLike | None = None,
    table: Sequence[tuple[int, Meld]] = (),
    laid_down: Iterable[int] | None = None,
    known: Sequence[CardsLike] | None = None,
    phase: Phase = Phase.DRAW,
    current_player: int | None = None,
    dealer: int | None = None,
    turn: int = 0,
    deal_number: int = 1,
    taken: Card | str | None = None,
    laid_down_this_turn: bool = False,
    shape: MeldShape | None = None,
    results: Sequence[DealResult] = (),
    seed: int = 0,
) -> GameState:
    """A game that starts from this position: a state as good as a dealt one.

    Args:
        variant: the rules.
        hands: every seat's cards (one entry per seat: their number is the player count),
            as notation text or cards, in any order.
        upcard: the face-up card; needed in ``Phase.DRAW``, ``None`` once the seat to move
            has drawn.
        pile: the discard pile under the upcard, oldest first, in a variant that draws from
            the stock ([draw.stock]: a push leaves none); its cards are public and a
            reshuffle ([draw.reshuffle]) makes them the next stock. Default: none.
        stock: the stock, top card first: exactly the cards the position leaves over.
            Default: those cards, shuffled from ``seed`` (as deal ``deal_number`` would be).
        table: the melds on the table, ``(owner, meld)``, in id order (ids count from 0).
        laid_down: the seats that have laid down this deal's contract. Default: the owners
            of melds on the table, but the seat to move while it is part-way through its
            lay-down (``Phase.LAYING_DOWN``, ``Phase.FILLING_WILDS``).
        known: per seat, the cards everyone knows it holds (taken or pushed upcards not yet
            played, [draw.visibility]). Default: none.
        phase: ``Phase.DRAW``, ``PLAY``, ``LAYING_DOWN`` or ``FILLING_WILDS``: a position
            is set up during a deal (play on to reach the end of a deal), not while the
            upcard is offered round the table (``Phase.BUYING``: set up the draw and draw
            from the stock).
        current_player: the seat to move. Default: the dealer's left neighbour ``turn``
            seats on, or seat 0 when ``dealer`` is not given either.
        dealer: the seat that dealt this deal. Default: the one ``current_player`` and
            ``turn`` imply ([deal.first]).
        turn: the turns completed this deal.
        deal_number: the deal under way, from 1.
        taken: the upcard the seat to move took this turn ([discard.taken]).
        laid_down_this_turn: whether the seat to move laid down its contract this turn.
        shape: in ``Phase.FILLING_WILDS``, the shape whose wild places the seat to move
            fills ([contract.wilds]).
        results: the results of the deals before this one (``deal_number - 1`` of them,
            scored by the rules: :class:`~pushrummy.state.DealResult`); the totals are
            their sums.
        seed: what the stock's default order and every later deal derive from
            ([deal.random]).

    Raises:
        TypeError: an argument of the wrong Python type.
        VariantError: the variant is not played by ``len(hands)`` players.
        SetupError: the position is impossible; the message begins with the argument at
            fault (``hands[2]: …``, ``table[0]: …``, ``stock: …``), or with the state's
            field when only the whole position shows it (as
            :func:`~pushrummy.consistency.state_problems` names it).

    >>> import pushrummy as pr
    >>> try:
    ...     pr.new_position(hands=["7C 7D 7H 9C 9D 9H"] * 4, upcard="9S")
    ... except pr.SetupError as error:
    ...     print(error)
    hands: the position holds more copies than the deck has: 7C 7C 9C 9C 7D 7D 9D 9D 7H 7H 9H 9H
    """
    if not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
    for name, value in (("turn", turn), ("deal_number", deal_number), ("seed", seed)):
        _int(name, value)
    if not isinstance(phase, Phase):
        raise TypeError(f"phase must be a Phase, not {type(phase).__name__}")
    if not isinstance(laid_down_this_turn, bool):
        raise TypeError("laid_down_this_turn must be a bool")
    if shape is not None and not isinstance(shape, MeldShape):
        raise TypeError(f"shape must be a MeldShape or None, not {type(shape).__name__}")
    if seed.bit_length() > SEED_BITS:
        raise SetupError(f"seed: must be an int with |seed| < 2**{SEED_BITS}")
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of hands, one per seat")
    players = len(hands)
    variant.packs(players)  # VariantError for a player count the variant does not allow
    held = tuple(tuple(sorted(_cards(f"hands[{seat}]", hand))) for seat, hand in enumerate(hands))
    if phase not in DEAL_PHASES:
        raise SetupError(
            f"phase: a position is set up during a deal (draw, play, laying_down or "
            f"filling_wilds), not {phase.value}: play on to reach the end of a deal"
        )
    if phase is Phase.BUYING:
        raise SetupError(
            "phase: a position is not set up while the upcard is offered round the table: "
            "set up the draw, and the draw from the stock offers it ([buy.offer])"
        )
    if not 1 <= deal_number <= len(variant.deals):
        raise SetupError(f"deal_number: expected 1..{len(variant.deals)}, not {deal_number}")
    if turn < 0:
        raise SetupError(f"turn: a number of turns is at least 0, not {turn}")
    seat_to_move, dealer = _seats(players, current_player, dealer, turn)
    up = None if upcard is None else _card("upcard", upcard)
    took = None if taken is None else _card("taken", taken)
    melds = _table(players, table)
    laying = phase in (Phase.LAYING_DOWN, Phase.FILLING_WILDS)
    down = _laid_down(players, laid_down, melds, seat_to_move if laying else None)
    seen = _known(players, known)
    if not isinstance(results, Sequence) or not all(isinstance(r, DealResult) for r in results):
        raise TypeError("results must be a sequence of DealResult values")
    if len(results) != deal_number - 1:
        raise SetupError(
            f"results: deal {deal_number} follows {deal_number - 1} scored deals, "
            f"not {len(results)}: give their results"
        )
    deck = Counter(variant.deck(players))
    placed: Counter[Card] = Counter()
    for hand in held:
        placed.update(hand)
    _within("hands", placed, deck)
    for _, meld in melds:
        placed.update(meld.cards)
    _within("table", placed, deck)
    if up is not None:
        placed[up] += 1
        _within("upcard", placed, deck)
    discards = _cards("pile", pile)
    placed.update(discards)
    _within("pile", placed, deck)
    left = sorted((deck - placed).elements())
    if stock is None:
        cards_left = list(left)
        shuffle(deal_rng(seed, deal_number), cards_left)
    else:
        cards_left = list(_cards("stock", stock))
        if sorted(cards_left) != left:
            raise SetupError(
                f"stock: expected exactly the {len(left)} cards the position leaves over "
                f"(missing: {clip_items(sorted((Counter(left) - Counter(cards_left)).elements()))}; "
                f"extra: {clip_items(sorted((Counter(cards_left) - Counter(left)).elements()))})"
            )
    sides = variant.side_count(players)
    totals = tuple(
        sum(r.penalties[side] for r in results if side < len(r.penalties)) for side in range(sides)
    )
    event = StartingPosition(
        deal_number=deal_number,
        dealer=dealer,
        turn=turn,
        drawn=phase is not Phase.DRAW,
        hands=held,
        sizes=tuple(map(len, held)),
        known=seen,
        owners=tuple(owner for owner, _ in melds),
        melds=tuple(meld for _, meld in melds),
        laid_down=down,
        upcard=up,
        taken=took,
        laid_down_this_turn=laid_down_this_turn,
        pile=discards,
    )
    state = GameState(
        variant=variant,
        seed=seed,
        injected=(None,) * len(variant.deals),
        players=players,
        deal_number=deal_number,
        dealer=dealer,
        phase=phase,
        current_player=seat_to_move,
        hands=held,
        stock=tuple(cards_left),
        upcard=up,
        pile=discards,
        table=tuple(
            TableMeld(id=index, owner=owner, meld=meld) for index, (owner, meld) in enumerate(melds)
        ),
        laid_down=down,
        laid_down_this_turn=laid_down_this_turn,
        shape=shape,
        taken=took,
        known=seen,
        turn=turn,
        results=tuple(results),
        totals=totals,
        outcome=None,
        log=GameLog(players, (event,)),
    )
    problems = state_problems(state)
    if problems:
        first = problems[0]
        raise SetupError(f"{_argument(first.where)}: {first.message}")
    return state


_EVENT_FIELD_ARGUMENTS = {"sizes": "hands", "owners": "table", "melds": "table", "drawn": "phase"}
"""The argument a field of the :class:`~pushrummy.events.StartingPosition` comes from, where
its name is not the argument's own."""


def _argument(where: str) -> str:
    """The argument a problem of the built state is about: the state's fields are named as
    the arguments; a problem of its log (its starting position) names the event's field."""
    if where.startswith("log"):
        field = where.partition(".")[2]
        name, bracket, rest = field.partition("[")
        return (_EVENT_FIELD_ARGUMENTS.get(name, name) + bracket + rest) or "position"
    return where or "position"


def _int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")


def _seat(name: str, value: object, players: int) -> int:
    _int(name, value)
    assert isinstance(value, int)
    if not 0 <= value < players:
        raise SetupError(f"{name}: there is no seat {value} in a game of {players} players")
    return value


def _seats(
    players: int, current_player: int | None, dealer: int | None, turn: int
) -> tuple[int, int]:
    """The seat to move and the dealer, one from the other ([deal.first])."""
    if dealer is not None:
        dealer = _seat("dealer", dealer, players)
    if current_player is None:
        return (
            (0, (-1 - turn) % players)
            if dealer is None
            else ((dealer + 1 + turn) % players, dealer)
        )
    current = _seat("current_player", current_player, players)
    implied = (current - 1 - turn) % players
    if dealer is not None and dealer != implied:
        raise SetupError(
            f"current_player: after {turn} turns from dealer {dealer}'s left, seat "
            f"{(dealer + 1 + turn) % players} is to move, not seat {current} [deal.first]"
        )
    return current, implied


def _cards(name: str, value: object) -> tuple[Card, ...]:
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except NotationError as error:
            raise SetupError(f"{name}: {error}") from error
    if not isinstance(value, Sequence) or not all(isinstance(card, Card) for card in value):
        raise TypeError(f"{name} must be notation text or a sequence of Card values")
    return tuple(value)


def _card(name: str, value: object) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a Card, notation text or None")
    cards = _cards(name, value)
    if len(cards) != 1:
        raise SetupError(f"{name}: expected one card, got {len(cards)}")
    return cards[0]


def _table(players: int, table: object) -> list[tuple[int, Meld]]:
    if isinstance(table, str) or not isinstance(table, Sequence):
        raise TypeError("table must be a sequence of (owner, meld) pairs")
    melds: list[tuple[int, Meld]] = []
    for index, entry in enumerate(table):
        if not isinstance(entry, tuple) or len(entry) != 2 or not isinstance(entry[1], Meld):
            raise TypeError(f"table[{index}] must be an (owner, meld) pair")
        melds.append((_seat(f"table[{index}]", entry[0], players), entry[1]))
    return melds


def _laid_down(
    players: int, laid_down: Iterable[int] | None, melds: list[tuple[int, Meld]], laying: int | None
) -> tuple[bool, ...]:
    if laid_down is None:
        seats = {owner for owner, _ in melds if owner != laying}
    else:
        if isinstance(laid_down, str) or not isinstance(laid_down, Iterable):
            raise TypeError("laid_down must be an iterable of seats")
        seats = {_seat("laid_down", seat, players) for seat in laid_down}
    return tuple(seat in seats for seat in range(players))


def _known(players: int, known: Sequence[CardsLike] | None) -> tuple[tuple[Card, ...], ...]:
    if known is None:
        return ((),) * players
    if isinstance(known, str) or not isinstance(known, Sequence):
        raise TypeError("known must be a sequence of cards per seat")
    if len(known) != players:
        raise SetupError(f"known: expected {players} entries (one per seat), got {len(known)}")
    return tuple(tuple(sorted(_cards(f"known[{seat}]", cards))) for seat, cards in enumerate(known))


def _within(name: str, placed: Counter[Card], deck: Counter[Card]) -> None:
    extra = placed - deck
    if extra:
        raise SetupError(
            f"{name}: the position holds more copies than the deck has: "
            f"{clip_items(sorted(extra.elements()))}"
        )
