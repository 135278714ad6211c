"""How much each constant of sim/params.py and sim/table.py moves the pot chances (issue 55
item 3): the sensitivity figure a constant marked as an assumption carries.

    python -m benchmarks.constant_sensitivity [--samples 400] [--seed 55] [--out FILE.json]

A fixed set of strokes on the 12 ft table (:func:`strokes`): an object ball 0.5 m from a
corner (NR) or a middle pocket (MR), approached along the pocket's axis or 30 deg (corner) /
40 deg (middle) either side of it, the cue ball 0.6 m behind it straight or at a 30 deg cut,
aimed at the ghost ball, centre ball, struck at 1.5 and 3 m/s: the 22 of these 24 strokes
whose balls fit on the bed.  Each is played ``--samples`` times under the agents' execution
noise (``ai.noise``, "strong", magnitude 1), the same noise draws for every variant (common random numbers), and its pot
chance is the share of them that drop the object ball in that pocket.  Then each constant is
set to either end of its range (:data:`RANGES`, with where the range comes from) and the
chances measured again.  Printed per constant and end: the mean change of the 22 chances, the
mean of their absolute changes and the largest.  About a minute at the defaults.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.noise import NOISE_DIMS, NoiseModel
from benchmarks import smoke
from sim import PhysicsParams, Simulator
from sim.api import Strike
from sim.table import POCKET_IDS, TableSpec

OBJECT_BALL = 7  # the object ball's index in the simulator's arrays (any ball but the cue)
SPEEDS_MPS = (1.5, 3.0)
NOISE = 1.0  # ai.noise.SKILLS["strong"], the agents' own noise


@dataclass(frozen=True)
class Range:
    """A constant's range: ``where`` is ``"physics"`` (a PhysicsParams field) or ``"table"``
    (a TableSpec field); ``why`` says where the ends come from."""

    where: str
    low: float
    high: float
    why: str


RANGES: dict[str, Range] = {
    "mu_slide": Range("physics", 0.178, 0.245, "measured on snooker cloth [Mathavan2010 ref. 16]"),
    "mu_roll": Range("physics", 0.005, 0.015, "Alciatore's list of physical properties"),
    "mu_spin": Range("physics", 0.005, 0.015, "assumption: mu_roll's range"),
    "e_ball": Range("physics", 0.92, 0.98, "[Marlow] phenolic balls"),
    "e_tip": Range("physics", 0.71, 0.75, "Alciatore's list of physical properties"),
    "cue_mass_kg": Range("physics", 0.70, 0.75, "Russian cues, makers' catalogues"),
    "cue_end_mass_kg": Range("physics", 0.005, 0.015, "pool shafts [Alciatore-TP A.31]"),
    "mu_cushion": Range("physics", 0.10, 0.20, "assumption: +-0.04 about the snooker fit 0.14"),
    "cushion_e_energetic": Range("physics", 0.728, 0.755, "MCP resilience 55 +- 2 %, square "
                                 "rooted"),
    "cushion_e_speed_exponent": Range("physics", 0.0, 0.4, "assumption: constant e to twice "
                                      "the viscoelastic 1/5"),
    "corner_mouth_m": Range("table", 0.072, 0.073, "MCP 72-73 mm"),
    "corner_channel_m": Range("table", 0.005, 0.006, "MCP corridor 5-6 mm"),
    "middle_jaw_radius_m": Range("table", 0.010, 0.012, "MCP 11 +- 1 mm"),
    "middle_jaw_opening_rad": Range("table", math.radians(5.0), math.radians(30.0),
                                    "assumption: no source; 5-30 deg"),
}


def strokes(table: TableSpec) -> list[tuple[dict[int, tuple[float, float]], int, Strike]]:
    """The fixed strokes: (positions by ball index, target pocket index, stroke)."""
    g = table.geometry
    R = table.ball_radius_m
    out = []
    for pocket, approaches in (("NR", (-30.0, 0.0, 30.0)), ("MR", (-40.0, 0.0, 40.0))):
        k = POCKET_IDS.index(pocket)
        axis, mouth = g.pocket_axes[k], g.mouth_centres[k]
        for a_deg in approaches:
            a = math.radians(a_deg)
            d = np.array([axis[0] * math.cos(a) - axis[1] * math.sin(a),
                          axis[0] * math.sin(a) + axis[1] * math.cos(a)])
            obj = mouth - 0.5 * d
            for cut_deg in (0.0, 30.0):
                c = math.radians(cut_deg)
                back = -np.array([d[0] * math.cos(c) - d[1] * math.sin(c),
                                  d[0] * math.sin(c) + d[1] * math.cos(c)])
                cue = obj + 0.6 * back
                if not (g.ball_fits(*cue) and g.ball_fits(*obj)):
                    continue
                ghost = obj - 2 * R * d
                phi = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0]) % (2 * math.pi)
                for v in SPEEDS_MPS:
                    out.append(({0: tuple(cue), OBJECT_BALL: tuple(obj)}, k, Strike(v, phi)))
    return out


def chances(sim: Simulator, cases, z: np.ndarray) -> np.ndarray:
    """Each stroke's pot chance under the noise draws ``z`` (samples x NOISE_DIMS)."""
    noise = NoiseModel(magnitude=NOISE)
    out = np.empty(len(cases))
    for i, (balls, pocket, strike) in enumerate(cases):
        pos = np.zeros((16, 2))
        on = np.zeros(16, dtype=bool)
        for b, xy in balls.items():
            pos[b], on[b] = xy, True
        played = [noise.apply(strike, z[s], sim.physics.miscue_offset) for s in range(len(z))]
        batch = sim.run_batch_arrays(pos, on, sim.cue_ball_motions(played))
        res = sim.results_from_batch(batch, on)
        out[i] = np.mean([any(p.ball == str(OBJECT_BALL) and p.pocket == POCKET_IDS[pocket]
                              for p in r.pocketed) for r in res])
    return out


