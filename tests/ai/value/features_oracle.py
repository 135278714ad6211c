"""The features of ai.value.features written plainly in numpy, one loop at a time: the oracle
the compiled summary (ai.value.kernels.table_summary) is checked against."""
from __future__ import annotations

import math

import numpy as np

from ai.geometry import (MAX_CORNER_APPROACH, MAX_CUT_RAD, MAX_MIDDLE_APPROACH, THROAT_EXIT_COS,
                         W_CORNER, W_MIDDLE, sigma_phi)
from ai.geometry import kernels
from ai.value.features import HANGING, POTTABLE, TOUCHING_GAP_M, _logit
from ai.value.pwin import HAND_GRID, TYPICAL_DISCOUNT, WinModel, _arrays
from engine import GameState
from engine.geometry import balls_in_region


def _likeliest(p: np.ndarray, vals: np.ndarray, positive: bool) -> tuple[float, int]:
    """The choice of :func:`ai.geometry.kernels.best_pot` (``positive``) and
    :func:`~ai.geometry.kernels.q_anywhere` among per-ball chances: the likeliest, a
    thousandth of a point breaking near-ties by value."""
    score = p + 1e-3 * vals
    if positive:
        score = np.where(p > 0, score, -np.inf)
    if len(p) == 0 or not np.isfinite(score.max()):
        return (0.0, 0)
    i = int(np.argmax(score))
    return (float(p[i]), int(vals[i]))


def mover_chances(race: WinModel, state: GameState, noise, arrays
                  ) -> tuple[np.ndarray, tuple[float, int]]:
    """Each object ball's best clean-pot chance for the mover -- from the cue ball's place, or
    from hand the best over the race model's grid of the region (balls in it excluded, R8.3)
    -- and the race model's best shot (q, v) from the same numbers."""
    spec = state.spec
    pk = race._pockets_of(spec)
    objs, vals, allpos, self_idx = arrays
    sphi = sigma_phi(noise)
    R = spec.ball_radius_m

    def from_spot(cx, cy, rows):
        return kernels.pot_chances(cx, cy, objs[rows], allpos, self_idx[rows], pk.targets,
                                   pk.axes, pk.corner, R, spec.length_m, spec.width_m, sphi,
                                   MAX_CUT_RAD, MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH,
                                   W_CORNER, W_MIDDLE, THROAT_EXIT_COS, pk.jaws, race.jaw_ramp_m)

    if not state.cue_in_hand:
        cue = state.balls["cue"]
        rows = np.arange(len(objs))
        p, g = from_spot(float(cue[0]), float(cue[1]), rows)
        return p, g, rows, _likeliest(p, vals, True)
    region = state.placement_region()
    excluded = balls_in_region(spec, state.balls, region.name)
    rows = np.array([i for i, b in enumerate(state.object_balls) if b not in excluded],
                    dtype=np.int64)
    chances = np.zeros(len(rows))
    ghosts = np.zeros((len(rows), 2))
    best = (0.0, 0)
    if len(rows):
        for x in np.linspace(region.x_min_m, region.x_max_m, HAND_GRID[0]):
            for y in np.linspace(region.y_min_m, region.y_max_m, HAND_GRID[1]):
                if len(allpos) and (np.hypot(allpos[:, 0] - x, allpos[:, 1] - y)
                                    < 2 * R + 1e-6).any():
                    continue
                p, g = from_spot(float(x), float(y), rows)
                better = p > chances
                ghosts[better] = g[better]
                chances = np.maximum(chances, p)
                best = max(best, _likeliest(p, vals[rows], True))
    return chances, ghosts, rows, best


