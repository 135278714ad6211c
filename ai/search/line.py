"""The line of play: the best stroke, then the likely next one or two, as a chess engine shows
its principal variation.

From the best stroke's refereed samples (:class:`~ai.search.allocate.SampledOutcome`, kept by
the search with ``SearchOptions.keep_outcomes``) the ones where the shooter *keeps the table*
are taken: the rules core ruled the stroke successful, without a foul, the game goes on and the
same player is to move with the cue ball on the table (nothing about the rules is decided here:
every fact is the engine's adjudication, as in :mod:`ai.search.referee`).  If there are none
the line is that one stroke.  Else one of them stands for them all (:func:`representative`:
the sample whose cue ball rests nearest the component-wise median of their cue balls' resting
places -- the median, not the mean, so that a few cue balls sent far by a kiss or a run round
the cushions do not pull it; a real sample, not the median point, so that the position is one
the simulator and the rules core produced, every object ball where it really lay) and a
smaller search from that position (:func:`continuation_options`: :data:`CONTINUATION_SHARE`
of the decision's sample budget, clean pots, safeties and deliberate fouls) gives the next
stroke; and so on up to the line's length.

Each continuation search draws from its own generator, spawned from the suggestion's seed
(``numpy.random.SeedSequence(seed).spawn``): the first search's stream is untouched, and the
same seed gives the same line on every machine.

**The line's P(win)** backs the line up from its end.  With ``V_i`` the value (the search's
position value, P(win) for the shooter) of each sample of step i, ``k_i`` the share of step
i's samples where the shooter keeps the table and ``L_i`` the mean ``V_i`` of the others:

    W_last = mean V_last (the search's P(win) of the last stroke)
    W_i    = (1 - k_i) * L_i + k_i * W_(i+1)

and the line's P(win) is ``W_1``: every sampled outcome weighted as sampled, the ones that
keep the table valued by the rest of the line (followed from the representative position)
instead of by the position value.  A line of one stroke has the stroke's P(win).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Mapping

import numpy as np

from engine import Call, GameState
from sim import Strike

from ..noise import NoiseModel
from ..value import History, PositionValue
from .allocate import SampledOutcome, keeps_table
from .pipeline import Analysis, SearchOptions, analyse

# The decision's sample budget a continuation search gets (the stroke after the next one is
# told only roughly: it is the plan's direction, not a decision): chosen so that a line of
# three costs at most about half the suggestion's own time (docs/USAGE.md, measured).
CONTINUATION_SHARE = 0.2
MIN_CONTINUATION_SAMPLES = 40  # below this the continuation ranks on a handful of samples
# a continuation's attacks: clean pots only, at most this many refined (the decision's
# default is 6, with banks, combinations and cushion-first pots besides): the refinement
# scans are most of a small search's time -- clean pots only halve it (0.12 -> 0.06 s a
# continuation on benchmarks.line_bench's positions) and cost its best stroke 0.007 in P(win)
CONTINUATION_SHOTS = 3
PROB_DIGITS = 4  # probabilities as the suggestions write them (ai.agents.mc.to_decision)
XY_DIGITS = 4  # positions in metres to 0.1 mm, as the advice writes them (ai.describe)
# a stroke's angles in degrees to 1e-9 degree: a stroke read back from the line's JSON writes
# the same JSON (radians to degrees and back is exact only to a few ulp)
ANGLE_DIGITS = 9

Point = tuple[float, float]


def _xy(p) -> list[float] | None:
    return None if p is None else [p[0], p[1]]


def _point(obj, field: str) -> Point | None:
    if obj is None:
        return None
    if (not isinstance(obj, list) or len(obj) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in obj)):
        raise ValueError(f"{field} must be [x, y] in metres or null, got {obj!r}")
    return (float(obj[0]), float(obj[1]))


def _strike_json(strike: Strike) -> dict:
    out = strike.to_json()
    out["phi_deg"] = round(out["phi_deg"], ANGLE_DIGITS)
    out["elevation_deg"] = round(out["elevation_deg"], ANGLE_DIGITS)
    return out


def as_written(strike: Strike | None) -> Strike | None:
    """``strike`` as the line's JSON writes it (angles to :data:`ANGLE_DIGITS` decimals of a
    degree), so that a step read back from its JSON equals the step."""
    return None if strike is None else Strike.from_json(_strike_json(strike))


def _prob(obj: dict, field: str) -> float:
    v = obj.get(field)
    if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 1:
        raise ValueError(f"line step {field} must be a probability from 0 to 1, got {v!r}")
    return float(v)


@dataclass(frozen=True)
class LineStep:
    """One stroke of the line: what to play (``kind``, ``call``, ``strike``, ``placement``
    from hand, ``foul``), from which position (``balls``: every ball on the table, metres;
    the cue ball absent when it is in hand), where the cue ball should come to rest
    (``cue_stop``: the representative sample's cue ball, :func:`representative`; None for a
    tush or when it fell), and the figures: ``p_success`` (the call made without a foul),
    ``p_keep`` (the shooter keeps the table, as the module says), ``p_reach`` (the shooter
    gets to play this stroke at all: the product of the earlier steps' ``p_keep``), ``p_win``
    (the search's P(win) of this stroke from this position) and ``samples``."""

    kind: str
    call: Call | None
    strike: Strike | None
    placement: Point | None
    foul: str | None
    balls: Mapping[str, Point]
    cue_stop: Point | None
    p_success: float
    p_keep: float
    p_reach: float
    p_win: float
    samples: int

    def to_json(self) -> dict:
        return {"kind": self.kind, "call": None if self.call is None else self.call.to_json(),
                "strike": None if self.strike is None else _strike_json(self.strike),
                "placement": _xy(self.placement), "foul": self.foul,
                "balls": {b: _xy(p) for b, p in self.balls.items()},
                "cue_stop": _xy(self.cue_stop), "p_success": self.p_success,
                "p_keep": self.p_keep, "p_reach": self.p_reach, "p_win": self.p_win,
                "samples": self.samples}

    @classmethod
    def from_json(cls, obj) -> "LineStep":
        if not isinstance(obj, dict):
            raise ValueError(f"a line step must be an object, got {obj!r}")
        balls = obj.get("balls")
        if not isinstance(balls, dict):
            raise ValueError(f"line step balls must be an object of [x, y], got {balls!r}")
        samples = obj.get("samples")
        if not isinstance(samples, int) or isinstance(samples, bool) or samples < 0:
            raise ValueError(f"line step samples must be a count, got {samples!r}")
        return cls(kind=str(obj.get("kind")),
                   call=None if obj.get("call") is None else Call.from_json(obj["call"]),
                   strike=None if obj.get("strike") is None else Strike.from_json(obj["strike"]),
                   placement=_point(obj.get("placement"), "line step placement"),
                   foul=obj.get("foul"),
                   balls={str(b): _point(p, f"line step balls.{b}") for b, p in balls.items()},
                   cue_stop=_point(obj.get("cue_stop"), "line step cue_stop"),
                   p_success=_prob(obj, "p_success"), p_keep=_prob(obj, "p_keep"),
                   p_reach=_prob(obj, "p_reach"), p_win=_prob(obj, "p_win"), samples=samples)


@dataclass(frozen=True)
class Line:
    """The line of play: its ``steps``, the first the suggestion's best stroke, and its
    ``p_win`` (the module's W_1)."""

    steps: tuple[LineStep, ...]
    p_win: float

    def to_json(self) -> dict:
        return {"p_win": self.p_win, "steps": [s.to_json() for s in self.steps]}

    @classmethod
    def from_json(cls, obj) -> "Line":
        if not isinstance(obj, dict) or not isinstance(obj.get("steps"), list) \
                or not obj["steps"]:
            raise ValueError(f"a line must be an object with a non-empty steps list, got "
                             f"{obj!r}")
        return cls(tuple(LineStep.from_json(s) for s in obj["steps"]), _prob(obj, "p_win"))


def representative(outcomes: list[SampledOutcome]) -> SampledOutcome | None:
    """The sample whose cue ball rests nearest the component-wise median of the samples' cue
    balls (those with the cue ball on the table; the first sampled on a tie); None if none."""
    placed = [o for o in outcomes if "cue" in o.ruling.state.balls]
    if not placed:
        return None
    xy = np.array([o.ruling.state.balls["cue"] for o in placed], float)
    mid = np.median(xy, axis=0)
    d2 = ((xy - mid) ** 2).sum(axis=1)
    return placed[int(np.argmin(d2))]  # argmin: the first of equals


def continuation_options(options: SearchOptions) -> SearchOptions:
    """A continuation search's options: a share of the decision's budget (and of its time, if
    it had one), clean pots only and fewer of them refined (safeties and deliberate fouls as
    the decision's), one stroke wanted, its samples kept."""
    budget = max(MIN_CONTINUATION_SAMPLES, math.ceil(options.budget * CONTINUATION_SHARE))
    seconds = (None if options.time_budget is None
               else options.time_budget * CONTINUATION_SHARE)
    return replace(options, budget=budget, time_budget=seconds, top=1, keep_outcomes=True,
                   max_shots=min(options.max_shots, CONTINUATION_SHOTS), other_manners=False)


@dataclass(frozen=True)
class _Played:
    """One step's stroke and what its samples showed, before the line's figures are known."""

    state: GameState
    analysis: Analysis
    kept: tuple[SampledOutcome, ...]
    rep: SampledOutcome | None


def _play(state: GameState, analysis: Analysis) -> _Played:
    me = state.to_move
    kept = tuple(o for o in analysis.best_outcomes if keeps_table(o, me))
    rep = representative(list(kept) or list(analysis.best_outcomes))
    return _Played(state, analysis, kept, rep)


def principal_line(state: GameState, first: Analysis, simulator, noise: NoiseModel,
                   options: SearchOptions, seed: int, length: int,
                   win: PositionValue | None = None, history: History | None = None) -> Line:
    """The line of at most ``length`` strokes that starts with ``first``'s best stroke (an
    analysis of ``state`` made with ``keep_outcomes``); ``options`` are that analysis's, the
    continuations searched with :func:`continuation_options`, each from its own generator
    spawned from ``seed``."""
    if not first.ranked:
        raise ValueError("the analysis ranks no stroke: there is no line to follow")
    if length < 1:
        raise ValueError(f"a line has at least one stroke, got length={length}")
    best = first.ranked[0]
    if best.proposal.strike is not None and best.estimate.samples and not first.best_outcomes:
        raise ValueError("the analysis kept no samples of its best stroke: analyse with "
                         "SearchOptions.keep_outcomes to follow its line")
    played = [_play(state, first)]
    streams = np.random.SeedSequence(seed).spawn(max(0, length - 1))
    more = continuation_options(options)
    while len(played) < length and played[-1].kept and played[-1].rep is not None:
        nxt = played[-1].rep.ruling.state
        rng = np.random.default_rng(streams[len(played) - 1])
        played.append(_play(nxt, analyse(nxt, simulator, noise, rng, more, win, history)))
    return _figures(played)


def _mean(values) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def _figures(played: list[_Played]) -> Line:
    """The steps with their figures, and the line's P(win) backed up from its end."""
    steps, reach = [], 1.0
    for p in played:
        best = p.analysis.ranked[0]
        n = len(p.analysis.best_outcomes)
        keep = len(p.kept) / n if n else 0.0
        prop, est = best.proposal, best.estimate
        stop = None
        if p.rep is not None:
            x, y = p.rep.ruling.state.balls["cue"]
            stop = (round(x, XY_DIGITS), round(y, XY_DIGITS))
        steps.append(LineStep(
            kind=prop.kind, call=prop.call, strike=as_written(prop.strike),
            placement=prop.placement,
            foul=prop.foul,
            balls={b: (round(x, XY_DIGITS), round(y, XY_DIGITS))
                   for b, (x, y) in p.state.balls.items()},
            cue_stop=stop, p_success=round(est.p_success, PROB_DIGITS),
            p_keep=round(keep, PROB_DIGITS), p_reach=round(reach, PROB_DIGITS),
            p_win=round(est.p_win, PROB_DIGITS), samples=est.samples))
        reach *= keep
    w = played[-1].analysis.ranked[0].estimate.p_win
    for p in reversed(played[:-1]):
        n = len(p.analysis.best_outcomes)
        keep = len(p.kept) / n if n else 0.0
        kept_ids = {id(o) for o in p.kept}
        lost = _mean(o.value for o in p.analysis.best_outcomes if id(o) not in kept_ids)
        w = (1 - keep) * lost + keep * w
    return Line(tuple(steps), round(min(1.0, max(0.0, w)), PROB_DIGITS))
