"""Text notation for moves and melds: :func:`parse_move`, :func:`format_move`.

The notation is small, case-insensitive and strict. Blanks (and commas) separate
tokens and extra blanks are ignored; cards are written as in
:func:`~pushrummy.cards.parse_card` (``10H`` or ``TH``, ``♥`` for ``H``, ``JK``).

Grammar::

    move     = "take" | "push" | "next"
             | "discard" CARD
             | "down" meld { "/" meld }          (lay down the contract)
             | "meld" meld                       (a new meld after the contract)
             | "off" CARD "on" ID [ END ]        (lay off a card on table meld ID)
             | "off" WILD "=" ROLE "on" ID       (a wild with its role, which names the end)
             | "exchange" CARD "on" ID [ "at" POSITION ]
    meld     = item { item }
    item     = NATURAL | WILD [ "=" ROLE ]       (a wild's role, unless only one fits)
    ROLE     = RANK SUIT                         (in a run: the card the wild stands for)
             | RANK                              (in a set: the set's rank)
    END      = "low" | "high"
    ID       = digits                            (the table meld's id, from 0)
    POSITION = digits                            (a run position: 1 = ace low … 14 = ace high)

==============================  ======================================  ==================
text                            move                                    rule
==============================  ======================================  ==================
``take``                        :class:`~pushrummy.moves.Take`          [draw.take]
``push``                        :class:`~pushrummy.moves.Push`          [draw.push]
``down 7S 7H 7D / 9C 9S JK=9``  :class:`~pushrummy.moves.LayDown`       [contract.laydown]
``meld 5H JK=6H 7H``            :class:`~pushrummy.moves.NewMeld`       [meld.new]
``off JK on 3 high``            :class:`~pushrummy.moves.LayOff`        [layoff.card]
``exchange 6H on 3``            :class:`~pushrummy.moves.ExchangeWild`  [layoff.exchange]
``discard KS``                  :class:`~pushrummy.moves.Discard`       [discard.end]
``next``                        :class:`~pushrummy.moves.NextDeal`      [deal.count]
==============================  ======================================  ==================

**Melds.** A wild (joker or two) is written with the role it is declared to
play ([meld.wild]): ``JK=6H`` in a run (rank and suit), ``JK=9`` in a set (rank
only); a two standing for its own rank in a run is ``2H=2H``. Natural cards are
written plain. Roles with a suit make a run, roles with a rank only make a set;
a meld without wilds is a set when its cards share a rank and a run otherwise.
A run is written low to high; a set in any order.

**Roles left out.** A wild may be written without its role when only one role
fits: ``5H JK 7H`` can only be ``5H JK=6H 7H``. Every assignment of roles that
makes a valid meld (with the roles that are written) is a reading; in
:func:`parse_move` only the readings that are legal in the position count, so the
contract can settle it (``down 3H 3S JK / JC JK 2S`` in a deal of two sets
reads the second meld as a set of jacks, in a deal of a set and a run as the run
``JC JK=QC 2S=KC``). More than one reading is a
:class:`~pushrummy.errors.NotationError` that lists them; the roles must then be
written. A lay-off names its end (``off JK on 3 high``), or a wild's role
(``off JK=9H on 3``, ``off JK=9 on 1`` on a set of 9s), and may leave both out
when only one end takes the card; when both do, the error lists each end with
what the wild would stand for there.

**Resolving against the position.** The seat is the state's current player.
``off`` may leave out the end when only one end of the run takes the card, and
``exchange`` names the natural card, so the position is derived (``at``
settles the one ambiguous case: both aces of a 14-card run wild). The move
returned is legal; text that is well formed but not legal now raises the
engine's :class:`~pushrummy.errors.IllegalMoveError` saying which rule it breaks.

>>> from pushrummy.cards import parse_card
>>> m = parse_meld("5h jk=6h 7h")
>>> m
Meld.run('5H JK=6H 7H')
>>> format_meld(parse_meld("JK=9 9s 9C"))
'9C 9S JK=9'
>>> format_meld(parse_meld("2H=AH 2H=2H 3H"))
'2H=AH 2H=2H 3H'
>>> from pushrummy.moves import LayOff
>>> from pushrummy.melds import End
>>> format_move(LayOff(2, parse_card("JK"), 3, End.HIGH))
'off JK on 3 high'
>>> describe_move(LayOff(2, parse_card("JK"), 3, End.HIGH))
'seat 2 lays off JK at the high end of meld 3'
>>> parse_meld("5H JK 7H")
Meld.run('5H JK=6H 7H')
>>> parse_meld("JC JK 2S")
Traceback (most recent call last):
...
pushrummy.errors.NotationError: the wilds in 'JC JK 2S' can stand for different cards: 'JC 2S=J JK=J' or 'JC JK=QC 2S=KC'; write each wild's role: JK=<rank><suit> in a run, JK=<rank> in a set

Moves are parsed against a state:

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> parse_move(state, "  TAKE ") == pr.Take(state.current_player)
True
>>> format_move(parse_move(state, "push"))
'push'
>>> parse_move(state, "discard XS")
Traceback (most recent call last):
...
pushrummy.errors.NotationError: bad card 'XS' in 'discard XS': unknown rank 'X' (ranks are A 2-10 J Q K, T for 10; JK is the joker)
>>> parse_move(state, "discard KS")
Traceback (most recent call last):
...
pushrummy.errors.WrongPhaseError: seat 2 must first take the upcard or push [draw.choice]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import attrs

from .cards import Card, Rank, Suit, parse_card
from .engine import check_move, is_legal
from .errors import IllegalMoveError, InvalidMeldError, NotationError, clip, clip_repr
from .melds import End, Meld, MeldKind, position_rank
from .moves import (
    Discard,
    ExchangeWild,
    LayDown,
    LayOff,
    Move,
    NewMeld,
    NextDeal,
    Push,
    Take,
)
from .movetable import MOVE_KINDS, kind_of
from .plays.exchange import natural_at
from .state import GameState, Phase, TableMeld
from .variants import WildExchange
from .views import PlayerView

__all__ = [
    "describe_move",
    "format_meld",
    "format_move",
    "is_description",
    "parse_meld",
    "parse_move",
]

_VERBS = tuple(kind.verb for kind in MOVE_KINDS)
_VERB_LIST = ", ".join(_VERBS)
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SEPARATORS = re.compile(r"[\s,]+")
_NUMBER = re.compile(r"[0-9]{1,9}")
_RANKS = {rank.symbol: rank for rank in Rank} | {"T": Rank.TEN}
_ENDS = {"low": End.LOW, "high": End.HIGH}


# --- tokens --------------------------------------------------------------------------------------


def _tokens(text: str) -> list[str]:
    """Blank-separated tokens; ``=`` glues a wild to its role, ``/`` stands alone.

    In time linear in the text (a regular expression that strips the blanks around
    ``=`` would retry a long run of blanks from each of its positions): the text is split
    at blanks and commas, then each piece that starts with ``=``, or follows one that
    ends with it, is joined to the piece before.
    """
    groups: list[list[str]] = []
    glue = False
    for piece in _SEPARATORS.split(text.replace("/", " / ")):
        if not piece:
            continue
        if groups and (glue or piece[0] == "="):
            groups[-1].append(piece)
        else:
            groups.append([piece])
        glue = piece[-1] == "="
    return ["".join(group) for group in groups]


def _lower(token: str) -> str:
    return token.translate(_ASCII_LOWER)


def _fail(message: str, token: str, text: str) -> NoReturn:
    raise NotationError(message, token=token, text=text)


def _card(token: str, text: str) -> Card:
    try:
        return parse_card(token)
    except NotationError as exc:
        detail = str(exc)
        prefix = f"bad card {clip_repr(token)}: "
        if detail.startswith(prefix):
            detail = detail[len(prefix) :]
        _fail(f"bad card {clip_repr(token)} in {clip_repr(text)}: {detail}", token, text)


# --- melds ---------------------------------------------------------------------------------------


def _role(item: str, wild: Card, role: str, text: str) -> Rank | Card:
    """A wild's role: a rank (in a set) or the natural card it stands for (in a run)."""
    upper = role.translate(_ASCII_UPPER)
    rank = _RANKS.get(upper)
    if rank is not None:
        return rank
    try:
        card = parse_card(role)
    except NotationError:
        card = None
    if card is None or card.is_joker:
        _fail(
            f"bad role {clip_repr(role)} of {clip_repr(item)} in {clip_repr(text)}: a wild stands for a rank "
            f"in a set ({wild}=9) or a rank and suit in a run ({wild}=6H)",
            item,
            text,
        )
    return card


