"""Reading melds: :func:`parse_meld`, and the tokens of the notation's text that
:mod:`~pushrummy.notation.parsing` reads moves from (the grammar is in
:mod:`pushrummy.notation`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NoReturn

from ..cards import JOKER, Card, Rank, Suit, parse_card, wild_table
from ..errors import InvalidMeldError, NotationError, clip, clip_repr
from ..melds import Meld, MeldKind, natural_twos_problem, position_rank
from .formatting import format_meld

__all__ = ["parse_meld"]

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SEPARATORS = re.compile(r"[\s,]+")
_RANKS = {rank.symbol: rank for rank in Rank} | {"T": Rank.TEN}


# --- tokens --------------------------------------------------------------------------------------


def split_tokens(text: str) -> list[str]:
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


def lower_ascii(token: str) -> str:
    return token.translate(_ASCII_LOWER)


def fail(message: str, token: str, text: str) -> NoReturn:
    raise NotationError(message, token=token, text=text)


def read_card(token: str, text: str) -> Card:
    try:
        return parse_card(token)
    except NotationError as exc:
        detail = str(exc)
        prefix = f"bad card {clip_repr(token)}: "
        if detail.startswith(prefix):
            detail = detail[len(prefix) :]
        fail(f"bad card {clip_repr(token)} in {clip_repr(text)}: {detail}", token, text)


# --- melds ---------------------------------------------------------------------------------------


def read_role(item: str, wild: Card, role: str, text: str) -> Rank | Card:
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
        fail(
            f"bad role {clip_repr(role)} of {clip_repr(item)} in {clip_repr(text)}: a wild stands for a rank "
            f"in a set ({wild}=9) or a rank and suit in a run ({wild}=6H)",
            item,
            text,
        )
    return card


def _meld(tokens: list[str], text: str) -> Meld:
    """The meld written by ``tokens`` (see the module's grammar): its one reading."""
    # parse_meld reads without a variant: the standard rule, twos wild ([setup.wild]).
    readings = meld_readings(tokens, text, wild_twos=True)
    if len(readings) > 1:
        ambiguous_roles([format_meld(m) for m in readings], tokens, text)
    return readings[0]


def meld_readings(
    tokens: list[str], text: str, *, shape: bool = False, wild_twos: bool
) -> list[Meld]:
    """Every meld ``tokens`` can mean: one when every wild carries its role; for wilds
    written without one, every assignment of roles that makes a valid meld (sets first).

    With ``shape``, the tokens are a shape's (``5H * 7H``): ``*`` (or ``*=6H``) at each wild
    place, read as a joker, and a wild card is refused (the shape leaves its wilds open).
    With ``wild_twos`` False ([setup.wild]) a two is a natural card: it stands for itself
    (``2H=2H`` is accepted too), and only the readings where every two does are kept; with
    twos wild, no set of twos is."""
    wild_twos = wild_twos is not False
    readings = _readings(tokens, text, shape, wild_twos)
    kept = [meld for meld in readings if natural_twos_problem(meld, wild_twos) is None]
    if not kept:
        problem = natural_twos_problem(readings[0], wild_twos)
        assert problem is not None
        raise InvalidMeldError(f"{clip(' '.join(tokens))}: {problem[1]}", rule=problem[0])
    return kept


def _readings(tokens: list[str], text: str, shape: bool, wild_twos: bool) -> list[Meld]:
    """:func:`meld_readings` before the twos are checked."""
    wild = wild_table(wild_twos)
    if not tokens:
        what = "shape" if shape else "meld"
        fail(f"empty {what} in {clip_repr(text)}: a meld is 3 or more cards", "", text)
    cards: list[Card] = []
    roles: list[Rank | Card | None] = []
    set_role: str | None = None
    run_role: str | None = None
    unroled = False
    for item in tokens:
        if item == "/":
            fail(
                f"unexpected '/' in {clip_repr(text)}: '/' separates the melds of 'down'",
                item,
                text,
            )
        card_text, equals, role_text = item.partition("=")
        card = _shape_place(item, card_text, text, wild) if shape else read_card(card_text, text)
        if not equals:
            unroled = unroled or wild[card.code]
            cards.append(card)
            roles.append(None)
            continue
        if card.is_natural:  # a two's role is read either way (``2H=2H``), checked above
            fail(
                f"natural {clip_repr(card_text)} in {clip_repr(text)} takes no role: only wilds are written with '='",
                item,
                text,
            )
        if not role_text:
            fail(f"missing role after '=' in {clip_repr(item)} of {clip_repr(text)}", item, text)
        role = read_role(item, card, role_text, text)
        if not wild[card.code] and role is not card.rank and role != card:
            raise InvalidMeldError(
                f"{clip(item)} in {clip(text)}: {card} cannot stand for {role}: twos are "
                "natural (wild_twos=False)",
                rule="setup.wild",
            )
        if isinstance(role, Rank):
            set_role = set_role or item
        else:
            run_role = run_role or item
        if set_role is not None and run_role is not None:
            fail(
                f"{clip_repr(item)} in {clip_repr(text)}: the meld mixes set roles ({set_role}) and run roles "
                f"({run_role}); a wild in a set stands for a rank, in a run for a rank and suit",
                item,
                text,
            )
        cards.append(card)
        roles.append(role)
    what = " ".join(tokens)
    if unroled:
        return _inferred(cards, roles, what, wild_twos)
    # Without wilds every card is natural: one rank makes a set, anything else a run.
    if set_role is not None or (run_role is None and len({c.rank for c in cards}) == 1):
        return [_set(cards, roles, what, wild_twos)]
    return [_run(cards, roles, tokens, what)]


def _shape_place(item: str, card_text: str, text: str, wild: tuple[bool, ...]) -> Card:
    """A card of a shape: a natural, or ``*`` at a wild place (read as a joker)."""
    if card_text == SHAPE_WILD:
        return JOKER
    card = read_card(card_text, text)
    if wild[card.code]:
        fail(
            f"wild {clip_repr(card_text)} in {clip_repr(text)}: a shape leaves its wild places "
            f"open: write * for each (*=6H in a run, *=9 in a set), and fill it next",
            item,
            text,
        )
    return card


SHAPE_WILD = "*"
"""How a shape writes a wild place (``5H * 7H``, ``5H *=6H 7H``)."""

_SET_RANKS = tuple(rank for rank in Rank if rank is not Rank.TWO)
"""The ranks a set can have while twos are wild (no sets of twos)."""


def _inferred(
    cards: list[Card], roles: list[Rank | Card | None], text: str, wild_twos: bool
) -> list[Meld]:
    """Every valid meld of ``cards`` (in the order written) whose wilds without a role
    stand for anything and whose declared roles hold: sets, then runs by suit and start."""
    wild = wild_table(wild_twos)
    naturals = [card for card in cards if not wild[card.code]]
    set_roles = {role for role in roles if isinstance(role, Rank)}
    run_roles = [role for role in roles if isinstance(role, Card)]
    readings: list[Meld] = []
    set_error: InvalidMeldError | None = None
    ranks = set_roles | {card.rank for card in naturals if card.rank is not None}
    if not run_roles and len(ranks) <= 1:
        for rank in sorted(ranks) or (_SET_RANKS if wild_twos else tuple(Rank)):
            try:
                readings.append(Meld.set_of(cards, rank, wild_twos=wild_twos))
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


def ambiguous_roles(readings: Sequence[str], tokens: list[str], text: str) -> NoReturn:
    """The error for text whose wilds can stand for different things: the readings it has."""
    token = next((t for t in tokens if "=" not in t and is_wild_token(t)), "")
    shown = " or ".join(repr(r) for r in readings[:4])
    more = f" (or {len(readings) - 4} more)" if len(readings) > 4 else ""
    wild = token or "JK"
    fail(
        f"the wilds in {clip_repr(text)} can stand for different cards: {shown}{more}; "
        f"write each wild's role: {wild}=<rank><suit> in a run, {wild}=<rank> in a set",
        token,
        text,
    )


def is_wild_token(token: str) -> bool:
    if token == SHAPE_WILD:
        return True
    try:
        return parse_card(token).is_wild
    except NotationError:
        return False


def _set(cards: list[Card], roles: list[Rank | Card | None], text: str, wild_twos: bool) -> Meld:
    declared = {r for r in roles if isinstance(r, Rank)}
    if len(declared) > 1:
        ranks = " and ".join(sorted(r.symbol for r in declared))
        raise InvalidMeldError(
            f"set {clip(text)}: its wilds are declared as different ranks ({ranks})",
            rule="meld.wild",
        )
    return Meld.set_of(cards, declared.pop() if declared else None, wild_twos=wild_twos)


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
    return _meld(split_tokens(text), text)
