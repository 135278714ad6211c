"""The pocket past the slate edge, measured for docs/PHYSICS.md ("Past the slate edge"): part of
``python -m benchmarks.physics_report``, or alone::

    python -m benchmarks.pocket_report [--quick] [--out DIR] [--smoke]

writes ``docs/physics/pocket_flight.png`` (or into ``--out``) and prints its numbers (JSON);
``--smoke`` (:mod:`benchmarks.smoke`): 2 mm bands at two speeds, into a temporary folder.
Every figure is a rolling ball sent along a pocket's axis through the public API (:func:`sim.measure.
acceptance_band`), under the two pocket models (``physics.pocket_model``): "edge" (it falls when
its centre passes the slate edge) and "flight" (it may fly on past the edge:
``sim/physics/pocket_flight.py``), the latter with the pocket's back at several depths, since no
source gives the depth of a pyramid table's pocket (``TableSpec.corner_back_m``).
"""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

from sim import EventKind, PhysicsParams, Simulator, measure
from sim.table import POCKET_IDS, TableSpec

from . import smoke

OUT = Path(__file__).resolve().parents[1] / "docs" / "physics"
# How finely the figures measure: the reports' own run, --quick (a look, not for the docs),
# --smoke (benchmarks.smoke: the path walked, the numbers meaningless).
FULL, QUICK, SMOKE = "full", "quick", "smoke"
SPEEDS_MPS = (0.3, 0.5, 0.9, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5)
SMOKE_SPEEDS_MPS = (0.3, 4.5)  # the slowest and the fastest (the law battery compares them)
BAND_STEP_M = {FULL: 0.25e-3, QUICK: 0.5e-3, SMOKE: 2e-3}
BACKS_R = (None, 4.0, 3.0, 2.5, 2.0)  # the back's depth past the slate edge, in ball radii
BANDS_BACK_RESTITUTION = 0.8  # the bands with a back: a lively one, to show the effect
FLIGHT = PhysicsParams(pocket_model="flight")


def _label(back_r) -> str:
    return ("flight, no back" if back_r is None else
            f"flight, back {back_r:g} R past the edge, e {BANDS_BACK_RESTITUTION:g}")


def _width_mm(sim: Simulator, pocket: str, speed_mps: float, step_m: float) -> float:
    lo, hi = measure.acceptance_band(sim, pocket, speed_mps, step_m=step_m)
    return round((hi - lo) * 1e3, 2)


def bands_vs_speed(fine: str = FULL) -> dict:
    """{pocket: {model label: {speed: band width in mm}}} for the corner (NR) and middle (MR)
    pocket of the 12 ft table, straight in."""
    step = BAND_STEP_M[fine]
    speeds = SMOKE_SPEEDS_MPS if fine == SMOKE else SPEEDS_MPS
    R = TableSpec().ball_radius_m
    sims = {"edge (default)": Simulator()}
    for back_r in BACKS_R:
        back = None if back_r is None else back_r * R
        sims[_label(back_r)] = Simulator(TableSpec(
            corner_back_m=back, middle_back_m=back,
            pocket_back_restitution=BANDS_BACK_RESTITUTION), FLIGHT)
    return {pocket: {name: {f"{v}": _width_mm(sim, pocket, v, step) for v in speeds}
                     for name, sim in sims.items()}
            for pocket in ("NR", "MR")}


POP_BACKS_R = (2.0, 2.5, 3.0, 4.0)
POP_RESTITUTIONS = (0.2, 0.4, 0.5, 0.7, 0.8)
POP_SPEEDS_MPS = tuple(round(0.5 + 0.1 * k, 1) for k in range(56))  # 0.5 .. 6.0 m/s


def pop_out_speed(sim: Simulator, pocket: str) -> float | None:
    """The lowest speed (m/s, on a 0.1 m/s grid to 6 m/s) at which a ball rolling along the
    pocket's axis through the middle of the mouth comes back out; None if none does."""
    for v in POP_SPEEDS_MPS:
        if not measure.drops(sim, pocket, v, 0.0):
            return v
    return None


def pop_out_speeds() -> dict:
    """{pocket: {back in R: {restitution: lowest pop-out speed or None}}} (flight model)."""
    R = TableSpec().ball_radius_m
    return {pocket: {f"{b:g}": {f"{e:g}": pop_out_speed(Simulator(TableSpec(
        corner_back_m=b * R, middle_back_m=b * R, pocket_back_restitution=e), FLIGHT), pocket)
        for e in POP_RESTITUTIONS} for b in POP_BACKS_R} for pocket in ("NR", "MR")}


