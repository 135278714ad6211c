"""Checking a game record before it is trusted (issue 15: a record with a stroke removed, a
score flipped or a ball moved was analysed as if valid).

:func:`verify_record` goes through a record read by :func:`engine.record.parse_record` and
refuses the first thing wrong with :class:`RecordRefused`, naming the line number:

1. the header: a known ``version``, ``players`` (one name a side), ``initial_state`` a valid
   state agreeing with ``variant``, ``call_mode``, ``target`` and ``table``, ``seed`` an
   integer or null, ``provenance`` (what made it, :mod:`engine.provenance`) well formed when
   there is one (records written before it have none), ``human`` true, false or absent,
   ``physics`` an object (its values are the simulator's to check:
   :func:`ai.games.records.verified` simulates the strokes again with them);
2. every stroke, in order: its ``player`` is the side to move; its ``state_before`` is the
   state the previous stroke left (the header's initial state for the first): a stroke
   removed, duplicated or moved, a score, shelf or ball position changed all break this
   chain; what it says of the stroke played: a person's game (``header.human``) records none
   and claims no resting places or events, a simulated game records every stroke played
   (``strike`` null only for a tush, which claims none either), and a stroke's degrees are
   its radians converted (``phi_deg``/``phi_rad``, ``elevation_deg``/``elevation_rad``,
   :data:`ANGLE_TOLERANCE_DEG`); a stroke's ``story`` (:mod:`engine.story`), when it has
   one, agrees with the stroke played (intended + noise is it, bit for bit, in the fields
   simulated: :meth:`engine.story.Story.disagreement`); the rules core rules the stroke
   again from its recorded facts (and, when a ``simulate`` callable is given, from a new
   simulation whose resting places and event log -- kinds, balls, times, places -- must be
   the recorded ones) and the points, fouls, balls counted and scores after must be the
   recorded ones;
3. the result line: present (else the file was cut short), its scores, stroke count and
   result those of the state after the last stroke (a result claimed for a game not over,
   or none for a game over, is refused), and ``unfinished``, when it has one, true exactly
   when the game is not over;
4. the seal (:mod:`engine.seal`): the result line's ``sha256`` matches the record's lines (a
   record of seal 2, what this program writes, must have it; one of seal 1, written before,
   may go without).

A journal (header ``"journal": true``: ``pyramid play --record`` killed while the game was
played, :mod:`engine.record`) has no result line yet: steps 1 and 2 check its complete
strokes, and with seal 2 every stroke line's own ``sha256`` must match the lines up to it (a
finished record relabelled as a journal, its result line dropped, has none); it is reported
interrupted (``RecordCheck.interrupted``, with the number of a torn last line the reader left
out, ``torn_line``) and unfinished.  Any other record without a result line is refused as cut
short.

A human game's record (``pyramid score --session``) may keep actions taken between strokes
-- the referee's warning (R11.8), a correction of the scores (R14.1) -- in the ``before``
list of the next stroke line, or of the result line when none follows; they are applied
(:func:`engine.special.apply_action`) to the chain of states before it is compared, and a
stroke line may say ``outcome.balls_unchanged`` (a person's word for R9.2).

Strokes without the stroke played (a person's game, or a tush) are ruled from their recorded
facts only; :class:`RecordCheck` says how many strokes had their positions re-simulated and
how many could not be, so a caller can say so.  Nothing a record says turns the simulation
off: that is the caller's ``simulate`` (:func:`ai.games.records.verified` always passes one,
of the record's physics).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from sim.events import Event

from .adjudicate import Outcome, adjudicate
from .errors import EngineError, excerpt
from .kinds import NamedFact
from .outcome import result_json
from .provenance import of_header as provenance_of_header
from .record import JOURNAL_KEY, KNOWN_RECORD_VERSIONS, GameRecord, SimulateFn, StrokeRecord
from .seal import KNOWN_SEALS, SEAL_KEY, seal_problem
from .special import apply_action
from .state import GameState
from .story import ANGLE_TOLERANCE_DEG as STORY_ANGLE_TOLERANCE_DEG, story_of
from .stroke import StrokeFacts, stroke_from_events

# Resting places of a re-simulated stroke must match the recorded ones this closely: the
# simulator is deterministic, so a replay is bit-exact; the margin only absorbs JSON's
# shortest round-trip formatting, far below a ball's width (a moved ball is millimetres off).
POSITION_TOLERANCE_M = 1e-6
# The times of a re-simulated stroke's events must match the recorded ones this closely (the
# same reasoning: bit-exact replay, a margin for another numpy's last bits).
TIME_TOLERANCE_S = 1e-6
# A stroke's degrees (shown: the viewer, analyze) must be its radians (simulated) converted:
# ``math.degrees`` of the radians is what a writer records, so only a float's rounding is let
# through, never an edit (engine.story.ANGLE_TOLERANCE_DEG: the same rule for a story's).
ANGLE_TOLERANCE_DEG = STORY_ANGLE_TOLERANCE_DEG
# a result line's stopped_by names what stopped the game (an exception's class, "SIGTERM"):
# a name, not a text (the board shows it)
MAX_STOPPED_BY_CHARS = 100


class RecordRefused(EngineError):
    """A record that fails verification; ``line`` is the line number of the fault."""

    def __init__(self, line: int, what: str):
        self.line = line
        self.what = what
        super().__init__(f"line {line}: {what}")


@dataclass(frozen=True)
class RecordCheck:
    """What :func:`verify_record` could check."""
    strokes: int
    positions_replayed: int  # strokes re-simulated, resting places compared
    positions_unverified: int  # strokes ruled from their recorded facts only
    unfinished: bool
    hash_checked: bool  # False: the result line has no sha256 (an older or hand-made record)
    # a journal without its result line: the game was interrupted while it was written
    interrupted: bool = False
    torn_line: int = 0  # the journal's torn last line (left out by the reader), or 0

    def notes(self) -> list[str]:
        out = []
        if self.interrupted:
            torn = (f"; line {self.torn_line} was torn (a partial line, the stroke in flight: "
                    f"left out)" if self.torn_line else "")
            out.append(f"the game was interrupted: the record is a journal without its "
                       f"result line (written as played, stopped before its end), its "
                       f"{self.strokes} complete stroke(s) verified{torn}")
        if self.positions_unverified:
            out.append(f"the positions of {self.positions_unverified} stroke(s) could not "
                       f"be verified, only their ruling (no stroke played recorded: a "
                       f"person's record or a tush; or no simulator to replay them)")
        if not self.hash_checked:
            out.append("the record has no integrity hash (sha256): changes made with care "
                       "to keep it consistent cannot be detected")
        if self.unfinished and not self.interrupted:
            out.append("the game is unfinished (stopped before its end)")
        return out

    def to_json(self) -> dict:
        return {"strokes": self.strokes, "positions_replayed": self.positions_replayed,
                "positions_unverified": self.positions_unverified,
                "unfinished": self.unfinished, "hash_checked": self.hash_checked,
                "interrupted": self.interrupted, "torn_line": self.torn_line,
                "notes": self.notes()}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_header(header: dict) -> GameState:
    """Step 1: the header's fields and types; returns its initial state."""
    version = header.get("version")
    if not _is_int(version) or version not in KNOWN_RECORD_VERSIONS:
        raise RecordRefused(1, f"header.version = {excerpt(version)} is not a record version "
                               f"this program reads ({', '.join(map(str, KNOWN_RECORD_VERSIONS))})")
    seal = header.get(SEAL_KEY, 1)
    if not _is_int(seal) or seal not in KNOWN_SEALS:
        raise RecordRefused(1, f"header.{SEAL_KEY} = {excerpt(seal)} is not a seal this "
                               f"program reads ({', '.join(map(str, KNOWN_SEALS))})")
    if "initial_state" not in header:
        raise RecordRefused(1, "header.initial_state is missing")
    try:
        initial = GameState.from_json(header["initial_state"])
    except EngineError as exc:
        raise RecordRefused(1, f"header.initial_state: {exc}") from None
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players) \
            or len(players) != initial.n_sides:
        raise RecordRefused(1, f"header.players = {excerpt(players)} must be {initial.n_sides} "
                               f"names (one a side of {initial.variant})")
    for key in ("variant", "call_mode", "target", "table"):
        if key in header and header[key] != getattr(initial, key):
            raise RecordRefused(1, f"header.{key} = {excerpt(header[key])} disagrees with "
                                   f"header.initial_state ({excerpt(getattr(initial, key))})")
    seed = header.get("seed")
    if seed is not None and (not _is_int(seed) or seed < 0):
        raise RecordRefused(1, f"header.seed = {excerpt(seed)} must be a non-negative "
                               f"integer or null")
    try:  # optional: records written before it have none
        provenance_of_header(header)
    except EngineError as exc:
        raise RecordRefused(1, str(exc)) from None
    human = header.get("human")
    if human is not None and not isinstance(human, bool):
        raise RecordRefused(1, f"header.human = {excerpt(human)} must be true, false or absent")
    journal = header.get(JOURNAL_KEY)
    if journal is not None and not isinstance(journal, bool):
        raise RecordRefused(1, f"header.{JOURNAL_KEY} = {excerpt(journal)} must be true, false "
                               f"or absent")
    physics = header.get("physics")
    if physics is not None and not isinstance(physics, dict):
        # its values are the simulator's to check: ai.games.records.verified
        raise RecordRefused(1, f"header.physics = {excerpt(physics)} must be an object of "
                               f"physics parameters")
    return initial


