"""ai.env.PyramidEnv: the Gymnasium-style environment (issue 14)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from ai.agent import Decision
from ai.env import PyramidEnv
from engine import Call
from sim import Strike

gymnasium = pytest.importorskip("gymnasium")


def test_gymnasium_checker_passes():
    from gymnasium.utils.env_checker import check_env
    env = PyramidEnv(opponent="greedy")
    check_env(env, skip_render_check=True)


def test_a_random_policy_plays_a_whole_game():
    env = PyramidEnv(opponent="greedy", learner_side=None)
    env.action_space.seed(3)
    obs, info = env.reset(seed=7)
    assert env.observation_space.contains(obs)
    total, steps, terminated, truncated = 0.0, 0, False, False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        assert env.observation_space.contains(obs)
        total += reward
        steps += 1
    state = info["state"]
    assert terminated and state.game_over  # the rules ended it, not the stroke cap
    assert steps > 0
    # Reward: +1 / -1 / 0 at the end only, matching the result the rules give (R9, R10).
    if state.result.draw:
        assert total == 0.0
    else:
        assert total == (1.0 if state.result.winner == env.learner_side else -1.0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(env.action_space.sample())


def test_same_seed_same_game_and_observations_from_the_learners_side():
    def run(seed):
        env = PyramidEnv(opponent="greedy", learner_side=1, reward="points")
        env.action_space.seed(seed)
        obs, _ = env.reset(seed=seed)
        trace = [obs["balls"].tobytes()]
        for _ in range(6):
            obs, r, term, trunc, info = env.step(env.action_space.sample())
            trace.append((obs["balls"].tobytes(), r, tuple(obs["scores"])))
            if term or trunc:
                break
        return trace, info["state"]
    a, state_a = run(11)
    b, state_b = run(11)
    assert a == b
    c, _ = run(12)
    assert a != c


def test_the_opponent_breaks_when_the_learner_is_side_1():
    env = PyramidEnv(opponent="greedy", learner_side=1)
    obs, info = env.reset(seed=4)
    state = info["state"]
    # R3.2: side 0 broke from hand; the first observation is after it, with the learner to move.
    assert info["opponent_strokes"] >= 1 and state.strokes_played >= 1
    assert state.to_move == 1 and not state.break_pending
    assert obs["scores"][0] == state.scores[1] and obs["scores"][1] == state.scores[0]


def test_points_reward_is_the_change_of_the_learners_lead():
    env = PyramidEnv(opponent="greedy", learner_side=0, reward="points")
    env.action_space.seed(5)
    obs, _ = env.reset(seed=5)
    lead = obs["scores"][0] - obs["scores"][1]
    for _ in range(5):
        obs, r, term, trunc, _ = env.step(env.action_space.sample())
        new_lead = obs["scores"][0] - obs["scores"][1]
        assert r == pytest.approx(new_lead - lead)
        lead = new_lead
        if term or trunc:
            break


def test_illegal_parts_of_an_action_are_adjusted_and_said():
    env = PyramidEnv(opponent="greedy", learner_side=0)
    env.reset(seed=1)
    action = env.action_space.sample()
    action["ball"] = 15
    action["pocket"] = 4
    action["manner"] = 0
    action["strike"] = np.array([0.0, 3.0, 0.0, 0.6, 0.6], np.float32)  # beyond the miscue limit
    action["placement"] = np.array([3.0, 0.9], np.float32)  # far outside the house (R3.2)
    _, _, _, _, info = env.step(action)
    said = " ".join(info["adjusted"])
    assert "miscue limit" in said and "placement" in said
    # From hand at the break every ball lies outside the house, so calling 15 in FL is legal.
    assert "call" not in said


def test_a_decision_is_accepted_as_an_action():
    env = PyramidEnv(opponent="greedy", learner_side=0)
    env.reset(seed=2)
    state = env.state
    x = state.spec.house_line_x - 0.2
    decision = Decision(Call("1", "FL"), Strike(speed_mps=5.0, phi_rad=0.0), (x, 0.8875))
    _, _, _, _, info = env.step(decision)
    assert info["adjusted"] == []
    assert env.state.strokes_played >= 1


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="learner_side"):
        PyramidEnv(learner_side=2)
    with pytest.raises(ValueError, match="reward"):
        PyramidEnv(reward="elo")
    with pytest.raises(ValueError, match="unknown agent"):
        PyramidEnv(opponent="nobody")
    env = PyramidEnv()
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})
    env.reset(seed=0)
    action = env.action_space.sample()
    action["strike"] = np.array([math.nan, 1, 0, 0, 0], np.float32)
    with pytest.raises(ValueError, match="action.strike"):
        env.step(action)
