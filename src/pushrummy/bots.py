"""Bots that play from a :class:`~pushrummy.views.PlayerView`.

A bot sees only its seat's view — never the privileged
:class:`~pushrummy.state.GameState` — so it cannot cheat: it is a client like
any other. A bot is anything with ``choose(view) -> Move`` (the :class:`Bot`
protocol) that returns one of ``view.legal_moves``.

* :class:`RandomBot` picks uniformly among the legal moves, from its own seeded
  random stream: a baseline, and a fuzzer for the engine.
* :class:`GreedyBot` plays simple sensible rummy: it takes the upcard only when
  it helps, lays down as soon as it can, lays off and melds everything it can,
  and discards its most expensive useless card; in a deal played all out
  ([out.all_out]) it plays for an exact cover of its hand by the deal's runs.

:func:`~pushrummy.playing.play_game` plays a game to the end with one bot per
seat, dealing each next deal itself. Give simulations a variant with ``max_turns_per_deal`` set:
players who keep taking the upcard never shrink the stock ([game.turn_limit]).

>>> import pushrummy as pr
>>> variant = pr.PUSH.replace(max_turns_per_deal=200)
>>> start = pr.new_game(variant, seed=11)
>>> end = pr.play_game(start, [pr.GreedyBot(), pr.RandomBot(1), pr.GreedyBot(), pr.RandomBot(2)])
>>> end.phase, len(end.results)
(<Phase.GAME_OVER: 'game_over'>, 5)
>>> end == pr.play_game(start, [pr.GreedyBot(), pr.RandomBot(1), pr.GreedyBot(), pr.RandomBot(2)])
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .cards import ALL_CARDS, Card
from .contract_spec import Contract, RunSuits, runs_clash
from .contracts import can_meet_contract
from .errors import GameOverError, NotYourTurnError, PushRummyError
from .layoffs import layoff_ends
from .melds import MAX_RUN_POSITION, Meld, MeldKind, SetSuits, set_suits_problem
from .moves import (
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
    PassUpcard,
    Push,
    Take,
)
from .plays.lay_off import may_target
from .state import GameState, Phase
from .views import PlayerView

__all__ = ["Bot", "GreedyBot", "RandomBot", "no_move_error"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move from a seat's view.

    ``choose`` is called only when it is the view's seat's turn, and must
    return one of ``view.legal_moves``.
    """

    def choose(self, view: PlayerView) -> Move:
        """The move to make in the position ``view`` shows."""
        ...


def _check_view(view: object, bot: object) -> None:
    """:class:`TypeError` unless ``view`` is a :class:`~pushrummy.views.PlayerView`."""
    if not isinstance(view, PlayerView):
        hint = " (pass view(state, seat))" if isinstance(view, GameState) else ""
        raise TypeError(
            f"{type(bot).__name__}.choose expects a PlayerView, not {type(view).__name__}{hint}"
        )


