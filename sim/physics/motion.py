"""Closed-form motion of one ball between events [LG2006].

A ball on the cloth is in one of four states.  Within a state its centre moves on a parabola
``r(t) = r0 + v0 t + a t^2 / 2`` with constant acceleration ``a``:

* sliding: the contact point slips with velocity ``u = v + w x (-R z)``; friction
  ``-mu_s m g u_hat`` is constant in direction, so ``u`` shrinks along a fixed line and reaches
  zero after ``2 |u0| / (7 mu_s g)``: from then on the ball rolls.
* rolling: ``a = -mu_r g v_hat`` until the ball stops after ``|v0| / (mu_r g)``.
* spinning: only the spin about the vertical axis, decaying at ``5 mu_sp g / (2 R)``.
* stationary.

Past a pocket's slate edge (pocket model "flight") a ball flies: off the cloth, nothing acts on
it across the table, so its centre runs straight at constant velocity and keeps its spin while
it drops (the loop keeps the time it left the edge; the drop is ``g t^2 / 2``).

The vertical spin ``w_z`` decays at the same rate in every state and does not change the path of
a ball on a flat cloth, so reaching ``w_z = 0`` while sliding or rolling is not an event.
"""
from __future__ import annotations

import math

from .jit import kernel
from .jit import norm2 as _norm

from ..layout import (FLYING, P_G, P_MU_R, P_MU_S, P_MU_SP, P_R, ROLLING, SLIDING, SPINNING,
                      STATIONARY)

INF = math.inf


@kernel
def slip(vx, vy, wx, wy, R):
    """Velocity of the contact point with the cloth."""
    return vx - R * wy, vy + R * wx


@kernel
def acceleration(state, vx, vy, wx, wy, params):
    """Constant linear acceleration of a ball in ``state``."""
    if state == SLIDING:
        ux, uy = slip(vx, vy, wx, wy, params[P_R])
        u = _norm(ux, uy)
        if u == 0.0:
            return 0.0, 0.0
        k = -params[P_MU_S] * params[P_G] / u
        return k * ux, k * uy
    if state == ROLLING:
        v = _norm(vx, vy)
        if v == 0.0:
            return 0.0, 0.0
        k = -params[P_MU_R] * params[P_G] / v
        return k * vx, k * vy
    return 0.0, 0.0


@kernel
def spin_decel(params):
    return 2.5 * params[P_MU_SP] * params[P_G] / params[P_R]


@kernel
def state_duration(state, vx, vy, wx, wy, wz, params):
    """Time until the state ends by itself (a transition event), from the given motion."""
    if state == SLIDING:
        ux, uy = slip(vx, vy, wx, wy, params[P_R])
        return 2.0 * _norm(ux, uy) / (7.0 * params[P_MU_S] * params[P_G])
    if state == ROLLING:
        return _norm(vx, vy) / (params[P_MU_R] * params[P_G])
    if state == SPINNING:
        return abs(wz) / spin_decel(params)
    return INF


@kernel
def decay_spin(wz, dt, params):
    dw = spin_decel(params) * dt
    if wz > 0.0:
        return max(wz - dw, 0.0)
    return min(wz + dw, 0.0)


@kernel
def evolve(state, rx, ry, vx, vy, wx, wy, wz, dt, params):
    """Motion after ``dt`` seconds within the same state (``dt`` at most the state duration).

    Returns ``rx, ry, vx, vy, wx, wy, wz``.
    """
    if dt <= 0.0 or state == STATIONARY:
        return rx, ry, vx, vy, wx, wy, wz
    if state == SPINNING:
        return rx, ry, 0.0, 0.0, 0.0, 0.0, decay_spin(wz, dt, params)
    if state == FLYING:
        return rx + vx * dt, ry + vy * dt, vx, vy, wx, wy, wz
    R = params[P_R]
    ax, ay = acceleration(state, vx, vy, wx, wy, params)
    nrx = rx + vx * dt + 0.5 * ax * dt * dt
    nry = ry + vy * dt + 0.5 * ay * dt * dt
    nvx = vx + ax * dt
    nvy = vy + ay * dt
    nwz = decay_spin(wz, dt, params)
    if state == ROLLING:
        return nrx, nry, nvx, nvy, -nvy / R, nvx / R, nwz
    # Sliding: friction at the contact point also turns the ball, d(w)/dt = 5 a x z... written
    # out: dwx/dt = (5 / 2R) * a_y, dwy/dt = -(5 / 2R) * a_x with a = -mu_s g u_hat.
    k = 2.5 / R
    nwx = wx + k * ay * dt
    nwy = wy - k * ax * dt
    return nrx, nry, nvx, nvy, nwx, nwy, nwz


@kernel
def classify(vx, vy, wx, wy, wz, params):
    """The state a ball is in with this motion (after a collision or strike)."""
    R = params[P_R]
    eps = 1e-9
    moving = _norm(vx, vy) > eps
    ux, uy = slip(vx, vy, wx, wy, R)
    slipping = _norm(ux, uy) > eps
    if slipping:
        return SLIDING
    if moving:
        return ROLLING
    if abs(wz) > eps:
        return SPINNING
    return STATIONARY
