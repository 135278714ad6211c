"""The environment's actions: the encoding of a call as one index, the mask of the legal ones,
and an action turned into a :class:`~ai.agent.Decision` the rules take (docs/API.md, "The
action encoding").

A call is three numbers, ``ball`` (0..15: ball k is the ball numbered k; 0 names no ball: the
last ball unnamed, R5.3, or the stroke without a call, R10.1 / R11.10), ``pocket`` (0..5 in
:data:`sim.table.POCKET_IDS` order: NL NR ML MR FL FR) and ``manner`` (0..2:
:data:`ACTION_MANNERS`, the manners of R5.1 that name no other ball).  As one index, for a
policy with one discrete head (sb3-contrib's ``MaskablePPO`` over ``Discrete``, OpenSpiel's
``legal_actions()``): ``index = (ball * 6 + pocket) * 3 + manner``, 0 .. :data:`N_CALLS` - 1.

:func:`call_mask` is True where a call is taken *as it is*.  Any other call is mapped to a
legal one (and said in ``info["adjusted"]``), or refused with :class:`IllegalActionError` when
the environment is ``strict``.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from engine import Call, GameState, callable_balls, can_place_cue
from engine.calls import BANK, CLEAN, CUSHION_FIRST
from engine.kinds import CallMode
from engine.values import OBJECT_BALLS
from sim import Strike
from sim.table import POCKET_IDS

from ..agent import Decision

ACTION_MANNERS = (CLEAN, BANK, CUSHION_FIRST)  # the manners a call can name without a via ball
N_BALL_CHOICES = len(OBJECT_BALLS) + 1  # 0 (no ball named) and the 15 balls
N_CALLS = N_BALL_CHOICES * len(POCKET_IDS) * len(ACTION_MANNERS)  # 16 x 6 x 3 = 288
SPEED_RANGE_MPS = (0.1, 8.0)  # a gentle touch to a hard break (Strike allows up to 12)
ELEVATION_MAX_RAD = math.radians(60.0)  # steeper strokes are massé, not modelled for play
NO_BALL = 0  # the ball choice that names no ball
# A value this close to a bound is on it (the action space's float32 rounds the bounds).
BOUND_TOLERANCE = 1e-6


class IllegalActionError(ValueError):
    """A strict environment's refusal of an action the rules cannot take as it is; the message
    names the part (``action.ball``, ``action.placement``, ...) and why."""


def call_index(ball: int, pocket: int, manner: int) -> int:
    """The one index of a call's three numbers (module docstring)."""
    for name, value, n in (("ball", ball, N_BALL_CHOICES), ("pocket", pocket, len(POCKET_IDS)),
                           ("manner", manner, len(ACTION_MANNERS))):
        if not (isinstance(value, (int, np.integer)) and 0 <= value < n):
            raise ValueError(f"action.{name} must be an integer in 0..{n - 1}, got {value!r}")
    return (int(ball) * len(POCKET_IDS) + int(pocket)) * len(ACTION_MANNERS) + int(manner)


def call_parts(index: int) -> tuple[int, int, int]:
    """``(ball, pocket, manner)`` of a call index: the inverse of :func:`call_index`."""
    if not (isinstance(index, (int, np.integer)) and 0 <= index < N_CALLS):
        raise ValueError(f"call index must be an integer in 0..{N_CALLS - 1}, got {index!r}")
    rest, manner = divmod(int(index), len(ACTION_MANNERS))
    ball, pocket = divmod(rest, len(POCKET_IDS))
    return ball, pocket, manner


def _ball_number(ball: str) -> int:
    return OBJECT_BALLS.index(ball) + 1


def call_mask(state: GameState) -> np.ndarray:
    """A bool array of :data:`N_CALLS`: True where the call is taken as it is now.

    Under the exact call (R5.1) each legal ball x pocket x manner of :data:`ACTION_MANNERS`;
    under ball-and-pocket (R5.2) only manner 0 (the manner is not called); with one object ball
    left also ball 0 (R5.3); on a stroke without a call (R10.1 / R11.10) the 18 indices of
    ball 0; after the end of the game none.  (The same calls as :func:`engine.legal_calls`,
    read from :func:`engine.callable_balls` without building them: 0.1 ms, not 3.)"""
    mask = np.zeros((N_BALL_CHOICES, len(POCKET_IDS), len(ACTION_MANNERS)), dtype=bool)
    balls = callable_balls(state)
    manners = 1 if state.call_mode == CallMode.BALL_AND_POCKET else len(ACTION_MANNERS)
    if balls is None:
        mask[NO_BALL] = True
    else:
        rows = [_ball_number(b) for b in balls]
        if balls and len(state.object_balls) == 1:
            rows.append(NO_BALL)
        mask[rows, :, :manners] = True
    return mask.reshape(N_CALLS)


def legal_call_indices(state: GameState) -> list[int]:
    """The indices :func:`call_mask` marks, ascending (OpenSpiel's ``legal_actions()``)."""
    return [int(k) for k in np.flatnonzero(call_mask(state))]


