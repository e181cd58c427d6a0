"""The PettingZoo environment (pushrummy.agents.pettingzoo_env) passes PettingZoo's own tests.

``api_test``, ``seed_test`` and ``render_test`` for every preset; whole games to the end
with masked random actions (terminations, partnership rewards of both kinds, multi-token
moves), bad actions, and the example of docs/agents.rst.

These tests need the ``rl`` extra. Without it they are skipped — except on CI (the ``CI``
variable set), which installs the extra (``.ci/run``): there a missing extra fails.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("CI"):
    import pettingzoo  # CI installs the rl extra: a missing one is a failure there
else:
    pettingzoo = pytest.importorskip("pettingzoo", reason="the PettingZoo tests need the rl extra")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

import pushrummy as pr
from pushrummy.agents import ActionError
from pushrummy.agents import pettingzoo_env as module
from pushrummy.agents.pettingzoo_env import PushRummyEnv, env, raw_env

ROOT = Path(__file__).resolve().parent.parent

# Short deals, so that games end within PettingZoo's test cycles.
SHORT = {
    "push": (pr.PUSH.replace(max_turns_per_deal=6), 4),
    "cap_it_4": (pr.CAP_IT.replace(max_turns_per_deal=6), 4),
    "cap_it_5": (pr.CAP_IT.replace(max_turns_per_deal=6), 5),
    "cap_it_6": (pr.CAP_IT.replace(max_turns_per_deal=6), 6),
    # buying out of turn: the agent selected is the seat offered the upcard ([buy.offer])
    "contract_rummy_4": (pr.CONTRACT_RUMMY.replace(max_turns_per_deal=6), 4),
}
# What api_test says of every environment with dict observations (its own classic games are
# exempted by name): anything else it warns about fails the test.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


@pytest.mark.parametrize("preset", sorted(SHORT))
@pytest.mark.parametrize("rewards", ["outcome", "points"])
def test_api(preset: str, rewards: str) -> None:
    variant, players = SHORT[preset]
    environment = env(variant=variant, players=players, rewards=rewards)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(environment, num_cycles=2000)
    unexpected = {
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    }
    assert not unexpected, unexpected


@pytest.mark.parametrize("preset", ["push", "cap_it_6"])
def test_seed(preset: str) -> None:
    variant, players = SHORT[preset]
    seed_test(lambda: env(variant=variant, players=players), num_cycles=300)


def test_the_same_seed_plays_the_same_game() -> None:
    first, second = raw_env(), raw_env()
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.game_state == second.game_state
    second.reset(seed=6)
    assert first.game_state != second.game_state
    first.reset()  # continues the stream of seed 5: a new game, still repeatable
    again = raw_env()
    again.reset(seed=5)
    again.reset()
    assert first.game_state == again.game_state


def test_render() -> None:
    def ansi(text: object) -> bool:
        return isinstance(text, str) and "deal " in text and "hand:" in text

    render_test(lambda render_mode=None: env(render_mode=render_mode), custom_tests={"ansi": ansi})


def test_render_text(capsys: pytest.CaptureFixture[str]) -> None:
    environment = raw_env(pr.CAP_IT, 5, render_mode="human")
    environment.reset(seed=3)
    assert environment.render() is None
    printed = capsys.readouterr().out
    assert printed.startswith("cap-it, deal 1 of 5 (2 sets of 3), draw, seat ")
    seat = environment.game_state.current_player
    hand = " ".join(map(str, environment.game_state.hands[seat]))
    assert f"seat {seat}'s hand: {hand}" in printed
    assert raw_env().render() is None  # no render mode: nothing


# -- whole games -----------------------------------------------------------------------------


def _play(environment: PushRummyEnv, seed: int) -> dict[str, float]:
    """Random masked tokens to the end; each agent's rewards as ``last()`` reports them."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    spelled = 0
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            environment.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (environment.codec.size,)
        legal = np.flatnonzero(mask)
        assert len(legal) > 0
        # the mask is the codec's at the pending prefix, and the vector shows that prefix
        prefix = environment.pending_prefix
        view = environment.view(agent)
        assert tuple(legal) == environment.codec.legal_tokens(view, prefix)
        vector = observation["observation"]
        assert vector.dtype == np.float32
        assert vector[environment.encoder.section("prefix_length")][0] == len(prefix)
        spelled = max(spelled, len(prefix))
        # the others see no legal token
        for other in environment.agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        environment.step(rng.choice(legal))
    assert environment.agents == []
    assert spelled >= 3, "no meld was spelled over several steps"
    return totals


