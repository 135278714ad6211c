"""Compiled geometry for the inner loops:

* the look-ahead's two questions -- the mover's best clean pot (:func:`best_pot`, the
  closed-form model of :func:`ai.geometry.shot_table`) and the best pot from a typical cue
  position (:func:`q_anywhere`) -- which the P(win) model asks for every Monte Carlo sample
  (checked against readable numpy twins in tests/ai/test_geometry_kernels.py);
* the fan of bank routes (:func:`bank_fan`, used by :func:`ai.geometry.bank_routes`)."""
from __future__ import annotations

import math

import numpy as np

from numba import njit

from sim import detmath as dm

from .shot_table import MIN_CUT_COS, NEAR_POCKET_M


@njit(cache=True)
def _erf(x):
    return dm.erf(x)


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
    c = dm.cos(approach)
    if corner:
        return w_corner * math.sqrt(max(c, 0.0))
    c = max(c, 0.0)
    return w_middle * c * math.sqrt(c)


@njit(cache=True)
def _jaw_factor(ox, oy, px, py, k, jaws, R, ramp):
    """The share of a pot's chance left by pocket k's jaw roundings for the object ball's
    centre line (ox, oy) -> (px, py) (:data:`ai.geometry.pockets.JAW_RAMP_M`; ramp 0: 1)."""
    if ramp <= 0.0:
        return 1.0
    clearance = 1e9
    for j in range(jaws.shape[1]):
        c = _seg_dist(ox, oy, px, py, jaws[k, j, 0], jaws[k, j, 1]) - (R + jaws[k, j, 2])
        if c < clearance:
            clearance = c
    return min(max(1.0 + clearance / ramp, 0.0), 1.0)


@njit(cache=True)
def _pocket_line(ox, oy, k, targets, axes, corner, max_corner_app, max_middle_app):
    """Distance, unit direction and approach angle from an object ball to pocket k; the
    distance is -1 when the approach is too steep for that pocket to take the ball."""
    vx, vy = targets[k, 0] - ox, targets[k, 1] - oy
    d2 = math.sqrt(vx * vx + vy * vy)
    ux, uy = vx / d2, vy / d2
    app = dm.acos(min(1.0, max(-1.0, ux * axes[k, 0] + uy * axes[k, 1])))
    if app >= (max_corner_app if corner[k] else max_middle_app):
        return -1.0, ux, uy, app
    return d2, ux, uy, app


@njit(cache=True)
def pot_chances(cx, cy, objs, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
                max_cut, max_corner_app, max_middle_app, w_corner, w_middle, throat_cos, jaws,
                jaw_ramp):
    """Each object ball's best clean pot from cue (cx, cy): (p[i], ghost[i]), the probability
    over the six pockets and the ghost-ball centre of the pocket that gives it (p 0 when no
    pocket can be reached).  ``self_idx[i]`` is the row of object i in ``allpos`` (every ball
    but the cue); ``jaws`` the pockets' jaw roundings and ``jaw_ramp`` their scaling
    (:func:`_jaw_factor`)."""
    n = objs.shape[0]
    m = allpos.shape[0]
    chances = np.zeros(n)
    ghosts = np.zeros((n, 2))
    k_in = -1  # the pocket whose throat the cue ball hangs in
    if not (R <= cx <= L - R and R <= cy <= W - R):
        best_d = 1e9
        for k in range(6):
            dd = math.sqrt((targets[k, 0] - cx) * (targets[k, 0] - cx)
                           + (targets[k, 1] - cy) * (targets[k, 1] - cy))
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
            cut = dm.acos(min(1.0, max(-1.0, cosc)))
            if cut >= max_cut:
                continue
            ok = True
            for t in (0.25, 0.5, 0.75):
                if not _on_bed(cx, cy, gx, gy, t, R, L, W, 0.001):
                    ok = False
            if d2 >= NEAR_POCKET_M and not _on_bed(ox, oy, px, py, 0.5, R, L, W, 0.001):
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
            s_alpha = sphi * (1.0 + d1 / (2 * R * max(dm.cos(cut), MIN_CUT_COS)))
            p = _erf(w / (max(d2, 0.02) * s_alpha * math.sqrt(2.0)))
            p *= _jaw_factor(ox, oy, px, py, k, jaws, R, jaw_ramp)
            if p > pmax:
                pmax = p
                ghosts[i, 0] = gx
                ghosts[i, 1] = gy
        chances[i] = pmax
    return chances, ghosts


