"""Transfer of the AI's advice to an independent simulator: pooltool (issue 28 item 5).

What it measures.  For N random positions (seeded) the MC agent (``ai.registry.make_agent``)
chooses a stroke and predicts its chance of success (``Decision.p_success``: the call made
without a foul, over the agent's own noisy samples).  The chosen stroke is then played K times
with execution noise -- the agent's own noise model (``NoiseModel.perturb``, skill "strong"),
the same K draws for both simulators -- in our simulator ("here") and in pooltool
(``pooltool-billiards``, E. Kiefl's event-based engine, written independently of ours).  Each
replay is refereed by the rules core (``engine.adjudicate_events``; pooltool's collisions and
pocketings are translated into our event log), so "realized" means the same thing as the
prediction.  Reported: predicted, here and pooltool success rates, the transfer ratio
pooltool / predicted (and here / predicted) with a 95 % interval from a bootstrap over
positions (the K replays of one position are not independent of each other), and N.

The table, balls, cushions and cue given to pooltool, and what of ours cannot be given to
it: ``benchmarks/pooltool_model.py``.

Run it in a separate environment with pooltool, never the project's .venv: pooltool 0.6.0
pins panda3d 1.11.0.dev3702 (not on PyPI; 1.10.x serves the simulation) and llvmlite < 0.46
(so numba 0.62, not the project's pinned 0.68: the last digits of our simulator may differ),
hence no optional extra in pyproject.toml.  From the repository::

    python3 -m venv /work/venv-pooltool && PIP=/work/venv-pooltool/bin/pip
    $PIP install --no-deps pooltool-billiards==0.6.0
    $PIP install "panda3d>=1.10.13,<1.11" panda3d-gltf panda3d-simplepbr "llvmlite>=0.44,<0.46" \
        numba scipy attrs cattrs msgpack msgpack-numpy pyyaml click pillow h5py h11 \
        "rich>=14,<15" numpy-quaternion
    $PIP install -e .             # without .ci/constraints.txt (numba 0.62 here)
    export NUMBA_CACHE_DIR=/tmp/numba-pooltool   # keep the other numba's kernels apart
    /work/venv-pooltool/bin/python -m benchmarks.pooltool_transfer --positions 100 --draws 25
    ... --physics "miscue_offset=0.5,e_tip=0.73"   # other physics for our simulator and the AI

``--smoke`` (:mod:`benchmarks.smoke`): two positions, one replay each, the report written into
a temporary folder.  Seeded (``--seed``): the same command prints the same numbers.  N = 100 takes about 50 s of
one core (1.5 min wall on the shared machine); N = 200 twice that.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time
import warnings
from dataclasses import asdict, dataclass

import numpy as np

from ai.agent import ATTACK
from ai.registry import make_agent
from ai.search.context import clamp_strike
from engine import GameState, adjudicate_events, adjudicate_sim_result
from engine.values import OBJECT_BALLS, balls_value
from sim import PhysicsParams, Simulator

from . import smoke
from .pooltool_model import (CUSHIONS, check_cue_mapping, compare_bands, pooltool_engine,
                             pooltool_stroke, pooltool_table, pt)

TABLE = "pyramid-12ft"

MIN_BALLS, MAX_BALLS = 2, 10  # object balls of a random position
BALL_GAP_M = 0.002  # random balls at least this far apart and from the cushions
BOOTSTRAP = 4000  # resamples of the positions for the ratio's interval


@dataclass(frozen=True)
class PositionResult:
    """One position: the AI's stroke and prediction, and its replays in both simulators."""

    index: int
    balls: dict
    call: dict
    strike: dict
    predicted: float  # the AI's own P(success)
    samples: int  # how many of the AI's noisy samples that estimate rests on
    here: int  # successes of the K replays in our simulator
    pooltool: int  # successes of the same K replays in pooltool
    draws: int

    def to_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class TransferReport:
    physics: dict
    cushion: str  # pooltool's cushion law
    seed: int
    positions: int
    skipped: int  # positions where the AI chose no attack (a safety or a foul)
    draws: int
    predicted: float
    here: float
    pooltool: float
    ratio: float  # pooltool / predicted
    ratio_ci95: tuple[float, float]
    here_ratio: float  # here / predicted
    here_ratio_ci95: tuple[float, float]
    pooltool_vs_here: float
    seconds: float
    results: tuple[PositionResult, ...]

    def to_json(self) -> dict:
        out = asdict(self)
        out["results"] = [r.to_json() for r in self.results]
        return out


