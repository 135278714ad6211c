"""Simulate a stroke for a page to draw and animate: the simulator's answer plus each moving
ball's sampled path and motion frames, or a few noisy plays of the same stroke.

* :func:`simulate` -- a shot (docs/FORMATS.md) and :class:`~russian_pyramid.app.options.SimulateOptions`
  to a :class:`Simulated` or, with a noise, :class:`NoisyRuns` (``to_json()``: the JSON of
  ``POST /api/simulate`` and of ``pyramid engine``'s ``simulate``);
* :func:`sampled_paths` -- every moving ball's centre path, for drawing (:class:`Paths`);
* :func:`motion_frames` -- every ball's centre every few hundredths of a second, for animating.

Limits (:mod:`russian_pyramid.app.limits`, UserInputError naming the limit, before the paths are
drawn): every stroke stops within ``MAX_SIMULATED_S`` of simulated time and ``MAX_EVENTS``
events (the simulator's own cap, ``Simulator.max_events``), and the answer is at most
``MAX_ANSWER_BYTES``.
"""
from __future__ import annotations

import copy
import math
from dataclasses import dataclass

import numpy as np

from engine.errors import excerpt
from sim import SimResult, Simulator, Strike, layout
from sim.events import BALL_IDS
from sim.physics.motion import evolve
from sim.trajectory import sample_paths

from ..errors import UserInputError
from . import limits
from .options import SimulateOptions
from .position import parse_shot

PATH_DECIMALS = 4  # a drawn path's coordinates: 0.1 mm
FRAME_DECIMALS = 5  # a motion frame's coordinates: 0.01 mm


def _r(x: float) -> float:
    return round(float(x), FRAME_DECIMALS)


@dataclass(frozen=True)
class Paths:
    """Each moving ball's centre path, ``(ball, ((x, y), ...))`` in metres (0.1 mm), for
    drawing; none when nothing moved."""
    balls: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = ()

    def to_json(self) -> dict:
        """``{ball: [[x, y], ...]}``."""
        return {b: [[x, y] for x, y in pts] for b, pts in self.balls}


def sampled_paths(simulator: Simulator, result: SimResult,
                  step_s: float = limits.PATH_STEP_S) -> Paths:
    """Each moving ball's centre path in metres (0.1 mm), for drawing."""
    if result.segments is None or not len(result.segments):
        return Paths()
    return Paths(tuple(
        (b, tuple((round(float(x), PATH_DECIMALS), round(float(y), PATH_DECIMALS))
                  for x, y in pts))
        for b, pts in sample_paths(result.segments, simulator.params, step_s).items()))


@dataclass(frozen=True)
class Motion:
    """Frames every ``dt`` seconds: ``n`` of them, and each ball's ``[x, y]`` (``None`` once
    it has fallen) in each."""
    dt: float
    n: int
    balls: dict

    def to_json(self) -> dict:
        return {"dt": self.dt, "n": self.n, "balls": self.balls}


def motion_frames(simulator: Simulator, result: SimResult,
                  dt: float = limits.FRAME_DT_S) -> Motion:
    """Every ball's centre every ``dt`` seconds from the simulator's motion segments (exact
    closed-form motion between events, :func:`sim.trajectory.states_at`); ``null`` once a
    ball has fallen.  For animating a stroke at its real speed."""
    seg = result.segments
    if seg is None or not len(seg):
        return Motion(dt, 0, {})
    n = int(math.ceil(result.duration_s / dt)) + 1
    times = np.arange(n) * dt
    out = {}
    for ball in np.unique(seg[:, layout.SEG_BALL]).astype(int):
        rows = seg[seg[:, layout.SEG_BALL] == ball]
        idx = np.maximum(np.searchsorted(rows[:, layout.SEG_T], times, side="right") - 1, 0)
        track = []
        for t, k in zip(times, idx):
            row = rows[k]
            state = int(row[layout.SEG_STATE])
            if state == layout.POCKETED:
                track.append(None)
                continue
            r = evolve(state, row[layout.SEG_RX], row[layout.SEG_RY], row[layout.SEG_VX],
                       row[layout.SEG_VY], row[layout.SEG_WX], row[layout.SEG_WY],
                       row[layout.SEG_WZ], max(0.0, t - row[layout.SEG_T]), simulator.params)
            track.append([_r(r[0]), _r(r[1])])
        out[BALL_IDS[ball]] = track
    return Motion(dt, n, out)


@dataclass(frozen=True)
class Simulated:
    """One stroke played exactly: the simulator's ``result``, the moving balls' ``paths`` and
    the ``motion`` frames."""
    result: SimResult
    paths: Paths
    motion: Motion

    def to_json(self) -> dict:
        """``pyramid simulate --json``'s document plus ``paths`` and ``motion``."""
        out = self.result.to_json()
        out["paths"] = self.paths.to_json()
        out["motion"] = self.motion.to_json()
        return out


