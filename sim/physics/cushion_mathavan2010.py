"""Ball-cushion impact after Mathavan, Jackson & Parkin (2010) [Mathavan2010], integrated in the
impulse domain, with the rubber's restitution falling with impact speed.

The cushion touches the ball at I, at height ``h`` above the cloth (``sin(theta) = h/R - 1``);
the cloth touches it at C.  During the impact both contacts may slip.  The normal impulse ``P``
at I is the independent variable [Mathavan2010 sec. 2.2, after Stronge]: for each increment
``dP`` the cushion pushes along its tilted normal, friction at I opposes the slip there with
``mu_w dP``, the cloth pushes up with whatever keeps the centre on the table
(``dN = (sin(theta) + mu_w s_2 cos(theta)) dP``, [Mathavan2010 eq. 8]) and its friction opposes
the slip at C with ``mu_s dN``.  Compression lasts while the ball still approaches the cushion;
restitution ends when the normal force has given back ``e_e^2`` of the work it took during
compression (Stronge's energetic coefficient, [Mathavan2010 eq. 16b]).  Friction at either
contact depends on the slip, which the impact itself changes, so restitution and rebound angle
depend on the incoming spin and angle: that is what this model adds to a single-shot impulse
(Han 2005).

Written out in vectors rather than the paper's slip angles, in a frame with ``a`` horizontal
into the cushion, ``b = z x a`` along it and ``z`` up (``k = cos(theta) a + sin(theta) z`` points
from the centre to I, ``t2 = -sin(theta) a + cos(theta) z`` is the upward tangent at I):

* slip at I: ``s_b = v_b + R (cos(theta) w_z - sin(theta) w_a)``, ``s_2 = -sin(theta) v_a - R w_b``;
* slip at C: ``u_a = v_a - R w_b``, ``u_b = v_b + R w_a``;
* the normal approach speed at I is ``cos(theta) v_a``.

Friction at a contact whose slip would pass through zero within a step takes only the impulse
that ends the slip (the contact then rolls, as the paper's eqs. 15a/15b state) instead of
flipping direction from step to step; the mobilities used for that are exact for each contact
taken alone: ``7/(2M)`` for the cloth and for ``s_b``, ``(5/2 + sin^2(theta))/M`` for ``s_2``
(the vertical part of that impulse goes into the cloth).

Speed dependence.  In the rigid-cushion model every impulse scales with the incoming speed, so
a rolling ball rebounds with the same restitution at any speed [Mathavan2010 Fig. 8: "the
rebound angle plots are identical for different ball speeds"]; the authors found it valid only
below about 2.5 m/s of normal speed and the measured rebounds falling below it beyond.  Rubber is
viscoelastic: for a viscoelastic Hertzian contact ``1 - e`` grows as ``v^(1/5)`` [Kuwabara &
Kono 1987; Ramírez, Pöschel, Brilliantov & Schwager 1999].  Here
``e_e(v) = 1 - (1 - e_ref) (v / v_ref)^p`` with ``e_ref`` the rubber's restitution at the speed
``v_ref`` at which it was measured (``sim/params.py`` gives the values and their sources; that
``e_ref`` is an assumption, see there), clamped to [0, 1].

Below ``cushion_rest_below_mps`` of approach speed the ball comes to rest against the cushion as
in the Han module: its normal velocity and the spin that would drive it back into the cushion
are removed.
"""
from __future__ import annotations

import math

from .jit import kernel
from .jit import norm2 as _norm
from .. import detmath as dm
from ..models import ModelSpec

from ..layout import (P_EE_CUSHION, P_EE_EXP, P_EE_VREF, P_H_C, P_M, P_MU_C, P_MU_S, P_R,
                      P_VREST)

# Impulse steps per phase (compression, then restitution).  The scheme is first order: over 300
# random impacts (0.2-5 m/s, 3-90 deg from the cushion, top and side spin -2..2 times rolling)
# 16 steps put the rebound within 0.12 deg and 0.21 % of the incoming speed of a 20 000-step
# solution, at about 1.6 us per impact (tests/sim/test_cushion_mathavan2010.py checks the
# accuracy; benchmarks/physics_report.py times it against Han 2005).
STEPS_PER_PHASE = 16


