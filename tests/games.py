"""The games the tests play: presets, house-rule sets, meld-option settings and one playout loop.

Every test that plays whole games or varies the options takes them from here, so there is one
list of house rules to keep complete and one loop to keep correct:

* :data:`PRESETS` — ``PUSH`` (4 players), ``CAP_IT`` with 4, 5 and 6 players and
  ``CONTRACT_RUMMY`` with 3 and 8;
* :data:`HOUSE_RULES` — named house-rule sets (option changes for ``Variant.replace``) that
  together give every option a non-default value; :func:`combinations` pairs them with the
  presets (a set with ``stakes`` only with Cap-It: stakes are for individual play);
* :data:`MELD_RULES` — named meld-option settings for the contract-search and meld tests;
* :func:`playout` — one seeded game under a :data:`Policy` (uniform random moves, random moves
  that prefer melding, GreedyBot with some random moves, or a RandomBot/GreedyBot per seat);
* :func:`recorded_game` — the (record, state) points of a few named games, computed once.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

import pushrummy as pr
from pushrummy import CAP_IT, CONTRACT_RUMMY, PUSH, Phase, Rank, RunSuits
from pushrummy.cards import Card
from pushrummy.melds import MeldOptions
from pushrummy.moves import ExchangeWild, LayDown, LayOff, NewMeld, Push, Take
from pushrummy.records import GameRecord
from pushrummy.state import GameState
from pushrummy.variants import (
    BuryPosition,
    DrawStyle,
    LayoffTargets,
    PushTo,
    SetSuits,
    ShortStockPush,
    Stakes,
    WildExchange,
    WildLimit,
)

__all__ = [
    "HOUSE_RULES",
    "MELD_RULES",
    "PRESETS",
    "RECORDED_GAMES",
    "Game",
    "Policy",
    "bots",
    "combinations",
    "greedy",
    "meld_options",
    "meld_variant",
    "melding",
    "playout",
    "recorded_game",
    "uniform",
    "variant_for",
]

# -- presets and house rules -------------------------------------------------------------------

PRESETS: dict[str, tuple[pr.Variant, int, int]] = {
    # name: (preset, players, max_turns_per_deal for playouts)
    "push": (PUSH, 4, 60),
    "cap_it_4": (CAP_IT, 4, 60),
    "cap_it_5": (CAP_IT, 5, 70),
    "cap_it_6": (CAP_IT, 6, 80),
    "contract_rummy_3": (CONTRACT_RUMMY, 3, 60),
    "contract_rummy_8": (CONTRACT_RUMMY, 8, 40),
}
"""The presets at every player count they allow, with a turn limit that keeps playouts short."""

HOUSE_RULES: dict[str, dict[str, Any]] = {
    "default": {},
    "previous_forbidden_keep_wilds": {
        "push_to": PushTo.PREVIOUS,
        "short_stock_push": ShortStockPush.FORBIDDEN,
        "may_discard_wild": False,
        "must_discard_to_go_out": True,
        "bury_position": BuryPosition.BOTTOM,
    },
    "exchange_team_next_turn": {
        "wild_exchange": WildExchange.ANY_IN_RUNS,
        "layoff_targets": LayoffTargets.TEAM,
        "same_turn_after_contract": False,
        "may_rediscard_taken": True,
        "contract_exact_sizes": True,
        "laydown_wilds_per_meld": 2,
        "contract_run_suits": RunSuits.APART,
    },
    "strict_wilds_stakes": {
        "wild_limit": WildLimit.AT_MOST_NATURALS,
        "min_naturals_per_meld": 1,
        "max_run_length": 13,
        "contract_run_suits": RunSuits.DISTINCT,
        "stakes": Stakes(ante=10, round_prize=3),
    },
    "own_no_new_melds_values": {
        "new_melds_after_contract": False,
        "take_after_contract": False,
        "layoff_targets": LayoffTargets.OWN,
        "short_stock_push": ShortStockPush.END_WITHOUT_TRANSFER,
        "card_values": {Rank.ACE: 1, "JK": 50, Rank.KING: 25},
    },
    "plain_rummy_draw": {
        # the house rule "plain rummy draw": take the upcard or draw from the stock, the
        # discard pile reshuffled when the stock runs out ([draw.stock], [draw.reshuffle])
        "draw_style": DrawStyle.STOCK,
        "reshuffle_stock": True,
        # and sets of any suits, as in Contract Rummy ([meld.set_suits])
        "set_suits": SetSuits.ANY,
    },
    "buying_limited": {
        # buying out of turn ([buy.offer]) with every buying option off its default: two
        # penalty cards, two buys a deal, none once down ([buy.penalty], [buy.limit], [buy.who])
        "draw_style": DrawStyle.STOCK,
        "reshuffle_stock": True,
        "buying": True,
        "buy_penalty": 2,
        "buy_limit": 2,
        "buy_after_contract": False,
    },
    "natural_twos": {
        # only the jokers wild, twos natural ([setup.wild]; Liverpool Rummy): sets of twos,
        # runs A-2-3, a joker in a two's place exchanged for the natural two, and the
        # discard of wild cards forbidden (a two is no wild card to keep)
        "wild_twos": False,
        "wild_exchange": WildExchange.JOKERS_IN_RUNS,
        "may_discard_wild": False,
    },
    "jokers_fewer_previous_stakes": {
        "wild_exchange": WildExchange.JOKERS_IN_RUNS,
        "wild_limit": WildLimit.FEWER_THAN_NATURALS,
        "push_to": PushTo.PREVIOUS,
        "stakes": Stakes(ante=7, round_prize=5),
    },
}
"""Named house-rule sets. Together they give every option of :class:`pushrummy.Variant` (but
the deals and the packs) a value other than its default; ``default`` changes nothing."""


def variant_for(preset: str, house: str = "default", *, max_turns: int | None = None) -> pr.Variant:
    """The preset with the house rules applied and the turn limit (default: the preset's)."""
    base, _, limit = PRESETS[preset]
    return base.replace(**HOUSE_RULES[house], max_turns_per_deal=max_turns or limit)


def _valid(preset: str, house: str) -> bool:
    return "stakes" not in HOUSE_RULES[house] or not PRESETS[preset][0].partnerships


def combinations() -> list[tuple[str, str]]:
    """Every (preset, house rules) pair that makes a valid variant, in a fixed order."""
    pairs = [(p, h) for p in PRESETS for h in HOUSE_RULES if _valid(p, h)]
    for preset, house in pairs:
        variant_for(preset, house)  # raises VariantError if the table above is wrong
    return pairs


# -- meld options ------------------------------------------------------------------------------

MELD_RULES: dict[str, dict[str, Any]] = {
    # one option each
    "default": {},
    "min_naturals_1": {"min_naturals_per_meld": 1},
    "at_most_naturals": {"wild_limit": WildLimit.AT_MOST_NATURALS},
    "fewer_than_naturals": {"wild_limit": WildLimit.FEWER_THAN_NATURALS},
    "max_run_13": {"max_run_length": 13},
    "exact_sizes": {"contract_exact_sizes": True},
    "any_in_runs": {"wild_exchange": WildExchange.ANY_IN_RUNS},
    "any_suits": {"set_suits": SetSuits.ANY},
    "natural_twos": {"wild_twos": False},
    # combinations
    "fewer_min_naturals_1": {
        "wild_limit": WildLimit.FEWER_THAN_NATURALS,
        "min_naturals_per_meld": 1,
    },
    "min_naturals_1_max_run_13": {"min_naturals_per_meld": 1, "max_run_length": 13},
    "fewer_max_run_13": {"wild_limit": WildLimit.FEWER_THAN_NATURALS, "max_run_length": 13},
    "min_naturals_1_jokers_in_runs": {
        "min_naturals_per_meld": 1,
        "wild_exchange": WildExchange.JOKERS_IN_RUNS,
    },
    "natural_twos_any_suits_min_naturals_1": {
        "wild_twos": False,
        "set_suits": SetSuits.ANY,
        "min_naturals_per_meld": 1,
    },
    "any_suits_fewer_exact": {
        "set_suits": SetSuits.ANY,
        "wild_limit": WildLimit.FEWER_THAN_NATURALS,
        "contract_exact_sizes": True,
    },
}
"""Named settings of the options that decide which melds and lay-downs are valid or listed."""

_MELD_OPTION_FIELDS = {field.name for field in attrs.fields(MeldOptions)}


def meld_variant(name: str) -> pr.Variant:
    """``PUSH`` with the meld-option setting ``name``."""
    return PUSH.replace(**MELD_RULES[name])


def meld_options(name: str) -> MeldOptions:
    """The setting ``name`` as a stand-alone :class:`~pushrummy.MeldOptions` (which holds only
    the meld options proper: the setting must not change anything else)."""
    changes = MELD_RULES[name]
    assert set(changes) <= _MELD_OPTION_FIELDS, f"{name}: not meld options only"
    return MeldOptions(**changes)


# -- policies ------------------------------------------------------------------------------------

Choose = Callable[[GameState], pr.Move]
Policy = Callable[[random.Random, int], Choose]
"""Builds a chooser for one game from the game's random stream and its seed."""

MELD_MOVES = (LayDown, LayOff, NewMeld, ExchangeWild)


def uniform(rng: random.Random, seed: int = 0) -> Choose:
    """Uniformly random legal moves."""
    return lambda state: rng.choice(pr.legal_moves(state))


def melding(prefer: float = 0.85, max_receiver_hand: int | None = 14) -> Policy:
    """Random legal moves, but a meld move (lay-down step, lay-off, new meld, exchange) with
    probability ``prefer`` when there is one, so that the table fills up. With
    ``max_receiver_hand``, a seat pushes (half the time) only while the receiving hand is
    smaller than that: the contract search is slow on very large hands with many wilds."""

    def policy(rng: random.Random, seed: int = 0) -> Choose:
        def choose(state: GameState) -> pr.Move:
            moves = pr.legal_moves(state)
            if state.phase is Phase.DRAW and state.variant.draw_style is DrawStyle.STOCK:
                seat = state.current_player  # [draw.stock]: take or draw, half the time each
                assert seat is not None
                return rng.choice(moves) if rng.random() < 0.5 else moves[0]
            if max_receiver_hand is not None and state.phase is Phase.DRAW:
                seat = state.current_player
                assert seat is not None
                step = 1 if state.variant.push_to is PushTo.NEXT else -1
                receiver = (seat + step) % state.players
                small = len(state.hands[receiver]) < max_receiver_hand - 1
                if Push(seat) in moves and small and rng.random() < 0.5:
                    return Push(seat)
                return Take(seat) if Take(seat) in moves else moves[0]  # [draw.take] options
            melds = [m for m in moves if isinstance(m, MELD_MOVES)]
            if melds and rng.random() < prefer:
                return rng.choice(melds)
            return rng.choice(moves)

        return choose

    return policy


def greedy(random_share: float = 0.1) -> Policy:
    """GreedyBot for every seat, but a random legal move with probability ``random_share``."""

    def policy(rng: random.Random, seed: int = 0) -> Choose:
        bot = pr.GreedyBot()

        def choose(state: GameState) -> pr.Move:
            moves = pr.legal_moves(state)
            seat = state.current_player
            if seat is None or rng.random() < random_share:
                return rng.choice(moves)
            move = bot.choose(pr.view(state, seat))
            assert move in moves
            return move

        return choose

    return policy


def bots(kinds: str) -> Policy:
    """One bot per seat, as the game loop of :func:`pushrummy.play_game` runs them: ``kinds``
    has one letter a seat, ``r`` a RandomBot (seeded from the game's seed and the seat) and
    ``g`` a GreedyBot; between deals the next deal is dealt."""

    def policy(rng: random.Random, seed: int = 0) -> Choose:
        players: list[pr.Bot] = [
            pr.RandomBot(seed * 100 + seat) if kind == "r" else pr.GreedyBot()
            for seat, kind in enumerate(kinds)
        ]

        def choose(state: GameState) -> pr.Move:
            seat = state.current_player
            if seat is None:
                return pr.NextDeal()
            return players[seat].choose(pr.view(state, seat))

        return choose

    return policy


# -- the playout loop ------------------------------------------------------------------------------


@attrs.frozen
class Game:
    """A played game: every state on the way and the move made at each."""

    variant: pr.Variant
    players: int
    seed: int
    deals: tuple[tuple[Card, ...] | None, ...] | None
    states: tuple[GameState, ...]
    moves: tuple[pr.Move, ...]

    @property
    def final(self) -> GameState:
        return self.states[-1]

    def positions(self) -> Iterator[tuple[GameState, pr.Move | None]]:
        """Every state with the move made there (``None`` at the last state)."""
        yield from zip(self.states, (*self.moves, None))

    def record(self) -> GameRecord:
        """The whole game as a :class:`~pushrummy.GameRecord`."""
        start = GameRecord.start(
            self.variant, seed=self.seed, players=self.players, deals=self.deals
        )
        return attrs.evolve(start, moves=self.moves)

    def points(self) -> Iterator[tuple[GameRecord, GameState]]:
        """Every (record so far, state) pair, from the start to the last state."""
        record = GameRecord.start(
            self.variant, seed=self.seed, players=self.players, deals=self.deals
        )
        yield record, self.states[0]
        for move, state in zip(self.moves, self.states[1:]):
            record = record.with_move(move)
            yield record, state


def playout(
    variant: pr.Variant,
    players: int,
    seed: int,
    policy: Policy = uniform,
    *,
    rng: random.Random | None = None,
    deals: Sequence[Sequence[Card] | None] | None = None,
    stop: Callable[[GameState], bool] | None = None,
    max_moves: int | None = None,
) -> Game:
    """Play a seeded game to its end (or until ``stop(state)`` holds, or after ``max_moves``
    moves): ``new_game(variant, seed=seed, players=players, deals=deals)``, then the policy's
    choices, drawn from ``rng`` (default ``random.Random(seed)``)."""
    state = pr.new_game(variant, seed=seed, players=players, deals=deals)
    choose = policy(random.Random(seed) if rng is None else rng, seed)
    states, moves = [state], []
    while state.phase is not Phase.GAME_OVER:
        if (stop is not None and stop(state)) or (
            max_moves is not None and len(moves) >= max_moves
        ):
            break
        move = choose(state)
        state = pr.apply_move(state, move)
        states.append(state)
        moves.append(move)
        assert len(moves) < 20_000, "a playout that does not end"
    frozen = None if deals is None else tuple(None if d is None else tuple(d) for d in deals)
    return Game(variant, players, seed, frozen, tuple(states), tuple(moves))


# -- recorded games ------------------------------------------------------------------------------

RECORDED_GAMES: dict[str, tuple[str, str, int]] = {
    # name: (preset, house rules, max_turns_per_deal); uniformly random moves
    "push": ("push", "default", 14),
    "cap_it_6": ("cap_it_6", "default", 12),
    "cap_it_5_stakes": ("cap_it_5", "jokers_fewer_previous_stakes", 16),
    "push_house": ("push", "previous_forbidden_keep_wilds", 10),
    "cap_it_4_buying": ("cap_it_4", "buying_limited", 12),
}
"""Short uniformly random games whose every point the JSON tests round-trip and mutate."""


@functools.cache
def recorded_game(name: str, seed: int) -> tuple[tuple[GameRecord, GameState], ...]:
    """Every (record, state) point of the recorded game ``name`` played with ``seed``; an odd
    seed injects the deck order of deal 2 (drawn from the game's random stream)."""
    preset, house, limit = RECORDED_GAMES[name]
    variant = variant_for(preset, house, max_turns=limit)
    players = PRESETS[preset][1]
    rng = random.Random(seed)
    deals = None
    if seed % 2 == 1:
        order = list(variant.deck(players))
        rng.shuffle(order)
        deals = [None, order]
    return tuple(playout(variant, players, seed, uniform, rng=rng, deals=deals).points())


# name: (preset, house rules, seed, bots per seat: "r" random, "g" greedy, max_turns_per_deal)
BOT_GAMES: dict[str, tuple[str, str, int, str, int]] = {
    "push-random": ("push", "default", 1, "rrrr", 16),
    "push-mixed": ("push", "default", 2, "grgr", 60),
    "cap-it-4-random": ("cap_it_4", "default", 3, "rrrr", 12),
    "cap-it-5-mixed": ("cap_it_5", "default", 5, "rgrgg", 40),
    "cap-it-6-mixed": ("cap_it_6", "default", 5, "gggrgr", 40),
    "push-house": ("push", "previous_forbidden_keep_wilds", 6, "rggr", 60),
    "cap-it-house": ("cap_it_5", "own_no_new_melds_values", 7, "gggrr", 40),
    "push-exchange": ("push", "exchange_team_next_turn", 8, "grrg", 60),
    "cap-it-4-strict": ("cap_it_4", "strict_wilds_stakes", 9, "rgrg", 40),
    "cap-it-6-jokers": ("cap_it_6", "jokers_fewer_previous_stakes", 10, "grgrgr", 40),
    # long enough for the stock to run out once and the discard pile to be reshuffled
    "cap-it-4-plain-draw": ("cap_it_4", "plain_rummy_draw", 2, "rrrr", 120),
    # buying out of turn, random and greedy bots ([buy.offer])
    "cap-it-5-buying": ("cap_it_5", "buying_limited", 4, "grgrg", 60),
    # twos natural, only the jokers wild ([setup.wild])
    "push-natural-twos": ("push", "natural_twos", 11, "grgr", 40),
}
"""Seeded games between random and greedy bots, one per house rule set (the views' and the
events' tests play them to the end)."""
