"""Simulator speed: medians over many runs, and ratios to a reference workload timed in the same
process, so that the numbers survive a noisy machine.

    python -m benchmarks.sim_bench            # everything (make bench)
    python -m benchmarks.sim_bench --quick    # fewer repetitions
    python -m benchmarks.sim_bench --smoke    # every scenario once or twice (benchmarks.smoke)

(a) a 2-ball cut shot, (b) the frozen-rack break at about 7.5 m/s ball speed, (c) a soft shot,
(d) a mid-game stroke among 16 balls, (e) throughput of 10 000 random strokes (strokes and
events per second, one core), (f) cold start of a fresh process with an empty and with a warm
Numba cache, (g) the same strokes with the Han 2005 cushion (the model before issue 9) timed in
this process, and the cost of one cushion impact in each model, (h) the random strokes of (e)
with the ball followed past the slate edge (pocket model "flight", issue 28).
"""
from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from sim import PhysicsParams, Simulator, Strike, layout
from sim.events import BALL_IDS
from sim.table import TableSpec, triangle_rack

from . import smoke
from .physics_report import resolve_cost

RANDOM_STROKES = 10000  # scenario (e)
SMOKE_REPEATS, SMOKE_STROKES = 4, 50  # --smoke
COLD_CODE = ("import time; t=time.perf_counter(); from sim import Simulator, Strike; "
             "s=Simulator(); s.simulate({'cue': (0.5, 0.9), '1': (2.0, 0.9)}, Strike(2.0, 0.0)); "
             "print(time.perf_counter()-t)")
SMOKE_COLD_CODE = "import sim"  # --smoke: the fresh process without compiling its kernels
RACK_ORDER = [["4"], ["5", "6"], ["7", "15", "8"], ["9", "14", "13", "10"],
              ["2", "1", "12", "11", "3"]]


def reference_workload() -> float:
    """A fixed CPU-bound Python + NumPy workload (seconds): the yardstick for ratios."""
    t0 = time.perf_counter()
    acc = 0.0
    for k in range(20000):
        acc += math.sqrt(k) * 1.0001
    a = np.arange(20000, dtype=float)
    for _ in range(20):
        acc += float(np.sum(np.sqrt(a)))
    return time.perf_counter() - t0


def median_time(fn, repeats: int) -> float:
    fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def arrays(balls: dict) -> tuple[np.ndarray, np.ndarray]:
    pos = np.zeros((16, 2))
    on = np.zeros(16, dtype=bool)
    for b, p in balls.items():
        pos[BALL_IDS.index(b)] = p
        on[BALL_IDS.index(b)] = True
    return pos, on


def rack(sim: Simulator) -> dict:
    rows = triangle_rack(sim.table)
    return {b: xy for rb, rp in zip(RACK_ORDER, rows) for b, xy in zip(rb, rp)}


def midgame(rng: np.random.Generator, n: int = 16) -> dict:
    pts = {}
    ids = ["cue"] + [str(k) for k in range(1, n)]
    while len(pts) < n:
        p = (float(rng.uniform(0.1, 3.45)), float(rng.uniform(0.1, 1.675)))
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) > 0.07 for q in pts.values()):
            pts[ids[len(pts)]] = p
    return pts


def random_strokes(rng: np.random.Generator, n: int, physics: PhysicsParams) -> list[Strike]:
    """Scenario (e)'s strokes: cue speed 0.3-6 m/s, any direction, the tip anywhere on the
    disc the cue may strike (uniform over its area, radius ``physics.miscue_offset`` R: a
    stroke beyond it is a miscue the simulator refuses)."""
    out = []
    for _ in range(n):
        speed, phi = float(rng.uniform(0.3, 6.0)), float(rng.uniform(-math.pi, math.pi))
        radius = physics.miscue_offset * math.sqrt(float(rng.uniform(0.0, 1.0)))
        turn = float(rng.uniform(-math.pi, math.pi))
        out.append(Strike(speed, phi, side=radius * math.cos(turn),
                          vertical=radius * math.sin(turn)))
    return out


