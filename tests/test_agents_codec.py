"""The action codec (pushrummy.agents.codec): every legal move is exactly one token path.

Over seeded games of every preset and several house rules, at every position (the state,
with the chance step between deals, and the view of the seat to move):

* the paths of the legal moves are unique and prefix-free, and decode back to their move;
* walking :meth:`ActionCodec.legal_tokens` from the root enumerates exactly the legal moves,
  and at every prefix it equals the reference: the set of next tokens of the encoded legal
  moves that continue that prefix (and :meth:`ActionCodec.mask` says the same);
* no step offers more than a few hundred choices;
* a lay-down step with wild cards is a shape, then its filling ([contract.wilds]): in
  ``filling_wilds`` the mask is exactly the fillings' first tokens, every filling one card
  token per wild place.

Bad input raises :class:`~pushrummy.agents.ActionError` naming the token, or ``TypeError``.
"""

from __future__ import annotations

import functools
import itertools
import pickle
import subprocess
import sys
from collections import Counter

import pytest

import pushrummy as pr
from games import PRESETS, Game, Policy, greedy, melding, playout, uniform, variant_for
from pushrummy.agents import ActionCodec, ActionError, meld_tokens, shape_tokens
from pushrummy.agents import codec as codec_module
from pushrummy.agents.codec import (
    CARD,
    DISCARD,
    EXCHANGE,
    LAY_OFF,
    MELD,
    NEXT_DEAL,
    POSITION,
    PUSH,
    RUN,
    SET,
    STOP,
    TAKE,
    WILD_PLACE,
)
from pushrummy.meld_shape import MeldShape

# (preset, house rules, seed, policy): the melding policy fills the table (lay-offs, new melds,
# exchanges); greedy plays whole lay-downs; uniform random moves build big hands; every house-rule set that changes what is legal to
# meld, lay off or exchange is here.
GAMES = [
    ("push", "default", 1, "melding"),
    ("push", "default", 2, "melding"),
    ("push", "default", 3, "greedy"),
    ("push", "exchange_team_next_turn", 4, "melding"),
    ("push", "exchange_team_next_turn", 5, "melding"),
    ("push", "previous_forbidden_keep_wilds", 6, "melding"),
    ("cap_it_4", "default", 7, "melding"),
    ("cap_it_4", "own_no_new_melds_values", 8, "melding"),
    ("cap_it_5", "jokers_fewer_previous_stakes", 9, "melding"),
    ("cap_it_5", "strict_wilds_stakes", 10, "greedy"),
    ("cap_it_6", "default", 11, "melding"),
    ("cap_it_6", "exchange_team_next_turn", 12, "melding"),
    ("push", "default", 13, "uniform"),
    ("push", "exchange_team_next_turn", 14, "uniform"),
    ("cap_it_4", "plain_rummy_draw", 15, "melding"),
    ("push", "plain_rummy_draw", 16, "uniform"),
    ("cap_it_4", "jokers_fewer_previous_stakes", 15, "uniform"),
    ("cap_it_5", "default", 16, "uniform"),
    ("cap_it_6", "default", 17, "uniform"),
    ("cap_it_6", "strict_wilds_stakes", 18, "greedy"),
]
POLICIES: dict[str, Policy] = {
    "melding": melding(),
    "greedy": greedy(0.2),
    "uniform": uniform,  # big hands: random pushes pile cards on the receivers
}


def _reference(paths: list[tuple[int, ...]], prefix: tuple[int, ...]) -> set[int]:
    """The next tokens of the legal paths that continue ``prefix``: what the mask must be."""
    k = len(prefix)
    return {path[k] for path in paths if len(path) > k and path[:k] == prefix}