def _meld(tokens: list[str], text: str) -> Meld:
    """The meld written by ``tokens`` (see the module's grammar): its one reading."""
    readings = _meld_readings(tokens, text)
    if len(readings) > 1:
        _ambiguous_roles([format_meld(m) for m in readings], tokens, text)
    return readings[0]


def _meld_readings(tokens: list[str], text: str) -> list[Meld]:
    """Every meld ``tokens`` can mean: one when every wild carries its role; for wilds
    written without one, every assignment of roles that makes a valid meld (sets first)."""
    if not tokens:
        _fail(f"empty meld in {clip_repr(text)}: a meld is 3 or more cards", "", text)
    cards: list[Card] = []
    roles: list[Rank | Card | None] = []
    set_role: str | None = None
    run_role: str | None = None
    unroled = False
    for item in tokens:
        if item == "/":
            _fail(
                f"unexpected '/' in {clip_repr(text)}: '/' separates the melds of 'down'",
                item,
                text,
            )
        card_text, equals, role_text = item.partition("=")
        card = _card(card_text, text)
        if not equals:
            unroled = unroled or card.is_wild
            cards.append(card)
            roles.append(None)
            continue
        if card.is_natural:
            _fail(
                f"natural {clip_repr(card_text)} in {clip_repr(text)} takes no role: only wilds are written with '='",
                item,
                text,
            )
        if not role_text:
            _fail(f"missing role after '=' in {clip_repr(item)} of {clip_repr(text)}", item, text)
        role = _role(item, card, role_text, text)
        if isinstance(role, Rank):
            set_role = set_role or item
        else:
            run_role = run_role or item
        if set_role is not None and run_role is not None:
            _fail(
                f"{clip_repr(item)} in {clip_repr(text)}: the meld mixes set roles ({set_role}) and run roles "
                f"({run_role}); a wild in a set stands for a rank, in a run for a rank and suit",
                item,
                text,
            )
        cards.append(card)
        roles.append(role)
    what = " ".join(tokens)
    if unroled:
        return _inferred(cards, roles, what)
    # Without wilds every card is natural: one rank makes a set, anything else a run.
    if set_role is not None or (run_role is None and len({c.rank for c in cards}) == 1):
        return [_set(cards, roles, what)]
    return [_run(cards, roles, tokens, what)]


