"""ai.env.wrappers (issue 58 item 2): the call-level Discrete and the normalised Box action
pass Gymnasium's checker; in a vector environment a finished game's mask still offers an
action (the no-op) to a masked sampler under the default autoreset; the registrations carry
``max_episode_steps``."""
from __future__ import annotations

import numpy as np
import pytest

import ai.env
from ai.env import BOX_ENV_ID, CALLS_ENV_ID, ENV_ID, MAX_EPISODE_STEPS, NO_OP_INDEX, PyramidEnv
from ai.env.wrappers import DiscreteCalls, UnitBox
from engine import initial_state

gymnasium = pytest.importorskip("gymnasium")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")
vector = pytest.importorskip("gymnasium.vector")


@pytest.mark.parametrize("wrapper", [DiscreteCalls, UnitBox])
def test_the_checker_passes_on_both_wrappers(wrapper):
    env = wrapper(PyramidEnv(opponent="random"))
    env_checker.check_env(env, skip_render_check=True)


@pytest.mark.parametrize("env_id", [ENV_ID, CALLS_ENV_ID, BOX_ENV_ID])
def test_each_registration_has_a_time_limit(env_id):
    env = gymnasium.make(env_id, opponent="random")
    assert env.spec.max_episode_steps == MAX_EPISODE_STEPS
    short = gymnasium.make(env_id, opponent="random", max_episode_steps=2)
    short.reset(seed=0)
    short.action_space.seed(0)
    truncated = [short.step(short.action_space.sample())[3] for _ in range(2)]
    assert truncated == [False, True]  # Gymnasium's TimeLimit, before the game's end


@pytest.mark.parametrize("env_id", [ENV_ID, CALLS_ENV_ID])
def test_a_vector_envs_masks_always_offer_an_action_under_autoreset(env_id):
    """NEXT_STEP autoreset: the step after a game's end is a reset that ignores its action;
    the terminal observation's mask must still give a masked sampler something (the no-op)."""
    start = dict(initial_state().to_json(), target=3)  # a game to 3 points ends in a few steps
    envs = vector.SyncVectorEnv([lambda: gymnasium.make(env_id, opponent="random")] * 2)
    assert envs.metadata["autoreset_mode"] == vector.AutoresetMode.NEXT_STEP
    obs, infos = envs.reset(seed=[0, 1], options={"state": start})
    rng = np.random.default_rng(0)
    ended = np.zeros(2, bool)
    for _ in range(60):
        dict_space = env_id == ENV_ID
        picks = [rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]]  # never raises
        if dict_space:
            parts = [ai.env.call_parts(int(p)) for p in picks]
            actions = envs.action_space.sample()
            for key, k in (("ball", 0), ("pocket", 1), ("manner", 2)):
                actions[key] = np.array([p[k] for p in parts])
        else:
            actions = np.array(picks)
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for i in np.flatnonzero(terminated):
            assert np.flatnonzero(infos["action_mask"][i]).tolist() == [NO_OP_INDEX]
        ended |= terminated
        if ended.all():
            break
    assert ended.all()
    envs.close()


def test_a_box_action_is_never_adjusted_for_its_tip():
    env = UnitBox(PyramidEnv(opponent="random"))
    env.reset(seed=0)
    state = env.unwrapped.state
    rng = np.random.default_rng(1)
    for corner in rng.uniform(-1, 1, size=(200, 8)):
        corner[4] = 1.0  # the tip at the miscue limit, in every direction
        action, said = env.codec.translate(corner.astype(np.float32), state)
        assert said == ()
        assert np.hypot(*action["strike"][3:]) <= env.unwrapped.simulator.physics.miscue_offset
    obs, reward, terminated, truncated, info = env.step(np.ones(8, np.float32) * 1.5)
    assert any("brought into [-1, 1]" in a for a in info["adjusted"])
    with pytest.raises(ValueError, match="action.speed must be a finite number"):
        env.step(np.array([0, 0, np.nan, 0, 0, 0, 0, 0], np.float32))


def test_the_discrete_wrapper_masks_and_plays_its_calls():
    env = DiscreteCalls(PyramidEnv(opponent="random"))
    obs, info = env.reset(seed=0)
    mask = env.action_masks()
    assert mask.shape == (ai.env.N_DISCRETE,) and (info["action_mask"] == mask).all()
    assert mask.all()  # the break: every ball is callable into every pocket at every level
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[-1]))
    assert info["adjusted"] == []
    assert info["action_mask"].shape == (ai.env.N_DISCRETE,)


def test_the_discrete_observation_gives_the_pot_chances_the_agent_sees_too():
    env = DiscreteCalls(PyramidEnv(opponent="random"))
    obs, info = env.reset(seed=0)
    obs, *_ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert env.observation_space.contains(obs)
    chances = obs["pot_chances"]
    assert chances.shape == (15, 6) and 0 < chances.max() <= 1
    state = env.unwrapped.state
    off = [k for k in range(15) if str(k + 1) not in state.balls]
    assert not chances[off].any()  # a ball off the table has no pot
    seen = env.codec.observation(state, env.unwrapped.learner_side)
    np.testing.assert_array_equal(seen["pot_chances"], chances)
