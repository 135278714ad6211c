"""ai.env.agent_from_policy (issue 58 items 1 and 5): a small numpy policy over the call-level
Discrete action plays a tournament from an agent file that imports only public names (and a
module beside it), and the agent plays as the wrapped environment would."""
from __future__ import annotations

import json

import numpy as np
import pytest

from ai.env import PyramidEnv, agent_from_policy, discrete_parts, observation_of
from ai.env.wrappers import DiscreteCalls
from engine import initial_state
from tests.cli.clihelp import run_main

pytest.importorskip("gymnasium")

FEATURES = '''"""Beside the agent file: the features its scorer reads (imported as a sibling)."""
import numpy as np


def features(obs, parts):
    k = int(parts.ball)
    cue, ball = obs["balls"][0, :2], obs["balls"][k, :2]
    return np.array([k / 15.0, float(np.hypot(*(ball - cue)))])
'''

AGENT = '''"""A fixed linear scorer over the Discrete wrapper's actions, as a tournament agent."""
import numpy as np

from ai.env import agent_from_policy, discrete_parts
from linear_features import features


def Linear(name="linear", weights=(1.0, -1.0), simulator=None):
    w = np.asarray(weights, float)

    def policy(obs, mask):
        legal = np.flatnonzero(mask)
        scores = [w @ features(obs, discrete_parts(int(i))) for i in legal]
        return int(legal[int(np.argmax(scores))])

    return agent_from_policy(policy, "discrete", name=name, simulator=simulator)
'''


def test_a_numpy_policy_plays_a_tournament_from_an_agent_file(tmp_path):
    (tmp_path / "linear_features.py").write_text(FEATURES)
    (tmp_path / "linear_agent.py").write_text(AGENT)
    out = tmp_path / "r.jsonl"
    code, stdout, stderr = run_main(
        "tournament", "--agents", f"{tmp_path}/linear_agent.py:Linear:weights=[0.5,-2]",
        "random", "--games", "1", "--max-strokes", "20", "--backend", "sequential",
        "--out", out, "--no-progress", "--json")
    assert code == 0, stderr
    games = [json.loads(line) for line in out.read_text().splitlines()
             if json.loads(line).get("type") == "game"]
    assert len(games) == 1 and not any(g.get("error") for g in games)
    assert all(g["n_strokes"] > 0 for g in games)


def test_the_agent_decides_as_the_wrapped_environment_plays():
    def first_legal(obs, mask):
        assert obs["balls"].shape == (16, 3) and mask.dtype == bool
        return int(np.flatnonzero(mask)[0])

    agent = agent_from_policy(first_legal, "discrete", name="first")
    state = initial_state()
    decision = agent.decide(state, np.random.default_rng(0))
    env = DiscreteCalls(PyramidEnv(opponent="random"))
    env.reset(seed=0)
    index = first_legal(observation_of(env.unwrapped.state, 0), env.action_masks())
    played = env.codec.decode(index, env.unwrapped.state).decision
    assert (decision.call, decision.strike, decision.placement) == (
        played.call, played.strike, played.placement)
    assert decision.call.ball == discrete_parts(0).ball and decision.placement is not None


def test_a_policy_of_another_form_and_bad_arguments():
    dict_agent = agent_from_policy(lambda obs, mask: {"ball": 1, "pocket": 4, "manner": 0,
                                                      "strike": [0.0, 5.0, 0.0, 0.0, 0.0],
                                                      "placement": [0.3, 0.9]}, "dict")
    assert dict_agent.decide(initial_state(), np.random.default_rng(0)).call.ball == "1"
    box_agent = agent_from_policy(lambda obs, mask: np.zeros(8), "box")
    assert box_agent.decide(initial_state(), np.random.default_rng(0)).strike.speed_mps > 0
    with pytest.raises(ValueError, match="form must be one of"):
        agent_from_policy(lambda obs, mask: 0, "continuous")
    with pytest.raises(ValueError, match="policy must be callable"):
        agent_from_policy(3)
