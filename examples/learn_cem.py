"""An example that learns: a cross-entropy method (CEM) tunes a small masked policy against
the greedy agent, and the win rates before and after are measured on held-out seeds.

The policy plays ``pyramid/SmallPyramid-v0`` (docs/API.md, "A learning environment").  At
each stroke it scores every legal call of the environment's mask (``action_masks()``), for
each of a few random cue-ball placements when the cue ball is in hand, with a linear score
of per-call features read from the observation: the cut angle, the cue-to-ghost-ball and
ball-to-pocket distances, whether a ball is in the way, a bank or cushion-first manner, a
corner pocket, the ball's value.  It plays the best call, aimed by the ghost ball, at a
speed that grows with the distances.  ``theta`` holds the score's weights and the two
speed parameters; at zero the policy is uninformed (any legal call, ties broken at random,
a medium speed).

CEM samples a population of ``theta`` from a Gaussian, plays each on the same few seeded
games (common random numbers), keeps the elite by the mean final lead (a denser signal than
wins), and refits the Gaussian to the elite.  Then the start ``theta`` (zero) and the
learned one each play the same held-out games, seeds disjoint from every training game,
and the win rates are printed with 95 % Wilson intervals.

Run from the repository root::

    .venv/bin/python examples/learn_cem.py            # the default run (~3 minutes)
    .venv/bin/python examples/learn_cem.py --quick    # a tiny run (seconds)
    .venv/bin/python examples/learn_cem.py --json result.json

Every random choice flows from ``--seed``: the same seed prints the same numbers.  The default
run (seed 0) measured: start 0/100 wins (95 % CI 0.0-3.7 %), learned 17/100 (10.9-25.6 %)
(docs/API.md, "An example that learns").
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass

import gymnasium
import numpy as np

import ai.env  # noqa: F401  (registers pyramid/SmallPyramid-v0)
from ai.agents.random_agent import random_placement
from ai.env import call_parts
from ai.games import ratings
from engine.files import write_atomic
from engine.values import ball_value
from sim.table import POCKET_IDS

FEATURES = ("cut_rad", "cue_to_ghost_m", "ball_to_pocket_m", "blocked", "not_clean",
            "corner_pocket", "value_15ths")
SPEED_PARAMS = ("speed_offset_mps", "speed_per_m")
THETA_NAMES = FEATURES + SPEED_PARAMS
MEDIUM_SPEED_MPS = 2.5  # the uninformed policy's speed (theta = 0)
SPEED_LIMITS_MPS = (0.5, 7.5)  # inside the environment's 0.1..8 (docs/API.md)
PLACEMENT_TRIES = 4  # random spots tried when the cue ball is in hand
HELD_OUT_BASE = 1_000_000  # held-out seeds are >= this; training seeds are below it
CORNER_INDICES = [POCKET_IDS.index(p) for p in ("NL", "NR", "FL", "FR")]
VALUES = np.array([0.0] + [ball_value(str(n)) / 15.0 for n in range(1, 16)])  # by row
Z95 = 1.96


@dataclass(frozen=True)
class Settings:
    """One run: the CEM's sizes and the held-out games."""
    seed: int = 0
    iterations: int = 8
    population: int = 12
    elite: int = 3
    games_per_candidate: int = 4
    held_out_games: int = 100
    opponent: str = "greedy"
    initial_std: float = 1.0
    extra_std: float = 0.1  # added to the refitted std so the search does not collapse early

    def __post_init__(self):
        for name in ("iterations", "population", "elite", "games_per_candidate",
                     "held_out_games"):
            value = getattr(self, name)
            if not (isinstance(value, int) and value > 0):
                raise ValueError(f"{name} must be a positive integer, got {value!r}")
        if self.elite > self.population:
            raise ValueError(f"elite must be at most population ({self.population}), "
                             f"got {self.elite}")


QUICK = Settings(iterations=2, population=4, elite=2, games_per_candidate=1, held_out_games=4)


@dataclass(frozen=True)
class WinRate:
    wins: int
    games: int
    low: float  # the 95 % Wilson interval
    high: float

    @classmethod
    def of(cls, wins: int, games: int) -> "WinRate":
        low, high = wilson(wins, games)
        return cls(wins, games, round(low, 4), round(high, 4))

    def __str__(self) -> str:
        return (f"{self.wins}/{self.games} = {100 * self.wins / self.games:.0f} % "
                f"(95 % CI {100 * self.low:.1f}-{100 * self.high:.1f} %)")


