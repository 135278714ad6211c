"""Compiled versions of the look-ahead's two geometric questions (same model as
:func:`ai.geometry.shot_table` and :meth:`ai.pwin.WinModel.q_anywhere`, checked against them in
tests/ai/test_fastgeo.py): the P(win) model asks them for every Monte Carlo sample."""
from __future__ import annotations

import math

from numba import njit


@njit(cache=True)
def _erf(x):
    return math.erf(x)


@njit(cache=True)
def _seg_dist(ax, ay, bx, by, px, py):
    abx, aby = bx - ax, by - ay
    L2 = abx * abx + aby * aby
    if L2 < 1e-12:
        L2 = 1e-12
    t = ((px - ax) * abx + (py - ay) * aby) / L2
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    qx, qy = ax + t * abx - px, ay + t * aby - py
    return math.sqrt(qx * qx + qy * qy)


@njit(cache=True)
def _on_bed(ax, ay, bx, by, t, R, L, W, tol):
    x = ax + t * (bx - ax)
    y = ay + t * (by - ay)
    return (R - tol <= x <= L - R + tol) and (R - tol <= y <= W - R + tol)


@njit(cache=True)
def _window(corner, approach, w_corner, w_middle):
    c = math.cos(approach)
    if corner:
        return w_corner * math.sqrt(max(c, 0.0))
    return w_middle * max(c, 0.0) ** 1.5


@njit(cache=True)
def _pocket_line(ox, oy, k, targets, axes, corner, max_corner_app, max_middle_app):
    """Distance, unit direction and approach angle from an object ball to pocket k; the
    distance is -1 when the approach is too steep for that pocket to take the ball."""
    vx, vy = targets[k, 0] - ox, targets[k, 1] - oy
    d2 = math.sqrt(vx * vx + vy * vy)
    ux, uy = vx / d2, vy / d2
    app = math.acos(min(1.0, max(-1.0, ux * axes[k, 0] + uy * axes[k, 1])))
    if app >= (max_corner_app if corner[k] else max_middle_app):
        return -1.0, ux, uy, app
    return d2, ux, uy, app


@njit(cache=True)
def best_pot(cx, cy, objs, vals, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
             max_cut, max_corner_app, max_middle_app, w_corner, w_middle, throat_cos):
    """Best clean pot from cue (cx, cy): returns (p, value).  ``self_idx[i]`` is the row of
    object i in ``allpos`` (every ball but the cue)."""
    best_p = 0.0
    best_v = 0
    best_score = -1.0
    n = objs.shape[0]
    m = allpos.shape[0]
    k_in = -1  # the pocket whose throat the cue ball hangs in
    if not (R <= cx <= L - R and R <= cy <= W - R):
        best_d = 1e9
        for k in range(6):
            dd = math.sqrt((targets[k, 0] - cx) ** 2 + (targets[k, 1] - cy) ** 2)
            if dd < best_d:
                best_d = dd
                k_in = k
    for i in range(n):
        ox, oy = objs[i, 0], objs[i, 1]
        pmax = 0.0
        for k in range(6):
            px, py = targets[k, 0], targets[k, 1]
            d2, ux, uy, app = _pocket_line(ox, oy, k, targets, axes, corner, max_corner_app,
                                           max_middle_app)
            if d2 < 0.0:
                continue
            gx, gy = ox - 2 * R * ux, oy - 2 * R * uy
            if k_in >= 0:
                ex, ey = gx - cx, gy - cy
                en = math.sqrt(ex * ex + ey * ey)
                if en > 1e-9 and -(ex * axes[k_in, 0] + ey * axes[k_in, 1]) / en <= throat_cos:
                    continue
            ax_, ay_ = gx - cx, gy - cy
            d1 = math.sqrt(ax_ * ax_ + ay_ * ay_)
            if d1 < 1e-6:
                continue
            cosc = (ax_ * ux + ay_ * uy) / d1
            cut = math.acos(min(1.0, max(-1.0, cosc)))
            if cut >= max_cut:
                continue
            ok = True
            for t in (0.25, 0.5, 0.75):
                if not _on_bed(cx, cy, gx, gy, t, R, L, W, 0.001):
                    ok = False
            if d2 >= 0.3 and not _on_bed(ox, oy, px, py, 0.5, R, L, W, 0.001):
                ok = False
            if not ok:
                continue
            for j in range(m):
                if j == self_idx[i]:
                    continue
                qx, qy = allpos[j, 0], allpos[j, 1]
                if _seg_dist(cx, cy, gx, gy, qx, qy) < 2 * R - 1e-9:
                    ok = False
                    break
                if _seg_dist(ox, oy, px, py, qx, qy) < 2 * R - 1e-9:
                    ok = False
                    break
            if not ok:
                continue
            if _seg_dist(ox, oy, px, py, cx, cy) < 2 * R - 1e-9:
                continue
            w = _window(corner[k], app, w_corner, w_middle)
            s_alpha = sphi * (1.0 + d1 / (2 * R * max(math.cos(cut), 0.12)))
            p = _erf(w / (max(d2, 0.02) * s_alpha * math.sqrt(2.0)))
            if p > pmax:
                pmax = p
        score = pmax + 1e-3 * vals[i]
        if pmax > 0 and score > best_score:
            best_score = score
            best_p = pmax
            best_v = vals[i]
    return best_p, best_v


@njit(cache=True)
def q_anywhere(objs, vals, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
               max_corner_app, max_middle_app, w_corner, w_middle, discount):
    best_p = 0.0
    best_v = 0
    best_score = -1.0
    n = objs.shape[0]
    m = allpos.shape[0]
    s_alpha = sphi * (1.0 + 1.0 / (2 * R * 0.85))
    for i in range(n):
        ox, oy = objs[i, 0], objs[i, 1]
        pmax = 0.0
        for k in range(6):
            px, py = targets[k, 0], targets[k, 1]
            d2, ux, uy, app = _pocket_line(ox, oy, k, targets, axes, corner, max_corner_app,
                                           max_middle_app)
            if d2 < 0.0:
                continue
            if d2 >= 0.3 and not _on_bed(ox, oy, px, py, 0.5, R, L, W, 0.001):
                continue
            ok = True
            for j in range(m):
                if j == self_idx[i]:
                    continue
                if _seg_dist(ox, oy, px, py, allpos[j, 0], allpos[j, 1]) < 2 * R:
                    ok = False
                    break
            if not ok:
                continue
            w = _window(corner[k], app, w_corner, w_middle)
            p = _erf(w / (max(d2, 0.02) * s_alpha * math.sqrt(2.0)))
            if p > pmax:
                pmax = p
        pmax *= discount
        score = pmax + 1e-3 * vals[i]
        if score > best_score:
            best_score = score
            best_p = pmax
            best_v = vals[i]
    return best_p, best_v