@dataclass(frozen=True)
class NoisyRun:
    """One play of the stroke with execution noise: the ``strike`` as played, its ``result``
    and ``paths``."""
    strike: Strike
    result: SimResult
    paths: Paths

    def to_json(self) -> dict:
        one = self.result.to_json()
        return {"strike": self.strike.to_json(), "pocketed": one["pocketed"],
                "final": one["final"], "first_contact": one["first_contact"],
                "paths": self.paths.to_json()}


@dataclass(frozen=True)
class NoisyRuns:
    """The stroke played ``len(runs)`` times with the ``noise`` (as the request named it)
    drawn from ``seed``."""
    noise: str
    seed: int
    runs: tuple[NoisyRun, ...]

    def to_json(self) -> dict:
        return {"noise": self.noise, "seed": self.seed,
                "runs": [run.to_json() for run in self.runs]}


def simulate(doc, options: SimulateOptions | None = None) -> Simulated | NoisyRuns:
    """The shot ``doc`` played once exactly (:class:`Simulated`), or with ``options.noise``
    ``options.runs`` times with that execution noise from ``options.seed``
    (:class:`NoisyRuns`); bad input or a limit passed: UserInputError."""
    options = options or SimulateOptions()
    simulator, balls, strike, watch = parse_shot(doc)
    simulator = _capped(simulator)
    if options.noise is None:
        result = simulator.simulate(balls, strike, watch_house_line=watch, check=False)
        _check_limits([result], frames=True)
        return Simulated(result, sampled_paths(simulator, result),
                         motion_frames(simulator, result))
    model = options.model  # the noise read once, with the options
    rng = np.random.default_rng(options.seed)
    played, results = [], []
    for k in range(options.runs):
        played.append(model.perturb(strike, rng, simulator.physics.miscue_offset))
        try:
            results.append(simulator.simulate(balls, played[-1], watch_house_line=watch,
                                              check=False))
        except ValueError as exc:  # sim.SimInputError: the noise took the stroke too far
            raise UserInputError(f"run {k + 1} as played with noise {excerpt(options.noise)}: "
                                 f"{exc}; take a gentler stroke or less noise") from None
    _check_limits(results, frames=False)
    return NoisyRuns(str(options.noise), options.seed,
                     tuple(NoisyRun(one, result, sampled_paths(simulator, result))
                           for one, result in zip(played, results)))


def _capped(simulator: Simulator) -> Simulator:
    """``simulator`` with its event cap lowered to ``limits.MAX_EVENTS`` (a shallow copy: the
    shared simulator is left as it is)."""
    if simulator.max_events <= limits.MAX_EVENTS:
        return simulator
    capped = copy.copy(simulator)
    capped.max_events = limits.MAX_EVENTS
    return capped


def _check_limits(results: list[SimResult], frames: bool) -> None:
    """Refuse strokes beyond ``limits.MAX_SIMULATED_S`` or ``limits.MAX_EVENTS``, and an
    answer whose paths (and motion frames) would exceed ``limits.MAX_ANSWER_BYTES``:
    estimated from each stroke's duration and moving balls before any is drawn."""
    size = 0
    for k, result in enumerate(results):
        which = "the stroke" if len(results) == 1 else f"run {k + 1}"
        if result.truncated:
            raise UserInputError(f"{which} reached the limit of {limits.MAX_EVENTS} simulator "
                                 f"events (MAX_EVENTS) before the balls stopped; check the "
                                 f"physics")
        if result.duration_s > limits.MAX_SIMULATED_S:
            raise UserInputError(f"{which}'s balls roll for {result.duration_s:.1f} s of "
                                 f"simulated time: at most {limits.MAX_SIMULATED_S:g} s "
                                 f"answered (MAX_SIMULATED_S); check the physics (its "
                                 f"frictions)")
        balls = len(result.final)  # at most the balls on the table move
        per_ball = result.duration_s / limits.PATH_STEP_S + 2 + len(result.events) * 2
        if frames:
            per_ball += result.duration_s / limits.FRAME_DT_S + 1  # motion: a frame every dt
        points = balls * per_ball
        size += int(points * limits.POINT_BYTES) + 200 * (len(result.events) + len(result.final))
    if size > limits.MAX_ANSWER_BYTES:
        raise UserInputError(f"the answer would be about {size / 2 ** 20:.1f} MB: at most "
                             f"{limits.MAX_ANSWER_BYTES // 2 ** 20} MB (MAX_ANSWER_BYTES); "
                             f"ask for fewer runs")
