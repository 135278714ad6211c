"""A normalised ``Box`` action (issue 58 item 2): eight numbers in [-1, 1], for learners with a
continuous head (docs/API.md, "Ready-made action spaces").

========  ==========================================================================
``call``  which legal call: the legal call indices (:func:`ai.env.actions.action_mask`)
          in ascending order, [-1, 1] cut into that many equal parts
``phi``   the direction, x pi rad
``speed`` 0.1 .. 8 m/s, linearly
``elev``  the cue's elevation, 0 .. 60 degrees
``tip_r`` the tip's distance from the centre, 0 .. the miscue limit: the tip lies on a disc,
          so no action is beyond it (a square box would put a fifth of its corners there)
``tip_a`` the tip's direction on the ball, x pi rad (0: ``side`` +, pi/2: ``vertical`` +,
          follow)
``x, y``  the cue ball's spot from hand, across the placement region's rectangle (read only
          when the cue ball is in hand; a spot a ball takes is moved as the environment does)
========  ==========================================================================
"""
from __future__ import annotations

import math

import numpy as np

from engine import GameState
from sim import detmath

from .actions import ELEVATION_MAX_RAD, SPEED_RANGE_MPS, action_mask, call_parts
from .codec import DEFAULT_MISCUE_OFFSET, BOUND_TOLERANCE

BOX_FIELDS = ("call", "phi", "speed", "elev", "tip_r", "tip_a", "x", "y")
N_BOX = len(BOX_FIELDS)
# The tip's radius stops this fraction short of the miscue limit, so that the float32
# rounding of a Box action never lands beyond it.
TIP_MARGIN = 1e-6


def _unit(a: float) -> float:
    """[-1, 1] -> [0, 1]."""
    return (a + 1.0) / 2.0


class BoxCodec:
    """Turns a normalised action (:data:`BOX_FIELDS`) into the environment's ``Dict`` action
    (:mod:`ai.env.codec`).  A number beyond [-1, 1] is brought into it and said; one that is
    not finite is a ValueError naming it."""

    def __init__(self, miscue_offset: float = DEFAULT_MISCUE_OFFSET):
        self.miscue_offset = miscue_offset

    def mask(self, state: GameState) -> np.ndarray:
        """The legal calls (the ``call`` part chooses among them; every Box action is taken)."""
        return action_mask(state)

    def translate(self, action, state: GameState) -> tuple[dict, tuple[str, ...]]:
        """The ``Dict`` action of ``action`` in ``state``, and what was brought into range."""
        a = np.asarray(action, dtype=np.float64).reshape(-1)
        if a.shape != (N_BOX,):
            raise ValueError(f"action must be {N_BOX} numbers ({', '.join(BOX_FIELDS)}), got "
                             f"shape {np.shape(action)}")
        adjusted = []
        for name, value in zip(BOX_FIELDS, a):
            if not math.isfinite(value):
                raise ValueError(f"action.{name} must be a finite number, got {value!r}")
            if abs(value) > 1.0 + BOUND_TOLERANCE:
                adjusted.append(f"action.{name} {value:.3f} brought into [-1, 1]")
        a = np.clip(a, -1.0, 1.0)
        call, phi, speed, elev, tip_r, tip_a, x, y = (float(v) for v in a)
        legal = np.flatnonzero(action_mask(state))
        index = int(legal[min(int(_unit(call) * len(legal)), len(legal) - 1)])
        ball, pocket, manner = call_parts(index)
        lo, hi = SPEED_RANGE_MPS
        r = _unit(tip_r) * self.miscue_offset * (1.0 - TIP_MARGIN)
        strike = np.array([phi * math.pi, lo + _unit(speed) * (hi - lo),
                           _unit(elev) * ELEVATION_MAX_RAD, r * detmath.cos(tip_a * math.pi),
                           r * detmath.sin(tip_a * math.pi)])  # the same on every machine
        placement = np.zeros(2)
        region = state.placement_region()
        if region is not None:
            placement = np.array([region.x_min_m + _unit(x) * (region.x_max_m - region.x_min_m),
                                  region.y_min_m + _unit(y) * (region.y_max_m - region.y_min_m)])
        return ({"ball": ball, "pocket": pocket, "manner": manner, "strike": strike,
                 "placement": placement}, tuple(adjusted))


__all__ = ["BOX_FIELDS", "N_BOX", "BoxCodec"]