def _flown_m(sim: Simulator, pocket: str, speed_mps: float) -> tuple[float, float]:
    """A ball rolled through the middle of the mouth: how far past the slate edge it was when
    it fell (m) and how long after crossing the edge (s)."""
    k = POCKET_IDS.index(pocket)
    cap = sim.geometry.capture_lines[k]
    res = measure.roll_into(sim, pocket, speed_mps, 0.0)
    fell = next(e for e in res.events if e.kind == EventKind.POCKET)
    past = -float(np.dot(np.array(fell.position) - cap[:2], cap[2:]))
    return past, past / speed_mps


def flight_laws() -> list[tuple[str, str, str, str]]:
    """(law, source, expected, measured) rows of the law battery for the flight model."""
    sim = Simulator(physics=FLIGHT)
    lo, hi = 0.3, 1.2
    for _ in range(30):  # the speed from which the ball falls away from the edge
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if _flown_m(sim, "NR", mid)[0] > 1e-6 else (mid, hi)
    p, R = sim.physics, sim.table.ball_radius_m
    _, t_fall = _flown_m(sim, "NR", 3.0)
    return [("a ball leaves the slate edge airborne above (speed at the mouth)",
             "rigid body: g cos(0) = v^2 / R",
             f"sqrt(g R) = {math.sqrt(p.gravity_mps2 * R):.4f} m/s", f"{hi:.4f} m/s"),
            ("time a flying ball can still be lifted back", "free fall of the centre by R",
             f"sqrt(2 R / g) = {math.sqrt(2 * R / p.gravity_mps2) * 1e3:.2f} ms",
             f"{t_fall * 1e3:.2f} ms")]


def leaving_speed_mps() -> float:
    """sqrt(g R): the speed across the slate edge above which a ball leaves it airborne."""
    p, t = PhysicsParams(), TableSpec()
    return math.sqrt(p.gravity_mps2 * t.ball_radius_m)


def band_axes(ax, pocket: str) -> None:
    """Labels of a band-vs-speed plot of the corner (NR) or middle (MR) pocket, with its
    legend (this module's figure and physics_report's)."""
    ax.set(xlabel="speed of the rolling ball at the mouth (m/s)",
           ylabel="band of offsets that drop (mm)", ylim=(0, None),
           title=f"{'Corner' if pocket == 'NR' else 'Middle'} pocket, along its axis")
    ax.legend(fontsize=7)


def fineness(args) -> str:
    """How finely a report's command asks its figures to measure."""
    return SMOKE if args.smoke else QUICK if args.quick else FULL


def out_argument(ap) -> None:
    """The reports' ``--out`` folder for their figures and numbers."""
    ap.add_argument("--out", type=Path, default=OUT,
                    help="the folder of the figures (default docs/physics)")


def flight_figures(plt, numbers: dict, fine: str = FULL, folder: Path = OUT) -> None:
    bands = bands_vs_speed(fine)
    numbers["flight_bands_mm"] = bands
    numbers["flight_leaving_speed_mps"] = round(leaving_speed_mps(), 4)
    numbers["flight_pop_out_speed_mps"] = pop_out_speeds()
    fig, ax = plt.subplots(1, 2, figsize=(11, 4))
    for i, pocket in enumerate(("NR", "MR")):
        for (name, widths), style in zip(bands[pocket].items(),
                                         ("k-o", "C0--s", "C1-^", "C2-v", "C3-d", "C4-x")):
            ax[i].plot([float(v) for v in widths], list(widths.values()), style, ms=3,
                       label=name)
        ax[i].axvline(leaving_speed_mps(), color="grey", lw=0.8, ls=":",
                      label="sqrt(g R): faster, the ball leaves the edge")
        band_axes(ax[i], pocket)
    fig.tight_layout()
    fig.savefig(folder / "pocket_flight.png", dpi=110)
    plt.close(fig)


def main(argv=None) -> int:
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="coarser bands (0.5 mm)")
    out_argument(ap)
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(ap, argv, **({"out": folder} if folder else {}))
        args.out.mkdir(parents=True, exist_ok=True)
        numbers: dict = {}
        flight_figures(plt, numbers, fineness(args), args.out)
    print(json.dumps(numbers, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
