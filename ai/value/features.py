"""What the learned position value sees: a fixed vector of numbers describing a game state
for the player to move.

The race model of :mod:`ai.value.pwin` sees the score race and one closed-form pot; these
features add what decides a position between strong players -- how many balls the mover can
pot from where the cue ball lies (or from hand), how good the second and third chances are
(a leave with options, a run to come), balls hanging in the jaws that anyone will pot, clusters,
where the cue ball is -- and the R11.8 warning.  The R9.2 streaks of unchanged fouls are left
out on purpose: they are non-zero in 103 of the 14 821 self-play positions, so their weights
came from a handful of games, and the search exploited them (a deliberate foul raised the
fouler's own streak, which those weights happened to favour: 13 deliberate fouls in the
first 7 games against mc-base, which played none); R9.2 itself is the rules core's, and
foul loops are ai.value.repetition's.  Every feature is for the player to
move; the value for the other side is its complement.

The names, in order, are :data:`NAMES`; :func:`features` computes one row.  The race model's
own estimate enters as its logit (``race_logit``), so the learned model starts from it and
learns corrections (a stacked model: it cannot do worse on its training data).
"""
from __future__ import annotations

import math

import numpy as np

from sim import detmath as dm

from engine import GameState
from engine.geometry import balls_in_region

from ..geometry import (MAX_CORNER_APPROACH, MAX_CUT_RAD, MAX_MIDDLE_APPROACH, THROAT_EXIT_COS,
                        W_CORNER, W_MIDDLE, sigma_phi)
from . import kernels as vk
from .pwin import HAND_GRID, TYPICAL_DISCOUNT, WinModel, _arrays

NAMES = (
    "bias",
    "race_logit",      # logit of the race model's P(win) for the mover (clipped to +-6)
    "lead_10",         # (need_other - need_mover) / 10
    "lead_sqrt",       # (need_other - need_mover) / sqrt(table points + 10)
    "q1", "q2", "q3",  # the mover's three best clean-pot chances (distinct balls)
    "pottable",        # balls the mover pots with chance >= POTTABLE, / 5
    "q_any",           # the best chance from a typical cue position (what a miss leaves)
    "hanging",         # balls potted from a typical position with chance >= HANGING
    "touching",        # pairs of object balls closer than TOUCHING_GAP_M, / balls
    "gap_m",           # cue ball to the nearest object ball (m; 0 from hand)
    "cushion_m",       # cue ball to the nearest cushion line (m; 0 from hand)
    "in_hand",         # 1 when the mover plays from hand
    "balls_frac",      # object balls on the table / 15
    "q1_close",        # q1 times closeness of the race (1 - |race - 0.5| * 2)
    "warned",          # R11.8 warning given
    "replay",          # R10.1 / R10.2 last-ball replay pending
    "run2",            # a run of two: pot one of the 3 likeliest balls, then the best pot
                       # from its ghost ball among the rest (chance of both)
    "run2_points",     # the expected points of that run, / 10
)
N = len(NAMES)

# A ball counts as pottable from the cue's place at this clean-pot chance (chosen so: a pot a
# club player makes one time in four is a real option for the next stroke).
POTTABLE = 0.25
# A ball is "hanging" when potted from a typical cue position at this chance (chosen so: such
# a ball is at the jaws, in practice anyone's).
HANGING = 0.5
# Two object balls "touch" for the cluster count when their surfaces are closer than this
# (chosen so: within a centimetre a cluster must be broken, not played through).
TOUCHING_GAP_M = 0.01
RACE_LOGIT_CLIP = 6.0


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return max(-RACE_LOGIT_CLIP, min(RACE_LOGIT_CLIP, dm.log(p / (1 - p))))


def _spots(state: GameState, objs_ids, arrays):
    """The cue ball's spots (one on the table; the race model's grid of the region from hand)
    and the balls the mover may aim at from them (from hand not those in the region, R8.3)."""
    objs, vals, allpos, self_idx = arrays
    if not state.cue_in_hand:
        cue = state.balls["cue"]
        return np.array([[float(cue[0]), float(cue[1])]]), False, objs, vals, self_idx
    spec = state.spec
    region = state.placement_region()
    excluded = balls_in_region(spec, state.balls, region.name)
    rows = np.array([i for i, b in enumerate(objs_ids) if b not in excluded], dtype=np.int64)
    xs = np.linspace(region.x_min_m, region.x_max_m, HAND_GRID[0])
    ys = np.linspace(region.y_min_m, region.y_max_m, HAND_GRID[1])
    grid = np.array([[x, y] for x in xs for y in ys])
    if not len(rows):
        grid = grid[:0]
    return grid, True, objs[rows], vals[rows], self_idx[rows]


def features(race: WinModel, state: GameState, noise) -> np.ndarray:
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
    summary = np.zeros(vk.SUMMARY_SIZE)
    objs = None
    if objs_ids:
        arrays = objs, vals, allpos, self_idx = _arrays(state, objs_ids)
        spots, check, e_objs, e_vals, e_idx = _spots(state, objs_ids, arrays)
        pk = race._pockets_of(spec)
        summary = vk.table_summary(
            spots, check, objs, vals, allpos, self_idx, np.ascontiguousarray(e_objs), e_vals,
            e_idx, pk.targets, pk.axes, pk.corner, R, spec.length_m, spec.width_m,
            sigma_phi(noise), MAX_CUT_RAD, MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, W_CORNER,
            W_MIDDLE, THROAT_EXIT_COS, TYPICAL_DISCOUNT, POTTABLE, HANGING, TOUCHING_GAP_M,
            pk.jaws, race.jaw_ramp_m)
    best = (float(summary[vk.BEST_P]), int(summary[vk.BEST_V]))
    anywhere = (float(summary[vk.ANY_P]), int(summary[vk.ANY_V]))
    race_p = race.value_from_shots(state, m, best, anywhere)
    gap = cushion = 0.0
    if not state.cue_in_hand and "cue" in state.balls:
        cx, cy = state.balls["cue"]
        if objs is not None:
            gap = float(dm.hypot_array(objs[:, 0] - cx, objs[:, 1] - cy).min()) - 2 * R
        cushion = max(0.0, min(cx - R, spec.length_m - R - cx, cy - R, spec.width_m - R - cy))
    n_obj = max(len(objs_ids), 1)
    q1 = float(summary[vk.Q1])
    return np.array([
        1.0, _logit(race_p), d / 10.0, d / math.sqrt(T + 10.0),
        q1, summary[vk.Q2], summary[vk.Q3], summary[vk.POTTABLE_N] / 5.0,
        summary[vk.ANY_MAX], summary[vk.HANGING_N], summary[vk.TOUCHING_N] / n_obj, gap,
        cushion, float(state.cue_in_hand), len(objs_ids) / 15.0,
        q1 * (1.0 - abs(race_p - 0.5) * 2.0),
        float(state.warning), float(bool(state.last_ball_replay)),
        summary[vk.RUN2], summary[vk.RUN2_POINTS] / 10.0,
    ])
