"""The compiled event loop: detect the next event, evolve to it, resolve it, repeat.

Each ball keeps its own reference time: its centre, velocity and spin are stored as they were
when its motion last changed (one row of the ball table ``B``, columns ``layout.B_*``) and are
evaluated in closed form when needed, so an event touches only the balls it involves.
Predictions are cached per ball (its next contact with the table's cushions, jaws, capture lines
and the watched line) and per pair; after an event only the involved balls' predictions are
recomputed, so an event costs O(N) root searches, not O(N^2).  The earliest pending event is
the minimum over the per-ball state ends, table contacts and per-row minima of the pair table.

State lives in a few 2-D arrays rather than many 1-D ones: Numba passes every array argument
with reference counting, and fewer arguments keep an event at a few microseconds.

Ties (balls of a frozen rack that touch at the same instant) are taken in a fixed order: the
lowest ball index first, and for one ball its own state change, then a table contact, then its
lowest-numbered partner.  The same input always gives the same events.
"""
from __future__ import annotations

import math

import numpy as np
from .jit import kernel
from .jit import norm2 as _norm

from ..layout import (B_AX, B_AY, B_BOW, B_BX0, B_BX1, B_BY0, B_BY1, B_COLS, B_QX, B_QY, B_RX, B_RY, B_STATE, B_TEND, B_TREF, B_VX, B_VY,
                      B_WX, B_WY, B_WZ, C_COLS, C_ROW_J, C_ROW_T, C_STATIC_KIND, C_STATIC_OBJ,
                      C_STATIC_T, EV_BALL_BALL, EV_BALL_CUSHION, EV_BALL_JAW, EV_COLS,
                      EV_LINE_CROSS, EV_POCKET, EV_ROLL_SPIN, EV_ROLL_STOP, EV_SLIDE_ROLL,
                      EV_SLIDE_STOP, EV_SPIN_STOP, EV_STRIKE, P_R, P_TOL, P_VFIRE, POCKETED,
                      ROLLING, S_E_BACK, S_JAW, S_NX, S_NY, S_X0, S_X1, S_Y0, S_Y1, SEG_COLS, SLIDING,
                      SPINNING, ST_CAPTURE, ST_CIRCLE, ST_NONE, ST_SEGMENT, ST_WATCH, STATIONARY,
                      B_POCKET, B_TEDGE, FLYING, P_G, P_MU_S, ST_RETURN)
from .ball_ball import resolve_ball_ball
from .detect import (ball_ball_time, ball_circle_time, ball_segment_time, line_crossing_time,
                     point_segment_distance, table_clearance, within_capture_reach)
from .dispatch import check_models, cushion_impact, pocket_flies
from .motion import acceleration, classify, evolve, state_duration
from .pocket_flight import climb_back, fall_time

INF = math.inf
# Numba types an integer constant passed to a compiled callee as a literal (``Literal[int](4)``)
# and compiles the callee once per value seen, also for values a variable holds only for a
# moment during type inference (``who = -1`` before the loop assigns it a ball).  Wrapping such
# arguments in ``_I`` makes them plain int64: each helper is compiled once, which roughly
# halves the loop's first-run compile time.  Behaviour is unchanged.
_I = np.int64


@kernel
def _translating(state):
    return state == SLIDING or state == ROLLING or state == FLYING


@kernel
def _state(B, i):
    return int(B[i, B_STATE])


@kernel
def _now(B, i, t):
    """Centre and velocity of ball i at absolute time t (within its current state)."""
    dt = t - B[i, B_TREF]
    if dt == 0.0 or not _translating(_state(B, i)):
        return B[i, B_RX], B[i, B_RY], B[i, B_VX], B[i, B_VY]
    ax = B[i, B_AX]
    ay = B[i, B_AY]
    return (B[i, B_RX] + B[i, B_VX] * dt + 0.5 * ax * dt * dt,
            B[i, B_RY] + B[i, B_VY] * dt + 0.5 * ay * dt * dt,
            B[i, B_VX] + ax * dt, B[i, B_VY] + ay * dt)


