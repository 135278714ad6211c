"""How right is the closed-form pot chance that the position value and the race model see?

    python -m benchmarks.pot_chances --positions selfplay.jsonl [--sample 400] [--seed 1]
        [--select 16] [--measure 32] [--out pot_chances.json]

The learned value's chance features (``q1``..``q3``, ``pottable``, the run of two) and the race
model's next pot rest on a closed form (:func:`ai.geometry.shot_table`: the ghost-ball line,
the direction noise against the pocket's window).  Here it is checked against the simulator.
For positions drawn from a self-play file (the cue ball on the table, exact calls), the
likeliest legal clean pot by the closed form is played with the execution noise the agents
play under: every cell of a small grid -- the three pot variants of
:func:`ai.search.shots.base.pot_variants` times aim offsets of +-2 degrees in half degrees, the
refinement scan of the search in miniature (it finds the aim that allows for throw) -- gets
``--select`` noisy strokes, the best cell is kept, and its chance is measured on ``--measure``
fresh strokes (so the choice of the cell does not flatter the measurement).  The report is a
reliability table: for each band of the closed-form chance, how many positions, the mean
closed-form chance and the mean realized one, and the Brier score of the closed form.

Measured on 1 500 positions of 148 self-play games of ``mc`` (issue 29, ai/README.md): the
closed form is over-confident (0.17 -> 0.11, 0.59 -> 0.38, 0.98 -> 0.71 realized); with its
direction noise scaled by 1.5 it is right within 0.01-0.03 below 0.7 (Brier 0.0187 -> 0.0147):
its noise is the aim's alone, the stroke's speed, spin and elevation noise are left out.
The report also gives the factors 1.25 to 2.5 (:data:`NOISE_FACTORS`).

The jaws (:data:`ai.geometry.pockets.JAW_RAMP_M`): each row keeps how far the pot's straight
line passes outside the nearer jaw rounding's reach (``clearance_m``), and the report gives
the closed form against the realized chance by band of that clearance and the Brier score of
the closed form scaled by the jaws at each ramp of :data:`JAW_RAMPS_M` (0: no scaling).
Measured on 900 pots of the same games (``--sample 900 --seed 6 --select 4 --measure 24``) and
500 others (``--sample 500 --seed 7``): a line running 1-2 cm into a rounding goes in 0.008 of
the time where the closed form says 0.14, and the ramp of 15 mm takes the Brier score from
0.0178 to 0.0058 (0.0183 to 0.0067 on the others; the best noise factor alone, 1.75, reaches
0.0125).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

import numpy as np

from ai.calibrate.selfplay import play_positions, read_positions, state_of
from ai.geometry import jaw_clearance_m, jaw_share, pot_speed, shot_table
from ai.noise import NoiseModel
from ai.search.context import Context
from ai.search.leave import legal_clean_pots
from ai.search.referee import Referee
from ai.search.shots.base import pot_variants
from ai.value import make_value
from engine import Call, GameState
from engine.files import OutputFileError, check_output, write_atomic
from engine.calls import CLEAN
from sim import Strike, shared_simulator
from sim.table import POCKET_IDS

from . import smoke

# The aim offsets of the grid (degrees): the search's refinement scans about this wide.
AIM_OFFSETS_DEG = tuple(np.arange(-2.0, 2.01, 0.5))
# Bands of the closed-form chance in the report.
BANDS = (0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0 + 1e-9)
MIN_CHANCE = BANDS[0]  # pots the closed form gives less than this are not measured
# The closed form's noise scaled by these factors, to find the one at which it is calibrated.
NOISE_FACTORS = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5)
# The jaws' ramps (m) tried (ai.geometry.pockets.JAW_RAMP_M), and the bands of the clearance
# of a pot's line from the nearer jaw rounding in the report.
JAW_RAMPS_M = (0.0, 0.005, 0.01, 0.015, 0.02, 0.03)
CLEARANCE_BANDS_M = (-1.0, -0.02, -0.01, -0.005, 0.0, 0.005, 1.0)
# The rows of a report keep this many decimals (a ten-thousandth of a chance, a tenth of a
# millimetre: below what the measurements resolve).
ROW_DIGITS = 4
# --smoke: one position, the fewest strokes (benchmarks.smoke)
SMOKE_SIZES = {"positions": None, "sample": 1, "select": 1, "measure": 2}
SMOKE_AGENT, SMOKE_SEED = "greedy", 0  # the smoke's self-play game: about a second, no search


@dataclass(frozen=True)
class Pot:
    """The closed form's likeliest legal clean pot: ``ball`` into pocket ``k``."""

    ball: str
    k: int
    closed: float  # its closed-form chance
    phi_rad: float  # the ghost-ball aim
    base_speed_mps: float


