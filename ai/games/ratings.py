"""Ratings from game results: Bradley-Terry strengths on the Elo scale, bootstrap CIs.

A draw counts half a win to each side (the usual Elo convention).  The maximum-likelihood
strengths are found with Hunter's (2004) MM iteration; a weak prior of one virtual draw of
each agent against a reference of rating 0 keeps them finite when an agent wins or loses
everything.  Ratings are ``400 log10(gamma)``, centred on a mean of 0.  The 95% intervals are
percentiles of a bootstrap that resamples games within each pairing (seeded: the same results
give the same intervals).
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """A score out of ``n`` games as ``(rate, low, high)``: the rate and its Wilson score
    interval (z = 1.96: 95 %); NaNs when no game was played."""
    if n == 0:
        return (float("nan"),) * 3
    p = score / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, max(0.0, centre - half), min(1.0, centre + half)


def bradley_terry(n: int, games: Sequence[tuple[int, int, float]], prior: float = 1.0,
                  iters: int = 500, tol: float = 1e-10) -> np.ndarray:
    """Elo-scale ratings of ``n`` agents from ``(i, j, score_of_i)`` games (score 1, 0.5, 0),
    mean 0."""
    if n == 0:
        return np.zeros(0)
    w = np.zeros((n, n))  # w[i, j]: points i scored against j
    for i, j, s in games:
        w[i, j] += s
        w[j, i] += 1.0 - s
    return _bt_from_matrix(w, prior, iters, tol)


def _bt_from_matrix(w: np.ndarray, prior: float, iters: int, tol: float) -> np.ndarray:
    n = len(w)
    nij = w + w.T
    wins = w.sum(axis=1) + 0.5 * prior
    gamma = np.ones(n)
    for _ in range(iters):
        denom = (nij / (gamma[:, None] + gamma[None, :])).sum(axis=1) + prior / (gamma + 1.0)
        new = wins / denom
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(np.log(new) - np.log(gamma))) < tol:
            gamma = new
            break
        gamma = new
    r = 400.0 * np.log10(gamma)
    return r - r.mean()


def bootstrap_ci(n: int, games: Sequence[tuple[int, int, float]], reps: int = 300,
                 seed: int = 12345, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Percentile intervals of the ratings, resampling games within each pairing."""
    if not games:
        return np.zeros(n), np.zeros(n)
    by_pair: dict[tuple[int, int], list[float]] = {}
    for i, j, s in games:
        if i > j:
            i, j, s = j, i, 1.0 - s
        by_pair.setdefault((i, j), []).append(s)
    rng = np.random.default_rng(seed)
    samples = np.empty((reps, n))
    pairs = sorted(by_pair)
    arrays = [np.asarray(by_pair[p]) for p in pairs]
    for k in range(reps):
        w = np.zeros((n, n))
        for (i, j), a in zip(pairs, arrays):
            s = rng.choice(a, size=len(a), replace=True).sum()
            w[i, j] += s
            w[j, i] += len(a) - s
        samples[k] = _bt_from_matrix(w, 1.0, 300, 1e-8)
    lo = np.percentile(samples, 100 * (1 - level) / 2, axis=0)
    hi = np.percentile(samples, 100 * (1 + level) / 2, axis=0)
    return lo, hi


def fisher_ci(n: int, games: Sequence[tuple[int, int, float]], prior: float = 1.0,
              level_z: float = 1.959964) -> tuple[np.ndarray, np.ndarray]:
    """Wald intervals from the observed Fisher information of the (prior-regularised)
    Bradley-Terry likelihood, for the mean-centred Elo-scale ratings.  Unlike the bootstrap
    they stay wide when an agent won or lost every game."""
    r = bradley_terry(n, games, prior=prior)
    if n == 0:
        return r, r
    theta = r * math.log(10) / 400.0
    nij = np.zeros((n, n))
    for i, j, _ in games:
        nij[i, j] += 1
        nij[j, i] += 1
    p = 1.0 / (1.0 + np.exp(-(theta[:, None] - theta[None, :])))
    w = nij * p * (1 - p)
    H = -w
    np.fill_diagonal(H, w.sum(axis=1) + prior * _p0(theta))
    cov = np.linalg.inv(H)
    C = np.eye(n) - 1.0 / n
    cov = C @ cov @ C.T
    se = np.sqrt(np.clip(np.diag(cov), 0, None)) * 400.0 / math.log(10)
    return r - level_z * se, r + level_z * se


def _p0(theta: np.ndarray) -> np.ndarray:
    q = 1.0 / (1.0 + np.exp(-theta))
    return q * (1 - q)
