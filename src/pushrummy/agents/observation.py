"""Observations: a fixed-size vector of numbers from what one seat may know.

:class:`ObservationEncoder` turns a :class:`~pushrummy.views.PlayerView` — never a
:class:`~pushrummy.state.GameState` — into a tuple of non-negative integers whose length
depends only on the variant and the player count, so it cannot leak what the seat may not
know (:mod:`pushrummy.views` is the one place hidden information is enforced). The same
numbers come as a dict of named sections (:meth:`ObservationEncoder.as_dict`); the vector is
the sections one after the other, in this order.

Seats are **relative to the observer**: entry ``r`` of a per-seat section is the seat ``r``
places after the view's seat in turn order (``0`` is the observer, ``1`` the next seat
clockwise, and in Push ``2`` the partner), so one policy serves every seat. Cards are by
:attr:`Card.code <pushrummy.cards.Card.code>` (``suit * 13 + rank - 1``; the joker is 52).

With ``P`` players, ``B`` meld ids (:attr:`ActionCodec.meld_ids
<pushrummy.agents.codec.ActionCodec.meld_ids>`), ``D`` deals, ``n`` tokens
(:attr:`ActionCodec.size <pushrummy.agents.codec.ActionCodec.size>`):

=====================  ==============  ===================================================
section                length          what
=====================  ==============  ===================================================
``hand``               53              the own hand: copies of each card
``hand_sizes``         ``P``           every seat's number of cards
``known``              ``P`` × 53      per seat, the cards everyone knows it holds
                                       (taken or pushed upcards not played yet)
``table_cards``        ``P`` × 53      per seat, the cards in the table melds it melded
``melds``              ``B`` × (12+P)  per meld id: present, owner (one-hot by seat), set,
                                       run, the set's rank (1–13), the run's suit (one-hot,
                                       4), the run's first and last positions (1–14), its
                                       number of cards, its number of wilds
``upcard``             54              the upcard, one-hot (the last entry: none)
``pile``               53              only with ``draw_style="stock"``: the discard pile
                                       under the upcard, copies of each card ([draw.stock])
``taken``              54              the upcard the player to move took this turn, one-hot
                                       (last: none; it may not be discarded,
                                       [discard.taken])
``stock_size``         1               cards left in the stock
``laid_down``          ``P``           per seat, 1 once it laid down this deal's contract
``laid_down_this_turn`` 1              1 if the player to move laid down this turn
``partners``           ``P``           per seat, 1 if it plays on the observer's side
``totals``             ``P``           per seat, its side's penalty total so far
``deal``               ``D``           the deal number, one-hot
``contract``           14              the deal's contract: melds asked for, by kind and
                                       minimum size (sets of 3, 4; runs of 3 … 14)
``contract_left``      14              the same for what the player to move still has to
                                       place of an unfinished lay-down ([contract.steps])
``shape``              12              the shape announced in ``filling_wilds``
                                       ([contract.wilds], every seat sees it), as a table
                                       meld without its owner: present, set, run, the
                                       set's rank, the run's suit (one-hot, 4), the run's
                                       first and last positions, its number of cards, its
                                       number of wild places; all 0 in other phases
``shape_wilds``        14              the run positions 1 … 14 of the shape's wild places
                                       (a set's wild places have none: all 0)
``shape_naturals``     53              the shape's natural cards: copies of each card
``phase``              6 (7)           draw, play, laying down, filling wilds, between
                                       deals, game over; with ``buying``, then buying
                                       (the upcard offered round the table, [buy.offer])
``current_player``     ``P`` + 1       the seat to move, one-hot (last: none)
``dealer``             ``P``           the dealer, one-hot
``turn``               1               turns played this deal (at most the variant's
                                       ``max_turns_per_deal``, or 1000 without one: larger
                                       values read as 1000)
``winners``            ``P``           after the game, per seat, 1 if its side won
``prefix_length``      1               how many tokens of a move are chosen so far
``prefix_tokens``      ``n``           those tokens, counted
``prefix_slots``       15              those tokens in order, as ``token + 1`` (0: none)
=====================  ==============  ===================================================

Sizes: **1603** for ``PUSH`` and for ``CAP_IT`` with 4 players, **2076** with 5 and
**2243** with 6 (:attr:`ObservationEncoder.size`). Every number lies between 0 and
:attr:`ObservationEncoder.high` (one bound per number), which a ``gymnasium`` ``Box`` needs.

**Normalised** (:meth:`ObservationEncoder.normalise`): every number divided by its bound,
so that each lies in [0, 1] — the same layout, for a network that wants bounded inputs
(``totals`` by the most points a game can score, ``turn`` by the turn limit, counts of
cards by the most copies of a card, one-hot sections unchanged).

The *prefix* is the pending part of a move being spelled in tokens
(:mod:`pushrummy.agents.codec`): an agent choosing the third card of a meld sees which kind,
place and cards it already chose. A pending prefix has at most 15 tokens (a meld's kind and place
and up to 14 cards; its ``stop`` completes it). A lay-down step with wild cards is two moves
([contract.wilds]): once its shape is played, the prefix is empty again and the ``shape``
sections say what the wild cards (the next move, one token per wild place) fill.

>>> import pushrummy as pr
>>> from pushrummy.agents import ObservationEncoder
>>> encoder = ObservationEncoder(pr.PUSH, 4)
>>> encoder.size
1603
>>> state = pr.new_game(pr.PUSH, seed=9)
>>> me = pr.view(state, 1)
>>> vector = encoder.encode(me)
>>> len(vector), sum(vector[:53]), vector[53:57]
(1603, 6, (6, 6, 6, 6))
>>> parts = encoder.as_dict(me)
>>> parts["phase"], parts["current_player"], parts["stock_size"]
((1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0), (83,))
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import SupportsIndex

from ..cards import Card
from ..contract_spec import Contract
from ..errors import SetupError, clip_repr
from ..meld_shape import MeldShape
from ..melds import Meld, MeldKind, meld_wild_count
from ..state import Phase, TableMeld
from ..variants import DrawStyle, Variant
from ..views import PlayerView
from .codec import ActionCodec, ActionError, is_token_sequence

__all__ = ["MAX_PREFIX", "PARTS", "TURN_CAP", "ObservationEncoder", "write_parts"]

MAX_PREFIX = 15
"""The longest pending prefix: a meld's kind and place and 14 cards (``stop`` completes it)."""
TURN_CAP = 1000
"""The ``turn`` section reads at most this."""
PARTS = ("hand", "seats", "known", "table", "public")
"""The kinds of parts of :meth:`ObservationEncoder.view_parts`, each from one source of the
view: ``hand``; ``seats`` (``hand_sizes``, ``laid_down``, ``partners``, ``totals``);
``known``, one part per seat (in relative order: each seat's known cards change apart);
``table`` (``table_cards``, ``melds``); ``public`` (every other section but the prefix's).
:attr:`ObservationEncoder.part_names` names the parts themselves."""

