"""What one game of the environment is played with: the constructor's settings, changed for one
game by ``reset(options=...)`` (validated: an unknown key or a bad value is a ValueError naming
it, ``options.<key>``)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from engine import GameState, initial_state
from engine.kinds import CallMode, Variant

from ..agent import Agent
from ..noise import NoiseModel

# The variants with two sides (the environment's learner and one opponent); three each for
# himself (R12.1) has three and is refused.
TWO_SIDED_VARIANTS = (Variant.TWO_PLAYER, Variant.ONE_VS_PAIR)
RESET_OPTIONS = ("opponent", "skill", "opponent_skill", "learner_side", "variant", "call_mode",
                 "state")


@dataclass(frozen=True)
class EpisodeSettings:
    """The settings of a game: ``opponent`` (an agent spec or an :class:`Agent`), ``skill`` /
    ``opponent_skill`` (execution noise: a named level or a factor), ``learner_side`` (0, 1 or
    None: drawn at reset), ``variant`` (:data:`TWO_SIDED_VARIANTS`), ``call_mode``, and
    ``state`` (a start position; None: the rack of R2, side 0 breaking from hand)."""

    opponent: str | Agent = "greedy"
    skill: str | float = "strong"
    opponent_skill: str | float = "strong"
    learner_side: int | None = 0
    variant: str = Variant.TWO_PLAYER
    call_mode: str = CallMode.EXACT
    state: GameState | None = None

    def check(self, table: str, where: str) -> "EpisodeSettings":
        """These settings, checked (ValueError naming ``where.<field>``); a state given as its
        JSON (docs/FORMATS.md) read into a :class:`GameState`."""
        if self.learner_side not in (0, 1, None) or isinstance(self.learner_side, bool):
            raise ValueError(f"{where}learner_side must be 0, 1 or None, got "
                             f"{self.learner_side!r}")
        for key in ("skill", "opponent_skill"):
            try:
                NoiseModel.for_skill(getattr(self, key))
            except (ValueError, TypeError) as exc:
                raise ValueError(f"{where}{key}: {exc}") from None
        if not (isinstance(self.opponent, str) or callable(getattr(self.opponent, "decide",
                                                                   None))):
            raise ValueError(f"{where}opponent must be an agent spec or an agent, got "
                             f"{self.opponent!r}")
        if self.variant not in TWO_SIDED_VARIANTS:
            raise ValueError(f"{where}variant must be one of "
                             f"{', '.join(TWO_SIDED_VARIANTS)} (the environment has two "
                             f"sides), got {self.variant!r}")
        if self.call_mode not in tuple(CallMode):
            raise ValueError(f"{where}call_mode must be one of {', '.join(CallMode)}, got "
                             f"{self.call_mode!r}")
        state = self.state
        if state is not None and not isinstance(state, GameState):
            if not isinstance(state, Mapping):
                raise ValueError(f"{where}state must be a GameState or its JSON object, got "
                                 f"{type(state).__name__}")
            try:
                state = GameState.from_json(dict(state))
            except ValueError as exc:
                raise ValueError(f"{where}state: {exc}") from None
        if state is not None:
            if state.game_over:
                raise ValueError(f"{where}state: the game is over ({state.result.to_json()})")
            if state.n_sides != 2:
                raise ValueError(f"{where}state: variant {state.variant} has "
                                 f"{state.n_sides} sides; the environment has two")
            if state.table != table:
                raise ValueError(f"{where}state: table {state.table!r} is not the "
                                 f"environment's {table!r}")
        return replace(self, state=state)

    def with_options(self, options: Mapping[str, Any] | None, table: str) -> "EpisodeSettings":
        """These settings changed by ``reset(options=...)``, checked."""
        if options is None:
            return self
        if not isinstance(options, Mapping):
            raise ValueError(f"options must be a mapping of {', '.join(RESET_OPTIONS)}, got "
                             f"{type(options).__name__}")
        for key in options:
            if key not in RESET_OPTIONS:
                raise ValueError(f"options.{key} is not an option of reset(); known: "
                                 f"{', '.join(RESET_OPTIONS)}")
        return replace(self, **dict(options)).check(table, "options.")

    def start(self, table: str) -> GameState:
        """The first state of the game: the given one, or a new rack (R2) that side 0 breaks
        (R3.2), with the automatic warning of self-play without a referee (R11.8)."""
        if self.state is not None:
            return self.state
        return initial_state(variant=self.variant, call_mode=self.call_mode, table=table,
                             breaker=0, auto_warning=True)
