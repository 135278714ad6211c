"""MaskablePPO (sb3-contrib) on the call-level Discrete action against ``greedy`` (issue 58
item 5; docs/API.md, "MaskablePPO on the Discrete wrapper").

The learner plays :class:`ai.env.DiscreteCalls` (one index: a ball, a pocket, a speed and a
spin level, aimed by the ghost ball; the mask of legal calls) against ``greedy``, either side
breaking (``learner_side=None``), rewarded by the change of its lead (``reward="points"``, a
denser signal than wins; divided by :data:`REWARD_SCALE` for PPO's value loss).  Its policy,
``per_call_policy.PerCallPolicy`` (the file beside this one), scores each of the 810 calls
from that call's own features with one small shared network whose last layer starts at zero:
the untrained policy gives every legal call the same score, and what it prefers after
training it learned (``--policy mlp``: sb3's ``MultiInputPolicy`` instead, 810 logits from one
vector).  Then the trained policy, the untrained one (``--start``), a uniformly random legal
call and a fixed best-pot-chance rule each play the same held-out games (seeds 1000000 + k;
training seeds are below) against ``greedy``, all through :func:`ai.env.agent_from_policy`
as a tournament plays them, and the win rates are printed with 95 % Wilson intervals.

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
    from gymnasium.wrappers import TransformReward
except ImportError:  # the env extra: without it the wrappers' spaces are missing too
    TransformReward = None

try:  # the learn-rl extra (pyproject.toml): torch is gigabytes, so CI does not install it
    import torch
    from sb3_contrib import MaskablePPO
except ImportError:
    MaskablePPO = None
else:  # beside this file (its folder is on the path when it runs or is named as an agent)
    from per_call_policy import PerCallPolicy

Z95 = 1.959963984540054  # the 97.5 % quantile of the normal distribution
HELD_OUT_BASE = 1_000_000  # held-out seeds are >= this; training seeds are below it
OPPONENT = "greedy"
POLICIES = ("per-call", "mlp")  # PerCallPolicy; sb3's MultiInputPolicy
# PPO's settings (sb3's defaults but for these): rollouts of ~35 games (a game is ~30 of the
# learner's steps), a larger step for the small shared scorer
N_STEPS, BATCH_SIZE, LEARNING_RATE = 1024, 128, 1e-3
# The reward is the change of the lead in points (a pot is 1..15, a foul's penalty as many):
# divided by this, the value targets are a few units, so that the value loss does not swamp
# the policy's gradient under PPO's gradient-norm clip (0.5)
REWARD_SCALE = 10.0
HIDDEN = 32  # the shared call scorer's hidden units


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
    train_cpu_s: float
    policy: str
    trained: WinRate | None
    start: WinRate | None  # the untrained policy's deterministic choice (--start)
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


def model_policy(model):
    """The model's deterministic choice among the legal indices (the highest score; among
    equal scores the first legal index)."""
    def policy(obs, mask):
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)
    return policy


def Trained(model: str = "ppo_pyramid.zip", name: str = "ppo", simulator=None):
    """A saved model as a tournament agent (``--agents 'examples/learn_maskable_ppo.py:Trained:
    model=ppo_pyramid.zip'``)."""
    if MaskablePPO is None:
        raise RuntimeError("the trained agent needs sb3-contrib: pip install -e '.[learn-rl]'")
    return agent_from_policy(model_policy(MaskablePPO.load(model, device="cpu")), "discrete",
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


def new_model(seed: int, policy: str = "per-call", verbose: int = 0):
    """An untrained MaskablePPO on the Discrete wrapper against greedy (the reward scaled)."""
    env = DiscreteCalls(PyramidEnv(opponent=OPPONENT, learner_side=None, reward="points"))
    env = TransformReward(env, lambda r: r / REWARD_SCALE)
    env.reset(seed=seed)
    if policy == "per-call":
        return MaskablePPO(PerCallPolicy, env, policy_kwargs={"hidden": HIDDEN},
                           n_steps=N_STEPS, batch_size=BATCH_SIZE, learning_rate=LEARNING_RATE,
                           seed=seed, verbose=verbose, device="cpu")
    return MaskablePPO("MultiInputPolicy", env, n_steps=N_STEPS, batch_size=BATCH_SIZE,
                       learning_rate=LEARNING_RATE, seed=seed, verbose=verbose, device="cpu")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000, help="training steps (20000)")
    parser.add_argument("--games", type=int, default=100, help="held-out games each (100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=POLICIES, default="per-call",
                        help="per-call: one shared scorer of each call (the default); mlp: "
                             "sb3's MultiInputPolicy")
    parser.add_argument("--start", action="store_true",
                        help="also measure the untrained policy (its deterministic choice)")
    parser.add_argument("--save", help="write the trained model here (a .zip)")
    parser.add_argument("--load", help="measure this saved model instead of training one")
    parser.add_argument("--json", help="write the report here")
    parser.add_argument("--verbose", action="store_true", help="sb3's training log")
    parser.add_argument("--baseline-only", action="store_true",
                        help="measure the random legal call only (no sb3-contrib needed)")
    args = parser.parse_args(argv)
    if MaskablePPO is None and not args.baseline_only:
        print("this example needs sb3-contrib and torch: pip install -e '.[env,learn-rl]' "
              "(or give --baseline-only)", file=sys.stderr)
        return 2
    trained = start = None
    train_s = cpu_s = 0.0
    if not args.baseline_only:
        torch.set_num_threads(1)  # the environment is the cost; a small net needs no threads
        if args.load:
            model = MaskablePPO.load(args.load, device="cpu")
        else:
            model = new_model(args.seed, args.policy, int(args.verbose))
            if args.start:
                start = held_out(model_policy(model), args.games)
            t0, c0 = time.monotonic(), time.process_time()
            model.learn(total_timesteps=args.steps)
            train_s, cpu_s = time.monotonic() - t0, time.process_time() - c0
        if args.save:
            model.save(args.save)
        trained = held_out(model_policy(model), args.games)
    baseline = held_out(random_call_policy(np.random.default_rng(args.seed)), args.games)
    best = held_out(best_chance_policy, args.games)
    report = Report(args.seed, 0 if args.baseline_only or args.load else args.steps,
                    round(train_s, 1), round(cpu_s, 1), args.policy, trained, start, baseline,
                    best)
    for label, rate in (("trained MaskablePPO", trained), ("untrained (start)", start),
                        ("random legal call", baseline), ("best pot chance", best)):
        if rate is not None:
            print(f"{label:>20}: {rate.wins}/{rate.games} against {OPPONENT} "
                  f"(95 % CI {100 * rate.low:.1f}-{100 * rate.high:.1f} %), mean final lead "
                  f"{rate.mean_lead:+.1f} +- {rate.lead_half_width:.1f}")
    if trained is not None:
        if not args.load:
            print(f"training: {report.steps} steps, {train_s / 60:.1f} min "
                  f"({cpu_s / 60:.1f} min of CPU)")
        print("the trained and the random call's intervals apart: "
              + ("yes" if trained.low > baseline.high else "no"))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(asdict(report), out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
