"""The analysis board's JSON API as plain functions over the application layer
(:mod:`russian_pyramid.app`; its operations, :mod:`russian_pyramid.app.operations`, are what the
server routes, :mod:`russian_pyramid.board.server`): each takes a request's JSON (and query
parameters) and returns the answer's JSON, for scripts and tests in this process.  Bad input
raises :class:`russian_pyramid.errors.UserInputError` with the same field-naming message as the
command line; the server answers it with HTTP 422.

* :func:`check` -- a position or a game state: ok, or the error (:func:`russian_pyramid.app.position.check`);
* :func:`simulate` -- ``pyramid simulate``'s answer plus sampled paths and motion frames, or a
  few noisy plays of the same stroke (:func:`russian_pyramid.app.simulate.simulate`);
* :func:`suggest_options`, :func:`suggest` -- ``pyramid suggest --json`` with each
  suggestion's paths and instructions in both languages, and how it was searched (runs in the
  AI worker process, :mod:`russian_pyramid.board.worker`; :func:`russian_pyramid.app.suggest.suggest_answer`);
* :func:`record` -- a game record stroke by stroke, with paths, verified first
  (:func:`russian_pyramid.app.record_view.record_view`);
* :func:`review` -- a game record with the analysis of ``pyramid analyze --json`` laid over
  it, the better strokes drawn (:func:`russian_pyramid.app.review.review_document`);
* :func:`match_start` -- the Match tab's start form checked (:mod:`russian_pyramid.app.match_start`);
* :func:`photo` -- a photo of the table (the image file's bytes) to the position in it, settled
  so the simulator accepts it (:func:`russian_pyramid.app.photo.photo_answer`); a photo that is no
  image or too large gets its own status (:data:`PHOTO_STATUS`);
* :func:`answer_json` -- an operation's typed answer as JSON (the board's edge);
* :func:`parse_json_body` -- a request body as JSON.

The table's geometry (``GET /api/table``) is :func:`russian_pyramid.app.table.table_info`; the limits
are in :mod:`russian_pyramid.app.limits` (``MAX_BODY_BYTES``, ``TIME_BUDGET_SAMPLES``, ... re-exported
here for the tests and tools that read them from this module).
"""
from __future__ import annotations

from typing import Callable, Mapping

from engine import jsonin

from ..app import limits
from ..app.limits import MAX_BODY_BYTES, TIME_BUDGET_SAMPLES  # noqa: F401 - re-exported
from ..app.match_start import PAIR_ORDERS, match_start  # noqa: F401 - re-exported
from ..app.operations import OPERATIONS, Answer
from ..app.options import PhotoOptions, SimulateOptions, SuggestOptions
from ..app.position import check as check_document
from ..app.review import REVIEW_FIELDS  # noqa: F401 - re-exported
from ..errors import UserInputError
from ..photo.imaging import MAX_FILE_BYTES

MAX_PHOTO_BYTES = MAX_FILE_BYTES  # a photo's body: the photo reader's own limit (64 MiB)
# the photo reader's refusals (UserInputError's ``reason``) whose HTTP status is not 422
PHOTO_STATUS = {"not-an-image": 415, "file-too-large": 413, "image-too-large": 413}
PHOTO_PARAMS = frozenset(PhotoOptions.PARAMS)


def answer_json(run: Callable[[object, object], Answer], body, options) -> dict:
    """``run(body, options)``'s typed answer as JSON: the edge (in the AI process for a
    suggestion, so that what crosses back is JSON)."""
    return run(body, options).to_json()


def check(doc, state: bool = False) -> dict:
    """``{"ok": true, "kind": "position" or "state", "notes": [...]}`` for the position or game
    state ``doc`` (any body counts as a state when ``state``), or UserInputError."""
    return check_document(doc, state).to_json()


def simulate(doc, params: Mapping | None = None) -> dict:
    """``pyramid simulate``'s JSON answer plus ``paths`` and ``motion``; with ``params["noise"]``
    (and ``runs``, ``seed``) ``{"noise", "seed", "runs": [...]}`` (docs/BOARD.md)."""
    return answer_json(OPERATIONS["simulate"].run, doc, SimulateOptions.from_params(params))


def suggest_options(params: Mapping) -> SuggestOptions:
    """The query parameters of ``POST /api/suggest``, checked (bad ones: UserInputError)."""
    return SuggestOptions.from_params(params)


def suggest(doc, options: SuggestOptions) -> dict:
    """``{"suggestions", "to_move", "budget", "elapsed_s"}`` for the game state ``doc`` (read
    once, then searched: in this process)."""
    return OPERATIONS["suggest"].answer(doc, options).to_json()


def record(text: str) -> dict:
    """A game record (JSON Lines) for the viewer, verified, stroke by stroke with paths."""
    return answer_json(OPERATIONS["record"].run, text, None)


def review(doc) -> dict:
    """``{"record": "<JSON Lines>", "analysis": {...} or null}``: the record for the viewer
    with each analysed stroke's analysis, the better stroke's paths and the difference."""
    return answer_json(OPERATIONS["review"].run, doc, None)


def photo(data: bytes, params: Mapping | None = None) -> dict:
    """The position in a photo of the table: ``data`` the JPEG or PNG file's bytes; query
    parameters ``table`` (a preset), ``corners`` (``X1,Y1,...,X4,Y4``: the playing area's
    corners in the photo, NR, FR, FL, NL), ``refine`` (``1``: the corners are a finger's
    taps, the outline is looked for near them; ``0``, the default: taken as they are),
    ``table_size`` (``L,W`` in metres) and ``ball_diameter`` (``57.15mm``): another table's
    size than the preset's."""
    params = dict(params or {})
    unknown = sorted(set(params) - PHOTO_PARAMS)
    if unknown:
        raise UserInputError(f"photo: unknown parameter {unknown[0]!r}; "
                             f"accepted: {', '.join(sorted(PHOTO_PARAMS))}", field=unknown[0])
    if not data:
        raise UserInputError("photo: the body is empty: send the photo's JPEG or PNG file",
                             reason="not-an-image")
    return answer_json(OPERATIONS["photo"].run, data, PhotoOptions.from_params(params))


def parse_json_body(raw: bytes):
    """A request body as JSON, or UserInputError saying where it is malformed."""
    try:
        return jsonin.loads(raw, source="the body", max_bytes=limits.MAX_BODY_BYTES)
    except jsonin.JsonInputError as exc:
        raise UserInputError(str(exc)) from None
