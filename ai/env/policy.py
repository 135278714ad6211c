"""A trained policy as a tournament agent (issue 58 item 1): :func:`agent_from_policy` wraps a
function ``policy(observation, mask) -> action`` into an :class:`~ai.agent.Agent`, seeing and
acting exactly as the environment it was trained on (:mod:`ai.env.codec`), so it plays in
``pyramid tournament`` from an agent file (docs/API.md, "A policy as an agent").
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

import numpy as np

from engine import GameState

from ..agent import Decision
from ..agents.random_agent import random_placement
from ..games.match import MAX_STROKES_PER_GAME
from .actions import action_mask
from .box import BoxCodec
from .codec import DEFAULT_MISCUE_OFFSET, Decoder, observation_of
from .discrete import DiscreteCodec

# The action forms a policy may speak: the wrappers' (ai.env.wrappers) and the environment's.
ACTION_FORMS = ("discrete", "box", "dict")
Policy = Callable[[dict, np.ndarray], Any]


class PolicyAgent:
    """An agent that asks ``policy(observation, mask)`` for its action: the observation of the
    side to move as the wrapper of ``form`` gives it (:func:`ai.env.codec.observation_of`,
    with ``pot_chances`` for ``discrete``) and the mask of ``form``'s actions;
    the action is decoded as the environment of that form decodes it (an action the rules
    cannot take as it is adjusted, as there)."""

    def __init__(self, policy: Policy, form: str = "discrete", name: str = "policy",
                 miscue_offset: float = DEFAULT_MISCUE_OFFSET,
                 max_strokes: int = MAX_STROKES_PER_GAME):
        if not callable(policy):
            raise ValueError(f"policy must be callable (observation, mask) -> action, got "
                             f"{type(policy).__name__}")
        if form not in ACTION_FORMS:
            raise ValueError(f"form must be one of {', '.join(ACTION_FORMS)}, got {form!r}")
        self.policy = policy
        self.form = form
        self.name = name
        self.max_strokes = max_strokes
        self._miscue_offset = miscue_offset
        self._discrete = DiscreteCodec() if form == "discrete" else None
        self._box = BoxCodec(miscue_offset) if form == "box" else None

    def mask(self, state: GameState) -> np.ndarray:
        if self._discrete is not None:
            return self._discrete.mask(state)
        return action_mask(state)

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        if self._discrete is not None:
            obs = self._discrete.observation(state, state.to_move, self.max_strokes)
        else:
            obs = observation_of(state, state.to_move, self.max_strokes)
        action = self.policy(obs, self.mask(state))
        decoder = Decoder(self._miscue_offset, False, lambda s: random_placement(s, rng))
        adjusted: tuple[str, ...] = ()
        if self._discrete is not None:
            first = self._discrete.decode(action, state)
            action, adjusted = first.decision, first.adjusted
        elif self._box is not None:
            action, adjusted = self._box.translate(action, state)
        decoded = decoder.decode(action, state)
        said = "; ".join(adjusted + decoded.adjusted)
        return replace(decoded.decision, instruction=f"{self.name}: {self.form} action"
                                                     + (f" ({said})" if said else ""))


def agent_from_policy(policy: Policy, form: str = "discrete", name: str = "policy",
                      simulator=None, max_strokes: int = MAX_STROKES_PER_GAME) -> PolicyAgent:
    """A tournament agent playing ``policy(observation, mask) -> action``, ``form`` the action
    it returns: ``discrete`` (an index of :class:`~ai.env.wrappers.DiscreteCalls`), ``box``
    (:class:`~ai.env.wrappers.UnitBox`'s eight numbers) or ``dict`` (the environment's own
    action, or a :class:`Decision`).  ``simulator``: the one whose miscue limit the tip obeys
    (an agent file's factory is given the process's, ai.registry)."""
    miscue = (DEFAULT_MISCUE_OFFSET if simulator is None
              else simulator.physics.miscue_offset)
    return PolicyAgent(policy, form, name, miscue, max_strokes)


__all__ = ["agent_from_policy", "PolicyAgent", "ACTION_FORMS"]
