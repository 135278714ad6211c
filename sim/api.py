"""The simulator's Python-facing API: validated input in SI units, results as value types.

Typical use::

    from sim import Simulator, Strike
    simulator = Simulator()                      # 12 ft table, default physics
    result = simulator.simulate({"cue": (0.6, 0.9), "7": (2.1, 0.4)},
                                Strike(speed_mps=2.5, phi_rad=0.3))
    result.pocketed, result.final, result.first_contact

Kernels take plain arrays; this module validates, converts units and names.  For search loops
that cannot afford dictionaries, :meth:`Simulator.run_arrays` takes and returns arrays.
"""
from __future__ import annotations

from dataclasses import dataclass
import math

import numpy as np

from . import layout
from .events import BALL_IDS, CUE, Event, EventKind, ball_index
from .params import PhysicsParams, kernel_params
from .physics.cue_strike import strike as _strike_kernel
from .physics.loop import run as _run_kernel
from .physics.loop import run_batch as _run_batch_kernel
from .result import Batch, Pocketed, SimResult
from .presets import preset_by_name
from .table import (CUSHION_IDS, DEFAULT_TABLE, POCKET_IDS, POSITION_TOLERANCE_M, SEGMENT_NOSE,
                    SEGMENT_POCKET_BACK, TableSpec)

N_BALLS = len(BALL_IDS)
OVERLAP_TOLERANCE_M = POSITION_TOLERANCE_M


class SimInputError(ValueError):
    """Input the simulator cannot take; the message names the field and the value."""


class PositionRefused(SimInputError):
    """A position the table cannot hold, and why, as data for a page to say in its own words:
    ``reason`` is :data:`REFUSED_CUSHION` (a ball not on the bed: in a cushion, a jaw or off
    the table) or :data:`REFUSED_OVERLAP` (two balls overlap); ``balls`` the ball ids (one or
    two) as the position names them."""

    def __init__(self, message: str, reason: str, balls: tuple[str, ...]) -> None:
        super().__init__(message)
        self.reason = reason
        self.balls = balls


REFUSED_CUSHION = "cushion"
REFUSED_OVERLAP = "overlap"


def _number(obj: dict, key: str, where: str, default=None) -> float:
    if key not in obj:
        if default is None:
            raise SimInputError(f"{where}.{key} is missing")
        return default
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SimInputError(f"{where}.{key} must be a number, got {value!r}")
    value = float(value)
    if not math.isfinite(value):
        raise SimInputError(f"{where}.{key} must be finite, got {value!r}")
    return value


PHI_MAX_RAD = 2.0 * math.pi  # a direction is an angle within one turn (1e308 degrees once
#                             aimed the cue ball wherever the float's last bits pointed)


@dataclass(frozen=True)
class Strike:
    """A cue stroke.  Angles in radians here; the JSON form uses degrees (``*_deg``)."""

    speed_mps: float
    phi_rad: float
    elevation_rad: float = 0.0
    side: float = 0.0
    vertical: float = 0.0

    def validate(self, physics: PhysicsParams) -> None:
        if not (math.isfinite(self.speed_mps) and self.speed_mps > 0):
            raise SimInputError(f"strike.speed_mps must be > 0, got {self.speed_mps!r}")
        if self.speed_mps > 12.0:
            raise SimInputError(f"strike.speed_mps {self.speed_mps} is beyond any human stroke "
                                "(at most 12 m/s)")
        if not (math.isfinite(self.phi_rad) and abs(self.phi_rad) <= PHI_MAX_RAD):
            raise SimInputError(f"strike.phi_deg must lie within one turn either way [-360, "
                                f"360], got {math.degrees(self.phi_rad)!r}")
        if not (math.isfinite(self.elevation_rad) and 0.0 <= self.elevation_rad < math.pi / 2):
            raise SimInputError(
                f"strike.elevation_deg must lie in [0, 90), got {math.degrees(self.elevation_rad)!r}")
        for name in ("side", "vertical"):
            v = getattr(self, name)
            if not math.isfinite(v):
                raise SimInputError(f"strike.{name} must be finite, got {v!r}")
        offset = math.hypot(self.side, self.vertical)
        if offset > physics.miscue_offset + 1e-12:
            raise SimInputError(
                f"strike tip offset (side={self.side}, vertical={self.vertical}) is {offset:.3f} R, "
                f"beyond the miscue limit of {physics.miscue_offset} R")

    def to_json(self) -> dict:
        return {"speed_mps": self.speed_mps, "phi_deg": math.degrees(self.phi_rad),
                "elevation_deg": math.degrees(self.elevation_rad), "side": self.side,
                "vertical": self.vertical}

    @classmethod
    def from_json(cls, obj) -> "Strike":
        if not isinstance(obj, dict):
            raise SimInputError(f"strike must be an object, got {obj!r}")
        unknown = set(obj) - {"speed_mps", "phi_deg", "elevation_deg", "side", "vertical"}
        if unknown:
            raise SimInputError(f"strike has unknown field(s): {', '.join(sorted(unknown))}")
        return cls(speed_mps=_number(obj, "speed_mps", "strike"),
                   phi_rad=math.radians(_number(obj, "phi_deg", "strike")),
                   elevation_rad=math.radians(_number(obj, "elevation_deg", "strike", 0.0)),
                   side=_number(obj, "side", "strike", 0.0),
                   vertical=_number(obj, "vertical", "strike", 0.0))


