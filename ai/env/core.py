"""The learning environment (:class:`PyramidEnv`), in Gymnasium's API: one side of a two-sided
game is yours, the other one of this project's agents (or any :class:`~ai.agent.Agent`).

``reset(seed=, options=)`` -> ``(observation, info)``; ``step(action)`` -> ``(observation,
reward, terminated, truncated, info)``.  Between two of your strokes the opponent plays its own
(as many as the rules give it), so every observation is a position where you are to move.  All
randomness (your execution noise, the opponent's choices and noise) flows from one generator
seeded by ``reset(seed=)``: the same seed and the same actions give the same game.

docs/API.md ("A learning environment") is the reference: the observation and the decoding of
an action (:mod:`ai.env.codec`, public: the environment reads both through it and nothing
else), the call encoding and the mask of legal calls (:mod:`ai.env.actions`), ``reset``
options (:mod:`ai.env.episode`), ``info`` (:mod:`ai.env.info`) and the frames of ``render()``
(:mod:`ai.env.render`).

Gymnasium is optional (``pip install -e '.[env]'``): without it the environment works the same
but has no ``observation_space`` / ``action_space``.
"""
from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Mapping

import numpy as np

from engine import GameState
from sim import Simulator, shared_simulator
from sim.table import DEFAULT_TABLE

from ..agent import Agent
from ..agents.random_agent import random_placement
from ..games.match import MAX_STROKES_PER_GAME, execute
from ..noise import NoiseModel
from ..registry import make_agent
from . import render as frames
from . import codec
from .actions import action_mask, legal_call_indices
from .codec import OFF_TABLE_MARGIN_M, SCORE_BOUND
from .episode import EpisodeSettings
from .info import StepInfo, StrokeSummary
from .snapshot import EnvSnapshot

try:  # optional: the spaces and the Env base class
    import gymnasium
    from gymnasium import spaces
except ImportError:  # pragma: no cover - exercised only where gymnasium is absent
    gymnasium = None
    spaces = None

REWARDS = ("win", "points")
RENDER_MODES = ("rgb_array",)  # "human" is not offered: docs/API.md says why
RENDER_FPS = 2  # a frame per observation; a rate for video recorders, no physics

_Base = gymnasium.Env if gymnasium is not None else object


