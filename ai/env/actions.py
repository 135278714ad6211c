"""The environment's calls: the encoding of a call as one index and the mask of the legal ones
(docs/API.md, "The action encoding"); an action is turned into a :class:`~ai.agent.Decision`
by :mod:`ai.env.codec`.

A call is three numbers, ``ball`` (0..15: ball k is the ball numbered k; 0 names no ball: the
last ball unnamed, R5.3, or the stroke without a call, R10.1 / R11.10), ``pocket`` (0..5 in
:data:`sim.table.POCKET_IDS` order: NL NR ML MR FL FR) and ``manner`` (0..2:
:data:`ACTION_MANNERS`, the manners of R5.1 that name no other ball).  As one index, for a
policy with one discrete head (sb3-contrib's ``MaskablePPO`` over ``Discrete``, OpenSpiel's
``legal_actions()``): ``index = (ball * 6 + pocket) * 3 + manner``, 0 .. :data:`N_CALLS` - 1.

:func:`call_mask` is True where a call is taken *as it is*.  Any other call is mapped to a
legal one (and said in ``info["adjusted"]``), or refused with :class:`IllegalActionError` when
the environment is ``strict`` (:class:`ai.env.codec.Decoder`).
"""
from __future__ import annotations

import math

import numpy as np

from engine import GameState, callable_balls
from engine.calls import BANK, CLEAN, CUSHION_FIRST
from engine.kinds import CallMode
from engine.values import OBJECT_BALLS
from sim.table import POCKET_IDS

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


# The index a finished game's mask allows (ball 0 into NL, clean): a no-op.  Under Gymnasium's
# default autoreset (NEXT_STEP) a vector environment is stepped once more after its game ends,
# with an action it ignores (it resets instead); a mask with no True would leave a masked
# sampler nothing to draw (docs/API.md, "Many environments").
NO_OP_INDEX = 0


def action_mask(state: GameState) -> np.ndarray:
    """:func:`call_mask`, except after the end of the game: then only :data:`NO_OP_INDEX`
    (never all False).  The environment's ``action_masks()`` and ``info["action_mask"]``."""
    mask = call_mask(state)
    if state.game_over:
        mask[NO_OP_INDEX] = True
    return mask
