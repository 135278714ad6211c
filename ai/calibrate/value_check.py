"""Does the learned value still hold on new self-play?  The weights in use, not refitted.

``python -m ai.calibrate.value_check --positions FILE.jsonl [--weights PATH] [--seed 0]``
reads positions written by :mod:`ai.calibrate.selfplay` (played, say, after a change of the
physics), and scores the weights in use (:data:`ai.value.learned.LEARNED_FILE` unless
``--weights``) and the race model (:class:`ai.value.pwin.WinModel`) against the games' results
on every position: log-loss, Brier score, the mean prediction against the win rate.  What is
compared is the learned value's gain over the race model, per game (the positions of a game
share one result, so games, not positions, are the units): its mean and a 95 % bootstrap
interval over games, next to the gain the weights' own fit measured on the data they were
fitted on (``held_out_every_4th_game`` in the weights file; games of another agent, so a
gain smaller here is not by itself a sign that the physics moved the value).

The decision: would a refit on these games do better?  The games are split in the four folds
of :mod:`ai.calibrate.value` (game g in fold g % 4); on each fold the weights in use are scored
and so are weights fitted on the other three folds (every lambda of
:data:`ai.calibrate.value.LAMBDAS`, the best kept).  When no refit scores better held out, the
weights in use stay (their file's ``fitted_for`` may then name these physics, with this check
in its note); when one does, refit on every game (:mod:`ai.calibrate.value`).
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..value.learned import LEARNED_FILE, LearnedWeights
from .selfplay import read_positions
from .value import HOLD_OUT_EVERY, LAMBDAS, build, cross_validate, log_loss, sigmoid

BOOTSTRAP_DRAWS = 2000  # resamples of the games for the interval
INTERVAL = 0.95


@dataclass(frozen=True)
class ValueCheck:
    """The weights in use against the race model on one set of self-play games."""

    games: int
    positions: int
    win_rate: float  # of the player to move
    learned_mean: float  # mean predicted P(win) of the player to move
    learned_log_loss: float
    race_log_loss: float
    gain: float  # race log-loss minus learned log-loss (> 0: the learned value is better)
    gain_low: float  # the gain's 95 % interval by bootstrap over games
    gain_high: float
    fit_gain: float | None  # the same gain where the weights were fitted (their held-out games)
    folds_log_loss: float  # the weights in use, mean over the four folds of these games
    refit_log_loss: float  # weights fitted on three folds, scored on the fourth (best lambda)
    refit_lambda: float

    def to_json(self) -> dict:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}

    def verdict(self) -> str:
        if self.refit_log_loss < self.folds_log_loss:
            return (f"a refit on these games does better held out ({self.refit_log_loss:.4f} "
                    f"against {self.folds_log_loss:.4f}): refit (python -m ai.calibrate.value)")
        return (f"no refit on these games does better held out ({self.refit_log_loss:.4f} "
                f"against {self.folds_log_loss:.4f}): keep the weights in use")


def fit_gain(weights_path: Path) -> float | None:
    """The learned value's held-out gain over the race model recorded in a weights file."""
    held = json.loads(Path(weights_path).read_text()).get("held_out_every_4th_game")
    if not held:
        return None
    return held["race_model_today"]["log_loss"] - held["learned"]["log_loss"]


def check(lines: list[dict], weights_path: Path = LEARNED_FILE, seed: int = 0) -> ValueCheck:
    """Score the weights of ``weights_path`` on the self-play ``lines``; ValueError when no
    position of a finished two-sided game is among them."""
    data = build(lines)
    if len(data.y) == 0:
        raise ValueError("positions: no position of a finished two-sided game to score")
    w = np.asarray(LearnedWeights.load(weights_path).weights, float)
    p = sigmoid(data.X @ w)
    games = np.unique(data.game)
    per_game = np.array([log_loss(data.race[data.game == g], data.y[data.game == g])
                         - log_loss(p[data.game == g], data.y[data.game == g]) for g in games])
    size = np.array([(data.game == g).sum() for g in games], float)
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(games), size=(BOOTSTRAP_DRAWS, len(games)))
    boot = (per_game[draws] * size[draws]).sum(axis=1) / size[draws].sum(axis=1)
    tail = (1 - INTERVAL) / 2
    learned, race = log_loss(p, data.y), log_loss(data.race, data.y)
    fold = data.game % HOLD_OUT_EVERY
    folds = float(np.mean([log_loss(p[fold == f], data.y[fold == f])
                           for f in range(HOLD_OUT_EVERY) if (fold == f).any()]))
    refits = {lam: cross_validate(data, lam) for lam in LAMBDAS}
    best = min(refits, key=lambda lam: refits[lam])
    return ValueCheck(int(len(games)), int(len(data.y)), float(data.y.mean()), float(p.mean()),
                      learned, race, race - learned, float(np.quantile(boot, tail)),
                      float(np.quantile(boot, 1 - tail)), fit_gain(weights_path), folds,
                      float(refits[best]), best)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", required=True, help="JSON Lines from ai.calibrate.selfplay")
    ap.add_argument("--weights", default=str(LEARNED_FILE))
    ap.add_argument("--seed", type=int, default=0, help="seed of the bootstrap")
    args = ap.parse_args(argv)
    try:
        result = check(read_positions(args.positions), Path(args.weights), args.seed)
    except (OSError, ValueError) as e:
        print(f"error: {e}")
        return 2
    print(f"{result.games} games, {result.positions} positions; the mover won "
          f"{result.win_rate:.3f}, the learned value said {result.learned_mean:.3f} on average")
    print(f"  log-loss: learned {result.learned_log_loss:.4f}, race model "
          f"{result.race_log_loss:.4f}; gain {result.gain:+.4f} "
          f"[{result.gain_low:+.4f}, {result.gain_high:+.4f}] ({INTERVAL:.0%}, games resampled)")
    if result.fit_gain is not None:
        print(f"  the gain where the weights were fitted (another agent's games): "
              f"{result.fit_gain:+.4f}")
    print(f"  four folds of these games: the weights in use {result.folds_log_loss:.4f}, "
          f"refitted on the other three {result.refit_log_loss:.4f} (lambda "
          f"{result.refit_lambda})")
    print(f"  {result.verdict()}")
    print(json.dumps(result.to_json()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
