"""Fit the learned position value (:mod:`ai.value.learned`) on self-play positions.

``python -m ai.calibrate.value --positions FILE.jsonl [--out ai/value/learned_weights.json]
[--iterations K]``
reads the positions written by :mod:`ai.calibrate.selfplay`, computes the features of
:mod:`ai.value.features` for the player to move (with the noise the games were played with
and the MC agent believed in: the default, or the level of ``selfplay --skill``, written to
the weights file as ``fit.skill``), and fits logistic regression.

What it is fitted to: a game's result is a noisy label shared by every position of the game
(a hundred positions, one bit), so the target of each position is a lambda-return -- the race
model's P(win) of the positions that follow, weighted (1 - lambda) lambda^(k-1) for the k-th
stroke ahead, the rest of the weight on the game's result (lambda = 1: the result alone; TD
learning's targets, Sutton 1988).  Lambda is chosen by four-fold cross-validation over games
(game g in fold g % 4) on what matters, the log-loss against the games' *results*; the report
gives every lambda tried and the race model in use today (:class:`ai.value.pwin.WinModel`) on
the same folds, and for the fold of every fourth game the Brier score and the reliability
table.  The weights written are refitted on every game; the file keeps the report.  Drawn and
unfinished games are left out (no winner to learn from).

``--bootstrap search`` (TD-leaf, Baxter, Tridgell and Weaver 1998): the targets bootstrap
from the search's own P(win) of the strokes chosen (``p_win`` of the self-play lines) instead
of the race model's -- each position's search looked one stroke further than the value does,
sampling the noise, so its judgement is the signal nearest the decisions.  The lambda-return
starts at the position itself (lambda = 0: the search's P(win) there, the search distilled
into the value); a position without one (an agent that gives none) takes the race model's.
The chosen stroke's estimate is the best of several noisy estimates, so it leans high (the
winner's curse of successive halving; a few hundredths at 300 samples).

``--chance-noise F``: the features are computed with the execution noise scaled by F, and F
is written to the weights file (``chance_noise_factor``, which the learned value applies the
same way): the closed-form pot chance they rest on is over-confident against the simulator and
calibrated at about 1.5 (benchmarks/pot_chances.py).  The race model's values, from which the
targets bootstrap and against which the report compares, stay today's.

``--iterations K`` (fitted TD iteration): the first fit bootstraps its targets from the race
model's values as above, each of the K - 1 more from the values of the fit before it, so the
targets stop leaning on the race model, whose judgement the learned value exists to correct
(every fold of the cross-validation iterates on its own training games).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass

import numpy as np

from sim import shared_simulator
from sim.table import DEFAULT_TABLE

from ..geometry import JAW_RAMP_M
from ..noise import NoiseModel
from ..value.features import NAMES, features
from ..value.learned import LEARNED_FILE
from ..value.pwin import WinModel
from .provenance import FittedFor, command_line, today
from .pwin import fit
from .selfplay import noise_of, read_positions, state_of

# The ridge of the fit: a weak pull to zero that keeps Newton's steps finite when a feature
# barely varies (a counter that is almost always 0); chosen so, small against thousands of rows.
RIDGE = 1.0
HOLD_OUT_EVERY = 4  # four folds by game; game g is in fold g % 4 (fold 3 as ai.calibrate.pwin)
LAMBDAS = (0.5, 0.7, 0.9, 1.0)  # the lambda-returns tried (1.0: the game's result alone)
IN_USE_LAMBDA = 0.9  # the lambda the weights in use were fitted with (learned_weights.json)
# With --bootstrap search also lambda 0: the search's own P(win) of the position alone.
SEARCH_LAMBDAS = (0.0, 0.5, 0.7, 0.9, 1.0)
BOOTSTRAPS = ("race", "search")
SKILL = "strong"  # the MC agent's default belief about the execution noise
# --chance-noise's upper end (chosen so: far above the 1.5 measured; more is a typo, not a fit)
MAX_CHANCE_NOISE = 10.0
MAX_JAW_RAMP_M = 0.1  # a ramp of 10 cm scales nearly every pot: beyond it, a mistake


@dataclass(frozen=True)
class Dataset:
    X: np.ndarray  # features, one row per position
    race: np.ndarray  # the race model's P(win) for the mover
    y: np.ndarray  # 1 when the mover went on to win
    game: np.ndarray
    mover: np.ndarray  # the side to move (rows of a game follow in stroke order)
    # the search's P(win) for the mover's chosen stroke (NaN where the line has none)
    search: np.ndarray | None = None

    def search_values(self) -> np.ndarray:
        """The search's P(win) of each position, the race model's where there is none."""
        if self.search is None:
            return self.race
        return np.where(np.isnan(self.search), self.race, self.search)

    def targets(self, lam: float, boot: np.ndarray | None = None,
                include_self: bool = False) -> np.ndarray:
        """Each row's lambda-return: the values ``boot`` (the race model's by default) of the
        positions that follow in its game (for this row's mover), the weight left over on
        the game's result; ``include_self``: from the row's own position on (a search's
        value of it looked a stroke ahead already: TD-leaf)."""
        values = self.race if boot is None else boot
        out = np.empty(len(self.y))
        for i in range(len(self.y)):
            acc, left, k = 0.0, 1.0, i if include_self else i + 1
            while k < len(self.y) and self.game[k] == self.game[i] and left > 1e-6:
                v = values[k] if self.mover[k] == self.mover[i] else 1.0 - values[k]
                acc += (1.0 - lam) * left * v
                left *= lam
                k += 1
            out[i] = acc + left * self.y[i]
        return out


def build(lines: list[dict], skill=SKILL, progress=None, chance_noise_factor=1.0,
          jaw_ramp_m=0.0) -> Dataset:
    """The dataset of ``lines``: the features computed with the noise of ``skill`` scaled by
    ``chance_noise_factor`` (ai.value.learned.LearnedWeights), the race model's values with
    that noise unscaled (today's race model); both see the jaws with ``jaw_ramp_m``
    (ai.geometry.pockets.JAW_RAMP_M; 0: none)."""
    noise = NoiseModel.for_skill(skill)
    seen = noise.scaled(chance_noise_factor)
    race = WinModel(jaw_ramp_m=jaw_ramp_m)
    X, r, y, g, mv, sv = [], [], [], [], [], []
    lines = sorted(lines, key=lambda line: (line["game"], line["stroke"]))
    for k, line in enumerate(lines):
        if line.get("winner") is None:
            continue
        s = state_of(line)
        if s.game_over or s.n_sides != 2:
            continue
        X.append(features(race, s, seen))
        r.append(race.state_value(s, s.to_move, noise))
        y.append(1.0 if line["winner"] == s.to_move else 0.0)
        g.append(int(line["game"]))
        mv.append(s.to_move)
        p = line.get("p_win")
        sv.append(float("nan") if p is None else float(p))
        if progress is not None and k % 500 == 0:
            progress(k, len(lines))
    return Dataset(np.array(X).reshape(-1, len(NAMES)), np.array(r), np.array(y),
                   np.array(g, dtype=np.int64), np.array(mv, dtype=np.int64), np.array(sv))


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    pc = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(pc) + (1 - y) * np.log(1 - pc)))


def fit_iterated(data: Dataset, rows: np.ndarray, lam: float, iterations: int = 1,
                 first: np.ndarray | None = None) -> np.ndarray:
    """Weights fitted on ``rows`` (a mask of whole games) to lambda-returns, ``iterations``
    times: the first fit to ``first`` (:func:`first_targets`, the same for every fold; the
    race model's lambda-returns when not given), each later one bootstrapped from the values
    of the fit before it (fitted TD(lambda) iteration: the targets stop leaning on the race
    model, whose judgement the learned value corrects)."""
    targets = data.targets(lam) if first is None else first
    w = fit(data.X[rows], targets[rows], ridge=RIDGE)
    for _ in range(iterations - 1):
        w = fit(data.X[rows], data.targets(lam, sigmoid(data.X @ w))[rows], ridge=RIDGE)
    return w


def first_targets(data: Dataset, lam: float, bootstrap: str = "race") -> np.ndarray:
    """The first fit's lambda-returns: from the race model's values of the positions that
    follow, or (``search``) from the search's values of the position and those that follow."""
    if bootstrap == "search":
        return data.targets(lam, data.search_values(), include_self=True)
    return data.targets(lam)


def cross_validate(data: Dataset, lam: float, iterations: int = 1,
                   bootstrap: str = "race") -> float:
    """Mean over the four folds of the held-out log-loss against the games' results."""
    fold = data.game % HOLD_OUT_EVERY
    first = first_targets(data, lam, bootstrap)
    losses = []
    for f in range(HOLD_OUT_EVERY):
        te = fold == f
        if te.all() or not te.any():
            continue
        w = fit_iterated(data, ~te, lam, iterations, first)
        losses.append(log_loss(sigmoid(data.X[te] @ w), data.y[te]))
    return float(np.mean(losses)) if losses else float("nan")


def scores(p: np.ndarray, y: np.ndarray) -> dict:
    """Log-loss, Brier score and the reliability table (deciles of the prediction)."""
    table = []
    for lo in np.linspace(0, 0.9, 10):
        m = (p >= lo) & (p < lo + 0.1 if lo < 0.85 else p <= 1.0)
        if m.sum():
            table.append({"predicted": [round(float(lo), 1), round(float(lo) + 0.1, 1)],
                          "n": int(m.sum()), "mean_predicted": round(float(p[m].mean()), 3),
                          "observed": round(float(y[m].mean()), 3)})
    return {"log_loss": round(log_loss(p, y), 4),
            "brier": round(float(np.mean((p - y) ** 2)), 4), "reliability": table}


def fitted_for(lines: list[dict], argv=None, module: str = "ai.calibrate.value") -> FittedFor:
    """What weights fitted on these self-play lines are fitted for: their games' table, and
    the default physics, which :mod:`ai.calibrate.selfplay` always plays with (the shared
    simulator), and the command (``module`` with ``argv``) that fitted them; ValueError when
    the lines come from more than one table."""
    tables = {line["state"].get("table", DEFAULT_TABLE) for line in lines}
    if len(tables) > 1:
        raise ValueError(f"the positions come from several tables ({', '.join(sorted(tables))}):"
                         f" fit one table at a time")
    table = tables.pop() if tables else DEFAULT_TABLE
    return FittedFor.of_simulator(shared_simulator(table), command_line(module, argv), today())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", required=True, help="JSON Lines from ai.calibrate.selfplay")
    ap.add_argument("--out", default=str(LEARNED_FILE))
    ap.add_argument("--iterations", type=int, default=1, choices=range(1, 11), metavar="1..10",
                    help="fitted TD iterations: 1 bootstraps the targets from the race model "
                         "(default); each more from the fit before it")
    ap.add_argument("--bootstrap", choices=BOOTSTRAPS, default="race",
                    help="the values the lambda-returns bootstrap from: the race model's "
                         "(default) or the search's P(win) of the strokes chosen (the lines' "
                         "p_win: TD-leaf)")
    ap.add_argument("--lambda", dest="lam", type=float, metavar="L",
                    help="fit with this lambda (0..1) instead of the one cross-validation "
                         "picks by log-loss (which cannot rank values as play does)")
    ap.add_argument("--chance-noise", type=float, default=1.0, metavar="F",
                    help="compute the features with the execution noise scaled by F (the "
                         "closed-form pot chance is calibrated at about 1.5: "
                         "benchmarks/pot_chances.py); written to the weights file")
    ap.add_argument("--jaw-ramp", type=float, default=0.0, metavar="M",
                    help="scale the closed form's pot chances by the pockets' jaws with this "
                         f"ramp in metres ({JAW_RAMP_M:g} fitted: ai/geometry/pockets.py; 0, "
                         "the default, none); written to the weights file")
    args = ap.parse_args(argv)
    if not (math.isfinite(args.jaw_ramp) and 0.0 <= args.jaw_ramp <= MAX_JAW_RAMP_M):
        ap.error(f"--jaw-ramp {args.jaw_ramp:g}: a ramp of 0 (none) to {MAX_JAW_RAMP_M:g} m")
    if not (math.isfinite(args.chance_noise) and 0.0 < args.chance_noise <= MAX_CHANCE_NOISE):
        ap.error(f"--chance-noise {args.chance_noise:g}: a factor above 0 and at most "
                 f"{MAX_CHANCE_NOISE:g}")
    if args.lam is not None and not 0.0 <= args.lam <= 1.0:
        ap.error(f"--lambda {args.lam:g}: a lambda lies between 0 and 1")
    if args.bootstrap == "search" and args.iterations != 1:
        ap.error("--iterations is for --bootstrap race (the search's values are fixed)")
    t0 = time.time()
    lines = read_positions(args.positions)
    try:  # the features see the noise the games were played with (selfplay --skill)
        magnitude = noise_of(lines)
    except ValueError as exc:
        ap.error(f"--positions {args.positions}: {exc}")
    skill = SKILL if magnitude == NoiseModel.for_skill(SKILL).magnitude else magnitude
    data = build(lines, skill, progress=lambda k, n: print(f"\rfeatures {k}/{n}", end="",
                                                             file=sys.stderr),
                 chance_noise_factor=args.chance_noise, jaw_ramp_m=args.jaw_ramp)
    print(file=sys.stderr)
    boot = args.bootstrap
    if boot == "search" and (data.search is None or np.isnan(data.search).all()):
        ap.error(f"--bootstrap search: {args.positions} has no search P(win) (p_win) on its "
                 f"lines; play it with this version of ai.calibrate.selfplay and an agent "
                 f"that searches (mc)")
    fold = data.game % HOLD_OUT_EVERY
    it = args.iterations
    cv = {str(lam): round(cross_validate(data, lam, it, boot), 4)
          for lam in (SEARCH_LAMBDAS if boot == "search" else LAMBDAS)}
    cv_race = [log_loss(data.race[fold == f], data.y[fold == f])
               for f in range(HOLD_OUT_EVERY) if (fold == f).any()]
    lam = float(min(cv, key=cv.get)) if args.lam is None else args.lam
    held = fold == HOLD_OUT_EVERY - 1
    first = first_targets(data, lam, boot)
    w_train = fit_iterated(data, ~held, lam, it, first)
    p_learned = sigmoid(data.X[held] @ w_train)
    report = {"games": int(len(set(data.game[held].tolist()))), "positions": int(held.sum()),
              "learned": scores(p_learned, data.y[held]),
              "race_model_today": scores(data.race[held], data.y[held])}
    w = fit_iterated(data, np.ones(len(data.y), dtype=bool), lam, it, first)
    doc = {"features": list(NAMES), "weights": [round(float(v), 5) for v in w],
           "chance_noise_factor": args.chance_noise, "jaw_ramp_m": args.jaw_ramp,
           "fit": {"positions_file": os.path.basename(args.positions),
                   "games": int(len(set(data.game.tolist()))), "positions": int(len(data.y)),
                   "base_rate": round(float(data.y.mean()), 3), "ridge": RIDGE,
                   "lambda": lam, "iterations": it, "bootstrap": boot,
                   "search_values": int(np.isfinite(data.search).sum()), "skill": skill,
                   "seconds": round(time.time() - t0, 1)},
           "cross_validation_log_loss": {"lambda": cv,
                                         "race_model_today": round(float(np.mean(cv_race)), 4)
                                         if cv_race else None},
           "held_out_every_4th_game": report,
           "fitted_for": fitted_for(lines, argv).to_json()}
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:  # atomically: a crash never leaves half a weights file
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, args.out)
    print(f"{doc['fit']['games']} games, {doc['fit']['positions']} positions")
    cvd = doc["cross_validation_log_loss"]
    print("  four-fold log-loss against the results: " + ", ".join(
        f"lambda {k}: {v:.4f}" for k, v in cvd["lambda"].items())
        + f"; race model {cvd['race_model_today']}; "
        + ("chosen" if args.lam is None else "given") + f" lambda {lam}")
    print(f"  held out (every 4th game): {report['games']} games, {report['positions']} "
          f"positions")
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