_PHASES = (
    Phase.DRAW,
    Phase.PLAY,
    Phase.LAYING_DOWN,
    Phase.FILLING_WILDS,
    Phase.BETWEEN_DEALS,
    Phase.GAME_OVER,
)


def _contract_index(variant: Variant) -> dict[tuple[MeldKind, int], int]:
    """The ``contract`` section's entry of each (kind, size) of a contract's parts: sets of 3
    and 4 — and up to the largest set a deal's contract asks for (``set_suits`` = ``any``) —
    then runs of 3 to 14."""
    largest = max(
        (
            part.size
            for deal in variant.deals
            for part in deal.contract.requirements
            if part.kind is MeldKind.SET
        ),
        default=4,
    )
    sets = [(MeldKind.SET, size) for size in range(3, max(4, largest) + 1)]
    slots = (*sets, *((MeldKind.RUN, size) for size in range(3, 15)))
    return {slot: index for index, slot in enumerate(slots)}


_PHASE_ORDER = (*_PHASES, Phase.BUYING)
"""Each phase's entry in the ``phase`` section: ``Phase.BUYING`` last, only with ``buying``."""
_CARDS = 53
_POSITIONS = 14
_SHAPE_HIGH = (1, 1, 1, 13, 1, 1, 1, 1, 14, 14, 14, 14)
"""The largest value of each entry of a shape's features (a table meld's, less the owner)."""


