"""Text notation for moves and melds: :func:`parse_move`, :func:`format_move`.

Three modules, one subject each, whose names are all importable from here:
:mod:`pushrummy.notation.melds` reads melds (:func:`parse_meld`),
:mod:`pushrummy.notation.formatting` writes moves and melds (:func:`format_move`,
:func:`format_meld`) and :mod:`pushrummy.notation.parsing` reads moves against a state or
a view (:func:`parse_move`). The sentences that describe moves (:func:`describe_move`,
:func:`is_description`) are in :mod:`pushrummy.english`; they are importable from here too.

The notation is small, case-insensitive and strict. Blanks (and commas) separate
tokens and extra blanks are ignored; cards are written as in
:func:`~pushrummy.cards.parse_card` (``10H`` or ``TH``, ``♥`` for ``H``, ``JK``).

Grammar::

    move     = "take" | "push" | "draw" | "buy" | "pass" | "next"
             | "discard" CARD
             | "down" meld { "/" meld }          (lay down the contract, or its next meld)
             | "shape" shape                     (the next meld, its wild places open)
             | "fill" WILD { WILD }              (the wilds for the shape's places, in order)
             | "meld" meld                       (a new meld after the contract)
             | "off" CARD "on" ID [ END ]        (lay off a card on table meld ID)
             | "off" WILD "=" ROLE "on" ID       (a wild with its role, which names the end)
             | "exchange" CARD "on" ID [ "at" POSITION ]
    meld     = item { item }
    item     = NATURAL | WILD [ "=" ROLE ]       (a wild's role, unless only one fits)
    shape    = place { place }
    place    = NATURAL | "*" [ "=" ROLE ]        (a wild place, its role unless only one fits)
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
``draw``                        :class:`~pushrummy.moves.DrawStock`     [draw.stock]
``buy``                         :class:`~pushrummy.moves.BuyUpcard`     [buy.offer]
``pass``                        :class:`~pushrummy.moves.PassUpcard`    [buy.offer]
``down 7S 7H 7D / 9C 9S JK=9``  :class:`~pushrummy.moves.LayDown`       [contract.laydown]
``shape 5H *=6H 7H``            :class:`~pushrummy.moves.LayDownShape`  [contract.wilds]
``fill 2C``                     :class:`~pushrummy.moves.FillWilds`     [contract.wilds]
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

**Shapes and fillings.** A lay-down step that holds wild cards is listed in two
decisions ([contract.wilds]): first its shape, the meld with ``*`` at each wild place
(``shape 5H *=6H 7H``, ``shape 9C 9S *=9``; as a meld's wilds, a place's role may be left
out when only one reading is legal: ``shape 5H * 7H``), then the wild cards that fill its
places, in the order of the places, a run's low to high (``fill 2C``, ``fill JK 2D``; a
set's places are alike and its filling is read sorted). A shape holds no wild card, and a
filling nothing but wild cards. The whole step stays one legal move, with its wilds:
``down 5H JK=6H 7H`` (not listed: the listing offers the shape).

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
>>> format_meld(parse_meld("2H=AH 2H=2H 3H"))   # a two at its own place: bare
'2H=AH 2H 3H'
>>> from pushrummy.moves import LayOff
>>> from pushrummy.melds import End
>>> format_move(LayOff(2, parse_card("JK"), 3, End.HIGH))
'off JK on 3 high'
>>> describe_move(LayOff(2, parse_card("JK"), 3, End.HIGH))
'seat 2 lays off JK at the high end of meld 3'
>>> from pushrummy.meld_shape import MeldShape
>>> from pushrummy.moves import FillWilds, LayDownShape
>>> format_move(LayDownShape(2, MeldShape.of(parse_meld("5H JK 7H"))))
'shape 5H *=6H 7H'
>>> format_move(FillWilds(2, [parse_card("2C")]))
'fill 2C'
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

from ..english import describe_move, is_description
from .formatting import format_meld, format_move
from .melds import parse_meld
from .parsing import parse_move

__all__ = [
    "describe_move",
    "format_meld",
    "format_move",
    "is_description",
    "parse_meld",
    "parse_move",
]
