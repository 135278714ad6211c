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
* A loss whose better stroke is the same choice -- the same call, the cue ball set down at the
  same place, every strike field within one standard deviation of the execution noise the
  strokes are valued with (:func:`same_choice`) -- is the execution's, not the choice's
  (issue 54 item 6): the verdict says ``execution`` and gives no mark of a wrong choice.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

import numpy as np

from engine import GameState, adjudicate, adjudicate_sim_result, tush_stroke
from engine.calls import Call
from engine.errors import EngineError
from engine.story import Story
from sim import Strike

from ..agent import ATTACK, DELIBERATE_FOUL, Decision
from ..noise import NoiseModel
from ..registry import default_agent_spec
from ..agents.mc import DEFAULT_VALUE
from ..search.context import Context
from ..search.referee import Referee
from ..value import make_value
from .match import balls_for_stroke, watch_line_x
from .records import strike_from_record

# A stroke that loses at least this much P(win) against the best found is a mistake (?), at
# least BLUNDER a blunder (??): the chess convention's spirit, in win probability.
MISTAKE, BLUNDER = 0.05, 0.15
MISTAKE_MARK, BLUNDER_MARK = "?", "??"  # the marks, as in a chess engine's annotation
# A smaller loss is an inaccuracy (?!, the chess mark "dubious"): 2 points of P(win) is about
# what a strong player's execution noise costs a typical pot (analyses of greedy games at
# --samples 24 show most played strokes within 0.01 of the best, so 0.02 stands out of that
# noise of the valuation) and less than half a mistake, so the three marks stay ordered.
INACCURACY, INACCURACY_MARK = 0.02, "?!"
# Where a verdict's figures come from: the analysis's own search and valuing, or the estimates
# the deciding agent stored in the stroke's story (engine.story, issue 27 item 2).
SEARCH, STORY = "search", "story"
LOSS_DIGITS = 4  # P(win) and losses are reported (and averaged) rounded to 4 decimals
CERTAIN_WIN = 1.0  # P(win) of a stroke whose every execution wins the game (P(win) <= 1)
# Two places from hand closer than this are the same place: half a ball's radius, about what
# a player sets the cue ball down to by eye (0.034 m radius, sim's default ball).
SAME_PLACE_M = 0.017


# The search ``pyramid analyze`` asks for alternatives by default: the default agent, leaner
# (issue 27 item 2).  Measured on greedy-vs-greedy records (benchmarks/analyze_bench.py): the
# search's candidate generation, not its sample budget, is most of its CPU, so one spot from
# hand and three refined pots a spot save more than a smaller budget; the alternatives are
# then valued here with SAMPLES common random numbers like the stroke played, so a leaner
# search can miss a stroke but cannot flatter one.
ANALYSIS_OPTIONS = {"mc": "budget=60,placements=1,shots=3"}
SAMPLES_DEFAULT = 24  # noisy executions valued per stroke compared
TOP_DEFAULT = 3  # the agent's alternatives valued beside the stroke played


