"""Calibrate the score-race layer of the P(win) model from self-play.

``python -m ai.calibrate [--games N] [--seed S] [--agent SPEC]`` plays N self-play games (greedy
against itself by default: cheap, and it sees the whole range of scores), records for every
stroke the race seen by the player to move -- points he needs, points the opponent needs,
points on the table -- and whether he went on to win, fits ``base`` of :mod:`ai.pwin` by
logistic regression (Newton's method with a small ridge), and writes the weights, the data
size and the fit's log-loss and calibration table to ``ai/pwin_weights.json``.
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

from engine import initial_state

from .match import play_game
from .noise import NoiseModel
from .pwin import WEIGHTS_FILE, base_features
from .registry import make_agent


def collect(games: int, seed: int, spec: str):
    from .agents.mc import shared_simulator
    sim = shared_simulator()
    X, y = [], []
    for g in range(games):
        rng = np.random.default_rng(seed + g)
        st = initial_state(auto_warning=True, breaker=g % 2)
        log = play_game(st, [make_agent(spec), make_agent(spec)], sim, rng,
                        [NoiseModel(), NoiseModel()])
        res = log.final.result
        if res is None or res.get("draw"):
            continue
        for r in log.reports:
            s = r.state_before
            m = s.to_move
            need_m = s.target_of(m) - s.scores[m]
            need_o = s.target_of(1 - m) - s.scores[1 - m]
            if need_m <= 0 or need_o <= 0:
                continue
            X.append(base_features(need_m, need_o, s.table_points()))
            y.append(1.0 if res.get("winner") == m else 0.0)
    return np.array(X), np.array(y)


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
    args = ap.parse_args(argv)
    t = time.time()
    X, y = collect(args.games, args.seed, args.agent)
    w = fit(X, y)
    p = 1 / (1 + np.exp(-X @ w))
    eps = 1e-12
    logloss = float(-np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)))
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
                               "seconds": round(time.time() - t, 1), "reliability": table}}
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(json.dumps(doc, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
