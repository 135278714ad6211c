"""Clean pots (R5.1 "чистый"): the ghost-ball aim, from the closed-form shot table."""
from __future__ import annotations

from engine.calls import CLEAN

from ...geometry import pot_speed, shot_table
from .base import Shot, ShotQuery, pot_variants

MANNER = CLEAN
RESOURCE_ONLY = False
SCAN_DEG = None  # the refinement's default scan
MIN_PRIOR = 0.005  # pots less likely than this are not worth a refinement scan


def shots(q: ShotQuery) -> list[Shot]:
    ctx = q.ctx
    out: list[Shot] = []
    tab = shot_table(ctx.spec, ctx.pk, q.cue, q.balls, q.targets, ctx.noise, ctx.jaw_ramp_m)
    for i, b in enumerate(tab.balls):
        for k in range(6):
            if tab.feasible[i, k] and tab.p[i, k] > MIN_PRIOR:
                out.append(Shot(tab.p[i, k], CLEAN, b, k, tab.phi[i, k], tab.d1[i, k],
                                tab.d2[i, k], tab.cut[i, k]))
    return out


def variants(shot: Shot) -> list[tuple[float, float]]:
    return pot_variants(pot_speed(shot.d1, shot.d2, shot.cut))