def analysis_agent_spec(spec: str | None = None) -> str:
    """The analysing agent: ``spec`` as given, else the default agent
    (:func:`ai.registry.default_agent_spec`) with :data:`ANALYSIS_OPTIONS`."""
    if spec is not None:
        return spec
    default = default_agent_spec()
    lean = ANALYSIS_OPTIONS.get(default)
    return default if lean is None else f"{default}:{lean}"


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
    """P(win) of a stroke in a position, by sampling the execution noise.

    The ``samples`` noisy executions of a stroke are simulated in one batch
    (:meth:`sim.Simulator.run_batch_arrays`) and refereed the way the search referees its
    samples (:class:`ai.search.referee.Referee`: the rules core, one adjudication shared by the
    samples that end alike, each with its own resting places); ``batched=False`` simulates and
    adjudicates every sample on its own (the way of issue 27 and before: the same noise, the
    same value, about three times the CPU)."""

    def __init__(self, simulator, noise: NoiseModel, samples: int = 24, batched: bool = True):
        self.sim = simulator
        self.noise = noise
        self.samples = samples
        self.batched = batched
        self.win = make_value(DEFAULT_VALUE)  # the default agent's judge of positions
        self._ctx: Context | None = None

    def _strikes(self, strike: Strike, seed: int) -> list[Strike]:
        """The ``samples`` executions of ``strike``: the same noise for every stroke compared
        with the same ``seed`` (common random numbers)."""
        rng = np.random.default_rng(seed)
        miscue = self.sim.physics.miscue_offset
        out = []
        for _ in range(self.samples):
            played = self.noise.perturb(strike, rng, miscue)
            try:
                played.validate(self.sim.physics)
            except ValueError:
                played = replace(played, speed_mps=min(max(played.speed_mps, 0.05), 12.0))
            out.append(played)
        return out

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
        place = balls["cue"] if state.cue_in_hand else None
        strikes = self._strikes(strike, seed)
        if not self.batched:
            return self._value_one_by_one(state, call, balls, place, strikes)
        if self._ctx is None or self._ctx.state is not state:  # one context a position
            self._ctx = Context(state, self.sim, self.noise, self.win)
        ctx = self._ctx
        batch = ctx.run(place, strikes)
        values = [self.win.state_value(r.state, shooter, self.noise)
                  for r in Referee(state, call, place, ctx.jaw_pocket).rulings(batch)
                  if r is not None]  # None: a sample the rules core cannot take
        return sum(values) / len(values) if values else float("nan")

    def _value_one_by_one(self, state, call, balls, place, strikes) -> float:
        watch = watch_line_x(state)
        total = 0.0
        for played in strikes:
            result = self.sim.simulate(balls, played,
                                       watch_house_line=False if watch is None else watch,
                                       check=False)
            outcome = adjudicate_sim_result(state, result, call=call, placement=place)
            total += self.win.state_value(outcome.state, state.to_move, self.noise)
        return total / len(strikes)


@dataclass
class StrokeVerdict:
    index: int
    player: int
    p_win_played: float
    best: Decision | None  # None: the stroke played was the best found
    p_win_best: float
    loss: float
    mark: str
    source: str = SEARCH  # SEARCH: searched and valued here; STORY: the record's estimates
    # True: the better stroke is the same choice within the execution noise (same_choice):
    # the loss is the execution's; ``mark`` is then "" (no wrong choice)
    execution: bool = False


def mark_for(loss: float, mistake: float = MISTAKE, blunder: float = BLUNDER,
             inaccuracy: float = INACCURACY) -> str:
    if loss >= blunder:
        return BLUNDER_MARK
    if loss >= mistake:
        return MISTAKE_MARK
    if loss >= inaccuracy:
        return INACCURACY_MARK
    return ""


def _call_key(call: Call | None):
    if call is None:
        return None
    return (call.ball, call.pocket, call.manner or "clean", tuple(call.via))


def same_choice(call: Call | None, strike: Strike | None, placement, best: Decision,
                noise: NoiseModel) -> bool:
    """Whether the better stroke ``best`` is the choice of the stroke played (``call``,
    ``strike``, ``placement``) played again: the same call, not a deliberate foul, both struck,
    the cue ball set down within :data:`SAME_PLACE_M` (or neither from hand), and every strike
    field (aim the nearer way round, speed, elevation, the two tip offsets) within one
    standard deviation of ``noise`` (none with no noise)."""
    if strike is None or best.strike is None or best.kind == DELIBERATE_FOUL \
            or noise.magnitude <= 0.0 or _call_key(call) != _call_key(best.call):
        return False
    if (placement is None) != (best.placement is None):
        return False
    if placement is not None and math.hypot(best.placement[0] - placement[0],
                                            best.placement[1] - placement[1]) >= SAME_PLACE_M:
        return False
    k, b = noise.magnitude, best.strike
    dphi = (b.phi_rad - strike.phi_rad + math.pi) % (2 * math.pi) - math.pi
    return (abs(dphi) <= k * noise.sigma_phi_rad
            and abs(b.speed_mps - strike.speed_mps) <= k * noise.sigma_speed_mps
            and abs(b.elevation_rad - strike.elevation_rad) <= k * noise.sigma_elevation_rad
            and abs(b.side - strike.side) <= k * noise.sigma_offset
            and abs(b.vertical - strike.vertical) <= k * noise.sigma_offset)


