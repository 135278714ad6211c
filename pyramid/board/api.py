"""The analysis board's JSON API as plain functions (the server in :mod:`pyramid.board.server`
only routes HTTP to them).  Bad input raises :class:`pyramid.errors.UserInputError` with the
same field-naming message as the command line; the server answers it with HTTP 422.

* :func:`table_info` -- the table's geometry for drawing (cloth outline, holes, diamonds) and
  for the page's own instant position check (cushion segments, jaw roundings, capture lines);
  the rack and the opening state.
* :func:`check` -- a position or a game state: ok, or the error.
* :func:`simulate` -- ``pyramid simulate``'s answer plus sampled paths and motion frames, or a
  few noisy plays of the same stroke.
* :func:`suggest` -- ``pyramid suggest --json`` with each suggestion's paths and instructions in
  both languages, and how it was searched (runs in the AI worker process,
  :mod:`pyramid.board.worker`): by default a sample budget and a seed drawn from the position,
  the same advice for the same position and settings; a time budget only when asked for.
* :func:`record` -- a game record (``pyramid play --record``) stroke by stroke, with paths,
  verified first; ``verification.provenance`` compares the versions it was made with to the
  running ones (``note``: ``{"en", "ru"}`` when they differ).
* :func:`match_start` -- the Match tab's start form checked: the handicap (R13, the engine's
  format and message), the pair order (R12.2, pair variants only) and the breaker (a side of
  the variant), before :class:`pyramid.board.match.MatchDesk` starts the session.
"""
from __future__ import annotations

import copy
import functools
import math
import re

import numpy as np

from engine import jsonin
from engine.errors import excerpt
from engine.provenance import comparison_json, difference_note, header_version_differences
from sim.table import DEFAULT_TABLE

from ..errors import UserInputError

MAX_RUNS = 20  # noisy plays of one stroke per request
MAX_SEED = 2 ** 32 - 1  # a request's seed (a position's own seed lies in the same range)
MAX_TIME_BUDGET_S = 120.0  # a suggestion against the clock, asked for explicitly
TIME_BUDGET_SAMPLES = 100_000  # its sample budget unless one is given: the clock stops it
MAX_BODY_BYTES = 16 * 1024 * 1024  # a request body: a game record of a long match is < 2 MB
FRAME_DT_S = 1.0 / 50  # motion frames for animation
# the limits of one POST /api/simulate (and ``pyramid engine``'s simulate), each refused with
# a UserInputError (HTTP 422) naming it -- never cut short: a legal but extreme physics (a
# friction of 1e-9) would otherwise keep the balls rolling for hours and the answer's paths
# and frames would cost seconds and tens of megabytes
MAX_SIMULATED_S = 120.0  # simulated time until the last ball stops: a 12 m/s stroke is < 45 s
MAX_EVENTS = 5000  # the simulator's event cap for one stroke (a break has a few hundred)
MAX_ANSWER_BYTES = 8 * 1024 * 1024  # the answer's JSON, estimated before paths are drawn
POINT_BYTES = 20  # an [x, y] of the paths or frames in the answer's JSON, at most


def _r(x: float) -> float:
    return round(float(x), 5)


def _pts(arr) -> list:
    return [[_r(x), _r(y)] for x, y in np.asarray(arr, float).reshape(-1, 2)]


