"""Position play: for the leading pots, the speed and spin that leave the cue ball where the
next stroke is best (issue 29; the way CueCard and PickPocket widen each shot into many
speed/spin variants before sampling, Archibald, Altman & Shoham 2009, Smith 2007).

The attack generators give each pot three variants (:data:`ai.search.shots.base.POT_VARIANTS`:
natural roll, a soft draw, a firm stun), so the search chooses the cue ball's leave among three
places.  Here, for each of the leading clean pots after refinement:

1. a grid of strokes (:data:`SPEED_FACTORS` of the pot's base speed x :data:`TIP_OFFSETS`
   vertical tip offsets) is played once without noise, each aimed where the refined variant
   nearest to it in speed and spin was aimed (throw and squirt differ little between
   neighbours);
2. every stroke that makes the call without a foul is refereed by the rules core and its
   leave valued by the decision's P(win) (:func:`ai.search.allocate.outcome_value`), the
   refined variants themselves too;
3. the best :data:`KEEP_PER_POT` grid strokes whose leave is worth more than the best refined
   variant's are re-aimed by a narrow scan (:func:`ai.search.refine.refine`, which blends the
   pot's prior with the stroke's own window) and proposed beside the refined variants.

Nothing is decided by the noiseless leave alone: the proposals join the others and the
execution noise's samples (successive halving) choose.  Nothing about the rules is decided here.
"""
from __future__ import annotations

from dataclasses import replace

from engine.calls import CLEAN
from sim import Strike
from sim import detmath as dm

from .allocate import outcome_value
from .context import Context, clamp_strike
from .proposal import Proposal
from .referee import Referee
from .refine import refine
from .shots.base import POT_VARIANTS

# The grid: the pot's base speed (its natural-roll variant's) times these, and these vertical
# tip offsets (fraction of R: -0.45 a deep draw, 0.4 full follow; the simulator's miscue limit
# is 0.5), chosen by hand to span what a club player plays, from a soft roll to a hard drive,
# from screw back to follow through.
SPEED_FACTORS = (0.6, 0.85, 1.2, 1.7, 2.4)
TIP_OFFSETS = (-0.45, -0.25, 0.0, 0.2, 0.4)
# Grid strokes proposed per pot, at most; and only those whose noiseless leave is worth at
# least this much P(win) more than the best refined variant's (a hair: the samples decide).
KEEP_PER_POT = 2
MIN_GAIN = 0.01
# The re-aiming scan: +-0.6 degrees in 21 steps (the refinement's 0.06-degree step).
SCAN_HALF_WIDTH_DEG, SCAN_STEPS = 0.6, 21


def _pot_key(p: Proposal) -> tuple:
    return (p.call, p.shot.ball, p.shot.pocket, p.placement)


def _distance(a: Strike, speed_mps: float, vertical: float) -> float:
    """How far apart two strokes are in speed (log ratio) and spin (tip offset)."""
    return abs(dm.log(a.speed_mps / speed_mps)) + abs(a.vertical - vertical)


def _leave_values(ctx: Context, pot: list[Proposal], strikes: list[Strike]) -> list[float]:
    """P(win) for the shooter of each stroke of ``strikes`` played without noise from the
    pot's position, or -1 where the call is not made cleanly (missed, fouled, refused)."""
    first = pot[0]
    batch = ctx.run(first.placement, strikes)
    referee = Referee(ctx.state, first.call, first.placement, ctx.jaw_pocket, share=False)
    out = []
    for ruling in referee.rulings(batch):
        if ruling is None:
            ctx.invalid += 1
            out.append(-1.0)
        elif not ruling.adjudication.successful or ruling.adjudication.fouls:
            out.append(-1.0)
        else:
            out.append(outcome_value(ctx, ruling.state, ctx.me, False))
    return out


def position_variants(ctx: Context, refined: list[Proposal], pots: int) -> list[Proposal]:
    """New proposals for the ``pots`` leading clean pots of ``refined`` (by prior): the grid
    strokes whose noiseless leave beats the refined variants' (module doc)."""
    groups: dict[tuple, list[Proposal]] = {}
    for p in refined:
        if p.shot is not None and p.shot.manner == CLEAN and p.strike is not None:
            groups.setdefault(_pot_key(p), []).append(p)
    leading = sorted(groups.values(), key=lambda g: -max(p.prior for p in g))[:pots]
    out: list[Proposal] = []
    for pot in leading:
        # the pot's base speed, from any refined variant (its speed over its factor)
        v0 = pot[0]
        base = v0.strike.speed_mps / POT_VARIANTS[v0.shot.variant][0]
        grid = []
        for f in SPEED_FACTORS:
            for tip in TIP_OFFSETS:
                near = min(pot, key=lambda p: _distance(p.strike, base * f, tip))
                grid.append(clamp_strike(Strike(base * f, near.strike.phi_rad, 0.0, 0.0, tip)))
        values = _leave_values(ctx, pot, [p.strike for p in pot] + grid)
        best_refined = max(values[:len(pot)])
        found = sorted(((v, s) for v, s in zip(values[len(pot):], grid)
                        if v >= best_refined + MIN_GAIN), key=lambda t: -t[0])
        prior = max(p.prior for p in pot)
        for k, (_, strike) in enumerate(found[:KEEP_PER_POT]):
            shot = replace(v0.shot, variant=len(POT_VARIANTS) + k, window_deg=None)
            out.append(Proposal(v0.kind, v0.call, strike, v0.placement, prior=prior,
                                shot=shot))
    # re-aimed at the middle of their own windows (dropped if they have none)
    return refine(ctx, out, SCAN_HALF_WIDTH_DEG, SCAN_STEPS)