def _check_position(
    codec: ActionCodec, where: pr.GameState | pr.PlayerView, stats: Counter[str]
) -> None:
    moves = where.legal_moves if isinstance(where, pr.PlayerView) else pr.legal_moves(where)
    paths = [codec.encode(move) for move in moves]
    # unique
    assert len(set(paths)) == len(paths), "two legal moves share a path"
    # prefix-free: in sorted order, a path that is a prefix of others sorts right before
    # one of them, so checking neighbours is enough.
    ordered = sorted(paths)
    for shorter, longer in itertools.pairwise(ordered):
        assert longer[: len(shorter)] != shorter, f"{shorter} is a prefix of {longer}"
    # round trip
    for move, path in zip(moves, paths):
        assert all(0 <= token < codec.size for token in path)
        assert codec.decode(path, where) == move
        assert codec.complete(where, path) == move
    # walking the mask enumerates exactly the legal moves, and matches the reference
    found: list[pr.Move] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        tokens = codec.legal_tokens(where, prefix)
        assert set(tokens) == _reference(paths, prefix), prefix
        assert list(tokens) == sorted(tokens)
        key = "largest step inside a move" if prefix else "largest first step"
        stats[key] = max(stats[key], len(tokens))
        move = codec.complete(where, prefix)
        if move is not None:
            assert tokens == ()
            found.append(move)
            continue
        assert tokens or not moves, f"the prefix {prefix} leads nowhere"
        if len(prefix) < 2:  # the 0/1 mask is the same set (checked at the top levels)
            mask = codec.mask(where, prefix)
            assert len(mask) == codec.size
            assert {i for i, bit in enumerate(mask) if bit} == set(tokens)
            assert set(mask) <= {0, 1}
        stack.extend((*prefix, token) for token in tokens)
    assert Counter(found) == Counter(moves)
    for move in moves:
        stats[type(move).__name__] += 1


@functools.cache
def played(preset: str, house: str, seed: int, policy: str) -> tuple[ActionCodec, Game]:
    """One seeded game of :data:`GAMES` (played once) and its codec."""
    variant = variant_for(preset, house)
    players = PRESETS[preset][1]
    return ActionCodec(variant, players), playout(variant, players, seed, POLICIES[policy])


@functools.cache
def checked_game(preset: str, house: str, seed: int, policy: str) -> Counter[str]:
    """Check every position of one seeded game; the tallies: moves by kind, phases, the
    largest number of choices at a step."""
    codec, game = played(preset, house, seed, policy)
    players = game.players
    stats: Counter[str] = Counter()
    for state in game.states:
        _check_position(codec, state, stats)
        stats[state.phase.value] += 1
        seat = state.current_player
        if seat is not None:
            _check_position(codec, pr.view(state, seat), stats)
            other = pr.view(state, (seat + 1) % players)
            assert codec.legal_tokens(other) == ()
            assert codec.complete(other, ()) is None
    return stats


@pytest.mark.parametrize("game", GAMES, ids=["-".join(map(str, game)) for game in GAMES])
def test_every_legal_move_is_one_path(game: tuple[str, str, int, str]) -> None:
    stats = checked_game(*game)
    assert stats["play"] > 20 and stats["draw"] > 20, stats


def test_the_games_reach_every_kind_of_move() -> None:
    total: Counter[str] = Counter()
    for game in GAMES:
        stats = checked_game(*game)  # computed once, shared with the test above
        total.update({k: v for k, v in stats.items() if not k.startswith("largest")})
        for key in ("largest first step", "largest step inside a move"):
            total[key] = max(total[key], stats[key])
    kinds = {"Take", "Push", "LayDown", "LayDownShape", "FillWilds", "LayOff", "NewMeld"}
    kinds |= {"ExchangeWild", "Discard", "NextDeal"}
    assert kinds <= set(total), total
    assert total["laying_down"] > 0 and total["between_deals"] > 0, total
    assert total["filling_wilds"] > 0, total
    # no step offers more than a few hundred choices
    assert total["largest first step"] <= 300, total
    assert total["largest step inside a move"] <= 60, total
    print(
        f"\nlargest number of choices: {total['largest first step']} at a first step, "
        f"{total['largest step inside a move']} inside a move",
        end="",
    )


# -- the alphabet ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "size"), [("push", 276), ("cap_it_4", 276), ("cap_it_5", 294), ("cap_it_6", 294)]
)
def test_sizes(preset: str, size: int) -> None:
    variant, players, _ = PRESETS[preset]
    codec = ActionCodec(variant, players)
    assert codec.size == size == MELD + codec.meld_ids
    assert codec.meld_ids == variant.packs(players) * 54 // 3
    names = [codec.token_name(token) for token in range(codec.size)]
    assert len(set(names)) == codec.size, "two tokens share a name"