@functools.lru_cache(maxsize=8)
def table_info(name: str = DEFAULT_TABLE) -> dict:
    """Everything the page needs to draw ``name`` to scale and to check a ball's place the way
    the simulator does (:meth:`sim.Simulator.check_position`)."""
    from engine import initial_state
    from sim.table import POCKET_IDS, POSITION_TOLERANCE_M, PRESETS, UnknownTableError, table_by_name
    from ..diagrams import RAIL_M, RUBBER_M, _cloth_outline, _hole, _hole_centre
    try:
        spec = table_by_name(name)
    except UnknownTableError as exc:
        raise UserInputError(str(exc)) from None
    g = spec.geometry
    L, W = spec.length_m, spec.width_m
    diamonds = [[L * k / 8, y] for k in range(1, 8) if k != 4 for y in (0.0, W)]
    diamonds += [[x, W * k / 4] for k in range(1, 4) for x in (0.0, L)]
    state = initial_state(table=name)
    return {
        "name": name, "length_m": L, "width_m": W, "ball_radius_m": spec.ball_radius_m,
        "rail_m": RAIL_M, "rubber_m": RUBBER_M, "tolerance_m": POSITION_TOLERANCE_M,
        "house_line_x": spec.house_line_x,
        "spots": [list(spec.first_spot), list(spec.centre_spot), list(spec.third_spot)],
        "pockets": {pid: {"position": list(spec.pocket_position(pid)),
                          "mouth": _pts(g.mouth_centres[k])[0],
                          "axis": _pts(g.pocket_axes[k])[0],
                          "hole": _pts(_hole(spec, pid)),
                          "hole_centre": _pts(_hole_centre(spec, pid))[0]}
                    for k, pid in enumerate(POCKET_IDS)},
        "outline": _pts(_cloth_outline(spec)),
        "diamonds": diamonds,
        # for the page's instant check, the same data as sim.table.TableGeometry.ball_fits
        "segments": _pts(g.segments.reshape(-1, 2)),
        "segment_normals": _pts(g.segment_normals),
        "circles": [[_r(c) for c in row] for row in g.circles],
        "capture_lines": [[_r(c) for c in row] for row in g.capture_lines],
        "jaw_faces_by_pocket": g.jaw_faces_by_pocket.tolist(),
        "initial_state": state.to_json(),
        "tables": list(PRESETS),
    }


def _is_state(doc: dict) -> bool:
    return "scores" in doc or "to_move" in doc


def check(doc, state: bool = False) -> dict:
    """A position (``{"table", "balls", "cue_in_hand"}``) or a game state (one with
    ``scores`` or ``to_move``, or any body when ``state``): ``{"ok": true, "kind": "position"
    or "state", "notes": [...]}`` (notes: what a state's adjustment says; a state whose points
    do not add up without one is refused, R1), or :class:`UserInputError` naming the field and
    value."""
    from engine import GameState
    from engine.errors import EngineError
    from sim import SimInputError, parse_balls, shared_simulator
    from ..commands.simulate import check_shapes, table_of
    if not isinstance(doc, dict):
        raise UserInputError(f"the body must be a JSON object (a position or a game state), "
                             f"got {type(doc).__name__}")
    table = table_of(doc)
    if "balls" not in doc:
        raise UserInputError("balls is missing")
    cue_in_hand = doc.get("cue_in_hand", False)
    if not isinstance(cue_in_hand, bool):
        raise UserInputError(f"cue_in_hand must be true or false, got {excerpt(cue_in_hand)}")
    check_shapes({"balls": doc["balls"]})
    simulator = shared_simulator(table)
    try:
        balls = parse_balls(doc["balls"])
        if cue_in_hand:
            balls.pop("cue", None)
        simulator.check_position(balls)
    except SimInputError as exc:
        raise UserInputError(str(exc)) from None
    notes = []
    kind = "position"
    if state or _is_state(doc):
        kind = "state"
        try:
            game = GameState.from_json(doc)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        notes += score_notes(game)
    return {"ok": True, "kind": kind, "notes": notes}


def score_notes(state) -> list[str]:
    """What a state's ``adjustment`` says when its points do not add up by the rules alone
    (R1.2: every point scored is a ball off the table, plus the last ball's 10; penalties move
    points between players).  A state that does not add up without one never gets here:
    ``GameState.from_json`` refuses it naming the numbers (engine/accounting.py)."""
    adj = state.adjustment
    if adj is None:
        return []
    aside = f"; balls {', '.join(adj.balls)} put aside" if adj.balls else ""
    return [f"the scores do not add up by the rules alone: adjustment {adj.points:+d} points"
            f"{aside} ({adj.reason})"]


_INT_TEXT = re.compile(r"[+-]?[0-9]{1,20}", re.ASCII)
_FLOAT_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?", re.ASCII)


