"""The environment's codec, public (issue 58 item 1): what a player sees of a position
(:func:`observation_of`), the spaces (:func:`observation_space`, :func:`action_space`), an
action turned into a :class:`~ai.agent.Decision` the rules take (:func:`decode`, through a
:class:`Decoder`) and a decision back into an action (:func:`encode`).

:class:`~ai.env.core.PyramidEnv` reads its observations and actions through this module and
nothing else, so a policy trained on the environment plays the same outside it
(:func:`ai.env.agent_from_policy`).  docs/API.md ("The codec") is the reference.

Gymnasium is optional: without it :func:`observation_space` and :func:`action_space` raise
ImportError; everything else works.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

from engine import Call, GameState, callable_balls, can_place_cue
from engine.calls import CLEAN
from engine.kinds import CallMode
from engine.values import OBJECT_BALLS
from sim import Strike
from sim.events import BALL_IDS
from sim.params import PhysicsParams
from sim.table import POCKET_IDS, TableSpec

from ..agent import Decision
from ..games.match import MAX_STROKES_PER_GAME
from .actions import (ACTION_MANNERS, ELEVATION_MAX_RAD, N_BALL_CHOICES, NO_BALL,
                      SPEED_RANGE_MPS, IllegalActionError, call_index)

try:  # optional: the spaces
    from gymnasium import spaces
except ImportError:  # pragma: no cover - exercised only where gymnasium is absent
    spaces = None

OFF_TABLE_MARGIN_M = 0.1  # a ball hanging in a pocket's throat lies a little outside L x W
SCORE_BOUND = 1000.0  # far beyond any score of a game to 71 (R9.1), penalties included
# A value this close to a bound is on it (the action space's float32 rounds the bounds).
BOUND_TOLERANCE = 1e-6
# The default physics' miscue limit (sim/params.py, Alciatore TP A.30), for a decoder given
# no simulator.
DEFAULT_MISCUE_OFFSET = PhysicsParams().miscue_offset
ACTION_KEYS = ("ball", "pocket", "manner", "strike", "placement")
OBSERVATION_KEYS = ("balls", "scores", "targets", "cue_in_hand", "break_pending",
                    "must_not_call", "warning", "unchanged_fouls")


def _need_spaces() -> None:
    if spaces is None:
        raise ImportError("the spaces need Gymnasium: pip install -e '.[env]'")


def observation_space(spec: TableSpec, max_strokes: int = MAX_STROKES_PER_GAME,
                      n_sides: int = 2):
    """The ``Dict`` space of :func:`observation_of` on table ``spec`` for a game of ``n_sides``
    sides (docs/API.md, "The observation")."""
    _need_spaces()
    if n_sides not in (2, 3):
        raise ValueError(f"n_sides must be 2 or 3, got {n_sides!r}")
    hi_x, hi_y = spec.length_m + OFF_TABLE_MARGIN_M, spec.width_m + OFF_TABLE_MARGIN_M
    low = np.tile(np.array([-OFF_TABLE_MARGIN_M, -OFF_TABLE_MARGIN_M, 0.0], np.float32),
                  (len(BALL_IDS), 1))
    high = np.tile(np.array([hi_x, hi_y, 1.0], np.float32), (len(BALL_IDS), 1))
    score = spaces.Box(-SCORE_BOUND, SCORE_BOUND, shape=(n_sides,), dtype=np.float32)
    return spaces.Dict({
        "balls": spaces.Box(low, high, dtype=np.float32),
        "scores": score, "targets": score,
        "cue_in_hand": spaces.Discrete(2), "break_pending": spaces.Discrete(2),
        "must_not_call": spaces.Discrete(2),
        "warning": spaces.Discrete(2),
        "unchanged_fouls": spaces.Box(0, max_strokes, shape=(n_sides,), dtype=np.int64)})


def observation_of(state: GameState, player: int,
                   max_strokes: int = MAX_STROKES_PER_GAME) -> dict[str, np.ndarray | int]:
    """What ``player`` (a side: 0 or 1, or 2 in three each for himself) sees of ``state``,
    from its side: the per-side entries its own first, then the sides after it in turn order
    (two sides: ``(mine, the other's)``).  The observation of the environment's learner and of
    :func:`ai.env.agent_from_policy`'s agent.  ``max_strokes`` bounds ``unchanged_fouls`` as
    :func:`observation_space` does."""
    n = state.n_sides
    if isinstance(player, bool) or player not in range(n):
        raise ValueError(f"player must be a side, 0..{n - 1}, got {player!r}")
    balls = np.zeros((len(BALL_IDS), 3), np.float32)
    for k, b in enumerate(BALL_IDS):
        if b in state.balls:
            x, y = state.balls[b]
            balls[k] = (x, y, 1.0)
    order = [(int(player) + k) % n for k in range(n)]
    streak = state.unchanged_foul_streak
    return {
        "balls": balls,
        "scores": np.array([state.scores[s] for s in order], np.float32),
        "targets": np.array([state.target_of(s) for s in order], np.float32),
        "cue_in_hand": int(state.cue_in_hand),
        "break_pending": int(state.break_pending),
        "must_not_call": int(state.no_call_strokes_left > 0),
        "warning": int(state.warning),
        "unchanged_fouls": np.minimum(np.array([streak[s] for s in order], np.int64),
                                      max_strokes),
    }


def action_space(spec: TableSpec, miscue_offset: float = DEFAULT_MISCUE_OFFSET):
    """The ``Dict`` action space on table ``spec`` (docs/API.md, "The action encoding"):
    ``ball``, ``pocket``, ``manner`` (the call), ``strike`` (phi_rad, speed_mps,
    elevation_rad, side, vertical) and ``placement`` (x_m, y_m)."""
    _need_spaces()
    m = miscue_offset
    return spaces.Dict({
        "ball": spaces.Discrete(N_BALL_CHOICES),
        "pocket": spaces.Discrete(len(POCKET_IDS)),
        "manner": spaces.Discrete(len(ACTION_MANNERS)),
        "strike": spaces.Box(
            np.array([-np.pi, SPEED_RANGE_MPS[0], 0.0, -m, -m], np.float32),
            np.array([np.pi, SPEED_RANGE_MPS[1], ELEVATION_MAX_RAD, m, m], np.float32),
            dtype=np.float32),
        "placement": spaces.Box(np.zeros(2, np.float32),
                                np.array([spec.length_m, spec.width_m], np.float32),
                                dtype=np.float32)})


@dataclass(frozen=True)
class Decoded:
    """An action decoded: the decision the rules take, and each change made to the action to
    make it so (empty when it was taken as it is; ``info["adjusted"]``)."""

    decision: Decision
    adjusted: tuple[str, ...] = ()


FreeSpot = Callable[[GameState], "tuple[float, float] | None"]


class Decoder:
    """Turns an action (the ``Dict`` of :func:`action_space`, or a :class:`Decision`) into a
    decision the rules take.  ``strict`` refuses what is not taken as it is
    (:class:`~ai.env.actions.IllegalActionError`); otherwise it is mapped to the nearest legal
    action and each change said.  ``free_spot(state)``: a free placement from hand when the one
    given cannot be used (the environment draws it from its seeded generator)."""

    def __init__(self, miscue_offset: float = DEFAULT_MISCUE_OFFSET, strict: bool = False,
                 free_spot: FreeSpot | None = None):
        self.miscue_offset = miscue_offset
        self.strict = strict
        self.free_spot = free_spot

    def _adjust(self, adjusted: list[str], part: str, message: str) -> None:
        if self.strict:
            raise IllegalActionError(f"action.{part}: {message}")
        adjusted.append(message)

    def decode(self, action, state: GameState) -> Decoded:
        """``action`` for the player to move in ``state``, as the rules take it."""
        adjusted: list[str] = []
        if isinstance(action, Decision):
            call, strike, placement = action.call, action.strike, action.placement
        else:
            if not isinstance(action, Mapping):
                raise ValueError(f"action must be a mapping of {', '.join(ACTION_KEYS)} or a "
                                 f"Decision, got {type(action).__name__}")
            for key in ACTION_KEYS:
                if key not in action:
                    raise ValueError(f"action.{key} is missing")
            call = self.call(action, state, adjusted)
            strike = self.strike(action["strike"], adjusted)
            placement = tuple(float(v) for v in action["placement"])
        if state.cue_in_hand:
            placement = self.placement(placement, state, adjusted)
        else:
            placement = None
        return Decoded(Decision(call, strike, placement, instruction="env action"),
                       tuple(adjusted))

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
        if self.free_spot is None:
            raise ValueError(f"action.placement {placement!r} is not a free spot of the "
                             f"{region.name} (R3.2, R8.1, R8.3) and the decoder has no "
                             f"free_spot to draw one")
        spot = self.free_spot(state)
        adjusted.append(f"placement {placement!r} is not allowed: placed at {spot!r}")
        return spot


def decode(action, state: GameState, *, strict: bool = False,
           miscue_offset: float = DEFAULT_MISCUE_OFFSET,
           free_spot: FreeSpot | None = None) -> Decision:
    """The :class:`Decision` of ``action`` (a ``Dict`` action or a Decision) in ``state``, as
    the environment plays it (:class:`Decoder`; :meth:`Decoder.decode` also says what it
    adjusted)."""
    return Decoder(miscue_offset, strict, free_spot).decode(action, state).decision


def encode(decision: Decision) -> dict[str, np.ndarray | int]:
    """The ``Dict`` action of a decision (the inverse of :func:`decode` for a decision the
    rules take as it is): its call as ball / pocket / manner (ball 0: no call), its strike,
    its placement (zeros when the cue ball is not in hand).  A call the action space cannot
    say (a kiss, carom or combination naming another ball, a path) or a decision without a
    strike (a tush) is a ValueError naming it."""
    call = decision.call
    if call is None:
        ball, pocket, manner = NO_BALL, 0, 0
    else:
        if call.manner not in ACTION_MANNERS or call.via or call.path:
            raise ValueError(f"decision.call: manner {call.manner!r} with via {call.via!r} "
                             f"cannot be said by the action space (manners "
                             f"{', '.join(ACTION_MANNERS)})")
        ball = NO_BALL if call.ball is None else OBJECT_BALLS.index(call.ball) + 1
        pocket = POCKET_IDS.index(call.pocket)
        manner = ACTION_MANNERS.index(call.manner)
    s = decision.strike
    if s is None:
        raise ValueError("decision.strike is None (a tush): the action space has no tush")
    strike = np.array([s.phi_rad, s.speed_mps, s.elevation_rad, s.side, s.vertical],
                      np.float32)
    where = decision.placement or (0.0, 0.0)
    return {"ball": ball, "pocket": pocket, "manner": manner, "strike": strike,
            "placement": np.array(where, np.float32)}


__all__ = ["observation_of", "observation_space", "action_space", "decode", "encode",
           "Decoder", "Decoded", "OBSERVATION_KEYS", "ACTION_KEYS", "OFF_TABLE_MARGIN_M",
           "SCORE_BOUND", "DEFAULT_MISCUE_OFFSET"]