class ObservationEncoder:
    """The observation vector of a variant at a player count (the layout: the module's table).

    Attributes:
        variant: the rules.
        players: the player count.
        codec: the :class:`~pushrummy.agents.codec.ActionCodec` whose tokens a prefix holds.
        size: the length of every vector.
        sections: ``(name, length)`` of each section, in vector order.
        high: the largest value of each entry of the vector (the smallest is 0).
        scale: ``1 / high`` of each entry: :meth:`normalise` multiplies by it.
        part_names: the name of each part of :meth:`view_parts`, in order: ``hand``,
            ``seats``, ``known:0`` … ``known:<P-1>`` (by relative seat), ``table``,
            ``public``.

    Raises:
        TypeError: ``variant`` is not a :class:`~pushrummy.variants.Variant`, or
            ``players`` not an int.
        VariantError: the variant is not played by ``players`` players.

    >>> import pushrummy as pr
    >>> [ObservationEncoder(pr.CAP_IT, p).size for p in (4, 5, 6)]
    [1603, 2076, 2243]
    """

    __slots__ = (
        "_builders",
        "_contract",
        "_contract_index",
        "_last",
        "_melds",
        "_offsets",
        "_orders",
        "_partners",
        "_parts",
        "_sides",
        "_starts",
        "_tables",
        "_turn_cap",
        "codec",
        "high",
        "part_names",
        "players",
        "scale",
        "sections",
        "size",
        "variant",
    )

    def __init__(self, variant: Variant, players: object) -> None:
        self.codec = ActionCodec(variant, players)  # checks the arguments (an object: see there)
        self.variant = variant
        self.players = players = self.codec.players
        self._contract_index = _contract_index(variant)
        slots = len(self._contract_index)
        p, b = players, self.codec.meld_ids
        packs = self.codec.packs
        deck = packs * 54
        copies = 2 * packs  # the most copies of one card value (the joker's)
        deals = len(variant.deals)
        most_points = deals * deck * max(variant.card_values)
        meld_high = (1, *([1] * p), *_SHAPE_HIGH[1:])
        limit = variant.max_turns_per_deal
        self._turn_cap = TURN_CAP if limit is None else min(TURN_CAP, limit)
        layout: list[tuple[str, int, tuple[int, ...]]] = [
            ("hand", _CARDS, (copies,) * _CARDS),
            ("hand_sizes", p, (deck,) * p),
            ("known", p * _CARDS, (copies,) * (p * _CARDS)),
            ("table_cards", p * _CARDS, (copies,) * (p * _CARDS)),
            ("melds", b * len(meld_high), meld_high * b),
            ("upcard", _CARDS + 1, (1,) * (_CARDS + 1)),
            *(
                [("pile", _CARDS, (copies,) * _CARDS)]
                if variant.draw_style is DrawStyle.STOCK
                else []
            ),
            ("taken", _CARDS + 1, (1,) * (_CARDS + 1)),
            ("stock_size", 1, (deck,)),
            ("laid_down", p, (1,) * p),
            ("laid_down_this_turn", 1, (1,)),
            ("partners", p, (1,) * p),
            ("totals", p, (most_points,) * p),
            ("deal", deals, (1,) * deals),
            ("contract", slots, (b,) * slots),
            ("contract_left", slots, (b,) * slots),
            ("shape", len(_SHAPE_HIGH), _SHAPE_HIGH),
            ("shape_wilds", _POSITIONS, (1,) * _POSITIONS),
            ("shape_naturals", _CARDS, (copies,) * _CARDS),
            ("phase", len(_PHASES) + variant.buying, (1,) * (len(_PHASES) + variant.buying)),
            ("current_player", p + 1, (1,) * (p + 1)),
            ("dealer", p, (1,) * p),
            ("turn", 1, (self._turn_cap,)),
            ("winners", p, (1,) * p),
            ("prefix_length", 1, (MAX_PREFIX,)),
            ("prefix_tokens", self.codec.size, (MAX_PREFIX,) * self.codec.size),
            ("prefix_slots", MAX_PREFIX, (self.codec.size,) * MAX_PREFIX),
        ]
        self.sections: tuple[tuple[str, int], ...] = tuple((n, k) for n, k, _ in layout)
        self.high: tuple[int, ...] = tuple(v for _, _, highs in layout for v in highs)
        self.size: int = len(self.high)
        self.scale: tuple[float, ...] = tuple(1.0 / high for high in self.high)
        offsets = {}
        start = 0
        for name, length, highs in layout:
            assert len(highs) == length, name
            offsets[name] = (start, start + length)
            start += length
        self._offsets = offsets
        self._starts = {name: first for name, (first, _) in offsets.items()}
        self._last: tuple[PlayerView, dict[int, int]] | None = None
        self._orders = tuple(tuple((me + r) % p for r in range(p)) for me in range(p))
        self._sides = tuple(map(variant.side_of, range(p)))
        self._partners = tuple(
            {
                self._starts["partners"] + r: 1
                for r, seat in enumerate(order)
                if self._sides[seat] == self._sides[me]
            }
            for me, order in enumerate(self._orders)
        )
        self._contract: tuple[Contract | None, dict[int, int]] = (None, {})
        # Per (seat, meld id): the table meld and its entries, kept while it is unchanged.
        self._melds: dict[tuple[int, int], tuple[TableMeld, dict[int, int]]] = {}
        # Per seat: its last view's table and the table part's entries.
        self._tables: dict[int, tuple[tuple[TableMeld, ...], dict[int, int]]] = {}
        # Per seat, per part: the source it was built from and its entries.
        self._parts: dict[int, list[tuple[object, dict[int, int]] | None]] = {}
        # Each part's builder, in part_names' order (their sources: view_parts).
        self._builders: tuple[Callable[[PlayerView], dict[int, int]], ...] = (
            self._hand,
            self._seats,
            *(self._known_of(r) for r in range(p)),
            self._table,
            self._public,
        )
        self.part_names: tuple[str, ...] = (
            "hand",
            "seats",
            *(f"known:{r}" for r in range(p)),
            "table",
            "public",
        )

    def __repr__(self) -> str:
        return f"ObservationEncoder({self.variant.name}, players={self.players}, size={self.size})"

    def encode(self, view: PlayerView, prefix: Sequence[int] = ()) -> tuple[int, ...]:
        """The observation vector of ``view`` with the pending token ``prefix``.

        The prefix is the view's seat's own: pass ``()`` for a seat that is not spelling a
        move. It is not checked against the legal moves here (the codec does that when the
        tokens are chosen), only that it holds tokens.

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView` (a
                :class:`~pushrummy.state.GameState` holds hidden information and is
                refused), or ``prefix`` not a sequence of ints.
            SetupError: ``view`` is of another variant or player count than the encoder.
            ActionError: ``prefix`` holds a token out of range or is longer than a
                pending prefix can be (15 tokens).
        """
        values = [0] * self.size
        for index, value in self.entries(view, prefix).items():
            values[index] = value
        return tuple(values)

    def as_dict(self, view: PlayerView, prefix: Sequence[int] = ()) -> dict[str, tuple[int, ...]]:
        """The observation as its named sections (the vector is their concatenation).

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`, or
                ``prefix`` not a sequence of ints.
            SetupError: ``view`` is of another variant or player count than the encoder.
            ActionError: ``prefix`` holds a token out of range or is too long.
        """
        vector = self.encode(view, prefix)
        return {name: vector[start:stop] for name, (start, stop) in self._offsets.items()}

    def normalise(self, vector: Sequence[int]) -> tuple[float, ...]:
        """``vector`` (of :meth:`encode`) with every number divided by its bound
        (:attr:`high`): each lies in [0, 1].

        Raises:
            SetupError: ``vector`` is not as long as the encoder's vectors.

        >>> import pushrummy as pr
        >>> encoder = ObservationEncoder(pr.PUSH.replace(max_turns_per_deal=100), 4)
        >>> state = pr.new_game(encoder.variant, seed=9)
        >>> unit = encoder.normalise(encoder.encode(pr.view(state, 1)))
        >>> min(unit) >= 0.0 and max(unit) <= 1.0, unit[encoder.section("stock_size")]
        (True, (0.7685185185185185,))
        """
        if len(vector) != self.size:
            raise SetupError(f"an observation vector has {self.size} numbers, not {len(vector)}")
        return tuple(value * scale for value, scale in zip(vector, self.scale, strict=True))

    def section(self, name: str) -> slice:
        """Where section ``name`` lies in the vector.

        Raises:
            KeyError: no section has that name.

        >>> import pushrummy as pr
        >>> ObservationEncoder(pr.PUSH, 4).section("hand_sizes")
        slice(53, 57, None)
        """
        if name not in self._offsets:
            raise KeyError(f"no observation section {name!r}; sections: {list(self._offsets)}")
        start, stop = self._offsets[name]
        return slice(start, stop)

    def entries(self, view: PlayerView, prefix: Sequence[int] = ()) -> dict[int, int]:
        """The vector's numbers that are not 0, by index (a vector of ~1,600 numbers has
        about a hundred): what :meth:`encode` fills in, and what an array is written from
        cheaply.

        Raises:
            TypeError, SetupError, ActionError: as :meth:`encode`.

        >>> import pushrummy as pr
        >>> encoder = ObservationEncoder(pr.PUSH, 4)
        >>> me = pr.view(pr.new_game(pr.PUSH, seed=9), 1)
        >>> entries = encoder.entries(me)
        >>> vector = encoder.encode(me)
        >>> all(vector[i] == v for i, v in entries.items()), sum(map(bool, vector)) == len(entries)
        (True, True)
        """
        self._check(view)
        last = self._last
        if last is not None and last[0] is view:  # the same view, another prefix: reuse it
            out = dict(last[1])
        else:
            out = {}
            for part in self.view_parts(view):
                out.update(part)
            self._last = (view, dict(out))
        out.update(self.prefix_entries(prefix))
        return out

    def view_parts(self, view: PlayerView) -> tuple[dict[int, int], ...]:
        """The entries of everything but the prefix, in parts that change apart
        (:attr:`part_names`: the own hand, the seats' counts, each seat's known cards, the
        table, the rest), each a dict of the part's numbers that are not 0 by index; the
        parts hold disjoint indices. A part whose source did not change since the last view
        of the same seat (the same hand, table … objects, or equal numbers) is the *same*
        dict object as then, so that a caller keeping an array per seat
        (:class:`~pushrummy.agents.arrays.Features`) rewrites only the parts that changed.
        The dicts are shared: do not modify them.

        Raises:
            TypeError, SetupError: as :meth:`encode`.

        >>> import pushrummy as pr
        >>> encoder = ObservationEncoder(pr.PUSH, 4)
        >>> state = pr.new_game(pr.PUSH, seed=9)
        >>> before = encoder.view_parts(pr.view(state, 0))
        >>> after = encoder.view_parts(pr.view(pr.apply_move(state, pr.Push(1)), 0))
        >>> [name for name, old, new in zip(encoder.part_names, before, after) if old is not new]
        ['seats', 'known:2', 'public']
        """
        self._check(view)
        seat = view.seat
        cache = self._parts.get(seat)
        if cache is None:
            cache = self._parts[seat] = [None] * len(self.part_names)
        known = view.known
        sources = (  # what each part is built from, kept while it is the same
            view.hand,
            (view.hand_sizes, view.laid_down, view.totals),  # compared by value
            *(known[other] for other in self._orders[seat]),
            view.table,
            view,
        )
        parts = []
        for index, source in enumerate(sources):
            cached = cache[index]
            if cached is not None and (cached[0] is source or (index == 1 and cached[0] == source)):
                parts.append(cached[1])
                continue
            part = self._builders[index](view)
            if cached is not None and part == cached[1]:
                part = cached[1]  # the same numbers: the same dict, nothing to rewrite
            cache[index] = (source, part)
            parts.append(part)
        return tuple(parts)

    def prefix_entries(self, prefix: Sequence[int]) -> dict[int, int]:
        """The prefix sections' numbers that are not 0, by index (``prefix_length``,
        ``prefix_tokens``, ``prefix_slots``): with :meth:`view_parts`, all of
        :meth:`entries`.

        Raises:
            TypeError: ``prefix`` is not a sequence of ints.
            ActionError: ``prefix`` holds a token out of range or is too long.

        >>> import pushrummy as pr
        >>> encoder = ObservationEncoder(pr.PUSH, 4)
        >>> entries = encoder.prefix_entries([1])
        >>> [(i - encoder.section(name).start, entries[i]) for name, i in zip(
        ...     ("prefix_length", "prefix_tokens", "prefix_slots"), sorted(entries))]
        [(0, 1), (1, 1), (0, 2)]
        """
        tokens = self._prefix(prefix)
        at = self._starts
        out: dict[int, int] = {}
        if tokens:
            out[at["prefix_length"]] = len(tokens)
        for index, token in enumerate(tokens):
            slot = at["prefix_tokens"] + token
            out[slot] = out.get(slot, 0) + 1
            out[at["prefix_slots"] + index] = token + 1
        return out

    def _check(self, view: PlayerView) -> None:
        self.codec.check_view(view, "observations are")

    # -- the parts: each one source of the view, and what it writes ---------------------

    def _hand(self, view: PlayerView) -> dict[int, int]:
        out: dict[int, int] = {}
        _count(out, self._starts["hand"], view.hand)
        return out

    def _seats(self, view: PlayerView) -> dict[int, int]:
        at = self._starts
        sizes_at, laid_at, totals_at = at["hand_sizes"], at["laid_down"], at["totals"]
        out = dict(self._partners[view.seat])  # the partners section: fixed per seat
        sizes, laid, totals, sides = view.hand_sizes, view.laid_down, view.totals, self._sides
        for r, seat in enumerate(self._orders[view.seat]):
            if sizes[seat]:
                out[sizes_at + r] = sizes[seat]
            if laid[seat]:
                out[laid_at + r] = 1
            total = totals[sides[seat]]
            if total:
                out[totals_at + r] = total
        return out

    def _known_of(self, r: int) -> Callable[[PlayerView], dict[int, int]]:
        """The builder of the part of the cards known of the seat ``r`` places after the
        view's."""
        start = self._starts["known"] + r * _CARDS
        orders = self._orders

        def build(view: PlayerView) -> dict[int, int]:
            out: dict[int, int] = {}
            _count(out, start, view.known[orders[view.seat][r]])
            return out

        return build

    def _table(self, view: PlayerView) -> dict[int, int]:
        # From the entries of this seat's last table, when it held no more melds: a move
        # changes a meld or two (a lay-off, a new meld), so only those are taken out and
        # put in again.
        seat, table = view.seat, view.table
        last = self._tables.get(seat)
        if last is None or len(last[0]) > len(table):
            before: tuple[TableMeld, ...] = ()
            out: dict[int, int] = {}
        else:
            before, out = last[0], dict(last[1])
        for index, table_meld in enumerate(table):
            if index < len(before):
                old = before[index]
                if old is table_meld:
                    continue
                self._put_meld(out, seat, old, -1)
            self._put_meld(out, seat, table_meld, 1)
        self._tables[seat] = (table, out)
        return out

    def _put_meld(self, out: dict[int, int], seat: int, table_meld: TableMeld, sign: int) -> None:
        """Add (``sign`` 1) or take out (-1) a table meld's entries, as seen by ``seat``: its
        cards in its owner's ``table_cards`` and its ``melds`` section."""
        owner = (table_meld.owner - seat) % self.players
        start = self._starts["table_cards"] + owner * _CARDS
        get = out.get
        for card in table_meld.meld.cards:
            index = start + card.code
            count = get(index, 0) + sign
            if count:
                out[index] = count
            else:
                del out[index]
        key = (seat, table_meld.id)  # its melds section, kept while it is unchanged
        cached = self._melds.get(key)
        if cached is None or cached[0] is not table_meld:
            cached = (table_meld, self._meld_entries(owner, table_meld))
            if sign > 0:
                self._melds[key] = cached
        if sign > 0:
            out.update(cached[1])
        else:
            for index in cached[1]:
                del out[index]

    def _meld_entries(self, owner: int, table_meld: TableMeld) -> dict[int, int]:
        """The ``melds`` section's entries of a table meld (``owner``: its relative seat)."""
        p = self.players
        b = self.codec.meld_ids
        if not 0 <= table_meld.id < b:  # pragma: no cover - a deal has at most b melds
            raise AssertionError(f"meld id {table_meld.id} beyond {b}")
        base = self._starts["melds"] + table_meld.id * (12 + p)
        out = {base: 1, base + 1 + owner: 1}
        _put_all(out, base + 1 + p, _features(table_meld.meld, self.codec.variant))
        return out

    def _requirements(self, contract: Contract) -> dict[int, int]:
        """The ``contract`` section's entries."""
        out: dict[int, int] = {}
        for requirement in contract.requirements:
            index = (
                self._starts["contract"]
                + self._contract_index[(requirement.kind, requirement.size)]
            )
            out[index] = out.get(index, 0) + requirement.count
        return out

    def _public(self, view: PlayerView) -> dict[int, int]:
        at = self._starts
        p = self.players
        me = view.seat
        out: dict[int, int] = {}
        out[at["upcard"] + (_CARDS if view.upcard is None else view.upcard.code)] = 1
        out[at["taken"] + (_CARDS if view.taken is None else view.taken.code)] = 1
        if view.stock_size:
            out[at["stock_size"]] = view.stock_size
        if view.laid_down_this_turn:
            out[at["laid_down_this_turn"]] = 1
        out[at["deal"] + view.deal_number - 1] = 1
        contract = self._contract
        if contract[0] is not view.contract:  # one contract a deal: its entries kept
            contract = self._contract = (view.contract, self._requirements(view.contract))
        out.update(contract[1])
        for requirement in view.contract_left:
            index = at["contract_left"] + self._contract_index[(requirement.kind, requirement.size)]
            out[index] = out.get(index, 0) + requirement.count
        out[at["phase"] + _PHASE_ORDER.index(view.phase)] = 1  # (hashing an Enum costs more)
        current = view.current_player
        out[at["current_player"] + (p if current is None else (current - me) % p)] = 1
        out[at["dealer"] + (view.dealer - me) % p] = 1
        turn = min(view.turn, self._turn_cap)
        if turn:
            out[at["turn"]] = turn
        if view.outcome is not None:
            winners = set(view.outcome.winners)
            for r, seat in enumerate(self._orders[me]):
                if self._sides[seat] in winners:
                    out[at["winners"] + r] = 1
        shape = view.shape
        if shape is not None:
            out[at["shape"]] = 1
            _put_all(out, at["shape"] + 1, _features(shape, self.codec.variant))
            _count(out, at["shape_naturals"], shape.naturals)
            if shape.start is not None:  # a run: its wild places by position
                for place, natural in enumerate(shape.cards):
                    if natural is None:
                        out[at["shape_wilds"] + shape.start - 1 + place] = 1
        if view.pile:  # a discard pile forms only with draw_style="stock", which has the section
            _count(out, at["pile"], view.pile)
        return out

    def _prefix(self, prefix: Sequence[SupportsIndex]) -> list[int]:
        # Not read as ints before check_token: see ActionCodec._walk.
        if type(prefix) is not tuple and not is_token_sequence(prefix):  # a tuple: no ABC check
            raise TypeError(f"prefix must be a sequence of ints, not {type(prefix).__name__}")
        tokens = [
            self.codec.check_token(token, prefix, index) for index, token in enumerate(prefix)
        ]
        if len(tokens) > MAX_PREFIX:
            raise ActionError(
                f"a pending prefix has at most {MAX_PREFIX} tokens, not {len(tokens)} "
                f"({clip_repr(tuple(tokens))})",
                tokens=tokens,
                index=MAX_PREFIX,
            )
        return tokens