def is_human(header: dict) -> bool:
    """A person's game (``header.human``: ``pyramid score --session``, the board's Match
    tab): its strokes are described, not simulated, and it claims no resting places."""
    return header.get("human") is True


def _state_difference(recorded: GameState, expected: GameState) -> str:
    """The first field in which two states differ, in words."""
    for name in ("strokes_played", "scores", "shelves", "to_move", "cue_in_hand", "result"):
        a, b = getattr(recorded, name), getattr(expected, name)
        if name == "result":
            a, b = result_json(recorded), result_json(expected)  # written, extras too
        if a != b:
            return f"{name}: recorded {excerpt(a)}, expected {excerpt(b)}"
    balls = sorted(set(recorded.balls) | set(expected.balls), key=str)
    for ball in balls:
        a, b = recorded.balls.get(ball), expected.balls.get(ball)
        if a != b:
            return f"ball {ball}: recorded {excerpt(a)}, expected {excerpt(b)}"
    for name in recorded.__dataclass_fields__:
        if getattr(recorded, name) != getattr(expected, name):
            return f"{name}: recorded {excerpt(getattr(recorded, name))}, expected " \
                   f"{excerpt(getattr(expected, name))}"
    return "the states differ"


def recorded_facts(s: StrokeRecord) -> StrokeFacts:
    """The facts of a stroke as its line records them (events when it has them; the line's
    values were checked for shape when read, :mod:`engine.recorded`)."""
    o = s.outcome
    final = {b: None if p is None else (float(p[0]), float(p[1])) for b, p in o.final.items()}
    if o.events is not None:
        return stroke_from_events(o.events, final, call=s.call, facts=s.facts,
                                  off_table=o.off_table, placement=s.placement,
                                  state=s.state_before)
    return StrokeFacts(call=s.call, call_fulfilled=o.call_fulfilled,
                       first_contact=o.first_contact, pocketed=o.pocketed,
                       off_table=o.off_table, facts=frozenset(s.facts), final=final,
                       placement=s.placement, cue_left_house_first=o.cue_left_house_first,
                       balls_unchanged=o.balls_unchanged)