@kernel
def energetic_restitution(v_normal, params):
    """The rubber's energetic restitution at normal approach speed ``v_normal`` (m/s)."""
    v_ref = params[P_EE_VREF]
    e_ref = params[P_EE_CUSHION]
    if v_ref <= 0.0 or v_normal <= 0.0:
        return e_ref
    e = 1.0 - (1.0 - e_ref) * dm.power(v_normal / v_ref, params[P_EE_EXP])
    return min(1.0, max(0.0, e))


@kernel
def _step(va, vb, wa, wb, wz, dP, sin_t, cos_t, mu_w, mu_s, inv_m, k_rot, R, stick_b, stick_2):
    """Apply one normal impulse increment ``dP`` at I with the friction it brings at I and C.

    ``inv_m = 1/M``, ``k_rot = 5/(2 M R)`` (spin change per unit tangential impulse), and
    ``stick_b = 2M/7``, ``stick_2 = M/(5/2 + sin^2)`` turn a slip into the impulse that ends it.
    Sliding friction opposes the slip the step would end with (a slip that ends within the step
    is ended exactly instead of overshooting).
    Returns the new ``(va, vb, wa, wb, wz)``.
    """
    # 1. The normal impulse -dP k, its vertical part taken by the cloth: v_a falls by
    #    dP cos(theta) / M; no torque.
    va -= dP * cos_t * inv_m
    # 2. Friction at I, against the slip it would have at the end of the step.
    s_b = vb + R * (cos_t * wz - sin_t * wa)
    s_2 = -sin_t * va - R * wb
    f_b = -s_b * stick_b  # the impulses that would end the slip
    f_2 = -s_2 * stick_2
    limit = mu_w * dP
    if f_b * f_b + f_2 * f_2 > limit * limit:
        # Sliding: Coulomb friction against the slip (not along the sticking impulse, which
        # the unequal mobilities turn away from it).
        k = -limit / _norm(s_b, s_2)
        f_b = k * s_b
        f_2 = k * s_2
    # Impulse f_b b + f_2 t2 at I (its vertical part again taken by the cloth).
    va -= f_2 * sin_t * inv_m
    vb += f_b * inv_m
    wa -= k_rot * f_b * sin_t
    wz += k_rot * f_b * cos_t
    wb -= k_rot * f_2
    # 3. The cloth's normal impulse keeps the centre on the table; its friction, against the
    #    slip at C (mobility 7/(2M) in every direction).
    dN = dP * sin_t - f_2 * cos_t
    if dN > 0.0:
        u_a = va - R * wb
        u_b = vb + R * wa
        limit = mu_s * dN
        g = _norm(u_a, u_b)
        if g * stick_b <= limit:
            g_a = -stick_b * u_a
            g_b = -stick_b * u_b
        else:
            k = -limit / g
            g_a = k * u_a
            g_b = k * u_b
        va += g_a * inv_m
        vb += g_b * inv_m
        # r_C x g = R (g_b a - g_a b)
        wa += k_rot * g_b
        wb -= k_rot * g_a
    return va, vb, wa, wb, wz


