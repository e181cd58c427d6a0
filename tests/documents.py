"""Valid JSON documents and mutations of them, shared by the decoder's fuzz tests
(``test_decode_fuzz.py``) and the JSON Schema tests (``test_schemas.py``).

* :func:`valid_documents` — documents of every kind (cards, melds, moves, variants, and the
  states, views and records of a recorded game), computed once;
* :func:`all_paths`, :func:`replace_at`, :func:`delete_at` — walking and changing a document
  (never in place);
* :func:`mutate` — one thing changed in a document (a value replaced by junk, a field deleted
  or added, a card or integer nudged, a list item dropped or duplicated), with the choices
  made by a ``pick`` function: :func:`mutations` draws them with Hypothesis,
  :func:`random_mutation` with a seeded :class:`random.Random` (repeatable counts);
* :data:`json_values`, :data:`junk_values` (Hypothesis) and :data:`JUNK` (a fixed list):
  the junk that replaces values.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from hypothesis import strategies as st

import pushrummy as pr
from games import recorded_game
from pushrummy.cards import JOKER, parse_card
from pushrummy.meld_shape import MeldShape
from pushrummy.melds import End, Meld
from pushrummy.moves import (
    Discard,
    ExchangeWild,
    FillWilds,
    LayDown,
    LayDownShape,
    LayOff,
    NewMeld,
    NextDeal,
    Push,
    Take,
)
from pushrummy.serialization import encode
from pushrummy.state import Phase
from pushrummy.variants import CAP_IT, PUSH, Stakes

__all__ = [
    "HOWS",
    "JUNK",
    "all_paths",
    "delete_at",
    "json_values",
    "junk_values",
    "mutate",
    "mutations",
    "random_mutation",
    "replace_at",
    "valid_documents",
]

# -- valid documents -----------------------------------------------------------------------------


@cache
def valid_documents() -> tuple[dict[str, Any], ...]:
    """Documents of every kind: cards, melds, moves, variants, and states, views and
    records taken from a recorded Cap-It game (5 players, house rules, stakes)."""
    meld_set = Meld.set_of(pr.parse_cards("9C 9S JK"))
    meld_run = Meld.run_of([parse_card("5H"), JOKER, parse_card("7H")])
    values: list[object] = [
        parse_card("10H"),
        JOKER,
        meld_set,
        meld_run,
        Take(0),
        Push(1),
        LayDown(2, (meld_set, meld_run)),
        LayDownShape(2, MeldShape.of(meld_set)),
        LayDownShape(2, MeldShape.of(meld_run)),
        FillWilds(2, (parse_card("2C"), JOKER)),
        LayOff(3, JOKER, 2, End.LOW),
        LayOff(0, parse_card("9D"), 0, None),
        NewMeld(1, meld_run),
        ExchangeWild(0, 1, 6, parse_card("6H")),
        Discard(1, parse_card("7H")),
        NextDeal(),
        PUSH,
        CAP_IT.replace(stakes=Stakes(10, 5), max_turns_per_deal=50),
    ]
    game = recorded_game(
        "cap_it_5_stakes", 1
    )  # Cap-It house rules, 5 players, stakes, deal 2 injected
    picks = [0, len(game) // 3, len(game) // 2, len(game) - 1]
    picks += [i for i, (_, s) in enumerate(game) if s.table and s.phase is Phase.PLAY][:1]
    picks += [i for i, (_, s) in enumerate(game) if s.phase is Phase.BETWEEN_DEALS][:1]
    picks += [i for i, (_, s) in enumerate(game) if s.phase is Phase.FILLING_WILDS][:1]
    for index in picks:
        _, state = game[index]
        values += [state, pr.view(state, 0), pr.view(state, state.current_player or 1)]
    values.append(game[len(game) // 4][0])
    values.append(recorded_game("push", 0)[40][0])
    # a game set up from a position (its log begins with a starting_position)
    start = pr.new_position(
        PUSH,
        hands=["4S 5S", "KH KD 3C 8D 10S JS QS", "2H 5D 5S QS QH JK", "AD AS 8D 8C 10H JD"],
        table=[
            (0, Meld.set_of(pr.parse_cards("7C 7D 7H"))),
            (0, Meld.set_of(pr.parse_cards("9C 9D 9H"))),
        ],
        phase=Phase.PLAY,
        current_player=1,
        turn=1,
        taken="KH",
        known=["", "KH", "", ""],
        seed=6,
    )
    state = pr.apply_move(pr.apply_move(start, Discard(1, parse_card("3C"))), Push(2))
    values += [start, pr.view(start, 2), state, pr.view(state, 1)]
    return tuple(encode(value) for value in values)


# -- walking and changing documents ---------------------------------------------------------------


def all_paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indices) of every value in ``node``, ``node`` itself first."""
    paths = [prefix]
    if isinstance(node, dict):
        for key, child in node.items():
            paths += all_paths(child, (*prefix, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            paths += all_paths(child, (*prefix, index))
    return paths


def replace_at(document: Any, steps: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``document`` with the value at ``steps`` set to ``value``."""
    mutated = copy.deepcopy(document)
    node = mutated
    for step in steps[:-1]:
        node = node[step]
    node[steps[-1]] = value
    return mutated


def delete_at(document: Any, steps: tuple[Any, ...]) -> Any:
    """A copy of ``document`` without the value at ``steps``."""
    mutated = copy.deepcopy(document)
    node = mutated
    for step in steps[:-1]:
        node = node[step]
    del node[steps[-1]]
    return mutated


# -- junk ----------------------------------------------------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["7H", "10H", "JK", "th", "set", "run", "take", "pushrummy.move", "draw"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)
"""Any JSON value (as ``json.loads`` returns it), small."""

SCALAR_JUNK: list[Any] = [
    -1,
    0,
    1,
    3,
    4,
    14,
    15,
    99,
    10**6,
    2**70,
    -(2**70),
    True,
    False,
    None,
    1.5,
    "",
    "ZZ",
    "1H",
    "10h",
    "JK",
]
junk_values = st.one_of(json_values, st.sampled_from(SCALAR_JUNK))
"""What replaces a value: any JSON value, or one of the values the decoder is fussy about."""

JUNK: list[Any] = [
    *SCALAR_JUNK,
    2.0,
    -0.5,
    2**63,
    2**63 - 1,
    "7H",
    "th",
    "set",
    "run",
    "take",
    "draw",
    "pushrummy.move",
    [],
    ["7H", "JK"],
    [1, 2],
    [None],
    {},
    {"kind": "set"},
    {"type": "take", "seat": 0},
]
"""A fixed list of junk values, for repeatable mutations."""

# -- mutations -----------------------------------------------------------------------------------

HOWS = ("replace", "delete", "add", "card", "int", "drop", "duplicate")
"""The ways :func:`mutate` changes a document."""

NEW_KEYS = ("extra", "type", "seat", "Card", "bad key", "schema")
CARD_JUNK = ("ZZ", "1H", "10h", "", " 7H", "7H ", "JK", "AS", "2C", "KX", "♥7")

Pick = Callable[[Sequence[Any]], Any]


def mutate(document: Any, pick: Pick, junk: Callable[[], Any]) -> tuple[Any, str]:
    """A copy of ``document`` with one thing changed, and how it was changed (one of
    :data:`HOWS`). ``pick`` chooses one of the options it is given; ``junk`` gives a value."""
    steps = pick(all_paths(document)[1:])
    how = pick(HOWS)
    parent = document
    for step in steps[:-1]:
        parent = parent[step]
    target = parent[steps[-1]]
    if how == "delete":
        return delete_at(document, steps), how
    if how == "add":
        container = (
            target if isinstance(target, dict) else parent if isinstance(parent, dict) else None
        )
        if container is not None:
            where = steps if container is target else steps[:-1]
            return replace_at(document, (*where, pick(NEW_KEYS)), junk()), how
    if how == "card" and isinstance(target, str):
        return replace_at(document, steps, pick(CARD_JUNK)), how
    if how == "int" and isinstance(target, int) and not isinstance(target, bool):
        number = pick([-1, target + 1, target - 1, 10**9, 2**64, -(2**64), target * 100])
        return replace_at(document, steps, number), how
    if how in ("drop", "duplicate") and isinstance(target, list) and target:
        changed = list(target)
        index = pick(range(len(changed)))
        if how == "drop":
            del changed[index]
        else:
            changed.insert(index, changed[index])
        return replace_at(document, steps, changed), how
    return replace_at(document, steps, junk()), "replace"


@st.composite
def mutations(draw: st.DrawFn) -> tuple[Any, str]:
    """A valid document with one thing changed (Hypothesis), and how it was changed."""
    document = draw(st.sampled_from(valid_documents()))
    return mutate(
        document, lambda options: draw(st.sampled_from(options)), lambda: draw(junk_values)
    )


def random_mutation(rng: random.Random) -> tuple[dict[str, Any], Any, str]:
    """A valid document, the same with one thing changed, and how: repeatable for a seeded
    ``rng`` (the junk from :data:`JUNK`)."""
    document = rng.choice(valid_documents())
    mutated, how = mutate(document, rng.choice, lambda: rng.choice(JUNK))
    return document, mutated, how