def _replayed_facts(s: StrokeRecord, simulate: SimulateFn) -> StrokeFacts:
    """Simulate the stroke played again; its resting places must be the recorded ones."""
    try:
        events, final = simulate(s.state_before, s.strike, s.placement)
    except (EngineError, ValueError, KeyError, TypeError) as exc:
        raise RecordRefused(s.line, f"the stroke cannot be simulated again: {exc}") from None
    recorded = s.outcome.final
    for b in sorted(set(recorded) | set(final), key=str):
        p, q = recorded.get(b), final.get(b)
        if (p is None) != (q is None) or (p is not None and math.dist(p, q) > POSITION_TOLERANCE_M):
            raise RecordRefused(s.line, f"ball {b} came to rest at {excerpt(q)} when the stroke "
                                        f"is simulated again, the record says {excerpt(p)}")
    facts = stroke_from_events(events, final, call=s.call, facts=s.facts,
                               off_table=s.outcome.off_table, placement=s.placement,
                               state=s.state_before)
    if s.outcome.events is not None:
        _compare_events(s.outcome.events, facts.events, s.line)
    return facts


def _compare_events(recorded: tuple[Event, ...], replayed: tuple[Event, ...], line: int) -> None:
    """The recorded event log (read and checked by :func:`recorded_facts` first) must be the
    one the stroke simulated again gives: the same events, in order, at the same times and
    places."""
    if len(recorded) != len(replayed):
        raise RecordRefused(line, f"outcome.events has {len(recorded)} event(s), the stroke "
                                  f"simulated again gives {len(replayed)}")
    for i, (rec, ev) in enumerate(zip(recorded, replayed)):
        raw = rec.to_json()
        where = f"outcome.events[{i}]"
        if (rec.kind, rec.balls, rec.cushion, rec.pocket) != \
                (ev.kind, ev.balls, ev.cushion, ev.pocket):
            raise RecordRefused(line, f"{where} = {excerpt(raw)} but the stroke simulated "
                                      f"again gives {excerpt(ev.to_json())}")
        if not abs(rec.time_s - ev.time_s) <= TIME_TOLERANCE_S:
            raise RecordRefused(line, f"{where}.time_s = {excerpt(rec.time_s)} but the stroke "
                                      f"simulated again gives {excerpt(ev.time_s)}")
        p, q = rec.position, ev.position
        if (p is None) != (q is None) or (p is not None and not math.dist(p, q)
                                          <= POSITION_TOLERANCE_M):
            raise RecordRefused(line, f"{where}.position = {excerpt(raw.get('position'))} but "
                                      f"the stroke simulated again gives {excerpt(q)}")


