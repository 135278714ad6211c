"""The Monte Carlo agent: the search of :mod:`ai.search` behind the agent protocol
(:class:`ai.agent.Agent`) and the advice protocol (:class:`ai.advisor.Advisor`: ``rank`` and
``principal_line``)."""
from __future__ import annotations

from time import perf_counter
from dataclasses import replace

import numpy as np

from engine import GameState
from engine.story import MAX_ALTERNATIVES
from sim import Simulator, shared_simulator

from ..advisor import Ranking
from ..agent import Decision, SearchEstimate
from ..conditions import GameClock, GameConditions
from ..describe import instruction
from ..noise import NoiseModel
from ..search import Analysis, Context, Evaluated, SearchOptions, analyse
from ..search.fresh import (FRESH_SAMPLES, FreshEstimate, fresh_generators, reestimate,
                            remeasured)
from ..search.line import Line, principal_line
from ..search.refine import STEPS
from ..search.safety import FRACTIONS
from ..value import History, make_value

DEFAULT_BUDGET = 300  # samples per decision: about 0.2 s on one core (ai/README.md)
DEFAULT_SKILL = "strong"  # the noise belief when neither the spec nor a match tells one
DEFAULT_VALUE = "learned"  # the position value (ai.value.VALUES)
MAX_LOOK = 2  # look-ahead depth: each level multiplies a leaf's cost (ai/README.md)
# The default's candidate generation: the fine refinement scan (41 directions) and safety
# screen (5 contact fractions) at every level, no cut of hopeless candidates.  The coarse
# forms (``scan=15``, ``screen=3``: 0.65x the decision time) were the default at the `strong`
# level until a match showed them weaker there (ai.search.refine.COARSE_STEPS; ai/README.md
# "Decision time").
DEFAULT_SCAN = STEPS
DEFAULT_CUT = 0.0
DEFAULT_SCREEN = 5


def _num(v, cast, name):
    try:
        return cast(v)
    except (TypeError, ValueError):
        raise ValueError(f"option {name}={v!r} must be a number") from None


def skill_of(skill):
    """A skill given as a name or as a string or number magnitude."""
    try:
        return float(skill)
    except (TypeError, ValueError):
        return skill


