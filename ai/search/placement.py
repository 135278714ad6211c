"""Where to put the cue ball from hand (R3.2, R8.1, R8.3): the spots a decision searches."""
from __future__ import annotations

import numpy as np

from engine import GameState, can_place_cue
from engine.geometry import TEMPORARY_HOUSE, balls_in_region
from engine.values import ball_value

from ..geometry import Pockets, shot_table
from .proposal import Placement

# The grid over the placement region on which spots are ranked (along x, across y).
GRID = (5, 9)
# A spot's score: its best closed-form pot, weighted up by the ball's value (a 15 is worth
# half as much again as a 1 at equal odds: 1 + value / 30).
VALUE_SCALE = 30.0
# Safety spots lie this far inside the region's front edge (nearest the balls), across its
# width from this far off the side cushions; five of them before the break, three after.
FRONT_INSET_M = 0.02
SIDE_INSET_M = 0.2
SAFETY_SPOTS, BREAK_SPOTS = 3, 5


def hand_spots(state: GameState, pk: Pockets, noise, k: int = 3, jaw_ramp_m: float = 0.0
               ) -> list[Placement | None]:
    """The best ``k`` cue-ball spots from hand by the closed-form best pot (value-weighted;
    the jaws seen with ``jaw_ramp_m``), plus the middle of the region; [None] when the cue
    ball is on the table."""
    if not state.cue_in_hand:
        return [None]
    reg = state.placement_region()
    house = balls_in_region(state.spec, state.balls, reg.name)
    targets = [b for b in state.object_balls if b not in house]
    scored = []
    for x in np.linspace(reg.x_min_m, reg.x_max_m, GRID[0]):
        for y in np.linspace(reg.y_min_m, reg.y_max_m, GRID[1]):
            if not can_place_cue(state, float(x), float(y)):
                continue
            tab = shot_table(state.spec, pk, np.array([x, y]), state.balls, targets, noise,
                             jaw_ramp_m)
            s = 0.0
            if tab.p.size:
                vals = np.array([ball_value(b) for b in tab.balls])[:, None]
                s = float((tab.p * (1 + vals / VALUE_SCALE)).max())
            scored.append((s, (float(x), float(y))))
    scored.sort(key=lambda t: -t[0])
    out = [p for _, p in scored[:k]]
    mid = ((reg.x_min_m + reg.x_max_m) / 2, (reg.y_min_m + reg.y_max_m) / 2)
    if can_place_cue(state, *mid) and mid not in out:
        out.append(mid)
    return out or [None]


def safety_spots(state: GameState) -> list[Placement]:
    """Extra spots from hand for safeties and the break: along the front of the region
    (nearest the balls), across its width."""
    if not state.cue_in_hand:
        return []
    reg = state.placement_region()
    x = (reg.x_max_m - FRONT_INSET_M if reg.name != TEMPORARY_HOUSE
         else reg.x_min_m + FRONT_INSET_M)
    n = BREAK_SPOTS if state.break_pending else SAFETY_SPOTS
    out = []
    for y in np.linspace(reg.y_min_m + SIDE_INSET_M, reg.y_max_m - SIDE_INSET_M, n):
        if can_place_cue(state, float(x), float(y)):
            out.append((float(x), float(y)))
    return out
