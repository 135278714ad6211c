"""A ball past a pocket's slate edge (pocket model "flight"): leaving the edge, the drop, and
climbing back over the edge.  Closed forms of rigid-body mechanics; no fitted constant.

Its pocket models' protocol kernel (sim/pocket_models.py) is :func:`flies`: a ball crossing
the edge fast enough to leave it airborne flies on; the event loop then follows it with
:func:`fall_time` and :func:`climb_back`.

A ball whose centre crosses the slate edge with speed ``v`` across it is carried over the edge
on a circle of radius ``R`` about the edge while the edge can hold it: gravity must supply the
centripetal acceleration, ``g cos(phi) >= v^2 / R``.  At the edge itself (``phi = 0``) that
fails as soon as ``v^2 > g R``: the ball leaves the edge airborne at once, level, and its centre
drops ``g t^2 / 2`` while it flies on (:func:`leaves_airborne`).  Slower balls pivot on the edge
and drop into the pocket as Alciatore's slow-shot construction assumes (TP 3.5/3.6): their
centre is past the edge and gravity's moment about the edge only turns them further in.

Coming back.  A flying ball turned back toward the table (by a jaw or the pocket's back)
meets the slate edge with its centre ``d`` below where it was on the cloth.  Taking that
contact as a plastic impact about the edge (the ball pivots on it; the usual model of a ball
meeting a step, e.g. a ball rolling onto a kerb), the angular momentum about the edge is
kept::

    L / m = c v_in + s v_down + (2/5) R^2 w_e,    c = R - d,  s = -sqrt(R^2 - c^2)

(``c`` the centre's height above the edge, ``s`` its distance behind it, ``v_in`` the speed
toward the table, ``v_down`` the falling speed, ``w_e`` the spin about the edge's direction
that turns the ball toward the table), and the ball pivots at ``W = L / ((7/5) m R^2)``.  It
climbs back onto the slate when that turning lifts its centre the ``d`` it dropped:
``(7/10) R^2 W^2 >= g d``; it then rolls on at ``sqrt(R^2 W^2 - (10/7) g d)``.  A ball whose
centre is level with the edge (``d >= R``) can no longer be lifted: the edge's push is level or
downward; from then on it is in the pocket (:func:`fall_time`).
"""
from __future__ import annotations

import math

from .jit import kernel

from ..layout import P_G, P_R
from ..models import ModelSpec


@kernel
def leaves_airborne(v_across, params):
    """True if a ball crossing the slate edge at ``v_across`` (m/s) leaves it airborne."""
    return v_across * v_across > params[P_G] * params[P_R]


@kernel
def fall_time(params):
    """Seconds from leaving the edge until the centre has dropped ``R``: the latest a flying
    ball can still be lifted back over the edge."""
    return math.sqrt(2.0 * params[P_R] / params[P_G])


@kernel
def climb_back(v_in, v_down, w_edge, drop, params):
    """A flying ball meeting the slate edge on its way back (see the module doc).

    ``v_in`` speed toward the table (m/s, > 0), ``v_down`` falling speed (m/s), ``w_edge`` spin
    about the edge direction that turns it toward the table (rad/s), ``drop`` how far its centre
    is below the cloth level (m).  Returns (climbs, speed on the cloth after, m/s)."""
    R = params[P_R]
    g = params[P_G]
    c = R - drop
    if c <= 0.0:
        return False, 0.0
    s = -math.sqrt(max(R * R - c * c, 0.0))
    turn = (c * v_in + s * v_down + 0.4 * R * R * w_edge) / (1.4 * R * R)
    if turn <= 0.0:
        return False, 0.0
    kinetic = R * R * turn * turn  # (R W)^2
    if 0.7 * kinetic < g * drop:
        return False, 0.0
    return True, math.sqrt(max(kinetic - (10.0 / 7.0) * g * drop, 0.0))


@kernel
def flies(v_across, params):
    """The pocket models' protocol (sim/pocket_models.py): whether a ball crossing the slate
    edge at ``v_across`` (m/s) flies on past it, :func:`leaves_airborne`."""
    return leaves_airborne(v_across, params)


MODEL = ModelSpec(
    name="flight",
    publication="rigid-body mechanics in closed form (this module): a ball leaves the slate "
                "edge airborne above sqrt(g R); coming back, a plastic impact about the edge",
    parameters=("gravity_mps2",),
    kernel=flies)