@pytest.mark.parametrize("preset", sorted(SHORT))
def test_outcome_rewards(preset: str) -> None:
    variant, players = SHORT[preset]
    environment = raw_env(variant.replace(max_turns_per_deal=20), players)
    totals = _play(environment, seed=11)
    state = environment.game_state
    assert state.phase is pr.Phase.GAME_OVER and state.outcome is not None
    winners = state.outcome.winners
    for seat, agent in enumerate(environment.possible_agents):
        side = variant.side_of(seat)
        expected = (1.0 if len(winners) == 1 else 0.0) if side in winners else -1.0
        assert totals[agent] == expected
    if variant.partnerships:
        assert totals["player_0"] == totals["player_2"] == -totals["player_1"]


@pytest.mark.parametrize("preset", ["push", "cap_it_5"])
def test_points_rewards(preset: str) -> None:
    variant, players = SHORT[preset]
    environment = raw_env(variant.replace(max_turns_per_deal=20), players, rewards="points")
    totals = _play(environment, seed=12)
    state = environment.game_state
    assert len(state.results) == len(variant.deals)
    for seat, agent in enumerate(environment.possible_agents):
        assert totals[agent] == -state.totals[variant.side_of(seat)]
    assert any(totals.values()), "every side scored 0: the test would not see a sign error"


def test_a_shape_then_its_wild_cards() -> None:
    # [contract.wilds]: the shape is a move of its own; the same agent then fills it, with
    # the shape in its observation and the mask the fillings' first tokens.
    environment = raw_env(pr.PUSH.replace(max_turns_per_deal=30), 4, render_mode="ansi")
    environment.reset(seed=2)
    rng = np.random.default_rng(2)
    codec, encoder = environment.codec, environment.encoder
    filled = 0
    for agent in environment.agent_iter(max_iter=5000):
        observation, _, termination, _, _ = environment.last()
        if termination:
            environment.step(None)
            continue
        view = environment.view(agent)
        shapes = [m for m in view.legal_moves if isinstance(m, pr.LayDownShape)]
        if environment.pending_prefix or not shapes:
            environment.step(rng.choice(np.flatnonzero(observation["action_mask"])))
            continue
        shape = shapes[rng.integers(len(shapes))]
        for token in codec.encode(shape):
            assert environment.agent_selection == agent
            environment.step(token)
        assert environment.agent_selection == agent and environment.pending_prefix == ()
        filling = environment.view(agent)
        assert filling.phase is pr.Phase.FILLING_WILDS and filling.shape == shape.shape
        observation = environment.observe(agent)
        vector = observation["observation"]
        assert vector[encoder.section("shape")][0] == 1
        assert vector[encoder.section("shape")][-1] == shape.shape.wild_places
        first = {codec.encode(m)[0] for m in filling.legal_moves}
        assert set(np.flatnonzero(observation["action_mask"])) == first
        assert f"shape: {shape.shape}, its wild cards next" in environment.render()
        filled += 1
        if filled == 3:
            return
    pytest.fail(f"only {filled} shapes announced")


# -- bad input ---------------------------------------------------------------------------------


