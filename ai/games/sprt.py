"""A sequential test of a match between two agents: stop as soon as the games played say
whether the first agent is stronger by a given margin or not (the sequential probability
ratio test, Wald 1945, as chess engines are tested: fishtest, cutechess-cli's ``-sprt``).

The hypotheses are Elo differences of the first agent over the second: H0 ``elo0`` (e.g. 0,
no gain) against H1 ``elo1`` (e.g. 70, the 60 % issue 29 asks for).  The Elo scale's
expected score is ``1 / (1 + 10 ** (-elo / 400))``.  After n games with scores x (1 a win,
0.5 a draw, 0 a loss, for the first agent), the log-likelihood ratio is the generalized SPRT's
normal approximation (M. Van den Bergh, "A practical introduction to the GSPRT", 2016;
the form fishtest's "logistic" test uses)::

    LLR = n * (s1 - s0) * (2 * mean(x) - s0 - s1) / (2 * var(x))

with s0, s1 the expected scores under H0 and H1.  The test stops at LLR <= log(beta /
(1 - alpha)) (H0 accepted) or LLR >= log((1 - beta) / alpha) (H1 accepted); alpha and beta
are the chances of accepting H1 when H0 is true and H0 when H1 is true.

The variance is the games' own, taken with one win and one loss added (a prior worth two
games): without it, a run of wins has variance 0 and the ratio no finite value.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

# The defaults of fishtest's short tests: a 5 % chance of either error.
DEFAULT_ALPHA = 0.05
DEFAULT_BETA = 0.05
# One win and one loss added to the scores when their variance is taken (module doc).
PRIOR_GAMES = (1.0, 0.0)

CONTINUE = "continue"
H0 = "H0"  # the first agent is not stronger by elo1: stop, the change is not worth it
H1 = "H1"  # the first agent is stronger by elo1 or more


def expected_score(elo: float) -> float:
    """The first agent's expected score at an Elo difference ``elo``."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True)
class SprtState:
    """Where the test stands after ``games`` games: the log-likelihood ratio, its bounds, and
    the decision (:data:`CONTINUE`, :data:`H0` or :data:`H1`)."""

    games: int
    score: float
    llr: float
    lower: float
    upper: float
    decision: str

    def describe(self, test: "Sprt") -> str:
        said = {CONTINUE: "no decision yet", H0: f"H0 accepted (not {test.elo1:g} Elo better)",
                H1: f"H1 accepted ({test.elo1:g} Elo better or more)"}[self.decision]
        return (f"SPRT elo0={test.elo0:g} elo1={test.elo1:g} alpha={test.alpha:g} "
                f"beta={test.beta:g}: {self.score:g}/{self.games}, LLR {self.llr:.2f} "
                f"[{self.lower:.2f}, {self.upper:.2f}]: {said}")


@dataclass(frozen=True)
class Sprt:
    """The test's terms (module doc).  Checked: ``elo0 < elo1``, 0 < alpha, beta < 0.5."""

    elo0: float
    elo1: float
    alpha: float = DEFAULT_ALPHA
    beta: float = DEFAULT_BETA

    def __post_init__(self):
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1)
                and self.elo0 < self.elo1):
            raise ValueError(f"elo0 {self.elo0:g} must be below elo1 {self.elo1:g}")
        if not (abs(self.elo1) < 1000 and abs(self.elo0) < 1000):
            raise ValueError("elo0 and elo1 must lie within +-1000")
        for name in ("alpha", "beta"):
            v = getattr(self, name)
            if not (0.0 < v < 0.5):
                raise ValueError(f"{name} {v:g} must lie between 0 and 0.5")

    @property
    def bounds(self) -> tuple[float, float]:
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr_path(self, scores: Sequence[float]) -> np.ndarray:
        """The log-likelihood ratio after each game: element n - 1 is the ratio on the first n
        scores (module doc), all in one pass over running sums."""
        x = np.asarray(scores, float)
        n = np.arange(1, len(x) + 1)
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        prior = np.asarray(PRIOR_GAMES)
        running = np.cumsum(x)
        k = n + len(prior)  # the games with the prior's
        var = (np.cumsum(x * x) + (prior * prior).sum()) / k - ((running + prior.sum()) / k) ** 2
        mean = running / n
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 over H0 after ``scores`` (module doc)."""
        return float(self.llr_path(scores)[-1]) if len(scores) else 0.0

    def state(self, scores: Sequence[float]) -> SprtState:
        """Where the test stands after all of ``scores``."""
        return self._state_after(scores, len(scores), self.llr(scores))

    def first_decision(self, scores: Sequence[float]) -> SprtState:
        """Where the test stands at the first game where it decides, else after all of
        ``scores`` (a sequential test stops there, whatever came after)."""
        path = self.llr_path(scores)
        lower, upper = self.bounds
        crossed = np.flatnonzero((path <= lower) | (path >= upper))
        n = int(crossed[0]) + 1 if len(crossed) else len(path)
        return self._state_after(scores, n, float(path[n - 1]) if n else 0.0)

    def _state_after(self, scores: Sequence[float], n: int, llr: float) -> SprtState:
        lower, upper = self.bounds
        decision = H0 if llr <= lower else H1 if llr >= upper else CONTINUE
        return SprtState(n, float(sum(scores[:n])), llr, lower, upper, decision)


def parse_sprt(text: str) -> Sprt:
    """``ELO0,ELO1[,ALPHA,BETA]`` (e.g. ``0,70`` or ``0,70,0.05,0.1``); ValueError naming the
    value."""
    parts = text.split(",")
    if len(parts) not in (2, 4):
        raise ValueError(f"{text!r}: give ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (e.g. 0,70)")
    try:
        nums = [float(p) for p in parts]
    except ValueError:
        raise ValueError(f"{text!r}: ELO0,ELO1[,ALPHA,BETA] are numbers (e.g. 0,70)") from None
    return Sprt(*nums)
