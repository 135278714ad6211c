"""Our table, balls, cushions and cue in pooltool, for benchmarks/pooltool_transfer.py.

The pooltool table is built from our own geometry (``Simulator.geometry``, pyramid-12ft):
every cushion nose and jaw face as a linear cushion, every rounded jaw tip as a circular one,
rotated into pooltool's frame (x across the table, y along it: ours (x, y) -> (W - y, x), a
proper rotation, so side spin keeps its sense).  What cannot be matched, and how it is done:

* Pockets: pooltool pockets a ball when its centre enters a circle; ours when the centre
  crosses the slate edge (a straight capture line).  Each pocket is a circle of radius
  ``POCKET_CIRCLE_M`` tangent to our capture line from behind: within half the middle mouth
  (41.5 mm) of the pocket's axis it lies at most 1.1 mm behind the line.
* Cushions (pooltool_transfer's ``--cushion``): by default pooltool's own Mathavan 2010 solver with our
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
"""
from __future__ import annotations

import math

import numpy as np

from sim import Simulator, Strike
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

POCKET_CIRCLE_M = 0.8  # radius of the circle that stands in for a straight capture line
MAX_EVENTS = 3000  # pooltool stops a stroke after this many events (none reached here)
# pooltool's cushion laws (pooltool_engine)
CUSHIONS = ("mathavan2010", "stronge", "mathavan2010-ours-e")
BAND_RUN_M = 0.4  # a band's ball starts this far before the mouth (as sim.measure.drops)
BAND_STEP_M = 0.25e-3  # offsets of a band, 0.25 mm apart (as sim.measure.acceptance_band)


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