# --- positions and the measurement --------------------------------------------------------
def random_position(sim: Simulator, rng: np.random.Generator) -> dict:
    """The cue ball and 2-10 object balls spread uniformly on the bed, apart."""
    spec = sim.table
    R = spec.ball_radius_m
    n = int(rng.integers(MIN_BALLS, MAX_BALLS + 1))
    ids = ["cue"] + [str(b) for b in sorted(rng.choice(np.arange(1, 16), n, replace=False))]
    balls: dict = {}
    margin = R + BALL_GAP_M
    for b in ids:
        while True:
            x = float(rng.uniform(margin, spec.length_m - margin))
            y = float(rng.uniform(margin, spec.width_m - margin))
            if all(math.hypot(x - u, y - v) >= 2 * R + BALL_GAP_M for u, v in balls.values()):
                balls[b] = (round(x, 4), round(y, 4))
                break
    return balls


def state_of(balls: dict) -> GameState:
    """A two-player game with ``balls`` on the table, the others shared out between the two
    shelves (largest first, each to the side with fewer points: at most (120 + 15) / 2 = 67,
    short of 71) and scored."""
    shelves: list[list[str]] = [[], []]
    for b in sorted((b for b in OBJECT_BALLS if b not in balls), key=int, reverse=True):
        shelves[int(balls_value(shelves[1]) < balls_value(shelves[0]))].append(b)
    return GameState.from_json({"table": TABLE, "balls": {b: list(xy) for b, xy in balls.items()},
                                "shelves": shelves, "to_move": 0,
                                "scores": [balls_value(s) for s in shelves]})


def measure_position(index: int, sim: Simulator, agent, engine, table, seed: int,
                     draws: int) -> PositionResult | None:
    """One position: the AI's decision, then K noisy replays in both simulators (None when
    the AI chose no attack)."""
    balls = random_position(sim, np.random.default_rng([seed, index, 0]))
    state = state_of(balls)
    decision = agent.decide(state, np.random.default_rng([seed, index, 1]))
    if decision.kind != ATTACK or decision.strike is None or decision.call is None:
        return None
    noise_rng = np.random.default_rng([seed, index, 2])
    miscue = sim.physics.miscue_offset
    here = there = 0
    for _ in range(draws):
        played = clamp_strike(agent.noise.perturb(decision.strike, noise_rng, miscue))
        ours = adjudicate_sim_result(state, sim.simulate(balls, played, check=False),
                                     call=decision.call)
        here += bool(ours.adjudication.successful)
        events, final = pooltool_stroke(sim, engine, table, balls, played)
        theirs = adjudicate_events(state, events, final, call=decision.call)
        there += bool(theirs.adjudication.successful)
    return PositionResult(index, {b: list(xy) for b, xy in balls.items()},
                          decision.call.to_json(), decision.strike.to_json(),
                          float(decision.p_success), int(decision.samples or 0), here, there,
                          draws)


def ratio_interval(num: np.ndarray, den: np.ndarray, seed: int) -> tuple[float, float]:
    """95 % percentile interval of sum(num) / sum(den) resampling positions."""
    rng = np.random.default_rng([seed, 999])
    idx = rng.integers(0, len(num), size=(BOOTSTRAP, len(num)))
    ratios = num[idx].sum(axis=1) / den[idx].sum(axis=1)
    lo, hi = np.percentile(ratios, [2.5, 97.5])
    return float(lo), float(hi)


def run(physics: PhysicsParams, positions: int, draws: int, seed: int,
        agent_spec: str = "mc", cushion: str = "mathavan2010",
        progress=print) -> TransferReport:
    start = time.perf_counter()
    sim = Simulator(TABLE, physics)
    with warnings.catch_warnings():  # other physics than the calibrations': said in the docs
        warnings.simplefilter("ignore")
        agent = make_agent(agent_spec, simulator=sim)
    if not hasattr(agent, "noise"):
        raise ValueError(f"--agent {agent_spec!r} has no noise model to replay its strokes "
                         "with (an mc agent has)")
    engine, table = pooltool_engine(sim, cushion), pooltool_table(sim)
    check_cue_mapping(sim, engine)
    results, skipped, index = [], 0, 0
    while len(results) < positions:
        r = measure_position(index, sim, agent, engine, table, seed, draws)
        index += 1
        if r is None:
            skipped += 1
            continue
        results.append(r)
        progress(f"  {len(results):3d}/{positions} pos {r.index:3d}: call {r.call['ball']}"
                 f"->{r.call['pocket']} {r.call.get('manner', '')}: predicted "
                 f"{r.predicted:.2f}, here {r.here}/{draws}, pooltool {r.pooltool}/{draws}")
    pred = np.array([r.predicted for r in results])
    here = np.array([r.here / r.draws for r in results])
    there = np.array([r.pooltool / r.draws for r in results])
    return TransferReport(
        physics=physics.to_json(), cushion=cushion, seed=seed, positions=len(results), skipped=skipped,
        draws=draws, predicted=float(pred.mean()), here=float(here.mean()),
        pooltool=float(there.mean()), ratio=float(there.sum() / pred.sum()),
        ratio_ci95=ratio_interval(there, pred, seed),
        here_ratio=float(here.sum() / pred.sum()), here_ratio_ci95=ratio_interval(here, pred, seed),
        pooltool_vs_here=float(there.sum() / here.sum()) if here.sum() else float("nan"),
        seconds=time.perf_counter() - start, results=tuple(results))


