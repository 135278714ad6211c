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

The pooltool table is built from our own geometry (``Simulator.geometry``, pyramid-12ft):
every cushion nose and jaw face as a linear cushion, every rounded jaw tip as a circular one,
rotated into pooltool's frame (x across the table, y along it: ours (x, y) -> (W - y, x), a
proper rotation, so side spin keeps its sense).  What cannot be matched, and how it is done:

* Pockets: pooltool pockets a ball when its centre enters a circle; ours when the centre
  crosses the slate edge (a straight capture line).  Each pocket is a circle of radius
  ``POCKET_CIRCLE_M`` tangent to our capture line from behind: within half the middle mouth
  (41.5 mm) of the pocket's axis it lies at most 1.1 mm behind the line.
* Cushions (``--cushion``): by default pooltool's own Mathavan 2010 solver with our
  ball-cushion friction 0.14 and our energetic restitution 0.742 held constant -- ours falls
  with the normal speed (1 - e_e ~ v^0.2: 0.806 at 0.5 m/s, 0.698 at 4.5 m/s), pooltool's
  has no speed dependence; ``mathavan2010-ours-e`` gives pooltool's solver our restitution
  law impact by impact (then its straight-in bands match ours within 0.5 mm, ``--bands``);
  ``stronge``: pooltool's default law (Stronge's compliant impact), a sensitivity check.
  Contact height: our 42 mm nose.
