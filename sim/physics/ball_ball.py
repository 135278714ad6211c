"""Ball-ball impact with friction: cut- and spin-induced throw [Alciatore-TP A.14].

An instantaneous impact of two equal spheres.  The normal impulse follows from the restitution
``e``; the tangential impulse at the contact point opposes the surfaces' slip there and is
limited both by Coulomb friction (``mu * Jn``, with ``mu`` falling with slip speed as Alciatore
fitted to Marlow's measurements) and by the impulse that would stop the slip altogether
("gearing").  The slip includes the vertical component that top and bottom spin give the
contact point, which is why follow and draw throw less than stun.  The vertical part of the
friction impulse is taken up by the cloth (balls do not leave the table in this model).

Below ``elastic_below_mps`` of approach speed the balls are taken to be in sustained contact
rather than colliding: one is pushing the other.  The impact is elastic (at walking pace the
restitution of phenolic balls rises toward one, and an elastic floor prevents "inelastic
collapse" in frozen clusters), and a ball whose own cloth friction drives it into the other
loses the spin that does so: its slip along the line of centres is set to zero, as the contact
would soon do, but only when that lowers its energy.  Without this a spinning cue ball pushing
an object ball would bounce off it thousands of times in a fraction of a second.
"""
from __future__ import annotations

import math

from .jit import kernel
from .jit import norm2 as _norm
from .. import detmath as dm

from ..layout import P_E_B, P_M, P_MU_BA, P_MU_BB, P_MU_BC, P_R, P_VELASTIC


@kernel
def resolve_ball_ball(r1x, r1y, v1x, v1y, w1x, w1y, w1z, r2x, r2y, v2x, v2y, w2x, w2y, w2z,
                      params):
    """Velocities and spins of both balls after they meet.  Returns a 10-tuple
    ``(v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z)`` and whether they were closing."""
    R = params[P_R]
    m = params[P_M]
    nx = r2x - r1x
    ny = r2y - r1y
    d = _norm(nx, ny)
    nx /= d
    ny /= d
    vn = (v1x - v2x) * nx + (v1y - v2y) * ny  # closing speed
    if vn <= 0.0:
        return (v1x, v1y, w1x, w1y, w1z, v2x, v2y, w2x, w2y, w2z), False
    e = params[P_E_B] if vn >= params[P_VELASTIC] else 1.0
    jn = 0.5 * m * (1.0 + e) * vn  # impulse on ball 2 along n (and -n on ball 1)
    # Slip of ball 1's surface against ball 2's at the contact point (3D, n = (nx, ny, 0)):
    # u = (v1 - v2) + R (w1 + w2) x n.
    sx = w1x + w2x
    sy = w1y + w2y
    sz = w1z + w2z
    ux = (v1x - v2x) + R * (-sz * ny)
    uy = (v1y - v2y) + R * (sz * nx)
    uz = R * (sx * ny - sy * nx)
    un = ux * nx + uy * ny
    tx = ux - un * nx
    ty = uy - un * ny
    tz = uz
    ut = math.sqrt(tx * tx + ty * ty + tz * tz)
    jtx = 0.0
    jty = 0.0
    jtz = 0.0
    if ut > 1e-12:
        mu = params[P_MU_BA] + params[P_MU_BB] * dm.exp(-params[P_MU_BC] * ut)
        # Each surface point responds to a tangential impulse J with 7 J / (2 m); the slip
        # between the two with 7 J / m, so J = m u_t / 7 stops it.
        jt = min(mu * jn, m * ut / 7.0)
        jtx = -jt * tx / ut  # on ball 1
        jty = -jt * ty / ut
        jtz = -jt * tz / ut
    inv_m = 1.0 / m
    n1x = v1x + (-jn * nx + jtx) * inv_m
    n1y = v1y + (-jn * ny + jty) * inv_m
    n2x = v2x + (jn * nx - jtx) * inv_m
    n2y = v2y + (jn * ny - jty) * inv_m
    # Both balls turn the same way: dw = (R n x Jt) / I, I = 2 m R^2 / 5.
    k = R / (0.4 * m * R * R)
    dwx = k * (ny * jtz)
    dwy = k * (-nx * jtz)
    dwz = k * (nx * jty - ny * jtx)
    w1x, w1y, w1z = w1x + dwx, w1y + dwy, w1z + dwz
    w2x, w2y, w2z = w2x + dwx, w2y + dwy, w2z + dwz
    if vn < params[P_VELASTIC]:
        w1x, w1y = _stop_pressing(n1x, n1y, w1x, w1y, nx, ny, 1.0, R)
        w2x, w2y = _stop_pressing(n2x, n2y, w2x, w2y, nx, ny, -1.0, R)
    return (n1x, n1y, w1x, w1y, w1z, n2x, n2y, w2x, w2y, w2z), True


@kernel
def _stop_pressing(vx, vy, wx, wy, nx, ny, toward, R):
    """Remove the spin that makes a sliding ball's cloth friction push it along ``toward * n``
    (into the ball it touches), if that lowers its energy.  Returns the new (wx, wy)."""
    ux = vx - R * wy
    uy = vy + R * wx
    u_n = ux * nx + uy * ny  # friction acts along -u: it presses when toward * u_n < 0
    if toward * u_n >= 0.0:
        return wx, wy
    # Spin about e = z x n = (-ny, nx) sets the slip along n: u.n = v.n - R (w . e).
    omega = -wx * ny + wy * nx
    target = (vx * nx + vy * ny) / R
    if abs(target) >= abs(omega):
        return wx, wy
    d = target - omega
    return wx - d * ny, wy + d * nx
