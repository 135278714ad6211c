"""ai.env.aec: several players, each an agent, in PettingZoo's AEC API (issue 58 item 3)."""
from __future__ import annotations

import numpy as np
import pytest

from ai.agent import DELIBERATE_FOUL, TUSH, Decision
from ai.env import PyramidEnv, aec_env
from ai.env.codec import observation_of
from ai.env.forward import TERMINAL_PLAYER
from engine import initial_state

from ..conftest import make_state

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402 (after the skip: pettingzoo is optional)

TUSH_DECISION = Decision(None, None, kind=DELIBERATE_FOUL, foul=TUSH)  # R7.1d: a foul, 5 points
BALLS = {"cue": (1.20, 0.60), "7": (3.20, 1.50), "12": (2.40, 0.90)}


# api_test's advice for a Dict observation and action space (the single-agent environment's)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Action space for each agent probably")
@pytest.mark.parametrize("variant, players", [("two-player", 2), ("three-each", 3),
                                              ("one-vs-pair", 3)])
def test_pettingzoo_api_test_passes(variant, players):
    """PettingZoo's own checker, games cut at 6 strokes so that its 10 cycles see every
    agent truncated and leave (the end's dead steps)."""
    env = aec_env(variant, max_strokes=6)
    api_test(env, num_cycles=10)
    assert env.possible_agents == [f"player_{k}" for k in range(players)]


def test_two_players_see_what_the_single_agent_environment_shows():
    """The AEC observation and spaces are PyramidEnv's: the same arrays, the same spaces."""
    env = aec_env("two-player")
    single = PyramidEnv(opponent="random", learner_side=1)
    theirs, info = single.reset(seed=2)
    ours = observation_of(info["state"], 1, single.max_strokes)
    assert ours.keys() == theirs.keys()
    for key in ours:
        assert np.array_equal(ours[key], theirs[key]), key
    assert env.observation_space("player_0") == single.observation_space
    assert env.action_space("player_1") == single.action_space


def test_three_sides_are_seen_from_each_player_in_turn_order():
    state = make_state(BALLS, scores=(10, 20, 30), variant="three-each",
                       target=51, shelves=[[], [], []], unchanged_foul_streak=[0, 1, 2])
    obs = observation_of(state, 1, 500)
    assert obs["scores"].tolist() == [20, 30, 10]
    assert obs["unchanged_fouls"].tolist() == [1, 2, 0]
    assert obs["targets"].tolist() == [51, 51, 51]


def test_the_game_ends_with_each_player_rewarded_and_every_agent_leaves():
    """One against a pair: partner B fouls with the single at 68, who reaches 73 (R7.2,
    R9.1): the single +1, both partners -1; then each agent steps None and leaves."""
    start = make_state(BALLS, scores=(68, 40), variant="one-vs-pair", to_move=1,
                       pair={"partner": 1})
    env = aec_env("one-vs-pair")
    env.reset(seed=0, options={"state": start.to_json()})
    assert env.agent_selection == "player_2" and env.current_player() == 2
    obs, reward, terminated, truncated, info = env.last()
    assert info["call_mask"].any() and info["action_mask"]["ball"].tolist()[7] == 1
    env.step(TUSH_DECISION)
    assert env.game_state.scores[0] == 73 and env.current_player() == TERMINAL_PLAYER
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0, "player_2": -1.0}
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.infos["player_0"]["stroke"]["player"] == 2
    assert env.infos["player_0"]["stroke"]["fouls"] == ["R7.1d"]
    seen = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert terminated and not info["call_mask"].any()
        seen[agent] = reward
        env.step(None)
    assert seen == {"player_0": 1.0, "player_1": -1.0, "player_2": -1.0}


def test_the_pair_alternates_and_the_same_seed_plays_the_same_game():
    """R12.2(1): single strokes in turn, single, partner A, single, partner B; two
    environments seeded alike, given the same actions, play the same strokes."""
    envs = [aec_env("one-vs-pair", pair_order="alternate", max_strokes=4) for _ in range(2)]
    orders, states = [], []
    for env in envs:
        env.reset(seed=9)
        for agent in envs[0].possible_agents:
            env.action_space(agent).seed(1)
        order = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            order.append(agent)
            env.step(env.action_space(agent).sample(info["action_mask"]))
        assert env.agents == [] and env.game_state.strokes_played == 4  # cut, every agent left
        orders.append(order)
        states.append(env.game_state)
    assert orders[0] == ["player_0", "player_1", "player_0", "player_2"] == orders[1]
    assert states[0] == states[1] and hash(states[0]) == hash(states[1])


def test_bad_settings_are_refused_naming_them():
    for kwargs, field in (({"variant": "four-each"}, "variant"),
                          ({"skill": ["strong", "club"], "variant": "three-each"}, "skill"),
                          ({"max_strokes": 0}, "max_strokes")):
        with pytest.raises(ValueError, match=field):
            aec_env(**kwargs)
    env = aec_env("three-each")
    with pytest.raises(ValueError, match="options.state"):
        env.reset(options={"state": initial_state()})
    with pytest.raises(ValueError, match="options.state: scores"):
        env.reset(options={"state": dict(initial_state("three-each").to_json(), scores=[1])})
