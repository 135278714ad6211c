"""Fit the learned position value (:mod:`ai.value.learned`) on self-play positions.

``python -m ai.calibrate.value --positions FILE.jsonl [--out ai/value/learned_weights.json]``
reads the positions written by :mod:`ai.calibrate.selfplay`, computes the features of
:mod:`ai.value.features` for the player to move (with the noise the MC agent believes in),
holds out every fourth game, fits logistic regression on the others and reports on the
held-out positions the log-loss, Brier score and reliability table of the fit and of the race
model in use today (:class:`ai.value.pwin.WinModel`).  The weights written are refitted on
every game; the file also keeps the report.  Drawn and unfinished games are left out (no
winner to learn from).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass

import numpy as np

from ..noise import NoiseModel
from ..value.features import NAMES, features
from ..value.learned import LEARNED_FILE
from ..value.pwin import WinModel
from .pwin import fit
from .selfplay import read_positions, state_of

# The ridge of the fit: a weak pull to zero that keeps Newton's steps finite when a feature
# barely varies (a counter that is almost always 0); chosen so, small against thousands of rows.
RIDGE = 1.0
HOLD_OUT_EVERY = 4  # game g is held out when g % 4 == 3 (as ai.calibrate.pwin)
SKILL = "strong"  # the MC agent's default belief about the execution noise


@dataclass(frozen=True)
class Dataset:
    X: np.ndarray  # features, one row per position
    race: np.ndarray  # the race model's P(win) for the mover
    y: np.ndarray  # 1 when the mover went on to win
    game: np.ndarray


def build(lines: list[dict], skill=SKILL, progress=None) -> Dataset:
    noise = NoiseModel.for_skill(skill)
    race = WinModel()
    X, r, y, g = [], [], [], []
    for k, line in enumerate(lines):
        if line.get("winner") is None:
            continue
        s = state_of(line)
        if s.game_over or s.n_sides != 2:
            continue
        X.append(features(race, s, noise))
        r.append(race.state_value(s, s.to_move, noise))
        y.append(1.0 if line["winner"] == s.to_move else 0.0)
        g.append(int(line["game"]))
        if progress is not None and k % 500 == 0:
            progress(k, len(lines))
    return Dataset(np.array(X).reshape(-1, len(NAMES)), np.array(r), np.array(y),
                   np.array(g, dtype=np.int64))


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def scores(p: np.ndarray, y: np.ndarray) -> dict:
    """Log-loss, Brier score and the reliability table (deciles of the prediction)."""
    eps = 1e-9
    pc = np.clip(p, eps, 1 - eps)
    table = []
    for lo in np.linspace(0, 0.9, 10):
        m = (p >= lo) & (p < lo + 0.1 if lo < 0.85 else p <= 1.0)
        if m.sum():
            table.append({"predicted": [round(float(lo), 1), round(float(lo) + 0.1, 1)],
                          "n": int(m.sum()), "mean_predicted": round(float(p[m].mean()), 3),
                          "observed": round(float(y[m].mean()), 3)})
    return {"log_loss": round(float(-np.mean(y * np.log(pc) + (1 - y) * np.log(1 - pc))), 4),
            "brier": round(float(np.mean((p - y) ** 2)), 4), "reliability": table}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", required=True, help="JSON Lines from ai.calibrate.selfplay")
    ap.add_argument("--out", default=str(LEARNED_FILE))
    args = ap.parse_args(argv)
    t0 = time.time()
    lines = read_positions(args.positions)
    data = build(lines, progress=lambda k, n: print(f"\rfeatures {k}/{n}", end="",
                                                      file=sys.stderr))
    print(file=sys.stderr)
    held = data.game % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1
    w_train = fit(data.X[~held], data.y[~held], ridge=RIDGE)
    p_learned = sigmoid(data.X[held] @ w_train)
    report = {"games": int(len(set(data.game[held].tolist()))), "positions": int(held.sum()),
              "learned": scores(p_learned, data.y[held]),
              "race_model_today": scores(data.race[held], data.y[held])}
    w = fit(data.X, data.y, ridge=RIDGE)
    doc = {"features": list(NAMES), "weights": [round(float(v), 5) for v in w],
           "fit": {"positions_file": os.path.basename(args.positions),
                   "games": int(len(set(data.game.tolist()))), "positions": int(len(data.y)),
                   "base_rate": round(float(data.y.mean()), 3), "ridge": RIDGE,
                   "skill": SKILL, "seconds": round(time.time() - t0, 1)},
           "held_out_every_4th_game": report}
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:  # atomically: a crash never leaves half a weights file
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, args.out)
    print(f"{doc['fit']['games']} games, {doc['fit']['positions']} positions; held out "
          f"{report['games']} games, {report['positions']} positions:")
    for name in ("learned", "race_model_today"):
        r = report[name]
        print(f"  {name:18s} log-loss {r['log_loss']:.4f}  Brier {r['brier']:.4f}")
    print("  reliability (predicted -> observed, n): learned | race")
    for a, b in zip(report["learned"]["reliability"], report["race_model_today"]["reliability"]):
        print(f"    {a['mean_predicted']:.2f} -> {a['observed']:.2f} ({a['n']:4d}) | "
              f"{b['mean_predicted']:.2f} -> {b['observed']:.2f} ({b['n']:4d})")
    print("  weights: " + ", ".join(f"{n}={w:.3f}" for n, w in zip(NAMES, doc["weights"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
