"""P(win): the AI's estimate of who wins from a game state, used to value every outcome.

The model (two layers):

1. ``base(need_mover, need_other, table_points)`` -- the probability that the player to move
   eventually wins, knowing only the score race: a logistic function of
   ``d = need_other - need_mover`` (points each still needs to reach the target)::

       base = sigmoid(w0 + w1 * d / 10 + w2 * d / sqrt(T + 10))

   ``w0`` is the value of having the table, ``w1`` the value of a lead, ``w2`` how much more
   a lead is worth when few points are left on the table.  The weights are fitted by
   logistic regression on positions from self-play (``python -m ai.calibrate.pwin``, written
   to ``ai/value/pwin_weights.json``; the run is documented there and in ai/README.md).

2. :func:`state_value` -- a one-stroke look-ahead on top: the player to move has a best shot
   (closed-form pot probability ``q`` of :mod:`ai.geometry`, of value ``v``; from hand, the
   best placement on a coarse grid of the house).  He pots it with probability q and keeps
   the table (score race after +v, he is to move again: ``base``; a pot that reaches the
   target is a win); otherwise the opponent is to move (``1 - base`` with roles swapped).
   Finished games are worth 1 / 0 / ``draw_value`` (0.5 by default: a draw is half a win).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim import detmath as dm

from engine import GameState
from engine.geometry import balls_in_region
from engine.values import LAST_BALL_BONUS, ball_value

from ..calibrate.provenance import FittedFor
from ..geometry import (MAX_CORNER_APPROACH, MAX_CUT_RAD, MAX_MIDDLE_APPROACH, THROAT_EXIT_COS,
                        W_CORNER, W_MIDDLE, Pockets, pockets_of, sigma_phi)
from ..geometry import kernels
from .protocol import finished_value

WEIGHTS_FILE = Path(__file__).with_name("pwin_weights.json")
# Used only if the weights file is missing or damaged: the first hand-set guess.
DEFAULT_WEIGHTS = (0.25, 0.9, 0.6)
# The opponent's "typical" cue position is worse than the best one: his best pot from a
# cue ball 1 m away at a 30 degree cut is taken at this fraction (chosen, not fitted).
TYPICAL_DISCOUNT = 0.8
# The placements from hand the look-ahead tries: a coarse grid of the region.
HAND_GRID = (3, 5)
# Entries kept in the per-model cache of best shots before it is cleared.
CACHE_ENTRIES = 50000


def load_weights() -> tuple[float, float, float]:
    try:
        w = json.loads(WEIGHTS_FILE.read_text())["weights"]
        return (float(w[0]), float(w[1]), float(w[2]))
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return DEFAULT_WEIGHTS


def load_fitted_for() -> FittedFor | None:
    """What the weights file says its weights were fitted for (None when the file is
    missing, damaged or says nothing: :data:`DEFAULT_WEIGHTS` are then in use)."""
    try:
        return FittedFor.from_json(json.loads(WEIGHTS_FILE.read_text())["fitted_for"],
                                   f"{WEIGHTS_FILE.name}: fitted_for")
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _sigmoid(z: float) -> float:
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + dm.exp(-z))


def base_features(need_mover: float, need_other: float, table_points: float) -> list[float]:
    d = need_other - need_mover
    return [1.0, d / 10.0, d / math.sqrt(table_points + 10.0)]


@dataclass
class WinModel:
    weights: tuple[float, float, float] = None  # type: ignore[assignment]
    draw_value: float = 0.5
    # the closed form's scaling by the pockets' jaws (ai.geometry.pockets.JAW_RAMP_M); 0, the
    # race model as fitted and as mc-base and mc-2 froze it, sees no jaws
    jaw_ramp_m: float = 0.0

    def __post_init__(self):
        if self.weights is None:
            self.weights = load_weights()
        self._pockets: dict[str, Pockets] = {}
        self._q_cache: dict = {}

    def _pockets_of(self, spec) -> Pockets:
        """The pockets' aiming points and axes, computed once per table."""
        pk = self._pockets.get(spec.name)
        if pk is None:
            pk = self._pockets[spec.name] = pockets_of(spec)
        return pk

    def base(self, need_mover: float, need_other: float, table_points: float) -> float:
        if need_mover <= 0:
            return 1.0
        if need_other <= 0:
            return 0.0
        f = base_features(need_mover, need_other, table_points)
        return _sigmoid(sum(w * x for w, x in zip(self.weights, f)))

    # --- the look-ahead -------------------------------------------------------------------
    def best_shot(self, state: GameState, noise) -> tuple[float, int]:
        """(q, v): the mover's best clean pot probability and that ball's value (with the
        last-ball bonus)."""
        spec = state.spec
        pk = self._pockets_of(spec)
        key = (tuple(sorted((b, round(p[0], 3), round(p[1], 3)) for b, p in state.balls.items())),
               state.cue_in_hand, round(noise.magnitude, 3), self.jaw_ramp_m)
        hit = self._q_cache.get(key)
        if hit is not None:
            return hit
        objs = state.object_balls
        if state.cue_in_hand:
            region = state.placement_region()
            excluded = balls_in_region(spec, state.balls, region.name)
            targets = [b for b in objs if b not in excluded]
            best = (0.0, 0)
            if targets:
                xs = np.linspace(region.x_min_m, region.x_max_m, HAND_GRID[0])
                ys = np.linspace(region.y_min_m, region.y_max_m, HAND_GRID[1])
                R = spec.ball_radius_m
                others = np.array([p for b, p in state.balls.items() if b != "cue"]).reshape(-1, 2)
                for x in xs:
                    for y in ys:
                        c = np.array([x, y])
                        if len(others) and (dm.hypot_array(*(others - c).T) < 2 * R + 1e-6).any():
                            continue
                        best = max(best, self._best_from(spec, pk, c, state, targets, noise))
        else:
            best = self._best_from(spec, pk, np.asarray(state.balls["cue"], float), state, objs,
                                   noise)
        if len(self._q_cache) > CACHE_ENTRIES:
            self._q_cache.clear()
        self._q_cache[key] = best
        return best

    def _best_from(self, spec, pk, cue, state, targets, noise):
        if not targets:
            return (0.0, 0)
        objs, vals, allpos, self_idx = _arrays(state, targets)
        p, v = kernels.best_pot(float(cue[0]), float(cue[1]), objs, vals, allpos, self_idx,
                                pk.targets, pk.axes, pk.corner, spec.ball_radius_m,
                                spec.length_m, spec.width_m, sigma_phi(noise), MAX_CUT_RAD,
                                MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, W_CORNER, W_MIDDLE,
                                THROAT_EXIT_COS, pk.jaws, self.jaw_ramp_m)
        return (float(p), int(v))

    def state_value(self, state: GameState, side: int, noise) -> float:
        """P(side wins) from ``state`` (see the module doc)."""
        if state.result is not None:
            return finished_value(state, side, self.draw_value)
        return self.value_from_shots(state, side, self.best_shot(state, noise),
                                     self.q_anywhere(state, noise))

    def value_from_shots(self, state: GameState, side: int, best: tuple[float, int],
                         anywhere: tuple[float, int]) -> float:
        """The look-ahead of :meth:`state_value` for an unfinished state, given the mover's
        best pot ``best`` = (q, v) and the best pot from a typical position ``anywhere``."""
        m = state.to_move
        o = 1 - m if state.n_sides == 2 else (m + 1) % state.n_sides
        need_m = state.target_of(m) - state.scores[m]
        need_o = state.target_of(o) - state.scores[o]
        T = state.table_points()
        q, v = best
        replay = state.last_ball_replay  # R10.1/R10.2: pocketing the ball wins, fouling loses
        if need_m - v <= 0 or replay:
            after_pot = 1.0
        else:
            after_pot = self.base(need_m - v, need_o, max(T - v, 0))
        # the mover misses: the opponent is to move with the cue ball "somewhere"; his chance
        # is the best pot available from a typical cue position (balls hanging in the jaws are
        # potted from almost anywhere)
        q_o, v_o = anywhere
        if need_o - v_o <= 0 or replay:
            o_after_pot = 1.0
        else:
            o_after_pot = self.base(need_o - v_o, need_m, max(T - v_o, 0))
        later = 0.5 if replay else self.base(need_m, need_o, T)
        v_opp = q_o * o_after_pot + (1 - q_o) * (1.0 - later)
        p_m = q * after_pot + (1 - q) * (1.0 - v_opp)
        return p_m if side == m else 1.0 - p_m

    def q_anywhere(self, state: GameState, noise) -> tuple[float, int]:
        objs_ids = state.object_balls
        if not objs_ids:
            return (0.0, 0)
        spec = state.spec
        pk = self._pockets_of(spec)
        objs, vals, allpos, self_idx = _arrays(state, objs_ids)
        p, v = kernels.q_anywhere(objs, vals, allpos, self_idx, pk.targets, pk.axes, pk.corner,
                                  spec.ball_radius_m, spec.length_m, spec.width_m,
                                  sigma_phi(noise), MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH,
                                  W_CORNER, W_MIDDLE, TYPICAL_DISCOUNT, pk.jaws, self.jaw_ramp_m)
        return (float(p), int(v))


def _arrays(state: GameState, targets):
    ids = [b for b in state.balls if b != "cue"]
    allpos = np.array([state.balls[b] for b in ids], float).reshape(-1, 2)
    index = {b: i for i, b in enumerate(ids)}
    objs = np.array([state.balls[b] for b in targets], float).reshape(-1, 2)
    last = len(state.object_balls) == 1
    vals = np.array([ball_value(b) + (LAST_BALL_BONUS if last else 0) for b in targets],
                    dtype=np.int64)
    self_idx = np.array([index[b] for b in targets], dtype=np.int64)
    return objs, vals, allpos, self_idx


__all__ = ["WinModel", "base_features", "load_fitted_for", "load_weights", "WEIGHTS_FILE",
           "TYPICAL_DISCOUNT"]
