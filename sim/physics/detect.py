"""Next-event times: ball-ball, ball-cushion, ball-jaw, pocket capture, watched lines.

Each function takes the motion of the ball(s) *now* (centre, velocity, constant acceleration)
and a horizon (the time until one of them changes state by itself), and returns the time from
now of the first contact within the horizon, or INF.  Cheap distance bounds reject most pairs
before any root is sought.
"""
from __future__ import annotations


from .jit import kernel
from .jit import norm2 as _norm

from .roots import INF, first_contact, first_contact_quadratic, first_crossing_quadratic


@kernel
def reach(vx, vy, ax, ay, horizon):
    """An upper bound on how far a centre moves within ``horizon`` (finite)."""
    v = _norm(vx, vy)
    a = _norm(ax, ay)
    if a == 0.0:
        return v * horizon
    # A decelerating ball never goes further than where its speed would vanish in a straight
    # line, |v|^2 / (2|a|) (when a opposes v), and never further than |v| H + |a| H^2 / 2.
    bound = v * horizon + 0.5 * a * horizon * horizon
    if ax * vx + ay * vy <= -0.999999 * a * v:
        bound = min(bound, v * v / (2.0 * a) + 1e-12)
    return bound


@kernel
def clear_of_path(px, py, rx, ry, vx, vy, ax, ay, horizon, clearance):
    """True if point p stays farther than ``clearance`` from a centre that moves in a straight
    line (acceleration along -v, as when rolling) within ``horizon``; False if unsure."""
    v = _norm(vx, vy)
    a = _norm(ax, ay)
    if v == 0.0 or abs(ax * vy - ay * vx) > 1e-9 * v * max(a, 1e-300):
        return False
    length = reach(vx, vy, ax, ay, horizon)
    ux = vx / v
    uy = vy / v
    t = (px - rx) * ux + (py - ry) * uy
    t = min(max(t, 0.0), length)
    return _norm(px - rx - t * ux, py - ry - t * uy) > clearance


@kernel
def _chord(rx, ry, vx, vy, ax, ay, h):
    """Chord of a centre's parabolic path over [0, h] and how far the path strays from it."""
    qx = rx + vx * h + 0.5 * ax * h * h
    qy = ry + vy * h + 0.5 * ay * h * h
    return rx, ry, qx, qy, _norm(ax, ay) * h * h * 0.125


@kernel
def point_segment_distance(px, py, ax, ay, bx, by):
    ex = bx - ax
    ey = by - ay
    ee = ex * ex + ey * ey
    t = 0.0
    if ee > 0.0:
        t = min(max(((px - ax) * ex + (py - ay) * ey) / ee, 0.0), 1.0)
    return _norm(px - ax - t * ex, py - ay - t * ey)


@kernel
def _segment_distance(ax, ay, bx, by, cx, cy, dx, dy):
    """Distance between segments AB and CD."""
    # Proper crossing?
    d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    if ((d1 > 0.0) != (d2 > 0.0)) and ((d3 > 0.0) != (d4 > 0.0)):
        return 0.0
    return min(min(point_segment_distance(ax, ay, cx, cy, dx, dy),
                   point_segment_distance(bx, by, cx, cy, dx, dy)),
               min(point_segment_distance(cx, cy, ax, ay, bx, by),
                   point_segment_distance(dx, dy, ax, ay, bx, by)))


@kernel
def ball_ball_time(r1x, r1y, v1x, v1y, a1x, a1y, r2x, r2y, v2x, v2y, a2x, a2y, horizon,
                   R, tol_m, vfire):
    """Time until two balls touch (centre distance 2R) while closing."""
    dcx = r1x - r2x
    dcy = r1y - r2y
    dist = _norm(dcx, dcy)
    h = horizon
    if h == INF:
        return INF
    if dist - 2.0 * R > reach(v1x, v1y, a1x, a1y, h) + reach(v2x, v2y, a2x, a2y, h) + tol_m:
        return INF
    # Swept capsules: each centre stays within ``bow`` of the chord of its path over the horizon
    # (a parabola leaves its chord by at most |a| H^2 / 8).  Paths that never come within 2R
    # of each other cannot meet, whatever the timing.
    p1x, p1y, q1x, q1y, bow1 = _chord(r1x, r1y, v1x, v1y, a1x, a1y, h)
    p2x, p2y, q2x, q2y, bow2 = _chord(r2x, r2y, v2x, v2y, a2x, a2y, h)
    if _segment_distance(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y) > 2.0 * R + bow1 + bow2 + tol_m:
        return INF
    dbx = v1x - v2x
    dby = v1y - v2y
    dax = 0.5 * (a1x - a2x)
    day = 0.5 * (a1y - a2y)
    e4 = dax * dax + day * day
    e3 = 2.0 * (dbx * dax + dby * day)
    e2 = dbx * dbx + dby * dby + 2.0 * (dcx * dax + dcy * day)
    e1 = 2.0 * (dcx * dbx + dcy * dby)
    e0 = dcx * dcx + dcy * dcy - 4.0 * R * R
    d = 2.0 * R
    return first_contact(e0, e1, e2, e3, e4, h, 2.0 * d * tol_m, 2.0 * d * vfire)


