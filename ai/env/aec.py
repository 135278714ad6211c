"""Multi-agent play in PettingZoo's AEC API (docs/API.md, "Several players: PettingZoo"): every
player of the game is an agent, ``player_0`` ..., and plays his own strokes; nobody plays inside
``step``.  :func:`aec_env` makes one: ``variant="two-player"`` (two agents), ``"three-each"``
(three, each for himself, R12.1) or ``"one-vs-pair"`` (three: ``player_0`` the single,
``player_1`` and ``player_2`` the pair's partners A and B, who share their side's reward,
R12.2).

The game moves through :mod:`ai.env.forward`: the agent selected is
:func:`~ai.env.forward.current_player`, its action is decoded into a decision
(:class:`ai.env.codec.Decoder`), the stroke's noise drawn (:func:`~ai.env.forward.sample_noise`) from the
one generator seeded by ``reset(seed=)`` and the stroke applied; at the end each agent's reward
is its :func:`~ai.env.forward.returns`.  The observation of an agent is the codec's
(:func:`ai.env.codec.observation_of`, the single-agent environment's), from its side, with a
row per side: yours, then the next sides in turn order.  The action space is the codec's too.

PettingZoo (and Gymnasium) are optional: ``pip install -e '.[env]'``.
"""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from engine import EngineError, GameState, extras
from engine.kinds import CallMode, PairOrder, Variant
from sim import Simulator, shared_simulator
from sim.table import DEFAULT_TABLE, POCKET_IDS

from ..agents.random_agent import random_placement
from ..games.match import MAX_STROKES_PER_GAME
from ..games.series import Series
from . import forward
from . import render as frames
from .actions import ACTION_MANNERS, N_BALL_CHOICES, call_mask
from .codec import Decoder, action_space, observation_of, observation_space
from .core import RENDER_FPS, RENDER_MODES, check_limits

try:  # optional: PettingZoo's base class
    from pettingzoo import AECEnv
except ImportError:  # pragma: no cover - exercised only where they are absent
    AECEnv = object

AGENT_NAME = "player_{}"  # PettingZoo's recommended names: player_0, player_1, ...
ENV_NAME = "pyramid_aec_v0"


# --- what the codec (ai.env.codec) does not say: the mask per part, a stroke's info --------
def action_mask_parts(state: GameState) -> dict[str, np.ndarray | None]:
    """The legal calls as one mask per part of the action (PettingZoo's
    ``action_space.sample(mask)``): exact, as the legal calls are every pocket for each legal
    ball and the manners of the call mode (:func:`ai.env.actions.call_mask`)."""
    mask = call_mask(state).reshape(N_BALL_CHOICES, len(POCKET_IDS), len(ACTION_MANNERS))
    return {"ball": mask.any(axis=(1, 2)).astype(np.int8),
            "pocket": mask.any(axis=(0, 2)).astype(np.int8),
            "manner": mask.any(axis=(0, 1)).astype(np.int8),
            "strike": None, "placement": None}


def stroke_info(report, player: int) -> dict[str, Any]:
    """A stroke as ``info["stroke"]`` gives it: the ``player`` who played it, the fouls (rule
    ids), the points it gave each side (penalties included), the balls that fell (the cue
    ball too) and those that counted."""
    ruling = report.outcome.adjudication
    return {"player": player, "fouls": list(ruling.fouls),
            "points": [int(p) for p in ruling.points],
            "pocketed": [] if report.sim is None else [p.ball for p in report.sim.pocketed],
            "counted": list(ruling.counted)}


