"""Events of a simulated stroke, and the ball ids and motion states they refer to.

The compiled event loop writes events as integer codes; this module gives them names and a
small value type with predicates, so that the rules core can read an event log without knowing
how it was computed.  The same types describe a real stroke entered by a person.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

BALL_IDS = ("cue",) + tuple(str(k) for k in range(1, 16))  # row k of every array is BALL_IDS[k]
CUE = 0


def ball_index(ball_id: str) -> int:
    try:
        return BALL_IDS.index(ball_id)
    except ValueError:
        raise KeyError(f"unknown ball id {ball_id!r}; ids are 'cue' and '1'..'15'") from None


class MotionState(IntEnum):
    STATIONARY = 0
    SPINNING = 1  # in place, about the vertical axis only
    SLIDING = 2
    ROLLING = 3
    POCKETED = 4
    FLYING = 5  # past a pocket's slate edge, off the cloth (pocket_model "flight"): never final


class EventKind(IntEnum):
    STRIKE = 0  # the cue hits the cue ball (t = 0)
    BALL_BALL = 1
    BALL_CUSHION = 2  # a cushion nose
    BALL_JAW = 3  # a jaw of a pocket: its rounded tip or its face
    POCKET = 4  # the ball's centre passed the pocket's capture line: it has fallen
    SLIDE_ROLL = 5  # sliding ends in natural roll
    ROLL_SPIN = 6  # rolling ends, side spin goes on in place
    ROLL_STOP = 7
    SPIN_STOP = 8
    SLIDE_STOP = 9  # sliding ends with no speed left (a stun shot's cue ball)
    LINE_CROSS = 10  # the watched ball crossed a watched line (e.g. the house line)

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")

    @classmethod
    def from_label(cls, label: str) -> "EventKind":
        try:
            return cls[label.upper().replace("-", "_")]
        except KeyError:
            raise ValueError(f"unknown event kind {label!r}") from None


def excerpt_repr(value, limit: int = 120) -> str:
    """A value quoted in an error message, cut (a hostile event may be megabytes long)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


@dataclass(frozen=True)
class Event:
    """One event: when, what, which balls (ids), and the cushion or pocket involved.

    ``position`` is where the first ball's centre was at that moment.
    """

    time_s: float
    kind: EventKind
    balls: tuple[str, ...]
    cushion: str | None = None
    pocket: str | None = None
    position: tuple[float, float] | None = None

    # --- predicates -----------------------------------------------------------------
    @property
    def is_collision(self) -> bool:
        return self.kind in (EventKind.BALL_BALL, EventKind.BALL_CUSHION, EventKind.BALL_JAW)

    @property
    def is_ball_ball(self) -> bool:
        return self.kind == EventKind.BALL_BALL

    @property
    def is_cushion_contact(self) -> bool:
        """A contact with a cushion nose or a jaw."""
        return self.kind in (EventKind.BALL_CUSHION, EventKind.BALL_JAW)

    @property
    def is_pocketing(self) -> bool:
        return self.kind == EventKind.POCKET

    @property
    def is_transition(self) -> bool:
        return self.kind in (EventKind.SLIDE_ROLL, EventKind.ROLL_SPIN, EventKind.ROLL_STOP,
                             EventKind.SPIN_STOP, EventKind.SLIDE_STOP)

    def involves(self, ball_id: str) -> bool:
        return ball_id in self.balls

    def other(self, ball_id: str) -> str | None:
        """The other ball of a ball-ball event."""
        if not self.is_ball_ball or ball_id not in self.balls:
            return None
        return self.balls[1] if self.balls[0] == ball_id else self.balls[0]

    # --- JSON -------------------------------------------------------------------------
    def to_json(self) -> dict:
        out = {"time_s": self.time_s, "kind": self.kind.label, "balls": list(self.balls)}
        if self.cushion is not None:
            out["cushion"] = self.cushion
        if self.pocket is not None:
            out["pocket"] = self.pocket
        if self.position is not None:
            out["position"] = [self.position[0], self.position[1]]
        return out

    @classmethod
    def from_json(cls, obj: dict) -> "Event":
        try:
            time_s = float(obj["time_s"])
            kind = EventKind.from_label(obj["kind"])
            balls = tuple(str(b) for b in obj.get("balls", ()))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed event {excerpt_repr(obj)}: {exc}") from None
        for b in balls:
            ball_index(b)
        pos = obj.get("position")
        if pos is not None:
            try:
                if len(pos) != 2 or isinstance(pos, str):
                    raise ValueError("position must be [x, y]")
                pos = (float(pos[0]), float(pos[1]))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"malformed event {excerpt_repr(obj)}: {exc}") from None
        return cls(time_s, kind, balls, obj.get("cushion"), obj.get("pocket"), pos)