def _num_arg(params, key, cast, default, lo=None, hi=None):
    """An option typed strictly: for ``cast`` int an integer (a JSON integer, or a query
    string's digits), never true/false, 2.9 or 2.0; for float a number (or a query string's
    decimal number), never true/false; else :class:`UserInputError` naming it."""
    raw = params.get(key)
    if raw is None or raw == "":
        return default
    kind = "an integer" if cast is int else "a number"
    if isinstance(raw, str):  # a query string's value (GET/POST ?top=3)
        text = raw.strip()
        if not (_INT_TEXT if cast is int else _FLOAT_TEXT).fullmatch(text):
            raise UserInputError(f"{key} = {excerpt(raw)} must be {kind}")
        v = cast(text)
    elif isinstance(raw, bool) or not isinstance(raw, (int, float)) \
            or (cast is int and not isinstance(raw, int)):
        raise UserInputError(f"{key} = {excerpt(raw)} must be {kind}")
    else:
        v = cast(raw)
    if isinstance(v, float) and not math.isfinite(v):
        raise UserInputError(f"{key} = {excerpt(raw)} must be finite")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise UserInputError(f"{key} = {excerpt(raw)} must lie in [{lo}, {hi}]")
    return v


def motion_frames(simulator, result, dt: float = FRAME_DT_S) -> dict:
    """Every ball's centre every ``dt`` seconds from the simulator's motion segments (exact
    closed-form motion between events, :func:`sim.trajectory.states_at`); ``null`` once a
    ball has fallen.  For animating a stroke at its real speed."""
    from sim import layout
    from sim.events import BALL_IDS
    from sim.physics.motion import evolve
    seg = result.segments
    if seg is None or not len(seg):
        return {"dt": dt, "n": 0, "balls": {}}
    n = int(math.ceil(result.duration_s / dt)) + 1
    times = np.arange(n) * dt
    out = {}
    for ball in np.unique(seg[:, layout.SEG_BALL]).astype(int):
        rows = seg[seg[:, layout.SEG_BALL] == ball]
        idx = np.maximum(np.searchsorted(rows[:, layout.SEG_T], times, side="right") - 1, 0)
        track = []
        for t, k in zip(times, idx):
            row = rows[k]
            state = int(row[layout.SEG_STATE])
            if state == layout.POCKETED:
                track.append(None)
                continue
            r = evolve(state, row[layout.SEG_RX], row[layout.SEG_RY], row[layout.SEG_VX],
                       row[layout.SEG_VY], row[layout.SEG_WX], row[layout.SEG_WY],
                       row[layout.SEG_WZ], max(0.0, t - row[layout.SEG_T]), simulator.params)
            track.append([_r(r[0]), _r(r[1])])
        out[BALL_IDS[ball]] = track
    return {"dt": dt, "n": n, "balls": out}


def simulate(doc, params=None) -> dict:
    """``pyramid simulate``'s JSON answer plus ``paths`` (each moving ball's sampled centre
    path) and ``motion`` (frames for animation).  With ``params["noise"]`` (a skill name or
    magnitude), ``runs`` (default 5) and ``seed`` (default 0): the stroke played ``runs``
    times with that execution noise, ``{"runs": [{"strike", "pocketed", "final",
    "first_contact", "paths"}, ...], "noise": ...}``.

    Limits (UserInputError naming the limit, before the paths are drawn): every stroke stops
    within :data:`MAX_SIMULATED_S` of simulated time and :data:`MAX_EVENTS` events (the
    simulator's own cap, ``Simulator.max_events``), and the answer is at most
    :data:`MAX_ANSWER_BYTES`."""
    from ..commands import _common as C
    from ..commands.simulate import parse_shot
    from ..commands.suggest import sampled_paths
    params = params or {}
    simulator, balls, strike, watch = parse_shot(doc)
    simulator = _capped(simulator)
    noise = params.get("noise")
    if not noise:
        result = simulator.simulate(balls, strike, watch_house_line=watch, check=False)
        _check_limits([result], frames=True)
        out = result.to_json()
        out["paths"] = sampled_paths(simulator, result)
        out["motion"] = motion_frames(simulator, result)
        return out
    model = C.noise_model(str(noise), "noise")
    runs = _num_arg(params, "runs", int, 5, 1, MAX_RUNS)
    seed = _num_arg(params, "seed", int, 0, 0, 2 ** 32 - 1)
    rng = np.random.default_rng(seed)
    played, results = [], []
    for k in range(runs):
        played.append(model.perturb(strike, rng, simulator.physics.miscue_offset))
        try:
            results.append(simulator.simulate(balls, played[-1], watch_house_line=watch,
                                              check=False))
        except ValueError as exc:  # sim.SimInputError: the noise took the stroke too far
            raise UserInputError(f"run {k + 1} as played with noise {excerpt(noise)}: {exc}; "
                                 f"take a gentler stroke or less noise") from None
    _check_limits(results, frames=False)
    out = []
    for one_strike, result in zip(played, results):
        one = result.to_json()
        out.append({"strike": one_strike.to_json(), "pocketed": one["pocketed"],
                    "final": one["final"], "first_contact": one["first_contact"],
                    "paths": sampled_paths(simulator, result)})
    return {"noise": str(noise), "seed": seed, "runs": out}


