"""The action codec: every legal move as a short path of integer tokens from one fixed alphabet.

Reinforcement-learning libraries want a fixed ``Discrete(n)`` action space and a mask of the
legal actions. Listing every legal move as one action would need an alphabet of every
possible lay-down meld (tens of thousands) and masks over them. Instead a move is *spelled*
as a few **tokens**, one decision at a time, each from one alphabet of ``n`` tokens shared by
every seat (:attr:`ActionCodec.size`):

=====================  =====================================================  ===========
move                   tokens                                                 example
=====================  =====================================================  ===========
``Take``               ``take``                                               1 token
``Push``               ``push``                                               1 token
``DrawStock``          ``draw-stock`` (with ``draw_style="stock"``)           1 token
``BuyUpcard``          ``buy`` (with ``buying``)                              1 token
``PassUpcard``         ``pass`` (with ``buying``)                             1 token
``NextDeal``           ``next-deal`` (the chance step; states only)           1 token
``Discard``            ``discard:<card>``                                     1 token
``LayOff``             ``lay-off:<card>`` ``meld:<id>`` [``end:low|high``]    2–3 tokens
``ExchangeWild``       ``exchange`` ``meld:<id>`` ``position:<p>``            3 tokens
``LayDown`` (a step)   ``set:<rank>`` or ``run:<suit><start>``, then          5–16 tokens
and ``NewMeld``        ``card:<card>`` per card in meld order, then ``stop``
``LayDownShape``       spelled as a meld, ``card:JK`` at each wild place      5–16 tokens
``FillWilds``          ``card:<wild>`` per wild place, in the shape's order   1–14 tokens
=====================  =====================================================  ===========

A lay-off names the end only for a run (a set has none). A meld is spelled as its kind and
place (a set of a rank, or a run of a suit from a start position), then its cards in the
meld's order — a set's sorted cards, a run's cards low to high, so every wild's place is
explicit — then ``stop``. A lay-down step and a new meld are spelled alike: in one position
the legal moves hold one kind or the other, never both (laying down the contract comes
first, [contract.laydown]), and the view says which. A lay-down is placed one meld at a time
([contract.steps]), each step a path of its own.

A lay-down step that holds wild cards is two moves, each a path of its own
([contract.wilds]): its shape (:class:`~pushrummy.moves.LayDownShape`), spelled as a meld
with ``card:JK`` marking each wild place (a set's naturals sorted, then its wild places; a
run's places low to high), then, in ``Phase.FILLING_WILDS``, the wild cards that fill those
places (:class:`~pushrummy.moves.FillWilds`): one ``card:<wild>`` per wild place, a run's low
to high, a set's sorted, and no ``stop`` — every filling of one shape has as many tokens as
it has wild places, so none is a prefix of another, and the shape (``view.shape``, in the
observation) says how many. A shape holds no wild card, and the listing never holds a
shape together with a ``LayDown`` that holds wild cards (such a step is listed as its shape)
or a ``NewMeld``, so ``card:JK`` in a shape's path is unambiguous where it is listed.

The alphabet, with ``B`` meld ids (the most melds one deal can put on the table: a third of
the deck, 36 with two packs and 54 with three):

=====================  ======  ===========  ==============================================
tokens                 count   first token  meaning
=====================  ======  ===========  ==============================================
``take`` … ``end:high``  7     0            ``take``, ``push``, ``next-deal``, ``exchange``,
                                            ``stop``, ``end:low``, ``end:high``
``discard:<card>``     53      7            discard the card (by :attr:`Card.code
                                            <pushrummy.cards.Card.code>`)
``lay-off:<card>``     53      60           lay off the card (then the meld and end)
``card:<card>``        53      113          the next card of a meld being spelled
``set:<rank>``         12      166          a set of A, 3, 4 … K
``run:<suit><start>``  48      178          a run of a suit from position 1 (ace low) … 12
``position:<p>``       14      226          a run position 1 … 14 (an exchange's wild)
``meld:<id>``          ``B``   240          a table meld by id (a lay-off's or exchange's)
``draw-stock``         0 or 1  ``240 + B``  draw from the stock ([draw.stock]), only with
                                            ``draw_style="stock"``
``buy``, ``pass``      0 or 2  ``241 + B``  buy the offered upcard, or pass ([buy.offer]),
                                            only with ``buying``
=====================  ======  ===========  ==============================================

So ``n = 240 + B``: **276** for ``PUSH`` and for ``CAP_IT`` with 4 players (two packs, 108
cards), **294** for ``CAP_IT`` with 5 or 6 players (three packs, 162 cards). The alphabet
depends only on the number of packs, and on the draw: ``draw_style="stock"`` adds the
``draw-stock`` token at the end (``n = 241 + B``), and ``buying`` the ``buy`` and ``pass``
tokens after it (``n = 243 + B``), so every other token keeps its number;
other house rules only change which tokens are ever legal.

Every legal move has exactly one path, no path is a prefix of another, and
:meth:`ActionCodec.mask` at a prefix is exactly the set of tokens that continue some legal
move's path (tests/test_agents_codec.py proves both over seeded games of every preset and
several house rules). The codec spells the moves the engine *lists*: a path is unique among
the legal moves of one position, not among every move there is (``encode`` of a whole
``LayDown`` of a meld with jokers, never listed, is the path of that meld's shape). The most
choices at one step are at the first token of a play decision: discards, lay-off cards and
meld heads (``set:``, ``run:``), a few dozen (at most ``7 + 53 + 53 + 60``). After that, a lay-off or exchange
chooses among the table's melds (at most ``B``), a card of a meld among at most 10 tokens
(``stop``, one of four naturals, one of the five wild values), and a wild card of a filling
among the five wild values.

>>> import pushrummy as pr
>>> from pushrummy.agents import ActionCodec
>>> codec = ActionCodec(pr.PUSH, 4)
>>> codec.size
276
>>> state = pr.new_game(pr.PUSH, seed=9)
>>> me = pr.view(state, state.current_player)
>>> [codec.token_name(t) for t in codec.legal_tokens(me)]
['take', 'push']
>>> me = pr.view(pr.apply_move(state, pr.Take(1)), 1)
>>> codec.describe(codec.legal_tokens(me))       # discard, or start a lay-down meld
'discard:2C discard:2D discard:4D discard:6D discard:3S discard:4S set:3 set:4'
>>> move = pr.parse_move(me, "down 4D 4H 4S")
>>> tokens = codec.encode(move)
>>> codec.describe(tokens)
'set:4 card:4D card:4H card:4S stop'
>>> codec.decode(tokens, me) == move
True
>>> codec.describe(codec.legal_tokens(me, tokens[:3]))
'card:4S'

A step with wild cards is listed as its shape; the wild cards follow, in the next position.

>>> drawn = pr.apply_move(state, pr.Take(1))
>>> shape = next(m for m in pr.legal_moves(drawn) if isinstance(m, pr.LayDownShape))
>>> shape
LayDownShape(seat=1, shape=MeldShape.set('3S *=3 *=3'))
>>> codec.describe(codec.encode(shape))
'set:3 card:3S card:JK card:JK stop'
>>> filling = pr.view(pr.apply_move(drawn, shape), 1)
>>> filling.phase, codec.describe(codec.legal_tokens(filling))
(<Phase.FILLING_WILDS: 'filling_wilds'>, 'card:2C')
>>> codec.decode(codec.encode(pr.FillWilds(1, pr.parse_cards("2C 2D"))), filling)
FillWilds(seat=1, wilds=(Card('2C'), Card('2D')))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, SupportsIndex, TypeAlias, cast

from ..cards import Card, Rank, Suit
from ..engine import legal_moves
from ..errors import InvalidMoveError, SetupError, clip_repr
from ..meld_shape import MeldShape
from ..melds import End, Meld, MeldKind
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
)
from ..state import GameState
from ..variants import DrawStyle, Variant
from ..views import PlayerView

__all__ = [
    "CARD",
    "DISCARD",
    "END_HIGH",
    "END_LOW",
    "EXCHANGE",
    "LAY_OFF",
    "MELD",
    "NEXT_DEAL",
    "POSITION",
    "PUSH",
    "RUN",
    "SET",
    "STOP",
    "TAKE",
    "WILD_PLACE",
    "ActionCodec",
    "ActionError",
    "Position",
    "is_token_sequence",
    "meld_tokens",
    "shape_tokens",
]

Position: TypeAlias = GameState | PlayerView
"""What a mask or a decoding is asked of: a view (its seat's legal moves, ``()`` when it is
not that seat's turn) or a state (every legal move of the player to move, and
:class:`~pushrummy.moves.NextDeal` between deals)."""

TAKE: Final = 0
"""The token of :class:`~pushrummy.moves.Take`."""
PUSH: Final = 1
"""The token of :class:`~pushrummy.moves.Push`."""
NEXT_DEAL: Final = 2
"""The token of :class:`~pushrummy.moves.NextDeal` (the chance step between deals)."""
EXCHANGE: Final = 3
"""The first token of an :class:`~pushrummy.moves.ExchangeWild`."""
STOP: Final = 4
"""The last token of a meld."""
END_LOW: Final = 5
"""A lay-off at the low end of a run."""
END_HIGH: Final = 6
"""A lay-off at the high end of a run."""
DISCARD: Final = 7
"""``DISCARD + card.code``: discard that card (53 tokens)."""
LAY_OFF: Final = DISCARD + 53
"""``LAY_OFF + card.code``: lay off that card (53 tokens; the meld id and end follow)."""
CARD: Final = LAY_OFF + 53
"""``CARD + card.code``: the next card of a meld (53 tokens), or of a filling (a wild card)."""
WILD_PLACE: Final = CARD + 52
"""``card:JK``, which marks a wild place in a shape's path ([contract.wilds])."""
SET: Final = CARD + 53
"""``SET + i``: a set of the ``i``-th rank of A, 3, 4 … K (12 tokens)."""
RUN: Final = SET + 12
"""``RUN + 12 * suit + start - 1``: a run of ``suit`` from position ``start`` 1…12 (48 tokens)."""
POSITION: Final = RUN + 48
"""``POSITION + p - 1``: run position ``p`` 1…14 (14 tokens)."""
MELD: Final = POSITION + 14
"""``MELD + id``: the table meld with that id (as many tokens as the codec has meld ids)."""