def run_of_two(race, state, noise, arrays, chances, ghosts, rows):
    """(best chance of two pots in a row, best expected points of such a run): the first
    among the 3 likeliest balls, the second the best pot from the first's ghost ball."""
    spec = state.spec
    pk = race._pockets_of(spec)
    objs, vals, allpos, self_idx = arrays
    run2 = points = 0.0
    if len(objs) < 2:
        return run2, points
    for i in np.argsort(-chances)[:3]:
        if chances[i] <= 0:
            break
        gone = self_idx[rows[i]]
        keep = np.array([k for k in range(len(objs)) if self_idx[k] != gone])
        rest = np.delete(allpos, gone, axis=0)
        idx = np.array([j - (j > gone) for j in self_idx[keep]], dtype=np.int64)
        p, _ = kernels.pot_chances(float(ghosts[i][0]), float(ghosts[i][1]),
                                   np.ascontiguousarray(objs[keep]), rest, idx, pk.targets,
                                   pk.axes, pk.corner, spec.ball_radius_m, spec.length_m,
                                   spec.width_m, sigma_phi(noise), MAX_CUT_RAD,
                                   MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, W_CORNER, W_MIDDLE,
                                   THROAT_EXIT_COS, pk.jaws, race.jaw_ramp_m)
        q2, v2 = _likeliest(p, vals[keep], True)
        run2 = max(run2, chances[i] * q2)
        points = max(points, chances[i] * (vals[rows[i]] + q2 * v2))
    return run2, points


def features_readable(race: WinModel, state: GameState, noise) -> np.ndarray:
    """One row of :data:`NAMES` for the player to move in an unfinished ``state``."""
    spec = state.spec
    R = spec.ball_radius_m
    m = state.to_move
    o = 1 - m if state.n_sides == 2 else (m + 1) % state.n_sides
    need_m = state.target_of(m) - state.scores[m]
    need_o = state.target_of(o) - state.scores[o]
    T = state.table_points()
    d = need_o - need_m
    objs_ids = state.object_balls
    q_any = 0.0
    hanging = touching = 0
    anywhere = (0.0, 0)
    best = (0.0, 0)
    q = np.zeros(0)
    run2 = run2_points = 0.0
    if objs_ids:
        arrays = objs, vals, allpos, self_idx = _arrays(state, objs_ids)
        q, ghosts, rows, best = mover_chances(race, state, noise, arrays)
        run2, run2_points = run_of_two(race, state, noise, arrays, q, ghosts, rows)
        q = np.sort(q)[::-1]
        pk = race._pockets_of(spec)
        any_p = kernels.anywhere_chances(objs, allpos, self_idx, pk.targets, pk.axes, pk.corner,
                                         R, spec.length_m, spec.width_m, sigma_phi(noise),
                                         MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, W_CORNER,
                                         W_MIDDLE, TYPICAL_DISCOUNT, pk.jaws, race.jaw_ramp_m)
        anywhere = _likeliest(any_p, vals, False)
        q_any = float(any_p.max())
        hanging = int((any_p >= HANGING).sum())
        if len(objs) > 1:
            dx = objs[:, None, 0] - objs[None, :, 0]
            dy = objs[:, None, 1] - objs[None, :, 1]
            touching = int(((np.hypot(dx, dy) < 2 * R + TOUCHING_GAP_M).sum() - len(objs)) // 2)
    race_p = race.value_from_shots(state, m, best, anywhere)
    top = [float(q[i]) if i < len(q) else 0.0 for i in range(3)]
    gap = cushion = 0.0
    if not state.cue_in_hand and "cue" in state.balls:
        cx, cy = state.balls["cue"]
        if objs_ids:
            gap = float(np.hypot(objs[:, 0] - cx, objs[:, 1] - cy).min()) - 2 * R
        cushion = max(0.0, min(cx - R, spec.length_m - R - cx, cy - R, spec.width_m - R - cy))
    n_obj = max(len(objs_ids), 1)
    return np.array([
        1.0, _logit(race_p), d / 10.0, d / math.sqrt(T + 10.0),
        top[0], top[1], top[2], float((q >= POTTABLE).sum()) / 5.0,
        q_any, float(hanging), touching / n_obj, gap, cushion,
        float(state.cue_in_hand), len(objs_ids) / 15.0,
        top[0] * (1.0 - abs(race_p - 0.5) * 2.0),
        float(state.warning), float(bool(state.last_ball_replay)),
        run2, run2_points / 10.0,
    ])
