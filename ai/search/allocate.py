"""Spending the sample budget: every proposal played under the execution noise, each outcome
refereed by the rules core and valued by P(win) for the shooter, the budget shared out by
successive halving (Karnin, Koren & Somekh 2013).

The statistics live here, apart from the proposals (:class:`Sampler`): a proposal says what
to play, the sampler what playing it was worth."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from engine import GameState, adjudicate, tush_stroke
from sim import Strike
from sim import detmath as dm

from ..noise import NOISE_DIMS
from ..value import PREFER_UNCHANGED
from .context import Context, clamp_strike
from .leave import LeavePlanner
from .proposal import Proposal
from .referee import Referee, Ruling

# Every candidate alive in a round gets at least this many new samples.
MIN_SAMPLES_PER_ROUND = 4
# With a deadline, samples are drawn in chunks of this many so that the deadline is noticed.
DEADLINE_CHUNK = 24


@dataclass
class SampleStats:
    """What sampling one proposal has shown so far (mutable, kept by the :class:`Sampler`)."""

    n: int = 0
    value_sum: float = 0.0
    success: int = 0
    fouls: int = 0
    points_sum: float = 0.0
    rounds: int = 0  # the last successive-halving round it took part in

    @property
    def value(self) -> float:
        """Mean P(win) of the outcomes; -1 before any sample (ranks last)."""
        return self.value_sum / self.n if self.n else -1.0

    @property
    def p_success(self) -> float:
        return self.success / self.n if self.n else 0.0

    @property
    def p_foul(self) -> float:
        return self.fouls / self.n if self.n else 0.0

    @property
    def expected_points(self) -> float:
        return self.points_sum / self.n if self.n else 0.0


@dataclass(frozen=True)
class SampledOutcome:
    """One refereed sample of a stroke and what it was worth to the shooter (its P(win))."""

    ruling: Ruling
    value: float


def keeps_table(o: SampledOutcome, me: int) -> bool:
    """The shooter goes on from this sample: the rules core ruled the call made without a
    foul, the game is not over, ``me`` is to move and the cue ball is on the table."""
    adj, after = o.ruling.adjudication, o.ruling.state
    return (adj.successful and not adj.fouls and not after.game_over and after.to_move == me
            and not after.cue_in_hand and "cue" in after.balls)


class Sampler:
    """Plays proposals under noise and keeps one :class:`SampleStats` per proposal (and one
    referee, whose cache of rulings grows with the samples).  With ``record`` every refereed
    sample is kept too (``outcomes[i]``, in the order sampled), for the line of play
    (:mod:`ai.search.line`); a tush, which moves nothing, keeps none.

    With ``crn`` (common random numbers, the classic variance reduction of simulation
    optimisation: Law, *Simulation Modeling and Analysis*, 5th ed., 2015, section 11.2) the
    k-th sample of every proposal is played with the same standard normal draws, so that two
    strokes are compared on the same luck: two variants of one pot miss together when the aim
    goes wide, and the difference of their means is not drowned in it.  The draws are made
    from the generator as the first proposal to need them asks, in order."""

    def __init__(self, ctx: Context, proposals: list[Proposal],
                 leave: LeavePlanner | None = None, record: bool = False, crn: bool = False):
        self.ctx = ctx
        self.proposals = proposals
        self.leave = leave  # the second level judges the leaves where the shooter goes on
        self.stats = [SampleStats() for _ in proposals]
        self.outcomes: list[list[SampledOutcome]] | None = (
            [[] for _ in proposals] if record else None)
        self._referees: dict[int, Referee] = {}
        self.crn = crn
        self._draws = np.zeros((0, NOISE_DIMS))  # the shared draws, row k for sample k
        self._drawn = [0] * len(proposals)  # rows each proposal has played

    def _strikes(self, i: int, n: int, rng: np.random.Generator) -> list[Strike]:
        """Proposal ``i``'s next ``n`` strokes as played: fresh noise, or with ``crn`` the
        shared rows it has not played yet."""
        c, noise, miscue = self.proposals[i], self.ctx.noise, self.ctx.sim.physics.miscue_offset
        if not self.crn:
            return [clamp_strike(noise.perturb(c.strike, rng, miscue)) for _ in range(n)]
        first, self._drawn[i] = self._drawn[i], self._drawn[i] + n
        short = first + n - len(self._draws)
        if short > 0:
            more = dm.standard_normal(rng, short * NOISE_DIMS).reshape(short, NOISE_DIMS)
            self._draws = np.concatenate([self._draws, more])
        return [clamp_strike(noise.apply(c.strike, z, miscue))
                for z in self._draws[first:first + n]]

    def sample(self, i: int, n: int, rng: np.random.Generator) -> None:
        """Play proposal ``i`` n more times under noise; accumulate its statistics."""
        ctx = self.ctx
        c = self.proposals[i]
        st = self.stats[i]
        me = ctx.me
        if c.strike is None:  # tush: deterministic
            out = adjudicate(ctx.state, tush_stroke())
            v = outcome_value(ctx, out.state, me, True, tush=True)
            st.n += n
            st.value_sum += v * n
            st.fouls += n
            st.points_sum += out.adjudication.points[me] * n
            return
        batch = ctx.run(c.placement, self._strikes(i, n, rng))
        ref = self._referees.get(i)
        if ref is None:
            ref = self._referees[i] = Referee(ctx.state, c.call, c.placement, ctx.jaw_pocket)
        for ruling in ref.rulings(batch):
            if ruling is None:
                ctx.invalid += 1
                continue
            adj = ruling.adjudication
            if self.leave is not None and not adj.fouls and ruling.state.to_move == me:
                v = self.leave.value(ruling.state, me)
            else:
                v = outcome_value(ctx, ruling.state, me, bool(adj.fouls))
            if self.outcomes is not None:
                self.outcomes[i].append(SampledOutcome(ruling, v))
            st.n += 1
            st.value_sum += v
            st.success += bool(adj.successful)
            st.fouls += bool(adj.fouls)
            st.points_sum += adj.points[me]


def outcome_value(ctx: Context, after: GameState, me: int, fouled: bool,
                  tush: bool = False) -> float:
    """P(win) of the state a stroke left; a foul that closes a foul loop is worth the draw the
    loop amounts to, a tush (which lets R9.2 end it) a hair more, and in a stuck game a stroke
    that pots nothing and passes the turn the draw it amounts to (:mod:`ai.value.repetition`)."""
    if fouled and ctx.history is not None and ctx.history.loops(after):
        return ctx.win.draw_value + (PREFER_UNCHANGED if tush else -PREFER_UNCHANGED)
    if ctx.history is not None and ctx.history.stalls(ctx.state, after):
        return ctx.win.draw_value
    return ctx.win.state_value(after, me, ctx.noise)


def successive_halving(sampler: Sampler, budget: int, rng: np.random.Generator,
                       n0: int = MIN_SAMPLES_PER_ROUND,
                       deadline: float | None = None) -> list[int]:
    """About ``budget`` samples over the sampler's proposals: ceil(log2 K) rounds, each given
    an equal share of the budget split evenly among the proposals still alive (at least ``n0``
    new samples each); after each round the worse half is dropped.  With a deadline, sampling
    stops when it passes (anytime: the ranking so far stands).  Returns the proposals'
    indices ranked best first (survivors of later rounds first)."""
    stats = sampler.stats
    if not stats:
        return []
    alive = list(range(len(stats)))
    rounds = (max(2, len(alive)) - 1).bit_length()  # ceil(log2), in integers
    spent = 0
    rnd = 0
    while alive:
        rnd += 1
        per = max(n0, budget // (len(alive) * rounds))
        for i in alive:
            need = per
            if deadline is not None and time.perf_counter() > deadline and stats[i].n > 0:
                continue
            while need > 0:  # in chunks, so that a deadline is noticed
                chunk = min(need, DEADLINE_CHUNK) if deadline is not None else need
                sampler.sample(i, chunk, rng)
                need -= chunk
                spent += chunk if sampler.proposals[i].strike is not None else 0
                if deadline is not None and time.perf_counter() > deadline:
                    break
            stats[i].rounds = rnd
        alive.sort(key=lambda i: -stats[i].value)
        if len(alive) <= 1:
            break
        if spent >= budget or (deadline is not None and time.perf_counter() > deadline):
            break
        alive = alive[:max(1, math.ceil(len(alive) / 2))]
        if len(alive) == 1 and spent < budget and deadline is None:
            break
    return sorted(range(len(stats)), key=lambda i: (-stats[i].rounds, -stats[i].value))


def equalise(sampler: Sampler, ranked: list[int], k: int, rng: np.random.Generator,
             deadline: float | None = None) -> list[int]:
    """Give the first ``k`` distinct strokes of a successive-halving ranking as many samples
    as the most-sampled of them, then order them by value.  Successive halving ranks by the
    round a proposal survived to; one dropped early carries a noisier estimate that can
    exceed the winner's, which would make a suggestion list read out of order."""
    stats = sampler.stats
    leaders, seen = [], set()
    for i in ranked:
        key = sampler.proposals[i].key()
        if key in seen or stats[i].n == 0:
            continue
        seen.add(key)
        leaders.append(i)
        if len(leaders) >= k:
            break
    n_max = max(stats[i].n for i in leaders)
    for i in leaders:
        while stats[i].n < n_max:
            if deadline is not None and time.perf_counter() > deadline:
                break
            before = stats[i].n
            sampler.sample(i, min(n_max - stats[i].n, DEADLINE_CHUNK), rng)
            if stats[i].n == before:  # every sample refused (invalid): give up on this one
                break
    chosen = set(leaders)
    leaders.sort(key=lambda i: -stats[i].value)
    return leaders + [i for i in ranked if i not in chosen]


def plan_leaves(ctx: Context, proposals: list[Proposal], ranked: list[int], n: int,
                rng: np.random.Generator) -> list[int]:
    """The two leading strokes of ``ranked`` sampled ``n`` more times each with the leaves
    where the shooter goes on judged by the second level (:mod:`ai.search.leave`), and put
    in the order those samples give; the rest of the ranking stays."""
    top = [i for i in ranked[:2] if proposals[i].strike is not None]
    if n <= 0 or len(top) < 2:
        return ranked
    planned = Sampler(ctx, [proposals[i] for i in top], leave=LeavePlanner(ctx))
    for j in range(len(top)):
        planned.sample(j, n, rng)
    order = sorted(range(len(top)), key=lambda j: -planned.stats[j].value)
    return [top[j] for j in order] + [i for i in ranked if i not in top]
