"""Reading moves: :func:`parse_move`, the legal move that a text in the notation names
in a position (a state, or the view a client holds). The grammar is in
:mod:`pushrummy.notation`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NoReturn

import attrs

from ..cards import Card, Rank
from ..engine import check_move, is_legal
from ..english import lay_off_role, meld_phrase, position_card
from ..errors import IllegalMoveError, InvalidMeldError, clip_repr
from ..melds import End, Meld, MeldKind, position_rank
from ..moves import (
    Discard,
    ExchangeWild,
    LayDown,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    Push,
    Take,
    cards_used,
)
from ..movetable import MOVE_KINDS, kind_of
from ..plays.exchange import natural_at
from ..state import GameState, Phase, TableMeld
from ..variants import WildExchange
from ..views import PlayerView, moves_using
from .formatting import format_move, implied_position
from .melds import (
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
    its representative (a lay-down step in any order or longer than its part, a whole
    lay-down, a longer new meld: :func:`~pushrummy.views.moves_using`). Text for any other
    move raises a plain
    :class:`~pushrummy.errors.IllegalMoveError` saying so, with the rule that comes
    nearest: ``turn.seat`` when it is not the view's seat's turn, ``turn.between``
    when nobody is to move, ``draw.choice`` for anything but a draw before the draw,
    else the rule that defines that kind of move (``layoff.card`` for ``off``).

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState` or a
            :class:`~pushrummy.views.PlayerView`, or ``text`` not a str.
        NotationError: malformed text (the bad token is named), or text that
            names two legal moves (the message lists them): a lay-off's end left out
            when both ends take the card, wilds written without roles that can stand
            for different cards in legal moves, or in too many ways to try.
        IllegalMoveError: well-formed text for a move that is not legal now
            (from a state the engine's :func:`~pushrummy.engine.check_move` error,
            naming the rule; from a view, a move not among its legal moves); an
            :class:`~pushrummy.errors.InvalidMeldError` for a meld that breaks the meld
            rules whatever the position. Wilds written without roles whose readings
            are none of them legal: the error of the first reading (sets first).

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
    if isinstance(state, PlayerView):
        if not isinstance(text, str):
            raise TypeError(f"parse_move expects a str, not {type(text).__name__}")
        return _parse_listed(state, text)
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState or a PlayerView, not {type(state).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"parse_move expects a str, not {type(text).__name__}")
    seat = state.current_player
    read = _read(state, _seat(seat), text)
    if isinstance(read, _Readings):  # wilds written without their roles
        fit = read.pick(lambda move: is_legal(state, move), text)
        return _checked(state, read.moves[0] if fit is None else fit, seat)
    if isinstance(read, _Open):  # a lay-off's end or an exchange's position left out
        ends = read.ends(state.table, text) if state.phase is Phase.PLAY else None
        if ends is not None and len(ends) == 1:  # the wild's role names the end
            return _checked(state, LayOff(_seat(seat), read.card, read.meld_id, ends[0]), seat)
        if read.verb == "off":
            return _lay_off(state, seat, read.card, read.meld_id, read.token, text)
        return _exchange(state, seat, read.card, read.meld_id, read.token, text)
    return _checked(state, read, seat)


@attrs.frozen
class _Open:
    """A lay-off without its end or an exchange without its position: which one is meant
    depends on the position (the state's or view's legal moves say)."""

    verb: str
    card: Card
    meld_id: int
    token: str  # the card's token, for error messages
    role: Rank | Card | None = None  # a wild laid off with its role: ``off JK=9H on 3``

    def ends(self, table: Sequence[TableMeld], text: str) -> tuple[End | None, ...] | None:
        """The ends of the target meld where the wild's declared role stands (``(None,)``
        on a set); ``None`` without a role, or for a meld id not on ``table``.

        Raises:
            NotationError: the role stands at no end of the meld.
        """
        if self.role is None or not 0 <= self.meld_id < len(table):
            return None
        target = table[self.meld_id]
        meld = target.meld
        wild = self.token.partition("=")[0]
        if meld.kind is MeldKind.SET:
            if self.role is meld.rank:
                return (None,)
            assert meld.rank is not None
            fits = f"{wild}={meld.rank.symbol}"
        else:
            assert meld.start is not None and meld.end is not None
            places = {End.LOW: meld.start - 1, End.HIGH: meld.end + 1}
            places = {end: p for end, p in places.items() if 1 <= p <= 14}
            role = self.role
            found = tuple(
                end
                for end, p in places.items()
                if isinstance(role, Card)
                and role.suit is meld.suit
                and role.rank is position_rank(p)
            )
            if found:
                return found
            fits = " or ".join(f"{wild}={position_card(meld, p)}" for p in places.values())
            fits = fits or "nothing: the run is full"
        fail(
            f"{clip_repr(self.token)} in {clip_repr(text)}: a wild laid off on "
            f"{meld_phrase(target)} (meld {self.meld_id}) stands for {fits}",
            self.token,
            text,
        )


_MAX_READINGS = 256
"""How many role assignments of a move's wilds are tried before the roles must be written."""


