"""The figures and tables of docs/PHYSICS.md, from one command:

    python -m benchmarks.physics_report            # writes docs/physics/*.png and numbers.json
    python -m benchmarks.physics_report --quick    # coarser maps (for a look, not for docs)
    python -m benchmarks.physics_report --smoke    # the coarsest, into a temporary folder
    python -m benchmarks.physics_report --out DIR  # the figures and numbers.json into DIR

Everything is measured on the simulator as a user would use it (balls set rolling or struck,
outcomes read from the event log); the expected values come from closed forms or published
sources named beside them.  The printed law battery is the table in docs/PHYSICS.md.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from benchmarks import mathavan_fig7, pocket_report, smoke
from benchmarks.pocket_report import FULL, OUT, QUICK, SMOKE
from sim import PhysicsParams, Simulator, Strike, measure, pocket_validation, rail_shot
from sim.presets import POOL_9FT
from sim.events import EventKind
from sim.table import TableSpec
from sim.trajectory import states_at

# pocket_figures' steps (m, deg) by fineness (pocket_report.FULL, QUICK, SMOKE): the band's
# edges, the drop maps' offsets and approach angles, the bands kept in numbers.json only,
BAND_STEP_M = {FULL: 0.1e-3, QUICK: 0.5e-3, SMOKE: 2e-3}
MAP_OFFSET_STEP_M = {FULL: 0.5e-3, QUICK: 1e-3, SMOKE: 5e-3}
MAP_ANGLE_STEP_DEG = {FULL: 2.5, QUICK: 5.0, SMOKE: 20.0}
NUMBERS_STEP_M = {FULL: 0.25e-3, QUICK: 0.25e-3, SMOKE: 2e-3}
# and of the straight lines' bands (sim.measure.clean_band, reflection_band: no simulation)
LINE_STEP_M = {FULL: 0.05e-3, QUICK: 0.05e-3, SMOKE: 1e-3}
POCKET_SPEEDS_MPS = (0.2, 0.3, 0.5, 0.7, 0.9, 1.2, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5)
SMOKE_POCKET_SPEEDS_MPS = (0.3, 4.5)  # the law battery compares these two
SMOKE_COST_IMPACTS = 1000  # resolve_cost's impacts with --smoke (timed once)

# [Mathavan2010] parameters (snooker) and its Fig. 8 points as solved by an independent
# implementation (pooltool's solve_paper; see tests/sim/test_cushion_mathavan2010.py).
PAPER_TABLE = TableSpec(name="mathavan2010-snooker", ball_radius_m=0.02625, ball_mass_kg=0.1406,
                        cushion_height_m=1.4 * 0.02625, corner_mouth_m=0.09, middle_mouth_m=0.1)
PAPER_PHYSICS = PhysicsParams(mu_slide=0.212, mu_cushion=0.14, cushion_e_energetic=0.98,
                              cushion_e_speed_exponent=0.0)
FIG8 = {30: 21.176, 45: 37.322, 60: 55.999}
# Alciatore's "about half" read as nearer 1/2 than "a third" or "two-thirds"
# (tests/sim/test_cushion_assumption.py).
ABOUT_HALF = (5 / 12, 7 / 12)


def models():
    return {"Mathavan 2010 (default)": Simulator(),
            "Han 2005 (before)": Simulator(physics=PhysicsParams(cushion_model="han2005",
                                                                 mu_cushion=0.2))}


# --- cushions -------------------------------------------------------------------------------
def cushion_figures(plt, numbers, folder: Path = OUT):
    speeds = np.linspace(0.3, 5.0, 20)
    fig, ax = plt.subplots(1, 2, figsize=(11, 4.2))
    for (name, sim), style in zip(models().items(), ("-", "--")):
        en = [measure.cushion_rebound(sim, v, 0.0)["e_n"] for v in speeds]
        settled = [measure.cushion_rebound(sim, v, 0.0)["settled_speed_ratio"] for v in speeds]
        ax[0].plot(speeds, en, style, color="C0", label=f"{name}: just after impact")
        ax[0].plot(speeds, settled, style, color="C1", label=f"{name}: once rolling again")
        numbers.setdefault("square_restitution", {})[name] = {
            f"{v:.1f}": measure.cushion_rebound(sim, v, 0.0)["e_n"] for v in (0.5, 1.0, 2.0, 3.0, 4.5)}
    ax[0].axhspan(*ABOUT_HALF, color="C1", alpha=0.12,
                  label="Alciatore FAQ: a ball at steep angles\n'typically loses about half of its "
                        "speed'\n(read as 5/12 to 7/12)")
    ax[0].plot([2.0], [0.742], "k^", label="e_e at 2 m/s, assumed: sqrt(MCP 55 % resilience)")
    ax[0].axvline(2.5, color="grey", lw=0.8, ls=":")
    ax[0].text(2.55, 0.67, "Mathavan 2010: rigid model\nvalid below 2.5 m/s", fontsize=7,
               va="top")
    ax[0].set(xlabel="speed into the cushion (m/s), rolling, square on",
              ylabel="rebound speed / incoming speed", ylim=(0.3, 1.0),
              title="Restitution of a rolling ball, square on")
    ax[0].legend(fontsize=6.5, loc="upper right")

    inc = np.arange(5, 86, 5)
    for (name, sim), style in zip(models().items(), ("-", "--")):
        for v, c in ((0.5, "C2"), (1.5, "C0"), (3.0, "C3")):
            out = [measure.cushion_rebound(sim, v, a)["out_deg"] for a in inc]
            ax[1].plot(inc, out, style, color=c, label=f"{name}, {v} m/s")
    paper = Simulator(PAPER_TABLE, PAPER_PHYSICS)
    out = [measure.cushion_rebound(paper, 1.0, a)["out_deg"] for a in inc]
    ax[1].plot(inc, out, ":", color="k", label="this Mathavan kernel, the paper's snooker values")
    ax[1].plot(list(FIG8), list(FIG8.values()), "ko", mfc="none",
               label="Mathavan 2010 Fig. 8 (independent solution)")
    ax[1].plot([0, 90], [0, 90], color="grey", lw=0.6)
    ax[1].set(xlabel="incidence from the normal (deg), rolling ball",
              ylabel="rebound angle from the normal, just after impact (deg)",
              title="Rebound angle of a rolling ball")
    ax[1].legend(fontsize=6, loc="upper left")
    fig.tight_layout()
    fig.savefig(folder / "cushion.png", dpi=110)
    plt.close(fig)
    sim = Simulator()
    numbers["rebound"] = {f"{a}": {f"{v}": {k: round(x, 4) for k, x in
                                              measure.cushion_rebound(sim, v, a).items()}
                                    for v in (0.5, 1.5, 3.0)} for a in (30, 45, 60)}
    numbers["paper_fig8"] = {f"{a}": {"expected": FIG8[a],
                                      "measured": measure.cushion_rebound(paper, 1.0, a)["out_deg"]}
                             for a in FIG8}


def rebound_ratio_table(sim) -> dict:
    """tan(in) / tan(out) of a rolling ball vs incidence and speed (for the AI's banks): just
    after the impact, and of the line it follows once its topspin has bent it (settled)."""
    out = {}
    for a in range(10, 81, 10):
        for v in (0.5, 1.0, 2.0, 3.0):
            r = measure.cushion_rebound(sim, v, a)
            settled = math.tan(math.radians(a)) / math.tan(math.radians(r["settled_deg"]))
            out.setdefault("just_after", {}).setdefault(f"{a}", {})[f"{v}"] = round(r["ratio"], 4)
            out.setdefault("settled", {}).setdefault(f"{a}", {})[f"{v}"] = round(settled, 4)
    return out


# --- pockets --------------------------------------------------------------------------------
def pocket_figures(plt, numbers, fine: str = FULL, folder: Path = OUT):
    sims = models()
    speeds = list(SMOKE_POCKET_SPEEDS_MPS if fine == SMOKE else POCKET_SPEEDS_MPS)
    step = BAND_STEP_M[fine]
    fig, ax = plt.subplots(1, 2, figsize=(11, 4))
    for i, pocket in enumerate(("NR", "MR")):
        sim = sims["Mathavan 2010 (default)"]
        clean = measure.clean_band(sim, pocket, step_m=LINE_STEP_M[fine])
        refl = measure.reflection_band(sim, pocket, step_m=LINE_STEP_M[fine])
        for (name, s), style in zip(sims.items(), ("-o", "--s")):
            w = [(lambda b: (b[1] - b[0]) * 1e3)(measure.acceptance_band(s, pocket, v, step_m=step))
                 for v in speeds]
            ax[i].plot(speeds, w, style, ms=3, label=name)
            numbers.setdefault("bands_mm", {}).setdefault(pocket, {})[name] = dict(
                zip([f"{v}" for v in speeds], [round(x, 2) for x in w]))
        ax[i].axhline((clean[1] - clean[0]) * 1e3, color="k", lw=1,
                      label="clean gap (no jaw touched)")
        ax[i].axhline((refl[1] - refl[0]) * 1e3, color="C2", lw=1, ls="-.",
                      label="Alciatore slow-shot construction\n(TP 3.5/3.6), these jaws")
        numbers.setdefault("references_mm", {})[pocket] = {
            "clean": (clean[1] - clean[0]) * 1e3, "reflection": (refl[1] - refl[0]) * 1e3}
        pocket_report.band_axes(ax[i], pocket)
    fig.tight_layout()
    fig.savefig(folder / "pocket_band_vs_speed.png", dpi=110)
    plt.close(fig)

    sim = sims["Mathavan 2010 (default)"]
    offs = np.arange(-25e-3, 25.01e-3, MAP_OFFSET_STEP_M[fine])
    fig, ax = plt.subplots(1, 2, figsize=(11, 4))
    for i, pocket in enumerate(("NR", "MR")):
        grid = np.array([[1.0 if measure.drops(sim, pocket, v, o) else 0.0 for o in offs]
                         for v in speeds])
        ax[i].imshow(grid, aspect="auto", origin="lower", cmap="Greens", vmin=0, vmax=1.3,
                     extent=(offs[0] * 1e3, offs[-1] * 1e3, -0.5, len(speeds) - 0.5))
        clean = measure.clean_band(sim, pocket, step_m=LINE_STEP_M[fine])
        for c in clean:
            ax[i].axvline(c * 1e3, color="k", lw=0.8)
        ax[i].set_yticks(range(len(speeds)), [f"{v}" for v in speeds])
        ax[i].set(xlabel="offset across the approach line (mm); black: clean gap",
                  ylabel="speed at the mouth (m/s)",
                  title=f"{'Corner' if pocket == 'NR' else 'Middle'} pocket: drops (green), "
                        "along the axis")
    fig.tight_layout()
    fig.savefig(folder / "pocket_map_offset_speed.png", dpi=110)
    plt.close(fig)

    angles = np.arange(-40, 40.1, MAP_ANGLE_STEP_DEG[fine])
    fig, ax = plt.subplots(1, 2, figsize=(11, 4))
    for i, pocket in enumerate(("NR", "MR")):
        grid = np.array([[1.0 if measure.drops(sim, pocket, 1.5, o, a) else 0.0 for o in offs]
                         for a in angles])
        ax[i].imshow(grid, aspect="auto", origin="lower", cmap="Greens", vmin=0, vmax=1.3,
                     extent=(offs[0] * 1e3, offs[-1] * 1e3, angles[0], angles[-1]))
        cl = [measure.clean_band(sim, pocket, a, LINE_STEP_M[fine]) for a in angles]
        ax[i].plot([c[0] * 1e3 if c[1] > c[0] else np.nan for c in cl], angles, "k-", lw=0.8)
        ax[i].plot([c[1] * 1e3 if c[1] > c[0] else np.nan for c in cl], angles, "k-", lw=0.8)
        ax[i].set(xlabel="offset across the approach line (mm); black: clean gap",
                  ylabel="approach angle from the pocket axis (deg)",
                  title=f"{'Corner' if pocket == 'NR' else 'Middle'} pocket at 1.5 m/s")
        numbers.setdefault("bands_vs_angle_mm", {})[pocket] = {
            f"{a:g}": round((lambda b: (b[1] - b[0]) * 1e3)(
                measure.acceptance_band(sim, pocket, 1.5, a, step_m=NUMBERS_STEP_M[fine])), 2)
            for a in (0, 10, 20, 30)}
    fig.tight_layout()
    fig.savefig(folder / "pocket_map_offset_angle.png", dpi=110)
    plt.close(fig)

    numbers["bands_with_spin_mm"] = {
        pocket: {label: round((lambda b: (b[1] - b[0]) * 1e3)(
            measure.acceptance_band(sim, pocket, v, 0.0, side, vert,
                                    step_m=NUMBERS_STEP_M[fine])), 2)
            for label, (v, side, vert) in {
                "rolling 0.5": (0.5, 0.0, 1.0), "stun 0.5": (0.5, 0.0, 0.0),
                "rolling 3.0": (3.0, 0.0, 1.0), "stun 3.0": (3.0, 0.0, 0.0),
                "side +1 at 1.5": (1.5, 1.0, 1.0), "side -1 at 1.5": (1.5, -1.0, 1.0)}.items()}
        for pocket in ("NR", "MR")}
    numbers["rail_shot"] = {name: {f"{v}": measure.rail_shot(s, v)["dropped"]
                                   for v in (0.7, 1.0, 1.5, 2.0, 3.0)}
                            for name, s in sims.items()}


# --- the cushion's assumed restitution and the rail shot's sensitivity -----------------------
MATHAVAN_SNOOKER_E_E = 0.98  # Mathavan 2010's fit for a snooker cushion
RAIL_SHOT_SPEEDS = (0.7, 1.0, 1.5, 2.0, 3.0)  # cue speeds (m/s)


def cushion_assumption(numbers) -> None:
    """The speed a rolling ball keeps off a cushion square on, once rolling again, with the
    assumed e_e = sqrt(0.55) and with Mathavan's snooker fit (tests/sim/test_cushion_assumption)."""
    numbers["kept_speed_square_on"] = {
        f"e_e = {e:g}": {f"{v}": round(measure.cushion_rebound(
            Simulator(physics=PhysicsParams(cushion_e_energetic=e)), v, 0.0)
            ["settled_speed_ratio"], 3) for v in (0.5, 1.0, 2.0, 3.0)}
        for e in (PhysicsParams().cushion_e_energetic, MATHAVAN_SNOOKER_E_E)}


def rail_shot_sensitivity(numbers) -> None:
    """The rail shot (sim.measure.rail_shot) on the default table and with one thing changed:
    the corner jaws' opening angle, the corner mouth, the rubber's e_e (cushions and jaws)."""
    base = TableSpec()
    cases = {"default": (base, None)}
    cases.update({f"corner jaws opened {d} deg": (
        TableSpec(corner_jaw_opening_rad=math.radians(d)), None) for d in (2, 5, 10, 20)})
    cases.update({f"corner mouth {mm} mm": (TableSpec(corner_mouth_m=mm / 1e3), None)
                  for mm in (72, 74, 75, 76, 77, 78, 80)})
    cases.update({f"e_e {e:g}": (base, PhysicsParams(cushion_e_energetic=e))
                  for e in (0.45, 0.4, 0.35)})
    out = {}
    for name, (table, physics) in cases.items():
        sim = Simulator(table, physics)
        out[name] = {f"{v}": measure.rail_shot(sim, v)["dropped"] for v in RAIL_SHOT_SPEEDS}
    numbers["rail_shot_sensitivity"] = out
    # issue 55: against speed, planar and with the contact at the working edge, and the corner
    # jaws' yield each needs (sim/rail_shot.py)
    numbers["rail_shot_band"] = [
        {"cue_speed_mps": r.cue_speed_mps, "drops_planar": r.drops_planar,
         "drops_at_nose_height": r.drops_at_nose_height,
         "yield_planar_mm": None if r.yield_planar_m is None else 1e3 * r.yield_planar_m,
         "yield_at_nose_height_mm": (None if r.yield_at_nose_height_m is None
                                     else 1e3 * r.yield_at_nose_height_m),
         "far_jaw_normal_speed_mps": r.far_jaw_normal_speed_mps}
        for r in rail_shot.rail_shot_band()]
    r = base.ball_radius_m
    j = base.corner_jaw_radius_m
    # docs/PHYSICS.md "The rail shot": the short rail's rounding is centred r inside its nose
    # line and m/2 + r from the 45-degree axis, so sqrt(2) (m/2 + r) - r from the long rail line.
    centre = math.sqrt(2) * (base.corner_mouth_m / 2 + j) - j
    numbers["rail_shot_geometry"] = {
        "far_point_from_rail_line_mm": 1e3 * (centre - j),
        "first_contact_from_full_deg": math.degrees(math.asin((centre - r) / (r + j))),
        "clean_pass_mouth_mm": 1e3 * 2 * (math.sqrt(2) * (r + j) - j),
        # lines parallel to the long rail that Alciatore's slow-shot construction lets drop
        "parallel_to_rail_reflection_band_mm": [
            1e3 * x for x in measure.reflection_band(Simulator(), "NR", -45.0)]}


# --- throw and the law battery -------------------------------------------------------------
def pool_figure(plt, numbers, folder: Path = OUT):
    """pool-9ft (WPA pockets): straight-in bands of a lone rolling ball against speed, both
    pockets, within their brackets (issue 55 item 2): mouth - 2R (dashed) and the slow
    construction solved on pool-9ft (dotted); the proofs' own figures on their own geometry
    (slow: TP 3.6 corner, TP 3.5 side; fast: TP 3.8, TP 3.7) as open marks."""
    sim = Simulator(POOL_9FT)
    flight = Simulator(POOL_9FT, PhysicsParams(pocket_model="flight"))
    speeds = [0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5]
    fig, ax = plt.subplots(figsize=(6.5, 5.6))
    for kind, color in zip(pocket_validation.POCKET_KINDS, ("C0", "C3")):
        for model, s, style in (("edge", sim, "-o"), ("flight", flight, ":^")):
            bands = pocket_validation.bands_vs_speed(s, speeds, (kind,))
            ax.plot(speeds, [b.width_in for b in bands], style, ms=3, color=color,
                    label=f"{kind} pocket, this simulator, pocket model {model}")
            numbers.setdefault(f"pool_9ft_bands_in_{model}", {})[kind] = {
                f"{b.speed_mps}": round(b.width_in, 4) for b in bands}
        br = pocket_validation.bracket(sim, kind)
        ax.axhline(br.clear_in, ls="--", lw=0.8, color=color,
                   label=f"{kind}: mouth - 2R (clears both points)")
        ax.axhline(br.slow_construction_in, ls=":", lw=0.8, color=color,
                   label=f"{kind}: {pocket_validation.TP_SLOW_LABEL[kind]} construction "
                         f"on pool-9ft")
        numbers.setdefault("pool_9ft_bracket_in", {})[kind] = {
            "clear": round(br.clear_in, 4), "slow_construction": round(br.slow_construction_in, 4)}
        for v, table, labels, mark in (
                (pocket_validation.SLOW_MPS, pocket_validation.TP_SLOW_IN,
                 pocket_validation.TP_SLOW_LABEL, "s"),
                (pocket_validation.FAST_MPS, pocket_validation.TP_FAST_IN,
                 pocket_validation.TP_FAST_LABEL, "D")):
            ax.plot([v], [table[kind]], mark, mfc="none", color=color,
                    label=f"Alciatore {labels[kind]}, {kind}, its own geometry")
    numbers["pool_9ft_tp_in"] = {"slow": pocket_validation.TP_SLOW_IN,
                                 "slow_labels": pocket_validation.TP_SLOW_LABEL,
                                 "fast": pocket_validation.TP_FAST_IN,
                                 "fast_labels": pocket_validation.TP_FAST_LABEL}
    ax.set(xlabel="speed of the rolling ball at the mouth (m/s)",
           ylabel="straight-in band of offsets that drop (in)",
           title="pool-9ft (WPA pockets): effective target vs speed")
    ax.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2)
    fig.tight_layout()
    fig.savefig(folder / "pool_bands_vs_speed.png", dpi=110)
    plt.close(fig)


