"""examples/per_call_policy.py (issue 58 item 5): each index's features are its own pot's chance,
levels and ball; the untrained policy is a uniform choice among the legal calls.  Needs torch
and sb3-contrib (the learn-rl extra, not installed in CI: skipped there; run with
``.venv-rl/bin/python -m pytest``)."""
from __future__ import annotations

import numpy as np
import pytest

from ai.env import DiscreteCalls, PyramidEnv, discrete_index
from engine.values import ball_value

from .examplefile import load_example

pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def setting():
    per_call = load_example("per_call_policy.py", "per_call_policy_example")
    env = DiscreteCalls(PyramidEnv(opponent="greedy"))
    env.reset(seed=3)
    # past the break: some pot chances are not 0
    obs = env.step(int(np.flatnonzero(env.action_masks())[0]))[0]
    policy = per_call.PerCallPolicy(env.observation_space, env.action_space, lambda _: 1e-3)
    return per_call, env, obs, policy


def test_each_call_reads_its_own_pot_chance_levels_and_ball(setting):
    per_call, env, obs, policy = setting
    tensor, _ = policy.obs_to_tensor(obs)
    features = policy.extract_features(tensor)[0]
    calls = features[:810 * per_call.N_CALL_FEATURES].reshape(810, -1).numpy()
    chances = obs["pot_chances"]
    best_ball, best_pocket = np.unravel_index(int(np.argmax(chances)), chances.shape)
    assert chances.max() > 0
    for ball, pocket, speed, spin in ((1, 0, 0, 0), (7, 3, 2, 1), (15, 5, 1, 2),
                                      (int(best_ball) + 1, int(best_pocket), 1, 0)):
        row = calls[discrete_index(ball, pocket, speed, spin)]
        assert row[0] == pytest.approx(chances[ball - 1, pocket])
        assert list(row[1:4]) == [float(k == speed) for k in range(3)]
        assert list(row[4:7]) == [float(k == spin) for k in range(3)]
        assert row[7] == pytest.approx(ball_value(str(ball)) / 15)


def test_the_untrained_policy_is_a_uniform_choice_among_the_legal_calls(setting):
    _, env, obs, policy = setting
    mask = env.action_masks() & (np.arange(810) % 7 != 0)  # some calls refused
    tensor, _ = policy.obs_to_tensor(obs)
    probs = policy.get_distribution(tensor, mask[None]).distribution.probs[0].detach().numpy()
    assert 0 < mask.sum() < 810 and probs[~mask].sum() < 1e-6
    assert probs[mask] == pytest.approx(np.full(mask.sum(), 1 / mask.sum()), rel=1e-5)


def test_a_flag_reads_the_same_one_hot_as_acted_and_as_buffered(setting):
    per_call = setting[0]
    acted = {"cue_in_hand": torch.tensor([[0.0, 1.0], [1.0, 0.0]])}
    buffered = {"cue_in_hand": torch.tensor([[[0.0, 1.0]], [[1.0, 0.0]]])}
    assert per_call._flag(acted, "cue_in_hand").tolist() == [1.0, 0.0]
    assert per_call._flag(buffered, "cue_in_hand").tolist() == [1.0, 0.0]
