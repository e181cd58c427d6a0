"""Game events in words for the terminal: moves, deal starts, deal results, the final score."""

from __future__ import annotations

from collections.abc import Sequence

from ..english import describe_move, narrate_move
from ..moves import Move, NextDeal, Push
from ..scoring import hand_value
from ..state import DealEnd, GameState, Outcome, TableMeld
from ..variants import StakesSettlement
from .common import Names, plural, turns_played
from .render import Output, Segment

__all__ = ["deal_ended", "deal_started", "game_over", "narrate", "settlement", "table_lines"]


def narrate(
    out: Output,
    before: GameState,
    move: Move,
    after: GameState,
    names: Names,
    *,
    viewer: int | None = None,
) -> str:
    """One line saying what ``move`` did (:func:`pushrummy.english.narrate_move`), told from
    the events it added to the log (:mod:`pushrummy.events`) as ``viewer`` saw them
    (``None``: a spectator who sees every card, as in ``watch``; a seat: that seat's redacted
    events, so nothing it may not know). Deal starts and ends have their own headings
    (:func:`deal_started`, :func:`deal_ended`). A shape
    (:class:`~pushrummy.moves.LayDownShape`) adds no event: its line is empty, and its meld
    is told once its wild places are filled."""
    if isinstance(move, NextDeal):
        return describe_move(move)
    log = after.log.events if viewer is None else after.log.seen_by(viewer)
    return narrate_move(
        log.since(len(before.log)),
        move.seat,
        push=isinstance(move, Push),
        upcard=before.upcard,
        you=names.human,
        viewer=viewer,
        card_text=out.card_text,
        meld_text=out.meld,
    )


def deal_started(out: Output, state: GameState, names: Names, *, show_hands: bool = False) -> None:
    """The heading of a new deal: its contract, the dealer, the upcard (and every hand)."""
    deals = len(state.variant.deals)
    spec = state.variant.deals[state.deal_number - 1]
    out.heading(
        f"Deal {state.deal_number} of {deals}: {plural(spec.hand_size, 'card')} each, "
        f"contract {state.contract}"
        + (", all out (every card, no discard)" if spec.all_out else "")
    )
    up = out.card_text(state.upcard) if state.upcard is not None else "none"
    out.line(
        f"{names.does(state.dealer, 'deals')}; {names.does(state.current_player or 0, 'plays')}"
        f" first; upcard {up}; stock {plural(len(state.stock), 'card')}"
    )
    if show_hands:
        for seat, hand in enumerate(state.hands):
            out.line(f"  {names.seat(seat)}: ", *out.cards(hand))


def deal_ended(out: Output, state: GameState, names: Names) -> None:
    """How the deal ended, the cards left in every hand, the penalties and the totals."""
    result = state.results[-1]
    turns = turns_played(state)
    number = result.deal_number
    if result.ended_by is DealEnd.OUT:
        assert result.went_out is not None
        who = "you" if result.went_out == names.human else names.seat(result.went_out)
        how = f"{who} went out in turn {turns}"
    elif result.ended_by is DealEnd.EXHAUSTED:
        how = f"the stock ran out in turn {turns}; nobody went out"
    else:
        how = (
            f"the turn limit ({plural(state.variant.max_turns_per_deal or 0, 'turn')}) was "
            "reached; "
            "scored as an exhausted stock"
        )
    out.line()
    out.line((f"Deal {number} result: {how}", "bold"))
    variant = state.variant
    out_side = None if result.went_out is None else variant.side_of(result.went_out)
    for seat, hand in enumerate(result.hands):
        parts: list[Segment] = [f"  {names.seat(seat)}: "]
        if not hand:
            parts.append("no cards")
        else:
            parts.extend(out.cards(hand))
            if variant.side_of(seat) == out_side:
                parts.append(" (not counted: the side went out)")
            else:
                parts.append(f" = {hand_value(hand, variant)}")
        out.line(*parts)
    penalties = ", ".join(f"{names.side(side)} +{p}" for side, p in enumerate(result.penalties))
    totals = ", ".join(f"{names.side(side)} {t}" for side, t in enumerate(state.totals))
    out.line(f"  penalties: {penalties}")
    out.line(f"  totals:    {totals}")


def winner_line(outcome: Outcome, names: Names) -> str:
    """``Winner: side 0 (...) with 120 points`` or ``Draw: ... share the lowest total``."""
    best = outcome.totals[outcome.winners[0]]
    if outcome.is_draw:
        sides = " and ".join(names.side(s) for s in outcome.winners)
        return f"Draw: {sides} share the lowest total, {plural(best, 'point')}"
    return f"Winner: {names.side(outcome.winners[0])} with {plural(best, 'point')}"


def game_over(out: Output, state: GameState, names: Names) -> None:
    """The final score table (penalties per deal, totals) and the winner(s)."""
    outcome = state.outcome
    assert outcome is not None
    out.heading(f"Game over after {plural(len(state.results), 'deal')}")
    known_bots = any(b is not None for b in names.bots)
    headers = ["side"]
    if state.variant.partnerships:
        headers.append("seats")
    if known_bots:
        headers.append("bots")
    first_number = len(headers)
    headers += [f"deal {r.deal_number}" for r in state.results] + ["total"]
    rows = []
    for side, total in enumerate(outcome.totals):
        row = [names.side_short(side)]
        if state.variant.partnerships:
            row.append(names.side_seats(side))
        if known_bots:
            row.append(names.side_bots(side))
        if names.human is not None and names.human in names.seats_of(side):
            row[0] = f"{row[0]} (yours)" if state.variant.partnerships else f"you ({row[0]})"
        row += [str(r.penalties[side]) for r in state.results] + [str(total)]
        rows.append(row)
    out.table(headers, rows, right=range(first_number, len(headers)))
    out.line((winner_line(outcome, names), "bold green"))
    if outcome.stakes is not None:
        settlement(out, outcome.stakes, names)


def settlement(out: Output, stakes: StakesSettlement, names: Names) -> None:
    """The stakes settled at the game's end: the pot, who took what from it, each net.

    Raises:
        TypeError: ``stakes`` is not a :class:`~pushrummy.variants.StakesSettlement`.
    """
    if not isinstance(stakes, StakesSettlement):
        raise TypeError(f"stakes must be a StakesSettlement, not {type(stakes).__name__}")
    out.line((f"Stakes: the pot held {plural(stakes.pot, 'chip')}", "bold"))

    def prizes(amounts: Sequence[int]) -> str:
        taken = [f"{names.short(s)} {plural(n, 'chip')}" for s, n in enumerate(amounts) if n]
        return ", ".join(taken) or "none"

    out.line(f"  prizes for going out: {prizes(stakes.round_prizes)}")
    out.line(f"  final prize:          {prizes(stakes.final_prizes)}")
    if stakes.left_in_pot:
        out.line(f"  left in the pot:      {plural(stakes.left_in_pot, 'chip')}")
    net = ", ".join(f"{names.short(s)} {n:+d}" for s, n in enumerate(stakes.net))
    out.line(f"  net (won - ante):     {net}")


def table_lines(out: Output, table: Sequence[TableMeld], names: Names) -> None:
    """The melds on the table with their ids and owners."""
    if not table:
        out.line("Table: no melds yet")
        return
    out.line("Table:")
    for meld in table:
        out.line(f"  [{meld.id}] {out.meld(meld.meld)}   ({names.short(meld.owner)})")