@kernel
def _advance(B, i, t, params):
    """Move ball i's reference to time t."""
    dt = t - B[i, B_TREF]
    s = _state(B, i)
    if dt > 0.0 and s != POCKETED:
        (B[i, B_RX], B[i, B_RY], B[i, B_VX], B[i, B_VY], B[i, B_WX], B[i, B_WY],
         B[i, B_WZ]) = evolve(s, B[i, B_RX], B[i, B_RY], B[i, B_VX], B[i, B_VY], B[i, B_WX],
                              B[i, B_WY], B[i, B_WZ], dt, params)
    B[i, B_TREF] = t


@kernel
def _span(x0, v, a, h):
    """Smallest and largest of x0 + v t + a t^2 / 2 over [0, h]."""
    x1 = x0 + v * h + 0.5 * a * h * h
    lo = min(x0, x1)
    hi = max(x0, x1)
    if a != 0.0:
        tv = -v / a
        if 0.0 < tv < h:
            xv = x0 + 0.5 * v * tv
            lo = min(lo, xv)
            hi = max(hi, xv)
    return lo, hi


@kernel
def _still_box(B, i):
    """A ball that does not travel: its path is its centre."""
    B[i, B_BX0] = B[i, B_RX]
    B[i, B_BX1] = B[i, B_RX]
    B[i, B_BY0] = B[i, B_RY]
    B[i, B_BY1] = B[i, B_RY]
    B[i, B_QX] = B[i, B_RX]
    B[i, B_QY] = B[i, B_RY]
    B[i, B_BOW] = 0.0


@kernel
def _set_state(B, i, state, t, params):
    B[i, B_STATE] = state
    B[i, B_TREF] = t
    if state == ROLLING:
        # Exactly rolling: clear round-off between v and w.
        R = params[P_R]
        B[i, B_WX] = -B[i, B_VY] / R
        B[i, B_WY] = B[i, B_VX] / R
    elif state != SLIDING and state != FLYING:
        B[i, B_VX] = 0.0
        B[i, B_VY] = 0.0
        B[i, B_WX] = 0.0
        B[i, B_WY] = 0.0
        if state != SPINNING:
            B[i, B_WZ] = 0.0
    ax, ay = acceleration(state, B[i, B_VX], B[i, B_VY], B[i, B_WX], B[i, B_WY], params)
    B[i, B_AX] = ax
    B[i, B_AY] = ay
    if state == POCKETED:
        B[i, B_TEND] = INF
    elif state == FLYING:  # until it can no longer be lifted back over the edge
        B[i, B_TEND] = B[i, B_TEDGE] + fall_time(params)
    else:
        B[i, B_TEND] = t + state_duration(state, B[i, B_VX], B[i, B_VY], B[i, B_WX], B[i, B_WY],
                                          B[i, B_WZ], params)
    # The box holds the whole path until the state ends: any later part of it too.  A rolling
    # ball runs straight and never past its stopping point, so its path is its chord; a sliding
    # one strays from the chord by at most |a| H^2 / 8.
    rx = B[i, B_RX]
    ry = B[i, B_RY]
    if _translating(state):
        h = B[i, B_TEND] - t
        vx = B[i, B_VX]
        vy = B[i, B_VY]
        B[i, B_QX] = rx + vx * h + 0.5 * ax * h * h
        B[i, B_QY] = ry + vy * h + 0.5 * ay * h * h
        B[i, B_BOW] = 0.0 if state == ROLLING else _norm(ax, ay) * h * h * 0.125
        B[i, B_BX0], B[i, B_BX1] = _span(rx, vx, ax, h)
        B[i, B_BY0], B[i, B_BY1] = _span(ry, vy, ay, h)
    else:
        _still_box(B, i)


