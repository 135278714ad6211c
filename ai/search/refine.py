"""Refinement by simulation: aim each proposal at the middle of its window of directions that
fulfil the call (a noiseless scan with the batch simulator), which absorbs throw, squirt and
cushion physics the geometry ignores.  A kiss or carom window can be narrower than the scan's
step: then the cue direction is bisected on the called ball's miss at the pocket."""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from engine.manner import fulfilled_mask, summarise_batch
from sim import Batch, layout
from sim.events import BALL_IDS
from sim.table import POCKET_IDS

from ..noise import NoiseModel
from .context import Context, aimed
from .proposal import Proposal

# The scan: 41 directions over +-1.2 degrees (0.06 degree apart); a proposal with a wider
# scan (``ShotInfo.scan_deg``) keeps the step.
HALF_WIDTH_DEG = 1.2
STEPS = 41
# After refinement a proposal's prior blends its geometric estimate with its window's width
# (a window of 1 degree or more counts as a sure pot): 0.3 prior + 0.7 window.
PRIOR_KEEP, WINDOW_WEIGHT = 0.3, 0.7
WINDOW_FULL_DEG = 1.0
# A scan coarser than STEPS (the ``scan`` option of the default agent, issue 56 item 4): each
# end of the window found is checked once half a step further out (one batch of at most two
# strokes), so that the aim and the width keep the fine scan's resolution at about half its
# strokes (21 + 2 against 41); its bisections stop after BISECT_COARSE halvings (a window
# narrower than the scan's step / 2**8, under 0.0005 deg, is hopeless at any level of play:
# the direction noise at `pro`, 0.25, is 0.03 deg) instead of BISECT_ITERATIONS.
BISECT_COARSE = 8
# The coarse scan that was the default's at the `strong` level (``scan=15``, with the coarse
# safety screen, ``screen=3``; 0.65x the decision time): it lost at every level it was
# measured at -- on the oracle-loss set 0.0019 a decision at 0.5, 0.0005 at 2.0 and, on 150
# positions, 0.00099 [0.00016, 0.00191] at 1.0 -- and in play at 1.0 it scored 14.5 of 42
# against the fine forms (mc-2; Wilson [21 %, 48 %]), so the default scans finely everywhere
# (ai/README.md "Decision time").  It stays an option for a weaker, faster player.
COARSE_STEPS = 15
# Bisection of a window narrower than the scan: at most this many halvings, and the sign
# changes nearest the geometric aim tried first, at most this many of them.
BISECT_ITERATIONS = 16
BISECT_FLIPS = 3


def success_mask(ctx: Context, batch: Batch, call, called: str | None) -> np.ndarray:
    """Which samples of a batch fulfil the call without a foul: the cue ball touched a ball,
    was not pocketed, did not hit a house ball directly from hand, and the call was fulfilled
    (no call: some ball fell)."""
    idx = BALL_IDS.index(called) if called else -1
    s = summarise_batch(batch.events, batch.offsets, idx, ctx.jaw_pocket)
    ok = (s.first >= 0) & ~s.cue_pocketed
    if ctx.house_balls:
        in_house = np.array([f >= 0 and BALL_IDS[f] in ctx.house_balls for f in s.first])
        ok &= ~in_house | s.crossed_first
    if call is None:
        return ok & (s.fell >= 0)
    return ok & fulfilled_mask(call, ctx.state.call_mode, s)


def refine(ctx: Context, cands: list[Proposal], half_width_deg: float = HALF_WIDTH_DEG,
           steps: int = STEPS, sharpen: bool = False) -> list[Proposal]:
    """Each proposal aimed at the middle of its longest window of directions that pot;
    proposals without a window are dropped.  ``sharpen``: each end of the window is checked
    once half a step further out (a coarse scan with the fine one's resolution), and a
    bisection stops after :data:`BISECT_COARSE` halvings."""
    out = []
    for c in cands:
        shot = c.shot
        wide = shot.scan_deg is not None
        width = shot.scan_deg if wide else half_width_deg
        offs = np.radians(np.linspace(-width, width, int(round(steps * width / half_width_deg))
                                      | 1))
        strikes = [aimed(c.strike, c.strike.phi_rad + float(o)) for o in offs]
        batch = ctx.run(c.placement, strikes)
        ok = success_mask(ctx, batch, c.call, shot.ball)
        if not ok.any() and wide:
            # a kiss or carom window can be narrower than the scan's step: find where the
            # called ball's last line crosses the pocket instead
            phi = _bisect_miss(ctx, c, batch, offs,
                               BISECT_COARSE if sharpen else BISECT_ITERATIONS)
            if phi is None:
                continue
            out.append(replace(c, strike=aimed(c.strike, phi), prior=c.prior * PRIOR_KEEP,
                               shot=replace(shot, window_deg=0.0)))
            continue
        if not ok.any():
            continue
        best_len, best_start = longest_run(ok)
        step = offs[1] - offs[0]
        lo, hi = float(best_start), float(best_start + best_len - 1)  # in steps
        unit = 1.0  # the width a direction stands for, in steps
        if sharpen:
            lo, hi = _sharpen(ctx, c, offs, lo, hi)
            unit = 0.5
        phi = c.strike.phi_rad + float(offs[0] + 0.5 * (lo + hi) * step)
        window_deg = float(math.degrees((hi - lo + unit) * step))
        out.append(replace(c, strike=aimed(c.strike, phi),
                           prior=c.prior * PRIOR_KEEP
                           + WINDOW_WEIGHT * min(1.0, window_deg / WINDOW_FULL_DEG),
                           shot=replace(shot, window_deg=window_deg)))
    return out


