"""An independent, time-stepped model of the same table in pymunk, for cross-checking.

Our simulator (``sim.physics``) is event based and solves every contact in closed form.  This
module builds the same table (cushion noses and jaw faces as static segments, the rounded jaw
tips as static circles, the capture lines as the pocket test) in pymunk, a general 2-D rigid
body engine (Chipmunk), and steps it with a fixed time step.  The two share nothing but the
:class:`~sim.table.TableGeometry` arrays, so agreement checks our collision geometry, contact
detection and pocketing; see ``docs/PYMUNK-CROSSCHECK.md`` for the measured agreement.

Regime.  Pymunk balls have no spin: each step the model removes ``decel * dt`` of speed,
opposite to the velocity (constant-magnitude rolling resistance), and collisions are frictionless
restitution impulses.  Our simulator is made to behave the same way by :func:`rolling_regime`:

* the cue ball starts in natural roll (``Strike(vertical=0.4)``), so it decelerates at
  ``mu_roll g`` along its velocity, exactly like the pymunk ball;
* ball-ball and cushion friction are zero, and the cushion touches the ball at its equator
  (``cushion_height_m`` just above R), so every impact is a pure normal impulse;
* cloth grip is (practically) infinite (``mu_slide`` large): after an impact the slip of the
  contact point with the cloth is removed at once.  A rolling ball that receives a horizontal
  impulse J through its centre then ends up rolling with ``v + (5/7) J / m`` [Alciatore TP A.4].
  With both balls' (or the ball's) velocity change scaled by the same 5/7, an impact of
  restitution ``e`` followed by the instant return to rolling is exactly an impact of restitution
  ``e' = (5 e - 2) / 7`` between spinless balls (:func:`effective_restitution`); that ``e'`` is
  what pymunk is given.  The only residue of the spin in our model is the slide that lasts
  ``2 |u| / (7 mu_slide g)`` (tens of microseconds), i.e. well below a millimetre.

Time step.  ``dt = 1e-4`` s by default (the tests use 5e-5 for shots at pockets): at 3 m/s a
ball moves 0.3 mm per step, 1 % of its radius, so contacts are found at most that deep (the
contact normal, and so the direction after a cut, is off by about ``v dt / (2 R)``, a few
milliradians at most), no ball can tunnel through a jaw (which would need ``v dt > R``), and the
constant deceleration is integrated with a position error ``a dt t / 2`` under 0.2 mm.  The
errors converge to first order in ``dt``; measured numbers are in ``docs/PYMUNK-CROSSCHECK.md``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
import math

import pymunk

from .cushion_models import HAN2005
from .params import PhysicsParams
from .table import POCKET_IDS, SEGMENT_JAW_FACE, TableSpec

BALL_TYPE = 1
TABLE_TYPE = 2


def effective_restitution(e: float) -> float:
    """Restitution between spinless balls equivalent to an impact of restitution ``e`` between
    rolling balls on cloth of infinite grip: ``(5 e - 2) / 7`` (needs ``e >= 0.4``)."""
    eff = (5.0 * e - 2.0) / 7.0
    if eff < 0.0:
        raise ValueError(f"restitution {e} < 0.4: a rolling ball would not come off the cushion")
    return eff


def rolling_regime(table: TableSpec | None = None, *, mu_roll: float = 0.05,
                   e_ball: float = 0.95, e_cushion: float = 0.74, e_jaw: float | None = None,
                   mu_slide: float = 1000.0) -> tuple[TableSpec, PhysicsParams]:
    """Table and physics that make our simulator comparable with the pymunk model.

    ``mu_roll`` is larger than real cloth's (0.012) only to keep the time-stepped runs short;
    the comparison is geometric and every length scales with ``v^2 / (mu_roll g)``.
    ``e_jaw`` (default: ``e_cushion``) is used if PhysicsParams has separate jaw rubber.
    """
    table = table or TableSpec()
    R = table.ball_radius_m
    table = replace(table, name=table.name + "-equator-cushion", cushion_height_m=R * (1 + 1e-6))
    kw = {}
    if "e_jaw" in {f.name for f in fields(PhysicsParams)}:
        kw = {"e_jaw": e_cushion if e_jaw is None else e_jaw, "mu_jaw": 0.0}
    # Han 2005's single impulse: with the cushion at the equator and no friction its rebound is
    # the closed form above, which pymunk can be given (the comparison is of geometry, events
    # and pocketing, not of the cushion law).
    physics = PhysicsParams(mu_slide=mu_slide, mu_roll=mu_roll, e_ball=e_ball, mu_ball_a=0.0,
                            mu_ball_b=0.0, e_cushion=e_cushion, mu_cushion=0.0,
                            cushion_model=HAN2005.name, **kw)
    return table, physics


@dataclass
class PymunkResult:
    final: dict[str, tuple[float, float] | None]  # None: pocketed
    pocketed: list[tuple[str, str, float]]  # (ball, pocket id, time)
    first_contact: str | None
    first_contact_time: float | None = None
    first_contact_cue_xy: tuple[float, float] | None = None  # cue centre at that contact
    duration_s: float = 0.0
    steps: int = 0
    contacts: list[tuple[float, str, str]] = field(default_factory=list)  # (t, ball, ball|"table")

    @property
    def pocket_map(self) -> dict[str, str]:
        return {b: p for b, p, _ in self.pocketed}


class PymunkTable:
    """The table in pymunk.  ``decel`` (m/s^2) is the constant rolling deceleration;
    ``e_ball``, ``e_cushion`` (noses) and ``e_jaw`` (jaw faces and roundings; default
    ``e_cushion``) are the restitutions pymunk applies (already effective ones)."""

    def __init__(self, table: TableSpec, decel: float, e_ball: float, e_cushion: float,
                 e_jaw: float | None = None, dt: float = 1e-4, iterations: int = 20):
        self.table = table
        self.geometry = table.geometry
        self.decel = float(decel)
        self.dt = float(dt)
        self.iterations = int(iterations)
        e_jaw = e_cushion if e_jaw is None else e_jaw
        if not 0.0 < e_ball <= 1.0 or not (0.0 <= e_cushion <= 1.0 and 0.0 <= e_jaw <= 1.0):
            raise ValueError(f"restitutions must lie in [0, 1], got {e_ball}, {e_cushion}, {e_jaw}")
        # Pymunk multiplies the two shapes' elasticities.
        self.ball_elasticity = math.sqrt(e_ball)
        self.nose_elasticity = e_cushion / self.ball_elasticity
        self.jaw_elasticity = e_jaw / self.ball_elasticity

    @classmethod
    def for_regime(cls, table: TableSpec, physics: PhysicsParams, **kw) -> "PymunkTable":
        e_jaw = getattr(physics, "e_jaw", physics.e_cushion)
        return cls(table, physics.mu_roll * physics.gravity_mps2,
                   effective_restitution(physics.e_ball),
                   effective_restitution(physics.e_cushion),
                   effective_restitution(e_jaw), **kw)

    def _space(self):
        space = pymunk.Space()
        space.gravity = (0.0, 0.0)
        space.iterations = self.iterations
        space.collision_slop = 1e-6  # metres: pymunk's default (0.1) assumes pixels
        space.damping = 1.0
        g = self.geometry
        static = space.static_body
        shapes = []
        for (x0, y0, x1, y1), kind in zip(g.segments, g.segment_kind):
            s = pymunk.Segment(static, (x0, y0), (x1, y1), 0.0)
            s.elasticity = self.jaw_elasticity if kind == SEGMENT_JAW_FACE else self.nose_elasticity
            shapes.append(s)
        for cx, cy, r in g.circles:
            s = pymunk.Circle(static, r, offset=(cx, cy))
            s.elasticity = self.jaw_elasticity
            shapes.append(s)
        for s in shapes:
            s.friction = 0.0
            s.collision_type = TABLE_TYPE
        space.add(*shapes)
        return space

    def simulate(self, balls: dict[str, tuple[float, float]], cue_velocity: tuple[float, float],
                 cue: str = "cue", max_time_s: float = 120.0) -> PymunkResult:
        """Run until every ball has stopped or fallen.  ``cue_velocity`` is the struck ball's
        initial velocity (m/s)."""
        spec = self.table
        R, m = spec.ball_radius_m, spec.ball_mass_kg
        L, W = spec.length_m, spec.width_m
        space = self._space()
        bodies: dict[str, pymunk.Body] = {}
        names: dict[pymunk.Shape, str] = {}
        for name, (x, y) in balls.items():
            body = pymunk.Body(m, pymunk.moment_for_circle(m, 0.0, R))
            body.position = (x, y)
            shape = pymunk.Circle(body, R)
            shape.elasticity = self.ball_elasticity
            shape.friction = 0.0
            shape.collision_type = BALL_TYPE
            space.add(body, shape)
            bodies[name] = body
            names[shape] = name
        bodies[cue].velocity = tuple(cue_velocity)

        clock = [0.0]
        res = PymunkResult(final={}, pocketed=[], first_contact=None)
        # Bookkeeping to keep the Python side of each step small (pymunk property access costs
        # microseconds): only moving balls are decelerated, and a ball's centre is tested
        # against the capture lines every step only near the edge of the bed.
        moving: set[str] = {cue}
        near_edge: set[str] = set(balls)

        def on_ball_ball(arbiter, _space, _data):
            a, b = (names[s] for s in arbiter.shapes)
            moving.add(a)
            moving.add(b)
            res.contacts.append((clock[0], a, b))
            if res.first_contact is None and cue in (a, b):
                res.first_contact = b if a == cue else a
                res.first_contact_time = clock[0]
                res.first_contact_cue_xy = tuple(bodies[cue].position)

        def on_ball_table(arbiter, _space, _data):
            a = names[arbiter.shapes[0]] if arbiter.shapes[0] in names else names[arbiter.shapes[1]]
            res.contacts.append((clock[0], a, "table"))

        space.on_collision(BALL_TYPE, BALL_TYPE, begin=on_ball_ball)
        space.on_collision(BALL_TYPE, TABLE_TYPE, begin=on_ball_table)

        caps = [tuple(map(float, c)) for c in self.geometry.capture_lines]
        dt = self.dt
        dv = self.decel * dt
        every = 10  # steps between capture tests of a ball on the open bed
        # A ball moves at most max_speed * every * dt between tests: that margin from the edge.
        margin = 5.0 * every * dt + 1e-3
        lo_x, hi_x, lo_y, hi_y = R + margin, L - R - margin, R + margin, W - R - margin
        active = dict(bodies)
        steps = 0
        t = 0.0
        while active and t < max_time_s:
            if steps % 500 == 0:  # belt and braces: any ball set moving without a callback
                moving |= {n for n, b in active.items() if b.velocity != (0.0, 0.0)}
            for name in list(moving):
                body = active.get(name)
                if body is None:
                    moving.discard(name)
                    continue
                vx, vy = body.velocity
                sp = math.hypot(vx, vy)
                if sp <= dv:
                    body.velocity = (0.0, 0.0)
                    moving.discard(name)
                else:
                    k = 1.0 - dv / sp
                    body.velocity = (vx * k, vy * k)
            if not moving:
                break
            clock[0] = t  # contacts found in this step happened within (t, t + dt]
            space.step(dt)
            t += dt
            steps += 1
            check = near_edge | moving if steps % every == 0 else near_edge
            for name in list(check):
                body = active.get(name)
                if body is None:
                    continue
                x, y = body.position
                if lo_x < x < hi_x and lo_y < y < hi_y:
                    near_edge.discard(name)
                    continue
                near_edge.add(name)
                if R < x < L - R and R < y < W - R:
                    continue
                for k, (px, py, nx, ny) in enumerate(caps):
                    if (x - px) * nx + (y - py) * ny < 0.0:
                        res.pocketed.append((name, POCKET_IDS[k], t))
                        space.remove(body, *body.shapes)
                        del active[name]
                        moving.discard(name)
                        near_edge.discard(name)
                        break
        for name, body in bodies.items():
            res.final[name] = tuple(body.position) if name in active else None
        res.duration_s = t
        res.steps = steps
        return res
