"""Reading moves: :func:`parse_move`, the legal move that a text in the notation names
in a position (a state, or the view a client holds). The grammar is in
:mod:`pushrummy.notation`.

One reading for states and views, as python-chess's ``parse_san`` reads a move: the text
is read into the moves it may name, the legal ones among them are kept, and the checker
only words the error when none is.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any, NoReturn

import attrs

from ..cards import Card, Rank
from ..engine import check_move, is_legal, legal_moves
from ..english import lay_off_role, meld_phrase, position_card
from ..errors import IllegalMoveError, InvalidMeldError, clip_repr
from ..meld_shape import MeldShape
from ..melds import End, Meld, MeldKind, position_rank
from ..moves import (
    BuyUpcard,
    Discard,
    DrawStock,
    ExchangeWild,
    FillWilds,
    LayDown,
    LayDownShape,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    PassUpcard,
    Push,
    Take,
    cards_used,
)
from ..movetable import MOVE_KINDS, kind_of
from ..state import GameState, Phase, TableMeld
from ..variants import DrawStyle, WildExchange
from ..views import PlayerView, moves_using
from .formatting import format_move, implied_position
from .melds import (
    SHAPE_WILD,
    ambiguous_roles,
    fail,
    is_wild_token,
    lower_ascii,
    meld_readings,
    read_card,
    read_role,
    split_tokens,
)

__all__ = ["parse_move"]

_VERBS = tuple(kind.verb for kind in MOVE_KINDS)
_VERB_LIST = ", ".join(_VERBS)
_NUMBER = re.compile(r"[0-9]{1,9}")
_ENDS = {"low": End.LOW, "high": End.HIGH}


def parse_move(state: GameState | PlayerView, text: str) -> Move:
    """The legal move of ``state``'s current player that ``text`` names.

    ``state`` may also be a :class:`~pushrummy.views.PlayerView` (what a client holds): the
    text then names one of the view's :attr:`~pushrummy.views.PlayerView.legal_moves`,
    and the move returned is that listed move, or a legal meld move the listing leaves to
    its representative (a lay-down step in any order or longer than its part, with its wild
    cards or as its shape, a filling with its wilds in another order, a whole lay-down, a
    longer new meld: :func:`~pushrummy.views.moves_using`). Text for any other
    move raises a plain
    :class:`~pushrummy.errors.IllegalMoveError` saying so, with the rule that comes
    nearest: ``turn.seat`` when it is not the view's seat's turn, ``turn.between``
    when nobody is to move, ``draw.choice`` for anything but a draw before the draw,
    ``contract.wilds`` for anything but a filling while a shape is filled (and a filling
    without one), ``contract.steps`` for anything but a lay-down step while a lay-down is
    unfinished, else the rule that defines that kind of move (``layoff.card`` for ``off``).

    A state and a view are read alike, as python-chess's ``parse_san`` reads a move: the
    grammar reads the text into the moves it may name (a lay-off without its end: each end
    of the run; an exchange without its position: each place of the run; wilds or a shape's
    wild places without roles: each reading), and the legal ones are kept: those listed
    (:func:`~pushrummy.engine.legal_moves` of the state, or the view's), and the lay-downs,
    shapes, fillings and new melds the listing leaves to a representative
    (:func:`~pushrummy.engine.is_legal` on a state, :func:`~pushrummy.views.moves_using` on
    a view). A filling of a set's wild places is read sorted (its places are alike). One kept is the move, more
    than one an ambiguity; when none is, the error of the most plausible reading says why.

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState` or a
            :class:`~pushrummy.views.PlayerView`, or ``text`` not a str.
        NotationError: malformed text (the bad token is named: a wild card in a shape,
            which writes ``*``; a natural card in a filling), or text that
            names two legal moves (the message lists them): a lay-off's end left out
            when both ends take the card, wilds written without roles that can stand
            for different cards in legal moves, or in too many ways to try.
        IllegalMoveError: well-formed text for a move that is not legal now
            (from a state the engine's :func:`~pushrummy.engine.check_move` error,
            naming the rule; from a view, a move not among its legal moves); an
            :class:`~pushrummy.errors.InvalidMeldError` for a meld that breaks the meld
            rules whatever the position. Wilds written without roles whose readings
            are none of them legal: the error of the first reading (sets first); a
            lay-off without its end that no end takes: the error at the end nearer the
            card's rank; an exchange without its position that fits nowhere: the error
            at the place the card names.

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=3)
    >>> parse_move(state, "take")
    Take(seat=2)
    >>> parse_move(state, "take it")
    Traceback (most recent call last):
    ...
    pushrummy.errors.NotationError: unexpected 'it' in 'take it': 'take' takes nothing more

    From the view of the seat to move:

    >>> me = pr.view(state, state.current_player)
    >>> parse_move(me, "push")
    Push(seat=2)
    >>> parse_move(me, "discard KS")
    Traceback (most recent call last):
    ...
    pushrummy.errors.IllegalMoveError: 'discard KS' is not among seat 2's legal moves: the turn starts by taking the upcard or pushing [draw.choice]
    """
    position: _Position
    if isinstance(state, PlayerView):
        position = _ViewPosition(state)
    elif isinstance(state, GameState):
        position = _StatePosition(state)
    else:
        raise TypeError(f"state must be a GameState or a PlayerView, not {type(state).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"parse_move expects a str, not {type(text).__name__}")
    reading = _read(position, text)
    fits = [(move, found) for move in reading.moves if (found := position.legal(move)) is not None]
    if len(fits) == 1:
        return fits[0][1]
    if len(fits) > 1:
        if reading.tokens is not None:  # wilds written without their roles
            ambiguous_roles([format_move(move) for move, _ in fits], list(reading.tokens), text)
        _ambiguous([found for _, found in fits], reading.token, text, position.where.table)
    position.refuse(reading.plausible, text)


class _Position:
    """Where a text is read: a state or a view, the seat whose move it names, and which
    moves are legal there."""

    def __init__(self, where: GameState | PlayerView, seat: int) -> None:
        self.where = where
        self.seat = seat
        # A lay-off's end and an exchange's place are read from the table only when the
        # seat may play on the table now; else any reading is refused for what it is.
        self.in_play = where.phase is Phase.PLAY and where.current_player == seat

    def legal(self, move: Move) -> Move | None:
        """The legal move ``move`` names here, or ``None``."""
        raise NotImplementedError

    def refuse(self, move: Move, text: str) -> NoReturn:
        """Raise the error for ``text``, read as ``move``, which is not legal here."""
        raise NotImplementedError


class _StatePosition(_Position):
    """A state: the legal moves are the engine's listing, and the lay-downs and new melds
    :func:`~pushrummy.engine.is_legal` accepts (the listing leaves some to their
    representatives); the engine's checker words the error."""

    def __init__(self, state: GameState) -> None:
        # Between deals and after the game nobody is to move; a placeholder seat lets
        # check_move say what the phase needs (the error's seat is cleared in refuse).
        super().__init__(state, _seat(state.current_player))
        self.state = state
        self._listed: frozenset[Move] | None = None

    def legal(self, move: Move) -> Move | None:
        if isinstance(move, _UNLISTED_KINDS):
            return move if is_legal(self.state, move) else None
        if self._listed is None:  # listed once, when a move other than a meld is read
            self._listed = frozenset(legal_moves(self.state))
        return move if move in self._listed else None

    def refuse(self, move: Move, text: str) -> NoReturn:
        state = self.state
        try:
            check_move(state, move)
        except IllegalMoveError as exc:
            if state.current_player is None and not isinstance(move, NextDeal):
                raise type(exc)(exc.message, rule=exc.rule, phase=exc.phase) from None
            raise
        # Not reached: the listing holds every legal move but those is_legal decides.
        raise AssertionError(f"{move!r} is legal")  # pragma: no cover


class _ViewPosition(_Position):
    """A view: the legal moves are its listing (a meld move told from others without
    which wild fills which wild place of a run, when wilds cannot be taken back), and the
    meld moves :func:`~pushrummy.views.moves_using` finds beyond it; the error names the
    rule that comes nearest."""

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view, view.seat)
        self.view = view
        self.loose = view.variant.wild_exchange is WildExchange.NONE
        self.exact = {m: m for m in view.legal_moves}
        self.listed = {_play_key(m, loose=self.loose): m for m in reversed(view.legal_moves)}

    def legal(self, move: Move) -> Move | None:
        found = self.exact.get(move)
        if found is None:
            found = self.listed.get(_play_key(move, loose=self.loose))
        return found if found is not None else _unlisted(self.view, move, self.loose)

    def refuse(self, move: Move, text: str) -> NoReturn:
        raise _not_listed(self.view, move, text)


def _seat(seat: int | None) -> int:
    return 0 if seat is None else seat


_MAX_READINGS = 256
"""How many role assignments of a move's wilds are tried before the roles must be written."""


@attrs.frozen
class _Reading:
    """What a text names by the grammar (and the table) alone: every move it may name, and
    the one whose error explains when none of them is legal."""

    moves: tuple[Move, ...]
    plausible: Move
    token: str = ""  # the token an ambiguity error names (a lay-off's or exchange's card)
    tokens: tuple[str, ...] | None = None  # the move's tokens, for readings of wilds without roles

    @classmethod
    def one(cls, move: Move) -> _Reading:
        return cls((move,), move)


_BARE: dict[str, Any] = {
    "next": NextDeal,
    "take": Take,
    "push": Push,
    "draw": DrawStock,
    "buy": BuyUpcard,
    "pass": PassUpcard,
}
"""The verbs that take no argument, and their move classes (``next`` takes no seat)."""


def _read(position: _Position, text: str) -> _Reading:
    """The moves ``text`` may name for the position's seat by the notation's grammar and
    the table (one reader for states and views); melds that break the meld rules raise
    here."""
    seat = position.seat
    tokens = split_tokens(text)
    if not tokens:
        fail(f"empty move: expected one of {_VERB_LIST}", "", text)
    verb = lower_ascii(tokens[0])
    args = tokens[1:]
    if verb in _BARE:
        _expect_end(args, 0, verb, text)
        return _Reading.one(NextDeal() if verb == "next" else _BARE[verb](seat))
    if verb == "discard":
        card = read_card(_arg(args, 0, "the card to discard", verb, text), text)
        _expect_end(args, 1, verb, text)
        return _Reading.one(Discard(seat, card))
    if verb in ("down", "meld"):
        _bounded(position.where, args, text)
        if verb == "down":
            groups: list[list[str]] = [[]]
            for token in args:
                if token == "/":
                    groups.append([])
                else:
                    groups[-1].append(token)
            options = [_meld_for(position.where, group, text) for group in groups]
            moves: list[Move] = [LayDown(seat, melds) for melds in _product(options, tokens, text)]
        else:
            moves = [NewMeld(seat, meld) for meld in _meld_for(position.where, args, text)]
        if len(moves) == 1:
            return _Reading.one(moves[0])
        return _Reading(tuple(moves), moves[0], tokens=tuple(tokens))
    if verb == "shape":
        shapes = _shapes_for(position.where, args, text)
        moves = [LayDownShape(seat, shape) for shape in shapes]
        if len(moves) == 1:
            return _Reading.one(moves[0])
        return _Reading(tuple(moves), moves[0], tokens=tuple(tokens))
    if verb == "fill":
        return _Reading.one(FillWilds(seat, _fill_wilds(position, args, text)))
    if verb in ("off", "exchange"):
        what = "the card to lay off" if verb == "off" else "the natural card"
        item = _arg(args, 0, what, verb, text)
        card_text, equals, role_text = item.partition("=") if verb == "off" else (item, "", "")
        card = read_card(card_text, text)
        role = _lay_off_role(item, card, role_text, text) if equals else None
        _keyword(args, 1, "on", verb, text)
        meld_id = _number(_arg(args, 2, "a table meld id", verb, text), "meld id", text)
        if role is not None and len(args) > 3:
            fail(
                f"unexpected {clip_repr(args[3])} in {clip_repr(text)}: a wild's role names the "
                f"end it is laid off at (off {item} on {meld_id}, or off {card} on {meld_id} "
                f"{lower_ascii(args[3])})",
                args[3],
                text,
            )
        if verb == "off":
            if len(args) <= 3:
                return _lay_off_ends(position, card, meld_id, item, role, text)
            return _Reading.one(LayOff(seat, card, meld_id, _end_arg(args, text)))
        if len(args) <= 3:
            return _exchange_places(position, card, meld_id, item)
        _keyword(args, 3, "at", "exchange", text)
        place = _number(_arg(args, 4, "a run position", "exchange", text), "position", text)
        _expect_end(args, 5, "exchange", text)
        return _Reading.one(ExchangeWild(seat, meld_id, place, card))
    fail(
        f"unknown move {clip_repr(tokens[0])} in {clip_repr(text)}: moves are {_VERB_LIST}",
        tokens[0],
        text,
    )


def _target(position: _Position, meld_id: int) -> TableMeld | None:
    """The table meld ``meld_id`` names, when the seat may play on the table now."""
    table = position.where.table
    return table[meld_id] if position.in_play and 0 <= meld_id < len(table) else None


def _lay_off_ends(
    position: _Position, card: Card, meld_id: int, token: str, role: Rank | Card | None, text: str
) -> _Reading:
    """A lay-off whose end was left out: at each end of the run that the wild's role (if
    written) allows; explained, when none is legal, at the end nearer the card's rank.
    On a set, or when the meld is not there to play on, the lay-off without an end."""
    seat = position.seat
    target = _target(position, meld_id)
    ends: tuple[End | None, ...] = (None,)
    if target is not None and role is not None:
        ends = _role_ends(target, meld_id, token, role, text)
    elif target is not None and target.meld.kind is MeldKind.RUN:
        ends = tuple(End)
    moves = tuple(LayOff(seat, card, meld_id, end) for end in ends)
    if len(moves) == 1 or target is None:
        return _Reading(moves, moves[0], token)
    wild = position.where.variant.is_wild(card)
    return _Reading(moves, LayOff(seat, card, meld_id, _nearer_end(target.meld, card, wild)), token)


def _role_ends(
    target: TableMeld, meld_id: int, token: str, role: Rank | Card, text: str
) -> tuple[End | None, ...]:
    """The ends of ``target`` where a wild laid off with ``role`` stands (``(None,)`` on a
    set).

    Raises:
        NotationError: the role stands at no end of the meld.
    """
    meld = target.meld
    wild = token.partition("=")[0]
    if meld.kind is MeldKind.SET:
        if role is meld.rank:
            return (None,)
        assert meld.rank is not None
        fits = f"{wild}={meld.rank.symbol}"
    else:
        assert meld.start is not None and meld.end is not None
        places = {End.LOW: meld.start - 1, End.HIGH: meld.end + 1}
        places = {end: p for end, p in places.items() if 1 <= p <= 14}
        found = tuple(
            end
            for end, p in places.items()
            if isinstance(role, Card) and role.suit is meld.suit and role.rank is position_rank(p)
        )
        if found:
            return found
        fits = " or ".join(f"{wild}={position_card(meld, p)}" for p in places.values())
        fits = fits or "nothing: the run is full"
    fail(
        f"{clip_repr(token)} in {clip_repr(text)}: a wild laid off on "
        f"{meld_phrase(target)} (meld {meld_id}) stands for {fits}",
        token,
        text,
    )


def _nearer_end(meld: Meld, card: Card, wild: bool) -> End:
    assert meld.start is not None and meld.end is not None
    if card.rank is None or wild:
        return End.LOW
    if card.rank is Rank.ACE:  # an ace stands low (position 1) or high (14)
        if meld.start == 1 or meld.end == 14:
            return End.HIGH if meld.start == 1 else End.LOW
        return End.LOW if meld.start - 1 <= 14 - meld.end else End.HIGH
    return End.HIGH if int(card.rank) > meld.end else End.LOW


def _exchange_places(position: _Position, card: Card, meld_id: int, token: str) -> _Reading:
    """An exchange whose position was left out: at each place of the run; explained, when
    none is legal, at the place the card names (for a wild, the run's first wild)."""
    seat = position.seat
    target = _target(position, meld_id)
    meld = None if target is None else target.meld
    if meld is None or meld.kind is not MeldKind.RUN:
        return _Reading.one(ExchangeWild(seat, meld_id, implied_position(card) or 1, card))
    assert meld.start is not None
    span = range(meld.start, meld.start + len(meld.cards))
    wild = position.where.variant.wild_table
    if not wild[card.code]:
        ace_high = card.rank is Rank.ACE and meld.start > 1
        guess = 14 if ace_high else (implied_position(card) or 1)
    else:
        wilds = [p for p, c in zip(span, meld.cards, strict=True) if wild[c.code]]
        guess = wilds[0] if wilds else meld.start
    moves = tuple(ExchangeWild(seat, meld_id, p, card) for p in span)
    return _Reading(moves, ExchangeWild(seat, meld_id, guess, card), token)


def _lay_off_role(item: str, card: Card, role_text: str, text: str) -> Rank | Card:
    """The role of a wild laid off as ``off JK=9H on 3``."""
    if card.is_natural:
        fail(
            f"natural {clip_repr(item.partition('=')[0])} in {clip_repr(text)} takes no role: "
            "only wilds are written with '='",
            item,
            text,
        )
    if not role_text:
        fail(f"missing role after '=' in {clip_repr(item)} of {clip_repr(text)}", item, text)
    return read_role(item, card, role_text, text)


def _bounded(where: GameState | PlayerView, args: list[str], text: str) -> None:
    """Refuse a meld or lay-down that names more cards than the whole deck holds, before
    reading its melds: the work of reading a move stays bounded by the deck, whatever the
    length of the text."""
    cards = len(args) - args.count("/")
    variant = where.variant
    deck = _PACK_CARDS * variant.packs(where.players) + variant.jokers(where.players)
    if cards > deck:
        fail(
            f"{clip_repr(text)} names {cards:,} cards, more than the {deck}-card deck holds",
            "",
            text,
        )


_PACK_CARDS = 52
"""The cards of one pack, jokers apart ([setup.deck])."""


def _product(options: list[list[Meld]], tokens: list[str], text: str) -> list[tuple[Meld, ...]]:
    """Every choice of one reading per meld (at most :data:`_MAX_READINGS`): the work is
    linear in the number of melds (the count stops growing past the bound, and each choice
    is built once, not extended meld by meld)."""
    count = 1
    for readings in options:
        count *= len(readings)
        if count > _MAX_READINGS:  # no bigger number: a huge one has no decimal text
            token = next((t for t in tokens if "=" not in t and is_wild_token(t)), "")
            wild = token or "JK"
            fail(
                f"the wilds in {clip_repr(text)} can stand for too many different cards (more "
                f"than {_MAX_READINGS} ways); write each wild's role: {wild}=<rank><suit> in a "
                f"run, {wild}=<rank> in a set",
                token,
                text,
            )
    return list(itertools.product(*options))


def _meld_for(
    state: GameState | PlayerView, tokens: list[str], text: str, *, shape: bool = False
) -> list[Meld]:
    """The readings of the meld (or, with ``shape``, the shape) of ``tokens``; a meld-rule
    error carries the seat and phase."""
    try:
        return meld_readings(tokens, text, shape=shape, wild_twos=state.variant.wild_twos)
    except InvalidMeldError as exc:
        seat = state.current_player
        who = "" if seat is None else f"seat {seat} cannot meld: "
        message = _JOKER_WORD.sub(SHAPE_WILD, exc.message) if shape else exc.message
        raise InvalidMeldError(who + message, rule=exc.rule, seat=seat, phase=state.phase) from None


_JOKER_WORD = re.compile(r"\bJK\b")
"""A joker in a meld error's words, which in a shape's is a wild place (``*``): a shape
holds no wild card, so every joker the error names stands in for one."""


def _shapes_for(state: GameState | PlayerView, tokens: list[str], text: str) -> list[MeldShape]:
    """The shapes ``tokens`` can mean (``*`` at each wild place): one per reading of its
    wild places' roles, sets first."""
    shapes: list[MeldShape] = []
    wild_twos = state.variant.wild_twos
    for meld in _meld_for(state, tokens, text, shape=True):
        shape = MeldShape.of(meld, wild_twos=wild_twos)
        if shape not in shapes:
            shapes.append(shape)
    return shapes


def _fill_wilds(position: _Position, args: list[str], text: str) -> tuple[Card, ...]:
    """The wild cards of ``fill``, in place order; sorted when the announced shape is a
    set (its wild places are alike, so its fillings are listed sorted)."""
    if not args:
        fail(
            f"incomplete move {clip_repr(text)}: 'fill' needs the wild cards that fill the "
            "shape's wild places, in order (fill 2C JK)",
            "",
            text,
        )
    wilds: list[Card] = []
    for token in args:
        if "=" in token or token == "/":
            fail(
                f"unexpected {clip_repr(token)} in {clip_repr(text)}: 'fill' names the wild "
                "cards alone, in the order of the shape's wild places (the shape gave their roles)",
                token,
                text,
            )
        card = read_card(token, text)
        if not position.where.variant.is_wild(card):
            fail(
                f"natural {clip_repr(token)} in {clip_repr(text)}: 'fill' names the wild cards "
                "(jokers, and twos where they are wild) that fill the shape's wild places",
                token,
                text,
            )
        wilds.append(card)
    shape = position.where.shape
    if shape is not None and shape.kind is MeldKind.SET:
        wilds.sort()
    return tuple(wilds)


_UNLISTED_KINDS = (LayDown, LayDownShape, FillWilds, NewMeld)
"""The kinds of move whose legal moves the listing may leave to a representative
(:ref:`listing-promise`): read against :func:`~pushrummy.engine.is_legal` on a state,
:func:`~pushrummy.views.moves_using` on a view."""


def _unlisted(view: PlayerView, move: Move, loose: bool) -> Move | None:
    """The legal meld move ``move`` names that the listing leaves to its representative
    (a lay-down step in any order or longer than its part, its shape, a filling with its
    wilds in another order, a whole lay-down, a longer new meld:
    :func:`~pushrummy.views.moves_using`), or ``None``."""
    if not isinstance(move, _UNLISTED_KINDS):
        return None
    key = _play_key(move, loose=loose)
    for found in moves_using(view, cards_used(move)):
        if _play_key(found, loose=loose) == key:
            return found
    return None


def _play_key(move: Move, *, loose: bool) -> object:
    """What tells ``move`` from other moves: the move itself, or, when wilds cannot be
    taken back (``loose``), a lay-down, new meld or filling without which wild stands in
    which wild place of a run (one play, listed once, [meld.wild])."""
    if loose and isinstance(move, FillWilds):
        return (FillWilds, move.seat, tuple(sorted(move.wilds)))
    if not loose or not isinstance(move, (LayDown, NewMeld)):
        return move
    melds = move.melds if isinstance(move, LayDown) else (move.meld,)
    return (type(move), move.seat, tuple(_meld_key(meld) for meld in melds))


def _meld_key(meld: Meld) -> object:
    if meld.kind is MeldKind.SET:
        return meld  # a set's cards are kept sorted
    naturals = tuple(None if card.is_wild else card for card in meld.cards)
    return (meld.suit, meld.start, naturals, tuple(sorted(c for c in meld.cards if c.is_wild)))


def _not_listed(view: PlayerView, move: Move, text: str) -> IllegalMoveError:
    """The error for text naming ``move``, which is not among ``view``'s legal moves."""
    if view.current_player is None:
        rule = "turn.between"
        why = "the game is over" if view.is_over else "nobody is to move between deals"
    elif view.current_player != view.seat:
        why, rule = f"it is seat {view.current_player}'s turn", "turn.seat"
    elif view.phase is Phase.BUYING and not isinstance(move, (BuyUpcard, PassUpcard)):
        why, rule = f"the upcard {view.upcard} is offered to this seat: buy or pass", "buy.offer"
    elif isinstance(move, (BuyUpcard, PassUpcard)):
        why, rule = "no upcard is offered to this seat", "buy.offer"
    elif view.phase is Phase.DRAW and not isinstance(move, (Take, Push, DrawStock)):
        other = (
            "drawing from the stock" if view.variant.draw_style is DrawStyle.STOCK else "pushing"
        )
        why, rule = f"the turn starts by taking the upcard or {other}", "draw.choice"
    elif view.phase is Phase.FILLING_WILDS and not isinstance(move, FillWilds):
        why, rule = f"the wild places of {view.shape} are to be filled first", "contract.wilds"
    elif isinstance(move, FillWilds) and view.phase is not Phase.FILLING_WILDS:
        why, rule = "no shape is announced whose wild places to fill", "contract.wilds"
    elif view.phase is Phase.LAYING_DOWN and not isinstance(move, (LayDown, LayDownShape)):
        still = " + ".join(str(req) for req in view.contract_left)
        why, rule = (
            f"the contract is to be laid down first: {still} still to place",
            "contract.steps",
        )
    else:
        kind = kind_of(move)
        why, rule = f"the rules of '{kind.verb}' do not allow it here", kind.rule
    return IllegalMoveError(
        f"{clip_repr(text)} is not among seat {view.seat}'s legal moves: {why}",
        rule=rule,
        move=move,
        seat=view.seat,
        phase=view.phase,
    )


def _arg(args: list[str], index: int, what: str, verb: str, text: str) -> str:
    if index < len(args):
        return args[index]
    fail(f"incomplete move {clip_repr(text)}: '{verb}' needs {what}", "", text)


def _expect_end(args: list[str], count: int, verb: str, text: str) -> None:
    if len(args) > count:
        extra = args[count]
        if count == 0:
            fail(
                f"unexpected {clip_repr(extra)} in {clip_repr(text)}: '{verb}' takes nothing more",
                extra,
                text,
            )
        fail(
            f"unexpected {clip_repr(extra)} in {clip_repr(text)} after {clip_repr(args[count - 1])}",
            extra,
            text,
        )


def _keyword(args: list[str], index: int, word: str, verb: str, text: str) -> None:
    token = _arg(args, index, f"'{word}'", verb, text)
    if lower_ascii(token) != word:
        fail(f"expected '{word}' in {clip_repr(text)}, not {clip_repr(token)}", token, text)


def _number(token: str, what: str, text: str) -> int:
    if _NUMBER.fullmatch(token) is None:
        fail(
            f"bad {what} {clip_repr(token)} in {clip_repr(text)}: expected a number such as 3",
            token,
            text,
        )
    return int(token)


def _end_arg(args: list[str], text: str) -> End:
    """The end named after ``off CARD on ID`` (the last word of the move)."""
    end = _ENDS.get(lower_ascii(args[3]))
    if end is None:
        fail(
            f"bad end {clip_repr(args[3])} in {clip_repr(text)}: a run's end is 'low' or 'high'",
            args[3],
            text,
        )
    _expect_end(args, 4, "off", text)
    return end


def _ambiguous(
    moves: Sequence[Move], token: str, text: str, table: Sequence[TableMeld] = ()
) -> NoReturn:
    """The error for text that names several legal moves (a wild laid off at either end
    of a run says what it would stand for at each)."""

    def option(move: Move) -> str:
        shown = repr(format_move(move))
        if isinstance(move, LayOff) and 0 <= move.meld_id < len(table):
            role = lay_off_role(move, table[move.meld_id].meld)
            if role is not None:
                shown += f" ({move.card} as {role})"
        return shown

    options = " or ".join(option(m) for m in moves)
    fail(f"ambiguous: {options}", token, text)