def write_parts(
    cells: MutableSequence[float] | memoryview[float],
    written: list[dict[int, int]],
    parts: Sequence[dict[int, int]],
    bounds: Sequence[float] | None = None,
) -> None:
    """Write the parts of :meth:`ObservationEncoder.view_parts` into ``cells`` (an array's
    numbers, all 0 but those of the parts ``written`` last, which this updates): only a part
    that is not the very dict written last is rewritten, and of it, the places the old one
    held and the new one leaves are zeroed (the others are written over). With ``bounds``,
    each number is divided by its bound (normalised observations).

    >>> from array import array
    >>> cells, written = memoryview(array("f", [0.0] * 4)), [{}, {}]
    >>> write_parts(cells, written, ({0: 2}, {3: 1}))
    >>> write_parts(cells, written, ({1: 4}, written[1]), bounds=[1.0, 8.0, 1.0, 1.0])
    >>> cells.tolist()
    [0.0, 0.5, 0.0, 1.0]
    """
    for index, part in enumerate(parts):
        old = written[index]
        if old is not part:
            for at in old:
                if at not in part:
                    cells[at] = 0.0
            if bounds is None:
                for at, value in part.items():
                    cells[at] = value
            else:
                for at, value in part.items():
                    cells[at] = value / bounds[at]
            written[index] = part