@attrs.frozen
class _Readings:
    """A lay-down or new meld whose wilds were written without roles and can stand for
    more than one thing: every reading valid by the meld rules (at least two); the
    position decides which are legal."""

    moves: tuple[Move, ...]
    tokens: list[str]  # the move's tokens, for error messages

    def pick(self, legal: Callable[[Move], bool], text: str) -> Move | None:
        """The one legal reading; ``None`` when none is; an error naming them when several are.

        Raises:
            NotationError: more than one reading is legal.
        """
        fits = [move for move in self.moves if legal(move)]
        if len(fits) > 1:
            ambiguous_roles([format_move(m) for m in fits], self.tokens, text)
        return fits[0] if fits else None


def _read(where: GameState | PlayerView, seat: int, text: str) -> Move | _Open | _Readings:
    """The move ``text`` names for ``seat`` by the notation's grammar alone (one reader for
    states and views); melds that break the meld rules raise here."""
    tokens = split_tokens(text)
    if not tokens:
        fail(f"empty move: expected one of {_VERB_LIST}", "", text)
    verb = lower_ascii(tokens[0])
    args = tokens[1:]
    if verb in ("next", "take", "push"):
        _expect_end(args, 0, verb, text)
        return NextDeal() if verb == "next" else Take(seat) if verb == "take" else Push(seat)
    if verb == "discard":
        card = read_card(_arg(args, 0, "the card to discard", verb, text), text)
        _expect_end(args, 1, verb, text)
        return Discard(seat, card)
    if verb == "down":
        groups: list[list[str]] = [[]]
        for token in args:
            if token == "/":
                groups.append([])
            else:
                groups[-1].append(token)
        options = [_meld_for(where, group, text) for group in groups]
        downs = [LayDown(seat, melds) for melds in _product(options, tokens, text)]
        return downs[0] if len(downs) == 1 else _Readings(tuple(downs), tokens)
    if verb == "meld":
        news = [NewMeld(seat, meld) for meld in _meld_for(where, args, text)]
        return news[0] if len(news) == 1 else _Readings(tuple(news), tokens)
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
        if len(args) <= 3:
            return _Open(verb, card, meld_id, item, role)
        if verb == "off":
            return LayOff(seat, card, meld_id, _end_arg(args, text))
        _keyword(args, 3, "at", "exchange", text)
        position = _number(_arg(args, 4, "a run position", "exchange", text), "position", text)
        _expect_end(args, 5, "exchange", text)
        return ExchangeWild(seat, meld_id, position, card)
    fail(
        f"unknown move {clip_repr(tokens[0])} in {clip_repr(text)}: moves are {_VERB_LIST}",
        tokens[0],
        text,
    )


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


def _seat(seat: int | None) -> int:
    # Between deals and after the game nobody is to move; a placeholder seat lets
    # check_move say what the phase needs (the error's seat is cleared in _checked).
    return 0 if seat is None else seat


def _checked(state: GameState, move: Move, seat: int | None) -> Move:
    """``move`` if it is legal, else the engine's error saying why."""
    try:
        check_move(state, move)
    except IllegalMoveError as exc:
        if seat is None and not isinstance(move, NextDeal):
            raise type(exc)(exc.message, rule=exc.rule, phase=exc.phase) from None
        raise
    return move


def _product(options: list[list[Meld]], tokens: list[str], text: str) -> list[tuple[Meld, ...]]:
    """Every choice of one reading per meld (at most :data:`_MAX_READINGS`)."""
    count = 1
    for readings in options:
        count *= len(readings)
    if count > _MAX_READINGS:
        token = next((t for t in tokens if "=" not in t and is_wild_token(t)), "")
        wild = token or "JK"
        fail(
            f"the wilds in {clip_repr(text)} can stand for too many different cards ({count} "
            f"ways); write each wild's role: {wild}=<rank><suit> in a run, {wild}=<rank> in a set",
            token,
            text,
        )
    choices: list[tuple[Meld, ...]] = [()]
    for readings in options:
        choices = [(*chosen, meld) for chosen in choices for meld in readings]
    return choices


def _meld_for(state: GameState | PlayerView, tokens: list[str], text: str) -> list[Meld]:
    """The readings of the meld of ``tokens``; a meld-rule error carries the seat and phase."""
    try:
        return meld_readings(tokens, text)
    except InvalidMeldError as exc:
        seat = state.current_player
        who = "" if seat is None else f"seat {seat} cannot meld: "
        raise InvalidMeldError(
            who + exc.message, rule=exc.rule, seat=seat, phase=state.phase
        ) from None


