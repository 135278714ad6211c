"""Learning curves of the position value: held-out log-loss against the games trained on.

``python -m ai.calibrate.learning_curve --positions FILE.jsonl [--positions MORE.jsonl]
[--sizes 10,20,40] [--repeats 5] [--seed 0] [--learners linear,pairs,gbm] [--json OUT.json]
[--plot OUT.png]``

Issue 29 asks when more self-play stops helping and which learner the data can carry.  The
games of the files (pooled by :func:`ai.calibrate.selfplay.read_pooled`; a game is the unit:
its positions share one result) are split once: every fourth game of each file (``game % 4 ==
3``, the fold :mod:`ai.calibrate.value` holds out) is the test set, the rest the pool to train
on.  For each size n, ``--repeats`` draws of n training games (seeded) are fitted and scored
on the test set by log-loss against the games' results.  Three learners (``--learners``), all
fitted to the lambda-return targets of :mod:`ai.calibrate.value`:

* ``linear``: a logistic regression on the features of :mod:`ai.value.features`, the learned
  value in use;
* ``pairs``: the same plus every product of two standardised features (a second-order model,
  ridge :data:`PAIRS_RIDGE`), what a richer learner would add on these features;
* ``gbm``: gradient-boosted trees on the same features (:mod:`ai.calibrate.trees`, the trees
  value's fit: scikit-learn's ``HistGradientBoostingRegressor``, the squared error to the
  targets, rising in the mover's lead and chances), a learner of any shape the data carry --
  steps, thresholds, interactions of any order.  It needs the ``learn`` extra (``pip install
  -e '.[learn]'``); without it the command refuses ``gbm`` and names the extra.

The race model (:class:`ai.value.pwin.WinModel`) is the line neither should cross upwards; the
weights in use (:data:`ai.value.learned.LEARNED_FILE`, fitted on other games) are a second.  A
curve still falling at the pool's size says more games would help; ``pairs`` or ``gbm`` below
``linear`` says the data carry a richer learner.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict, dataclass

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
import numpy as np  # noqa: E402

from engine import extras  # noqa: E402

from ..value.features import NAMES  # noqa: E402
from ..value.learned import LEARNED_FILE, LearnedWeights  # noqa: E402
from .pwin import fit  # noqa: E402
from . import trees  # noqa: E402
from .selfplay import read_pooled  # noqa: E402
from .value import (HOLD_OUT_EVERY, IN_USE_LAMBDA, RIDGE, Dataset, build, log_loss,  # noqa: E402
                    sigmoid)

PAIRS_RIDGE = 30.0  # the second-order model's pull to zero: 231 weights on a few thousand rows
LEARNERS = ("linear", "pairs", "gbm")


@dataclass(frozen=True)
class CurvePoint:
    """One learner at one training size: the test log-loss over the repeats."""

    learner: str
    games: int
    positions: float  # mean positions trained on
    log_loss: float  # mean over the repeats
    log_loss_sd: float
    repeats: int


@dataclass(frozen=True)
class Curve:
    """Every point, and the race model on the same test games."""

    test_games: int
    test_positions: int
    pool_games: int
    race_log_loss: float
    in_use_log_loss: float  # the learned value's weights in use, on the same test games
    points: tuple[CurvePoint, ...]

    def to_json(self) -> dict:
        return {"test_games": self.test_games, "test_positions": self.test_positions,
                "pool_games": self.pool_games, "race_log_loss": round(self.race_log_loss, 4),
                "in_use_log_loss": round(self.in_use_log_loss, 4), "lambda": IN_USE_LAMBDA, "points": [asdict(p) for p in self.points]}


def design(X: np.ndarray, learner: str, mean: np.ndarray, sd: np.ndarray) -> np.ndarray:
    """The learner's inputs: the features, and for ``pairs`` their standardised products."""
    if learner == "linear":
        return X
    z = (X[:, 1:] - mean) / sd  # column 0 is the bias
    i, j = np.triu_indices(z.shape[1])
    return np.hstack([X, z[:, i] * z[:, j]])


def _fit_score(data: Dataset, target: np.ndarray, train: np.ndarray, test: np.ndarray,
               learner: str) -> float:
    if learner == "gbm":  # the trees value's fit; rising as it does where the rows are features
        rising = trees.MONOTONE_UP if data.X.shape[1] == len(NAMES) else ()
        return log_loss(trees.predict(trees.regressor(data.X[train], target[train], rising),
                                      data.X[test]), data.y[test])
    mean = data.X[train, 1:].mean(axis=0)
    sd = data.X[train, 1:].std(axis=0) + 1e-9
    ridge = RIDGE if learner == "linear" else PAIRS_RIDGE
    w = fit(design(data.X[train], learner, mean, sd), target[train], ridge=ridge)
    return log_loss(sigmoid(design(data.X[test], learner, mean, sd) @ w), data.y[test])


