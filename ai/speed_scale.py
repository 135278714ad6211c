"""The strength of a stroke on the 1-10 scale players use, and what each level means on the
real table: how far the cue ball travels, cushions included, in table lengths.

The scale is linear in cue speed: level ``k`` is ``k * LEVEL_STEP_MPS`` (level 10, 7.0 m/s, is
the project's hardest stroke, ai/search/opening.py's break speed); a speed is at the nearest
level, at least 1 and at most 10.  The speed's name ("soft", «средне»; advice.speed.<name>)
is the level's too (ai.words.SPEED_NAMES), so a name and its number never disagree.

:data:`LENGTHS_WITH_CUSHIONS` is derived once with this project's simulator
(:func:`derive_lengths`, on :func:`sim.shared_simulator`'s 12 ft table): the cue ball alone on
the house spot (L/4, W/2), struck at its centre with a level cue along the long axis toward
the far cushion, until it stops; the path's length (every cushion's loss included) over the
table's length.  tests/ai/test_speed_scale.py checks the table against the simulator.  On an
endless cloth the same strokes would roll 2-3 times as far (ai.describe.roll_distance): the
cushions take much of a hard stroke's energy.
"""
from __future__ import annotations

import math

import numpy as np

from sim import Strike
from sim.trajectory import sample_paths

LEVELS = 10
LEVEL_STEP_MPS = 0.7  # one level of cue speed; level 10 = 7.0 m/s (ai/search/opening.py)
PATH_STEP_S = 0.002  # the sampling of the path whose length is measured

# Level -> table lengths travelled with cushions, derive_lengths(shared_simulator()) rounded
# to 0.01 (computed 2026-12-02; a test recomputes it).
LENGTHS_WITH_CUSHIONS = {1: 0.49, 2: 1.04, 3: 1.56, 4: 1.86, 5: 2.05, 6: 2.46, 7: 2.74,
                         8: 2.85, 9: 2.97, 10: 3.08}

def level_of(speed_mps: float) -> int:
    """The level (1-10) of a cue speed in m/s; ValueError for a speed that is not a finite
    number >= 0."""
    if not (isinstance(speed_mps, (int, float)) and math.isfinite(speed_mps) and speed_mps >= 0):
        raise ValueError(f"speed_mps must be a finite number >= 0, not {speed_mps!r}")
    return max(1, min(LEVELS, int(math.floor(speed_mps / LEVEL_STEP_MPS + 0.5))))


def level_speed_mps(level: int) -> float:
    """The cue speed of a level."""
    if level not in LENGTHS_WITH_CUSHIONS:
        raise ValueError(f"level must be 1..{LEVELS}, not {level!r}")
    return level * LEVEL_STEP_MPS


def level_lengths(level: int) -> float:
    """Table lengths a centre-ball stroke of ``level`` travels on the real table."""
    if level not in LENGTHS_WITH_CUSHIONS:
        raise ValueError(f"level must be 1..{LEVELS}, not {level!r}")
    return LENGTHS_WITH_CUSHIONS[level]


def travelled_lengths(simulator, speed_mps: float) -> float:
    """How many table lengths the cue ball alone travels, cushions included, from the house
    spot along the long axis, struck at its centre at ``speed_mps`` (see the module)."""
    table = simulator.table
    start = (table.length_m / 4, table.width_m / 2)
    result = simulator.simulate({"cue": start}, Strike(speed_mps, 0.0), check=False)
    path = sample_paths(result.segments, simulator.params, step_s=PATH_STEP_S)["cue"]
    return float(np.sum(np.hypot(*np.diff(np.asarray(path), axis=0).T))) / table.length_m


def derive_lengths(simulator) -> dict[int, float]:
    """:data:`LENGTHS_WITH_CUSHIONS` as the simulator gives it now."""
    return {k: round(travelled_lengths(simulator, level_speed_mps(k)), 2)
            for k in range(1, LEVELS + 1)}