@kernel
def _set_motion(B, i, t, vx, vy, wx, wy, wz, params):
    """New velocity and spin after an impact; the state follows from them (a flying ball
    flies on)."""
    B[i, B_VX] = vx
    B[i, B_VY] = vy
    B[i, B_WX] = wx
    B[i, B_WY] = wy
    B[i, B_WZ] = wz
    if _state(B, i) == FLYING:
        _set_state(B, i, _I(FLYING), t, params)
    else:
        _set_state(B, i, classify(vx, vy, wx, wy, wz, params), t, params)


@kernel
def _separate(B, i, j, R, lines, circles, caps):
    """Balls pressed together may meet a hair inside each other (at most the firing depth);
    set them exactly touching along the line of centres, so that sub-micrometre overlaps cannot
    accumulate over a long push.  The correction is shared, or given to one ball alone when the
    other would be pushed into a cushion; skipped when both would be."""
    dx = B[j, B_RX] - B[i, B_RX]
    dy = B[j, B_RY] - B[i, B_RY]
    d = _norm(dx, dy)
    if not (0.0 < d < 2.0 * R):
        return
    k = (2.0 * R - d) / d
    ok_i = table_clearance(B[i, B_RX] - k * dx, B[i, B_RY] - k * dy, lines, circles, caps, R) >= 0.0
    ok_j = table_clearance(B[j, B_RX] + k * dx, B[j, B_RY] + k * dy, lines, circles, caps, R) >= 0.0
    if ok_i and ok_j:
        wi = 0.5
    elif ok_i:
        wi = 1.0
    elif ok_j:
        wi = 0.0
    else:
        return
    B[i, B_RX] -= wi * k * dx
    B[i, B_RY] -= wi * k * dy
    B[j, B_RX] += (1.0 - wi) * k * dx
    B[j, B_RY] += (1.0 - wi) * k * dy


@kernel
def _copy_rows(dst, start, src):
    """dst[start:start + len(src)] = src, as a loop: Numba's slice assignment compiles a
    shape-mismatch error message with string formatting, seconds of first-run compile time."""
    for r in range(src.shape[0]):
        for c in range(src.shape[1]):
            dst[start + r, c] = src[r, c]


@kernel
def _grow(log):
    bigger = np.empty((2 * log.shape[0], log.shape[1]))
    _copy_rows(bigger, _I(0), log)
    return bigger


@kernel
def _log_event(evlog, k, t, kind, a, b, obj, x, y):
    if k >= evlog.shape[0]:
        evlog = _grow(evlog)
    row = evlog[k]
    row[0] = t
    row[1] = kind
    row[2] = a
    row[3] = b
    row[4] = obj
    row[5] = x
    row[6] = y
    return evlog


@kernel
def _log_segment(seglog, k, t, B, i):
    if k >= seglog.shape[0]:
        seglog = _grow(seglog)
    row = seglog[k]
    row[0] = t
    row[1] = i
    row[2] = B[i, B_STATE]
    for c in range(7):  # rx, ry, vx, vy, wx, wy, wz share the ball table's column order
        row[3 + c] = B[i, c]
    return seglog


