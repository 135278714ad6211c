"""An agent of your own: ghost-ball aim at the easiest legal call (small cut, short distances).

Try it: ``pyramid play --agent-a russian_pyramid.examples.my_agent:EasiestPot`` (see
docs/AGENTS.md); a copy of your own (``python -m russian_pyramid.examples my-agent >
my_agent.py``) plays as ``--agent-a my_agent.py:EasiestPot``.
"""
import math

from ai.agent import Decision
from ai.agents.random_agent import random_placement
from engine import legal_calls
from sim import Strike


class EasiestPot:
    name = "easiest-pot"

    def decide(self, state, rng):
        placement = random_placement(state, rng) if state.cue_in_hand else None
        cue = placement or state.balls["cue"]
        R = state.spec.ball_radius_m
        best = None
        for call in legal_calls(state):
            if call is None or call.manner != "clean":
                continue
            (bx, by), (px, py) = state.balls[call.ball], state.spec.pocket_position(call.pocket)
            d = math.hypot(px - bx, py - by)
            gx, gy = bx - 2 * R * (px - bx) / d, by - 2 * R * (py - by) / d  # the ghost ball
            aim = math.atan2(gy - cue[1], gx - cue[0])
            cut = abs(math.remainder(aim - math.atan2(py - by, px - bx), math.tau))
            hard = cut + 0.3 * (d + math.hypot(gx - cue[0], gy - cue[1]))  # radians + metres
            if cut < 1.2 and (best is None or hard < best[0]):
                best = (hard, call, aim)
        if best is None:  # no call to make (R10.1 / R11.10): a firm stroke up the table
            return Decision(None, Strike(speed_mps=3.0, phi_rad=0.0), placement)
        return Decision(best[1], Strike(speed_mps=2.5, phi_rad=best[2]), placement,
                        instruction=f"{best[1].ball} in {best[1].pocket}")