def _check_strike(s: StrokeRecord, human: bool) -> None:
    """What a stroke line may say about the stroke played.  A person's game (``header.human``)
    records none and claims no resting places or events (nothing to simulate them from); a
    simulated game records every stroke played, except a tush (no stroke, the balls stay).
    A stroke played gives its angles in degrees (shown) and radians (simulated): they must
    agree."""
    line, o = s.line, s.outcome.to_json()  # what the line says, as written
    if human:
        if s.strike is not None:
            raise RecordRefused(line, "strike is recorded in a person's game (header.human): "
                                      "a person's record describes strokes, it has none to "
                                      "simulate")
        for key in ("final", "events"):
            if o.get(key):
                raise RecordRefused(line, f"outcome.{key} claims positions in a person's game "
                                          f"(header.human), which has no stroke to verify "
                                          f"them by")
        return
    if s.strike is None:
        if NamedFact.TUSH not in s.facts:
            raise RecordRefused(line, "strike = null in a simulated game (header.human is not "
                                      "true): every stroke played is recorded, to be "
                                      "simulated again")
        for key in ("final", "events"):
            if o.get(key):
                raise RecordRefused(line, f"outcome.{key} claims positions for a tush, whose "
                                          f"balls do not move")
        return
    strike = s.strike.to_json()
    if "phi_rad" not in strike:
        return  # degrees only (a hand-made line): they are what is simulated
    # the radians as engine readers take them (ai.games.records.strike_from_record)
    for deg, rad, value in (("phi_deg", "phi_rad", strike["phi_rad"]),
                            ("elevation_deg", "elevation_rad", strike.get("elevation_rad", 0.0))):
        if not _is_number(value):
            raise RecordRefused(line, f"strike.{rad} = {excerpt(value)} must be a number")
        if deg not in strike:
            continue
        if not _is_number(strike[deg]):
            raise RecordRefused(line, f"strike.{deg} = {excerpt(strike[deg])} must be a number")
        if not abs(strike[deg] - math.degrees(value)) < ANGLE_TOLERANCE_DEG:
            raise RecordRefused(line, f"strike.{deg} = {excerpt(strike[deg])} disagrees with "
                                      f"strike.{rad} = {excerpt(value)} "
                                      f"({excerpt(math.degrees(value))} degrees)")


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _check_stroke(s: StrokeRecord, k: int, expected: GameState,
                  simulate: SimulateFn | None, human: bool) -> tuple[Outcome, bool]:
    """Step 2 for one stroke; returns the rules core's outcome and whether positions were
    re-simulated."""
    line = s.line
    if s.player != s.state_before.to_move or not 0 <= s.player < expected.n_sides:
        raise RecordRefused(line, f"player = {excerpt(s.player)} is not the side to move "
                                  f"({s.state_before.to_move})")
    before = s.extra.get("before") or []
    if not isinstance(before, list):
        raise RecordRefused(line, f"before = {excerpt(before)} must be a list of actions")
    for i, action in enumerate(before):
        expected = _acted(expected, action, line, f"before[{i}]")
    if s.state_before != expected or result_json(s.state_before) != result_json(expected):
        what = "the header's initial state" if k == 0 else "the state the stroke before left"
        raise RecordRefused(line, f"stroke {k + 1} does not start from {what} "
                                  f"({_state_difference(s.state_before, expected)}): a stroke "
                                  f"removed, repeated or changed")
    _check_strike(s, human)
    # ruled from the recorded facts first: that also validates the placement and the call
    # before anything is simulated; then, if it can be, simulated again and ruled from that
    out = _ruling(s, k, lambda: recorded_facts(s))
    replayed = simulate is not None and s.strike is not None
    if replayed:
        _ruling(s, k, lambda: _replayed_facts(s, simulate))
    # the story last: a stroke changed is found as such above, a story changed here
    story = story_of(s.extra)  # checked for shape when read (engine.record)
    problem = None if story is None else (
        story.disagreement(None if s.strike is None else s.strike.to_json())
        or story.call_disagreement(None if s.call is None else s.call.to_json()))
    if problem is not None:
        raise RecordRefused(line, problem)
    return out, replayed