@njit(cache=True)
def best_pot(cx, cy, objs, vals, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
             max_cut, max_corner_app, max_middle_app, w_corner, w_middle, throat_cos, jaws,
             jaw_ramp):
    """Best clean pot from cue (cx, cy): returns (p, value) -- of the balls of
    :func:`pot_chances`, the likeliest (a thousandth of a point breaks near-ties by value)."""
    chances, _ = pot_chances(cx, cy, objs, allpos, self_idx, targets, axes, corner, R, L, W,
                             sphi, max_cut, max_corner_app, max_middle_app, w_corner, w_middle,
                             throat_cos, jaws, jaw_ramp)
    best_p = 0.0
    best_v = 0
    best_score = -1.0
    for i in range(objs.shape[0]):
        pmax = chances[i]
        score = pmax + 1e-3 * vals[i]
        if pmax > 0 and score > best_score:
            best_score = score
            best_p = pmax
            best_v = vals[i]
    return best_p, best_v


@njit(cache=True)
def anywhere_chances(objs, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
                     max_corner_app, max_middle_app, w_corner, w_middle, discount, jaws,
                     jaw_ramp):
    """Each object ball's best pot from a typical cue position (1 m away, a 30 degree cut,
    times ``discount``): only the object ball's path to the pocket must be clear."""
    n = objs.shape[0]
    m = allpos.shape[0]
    chances = np.zeros(n)
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
            if d2 >= NEAR_POCKET_M and not _on_bed(ox, oy, px, py, 0.5, R, L, W, 0.001):
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
            p *= _jaw_factor(ox, oy, px, py, k, jaws, R, jaw_ramp)
            if p > pmax:
                pmax = p
        chances[i] = pmax * discount
    return chances


@njit(cache=True)
def q_anywhere(objs, vals, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
               max_corner_app, max_middle_app, w_corner, w_middle, discount, jaws, jaw_ramp):
    """The likeliest of :func:`anywhere_chances` and its value."""
    chances = anywhere_chances(objs, allpos, self_idx, targets, axes, corner, R, L, W, sphi,
                               max_corner_app, max_middle_app, w_corner, w_middle, discount,
                               jaws, jaw_ramp)
    best_p = 0.0
    best_v = 0
    best_score = -1.0
    for i in range(objs.shape[0]):
        pmax = chances[i]
        score = pmax + 1e-3 * vals[i]
        if score > best_score:
            best_score = score
            best_p = pmax
            best_v = vals[i]
    return best_p, best_v


# --- banks ---------------------------------------------------------------------------------
# The cushion rebound law of the bank fan, as an array [A, B, LO, HI]:
# tan(incidence) / tan(rebound) = clip(A - B * incidence_deg, LO, HI).  The values in use are
# ai.geometry.banks.REBOUND (fitted by ``python -m ai.calibrate.rebound``).
@njit(cache=True)
def rebound_ratio(incidence_rad, law):
    r = law[0] - law[1] * math.degrees(abs(incidence_rad))
    return min(max(r, law[2]), law[3])


@njit(cache=True)
def _bank_ray(sx, sy, phi, seq, normals, levels, L, W, margin, law, pts):
    """Follow a ball from (sx, sy) along phi off the rebound lines seq (indices), writing the
    start and each bounce into pts; returns (ok, final dx, final dy).  Not ok if another
    cushion comes first or a bounce is near a corner or in a middle pocket's mouth."""
    px, py = sx, sy
    dx, dy = dm.cos(phi), dm.sin(phi)
    pts[0, 0], pts[0, 1] = px, py
    for s in range(seq.shape[0]):
        target = seq[s]
        t_best, i_best = 1e300, -1
        for i in range(normals.shape[0]):
            dn = dx if normals[i] == 0 else dy
            pn = px if normals[i] == 0 else py
            if abs(dn) < 1e-15:
                continue
            t = (levels[i] - pn) / dn
            if 1e-9 < t < t_best:
                t_best, i_best = t, i
        if i_best != target:
            return False, dx, dy
        px, py = px + t_best * dx, py + t_best * dy
        pts[s + 1, 0], pts[s + 1, 1] = px, py
        if normals[target] == 0:
            if not (margin < py < W - margin):
                return False, dx, dy
            inc = dm.atan2(abs(dy), abs(dx))
            dx = -dx * rebound_ratio(inc, law)
        else:
            if not (margin < px < L - margin) or abs(px - L / 2) <= margin:
                return False, dx, dy
            inc = dm.atan2(abs(dx), abs(dy))
            dy = -dy * rebound_ratio(inc, law)
        n = math.sqrt(dx * dx + dy * dy)
        dx, dy = dx / n, dy / n
    return True, dx, dy