def longest_run(ok: np.ndarray) -> tuple[int, int]:
    """The length and start of the longest run of True in ``ok`` (the first of equals)."""
    best_len, best_start, run, start = 0, 0, 0, 0
    for j, v in enumerate(ok):
        if v:
            if run == 0:
                start = j
            run += 1
            if run > best_len:
                best_len, best_start = run, start
        else:
            run = 0
    return best_len, best_start


def _sharpen(ctx: Context, c: Proposal, offs: np.ndarray, lo: float, hi: float
             ) -> tuple[float, float]:
    """The window [lo, hi] (in scan steps) with each end moved half a step out where the
    direction half a step beyond it fulfils the call too (an end at the scan's edge stays)."""
    step = float(offs[1] - offs[0])
    tries = [x for x in (lo - 0.5, hi + 0.5) if 0.0 <= x <= len(offs) - 1]
    if not tries:
        return lo, hi
    strikes = [aimed(c.strike, c.strike.phi_rad + float(offs[0]) + x * step) for x in tries]
    ok = success_mask(ctx, ctx.run(c.placement, strikes), c.call, c.shot.ball)
    for x, good in zip(tries, ok):
        if good and x < lo:
            lo = x
        elif good and x > hi:
            hi = x
    return lo, hi


def signed_miss(rows: np.ndarray, called: int, target: np.ndarray) -> float:
    """Which side of ``target`` the called ball's path passes after its last contact with
    another ball: the sign of the cross product of its first straight leg with the line to the
    target (positive: target to the left).  NaN when the log does not show such a leg."""
    kinds = rows[:, layout.EVC_KIND]
    mine = (rows[:, layout.EVC_A] == called) | (rows[:, layout.EVC_B] == called)
    last_bb = -1
    for j in np.nonzero(mine)[0]:
        if kinds[j] == layout.EV_BALL_BALL:
            last_bb = j
        elif kinds[j] in (layout.EV_BALL_CUSHION, layout.EV_BALL_JAW, layout.EV_POCKET):
            break
    if last_bb < 0:
        return math.nan
    after = [j for j in np.nonzero(mine)[0] if j > last_bb and kinds[j] != layout.EV_LINE_CROSS]
    if len(after) < 2:
        return math.nan
    q1 = rows[after[0], layout.EVC_X:layout.EVC_Y + 1]
    q2 = rows[after[1], layout.EVC_X:layout.EVC_Y + 1]
    d = q2 - q1
    r = target - q1
    return float(d[0] * r[1] - d[1] * r[0])


def _bisect_miss(ctx: Context, c: Proposal, batch: Batch, offs: np.ndarray,
                 iterations: int = BISECT_ITERATIONS) -> float | None:
    """Bisect the cue direction between two scanned neighbours whose called ball passes on
    opposite sides of the called pocket; return the first direction that fulfils the call,
    or None."""
    idx = BALL_IDS.index(c.shot.ball)
    target = ctx.pk.targets[POCKET_IDS.index(c.shot.pocket)]
    miss = np.array([signed_miss(batch.events_of(j), idx, target) for j in range(len(batch))])
    flips = [j for j in range(len(miss) - 1)
             if np.isfinite(miss[j]) and np.isfinite(miss[j + 1])
             and (miss[j] > 0) != (miss[j + 1] > 0)]
    flips.sort(key=lambda j: abs(j - len(miss) / 2))  # nearest the geometric aim first
    base = c.strike.phi_rad
    for j in flips[:BISECT_FLIPS]:
        lo, hi, f_lo = offs[j], offs[j + 1], miss[j]
        for _ in range(iterations):
            mid = 0.5 * (lo + hi)
            strike = aimed(c.strike, base + float(mid))
            one = ctx.run(c.placement, [strike])
            if success_mask(ctx, one, c.call, c.shot.ball)[0]:
                return base + float(mid)
            f_mid = signed_miss(one.events_of(0), idx, target)
            if not np.isfinite(f_mid):
                break
            if (f_mid > 0) == (f_lo > 0):
                lo, f_lo = mid, f_mid
            else:
                hi = mid
    return None
