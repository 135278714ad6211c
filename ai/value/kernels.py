"""The compiled part of the learned value's features (:mod:`ai.value.features`): one call per
position does every per-ball loop, so that valuing a Monte Carlo sample costs about what the
race model's look-ahead costs (checked against the readable version in
tests/ai/value/test_features.py)."""
from __future__ import annotations

import numpy as np
from numba import njit

from sim import detmath as dm

from ..geometry.kernels import anywhere_chances, pot_chances

# The slots of the summary :func:`table_summary` writes.
(Q1, Q2, Q3, POTTABLE_N, BEST_P, BEST_V, ANY_P, ANY_V, ANY_MAX, HANGING_N, TOUCHING_N, RUN2,
 RUN2_POINTS) = range(13)
SUMMARY_SIZE = 13
RUN_FIRST_BALLS = 3  # the likeliest balls tried as the first of a run of two


@njit(cache=True)
def _likeliest(p, vals, positive):
    """best_pot's / q_anywhere's choice among per-ball chances: (p, value)."""
    best_p = 0.0
    best_v = 0
    best_score = -1.0
    for i in range(p.shape[0]):
        score = p[i] + 1e-3 * vals[i]
        if (p[i] > 0 or not positive) and score > best_score:
            best_score = score
            best_p = p[i]
            best_v = vals[i]
    return best_p, best_v


@njit(cache=True)
def table_summary(spots, check_spots, objs, vals, allpos, self_idx, e_objs, e_vals, e_idx,
                  targets, axes, corner, R, L, W, sphi, max_cut, max_corner_app,
                  max_middle_app, w_corner, w_middle, throat_cos, discount, pottable, hanging,
                  touching_gap, jaws, jaw_ramp):
    """Per-position summary (slots above) from the cue ball's ``spots`` (one row on the
    table; the grid of the region from hand, spots on a ball skipped when ``check_spots``):
    the eligible balls ``e_*``' best chances over the spots (top three, count >= pottable),
    the race model's best shot (the likeliest ball, best spot), the best pot from a typical
    position over every object ball, balls hanging, pairs touching."""
    out = np.zeros(SUMMARY_SIZE)
    ne = e_objs.shape[0]
    chances = np.zeros(ne)
    ghosts = np.zeros((ne, 2))  # where the cue ball meets each ball at its best chance
    best_p = 0.0
    best_v = 0
    for s in range(spots.shape[0]):
        cx, cy = spots[s, 0], spots[s, 1]
        if check_spots:
            blocked = False
            for j in range(allpos.shape[0]):
                if dm.hypot(allpos[j, 0] - cx, allpos[j, 1] - cy) < 2 * R + 1e-6:
                    blocked = True
                    break
            if blocked:
                continue
        p, g = pot_chances(cx, cy, e_objs, allpos, e_idx, targets, axes, corner, R, L, W, sphi,
                           max_cut, max_corner_app, max_middle_app, w_corner, w_middle,
                           throat_cos, jaws, jaw_ramp)
        for i in range(ne):
            if p[i] > chances[i]:
                chances[i] = p[i]
                ghosts[i, 0] = g[i, 0]
                ghosts[i, 1] = g[i, 1]
        sp, sv = _likeliest(p, e_vals, True)
        if sp > best_p or (sp == best_p and sv > best_v):
            best_p = sp
            best_v = sv
    top = np.sort(chances)[::-1]
    for k in range(min(3, ne)):
        out[Q1 + k] = top[k]
    out[POTTABLE_N] = (chances >= pottable).sum()
    out[BEST_P] = best_p
    out[BEST_V] = best_v
    n = objs.shape[0]
    if n:
        a = anywhere_chances(objs, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
                             max_corner_app, max_middle_app, w_corner, w_middle, discount,
                             jaws, jaw_ramp)
        ap, av = _likeliest(a, vals, False)
        out[ANY_P] = ap
        out[ANY_V] = av
        out[ANY_MAX] = a.max()
        out[HANGING_N] = (a >= hanging).sum()
    touching = 0
    for i in range(n):
        for j in range(i + 1, n):
            if dm.hypot(objs[i, 0] - objs[j, 0], objs[i, 1] - objs[j, 1]) < 2 * R + touching_gap:
                touching += 1
    out[TOUCHING_N] = touching
    # a run of two: pot one of the likeliest balls, then the best pot from where the cue ball
    # met it (the ghost ball: a stun stroke's leave) among the balls left
    order = np.argsort(-chances)
    for r in range(min(RUN_FIRST_BALLS, ne)):
        i = order[r]
        if chances[i] <= 0.0 or n < 2:
            break
        q2, v2 = _best_after(ghosts[i, 0], ghosts[i, 1], e_idx[i], objs, vals, allpos, self_idx,
                             targets, axes, corner, R, L, W, sphi, max_cut, max_corner_app,
                             max_middle_app, w_corner, w_middle, throat_cos, jaws, jaw_ramp)
        if chances[i] * q2 > out[RUN2]:
            out[RUN2] = chances[i] * q2
        pts = chances[i] * (e_vals[i] + q2 * v2)
        if pts > out[RUN2_POINTS]:
            out[RUN2_POINTS] = pts
    return out


@njit(cache=True)
def _best_after(cx, cy, gone, objs, vals, allpos, self_idx, targets, axes, corner, R, L, W,
                sphi, max_cut, max_corner_app, max_middle_app, w_corner, w_middle, throat_cos,
                jaws, jaw_ramp):
    """The best clean pot (p, value) from (cx, cy) once the ball in row ``gone`` of ``allpos``
    has been potted."""
    m = allpos.shape[0]
    rest = np.empty((m - 1, 2))
    k = 0
    for j in range(m):
        if j != gone:
            rest[k, 0] = allpos[j, 0]
            rest[k, 1] = allpos[j, 1]
            k += 1
    n = objs.shape[0]
    r_objs = np.empty((n - 1, 2))
    r_vals = np.empty(n - 1, dtype=np.int64)
    r_idx = np.empty(n - 1, dtype=np.int64)
    k = 0
    for i in range(n):
        if self_idx[i] == gone:
            continue
        r_objs[k, 0] = objs[i, 0]
        r_objs[k, 1] = objs[i, 1]
        r_vals[k] = vals[i]
        r_idx[k] = self_idx[i] - (1 if self_idx[i] > gone else 0)
        k += 1
    p, _ = pot_chances(cx, cy, r_objs[:k], rest, r_idx[:k], targets, axes, corner, R, L, W,
                       sphi, max_cut, max_corner_app, max_middle_app, w_corner, w_middle,
                       throat_cos, jaws, jaw_ramp)
    return _likeliest(p, r_vals[:k], True)