def curve(data: Dataset, sizes: list[int], repeats: int, seed: int,
          in_use: np.ndarray | None = None, learners: tuple[str, ...] = LEARNERS) -> Curve:
    """The learning curves of ``learners`` (module doc), and the weights ``in_use`` (the
    learned value's file when None) on the same test games; ValueError naming ``sizes`` when
    a size exceeds the games there are to train on, ``learners`` when one is unknown or its
    library is not installed."""
    check_learners(learners)
    if in_use is None:
        in_use = np.asarray(LearnedWeights.load(LEARNED_FILE).weights, float)
    games = np.unique(data.game)
    test_games = games[games % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1]
    pool = games[games % HOLD_OUT_EVERY != HOLD_OUT_EVERY - 1]
    if not len(test_games) or not len(pool):
        raise ValueError(f"positions: {len(games)} games are too few to hold every fourth out")
    too_big = [n for n in sizes if not 1 <= n <= len(pool)]
    if too_big:
        raise ValueError(f"sizes: {too_big} outside 1..{len(pool)}, the games to train on")
    test = np.isin(data.game, test_games)
    target = data.targets(IN_USE_LAMBDA)  # the lambda-returns of the fit in use
    rng = np.random.default_rng(seed)
    points = []
    for n in sizes:
        draws = [np.isin(data.game, rng.choice(pool, size=n, replace=False))
                 for _ in range(repeats if n < len(pool) else 1)]
        for learner in learners:
            losses = [_fit_score(data, target, train, test, learner) for train in draws]
            points.append(CurvePoint(learner, n, float(np.mean([t.sum() for t in draws])),
                                     round(float(np.mean(losses)), 4),
                                     round(float(np.std(losses)), 4), len(draws)))
    return Curve(int(len(test_games)), int(test.sum()), int(len(pool)),
                 log_loss(data.race[test], data.y[test]),
                 log_loss(sigmoid(data.X[test] @ in_use), data.y[test]), tuple(points))


def check_learners(learners: tuple[str, ...]) -> None:
    """ValueError naming ``learners`` when one is unknown, or is ``gbm`` without its library."""
    unknown = [name for name in learners if name not in LEARNERS]
    if unknown or not learners:
        raise ValueError(f"learners: {unknown or 'none'} -- choose from {', '.join(LEARNERS)}")
    if "gbm" in learners and not trees.available():
        extras.require("learn", "learners: gbm")  # MissingExtra, a ValueError


def plot(result: Curve, path: str) -> None:
    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=120)
    for learner, style in zip(LEARNERS, ("o-", "s--", "^-")):
        pts = [p for p in result.points if p.learner == learner]
        if not pts:
            continue
        ax.errorbar([p.games for p in pts], [p.log_loss for p in pts],
                    yerr=[p.log_loss_sd for p in pts], fmt=style, capsize=3, label=learner)
    ax.axhline(result.race_log_loss, color="grey", ls=":", label="race model")
    ax.axhline(result.in_use_log_loss, color="#2a7", ls="-.", label="weights in use")
    ax.set_xscale("log")
    sizes = sorted({p.games for p in result.points})
    ax.set_xticks(sizes, [str(n) for n in sizes])
    ax.minorticks_off()
    ax.set_xlabel("self-play games trained on")
    ax.set_ylabel(f"log-loss on {result.test_games} held-out games")
    ax.set_title("Learning curves of the position value")
    ax.legend()
    fig.tight_layout()
    tmp = path + ".tmp.png"
    fig.savefig(tmp)
    plt.close(fig)
    os.replace(tmp, path)


def _sizes(text: str | None, pool: int) -> list[int]:
    if text is None:  # doubling up to the whole pool
        out = [n for n in (5, 10, 20, 40, 80, 160, 320, 640) if n < pool]
        return out + [pool]
    try:
        return [int(v) for v in text.split(",")]
    except ValueError:
        raise ValueError(f"sizes: a comma-separated list of game counts, got {text!r}") from None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", action="append", required=True,
                    help="JSON Lines from ai.calibrate.selfplay (repeat to pool files)")
    ap.add_argument("--sizes", help="training sizes in games, e.g. 10,20,40 (default doubling)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--learners", default=",".join(LEARNERS),
                    help=f"comma-separated, of {', '.join(LEARNERS)} (default: all)")
    ap.add_argument("--json", help="write the curve here")
    ap.add_argument("--plot", help="draw the curve here (PNG)")
    args = ap.parse_args(argv)
    try:
        learners = tuple(name for name in args.learners.split(",") if name)
        check_learners(learners)
        data = build(read_pooled(args.positions))
        pool = len({g for g in data.game.tolist() if g % HOLD_OUT_EVERY != HOLD_OUT_EVERY - 1})
        result = curve(data, _sizes(args.sizes, pool), args.repeats, args.seed,
                       learners=learners)
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"test: {result.test_games} games, {result.test_positions} positions; race model "
          f"log-loss {result.race_log_loss:.4f}, the weights in use {result.in_use_log_loss:.4f}")
    for p in result.points:
        print(f"  {p.learner:7s} {p.games:4d} games: {p.log_loss:.4f} +- {p.log_loss_sd:.4f}"
              f" ({p.repeats} draws)")
    if args.json:
        tmp = args.json + ".tmp"
        with open(tmp, "w") as f:
            json.dump(result.to_json(), f, indent=1)
        os.replace(tmp, args.json)
    if args.plot:
        plot(result, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