_SET_RANKS = tuple(rank for rank in Rank if rank is not Rank.TWO)
"""The ranks a set can have (twos are wild: no sets of twos)."""


def _inferred(cards: list[Card], roles: list[Rank | Card | None], text: str) -> list[Meld]:
    """Every valid meld of ``cards`` (in the order written) whose wilds without a role
    stand for anything and whose declared roles hold: sets, then runs by suit and start."""
    naturals = [card for card in cards if card.is_natural]
    set_roles = {role for role in roles if isinstance(role, Rank)}
    run_roles = [role for role in roles if isinstance(role, Card)]
    readings: list[Meld] = []
    set_error: InvalidMeldError | None = None
    ranks = set_roles | {card.rank for card in naturals if card.rank is not None}
    if not run_roles and len(ranks) <= 1:
        for rank in sorted(ranks) or _SET_RANKS:
            try:
                readings.append(Meld.set_of(cards, rank))
            except InvalidMeldError as exc:
                set_error = set_error or exc
    suits = {card.suit for card in [*naturals, *run_roles] if card.suit is not None}
    if not set_roles and len(suits) <= 1:
        for suit in sorted(suits) or list(Suit):
            for start in range(1, 13):
                try:
                    meld = Meld(MeldKind.RUN, cards, suit=suit, start=start)
                except InvalidMeldError:
                    continue
                if all(
                    not isinstance(role, Card)
                    or (role.suit is suit and role.rank is position_rank(start + index))
                    for index, role in enumerate(roles)
                ):
                    readings.append(meld)
    if readings:
        return readings
    if set_error is not None and ranks:
        raise InvalidMeldError(
            f"{set_error.message}, whatever its wilds stand for", rule=set_error.rule
        )
    if set_roles:
        why, rule = "its naturals are not of the rank its wilds are declared as", "meld.wild"
    elif run_roles and len(suits) > 1:
        why, rule = "its naturals are not of the suit its wilds are declared in", "meld.wild"
    elif len(suits) > 1:
        why, rule = "its naturals share neither a rank (a set) nor a suit (a run)", "meld.run"
    else:
        why = "its cards fit no run written low to high, whatever its wilds stand for"
        rule = "meld.run"
    raise InvalidMeldError(f"{clip(text)}: no set or run: {why}", rule=rule)


