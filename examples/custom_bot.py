"""A bot of your own, written against the ``Bot`` protocol, playing against ``GreedyBot``.

A bot is any object with ``choose(view) -> Move``. It sees only a
:class:`~pushrummy.PlayerView` — its own hand, hand sizes, the table, the upcard,
the scores and ``view.legal_moves`` — never the privileged game state, so it cannot
cheat. It must return one of ``view.legal_moves``; ``play_game`` applies the move with
``apply_move``, which validates it.

``HoarderBot`` below is deliberately simple: while it holds fewer than ten cards it takes an
upcard that is wild or matches the rank or suit of a natural card in hand, and pushes
otherwise; it lays its contract down one listed step at a time, each time the step whose
cards are worth the most (a step with wild cards is listed as its shape, ``*`` at each wild
place; then it fills the places with its cheapest wilds), then lays off or melds the first
listed one, and discards its most expensive natural card. Its side (seats 0 and 2) plays a
few games against a side of ``GreedyBot`` players (seats 1 and 3).

Run:  python examples/custom_bot.py [GAMES]
"""

from __future__ import annotations

import argparse

import pushrummy as pr


class HoarderBot:
    """Hoards: takes a wild upcard or one that shares a rank or suit with a natural card in
    its hand (under ten cards), lays down the listed step worth the most, lays off and melds
    the first listed, and discards its most expensive natural card."""

    def choose(self, view: pr.PlayerView) -> pr.Move:
        moves = view.legal_moves
        if view.phase is pr.Phase.DRAW:
            up = view.upcard
            keeps = up is not None and (
                up.is_wild
                or any(c.rank == up.rank or c.suit == up.suit for c in view.hand if c.is_natural)
            )
            wanted = pr.Take if keeps and len(view.hand) < 10 else pr.Push
            return next((m for m in moves if isinstance(m, wanted)), moves[0])
        values = view.variant.card_values

        def points(cards: tuple[pr.Card, ...]) -> int:
            return sum(values[0 if c.rank is None else c.rank] for c in cards)

        fills = [m for m in moves if isinstance(m, pr.FillWilds)]
        if fills:  # a shape was announced: its wild places take the cheapest wild cards
            return min(fills, key=lambda m: points(m.wilds))
        steps = [m for m in moves if isinstance(m, (pr.LayDown, pr.LayDownShape))]
        if steps:  # the next meld of the contract (a shape: its natural cards)
            return max(steps, key=lambda m: points(pr.cards_used(m)))
        for kind in (pr.LayOff, pr.NewMeld):
            found = [m for m in moves if isinstance(m, kind)]
            if found:
                return found[0]
        discards = [m for m in moves if isinstance(m, pr.Discard)]
        return max(discards, key=lambda m: (not m.card.is_wild, values[m.card.rank or 0]))


def main(games: int = 3) -> None:
    assert isinstance(HoarderBot(), pr.Bot)  # Bot is a runtime-checkable protocol
    variant = pr.PUSH.replace(max_turns_per_deal=150)
    wins = [0, 0]
    for number, seed in enumerate(range(3, 3 + games), start=1):
        # Side 0 (seats 0 and 2): HoarderBot; side 1 (seats 1 and 3): GreedyBot.
        bots: list[pr.Bot] = [HoarderBot(), pr.GreedyBot(), HoarderBot(), pr.GreedyBot()]
        end = pr.play_game(pr.new_game(variant, seed=seed), bots)
        assert end.outcome is not None
        for side in end.outcome.winners:
            wins[side] += 1
        print(
            f"game {number} (seed {seed}): totals hoarders {end.outcome.totals[0]}, "
            f"greedy {end.outcome.totals[1]}"
        )
    print(
        f"HoarderBot side won {wins[0]} of {games}, GreedyBot side won {wins[1]} (draws count for both)"
    )


def number_argument(description: str, name: str, default: int) -> int:
    """The one optional whole-number argument, or a clean usage error (exit status 2)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(name, nargs="?", type=int, default=default, help=f"default {default}")
    value: int = getattr(parser.parse_args(), name)
    if value < 0:
        parser.error(f"{name} must be 0 or more, not {value}")
    return value


if __name__ == "__main__":
    main(number_argument(__doc__.splitlines()[0], "games", 3))
