"""A learning environment in the Gymnasium style: one side of a two-player game is yours, the
other is one of this project's agents.

``reset(seed=)`` -> ``(observation, info)``; ``step(action)`` -> ``(observation, reward,
terminated, truncated, info)``.  Between two of your strokes the opponent plays its own (as
many as the rules give it), so every observation is a position where you are to move.  All
randomness (your execution noise, the opponent's choices and noise) flows from one generator
seeded by ``reset(seed=)``: the same seed and the same actions give the same game.

The spaces (``docs/API.md`` shows them in use):

* observation ``Dict``: ``balls`` (16 x 3, float32: x_m, y_m, on-table flag, row 0 the cue
  ball, row k ball k; x from the house cushion, y across, as in ``docs/FORMATS.md``; a
  ball off the table is ``0, 0, 0``), ``scores`` (yours, the opponent's), ``targets`` (the
  points each side needs, R9.1), ``cue_in_hand`` (0/1), ``break_pending`` (0/1),
  ``must_not_call`` (0/1: the stroke is played without a call, R10.1 / R11.10).
* action ``Dict``: ``ball`` (0..15; 0 = the last ball unnamed, R5.3), ``pocket`` (0..5 in
  the order NL NR ML MR FL FR), ``manner`` (0..2: clean, bank, cushion-first: the manners of
  R5.1 that need no other ball), ``strike`` (phi_rad, speed_mps, elevation_rad, side,
  vertical; the tip offset is scaled back to the miscue limit if beyond it) and
  ``placement`` (x_m, y_m; used only with the cue ball in hand).  A :class:`~ai.agent.Decision`
  is accepted too, for agents that call kisses, caroms or paths.

An action the rules cannot take as it is becomes the nearest one they take, and ``info
["adjusted"]`` says what changed: a called ball that is not on the table (or in the house when
playing from hand, R8.2) is replaced by the first legal call into the same pocket (else the
first legal call); a placement outside the region is moved to the region's nearest point, and
one on a ball to a free spot drawn from the seeded generator.  Rewards: +1 for a win, -1 for
a loss, 0 for a draw (R9.2) and for every stroke before the end; with ``reward="points"`` the
change of your lead in points each step instead.  ``info["state"]`` is the full
:class:`engine.GameState` for agents that want more than the observation.

Gymnasium is optional (``pip install -e '.[env]'``): without it the environment works the same
but has no ``observation_space`` / ``action_space``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from engine import Call, GameState, can_place_cue, initial_state, legal_calls
from engine.calls import BANK, CLEAN, CUSHION_FIRST
from engine.values import OBJECT_BALLS
from sim import Simulator, Strike, shared_simulator
from sim.events import BALL_IDS
from sim.table import DEFAULT_TABLE, POCKET_IDS

from .agent import Agent, Decision
from .agents.random_agent import random_placement
from .games.match import MAX_STROKES_PER_GAME, execute
from .noise import NoiseModel
from .registry import make_agent

try:  # optional: the spaces and the Env base class
    import gymnasium
    from gymnasium import spaces
except ImportError:  # pragma: no cover - exercised only where gymnasium is absent
    gymnasium = None
    spaces = None

ACTION_MANNERS = (CLEAN, BANK, CUSHION_FIRST)  # the manners a call can name without a via ball
SPEED_RANGE_MPS = (0.1, 8.0)  # a gentle touch to a hard break (Strike allows up to 12)
ELEVATION_MAX_RAD = math.radians(60.0)  # steeper strokes are massé, not modelled for play
OFF_TABLE_MARGIN_M = 0.1  # a ball hanging in a pocket's throat lies a little outside L x W
SCORE_BOUND = 1000.0  # far beyond any score of a game to 71 (R9.1), penalties included
REWARDS = ("win", "points")

_Base = gymnasium.Env if gymnasium is not None else object


@dataclass(frozen=True)
class StepInfo:
    """What ``info`` carries after each reset and step (as a mapping, the Gymnasium way)."""

    state: GameState
    opponent_strokes: int  # strokes the opponent played since your last one
    adjusted: tuple[str, ...] = ()  # what of your action the rules could not take as it was

    def as_dict(self) -> dict[str, Any]:
        return {"state": self.state, "opponent_strokes": self.opponent_strokes,
                "adjusted": list(self.adjusted)}


class PyramidEnv(_Base):
    """Small Russian Pyramid (two players, 71 points) against a built-in or given opponent.

    ``opponent``: an agent spec (``"greedy"``, ``"mc:budget=60"``) or an :class:`Agent`;
    ``learner_side``: 0 (you break), 1 (the opponent breaks) or None (drawn at each reset from
    the seeded generator); ``skill`` / ``opponent_skill``: execution noise (a named level or a
    factor, as ``--skill``); ``call_mode``: ``exact`` (R5.1) or ``ball-and-pocket`` (R5.2)."""

    metadata = {"render_modes": []}

    def __init__(self, opponent: str | Agent = "greedy", learner_side: int | None = 0,
                 skill: str | float = "strong", opponent_skill: str | float = "strong",
                 call_mode: str = "exact", table: str = DEFAULT_TABLE, reward: str = "win",
                 max_strokes: int = MAX_STROKES_PER_GAME,
                 simulator: Simulator | None = None):
        if learner_side not in (0, 1, None):
            raise ValueError(f"learner_side must be 0, 1 or None, got {learner_side!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        if not (isinstance(max_strokes, int) and max_strokes > 0):
            raise ValueError(f"max_strokes must be a positive integer, got {max_strokes!r}")
        self.simulator = simulator or shared_simulator(table)
        self.opponent = (make_agent(opponent, self.simulator) if isinstance(opponent, str)
                         else opponent)
        self.noise = NoiseModel.for_skill(skill)
        self.opponent_noise = NoiseModel.for_skill(opponent_skill)
        self.learner_side_option = learner_side
        self.call_mode = call_mode
        self.table = table
        self.reward_kind = reward
        self.max_strokes = max_strokes
        initial_state(call_mode=call_mode, table=table)  # a bad call mode or table fails now
        self._rng = np.random.default_rng()
        self._state: GameState | None = None
        self.learner_side = 0 if learner_side is None else learner_side
        spec = self.simulator.table
        self._length_m, self._width_m = spec.length_m, spec.width_m
        if spaces is not None:
            self.observation_space, self.action_space = self._spaces()

    # --- spaces ---------------------------------------------------------------------------
    def _spaces(self):
        hi_x, hi_y = self._length_m + OFF_TABLE_MARGIN_M, self._width_m + OFF_TABLE_MARGIN_M
        low = np.tile(np.array([-OFF_TABLE_MARGIN_M, -OFF_TABLE_MARGIN_M, 0.0], np.float32),
                      (len(BALL_IDS), 1))
        high = np.tile(np.array([hi_x, hi_y, 1.0], np.float32), (len(BALL_IDS), 1))
        score = spaces.Box(-SCORE_BOUND, SCORE_BOUND, shape=(2,), dtype=np.float32)
        observation = spaces.Dict({
            "balls": spaces.Box(low, high, dtype=np.float32),
            "scores": score, "targets": score,
            "cue_in_hand": spaces.Discrete(2), "break_pending": spaces.Discrete(2),
            "must_not_call": spaces.Discrete(2)})
        miscue = self.simulator.physics.miscue_offset
        action = spaces.Dict({
            "ball": spaces.Discrete(len(OBJECT_BALLS) + 1),
            "pocket": spaces.Discrete(len(POCKET_IDS)),
            "manner": spaces.Discrete(len(ACTION_MANNERS)),
            "strike": spaces.Box(
                np.array([-math.pi, SPEED_RANGE_MPS[0], 0.0, -miscue, -miscue], np.float32),
                np.array([math.pi, SPEED_RANGE_MPS[1], ELEVATION_MAX_RAD, miscue, miscue],
                         np.float32), dtype=np.float32),
            "placement": spaces.Box(np.zeros(2, np.float32),
                                    np.array([self._length_m, self._width_m], np.float32),
                                    dtype=np.float32)})
        return observation, action

    # --- the Gymnasium API ----------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: Mapping | None = None):
        """A new game; ``seed`` fixes it (and everything after it) completely."""
        if seed is not None or self._state is None:
            self._rng = np.random.default_rng(seed)
        if gymnasium is not None:  # keeps Gymnasium's own np_random in step with the seed
            super().reset(seed=seed)
        side = self.learner_side_option
        self.learner_side = int(self._rng.integers(2)) if side is None else side
        self._state = initial_state(call_mode=self.call_mode, table=self.table, breaker=0)
        self._strokes = 0
        opponent_strokes = self._opponent_plays()
        return self._observation(), StepInfo(self._state, opponent_strokes).as_dict()

    def step(self, action):
        """Play your stroke, then the opponent's until you are to move again or the game ends."""
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        if self._state.game_over or self._strokes >= self.max_strokes:
            raise RuntimeError("the game has ended: call reset()")
        state = self._state
        decision, adjusted = self._decision(action, state)
        lead_before = self._lead(state)
        report = execute(state, decision, self.simulator, self._rng, self.noise)
        self._state = report.state_after
        self._strokes += 1
        opponent_strokes = self._opponent_plays()
        terminated = self._state.game_over
        truncated = not terminated and self._strokes >= self.max_strokes
        reward = self._reward(lead_before)
        info = StepInfo(self._state, opponent_strokes, tuple(adjusted)).as_dict()
        return self._observation(), reward, terminated, truncated, info

    @property
    def state(self) -> GameState:
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # --- inside -----------------------------------------------------------------------------
    def _opponent_plays(self) -> int:
        n = 0
        while (not self._state.game_over and self._state.to_move != self.learner_side
               and self._strokes < self.max_strokes):
            decision = self.opponent.decide(self._state, self._rng)
            report = execute(self._state, decision, self.simulator, self._rng,
                             self.opponent_noise)
            self._state = report.state_after
            self._strokes += 1
            n += 1
        return n

    def _lead(self, state: GameState) -> float:
        me = self.learner_side
        return float(state.scores[me] - state.scores[1 - me])

    def _reward(self, lead_before: float) -> float:
        state = self._state
        if self.reward_kind == "points":
            return self._lead(state) - lead_before
        if not state.game_over or state.result.get("draw"):
            return 0.0
        return 1.0 if state.result.get("winner") == self.learner_side else -1.0

    def _observation(self) -> dict[str, np.ndarray | int]:
        state = self._state
        balls = np.zeros((len(BALL_IDS), 3), np.float32)
        for k, b in enumerate(BALL_IDS):
            if b in state.balls:
                x, y = state.balls[b]
                balls[k] = (x, y, 1.0)
        me, other = self.learner_side, 1 - self.learner_side
        return {
            "balls": balls,
            "scores": np.array([state.scores[me], state.scores[other]], np.float32),
            "targets": np.array([state.target_of(me), state.target_of(other)], np.float32),
            "cue_in_hand": int(state.cue_in_hand),
            "break_pending": int(state.break_pending),
            "must_not_call": int(state.no_call_strokes_left > 0),
        }

    def _decision(self, action, state: GameState) -> tuple[Decision, list[str]]:
        """The action as a decision the rules take, and what had to change."""
        adjusted: list[str] = []
        if isinstance(action, Decision):
            call, strike, placement = action.call, action.strike, action.placement
        else:
            call = self._call(action, state, adjusted)
            strike = self._strike(action["strike"], adjusted)
            placement = tuple(float(v) for v in action["placement"])
        if state.cue_in_hand:
            placement = self._placement(placement, state, adjusted)
        else:
            placement = None
        return Decision(call, strike, placement, instruction="env action"), adjusted

    def _call(self, action, state: GameState, adjusted: list[str]) -> Call | None:
        legal = legal_calls(state)
        if legal == [None] or not legal:
            return None
        k, pocket = int(action["ball"]), POCKET_IDS[int(action["pocket"])]
        manner = ACTION_MANNERS[int(action["manner"])]
        if state.call_mode != "exact":
            manner = CLEAN
        ball = None if k == 0 else OBJECT_BALLS[k - 1]
        if ball is None and len(state.object_balls) == 1:
            ball = state.object_balls[0]  # R5.3: the last ball need not be named
        for call in legal:
            if call.ball == ball and call.pocket == pocket and call.manner == manner:
                return call
        same_pocket = [c for c in legal if c.pocket == pocket and c.manner == manner]
        chosen = same_pocket[0] if same_pocket else legal[0]
        adjusted.append(f"call {ball} in {pocket} ({manner}) is not legal now: "
                        f"{chosen.ball} in {chosen.pocket} ({chosen.manner}) called instead")
        return chosen

    def _strike(self, values, adjusted: list[str]) -> Strike:
        phi, speed, elevation, side, vertical = (float(v) for v in values)
        if not all(math.isfinite(v) for v in (phi, speed, elevation, side, vertical)):
            raise ValueError(f"action.strike must be finite numbers, got {list(values)!r}")
        speed = min(max(speed, SPEED_RANGE_MPS[0]), SPEED_RANGE_MPS[1])
        elevation = min(max(elevation, 0.0), ELEVATION_MAX_RAD)
        limit = self.simulator.physics.miscue_offset
        offset = math.hypot(side, vertical)
        if offset > limit:
            scale = limit / offset * (1 - 1e-9)
            side, vertical = side * scale, vertical * scale
            adjusted.append(f"tip offset {offset:.3f} R scaled to the miscue limit {limit} R")
        return Strike(speed_mps=speed, phi_rad=phi, elevation_rad=elevation, side=side,
                      vertical=vertical)

    def _placement(self, placement, state: GameState, adjusted: list[str]):
        if placement is not None and can_place_cue(state, placement[0], placement[1]):
            return (float(placement[0]), float(placement[1]))
        region = state.placement_region()
        if placement is not None:  # the nearest point of the region, if free
            x = min(max(float(placement[0]), region.x_min_m), region.x_max_m)
            y = min(max(float(placement[1]), region.y_min_m), region.y_max_m)
            if can_place_cue(state, x, y):
                adjusted.append(f"placement {placement!r} moved into the region to "
                                f"({x:.3f}, {y:.3f})")
                return (x, y)
        spot = random_placement(state, self._rng)
        adjusted.append(f"placement {placement!r} is not allowed: placed at {spot!r}")
        return spot