class MCAgent:
    """Options (all strings from the registry are accepted): ``budget`` samples per decision
    (default 300), ``time`` seconds (anytime: stops sampling at the deadline), ``skill`` the
    noise belief about both players (name or magnitude), ``fouls`` / ``safeties`` 0/1,
    ``opening`` 0/1 (the dedicated break search of :mod:`ai.search.opening`), ``placements``
    (spots from hand searched), ``shots`` (clean pots refined per spot), ``value`` the
    position value that judges every outcome (``learned``: :mod:`ai.value.learned` with the
    weights fitted at the level of play nearest the noise believed, :mod:`ai.value.levels`,
    the default; ``race``: the score race with a one-stroke look-ahead, :mod:`ai.value.pwin`),
    ``plan`` samples of each of the two leading strokes whose leaves the second search level
    judges (:mod:`ai.search.leave`; 0, off, by default), ``look`` the depth of the look-ahead
    over the leading strokes' leaves at equal samples (:mod:`ai.search.lookahead`; 0, off, by
    default), ``position`` the leading clean pots of each spot given speed/spin variants
    chosen by the leave (:mod:`ai.search.position`; 0, off, by default), ``stalls`` 0/1 (a
    long battle without points valued as the draw it amounts to,
    :mod:`ai.value.repetition`; on), ``crn`` 0/1 (common random numbers: the k-th sample of
    every stroke played with the same noise draws, so that strokes are compared on the same
    luck, :class:`ai.search.allocate.Sampler`; off), ``fresh`` the fresh samples of each
    stroke :meth:`rank` shows, on which its figures are measured again (the winner's curse,
    :mod:`ai.search.fresh`; :data:`~ai.search.fresh.FRESH_SAMPLES`; 0: the search's own),
    ``scan`` the directions of an attack's refinement scan (41, the default; fewer: a coarse
    scan whose window ends are sharpened, :func:`ai.search.refine.refine`)
    and ``cut`` the share of a spot's best ranking below which a pot is dropped before any
    scan (:func:`ai.search.attack.attack_candidates`; :data:`DEFAULT_CUT`), ``screen`` the
    contact fractions a ball in the safety screen (5, the default, or 3,
    :data:`ai.search.safety.FRACTIONS`), ``weights`` the learned value's weights from a file
    written by ``python -m ai.calibrate.value`` (a fit of one's own, docs/CALIBRATION.md)."""

    def __init__(self, name: str = "mc", budget=DEFAULT_BUDGET, time=None, skill=None,
                 fouls=1, safeties=1, placements=2, shots=6, opening=1, value=DEFAULT_VALUE,
                 plan=0, look=0, stalls=1, position=0, crn=0, fresh=FRESH_SAMPLES,
                 scan=DEFAULT_SCAN, cut=DEFAULT_CUT, screen=DEFAULT_SCREEN, weights=None,
                 simulator: Simulator | None = None):
        self.name = name
        # no skill given: strong, until a match tells the noise of its strokes (begin_game)
        self.skill_given = skill is not None
        self.noise = NoiseModel.for_skill(skill_of(DEFAULT_SKILL if skill is None else skill))
        self.clock: GameClock | None = None  # a match's time per game (begin_game)
        self.options = SearchOptions(
            budget=_num(budget, int, "budget"),
            time_budget=None if time in (None, "", "none") else _num(time, float, "time"),
            placements=_num(placements, int, "placements"), max_shots=_num(shots, int, "shots"),
            fouls=bool(_num(fouls, int, "fouls")), safeties=bool(_num(safeties, int, "safeties")),
            opening=bool(_num(opening, int, "opening")), plan=_num(plan, int, "plan"),
            look=_num(look, int, "look"), position=_num(position, int, "position"),
            crn=bool(_num(crn, int, "crn")), scan=_num(scan, int, "scan"),
            cut=_num(cut, float, "cut"), screen=_num(screen, int, "screen"))
        if self.options.screen not in FRACTIONS:
            raise ValueError(f"option screen={screen!r} must be one of "
                             f"{', '.join(map(str, FRACTIONS))}")
        self.fresh = _num(fresh, int, "fresh")
        if self.fresh < 0:
            raise ValueError(f"option fresh={fresh!r} must be 0 or more samples")
        if not 0 <= self.options.look <= MAX_LOOK:
            raise ValueError(f"option look={look!r} must be a depth from 0 to {MAX_LOOK}")
        self.sim = simulator or shared_simulator()
        self.win = make_value(value, weights)
        # situations met this game: foul loops and safety battles (ai.value.repetition)
        self.history = History(stalls=bool(_num(stalls, int, "stalls")))
        self.last: Analysis | None = None

    def analyse(self, state: GameState, rng: np.random.Generator, top: int = 1,
                keep_outcomes: bool = False) -> Analysis:
        """Ranked strokes; ``top`` > 1 samples the leading ``top`` equally (suggestions);
        ``keep_outcomes`` keeps the best stroke's samples (for :meth:`line`)."""
        options = self.options if top == 1 else _with_top(self.options, top)
        if keep_outcomes:
            options = replace(options, keep_outcomes=True)
        self.last = analyse(state, self.sim, self.noise, rng, options, win=self.win,
                            history=self.history)
        return self.last

    def line(self, state: GameState, analysis: Analysis, seed: int, length: int) -> Line:
        """The line of play of at most ``length`` strokes from ``analysis`` (of ``state``,
        made with ``keep_outcomes``), its continuations seeded from ``seed``
        (:func:`ai.search.line.principal_line`)."""
        return principal_line(state, analysis, self.sim, self.noise, self.options, seed,
                              length, win=self.win, history=self.history)

    def rank(self, state: GameState, rng: np.random.Generator, top: int = 1,
             keep_line: bool = False) -> Ranking:
        """The :class:`ai.advisor.Advisor` ranking: :meth:`analyse`'s strokes, one of each
        stroke a player would see as one suggestion (:meth:`ai.search.proposal.Proposal.key`)
        and sampled at least once, at most ``top``, best first, as decisions without their
        words (the application writes those, :mod:`ai.describe`); its samples are every
        stroke's, and its basis the search (for :meth:`principal_line`).  With ``fresh``
        (the default) each shown stroke's figures are measured again on that many fresh
        samples, its generator spawned from ``rng`` (:mod:`ai.search.fresh`), the search's
        own kept in :attr:`ai.agent.Decision.searched`; they are put in the order of their
        fresh P(win), and the basis's first stroke and samples are the fresh ones (the line
        of play starts with the first suggestion: :func:`ai.search.fresh.remeasured`)."""
        fresh_rngs = fresh_generators(rng, top) if self.fresh else []  # rng not advanced
        analysis = self.analyse(state, rng, top=top, keep_outcomes=keep_line)
        shown, seen = [], set()
        for e in analysis.ranked:
            key = e.proposal.key()
            if key in seen or e.estimate.samples == 0:
                continue
            seen.add(key)
            shown.append(e)
            if len(shown) >= top:
                break
        out = [to_decision(e, words=False) for e in shown]
        samples = sum(e.estimate.samples for e in analysis.ranked)
        if self.fresh and shown:
            ctx = Context(state, self.sim, self.noise, self.win, self.history)
            found = reestimate(ctx, [e.proposal for e in shown], fresh_rngs[:len(shown)],
                               self.fresh, record=keep_line)
            keep = self.options.look > 0
            analysis, order = remeasured(analysis, shown, found, keep_p_win=keep)
            out = [out[i] if found[i] is None else measured(out[i], found[i], keep_p_win=keep)
                   for i in order]
            samples += sum(f.samples for f in found if f is not None)
        return Ranking(tuple(out), samples, analysis)

    def principal_line(self, state: GameState, ranking: Ranking, seed: int,
                       length: int) -> Line:
        """The :class:`ai.advisor.Advisor` line: :meth:`line` from the ranking's search."""
        if not isinstance(ranking.basis, Analysis):
            raise ValueError("the ranking holds no search of this agent's (rank it here, with "
                             "keep_line)")
        return self.line(state, ranking.basis, seed, length)

    def alternatives(self, state: GameState, rng: np.random.Generator, top: int = 3
                     ) -> list[Decision]:
        """The agent's ``top`` best strokes, best first, as decisions (for analysis)."""
        return [to_decision(e) for e in self.analyse(state, rng).ranked[:top]]

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        """The stroke to play, with its story: the next best strokes (up to
        :data:`engine.story.MAX_ALTERNATIVES`), the strokes the search simulated
        (``Analysis.sims``) and its wall time (``Analysis.seconds``).  Only decisions made in
        play are remembered for foul loops (``analyse`` alone, as in suggest and analyze,
        keeps no history)."""
        self.history.visit(state)
        t0 = perf_counter()
        if self.clock is None:
            analysis = self.analyse(state, rng)
        else:  # the game's time: this decision's share of it, within the agent's own limit
            own = self.options
            share = self.clock.share_s(state)
            self.options = replace(own, time_budget=share if own.time_budget is None
                                   else min(own.time_budget, share))
            try:
                analysis = self.analyse(state, rng)
            finally:
                self.options = own
                self.clock.spend(perf_counter() - t0)
        best, rest = analysis.ranked[0], analysis.ranked[1:1 + MAX_ALTERNATIVES]
        return replace(to_decision(best), alternatives=tuple(to_decision(e) for e in rest),
                       sims=analysis.sims, decision_s=analysis.seconds)


    def begin_game(self, conditions: GameConditions) -> None:
        """A match's conditions (:mod:`ai.conditions`): the noise of its strokes becomes the
        agent's noise belief unless its spec set ``skill``; a time per game makes each
        decision's search stop at its share of the time left (:class:`GameClock`)."""
        if not self.skill_given:
            self.noise = NoiseModel.for_skill(conditions.skill)
        self.clock = (None if conditions.time_per_game_s is None
                      else GameClock(conditions.time_per_game_s))


