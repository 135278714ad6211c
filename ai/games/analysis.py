"""Going through a game like a chess engine: each stroke against the AI's best choice.

Interface (for ``pyramid analyze``)::

    evaluate_alternatives(state, rng, agent, top=3) -> list[Decision]   # with p_win, best first
    evaluate_stroke(state, strike, placement, call, rng, ...) -> float   # P(win) of a stroke

* Alternatives: an agent that ranks its own choices (``alternatives(state, rng, top)``, as
  :class:`ai.agents.mc.MCAgent` does) gives its ranked list; any other agent is asked to
  ``decide`` a few times and its distinct decisions are used.
* Every stroke compared -- the one played and the alternatives -- is then valued the same way,
  so the comparison is fair: ``samples`` executions under the execution noise, each simulated
  (:class:`sim.Simulator`), refereed by the rules core and valued by the default agent's
  position value (:mod:`ai.value`) for the shooter.  The same random numbers (common random
  numbers) drive every stroke of a position, which sharpens the differences.
* ``loss = max(0, best p_win - played p_win)``; ``?!`` marks an inaccuracy (loss >= 0.02),
  ``?`` a mistake (loss >= 0.05 by default), ``??`` a blunder (loss >= 0.15).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

import numpy as np

from engine import GameState, adjudicate, adjudicate_sim_result, tush_stroke
from engine.calls import Call
from sim import Strike

from ..agent import Decision
from ..noise import NoiseModel
from ..agents.mc import DEFAULT_VALUE
from ..value import make_value
from .match import balls_for_stroke, watch_line_x

# A stroke that loses at least this much P(win) against the best found is a mistake (?), at
# least BLUNDER a blunder (??): the chess convention's spirit, in win probability.
MISTAKE, BLUNDER = 0.05, 0.15
MISTAKE_MARK, BLUNDER_MARK = "?", "??"  # the marks, as in a chess engine's annotation
# A smaller loss is an inaccuracy (?!, the chess mark "dubious"): 2 points of P(win) is about
# what a strong player's execution noise costs a typical pot (analyses of greedy games at
# --samples 24 show most played strokes within 0.01 of the best, so 0.02 stands out of that
# noise of the valuation) and less than half a mistake, so the three marks stay ordered.
INACCURACY, INACCURACY_MARK = 0.02, "?!"
LOSS_DIGITS = 4  # P(win) and losses are reported (and averaged) rounded to 4 decimals


def evaluate_alternatives(state: GameState, rng: np.random.Generator, agent, top: int = 3
                          ) -> list[Decision]:
    """The agent's best decisions in ``state``, best first (``p_win`` as the agent estimated
    it, None if it does not estimate)."""
    if hasattr(agent, "alternatives"):
        return agent.alternatives(state, rng, top)
    out: list[Decision] = []
    seen = set()
    for _ in range(4 * top):
        d = agent.decide(state, rng)
        key = (None if d.strike is None else d.strike, d.placement, d.call)
        if key in seen:
            continue
        seen.add(key)
        out.append(d)
        if len(out) >= top:
            break
    return out


class StrokeValuer:
    """P(win) of a stroke in a position, by sampling the execution noise."""

    def __init__(self, simulator, noise: NoiseModel, samples: int = 24):
        self.sim = simulator
        self.noise = noise
        self.samples = samples
        self.win = make_value(DEFAULT_VALUE)  # the default agent's judge of positions

    def value(self, state: GameState, call: Call | None, strike: Strike | None, placement,
              seed: int) -> float:
        shooter = state.to_move
        if strike is None:  # a tush: deterministic
            out = adjudicate(state, tush_stroke())
            return self.win.state_value(out.state, shooter, self.noise)
        try:
            balls = balls_for_stroke(state, placement)
        except ValueError:
            return float("nan")
        rng = np.random.default_rng(seed)  # the same noise for every stroke compared
        watch = watch_line_x(state)
        miscue = self.sim.physics.miscue_offset
        place = balls["cue"] if state.cue_in_hand else None
        total = 0.0
        for _ in range(self.samples):
            played = self.noise.perturb(strike, rng, miscue)
            try:
                played.validate(self.sim.physics)
            except ValueError:
                played = replace(played, speed_mps=min(max(played.speed_mps, 0.05), 12.0))
            result = self.sim.simulate(balls, played,
                                       watch_house_line=False if watch is None else watch,
                                       check=False)
            outcome = adjudicate_sim_result(state, result, call=call, placement=place)
            total += self.win.state_value(outcome.state, shooter, self.noise)
        return total / self.samples


@dataclass
class StrokeVerdict:
    index: int
    player: int
    p_win_played: float
    best: Decision | None  # None: the stroke played was the best found
    p_win_best: float
    loss: float
    mark: str


def mark_for(loss: float, mistake: float = MISTAKE, blunder: float = BLUNDER,
             inaccuracy: float = INACCURACY) -> str:
    if loss >= blunder:
        return BLUNDER_MARK
    if loss >= mistake:
        return MISTAKE_MARK
    if loss >= inaccuracy:
        return INACCURACY_MARK
    return ""


def judge_stroke(index: int, state: GameState, call: Call | None, strike: Strike | None,
                 placement, agent, valuer: StrokeValuer, seed: int, top: int = 3,
                 mistake: float = MISTAKE, blunder: float = BLUNDER) -> StrokeVerdict:
    rng = np.random.default_rng([seed, index, 1])
    alts = evaluate_alternatives(state, rng, agent, top=top)
    crn = int(np.random.SeedSequence([seed, index, 2]).generate_state(1)[0])
    played = valuer.value(state, call, strike, placement, crn)
    best, best_v = None, -1.0
    for d in alts:
        v = valuer.value(state, d.call, d.strike, d.placement, crn)
        if v == v and v > best_v:
            best, best_v = d, v
    if played == played and (best is None or best_v <= played):
        best, best_v = None, played  # the stroke played was the best found
    loss = max(0.0, best_v - played) if played == played else 0.0
    return StrokeVerdict(index, state.to_move, played, best, best_v, loss,
                         mark_for(loss, mistake, blunder))


def player_name(players: Sequence[str], p: int) -> str:
    """How a record's side ``p`` is named in an analysis: "A (greedy)" with the record's
    ``players`` (its agent specs or names), "player A" when the record does not name it."""
    letter = "ABC"[p] if 0 <= p < 3 else str(p)
    return f"{letter} ({players[p]})" if p < len(players) else f"player {letter}"


@dataclass(frozen=True)
class PlayerSummary:
    """One side's strokes of an analysed game, summed up: how many were analysed, the mean
    loss in P(win) (of the losses rounded as reported), the mistakes (?) and blunders (??),
    how many were the best stroke found, and the inaccuracies (?!)."""

    player: int
    name: str
    strokes: int
    mean_loss: float
    mistakes: int
    blunders: int
    best_played: int
    inaccuracies: int = 0

    def to_json(self) -> dict:
        return {"player": self.player, "name": self.name, "strokes": self.strokes,
                "mean_loss": self.mean_loss, "inaccuracies": self.inaccuracies,
                "mistakes": self.mistakes, "blunders": self.blunders,
                "best_played": self.best_played}


def player_summaries(judged: Iterable[tuple[int, StrokeVerdict]], players: Sequence[str]
                     ) -> tuple[PlayerSummary, ...]:
    """Per side, in side order, the summary of ``judged``: (the record's player of the
    stroke, its verdict) pairs; ``players`` names the sides (:func:`player_name`)."""
    by_player: dict[int, list[StrokeVerdict]] = {}
    for p, v in judged:
        by_player.setdefault(p, []).append(v)
    out = []
    for p in sorted(by_player):
        mine = by_player[p]
        mean = sum(round(v.loss, LOSS_DIGITS) for v in mine) / len(mine)
        out.append(PlayerSummary(
            player=p, name=player_name(players, p), strokes=len(mine),
            mean_loss=round(mean, LOSS_DIGITS),
            mistakes=sum(v.mark == MISTAKE_MARK for v in mine),
            blunders=sum(v.mark == BLUNDER_MARK for v in mine),
            best_played=sum(v.best is None for v in mine),
            inaccuracies=sum(v.mark == INACCURACY_MARK for v in mine)))
    return tuple(out)
