"""A game record for the viewer: verified first (as ``pyramid analyze`` does), then stroke by
stroke with the paths of each stroke re-simulated (exact radians, as a replay does).

* :func:`record_view` -- the record's JSON Lines to a :class:`RecordView` (``to_json()``: the
  JSON of ``POST /api/record`` and of ``pyramid engine``'s ``record``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ai.games.records import simulate_stroke, strike_from_record, verified
from engine.errors import EngineError
from engine.notation import line_in_every_language
from engine.provenance import comparison_json, difference_note, header_version_differences
from engine.record import GameRecord, parse_record
from engine.story import story_of
from engine.words import LANGS
from sim import Simulator

from ..errors import UserInputError
from ..scorekeeping.render import action_text
from .simulate import Paths, sampled_paths

STRIKE_FIELDS = ("speed_mps", "phi_deg", "elevation_deg", "side", "vertical")
# a person's stroke line (russian_pyramid/scorekeeping/record.py): the typed line, the ruling and the
# actions before it, shown as they are
HUMAN_FIELDS = ("entered", "ruling", "before")


@dataclass(frozen=True)
class RecordView:
    """A verified record: its ``header`` (without the initial state, which the first stroke's
    ``state_before`` is), its ``strokes`` (each a dict: the state before it, call, stroke,
    placement, what fell, fouls, points, scores after, resting positions, paths; a person's
    stroke its typed line ``entered`` (``entered_words``: said in each language), its ``ruling`` and the actions ``before`` it
    (``before_words``: said in each language) -- its
    positions are nominal, header ``positions: "nominal"``; a stroke with a ``story`` the
    story and, with its intended strike, ``intended_paths`` and ``intended_final``), its
    ``result`` and its ``verification`` (``provenance`` compares the versions it was made
    with to the running ones: ``note`` ``{"en", "ru"}`` when they differ)."""
    header: dict
    strokes: tuple[dict, ...]
    result: dict | None
    verification: dict

    def to_json(self) -> dict:
        return {"header": self.header, "strokes": list(self.strokes), "result": self.result,
                "verification": self.verification}


def _verified(rec):
    try:  # verified before it is shown, as pyramid analyze does
        return verified(rec)
    except EngineError as exc:  # other versions may be why a stroke came to rest elsewhere
        note = difference_note(header_version_differences(rec.header), "en")
        raise UserInputError(f"record: {exc}" + ("" if note is None else f" (note: {note})")) \
            from None
    except (KeyError, ValueError, TypeError):
        raise UserInputError(f"record: header.table = {rec.header.get('table')!r} is not a "
                             f"known table") from None


@dataclass(frozen=True)
class DrawnStroke:
    """A stroke played again for drawing: its ``paths`` and where each ball came to rest
    (``final``: ``(ball, (x, y))``, None for a ball that fell)."""
    paths: Paths
    final: tuple[tuple[str, tuple[float, float] | None], ...]

    def final_json(self) -> dict:
        """``{ball: [x, y] or null}``."""
        return {b: None if p is None else list(p) for b, p in self.final}

    def to_json(self) -> dict:
        return {"paths": self.paths.to_json(), "final": self.final_json()}


def stroke_paths(simulator, state, strike_obj: dict, placement, where: str) -> DrawnStroke:
    """The paths and resting places of ``strike_obj`` (a record's strike fields) played from
    ``state`` (from hand at ``placement``), or UserInputError naming ``where``."""
    try:
        strike = strike_from_record(strike_obj)
        strike.validate(simulator.physics)
        result = simulate_stroke(simulator, state, strike, placement)
    except (ValueError, KeyError, TypeError) as exc:
        raise UserInputError(f"record: {where}: {exc}") from None
    final = tuple((b, None if p is None else (round(float(p[0]), 6), round(float(p[1]), 6)))
                  for b, p in result.final.items())
    return DrawnStroke(sampled_paths(simulator, result), final)


def _story(k: int, s, simulator) -> dict | None:
    """The stroke's story (engine/story.py) as the viewer shows it: the story's JSON and,
    when it has the intended strike, that strike's paths and resting places (the stroke as
    meant, without the execution noise)."""
    try:
        story = story_of(s.extra)
    except EngineError as exc:
        raise UserInputError(f"record: stroke {k}: {exc}") from None
    if story is None:
        return None
    out = {"story": story.to_json()}
    if story.intended_strike is not None:
        drawn = stroke_paths(simulator, s.state_before, story.intended_strike, s.placement,
                             f"stroke {k}: story.intended_strike")
        out.update(intended_paths=drawn.paths.to_json(), intended_final=drawn.final_json())
    return out


def _stroke(k: int, s, simulator) -> dict:
    """Stroke ``k`` (from 1) of the record for the viewer, its paths re-simulated."""
    paths = {}
    if s.strike is not None:
        paths = stroke_paths(simulator, s.state_before, s.strike, s.placement,
                             f"stroke {k}: strike").paths.to_json()
    extra = {key: s.extra[key] for key in HUMAN_FIELDS if key in s.extra}
    if isinstance(extra.get("entered"), str):  # the typed line in each page's words (issue 54)
        extra["entered_words"] = line_in_every_language(extra["entered"])
    if isinstance(extra.get("before"), list):  # the actions before it (an undo: the line taken
        # back, issue 54), as the session said them, in each page's words
        extra["before_words"] = {lang: [action_text(a, lang) for a in extra["before"]]
                                 for lang in LANGS}
    outcome = s.outcome.to_json()  # the line's outcome as written
    story = _story(k, s, simulator)
    if story is not None:
        extra.update(story)
    return {
        "stroke": k, "player": s.player, "state_before": s.state_before.to_json(),
        "call": None if s.call is None else s.call.to_json(),
        "strike": None if s.strike is None else {
            key: value for key, value in s.strike.to_json().items() if key in STRIKE_FIELDS},
        "placement": None if s.placement is None else list(s.placement),
        "pocketed": outcome.get("pocketed", []),
        "final": outcome.get("final", {}),
        "first_contact": outcome.get("first_contact"),
        "fouls": list(s.fouls), "points": list(s.points),
        "scores_after": list(s.scores_after), "facts": list(s.facts), "paths": paths, **extra}


def record_view(text: str) -> RecordView:
    """A game record (JSON Lines, ``pyramid play --record``) for the viewer, or
    UserInputError: empty, malformed, or not verified (naming the stroke)."""
    if not isinstance(text, str) or not text.strip():
        raise UserInputError("the record is empty: give the JSON Lines of pyramid play --record")
    try:
        rec = parse_record(text)  # split at "\n" only (engine.record.record_lines)
    except EngineError as exc:
        raise UserInputError(f"record: {exc}") from None
    return record_view_of(rec)


def record_view_of(rec: GameRecord) -> RecordView:
    """A parsed record for the viewer (see :func:`record_view`)."""
    return view_and_simulator(rec)[0]


def view_and_simulator(rec: GameRecord) -> tuple[RecordView, Simulator]:
    """(the record's :class:`RecordView`, the simulator it was verified with: its table and
    physics)."""
    checked = _verified(rec)
    strokes = tuple(_stroke(k, s, checked.simulator) for k, s in enumerate(rec.strokes, start=1))
    return RecordView(
        header={k: v for k, v in rec.header.items() if k != "initial_state"},
        strokes=strokes, result=rec.result,
        verification=dict(checked.check.to_json(), same_physics=checked.same_physics,
                          provenance=comparison_json(rec.header))), checked.simulator