def test_a_forbidden_token_raises_and_changes_nothing() -> None:
    environment = raw_env()
    environment.reset(seed=1)
    before = environment.game_state
    with pytest.raises(
        ActionError, match=r"player_\d: token 7 \(discard:AC\) at index 0 is not allowed"
    ):
        environment.step(7)
    with pytest.raises(ActionError, match="out of range"):
        environment.step(276)
    with pytest.raises(TypeError, match="a token is an int, not NoneType"):
        environment.step(None)
    assert environment.game_state is before and environment.pending_prefix == ()
    environment.step(np.int64(0))  # take, as a NumPy integer
    assert environment.game_state.phase is pr.Phase.PLAY


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi' or 'human'"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="rewards must be 'outcome' or 'points'"):
        raw_env(rewards="score")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="variant must be a Variant"):
        raw_env("push")  # type: ignore[arg-type]
    with pytest.raises(pr.VariantError, match="not 5"):
        raw_env(pr.PUSH, 5)
    environment = raw_env()
    with pytest.raises(RuntimeError, match="call reset"):
        environment.game_state
    with pytest.raises(TypeError, match="seed must be an int or None"):
        environment.reset(seed="1")  # type: ignore[arg-type]
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        env().agent_selection


def test_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "MISSING_EXTRA", ImportError("No module named 'pettingzoo'"))
    with pytest.raises(ImportError, match=r'needs the rl extra: pip install "pushrummy\[rl\]"'):
        raw_env()


def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / "agents.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text)
    example = next(block for block in blocks if "make_env" in block)
    code = "\n".join(line[3:] for line in example.splitlines())
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/agents.rst", "exec"), namespace)
    printed = capsys.readouterr().out
    totals = namespace["totals"]
    assert printed.strip() == str(totals)
    assert totals["player_0"] == totals["player_2"] and totals["player_1"] == totals["player_3"]
    assert sorted(totals.values()) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)


