"""What each level of play means on the 12 ft pyramid table (issue 56 item 2): a straight
pot's rate and the balls a visit in self-play, level by level.

    python -m benchmarks.levels [--samples 400] [--games 2] [--strokes 60]
        [--agent mc-fast] [--seed 56] [--out FILE.json]

The levels are the named noise magnitudes of :data:`ai.noise.SKILLS` (``pro`` 0.25,
``master`` 0.5, ``strong`` 1.0, ``club`` 2.0; 1.0 is the Computer Olympiad's noise, cited in
ai/noise.py).  For each:

- **A straight pot**: the object ball on a corner pocket's axis, 0.55 m or 1.15 m from the
  mouth (:data:`OBJECT_TO_MOUTH_M`: the issue's "1.1-1.2 m to a corner" read for the cue ball
  and for the object ball), the cue ball :data:`CUE_TO_OBJECT_M` behind it on the same line,
  centre ball, aimed at the ghost ball, at each speed of :data:`SPEEDS_MPS`;
  ``--samples`` strokes each, the same standard normal draws at every level and speed (common
  random numbers), a pot is the object ball in that pocket.  The rate printed is the best
  speed's (the choice of speed is a player's; the grid is coarse, so no winner's curse worth
  the name: 3 speeds).
- **Balls a visit**: ``--games`` seeded games of ``--agent`` against itself at that noise
  (both the noise played and the noise the agent believes), each cut at ``--strokes`` strokes;
  a visit is a run of strokes by one side, its balls the object balls that left the table in
  its strokes ruled successful without a foul.  Printed: the mean balls a visit, the longest
  run, and the share of strokes that were attacks.

The self-play is :func:`selfplay`, also the source of the oracle-loss positions
(:mod:`benchmarks.oracle_loss`).  Measured numbers: ai/README.md, "Levels of play".
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass

import numpy as np

from ai.agent import ATTACK
from ai.games.match import GameLog, play_game
from ai.noise import NOISE_DIMS, SKILLS, NoiseModel
from ai.registry import make_agent, with_skill
from engine import GameState, initial_state
from sim import Simulator, Strike, shared_simulator
from sim.table import POCKET_IDS

from . import smoke
from .pot_chances import write_report

LEVELS = ("pro", "master", "strong", "club")  # issue 56: 0.25, 0.5, 1.0, 2.0
# issue 56: "cue ball 0.6 m from the object ball, 1.1-1.2 m to a corner", read both ways: the
# cue ball 1.15 m from the corner (the object ball 0.55 m), or the object ball 1.15 m from it
OBJECT_TO_MOUTH_M = (0.55, 1.15)
CUE_TO_OBJECT_M = 0.6
POCKET = "NR"  # a corner pocket (benchmarks.constant_sensitivity's)
SPEEDS_MPS = (1.5, 2.5, 3.5)  # a firm roll to a hard stroke
OBJECT_BALL = 7  # any object ball's index in the simulator's arrays


def straight_pot(sim: Simulator, to_mouth_m: float
                 ) -> tuple[dict[int, tuple[float, float]], int, float]:
    """The straight pot's balls (by index), its pocket's index and the aim (rad): the object
    ball ``to_mouth_m`` from the corner's mouth on its axis, the cue ball behind it."""
    g = sim.geometry
    k = POCKET_IDS.index(POCKET)
    axis, mouth = np.asarray(g.pocket_axes[k]), np.asarray(g.mouth_centres[k])
    obj = mouth - to_mouth_m * axis
    cue = obj - CUE_TO_OBJECT_M * axis
    if not (g.ball_fits(*cue) and g.ball_fits(*obj)):
        raise ValueError("the straight pot's balls do not fit on the bed")
    ghost = obj - 2 * sim.table.ball_radius_m * axis
    phi = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0]) % (2 * math.pi)
    return {0: tuple(cue), OBJECT_BALL: tuple(obj)}, k, phi


def pot_rates(sim: Simulator, magnitude: float, z: np.ndarray, to_mouth_m: float
              ) -> list[float]:
    """The straight pot's rate at each speed of :data:`SPEEDS_MPS` under the noise draws
    ``z`` (samples x NOISE_DIMS) scaled by ``magnitude``, the object ball ``to_mouth_m``
    from the corner."""
    balls, k, phi = straight_pot(sim, to_mouth_m)
    noise = NoiseModel(magnitude=magnitude)
    pos, on = np.zeros((16, 2)), np.zeros(16, dtype=bool)
    for b, xy in balls.items():
        pos[b], on[b] = xy, True
    out = []
    for v in SPEEDS_MPS:
        played = [noise.apply(Strike(v, phi), row, sim.physics.miscue_offset) for row in z]
        res = sim.results_from_batch(sim.run_batch_arrays(pos, on, sim.cue_ball_motions(played)),
                                     on)
        out.append(float(np.mean([any(p.ball == str(OBJECT_BALL) and p.pocket == POCKET_IDS[k]
                                      for p in r.pocketed) for r in res])))
    return out


@dataclass(frozen=True)
class Visits:
    """Self-play's visits at one level: how many, their balls, the longest, the attacks."""

    visits: int
    balls: int
    longest: int
    strokes: int
    attacks: int

    @property
    def balls_a_visit(self) -> float:
        return self.balls / self.visits if self.visits else 0.0