@kernel
def impact(va, vb, wa, wb, wz, e_e, sin_t, cos_t, mu_w, mu_s, M, R, steps):
    """The whole impact in the cushion frame (``a`` into the cushion, ``b = z x a``).

    ``va > 0`` (approaching); ``steps`` impulse steps per phase.  Returns
    ``(va, vb, wa, wb, wz)`` after restitution.
    """
    inv_m = 1.0 / M
    k_rot = 2.5 / (M * R)
    stick_b = M / 3.5
    stick_2 = M / (2.5 + sin_t * sin_t)
    # Compression: the normal impulse needed to stop a non-spinning ball against a rigid wall,
    # M v_a / cos(theta), split in ``steps``; friction may stretch or shorten the phase.
    dP = M * va / (cos_t * steps)
    work = 0.0  # work of the normal force, divided by cos(theta): integral of v_a dP
    p_c = 0.0  # normal impulse of the compression phase
    n = 0
    while va > 0.0 and n < 8 * steps:
        n1 = _step(va, vb, wa, wb, wz, dP, sin_t, cos_t, mu_w, mu_s, inv_m, k_rot, R,
                       stick_b, stick_2)
        if n1[0] < 0.0:
            # The last piece: v_a falls almost linearly in P within a step.
            frac = va / (va - n1[0])
            n1 = _step(va, vb, wa, wb, wz, frac * dP, sin_t, cos_t, mu_w, mu_s, inv_m,
                           k_rot, R, stick_b, stick_2)
            work += 0.5 * frac * dP * va
            p_c += frac * dP
            va, vb, wa, wb, wz = 0.0, n1[1], n1[2], n1[3], n1[4]
            break
        work += 0.5 * dP * (va + n1[0])
        p_c += dP
        va, vb, wa, wb, wz = n1
        n += 1
    # Restitution: the normal force gives back e_e^2 of the compression work.
    target = e_e * e_e * work
    if target <= 0.0:
        return va, vb, wa, wb, wz
    # Its impulse is about e_e times that of compression.
    dP = max(e_e, 0.05) * p_c / steps
    done = 0.0
    n = 0
    while n < 8 * steps:
        n1 = _step(va, vb, wa, wb, wz, dP, sin_t, cos_t, mu_w, mu_s, inv_m, k_rot, R,
                       stick_b, stick_2)
        dw = -0.5 * dP * (va + n1[0])
        if done + dw >= target:
            # v_a is linear in P within the step: solve -(va p + slope p^2 / 2) = rest.
            slope = (n1[0] - va) / dP
            rest = target - done
            if slope < 0.0:
                disc = va * va - 2.0 * slope * rest
                p = (-va - math.sqrt(max(disc, 0.0))) / slope
            else:
                p = rest / max(-va, 1e-300)
            p = min(max(p, 0.0), dP)
            return _step(va, vb, wa, wb, wz, p, sin_t, cos_t, mu_w, mu_s, inv_m, k_rot, R,
                             stick_b, stick_2)
        done += dw
        va, vb, wa, wb, wz = n1
        n += 1
    return va, vb, wa, wb, wz


@kernel
def resolve_cushion_mathavan(vx, vy, wx, wy, wz, nx, ny, params):
    """Velocity and spin after hitting a cushion (or jaw) whose free-side normal is (nx, ny).

    Returns ``(vx, vy, wx, wy, wz)`` and whether the ball was closing on the cushion, like
    ``cushion_han2005.resolve_cushion``.
    """
    # Frame: a into the cushion (-n), b = z x a.
    ax_, ay_ = -nx, -ny
    va = vx * ax_ + vy * ay_
    vb = -vx * ay_ + vy * ax_
    wa = wx * ax_ + wy * ay_
    wb = -wx * ay_ + wy * ax_
    if va <= 0.0:
        return (vx, vy, wx, wy, wz), False
    R = params[P_R]
    if va < params[P_VREST]:
        va = 0.0
        wb = 0.0
    else:
        sin_t = params[P_H_C] / R - 1.0
        cos_t = math.sqrt(1.0 - sin_t * sin_t)
        e_e = energetic_restitution(cos_t * va, params)
        va, vb, wa, wb, wz = impact(va, vb, wa, wb, wz, e_e, sin_t, cos_t, params[P_MU_C],
                                    params[P_MU_S], params[P_M], R, STEPS_PER_PHASE)
    nvx = va * ax_ - vb * ay_
    nvy = va * ay_ + vb * ax_
    nwx = wa * ax_ - wb * ay_
    nwy = wa * ay_ + wb * ax_
    return (nvx, nvy, nwx, nwy, wz), True


@kernel
def resolve(vx, vy, wx, wy, wz, nx, ny, jaw, params):
    """The cushion models' protocol (sim/cushion_models.py): :func:`resolve_cushion_mathavan`;
    the jaws are the same cloth-covered rubber as the noses, so ``jaw`` changes nothing."""
    return resolve_cushion_mathavan(vx, vy, wx, wy, wz, nx, ny, params)


MODEL = ModelSpec(
    name="mathavan2010",
    publication="S. Mathavan, M. R. Jackson, R. M. Parkin, \"A theoretical analysis of billiard "
                "ball dynamics under cushion impacts\", Proc. IMechE Part C 224 (2010) 1863-1873",
    parameters=("mu_cushion", "mu_slide", "cushion_e_energetic", "cushion_e_ref_speed_mps",
                "cushion_e_speed_exponent", "cushion_rest_below_mps"),
    kernel=resolve)
