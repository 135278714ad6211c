"""ai.env.actions: the call encoding, the mask of legal calls (sb3-contrib's convention),
adjusted or refused actions (issue 30, item 1)."""
from __future__ import annotations

import numpy as np
import pytest

from ai.env import (N_CALLS, IllegalActionError, PyramidEnv, call_index, call_mask, call_parts,
                    legal_call_indices)
from engine import GameState, initial_state, legal_calls
from sim.table import POCKET_IDS
from tests.ai.conftest import make_state

gymnasium = pytest.importorskip("gymnasium")


def test_the_call_index_round_trips_and_refuses_what_is_out_of_range():
    seen = {call_index(*call_parts(k)) for k in range(N_CALLS)}
    assert seen == set(range(N_CALLS)) and N_CALLS == 16 * 6 * 3
    assert call_index(1, POCKET_IDS.index("FL"), 0) == (1 * 6 + 4) * 3
    with pytest.raises(ValueError, match="action.pocket"):
        call_index(1, 6, 0)
    with pytest.raises(ValueError, match="call index"):
        call_parts(N_CALLS)


def test_the_mask_is_exactly_the_legal_calls_of_the_rules():
    state = initial_state()
    mask = call_mask(state)
    assert mask.dtype == np.bool_ and mask.shape == (N_CALLS,)
    # at the break every ball lies outside the house: 15 balls x 6 pockets x 3 manners
    assert mask.sum() == 15 * 6 * 3 and not mask[:18].any()  # ball 0 names no ball: not legal
    legal = {(c.ball, c.pocket, c.manner) for c in legal_calls(state)}
    for k in legal_call_indices(state):
        ball, pocket, manner = call_parts(k)
        assert (str(ball), POCKET_IDS[pocket], ("clean", "bank", "cushion-first")[manner]) in legal


def test_one_ball_left_makes_ball_0_legal_and_a_no_call_stroke_only_ball_0():
    one = make_state({"cue": (1.0, 0.9), "7": (2.5, 0.5)}, scores=(30, 24))
    mask = call_mask(one)
    assert mask[call_index(0, 4, 0)] and mask[call_index(7, 4, 0)] and mask.sum() == 2 * 18
    no_call = GameState.from_json({**one.to_json(), "no_call_strokes_left": 1})
    assert legal_call_indices(no_call) == list(range(18))  # ball 0 with any pocket and manner


def test_ball_and_pocket_marks_only_manner_0():
    mask = call_mask(initial_state(call_mode="ball-and-pocket"))
    assert mask.sum() == 15 * 6
    assert all(call_parts(k)[2] == 0 for k in np.flatnonzero(mask))


def test_the_env_gives_the_mask_as_maskableppo_reads_it_and_in_info():
    env = PyramidEnv(opponent="greedy", learner_side=0)
    obs, info = env.reset(seed=0)
    mask = env.action_masks()
    assert mask.dtype == np.bool_ and mask.shape == (N_CALLS,)
    assert np.array_equal(mask, info["action_mask"])
    assert env.legal_actions() == [int(k) for k in np.flatnonzero(mask)]
    mask[:] = False  # a copy: the environment's own is untouched
    assert env.action_masks().any()


def _action(env, ball, pocket, manner=0, speed=5.0, placement=None):
    action = env.action_space.sample()
    action.update(ball=ball, pocket=pocket, manner=manner,
                  strike=np.array([0.0, speed, 0.0, 0.0, 0.0], np.float32))
    x = env.state.spec.house_line_x - 0.2
    action["placement"] = np.array(placement or (x, 0.8875), np.float32)
    return action


def test_a_masked_call_is_taken_as_it_is_and_an_unmasked_one_adjusted_and_said():
    env = PyramidEnv(opponent="greedy", learner_side=0)
    env.action_space.seed(0)
    env.reset(seed=1)
    _, _, _, _, info = env.step(_action(env, 1, 4))
    assert info["adjusted"] == []
    env.reset(seed=1)
    _, _, _, _, info = env.step(_action(env, 0, 4))  # ball 0 with 15 balls on the table
    assert any("not legal now" in a for a in info["adjusted"])


def test_strict_refuses_an_illegal_action_naming_the_part_and_leaves_the_state():
    env = PyramidEnv(opponent="greedy", learner_side=0, strict=True)
    env.action_space.seed(0)
    env.reset(seed=1)
    before = env.state
    with pytest.raises(IllegalActionError, match="action.ball"):
        env.step(_action(env, 0, 4))
    with pytest.raises(IllegalActionError, match="action.placement"):
        env.step(_action(env, 1, 4, placement=(3.0, 0.9)))  # outside the house (R3.2)
    assert env.state is before
    _, _, _, _, info = env.step(_action(env, 1, 4))
    assert info["adjusted"] == [] and env.state.strokes_played >= 1


def _from_legal_calls(state) -> set[int]:
    """The mask's indices built from engine.legal_calls, the rules' own list."""
    legal = legal_calls(state)
    if legal == [None]:
        return set(range(18))
    out = set()
    manners = ("clean", "bank", "cushion-first")
    for c in legal:
        if c.manner in manners and not c.via:
            numbers = [int(c.ball)] + ([0] if len(state.object_balls) == 1 else [])
            for n in numbers:
                out.add(call_index(n, POCKET_IDS.index(c.pocket), manners.index(c.manner)))
    return out


def test_the_mask_agrees_with_legal_calls_along_a_game_and_in_set_positions():
    env = PyramidEnv(opponent="random", learner_side=0, max_strokes=60)
    states = []
    for seed in range(3, 8):  # games until the cue ball has been in hand a few times
        env.action_space.seed(seed)
        env.reset(seed=seed)
        for _ in range(30):
            states.append(env.state)
            _, _, term, trunc, _ = env.step(env.action_space.sample())
            if term or trunc:
                break
        if sum(s.cue_in_hand for s in states) >= 3:
            break
    in_house = make_state({"7": (0.5, 0.5), "3": (2.0, 1.2), "9": (2.4, 0.4)}, scores=(20, 18),
                          cue_in_hand=True)  # R8.2: the 7 in the house cannot be called
    one_ball = make_state({"cue": (1.0, 0.9), "7": (2.5, 0.5)}, scores=(30, 24),
                          call_mode="ball-and-pocket")
    states += [in_house, one_ball]
    assert sum(s.cue_in_hand for s in states) >= 4  # at least 3 from play, 1 set
    for state in states:
        assert set(legal_call_indices(state)) == _from_legal_calls(state)
    assert not any(call_parts(k)[0] == 7 for k in legal_call_indices(in_house))
