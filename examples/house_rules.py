"""A house-rule variant built with ``PUSH.replace(...)``, and what the changes do.

A :class:`~pushrummy.Variant` is an immutable, validated value. ``replace`` makes a copy
with some options changed (named as in RULES.md) and validates it again, so an
inconsistent house rule fails at once with a message naming the field. This script:

1. builds a house variant — wilds may not outnumber the naturals in a meld, wilds may
   not be discarded, lay-offs only on your own side's melds;
2. prints the options that differ from Push;
3. shows each change at work: a wild-heavy meld, the ways to meet a contract, the
   discards offered with a wild in hand;
4. shows that a bad option is rejected when the variant is built;
5. lets greedy bots play one game under each ruleset.

Run:  python examples/house_rules.py
"""

from __future__ import annotations

import attrs

import pushrummy as pr
from pushrummy.notation import parse_meld

HOUSE = pr.PUSH.replace(
    name="push (house rules)",
    wild_limit=pr.WildLimit.AT_MOST_NATURALS,  # [meld.wild]
    may_discard_wild=False,  # [discard.wild]
    layoff_targets=pr.LayoffTargets.TEAM,  # [layoff.card]
    max_turns_per_deal=200,  # [game.turn_limit]: a safety valve for bot games
)
BASE = pr.PUSH.replace(max_turns_per_deal=200)


def changed_options() -> None:
    print("Options that differ from Push:")
    for field in attrs.fields(pr.Variant):
        old, new = getattr(pr.PUSH, field.name), getattr(HOUSE, field.name)
        if old != new:
            print(f"  {field.name:<20} {show(old)!s:<12} -> {show(new)}")


def show(value: object) -> object:
    """An option's value as written in a variant (enums by their value)."""
    return getattr(value, "value", value)


def wild_heavy_meld() -> None:
    meld = parse_meld("5H JK=6H 2C=7H")  # a run: 5H, then two wilds standing for 6H and 7H
    for variant in (pr.PUSH, HOUSE):
        problem = pr.meld_rule_violation(meld, variant)
        print(f"  {variant.name:<20} {meld}: {'allowed' if problem is None else problem}")


def contract_ways() -> None:
    hand = pr.parse_cards("7S 7H JK 9C 2D 2S QH")
    contract = pr.PUSH.deals[0].contract
    for variant in (pr.PUSH, HOUSE):
        ways = pr.contract_options(hand, contract, variant)
        print(
            f"  {variant.name:<20} {len(ways)} ways to lay down {contract} from {pr.format_cards(hand)}"
        )


def discards_with_a_wild() -> None:
    # Find a position where the player to move holds a wild after drawing.
    for variant in (BASE, HOUSE):
        state = pr.new_game(variant, seed=5)
        seat = state.current_player
        while seat is None or not (
            state.phase is pr.Phase.PLAY and any(c.is_wild for c in state.hands[seat])
        ):
            if seat is None:  # between deals: deal the next one
                state = pr.apply_move(state, pr.NextDeal())
            else:
                state = pr.apply_move(state, pr.GreedyBot().choose(pr.view(state, seat)))
            seat = state.current_player
        discards = [m.card for m in pr.legal_moves(state) if isinstance(m, pr.Discard)]
        wilds = [str(c) for c in discards if c.is_wild]
        print(
            f"  {variant.name:<20} hand {pr.format_cards(state.hands[seat])}: "
            f"{len(discards)} discards, wild discards {wilds or 'none'}"
        )


def rejected() -> None:
    try:
        pr.PUSH.replace(min_naturals_per_meld=2)
    except pr.VariantError as exc:
        print(f"  rejected: {exc}")


def one_game_each() -> None:
    for variant in (BASE, HOUSE):
        end = pr.play_game(pr.new_game(variant, seed=3), [pr.GreedyBot()] * 4)
        assert end.outcome is not None
        print(
            f"  {variant.name:<20} totals {end.outcome.totals}, "
            f"deals ended by {[r.ended_by.value for r in end.results]}"
        )


if __name__ == "__main__":
    changed_options()
    print("A meld with two wilds and one natural:")
    wild_heavy_meld()
    print("Ways to meet the first deal's contract:")
    contract_ways()
    print("Discards offered with a wild in hand:")
    discards_with_a_wild()
    print("Validation:")
    rejected()
    print("Greedy bots, seed 3:")
    one_game_each()