def parse_physics(text: str) -> PhysicsParams:
    """``"miscue_offset=0.5,e_tip=0.73"`` -> PhysicsParams with those fields changed."""
    values: dict = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"--physics: {part!r} is not name=value")
        try:
            values[name.strip()] = float(value)
        except ValueError:
            values[name.strip()] = value.strip()
    return PhysicsParams.from_json({**PhysicsParams().to_json(), **values})


def write_json_atomic(path: str, obj: dict) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".transfer-", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(obj, f, indent=1)
    os.replace(tmp, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100, help="positions with an attack (N)")
    ap.add_argument("--draws", type=int, default=25, help="noisy replays per stroke (K)")
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--agent", default="mc")
    ap.add_argument("--physics", default="", help="name=value,... changed from the defaults")
    ap.add_argument("--out", help="write the report as JSON here")
    ap.add_argument("--cushion", choices=CUSHIONS, default=CUSHIONS[0],
                    help="pooltool's cushion law (default: Mathavan 2010, as ours)")
    ap.add_argument("--bands", action="store_true",
                    help="only compare the straight-in bands of a lone rolling ball")
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(ap, argv, positions=2, draws=1,
                           **({"out": str(folder / "transfer.json")} if folder else {}))
        return transfer(args)


def transfer(args: argparse.Namespace) -> int:
    """The bands or the transfer report asked for by ``args``; 2 without pooltool or with a
    bad option."""
    if pt is None:
        print("pooltool is not installed here (pip install pooltool-billiards; see the "
              "module docstring)", file=sys.stderr)
        return 2
    if args.positions < 2 or args.draws < 1:
        print(f"--positions must be >= 2 and --draws >= 1, got {args.positions}, {args.draws}",
              file=sys.stderr)
        return 2
    try:
        physics = parse_physics(args.physics)
    except (ValueError, TypeError) as exc:
        print(f"--physics {args.physics!r}: {exc}", file=sys.stderr)
        return 2
    if args.bands:
        sim = Simulator(TABLE, physics)
        for row in compare_bands(sim, pooltool_engine(sim, args.cushion), pooltool_table(sim)):
            print(f"band {row['pocket']} at {row['speed_mps']} m/s: ours {row['ours_mm']:.2f} mm,"
                  f" pooltool {row['pooltool_mm']:.2f} mm")
        return 0
    print(f"pooltool {pt.__version__}, physics {physics.digest()}, seed {args.seed}, "
          f"N = {args.positions}, K = {args.draws}, pooltool cushion {args.cushion}")
    try:
        rep = run(physics, args.positions, args.draws, args.seed, args.agent, args.cushion)
    except ValueError as exc:  # a bad --agent (make_agent names it)
        print(exc, file=sys.stderr)
        return 2
    print(f"positions {rep.positions} (skipped {rep.skipped} without an attack), "
          f"{rep.draws} replays each, {rep.seconds:.0f} s")
    print(f"success rate: predicted {rep.predicted:.3f}, here {rep.here:.3f}, "
          f"pooltool {rep.pooltool:.3f}")
    print(f"transfer pooltool / predicted {rep.ratio:.3f} "
          f"[{rep.ratio_ci95[0]:.3f}, {rep.ratio_ci95[1]:.3f}]; here / predicted "
          f"{rep.here_ratio:.3f} [{rep.here_ratio_ci95[0]:.3f}, {rep.here_ratio_ci95[1]:.3f}]; "
          f"pooltool / here {rep.pooltool_vs_here:.3f}")
    if args.out:
        write_json_atomic(args.out, rep.to_json())
    return 0


if __name__ == "__main__":
    sys.exit(main())