@dataclass(frozen=True)
class Report:
    """What a run measured: ``separated`` is True when the learned interval lies wholly above
    the start's."""
    settings: Settings
    theta_names: tuple[str, ...]
    learned_theta: tuple[float, ...]
    training_fitness: tuple[float, ...]  # the elite's mean final lead, per iteration
    start: WinRate
    learned: WinRate
    separated: bool
    seconds: float

    def to_json(self) -> dict:
        data = asdict(self)
        for key in ("theta_names", "learned_theta", "training_fitness"):
            data[key] = list(data[key])
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Report":
        return cls(Settings(**data["settings"]), tuple(data["theta_names"]),
                   tuple(data["learned_theta"]), tuple(data["training_fitness"]),
                   WinRate(**data["start"]), WinRate(**data["learned"]),
                   bool(data["separated"]), float(data["seconds"]))


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (:func:`ai.games.ratings.wilson`)."""
    return ratings.wilson(wins, n, z)[1:]


# --- the policy ---------------------------------------------------------------------------
def segment_distance(a: np.ndarray, b: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The distance of each point (N, 2) from each segment a-b (..., 2): shape (..., N)."""
    d = b - a
    length2 = np.maximum((d * d).sum(-1), 1e-18)[..., None]
    rel = points - a[..., None, :]  # (..., N, 2)
    t = np.clip((rel * d[..., None, :]).sum(-1) / length2, 0.0, 1.0)
    gap = rel - t[..., None] * d[..., None, :]
    return np.sqrt((gap * gap).sum(-1))


def geometry(balls: np.ndarray, cue, pockets: np.ndarray, radius_m: float) -> dict:
    """Ghost-ball geometry of every ball row (16) into every pocket (6), from the cue at
    ``cue``: arrays (16, 6) of the aim, the cut, the two distances and whether a ball lies
    within two radii of the cue's or the object ball's path."""
    b = balls[:, None, :2].astype(float)  # (16, 1, 2)
    to_pocket_v = pockets[None, :, :] - b  # (16, 6, 2)
    to_pocket = np.maximum(np.hypot(to_pocket_v[..., 0], to_pocket_v[..., 1]), 1e-9)
    ghost = b - 2 * radius_m * to_pocket_v / to_pocket[..., None]
    to_ghost_v = ghost - np.asarray(cue, float)
    aim = np.arctan2(to_ghost_v[..., 1], to_ghost_v[..., 0])
    cut = np.abs(np.remainder(aim - np.arctan2(to_pocket_v[..., 1], to_pocket_v[..., 0])
                              + np.pi, 2 * np.pi) - np.pi)
    others = balls[:, :2].astype(float)
    cue_path = segment_distance(np.broadcast_to(np.asarray(cue, float), ghost.shape), ghost,
                                others)
    ball_path = segment_distance(np.broadcast_to(b, ghost.shape),
                                 np.broadcast_to(pockets[None, :, :], ghost.shape), others)
    near = np.minimum(cue_path, ball_path) < 2 * radius_m  # (16 rows, 6 pockets, 16 balls)
    ignore = (balls[:, 2] == 0)[None, None, :] | np.eye(16, dtype=bool)[:, None, :]
    ignore[..., 0] = True  # the cue ball starts the cue's path
    return dict(aim=aim, cut=cut, to_ghost=np.hypot(to_ghost_v[..., 0], to_ghost_v[..., 1]),
                to_pocket=to_pocket, blocked=(near & ~ignore).any(-1))


def call_candidates(obs: dict, mask: np.ndarray) -> np.ndarray:
    """Rows ``(action ball, ball row, pocket, manner)`` for each call the policy may make: the
    mask's calls, the unnamed last ball as its row; on a stroke without a call (only ball 0
    legal) every ball on the table into every pocket, played as ball 0 (no call)."""
    on_table = [k for k in range(1, 16) if obs["balls"][k, 2] > 0]
    out = []
    for index in np.flatnonzero(mask):
        ball, pocket, manner = call_parts(int(index))
        if ball:
            out.append((ball, ball, pocket, manner))
        elif len(on_table) == 1:
            out.append((0, on_table[0], pocket, manner))
        elif manner == 0:  # no call: aim at any ball, cleanly
            out.extend((0, row, pocket, 0) for row in on_table)
    return np.array(out, dtype=int).reshape(-1, 4)


def choose(theta: np.ndarray, obs: dict, env, rng: np.random.Generator) -> dict:
    """The action of the policy ``theta`` in the position ``obs``."""
    state, spec = env.unwrapped.state, env.unwrapped.state.spec
    weights, (offset, per_m) = theta[:len(FEATURES)], theta[len(FEATURES):]
    if obs["cue_in_hand"]:
        spots = [random_placement(state, rng) for _ in range(PLACEMENT_TRIES)]
        spots = [s for s in spots if s is not None] or [(0.0, 0.0)]
    else:
        spots = [tuple(float(v) for v in obs["balls"][0, :2])]
    pockets = np.array([spec.pocket_position(p) for p in POCKET_IDS], float)
    calls = call_candidates(obs, env.unwrapped.action_masks())
    ball, row, pocket, manner = calls.T
    static = np.stack([manner != 0, np.isin(pocket, CORNER_INDICES), VALUES[row]], axis=1)
    best = None
    for cue in spots:
        g = geometry(obs["balls"], cue, pockets, spec.ball_radius_m)
        f = np.column_stack([g["cut"][row, pocket], g["to_ghost"][row, pocket],
                             g["to_pocket"][row, pocket], g["blocked"][row, pocket], static])
        score = f @ weights + 1e-9 * rng.random(len(calls))  # ties broken at random
        k = int(np.argmax(score))
        if best is None or score[k] > best[0]:
            best = (score[k], k, cue, g["aim"][row[k], pocket[k]],
                    g["to_ghost"][row[k], pocket[k]] + g["to_pocket"][row[k], pocket[k]])
    _, k, cue, aim, distance = best
    speed = MEDIUM_SPEED_MPS + offset + per_m * distance
    speed = min(max(speed, SPEED_LIMITS_MPS[0]), SPEED_LIMITS_MPS[1])
    return dict(ball=int(ball[k]), pocket=int(pocket[k]), manner=int(manner[k]),
                strike=np.array([aim, speed, 0.0, 0.0, 0.0], np.float32),
                placement=np.array(cue, np.float32))