def visits_of(logs: list[GameLog]) -> Visits:
    """The visits of the games' strokes (a visit: a run of strokes by one side)."""
    visits = balls = longest = strokes = attacks = 0
    for log in logs:
        side, run = None, 0
        for r in log.reports:
            before, after = r.state_before, r.state_after
            if before.to_move != side:
                visits, side, run = visits + 1, before.to_move, 0
            adj = r.outcome.adjudication
            if adj.successful and not adj.fouls:
                n = len(before.object_balls) - len(after.object_balls)
                balls, run = balls + n, run + n
                longest = max(longest, run)
            strokes += 1
            attacks += r.decision.kind == ATTACK
    return Visits(visits, balls, longest, strokes, attacks)


def selfplay(magnitude: float, games: int, strokes: int, seed: int, spec: str
             ) -> list[GameLog]:
    """``games`` games of ``spec`` against itself at the noise ``magnitude`` (played and
    believed), game g seeded ``seed + g``, breaks alternating, cut at ``strokes`` strokes."""
    sim = shared_simulator()
    agent_spec = with_skill(spec, magnitude)
    noise = NoiseModel(magnitude=magnitude)
    logs = []
    for g in range(games):
        st = initial_state(auto_warning=True, breaker=g % 2)
        agents = [make_agent(agent_spec, sim), make_agent(agent_spec, sim)]
        logs.append(play_game(st, agents, sim, np.random.default_rng(seed + g), [noise, noise],
                              max_strokes=strokes))
    return logs


def open_states(logs: list[GameLog]) -> list[GameState]:
    """The positions of the games where a decision is a stroke from the table: the cue ball
    on it, no break pending, the game on."""
    return [r.state_before for log in logs for r in log.reports
            if not (r.state_before.cue_in_hand or r.state_before.break_pending
                    or r.state_before.game_over)]


def measure(samples: int, games: int, strokes: int, seed: int, spec: str) -> list[dict]:
    sim = shared_simulator()
    z = np.random.default_rng(seed).standard_normal((samples, NOISE_DIMS))
    rows = []
    for name in LEVELS:
        m = SKILLS[name]
        t0 = time.perf_counter()
        rates = {d: pot_rates(sim, m, z, d) for d in OBJECT_TO_MOUTH_M}
        v = visits_of(selfplay(m, games, strokes, seed, spec)) if games else None
        rows.append({"level": name, "magnitude": m,
                     "pot_rates": {d: dict(zip(SPEEDS_MPS, r)) for d, r in rates.items()},
                     "straight_pot": {d: max(r) for d, r in rates.items()},
                     "visits": None if v is None else v.visits,
                     "balls_a_visit": None if v is None else round(v.balls_a_visit, 3),
                     "longest_run": None if v is None else v.longest,
                     "attack_share": None if v is None or not v.strokes
                     else round(v.attacks / v.strokes, 3),
                     "seconds": round(time.perf_counter() - t0, 1)})
        print(_line(rows[-1]), flush=True)
    return rows


def _line(row: dict) -> str:
    noise = NoiseModel(magnitude=row["magnitude"])
    aim_deg = math.degrees(noise.sigma_phi_rad) * noise.magnitude
    pots = "; ".join(f"object ball {d:g} m out {row['straight_pot'][d]:.2f} ("
                     + ", ".join(f"{v:g} m/s {r:.2f}" for v, r in rates.items()) + ")"
                     for d, rates in row["pot_rates"].items())
    head = (f"{row['level']:7s} x{row['magnitude']:<5g} (aim {aim_deg:.4f} deg, speed "
            f"{noise.sigma_speed_mps * noise.magnitude:.4f} m/s): straight pot, {pots}")
    if row["visits"] is None:
        return head
    return (f"{head}; self-play {row['visits']} visits, {row['balls_a_visit']:.2f} balls a visit,"
            f" longest {row['longest_run']}, attacks {row['attack_share']:.0%}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=400, help="strokes a speed and level")
    ap.add_argument("--games", type=int, default=2, help="self-play games a level (0: none)")
    ap.add_argument("--strokes", type=int, default=60, help="strokes a game at most")
    ap.add_argument("--agent", default="mc-fast", help="the self-play agent (its skill is set "
                    "to the level unless given)")
    ap.add_argument("--seed", type=int, default=56)
    ap.add_argument("--out", help="the report (JSON)")
    args = smoke.parse(ap, argv, samples=8, games=1, strokes=2,
                       agent="greedy")
    for key in ("samples", "games", "strokes"):
        if getattr(args, key) < (1 if key != "games" else 0):
            ap.error(f"--{key} {getattr(args, key)!r}: must be at least "
                     f"{1 if key != 'games' else 0}")
    try:
        make_agent(args.agent)
    except ValueError as exc:
        ap.error(f"--agent {args.agent!r}: {exc}")
    print(f"levels of play: the straight pot into a corner (the cue ball {CUE_TO_OBJECT_M} m "
          f"behind the object ball), {args.samples} strokes "
          f"a speed; self-play of {args.agent}, {args.games} games of at most {args.strokes} "
          f"strokes a level, seed {args.seed}", flush=True)
    rows = measure(args.samples, args.games, args.strokes, args.seed, args.agent)
    if args.out:
        write_report(args.out, "levels", argv, {"levels": rows}, [])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