@kernel
def _static_event(B, i, t, params, lines, circles, caps, watch, watch_ball, watch_side):
    """Earliest contact of ball i with the table (or crossing of the watched line)."""
    if not _translating(_state(B, i)):
        return INF, ST_NONE, -1
    cx, cy, cvx, cvy = _now(B, i, t)
    ax = B[i, B_AX]
    ay = B[i, B_AY]
    h = B[i, B_TEND] - t
    R = params[P_R]
    tol = params[P_TOL]
    vf = params[P_VFIRE]
    best = INF
    kind = ST_NONE
    obj = -1
    pad = R + tol
    bx0 = B[i, B_BX0] - pad
    bx1 = B[i, B_BX1] + pad
    by0 = B[i, B_BY0] - pad
    by1 = B[i, B_BY1] + pad
    for k in range(lines.shape[0]):
        if (max(lines[k, S_X0], lines[k, S_X1]) < bx0 or min(lines[k, S_X0], lines[k, S_X1]) > bx1
                or max(lines[k, S_Y0], lines[k, S_Y1]) < by0
                or min(lines[k, S_Y0], lines[k, S_Y1]) > by1):
            continue
        s = ball_segment_time(cx, cy, cvx, cvy, ax, ay, lines[k, S_X0], lines[k, S_Y0],
                              lines[k, S_X1], lines[k, S_Y1], lines[k, S_NX], lines[k, S_NY], h,
                              R, tol, vf)
        if s < best:
            best, kind, obj = s, ST_SEGMENT, k
    for k in range(circles.shape[0]):
        rad = circles[k, 2]
        if (circles[k, 0] + rad < bx0 or circles[k, 0] - rad > bx1 or circles[k, 1] + rad < by0
                or circles[k, 1] - rad > by1):
            continue
        s = ball_circle_time(cx, cy, cvx, cvy, ax, ay, circles[k, 0], circles[k, 1], rad, h, R,
                             tol, vf)
        if s < best:
            best, kind, obj = s, ST_CIRCLE, k
    if _state(B, i) == FLYING:  # only the way back over the edge it left
        k = int(B[i, B_POCKET])
        s = line_crossing_time(cx, cy, cvx, cvy, ax, ay, caps[k, 0], caps[k, 1], caps[k, 2],
                               caps[k, 3], -1.0, h)
        if s < best:
            best, kind, obj = s, ST_RETURN, k
        return t + best, kind, obj
    for k in range(caps.shape[0]):
        s = line_crossing_time(cx, cy, cvx, cvy, ax, ay, caps[k, 0], caps[k, 1], caps[k, 2],
                               caps[k, 3], 1.0, h)
        if s < best and within_capture_reach(caps, k, cx + cvx * s + 0.5 * ax * s * s,
                                             cy + cvy * s + 0.5 * ay * s * s):
            best, kind, obj = s, ST_CAPTURE, k
    if i == watch_ball:
        s = line_crossing_time(cx, cy, cvx, cvy, ax, ay, watch[0], watch[1], watch[2], watch[3],
                               watch_side, h)
        if s < best:
            best, kind, obj = s, ST_WATCH, 0
    return t + best, kind, obj


@kernel
def _pair_time(B, i, j, t, params):
    si = _state(B, i)
    sj = _state(B, j)
    if si == POCKETED or sj == POCKETED:
        return INF
    if not (_translating(si) or _translating(sj)):
        return INF
    # Paths whose boxes stay more than a ball apart cannot meet.
    gap = 2.0 * params[P_R] + params[P_TOL]
    if (B[i, B_BX0] - B[j, B_BX1] > gap or B[j, B_BX0] - B[i, B_BX1] > gap
            or B[i, B_BY0] - B[j, B_BY1] > gap or B[j, B_BY0] - B[i, B_BY1] > gap):
        return INF
    # A ball at rest and a travelling one: the rest of the path lies within the bow of its chord.
    if not _translating(sj) or not _translating(si):
        m, k = (i, j) if _translating(si) else (j, i)
        if point_segment_distance(B[k, B_RX], B[k, B_RY], B[m, B_RX], B[m, B_RY], B[m, B_QX],
                                  B[m, B_QY]) > gap + B[m, B_BOW]:
            return INF
    xi, yi, uxi, uyi = _now(B, i, t)
    xj, yj, uxj, uyj = _now(B, j, t)
    h = min(B[i, B_TEND], B[j, B_TEND]) - t
    return t + ball_ball_time(xi, yi, uxi, uyi, B[i, B_AX], B[i, B_AY], xj, yj, uxj, uyj,
                              B[j, B_AX], B[j, B_AY], h, params[P_R], params[P_TOL],
                              params[P_VFIRE])


