"""The learning environment: :class:`PyramidEnv` in Gymnasium's API (docs/API.md, "A learning
environment").  Importing this package registers it with Gymnasium as :data:`ENV_ID`, so
``gymnasium.make("pyramid/SmallPyramid-v0", render_mode="rgb_array")`` works after
``import ai.env`` (keyword arguments go to :class:`PyramidEnv`), and the two ready-made action
spaces as :data:`CALLS_ENV_ID` (``Discrete``, masked) and :data:`BOX_ENV_ID` (``Box`` in
[-1, 1]); each registration carries ``max_episode_steps`` (:data:`MAX_EPISODE_STEPS`, Gymnasium's
``TimeLimit``).

* :mod:`ai.env.core` -- the environment;
* :mod:`ai.env.codec` -- the observation, the spaces, an action decoded into a decision and a
  decision encoded (public: a trained policy sees and acts through it);
* :mod:`ai.env.actions` -- the call index, the mask of legal calls;
* :mod:`ai.env.discrete`, :mod:`ai.env.box`, :mod:`ai.env.wrappers` -- the call-level
  ``Discrete`` and the normalised ``Box`` action, and their wrappers;
* :mod:`ai.env.policy` -- :func:`agent_from_policy`: a policy as a tournament agent;
* :mod:`ai.env.episode` -- the settings of a game and ``reset(options=...)``;
* :mod:`ai.env.info` -- what ``info`` carries;
* :mod:`ai.env.render` -- the ``rgb_array`` frames;
* :mod:`ai.env.snapshot` -- a copy of the game to restore (apply a stroke, undo) or save;
* :mod:`ai.env.forward` -- the forward model, OpenSpiel's way: ``apply(state, decision,
  noise_draw)``, ``returns``, ``current_player``;
* :mod:`ai.env.aec` -- several players, each an agent: :func:`aec_env` (PettingZoo's AEC API).
"""
from __future__ import annotations

from ..games.match import MAX_STROKES_PER_GAME
from .aec import PyramidAEC, aec_env
from .actions import (ACTION_MANNERS, N_CALLS, NO_OP_INDEX, IllegalActionError, action_mask,
                      call_index, call_mask, call_parts, legal_call_indices)
from .box import BOX_FIELDS, BoxCodec
from .codec import Decoded, Decoder, action_space, decode, encode, observation_of, \
    observation_space
from .core import PyramidEnv, gymnasium
from .discrete import (N_DISCRETE, SPEED_FACTORS, SPIN_LEVELS, DiscreteCodec, discrete_index,
                       discrete_mask, discrete_parts)
from .episode import RESET_OPTIONS, EpisodeSettings
from .policy import ACTION_FORMS, PolicyAgent, agent_from_policy
from .snapshot import EnvSnapshot
from .wrappers import BOX_ENV_ID, CALLS_ENV_ID, DiscreteCalls, UnitBox, box_env, calls_env

ENV_ID = "pyramid/SmallPyramid-v0"
ENTRY_POINT = "ai.env.core:PyramidEnv"
# Gymnasium's TimeLimit: a step of yours plays at least one stroke, so the environment's own
# limit (max_strokes, 500 strokes of both sides: then ``truncated``) comes first unless
# ``gymnasium.make(..., max_episode_steps=N)`` asks for fewer steps.
MAX_EPISODE_STEPS = MAX_STROKES_PER_GAME
ENTRY_POINTS = {ENV_ID: ENTRY_POINT, CALLS_ENV_ID: "ai.env.wrappers:calls_env",
                BOX_ENV_ID: "ai.env.wrappers:box_env"}


def register() -> bool:
    """Register :data:`ENV_ID`, :data:`CALLS_ENV_ID` and :data:`BOX_ENV_ID` with Gymnasium,
    once (a second import, or a reload, finds them there and leaves them); False where
    Gymnasium is not installed."""
    if gymnasium is None:
        return False
    for env_id, entry_point in ENTRY_POINTS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point,
                               max_episode_steps=MAX_EPISODE_STEPS)
    return True


register()

__all__ = ["PyramidEnv", "ENV_ID", "CALLS_ENV_ID", "BOX_ENV_ID", "MAX_EPISODE_STEPS", "register",
           "ACTION_MANNERS", "N_CALLS", "NO_OP_INDEX", "IllegalActionError", "call_index",
           "call_parts", "call_mask", "action_mask", "legal_call_indices", "RESET_OPTIONS",
           "EpisodeSettings", "EnvSnapshot", "observation_of", "observation_space",
           "action_space", "decode", "encode", "Decoder", "Decoded", "agent_from_policy",
           "PolicyAgent", "ACTION_FORMS", "DiscreteCalls", "UnitBox", "calls_env", "box_env",
           "DiscreteCodec", "discrete_index", "discrete_parts", "discrete_mask", "N_DISCRETE",
           "SPEED_FACTORS", "SPIN_LEVELS", "BoxCodec", "BOX_FIELDS", "PyramidAEC", "aec_env"]