class ActionReader:
    """Turns an action (the ``Dict`` of the action space, or a :class:`Decision`) into a
    decision the rules take: ``strict`` refuses what is not taken as it is, else it is mapped
    to the nearest legal action and each change said in ``adjusted``."""

    def __init__(self, miscue_offset: float, strict: bool,
                 free_spot: Callable[[GameState], tuple[float, float]]):
        self.miscue_offset = miscue_offset
        self.strict = strict
        self.free_spot = free_spot  # a free placement drawn from the seeded generator

    def _adjust(self, adjusted: list[str], part: str, message: str) -> None:
        if self.strict:
            raise IllegalActionError(f"action.{part}: {message}")
        adjusted.append(message)

    def decision(self, action, state: GameState) -> tuple[Decision, list[str]]:
        adjusted: list[str] = []
        if isinstance(action, Decision):
            call, strike, placement = action.call, action.strike, action.placement
        else:
            for key in ("ball", "pocket", "manner", "strike", "placement"):
                if key not in action:
                    raise ValueError(f"action.{key} is missing")
            call = self.call(action, state, adjusted)
            strike = self.strike(action["strike"], adjusted)
            placement = tuple(float(v) for v in action["placement"])
        if state.cue_in_hand:
            placement = self.placement(placement, state, adjusted)
        else:
            placement = None
        return Decision(call, strike, placement, instruction="env action"), adjusted

    def call(self, action, state: GameState, adjusted: list[str]) -> Call | None:
        k, p, m = int(action["ball"]), int(action["pocket"]), int(action["manner"])
        index = call_index(k, p, m)
        balls = callable_balls(state)
        if not balls:  # None: a stroke without a call; []: the game is over
            if k != NO_BALL:
                self._adjust(adjusted, "ball", f"ball {k} named on a stroke without a call "
                                               f"(R10.1 / R11.10): no call made")
            return None
        pocket, manner = POCKET_IDS[p], ACTION_MANNERS[m]
        ball = None if k == NO_BALL else OBJECT_BALLS[k - 1]
        if ball is None and len(state.object_balls) == 1:
            ball = state.object_balls[0]  # R5.3: the last ball need not be named
        if state.call_mode == CallMode.BALL_AND_POCKET and manner != CLEAN:
            self._adjust(adjusted, "manner", f"manner {manner} is not called under "
                                             f"ball-and-pocket (R5.2): manner 0 taken")
            manner = CLEAN
        if ball in balls:
            return Call(ball, pocket, manner)
        self._adjust(adjusted, "ball", f"call {ball} in {pocket} ({manner}) (index {index}) is "
                                       f"not legal now: {balls[0]} in {pocket} ({manner}) "
                                       f"called instead")
        return Call(balls[0], pocket, manner)

    def strike(self, values, adjusted: list[str]) -> Strike:
        phi, speed, elevation, side, vertical = (float(v) for v in values)
        if not all(math.isfinite(v) for v in (phi, speed, elevation, side, vertical)):
            raise ValueError(f"action.strike must be finite numbers, got {list(values)!r}")
        lo, hi = SPEED_RANGE_MPS
        if not lo - BOUND_TOLERANCE <= speed <= hi + BOUND_TOLERANCE:
            self._adjust(adjusted, "strike", f"speed {speed:.3f} m/s brought into [{lo}, {hi}]")
        speed = min(max(speed, lo), hi)
        if not -BOUND_TOLERANCE <= elevation <= ELEVATION_MAX_RAD + BOUND_TOLERANCE:
            self._adjust(adjusted, "strike", f"elevation {elevation:.3f} rad brought into "
                                             f"[0, {ELEVATION_MAX_RAD:.3f}]")
        elevation = min(max(elevation, 0.0), ELEVATION_MAX_RAD)
        limit = self.miscue_offset
        offset = math.hypot(side, vertical)
        if offset > limit:
            self._adjust(adjusted, "strike", f"tip offset {offset:.3f} R scaled to the miscue "
                                             f"limit {limit} R")
            scale = limit / offset * (1 - 1e-9)
            side, vertical = side * scale, vertical * scale
        return Strike(speed_mps=speed, phi_rad=phi, elevation_rad=elevation, side=side,
                      vertical=vertical)

    def placement(self, placement, state: GameState, adjusted: list[str]):
        if placement is not None and can_place_cue(state, placement[0], placement[1]):
            return (float(placement[0]), float(placement[1]))
        region = state.placement_region()
        if self.strict:
            self._adjust(adjusted, "placement", f"{placement!r} is not a free spot of the "
                                                f"{region.name} (R3.2, R8.1, R8.3)")
        if placement is not None:  # the nearest point of the region, if free
            x = min(max(float(placement[0]), region.x_min_m), region.x_max_m)
            y = min(max(float(placement[1]), region.y_min_m), region.y_max_m)
            if can_place_cue(state, x, y):
                adjusted.append(f"placement {placement!r} moved into the region to "
                                f"({x:.3f}, {y:.3f})")
                return (x, y)
        spot = self.free_spot(state)
        adjusted.append(f"placement {placement!r} is not allowed: placed at {spot!r}")
        return spot