def parse_balls(obj, where: str = "balls") -> dict[str, tuple[float, float]]:
    """Ball positions from JSON (``{"cue": [x, y], "7": [x, y]}``), checked for shape."""
    if not isinstance(obj, dict):
        raise SimInputError(f"{where} must be an object mapping ball ids to [x, y], got {obj!r}")
    out = {}
    for key, xy in obj.items():
        if key not in BALL_IDS:
            raise SimInputError(f"{where} has unknown ball id {key!r}; ids are 'cue' and '1'..'15'")
        if (not isinstance(xy, (list, tuple)) or len(xy) != 2
                or any(isinstance(c, bool) or not isinstance(c, (int, float)) for c in xy)):
            raise SimInputError(f"{where}.{key} must be [x, y] in metres, got {xy!r}")
        x, y = float(xy[0]), float(xy[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise SimInputError(f"{where}.{key} must be finite, got {xy!r}")
        out[key] = (x, y)
    return out


class Simulator:
    """A table and a set of physics parameters, ready to simulate strokes."""

    def __init__(self, table: TableSpec | str = DEFAULT_TABLE,
                 physics: PhysicsParams | None = None, max_events: int = 20000):
        self.table = preset_by_name(table) if isinstance(table, str) else table
        self.physics = physics or PhysicsParams()
        self.max_events = int(max_events)
        g = self.table.geometry
        self.geometry = g
        self.params = kernel_params(self.physics, self.table.ball_radius_m,
                                    self.table.ball_mass_kg, self.table.cushion_height_m)
        lines = np.zeros((len(g.segments), layout.S_COLS))
        lines[:, layout.S_X0:layout.S_Y1 + 1] = g.segments
        lines[:, layout.S_NX:layout.S_NY + 1] = g.segment_normals
        lines[:, layout.S_JAW] = g.segment_kind != SEGMENT_NOSE
        lines[:, layout.S_E_BACK] = np.where(g.segment_kind == SEGMENT_POCKET_BACK,
                                             self.table.pocket_back_restitution, -1.0)
        self._lines = lines
        self._circles = np.ascontiguousarray(g.circles)
        self._caps = np.ascontiguousarray(g.kernel_captures)
        self._no_watch = np.full(4, np.nan)

    # --- validation -------------------------------------------------------------------
    def check_position(self, balls: dict[str, tuple[float, float]], where: str = "balls") -> None:
        """Refuse balls off the bed, inside a cushion or overlapping each other
        (:class:`PositionRefused`, saying which balls and why)."""
        R = self.table.ball_radius_m
        items = list(balls.items())
        for key, (x, y) in items:
            if not self.geometry.ball_fits(x, y, tolerance_m=OVERLAP_TOLERANCE_M):
                raise PositionRefused(
                    f"{where}.{key} at [{x}, {y}] is not on the bed of the {self.table.name} table "
                    f"(a ball centre needs {R} m clear of every cushion and jaw)",
                    REFUSED_CUSHION, (key,))
        for a in range(len(items)):
            for b in range(a + 1, len(items)):
                (ka, (xa, ya)), (kb, (xb, yb)) = items[a], items[b]
                d = math.hypot(xa - xb, ya - yb)
                if d < 2 * R - OVERLAP_TOLERANCE_M:
                    raise PositionRefused(
                        f"{where}.{ka} at [{xa}, {ya}] and {where}.{kb} at [{xb}, {yb}] overlap "
                        f"(centres {d:.6f} m apart, balls need {2 * R} m)",
                        REFUSED_OVERLAP, (ka, kb))

    # --- simulation -------------------------------------------------------------------
    def cue_ball_motion(self, strike: Strike) -> tuple[float, float, float, float, float]:
        """Velocity and spin ``(vx, vy, wx, wy, wz)`` the stroke gives the cue ball."""
        strike.validate(self.physics)
        return _strike_kernel(strike.speed_mps, strike.phi_rad, strike.elevation_rad,
                              strike.side, strike.vertical, self.params)

    def run_arrays(self, positions: np.ndarray, on_table: np.ndarray, cue_motion,
                   watch_line=None, cue: int = CUE):
        """Unchecked fast path: arrays in, the kernel's raw tuple out (see ``physics.loop.run``).

        ``watch_line`` is ``(px, py, nx, ny)`` or None.
        """
        watch = self._no_watch if watch_line is None else np.asarray(watch_line, dtype=float)
        vx, vy, wx, wy, wz = cue_motion
        return _run_kernel(positions, on_table, cue, vx, vy, wx, wy, wz, self.params,
                           self._lines, self._circles, self._caps, watch, self.max_events)

    def cue_ball_motions(self, strikes) -> np.ndarray:
        """Cue-ball velocity and spin for many strokes, as a (B, 5) array (validated)."""
        out = np.empty((len(strikes), 5))
        for k, s in enumerate(strikes):
            out[k] = self.cue_ball_motion(s)
        return out

    def run_batch_arrays(self, positions: np.ndarray, on_table: np.ndarray, motions: np.ndarray,
                         watch_line=None, cue: int = CUE) -> Batch:
        """Many strokes from one position in one compiled call (see ``physics.loop.run_batch``):
        the fast path for search.  No motion segments are kept."""
        watch = self._no_watch if watch_line is None else np.asarray(watch_line, dtype=float)
        return Batch(*_run_batch_kernel(positions, on_table, cue,
                                        np.ascontiguousarray(motions, float), self.params,
                                        self._lines, self._circles, self._caps, watch,
                                        self.max_events))

    def results_from_batch(self, batch: Batch, on_table) -> list[SimResult]:
        """Turn :meth:`run_batch_arrays` output into :class:`SimResult` values (no segments)."""
        out = []
        for k in range(len(batch)):
            one = (batch.finals[k], batch.states[k], batch.events_of(k), None,
                   batch.durations[k], batch.truncated[k])
            out.append(self.result_from_raw(one, on_table))
        return out

    def simulate(self, balls: dict[str, tuple[float, float]], strike: Strike,
                 watch_house_line: bool | float = False, check: bool = True) -> SimResult:
        """Simulate one stroke.  ``balls`` maps ids to positions; absent balls are off the table.

        ``watch_house_line``: True watches the house line x = L/4, a number watches x = that
        value; each time the cue ball's centre crosses it a ``line-cross`` event is logged.
        """
        if "cue" not in balls:
            raise SimInputError("balls.cue is missing: the cue ball must be on the table to strike")
        if check:
            self.check_position(balls)
        cue_motion = self.cue_ball_motion(strike)
        positions = np.zeros((N_BALLS, 2))
        on_table = np.zeros(N_BALLS, dtype=np.bool_)
        for key, (x, y) in balls.items():
            k = ball_index(key)
            positions[k] = (x, y)
            on_table[k] = True
        watch = None
        if watch_house_line is not False and watch_house_line is not None:
            x_line = self.table.house_line_x if watch_house_line is True else float(watch_house_line)
            watch = (x_line, 0.0, 1.0, 0.0)
        raw = self.run_arrays(positions, on_table, cue_motion, watch)
        return self.result_from_raw(raw, on_table)

    def result_from_raw(self, raw, on_table) -> SimResult:
        final, _states, evlog, seglog, t_end, truncated = raw
        ev_t = evlog[:, layout.EVC_T]
        ev_kind = evlog[:, layout.EVC_KIND].astype(np.int64)
        ev_a = evlog[:, layout.EVC_A].astype(np.int64)
        ev_b = evlog[:, layout.EVC_B].astype(np.int64)
        ev_obj = evlog[:, layout.EVC_OBJ].astype(np.int64)
        ev_x = evlog[:, layout.EVC_X]
        ev_y = evlog[:, layout.EVC_Y]
        g = self.geometry
        events: list[Event] = []
        pocketed: list[Pocketed] = []
        for k in range(len(ev_t)):
            kind = EventKind(int(ev_kind[k]))
            a = BALL_IDS[int(ev_a[k])]
            balls = (a,) if ev_b[k] < 0 else (a, BALL_IDS[int(ev_b[k])])
            cushion = pocket = None
            obj = int(ev_obj[k])
            if kind == EventKind.BALL_CUSHION:
                cushion = CUSHION_IDS[int(g.segment_cushion[obj])]
            elif kind == EventKind.BALL_JAW:
                if obj < len(g.segments):  # a jaw face, or the pocket's back (no cushion)
                    c = int(g.segment_cushion[obj])
                    cushion = CUSHION_IDS[c] if c >= 0 else None
                    pocket = POCKET_IDS[int(g.segment_pocket[obj])]
                else:  # a rounded jaw tip
                    c = obj - len(g.segments)
                    cushion = CUSHION_IDS[int(g.circle_cushion[c])]
                    pocket = POCKET_IDS[int(g.circle_pocket[c])]
            elif kind == EventKind.POCKET:
                pocket = POCKET_IDS[obj]
                pocketed.append(Pocketed(a, pocket, float(ev_t[k])))
            events.append(Event(float(ev_t[k]), kind, balls, cushion, pocket,
                                (float(ev_x[k]), float(ev_y[k]))))
        final_map = {}
        for k in range(N_BALLS):
            if on_table[k]:
                x, y = final[k]
                final_map[BALL_IDS[k]] = None if math.isnan(x) else (float(x), float(y))
        return SimResult(final=final_map, events=events, pocketed=pocketed,
                         duration_s=float(t_end), truncated=bool(truncated), segments=seglog)


_SHARED: dict[str, Simulator] = {}


def shared_simulator(table: str = DEFAULT_TABLE) -> Simulator:
    """The process's one simulator for a table preset with the default physics: created on
    first use and passed down from there (a simulator holds only its table and parameters,
    so sharing it is safe)."""
    sim = _SHARED.get(table)
    if sim is None:
        sim = _SHARED[table] = Simulator(table)
    return sim
