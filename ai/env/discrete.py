"""A call-level ``Discrete`` action space (issue 58 item 2): one index names a ball, a pocket,
a speed level and a spin level; the stroke is aimed by the ghost ball (the cue ball sent to
touch the ball on the line from the pocket through it) and from hand played from the best of
a few spots for that pot.  The mask marks the indices the rules take, as sb3-contrib's
``MaskablePPO`` reads them (docs/API.md, "Ready-made action spaces").

``index = ((ball - 1) * 6 + pocket) * 9 + speed * 3 + spin``, ball 1..15, pocket 0..5 in
:data:`sim.table.POCKET_IDS` order, ``speed`` 0..2 (:data:`SPEED_FACTORS` of the ghost-ball
pot speed), ``spin`` 0..2 (:data:`SPIN_LEVELS`: draw, centre, follow).  On a stroke without a
call (R10.1, R11.10) the ball is aimed at and nothing is called; with one ball left it is
named (R5.3 allows not naming it; naming it is the same call).

The wrapper's observation adds ``pot_chances`` (:func:`pot_chances`): the closed-form chance of
each ball-pocket pot an index aims, so that a learner need not find the geometry itself.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine import Call, GameState, callable_balls
from engine.calls import CLEAN
from engine.geometry import balls_in_region
from engine.values import OBJECT_BALLS
from sim import Strike
from sim.table import POCKET_IDS

from ..agent import Decision
from ..geometry import pockets_of, pot_speed, shot_table
from ..noise import NoiseModel
from ..search.placement import hand_spots
from .actions import NO_OP_INDEX, SPEED_RANGE_MPS, IllegalActionError
from ..games.match import MAX_STROKES_PER_GAME
from .codec import Decoded, observation_of

# The speed levels: factors of the closed-form pot speed of the ghost-ball shot
# (ai.geometry.pot_speed, 1.2..5.5 m/s: "with some to spare"), softer and firmer.
SPEED_FACTORS = (0.7, 1.0, 1.4)
# The spin levels: the tip's vertical offset in ball radii, draw / centre / follow, well
# inside the miscue limit of 0.5 R (sim/params.py, Alciatore TP A.30).
SPIN_LEVELS = (-0.3, 0.0, 0.3)
N_AIM_BALLS = len(OBJECT_BALLS)
N_LEVELS = len(SPEED_FACTORS) * len(SPIN_LEVELS)
N_DISCRETE = N_AIM_BALLS * len(POCKET_IDS) * N_LEVELS  # 15 x 6 x 9 = 810
# The spots from hand tried for a pot: the best few of the placement search's grid
# (ai.search.placement.hand_spots) and the middle of the region.
HAND_SPOTS = 3
# The closed-form pot chances that rank the spots (and the observation's) are those of a
# strong player.
RANKING_SKILL = "strong"
POT_CHANCES = "pot_chances"  # the key the wrapper adds to the observation


@dataclass(frozen=True)
class DiscreteParts:
    """The four parts of a call-level index."""

    ball: str  # "1".."15"
    pocket: str  # a pocket id
    speed: int  # index into SPEED_FACTORS
    spin: int  # index into SPIN_LEVELS


def discrete_index(ball: int, pocket: int, speed: int, spin: int) -> int:
    """The index of ball 1..15, pocket 0..5, speed level 0..2, spin level 0..2."""
    for name, value, lo, n in (("ball", ball, 1, N_AIM_BALLS), ("pocket", pocket, 0, 6),
                               ("speed", speed, 0, len(SPEED_FACTORS)),
                               ("spin", spin, 0, len(SPIN_LEVELS))):
        if not (isinstance(value, (int, np.integer)) and lo <= value < lo + n):
            raise ValueError(f"{name} must be an integer in {lo}..{lo + n - 1}, got {value!r}")
    return ((int(ball) - 1) * len(POCKET_IDS) + int(pocket)) * N_LEVELS \
        + int(speed) * len(SPIN_LEVELS) + int(spin)


def discrete_parts(index: int) -> DiscreteParts:
    """The parts of an index (the inverse of :func:`discrete_index`)."""
    if not (isinstance(index, (int, np.integer)) and 0 <= index < N_DISCRETE):
        raise ValueError(f"action must be an integer in 0..{N_DISCRETE - 1}, got {index!r}")
    rest, level = divmod(int(index), N_LEVELS)
    ball, pocket = divmod(rest, len(POCKET_IDS))
    speed, spin = divmod(level, len(SPIN_LEVELS))
    return DiscreteParts(OBJECT_BALLS[ball], POCKET_IDS[pocket], speed, spin)


def aim_balls(state: GameState) -> list[str]:
    """The balls an index may aim at now: those a call may name (R5); on a stroke without a
    call the balls a stroke from hand may count (R8.2), or all; none after the end."""
    if state.game_over:
        return []
    balls = callable_balls(state)
    if balls is None:
        balls = list(state.object_balls)
        if state.cue_in_hand:
            house = balls_in_region(state.spec, state.balls, state.placement_region().name)
            balls = [b for b in balls if b not in house] or balls
    return balls or callable_balls(state, include_house_balls=True) or []


def discrete_mask(state: GameState) -> np.ndarray:
    """A bool array of :data:`N_DISCRETE`, True where the index is taken as it is; after the
    end of the game only :data:`~ai.env.actions.NO_OP_INDEX` (never all False)."""
    mask = np.zeros((N_AIM_BALLS, len(POCKET_IDS) * N_LEVELS), dtype=bool)
    rows = [OBJECT_BALLS.index(b) for b in aim_balls(state)]
    mask[rows, :] = True
    mask = mask.reshape(N_DISCRETE)
    if state.game_over:
        mask[NO_OP_INDEX] = True
    return mask


def pot_chances(state: GameState, noise) -> np.ndarray:
    """(15, 6) float32: the closed-form chance (:func:`ai.geometry.shot_table`) of a clean pot of
    ball k + 1 into each pocket, aimed by the ghost ball from the cue ball, from hand the best
    of the spots :meth:`DiscreteCodec.decode` tries; 0 for a ball off the table, a blocked or
    impossible pot.  The ``pot_chances`` key of the wrapper's observation: the geometry an
    index plays, given to the learner rather than left for it to find."""
    out = np.zeros((N_AIM_BALLS, len(POCKET_IDS)), np.float32)
    balls = list(state.object_balls)
    if state.game_over or not balls:
        return out
    spec = state.spec
    pk = pockets_of(spec)
    rows = [OBJECT_BALLS.index(b) for b in balls]
    for spot in _spots(state, pk, noise):
        cue = np.asarray(state.balls["cue"] if spot is None else spot, float)
        tab = shot_table(spec, pk, cue, state.balls, balls, noise)
        out[rows] = np.maximum(out[rows], tab.p.astype(np.float32))
    return out


def _spots(state: GameState, pk, noise) -> list:
    """Where the cue ball is played from: where it lies, or from hand a few spots."""
    return hand_spots(state, pk, noise, HAND_SPOTS) if state.cue_in_hand else [None]


class DiscreteCodec:
    """Decodes a call-level index into a :class:`Decision` (ghost-ball aim; the spot from
    hand that gives the pot the best closed-form chance).  ``strict``: an index the mask
    refuses is an :class:`IllegalActionError`; else the first legal ball is aimed at instead,
    into the same pocket at the same levels, and said."""

    def __init__(self, strict: bool = False, skill: str | float = RANKING_SKILL):
        self.strict = strict
        self.noise = NoiseModel.for_skill(skill)

    def mask(self, state: GameState) -> np.ndarray:
        return discrete_mask(state)

    def observation(self, state: GameState, player: int,
                    max_strokes: int = MAX_STROKES_PER_GAME) -> dict:
        """The wrapper's observation: :func:`ai.env.codec.observation_of` and
        ``pot_chances`` (:func:`pot_chances`)."""
        obs = observation_of(state, player, max_strokes)
        obs[POT_CHANCES] = pot_chances(state, self.noise)
        return obs

    def decode(self, index, state: GameState) -> Decoded:
        parts = discrete_parts(index)
        adjusted = []
        balls = aim_balls(state)
        if not balls:
            raise ValueError("the game is over: there is no stroke to decode")
        ball = parts.ball
        if ball not in balls:
            message = (f"ball {ball} cannot be aimed at now (index {int(index)}): ball "
                       f"{balls[0]} aimed at instead")
            if self.strict:
                raise IllegalActionError(f"action: {message}")
            adjusted.append(message)
            ball = balls[0]
        k = POCKET_IDS.index(parts.pocket)
        spec = state.spec
        pk = pockets_of(spec)
        best = None
        for spot in _spots(state, pk, self.noise):
            cue = np.asarray(state.balls["cue"] if spot is None else spot, float)
            tab = shot_table(spec, pk, cue, state.balls, [ball], self.noise)
            p = float(tab.p[0, k])
            if best is None or p > best[0]:
                best = (p, spot, tab)
        _, spot, tab = best
        lo, hi = SPEED_RANGE_MPS
        speed = pot_speed(float(tab.d1[0, k]), float(tab.d2[0, k]), float(tab.cut[0, k]))
        speed = min(max(speed * SPEED_FACTORS[parts.speed], lo), hi)
        strike = Strike(speed_mps=speed, phi_rad=float(tab.phi[0, k]),
                        vertical=SPIN_LEVELS[parts.spin])
        # no call on a stroke without one (R10.1, R11.10), nor where none may be named (the
        # environment's Dict action does the same, ai.env.codec.Decoder.call)
        call = Call(ball, parts.pocket, CLEAN) if callable_balls(state) else None
        return Decoded(Decision(call, strike, spot, instruction="call-level action"),
                       tuple(adjusted))


__all__ = ["POT_CHANCES", "pot_chances", "SPEED_FACTORS", "SPIN_LEVELS", "N_DISCRETE", "DiscreteParts", "DiscreteCodec",
           "discrete_index", "discrete_parts", "discrete_mask", "aim_balls"]