@dataclass(frozen=True)
class Row:
    closed: float
    realized: float
    # the closed form's chance of the same pot with the direction noise scaled by each of
    # NOISE_FACTORS (the first, 1, is ``closed``)
    scaled: tuple[float, ...] = ()
    # how far the pot's line passes outside the nearer jaw rounding's reach (m)
    clearance_m: float = 0.0


def closed_chance(state: GameState, ctx: Context, pot: Pot, factor: float) -> float:
    """The closed-form chance of ``pot`` with the direction noise scaled by ``factor``."""
    tab = shot_table(ctx.spec, ctx.pk, np.asarray(state.balls["cue"], float), state.balls,
                     [pot.ball], ctx.noise.scaled(factor))
    return float(tab.p[0, pot.k])


def likeliest_pot(state: GameState, ctx: Context) -> Pot | None:
    """The legal clean pot with the highest closed-form chance, the first in the table's order
    on a tie (None: none legal or feasible)."""
    tab, options = legal_clean_pots(state, ctx)
    if not options:
        return None
    p, ball, k, i = max(options, key=lambda option: option[0])
    return Pot(ball, k, p, float(tab.phi[i, k]),
               pot_speed(tab.d1[i, k], tab.d2[i, k], tab.cut[i, k]))


def _rate(state: GameState, ctx: Context, pot: Pot, strike: Strike, n: int,
          rng: np.random.Generator) -> float:
    strikes = [ctx.noise.perturb(strike, rng) for _ in range(n)]
    batch = ctx.run(None, strikes)
    referee = Referee(state, Call(pot.ball, POCKET_IDS[pot.k], CLEAN), None, ctx.jaw_pocket)
    return float(np.mean([r is not None and r.adjudication.successful
                          for r in referee.rulings(batch)]))


def best_of(state: GameState, ctx: Context, pot: Pot, strikes: list[Strike],
            rng: np.random.Generator, select: int, measure: int) -> float:
    """The pot's chance with the best of ``strikes``: each played ``select`` times under the
    noise, the best measured on ``measure`` fresh strokes (so the choice does not flatter the
    measurement)."""
    rates = [_rate(state, ctx, pot, strike, select, rng) for strike in strikes]
    return _rate(state, ctx, pot, strikes[int(np.argmax(rates))], measure, rng)


def realized_chance(state: GameState, ctx: Context, pot: Pot, rng: np.random.Generator,
                    select: int, measure: int) -> float:
    """The pot's chance under the noise with the best cell of the grid (module doc), measured
    on fresh strokes."""
    cells = [Strike(speed, pot.phi_rad + math.radians(off), 0.0, 0.0, vertical)
             for speed, vertical in pot_variants(pot.base_speed_mps) for off in AIM_OFFSETS_DEG]
    return best_of(state, ctx, pot, cells, rng, select, measure)


def pot_positions(lines: list[dict], rng: np.random.Generator, min_chance: float
                  ) -> Iterator[tuple[GameState, Context, Pot]]:
    """The positions of ``lines`` in an order drawn from ``rng`` whose cue ball is on the table,
    with exact calls and a likeliest legal clean pot the closed form gives at least
    ``min_chance``: each with its context (the noise the agents play with) and that pot."""
    sim = shared_simulator()
    noise = NoiseModel.for_skill("strong")
    win = make_value("race")
    for i in rng.permutation(len(lines)):
        state = state_of(lines[i])
        if state.cue_in_hand or state.game_over or state.call_mode != "exact":
            continue
        ctx = Context(state, sim, noise, win)
        pot = likeliest_pot(state, ctx)
        if pot is not None and pot.closed >= min_chance:
            yield state, ctx, pot


