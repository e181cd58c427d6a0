"""What a game's events rebuild: the log replayed, one event at a time, from its first deal.

:func:`replay_log` reads a log (a state's whole log, or the events a seat's view holds) and
keeps the book the engine keeps as it plays: who is to move and whether they have drawn,
every hand's size, the cards each seat is publicly known to hold ([draw.visibility]), the
cards of every hand the log shows in full (all of them in a state's log, the seat's own in a
view's), the table, the upcard, the stock's size (and, from a state's log, its cards), who has
laid down, the turn count, and each deal's end. An event that could not have happened where it
stands — a :class:`~pushrummy.events.Took` of a card that is not the upcard, a move by a seat
whose turn it is not, a meld whose cards its seat does not hold, a draw no push called for, a
deal that ends with nobody out — stops the replay with a problem naming the event; otherwise
:func:`~pushrummy.consistency.state_problems` and :func:`~pushrummy.consistency.view_problems`
compare what the log rebuilds with the state's or view's own fields. So a log that replays
to its state is one the engine could have written for it, and the check is linear in the
log (a contract search per lay-down event, a meld check per meld event).

What the replay does not judge is the *choice* of each move among the legal ones (that would
need the hidden cards a view does not have, and costs a move check per event): a log is
checked for what happened, not for whether each move was allowed.

>>> import pushrummy as pr
>>> state = pr.new_game(pr.PUSH, seed=7)
>>> state = pr.apply_move(state, pr.Push(state.current_player))
>>> replayed = replay_log(state.log.events, state.variant, state.players, None)
>>> replayed.problem, replayed.upcard, replayed.stock_size, replayed.sizes
(None, None, 81, [6, 6, 7, 8])
>>> bad = replay_log(state.log.events[:2], state.variant, state.players, None)
>>> bad.problem
(2, '', 'expected the draw of the stock card the push passes to seat 3 (log ends)')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import ALL_CARDS, JOKER_CODE, Card
from .contracts import contract_left
from .contracts.all_out import LooseSizes, loose_sizes
from .events import (
    Bought,
    BuyPassed,
    DealEnd,
    DealEnded,
    DealStarted,
    Discarded,
    Drew,
    Event,
    Exchanged,
    GameEnded,
    LaidDown,
    LaidOff,
    Melded,
    Pushed,
    StartingPosition,
    StockReshuffled,
    Took,
    UpcardOffered,
)
from .melds import Meld, meld_rule_violation
from .plays.buy import may_buy
from .variants import DrawStyle, PushTo, ShortStockPush, Variant

__all__ = ["LogReplay", "replay_log"]


class LogReplay:
    """What a log's events rebuild (:func:`replay_log`): the facts of the position after its
    last event, and the first event that could not have happened, if any.

    Attributes:
        problem: ``None``, or ``(index, field, message)``: the event at ``index`` (the
            log's length: an event is missing at its end) could not have happened;
            ``field`` names the event's field at fault (``"card"``, ``"seat"``…) or is
            ``""``. The other attributes are then those before that event.
        deal_number: the last deal dealt (0 before the first).
        dealer: its dealer (``-1`` before the first deal).
        deal_over: whether that deal has ended (:class:`~pushrummy.events.DealEnded`).
        game_over: whether the log holds the game's end.
        current: the seat to move (``None`` once the deal is over).
        drawn: whether the seat to move has drawn (taken or pushed) this turn.
        laying: whether the seat to move is part-way through its lay-down
            ([contract.steps]).
        offerer: while an upcard is offered round the table ([buy.offer]), the seat in turn
            that offered it (:attr:`current` is then the seat offered it); else ``None``.
        turn: completed turns in the deal.
        taken: the upcard the seat to move took this turn ([discard.taken]).
        laid_down_this_turn: whether the seat to move completed its lay-down this turn.
        laid_down: per seat, whether it has laid down this deal's contract.
        sizes: per seat, how many cards it holds.
        hands: per seat, the cards it holds when the log shows them all, as a count per card
            code (:attr:`Card.code <pushrummy.cards.Card.code>`); ``None`` for a hand the
            log hides (another seat's, in a view's events).
        known: per seat, the codes of the cards everyone knows it holds ([draw.visibility]).
        table: the melds on the table, in id order, as ``(owner, meld)``.
        upcard: the face-up card, or ``None``.
        pile: the discard pile under the upcard, oldest first ([draw.stock]).
        stock_size: how many cards the stock holds.
        stock: the stock's cards, a count per card code, when the log shows every hand (a
            state's log); else ``None``.
        ends: per ended deal, ``(sizes, hands, known)`` as :attr:`sizes`, :attr:`hands` and
            :attr:`known` were at its end.
        origin: in a view's replay, a count per card code of the deal's cards whose origin the
            events show, each physical card once: the seat's own dealt (or set-up) hand and
            draws, the upcard turned up (a set-up position: everything it shows), and every
            card another seat played that was not publicly known in its hand (so it came
            from its hidden hand or draws). With the hands another seat holds unknown, these
            cards and those hands must fit in the deck (:attr:`origins`). ``None`` for a
            state's log, which shows every card.
        origins: :attr:`origin` as it was at each ended deal's end (in a view's replay).
        reshuffled: per ended deal, whether its stock was reshuffled ([draw.reshuffle]): a
            hidden hand at its end may then hold cards of the pile, already in its origin.
        before: how many deals ended before the log begins: ``0``, or, for a log that
            begins with a :class:`~pushrummy.events.StartingPosition`, the deals before it
            (played elsewhere: :attr:`ends` starts after them).
    """

    __slots__ = (
        "_bought",
        "_deck",
        "_ending",
        "_expect",
        "_pending",
        "_players",
        "_reshuffled",
        "_seat",
        "_variant",
        "before",
        "current",
        "deal_number",
        "deal_over",
        "dealer",
        "drawn",
        "ends",
        "game_over",
        "hands",
        "known",
        "laid_down",
        "laid_down_this_turn",
        "laying",
        "offerer",
        "origin",
        "origins",
        "pile",
        "problem",
        "reshuffled",
        "sizes",
        "stock",
        "stock_size",
        "table",
        "taken",
        "turn",
        "upcard",
    )

    problem: tuple[int, str, str] | None
    deal_number: int
    dealer: int
    deal_over: bool
    game_over: bool
    current: int | None
    drawn: bool
    laying: bool
    offerer: int | None
    turn: int
    taken: Card | None
    laid_down_this_turn: bool
    laid_down: list[bool]
    sizes: list[int]
    hands: list[list[int] | None]
    known: list[list[int]]
    table: list[tuple[int, Meld]]
    upcard: Card | None
    pile: list[Card]
    stock_size: int
    stock: list[int] | None
    ends: list[tuple[tuple[int, ...], tuple[list[int] | None, ...], tuple[tuple[int, ...], ...]]]
    before: int
    origin: list[int] | None
    origins: list[list[int]]
    reshuffled: list[bool]

    def __init__(self, variant: Variant, players: int, seat: int | None) -> None:
        self._variant, self._players, self._seat = variant, players, seat
        self._deck = _counts(variant.deck(players))
        self._expect: list[tuple[int, bool]] = []  # the draws a push calls for: (seat, pushed)
        self._ending: tuple[DealEnd, int | None] | None = None  # how the deal must end next
        self.problem = None
        self.deal_number, self.dealer = 0, -1
        self.deal_over, self.game_over = True, False
        self.current, self.drawn, self.laying = None, False, False
        self.offerer = None
        self._pending: list[int] = []  # the stock draws a buy or the offer's end calls for
        self._bought = [0] * players  # each seat's buys this deal ([buy.limit])
        self.turn, self.taken, self.laid_down_this_turn = 0, None, False
        self.laid_down = [False] * players
        self.sizes = [0] * players
        self.hands = [[0] * _CODES if seat is None or s == seat else None for s in range(players)]
        self.known = [[] for _ in range(players)]
        self.table = []
        self.upcard = None
        self.pile = []
        self.stock_size = 0
        self.stock = [0] * _CODES if seat is None else None
        self.ends = []
        self.before = 0
        self.origin = None
        self.origins = []
        self.reshuffled = []
        self._reshuffled = False  # the deal's stock was reshuffled: every card in it seen

    # -- the events ------------------------------------------------------------------------

    def _event(self, event: Event) -> tuple[str, str] | None:
        """Replay ``event``: ``None``, or what is wrong with it, ``(field, message)``."""
        kind = type(event)
        if self.game_over:
            return "", "the game is over: no event follows its end"
        if self._pending:
            return self._pending_draw(event)
        if self._expect:
            return self._drew(event)
        if kind is DealStarted:
            assert isinstance(event, DealStarted)
            return self._deal(event)
        if kind is StartingPosition:
            assert isinstance(event, StartingPosition)
            if self.deal_number:
                return "", "a starting position is only ever a game's first event"
            return self._set_up(event)
        if kind is GameEnded:
            if not self.deal_over or self.deal_number != len(self._variant.deals):
                return "", "the game ends only after its last deal has ended"
            self.game_over = True
            return None
        if self.deal_over:
            return "", "no deal is under way: the next event deals the next deal"
        if self._ending is not None and kind is not DealEnded:
            return "", f"expected the end of deal {self.deal_number} here ({self._ending_words()})"
        if kind is DealEnded:
            assert isinstance(event, DealEnded)
            return self._deal_ended(event)
        seat: int = event.seat  # type: ignore[union-attr]
        if not 0 <= seat < self._players:
            return "seat", f"there is no seat {seat} in a game of {self._players} players"
        if seat != self.current:
            return "seat", f"it is seat {self.current}'s turn, not seat {seat}'s [turn.seat]"
        if kind is UpcardOffered or kind is BuyPassed or kind is Bought:
            assert isinstance(event, (UpcardOffered, BuyPassed, Bought))
            return self._offer(event)
        if self.offerer is not None:
            return "", f"seat {seat} is offered the upcard: it buys it or passes [buy.offer]"
        if kind is Took or kind is Pushed:
            assert isinstance(event, (Took, Pushed))
            return self._draw(event)
        if kind is Drew or kind is StockReshuffled:
            assert isinstance(event, (Drew, StockReshuffled))
            return self._from_stock(event)
        if not self.drawn:
            return "", f"seat {seat} must first take the upcard or push [draw.choice]"
        if self.laying and kind is not LaidDown:
            return "", f"seat {seat} must first finish laying down its contract [contract.steps]"
        if kind is LaidDown:
            assert isinstance(event, LaidDown)
            return self._laid_down(event)
        if kind is Melded:
            assert isinstance(event, Melded)
            return self._melded(event)
        if kind is LaidOff or kind is Exchanged:
            assert isinstance(event, (LaidOff, Exchanged))
            return self._changed(event)
        assert isinstance(event, Discarded)
        return self._discarded(event)

    def _deal(self, event: DealStarted) -> tuple[str, str] | None:
        players, variant = self._players, self._variant
        number = self.deal_number + 1
        if not self.deal_over:
            return "", f"deal {self.deal_number} has not ended"
        if event.deal_number != number or number > len(variant.deals):
            return "deal_number", f"expected deal {number} of {len(variant.deals)}"
        if number > 1 and event.dealer != (self.dealer + 1) % players:
            return (
                "dealer",
                f"expected seat {(self.dealer + 1) % players} (the deal passes clockwise)",
            )
        if not 0 <= event.dealer < players:
            return "dealer", f"there is no seat {event.dealer} in a game of {players} players"
        if len(event.hands) != players:
            return "hands", f"expected {players} hands, one per seat"
        wild = variant.wild_table
        if wild[event.upcard.code] or not all(wild[card.code] for card in event.buried):
            return "", "the upcard is natural; the cards buried before it wild [deal.upcard]"
        size = variant.deals[number - 1].hand_size
        dealt = _counts((event.upcard,))
        hands: list[list[int] | None] = []
        for seat, hand in enumerate(event.hands):
            if hand is not None:
                if len(hand) != size:
                    return f"hands[{seat}]", f"deal {number} deals {size} cards, not {len(hand)}"
                for card in hand:
                    dealt[card.code] += 1
            shown = self.hands[seat] is not None
            if shown and hand is None:
                return f"hands[{seat}]", f"seat {seat}'s dealt hand is known to it"
            hands.append(_counts(hand) if shown and hand is not None else None)
        stock = [have - used for have, used in zip(self._deck, dealt, strict=True)]
        if min(stock) < 0:
            return "", "the dealt hands and the upcard hold more copies than the deck has"
        self.deal_number, self.dealer = number, event.dealer
        self.deal_over = False
        self.current, self.drawn, self.laying = (event.dealer + 1) % players, False, False
        self.offerer, self._pending, self._bought = None, [], [0] * players
        self.turn, self.taken, self.laid_down_this_turn = 0, None, False
        self.laid_down = [False] * players
        self.sizes = [size] * players
        self.hands = hands
        self.known = [[] for _ in range(players)]
        self.table = []
        self.upcard = event.upcard
        self.pile = []
        self.stock_size = sum(self._deck) - players * size - 1
        if self.stock is not None:
            self.stock = stock
        else:  # a view: its own hand and the upcard, so far
            own = event.hands[self._seat] if self._seat is not None else None
            self.origin = _counts((event.upcard, *(own or ())))
        self._reshuffled = False
        return None

    def _set_up(self, event: StartingPosition) -> tuple[str, str] | None:
        """Start from a set-up position: the deal under way, as the event has it."""
        players, variant = self._players, self._variant
        number, dealer = event.deal_number, event.dealer
        if not 1 <= number <= len(variant.deals):
            return "deal_number", f"expected a deal number 1..{len(variant.deals)}"
        if not 0 <= dealer < players:
            return "dealer", f"there is no seat {dealer} in a game of {players} players"
        for name in ("hands", "sizes", "known", "laid_down"):
            if len(getattr(event, name)) != players:
                return name, f"expected {players} entries, one per seat"
        if len(event.owners) != len(event.melds):
            return "owners", f"expected {len(event.melds)} owners, one per meld"
        limit = variant.max_turns_per_deal
        if event.turn < 0 or (limit is not None and event.turn >= limit):
            return "turn", f"expected 0..{'' if limit is None else limit - 1} completed turns"
        current = (dealer + 1 + event.turn) % players
        drawn = event.drawn
        if drawn != (event.upcard is None):
            return "upcard", "the upcard lies face up until the seat to move draws [draw.choice]"
        if not event.turn and event.upcard is not None and variant.is_wild(event.upcard):
            return (
                "upcard",
                "before the first turn the upcard is the natural card turned up [deal.upcard]",
            )
        if not drawn and (event.taken is not None or event.laid_down_this_turn):
            return "drawn", "only a seat that has drawn took the upcard or laid down this turn"
        if event.laid_down_this_turn and not event.laid_down[current]:
            return "laid_down_this_turn", f"seat {current} has not laid down [layoff.when]"
        if event.pile and variant.draw_style is not DrawStyle.STOCK:
            return "pile", "only a draw from the stock leaves a discard pile [draw.stock]"
        seen = _counts((*event.pile, *(() if event.upcard is None else (event.upcard,))))
        hands: list[list[int] | None] = []
        for seat, (hand, size) in enumerate(zip(event.hands, event.sizes, strict=True)):
            shown = self.hands[seat] is not None
            if size < 1:
                return f"sizes[{seat}]", "every seat holds a card during a deal [out.empty]"
            if shown and hand is None:
                return f"hands[{seat}]", f"seat {seat}'s hand is known to it"
            held = event.known[seat] if hand is None or not shown else hand
            if hand is not None and shown and len(hand) != size:
                return f"sizes[{seat}]", f"seat {seat} holds {len(hand)} cards, not {size}"
            if hand is not None and shown and +(Counter(event.known[seat]) - Counter(hand)):
                return f"known[{seat}]", f"seat {seat} is known to hold cards it does not hold"
            if len(event.known[seat]) > size:
                return f"known[{seat}]", f"seat {seat} holds {size} cards, fewer than known"
            for card in held:
                seen[card.code] += 1
            hands.append(_counts(hand) if shown and hand is not None else None)
        laying = False
        for index, (owner, meld) in enumerate(zip(event.owners, event.melds, strict=True)):
            if not 0 <= owner < players:
                return f"owners[{index}]", f"there is no seat {owner} in a game of {players}"
            if not event.laid_down[owner]:
                if owner != current or not drawn:
                    return f"owners[{index}]", f"seat {owner} has not laid down [contract.laydown]"
                laying = True  # part-way through its lay-down ([contract.steps])
            violation = meld_rule_violation(meld, variant)
            if violation is not None:
                return f"melds[{index}]", f"meld {meld.notation()} breaks the variant: {violation}"
            for card in meld.cards:
                seen[card.code] += 1
        contract = variant.deals[number - 1].contract
        parts = sum(requirement.count for requirement in contract.requirements)
        table = list(zip(event.owners, event.melds, strict=True))
        for seat in range(players):
            placed = [meld for owner, meld in table if owner == seat]
            if event.laid_down[seat] and len(placed) < parts:
                return (
                    f"laid_down[{seat}]",
                    f"seat {seat} laid down {contract}: it owns at least {parts} melds, "
                    f"not {len(placed)} [contract.laydown]",
                )
            if (
                seat == current
                and laying
                and not contract_left(contract, placed, _sizes(variant, number))
            ):
                return "melds", f"seat {seat}'s melds are not part of {contract} [contract.steps]"
        if event.taken is not None and not (
            event.taken in event.known[current] or any(event.taken in m.cards for m in event.melds)
        ):
            return (
                "taken",
                f"{event.taken} is publicly known in seat {current}'s hand or on the table",
            )
        stock = [have - used for have, used in zip(self._deck, seen, strict=True)]
        if min(stock) < 0:
            return "", "the position holds more copies of a card than the deck has"
        stock_size = sum(self._deck) - sum(event.sizes) - sum(len(m.cards) for m in event.melds)
        stock_size -= (event.upcard is not None) + len(event.pile)
        if stock_size < 0:
            return "sizes", "the position holds more cards than the deck has"
        self.before = number - 1
        self.deal_number, self.dealer = number, dealer
        self.deal_over = False
        self.current, self.drawn, self.laying = current, drawn, laying
        self.offerer, self._pending, self._bought = None, [], [0] * players
        self.turn, self.taken = event.turn, event.taken
        self.laid_down_this_turn = event.laid_down_this_turn
        self.laid_down = list(event.laid_down)
        self.sizes = list(event.sizes)
        self.hands = hands
        self.known = [[card.code for card in known] for known in event.known]
        self.table = table
        self.upcard = event.upcard
        self.pile = list(event.pile)
        self.stock_size = stock_size
        if self.stock is not None:
            self.stock = stock
        else:  # a view: every card the position shows it
            self.origin = seen
        self._reshuffled = False
        return None

    def _draw(self, event: Took | Pushed) -> tuple[str, str] | None:
        seat = event.seat
        if self.drawn:
            return "", f"seat {seat} has already drawn this turn [draw.choice]"
        if self.upcard is None or event.card.code != self.upcard.code:
            return "card", f"{event.card} is not the upcard ({self.upcard}) [draw.choice]"
        self.upcard, self.drawn = None, True
        if isinstance(event, Took):
            self._gain(seat, event.card, known=True)
            self.taken = event.card
            return None
        step = 1 if self._variant.push_to is PushTo.NEXT else -1
        to = (seat + step) % self._players
        if event.to != to:
            return "to", f"seat {seat} pushes to seat {to}, not seat {event.to} [draw.push]"
        self._gain(to, event.card, known=True)
        self.taken = None
        stock = self.stock_size
        self._expect = [(to, True)] if stock else []
        if stock >= 2:
            self._expect.append((seat, False))
        else:
            self._ending = (DealEnd.EXHAUSTED, None)
        return None

    def _offer(self, event: UpcardOffered | BuyPassed | Bought) -> tuple[str, str] | None:
        """The upcard offered round the table, a pass, a buy ([buy.offer])."""
        seat, variant = event.seat, self._variant
        if isinstance(event, UpcardOffered):
            if not variant.buying:
                return "", "the upcard is never offered round the table (buying=False) [buy.offer]"
            if self.drawn or self.offerer is not None:
                return "", f"seat {seat} has already drawn this turn [draw.choice]"
            if self.upcard is None or event.card.code != self.upcard.code:
                return "card", f"{event.card} is not the upcard ({self.upcard}) [buy.offer]"
            first = self._next_buyer(seat, seat)
            if first is None:
                return "", "nobody may buy the upcard: the player draws at once [buy.offer]"
            self.offerer, self.current = seat, first
            return None
        offerer = self.offerer
        if offerer is None:
            return "", f"seat {seat} is offered no upcard [buy.offer]"
        if isinstance(event, BuyPassed):
            following = self._next_buyer(offerer, seat)
            if following is not None:
                self.current = following
                return None
            self._pending = [offerer]
            return None
        if not may_buy(
            variant,
            laid_down=self.laid_down[seat],
            bought=self._bought[seat],
            available=self._available(),
        ):
            return "", f"seat {seat} may not buy the upcard [buy.who] [buy.limit] [buy.penalty]"
        upcard = self.upcard
        if upcard is None or event.card.code != upcard.code:
            return "card", f"{event.card} is not the upcard ({upcard}) [buy.offer]"
        if event.penalty != variant.buy_penalty:
            return "penalty", f"a buyer draws {variant.buy_penalty} penalty card(s) [buy.penalty]"
        self.upcard = None
        self._gain(seat, event.card, known=True)
        self._bought[seat] += 1
        self._pending = [seat] * event.penalty + [offerer]
        return None

    def _available(self) -> int:
        return self.stock_size + (len(self.pile) if self._variant.reshuffle_stock else 0)

    def _next_buyer(self, offerer: int, after: int) -> int | None:
        """The next seat the upcard is offered to (:func:`~pushrummy.plays.buy.next_buyer`
        on the replay's facts)."""
        players, available = self._players, self._available()
        seat = (after + 1) % players
        while seat != offerer:
            if may_buy(
                self._variant,
                laid_down=self.laid_down[seat],
                bought=self._bought[seat],
                available=available,
            ):
                return seat
            seat = (seat + 1) % players
        return None

    def _pending_draw(self, event: Event) -> tuple[str, str] | None:
        """A draw a buy's penalty or the offer's end calls for, or the reshuffle before it
        ([buy.penalty], [draw.stock])."""
        seat = self._pending[0]
        if isinstance(event, StockReshuffled) and event.seat == seat:
            return self._reshuffle(event)
        if not self.stock_size:
            return "", "the stock is empty: nothing to draw [draw.exhausted]"
        self._expect = [(seat, False)]
        problem = self._drew(event)
        if problem is not None:
            return problem
        self._pending.pop(0)
        if not self._pending:  # the offerer's own draw: its turn goes on
            self.current, self.offerer = seat, None
            self.drawn, self.taken = True, None
        return None

    def _from_stock(self, event: Drew | StockReshuffled) -> tuple[str, str] | None:
        """A draw from the stock ([draw.stock]), or the reshuffle before it
        ([draw.reshuffle])."""
        seat, variant = event.seat, self._variant
        if variant.draw_style is not DrawStyle.STOCK:
            return "", "a stock card is drawn only by a push [draw.push]"
        if self.drawn:
            return "", f"seat {seat} has already drawn this turn [draw.choice]"
        self.drawn, self.taken = True, None
        self._expect = [(seat, False)]
        if isinstance(event, Drew):
            if event.pushed:
                return "pushed", "a draw from the stock is no push's [draw.stock]"
            if not self.stock_size:
                return "", "the stock is empty: nothing to draw [draw.exhausted]"
            return self._drew(event)
        return self._reshuffle(event)

    def _reshuffle(self, event: StockReshuffled) -> tuple[str, str] | None:
        """The discard pile shuffled into a new stock ([draw.reshuffle])."""
        if not self._variant.reshuffle_stock:
            return "", "the stock is never reshuffled (reshuffle_stock=False) [draw.reshuffle]"
        if self.stock_size or not self.pile:
            return "", "only an empty stock is reshuffled, from a pile [draw.reshuffle]"
        if list(event.cards) != sorted(self.pile):
            return "cards", "expected the discard pile's cards, sorted [draw.reshuffle]"
        self.stock_size = len(self.pile)
        if self.stock is not None:
            for card in self.pile:
                self.stock[card.code] += 1
        self.pile = []
        self._reshuffled = True  # (the pile's cards are in :attr:`origin` already)
        return None

    def _drew(self, event: Event) -> tuple[str, str] | None:
        seat, pushed = self._expect[0]
        if not isinstance(event, Drew) or (event.seat, event.pushed) != (seat, pushed):
            return "", self._expected_draw()
        self._expect.pop(0)
        self.stock_size -= 1
        card = event.card
        hand = self.hands[seat]
        if hand is not None:
            if card is None:
                return "card", "the card drawn is known to its drawer"
            stock = self.stock
            if stock is not None:
                if not stock[card.code]:
                    return "card", f"{card} cannot be in the stock: every copy is elsewhere"
                stock[card.code] -= 1
            elif self.origin is not None and not self._reshuffled:
                self.origin[card.code] += 1
        self._gain(seat, card, known=False)
        return None

    def _expected_draw(self) -> str:
        seat, pushed = self._expect[0]
        what = f"the stock card the push passes to seat {seat}" if pushed else "the pusher's draw"
        if self._variant.draw_style is DrawStyle.STOCK:
            what = f"seat {seat}'s card from the new stock"
        return f"expected the draw of {what}"

    def _laid_down(self, event: LaidDown) -> tuple[str, str] | None:
        seat = event.seat
        if self.laid_down[seat]:
            return "", f"seat {seat} has already laid down this deal [contract.laydown]"
        problem = self._place(seat, event.meld_id, event.meld)
        if problem is not None:
            return problem
        contract = self._variant.deals[self.deal_number - 1].contract
        placed = [meld for owner, meld in self.table if owner == seat]
        left = contract_left(contract, placed, _sizes(self._variant, self.deal_number))
        if left is None:
            return "meld", f"the melds laid down are not part of {contract} [contract.laydown]"
        if event.complete != (not left):
            return "complete", f"expected {str(not left).lower()}: what is left of the contract"
        if left:
            self.laying = True
        else:
            self.laying = False
            self.laid_down[seat] = True
            self.laid_down_this_turn = True
        self._maybe_out(seat)
        return None

    def _melded(self, event: Melded) -> tuple[str, str] | None:
        seat = event.seat
        if not self.laid_down[seat]:
            return "", f"seat {seat} has not laid down its contract [meld.new]"
        problem = self._place(seat, event.meld_id, event.meld)
        if problem is None:
            self._maybe_out(seat)
        return problem

    def _place(self, seat: int, meld_id: int, meld: Meld) -> tuple[str, str] | None:
        if meld_id != len(self.table):
            return "meld_id", f"expected the meld id {len(self.table)} (ids count from 0)"
        violation = meld_rule_violation(meld, self._variant)
        if violation is not None:
            return "meld", f"meld {meld.notation()} breaks the variant: {violation}"
        problem = self._play(seat, meld.cards)
        if problem is not None:
            return "meld", problem
        self.table.append((seat, meld))
        return None

    def _changed(self, event: LaidOff | Exchanged) -> tuple[str, str] | None:
        seat, meld_id = event.seat, event.meld_id
        if not self.laid_down[seat]:
            return "", f"seat {seat} has not laid down its contract [layoff.when]"
        if not 0 <= meld_id < len(self.table):
            return "meld_id", f"there is no meld {meld_id} on the table"
        owner, old = self.table[meld_id]
        if event.owner != owner:
            return "owner", f"meld {meld_id} is seat {owner}'s"
        expected = Counter(old.cards)
        expected[event.card] += 1
        if isinstance(event, Exchanged):
            if not self._variant.is_wild(event.wild) or not expected[event.wild]:
                return "wild", f"{event.wild} is not a wild card of meld {meld_id}"
            expected[event.wild] -= 1
        if Counter(event.meld.cards) != +expected:
            return "meld", f"meld {meld_id} is {old.notation()}: the card does not make this meld"
        violation = meld_rule_violation(event.meld, self._variant)
        if violation is not None:
            return "meld", f"meld {event.meld.notation()} breaks the variant: {violation}"
        problem = self._play(seat, (event.card,))
        if problem is not None:
            return "card", problem
        self.table[meld_id] = (owner, event.meld)
        if isinstance(event, Exchanged):
            self._gain(seat, event.wild, known=True)
        else:
            self._maybe_out(seat)
        return None

    def _discarded(self, event: Discarded) -> tuple[str, str] | None:
        seat = event.seat
        problem = self._play(seat, (event.card,))
        if problem is not None:
            return "card", problem
        if self.upcard is not None:  # left by a draw from the stock ([draw.stock])
            self.pile.append(self.upcard)
        self.upcard = event.card
        self._maybe_out(seat)
        if self._ending is None:
            self.turn += 1
            limit = self._variant.max_turns_per_deal
            if limit is not None and self.turn >= limit:
                self._ending = (DealEnd.TURN_LIMIT, None)
            else:
                self.current = (seat + 1) % self._players
                self.drawn, self.taken, self.laid_down_this_turn = False, None, False
        return None

    def _deal_ended(self, event: DealEnded) -> tuple[str, str] | None:
        ending = self._ending
        if (
            ending is None
            and not self.drawn
            and self.stock_size < 2
            and self._variant.short_stock_push is ShortStockPush.END_WITHOUT_TRANSFER
            and self._variant.draw_style is DrawStyle.PUSH
        ):  # a push with fewer than two stock cards that ends the deal at once
            ending = (DealEnd.EXHAUSTED, None)
        if (
            ending is None
            and not self.drawn
            and not self.stock_size
            and self._variant.draw_style is DrawStyle.STOCK
            and not (self._variant.reshuffle_stock and self.pile)
        ):  # a draw from an empty stock, with no pile to reshuffle ([draw.exhausted])
            ending = (DealEnd.EXHAUSTED, None)
        if ending is None:
            return "", f"deal {self.deal_number} cannot end here: nobody went out, the stock lasts"
        if event.deal_number != self.deal_number:
            return "deal_number", f"expected deal {self.deal_number}"
        if (event.ended_by, event.went_out) != ending:
            return "ended_by", f"expected the deal to end this way: {self._ending_words(ending)}"
        self._ending = None
        self.deal_over = True
        self.current, self.taken, self.laid_down_this_turn = None, None, False
        hands = tuple(_copy(hand) for hand in self.hands)
        self.ends.append((tuple(self.sizes), hands, tuple(map(tuple, self.known))))
        if self.origin is not None:
            self.origins.append(list(self.origin))
        self.reshuffled.append(self._reshuffled)
        return None

    def _ending_words(self, ending: tuple[DealEnd, int | None] | None = None) -> str:
        ended_by, went_out = ending or self._ending or (DealEnd.OUT, None)
        if ended_by is DealEnd.OUT:
            return f"seat {went_out} went out [out.empty]"
        if ended_by is DealEnd.TURN_LIMIT:
            return "the turn limit was reached [game.turn_limit]"
        return "the stock ran out [draw.exhausted]"

    # -- the cards ------------------------------------------------------------------------

    def _gain(self, seat: int, card: Card | None, *, known: bool) -> None:
        self.sizes[seat] += 1
        if card is not None:
            hand = self.hands[seat]
            if hand is not None:
                hand[card.code] += 1
            if known:
                self.known[seat].append(card.code)

    def _play(self, seat: int, cards: Sequence[Card]) -> str | None:
        """``seat`` plays ``cards`` from its hand; what is wrong, if anything."""
        if len(cards) > self.sizes[seat]:
            return f"seat {seat} holds {self.sizes[seat]} cards, not the {len(cards)} played"
        hand = self.hands[seat]
        known = self.known[seat]
        codes = [card.code for card in cards]
        if hand is not None:
            for at, code in enumerate(codes):
                if not hand[code]:
                    for undo in codes[:at]:
                        hand[undo] += 1
                    return f"seat {seat} does not hold {ALL_CARDS[code]}"
                hand[code] -= 1
        # (After a reshuffle a hidden card played may be one drawn from the reshuffled pile,
        # whose cards are counted already: the count then stops, and so asks no more.)
        origin = self.origin if hand is None and not self._reshuffled else None
        if known or origin is not None:
            for code in codes:
                if code in known:
                    known.remove(code)
                elif origin is not None:  # from its hidden hand or draws
                    origin[code] += 1
        self.sizes[seat] -= len(cards)
        return None

    def _maybe_out(self, seat: int) -> None:
        """After ``seat`` played: with no card left it went out, and the deal ends next."""
        if not self.sizes[seat]:
            self._ending = (DealEnd.OUT, seat)


def _copy(hand: list[int] | None) -> list[int] | None:
    return None if hand is None else list(hand)


_CODES = JOKER_CODE + 1
"""How many card codes there are (0..52)."""


def _counts(cards: Sequence[Card]) -> list[int]:
    """A count per card code of ``cards``."""
    counts = [0] * _CODES
    for card in cards:
        counts[card.code] += 1
    return counts


def replay_log(
    events: Sequence[Event], variant: Variant, players: int, seat: int | None
) -> LogReplay:
    """Replay ``events``, the log of a ``players``-seat game of ``variant``: as a state holds
    it (``seat`` ``None``: every card shown) or as ``seat``'s view holds it (only that seat's
    dealt hand and draws shown). The replay stops at the first event that could not have
    happened (:attr:`LogReplay.problem`).

    The events are taken to have their declared types and the game's shape (the JSON decoder
    checks both); the caller checks ``players`` against the variant.
    """
    replay = LogReplay(variant, players, seat)
    for index, event in enumerate(events):
        found = replay._event(event)
        if found is not None:
            replay.problem = (index, *found)
            return replay
    if replay._pending:
        seat = replay._pending[0]
        replay.problem = (len(events), "", f"expected seat {seat}'s draw from the stock (log ends)")
    elif replay._expect:
        replay.problem = (len(events), "", replay._expected_draw() + " (log ends)")
    elif replay._ending is not None:
        ending = replay._ending_words()
        replay.problem = (len(events), "", f"expected the end of the deal ({ending}; log ends)")
    return replay


def _sizes(variant: Variant, deal_number: int) -> Variant | LooseSizes:
    """The options the melds of deal ``deal_number``'s lay-down are measured by: the variant's,
    or in a deal played all out its melds at least their parts' sizes ([out.all_out])."""
    return loose_sizes(variant) if variant.deals[deal_number - 1].all_out else variant