* Cloth: sliding 0.2, rolling 0.012, spin 0.012 (pooltool's u_sp_proportionality = 0.012/R);
  the same motion equations (Leckie & Greenspan).  Balls: 68 mm, 285 g, restitution 0.95,
  Alciatore's ball-ball friction fit (the same three numbers in both).
* Cue: pooltool's tip is perfectly elastic (ball speed 2 V0 / (...)); ours has e_tip, so V0 =
  speed * (1 + e_tip) / 2 gives the same ball speed.  phi + 90 deg, elevation in degrees,
  a = -side (pooltool's a > 0 is left english), b = vertical, cue mass 0.72 kg and end mass
  12 g (the same squirt model, Alciatore TP A.31).  ``check_cue_mapping`` asserts that the
  cue ball leaves pooltool's cue with our velocity and spin before anything is measured.
* Not in pooltool: our pocket-flight model (off by default: "edge"), the ball's height.

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

Seeded (``--seed``): the same command prints the same numbers.  N = 100 takes about 50 s of
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
from sim import PhysicsParams, Simulator, Strike
from sim.events import Event, EventKind
from sim.measure import drops
from sim.table import CUSHION_IDS, POCKET_IDS, SEGMENT_JAW_FACE, SEGMENT_NOSE

try:
    import attrs
    import pooltool as pt
    from pooltool.events import EventType
    from pooltool.objects.table.components import (CircularCushionSegment, CushionDirection,
                                                   CushionSegments, LinearCushionSegment,
                                                   Pocket)
    from pooltool.physics.resolve.ball_ball.frictional_inelastic import FrictionalInelastic
    from pooltool.physics.resolve.ball_ball.friction import AlciatoreBallBallFriction
    from pooltool.physics.resolve.ball_cushion.mathavan_2010.model import (
        Mathavan2010Circular, Mathavan2010Linear)
    from pooltool.physics.resolve.resolver import default_resolver
except ImportError:  # the module can be read (and its docstring shown) without pooltool
    pt = None

TABLE = "pyramid-12ft"
POCKET_CIRCLE_M = 0.8  # radius of the circle that stands in for a straight capture line
MAX_EVENTS = 3000  # pooltool stops a stroke after this many events (none reached here)
MIN_BALLS, MAX_BALLS = 2, 10  # object balls of a random position
BALL_GAP_M = 0.002  # random balls at least this far apart and from the cushions
BOOTSTRAP = 4000  # resamples of the positions for the ratio's interval
CUSHIONS = ("mathavan2010", "stronge", "mathavan2010-ours-e")  # pooltool cushion laws (pooltool_engine)
BAND_RUN_M = 0.4  # a band's ball starts this far before the mouth (as sim.measure.drops)
BAND_STEP_M = 0.25e-3  # offsets of a band, 0.25 mm apart (as sim.measure.acceptance_band)


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


# --- frames -------------------------------------------------------------------------------
def to_pt_xy(x: float, y: float, width_m: float) -> tuple[float, float]:
    """Our table frame to pooltool's: a rotation by +90 deg about the origin, then W across."""
    return width_m - y, x


def from_pt_xy(X: float, Y: float, width_m: float) -> tuple[float, float]:
    return Y, width_m - X


# --- the table, the balls and the engine ---------------------------------------------------
def pooltool_table(sim: Simulator) -> "pt.Table":
    """Our geometry as a pooltool table: linear cushions named ``s<k>`` by our segment index
    k, circular ones ``c<k>``, pockets by our pocket ids."""
    g, spec = sim.geometry, sim.table
    W, h = spec.width_m, spec.cushion_height_m
    linear = {}
    for k, (x0, y0, x1, y1) in enumerate(g.segments):
        if g.segment_kind[k] not in (SEGMENT_NOSE, SEGMENT_JAW_FACE):
            raise ValueError(f"segment {k}: pocket backs are not modelled in pooltool")
        p1, p2 = to_pt_xy(x0, y0, W), to_pt_xy(x1, y1, W)
        linear[f"s{k}"] = LinearCushionSegment(f"s{k}", p1=np.array([*p1, h]),
                                               p2=np.array([*p2, h]),
                                               direction=CushionDirection.BOTH)
    circular = {}
    for k, (cx, cy, r) in enumerate(g.circles):
        c = to_pt_xy(cx, cy, W)
        circular[f"c{k}"] = CircularCushionSegment(f"c{k}", center=np.array([*c, h]),
                                                   radius=float(r))
    pockets = {}
    for k, (px, py, nx, ny) in enumerate(g.capture_lines):
        # the normal points back to the table: the circle's centre lies behind the line
        c = to_pt_xy(px - nx * POCKET_CIRCLE_M, py - ny * POCKET_CIRCLE_M, W)
        pockets[POCKET_IDS[k]] = Pocket(POCKET_IDS[k], center=np.array([*c, 0.0]),
                                        radius=POCKET_CIRCLE_M)
    return pt.Table(cushion_segments=CushionSegments(linear=linear, circular=circular),
                    pockets=pockets, table_type=pt.TableType.POCKET)


def ball_params(sim: Simulator) -> dict:
    p, spec = sim.physics, sim.table
    return dict(m=spec.ball_mass_kg, R=spec.ball_radius_m, u_s=p.mu_slide, u_r=p.mu_roll,
                u_sp_proportionality=p.mu_spin / spec.ball_radius_m, e_b=p.e_ball,
                e_c=p.cushion_e_energetic, f_c=p.mu_cushion, g=p.gravity_mps2)


def pooltool_engine(sim: Simulator, cushion: str = "mathavan2010") -> "pt.PhysicsEngine":
    """pooltool's default resolver (not the user's YAML) with our ball-ball friction fit and
    the Mathavan 2010 cushion, or ``cushion="stronge"``: pooltool's own default cushion law
    (Stronge's compliant impact, the same restitution and friction), a sensitivity check."""
    if cushion not in CUSHIONS:
        raise ValueError(f"cushion must be one of {', '.join(CUSHIONS)}, got {cushion!r}")
    p = sim.physics
    resolver = default_resolver()
    resolver.ball_ball = FrictionalInelastic(friction=AlciatoreBallBallFriction(
        a=p.mu_ball_a, b=p.mu_ball_b, c=p.mu_ball_c))
    if cushion == "mathavan2010":
        resolver.ball_linear_cushion = Mathavan2010Linear()
        resolver.ball_circular_cushion = Mathavan2010Circular()
    elif cushion == "mathavan2010-ours-e":
        resolver.ball_linear_cushion = _OurRestitution(Mathavan2010Linear(), sim)
        resolver.ball_circular_cushion = _OurRestitution(Mathavan2010Circular(), sim)
    return pt.physics.PhysicsEngine(resolver=resolver)


class _OurRestitution:
    """pooltool's Mathavan 2010 solver given our speed-dependent energetic restitution for
    each impact (``sim.physics.cushion_mathavan2010.energetic_restitution``: 1 - e_e grows
    as the normal speed at the contact point to the power 0.2) instead of a constant."""

    def __init__(self, inner, sim: Simulator):
        self.inner, self.sim = inner, sim
        R, h = sim.table.ball_radius_m, sim.table.cushion_height_m
        self.cos_contact = math.sqrt(1.0 - ((h - R) / R) ** 2)

    def resolve(self, ball, cushion, inplace: bool = False):
        n = cushion.get_normal_xy(ball.xyz)
        v_n = abs(float(np.dot(n[:2], ball.state.rvw[1, :2]))) * self.cos_contact
        p = self.sim.physics
        e = p.cushion_e_energetic
        if v_n > 0.0:
            e = 1.0 - (1.0 - e) * (v_n / p.cushion_e_ref_speed_mps) ** p.cushion_e_speed_exponent
        params = ball.params
        ball.params = attrs.evolve(params, e_c=min(1.0, max(0.0, e)))
        ball, cushion = self.inner.resolve(ball, cushion, inplace=inplace)
        ball.params = params
        return ball, cushion


def pooltool_cue(sim: Simulator, strike: Strike) -> "pt.Cue":
    p = sim.physics
    specs = pt.objects.CueSpecs(M=p.cue_mass_kg, end_mass=p.cue_end_mass_kg)
    cue = pt.Cue(cue_ball_id="cue", specs=specs)
    cue.set_state(V0=strike.speed_mps * (1.0 + p.e_tip) / 2.0,
                  phi=math.degrees(strike.phi_rad) + 90.0,
                  theta=math.degrees(strike.elevation_rad), a=-strike.side, b=strike.vertical)
    return cue


def check_cue_mapping(sim: Simulator, engine) -> float:
    """The cue ball's velocity and spin off pooltool's cue against ours, for strokes with
    every kind of offset and elevation; raises if they differ (the mapping is wrong)."""
    worst = 0.0
    for strike in (Strike(2.0, 0.3), Strike(3.1, -2.0, 0.0, 0.3, 0.0),
                   Strike(1.2, 1.1, 0.0, -0.2, -0.35), Strike(4.0, 2.5, 0.0, 0.1, 0.4),
                   Strike(2.5, 0.7, math.radians(12.0), 0.25, -0.2)):
        ball = pt.Ball.create("cue", xy=(0.9, 1.0), **ball_params(sim))
        _, ball = engine.resolver.stick_ball.resolve(pooltool_cue(sim, strike), ball,
                                                     inplace=True)
        vx, vy, wx, wy, wz = sim.cue_ball_motion(strike)
        ours = np.array([-vy, vx, -wy * sim.table.ball_radius_m,
                         wx * sim.table.ball_radius_m, wz * sim.table.ball_radius_m])
        rvw = ball.state.rvw
        theirs = np.array([rvw[1, 0], rvw[1, 1], *(rvw[2] * sim.table.ball_radius_m)])
        worst = max(worst, float(np.max(np.abs(ours - theirs))))
    if worst > 1e-3:
        raise AssertionError(f"pooltool's cue ball differs from ours by {worst:.4f} m/s: "
                             "the stroke mapping is wrong")
    return worst


# --- one stroke in pooltool, as our event log ---------------------------------------------
def _event_from_pt(ev, sim: Simulator) -> Event | None:
    g, W = sim.geometry, sim.table.width_m
    kind = ev.event_type
    if kind not in (EventType.BALL_BALL, EventType.BALL_LINEAR_CUSHION,
                    EventType.BALL_CIRCULAR_CUSHION, EventType.BALL_POCKET):
        return None  # motion transitions and the strike: the rules read none of them
    ids = ev.ids
    pos = None
    if ev.agents[0].initial is not None:  # the ball, before the event
        r = ev.agents[0].initial.state.rvw[0]
        pos = from_pt_xy(float(r[0]), float(r[1]), W)
    if kind == EventType.BALL_BALL:
        return Event(ev.time, EventKind.BALL_BALL, (ids[0], ids[1]), position=pos)
    if kind == EventType.BALL_LINEAR_CUSHION:
        k = int(ids[1][1:])
        cushion = CUSHION_IDS[int(g.segment_cushion[k])]
        if g.segment_kind[k] == SEGMENT_NOSE:
            return Event(ev.time, EventKind.BALL_CUSHION, (ids[0],), cushion, None, pos)
        pocket = POCKET_IDS[int(g.segment_pocket[k])]
        return Event(ev.time, EventKind.BALL_JAW, (ids[0],), cushion, pocket, pos)
    if kind == EventType.BALL_CIRCULAR_CUSHION:
        k = int(ids[1][1:])
        return Event(ev.time, EventKind.BALL_JAW, (ids[0],),
                     CUSHION_IDS[int(g.circle_cushion[k])],
                     POCKET_IDS[int(g.circle_pocket[k])], pos)
    return Event(ev.time, EventKind.POCKET, (ids[0],), None, ids[1], pos)


def pooltool_stroke(sim: Simulator, engine, table, balls: dict, strike: Strike):
    """Play ``strike`` from ``balls`` in pooltool: our event log and resting places."""
    W = sim.table.width_m
    params = ball_params(sim)
    pt_balls = {b: pt.Ball.create(b, xy=to_pt_xy(x, y, W), **params)
                for b, (x, y) in balls.items()}
    system = pt.System(cue=pooltool_cue(sim, strike), table=table, balls=pt_balls)
    pt.simulate(system, engine=engine, inplace=True, max_events=MAX_EVENTS)
    events = [Event(0.0, EventKind.STRIKE, ("cue",))]
    events += [e for e in (_event_from_pt(ev, sim) for ev in system.events) if e is not None]
    final = {}
    for b, ball in system.balls.items():
        if ball.state.s == pt.constants.pocketed:
            final[b] = None
        else:
            final[b] = from_pt_xy(float(ball.state.rvw[0, 0]), float(ball.state.rvw[0, 1]), W)
    return events, final


# --- the straight-in band, a check of the table alone -------------------------------------
def pooltool_drops(sim: Simulator, engine, table, pocket: str, speed: float,
                   offset_m: float) -> bool:
    """A lone ball rolled along ``pocket``'s axis, ``offset_m`` across it, from
    ``BAND_RUN_M`` before the mouth, arriving there at about ``speed``: does it drop there?"""
    g, R, W = sim.geometry, sim.table.ball_radius_m, sim.table.width_m
    k = POCKET_IDS.index(pocket)
    d = g.pocket_axes[k]
    start = g.mouth_centres[k] - d * BAND_RUN_M + np.array([d[1], -d[0]]) * offset_m
    v0 = math.sqrt(speed ** 2 + 2 * sim.physics.mu_roll * sim.physics.gravity_mps2 * BAND_RUN_M)
    ball = pt.Ball.create("cue", xy=to_pt_xy(*start, W), **ball_params(sim))
    vx, vy = -d[1] * v0, d[0] * v0  # the direction in pooltool's frame
    ball.state = pt.objects.BallState(np.array([ball.state.rvw[0], [vx, vy, 0.0],
                                                [-vy / R, vx / R, 0.0]]), pt.constants.rolling)
    system = pt.System(cue=pt.Cue(cue_ball_id="cue"), table=table, balls={"cue": ball})
    pt.simulate(system, engine=engine, inplace=True, max_events=MAX_EVENTS)
    return any(ev.event_type == EventType.BALL_POCKET and ev.ids[1] == pocket
               for ev in system.events)


def band_mm(test, step_m: float = BAND_STEP_M, limit_m: float = 0.04) -> float:
    """Width (mm) of the longest run of offsets on a grid through 0 for which ``test`` holds."""
    n = int(round(limit_m / step_m))
    best = run_ = 0
    for j in range(-n, n + 1):
        run_ = run_ + 1 if test(j * step_m) else 0
        best = max(best, run_)
    return best * step_m * 1e3


def compare_bands(sim: Simulator, engine, table, speeds=(0.3, 1.5, 4.5)) -> list[dict]:
    """The straight-in band of a rolling ball, ours (``sim.measure.drops``) and pooltool's,
    corner (NL) and middle (ML) pockets, for each speed."""
    out = []
    for pocket in ("NL", "ML"):
        for v in speeds:
            ours = band_mm(lambda o: bool(drops(sim, pocket, v, o, distance=BAND_RUN_M)))
            theirs = band_mm(lambda o: pooltool_drops(sim, engine, table, pocket, v, o))
            out.append({"pocket": pocket, "speed_mps": v, "ours_mm": ours,
                        "pooltool_mm": theirs})
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
    args = ap.parse_args(argv)
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
    rep = run(physics, args.positions, args.draws, args.seed, args.agent, args.cushion)
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
