"""The look-ahead over the sampled leaves (``mc:look=N``, off by default): for the leading
strokes of a close decision, the outcomes where the shooter keeps the table are valued by a
cheap search of the next stroke from them instead of by the position value.

After the first level (successive halving on :data:`FIRST_SHARE` of the decision's samples,
every outcome refereed and recorded, :class:`~ai.search.allocate.Sampler`):

1. the leaders: the best stroke and the next distinct ones (:meth:`Proposal.key`) whose value
   is within :data:`CLOSE_P` of it, at most :data:`LEADERS` -- a decision that is not close
   gets no look-ahead (the budget goes where the decision is close);
2. each leader's *leaves*: its samples where the shooter keeps the table (the rules core
   ruled the call made without a foul, the game goes on, the same player to move with the cue
   ball on the table: :func:`keeps_table`, nothing decided here), grouped when near-identical
   (:func:`leaf_key`: the same balls on the table, each within :data:`GROUP_M`);
3. the largest groups, up to the budget left (:func:`leaf_budget`), are each searched from
   their first sample's position by ``search`` (the decision's own search, the one of
   :mod:`ai.search.pipeline`, with :func:`leaf_options`: few samples, clean pots only, the
   position value at its leaves; with depth N > 1 the leaf search looks ahead N - 1 more,
   on :data:`NESTED_LEAVES` of its own leaves, a cost the budget does not pay for);
   the group is worth the leaf search's best P(win) -- the shooter plays the best next stroke
   -- for every sample in it;
4. the leader's value is the mean over all its samples: the searched leaves at their searched
   value, every other sample (misses, fouls, groups left unsearched) at its recorded value;
   the leaders are put in that order, the rest of the ranking stays.

What sampling learns is kept apart from the proposals, as in :mod:`ai.search.allocate`: the
look-ahead returns a new ranking and the leaders' new values (:class:`LookResult`), it
changes no :class:`~ai.search.allocate.SampleStats`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Callable

import numpy as np

from engine import GameState

from .allocate import SampledOutcome, Sampler, keeps_table
from .context import Context

LEADERS = 2  # the leading strokes looked ahead from (the issue: "K=2")
CLOSE_P = 0.05  # leaders within this P(win) of the best (farther: the decision is not close)
FIRST_SHARE = 0.4  # the decision's samples spent at the first level (the rest on leaves)
GROUP_M = 0.05  # leaves with every ball within this (metres, per axis) are one leaf
LEAF_SAMPLES = 24  # a leaf search's samples (a cheap search: the next stroke's candidates)
LEAF_SHOTS = 2  # clean pots refined in a leaf search (the decision's default is 6)
# A leaf search that looks further (depth 2 and more) searches this many of its own leaves,
# on top of its LEAF_SAMPLES: its cost multiplies, it is not paid for by the decision's budget
NESTED_LEAVES = 2
# What one leaf search costs in first-level samples: the leaves that fit in the rest of the
# budget are (1 - FIRST_SHARE) * budget / LEAF_COST_SAMPLES.  Measured (ai/README.md, "The
# look-ahead over the leaves", benchmarks/look_bench.py): a leaf search 12.8 ms median, a
# first-level sample about 0.17 ms (75 samples a leaf); 50, because a quarter of decisions
# are not close and look at nothing, gives the default's median time (x0.99 per position).
LEAF_COST_SAMPLES = 50


@dataclass(frozen=True)
class LookResult:
    """The ranking after the look-ahead, the leaders' values over their leaves
    (``values[i]`` for proposal i), and what it searched."""

    ranked: list[int]
    values: dict[int, float]
    leaves: int  # leaf searches made
    sims: int  # strokes they simulated


def leaf_key(state: GameState, group_m: float = GROUP_M) -> tuple:
    """Near-identical leaves share a key: the same balls on the table, each ball's place on a
    grid of ``group_m`` (two leaves a hair apart across a grid line are two leaves: cheaper
    than clustering, and the worst it does is search one leaf twice)."""
    return tuple(sorted((b, math.floor(x / group_m), math.floor(y / group_m))
                        for b, (x, y) in state.balls.items()))


def leaf_groups(outcomes: list[SampledOutcome], me: int) -> list[list[int]]:
    """The indices of ``outcomes`` that keep the table, grouped by :func:`leaf_key`, the
    largest groups first (the first sampled first among equals)."""
    groups: dict[tuple, list[int]] = {}
    for j, o in enumerate(outcomes):
        if keeps_table(o, me):
            groups.setdefault(leaf_key(o.ruling.state), []).append(j)
    return sorted(groups.values(), key=lambda g: (-len(g), g[0]))


def leaf_budget(budget: int) -> int:
    """The leaf searches that fit in the samples the first level left (equal time)."""
    return int((budget - first_budget(budget)) // LEAF_COST_SAMPLES)


def first_budget(budget: int) -> int:
    """The first level's samples when the look-ahead is on."""
    return max(1, round(budget * FIRST_SHARE))


