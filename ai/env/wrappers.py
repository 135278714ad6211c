"""The ready-made action spaces as Gymnasium wrappers of :class:`~ai.env.core.PyramidEnv`
(issue 58 item 2; docs/API.md, "Ready-made action spaces"):

* :class:`DiscreteCalls` -- ``Discrete(810)``, one index a ghost-ball pot at one of a few
  speed and spin levels (:mod:`ai.env.discrete`), with ``action_masks()`` for sb3-contrib's
  ``MaskablePPO``; ``info["action_mask"]`` is its mask;
* :class:`UnitBox` -- ``Box(-1, 1, (8,))``, the call and the stroke normalised, the tip on a
  disc (:mod:`ai.env.box`).

The observation is the environment's (:func:`ai.env.codec.observation_of`); the Discrete
wrapper's adds ``pot_chances`` (:func:`ai.env.discrete.pot_chances`).  Both are
registered (``ai.env``) as :data:`CALLS_ENV_ID` and :data:`BOX_ENV_ID`, made by
:func:`calls_env` and :func:`box_env` from the keyword arguments of :class:`PyramidEnv`.
"""
from __future__ import annotations

import numpy as np

from .box import N_BOX, BoxCodec
from .core import PyramidEnv, gymnasium, spaces
from .discrete import N_AIM_BALLS, N_DISCRETE, POT_CHANCES, DiscreteCodec, pot_chances

CALLS_ENV_ID = "pyramid/SmallPyramidCalls-v0"
BOX_ENV_ID = "pyramid/SmallPyramidBox-v0"

_Wrapper = gymnasium.Wrapper if gymnasium is not None else object


def _merged(info: dict, adjusted: tuple[str, ...], mask: np.ndarray | None) -> dict:
    out = dict(info)
    if adjusted:
        out["adjusted"] = list(adjusted) + list(info.get("adjusted", ()))
    if mask is not None:
        out["action_mask"] = mask
    return out


class DiscreteCalls(_Wrapper):
    """:class:`PyramidEnv` with the call-level ``Discrete`` action of :mod:`ai.env.discrete`.
    ``strict`` refuses an index the mask refuses (else the first legal ball is aimed at)."""

    def __init__(self, env, strict: bool = False):
        super().__init__(env)
        self.codec = DiscreteCodec(strict=strict)
        self.action_space = spaces.Discrete(N_DISCRETE)
        self.observation_space = spaces.Dict({
            **env.observation_space.spaces,
            POT_CHANCES: spaces.Box(0.0, 1.0, shape=(N_AIM_BALLS, 6), dtype=np.float32)})

    def action_masks(self) -> np.ndarray:
        """The indices taken as they are now (a finished game: the no-op index 0 only)."""
        return self.codec.mask(self.env.unwrapped.state)

    def _observe(self, obs: dict) -> dict:
        return dict(obs, **{POT_CHANCES: pot_chances(self.env.unwrapped.state,
                                                     self.codec.noise)})

    def reset(self, *, seed=None, options=None):
        obs, info = self.env.reset(seed=seed, options=options)
        return self._observe(obs), _merged(info, (), self.action_masks())

    def step(self, action):
        state = self.env.unwrapped.state
        if state.game_over:
            raise RuntimeError("the game has ended: call reset()")
        decoded = self.codec.decode(action, state)
        obs, reward, terminated, truncated, info = self.env.step(decoded.decision)
        return self._observe(obs), reward, terminated, truncated, _merged(
            info, decoded.adjusted, self.action_masks())


class UnitBox(_Wrapper):
    """:class:`PyramidEnv` with the normalised ``Box`` action of :mod:`ai.env.box`."""

    def __init__(self, env):
        super().__init__(env)
        base = env.unwrapped
        self.codec = BoxCodec(base.simulator.physics.miscue_offset)
        self.action_space = spaces.Box(-1.0, 1.0, shape=(N_BOX,), dtype=np.float32)

    def step(self, action):
        dict_action, adjusted = self.codec.translate(action, self.env.unwrapped.state)
        obs, reward, terminated, truncated, info = self.env.step(dict_action)
        return obs, reward, terminated, truncated, _merged(info, adjusted, None)


def calls_env(strict: bool = False, **kwargs) -> DiscreteCalls:
    """:class:`DiscreteCalls` over ``PyramidEnv(**kwargs)`` (``strict`` is the wrapper's)."""
    return DiscreteCalls(PyramidEnv(**kwargs), strict=strict)


def box_env(**kwargs) -> UnitBox:
    """:class:`UnitBox` over ``PyramidEnv(**kwargs)``."""
    return UnitBox(PyramidEnv(**kwargs))


__all__ = ["DiscreteCalls", "UnitBox", "calls_env", "box_env", "CALLS_ENV_ID", "BOX_ENV_ID"]