@kernel
def ball_segment_time(rx, ry, vx, vy, ax, ay, x0, y0, x1, y1, nx, ny, horizon, R, tol_m, vfire):
    """Time until a ball touches a straight cushion (segment with free-side normal n)."""
    g0 = (rx - x0) * nx + (ry - y0) * ny - R
    g1 = vx * nx + vy * ny
    g2 = 0.5 * (ax * nx + ay * ny)
    if g0 > reach(vx, vy, ax, ay, horizon) + tol_m:
        return INF
    s = first_contact_quadratic(g0, g1, g2, horizon, tol_m, vfire)
    if s == INF:
        return INF
    # The contact point must lie on the segment; past its ends the jaw rounding takes over.
    px = rx + vx * s + 0.5 * ax * s * s - R * nx
    py = ry + vy * s + 0.5 * ay * s * s - R * ny
    ex = x1 - x0
    ey = y1 - y0
    t = ((px - x0) * ex + (py - y0) * ey) / (ex * ex + ey * ey)
    if t < 0.0 or t > 1.0:
        return INF
    return s


@kernel
def ball_circle_time(rx, ry, vx, vy, ax, ay, cx, cy, rad, horizon, R, tol_m, vfire):
    """Time until a ball touches a rounded jaw tip (a circle of radius ``rad``)."""
    dcx = rx - cx
    dcy = ry - cy
    d = R + rad
    if _norm(dcx, dcy) - d > reach(vx, vy, ax, ay, horizon) + tol_m:
        return INF
    if clear_of_path(cx, cy, rx, ry, vx, vy, ax, ay, horizon, d + tol_m):
        return INF
    hx = 0.5 * ax
    hy = 0.5 * ay
    e4 = hx * hx + hy * hy
    e3 = 2.0 * (vx * hx + vy * hy)
    e2 = vx * vx + vy * vy + 2.0 * (dcx * hx + dcy * hy)
    e1 = 2.0 * (dcx * vx + dcy * vy)
    e0 = dcx * dcx + dcy * dcy - d * d
    return first_contact(e0, e1, e2, e3, e4, horizon, 2.0 * d * tol_m, 2.0 * d * vfire)


@kernel
def line_crossing_time(rx, ry, vx, vy, ax, ay, px, py, nx, ny, side, horizon):
    """Time until the centre crosses the line through p with normal n, leaving ``side``
    (+1: the normal's side, -1: the other)."""
    c0 = side * ((rx - px) * nx + (ry - py) * ny)
    c1 = side * (vx * nx + vy * ny)
    c2 = side * 0.5 * (ax * nx + ay * ny)
    if c0 > reach(vx, vy, ax, ay, horizon):
        return INF
    return first_crossing_quadratic(max(c0, 0.0), c1, c2, horizon)


@kernel
def within_capture_reach(caps, k, x, y):
    """Whether (x, y) lies within ``caps[k, 4]`` of pocket k's axis, measured along its capture
    line ``caps[k, :4]`` (px, py, nx, ny): a capture line is its own pocket's slate edge, not an
    infinite line across the table (a pool corner's deep shelf takes a ball's centre past the
    line of the side pocket's shallow one; sim.table.TableGeometry.kernel_captures)."""
    return abs((x - caps[k, 0]) * caps[k, 3] - (y - caps[k, 1]) * caps[k, 2]) <= caps[k, 4]


@kernel
def table_clearance(x, y, lines, circles, caps, R):
    """Smallest gap between a ball centred at (x, y) and any cushion, jaw or capture line
    within its reach (negative: it overlaps one).  ``lines`` rows start x0, y0, x1, y1;
    ``caps`` rows px, py, nx, ny, reach (:func:`within_capture_reach`)."""
    gap = INF
    for k in range(lines.shape[0]):
        gap = min(gap, point_segment_distance(x, y, lines[k, 0], lines[k, 1], lines[k, 2],
                                               lines[k, 3]) - R)
    for k in range(circles.shape[0]):
        gap = min(gap, _norm(x - circles[k, 0], y - circles[k, 1]) - circles[k, 2] - R)
    for k in range(caps.shape[0]):
        if within_capture_reach(caps, k, x, y):
            gap = min(gap, (x - caps[k, 0]) * caps[k, 2] + (y - caps[k, 1]) * caps[k, 3])
    return gap