# -- the learning options: one-deal episodes, normalised and history observations, illegal
# tokens penalising the side ------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"episode": "deal"},
        {"normalize": True, "history": True},
        {"episode": "deal", "rewards": "points", "normalize": True},
    ],
    ids=["deal", "normalised-history", "deal-points-normalised"],
)
@pytest.mark.parametrize("preset", ["push", "cap_it_5"])
def test_api_with_the_learning_options(preset: str, options: dict[str, Any]) -> None:
    variant, players = SHORT[preset]
    environment = env(variant=variant, players=players, **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(environment, num_cycles=1000)
    unexpected = {
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    }
    assert not unexpected, unexpected


def test_seed_with_one_deal_episodes() -> None:
    variant, players = SHORT["push"]
    seed_test(lambda: env(variant=variant, players=players, episode="deal"), num_cycles=300)


@pytest.mark.parametrize("rewards", ["outcome", "points"])
def test_one_deal_episodes_go_through_the_game(rewards: str) -> None:
    variant = pr.PUSH.replace(max_turns_per_deal=12)
    environment = raw_env(variant, rewards=rewards, episode="deal")  # type: ignore[arg-type]
    seen_deals = []
    for episode in range(len(variant.deals) + 1):
        if episode == 0:
            environment.reset(seed=4)
        else:
            environment.reset()
        deal = environment.game_state.deal_number
        seen_deals.append(deal)
        totals = _play_on(environment, seed=episode)
        state = environment.game_state
        result = state.results[-1] if state.results else None
        if episode == len(variant.deals):  # a new game after the last deal
            assert deal == 1 and len(state.results) == 1
        assert result is not None and result.deal_number == deal
        penalties = result.penalties
        for seat, agent in enumerate(environment.possible_agents):
            side = variant.side_of(seat)
            if rewards == "points":
                expected = -float(penalties[side])
            else:
                low = min(penalties)
                alone = penalties.count(low) == 1
                expected = (1.0 if alone else 0.0) if penalties[side] == low else -1.0
            assert totals[agent] == expected, (episode, agent)
    assert seen_deals == [*range(1, len(variant.deals) + 1), 1]


def _play_on(environment: PushRummyEnv, seed: int) -> dict[str, float]:
    """Random masked tokens to the episode's end (no reset); each agent's rewards."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            environment.step(None)
        else:
            environment.step(rng.choice(np.flatnonzero(observation["action_mask"])))
    return totals


def test_normalised_and_history_observations() -> None:
    variant = pr.PUSH.replace(max_turns_per_deal=30)
    raw = raw_env(variant, history=True)
    unit = raw_env(variant, normalize=True, history=True)
    raw.reset(seed=8)
    unit.reset(seed=8)
    size = raw.encoder.size + raw.features.history.size  # type: ignore[union-attr]
    assert raw.observation_space("player_0")["observation"].shape == (size,)
    assert unit.observation_space("player_0")["observation"].high.max() == 1.0
    rng = np.random.default_rng(8)
    for _ in range(300):
        agent = raw.agent_selection
        first, second = raw.observe(agent), unit.observe(agent)
        high = raw.observation_space(agent)["observation"].high
        np.testing.assert_allclose(first["observation"] / high, second["observation"], rtol=1e-6)
        assert second["observation"].min() >= 0.0 and second["observation"].max() <= 1.0
        # the history part is the history encoder's vector of the agent's view
        history = raw.features.history.encode(raw.view(agent))  # type: ignore[union-attr]
        assert tuple(first["observation"][raw.encoder.size :]) == history
        token = rng.choice(np.flatnonzero(first["action_mask"]))
        raw.step(token)
        unit.step(token)


@pytest.mark.parametrize("preset", ["push", "cap_it_5"])
def test_observations_written_in_place_are_the_vectors_from_scratch(preset: str) -> None:
    """The environment keeps an array per seat and rewrites only the parts of the
    observation that changed since that seat's last view (arrays.Features): at every step
    of whole games, for the agent to move and for one that is not, it must hold exactly
    the vector a new encoder builds from the view alone, and the mask a new codec's."""
    variant, players = SHORT[preset]
    variant = variant.replace(max_turns_per_deal=25)  # deals long enough to build a table
    environment = raw_env(variant, players, normalize=preset == "push")
    rng = np.random.default_rng(3)
    checked = melds = 0
    for seed in (3, 4):
        environment.reset(seed=seed)
        for agent in environment.agent_iter():
            others = [a for a in environment.agents if a != agent]
            another = [others[int(rng.integers(len(others)))]] if others else []
            for seen in [agent, *another]:
                view = environment.view(seen)
                prefix = environment.pending_prefix if seen == agent else ()
                scratch = pr.agents.ObservationEncoder(variant, players)
                expected = np.array(scratch.encode(view, prefix), dtype=np.float32)
                if environment.features.normalize:
                    expected = np.array(scratch.normalise(scratch.encode(view, prefix)))
                observed = environment.observe(seen)
                np.testing.assert_allclose(observed["observation"], expected, rtol=1e-6)
                mask = pr.agents.ActionCodec(variant, players).mask(view, prefix)
                assert tuple(observed["action_mask"]) == mask
                checked += 1
                melds = max(melds, len(view.table))
            observation, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                environment.step(None)
            else:
                environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked > 1000 and melds >= 3, (checked, melds)


def test_an_illegal_token_penalises_the_offenders_side() -> None:
    environment = raw_env(illegal_reward=-2.0)
    environment.reset(seed=1)
    offender = environment.agent_selection
    seat = environment.possible_agents.index(offender)
    mask = environment.observe(offender)["action_mask"]
    environment.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(environment.terminations.values())
    totals = _play_on(environment, seed=0)  # every agent collects its reward and leaves
    assert environment.agents == []
    for other, agent in enumerate(environment.possible_agents):
        same_side = pr.PUSH.side_of(other) == pr.PUSH.side_of(seat)
        assert totals[agent] == (-2.0 if same_side else 0.0)
    assert sum(totals.values()) == -4.0  # the offender and its partner