@njit(cache=True)
def bank_fan(sx, sy, seqs, normals, levels, L, W, margin, law, targets, axes, corner,
             max_corner_app, max_middle_app, steps, out_k, out_phi, out_pts, out_len, out_app,
             out_seq):
    """Every bank from (sx, sy) off each order of cushions in seqs (n_seq, m) into each pocket:
    a fan of ``steps`` directions, sign changes of the last leg's miss distance refined by
    secant steps.  Writes up to len(out_k) routes into the out arrays; returns how many."""
    m = seqs.shape[1]
    pts = np.empty((m + 1, 2))
    n_out = 0
    cap = out_k.shape[0]
    miss_prev = np.empty(targets.shape[0])
    good_prev = np.zeros(targets.shape[0], dtype=np.bool_)
    for q in range(seqs.shape[0]):
        seq = seqs[q]
        for j in range(steps):
            phi = -math.pi + 2 * math.pi * j / (steps - 1)
            ok, dx, dy = _bank_ray(sx, sy, phi, seq, normals, levels, L, W, margin, law, pts)
            ex, ey = pts[m, 0], pts[m, 1]
            for k in range(targets.shape[0]):
                rx, ry = targets[k, 0] - ex, targets[k, 1] - ey
                miss = dx * ry - dy * rx
                good = ok and dx * rx + dy * ry > 0
                if j > 0 and good and good_prev[k] and (miss > 0) != (miss_prev[k] > 0) \
                        and n_out < cap:
                    # secant refinement between the previous and this fan direction
                    a, fa = phi - 2 * math.pi / (steps - 1), miss_prev[k]
                    b, fb = phi, miss
                    ok_c = False
                    for _ in range(3):
                        c = b if fb == fa else b - fb * (b - a) / (fb - fa)
                        ok_c, cdx, cdy = _bank_ray(sx, sy, c, seq, normals, levels, L, W,
                                                   margin, law, pts)
                        fc = cdx * (targets[k, 1] - pts[m, 1]) - cdy * (targets[k, 0] - pts[m, 0])
                        a, fa, b, fb = b, fb, c, fc
                    if ok_c and abs(fb) < 1e-3:
                        lx, ly = targets[k, 0] - pts[m, 0], targets[k, 1] - pts[m, 1]
                        last = math.sqrt(lx * lx + ly * ly)
                        app = dm.acos(min(1.0, max(-1.0, (lx * axes[k, 0] + ly * axes[k, 1])
                                                     / max(last, 1e-12))))
                        if app < (max_corner_app if corner[k] else max_middle_app):
                            length = last
                            for s in range(m):
                                length += dm.hypot(pts[s + 1, 0] - pts[s, 0],
                                                   pts[s + 1, 1] - pts[s, 1])
                            out_k[n_out] = k
                            out_phi[n_out] = b
                            for s in range(m + 1):  # a loop: see sim.physics.loop._copy_rows
                                out_pts[n_out, s, 0] = pts[s, 0]
                                out_pts[n_out, s, 1] = pts[s, 1]
                            out_pts[n_out, m + 1, 0] = targets[k, 0]
                            out_pts[n_out, m + 1, 1] = targets[k, 1]
                            out_len[n_out] = length
                            out_app[n_out] = app
                            out_seq[n_out] = q
                            n_out += 1
                    # the fan ray's own end point for the next comparison
                    ok, dx, dy = _bank_ray(sx, sy, phi, seq, normals, levels, L, W, margin, law, pts)
                miss_prev[k] = miss
                good_prev[k] = good
    return n_out