def _parse_listed(view: PlayerView, text: str) -> Move:
    """The move of ``view.legal_moves`` that ``text`` names (the grammar of :func:`parse_move`)."""
    seat = view.seat
    read = _read(view, seat, text)
    loose = view.variant.wild_exchange is WildExchange.NONE
    listed = {_play_key(m, loose=loose): m for m in view.legal_moves}
    if isinstance(read, _Readings):  # wilds written without their roles
        fit = read.pick(
            lambda m: _play_key(m, loose=loose) in listed or _unlisted(view, m, loose) is not None,
            text,
        )
        if fit is not None:
            key = _play_key(fit, loose=loose)
            return listed[key] if key in listed else _unlisted(view, fit, loose) or fit
        raise _not_listed(view, read.moves[0], text)
    if isinstance(read, _Open):
        # The end or position left out: whichever listed moves fit.
        kind = LayOff if read.verb == "off" else ExchangeWild
        ends = read.ends(view.table, text)
        fits = [
            m
            for m in view.legal_moves
            if type(m) is kind
            and m.card == read.card
            and m.meld_id == read.meld_id
            and (ends is None or (isinstance(m, LayOff) and m.end in ends))
        ]
        if len(fits) == 1:
            return fits[0]
        if len(fits) > 1:
            _ambiguous(fits, read.token, text, view.table)
        if read.verb == "off":
            move: Move = LayOff(seat, read.card, read.meld_id)
        else:
            guess = implied_position(read.card) or 1
            move = ExchangeWild(seat, read.meld_id, guess, read.card)
    else:
        move = read
    found = listed.get(_play_key(move, loose=loose)) or _unlisted(view, move, loose)
    if found is not None:
        return found
    raise _not_listed(view, move, text)


def _unlisted(view: PlayerView, move: Move, loose: bool) -> Move | None:
    """The legal meld move ``move`` names that the listing leaves to its representative
    (a lay-down step in any order or longer than its part, a whole lay-down, a longer new
    meld: :func:`~pushrummy.views.moves_using`), or ``None``."""
    if not isinstance(move, (LayDown, NewMeld)):
        return None
    key = _play_key(move, loose=loose)
    for found in moves_using(view, cards_used(move)):
        if _play_key(found, loose=loose) == key:
            return found
    return None


def _play_key(move: Move, *, loose: bool) -> object:
    """What tells ``move`` from other moves: the move itself, or, when wilds cannot be
    taken back (``loose``), a lay-down or new meld without which wild stands in which wild
    place of a run (one play, listed once, [meld.wild])."""
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
    elif view.phase is Phase.DRAW and not isinstance(move, (Take, Push)):
        why, rule = "the turn starts by taking the upcard or pushing", "draw.choice"
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


def _lay_off(
    state: GameState, seat: int | None, card: Card, meld_id: int, token: str, text: str
) -> Move:
    """A lay-off whose end was left out: the one legal end, else the engine's error."""
    me = _seat(seat)
    if state.phase is not Phase.PLAY or not 0 <= meld_id < len(state.table):
        return _checked(state, LayOff(me, card, meld_id), seat)
    meld = state.table[meld_id].meld
    if meld.kind is MeldKind.SET:
        return _checked(state, LayOff(me, card, meld_id), seat)
    fits = [
        LayOff(me, card, meld_id, e) for e in End if is_legal(state, LayOff(me, card, meld_id, e))
    ]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1:
        _ambiguous(fits, token, text, state.table)
    # Nothing fits: let the engine explain at the end a natural card's rank is nearer.
    return _checked(state, LayOff(me, card, meld_id, _nearer_end(meld, card)), seat)


def _nearer_end(meld: Meld, card: Card) -> End:
    assert meld.start is not None and meld.end is not None
    if card.rank is None or card.is_wild:
        return End.LOW
    if card.rank is Rank.ACE:  # an ace stands low (position 1) or high (14)
        if meld.start == 1 or meld.end == 14:
            return End.HIGH if meld.start == 1 else End.LOW
        return End.LOW if meld.start - 1 <= 14 - meld.end else End.HIGH
    return End.HIGH if int(card.rank) > meld.end else End.LOW


def _exchange(
    state: GameState, seat: int | None, card: Card, meld_id: int, token: str, text: str
) -> Move:
    """An exchange whose position was left out: the one legal place, else the engine's
    error at the place the card names."""
    me = _seat(seat)
    target = state.table[meld_id].meld if 0 <= meld_id < len(state.table) else None
    if target is None or target.kind is not MeldKind.RUN or state.phase is not Phase.PLAY:
        guess = implied_position(card) or 1
        return _checked(state, ExchangeWild(me, meld_id, guess, card), seat)
    assert target.start is not None
    span = range(target.start, target.start + len(target.cards))
    fits = [
        move
        for move in (ExchangeWild(me, meld_id, p, card) for p in span)
        if card.is_natural and card == natural_at(target, move.position) and is_legal(state, move)
    ]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1:
        _ambiguous(fits, token, text)
    # Nothing fits: let the engine explain, at the position the card names
    # (or, for a wild, at the run's first wild).
    if card.is_natural:
        ace_high = card.rank is Rank.ACE and target.start > 1
        guess = 14 if ace_high else (implied_position(card) or 1)
    else:
        wilds = [p for p, c in zip(span, target.cards, strict=True) if c.is_wild]
        guess = wilds[0] if wilds else target.start
    return _checked(state, ExchangeWild(me, meld_id, guess, card), seat)


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