def play(theta: np.ndarray, seed: int, env) -> tuple[bool, float]:
    """One game against the opponent: (won, my final lead).  The game and the policy's own
    choices are both seeded by ``seed``."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng([seed, 1])
    while True:
        obs, reward, terminated, truncated, _ = env.step(choose(theta, obs, env, rng))
        if terminated or truncated:
            return reward > 0, float(obs["scores"][0] - obs["scores"][1])


# --- the cross-entropy method ---------------------------------------------------------------
def train(settings: Settings, env, rng: np.random.Generator, log=print):
    """CEM from theta = 0: returns the learned theta (the final mean) and the elite's mean
    fitness at each iteration."""
    mean = np.zeros(len(THETA_NAMES))
    std = np.full(len(THETA_NAMES), settings.initial_std)
    history = []
    for it in range(settings.iterations):
        seeds = rng.integers(0, HELD_OUT_BASE, settings.games_per_candidate)
        population = mean + std * rng.standard_normal((settings.population, len(mean)))
        fitness = np.array([np.mean([play(theta, int(s), env)[1] for s in seeds])
                            for theta in population])
        elite = population[np.argsort(-fitness)[:settings.elite]]
        mean = elite.mean(axis=0)
        std = elite.std(axis=0) + settings.extra_std
        history.append(round(float(np.sort(fitness)[-settings.elite:].mean()), 2))
        log(f"iteration {it + 1}/{settings.iterations}: elite mean lead {history[-1]:+.1f}, "
            f"population mean {fitness.mean():+.1f}")
    return mean, history


def held_out(theta: np.ndarray, settings: Settings, env) -> WinRate:
    """Wins of ``theta`` on the held-out games (seeds from :data:`HELD_OUT_BASE` on)."""
    wins = sum(play(theta, HELD_OUT_BASE + g, env)[0] for g in range(settings.held_out_games))
    return WinRate.of(int(wins), settings.held_out_games)


def run(settings: Settings, log=print) -> Report:
    began = time.perf_counter()
    env = gymnasium.make("pyramid/SmallPyramid-v0", opponent=settings.opponent,
                         learner_side=None)  # each side breaks in turn, as the seed draws
    rng = np.random.default_rng(settings.seed)
    theta, history = train(settings, env, rng, log)
    log("learned theta: " + ", ".join(f"{n} {v:+.2f}" for n, v in zip(THETA_NAMES, theta)))
    start = held_out(np.zeros_like(theta), settings, env)
    learned = held_out(theta, settings, env)
    env.close()
    return Report(settings, THETA_NAMES, tuple(round(float(v), 4) for v in theta),
                  tuple(history), start, learned, learned.low > start.high,
                  round(time.perf_counter() - began, 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a tiny run, to see it work")
    parser.add_argument("--iterations", type=int)
    parser.add_argument("--population", type=int)
    parser.add_argument("--games-per-candidate", type=int)
    parser.add_argument("--held-out-games", type=int)
    parser.add_argument("--json", help="write the report here (atomically)")
    args = parser.parse_args(argv)
    base = QUICK if args.quick else Settings()
    changes = {k: v for k, v in vars(args).items()
               if k in ("iterations", "population", "games_per_candidate", "held_out_games")
               and v is not None}
    try:
        settings = Settings(**{**asdict(base), **changes, "seed": args.seed})
    except ValueError as exc:
        print(f"learn_cem: {exc}", file=sys.stderr)
        return 2
    report = run(settings)
    print(f"held-out games against {settings.opponent}, seeds {HELD_OUT_BASE}.."
          f"{HELD_OUT_BASE + settings.held_out_games - 1}:")
    print(f"  start theta (uninformed): {report.start}")
    print(f"  learned theta:            {report.learned}")
    print(f"  intervals separate: {'yes' if report.separated else 'no'}; "
          f"{report.seconds:.0f} s")
    if args.json:
        write_atomic(args.json, json.dumps(report.to_json(), indent=1) + "\n", "--json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