def _with_top(options: SearchOptions, top: int) -> SearchOptions:
    return replace(options, top=top)


def measured(d: Decision, f: FreshEstimate, keep_p_win: bool = False) -> Decision:
    """``d`` with its figures measured afresh (``f``), the search's kept in ``searched``;
    ``keep_p_win``: the search's P(win) stays (the look-ahead's, no samples' mean)."""
    searched = SearchEstimate(d.samples, d.p_success, d.p_win, d.p_foul, d.expected_points)
    return replace(d, p_success=round(f.p_success, 4), p_foul=round(f.p_foul, 4),
                   expected_points=round(f.expected_points, 3),
                   p_win=d.p_win if keep_p_win else round(f.p_win, 4), samples=f.samples,
                   searched=searched)


def to_decision(e: Evaluated, words: bool = True) -> Decision:
    """The search's stroke ``e`` as a decision; ``words`` False leaves its ``instruction``
    empty (advice writes its own from the stroke's facts, :mod:`ai.describe`)."""
    p, est = e.proposal, e.estimate
    return Decision(p.call, p.strike, p.placement, p.kind, foul=p.foul,
                    p_success=round(est.p_success, 4),
                    expected_points=round(est.expected_points, 3),
                    p_foul=round(est.p_foul, 4), p_win=round(est.p_win, 4),
                    instruction=instruction(p.kind, p.call, p.strike, p.placement, p.shot,
                                            p.foul) if words else "",
                    samples=est.samples, shot=p.shot)