def _acted(state: GameState, action, line: int, where: str) -> GameState:
    """An action between strokes a human game's record keeps (R11.8 warning, R14.1
    correction: :func:`engine.special.apply_action`)."""
    try:
        return apply_action(state, action)
    except EngineError as exc:
        raise RecordRefused(line, f"{where}: {exc}") from None


def _ruling(s: StrokeRecord, k: int, facts_of: Callable[[], StrokeFacts]) -> Outcome:
    """The rules core's ruling of a stroke from the facts ``facts_of()`` gives, which must be
    the recorded one (points, fouls, balls counted, scores after)."""
    line = s.line
    try:
        facts = facts_of()
        out = adjudicate(s.state_before, facts)
    except RecordRefused:
        raise
    except (EngineError, ValueError, KeyError, TypeError) as exc:
        raise RecordRefused(line, f"the rules core refuses stroke {k + 1}: {exc}") from None
    adj = out.adjudication
    o = s.outcome.to_json()  # what the line says, as written
    # what the line says happened (shown by analyze and the board) must be what the facts
    # ruled on say: an event log with a different summary beside it is a changed line
    summary = (("outcome.pocketed", o.get("pocketed", []),
                [{"ball": b, "pocket": p} for b, p in facts.pocketed]),
               ("outcome.first_contact", o.get("first_contact"), facts.first_contact),
               ("outcome.call_fulfilled", o.get("call_fulfilled"), facts.call_fulfilled),
               ("outcome.respotted", o.get("respotted", []),
                [{"ball": b, "position": list(p)} for b, p in adj.respotted]))
    for name, recorded, ruled in summary:
        if recorded != ruled:
            raise RecordRefused(line, f"{name} = {excerpt(recorded)} but the stroke's facts "
                                      f"give {excerpt(ruled)}")
    counted = o.get("counted", [])
    if not isinstance(counted, list):
        raise RecordRefused(line, f"outcome.counted = {excerpt(counted)} must be a list")
    for name, recorded, ruled in (("points", s.points, adj.points), ("fouls", s.fouls, adj.fouls),
                                  ("scores_after", s.scores_after, out.state.scores),
                                  ("outcome.counted", counted, adj.counted)):
        if tuple(recorded) != tuple(ruled):
            raise RecordRefused(line, f"{name} = {excerpt(list(recorded))} but the rules give "
                                      f"{excerpt(list(ruled))}")
    return out