def _count(out: dict[int, int], start: int, cards: Sequence[Card]) -> None:
    """Add one at ``start + card.code`` in ``out`` for each of ``cards``."""
    for card in cards:
        index = start + card.code
        out[index] = out.get(index, 0) + 1


def _put_all(out: dict[int, int], start: int, values: Sequence[int]) -> None:
    """Set ``out[start + i] = value`` for each value that is not 0."""
    for offset, value in enumerate(values):
        if value:
            out[start + offset] = value


def _features(meld: Meld | MeldShape, variant: Variant) -> list[int]:
    """A meld's or a shape's features after ``present`` (and a table meld's owner): set, run,
    the set's rank, the run's suit (one-hot), first and last positions, cards, wild cards (as
    the variant's ``wild_twos`` makes them, [setup.wild])."""
    features = [0] * (len(_SHAPE_HIGH) - 1)
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        features[0] = 1
        features[2] = int(meld.rank)
    else:
        assert meld.suit is not None and meld.start is not None
        features[1] = 1
        features[3 + int(meld.suit)] = 1
        features[7] = meld.start
        features[8] = meld.start + len(meld.cards) - 1
    features[9] = len(meld.cards)
    features[10] = meld_wild_count(meld, variant) if isinstance(meld, Meld) else meld.wild_places
    return features
