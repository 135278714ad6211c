"""Small helpers shared by the simulator tests."""
import math

from sim import Strike
from sim.events import EventKind


def aim(from_xy, to_xy):
    return math.atan2(to_xy[1] - from_xy[1], to_xy[0] - from_xy[0])


def first(result, kind, ball=None):
    for ev in result.events:
        if ev.kind == kind and (ball is None or ev.involves(ball)):
            return ev
    return None


def motion_after(simulator, result, event, ball):
    """A ball's state just after an event (from the motion-segment log)."""
    from sim.trajectory import states_at
    return states_at(result.segments, event.time_s + 1e-12, simulator.params)[ball]


def direction_deg(vx, vy):
    return math.degrees(math.atan2(vy, vx))


def strike(speed, phi, **kw):
    return Strike(speed_mps=speed, phi_rad=phi, **kw)


__all__ = ["aim", "first", "motion_after", "direction_deg", "strike", "EventKind"]