@kernel
def _refresh(B, i, t, params, lines, circles, caps, watch, watch_ball, watch_side, cache,
             pair_t):
    """Recompute every prediction that involves ball i."""
    n = B.shape[0]
    ts, kind, obj = _static_event(B, i, t, params, lines, circles, caps, watch, watch_ball,
                                  watch_side)
    cache[i, C_STATIC_T] = ts
    cache[i, C_STATIC_KIND] = kind
    cache[i, C_STATIC_OBJ] = obj
    for j in range(n):
        if j == i:
            continue
        k = min(i, j)
        l = max(i, j)
        old = pair_t[k, l]
        new = _pair_time(B, k, l, t, params)
        pair_t[k, l] = new
        row_t = cache[k, C_ROW_T]
        row_j = int(cache[k, C_ROW_J])
        if new < row_t or (new == row_t and l < row_j):
            cache[k, C_ROW_T] = new
            cache[k, C_ROW_J] = l
        elif row_j == l and new > old:
            # The row's minimum got later: look the row over again.
            bt = INF
            bj = -1
            for m in range(k + 1, n):
                if pair_t[k, m] < bt:
                    bt = pair_t[k, m]
                    bj = m
            cache[k, C_ROW_T] = bt
            cache[k, C_ROW_J] = bj


@kernel
def _table_impact(B, i, nx, ny, jaw, e_back, params):
    """Ball i meets the table where its free-side unit normal is (nx, ny): the velocity and spin
    after, and whether it was closing.  A cushion nose or jaw by the cushion model the
    parameters name (sim/cushion_models.py, through sim/physics/dispatch.py), off the cloth's
    friction for a flying ball; the pocket's back (``e_back`` >= 0) as a wall that returns
    ``e_back`` of the normal speed, nothing else."""
    vx = B[i, B_VX]
    vy = B[i, B_VY]
    if e_back >= 0.0:
        vn = vx * nx + vy * ny
        k = (1.0 + e_back) * min(vn, 0.0)  # nothing when not closing
        return (vx - k * nx, vy - k * ny, B[i, B_WX], B[i, B_WY], B[i, B_WZ]), vn < 0.0
    impact = params
    if _state(B, i) == FLYING:  # off the cloth: no friction from it
        impact = params.copy()
        impact[P_MU_S] = 0.0
    return cushion_impact(vx, vy, B[i, B_WX], B[i, B_WY], B[i, B_WZ], nx, ny, jaw, impact)


@kernel
def _fall_in(B, i, t, pocket, params, evlog, nev, seglog, nseg):
    """Ball i is in ``pocket`` from time t (it has been advanced to t): logged, taken off."""
    _set_state(B, i, _I(POCKETED), t, params)
    evlog = _log_event(evlog, nev, t, _I(EV_POCKET), i, _I(-1), _I(pocket), B[i, B_RX],
                       B[i, B_RY])
    seglog = _log_segment(seglog, nseg, t, B, i)
    B[i, B_RX] = math.nan
    B[i, B_RY] = math.nan
    return evlog, seglog


@kernel
def _over_the_edge(B, i, t, pocket, caps, params):
    """Ball i's centre crosses ``pocket``'s slate edge outward at t: True if it flies on
    (as the pocket model the parameters name decides, sim/pocket_models.py: "flight", fast
    enough to leave the edge airborne; it is then FLYING), False if it falls."""
    v_across = -(B[i, B_VX] * caps[pocket, 2] + B[i, B_VY] * caps[pocket, 3])
    if not pocket_flies(v_across, params):
        return False
    B[i, B_TEDGE] = t
    B[i, B_POCKET] = pocket
    B[i, B_STATE] = FLYING  # _set_motion keeps it flying: velocity and spin as they were
    _set_motion(B, i, t, B[i, B_VX], B[i, B_VY], B[i, B_WX], B[i, B_WY], B[i, B_WZ], params)
    return True