def test_token_groups_and_names() -> None:
    codec = ActionCodec(pr.PUSH, 4)
    assert (TAKE, PUSH, NEXT_DEAL, EXCHANGE, STOP) == (0, 1, 2, 3, 4)
    assert (DISCARD, LAY_OFF, CARD, SET, RUN, POSITION, MELD) == (7, 60, 113, 166, 178, 226, 240)
    card = pr.parse_card("10H")
    assert codec.token_name(DISCARD + card.code) == "discard:10H"
    assert codec.token_name(LAY_OFF + card.code) == "lay-off:10H"
    assert codec.token_name(CARD + pr.JOKER.code) == "card:JK"
    assert codec.token_name(SET + 1) == "set:3"
    assert codec.token_name(RUN + 47) == "run:S12"
    assert codec.token_name(POSITION + 13) == "position:14"
    assert codec.token_name(codec.size - 1) == "meld:35"
    assert repr(codec) == "ActionCodec(push, players=4, size=276)"


def test_encode_spells_each_kind() -> None:
    codec = ActionCodec(pr.PUSH, 4)
    c = pr.parse_card
    assert codec.encode(pr.Take(2)) == (TAKE,)
    assert codec.encode(pr.Push(0)) == (PUSH,)
    assert codec.encode(pr.NextDeal()) == (NEXT_DEAL,)
    assert codec.encode(pr.Discard(1, c("7S"))) == (DISCARD + c("7S").code,)
    assert codec.encode(pr.LayOff(1, c("7S"), 4)) == (LAY_OFF + c("7S").code, MELD + 4)
    assert codec.encode(pr.LayOff(1, c("JK"), 0, pr.End.HIGH)) == (LAY_OFF + 52, MELD, 6)
    assert codec.encode(pr.ExchangeWild(3, 2, 14, c("AH"))) == (EXCHANGE, MELD + 2, POSITION + 13)
    run = pr.parse_meld("JK=AD 2D=2D 3D")  # a run from the low ace
    assert codec.encode(pr.NewMeld(0, run)) == (
        RUN + 12 + 0,
        CARD + 52,
        CARD + c("2D").code,
        CARD + c("3D").code,
        STOP,
    )
    set_ = pr.parse_meld("KS 2C=K JK=K")
    path = (SET + 11, CARD + c("2C").code, CARD + c("KS").code, CARD + 52, STOP)
    assert codec.encode(pr.LayDown(0, [set_])) == path == meld_tokens(set_)
    assert codec.encode(pr.NewMeld(0, set_)) == path
    # [contract.wilds]: a shape is spelled as a meld, card:JK at each wild place (a set's
    # naturals sorted, then its wild places); a filling as its wild cards, no stop
    shape = MeldShape.of(set_)
    path = (SET + 11, CARD + c("KS").code, WILD_PLACE, WILD_PLACE, STOP)
    assert codec.encode(pr.LayDownShape(0, shape)) == path == shape_tokens(shape)
    fill = pr.FillWilds(0, pr.parse_cards("2C JK"))
    assert codec.encode(fill) == (CARD + c("2C").code, CARD + 52)
    run = MeldShape.of(pr.parse_meld("2C=5H 6H 2S=7H 8H JK=9H"))
    assert codec.describe(codec.encode(pr.LayDownShape(3, run))) == (
        "run:H5 card:JK card:6H card:JK card:8H card:JK stop"
    )
    # the codec spells listed moves: a whole lay-down of a meld with jokers (never listed,
    # [contract.wilds]) has the path of its shape, which is listed instead
    jokers = pr.parse_meld("5H JK=6H 7H")
    assert codec.encode(pr.LayDown(0, [jokers])) == shape_tokens(MeldShape.of(jokers))
    assert CARD + pr.JOKER.code == WILD_PLACE


# -- a shape, then its wild cards ([contract.wilds]) -------------------------------------------


