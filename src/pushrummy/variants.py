"""Variants: a ruleset as one validated, immutable value (:ref:`rules-presets`).

A :class:`Variant` holds everything that differs between games and house
rules: player counts, partnerships, the deck, the deals and their contracts,
card values, stakes, and every option :doc:`/rules` names, under the same name.
The engine reads these fields; it never asks which variant it is playing.

>>> PUSH.deals[0]
DealSpec(hand_size=6, contract=Contract('2 sets of 3'))
>>> str(CAP_IT.deals[4].contract)
'1 run of 3 + 1 run of 7'
>>> house = PUSH.replace(wild_limit=WildLimit.AT_MOST_NATURALS, may_discard_wild=False)
>>> house.wild_limit, PUSH.wild_limit
(<WildLimit.AT_MOST_NATURALS: 'at_most_naturals'>, <WildLimit.UNLIMITED: 'unlimited'>)
>>> PUSH.replace(packs_for_players=((6, 3),))
Traceback (most recent call last):
...
pushrummy.errors.VariantError: partnerships: partnerships need exactly 4 players (partners opposite), not 6
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ._wire import Codec, FieldInfo, wire_fields
from .cards import MAX_PACKS, Card, Rank, make_deck, wild_table
from .contract_spec import Contract, RunSuits
from .errors import VariantError, clip_repr
from .melds import MeldKind, SetSuits, WildLimit, check_meld_options

__all__ = [
    "CAP_IT",
    "CONTRACT_RUMMY",
    "CONTRACT_RUMMY_CARD_VALUES",
    "DEFAULT_CARD_VALUES",
    "HOUSE_OPTIONS",
    "LIVERPOOL",
    "LIVERPOOL_CARD_VALUES",
    "PUSH",
    "BuryPosition",
    "DealSpec",
    "DrawStyle",
    "LayoffTargets",
    "PushTo",
    "ShortStockPush",
    "Stakes",
    "StakesSettlement",
    "Variant",
    "WildExchange",
]


class BuryPosition(enum.Enum):
    """Option ``bury_position`` of [deal.upcard]: where a wild upcard is buried."""

    RANDOM = "random"
    BOTTOM = "bottom"


class PushTo(enum.Enum):
    """Option ``push_to`` of [draw.push]: who receives a push."""

    NEXT = "next"
    PREVIOUS = "previous"


class DrawStyle(enum.Enum):
    """Option ``draw_style`` of [draw.choice]: what a player may do instead of taking the upcard."""

    PUSH = "push"
    """Push the upcard ([draw.push]): the upcard never stays, so no discard pile forms."""
    STOCK = "stock"
    """Draw the top card of the stock, the upcard staying where it is ([draw.stock]): the
    next discard covers it, and a discard pile forms under the upcard."""


class ShortStockPush(enum.Enum):
    """Option ``short_stock_push`` of [draw.exhausted]: a push with fewer than 2 stock cards."""

    TRANSFER_THEN_END = "transfer_then_end"
    END_WITHOUT_TRANSFER = "end_without_transfer"
    FORBIDDEN = "forbidden"


class LayoffTargets(enum.Enum):
    """Option ``layoff_targets`` of [layoff.card]: whose melds a player may lay off on."""

    ANY = "any"
    TEAM = "team"
    OWN = "own"


class WildExchange(enum.Enum):
    """Option ``wild_exchange`` of [layoff.exchange]."""

    NONE = "none"
    JOKERS_IN_RUNS = "jokers_in_runs"
    ANY_IN_RUNS = "any_in_runs"


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class DealSpec:
    """One deal of a game: how many cards each player gets, and the contract.

    ``all_out`` ([out.all_out]): True, the contract of this deal is laid down only with every
    card held, at once, and the player goes out with it, with no discard (Liverpool's last
    deal); its melds are then at least their parts' sizes, whatever
    ``contract_exact_sizes`` says.

    >>> DealSpec(12, Contract.parse("3 runs of 4"), all_out=True)
    DealSpec(hand_size=12, contract=Contract('3 runs of 4'), all_out=True)
    """

    hand_size: int
    contract: Contract
    all_out: bool = attrs.field(default=False, kw_only=True)

    def __repr__(self) -> str:
        more = ", all_out=True" if self.all_out else ""
        return f"DealSpec(hand_size={self.hand_size!r}, contract={self.contract!r}{more})"

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.all_out, bool):
            raise VariantError(
                f"all_out must be True or False, not {clip_repr(self.all_out)}",
                field="deals.all_out",
            )
        if not isinstance(self.hand_size, int) or isinstance(self.hand_size, bool):
            raise VariantError(
                f"hand_size must be an int, not {clip_repr(self.hand_size)}",
                field="deals.hand_size",
            )
        if self.hand_size < 1:
            raise VariantError(
                f"hand_size must be >= 1, not {clip_repr(self.hand_size)}", field="deals"
            )
        if not isinstance(self.contract, Contract):
            raise VariantError(
                f"contract must be a Contract, not {type(self.contract).__name__}",
                field="deals.contract",
            )


@attrs.frozen(slots=True)
class Stakes:
    """Cap-It stakes (:ref:`rules-stakes`): each player's ante and the prize for going out."""

    ante: int
    round_prize: int

    def __attrs_post_init__(self) -> None:
        for name in ("ante", "round_prize"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise VariantError(
                    f"{name} must be a whole number of chips >= 0, not {clip_repr(value)}",
                    field=f"stakes.{name}",
                )


@attrs.frozen(slots=True)
class StakesSettlement:
    """How Cap-It stakes were settled at the end of a game (:ref:`rules-stakes`), in whole
    chips: a value of the game's outcome, made by :func:`~pushrummy.scoring.settle_stakes`.

    Attributes:
        pot: chips paid in (ante × players).
        round_prizes: chips each seat took for going out in a deal.
        final_prizes: chips each seat took as (tied) overall winner.
        net: chips won minus the ante, per seat.
        left_in_pot: chips still in the pot at the end (nothing if there was a winner).
    """

    pot: int
    round_prizes: tuple[int, ...]
    final_prizes: tuple[int, ...]
    net: tuple[int, ...]
    left_in_pot: int


DEFAULT_CARD_VALUES: tuple[int, ...] = (20, 15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)
"""[score.values], indexed by rank value with the joker at index 0."""


def _card_values(value: Mapping[Any, int] | Iterable[int]) -> tuple[int, ...]:
    """Accept a rank → points mapping (key ``"JK"`` or ``None`` for the joker) or a 14-tuple."""
    if not isinstance(value, Iterable):
        raise VariantError(
            f"expected a mapping from rank to points or 14 numbers, not {type(value).__name__}",
            field="card_values",
        )
    if isinstance(value, Mapping):
        table = list(DEFAULT_CARD_VALUES)
        for key, points in value.items():
            if key is None or key == "JK":
                table[0] = points
            elif isinstance(key, Rank):
                table[key.value] = points
            else:
                raise VariantError(
                    f"keys are Rank values or 'JK' for the joker, not {clip_repr(key)}",
                    field="card_values",
                )
        return tuple(table)
    return tuple(value)


def _enum_field(
    enum_type: type[enum.Enum], default: enum.Enum, rule: str, *, later: bool = False
) -> Any:
    def convert(value: Any) -> Any:
        if isinstance(value, enum_type):
            return value
        try:
            return enum_type(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in enum_type)
            raise VariantError(
                f"{clip_repr(value)} is not one of {allowed}", field=_field_of(enum_type)
            ) from None

    info = FieldInfo(codec=Codec.ENUM, enum_type=enum_type, rule=rule, house=True, later=later)
    return attrs.field(default=default, converter=convert, kw_only=True, metadata=info.metadata())


def _field_of(enum_type: type[enum.Enum]) -> str:
    """The variant option whose values are ``enum_type``'s (from the fields' metadata)."""
    return next(f.name for f in wire_fields(Variant) if f.info.enum_type is enum_type)


def _option(default: Any, codec: Codec, rule: str, **info: Any) -> Any:
    """A house-rule option of :class:`Variant`: a field with its :class:`FieldInfo`."""
    metadata = FieldInfo(codec=codec, rule=rule, house=True, **info).metadata()
    return attrs.field(default=default, kw_only=True, metadata=metadata)


PlayerPairs = tuple[tuple[int, int], ...]
"""``(players, count)`` pairs: the packs or the jokers of each player count."""


def _to_pairs(value: Iterable[tuple[int, int]], what: str, field: str) -> PlayerPairs:
    """``value`` as a tuple of ``(players, what)`` pairs; a :class:`VariantError` naming
    ``field`` for anything else."""
    try:
        return tuple((players, count) for players, count in value)
    except (TypeError, ValueError):
        raise VariantError(
            f"expected (players, {what}) pairs, not {clip_repr(value)}", field=field
        ) from None


def _pairs(value: Iterable[tuple[int, int]]) -> PlayerPairs:
    return _to_pairs(value, "packs", "packs_for_players")


def _joker_pairs(value: Iterable[tuple[int, int]]) -> PlayerPairs:
    return _to_pairs(value, "jokers", "jokers_for_players")


def _deal_tuple(value: Iterable[DealSpec]) -> tuple[DealSpec, ...]:
    if not isinstance(value, Iterable) or isinstance(value, str):
        raise VariantError(
            f"expected a sequence of DealSpec, not {type(value).__name__}", field="deals"
        )
    return tuple(value)


@attrs.frozen(slots=True, cache_hash=True)
class Variant:
    """A complete, validated ruleset. Build a house rule with :meth:`replace`.

    Every option is named as in :doc:`/rules`; defaults reproduce Push. Invalid or
    inconsistent values raise :class:`~pushrummy.errors.VariantError` naming
    the field, when the variant is built.
    """

    name: str = attrs.field(
        kw_only=True,
        metadata=FieldInfo(codec=Codec.STR, what="a variant name (a string)").metadata(),
    )
    packs_for_players: tuple[tuple[int, int], ...] = attrs.field(
        kw_only=True,
        converter=_pairs,
        metadata=FieldInfo(codec=Codec.PACKS, rule="setup.deck").metadata(),
    )
    """``(players, packs)`` for every allowed player count ([setup.players], [setup.deck])."""
    jokers_for_players: tuple[tuple[int, int], ...] = attrs.field(
        default=(),
        kw_only=True,
        converter=_joker_pairs,
        metadata=FieldInfo(codec=Codec.JOKERS, rule="setup.deck", later=True).metadata(),
    )
    """``(players, jokers)``: how many jokers the deck of a player count holds in all, for the
    player counts whose deck does not hold two per pack ([setup.deck]); ``()`` (the
    default) is two jokers in every pack."""
    partnerships: bool = attrs.field(
        kw_only=True, metadata=FieldInfo(codec=Codec.BOOL, rule="setup.players").metadata()
    )
    """True: two fixed partnerships, partners opposite (team = seat % 2)."""
    deals: tuple[DealSpec, ...] = attrs.field(
        kw_only=True,
        converter=_deal_tuple,
        metadata=FieldInfo(codec=Codec.DEALS, rule="contract.table").metadata(),
    )
    card_values: tuple[int, ...] = attrs.field(
        default=DEFAULT_CARD_VALUES,
        kw_only=True,
        converter=_card_values,
        metadata=FieldInfo(codec=Codec.CARD_VALUES, rule="score.values", house=True).metadata(),
    )
    """Points per card left in hand, indexed by rank value, the joker at index 0."""
    stakes: Stakes | None = _option(None, Codec.STAKES, "stakes.pot")

    bury_position: BuryPosition = _enum_field(BuryPosition, BuryPosition.RANDOM, "deal.upcard")
    draw_style: DrawStyle = _enum_field(DrawStyle, DrawStyle.PUSH, "draw.stock", later=True)
    push_to: PushTo = _enum_field(PushTo, PushTo.NEXT, "draw.push")
    short_stock_push: ShortStockPush = _enum_field(
        ShortStockPush, ShortStockPush.TRANSFER_THEN_END, "draw.exhausted"
    )
    take_after_contract: bool = _option(True, Codec.BOOL, "draw.take", later=True)
    """[draw.take]: False, a player who has laid down this deal's contract must push or draw
    from the stock (when that is allowed)."""
    reshuffle_stock: bool = _option(False, Codec.BOOL, "draw.reshuffle", later=True)
    """[draw.reshuffle]: True, a draw from an empty stock first shuffles the discard pile under
    the upcard into a new stock (``draw_style="stock"`` only: a push leaves no pile)."""
    wild_twos: bool = _option(True, Codec.BOOL, "setup.wild", later=True)
    """[setup.wild]: True (default), jokers and all twos are wild; False, only the jokers are
    wild and twos are natural cards of rank 2 (sets of twos, runs ``A-2-3``), scored by
    ``card_values`` of rank 2 (Contract Rummy without the deuces-wild agreement)."""
    min_naturals_per_meld: int = _option(0, Codec.INT, "meld.wild", what="0 or 1", lo=0, hi=1)
    wild_limit: WildLimit = _enum_field(WildLimit, WildLimit.UNLIMITED, "meld.wild")
    max_run_length: int = _option(14, Codec.INT, "meld.run", what="13 or 14", lo=13, hi=14)
    set_suits: SetSuits = _enum_field(SetSuits, SetSuits.DISTINCT, "meld.set_suits", later=True)
    """[meld.set_suits]: ``distinct`` (default), a set's naturals have different suits (at most 4
    cards); ``any``, a set is 3 or more cards of one rank, suits repeating (Contract Rummy)."""
    contract_exact_sizes: bool = _option(False, Codec.BOOL, "contract.laydown")
    laydown_wilds_per_meld: int | None = _option(
        None,
        Codec.OPT_INT,
        "contract.wild_cap",
        what="null or an integer >= 0",
        lo=0,
        later=True,
    )
    """[contract.wild_cap]: ``None`` (default), no limit beyond ``wild_limit``; ``n``, each
    meld of the contract's lay-down holds at most ``n`` wild cards (Contract Rummy: 1)."""
    contract_run_suits: RunSuits = _enum_field(
        RunSuits, RunSuits.ANY, "contract.run_suits", later=True
    )
    """[contract.run_suits]: ``any`` (default), the runs of a lay-down may have any suits;
    ``apart``, two runs of one suit may overlap or leave a gap but not continue each other
    (Parlett); ``distinct``, each run of a lay-down in a suit of its own."""
    layoff_targets: LayoffTargets = _enum_field(LayoffTargets, LayoffTargets.ANY, "layoff.card")
    new_melds_after_contract: bool = _option(True, Codec.BOOL, "meld.new")
    same_turn_after_contract: bool = _option(True, Codec.BOOL, "layoff.when")
    wild_exchange: WildExchange = _enum_field(WildExchange, WildExchange.NONE, "layoff.exchange")
    may_rediscard_taken: bool = _option(False, Codec.BOOL, "discard.taken")
    may_discard_wild: bool = _option(True, Codec.BOOL, "discard.wild")
    must_discard_to_go_out: bool = _option(False, Codec.BOOL, "out.empty")
    max_turns_per_deal: int | None = _option(
        None, Codec.OPT_INT, "game.turn_limit", what="null or an integer >= 1", lo=1
    )

    # -- buying out of turn ([buy.offer]): Contract Rummy's offer of the upcard round the table
    buying: bool = _option(False, Codec.BOOL, "buy.offer", later=True)
    """[buy.offer]: True, a player who does not take the upcard offers it to the others in
    rotation, and one of them may buy it (``draw_style="stock"`` only)."""
    buy_penalty: int = _option(
        1, Codec.INT, "buy.penalty", what="an integer 0..3", lo=0, hi=3, later=True
    )
    """[buy.penalty]: how many stock cards a buyer draws with the upcard (Parlett: 1)."""
    buy_limit: int | None = _option(
        None, Codec.OPT_INT, "buy.limit", what="null or an integer >= 1", lo=1, later=True
    )
    """[buy.limit]: ``None``, no limit; ``n``, a seat buys at most ``n`` times a deal."""
    buy_after_contract: bool = _option(True, Codec.BOOL, "buy.who", later=True)
    """[buy.who]: False, a seat that has laid down this deal's contract may not buy."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise VariantError("a variant needs a non-empty name", field="name")
        self._check_players()
        self._check_jokers()
        self._check_deals()
        for field in BOOL_FIELDS:
            if not isinstance(getattr(self, field), bool):
                raise VariantError(
                    f"must be True or False, not {clip_repr(getattr(self, field))}", field=field
                )
        check_meld_options(self.min_naturals_per_meld, self.max_run_length)
        if len(self.card_values) != 14 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in self.card_values
        ):
            raise VariantError(
                "needs a whole number of points >= 0 for the joker and each of the 13 ranks",
                field="card_values",
            )
        if self.stakes is not None and not isinstance(self.stakes, Stakes):
            raise VariantError(
                f"must be a Stakes or None, not {type(self.stakes).__name__}", field="stakes"
            )
        if self.stakes is not None and self.partnerships:
            # The rules (stakes) settle stakes between individual players only.
            raise VariantError(
                "stakes are for individual play (Cap-It), not partnerships", field="stakes"
            )
        if self.laydown_wilds_per_meld is not None and (
            type(self.laydown_wilds_per_meld) is not int or self.laydown_wilds_per_meld < 0
        ):
            raise VariantError(
                f"must be None or an int >= 0, not {clip_repr(self.laydown_wilds_per_meld)}",
                field="laydown_wilds_per_meld",
            )
        if self.max_turns_per_deal is not None and (
            not isinstance(self.max_turns_per_deal, int)
            or isinstance(self.max_turns_per_deal, bool)
            or self.max_turns_per_deal < 1
        ):
            raise VariantError(
                f"must be None or an int >= 1, not {clip_repr(self.max_turns_per_deal)}",
                field="max_turns_per_deal",
            )
        self._check_buying()
        if self.reshuffle_stock and self.draw_style is not DrawStyle.STOCK:
            raise VariantError(
                "there is no discard pile to reshuffle unless draw_style is 'stock' "
                "[draw.reshuffle]",
                field="reshuffle_stock",
            )
        self._check_contracts()

    def _check_buying(self) -> None:
        """The buying options ([buy.offer], [buy.penalty], [buy.limit])."""
        if type(self.buy_penalty) is not int or not 0 <= self.buy_penalty <= 3:
            raise VariantError(
                f"must be an int 0..3, not {clip_repr(self.buy_penalty)}", field="buy_penalty"
            )
        if self.buy_limit is not None and (type(self.buy_limit) is not int or self.buy_limit < 1):
            raise VariantError(
                f"must be None or an int >= 1, not {clip_repr(self.buy_limit)}", field="buy_limit"
            )
        if self.buying and self.draw_style is not DrawStyle.STOCK:
            raise VariantError(
                "the upcard is offered round the table only instead of a draw from the stock "
                "(draw_style 'stock') [buy.offer]",
                field="buying",
            )

    def _check_players(self) -> None:
        if not self.packs_for_players:
            raise VariantError("at least one player count is needed", field="packs_for_players")
        counts = [players for players, _ in self.packs_for_players]
        if len(set(counts)) != len(counts):
            raise VariantError("a player count is listed twice", field="packs_for_players")
        for players, packs in self.packs_for_players:
            if type(players) is not int or type(packs) is not int:
                raise VariantError(
                    f"({clip_repr(players)}, {clip_repr(packs)}): players and packs must be ints",
                    field="packs_for_players",
                )
            if not 2 <= players <= 8:
                raise VariantError(
                    f"{clip_repr(players)} players: between 2 and 8 players are supported",
                    field="packs_for_players",
                )
            if not 1 <= packs <= MAX_PACKS:
                raise VariantError(
                    f"{clip_repr(packs)} packs: between 1 and {MAX_PACKS} packs are supported",
                    field="packs_for_players",
                )
            if self.partnerships and players != 4:
                raise VariantError(
                    f"partnerships need exactly 4 players (partners opposite), not {players}",
                    field="partnerships",
                )

    def _check_jokers(self) -> None:
        packs = dict(self.packs_for_players)
        seen: set[int] = set()
        for players, jokers in self.jokers_for_players:
            if type(players) is not int or type(jokers) is not int:
                raise VariantError(
                    f"({clip_repr(players)}, {clip_repr(jokers)}): players and jokers must be ints",
                    field="jokers_for_players",
                )
            if players not in packs:
                raise VariantError(
                    f"{players} players: not a player count of packs_for_players",
                    field="jokers_for_players",
                )
            if players in seen:
                raise VariantError(
                    f"{players} players: the player count is listed twice",
                    field="jokers_for_players",
                )
            seen.add(players)
            if not 0 <= jokers <= 2 * packs[players]:
                raise VariantError(
                    f"{players} players: {packs[players]} packs hold 0 to {2 * packs[players]} "
                    f"jokers, not {jokers}",
                    field="jokers_for_players",
                )

    def _check_deals(self) -> None:
        if not self.deals:
            raise VariantError("a game has at least one deal", field="deals")
        for number, deal in enumerate(self.deals, start=1):
            if not isinstance(deal, DealSpec):
                raise VariantError(
                    f"deal {number} must be a DealSpec, not {type(deal).__name__}", field="deals"
                )
            # The most a player can lay down without having received a push is
            # the dealt hand plus the card just drawn.
            if deal.contract.min_cards > deal.hand_size + 1:
                raise VariantError(
                    f"deal {number} deals {deal.hand_size} cards but its contract "
                    f"({deal.contract}) needs {deal.contract.min_cards}",
                    field="deals",
                )
            for players, packs in self.packs_for_players:
                needed = players * deal.hand_size + 2  # hands, the upcard, a stock card
                size = 52 * packs + self.jokers(players)
                if needed > size:
                    raise VariantError(
                        f"deal {number}: {players} players × {deal.hand_size} cards, an upcard "
                        f"and a stock need {needed} cards; the deck has {size}",
                        field="deals",
                    )

    def _check_contracts(self) -> None:
        """Refuse a contract no hand can ever meet (:ref:`rules-presets`): a set of more than 4
        cards under ``set_suits=distinct``, of more than 14 under ``any`` ([meld.set_suits]), or a run longer than ``max_run_length`` ([meld.run]),
        or more than 4 runs under ``contract_run_suits=distinct`` ([contract.run_suits]). (A
        contract needing more cards than a player can hold is refused by
        :meth:`_check_deals`.)"""
        for number, deal in enumerate(self.deals, start=1):
            runs = sum(r.count for r in deal.contract.requirements if r.kind is MeldKind.RUN)
            if runs > 4 and self.contract_run_suits is RunSuits.DISTINCT:
                raise VariantError(
                    f"deal {number}: its contract ({deal.contract}) asks for {runs} runs, but "
                    "contract_run_suits=distinct puts each in a suit of its own (4 at most) "
                    "[contract.run_suits]",
                    field="deals",
                )
            for requirement in deal.contract.requirements:
                size = requirement.size
                if requirement.kind is MeldKind.SET and size > 4:
                    if self.set_suits is SetSuits.DISTINCT:
                        raise VariantError(
                            f"deal {number}: its contract ({deal.contract}) asks for a set of "
                            f"{size}, but set_suits=distinct allows sets of at most 4 cards "
                            "[meld.set_suits]",
                            field="deals",
                        )
                    if size > 14:
                        raise VariantError(
                            f"deal {number}: its contract ({deal.contract}) asks for a set of "
                            f"{size}; a contract's set has at most 14 cards, as its run "
                            "[meld.set_suits]",
                            field="deals",
                        )
                if requirement.kind is MeldKind.RUN and size > self.max_run_length:
                    raise VariantError(
                        f"deal {number}: its contract ({deal.contract}) asks for a run of "
                        f"{size}, but max_run_length={self.max_run_length} allows runs of at "
                        f"most {self.max_run_length} cards [meld.run]",
                        field="deals",
                    )

    # -- derived facts ---------------------------------------------------------

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The allowed numbers of players, ascending."""
        return tuple(sorted(players for players, _ in self.packs_for_players))

    def packs(self, players: int) -> int:
        """How many packs (each with two jokers) a game of ``players`` uses.

        Raises:
            VariantError: the variant is not played by ``players`` players (field
                ``players``), a value that is no player count at all included.

        >>> CAP_IT.packs(4), CAP_IT.packs(6)
        (2, 3)
        """
        for count, packs in self.packs_for_players:
            if count == players:
                return packs
        raise VariantError(
            f"{self.name} is for {_counts(self.player_counts)} players, not {clip_repr(players)}",
            field="players",
        )

    def jokers(self, players: int) -> int:
        """How many jokers the deck of a game of ``players`` holds ([setup.deck]).

        Raises:
            VariantError: the variant is not played by ``players`` players.

        >>> PUSH.jokers(4), CONTRACT_RUMMY.jokers(4), CONTRACT_RUMMY.jokers(5)
        (4, 1, 2)
        """
        packs = self.packs(players)
        for count, jokers in self.jokers_for_players:
            if count == players:
                return jokers
        return 2 * packs

    def deck(self, players: int) -> tuple[Card, ...]:
        """The sorted deck of a game of ``players``: :meth:`packs` packs and :meth:`jokers`
        jokers ([setup.deck]).

        Raises:
            VariantError: the variant is not played by ``players`` players.

        >>> len(PUSH.deck(4)), len(CONTRACT_RUMMY.deck(3)), len(CONTRACT_RUMMY.deck(8))
        (108, 105, 158)
        """
        return make_deck(self.packs(players), self.jokers(players))

    def side_of(self, seat: int) -> int:
        """The side (team) a seat plays for: ``seat % 2`` in partnerships, else the seat.

        Raises:
            TypeError: ``seat`` is not an int.

        >>> PUSH.side_of(2), CAP_IT.side_of(2)
        (0, 2)
        """
        if type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise TypeError(f"seat must be an int, not {type(seat).__name__}")
        return seat % 2 if self.partnerships else seat

    def side_count(self, players: int) -> int:
        """How many sides a game of ``players`` has."""
        return 2 if self.partnerships else players

    def card_value(self, card: Card) -> int:
        """The points ``card`` counts when left in hand ([score.values]).

        Raises:
            TypeError: ``card`` is not a :class:`~pushrummy.cards.Card`.

        >>> from pushrummy.cards import parse_card
        >>> [PUSH.card_value(parse_card(t)) for t in ("7H", "KS", "AD", "2C", "JK")]
        [5, 10, 15, 20, 20]
        """
        if type(card) is not Card and not isinstance(card, Card):
            raise TypeError(f"card_value expects a Card, not {type(card).__name__}")
        return self.card_values[0 if card.rank is None else card.rank]

    @property
    def wild_table(self) -> tuple[bool, ...]:
        """Wildness by card code under this variant's ``wild_twos`` ([setup.wild]): the table
        hot loops index by ``card.code`` (:func:`~pushrummy.cards.wild_table`)."""
        return wild_table(self.wild_twos)

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild in this variant ([setup.wild]): the joker always, a two
        unless ``wild_twos`` is False. Ask this, not ``Card.is_wild`` (the default rule).

        Raises:
            TypeError: ``card`` is not a :class:`~pushrummy.cards.Card`.

        >>> from pushrummy.cards import parse_card
        >>> two = parse_card("2C")
        >>> PUSH.is_wild(two), PUSH.replace(wild_twos=False).is_wild(two)
        (True, False)
        """
        if type(card) is not Card and not isinstance(card, Card):
            raise TypeError(f"is_wild expects a Card, not {type(card).__name__}")
        return wild_table(self.wild_twos)[card.code]

    def replace(self, **changes: Any) -> Variant:
        """A copy with some fields changed, validated like a new variant.

        Raises:
            VariantError: a name is not a variant option, or the changed variant is
                invalid: a value of the wrong type or out of range, or options that do
                not fit together (a contract no hand can meet, stakes with
                partnerships, …); ``field`` names the offending option.
        """
        known = attrs.fields_dict(Variant)
        for name in changes:
            if name not in known:
                raise VariantError(f"no such variant option {clip_repr(name)}", field=name)
        return attrs.evolve(self, **changes)

    def __copy__(self) -> Variant:
        """Frozen: a copy is the value itself."""
        return self

    def __deepcopy__(self, memo: object) -> Variant:
        """Frozen (and holding only frozen values): a deep copy is the value itself."""
        return self


BOOL_FIELDS: tuple[str, ...] = tuple(
    field.name for field in wire_fields(Variant) if field.info.codec is Codec.BOOL
)
"""The variant's yes/no fields (from their :class:`~pushrummy._wire.FieldInfo`)."""

HOUSE_OPTIONS: tuple[str, ...] = tuple(
    field.name for field in wire_fields(Variant) if field.info.house
)
"""The house-rule options, in field order: the rows of the option table of :doc:`/variants`.
The other fields (``name``, ``packs_for_players``, ``partnerships``, ``deals``) describe the
presets."""


def _counts(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return str(counts[0])
    return ", ".join(str(c) for c in counts[:-1]) + f" or {counts[-1]}"


_SETS_3 = Contract.parse("2 sets of 3")
_SET_RUN = Contract.parse("1 set of 3 + 1 run of 4")
_RUNS_4 = Contract.parse("2 runs of 4")
_SETS_3x3 = Contract.parse("3 sets of 3")

PUSH = Variant(
    name="push",
    packs_for_players=((4, 2),),
    partnerships=True,
    deals=(
        DealSpec(6, _SETS_3),
        DealSpec(7, _SET_RUN),
        DealSpec(8, _RUNS_4),
        DealSpec(9, _SETS_3x3),
        DealSpec(10, Contract.parse("2 runs of 5")),
    ),
)
"""Push: 4 players in two partnerships, 108 cards, deals of 6–10 cards (:ref:`rules-presets`)."""

CAP_IT = Variant(
    name="cap-it",
    packs_for_players=((4, 2), (5, 3), (6, 3)),
    partnerships=False,
    deals=(
        DealSpec(10, _SETS_3),
        DealSpec(10, _SET_RUN),
        DealSpec(10, _RUNS_4),
        DealSpec(10, _SETS_3x3),
        DealSpec(10, Contract.parse("1 run of 3 + 1 run of 7")),
    ),
)
"""Cap-It: 4–6 individual players, 10 cards every deal; stakes off until set (:ref:`rules-presets`)."""

CONTRACT_RUMMY_CARD_VALUES: tuple[int, ...] = (15, 15, 15, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""[score.values] of :data:`CONTRACT_RUMMY` (Bicycle's rules): ace, joker and every other wild
card 15, a court card 10, every other card its pip value; indexed as :data:`DEFAULT_CARD_VALUES`."""

_CONTRACT_RUMMY_PLAYERS = (3, 4, 5, 6, 7, 8)

_CONTRACT_RUMMY_TURN_LIMIT = 200
"""[game.turn_limit] of :data:`CONTRACT_RUMMY` (its ``max_turns_per_deal``): with the reshuffle
the stock never runs out, so a deal in which nobody can go out would never end; after 200 turns
it ends and is scored as an exhausted stock. Deals that end by a player going out are far
shorter (GreedyBot tables of 3, 5 and 8 players: at most 170 turns in 525 deals, of which 1
reached the limit)."""

CONTRACT_RUMMY = Variant(
    name="contract-rummy",
    packs_for_players=tuple(
        (players, 2 if players <= 4 else 3) for players in _CONTRACT_RUMMY_PLAYERS
    ),
    jokers_for_players=tuple(
        (players, 1 if players <= 4 else 2) for players in _CONTRACT_RUMMY_PLAYERS
    ),
    partnerships=False,
    deals=(
        DealSpec(10, _SETS_3),
        DealSpec(10, _SET_RUN),
        DealSpec(10, _RUNS_4),
        DealSpec(10, _SETS_3x3),
        DealSpec(12, Contract.parse("2 sets of 3 + 1 run of 4")),
        DealSpec(12, Contract.parse("1 set of 3 + 2 runs of 4")),
        DealSpec(12, Contract.parse("3 runs of 4")),
    ),
    card_values=CONTRACT_RUMMY_CARD_VALUES,
    draw_style=DrawStyle.STOCK,
    reshuffle_stock=True,
    max_turns_per_deal=_CONTRACT_RUMMY_TURN_LIMIT,
    contract_exact_sizes=True,
    laydown_wilds_per_meld=1,
    new_melds_after_contract=False,
    same_turn_after_contract=False,
    wild_exchange=WildExchange.JOKERS_IN_RUNS,
    set_suits=SetSuits.ANY,
    contract_run_suits=RunSuits.APART,
    buying=True,
)
"""Contract Rummy (Parlett): 3–8 individual players, two packs and one joker for 3 or 4 players,
three packs and two jokers for 5–8; seven deals of 10 and then 12 cards; a turn takes the upcard
or offers it round the table, one other player perhaps buying it with a penalty card, and then
draws from the stock; an emptied stock is the discard pile reshuffled, a deal ending after
200 turns if nobody has gone out (``max_turns_per_deal``); sets of any suits, 3 or more cards
(``set_suits="any"``); each lay-down exactly the contract, at most one wild card in each of its
melds, two runs of one suit never one continuing the other (``contract_run_suits="apart"``);
lay-offs only from the next turn on,
no new melds; jokers in runs may be exchanged (:ref:`rules-presets`, :ref:`rules-contract-rummy`)."""

LIVERPOOL_CARD_VALUES: tuple[int, ...] = (15, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""[score.values] of :data:`LIVERPOOL` (the Weekend America family rule sheet): joker and ace 15,
a court card 10, every other card its pip value, a (natural) two 2; indexed as
:data:`DEFAULT_CARD_VALUES`."""

LIVERPOOL = CONTRACT_RUMMY.replace(
    name="liverpool",
    jokers_for_players=(),
    wild_twos=False,
    card_values=LIVERPOOL_CARD_VALUES,
    deals=(
        *CONTRACT_RUMMY.deals[:-1],
        DealSpec(12, Contract.parse("3 runs of 4"), all_out=True),
    ),
    take_after_contract=False,
    buy_after_contract=False,
)
"""Liverpool Rummy: :data:`CONTRACT_RUMMY` with the differences the published Liverpool rules
agree on (:ref:`rules-liverpool`): every pack's two jokers in the deck (``jokers_for_players=()``),
the jokers alone wild, twos natural (``wild_twos=False``) and worth 2; the last deal's three runs
laid down all out, every card held, with no discard (``DealSpec(..., all_out=True)``,
[out.all_out]); once laid down a player neither takes the upcard nor buys
(``take_after_contract=False``, ``buy_after_contract=False``)."""