@kernel
def _back_over_the_edge(B, i, t, pocket, caps, params):
    """Flying ball i's centre comes back over ``pocket``'s slate edge at t: True if it climbs
    back onto the cloth (then set rolling on at the speed the climb leaves it), False if it
    falls into the pocket (sim/physics/pocket_flight.py)."""
    nx = caps[pocket, 2]  # toward the table
    ny = caps[pocket, 3]
    flown = t - B[i, B_TEDGE]
    g = params[P_G]
    v_in = B[i, B_VX] * nx + B[i, B_VY] * ny
    v_along = -B[i, B_VX] * ny + B[i, B_VY] * nx  # along the edge, e = z x n
    w_edge = -B[i, B_WX] * ny + B[i, B_WY] * nx  # spin about e: positive turns it to the table
    w_across = B[i, B_WX] * nx + B[i, B_WY] * ny
    climbs, v_on = climb_back(v_in, g * flown, w_edge, 0.5 * g * flown * flown, params)
    if not climbs:
        return False
    w_on = v_on / params[P_R]  # rolling toward the table
    B[i, B_STATE] = SLIDING  # on the cloth again: the state follows from the motion
    _set_motion(B, i, t, v_on * nx - v_along * ny, v_on * ny + v_along * nx,
                -w_on * ny + w_across * nx, w_on * nx + w_across * ny, B[i, B_WZ], params)
    return True