def test_a_filling_position_masks_exactly_the_fillings_first_tokens() -> None:
    checked = several = 0
    for game in GAMES[::3]:
        codec, played_game = played(*game)
        for before, state in itertools.pairwise(played_game.states):
            if state.phase is not pr.Phase.FILLING_WILDS:
                continue
            seat = state.current_player
            assert seat == before.current_player and state.shape is not None
            fills = pr.legal_moves(state)
            assert fills and all(isinstance(move, pr.FillWilds) for move in fills)
            # one card token per wild place, so no filling's path is a prefix of another
            paths = {codec.encode(move) for move in fills}
            assert {len(path) for path in paths} == {state.shape.wild_places}
            first = {path[0] for path in paths}
            assert first <= {CARD + card.code for card in state.hands[seat] if card.is_wild}
            for where in (state, pr.view(state, seat)):
                mask = codec.mask(where)
                assert {token for token, bit in enumerate(mask) if bit} == first
                assert set(codec.legal_tokens(where)) == first
                for token in first:  # and after it, the second tokens of those fillings
                    after = {path[1:2] for path in paths if path[0] == token}
                    rest = codec.legal_tokens(where, (token,))
                    assert {(t,) for t in rest} == (after - {()})
            # the other seats see the shape but have no token
            assert pr.view(state, (seat + 1) % state.players).shape == state.shape
            assert codec.legal_tokens(pr.view(state, (seat + 1) % state.players)) == ()
            checked += 1
            several += len(paths) > 1
    assert checked > 20 and several > 0, (checked, several)


# -- bad input -------------------------------------------------------------------------------


@pytest.fixture
def drawn() -> pr.PlayerView:
    state = pr.apply_move(pr.new_game(pr.PUSH, seed=9), pr.Take(1))
    return pr.view(state, 1)


def test_tokens_out_of_range(drawn: pr.PlayerView) -> None:
    codec = ActionCodec(pr.PUSH, 4)
    for bad in (-1, codec.size, 10**9):
        with pytest.raises(ActionError, match=rf"token {bad} at index 0 is out of range") as info:
            codec.decode([bad], drawn)
        assert info.value.index == 0 and isinstance(info.value, pr.InvalidMoveError)
        with pytest.raises(ActionError, match="out of range"):
            codec.legal_tokens(drawn, [bad])
        with pytest.raises(ActionError, match="out of range"):
            codec.token_name(bad)


def test_tokens_not_allowed(drawn: pr.PlayerView) -> None:
    codec = ActionCodec(pr.PUSH, 4)
    with pytest.raises(ActionError, match=r"token 0 \(take\) at index 0 is not allowed here") as e:
        codec.decode([TAKE], drawn)
    assert e.value.index == 0 and e.value.tokens == (TAKE,)
    set_4 = SET + 2
    with pytest.raises(ActionError, match=r"at index 1 is not allowed here; allowed: card:4D"):
        codec.mask(drawn, [set_4, CARD + 52])
    with pytest.raises(ActionError, match="do not spell a whole move") as e:
        codec.decode([set_4], drawn)
    assert e.value.index is None
    discard = DISCARD + pr.parse_card("6D").code
    with pytest.raises(ActionError, match=r"at index 1 comes after a whole move \(discard:6D\)"):
        codec.legal_tokens(drawn, [discard, STOP])
    # not this seat's turn: nothing is allowed
    other = pr.view(pr.new_game(pr.PUSH, seed=9), 0)
    with pytest.raises(ActionError, match=r"allowed: nothing \(no legal move\)"):
        codec.decode([TAKE], other)


def test_errors_survive_pickling(drawn: pr.PlayerView) -> None:
    with pytest.raises(ActionError) as info:
        ActionCodec(pr.PUSH, 4).decode([TAKE, STOP], drawn)
    copy = pickle.loads(pickle.dumps(info.value))
    assert type(copy) is ActionError and str(copy) == str(info.value)
    assert (copy.tokens, copy.index) == ((TAKE, STOP), 0)


def test_encode_refuses_moves_without_a_path() -> None:
    codec = ActionCodec(pr.PUSH, 4)
    melds = [pr.parse_meld("7S 7H 7D"), pr.parse_meld("9C 9S 9H")]
    with pytest.raises(ActionError, match="a lay-down of 2 melds has no path"):
        codec.encode(pr.LayDown(0, melds))
    with pytest.raises(ActionError, match=r"names meld 36, but the codec has meld ids 0\.\.35"):
        codec.encode(pr.LayOff(0, pr.JOKER, 36))
    with pytest.raises(ActionError, match="names meld -1"):
        codec.encode(pr.ExchangeWild(0, -1, 3, pr.parse_card("3H")))
    with pytest.raises(ActionError, match="no run position 15"):
        codec.encode(pr.ExchangeWild(0, 1, 15, pr.parse_card("3H")))
    with pytest.raises(ActionError, match="a filling of no wild card has no path"):
        codec.encode(pr.FillWilds(0, ()))
    with pytest.raises(TypeError, match="not a move: str"):
        codec.encode("take")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="shape must be a MeldShape, not Meld"):
        shape_tokens(pr.parse_meld("7S 7H 7D"))  # type: ignore[arg-type]


