"""Ball-cushion impact after Han (2005) [Han2005], in closed form.

The cushion touches the ball at height ``h`` above the cloth, above the equator, so the contact
normal is tilted by ``theta = asin(h / R - 1)``.  In a frame whose x axis points into the
cushion the impact is solved for the normal impulse ``(1 + e) m c`` (``c`` the compression speed
along the tilted normal) and a tangential impulse that either stops the slip of the contact
point (sticking) or is Coulomb-limited (sliding).  The vertical impulse is taken up by the cloth.

Used for cushion noses, jaw faces and the rounded jaw tips alike, each with its own local normal.

Below ``cushion_rest_below_mps`` of approach speed a ball is taken to come to rest against the
cushion: its normal velocity and the spin that would drive it back into the cushion are removed,
so that it runs along the cushion instead of bouncing endlessly with ever smaller hops.
"""
from __future__ import annotations

import math

from .jit import kernel
from .jit import norm2 as _norm

from ..models import ModelSpec
from ..layout import P_E_C, P_E_J, P_H_C, P_M, P_MU_C, P_MU_J, P_R, P_VREST


@kernel
def resolve_cushion(vx, vy, wx, wy, wz, nx, ny, e, mu, params):
    """Velocity and spin after hitting a cushion whose free-side normal is (nx, ny), with
    restitution ``e`` and ball-rubber friction ``mu``.

    Returns ``(vx, vy, wx, wy, wz)`` and whether the ball was closing on the cushion.
    """
    # Frame: x' into the cushion (-n), y' = z cross x', z up.
    cx_, cy_ = -nx, -ny
    # Components in the frame.
    vxp = vx * cx_ + vy * cy_
    vyp = -vx * cy_ + vy * cx_
    wxp = wx * cx_ + wy * cy_
    wyp = -wx * cy_ + wy * cx_
    if vxp <= 0.0:
        return (vx, vy, wx, wy, wz), False
    R = params[P_R]
    m = params[P_M]
    if vxp < params[P_VREST]:
        vxp = 0.0
        wyp = 0.0
    else:
        sin_t = params[P_H_C] / R - 1.0
        cos_t = math.sqrt(1.0 - sin_t * sin_t)
        c = vxp * cos_t
        s1 = vxp * sin_t + R * wyp  # slip along t1 = (sin, 0, -cos)
        s2 = vyp + R * (wz * cos_t - wxp * sin_t)  # slip along t2 = y'
        pn = (1.0 + e) * m * c
        slip = _norm(s1, s2)
        if slip * 2.0 * m / 7.0 <= mu * pn:
            j1 = -2.0 * m * s1 / 7.0
            j2 = -2.0 * m * s2 / 7.0
        else:
            j1 = -mu * pn * s1 / slip
            j2 = -mu * pn * s2 / slip
        # Impulse in the frame: -pn * (cos, 0, sin) + j1 * (sin, 0, -cos) + j2 * (0, 1, 0).
        px = -pn * cos_t + j1 * sin_t
        py = j2
        pz = -pn * sin_t - j1 * cos_t
        vxp += px / m
        vyp += py / m
        # dw = (r_I x P) / I with r_I = R (cos, 0, sin).
        k = R / (0.4 * m * R * R)
        wxp += k * (-sin_t * py)
        wyp += k * (sin_t * px - cos_t * pz)
        wz += k * (cos_t * py)
    # Back to table axes.
    nvx = vxp * cx_ - vyp * cy_
    nvy = vxp * cy_ + vyp * cx_
    nwx = wxp * cx_ - wyp * cy_
    nwy = wxp * cy_ + wyp * cx_
    return (nvx, nvy, nwx, nwy, wz), True


@kernel
def resolve(vx, vy, wx, wy, wz, nx, ny, jaw, params):
    """The cushion models' protocol (sim/cushion_models.py): :func:`resolve_cushion` with the
    noses' restitution and friction (``e_cushion``, ``mu_cushion``), or the jaws' (``e_jaw``,
    ``mu_jaw``) when ``jaw``."""
    if jaw:
        return resolve_cushion(vx, vy, wx, wy, wz, nx, ny, params[P_E_J], params[P_MU_J], params)
    return resolve_cushion(vx, vy, wx, wy, wz, nx, ny, params[P_E_C], params[P_MU_C], params)


MODEL = ModelSpec(
    name="han2005",
    publication="I. Han, \"Dynamics in carom and three cushion billiards\", J. Mech. Sci. "
                "Tech. 19(4) (2005) 976-984",
    parameters=("e_cushion", "mu_cushion", "e_jaw", "mu_jaw", "cushion_rest_below_mps"),
    kernel=resolve)