def _ambiguous_roles(readings: Sequence[str], tokens: list[str], text: str) -> NoReturn:
    """The error for text whose wilds can stand for different things: the readings it has."""
    token = next((t for t in tokens if "=" not in t and _is_wild_token(t)), "")
    shown = " or ".join(repr(r) for r in readings[:4])
    more = f" (or {len(readings) - 4} more)" if len(readings) > 4 else ""
    wild = token or "JK"
    _fail(
        f"the wilds in {clip_repr(text)} can stand for different cards: {shown}{more}; "
        f"write each wild's role: {wild}=<rank><suit> in a run, {wild}=<rank> in a set",
        token,
        text,
    )


def _is_wild_token(token: str) -> bool:
    try:
        return parse_card(token).is_wild
    except NotationError:
        return False


def _set(cards: list[Card], roles: list[Rank | Card | None], text: str) -> Meld:
    declared = {r for r in roles if isinstance(r, Rank)}
    if len(declared) > 1:
        ranks = " and ".join(sorted(r.symbol for r in declared))
        raise InvalidMeldError(
            f"set {clip(text)}: its wilds are declared as different ranks ({ranks})",
            rule="meld.wild",
        )
    return Meld.set_of(cards, declared.pop() if declared else None)


def _run(cards: list[Card], roles: list[Rank | Card | None], tokens: list[str], text: str) -> Meld:
    # What each card stands for: a natural for itself, a wild for its declared role.
    stands = [
        role if isinstance(role, Card) else card for card, role in zip(cards, roles, strict=True)
    ]
    suits = sorted({c.suit for c in stands if c.suit is not None})
    if len(suits) != 1:
        letters = " ".join(s.letter for s in suits)
        raise InvalidMeldError(
            f"run {clip(text)}: cards of different suits ({letters}); a set's cards share a rank, "
            "a run's a suit",
            rule="meld.run",
        )
    suit = suits[0]
    # The first card that is not an ace fixes the positions; the cards go low to high.
    anchor = next((i for i, c in enumerate(stands) if c.rank is not Rank.ACE), None)
    start = 1 if anchor is None else int(stands[anchor].rank or 1) - anchor
    for index, (token, stand) in enumerate(zip(tokens, stands, strict=True)):
        position = start + index
        if position < 1:
            problem = "would stand below the low ace"
        elif position > 14:
            problem = "would stand past the high ace (runs do not wrap: K-A-2 is not a run)"
        elif stand.rank is not position_rank(position):
            problem = f"stands where the run needs {position_rank(position).symbol}{suit.letter}"
        else:
            continue
        raise InvalidMeldError(
            f"run {clip(text)}: {token} {problem}; a run is written low to high, without gaps",
            rule="meld.run",
        )
    return Meld(MeldKind.RUN, cards, suit=suit, start=start)


