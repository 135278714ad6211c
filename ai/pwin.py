"""P(win): the AI's estimate of who wins from a game state, used to value every outcome.

The model (two layers):

1. ``base(need_mover, need_other, table_points)`` -- the probability that the player to move
   eventually wins, knowing only the score race: a logistic function of
   ``d = need_other - need_mover`` (points each still needs to reach the target)::

       base = sigmoid(w0 + w1 * d / 10 + w2 * d / sqrt(T + 10))

   ``w0`` is the value of having the table, ``w1`` the value of a lead, ``w2`` how much more
   a lead is worth when few points are left on the table.  The weights are fitted by
   logistic regression on positions from self-play (``python -m ai.calibrate``, written to
   ``ai/pwin_weights.json``; the run is documented there and in the report).

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

from engine import GameState
from engine.geometry import balls_in_region
from engine.values import LAST_BALL_BONUS, ball_value

from .geometry import Pockets, pockets_of, shot_table

WEIGHTS_FILE = Path(__file__).with_name("pwin_weights.json")
DEFAULT_WEIGHTS = (0.25, 0.9, 0.6)


def load_weights() -> tuple[float, float, float]:
    try:
        w = json.loads(WEIGHTS_FILE.read_text())["weights"]
        return (float(w[0]), float(w[1]), float(w[2]))
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return DEFAULT_WEIGHTS


def _sigmoid(z: float) -> float:
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def base_features(need_mover: float, need_other: float, table_points: float) -> list[float]:
    d = need_other - need_mover
    return [1.0, d / 10.0, d / math.sqrt(table_points + 10.0)]


@dataclass
class WinModel:
    weights: tuple[float, float, float] = None  # type: ignore[assignment]
    draw_value: float = 0.5

    def __post_init__(self):
        if self.weights is None:
            self.weights = load_weights()
        self._pockets: dict[str, Pockets] = {}
        self._q_cache: dict = {}

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
        pk = self._pockets.get(spec.name)
        if pk is None:
            pk = self._pockets[spec.name] = pockets_of(spec)
        key = (tuple(sorted((b, round(p[0], 3), round(p[1], 3)) for b, p in state.balls.items())),
               state.cue_in_hand, round(noise.magnitude, 3))
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
                xs = np.linspace(region.x_min_m, region.x_max_m, 3)
                ys = np.linspace(region.y_min_m, region.y_max_m, 5)
                R = spec.ball_radius_m
                others = np.array([p for b, p in state.balls.items() if b != "cue"]).reshape(-1, 2)
                for x in xs:
                    for y in ys:
                        c = np.array([x, y])
                        if len(others) and (np.hypot(*(others - c).T) < 2 * R + 1e-6).any():
                            continue
                        best = max(best, self._best_from(spec, pk, c, state, targets, noise))
        else:
            best = self._best_from(spec, pk, np.asarray(state.balls["cue"], float), state, objs,
                                   noise)
        if len(self._q_cache) > 50000:
            self._q_cache.clear()
        self._q_cache[key] = best
        return best

    def _best_from(self, spec, pk, cue, state, targets, noise):
        tab = shot_table(spec, pk, cue, state.balls, targets, noise)
        if tab.p.size == 0:
            return (0.0, 0)
        pmax = tab.p.max(axis=1)
        last = len(state.object_balls) == 1
        vals = np.array([ball_value(b) + (LAST_BALL_BONUS if last else 0) for b in tab.balls])
        i = int(np.argmax(pmax + 1e-3 * vals))
        return (float(pmax[i]), int(vals[i]))

    def state_value(self, state: GameState, side: int, noise) -> float:
        """P(side wins) from ``state`` (see the module doc)."""
        if state.result is not None:
            r = state.result
            if r.get("draw"):
                return self.draw_value
            return 1.0 if r.get("winner") == side else 0.0
        m = state.to_move
        o = 1 - m if state.n_sides == 2 else (m + 1) % state.n_sides
        need_m = state.target_of(m) - state.scores[m]
        need_o = state.target_of(o) - state.scores[o]
        T = state.table_points()
        q, v = self.best_shot(state, noise)
        if need_m - v <= 0:
            after_pot = 1.0
        else:
            after_pot = self.base(need_m - v, need_o, max(T - v, 0))
        after_miss = 1.0 - self.base(need_o, need_m, T)
        p_m = q * after_pot + (1 - q) * after_miss
        return p_m if side == m else 1.0 - p_m


__all__ = ["WinModel", "base_features", "load_weights", "WEIGHTS_FILE"]
