"""A stroke's story: what the agent meant, the noise drawn, and why (issue 27, item 1).

The optional ``"story"`` object of a stroke line written by a game between agents.  The
stroke line's ``strike`` is the strike after execution noise; the story keeps the intended
strike and call, the noise as the differences applied to each strike field (intended + noise
= executed), the shot kind as the agent names it, the agent's estimates for the chosen stroke
and for up to :data:`MAX_ALTERNATIVES` alternatives, and the decision's cost (wall time in
seconds, samples/simulations).  A field the agent does not have is ``None`` and left out of the
JSON; nothing is invented.  See docs/FORMATS.md.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import MalformedInputError, excerpt

STORY_KEY = "story"  # the stroke line's field
# the strike fields of a record's stroke line (sim.api.Strike.to_json): the noise is given
# per field, in the field's unit
STRIKE_FIELDS = ("speed_mps", "phi_deg", "elevation_deg", "side", "vertical")
# the exact radians a game's stroke line adds (ai.games.records.strike_to_record): what is
# simulated, since degrees do not round-trip bit for bit
RADIAN_FIELDS = ("phi_rad", "elevation_rad")
# the fields a replay simulates: intended + noise equals the stroke played in each of them,
# bit for bit, unless the story lists the field in ``inexact``
EXACT_FIELDS = ("speed_mps", "phi_rad", "elevation_rad", "side", "vertical")
MAX_ALTERNATIVES = 3  # issue 27 item 1: "up to 3 top alternatives"
# degrees beside radians must be them converted, but for a float's rounding (math.degrees of
# the radians is what a writer records): a story's strike and a stroke line's (engine.verify)
ANGLE_TOLERANCE_DEG = 1e-9


def _number(obj: dict, key: str, where: str, required: bool = False) -> float | None:
    v = obj.get(key)
    if v is None:
        if required:
            raise MalformedInputError(f"{where}.{key}", v, "is missing")
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise MalformedInputError(f"{where}.{key}", v, "must be a finite number")
    return float(v) if isinstance(v, float) else v


def _probability(obj: dict, key: str, where: str) -> float | None:
    v = _number(obj, key, where)
    if v is not None and not 0.0 <= v <= 1.0:
        raise MalformedInputError(f"{where}.{key}", v, "must lie in [0, 1]")
    return v


def _object(obj: dict, key: str, where: str) -> dict | None:
    v = obj.get(key)
    if v is not None and not isinstance(v, dict):
        raise MalformedInputError(f"{where}.{key}", v, "must be an object or null")
    return v


def _strike_fields(obj: dict | None, where: str) -> dict | None:
    """A strike-shaped object: only :data:`STRIKE_FIELDS` and :data:`RADIAN_FIELDS`, each a
    finite number."""
    if obj is None:
        return None
    unknown = set(obj) - set(STRIKE_FIELDS) - set(RADIAN_FIELDS)
    if unknown:
        raise MalformedInputError(where, sorted(unknown), "has unknown strike field(s)")
    for key in obj:
        _number(obj, key, where, required=True)
    return dict(obj)


def _drop_none(out: dict) -> dict:
    return {k: v for k, v in out.items() if v is not None}


def _placement(obj: dict, where: str) -> tuple[float, float] | None:
    v = obj.get("placement")
    if v is None:
        return None
    if (not isinstance(v, list) or len(v) != 2
            or any(isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c)
                   for c in v)):
        raise MalformedInputError(f"{where}.placement", v, "must be [x, y] in metres or null")
    return (float(v[0]), float(v[1]))


def _kind(obj: dict, where: str) -> str | None:
    kind = obj.get("kind")
    if kind is not None and not isinstance(kind, str):
        raise MalformedInputError(f"{where}.kind", kind, "must be a string or null")
    return kind


_ALTERNATIVE_FIELDS = ("strike", "call", "placement", "kind", "p_win", "p_success")


@dataclass(frozen=True)
class Alternative:
    """A stroke the agent weighed and did not choose, with its own estimates."""
    strike: dict | None = None  # the strike fields (a game writes the radians too)
    call: dict | None = None
    placement: tuple[float, float] | None = None  # where it would place the cue ball, metres
    kind: str | None = None
    p_win: float | None = None
    p_success: float | None = None

    def to_json(self) -> dict:
        return _drop_none({"strike": self.strike, "call": self.call,
                           "placement": None if self.placement is None else list(self.placement),
                           "kind": self.kind, "p_win": self.p_win,
                           "p_success": self.p_success})

    @classmethod
    def from_json(cls, obj, where: str = "story.alternatives") -> "Alternative":
        if not isinstance(obj, dict):
            raise MalformedInputError(where, obj, "must be an object")
        unknown = set(obj) - set(_ALTERNATIVE_FIELDS)
        if unknown:
            raise MalformedInputError(where, sorted(unknown), "has unknown field(s)")
        return cls(strike=_strike_fields(_object(obj, "strike", where), f"{where}.strike"),
                   call=_object(obj, "call", where), placement=_placement(obj, where),
                   kind=_kind(obj, where), p_win=_probability(obj, "p_win", where),
                   p_success=_probability(obj, "p_success", where))


def _inexact(obj: dict, where: str) -> tuple[str, ...]:
    v = obj.get("inexact")
    if v is None:
        return ()
    if (not isinstance(v, list) or any(not isinstance(k, str) or k not in EXACT_FIELDS
                                       for k in v) or len(set(v)) != len(v)):
        raise MalformedInputError(f"{where}.inexact", v,
                                  f"must list distinct fields of {', '.join(EXACT_FIELDS)}")
    return tuple(v)


_STORY_FIELDS = ("intended_strike", "intended_call", "noise", "inexact", "kind", "p_win",
                 "p_success", "alternatives", "decision_s", "samples")


@dataclass(frozen=True)
class Story:
    """The story of one stroke (every field optional: ``None`` is "the agent has none")."""
    intended_strike: dict | None = None  # the strike fields, before noise
    intended_call: dict | None = None    # the call as the agent chose it
    noise: dict | None = None            # per strike field: executed - intended, its unit
    # the fields of EXACT_FIELDS where no float noise gives intended + noise == executed (a
    # speed held at its floor, offsets pulled back to the miscue limit): there the noise is
    # the nearest difference and the stroke line's strike is what was played
    inexact: tuple[str, ...] = ()
    kind: str | None = None              # "attack", "safety", "foul", ... the agent's word
    p_win: float | None = None           # the agent's P(win) for the chosen stroke
    p_success: float | None = None       # the agent's success probability of the stroke
    alternatives: tuple[Alternative, ...] = ()
    decision_s: float | None = None      # wall time of the decision, seconds
    samples: int | None = None           # samples/simulations the decision used

    def __post_init__(self):
        if len(self.alternatives) > MAX_ALTERNATIVES:
            raise MalformedInputError("story.alternatives", len(self.alternatives),
                                      f"has more than {MAX_ALTERNATIVES} alternatives")

    def to_json(self) -> dict:
        return _drop_none({
            "intended_strike": self.intended_strike, "intended_call": self.intended_call,
            "noise": self.noise, "inexact": list(self.inexact) or None, "kind": self.kind,
            "p_win": self.p_win, "p_success": self.p_success,
            "alternatives": [a.to_json() for a in self.alternatives] or None,
            "decision_s": self.decision_s, "samples": self.samples})

    @classmethod
    def from_json(cls, obj, where: str = STORY_KEY) -> "Story":
        if not isinstance(obj, dict):
            raise MalformedInputError(where, obj, "must be an object")
        unknown = set(obj) - set(_STORY_FIELDS)
        if unknown:
            raise MalformedInputError(where, sorted(unknown), "has unknown field(s)")
        alts = obj.get("alternatives")
        alts = [] if alts is None else alts
        if not isinstance(alts, list):
            raise MalformedInputError(f"{where}.alternatives", alts, "must be a list")
        decision_s = _number(obj, "decision_s", where)
        if decision_s is not None and decision_s < 0:
            raise MalformedInputError(f"{where}.decision_s", decision_s, "must be >= 0")
        samples = obj.get("samples")
        if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                    or samples < 0):
            raise MalformedInputError(f"{where}.samples", samples,
                                      "must be a non-negative integer")
        return cls(
            intended_strike=_strike_fields(_object(obj, "intended_strike", where),
                                           f"{where}.intended_strike"),
            intended_call=_object(obj, "intended_call", where),
            noise=_strike_fields(_object(obj, "noise", where), f"{where}.noise"),
            inexact=_inexact(obj, where), kind=_kind(obj, where),
            p_win=_probability(obj, "p_win", where),
            p_success=_probability(obj, "p_success", where),
            alternatives=tuple(Alternative.from_json(a, f"{where}.alternatives[{i}]")
                               for i, a in enumerate(alts)),
            decision_s=decision_s, samples=samples)

    def executed_strike(self) -> dict | None:
        """The intended strike plus the noise, field by field (``None`` without an intended
        strike): the stroke line's ``strike``, bit for bit in each of :data:`EXACT_FIELDS`
        the story has and does not list in ``inexact`` (:meth:`disagreement`)."""
        if self.intended_strike is None:
            return None
        noise = self.noise or {}
        return {k: v + noise.get(k, 0.0) for k, v in self.intended_strike.items()}

    def disagreement(self, strike: dict | None, where: str = STORY_KEY) -> str | None:
        """What the story says that the stroke line's ``strike`` (the stroke played)
        contradicts, or ``None``: in every field of :data:`EXACT_FIELDS` that both give and
        ``inexact`` does not list, intended + noise must be the stroke played exactly (in
        floating point); the intended strike's degrees must be its radians converted
        (within :data:`ANGLE_TOLERANCE_DEG`).  Without a strike there is nothing to compare."""
        intended = self.intended_strike
        if intended is None:
            return None
        for deg, rad in zip(("phi_deg", "elevation_deg"), RADIAN_FIELDS):
            if deg in intended and rad in intended and not (
                    abs(intended[deg] - math.degrees(intended[rad])) < ANGLE_TOLERANCE_DEG):
                return (f"{where}.intended_strike.{deg} = {intended[deg]!r} disagrees with "
                        f"{where}.intended_strike.{rad} = {intended[rad]!r}")
        if strike is None:
            return None
        executed = self.executed_strike()
        for key in EXACT_FIELDS:
            if key in self.inexact or key not in intended or not isinstance(
                    strike.get(key), (int, float)):
                continue
            if executed[key] != strike[key]:
                return (f"{where}: intended_strike.{key} + noise.{key} = {executed[key]!r} is "
                        f"not the stroke played, strike.{key} = {strike[key]!r}")
        return None


    def call_disagreement(self, call: dict | None, where: str = STORY_KEY) -> str | None:
        """What the story's ``intended_call`` says that the stroke line's ``call`` contradicts,
        or ``None``: a game's line records the call the agent chose, which the story keeps as
        it was (issue 51: a call changed on a stroke that scored nothing passed while the
        story said another).  A story that names no call (a field the agent did not have is
        left out) contradicts none."""
        if self.intended_call is None or self.intended_call == call:
            return None
        return (f"{where}.intended_call = {excerpt(self.intended_call)} disagrees with the "
                f"stroke's call = {excerpt(call)}")


def story_of(stroke_extra) -> Story | None:
    """The story of a stroke line's extra fields (:attr:`engine.record.StrokeRecord.extra`),
    or ``None`` for a line without one (every record written before issue 27)."""
    obj = stroke_extra.get(STORY_KEY)
    return None if obj is None else Story.from_json(obj)