def parse_meld(text: str) -> Meld:
    """The meld written as ``text``: every wild with its role (``JK=6H``, ``JK=9``), or
    without it when only one role makes a valid meld (``5H JK 7H``).

    :func:`format_meld` is its inverse.

    Raises:
        TypeError: ``text`` is not a str.
        NotationError: malformed text: no cards, a bad card, wilds without roles that
            can stand for different cards (the message lists the readings), a natural
            with a role, a bad role, set and run roles mixed, a stray ``/``; the message
            names the bad token.
        InvalidMeldError: well-formed text for cards that make no meld ([meld.set],
            [meld.run]), or wilds declared for different ranks ([meld.wild]).

    >>> parse_meld("9C 9S JK=9")
    Meld.set('9C 9S JK=9')
    >>> parse_meld("jk=10c 2d=JC JK=qc")
    Meld.run('JK=10C 2D=JC JK=QC')
    >>> parse_meld("QS KS AS").start, parse_meld("AS 2S=2S 3S").start
    (12, 1)
    >>> parse_meld("7H 5H JK=6H")
    Traceback (most recent call last):
    ...
    pushrummy.errors.InvalidMeldError: run 7H 5H JK=6H: 5H stands where the run needs 8H; a run is written low to high, without gaps [meld.run]
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_meld expects a str, not {type(text).__name__}")
    return _meld(_tokens(text), text)


def format_meld(meld: Meld) -> str:
    """The notation of ``meld``, every wild with its role; :func:`parse_meld` reads it back.

    Sets list their naturals, then their wilds (``9C 9S JK=9``); runs list their
    cards low to high (``5H JK=6H 7H``).

    Raises:
        TypeError: ``meld`` is not a :class:`~pushrummy.melds.Meld`.

    >>> from pushrummy.cards import parse_cards
    >>> format_meld(Meld.set_of(parse_cards("JK 2C 9S 9C")))
    '9C 9S 2C=9 JK=9'
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"format_meld expects a Meld, not {type(meld).__name__}")
    return meld.notation()


# --- moves ---------------------------------------------------------------------------------------


def format_move(move: Move) -> str:
    """The notation of ``move``; :func:`parse_move` maps it back in the same position.

    The text needs no state to be read: run lay-offs always name their end,
    and an exchange names its position when the card alone does not fix it.

    Raises:
        TypeError: ``move`` is not a move (an instance of one of the move classes).

    >>> from pushrummy.cards import parse_card
    >>> format_move(Discard(1, parse_card("10H")))
    'discard 10H'
    >>> format_move(ExchangeWild(0, 4, 14, parse_card("AS")))
    'exchange AS on 4 at 14'
    >>> format_move(NextDeal())
    'next'
    """
    return _FORMAT[kind_of(move).name](move)


def _format_lay_off(move: LayOff) -> str:
    end = "" if move.end is None else f" {move.end.value}"
    return f"off {move.card} on {move.meld_id}{end}"


def _format_exchange(move: ExchangeWild) -> str:
    implied = _implied_position(move.card)
    at = "" if implied == move.position else f" at {move.position}"
    return f"exchange {move.card} on {move.meld_id}{at}"


_FORMAT: dict[str, Callable[[Any], str]] = {
    "take": lambda move: "take",
    "push": lambda move: "push",
    "lay_down": lambda move: "down " + " / ".join(format_meld(m) for m in move.melds),
    "lay_off": _format_lay_off,
    "new_meld": lambda move: f"meld {format_meld(move.meld)}",
    "exchange_wild": _format_exchange,
    "discard": lambda move: f"discard {move.card}",
    "next_deal": lambda move: "next",
}
"""The notation of each kind of move (by its name in the move table)."""


def _implied_position(card: Card) -> int | None:
    """The one run position a natural card can stand at (aces have two; wilds none)."""
    if card.is_wild or card.rank is Rank.ACE or card.rank is None:
        return None
    return int(card.rank)


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
    >>> describe_move(Take(0)), describe_move(NextDeal())
    ('seat 0 takes the upcard', 'the next deal is dealt')
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
    describe = _DESCRIBE[kind_of(move).name]
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


def _position_card(meld: Meld, position: int) -> str:
    """The natural card that stands at ``position`` of the run ``meld``: ``9H``."""
    assert meld.suit is not None
    return f"{position_rank(position).symbol}{meld.suit.letter}"


def _meld_phrase(target: TableMeld) -> str:
    """``seat 2's run 5H–8H`` or ``seat 1's set of 9s``."""
    meld = target.meld
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        what = f"set of {meld.rank.symbol}s"
    else:
        assert meld.start is not None and meld.end is not None
        what = f"run {_position_card(meld, meld.start)}–{_position_card(meld, meld.end)}"
    return f"seat {target.owner}'s {what}"


