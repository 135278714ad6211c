"""One decision: the spots from hand, the candidate sources in order, the sample budget.

1. spots from hand (:mod:`ai.search.placement`);
2. the sources, each a :class:`~ai.search.proposal.CandidateSource`: attacks (geometric pots
   refined by simulation), safeties, deliberate fouls, and while the break is pending the
   break search, which also multiplies the budget;
3. successive halving over all proposals under the execution noise (:mod:`ai.search.allocate`),
   every outcome refereed by the rules core and valued by P(win); with ``top`` > 1 the
   leading strokes are sampled equally so that a list of suggestions reads in order.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

import numpy as np

from engine import GameState, legal_calls
from sim import Simulator, Strike
from sim import detmath as dm

from ..agent import SAFETY
from ..noise import NoiseModel
from ..value import History, PositionValue
from .allocate import (SampledOutcome, SampleStats, Sampler, equalise, plan_leaves,
                       successive_halving)
from .attack import Attacks
from .context import Context
from .fouls import DeliberateFouls
from .lookahead import first_budget, leaf_budget, leaf_options, look_ahead
from .opening import BUDGET_FACTOR, Opening
from .placement import hand_spots, safety_spots
from .proposal import CandidateSource, Proposal
from .refine import STEPS
from .safety import FRACTIONS, Safeties

# When nothing at all is proposed: a stroke at the nearest ball at 1.5 m/s + 0.5 m/s per
# metre, calling the first legal call.
FALLBACK_SPEED = (1.5, 0.5)
# With a time budget and ``top`` > 1: the share of the time left after proposing that is kept
# for sampling the leading strokes equally (suggestions read in order of P(win)).
EQUALISE_SHARE = 0.35


@dataclass(frozen=True)
class SearchOptions:
    budget: int = 400  # samples per decision (times BUDGET_FACTOR for the break)
    time_budget: float | None = None  # seconds; anytime: sampling stops at the deadline
    placements: int = 2  # spots from hand searched (plus the middle of the region)
    max_shots: int = 6  # clean pots refined per spot
    fouls: bool = True
    safeties: bool = True
    opening: bool = True  # the dedicated break search
    top: int = 1  # strokes to sample equally at the end (suggestions)
    plan: int = 0  # samples per leading stroke judged by the second level (ai.search.leave)
    keep_outcomes: bool = False  # keep the best stroke's refereed samples (the line of play)
    look: int = 0  # look-ahead depth over the leaders' leaves (ai.search.lookahead; 0: off)
    leaves: int | None = None  # leaf searches with look on (None: what the budget moved pays)
    other_manners: bool = True  # attacks beyond clean pots (banks, combinations, ...)
    position: int = 0  # leading pots per spot given position variants (ai.search.position)
    crn: bool = False  # common random numbers across the proposals (ai.search.allocate.Sampler)
    scan: int = STEPS  # directions of an attack's refinement scan (fewer: coarse, sharpened)
    cut: float = 0.0  # attacks ranked below this share of a spot's best dropped unrefined
    screen: int = 5  # contact fractions a ball in the safety screen (ai.search.safety.FRACTIONS)


@dataclass(frozen=True)
class Estimate:
    """What sampling showed about one proposal."""

    samples: int
    p_win: float  # mean P(win) of the outcomes for the shooter; -1 if never sampled
    p_success: float
    p_foul: float
    expected_points: float
    rounds: int  # the last successive-halving round it took part in

    @classmethod
    def of(cls, s: SampleStats) -> "Estimate":
        return cls(s.n, s.value, s.p_success, s.p_foul, s.expected_points, s.rounds)


@dataclass(frozen=True)
class Evaluated:
    proposal: Proposal
    estimate: Estimate


@dataclass(frozen=True)
class Analysis:
    ranked: list[Evaluated]  # best first
    sims: int  # strokes simulated
    seconds: float
    # with SearchOptions.keep_outcomes: the best stroke's refereed samples, in the order drawn
    best_outcomes: tuple[SampledOutcome, ...] = ()


def sources(options: SearchOptions, state: GameState) -> list[CandidateSource]:
    """The candidate sources of a decision, in the order they are asked."""
    out: list[CandidateSource] = [Attacks(options.max_shots, options.other_manners,
                                           options.position, options.scan, options.cut)]
    if options.safeties:
        out.append(Safeties(safety_spots(state), FRACTIONS[options.screen]))
    if options.fouls:
        out.append(DeliberateFouls())
    if options.opening:
        out.append(Opening())
    return out


def analyse(state: GameState, simulator: Simulator, noise: NoiseModel, rng: np.random.Generator,
            options: SearchOptions = SearchOptions(), win: PositionValue | None = None,
            history: History | None = None) -> Analysis:
    """Rank strokes for the player to move.  ``history`` (the situations met this game,
    :mod:`ai.value.repetition`) values fouls that close a foul loop as a draw."""
    t0 = time.perf_counter()
    deadline = None if options.time_budget is None else t0 + options.time_budget
    ctx = Context(state, simulator, noise, win, history)
    places = hand_spots(state, ctx.pk, noise, options.placements, ctx.jaw_ramp_m)
    proposals: list[Proposal] = []
    for source in sources(options, state):
        proposals += source.propose(ctx, places)
    budget = options.budget
    if options.opening and state.break_pending:
        budget *= BUDGET_FACTOR
    if not proposals:  # nothing at all: any stroke at the nearest ball
        proposals = _fallback(ctx, places[0])
    full = budget
    if options.look and options.leaves is None:  # the first level's share (equal time)
        budget = first_budget(budget)
    sampler = Sampler(ctx, proposals, record=options.keep_outcomes or options.look > 0,
                      crn=options.crn)
    halving_deadline = deadline
    if deadline is not None and options.top > 1:
        # keep a share of the time for sampling the leading strokes equally, so that a list
        # of suggestions made against the clock still rests on equal samples
        halving_deadline = deadline - EQUALISE_SHARE * max(0.0, deadline - time.perf_counter())
    ranked = successive_halving(sampler, budget, rng, deadline=halving_deadline)
    if options.plan:
        ranked = plan_leaves(ctx, proposals, ranked, options.plan, rng)
    looked: dict[int, float] = {}
    if options.look:
        ranked, looked = _look(ctx, sampler, ranked, options, full, rng, deadline)
    if options.top > 1:
        ranked = equalise(sampler, ranked, options.top, rng, deadline)
    evaluated = [Evaluated(proposals[i], _estimate(sampler.stats[i], looked.get(i)))
                 for i in ranked]
    kept = (() if not options.keep_outcomes or not ranked
            else tuple(sampler.outcomes[ranked[0]]))
    return Analysis(evaluated, ctx.sims, time.perf_counter() - t0, kept)


def _estimate(stats, looked: float | None) -> Estimate:
    est = Estimate.of(stats)
    return est if looked is None else replace(est, p_win=looked)


def _look(ctx: Context, sampler: Sampler, ranked: list[int], options: SearchOptions,
          budget: int, rng: np.random.Generator, deadline: float | None):
    """The look-ahead (:mod:`ai.search.lookahead`): each leaf searched by this module's own
    search, one level shallower, its strokes counted in the decision's."""
    more = leaf_options(options, options.look - 1)

    def search(leaf: GameState, leaf_rng: np.random.Generator) -> float:
        found = analyse(leaf, ctx.sim, ctx.noise, leaf_rng, more, ctx.win, ctx.history)
        ctx.sims += found.sims
        return found.ranked[0].estimate.p_win if found.ranked else 0.0

    leaves = leaf_budget(budget) if options.leaves is None else options.leaves
    result = look_ahead(ctx, sampler, ranked, leaves, search, rng, deadline)
    return result.ranked, result.values


def _fallback(ctx: Context, placement) -> list[Proposal]:
    balls = ctx.balls_with(placement)
    cue = np.asarray(balls["cue"], float)
    best = None
    for b in ctx.state.object_balls:
        d = np.asarray(balls[b], float) - cue
        dist = dm.length2(d)
        if best is None or dist < best[0]:
            best = (dist, dm.atan2(d[1], d[0]), b)
    legal = [c for c in legal_calls(ctx.state) if c is not None]
    call = legal[0] if legal else None
    if best is None:
        return [Proposal(SAFETY, call, Strike(1.0, 0.0), placement)]
    a, per_m = FALLBACK_SPEED
    return [Proposal(SAFETY, call, Strike(a + per_m * best[0], best[1]), placement)]