def check_files(ap: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Before any work: ``--positions`` is a file and ``--out``, if given, can be written;
    otherwise exit 2 naming the flag (``ap.error``)."""
    if not Path(args.positions).is_file():
        ap.error(f"--positions: no such file {args.positions!r}")
    if args.out:
        try:
            check_output(args.out, "--out")
        except OutputFileError as e:
            ap.error(str(e))


def smoke_files(args: argparse.Namespace, folder: Path | None) -> None:
    """With ``--smoke`` (:mod:`benchmarks.smoke`), what the run reads and writes that the
    command line left out: a ``--positions`` file played afresh in ``folder``
    (:func:`selfplay_positions`), an ``--out`` report there."""
    if not args.smoke:
        return
    if getattr(args, "positions", "") is None:
        args.positions = str(selfplay_positions(folder))
    if getattr(args, "out", "") is None:
        args.out = str(folder / "report.json")


def selfplay_positions(folder: Path, games: int = 1) -> Path:
    """A positions file of ``games`` seeded games of :data:`SMOKE_AGENT` against itself in
    ``folder``, as ``python -m ai.calibrate.selfplay`` writes one."""
    path = folder / "positions.jsonl"
    with open(path, "w") as f:
        for g in range(games):
            for line in play_positions(g, SMOKE_SEED, SMOKE_AGENT):
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
    return path


def write_report(path: str, module: str, argv: list[str] | None, doc: dict,
                 rows: list, digits: int = ROW_DIGITS) -> None:
    """The report of ``python -m benchmarks.<module>`` (its command line, ``doc`` and the
    rows, one a line, their numbers to :data:`ROW_DIGITS` decimals) as JSON, whole or not at
    all (:func:`engine.files.write_atomic`)."""
    head = json.dumps({"command": f"python -m benchmarks.{module} "
                       + " ".join(argv or sys.argv[1:]), **doc, "rows": []}, indent=1)
    lines = ",\n  ".join(json.dumps(rounded(asdict(r), digits), separators=(",", ":"))
                          for r in rows)
    text = head[:head.rindex("[]")] + ("[\n  " + lines + "\n ]" if rows else "[]") + "\n}\n"
    write_atomic(path, text, "--out")


def rounded(value, digits: int = ROW_DIGITS):
    """``value`` with every float in it rounded to ``digits`` decimals."""
    if isinstance(value, float):
        return round(value, digits)
    if isinstance(value, dict):
        return {k: rounded(v, digits) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v, digits) for v in value]
    return value


def pot_rows(lines: list[dict], sample: int, seed: int, min_chance: float, row,
             progress=None) -> list:
    """``row(state, ctx, pot, rng)`` for up to ``sample`` positions of ``lines`` (drawn in a
    seeded order, :func:`pot_positions`), the same generator drawing the strokes."""
    rng = np.random.default_rng(seed)
    rows: list = []
    for state, ctx, pot in pot_positions(lines, rng, min_chance):
        if len(rows) >= sample:
            break
        rows.append(row(state, ctx, pot, rng))
        if progress is not None:
            progress(len(rows), sample)
    return rows




def pot_arguments(argv: list[str] | None, description: str, sample: int, seed: int,
                  select_help: str, measure_help: str,
                  folder: Path | None = None) -> argparse.Namespace:
    """The command line shared by the pot benchmarks, checked before any work (a count
    below 1, a missing ``--positions`` or an unwritable ``--out`` exits 2 naming it); with
    ``--smoke``, the files it leaves out made in ``folder`` (:func:`smoke_files`)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--positions", required=True, help="JSON Lines from ai.calibrate.selfplay")
    ap.add_argument("--sample", type=int, default=sample, help="positions measured")
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--select", type=int, default=16, help=select_help)
    ap.add_argument("--measure", type=int, default=32, help=measure_help)
    ap.add_argument("--out", help="write the report as JSON here too")
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    for name in ("sample", "select", "measure"):
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1, got {getattr(args, name)}")
    smoke_files(args, folder)
    check_files(ap, args)
    return args


def progress_line(done: int, total: int) -> None:
    """The benchmarks' progress line on stderr (rewritten in place)."""
    print(f"\r{done}/{total} positions", end="", file=sys.stderr)


def measured_rows(args: argparse.Namespace, measure_fn) -> list:
    """``measure_fn`` on the positions of ``args`` with a progress line on stderr; a note on
    stderr when no position has a legal clean pot."""
    rows = measure_fn(read_positions(args.positions), args.sample, args.seed, args.select,
                      args.measure, progress_line)
    print(file=sys.stderr)
    if not rows:
        print("no position with a legal clean pot", file=sys.stderr)
    return rows


def measure(lines: list[dict], sample: int, seed: int, select: int, measure_n: int,
            progress=None) -> list[Row]:
    """Rows for up to ``sample`` positions of ``lines`` (drawn in a seeded order)."""
    return pot_rows(lines, sample, seed, MIN_CHANCE, lambda state, ctx, pot, rng: Row(
        pot.closed, realized_chance(state, ctx, pot, rng, select, measure_n),
        tuple(closed_chance(state, ctx, pot, f) for f in NOISE_FACTORS),
        pot_clearance_m(state, ctx, pot)), progress)


def pot_clearance_m(state: GameState, ctx: Context, pot: Pot) -> float:
    """How far ``pot``'s straight line passes outside its pocket's nearer jaw rounding."""
    return jaw_clearance_m(ctx.pk, pot.k, state.balls[pot.ball], ctx.pk.targets[pot.k], ctx.R)


def jaw_brier(rows: list[Row], ramp_m: float) -> float:
    """The Brier score of the closed form scaled by the jaws with ``ramp_m``."""
    return float(np.mean([(r.closed * jaw_share(r.clearance_m, ramp_m) - r.realized) ** 2
                          for r in rows]))


def by_clearance(rows: list[Row]) -> list[dict]:
    """Per band of the clearance: pots, mean closed-form and realized chance."""
    out = []
    c = np.array([r.clearance_m for r in rows])
    closed = np.array([r.closed for r in rows])
    real = np.array([r.realized for r in rows])
    for lo, hi in zip(CLEARANCE_BANDS_M[:-1], CLEARANCE_BANDS_M[1:]):
        m = (c >= lo) & (c < hi)
        if m.any():
            out.append({"clearance_m": [lo, hi], "pots": int(m.sum()),
                        "closed": round(float(closed[m].mean()), 3),
                        "realized": round(float(real[m].mean()), 3)})
    return out


def brier(rows: list[Row], factor_index: int = 0) -> float:
    """The Brier score of the closed form (noise scaled by NOISE_FACTORS[factor_index])
    against the realized chances."""
    return float(np.mean([(r.scaled[factor_index] - r.realized) ** 2 for r in rows]))


def reliability(rows: list[Row], factor_index: int = 0) -> list[dict]:
    """Per band of the closed-form chance (noise scaled by NOISE_FACTORS[factor_index]):
    positions, mean closed-form and realized chance."""
    out = []
    closed = np.array([r.scaled[factor_index] for r in rows])
    real = np.array([r.realized for r in rows])
    for lo, hi in zip(BANDS[:-1], BANDS[1:]):
        m = (closed >= lo) & (closed < hi)
        if m.any():
            out.append({"band": [lo, round(min(hi, 1.0), 2)], "positions": int(m.sum()),
                        "closed": round(float(closed[m].mean()), 3),
                        "realized": round(float(real[m].mean()), 3)})
    return out


def main(argv=None) -> int:
    with smoke.scratch(smoke.asked(argv)) as folder:
        return report(pot_arguments(argv, __doc__.splitlines()[0], 400, 1,
                                    "noisy strokes per grid cell",
                                    "fresh strokes for the best cell", folder), argv)


def report(args: argparse.Namespace, argv: list[str] | None) -> int:
    """Measures, prints the report and writes it to ``--out``; 1 when no position has a pot."""
    rows = measured_rows(args, measure)
    if not rows:
        return 1
    scores = [brier(rows, j) for j in range(len(NOISE_FACTORS))]
    best = int(np.argmin(scores))
    tables = {f: reliability(rows, j) for j, f in enumerate(NOISE_FACTORS)}
    print(f"{len(rows)} positions; the closed form against the realized chance (best grid "
          f"cell, fresh strokes)")
    print("  Brier by the closed form's noise factor: " + ", ".join(
        f"{f:g}: {b:.4f}" for f, b in zip(NOISE_FACTORS, scores)))
    jaws = [jaw_brier(rows, r) for r in JAW_RAMPS_M]
    print("  Brier of the closed form scaled by the jaws, by ramp (m): " + ", ".join(
        f"{r:g}: {b:.4f}" for r, b in zip(JAW_RAMPS_M, jaws)))
    for band in by_clearance(rows):
        lo, hi = band["clearance_m"]
        print(f"    line clears the jaw by [{lo:g}, {hi:g}) m: {band['pots']:4d} pots, closed "
              f"{band['closed']:.3f}, realized {band['realized']:.3f}")
    for j in sorted({0, best}):
        print(f"  noise factor {NOISE_FACTORS[j]:g}:")
        for band in tables[NOISE_FACTORS[j]]:
            lo, hi = band["band"]
            print(f"    [{lo:.2f}, {hi:.2f}): {band['positions']:4d} positions, closed "
                  f"{band['closed']:.3f}, realized {band['realized']:.3f}")
    if args.out:
        write_report(args.out, "pot_chances", argv,
                     {"positions": len(rows), "noise_factors": list(NOISE_FACTORS),
                      "brier": [round(b, 5) for b in scores], "best_factor": NOISE_FACTORS[best],
                      "bands": {str(f): t for f, t in tables.items()},
                      "jaw_ramps_m": list(JAW_RAMPS_M),
                      "jaw_brier": [round(b, 5) for b in jaws],
                      "by_clearance": by_clearance(rows)}, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
