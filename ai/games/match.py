"""Playing strokes and games: the decision, the noisy execution, the simulation, the referee.

The match loop is deliberately short.  Everything random flows from one
``numpy.random.Generator``: the agents' choices and the execution noise, stroke after stroke,
so a seed fixes the whole game.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import numpy as np

from engine import (GameState, Outcome, adjudicate, adjudicate_sim_result, can_place_cue,
                    tush_stroke)
from engine.geometry import TEMPORARY_HOUSE
from sim import SimResult, Simulator, Strike

from ..agent import Agent, Decision
from ..noise import NoiseModel

MAX_STROKES_PER_GAME = 500  # a safety net; the draw rule (R9.2) ends real stalemates
# the highest stroke cap a game may be given (pyramid play and tournament --max-strokes, a
# results header): 20 times the default, which no game of this project's agents has needed;
# a typo of a few zeros does not let a stalled game run for days
MAX_STROKE_CAP = 10_000


class IllegalDecision(ValueError):
    """An agent asked for something the rules or the table do not allow."""


@dataclass
class StrokeReport:
    state_before: GameState
    decision: Decision
    played: Strike | None  # the stroke after execution noise (None for a tush)
    placement: tuple[float, float] | None
    sim: SimResult | None
    outcome: Outcome

    @property
    def state_after(self) -> GameState:
        return self.outcome.state


def watch_line_x(state: GameState) -> float | None:
    """The line whose crossing decides R7.1g / R8.2 when playing from hand."""
    region = state.placement_region()
    if region is None:
        return None
    spec = state.spec
    return spec.temporary_house_line_x if region.name == TEMPORARY_HOUSE else spec.house_line_x


def balls_for_stroke(state: GameState, placement) -> dict[str, tuple[float, float]]:
    balls = {b: tuple(p) for b, p in state.balls.items()}
    if state.cue_in_hand:
        if placement is None or not can_place_cue(state, placement[0], placement[1]):
            raise IllegalDecision(f"cue ball placement {placement!r} is not allowed from hand "
                                  f"({state.placement_region().name})")
        balls["cue"] = (float(placement[0]), float(placement[1]))
    return balls


def execute(state: GameState, decision: Decision, simulator: Simulator,
            rng: np.random.Generator, noise: NoiseModel) -> StrokeReport:
    """Play a decision: perturb the stroke, simulate it, adjudicate the result."""
    played = None
    if decision.strike is not None:  # (a tush draws no noise)
        balls_for_stroke(state, decision.placement)  # a bad placement refused before the draw
        played = noise.perturb(decision.strike, rng, simulator.physics.miscue_offset)
    return execute_played(state, decision, simulator, played)


def execute_played(state: GameState, decision: Decision, simulator: Simulator,
                   played: Strike | None) -> StrokeReport:
    """Play a decision whose stroke is already known as played: ``played``, its strike after
    the execution noise (None for a tush, a decision without a strike); simulate it and
    adjudicate the result (:func:`execute` draws the noise, :func:`ai.env.forward.apply` is
    given it)."""
    if decision.strike is None:  # a tush: nothing moves (R7.1d)
        outcome = adjudicate(state, tush_stroke())
        return StrokeReport(state, decision, None, None, None, outcome)
    if played is None:
        raise ValueError("played: a decision with a strike needs the strike played")
    balls = balls_for_stroke(state, decision.placement)
    watch = watch_line_x(state)
    result = simulator.simulate(balls, played, watch_house_line=False if watch is None else watch,
                                check=False)
    placement = balls["cue"] if state.cue_in_hand else None
    outcome = adjudicate_sim_result(state, result, call=decision.call, placement=placement)
    return StrokeReport(state, decision, played, placement, result, outcome)


@dataclass
class GameLog:
    reports: list[StrokeReport] = field(default_factory=list)
    final: GameState | None = None
    unfinished: bool = False  # stopped by the stroke cap, not by the rules


def play_game(state: GameState, agents: Sequence[Agent], simulator: Simulator,
              rng: np.random.Generator, noise: Sequence[NoiseModel],
              on_stroke: Callable[[StrokeReport], None] | None = None,
              max_strokes: int = MAX_STROKES_PER_GAME) -> GameLog:
    """Play until the rules end the game.  ``agents[k]`` and ``noise[k]`` play side k.  A
    decision that gives no ``decision_s`` gets the wall time of its ``decide`` call (the
    story of the stroke, :func:`ai.games.records.story_of_report`)."""
    log = GameLog()
    while not state.game_over:
        if len(log.reports) >= max_strokes:
            log.unfinished = True
            break
        side = state.to_move
        t0 = time.perf_counter()
        decision = agents[side].decide(state, rng)
        if isinstance(decision, Decision) and decision.decision_s is None:
            # the agent did not time itself: its decide call, as timed here
            decision = replace(decision, decision_s=time.perf_counter() - t0)
        report = execute(state, decision, simulator, rng, noise[side])
        log.reports.append(report)
        if on_stroke is not None:
            on_stroke(report)
        state = report.state_after
    log.final = state
    return log