@kernel
def run(pos, on_table, cue, v0x, v0y, w0x, w0y, w0z, params, lines, circles, caps, watch,
        max_events):
    """Simulate one stroke from rest positions and the cue ball's velocity and spin.

    Returns final positions (NaN when pocketed), final states, the event log (rows of time,
    kind, ball a, ball b, object, x and y of ball a; see ``layout.EVC_*``), the motion-segment
    log (``layout.SEG_*``), the time the last ball stopped, and whether the event cap was
    reached.  The object of a cushion or jaw event is a line index, or the number of lines plus
    a circle index for a rounded jaw tip; of a pocket event, the pocket index.
    """
    check_models(params)  # a model id with no compiled kernel is refused, never run as another
    n = pos.shape[0]
    B = np.zeros((n, B_COLS))
    cache = np.empty((n, C_COLS))
    pair_t = np.empty((n, n))
    pair_t[:, :] = INF
    for i in range(n):
        B[i, B_RX] = pos[i, 0]
        B[i, B_RY] = pos[i, 1]
        B[i, B_STATE] = STATIONARY if on_table[i] else POCKETED
        B[i, B_TEND] = INF
        _still_box(B, i)
        cache[i, C_STATIC_T] = INF
        cache[i, C_STATIC_KIND] = ST_NONE
        cache[i, C_STATIC_OBJ] = -1
        cache[i, C_ROW_T] = INF
        cache[i, C_ROW_J] = -1
    evlog = np.empty((64, EV_COLS))
    seglog = np.empty((64 + n, SEG_COLS))
    nseg = _I(0)

    _set_motion(B, cue, 0.0, v0x, v0y, w0x, w0y, w0z, params)
    for i in range(n):
        if on_table[i]:
            seglog = _log_segment(seglog, nseg, 0.0, B, i)
            nseg += 1

    watch_ball = -1
    watch_side = 1.0
    if not math.isnan(watch[0]) and on_table[cue]:
        watch_ball = cue
        if (B[cue, B_RX] - watch[0]) * watch[2] + (B[cue, B_RY] - watch[1]) * watch[3] < 0.0:
            watch_side = -1.0

    evlog = _log_event(evlog, _I(0), 0.0, _I(EV_STRIKE), cue, _I(-1), _I(-1), B[cue, B_RX],
                       B[cue, B_RY])
    nev = _I(1)
    _refresh(B, cue, 0.0, params, lines, circles, caps, watch, watch_ball, watch_side, cache,
             pair_t)

    truncated = False
    iterations = 0
    t = 0.0
    while True:
        # The earliest pending event.
        best = INF
        who = _I(-1)
        what = _I(0)  # 0 state change, 1 table contact, 2 pair
        for i in range(n):
            if B[i, B_TEND] < best:
                best, who, what = B[i, B_TEND], i, 0
            if cache[i, C_STATIC_T] < best:
                best, who, what = cache[i, C_STATIC_T], i, 1
            if cache[i, C_ROW_T] < best:
                best, who, what = cache[i, C_ROW_T], i, 2
        if who < 0:
            break
        iterations += 1
        if nev >= max_events or iterations > 4 * max_events:
            truncated = True
            break
        t = best
        i = who
        if what == 0 and _state(B, i) == FLYING:  # dropped too far to come back
            _advance(B, i, t, params)
            evlog, seglog = _fall_in(B, i, t, _I(B[i, B_POCKET]), params, evlog, nev, seglog,
                                     nseg)
            nev += 1
            nseg += 1
        elif what == 0:
            _advance(B, i, t, params)
            old = _state(B, i)
            speed = _norm(B[i, B_VX], B[i, B_VY])
            spin = abs(B[i, B_WZ]) > 1e-9
            if old == SLIDING and speed > 1e-9:
                new, kind = ROLLING, EV_SLIDE_ROLL
            elif old == SLIDING:
                new, kind = (SPINNING if spin else STATIONARY), EV_SLIDE_STOP
            elif old == ROLLING:
                new = SPINNING if spin else STATIONARY
                kind = EV_ROLL_SPIN if spin else EV_ROLL_STOP
            else:
                new, kind = STATIONARY, EV_SPIN_STOP
            _set_state(B, i, _I(new), t, params)
            evlog = _log_event(evlog, nev, t, _I(kind), i, _I(-1), _I(-1), B[i, B_RX],
                               B[i, B_RY])
            nev += 1
            seglog = _log_segment(seglog, nseg, t, B, i)
            nseg += 1
        elif what == 1:
            kind_s = int(cache[i, C_STATIC_KIND])
            obj = int(cache[i, C_STATIC_OBJ])
            _advance(B, i, t, params)
            x = B[i, B_RX]
            y = B[i, B_RY]
            if kind_s == ST_WATCH:
                watch_side = -watch_side
                evlog = _log_event(evlog, nev, t, _I(EV_LINE_CROSS), i, _I(-1), _I(0), x, y)
                nev += 1
            elif kind_s == ST_CAPTURE and _over_the_edge(B, i, t, _I(obj), caps, params):
                seglog = _log_segment(seglog, nseg, t, B, i)
                nseg += 1
            elif kind_s == ST_RETURN and _back_over_the_edge(B, i, t, _I(obj), caps, params):
                seglog = _log_segment(seglog, nseg, t, B, i)
                nseg += 1
            elif kind_s == ST_CAPTURE or kind_s == ST_RETURN:
                evlog, seglog = _fall_in(B, i, t, _I(obj), params, evlog, nev, seglog, nseg)
                nev += 1
                nseg += 1
            else:
                if kind_s == ST_SEGMENT:
                    nx = lines[obj, S_NX]
                    ny = lines[obj, S_NY]
                    kind = EV_BALL_JAW if lines[obj, S_JAW] != 0.0 else EV_BALL_CUSHION
                    e_back = lines[obj, S_E_BACK]
                    depth = params[P_R] - ((x - lines[obj, S_X0]) * nx + (y - lines[obj, S_Y0]) * ny)
                else:
                    nx = x - circles[obj, 0]
                    ny = y - circles[obj, 1]
                    d = _norm(nx, ny)
                    nx /= d
                    ny /= d
                    kind = EV_BALL_JAW
                    e_back = -1.0
                    depth = params[P_R] + circles[obj, 2] - d
                    obj = lines.shape[0] + obj  # logged: circles numbered after lines
                # A ball pressed into a cushion (wedged by another ball) meets it a hair deep:
                # set it back on the surface so that the depth cannot build up.
                if depth > 0.0:
                    B[i, B_RX] += depth * nx
                    B[i, B_RY] += depth * ny
                out, closing = _table_impact(B, i, nx, ny, kind == EV_BALL_JAW, e_back, params)
                _set_motion(B, i, t, out[0], out[1], out[2], out[3], out[4], params)
                if closing:
                    evlog = _log_event(evlog, nev, t, _I(kind), i, _I(-1), _I(obj), x, y)
                    nev += 1
                    seglog = _log_segment(seglog, nseg, t, B, i)
                    nseg += 1
        else:
            j = int(cache[i, C_ROW_J])
            _advance(B, i, t, params)
            _advance(B, j, t, params)
            _separate(B, i, j, params[P_R], lines, circles, caps)
            out, closing = resolve_ball_ball(
                B[i, B_RX], B[i, B_RY], B[i, B_VX], B[i, B_VY], B[i, B_WX], B[i, B_WY],
                B[i, B_WZ], B[j, B_RX], B[j, B_RY], B[j, B_VX], B[j, B_VY], B[j, B_WX],
                B[j, B_WY], B[j, B_WZ], params)
            _set_motion(B, i, t, out[0], out[1], out[2], out[3], out[4], params)
            _set_motion(B, j, t, out[5], out[6], out[7], out[8], out[9], params)
            if closing:
                evlog = _log_event(evlog, nev, t, _I(EV_BALL_BALL), i, j, _I(-1), B[i, B_RX],
                                   B[i, B_RY])
                nev += 1
                seglog = _log_segment(seglog, nseg, t, B, i)
                seglog = _log_segment(seglog, nseg + 1, t, B, j)
                nseg += 2
            _refresh(B, j, t, params, lines, circles, caps, watch, watch_ball, watch_side,
                     cache, pair_t)
        _refresh(B, i, t, params, lines, circles, caps, watch, watch_ball, watch_side, cache,
                 pair_t)

    for i in range(n):  # cut short in flight (the event cap): past the edge, so in the pocket
        if _state(B, i) == FLYING:
            _advance(B, i, t, params)
            evlog, seglog = _fall_in(B, i, t, _I(B[i, B_POCKET]), params, evlog, nev, seglog,
                                     nseg)
            nev += 1
            nseg += 1
    final = np.empty((n, 2))
    states = np.empty(n, dtype=np.int64)
    for i in range(n):
        states[i] = _state(B, i)
        if states[i] == POCKETED:
            final[i, 0] = math.nan
            final[i, 1] = math.nan
        else:
            tend = B[i, B_TEND]
            _advance(B, i, tend if tend < INF else B[i, B_TREF], params)
            final[i, 0] = B[i, B_RX]
            final[i, 1] = B[i, B_RY]
    return final, states, evlog[:nev], seglog[:nseg], t, truncated


