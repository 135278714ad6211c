"""The learning environment: :class:`PyramidEnv` in Gymnasium's API (docs/API.md, "A learning
environment").  Importing this package registers it with Gymnasium as :data:`ENV_ID`, so
``gymnasium.make("pyramid/SmallPyramid-v0", render_mode="rgb_array")`` works after
``import ai.env`` (keyword arguments go to :class:`PyramidEnv`).

* :mod:`ai.env.core` -- the environment;
* :mod:`ai.env.actions` -- the action encoding, the mask of legal calls, strict or adjusted
  actions;
* :mod:`ai.env.episode` -- the settings of a game and ``reset(options=...)``;
* :mod:`ai.env.info` -- what ``info`` carries;
* :mod:`ai.env.render` -- the ``rgb_array`` frames;
* :mod:`ai.env.snapshot` -- a copy of the game to restore (apply a stroke, undo) or save;
* :mod:`ai.env.forward` -- the forward model, OpenSpiel's way: ``apply(state, decision,
  noise_draw)``, ``returns``, ``current_player``;
* :mod:`ai.env.aec` -- several players, each an agent: :func:`aec_env` (PettingZoo's AEC API).
"""
from __future__ import annotations

from .aec import PyramidAEC, aec_env
from .actions import (ACTION_MANNERS, N_CALLS, IllegalActionError, call_index, call_mask,
                      call_parts, legal_call_indices)
from .core import PyramidEnv, gymnasium
from .episode import RESET_OPTIONS, EpisodeSettings
from .snapshot import EnvSnapshot

ENV_ID = "pyramid/SmallPyramid-v0"
ENTRY_POINT = "ai.env.core:PyramidEnv"


def register() -> bool:
    """Register :data:`ENV_ID` with Gymnasium, once (a second import, or a reload, finds it
    there and leaves it); False where Gymnasium is not installed."""
    if gymnasium is None:
        return False
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=ENTRY_POINT)
    return True


register()

__all__ = ["PyramidEnv", "ENV_ID", "register", "ACTION_MANNERS", "N_CALLS", "IllegalActionError",
           "call_index", "call_parts", "call_mask", "legal_call_indices", "RESET_OPTIONS",
           "EpisodeSettings", "EnvSnapshot", "PyramidAEC", "aec_env"]
