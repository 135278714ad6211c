"""Does the learned value still hold on new self-play?  The weights in use, not refitted.

``python -m ai.calibrate.value_check --positions FILE.jsonl [--weights PATH] [--seed 0]``
reads positions written by :mod:`ai.calibrate.selfplay` (played, say, after a change of the
physics), and scores the weights in use (:data:`ai.value.learned.LEARNED_FILE` unless
``--weights``) and the race model (:class:`ai.value.pwin.WinModel`) against the games' results
on every position: log-loss, Brier score, the mean prediction against the win rate.  What is
compared is the learned value's gain over the race model, per game (the positions of a game
share one result, so games, not positions, are the units): its mean and a 95 % bootstrap
interval over games, next to the gain the weights' own fit measured on the data they were
fitted on (``held_out_every_4th_game`` in the weights file).  A gain within that interval of
the fit's own says the value did not move; a lost gain says refit
(:mod:`ai.calibrate.value`).  Fitting anew on a few games would say less: the fit's noise,
not the physics, would dominate.
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..value.learned import LEARNED_FILE, LearnedWeights
from .selfplay import read_positions
from .value import build, log_loss, sigmoid

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

    def to_json(self) -> dict:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}

    def verdict(self) -> str:
        if self.fit_gain is None:
            return "the weights file keeps no held-out gain to compare with"
        if self.gain_low <= self.fit_gain <= self.gain_high:
            return "the fit's own gain lies in the interval: the value did not move measurably"
        if self.fit_gain > self.gain_high:
            return "the gain fell below the fit's own: refit (python -m ai.calibrate.value)"
        return "the gain is larger than the fit's own: the value holds"


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
    return ValueCheck(int(len(games)), int(len(data.y)), float(data.y.mean()), float(p.mean()),
                      learned, race, race - learned, float(np.quantile(boot, tail)),
                      float(np.quantile(boot, 1 - tail)), fit_gain(weights_path))


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
        print(f"  the gain where the weights were fitted: {result.fit_gain:+.4f}")
    print(f"  {result.verdict()}")
    print(json.dumps(result.to_json()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
