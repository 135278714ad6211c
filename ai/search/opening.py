"""The break (R3.2): a search of its own.

The general search looks for pots and safeties from a handful of spots; the opening stroke
deserves more, because every game starts with it and the rack is the same each time.  Here the
cue ball is placed across the house line, aimed at the balls of the rack's face at several
contact fractions, and struck at speeds from a soft touch (a safe break that leaves the cue
ball near the house cushion) to a hard break, with stun, draw and follow.  Each stroke is
played noiselessly and valued by P(win) of the position it leaves (the same referee and model
as every other decision); the best ones go into the Monte Carlo round with the rest, where the
noise decides."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from engine import can_place_cue
from sim import Strike
from sim import detmath as dm

from ..agent import ShotInfo
from ..geometry import first_ball_on_line
from .context import Context
from .proposal import Placement, Proposal
from .safety import screen

# The break is played once a game from the same rack: it gets this many times the budget.
BUDGET_FACTOR = 3
KEEP = 14  # break strokes that go on to the Monte Carlo round
FACE_BALLS = 3  # the balls of the rack's face (nearest the house) aimed at
LINE_INSET_M = 0.02  # the cue ball is placed this far behind the house line
# cue-ball spots across the house line (fractions of the region's width)
SPOT_FRACTIONS = (0.15, 0.3, 0.42, 0.5, 0.58, 0.7, 0.85)
CONTACT_FRACTIONS = (-0.9, -0.6, -0.3, 0.0, 0.3, 0.6, 0.9)  # of a full ball, + to the left
SPEEDS_MPS = (1.6, 2.4, 3.4, 5.0, 7.0)
VERTICALS = (0.0, -0.35, 0.4)  # stun, draw, follow


class Opening:
    """The dedicated break search (only while the break is pending)."""

    name = "opening"

    def propose(self, ctx: Context, places: Sequence[Placement | None]) -> list[Proposal]:
        return break_candidates(ctx) if ctx.state.break_pending else []


def break_candidates(ctx: Context, keep: int = KEEP, face_balls: int = FACE_BALLS
                     ) -> list[Proposal]:
    """Break strokes from the house, screened noiselessly, best ``keep`` returned.  The balls
    aimed at are the ``face_balls`` nearest the house (the rack's face)."""
    st = ctx.state
    reg = ctx.region
    if reg is None:
        return []
    R = ctx.R
    x = reg.x_max_m - LINE_INSET_M  # on the house line: the shortest way to the rack
    out: list[Proposal] = []
    for frac in SPOT_FRACTIONS:
        y = reg.y_min_m + frac * (reg.y_max_m - reg.y_min_m)
        if not can_place_cue(st, x, y):
            continue
        spot = (float(x), float(y))
        cue = np.array(spot)
        balls = ctx.balls_with(spot)
        face = sorted(st.object_balls,
                      key=lambda b: dm.length2(np.asarray(balls[b]) - cue))[:face_balls]
        strikes, aimed = [], []
        for b in face:
            d = np.asarray(balls[b], float) - cue
            dist = dm.length2(d)
            base = dm.atan2(d[1], d[0])
            for c in CONTACT_FRACTIONS:
                phi = base + dm.asin(max(-0.99, min(0.99, c * 2 * R / dist)))
                if first_ball_on_line(cue, phi, balls, R)[0] != b:
                    continue
                for v in SPEEDS_MPS:
                    for vert in VERTICALS:
                        strikes.append(Strike(v, float(phi), 0.0, 0.0, vert))
                        aimed.append(b)
        if not strikes:
            continue
        scored, _ = screen(ctx, spot, strikes, aimed)
        out += [Proposal(kind, call, s, spot, prior=float(v), shot=ShotInfo(opening=True))
                for v, call, s, kind in scored[:keep]]
    out.sort(key=lambda c: -c.prior)
    return out[:keep]