def scenario(sim, name, balls, strike, repeats):
    pos, on = arrays(balls)
    motion = sim.cue_ball_motion(strike)
    events = len(sim.run_arrays(pos, on, motion)[2])
    per_call = median_time(lambda: sim.run_arrays(pos, on, motion), repeats)
    batch = np.tile(np.array(motion), (200, 1))
    in_kernel = median_time(lambda: sim.run_batch_arrays(pos, on, batch), max(3, repeats // 50)) / 200
    full_api = median_time(lambda: sim.simulate(balls, strike), max(3, repeats // 5))
    return name, events, in_kernel, per_call, full_api


def cold_start(cache_dir: str, code: str = COLD_CODE) -> float:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True)
    return time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-cold", action="store_true", help="skip (f), the cold-start runs")
    args = smoke.parse(ap, argv)
    reps = SMOKE_REPEATS if args.smoke else 200 if args.quick else 1000
    n = SMOKE_STROKES if args.smoke else RANDOM_STROKES
    sim = Simulator()
    ref = statistics.median(reference_workload() for _ in range(5))
    print(f"reference workload: {ref * 1e3:.1f} ms (ratios below are time / reference)")
    rng = np.random.default_rng(2026)

    cue = (1.0, 0.5)
    obj = (2.2, 1.0)
    pocket = sim.geometry.mouth_centres[4]  # FL
    to_pocket = math.atan2(pocket[1] - obj[1], pocket[0] - obj[0])
    ghost = (obj[0] - 2 * 0.034 * math.cos(to_pocket), obj[1] - 2 * 0.034 * math.sin(to_pocket))
    cut_phi = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])
    balls_rack = rack(sim)
    balls_rack["cue"] = (0.6, sim.table.width_m / 2 + 0.01)
    break_phi = math.atan2(balls_rack["4"][1] - balls_rack["cue"][1],
                           balls_rack["4"][0] - balls_rack["cue"][0])
    break_strike = Strike(6.0, break_phi)  # 7.5 m/s ball speed
    mid = midgame(rng)
    rows = [
        scenario(sim, "(a) 2-ball cut shot", {"cue": cue, "7": obj}, Strike(2.5, cut_phi, vertical=0.2), reps),
        scenario(sim, "(b) frozen-rack break", balls_rack, break_strike, max(20, reps // 20)),
        scenario(sim, "(c) soft shot", {"cue": cue, "7": obj}, Strike(0.6, cut_phi), reps),
        scenario(sim, "(d) mid-game, 16 balls", mid, Strike(3.0, 0.7, side=0.2, vertical=-0.2), reps // 2),
    ]
    print(f"\n{'scenario':<26}{'events':>7}{'in kernel':>12}{'per call':>12}{'simulate()':>12}"
          f"{'ratio':>9}")
    for name, events, k, c, api in rows:
        print(f"{name:<26}{events:>7}{k * 1e6:>10.1f}us{c * 1e6:>10.1f}us{api * 1e6:>10.1f}us"
              f"{k / ref:>9.4f}")
    v = sim.cue_ball_motion(break_strike)
    print(f"(b) ball speed {math.hypot(v[0], v[1]):.2f} m/s")

    pos, on = arrays(mid)
    strikes = random_strokes(rng, n, sim.physics)
    motions = sim.cue_ball_motions(strikes)
    dt = median_time(lambda: sim.run_batch_arrays(pos, on, motions), 3)
    batch = sim.run_batch_arrays(pos, on, motions)  # its counts, for the line below
    n_events = batch.events.shape[0]
    print(f"\n(e) {n:,} random strokes, 16 balls, one core: {n / dt:,.0f} strokes/s, "
          f"{n_events / dt:,.0f} events/s ({n_events / n:.1f} events per stroke, "
          f"max {int(batch.event_counts().max())}); ratio {dt / ref:.2f}")

    # (g) The cushion model's cost: the same workloads with Han 2005, in this process.
    han = Simulator(physics=PhysicsParams(cushion_model="han2005", mu_cushion=0.2))
    print("\n(g) per stroke in kernel, default (Mathavan 2010) vs Han 2005, this process:")
    for (name, balls, strike, reps_k), row in zip(
            [("(a) 2-ball cut shot", {"cue": cue, "7": obj}, Strike(2.5, cut_phi, vertical=0.2), reps),
             ("(b) frozen-rack break", balls_rack, break_strike, max(20, reps // 20)),
             ("(c) soft shot", {"cue": cue, "7": obj}, Strike(0.6, cut_phi), reps),
             ("(d) mid-game, 16 balls", mid, Strike(3.0, 0.7, side=0.2, vertical=-0.2), reps // 2)],
            rows):
        h = scenario(han, name, balls, strike, reps_k)
        print(f"{name:<26} {row[2] * 1e6:8.1f}us {h[2] * 1e6:8.1f}us  x{row[2] / h[2]:.2f}"
              f"  ({row[1]} / {h[1]} events)")
    dth = median_time(lambda: han.run_batch_arrays(pos, on, motions), 3)
    raw_h = han.run_batch_arrays(pos, on, motions)
    print(f"(e) {n:,} random strokes: {n / dt:,.0f} strokes/s default, {n / dth:,.0f} "
          f"with Han 2005 (x{dt / dth:.2f} time; {raw_h.events.shape[0] / n:.1f} events/stroke)")
    cost = resolve_cost(*((SMOKE_STROKES, 1) if args.smoke else ()))
    print(f"one cushion impact: Mathavan 2010 {cost['mathavan2010'] * 1e9:.0f} ns, "
          f"Han 2005 {cost['han2005'] * 1e9:.0f} ns")

    # (h) The pocket model's cost (issue 28: at most 1.5 x): the same random strokes with the
    # ball followed past the slate edge, with no back and with a lively back 3 R deep.
    pockets_fell = int((batch.states == layout.POCKETED).sum())
    print(f"\n(h) {n:,} random strokes ({pockets_fell} balls pocketed), pocket model:")
    flight = PhysicsParams(pocket_model="flight")
    R = sim.table.ball_radius_m
    for name, other in (("flight, no back", Simulator(physics=flight)),
                        ("flight, back 3 R, e 0.8", Simulator(TableSpec(
                            corner_back_m=3 * R, middle_back_m=3 * R,
                            pocket_back_restitution=0.8), flight))):
        dtf = median_time(lambda: other.run_batch_arrays(pos, on, motions), 3)
        print(f"    {name:<26} {n / dtf:,.0f} strokes/s: x{dtf / dt:.2f} the time of "
              f"\"edge\" ({n / dt:,.0f} strokes/s)")

    if not args.no_cold:
        tmp = tempfile.mkdtemp(prefix="numba-cache-")
        try:
            code = SMOKE_COLD_CODE if args.smoke else COLD_CODE
            empty = cold_start(tmp, code)
            warm = statistics.median(cold_start(tmp, code) for _ in range(1 if args.smoke else 3))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        print(f"\n(f) fresh process to first stroke: empty Numba cache {empty:.1f} s, "
              f"warm cache {warm:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