def _stun_throw(sim, cut_deg, speed):
    """Object ball direction minus the line of centres for a sliding, spinless cue ball."""
    R = sim.table.ball_radius_m
    obj = np.array([2.0, 0.8875])
    c = math.radians(cut_deg)
    ghost = obj - 2 * R * np.array([math.cos(c), math.sin(c)])
    pos = np.zeros((16, 2))
    on = np.zeros(16, dtype=bool)
    pos[0], pos[7] = ghost - np.array([0.0005, 0.0]), obj
    on[0] = on[7] = True
    res = sim.result_from_raw(sim.run_arrays(pos, on, (speed, 0.0, 0.0, 0.0, 0.0)), on)
    hit = next(e for e in res.events if e.kind == EventKind.BALL_BALL)
    o = states_at(res.segments, hit.time_s + 1e-12, sim.params)["7"]
    line = math.atan2(obj[1] - hit.position[1], obj[0] - hit.position[0])
    return math.degrees(line - math.atan2(o.vy, o.vx))


def _throw_closed_form(sim, cut_deg, speed, e):
    """TP A.14: tan(throw) = min(mu(v_slip), 2 tan(cut) / (7 (1 + e))) for a stun cut
    (Alciatore's own curves take e = 1)."""
    p = sim.physics
    c = math.radians(cut_deg)
    mu = p.mu_ball_a + p.mu_ball_b * math.exp(-p.mu_ball_c * speed * math.sin(c))
    return math.degrees(math.atan(min(mu, 2 * math.tan(c) / (7 * (1 + e)))))


