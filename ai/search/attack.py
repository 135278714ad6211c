"""Attacks: pots of every legal call from every searched spot, built by the geometric
generators of :mod:`ai.search.shots`, ranked by prior and value, refined by simulation
(:mod:`ai.search.refine`) and capped before sampling."""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from engine import Call
from engine.calls import BANK, CAROM, CLEAN, COMBINATION, CUSHION_FIRST, KISS
from engine.kinds import CallMode
from engine.values import LAST_BALL_BONUS, ball_value
from sim import Strike
from sim.table import POCKET_IDS

from ..agent import ATTACK, ShotInfo
from .context import Context, clamp_strike
from .proposal import Placement, Proposal
from .position import position_variants
from .refine import STEPS, refine
from .shots import GENERATORS, ShotQuery

# Two-cushion banks, kisses and caroms are looked for only when no clean pot is at least this
# likely: they rarely beat a fair clean pot, and each one found costs a refinement scan.
RESOURCE_BELOW = 0.5
# Ranking before refinement: prior x (0.6 + value / 25), so a 15 at equal odds ranks 2.5
# times a 1 (chosen by hand, not fitted).
VALUE_BASE, VALUE_SCALE = 0.6, 25.0
# Attacks kept for sampling, over all spots, by prior after refinement.
MAX_ATTACKS = 18
# The direction noise the priors assume is at least this (rad), even for a perfect player.
MIN_SPHI_RAD = math.radians(0.03)


class Attacks:
    """Pots from every spot in ``places``, refined, the best ``MAX_ATTACKS`` by prior;
    ``other_manners`` False: clean pots only (a cheap search, as the line of play's
    continuations, :mod:`ai.search.line`)."""

    name = "attacks"

    def __init__(self, max_shots: int = 6, other_manners: bool = True, position: int = 0,
                 scan: int = STEPS, cut: float = 0.0):
        self.max_shots = max_shots  # clean pots refined per spot
        self.other_manners = other_manners
        self.position = position  # leading pots per spot given position variants (0: none)
        # directions of a refinement scan over +-1.2 deg (fewer than STEPS: a coarse scan whose
        # window ends are sharpened), and the hopeless candidates cut before any scan: a
        # ranking below ``cut`` times the spot's best (0: none cut)
        self.scan, self.cut = scan, cut

    def propose(self, ctx: Context, places: Sequence[Placement | None]) -> list[Proposal]:
        cands: list[Proposal] = []
        varied: list[Proposal] = []
        for pl in places:
            found = attack_candidates(ctx, pl, max_shots=self.max_shots,
                                      other_manners=self.other_manners, cut=self.cut)
            refined = refine(ctx, found, steps=self.scan, sharpen=self.scan < STEPS)
            cands += refined
            if self.position:
                varied += position_variants(ctx, refined, self.position)
        cands.sort(key=lambda c: -c.prior)
        return cands[:MAX_ATTACKS] + varied


def attack_candidates(ctx: Context, placement, max_shots: int = 8,
                      other_manners: bool = True, cut: float = 0.0) -> list[Proposal]:
    """Unrefined pots from ``placement``: every generator's shots for the legal calls (the
    clean one's alone without ``other_manners``), ranked, the best few per manner, each in
    its speed/spin variants; ``cut`` > 0: shots ranked below ``cut`` times the best dropped
    before any simulation (hopeless by their geometric prior)."""
    st = ctx.state
    every = ctx.legal_calls()
    calls = [c for c in every if c is not None]
    legal = {(c.ball, c.pocket, c.manner) for c in calls}
    bp_mode = st.call_mode == CallMode.BALL_AND_POCKET
    if bp_mode:
        legal |= {(c.ball, c.pocket, m) for c in calls
                  for m in (BANK, CUSHION_FIRST, COMBINATION, KISS, CAROM)}
    no_call = every == [None]
    targets = sorted({c.ball for c in calls}) if not no_call else st.object_balls
    balls = ctx.balls_with(placement)
    cue = np.asarray(balls["cue"], float)
    others = {b: np.asarray(p, float) for b, p in balls.items() if b != "cue"}
    sphi = max(ctx.noise.magnitude * ctx.noise.sigma_phi_rad, MIN_SPHI_RAD)
    query = ShotQuery(ctx, cue, targets, balls, others, sphi)
    clean, rest = GENERATORS[0], GENERATORS[1:]
    shots = clean.shots(query)
    best_clean = max((sh.prior for sh in shots), default=0.0)
    resource = best_clean < RESOURCE_BELOW  # no clean pot is likely: look further
    query = ShotQuery(ctx, cue, targets, balls, others, sphi, resource)
    for gen in rest if other_manners else ():
        if gen.RESOURCE_ONLY and not resource:
            continue
        shots += gen.shots(query)
    by_manner = {gen.MANNER: gen for gen in GENERATORS}
    # keep calls the rules allow; value-weighted ranking; the best few per manner
    ranked = []
    for s in shots:
        call = Call(s.ball, POCKET_IDS[s.pocket], s.manner if not bp_mode else CLEAN,
                    s.via if not bp_mode else ())
        if not no_call and (s.ball, POCKET_IDS[s.pocket], s.manner) not in legal:
            continue
        if no_call:
            call = None
        v = ball_value(s.ball) + (LAST_BALL_BONUS if len(st.object_balls) == 1 else 0)
        ranked.append((s.prior * (VALUE_BASE + v / VALUE_SCALE), call, s))
    ranked.sort(key=lambda t: -t[0])
    if cut > 0.0 and ranked:
        ranked = [r for r in ranked if r[0] >= cut * ranked[0][0]]
    per_manner: dict = {}
    out = []
    for _, call, s in ranked:
        gen = by_manner[s.manner]
        cap = max_shots if s.manner == CLEAN else gen.CAP
        if per_manner.get(s.manner, 0) >= cap:
            continue
        per_manner[s.manner] = per_manner.get(s.manner, 0) + 1
        for j, (speed, vertical) in enumerate(gen.variants(s)):
            strike = clamp_strike(Strike(speed, float(s.phi), 0.0, 0.0, vertical))
            shot = ShotInfo(manner=s.manner, ball=s.ball, pocket=POCKET_IDS[s.pocket],
                            cut_rad=float(s.cut), d1_m=float(s.d1), d2_m=float(s.d2),
                            via=s.via, cushions=s.cushions, variant=j, scan_deg=gen.SCAN_DEG)
            out.append(Proposal(ATTACK, call, strike, placement, prior=float(s.prior),
                                shot=shot))
    return out
