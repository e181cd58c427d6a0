"""The suits of a lay-down's runs ([contract.run_suits]): which combinations of candidates
keep the rule, for the feasibility search and the lay-down steps.

The rule is :func:`~pushrummy.contract_spec.runs_clash` of two runs. A candidate of the
search (module ``candidates``) is a run's suit, its natural places and a number of wilds,
not yet where the wilds stand: a run of ``size`` places whose naturals span ``low..high``
may start anywhere from ``high - size + 1`` to ``low`` (within 1..14), its wilds at the
ends accordingly, and each start is a :data:`~pushrummy.contract_spec.RunWindow` the run
may take. A combination of candidates keeps the rule when its runs (and the runs already
placed, whose windows are fixed) can take windows no two of which clash. A run of wilds
only takes any suit and window, so it never clashes: under ``distinct`` a contract has at
most 4 runs (a variant asking for more is refused), so a suit is free for it; under
``apart`` it takes the very window of another run (overlapping runs do not clash).

:func:`run_suits_fit` answers for candidate lists a :func:`~pushrummy.contracts.feasibility.solve`
has made, which ignore the rule: first the way that search found, and only if its runs
clash, a backtracking over every combination (identical components in non-decreasing
order, as the search's own). Minimal candidates are enough, as for the search: a way with
longer melds whose runs keep the rule has melds of the parts' sizes that keep it too (a
shorter run inside a longer one either keeps the gap to another run, or is chosen to keep
a place it shares with it). The backtracking runs only when a contract has two runs or
more and the rule is ``apart`` or ``distinct``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..contract_spec import RunSuits, RunWindow, run_window, runs_clash
from ..melds import Meld
from .candidates import Candidate
from .hands import ACE_HIGH, field_bits, tables_of
from .memo import bounded_memo, remember
from .parts import RUN, Component
from .rules import Rules


def placed_windows(melds: Iterable[Meld]) -> tuple[RunWindow, ...]:
    """The windows of the runs among ``melds`` (placed towards the contract), sorted."""
    return tuple(sorted(w for meld in melds if (w := run_window(meld)) is not None))


def binds(rules: Rules, comps: Iterable[Component], placed: tuple[RunWindow, ...]) -> bool:
    """Whether [contract.run_suits] can refuse a way to complete ``comps`` after the runs
    ``placed``: the rule is not ``any`` and a run is left to find with another run beside
    it."""
    if rules.run_suits is RunSuits.ANY:
        return False
    runs = sum(1 for kind, _ in comps if kind == RUN)
    return runs > 0 and runs + len(placed) >= 2


def candidate_windows(candidate: Candidate) -> tuple[RunWindow, ...] | None:
    """The windows a run candidate may take; ``None`` for a run of wilds only (it takes
    any, and never clashes)."""
    need, _, (_, suit, bits) = candidate
    if not bits:
        return None
    naturals = bits.bit_count()
    size = naturals + need
    low = (bits & -bits).bit_length() - 1
    high = bits.bit_length() - 1
    first = max(1, high - size + 1)
    last = min(low, ACE_HIGH - size + 1)
    return tuple((suit, start, start + size - 1) for start in range(first, last + 1))


def windows_fit(options: list[tuple[RunWindow, ...]], option: RunSuits) -> bool:
    """Whether each run may take one of its windows (``options``, one tuple per run) with
    no two clashing."""
    taken: list[RunWindow] = []

    def place(i: int) -> bool:
        if i == len(options):
            return True
        for window in options[i]:
            if not any(runs_clash(option, window, other) for other in taken):
                taken.append(window)
                if place(i + 1):
                    return True
                taken.pop()
        return False

    return place(0)


def _cards(candidate: Candidate, comp: Component) -> int:
    """The cards a candidate of ``comp`` uses: a set's are its part's size, a run's its
    naturals and wilds (a long run, under a wild limit, is longer than its part)."""
    if comp[0] != RUN:
        return comp[1]
    return candidate[2][2].bit_count() + candidate[0]


def run_suits_fit(
    codes: list[int],
    wilds: int,
    comps: tuple[Component, ...],
    by_comp: dict[Component, list[Candidate]],
    rules: Rules,
    placed: tuple[RunWindow, ...],
    keep: bool,
    found: list[Candidate] | None = None,
) -> bool:
    """Whether ``comps`` can be met from the hand ``codes`` (``wilds`` of them wild) by
        candidates of ``by_comp`` (every distinct component's, made for this hand) whose runs,
        with the runs ``placed``, keep [contract.run_suits]; with ``keep``, a card of the hand
        must be left over. ``found`` is a way the search found without the rule, tried first
    (without ``keep``)."""
    option = rules.run_suits
    fixed: list[tuple[RunWindow, ...]] = [(window,) for window in placed]
    total = len(codes)
    if found is not None and not keep:
        options = list(fixed)
        for candidate in found:
            if candidate[2][0] == RUN and (windows := candidate_windows(candidate)) is not None:
                options.append(windows)
        if windows_fit(options, option):
            return True
    key = (tuple(sorted(codes)), comps, id(rules), placed, keep)
    known = _FITS.get(key)
    if known is not None:
        return known
    field = field_bits(total)
    tables = tables_of(field)
    guards = tables.guards
    remaining = guards + sum(map(tables.units.__getitem__, codes))
    order = tuple(sorted(comps, key=lambda comp: (len(by_comp[comp]), comp)))

    def pick(
        i: int, start: int, left: int, spare: int, used: int, runs: list[tuple[RunWindow, ...]]
    ) -> bool:
        if i == len(order):
            return not keep or used < total
        comp = order[i]
        candidates = by_comp[comp]
        first = start if i and order[i - 1] == comp else 0
        for index in range(first, len(candidates)):
            candidate = candidates[index]
            need = candidate[0]
            if need > spare:
                break  # sorted by wilds
            rest = left - candidate[1]
            if rest & guards != guards:
                continue
            more = runs
            if comp[0] == RUN and (windows := candidate_windows(candidate)) is not None:
                more = [*runs, windows]
                if not windows_fit(more, option):
                    continue
            if pick(i + 1, index, rest, spare - need, used + _cards(candidate, comp), more):
                return True
        return False

    return remember(_FITS, key, pick(0, 0, remaining, wilds, 0, fixed))


_FITS: dict[tuple[object, ...], bool] = bounded_memo(20_000)
"""Memo of :func:`run_suits_fit`'s backtracking, by hand, components, rules, runs placed
and ``keep``."""