def measure(samples: int, seed: int, names=None) -> dict:
    """The base chances and, per constant and end, the changes (a JSON-ready dict)."""
    base_table, base_physics = TableSpec(), PhysicsParams()
    cases = strokes(base_table)
    z = np.random.default_rng(seed).standard_normal((samples, NOISE_DIMS))
    base = chances(Simulator(base_table, base_physics), cases, z)
    rows = []
    for name in names or RANGES:
        r = RANGES[name]
        for end, value in (("low", r.low), ("high", r.high)):
            if r.where == "physics":
                sim = Simulator(base_table, dataclasses.replace(base_physics, **{name: value}))
            else:
                sim = Simulator(dataclasses.replace(base_table, **{name: value}), base_physics)
            d = chances(sim, cases, z) - base
            rows.append({"constant": name, "end": end, "value": value, "why": r.why,
                         "mean_change": float(d.mean()), "mean_abs_change": float(abs(d).mean()),
                         "max_abs_change": float(abs(d).max())})
    return {"strokes": len(cases), "samples": samples, "seed": seed,
            "base_mean_chance": float(base.mean()), "rows": rows}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=400, help="noisy strokes per stroke")
    ap.add_argument("--seed", type=int, default=55, help="the noise draws' seed")
    ap.add_argument("--out", type=Path, default=None, help="also write the table as JSON")
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(ap, argv, **({"samples": 2} if folder else {}))
        t0 = time.time()
        doc = measure(args.samples, args.seed,
                      ["mu_roll", "middle_jaw_opening_rad"] if folder else None)
        print(f"{doc['strokes']} strokes x {doc['samples']} noisy plays (strong noise, seed "
              f"{doc['seed']}); mean pot chance {doc['base_mean_chance']:.3f}")
        print("| constant | end | value | mean change | mean abs change | largest | range from |")
        print("|---|---|---|---|---|---|---|")
        for r in doc["rows"]:
            print(f"| {r['constant']} | {r['end']} | {r['value']:.4g} | {r['mean_change']:+.3f} "
                  f"| {r['mean_abs_change']:.3f} | {r['max_abs_change']:.3f} | {r['why']} |")
        print(f"({time.time() - t0:.0f} s)")
        if args.out is not None:
            args.out.write_text(json.dumps(doc, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
