"""When does a gap close?  Robust first-contact times for polynomial gap functions.

Every contact in the simulator is the first time a *gap function* ``f(s)`` of degree at most four
reaches zero while closing: the squared centre distance minus the squared contact distance for
two balls (a quartic, since each centre moves on a parabola), the signed distance to a cushion
line (a quadratic), and so on.

Closed-form quartic formulas lose accuracy exactly where it matters, near contact and near
double roots.  Instead we isolate: the roots of ``f''`` (a quadratic, in closed form) split
``[0, H]`` into pieces where ``f'`` is monotone; the roots of ``f'`` in those pieces (safeguarded
Newton) then split it into pieces where both ``f`` and ``f'`` are monotone.  On such a piece the
event is decided without ambiguity:

* the bodies touch (``f <= tol``) and approach at least at the firing rate (``f' <= -dmin``):
  contact now; or the approach reaches the firing rate later in the piece: contact then;
* the gap closes across zero inside the piece: contact at the root, found by bisection with
  Newton steps and returned from the open side, so bodies never start a new motion overlapping.

The firing rate ``dmin`` is what keeps touching bodies (a frozen rack, a ball frozen to a
cushion) from colliding again and again at the same instant with zero approach speed.
"""
from __future__ import annotations

import math

from .jit import kernel

INF = math.inf
BEHIND_M = 1e-6  # deeper than any round-off overlap
DEPTH_FACTOR = 100.0  # touching bodies collide before overlapping by 100 x the contact tolerance


@kernel
def _f(e0, e1, e2, e3, e4, s):
    return (((e4 * s + e3) * s + e2) * s + e1) * s + e0


@kernel
def _df(e1, e2, e3, e4, s):
    return ((4.0 * e4 * s + 3.0 * e3) * s + 2.0 * e2) * s + e1


@kernel
def _d2f(e2, e3, e4, s):
    return (12.0 * e4 * s + 6.0 * e3) * s + 2.0 * e2


@kernel
def quadratic_roots(a, b, c):
    """Real roots of a s^2 + b s + c, ascending; ``n`` tells how many (0, 1 or 2).

    Degenerate leading coefficients fall back to the linear case; the stable form avoids
    cancellation between ``-b`` and the discriminant.
    """
    scale = max(abs(a), abs(b), abs(c))
    if scale == 0.0:
        return 0, 0.0, 0.0
    if abs(a) <= 1e-14 * scale:
        if abs(b) <= 1e-14 * scale:
            return 0, 0.0, 0.0
        return 1, -c / b, 0.0
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return 0, 0.0, 0.0
    sq = math.sqrt(disc)
    q = -0.5 * (b + sq) if b >= 0.0 else -0.5 * (b - sq)
    r1 = q / a
    r2 = c / q if q != 0.0 else r1
    if r1 > r2:
        r1, r2 = r2, r1
    return 2, r1, r2


@kernel
def _solve_df(e1, e2, e3, e4, level, lo, hi):
    """Where f' crosses ``level`` in [lo, hi] (f' monotone there, on opposite sides of
    ``level`` at the ends): Newton steps kept inside the bracket, bisection otherwise.
    Returns the end of the final bracket on the far side from ``lo``."""
    lo_above = _df(e1, e2, e3, e4, lo) > level
    s = 0.5 * (lo + hi)
    for _ in range(100):
        g = _df(e1, e2, e3, e4, s) - level
        if (g > 0.0) == lo_above and g != 0.0:
            lo = s
        else:
            hi = s
        if hi - lo <= 1e-15 * max(1.0, hi):
            break
        d2 = _d2f(e2, e3, e4, s)
        nxt = s - g / d2 if d2 != 0.0 else 0.5 * (lo + hi)
        if not (lo < nxt < hi) or abs(nxt - s) > 0.5 * (hi - lo):
            nxt = 0.5 * (lo + hi)
        s = nxt
    return hi


@kernel
def _root_f(e0, e1, e2, e3, e4, lo, hi):
    """Zero of f on [lo, hi] with f(lo) > 0 >= f(hi) and f decreasing; returns the open side."""
    flo = _f(e0, e1, e2, e3, e4, lo)
    for _ in range(100):
        # Newton from the open side when it stays inside the bracket, else bisection.
        d = _df(e1, e2, e3, e4, lo)
        if d < 0.0:
            s = lo - flo / d
            if not (lo < s < hi):
                s = 0.5 * (lo + hi)
        else:
            s = 0.5 * (lo + hi)
        fs = _f(e0, e1, e2, e3, e4, s)
        if fs > 0.0:
            lo, flo = s, fs
        else:
            hi = s
        if hi - lo <= 1e-14 * max(1.0, hi):
            break
    return lo