_VERB_NAMES = ("take", "push", "next-deal", "exchange", "stop", "end:low", "end:high")
_SET_RANKS: tuple[Rank, ...] = tuple(rank for rank in Rank if rank is not Rank.TWO)
_SET_INDEX = {rank: index for index, rank in enumerate(_SET_RANKS)}
_CARDS: tuple[Card, ...] = tuple(Card.from_code(code) for code in range(53))
_SUITS = tuple(Suit)
_END_TOKENS = {End.LOW: END_LOW, End.HIGH: END_HIGH}
_CACHED_POSITIONS = 8
"""How many positions' tries a codec keeps (one per seat of a game and a few more)."""

_Node: TypeAlias = "dict[int, _Node | Move | _Pending]"
_Pending: TypeAlias = "list[tuple[tuple[int, ...], Move]]"
"""The moves of several tokens under one first token, put in a node only when a walk goes
there (most positions end in a one-token move: a draw, a discard)."""


class ActionError(InvalidMoveError):
    """A token sequence that spells no legal move (or no prefix of one) here.

    Attributes:
        tokens: the tokens given.
        index: the index in ``tokens`` of the first token that is out of range or not
            allowed there, or ``None`` when every token was allowed but the path stops
            before its move is complete.
    """

    def __init__(self, message: str, *, tokens: Sequence[int] = (), index: int | None = None):
        super().__init__(message)
        self.message = message
        self.tokens = tuple(tokens)
        self.index = index

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword-only arguments need help to survive pickling (RL workers in other
        # processes send errors back).
        return (_rebuild_action_error, (self.message, self.tokens, self.index))


def _rebuild_action_error(message: str, tokens: tuple[int, ...], index: int | None) -> ActionError:
    return ActionError(message, tokens=tokens, index=index)


class ActionCodec:
    """The token alphabet of a variant at a player count, and the paths of its moves.

    ``ActionCodec(variant, players)`` is shared by every seat of such games. It keeps no game
    state: the pending prefix (the tokens chosen so far of a move being spelled) is the
    caller's, passed to :meth:`mask`, :meth:`legal_tokens` and :meth:`complete`.

    Attributes:
        variant: the rules.
        players: the player count.
        packs: the packs in the deck.
        meld_ids: how many meld-id tokens there are (``deck size // 3``).
        draw_stock: the ``draw-stock`` token of :class:`~pushrummy.moves.DrawStock`, the
            last, with ``draw_style="stock"`` ([draw.stock]); ``None`` otherwise.
        buy_upcard: the ``buy`` token of :class:`~pushrummy.moves.BuyUpcard`, after
            ``draw-stock``, with ``buying`` ([buy.offer]); ``None`` otherwise.
        pass_upcard: the ``pass`` token of :class:`~pushrummy.moves.PassUpcard`, after
            ``buy``; ``None`` without ``buying``.
        size: the number of tokens, ``n`` of ``Discrete(n)``.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, or
            ``players`` not an int.
        VariantError: the variant is not played by ``players`` players.

    >>> import pushrummy as pr
    >>> ActionCodec(pr.CAP_IT, 6).size, ActionCodec(pr.CAP_IT, 6).meld_ids
    (294, 54)
    >>> plain = ActionCodec(pr.CAP_IT.replace(draw_style="stock"), 6)
    >>> plain.size, plain.token_name(plain.draw_stock)
    (295, 'draw-stock')
    """

    __slots__ = (
        "_cache",
        "buy_upcard",
        "draw_stock",
        "meld_ids",
        "packs",
        "pass_upcard",
        "players",
        "set_of_twos",
        "size",
        "variant",
    )

    def __init__(self, variant: Variant, players: object) -> None:
        # players: an int, checked here (annotated as an object so that the compiled build,
        # which would take a bool as 0 or 1, leaves the check to this code)
        if not isinstance(variant, Variant):
            raise TypeError(f"variant must be a Variant, not {type(variant).__name__}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        self.variant = variant
        self.players: int = players
        self.packs = variant.packs(players)
        self.meld_ids = self.packs * 54 // 3
        stock = variant.draw_style is DrawStyle.STOCK
        self.draw_stock: int | None = MELD + self.meld_ids if stock else None
        buying = variant.buying
        self.buy_upcard: int | None = MELD + self.meld_ids + stock if buying else None
        self.pass_upcard: int | None = MELD + self.meld_ids + stock + 1 if buying else None
        # [setup.wild]: where twos are natural a set of twos is a meld, with a head token of
        # its own after the others (the variants with wild twos keep their layout)
        twos = not variant.wild_twos
        last = MELD + self.meld_ids + stock + 2 * buying
        self.set_of_twos: int | None = last if twos else None
        self.size = last + twos
        # The tries of the last few positions asked about, by the position's id; each entry
        # keeps its position alive, so the id cannot be reused while it is cached.
        self._cache: dict[int, tuple[Position, _Node]] = {}

    def __repr__(self) -> str:
        return f"ActionCodec({self.variant.name}, players={self.players}, size={self.size})"

    # -- moves to tokens --------------------------------------------------------------

    def encode(self, move: Move) -> tuple[int, ...]:
        """The token path of ``move``.

        The path does not depend on the position: a lay-down step and a new meld of the
        same meld have the same path (one position never lists both), and the seat is not
        spelled (the seat to move is the one spelling). A path is unique among the moves
        one position lists, not among all moves: a :class:`~pushrummy.moves.LayDown` of a
        meld whose wild cards are jokers has the path of its shape's
        :class:`~pushrummy.moves.LayDownShape` (the engine lists such a step as its shape,
        [contract.wilds]), and a :class:`~pushrummy.moves.FillWilds` is spelled by its wild
        cards alone (only fillings are listed while a shape is filled).

        Raises:
            TypeError: ``move`` is not a move.
            ActionError: the move has no path: a lay-down of more than one meld (the
                engine lists a lay-down one meld at a time, [contract.steps]), a filling
                of no wild card, a meld id beyond the codec's meld ids, or a draw from
                the stock in a variant that pushes ([draw.stock]), or a buy or a pass in
                a variant without buying ([buy.offer]).

        >>> import pushrummy as pr
        >>> codec = ActionCodec(pr.PUSH, 4)
        >>> codec.describe(codec.encode(pr.LayOff(0, pr.parse_card("JK"), 3, pr.End.LOW)))
        'lay-off:JK meld:3 end:low'
        """
        # The commonest kinds in a listing first: discards, then a lay-down's shapes and
        # melds and the lay-offs (one isinstance check costs as much as a token).
        if isinstance(move, Discard):
            return (DISCARD + move.card.code,)
        if isinstance(move, LayDownShape):
            return shape_tokens(move.shape, self.set_of_twos)
        if isinstance(move, NewMeld):
            return meld_tokens(move.meld, self.set_of_twos)
        if isinstance(move, LayOff):
            path = (LAY_OFF + move.card.code, self._meld_token(move, move.meld_id))
            return path if move.end is None else (*path, _END_TOKENS[move.end])
        if isinstance(move, Take):
            return (TAKE,)
        if isinstance(move, Push):
            return (PUSH,)
        if isinstance(move, DrawStock):
            if self.draw_stock is None:
                raise ActionError(
                    "a draw from the stock has no path: the variant draws by pushing "
                    "(draw_style='push') [draw.stock]"
                )
            return (self.draw_stock,)
        if isinstance(move, (BuyUpcard, PassUpcard)):
            token = self.buy_upcard if isinstance(move, BuyUpcard) else self.pass_upcard
            if token is None:
                raise ActionError(
                    "a buy or a pass has no path: the variant has no buying (buying=False) "
                    "[buy.offer]"
                )
            return (token,)
        if isinstance(move, LayDown):
            if len(move.melds) != 1:
                raise ActionError(
                    f"a lay-down of {len(move.melds)} melds has no path: the codec spells a "
                    "lay-down one meld at a time [contract.steps]"
                )
            return meld_tokens(move.melds[0], self.set_of_twos)
        if isinstance(move, FillWilds):
            if not move.wilds:
                raise ActionError(
                    "a filling of no wild card has no path: a shape has at least one wild "
                    "place [contract.wilds]"
                )
            return tuple(CARD + card.code for card in move.wilds)
        if isinstance(move, ExchangeWild):
            if not 1 <= move.position <= 14:
                raise ActionError(f"no run position {move.position}: positions are 1..14")
            return (EXCHANGE, self._meld_token(move, move.meld_id), POSITION + move.position - 1)
        if isinstance(move, NextDeal):
            return (NEXT_DEAL,)
        raise TypeError(f"not a move: {type(move).__name__}")

    def _meld_token(self, move: Move, meld_id: int) -> int:
        if not 0 <= meld_id < self.meld_ids:
            raise ActionError(
                f"{type(move).__name__} names meld {meld_id}, but the codec has meld ids "
                f"0..{self.meld_ids - 1} (a deal of {self.packs * 54} cards has at most "
                f"{self.meld_ids} melds)"
            )
        return MELD + meld_id

    # -- tokens of a position ---------------------------------------------------------

    def legal_tokens(self, position: Position, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        """The tokens that continue a legal move's path after ``prefix``, ascending.

        ``()`` when ``prefix`` already spells a whole move, and when the view's seat has no
        move (not its turn).

        Raises:
            TypeError: ``position`` is neither a :class:`~pushrummy.views.PlayerView` nor a
                :class:`~pushrummy.state.GameState`, or ``prefix`` not a sequence of ints.
            SetupError: ``position`` is of another variant or player count than the codec.
            ActionError: ``prefix`` is no prefix of a legal move's path (a token out of
                range or not allowed where it stands).
        """
        node = self._walk(position, prefix)
        return () if not isinstance(node, dict) else tuple(sorted(node))

    def mask(self, position: Position, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        """:meth:`legal_tokens` as a 0/1 mask of length :attr:`size`.

        Raises:
            TypeError: ``position`` is neither a :class:`~pushrummy.views.PlayerView` nor a
                :class:`~pushrummy.state.GameState`, or ``prefix`` not a sequence of ints.
            SetupError: ``position`` is of another variant or player count than the codec.
            ActionError: ``prefix`` is no prefix of a legal move's path.

        >>> import pushrummy as pr
        >>> codec = ActionCodec(pr.PUSH, 4)
        >>> state = pr.new_game(pr.PUSH, seed=9)
        >>> codec.mask(state)[:3]
        (1, 1, 0)
        """
        allowed = self.legal_tokens(position, prefix)
        result = [0] * self.size
        for token in allowed:
            result[token] = 1
        return tuple(result)

    def complete(self, position: Position, prefix: Sequence[int]) -> Move | None:
        """The legal move ``prefix`` spells, or ``None`` while it is a proper prefix of one.

        Raises:
            TypeError: ``position`` is neither a :class:`~pushrummy.views.PlayerView` nor a
                :class:`~pushrummy.state.GameState`, or ``prefix`` not a sequence of ints.
            SetupError: ``position`` is of another variant or player count than the codec.
            ActionError: ``prefix`` is no prefix of a legal move's path.
        """
        node = self._walk(position, prefix)
        return None if isinstance(node, dict) else node

    def decode(self, tokens: Sequence[int], position: Position) -> Move:
        """The legal move of ``position`` whose path is ``tokens``.

        Raises:
            TypeError: ``position`` is neither a :class:`~pushrummy.views.PlayerView` nor a
                :class:`~pushrummy.state.GameState`, or ``tokens`` not a sequence of ints.
            SetupError: ``position`` is of another variant or player count than the codec.
            ActionError: ``tokens`` is not a legal move's path here: a token out of range
                or not allowed where it stands, or a path cut short (``index`` is then
                ``None``).

        >>> import pushrummy as pr
        >>> codec = ActionCodec(pr.PUSH, 4)
        >>> state = pr.new_game(pr.PUSH, seed=9)
        >>> codec.decode([PUSH], pr.view(state, 1))
        Push(seat=1)
        >>> codec.decode([DISCARD], pr.view(state, 1))
        Traceback (most recent call last):
        ...
        pushrummy.agents.codec.ActionError: token 7 (discard:AC) at index 0 is not allowed here; allowed: take, push
        """
        node = self._walk(position, tokens)
        if isinstance(node, dict):
            names = ", ".join(self.token_name(t) for t in sorted(node)[:8])
            more = ", …" if len(node) > 8 else ""
            raise ActionError(
                f"the tokens {self.describe(tokens) or '(none)'} do not spell a whole move: "
                f"it goes on with {names}{more}",
                tokens=tokens,
            )
        return node

    def paths(self, position: Position) -> dict[tuple[int, ...], Move]:
        """Every legal move of ``position`` by its token path.

        Raises:
            TypeError: ``position`` is neither a :class:`~pushrummy.views.PlayerView` nor a
                :class:`~pushrummy.state.GameState`.
            SetupError: ``position`` is of another variant or player count than the codec.
        """
        self.check_position(position)
        return {self.encode(move): move for move in _moves_of(position)}

    # -- names ----------------------------------------------------------------------------

    def token_name(self, token: SupportsIndex) -> str:
        """The name of ``token``: ``take``, ``discard:7H``, ``run:H5``, ``meld:3`` ….

        Raises:
            TypeError: ``token`` is not an int (integer-like values are taken, as by
                :meth:`check_token`).
            ActionError: ``token`` is out of range (``0 <= token < size``).

        >>> import pushrummy as pr
        >>> codec = ActionCodec(pr.PUSH, 4)
        >>> [codec.token_name(t) for t in (0, DISCARD + 52, SET, RUN + 12 + 4, MELD + 35)]
        ['take', 'discard:JK', 'set:A', 'run:D5', 'meld:35']
        """
        token = self.check_token(token, (), 0)
        if token < DISCARD:
            return _VERB_NAMES[token]
        if token < LAY_OFF:
            return f"discard:{_CARDS[token - DISCARD]}"
        if token < CARD:
            return f"lay-off:{_CARDS[token - LAY_OFF]}"
        if token < SET:
            return f"card:{_CARDS[token - CARD]}"
        if token < RUN:
            return f"set:{_SET_RANKS[token - SET].symbol}"
        if token < POSITION:
            suit, start = divmod(token - RUN, 12)
            return f"run:{_SUITS[suit].letter}{start + 1}"
        if token < MELD:
            return f"position:{token - POSITION + 1}"
        if token == self.draw_stock:
            return "draw-stock"
        if token == self.buy_upcard:
            return "buy"
        if token == self.pass_upcard:
            return "pass"
        if token == self.set_of_twos:
            return "set:2"
        return f"meld:{token - MELD}"

    def describe(self, tokens: Iterable[SupportsIndex]) -> str:
        """The names of ``tokens``, space-separated.

        Raises:
            TypeError: ``tokens`` holds something that is not an int.
            ActionError: a token is out of range.
        """
        return " ".join(self.token_name(token) for token in tokens)

    # -- the walk ------------------------------------------------------------------------

    def check_token(self, token: object, tokens: Sequence[object] = (), index: int = 0) -> int:
        """``token`` as an int, if it is one of the codec's tokens.

        ``tokens`` and ``index`` say where it stands, for the error.

        Raises:
            TypeError: ``token`` is not an int (a bool is not one; an integer-like value
                with ``__index__``, such as a NumPy integer, is accepted).
            ActionError: ``token`` is out of range (``0 <= token < size``).
        """
        if type(token) is not int:
            if isinstance(token, bool) or not hasattr(token, "__index__"):
                raise TypeError(f"a token is an int, not {type(token).__name__}")
            value = token.__index__()  # numpy integers
            if type(value) is not int:  # an int subclass (a bool) or no int at all
                raise TypeError(
                    f"a token is an int: {type(token).__name__}.__index__ returned "
                    f"{type(value).__name__}"
                )
            token = value
        if not 0 <= token < self.size:
            raise ActionError(
                f"token {clip_repr(token)} at index {index} is out of range: tokens are "
                f"0..{self.size - 1} ({self})",
                tokens=[t for t in tokens if isinstance(t, int)],
                index=index,
            )
        return token

    def check_position(self, position: object) -> None:
        """Check that ``position`` is a view or state of the codec's variant and players.

        Raises:
            TypeError: ``position`` is neither a :class:`~pushrummy.views.PlayerView` nor a
                :class:`~pushrummy.state.GameState`.
            SetupError: ``position`` is of another variant or player count than the codec.
        """
        if not isinstance(position, (PlayerView, GameState)):
            raise TypeError(
                f"position must be a PlayerView or a GameState, not {type(position).__name__}"
            )
        variant = position.variant
        if (variant is not self.variant and variant != self.variant) or (
            position.players != self.players
        ):
            raise SetupError(
                f"the position is a game of {variant.name} with {position.players} players, "
                f"but the codec is for {self.variant.name} with {self.players} players "
                "(and its house rules)"
            )

    def check_view(self, view: object, built: str) -> None:
        """Check that ``view`` is a :class:`~pushrummy.views.PlayerView` of the codec's
        variant and players (what ``built`` — "observations", "a history" — is built from).

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView` (a state gets
                a hint: a view is ``pushrummy.view(state, seat)``).
            SetupError: ``view`` is of another variant or player count than the codec.
        """
        if not isinstance(view, PlayerView):
            hint = f" ({built} built from a view: pushrummy.view(state, seat))"
            raise TypeError(
                f"view must be a PlayerView, not {type(view).__name__}"
                + (hint if isinstance(view, GameState) else "")
            )
        self.check_position(view)

    def _trie(self, position: Position) -> _Node:
        cached = self._cache.get(id(position))
        if cached is not None and cached[0] is position:
            return cached[1]
        self.check_position(position)
        root: _Node = {}
        encode = self.encode
        for move in _moves_of(position):
            path = encode(move)
            first = path[0]
            if len(path) == 1:  # most moves are one token: a draw, a discard
                if first in root:  # pragma: no cover - the tests prove it
                    raise AssertionError(f"path {path} of {move} is also that of another move")
                root[first] = move
                continue
            pending = root.get(first)
            if pending is None:
                root[first] = [(path, move)]
            elif isinstance(pending, list):
                pending.append((path, move))
            else:  # pragma: no cover - the tests prove it
                raise AssertionError(f"path {path} extends the path of {pending}")
        if len(self._cache) >= _CACHED_POSITIONS:
            del self._cache[next(iter(self._cache))]  # the oldest
        self._cache[id(position)] = (position, root)
        return root

    def _walk(self, position: Position, tokens: Sequence[SupportsIndex]) -> _Node | Move:
        # Tokens are ints or integer-like (NumPy integers), which check_token makes ints:
        # not read as ints before that (the compiled build would refuse an integer-like
        # item of a sequence of ints).
        if type(tokens) is not tuple and not is_token_sequence(tokens):  # a tuple: no ABC check
            raise TypeError(f"tokens must be a sequence of ints, not {type(tokens).__name__}")
        node: _Node | Move = self._trie(position)
        given = cast("Sequence[int]", tokens)  # for the error: the tokens as they came
        for index, raw in enumerate(tokens):
            token = self.check_token(raw, tokens, index)
            if not isinstance(node, dict):
                raise ActionError(
                    f"token {token} ({self.token_name(token)}) at index {index} comes after "
                    f"a whole move ({self.describe(tokens[:index])})",
                    tokens=given,
                    index=index,
                )
            child = node.get(token)
            if child is None:
                allowed = ", ".join(self.token_name(t) for t in sorted(node)[:8])
                if len(node) > 8:
                    allowed += ", …"
                raise ActionError(
                    f"token {token} ({self.token_name(token)}) at index {index} is not "
                    f"allowed here; allowed: {allowed or 'nothing (no legal move)'}",
                    tokens=given,
                    index=index,
                )
            if isinstance(child, list):  # first walked into: the moves' paths put in
                child = node[token] = _subtrie(child, index + 1)
            node = child
        return node


def is_token_sequence(value: object) -> bool:
    """Whether ``value`` may be a sequence of tokens: a sequence, not a string.

    (Asked of an object: in the compiled build a check of the argument itself, narrowed to
    ``str | bytes``, misread it.)

    >>> is_token_sequence([1, 2]), is_token_sequence("12")
    (True, False)
    """
    return not isinstance(value, (str, bytes)) and isinstance(value, Sequence)


def meld_tokens(meld: Meld, set_of_twos: int | None = None) -> tuple[int, ...]:
    """The tokens that spell ``meld``: its kind and place, its cards in meld order, ``stop``
    (a set of twos begins with ``set_of_twos``, the token of a codec whose twos are natural:
    :attr:`ActionCodec.set_of_twos`).

    Raises:
        TypeError: ``meld`` is not a :class:`~pushrummy.melds.Meld`.
        ActionError: a set of twos without ``set_of_twos`` ([setup.wild]).

    >>> import pushrummy as pr
    >>> run = pr.parse_meld("5H JK=6H 7H")
    >>> ActionCodec(pr.PUSH, 4).describe(meld_tokens(run))
    'run:H5 card:5H card:JK card:7H stop'
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"meld must be a Meld, not {type(meld).__name__}")
    return (_head(meld, set_of_twos), *(CARD + card.code for card in meld.cards), STOP)


def shape_tokens(shape: MeldShape, set_of_twos: int | None = None) -> tuple[int, ...]:
    """The tokens that spell ``shape`` (a :class:`~pushrummy.moves.LayDownShape`'s): as a meld,
    ``card:JK`` (:data:`WILD_PLACE`) at each wild place ([contract.wilds]); ``set_of_twos`` as
    :func:`meld_tokens`'.

    Raises:
        TypeError: ``shape`` is not a :class:`~pushrummy.meld_shape.MeldShape`.
        ActionError: a set of twos without ``set_of_twos`` ([setup.wild]).

    >>> import pushrummy as pr
    >>> from pushrummy.meld_shape import MeldShape
    >>> shape = MeldShape.of(pr.parse_meld("2C=5H 6H 7H JK=8H"))
    >>> ActionCodec(pr.PUSH, 4).describe(shape_tokens(shape))
    'run:H5 card:JK card:6H card:7H card:JK stop'
    """
    if not isinstance(shape, MeldShape):
        raise TypeError(f"shape must be a MeldShape, not {type(shape).__name__}")
    cards = (WILD_PLACE if card is None else CARD + card.code for card in shape.cards)
    return (_head(shape, set_of_twos), *cards, STOP)


def _head(meld: Meld | MeldShape, set_of_twos: int | None) -> int:
    """The first token of a meld's or a shape's path: its set's rank or its run's place."""
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        if meld.rank is Rank.TWO:
            if set_of_twos is None:
                raise ActionError(
                    "a set of twos has no path where twos are wild (wild_twos=True) [setup.wild]"
                )
            return set_of_twos
        return SET + _SET_INDEX[meld.rank]
    assert meld.suit is not None and meld.start is not None
    return RUN + 12 * int(meld.suit) + meld.start - 1


def _subtrie(pending: _Pending, depth: int) -> _Node:
    """The node of ``pending``'s moves after their first ``depth`` tokens (the same ones)."""
    root: _Node = {}
    for path, move in pending:
        node = root
        for token in path[depth:-1]:
            child = node.get(token)
            if child is None:
                child = node[token] = {}
            elif not isinstance(child, dict):  # pragma: no cover - the tests prove it
                raise AssertionError(f"path {path} extends the path of {child}")
            node = child
        last = path[-1]
        if last in node:  # pragma: no cover - the tests prove it
            raise AssertionError(f"path {path} of {move} is also that of another move")
        node[last] = move
    return root


def _moves_of(position: Position) -> tuple[Move, ...]:
    if isinstance(position, PlayerView):
        return position.legal_moves
    return legal_moves(position)