def _capped(simulator):
    """``simulator`` with its event cap lowered to :data:`MAX_EVENTS` (a shallow copy: the
    shared simulator is left as it is)."""
    if simulator.max_events <= MAX_EVENTS:
        return simulator
    capped = copy.copy(simulator)
    capped.max_events = MAX_EVENTS
    return capped


def _check_limits(results, frames: bool) -> None:
    """Refuse strokes beyond :data:`MAX_SIMULATED_S` or :data:`MAX_EVENTS`, and an answer
    whose paths (and motion frames) would exceed :data:`MAX_ANSWER_BYTES`: estimated from
    each stroke's duration and moving balls before any is drawn."""
    size = 0
    for k, result in enumerate(results):
        which = "the stroke" if len(results) == 1 else f"run {k + 1}"
        if result.truncated:
            raise UserInputError(f"{which} reached the limit of {MAX_EVENTS} simulator events "
                                 f"(MAX_EVENTS) before the balls stopped; check the physics")
        if result.duration_s > MAX_SIMULATED_S:
            raise UserInputError(f"{which}'s balls roll for {result.duration_s:.1f} s of "
                                 f"simulated time: at most {MAX_SIMULATED_S:g} s answered "
                                 f"(MAX_SIMULATED_S); check the physics (its frictions)")
        balls = len(result.final)  # at most the balls on the table move
        per_ball = result.duration_s / 0.02 + 2 + len(result.events) * 2  # paths: samples
        if frames:
            per_ball += result.duration_s / FRAME_DT_S + 1  # motion: a frame every dt
        points = balls * per_ball
        size += int(points * POINT_BYTES) + 200 * (len(result.events) + len(result.final))
    if size > MAX_ANSWER_BYTES:
        raise UserInputError(f"the answer would be about {size / 2 ** 20:.1f} MB: at most "
                             f"{MAX_ANSWER_BYTES // 2 ** 20} MB (MAX_ANSWER_BYTES); ask for "
                             f"fewer runs")


def suggest_options(params) -> dict:
    """The query parameters of ``POST /api/suggest`` (and ``pyramid engine``'s ``suggest``
    options), checked (bad ones: UserInputError).  By default the search is bounded by
    samples (``pyramid suggest``'s :data:`~pyramid.commands.suggest.DEFAULT_BUDGET`) with a
    seed drawn from the position, so the same position and settings get the same advice;
    ``time_budget`` (seconds) bounds it by the clock as well, only when asked for, with a
    sample budget of :data:`TIME_BUDGET_SAMPLES` unless ``budget`` is given too."""
    from ai.words import LANGS
    from ai.noise import SKILLS
    from ..commands.suggest import DEFAULT_BUDGET, MAX_BUDGET
    skill = params.get("skill") or "strong"
    if skill not in SKILLS:
        skill = _num_arg(params, "skill", float, 1.0, 0.0, 100.0)
    lang = params.get("lang") or "en"
    if lang not in LANGS:
        raise UserInputError(f"lang = {excerpt(lang)} must be one of {', '.join(LANGS)}")
    time_budget = _num_arg(params, "time_budget", float, None, 0.1, MAX_TIME_BUDGET_S)
    samples = DEFAULT_BUDGET if time_budget is None else TIME_BUDGET_SAMPLES
    return {"top": _num_arg(params, "top", int, 3, 1, 10),
            "skill": skill,
            "time_budget": time_budget,
            "budget": _num_arg(params, "budget", int, samples, 1, MAX_BUDGET),
            "seed": _num_arg(params, "seed", int, None, 0, MAX_SEED),
            "lang": lang}


