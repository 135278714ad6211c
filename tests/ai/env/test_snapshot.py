"""ai.env.snapshot: copy the game, apply a stroke, undo; serialise; legal_actions() as
OpenSpiel lists them (issue 30, item 2)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from ai.env import EnvSnapshot, PyramidEnv
from ai.env.actions import call_parts

gymnasium = pytest.importorskip("gymnasium")


def _legal_action(env, k=0, speed=4.0, phi=0.3):
    ball, pocket, manner = call_parts(env.legal_actions()[k])
    x = env.state.spec.house_line_x - 0.2
    return dict(ball=ball, pocket=pocket, manner=manner,
                strike=np.array([phi, speed, 0.0, 0.0, 0.0], np.float32),
                placement=np.array([x, 0.8875], np.float32))


def _played(env, action):
    obs, reward, term, trunc, info = env.step(action)
    return obs["balls"].tobytes(), reward, info["strokes"], info["state"]


def test_apply_a_stroke_then_undo_and_the_same_action_plays_the_same_strokes():
    env = PyramidEnv(opponent="greedy", learner_side=0)
    env.reset(seed=3)
    env.step(_legal_action(env))  # past the break
    snap = env.snapshot()
    action = _legal_action(env, speed=3.0, phi=1.0)
    first = _played(env, action)
    obs, info = env.restore(snap)
    assert env.state == snap.state and info["strokes"] == [] and "action_mask" in info
    assert _played(env, action) == first  # noise and opponent replayed exactly
    env.restore(snap)
    other = _played(env, _legal_action(env, speed=6.0, phi=-1.0))
    assert other != first


def test_a_snapshot_round_trips_through_json_into_a_new_environment():
    env = PyramidEnv(opponent="greedy", learner_side=1, skill="club")
    env.reset(seed=8)
    snap = env.snapshot()
    text = snap.dumps()
    assert json.loads(text)["learner_side"] == 1
    again = EnvSnapshot.loads(text)
    assert again.state == snap.state and again.to_json() == snap.to_json()
    action = _legal_action(env)
    here = _played(env, action)
    fresh = PyramidEnv(opponent="random")  # the snapshot brings the opponent and the skills
    fresh.restore(again)
    assert fresh.learner_side == 1 and fresh.opponent.name == env.opponent.name
    assert _played(fresh, action) == here


def test_a_bad_snapshot_is_refused_naming_the_field():
    env = PyramidEnv(opponent="random")
    env.reset(seed=0)
    doc = env.snapshot().to_json()
    for key, value, said in [("learner_side", 2, "snapshot.learner_side"),
                             ("strokes", -1, "snapshot.strokes"),
                             ("rng", {"bit_generator": "Nope"}, "snapshot.rng"),
                             ("rng", {"bit_generator": "PCG64", "state": 3}, "snapshot.rng"),
                             ("version", 9, "snapshot.version"),
                             ("state", {"balls": {}}, "snapshot.state")]:
        with pytest.raises(ValueError, match=said):
            EnvSnapshot.from_json(dict(doc, **{key: value}))
    with pytest.raises(ValueError, match="snapshot.extra is not a field"):
        EnvSnapshot.from_json(dict(doc, extra=1))
    with pytest.raises(RuntimeError, match="reset"):
        PyramidEnv(opponent="random").snapshot()


def test_legal_actions_are_the_ints_the_mask_marks():
    env = PyramidEnv(opponent="random")
    env.reset(seed=0)
    legal = env.legal_actions()
    assert legal == sorted(legal) and all(isinstance(a, int) for a in legal)
    assert legal == list(np.flatnonzero(env.action_masks()))