def _lay_off_role_text(move: LayOff, meld: Meld) -> str | None:
    """What a wild laid off by ``move`` on ``meld`` stands for: ``9H``, ``9`` (``None`` for a
    natural card, or a run's end that does not exist)."""
    if not move.card.is_wild:
        return None
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        return meld.rank.symbol
    if move.end is None:
        return None
    assert meld.start is not None and meld.end is not None
    position = meld.start - 1 if move.end is End.LOW else meld.end + 1
    return _position_card(meld, position) if 1 <= position <= 14 else None


def _describe_lay_off_on(move: LayOff, target: TableMeld) -> str:
    role = _lay_off_role_text(move, target.meld)
    what = "" if role is None else f" as {role}"
    return f"seat {move.seat} lays off {move.card}{what} on {_meld_phrase(target)}"


def _describe_exchange_on(move: ExchangeWild, target: TableMeld) -> str:
    meld = target.meld
    index = move.position - (meld.start or 0)
    if meld.kind is not MeldKind.RUN or not 0 <= index < len(meld.cards):
        return _describe_exchange(move)
    wild = meld.cards[index]
    stands = _position_card(meld, move.position)
    return (
        f"seat {move.seat} exchanges {move.card} for the {wild} standing for {stands} "
        f"in {_meld_phrase(target)}, taking the {wild}"
    )


