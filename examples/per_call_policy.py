"""A MaskablePPO policy that scores each call from its own features (issue 58 item 5; used by
examples/learn_maskable_ppo.py, docs/API.md "MaskablePPO on the Discrete wrapper").

sb3's ``MultiInputPolicy`` reads the observation as one vector and has 810 outputs, one per
index of :class:`ai.env.DiscreteCalls`: it must learn separately, for each index, when that
index is good.  Here one small network with shared weights scores every index from that
index's own features -- the closed-form chance of its pot (the observation's
``pot_chances``), its speed and spin levels, the ball's value, the ball-to-pocket and
cue-to-ball distances, and two flags of the position -- so what it learns of one call holds
for every call.  The last layer starts at zero: every legal index has the same score, the
start is a uniform choice among the legal calls, and whatever the policy prefers later it
has learned.  The value head reads a summary of the position (the scores, the flags, the
best and the mean pot chance).

Needs torch and sb3-contrib (the learn-rl extra: ``pip install -e '.[env,learn-rl]'``).
"""
from __future__ import annotations

import numpy as np
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from ai.env import N_DISCRETE, SPEED_FACTORS, SPIN_LEVELS
from engine.values import OBJECT_BALLS, ball_value
from sim.table import POCKET_IDS, TableSpec

TABLE = TableSpec()  # the environment's default table, pyramid-12ft (ai.env.PyramidEnv)
N_POCKETS = len(POCKET_IDS)
N_LEVELS = len(SPEED_FACTORS) * len(SPIN_LEVELS)
POINTS_SCALE = 71.0  # a game's target (R9.1): scores and leads are read in targets
# Per call: chance, speed one-hot (3), spin one-hot (3), value, ball-to-pocket, cue-to-ball,
# cue in hand, must not call
N_CALL_FEATURES = 1 + len(SPEED_FACTORS) + len(SPIN_LEVELS) + 5
N_SUMMARY = 10  # lead, the two sides' points to go, four flags, best and mean chance, balls
VALUE_HIDDEN = 64


