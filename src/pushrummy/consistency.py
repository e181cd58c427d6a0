"""Every consistency invariant of a game state and of a player's view, written once.

:func:`state_problems` and :func:`view_problems` say what is wrong with a
:class:`~pushrummy.state.GameState` or a :class:`~pushrummy.views.PlayerView`
built from untrusted data — a decoded JSON document, a hand-built test position, a
state restored from a database — as a tuple of :class:`Problem` values, each naming
the field it is about. An empty tuple means the value is one the engine could have
produced: the JSON decoder refuses any document with a problem (naming its path),
and the tests assert that every state and view of every game they play has none.

What is checked (each a rule of :doc:`/rules` or a fact of the engine's bookkeeping):

* **shape**: the player count suits the variant; every per-seat and per-side tuple
  has one entry per seat or side; seats, deal numbers, meld ids are in range;
* **phase**: a current player exactly during a deal; an upcard in the draw phase and
  none in play unless a draw from the stock left it (and a discard pile only then,
  [draw.stock]); ``taken`` only in play and only if that card is in the current
  player's hand or on the table; ``laid_down_this_turn`` only after laying down;
  the turn count and the seat to move agree ([deal.first]); the game is over only
  after the last deal;
* **table**: ids count from 0; every meld obeys the variant's meld rules; only seats
  that laid down (or are laying down) own melds, and a seat that laid down owns at
  least its contract's melds; in ``Phase.LAYING_DOWN`` the current player's melds are
  a strict part of the contract that the hand can still complete ([contract.steps]);
* **cards**: hands sorted; during a deal every seat holds a card (a seat that runs out
  goes out and the deal ends); cards known to be in a hand are in it; hands, stock,
  upcard, pile and table hold exactly the deck ([setup.deck]); injected deck orders are
  whole decks; between deals the hands are the ones the last result shows;
* **scores**: one result per finished deal, dealt by the right seat, scored by the
  rules ([score.out], [score.exhausted]) from hands that fit in the deck; the totals
  are their sums; the outcome follows from them ([game.end], [stakes.final]).

A view is checked for the same public facts, plus what only it has: its side and
contract, who offers the upcard (the seat in turn, in the buying phase only, [buy.offer]),
the hand sizes (its own equal to its hand), no more copies of a card visible than the deck
holds, the card count, and its legal moves (none unless it is its turn; each its own, of
the phase's kinds, using only cards it holds). Its events replay to it as
far as they show the seat, and in every deal, the earlier ones included, the cards whose
origin the events show and the hidden rest of the hands a deal's result shows fit in the
deck (:attr:`LogReplay.origin <pushrummy.log_replay.LogReplay.origin>`).

A log may begin with a :class:`~pushrummy.events.StartingPosition` (a game set up by
:func:`~pushrummy.new_position`) instead of its first deal; the deals before it were played
elsewhere, and their results are checked by the rules alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from .cards import ALL_CARDS, JOKER_CODE, Card
from .contracts import can_complete_all_out, can_complete_contract, contract_left
from .contracts.all_out import loose_sizes
from .dealing import deck_order_problem
from .errors import clip_difference, clip_items
from .events import DealEnded, DealStarted, Drew, Event, GameEnded, StartingPosition
from .log_replay import LogReplay, replay_log
from .melds import meld_rule_violation
from .moves import (
    BuyUpcard,
    DrawStock,
    FillWilds,
    LayDown,
    LayDownShape,
    NextDeal,
    PassUpcard,
    Push,
    Take,
    cards_used,
)
from .scoring import deal_penalties, settle_stakes, winners
from .state import (
    DEAL_PHASES,
    LAYING_PHASES,
    TURN_PHASES,
    DealEnd,
    GameState,
    Outcome,
    Phase,
    TableMeld,
)
from .variants import DrawStyle, Variant
from .views import PlayerView

__all__ = ["Problem", "state_problems", "view_problems"]


@attrs.frozen(slots=True)
class Problem:
    """One broken invariant of a state or view.

    Attributes:
        where: the field it is about, as a path relative to the state or view
            (``"current_player"``, ``"hands[2]"``, ``"table[0].owner"``,
            ``"results[1].penalties"``); ``""`` for the value as a whole.
        message: what is wrong, in words (with the rule id where there is one).
    """

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where or '(whole)'}: {self.message}"


_IN_DEAL = DEAL_PHASES
_IN_PLAY = TURN_PHASES


def state_problems(state: GameState, *, log: bool = True) -> tuple[Problem, ...]:
    """Every way ``state`` breaks an invariant of the game; ``()`` for a consistent state.

    The log must replay to the state: its events, one by one, rebuild the hands, the
    publicly known cards, the table, the upcard, the stock, who has laid down, the seat to
    move and the turn, and each deal's final hands (:mod:`pushrummy.log_replay`); the first
    event that could not have happened is named (``"log[17].card"``), or else the log as a
    whole. ``log=False`` leaves out the checks of the event log, which read the whole log: a
    caller that checks every state of a game can check the log of its last state only (the
    log is append-only).

    Shape problems (wrong lengths, seats out of range) come alone: the other checks
    need a well-shaped state. Otherwise the problems come in the order of the fields.
    The fields are taken to have their declared types (the JSON decoder checks them
    before it asks); problems are returned, never raised.

    Raises:
        TypeError: ``state`` is not a :class:`~pushrummy.state.GameState`.

    >>> import pushrummy as pr
    >>> state = pr.new_game(pr.PUSH, seed=1)
    >>> state_problems(state)
    ()
    >>> broken = attrs.evolve(state, turn=1)
    >>> [str(problem) for problem in state_problems(broken)]
    ["current_player: after 1 turns from dealer 2's left, seat 0 is to move, not seat 3"]
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    found: list[Problem] = []
    _shape(found, state, state.hands, "hands")
    if found and found[0].where == "players":
        return tuple(found)
    _per_seat(found, state.players, state.known, "known")
    for index, result in enumerate(state.results):
        _per_seat(found, state.players, result.hands, f"results[{index}].hands")
    if found:
        return tuple(found)
    variant, players = state.variant, state.players
    deck = _deck(variant, players)
    _public(found, state, deck, log=log)
    in_deal = state.phase in _IN_DEAL
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            found.append(Problem(f"hands[{seat}]", "a hand is kept sorted"))
        if in_deal and not hand:
            found.append(
                Problem(
                    f"hands[{seat}]",
                    "every seat holds a card during a deal (a seat that runs out of cards "
                    "goes out and the deal ends) [out.empty]",
                )
            )
        extra = Counter(state.known[seat]) - Counter(hand)
        if extra:
            found.append(
                Problem(
                    f"known[{seat}]",
                    f"seat {seat} is known to hold cards it does not hold: {_cards(extra)}",
                )
            )
    if state.taken is not None and state.current_player is not None:
        on_table = any(state.taken in entry.meld.cards for entry in state.table)
        if state.taken not in state.hands[state.current_player] and not on_table:
            found.append(
                Problem(
                    "taken",
                    f"{state.taken} was taken this turn, so it is in seat "
                    f"{state.current_player}'s hand or on the table [discard.taken]",
                )
            )
    counted: Counter[Card] = Counter(state.stock)
    for hand in state.hands:
        counted.update(hand)
    for entry in state.table:
        counted.update(entry.meld.cards)
    if state.upcard is not None:
        counted[state.upcard] += 1
    counted.update(state.pile)
    if counted != deck:
        found.append(
            Problem(
                "",
                f"the hands, stock, upcard, pile and table must hold exactly the {deck.total()}-card "
                f"deck: {clip_difference(counted, deck)}",
            )
        )
    if len(state.injected) != len(variant.deals):
        found.append(Problem("injected", f"expected {len(variant.deals)} entries (one per deal)"))
    else:
        for index, order in enumerate(state.injected):
            problem = (
                None
                if order is None
                else deck_order_problem(order, variant, len(state.hands), index + 1)
            )
            if problem is not None:
                found.append(Problem(f"injected[{index}]", f"the deck order {problem}"))
    if state.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER) and state.results:
        shown = state.results[-1].hands
        for seat, hand in enumerate(state.hands):
            if tuple(sorted(shown[seat])) != hand:
                found.append(
                    Problem(
                        f"hands[{seat}]",
                        f"between deals the hands are the ones deal {len(state.results)}'s "
                        "result shows",
                    )
                )
    laying = state.current_player
    if state.phase in LAYING_PHASES and laying is not None and not found:
        placed = [entry.meld for entry in state.table if entry.owner == laying]
        if variant.deals[state.deal_number - 1].all_out:  # [out.all_out]: every card
            completes = can_complete_all_out(state.hands[laying], state.contract, variant, placed)
        else:
            completes = can_complete_contract(
                state.hands[laying],
                state.contract,
                variant,
                placed=placed,
                keep_card=variant.must_discard_to_go_out,
            )
        if placed and not completes:
            found.append(
                Problem(
                    f"hands[{laying}]",
                    f"seat {laying} cannot complete its lay-down of {state.contract} from "
                    "its hand [contract.steps]",
                )
            )
    if log and not found:  # the log replays to the state, once the state itself is sound
        _replayed(found, state, "log", state.log.events, None)
    return tuple(found)