def suggest(doc, options: dict) -> dict:
    """``pyramid suggest --json``'s document for the game state ``doc``; each suggestion also
    carries ``paths`` (the noise-free stroke's centre paths) and ``instructions`` (``{"en",
    "ru"}``), and ``budget`` says how they were searched (``{"kind": "samples" or "time",
    "samples", "seed", "seed_from", "samples_used"}``, with ``"seconds"`` and ``"note"``
    (``{"en", "ru"}``) for a time budget).  Runs in the AI worker process."""
    import time
    from ..commands.suggest import suggest as run_suggest
    t0 = time.perf_counter()
    found = run_suggest(doc, options["top"], options["skill"], options["time_budget"],
                        options["budget"], options["seed"], options["lang"], paths=True,
                        all_langs=True)
    return {"suggestions": found.suggestions, "to_move": found.state.to_move,
            "budget": found.budget.to_json(), "elapsed_s": round(time.perf_counter() - t0, 3)}


def record(text: str) -> dict:
    """A game record (JSON Lines) for the viewer: the header, and for each stroke the state
    before it, call, stroke, placement, what fell, fouls, points, scores after, resting
    positions and the paths of the stroke re-simulated (exact radians, as a replay does)."""
    from ai.games.records import simulate_stroke, strike_from_record, verified
    from engine.errors import EngineError
    from engine.record import parse_record
    from ..commands.suggest import sampled_paths
    if not isinstance(text, str) or not text.strip():
        raise UserInputError("the record is empty: give the JSON Lines of pyramid play --record")
    try:
        rec = parse_record(text)  # split at "\n" only (engine.record.record_lines)
    except EngineError as exc:
        raise UserInputError(f"record: {exc}") from None
    try:  # verified before it is shown, as pyramid analyze does
        checked = verified(rec)
    except EngineError as exc:  # other versions may be why a stroke came to rest elsewhere
        note = difference_note(header_version_differences(rec.header), "en")
        raise UserInputError(f"record: {exc}" + ("" if note is None else f" (note: {note})")) \
            from None
    except (KeyError, ValueError, TypeError):
        raise UserInputError(f"record: header.table = {rec.header.get('table')!r} is not a "
                             f"known table") from None
    simulator = checked.simulator
    strokes = []
    for k, s in enumerate(rec.strokes, start=1):
        paths = {}
        if s.strike is not None:
            try:
                strike = strike_from_record(s.strike)
                strike.validate(simulator.physics)
                result = simulate_stroke(simulator, s.state_before, strike, s.placement)
            except (ValueError, KeyError, TypeError) as exc:
                raise UserInputError(f"record: stroke {k}: strike: {exc}") from None
            paths = sampled_paths(simulator, result)
        strokes.append({
            "stroke": k, "player": s.player, "state_before": s.state_before.to_json(),
            "call": s.call, "strike": None if s.strike is None else {
                key: s.strike[key] for key in ("speed_mps", "phi_deg", "elevation_deg", "side",
                                               "vertical") if key in s.strike},
            "placement": None if s.placement is None else list(s.placement),
            "pocketed": s.outcome.get("pocketed", []),
            "final": s.outcome.get("final", {}),
            "first_contact": s.outcome.get("first_contact"),
            "fouls": list(s.fouls), "points": list(s.points),
            "scores_after": list(s.scores_after), "facts": list(s.facts), "paths": paths})
    return {"header": {k: v for k, v in rec.header.items() if k != "initial_state"},
            "strokes": strokes, "result": rec.result,
            "verification": dict(checked.check.to_json(), same_physics=checked.same_physics,
                                 provenance=comparison_json(rec.header))}


