"""A forward model of the game, OpenSpiel's way (docs/API.md, "A forward model"): pure
functions of an immutable, hashable :class:`engine.GameState`, with the execution noise of a
stroke an explicit chance outcome.

* :func:`current_player` -- the player to move (:data:`TERMINAL_PLAYER` once the game is
  over); :func:`n_players`, :func:`is_terminal`;
* :func:`legal_actions` -- the legal call indices (:mod:`ai.env.actions`), :func:`legal_calls`
  -- the calls themselves (:func:`engine.legal_calls`);
* :func:`sample_noise` -- the chance node after a decision: the noise of its stroke drawn from
  a ``numpy.random.Generator`` exactly as self-play draws it, a :class:`NoiseDraw`;
* :func:`apply` -- ``apply(state, decision, noise_draw) -> GameState``: the stroke played with
  that noise, simulated and refereed (:func:`play` gives the whole report);
* :func:`returns` -- what the game came to for each player: +1 a win, -1 a loss, 0 a draw.

The rules stay in :mod:`engine` (who is to move, which calls are legal, when the game ends);
this module only joins them with the simulator and the noise.  A game played with
``sample_noise`` and ``apply`` from the generator ``pyramid play`` uses is the game it plays,
stroke for stroke (tests/ai/env/test_forward.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from engine import Call, GameState, initial_state, legal_calls as engine_legal_calls
from engine import player_to_move
from engine.kinds import CallMode, PairOrder, Variant
from engine.outcome import GameOutcome
from sim import Simulator, Strike, shared_simulator
from sim.table import DEFAULT_TABLE

from ..agent import Decision
from ..games.match import StrokeReport, execute_played
from ..noise import NOISE_DIMS, NoiseModel
from .actions import legal_call_indices

TERMINAL_PLAYER = -4  # OpenSpiel's kTerminalPlayerId: nobody moves in a finished game
WIN, DRAW, LOSS = 1.0, 0.0, -1.0  # the returns of a two-sided game (as PyramidEnv's "win")


@dataclass(frozen=True)
class NoiseDraw:
    """The chance outcome of one stroke: ``z``, the :data:`ai.noise.NOISE_DIMS` standard
    normal draws of its execution noise (aim, speed, elevation, side, vertical; ``()``: none,
    the stroke played as meant), and ``noise``, the player's noise model that scales them
    (:class:`ai.noise.NoiseModel`; its ``magnitude`` is the skill factor)."""

    z: tuple[float, ...]
    noise: NoiseModel = NoiseModel()

    def __post_init__(self):
        z = tuple(float(v) for v in np.asarray(self.z, dtype=float).reshape(-1))
        if len(z) not in (0, NOISE_DIMS) or not all(math.isfinite(v) for v in z):
            raise ValueError(f"noise_draw.z must be {NOISE_DIMS} finite numbers (or none), "
                             f"got {list(self.z)!r}")
        if not isinstance(self.noise, NoiseModel):
            raise ValueError(f"noise_draw.noise must be an ai.noise.NoiseModel, got "
                             f"{type(self.noise).__name__}")
        object.__setattr__(self, "z", z)

    @classmethod
    def none(cls) -> "NoiseDraw":
        """No noise: the stroke is played exactly as meant."""
        return cls((), NoiseModel(magnitude=0.0))

    def played(self, strike: Strike, miscue_offset: float) -> Strike:
        """The strike played: ``strike`` with this noise (:meth:`ai.noise.NoiseModel.apply`)."""
        if not self.z:
            return strike
        return self.noise.apply(strike, np.array(self.z), miscue_offset)


def noise_model(skill: NoiseModel | str | float) -> NoiseModel:
    """A noise model: given, or of a named skill or a magnitude factor (as ``--skill``)."""
    return skill if isinstance(skill, NoiseModel) else NoiseModel.for_skill(skill)


def sample_noise(rng: np.random.Generator, skill: NoiseModel | str | float = "strong",
                 decision: Decision | None = None) -> NoiseDraw:
    """The chance node after ``decision``: its stroke's noise drawn from ``rng`` as self-play
    draws it (:func:`ai.games.match.execute`): nothing for a tush (a decision without a strike)
    nor for a player without noise (``perfect``), else :data:`ai.noise.NOISE_DIMS` standard
    normal draws."""
    model = noise_model(skill)
    if decision is not None and decision.strike is None:
        return NoiseDraw((), model)
    return NoiseDraw(tuple(model.draw(rng)), model)


def _simulator(state: GameState, simulator: Simulator | None) -> Simulator:
    if simulator is None:
        return shared_simulator(state.table)
    if simulator.table.name != state.table:
        raise ValueError(f"simulator: table {simulator.table.name!r} is not the state's "
                         f"{state.table!r}")
    return simulator


def play(state: GameState, decision: Decision, noise_draw: NoiseDraw,
         simulator: Simulator | None = None) -> StrokeReport:
    """:func:`apply` with the whole report: the strike played, the simulation, the ruling."""
    if not isinstance(state, GameState):
        raise ValueError(f"state must be an engine.GameState, got {type(state).__name__}")
    if state.game_over:
        raise ValueError("state: the game is over (R9.1); no stroke is played on it")
    if not isinstance(decision, Decision):
        raise ValueError(f"decision must be an ai.agent.Decision, got "
                         f"{type(decision).__name__}")
    if not isinstance(noise_draw, NoiseDraw):
        raise ValueError(f"noise_draw must be an ai.env.forward.NoiseDraw (draw one from a "
                         f"generator with sample_noise), got {type(noise_draw).__name__}")
    sim = _simulator(state, simulator)
    played = None
    if decision.strike is not None:
        played = noise_draw.played(decision.strike, sim.physics.miscue_offset)
    return execute_played(state, decision, sim, played)


def apply(state: GameState, decision: Decision, noise_draw: NoiseDraw,
          simulator: Simulator | None = None) -> GameState:
    """The state after ``decision`` is played with the noise ``noise_draw``: a new state (the
    old one is unchanged, the undo).  Deterministic: the same three give an equal state
    (which hashes equal).  ``simulator``: the state's table's shared one when not given."""
    return play(state, decision, noise_draw, simulator).state_after


def n_players(state: GameState) -> int:
    """The players of the state's variant: 2, or 3 (three each; one against a pair)."""
    return state.variant.n_players