@kernel
def run_batch(pos, on_table, cue, motions, params, lines, circles, caps, watch, max_events):
    """Many strokes from one position in one call: ``motions[k] = (vx, vy, wx, wy, wz)`` of the
    cue ball for stroke k.  Returns final positions (B, N, 2), final states (B, N), all event
    logs stacked with ``offsets`` (stroke k's events are rows offsets[k]:offsets[k+1]), the
    stopping times and the truncation flags.  Motion segments are not kept."""
    nb = motions.shape[0]
    n = pos.shape[0]
    finals = np.empty((nb, n, 2))
    states = np.empty((nb, n), dtype=np.int64)
    offsets = np.zeros(nb + 1, dtype=np.int64)
    durations = np.empty(nb)
    truncated = np.zeros(nb, dtype=np.bool_)
    events = np.empty((max(16, 8 * nb), EV_COLS))
    total = _I(0)
    for k in range(nb):
        final, st, evlog, _seg, t_end, trunc = run(
            pos, on_table, cue, motions[k, 0], motions[k, 1], motions[k, 2], motions[k, 3],
            motions[k, 4], params, lines, circles, caps, watch, max_events)
        _copy_rows(finals[k], _I(0), final)
        for i in range(n):
            states[k, i] = st[i]
        durations[k] = t_end
        truncated[k] = trunc
        m = evlog.shape[0]
        while total + m > events.shape[0]:
            events = _grow(events)
        _copy_rows(events, total, evlog)
        total += m
        offsets[k + 1] = total
    return finals, states, events[:total], offsets, durations, truncated
