"""Games with their records, shared by ``pyramid play`` and ``pyramid tournament``.

* :func:`play_recorded_game` plays one game (:func:`ai.games.match.play_game`) and builds its
  game record (:mod:`engine.record`) stroke by stroke, with its statistics
  (:func:`ai.games.stats.game_stats`).
* :func:`replay_simulate` is the ``simulate`` callable :func:`engine.replay` needs, built on
  :class:`sim.Simulator`: a record written here replays exactly.

Strokes in a record carry the stroke *as played* (after execution noise) in the JSON form of
docs/FORMATS.md plus ``phi_rad`` and ``elevation_rad``, the exact radians (degrees do not
round-trip bit for bit, and a replay must reproduce the simulation exactly), and each its
story (:func:`story_of_report`, :mod:`engine.story`): the strike and call the agent meant,
the noise (intended + noise is the stroke played, bit for bit), its estimates and
alternatives, the decision's time and samples.

With a ``journal`` (``pyramid play --record``: :class:`engine.files.Journal`) the record is
also written as the game is played: its header (marked ``"journal": true``) first, then each
stroke's line, sealed with the lines before it, as soon as it is played, so a process killed (``kill -9``) loses at most the
stroke in flight; the caller writes the whole sealed record over it at the end
(:func:`engine.record.write_record`).  Such a journal left behind reads and verifies as an
interrupted game (:func:`verified`: ``check.interrupted``).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from engine import (GameRecord, GameState, make_header, stroke_from_events, stroke_record,
                    tush_stroke)
from engine.provenance import VersionDifference, header_version_differences
from engine.record import JOURNAL_KEY, StrokeRecord, result_line
from engine.recorded import RecordedStrike
from engine.seal import JournalSealer
from engine.story import EXACT_FIELDS, MAX_ALTERNATIVES, STORY_KEY, Alternative, Story
from engine.verify import RecordCheck, RecordRefused, check_header, verify_record
from engine.version import VERSION
from sim import PhysicsParams, Simulator, Strike, shared_simulator
from sim.params import record_physics

from ..agent import Agent, Decision
from ..noise import NoiseModel
from .match import MAX_STROKES_PER_GAME, GameLog, StrokeReport, play_game, watch_line_x
from .stats import GameStats, game_stats

SOFTWARE_VERSION = VERSION  # engine.version: the one source


# --- strokes as JSON ------------------------------------------------------------------------
def strike_to_record(strike: Strike) -> dict:
    out = strike.to_json()
    out["phi_rad"] = strike.phi_rad
    out["elevation_rad"] = strike.elevation_rad
    return out


def recorded_strike(strike: Strike) -> RecordedStrike:
    """A stroke played as its record line keeps it (:func:`strike_to_record`'s fields)."""
    return RecordedStrike(**strike_to_record(strike))


def strike_from_record(obj: dict | RecordedStrike) -> Strike:
    """The stroke of a record line: exact radians if present, else the degrees fields."""
    if isinstance(obj, RecordedStrike):  # a record's line as read (engine.recorded)
        obj = obj.to_json()
    if not isinstance(obj, dict):
        raise ValueError(f"strike must be an object, got {obj!r}")
    if "phi_rad" in obj:
        return Strike(speed_mps=float(obj["speed_mps"]), phi_rad=float(obj["phi_rad"]),
                      elevation_rad=float(obj.get("elevation_rad", 0.0)),
                      side=float(obj.get("side", 0.0)), vertical=float(obj.get("vertical", 0.0)))
    return Strike.from_json({k: v for k, v in obj.items()
                             if k in ("speed_mps", "phi_deg", "elevation_deg", "side",
                                      "vertical")})


def balls_before(state: GameState, placement) -> dict[str, tuple[float, float]]:
    balls = {b: (float(p[0]), float(p[1])) for b, p in state.balls.items()}
    if state.cue_in_hand and placement is not None:
        balls["cue"] = (float(placement[0]), float(placement[1]))
    return balls


def simulate_stroke(simulator: Simulator, state: GameState, strike: Strike, placement):
    """Simulate a stroke from a game state exactly as :func:`ai.games.match.execute` does."""
    watch = watch_line_x(state)
    return simulator.simulate(balls_before(state, placement), strike,
                              watch_house_line=False if watch is None else watch, check=False)


def replay_simulate(simulator: Simulator) -> Callable:
    """``simulate(state_before, strike, placement) -> (events, final)`` for
    :func:`engine.replay`."""
    def simulate(state, strike_obj, placement):
        result = simulate_stroke(simulator, state, strike_from_record(strike_obj), placement)
        return result.events, result.final
    return simulate


def _probability(p: float | None) -> float | None:
    """An estimate for a story: ``None`` when the agent has none (mc's -1: never sampled)."""
    return p if p is not None and 0.0 <= p <= 1.0 else None


def _alternative(d: Decision) -> Alternative:
    return Alternative(strike=None if d.strike is None else strike_to_record(d.strike),
                       call=None if d.call is None else d.call.to_json(),
                       placement=None if d.placement is None else (float(d.placement[0]),
                                                                   float(d.placement[1])),
                       kind=d.kind, p_win=_probability(d.p_win),
                       p_success=_probability(d.p_success))


def story_of_report(report: StrokeReport) -> Story:
    """The story of one played stroke (:mod:`engine.story`): the agent's strike and call
    before the execution noise, the noise (executed - intended, per strike field, computed
    in floating point so that intended + noise is the stroke played bit for bit in every
    field a replay simulates; a field where no float does that -- a speed held at its floor,
    offsets pulled back to the miscue limit -- is listed in ``inexact``), the kind, the
    estimates, the alternatives, the decision's wall time and the strokes it simulated.  A
    tush has no strike: no intended strike, no noise."""
    d = report.decision
    intended = noise = None
    inexact: tuple[str, ...] = ()
    if d.strike is not None and report.played is not None:
        intended, executed = strike_to_record(d.strike), strike_to_record(report.played)
        noise = {k: executed[k] - intended[k] for k in intended}
        inexact = tuple(k for k in EXACT_FIELDS if intended[k] + noise[k] != executed[k])
    return Story(intended_strike=intended,
                 intended_call=None if d.call is None else d.call.to_json(),
                 noise=noise, inexact=inexact, kind=d.kind, p_win=_probability(d.p_win),
                 p_success=_probability(d.p_success),
                 alternatives=tuple(_alternative(a) for a in d.alternatives[:MAX_ALTERNATIVES]),
                 decision_s=d.decision_s, samples=d.sims)


def record_of_report(report: StrokeReport) -> StrokeRecord:
    """The record line of one played stroke, with its story (:func:`story_of_report`)."""
    state = report.state_before
    if report.sim is None:  # a tush
        facts = tush_stroke()
        strike = None
    else:
        facts = stroke_from_events(report.sim.events, report.sim.final,
                                   call=report.decision.call, placement=report.placement,
                                   state=state)
        strike = recorded_strike(report.played)
    extra = None
    if isinstance(report.decision, Decision):  # an agent's own decision type tells none
        extra = {STORY_KEY: story_of_report(report).to_json()}
    return stroke_record(state, facts, report.outcome.adjudication, report.state_after,
                         strike=strike, extra=extra)


# --- one game -------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayedGame:
    log: GameLog
    record: GameRecord
    stats: GameStats


class GameInterrupted(Exception):
    """A game stopped before its end (an internal failure, Ctrl-C, or a signal turned into a
    ``KeyboardInterrupt``); ``record`` holds the strokes played so far with an unfinished
    result line (``stopped_by``: the exception's ``stopped_by`` attribute if it has one, else
    its class name), ``cause`` the original exception."""

    def __init__(self, record: GameRecord, cause: BaseException):
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.record = record
        self.cause = cause
        self.interrupt = interrupt_in(cause)


def interrupt_in(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C (or a signal raised as a ``KeyboardInterrupt``) behind an exception, if any.

    A signal handler that raises while compiled (Numba) code is returning surfaces as a
    ``SystemError`` "returned a result with an exception set", the interrupt as its cause:
    that is still an interrupt (exit 130/143), not an internal failure (issue 15 saw Ctrl-C
    reported as exit 1)."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


def play_recorded_game(state: GameState, agents: Sequence[Agent], specs: Sequence[str],
                       simulator: Simulator, rng: np.random.Generator,
                       noise: Sequence[NoiseModel], seed=None,
                       on_stroke: Callable[[StrokeReport, StrokeRecord], None] | None = None,
                       max_strokes: int = MAX_STROKES_PER_GAME, header_extra=None,
                       journal: Callable[[str], None] | None = None) -> PlayedGame:
    """Play one game and build its record.  ``journal(line)``, when given, receives the
    journal's lines as they come (:func:`journal_header_line`: the header marked ``"journal":
    true`` before the first stroke, then each stroke's line once it is played, before
    ``on_stroke``); a journal that fails raises out of it as any other failure would."""
    header = make_header(state, list(specs), seed=seed,
                         physics=physics_json(simulator), software_version=SOFTWARE_VERSION,
                         **(header_extra or {}))
    sealer = None
    if journal is not None:
        first = journal_header_line(header)
        journal(first)
        sealer = JournalSealer(json.loads(first))  # each stroke line sealed with those before
    # each stroke played goes in as one (line, state after) pair with a single list.append,
    # so an interrupt (Ctrl-C, SIGTERM) arriving between two bytecodes never leaves a line
    # without its state: the record so far always ends at a stroke boundary
    done: list[tuple[StrokeRecord, GameState]] = []

    def hook(report: StrokeReport) -> None:
        line = record_of_report(report)
        done.append((line, report.outcome.state))
        if journal is not None:
            journal(sealer.line(line.to_json()))
        if on_stroke is not None:
            on_stroke(report, line)

    try:
        log = play_game(state, agents, simulator, rng, noise, on_stroke=hook,
                        max_strokes=max_strokes)
    except (Exception, KeyboardInterrupt) as exc:
        # keep what was played: the strokes so far, marked unfinished, go with the error
        kept = list(done)
        record = GameRecord(header, [line for line, _ in kept])
        record.result = result_line(kept[-1][1] if kept else state)
        record.result["unfinished"] = True
        why = interrupt_in(exc) or exc
        record.result["stopped_by"] = getattr(why, "stopped_by", type(why).__name__)
        raise GameInterrupted(record, exc) from exc
    record = GameRecord(header, [line for line, _ in done])
    final = log.final
    record.result = result_line(final)
    if log.unfinished:
        record.result["unfinished"] = True
    return PlayedGame(log, record, game_stats(log))


def journal_header_line(header: dict) -> str:
    """A journal's first line: the record's header marked ``"journal": true``
    (:data:`engine.record.JOURNAL_KEY`); each later line is a stroke line as the record has
    it (:meth:`engine.record.GameRecord.lines`) with its own seal, ``sha256``
    (:class:`engine.seal.JournalSealer`)."""
    return json.dumps({**header, JOURNAL_KEY: True}, allow_nan=False)


def physics_json(simulator: Simulator) -> dict:
    """The simulator's physics parameters for a record's header (non-finite numbers as null)."""
    return {k: (v if not isinstance(v, float) or math.isfinite(v) else None)
            for k, v in simulator.physics.naming_json().items()
            if isinstance(v, (int, float, str, bool, type(None)))}


@dataclass(frozen=True)
class VerifiedRecord:
    simulator: Simulator  # of the record's table and physics: its strokes were simulated again
    check: RecordCheck
    same_physics: bool  # True: the record's physics are the defaults; False: other (valid)
    #   physics, header.physics, which the strokes were simulated again with
    # the versions (header.provenance) that differ from the running ones: a replay may differ
    versions_differ: tuple[VersionDifference, ...] = ()


def header_physics(header: dict) -> PhysicsParams:
    """The physics a record's game was played with, which its strokes are simulated again
    with: the defaults with the values ``header.physics`` gives -- the full set ``pyramid
    play`` writes (:func:`physics_json`), some of them, or none (``{}`` or absent: a person's
    record, a hand-made one).  An unknown parameter or a value out of range is refused on
    line 1 (:func:`sim.params.record_physics`)."""
    try:
        return record_physics(header.get("physics"), "header.physics")
    except ValueError as exc:
        raise RecordRefused(1, str(exc)) from None


def verified(record: GameRecord) -> VerifiedRecord:
    """A record checked before it is trusted (:func:`engine.verify.verify_record`), every
    stroke played simulated again with the physics it was played with (:func:`header_physics`:
    nothing in the record turns this off), with the simulator of its table and physics, and
    the versions it was made with that differ from the running ones (``versions_differ``).
    Raises EngineError (a fault, with its line) or ValueError (an unknown table)."""
    table = check_header(record.header).table
    physics = header_physics(record.header)
    simulator = shared_simulator(table)
    same_physics = physics == simulator.physics
    if not same_physics:
        simulator = Simulator(table, physics)
    check = verify_record(record, simulate=replay_simulate(simulator))
    return VerifiedRecord(simulator, check, same_physics,
                          header_version_differences(record.header))
