"""The cue strike: cue speed, direction, elevation and tip offset to ball velocity and spin.

The tip offsets ``a`` (side, to the right of centre as the player sees it) and ``b`` (vertical,
above centre) are measured in the plane perpendicular to the cue, in metres.  The cue (mass M)
hits the ball along its own axis ``d`` (horizontal direction phi, tilted down by the elevation
theta) at the point ``Q = a s + b u - c d`` of the ball's back surface, ``c = sqrt(R^2-a^2-b^2)``.
With effective ball mass ``1/m_eff = 1/m + (a^2 + b^2)/I`` and tip restitution e, the impulse is

    F = (1 + e) V / (1/M + 1/m_eff)

[LG2006, Alciatore-TP A.30], giving ``m v = F d`` (the downward part is taken by the cloth) and
``I w = Q x F d``.  Side spin also deflects the ball away from the side struck (squirt); the
angle follows Alciatore's end-mass model [Alciatore-TP A.31]:

    tan(alpha) = (5/2) x sqrt(1 - x^2) / (1 + m/m_e + (5/2)(1 - x^2)),  x = a / R.
"""
from __future__ import annotations

import math

from .jit import kernel
from .. import detmath as dm

from ..layout import P_CUE_M, P_CUE_ME, P_E_TIP, P_M, P_R


@kernel
def strike(speed, phi, theta, side, vertical, params):
    """Cue ball velocity and spin ``(vx, vy, wx, wy, wz)`` from a stroke.

    ``side`` and ``vertical`` are fractions of R; angles in radians.
    """
    R = params[P_R]
    m = params[P_M]
    M = params[P_CUE_M]
    a = side * R
    b = vertical * R
    I = 0.4 * m * R * R
    inv_meff = 1.0 / m + (a * a + b * b) / I
    F = (1.0 + params[P_E_TIP]) * speed / (1.0 / M + inv_meff)
    ct = dm.cos(theta)
    st = dm.sin(theta)
    # Unit vectors: f forward (horizontal), s to the player's right, z up.
    fx, fy = dm.cos(phi), dm.sin(phi)
    sx, sy = fy, -fx
    # Ball speed along the horizontal, deflected by squirt away from the side struck.
    v = F * ct / m
    x = side
    alpha = dm.atan(2.5 * x * math.sqrt(max(0.0, 1.0 - x * x))
                      / (1.0 + m / params[P_CUE_ME] + 2.5 * (1.0 - x * x)))
    ca, sa = dm.cos(alpha), dm.sin(alpha)
    vx = v * (ca * fx - sa * sx)
    vy = v * (ca * fy - sa * sy)
    # I w = F (a (s x d) + b (u x d)), with s x d = cos(theta) z + sin(theta) f and u x d = -s.
    # (u = sin(theta) f + cos(theta) z is "up" in the plane perpendicular to the cue.)
    k = F / I
    wx = k * (a * st * fx - b * sx)
    wy = k * (a * st * fy - b * sy)
    wz = k * a * ct
    return vx, vy, wx, wy, wz