@kernel
def _piece(e0, e1, e2, e3, e4, lo, hi, tol, dmin):
    """Contact time within a piece where f and f' are monotone, or INF."""
    if hi <= lo:
        return INF
    flo = _f(e0, e1, e2, e3, e4, lo)
    fhi = _f(e0, e1, e2, e3, e4, hi)
    if fhi >= flo:
        return INF  # opening or constant
    if flo <= tol:
        if _df(e1, e2, e3, e4, lo) <= -dmin:
            return lo
        best = INF
        if _df(e1, e2, e3, e4, hi) <= -dmin:
            best = _solve_df(e1, e2, e3, e4, -dmin, lo, hi)
        # Bodies pressed together ever more slowly must not sink into each other while the
        # closing speed builds up: they collide at the latest when the overlap reaches
        # DEPTH_FACTOR * tol.
        deep = -DEPTH_FACTOR * tol
        if fhi <= deep and flo > deep:
            best = min(best, _root_f(e0 - deep, e1, e2, e3, e4, lo, hi))
        return best
    if fhi <= 0.0:
        return _root_f(e0, e1, e2, e3, e4, lo, hi)
    return INF


@kernel
def _interval(e0, e1, e2, e3, e4, lo, hi, tol, dmin):
    """Contact time within an interval where f' is monotone: split it at the root of f'."""
    if hi <= lo:
        return INF
    dlo = _df(e1, e2, e3, e4, lo)
    dhi = _df(e1, e2, e3, e4, hi)
    if dlo != 0.0 and dhi != 0.0 and (dlo < 0.0) != (dhi < 0.0):
        r = _solve_df(e1, e2, e3, e4, 0.0, lo, hi)
        s = _piece(e0, e1, e2, e3, e4, lo, r, tol, dmin)
        if s != INF:
            return s
        return _piece(e0, e1, e2, e3, e4, r, hi, tol, dmin)
    return _piece(e0, e1, e2, e3, e4, lo, hi, tol, dmin)


@kernel
def first_contact(e0, e1, e2, e3, e4, horizon, tol, dmin):
    """First s in [0, horizon] at which the gap f closes; INF if it does not.

    ``f(s) = e0 + e1 s + e2 s^2 + e3 s^3 + e4 s^4`` is positive while apart; contact is
    ``f <= tol`` with ``f' <= -dmin`` (closing at least at the firing rate), or ``f`` crossing zero.
    """
    if not (horizon > 0.0) or horizon == INF:
        return INF
    # The roots of f'' cut [0, H] into at most three intervals where f' is monotone.
    n2, p1, p2 = quadratic_roots(12.0 * e4, 6.0 * e3, 2.0 * e2)
    a = horizon
    b = horizon
    if n2 >= 1 and 0.0 < p1 < horizon:
        a = p1
    if n2 == 2 and 0.0 < p2 < horizon:
        if a == horizon:
            a = p2
        elif p2 > a:
            b = p2
    s = _interval(e0, e1, e2, e3, e4, 0.0, a, tol, dmin)
    if s != INF:
        return s
    s = _interval(e0, e1, e2, e3, e4, a, b, tol, dmin)
    if s != INF:
        return s
    return _interval(e0, e1, e2, e3, e4, b, horizon, tol, dmin)


@kernel
def first_contact_quadratic(g0, g1, g2, horizon, tol, dmin):
    """:func:`first_contact` for a gap of degree two, in closed form (cushion lines).

    A straight cushion is a segment of an infinite line: a ball well behind the line (more
    than ``BEHIND_M``) is elsewhere on the table, not touching it, however it moves.
    """
    if not (horizon > 0.0) or horizon == INF:
        return INF
    split = horizon
    if g2 != 0.0:
        v = -g1 / (2.0 * g2)
        if 0.0 < v < horizon:
            split = v
    lo = 0.0
    hi = split
    for _ in range(2):
        if hi > lo:
            glo = (g2 * lo + g1) * lo + g0
            ghi = (g2 * hi + g1) * hi + g0
            if ghi < glo:  # closing piece
                if glo < -BEHIND_M:
                    pass
                elif glo <= tol:
                    if 2.0 * g2 * lo + g1 <= -dmin:
                        return lo
                    best = INF
                    if 2.0 * g2 * hi + g1 <= -dmin:
                        best = (-dmin - g1) / (2.0 * g2)
                    deep = -DEPTH_FACTOR * tol
                    if ghi <= deep < glo:
                        n, r1, r2 = quadratic_roots(g2, g1, g0 - deep)
                        for r in (r1, r2):
                            if n >= 1 and lo <= r <= hi:
                                best = min(best, r)
                    if best < INF:
                        return best
                elif ghi <= 0.0:
                    n, r1, r2 = quadratic_roots(g2, g1, g0)
                    best = hi
                    if n >= 1 and lo <= r1 <= hi:
                        best = r1
                    elif n == 2 and lo <= r2 <= hi:
                        best = r2
                    return best
        lo = split
        hi = horizon
    return INF


@kernel
def first_crossing_quadratic(c0, c1, c2, horizon):
    """First s in (0, horizon] where c0 + c1 s + c2 s^2 turns negative, given c0 >= 0-ish.

    Used for lines that are crossed, not bounced from (capture lines, watched lines): the
    function is evaluated from the side the ball is on, so a crossing just logged (value ~0,
    still heading out) is not reported again.
    """
    n, r1, r2 = quadratic_roots(c2, c1, c0)
    best = INF
    if n >= 1:
        for r in (r1, r2):
            if 1e-12 < r <= horizon:
                # Going negative after r?
                slope = c1 + 2.0 * c2 * r
                if slope < 0.0 and r < best:
                    best = r
            if n == 1:
                break
    return best
