"""What a simulated stroke produces, as plain value types."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .events import BALL_IDS, CUE, Event, EventKind


@dataclass(frozen=True)
class Pocketed:
    ball: str
    pocket: str
    time_s: float

    def to_json(self) -> dict:
        return {"ball": self.ball, "pocket": self.pocket, "time_s": self.time_s}


@dataclass
class SimResult:
    """Outcome of one stroke.

    ``final`` maps every ball that was on the table to its resting centre, or ``None`` if it
    fell.  ``events`` is the full log in time order.  ``segments`` holds the piecewise motion
    of every ball (see :mod:`sim.trajectory`) for drawing and for exact queries.
    """

    final: dict[str, tuple[float, float] | None]
    events: list[Event]
    pocketed: list[Pocketed]
    duration_s: float
    truncated: bool = False  # the event cap was reached (never expected in practice)
    segments: np.ndarray | None = field(default=None, repr=False)

    @property
    def first_contact(self) -> str | None:
        """The first ball the cue ball touched, or None for a miss."""
        for ev in self.events:
            if ev.is_ball_ball and ev.involves(BALL_IDS[CUE]):
                return ev.other(BALL_IDS[CUE])
        return None

    @property
    def cushions_before_first_contact(self) -> list[str]:
        """Cushions (noses or jaws) the cue ball touched before it first touched a ball."""
        out = []
        for ev in self.events:
            if ev.is_ball_ball and ev.involves("cue"):
                break
            if ev.is_cushion_contact and ev.involves("cue"):
                out.append(ev.cushion)
        return out

    def events_of(self, ball_id: str) -> list[Event]:
        return [ev for ev in self.events if ev.involves(ball_id)]

    def to_json(self) -> dict:
        return {
            "final": {b: (None if p is None else [p[0], p[1]]) for b, p in self.final.items()},
            "pocketed": [p.to_json() for p in self.pocketed],
            "first_contact": self.first_contact,
            "cushions_before_first_contact": self.cushions_before_first_contact,
            "duration_s": self.duration_s,
            "truncated": self.truncated,
            "events": [ev.to_json() for ev in self.events],
        }


@dataclass(frozen=True)
class Batch:
    """Many strokes from one position, as the compiled batch kernel returns them
    (:meth:`sim.api.Simulator.run_batch_arrays`): arrays for search loops that cannot afford
    Python objects per stroke, with accessors for one sample.  ``k`` numbers the strokes.

    * ``finals`` (B, 16, 2): resting centres, NaN for a ball that fell or was not on the table;
    * ``states`` (B, 16): final motion states (``layout`` codes);
    * ``events``: every stroke's event rows stacked (columns ``layout.EVC_*``), stroke k's
      rows being ``events[offsets[k]:offsets[k + 1]]``;
    * ``durations`` (B,): when the last ball stopped; ``truncated`` (B,): the event cap hit.
    """

    finals: np.ndarray
    states: np.ndarray
    events: np.ndarray
    offsets: np.ndarray
    durations: np.ndarray
    truncated: np.ndarray

    def __len__(self) -> int:
        return len(self.durations)

    def events_of(self, k: int) -> np.ndarray:
        """Stroke k's event rows, in time order."""
        return self.events[self.offsets[k]:self.offsets[k + 1]]

    def event_counts(self) -> np.ndarray:
        return np.diff(self.offsets)


__all__ = ["Batch", "Pocketed", "SimResult", "EventKind"]