def no_move_error(view: PlayerView, bot: object) -> PushRummyError:
    """The error a bot raises when asked to move for a seat that has nothing to do.

    A :class:`~pushrummy.errors.GameOverError` ([game.end]) after the game, otherwise a
    :class:`~pushrummy.errors.NotYourTurnError` ([turn.seat]), both naming the bot's class
    and the seat. For writers of bots, so that every bot refuses in the same words.

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=1)
    >>> idle = (state.current_player + 1) % 4
    >>> error = no_move_error(pr.view(state, idle), pr.RandomBot(0))
    >>> type(error).__name__, error.rule
    ('NotYourTurnError', 'turn.seat')

    Raises:
        TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"no_move_error expects a PlayerView, not {type(view).__name__}")
    name = type(bot).__name__
    if view.phase is Phase.GAME_OVER:
        return GameOverError(
            f"{name} for seat {view.seat} was asked to move after the game ended",
            rule="game.end",
            seat=view.seat,
            phase=view.phase,
        )
    return NotYourTurnError(
        f"{name} for seat {view.seat} was asked to move, but it is not its turn "
        f"(current player: {view.current_player})",
        rule="turn.seat",
        seat=view.seat,
        phase=view.phase,
    )


class RandomBot:
    """Picks uniformly among the legal moves, from its own ``random.Random(seed)``.

    Deterministic: the same seed and the same views give the same moves.

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=1)
    >>> me = pr.view(state, state.current_player)
    >>> pr.RandomBot(5).choose(me) == pr.RandomBot(5).choose(me)
    True
    >>> pr.RandomBot(5).choose(me) in me.legal_moves
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        """A uniformly random legal move.

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
            NotYourTurnError: it is not the view's seat's turn ([turn.seat]).
            GameOverError: the game is over ([game.end]).
        """
        if type(view) is not PlayerView:
            _check_view(view, self)
        moves = view.legal_moves
        if not moves:
            raise no_move_error(view, self)
        return moves[self._rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


# -- hand analysis for the greedy bot (card codes: suit * 13 + rank - 1, joker 52) --

_RANK: tuple[int, ...] = tuple(0 if c.rank is None else int(c.rank) for c in ALL_CARDS)
_SUIT: tuple[int, ...] = tuple(-1 if c.suit is None else int(c.suit) for c in ALL_CARDS)
_POSITIONS: tuple[tuple[int, ...], ...] = tuple((1, 14) if rank == 1 else (rank,) for rank in _RANK)
"""Run positions of a natural's rank: an ace is low (1) or high (14)."""
_RUN_BITS: tuple[int, ...] = tuple(sum(1 << (p + 2) for p in ps) for ps in _POSITIONS)


class _Hand:
    """Which naturals a hand holds, for quick partner counts.

    ``runs[suit]`` has bit ``position + 2`` set for every natural of that suit
    (an ace at positions 1 and 14; the offset keeps ``position - 2`` shifts
    non-negative); ``sets[rank]`` counts the naturals of that rank in each suit
    (four bits a suit, :data:`_SET_COUNT`); ``set_suits`` is the variant's
    [meld.set_suits] option, which says which of them may share a set, and ``memo``
    the option's answers (:data:`_PARTNERS`).
    """

    __slots__ = ("memo", "runs", "set_suits", "sets", "wilds")

    def __init__(self, cards: Sequence[Card], set_suits: SetSuits, wild: tuple[bool, ...]) -> None:
        runs = [0, 0, 0, 0]
        sets = [0] * 14
        wilds = 0
        for card in cards:
            code = card.code
            if wild[code]:
                wilds += 1
                continue
            runs[_SUIT[code]] |= _RUN_BITS[code]
            sets[_RANK[code]] += _SET_COUNT[code]
        self.runs = runs
        self.sets = sets
        self.wilds = wilds
        self.set_suits = set_suits
        self.memo = _PARTNERS[id(set_suits)]

    def set_partners(self, code: int, *, held: bool = False) -> int:
        """How many naturals of the card's rank in the hand one set with it may hold, as
        [meld.set_suits] allows (:func:`_set_partners`): under ``distinct`` one of each
        other suit (at most 3), under ``any`` every other copy of the rank. ``held``: the
        card is one of the hand's own (not its own partner)."""
        rank = _RANK[code]
        suits = self.sets[rank]
        if suits == (_SET_COUNT[code] if held else 0):
            return 0  # the card alone
        key = suits << 7 | code << 1 | held  # as _discard reads it too
        memo = self.memo
        count = memo.get(key)
        if count is None:
            if len(memo) >= _PARTNERS_KEPT:
                memo.clear()
            count = memo[key] = _set_partners(self.set_suits, code, held, suits)
        return count

    def run_partners(self, code: int) -> int:
        """Same-suit naturals one or two ranks away (they could share a run with it)."""
        mask = self.runs[_SUIT[code]]
        count = 0
        for p in _POSITIONS[code]:
            count += ((mask >> p) & 0b11011).bit_count()
        return count

    def completes_set(self, code: int) -> bool:
        """The card (not in the hand) and two naturals of the hand make a natural set."""
        return self.set_partners(code) >= 2

    def completes_run(self, code: int) -> bool:
        """The card and two same-suit naturals of the hand make three in a row."""
        mask = self.runs[_SUIT[code]]
        for p in _POSITIONS[code]:
            window = (mask >> p) & 0b11011  # bits: p-2, p-1, (the card), p+1, p+2
            if window & 0b00011 == 0b00011 or window & 0b01010 == 0b01010:
                return True
            if window & 0b11000 == 0b11000:
                return True
        return False


_SET_COUNT: tuple[int, ...] = tuple(
    0 if c.suit is None else 1 << 4 * int(c.suit) for c in ALL_CARDS
)
"""A natural's count in :attr:`_Hand.sets`: one, in the four bits of its suit (a hand holds
fewer than 16 copies of a card)."""


def _set_partners(set_suits: SetSuits, code: int, held: bool, suits: int) -> int:
    """How many naturals of the card ``code``'s rank, ``suits`` of them in each suit (as
    :attr:`_Hand.sets` counts them), one set with the card may hold, asked of the meld
    rules' own predicate (:func:`~pushrummy.melds.set_suits_problem`): each is added to
    the set in turn when the predicate allows it (``held``: one copy of the card is the
    card itself)."""
    group = [ALL_CARDS[code]]
    first = code - 13 * _SUIT[code]  # the card's rank in the first suit
    skip = held
    for suit in range(4):
        other = ALL_CARDS[first + 13 * suit]
        for _ in range((suits >> 4 * suit) & 15):
            if skip and other.code == code:
                skip = False  # the card itself
            # (a two reaches here only where twos are natural, [setup.wild])
            elif set_suits_problem(set_suits, (*group, other), first != 1) is None:
                group.append(other)
    return len(group) - 1


_PARTNERS: dict[int, dict[int, int]] = {id(option): {} for option in SetSuits}
""":meth:`_Hand.set_partners`' answers, per option (by its ``id``: an Enum's hash is slow),
keyed by the suits of the rank's naturals in the hand, the card and whether it is held (an
int): the predicate is slow next to a discard decision, and a hand's groups of one rank
repeat."""
_PARTNERS_KEPT = 4096
"""At most this many answers are kept per option (then the memo starts again)."""


# -- all-out deals ([out.all_out]): how much of a hand an exact cover by the runs can hold --


@functools.lru_cache(maxsize=64)
def _run_sizes(contract: Contract) -> tuple[int, ...] | None:
    """The sizes of a contract's runs, biggest first; ``None`` if it has a set (the all-out
    measure covers contracts of runs only)."""
    sizes: list[int] = []
    for requirement in contract.requirements:
        if requirement.kind is not MeldKind.RUN:
            return None
        sizes.extend([requirement.size] * requirement.count)
    return tuple(sorted(sizes, reverse=True))


def _all_out_deal(view: PlayerView) -> tuple[int, ...] | None:
    """The run sizes of the deal's contract when the deal is played all out ([out.all_out])
    and its contract is all runs; otherwise ``None`` (the ordinary greedy play)."""
    if not view.variant.deals[view.deal_number - 1].all_out:
        return None
    return _run_sizes(view.contract)


def _all_out_fit(view: PlayerView, cards: Sequence[Card], total: int) -> int:
    """How many of ``cards`` one lay-down of the deal's runs of ``total`` cards in all could
    hold ([out.all_out]): the most cards of the hand that fit in run windows (a suit and a
    span of positions) of at least the contract's sizes and ``total`` places in all, each
    window holding a natural of its suit at each of its places at most and at most the
    variant's ``laydown_wilds_per_meld`` wild cards ([contract.wild_cap]), no two of its
    windows clashing under [contract.run_suits] (:func:`~pushrummy.contract_spec.runs_clash`,
    the rule's own predicate). ``total - fit`` is the number of cards still to draw before
    the hand goes out, ``len(cards) - fit`` the strays to discard meanwhile. A measure of a
    hand, not the rule: whether a lay-down is legal is the engine's (its listing).
    """
    sizes = _run_sizes(view.contract)
    assert sizes is not None
    variant = view.variant
    wild = variant.wild_table
    counts = [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]  # per suit: held once, twice, 3+
    wilds = 0
    for card in cards:
        code = card.code
        if wild[code]:
            wilds += 1
            continue
        held = counts[_SUIT[code]]
        bits = _RUN_BITS[code]
        for copy in range(3):
            if not held[copy] & bits:
                held[copy] |= bits
                break
    key = tuple(mask for held in counts for mask in held)
    cap = variant.laydown_wilds_per_meld
    return _fit(
        key,
        len(cards) - wilds,
        wilds,
        sizes,
        total,
        len(cards) if cap is None else cap,
        variant.max_run_length,
        variant.contract_run_suits,
    )


_Window = tuple[int, int, int, int, int]
"""A run window of :func:`_fit`: ``(naturals held once in it, suit, low, high, mask)``, its
places ``low..high`` of the suit (positions, 1 = ace low .. 14 = ace high) as bits ``low + 2
.. high + 2`` of ``mask`` (as :attr:`_Hand.runs`)."""


@functools.lru_cache(maxsize=4096)
def _fit(
    counts: tuple[int, ...],
    naturals: int,
    wilds: int,
    sizes: tuple[int, ...],
    total: int,
    cap: int,
    longest: int,
    option: RunSuits,
) -> int:
    """:func:`_all_out_fit` of a hand given as its run masks (``counts``: per suit, the
    positions held at least once, twice, three times), its number of naturals and of wild
    cards (``cap`` of them at most in a run): for each choice of the runs' lengths, a
    branch and bound over the windows, those holding the most naturals first."""
    most = min(total, naturals + min(wilds, cap * len(sizes)))
    best = 0
    for lengths in _lengths(sizes, total, min(longest, MAX_RUN_POSITION)):
        by_length = {length: _windows(counts, length) for length in set(lengths)}
        options = [by_length[length] for length in lengths]  # equal lengths: one list
        best = _best_windows(options, counts, wilds, cap, option, best)
        if best >= most:
            break  # nothing does better
    return best


@functools.lru_cache(maxsize=256)
def _lengths(sizes: tuple[int, ...], total: int, longest: int) -> tuple[tuple[int, ...], ...]:
    """The run lengths (biggest first) of a lay-down of ``total`` cards whose runs are at
    least ``sizes`` (biggest first) and at most ``longest``: each multiset once."""
    found: set[tuple[int, ...]] = set()

    def extend(index: int, left: int, chosen: tuple[int, ...]) -> None:
        if index == len(sizes):
            if left == 0:
                found.add(tuple(sorted(chosen, reverse=True)))
            return
        rest = sum(sizes[index + 1 :])
        for length in range(sizes[index], min(longest, left - rest) + 1):
            extend(index + 1, left - length, (*chosen, length))

    extend(0, total, ())
    return tuple(sorted(found))


def _windows(counts: tuple[int, ...], length: int) -> list[_Window]:
    """Every window of ``length`` places, those holding the most naturals first."""
    found = []
    span = (1 << length) - 1
    for suit in range(4):
        once = counts[3 * suit]
        for low in range(1, MAX_RUN_POSITION - length + 2):
            mask = span << (low + 2)
            found.append(((once & mask).bit_count(), suit, low, low + length - 1, mask))
    found.sort(key=lambda window: -window[0])
    return found


def _best_windows(
    options: list[list[_Window]],
    counts: tuple[int, ...],
    wilds: int,
    cap: int,
    option: RunSuits,
    best: int,
) -> int:
    """The most cards a choice of one window from each list of ``options`` holds, if more
    than ``best`` (else ``best``): the naturals in them (a position held twice fills two
    overlapping windows of its suit) and the wild cards in their gaps."""
    total = sum(windows[0][3] - windows[0][2] + 1 for windows in options)
    count = len(options)
    tops = [windows[0][0] for windows in options]
    spare = min(wilds, cap * count)
    chosen: list[_Window] = []

    def value() -> int:
        covered = gaps = 0
        for suit in range(4):
            union = twice = thrice = 0
            for window in chosen:
                if window[1] == suit:
                    mask = window[4]
                    thrice |= twice & mask
                    twice |= union & mask
                    union |= mask
            if union:
                covered += (
                    (counts[3 * suit] & union).bit_count()
                    + (counts[3 * suit + 1] & twice).bit_count()
                    + (counts[3 * suit + 2] & thrice).bit_count()
                )
        for window in chosen:
            gaps += min(cap, window[3] - window[2] + 1 - window[0])
        return min(total, covered + min(wilds, gaps))

    def search(index: int, held: int, first: int) -> None:
        nonlocal best
        if index == count:
            best = max(best, value())
            return
        rest = sum(tops[index + 1 :]) + spare
        windows = options[index]
        same = index > 0 and windows is options[index - 1]
        for position in range(first if same else 0, len(windows)):
            window = windows[position]
            if held + window[0] + rest <= best:
                break  # sorted: no later window does better
            if any(
                other[1] == window[1] and runs_clash(option, window[1:4], other[1:4])
                for other in chosen
            ):
                continue
            chosen.append(window)
            search(index + 1, held + window[0], position)
            chosen.pop()
            if best >= total:
                return

    search(0, 0, 0)
    return best


def _meld_score(meld: Meld, values: tuple[int, ...], wild: tuple[bool, ...]) -> tuple[int, int]:
    """A meld's points (as cards left in hand) and its number of wilds (by ``wild``, the
    variant's wild cards, [setup.wild])."""
    points = wilds = 0
    for card in meld.cards:
        code = card.code
        points += values[_RANK[code]]
        wilds += wild[code]
    return points, wilds


def _contract_kinds(view: PlayerView) -> tuple[bool, bool]:
    """Which meld kinds help now: (sets, runs). Before the contract only its kinds count."""
    if view.laid_down[view.seat]:
        return True, True
    return _kinds(view.contract)


@functools.lru_cache(maxsize=64)
def _kinds(contract: Contract) -> tuple[bool, bool]:
    kinds = {requirement.kind for requirement in contract.requirements}
    return MeldKind.SET in kinds, MeldKind.RUN in kinds


def _can_lay_off(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` fits some table meld the seat may lay off on."""
    code = card.code
    wilds = view.variant.wild_table
    wild = wilds[code]
    for target in view.table:
        meld = target.meld
        if not wild:
            # A cheap look first; the exact check (the variant's options) only if it may fit.
            if meld.kind is MeldKind.SET:
                if meld.rank is None or meld.rank != _RANK[code]:
                    continue  # which suits and how many: layoff_ends asks [meld.set_suits]
            else:
                if meld.suit is None or meld.suit != _SUIT[code] or meld.start is None:
                    continue
                positions = _POSITIONS[code]
                if (
                    meld.start - 1 not in positions
                    and meld.start + len(meld.cards) not in positions
                ):
                    continue
        if may_target(view.variant, view.seat, target.owner) and layoff_ends(
            meld, card, view.variant
        ):
            return True
    return False


class GreedyBot:
    """A simple, deterministic, sensible player that looks only at its view.

    * **Draw**: takes a wild upcard, or one that makes the contract possible
      (:func:`~pushrummy.contracts.can_meet_contract` with and without it) or
      completes three natural cards of a kind the contract needs; after the
      contract, one it can lay off or meld. Otherwise it pushes. Which naturals
      of a rank may share a set is the variant's [meld.set_suits], asked of the
      meld rules (:func:`~pushrummy.melds.set_suits_problem`): with ``any``, copies
      of one suit count too.
    * **Play**: lays down as soon as it can, choosing the lay-down that leaves
      the cheapest hand (:func:`~pushrummy.scoring.hand_value`); lays off
      every card it can (naturals first, then the most expensive), melds new
      melds (the most points first), exchanges a wild from a run only when the
      wild can then be laid off, and finally discards its most expensive
      useless card: a natural belonging to no partial meld, never a wild
      unless forced, and not an upcard it was pushed or took while another
      card is as useless (so that the same unwanted card does not go round the
      table).
    * **All out** ([out.all_out], Liverpool's last deal; a contract of runs): every
      card must go down at once, so it plays for an exact cover. Its measure of a
      hand is how many of its cards one lay-down of the deal's runs could hold, the
      lay-down as big as the hand will be after the next draw (run windows of one
      suit, wild cards in their gaps up to ``laydown_wilds_per_meld`` a run, a place
      holding one card, no two windows clashing under [contract.run_suits]). It
      takes the upcard only when the upcard raises that measure (not a duplicate, not
      a wild card past the runs' share), never buys (the penalty card and the longer
      lay-down cost more than the upcard brings), discards the first card in the
      ordinary order whose loss keeps the measure (a stray of a best cover, never a
      card of every best cover while a stray is left), and lays down as soon as the
      engine lists the lay-down, which it does only for a lay-down of every card. In
      200 seeded Liverpool last deals of four GreedyBots a player went out of every
      one (before: 22%, the others running to the 200-turn limit).

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=1)
    >>> me = pr.view(state, state.current_player)
    >>> pr.GreedyBot().choose(me) in me.legal_moves
    True
    """

    __slots__ = ()

    def choose(self, view: PlayerView) -> Move:
        """The greedy move for the position ``view`` shows.

        Raises:
            TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.
            NotYourTurnError: it is not the view's seat's turn ([turn.seat]).
            GameOverError: the game is over ([game.end]).
        """
        if type(view) is not PlayerView:
            _check_view(view, self)
        moves = view.legal_moves
        if not moves:
            raise no_move_error(view, self)
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.DRAW:
            return self._draw(view, moves)
        if view.phase is Phase.BUYING:
            return self._buy(view, moves)
        return self._play(view, moves)

    def __repr__(self) -> str:
        return "GreedyBot()"

    # -- draw ----------------------------------------------------------------

    def _draw(self, view: PlayerView, moves: tuple[Move, ...]) -> Move:
        take = next((m for m in moves if isinstance(m, Take)), None)
        # the other draw: the push, or the draw from the stock ([draw.stock])
        push = next((m for m in moves if isinstance(m, (Push, DrawStock))), None)
        if take is None or push is None:  # pragma: no cover - one draw move only
            return moves[0]
        up = view.upcard
        if up is None:  # pragma: no cover - the engine always has an upcard in DRAW
            return push
        return take if self._wants(view, up) else push

    def _buy(self, view: PlayerView, moves: tuple[Move, ...]) -> Move:
        """Buy the offered upcard ([buy.offer]) when the engine lists the buy (the rules'
        own :func:`~pushrummy.plays.buy.may_buy`) and the card helps a part of the contract
        still to lay down: a wild card, or a natural that completes one of its sets or runs
        (the penalty card makes anything less a poor bargain)."""
        buy = next((m for m in moves if isinstance(m, BuyUpcard)), None)
        passing = next((m for m in moves if isinstance(m, PassUpcard)), moves[0])
        up = view.upcard
        if buy is None or up is None or view.laid_down[view.seat]:
            return passing
        if _all_out_deal(view) is not None:
            # A bought upcard brings a penalty card, and the lay-down of every card grows by
            # both: in 40 seeded Liverpool last deals, buying when the upcard and the two more
            # places fit two more cards of the cover went out as often as never buying, but
            # later (90th percentile: 116 turns against 75) and with hands of 20 cards.
            return passing
        code = up.code
        wild = view.variant.wild_table
        if wild[code]:
            return buy
        hand = _Hand(view.hand, view.variant.set_suits, wild)
        sets, runs = _contract_kinds(view)
        if (sets and hand.completes_set(code)) or (runs and hand.completes_run(code)):
            return buy
        return passing

    def _wants(self, view: PlayerView, up: Card) -> bool:
        if _all_out_deal(view) is not None:
            # In an all-out deal: whether the upcard fits the best cover of the hand.
            size = len(view.hand) + 1
            return _all_out_fit(view, (*view.hand, up), size) > _all_out_fit(view, view.hand, size)
        code = up.code
        wild = view.variant.wild_table
        if wild[code]:
            return True
        hand = _Hand(view.hand, view.variant.set_suits, wild)
        sets, runs = _contract_kinds(view)
        if view.laid_down[view.seat]:
            if _can_lay_off(view, up):
                return True
            return view.variant.new_melds_after_contract and (
                hand.completes_set(code) or hand.completes_run(code)
            )
        if (sets and hand.completes_set(code)) or (runs and hand.completes_run(code)):
            return True
        connected = (sets and hand.set_partners(code) > 0) or (runs and hand.run_partners(code) > 0)
        if not connected and hand.wilds < 2:
            return False  # a lone natural needs two wilds to make a meld
        contract, variant = view.contract, view.variant
        return can_meet_contract((*view.hand, up), contract, variant) and not can_meet_contract(
            view.hand, contract, variant
        )

    # -- play ----------------------------------------------------------------

    def _play(self, view: PlayerView, moves: tuple[Move, ...]) -> Move:
        values = view.variant.card_values
        wild = view.variant.wild_table
        by_kind: dict[type, list[Any]] = {}
        last_kind: type | None = None
        group: list[Any] = []
        for move in moves:
            kind = type(move)
            if kind is not last_kind:  # the engine lists each kind in one run
                last_kind = kind
                group = by_kind.setdefault(kind, [])
            group.append(move)
        fills: list[FillWilds] | None = by_kind.get(FillWilds)
        if fills:  # the most points laid down
            return max(fills, key=lambda m: sum(values[_RANK[card.code]] for card in m.wilds))
        shapes: list[LayDownShape] | None = by_kind.get(LayDownShape)
        lay_downs: list[LayDown] | None = by_kind.get(LayDown)
        if shapes:
            # Points as the best filling lays them down; a step without wilds on a tie.
            wild_points = max(
                (values[_RANK[card.code]] for card in view.hand if wild[card.code]), default=0
            )
            best_shape = max(
                shapes,
                key=lambda m: (
                    sum(values[_RANK[card.code]] for card in m.shape.naturals)
                    + wild_points * m.shape.wild_places,
                    -m.shape.wild_places,
                ),
            )
            if not lay_downs:
                return best_shape
            shape = best_shape.shape
            points = sum(values[_RANK[card.code]] for card in shape.naturals)
            best_down = self._best_lay_down(lay_downs, values, wild)
            down_points, _ = _meld_score(best_down.melds[0], values, wild)
            if points + wild_points * shape.wild_places > down_points:
                return best_shape
            return best_down
        if lay_downs:
            return self._best_lay_down(lay_downs, values, wild)
        return self._after_lay_down(view, moves, by_kind, values)

    @staticmethod
    def _best_lay_down(
        lay_downs: list[LayDown], values: tuple[int, ...], wild: tuple[bool, ...]
    ) -> LayDown:
        """The most points laid down (the cheapest hand left); ties: fewer wilds used."""
        # The cheapest hand left is the most points laid down; ties: fewer wilds used.
        # Lay-downs share their Meld objects, so scores are memoised by identity (a
        # meld's hash is a Python call), all of them alive in the moves meanwhile.
        scores: dict[int, tuple[int, int]] = {}
        best_down, best_points, best_wilds = lay_downs[0], -1, 0
        for move in lay_downs:
            points = wilds = 0
            for meld in move.melds:
                score = scores.get(id(meld))
                if score is None:
                    score = scores[id(meld)] = _meld_score(meld, values, wild)
                points += score[0]
                wilds += score[1]
            if points > best_points or (points == best_points and wilds < best_wilds):
                best_down, best_points, best_wilds = move, points, wilds
        return best_down

    def _after_lay_down(
        self,
        view: PlayerView,
        moves: tuple[Move, ...],
        by_kind: dict[type, list[Any]],
        values: tuple[int, ...],
    ) -> Move:
        wild = view.variant.wild_table
        lay_offs: list[LayOff] | None = by_kind.get(LayOff)
        if lay_offs:
            # Naturals first (a wild still fits after them), then the most expensive.
            best_off, best_key = lay_offs[0], (False, -1)
            for lay_off in lay_offs:
                code = lay_off.card.code
                key = (not wild[code], values[_RANK[code]])
                if key > best_key:
                    best_off, best_key = lay_off, key
            return best_off
        new_melds: list[NewMeld] | None = by_kind.get(NewMeld)
        if new_melds:
            # The most points out of hand; ties: the longer meld.
            return max(
                new_melds, key=lambda m: (_meld_score(m.meld, values, wild)[0], len(m.meld.cards))
            )
        exchanges: list[ExchangeWild] | None = by_kind.get(ExchangeWild)
        if exchanges:
            for exchange in exchanges:
                meld = view.table[exchange.meld_id].meld
                assert meld.start is not None
                if _can_lay_off(view, meld.cards[exchange.position - meld.start]):
                    return exchange
        discards: list[Discard] | None = by_kind.get(Discard)
        if not discards:  # pragma: no cover - a turn can always end with a discard
            return moves[0]
        return self._discard(view, discards)

    def _discard(self, view: PlayerView, discards: list[Discard]) -> Discard:
        if _all_out_deal(view) is not None:
            return self._all_out_discard(view, discards)
        return self._useless_discard(view, discards)

    @staticmethod
    def _useless_discard(view: PlayerView, discards: list[Discard]) -> Discard:
        """The most expensive useless card (the class docstring's discard)."""
        values = view.variant.card_values
        wild = view.variant.wild_table
        hand = _Hand(view.hand, view.variant.set_suits, wild)
        sets, runs = _contract_kinds(view)
        best = discards[0]
        best_key: tuple[bool, int, bool, int] | None = None
        # Among equally useless cards, keep the ones everyone knows this seat holds (an
        # upcard it was pushed or took): discarding such a card puts the card nobody wanted
        # back on the table, to be pushed on (with a stock card) and discarded again, round
        # after round, while the stock runs out.
        shown = view.known[view.seat]
        # _Hand.run_partners, inlined (and set_partners asked only of a rank the hand holds
        # more than one of): this loop runs for every card at every discard.
        by_rank, by_suit = hand.sets, hand.runs
        memo = hand.memo
        for move in discards:
            code = move.card.code
            if wild[code]:
                key = (True, 0, False, -values[_RANK[code]])
            else:
                partners = 0
                suits = by_rank[_RANK[code]]
                if sets and suits != _SET_COUNT[code]:  # set_partners' memo, read here first
                    known = memo.get(suits << 7 | code << 1 | 1)
                    partners += hand.set_partners(code, held=True) if known is None else known
                if runs:
                    mask = by_suit[_SUIT[code]]
                    for p in _POSITIONS[code]:
                        partners += ((mask >> p) & 0b11011).bit_count()
                key = (False, min(partners, 2), move.card in shown, -values[_RANK[code]])
            if best_key is None or key < best_key:
                best, best_key = move, key
        return best

    def _all_out_discard(self, view: PlayerView, discards: list[Discard]) -> Discard:
        """In an all-out deal ([out.all_out]): the first card in the ordinary order
        (:meth:`_useless_discard`'s: a natural before a wild, fewest partners, ...) whose
        loss leaves the hand fitting the deal's runs as well as it does now
        (:func:`_all_out_fit`, the lay-down as big as the hand now, the next draw taking the
        discard's place): a stray of a best cover. If every card belongs to every best
        cover, the ordinary choice."""
        hand = view.hand
        size = len(hand)
        whole = _all_out_fit(view, hand, size)
        left = discards
        while left:
            move = self._useless_discard(view, left)
            rest = list(hand)
            rest.remove(move.card)
            if _all_out_fit(view, rest, size) >= whole:
                return move
            left = [other for other in left if other.card != move.card]
        return self._useless_discard(view, discards)
