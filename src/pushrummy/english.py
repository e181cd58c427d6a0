"""English: every sentence the library writes about moves and events.

:func:`describe_move` says what a move does (the view document's ``description`` of each
legal move, transcripts, labels); :func:`is_description` checks such a sentence sent back;
:func:`describe_event` writes an event feed's line, for the table or for one seat ("you").
The command line's transcripts (:func:`narrate_move`) and the agents' observation strings
and renderings are told with these words too.

>>> import pushrummy as pr
>>> describe_move(pr.Take(0))
'seat 0 takes the upcard'
>>> describe_event(pr.Pushed(2, 3, pr.parse_card("7H")), you=3)
'seat 2 pushes 7H to you'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from .cards import Card, Rank
from .events import (
    EVENT_CLASSES,
    Bought,
    BuyPassed,
    DealEnd,
    DealEnded,
    DealStarted,
    Discarded,
    Drew,
    Event,
    Exchanged,
    GameEnded,
    LaidDown,
    LaidOff,
    Melded,
    Pushed,
    StartingPosition,
    StockReshuffled,
    Took,
    UpcardOffered,
)
from .melds import End, Meld, MeldKind, position_rank
from .moves import ExchangeWild, LayOff, Move
from .movetable import MOVE_KINDS, kind_of
from .state import GameState, TableMeld
from .views import PlayerView

__all__ = [
    "describe_event",
    "describe_move",
    "is_description",
    "narrate_move",
    "who",
]


# --- moves ---------------------------------------------------------------------------------------


def describe_move(
    move: Move, where: GameState | PlayerView | Sequence[TableMeld] | None = None
) -> str:
    """A one-line sentence for transcripts and labels: ``seat 2 lays off JK as 9H on seat 2's run 5H–8H``.

    Lay-offs and exchanges name their target meld by its owner and its cards, as the
    table of ``where`` (a state, a view, or the table itself) shows it: a run by its
    lowest and highest card (``run 5H–8H``, whatever wilds stand in it), a set by its
    rank (``set of 9s``); a wild laid off says what it stands for (``as 9H``, ``as 9``).
    Without ``where``, or for a meld id not on that table, they name the meld by its id.
    The view document lists the sentence with each legal move (``description``), next to
    :func:`format_move`'s text.

    Raises:
        TypeError: ``move`` is not a move (an instance of one of the move classes), or
            ``where`` is neither a state, a view, a sequence of table melds nor ``None``.

    >>> from pushrummy.cards import parse_card
    >>> from pushrummy.moves import LayDown, NextDeal, Take
    >>> describe_move(Take(0)), describe_move(NextDeal())
    ('seat 0 takes the upcard', 'the next deal is dealt')
    >>> from pushrummy.notation import parse_meld
    >>> describe_move(LayDown(1, (parse_meld("7S 7H 7D"), parse_meld("9C 9S JK=9"))))
    'seat 1 lays down 7D 7H 7S / 9C 9S JK=9'
    >>> from pushrummy.state import TableMeld
    >>> table = (TableMeld(0, 1, parse_meld("9C 9S JK=9")), TableMeld(1, 2, parse_meld("5H 6H JK=7H 8H")))
    >>> describe_move(LayOff(0, parse_card("JK"), 1, End.HIGH), table)
    "seat 0 lays off JK as 9H on seat 2's run 5H–8H"
    >>> describe_move(LayOff(3, parse_card("9D"), 0), table)
    "seat 3 lays off 9D on seat 1's set of 9s"
    >>> describe_move(ExchangeWild(0, 1, 7, parse_card("7H")), table)
    "seat 0 exchanges 7H for the JK standing for 7H in seat 2's run 5H–8H, taking the JK"
    """
    describe = _MOVE_SENTENCES[kind_of(move).name]
    if where is None:
        return describe(move)
    table = _table_of(where)
    if not isinstance(move, (LayOff, ExchangeWild)):
        return describe(move)
    if not 0 <= move.meld_id < len(table) or table[move.meld_id].id != move.meld_id:
        return describe(move)
    target = table[move.meld_id]
    if isinstance(move, LayOff):
        return _describe_lay_off_on(move, target)
    return _describe_exchange_on(move, target)


def _table_of(where: GameState | PlayerView | Sequence[TableMeld]) -> Sequence[TableMeld]:
    if isinstance(where, (GameState, PlayerView)):
        return where.table
    if isinstance(where, (str, bytes)) or not isinstance(where, Sequence):
        raise TypeError(
            f"describe_move: where must be a GameState, a PlayerView or a table, "
            f"not {type(where).__name__}"
        )
    for meld in where:
        if not isinstance(meld, TableMeld):
            raise TypeError(
                f"describe_move: a table holds TableMeld values, not {type(meld).__name__}"
            )
    return where


def position_card(meld: Meld, position: int) -> str:
    """The natural card that stands at ``position`` of the run ``meld``: ``9H``."""
    assert meld.suit is not None
    return f"{position_rank(position).symbol}{meld.suit.letter}"


def meld_phrase(target: TableMeld) -> str:
    """``seat 2's run 5H–8H`` or ``seat 1's set of 9s``."""
    meld = target.meld
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        what = f"set of {meld.rank.symbol}s"
    else:
        assert meld.start is not None and meld.end is not None
        what = f"run {position_card(meld, meld.start)}–{position_card(meld, meld.end)}"
    return f"seat {target.owner}'s {what}"


def lay_off_role(move: LayOff, meld: Meld) -> str | None:
    """What a wild laid off by ``move`` on ``meld`` stands for: ``9H``, ``9`` (``None`` for a
    natural card, a two standing for itself, or a run's end that does not exist)."""
    if not move.card.is_wild:
        return None
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        return None if meld.rank is move.card.rank else meld.rank.symbol
    if move.end is None:
        return None
    assert meld.start is not None and meld.end is not None
    position = meld.start - 1 if move.end is End.LOW else meld.end + 1
    if not 1 <= position <= 14:
        return None
    role = position_card(meld, position)
    return None if role == str(move.card) else role


def _describe_lay_off_on(move: LayOff, target: TableMeld) -> str:
    role = lay_off_role(move, target.meld)
    what = "" if role is None else f" as {role}"
    return f"seat {move.seat} lays off {move.card}{what} on {meld_phrase(target)}"


def _describe_exchange_on(move: ExchangeWild, target: TableMeld) -> str:
    meld = target.meld
    index = move.position - (meld.start or 0)
    if meld.kind is not MeldKind.RUN or not 0 <= index < len(meld.cards):
        return _describe_exchange(move)
    wild = meld.cards[index]
    stands = position_card(meld, move.position)
    return (
        f"seat {move.seat} exchanges {move.card} for the {wild} standing for {stands} "
        f"in {meld_phrase(target)}, taking the {wild}"
    )


_DESCRIPTION_CARD = r"(?:10|[2-9AJQK])[CDHS]"
_DESCRIPTION_TARGET = (
    rf"seat [0-9]+'s (?:run {_DESCRIPTION_CARD}–{_DESCRIPTION_CARD}|set of (?:10|[2-9AJQK])s)"
)
_DESCRIPTION_ON = {
    LayOff: re.compile(rf"(?: as (?:10|[2-9AJQK])[CDHS]?)? on {_DESCRIPTION_TARGET}"),
    ExchangeWild: re.compile(
        rf" for the (?:JK|2[CDHS]|{_DESCRIPTION_CARD}) standing for {_DESCRIPTION_CARD} in "
        rf"{_DESCRIPTION_TARGET}, taking the (?:JK|2[CDHS]|{_DESCRIPTION_CARD})"
    ),
}


def is_description(
    move: Move, text: str, where: GameState | PlayerView | Sequence[TableMeld] | None = None
) -> bool:
    """Whether ``text`` is what :func:`describe_move` says of ``move``.

    With ``where``, exactly its sentence there. Without, its sentence without a table,
    or one it says on some table: a lay-off's or an exchange's words that name the
    target meld are then checked for their form only (the decoder checks the labels of
    a move document sent back without its view this way).

    Raises:
        TypeError: as :func:`describe_move`.

    >>> from pushrummy.cards import parse_card
    >>> move = LayOff(0, parse_card("JK"), 1, End.HIGH)
    >>> is_description(move, "seat 0 lays off JK as 9H on seat 2's run 5H–8H")
    True
    >>> is_description(move, "seat 1 lays off JK as 9H on seat 2's run 5H–8H")
    False
    """
    own = describe_move(move, where)
    if text == own or where is not None:
        return text == own
    if not isinstance(move, (LayOff, ExchangeWild)):
        return False
    prefix = (
        f"seat {move.seat} lays off {move.card}"
        if isinstance(move, LayOff)
        else f"seat {move.seat} exchanges {move.card}"
    )
    pattern = _DESCRIPTION_ON[type(move)]
    return text.startswith(prefix) and pattern.fullmatch(text, len(prefix)) is not None


def _describe_lay_off(move: LayOff) -> str:
    if move.end is None:
        return f"seat {move.seat} lays off {move.card} on meld {move.meld_id}"
    return (
        f"seat {move.seat} lays off {move.card} at the {move.end.value} end of meld {move.meld_id}"
    )


def _describe_exchange(move: ExchangeWild) -> str:
    card, position = move.card, move.position
    # (the card given is a natural: a two too where twos are natural, [setup.wild])
    if card.rank is Rank.ACE and position in (1, 14):
        where = f"the wild standing for {card} (ace {'low' if position == 1 else 'high'})"
    elif card.rank is not None and 1 <= position <= 14 and position_rank(position) is card.rank:
        where = f"the wild standing for {card}"
    else:
        where = f"the wild at position {position}"
    return f"seat {move.seat} exchanges {card} for {where} in meld {move.meld_id}, taking the wild"


_MOVE_SENTENCES: dict[str, Callable[[Any], str]] = {
    "take": lambda move: f"seat {move.seat} takes the upcard",
    "push": lambda move: f"seat {move.seat} pushes",
    "draw_stock": lambda move: f"seat {move.seat} draws from the stock",
    "buy_upcard": lambda move: f"seat {move.seat} buys the upcard",
    "pass_upcard": lambda move: f"seat {move.seat} passes the offered upcard",
    "lay_down": lambda move: (
        f"seat {move.seat} lays down " + " / ".join(m.notation() for m in move.melds)
    ),
    "lay_down_shape": lambda move: (
        f"seat {move.seat} lays down {move.shape.notation()}, its wild cards next"
    ),
    "fill_wilds": lambda move: (
        f"seat {move.seat} fills the wild places with {' '.join(map(str, move.wilds))}"
    ),
    "lay_off": _describe_lay_off,
    "new_meld": lambda move: f"seat {move.seat} melds {move.meld.notation()}",
    "exchange_wild": _describe_exchange,
    "discard": lambda move: f"seat {move.seat} discards {move.card}",
    "next_deal": lambda move: "the next deal is dealt",
}
"""A sentence for each kind of move (by its name in the move table)."""
if set(_MOVE_SENTENCES) != {kind.name for kind in MOVE_KINDS}:  # pragma: no cover
    raise RuntimeError("pushrummy.english is out of step with pushrummy.movetable")


# --- events --------------------------------------------------------------------------------------


def describe_event(event: Event, *, you: int | None = None) -> str:
    """A one-line sentence for an event feed: ``seat 2 pushes 7H to seat 3``.

    With ``you`` (a seat), that seat is "you" (the view document's event texts are
    written for the seat they are sent to). Hidden cards read as "a card".

    Raises:
        TypeError: ``event`` is not an event, or ``you`` neither an int nor ``None``.

    >>> from pushrummy.cards import parse_card
    >>> describe_event(Pushed(2, 3, parse_card("7H")))
    'seat 2 pushes 7H to seat 3'
    >>> describe_event(Pushed(2, 3, parse_card("7H")), you=3)
    'seat 2 pushes 7H to you'
    >>> describe_event(Drew(2, None, False)), describe_event(Drew(3, parse_card("9C"), True), you=3)
    ('seat 2 draws a card', 'you get 9C from the stock with the push')
    """
    if you is not None and (isinstance(you, bool) or not isinstance(you, int)):
        raise TypeError(f"you must be an int or None, not {type(you).__name__}")
    describe = _EVENT_SENTENCES.get(type(event))
    if describe is None:
        raise TypeError(f"event must be an event, not {type(event).__name__}")
    return describe(event, you)


def who(seat: int, verb: str, *, you: int | None = None, verb_you: str | None = None) -> str:
    """The seat doing something: ``seat 2 takes``, or ``you take`` when ``seat`` is ``you``.

    ``verb`` is in the third person; ``verb_you`` is the verb after "you", by default its
    first word's plain form (``takes`` → ``take``, ``pushes`` → ``push``, ``lays off`` →
    ``lay off``, ``goes`` → ``go``).

    >>> who(2, "lays off"), who(2, "lays off", you=2)
    ('seat 2 lays off', 'you lay off')
    """
    if seat == you:
        return f"you {_base(verb) if verb_you is None else verb_you}"
    return f"seat {seat} {verb}"


def _base(verb: str) -> str:
    """The verb for "you": ``takes`` → ``take``, ``pushes`` → ``push``, ``passes`` →
    ``pass``, ``goes`` → ``go``
    (of a verb of more words, the first: ``lays off`` → ``lay off``)."""
    first, blank, rest = verb.partition(" ")
    if first == "goes":
        first = "go"
    elif first.endswith(("shes", "ches", "xes", "sses")):
        first = first[:-2]
    else:
        first = first.removesuffix("s")
    return first + blank + rest


def _whose(owner: int, you: int | None, seat: int) -> str:
    """Whose meld ``seat`` plays on: ``your``, ``its own`` or ``seat 2's``."""
    if owner == you:
        return "your own" if seat == you else "your"
    return "its own" if owner == seat else f"seat {owner}'s"


def _card_text(card: Card | None) -> str:
    return "a card" if card is None else str(card)


def _describe_deal(event: DealStarted, you: int | None) -> str:
    buried = ""
    if event.buried:
        buried = f" ({' '.join(map(str, event.buried))} turned up and buried first)"
    text = (
        f"deal {event.deal_number}: {who(event.dealer, 'deals', you=you)}; "
        f"the upcard is {event.upcard}{buried}"
    )
    if you is not None and 0 <= you < len(event.hands):
        hand = event.hands[you]
        if hand is not None:
            text += f"; your hand: {' '.join(map(str, hand))}"
    return text


def _describe_start(event: StartingPosition, you: int | None) -> str:
    upcard = "none (drawn)" if event.upcard is None else str(event.upcard)
    text = (
        f"deal {event.deal_number} set up: {who(event.dealer, 'dealt', you=you, verb_you='dealt')}, "
        f"{event.turn} turns played; the upcard is {upcard}; hand sizes "
        + " ".join(map(str, event.sizes))
    )
    if event.pile:
        text += f"; the discard pile under it: {' '.join(map(str, event.pile))}"
    if you is not None and 0 <= you < len(event.hands):
        hand = event.hands[you]
        if hand is not None:
            text += f"; your hand: {' '.join(map(str, hand))}"
    return text


def _describe_drew(event: Drew, you: int | None) -> str:
    if event.pushed:
        return f"{who(event.seat, 'gets', you=you)} {_card_text(event.card)} from the stock with the push"
    return f"{who(event.seat, 'draws', you=you)} {_card_text(event.card)}"


def _describe_laid_down(event: LaidDown, you: int | None) -> str:
    rest = "the contract is down" if event.complete else "more of the contract to come"
    return f"{who(event.seat, 'lays', you=you)} down {event.meld.notation()}; {rest}"


def _describe_bought(event: Bought, you: int | None, card: Callable[[Card], str] = str) -> str:
    """``seat 3 buys 7H and a penalty card`` ([buy.penalty]: the cards themselves are the
    :class:`~pushrummy.events.Drew` events that follow)."""
    count = event.penalty
    extra = (
        "" if not count else " and a penalty card" if count == 1 else f" and {count} penalty cards"
    )
    return f"{who(event.seat, 'buys', you=you)} {card(event.card)}{extra}"


def _describe_deal_end(event: DealEnded, you: int | None) -> str:
    if event.ended_by is DealEnd.OUT and event.went_out is not None:
        how = f"{who(event.went_out, 'goes', you=you)} out"
    elif event.ended_by is DealEnd.TURN_LIMIT:
        how = "the turn limit is reached"
    else:
        how = "the stock is exhausted"
    penalties = ", ".join(map(str, event.penalties))
    return f"deal {event.deal_number} ends: {how}; penalties by side: {penalties}"


def _describe_game_end(event: GameEnded, you: int | None) -> str:
    totals = ", ".join(map(str, event.totals))
    if len(event.winners) == 1:
        won = f"side {event.winners[0]} wins"
    else:
        won = "sides " + " and ".join(map(str, event.winners)) + " share the win"
    return f"the game is over: totals by side {totals}; {won}"


_EVENT_SENTENCES: Final[dict[type[Any], Callable[[Any, int | None], str]]] = {
    DealStarted: _describe_deal,
    StartingPosition: _describe_start,
    Took: lambda e, you: f"{who(e.seat, 'takes', you=you)} {e.card}",
    Pushed: lambda e, you: (
        f"{who(e.seat, 'pushes', you=you)} {e.card} to {'you' if e.to == you else f'seat {e.to}'}"
    ),
    StockReshuffled: lambda e, you: (
        f"{who(e.seat, 'draws', you=you)} from an empty stock: the discards are shuffled "
        f"into a new stock ({len(e.cards)} cards)"
    ),
    UpcardOffered: lambda e, you: f"{who(e.seat, 'offers', you=you)} {e.card} round the table",
    BuyPassed: lambda e, you: f"{who(e.seat, 'passes', you=you)}",
    Bought: _describe_bought,
    Drew: _describe_drew,
    LaidDown: _describe_laid_down,
    Melded: lambda e, you: f"{who(e.seat, 'melds', you=you)} {e.meld.notation()}",
    LaidOff: lambda e, you: (
        f"{who(e.seat, 'lays', you=you)} off {e.card} on {_whose(e.owner, you, e.seat)} meld {e.meld_id}, "
        f"now {e.meld.notation()}"
    ),
    Exchanged: lambda e, you: (
        f"{who(e.seat, 'puts', you=you)} {e.card} into {_whose(e.owner, you, e.seat)} meld {e.meld_id} "
        f"for {e.wild}, taking {e.wild}; now {e.meld.notation()}"
    ),
    Discarded: lambda e, you: f"{who(e.seat, 'discards', you=you)} {e.card}",
    DealEnded: _describe_deal_end,
    GameEnded: _describe_game_end,
}
if set(_EVENT_SENTENCES) != set(EVENT_CLASSES):  # pragma: no cover
    raise RuntimeError("english.describe_event does not describe every event class")


# --- transcripts ---------------------------------------------------------------------------------


def narrate_move(
    events: Sequence[Event],
    seat: int,
    *,
    push: bool = False,
    upcard: Card | None = None,
    you: int | None = None,
    viewer: int | None = None,
    card_text: Callable[[Card], str] = str,
    meld_text: Callable[[Meld], str] = Meld.notation,
) -> str:
    """One line for a transcript saying what a move of ``seat`` did, told from the events
    it added to the log: ``seat 2 takes 7H, lays down [0] 7D 7H 7S``, a meld by its id in
    brackets and, after a lay-off or an exchange, as it now is (``on [3] -> 5H 6H 7H``).

    ``events`` are those the move added, as ``viewer`` saw them (``None``: a spectator who
    sees every card; a seat: that seat's redacted events, so the line tells nothing it may
    not know). ``you`` is the seat told as "you"; ``push`` says the move was a push and
    ``upcard`` the upcard before it (a push that ends the deal leaves it where it is).
    ``card_text`` and ``meld_text`` write a card and a meld. A buy tells its penalty cards
    once (``seat 3 buys 7H and a penalty card``, the cards in brackets where the viewer
    sees them, [buy.penalty]). A deal's start and end say nothing here but who went out
    (the command line gives them headings of their own).

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=7)
    >>> after = pr.apply_move(state, pr.Push(2))
    >>> narrate_move(after.log.events.since(len(state.log)), 2, push=True)
    'seat 2 pushes AC to seat 3 with 6C from the stock, and draws 3C'
    >>> narrate_move(after.log.seen_by(3).since(len(state.log)), 2, push=True, you=3, viewer=3)
    'seat 2 pushes AC to you, and draws from the stock: you receive AC and 6C'
    """
    clauses: list[str] = []
    index = 0
    while index < len(events):
        event = events[index]
        if isinstance(event, Pushed):
            drew = [e for e in events[index + 1 : index + 3] if isinstance(e, Drew)]
            clauses.append(_narrate_push(event, drew, you, viewer, card_text))
            index += 1 + len(drew)
            continue
        if isinstance(event, (LaidDown, Melded)):
            placed = [event]
            while index + len(placed) < len(events) and isinstance(
                events[index + len(placed)], LaidDown
            ):
                placed.append(events[index + len(placed)])  # type: ignore[arg-type]
            verb = "lays down" if isinstance(event, LaidDown) else "melds"
            melds = " / ".join(f"[{e.meld_id}] {meld_text(e.meld)}" for e in placed)
            clauses.append(f"{who(seat, verb, you=you)} {melds}")
            index += len(placed)
            continue
        if isinstance(event, Bought):
            clause, index = _narrate_bought(events, index, you, card_text, meld_text)
            clauses.append(clause)
            continue
        if isinstance(event, DealEnded):
            if event.went_out == seat:
                clauses.append("and go out" if seat == you else "and goes out")
            elif push and not any(isinstance(e, Pushed) for e in events):
                up = card_text(upcard) if upcard is not None else "the upcard"
                clauses.append(f"{who(seat, 'pushes', you=you)} ({up} stays)")
            if event.ended_by is not DealEnd.OUT and push:
                clauses[-1] += "; the stock is empty"
        elif not isinstance(event, (DealStarted, GameEnded, StartingPosition)):
            clauses.append(_NARRATE[type(event)](event, you, card_text, meld_text))
        index += 1
    return ", ".join(clauses)


def _narrate_bought(
    events: Sequence[Event],
    index: int,
    you: int | None,
    card_text: Callable[[Card], str],
    meld_text: Callable[[Meld], str],
) -> tuple[str, int]:
    """The clause of the :class:`~pushrummy.events.Bought` at ``events[index]`` with its
    penalty cards told once ([buy.penalty]): ``seat 3 buys 7H and a penalty card``, and the
    cards in brackets where the viewer sees them (``(4S)``), the buyer's
    :class:`~pushrummy.events.Drew` events that follow folded in (a reshuffle of an empty
    stock among them told after it); and the index of the first event after them."""
    event = events[index]
    assert isinstance(event, Bought)
    drawn: list[Card | None] = []
    reshuffles: list[str] = []
    index += 1
    while len(drawn) < event.penalty and index < len(events):
        following = events[index]
        if isinstance(following, StockReshuffled):
            reshuffles.append(_NARRATE[StockReshuffled](following, you, card_text, meld_text))
        elif isinstance(following, Drew) and following.seat == event.seat and not following.pushed:
            drawn.append(following.card)
        else:
            break
        index += 1
    clause = _describe_bought(event, you, card_text)
    shown = [card_text(card) for card in drawn if card is not None]
    if shown and len(shown) == event.penalty:
        clause += f" ({' '.join(shown)})"
    return ", ".join([clause, *reshuffles]), index


def _narrate_push(
    event: Pushed,
    drew: Sequence[Drew],
    you: int | None,
    viewer: int | None,
    card_text: Callable[[Card], str],
) -> str:
    up = card_text(event.card)
    to = "you" if event.to == you else f"seat {event.to}"
    text = f"{who(event.seat, 'pushes', you=you)} {up} to {to}"
    passed = [d for d in drew if d.pushed]
    own = [d for d in drew if not d.pushed]
    note = ""
    if passed and passed[0].card is not None:
        if viewer is None:
            text += f" with {card_text(passed[0].card)} from the stock"
        elif viewer == event.to:
            note = f": you receive {card_text(event.card)} and {card_text(passed[0].card)}"
    if own:
        drawn = own[0].card
        verb = "draw" if event.seat == you else "draws"
        text += (
            f", and {verb} {card_text(drawn)}"
            if drawn is not None
            else ", and draws from the stock"
        )
    return text + note


_NARRATE: Final[
    dict[type[Any], Callable[[Any, int | None, Callable[[Card], str], Callable[[Meld], str]], str]]
] = {
    Took: lambda e, you, card, meld: f"{who(e.seat, 'takes', you=you)} {card(e.card)}",
    LaidOff: lambda e, you, card, meld: (
        f"{who(e.seat, 'lays off', you=you)} {card(e.card)} on [{e.meld_id}] -> {meld(e.meld)}"
    ),
    Exchanged: lambda e, you, card, meld: (
        f"{who(e.seat, 'exchanges', you=you)} {card(e.card)} for the {card(e.wild)} "
        f"in [{e.meld_id}] -> {meld(e.meld)}"
    ),
    Discarded: lambda e, you, card, meld: f"{who(e.seat, 'discards', you=you)} {card(e.card)}",
    StockReshuffled: lambda e, you, card, meld: (
        f"the discards are shuffled into a new stock ({len(e.cards)} cards)"
    ),
    UpcardOffered: lambda e, you, card, meld: (
        f"{who(e.seat, 'offers', you=you)} {card(e.card)} round the table"
    ),
    BuyPassed: lambda e, you, card, meld: f"{who(e.seat, 'passes', you=you)}",
    Bought: lambda e, you, card, meld: _describe_bought(e, you, card),
    Drew: lambda e, you, card, meld: (
        f"{who(e.seat, 'draws', you=you)} {card(e.card)}"
        if e.card is not None
        else f"{who(e.seat, 'draws', you=you)} from the stock"
    ),
}
"""How the single-clause events of a move are told (pushes, melds and deal ends above)."""