# --- the environment ------------------------------------------------------------------------
class PyramidAEC(AECEnv):
    """Small Russian Pyramid for two or three players, each an agent (PettingZoo's AEC API).

    ``variant``: ``two-player``, ``three-each`` or ``one-vs-pair``; ``skill``: the execution
    noise of every player (a named level or a factor), or one per player; ``call_mode``,
    ``table``, ``pair_order`` (one against a pair, R12.2); ``max_strokes``: then every agent
    is truncated; ``strict``: refuse an action the rules cannot take as it is
    (:class:`~ai.env.actions.IllegalActionError`) instead of adjusting it; ``render_mode``:
    None or ``"rgb_array"``."""

    metadata = {"render_modes": list(RENDER_MODES), "name": ENV_NAME,
                "is_parallelizable": False, "render_fps": RENDER_FPS}

    def __init__(self, variant: str = "two-player", skill="strong", call_mode: str = "exact",
                 table: str = DEFAULT_TABLE, max_strokes: int = MAX_STROKES_PER_GAME,
                 pair_order: str = "while-scoring", strict: bool = False,
                 render_mode: str | None = None, simulator: Simulator | None = None):
        extras.require("env", "the multi-agent environment ai.env.aec_env")  # MissingExtra
        for name, value, kind in (("variant", variant, Variant), ("call_mode", call_mode,
                                  CallMode), ("pair_order", pair_order, PairOrder)):
            if value not in tuple(kind):
                raise ValueError(f"{name} must be one of {', '.join(kind)}, got {value!r}")
        check_limits(max_strokes, render_mode)
        self.variant = Variant(variant)
        n = self.variant.n_players
        skills = list(skill) if isinstance(skill, (list, tuple)) else [skill] * n
        if len(skills) != n:
            raise ValueError(f"skill must be one level or {n} (one a player), got {skill!r}")
        self.noise = tuple(forward.noise_model(s) for s in skills)
        self.simulator = simulator or shared_simulator(table)
        self.series = Series(1, self.variant, CallMode(call_mode), self.simulator.table.name,
                             pair_order=PairOrder(pair_order))
        self.max_strokes = max_strokes
        self.render_mode = render_mode
        self.possible_agents = [AGENT_NAME.format(k) for k in range(n)]
        n_sides = self.variant.n_sides
        self.observation_spaces, self.action_spaces = {}, {}
        for agent in self.possible_agents:
            self.observation_spaces[agent] = observation_space(self.simulator.table,
                                                               max_strokes, n_sides)
            self.action_spaces[agent] = action_space(self.simulator.table,
                                                     self.simulator.physics.miscue_offset)
        self._rng = np.random.default_rng()
        self._decoder = Decoder(self.simulator.physics.miscue_offset, strict,
                                lambda state: random_placement(state, self._rng))
        self._state: GameState | None = None

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # --- the AEC API ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping | None = None) -> None:
        """A new game: the first breaker drawn by lot from the generator ``seed`` fixes (as
        ``pyramid play`` starts a game); ``options={"state": ...}`` starts from a position
        (a ``GameState`` or its JSON, of this variant and table).  Other keys of ``options``
        are not read (PettingZoo's api_test passes one)."""
        if seed is not None or self._state is None:
            self._rng = np.random.default_rng(seed)
        start = (options or {}).get("state")
        self._state = (self.series.chained_game(0, None, self._rng) if start is None
                       else self._start(start))
        self._strokes = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._skip_agent_selection = None
        self._after_stroke(None, None, ())

    def step(self, action) -> None:
        """The selected agent plays ``action``; once the game is over (or truncated) each
        agent in turn takes ``None`` and leaves."""
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        player = self.possible_agents.index(agent)  # the player to move (_after_stroke)
        decoded = self._decoder.decode(action, state)
        decision, adjusted = decoded.decision, decoded.adjusted
        draw = forward.sample_noise(self._rng, self.noise[player], decision)
        report = forward.play(state, decision, draw, self.simulator)
        self._state = report.state_after
        self._strokes += 1
        self._cumulative_rewards[agent] = 0.0
        self._after_stroke(report, player, tuple(adjusted))

    def observe(self, agent: str) -> dict[str, Any]:
        side = self.variant.side_of_player(self.possible_agents.index(agent))
        return observation_of(self.game_state, side, self.max_strokes)

    def render(self):
        """The table now, an H x W x 3 uint8 image (``render_mode="rgb_array"``), else None."""
        if self.render_mode is None:
            return None
        return frames.draw(self.simulator.table, {} if self._state is None else
                           self._state.balls)

    def close(self) -> None:
        """Nothing to release (no window, no process)."""

    # --- beyond the AEC API -----------------------------------------------------------------
    @property
    def game_state(self) -> GameState:
        """The game now (``state()`` is PettingZoo's global-state method, not offered)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def current_player(self) -> int:
        """The player to move (the index of ``agent_selection`` while the game goes on),
        :data:`ai.env.forward.TERMINAL_PLAYER` after its end."""
        return forward.current_player(self.game_state)

    def legal_actions(self) -> list[int]:
        """The legal call indices, ascending (OpenSpiel's ``legal_actions()``)."""
        return forward.legal_actions(self.game_state)

    # --- inside -----------------------------------------------------------------------------
    def _start(self, start) -> GameState:
        try:
            state = start if isinstance(start, GameState) else GameState.from_json(start)
        except EngineError as exc:
            raise ValueError(f"options.state: {exc}") from None
        if state.variant != self.variant or state.table != self.simulator.table.name:
            raise ValueError(f"options.state: a {state.variant} game on {state.table!r}; this "
                             f"environment plays {self.variant} on "
                             f"{self.simulator.table.name!r}")
        if state.game_over:
            raise ValueError("options.state: the game is over; start from a game going on")
        return state

    def _after_stroke(self, report, shooter: int | None, adjusted: tuple[str, ...]) -> None:
        """Rewards, ends, infos and the next agent after a reset (``report`` None) or the
        stroke of player ``shooter``."""
        state = self._state
        over = state.game_over
        cut = not over and self._strokes >= self.max_strokes
        gains = forward.returns(state)
        for k, agent in enumerate(self.possible_agents):
            if agent in self.agents:
                self.rewards[agent] = gains[k] if over else 0.0
                self.terminations[agent] = over
                self.truncations[agent] = cut
        player = forward.current_player(state)
        mask, parts = call_mask(state), action_mask_parts(state)
        none = {k: (None if v is None else np.zeros_like(v)) for k, v in parts.items()}
        stroke = None if report is None else stroke_info(report, shooter)
        to_move = None if over or cut else self.possible_agents[player]
        self.infos = {}
        for agent in self.agents:
            mine = agent == to_move
            self.infos[agent] = {
                "state": state, "stroke": stroke, "adjusted": list(adjusted),
                "call_mask": mask if mine else np.zeros_like(mask),
                "action_mask": parts if mine else none}
        self.agent_selection = self.agents[0] if to_move is None else to_move
        self._accumulate_rewards()


def aec_env(variant: str = "two-player", **kwargs) -> PyramidAEC:
    """The multi-agent environment of ``variant`` (``two-player``, ``three-each`` or
    ``one-vs-pair``); keyword arguments go to :class:`PyramidAEC`."""
    return PyramidAEC(variant, **kwargs)


__all__ = ["PyramidAEC", "aec_env", "action_mask_parts", "stroke_info", "AGENT_NAME", "ENV_NAME"]