def current_player(state: GameState) -> int:
    """The player to move (:func:`engine.player_to_move`: in one against a pair 0 is the
    single, 1 and 2 the pair's partners), :data:`TERMINAL_PLAYER` once the game is over."""
    return TERMINAL_PLAYER if state.game_over else player_to_move(state)


def is_terminal(state: GameState) -> bool:
    return state.game_over


def legal_actions(state: GameState) -> list[int]:
    """The legal call indices, ascending (:func:`ai.env.actions.call_mask`); none at the end."""
    return legal_call_indices(state)


def legal_calls(state: GameState) -> list[Call | None]:
    """The calls the player to move may make (:func:`engine.legal_calls`)."""
    return engine_legal_calls(state)


def side_returns(result: GameOutcome | None, n_sides: int) -> tuple[float, ...]:
    """Per side: 0 while the game goes on and for a draw; with every side placed (three each
    for himself, R12.1) from +1 for the first down to -1 for the last, evenly; else +1 for the
    winner and -1 shared by the others.  They add up to 0."""
    if result is None or result.draw or result.winner is None:
        return (DRAW,) * n_sides
    placings = result.placings
    if placings is not None and sorted(placings) == list(range(n_sides)) and n_sides > 1:
        out = [DRAW] * n_sides
        for rank, side in enumerate(placings):
            out[side] = WIN - (WIN - LOSS) * rank / (n_sides - 1)
        return tuple(out)
    return tuple(WIN if side == result.winner else LOSS / (n_sides - 1)
                 for side in range(n_sides))


def returns(state: GameState) -> tuple[float, ...]:
    """What the game came to for each player (index = player): his side's return
    (:func:`side_returns`; the pair's two partners share their side's); all 0 while it goes
    on."""
    by_side = side_returns(state.result, state.n_sides)
    variant = state.variant
    return tuple(by_side[variant.side_of_player(p)] for p in range(variant.n_players))


def new_initial_state(variant: Variant | str = Variant.TWO_PLAYER,
                      call_mode: CallMode | str = CallMode.EXACT, table: str = DEFAULT_TABLE,
                      breaker: int = 0,
                      pair_order: PairOrder | str = PairOrder.WHILE_SCORING) -> GameState:
    """A new game as self-play starts one (:func:`engine.initial_state`; warned automatically,
    R11.8, as there is no referee)."""
    return initial_state(variant, call_mode, table, breaker=breaker, pair_order=pair_order,
                         auto_warning=True)


__all__ = ["NoiseDraw", "TERMINAL_PLAYER", "sample_noise", "noise_model", "apply", "play",
           "current_player", "n_players", "is_terminal", "legal_actions", "legal_calls",
           "returns", "side_returns", "new_initial_state"]
