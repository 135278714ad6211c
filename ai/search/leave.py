"""The second search level: what a leave is worth when the shooter keeps the table, judged by
the best next stroke from that exact position (the second level of CueCard, Archibald,
Altman & Shoham 2009), not by the position value alone.

From a position where ``me`` is to move with the cue ball on the table, the likeliest
:data:`NEXT_POTS` clean pots (closed-form chances, :func:`ai.geometry.shot_table`, calls the
rules allow) are each played once without noise (ghost-ball aim, the firm stun variant
of :func:`ai.geometry.pot_speed`) and refereed by the rules core.  A pot that drops is worth

    p * V(the position it leaves) + (1 - p) * (1 - V(the opponent to move here))

with p its closed-form chance and V the decision's position value; the leave is worth the
best of these and of V itself (the shooter may also play anything else, as V assumes).  The
miss branch is approximate on purpose: the opponent inherits this table from the cue ball's
place (a missed pot usually leaves the cue ball near where it was played).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine import Call, GameState, legal_calls
from engine.calls import CLEAN
from engine.kinds import CallMode
from sim import Strike
from sim.events import BALL_IDS
from sim.table import POCKET_IDS

from ..geometry import pot_speed, shot_table
from .context import Context
from .referee import Referee
from .shots.base import pot_variants

NEXT_POTS = 2  # the likeliest next pots played out at the second level
MIN_NEXT_P = 0.05  # pots less likely than this are not worth a simulation
STUN = 2  # the firm stun of ai.search.shots.base.POT_VARIANTS


def legal_clean_pots(state: GameState, ctx: Context, min_p: float = 0.0):
    """The clean pots the rules allow to call (R5.1) from the cue ball's place, as the closed
    form of :func:`ai.geometry.shot_table` sees them: the table and, in its order, every
    feasible (chance, ball, pocket index, row of the table) with chance at least ``min_p``."""
    legal = {(c.ball, c.pocket) for c in legal_calls(state)
             if c is not None and c.manner == CLEAN}
    cue = np.asarray(state.balls["cue"], float)
    tab = shot_table(ctx.spec, ctx.pk, cue, state.balls, sorted({b for b, _ in legal}),
                     ctx.noise, ctx.jaw_ramp_m)
    return tab, [(float(tab.p[i, k]), b, k, i) for i, b in enumerate(tab.balls) for k in range(6)
                 if tab.feasible[i, k] and tab.p[i, k] >= min_p and (b, POCKET_IDS[k]) in legal]


class LeavePlanner:
    """The second level for one decision (its context: table, simulator, noise, value)."""

    def __init__(self, ctx: Context, next_pots: int = NEXT_POTS):
        self.ctx = ctx
        self.next_pots = next_pots
        self.sims = 0

    def value(self, state: GameState, me: int) -> float:
        """P(``me`` wins) from ``state``, ``me`` to move with the cue ball on the table."""
        ctx = self.ctx
        base = ctx.win.state_value(state, me, ctx.noise)
        if (state.cue_in_hand or state.game_over or state.to_move != me
                or state.call_mode != CallMode.EXACT):
            return base
        tab, options = legal_clean_pots(state, ctx, MIN_NEXT_P)
        options.sort(reverse=True)
        best = base
        miss = None
        for p, b, k, i in options[:self.next_pots]:
            # the firm stun variant: the cue ball leaves along the tangent line (straight on,
            # it stops), so the leave is the ghost ball's neighbourhood, not the pocket
            speed, vertical = pot_variants(pot_speed(tab.d1[i, k], tab.d2[i, k],
                                                     tab.cut[i, k]))[STUN]
            strike = Strike(speed, float(tab.phi[i, k]), 0.0, 0.0, vertical)
            batch = self._run(state, strike)
            ruling = Referee(state, Call(b, POCKET_IDS[k], CLEAN), None,
                             ctx.jaw_pocket).rulings(batch)[0]
            if ruling is None or not ruling.adjudication.successful:
                continue  # the closed form overrated it: no better than the base value
            if miss is None:
                other = replace(state, to_move=1 - me)
                miss = ctx.win.state_value(other, me, ctx.noise)
            v = p * ctx.win.state_value(ruling.state, me, ctx.noise) + (1 - p) * miss
            best = max(best, v)
        return best

    def _run(self, state: GameState, strike: Strike):
        ctx = self.ctx
        pos = np.zeros_like(ctx.pos)
        on = np.zeros_like(ctx.on)
        for b, p in state.balls.items():
            pos[BALL_IDS.index(b)] = p
            on[BALL_IDS.index(b)] = True
        self.sims += 1
        return ctx.sim.run_batch_arrays(pos, on, ctx.sim.cue_ball_motions([strike]))
