"""The winner's curse corrected (issue 55 item 4): the chances of the strokes a search shows,
played again on fresh samples.

A search ranks its strokes by the mean of a few noisy samples each and shows the best: the
maximum of noisy means is biased high (Smith and Winkler, "The Optimizer's Curse",
Management Science 52(3), 2006), so the chance it reports for the stroke it picked is above
what the stroke does (issue 55: 0.03-0.04 above the replayed rate in every bin up to 0.6 in
the pooltool transfer's positions; benchmarks/pot_calibration.py measures it on the board's
suggestions, docs/PHYSICS.md).  The cure is the textbook one: the strokes
are chosen on the search's samples and their chances measured on others, drawn afresh
(:func:`reestimate`), so the choice no longer flatters the figure.  Each shown stroke gets
its own generator spawned from the decision's (:func:`fresh_generators`: the same position
and seed give the same figures, and a stroke's figure does not depend on how many strokes
are shown before it).

Every figure is the fresh samples' plain mean (a P(win) the look-ahead made, ``look``, is no
samples' mean and is left as it is).  A posterior mean under a prior was weighed and measured
(benchmarks/pot_calibration.py, 600 suggested strokes of 200 self-play positions replayed 96
times each): Laplace's rule of succession ``(k + 1) / (n + 2)`` reads 0.011 high in the band
0-0.1, where 443 of the 600 strokes lie (Jeffreys' ``(k + 1/2) / (n + 1)``: 0.004), the plain
share 0.003 low; in the bands 0.1-0.3 the three are within 0.01 of each other.  The shown
strokes' chances are mostly near 0, where a uniform prior pulls them up: the plain share."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from .allocate import SampledOutcome, Sampler
from .context import Context
from .pipeline import Analysis, Estimate, Evaluated
from .proposal import Proposal

# Fresh samples per shown stroke.  The pot chance of n samples has a standard error of at
# most 0.5 / sqrt(n): 0.0625 at 64, unbiased; binned by its own value its noise shifts a bin
# by about var / (var + spread of the shown strokes' chances, ~0.3 squared) = 3 % of its
# distance from the shown strokes' mean, under 0.02 in every band.  Three shown strokes cost
# 192 samples, a third of the advice's budget of 600 (russian_pyramid.app.limits).
FRESH_SAMPLES = 64
# The spawn key of the fresh samples' seed sequence under the decision's seed: apart from
# the keys 0, 1, ... that the line of play spawns from the same seed (ai.search.line); the
# number is the issue's, any unused one would do.
FRESH_STREAM = 55


@dataclass(frozen=True)
class FreshEstimate:
    """One shown stroke's chances on ``samples`` fresh samples, each the samples' mean."""

    samples: int
    successes: int  # samples that made the call (the raw share is successes / samples)
    p_success: float
    p_win: float
    p_foul: float
    expected_points: float
    # the refereed samples, in the order drawn (when recorded: the line of play follows them)
    outcomes: tuple[SampledOutcome, ...] = field(default=(), compare=False, repr=False)


def fresh_generators(rng: np.random.Generator, k: int) -> list[np.random.Generator]:
    """``k`` generators, one per shown stroke, from ``rng``'s seed sequence: the children of
    its child keyed :data:`FRESH_STREAM` (independent of ``rng``'s own stream, of each other
    and of the line of play's, which spawns from the same seed: ai.search.line); ``rng`` is
    not advanced."""
    seq = rng.bit_generator.seed_seq
    own = np.random.SeedSequence(seq.entropy, spawn_key=(*seq.spawn_key, FRESH_STREAM))
    return [np.random.default_rng(s) for s in own.spawn(k)]


def reestimate(ctx: Context, proposals: list[Proposal], rngs: list[np.random.Generator],
               n: int = FRESH_SAMPLES, record: bool = False) -> list[FreshEstimate | None]:
    """Each proposal played ``n`` more times under the context's noise with its own
    generator, refereed and valued as the search values its samples
    (:class:`ai.search.allocate.Sampler`), its chances from those samples alone; None for
    one whose every sample the rules core refused.  ``record``: keep the samples."""
    sampler = Sampler(ctx, list(proposals), record=record)
    out: list[FreshEstimate | None] = []
    for i, rng in enumerate(rngs):
        sampler.sample(i, n, rng)
        st = sampler.stats[i]
        if st.n == 0:
            out.append(None)
            continue
        out.append(FreshEstimate(st.n, st.success, st.p_success, st.value, st.p_foul,
                                 st.expected_points,
                                 tuple(sampler.outcomes[i]) if record else ()))
    return out


def fresh_estimate(searched: Estimate, f: FreshEstimate, keep_p_win: bool = False) -> Estimate:
    """The search's estimate of a stroke replaced by the fresh one (its round kept);
    ``keep_p_win``: the search's P(win) stays (a look-ahead's, no samples' mean)."""
    return Estimate(f.samples, searched.p_win if keep_p_win else f.p_win, f.p_success,
                    f.p_foul, f.expected_points, searched.rounds)


def remeasured(analysis: Analysis, shown: list[Evaluated], found: list[FreshEstimate | None],
               keep_p_win: bool = False) -> tuple[Analysis, list[int]]:
    """``analysis`` with its ``shown`` strokes' estimates measured afresh (``found``, None:
    the search's kept) and put first in the order of their fresh P(win) -- a list of
    suggestions reads in order (:func:`ai.search.allocate.equalise`) -- its
    ``best_outcomes`` the fresh samples of the new first, which the line of play follows;
    and that order, as indices into ``shown``.  A first stroke without fresh samples that
    was not the search's first keeps the search's order."""
    new = [e if f is None else replace(e, estimate=fresh_estimate(e.estimate, f, keep_p_win))
           for e, f in zip(shown, found)]
    order = sorted(range(len(new)), key=lambda i: -new[i].estimate.p_win)
    if found[order[0]] is None and order[0] != 0:
        order = list(range(len(new)))
    first = found[order[0]]
    kept = analysis.best_outcomes if first is None else first.outcomes
    rest = [e for e in analysis.ranked if not any(e is s for s in shown)]
    return replace(analysis, ranked=[new[i] for i in order] + rest, best_outcomes=kept), order


__all__ = ["FRESH_SAMPLES", "FreshEstimate", "fresh_estimate", "fresh_generators",
           "reestimate", "remeasured"]