def throw_figure(plt, numbers, folder: Path = OUT):
    sim = Simulator()
    cuts = np.arange(2, 61, 2)
    fig, ax = plt.subplots(figsize=(6, 4))
    for v, col in ((0.5, "C0"), (1.5, "C1"), (3.0, "C2")):
        ax.plot(cuts, [_stun_throw(sim, c, v) for c in cuts], "o", ms=3, color=col,
                label=f"simulator, {v} m/s")
        ax.plot(cuts, [_throw_closed_form(sim, c, v, sim.physics.e_ball) for c in cuts], "-",
                color=col, lw=1, label=f"TP A.14 closed form (e = {sim.physics.e_ball})")
        ax.plot(cuts, [_throw_closed_form(sim, c, v, 1.0) for c in cuts], ":", color=col,
                lw=1)
    ax.set(xlabel="cut angle (deg)", ylabel="throw (deg)",
           title="Cut-induced throw, stun shot (dotted: Alciatore's e = 1 curves)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(folder / "throw.png", dpi=110)
    plt.close(fig)
    numbers["throw_30deg"] = {f"{v}": {"measured": _stun_throw(sim, 30, v),
                                        "closed_form": _throw_closed_form(sim, 30, v,
                                                                          sim.physics.e_ball)}
                              for v in (0.5, 1.5, 3.0)}


def law_battery(numbers) -> list[tuple[str, str, str, str]]:
    """(law, source, expected, measured) rows."""
    sim = Simulator()
    p = sim.physics
    g = p.gravity_mps2
    rows = []
    # Natural roll (TP A.4) and slide distance (TP 4.1).
    v0 = sim.cue_ball_motion(Strike(1.5, 0.0))[0]
    res = sim.simulate({"cue": (0.5, 0.8875)}, Strike(1.5, 0.0))
    roll = next(e for e in res.events if e.kind == EventKind.SLIDE_ROLL)
    st = states_at(res.segments, roll.time_s + 1e-12, sim.params)["cue"]
    rows.append(("natural roll after a centre hit", "Alciatore TP A.4", "5/7 = 0.71429",
                 f"{math.hypot(st.vx, st.vy) / v0:.5f}"))
    rows.append(("slide distance 12 v^2 / (49 mu g)", "Alciatore TP 4.1",
                 f"{12 * v0 ** 2 / (49 * p.mu_slide * g):.5f} m",
                 f"{roll.position[0] - 0.5:.5f} m"))
    # Cushion.
    sq = numbers["square_restitution"]["Mathavan 2010 (default)"]
    rows.append(("square-on restitution falls with speed (rolling ball)",
                 "Mathavan 2010 (rigid model only below 2.5 m/s); viscoelastic 1/5 law",
                 ">= 0.03 from 0.5 to 3 m/s",
                 f"{sq['0.5']:.3f} -> {sq['3.0']:.3f} (-{sq['0.5'] - sq['3.0']:.3f})"))
    for a, d in numbers["paper_fig8"].items():
        rows.append((f"rolling rebound at {a} deg, the paper's snooker values",
                     "Mathavan 2010 Fig. 8 (solved independently)", f"{d['expected']:.2f} deg",
                     f"{d['measured']:.2f} deg"))
    rb = numbers["rebound"]["45"]["1.5"]
    rows.append(("speed a rolling ball keeps off a cushion at 0 deg, once rolling again",
                 "Alciatore FAQ 'cushion efficiency': about half",
                 "about 0.5 (0.417-0.583)", f"{measure.cushion_rebound(sim, 1.5, 0.0)['settled_speed_ratio']:.3f}"))
    rows.append(("rolling ball in at 45 deg, out (just after / settled)", "this model, Russian "
                 "cushion (no published Russian figure)", "-",
                 f"{rb['out_deg']:.1f} / {rb['settled_deg']:.1f} deg"))
    # Throw.
    t = numbers["throw_30deg"]["1.5"]
    rows.append(("throw of a 30 deg stun cut at 1.5 m/s", "Alciatore TP A.14 closed form",
                 f"{t['closed_form']:.2f} deg", f"{t['measured']:.2f} deg"))
    # Pockets.
    for pk, name in (("NR", "corner"), ("MR", "middle")):
        ref = numbers["references_mm"][pk]
        b = numbers["bands_mm"][pk]["Mathavan 2010 (default)"]
        mouth = sim.table.corner_mouth_m if pk == "NR" else sim.table.middle_mouth_m
        rows.append((f"{name} clean gap along the axis", "geometry: mouth - 2R",
                     f"{(mouth - 2 * sim.table.ball_radius_m) * 1e3:.2f} mm",
                     f"{ref['clean']:.2f} mm"))
        rows.append((f"{name} band, fast ball (4.5 m/s)",
                     "Alciatore TP 3.5/3.6 construction, these jaws", f"{ref['reflection']:.2f} mm",
                     f"{b['4.5']:.2f} mm"))
        rows.append((f"{name} band narrows with speed", "issue 9: 4.5 m/s <= 0.8 x slow",
                     f"<= {0.8 * b['0.3']:.2f} mm", f"{b['4.5']:.2f} mm ({b['4.5'] / b['0.3']:.2f} x "
                     f"{b['0.3']:.2f})"))
    for kind in numbers.get("pool_9ft_bands_in_edge", {}):
        br = numbers["pool_9ft_bracket_in"][kind]
        slow_label = pocket_validation.TP_SLOW_LABEL[kind]
        for v in ("0.8", "4.0"):
            for model in ("edge", "flight"):
                d = numbers[f"pool_9ft_bands_in_{model}"][kind]
                rows.append((f"pool-9ft {kind} band straight in at {v} m/s, pocket model "
                             f"{model}", f"bracket: mouth - 2R to the {slow_label} "
                             f"construction on pool-9ft",
                             f"{br['clear']:.3f} to {br['slow_construction']:.3f} in",
                             f"{d[v]:.3f} in ({d[v] / br['slow_construction']:.3f} x the "
                             f"construction)"))
    return rows


def resolve_cost(n: int = 100000, repeats: int = 5) -> dict:
    """Per-impact cost of the two cushion kernels, in one compiled loop each (seconds, the
    median of ``repeats`` loops over ``n`` random impacts)."""
    from numba import njit
    from sim.physics.cushion_han2005 import resolve_cushion
    from sim.physics.cushion_mathavan2010 import resolve_cushion_mathavan

    @njit
    def han(V, params):
        acc = 0.0
        for k in range(V.shape[0]):
            out, _ = resolve_cushion(V[k, 0], V[k, 1], V[k, 2], V[k, 3], V[k, 4], 0.0, 1.0,
                                     0.74, 0.2, params)
            acc += out[0]
        return acc

    @njit
    def mat(V, params):
        acc = 0.0
        for k in range(V.shape[0]):
            out, _ = resolve_cushion_mathavan(V[k, 0], V[k, 1], V[k, 2], V[k, 3], V[k, 4], 0.0,
                                              1.0, params)
            acc += out[0]
        return acc

    rng = np.random.default_rng(0)
    sp = rng.uniform(0.3, 5, n)
    ang = rng.uniform(-1.4, 1.4, n)
    V = np.zeros((n, 5))
    V[:, 0], V[:, 1] = sp * np.sin(ang), -sp * np.cos(ang)
    V[:, 2], V[:, 3] = -V[:, 1] / 0.034, V[:, 0] / 0.034
    V[:, 4] = rng.uniform(-50, 50, n)
    params = Simulator().params
    out = {}
    for name, f in (("han2005", han), ("mathavan2010", mat)):
        f(V[:10], params)
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            f(V, params)
            times.append((time.perf_counter() - t0) / n)
        out[name] = statistics.median(times)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="coarser maps")
    pocket_report.out_argument(ap)
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(ap, argv, **({"out": folder} if folder else {}))
        return report(args)