def _level_table() -> np.ndarray:
    """(810, 7): each index's speed one-hot, spin one-hot and its ball's value / 15."""
    out = np.zeros((N_DISCRETE, len(SPEED_FACTORS) + len(SPIN_LEVELS) + 1), np.float32)
    for index in range(N_DISCRETE):
        rest, level = divmod(index, N_LEVELS)
        speed, spin = divmod(level, len(SPIN_LEVELS))
        out[index, speed] = 1.0
        out[index, len(SPEED_FACTORS) + spin] = 1.0
        out[index, -1] = ball_value(OBJECT_BALLS[rest // N_POCKETS]) / 15.0
    return out


def _flag(obs: dict, key: str) -> torch.Tensor:
    """A ``Discrete(2)`` key as 0/1: sb3 hands it one-hot, (n, 2) when acting and (n, 1, 2)
    from its rollout buffer."""
    value = obs[key]
    return value.reshape(value.shape[0], -1)[:, -1]


class CallFeatures(BaseFeaturesExtractor):
    """The observation (as sb3 hands it: ``Discrete`` keys one-hot) as each call's features,
    flattened, then the summary of the position: ``810 * N_CALL_FEATURES + N_SUMMARY``."""

    def __init__(self, observation_space):
        super().__init__(observation_space, N_DISCRETE * N_CALL_FEATURES + N_SUMMARY)
        self.register_buffer("levels", torch.tensor(_level_table()))
        pockets = np.array([TABLE.pocket_position(p) for p in POCKET_IDS], np.float32)
        self.register_buffer("pockets", torch.tensor(pockets))

    def forward(self, obs: dict) -> torch.Tensor:
        n = obs["pot_chances"].shape[0]
        chance = obs["pot_chances"].reshape(n, -1)  # (n, 90): ball-major, then pocket
        balls = obs["balls"]  # (n, 16, 3): x, y, on the table
        in_hand, no_call = _flag(obs, "cue_in_hand"), _flag(obs, "must_not_call")
        objects = balls[:, 1:, :2]
        to_pocket = torch.linalg.norm(objects[:, :, None, :] - self.pockets, dim=-1)
        to_cue = torch.linalg.norm(objects - balls[:, :1, :2], dim=-1) * (1 - in_hand)[:, None]
        per_pot = torch.stack([chance, to_pocket.reshape(n, -1) / TABLE.length_m,
                               to_cue.repeat_interleave(N_POCKETS, 1) / TABLE.length_m], -1)
        per_call = per_pot.repeat_interleave(N_LEVELS, 1)  # (n, 810, 3)
        flags = torch.stack([in_hand, no_call], -1)[:, None, :].expand(n, N_DISCRETE, 2)
        calls = torch.cat([per_call[..., :1], self.levels.expand(n, -1, -1), per_call[..., 1:],
                           flags], -1)
        scores, targets = obs["scores"], obs["targets"]
        present = balls[:, 1:, 2]
        chance_by_ball = obs["pot_chances"].amax(-1)
        summary = torch.stack([
            (scores[:, 0] - scores[:, 1]) / POINTS_SCALE,
            (targets[:, 0] - scores[:, 0]) / POINTS_SCALE,
            (targets[:, 1] - scores[:, 1]) / POINTS_SCALE,
            in_hand, _flag(obs, "break_pending"), no_call, _flag(obs, "warning"),
            chance.amax(-1),
            (chance_by_ball * present).sum(-1) / present.sum(-1).clamp(min=1.0),
            present.sum(-1) / len(OBJECT_BALLS)], -1)
        return torch.cat([calls.reshape(n, -1), summary], -1)


class CallHeads(nn.Module):
    """sb3's ``mlp_extractor`` slot: the actor scores each call with one shared network (the
    810 logits, the last layer zero: a uniform start); the critic a hidden layer of the
    summary (the policy's ``value_net`` makes it a value)."""

    def __init__(self, hidden: int):
        super().__init__()
        self.score = nn.Sequential(nn.Linear(N_CALL_FEATURES, hidden), nn.Tanh(),
                                   nn.Linear(hidden, 1))
        nn.init.zeros_(self.score[-1].weight)
        nn.init.zeros_(self.score[-1].bias)
        self.critic = nn.Sequential(nn.Linear(N_SUMMARY, VALUE_HIDDEN), nn.Tanh())
        self.latent_dim_pi = N_DISCRETE
        self.latent_dim_vf = VALUE_HIDDEN

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        calls = features[:, :N_DISCRETE * N_CALL_FEATURES]
        return self.score(calls.reshape(-1, N_DISCRETE, N_CALL_FEATURES)).squeeze(-1)

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        return self.critic(features[:, N_DISCRETE * N_CALL_FEATURES:])

    def forward(self, features: torch.Tensor):
        return self.forward_actor(features), self.forward_critic(features)


class PerCallPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's policy with :class:`CallFeatures` and :class:`CallHeads` (``hidden``: the
    shared call scorer's hidden units).  Pass it as the policy:
    ``MaskablePPO(PerCallPolicy, env, policy_kwargs={"hidden": 32})``."""

    def __init__(self, observation_space, action_space, lr_schedule, hidden: int = 32,
                 **kwargs):
        self.hidden = hidden
        kwargs.update(features_extractor_class=CallFeatures, ortho_init=False)
        super().__init__(observation_space, action_space, lr_schedule, **kwargs)

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = CallHeads(self.hidden)

    def _build(self, lr_schedule) -> None:
        self._build_mlp_extractor()
        self.action_net = nn.Identity()  # the heads give the 810 logits themselves
        self.value_net = nn.Linear(VALUE_HIDDEN, 1)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),
                                              **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict:
        return dict(super()._get_constructor_parameters(), hidden=self.hidden)