def test_wrong_types(drawn: pr.PlayerView) -> None:
    codec = ActionCodec(pr.PUSH, 4)
    for bad in (True, 1.0, "0", None):
        with pytest.raises(TypeError, match="a token is an int"):
            codec.decode([bad], drawn)  # type: ignore[list-item]
    for tokens in ("0", 0, b"\x00", None):
        with pytest.raises(TypeError, match="tokens must be a sequence of ints"):
            codec.legal_tokens(drawn, tokens)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="position must be a PlayerView or a GameState"):
        codec.mask("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="variant must be a Variant"):
        ActionCodec("PUSH", 4)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="players must be an int"):
        ActionCodec(pr.PUSH, True)
    with pytest.raises(pr.VariantError, match="not 5"):
        ActionCodec(pr.PUSH, 5)


def test_integer_like_tokens_are_accepted(drawn: pr.PlayerView) -> None:
    class Index:  # what numpy integers look like to the codec
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    discard = DISCARD + pr.parse_card("6D").code
    assert ActionCodec(pr.PUSH, 4).decode([Index(discard)], drawn) == pr.Discard(  # type: ignore[list-item]
        1, pr.parse_card("6D")
    )


@pytest.mark.parametrize("value", ["3", 3.0, True, None])
def test_a_token_whose_index_is_no_int_is_a_type_error(drawn: pr.PlayerView, value: object) -> None:
    class Index:  # a broken integer-like value: __index__ returns something else
        def __index__(self) -> object:
            return value

    with pytest.raises(TypeError, match="__index__ returned"):
        ActionCodec(pr.PUSH, 4).decode([Index()], drawn)  # type: ignore[list-item]


def test_position_of_another_game(drawn: pr.PlayerView) -> None:
    with pytest.raises(pr.SetupError, match="the codec is for cap-it with 4 players"):
        ActionCodec(pr.CAP_IT, 4).mask(drawn)
    house = ActionCodec(pr.PUSH.replace(may_discard_wild=False), 4)
    with pytest.raises(pr.SetupError, match="and its house rules"):
        house.legal_tokens(drawn)


def test_paths_and_the_cache(drawn: pr.PlayerView) -> None:
    codec = ActionCodec(pr.PUSH, 4)
    paths = codec.paths(drawn)
    assert sorted(paths.values(), key=str) == sorted(drawn.legal_moves, key=str)
    # the codec keeps the tries of a few positions: asking about many, in any order, gives
    # each its own answer (an evicted one is built again)
    game = playout(pr.PUSH, 4, 3, uniform, max_moves=40)
    views = [pr.view(s, s.current_player) for s in game.states if s.current_player is not None]
    assert len(views) > 20
    expected = [tuple(sorted({codec.encode(m)[0] for m in v.legal_moves})) for v in views]
    for _ in range(2):
        for view, tokens in zip(views, expected):
            assert codec.legal_tokens(view) == tokens
        for view, tokens in zip(views[::-3], expected[::-3]):
            assert codec.legal_tokens(view) == tokens
    assert codec.legal_tokens(drawn)[0] == DISCARD + pr.parse_card("2C").code


def test_agents_are_not_imported_by_the_package() -> None:
    code = (
        "import sys, pushrummy, pushrummy.agents; "
        "import pushrummy.agents.evaluation, pushrummy.agents.history, pushrummy.agents.rewards; "
        "assert 'pushrummy.agents.pettingzoo_env' not in sys.modules; "
        "bad = sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'ray') "
        "if m in sys.modules); "
        "assert not bad, bad; "
        "import importlib; del sys.modules['pushrummy.agents']; "
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
    code = "import sys, pushrummy; print(sorted(m for m in sys.modules if 'agents' in m))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert codec_module.__name__ == "pushrummy.agents.codec"
