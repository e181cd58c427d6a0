"""Single melds: every set or run a hand can meld on its own (:func:`single_melds`).

After the contract a player may meld any one set or run of 3 or more cards ([meld.new]).
Those melds are exactly the ways of the one-component contracts "1 set of 3" and "1 run
of 3" (sizes never exact), but the general lister pays for machinery a single meld does
not need (shape combination, the feasibility prune), and the move generator asks after
every lay-off. :func:`single_melds` lists the same melds directly: ranks and windows of
a suit that too few naturals cover to fill with the wilds held are skipped at once, and
the set and run shapes of a rank's or suit's naturals are memoised.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..melds import Meld, MeldRules
from .hands import ACE_HIGH, NIBBLE_1, NIBBLE_3, NIBBLE_5, NIBBLE_8, Hand, read_hand, wild_pool
from .parts import SET
from .rules import Rules, meld_rules_of
from .shapes import build_meld, meld_shapes, wild_fills_cached


def single_melds(
    hand: Iterable[Card],
    variant: MeldRules | None = None,
    *,
    canonical_wilds: bool = False,
    minimal: bool = False,
) -> tuple[Meld, ...]:
    """Every distinct set or run of 3 or more cards ``hand`` can meld, in canonical order.

    The same melds, in the same order, as the single melds of
    ``contract_options(hand, Contract.parse("1 set of 3"), rules)`` followed by those of
    ``"1 run of 3"``, where ``rules`` are ``variant``'s meld options with
    ``contract_exact_sizes`` off (a new meld may be any size). With ``canonical_wilds``,
    runs that differ only in which wild card fills which wild place come once, with
    their wilds in ascending card order along the run ([meld.wild]).

    With ``minimal``, only the melds no smaller meld grows into by lay-offs (see
    :func:`is_minimal`): every other meld is one of them and then lay-offs onto it, one
    card at a time, each keeping the meld valid ([layoff.card]). These are the new melds
    :func:`~pushrummy.engine.legal_moves` lists.

    >>> from pushrummy.cards import parse_cards
    >>> hand = parse_cards("4H 5H 6H 7H 9C 9D 9S")
    >>> [m.notation() for m in single_melds(hand)]
    ['9C 9D 9S', '4H 5H 6H', '4H 5H 6H 7H', '5H 6H 7H']
    >>> [m.notation() for m in single_melds(hand, minimal=True)]
    ['9C 9D 9S', '4H 5H 6H', '5H 6H 7H']

    Raises:
        TypeError: ``hand`` is not cards or ``variant`` not ``None`` or meld options.
    """
    rules = meld_rules_of(variant)
    return single_melds_of(
        read_hand(hand, rules.wild_twos), rules, bool(canonical_wilds), bool(minimal)
    )


def is_minimal(
    size: int, naturals: int, natural_out: bool, wild_out: bool, rules: Rules, smallest: int = 3
) -> bool:
    """Whether a new meld of ``size`` cards, ``naturals`` of them natural, is no smaller
    meld grown by one lay-off: whether taking out any card that could have been laid off
    last leaves no meld that keeps the options ([meld.wild] ``min_naturals_per_meld`` and
    ``wild_limit``). ``natural_out`` and ``wild_out`` say whether such a card can be a
    natural, a wild: a run's last lay-off is one of its two end cards ([layoff.card]), a
    set's any of its cards. A meld of 3 cards is minimal (2 cards are no meld); with
    ``smallest``, a meld of ``smallest`` cards or fewer (a lay-down step's smaller melds
    must still fill its part of the contract).

    By induction every meld is a minimal meld and then lay-offs onto it, each keeping
    the meld valid: if taking a card out leaves a valid meld, that card is a valid lay-off
    onto it.
    """
    if size <= smallest:
        return True
    wilds = size - naturals
    if natural_out and rules.allows(naturals - 1, wilds):
        return False
    return not (wild_out and rules.allows(naturals, wilds - 1))


def longest_minimal(rules: Rules, smallest: int) -> int:
    """The longest meld that can be minimal (:func:`is_minimal` with ``smallest``):
    ``smallest`` when a meld's wilds are not tied to its naturals and it needs at most one
    natural, else :data:`~pushrummy.contracts.hands.ACE_HIGH` (no bound below a run's).

    Without a wild limit and with ``min_naturals_per_meld`` at most 1, every meld longer
    than ``smallest`` is some smaller meld and then a lay-off: an end card (any card of
    a set) can go and leave a meld that keeps the options — a natural if the meld keeps
    another natural after it, else a wild (a meld of more than 3 cards with one natural
    or none has a wild at an end, or is a set holding wilds).

    >>> from pushrummy.contracts.rules import rules_of
    >>> longest_minimal(rules_of(None), 3)
    3
    """
    if not rules.limited and rules.min_naturals <= 1:
        return smallest
    return ACE_HIGH


def single_melds_of(
    hand: Hand, rules: Rules, canonical: bool = False, minimal: bool = False
) -> tuple[Meld, ...]:
    found = single_decls(hand, rules, canonical, minimal=minimal)
    if not found:
        return ()
    return tuple([build_meld(decl) for _, decl in found])


def single_decls(
    hand: Hand, rules: Rules, canonical: bool, holding: int = -1, *, minimal: bool = False
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every single meld of ``hand`` as ``(sort key, declaration)``, sorted. With
    ``canonical``, a run's wilds fill its wild places in one order only (ascending card
    code), so runs differing only in which wild stands where come once ([meld.wild]).
    With ``holding`` (a natural's code), only the melds holding that card; with
    ``minimal``, only the minimal ones (:func:`is_minimal`)."""
    if hand.wilds < 2 and not _could_meld(hand.presence, hand.wilds, rules.any_suits):
        return []  # most hands after the contract, most turns: no meld at all
    pool = wild_pool(hand, rules.wild_twos)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    longest = longest_minimal(rules, 3) if minimal else ACE_HIGH  # no longer run can be
    for kind, which, start, size, body, need in meld_shapes(hand, rules, True, True, 3, longest):
        if holding >= 0 and holding not in body:
            continue
        if minimal and size > 3:
            if kind == SET:  # any card may have come last
                natural_out, wild_out = need < size, need > 0
            else:  # an end card
                natural_out = body[0] >= 0 or body[-1] >= 0
                wild_out = body[0] < 0 or body[-1] < 0
            if not is_minimal(size, size - need, natural_out, wild_out, rules):
                continue
        if kind == SET:
            for fill in wild_fills_cached(pool, need, False):
                cards = tuple(sorted(body + fill)) if fill else body
                found.append(((kind, which, 0, size, *cards), (kind, which, *cards)))
        elif not need:
            found.append(((kind, which, start, size, *body), (kind, which, start, *body)))
        else:
            for fill in wild_fills_cached(pool, need, not canonical):
                slot = iter(fill)
                cards = tuple(c if c >= 0 else next(slot) for c in body)
                found.append(((kind, which, start, size, *cards), (kind, which, start, *cards)))
    found.sort()
    return found


_NATURALS = (1 << 52) - 1
"""The suit-major part of :attr:`Hand.presence <pushrummy.contracts.hands.Hand.presence>`."""
_ACES = sum(1 << (13 * suit) for suit in range(4))
"""The ace of each suit, suit-major."""


def _could_meld(presence: int, wilds: int, any_suits: bool = False) -> bool:
    """False when a hand of these naturals and at most one wild (``wilds``) has no meld
    of 3 cards at all, whatever the options (they only forbid melds): no rank held in
    ``3 - wilds`` suits, and no three run places in a row of which ``3 - wilds`` hold
    naturals. The test may say True for a hand without a meld (across suit boundaries,
    all suits are one bitmask), never False for one with a meld. With ``any_suits``
    ([meld.set_suits] ``any``: copies of one card make a set) every hand might meld."""
    if any_suits:
        return True
    # Sets: nibble popcounts of the rank-major mask (SWAR), as meld_shapes counts them.
    x = presence >> 64
    x -= x >> 1 & NIBBLE_5
    x = (x & NIBBLE_3) + (x >> 2 & NIBBLE_3)
    if (x + (5 + wilds) * NIBBLE_1) & NIBBLE_8:
        return True
    # Runs: each ace again after its suit's king (the bit after the king is the next
    # suit's ace: a stray bit there only makes a spurious True). Twos are wild, so their
    # places hold no natural.
    naturals = presence & _NATURALS
    q = naturals | (naturals & _ACES) << 13
    if wilds:
        return bool(q & (q >> 1 | q >> 2))
    return bool(q & q >> 1 & q >> 2)
