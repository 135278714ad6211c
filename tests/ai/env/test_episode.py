"""ai.env: registration, reset(options=...) validated, info and the observation's counters,
SyncVectorEnv (issue 30, item 1)."""
from __future__ import annotations

import numpy as np
import pytest

import ai.env
from ai.env import ENV_ID, RESET_OPTIONS, PyramidEnv
from engine import GameState
from tests.ai.conftest import make_state

gymnasium = pytest.importorskip("gymnasium")


def test_importing_ai_env_registers_it_once():
    assert ENV_ID == "pyramid/SmallPyramid-v0" and ENV_ID in gymnasium.registry
    assert ai.env.register() is True  # a second registration finds it and leaves it
    env = gymnasium.make(ENV_ID, render_mode="rgb_array", opponent="random")
    assert isinstance(env.unwrapped, PyramidEnv) and env.unwrapped.render_mode == "rgb_array"


def test_reset_with_a_seed_is_reproducible_through_gymnasium_make():
    def run(seed):
        env = gymnasium.make(ENV_ID)
        env.action_space.seed(seed)
        obs, _ = env.reset(seed=seed)
        out = [obs["balls"].tobytes()]
        for _ in range(4):
            obs, r, term, trunc, info = env.step(env.action_space.sample())
            out.append((obs["balls"].tobytes(), r, info["fouls"], info["pocketed"]))
            if term or trunc:
                break
        return out
    assert run(5) == run(5)
    assert run(5) != run(6)


def test_an_unknown_option_or_a_bad_value_is_refused_naming_it():
    env = PyramidEnv(opponent="random")
    with pytest.raises(ValueError, match="options.opponent_sill is not an option"):
        env.reset(seed=0, options={"opponent_sill": "weak"})
    bad = {"learner_side": 2, "skill": "godlike", "opponent_skill": -1.0, "variant": "three-each",
           "call_mode": "loose", "opponent": "nobody", "state": "rack"}
    for key, value in bad.items():
        with pytest.raises(ValueError, match=f"options.{key}"):
            env.reset(seed=0, options={key: value})
    with pytest.raises(ValueError, match="options must be a mapping"):
        env.reset(seed=0, options=["opponent"])
    assert set(RESET_OPTIONS) == {"opponent", "skill", "opponent_skill", "learner_side",
                                  "variant", "call_mode", "state"}


def test_options_apply_to_one_game_only():
    env = PyramidEnv(opponent="random", learner_side=0)
    env.reset(seed=0, options={"learner_side": 1, "call_mode": "ball-and-pocket",
                               "variant": "one-vs-pair", "opponent": "greedy"})
    assert env.learner_side == 1 and env.state.call_mode == "ball-and-pocket"
    assert env.state.variant == "one-vs-pair" and env.opponent.name != "random"
    env.reset(seed=0)
    assert env.learner_side == 0 and env.state.call_mode == "exact"
    assert env.state.variant == "two-player" and env.state.break_pending


def test_a_start_position_with_the_draw_rule_counters_in_the_observation():
    start = make_state({"cue": (1.0, 0.9), "7": (2.5, 0.5), "3": (2.0, 1.2)}, scores=(30, 24),
                       warning=True, unchanged_foul_streak=[1, 2])
    env = PyramidEnv(opponent="random", learner_side=0)
    obs, info = env.reset(seed=0, options={"state": start.to_json()})
    assert info["state"] == start and info["strokes"] == []
    assert obs["warning"] == 1 and list(obs["unchanged_fouls"]) == [1, 2]
    assert env.observation_space.contains(obs)
    env.reset(seed=0, options={"state": start, "learner_side": 1})  # the opponent moves first
    assert env.state.strokes_played >= 1 and env.state.to_move == 1
    with pytest.raises(ValueError, match="options.state.*over"):
        env.reset(options={"state": GameState.from_json(
            {**start.to_json(), "result": {"draw": True, "rule": "R9.2"}})})


def test_info_says_fouls_points_and_pocketed_and_they_add_up_to_the_scores():
    env = PyramidEnv(opponent="greedy", learner_side=0)
    env.action_space.seed(2)
    obs, _ = env.reset(seed=2)
    fouls_seen = set()
    for _ in range(8):
        before = obs["scores"].copy()
        obs, _, term, trunc, info = env.step(env.action_space.sample())
        strokes = info["strokes"]
        assert strokes[0]["player"] == "you"
        assert strokes[0]["fouls"] == info["fouls"] and strokes[0]["points"] == info["points"]
        assert sum(s["player"] == "opponent" for s in strokes) == info["opponent_strokes"]
        total = np.sum([s["points"] for s in strokes], axis=0)
        assert list(obs["scores"] - before) == list(total)
        for s in strokes:
            assert set(s["counted"]) <= set(s["pocketed"])
            assert all(f.startswith("R") for f in s["fouls"])
        fouls_seen.update(info["fouls"])
        if term or trunc:
            break
    assert fouls_seen  # a random policy fouls within 8 strokes of this seed


def test_sync_vector_env_wraps_it():
    from gymnasium.vector import SyncVectorEnv
    envs = SyncVectorEnv([lambda: gymnasium.make(ENV_ID, opponent="random")] * 2)
    obs, info = envs.reset(seed=[0, 1])
    assert obs["balls"].shape == (2, 16, 3) and obs["unchanged_fouls"].shape == (2, 2)
    assert info["action_mask"].shape == (2, 288) and info["action_mask"].dtype == np.bool_
    envs.action_space.seed(0)
    obs, reward, term, trunc, info = envs.step(envs.action_space.sample())
    assert reward.shape == (2,) and obs["scores"].shape == (2, 2)
    masks = np.stack(envs.call("action_masks"))
    assert masks.shape == (2, 288) and masks.dtype == np.bool_
    envs.close()