def check_limits(max_strokes, render_mode) -> None:
    """The arguments every environment of the game takes alike (this one and the AEC one):
    ``max_strokes`` a positive integer, ``render_mode`` None or one of :data:`RENDER_MODES`."""
    if not (isinstance(max_strokes, int) and max_strokes > 0):
        raise ValueError(f"max_strokes must be a positive integer, got {max_strokes!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                         f"got {render_mode!r}")


class PyramidEnv(_Base):
    """Small Russian Pyramid (two sides, 71 points) against a built-in or given opponent.

    ``opponent``: an agent spec (``"greedy"``, ``"mc:budget=60"``) or an :class:`Agent`;
    ``learner_side``: 0 (you break), 1 (the opponent breaks) or None (drawn at each reset from
    the seeded generator); ``skill`` / ``opponent_skill``: execution noise (a named level or a
    factor, as ``--skill``); ``call_mode``: ``exact`` (R5.1) or ``ball-and-pocket`` (R5.2);
    ``variant``: ``two-player`` or ``one-vs-pair``; ``strict``: refuse an action the rules
    cannot take as it is (:class:`~ai.env.actions.IllegalActionError`) instead of adjusting it;
    ``render_mode``: None or ``"rgb_array"``.  ``reset(options=...)`` changes any of
    :data:`ai.env.episode.RESET_OPTIONS` for one game."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

    def __init__(self, opponent: str | Agent = "greedy", learner_side: int | None = 0,
                 skill: str | float = "strong", opponent_skill: str | float = "strong",
                 call_mode: str = "exact", table: str = DEFAULT_TABLE, reward: str = "win",
                 max_strokes: int = MAX_STROKES_PER_GAME,
                 simulator: Simulator | None = None, variant: str = "two-player",
                 strict: bool = False, render_mode: str | None = None):
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        check_limits(max_strokes, render_mode)
        if not isinstance(strict, bool):
            raise ValueError(f"strict must be True or False, got {strict!r}")
        self.simulator = simulator or shared_simulator(table)
        self.table = self.simulator.table.name
        self.settings = EpisodeSettings(opponent, skill, opponent_skill, learner_side, variant,
                                        call_mode).check(self.table, "")
        self._agents: dict[str, Agent] = {}
        self.opponent = self._agent(opponent)
        self.noise = NoiseModel.for_skill(skill)
        self.opponent_noise = NoiseModel.for_skill(opponent_skill)
        self.reward_kind = reward
        self.max_strokes = max_strokes
        self.strict = strict
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self._decoder = codec.Decoder(self.simulator.physics.miscue_offset, strict,
                                      lambda state: random_placement(state, self._rng))
        self._state: GameState | None = None
        self._mask: np.ndarray | None = None
        self.learner_side = 0 if learner_side is None else learner_side
        spec = self.simulator.table
        if spaces is not None:
            self.observation_space = codec.observation_space(spec, self.max_strokes)
            self.action_space = codec.action_space(spec, self.simulator.physics.miscue_offset)

    # --- the Gymnasium API ----------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: Mapping | None = None):
        """A new game; ``seed`` fixes it (and everything after it) completely; ``options``
        (:data:`ai.env.episode.RESET_OPTIONS`) change the settings for this game only."""
        game = self.settings.with_options(options, self.table)
        opponent = self._agent(game.opponent, "options.")
        if seed is not None or self._state is None:
            self._rng = np.random.default_rng(seed)
        if gymnasium is not None:  # keeps Gymnasium's own np_random in step with the seed
            super().reset(seed=seed)
        self._game = game
        self.opponent = opponent
        self.noise = NoiseModel.for_skill(game.skill)
        self.opponent_noise = NoiseModel.for_skill(game.opponent_skill)
        side = game.learner_side
        self.learner_side = int(self._rng.integers(2)) if side is None else side
        self._state = game.start(self.table)
        self._strokes = 0
        strokes = self._opponent_plays()
        return self._observation(), self._info(strokes, ())

    def step(self, action):
        """Play your stroke, then the opponent's until you are to move again or the game ends."""
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        if self._state.game_over or self._strokes >= self.max_strokes:
            raise RuntimeError("the game has ended: call reset()")
        state = self._state
        decoded = self._decoder.decode(action, state)
        lead_before = self._lead(state)
        report = execute(state, decoded.decision, self.simulator, self._rng, self.noise)
        self._state = report.state_after
        self._strokes += 1
        strokes = [StrokeSummary.of(report, self.learner_side)] + self._opponent_plays()
        terminated = self._state.game_over
        truncated = not terminated and self._strokes >= self.max_strokes
        reward = self._reward(lead_before)
        return (self._observation(), reward, terminated, truncated,
                self._info(strokes, decoded.adjusted))

    def render(self):
        """The table now as an H x W x 3 uint8 image (``render_mode="rgb_array"``), or None
        without a render mode (as Gymnasium's environments)."""
        if self.render_mode is None:
            if gymnasium is not None:
                gymnasium.logger.warn("render() called without a render_mode: "
                                      "PyramidEnv(render_mode=\"rgb_array\")")
            return None
        balls = {} if self._state is None else self._state.balls
        return frames.draw(self.simulator.table, balls)

    def action_masks(self) -> np.ndarray:
        """The calls legal now, as sb3-contrib's ``MaskablePPO`` reads them: a bool array of
        :data:`ai.env.actions.N_CALLS`, one per call index (docs/API.md); after the end of
        the game only the no-op :data:`ai.env.actions.NO_OP_INDEX`
        (:func:`ai.env.actions.action_mask`)."""
        if self._mask is None:
            self._mask = action_mask(self.state)
        return self._mask.copy()

    def legal_actions(self) -> list[int]:
        """The legal call indices, ascending, as OpenSpiel's ``legal_actions()``."""
        return legal_call_indices(self.state)

    def snapshot(self) -> EnvSnapshot:
        """The game now, to :meth:`restore` later (apply a stroke, undo) or to save as JSON."""
        game = self._game if self._state is not None else None
        if game is None:
            raise RuntimeError("call reset() first")
        return EnvSnapshot(self._state, self.learner_side, self._strokes,
                           copy.deepcopy(self._rng.bit_generator.state),
                           game.opponent if isinstance(game.opponent, str) else None,
                           game.skill, game.opponent_skill)

    def restore(self, snapshot: EnvSnapshot) -> tuple[dict, dict[str, Any]]:
        """Go back to a snapshot (of this environment, or of one made with the same arguments):
        the same actions then play the same strokes.  Returns ``(observation, info)`` as
        :meth:`reset` does (no strokes)."""
        if not isinstance(snapshot, EnvSnapshot):
            raise ValueError(f"restore takes an EnvSnapshot, got {type(snapshot).__name__}")
        if snapshot.state.table != self.table:
            raise ValueError(f"snapshot.state: table {snapshot.state.table!r} is not the "
                             f"environment's {self.table!r}")
        base = self._game if self._state is not None else self.settings
        game = replace(base, opponent=snapshot.opponent or base.opponent, skill=snapshot.skill,
                       opponent_skill=snapshot.opponent_skill).check(self.table, "snapshot.")
        self.opponent = self._agent(game.opponent, "snapshot.")
        self.noise = NoiseModel.for_skill(game.skill)
        self.opponent_noise = NoiseModel.for_skill(game.opponent_skill)
        self._game = game
        self._rng = snapshot.generator()
        self.learner_side = snapshot.learner_side
        self._state = snapshot.state
        self._strokes = snapshot.strokes
        return self._observation(), self._info((), ())

    @property
    def state(self) -> GameState:
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # --- inside -----------------------------------------------------------------------------
    def _agent(self, opponent: str | Agent, where: str = "") -> Agent:
        """The opponent of a spec, built once per spec (or the agent given)."""
        if not isinstance(opponent, str):
            return opponent
        if opponent not in self._agents:
            try:
                self._agents[opponent] = make_agent(opponent, self.simulator)
            except ValueError as exc:
                raise ValueError(f"{where}opponent: {exc}") from None
        return self._agents[opponent]

    def _opponent_plays(self) -> list[StrokeSummary]:
        out = []
        while (not self._state.game_over and self._state.to_move != self.learner_side
               and self._strokes < self.max_strokes):
            decision = self.opponent.decide(self._state, self._rng)
            report = execute(self._state, decision, self.simulator, self._rng,
                             self.opponent_noise)
            self._state = report.state_after
            self._strokes += 1
            out.append(StrokeSummary.of(report, self.learner_side))
        return out

    def _info(self, strokes, adjusted) -> dict[str, Any]:
        self._mask = action_mask(self._state)
        return StepInfo(self._state, tuple(strokes), adjusted, self._mask.copy()).as_dict()

    def _lead(self, state: GameState) -> float:
        me = self.learner_side
        return float(state.scores[me] - state.scores[1 - me])

    def _reward(self, lead_before: float) -> float:
        state = self._state
        if self.reward_kind == "points":
            return self._lead(state) - lead_before
        if not state.game_over or state.result.draw:
            return 0.0
        return 1.0 if state.result.winner == self.learner_side else -1.0

    def _observation(self) -> dict[str, np.ndarray | int]:
        return codec.observation_of(self._state, self.learner_side, self.max_strokes)


__all__ = ["PyramidEnv", "OFF_TABLE_MARGIN_M", "REWARDS", "RENDER_MODES"]
