"""Pots worked out from the table's geometry, before any simulation: one generator per
manner of R5.1.  Each returns :class:`Shot` values -- the cue direction, the distances that set
the speed, and a closed-form estimate (``prior``) of how likely the pot is under the execution
noise -- that :func:`ai.search.attack_candidates` turns into calls and strokes and the
simulator then refines.

Generators take the decision's context ``ctx`` (table spec, pockets ``ctx.pk``, ball radius
``ctx.R``), the cue ball's position, the balls that may be called, every object ball's
position and ``sphi``, the direction noise (rad) the priors assume.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from engine.calls import BANK, CAROM, CLEAN, COMBINATION, CUSHION_FIRST, KISS

from .geometry import (bank_routes, mirror, on_bed_path, path_clear, pocket_window_m, pot_speed,
                       rebound_lines, shot_table)


class Shot(NamedTuple):
    """A geometric pot before simulation: how likely (``prior``), in what manner, which ball
    into which pocket (index), the cue direction and the distances that set its speed."""

    prior: float
    manner: str
    ball: str
    pocket: int
    phi: float  # cue direction (rad)
    d1: float  # cue ball to its first contact (m)
    d2: float  # object ball to the pocket along its path (m)
    cut: float  # cut angle (rad)
    via: tuple = ()  # balls a combination, kiss or carom uses
    cushions: tuple = ()  # cushions a bank uses, in order
    speed_mps: float = 0.0  # a cue speed worked out by the generator (kiss, carom), else 0


def clean_shots(ctx, cue, balls: dict, targets) -> list[Shot]:
    """Clean pots (ghost ball), from the closed-form shot table."""
    out: list[Shot] = []
    tab = shot_table(ctx.spec, ctx.pk, cue, balls, targets, ctx.noise)
    for i, b in enumerate(tab.balls):
        for k in range(6):
            if tab.feasible[i, k] and tab.p[i, k] > 0.005:
                out.append(Shot(tab.p[i, k], CLEAN, b, k, tab.phi[i, k], tab.d1[i, k],
                                tab.d2[i, k], tab.cut[i, k]))
    return out


def bank_shots(ctx, cue, targets, others_all: dict, sphi: float,
               cushions=(1,)) -> list[Shot]:
    """Banks: the object ball off one (or two) cushions, routed by
    :func:`ai.geometry.bank_routes` (measured rebound, not a mirror)."""
    R = ctx.R
    out: list[Shot] = []
    for b in targets:
        O = others_all[b]
        obst = np.array([p for bb, p in others_all.items() if bb != b] + [cue]).reshape(-1, 2)
        others = np.array([p for bb, p in others_all.items() if bb != b]).reshape(-1, 2)
        for n_cushions in cushions:
            for k, route in bank_routes(ctx.spec, ctx.pk, O, n_cushions):
                pts = route.points
                if not path_clear(pts[:-1], pts[1:], obst, R).all():
                    continue
                u = route.direction
                G = O - 2 * R * u
                a = G - cue
                d1 = float(np.hypot(*a))
                cosc = float((a / max(d1, 1e-9)) @ u)
                if cosc < math.cos(math.radians(70)):
                    continue
                if not path_clear(cue[None], G[None], others, R)[0]:
                    continue
                s_alpha = sphi * (1 + d1 / (2 * R * max(cosc, 0.12)))
                w = pocket_window_m(ctx.pk, k, route.approach_rad)
                prior = (0.5 if n_cushions == 1 else 0.35) * math.erf(
                    w / (route.length_m * s_alpha * math.sqrt(2)))
                out.append(Shot(prior, BANK, b, k, math.atan2(a[1], a[0]), d1,
                                  route.length_m, math.acos(min(1, cosc)),
                                  cushions=route.cushions))
    return out


def cushion_first_shots(ctx, cue, targets, others_all: dict, sphi: float) -> list[Shot]:
    """Cushion-first: the cue ball aims at the ghost ball's mirror image in a cushion
    (whether or not the direct line is open)."""
    R = ctx.R
    lines = rebound_lines(ctx.spec)
    out: list[Shot] = []
    for b in targets:
        O = others_all[b]
        obst = np.array([p for bb, p in others_all.items() if bb != b]).reshape(-1, 2)
        for k in range(6):
            P, u, d2, appr = toward_pocket(ctx, O, k)
            if appr > math.radians(60) or (d2 > 0.3 and not on_bed_path(ctx.spec, O, P, ts=(0.5,))):
                continue
            if not path_clear(O[None], P[None], np.vstack([obst, cue[None]]), R)[0]:
                continue
            G = O - 2 * R * u
            for axis, c, _name in lines:
                Gm = mirror(G, (axis, c))
                a = Gm - cue
                dd = float(np.hypot(*a))
                hit = cushion_bounce(cue, a, axis, c, ctx.spec, 0.1)
                if hit is None or hit[1] >= 1.0:  # the cushion must come before the ghost ball
                    continue
                bounce = hit[0]
                if not (path_clear(cue[None], bounce[None], obst, R)[0]
                        and path_clear(bounce[None], G[None], obst, R)[0]):
                    continue
                cosc = float(((G - bounce) / max(np.hypot(*(G - bounce)), 1e-9)) @ u)
                if cosc < math.cos(math.radians(70)):
                    continue
                s_alpha = sphi * (1 + 1.5 * dd / (2 * R * max(cosc, 0.12)))
                prior = 0.35 * math.erf(0.008 / (d2 * s_alpha * math.sqrt(2)))
                out.append(Shot(prior, CUSHION_FIRST, b, k, math.atan2(a[1], a[0]), dd, d2,
                                  math.acos(min(1, cosc))))
    return out


def ghost_balls(ctx, targets, others_all: dict, max_approach_deg: float):
    """For each ball that may be called and each pocket it can enter at no more than
    ``max_approach_deg`` to the pocket's axis: (ball, its position O, pocket index k, the
    pocket's aiming point P, the unit direction u from O to P, the distance, the approach
    angle, the ghost-ball position O - 2R u)."""
    R = ctx.R
    for b in targets:
        O = others_all[b]
        for k in range(6):
            P, u, d2, appr = toward_pocket(ctx, O, k)
            if appr > math.radians(max_approach_deg):
                continue
            yield b, O, k, P, u, d2, appr, O - 2 * R * u


def combination_shots(ctx, cue, targets, others_all: dict, sphi: float) -> list[Shot]:
    """Combinations: another object ball A driven into the called ball's ghost position
    (the ghost ball of the ghost ball)."""
    R = ctx.R
    out: list[Shot] = []
    for b, O, k, P, u, d2, _, GB in ghost_balls(ctx, targets, others_all, 55.0):
        for a_ball, A in others_all.items():
            if a_ball == b:
                continue
            v = GB - A
            dA = float(np.hypot(*v))
            if dA > 0.6 or dA < 1e-6:
                continue
            v = v / dA
            if float(v @ u) < math.cos(math.radians(45)):
                continue
            GA = A - 2 * R * v
            a = GA - cue
            d1 = float(np.hypot(*a))
            if float((a / d1) @ v) < math.cos(math.radians(55)):
                continue
            obst = np.array([p for bb, p in others_all.items()
                             if bb not in (b, a_ball)]).reshape(-1, 2)
            if not (path_clear(cue[None], GA[None], obst, R)[0]
                    and path_clear(A[None], GB[None], obst, R)[0]
                    and path_clear(O[None], P[None], np.vstack([obst, cue[None]]), R)[0]):
                continue
            prior = 0.3 * math.erf(0.008 / ((d2 + 3 * dA) * sphi * (1 + d1 / (2 * R))
                                           * math.sqrt(2)))
            out.append(Shot(prior, COMBINATION, b, k, math.atan2(a[1], a[0]), d1,
                              d2 + dA, 0.0, via=(a_ball,)))
    return out


def _tangent_points(A: np.ndarray, Q: np.ndarray, r: float) -> list[np.ndarray]:
    """The two points T on the circle of radius r about A where the line from Q touches it:
    (Q - T) is perpendicular to (T - A).  Empty if Q is inside the circle."""
    w = Q - A
    dist = float(np.hypot(*w))
    if dist <= r * (1 + 1e-9):
        return []
    beta = math.acos(r / dist)
    base = math.atan2(w[1], w[0])
    return [A + r * np.array([math.cos(base + sgn * beta), math.sin(base + sgn * beta)])
            for sgn in (-1.0, 1.0)]


def _glance(arrive_from: np.ndarray, T: np.ndarray, A: np.ndarray, leave_to: np.ndarray):
    """A ball arriving at T from ``arrive_from``, touching ball A (centre distance 2R) and
    leaving along the tangent toward ``leave_to`` (a stun contact, equal masses): the cut
    angle of that contact, or None if the ball would not arrive heading into A with its
    tangential motion toward ``leave_to``."""
    d_in = T - arrive_from
    n_in = float(np.hypot(*d_in))
    if n_in < 1e-9:
        return None
    d_in = d_in / n_in
    n = A - T
    n = n / float(np.hypot(*n))
    out = leave_to - T
    out = out / max(float(np.hypot(*out)), 1e-12)
    c_n, c_t = float(d_in @ n), float(d_in @ out)
    if c_n <= 0.05 or c_t <= 0.05:
        return None
    return math.acos(min(1.0, c_n))


def _glances(others_all: dict, called: str, arrive_from, leave_to, R: float, near,
             reach_m: float = 1.2, min_cut_deg: float = 15.0, max_cut_deg: float = 75.0):
    """Every way a ball coming from ``arrive_from`` can glance off another ball A (within
    ``reach_m`` of ``near``) toward ``leave_to``: yields (A's id, A, the ball's centre T at
    the contact, the cut angle there, the other balls as obstacles).  Thin and full glances
    are left out (too sensitive, or no deflection)."""
    for a_ball, A in others_all.items():
        if a_ball == called or float(np.hypot(*(A - near))) > reach_m:
            continue
        obst = np.array([p for bb, p in others_all.items()
                         if bb not in (called, a_ball)]).reshape(-1, 2)
        for T in _tangent_points(A, leave_to, 2 * R):
            cut = _glance(arrive_from, T, A, leave_to)
            if cut is not None and math.radians(min_cut_deg) < cut < math.radians(max_cut_deg):
                yield a_ball, A, T, cut, obst


def carom_shots(ctx, cue, targets, others_all, sphi) -> list[Shot]:
    """Carom ("от шара" for the cue ball): the cue ball glances off ball A into the called
    ball's ghost position.  With a stun contact the cue ball leaves A along the tangent, so
    its centre at that contact is a tangent point from the ghost ball to the circle of
    radius 2R about A."""
    R = ctx.R
    out = []
    for b, O, k, P, u, d2, appr, GB in ghost_balls(ctx, targets, others_all, 55.0):
        rest = np.array([p for bb, p in others_all.items() if bb != b]).reshape(-1, 2)
        if not path_clear(O[None], P[None], rest, R)[0]:
            continue
        for a_ball, A, T, cut_a, obst in _glances(others_all, b, cue, GB, R, near=GB):
            leg2 = GB - T
            d_leg2 = float(np.hypot(*leg2))
            cos_b = float(leg2 @ u) / max(d_leg2, 1e-9)
            if cos_b < math.cos(math.radians(60)):
                continue
            if not (path_clear(cue[None], T[None], obst, R)[0]
                    and path_clear(T[None], GB[None], obst, R)[0]):
                continue
            a = T - cue
            d1 = float(np.hypot(*a))
            # an aim error at A turns the cue ball's departure by about as much, and
            # the called ball's by the cut geometry again
            s_alpha = sphi * (1 + d1 / (2 * R * max(math.cos(cut_a), 0.12))) \
                * (1 + d_leg2 / (2 * R * max(cos_b, 0.12)))
            prior = 0.3 * math.erf(pocket_window_m(ctx.pk, k, appr)
                                   / (d2 * s_alpha * math.sqrt(2)))
            speed = pot_speed(d_leg2, d2, math.acos(min(1, cos_b))) \
                / max(math.sin(cut_a), 0.35) + 0.3 * d1
            out.append(Shot(prior, CAROM, b, k, math.atan2(a[1], a[0]), d1 + d_leg2,
                            d2, cut_a, via=(a_ball,), speed_mps=min(speed, 6.0)))
    return out


def kiss_shots(ctx, cue, targets, others_all, sphi) -> list[Shot]:
    """Kiss ("от шара" for the called ball): the called ball glances off ball A into the
    pocket.  Its centre at that contact is a tangent point from the pocket to the circle of
    radius 2R about A; the cue ball sends it there by the ghost-ball method."""
    R = ctx.R
    out = []
    for b in targets:
        O = others_all[b]
        for k in range(6):
            P = ctx.pk.targets[k]
            for a_ball, A, T, cut_a, obst in _glances(others_all, b, O, P, R, near=O):
                last = P - T
                d_last = float(np.hypot(*last))
                appr = math.acos(max(-1.0, min(1.0, float(last @ ctx.pk.axes[k]) / d_last)))
                if appr > math.radians(55):
                    continue
                leg = T - O
                d_leg = float(np.hypot(*leg))
                u = leg / d_leg
                G = O - 2 * R * u
                a = G - cue
                d1 = float(np.hypot(*a))
                cos_c = float(a @ u) / max(d1, 1e-9)
                if cos_c < math.cos(math.radians(65)):
                    continue
                if not (path_clear(cue[None], G[None], np.vstack([obst, A[None]]), R)[0]
                        and path_clear(O[None], T[None], np.vstack([obst, cue[None]]), R)[0]
                        and path_clear(T[None], P[None], np.vstack([obst, cue[None]]), R)[0]):
                    continue
                s_alpha = sphi * (1 + d1 / (2 * R * max(cos_c, 0.12))) \
                    * (1 + d_leg / (2 * R * max(math.cos(cut_a), 0.12)))
                prior = 0.3 * math.erf(pocket_window_m(ctx.pk, k, appr)
                                       / (d_last * s_alpha * math.sqrt(2)))
                speed = pot_speed(d1, d_leg + d_last / max(math.sin(cut_a), 0.35),
                                  math.acos(min(1, cos_c)))
                out.append(Shot(prior, KISS, b, k, math.atan2(a[1], a[0]), d1,
                                d_leg + d_last, math.acos(min(1, cos_c)), via=(a_ball,),
                                speed_mps=min(speed, 6.0)))
    return out


def cushion_bounce(origin, direction, axis, c, spec, margin):
    """Where the line from ``origin`` along ``direction`` meets the cushion line ``axis = c``:
    ``(point, t)`` with ``point = origin + t * direction``, or None if it is behind, within
    ``margin`` of a corner, or in a middle pocket's mouth (no bounce there)."""
    coord = 0 if axis == "x" else 1
    if abs(direction[coord]) < 1e-9:
        return None
    t = (c - origin[coord]) / direction[coord]
    if t <= 0:
        return None
    bounce = origin + t * direction
    other = 1 - coord
    lim = spec.length_m if other == 0 else spec.width_m
    if not (margin < bounce[other] < lim - margin):
        return None
    if axis == "y" and abs(bounce[0] - spec.length_m / 2) < 0.12:
        return None
    return bounce, t


def toward_pocket(ctx, O, k):
    """Pocket k's aiming point P, the unit direction u from O to it, the distance, and the
    angle between u and the pocket's axis (how steeply the ball would enter)."""
    P = ctx.pk.targets[k]
    u = P - O
    d = float(np.hypot(*u))
    u = u / d
    return P, u, d, math.acos(max(-1, min(1, float(u @ ctx.pk.axes[k]))))
