"""MaskablePPO (sb3-contrib) on the call-level Discrete action against ``greedy`` (issue 58
item 5; docs/API.md, "MaskablePPO on the Discrete wrapper").

The learner plays :class:`ai.env.DiscreteCalls` (one index: a ball, a pocket, a speed and a
spin level, aimed by the ghost ball; the mask of legal calls) against ``greedy``, either side
breaking (``learner_side=None``), rewarded by the change of its lead (``reward="points"``, a
denser signal than wins).  Then the trained policy and a uniformly random legal call on the
same wrapper each play the same held-out games (seeds 1000000 + k; training seeds are below)
against ``greedy``, both through :func:`ai.env.agent_from_policy` as a tournament plays them,
and the win rates are printed with 95 % Wilson intervals.

    pip install -e '.[env,learn-rl]'        # sb3-contrib and torch: not in [all], not in CI
    python examples/learn_maskable_ppo.py --steps 20000 --games 100 --save ppo_pyramid.zip
    python examples/learn_maskable_ppo.py --baseline-only --games 100   # no torch needed
    pyramid tournament --agents 'examples/learn_maskable_ppo.py:Trained:model=ppo_pyramid.zip' \
        greedy --games 20

Every random choice flows from ``--seed``.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass

import numpy as np

from ai.env import DiscreteCalls, PyramidEnv, agent_from_policy

try:
    from gymnasium.wrappers import FilterObservation
except ImportError:  # the env extra: without it the wrappers' spaces are missing too
    FilterObservation = None

try:  # the learn-rl extra (pyproject.toml): torch is gigabytes, so CI does not install it
    from sb3_contrib import MaskablePPO
except ImportError:
    MaskablePPO = None

Z95 = 1.959963984540054  # the 97.5 % quantile of the normal distribution
HELD_OUT_BASE = 1_000_000  # held-out seeds are >= this; training seeds are below it
OPPONENT = "greedy"
# The observations a model may be trained on: the wrapper's whole one, or only the pot
# chances and the two flags that change what a stroke may do (the coordinates and the scores,
# unscaled, are most of the whole one's numbers).
OBSERVATIONS = {"all": None, "chances": ("pot_chances", "cue_in_hand", "must_not_call")}
# PPO's settings: sb3's defaults but shorter rollouts (a game is ~30 of the learner's steps)
N_STEPS, BATCH_SIZE, LEARNING_RATE = 512, 64, 3e-4


@dataclass(frozen=True)
class WinRate:
    """Wins of the held-out games with their 95 % Wilson interval, and the mean final lead
    (the learner's score less greedy's) with its 95 % normal interval: a finer measure while
    the wins are few."""

    wins: int
    games: int
    low: float
    high: float
    mean_lead: float
    lead_half_width: float


@dataclass(frozen=True)
class Report:
    seed: int
    steps: int
    train_s: float
    trained: WinRate | None
    random_call: WinRate
    best_chance: WinRate


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (wins of n)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def random_call_policy(rng: np.random.Generator):
    """A uniformly random legal index of the mask."""
    def policy(obs, mask):
        return int(rng.choice(np.flatnonzero(mask)))
    return policy


def best_chance_policy(obs, mask):
    """A fixed scorer over the wrapper's observation, no learning: the legal index whose
    ball-pocket has the highest ``pot_chances``, at the middle speed and no spin -- what a
    learner on this wrapper can reach by reading one key (greedy's rule, on the wrapper's
    levels)."""
    legal = np.flatnonzero(mask)
    middle = legal[(legal % 9) == 4]  # speed level 1, spin level 1: index % 9 == 1 * 3 + 1
    pool = middle if len(middle) else legal
    chances = obs["pot_chances"].reshape(-1)[pool // 9]
    return int(pool[int(np.argmax(chances))])


def model_policy(model, obs_keys: str = "all"):
    """The trained model's deterministic choice among the legal indices, seeing the keys of
    the observation it was trained on (:data:`OBSERVATIONS`)."""
    keys = OBSERVATIONS[obs_keys]

    def policy(obs, mask):
        seen = obs if keys is None else {k: obs[k] for k in keys}
        action, _ = model.predict(seen, action_masks=mask, deterministic=True)
        return int(action)
    return policy


def Trained(model: str = "ppo_pyramid.zip", obs: str = "all", name: str = "ppo",
            simulator=None):
    """A saved model as a tournament agent (``--agents 'examples/learn_maskable_ppo.py:Trained:
    model=ppo_pyramid.zip'``; ``obs=`` as it was trained)."""
    if MaskablePPO is None:
        raise RuntimeError("the trained agent needs sb3-contrib: pip install -e '.[learn-rl]'")
    return agent_from_policy(model_policy(MaskablePPO.load(model), obs), "discrete",
                             name=name, simulator=simulator)


def held_out(policy, games: int) -> WinRate:
    """``policy`` as an agent (agent_from_policy) against greedy on games HELD_OUT_BASE + k."""
    agent = agent_from_policy(policy, "discrete", name="learner")
    env = PyramidEnv(opponent=OPPONENT, learner_side=None)
    wins, leads = 0, []
    for k in range(games):
        env.reset(seed=HELD_OUT_BASE + k)
        rng = np.random.default_rng(HELD_OUT_BASE + k)
        terminated = truncated = False
        while not (terminated or truncated):
            obs, reward, terminated, truncated, _ = env.step(agent.decide(env.state, rng))
        wins += reward > 0
        leads.append(float(obs["scores"][0] - obs["scores"][1]))
    half = Z95 * float(np.std(leads, ddof=1)) / math.sqrt(games) if games > 1 else math.inf
    return WinRate(int(wins), games, *wilson(int(wins), games), round(float(np.mean(leads)), 2),
                   round(half, 2))


def train(steps: int, seed: int, obs_keys: str = "all"):
    env = DiscreteCalls(PyramidEnv(opponent=OPPONENT, learner_side=None, reward="points"))
    if OBSERVATIONS[obs_keys] is not None:
        env = FilterObservation(env, list(OBSERVATIONS[obs_keys]))
    env.reset(seed=seed)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=N_STEPS, batch_size=BATCH_SIZE,
                        learning_rate=LEARNING_RATE, seed=seed, verbose=0)
    model.learn(total_timesteps=steps)
    return model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000, help="training steps (20000)")
    parser.add_argument("--games", type=int, default=100, help="held-out games each (100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained model here (a .zip)")
    parser.add_argument("--load", help="measure this saved model instead of training one")
    parser.add_argument("--obs", choices=tuple(OBSERVATIONS), default="all",
                        help="the observation the model sees (all)")
    parser.add_argument("--json", help="write the report here")
    parser.add_argument("--baseline-only", action="store_true",
                        help="measure the random legal call only (no sb3-contrib needed)")
    args = parser.parse_args(argv)
    if MaskablePPO is None and not args.baseline_only:
        print("this example needs sb3-contrib and torch: pip install -e '.[env,learn-rl]' "
              "(or give --baseline-only)", file=sys.stderr)
        return 2
    trained, train_s = None, 0.0
    if not args.baseline_only:
        t0 = time.monotonic()
        model = (MaskablePPO.load(args.load) if args.load
                 else train(args.steps, args.seed, args.obs))
        train_s = time.monotonic() - t0
        if args.save:
            model.save(args.save)
        trained = held_out(model_policy(model, args.obs), args.games)
    baseline = held_out(random_call_policy(np.random.default_rng(args.seed)), args.games)
    best = held_out(best_chance_policy, args.games)
    report = Report(args.seed, 0 if args.baseline_only or args.load else args.steps,
                    round(train_s, 1), trained, baseline, best)
    for label, rate in (("trained MaskablePPO", trained), ("random legal call", baseline),
                        ("best pot chance", best)):
        if rate is not None:
            print(f"{label:>20}: {rate.wins}/{rate.games} against {OPPONENT} "
                  f"(95 % CI {100 * rate.low:.1f}-{100 * rate.high:.1f} %), mean final lead "
                  f"{rate.mean_lead:+.1f} +- {rate.lead_half_width:.1f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(asdict(report), out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