def _check_result(record: GameRecord, last: GameState) -> bool:
    """Step 3; returns whether the record is unfinished."""
    n = len(record.strokes)
    line = record.result_lineno or (record.strokes[-1].line + 1 if record.strokes else 2)
    res = record.result
    if res is None:
        raise RecordRefused(line, "the record has no result line: it was cut short")
    before = res.get("before") or []
    if not isinstance(before, list):
        raise RecordRefused(line, f"before = {excerpt(before)} must be a list of actions")
    for i, action in enumerate(before):
        last = _acted(last, action, line, f"before[{i}]")
    unfinished = res.get("unfinished", False)
    if not isinstance(unfinished, bool):
        raise RecordRefused(line, f"unfinished = {excerpt(unfinished)} must be true or false")
    stopped = res.get("stopped_by")  # what stopped an unfinished game (KeyboardInterrupt, ...)
    if stopped is not None and not (unfinished and isinstance(stopped, str)
                                    and 0 < len(stopped) <= MAX_STOPPED_BY_CHARS):
        raise RecordRefused(line, f"stopped_by = {excerpt(stopped)} must be the name of what "
                                  f"stopped an unfinished game, 1 to {MAX_STOPPED_BY_CHARS} "
                                  f"characters, beside \"unfinished\": true")
    for name, recorded, actual in (("scores", res.get("scores"), list(last.scores)),
                                   ("strokes", res.get("strokes"), last.strokes_played),
                                   ("result", res.get("result"),
                                    result_json(last))):
        if recorded != actual:
            raise RecordRefused(line, f"result line {name} = {excerpt(recorded)} but after "
                                      f"the {n} stroke(s) recorded it is {excerpt(actual)}")
    # "unfinished" must be the state's: a game over is not unfinished, nor is a game not over
    # finished ("unfinished": false); a line without the field (records written before it,
    # hand-made ones) is taken from the state
    if "unfinished" in res and unfinished != (not last.game_over):
        raise RecordRefused(line, f"result line unfinished = {excerpt(unfinished)} but after "
                                  f"the {n} stroke(s) recorded the game is "
                                  + ("over" if last.game_over else "not over"))
    return not last.game_over


def verify_record(record: GameRecord, simulate: SimulateFn | None = None) -> RecordCheck:
    """Verify a record read from a file (see the module doc); raises :class:`RecordRefused`
    naming the line of the first fault.  ``simulate(state_before, strike, placement) ->
    (events, final)`` re-simulates strokes (as for :func:`engine.record.replay`); without it
    strokes are ruled from their recorded facts only."""
    state = check_header(record.header)
    human = is_human(record.header)
    replayed = 0
    for k, s in enumerate(record.strokes):
        out, sim = _check_stroke(s, k, state, simulate, human)
        replayed += sim
        state = out.state
    n = len(record.strokes)
    journal = record.is_journal  # interrupted while written: its complete strokes are checked
    unfinished = True if journal else _check_result(record, state)
    problem = seal_problem(record)
    if problem is not None:
        raise RecordRefused(*problem)
    sealed = (record.header.get(SEAL_KEY, 1) > 1 and bool(record.line_seals) if journal
              else record.result.get("sha256") is not None)  # a journal's lines seal it
    return RecordCheck(n, replayed, n - replayed, unfinished, sealed, interrupted=journal,
                       torn_line=record.torn_line if journal else 0)
