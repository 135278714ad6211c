"""The compiled look-ahead geometry (ai.geometry.kernels, called by the P(win) model for every
Monte Carlo sample) agrees with its readable numpy twins written here from the closed-form
model of ai.geometry.shot_table."""
import math

import numpy as np

import pytest

from ai.geometry import (JAW_RAMP_M, MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, W_CORNER,
                         W_MIDDLE, erf, jaw_factor, on_bed_path, pockets_of, seg_point_dist,
                         shot_table, sigma_phi)
from ai.noise import NoiseModel
from ai.value import WinModel
from ai.value.pwin import TYPICAL_DISCOUNT
from engine.values import LAST_BALL_BONUS, ball_value

from ..conftest import make_state


def best_from_readable(spec, pk, cue, state, targets, noise, jaw_ramp_m=0.0):
    """The mover's best clean pot (probability, value) from ``cue``: the shot table's best."""
    tab = shot_table(spec, pk, cue, state.balls, targets, noise, jaw_ramp_m)
    if tab.p.size == 0:
        return (0.0, 0)
    pmax = tab.p.max(axis=1)
    last = len(state.object_balls) == 1
    vals = np.array([ball_value(b) + (LAST_BALL_BONUS if last else 0) for b in tab.balls])
    i = int(np.argmax(pmax + 1e-3 * vals))
    return (float(pmax[i]), int(vals[i]))


def q_anywhere_readable(state, noise, jaw_ramp_m=0.0):
    """The best pot from a typical cue position: every ball into every pocket with a cue
    distance of 1 m and a 30 degree cut, only the object ball's path checked; discounted by
    TYPICAL_DISCOUNT for the chance that the cue ball is badly placed; scaled by the jaws
    with ``jaw_ramp_m``."""
    objs = state.object_balls
    if not objs:
        return (0.0, 0)
    spec = state.spec
    pk = pockets_of(spec)
    R = spec.ball_radius_m
    O = np.array([state.balls[b] for b in objs], float)
    v = pk.targets[None, :, :] - O[:, None, :]
    d2 = np.sqrt((v * v).sum(-1))
    u = v / d2[..., None]
    approach = np.arccos(np.clip((u * pk.axes[None]).sum(-1), -1, 1))
    ok = approach < np.where(pk.corner, MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH)[None, :]
    ok &= on_bed_path(spec, np.broadcast_to(O[:, None, :], u.shape),
                      np.broadcast_to(pk.targets[None], u.shape), ts=(0.5,)) | (d2 < 0.3)
    allpos = np.array([p for b, p in state.balls.items() if b != "cue"], float)
    if len(allpos) > 1:
        d = seg_point_dist(np.repeat(O, 6, 0)[:, None, :],
                           np.tile(pk.targets, (len(O), 1))[:, None, :], allpos[None])
        d[d < 1e-9] = np.inf  # the ball itself
        ok &= (d >= 2 * R).all(1).reshape(len(O), 6)
    w = np.where(pk.corner[None, :], W_CORNER * np.cos(approach) ** 0.5,
                 W_MIDDLE * np.maximum(np.cos(approach), 0.0) ** 1.5)
    s_alpha = sigma_phi(noise) * (1.0 + 1.0 / (2 * R * 0.85))
    p = np.where(ok, erf(w / (np.maximum(d2, 0.02) * s_alpha * math.sqrt(2))), 0.0)
    p = p * np.array([[jaw_factor(pk, k, O[i], pk.targets[k], R, jaw_ramp_m) for k in range(6)]
                      for i in range(len(O))])
    pmax = p.max(1) * TYPICAL_DISCOUNT
    last = len(objs) == 1
    vals = np.array([ball_value(b) + (LAST_BALL_BONUS if last else 0) for b in objs])
    i = int(np.argmax(pmax + 1e-3 * vals))
    return (float(pmax[i]), int(vals[i]))


@pytest.mark.parametrize("jaw_ramp_m", [0.0, JAW_RAMP_M])
def test_fast_lookahead_matches_numpy(jaw_ramp_m):
    rng = np.random.default_rng(3)
    w = WinModel(jaw_ramp_m=jaw_ramp_m)
    noise = NoiseModel()
    checked = 0
    while checked < 60:
        k = int(rng.integers(2, 9))
        balls = {}
        for b in ["cue"] + [str(i) for i in rng.choice(np.arange(1, 16), k, replace=False)]:
            for _ in range(50):
                p = (float(rng.uniform(0.05, 3.5)), float(rng.uniform(0.05, 1.72)))
                if all(np.hypot(p[0] - q[0], p[1] - q[1]) > 0.07 for q in balls.values()):
                    balls[b] = p
                    break
        if len(balls) < 3 or "cue" not in balls:
            continue
        st = make_state(balls)
        pk = pockets_of(st.spec)
        objs = st.object_balls
        cue = np.array(st.balls["cue"])
        a = w._best_from(st.spec, pk, cue, st, objs, noise)
        b = best_from_readable(st.spec, pk, cue, st, objs, noise, jaw_ramp_m)
        assert abs(a[0] - b[0]) < 1e-6 and (a[0] == 0 or a[1] == b[1])
        c = w.q_anywhere(st, noise)
        d = q_anywhere_readable(st, noise, jaw_ramp_m)
        assert abs(c[0] - d[0]) < 1e-6 and (c[0] == 0 or c[1] == d[1])
        checked += 1
    # a cue ball hanging in a pocket's throat (R11.8 example 2): no pot along the rail
    st = make_state({"cue": (0.028, 1.747), "5": (0.028, 0.028)})
    pk = pockets_of(st.spec)
    cue = np.array(st.balls["cue"])
    assert w._best_from(st.spec, pk, cue, st, ["5"], noise)[0] == 0.0
    assert best_from_readable(st.spec, pk, cue, st, ["5"], noise)[0] == 0.0