def report(args: argparse.Namespace) -> int:
    """Every figure and number into ``args.out``; the law battery printed."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    out, fine = args.out, pocket_report.fineness(args)
    out.mkdir(parents=True, exist_ok=True)
    numbers: dict = {}
    t0 = time.time()
    cushion_figures(plt, numbers, out)
    pocket_figures(plt, numbers, fine, out)
    throw_figure(plt, numbers, out)
    cushion_assumption(numbers)
    rail_shot_sensitivity(numbers)
    pool_figure(plt, numbers, out)
    numbers["rebound_ratio_rolling"] = rebound_ratio_table(Simulator())
    cost = resolve_cost(*((SMOKE_COST_IMPACTS, 1) if fine == SMOKE else ()))
    numbers["resolve_cost_ns"] = {k: v * 1e9 for k, v in cost.items()}
    pocket_report.flight_figures(plt, numbers, fine, out)
    mathavan_fig7.fig7_figure(plt, numbers, out / "mathavan_fig7.png")
    rows = law_battery(numbers) + pocket_report.flight_laws()
    numbers["law_battery"] = [dict(zip(("law", "source", "expected", "measured"), r)) for r in rows]
    (out / "numbers.json").write_text(json.dumps(numbers, indent=1, default=float) + "\n")
    print("| law | source | expected | measured |\n|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    c = numbers["resolve_cost_ns"]
    print(f"\ncushion impact: Han 2005 {c['han2005']:.0f} ns, Mathavan 2010 {c['mathavan2010']:.0f} ns")
    print(f"(written to {out} in {time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