_DESCRIPTION_CARD = r"(?:10|[2-9AJQK])[CDHS]"
_DESCRIPTION_TARGET = (
    rf"seat [0-9]+'s (?:run {_DESCRIPTION_CARD}–{_DESCRIPTION_CARD}|set of (?:10|[3-9AJQK])s)"
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
    if card.is_natural and card.rank is Rank.ACE and position in (1, 14):
        where = f"the wild standing for {card} (ace {'low' if position == 1 else 'high'})"
    elif card.is_natural and _implied_position(card) == position:
        where = f"the wild standing for {card}"
    else:
        where = f"the wild at position {position}"
    return f"seat {move.seat} exchanges {card} for {where} in meld {move.meld_id}, taking the wild"


_DESCRIBE: dict[str, Callable[[Any], str]] = {
    "take": lambda move: f"seat {move.seat} takes the upcard",
    "push": lambda move: f"seat {move.seat} pushes",
    "lay_down": lambda move: (
        f"seat {move.seat} lays down " + " / ".join(format_meld(m) for m in move.melds)
    ),
    "lay_off": _describe_lay_off,
    "new_meld": lambda move: f"seat {move.seat} melds {format_meld(move.meld)}",
    "exchange_wild": _describe_exchange,
    "discard": lambda move: f"seat {move.seat} discards {move.card}",
    "next_deal": lambda move: "the next deal is dealt",
}
"""A sentence for each kind of move (by its name in the move table)."""


def _complete(table: dict[str, Callable[[Any], str]]) -> None:
    """Import-time check: a move kind added to the table has its notation here."""
    if set(table) != {kind.name for kind in MOVE_KINDS}:  # pragma: no cover
        raise RuntimeError("pushrummy.notation is out of step with pushrummy.movetable")


_complete(_FORMAT)
_complete(_DESCRIBE)


def parse_move(state: GameState | PlayerView, text: str) -> Move:
    """The legal move of ``state``'s current player that ``text`` names.

    ``state`` may also be a :class:`~pushrummy.views.PlayerView` (what a client holds): the
    text then names one of the view's :attr:`~pushrummy.views.PlayerView.legal_moves`,
    and the move returned is that listed move. A view has no stock or other hands to
    check a move against, so text for a move that is not listed raises a plain
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
            fits = " or ".join(f"{wild}={_position_card(meld, p)}" for p in places.values())
            fits = fits or "nothing: the run is full"
        _fail(
            f"{clip_repr(self.token)} in {clip_repr(text)}: a wild laid off on "
            f"{_meld_phrase(target)} (meld {self.meld_id}) stands for {fits}",
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
            _ambiguous_roles([format_move(m) for m in fits], self.tokens, text)
        return fits[0] if fits else None


def _read(where: GameState | PlayerView, seat: int, text: str) -> Move | _Open | _Readings:
    """The move ``text`` names for ``seat`` by the notation's grammar alone (one reader for
    states and views); melds that break the meld rules raise here."""
    tokens = _tokens(text)
    if not tokens:
        _fail(f"empty move: expected one of {_VERB_LIST}", "", text)
    verb = _lower(tokens[0])
    args = tokens[1:]
    if verb in ("next", "take", "push"):
        _expect_end(args, 0, verb, text)
        return NextDeal() if verb == "next" else Take(seat) if verb == "take" else Push(seat)
    if verb == "discard":
        card = _card(_arg(args, 0, "the card to discard", verb, text), text)
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
        card = _card(card_text, text)
        role = _lay_off_role(item, card, role_text, text) if equals else None
        _keyword(args, 1, "on", verb, text)
        meld_id = _number(_arg(args, 2, "a table meld id", verb, text), "meld id", text)
        if role is not None and len(args) > 3:
            _fail(
                f"unexpected {clip_repr(args[3])} in {clip_repr(text)}: a wild's role names the "
                f"end it is laid off at (off {item} on {meld_id}, or off {card} on {meld_id} "
                f"{_lower(args[3])})",
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
    _fail(
        f"unknown move {clip_repr(tokens[0])} in {clip_repr(text)}: moves are {_VERB_LIST}",
        tokens[0],
        text,
    )


def _lay_off_role(item: str, card: Card, role_text: str, text: str) -> Rank | Card:
    """The role of a wild laid off as ``off JK=9H on 3``."""
    if card.is_natural:
        _fail(
            f"natural {clip_repr(item.partition('=')[0])} in {clip_repr(text)} takes no role: "
            "only wilds are written with '='",
            item,
            text,
        )
    if not role_text:
        _fail(f"missing role after '=' in {clip_repr(item)} of {clip_repr(text)}", item, text)
    return _role(item, card, role_text, text)


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
        token = next((t for t in tokens if "=" not in t and _is_wild_token(t)), "")
        wild = token or "JK"
        _fail(
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
        return _meld_readings(tokens, text)
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
        fit = read.pick(lambda m: _play_key(m, loose=loose) in listed, text)
        if fit is not None:
            return listed[_play_key(fit, loose=loose)]
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
            guess = _implied_position(read.card) or 1
            move = ExchangeWild(seat, read.meld_id, guess, read.card)
    else:
        move = read
    found = listed.get(_play_key(move, loose=loose))
    if found is not None:
        return found
    raise _not_listed(view, move, text)


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
    _fail(f"incomplete move {clip_repr(text)}: '{verb}' needs {what}", "", text)


def _expect_end(args: list[str], count: int, verb: str, text: str) -> None:
    if len(args) > count:
        extra = args[count]
        if count == 0:
            _fail(
                f"unexpected {clip_repr(extra)} in {clip_repr(text)}: '{verb}' takes nothing more",
                extra,
                text,
            )
        _fail(
            f"unexpected {clip_repr(extra)} in {clip_repr(text)} after {clip_repr(args[count - 1])}",
            extra,
            text,
        )


def _keyword(args: list[str], index: int, word: str, verb: str, text: str) -> None:
    token = _arg(args, index, f"'{word}'", verb, text)
    if _lower(token) != word:
        _fail(f"expected '{word}' in {clip_repr(text)}, not {clip_repr(token)}", token, text)


def _number(token: str, what: str, text: str) -> int:
    if _NUMBER.fullmatch(token) is None:
        _fail(
            f"bad {what} {clip_repr(token)} in {clip_repr(text)}: expected a number such as 3",
            token,
            text,
        )
    return int(token)


def _end_arg(args: list[str], text: str) -> End:
    """The end named after ``off CARD on ID`` (the last word of the move)."""
    end = _ENDS.get(_lower(args[3]))
    if end is None:
        _fail(
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
        guess = _implied_position(card) or 1
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
        guess = 14 if ace_high else (_implied_position(card) or 1)
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
            role = _lay_off_role_text(move, table[move.meld_id].meld)
            if role is not None:
                shown += f" ({move.card} as {role})"
        return shown

    options = " or ".join(option(m) for m in moves)
    _fail(f"ambiguous: {options}", token, text)
