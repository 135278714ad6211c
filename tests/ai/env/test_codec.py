"""ai.env.codec, the public codec (issue 58 item 1): the environment observes and decodes
through it; a decision encodes and decodes back; a finished game's mask allows the no-op."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from ai.agent import Decision
from ai.agents.greedy import GreedyAgent
from ai.env import (NO_OP_INDEX, Decoder, IllegalActionError, PyramidEnv, action_mask,
                    call_mask, decode, encode, observation_of,
                    observation_space)
from engine import Call, initial_state
from engine.outcome import GameOutcome
from sim import Strike

pytest.importorskip("gymnasium")


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for key in a:
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


def test_the_environment_observes_through_the_codec_from_either_side():
    env = PyramidEnv(opponent="random", learner_side=1)
    obs, info = env.reset(seed=2)
    _same(obs, observation_of(info["state"], 1))
    mine, theirs = observation_of(info["state"], 1), observation_of(info["state"], 0)
    assert list(mine["scores"]) == list(theirs["scores"][::-1])
    assert env.observation_space.contains(mine) and env.observation_space.contains(theirs)
    with pytest.raises(ValueError, match="player must be a side, 0..1, got 2"):
        observation_of(info["state"], 2)


def test_three_sides_are_seen_from_each_sides_own_in_turn_order():
    """For the multi-agent environment: three each for himself (R12.1) has three sides."""
    state = replace(initial_state(variant="three-each"), scores=(5, 7, 11),
                    unchanged_foul_streak=(0, 1, 2))
    obs = observation_of(state, 1)
    assert obs["scores"].tolist() == [7, 11, 5] and obs["unchanged_fouls"].tolist() == [1, 2, 0]
    assert observation_space(state.spec, n_sides=3).contains(obs)


def test_a_decision_encodes_and_decodes_back():
    state = initial_state()
    decision = GreedyAgent().decide(state, np.random.default_rng(0))
    action = encode(decision)
    back = decode(action, state)
    assert back.call == decision.call and back.placement == pytest.approx(decision.placement)
    assert back.strike.phi_rad == pytest.approx(decision.strike.phi_rad, abs=1e-6)
    assert back.strike.speed_mps == pytest.approx(decision.strike.speed_mps, abs=1e-5)
    # played by the environment, the encoded action is taken as it is
    env = PyramidEnv(opponent="random")
    env.reset(seed=0)
    *_, info = env.step(action)
    assert info["adjusted"] == []


def test_decode_adjusts_or_refuses_what_the_rules_cannot_take():
    state = initial_state()
    action = dict(encode(GreedyAgent().decide(state, np.random.default_rng(0))), ball=0)
    decoded = Decoder().decode(action, state)  # ball 0 with 15 balls on the table
    assert decoded.decision.call is not None and "not legal now" in decoded.adjusted[0]
    with pytest.raises(IllegalActionError, match="action.ball"):
        decode(action, state, strict=True)
    with pytest.raises(ValueError, match="action must be a mapping"):
        decode([1, 2, 3], state)


def test_encode_refuses_what_the_action_space_cannot_say():
    with pytest.raises(ValueError, match="decision.strike is None"):
        encode(Decision(Call("1", "FL"), None))
    with pytest.raises(ValueError, match="decision.call"):
        encode(Decision(Call("1", "FL", "kiss", via=("2",)), Strike(2.0, 0.0)))


def test_a_finished_games_mask_allows_the_no_op_only():
    over = replace(initial_state(), result=GameOutcome.win(0, "R9.1"))
    assert over.game_over
    assert not call_mask(over).any()  # no call is legal after the end ...
    mask = action_mask(over)
    assert np.flatnonzero(mask).tolist() == [NO_OP_INDEX]  # ... but the mask is not empty
