"""Which speed and spin pot best under the execution noise, and which likely pots never go in?

    python -m benchmarks.pot_speeds --positions selfplay.jsonl [--sample 300] [--seed 7]
        [--select 16] [--measure 32] [--out pot_speeds.json]

For positions drawn from a self-play file (the cue ball on the table, exact calls), the
closed form's likeliest legal clean pot (:func:`benchmarks.pot_chances.likeliest_pot`) is
played at every cell of a grid of speeds (:data:`SPEED_FACTORS` times the pot's base speed,
:func:`ai.geometry.pot_speed`) and vertical tip offsets (:data:`VERTICALS`: follow, stun,
draw), under the noise the agents play with.  In each cell the aim is chosen as
:mod:`benchmarks.pot_chances` chooses it (the offsets of ``AIM_OFFSETS_DEG``, ``--select``
noisy strokes each) and the chosen aim is measured on ``--measure`` fresh strokes.  The report
gives the mean realized chance per cell -- is a softer or a firmer stroke a surer pot than the
search's three variants (:func:`ai.search.shots.base.pot_variants`)? -- and the *phantom*
pots: the closed form gives them at least :data:`LIKELY` and no cell pots them
:data:`PHANTOM_BELOW` of the time (a ball sent into a corner nearly along the end rail meets
the cushion by the pocket and the jaws).

Measured on 300 positions of 148 self-play games of ``mc`` (issue 29, ai/README.md, "Pot
speeds"): no speed or spin pots measurably more than the search's natural roll at the base speed
(0.158; 1.4 times the speed 0.161, half of it 0.101, a firmer stun 0.137); 8 of the 33 pots the closed form gives 0.5 or more
are phantoms.
"""
from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

import numpy as np

from ai.search.context import Context
from ai.search.shots.base import NATURAL
from engine import GameState
from sim import Strike

from . import smoke
from .pot_chances import (AIM_OFFSETS_DEG, Pot, best_of, measured_rows, pot_arguments,
                          pot_rows, write_report)

# The grid: speeds as factors of the pot's base speed, and vertical tip offsets (fractions of
# the radius: natural roll, a stun, a draw), the search's own values (ai.search.shots.base).
SPEED_FACTORS = (0.5, 0.65, 0.8, 1.0, 1.4)
VERTICALS = (NATURAL, 0.0, -0.3)
MIN_CHANCE = 0.1  # pots the closed form gives less than this are not measured
LIKELY = 0.5  # a pot the closed form calls likely ...
PHANTOM_BELOW = 0.1  # ... that no cell pots this often is a phantom


@dataclass(frozen=True)
class Row:
    closed: float  # the closed form's chance
    realized: tuple[float, ...]  # per cell, SPEED_FACTORS major, VERTICALS minor

    @property
    def best(self) -> float:
        return max(self.realized)

    @property
    def phantom(self) -> bool:
        return self.closed >= LIKELY and self.best < PHANTOM_BELOW


def cells() -> list[tuple[float, float]]:
    """(speed factor, vertical offset) of every cell, in the order of ``Row.realized``."""
    return [(f, v) for f in SPEED_FACTORS for v in VERTICALS]


def cell_chance(state: GameState, ctx: Context, pot: Pot, factor: float, vertical: float,
                rng: np.random.Generator, select: int, measure: int) -> float:
    """The pot's chance at one speed and spin: the best aim offset on ``select`` strokes,
    measured on ``measure`` fresh ones."""
    aims = [Strike(pot.base_speed_mps * factor, pot.phi_rad + math.radians(off), 0.0, 0.0,
                   vertical) for off in AIM_OFFSETS_DEG]
    return best_of(state, ctx, pot, aims, rng, select, measure)


def measure(lines: list[dict], sample: int, seed: int, select: int, measure_n: int,
            progress=None) -> list[Row]:
    """Rows for up to ``sample`` positions of ``lines`` (drawn in a seeded order)."""
    return pot_rows(lines, sample, seed, MIN_CHANCE, lambda state, ctx, pot, rng: Row(
        pot.closed, tuple(cell_chance(state, ctx, pot, f, v, rng, select, measure_n)
                          for f, v in cells())), progress)


def summary(rows: list[Row]) -> dict:
    """The mean realized chance per cell and the phantom pots (a mean of each position's best
    cell is left out: the maximum of 15 noisy measurements is biased upwards)."""
    table = np.array([r.realized for r in rows])
    likely = [r for r in rows if r.closed >= LIKELY]
    return {"positions": len(rows),
            "cells": [{"speed_factor": f, "vertical": v,
                       "mean_realized": round(float(table[:, j].mean()), 4)}
                      for j, (f, v) in enumerate(cells())],
            "likely": len(likely), "phantoms": sum(r.phantom for r in likely)}


def main(argv=None) -> int:
    with smoke.scratch(smoke.asked(argv)) as folder:
        return report(pot_arguments(argv, __doc__.splitlines()[0], 300, 7,
                                    "noisy strokes per aim offset",
                                    "fresh strokes for each cell", folder), argv)


def report(args: argparse.Namespace, argv: list[str] | None) -> int:
    """Measures, prints the report and writes it to ``--out``; 1 when no position has a pot."""
    rows = measured_rows(args, measure)
    if not rows:
        return 1
    doc = summary(rows)
    print(f"{doc['positions']} positions; the likeliest clean pot's realized chance by speed "
          f"(x base) and tip (fraction of R):")
    for c in doc["cells"]:
        print(f"  x{c['speed_factor']:<5g} tip {c['vertical']:+.2f}: {c['mean_realized']:.3f}")
    print(f"  phantoms: {doc['phantoms']} of {doc['likely']} pots the closed form gives "
          f">= {LIKELY:g} go in less than {PHANTOM_BELOW:g} of the time in every cell")
    if args.out:
        write_report(args.out, "pot_speeds", argv, doc, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