def judge_stroke(index: int, state: GameState, call: Call | None, strike: Strike | None,
                 placement, agent, valuer: StrokeValuer, seed: int, top: int = 3,
                 mistake: float = MISTAKE, blunder: float = BLUNDER) -> StrokeVerdict:
    crn = int(np.random.SeedSequence([seed, index, 2]).generate_state(1)[0])
    played = valuer.value(state, call, strike, placement, crn)
    if played >= CERTAIN_WIN:  # every execution wins: no stroke can do better, no search
        return StrokeVerdict(index, state.to_move, played, None, played, 0.0, "")
    rng = np.random.default_rng([seed, index, 1])
    alts = evaluate_alternatives(state, rng, agent, top=top)
    best, best_v = None, -1.0
    for d in alts:
        v = valuer.value(state, d.call, d.strike, d.placement, crn)
        if v == v and v > best_v:
            best, best_v = d, v
    if played == played and (best is None or best_v <= played):
        best, best_v = None, played  # the stroke played was the best found
    loss = max(0.0, best_v - played) if played == played else 0.0
    mark = mark_for(loss, mistake, blunder)
    execution = bool(mark) and best is not None and same_choice(call, strike, placement, best,
                                                                valuer.noise)
    return StrokeVerdict(index, state.to_move, played, best, best_v, loss,
                         "" if execution else mark, execution=execution)


def story_verdict(index: int, player: int, story: Story | None, mistake: float = MISTAKE,
                  blunder: float = BLUNDER) -> StrokeVerdict | None:
    """The verdict the record's own story gives (no search, no simulation), or None when the
    stroke has no story or the story no P(win) for the chosen stroke.

    The story's estimates are the deciding agent's, of the stroke it *intended* (before the
    execution noise): so the P(win) played is the agent's P(win) of its decision, the best is
    its best alternative with a P(win), and the loss says how far the decision fell short of
    the agent's own best by its own lights -- not what the noise then did to the stroke."""
    if story is None or story.p_win is None:
        return None
    played = float(story.p_win)
    best, best_v = None, played
    for alt in story.alternatives:
        if alt.p_win is not None and alt.p_win > best_v:
            best, best_v = alt, float(alt.p_win)
    loss = best_v - played
    return StrokeVerdict(index, player, played, None if best is None else _alternative(best),
                         best_v, loss, mark_for(loss, mistake, blunder), STORY)


def _alternative(alt) -> Decision:
    """A story's alternative as a decision (what it does not say is left out)."""
    try:
        call = None if alt.call is None else Call.from_json(alt.call)
    except (EngineError, ValueError, KeyError, TypeError):
        call = None
    strike = None
    if alt.strike is not None and "speed_mps" in alt.strike \
            and not {"phi_deg", "phi_rad"}.isdisjoint(alt.strike):
        strike = strike_from_record(alt.strike)  # as every recorded strike: radians first
    return Decision(call, strike, kind=alt.kind or ATTACK, p_success=alt.p_success,
                    p_win=alt.p_win, instruction="the agent's own alternative (its story)")


def player_name(players: Sequence[str], p: int) -> str:
    """How a record's side ``p`` is named in an analysis: "A (greedy)" with the record's
    ``players`` (its agent specs or names), "player A" when the record does not name it."""
    letter = "ABC"[p] if 0 <= p < 3 else str(p)
    return f"{letter} ({players[p]})" if p < len(players) else f"player {letter}"


@dataclass(frozen=True)
class PlayerSummary:
    """One side's strokes of an analysed game, summed up: how many were analysed, the mean
    loss in P(win) (of the losses rounded as reported), the mistakes (?) and blunders (??),
    how many were the best stroke found, the inaccuracies (?!), and the losses that were the
    execution's (:func:`same_choice`)."""

    player: int
    name: str
    strokes: int
    mean_loss: float
    mistakes: int
    blunders: int
    best_played: int
    inaccuracies: int = 0
    execution: int = 0

    def to_json(self) -> dict:
        return {"player": self.player, "name": self.name, "strokes": self.strokes,
                "mean_loss": self.mean_loss, "inaccuracies": self.inaccuracies,
                "mistakes": self.mistakes, "blunders": self.blunders,
                "best_played": self.best_played, "execution": self.execution}


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
            inaccuracies=sum(v.mark == INACCURACY_MARK for v in mine),
            execution=sum(v.execution for v in mine)))
    return tuple(out)
