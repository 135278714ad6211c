"""The greedy agent: the best geometric pot, no sampling and no simulation."""
from __future__ import annotations


import numpy as np

from engine import Call, GameState, legal_calls
from engine.geometry import balls_in_region
from engine.values import ball_value
from sim import Strike
from sim.table import POCKET_IDS
from sim import detmath as dm

from ..agent import ATTACK, SAFETY, Decision, ShotInfo
from ..describe import instruction
from ..geometry import pockets_of, pot_speed, shot_table
from ..noise import NoiseModel
from ..search.placement import hand_spots

NO_POT_SPEED_MPS = 2.0  # the firm stroke at the nearest ball when nothing pots
VALUE_TIEBREAK = 1e-3  # equal pot chances: the higher ball


class GreedyAgent:
    """Ghost-ball aim at the clean pot with the highest closed-form probability (ties broken by
    value); from hand, the placement that offers the best such pot.  No pot: a firm stroke at
    the nearest legal ball (never a deliberate miss)."""

    def __init__(self, name: str = "greedy", skill="strong"):
        self.name = name
        try:
            skill = float(skill)
        except (TypeError, ValueError):
            pass
        self.noise = NoiseModel.for_skill(skill)

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        spec = state.spec
        pk = pockets_of(spec)
        calls = legal_calls(state)
        no_call = calls == [None]
        legal = {(c.ball, c.pocket) for c in calls if c is not None}
        house = set()
        if state.cue_in_hand:
            house = balls_in_region(spec, state.balls, state.placement_region().name)
        targets = [b for b in state.object_balls if b not in house]
        places = hand_spots(state, pk, self.noise, 1) if state.cue_in_hand else [None]
        best = None
        for pl in places:
            balls = dict(state.balls)
            if pl is not None:
                balls["cue"] = pl
            cue = np.asarray(balls["cue"], float)
            tab = shot_table(spec, pk, cue, balls, targets, self.noise)
            for i, b in enumerate(tab.balls):
                for k in range(6):
                    if not tab.feasible[i, k] or (not no_call and (b, POCKET_IDS[k]) not in legal):
                        continue
                    score = tab.p[i, k] + VALUE_TIEBREAK * ball_value(b)
                    if best is None or score > best[0]:
                        best = (score, pl, b, k, tab.phi[i, k], tab.d1[i, k], tab.d2[i, k],
                                tab.cut[i, k], tab.p[i, k])
        if best is not None:
            _, pl, b, k, phi, d1, d2, cut, p = best
            call = None if no_call else Call(b, POCKET_IDS[k])
            strike = Strike(pot_speed(d1, d2, cut), float(phi))
            shot = ShotInfo(manner="clean", cut_rad=float(cut))
            return Decision(call, strike, pl, ATTACK, p_success=float(p),
                            instruction=instruction(ATTACK, call, strike, pl, shot), shot=shot)
        # no pot: hit the nearest legal ball firmly
        pl = places[0]
        balls = dict(state.balls)
        if pl is not None:
            balls["cue"] = pl
        cue = np.asarray(balls["cue"], float)
        near = min(targets or state.object_balls,
                   key=lambda b: dm.length2(np.asarray(balls[b]) - cue))
        d = np.asarray(balls[near]) - cue
        strike = Strike(NO_POT_SPEED_MPS, dm.atan2(d[1], d[0]))
        call = None if no_call else next((c for c in calls if c is not None and c.ball == near),
                                         next((c for c in calls if c is not None), None))
        return Decision(call, strike, pl, SAFETY,
                        instruction=instruction(SAFETY, call, strike, pl) if call else "")
