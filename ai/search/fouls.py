"""Deliberate fouls (R7.1 a/b/d, R8, R9.2, R11.8): tush, pocketing one's own cue ball, a
deliberate miss.  They are proposed like any stroke and valued the same way: the rules core
gives the 5 points to the opponent (and ends the game if that reaches his target, R9.1), sets
where he plays from (in hand after a pocketed cue ball, R8) and counts the unchanged-position
streak after a warning (R9.2 draw); the P(win) model values the state it leaves."""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from engine import can_place_cue, tush_available
from engine.geometry import TEMPORARY_HOUSE
from sim import Strike
from sim import detmath as dm

from ..agent import DELIBERATE_FOUL, MISS, POCKET_OWN_BALL, TUSH
from ..geometry import path_clear
from .context import Context
from .proposal import Placement, Proposal

# Pocketing the cue ball from hand: placed this far from a corner pocket's aiming point,
# back along its axis, and rolled in at this speed.
OWN_BALL_SPOT_M = 0.22
OWN_BALL_FROM_HAND_MPS = 1.0
# From the table: rolled into the nearest pocket with a clear line (a lane 2.3 R wide) at
# a + b x distance m/s, at most MAX.
OWN_BALL_LANE_R = 2.3
OWN_BALL_SPEED = (0.9, 0.55)
OWN_BALL_MAX_MPS = 4.0
# A deliberate miss from hand: from the back of the region, rolled softly back into it (7
# spots across).  From the table: a soft roll of 0.4 m along the first free direction of 24
# (a lane 3 R wide), kept 2 cm off the cushions.
MISS_SPOTS = 7
MISS_INSET_M = 0.02
MISS_FROM_HAND_MPS = 0.3
MISS_DIRECTIONS = 24
MISS_ROLL_M = 0.4
MISS_LANE_R = 3.0
MISS_MPS = 0.35


class DeliberateFouls:
    name = "deliberate-fouls"

    def propose(self, ctx: Context, places: Sequence[Placement | None]) -> list[Proposal]:
        return foul_candidates(ctx)


def foul_candidates(ctx: Context) -> list[Proposal]:
    """Tush, pocketing one's own cue ball, a deliberate miss, when possible."""
    st = ctx.state
    out = []
    R = ctx.R
    if tush_available(st):
        out.append(Proposal(DELIBERATE_FOUL, None, None, None, foul=TUSH, prior=0.0))
    if st.cue_in_hand:
        reg = ctx.region
        # place the cue ball by a corner pocket of the region and roll it in
        for k in range(6):
            P = ctx.pk.targets[k]
            if not ctx.pk.corner[k]:
                continue
            if not reg.contains(min(max(P[0], reg.x_min_m), reg.x_max_m),
                                min(max(P[1], reg.y_min_m), reg.y_max_m)):
                continue
            ax = ctx.pk.axes[k]
            spot = P - ax * OWN_BALL_SPOT_M
            spot = (float(min(max(spot[0], reg.x_min_m), reg.x_max_m)),
                    float(min(max(spot[1], reg.y_min_m), reg.y_max_m)))
            if not can_place_cue(st, *spot):
                continue
            d = P - np.asarray(spot)
            obst = np.array([p for b, p in st.balls.items() if b != "cue"]).reshape(-1, 2)
            if not path_clear(np.asarray(spot)[None], P[None], obst, R)[0]:
                continue
            out.append(Proposal(DELIBERATE_FOUL, None,
                                Strike(OWN_BALL_FROM_HAND_MPS, dm.atan2(d[1], d[0])), spot,
                                foul=POCKET_OWN_BALL))
            break
        spot = None
        back = reg.name != TEMPORARY_HOUSE
        x = reg.x_min_m + MISS_INSET_M if back else reg.x_max_m - MISS_INSET_M
        for y in np.linspace(reg.y_min_m, reg.y_max_m, MISS_SPOTS):
            if can_place_cue(st, float(x), float(y)):
                spot = (float(x), float(y))
                break
        if spot is not None:
            phi = math.pi if back else 0.0
            out.append(Proposal(DELIBERATE_FOUL, None, Strike(MISS_FROM_HAND_MPS, phi), spot,
                                foul=MISS))
        return out
    cue = np.asarray(st.balls["cue"], float)
    obst = np.array([p for b, p in st.balls.items() if b != "cue"]).reshape(-1, 2)
    best = None
    for k in range(6):
        P = ctx.pk.targets[k]
        d = P - cue
        dist = dm.length2(d)
        if not path_clear(cue[None], P[None], obst, R, width=OWN_BALL_LANE_R)[0]:
            continue
        if best is None or dist < best[0]:
            best = (dist, k, d)
    if best is not None:
        dist, k, d = best
        speed = float(min(OWN_BALL_SPEED[0] + OWN_BALL_SPEED[1] * dist, OWN_BALL_MAX_MPS))
        out.append(Proposal(DELIBERATE_FOUL, None, Strike(speed, dm.atan2(d[1], d[0])),
                            None, foul=POCKET_OWN_BALL))
    # a deliberate miss: a soft roll along a free direction
    L, W, m = ctx.spec.length_m, ctx.spec.width_m, MISS_INSET_M
    for phi in np.linspace(-math.pi, math.pi, MISS_DIRECTIONS, endpoint=False):
        end = cue + MISS_ROLL_M * np.array([dm.cos(phi), dm.sin(phi)])
        if not (R + m < end[0] < L - R - m and R + m < end[1] < W - R - m):
            continue
        if path_clear(cue[None], end[None], obst, R, width=MISS_LANE_R)[0]:
            out.append(Proposal(DELIBERATE_FOUL, None, Strike(MISS_MPS, float(phi)), None,
                                foul=MISS))
            break
    return out
