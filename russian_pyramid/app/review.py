"""A game's review: the record as the viewer shows it (:mod:`russian_pyramid.app.record_view`) with
the analysis of ``pyramid analyze --json`` laid over it, stroke by stroke (issue 27 item 3).

* :func:`review_document` -- a parsed record and an analysis document (or None) to a
  :class:`ReviewDocument`: every analysed stroke gets its analysis row (as ``pyramid analyze
  --json`` wrote it), the better stroke's paths and resting places -- simulated here, from the
  stroke's position with the better stroke's strike and placement, noise-free, as the record
  view simulates the stroke played -- and the :class:`StrokeDifference` between the two.
  The board (``POST /api/review``) and ``pyramid analyze --html`` show the same document.
* :func:`review_request` -- ``POST /api/review``'s and the engine's body ``{"record": "<JSON
  Lines>", "analysis": ... or null}`` checked, parsed and reviewed (:func:`review_document`);
* :func:`difference` -- what the better stroke changes: the placement, the strike, the call.

An analysis of another record is refused: each row's stroke played (call, strike, placement)
must be the record's.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ai.agent import DecisionKind
from ai.games.analysis import BLUNDER_MARK, INACCURACY_MARK, MISTAKE_MARK, SAME_PLACE_M
from ai.noise import NoiseModel
from ai.speed_scale import level_of
from engine.errors import EngineError, excerpt
from engine.record import GameRecord, parse_record

from ..errors import UserInputError
from .analysis_doc import check_analysis
from .record_view import RecordView, stroke_paths, view_and_simulator

# Two strokes are "the same" in a strike field when they differ by less than one standard
# deviation of a strong player's execution noise (ai.noise.NoiseModel(), the analysis's
# default --skill): 0.125 deg of aim, 0.075 m/s, 0.1 deg of elevation, 0.5 mm of tip offset.
# A smaller difference is what the stroke played would have been anyway, played again.
_NOISE = NoiseModel()
SAME_WITHIN = {"speed_mps": _NOISE.sigma_speed_mps,
               "phi_deg": math.degrees(_NOISE.sigma_phi_rad),
               "elevation_deg": math.degrees(_NOISE.sigma_elevation_rad),
               "side": _NOISE.sigma_offset, "vertical": _NOISE.sigma_offset}
CALL_KEYS = ("ball", "pocket", "manner", "via")
# the marks an analysis gives a stroke (ai.games.analysis.mark_for; "": none); any other
# text is refused, never passed on to a page (issue 51: a mark was HTML the page ran)
MARKS = ("", INACCURACY_MARK, MISTAKE_MARK, BLUNDER_MARK)
REVIEW_FIELDS = ("record", "analysis")  # a review request's body


@dataclass(frozen=True)
class StrokeDifference:
    """What the better stroke changes against the one played, in the order a player reads it:
    ``aspects`` ("placement", "strike", "call"; empty: the same stroke within a strong
    player's execution noise); ``placement_m`` (how far the cue ball is set down from the
    played place, both from hand), ``strike`` (each strike field that differs by more than
    :data:`SAME_WITHIN`: field, played, better), the speed levels 1-10 (played, better) and
    whether the call (or the kind: a tush, a deliberate foul) differs."""

    aspects: tuple[str, ...]
    placement_m: float | None
    strike: tuple[tuple[str, float, float], ...]
    levels: tuple[int, int] | None
    call: bool

    def to_json(self) -> dict:
        return {"aspects": list(self.aspects),
                "placement_m": None if self.placement_m is None else round(self.placement_m, 4),
                "strike": [{"field": f, "played": round(a, 4), "better": round(b, 4)}
                           for f, a, b in self.strike],
                "levels": None if self.levels is None else list(self.levels),
                "call": self.call}


def _same_call(a: dict | None, b: dict | None) -> bool:
    if a is None or b is None:
        return a is b
    return all((a.get(k) or None) == (b.get(k) or None) for k in CALL_KEYS)


def difference(played: dict, best: dict) -> StrokeDifference:
    """The difference of the better stroke ``best`` (an analysis row's ``best``) from the
    stroke ``played`` (its ``played``)."""
    aspects = []
    pa, pb = played.get("placement"), best.get("placement")
    placement_m = None
    if pa is not None and pb is not None:
        placement_m = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
        if placement_m >= SAME_PLACE_M:
            aspects.append("placement")
    sa, sb = played.get("strike"), best.get("strike")
    fields, levels = [], None
    if sa is not None and sb is not None:
        for f, tol in SAME_WITHIN.items():
            a, b = float(sa.get(f, 0.0)), float(sb.get(f, 0.0))
            if f == "phi_deg":  # the nearer way round
                b = a + (b - a + 180.0) % 360.0 - 180.0
            if abs(b - a) > tol:
                fields.append((f, a, b))
        levels = (level_of(float(sa["speed_mps"])), level_of(float(sb["speed_mps"])))
        if fields:
            aspects.append("strike")
    elif (sa is None) != (sb is None):
        aspects.append("strike")
    call = not _same_call(played.get("call"), best.get("call")) or (
        best.get("kind") == DecisionKind.DELIBERATE_FOUL) or ((sa is None) != (sb is None))
    if call:
        aspects.append("call")
    return StrokeDifference(tuple(aspects), placement_m, tuple(fields), levels, call)


@dataclass(frozen=True)
class ReviewDocument:
    """The record view and, per stroke, its analysis (None: not analysed) with the better
    stroke drawn (``better``: ``paths``, ``final``), the ``difference`` and ``execution``
    (true: the loss is the execution's, the row then has no mark); ``analysis`` the
    analysis's own facts (agent, samples, thresholds, summary) or None."""

    view: RecordView
    rows: tuple[dict | None, ...]
    analysis: dict | None

    def to_json(self) -> dict:
        out = self.view.to_json()
        out["strokes"] = [dict(s, analysis=row) for s, row in zip(out["strokes"], self.rows)]
        out["analysis"] = self.analysis
        return out


def _check_row(row, n: int) -> int:
    if not isinstance(row, dict):
        raise UserInputError(f"analysis: strokes: {row!r} must be an object")
    k = row.get("stroke")
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= n:
        raise UserInputError(f"analysis: stroke = {k!r} must be a stroke of the record (1..{n})")
    for key in ("played", "p_win_played", "loss", "mark"):
        if key not in row:
            raise UserInputError(f"analysis: stroke {k}: {key} is missing "
                                 "(pyramid analyze --json)")
    if not isinstance(row["mark"], str) or row["mark"] not in MARKS:
        raise UserInputError(f"analysis: stroke {k}: mark = {excerpt(row['mark'])} must be "
                             f"one of {', '.join(repr(m) for m in MARKS)}", field="mark")
    return k


def _same_played(stroke, played) -> bool:
    if not isinstance(played, dict):
        return False
    strike = played.get("strike")
    if (strike is None) != (stroke.strike is None):
        return False
    if strike is not None and any(strike.get(f) != getattr(stroke.strike, f)
                                  for f in ("speed_mps", "phi_deg", "side", "vertical")):
        return False
    place = None if stroke.placement is None else list(stroke.placement)
    call = None if stroke.call is None else stroke.call.to_json()
    return _same_call(played.get("call"), call) and played.get("placement") == place


def review_document(rec: GameRecord, analysis: dict | None) -> ReviewDocument:
    """The review of ``rec`` (verified, or UserInputError) with ``analysis`` (``pyramid
    analyze --json``'s document, or None); an analysis of another record, or malformed, is
    UserInputError naming the stroke and the field."""
    view, simulator = view_and_simulator(rec)
    n = len(rec.strokes)
    rows: list[dict | None] = [None] * n
    meta = None
    if analysis is not None:
        if not isinstance(analysis, dict) or not isinstance(analysis.get("strokes"), list):
            raise UserInputError('analysis: no "strokes" list: give pyramid analyze --json\'s '
                                 "output")
        check_analysis(analysis)  # every field, before any reaches the page
        meta = {k: analysis.get(k) for k in ("agent", "samples", "thresholds", "summary")}
        for row in analysis["strokes"]:
            k = _check_row(row, n)
            s = rec.strokes[k - 1]
            if not _same_played(s, row["played"]):
                raise UserInputError(f"analysis: stroke {k}: the stroke played is not the "
                                     "record's: the analysis is of another record")
            rows[k - 1] = _with_better(dict(row), s, simulator, k)
    return ReviewDocument(view, tuple(rows), meta)


def _with_better(row: dict, stroke, simulator, k: int) -> dict:
    best = row.get("best")
    row["execution"] = bool(row.get("execution"))
    if best is None:
        return row
    if not isinstance(best, dict):
        raise UserInputError(f"analysis: stroke {k}: best = {best!r} must be an object or null")
    diff = difference(row["played"], best)
    row["difference"] = diff.to_json()
    # the better stroke is the one played within a strong player's execution noise (the
    # difference names no aspect: "the same stroke"), or the analysis found it the same
    # choice within the noise it valued with: the loss is the execution's, not a wrong
    # choice's (issue 54 item 6) -- also for an analysis written before it said so
    if row["execution"] or (row["mark"] and not diff.aspects):
        row["execution"], row["mark"] = True, ""
    if best.get("strike") is not None:
        place = best.get("placement")
        row["better"] = stroke_paths(simulator, stroke.state_before, best["strike"],
                                     None if place is None else tuple(place),
                                     f"analysis: stroke {k}: best.strike").to_json()
    return row


def review_request(doc) -> ReviewDocument:
    """A review request's body ``{"record": "<JSON Lines>", "analysis": {...} or null}`` (no
    other field) to the review of that record with that analysis; bad ones: UserInputError
    naming the field."""
    if not isinstance(doc, dict) or not isinstance(doc.get("record"), str):
        raise UserInputError('review: "record" must be the record\'s JSON Lines as a string')
    unknown = [k for k in doc if k not in REVIEW_FIELDS]
    if unknown:
        raise UserInputError(f"review: unknown field {excerpt(unknown[0])}; it takes "
                             f"{', '.join(REVIEW_FIELDS)}", field=unknown[0][:100])
    text = doc["record"]
    if not text.strip():
        raise UserInputError("review: the record is empty: give the JSON Lines of pyramid play "
                             "--record")
    try:
        rec = parse_record(text)
    except EngineError as exc:
        raise UserInputError(f"record: {exc}") from None
    return review_document(rec, doc.get("analysis"))
