"""Fit the trees value (:mod:`ai.value.trees`) on self-play positions.

``python -m ai.calibrate.trees --positions FILE.jsonl [--positions MORE.jsonl] --out
TREES.json [--lambda L] [--stack]``

The recipe of the learned value (:mod:`ai.calibrate.value`: the features of
:mod:`ai.value.features`, lambda-returns bootstrapped from the race model, lambda 0.9 as the
weights in use were fitted) with a learner of any shape in place of one weight per feature:
scikit-learn's ``HistGradientBoostingRegressor`` with the settings :data:`GBM`, rising in the
features :data:`MONOTONE_UP`, the squared error to the targets (a proper score: the trees
estimate P(win)).  Every fourth game of each file is held out first and the trees fitted on
the rest are scored on it against the race model and the weights in use (log-loss and Brier
against the results); then the trees are fitted on every game and written, atomically, with
that report.  ``--stack`` fits them to what the weights in use leave of the targets (stacked
trees, :mod:`ai.value.trees`).  Several files are pooled as one set of games.  Needs the
``learn`` extra (``pip install -e '.[learn]'``; :mod:`engine.extras`).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

try:  # the optional extra ``learn``
    from sklearn.ensemble import HistGradientBoostingRegressor
except ImportError:  # pragma: no cover - the extra is installed wherever the tests run
    HistGradientBoostingRegressor = None

from engine import extras

from ..value.features import NAMES
from ..value.learned import LearnedWeights
from ..value.trees import P_CLIP, TreesModel
from .selfplay import read_pooled
from .value import HOLD_OUT_EVERY, IN_USE_LAMBDA, build, fitted_for, scores, sigmoid

# The trees' settings (chosen so, not tuned on held-out games: shallow trees and a slow rate,
# since the positions of a game share one result and a leaf of fewer than a few hundred
# positions is a handful of games; no early stopping, so a fit depends on its data alone).
GBM = {"max_iter": 200, "learning_rate": 0.05, "max_leaf_nodes": 15, "min_samples_leaf": 200,
       "l2_regularization": 1.0, "early_stopping": False}
# The features in which the trees may only rise (scikit-learn's monotonic constraints): the
# mover's lead, his chances and the points of his run.  A search picks the leaves its value
# likes best, so a value that somewhere prefers a smaller lead or a worse chance is exploited
# there; the linear fit's negative chance weights were such a preference, and setting them to
# 0 played best of the weights tried (ai/README.md, "Values compared in play").  On the 148
# self-play games of ai/README.md the constraint costs 0.0008 held-out log-loss (0.5571
# against 0.5563), less than log-loss can resolve.
MONOTONE_UP = ("race_logit", "lead_10", "lead_sqrt", "q1", "q2", "q3", "pottable", "q1_close",
               "run2", "run2_points")


def available() -> bool:
    """Whether scikit-learn (the ``learn`` extra) is installed."""
    return HistGradientBoostingRegressor is not None


def regressor(X: np.ndarray, target: np.ndarray, rising: tuple[str, ...] = MONOTONE_UP):
    """scikit-learn's trees fitted to ``target`` on the feature rows ``X`` (bias column
    included, as :func:`ai.calibrate.value.build` makes them; the trees do not see it),
    rising in the features named ``rising`` (``X`` then has the columns of
    :data:`ai.value.features.NAMES`; none for other rows, as the tests' synthetic ones)."""
    if not available():
        extras.require("learn", "the trees")  # MissingExtra (a ValueError) naming the extra
    if rising and X.shape[1] != len(NAMES):
        raise ValueError(f"rising in {rising} needs the {len(NAMES)} columns of the features, "
                         f"got {X.shape[1]}")
    cst = [1 if name in rising else 0 for name in NAMES[1:]] if rising else None
    return HistGradientBoostingRegressor(**GBM, monotonic_cst=cst).fit(X[:, 1:], target)


def predict(trees, X: np.ndarray, on_weights: np.ndarray | None = None) -> np.ndarray:
    """scikit-learn's estimates for the rows ``X`` (on top of the P(win) of ``on_weights``
    for stacked trees), clipped as :class:`TreesValue` clips."""
    base = 0.0 if on_weights is None else sigmoid(X @ on_weights)
    return np.clip(base + trees.predict(X[:, 1:]), P_CLIP, 1 - P_CLIP)


def export(trees, fit: dict | None = None, fitted=None, on_weights=None) -> TreesModel:
    """The fitted trees as :class:`ai.value.trees.TreesModel` arrays: nodes of all trees in
    one run, children and roots offset accordingly, features shifted past the bias column;
    stacked on ``on_weights`` when given."""
    roots, parts = [], []
    offset = 0
    for (predictor,) in trees._predictors:  # one predictor a round: a single output
        nodes = predictor.nodes
        if np.any(nodes["is_categorical"]):
            raise ValueError("trees: categorical splits are not supported")
        roots.append(offset)
        parts.append((nodes["feature_idx"].astype(np.int64) + 1, nodes["num_threshold"],
                      nodes["left"].astype(np.int64) + offset,
                      nodes["right"].astype(np.int64) + offset, nodes["value"],
                      nodes["is_leaf"].astype(np.bool_)))
        offset += len(nodes)
    cols = [np.concatenate([p[i] for p in parts]) for i in range(6)]
    leaf = cols[5]
    for i in (2, 3):  # a leaf's children are meaningless: point them at the root, harmlessly
        cols[i] = np.where(leaf, 0, cols[i])
    cols[0] = np.where(leaf, 1, cols[0])
    return TreesModel(float(np.ravel(trees._baseline_prediction)[0]),
                      np.asarray(roots, np.int64), cols[0], cols[1].astype(float), cols[2],
                      cols[3], cols[4].astype(float), leaf, fitted, dict(fit or {}),
                      None if on_weights is None else tuple(float(w) for w in on_weights))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", action="append", required=True,
                    help="JSON Lines from ai.calibrate.selfplay (repeat to pool files)")
    ap.add_argument("--out", required=True, help="the trees file to write")
    ap.add_argument("--lambda", dest="lam", type=float, default=IN_USE_LAMBDA, metavar="L",
                    help=f"the lambda-returns' lambda (default {IN_USE_LAMBDA}, as the weights "
                         f"in use)")
    ap.add_argument("--stack", action="store_true",
                    help="stack the trees on the weights in use: they fit what the weights' "
                         "P(win) leaves of the targets (ai/value/trees.py)")
    args = ap.parse_args(argv)
    if not 0.0 <= args.lam <= 1.0:
        ap.error(f"--lambda {args.lam:g}: a lambda lies between 0 and 1")
    if not available():
        ap.error("the trees need scikit-learn, the 'learn' extra (pip install -e '.[learn]')")
    t0 = time.time()
    try:
        lines = read_pooled(args.positions)
        fitted = fitted_for(lines, argv, "ai.calibrate.trees")
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    data = build(lines, progress=lambda k, n: print(f"\rfeatures {k}/{n}", end="",
                                                      file=sys.stderr))
    print(file=sys.stderr)
    games = np.unique(data.game)
    held = data.game % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1
    if len(games) < HOLD_OUT_EVERY or held.all() or not held.any():
        print(f"error: positions: {len(games)} finished games are too few to hold every "
              f"fourth out", file=sys.stderr)
        return 2
    in_use = np.asarray(LearnedWeights.load().weights, float)
    on = in_use if args.stack else None
    target = data.targets(args.lam) - (0.0 if on is None else sigmoid(data.X @ on))
    report = {"games": int(len(np.unique(data.game[held]))), "positions": int(held.sum()),
              "trees": scores(predict(regressor(data.X[~held], target[~held]), data.X[held],
                                      on), data.y[held]),
              "learned_in_use": scores(sigmoid(data.X[held] @ in_use), data.y[held]),
              "race_model_today": scores(data.race[held], data.y[held])}
    fit = {"positions_files": [os.path.basename(p) for p in args.positions],
           "games": int(len(games)), "positions": int(len(data.y)), "lambda": args.lam,
           "bootstrap": "race", "stacked": bool(args.stack), "settings": GBM,
           "rising": list(MONOTONE_UP),
           "held_out_every_4th_game": report,
           "seconds": round(time.time() - t0, 1)}
    model = export(regressor(data.X, target), fit, fitted, on)
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:  # atomically: a crash never leaves half a trees file
        json.dump(model.to_json(), f)
        f.write("\n")
    os.replace(tmp, args.out)
    print(f"{fit['games']} games, {fit['positions']} positions; {len(model.roots)} trees, "
          f"{len(model.leaf)} nodes -> {Path(args.out)}")
    print(f"  held out (every 4th game): {report['games']} games, {report['positions']} "
          f"positions")
    for name in ("trees", "learned_in_use", "race_model_today"):
        r = report[name]
        print(f"  {name:16s} log-loss {r['log_loss']:.4f}  Brier {r['brier']:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