def parse_json_body(raw: bytes):
    """A request body as JSON, or UserInputError saying where it is malformed."""
    try:
        return jsonin.loads(raw, source="the body", max_bytes=MAX_BODY_BYTES)
    except jsonin.JsonInputError as exc:
        raise UserInputError(str(exc)) from None


# --- the Match tab's start -------------------------------------------------------------------
PAIR_ORDERS = ("while-scoring", "alternate")  # R12.2 (2) and (1), engine.context


def match_start(doc):
    """The body of ``POST /api/match/start`` with its handicap, pair order and breaker checked
    and the breaker given as the name the session takes (its side's player).

    * ``handicap``: null, or R13.1's JSON as ``pyramid score --session --handicap`` takes it
      (``{"kind": "points"|"balls"|"mixed", "receiver": SIDE, "points": N, "balls": [...]}``),
      read by :func:`engine.handicap.handicap_from_json`: a wrong one is refused with the
      engine's message (what is wrong against the game -- no handicap in three-each, a receiver
      at his target, R12.2(1)'s minimum -- when the session applies it);
    * ``pair_order``: null, or ``while-scoring`` / ``alternate`` in one against a pair only;
    * ``breaker``: null (the first player: the lot's result as typed), a side index
      (``0..sides-1``) or a player's name; in one against a pair the single breaks (R12.2).

    Anything else (players, variant, games, ...) is left to the desk, which checks it."""
    from engine.errors import EngineError
    from engine.handicap import handicap_from_json
    from engine.state import ONE_VS_PAIR, THREE_EACH, TWO_PLAYER, VARIANTS
    from engine.text import check_names
    if not isinstance(doc, dict):
        return doc
    people = doc.get("players")
    if not isinstance(people, list) or not all(isinstance(p, str) for p in people):
        return doc  # the desk says what is wrong with the names
    try:  # engine.text: the session's one check of a name (one line, at most 40 characters)
        people = check_names(people, "players")
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    variant = doc.get("variant") or (TWO_PLAYER if len(people) == 2 else THREE_EACH)
    if variant not in VARIANTS or len(people) != (2 if variant == TWO_PLAYER else 3):
        return doc
    out = dict(doc)
    pair_order = doc.get("pair_order")
    if pair_order is not None:
        if pair_order not in PAIR_ORDERS:
            raise UserInputError(f"pair_order = {excerpt(pair_order)} must be while-scoring "
                                 f"or alternate (R12.2)")
        if variant != ONE_VS_PAIR:
            raise UserInputError(f"pair_order = {excerpt(pair_order)} is for the variant "
                                 f"one-vs-pair only (R12.2), not {variant}")
    handicap = doc.get("handicap")
    if handicap is not None:
        try:
            out["handicap"] = handicap_from_json(handicap).to_json()
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
    breaker = doc.get("breaker")
    if breaker is not None:
        sides = ([people[0], " & ".join(people[1:3])] if variant == ONE_VS_PAIR
                 else list(people))
        listed = ", ".join(f"{k}: {n}" for k, n in enumerate(sides))
        if isinstance(breaker, int) and not isinstance(breaker, bool):
            if not 0 <= breaker < len(sides):
                raise UserInputError(f"breaker = {breaker} is not a side of {variant} "
                                     f"({listed})")
            side = breaker
        elif isinstance(breaker, str):
            if breaker.strip() not in people:
                raise UserInputError(f"breaker = {excerpt(breaker)} is not one of the players "
                                     f"({', '.join(people)})")
            k = people.index(breaker.strip())
            side = min(k, 1) if variant == ONE_VS_PAIR else k
        else:
            raise UserInputError(f"breaker = {excerpt(breaker)} must be a side ({listed}) or "
                                 f"a player's name")
        if variant == ONE_VS_PAIR and side != 0:
            raise UserInputError(f"breaker = {excerpt(breaker)} ({sides[side]}): in one "
                                 f"against a pair the single starts (R12.2)")
        out["breaker"] = people[side]
    return out