def leaf_options(options, depth: int):
    """A leaf search's options (``options`` a :class:`~ai.search.pipeline.SearchOptions`):
    :data:`LEAF_SAMPLES` samples, clean pots only (:data:`LEAF_SHOTS` refined), no safeties
    (a leaf is a position the shooter chose to reach: the question is how well it attacks),
    deliberate fouls and the break search off, one stroke wanted, ``depth`` further levels
    (each on :data:`NESTED_LEAVES` leaves of its own)."""
    return replace(options, budget=LEAF_SAMPLES, time_budget=None, top=1, keep_outcomes=False,
                   max_shots=min(options.max_shots, LEAF_SHOTS), other_manners=False,
                   safeties=False, fouls=False, opening=False, look=depth,
                   leaves=NESTED_LEAVES if depth else None)


def leaders(sampler: Sampler, ranked: list[int], k: int = LEADERS,
            close_p: float = CLOSE_P) -> list[int]:
    """The first ``k`` distinct strokes of ``ranked`` within ``close_p`` of the best's value
    (a tush aside: it has no leaves); fewer than two: the decision is not close."""
    stats, props = sampler.stats, sampler.proposals
    out, seen = [], set()
    for i in ranked:
        if props[i].strike is None or stats[i].n == 0 or props[i].key() in seen:
            continue
        if out and stats[i].value < stats[out[0]].value - close_p:
            break
        seen.add(props[i].key())
        out.append(i)
        if len(out) >= k:
            break
    return out if len(out) >= 2 else []


def look_ahead(ctx: Context, sampler: Sampler, ranked: list[int], leaves: int,
               search: Callable[[GameState, np.random.Generator], float],
               rng: np.random.Generator, deadline: float | None = None) -> LookResult:
    """Re-rank the leaders of ``ranked`` (:func:`leaders`) by their values over leaves, at
    most ``leaves`` leaf searches in all, shared out round-robin over the leaders' largest
    groups.  ``search(state, rng)`` is a leaf's value: P(win) for the player to move there
    (the shooter).  The sampler must have recorded its outcomes."""
    if sampler.outcomes is None:
        raise ValueError("the look-ahead needs the first level's outcomes: a Sampler made "
                         "with record=True")
    top = leaders(sampler, ranked)
    if not top or leaves <= 0:
        return LookResult(ranked, {}, 0, 0)
    me = ctx.me
    groups = {i: leaf_groups(sampler.outcomes[i], me) for i in top}
    worth: dict[tuple[int, int], float] = {}  # (leader, sample index) -> searched value
    sims0, made = ctx.sims, 0
    for rank in range(max(len(g) for g in groups.values())):
        for i in top:
            if made >= leaves or (deadline is not None and time.perf_counter() > deadline):
                break
            if rank >= len(groups[i]):
                continue
            group = groups[i][rank]
            v = search(sampler.outcomes[i][group[0]].ruling.state, rng)
            made += 1
            for j in group:
                worth[(i, j)] = v
    values = {i: float(np.mean([worth.get((i, j), o.value)
                                for j, o in enumerate(sampler.outcomes[i])])) for i in top}
    order = sorted(top, key=lambda i: -values[i])
    return LookResult(order + [i for i in ranked if i not in top], values, made,
                      ctx.sims - sims0)
