"""Calibrate the score-race layer of the P(win) model from self-play.

``python -m ai.calibrate.pwin [--games N] [--seed S] [--agent SPEC] [--jobs J]`` plays N self-play
games of the agent against itself (in parallel with joblib, one seed per game), records for
every stroke the race seen by the player to move -- points he needs, points the opponent needs,
points on the table -- and whether he went on to win, fits ``base`` of :mod:`ai.value.pwin` by
logistic regression (Newton's method with a small ridge), and writes the weights, the data
size and the fit's log-loss and calibration table to ``ai/value/pwin_weights.json``.

A quarter of the games (every fourth) is held out: the report gives the held-out log-loss of
the new weights and of the weights in use before, so a refit is adopted only when it predicts
unseen games better.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from engine import initial_state
from sim import shared_simulator

from ..games.match import play_game
from ..noise import NoiseModel
from ..registry import make_agent
from ..value.pwin import WEIGHTS_FILE, base_features, load_weights
from .provenance import FittedFor, command_line, today


def _one_game(g: int, seed: int, spec: str):
    """Features and outcomes (for the player to move) of every stroke of self-play game g."""
    sim = shared_simulator()
    rng = np.random.default_rng(seed + g)
    st = initial_state(auto_warning=True, breaker=g % 2)
    log = play_game(st, [make_agent(spec, sim), make_agent(spec, sim)], sim, rng,
                    [NoiseModel(), NoiseModel()])
    res = log.final.result
    X, y = [], []
    if res is None or res.draw:
        return X, y
    for r in log.reports:
        s = r.state_before
        m = s.to_move
        need_m = s.target_of(m) - s.scores[m]
        need_o = s.target_of(1 - m) - s.scores[1 - m]
        if need_m <= 0 or need_o <= 0:
            continue
        X.append(base_features(need_m, need_o, s.table_points()))
        y.append(1.0 if res.winner == m else 0.0)
    return X, y


def collect(games: int, seed: int, spec: str, jobs: int = 1):
    """(X, y, game index per row) from ``games`` self-play games."""
    from joblib import Parallel, delayed
    per_game = Parallel(n_jobs=jobs)(delayed(_one_game)(g, seed, spec) for g in range(games))
    X, y, gid = [], [], []
    for g, (xg, yg) in enumerate(per_game):
        X += xg
        y += yg
        gid += [g] * len(yg)
    return np.array(X).reshape(-1, 3), np.array(y), np.array(gid)


def log_loss(X: np.ndarray, y: np.ndarray, w) -> float:
    p = 1 / (1 + np.exp(-X @ np.asarray(w, float)))
    eps = 1e-12
    return float(-np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)))


def fit(X: np.ndarray, y: np.ndarray, ridge: float = 1e-3, iters: int = 50) -> np.ndarray:
    w = np.zeros(X.shape[1])
    for _ in range(iters):
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (p - y) + ridge * w
        H = (X * (p * (1 - p))[:, None]).T @ X + ridge * np.eye(X.shape[1])
        step = np.linalg.solve(H, g)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--agent", default="greedy")
    ap.add_argument("--out", default=str(WEIGHTS_FILE))
    ap.add_argument("--jobs", type=int, default=1, help="parallel games (joblib)")
    args = ap.parse_args(argv)
    t = time.time()
    before = load_weights()
    X, y, gid = collect(args.games, args.seed, args.agent, args.jobs)
    held = gid % 4 == 3
    held_out = None  # too few games to hold any out
    if held.any() and (~held).any():
        w_train = fit(X[~held], y[~held])
        held_out = {"games": int(len(set(gid[held].tolist()))), "positions": int(held.sum()),
                    "log_loss_new": round(log_loss(X[held], y[held], w_train), 4),
                    "log_loss_before": round(log_loss(X[held], y[held], before), 4),
                    "weights_before": [round(float(v), 4) for v in before]}
    w = fit(X, y)  # the weights written are fitted on every game
    p = 1 / (1 + np.exp(-X @ w))
    logloss = log_loss(X, y, w)
    table = []
    for lo in np.linspace(0, 0.9, 10):
        m = (p >= lo) & (p < lo + 0.1)
        if m.sum():
            table.append({"predicted": [round(lo, 1), round(lo + 0.1, 1)], "n": int(m.sum()),
                          "mean_predicted": round(float(p[m].mean()), 3),
                          "observed": round(float(y[m].mean()), 3)})
    doc = {"weights": [round(float(v), 4) for v in w],
           "features": "[1, d/10, d/sqrt(T+10)], d = need_other - need_mover, T = table points",
           "calibration_run": {"agent": args.agent, "games": args.games, "seed": args.seed,
                               "positions": int(len(y)), "log_loss": round(logloss, 4),
                               "base_rate": round(float(y.mean()), 3),
                               "held_out_every_4th_game": held_out,
                               "seconds": round(time.time() - t, 1), "reliability": table},
           # self-play ran on the shared simulator of the default table (_one_game)
           "fitted_for": FittedFor.of_simulator(shared_simulator(),
                                                command_line("ai.calibrate.pwin", argv),
                                                today()).to_json()}
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:  # atomically: a crash never leaves half a weights file
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, args.out)
    print(json.dumps(doc, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