def view_problems(view: PlayerView, *, log: bool = True) -> tuple[Problem, ...]:
    """Every way ``view`` breaks an invariant of the game; ``()`` for a consistent view.

    The public facts are checked as for a state (:func:`state_problems`); what the
    seat cannot see is only checked for being possible (sizes, counts, visible copies).
    The view's events must replay to it, as a state's log to the state, for what they show
    the seat (its own cards; every hand's size, the table, the upcard, the stock's size…);
    ``log=False`` leaves that replay out, as for :func:`state_problems`.

    Raises:
        TypeError: ``view`` is not a :class:`~pushrummy.views.PlayerView`.

    >>> import pushrummy as pr
    >>> v = pr.view(pr.new_game(pr.PUSH, seed=1), 1)
    >>> view_problems(v)
    ()
    >>> [str(p) for p in view_problems(attrs.evolve(v, stock_size=v.stock_size + 1))]
    ['(whole): the hands, stock, upcard, pile and table hold 109 cards, not the 108 of the deck']
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
    found: list[Problem] = []
    _shape(found, view, view.hand_sizes, "hand_sizes")
    if found and found[0].where == "players":
        return tuple(found)
    if not 0 <= view.seat < view.players and not found:
        found.append(Problem("seat", f"there is no seat {view.seat} in the game"))
    for index, result in enumerate(view.results):
        _per_seat(found, view.players, result.hands, f"results[{index}].hands")
    _per_seat(found, view.players, view.known, "known")
    if found:
        return tuple(found)
    variant, players, seat = view.variant, view.players, view.seat
    deck = _deck(variant, players)
    _public(found, view, deck)
    side = variant.side_of(seat)
    if view.side != side:
        found.append(Problem("side", f"seat {seat} plays for side {side}, not {view.side}"))
    expected_contract = variant.deals[view.deal_number - 1].contract
    if view.contract != expected_contract:
        found.append(
            Problem("contract", f"deal {view.deal_number}'s contract is {str(expected_contract)!r}")
        )
    hand = view.hand
    sizes = view.hand_sizes
    if list(hand) != sorted(hand):
        found.append(Problem("hand", "a hand is kept sorted"))
    if sizes[seat] != len(hand):
        found.append(
            Problem(
                f"hand_sizes[{seat}]",
                f"seat {seat} holds {len(hand)} cards (its hand), not {sizes[seat]}",
            )
        )
    in_deal = view.phase in _IN_DEAL
    for other, size in enumerate(sizes):
        if size < 0:
            found.append(Problem(f"hand_sizes[{other}]", "a hand size is at least 0"))
        elif in_deal and size == 0:
            found.append(
                Problem(
                    f"hand_sizes[{other}]",
                    "every seat holds a card during a deal (a seat that runs out of cards "
                    "goes out and the deal ends) [out.empty]",
                )
            )
        if len(view.known[other]) > size:
            found.append(
                Problem(
                    f"known[{other}]",
                    f"seat {other} is known to hold {len(view.known[other])} cards but "
                    f"holds {size}",
                )
            )
    extra = Counter(view.known[seat]) - Counter(hand)
    if extra:
        found.append(
            Problem(f"known[{seat}]", f"seat {seat} is known to hold cards not in its hand")
        )
    visible = Counter(hand)
    for other, known in enumerate(view.known):
        if other != seat:
            visible.update(known)
    for entry in view.table:
        visible.update(entry.meld.cards)
    if view.upcard is not None:
        visible[view.upcard] += 1
    visible.update(view.pile)
    if visible - deck:
        found.append(
            Problem(
                "",
                f"more copies of a card are visible than the deck holds: {_cards(visible - deck)}",
            )
        )
    if view.stock_size < 0:
        found.append(Problem("stock_size", "a stock size is at least 0"))
    total = (
        sum(sizes)
        + view.stock_size
        + (view.upcard is not None)
        + len(view.pile)
        + sum(len(entry.meld.cards) for entry in view.table)
    )
    if total != deck.total():
        found.append(
            Problem(
                "",
                f"the hands, stock, upcard, pile and table hold {total} cards, not the "
                f"{deck.total()} of the deck",
            )
        )
    between = view.phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER)
    if between and view.results and tuple(sorted(view.results[-1].hands[seat])) != hand:
        found.append(
            Problem(
                "hand", f"between deals the hand is the one deal {len(view.results)}'s result shows"
            )
        )
    in_turn = (view.dealer + 1 + view.turn) % players
    offered = in_turn if view.phase is Phase.BUYING else None
    if view.offered_by != offered:
        found.append(
            Problem(
                "offered_by",
                f"expected seat {in_turn}: the seat in turn offers the upcard [buy.offer]"
                if offered is not None
                else f"expected null: the upcard is offered only in the buying phase, not the "
                f"{view.phase.value} phase [buy.offer]",
            )
        )
    if view.taken is not None and view.current_player == seat:
        on_table = any(view.taken in entry.meld.cards for entry in view.table)
        if view.taken not in hand and not on_table:
            found.append(
                Problem(
                    "taken",
                    f"{view.taken} was taken this turn, so it is in seat {seat}'s hand or "
                    "on the table [discard.taken]",
                )
            )
    _check_moves(found, view)
    if log and not found:  # the events replay to the view, once the view itself is sound
        _replayed(found, view, "events", view.events, seat)
    return tuple(found)


def _deck(variant: Variant, players: int) -> Counter[Card]:
    return Counter(variant.deck(players))


# -- the parts -------------------------------------------------------------------------------


def _shape(
    found: list[Problem], game: GameState | PlayerView, hands: Sequence[object], name: str
) -> None:
    """Player count, per-seat and per-side lengths, and every index in range."""
    variant = game.variant
    players = game.players
    if players not in variant.player_counts:
        counts = ", ".join(str(count) for count in variant.player_counts)
        found.append(
            Problem(
                "players", f"the variant {variant.name!r} is for {counts} players, not {players}"
            )
        )
        return
    sides = variant.side_count(players)
    _per_seat(found, players, hands, name)
    _per_seat(found, players, game.laid_down, "laid_down")
    if len(game.totals) != sides:
        found.append(Problem("totals", f"expected {sides} entries (one per side)"))
    deals = len(variant.deals)
    if not 1 <= game.deal_number <= deals:
        found.append(Problem("deal_number", f"expected a deal number 1..{deals}"))
    if not 0 <= game.dealer < players:
        found.append(Problem("dealer", f"there is no seat {game.dealer} in the game"))
    seat = game.current_player
    if seat is not None and not 0 <= seat < players:
        found.append(Problem("current_player", f"there is no seat {seat} in the game"))
    for index, entry in enumerate(game.table):
        if not 0 <= entry.owner < players:
            found.append(
                Problem(f"table[{index}].owner", f"there is no seat {entry.owner} in the game")
            )
    for index, result in enumerate(game.results):
        where = f"results[{index}]"
        if result.went_out is not None and not 0 <= result.went_out < players:
            found.append(
                Problem(f"{where}.went_out", f"there is no seat {result.went_out} in the game")
            )
        if len(result.penalties) != sides:
            found.append(Problem(f"{where}.penalties", f"expected {sides} entries (one per side)"))


def _per_seat(found: list[Problem], players: int, values: Sequence[object], name: str) -> None:
    if len(values) != players:
        found.append(Problem(name, f"expected {players} entries (one per seat), got {len(values)}"))


def _public(
    found: list[Problem], game: GameState | PlayerView, deck: Counter[Card], *, log: bool = True
) -> None:
    """The checks of what a state and every view of it share."""
    variant, players, phase = game.variant, game.players, game.phase
    deals = len(variant.deals)
    in_deal = phase in _IN_DEAL
    current = game.current_player
    if in_deal and current is None:
        found.append(
            Problem("current_player", f"the {phase.value} phase needs a current player, got null")
        )
    if not in_deal and current is not None:
        found.append(
            Problem(
                "current_player", f"expected null: nobody is to move in the {phase.value} phase"
            )
        )
    if phase is Phase.GAME_OVER and game.deal_number != deals:
        found.append(Problem("phase", f"the game is over only after deal {deals}"))
    if phase is Phase.BETWEEN_DEALS and game.deal_number == deals:
        found.append(Problem("phase", f"after the last deal (deal {deals}) the phase is game_over"))
    if phase is Phase.DRAW and game.upcard is None:
        found.append(Problem("upcard", "the draw phase needs an upcard ([draw.choice]), got null"))
    if phase is Phase.BUYING and game.upcard is None:
        found.append(
            Problem("upcard", "the buying phase offers the upcard ([buy.offer]), got null")
        )
    stock_draw = game.variant.draw_style is DrawStyle.STOCK
    if phase in _IN_PLAY and game.upcard is not None and not stock_draw:
        found.append(
            Problem(
                "upcard",
                f"expected null: the upcard was taken or pushed before the {phase.value} phase",
            )
        )
    if game.pile and not stock_draw:
        found.append(
            Problem("pile", "only a draw from the stock leaves a discard pile ([draw.stock])")
        )
    laid_down = game.laid_down
    if game.laid_down_this_turn and (
        phase is not Phase.PLAY or current is None or not laid_down[current]
    ):
        found.append(
            Problem(
                "laid_down_this_turn",
                "true only in the play phase, after the current player laid down",
            )
        )
    if game.taken is not None and phase not in _IN_PLAY:
        found.append(Problem("taken", "expected null outside the play and laying_down phases"))
    laying = current if phase in LAYING_PHASES else None
    if (game.shape is not None) != (phase is Phase.FILLING_WILDS):
        found.append(
            Problem("shape", "a shape is announced in the filling_wilds phase, and only then")
        )
    if laying is not None and laid_down[laying]:
        found.append(
            Problem(
                "laid_down",
                f"seat {laying} is laying down its contract, so laid_down[{laying}] must be false",
            )
        )
    _table(found, game.table, variant, laid_down, laying, game.deal_number, phase)
    turn = game.turn
    limit = variant.max_turns_per_deal
    if turn < 0:
        found.append(Problem("turn", "a number of turns is at least 0"))
    elif limit is not None and (turn > limit or (in_deal and turn >= limit)):
        found.append(
            Problem("turn", f"max_turns_per_deal is {limit}: a deal ends after {limit} turns")
        )
    in_turn = (game.dealer + 1 + turn) % players
    if phase is Phase.BUYING and current == in_turn:
        found.append(
            Problem(
                "current_player",
                f"seat {in_turn} is in turn and offers the upcard: another seat is offered it "
                "[buy.offer]",
            )
        )
    if in_deal and phase is not Phase.BUYING and current is not None and current != in_turn:
        found.append(
            Problem(
                "current_player",
                f"after {turn} turns from dealer {game.dealer}'s left, seat "
                f"{(game.dealer + 1 + turn) % players} is to move, not seat {current}",
            )
        )
    _results(found, game, deck)
    sides = variant.side_count(players)
    summed = tuple(sum(r.penalties[side] for r in game.results) for side in range(sides))
    if game.totals != summed:
        found.append(
            Problem(
                "totals", f"the totals must be the sums of the deals' penalties, {list(summed)}"
            )
        )
    _outcome(found, game)
    if log:
        _events(found, game)


def _table(
    found: list[Problem],
    table: tuple[TableMeld, ...],
    variant: Variant,
    laid_down: tuple[bool, ...],
    laying: int | None,
    deal_number: int,
    phase: Phase,
) -> None:
    owned = [0] * len(laid_down)
    for index, entry in enumerate(table):
        where = f"table[{index}]"
        if entry.id != index:
            found.append(Problem(f"{where}.id", f"expected the meld id {index} (ids count from 0)"))
        owner = entry.owner
        owned[owner] += 1
        if not laid_down[owner] and owner != laying:
            found.append(
                Problem(
                    f"{where}.owner",
                    f"seat {owner} owns a meld but has not laid down (laid_down[{owner}] is false)",
                )
            )
        problem = meld_rule_violation(entry.meld, variant)
        if problem is not None:
            found.append(
                Problem(
                    f"{where}.meld", f"meld {entry.meld.notation()} breaks the variant: {problem}"
                )
            )
    contract = variant.deals[deal_number - 1].contract
    parts = sum(requirement.count for requirement in contract.requirements)
    for seat, down in enumerate(laid_down):
        if down and owned[seat] < parts:
            found.append(
                Problem(
                    f"laid_down[{seat}]",
                    f"seat {seat} has laid down {contract}, so it owns at least {parts} melds, "
                    f"not {owned[seat]} [contract.laydown]",
                )
            )
    if laying is not None:
        placed = [entry.meld for entry in table if entry.owner == laying]
        filling = phase is Phase.FILLING_WILDS
        # an all-out deal's melds are at least their parts' sizes ([out.all_out])
        sizes = loose_sizes(variant) if variant.deals[deal_number - 1].all_out else variant
        if (not placed and not filling) or (placed and not contract_left(contract, placed, sizes)):
            found.append(
                Problem(
                    "table",
                    f"in the {phase.value} phase seat {laying}'s melds must be part, not all, "
                    f"of the contract ({contract}) [contract.steps]",
                )
            )


def _results(found: list[Problem], game: GameState | PlayerView, deck: Counter[Card]) -> None:
    variant, players, phase = game.variant, game.players, game.phase
    deal_number = game.deal_number
    finished = deal_number if phase in (Phase.BETWEEN_DEALS, Phase.GAME_OVER) else deal_number - 1
    if len(game.results) != finished:
        found.append(
            Problem(
                "results",
                f"expected {finished} deal results in the {phase.value} phase of deal "
                f"{deal_number}, got {len(game.results)}",
            )
        )
        return
    for index, result in enumerate(game.results):
        where = f"results[{index}]"
        if result.deal_number != index + 1:
            found.append(Problem(f"{where}.deal_number", f"expected the deal number {index + 1}"))
        dealer = (game.dealer - (deal_number - (index + 1))) % players
        if result.dealer != dealer:
            found.append(
                Problem(f"{where}.dealer", f"expected seat {dealer} (the deal passes clockwise)")
            )
        went_out = result.went_out
        if (went_out is None) != (result.ended_by is not DealEnd.OUT):
            found.append(
                Problem(
                    f"{where}.went_out",
                    "a seat exactly when the deal ended by a player going out, else null",
                )
            )
        elif went_out is not None and result.hands[went_out]:
            found.append(
                Problem(
                    f"{where}.hands[{went_out}]", f"seat {went_out} went out, so its hand is empty"
                )
            )
        elif went_out is None and not all(result.hands):
            empty = next(seat for seat, hand in enumerate(result.hands) if not hand)
            found.append(
                Problem(
                    f"{where}.hands[{empty}]",
                    "nobody went out, so every hand holds a card [out.empty]",
                )
            )
        shown: Counter[Card] = Counter()
        for hand in result.hands:
            shown.update(hand)
        if shown - deck:
            found.append(
                Problem(
                    f"{where}.hands",
                    f"the hands hold more copies than the deck has: {_cards(shown - deck)}",
                )
            )
        expected = deal_penalties(result.hands, variant, went_out)
        if result.penalties != expected:
            found.append(
                Problem(
                    f"{where}.penalties",
                    f"the penalties of these hands are {list(expected)} "
                    "([score.out], [score.exhausted])",
                )
            )


def _events(found: list[Problem], game: GameState | PlayerView) -> None:
    """The event log agrees with the deals, results and outcome, and a view's log
    shows no hidden card of another seat (a state's log hides nothing)."""
    if isinstance(game, GameState):
        where, events, seat = "log", game.log.events, None
        if game.log.players != game.players:
            found.append(
                Problem(where, f"the log keeps {game.log.players} seats' views, not {game.players}")
            )
    else:
        where, events, seat = "events", game.events, game.seat
    deals = ends = 0
    last: DealStarted | StartingPosition | None = None
    for index, event in enumerate(events):
        here = f"{where}[{index}]"
        kind = type(event)
        if index == 0 and kind is StartingPosition:  # a deal set up, after deals played elsewhere
            assert isinstance(event, StartingPosition)
            last, deals, ends = event, event.deal_number, event.deal_number - 1
            if _hidden_problem(event, seat):
                found.append(Problem(f"{here}.hands", _hidden_problem(event, seat)))
            continue
        if index == 0 and kind is not DealStarted:
            found.append(
                Problem(here, "a game's events start with its first deal or a starting position")
            )
            return
        if kind is StartingPosition:
            found.append(Problem(here, "a starting position is only ever a game's first event"))
            return
        if kind is DealStarted:
            assert isinstance(event, DealStarted)
            deals += 1
            last = event
            if event.deal_number != deals or ends != deals - 1:
                found.append(
                    Problem(here, f"expected deal {deals}, dealt after {deals - 1} deals ended")
                )
                return
            if _hidden_problem(event, seat):
                found.append(Problem(f"{here}.hands", _hidden_problem(event, seat)))
        elif kind is Drew:
            assert isinstance(event, Drew)
            if _hidden_problem(event, seat):
                found.append(Problem(f"{here}.card", _hidden_problem(event, seat)))
        elif kind is DealEnded:
            assert isinstance(event, DealEnded)
            problem = _deal_end_problem(event, ends, game)
            ends += 1
            if problem:
                found.append(Problem(here, problem))
        elif kind is GameEnded:
            assert isinstance(event, GameEnded)
            outcome = game.outcome
            if index != len(events) - 1 or outcome is None:
                found.append(Problem(here, "the game ends with its last event, once it is over"))
            elif (event.totals, event.winners, event.stakes) != (
                outcome.totals,
                outcome.winners,
                outcome.stakes,
            ):
                found.append(Problem(here, "expected the game's outcome"))
    if last is None or last.deal_number != game.deal_number or last.dealer != game.dealer:
        found.append(
            Problem(
                where,
                f"expected the last deal dealt to be deal {game.deal_number} by seat {game.dealer}",
            )
        )
    elif ends != len(game.results):
        found.append(Problem(where, f"expected {len(game.results)} deal ends, one per result"))
    elif game.outcome is not None and (not events or type(events[-1]) is not GameEnded):
        found.append(Problem(where, "the game is over, so its last event is its end"))


def _replayed(
    found: list[Problem],
    game: GameState | PlayerView,
    where: str,
    events: Sequence[Event],
    seat: int | None,
) -> None:
    """The log replays to ``game``: its events rebuild the hands (their cards where the log
    shows them, their sizes everywhere), the publicly known cards, the table, the upcard,
    the stock, who has laid down, the turn and the seat to move, and each deal's final
    hands (:func:`~pushrummy.log_replay.replay_log`)."""
    replay = replay_log(events, game.variant, game.players, seat)
    if replay.problem is not None:
        index, field, message = replay.problem
        # Past the last event (the log ends too soon) the problem is the log's as a whole.
        path = where if index >= len(events) else f"{where}[{index}]"
        found.append(Problem(f"{path}{'.' + field if field else ''}", message))
        return
    said: list[str] = []
    if isinstance(game, GameState):
        sizes = tuple(map(len, game.hands))
        shown: list[tuple[Card, ...] | None] = list(game.hands)
        if replay.stock is not None and _codes(game.stock) != replay.stock:
            said.append("other cards in the stock")
    else:
        sizes = game.hand_sizes
        shown = [game.hand if other == seat else None for other in range(game.players)]
    if (
        replay.stock_size != len(game.stock)
        if isinstance(game, GameState)
        else (replay.stock_size != game.stock_size)
    ):
        said.append(f"a stock of {replay.stock_size} cards")
    for other in range(game.players):
        if replay.sizes[other] != sizes[other]:
            said.append(f"seat {other} holding {replay.sizes[other]} cards, not {sizes[other]}")
        rebuilt, hand = replay.hands[other], shown[other]
        if rebuilt is not None and hand is not None and _codes(hand) != rebuilt:
            said.append(f"seat {other} holding {_listed(rebuilt)}")
        if sorted(replay.known[other]) != sorted(card.code for card in game.known[other]):
            known = [ALL_CARDS[code] for code in sorted(replay.known[other])]
            said.append(f"seat {other} known to hold {clip_items(known) or 'no card'}")
    if [(entry.owner, entry.meld) for entry in game.table] != replay.table:
        said.append("another table")
    if replay.upcard != game.upcard:
        said.append(f"the upcard {replay.upcard}")
    if tuple(replay.pile) != game.pile:
        said.append(f"the discard pile {clip_items(replay.pile) or 'empty'}")
    if tuple(replay.laid_down) != game.laid_down:
        said.append(f"laid_down {[int(flag) for flag in replay.laid_down]}")
    if replay.turn != game.turn:
        said.append(f"{replay.turn} turns completed")
    in_deal = game.phase in _IN_DEAL
    if in_deal == replay.deal_over:
        said.append("the deal over" if replay.deal_over else "the deal under way")
    elif in_deal:
        drawn, laying = replay.drawn, replay.laying
        current = replay.current
        phases = {Phase.DRAW} if not drawn else {Phase.LAYING_DOWN if laying else Phase.PLAY}
        if replay.offerer is not None:
            phases = {Phase.BUYING}  # the upcard offered round the table ([buy.offer])
        if drawn and current is not None and not replay.laid_down[current]:
            phases.add(Phase.FILLING_WILDS)  # a shape announced ([contract.wilds])
        if current != game.current_player or game.phase not in phases:
            names = " or ".join(sorted(phase.value for phase in phases))
            said.append(f"seat {current} to move in the {names} phase")
        if replay.taken != game.taken:
            said.append(f"the upcard taken this turn {replay.taken}")
        if replay.laid_down_this_turn != game.laid_down_this_turn:
            said.append(f"laid_down_this_turn {str(replay.laid_down_this_turn).lower()}")
    ended = replay.ends[: max(0, len(game.results) - replay.before)]
    for index, (end_sizes, end_hands, end_known) in enumerate(ended, start=replay.before):
        result = game.results[index].hands
        for other in range(game.players):
            rebuilt, shown_hand = end_hands[other], _codes(result[other])
            if (
                end_sizes[other] != len(result[other])
                or (rebuilt is not None and shown_hand != rebuilt)
                or any(
                    shown_hand[code] < count for code, count in Counter(end_known[other]).items()
                )
            ):
                said.append(f"other hands at the end of deal {index + 1}")
                break
    _origins(said, game, replay, seat)
    if said:
        found.append(
            Problem(
                where,
                "replayed, the events do not rebuild this position: they leave "
                + "; ".join(said[:3])
                + ("; …" if len(said) > 3 else ""),
            )
        )


def _origins(
    said: list[str], game: GameState | PlayerView, replay: LogReplay, seat: int | None
) -> None:
    """In a view, each deal's cards fit in the deck: the cards whose origin its events show
    (:attr:`LogReplay.origin <pushrummy.log_replay.LogReplay.origin>`) and, once it has ended,
    the hidden part of the other hands its result shows. So a view's earlier deals are
    checked for the cards the seat never saw, as far as they show (a state's log shows
    every card, and is checked card by card)."""
    if seat is None:
        return
    deck = _codes(game.variant.deck(game.players))
    deals: list[tuple[int, list[int]]] = []
    for offset, origin in enumerate(replay.origins):
        index = replay.before + offset
        if index >= len(game.results):
            break
        counts = list(origin)
        known = replay.ends[offset][2]
        # After a reshuffle a hidden hand may hold a card of the pile, counted when it was
        # discarded: the hands at the end then say nothing more.
        others = () if replay.reshuffled[offset] else game.results[index].hands
        for other, hand in enumerate(others):
            if other != seat:
                rest = Counter(card.code for card in hand) - Counter(known[other])
                for code, count in rest.items():
                    counts[code] += count
        deals.append((index + 1, counts))
    if replay.origin is not None and not replay.deal_over:
        deals.append((replay.deal_number, replay.origin))
    for number, counts in deals:
        extra = [ALL_CARDS[code] for code, n in enumerate(counts) if n > deck[code]]
        if extra:
            said.append(f"deal {number} using more copies than the deck has of {clip_items(extra)}")


def _hidden_problem(event: Event, seat: int | None) -> str:
    """What is wrong with the hidden cards of ``event`` as ``seat`` holds them
    (``None``: the state's own log, which hides nothing); ``""`` if nothing."""
    if isinstance(event, Drew):
        if seat is None or event.seat == seat:
            return "" if event.card is not None else "the card drawn is known to its drawer"
        return "" if event.card is None else "another seat's stock card is hidden"
    if isinstance(event, (DealStarted, StartingPosition)):
        for other, hand in enumerate(event.hands):
            if (hand is None) != (seat is not None and other != seat):
                if hand is None:
                    return f"seat {other}'s dealt hand is known to it"
                return f"seat {other}'s dealt hand is hidden from the others"
    return ""


def _deal_end_problem(event: DealEnded, index: int, game: GameState | PlayerView) -> str:
    if index >= len(game.results):
        return f"expected {len(game.results)} deal ends, one per result"
    result = game.results[index]
    if (event.deal_number, event.ended_by, event.went_out, event.penalties) != (
        result.deal_number,
        result.ended_by,
        result.went_out,
        result.penalties,
    ):
        return f"expected the end of deal {result.deal_number} as its result has it"
    return ""


def _outcome(found: list[Problem], game: GameState | PlayerView) -> None:
    outcome = game.outcome
    if game.phase is not Phase.GAME_OVER:
        if outcome is not None:
            found.append(
                Problem(
                    "outcome", f"expected null: the game is not over (phase {game.phase.value})"
                )
            )
        return
    if outcome is None:
        found.append(Problem("outcome", "the game is over, so the outcome is needed, got null"))
        return
    if found:
        return  # the expected outcome is only defined for consistent results
    variant = game.variant
    best = winners(game.totals)
    expected = Outcome(
        totals=game.totals,
        winners=best,
        stakes=None
        if variant.stakes is None
        else settle_stakes(
            variant.stakes,
            game.players,
            [result.went_out for result in game.results],
            best,
            game.dealer,
        ),
    )
    if outcome != expected:
        found.append(
            Problem("outcome", f"the outcome does not follow from the results: {expected}")
        )


def _check_moves(found: list[Problem], view: PlayerView) -> None:
    seat = view.seat
    moves = view.legal_moves
    if moves and view.current_player != seat:
        found.append(Problem("legal_moves", f"expected none: it is not seat {seat}'s turn"))
        return
    held = Counter(view.hand)
    for index, move in enumerate(moves):
        where = f"legal_moves[{index}]"
        if isinstance(move, NextDeal) or move.seat != seat:
            found.append(Problem(where, f"a legal move of seat {seat} is one of its own moves"))
            continue
        drawing = isinstance(move, (Take, Push, DrawStock))
        buying = isinstance(move, (BuyUpcard, PassUpcard))
        if (
            (view.phase is Phase.DRAW) != drawing
            or (view.phase is Phase.BUYING) != buying
            or (view.phase is Phase.FILLING_WILDS) != isinstance(move, FillWilds)
            or (view.phase is Phase.LAYING_DOWN and not isinstance(move, (LayDown, LayDownShape)))
        ):
            found.append(
                Problem(
                    where, f"a {type(move).__name__} is not a move of the {view.phase.value} phase"
                )
            )
            continue
        short = Counter(cards_used(move)) - held
        if short:
            found.append(
                Problem(where, f"the move uses cards seat {seat} does not hold: {_cards(short)}")
            )


def _cards(counter: Counter[Card]) -> str:
    return clip_items(sorted(counter.elements()))


def _codes(cards: Sequence[Card]) -> list[int]:
    """A count per card code of ``cards`` (as :func:`~pushrummy.log_replay.replay_log` keeps
    hands)."""
    counts = [0] * (JOKER_CODE + 1)
    for card in cards:
        counts[card.code] += 1
    return counts


def _listed(counts: list[int]) -> str:
    """The cards counted by code in ``counts``."""
    return clip_items([ALL_CARDS[code] for code, n in enumerate(counts) for _ in range(n)])
